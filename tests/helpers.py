"""Helpers shared by the tests: real audio made and probed with ffmpeg, folder snapshots, a sample
course configuration, and child processes that Ctrl-C can reach.

Import them as ``from helpers import ...`` (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

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
