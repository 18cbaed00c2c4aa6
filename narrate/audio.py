"""Cue clips and pauses → one PCM timeline → loudness-normalised, encoded audio.

Assembly is streamed: each clip is decoded with pydub, converted to the episode format
(``sample_rate`` Hz, mono, 16-bit) and its raw samples appended to a headerless PCM file (no WAV
header, so no 4 GiB limit); pauses are exact runs of zero samples. Nothing holds the whole episode
in memory. Chapter and cue times come from the frame counts actually written, so they never drift.

Loudness (ITU-R BS.1770-4; Apple podcast targets -16 LUFS integrated, true peak ≤ -1 dBTP): the
integrated loudness of the timeline is measured while it is written (:mod:`narrate.loudness`).
Encoding is then one ffmpeg pass applying a fixed gain and a fast look-ahead limiter
(``volume`` + ``alimiter``, latency-compensated so timing is unchanged) whose sample-peak ceiling is
:data:`TRUE_PEAK_MARGIN_DB` under the true-peak target, to leave room for inter-sample peaks and
the lossy encoder's overshoot. When the limiter has work to do (it lowers loudness a little), a
cheap analysis pass (same filters into ``ebur128``, no encoding) corrects the gain first.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from pydub import AudioSegment

from narrate.errors import BuildError, ToolMissingError
from narrate.loudness import LoudnessMeter
from narrate.model import Chapter, ChapterMark, Cue, CueTime, Pause, Say

SAMPLE_WIDTH = 2  # bytes: 16-bit signed little-endian PCM
CHANNELS = 1
TRUE_PEAK_MARGIN_DB = 1.0
"""The limiter's sample-peak ceiling sits this far under the true-peak target (dB)."""
LOUDNESS_TOLERANCE_LU = 0.3
"""The gain search stops once the limited audio is this close to the target (LU)."""
_LIMITER = "alimiter=limit={limit:.6f}:attack=0.5:release=5:level=disabled:latency=1"


@dataclass(frozen=True)
class Timeline:
    """An assembled episode: raw PCM on disk plus its timing and measured loudness.

    ``pcm_path`` holds ``frames`` frames of s16le mono at ``sample_rate`` Hz. ``loudness_lufs`` is
    its BS.1770 integrated loudness (``-inf`` when silent), ``peak_dbfs`` its highest sample.
    """

    pcm_path: Path
    sample_rate: int
    frames: int
    chapters: list[ChapterMark]
    cue_times: list[CueTime]
    loudness_lufs: float = -math.inf
    peak_dbfs: float = -math.inf

    @property
    def duration_ms(self) -> int:
        return frames_to_ms(self.frames, self.sample_rate)


@dataclass(frozen=True)
class Leveling:
    """How a timeline is levelled when encoded: gain (dB), then a limiter at ``limit_dbfs``.

    ``expected_lufs`` is the integrated loudness of the levelled PCM (before the lossy encoder).
    """

    gain_db: float
    limit_dbfs: float
    expected_lufs: float

    def filters(self) -> str:
        """The ffmpeg audio filter chain."""
        return f"volume={self.gain_db:.3f}dB:precision=double," + _LIMITER.format(limit=10 ** (self.limit_dbfs / 20))


def frames_to_ms(frames: int, sample_rate: int) -> int:
    """Frame count → milliseconds, rounded to the nearest ms."""
    return (frames * 1000 + sample_rate // 2) // sample_rate


def ms_to_frames(ms: int, sample_rate: int) -> int:
    """Milliseconds → whole frames, rounded to the nearest frame."""
    return (ms * sample_rate + 500) // 1000


def require_tool(name: str) -> str:
    """Path of an external program.

    Raises:
        ToolMissingError: the program is not on PATH (with how to install it).
    """
    path = shutil.which(name)
    if not path:
        raise ToolMissingError(
            f"{name} is not installed (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)"
        )
    return path


def clip_pcm(path: Path, sample_rate: int) -> bytes:
    """Decode a clip and convert it to the episode format; returns raw s16le mono samples."""
    segment = AudioSegment.from_file(str(path))
    segment = segment.set_channels(CHANNELS).set_sample_width(SAMPLE_WIDTH).set_frame_rate(sample_rate)
    data = segment.raw_data
    return data[: len(data) - len(data) % (SAMPLE_WIDTH * CHANNELS)]


def assemble(cues: Sequence[Cue], clips: Mapping[int, Path], pcm_path: Path, sample_rate: int = 44100) -> Timeline:
    """Stream a script's cues into one PCM file, measuring its loudness on the way.

    Args:
        cues: the script's cues in order.
        clips: index into ``cues`` of each ``Say`` cue → its audio clip (any rate, width, channels).
        pcm_path: file to write (overwritten).
        sample_rate: episode sample rate in Hz.

    Returns:
        The timeline: each chapter runs from its ``Chapter`` cue to the next (the last to the end;
        the first from 0; a chapter with no audio is dropped); each Say and Pause cue gets a ``CueTime``.
    """
    frames = 0
    meter = LoudnessMeter(sample_rate)
    starts: list[tuple[str, int]] = []
    cue_times: list[CueTime] = []
    with open(pcm_path, "wb") as out:
        for index, cue in enumerate(cues):
            start = frames
            if isinstance(cue, Chapter):
                starts.append((cue.title, frames))
                continue
            if isinstance(cue, Say):
                data = clip_pcm(clips[index], sample_rate)
                out.write(data)
                meter.add(data)
                frames += len(data) // (SAMPLE_WIDTH * CHANNELS)
                kind, text, role = "say", cue.text, cue.role
            elif isinstance(cue, Pause):
                count = ms_to_frames(cue.ms, sample_rate)
                _write_silence(out, count)
                meter.add_silence(count)
                frames += count
                kind, text, role = cue.kind, "", "narrator"
            else:  # pragma: no cover - model guarantees the three kinds
                raise TypeError(f"unknown cue {cue!r}")
            cue_times.append(
                CueTime(kind, text, frames_to_ms(start, sample_rate), frames_to_ms(frames, sample_rate), role)
            )
    chapters = []
    for i, (title, start) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else frames
        if end > start:
            chapters.append(ChapterMark(title, frames_to_ms(start, sample_rate), frames_to_ms(end, sample_rate)))
    chapters = [c for c in chapters if c.end_ms > c.start_ms]
    if chapters:
        chapters[0] = ChapterMark(chapters[0].title, 0, chapters[0].end_ms)
    return Timeline(pcm_path, sample_rate, frames, chapters, cue_times, meter.integrated_lufs(), meter.sample_peak_dbfs)


def _write_silence(out, frames: int) -> None:
    block = bytes(SAMPLE_WIDTH * CHANNELS * 65536)
    remaining = frames * SAMPLE_WIDTH * CHANNELS
    while remaining > 0:
        n = min(remaining, len(block))
        out.write(block[:n])
        remaining -= n


def plan_leveling(timeline: Timeline, target_lufs: float = -16.0, true_peak_dbtp: float = -1.0) -> Leveling:
    """Gain and limiter ceiling that bring ``timeline`` to ``target_lufs`` under ``true_peak_dbtp``.

    The first guess is ``target - measured loudness``. If the gained peaks stay under the limiter
    ceiling the limiter is idle and the guess is exact; otherwise up to three analysis passes
    (ffmpeg ``volume,alimiter,ebur128`` into a null sink, ~600× real time) refine the gain by the
    secant method until the limited audio is within :data:`LOUDNESS_TOLERANCE_LU` of the target.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    limit = true_peak_dbtp - TRUE_PEAK_MARGIN_DB
    if not math.isfinite(timeline.loudness_lufs):
        return Leveling(0.0, limit, timeline.loudness_lufs)
    gain = target_lufs - timeline.loudness_lufs
    if timeline.peak_dbfs + gain <= limit:
        return Leveling(gain, limit, target_lufs)
    points: list[tuple[float, float]] = []
    best = None
    for _ in range(3):
        level = Leveling(gain, limit, analyse(timeline, Leveling(gain, limit, target_lufs)))
        if best is None or abs(level.expected_lufs - target_lufs) < abs(best.expected_lufs - target_lufs):
            best = level
        error = target_lufs - level.expected_lufs
        if abs(error) <= LOUDNESS_TOLERANCE_LU:
            break
        points.append((gain, level.expected_lufs))
        slope = 0.6  # typical dI/dgain of limited speech
        if len(points) >= 2:
            (g0, i0), (g1, i1) = points[-2:]
            if g1 != g0:
                slope = min(1.0, max(0.2, (i1 - i0) / (g1 - g0)))
        gain = min(gain + error / slope, gain + 12.0)
    return best


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
    result = _run([require_tool("ffmpeg"), "-hide_banner", "-nostats", "-nostdin", "-i", str(path),
                   "-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"])
    lufs, peak = parse_ebur128(result.stderr)
    return lufs, peak if peak is not None else math.inf


CODECS = {
    "mp3": ["-c:a", "libmp3lame", "-id3v2_version", "0", "-write_xing", "1", "-f", "mp3"],
    "aac": ["-c:a", "aac", "-movflags", "+faststart", "-brand", "M4B ", "-f", "ipod"],
}


def encode(timeline: Timeline, out_path: Path, *, bitrate: str = "64k", target_lufs: float = -16.0,
           true_peak_dbtp: float = -1.0, codec: str = "mp3", leveling: Leveling | None = None,
           frames: tuple[int, int] | None = None, metadata_file: Path | None = None,
           cover_file: Path | None = None) -> Leveling:
    """Level and encode the timeline (or frames ``[start, end)`` of it) to ``out_path`` in one ffmpeg pass.

    Args:
        codec: "mp3" (LAME, Xing/LAME gapless header, no tags: see ``narrate.tags``) or "aac"
            (AAC-LC in an MP4 container with brand ``M4B``).
        leveling: gain and limiter to apply (default: :func:`plan_leveling` with the targets).
        frames: encode only this frame range (split files); the samples are piped to ffmpeg.
        metadata_file: an FFMETADATA1 file (tags and chapters) for the MP4 container.
        cover_file: a JPEG or PNG stored as the MP4's cover (``covr``, attached picture).

    Returns:
        The leveling used (so other formats of the same timeline can reuse it).

    Raises:
        ToolMissingError: ffmpeg missing.  BuildError: ffmpeg failed.  ValueError: unknown codec.
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
        maps += ["-map", f"{2 if metadata_file is not None else 1}:v", "-c:v", "copy",
                 "-disposition:v:0", "attached_pic"]
    args += maps + ["-af", leveling.filters(), "-ar", str(timeline.sample_rate), "-ac", str(CHANNELS),
                    "-b:a", bitrate, *CODECS[codec], "-y", str(out_path)]
    if frames:
        _run_piped(args, timeline.pcm_path, frames[0] * SAMPLE_WIDTH * CHANNELS, frames[1] * SAMPLE_WIDTH * CHANNELS)
    else:
        _run(args)
    return leveling


def _pcm_input(timeline: Timeline, source: str | None = None) -> list[str]:
    return [
        require_tool("ffmpeg"), "-hide_banner", "-nostats", "-nostdin",
        "-f", "s16le", "-ar", str(timeline.sample_rate), "-ac", str(CHANNELS),
        "-i", source or str(timeline.pcm_path),
    ]


def _run(args: list[str]) -> subprocess.CompletedProcess:
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"ffmpeg failed: {_last_line(result.stderr)}")
    return result


def _run_piped(args: list[str], pcm_path: Path, start: int, end: int) -> None:
    """Run ffmpeg with bytes ``[start, end)`` of ``pcm_path`` on its standard input."""
    with tempfile.TemporaryFile() as err, open(pcm_path, "rb") as src:
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err)
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
            raise BuildError(f"ffmpeg failed: {_last_line(err.read().decode('utf-8', 'replace'))}")


def _last_line(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "unknown error"
