"""ffmpeg plumbing: the codecs' arguments, a timeline's raw PCM as input, and running ffmpeg.

Every ffmpeg that levelling (:mod:`narrate.audio.levelling`) and encoding (:mod:`narrate.audio.encoder`,
:mod:`narrate.audio.pieces`) start goes through :func:`run` or :func:`run_piped`: a failure is a
:class:`~narrate.errors.BuildError` with ffmpeg's last line, Ctrl-C an :class:`~narrate.errors.Interrupted`,
and none starts once a build is stopping (:func:`stop_new_runs`).
"""

from __future__ import annotations

import functools
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

from narrate.audio.timeline import CHANNELS, Timeline, require_tool
from narrate.errors import BuildError, Interrupted, NarrateError

LAME_QUALITY = 7
"""LAME's algorithm quality (0 best and slowest ... 9): 7 encodes about twice as fast as LAME's
default (3) at the same bitrate. ``scripts/bench.py`` checks that speech quality holds: PESQ
wide-band (ITU-T P.862.2) of the decoded encode against the levelled PCM, compared with quality 0.
LAME's bit reservoir is off (``-reservoir 0``): every MP3 frame carries its own bits, so frames of
separately encoded pieces can be joined (see :func:`narrate.audio.encoder.encode`); the same benchmark covers it."""

_MP3_MUXER = ["-id3v2_version", "0", "-write_xing", "1", "-f", "mp3"]
"""No ID3 tag (mutagen writes it), an Info frame with LAME's delay and padding (gapless playback)."""

CODECS = {
    "mp3": ["-c:a", "libmp3lame", "-compression_level", str(LAME_QUALITY), "-reservoir", "0", *_MP3_MUXER],
    "aac": ["-c:a", "aac", "-aac_coder", "fast", "-movflags", "+faststart", "-brand", "M4B ", "-f", "ipod"],
}


@functools.cache
def identity() -> str:
    """ffmpeg's version line (``ffmpeg version 5.1.6 ...``; ``ffmpeg`` when it printed none): part of
    every MP3 piece's key, so a new ffmpeg (or LAME) encodes afresh (:mod:`narrate.audio.pieces`).

    Raises:
        ToolMissingError: ffmpeg missing.
    """
    result = subprocess.run([require_tool("ffmpeg"), "-hide_banner", "-version"], capture_output=True, text=True)
    return (result.stdout.splitlines() or ["ffmpeg"])[0]


def pcm_input(timeline: Timeline, source: str | None = None) -> list[str]:
    """The start of an ffmpeg command reading ``timeline``'s raw PCM (s16le mono at its rate) from
    its file, or from ``source`` (``"pipe:0"``: standard input, see :func:`run_piped`).

    Raises:
        ToolMissingError: ffmpeg missing.
    """
    return [
        require_tool("ffmpeg"),
        "-hide_banner",
        "-nostats",
        "-nostdin",
        "-f",
        "s16le",
        "-ar",
        str(timeline.sample_rate),
        "-ac",
        str(CHANNELS),
        "-i",
        source or str(timeline.pcm_path),
    ]


_STOPPING = threading.Event()
"""Set when a build is interrupted or fails: no encoder thread starts another ffmpeg after it (a
thread between two pieces would otherwise start the next one after Ctrl-C)."""


def stop_new_runs() -> None:
    """Start no further ffmpeg in this process's encoder threads (until :func:`allow_new_runs`, which
    :func:`narrate.audio.encoder.prepare` calls for a new build)."""
    _STOPPING.set()


def allow_new_runs() -> None:
    """Let ffmpeg be started again after :func:`stop_new_runs` (a new build)."""
    _STOPPING.clear()


def _starting() -> None:
    if _STOPPING.is_set():
        raise Interrupted()


def run(args: list[str]) -> subprocess.CompletedProcess:
    """Run the ffmpeg command ``args`` to its end, its output captured as text.

    Raises:
        Interrupted: new runs are stopped (:func:`stop_new_runs`), or ffmpeg got Ctrl-C (SIGINT).
        BuildError: ffmpeg failed (with its last line of output).
    """
    _starting()
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise ffmpeg_error(result.returncode, result.stderr)
    return result


_SIGINT_EXIT = f"received signal {signal.SIGINT.value}."


def ffmpeg_error(returncode: int, stderr: str) -> NarrateError:
    """The error for an ffmpeg run that ended with a non-zero ``returncode`` and printed ``stderr``.

    Ctrl-C in a terminal sends SIGINT to every process of the foreground process group, so ffmpeg
    gets it too and may end (``Exiting normally, received signal 2.``, status 255; or killed by the
    signal, status -2) before narrate's own KeyboardInterrupt is raised, and in another thread.
    Such a run is an interruption: :class:`Interrupted` (``Error: interrupted``, exit status 130),
    whichever thread notices first. Any other failure is a :class:`BuildError` with ffmpeg's last
    line of ``stderr``.
    """
    if returncode == -signal.SIGINT or _SIGINT_EXIT in stderr:
        return Interrupted()
    return BuildError(f"ffmpeg failed: {_last_line(stderr)}")


def run_piped(args: list[str], pcm_path: Path, start: int, end: int) -> None:
    """Run the ffmpeg command ``args`` with bytes ``[start, end)`` of ``pcm_path`` on its standard input.

    Raises:
        Interrupted: new runs are stopped (:func:`stop_new_runs`), or ffmpeg got Ctrl-C (SIGINT).
        BuildError: ffmpeg failed (with its last line of output).
    """
    _starting()
    with tempfile.TemporaryFile() as err, open(pcm_path, "rb") as src:
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err)
        assert proc.stdin is not None  # stdin=PIPE
        src.seek(start)
        remaining = end - start
        try:
            while remaining > 0:
                chunk = src.read(min(remaining, 1 << 20))
                if not chunk:
                    break
                proc.stdin.write(chunk)
                remaining -= len(chunk)
        except BrokenPipeError:
            pass
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass
        code = proc.wait()
        if code != 0:
            err.seek(0)
            raise ffmpeg_error(code, err.read().decode("utf-8", "replace"))


def _last_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "unknown error"
