"""Markdown lesson reader: the fixture lesson (same content as kites.yaml), quiz forms, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from lesson_compare import without_lines

from narrate.errors import ContentError, strictness
from narrate.model import BulletList, Callout, Paragraph, Question, Table
from narrate.text.readers import read_lesson

FIXTURES = Path(__file__).parent.parent / "fixtures" / "lessons"


def test_markdown_fixture_equals_yaml_fixture():
    md = read_lesson(FIXTURES / "kites.md", 2)
    yml = read_lesson(FIXTURES / "kites.yaml", 2)
    assert without_lines(md) == without_lines(yml)
    assert md.source == FIXTURES / "kites.md"


def test_markdown_lines_point_into_the_file():
    lesson = read_lesson(FIXTURES / "kites.md")
    assert [s.line for s in lesson.sections] == [13, 27]
    assert [b.line for b in lesson.sections[0].blocks] == [15, 18, 23, 25]
    assert [q.line for q in lesson.quiz] == [33, 42, 46]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_callout_forms_and_plain_paragraph_questions(tmp_path):
    lesson = read_lesson(
        write(
            tmp_path,
            """# Pumps

## Kinds

> **Safety note**
> Never run a pump dry.

> [!TIP]
> Prime it first.

> Plain quote.

1. First step
2. Second step

## Check yourself

Which pump pushes water by spinning?
- [x] Centrifugal
- [ ] Piston

A pump moves _____.
Answer: water
Explanation: Mostly,
at least.

## Keep going

1. Valves
""",
        )
    )
    assert lesson.subtitle == "" and lesson.summary == ""
    assert lesson.sections[0].blocks == (
        Callout("Safety note", "Never run a pump dry.", 5),
        Callout("Tip", "Prime it first.", 8),
        Callout("Note", "Plain quote.", 11),
        BulletList(("First step", "Second step"), None, 13),
    )
    assert lesson.quiz == (
        Question("Which pump pushes water by spinning?", ("Centrifugal",), ("Centrifugal", "Piston"), line=18),
        Question("A pump moves _____.", ("water",), explanation="Mostly, at least.", line=22),
    )
    assert lesson.next_lessons == ("Valves",)


def test_question_label_heading_and_answer_line_for_options(tmp_path):
    lesson = read_lesson(
        write(
            tmp_path,
            """# Pumps

Subtitle here.

Intro paragraph.

## Kinds

Text.

## Quiz

### Question 1

Which is faster?

- slow
- fast

Answer: B

Think pause: 3 s
""",
        )
    )
    assert (lesson.subtitle, lesson.summary) == ("Subtitle here.", "Intro paragraph.")
    assert lesson.sections[0].blocks == (Paragraph("Text.", 9),)
    assert lesson.quiz == (Question("Which is faster?", ("fast",), ("slow", "fast"), think_pause_ms=3000, line=15),)


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("## Only a section\n\nText.\n", 1, "a Markdown lesson needs a '# Title' heading"),
        ("# T\n\nSub.\n", 1, "a Markdown lesson needs at least one '## Section'"),
        (
            "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Why?\n\n- [x] a\n- [x] b\n",
            9,
            "a question has more than one '[x]' option",
        ),
        (
            "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Why?\n\n- a\n- b\n\nAnswer: c\n",
            14,
            "answer 'c' is not one of the options",
        ),
        (
            "---\ntitle: T\ntitel: x\n---\n# T\n\n## S\n\nText.\n",
            3,
            "unknown key 'titel' in front matter (did you mean 'title'?)",
        ),
        ("---\nid: T T\n---\n# T\n\n## S\n\nText.\n", 2, "'id' must be made of a-z"),
        ("---\ndate: [1]\n---\n# T\n\n## S\n\nText.\n", 2, "'date' must be YYYY-MM-DD"),
        (
            "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Why?\n\n- [x] a\n\nThink pause: long\n",
            13,
            "'Think pause:' must be a number of seconds",
        ),
    ],
)
def test_errors(tmp_path, text, line, message):
    with pytest.raises(ContentError) as err:
        read_lesson(write(tmp_path, text))
    assert err.value.file.name == "lesson.md"
    assert (err.value.line, err.value.problem[: len(message)]) == (line, message)


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("# T\n\n## Empty\n\n## Full\n\nText.\n", 3, "section 'Empty' is empty"),
        ("# T\n\n## S\n\nText.\n\n## Quiz\n\n### Why?\n\nExplanation: because.\n", 9, "question has no answer"),
        ("# T\n\n## S\n\nText.\n\n## Quiz\n\n### Why?\n\n- a\n- b\n\nWhat now?\n", 9, "question has no answer"),
        ("# T\n\n## S\n\n> **Tip:**\n", 5, "callout 'Tip' has no text"),
        ("# T\n\n- a list before any section\n\n## S\n\nText.\n", 3, "a list before the first '## Section'"),
    ],
)
def test_lenient_by_default_an_error_under_strict(tmp_path, caplog, text, line, message):
    """Structure a site renders but narrate reads its own way: a warning at file:line; --strict refuses it."""
    path = write(tmp_path, text)
    read_lesson(path)
    assert any(f"lesson.md:{line}: {message}" in r.getMessage() for r in caplog.records)
    with strictness(True), pytest.raises(ContentError) as err:
        read_lesson(path)
    assert (err.value.line, err.value.problem[: len(message)]) == (line, message)


@pytest.mark.parametrize(
    ("quiz", "options", "answers", "explanation", "think_ms"),
    [
        (
            "### Which is a noble gas?\n- [ ] Nitrogen\n- [x] Neon\nExplanation: Neon is inert, unlike nitrogen.\n",
            ("Nitrogen", "Neon"),
            ("Neon",),
            "Neon is inert, unlike nitrogen.",
            None,
        ),
        ("### Which is a metal?\n- Iron\n- Sulfur\nAnswer: Iron\n", ("Iron", "Sulfur"), ("Iron",), "", None),
        (
            "### Which is a metal?\n- [x] Iron\n- [ ] Sulfur\nExplanation: Iron rusts.\nAnswer: Iron\n",
            ("Iron", "Sulfur"),
            ("Iron",),
            "Iron rusts.",
            None,
        ),
        (
            "### Which floats?\n- [ ] Lead\n- [x] Helium\n  - a nested note\nExplanation: Helium is light.\n",
            ("Lead", "Helium a nested note"),
            ("Helium a nested note",),
            "Helium is light.",
            None,
        ),
        (
            "### Which is a liquid?\n- [x] Mercury\n- [ ] Tin\nThink pause: 4\nExplanation: It melts below\nzero.\n",
            ("Mercury", "Tin"),
            ("Mercury",),
            "It melts below zero.",
            4000,
        ),
        (
            "1. Which is soft?\n   - [ ] Quartz\n   - [x] Talc\n   Explanation: Talc is the softest.\n",
            ("Quartz", "Talc"),
            ("Talc",),
            "Talc is the softest.",
            None,
        ),
    ],
)
def test_a_field_line_straight_after_the_options_is_never_part_of_an_option(
    tmp_path, quiz, options, answers, explanation, think_ms
):
    lesson = read_lesson(write(tmp_path, f"# Matter\n\n## Intro\n\nText.\n\n## Quiz\n\n{quiz}"))
    (q,) = lesson.quiz
    assert (q.options, q.answers, q.explanation, q.think_pause_ms) == (options, answers, explanation, think_ms)
    assert not any(":" in option for option in q.options)


@pytest.mark.parametrize(
    ("body", "blocks"),
    [
        (
            "<p>Batteries store <b>chemical</b> energy &amp; release it.</p>\n",
            [Paragraph("Batteries store chemical energy & release it.", 5)],
        ),
        ("<div>\nA cell has two <em>terminals</em>.\n</div>\n", [Paragraph("A cell has two terminals.", 5)]),
        (
            "<details><summary>Reveal</summary>The hidden answer is zinc.</details>\n",
            [Paragraph("Reveal.", 5), Paragraph("The hidden answer is zinc.", 5)],
        ),
        (
            "<table>\n<tr><th>Metal</th><th>Use</th></tr>\n<tr><td>Zinc</td><td>Casings</td></tr>\n</table>\n",
            [Table(("Metal", "Use"), (("Zinc", "Casings"),), 5)],
        ),
        ("<table><tr><td>Lead</td><td>Heavy</td></tr></table>\n", [Table((), (("Lead", "Heavy"),), 5)]),
        ("<p>One.</p>\n<p>Two &lt; three.</p>\n", [Paragraph("One.", 5), Paragraph("Two < three.", 5)]),
        ("<!-- a note to authors -->\n\nSaid.\n", [Paragraph("Said.", 7)]),
        ("> Quoted\n>\n> <p>and <b>bold</b></p>\n", [Callout("Note", "Quoted and bold", 5, "title.note")]),
    ],
)
def test_an_html_block_is_read_as_its_text(tmp_path, body, blocks):
    lesson = read_lesson(write(tmp_path, f"# Cells\n\n## Parts\n\n{body}"))
    assert list(lesson.sections[0].blocks) == blocks


def test_html_in_the_intro_and_the_quiz_is_read_as_its_text(tmp_path):
    text = "# Cells\n\n<p>About <b>cells</b>.</p>\n\n## Parts\n\nText.\n\n## Quiz\n\n### Which?\n- [x] Zinc\n- [ ] Glass\n\n"
    lesson = read_lesson(write(tmp_path, text + "<p>Zinc is a <i>metal</i>.</p>\n"))
    assert lesson.subtitle == "About cells."
    assert lesson.quiz[0].explanation == "Zinc is a metal."
