"""Property tests (hypothesis): hostile text never crashes a reader or makes a bad script.

- Readers (YAML lesson, Markdown, text page): any Unicode text, and any bytes, give a ``Lesson`` or a
  ``ContentError`` (one line, with the file), never another exception.
- Script: for any lesson a reader accepts, every ``Say`` cue has something pronounceable (a letter
  or digit), and no chapter is empty.
- Spoken-text normalisation: for plain words (words it leaves unchanged on their own), no word is
  dropped from a paragraph and their order is kept.

Example counts stay moderate (200 each, no deadline) so CI stays fast.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrate.config import CourseConfig
from narrate.errors import ContentError
from narrate.model import BulletList, Callout, Chapter, Lesson, Paragraph, Question, Say, Section
from narrate.text.normalize import spoken
from narrate.text.readers import read_lesson
from narrate.text.script import build_script

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CONFIG = CourseConfig(title="Fuzz Course")
_WORKDIR = tempfile.TemporaryDirectory(prefix="narrate-fuzz-")
PRONOUNCEABLE = re.compile(r"[^\W_]")

# Fragments that steer random text into the readers' syntax (headings, lists, quiz fields, YAML).
FRAGMENTS = [
    "# ",
    "## ",
    "### ",
    "- ",
    "* ",
    "1. ",
    "> ",
    "> **Tip:** ",
    "- [x] ",
    "- [ ] ",
    "---",
    "...",
    "```",
    "Answer: ",
    "Explanation: ",
    "Think pause: 7",
    "Check yourself",
    "Keep going",
    "Quiz",
    "Next",
    "title: ",
    "id: ",
    "sections:",
    "  - title: ",
    "    body:",
    "      - ",
    "quiz:",
    "  - prompt: ",
    "    options: [",
    "]",
    "    answer: ",
    "bullets: ",
    "callout: ",
    "caption: ",
    "next: ",
    "date: ",
    "&a ",
    "*a",
    "!!str ",
    "? ",
    ": ",
    "{",
    "}",
    "[",
    "|",
    ">-",
    "\t",
    "_____",
    "•",
    "·",
    "Lesson 3 of the ",
    "What is it?",
    "Free sample lesson · ",
    "Start this course free",
    "e.g.",
    "3.5 km/h",
    "10%",
    "$5",
    "\u200b",
    "\ufeff",
    "\u202e",
    "🙂",
    "Ω",
    "日本語",
    "ﷺ",
    "\r",
    "\r\n",
    "\x0c",
]
structured_text = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12), st.just("\n")), max_size=60).map(
    "".join
)
line = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=30)
# A Markdown lesson head that the reader accepts, then anything.
markdown_text = st.tuples(line, line, structured_text).map(lambda t: f"# {t[0]}x\n\n## {t[1]}y\n\nBody.\n\n{t[2]}")
# A YAML lesson with random text in every value (dumped, so it is valid YAML), sometimes with a tail.
yaml_lesson = st.fixed_dictionaries(
    {
        "title": line,
        "sections": st.lists(
            st.fixed_dictionaries({"title": line, "body": st.lists(line, min_size=1, max_size=3)}),
            min_size=1,
            max_size=3,
        ),
    },
    optional={
        "id": st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8})?", fullmatch=True),
        "subtitle": line,
        "summary": line,
        "next": st.lists(line, max_size=2),
        "quiz": st.lists(
            st.fixed_dictionaries({"prompt": line, "answer": line}, optional={"options": st.lists(line, max_size=3)}),
            max_size=2,
        ),
    },
)
yaml_text = st.tuples(yaml_lesson, st.just("") | structured_text).map(
    lambda t: yaml.safe_dump(t[0], allow_unicode=True) + t[1]
)
any_text = st.one_of(st.text(max_size=400), structured_text, markdown_text, yaml_text)


def read(data: str | bytes, suffix: str) -> Lesson | None:
    path = Path(_WORKDIR.name) / f"01-fuzz{suffix}"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8", errors="surrogatepass")
    try:
        lesson = read_lesson(path, 1)
    except ContentError as exc:
        message = exc.format_message()
        assert "\n" not in message and "01-fuzz" in message, message
        return None
    assert isinstance(lesson, Lesson)
    return lesson


def assert_good_script(lesson: Lesson) -> None:
    script = build_script(lesson, CONFIG)
    says_in_chapter = None
    for cue in script.cues:
        if isinstance(cue, Chapter):
            assert says_in_chapter != 0, f"empty chapter before {cue.title!r}"
            says_in_chapter = 0
        elif isinstance(cue, Say):
            assert PRONOUNCEABLE.search(cue.text), f"nothing to say in {cue.text!r}"
            says_in_chapter = (says_in_chapter or 0) + 1
    assert says_in_chapter != 0, "empty last chapter"
    assert script.says()


@pytest.mark.e2e
@SETTINGS
@given(text=any_text, suffix=st.sampled_from([".yaml", ".md", ".txt"]))
def test_readers_accept_or_refuse_any_text(text, suffix):
    lesson = read(text, suffix)
    if lesson is not None:
        assert_good_script(lesson)


@SETTINGS
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".yaml", ".md", ".txt"]))
def test_readers_accept_or_refuse_any_bytes(data, suffix):
    lesson = read(data, suffix)
    if lesson is not None:
        assert_good_script(lesson)


# ---------------------------------------------------------------- script from any lesson content

hostile = st.text(min_size=1, max_size=80)


@st.composite
def lessons(draw) -> Lesson:
    blocks = draw(
        st.lists(
            st.one_of(
                hostile.map(Paragraph),
                st.builds(BulletList, st.lists(hostile, min_size=1, max_size=4).map(tuple), st.none() | hostile),
                st.builds(Callout, hostile, hostile),
            ),
            min_size=1,
            max_size=4,
        )
    )
    sections = draw(st.lists(st.builds(Section, hostile, st.just(tuple(blocks))), min_size=1, max_size=3))
    options = draw(st.lists(hostile, max_size=4, unique=True))
    answer = draw(st.sampled_from(options)) if options else draw(hostile)
    quiz = draw(
        st.lists(st.builds(Question, hostile, st.just((answer,)), st.just(tuple(options)), hostile), max_size=2)
    )
    return Lesson(
        id="fuzz",
        title=draw(hostile),
        sections=tuple(sections),
        quiz=tuple(quiz),
        subtitle=draw(st.just("") | hostile),
        summary=draw(st.just("") | hostile),
        next_lessons=tuple(draw(st.lists(hostile, max_size=3))),
        number=draw(st.integers(0, 120)),
    )


@pytest.mark.e2e
@SETTINGS
@given(lesson=lessons())
def test_script_never_has_an_unpronounceable_cue_or_empty_chapter(lesson):
    script = build_script(lesson, CONFIG)
    for cue in script.cues:
        if isinstance(cue, Say):
            assert PRONOUNCEABLE.search(cue.text), cue
    chapters = [i for i, c in enumerate(script.cues) if isinstance(c, Chapter)] + [len(script.cues)]
    for start, end in zip(chapters, chapters[1:]):
        assert any(isinstance(c, Say) for c in script.cues[start:end]), script.cues[start]


# ---------------------------------------------------------------- no word dropped

plain_word = st.from_regex(r"[A-Za-z]{1,12}", fullmatch=True).filter(
    lambda w: spoken(w) == w and spoken(w + ".") == w + "."  # "Jr." is an abbreviation: "Junior."
)


@pytest.mark.e2e
@SETTINGS
@given(words=st.lists(plain_word, min_size=1, max_size=40))
def test_no_plain_word_is_dropped(words):
    paragraph = " ".join(words) + "."
    lesson = Lesson(id="words", title="Words", sections=(Section("Part", (Paragraph(paragraph),)),))
    said = " ".join(c.text for c in build_script(lesson, CONFIG).cues if isinstance(c, Say))
    heard = re.findall(r"[A-Za-z]+", said.split("Part.", 1)[1])
    assert [w.casefold() for w in heard] == [w.casefold() for w in words]
