"""Levelling and encoding a timeline: one ffmpeg pass per output file.

Loudness (ITU-R BS.1770-4; Apple's podcast targets: -16 LUFS integrated, true peak ≤ -1 dBTP):
the timeline's integrated loudness is measured while it is assembled (:mod:`narrate.audio.timeline`).
Encoding is one ffmpeg pass applying a 12 kHz low-pass, a fixed gain and a fast look-ahead limiter
(``lowpass`` + ``volume`` + ``alimiter``, latency-compensated so timing is unchanged) whose
sample-peak ceiling is :data:`TRUE_PEAK_MARGIN_DB` under the true-peak target, leaving room for
inter-sample peaks and the lossy encoder's overshoot, then a trim for the encoder's own level
change (:func:`codec_gain_db`). When the limiter has work to do (it lowers loudness a little),
:func:`plan_leveling` first corrects the gain with one or two cheap analysis passes over at most a
minute of excerpts. The result is checked on decoded files by the tests (tests/test_package.py).
"""

from __future__ import annotations

import functools
import math
import re
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from narrate.audio.loudness import LoudnessMeter
from narrate.audio.timeline import CHANNELS, SAMPLE_WIDTH, Timeline, require_tool
from narrate.errors import BuildError, Interrupted, NarrateError

TRUE_PEAK_MARGIN_DB = 2.0
"""The limiter's sample-peak ceiling sits this far under the true-peak target (dB)."""
LOUDNESS_TOLERANCE_LU = 0.2
"""The gain search stops once the limited audio is this close to the target (LU)."""
_BAND_LIMIT = "lowpass=f=12000:poles=2:width_type=q:width=0.707"
"""Speech TTS has nothing above ~11 kHz; band-limiting before the limiter keeps the codecs' own
low-pass filters from re-creating the peaks the limiter removed (AAC overshoot: +2 dB → +0.1 dB)."""
_LIMITER = "alimiter=limit={limit:.6f}:attack=0.5:release=5:level=disabled:latency=1"


@dataclass(frozen=True)
class Leveling:
    """How a timeline is levelled when encoded: gain (dB), then a limiter at ``limit_dbfs``.

    ``expected_lufs`` is the integrated loudness of the levelled PCM (before the lossy encoder).
    """

    gain_db: float
    limit_dbfs: float
    expected_lufs: float

    def filters(self, trim_db: float = 0.0) -> str:
        """The ffmpeg audio filter chain; ``trim_db`` is added after the limiter (see :func:`codec_gain_db`)."""
        chain = f"{_BAND_LIMIT},volume={self.gain_db:.3f}dB:precision=double," + _LIMITER.format(
            limit=10 ** (self.limit_dbfs / 20)
        )
        return chain + (f",volume={trim_db:.3f}dB:precision=double" if trim_db else "")


ANALYSIS_SECONDS = 60
"""Audio the gain search analyses: the whole timeline when shorter, else evenly spread excerpts."""
_EXCERPTS = 12


def plan_leveling(timeline: Timeline, target_lufs: float = -16.0, true_peak_dbtp: float = -1.0) -> Leveling:
    """Gain and limiter ceiling that bring ``timeline`` to ``target_lufs`` under ``true_peak_dbtp``.

    The first guess is ``target - measured loudness``. If the gained peaks stay under the limiter
    ceiling the limiter is idle and the guess is exact. Otherwise limiting lowers the loudness by
    an amount that depends on the gain; it is measured on at most :data:`ANALYSIS_SECONDS` of the
    timeline (12 evenly spread excerpts of a long episode, so the cost does not grow with length)
    by at most two analysis passes (ffmpeg filters into ``ebur128`` and a null sink). Between
    passes the gain is corrected with the measured slope of loudness against gain (the secant; 0.6
    before there are two points); it stops within :data:`LOUDNESS_TOLERANCE_LU` of the target, and
    after the second pass the last correction is applied unmeasured.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    limit = true_peak_dbtp - TRUE_PEAK_MARGIN_DB
    if not math.isfinite(timeline.loudness_lufs):
        return Leveling(0.0, limit, timeline.loudness_lufs)
    gain = target_lufs - timeline.loudness_lufs
    if timeline.peak_dbfs + gain <= limit:
        return Leveling(gain, limit, target_lufs)
    with tempfile.TemporaryDirectory(prefix="narrate-level-") as tmp:
        sample = excerpts(timeline, Path(tmp) / "excerpts.pcm")
        points: list[tuple[float, float]] = []
        for _ in range(2):
            # predicted loudness of the whole = its unlimited loudness minus what limiting takes off the sample
            loss = sample.loudness_lufs + gain - analyse(sample, Leveling(gain, limit, target_lufs))
            predicted = timeline.loudness_lufs + gain - loss
            error = target_lufs - predicted
            if abs(error) <= LOUDNESS_TOLERANCE_LU:
                return Leveling(gain, limit, predicted)
            points.append((gain, predicted))
            slope = 0.6  # typical d(loudness)/d(gain) of limited speech
            if len(points) == 2 and points[1][0] != points[0][0]:
                slope = (points[1][1] - points[0][1]) / (points[1][0] - points[0][0])
            slope = min(1.0, max(0.2, slope))
            gain = min(gain + error / slope, gain + 12.0)
    return Leveling(gain, limit, points[-1][1] + (gain - points[-1][0]) * slope)


def excerpts(timeline: Timeline, pcm_path: Path, seconds: int = ANALYSIS_SECONDS) -> Timeline:
    """The timeline itself when it is at most ``seconds`` long; else a new PCM file of 12 excerpts
    spread evenly over it, ``seconds`` in all, separated by 0.5 s of silence (so the limiter sees
    no jumps), with its own measured loudness and peak."""
    rate, width = timeline.sample_rate, SAMPLE_WIDTH * CHANNELS
    if timeline.frames <= seconds * rate:
        return timeline
    length = seconds * rate // _EXCERPTS
    gap = bytes(width * rate // 2)
    meter = LoudnessMeter(rate)
    with open(timeline.pcm_path, "rb") as src, open(pcm_path, "wb") as out:
        for i in range(_EXCERPTS):
            src.seek((timeline.frames - length) * i // (_EXCERPTS - 1) * width)
            chunk = src.read(length * width)
            for data in (chunk, gap):
                out.write(data)
                meter.add(data)
    frames = _EXCERPTS * (length + rate // 2)
    return Timeline(pcm_path, rate, frames, [], [], meter.integrated_lufs(), meter.sample_peak_dbfs)


def analyse(timeline: Timeline, leveling: Leveling) -> float:
    """Integrated loudness (LUFS) of the timeline after ``leveling``, by ffmpeg's ``ebur128``.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing, failed, or printed no summary.
    """
    args = _pcm_input(timeline) + ["-af", leveling.filters() + ",ebur128=framelog=verbose", "-f", "null", "-"]
    result = _run(args)
    return parse_ebur128(result.stderr)[0]


_SUMMARY_I = re.compile(r"I:\s+(-?[\d.]+|-inf)\s+LUFS")
_SUMMARY_PEAK = re.compile(r"Peak:\s+(-?[\d.]+|-inf)\s+dBFS")


def parse_ebur128(stderr: str) -> tuple[float, float | None]:
    """``(integrated LUFS, true peak dBTP or None)`` from the summary ffmpeg's ``ebur128`` prints.

    Raises:
        BuildError: no summary in ``stderr``.
    """
    at = stderr.rfind("Summary:")
    match = _SUMMARY_I.search(stderr, at) if at >= 0 else None
    if not match:
        raise BuildError("ffmpeg printed no loudness summary")
    peak = _SUMMARY_PEAK.search(stderr, at)
    return float(match.group(1)), float(peak.group(1)) if peak else None


def measure_file(path: Path) -> tuple[float, float]:
    """Integrated loudness (LUFS) and true peak (dBTP) of an encoded file, decoded by ffmpeg.

    For tests and ``narrate check``; the build itself never decodes its output.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    result = _run(
        [
            require_tool("ffmpeg"),
            "-hide_banner",
            "-nostats",
            "-nostdin",
            "-i",
            str(path),
            "-af",
            "ebur128=peak=true:framelog=verbose",
            "-f",
            "null",
            "-",
        ]
    )
    lufs, peak = parse_ebur128(result.stderr)
    return lufs, peak if peak is not None else math.inf


@functools.cache
def codec_gain_db(codec: str, bitrate: str, sample_rate: int) -> float:
    """How much the encoder changes integrated loudness (LU), measured once per process and setting.

    LAME's CBR mode plays back about 0.45 dB quieter than its input at every bitrate; AAC is
    level-neutral. A 3-second deterministic test signal (three amplitude-modulated tones) is
    encoded, decoded and measured with :class:`narrate.audio.loudness.LoudnessMeter`; the result is
    rounded to 0.05 dB and limited to ±2 dB. Encoding compensates with the opposite trim.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    t = np.arange(3 * sample_rate) / sample_rate
    wave = sum(
        np.sin(2 * np.pi * f * t) * (0.6 + 0.4 * np.sin(2 * np.pi * m * t))
        for f, m in ((180.0, 3.0), (1100.0, 4.0), (3300.0, 5.0))
    )
    pcm = np.rint(wave / 3 * 0.25 * 32767).astype("<i2").tobytes()
    with tempfile.TemporaryDirectory(prefix="narrate-codec-") as tmp:
        ref = Timeline(Path(tmp) / "ref.pcm", sample_rate, len(t), [], [])
        ref.pcm_path.write_bytes(pcm)
        out = Path(tmp) / ("ref.mp3" if codec == "mp3" else "ref.m4a")
        encode(ref, out, bitrate=bitrate, codec=codec, leveling=Leveling(0.0, 0.0, 0.0), trim=False)
        decoded = subprocess.run(
            [
                require_tool("ffmpeg"),
                "-hide_banner",
                "-nostats",
                "-nostdin",
                "-i",
                str(out),
                "-f",
                "s16le",
                "-ac",
                "1",
                "-ar",
                str(sample_rate),
                "-",
            ],
            capture_output=True,
        )
        if decoded.returncode != 0:
            raise _ffmpeg_error(decoded.returncode, decoded.stderr.decode("utf-8", "replace"))
    before, after = LoudnessMeter(sample_rate), LoudnessMeter(sample_rate)
    before.add(pcm)
    after.add(decoded.stdout[: len(decoded.stdout) - len(decoded.stdout) % 2])
    change = after.integrated_lufs() - before.integrated_lufs()
    return max(-2.0, min(2.0, round(change * 20) / 20)) if math.isfinite(change) else 0.0


LAME_QUALITY = 7
"""LAME's algorithm quality (0 best and slowest ... 9): 7 encodes about twice as fast as LAME's
default (3) at the same bitrate. ``scripts/bench.py`` checks that speech quality holds: PESQ
wide-band (ITU-T P.862.2) of the decoded encode against the levelled PCM, compared with quality 0."""

CODECS = {
    "mp3": [
        "-c:a",
        "libmp3lame",
        "-compression_level",
        str(LAME_QUALITY),
        "-id3v2_version",
        "0",
        "-write_xing",
        "1",
        "-f",
        "mp3",
    ],
    "aac": ["-c:a", "aac", "-aac_coder", "fast", "-movflags", "+faststart", "-brand", "M4B ", "-f", "ipod"],
}


def encode(
    timeline: Timeline,
    out_path: Path,
    *,
    bitrate: str = "64k",
    target_lufs: float = -16.0,
    true_peak_dbtp: float = -1.0,
    codec: str = "mp3",
    leveling: Leveling | None = None,
    frames: tuple[int, int] | None = None,
    metadata_file: Path | None = None,
    cover_file: Path | None = None,
    trim: bool = True,
) -> Leveling:
    """Level and encode the timeline (or frames ``[start, end)`` of it) to ``out_path`` in one ffmpeg pass.

    Args:
        codec: "mp3" (LAME, Xing/LAME gapless header, no tags: see ``narrate.audio.id3``) or "aac"
            (AAC-LC in an MP4 container with brand ``M4B``).
        leveling: gain and limiter to apply (default: :func:`plan_leveling` with the targets).
        frames: encode only this frame range (split files); the samples are piped to ffmpeg.
        metadata_file: an FFMETADATA1 file (tags and chapters) for the MP4 container.
        cover_file: a JPEG or PNG stored as the MP4's cover (``covr``, attached picture).
        trim: compensate the encoder's own loudness change (:func:`codec_gain_db`).

    Returns:
        The leveling used (so other formats of the same timeline can reuse it).

    Raises:
        ToolMissingError: ffmpeg missing.  BuildError: ffmpeg failed.  ValueError: unknown codec.
        Interrupted: ffmpeg was stopped by Ctrl-C (SIGINT).
    """
    if codec not in CODECS:
        raise ValueError(f"unknown codec {codec!r} (expected one of {', '.join(CODECS)})")
    leveling = leveling or plan_leveling(timeline, target_lufs, true_peak_dbtp)
    source = "pipe:0" if frames else None
    args = _pcm_input(timeline, source)
    maps = ["-map", "0:a"]
    if metadata_file is not None:
        args += ["-i", str(metadata_file)]
        maps += ["-map_metadata", "1", "-map_chapters", "1"]
    else:
        maps += ["-map_metadata", "-1", "-map_chapters", "-1"]
    if cover_file is not None:
        args += ["-i", str(cover_file)]
        maps += [
            "-map",
            f"{2 if metadata_file is not None else 1}:v",
            "-c:v",
            "copy",
            "-disposition:v:0",
            "attached_pic",
        ]
    trim_db = -codec_gain_db(codec, bitrate, timeline.sample_rate) if trim else 0.0
    args += maps + [
        "-af",
        leveling.filters(trim_db),
        "-ar",
        str(timeline.sample_rate),
        "-ac",
        str(CHANNELS),
        "-b:a",
        bitrate,
        *CODECS[codec],
        "-y",
        str(out_path),
    ]
    if frames:
        _run_piped(args, timeline.pcm_path, frames[0] * SAMPLE_WIDTH * CHANNELS, frames[1] * SAMPLE_WIDTH * CHANNELS)
    else:
        _run(args)
    return leveling


def _pcm_input(timeline: Timeline, source: str | None = None) -> list[str]:
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


def _run(args: list[str]) -> subprocess.CompletedProcess:
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise _ffmpeg_error(result.returncode, result.stderr)
    return result


_SIGINT_EXIT = f"received signal {signal.SIGINT.value}."


def _ffmpeg_error(returncode: int, stderr: str) -> NarrateError:
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


def _run_piped(args: list[str], pcm_path: Path, start: int, end: int) -> None:
    """Run ffmpeg with bytes ``[start, end)`` of ``pcm_path`` on its standard input."""
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
            raise _ffmpeg_error(code, err.read().decode("utf-8", "replace"))


def _last_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "unknown error"
