"""A lesson's challenges keep their place (issue 24, point 6): each is read where the author wrote it
in its section (what follows it in the section is read after it, in a chapter of the section's title),
with its think pause there, so "this program" and "the loop above" still point at
what was just heard; ``challenges: at_end`` in course.yaml moves them to the quiz after the last
section, as before. Quiz questions stay in the quiz."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.model import Chapter, Pause
from narrate.pipeline import load
from narrate.text.script import build_script

LESSON = """\
# Loops in the shell

## Repeating a command

A loop runs the same command for every file it is given.

::::::::::::::::::::::::::::::::::::: challenge

## Count the lines

Write a loop that prints how many lines each file has.

:::::::::::::::: solution

Use wc with dash l inside the loop.

:::::::::::::::::::::::::

::::::::::::::::::::::::::::::::::::::::::::::::

## Naming the loop variable

Any name works for the variable, but a clear one helps the reader.

## Check yourself

### Which command counts lines?

- [ ] ls
- [x] wc

"""


def _script(tmp_path: Path, extra: str = ""):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "course.yaml").write_text(f"title: Shell Course\n{extra}", encoding="utf-8")
    (tmp_path / "lessons" / "01-loops.md").write_text(LESSON, encoding="utf-8")
    loaded = load(tmp_path)
    return build_script(loaded.lessons[0], loaded.config)


def _chapters(script) -> list[str]:
    return [c.title for c in script.cues if isinstance(c, Chapter)]


@pytest.mark.parametrize(
    ("extra", "chapters"),
    [
        (
            "",
            [
                "Introduction",
                "Repeating a command",
                "Question 1: Count the lines",  # the challenge's own heading
                "Naming the loop variable",
                "Quiz",
                "Question 2: Which command counts lines?",
            ],
        ),
        (
            "challenges: at_end\n",
            [
                "Introduction",
                "Repeating a command",
                "Naming the loop variable",
                "Quiz",
                "Question 1: Count the lines",
                "Question 2: Which command counts lines?",
            ],
        ),
    ],
    ids=["in place (default)", "at_end"],
)
def test_a_challenge_is_read_where_the_author_put_it(tmp_path: Path, extra: str, chapters: list[str]):
    script = _script(tmp_path, extra)
    assert _chapters(script) == chapters
    thinks = [c for c in script.cues if isinstance(c, Pause) and c.kind == "think"]
    assert len(thinks) == 2  # the challenge and the quiz question, wherever they stand


def test_the_challenges_think_pause_comes_before_the_next_section(tmp_path: Path):
    cues = list(_script(tmp_path).cues)
    think = next(i for i, c in enumerate(cues) if isinstance(c, Pause) and c.kind == "think")
    naming = next(i for i, c in enumerate(cues) if isinstance(c, Chapter) and c.title == "Naming the loop variable")
    assert think < naming


MIDDLE = [
    # (where the challenge stands in its section, the chapters, what is said right after the answer)
    ("between two paragraphs", "Before it.\n\n{challenge}\nAfter it.\n",
     ["Introduction", "Loops", "Question 1: Count", "Loops (continued)", "Later"], "After it."),
    ("first in its section", "{challenge}\nAfter it.\n", ["Introduction", "Loops", "Question 1: Count", "Loops (continued)", "Later"], "After it."),
    ("last in its section", "Before it.\n\n{challenge}", ["Introduction", "Loops", "Question 1: Count", "Later"], "Later."),
]  # fmt: skip
CHALLENGE = "::::: challenge\n## Count\nHow many?\n::: solution\nThree.\n:::\n:::::\n\n"


@pytest.mark.parametrize(("body", "chapters", "next_said"), [m[1:] for m in MIDDLE], ids=[m[0] for m in MIDDLE])
def test_a_challenge_in_the_middle_of_its_section_is_asked_there(tmp_path: Path, body, chapters, next_said):
    (tmp_path / "l.md").write_text(
        "# Order\n\n## Loops\n\n" + body.format(challenge=CHALLENGE) + "\n## Later\n\nText.\n", encoding="utf-8"
    )
    loaded = load(tmp_path / "l.md")
    script = build_script(loaded.lessons[0], loaded.config)
    assert _chapters(script) == chapters
    said = [c.text for c in script.cues if hasattr(c, "text")]
    assert said[said.index("Three.") + 1] == next_said
