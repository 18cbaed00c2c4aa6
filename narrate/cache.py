"""Content-addressed cache of synthesized utterances: one WAV per (engine, version, voice, rate, text).

Layout: ``<root>/<key[:2]>/<key>.wav`` where ``key`` is the SHA-256 of the JSON of the key fields.
Writes go to a temporary file beside the target and are renamed into place, so parallel workers and
killed builds never leave a partial clip under a valid key.

The root is ``$NARRATE_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/narrate`` (``~/.cache/narrate``).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable


def default_cache_dir() -> Path:
    """The cache folder from the environment (see module docstring)."""
    if os.environ.get("NARRATE_CACHE_DIR"):
        return Path(os.environ["NARRATE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "narrate"


def utterance_key(engine: str, engine_version: str, voice: str | None, rate_wpm: int, text: str) -> str:
    """SHA-256 hex digest identifying one utterance; changes when any input changes."""
    payload = json.dumps(
        {"engine": engine, "version": engine_version, "voice": voice, "rate": rate_wpm, "text": text},
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class UtteranceCache:
    """A folder of cached clips. ``get_or_make`` is safe under concurrent processes."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else default_cache_dir()

    def path(self, key: str) -> Path:
        """Where the clip for ``key`` lives (whether or not it exists yet)."""
        return self.root / key[:2] / f"{key}.wav"

    def get(self, key: str) -> Path | None:
        """The cached clip for ``key``, or None."""
        path = self.path(key)
        return path if path.is_file() and path.stat().st_size > 44 else None

    def put(self, key: str, make: Callable[[Path], None]) -> Path:
        """Run ``make(tmp_path)`` to write the clip, then rename it into place; returns the final path."""
        final = self.path(key)
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = final.with_name(f".{key}.{os.getpid()}.part.wav")
        try:
            make(tmp)
            os.replace(tmp, final)
        finally:
            if tmp.exists():
                tmp.unlink()
        return final

    def info(self) -> tuple[int, int]:
        """(number of clips, total bytes)."""
        count = size = 0
        if self.root.is_dir():
            for path in self.root.glob("*/*.wav"):
                count += 1
                size += path.stat().st_size
        return count, size

    def clear(self) -> int:
        """Delete every cached clip; returns how many were deleted."""
        removed = 0
        if self.root.is_dir():
            for path in self.root.glob("*/*.wav"):
                path.unlink(missing_ok=True)
                removed += 1
        return removed
