"""The fast tier's end-to-end smoke build: a tiny course through the real espeak-ng and ffmpeg.

`scripts/test.sh --fast` leaves out the `e2e` builds; this one stays, so that a change which breaks
the build as a whole (lesson -> script -> speech -> encoded MP3 -> feed -> check) fails in seconds.
"""

from __future__ import annotations

import shutil

import podcastparser
import pytest
from helpers import container_ms, probe_chapters

from narrate import BuildOptions
from narrate.audio.id3 import read_chapters
from narrate.pipeline import build
from narrate.publish.check import check_output

pytestmark = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")

COURSE = {
    # espeak-ng named: the fast tier's one real build (the choice of engine is tests/speech/test_choice*.py's)
    "course.yaml": "title: Tea Basics\nbase_url: https://example.org/tea/\nlanguage: en-us\nvoice:\n  engine: pyttsx3\n",
    "lessons/01-steeping.yaml": (
        "title: Steeping\n"
        "sections:\n"
        "  - title: Water\n"
        "    body:\n"
        "      - Green tea likes water below boiling.\n"
        "quiz:\n"
        "  - prompt: Which tea likes cooler water?\n"
        "    options: [Black tea, Green tea]\n"
        "    answer: Green tea\n"
    ),
}


def test_a_tiny_course_builds_with_the_real_engine_and_ffmpeg(tmp_path):
    course = tmp_path / "course"
    for rel, text in COURSE.items():
        (course / rel).parent.mkdir(parents=True, exist_ok=True)
        (course / rel).write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = build(course, out, BuildOptions(jobs=1))

    (episode,) = result.episodes
    mp3 = out / episode.audio_file
    assert episode.audio_bytes == mp3.stat().st_size > 0
    assert abs(container_ms(mp3) - episode.duration_ms) <= 60
    chapters = probe_chapters(mp3)
    titles = ["Introduction", "Water", "Quiz", "Question 1: Which tea likes cooler water?"]
    assert [title for title, _, _ in chapters] == titles
    assert chapters[0][1] == 0 and all(a[2] == b[1] for a, b in zip(chapters, chapters[1:]))
    assert read_chapters(mp3) == episode.chapters and episode.chapters[-1].end_ms == episode.duration_ms

    script = (out / episode.files["vtt"]).read_text(encoding="utf-8")
    assert script.startswith("WEBVTT") and "Green tea likes water below boiling." in script
    with open(result.feed_file, "rb") as fh:
        (item,) = podcastparser.parse("https://example.org/tea/feed.xml", fh)["episodes"]
    assert item["title"] == "Steeping" and item["total_time"] == round(episode.duration_ms / 1000)
    assert item["enclosures"][0]["url"] == "https://example.org/tea/" + episode.audio_file
    assert [str(p) for p in check_output(out)] == []
    assert result.synthesized > 0
