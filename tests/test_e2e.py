"""End to end, with the real default speech engine (pyttsx3 → espeak-ng) and ffmpeg.

Builds the sample course in content/ and a text page in the shape of a pasted lesson page, then
checks what a listener's podcast app would see.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import podcastparser
import pytest
from click.testing import CliRunner
from helpers import container_ms, probe_chapters

from narrate import BuildOptions
from narrate.audio.id3 import read_chapters
from narrate.cli import main
from narrate.pipeline import build
from narrate.publish.check import check_output
from narrate.text.script import question_title

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path(__file__).parent / "fixtures" / "pages" / "tides-lesson-02.txt"
ESPEAK = "pyttsx3"
"""The sample course names no engine (a newcomer hears the best installed voice); these tests of the
build name espeak-ng, the one every machine has (the choice is tests/speech/test_choice*.py's)."""


@pytest.fixture(scope="module")
def course_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("course_out")
    return build(ROOT / "content", out, BuildOptions(review=True, engine=ESPEAK))


def test_sample_course_builds_chaptered_episodes(course_build):
    result = course_build
    lessons = sorted((ROOT / "content" / "lessons").iterdir())
    assert len(lessons) == 3
    assert [e.lesson.id for e in result.episodes][-1] == "review"  # the course-review bonus episode
    assert len(result.episodes) == 4
    for episode in result.episodes:
        mp3 = result.out_dir / episode.audio_file
        chapters = probe_chapters(mp3)
        assert len(chapters) >= 4
        starts = [start_ms for _, start_ms, _ in chapters]
        assert starts == sorted(starts) and starts[0] == 0
        for a, b in zip(chapters, chapters[1:]):
            assert a[2] == b[1]  # contiguous
        titles = [title for title, _, _ in chapters]
        assert titles[0] == "Introduction" and any(t.startswith("Question 1: ") for t in titles)
        assert episode.bonus or "Quiz" in titles
        # ID3 chapters equal the build's timing, and the last chapter ends at the audio's end
        assert read_chapters(mp3) == episode.chapters
        assert episode.chapters[-1].end_ms == episode.duration_ms
        assert abs(container_ms(mp3) - episode.duration_ms) <= 60
        vtt = (result.out_dir / episode.files["vtt"]).read_text(encoding="utf-8")
        assert vtt.startswith("WEBVTT") and "-->" in vtt
        assert episode.audio_bytes == mp3.stat().st_size


def test_feed_parses_with_every_enclosure_exact(course_build):
    result = course_build
    with open(result.feed_file, "rb") as fh:
        feed = podcastparser.parse("https://example.org/batteries/feed.xml", fh)
    assert feed["title"] == "How Batteries Work"
    assert len(feed["episodes"]) == 4
    for item, episode in zip(sorted(feed["episodes"], key=lambda e: e["published"]), result.episodes):
        enclosure = item["enclosures"][0]
        assert enclosure["url"] == "https://example.org/batteries/" + episode.audio_file
        assert enclosure["file_size"] == (result.out_dir / episode.audio_file).stat().st_size
        assert item["total_time"] == round(episode.duration_ms / 1000)
        assert item["title"] == episode.lesson.title


def test_review_episode_asks_every_question_and_is_a_bonus(course_build):
    review = course_build.episodes[-1]
    questions = sum(len(e.lesson.quiz) for e in course_build.episodes[:-1])
    prompts = [q for e in course_build.episodes[:-1] for q in e.lesson.quiz]
    titled = [f"Question {n}: {question_title(q)}" for n, q in enumerate(prompts, 1)]  # titled as in their lessons
    assert len(titled) == questions and [c.title for c in review.chapters] == ["Introduction"] + titled
    assert titled[0] == "Question 1: Which part of a cell lets ions pass but blocks electrons?"
    assert sum(1 for c in review.cue_times if c.kind == "think") == questions
    feed = course_build.feed_file.read_text(encoding="utf-8")
    assert feed.count("<itunes:episodeType>bonus</itunes:episodeType>") == 1


def test_spoken_text_is_heard_in_order_with_think_pauses(course_build):
    episode = course_build.episodes[0]
    says = [c for c in episode.cue_times if c.kind == "say"]
    assert says[0].text == "How Batteries Work." and says[0].start_ms == 0
    thinks = [i for i, c in enumerate(episode.cue_times) if c.kind == "think"]
    assert len(thinks) == len(episode.lesson.quiz) == 2
    for i in thinks:
        before, pause, after = episode.cue_times[i - 1], episode.cue_times[i], episode.cue_times[i + 1]
        assert before.text.startswith("Question ")
        assert after.text.startswith("The answer")
        assert pause.end_ms - pause.start_ms >= 5000
        assert before.end_ms == pause.start_ms and pause.end_ms == after.start_ms


def test_rebuild_uses_the_cache_and_gives_the_same_feed(course_build, tmp_path):
    again = build(ROOT / "content", tmp_path, BuildOptions(review=True, engine=ESPEAK))
    assert again.synthesized == 0
    assert again.feed_file.read_bytes() == course_build.feed_file.read_bytes()


def test_text_page_builds_an_episode_with_every_question(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["build", str(PAGE), "-o", str(tmp_path), "-q", "--engine", ESPEAK])
    assert result.exit_code == 0, result.output
    mp3s = list((tmp_path / "episodes").glob("*.mp3"))
    assert len(mp3s) == 1
    titles = [title for title, _, _ in probe_chapters(mp3s[0])]
    assert titles[:1] == ["Introduction"]
    assert [t for t in titles if t.startswith("Question")] == [
        "Question 1: Most coasts see two high tides in about …",
        "Question 2: When the Sun and Moon line up they cause a … tide, and when…",
        "Question 3: Why is there a high tide on the side of Earth facing away…",
    ]
    script = (tmp_path / "episodes" / mp3s[0].name.replace(".mp3", ".script.txt")).read_text(encoding="utf-8")
    assert script.count("(think pause") == 3
    assert "The answer is option A: twenty-four hours and fifty minutes." in script
    for bad in ("•", "_", "ยท", "Start this course", "Free sample lesson"):
        assert bad not in script
    assert [str(p) for p in check_output(tmp_path)] == []  # a one-lesson feed passes too


def test_cli_script_and_import_on_a_text_page():
    runner = CliRunner()
    script = runner.invoke(main, ["script", str(PAGE)])
    assert script.exit_code == 0 and "## Question 3: Why is there a high tide" in script.output
    imported = runner.invoke(main, ["import", str(PAGE)])
    assert imported.exit_code == 0
    assert imported.output.startswith("id: tides-lesson-02\n")
    assert "Free sample lesson" not in imported.output


def test_bad_input_is_one_line_without_traceback(tmp_path):
    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: T\nbase_url: https://e.org/\nvoice:\n  rate_wmp: 150\n")
    (course / "lessons" / "a.yaml").write_text("title: A\nsections:\n  - title: S\n    body: [Hi.]\n")
    proc = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "Error: course/course.yaml:4: unknown key 'voice.rate_wmp' (did you mean 'voice.rate_wpm'?)"
    ]
    assert not (tmp_path / "out" / "feed.xml").exists()


def test_sample_course_passes_narrate_check(course_build):
    assert [str(p) for p in check_output(course_build.out_dir)] == []
