"""Content-addressed cache of synthesized utterances: one FLAC clip per (engine, version, voice, rate, text, sample rate).

Layout: ``<root>/<key[:2]>/<key>.flac`` where ``key`` is the SHA-256 of the JSON of the key fields;
beside a clip, ``<key>.words.json`` holds the engine's word timings when it reported them
(``[[character offset, ms], ...]``, see ``narrate.speech.engines.WordTimes``), written before the clip.
A clip is stored once, losslessly compressed (FLAC, 16-bit mono), at the engine's own sample rate
when the episode's is a whole multiple of it (espeak-ng and Piper speak at 22.05 kHz, episodes are
44.1 kHz: :func:`stored_at_source_rate`), else converted to the episode's rate. Assembling an
episode decodes it and upsamples it with :func:`to_clip_samples`, the function a clip's maker uses:
the same samples either way. Speech compresses to about half its PCM size at 22.05 kHz: about 23 kB
per second of speech (half the FLAC work of storing it at 44.1 kHz, where it took 31 kB).

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

The root is, in order: the location given to :class:`UtteranceCache` (``--cache-dir``),
``$NARRATE_CACHE_DIR``, ``$XDG_CACHE_HOME/narrate``, ``~/.cache/narrate``. A location may be an
fsspec URL (``s3://bucket/prefix``, ``file:///shared/cache``): a ``file://`` URL is used as a folder;
any other protocol is a *remote* cache, mirrored in a local folder
(``<default cache>/remote/<digest of the URL>``): a clip is read from the mirror, else downloaded
into it; a new clip is written to the mirror and uploaded (one object per clip; S3 puts are atomic).
Several machines can so share one cache; the same key always names the same bytes.

**Size.** :meth:`UtteranceCache.info` counts every file the cache keeps (clips, the engine memo,
leftovers of older formats and of killed builds). :meth:`UtteranceCache.prune` deletes the least
recently used clips until the cache fits a size; a clip is *used* when a build reads it (its
modification time is set then). Clips used in the last :data:`IN_USE_S` seconds are never deleted,
so a running build keeps what it is using; and a build that finds a clip gone makes it again.

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
import errno
import functools
import hashlib
import io
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from narrate.files import replacing
from narrate.settings import parse_size  # noqa: F401 - re-exported: sizes of the cache

MEMO_FILE = "engines.json"
SPOKEN_MEMO = "spoken"
"""Folder of the spoken forms of each course's last build, ``spoken/<digest of the course path>.json``
(see ``narrate.text.normalize.remembered``)."""
WORDS_SUFFIX = ".words.json"
CLIP_SUFFIX = ".flac"
SAMPLE_WIDTH = 2  # bytes: clips are 16-bit signed mono
IN_USE_S = 15 * 60
"""A clip read or written this recently (seconds) counts as in use: :meth:`UtteranceCache.prune` keeps it."""
PIECES = "pieces"
"""Sub-folder of encoded MP3 pieces: ``pieces/<key[:2]>/<key>.mp3`` (see :meth:`UtteranceCache.get_piece`)."""
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


def to_clip_samples(data: np.ndarray, source_rate: int, sample_rate: int) -> np.ndarray:
    """Samples (any shape ``(n,)`` or ``(n, channels)``, int16) → mono int16 at ``sample_rate`` Hz.

    Channels are averaged; the rate is converted with a polyphase FIR filter
    (``scipy.signal.resample_poly``), whose stop band keeps the images of the original band out
    (linear interpolation would add hiss). ``n`` frames at ``source_rate`` become
    ``ceil(n × sample_rate / source_rate)`` frames.
    """
    if data.ndim == 2:
        data = data.astype(np.int32).mean(axis=1) if data.shape[1] > 1 else data[:, 0]
        data = np.rint(data).astype("<i2") if data.dtype != np.int16 else data
    if source_rate == sample_rate or not len(data):
        return data.astype("<i2", copy=False)
    samples = data.astype(np.float64)
    if sample_rate % source_rate == 0 and sample_rate // source_rate <= 8:  # e.g. 22050 → 44100
        resampled = _upsample(samples, sample_rate // source_rate)
    else:
        from scipy.signal import resample_poly  # imported here: scipy.signal costs ~0.5 s to import

        common = math.gcd(source_rate, sample_rate)
        resampled = resample_poly(samples, sample_rate // common, source_rate // common)
    return np.clip(np.rint(resampled), -32768, 32767).astype("<i2")


def _upsample(x: np.ndarray, up: int) -> np.ndarray:
    """``scipy.signal.resample_poly(x, up, 1)`` in numpy alone, so that a synthesis worker need not
    import scipy.signal: the Kaiser-windowed (β = 5) sinc low-pass of ``20 × up + 1`` taps, cut-off at
    the original Nyquist frequency, applied phase by phase. ``x`` holds int16 sample values.

    The phase that falls on the original samples is not filtered: its taps are the sinc's zeros
    (each under 1e-17) but the centre one, so it is ``x × centre``. For int16 values that differs
    from the full sum by under 1e-10, while ``x × centre`` lies at least 1e-7 from any half-integer
    (checked for every int16 value, tests/test_cache.py): the rounded samples are the same, at
    ``1 / up`` less work.
    """
    half = 10 * up
    h = _upsample_taps(up)
    y = np.empty(len(x) * up)
    for phase in range(up):
        if (phase + half) % up == 0:  # taps at multiples of up: the original samples, scaled
            y[phase::up] = x * h[half]
            continue
        full = np.convolve(x, h[(phase + half) % up :: up])
        offset = (phase + half) // up
        y[phase::up] = full[offset : offset + len(x)]
    return y


def stored_at_source_rate(data: np.ndarray, source_rate: int, sample_rate: int) -> bool:
    """Whether a clip of mono ``data`` spoken at ``source_rate`` Hz is stored at that rate for episodes
    at ``sample_rate`` Hz: when that is a whole multiple of it, up to 8 (22050 → 44100): the exact
    upsampling of :func:`to_clip_samples` is then done when the episode is assembled."""
    return (
        data.ndim == 1
        and source_rate < sample_rate
        and sample_rate % source_rate == 0
        and sample_rate // source_rate <= 8
    )


@functools.cache
def _upsample_taps(up: int) -> np.ndarray:
    """The ``20 × up + 1`` taps of :func:`_upsample`'s filter (made once per factor; read-only)."""
    half = 10 * up
    taps = np.arange(2 * half + 1) - half
    h = np.sinc(taps / up) / up * np.kaiser(2 * half + 1, 5.0)
    h *= up / h.sum()
    h.setflags(write=False)
    return h


def write_clip(samples: np.ndarray, sample_rate: int, path: Path) -> None:
    """Write mono int16 samples as a FLAC clip (lossless; the format the cache stores).

    The FLAC is made in memory and written in one go: libsndfile syncs a file it closes to disk
    (``fsync``), which made every new clip wait for the disk (the file is renamed into place by the
    caller; a clip lost in a crash is only made again)."""
    import soundfile

    from narrate.speech.signals import signals_held

    buffer = io.BytesIO()
    with signals_held():  # libsndfile writes through Python callbacks, where cffi drops a Ctrl-C
        soundfile.write(buffer, samples, sample_rate, format="FLAC", subtype="PCM_16")
    path.write_bytes(buffer.getbuffer())


def read_clip(path: Path) -> tuple[bytes, int]:
    """A FLAC (or WAV) clip's samples as raw s16le mono bytes, and its sample rate.

    Raises:
        FileNotFoundError: the clip is gone (e.g. evicted from the cache meanwhile), or it could not
            be decoded (cut short, not mono, not audio): then it is removed, so that it is made again
            (``narrate.speech.synthesis.with_clips``).
    """
    import soundfile

    try:
        with open(path, "rb") as handle, soundfile.SoundFile(handle) as clip:
            if clip.channels != 1:
                raise ValueError(f"{clip.channels} channels, not one")
            data = bytes(clip.buffer_read(dtype="int16"))
            if len(data) != clip.frames * SAMPLE_WIDTH:
                raise ValueError(f"{len(data) // SAMPLE_WIDTH} of its {clip.frames} samples decoded")
            return data, clip.samplerate
    except FileNotFoundError:
        raise
    except (OSError, RuntimeError, ValueError) as exc:  # soundfile's errors are RuntimeErrors
        _remove_quietly(Path(path))
        raise FileNotFoundError(errno.ENOENT, f"damaged clip removed ({exc})", str(path)) from None


def clip_problem(path: Path, sample_rate: int | None = None) -> str | None:
    """Why the file at a clip's path is no usable clip, or None when it is one.

    Always: a regular file of more than a bare header (44 bytes). With ``sample_rate`` (the episode's,
    which the key was made for), also: a FLAC, mono, 16-bit, at ``sample_rate`` or a whole fraction
    of it up to 1/8 (:func:`stored_at_source_rate`), that decodes to its last sample (a file cut
    short fails to seek there; about 1 ms, not a decode of the whole clip).
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "missing"
    except OSError as exc:
        return f"unreadable ({exc.strerror or exc})"
    if not stat.S_ISREG(info.st_mode):
        return "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
    if info.st_size <= 44:
        return "empty"
    if sample_rate is None:
        return None
    memo = (info.st_ino, info.st_size, info.st_mtime_ns, sample_rate)
    if _CHECKED.get(str(path)) == memo:
        return None
    import soundfile

    try:
        with open(path, "rb") as handle, soundfile.SoundFile(handle) as clip:
            if clip.format != "FLAC" or clip.subtype != "PCM_16" or clip.channels != 1:
                return f"a {clip.format} {clip.subtype} clip of {clip.channels} channels, not 16-bit mono FLAC"
            rate = clip.samplerate
            if rate != sample_rate and not (
                rate < sample_rate and sample_rate % rate == 0 and sample_rate // rate <= 8
            ):
                return f"at {rate} Hz, not {sample_rate} Hz or a whole fraction of it"
            if clip.frames <= 0:
                return "no samples"
            clip.seek(clip.frames - 1)
            if len(clip.read(1, dtype="int16")) != 1:
                return "cut short"
    except (OSError, RuntimeError, ValueError) as exc:  # soundfile's errors are RuntimeErrors
        return f"cannot be decoded ({exc})"
    if len(_CHECKED) > 100_000:
        _CHECKED.clear()
    _CHECKED[str(path)] = memo
    return None


_CHECKED: dict[str, tuple[int, int, int, int]] = {}
"""Clips found good by :func:`clip_problem` in this process: path → (inode, size, mtime, rate)."""


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def clip_words(clip: Path) -> list[tuple[int, int]] | None:
    """The word timings kept beside a cached clip (``<key>.words.json``), or None when there are none
    or they cannot be read (``(character offset, ms from the clip's start)`` per word, in order)."""
    try:
        data = json.loads(clip.with_name(_key_of(clip) + WORDS_SUFFIX).read_text(encoding="utf-8"))
        return [(int(offset), int(ms)) for offset, ms in data]
    except (OSError, ValueError, TypeError):
        return None


def _key_of(clip: Path) -> str:
    return clip.name.split(".", 1)[0]


class CacheInfo(NamedTuple):
    """What :meth:`UtteranceCache.info` reports: clip count, total bytes of every file, and file count."""

    clips: int
    bytes: int
    files: int = 0


class PruneResult(NamedTuple):
    """What :meth:`UtteranceCache.prune` removed (files, bytes) and what the cache holds after (bytes)."""

    removed: int
    freed: int
    left: int


class UtteranceCache:
    """A folder (or remote location, see module docstring) of cached clips; :meth:`put` is safe under
    concurrent processes and machines.

    Args:
        root: the cache folder or fsspec URL (None: :func:`default_cache_dir`). Created on first write.
        storage_options: passed to fsspec for a remote location (e.g. ``{"endpoint_url": ...}``);
            default: the environment's (``AWS_*`` variables, ``~/.aws``).
    """

    def __init__(self, root: Path | str | None = None, storage_options: dict[str, Any] | None = None):
        location = root if root is not None else default_cache_dir()
        self.scratch: Path | None = None  # see fresh_samples()
        self.url: str | None = None
        self.storage_options = dict(storage_options or {})
        self._fs: Any = None
        if is_remote(location):
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
            _touch(path)
            return path
        if problem not in ("missing", "empty"):
            _discard(path, problem)
        if self.url is not None:
            found = self._download(key)
            if found is not None and clip_problem(found, sample_rate) is not None:
                _discard(found, "downloaded damaged")
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
        _touch(path)
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

    def fs(self) -> Any:
        """The fsspec filesystem of a remote cache (made on first use)."""
        if self._fs is None:
            import fsspec

            protocol = self.url.split("://", 1)[0] if self.url else "file"
            self._fs = fsspec.filesystem(protocol, **self.storage_options)
        return self._fs

    def _remote(self, key: str, suffix: str = CLIP_SUFFIX) -> str:
        return f"{self.url}/{key[:2]}/{key}{suffix}"

    def _download(self, key: str) -> Path | None:
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


def _discard(path: Path, problem: str) -> None:
    """Remove what stands where a clip belongs (a damaged clip, an empty folder), so it is made again.

    Raises:
        BuildError: it cannot be removed (naming the problem and the path).
    """
    from narrate.errors import BuildError

    try:
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink(missing_ok=True)
    except OSError as exc:
        raise BuildError(
            f"unusable clip in the utterance cache ({problem}) cannot be removed to make it again "
            f"({exc.strerror or exc}); remove it, or clear the cache (narrate cache clear)",
            path,
        ) from None
    _CHECKED.pop(str(path), None)


def _touch(path: Path) -> None:
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
    clips = {_key_of(Path(n)) for n, _, _ in entries if _rank(n, set()) == 1}
    words = {_key_of(Path(n)): (n, size) for n, size, _ in entries if n.endswith(WORDS_SUFFIX)}
    total = sum(size for _, size, _ in entries)
    removed = freed = 0
    for name, size, used in sorted(entries, key=lambda e: (_rank(e[0], clips), e[2], e[0])):
        if total <= max_bytes:
            break
        rank = _rank(name, clips)
        if rank == 2 or used > in_use_after:
            continue
        gone = [(name, size)]
        if rank == 1 and _key_of(Path(name)) in words:
            gone.append(words[_key_of(Path(name))])
        for what, bytes_ in gone:
            remove(what)
            total -= bytes_
            removed += 1
            freed += bytes_
    return PruneResult(removed, freed, total)
