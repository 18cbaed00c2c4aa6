"""Incremental builds: up-to-date episodes are skipped, one edited sentence costs one utterance."""

from __future__ import annotations

import shutil
from pathlib import Path

import helpers
import pytest
from click.testing import CliRunner

from narrate import BuildOptions
from narrate.cli import main
from narrate.pipeline import build
from narrate.speech import engines as tts
from narrate.speech.cache import UtteranceCache
from narrate.uptodate import RECORDS_FILE

COURSE = """\
title: Coasts
author: Shore Tutors
voice:
  engine: {engine}
pauses:
  think: 1
"""

LESSON_1 = """\
id: tides
title: Tides
sections:
  - title: Why the sea moves
    body:
      - The moon pulls the sea toward it. Twice a day the water rises and falls.
      - A spring tide comes when the sun and moon line up.
quiz:
  - prompt: Which body pulls the sea hardest?
    options: [The sun, The moon]
    answer: The moon
"""

LESSON_2 = """\
id: waves
title: Waves
sections:
  - title: Where waves come from
    body:
      - Wind blowing over open water makes waves. Longer fetch gives bigger waves.
"""


def make_course(root: Path, engine: str = "fake") -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(COURSE.format(engine=engine))
    (root / "lessons" / "01-tides.yaml").write_text(LESSON_1)
    (root / "lessons" / "02-waves.yaml").write_text(LESSON_2)
    return root


def snapshot(out: Path) -> dict[str, tuple[bytes, int]]:
    """Every published file (not the lock or the records: hidden files) → (bytes, mtime in ns)."""
    return helpers.snapshot(out, lambda p: not p.name.startswith("."))


@pytest.fixture
def course(tmp_path, fakes):
    return make_course(tmp_path / "course"), tmp_path / "out", UtteranceCache(tmp_path / "cache")


@pytest.mark.e2e
def test_no_change_rebuild_skips_every_episode_and_starts_no_engine(course, fakes):
    content, out, cache = course
    first = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert (first.synthesized, first.skipped_episodes) == (len(fakes.said()), 0)
    before = snapshot(out)
    inits = fakes.inits()
    tts._instances.pop("fake")  # as in a new process
    second = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert (second.synthesized, second.skipped_episodes) == (0, 2)
    assert fakes.inits() == inits  # the engine was not started
    after = snapshot(out)
    assert after.keys() == before.keys()
    assert {k: v[0] for k, v in after.items()} == {k: v[0] for k, v in before.items()}  # same bytes
    made = [rel for e in first.episodes for rel in (e.audio_file, *e.files.values())]
    assert len(made) == 10 and all(after[rel] == before[rel] for rel in made)  # not rewritten: same mtimes
    for old, new in zip(first.episodes, second.episodes):  # timing comes back from the record
        assert (new.duration_ms, new.chapters, new.cue_times, new.audio_file, new.audio_bytes, new.files) == (
            old.duration_ms,
            old.chapters,
            old.cue_times,
            old.audio_file,
            old.audio_bytes,
            old.files,
        )


@pytest.mark.e2e
def test_one_edited_sentence_synthesizes_one_utterance_and_rebuilds_one_episode(course, fakes):
    content, out, cache = course
    build(content, out, BuildOptions(jobs=2), cache=cache)
    before = snapshot(out)
    lesson = content / "lessons" / "02-waves.yaml"
    lesson.write_text(
        lesson.read_text().replace("Longer fetch gives bigger waves.", "A longer fetch builds taller waves.")
    )
    said = len(fakes.said())
    result = build(content, out, BuildOptions(jobs=2), cache=cache)
    assert (result.synthesized, result.skipped_episodes) == (1, 1)
    assert fakes.said()[said:] == ["A longer fetch builds taller waves."]
    from narrate.pipeline import load
    from narrate.text.script import build_script

    loaded = load(content)
    (waves,) = [build_script(x, loaded.config) for x in loaded.lessons if x.id == "waves"]
    assert result.cached == len(waves.says()) - 1  # reused: the rebuilt episode's other sentences only
    after = snapshot(out)
    tides = [k for k in before if k.startswith("episodes/01-tides.") and not k.endswith(".html")]  # not the preview
    assert tides and all(after[k] == before[k] for k in tides)
    kept = {k for k in set(before) & set(after) if k.startswith("episodes/02-waves.")}
    assert kept == {"episodes/02-waves.html"}  # new version of every file but the preview page (a stable name)


@pytest.mark.e2e  # two builds with ffmpeg: left out by scripts/test.sh --fast
def test_settings_that_change_the_audio_or_tags_rebuild_without_new_speech(course, fakes):
    content, out, cache = course
    build(content, out, BuildOptions(jobs=1), cache=cache)
    (content / "course.yaml").write_text(COURSE.format(engine="fake").replace("Shore Tutors", "Tide Tutors"))
    result = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert (result.synthesized, result.skipped_episodes) == (0, 0)


@pytest.mark.e2e  # two builds with ffmpeg: left out by scripts/test.sh --fast
def test_a_rate_change_synthesizes_everything_again(course, fakes):
    content, out, cache = course
    first = build(content, out, BuildOptions(jobs=1), cache=cache)
    (content / "course.yaml").write_text(COURSE.format(engine="fake\n  rate_wpm: 200"))
    result = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert result.synthesized == first.synthesized and result.skipped_episodes == 0


@pytest.mark.e2e
def test_a_missing_or_changed_output_file_rebuilds_that_episode(course, fakes):
    content, out, cache = course
    first = build(content, out, BuildOptions(jobs=1), cache=cache)
    (out / first.episodes[0].files["vtt"]).unlink()
    result = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert (result.synthesized, result.skipped_episodes) == (0, 1)
    with open(out / result.episodes[1].audio_file, "ab") as f:
        f.write(b"\0")
    result = build(content, out, BuildOptions(jobs=1), cache=cache)
    assert result.skipped_episodes == 1
    assert (out / result.episodes[1].audio_file).stat().st_size == first.episodes[1].audio_bytes


@pytest.mark.e2e
def test_a_lost_record_rebuilds_with_identical_bytes(course, fakes):
    content, out, cache = course
    build(content, out, BuildOptions(jobs=1), cache=cache)
    before = snapshot(out)
    (out / RECORDS_FILE).unlink()
    result = build(content, out, BuildOptions(jobs=2), cache=cache)
    assert (result.synthesized, result.skipped_episodes) == (0, 0)
    assert {k: v[0] for k, v in snapshot(out).items()} == {k: v[0] for k, v in before.items()}


@pytest.mark.e2e
def test_parallel_and_serial_builds_write_the_same_bytes(tmp_path, fakes):
    content = make_course(tmp_path / "course")
    cache = UtteranceCache(tmp_path / "cache")
    build(content, tmp_path / "one", BuildOptions(jobs=1), cache=cache)
    shutil.rmtree(cache.root)
    build(content, tmp_path / "two", BuildOptions(jobs=2), cache=cache)
    one, two = snapshot(tmp_path / "one"), snapshot(tmp_path / "two")
    assert {k: v[0] for k, v in one.items()} == {k: v[0] for k, v in two.items()}


@pytest.mark.e2e
def test_cli_build_with_jobs_and_cache_dir(course, fakes):
    content, out, cache = course
    args = ["build", str(content), "-o", str(out), "--jobs", "2", "--cache-dir", str(cache.root), "-q"]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert cache.info().clips == len(fakes.said()) > 0
    result = CliRunner().invoke(main, args[:-1])
    assert result.exit_code == 0
    assert result.output.startswith("Up to date: 2 episode(s) in ")
    bad = CliRunner().invoke(main, [*args[:5], "--jobs", "0"])
    assert bad.exit_code == 2 and "--jobs" in bad.output


@pytest.mark.e2e
def test_real_engine_no_change_rebuild_does_not_start_the_engine(tmp_path):
    content = make_course(tmp_path / "course", engine="pyttsx3")
    (content / "lessons" / "01-tides.yaml").unlink()
    cache = UtteranceCache(tmp_path / "cache")
    build(content, tmp_path / "out", BuildOptions(jobs=1), cache=cache)
    tts._instances.pop("pyttsx3", None)
    result = build(content, tmp_path / "out", BuildOptions(jobs=1), cache=cache)
    assert (result.synthesized, result.skipped_episodes) == (0, 1)
    assert "pyttsx3" not in tts._instances
