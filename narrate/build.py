"""``build()``: the one entry point the CLI and tests call.

Content (a course folder, or one lesson file) → output folder::

    OUT/feed.xml                       RSS 2.0 + itunes + podcast namespaces
    OUT/cover.<ext>                    the course cover, when the course has one
    OUT/episodes/NN-<id>.mp3           tagged, chaptered episode (ID3v2.4 CHAP/CTOC)
    OUT/episodes/NN-<id>.vtt / .srt    transcripts from the real cue times
    OUT/episodes/NN-<id>.chapters.json Podcasting 2.0 JSON chapters
    OUT/episodes/NN-<id>.script.txt    the narration script, as ``narrate script`` prints it

Everything is read and checked first, then synthesized, then written. Every file is written beside
its target and renamed into place; the feed is written last, so a failed or killed build leaves the
previous output intact.
"""

from __future__ import annotations

import fcntl
import filecmp
import hashlib
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator

from narrate import audio
from narrate.cache import UtteranceCache
from narrate.config import CourseConfig, LimitsConfig, default_config, load_config, load_lexicon
from narrate.errors import BuildError, ContentError
from narrate.feed import render_feed
from narrate.limits import check_episode_lengths, check_lesson_size
from narrate.model import BuildResult, Episode, Lesson, Script
from narrate.m4b import write_audiobook
from narrate.package import copy_cover, normalise_formats, write_episode
from narrate.synth import plan, synthesize
from narrate.readers import SUPPORTED, read_lesson
from narrate.preview import write_preview
from narrate.script import REVIEW_ID, build_review_script, build_script, render_script
from narrate.uptodate import make_episodes, save_records
from narrate.yamlio import file_mode, write_atomic

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: called as work advances (stage is "synthesis" or "encoding")."""


@dataclass(frozen=True)
class Loaded:
    """A course read from disk: settings and lessons, in episode order."""

    config: CourseConfig
    lessons: tuple[Lesson, ...]


def load(content: Path, *, lexicon_file: Path | None = None) -> Loaded:
    """Read a course folder (``course.yaml`` + ``lessons/``) or a single lesson file.

    Raises:
        ConfigError / ContentError: with file and line, for the first problem found.
    """
    content = Path(content)
    if content.is_dir():
        config = load_config(content / "course.yaml")
        lessons = tuple(_read_lesson(p, n, config) for n, p in enumerate(lesson_files(content, config), 1))
    elif content.is_file():
        check_lesson_size(content, LimitsConfig())
        lesson = read_lesson(content)
        lesson = replace(lesson, number=lesson.number or 1)
        config = default_config(getattr(lesson, "course_title", "") or lesson.title, content)
        lessons = (lesson,)
    else:
        raise ContentError("no such course folder or lesson file", content)
    if lexicon_file is not None:
        config = replace(config, lexicon={**config.lexicon, **load_lexicon(Path(lexicon_file))})
    seen: dict[str, Lesson] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise ContentError(f"duplicate lesson id '{lesson.id}' (also in {seen[lesson.id].source})", lesson.source)
        seen[lesson.id] = lesson
    return Loaded(config, lessons)


def lesson_files(content: Path, config: CourseConfig) -> list[Path]:
    """The course's lesson files: ``lessons:`` from course.yaml in that order, else ``lessons/*`` sorted.

    Raises:
        ContentError: a listed file is missing, or a lesson file is a link to outside the course folder.
    """
    folder = content / "lessons"
    if config.lessons:
        files = []
        for n, name in enumerate(config.lessons):
            path = folder / name
            if not path.is_file():
                raise ContentError(f"lesson file listed in course.yaml not found: {name}", config.source,
                                   config.lines.get(f"lessons.{n}"))
            files.append(path)
    else:
        files = sorted(p for p in folder.glob("*")
                       if p.suffix.lower() in SUPPORTED and not p.name.startswith(".") and p.is_file())
        if not files:
            raise ContentError(f"no lesson files ({', '.join(SUPPORTED)}) in {folder}", config.source)
    root = content.resolve()
    for path in files:
        if not path.resolve().is_relative_to(root):
            raise ContentError("lesson file is a link to a file outside the course folder", path)
    return files


def build(content: Path, out_dir: Path, *, lexicon_file: Path | None = None,
          progress: Progress | None = None, cache: UtteranceCache | None = None,
          review: bool | None = None, jobs: int | None = None, cache_dir: Path | None = None,
          formats: tuple[str, ...] | None = None, audiobook: bool = False, split: bool = False,
          engine: str | None = None, voice: str | None = None, base_url: str | None = None) -> BuildResult:
    """Build every episode of a course (or one lesson file), the transcripts and the feed.

    Args:
        content: a course folder or one lesson file (.yaml, .md, .txt).
        out_dir: output folder (created if missing).
        lexicon_file: extra pronunciation lexicon (YAML mapping), merged over the course's.
        progress: optional callback, see :data:`Progress`.
        cache: utterance cache (default: :func:`narrate.cache.default_cache_dir`).
        review: add the course-review bonus episode (None: the course's ``review`` setting).
        jobs: synthesis worker processes and parallel encodes (None: the CPU count; 1: all in this
            process). Episodes that are up to date (see ``narrate.uptodate``) are not rebuilt.
        cache_dir: utterance cache folder when ``cache`` is not given (None: the default).
        formats: audio formats, e.g. ``("mp3", "m4b")`` (None: course.yaml's ``audio.formats``); the
            feed enclosure is the MP3 when built, else the M4B.
        audiobook: also write the whole course as one M4B, ``OUT/<course-slug>.m4b``, one chapter per lesson.
        split: also write one MP3 per chapter, ``OUT/episodes/NN-<id>/NN-<chapter-slug>.mp3``.
        engine, voice: speak with this engine / narrator voice instead of the course's (one build).
        base_url: publish under this URL instead of the course's ``base_url``.

    Raises:
        NarrateError: bad content or settings, a missing tool or engine, an unusable clip.
    """
    loaded = load(content, lexicon_file=lexicon_file)
    config = loaded.config.with_voice(engine, voice).with_base_url(base_url)
    scripts = [build_script(lesson, config) for lesson in loaded.lessons]
    if config.review if review is None else review:
        review_script = build_review_script(loaded.lessons, config)
        if review_script is not None:
            scripts.append(review_script)
    audio.require_tool("ffmpeg")
    _preflight(config, scripts, out_dir)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = cache or UtteranceCache(cache_dir)
    report = _hooked(progress)
    with _locked(out_dir) as stage:
        config = replace(config, audio=replace(config.audio, formats=normalise_formats(formats or config.audio.formats)))
        cover = copy_cover(config, stage)

        def write(script: Script, clips: dict, work: Path) -> Episode:
            return write_episode(script, clips, config, stage, work, cover, len(scripts), split=split)

        made = make_episodes(scripts, config, out_dir, cache, write, jobs=jobs, report=report,
                             extra={"split": True} if split else None)
        if audiobook:
            all_clips, _ = synthesize(plan(scripts, config, cache), cache, jobs=jobs)
            with tempfile.TemporaryDirectory(prefix="narrate-book-") as work:
                write_audiobook(scripts, all_clips, config, stage, Path(work), cover)
        episodes = made.episodes
        for episode in episodes:
            episode.bonus = episode.lesson.id == REVIEW_ID
        episodes = _publish(stage, out_dir, episodes)
        write_preview(out_dir, config, episodes, image_file=cover)
        feed = render_feed(config, episodes, image_file=cover)
        _commit_feed(out_dir, feed, episodes)
        save_records(out_dir, made)
    total = sum(len(s.says()) for s in scripts)
    return BuildResult(out_dir, episodes, out_dir / "feed.xml", synthesized=made.synthesized,
                       cached=total - made.synthesized, skipped_episodes=made.skipped)


@contextmanager
def _locked(out_dir: Path) -> Iterator[Path]:
    """Hold an exclusive lock on the output folder for the duration of a build.

    Yields an empty staging folder, ``out_dir/.narrate-stage``, where the build writes every new file
    before :func:`_publish` moves it into place; it is removed on exit (and, if a killed build left
    one behind, before use).

    Raises:
        BuildError: another build holds the lock (one line, naming the folder).
    """
    with open(out_dir / ".narrate.lock", "a") as handle:  # "a": never truncate (or touch) it
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildError("another build is writing to this output folder (wait for it to finish)",
                             out_dir) from None
        stage = out_dir / STAGE
        try:
            shutil.rmtree(stage, ignore_errors=True)
            _remove_partial_files(out_dir)
            stage.mkdir()
            yield stage
        finally:
            shutil.rmtree(stage, ignore_errors=True)
            fcntl.flock(handle, fcntl.LOCK_UN)


def clean_stale(out_dir: Path, keep: set[str]) -> None:  # pragma: no cover - used by later issues
    """Remove files under ``out_dir/episodes`` not in ``keep`` (relative paths)."""
    folder = out_dir / "episodes"
    for path in folder.glob("*"):
        if f"episodes/{path.name}" not in keep and path.is_file():
            path.unlink()
    shutil.rmtree(folder / ".tmp", ignore_errors=True)


def lesson_script_text(path: Path, *, lexicon_file: Path | None = None) -> str:
    """The rendered narration script of one lesson file.

    A lesson inside a course folder (``<course>/lessons/<file>``) uses that course's settings and
    lexicon; any other file uses the defaults.

    Raises:
        ConfigError / ContentError: with file and line.
    """
    path = Path(path)
    course = path.parent.parent
    if path.parent.name == "lessons" and (course / "course.yaml").is_file():
        loaded = load(course, lexicon_file=lexicon_file)
        matches = [l for l in loaded.lessons if l.source and l.source.resolve() == path.resolve()]
        if matches:
            return render_script(build_script(matches[0], loaded.config))
    loaded = load(path, lexicon_file=lexicon_file)
    return render_script(build_script(loaded.lessons[0], loaded.config))


# ---------------------------------------------------------------- hardening helpers (issue 9)
#
# Output is published so that the feed never names a missing or partial file, even if the build is
# killed at any instant: every new file is written under ``OUT/.narrate-stage``; then each episode's
# files are moved into ``OUT/episodes`` under *versioned* names (``NN-<id>.<version>.mp3``, where the
# version is a digest of the audio bytes), which no published feed can reference yet; then the new
# feed replaces the old one in one rename; only then are files no episode refers to deleted. A kill
# before the rename leaves the old feed and every file it names untouched; a kill after it leaves the
# new feed complete. Unchanged audio keeps its name (and file), so podcast apps do not download again.

STAGE = ".narrate-stage"
"""Staging folder inside the output folder (see :func:`_locked`)."""

TEST_PAUSE_ENV = "NARRATE_TEST_PAUSE_AT"
"""Test hook, read only by :func:`_test_pause`: ``synthesis:N``, ``encoding:N`` (when progress reports
N done), ``publish`` (episode files moved, feed not yet replaced) or ``feed`` (new feed written beside
the old one, not yet renamed). At that point the build prints ``narrate: test pause at <point>`` to
stderr and waits for a line on stdin, so a test can kill it there."""

_VERSION_CHARS = 10


def _read_lesson(path: Path, number: int, config: CourseConfig) -> Lesson:
    check_lesson_size(path, config.limits)
    return read_lesson(path, number)


def _preflight(config: CourseConfig, scripts: list[Script], out_dir: Path) -> None:
    """Checks before any synthesis: resource limits, and an output folder that can be created.

    Raises:
        ContentError: an episode would be longer than ``limits.max_episode_minutes``.
        BuildError: the output folder is a file or cannot be created.
    """
    check_episode_lengths(scripts, config.voice.rate_wpm, config.limits)
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError("the output folder is a file, not a folder", out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot create the output folder: {exc.strerror or exc}", out_dir) from None


def _hooked(progress: Progress | None) -> Progress:
    """``progress`` (or a no-op) that also honours the :data:`TEST_PAUSE_ENV` test hook."""

    def report(stage: str, done: int, total: int) -> None:
        if progress is not None:
            progress(stage, done, total)
        _test_pause(f"{stage}:{done}")

    return report


def _test_pause(point: str) -> None:
    if os.environ.get(TEST_PAUSE_ENV) == point:
        print(f"narrate: test pause at {point}", file=sys.stderr, flush=True)
        sys.stdin.readline()


def _publish(stage: Path, out_dir: Path, episodes: list[Episode]) -> list[Episode]:
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
        version = _digest(audio_path)[:_VERSION_CHARS]
        stem = audio_path.name.split(".", 1)[0]
        renames: dict[str, str] = {}
        for path in sorted(audio_path.parent.glob(f"{stem}.*")):
            rel = path.relative_to(stage).as_posix()
            renames[rel] = f"{path.parent.relative_to(stage).as_posix()}/{stem}.{version}.{path.name[len(stem) + 1:]}"
        for rel, new in renames.items():
            _move(stage / rel, out_dir, new)
            moved.add(stage / rel)
        episode.audio_file = renames[episode.audio_file]
        episode.files = {kind: renames.get(rel, rel) for kind, rel in episode.files.items()}
    for path in sorted(stage.rglob("*")):
        if path.is_file() and path not in moved and not path.name.startswith("."):
            _move(path, out_dir, path.relative_to(stage).as_posix())
    _fsync_dir(out_dir / "episodes")
    _test_pause("publish")
    return episodes


def _commit_feed(out_dir: Path, feed: str, episodes: list[Episode]) -> None:
    """Replace ``out_dir/feed.xml`` in one rename, then delete episode files nothing refers to.

    The new feed is written (and fsynced) in the staging folder first, so a killed build leaves no
    partial file beside the published one.
    """
    target = out_dir / "feed.xml"
    tmp = out_dir / STAGE / "feed.xml.part"
    try:
        with open(tmp, "wb") as handle:
            handle.write(feed.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, file_mode())
        _test_pause("feed")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(out_dir)
    _prune(out_dir, episodes)


def _prune(out_dir: Path, episodes: list[Episode]) -> None:
    """Delete files in ``out_dir/episodes`` that belong to no current episode (older versions,
    removed lessons, leftovers of killed builds). A file belongs to an episode when its name starts
    with the episode's audio file name without its extension (``NN-<id>.<version>.``)."""
    folder = out_dir / "episodes"
    prefixes = tuple(f"{Path(e.audio_file).stem}." for e in episodes if e.audio_file)
    keep = {Path(rel).name for e in episodes for rel in (e.audio_file, *e.files.values()) if rel}
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


def _digest(path: Path) -> str:
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
