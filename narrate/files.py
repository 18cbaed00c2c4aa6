"""Writing files atomically: every file narrate writes appears whole or not at all.

The one home of the rule "write beside the target, then rename into place": :func:`write_atomic`
for bytes in memory, :func:`replacing` for files that a tool (ffmpeg, a speech engine) writes.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write ``data`` to a temporary file beside ``path``, fsync it, then rename it into place.

    A reader sees the old file or the new one, never a partial file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        os.fchmod(fd, file_mode())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def temp_beside(path: Path, suffix: str = "") -> Path:
    """A fresh temporary file name beside ``path`` (same folder, so ``os.replace`` is atomic)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=f"{suffix}.part", dir=path.parent)
    try:
        os.fchmod(fd, file_mode())
    finally:
        os.close(fd)
    return Path(tmp)


def file_mode() -> int:
    """Permission bits for a file the build writes: ``0o644`` minus the process umask (like ``open()``).

    ``tempfile.mkstemp`` creates files readable by the owner only (``0o600``); published files
    (episodes, feed) must be readable by a web server running as another user.
    """
    return 0o644 & ~_umask()


@functools.lru_cache(maxsize=1)
def _umask() -> int:
    # Read once: os.umask can only be read by setting it, which is not safe once threads run.
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


@contextmanager
def replacing(path: Path, tmp: Path | None = None, *, fsync: bool = False) -> Iterator[Path]:
    """A temporary path beside ``path`` to write; renamed onto ``path`` when the block ends without
    an error, removed when it raises. A reader sees the old file or the new one, never a partial one.

    Args:
        tmp: the temporary path to use (same filesystem as ``path``); default: a fresh name beside it.
        fsync: flush the written file to disk before the rename.
    """
    tmp = Path(tmp) if tmp is not None else temp_beside(Path(path))
    try:
        yield tmp
        if fsync:
            with open(tmp, "rb") as handle:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def source_digest(root: Path) -> str:
    """SHA-256 hex digest of the Python sources under ``root`` (relative paths and bytes, in order):
    what the results of that code depend on, for records and memos that must not outlive a change."""
    sha = hashlib.sha256()
    for path in sorted(Path(root).rglob("*.py")):
        sha.update(path.relative_to(root).as_posix().encode())
        sha.update(path.read_bytes())
    return sha.hexdigest()


def unknown_protocol(location: str | Path) -> str | None:
    """What is wrong with a remote ``location``'s protocol (None: fsspec knows it, or it is a folder):
    checked before a build, so that a mistyped URL is an error naming it, not a traceback."""
    text = str(location)
    if "://" not in text or text.startswith("file://"):  # a folder (narrate.speech.store.is_remote)
        return None
    protocol = text.split("://", 1)[0]
    try:
        from fsspec.registry import known_implementations, registry
    except ImportError:  # fsspec is a dependency; without it the remote cache reports the problem
        return None
    if protocol in known_implementations or protocol in registry:
        return None
    return f"unknown protocol '{protocol}' (not one fsspec knows, such as file, s3, gcs, az)"
