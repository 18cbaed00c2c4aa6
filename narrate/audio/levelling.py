"""Levelling: the gain and limiter that bring a timeline to its loudness targets, and measuring it.

Loudness (ITU-R BS.1770-4; Apple's podcast targets: -16 LUFS integrated, true peak ≤ -1 dBTP):
the timeline's integrated loudness is measured while it is assembled (:mod:`narrate.audio.timeline`).
The encode (:mod:`narrate.audio.encoder`) applies a 12 kHz low-pass, a fixed gain and a fast
look-ahead limiter (``lowpass`` + ``volume`` + ``alimiter``, latency-compensated so timing is
unchanged) whose sample-peak ceiling is :data:`TRUE_PEAK_MARGIN_DB` under the true-peak target,
leaving room for inter-sample peaks and the lossy encoder's overshoot (:class:`Leveling`). When the
limiter has work to do (it lowers loudness a little), :func:`plan_leveling` first corrects the gain
with one cheap analysis pass (rarely two) over at most 45 s of excerpts. An encoded file measured
off target is corrected after the limiter (:func:`correction`).
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from narrate.audio import ffmpeg
from narrate.audio.loudness import LoudnessMeter
from narrate.audio.timeline import CHANNELS, SAMPLE_WIDTH, Timeline, require_tool
from narrate.errors import BuildError, warn

TRUE_PEAK_MARGIN_DB = 2.0
"""The limiter's sample-peak ceiling sits this far under the true-peak target (dB)."""
LOUDNESS_TOLERANCE_LU = 0.2
"""The gain search stops once the limited audio is this close to the target (LU)."""
GAIN_STEP_DB = 0.1
"""Gains are rounded to this step (dB), so that a small edit mostly leaves an episode's gain, and so
its other MP3 pieces, as they were (see :func:`narrate.audio.encoder.encode`); it moves the loudness by at most half a step."""
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
        """The ffmpeg audio filter chain; ``trim_db`` (see :func:`narrate.audio.encoder.codec_gain_db`) and ``after_db`` are
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
at 24 kHz reached +3 dBTP), more than the limiter's margin and :func:`narrate.audio.encoder.codec_gain_db` allow for."""


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
    args = ffmpeg.pcm_input(timeline) + ["-af", leveling.filters() + ",ebur128=framelog=verbose", "-f", "null", "-"]
    result = ffmpeg.run(args)
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
    stderr = ffmpeg.run(ffmpeg.pcm_input(timeline) + ["-filter_complex", graph, *outputs]).stderr
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
    result = ffmpeg.run(
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
