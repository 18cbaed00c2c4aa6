"""Bad input never gets a traceback, and never touches the previous output.

The corpus is ``tests/fixtures/bad/<case>/``: a course folder (or, with ``args.txt``, the file or
folder to build) and ``expected.txt``, the exact line the build must print on stderr. Each case
runs ``narrate build`` from inside the case folder (so paths in messages are relative, and stable)
into an output folder that already holds a complete earlier build, and checks: exit status 1,
stderr exactly ``expected.txt``, no traceback, and the output folder exactly as it was (names,
bytes and modification times). Cases that cannot be committed as files (an enormous lesson, a
symbolic link, a missing program) are made by the tests below.

To add a case: make a folder with the bad input, run ``narrate build . -o /tmp/x -q`` in it, check
the message is right, and save it as ``expected.txt``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import snapshot

from narrate.cli import main

CORPUS = Path(__file__).resolve().parent / "fixtures" / "bad"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.txt").is_file())

GOOD_COURSE = {
    # espeak-ng named: these tests are about bad inputs, and test_missing_espeak_is_one_line needs it
    "course.yaml": "title: Kettle Basics\nbase_url: https://example.org/kettles/\nvoice:\n  engine: pyttsx3\n",
    "lessons/01-boiling.yaml": (
        "title: Boiling\nsections:\n  - title: Heat\n    body:\n      - A kettle heats water.\n"
    ),
}


def write_files(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def previous_build(tmp_path_factory) -> Path:
    """A complete output folder from a real build of a small good course (copied per test)."""
    root = tmp_path_factory.mktemp("previous")
    course = write_files(root / "course", GOOD_COURSE)
    out = root / "out"
    result = CliRunner().invoke(main, ["build", str(course), "-o", str(out), "-q", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    old = 1_600_000_000_000_000_000  # mtimes far in the past, so any rewrite shows
    for path in out.rglob("*"):
        os.utime(path, ns=(old, old), follow_symlinks=False)
    return out


@pytest.fixture
def out_dir(previous_build, tmp_path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(previous_build, out, symlinks=True)
    return out


def run_build(args: list[str], cwd: Path, monkeypatch) -> tuple[int, str, str, BaseException | None]:
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(main, ["build", *args], catch_exceptions=True)
    return result.exit_code, result.stdout, result.stderr, result.exception


def assert_refused(out: Path, before: dict, code: int, stdout: str, stderr: str, exc, expected: str) -> None:
    assert isinstance(exc, SystemExit) or exc is None, f"unexpected exception {exc!r}"
    assert "Traceback" not in stdout + stderr
    assert code == 1
    assert stderr == expected + "\n"
    assert stdout == ""
    assert snapshot(out) == before


def test_corpus_is_large_enough():
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES)
def test_bad_input_case(case, out_dir, monkeypatch):
    folder = CORPUS / case
    target = (folder / "args.txt").read_text().strip() if (folder / "args.txt").is_file() else "."
    expected = (folder / "expected.txt").read_text(encoding="utf-8").rstrip("\n")
    before = snapshot(out_dir)
    assert before and any(name.endswith(".mp3") for name in before)
    code, stdout, stderr, exc = run_build([target, "-o", str(out_dir), "-q"], folder, monkeypatch)
    assert_refused(out_dir, before, code, stdout, stderr, exc, expected)


def test_bad_input_does_not_create_the_output_folder(tmp_path, monkeypatch):
    out = tmp_path / "new-out"
    code, _, stderr, _ = run_build([".", "-o", str(out)], CORPUS / "lesson-question-no-answer", monkeypatch)
    assert code == 1 and stderr.startswith("Error: lessons/01-a.yaml:8: ")
    assert not out.exists()


@pytest.mark.e2e  # a real narrate process per case; test_bad_input_case covers every case in process
@pytest.mark.parametrize(
    "case",
    ["course-python-tag", "lesson-binary", "lesson-deep-nesting", "lessons-list-parent-dir", "limits-episode-too-long"],
)
def test_bad_input_in_a_real_process(case, out_dir):
    """The same, through ``python -m narrate`` in a fresh process (real stderr, real exit status)."""
    folder = CORPUS / case
    before = snapshot(out_dir)
    proc = subprocess.run(
        [sys.executable, "-m", "narrate", "build", ".", "-o", str(out_dir)], cwd=folder, capture_output=True, text=True
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (1, "", (folder / "expected.txt").read_text())
    assert snapshot(out_dir) == before


# ---------------------------------------------------------------- cases made here


def test_enormous_lesson_is_refused_before_reading(tmp_path, out_dir, monkeypatch):
    course = write_files(tmp_path / "course", GOOD_COURSE)
    big = course / "lessons" / "02-huge.md"
    line = "Kettles boil water, and this sentence is repeated to make a very large lesson file.\n"
    big.write_text("# Huge\n\n## Part\n\n" + line * (5_000_001 // len(line) + 1))
    size = big.stat().st_size
    before = snapshot(out_dir)
    code, stdout, stderr, exc = run_build([".", "-o", str(out_dir)], course, monkeypatch)
    assert_refused(
        out_dir,
        before,
        code,
        stdout,
        stderr,
        exc,
        f"Error: lessons/02-huge.md: lesson file is too large ({size / 1e6:.1f} MB; the limit is "
        "5.0 MB, set by limits.max_lesson_bytes in course.yaml)",
    )


def test_enormous_single_lesson_file_is_refused(tmp_path, out_dir, monkeypatch):
    big = tmp_path / "huge.txt"
    big.write_text("Huge\n\n" + "Water boils. " * 400_000)
    before = snapshot(out_dir)
    code, stdout, stderr, exc = run_build(["huge.txt", "-o", str(out_dir)], tmp_path, monkeypatch)
    assert_refused(
        out_dir,
        before,
        code,
        stdout,
        stderr,
        exc,
        "Error: huge.txt: lesson file is too large (5.2 MB; the limit is 5.0 MB, set by "
        "limits.max_lesson_bytes in course.yaml)",
    )


def test_lesson_symlinked_outside_the_course_is_refused(tmp_path, out_dir, monkeypatch):
    course = write_files(tmp_path / "course", GOOD_COURSE)
    secret = write_files(tmp_path / "elsewhere", {"notes.yaml": GOOD_COURSE["lessons/01-boiling.yaml"]})
    (course / "lessons" / "02-notes.yaml").symlink_to(secret / "notes.yaml")
    before = snapshot(out_dir)
    code, stdout, stderr, exc = run_build([".", "-o", str(out_dir)], course, monkeypatch)
    assert_refused(
        out_dir,
        before,
        code,
        stdout,
        stderr,
        exc,
        "Error: lessons/02-notes.yaml: lesson file is a link to a file outside the course folder",
    )


def test_lesson_symlinked_inside_the_course_is_accepted(tmp_path):
    from narrate.pipeline import load

    course = write_files(
        tmp_path / "course", {**GOOD_COURSE, "drafts/boil.yaml": GOOD_COURSE["lessons/01-boiling.yaml"]}
    )
    (course / "lessons" / "01-boiling.yaml").unlink()
    (course / "lessons" / "01-boiling.yaml").symlink_to(course / "drafts" / "boil.yaml")
    assert [lesson.id for lesson in load(course).lessons] == ["boiling"]  # the ordering number is not in the id


def test_cover_symlinked_outside_the_course_is_refused(tmp_path, out_dir, monkeypatch):
    course = write_files(
        tmp_path / "course", {**GOOD_COURSE, "course.yaml": GOOD_COURSE["course.yaml"] + "cover: art.png\n"}
    )
    (tmp_path / "private.png").write_bytes(b"\x89PNG private")
    (course / "art.png").symlink_to(tmp_path / "private.png")
    before = snapshot(out_dir)
    code, stdout, stderr, exc = run_build([".", "-o", str(out_dir)], course, monkeypatch)
    assert_refused(
        out_dir,
        before,
        code,
        stdout,
        stderr,
        exc,
        "Error: course.yaml:5: cover 'art.png' is a link to a file outside the course folder",
    )


def test_output_folder_that_is_a_file(tmp_path, monkeypatch):
    course = write_files(tmp_path / "course", GOOD_COURSE)
    (course / "out").write_text("not a folder")
    code, stdout, stderr, exc = run_build([".", "-o", "out"], course, monkeypatch)
    assert (code, stderr) == (1, "Error: out: the output folder is a file, not a folder\n")
    assert (course / "out").read_text() == "not a folder"


@pytest.mark.e2e  # a real narrate process: left out by scripts/test.sh --fast
def test_missing_ffmpeg_is_one_line(tmp_path, out_dir):
    course = write_files(tmp_path / "course", GOOD_COURSE)
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    before = snapshot(out_dir)
    proc = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(out_dir)],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(empty_bin)},
    )
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "Error: ffmpeg is not installed (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)\n"
    )
    assert snapshot(out_dir) == before


def test_missing_espeak_is_one_line(tmp_path, out_dir, monkeypatch):
    """pyttsx3 fails to start when espeak-ng's library is missing: simulated in this process."""
    import pyttsx3

    from narrate.speech import engines as tts

    def no_espeak(*args, **kwargs):
        raise OSError("libespeak-ng.so.1: cannot open shared object file: No such file or directory")

    monkeypatch.setattr(pyttsx3, "init", no_espeak)  # macOS / Windows path
    from narrate.speech.engines import pyttsx3_engine

    monkeypatch.setattr(pyttsx3_engine, "_sync_espeak", no_espeak)  # Linux path: espeak-ng's library
    monkeypatch.setattr(tts, "_instances", {})  # engines started by earlier tests
    course = write_files(
        tmp_path / "course",
        {
            **GOOD_COURSE,
            "lessons/01-boiling.yaml": GOOD_COURSE["lessons/01-boiling.yaml"] + "      - Unique espeak text.\n",
        },
    )
    before = snapshot(out_dir)
    code, stdout, stderr, exc = run_build(
        [".", "-o", str(out_dir), "-q", "--jobs", "1", "--cache-dir", str(tmp_path / "cache")], course, monkeypatch
    )
    assert_refused(
        out_dir,
        before,
        code,
        stdout,
        stderr,
        exc,
        "Error: cannot start pyttsx3 (libespeak-ng.so.1: cannot open shared object file: No such "
        "file or directory); install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng)",
    )
