"""Intro and outro: a music or voice file joined at the start and end of every episode.

A jingle (``audio.intro`` / ``audio.outro`` in course.yaml: any file ffmpeg decodes) is decoded
once per file, sample rate and loudness target, to raw s16le mono PCM, levelled to the episode's
integrated loudness target (ITU-R BS.1770, :mod:`narrate.audio.loudness`) so that music and speech
sit at the same loudness before the whole episode is levelled, and kept in the utterance cache
folder (``jingles/<sha256 of the file>.<rate>.<lufs>.pcm``): later builds read it back and cost
nothing extra.

:func:`join` overlaps the intro's last :data:`CROSSFADE_MS` with the episode's first (the intro
fading out, linearly) and the outro's first with the episode's last (the outro fading in), so the
episode is ``intro + episode + outro - 2 × crossfade`` long (a crossfade never exceeds half the
shorter part).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import replace
from pathlib import Path

import numpy as np

from narrate.audio.loudness import LoudnessMeter
from narrate.audio.timeline import Timeline, frames_to_ms, mp3_frame_samples, require_tool
from narrate.errors import BuildError, ConfigError
from narrate.limits import MAX_AUDIO_BYTES
from narrate.model import ChapterMark
from narrate.yamlio import hash_file

CROSSFADE_MS = 500
"""Length of the overlap between the intro and the episode, and between the episode and the outro."""


def jingle_pcm(path: Path, sample_rate: int, target_lufs: float, cache_dir: Path | None) -> bytes:
    """The jingle at ``path`` as s16le mono PCM at ``sample_rate`` Hz, levelled to ``target_lufs``.

    Read from ``cache_dir/jingles`` when decoded before (same bytes, rate and target).

    Raises:
        ConfigError: the file is missing or ffmpeg cannot decode it (naming the file).
    """
    sha = hashlib.sha256()
    try:
        hash_file(sha, Path(path), MAX_AUDIO_BYTES, ConfigError)  # in chunks: a regular file, bounded
    except ConfigError as exc:
        raise ConfigError(f"cannot read the jingle: {exc.problem}", path) from None
    digest = sha.hexdigest()
    kept = Path(cache_dir) / "jingles" / f"{digest}.{sample_rate}.{target_lufs:g}.pcm" if cache_dir else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    result = subprocess.run(
        [require_tool("ffmpeg"), "-nostdin", "-v", "error", "-i", str(path), "-ac", "1", "-ar", str(sample_rate)]
        + ["-f", "s16le", "-acodec", "pcm_s16le", "-"],
        capture_output=True,
    )
    if result.returncode != 0 or not result.stdout:
        reason = (result.stderr.decode("utf-8", "replace").strip().splitlines() or ["no audio"])[-1]
        raise ConfigError(f"ffmpeg cannot read this jingle: {reason}", path)
    data = _level(result.stdout[: len(result.stdout) // 2 * 2], sample_rate, target_lufs)
    if kept is not None:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            tmp = kept.with_name(f".{kept.name}.{os.getpid()}.part")
            tmp.write_bytes(data)
            os.replace(tmp, kept)
        except OSError:
            pass  # a read-only cache: decode again next time
    return data


def _level(pcm: bytes, sample_rate: int, target_lufs: float) -> bytes:
    meter = LoudnessMeter(sample_rate)
    meter.add(pcm)
    loudness = meter.integrated_lufs()
    if not np.isfinite(loudness):
        return pcm  # silence: nothing to level
    gain = 10 ** ((target_lufs - loudness) / 20)
    samples = np.frombuffer(pcm, dtype="<i2").astype(np.float64) * gain
    return np.clip(np.rint(samples), -32768, 32767).astype("<i2").tobytes()


def crossfade_frames(sample_rate: int, *lengths: int) -> int:
    """Frames of overlap: :data:`CROSSFADE_MS`, at most half of the shortest part."""
    return max(0, min([CROSSFADE_MS * sample_rate // 1000, *(n // 2 for n in lengths)]))


def join(pcm_path: Path, intro: bytes, outro: bytes, sample_rate: int) -> tuple[int, int]:
    """Join ``intro`` before and ``outro`` after the episode PCM in ``pcm_path`` (in place, through
    a file beside it renamed over it), crossfading each join (see the module docstring).

    Returns:
        ``(shift, episode_end)`` in frames: where the episode's first frame now is (every cue and
        chapter time moves by this), and where its last frame ends.

    Raises:
        BuildError: the PCM file cannot be rewritten.
    """
    width = 2
    episode_frames = pcm_path.stat().st_size // width
    intro_frames, outro_frames = len(intro) // width, len(outro) // width
    fade_in = crossfade_frames(sample_rate, intro_frames, episode_frames) if intro else 0
    fade_out = crossfade_frames(sample_rate, outro_frames, episode_frames) if outro else 0
    shift = intro_frames - fade_in
    tmp = pcm_path.with_name(f".{pcm_path.name}.joined")
    try:
        with open(pcm_path, "rb") as source, open(tmp, "wb") as out:
            head = np.frombuffer(source.read(fade_in * width), dtype="<i2").astype(np.float64)
            if intro:
                tune = np.frombuffer(intro, dtype="<i2").astype(np.float64)
                out.write(tune[:shift].astype("<i2").tobytes())
                ramp = np.linspace(1.0, 0.0, fade_in, endpoint=False)
                out.write(_pcm(head + tune[shift:] * ramp))
            middle = episode_frames - fade_in - fade_out
            while middle > 0:
                block = source.read(min(middle, 1 << 20) * width)
                if not block:
                    break
                out.write(block)
                middle -= len(block) // width
            tail = np.frombuffer(source.read(fade_out * width), dtype="<i2").astype(np.float64)
            if outro:
                tune = np.frombuffer(outro, dtype="<i2").astype(np.float64)
                ramp = np.linspace(0.0, 1.0, fade_out, endpoint=False)
                out.write(_pcm(tail + tune[:fade_out] * ramp))
                out.write(tune[fade_out:].astype("<i2").tobytes())
        os.replace(tmp, pcm_path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"cannot join the intro and outro: {exc.strerror or exc}", pcm_path) from None
    return shift, shift + episode_frames


def _pcm(samples: np.ndarray) -> bytes:
    return np.clip(np.rint(samples), -32768, 32767).astype("<i2").tobytes()


INTRO_CHAPTER = "Intro"


def with_jingles(timeline: Timeline, intro: bytes, outro: bytes, intro_title: str = INTRO_CHAPTER) -> Timeline:
    """``timeline`` with the intro and outro joined (:func:`join`): every cue and chapter time moved by
    the intro, an ``intro_title`` chapter over the intro, the last chapter running to the outro's
    end, and the loudness measured again over the joined audio. Unchanged when both are empty.

    Raises:
        BuildError: the PCM file cannot be rewritten.
    """
    if not intro and not outro:
        return timeline
    rate = timeline.sample_rate
    shift_frames, _ = join(timeline.pcm_path, intro, outro, rate)
    frames = timeline.pcm_path.stat().st_size // 2
    shift = frames_to_ms(shift_frames, rate)

    def moved(ms: int) -> int:
        return ms + shift

    cues = [
        replace(c, start_ms=moved(c.start_ms), end_ms=moved(c.end_ms), words=tuple((o, moved(t)) for o, t in c.words))
        for c in timeline.cue_times
    ]
    chapters = [replace(c, start_ms=moved(c.start_ms), end_ms=moved(c.end_ms)) for c in timeline.chapters]
    if chapters:
        chapters[-1] = replace(chapters[-1], end_ms=frames_to_ms(frames, rate))
    if shift > 0:
        chapters.insert(0, ChapterMark(intro_title, 0, shift))
    meter = LoudnessMeter(rate)
    with open(timeline.pcm_path, "rb") as pcm:
        for block in iter(lambda: pcm.read(1 << 20), b""):
            meter.add(block)
    return replace(
        timeline,
        frames=frames,
        chapters=chapters,
        cue_times=cues,
        loudness_lufs=meter.integrated_lufs(),
        peak_dbfs=meter.sample_peak_dbfs,
        piece_starts=_moved_starts(timeline.piece_starts, shift_frames, mp3_frame_samples(rate)),
    )


def _moved_starts(starts: tuple[int, ...], shift: int, grid: int) -> tuple[int, ...]:
    """MP3 piece starts after the intro moved the audio by ``shift`` frames: still on the frame grid
    only when ``shift`` is a whole number of MP3 frames; else none (one piece)."""
    if shift % grid:
        return ()
    return ((shift,) if shift else ()) + tuple(s + shift for s in starts)
