"""The streaming BS.1770 meter agrees with pyloudnorm and does not depend on how the stream is cut."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from narrate.audio import loudness
from narrate.audio.loudness import LoudnessMeter, k_weighting_sos


def _speechlike(rate: int, seconds: float, seed: int = 7) -> np.ndarray:
    """Bursts of a buzzy 140 Hz tone with noise, separated by silences (int16)."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(rate * seconds)) / rate
    buzz = np.sign(np.sin(2 * np.pi * 140 * t)) * 0.3 + rng.normal(0, 0.05, len(t))
    gate = (np.sin(2 * np.pi * 0.7 * t) > -0.2).astype(float)
    return np.rint(buzz * gate * 0.5 * 32767).astype("<i2")


@pytest.mark.e2e
def test_matches_pyloudnorm_whatever_the_chunking():
    from pyloudnorm import Meter  # imported here: pyloudnorm imports scipy.signal, slow to import

    for rate in (44100, 22050, 48000):
        samples = _speechlike(rate, 12.0)
        reference = Meter(rate).integrated_loudness(samples / 32768.0)
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


@pytest.mark.parametrize("rate", [8000, 16000, 22050, 24000, 44100, 48000, 96000])
def test_k_weighting_coefficients_are_pyloudnorms(rate):
    from pyloudnorm.iirfilter import IIRfilter

    rows = []
    for stage in (
        IIRfilter(4.0, 1 / math.sqrt(2), 1500.0, rate, "high_shelf"),
        IIRfilter(0.0, 0.5, 38.0, rate, "high_pass"),
    ):
        b, a = np.asarray(stage.b, float), np.asarray(stage.a, float)
        rows.append(np.concatenate([b / a[0], a / a[0]]))
    assert np.array_equal(k_weighting_sos(rate), np.array(rows))  # the same floats, not just close


@pytest.mark.parametrize("cuts", [(), (1,), (1001,), (5, 6, 44100), (100000,)])
def test_sosfilt_gives_scipys_samples_and_state(cuts):
    from scipy.signal import sosfilt as scipy_sosfilt

    x = _speechlike(44100, 3.0) / 32768.0
    sos = k_weighting_sos(44100)
    ours, theirs = np.zeros((2, 2)), np.zeros((2, 2))
    got, want = [], []
    for part in np.split(x, [c for c in cuts if c < len(x)]):
        y, ours = loudness.sosfilt(sos, part, ours)
        z, theirs = scipy_sosfilt(sos, part, zi=theirs)
        got.append(y)
        want.append(z)
    assert np.array_equal(np.concatenate(got), np.concatenate(want)) and np.array_equal(ours, theirs)


def test_metering_does_not_import_scipy_signal():
    # scipy.signal costs about 1 s of CPU to import; the meter uses its compiled sosfilt loop alone
    code = (
        "import sys, numpy as np\n"
        "from narrate.audio.loudness import LoudnessMeter\n"
        "m = LoudnessMeter(44100)\n"
        "m.add((np.sin(np.arange(44100) / 7) * 9000).astype('<i2').tobytes())\n"
        "assert -30 < m.integrated_lufs() < -5, m.integrated_lufs()\n"
        "print(sorted(n for n in sys.modules if n.startswith(('scipy.signal', 'pyloudnorm'))))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "['scipy.signal._sosfilt']"
