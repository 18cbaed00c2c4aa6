"""Course settings: ``course.yaml`` → a validated :class:`CourseConfig`, every problem found with its
file and line (the command-line overrides are :class:`narrate.options.BuildOptions`).

What each key is, and how its value is converted and checked, is declared once in
:mod:`narrate.settings`; this module walks the file by that schema, collects the problems (every unknown
key with a "did you mean" suggestion) and works out what depends on several keys (the lexicon file's
entries, the lessons, the default title and link, the framing language). Seconds appear only in
course.yaml; everything past this module uses milliseconds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narrate.errors import ConfigError, collected, warn
from narrate.pls import PlsError, read_pls
from narrate.setting_kinds import (
    DATE_RANGE,
    EMAIL,
    FUNDING_TEXT_MAX,
    LANGUAGE_TAG,
    Context,
    Setting,
    build,
    course_file,
    http_url,
    inside,
    language_tag,
    lexicon_entries,
    normalise_formats,
    unknown_keys,
)
from narrate.settings import (
    SECTIONS,
    SETTINGS,
    AudioConfig,
    CourseConfig,
    LimitsConfig,
    PauseConfig,
    VoiceConfig,
    keys_of,
)
from narrate.yamlio import DEFAULT_TEXT_LIMIT, LineDict, LineList, load_yaml, read_bounded

__all__ = [
    "DATE_RANGE",
    "EMAIL",
    "FUNDING_TEXT_MAX",
    "LANGUAGE_TAG",
    "AudioConfig",
    "CourseConfig",
    "LimitsConfig",
    "PauseConfig",
    "VoiceConfig",
    "course_file",
    "default_config",
    "http_url",
    "inside",
    "language_tag",
    "load_config",
    "load_lexicon",
    "normalise_formats",
    "parse_config",
    "read_config",
]


def load_config(path: Path) -> CourseConfig:
    """Load and validate ``course.yaml`` against the settings schema (:mod:`narrate.settings`).

    Raises:
        ConfigError: missing file or invalid YAML.
        ConfigError / Problems: every unknown key, wrong type or value in the file (with its line),
            reported together.
    """
    config, errors = read_config(path)
    collected(list(errors))
    return config


def read_config(path: Path) -> tuple[CourseConfig, tuple[ConfigError, ...]]:
    """Load ``course.yaml`` and return the settings with every problem found (not raised), so that a
    build can report the course's and the lessons' problems in one run. A setting with a problem
    takes its default.

    Raises:
        ConfigError: no course.yaml, invalid YAML, or not a mapping (nothing else can be read).
    """
    if path.is_dir() and path.name != "course.yaml":
        path = path / "course.yaml"
    if path.is_dir():
        raise ConfigError("course.yaml is a folder; it must be a file of settings", path)
    if not path.exists():
        raise ConfigError("course.yaml not found (a course folder needs one)", path)
    data = load_yaml(path, error=ConfigError)
    if not isinstance(data, LineDict):
        raise ConfigError("course.yaml must be a mapping of settings", path, 1)
    return parse_config(data, path)


def default_config(title: str, source: Path | None = None) -> CourseConfig:
    """Settings for building a single lesson file without a course folder."""
    return CourseConfig(title=title, source=source)


def parse_config(data: LineDict, path: Path) -> tuple[CourseConfig, tuple[ConfigError, ...]]:
    """Validate a parsed ``course.yaml`` mapping (see :func:`read_config`): every key read by its kind,
    the frozen settings built from the values (:func:`narrate.settings.build`), and the fields that
    depend on several keys worked out here."""
    r = _Reader(path, data)
    values = {s.key: r.value(s) for s in SETTINGS}
    lexicon = dict(values["lexicon"])
    if values["lexicon_file"] is not None:
        try:
            lexicon.update(load_lexicon(values["lexicon_file"]))
        except ConfigError as exc:
            r.errors.append(exc)
    framing = (values["phrases"] or ({}, None))[1]
    config = build(
        CourseConfig,
        values,
        title=values["title"] or path.parent.name,
        link=values["link"] or values["base_url"],
        lexicon=lexicon,
        framing=framing,
        lessons=r.lessons(values["lessons"]),
        source=path,
        lines=r.lines,
    )
    return config, tuple(r.errors)


def load_lexicon(path: Path) -> dict[str, str]:
    """Load a lexicon file: a YAML mapping of written word → spoken replacement or ``/IPA/``, or a
    W3C PLS file (``.pls``, ``.xml``: :func:`_pls_entries`).

    Raises:
        ConfigError: missing file, invalid YAML, not a PLS lexicon, or a non-string or non-IPA entry
            (with its line).
    """
    if path.exists() and not path.is_file():  # a folder, pipe or device: never opened
        raise ConfigError("lexicon file is not a regular file", path)
    if not path.is_file():
        raise ConfigError("lexicon file not found", path)
    if path.suffix.lower() in (".pls", ".xml"):
        data = _pls_entries(path)
    else:
        data = load_yaml(path, error=ConfigError)
        if not isinstance(data, dict):
            raise ConfigError("a lexicon file must be a mapping of word: replacement", path, 1)
    ctx = Context(path)
    entries = lexicon_entries(data, "lexicon", ctx)
    collected(list(ctx.errors))
    return entries


MAX_PLS_WARNINGS = 5
"""Lexemes left out of a PLS file that are warned about one by one; the rest in one line."""


def _pls_entries(path: Path) -> LineDict:
    """A W3C PLS lexicon file's entries, with their lines (:func:`narrate.pls.read_pls`); lexemes it
    cannot use are warnings.

    Raises:
        ConfigError: larger than 5 MB, unreadable, not well-formed or not a PLS lexicon (with the line).
    """
    data = read_bounded(path, DEFAULT_TEXT_LIMIT, ConfigError, what="lexicon file")
    try:
        entries, skipped = read_pls(data)
    except PlsError as exc:
        raise ConfigError(exc.problem, path, exc.line) from None
    for line, why in skipped[:MAX_PLS_WARNINGS]:
        warn(why, path, line)
    if len(skipped) > MAX_PLS_WARNINGS:
        more = skipped[MAX_PLS_WARNINGS:]
        warn(f"{len(more)} more lexemes left out (the first at line {more[0][0]})", path, None)
    return entries


class _Reader(Context):
    """Reads settings from a course.yaml mapping by the schema, collecting every problem.

    Attributes:
        data: the file's mapping; lines: line of each key read (dotted key → line), and of each
            lesson named (``"lessons.0"``, ...).
    """

    def __init__(self, path: Path, data: LineDict):
        super().__init__(path)
        self.data = data
        self.lines: dict[str, int] = {}
        self._check_keys(data, "")

    def _check_keys(self, data: LineDict, section: str) -> None:
        prefix = f"{section}." if section else ""
        for key, message in unknown_keys(data, keys_of(section), prefix):
            home = _elsewhere(key, section)  # a key of another section: that, not a look-alike here
            said = message.split(" (did you mean", 1)[0] + home if home else message
            self.errors.append(ConfigError(said, self.path, data.line_of(key)))
        for name in SECTIONS:
            if section or name not in data or data[name] is None:
                continue
            if not isinstance(data[name], LineDict):
                self.errors.append(
                    ConfigError(f"'{name}' must be a mapping of settings", self.path, data.line_of(name))
                )
            else:
                self._check_keys(data[name], name)

    def _holder(self, setting: Setting) -> LineDict:
        if not setting.section:
            return self.data
        holder = self.data.get(setting.section)
        return holder if isinstance(holder, LineDict) else LineDict()

    def value(self, setting: Setting) -> Any:
        """The setting's validated value (its default after recording a problem)."""
        holder = self.holder = self._holder(setting)
        line = holder.line_of(setting.name) if setting.name in holder else None
        if line:
            self.lines[setting.key] = line
        try:
            return setting.read(holder.get(setting.name), self)
        except ConfigError as exc:
            self.errors.append(ConfigError(exc.problem, self.path, exc.line or line or holder.line or 1))
            return setting.read(setting.default, self) if setting.default is not None else None

    def lessons(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """The lesson names that stay inside the lessons folder (:func:`inside`), each with its line;
        the others reported."""
        lessons: list[str] = []
        for n, name in enumerate(names):
            line = self.lines[f"lessons.{len(lessons)}"] = self._item_line("lessons", n)
            if not inside(name):
                self.errors.append(
                    ConfigError(f"lesson '{name}' must be a file name inside the lessons folder", self.path, line)
                )
            else:
                lessons.append(name)
        return tuple(lessons)

    def _item_line(self, key: str, index: int) -> int:
        value = self.data.get(key)
        return value.line_of(index) if isinstance(value, LineList) else self.data.line_of(key)


def _elsewhere(key: object, section: str) -> str:
    """Where a key that is unknown in ``section`` belongs, when it is a key of another section:
    ``rate_wpm`` at the top level is " (a key of 'voice:': write it as voice.rate_wpm)"."""
    homes = sorted(s.key for s in SETTINGS if s.name == key and s.section != section)
    if not homes:
        return ""
    home = homes[0]
    parent = home.rpartition(".")[0]
    return f" (a key of '{parent}:': write it as {home})" if parent else f" (a top-level key: write it as {home})"
