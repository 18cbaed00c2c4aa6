"""Whole lesson web pages as users paste them (site navigation, boxes, exercises, code, footers): each
page below is our own, written in the layout such sites have; the lesson in it must be read and the
site around it must not."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from narrate.model import BulletList, Callout, CodeBlock
from narrate.text.readers import read_lesson

NAV = """Skip to main content
Pond Life Course
  • Light
  • Dark

Menu
  • Home
  • Episodes
  • Glossary
Search the All In One page
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Previous Next
Previous: Frogs Next: Newts
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

"""
FOOTER = """
Previous Next
Previous: Frogs Next: Newts
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

This lesson is subject to the Code of Conduct

Edit on GitHub | Contributing | Source

Cite | Contact | About

Materials licensed under CC-BY 4.0 by the authors

Built with sandpaper (1.0), pegboard (1.0), and varnish (1.0)

Back To Top
"""
HEAD = """Dragonflies

Last updated on 2024-01-01 | Edit this page

Expand All Solutions

"""
BOX = """Overview

Questions

  • How does a dragonfly hunt?

Objectives

  • Describe the life cycle of a dragonfly.

"""
BODY = """Dragonflies spend most of their lives under water as nymphs. They hunt small animals there.

An adult dragonfly catches insects in flight. It can fly backwards and hover in one place.

"""
KEYPOINTS = """Key Points

  • Nymphs live under water.
  • Adults hunt in flight.
"""
CHALLENGE = """Challenge

Count the Wings

How many wings does an adult dragonfly have, and how do they move?

Show me the solution

Four wings, and each pair can move on its own.

"""
DISCUSSION = """Discussion

Watching a Pond

Spend ten minutes at a pond and note every insect you see flying over the water.

"""
CODE = """We can count the sightings with a short query:

SQL

 SELECT species, COUNT(*) FROM sightings GROUP BY species;

OUTPUT

species      count
emperor      4
darter       9

The darters were the most common species on that day.

"""
CALLOUT = """Callout

Wing Speed

Some dragonflies beat their wings thirty times a second, slower than a house fly.

"""


def page(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "dragonflies.txt"
    path.write_text(text, encoding="utf-8")
    return path


def script_text(lesson) -> str:
    parts = [lesson.title, lesson.subtitle, lesson.summary]
    for section in lesson.sections:
        parts.append(section.title)
        shown = [b for b in section.blocks if not isinstance(b, CodeBlock)]  # code: in the show notes only
        parts.extend(str(v) for block in shown for v in vars(block).values())
    for q in lesson.quiz:
        parts.extend([q.prompt, *q.answers, q.explanation])
    return "\n".join(parts)


CASES = [
    # (id, page text, title, section titles, open questions, warning fragments)
    ("navigation-before-title", NAV + HEAD + BODY, "Dragonflies", ["Dragonflies"], 0, ["lines of site navigation"]),
    ("questions-box-is-the-overview", HEAD + BOX + BODY, "Dragonflies", ["Overview", "Dragonflies"], 0, []),
    ("keypoints-box-last", HEAD + BODY + KEYPOINTS, "Dragonflies", ["Dragonflies", "Key points"], 0, []),
    ("footer-dropped", HEAD + BODY + FOOTER, "Dragonflies", ["Dragonflies"], 0, ["lines of site footer"]),
    ("challenge-with-solution", HEAD + BODY + CHALLENGE, "Dragonflies", ["Dragonflies"], 1, []),
    (
        "discussion-without-solution",
        HEAD + BODY + DISCUSSION,
        "Dragonflies",
        ["Discussion: Watching a Pond"],
        0,
        ["has no solution"],
    ),
    ("code-is-a-code-block", HEAD + BODY + CODE, "Dragonflies", ["Dragonflies"], 0, []),
    ("callout-box", HEAD + BODY + CALLOUT, "Dragonflies", ["Dragonflies"], 0, []),
    (
        "whole-carpentries-page",
        NAV + HEAD + BOX + BODY + CODE + CALLOUT + CHALLENGE + DISCUSSION + KEYPOINTS + FOOTER,
        "Dragonflies",
        ["Overview", "Dragonflies", "Discussion: Watching a Pond", "Key points"],
        1,
        ["lines of site navigation", "lines of site footer", "has no solution"],
    ),
    (
        "sphinx-sidebar-then-questions",
        "Pond Life\n[          ]\nThe lesson\n\n  • Frogs\n  • Dragonflies\n  • Newts\n"
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\nDragonflies\n\n" + BOX[len("Overview\n\n") :] + BODY,
        "Dragonflies",
        ["Overview", "Dragonflies"],
        0,
        ["lines of site navigation"],
    ),
    (
        "book-sidebar-permalink-title",
        "Toggle navigation sidebar\n[ ]\nPond Life\n\n  • Frogs\n  • Dragonflies\n"
        "  • Newts\n\nDragonflies#\n\n" + BODY + "previous\n\nFrogs\n\nnext\n\nNewts\n\nBy Ana Ruiz\n",
        "Dragonflies",
        ["Dragonflies"],
        0,
        ["lines of site navigation", "lines of site footer"],
    ),
    (
        "lesson-without-site-is-untouched",
        HEAD.replace("Last updated on 2024-01-01 | Edit this page\n\n", "").replace("Expand All Solutions\n\n", "")
        + BODY,
        "Dragonflies",
        ["Dragonflies"],
        0,
        [],
    ),
]


@pytest.mark.parametrize(
    ("text", "title", "sections", "questions", "warnings"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_pasted_page(tmp_path, caplog, text, title, sections, questions, warnings):
    with caplog.at_level(logging.WARNING, logger="narrate"):
        lesson = read_lesson(page(tmp_path, text))
    said = script_text(lesson)
    assert lesson.title == title
    assert [s.title for s in lesson.sections] == sections
    assert sum(q.open for q in lesson.quiz) == questions
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for fragment in warnings:
        assert fragment in logged
    if not warnings:
        assert "navigation" not in logged and "footer" not in logged
    for chrome in (
        "Skip to",
        "Menu",
        "Previous",
        "Edit this page",
        "Last updated",
        "Expand All",
        "Code of Conduct",
        "licensed",
        "Built with",
        "Back To Top",
        "Show me the solution",
        "Search the",
        "SELECT",
        "Callout\n",
    ):
        assert chrome not in said, chrome
    assert "Dragonflies spend most of their lives under water" in said  # the lesson itself is all there


def test_overview_box_lists_and_roles(tmp_path):
    lesson = read_lesson(page(tmp_path, NAV + HEAD + BOX + BODY + KEYPOINTS))
    overview, _, keypoints = lesson.sections
    assert overview.role == "title.overview" and keypoints.role == "title.keypoints"
    assert overview.blocks == (
        BulletList(("How does a dragonfly hunt?",), "Questions", 24, "title.questions"),
        BulletList(("Describe the life cycle of a dragonfly.",), "Objectives", 28, "title.objectives"),
    )
    assert not lesson.quiz  # a Questions box is never a quiz


def test_code_and_output_go_to_the_show_notes(tmp_path):
    lesson = read_lesson(page(tmp_path, HEAD + BODY + CODE))
    blocks = lesson.sections[0].blocks
    code = [b for b in blocks if isinstance(b, CodeBlock)]
    assert len(code) == 1 and "SELECT species" in code[0].code and code[0].language == "sql"
    assert "The darters were the most common species on that day." in script_text(lesson)


def test_challenge_is_an_open_question_with_its_solution(tmp_path):
    lesson = read_lesson(page(tmp_path, HEAD + BODY + CHALLENGE))
    (q,) = lesson.quiz
    assert q.open and q.prompt.startswith("Count the Wings. How many wings")
    assert q.answers == ("Four wings, and each pair can move on its own.",)


def test_callout_box_is_a_callout(tmp_path):
    lesson = read_lesson(page(tmp_path, HEAD + BODY + CALLOUT))
    assert lesson.sections[0].blocks[-1] == Callout(
        "Wing Speed", "Some dragonflies beat their wings thirty times a second, slower than a house fly.", 11
    )
