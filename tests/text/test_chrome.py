"""Issue 13, item 3: page chrome is dropped wherever it sits, named in one warning line per lesson,
and `narrate import` never writes YAML that narrate then rejects."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrate.config import default_config
from narrate.errors import ContentError
from narrate.pipeline import warn_dropped
from narrate.text.chrome import chrome_kind
from narrate.text.readers import lesson_to_yaml, read_lesson
from narrate.text.readers.yaml_lesson import read_yaml_lesson
from narrate.text.script import build_script, render_script

CHROME = [
    ("Skip to main content", "navigation"),
    ("Menu", "navigation"),
    ("Back to top", "navigation"),
    ("Sign in", "sign-in"),
    ("Log in or sign up", "sign-in"),
    ("Create a free account", "sign-in"),
    ("Share", "sharing"),
    ("Tweet", "sharing"),
    ("Facebook | Twitter | Email", "sharing"),
    ("Share on LinkedIn", "sharing"),
    ("5 min read", "reading time"),
    ("Reading time: 12 minutes", "reading time"),
    ("Cookie settings", "cookies"),
    ("Accept all cookies", "cookies"),
    ("We use cookies to improve your experience.", "cookies"),
    ("Advertisement", "advertising"),
    ("Story continues below advertisement", "advertising"),
    ("Sponsored", "advertising"),
    ("Subscribe to our newsletter", "newsletter"),
    ("Enter your email address", "newsletter"),
    ("Home > Biology > Photosynthesis", "breadcrumb"),
    ("Home / Baking", "breadcrumb"),
    ("Courses › Chemistry › Acids", "breadcrumb"),
    ("Share this article", "sharing"),
    ("Follow us on Instagram", "sharing"),
    ("By Ana Ruiz · 5 min read", "reading time"),
    ("Updated 3 March 2024 | 7 min read", "reading time"),
    ("Sign in | Subscribe", "sign-in"),
]

NOT_CHROME = [
    "How Plants Share Sugar",
    "Leaves share their sugar with the roots through the phloem.",
    "Why cookies spread in the oven",
    "Reading the recipe",
    "Sign language",
    "Heat > 100 degrees means boiling.",
    "Menus of a bakery are short.",
    "Register the dough's temperature before shaping it, then write it down.",
    "Flour · Water · Salt",
    "Share the dough into four equal pieces.",
    "Free sample lesson · Bread Basics",  # the header's own rule names it "site"
]


@pytest.mark.parametrize(("line", "kind"), CHROME, ids=[c[0] for c in CHROME])
def test_chrome_lines_are_recognised(line, kind):
    assert chrome_kind(line) == kind
    assert chrome_kind(f"  • {line}  ") == kind


@pytest.mark.parametrize("line", NOT_CHROME)
def test_lesson_lines_are_not_chrome(line):
    assert chrome_kind(line) is None


PAGE = """Skip to main content
Menu
Sign in
Home > Baking > Bread
How Bread Rises
5 min read
Share

Yeast eats sugar and breathes out gas.

What Yeast Does
Yeast turns sugar into carbon dioxide. The gas fills little pockets in the dough.
Tweet

Advertisement

Why Salt Matters
Salt slows the yeast down. A slower rise gives a better taste.

Cookie settings
Subscribe to our newsletter
"""


def _page(tmp_path: Path, text: str = PAGE, name: str = "bread.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_chrome_is_dropped_everywhere_and_named(tmp_path):
    lesson = read_lesson(_page(tmp_path))
    assert lesson.title == "How Bread Rises"
    assert [s.title for s in lesson.sections] == ["What Yeast Does", "Why Salt Matters"]
    script = render_script(build_script(lesson, default_config(lesson.title, tmp_path)))
    for chrome in ("Skip", "Menu", "Sign in", "Share", "Tweet", "min read", "Advertisement", "Cookie", "newsletter"):
        assert chrome not in script
    assert "Figure" not in script
    assert lesson.dropped == (
        'navigation "Skip to main content" (line 1)',
        'navigation "Menu" (line 2)',
        'sign-in "Sign in" (line 3)',
        'breadcrumb "Home > Baking > Bread" (line 4)',
        'reading time "5 min read" (line 6)',
        'sharing "Share" (line 7)',
        'sharing "Tweet" (line 13)',
        'advertising "Advertisement" (line 15)',
        'cookies "Cookie settings" (line 20)',
        'newsletter "Subscribe to our newsletter" (line 21)',
    )


ONE_LINE = [  # (--verbose, the page, the warning after the file's name)
    (False, PAGE, "dropped 10 lines of site navigation; --verbose lists them"),
    (False, "Title\n\nHeading\nText here.\nTweet\n", "dropped 1 line of site navigation; --verbose lists them"),
    (True, "Title\n\nHeading\nText here.\nTweet\n", 'dropped page chrome: sharing "Tweet" (line 5)'),
    (True, PAGE, 'dropped page chrome: navigation "Skip to main content" (line 1), navigation "Menu" (line 2), '),
]


@pytest.mark.parametrize(("verbose", "text", "said"), ONE_LINE)
def test_the_warning_is_one_short_line_per_lesson_and_the_list_only_when_verbose(tmp_path, caplog, verbose, text, said):
    clean = read_lesson(_page(tmp_path, "Title\n\nHeading\nText here.\n", "clean.txt"))
    with caplog.at_level(logging.WARNING, logger="narrate"):
        warn_dropped([read_lesson(_page(tmp_path, text)), clean], verbose=verbose)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1
    assert lines[0].startswith(f"{tmp_path / 'bread.txt'}: {said}")
    assert len(lines[0]) < len(f"{tmp_path / 'bread.txt'}") + 70 or verbose


def test_narrate_script_prints_no_chrome_and_no_warning(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "narrate", "script", str(_page(tmp_path))], capture_output=True, text=True, check=True
    )
    assert "Tweet" not in done.stdout and "Menu" not in done.stdout and "Warning" not in done.stderr


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("flags", "said"),
    [
        ([], "dropped 3 lines of site navigation; --verbose lists them"),
        (
            ["--verbose"],
            'dropped page chrome: navigation "Skip to main content" (line 1), navigation "Menu" (line 2), '
            'sharing "Tweet" (line 7)',
        ),
    ],
)
def test_build_prints_one_warning_line_per_lesson(tmp_path, flags, said):
    page = _page(tmp_path, "Skip to main content\nMenu\nHow Bread Rises\n\nWhat Yeast Does\nYeast makes gas.\nTweet\n")
    build = ["build", str(page), "-o", str(tmp_path / "out"), "-q", "--engine", "pyttsx3", *flags]
    done = subprocess.run(
        [sys.executable, "-m", "narrate", *build],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NARRATE_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert [line for line in done.stderr.splitlines() if line.startswith("Warning")] == [f"Warning: {page}: {said}"]
    assert "Tweet" not in (tmp_path / "out" / "feed.xml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "text",
    [
        PAGE,
        "Title\n\nFirst heading\nShare\n\nSecond heading\nSome text.\n",  # a heading left empty by chrome
        "Title\nSubtitle?\n\nOnly heading\nTweet\n\nLast heading\nBody text.\n\nEmpty at the end\n",
        "Title\n\nHeading\nText with <b>bold</b> &amp; a note.[1]\n\nOther\nThe dough will ex-\npand.\n",
        "Title\n\nA\nB\nC\nText.\n",
    ],
)
def test_import_never_writes_yaml_that_narrate_rejects(tmp_path, text):
    lesson = read_lesson(_page(tmp_path, text))
    yaml_text = lesson_to_yaml(lesson)
    again = read_yaml_lesson(tmp_path / "again.yaml", text=yaml_text)
    assert all(s.blocks for s in again.sections)
    assert (
        "<b>" not in yaml_text and "&amp;" not in yaml_text and "[1]" not in yaml_text and "ex- pand" not in yaml_text
    )


_LINES = [
    "",
    "",
    "Share",
    "Menu",
    "5 min read",
    "Home > Baking > Bread",
    "<br>",
    "&nbsp;",
    "[1]",
    "Bread Basics",
    "Why Dough Rises",
    "Yeast turns sugar into gas.",
    "The dough will ex-",
    "pand slowly.",
    "  • Flour",
    "  • <b>Water</b>",
    "Check yourself",
    "What makes dough rise?",
    "  • Yeast",
    "  • Salt",
    "Answer: Yeast",
    "Keep going",
    "  1. Shaping Loaves",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_LINES), min_size=1, max_size=25))
def test_import_of_any_page_is_valid_yaml_or_one_clear_error(tmp_path, lines):
    path = _page(tmp_path, "\n".join(lines) + "\n", "fuzz.txt")
    try:
        lesson = read_lesson(path)
    except ContentError:
        return  # the page is refused with one clear error: nothing is written
    again = read_yaml_lesson(tmp_path / "again.yaml", text=lesson_to_yaml(lesson))
    assert again.title == lesson.title and all(s.blocks for s in again.sections)
