"""The cache's store: where the cache lives (a folder, or an fsspec URL mirrored in a local folder),
and what it keeps counted, pruned and cleared as one, whichever kind of data a file holds.

The root is, in order: the location given to :class:`CacheStore` (``--cache-dir``),
``$NARRATE_CACHE_DIR``, ``$XDG_CACHE_HOME/narrate``, ``~/.cache/narrate``. A location may be an
fsspec URL (``s3://bucket/prefix``, ``file:///shared/cache``): a ``file://`` URL is used as a folder;
any other protocol is a *remote* cache, mirrored in a local folder
(``<default cache>/remote/<digest of the URL>``). Several machines can so share one cache; the same
key always names the same bytes.

The kinds of data it keeps (:mod:`narrate.speech.cache`): utterance clips ``<key[:2]>/<key>.flac``
and their word timings ``<key>.words.json``; encoded MP3 pieces ``pieces/<key[:2]>/<key>.mp3``
(local only); the engine memo ``engines.json``; the spoken forms of each course's last build
``spoken/*.json``; decoded jingles ``jingles/*.pcm``.

**Size.** :meth:`CacheStore.info` counts every file the cache keeps (clips, the engine memo,
leftovers of older formats and of killed builds). :meth:`CacheStore.prune` deletes the least
recently used clips until the cache fits a size; a clip is *used* when a build reads it (its
modification time is set then, :func:`touch`). Clips used in the last :data:`IN_USE_S` seconds are
never deleted, so a running build keeps what it is using; and a build that finds a clip gone makes
it again.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from narrate.files import unknown_protocol

MEMO_FILE = "engines.json"
SPOKEN_MEMO = "spoken"
"""Folder of the spoken forms of each course's last build, ``spoken/<digest of the course path>.json``
(see ``narrate.text.normalize.remembered``)."""
WORDS_SUFFIX = ".words.json"
CLIP_SUFFIX = ".flac"
IN_USE_S = 15 * 60
"""A clip read or written this recently (seconds) counts as in use: :meth:`CacheStore.prune` keeps it."""
PIECES = "pieces"
"""Sub-folder of encoded MP3 pieces: ``pieces/<key[:2]>/<key>.mp3`` (see :meth:`narrate.speech.cache.UtteranceCache.get_piece`)."""
PIECE_SUFFIX = ".mp3"
_LEGACY = ("??/*.wav", "??/*.pcm")  # older cache formats: WAV clips and their resampled PCM copies
_PARTIAL = ("??/.*.part*", "??/.*.pcm.part", f"{PIECES}/??/.*.part*")
_PARTIAL_NAME = re.compile(r"^\.[0-9a-f]{64}\.(\d+)\.part")
"""A half-written file of the process with that id: ``.<key>.<pid>.part.flac`` (and ``.wav``, ``.json``)."""


def _alive(pid: int) -> bool:
    """Whether a process with this id runs (on this machine)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


_WORDS = "??/*" + WORDS_SUFFIX
_JINGLES = "jingles/*.pcm"  # intro and outro music, decoded and levelled (narrate.audio.jingle)


def default_cache_dir() -> Path:
    """The cache folder from the environment (see module docstring)."""
    if os.environ.get("NARRATE_CACHE_DIR"):
        return Path(os.environ["NARRATE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "narrate"


def is_remote(location: str | Path) -> bool:
    """Whether ``location`` is an fsspec URL of a non-local filesystem (``s3://...``; not ``file://``)."""
    text = str(location)
    return "://" in text and not text.startswith("file://")


def local_path(location: str | Path) -> Path:
    """A folder location as a path: ``file:///x`` → ``/x``; a plain path unchanged."""
    text = str(location)
    return Path(text[len("file://") :]) if text.startswith("file://") else Path(text)


def key_of(clip: Path) -> str:
    """The key a cached file is named by (``<key>.flac``, ``<key>.words.json`` → ``<key>``)."""
    return clip.name.split(".", 1)[0]


class CacheInfo(NamedTuple):
    """What :meth:`CacheStore.info` reports: clip count, total bytes of every file, and file count."""

    clips: int
    bytes: int
    files: int = 0


class PruneResult(NamedTuple):
    """What :meth:`CacheStore.prune` removed (files, bytes) and what the cache holds after (bytes)."""

    removed: int
    freed: int
    left: int


class CacheStore:
    """The cache's store: a folder, or a remote location mirrored in a local folder (see module
    docstring), where every kind of cached data is kept (:class:`narrate.speech.cache.UtteranceCache`
    adds the kinds), counted, pruned and cleared as one.

    Args:
        root: the cache folder or fsspec URL (None: :func:`default_cache_dir`). Created on first write.
        storage_options: passed to fsspec for a remote location (e.g. ``{"endpoint_url": ...}``);
            default: the environment's (``AWS_*`` variables, ``~/.aws``).
    """

    def __init__(self, root: Path | str | None = None, storage_options: dict[str, Any] | None = None):
        location = root if root is not None else default_cache_dir()
        self.url: str | None = None
        self.storage_options = dict(storage_options or {})
        self._fs: Any = None
        if is_remote(location):
            problem = unknown_protocol(location)
            if problem:
                from narrate.errors import ConfigError

                raise ConfigError(f"the cache location {location}: {problem}")
            self.url = str(location).rstrip("/")
            digest = hashlib.sha256(self.url.encode()).hexdigest()[:16]
            self.root = default_cache_dir() / "remote" / digest
        else:
            self.root = local_path(location)
            if self.root.exists() and not self.root.is_dir():
                from narrate.errors import ConfigError

                raise ConfigError("the cache folder is a file, not a folder (--cache-dir)", self.root)

    @property
    def location(self) -> str:
        """The location as given: the remote URL, else the folder (a string that recreates this cache)."""
        return self.url or str(self.root)

    def __getstate__(self) -> dict:  # picklable for worker processes: the fsspec client is made again there
        return {**self.__dict__, "_fs": None}

    def fs(self) -> Any:
        """The fsspec filesystem of a remote cache (made on first use)."""
        if self._fs is None:
            import fsspec

            protocol = self.url.split("://", 1)[0] if self.url else "file"
            self._fs = fsspec.filesystem(protocol, **self.storage_options)
        return self._fs

    def _remote(self, key: str, suffix: str = CLIP_SUFFIX) -> str:
        """The remote store's name of the file ``<key><suffix>`` (clips and their word timings)."""
        return f"{self.url}/{key[:2]}/{key}{suffix}"

    def remove_stale_partials(self) -> int:
        """Remove half-written files (``.<key>.<pid>.part...``) left by a process that no longer runs
        (a speech worker killed by Ctrl-C or a crash); returns how many. Files of live processes stay."""
        removed = 0
        for path in self.root.glob("??/.*.part*"):
            match = _PARTIAL_NAME.match(path.name)
            if match is None or _alive(int(match.group(1))):
                continue
            try:
                path.unlink()
                removed += 1
            except OSError:
                pass
        return removed

    def info(self) -> CacheInfo:
        """Number of cached clips, and the total size and number of every file the cache keeps.

        A remote cache reports the remote store (its local mirror is a copy of part of it).
        """
        clips = size = files = 0
        for name, bytes_, _ in self._files():
            files += 1
            size += bytes_
            clips += _is_clip(name)
        return CacheInfo(clips, size, files)

    def prune(self, max_bytes: int, *, in_use_s: float = IN_USE_S, now: float | None = None) -> PruneResult:
        """Delete least recently used clips until every file the cache keeps fits in ``max_bytes``.

        Leftovers (partial clips of killed builds older than ``in_use_s``, clips and copies of
        older cache formats, word timings without their clip) go first, then clips oldest use
        first, each with its word timings. A clip used in the last ``in_use_s`` seconds is kept
        even if the cache stays over the size. A remote cache prunes its local mirror and the
        remote store (where a use is the upload time: object stores keep no access time).
        """
        now = time.time() if now is None else now
        local = [(str(p), s, m) for p, s, m in self._local_files()]
        result = _evict(local, max_bytes, now - in_use_s, lambda name: Path(name).unlink(missing_ok=True))
        self._remove_empty_folders()
        if self.url is None:
            return result
        remote = _evict(self._files(), max_bytes, now - in_use_s, self._rm_remote)
        return PruneResult(remote.removed + result.removed, remote.freed + result.freed, remote.left)

    def _rm_remote(self, name: str) -> None:
        try:
            self.fs().rm_file(name)
        except FileNotFoundError:
            pass

    def clear(self) -> int:
        """Delete every cached clip, leftover partial clip and the engine memo; returns the clip count.

        Only files narrate made are removed (``??/*.flac``, ``??/.*.part*``, the clips and
        resampled copies of older versions, ``??/*.wav`` and ``??/*.pcm``, ``engines.json``), then
        the emptied two-letter folders; anything else in the folder is left alone. A remote cache
        clears the remote store and the local mirror.
        """
        removed = 0
        if self.url is not None:
            for name, _, _ in self._files():
                self.fs().rm_file(name)
                removed += _is_clip(name)
        local = 0
        for path, _, _ in self._local_files():
            local += _is_clip(str(path))
            path.unlink(missing_ok=True)
        self._remove_empty_folders()
        return removed if self.url is not None else local

    def _files(self) -> list[tuple[str, int, float]]:
        """(name, bytes, last use as a POSIX time) of every file the cache keeps (remote: the store)."""
        if self.url is None:
            return [(str(p), s, m) for p, s, m in self._local_files()]
        fs = self.fs()
        try:
            found = fs.find(self.url, detail=True)
        except FileNotFoundError:
            return []
        entries = []
        prefix = self.url.split("://", 1)[1].rstrip("/") + "/"
        for name, detail in found.items():
            rel = name[len(prefix) :] if name.startswith(prefix) else name
            if not _ours(rel):
                continue
            when = detail.get("LastModified") or detail.get("mtime") or detail.get("created") or 0
            stamp = when.timestamp() if hasattr(when, "timestamp") else float(when)
            entries.append((name, int(detail.get("size") or 0), stamp))
        return entries

    def _local_files(self) -> list[tuple[Path, int, float]]:
        if not self.root.is_dir():
            return []
        entries = []
        pieces = f"{PIECES}/??/*{PIECE_SUFFIX}"
        for pattern in (
            f"??/*{CLIP_SUFFIX}",
            _WORDS,
            *_LEGACY,
            *_PARTIAL,
            _JINGLES,
            MEMO_FILE,
            f"{SPOKEN_MEMO}/*.json",
            pieces,
        ):
            for path in self.root.glob(pattern):
                try:
                    st = path.stat()
                except OSError:  # removed meanwhile by a concurrent prune or clear
                    continue
                entries.append((path, st.st_size, st.st_mtime))
        return list({p: (p, s, m) for p, s, m in entries}.values())

    def _remove_empty_folders(self) -> None:
        if not self.root.is_dir():
            return
        for folder in [
            *self.root.glob("??"),
            *self.root.glob(f"{PIECES}/??"),
            self.root / PIECES,
            self.root / SPOKEN_MEMO,
        ]:
            try:
                folder.rmdir()
            except OSError:  # not empty or not a folder
                pass


def touch(path: Path) -> None:
    """Mark the cached file ``path`` as used now (for :meth:`CacheStore.prune`); quietly nothing when
    the cache is read-only."""
    try:
        os.utime(path)
    except OSError:  # a read-only shared cache still works; its clips just look older
        pass


def _is_clip(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return not base.startswith(".") and (base.endswith(CLIP_SUFFIX) or base.endswith(".wav"))


def _ours(rel: str) -> bool:
    """Whether a path relative to the cache root is a file narrate keeps there."""
    parts = rel.split("/")
    if parts == [MEMO_FILE] or (len(parts) == 2 and parts[0] == SPOKEN_MEMO):
        return True
    return (
        len(parts) == 2
        and len(parts[0]) == 2
        and parts[1].endswith((CLIP_SUFFIX, WORDS_SUFFIX, ".wav", ".pcm", ".part"))
    )


def _rank(name: str, clips: set[str]) -> int:
    """Eviction order: 0 leftovers (partial files, older formats, word timings without a clip) and
    decoded jingles (made again from their music file when needed), 1 clips, 2 never on their own
    (the engine memo; word timings, which go with their clip)."""
    base = name.rsplit("/", 1)[-1]
    if base == MEMO_FILE:
        return 2
    if base.endswith(WORDS_SUFFIX) and not base.startswith("."):
        return 2 if base[: -len(WORDS_SUFFIX)] in clips else 0
    if base.startswith(".") or base.endswith((".wav", ".pcm", ".part")):
        return 0
    return 1


def _evict(
    entries: list[tuple[str, int, float]], max_bytes: int, in_use_after: float, remove: Callable[[str], None]
) -> PruneResult:
    """Remove entries (name, bytes, last use) in eviction order until they fit in ``max_bytes``;
    nothing used after ``in_use_after`` (a POSIX time) is removed. A clip takes its word timings along."""
    clips = {key_of(Path(n)) for n, _, _ in entries if _rank(n, set()) == 1}
    words = {key_of(Path(n)): (n, size) for n, size, _ in entries if n.endswith(WORDS_SUFFIX)}
    total = sum(size for _, size, _ in entries)
    removed = freed = 0
    for name, size, used in sorted(entries, key=lambda e: (_rank(e[0], clips), e[2], e[0])):
        if total <= max_bytes:
            break
        rank = _rank(name, clips)
        if rank == 2 or used > in_use_after:
            continue
        gone = [(name, size)]
        if rank == 1 and key_of(Path(name)) in words:
            gone.append(words[key_of(Path(name))])
        for what, bytes_ in gone:
            remove(what)
            total -= bytes_
            removed += 1
            freed += bytes_
    return PruneResult(removed, freed, total)
