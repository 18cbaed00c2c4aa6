"""``build()``: the one entry point the CLI and tests call.

Content (a course folder, or one lesson file) → output folder::

    OUT/feed.xml                       RSS 2.0 + itunes + podcast namespaces
    OUT/cover.<ext>                    the course cover, when the course has one
    OUT/episodes/NN-<id>.mp3           tagged, chaptered episode (ID3v2.3 CHAP/CTOC)
    OUT/episodes/NN-<id>.vtt / .srt    transcripts from the real cue times
    OUT/episodes/NN-<id>.chapters.json Podcasting 2.0 JSON chapters
    OUT/episodes/NN-<id>.script.txt    the narration script, as ``narrate script`` prints it

Everything is read and checked first, then synthesized, then written. Every file is written beside
its target and renamed into place; the feed is written last, so a failed or killed build leaves the
previous output intact.

:func:`build` checks whether anything changed (:mod:`narrate.stages.unchanged`), then runs the
build's named stages (:mod:`narrate.stages`: read, plan the feed, make episodes, publish, finish).
This module also holds the other commands' entry points (scripts, lexicon report, ``say``) and
catalogues; it re-exports the reading functions of :mod:`narrate.stages.read`.
"""

from __future__ import annotations

import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.config import CourseConfig, default_config, load_lexicon
from narrate.errors import ContentError
from narrate.files import write_atomic
from narrate.model import BuildResult, Script
from narrate.options import BuildOptions
from narrate.stages.context import Progress
from narrate.stages.read import (
    IGNORED_IN_LESSONS,
    Loaded,
    ignored_in_lessons,
    keep_numbers_of_twins,
    lesson_files,
    load,
    refuse_output_inside_content,
    warn_dropped,
)
from narrate.stages.unchanged import check_unchanged

if TYPE_CHECKING:
    from narrate.cluster import Session
    from narrate.speech.cache import UtteranceCache
    from narrate.text.lexicon import Finding

__all__ = [
    "IGNORED_IN_LESSONS",
    "Loaded",
    "Progress",
    "Said",
    "build",
    "build_catalogue",
    "catalogue_courses",
    "ignored_in_lessons",
    "is_catalogue",
    "keep_numbers_of_twins",
    "lesson_files",
    "lesson_script_text",
    "lexicon_findings",
    "load",
    "refuse_output_inside_content",
    "say",
    "say_config",
    "scripts",
    "warn_dropped",
]

# Imported inside the functions that use them: the stages after the no-change check
# (narrate.stages.run: numpy, Pillow, Jinja), which a rebuild of unchanged content does not need,
# and the text, speech, catalogue and Dask modules of the other commands (~0.5 s more for every
# command, and for the no-change fast path, if imported here).


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
    unchanged = check_unchanged(Path(content), Path(out_dir), options, today)
    if unchanged.result is not None:
        return unchanged.result
    from narrate.stages.run import run_build

    return run_build(
        content, out_dir, options, today=today, digest=unchanged.digest, progress=progress, cache=cache, session=session
    )


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
    if content is not None:  # --language is the sentence's language here, set below, not the course's
        config = load(content, replace(options, language=None)).config
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
    ``options.engine``/``options.voice``), in the course's language (or ``options.language``); words
    with an IPA entry reach an engine that takes phonemes as ``[[...]]`` blocks in its alphabet
    (``Said.spoken`` shows them; see ``narrate.speech.pronounce``); see
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
    from narrate.speech.engines import engine_phoneme_input
    from narrate.speech.pronounce import pronunciations, with_phonemes
    from narrate.speech.synthesis import speaker_for
    from narrate.text.normalize import spoken

    config = say_config(options, content)
    said = spoken(text, config.lexicon, config.language)
    if not said:
        raise ContentError("nothing to say: the text has no word or number in it")
    v = config.voice
    engine = v.engine or speaker_for(v.engine, v.narrator, config.language).engine  # none named: the best installed
    with tempfile.TemporaryDirectory(prefix="narrate-say-") as tmp:
        wav = Path(tmp) / "say.wav"
        said = with_phonemes(said, pronunciations(config.lexicon), engine_phoneme_input(engine), config.language).text
        used = speak_to_wav(said, engine, v.narrator, config.language, v.rate_wpm, wav)
        played = play_wav(wav) if out is None and play else Playback(None)
        target = None if played.player else Path(out or "narrate-say.wav")
        if target is not None and target.suffix.lower() != ".wav":
            raise ContentError("narrate say writes a WAV file: give -o a name ending in .wav", target)
        if target is not None:
            write_atomic(target, wav.read_bytes())
    return Said(said, target, played.player, engine, used, "" if played.player else "; ".join(played.failures))


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
