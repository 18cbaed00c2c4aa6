"""Cue clips and pauses → one PCM timeline, measured for loudness while it is written.

Assembly is streamed: each clip is decoded with pydub, converted to the episode format
(``sample_rate`` Hz, mono, 16-bit; the rate with a polyphase filter) and its raw samples appended
to a headerless PCM file (no WAV header, so no 4 GiB limit); pauses are exact runs of zero samples
(a think pause may end with a chime). Nothing holds the whole episode in memory. Chapter and cue
times come from the frame counts actually written, so they never drift. The integrated loudness
(ITU-R BS.1770-4) is measured on the way (:mod:`narrate.audio.loudness`).

Levelling the timeline is :mod:`narrate.audio.levelling`, encoding it (MP3, AAC) :mod:`narrate.audio.encoder`.
"""

from __future__ import annotations

import math
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
from pydub import AudioSegment

from narrate.audio.loudness import LoudnessMeter
from narrate.errors import ToolMissingError
from narrate.model import Chapter, ChapterMark, Cue, CueTime, Pause, Say
from narrate.speech.cache import CLIP_SUFFIX, clip_words, read_clip, take_fresh, to_clip_samples

SAMPLE_WIDTH = 2  # bytes: 16-bit signed little-endian PCM
CHANNELS = 1


@dataclass(frozen=True)
class Timeline:
    """An assembled episode: raw PCM on disk plus its timing and measured loudness.

    ``pcm_path`` holds ``frames`` frames of s16le mono at ``sample_rate`` Hz. ``loudness_lufs`` is
    its BS.1770 integrated loudness (``-inf`` when silent), ``peak_dbfs`` its highest sample.
    ``piece_starts`` are the frames (each a multiple of :func:`mp3_frame_samples`, in increasing
    order, none 0) where the MP3 encoder may start a new piece: the chapter starts (see
    :func:`narrate.audio.encoder.encode`); empty: the timeline is encoded in one piece.
    """

    pcm_path: Path
    sample_rate: int
    frames: int
    chapters: list[ChapterMark]
    cue_times: list[CueTime]
    loudness_lufs: float = -math.inf
    peak_dbfs: float = -math.inf
    piece_starts: tuple[int, ...] = ()

    @property
    def duration_ms(self) -> int:
        """The timeline's length in ms (rounded to the nearest)."""
        return frames_to_ms(self.frames, self.sample_rate)


def mp3_frame_samples(sample_rate: int) -> int:
    """Samples per channel in one MPEG audio layer III frame at ``sample_rate`` Hz: 1152 (MPEG-1,
    32 kHz and up), else 576 (MPEG-2 and 2.5, ISO/IEC 13818-3)."""
    return 1152 if sample_rate >= 32000 else 576


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
    """Decode a clip and convert it to the episode format; returns raw s16le mono samples.

    A cache clip (FLAC, already mono at the episode rate; see ``narrate.speech.cache``) is only
    decoded. Any other clip is decoded by pydub and mixed to mono 16-bit; its sample rate is
    converted with a polyphase FIR filter (see ``narrate.speech.cache.to_clip_samples``): a clip of
    ``n`` frames at ``r`` Hz becomes ``ceil(n × sample_rate / r)`` frames.

    Raises:
        FileNotFoundError: the clip is gone (e.g. evicted from the cache by a concurrent prune).
    """
    if path.suffix.lower() == CLIP_SUFFIX:
        fresh = take_fresh(path, sample_rate)  # made by this build: its samples, not decoded again
        if fresh is not None:
            return fresh
        data, rate = read_clip(path)
        if rate == sample_rate:
            return data
        return to_clip_samples(np.frombuffer(data, dtype="<i2"), rate, sample_rate).tobytes()
    if not path.is_file():
        raise FileNotFoundError(path)
    segment = AudioSegment.from_file(str(path), format="wav" if path.suffix.lower() == ".wav" else None)
    segment = segment.set_channels(CHANNELS).set_sample_width(SAMPLE_WIDTH)
    data = segment.raw_data
    data = data[: len(data) - len(data) % (SAMPLE_WIDTH * CHANNELS)]
    if segment.frame_rate == sample_rate or not data:
        return data
    return to_clip_samples(np.frombuffer(data, dtype="<i2"), segment.frame_rate, sample_rate).tobytes()


def assemble(cues: Sequence[Cue], clips: Mapping[int, Path], pcm_path: Path, sample_rate: int = 44100) -> Timeline:
    """Stream a script's cues into one PCM file, measuring its loudness on the way.

    Args:
        cues: the script's cues in order.
        clips: index into ``cues`` of each ``Say`` cue → its audio clip (any rate, width, channels).
        pcm_path: file to write (overwritten).
        sample_rate: episode sample rate in Hz.

    Returns:
        The timeline: each chapter runs from its ``Chapter`` cue to the next (the last to the end;
        the first from 0; a chapter with no audio is dropped); each Say and Pause cue gets a ``CueTime``
        (a Say's with the word timings kept beside its clip, when the engine gave them).

    Every chapter after the first starts on the MP3 frame grid (:func:`mp3_frame_samples`): up to
    one frame of silence (under 27 ms at 44.1 kHz) is added before it, after the last cue of the
    chapter before. So a chapter's audio always lands on the same MP3 frames, wherever an earlier
    edit moved it, and the encoder can reuse a chapter it encoded before (``piece_starts``).
    """
    frames = 0
    grid = mp3_frame_samples(sample_rate)
    piece_starts: list[int] = []
    meter = LoudnessMeter(sample_rate)
    starts: list[tuple[str, int]] = []
    cue_times: list[CueTime] = []
    with open(pcm_path, "wb") as out:
        for index, cue in enumerate(cues):
            start = frames
            if isinstance(cue, Chapter):
                pad = -frames % grid
                if pad and frames:
                    _write_silence(out, pad)
                    meter.add_silence(pad)
                    frames += pad
                if frames and (not piece_starts or piece_starts[-1] < frames):
                    piece_starts.append(frames)
                starts.append((cue.title, frames))
                continue
            words: tuple[tuple[int, int], ...] = ()
            written = ""
            if isinstance(cue, Say):
                data = clip_pcm(clips[index], sample_rate)
                out.write(data)
                meter.add(data)
                frames += len(data) // (SAMPLE_WIDTH * CHANNELS)
                kind, text, role, written = "say", cue.text, cue.role, cue.written
                words = _episode_word_times(clips[index], start, frames, sample_rate)
            elif isinstance(cue, Pause):
                frames += _write_pause(out, meter, cue, sample_rate)
                kind, text, role = cue.kind, "", "narrator"
            else:  # pragma: no cover - model guarantees the three kinds
                raise TypeError(f"unknown cue {cue!r}")
            cue_times.append(
                CueTime(
                    kind,
                    text,
                    frames_to_ms(start, sample_rate),
                    frames_to_ms(frames, sample_rate),
                    role,
                    words,
                    written,
                )
            )
    return Timeline(
        pcm_path,
        sample_rate,
        frames,
        _chapter_marks(starts, frames, sample_rate),
        cue_times,
        meter.integrated_lufs(),
        meter.sample_peak_dbfs,
        tuple(p for p in piece_starts if p < frames),
    )


def _write_pause(out: BinaryIO, meter: LoudnessMeter, cue: Pause, sample_rate: int) -> int:
    """Write ``cue``'s pause to ``out`` and ``meter``: its length of zero samples at ``sample_rate``
    Hz, the last of them a chime when it has one (:func:`chime_pcm`). Returns the frames written."""
    count = ms_to_frames(cue.ms, sample_rate)
    tone = chime_pcm(sample_rate, count) if getattr(cue, "chime", False) else b""
    _write_silence(out, count - len(tone) // SAMPLE_WIDTH)
    meter.add_silence(count - len(tone) // SAMPLE_WIDTH)
    out.write(tone)
    meter.add(tone)
    return count


def _chapter_marks(starts: Sequence[tuple[str, int]], frames: int, sample_rate: int) -> list[ChapterMark]:
    """The chapters of a ``frames``-long timeline from their ``(title, start frame)`` in order: each
    runs to the next one's start (the last to the end, the first from 0 ms); one with no audio is
    dropped. Times in ms at ``sample_rate`` Hz."""
    chapters = []
    for i, (title, start) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else frames
        if end > start:
            chapters.append(ChapterMark(title, frames_to_ms(start, sample_rate), frames_to_ms(end, sample_rate)))
    chapters = [c for c in chapters if c.end_ms > c.start_ms]
    if chapters:
        chapters[0] = ChapterMark(chapters[0].title, 0, chapters[0].end_ms)
    return chapters


def _episode_word_times(clip: Path, start: int, end: int, sample_rate: int) -> tuple[tuple[int, int], ...]:
    """The engine's word timings kept beside ``clip`` (see ``narrate.speech.cache.clip_words``), moved
    from the clip's start to the episode's: ``(character offset, ms)`` pairs with times in
    ``[start, end]`` frames' ms, never going backwards; () when the clip has none."""
    words = clip_words(clip)
    if not words:
        return ()
    first, last = frames_to_ms(start, sample_rate), frames_to_ms(end, sample_rate)
    out: list[tuple[int, int]] = []
    for offset, ms in words:
        at = min(last, max(first + ms, out[-1][1] if out else first))
        out.append((offset, at))
    return tuple(out)


CHIME_MS = 400
"""Length of the chime that ends a think pause (``Pause.chime``), or the whole pause if shorter."""


def chime_pcm(sample_rate: int, max_frames: int) -> bytes:
    """A soft two-note chime (E6 then A6, decaying, peak about -12 dBFS) as s16le mono samples.

    ``min(CHIME_MS, max_frames)`` frames long, so the pause it ends keeps its exact length.
    """
    n = min(ms_to_frames(CHIME_MS, sample_rate), max_frames)
    if n <= 0:
        return b""
    t = np.arange(n) / sample_rate
    half = n // 2
    wave = np.where(np.arange(n) < half, np.sin(2 * np.pi * 1318.5 * t), np.sin(2 * np.pi * 1760.0 * t))
    local = np.where(np.arange(n) < half, t, t - half / sample_rate)
    envelope = np.exp(-local * 12.0) * np.minimum(1.0, local * 200.0)  # 5 ms attack per note
    envelope *= np.minimum(1.0, (n - np.arange(n)) / max(1, sample_rate // 100))
    return np.rint(wave * envelope * 0.25 * 32767).astype("<i2").tobytes()


def _write_silence(out, frames: int) -> None:
    block = bytes(SAMPLE_WIDTH * CHANNELS * 65536)
    remaining = frames * SAMPLE_WIDTH * CHANNELS
    while remaining > 0:
        n = min(remaining, len(block))
        out.write(block[:n])
        remaining -= n
