"""Joining the clips of one mixed-language sentence into one clip, with no audible gap or click.

A sentence such as "Say [¿Dónde está?]{lang=es} slowly." is spoken run by run, each run with its
own language's voice (see ``narrate.speech.utterance``). Every engine pads a clip with silence at
both ends; between two runs that padding would be heard as a gap. :func:`join_clips` cuts the
silence at each join down to :data:`JOIN_GAP_MS` (about the pause between two words), fades the
cut edges over :data:`FADE_MS` so that no cut lands on a non-zero sample (a click), and writes one
16-bit mono WAV at the first clip's sample rate (other rates are resampled linearly).
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

JOIN_GAP_MS = 60
"""Silence left between two runs of different languages (ms)."""

FADE_MS = 8
"""Fade-in/fade-out applied at each cut edge (ms)."""

SILENCE = 200
"""Samples below this magnitude (16-bit) count as silence when trimming (about -44 dBFS)."""


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """A 16-bit clip (WAV, or a FLAC clip of the utterance cache) as mono int16 samples and its
    sample rate (stereo is averaged).

    Raises:
        ValueError: not 16-bit audio.
    """
    import soundfile

    info = soundfile.info(str(path))
    if info.subtype not in ("PCM_16",):
        raise ValueError(f"{path.name}: {info.subtype_info or info.subtype} audio, expected 16-bit")
    data, rate = soundfile.read(str(path), dtype="int16", always_2d=True)
    samples = data[:, 0] if data.shape[1] == 1 else data.astype(np.int32).mean(axis=1).astype(np.int16)
    return samples.astype(np.int16), rate


def voiced_bounds(samples: np.ndarray) -> tuple[int, int]:
    """``(first, end)``: the sample range from the first to past the last non-silent sample
    (``(0, 0)`` for silence)."""
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) >= SILENCE)
    if loud.size == 0:
        return 0, 0
    return int(loud[0]), int(loud[-1]) + 1


def voiced_ms(path: Path) -> int:
    """How long the speech in a clip lasts, from its first to its last non-silent sample (ms)."""
    samples, rate = read_wav(path)
    first, end = voiced_bounds(samples)
    return (end - first) * 1000 // rate if rate else 0


def _resample(samples: np.ndarray, rate: int, target: int) -> np.ndarray:
    if rate == target or samples.size == 0:
        return samples
    count = int(round(samples.size * target / rate))
    positions = np.linspace(0, samples.size - 1, count)
    return np.interp(positions, np.arange(samples.size), samples.astype(np.float64)).astype(np.int16)


def _fade(samples: np.ndarray, rate: int, start: bool, end: bool) -> np.ndarray:
    n = min(samples.size // 2, rate * FADE_MS // 1000)
    if n <= 0:
        return samples
    out = samples.astype(np.float64)
    ramp = np.linspace(0.0, 1.0, n, endpoint=False)
    if start:
        out[:n] *= ramp
    if end:
        out[-n:] *= ramp[::-1]
    return np.round(out).astype(np.int16)


def join_clips(paths: list[Path], out_path: Path) -> None:
    """Join WAV clips into one 16-bit mono WAV at ``out_path`` (see module docstring).

    The first clip keeps its leading silence and the last its trailing silence; at every join the
    silence is cut to :data:`JOIN_GAP_MS`.

    Raises:
        ValueError: a clip is not 16-bit PCM.
    """
    pieces: list[np.ndarray] = []
    rate = 0
    for index, path in enumerate(paths):
        samples, own_rate = read_wav(path)
        rate = rate or own_rate
        samples = _resample(samples, own_rate, rate)
        first, end = voiced_bounds(samples)
        if end == 0:
            continue
        keep_start = 0 if index == 0 else first
        keep_end = samples.size if index == len(paths) - 1 else end
        cut = samples[keep_start:keep_end]
        pieces.append(_fade(cut, rate, start=index > 0, end=index < len(paths) - 1))
        if index < len(paths) - 1:
            pieces.append(np.zeros(rate * JOIN_GAP_MS // 1000, dtype=np.int16))
    audio = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int16)
    with wave.open(str(out_path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate or 22050)
        wav.writeframes(audio.astype("<i2").tobytes())
