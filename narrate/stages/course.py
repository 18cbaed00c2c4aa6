"""The read stage of a build: the course read, scripted and checked before any synthesis → the build context."""

from __future__ import annotations

import hashlib
import tempfile
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.audio.timeline import require_tool
from narrate.config import CourseConfig
from narrate.errors import BuildError, ConfigError, EngineError
from narrate.limits import check_episode_lengths, check_file_names
from narrate.model import Lesson, Script
from narrate.options import BuildOptions
from narrate.publish.output import hooked
from narrate.speech.cache import SPOKEN_MEMO, UtteranceCache
from narrate.speech.synthesis import chosen_voices, span_voice
from narrate.stages.context import BuildContext, Progress
from narrate.stages.read import Loaded, load, warn_dropped
from narrate.text.lexicon_report import lesson_texts
from narrate.text.normalize import remembered
from narrate.text.script import build_review_script, build_script
from narrate.text.spans import span_languages

if TYPE_CHECKING:
    from narrate.cluster import Session

MP3_SAMPLE_RATES = (8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000)
"""The sample rates MPEG-1, 2 and 2.5 audio layer III can carry (ISO/IEC 11172-3, 13818-3)."""


def read_course(
    content: Path,
    out_dir: Path,
    options: BuildOptions,
    *,
    today: date,
    progress: Progress | None = None,
    cache: UtteranceCache | None = None,
    session: Session | None = None,
    digest: str | None = None,
) -> BuildContext:
    """Read the course (:func:`narrate.stages.read.load`), script every lesson (and the review
    episode), and check everything that can fail before synthesis: ffmpeg (unless a cluster
    encodes), resource limits, the output folder, and a voice for every language span; when the
    course names no engine, which engine and voice each of its languages got (``BuildContext.voices``).

    Raises:
        NarrateError: bad content or settings (all problems together, see ``load``), a missing tool,
            an unusable output folder, a span language no engine speaks.
    """
    loaded = load(content, options)
    warn_dropped(loaded.lessons, options.verbose)
    cache = cache or UtteranceCache(options.cache_dir)
    scripts = _scripts(Path(content), loaded, cache)
    if session is None or options.audiobook:  # on a cluster, the workers encode
        require_tool("ffmpeg")
    preflight(loaded.config, scripts, out_dir)
    cache.remove_stale_partials()  # left by workers of an interrupted build
    check_span_voices(loaded.lessons, loaded.config, cache.root)
    languages = [s.language for s in scripts if s.language] + [
        language
        for lesson in loaded.lessons
        for text, _, _ in lesson_texts(lesson)
        for language in span_languages(text)
    ]
    return BuildContext(
        content=Path(content),
        out_dir=Path(out_dir),
        options=options,
        today=today,
        config=loaded.config,
        lessons=loaded.lessons,
        scripts=tuple(scripts),
        cache=cache,
        report=hooked(progress),
        digest=digest,
        detected=loaded.detected,
        session=session,
        voices=tuple(chosen_voices(loaded.config, cache.root, languages)),
    )


def _scripts(content: Path, loaded: Loaded, cache: UtteranceCache) -> list[Script]:
    """The lessons' scripts, then the review episode's when the course asks for one."""
    config = loaded.config
    memo = cache.root / SPOKEN_MEMO / f"{hashlib.sha256(str(content.resolve()).encode()).hexdigest()[:16]}.json"
    with remembered(memo):  # a rebuild normalises only the sentences that changed
        scripts = [build_script(lesson, config) for lesson in loaded.lessons]
    if config.review:
        review_script = build_review_script(loaded.lessons, config)
        if review_script is not None:
            scripts.append(review_script)
    return scripts


def check_span_voices(lessons: tuple[Lesson, ...], config: CourseConfig, cache_root: Path) -> None:
    """Before any synthesis: every language a span names (``[hola]{lang=es}``) has a voice in the
    narrator's and the quiz host's engine (when the course names none: in the best installed engine
    for that language, see ``narrate.speech.engines.choice``).

    Raises:
        EngineError: at the first span's file and line, naming the voices that would work.
    """
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


def preflight(config: CourseConfig, scripts: list[Script], out_dir: Path) -> None:
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
