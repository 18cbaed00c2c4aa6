"""Publishing a build's output so that a killed or failed build never leaves a broken folder.

Output is published so that the feed never names a missing or partial file, even if the build is
killed at any instant: every new file is written under ``OUT/.narrate-stage``; then each episode's
files are moved into ``OUT/episodes`` under *versioned* names (``NN-<id>.<version>.mp3``, where the
version is a digest of the audio bytes), which no published feed can reference yet; then the new
feed replaces the old one in one rename; only then are files no episode refers to deleted. A kill
before the rename leaves the old feed and every file it names untouched; a kill after it leaves the
new feed complete. Unchanged audio keeps its name (and file), so podcast apps do not download again.
"""

from __future__ import annotations

import fcntl
import filecmp
import hashlib
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from narrate.errors import BuildError
from narrate.files import file_mode, replacing
from narrate.model import Episode, episode_stem

Progress = Callable[[str, int, int], None]

STAGE = ".narrate-stage"
"""Staging folder inside the output folder (see :func:`_locked`)."""

TEST_PAUSE_ENV = "NARRATE_TEST_PAUSE_AT"
"""Test hook, read only by :func:`test_pause`: ``synthesis:N``, ``encoding:N`` (when progress reports
N done), ``publish`` (episode files moved, feed not yet replaced) or ``feed`` (new feed written beside
the old one, not yet renamed). At that point the build prints ``narrate: test pause at <point>`` to
stderr and waits for a line on stdin, so a test can kill it there."""

_VERSION_CHARS = 10


def hooked(progress: Progress | None) -> Progress:
    """``progress`` (or a no-op) that also honours the :data:`TEST_PAUSE_ENV` test hook."""

    def report(stage: str, done: int, total: int) -> None:
        if progress is not None:
            progress(stage, done, total)
        test_pause(f"{stage}:{done}")

    return report


def test_pause(point: str) -> None:
    if os.environ.get(TEST_PAUSE_ENV) == point:
        print(f"narrate: test pause at {point}", file=sys.stderr, flush=True)
        sys.stdin.readline()


def publish(stage: Path, out_dir: Path, episodes: list[Episode]) -> list[Episode]:
    """Move every staged file into ``out_dir``; each episode's files get a versioned name.

    An episode's files are the staged files named ``<stem>.*`` beside its audio file (``stem`` is
    ``NN-<id>``); they become ``<stem>.<version>.*``, ``version`` being the first characters of the
    SHA-256 of the audio file. ``audio_file`` and ``files`` are updated in place. Episodes whose
    audio is not staged (already published, e.g. skipped as up to date) are left as they are. Other
    staged files (the cover) move to the same relative path. Returns ``episodes``.

    Raises:
        BuildError: a staged path would land outside ``out_dir`` (never for valid lesson ids).
    """
    moved: set[Path] = set()
    for episode in episodes:
        audio_path = stage / episode.audio_file if episode.audio_file else None
        if audio_path is None or not audio_path.is_file():
            continue
        version = sha256_file(audio_path)[:_VERSION_CHARS]
        stem = audio_path.name.split(".", 1)[0]
        renames: dict[str, str] = {}
        for path in sorted(audio_path.parent.glob(f"{stem}.*")):
            rel = path.relative_to(stage).as_posix()
            renames[rel] = f"{path.parent.relative_to(stage).as_posix()}/{stem}.{version}.{path.name[len(stem) + 1 :]}"
        for rel, new in renames.items():
            _move(stage / rel, out_dir, new)
            moved.add(stage / rel)
        episode.audio_file = renames[episode.audio_file]
        episode.files = {kind: renames.get(rel, rel) for kind, rel in episode.files.items()}
    for path in sorted(stage.rglob("*")):
        if path.is_file() and path not in moved and not path.name.startswith("."):
            _move(path, out_dir, path.relative_to(stage).as_posix())
    _fsync_dir(out_dir / "episodes")
    test_pause("publish")
    return episodes


def commit_feed(out_dir: Path, feed: str, episodes: list[Episode]) -> None:
    """Replace ``out_dir/feed.xml`` in one rename, then delete episode files nothing refers to.

    The new feed is written (and fsynced) in the staging folder first, so a killed build leaves no
    partial file beside the published one.
    """
    target = out_dir / "feed.xml"
    with replacing(target, out_dir / STAGE / "feed.xml.part", fsync=True) as tmp:
        tmp.write_bytes(feed.encode("utf-8"))
        os.chmod(tmp, file_mode())
        test_pause("feed")
    _fsync_dir(out_dir)
    _prune(out_dir, episodes)


def _prune(out_dir: Path, episodes: list[Episode]) -> None:
    """Delete files in ``out_dir/episodes`` that belong to no current episode (older versions,
    removed lessons, leftovers of killed builds). A file belongs to an episode when its name starts
    with the episode's audio file name without its extension (``NN-<id>.<version>.``); its preview
    page, ``NN-<id>.html``, has a stable name and is kept too."""
    folder = out_dir / "episodes"
    prefixes = tuple(f"{Path(e.audio_file).stem}." for e in episodes if e.audio_file)
    keep = {Path(rel).name for e in episodes for rel in (e.audio_file, *e.files.values()) if rel}
    keep |= {f"{episode_stem(e.lesson)}.html" for e in episodes}
    if not prefixes or not folder.is_dir():
        return
    for path in folder.iterdir():
        if path.is_file() and path.name not in keep and not path.name.startswith(prefixes):
            path.unlink(missing_ok=True)


def _move(source: Path, out_dir: Path, rel: str) -> None:
    target = out_dir / rel
    if not target.resolve().is_relative_to(out_dir.resolve()):
        raise BuildError(f"refusing to write outside the output folder: {rel}", out_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_file() and filecmp.cmp(source, target, shallow=False):
        source.unlink()  # same bytes: keep the published file (and its date) as it is
        return
    os.chmod(source, file_mode())
    with open(source, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(source, target)


def sha256_file(path: Path) -> str:
    """SHA-256 of a file's bytes, as 64 hex digits (read in 1 MiB blocks)."""
    sha = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_partial_files(out_dir: Path) -> None:
    """Delete ``.<name>.<random>.part`` files that a killed build left beside published files
    (``write_atomic`` and ``temp_beside`` names); called with the lock held, so none is in use."""
    for path in out_dir.rglob(".*.part"):
        if path.is_file() and STAGE not in path.relative_to(out_dir).parts:
            path.unlink(missing_ok=True)


@contextmanager
def locked(out_dir: Path) -> Iterator[Path]:
    """Hold an exclusive lock on the output folder for the duration of a build.

    Yields an empty staging folder, ``out_dir/.narrate-stage``, where the build writes every new file
    before :func:`publish` moves it into place; it is removed on exit (and, if a killed build left
    one behind, before use).

    Raises:
        BuildError: another build holds the lock (one line, naming the folder).
    """
    with open(out_dir / ".narrate.lock", "a") as handle:  # "a": never truncate (or touch) it
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildError(
                "another build is writing to this output folder (wait for it to finish)", out_dir
            ) from None
        stage = out_dir / STAGE
        try:
            shutil.rmtree(stage, ignore_errors=True)
            _remove_partial_files(out_dir)
            stage.mkdir()
            yield stage
        finally:
            interrupted: KeyboardInterrupt | None = None
            while True:  # a Ctrl-C during the clean-up must not leave the staging folder half removed
                try:
                    _remove_stage(stage)
                    break
                except KeyboardInterrupt as exc:
                    interrupted = exc
            fcntl.flock(handle, fcntl.LOCK_UN)
            if interrupted is not None:
                raise interrupted


def _remove_stage(stage: Path, tries: int = 100) -> None:
    """Remove the staging folder, again while a process that is being stopped (an encoder, a speech
    worker killed by Ctrl-C) still closes or writes a file in it: up to ``tries`` × 50 ms."""
    for _ in range(tries):
        shutil.rmtree(stage, ignore_errors=True)
        if not stage.exists():
            return
        time.sleep(0.05)
