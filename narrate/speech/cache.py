"""The kinds of data the cache keeps in its store (:mod:`narrate.speech.store`): utterance clips with
their word timings, and encoded MP3 pieces.

**Utterance clips.** A content-addressed clip per (engine, version, voice, rate, text, sample rate):
``<root>/<key[:2]>/<key>.flac`` where ``key`` is the SHA-256 of the JSON of the key fields
(:func:`utterance_key`); beside a clip, ``<key>.words.json`` holds the engine's word timings when it
reported them (``[[character offset, ms], ...]``, see ``narrate.speech.engines.WordTimes``), written
before the clip. A clip is stored once, losslessly compressed (FLAC, 16-bit mono,
:mod:`narrate.speech.clips`), at the engine's own sample rate when the episode's is a whole
multiple of it (espeak-ng and Piper speak at 22.05 kHz, episodes are 44.1 kHz:
:func:`stored_at_source_rate`), else converted to the episode's rate. Assembling an episode decodes
it and upsamples it with :func:`to_clip_samples` (:mod:`narrate.speech.resample`), the function a
clip's maker uses: the same samples either way. Speech compresses to about half its PCM size at
22.05 kHz: about 23 kB per second of speech (half the FLAC work of storing it at 44.1 kHz, where it
took 31 kB).

Writes go to a temporary file beside the target and are renamed into place (``os.replace``), so
parallel workers and killed builds never leave a partial clip under a valid key; two workers that
make the same clip at once both succeed and one of the identical files wins.

**Checked when read.** A build asks for a clip with the episode's sample rate
(:meth:`UtteranceCache.get`), and the file under the key is checked first (:func:`clip_problem`): a
regular file, a FLAC that decodes to its last sample (a clip cut short by a full disk or a copy
fails there), mono, 16-bit, at the episode's rate or a whole fraction of it (as
:func:`stored_at_source_rate` stores it). Anything else (a truncated FLAC, an 8 kHz clip under a
44.1 kHz key, an empty folder where a clip belongs) is removed and made again; a folder with files
in it is refused with one line. A clip that fails to decode later all the same
(:func:`read_clip`) is removed and reported as missing, so the build makes it again.

A remote cache's clip is read from the local mirror, else downloaded into it; a new clip is written
to the mirror and uploaded (one object per clip; S3 puts are atomic).

``<root>/engines.json`` memoises engine version strings and default voices (see ``narrate.speech.synthesis``).

**Encoded pieces.** ``<root>/pieces/<key[:2]>/<key>.mp3`` holds the MP3 frames of one chapter of an
episode as the encoder made them (:func:`narrate.audio.encoder.encode`), keyed by the chapter's
samples, filters and encoder settings, so that a rebuild after an edit encodes only the chapters
that changed. About 8 kB per second of audio at 64 kbit/s (a quarter of the clips' size); counted,
touched on use and pruned like clips. They stay in the local folder (a remote cache does not
upload them, and builds on a cluster do not use them).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from narrate.files import replacing
from narrate.settings import parse_size  # noqa: F401 - re-exported: sizes of the cache
from narrate.speech.clips import SAMPLE_WIDTH, clip_problem, clip_words, discard, read_clip, write_clip
from narrate.speech.resample import stored_at_source_rate, to_clip_samples
from narrate.speech.store import (
    CLIP_SUFFIX,
    IN_USE_S,
    MEMO_FILE,
    PIECE_SUFFIX,
    PIECES,
    SPOKEN_MEMO,
    WORDS_SUFFIX,
    CacheInfo,
    CacheStore,
    PruneResult,
    default_cache_dir,
    is_remote,
    local_path,
    touch,
)

__all__ = [
    "CLIP_SUFFIX",
    "IN_USE_S",
    "MEMO_FILE",
    "PIECES",
    "PIECE_SUFFIX",
    "SAMPLE_WIDTH",
    "SPOKEN_MEMO",
    "WORDS_SUFFIX",
    "CacheInfo",
    "PieceShelf",
    "PruneResult",
    "UtteranceCache",
    "clip_problem",
    "clip_words",
    "default_cache_dir",
    "is_remote",
    "keep_fresh",
    "local_path",
    "parse_size",
    "read_clip",
    "stored_at_source_rate",
    "take_fresh",
    "to_clip_samples",
    "utterance_key",
    "write_clip",
]


def utterance_key(
    engine: str, engine_version: str, voice: str | None, rate_wpm: int, text: str, sample_rate: int = 44100
) -> str:
    """SHA-256 hex digest (64 characters) identifying one utterance; changes when any input changes.

    ``engine_version`` should name the voice data too (Piper: the model's digest), so that a new
    voice model gives new keys. ``sample_rate`` (Hz) is the rate the clip is stored at.
    """
    payload = json.dumps(
        {
            "engine": engine,
            "version": engine_version,
            "voice": voice,
            "rate": rate_wpm,
            "text": text,
            "sample_rate": sample_rate,
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class PieceShelf(CacheStore):
    """The cache's encoded MP3 pieces (``narrate.audio.pieces.PieceStore``): ``pieces/<key[:2]>/<key>.mp3``
    in the local folder only."""

    def piece_path(self, key: str) -> Path:
        """Where the encoded MP3 piece for ``key`` lives on this machine."""
        return self.root / PIECES / key[:2] / f"{key}{PIECE_SUFFIX}"

    def get_piece(self, key: str) -> bytes | None:
        """An MP3 piece an earlier build encoded (``narrate.audio.encoder.PieceStore``), or None.

        A hit counts as a use (for :meth:`prune`), as for clips. Pieces stay on this machine (a
        remote cache does not upload them): they only spare a rebuild here its encoding.
        """
        path = self.piece_path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        touch(path)
        return data

    def put_piece(self, key: str, data: bytes) -> None:
        """Keep an encoded MP3 piece under ``key`` (written beside, then renamed into place). A
        piece that cannot be written (the folder read-only, or a file in its way) is not kept: the
        next build encodes it again."""
        final = self.piece_path(key)
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            with replacing(final, final.with_name(f".{key}.{os.getpid()}.part{PIECE_SUFFIX}")) as tmp:
                tmp.write_bytes(data)
        except OSError:
            pass


class UtteranceCache(PieceShelf):
    """A folder (or remote location, see :mod:`narrate.speech.store`) of cached clips, with their
    word timings, and of encoded MP3 pieces (:class:`PieceShelf`); :meth:`put` is safe under
    concurrent processes and machines.

    Args:
        root: the cache folder or fsspec URL (None: :func:`default_cache_dir`). Created on first write.
        storage_options: passed to fsspec for a remote location (e.g. ``{"endpoint_url": ...}``);
            default: the environment's (``AWS_*`` variables, ``~/.aws``).

    Raises:
        ConfigError: ``root`` is a file, not a folder.
    """

    def __init__(self, root: Path | str | None = None, storage_options: dict[str, Any] | None = None):
        self.scratch: Path | None = None  # see fresh_samples()
        super().__init__(root, storage_options)

    def path(self, key: str) -> Path:
        """Where the clip for ``key`` lives on this machine (whether or not it exists yet)."""
        return self.root / key[:2] / f"{key}{CLIP_SUFFIX}"

    def get(self, key: str, sample_rate: int | None = None) -> Path | None:
        """The cached clip for ``key``, or None (a file of 44 bytes or less is a bare header: a miss).

        With ``sample_rate`` (the episode's, which the key was made for) the clip is checked
        (:func:`clip_problem`): one that is damaged, of another format or at a wrong rate, or an
        empty folder in its place, is removed and is a miss, so that it is made again.

        A hit counts as a use (the clip's modification time is set to now, for :meth:`prune`); a
        remote cache's clip is downloaded into the local mirror first (and checked the same way).

        Raises:
            BuildError: a bad clip cannot be removed (a read-only cache, a folder with files in it).
        """
        path = self.path(key)
        problem = clip_problem(path, sample_rate)
        if problem is None:
            touch(path)
            return path
        if problem not in ("missing", "empty"):
            discard(path, problem)
        if self.url is not None:
            found = self._download(key)
            if found is not None and clip_problem(found, sample_rate) is not None:
                discard(found, "downloaded damaged")
                return None
            return found
        return None

    def put(self, key: str, make: Callable[[Path], list[tuple[int, int]] | None]) -> Path:
        """Run ``make(tmp_path)`` to write the clip, then rename it into place; returns the final path.

        When ``make`` returns word timings (a non-empty list), they are written beside the clip
        (``<key>.words.json``) before the clip is renamed into place; otherwise any old timings of
        that key are removed. A remote cache uploads both. If ``make`` raises, nothing is left
        behind and the exception propagates.
        """
        final = self.path(key)
        final.parent.mkdir(parents=True, exist_ok=True)
        words_file = final.with_name(key + WORDS_SUFFIX)
        with replacing(final, final.with_name(f".{key}.{os.getpid()}.part{CLIP_SUFFIX}")) as tmp:
            words = make(tmp)
            if isinstance(words, list) and words:
                with replacing(words_file, final.with_name(f".{key}.{os.getpid()}.part.json")) as tmp_words:
                    tmp_words.write_text(json.dumps([list(w) for w in words]), encoding="utf-8")
            else:
                words_file.unlink(missing_ok=True)
        if self.url is not None:
            if words_file.is_file():
                self.fs().put_file(str(words_file), self._remote(key, WORDS_SUFFIX))
            self.fs().put_file(str(final), self._remote(key))
        return final

    @contextlib.contextmanager
    def fresh_samples(self, folder: Path) -> Iterator[None]:
        """While this block runs, every clip made (in this process or in worker processes started
        inside the block, on this machine) also leaves its samples as raw PCM in ``folder``, the
        build's scratch space (not the cache), which the build's assembly reads once
        (:func:`take_fresh`) instead of decoding the FLAC clip it has just written: about 0.35 s
        of CPU per 8 minutes of new speech. The same samples either way (FLAC is lossless)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.scratch = folder
        _FRESH.add(folder)
        try:
            yield
        finally:
            self.scratch = None
            _FRESH.discard(folder)

    def _download(self, key: str) -> Path | None:
        """Fetch the clip ``key`` (and its word timings) from the remote store into the local mirror;
        its path there, or None when the store has none (or a bare header)."""
        final = self.path(key)
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = final.with_name(f".{key}.{os.getpid()}.part{CLIP_SUFFIX}")
        tmp_words = final.with_name(f".{key}.{os.getpid()}.part.json")
        try:
            try:  # the word timings first, as put() writes them: a clip is never without its timings
                self.fs().get_file(self._remote(key, WORDS_SUFFIX), str(tmp_words))
                os.replace(tmp_words, final.with_name(key + WORDS_SUFFIX))
            except (FileNotFoundError, OSError):
                pass
            self.fs().get_file(self._remote(key), str(tmp))
            if tmp.stat().st_size <= 44:
                return None
            os.replace(tmp, final)
            return final
        except (FileNotFoundError, OSError):
            return None
        finally:
            tmp.unlink(missing_ok=True)
            tmp_words.unlink(missing_ok=True)


_FRESH: set[Path] = set()
"""Scratch folders of the builds running in this process (see :meth:`UtteranceCache.fresh_samples`)."""


def keep_fresh(folder: Path, key: str, samples: np.ndarray, sample_rate: int) -> None:
    """Leave a new clip's samples (mono int16 at ``sample_rate`` Hz) in a build's scratch folder."""
    final = folder / f"{key}.{sample_rate}.pcm"
    tmp = folder / f".{key}.{os.getpid()}.part"
    tmp.write_bytes(samples.astype("<i2", copy=False).tobytes())
    os.replace(tmp, final)


def take_fresh(clip: Path, sample_rate: int) -> bytes | None:
    """The samples the maker of cache clip ``clip`` left for a running build in this process, at
    ``sample_rate`` Hz, read once (the file goes as it is read); None when there are none."""
    for folder in list(_FRESH):
        side = folder / f"{clip.stem}.{sample_rate}.pcm"
        try:
            data = side.read_bytes()
        except OSError:
            continue
        side.unlink(missing_ok=True)
        return data
    return None
