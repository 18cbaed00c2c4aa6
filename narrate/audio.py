"""Cue clips and pauses → one PCM timeline → loudness-normalised, encoded episode.

The timeline is streamed: each clip is decoded with pydub, converted to the episode format
(``sample_rate`` Hz, mono, 16-bit) and its raw samples appended to a headerless PCM file; pauses
are generated as exact runs of zero samples. Nothing holds the whole episode in memory.

Chapter and cue times are computed from the frame counts actually written, so they never drift
from the audio. Loudness follows ITU-R BS.1770 via ffmpeg's ``loudnorm`` filter (two passes:
measure, then normalise) to the course's integrated-loudness target (LUFS) and true-peak
ceiling (dBTP).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from pydub import AudioSegment

from narrate.errors import BuildError, ToolMissingError
from narrate.model import Chapter, ChapterMark, Cue, CueTime, Pause, Say

SAMPLE_WIDTH = 2  # bytes: 16-bit signed little-endian PCM
CHANNELS = 1


@dataclass(frozen=True)
class Timeline:
    """An assembled episode: raw PCM on disk plus its timing.

    ``pcm_path`` holds ``frames`` frames of s16le mono at ``sample_rate`` Hz.
    """

    pcm_path: Path
    sample_rate: int
    frames: int
    chapters: list[ChapterMark]
    cue_times: list[CueTime]

    @property
    def duration_ms(self) -> int:
        return frames_to_ms(self.frames, self.sample_rate)


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
    return segment.raw_data


def assemble(cues: Sequence[Cue], clips: Mapping[int, Path], pcm_path: Path, sample_rate: int = 44100) -> Timeline:
    """Stream a script's cues into one PCM file.

    Args:
        cues: the script's cues in order.
        clips: index into ``cues`` of each ``Say`` cue → its WAV clip.
        pcm_path: file to write (overwritten).
        sample_rate: episode sample rate in Hz.

    Returns:
        The timeline: each chapter runs from its ``Chapter`` cue to the next (the last to the end);
        each Say and Pause cue gets a ``CueTime``.
    """
    frames = 0
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
                data = data[: len(data) - len(data) % (SAMPLE_WIDTH * CHANNELS)]
                out.write(data)
                frames += len(data) // (SAMPLE_WIDTH * CHANNELS)
                kind, text, role = "say", cue.text, cue.role
            elif isinstance(cue, Pause):
                count = ms_to_frames(cue.ms, sample_rate)
                _write_silence(out, count)
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
    if chapters:
        first = chapters[0]
        chapters[0] = ChapterMark(first.title, 0, first.end_ms)
    return Timeline(pcm_path, sample_rate, frames, chapters, cue_times)


def _write_silence(out, frames: int) -> None:
    block = bytes(SAMPLE_WIDTH * CHANNELS * 65536)
    remaining = frames * SAMPLE_WIDTH * CHANNELS
    while remaining > 0:
        n = min(remaining, len(block))
        out.write(block[:n])
        remaining -= n


_JSON = re.compile(r"\{[^{}]*\"input_i\"[^{}]*\}", re.S)


def measure_loudness(timeline: Timeline, target_lufs: float, true_peak_dbtp: float) -> dict[str, str]:
    """First ``loudnorm`` pass: the input's integrated loudness, true peak, range and threshold.

    Raises:
        BuildError: ffmpeg failed or printed no measurement.
    """
    args = _pcm_input(timeline) + [
        "-af", f"loudnorm=I={target_lufs}:TP={true_peak_dbtp}:LRA=11:print_format=json",
        "-f", "null", "-",
    ]
    result = _run(args)
    match = _JSON.search(result.stderr)
    if not match:
        raise BuildError("ffmpeg printed no loudness measurement")
    return json.loads(match.group(0))


def encode(timeline: Timeline, out_path: Path, *, bitrate: str = "64k", target_lufs: float = -16.0,
           true_peak_dbtp: float = -1.0, codec: str = "mp3") -> None:
    """Normalise loudness and encode the timeline to ``out_path`` (MP3 via LAME, or AAC in MP4).

    The encoder aims 0.5 dB under the true-peak ceiling so that the encoded file stays under it.
    No tags are written here (see ``narrate.tags``).

    Raises:
        ToolMissingError: ffmpeg missing.  BuildError: ffmpeg failed.
    """
    peak = true_peak_dbtp - 0.5
    m = measure_loudness(timeline, target_lufs, peak)
    loudnorm = (
        f"loudnorm=I={target_lufs}:TP={peak}:LRA=11:measured_I={m['input_i']}:measured_TP={m['input_tp']}"
        f":measured_LRA={m['input_lra']}:measured_thresh={m['input_thresh']}:offset={m['target_offset']}"
        ":linear=true"
    )
    if codec == "mp3":
        codec_args = ["-c:a", "libmp3lame", "-b:a", bitrate, "-id3v2_version", "0", "-write_xing", "1", "-f", "mp3"]
    else:
        codec_args = ["-c:a", "aac", "-b:a", bitrate, "-movflags", "+faststart", "-f", "mp4"]
    args = _pcm_input(timeline) + [
        "-af", loudnorm, "-ar", str(timeline.sample_rate), "-ac", str(CHANNELS),
        "-map_metadata", "-1", *codec_args, "-y", str(out_path),
    ]
    _run(args)


def _pcm_input(timeline: Timeline) -> list[str]:
    return [
        require_tool("ffmpeg"), "-hide_banner", "-nostdin", "-f", "s16le", "-ar", str(timeline.sample_rate),
        "-ac", str(CHANNELS), "-i", str(timeline.pcm_path),
    ]


def _run(args: list[str]) -> subprocess.CompletedProcess:
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        tail = result.stderr.strip().splitlines()[-1:] or ["unknown error"]
        raise BuildError(f"ffmpeg failed: {tail[0]}")
    return result
