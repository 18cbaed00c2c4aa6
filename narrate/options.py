"""Build options: everything ``narrate build`` can be told on its command line, in one frozen dataclass.

The options that override a course.yaml setting (``--engine``, ``--voice``, ``--base-url``,
``--format``, ``--review``) are applied in one place, :meth:`BuildOptions.apply`, and validated by
the same rules as the settings they override (:mod:`narrate.settings`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from narrate.config import CourseConfig, http_url, language_tag, normalise_formats
from narrate.errors import ConfigError
from narrate.settings import parse_size


@dataclass(frozen=True)
class BuildOptions:
    """Options of one build; ``None`` means "as course.yaml says".

    Attributes:
        lexicon_file: an extra pronunciation lexicon (YAML ``word: spoken form``), over the course's.
        review: add (True) or leave out (False) the course-review bonus episode.
        jobs: parallel speech workers and encoders (None: the number of CPUs); at least 1.
        cache_dir: the utterance cache folder (None: ``$NARRATE_CACHE_DIR``, else ``~/.cache/narrate``).
        formats: audio formats, e.g. ``("mp3", "m4b")`` or ``"mp3,m4b"``.
        audiobook: also write the whole course as one M4B, one chapter per lesson.
        split: also write one MP3 per chapter.
        engine: the speech engine for this build (``pyttsx3``, ``piper``).
        voice: the narrator's voice id for this build.
        base_url: publish under this http(s) URL for this build.
        language: the language of a single lesson file built on its own (``--language``; None: its
            ``language:``, else detected from its text).
        allow_guid_change: let a published episode's GUID change or vanish (see
            :mod:`narrate.publish.identity`); by default that stops the build before any synthesis.
        include_scheduled: put episodes dated after today in the feed too.
        listen: after the build, hear each episode with the offline recogniser (``narrate[listen]``):
            WER and misheard cues in ``BuildResult.heard``.
        asr_model: the recogniser for ``listen``: a CTranslate2 Whisper folder or model name (None:
            the bundled base model).
        cluster: run one task per episode on this Dask cluster: ``tcp://HOST:PORT`` or ``local:N``
            (see :mod:`narrate.cluster`; needs ``narrate[cluster]``).
        staging: with ``cluster``, a shared folder or fsspec URL through which workers hand over
            episode files (None: in the task results).
        cache_max_size: after the build, prune the utterance cache to this size (bytes, or a text
            such as ``"20GB"``), least recently used clips first.
        quiet: no progress output (the CLI's ``-q``; the library never prints).
        strict: what a lesson's reader would warn about and read its own way is an error (``--strict``;
            course.yaml's ``strict: true`` does the same).

    ``cache_dir`` may be an fsspec URL (``s3://bucket/prefix``), kept as text; a path becomes a Path.
    """

    lexicon_file: Path | None = None
    review: bool | None = None
    jobs: int | None = None
    cache_dir: Path | str | None = None
    formats: tuple[str, ...] | str | None = None
    audiobook: bool = False
    split: bool = False
    engine: str | None = None
    voice: str | None = None
    base_url: str | None = None
    language: str | None = None
    allow_guid_change: bool = False
    include_scheduled: bool = False
    listen: bool = False
    asr_model: str | None = None
    cluster: str | None = None
    staging: str | None = None
    cache_max_size: int | str | None = None
    quiet: bool = False
    strict: bool = False

    def __post_init__(self) -> None:
        if self.jobs is not None and (isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1):
            raise ConfigError(f"--jobs must be a whole number of at least 1, not '{self.jobs}'")
        if isinstance(self.formats, str) or self.formats is not None:
            object.__setattr__(self, "formats", _option("--format", normalise_formats, self.formats))
        if self.base_url:
            object.__setattr__(self, "base_url", _option("--base-url", http_url, self.base_url))
        if self.language:
            object.__setattr__(self, "language", _option("--language", language_tag, self.language))
        cache = self.cache_dir
        if cache is not None and "://" not in str(cache) and Path(cache).exists() and not Path(cache).is_dir():
            raise ConfigError(f"--cache-dir: not a folder: {cache}")
        for name in ("lexicon_file", "cache_dir"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Path) and not (name == "cache_dir" and "://" in str(value)):
                object.__setattr__(self, name, Path(value))
        if self.cache_max_size is not None:
            try:
                object.__setattr__(self, "cache_max_size", parse_size(self.cache_max_size))
            except ValueError as exc:
                raise ConfigError(f"--cache-max-size: {exc}") from None

    def apply(self, config: CourseConfig) -> CourseConfig:
        """``config`` with this build's overrides: the one place command-line options meet course.yaml.

        Switching engine drops voice ids that belonged to the old engine; the quiz host keeps its own
        engine and voice when ``voice.host_engine`` is set. A new base URL also moves ``link`` when it
        was the base URL.
        """
        changes: dict[str, Any] = {}
        if self.review is not None:
            changes["review"] = self.review
        if self.strict:
            changes["strict"] = True
        if self.formats is not None:
            changes["audio"] = replace(config.audio, formats=normalise_formats(self.formats))
        if self.base_url:
            changes["base_url"] = self.base_url
            changes["link"] = self.base_url if config.link == config.base_url else config.link
        v = config.voice
        if self.engine and self.engine != v.engine:
            host_own = v.host_engine is not None
            v = replace(v, engine=self.engine, narrator=None, host=v.host if host_own else None)
        if self.voice:
            v = replace(v, narrator=self.voice)
        if v != config.voice:
            changes["voice"] = v
        return replace(config, **changes) if changes else config

    def stamp(self) -> dict[str, Any]:
        """The options that change a build's output, for its input digest (``jobs``, ``cache_dir``,
        ``cluster``, ``staging``, ``cache_max_size`` and ``quiet`` do not)."""
        return {
            "lexicon_file": self.lexicon_file,
            "review": self.review,
            "formats": self.formats,
            "audiobook": self.audiobook,
            "split": self.split,
            "engine": self.engine,
            "voice": self.voice,
            "base_url": self.base_url,
            # only when set, so that earlier builds' stamps stay valid
            **({"language": self.language} if self.language else {}),
            **(
                {"allow_guid_change": self.allow_guid_change, "include_scheduled": self.include_scheduled}
                if self.allow_guid_change or self.include_scheduled
                else {}
            ),
        }


def _option(flag: str, check, value):
    try:
        return check(value)
    except ConfigError as exc:
        raise ConfigError(f"{flag}: {exc.problem}") from None
