"""Real Chromium for the browser tests (the preview, right-to-left scripts, proof-listening pages):
where it is, how it starts, and Playwright or a skip (a failure under CI, where setup installs it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "_artifacts"
"""Screenshots the browser tests leave for a reviewer (not committed)."""
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--autoplay-policy=no-user-gesture-required",
]


def browser_or_skip():
    """Playwright's sync API, or skip (fail under CI) when it or Chromium is missing."""
    in_ci = bool(os.environ.get("CI"))
    if not CHROMIUM.exists():
        if in_ci:
            pytest.fail(f"{CHROMIUM} is missing in CI (scripts/setup.sh installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} not installed (sudo apt-get install chromium, or run scripts/setup.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if in_ci:
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    return sync_playwright
