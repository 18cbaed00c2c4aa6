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
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator

from narrate import audio
from narrate.cache import UtteranceCache
from narrate.config import CourseConfig, default_config, load_config, load_lexicon
from narrate.errors import BuildError, ContentError
from narrate.feed import render_feed
from narrate.model import BuildResult, Lesson
from narrate.package import copy_cover, write_episode
from narrate.readers import SUPPORTED, read_lesson
from narrate.script import build_script, render_script
from narrate.synth import synthesize
from narrate.yamlio import write_atomic

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
        lessons = tuple(read_lesson(p, n) for n, p in enumerate(lesson_files(content, config), 1))
    elif content.is_file():
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
    """The course's lesson files: ``lessons:`` from course.yaml in that order, else ``lessons/*`` sorted."""
    folder = content / "lessons"
    if config.lessons:
        files = []
        for name in config.lessons:
            path = folder / name
            if not path.is_file():
                raise ContentError(f"lesson file listed in course.yaml not found: {name}", config.source)
            files.append(path)
        return files
    files = sorted(p for p in folder.glob("*") if p.suffix.lower() in SUPPORTED and not p.name.startswith("."))
    if not files:
        raise ContentError(f"no lesson files ({', '.join(SUPPORTED)}) in {folder}", config.source)
    return files


def build(content: Path, out_dir: Path, *, lexicon_file: Path | None = None,
          progress: Progress | None = None, cache: UtteranceCache | None = None) -> BuildResult:
    """Build every episode of a course (or one lesson file), the transcripts and the feed.

    Args:
        content: a course folder or one lesson file (.yaml, .md, .txt).
        out_dir: output folder (created if missing).
        lexicon_file: extra pronunciation lexicon (YAML mapping), merged over the course's.
        progress: optional callback, see :data:`Progress`.
        cache: utterance cache (default: :func:`narrate.cache.default_cache_dir`).

    Raises:
        NarrateError: bad content or settings, a missing tool or engine, an unusable clip.
    """
    loaded = load(content, lexicon_file=lexicon_file)
    config = loaded.config
    scripts = [build_script(lesson, config) for lesson in loaded.lessons]
    audio.require_tool("ffmpeg")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = cache or UtteranceCache()
    report = progress or (lambda stage, done, total: None)
    with _locked(out_dir):
        clips, made = synthesize(scripts, config, cache, report)
        cover = copy_cover(config, out_dir)
        episodes = []
        with tempfile.TemporaryDirectory(prefix="narrate-") as work:
            for i, script in enumerate(scripts):
                report("encoding", i, len(scripts))
                episodes.append(write_episode(script, clips[i], config, out_dir, Path(work), cover, len(scripts)))
            report("encoding", len(scripts), len(scripts))
        feed = render_feed(config, episodes, image_file=cover)
        write_atomic(out_dir / "feed.xml", feed)
    total = sum(len(s.says()) for s in scripts)
    return BuildResult(out_dir, episodes, out_dir / "feed.xml", synthesized=made, cached=total - made)


@contextmanager
def _locked(out_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock on the output folder for the duration of a build."""
    with open(out_dir / ".narrate.lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildError("another build is writing to this output folder", out_dir) from None
        try:
            yield
        finally:
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
