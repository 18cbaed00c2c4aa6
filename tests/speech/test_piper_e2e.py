"""End to end with the neural engine: the sample course narrated by Piper, the quiz host on espeak-ng.

Needs the optional extra (pip install 'narrate[piper]'), which the test command installs; skipped
with a reason elsewhere unless CI is set.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from narrate.audio.id3 import read_chapters
from narrate.pipeline import build, load
from narrate.speech.cache import UtteranceCache
from narrate.speech.synthesis import plan
from narrate.text.script import build_script

ROOT = Path(__file__).resolve().parents[2]

try:
    import piper  # noqa: F401

    HAVE_PIPER = True
except ImportError:  # pragma: no cover - depends on the extra
    HAVE_PIPER = False

pytestmark = [
    pytest.mark.e2e,  # end-to-end builds: left out by scripts/test.sh --fast
    pytest.mark.skipif(
        not HAVE_PIPER and not os.environ.get("CI"), reason="Piper is an optional extra: pip install 'narrate[piper]'"
    ),
]


@pytest.fixture(scope="module")
def piper_course(tmp_path_factory) -> Path:
    course = tmp_path_factory.mktemp("piper_course")
    shutil.copytree(ROOT / "content", course, dirs_exist_ok=True)
    settings = yaml.safe_load((course / "course.yaml").read_text(encoding="utf-8"))
    settings["voice"] = {"engine": "piper", "host_engine": "pyttsx3", "rate_wpm": 160}
    (course / "course.yaml").write_text(yaml.safe_dump(settings, allow_unicode=True), encoding="utf-8")
    return course


def test_roles_resolve_to_different_engines(piper_course, tmp_path):
    loaded = load(piper_course)
    scripts = [build_script(lesson, loaded.config) for lesson in loaded.lessons]
    the_plan = plan(scripts, loaded.config, UtteranceCache(tmp_path))
    assert the_plan.speakers["narrator"].engine == "piper"
    assert the_plan.speakers["narrator"].voice == "en_US-joe-medium"
    assert the_plan.speakers["host"].engine == "pyttsx3"
    engines = {u.engine for u in the_plan.utterances.values()}
    assert engines == {"piper", "pyttsx3"}


def test_sample_course_builds_with_piper(piper_course, tmp_path):
    result = build(piper_course, tmp_path / "out")
    assert len(result.episodes) == 3
    for episode in result.episodes:
        mp3 = result.out_dir / episode.audio_file
        assert read_chapters(mp3) == episode.chapters
        assert len(episode.chapters) >= 4
        probe = subprocess.run(
            ["ffprobe", "-v", "error", "-show_entries", "stream=sample_rate,channels", "-of", "csv=p=0", str(mp3)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert probe.stdout.strip() == "44100,1"  # Piper's 22.05 kHz clips were resampled like any clip


def test_a_lesson_can_choose_its_own_voices(piper_course, tmp_path):
    lesson_file = piper_course / "lessons" / "01-cells-and-voltage.yaml"
    text = lesson_file.read_text(encoding="utf-8")
    lesson_file.write_text("voice:\n  host: gmw/en-gb-x-rp\n" + text, encoding="utf-8")
    try:
        loaded = load(piper_course)
        scripts = [build_script(lesson, loaded.config) for lesson in loaded.lessons]
        the_plan = plan(scripts, loaded.config, UtteranceCache(tmp_path))
        hosts = {}
        for script, keys in zip(scripts, the_plan.keys):
            for index, key in keys.items():
                if script.cues[index].role == "host":
                    hosts.setdefault(script.lesson.id, set()).add(the_plan.utterances[key].voice)
        assert hosts["cells-and-voltage"] == {"gmw/en-gb-x-rp"}
        assert hosts["capacity-and-charging"] == {"gmw/en-us"}
    finally:
        lesson_file.write_text(text, encoding="utf-8")


def test_two_cold_builds_with_one_and_two_workers_are_byte_identical(tmp_path):
    """A course that names no engine speaks English with Piper (when installed): its cold builds are
    the same bytes whoever spoke each sentence (in-process, or two workers in any order)."""
    import sys

    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Crumb\nauthor: A\nlanguage: en-us\n", encoding="utf-8")
    (course / "lessons" / "01-crumb.md").write_text(
        "# Crumb\n\n## Holes\n\nWet dough makes an open crumb. Dry dough makes a tight one. "
        "Steam in the oven helps the loaf rise.\n\n## Quiz\n\n1. What makes an open crumb?\n"
        "   - [x] Wet dough\n   - [ ] Dry dough\n",
        encoding="utf-8",
    )
    built = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        env = {**os.environ, "NARRATE_CACHE_DIR": str(tmp_path / f"cache{jobs}"), "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            [sys.executable, "-m", "narrate", "build", str(course), "-o", str(out), "--jobs", jobs],
            capture_output=True, text=True, env=env, timeout=900,
        )  # fmt: skip
        assert run.returncode == 0, run.stderr[-3000:]
        assert "en-us → piper en_US-joe-medium" in run.stderr
        built.append({p.name: p.read_bytes() for p in sorted((out / "episodes").iterdir())})
    assert built[0] == built[1]
