"""The streaming BS.1770 meter agrees with pyloudnorm and does not depend on how the stream is cut."""

from __future__ import annotations

import math

import numpy as np
import pyloudnorm

from narrate.audio.loudness import LoudnessMeter


def _speechlike(rate: int, seconds: float, seed: int = 7) -> np.ndarray:
    """Bursts of a buzzy 140 Hz tone with noise, separated by silences (int16)."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(rate * seconds)) / rate
    buzz = np.sign(np.sin(2 * np.pi * 140 * t)) * 0.3 + rng.normal(0, 0.05, len(t))
    gate = (np.sin(2 * np.pi * 0.7 * t) > -0.2).astype(float)
    return np.rint(buzz * gate * 0.5 * 32767).astype("<i2")


def test_matches_pyloudnorm_whatever_the_chunking():
    for rate in (44100, 22050, 48000):
        samples = _speechlike(rate, 12.0)
        reference = pyloudnorm.Meter(rate).integrated_loudness(samples / 32768.0)
        whole = LoudnessMeter(rate)
        whole.add(samples.tobytes())
        pieces = LoudnessMeter(rate)
        rng = np.random.default_rng(1)
        pos = 0
        while pos < len(samples):
            n = int(rng.integers(1, 9000))
            pieces.add(samples[pos : pos + n].tobytes())
            pos += n
        assert abs(whole.integrated_lufs() - reference) < 0.05
        assert abs(pieces.integrated_lufs() - whole.integrated_lufs()) < 1e-9


def test_silence_and_peak():
    meter = LoudnessMeter(44100)
    meter.add_silence(44100 * 2)
    assert meter.integrated_lufs() == -math.inf and meter.sample_peak_dbfs == -math.inf
    meter.add(np.array([0, 16384, -32768], dtype="<i2").tobytes())
    assert meter.sample_peak_dbfs == 0.0


def test_full_scale_1khz_sine_reads_about_minus_3_lufs():
    # BS.1770: a 0 dBFS 997 Hz sine in one channel reads -3.01 LKFS.
    t = np.arange(44100 * 3) / 44100
    meter = LoudnessMeter(44100)
    meter.add(np.rint(np.sin(2 * np.pi * 997 * t) * 32767).astype("<i2").tobytes())
    assert abs(meter.integrated_lufs() - (-3.01)) < 0.05
