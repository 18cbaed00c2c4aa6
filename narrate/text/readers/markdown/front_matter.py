"""A Markdown lesson's front matter: YAML (``---``) or Hugo's TOML (``+++``), other tools' keys left
out with a warning, a programming language or a non-date left out."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from narrate.config import LANGUAGE_TAG
from narrate.errors import Collector, ContentError, lenient, warn
from narrate.text.readers.yaml_lesson import LessonValidator
from narrate.yamlio import LineDict, load_yaml

FRONT_MATTER_KEYS = (
    "id", "title", "subtitle", "teaser", "summary", "description", "date", "language", "think_pause", "voice", "code",
    "questions", "objectives", "keypoints", "image", "explicit", "season", "episode", "episode_type", "draft",
)  # fmt: skip


_FRONT = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TOML_FRONT = re.compile(r"\A\+\+\+[ \t]*\n(.*?\n)\+\+\+[ \t]*(?:\n|\Z)", re.S)  # Hugo's TOML front matter
PROGRAMMING_LANGUAGES = {
    "r", "python", "python3", "julia", "bash", "shell", "sh", "sql", "c", "c++", "cpp", "java", "javascript", "js",
    "typescript", "ts", "matlab", "octave", "go", "rust", "ruby", "perl", "php", "scala", "haskell", "fortran",
    "sas", "stata", "spss", "latex", "html", "css", "markdown", "yaml", "json", "powershell", "unix",
}  # fmt: skip
"""``language:`` values of Jekyll lesson sites that name the lesson's programming language."""


def _toml_front_matter(path: Path, body: str) -> LineDict:
    """Hugo's ``+++`` TOML front matter as a :class:`LineDict` (file lines kept; dates as text).

    Raises:
        ContentError: TOML that does not parse (at its line).
    """
    import tomllib

    try:
        data = tomllib.loads(body)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) + 1 if found else 1
        raise ContentError(f"front matter is not valid TOML: {exc}", path, line) from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise ContentError("front matter is not valid TOML: nested too deeply", path, 2) from None
    meta = LineDict()
    meta.line = 1
    lines = body.split("\n")
    for key, value in data.items():
        meta[key] = str(value) if hasattr(value, "isoformat") else value
        at = next((n for n, raw in enumerate(lines) if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", raw)), None)
        meta.lines[key] = at + 2 if at is not None else 1
    return meta


def _human_language(path: Path, meta: LineDict, problems: Collector) -> LineDict:
    """Front matter ``language:`` that names no human language (Jekyll lesson sites write the programming
    language there: ``language: R``) is left out with a warning (an error under ``--strict``)."""
    value = meta.get("language")
    if not isinstance(value, str) or (LANGUAGE_TAG.match(value) and value.lower() not in PROGRAMMING_LANGUAGES):
        return meta
    line = meta.line_of("language")
    lenient(f"front matter 'language: {value}' is not a human language (ISO 639) code: ignored", path, line, problems)
    return _without(meta, "language")


_DATE_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$")


def _plain_date(path: Path, meta: LineDict, problems: Collector) -> LineDict:
    """A front matter ``date:`` that is not a date (``Sys.Date()``, R Markdown's "today") is left out with a
    warning (an error under ``--strict``): the course's schedule dates the lesson. A date and time (RFC
    3339, as Hugo's TOML writes it) is its date."""
    value = meta.get("date")
    if not isinstance(value, str) or _DATE.match(value):  # a date, or not text at all (refused as ever)
        return meta
    stamp = _DATE_TIME.match(value)
    if stamp:  # Hugo's TOML "2023-09-04T10:00:00+02:00": the day the site shows
        dated = LineDict({k: (stamp.group(1) if k == "date" else v) for k, v in meta.items()})
        dated.line, dated.lines = meta.line, dict(meta.lines)
        return dated
    lenient(f"front matter 'date: {value}' is not a YYYY-MM-DD date: ignored", path, meta.line_of("date"), problems)
    return _without(meta, "date")


def _without(meta: LineDict, key: str) -> LineDict:
    kept = LineDict({k: v for k, v in meta.items() if k != key})
    kept.line, kept.lines = meta.line, {k: n for k, n in meta.lines.items() if k != key}
    return kept


def _used_keys(path: Path, meta: LineDict) -> LineDict:
    """The front matter keys narrate uses; the others (other tools' settings) are named in one warning
    line. A key within a typo of one of narrate's (``titel``) is kept, so that it is refused."""
    typos = [
        k for k in meta if k not in FRONT_MATTER_KEYS and difflib.get_close_matches(str(k), FRONT_MATTER_KEYS, 1, 0.8)
    ]
    if typos:
        return meta  # a misspelt key of ours: LessonValidator.keys refuses it with "did you mean"
    unused = [str(k) for k in meta if k not in FRONT_MATTER_KEYS]
    if not unused:
        return meta
    warn(f"front matter keys narrate does not use, ignored: {', '.join(unused)}", path, 1)
    kept = LineDict()
    kept.line = meta.line
    for key in meta:
        if key in FRONT_MATTER_KEYS:
            kept[key] = meta[key]
            kept.lines[key] = meta.line_of(key)
    return kept


def read_front_matter(path: Path, text: str, check: LessonValidator, problems: Collector) -> tuple[LineDict, str]:
    """The front matter of the lesson ``text`` read from ``path`` (YAML ``---`` or TOML ``+++``; an
    empty :class:`LineDict` when there is none), checked by ``check``, and the text with the front
    matter's lines left blank (so that file lines stay). Problems go to ``problems`` (an unknown key
    to ``check.problems``)."""
    meta = LineDict()
    front = _FRONT.match(text)
    toml = None if front else _TOML_FRONT.match(text)
    if front:
        loaded = problems.attempt(lambda: load_yaml(path, "\n" + front.group(1)), LineDict())  # YAML lines = file lines
        meta = problems.attempt(
            lambda: check.mapping(loaded if loaded is not None else LineDict(), 1, "front matter"), LineDict()
        )
    elif toml:
        meta = problems.attempt(lambda: _toml_front_matter(path, toml.group(1)), LineDict())
    if front or toml:
        meta = _used_keys(path, meta)
        meta = _human_language(path, meta, problems)
        meta = _plain_date(path, meta, problems)
        check.keys(meta, FRONT_MATTER_KEYS, "front matter")
        matched = front or toml
        assert matched is not None
        text = "\n" * matched.group(0).count("\n") + text[matched.end() :]
    return meta, text
