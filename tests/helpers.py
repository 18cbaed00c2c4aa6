"""Helpers shared by the tests: real audio made and probed with ffmpeg, folder snapshots, a sample
course configuration, and child processes that Ctrl-C can reach.

Import them as ``from helpers import ...`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

from narrate.config import CourseConfig


def make_mp3(
    path: Path, seconds: float, *, source: str = "sine=frequency=440", rate: int = 44100, bitrate: str = "64k"
) -> Path:
    """Encode ``seconds`` of an ffmpeg lavfi ``source`` (a 440 Hz tone; ``"anullsrc"``: silence) as a
    mono CBR MP3 at ``path`` with LAME, without tags. Returns ``path``."""
    generator = f"{source}:sample_rate={rate}" if source.startswith("sine") else f"{source}=r={rate}:cl=mono"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-f", "lavfi", "-i", generator, "-t", f"{seconds:g}", "-ac", "1"]
        + ["-c:a", "libmp3lame", "-b:a", bitrate, "-y", str(path)],
        check=True,
    )
    return path


def probe(path: Path, *entries: str) -> dict:
    """ffprobe's JSON for ``path``, e.g. ``probe(p, "-show_chapters")`` or ``probe(p, "-show_format")``."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", *entries, "-of", "json", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


def probe_chapters(path: Path) -> list[tuple[str, int, int]]:
    """The chapters ffprobe reads from ``path``: ``(title, start_ms, end_ms)`` in file order."""
    return [
        (c.get("tags", {}).get("title", ""), round(float(c["start_time"]) * 1000), round(float(c["end_time"]) * 1000))
        for c in probe(path, "-show_chapters")["chapters"]
    ]


def container_ms(path: Path) -> float:
    """The duration the container states (ffprobe ``format=duration``), in ms; for an MP3 it includes
    LAME's encoder delay and padding."""
    return float(probe(path, "-show_format")["format"]["duration"]) * 1000


def decoded_ms(path: Path, rate: int = 44100) -> float:
    """The duration a player hears, in ms: the samples ffmpeg decodes from ``path`` (gapless: LAME's
    delay and padding removed), as mono s16 at ``rate`` Hz."""
    pcm = subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-i", str(path), "-map", "0:a", "-f", "s16le", "-ac", "1"]
        + ["-ar", str(rate), "-"],
        capture_output=True,
        check=True,
    ).stdout
    return len(pcm) / 2 / rate * 1000


def snapshot(folder: Path, keep: Callable[[Path], bool] = lambda path: True) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` for which ``keep(path)`` holds: relative path → (bytes, mtime in ns).
    A symbolic link is recorded as its target (mtime 0). A missing folder is empty."""
    if not folder.exists():
        return {}
    files = {}
    for path in sorted(folder.rglob("*")):
        if not keep(path):
            continue
        if path.is_symlink():
            files[path.relative_to(folder).as_posix()] = (os.readlink(path).encode(), 0)
        elif path.is_file():
            files[path.relative_to(folder).as_posix()] = (path.read_bytes(), path.stat().st_mtime_ns)
    return files


def sample_config(**changes) -> CourseConfig:
    """A complete course configuration (the one the golden feed was made with), with ``changes``."""
    base = CourseConfig(
        title="Tidal Physics for Walkers",
        author="Orla Penhallow",
        description="Short lessons on why the sea rises and falls, recorded for a coastal walking group.",
        language="en-gb",
        base_url="https://example.org/tides/",
        link="https://example.org/tides/",
        category=("Science", "Earth Sciences"),
        start_date="2026-03-02",
        schedule_days=7,
    )
    return replace(base, **changes)


def with_sigint() -> None:
    """``preexec_fn`` for a child that must stop on Ctrl-C (SIGINT): the default action restored.

    A suite started with SIGINT ignored (``nohup scripts/test.sh &``, or a background job of a
    shell script, as some CI runners start it) passes SIG_IGN on to every child, and a Python child
    that starts with SIGINT ignored never raises KeyboardInterrupt.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# A small course built by a real `narrate build` process, and checks on its output folder.

BASE_URL = "https://example.org/kettles/"
PAUSE_ENV = "NARRATE_TEST_PAUSE_AT"
"""The build's test hook (see ``narrate.publish.output.TEST_PAUSE_ENV``)."""


def write_course(root: Path, version: int, variant: int = 0) -> Path:
    """A two-lesson course; each version (and variant) says different words, so every episode changes."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "lessons").mkdir(exist_ok=True)
    # start_date in the past: every episode is due, so the feed names all of them (none scheduled)
    # espeak-ng named: these builds test other things than the voice chosen (and must stay fast)
    (root / "course.yaml").write_text(
        f"title: Kettle Basics\nbase_url: {BASE_URL}\nstart_date: 2026-01-05\nvoice:\n  engine: pyttsx3\n"
    )
    (root / "lessons" / "01-boiling.yaml").write_text(
        "title: Boiling\nsections:\n  - title: Heat\n    body:\n"
        f"      - A kettle heats water, edition {version}, take {variant}.\n      - Steam rises from the spout.\n"
        # enough new sentences that a build paused after its first utterance is still synthesizing
        # when the test's Ctrl-C arrives, even on an idle machine
        + "".join(f"      - Step {k} of edition {version}, take {variant}, is to wait.\n" for k in range(1, 9))
    )
    (root / "lessons" / "02-scale.md").write_text(
        f"# Scale\n\n## Deposits\n\nHard water leaves scale, edition {version}, take {variant}.\n\n"
        "## Quiz\n\n### What leaves scale?\n\n- [x] Hard water\n- [ ] Soft water\n"
    )
    return root


def build_cmd(course: Path, out: Path, cache: Path, jobs: int = 1) -> list[str]:
    return [
        sys.executable,
        "-m",
        "narrate",
        "build",
        str(course),
        "-o",
        str(out),
        "-q",
        "--jobs",
        str(jobs),
        "--cache-dir",
        str(cache),
    ]


def start_paused(
    course: Path, out: Path, cache: Path, point: str, jobs: int = 1, env: dict | None = None
) -> subprocess.Popen:
    """Start a build (its own process group, Ctrl-C restored) that stops at ``point``: ``synthesis:N``,
    ``encoding:N``, ``publish`` or ``feed`` (see :data:`PAUSE_ENV`); returns once it is there.
    :func:`resume` lets it go on."""
    proc = subprocess.Popen(
        build_cmd(course, out, cache, jobs),
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        preexec_fn=with_sigint,  # Ctrl-C must reach it even when this suite runs with SIGINT ignored
        env={**(env or os.environ), PAUSE_ENV: point},
    )
    line = proc.stderr.readline()  # returns "" if the build ended without reaching the point
    assert line == f"narrate: test pause at {point}\n", line + proc.stderr.read()
    return proc


def resume(proc: subprocess.Popen) -> None:
    proc.stdin.write("\n")
    proc.stdin.flush()


def published(out: Path) -> dict[str, int]:
    """Files the feed names (relative path → expected byte length, or -1 when the feed gives none)."""
    ns = {"podcast": "https://podcastindex.org/namespace/1.0"}
    root = ET.parse(out / "feed.xml").getroot()
    files: dict[str, int] = {}

    def rel(url: str) -> str:
        assert url.startswith(BASE_URL), url
        return unquote(urlparse(url).path)[len(urlparse(BASE_URL).path) :]

    for item in root.iter("item"):
        enclosure = item.find("enclosure")
        files[rel(enclosure.get("url"))] = int(enclosure.get("length"))
        for tag in ("podcast:chapters", "podcast:transcript"):
            for element in item.findall(tag, ns):
                files[rel(element.get("url"))] = -1
    return files


def assert_consistent(out: Path) -> dict[str, int]:
    """The feed parses; every file it names exists whole (exact enclosure length); every MP3 decodes."""
    files = published(out)
    assert any(name.endswith(".mp3") for name in files)
    for name, length in files.items():
        path = out / name
        assert path.is_file(), f"feed names missing file {name}"
        if length >= 0:
            assert path.stat().st_size == length, name
        if name.endswith(".mp3"):
            decode = subprocess.run(
                ["ffmpeg", "-v", "error", "-xerror", "-i", str(path), "-f", "null", "-"], capture_output=True, text=True
            )
            assert decode.returncode == 0 and decode.stderr == "", (name, decode.stderr)
    leftovers = [p for p in out.rglob("*.part") if ".narrate-stage" not in p.parts]
    assert leftovers == []
    return files


@functools.cache
def huge_png(width: int, height: int) -> bytes:
    """A valid black-and-white PNG of ``width`` × ``height`` pixels, all black: a few hundred kB on
    disk for a canvas of any size (a "decompression bomb" when it is large)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = bytes(1 + (width + 7) // 8)  # filter byte 0, then the packed 1-bit samples
    packer = zlib.compressobj(9)
    rows_per_block = max(1, (1 << 22) // len(row))
    idat = b"".join(packer.compress(row * min(rows_per_block, height - y)) for y in range(0, height, rows_per_block))
    idat += packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def assert_matches_golden(text: str, golden: Path) -> None:
    """``text`` equals the golden file; with ``NARRATE_UPDATE_GOLDEN=1`` the file is rewritten first
    (review the diff). The one golden rule of the scripts, dialects and languages tests."""
    if os.environ.get("NARRATE_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"no golden file {golden.name}; run with NARRATE_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def naming_espeak(course_yaml: str) -> str:
    """A course.yaml's text with ``voice.engine: pyttsx3`` (espeak-ng) named in its ``voice:`` section
    (added when it has none): for the tests of other things than the voice a course naming no engine
    gets (that is tests/speech/test_choice*.py's), which stay fast and hear what they always heard."""
    if re.search(r"^voice:", course_yaml, re.M):
        return re.sub(r"^voice:.*$", "voice:\n  engine: pyttsx3", course_yaml, count=1, flags=re.M)
    return course_yaml.rstrip("\n") + "\nvoice:\n  engine: pyttsx3\n"
