"""lesson_to_yaml: exact text for a small lesson, and round trips of every fixture and sample lesson."""

from __future__ import annotations

from pathlib import Path

import pytest
from lesson_compare import without_lines

from narrate.model import BulletList, Callout, Caption, Lesson, Paragraph, Question, Section
from narrate.text.readers import lesson_to_yaml, read_lesson

HERE = Path(__file__).parent.parent
SOURCES = (
    sorted((HERE / "fixtures" / "pages").glob("*.txt"))
    + sorted((HERE / "fixtures" / "lessons").iterdir())
    + sorted((HERE / "fixtures" / "dialects").iterdir())
    + sorted((HERE.parent / "content" / "lessons").iterdir())
)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_round_trip(tmp_path, source):
    lesson = read_lesson(source)
    out = tmp_path / "out.yaml"
    out.write_text(lesson_to_yaml(lesson), encoding="utf-8")
    again = read_lesson(out, lesson.number)
    assert without_lines(again) == without_lines(lesson)
    assert again.source == out
    assert _heard(again) == _heard(lesson)  # each challenge asked where the source asks it


def _heard(lesson: Lesson) -> list[list[str]]:
    """Each section as heard: its blocks' kinds, and the prompt of each challenge asked among them."""
    return [
        [i.prompt if isinstance(i, Question) else type(i).__name__ for i in items] for items in lesson.heard_sections()
    ]


def test_a_challenge_in_a_section_is_imported_where_it_is_asked(tmp_path):
    source = tmp_path / "tides.md"
    source.write_text(
        "---\ntitle: Tides\nlanguage: en\n---\n\n## Spring tides\n\nThey follow the moon.\n\n"
        "::: challenge\nWhen do they come?\n\n::: solution\nAt full and new moon.\n:::\n:::\n\n"
        "Neap tides follow.\n\n## Neap tides\n\nThey are small.\n",
        encoding="utf-8",
    )
    text = lesson_to_yaml(read_lesson(source))
    assert "quiz:" not in text
    assert "      - They follow the moon.\n      - question:\n          prompt: When do they come?\n" in text
    out = tmp_path / "tides.yaml"
    out.write_text(text, encoding="utf-8")
    assert _heard(read_lesson(out)) == [
        ["Paragraph", "When do they come?", "Paragraph"],
        ["Paragraph"],
    ]


def test_exact_yaml_text():
    lesson = Lesson(
        id="tiny",
        title="Tiny: a test",
        subtitle="Yes",
        summary="Über 2026-01-05",
        date="2026-03-01",
        think_pause_ms=2500,
        sections=(
            Section(
                "S",
                (
                    Paragraph("One."),
                    BulletList(("a", "b: c"), "List"),
                    BulletList(("x",)),
                    Callout("Tip", "Line one\nline two"),
                    Caption("Fig"),
                ),
            ),
        ),
        quiz=(Question("Pick?", ("2",), ("1", "2"), "Because.", 7000), Question("A _____ b _____.", ("x", "y"))),
        next_lessons=("Next one",),
    )
    assert (
        lesson_to_yaml(lesson)
        == """\
id: tiny
title: 'Tiny: a test'
subtitle: 'Yes'
summary: Über 2026-01-05
date: '2026-03-01'
think_pause: 2.5
sections:
  - title: S
    body:
      - One.
      - bullets:
          - a
          - 'b: c'
        title: List
      - bullets:
          - x
      - callout: Tip
        text: |-
          Line one
          line two
      - caption: Fig
quiz:
  - prompt: Pick?
    options:
      - '1'
      - '2'
    answer: '2'
    explanation: Because.
    think_pause: 7
  - prompt: A _____ b _____.
    answer:
      - x
      - y
next:
  - Next one
"""
    )
