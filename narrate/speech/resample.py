"""Resampling speech: an engine's samples to mono int16 at the episode's rate.

A clip's maker and the episode's assembly use the same function (:func:`to_clip_samples`), so a
clip stored at the engine's own rate (:func:`stored_at_source_rate`) and upsampled when assembled
has the same samples as one converted when made.
"""

from __future__ import annotations

import functools
import math

import numpy as np


def to_clip_samples(data: np.ndarray, source_rate: int, sample_rate: int) -> np.ndarray:
    """Samples (any shape ``(n,)`` or ``(n, channels)``, int16) → mono int16 at ``sample_rate`` Hz.

    Channels are averaged; the rate is converted with a polyphase FIR filter
    (``scipy.signal.resample_poly``), whose stop band keeps the images of the original band out
    (linear interpolation would add hiss). ``n`` frames at ``source_rate`` become
    ``ceil(n × sample_rate / source_rate)`` frames.
    """
    if data.ndim == 2:
        data = data.astype(np.int32).mean(axis=1) if data.shape[1] > 1 else data[:, 0]
        data = np.rint(data).astype("<i2") if data.dtype != np.int16 else data
    if source_rate == sample_rate or not len(data):
        return data.astype("<i2", copy=False)
    samples = data.astype(np.float64)
    if sample_rate % source_rate == 0 and sample_rate // source_rate <= 8:  # e.g. 22050 → 44100
        resampled = _upsample(samples, sample_rate // source_rate)
    else:
        from scipy.signal import resample_poly  # imported here: scipy.signal costs ~0.5 s to import

        common = math.gcd(source_rate, sample_rate)
        resampled = resample_poly(samples, sample_rate // common, source_rate // common)
    return np.clip(np.rint(resampled), -32768, 32767).astype("<i2")


def _upsample(x: np.ndarray, up: int) -> np.ndarray:
    """``scipy.signal.resample_poly(x, up, 1)`` in numpy alone, so that a synthesis worker need not
    import scipy.signal: the Kaiser-windowed (β = 5) sinc low-pass of ``20 × up + 1`` taps, cut-off at
    the original Nyquist frequency, applied phase by phase. ``x`` holds int16 sample values.

    The phase that falls on the original samples is not filtered: its taps are the sinc's zeros
    (each under 1e-17) but the centre one, so it is ``x × centre``. For int16 values that differs
    from the full sum by under 1e-10, while ``x × centre`` lies at least 1e-7 from any half-integer
    (checked for every int16 value, tests/speech/test_cache.py): the rounded samples are the same, at
    ``1 / up`` less work.
    """
    half = 10 * up
    h = _upsample_taps(up)
    y = np.empty(len(x) * up)
    for phase in range(up):
        if (phase + half) % up == 0:  # taps at multiples of up: the original samples, scaled
            y[phase::up] = x * h[half]
            continue
        full = np.convolve(x, h[(phase + half) % up :: up])
        offset = (phase + half) // up
        y[phase::up] = full[offset : offset + len(x)]
    return y


def stored_at_source_rate(data: np.ndarray, source_rate: int, sample_rate: int) -> bool:
    """Whether a clip of mono ``data`` spoken at ``source_rate`` Hz is stored at that rate for episodes
    at ``sample_rate`` Hz: when that is a whole multiple of it, up to 8 (22050 → 44100): the exact
    upsampling of :func:`to_clip_samples` is then done when the episode is assembled."""
    return (
        data.ndim == 1
        and source_rate < sample_rate
        and sample_rate % source_rate == 0
        and sample_rate // source_rate <= 8
    )


@functools.cache
def _upsample_taps(up: int) -> np.ndarray:
    """The ``20 × up + 1`` taps of :func:`_upsample`'s filter (made once per factor; read-only)."""
    half = 10 * up
    taps = np.arange(2 * half + 1) - half
    h = np.sinc(taps / up) / up * np.kaiser(2 * half + 1, 5.0)
    h *= up / h.sum()
    h.setflags(write=False)
    return h
