"""Golden narration scripts for the sample course and the test pages.

Refresh after an intended change:  NARRATE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/text/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

import helpers
import pytest

import narrate

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent.parent / "fixtures" / "golden"
SOURCES = sorted((ROOT / "content" / "lessons").glob("*")) + sorted(
    (Path(__file__).parent.parent / "fixtures" / "pages").glob("*.txt")
)


def lesson_script_text(source: Path) -> str:
    """What ``narrate script SOURCE`` prints, through the public API."""
    return narrate.script_text(source)


@pytest.mark.parametrize("source", SOURCES, ids=[p.name for p in SOURCES])
def test_script_matches_golden(source: Path):
    text = lesson_script_text(source)
    helpers.assert_matches_golden(text, GOLDEN / f"{source.stem}.script.txt")


def test_scripts_never_show_glyphs_or_chrome():
    for source in SOURCES:
        text = lesson_script_text(source)
        for bad in ("•", "_", "ยท", "â€", "Start this course", "Free sample lesson", "Keep going"):
            assert bad not in text, (source.name, bad)
