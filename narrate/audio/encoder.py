"""Levelling and encoding a timeline: one ffmpeg pass per output file.

Loudness (ITU-R BS.1770-4; Apple's podcast targets: -16 LUFS integrated, true peak ≤ -1 dBTP):
the timeline's integrated loudness is measured while it is assembled (:mod:`narrate.audio.timeline`).
Encoding is one ffmpeg pass applying a 12 kHz low-pass, a fixed gain and a fast look-ahead limiter
(``lowpass`` + ``volume`` + ``alimiter``, latency-compensated so timing is unchanged) whose
sample-peak ceiling is :data:`TRUE_PEAK_MARGIN_DB` under the true-peak target, leaving room for
inter-sample peaks and the lossy encoder's overshoot, then a trim for the encoder's own level
change (:func:`codec_gain_db`). When the limiter has work to do (it lowers loudness a little),
:func:`plan_leveling` first corrects the gain with one cheap analysis pass (rarely two) over at most
45 s of excerpts. The result is checked on decoded files by the tests (tests/test_package.py).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import math
import re
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from fastcrc import crc16

from narrate.audio.loudness import LoudnessMeter
from narrate.audio.timeline import CHANNELS, SAMPLE_WIDTH, Timeline, mp3_frame_samples, require_tool
from narrate.errors import BuildError, Interrupted, NarrateError, warn

TRUE_PEAK_MARGIN_DB = 2.0
"""The limiter's sample-peak ceiling sits this far under the true-peak target (dB)."""
LOUDNESS_TOLERANCE_LU = 0.2
"""The gain search stops once the limited audio is this close to the target (LU)."""
GAIN_STEP_DB = 0.1
"""Gains are rounded to this step (dB), so that a small edit mostly leaves an episode's gain, and so
its other MP3 pieces, as they were (see :func:`encode`); it moves the loudness by at most half a step."""
_BAND_LIMIT = "lowpass=f=12000:poles=2:width_type=q:width=0.707"
"""Speech TTS has nothing above ~11 kHz; band-limiting before the limiter keeps the codecs' own
low-pass filters from re-creating the peaks the limiter removed (AAC overshoot: +2 dB → +0.1 dB)."""
_LIMITER = "alimiter=limit={limit:.6f}:attack=0.5:release=5:level=disabled:latency=1"


@dataclass(frozen=True)
class Leveling:
    """How a timeline is levelled when encoded: gain (dB), then a limiter at ``limit_dbfs``.

    ``expected_lufs`` is the integrated loudness of the levelled PCM (before the lossy encoder).
    ``after_db`` is a gain after the limiter, set when an encoded file was measured off target (see
    :func:`correction`).
    """

    gain_db: float
    limit_dbfs: float
    expected_lufs: float
    after_db: float = 0.0

    def filters(self, trim_db: float = 0.0) -> str:
        """The ffmpeg audio filter chain; ``trim_db`` (see :func:`codec_gain_db`) and ``after_db`` are
        added after the limiter."""
        chain = f"{_BAND_LIMIT},{_gain_and_limit(self.gain_db, self.limit_dbfs)}"
        after = round(trim_db + self.after_db, 6)
        return chain + (f",volume={after:.3f}dB:precision=double" if after else "")


def _gain_and_limit(gain_db: float, limit_dbfs: float) -> str:
    """The filters of a gain (dB) and the limiter at ``limit_dbfs``, as every leveling applies them."""
    return f"volume={gain_db:.3f}dB:precision=double," + _LIMITER.format(limit=10 ** (limit_dbfs / 20))


CHECKED_BELOW_HZ = 32000
CHECKED_BELOW_KBPS = 32
"""Episodes at a sample rate under :data:`CHECKED_BELOW_HZ` or a bitrate under this (kbit/s) are
measured once encoded (:func:`needs_measuring`): there the codec itself moves loudness and peaks
(at 8 kHz and 8 kbit/s LAME came out 1.5 LU loud with a true peak of 0 dBTP; peaks of sparse clicks
at 24 kHz reached +3 dBTP), more than the limiter's margin and :func:`codec_gain_db` allow for."""


def needs_measuring(sample_rate: int, bitrate: str) -> bool:
    """Whether files encoded at ``sample_rate`` (Hz) and ``bitrate`` (``"64k"``) are measured and,
    when off target, encoded again (see :func:`correction`)."""
    kbps = int(bitrate.rstrip("kK")) if bitrate.rstrip("kK").isdigit() else CHECKED_BELOW_KBPS
    return sample_rate < CHECKED_BELOW_HZ or kbps < CHECKED_BELOW_KBPS


PEAK_GUARD_DB = 0.1
"""Measured true peaks must sit this far under the ceiling: ffmpeg prints them to 0.1 dB."""


def correction(
    leveling: Leveling, measured_lufs: float, true_peak: float, target_lufs: float, true_peak_dbtp: float
) -> Leveling | None:
    """The leveling that moves an encoded file measured at ``measured_lufs`` (ITU-R BS.1770
    integrated) and ``true_peak`` (dBTP) to the targets, or None when it is within 0.5 LU of
    ``target_lufs`` and :data:`PEAK_GUARD_DB` under ``true_peak_dbtp``: the difference in loudness is
    made up after the limiter (which moves loudness and peaks alike), and a peak still over the
    ceiling then lowers the limiter by the excess and 0.3 dB more (the next measurement makes up
    the loudness that costs)."""
    off = target_lufs - measured_lufs
    off = off if abs(off) > 0.5 else 0.0
    excess = true_peak + off - (true_peak_dbtp - PEAK_GUARD_DB)
    if not off and excess <= 0:
        return None
    limit = leveling.limit_dbfs - (excess + 0.3 if excess > 0 else 0.0)
    return Leveling(leveling.gain_db, round(limit, 3), leveling.expected_lufs, round(leveling.after_db + off, 3))


ANALYSIS_SECONDS = 45
"""Audio the gain search analyses: the whole timeline when at most twice as long, else 12 excerpts."""
_EXCERPTS = 12


def plan_leveling(timeline: Timeline, target_lufs: float = -16.0, true_peak_dbtp: float = -1.0) -> Leveling:
    """Gain and limiter ceiling that bring ``timeline`` to ``target_lufs`` under ``true_peak_dbtp``.

    The first guess is ``target - measured loudness``. If the gained peaks stay under the limiter
    ceiling the limiter is idle and the guess is exact. Otherwise limiting lowers the loudness by
    an amount that depends on the gain; it is measured on at most :data:`ANALYSIS_SECONDS` of the
    timeline (12 excerpts of a long episode, so the cost does not grow with length). One ffmpeg
    pass (:func:`analyse_gains`) measures it at the first guess and at :data:`SEARCH_STEP_DB` above
    it (what limited speech typically needs), and the gain is read off the measured points
    (:func:`_read_gain`: interpolated when they bracket the target). Only when the target lies
    outside them and the reading lands more than 1 dB beyond them is that gain measured too, and the
    gain read again from all three points. The result is rounded to :data:`GAIN_STEP_DB`.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    limit = true_peak_dbtp - TRUE_PEAK_MARGIN_DB
    if not math.isfinite(timeline.loudness_lufs):
        return Leveling(0.0, limit, timeline.loudness_lufs)
    gain = _step(target_lufs - timeline.loudness_lufs)
    if timeline.peak_dbfs + gain <= limit:
        return Leveling(gain, limit, timeline.loudness_lufs + gain)
    gain = target_lufs - timeline.loudness_lufs  # the search runs unrounded; only its result is rounded
    with tempfile.TemporaryDirectory(prefix="narrate-level-") as tmp:
        sample = excerpts(timeline, Path(tmp) / "excerpts.pcm")

        def predicted(gains: list[float]) -> list[tuple[float, float]]:
            # the whole's loudness = its unlimited loudness minus what limiting takes off the sample
            measured = analyse_gains(sample, gains, limit)
            return [(g, timeline.loudness_lufs + g - (sample.loudness_lufs + g - m)) for g, m in zip(gains, measured)]

        first = gain
        points = predicted([gain, gain + SEARCH_STEP_DB])
        gain, anchor, slope, bracketed = _read_gain(points, target_lufs)
        gain = min(gain, first + 12.0)
        low, high = min(g for g, _ in points), max(g for g, _ in points)
        unusual = not 0.2 <= slope <= 1.0
        if not bracketed and not low - 1.0 <= gain <= high + 1.0:
            points += predicted([gain])  # far outside the measured points: measure there too
            gain, anchor, slope, _ = _read_gain(points, target_lufs)
            unusual = True
        for _ in range(UNUSUAL_PASSES if unusual else 0):
            # loudness that does not follow gain as speech's does (a jump where blocks cross
            # BS.1770's relative gate, e.g. sparse clicks): measure where the points say, until close
            if min(abs(target_lufs - p) for _, p in points) <= LOUDNESS_TOLERANCE_LU:
                break
            points += predicted([gain])
            gain, anchor, slope, _ = _read_gain(points, target_lufs)
        if unusual:  # never a reading between two points the loudness jumps between: the nearest measured
            anchor = min(points, key=lambda point: abs(target_lufs - point[1]))
            gain, slope = anchor[0], 0.0
            if abs(target_lufs - anchor[1]) > 1.0:
                warn(
                    f"an episode's loudness jumps with its gain (BS.1770's gates; sparse clicks or similar): "
                    f"{anchor[1]:.1f} LUFS is the nearest to the {target_lufs:g} LUFS target"
                )
    rounded = _step(gain)
    return Leveling(rounded, limit, anchor[1] + (rounded - anchor[0]) * slope)


UNUSUAL_PASSES = 4
"""Passes more the gain search may make when loudness does not follow gain as speech's does."""


def _read_gain(points: list[tuple[float, float]], target_lufs: float) -> tuple[float, tuple[float, float], float, bool]:
    """The gain (dB) that the measured ``(gain, loudness)`` points give for ``target_lufs``: a point
    within :data:`LOUDNESS_TOLERANCE_LU` of it (the nearest); else the line between the two points
    next to each other in gain that bracket the target; else the line from the point nearest the
    target with the slope to its neighbour, kept within 0.2-1.0 (0.6, typical of limited speech,
    with one point). Returns the gain, the point it was read from, the slope, and whether the
    target was bracketed."""
    close = [p for p in points if abs(target_lufs - p[1]) <= LOUDNESS_TOLERANCE_LU]
    if close:
        near = min(close, key=lambda p: abs(target_lufs - p[1]))
        return near[0], near, 0.6, True
    ordered = sorted(points)
    for (ga, pa), (gb, pb) in zip(ordered, ordered[1:]):
        if min(pa, pb) <= target_lufs <= max(pa, pb) and pa != pb and ga != gb:
            slope = (pb - pa) / (gb - ga)
            return ga + (target_lufs - pa) / slope, (ga, pa), slope, True
    near = min(ordered, key=lambda p: abs(target_lufs - p[1]))
    at = ordered.index(near)
    other = ordered[at + 1] if at + 1 < len(ordered) else ordered[at - 1] if at else None
    slope = 0.6 if other is None or other[0] == near[0] else (other[1] - near[1]) / (other[0] - near[0])
    slope = min(1.0, max(0.2, slope))
    return near[0] + (target_lufs - near[1]) / slope, near, slope, False


SEARCH_STEP_DB = 1.7
"""The gain search's second point, above the first guess (dB): limiting takes about 1 LU off
espeak-ng's and Piper's speech at -16 LUFS, which a slope of about 0.6 makes up in 1.7 dB."""


def _step(gain_db: float) -> float:
    """``gain_db`` rounded to :data:`GAIN_STEP_DB`."""
    return round(round(gain_db / GAIN_STEP_DB) * GAIN_STEP_DB, 6)


def excerpts(timeline: Timeline, pcm_path: Path, seconds: int = ANALYSIS_SECONDS) -> Timeline:
    """The timeline itself when it is at most twice ``seconds`` long (cheap enough, and exact: a
    short episode's loudness can hang on a few blocks near BS.1770's gates, e.g. a jingle of sparse
    clicks, which excerpts would miss); else a new PCM file of 12 excerpts (:func:`excerpt_starts`),
    ``seconds`` in all, separated by 0.5 s of silence (so the limiter sees no jumps), with its own
    measured loudness and peak."""
    rate, width = timeline.sample_rate, SAMPLE_WIDTH * CHANNELS
    if timeline.frames <= 2 * seconds * rate:
        return timeline
    length = seconds * rate // _EXCERPTS
    gap = bytes(width * (rate // 2))  # half a second of whole samples (an odd rate: 11025)
    meter = LoudnessMeter(rate)
    starts = excerpt_starts(timeline, length)
    with open(timeline.pcm_path, "rb") as src, open(pcm_path, "wb") as out:
        for start in starts:
            src.seek(start * width)
            chunk = src.read(length * width)
            for data in (chunk, gap):
                out.write(data)
                meter.add(data)
    frames = len(starts) * (length + rate // 2)
    return Timeline(pcm_path, rate, frames, [], [], meter.integrated_lufs(), meter.sample_peak_dbfs)


def excerpt_starts(timeline: Timeline, length: int) -> list[int]:
    """Where the gain search's excerpts of ``length`` frames start (at most 12).

    With chapters (``piece_starts``), 11 are placed from chapter starts: the first window of 11
    chapters chosen evenly when there are 11 or more, else up to ``ceil(11 / chapters)``
    consecutive windows from each chapter's start (while the chapter lasts); the 12th is the
    episode's end (an outro jingle is measured too). So an edit moves only the excerpts of its own
    chapter (the end window holds the same samples wherever it starts), and the gain of an edited
    episode (hence its other MP3 pieces) mostly stays as it was. Without chapters: 12 windows
    evenly spread.
    """
    last = timeline.frames - length
    if not timeline.piece_starts:
        return [last * i // (_EXCERPTS - 1) for i in range(_EXCERPTS)]
    bounds = [0, *timeline.piece_starts, timeline.frames]
    chapters = list(zip(bounds, bounds[1:]))
    windows = _EXCERPTS - 1  # and one at the very end: an outro is heard too, and an edit moves it not
    if len(chapters) >= windows:
        starts = [chapters[i * len(chapters) // windows][0] for i in range(windows)]
    else:
        per = -(-windows // len(chapters))
        starts = [a + k * length for a, b in chapters for k in range(per) if k == 0 or a + k * length < b][:windows]
    return [min(start, last) for start in starts] + [last]


def analyse(timeline: Timeline, leveling: Leveling) -> float:
    """Integrated loudness (LUFS) of the timeline after ``leveling``, by ffmpeg's ``ebur128``.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing, failed, or printed no summary.
    """
    args = _pcm_input(timeline) + ["-af", leveling.filters() + ",ebur128=framelog=verbose", "-f", "null", "-"]
    result = _run(args)
    return parse_ebur128(result.stderr)[0]


def analyse_gains(timeline: Timeline, gains: Sequence[float], limit_dbfs: float) -> list[float]:
    """Integrated loudness (LUFS) of the timeline levelled at each of ``gains`` (dB) with the limiter
    at ``limit_dbfs``: one ffmpeg pass, the band limit applied once and split into one branch
    (gain, limiter, ``ebur128``) per gain. Each equals :func:`analyse` with that leveling.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing, failed, or printed fewer summaries.
    """
    if len(gains) == 1:
        return [analyse(timeline, Leveling(gains[0], limit_dbfs, 0.0))]
    graph = f"[0:a]{_BAND_LIMIT},asplit={len(gains)}" + "".join(f"[g{i}]" for i in range(len(gains)))
    outputs: list[str] = []
    for i, gain in enumerate(gains):
        graph += f";[g{i}]{_gain_and_limit(gain, limit_dbfs)},ebur128=framelog=verbose[m{i}]"
        outputs += ["-map", f"[m{i}]", "-f", "null", "-"]
    stderr = _run(_pcm_input(timeline) + ["-filter_complex", graph, *outputs]).stderr
    found: dict[int, float] = {}
    for name, block in re.findall(r"\[Parsed_ebur128_(\d+) @ [^\]]*\] Summary:(.*?)(?=\[Parsed_|\Z)", stderr, re.S):
        found[int(name)] = parse_ebur128("Summary:" + block)[0]
    if len(found) != len(gains):
        raise BuildError(f"ffmpeg printed {len(found)} loudness summaries for {len(gains)} gains")
    return [found[k] for k in sorted(found)]


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


_MEASURED: dict[tuple[str, str, int], float] = {}
_MEASURING = threading.Lock()


def codec_gain_db(codec: str, bitrate: str, sample_rate: int) -> float:
    """How much the encoder changes integrated loudness (LU), measured once per process and setting
    (a caller that comes while another thread measures it waits for that result; see :func:`prepare`).

    LAME's CBR mode plays back about 0.45 dB quieter than its input at every bitrate; AAC is
    level-neutral. A 3-second deterministic test signal (three amplitude-modulated tones) is
    encoded, decoded and measured with :class:`narrate.audio.loudness.LoudnessMeter`; the result is
    rounded to 0.05 dB and limited to ±2 dB. Encoding compensates with the opposite trim.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    with _MEASURING:
        setting = (codec, bitrate, sample_rate)
        if setting not in _MEASURED:
            _MEASURED[setting] = _measure_codec_gain(codec, bitrate, sample_rate)
        return _MEASURED[setting]


def prepare(codecs: Sequence[str], bitrate: str, sample_rate: int) -> None:
    """Start measuring :func:`codec_gain_db` for ``codecs`` (and reading ffmpeg's version) in a
    background thread, so the first encode of a build finds them ready instead of waiting about
    0.2 s for them after the episode is assembled. Failures are left for the encode to report.
    A new build: ffmpeg may be started again (see :func:`stop_new_runs`)."""
    _STOPPING.clear()

    def measure() -> None:
        try:
            _ffmpeg_identity()
            for codec in codecs:
                codec_gain_db(codec, bitrate, sample_rate)
        except BaseException:  # noqa: BLE001 - the encode that needs it measures again and raises
            pass

    threading.Thread(target=measure, name="narrate-codec-gain", daemon=True).start()


def _measure_codec_gain(codec: str, bitrate: str, sample_rate: int) -> float:
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
wide-band (ITU-T P.862.2) of the decoded encode against the levelled PCM, compared with quality 0.
LAME's bit reservoir is off (``-reservoir 0``): every MP3 frame carries its own bits, so frames of
separately encoded pieces can be joined (see :func:`encode`); the same benchmark covers it."""

_MP3_MUXER = ["-id3v2_version", "0", "-write_xing", "1", "-f", "mp3"]
"""No ID3 tag (mutagen writes it), an Info frame with LAME's delay and padding (gapless playback)."""

CODECS = {
    "mp3": ["-c:a", "libmp3lame", "-compression_level", str(LAME_QUALITY), "-reservoir", "0", *_MP3_MUXER],
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
    store: PieceStore | None = None,
    parallel: int = 1,
) -> Leveling:
    """Level and encode the timeline (or frames ``[start, end)`` of it) to ``out_path``.

    A whole timeline with ``piece_starts`` (its chapters) is encoded to MP3 in pieces, one per
    chapter (:func:`plan_pieces`), joined frame by frame: a piece already in ``store`` (encoded
    before from the same samples and settings) is reused, the others are encoded by up to
    ``parallel`` ffmpeg processes at once (fewer while other episodes are being encoded). The
    result does not depend on ``store`` or ``parallel``: the same timeline gives the same bytes.
    Anything else is one ffmpeg pass.

    Args:
        codec: "mp3" (LAME, Xing/LAME gapless header, no tags: see ``narrate.audio.id3``) or "aac"
            (AAC-LC in an MP4 container with brand ``M4B``).
        leveling: gain and limiter to apply (default: :func:`plan_leveling` with the targets).
        frames: encode only this frame range (split files); the samples are piped to ffmpeg.
        metadata_file: an FFMETADATA1 file (tags and chapters) for the MP4 container.
        cover_file: a JPEG or PNG stored as the MP4's cover (``covr``, attached picture).
        trim: compensate the encoder's own loudness change (:func:`codec_gain_db`).
        store: where MP3 pieces are kept between builds (None: nowhere).
        parallel: ffmpeg processes the pieces of this encode may use at once.

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
    if codec == "mp3" and not frames and metadata_file is None and cover_file is None:
        pieces = plan_pieces(timeline.frames, timeline.piece_starts, mp3_frame_samples(timeline.sample_rate))
        if len(pieces) > 1:
            _encode_pieces(timeline, out_path, pieces, leveling.filters(trim_db), bitrate, store, parallel)
            return leveling
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
    if codec == "mp3":
        fix_padding(out_path, (frames[1] - frames[0]) if frames else timeline.frames, timeline.sample_rate)
    return leveling


class PieceStore(Protocol):
    """Where encoded MP3 pieces are kept between builds, by key (see :func:`encode`)."""

    def get_piece(self, key: str) -> bytes | None: ...

    def put_piece(self, key: str, data: bytes) -> None: ...


PIECE_ROLL_FRAMES = (2, 1)
"""MP3 frames of the real audio before and after a piece that its encoder is also given (and whose
output is dropped), so the frames at a join are encoded as in one pass: an MP3 frame's samples
depend on the frames around it (the overlapping MDCT windows, the polyphase filter bank, LAME's
look-ahead). Measured on speech and on a tone running through the join: with (2, 1) the decoded
join equals the one-pass encode's; without the frame after, a sound crossing the join clicks."""
_PIECE_FORMAT = 1


@dataclass(frozen=True)
class Piece:
    """One piece of an MP3 encode: the MP3 frames that stand for timeline frames ``[start, end)``.

    Its encoder is fed timeline frames ``[read_from, read_to)``: the piece and up to
    :data:`PIECE_ROLL_FRAMES` MP3 frames of audio around it. The first ``skip`` MP3 frames it
    writes stand for the audio before ``start`` and are dropped; the next ``keep`` are kept (None,
    for the last piece: all the rest, ending with the encoder's final padding).
    """

    start: int
    end: int
    read_from: int
    read_to: int
    skip: int
    keep: int | None


def plan_pieces(
    frames: int,
    starts: Sequence[int],
    grid: int,
    before: int = PIECE_ROLL_FRAMES[0],
    after: int = PIECE_ROLL_FRAMES[1],
) -> list[Piece]:
    """The pieces of a ``frames``-long timeline cut at ``starts`` (see :class:`Piece`), each fed
    ``before`` and ``after`` MP3 frames of the audio around it.

    MP3 frame ``j`` of an encode of the whole timeline stands for samples ``[j·grid - 576,
    (j+1)·grid - 576)`` (LAME's delay); an encode fed from sample ``read_from``, a multiple of
    ``grid``, writes the same frames from ``j = read_from / grid`` on. So pieces that start on the
    grid join into one stream of the whole timeline's frames, delay and padding.

    Raises:
        ValueError: a start is not a multiple of ``grid``.
    """
    cuts = sorted({s for s in starts if 0 < s < frames})
    if any(s % grid for s in cuts):
        raise ValueError(f"MP3 pieces must start on the {grid}-sample frame grid: {list(starts)}")
    bounds = [0, *cuts, frames]
    pieces = []
    for i, (start, end) in enumerate(zip(bounds, bounds[1:])):
        last = i == len(bounds) - 2
        read_from = max(0, start - before * grid)
        read_to = frames if last else min(frames, end + after * grid)
        keep = None if last else (end - start) // grid
        pieces.append(Piece(start, end, read_from, read_to, (start - read_from) // grid, keep))
    return pieces


@functools.cache
def _ffmpeg_identity() -> str:
    """ffmpeg's version line: part of every piece's key, so a new ffmpeg (or LAME) encodes afresh."""
    result = subprocess.run([require_tool("ffmpeg"), "-hide_banner", "-version"], capture_output=True, text=True)
    return (result.stdout.splitlines() or ["ffmpeg"])[0]


def _piece_key(timeline: Timeline, piece: Piece, chain: str, bitrate: str) -> str:
    """SHA-256 of what a piece's MP3 frames depend on: its samples, cut, filters and encoder settings."""
    sha = hashlib.sha256()
    header = [_PIECE_FORMAT, _ffmpeg_identity(), chain, bitrate, timeline.sample_rate, CODECS["mp3"]]
    header += [piece.skip, piece.keep, piece.read_to - piece.read_from]
    sha.update(repr(header).encode("utf-8"))
    width = SAMPLE_WIDTH * CHANNELS
    with open(timeline.pcm_path, "rb") as pcm:
        pcm.seek(piece.read_from * width)
        remaining = (piece.read_to - piece.read_from) * width
        while remaining > 0:
            block = pcm.read(min(remaining, 1 << 20))
            if not block:
                break
            sha.update(block)
            remaining -= len(block)
    return sha.hexdigest()


_active_lock = threading.Lock()
_active_encodes = 0


@contextlib.contextmanager
def _share(parallel: int) -> Iterator[int]:
    """How many ffmpeg processes this encode may run: ``parallel`` less the other encodes running."""
    global _active_encodes
    with _active_lock:
        _active_encodes += 1
        share = max(1, parallel - (_active_encodes - 1))
    try:
        yield share
    finally:
        with _active_lock:
            _active_encodes -= 1


def _encode_pieces(
    timeline: Timeline,
    out_path: Path,
    pieces: list[Piece],
    chain: str,
    bitrate: str,
    store: PieceStore | None,
    parallel: int,
) -> None:
    """Encode ``pieces`` of ``timeline`` (reusing those in ``store``), join them into ``out_path``."""
    keys = [_piece_key(timeline, p, chain, bitrate) for p in pieces]
    found: dict[int, bytes] = {}
    if store is not None:
        for i, key in enumerate(keys):
            data = _unsealed(store.get_piece(key))
            if data is not None and _valid_piece(data, pieces[i]):
                found[i] = data
    todo = [i for i in range(len(pieces)) if i not in found]
    with tempfile.TemporaryDirectory(prefix="narrate-pieces-") as tmp, _share(parallel) as share:
        groups = _groups(todo, pieces, share)
        if len(groups) <= 1:
            results = [_encode_group(timeline, g, pieces, chain, bitrate, Path(tmp)) for g in groups]
        else:
            with ThreadPoolExecutor(max_workers=len(groups), thread_name_prefix="narrate-piece") as pool:
                results = list(
                    pool.map(lambda g: _encode_group(timeline, g, pieces, chain, bitrate, Path(tmp)), groups)
                )
        for made in results:
            for i, data in made.items():
                found[i] = data
                if store is not None:
                    store.put_piece(keys[i], _sealed(data))
        grid = mp3_frame_samples(timeline.sample_rate)
        out_path.write_bytes(_join([found[i] for i in range(len(pieces))], timeline.frames, grid))


def _groups(todo: list[int], pieces: list[Piece], share: int) -> list[list[int]]:
    """``todo`` split into at most ``share`` runs of about the same number of samples (in order)."""
    if not todo:
        return []
    total = sum(pieces[i].read_to - pieces[i].read_from for i in todo)
    count = max(1, min(share, len(todo)))
    groups: list[list[int]] = [[]]
    done = 0
    for i in todo:
        if groups[-1] and len(groups) < count and done >= total * len(groups) / count:
            groups.append([])
        groups[-1].append(i)
        done += pieces[i].read_to - pieces[i].read_from
    return groups


_BLOCK = 65536
"""Samples per block in the filter graph of a piece encode (the samples are the same)."""


def _encode_group(
    timeline: Timeline, group: list[int], pieces: list[Piece], chain: str, bitrate: str, tmp: Path
) -> dict[int, bytes]:
    """Encode the pieces ``group`` in one ffmpeg process (one branch of the filter graph and one
    output per piece, fed the samples they need on standard input); piece index → its stored form."""
    low = min(pieces[i].read_from for i in group)
    high = max(pieces[i].read_to for i in group)
    # ffmpeg reads raw PCM 1024 samples at a time, and each block would pass every branch's atrim
    # (about 15 % more CPU with 12 branches): the samples are first regrouped in large blocks
    split = f"asplit={len(group)}" if len(group) > 1 else "anull"
    graph = f"[0:a]asetnsamples=n={_BLOCK}:p=0,{split}" + "".join(f"[s{j}]" for j in range(len(group)))
    for j, i in enumerate(group):
        p = pieces[i]
        graph += (
            f";[s{j}]atrim=start_sample={p.read_from - low}:end_sample={p.read_to - low},"
            f"asetpts=PTS-STARTPTS,{chain}[o{j}]"
        )
    args = _pcm_input(timeline, None if low == 0 else "pipe:0") + ["-filter_complex", graph]
    for j, i in enumerate(group):
        args += ["-map", f"[o{j}]", "-ar", str(timeline.sample_rate), "-ac", str(CHANNELS), "-b:a", bitrate]
        args += [*CODECS["mp3"], "-y", str(tmp / f"piece-{i}.mp3")]
    width = SAMPLE_WIDTH * CHANNELS
    if low == 0:  # from the start: ffmpeg reads the file itself (and stops when every piece is done)
        _run(args)
    else:
        _run_piped(args, timeline.pcm_path, low * width, high * width)
    return {i: _cut((tmp / f"piece-{i}.mp3").read_bytes(), pieces[i]) for i in group}


def _frame_offsets(data: bytes) -> list[int]:
    """Byte offsets of the MPEG audio frames in ``data`` (which holds nothing else), then its length.

    A frame whose header differs from the one before (the first; the Info frame, which ffmpeg writes
    at a higher bitrate when the stream's frames are too small to hold it) is read by mutagen
    (``mutagen.mp3.MPEGFrame``); the frames of a constant-bitrate stream then differ only in their
    padding bit (one more byte), so the rest are walked by checking each header against it.

    Raises:
        BuildError: ``data`` is not a run of whole MPEG audio frames.
    """
    offsets: list[int] = []
    at, end = 0, len(data)
    same, base = b"", 0
    while at < end:
        if end - at < 4 or data[at] != 0xFF:
            raise BuildError(f"ffmpeg wrote a broken MP3 frame at byte {at}")
        if not same or data[at + 1] != same[0] or (data[at + 2] ^ same[1]) & 0xFD:
            same = data[at + 1 : at + 3]
            base = _frame_length(data, at) - ((data[at + 2] >> 1) & 1)  # the frame's length without padding
        offsets.append(at)
        at += base + ((data[at + 2] >> 1) & 1)
    if at != end:
        raise BuildError("ffmpeg wrote a truncated MP3 frame")
    return offsets + [end]


def _cut(data: bytes, piece: Piece) -> bytes:
    """A piece's stored form from its encode ``data`` (an Info frame, then MP3 frames): the Info
    frame (its delay and padding) followed by the kept frames.

    Raises:
        BuildError: fewer frames than the piece keeps.
    """
    offsets = _frame_offsets(data)
    frames = len(offsets) - 2  # after the Info frame
    first = 1 + piece.skip
    last = frames + 1 if piece.keep is None else first + piece.keep
    if last > frames + 1 or first > last:
        raise BuildError(f"the MP3 encoder wrote {frames} frames; a piece needs {piece.skip} + {piece.keep}")
    return data[: offsets[1]] + data[offsets[first] : offsets[last]]


def _valid_piece(data: bytes, piece: Piece) -> bool:
    """Whether stored piece ``data`` is an Info frame and whole MP3 frames, as many as ``piece``
    keeps (the last piece: as many as its own encode wrote, by its Info frame, less those skipped)."""
    try:
        offsets = _frame_offsets(data)
    except BuildError:
        return False
    at = _xing_offset(data[: offsets[1]]) if len(offsets) > 1 else None
    if at is None:
        return False
    kept = len(offsets) - 2
    if piece.keep is not None:
        return kept == piece.keep
    return kept == int.from_bytes(data[at + 8 : at + 12], "big") - piece.skip


_SEAL = b"narrate MP3 piece 1\n"


def _sealed(data: bytes) -> bytes:
    """A piece as the store keeps it: a header line and the SHA-256 of its bytes, then the bytes."""
    return _SEAL + hashlib.sha256(data).digest() + data


def _unsealed(stored: bytes | None) -> bytes | None:
    """The piece a store returned, or None when it is not one this version wrote whole."""
    if stored is None or not stored.startswith(_SEAL):
        return None
    digest, data = stored[len(_SEAL) : len(_SEAL) + 32], stored[len(_SEAL) + 32 :]
    return data if hashlib.sha256(data).digest() == digest else None


def _xing_offset(frame: bytes) -> int | None:
    """Where the Xing/Info tag starts in an MP3 frame (after the side information), or None."""
    for tag in (b"Info", b"Xing"):
        at = frame.find(tag, 4, 40)
        if at >= 0:
            return at
    return None


def _join(stored: list[bytes], samples: int, grid: int) -> bytes:
    """One MP3 stream of ``samples`` samples from the stored pieces in order: the first piece's Info
    frame rewritten for the whole stream (:func:`_finish_info`), then every piece's frames."""
    walked = [_frame_offsets(data) for data in stored]
    info_ends = [offsets[1] for offsets in walked]
    info = bytearray(stored[0][: info_ends[0]])
    at = _xing_offset(bytes(info))
    if at is None:
        raise BuildError("an MP3 piece has no Info frame")
    sizes = [b - a for offsets in walked for a, b in zip(offsets[1:], offsets[2:])]  # each audio frame's bytes
    audio = b"".join(data[end:] for data, end in zip(stored, info_ends))
    _finish_info(info, at, sizes, crc16.arc(audio))
    _padded(info, at, len(sizes), samples, grid)
    _seal_info(info, at)
    return bytes(info) + audio


XING_TOC_SIZE = 100
_XING_BAGS = 400
_VENDOR = b"Lavf"
"""What ffmpeg's MP3 muxer writes as the LAME tag's encoder string for a stream it copies."""


def _finish_info(info: bytearray, at: int, sizes: Sequence[int], audio_crc: int) -> None:
    """Rewrite the Xing/Info tag (at byte ``at`` of the Info frame ``info``) for a stream of MP3
    frames of ``sizes`` bytes whose CRC-16 is ``audio_crc``, as ffmpeg's MP3 muxer (libavformat
    ``mp3enc.c``) writes it when it copies such a stream: frame count, byte count (Info frame
    included), the 100-entry seek table from its 400 "bags" of byte positions (LAME's
    ``VbrTag.c``), the encoder string, the LAME tag's music length and music CRC. The tag's own
    CRC is left to :func:`_seal_info`; tests/test_pieces.py checks the bytes against ffmpeg's."""
    size, want, seen, pos = len(info), 1, 0, 0
    bags = [0] * _XING_BAGS
    for frame in sizes:
        size += frame
        seen += 1
        if seen == want:
            bags[pos] = size
            pos += 1
            if pos == _XING_BAGS:  # keep every second bag, and take twice as many frames per bag
                bags[: _XING_BAGS // 2] = bags[1::2]
                want, pos = want * 2, _XING_BAGS // 2
            seen = 0
    info[at + 8 : at + 12] = len(sizes).to_bytes(4, "big")
    info[at + 12 : at + 16] = size.to_bytes(4, "big")
    toc = [0] + [min(256 * bags[i * pos // XING_TOC_SIZE] // size, 255) for i in range(1, XING_TOC_SIZE)]
    info[at + 16 : at + 16 + XING_TOC_SIZE] = bytes(toc)
    info[at + 120 : at + 141] = _VENDOR.ljust(21, b"\0")
    info[at + 148 : at + 152] = size.to_bytes(4, "big")  # the LAME tag's music length: the whole stream
    info[at + 152 : at + 154] = audio_crc.to_bytes(2, "big")


def _seal_info(info: bytearray, at: int) -> None:
    """Set the LAME tag's CRC in the Info frame ``info``: CRC-16 of its first 190 bytes, the CRC field
    zero, as ffmpeg computes it (zero bytes past the end of a frame shorter than 190 bytes)."""
    info[at + 154 : at + 156] = b"\0\0"
    info[at + 154 : at + 156] = crc16.arc(bytes(info[:190]).ljust(190, b"\0")).to_bytes(2, "big")


def _padded(info: bytearray, at: int, frames: int, samples: int, grid: int) -> bool:
    """Set the LAME tag's padding in the Info frame ``info`` (tag at ``at``) to what ``frames`` MP3
    frames of ``samples`` samples leave: ``frames × grid - delay - samples``. Returns whether it changed.

    ffmpeg 5.1 writes a padding 47 - r samples short when ``samples mod grid`` is r in 1 ... 46, so
    those files decoded up to 46 samples (1 ms) longer than their audio (measured; every other
    length is right).
    """
    field = int.from_bytes(info[at + 141 : at + 144], "big")
    delay = field >> 12
    padding = frames * grid - delay - samples
    if not 0 <= padding < 1 << 12:
        raise BuildError(f"the MP3 encoder wrote {frames} frames for {samples} samples")
    if padding == field & 0xFFF:
        return False
    info[at + 141 : at + 144] = (delay << 12 | padding).to_bytes(3, "big")
    return True


def fix_padding(path: Path, samples: int, sample_rate: int) -> None:
    """Make the LAME tag of the MP3 at ``path`` (no ID3 tag yet: the Info frame first) say the
    padding that leaves exactly ``samples`` samples (see :func:`_padded`), with its CRC.

    Raises:
        BuildError: the file has no Info frame.
    """
    with open(path, "r+b") as mp3:
        head = bytearray(mp3.read(2048))
        info_end = _frame_length(bytes(head), 0)
        at = _xing_offset(bytes(head[:info_end]))
        if at is None:
            raise BuildError(f"{path.name}: the MP3 encoder wrote no Info frame")
        frames = int.from_bytes(head[at + 8 : at + 12], "big")
        if not _padded(head, at, frames, samples, mp3_frame_samples(sample_rate)):
            return
        info = head[:info_end]
        _seal_info(info, at)
        mp3.seek(0)
        mp3.write(info)


def _frame_length(data: bytes, at: int) -> int:
    """Length in bytes of the MPEG audio frame at byte ``at`` of ``data``, by mutagen's header parser.

    Raises:
        BuildError: no valid frame header there.
    """
    from mutagen.mp3 import HeaderNotFoundError, MPEGFrame

    stream = io.BytesIO(data[at : at + 4096])
    try:
        MPEGFrame(stream)
    except HeaderNotFoundError as exc:
        raise BuildError(f"ffmpeg wrote a broken MP3 frame at byte {at}: {exc}") from None
    return stream.tell()


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


_STOPPING = threading.Event()
"""Set when a build is interrupted or fails: no encoder thread starts another ffmpeg after it (a
thread between two pieces would otherwise start the next one after Ctrl-C)."""


def stop_new_runs() -> None:
    """Start no further ffmpeg in this process's encoder threads (until :func:`prepare` is called again)."""
    _STOPPING.set()


def _starting() -> None:
    if _STOPPING.is_set():
        raise Interrupted()


def _run(args: list[str]) -> subprocess.CompletedProcess:
    _starting()
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
            raise _ffmpeg_error(code, err.read().decode("utf-8", "replace"))


def _last_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "unknown error"
