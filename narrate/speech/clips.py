"""Utterance clip files: FLAC (16-bit mono) written, read and checked, and the word timings beside
them (``<key>.words.json``: ``[[character offset, ms], ...]``, see ``narrate.speech.engines.WordTimes``).

A clip is checked before it is used (:func:`clip_problem`): a regular file, a FLAC that decodes to
its last sample (a clip cut short by a full disk or a copy fails there), mono, 16-bit, at the
episode's rate or a whole fraction of it. One that fails is removed (:func:`discard`) and made again.
"""

from __future__ import annotations

import errno
import io
import json
import os
import stat
from pathlib import Path

import numpy as np

from narrate.speech.store import WORDS_SUFFIX, key_of

SAMPLE_WIDTH = 2  # bytes: clips are 16-bit signed mono


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
        data = json.loads(clip.with_name(key_of(clip) + WORDS_SUFFIX).read_text(encoding="utf-8"))
        return [(int(offset), int(ms)) for offset, ms in data]
    except (OSError, ValueError, TypeError):
        return None


def discard(path: Path, problem: str) -> None:
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
