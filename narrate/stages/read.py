"""The read stage: a course folder (``course.yaml`` + ``lessons/``) or one lesson file → :class:`Loaded`.

Every problem in course.yaml and the lessons is collected and reported together (with file and
line). This module is imported with :mod:`narrate.pipeline` (by every command, and by the no-change
fast path), so the text modules that only a real reading needs (framing phrases, language spans and
detection: ~0.4 s of imports) are imported inside the functions that use them.
"""

from __future__ import annotations

import fnmatch
import logging
import re
from collections import Counter
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path

from narrate.config import CourseConfig, LimitsConfig, default_config, load_lexicon, read_config
from narrate.errors import BuildError, ContentError, NarrateError, collected, strictness, warn, where
from narrate.limits import check_lesson_size, lesson_reading
from narrate.model import Lesson
from narrate.options import BuildOptions
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.readers import SUPPORTED, read_lesson
from narrate.text.readers.common import default_id, slugify


@dataclass(frozen=True)
class Loaded:
    """A course read from disk: settings and lessons, in episode order."""

    config: CourseConfig
    lessons: tuple[Lesson, ...]
    detected: str | None = None
    """The language detected for a single lesson file that named none (None: not detected)."""


def load(content: Path, options: BuildOptions | None = None) -> Loaded:
    """Read a course folder (``course.yaml`` + ``lessons/``) or a single lesson file, with the
    options' overrides (``--engine``, ``--voice``, ``--base-url``, ...) and extra lexicon applied.

    A lesson file inside a course folder (``<course>/lessons/<file>``) comes with that course's
    settings and its number in the course; any other file gets the defaults, in ``options.language``
    (``--language``), else the lesson's own ``language:``, else the language detected from its text
    (:mod:`narrate.text.detect`; then ``Loaded.detected`` names it).

    Raises:
        NarrateError: the one problem found, or :class:`~narrate.errors.Problems` with every problem
            in course.yaml and the lessons (each with file and line), reported together; this includes
            framing phrases missing for a lesson's language (see :func:`narrate.text.phrases.check_phrases`).
    """
    from narrate.text.phrases import check_phrases

    options = options or BuildOptions()
    loaded = _load(Path(content), options)
    config = loaded.config
    if options.language and options.language.lower() != config.language.lower():  # a course keeps its own
        warn(
            f"--language {options.language} is for a lesson file outside a course; this course is in "
            f"'{config.language}' (course.yaml's 'language:')",
            config.source,
        )
    check_phrases(
        config.language,
        config.phrases,
        config.framing,
        config.source,
        config.lines.get("language"),
        phrases_line=config.lines.get("phrases"),
    )
    for lesson in loaded.lessons:
        if lesson.language and lesson.language != config.language:
            check_phrases(lesson.language, config.phrases, config.framing, lesson.source, _language_line(lesson))
        _check_spans(lesson)
    return loaded


def _language_line(lesson: Lesson) -> int | None:
    """The line of a lesson file's ``language:`` key (YAML or front matter), for error messages."""
    try:
        lines = Path(lesson.source).read_text(encoding="utf-8").splitlines() if lesson.source else []
    except (OSError, UnicodeError):
        return None
    return next((n for n, line in enumerate(lines, 1) if line.startswith("language:")), None)


def _check_spans(lesson: Lesson) -> None:
    """Refuse a language span that is not closed or names no language (``[hola]{lang=es``).

    Raises:
        ContentError: at the span's file and line.
    """
    from narrate.text.lexicon_report import lesson_texts
    from narrate.text.spans import span_problem

    for text, source, line in lesson_texts(lesson):
        problem = span_problem(text)
        if problem:
            raise ContentError(problem, source, line or None)


def _load(content: Path, options: BuildOptions) -> Loaded:
    errors: list[NarrateError] = []
    detected = None
    if content.is_dir():
        config, lessons = _read_course(content, options, errors)
    elif content.is_file():
        whole = _lesson_of_course(content, options)
        if whole is not None:
            return whole
        config, lesson, detected = _read_lesson_file(content, options)
        lessons = [replace(lesson, language=None)]
    else:
        raise ContentError("no such course folder or lesson file", content)
    if options.lexicon_file is not None:
        try:
            config = replace(config, lexicon={**config.lexicon, **load_lexicon(Path(options.lexicon_file))})
        except NarrateError as exc:
            errors.append(exc)
    lessons = list(keep_numbers_of_twins(lessons))
    errors.extend(_duplicate_ids(lessons))
    errors.extend(problem for problem in map(_unreadable_run, lessons) if problem is not None)
    collected(errors)
    return Loaded(options.apply(config), tuple(lessons), detected)


def _read_course(content: Path, options: BuildOptions, errors: list[NarrateError]) -> tuple[CourseConfig, list[Lesson]]:
    """course.yaml and the lessons of a course folder; each problem is added to ``errors``."""
    config, config_errors = read_config(content / "course.yaml")
    errors.extend(config_errors)
    lessons = []
    try:
        files = lesson_files(content, config)
    except NarrateError as exc:
        errors.append(exc)
        files = []
    for n, path in enumerate(files, 1):
        try:
            with strictness(options.strict or config.strict):
                lessons.append(_read_lesson(path, n, config))
        except NarrateError as exc:
            errors.append(exc)
    return config, lessons


def _lesson_of_course(content: Path, options: BuildOptions) -> Loaded | None:
    """A lesson file of a course folder (``<course>/lessons/<file>``), read with its course's settings
    and lexicon and its number in the course; None for any other file."""
    course = content.parent.parent
    if content.parent.name == "lessons" and (course / "course.yaml").is_file():
        try:
            whole = _load(course, options)
        except NarrateError as exc:
            return _lesson_despite_others(content, course, options, exc)
        mine = [x for x in whole.lessons if x.source and x.source.resolve() == content.resolve()]
        if mine:
            return Loaded(whole.config, tuple(mine))
    return None


def _lesson_despite_others(content: Path, course: Path, options: BuildOptions, exc: NarrateError) -> Loaded:
    """The lesson file ``content`` of ``course`` read on its own when only other files of the course
    have problems (``exc``: a lesson still being written, a stray file in lessons/), with a warning
    naming how many; its number is its place among the course's lessons (1 when they cannot be
    listed). ``narrate build`` and ``narrate check`` still refuse the course.

    Raises:
        NarrateError: ``exc`` again, when it is about this file or course.yaml.
    """
    problems = list(getattr(exc, "errors", [exc]))
    concerned = {content.resolve(), (course / "course.yaml").resolve()}
    if any(p.file is None or Path(p.file).resolve() in concerned for p in problems):
        raise exc
    config, _errors = read_config(course / "course.yaml")
    try:
        files = lesson_files(course, config)
    except NarrateError:
        files = sorted(p for p in content.parent.iterdir() if p.suffix.lower() in SUPPORTED)
    number = next((n for n, p in enumerate(files, 1) if p.resolve() == content.resolve()), 1)
    with strictness(options.strict or config.strict):
        lesson = _read_lesson(content, number, config)
    if options.lexicon_file is not None:
        config = replace(config, lexicon={**config.lexicon, **load_lexicon(Path(options.lexicon_file))})
    first = problems[0]
    warn(
        f"{len(problems)} problem(s) in other files of the course (the first: {where(first.file, first.line)}: "
        f"{first.problem}): this lesson is read on its own; 'narrate check {course}' lists them",
        content,
    )
    return Loaded(options.apply(config), (lesson,))


def _read_lesson_file(content: Path, options: BuildOptions) -> tuple[CourseConfig, Lesson, str | None]:
    """A lone lesson file with the default settings, in ``options.language``, else its own, else the
    language detected from its text; and that detected language (None: not detected)."""
    check_lesson_size(content, LimitsConfig())
    with strictness(options.strict):
        lesson = read_lesson(content)
    lesson = replace(lesson, number=lesson.number or 1)
    config = default_config(getattr(lesson, "course_title", "") or lesson.title, content)
    detected = None
    if options.language:
        config = replace(config, language=options.language)
    elif lesson.language:
        config = replace(config, language=lesson.language)
    else:
        from narrate.text.detect import detect_lesson_language
        from narrate.text.phrases import SOURCE_LANGUAGE, missing_phrases, primary

        detected = detect_lesson_language(lesson)
        if detected and detected != primary(config.language):  # English keeps the default en-us
            config = replace(config, language=detected)
            if missing_phrases(detected):  # nobody asked for this language: English framing
                config = replace(config, framing=SOURCE_LANGUAGE)
    if config.language != DEFAULT_LANGUAGE:  # read again in its language: code spans are said in its words
        quiet = _REREAD.set(True)  # its warnings were given by the first reading
        try:
            with strictness(options.strict):
                lesson = replace(read_lesson(content, language=config.language), number=lesson.number)
        finally:
            _REREAD.reset(quiet)
    return config, lesson, detected


def _duplicate_ids(lessons: Sequence[Lesson]) -> list[ContentError]:
    """One error per lesson whose id an earlier lesson has."""
    errors = []
    seen: dict[str, Lesson] = {}
    for lesson in lessons:
        if lesson.id in seen:
            first = seen[lesson.id]
            at = where(first.source, first.id_line) if first.source else "another lesson"
            how = "" if lesson.id_line and first.id_line else " (an id without 'id:' comes from the file name)"
            errors.append(
                ContentError(f"duplicate lesson id '{lesson.id}' (also in {at}){how}", lesson.source, lesson.id_line)
            )
        seen[lesson.id] = lesson
    return errors


_LONG_RUN = re.compile(r"[^\W\d_]{300,}|\S{5000,}")
"""A "word" no narrator could say: 300 letters in a row, or 5,000 characters without a space."""


def _unreadable_run(lesson: Lesson) -> ContentError | None:
    """The first unreadable run of characters in a lesson (pasted binary, a stuck key), as an error."""
    from narrate.text.lexicon_report import lesson_texts

    for text, source, line in lesson_texts(lesson):
        found = _LONG_RUN.search(text)
        if found:
            return ContentError(
                f"a run of {len(found.group(0))} characters without a space ('{found.group(0)[:20]}...') "
                "cannot be read aloud; break it up or remove it",
                source,
                line or None,
            )
    return None


def keep_numbers_of_twins(lessons: Sequence[Lesson]) -> tuple[Lesson, ...]:
    """Lessons whose ids come from their file names and would be the same without the ordering
    number (``01 Tides.md`` and ``02 Tides.md``) keep the whole file name as their id (``01-tides``,
    ``02-tides``); an id given with ``id:`` is left as it is (a repeated one is an error later)."""

    def derived(lesson: Lesson) -> bool:
        return lesson.source is not None and lesson.id == default_id(lesson.source)

    counts = Counter(lesson.id for lesson in lessons if derived(lesson))
    return tuple(
        replace(lesson, id=slugify(Path(lesson.source).stem))
        if derived(lesson) and counts[lesson.id] > 1 and lesson.source is not None
        else lesson
        for lesson in lessons
    )


IGNORED_IN_LESSONS = ("README*", ".*", "*.bak", "*~")
"""Files in ``lessons/`` that are not lessons and not an error (shell patterns, case-insensitive)."""


def ignored_in_lessons(name: str) -> bool:
    """Whether a file name in ``lessons/`` matches :data:`IGNORED_IN_LESSONS`."""
    return any(fnmatch.fnmatch(name.lower(), pattern.lower()) for pattern in IGNORED_IN_LESSONS)


def lesson_files(content: Path, config: CourseConfig) -> list[Path]:
    """The course's lesson files: ``lessons:`` from course.yaml in that order, else ``lessons/*`` sorted
    (files matching :data:`IGNORED_IN_LESSONS` and subfolders left out).

    Raises:
        ContentError: a listed file is missing; a file in lessons/ is no lesson format (e.g. ``.docx``);
            a lesson file is a link to outside the course folder.
    """
    folder = content / "lessons"
    if config.lessons:
        files = []
        for n, name in enumerate(config.lessons):
            path = folder / name
            if path.exists() and not path.is_file():
                raise ContentError(
                    f"lesson file listed in course.yaml is not a regular file: {name}",
                    config.source,
                    config.lines.get(f"lessons.{n}"),
                )
            if not path.is_file():
                raise ContentError(
                    f"lesson file listed in course.yaml not found: {name}",
                    config.source,
                    config.lines.get(f"lessons.{n}"),
                )
            files.append(path)
    else:
        files = []
        for path in sorted(folder.glob("*")):
            if not path.is_file() or ignored_in_lessons(path.name):
                continue
            if path.suffix.lower() not in SUPPORTED:
                raise ContentError(
                    f"not a lesson format ({', '.join(SUPPORTED)}): move it out of lessons/ (a subfolder is fine), "
                    f"or list the lessons in course.yaml's 'lessons:'",
                    path,
                )
            files.append(path)
        if not files:
            raise ContentError(f"no lesson files ({', '.join(SUPPORTED)}) in {folder}", config.source)
    root = content.resolve()
    for path in files:
        if not path.resolve().is_relative_to(root):
            raise ContentError("lesson file is a link to a file outside the course folder", path)
    return files


def warn_dropped(lessons: Sequence[Lesson], verbose: bool = False) -> None:
    """One short warning (:func:`narrate.errors.warn`) per lesson that left page chrome out,
    ``Warning: <file>: dropped 13 lines of site navigation; --verbose lists them``; with ``verbose``,
    each line named: ``Warning: <file>: dropped page chrome: sharing "Share" (line 9), ...``."""
    for lesson in lessons:
        if not lesson.dropped:
            continue
        if verbose:
            warn(f"dropped page chrome: {', '.join(lesson.dropped)}", lesson.source)
        else:
            count = len(lesson.dropped)
            lines = "1 line" if count == 1 else f"{count} lines"
            warn(f"dropped {lines} of site navigation; --verbose lists them", lesson.source)


_REREAD: ContextVar[bool] = ContextVar("narrate_reread", default=False)
"""True while a single lesson file is read a second time, in the language detected for it."""


class _NotTwice(logging.Filter):
    """Drops the warnings of a second reading of the same lesson (:data:`_REREAD`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not _REREAD.get()


logging.getLogger("narrate").addFilter(_NotTwice())


def _read_lesson(path: Path, number: int, config: CourseConfig) -> Lesson:
    """Lesson ``number`` of a course: its place in the course always wins over a page's own numbering
    ("Lesson 3 of ..." copied from a website)."""
    check_lesson_size(path, config.limits)
    with lesson_reading(config.limits):
        return replace(read_lesson(path, number, config.language), number=number)


def refuse_output_inside_content(content: Path, out_dir: Path) -> None:
    """A course's output folder must lie outside the course folder: built episodes and the feed
    mixed into the sources would be read back as content, watched, and published with them.

    Raises:
        BuildError: ``out_dir`` is the course folder (a folder, or the one a ``lessons/`` file is in)
            or inside it.
    """
    if content.is_dir():
        course = content
    elif content.parent.name == "lessons" and (content.parent.parent / "course.yaml").is_file():
        course = content.parent.parent
    else:
        return  # a lone lesson file: its output may go anywhere
    if out_dir.exists() and not out_dir.is_dir():
        return  # a file: reported as such by the preflight checks
    if out_dir.resolve().is_relative_to(course.resolve()):
        raise BuildError(
            f"the output folder is inside the course folder {course}; choose one outside it (e.g. -o audio_out)",
            out_dir,
        )
    if course.resolve().is_relative_to(out_dir.resolve()):
        raise BuildError(
            f"the output folder holds the course folder {course}; choose a folder of its own (e.g. -o audio_out)",
            out_dir,
        )
