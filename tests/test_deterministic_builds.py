"""Cold builds are byte-identical whatever the jobs (issue 25, fault 5): two builds of the sample course
with two jobs and separate, empty utterance caches give the same clips, MP3s, feed and GUIDs, so a
lost cache, another machine or CI never makes subscribers download the course again."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _cold_build(tmp: Path, name: str, jobs: int) -> dict[str, str]:
    """Build the sample course into ``tmp/name`` with an empty cache; the SHA-256 of every file written."""
    out, cache = tmp / name / "out", tmp / name / "cache"
    env = {**os.environ, "NARRATE_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(ROOT / "content"), "--out", str(out), "--jobs", str(jobs),
         "--engine", "pyttsx3"],  # espeak-ng's state in each clip: what this test is about
        env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


@pytest.mark.e2e
def test_two_cold_builds_with_two_jobs_are_byte_identical(tmp_path):
    first, second = _cold_build(tmp_path, "a", 2), _cold_build(tmp_path, "b", 2)
    assert any(name.endswith(".mp3") for name in first) and "feed.xml" in first
    assert first == second
