"""Hostile inputs are read bounded (issue 25, faults 3, 4, 6 and their parts of 7 and 8).

A build reads only the files the course names, in chunks, never through a link out of the course
and never anything but a regular file (fault 3); YAML is refused before construction when it nests
too deep, hides an alias bomb or a lone surrogate (fault 4); language detection reads a sample and
the Markdown reader refuses pathological brackets (fault 8); a cover is decoded in full before use,
names too long to stage are refused up front, and damaged clips in the speech cache are made again
(fault 6, fault 7). Every refusal is one ``Error:`` line, exit status 1, no traceback.

Hostile runs happen in a child process with a deadline and an address-space limit (so that a
regression fails the test instead of hanging it or exhausting the machine's memory); its peak
memory is read from ``os.wait4``.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from narrate import BuildOptions
from narrate.cli import main
from narrate.errors import BuildError, ConfigError, ContentError
from narrate.pipeline import IGNORED_IN_LESSONS, build
from narrate.speech.cache import UtteranceCache, clip_problem, read_clip, write_clip
from narrate.yamlio import MAX_ALIAS_NODES, MAX_DEPTH, load_yaml

pytestmark = pytest.mark.e2e  # hostile runs in child processes with deadlines: the e2e tier

ROOT = Path(__file__).resolve().parent.parent
ADDRESS_SPACE = 3 << 30
"""Address-space limit of the hostile child processes: a build needs well under 1 GB; reading
``/dev/zero`` or a 2 GB file whole would need more, and fails fast instead of eating the machine."""
GB = 1 << 30

COURSE_YAML = "title: Kettle Basics\nbase_url: https://example.org/kettles/\nstart_date: 2026-01-05\n"
ESPEAK = "voice:\n  engine: pyttsx3\n"
"""Named by the builds here: they test bounds, not the voice a course naming none gets (docs/voices.md)."""
LESSON_1 = "title: Boiling\nsections:\n  - title: Heat\n    body:\n      - A kettle heats water.\n"
LESSON_2 = "# Scale\n\n## Deposits\n\nHard water leaves scale in a kettle.\n"


def make_course(root: Path, course_yaml: str = COURSE_YAML) -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(course_yaml, encoding="utf-8")
    (root / "lessons" / "01-boiling.yaml").write_text(LESSON_1, encoding="utf-8")
    (root / "lessons" / "02-scale.md").write_text(LESSON_2, encoding="utf-8")
    return root


def sparse(path: Path, size: int = 2 * GB) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.truncate(size)  # a hole: no disk used, 2 GB of zeros to whoever reads it
    return path


def add_hostile_files(course: Path) -> None:
    """A named pipe, links to /dev/zero and 2 GB sparse files where the course names none of them."""
    os.mkfifo(course / "pipe")
    sparse(course / "video" / "lecture.mp4")
    os.symlink("/dev/zero", course / "video" / "zero")
    media = course / "lessons" / "media"
    sparse(media / "huge.png")
    os.mkfifo(media / "pipe.png")
    os.symlink("/dev/zero", media / "zero.png")
    os.mkfifo(course / "lessons" / "03-pipe.md")  # a pipe among the lessons is no lesson file
    os.symlink("/dev/zero", course / "lessons" / "04-zero.md")


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float

    def error_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.startswith("Error: ")]


_LAUNCHER = (
    "import os, resource, sys\n"
    "limit, rss_file, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]\n"
    "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.execv(argv[0], argv)\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "open(rss_file, 'w').write(str(usage.ru_maxrss))\n"
    "sys.exit(os.waitstatus_to_exitcode(status) % 256)\n"
)
"""Runs a command as its own child and writes that child's peak resident memory (KiB) to a file. A
process forked from the test process inherits that process's peak in ``ru_maxrss`` (Linux keeps it
across exec), which grows with every test run before; a child of this small launcher starts from the
launcher's few MB, so its peak is its own."""


def run_child(argv: list[str], cwd: Path, timeout: float = 60) -> Run:
    """Run ``argv`` (its own process group, limited address space); its exit status, output,
    seconds and peak resident memory (of it and its children, from ``wait4`` in a small launcher).
    Fails the test when it does not end within ``timeout`` seconds (the group is killed)."""
    out, err, rss = cwd / ".child.out", cwd / ".child.err", cwd / ".child.rss"
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        start = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCHER, str(ADDRESS_SPACE), str(rss), *argv], cwd=cwd,
            stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, start_new_session=True,
        )  # fmt: skip
        while True:
            pid, status, _ = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                pytest.fail(f"{argv[1:4]} did not finish in {timeout:.0f} s")
            time.sleep(0.02)
        seconds = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    text = (out.read_text(errors="replace"), err.read_text(errors="replace"))
    peak_kib = int(rss.read_text()) if rss.exists() else 0
    for path in (out, err, rss):
        path.unlink(missing_ok=True)
    return Run(proc.returncode, text[0], text[1], seconds, peak_kib / 1024)


def narrate(*args: str, cwd: Path, timeout: float = 60) -> Run:
    return run_child([sys.executable, "-m", "narrate", *args], cwd, timeout)


def python(code: str, cwd: Path, timeout: float = 60) -> Run:
    return run_child([sys.executable, "-c", code], cwd, timeout)


def assert_one_error(run: Run, *fragments: str) -> str:
    """Exit status 1, no traceback, and exactly one ``Error:`` line holding every fragment."""
    assert "Traceback" not in run.stderr + run.stdout, run.stderr[-2000:]
    assert run.code == 1, (run.code, run.stderr[-2000:])
    (line,) = run.error_lines()
    for fragment in fragments:
        assert fragment in line, line
    return line


# ---------------------------------------------------------------- fault 3: read only what the course uses


DIGEST = (
    "import sys\n"
    "from pathlib import Path\n"
    "from narrate.uptodate import input_digest\n"
    "print(input_digest(Path(sys.argv[1]), Path(sys.argv[2]), {}))\n"
)


def test_the_up_to_date_digest_reads_only_what_the_course_names(tmp_path):
    """A named pipe anywhere would hang the old digest for ever (it read every file whole); links
    to /dev/zero and 2 GB sparse files would cost their size in memory. Only the named files are
    read now: the hostile course has the same digest as the plain one, at the same cost."""
    plain = make_course(tmp_path / "plain" / "course")
    hostile = make_course(tmp_path / "hostile" / "course")
    add_hostile_files(hostile)
    base = run_child([sys.executable, "-c", DIGEST, "course", "out"], plain.parent)
    bad = run_child([sys.executable, "-c", DIGEST, "course", "out"], hostile.parent)
    assert base.code == bad.code == 0, bad.stderr
    assert bad.stdout == base.stdout and len(bad.stdout.strip()) == 64  # nothing unnamed counts
    assert bad.peak_mb < base.peak_mb + 100, (base, bad)
    assert bad.seconds < base.seconds + 10, (base, bad)
    # a change to a named file is still seen
    (hostile / "lessons" / "01-boiling.yaml").write_text(LESSON_1.replace("heats", "warms"))
    again = run_child([sys.executable, "-c", DIGEST, "course", "out"], hostile.parent)
    assert again.code == 0 and again.stdout != bad.stdout


@pytest.mark.e2e
def test_narrate_script_of_a_hostile_course_is_bounded(tmp_path):
    plain = make_course(tmp_path / "plain" / "course")
    hostile = make_course(tmp_path / "hostile" / "course")
    add_hostile_files(hostile)
    base = narrate("script", "course", cwd=plain.parent)
    bad = narrate("script", "course", cwd=hostile.parent)
    assert base.code == bad.code == 0, bad.stderr
    assert bad.stdout == base.stdout
    assert bad.peak_mb < base.peak_mb + 100 and bad.seconds < base.seconds + 10, (base, bad)


@pytest.mark.e2e  # three real builds (espeak-ng and ffmpeg)
def test_a_hostile_course_builds_with_the_memory_and_time_of_a_plain_one(tmp_path):
    """The issue's "done when": a course folder holding a FIFO, a /dev/zero link and a 2 GB sparse
    file builds with no more memory and time than without them, and to the same files."""
    plain = make_course(tmp_path / "plain" / "course", COURSE_YAML + ESPEAK)
    hostile = make_course(tmp_path / "hostile" / "course", COURSE_YAML + ESPEAK)
    add_hostile_files(hostile)
    cache = str(tmp_path / "cache")
    warm = narrate("build", "course", "-o", "warm", "-q", "--jobs", "1", "--cache-dir", cache, cwd=plain.parent)
    assert warm.code == 0, warm.stderr
    base = narrate("build", "course", "-o", "out", "-q", "--jobs", "1", "--cache-dir", cache, cwd=plain.parent)
    bad = narrate("build", "course", "-o", "out", "-q", "--jobs", "1", "--cache-dir", cache, cwd=hostile.parent)
    assert base.code == bad.code == 0, bad.stderr
    print(f"plain: {base.seconds:.1f} s, {base.peak_mb:.0f} MB; hostile: {bad.seconds:.1f} s, {bad.peak_mb:.0f} MB")
    assert bad.peak_mb < base.peak_mb + 100, (base, bad)
    assert bad.seconds < 2 * base.seconds + 10, (base, bad)

    def published(out: Path) -> list[str]:
        return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())

    files = published(tmp_path / "hostile" / "out")
    assert any(name.endswith(".mp3") for name in files)
    assert files == published(tmp_path / "plain" / "out")  # the same names: the same bytes (versioned names)


def test_the_lesson_filter_of_the_digest_is_the_pipelines():
    from narrate import uptodate

    assert uptodate._IGNORED_IN_LESSONS == IGNORED_IN_LESSONS


@pytest.mark.parametrize(
    "case, expected",
    [
        ("listed-fifo", "lessons/03-pipe.md: not a regular file (a named pipe)"),
        ("cover-zero", "course.yaml:4: cover image is not a regular file: cover.png"),
        ("intro-fifo", "intro.mp3: not a regular file (a named pipe)"),
        ("lexicon-file-zero", "course.yaml:4: lexicon file is not a regular file: words.yaml"),
        ("option-lexicon-fifo", "extra.yaml: not a regular file (a named pipe)"),
    ],
)
@pytest.mark.e2e
def test_a_named_input_that_is_no_regular_file_is_one_error_line(tmp_path, case, expected):
    """Before, the digest read each with read_bytes(): a pipe hung the build, /dev/zero filled memory."""
    course = make_course(tmp_path / "course")
    args = []
    if case == "listed-fifo":
        os.mkfifo(course / "lessons" / "03-pipe.md")
        (course / "course.yaml").write_text(COURSE_YAML + "lessons: [01-boiling.yaml, 03-pipe.md]\n")
    elif case == "cover-zero":
        os.symlink("/dev/zero", course / "cover.png")  # a link inside the course, to a device
        (course / "course.yaml").write_text(COURSE_YAML + "cover: cover.png\n")
    elif case == "intro-fifo":
        os.mkfifo(course / "intro.mp3")
        (course / "course.yaml").write_text(COURSE_YAML + "audio:\n  intro: intro.mp3\n")
    elif case == "lexicon-file-zero":
        os.symlink("/dev/zero", course / "words.yaml")
        (course / "course.yaml").write_text(COURSE_YAML + "lexicon_file: words.yaml\n")
    else:
        os.mkfifo(tmp_path / "extra.yaml")
        args = ["--lexicon", "extra.yaml"]
    run = narrate("build", "course", "-o", "out", "-q", *args, cwd=tmp_path, timeout=60)
    assert_one_error(run, "not a regular file")
    assert expected in run.stderr
    assert run.peak_mb < 400 and run.seconds < 30, run


def test_a_lesson_over_the_size_limit_is_refused_without_being_read(tmp_path):
    """A 2 GB (sparse) lesson: refused by its size, in the time and memory of a small build."""
    course = make_course(tmp_path / "course")
    sparse(course / "lessons" / "03-huge.md")
    run = narrate("build", "course", "-o", "out", "-q", cwd=tmp_path)
    assert_one_error(run, "lessons/03-huge.md: lesson file is too large (2147.5 MB; the limit is 5.0 MB")
    assert run.peak_mb < 400 and run.seconds < 30, run


# ---------------------------------------------------------------- fault 4: YAML bombs, depth, surrogates


def billion_laughs(key: str = "lol") -> str:
    """Nine anchors of nine aliases each: 9^9 (387 million) strings once expanded."""
    lines = [f'{key}0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, 9):
        lines.append(f"{key}{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.e2e
def test_an_alias_bomb_in_course_yaml_is_refused_at_once(tmp_path):
    """Before: a value passed through str() whole (cache.max_size) hung build for over 90 s, then a
    MemoryError traceback at 1.3 GB."""
    bomb = billion_laughs("x").replace("x8:", "cache:\n  max_size:").replace("&a8 ", "")
    course = make_course(tmp_path / "course", COURSE_YAML + bomb)
    run = narrate("build", "course", "-o", "out", "-q", cwd=tmp_path)
    line = assert_one_error(run, "course/course.yaml:", f"expand to more than {MAX_ALIAS_NODES:,} nodes")
    assert line.startswith("Error: course/course.yaml:8:"), line
    assert run.seconds < 15 and run.peak_mb < 300, run
    assert course.is_dir()


@pytest.mark.e2e
def test_ten_thousand_nested_brackets_in_course_yaml_are_one_error_line(tmp_path):
    """Before: the up-to-date check parsed course.yaml with PyYAML's pure loader: a RecursionError traceback."""
    make_course(tmp_path / "course", COURSE_YAML + "category: " + "[" * 10_000 + "]" * 10_000 + "\n")
    run = narrate("build", "course", "-o", "out", "-q", cwd=tmp_path)
    assert_one_error(run, "course/course.yaml:4: invalid YAML: nested more than 100 levels deep")
    assert run.seconds < 15, run


def test_a_lone_surrogate_in_a_lesson_is_one_error_line(tmp_path):
    course = make_course(tmp_path / "course")
    (course / "lessons" / "01-boiling.yaml").write_text(LESSON_1.replace("A kettle heats water.", '"Hot \\ud800"'))
    run = narrate("script", "course", cwd=tmp_path)
    assert_one_error(run, "course/lessons/01-boiling.yaml:5: invalid YAML: a lone surrogate")


@pytest.mark.parametrize(
    "text, line, problem",
    [
        (billion_laughs(), 5, f"expand to more than {MAX_ALIAS_NODES:,} nodes"),
        ("a: " + "[" * 10_000 + "]" * 10_000 + "\n", 1, f"nested more than {MAX_DEPTH} levels deep"),
        ("a:\n" + "".join("  " * i + "-\n" for i in range(1, 300)), 101, "nested more than"),
        ("a: {" * 5_000 + "}" * 5_000 + "\n", 1, "nested more than"),
        ('title: "\\ud800"\n', 1, "lone surrogate"),
        ('title: "\\ud83d\\ude00"\n', 1, "lone surrogate"),
        ("n: " + "9" * 5_000 + "\n", 1, "a number of 5000 digits is too long"),
    ],
)
def test_the_yaml_loader_refuses_before_construction(tmp_path, text, line, problem):
    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(ContentError) as caught:
        load_yaml(tmp_path / "x.yaml", text)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert caught.value.line == line and problem in caught.value.problem, caught.value.format_message()
    assert seconds < 1.0 and peak < 50_000_000, (seconds, peak)


def test_the_yaml_loader_keeps_ordinary_anchors_and_merge_keys(tmp_path):
    data = load_yaml(
        tmp_path / "x.yaml", "base: &b {x: 1, y: [1, 2]}\nc:\n  <<: *b\n  z: 3\nd: *b\nbig: " + "[" * 50 + "]" * 50
    )
    assert data["c"] == {"x": 1, "y": [1, 2], "z": 3} and data["d"] == {"x": 1, "y": [1, 2]}


@pytest.mark.e2e
def test_front_matter_and_lexicon_files_are_bounded_too(tmp_path):
    course = make_course(tmp_path / "course")
    (course / "lessons" / "02-scale.md").write_text("---\n" + billion_laughs() + "---\n" + LESSON_2)
    (tmp_path / "words.yaml").write_text(billion_laughs())
    run = narrate("script", "course", cwd=tmp_path)
    assert_one_error(run, "course/lessons/02-scale.md:6: invalid YAML: aliases")
    (course / "lessons" / "02-scale.md").write_text(LESSON_2)
    run = narrate("script", "course", "--lexicon", "words.yaml", cwd=tmp_path)
    assert_one_error(run, "words.yaml:5: invalid YAML: aliases")


# ---------------------------------------------------------------- fault 8: texts size-checked before expensive steps


def test_deeply_nested_toml_front_matter_is_one_error_line(tmp_path):
    """Within the bracket limits, 2,000 nested arrays still exhausted tomllib's recursion: a traceback."""
    lesson = tmp_path / "deep.md"
    lesson.write_text("+++\ntitle = " + ("[" * 400 + "\n") * 5 + "]" * 2000 + "\n+++\n# T\n\n## S\n\nText.\n")
    run = narrate("script", "deep.md", cwd=tmp_path)
    assert_one_error(run, "deep.md:2: front matter is not valid TOML: nested too deeply")


def test_400_kb_of_brackets_are_refused_before_the_markdown_parser(tmp_path):
    """Before: markdown-it spent 104 s on them before the lesson was refused."""
    lesson = tmp_path / "brackets.md"
    lesson.write_text("# Brackets\n\n## Many\n\n" + "[" * 400_000 + "\n")
    run = narrate("script", "brackets.md", cwd=tmp_path)
    assert_one_error(run, "brackets.md:5: 400,000 '[' and '{' on one line")
    assert run.seconds < 15, run


@pytest.mark.e2e
def test_the_dialect_rewrites_are_linear():
    """An image attribute pattern and the Liquid/Hugo patterns scanned to the end of the text from
    every unclosed opener: 5,000 of them in 1 MB took minutes."""
    from narrate.text.readers.dialects import prepare

    for opener in ("![", "{{", "{%", "{{<"):
        text = ("Some text " + opener + " and more words. " * 10 + "\n\n") * 5_000
        start = time.perf_counter()
        prepare(text)
        assert time.perf_counter() - start < 5, opener


def test_language_detection_reads_a_sample():
    """Before: one 1 MB word took about 15 minutes in lingua."""
    code = (
        "import time\n"
        "from narrate.text.detect import detect_language\n"
        "start = time.perf_counter()\n"
        "assert detect_language('a' * 1_000_000) is None\n"
        "assert detect_language('Der Hund läuft schnell über die Straße und bellt laut. ' * 50_000) == 'de'\n"
        "print(time.perf_counter() - start)\n"
    )
    run = python(code, ROOT, timeout=90)
    assert run.code == 0, run.stderr
    assert float(run.stdout) < 20, run


@pytest.mark.e2e
def test_a_lesson_of_one_megabyte_word_is_one_error_line(tmp_path):
    (tmp_path / "word.txt").write_text("Title\n\n" + "a" * 1_000_000 + "\n")
    run = narrate("script", "word.txt", cwd=tmp_path, timeout=90)
    assert_one_error(run, "characters without a space")
    assert run.seconds < 60, run


@pytest.mark.parametrize("kind", ["zero", "fifo", "huge"])
@pytest.mark.e2e
def test_narrate_import_of_a_device_pipe_or_huge_file_is_refused(tmp_path, kind):
    page = tmp_path / "page.txt"
    if kind == "zero":
        os.symlink("/dev/zero", page)
    elif kind == "fifo":
        os.mkfifo(page)
    else:
        sparse(page)
    run = narrate("import", "page.txt", cwd=tmp_path, timeout=30)
    assert_one_error(run, "page.txt: ", "not a regular file" if kind != "huge" else "file is too large")
    assert run.peak_mb < 300, run


# ---------------------------------------------------------------- fault 6: media and names validated


def noise_image(kind: str) -> bytes:
    pixels = np.random.default_rng(7).integers(0, 255, (1400, 1400, 3), dtype=np.uint8)
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(pixels, "RGB").save(out, format=kind)
    return out.getvalue()


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_a_cut_cover_is_refused_by_the_build(tmp_path, monkeypatch, kind):
    """Before: a PNG cut to a third, a truncated 1400×1400 JPEG were published as they were."""
    course = make_course(tmp_path / "course", COURSE_YAML + f"cover: cover.{kind.lower()}\n")
    data = noise_image(kind)
    (course / f"cover.{kind.lower()}").write_bytes(data[: len(data) // 3] if kind == "PNG" else data[:-2000])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "course", "-o", "out", "-q", "--jobs", "1"])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.exception
    assert result.stderr.count("Error: ") == 1 and "Traceback" not in result.output
    expected = (
        f"Error: course/course.yaml:4: image 'cover.{kind.lower()}': not a readable image (image file is truncated"
    )
    assert result.stderr.startswith(expected), result.stderr
    assert not (tmp_path / "out" / "feed.xml").exists()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("built")
    course = make_course(root / "course", COURSE_YAML + ESPEAK)
    result = CliRunner().invoke(main, ["build", str(course), "-o", str(root / "out"), "-q", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return root / "out"


@pytest.mark.e2e  # one real build
def test_narrate_check_decodes_the_artwork(built, tmp_path):
    import shutil

    out = tmp_path / "out"
    shutil.copytree(built, out)
    cover = out / "cover.png"
    data = cover.read_bytes()
    result = CliRunner().invoke(main, ["check", str(out)])
    assert result.exit_code == 0, result.output
    cover.write_bytes(data[: len(data) // 3])
    result = CliRunner().invoke(main, ["check", str(out)])
    assert result.exit_code == 1 and "artwork is not a readable image (image file is truncated)" in result.output


def test_a_lesson_name_too_long_to_stage_is_refused_before_synthesis(tmp_path, monkeypatch, fakes):
    """Before: a 244-character lesson file name failed with an OSError traceback when its episode
    files were written beside their targets (``.<name>.XXXXXXXX.part`` passes 255 bytes)."""
    course = make_course(tmp_path / "course", COURSE_YAML + "voice:\n  engine: fake\n")
    name = "03-" + "a" * 236 + ".yaml"
    assert len(name) == 244
    (course / "lessons" / name).write_text(LESSON_1.replace("Boiling", "Steam"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "course", "-o", "out", "-q", "--jobs", "1"])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.exception
    assert result.stderr.count("Error: ") == 1, result.stderr
    assert f"lessons/{name}: lesson id 'aaaa" in result.stderr and "too long for a file name" in result.stderr
    assert fakes.said() == []  # refused before any synthesis
    # an id short enough is fine
    (course / "lessons" / name).write_text("id: steam\n" + LESSON_1.replace("Boiling", "Steam"))
    result = CliRunner().invoke(main, ["build", "course", "-o", "out", "-q", "--jobs", "1"])
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- fault 7: damaged clips in the speech cache


def _clips(cache: UtteranceCache) -> list[Path]:
    return sorted(cache.root.glob("??/*.flac"))


def test_damaged_clips_in_the_cache_are_made_again(tmp_path, fakes):
    """A truncated FLAC, an empty folder and an 8 kHz FLAC under clip keys: before, a traceback
    (soundfile's error, IsADirectoryError) or a clip used at the wrong rate; now each is made again
    and the episodes are the same as from a sound cache."""
    course = make_course(tmp_path / "course", COURSE_YAML + "voice:\n  engine: fake\n")
    cache = UtteranceCache(tmp_path / "cache")
    first = build(course, tmp_path / "out1", BuildOptions(jobs=1), cache=cache)
    clips = _clips(cache)
    assert len(clips) >= 3 and all(clip_problem(c, 44100) is None for c in clips)
    cut, folder, slow = clips[:3]
    cut.write_bytes(cut.read_bytes()[: cut.stat().st_size // 3])
    folder.unlink()
    folder.mkdir()
    write_clip(np.zeros(8000, dtype="<i2"), 8000, slow)
    assert [clip_problem(c, 44100) is None for c in (cut, folder, slow)] == [False, False, False]
    said = len(fakes.said())
    second = build(course, tmp_path / "out2", BuildOptions(jobs=1), cache=cache)
    assert second.synthesized == 3 and len(fakes.said()) == said + 3
    assert all(clip_problem(c, 44100) is None for c in (cut, folder, slow))
    assert [e.audio_file for e in second.episodes] == [e.audio_file for e in first.episodes]  # same bytes


def test_a_clip_that_fails_to_decode_is_removed_and_reported_missing(tmp_path):
    path = tmp_path / "ab" / ("ab" + "0" * 62 + ".flac")
    path.parent.mkdir()
    write_clip((np.sin(np.arange(22050) / 5) * 8000).astype("<i2"), 22050, path)
    path.write_bytes(path.read_bytes()[:-500])
    with pytest.raises(FileNotFoundError):
        read_clip(path)
    assert not path.exists()


def test_a_folder_with_files_where_a_clip_belongs_is_one_error(tmp_path):
    cache = UtteranceCache(tmp_path)
    key = "cd" + "1" * 62
    cache.path(key).mkdir(parents=True)
    (cache.path(key) / "keep.txt").write_text("mine")
    with pytest.raises(BuildError) as caught:
        cache.get(key, 44100)
    assert caught.value.file == cache.path(key) and "cannot be removed" in caught.value.problem
    empty = "ce" + "2" * 62
    cache.path(empty).mkdir(parents=True)
    assert cache.get(empty, 44100) is None and not cache.path(empty).exists()  # removed: made again


def test_the_config_reader_names_a_cover_that_is_no_file(tmp_path):
    from narrate.config import load_config

    course = make_course(tmp_path / "course", COURSE_YAML + "cover: art.png\n")
    (course / "art.png").mkdir()
    with pytest.raises(ConfigError) as caught:
        load_config(course / "course.yaml")
    assert caught.value.problem == "cover image is not a regular file: art.png" and caught.value.line == 4
