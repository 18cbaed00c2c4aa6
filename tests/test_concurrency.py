"""Two builds on one output folder: the second is refused with one line, the output stays whole.

The first build is held inside its lock with the build's test hook (``NARRATE_TEST_PAUSE_AT``, see
``narrate.publish.output.TEST_PAUSE_ENV``), so the overlap is certain, not a matter of timing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import assert_consistent, build_cmd, resume, start_paused, write_course

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

LOCKED = "Error: out: another build is writing to this output folder (wait for it to finish)\n"


def test_second_build_is_refused_while_the_first_runs(tmp_path):
    course, out, cache = tmp_path / "course", tmp_path / "out", tmp_path / "cache"
    write_course(course, 1)
    first = start_paused(course, out, cache, "synthesis:1")  # holds the lock
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "narrate",
            "build",
            "course",
            "-o",
            "out",
            "-q",
            "--jobs",
            "1",
            "--cache-dir",
            str(cache),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert (second.returncode, second.stdout, second.stderr) == (1, "", LOCKED)
    resume(first)
    _, stderr = first.communicate(timeout=300)
    assert (first.returncode, stderr) == (0, "")
    assert_consistent(out)
    assert not (out / ".narrate-stage").exists()


def test_builds_started_together(tmp_path):
    """Whatever the interleaving: each build succeeds or gets the lock message, and the output is whole."""
    course, out, cache = tmp_path / "course", tmp_path / "out", tmp_path / "cache"
    write_course(course, 1)
    cmd = [
        sys.executable,
        "-m",
        "narrate",
        "build",
        "course",
        "-o",
        "out",
        "-q",
        "--jobs",
        "1",
        "--cache-dir",
        str(cache),
    ]
    procs = [
        subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)
    ]
    results = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in procs]
    assert all(r in ((0, "", ""), (1, "", LOCKED)) for r in results), results
    assert any(code == 0 for code, _, _ in results)
    assert_consistent(out)


def test_lock_is_released_by_a_killed_build(tmp_path):
    """The lock is an flock: the kernel drops it when its holder dies, so no stale lock file blocks."""
    import os
    import signal

    course, out, cache = tmp_path / "course", tmp_path / "out", tmp_path / "cache"
    write_course(course, 1)
    first = start_paused(course, out, cache, "synthesis:1")
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    assert (out / ".narrate.lock").exists() and (out / ".narrate-stage").exists()
    done = subprocess.run(build_cmd(course, out, cache), capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
    assert_consistent(out)
