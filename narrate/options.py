"""Build options: everything ``narrate build`` can be told on its command line, in one frozen dataclass.

Each field is declared once, with :func:`option`: its command-line flag and help (the CLI's options
are generated from these declarations, :mod:`narrate.cli`), the check that validates it, whether it
changes a build's output (:meth:`BuildOptions.stamp`) and how it changes the settings. A field that
overrides a course.yaml setting names it; its flag is the setting's ``option`` (:mod:`narrate.settings`),
and by default it is validated by the setting's kind, set on the setting's field and in the stamp when
given. An override of ``voice.rate_wpm`` (with ``option="--rate"`` on the key) is one line::

    rate_wpm: int | None = option(setting="voice.rate_wpm", help="Speaking rate for this build, words per minute.")

The overrides are applied to the settings in one place, :meth:`BuildOptions.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from narrate.config import CourseConfig, http_url, language_tag, normalise_formats
from narrate.errors import ConfigError
from narrate.files import unknown_protocol
from narrate.settings import BY_KEY, Context, Setting, parse_size, with_value

ALWAYS = "always"
"""``stamp=ALWAYS``: the field is part of every build's stamp (see :meth:`BuildOptions.stamp`)."""


@dataclass(frozen=True)
class Flag:
    """How a :class:`BuildOptions` field is given on the command line, as plain data (the CLI makes a
    click option of it).

    Attributes:
        decls: the option's names, e.g. ``("-j", "--jobs")``; ``("--review/--no-review",)`` for a
            flag that can also be turned off (its default None: as course.yaml says).
        help: one line for ``--help``.
        is_flag: an on/off flag (``--split``).
        value: what it takes: ``"text"``, ``"path"`` (a Path), ``"count"`` (a whole number of at least
            1), ``"int"`` or ``"float"`` (an override of a number).
        metavar, envvar: as click's (``LIST``; ``NARRATE_CACHE_DIR``).
    """

    decls: tuple[str, ...]
    help: str
    is_flag: bool = False
    value: str = "text"
    metavar: str | None = None
    envvar: str | None = None


Check = Callable[[Any], Any]
Override = Callable[[CourseConfig, Any], CourseConfig]

BY_KIND = "by kind"
"""``check=BY_KIND`` (the default of an override): validated as its setting's kind validates it
(:meth:`narrate.settings.Setting.read`), the message after the flag's name."""
WHEN_SET = "when set"
"""``stamp=WHEN_SET`` (the default): an override is in the stamp when it is set (a group of its own);
other options are not in it."""
SET = "set"
"""``override=SET`` (the default of an override): the value is what the setting's field holds for this build."""

_VALUES = {"int": "int", "float": "float", "seconds": "float"}
"""The command-line value of an override of a number (other kinds: text)."""


def option(
    *decls: str,
    help: str,
    default: Any = None,
    setting: str | None = None,
    check: Check | str | None = BY_KIND,
    late: bool = False,
    stamp: str | None = WHEN_SET,
    override: Override | str | None = SET,
    value: str = "text",
    metavar: str | None = None,
    envvar: str | None = None,
) -> Any:
    """A :class:`BuildOptions` field declared once: its flag, help, check, stamp and override.

    Args:
        decls: the flag's names (none: the overridden setting's ``option``).
        default: the field's default (``False``: an on/off flag; ``None`` for an override of a
            ``true``/``false`` setting: ``--x/--no-x``).
        setting: the course.yaml key the field overrides for one build.
        check: converts and validates a value that is not None (raises ConfigError with the flag's
            name); :data:`BY_KIND`: as the setting's kind does (none without a setting); ``late``:
            checked after the others (the order of the first error reported).
        stamp: :data:`ALWAYS`, or a group name: the group's fields are in the stamp when any is set;
            :data:`WHEN_SET`: an override's own group, for other options None (not in the stamp).
        override: how a given value (not None, not empty; ``False`` only for ``--no-x``) changes the
            settings (:meth:`BuildOptions.apply`): :data:`SET` the setting's field (to the value as
            the kind reads it when checked :data:`BY_KIND`, else as the check left it), a function
            ``(config, value) → config``, or None (not applied to the settings).
        value, metavar, envvar: see :class:`Flag` (an override of a number takes a number).
    """
    key: Setting | None = BY_KEY[setting] if setting else None
    flag = _flag(decls, help, default, key, value, metavar, envvar)
    if key is None:  # an option of the build itself: no kind to check by, no setting to change
        check = None if check == BY_KIND else check
        stamp = None if stamp == WHEN_SET else stamp
        override = None if override == SET else override
    else:
        by_kind = check == BY_KIND
        check = _flagged(flag.decls[0].split("/")[0], _valid_by(key)) if by_kind else check
        stamp = f"{key.key} override" if stamp == WHEN_SET else stamp
        override = _set(key.key, by_kind) if override == SET else override
    meta = {"flag": flag, "setting": setting, "check": check, "late": late, "stamp": stamp, "override": override}
    return field(default=default, metadata=meta)


def _flag(
    decls: tuple[str, ...],
    help: str,
    default: Any,
    key: Setting | None,
    value: str,
    metavar: str | None,
    envvar: str | None,
) -> Flag:
    """The flag of an option (see :func:`option`): its names (an override's: its setting's
    ``option``), ``--x/--no-x`` for an override of a true/false setting, a number for a number's."""
    names = decls or ((key.option or "",) if key else ())
    if not names or not names[0]:
        raise ValueError(f"an option needs a flag: give one, or an `option` to setting {key}")
    if default is None and key is not None and key.kind == "bool":
        names = (f"{names[0]}/--no-{names[0][2:]}",)
    if key is not None and value == "text":
        value = _VALUES.get(key.kind, "text")
    return Flag(tuple(names), help, default is False, value, metavar, envvar)


def _read(setting: Setting, value: Any) -> Any:
    """``value`` read as ``setting``'s kind reads a course.yaml value (a path: from the current folder).

    Raises:
        ConfigError: the kind refuses it.
    """
    return setting.read(value, Context(Path("course.yaml")))


def _valid_by(setting: Setting) -> Check:
    """The check that ``setting``'s kind accepts a value, which is kept as given (in course.yaml's
    units, so that checking it again, after :func:`dataclasses.replace`, changes nothing)."""

    def valid(value: Any) -> Any:
        _read(setting, value)
        return value

    return valid


def _set(key: str, by_kind: bool) -> Override:
    """The override that sets the field ``key`` declares: to the value as its kind reads it
    (``by_kind``: the option was checked by its kind, and kept as given), else to the value as its
    own check left it."""
    if by_kind:
        return lambda config, value: with_value(config, key, _read(BY_KEY[key], value))
    return lambda config, value: with_value(config, key, value)


def _base_url(config: CourseConfig, url: str) -> CourseConfig:
    """``base_url`` for this build; ``link`` moves with it when it was the base URL."""
    return replace(config, base_url=url, link=url if config.link == config.base_url else config.link)


def _engine(config: CourseConfig, engine: str) -> CourseConfig:
    """``voice.engine`` for this build: voice ids that belonged to the old engine are dropped; the quiz
    host keeps its own engine and voice when ``voice.host_engine`` is set."""
    v = config.voice
    if engine == v.engine:
        return config
    host = v.host if v.host_engine is not None else None
    return replace(config, voice=replace(v, engine=engine, narrator=None, host=host))


def _jobs(jobs: Any) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ConfigError(f"--jobs must be a whole number of at least 1, not '{jobs}'")
    return jobs


def _flagged(flag: str, check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` with its ConfigError's message prefixed by the flag: ``--format: unknown audio format``."""

    def checked(value: Any) -> Any:
        try:
            return check(value)
        except ConfigError as exc:
            raise ConfigError(f"{flag}: {exc.problem}") from None

    return checked


def _if_given(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` for a non-empty value; an empty text stays as it is (as course.yaml says)."""
    return lambda value: check(value) if value else value


def _path(value: Any) -> Path:
    return value if isinstance(value, Path) else Path(value)


def _cache_dir(cache: Any) -> Path | str:
    """A cache folder (a Path) or an fsspec URL (kept as text). Raises ConfigError: it is a file, or
    the URL's protocol is not one fsspec knows."""
    if "://" in str(cache):
        problem = unknown_protocol(cache)
        if problem:
            raise ConfigError(f"--cache-dir: {problem}")
        return cache
    if Path(cache).exists() and not Path(cache).is_dir():
        raise ConfigError(f"--cache-dir: not a folder: {cache}")
    return _path(cache)


def _size(size: Any) -> int:
    try:
        return parse_size(size)
    except ValueError as exc:
        raise ConfigError(f"--cache-max-size: {exc}") from None


@dataclass(frozen=True)
class BuildOptions:
    """Options of one build; ``None`` means "as course.yaml says".

    Attributes:
        lexicon_file: an extra pronunciation lexicon (YAML ``word: spoken form`` or ``word: /IPA/``, or a
            W3C PLS ``.pls`` file), over the course's.
        review: add (True) or leave out (False) the course-review bonus episode.
        jobs: parallel speech workers and encoders (None: the number of CPUs); at least 1.
        cache_dir: the utterance cache folder (None: ``$NARRATE_CACHE_DIR``, else ``~/.cache/narrate``).
        formats: audio formats and the book, e.g. ``("mp3", "m4b")`` or ``"mp3,epub"`` (see
            :func:`narrate.settings.normalise_formats`).
        audiobook: also write the whole course as one M4B, every chapter of every lesson under its lesson.
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
        verbose: the page chrome a lesson left out named line by line in its warning (else counted).
        strict: what a lesson's reader would warn about and read its own way is an error (``--strict``;
            course.yaml's ``strict: true`` does the same).

    ``cache_dir`` may be an fsspec URL (``s3://bucket/prefix``), kept as text; a path becomes a Path.

    Raises (on construction):
        ConfigError: a value its flag's check refuses (``--jobs``, ``--format``, ``--base-url``,
            ``--language``, ``--cache-dir``, ``--cache-max-size``), with the flag's name.
    """

    lexicon_file: Path | None = option(
        "--lexicon",
        help="Extra pronunciation lexicon (YAML word: spoken or /IPA/, or a W3C PLS file).",
        value="path",
        check=_path,
        late=True,
        stamp=ALWAYS,
    )
    review: bool | None = option(
        setting="review",
        help="Add (or leave out) the course-review bonus episode; default: course.yaml's 'review'.",
        check=None,
        stamp=ALWAYS,
    )
    jobs: int | None = option(
        "-j",
        "--jobs",
        value="count",
        help="Parallel speech workers and encodes (default: the number of CPUs).",
        check=_jobs,
    )
    cache_dir: Path | str | None = option(
        "--cache-dir",
        envvar="NARRATE_CACHE_DIR",
        help="Utterance cache folder or fsspec URL, e.g. s3://bucket/cache "
        "(default: $NARRATE_CACHE_DIR, else ~/.cache/narrate).",
        check=_cache_dir,
        late=True,
    )
    formats: tuple[str, ...] | str | None = option(
        setting="audio.formats",
        metavar="LIST",
        help="Formats, comma-separated: mp3, m4b (audio), epub (a read-along book of the course) "
        "(default: course.yaml's audio.formats, else mp3).",
        check=_flagged("--format", normalise_formats),
        stamp=ALWAYS,
    )
    audiobook: bool = option(
        "--audiobook",
        default=False,
        help="Also write the whole course as one M4B, every chapter under its lesson ('Lesson - Question 1: ...').",
        stamp=ALWAYS,
    )
    split: bool = option(
        "--split", default=False, help="Also write one MP3 per chapter (OUT/episodes/NN-<id>/).", stamp=ALWAYS
    )
    engine: str | None = option(
        setting="voice.engine",
        help="Speech engine for this build (see: narrate voices).",
        check=None,
        stamp=ALWAYS,
        override=_engine,
    )
    voice: str | None = option(
        setting="voice.narrator",
        help="Narrator voice for this build (an id from: narrate voices).",
        check=None,
        stamp=ALWAYS,
    )
    base_url: str | None = option(
        setting="base_url",
        help="Publish under this URL for this build; every GUID is kept (they never derive from the URL), so a "
        "course moves hosts by building into the same output folder.",
        check=_if_given(_flagged("--base-url", http_url)),
        stamp=ALWAYS,
        override=_base_url,
    )
    language: str | None = option(
        "--language",
        help="Language of a single lesson file (ISO 639, e.g. de); default: detected.",
        check=_if_given(_flagged("--language", language_tag)),
        stamp="language",
    )
    allow_guid_change: bool = option(
        "--allow-guid-change",
        default=False,
        help="Let a published episode's GUID change or vanish (podcast apps then list it as new, or drop it).",
        stamp="feed",
    )
    include_scheduled: bool = option(
        "--include-scheduled", default=False, help="Put episodes dated after today in the feed too.", stamp="feed"
    )
    listen: bool = option(
        "--listen",
        default=False,
        help="Also hear each episode with an offline speech recogniser: WER and misheard cues.",
    )
    asr_model: str | None = option(
        "--asr-model",
        metavar="MODEL",
        help="Recogniser for --listen: a CTranslate2 Whisper folder or model name (default: the bundled base model).",
    )
    cluster: str | None = option(
        "--cluster",
        metavar="ADDRESS",
        help="Run one task per episode on a Dask cluster: tcp://HOST:PORT (a running `dask scheduler`) "
        "or local:N (N local worker processes). Needs narrate[cluster].",
    )
    staging: str | None = option(
        "--staging",
        metavar="URL",
        help="With --cluster: shared folder or fsspec URL (s3://bucket/prefix) through which workers hand "
        "over episode files (default: in the task results).",
    )
    cache_max_size: int | str | None = option(
        setting="cache.max_size",
        metavar="SIZE",
        help="After the build, prune the utterance cache to SIZE (e.g. 20GB), least recently used clips first.",
        check=_size,
        late=True,
        stamp=None,
        override=None,  # the build prunes the cache to it; the settings keep course.yaml's
    )
    quiet: bool = option("-q", "--quiet", default=False, help="No progress output.")
    verbose: bool = option(
        "--verbose",
        default=False,
        help="List in full what the warnings only count (the page chrome each lesson left out).",
    )
    strict: bool = option(
        setting="strict",
        check=None,
        stamp=None,  # it only refuses: the output is the same
        default=False,
        help="Refuse, as errors, what narrate otherwise reads its own way with a warning (course.yaml: strict: true).",
    )

    def __post_init__(self) -> None:
        specs = [f for f in fields(self) if f.metadata.get("check") and not f.metadata["late"]]
        for spec in specs + [f for f in fields(self) if f.metadata.get("check") and f.metadata["late"]]:
            value = getattr(self, spec.name)
            if value is not None:
                object.__setattr__(self, spec.name, spec.metadata["check"](value))

    def apply(self, config: CourseConfig) -> CourseConfig:
        """``config`` with this build's overrides: the one place command-line options meet course.yaml.

        Each override given (not None and not empty; ``False`` only from ``--no-x``) changes the
        settings as its declaration says, in declaration order: most set their setting's field;
        switching engine drops voice ids that belonged to the old engine (the quiz host keeps its own
        engine and voice when ``voice.host_engine`` is set); a new base URL also moves ``link`` when
        it was the base URL. ``config`` itself when nothing changes.
        """
        for spec in fields(self):
            value, override = getattr(self, spec.name), spec.metadata.get("override")
            if override is not None and (value or (value is False and spec.default is None)):
                config = override(config, value)
        return config

    def stamp(self) -> dict[str, Any]:
        """The options that change a build's output, for its input digest: those declared
        ``stamp=ALWAYS``, and each group of the others (``language``; ``allow_guid_change`` with
        ``include_scheduled``) only when one of it is set, so that earlier builds' stamps stay valid
        (``jobs``, ``cache_dir``, ``cluster``, ``staging``, ``cache_max_size``, ``quiet`` and ``verbose`` are not in it)."""
        groups: dict[str, dict[str, Any]] = {}
        for spec in fields(self):
            if spec.metadata.get("stamp"):
                groups.setdefault(spec.metadata["stamp"], {})[spec.name] = getattr(self, spec.name)
        stamp = groups.pop(ALWAYS)
        for group in groups.values():
            if any(group.values()):
                stamp.update(group)
        return stamp

    @classmethod
    def flags(cls) -> list[tuple[str, Flag]]:
        """``(field name, flag)`` of every option, in declaration order (the order of ``--help``)."""
        return [(spec.name, spec.metadata["flag"]) for spec in fields(cls) if "flag" in spec.metadata]
