"""Chapters that say what they hold (issue 28, part 2): a question's chapter is titled from its prompt
(cut at a word boundary) or from the author's ``title:``, in the MP3 (ID3 CHAP/CTOC, read by ffprobe),
the JSON chapters, the feed's show notes and the preview; the audiobook M4B holds every section and
question of every lesson, each under its lesson's title.

One real build (espeak-ng and ffmpeg) of a two-lesson course with a quiz.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from helpers import probe_chapters
from mutagen.mp4 import MP4

from narrate import BuildOptions
from narrate.audio.id3 import read_chapters
from narrate.pipeline import build
from narrate.publish.feed import clock

pytestmark = pytest.mark.e2e  # builds audio with espeak-ng and ffmpeg

COURSE = {
    "course.yaml": (
        "title: Bread Basics\nbase_url: https://example.org/bread/\nlanguage: en-us\nvoice:\n  engine: pyttsx3\n"
    ),
    "lessons/01-dough.yaml": (
        "title: Dough\n"
        "sections:\n"
        "  - title: Kneading\n"
        "    body: [Kneading builds gluten.]\n"
        "  - title: Resting\n"
        "    body: [Resting lets the gluten relax.]\n"
        "quiz:\n"
        "  - prompt: Which test shows gluten is developed?\n"
        "    options: [The float test, The windowpane test]\n"
        "    answer: The windowpane test\n"
        "  - prompt: After kneading for ten minutes by hand on a floured board, what should the dough feel like "
        "when you press it gently with one finger?\n"
        "    answer: springy\n"
        "  - prompt: Dough rises because yeast makes _____.\n"
        "    title: What makes dough rise\n"
        "    answer: gas\n"
    ),
    "lessons/02-oven.yaml": (
        "title: Oven\nsections:\n  - title: Heat\n    body: [A hot oven sets the crust.]\n"
        "quiz:\n  - prompt: Is steam useful in the oven?\n    options: ['Yes', 'No']\n    answer: 'Yes'\n"
    ),
}

DOUGH = [
    "Introduction",
    "Kneading",
    "Resting",
    "Quiz",
    "Question 1: Which test shows gluten is developed?",
    "Question 2: After kneading for ten minutes by hand on a floured board…",  # cut at a word, ≤ 60 characters
    "Question 3: What makes dough rise",  # the author's title:
]
OVEN = ["Introduction", "Heat", "Quiz", "Question 1: Is steam useful in the oven?"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("chapter-titles")
    for rel, text in COURSE.items():
        (root / "course" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "course" / rel).write_text(text, encoding="utf-8")
    return build(root / "course", root / "out", BuildOptions(audiobook=True, jobs=1))


def test_mp3_chapters_are_titled_by_their_questions(built):
    dough, oven = built.episodes
    for episode, titles in ((dough, DOUGH), (oven, OVEN)):
        mp3 = built.out_dir / episode.audio_file
        assert [title for title, _, _ in probe_chapters(mp3)] == titles
        assert read_chapters(mp3) == episode.chapters
    assert len("After kneading for ten minutes by hand on a floured board…") <= 60


def test_json_chapters_show_notes_and_preview_carry_the_titles(built):
    dough = built.episodes[0]
    document = json.loads((built.out_dir / dough.files["chapters"]).read_text(encoding="utf-8"))
    assert [c["title"] for c in document["chapters"]] == DOUGH
    feed = html.unescape((built.out_dir / "feed.xml").read_text(encoding="utf-8"))
    listed = re.findall(r"<li>(\d\d:\d\d:\d\d) ([^<]+)</li>", feed)  # the show notes' chapter list
    assert listed[: len(DOUGH)] == [(clock(m.start_ms), m.title) for m in dough.chapters]
    assert [title for _, title in listed[: len(DOUGH)]] == DOUGH
    page = html.unescape((built.out_dir / "episodes" / "01-dough.html").read_text(encoding="utf-8"))
    for title in DOUGH[4:]:
        assert title in page


def test_audiobook_lists_every_section_and_question_under_its_lesson(built):
    dough, oven = built.episodes
    book = built.out_dir / "bread-basics.m4b"
    chapters = probe_chapters(book)
    titles = ["Dough"] + [f"Dough - {t}" for t in DOUGH[1:]] + ["Oven"] + [f"Oven - {t}" for t in OVEN[1:]]
    assert [title for title, _, _ in chapters] == titles
    assert [c.title for c in MP4(str(book)).chapters] == titles  # the Nero chpl atom (mutagen) says the same
    assert chapters[0][1] == 0 and all(a[2] == b[1] for a, b in zip(chapters, chapters[1:]))
    oven_start = chapters[len(DOUGH)][1]
    assert abs(oven_start - (dough.duration_ms + 2000)) <= 1  # the lesson gap belongs to the lesson before
    assert [c[1] for c in chapters[: len(DOUGH)]] == [m.start_ms for m in dough.chapters]
    assert [c[1] - oven_start for c in chapters[len(DOUGH) :]] == [m.start_ms for m in oven.chapters]
    assert abs(chapters[-1][2] - oven_start - oven.duration_ms) <= 1
