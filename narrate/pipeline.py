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

import fnmatch
import hashlib
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from narrate import uptodate
from narrate.config import CourseConfig, LimitsConfig, default_config, load_lexicon, read_config
from narrate.errors import BuildError, ConfigError, ContentError, NarrateError, collected, strictness, warn, where
from narrate.files import write_atomic
from narrate.limits import (
    MAX_AUDIO_BYTES,
    MAX_IMAGE_BYTES,
    check_episode_lengths,
    check_file_names,
    check_lesson_size,
    lesson_reading,
)
from narrate.model import BuildResult, Episode, Lesson, Script, episode_stem
from narrate.options import BuildOptions
from narrate.publish.schedule_state import release_due
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.readers import SUPPORTED, read_lesson
from narrate.text.readers.common import default_id, slugify
from narrate.uptodate import Made, digest_file, fingerprint, load_record, read_records

if TYPE_CHECKING:
    from narrate.cluster import Session
    from narrate.speech.cache import UtteranceCache
    from narrate.speech.synthesis import Plan
    from narrate.text.lexicon import Finding

# The audio, packaging, feed and preview stages are imported inside build(), after the no-change
# check (narrate.uptodate): they pull in numpy, Pillow and Jinja, which a rebuild of unchanged content
# does not need.

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: called as work advances (stage is "synthesis" or "encoding")."""

Writer = Callable[[Script, dict, Path], Episode]
"""``write(script, clips, work_dir) -> Episode``: assemble, encode and package one episode."""

Runner = Callable[[list[int], "Plan"], tuple[dict[int, Episode], int]]
"""``run(stale, plan) -> ({script index: episode}, clips synthesized)``: make the episodes of the
scripts ``stale`` (indices into ``plan.scripts``) with their files in the staging folder."""


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


def check_span_voices(lessons: tuple[Lesson, ...], config: CourseConfig, cache_root: Path) -> None:
    """Before any synthesis: every language a span names (``[hola]{lang=es}``) has a voice in the
    narrator's and the quiz host's engine.

    Raises:
        EngineError: at the first span's file and line, naming the voices that would work.
    """
    from narrate.errors import EngineError
    from narrate.speech.synthesis import span_voice
    from narrate.text.lexicon_report import lesson_texts
    from narrate.text.spans import span_languages

    engines = {config.voice.engine, config.voice.host_engine or config.voice.engine}
    checked: set[str] = set()
    for lesson in lessons:
        for text, source, line in lesson_texts(lesson):
            for language in span_languages(text):
                if language in checked:
                    continue
                for engine in sorted(engines):
                    try:
                        own = config.voice.for_language(language) if engine == config.voice.engine else None
                        span_voice(engine, language, cache_root, own)
                    except EngineError as exc:
                        raise EngineError(f"[...]{{lang={language}}}: {exc.problem}", source, line or None) from None
                checked.add(language)


def _load(content: Path, options: BuildOptions) -> Loaded:
    detected = None
    errors: list[NarrateError] = []
    if content.is_dir():
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
    elif content.is_file():
        course = content.parent.parent
        if content.parent.name == "lessons" and (course / "course.yaml").is_file():
            # a lesson of a course folder is built (and scripted) with its course's settings and lexicon
            whole = _load(course, options)
            mine = [x for x in whole.lessons if x.source and x.source.resolve() == content.resolve()]
            if mine:
                return Loaded(whole.config, tuple(mine))
        check_lesson_size(content, LimitsConfig())
        with strictness(options.strict):
            lesson = read_lesson(content)
        lesson = replace(lesson, number=lesson.number or 1)
        config = default_config(getattr(lesson, "course_title", "") or lesson.title, content)
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
        lessons = [replace(lesson, language=None)]
    else:
        raise ContentError("no such course folder or lesson file", content)
    if options.lexicon_file is not None:
        try:
            config = replace(config, lexicon={**config.lexicon, **load_lexicon(Path(options.lexicon_file))})
        except NarrateError as exc:
            errors.append(exc)
    lessons = list(keep_numbers_of_twins(lessons))
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
    for lesson in lessons:
        problem = _unreadable_run(lesson)
        if problem is not None:
            errors.append(problem)
    collected(errors)
    return Loaded(options.apply(config), tuple(lessons), detected)


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
    from collections import Counter

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


def build(
    content: Path,
    out_dir: Path,
    options: BuildOptions | None = None,
    *,
    progress: Progress | None = None,
    cache: UtteranceCache | None = None,
    today: date | None = None,
    session: Session | None = None,
) -> BuildResult:
    """Build every episode of a course (or one lesson file), the transcripts and the feed.

    Args:
        content: a course folder or one lesson file (.yaml, .md, .txt, .gift, .aiken).
        out_dir: output folder (created if missing).
        options: this build's options (see :class:`~narrate.options.BuildOptions`; None: defaults).
        progress: optional callback, see :data:`Progress`.
        cache: utterance cache (default: one in ``options.cache_dir``, see
            :func:`narrate.speech.cache.default_cache_dir`).

        today: the build's date (None: today in UTC), for the release schedule.
        session: a connected Dask cluster (:func:`narrate.cluster.connect`) to run one task per
            episode on; None with ``options.cluster`` set: connect to it for this build. The output
            is the same, byte for byte, as a build on this machine.

    Output: ``OUT/episodes/NN-<id>.<version>.mp3`` (and ``.m4b`` when asked), transcripts, JSON
    chapters and scripts beside them, ``OUT/feed.xml``, the preview; with ``audiobook``
    ``OUT/<course-slug>.m4b``; with ``split`` ``OUT/episodes/NN-<id>/NN-<chapter-slug>.mp3``.
    Episodes that are up to date (see ``narrate.uptodate``) are not rebuilt.

    Returns:
        what was built. When neither the inputs nor the outputs changed since the last build into
        ``out_dir`` (see ``narrate.uptodate``), nothing is read or written: ``up_to_date`` is True,
        ``episodes`` is empty and ``skipped_episodes`` counts the episodes. A single lesson file whose
        language was detected names it in ``detected_language``.

    Raises:
        NarrateError: bad content or settings, a missing tool or engine, an unusable clip.
    """
    options = options or BuildOptions()
    if options.cluster and session is None:  # connect first: an unreachable scheduler stops before any work
        from narrate.cluster import connect

        with connect(options.cluster) as connected:
            return build(content, out_dir, options, progress=progress, cache=cache, today=today, session=connected)
    today = today or datetime.now(timezone.utc).date()
    refuse_output_inside_content(Path(content), Path(out_dir))
    digest = uptodate.input_digest(content, out_dir, options.stamp())
    episode_count = uptodate.unchanged(out_dir, digest)
    if episode_count is not None and not release_due(Path(out_dir), today):
        return BuildResult(
            Path(out_dir), [], Path(out_dir) / "feed.xml", skipped_episodes=episode_count, up_to_date=True
        )

    from narrate.audio import timeline as audio
    from narrate.audio.m4b import write_audiobook
    from narrate.publish.episode import copy_cover, write_episode
    from narrate.publish.feed import render_feed
    from narrate.publish.identity import assign, read_published, record_schedule, released, start_date
    from narrate.publish.output import commit_feed, hooked, locked, publish
    from narrate.publish.preview import write_preview
    from narrate.speech.cache import SPOKEN_MEMO, UtteranceCache
    from narrate.speech.synthesis import plan, resolve_repeat_pauses, synthesize
    from narrate.text.normalize import remembered
    from narrate.text.script import REVIEW_ID, build_review_script, build_script, course_phrases
    from narrate.uptodate import save_records

    loaded = load(content, options)
    warn_dropped(loaded.lessons)
    config = loaded.config
    jobs, split = options.jobs, options.split
    cache = cache or UtteranceCache(options.cache_dir)
    memo = cache.root / SPOKEN_MEMO / f"{hashlib.sha256(str(Path(content).resolve()).encode()).hexdigest()[:16]}.json"
    with remembered(memo):  # a rebuild normalises only the sentences that changed
        scripts = [build_script(lesson, config) for lesson in loaded.lessons]
    if config.review:
        review_script = build_review_script(loaded.lessons, config)
        if review_script is not None:
            scripts.append(review_script)
    if session is None or options.audiobook:  # on a cluster, the workers encode
        audio.require_tool("ffmpeg")
    _preflight(config, scripts, out_dir)
    cache.remove_stale_partials()  # left by workers of an interrupted build
    check_span_voices(loaded.lessons, config, cache.root)
    out_dir = Path(out_dir)
    published, published_base = read_published(Path(out_dir) / "feed.xml", strict=not options.allow_guid_change)
    if not published and uptodate.read_records(Path(out_dir)):
        warn(
            "missing, but this folder was built before: its episodes get the GUIDs their lessons give now; "
            "if it was published, restore feed.xml first",
            Path(out_dir) / "feed.xml",
        )
    first_day = start_date(config, out_dir, today)
    identities = assign(
        config,
        [s.lesson for s in scripts],
        published,
        first_day=first_day,
        allow_guid_change=options.allow_guid_change,
        feed_file=out_dir / "feed.xml",
        published_base=published_base,
    )
    in_feed = [True] * len(scripts) if options.include_scheduled else released(identities, today)
    for n, script in enumerate(scripts):
        if script.lesson.draft:
            in_feed[n] = False
            if identities[n].published:
                warn(
                    f"published episode '{script.lesson.title}' is now a draft: it leaves the feed, and podcast apps drop it",
                    script.lesson.source,
                )
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    report = hooked(progress)
    with locked(out_dir) as stage:
        cover = copy_cover(config, stage)

        jingles, jingle_digests = _jingles(config, cache.root)

        store = cache if cache.url is None else None  # encoded MP3 pieces, reused by the next build
        parallel = max(1, jobs or os.cpu_count() or 1)

        def write(script: Script, clips: dict, work: Path):
            script = resolve_repeat_pauses(script, clips)
            return write_episode(
                script,
                clips,
                config,
                stage,
                work,
                cover,
                len(scripts),
                split=split,
                jingles=jingles,
                store=store,
                parallel=parallel,
            )

        extra: dict[str, Any] = {"split": True} if split else {}
        if any(jingle_digests):
            extra["jingles"] = jingle_digests
        run = None
        if session is not None:
            run = _on_cluster(
                session,
                _course_id(content),
                scripts,
                config,
                stage,
                cover,
                split,
                jingles,
                cache,
                options.staging,
                report,
            )
        made = make_episodes(
            scripts, config, out_dir, cache, write, jobs=jobs, report=report, extra=extra or None, run=run
        )
        if options.audiobook:
            all_clips, _ = synthesize(plan(scripts, config, cache), cache, jobs=jobs)
            with tempfile.TemporaryDirectory(prefix="narrate-book-") as work:
                filled = _filled(all_clips)
                resolved = [resolve_repeat_pauses(s, c) for s, c in zip(scripts, filled)]
                write_audiobook(resolved, filled, config, stage, Path(work), cover)
        episodes = made.episodes
        for episode in episodes:
            episode.bonus = episode.lesson.id == REVIEW_ID
        episodes = publish(stage, out_dir, episodes)
        said = course_phrases(config)  # the course page's words, in the course's language
        status = {
            e.lesson.id: said("status.draft")
            if e.lesson.draft
            else said("status.scheduled", date=i.when.date().isoformat())
            for e, i, shown in zip(episodes, identities, in_feed)
            if not shown
        }
        write_preview(out_dir, config, episodes, image_file=cover, status=status)
        chosen = [n for n, shown in enumerate(in_feed) if shown]
        feed = render_feed(
            config,
            [episodes[n] for n in chosen],
            image_file=cover,
            guids=[identities[n].guid for n in chosen],
            dates=[identities[n].when for n in chosen],
        )
        commit_feed(out_dir, feed, episodes)
        waiting = [
            i.when.date() for s, i, shown in zip(scripts, identities, in_feed) if not shown and not s.lesson.draft
        ]
        record_schedule(config, out_dir, first_day, min(waiting) if waiting else None)
        save_records(out_dir, made)
        uptodate.record(out_dir, digest, len(episodes))
    max_size = options.cache_max_size if options.cache_max_size is not None else config.cache_max_size
    if max_size is not None:
        cache.prune(int(max_size))
    total = sum(len(scripts[i].says()) for i in made.made)  # the sentences of the episodes built now
    return BuildResult(
        out_dir,
        episodes,
        out_dir / "feed.xml",
        synthesized=made.synthesized,
        cached=max(0, total - made.synthesized),
        skipped_episodes=made.skipped,
        rebuilt=tuple(episode_stem(scripts[i].lesson) for i in made.made),
        detected_language=loaded.detected,
        scheduled=tuple(
            (episode_stem(s.lesson), i.when.date().isoformat())
            for s, i, shown in zip(scripts, identities, in_feed)
            if not shown and not s.lesson.draft
        ),
    )


def make_episodes(
    scripts: list[Script],
    config: CourseConfig,
    out_dir: Path,
    cache: UtteranceCache,
    write: Writer,
    *,
    jobs: int | None = None,
    report: Callable[[str, int, int], None] | None = None,
    extra: Any = None,
    run: Runner | None = None,
) -> Made:
    """Every episode of the course: reused when up to date, else synthesized, encoded and recorded.

    Args:
        write: makes one episode (see :data:`Writer`); called from up to ``jobs`` threads at once.
            With more than one job, an episode is encoded as soon as its clips are ready, while
            later episodes are still being synthesized.
        jobs: parallel synthesis processes and encoding threads (None: the CPU count); 1 does one
            thing at a time.
        extra: more inputs for the fingerprint (any value with a stable ``repr``).
        run: makes the stale episodes elsewhere instead (see :data:`Runner`), e.g. on a cluster.

    Returns:
        the episodes in script order (see :class:`Made`); call :func:`save_records` once they are
        published.

    Raises:
        NarrateError: from synthesis or ``write``.
    """

    from narrate.speech.synthesis import plan, synthesize, with_clips

    out_dir = Path(out_dir)
    report = report or (lambda stage, done, total: None)
    jobs = max(1, jobs or os.cpu_count() or 1)
    the_plan = plan(scripts, config, cache)
    cover_digest = digest_file(config.cover, MAX_IMAGE_BYTES) if config.cover else None
    prints = [
        fingerprint(s, the_plan.keys[i], config, len(scripts), cover_digest, extra) for i, s in enumerate(scripts)
    ]
    records = read_records(out_dir)
    episodes: list[Episode | None] = [load_record(out_dir, records, s, prints[i]) for i, s in enumerate(scripts)]
    stale = [i for i, e in enumerate(episodes) if e is None]
    if not stale:
        return Made(_filled(episodes), prints, 0, len(scripts))
    if run is not None:
        remote, made_count = run(stale, the_plan)
        for i, episode in remote.items():
            episodes[i] = episode
        return Made(_filled(episodes), prints, made_count, len(scripts) - len(stale))
    from narrate.audio import encoder

    codecs = ["aac" if f == "m4b" else "mp3" for f in config.audio.formats]  # normalised when loaded
    encoder.prepare(codecs, config.audio.bitrate, config.audio.sample_rate)  # while the clips are made
    report("encoding", 0, len(stale))
    finished = 0
    running: dict[Future, int] = {}
    later: list[tuple[int, dict]] = []
    with (
        tempfile.TemporaryDirectory(prefix="narrate-") as work,
        cache.fresh_samples(Path(work) / "fresh"),
        ThreadPoolExecutor(max_workers=min(jobs, len(stale)), thread_name_prefix="narrate-encode") as pool,
    ):

        def harvest(timeout: float | None) -> None:
            nonlocal finished
            done, _ = wait(list(running), timeout=timeout, return_when=FIRST_COMPLETED)
            for future in done:
                i = running.pop(future)
                error = future.exception()
                if error is not None:
                    raise error
                episodes[i] = future.result()
                finished += 1
                report("encoding", finished, len(stale))

        def safe_write(i: int, clips: dict) -> Episode:  # a clip pruned meanwhile is made again
            return with_clips(
                lambda c: write(scripts[i], c, Path(work)), clips, the_plan.keys[i], the_plan.utterances, cache
            )

        def ready(i: int, clips: dict) -> None:
            if jobs == 1:  # strictly one thing at a time: encode after synthesis
                later.append((i, clips))
                return
            running[pool.submit(safe_write, i, clips)] = i  # encode while synthesizing
            harvest(0)

        try:
            _, made = synthesize(the_plan, cache, only=stale, jobs=jobs, report=report, on_ready=ready)
            for i, clips in later:
                running[pool.submit(safe_write, i, clips)] = i
            while running:
                harvest(None)
        except BaseException:  # an error or Ctrl-C: start no further encode (nor ffmpeg), let running ones end
            encoder.stop_new_runs()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return Made(_filled(episodes), prints, made, len(scripts) - len(stale), tuple(stale))


T = TypeVar("T")


def _filled(items: Sequence[T | None]) -> list[T]:
    """``items`` once every slot has been filled (the caller made them all)."""
    filled = [item for item in items if item is not None]
    assert len(filled) == len(items), "a slot was left empty"
    return filled


def scripts(content: Path, options: BuildOptions | None = None) -> list[Script]:
    """The narration scripts of a course folder (one per lesson, in episode order) or of one lesson file.

    A lesson inside a course folder uses that course's settings and lexicon (see :func:`load`).

    Raises:
        NarrateError / Problems: the content cannot be read (with file and line).
    """
    from narrate.text.script import build_script

    loaded = load(Path(content), options)
    return [build_script(lesson, loaded.config) for lesson in loaded.lessons]


def lesson_script_text(content: Path, options: BuildOptions | None = None, detected: list[str] | None = None) -> str:
    """What ``narrate script CONTENT`` prints: every lesson's script, rendered with its course's
    phrases. When the language of a single lesson file was detected, it is appended to ``detected``.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    from narrate.text.script import build_script, course_phrases, render_script

    loaded = load(Path(content), options)
    if loaded.detected and detected is not None:
        detected.append(loaded.detected)
    texts = []
    for lesson in loaded.lessons:
        script = build_script(lesson, loaded.config)
        texts.append(render_script(script, course_phrases(loaded.config, script.language)))
    return "\n".join(texts)


def lexicon_findings(content: Path, options: BuildOptions | None = None) -> list[Finding]:
    """Words of a course folder or one lesson file an engine may mispronounce, after the course's
    lexicon (and ``options.lexicon_file``): the ``--lexicon-report``.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    from narrate.text.lexicon import lexicon_report
    from narrate.text.lexicon_report import lesson_texts, locate

    loaded = load(content, options)
    items = [item for lesson in loaded.lessons for item in lesson_texts(lesson)]
    return locate(lexicon_report(items, loaded.config.lexicon))


@dataclass(frozen=True)
class Said:
    """What :func:`say` did: the spoken text, the WAV it wrote (None when played from a temporary
    file), the player that played it (None: not played), the engine and voice, and why the players
    that ran could not play it (``"ffplay: <its message>"``, several joined by ``"; "``; ``""`` when
    one played, or none is installed, or none was asked to)."""

    spoken: str
    wav: Path | None
    player: str | None
    engine: str
    voice: str
    not_played: str = ""


def say_config(options: BuildOptions | None = None, content: Path | None = None) -> CourseConfig:
    """The settings :func:`say` speaks with: those of ``content`` (a course folder or lesson file;
    None: ``./content`` or ``.`` when either holds a course.yaml, else the defaults), with the
    options' lexicon file, engine and voice, and ``options.language`` over the course's language.

    Raises:
        ConfigError: a bad course.yaml or lexicon file. NarrateError / Problems: the course cannot be read.
    """
    if content is None:
        content = next((d for d in (Path("content"), Path(".")) if (d / "course.yaml").is_file()), None)
    options = options or BuildOptions()
    if content is not None:
        config = load(content, options).config
    else:
        config = default_config("narrate say")
        if options.lexicon_file is not None:
            config = replace(config, lexicon=load_lexicon(Path(options.lexicon_file)))
        config = options.apply(config)
    if options.language and options.language != config.language:
        config = replace(config, language=options.language)
    return config


def say(
    text: str,
    options: BuildOptions | None = None,
    *,
    content: Path | None = None,
    out: Path | None = None,
    play: bool = True,
) -> Said:
    """Speak ``text`` as a lesson would say it, so an author can audition a lexicon entry or spelling.

    ``text`` goes through the course's lexicon (and ``options.lexicon_file``) and the normaliser
    (:func:`narrate.text.normalize.spoken`), then the course's engine and narrator voice (or
    ``options.engine``/``options.voice``), in the course's language (or ``options.language``); see
    :func:`say_config` for how ``content`` is found. With ``out``, the WAV is written there (beside,
    then renamed); else it is played (``play``) from a temporary file when a player works, or written
    to ``./narrate-say.wav`` when none does (``Said.not_played`` then says why the players that ran
    failed: with no sound device, ffplay exits 0 but says so).

    Raises:
        ContentError: nothing to say in ``text``. ConfigError: a bad course.yaml.
        EngineError: unknown engine or voice, or the engine failed.
    """
    from narrate.speech.audition import Playback, speak_to_wav
    from narrate.speech.audition import play as play_wav
    from narrate.text.normalize import spoken

    config = say_config(options, content)
    said = spoken(text, config.lexicon, config.language)
    if not said:
        raise ContentError("nothing to say: the text has no word or number in it")
    v = config.voice
    with tempfile.TemporaryDirectory(prefix="narrate-say-") as tmp:
        wav = Path(tmp) / "say.wav"
        used = speak_to_wav(said, v.engine, v.narrator, config.language, v.rate_wpm, wav)
        played = play_wav(wav) if out is None and play else Playback(None)
        target = None if played.player else Path(out or "narrate-say.wav")
        if target is not None and target.suffix.lower() != ".wav":
            raise ContentError("narrate say writes a WAV file: give -o a name ending in .wav", target)
        if target is not None:
            write_atomic(target, wav.read_bytes())
    return Said(said, target, played.player, v.engine, used, "" if played.player else "; ".join(played.failures))


def warn_dropped(lessons: Sequence[Lesson]) -> None:
    """One warning (:func:`narrate.errors.warn`) per lesson that left page chrome out:
    ``Warning: <file>: dropped page chrome: sharing "Share" (line 9), ...``."""
    for lesson in lessons:
        if lesson.dropped:
            warn(f"dropped page chrome: {', '.join(lesson.dropped)}", lesson.source)


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


MP3_SAMPLE_RATES = (8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000)
"""The sample rates MPEG-1, 2 and 2.5 audio layer III can carry (ISO/IEC 11172-3, 13818-3)."""


def _preflight(config: CourseConfig, scripts: list[Script], out_dir: Path) -> None:
    """Checks before any synthesis: resource limits, and an output folder that can be created.

    Raises:
        ContentError: an episode would be longer than ``limits.max_episode_minutes``, or its files
            would get names too long for the file system (:func:`narrate.limits.check_file_names`).
        ConfigError: MP3 episodes at a sample rate MP3 cannot carry.
        BuildError: the output folder is a file or cannot be created.
    """
    check_episode_lengths(scripts, config.voice.rate_wpm, config.limits)
    check_file_names(s.lesson for s in scripts)
    if "mp3" in config.audio.formats and config.audio.sample_rate not in MP3_SAMPLE_RATES:
        rates = ", ".join(str(r) for r in MP3_SAMPLE_RATES)
        raise ConfigError(
            f"audio.sample_rate {config.audio.sample_rate} is not an MP3 sample rate ({rates}); "
            "use one of them, or formats: [m4b]",
            config.source,
            config.lines.get("audio.sample_rate"),
        )
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError("the output folder is a file, not a folder", out_dir)
    if out_dir.is_dir():
        try:  # a probe, not os.access: root passes access() even for a read-only mount or an immutable folder
            tempfile.TemporaryFile(dir=out_dir).close()
        except OSError as exc:
            raise BuildError(f"the output folder is not writable: {exc.strerror or exc}", out_dir) from None
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot create the output folder: {exc.strerror or exc}", out_dir) from None


def _jingles(config: CourseConfig, cache_root: Path) -> tuple[tuple[bytes, bytes], tuple[str, str]]:
    """The course's intro and outro (``audio.intro`` / ``audio.outro``) as levelled PCM, decoded once
    and kept in the cache folder, and the SHA-256 of each file ("" when absent), for the fingerprints.

    Raises:
        ConfigError: a jingle ffmpeg cannot read.
    """
    from narrate.audio.jingle import jingle_pcm

    pcm: list[bytes] = []
    digests: list[str] = []
    for key in ("intro", "outro"):
        path = getattr(config.audio, key, None)
        if path is None:
            pcm.append(b"")
            digests.append("")
            continue
        pcm.append(jingle_pcm(Path(path), config.audio.sample_rate, config.audio.loudness_lufs, cache_root))
        digests.append(digest_file(Path(path), MAX_AUDIO_BYTES))
    return (pcm[0], pcm[1]), (digests[0], digests[1])


def _course_id(content: Path) -> str:
    """A course's id in a catalogue and in messages: its folder name (a lesson file: its stem)."""
    path = Path(content).resolve()
    return path.name if path.is_dir() else path.stem


def _on_cluster(
    session: Session,
    course: str,
    scripts: list[Script],
    config: CourseConfig,
    stage: Path,
    cover: str | None,
    split: bool,
    jingles: tuple[bytes, bytes],
    cache: UtteranceCache,
    staging: str | None,
    report: Progress,
) -> Runner:
    """A :data:`Runner` that makes each stale episode as one task on the cluster (``narrate.cluster``)."""
    from narrate.cluster import EpisodeTask, run_episodes

    cover_file = (cover, (stage / cover).read_bytes()) if cover else None

    def run(stale: list[int], the_plan: Plan) -> tuple[dict[int, Episode], int]:
        tasks = [
            EpisodeTask(
                course=course,
                script=scripts[i],
                keys=the_plan.keys[i],
                utterances={k: the_plan.utterances[k] for k in the_plan.keys[i].values()},
                config=config,
                cover=cover_file,
                count=len(scripts),
                split=split,
                jingles=jingles,
                cache=cache.location,
                staging=staging,
            )
            for i in stale
        ]
        outputs = run_episodes(session, tasks, stage, report=lambda done, total: report("episodes", done, total))
        made = {i: out.episode for i, out in zip(stale, outputs) if out.episode is not None}
        return made, sum(out.synthesized for out in outputs)

    return run


# ---------------------------------------------------------------- catalogues


def is_catalogue(content: Path) -> bool:
    """Whether ``content`` is a catalogue: a folder without ``course.yaml`` holding course folders."""
    content = Path(content)
    return content.is_dir() and not (content / "course.yaml").exists() and bool(catalogue_courses(content))


def catalogue_courses(content: Path) -> list[Path]:
    """The course folders of a catalogue (sub-folders with a ``course.yaml``), sorted by name; hidden ones skipped."""
    return sorted(
        p
        for p in Path(content).iterdir()
        if p.is_dir() and not p.name.startswith(".") and (p / "course.yaml").is_file()
    )


def build_catalogue(
    content: Path,
    out_dir: Path,
    options: BuildOptions | None = None,
    *,
    progress: Progress | None = None,
    cache: UtteranceCache | None = None,
    session: Session | None = None,
) -> list[tuple[str, BuildResult]]:
    """Build every course of a catalogue into ``out_dir/<course-id>/`` and list them in ``out_dir/index.html``.

    ``<course-id>`` is the course's folder name. Each course is built exactly as :func:`build`
    builds it on its own (same ``options``), and published atomically on its own. On a cluster
    (``session``, or ``options.cluster``, connected once for all courses) the courses are built at
    once, one thread each, so the cluster receives every course's episode tasks together; else one
    after the other.

    Returns:
        (course id, build result) per course, in name order.

    Raises:
        NarrateError: from the first course that fails (courses built before it stay published).
    """
    options = options or BuildOptions()
    if options.cluster and session is None:  # connect first: an unreachable scheduler stops before any work
        from narrate.cluster import connect

        with connect(options.cluster) as connected:
            return build_catalogue(content, out_dir, options, progress=progress, cache=cache, session=connected)
    content, out_dir = Path(content), Path(out_dir)
    courses = catalogue_courses(content)
    if not courses:
        raise ContentError("no course folders (folders with a course.yaml) in this catalogue", content)
    out_dir.mkdir(parents=True, exist_ok=True)
    totals = _Totals(progress)

    def one(course: Path) -> BuildResult:
        part = totals.part(course.name)
        return build(course, out_dir / course.name, options, progress=part, cache=cache, session=session)

    if session is None:
        results = [one(course) for course in courses]
    else:
        with ThreadPoolExecutor(max_workers=len(courses), thread_name_prefix="narrate-course") as pool:
            futures = [pool.submit(one, course) for course in courses]
            wait(futures)
            for future in futures:
                if future.exception() is not None:
                    raise future.exception()  # type: ignore[misc]
            results = [f.result() for f in futures]
    from narrate.publish.catalogue import CourseEntry, write_catalogue_index

    entries = [CourseEntry.read(course.name, out_dir / course.name) for course in courses]
    write_catalogue_index(out_dir, entries)
    return [(course.name, result) for course, result in zip(courses, results)]


class _Totals:
    """Progress of several courses as one: sums each stage's done and total over the courses."""

    def __init__(self, progress: Progress | None):
        self.progress = progress
        self.lock = threading.Lock()
        self.parts: dict[tuple[str, str], tuple[int, int]] = {}

    def part(self, name: str) -> Progress | None:
        if self.progress is None:
            return None

        def report(stage: str, done: int, total: int) -> None:
            with self.lock:
                self.parts[(name, stage)] = (done, total)
                counts = [v for (_, s), v in self.parts.items() if s == stage]
                if self.progress is not None:
                    self.progress(stage, sum(d for d, _ in counts), sum(t for _, t in counts))

        return report
