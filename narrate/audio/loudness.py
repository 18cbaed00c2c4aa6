"""Streaming loudness measurement: ITU-R BS.1770-4 integrated loudness of s16le mono PCM.

The episode timeline is written clip by clip and never held whole in memory, so the meter is fed
the same chunks as they are written (:meth:`LoudnessMeter.add`). It keeps only the filter state
and one float per 100 ms of audio (a 3-hour episode: 108 000 floats, under 1 MB).

Algorithm (BS.1770-4, mono, channel weight 1.0): K-weighting (the two biquads of the standard, as
defined by ``pyloudnorm.iirfilter.IIRfilter``), mean square over 400 ms gating blocks with 75 %
overlap (built from 100 ms sub-blocks), absolute gate at -70 LUFS, relative gate 10 LU below the
absolutely-gated loudness, loudness ``-0.691 + 10·log10(mean z)``. Agrees with
``pyloudnorm.Meter.integrated_loudness`` on the same samples (see tests/test_loudness.py).
"""

from __future__ import annotations

import math
from array import array

import numpy as np

_ABSOLUTE_GATE = -70.0  # LUFS
_RELATIVE_GATE = -10.0  # LU
_FULL_SCALE = 32768.0


def k_weighting_sos(sample_rate: int) -> np.ndarray:
    """The BS.1770 K-weighting filter (pre-filter shelf, then RLB high-pass) as second-order sections."""
    from pyloudnorm.iirfilter import IIRfilter  # imported here, like scipy.signal: slow to import

    stages = (
        IIRfilter(4.0, 1 / math.sqrt(2), 1500.0, sample_rate, "high_shelf"),
        IIRfilter(0.0, 0.5, 38.0, sample_rate, "high_pass"),
    )
    rows = []
    for stage in stages:
        b, a = np.asarray(stage.b, float), np.asarray(stage.a, float)
        rows.append(np.concatenate([b / a[0], a / a[0]]))
    return np.array(rows)


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
        self._peak = max(self._peak, int(np.max(np.abs(samples.astype(np.int32)))))
        from scipy.signal import sosfilt

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
