"""narrate's public Python API: what ``import narrate`` gives, and all the CLI calls.

    import narrate

    result = narrate.build("content", "audio_out", narrate.BuildOptions(jobs=2))
    for episode in result.episodes:
        print(episode.lesson.title, episode.duration_ms, "ms")

Times are integer milliseconds (``*_ms``). Every failure caused by input or environment raises a
:class:`NarrateError` (or :class:`Problems`, several at once) whose message reads
``<file>:<line>: <what is wrong>``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.model import BuildResult, Script
from narrate.options import BuildOptions
from narrate.pipeline import Loaded, Progress, Said
from narrate.pipeline import build as _build
from narrate.pipeline import build_catalogue as _build_catalogue
from narrate.pipeline import is_catalogue as _is_catalogue
from narrate.pipeline import lesson_script_text as _lesson_script_text
from narrate.pipeline import lexicon_findings as _lexicon_findings
from narrate.pipeline import load as _load
from narrate.pipeline import say as _say
from narrate.pipeline import say_config as _say_config
from narrate.pipeline import scripts as _scripts
from narrate.settings import DEFAULT_LANGUAGE

if TYPE_CHECKING:
    from narrate.config import CourseConfig
    from narrate.proof.listen import ListenResult, Recogniser
    from narrate.publish.upload import Uploaded
    from narrate.speech.cache import PruneResult


def build(
    content: str | Path, out: str | Path, options: BuildOptions | None = None, *, progress: Progress | None = None
) -> BuildResult:
    """Build a course folder (or one lesson file) into the folder ``out``: episodes (MP3, 44.1 kHz
    mono, -16 LUFS integrated per ITU-R BS.1770, ID3v2.3 chapters), WebVTT/SRT transcripts, Podcasting
    2.0 JSON chapters, the RSS feed and the preview. Rebuilds redo only what changed.

    Args:
        content: a course folder (``course.yaml`` + ``lessons/``) or one lesson file (.yaml, .md, .txt).
        out: the output folder (created when missing; the previous output stays intact on failure).
        options: see :class:`BuildOptions` (None: course.yaml's settings and the defaults).
        progress: called as ``progress(stage, done, total)`` with stage "synthesis" or "encoding".

    Returns:
        a :class:`BuildResult`: ``episodes`` (each with ``duration_ms``, ``chapters``, ``audio_file``),
        ``feed_file``, utterances ``synthesized`` and ``cached``, ``skipped_episodes``, ``up_to_date``;
        with ``options.listen`` also ``heard`` (see :func:`listen`).

    Raises:
        NarrateError: bad content or settings (with file and line), a missing tool or engine, an
            unusable clip; :class:`Problems` for several content problems at once.
    """
    recogniser = None
    if options is not None and options.listen:  # a missing model stops before the build
        recogniser = prepare_listener(options.asr_model, _local_cache(options.cache_dir))
    result = _build(Path(content), Path(out), options, progress=progress)
    if recogniser is not None and options is not None:
        from narrate.proof.findings import lexicon_sources

        config = _load(Path(content), options).config
        result.heard = listen(
            result.out_dir,
            model=options.asr_model,
            cache_dir=_local_cache(options.cache_dir),
            progress=progress,
            recogniser=recogniser,
            lexicon=config.lexicon,  # to name the entry behind a misheard word, and where it is written
            sources=lexicon_sources(
                config.source if config.source and config.source.name == "course.yaml" else None, options.lexicon_file
            ),
        )
    return result


def load(content: str | Path, options: BuildOptions | None = None) -> Loaded:
    """Read and validate a course folder or one lesson file without building it.

    Returns:
        ``Loaded(config, lessons)``: the validated :class:`~narrate.config.CourseConfig` (pauses in ms)
        and the lessons in episode order.

    Raises:
        NarrateError / Problems: every problem in course.yaml and the lessons, each with file and line.
    """
    return _load(Path(content), options)


def script(content: str | Path, options: BuildOptions | None = None) -> list[Script]:
    """The narration scripts of a course folder (one per lesson) or of one lesson file: chapters,
    spoken text after normalisation and the lexicon, and pauses in ms. ``render_script`` prints one
    as ``narrate script`` does.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    return _scripts(Path(content), options)


def render_script(one: Script) -> str:
    """One script as text: ``## Chapter`` lines, ``[role] spoken text`` lines and ``(pause 0.35 s)``
    lines, headed in the script's language (``script_text`` also applies a course's ``phrases:``)."""
    from narrate.text.script import render_script as render

    return render(one)


def script_text(content: str | Path, options: BuildOptions | None = None, *, detected: list[str] | None = None) -> str:
    """What ``narrate script CONTENT`` prints: every lesson's script rendered with its course's phrases.
    When the language of a single lesson file was detected, its code is appended to ``detected``.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    return _lesson_script_text(Path(content), options, detected)


def say(
    text: str,
    options: BuildOptions | None = None,
    *,
    content: str | Path | None = None,
    out: str | Path | None = None,
    play: bool = True,
) -> Said:
    """Speak ``text`` as a lesson would say it (the course's lexicon, normaliser, language, engine and
    voice, or ``options``' overrides; the course as :func:`say_config` finds it), to audition a word;
    plays it, or writes a WAV (16-bit PCM) to ``out``, or to ``./narrate-say.wav`` when no player
    could play it (``Said.not_played`` then says why, e.g. ``"ffplay: ALSA: Couldn't open audio
    device: ..."`` with no sound device).

    Raises:
        ContentError: nothing to say. ConfigError: a bad course.yaml. EngineError: engine or voice.
    """
    return _say(
        text,
        options,
        content=Path(content) if content is not None else None,
        out=Path(out) if out is not None else None,
        play=play,
    )


def say_config(options: BuildOptions | None = None, *, content: str | Path | None = None) -> CourseConfig:
    """The settings :func:`say` speaks with, ``lexicon`` (word → spoken form) and ``language`` (BCP 47
    tag) among them: those of ``content`` (a course folder or lesson file; None: ``./content`` or
    ``.`` when either holds a course.yaml, else the defaults, ``en-us``), with ``options``'
    ``lexicon_file``, ``engine``, ``voice`` and ``language`` over them. Starts no speech engine.

    Raises:
        ConfigError: a bad course.yaml or lexicon file. NarrateError / Problems: the course cannot be read.
    """
    return _say_config(options, Path(content) if content is not None else None)


def spoken(text: str, language: str = DEFAULT_LANGUAGE, lexicon: Mapping[str, str] | None = None) -> str:
    """What the speech engine is given for the written ``text``: the lexicon applied (``lexicon``
    maps a word, whole and case-aware, to its spoken respelling: ``{"PSII": "photosystem two"}``),
    then numbers, dates, units, abbreviations and symbols put in words of ``language`` (a BCP 47 tag
    such as ``en-us``, ``en-gb``, ``de``; it decides e.g. ``03/04/2025``'s day and month), markup
    and emoji removed, whitespace (newlines too) collapsed to single spaces. No engine is started.

        >>> narrate.spoken("The 3 cats.")
        'The three cats.'
        >>> narrate.spoken("Die 3 Katzen.", "de")
        'Die drei Katzen.'

    Returns:
        one line of text; ``""`` when nothing in ``text`` is pronounceable (only emoji, bullets,
        dashes or whitespace).

    Raises:
        ConfigError: ``language`` is not a language tag (e.g. ``"english"``), or a lexicon entry does
            not map text to text.
    """
    from narrate.config import language_tag
    from narrate.errors import ConfigError
    from narrate.text.normalize import spoken as normalised

    if not isinstance(language, str):
        raise ConfigError(f"language must be an ISO 639 code such as 'en' or 'en-us', not {language!r}")
    tag = language_tag(language.strip())
    for word, said in (lexicon or {}).items():
        if not isinstance(word, str) or not word.strip() or not isinstance(said, str):
            raise ConfigError(f"lexicon entry {word!r} must map a word to its spoken form (text to text)")
    said = normalised(text, lexicon, tag)
    return " ".join(said.splitlines()) if len(said.splitlines()) > 1 else said  # one line, whatever it held


def lexicon_report(content: str | Path, options: BuildOptions | None = None) -> list[str]:
    """``<file>:<line>: <token> (<reason>)`` for each word of the content an engine may mispronounce
    that the lexicon does not cover yet.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    from narrate.text.lexicon_report import format_finding

    return [format_finding(f) for f in _lexicon_findings(Path(content), options)]


class _NoWarnings(logging.Filter):
    """Drops the ``narrate`` logger's warnings (while a lesson is read again, for the lint)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno != logging.WARNING


def lint(content: str | Path, options: BuildOptions | None = None) -> list[str]:
    """What reaches the spoken script of a course folder's every lesson (or one lesson file) and
    should not (the lesson's reading warnings are not logged again: read it with :func:`script` or
    :func:`check` for those): one line per finding, ``<file>:<line>: <kind>: "<excerpt of the spoken text>"``, kind
    one of ``symbol``, ``markup name``, ``English symbol word``, ``likely token``, ``spelled letters``
    (see :mod:`narrate.text.lint`). An empty list: nothing found.

    Raises:
        NarrateError / Problems: the content cannot be read.
    """
    from narrate.text.lint import format_lint, lint_script
    from narrate.text.script import build_script

    quiet = _NoWarnings()  # the read that came before (check, script) has said them: not twice
    logging.getLogger("narrate").addFilter(quiet)
    try:
        loaded = _load(Path(content), options)
    finally:
        logging.getLogger("narrate").removeFilter(quiet)
    lexicon = loaded.config.lexicon
    return [
        format_lint(f) for lesson in loaded.lessons for f in lint_script(build_script(lesson, loaded.config), lexicon)
    ]


def import_lesson(page: str | Path) -> str:
    """A lesson file of any supported format (e.g. a pasted text page) as an editable YAML lesson.

    Raises:
        NarrateError: the file cannot be read as a lesson (with file and line).
    """
    from narrate.text.readers import lesson_to_yaml, read_lesson

    return lesson_to_yaml(read_lesson(Path(page)))


def is_content(target: str | Path) -> bool:
    """True for what a build reads (a course folder holding ``course.yaml``, or a lesson file of a
    supported format), as opposed to a built folder or a feed's URL."""
    from narrate.text.readers import SUPPORTED

    path = Path(target)
    if path.is_dir():
        return (path / "course.yaml").is_file()
    return path.is_file() and path.suffix.lower() in SUPPORTED


def check(target: str | Path) -> list[str]:
    """Validate a built folder, or a published feed's http(s) URL, as a podcast directory would (feed
    per RSS 2.0 and Apple's tags, enclosures, artwork, ID3v2 chapters, WebVTT/SRT transcripts).
    Returns one line per problem (``<file>: <what is wrong>``); an empty list means it passes."""
    from narrate.publish.check import check_output, check_url

    text = str(target)
    problems = check_url(text) if text.startswith(("http://", "https://")) else check_output(Path(target))
    return [str(problem) for problem in problems]


def check_warnings(out: str | Path) -> list[str]:
    """What a podcast directory would accept in a built folder but listeners could not use once it is
    published: its feed pointing at a preview address (``localhost``, a local network) or at plain
    ``http://``. One line per kind, ``Warning: <file>:<line>: <what>``; empty when there is none (or
    no readable feed: :func:`check` says why)."""
    from narrate.publish.check import publish_warnings

    return [str(warning) for warning in publish_warnings(Path(out))]


def upload(
    out: str | Path,
    dest: str,
    *,
    endpoint_url: str | None = None,
    force: bool = False,
    moved_from: str | None = None,
) -> Uploaded:
    """Upload a built folder to ``dest`` (``s3://bucket/prefix`` through s3fs, with ``endpoint_url`` for
    any S3-compatible store, or another folder): changed files only, media and transcripts first, the
    feed last, old versions deleted after it; ``.narrate-*`` state is never uploaded. Additive: only
    files narrate's manifest (``.narrate-manifest.json`` beside the feed) says it wrote are replaced or
    deleted; a published episode is never dropped and a newer feed never replaced by an older build
    unless ``force``. A feed on a preview address or plain http is published with a warning.

    ``moved_from`` (``s3://bucket/prefix`` or a folder): where the feed was published before this
    build's ``base_url``; once ``dest`` is published, the feed there is written once more with
    ``itunes:new-feed-url`` naming the new feed (Apple Podcasts' tag for a moved feed); redirect the
    old URL to the new one with HTTP 301 too. Refused, before anything is written, when that feed is
    not narrate's, is at the new address already, or has an episode the build lacks (``force``: the
    last two are allowed).

    Returns:
        what was uploaded, left unchanged and deleted (relative paths); ``moved``: the old feed's
        address and the new one, with ``moved_from``.

    Raises:
        NarrateError: no built folder; the destination cannot be reached or written (saying what was
            and was not published); the build would drop a published GUID, is older than the published
            feed, or would overwrite a file narrate did not write (without ``force``).
    """
    from narrate.publish.upload import upload as run

    return run(Path(out), dest, endpoint_url=endpoint_url, force=force, moved_from=moved_from)


def prepare_listener(model: str | Path | None = None, cache_dir: str | Path | None = None) -> Recogniser:
    """Load the offline speech recogniser for proof-listening (faster-whisper, CTranslate2, CPU int8):
    ``model`` is a local CTranslate2 Whisper folder or a model name (None: the bundled base model,
    assembled once into the cache folder).

    Raises:
        NarrateError: the ``narrate[listen]`` extra is not installed, or the model is missing or corrupt.
    """
    from narrate.proof.listen import prepare

    return prepare(str(model) if model is not None else None, Path(cache_dir) if cache_dir is not None else None)


def listen(
    out: str | Path,
    *,
    model: str | Path | None = None,
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
    recogniser: Recogniser | None = None,
    lexicon: Mapping[str, str] | None = None,
    sources: Mapping[str, str] | None = None,
) -> ListenResult:
    """Transcribe each episode of a built folder and compare what is heard with the narration script,
    cue by cue: word error rate per episode, the misheard cues (start ms, written, said, heard,
    suggested lexicon entry) and the findings ranked. Episodes whose audio did not change are not
    heard again (cached by audio digest). ``lexicon`` (the build's, when known) names the entry
    behind a misheard word; ``sources`` (written word → ``file:line``) where that entry is written.

    Raises:
        NarrateError: no built folder, the extra or the model missing.
    """
    from narrate.proof.listen import listen as run

    return run(
        Path(out),
        model=str(model) if model is not None else None,
        cache_dir=Path(cache_dir) if cache_dir is not None else None,
        progress=progress,
        recogniser=recogniser,
        lexicon=lexicon,
        sources=sources,
    )


def listen_report(heard: ListenResult, verbose: bool = False) -> str:
    """The proof-listening report as text: per episode its WER, then the findings worth a fix (at
    most five, best first, each as written, said and heard), the rest in a line (``verbose``: all)."""
    from narrate.proof.report import format_report

    return format_report(heard.reports, verbose)


def listen_json(heard: ListenResult) -> dict:
    """The proof-listening report as a JSON-ready mapping (model, language, episodes, cues)."""
    from narrate.proof.report import report_json

    return report_json(heard.reports, heard.model, heard.language)


def serve(
    out: str | Path,
    *,
    host: str = "0.0.0.0",
    port: int = 8000,
    watch: str | Path | None = None,
    options: BuildOptions | None = None,
    idle_minutes: float = 30.0,
) -> None:
    """Serve a built folder over HTTP (HEAD, byte ranges per RFC 7233) until Ctrl-C, or until
    ``idle_minutes`` pass without a request or a rebuild (0: never); with ``watch`` (a content
    folder or lesson file), rebuild ``out`` from it whenever it changes.

    Raises:
        NarrateError: no output folder (and nothing to build it from), or the port is taken.
    """
    from narrate.publish.serve import serve as run

    def rebuild(content: Path, out_dir: Path) -> BuildResult:
        return _build(content, out_dir, options)

    run(
        Path(out),
        host=host,
        port=port,
        watch=Path(watch) if watch is not None else None,
        build=rebuild,
        idle_timeout_s=idle_minutes * 60,
    )


def voices(engine: str | None = None, language: str | None = None) -> list[str]:
    """One line per voice of every installed speech engine (or only ``engine``'s), tab-separated:
    engine, id, name, languages, licence. With ``language``: only the voices that speak it (``pt``
    matches ``pt-br``), the one a course in that language speaks with first (see :func:`voice_for`).

    Raises:
        EngineError: ``engine`` is unknown or not installed; no installed voice speaks ``language``.
        ConfigError: ``language`` is not a language tag.
    """
    from narrate.errors import EngineError
    from narrate.speech.engines import list_voices

    if not language:
        return list(list_voices(engine))
    language = _language(language)
    lines = list_voices(engine, language)
    if not lines:
        where = f" in the {engine} engine" if engine else ""
        raise EngineError(f"no installed voice speaks '{language}'{where} (narrate voices lists them all)")
    chosen, voice = voice_for(language, engine)
    first = [line for line in lines if line.split("\t")[:2] == [chosen, voice or ""]]
    return first + [line for line in lines if line not in first]


def voice_for(language: str, engine: str | None = None) -> tuple[str, str | None]:
    """``(engine, voice)`` a course in ``language`` speaks with on ``engine``, or when it names none,
    on the best one installed for the language (see ``narrate.speech.engines.choice``).

    Raises:
        ConfigError: ``language`` is not a language tag. EngineError: the engine cannot speak it.
    """
    from narrate.speech.synthesis import speaker_for

    speaker = speaker_for(engine or "", None, _language(language))
    return speaker.engine, speaker.voice


def _language(language: str) -> str:
    """A language tag checked (``--language: ...`` in its error)."""
    from narrate.errors import ConfigError
    from narrate.setting_kinds import language_tag

    try:
        return language_tag(language.strip())
    except ConfigError as exc:
        raise ConfigError(f"--language: {exc.problem}") from None


def cache_info(cache_dir: str | Path | None = None) -> tuple[str, int, int, int]:
    """``(location, clips, bytes, files)`` of the utterance cache (default folder: ``$NARRATE_CACHE_DIR``,
    else ``~/.cache/narrate``; or an fsspec URL): every file it keeps is counted."""
    from narrate.speech.cache import UtteranceCache

    store = UtteranceCache(cache_dir)
    info = store.info()
    return store.location, info.clips, info.bytes, info.files


def cache_clear(cache_dir: str | Path | None = None) -> tuple[str, int]:
    """Empty the utterance cache; returns ``(location, clips removed)``."""
    from narrate.speech.cache import UtteranceCache

    store = UtteranceCache(cache_dir)
    return store.location, store.clear()


def cache_prune(max_size: int | str, cache_dir: str | Path | None = None) -> tuple[str, PruneResult]:
    """Delete the least recently used clips until the cache fits in ``max_size`` (bytes, or a text
    such as ``"20GB"``); clips used in the last 15 minutes are kept. Returns ``(location, what was removed)``.

    Raises:
        ConfigError: ``max_size`` is not a size.
    """
    from narrate.errors import ConfigError
    from narrate.settings import parse_size
    from narrate.speech.cache import UtteranceCache

    try:
        limit = parse_size(max_size)
    except ValueError as exc:
        raise ConfigError(f"--max-size: {exc}") from None
    store = UtteranceCache(cache_dir)
    return store.location, store.prune(limit)


def is_catalogue(content: str | Path) -> bool:
    """Whether ``content`` is a catalogue: a folder of course folders (see :func:`build_catalogue`)."""
    return _is_catalogue(Path(content))


def build_catalogue(
    content: str | Path, out: str | Path, options: BuildOptions | None = None, *, progress: Progress | None = None
) -> list[tuple[str, BuildResult]]:
    """Build every course folder of the catalogue ``content`` into ``out/<course-id>/`` (each as
    :func:`build` builds it alone) and write ``out/index.html`` listing them. With
    ``options.cluster``, every course's episodes run on that Dask cluster at once.

    Returns:
        ``(course id, BuildResult)`` per course, in name order (with ``options.listen``, each heard).

    Raises:
        NarrateError: as :func:`build`, for the first course that fails (courses built before it
            stay published).
    """
    recogniser = None
    if options is not None and options.listen:  # a missing model stops before the build
        recogniser = prepare_listener(options.asr_model, _local_cache(options.cache_dir))
    results = _build_catalogue(Path(content), Path(out), options, progress=progress)
    if recogniser is not None and options is not None:
        for _, result in results:
            result.heard = listen(
                result.out_dir,
                model=options.asr_model,
                cache_dir=_local_cache(options.cache_dir),
                progress=progress,
                recogniser=recogniser,
            )
    return results


def _local_cache(cache_dir: str | Path | None) -> Path | None:
    """The local folder of a cache location (a remote cache's local mirror), or None for the default."""
    from narrate.speech.cache import UtteranceCache

    return UtteranceCache(cache_dir).root if cache_dir is not None else None


ProgressCallback = Callable[[str, int, int], None]
"""The type of ``progress``: ``progress(stage, done, total)``."""
