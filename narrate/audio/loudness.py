"""Streaming loudness measurement: ITU-R BS.1770-4 integrated loudness of s16le mono PCM.

The episode timeline is written clip by clip and never held whole in memory, so the meter is fed
the same chunks as they are written (:meth:`LoudnessMeter.add`). It keeps only the filter state
and one float per 100 ms of audio (a 3-hour episode: 108 000 floats, under 1 MB).

Algorithm (BS.1770-4, mono, channel weight 1.0): K-weighting (the two biquads of the standard, as
defined by ``pyloudnorm.iirfilter.IIRfilter``; applied by scipy's ``sosfilt`` loop), mean square over 400 ms gating blocks with 75 %
overlap (built from 100 ms sub-blocks), absolute gate at -70 LUFS, relative gate 10 LU below the
absolutely-gated loudness, loudness ``-0.691 + 10·log10(mean z)``. Agrees with
``pyloudnorm.Meter.integrated_loudness`` on the same samples (see tests/audio/test_loudness.py).
"""

from __future__ import annotations

import functools
import math
from array import array
from collections.abc import Callable
from pathlib import Path

import numpy as np

_ABSOLUTE_GATE = -70.0  # LUFS
_RELATIVE_GATE = -10.0  # LU
_FULL_SCALE = 32768.0


_K_WEIGHTING = ((4.0, 1 / math.sqrt(2), 1500.0, "high_shelf"), (0.0, 0.5, 38.0, "high_pass"))
"""The two K-weighting stages of BS.1770 as pyloudnorm defines them: gain (dB), Q, frequency (Hz), shape."""


def k_weighting_sos(sample_rate: int) -> np.ndarray:
    """The BS.1770 K-weighting filter (pre-filter shelf, then RLB high-pass) as second-order sections.

    The coefficients are those of ``pyloudnorm.iirfilter.IIRfilter`` (the RBJ cookbook formulas, the
    same float operations; tests/audio/test_loudness.py compares them), computed here because importing
    pyloudnorm imports ``scipy.signal``, about 1 s of CPU that a build need not spend.
    """
    rows = []
    for gain_db, q, fc, shape in _K_WEIGHTING:
        a_ = 10 ** (gain_db / 40.0)
        w0 = 2.0 * np.pi * (fc / sample_rate)
        alpha = np.sin(w0) / (2.0 * q)
        cos, root = np.cos(w0), np.sqrt(a_)
        if shape == "high_shelf":
            b = (
                a_ * ((a_ + 1) + (a_ - 1) * cos + 2 * root * alpha),
                -2 * a_ * ((a_ - 1) + (a_ + 1) * cos),
                a_ * ((a_ + 1) + (a_ - 1) * cos - 2 * root * alpha),
            )
            a = (
                (a_ + 1) - (a_ - 1) * cos + 2 * root * alpha,
                2 * ((a_ - 1) - (a_ + 1) * cos),
                (a_ + 1) - (a_ - 1) * cos - 2 * root * alpha,
            )
        else:  # high_pass
            b = ((1 + cos) / 2, -(1 + cos), (1 + cos) / 2)
            a = (1 + alpha, -2 * cos, 1 - alpha)
        bs, as_ = np.asarray(b, float), np.asarray(a, float)
        rows.append(np.concatenate([bs / as_[0], as_ / as_[0]]))
    return np.array(rows)


@functools.cache
def _sosfilt_loop() -> Callable[[np.ndarray, np.ndarray, np.ndarray], None] | None:
    """``scipy.signal.sosfilt``'s compiled loop (``_sosfilt(sos, x, zi)``, filtering the C-ordered
    float64 rows of ``x`` in place), loaded without importing the ``scipy.signal`` package (about 1 s
    of CPU: it imports scipy.stats, interpolate and optimize); None when this scipy has no such module
    (then :func:`scipy.signal.sosfilt` itself is used: the same samples)."""
    import importlib.machinery
    import importlib.util
    import sys

    name = "scipy.signal._sosfilt"
    if name in sys.modules:  # scipy.signal imported already
        return sys.modules[name]._sosfilt
    try:
        import scipy

        folder = Path(scipy.__file__).parent / "signal"
        path = next(folder.glob("_sosfilt.*"), None)
        if path is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(path))
        spec = importlib.util.spec_from_file_location(name, str(path), loader=loader)
        if spec is None:
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        sys.modules[name] = module  # a later ``import scipy.signal`` uses this one
        return module._sosfilt
    except (ImportError, OSError, AttributeError):
        return None


def sosfilt(sos: np.ndarray, x: np.ndarray, zi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``scipy.signal.sosfilt(sos, x, zi=zi)`` for one float64 signal ``x`` (1-D) and its state ``zi``
    (sections × 2): the filtered samples and the new state, the same values, usually without
    importing ``scipy.signal`` (see :func:`_sosfilt_loop`)."""
    loop = _sosfilt_loop()
    if loop is None:
        from scipy.signal import sosfilt as scipy_sosfilt

        return scipy_sosfilt(sos, x, zi=zi)
    rows = np.array(x, dtype=np.float64, order="C").reshape(1, -1)
    state = np.array(zi, dtype=np.float64, order="C").reshape(1, *zi.shape)
    loop(np.asarray(sos, dtype=np.float64), rows, state)
    return rows[0], state[0]


class LoudnessMeter:
    """Integrated loudness (LUFS) and sample peak (dBFS) of a mono 16-bit stream fed in chunks.

    Chunks may have any length; the result depends only on the concatenated samples.
    """

    def __init__(self, sample_rate: int):
        self.sample_rate = sample_rate
        self._sos = k_weighting_sos(sample_rate)
        self._zi = np.zeros((self._sos.shape[0], 2))
        self._step = max(1, round(sample_rate / 10))  # 100 ms sub-block, in samples
        self._partial_sum = 0.0
        self._partial_len = 0
        self._sub_blocks = array("d")  # sum of squares of each complete 100 ms sub-block
        self._peak = 0

    def add(self, pcm: bytes) -> None:
        """Feed raw s16le mono samples (a whole number of samples)."""
        if not pcm:
            return
        samples = np.frombuffer(pcm, dtype="<i2")
        self._peak = max(self._peak, int(samples.max()), -int(samples.min()))  # no int32 copy of the chunk
        weighted, self._zi = sosfilt(self._sos, samples / _FULL_SCALE, zi=self._zi)
        squares = weighted * weighted
        pos = 0
        if self._partial_len:
            take = min(self._step - self._partial_len, len(squares))
            self._partial_sum += float(squares[:take].sum())
            self._partial_len += take
            pos = take
            if self._partial_len == self._step:
                self._sub_blocks.append(self._partial_sum)
                self._partial_sum, self._partial_len = 0.0, 0
        whole = (len(squares) - pos) // self._step
        if whole:
            sums = squares[pos : pos + whole * self._step].reshape(whole, self._step).sum(axis=1)
            self._sub_blocks.extend(sums.tolist())
            pos += whole * self._step
        if pos < len(squares):
            self._partial_sum += float(squares[pos:].sum())
            self._partial_len += len(squares) - pos

    def add_silence(self, frames: int) -> None:
        """Feed ``frames`` zero samples (cheaper than :meth:`add` for long pauses)."""
        block = bytes(2 * min(frames, 1 << 16))
        while frames > 0:
            n = min(frames, len(block) // 2)
            self.add(block[: 2 * n])
            frames -= n

    @property
    def sample_peak_dbfs(self) -> float:
        """Highest absolute sample value in dBFS (-inf for digital silence)."""
        return 20 * math.log10(self._peak / _FULL_SCALE) if self._peak else -math.inf

    def integrated_lufs(self) -> float:
        """Gated integrated loudness in LUFS; ``-inf`` when nothing passes the gates (silence or < 400 ms)."""
        subs = np.frombuffer(self._sub_blocks, dtype=float) if self._sub_blocks else np.zeros(0)
        if len(subs) < 4:
            return -math.inf
        z = (subs[:-3] + subs[1:-2] + subs[2:-1] + subs[3:]) / (4 * self._step)
        with np.errstate(divide="ignore"):
            block_lufs = -0.691 + 10 * np.log10(z)
        gated = z[block_lufs >= _ABSOLUTE_GATE]
        if not len(gated):
            return -math.inf
        relative = -0.691 + 10 * math.log10(gated.mean()) + _RELATIVE_GATE
        gated = z[(block_lufs >= _ABSOLUTE_GATE) & (block_lufs > relative)]
        if not len(gated):
            return -math.inf
        return -0.691 + 10 * math.log10(gated.mean())
