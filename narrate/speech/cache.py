"""Content-addressed cache of synthesized utterances: one WAV per (engine, version, voice, rate, text).

Layout: ``<root>/<key[:2]>/<key>.wav`` where ``key`` is the SHA-256 of the JSON of the key fields;
beside a clip, ``<key>.words.json`` holds the engine's word timings when it reported them
(``[[character offset, ms], ...]``, see ``narrate.speech.engines.WordTimes``), written before the clip.
Writes go to a temporary file beside the target and are renamed into place (``os.replace``), so
parallel workers and killed builds never leave a partial clip under a valid key; two workers that
make the same clip at once both succeed and one of the identical files wins.

The root is, in order: the folder given to :class:`UtteranceCache` (``--cache-dir``),
``$NARRATE_CACHE_DIR``, ``$XDG_CACHE_HOME/narrate``, ``~/.cache/narrate``.

``<root>/engines.json`` memoises engine version strings and default voices (see ``narrate.speech.synthesis``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from narrate.files import replacing

MEMO_FILE = "engines.json"
WORDS_SUFFIX = ".words.json"


def default_cache_dir() -> Path:
    """The cache folder from the environment (see module docstring)."""
    if os.environ.get("NARRATE_CACHE_DIR"):
        return Path(os.environ["NARRATE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "narrate"


def utterance_key(engine: str, engine_version: str, voice: str | None, rate_wpm: int, text: str) -> str:
    """SHA-256 hex digest (64 characters) identifying one utterance; changes when any input changes.

    ``engine_version`` should name the voice data too (Piper: the model's digest), so that a new
    voice model gives new keys.
    """
    payload = json.dumps(
        {"engine": engine, "version": engine_version, "voice": voice, "rate": rate_wpm, "text": text},
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def clip_words(clip: Path) -> list[tuple[int, int]] | None:
    """The word timings kept beside a cached clip (``<key>.words.json``), or None when there are none
    or they cannot be read (``(character offset, ms from the clip's start)`` per word, in order)."""
    try:
        data = json.loads(clip.with_name(clip.stem + WORDS_SUFFIX).read_text(encoding="utf-8"))
        return [(int(offset), int(ms)) for offset, ms in data]
    except (OSError, ValueError, TypeError):
        return None


class CacheInfo(NamedTuple):
    """What :meth:`UtteranceCache.info` reports: clip count and their total size in bytes."""

    clips: int
    bytes: int


class UtteranceCache:
    """A folder of cached clips; :meth:`put` is safe under concurrent processes.

    Args:
        root: the cache folder (None: :func:`default_cache_dir`). Created on first write.
    """

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else default_cache_dir()

    def path(self, key: str) -> Path:
        """Where the clip for ``key`` lives (whether or not it exists yet)."""
        return self.root / key[:2] / f"{key}.wav"

    def get(self, key: str) -> Path | None:
        """The cached clip for ``key``, or None (a file of 44 bytes or less is a bare header: a miss)."""
        path = self.path(key)
        try:
            return path if path.stat().st_size > 44 else None
        except OSError:
            return None

    def put(self, key: str, make: Callable[[Path], list[tuple[int, int]] | None]) -> Path:
        """Run ``make(tmp_path)`` to write the clip, then rename it into place; returns the final path.

        When ``make`` returns word timings (a non-empty list), they are written beside the clip (``<key>.words.json``)
        before the clip is renamed into place; otherwise any old timings of that key are removed.
        If ``make`` raises, nothing is left behind and the exception propagates.
        """
        final = self.path(key)
        final.parent.mkdir(parents=True, exist_ok=True)
        words_file = final.with_name(key + WORDS_SUFFIX)
        with replacing(final, final.with_name(f".{key}.{os.getpid()}.part.wav")) as tmp:
            words = make(tmp)
            if isinstance(words, list) and words:
                with replacing(words_file, final.with_name(f".{key}.{os.getpid()}.part.json")) as tmp_words:
                    tmp_words.write_text(json.dumps([list(w) for w in words]), encoding="utf-8")
            else:
                words_file.unlink(missing_ok=True)
        return final

    def info(self) -> CacheInfo:
        """Number of cached clips and their total size in bytes."""
        count = size = 0
        for path in self._clips():
            try:
                size += path.stat().st_size
                count += 1
            except OSError:  # removed meanwhile by a concurrent clear
                pass
        return CacheInfo(count, size)

    def clear(self) -> int:
        """Delete every cached clip, leftover partial clip and the engine memo; returns the clip count.

        Only files narrate made are removed (``??/*.wav``, ``??/.*.part.wav``, the resampled copies
        ``??/*.<rate>.pcm`` that ``narrate.audio.timeline.clip_pcm`` keeps, ``??/*.words.json``,
        ``engines.json``),
        then the emptied two-letter folders; anything else in the folder is left alone.
        """
        removed = 0
        for path in self._clips():
            path.unlink(missing_ok=True)
            removed += 1
        if self.root.is_dir():
            # partial clips, resampled PCM, word timings
            for pattern in ("??/.*.part.wav", "??/.*.part.json", "??/*.pcm", "??/.*.pcm.part", "??/*" + WORDS_SUFFIX):
                for path in self.root.glob(pattern):
                    path.unlink(missing_ok=True)
            (self.root / MEMO_FILE).unlink(missing_ok=True)
            for folder in self.root.glob("??"):
                try:
                    folder.rmdir()
                except OSError:  # not empty or not a folder
                    pass
        return removed

    def _clips(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        return [p for p in self.root.glob("??/*.wav") if not p.name.startswith(".")]
