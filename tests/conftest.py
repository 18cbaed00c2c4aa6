"""Shared fixtures: one utterance cache per test session, so real-engine tests stay fast."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["fake_engines"]  # the `fakes` fixture: registered test-only speech engines

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True, scope="session")
def _session_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("NARRATE_CACHE_DIR", str(tmp_path_factory.mktemp("utterance-cache")))
    yield
    mp.undo()
