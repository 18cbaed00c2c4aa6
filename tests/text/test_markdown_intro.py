"""Issue 13, items 2 and 4 in Markdown: intro paragraphs are narrated whatever the front matter holds;
footnote markers are silent and footnote bodies are left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.config import default_config
from narrate.model import Paragraph
from narrate.text.readers import read_lesson
from narrate.text.script import build_script, render_script

BODY = "# Sourdough\n\nA starter is flour and water.\n\nIt keeps for years.\n\n## Feeding\n\nFeed it daily.\n"

# front matter -> (subtitle, summary) the lesson gets; every intro paragraph is in one of them
INTRO = [
    ("", ("A starter is flour and water.", "It keeps for years.")),
    (
        "summary: Bread from wild yeast.\n",
        ("A starter is flour and water.", "Bread from wild yeast. It keeps for years."),
    ),
    (
        "subtitle: Wild yeast at home\n",
        ("Wild yeast at home", "A starter is flour and water. It keeps for years."),
    ),
    (
        "subtitle: Wild yeast\nsummary: A short lesson.\n",
        ("Wild yeast", "A short lesson. A starter is flour and water. It keeps for years."),
    ),
    ("summary: It keeps for years.\n", ("A starter is flour and water.", "It keeps for years.")),  # no repeat
    ("id: sourdough\ntitle: Sourdough Basics\n", ("A starter is flour and water.", "It keeps for years.")),
]


@pytest.mark.parametrize(("front", "expected"), INTRO, ids=[i[0] or "none" for i in INTRO])
def test_intro_paragraphs_are_narrated_whatever_the_front_matter_holds(tmp_path, front, expected):
    path = tmp_path / "lesson.md"
    path.write_text((f"---\n{front}---\n" if front else "") + BODY, encoding="utf-8")
    lesson = read_lesson(path)
    assert (lesson.subtitle, lesson.summary) == expected
    script = render_script(build_script(lesson, default_config("Bread", tmp_path)))
    intro = script.split("## Feeding")[0]
    for sentence in ("A starter is flour and water.", "It keeps for years."):
        assert intro.count(sentence) == 1


def test_footnote_markers_are_silent_and_bodies_read_once_after_their_paragraph(tmp_path):
    path = tmp_path / "lesson.md"
    path.write_text(
        "# Boiling\n\n## Altitude\n\nWater boils sooner up high.[^1] Pasta takes longer.[2]\n\nMore text.\n\n"
        "## Salt\n\nSalt raises the point a little[^salt].\n\n"
        "[^1]: Air pressure is lower\n    on a mountain.\n[^salt]: Only by a fraction of a degree.\n",
        encoding="utf-8",
    )
    lesson = read_lesson(path)
    altitude, salt = lesson.sections
    assert altitude.blocks == (
        Paragraph("Water boils sooner up high. Pasta takes longer. Footnote: Air pressure is lower on a mountain.", 5),
        Paragraph("More text.", 7),
    )
    assert salt.blocks == (Paragraph("Salt raises the point a little. Footnote: Only by a fraction of a degree.", 11),)
    script = render_script(build_script(lesson, default_config("Physics", Path("."))))
    assert "[^" not in script and "[2]" not in script
    assert script.count("pressure") == 1 and script.count("fraction") == 1
