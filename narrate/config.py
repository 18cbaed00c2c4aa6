"""Course settings: ``course.yaml`` plus command-line overrides → a validated :class:`CourseConfig`.

Seconds appear only here (the author's units); everything past this module uses milliseconds.
Every unknown key is reported with its file, line and a "did you mean" suggestion.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from narrate.errors import ConfigError
from narrate.yamlio import LineDict, LineList, load_yaml


@dataclass(frozen=True)
class VoiceConfig:
    """Speech settings. ``narrator``/``host`` are engine voice ids (None: the engine's default)."""

    engine: str = "pyttsx3"
    narrator: str | None = None
    host: str | None = None
    host_engine: str | None = None
    rate_wpm: int = 160


@dataclass(frozen=True)
class PauseConfig:
    """Pause lengths in milliseconds.

    Think pause for a question = ``think_ms + think_per_option_ms × options + think_per_word_ms ×
    prompt words``, unless the question or lesson overrides it.
    """

    sentence_ms: int = 350
    paragraph_ms: int = 700
    section_ms: int = 1200
    think_ms: int = 5000
    think_per_option_ms: int = 0
    think_per_word_ms: int = 0
    chime: bool = False
    repeat_ms: int | None = None
    """Listen-and-repeat pause after a ``{lang=xx repeat}`` span; None: the span's spoken length + 1 s."""


@dataclass(frozen=True)
class AudioConfig:
    """Audio output: sample rate (Hz), MP3 bitrate, loudness target (LUFS) and true-peak ceiling (dBTP)."""

    sample_rate: int = 44100
    bitrate: str = "64k"
    loudness_lufs: float = -16.0
    true_peak_dbtp: float = -1.0
    formats: tuple[str, ...] = ("mp3",)


@dataclass(frozen=True)
class LimitsConfig:
    """Resource bounds checked before synthesis (see ``narrate.limits``).

    ``max_lesson_bytes``: largest lesson file read, in bytes. ``max_episode_minutes``: longest
    episode, estimated from the script's words at ``voice.rate_wpm`` plus its pauses.
    """

    max_lesson_bytes: int = 5_000_000
    max_episode_minutes: float = 180.0


@dataclass(frozen=True)
class CourseConfig:
    """Validated course settings (see README, "course.yaml")."""

    title: str
    author: str = ""
    description: str = ""
    language: str = "en-us"
    base_url: str = "http://localhost:8000/"
    link: str = ""
    cover: Path | None = None
    category: tuple[str, ...] = ("Education", "Courses")
    explicit: bool = False
    start_date: str = "2026-01-05"
    schedule_days: int = 7
    review: bool = False
    read_code: bool = False
    """``code: read``: code blocks are read aloud line by line; ``notes`` (default): a cue, the code in
    the show notes. A lesson's own ``code:`` wins."""
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    pauses: PauseConfig = field(default_factory=PauseConfig)
    audio: AudioConfig = field(default_factory=AudioConfig)
    lexicon: dict[str, str] = field(default_factory=dict)
    lessons: tuple[str, ...] = ()
    limits: LimitsConfig = field(default_factory=LimitsConfig)
    phrases: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Framing phrases the course overrides: phrase key → text (plural phrases: (singular, plural))."""
    framing: str | None = None
    """Language of the framing phrases when not the course's (``phrases: en`` asks for English framing)."""
    source: Path | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """Line in ``source`` of some settings, for error messages: ``"cover"``, ``"lessons.0"``, ..."""

    def with_overrides(self, **changes: Any) -> CourseConfig:
        """A copy with top-level fields replaced (None values are ignored)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def with_voice(self, engine: str | None = None, voice: str | None = None) -> CourseConfig:
        """A copy speaking with another engine and/or narrator voice, for one build (``--engine``,
        ``--voice``). Switching engine drops voice ids that belonged to the old engine; the quiz host
        keeps its own engine and voice when ``host_engine`` is set."""
        v = self.voice
        if engine and engine != v.engine:
            host_own = v.host_engine is not None
            v = replace(v, engine=engine, narrator=None, host=v.host if host_own else None)
        if voice:
            v = replace(v, narrator=voice)
        return replace(self, voice=v)

    def with_base_url(self, base_url: str | None) -> CourseConfig:
        """A copy published under another base URL (``--base-url``), e.g. the ``narrate serve`` address.

        Raises:
            ConfigError: not an http(s) URL.
        """
        if not base_url:
            return self
        if not re.match(r"^https?://[^/\s]+", base_url):
            raise ConfigError(f"--base-url must be an http(s) URL, not '{base_url}'")
        base_url = _encode_url(base_url if base_url.endswith("/") else base_url + "/")
        link = base_url if self.link == self.base_url else self.link
        return replace(self, base_url=base_url, link=link)


_TOP = {
    "title",
    "author",
    "description",
    "language",
    "base_url",
    "link",
    "cover",
    "category",
    "explicit",
    "start_date",
    "schedule_days",
    "review",
    "code",
    "voice",
    "pauses",
    "audio",
    "lexicon",
    "lexicon_file",
    "lessons",
    "limits",
    "phrases",
}
_VOICE = {"engine", "narrator", "host", "host_engine", "rate_wpm"}
_PAUSES = {"sentence", "paragraph", "section", "think", "think_per_option", "think_per_word", "chime", "repeat"}
_AUDIO = {"sample_rate", "bitrate", "loudness_lufs", "true_peak_dbtp", "formats"}
_LIMITS = {"max_lesson_bytes", "max_episode_minutes"}
_COVER_TYPES = (".jpg", ".jpeg", ".png")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def load_config(path: Path) -> CourseConfig:
    """Load and validate ``course.yaml``.

    Raises:
        ConfigError: missing file, invalid YAML, unknown key, wrong type or value (with its line).
    """
    if path.is_dir():
        path = path / "course.yaml"
    if not path.exists():
        raise ConfigError("course.yaml not found (a course folder needs one)", path)
    data = load_yaml(path, error=ConfigError)
    if not isinstance(data, LineDict):
        raise ConfigError("course.yaml must be a mapping of settings", path, 1)
    return parse_config(data, path)


def default_config(title: str, source: Path | None = None) -> CourseConfig:
    """Settings for building a single lesson file without a course folder."""
    return CourseConfig(title=title, source=source)


def parse_config(data: LineDict, path: Path) -> CourseConfig:
    """Validate a parsed ``course.yaml`` mapping (see :func:`load_config`)."""
    v = _Validator(path)
    v.keys(data, _TOP, "")
    title = v.text(data, "title", required=True)
    lexicon = dict(v.lexicon(data, "lexicon"))
    if "lexicon_file" in data:
        lex_path = path.parent / v.text(data, "lexicon_file", required=True)
        if not lex_path.is_file():
            v.fail(data, "lexicon_file", f"lexicon file not found: {v.text(data, 'lexicon_file')}")
        lexicon.update(load_lexicon(lex_path))
    cover = None
    if data.get("cover"):
        cover = _cover(v, data, path)
    base_url = v.text(data, "base_url") or "http://localhost:8000/"
    if not re.match(r"^https?://[^/\s]+", base_url):
        raise ConfigError("base_url must be an http(s) URL", path, data.line_of("base_url"))
    if not base_url.endswith("/"):
        base_url += "/"
    base_url = _encode_url(base_url)
    start_date = str(data.get("start_date", "2026-01-05"))
    if not _DATE.match(start_date):
        raise ConfigError("start_date must be YYYY-MM-DD", path, data.line_of("start_date"))
    category = data.get("category", ["Education", "Courses"])
    if isinstance(category, str):
        category = [c.strip() for c in re.split(r"[›>/]", category) if c.strip()]
    category = v.texts(data, "category", category)
    voice = v.section(data, "voice", _VOICE)
    pauses = v.section(data, "pauses", _PAUSES)
    audio = v.section(data, "audio", _AUDIO)
    limits = v.section(data, "limits", _LIMITS)
    formats = audio.get("formats", ["mp3"])
    if isinstance(formats, str):
        formats = [f.strip() for f in formats.split(",")]
    formats = v.texts(audio, "formats", formats)
    listed = data.get("lessons") or LineList()
    lessons = v.texts(data, "lessons", listed)
    lines = {"cover": data.line_of("cover"), "lessons": data.line_of("lessons")}
    lines.update(language=data.line_of("language"), phrases=data.line_of("phrases"))
    phrases, framing = v.phrases(data, "phrases")
    for n, name in enumerate(lessons):
        line = lines[f"lessons.{n}"] = listed.line_of(n)
        if not _inside(name):
            raise ConfigError(f"lesson '{name}' must be a file name inside the lessons folder", path, line)
    return CourseConfig(
        title=title,
        author=v.text(data, "author"),
        description=v.text(data, "description"),
        language=_language(v.text(data, "language") or "en-us", path, data.line_of("language")),
        base_url=base_url,
        link=v.text(data, "link") or base_url,
        cover=cover,
        category=tuple(str(c) for c in category),
        explicit=v.boolean(data, "explicit", False),
        start_date=start_date,
        schedule_days=v.number(data, "schedule_days", 7, int, 0, 365),
        review=v.boolean(data, "review", False),
        read_code=_code(v, data),
        voice=VoiceConfig(
            engine=v.text(voice, "engine") or "pyttsx3",
            narrator=v.text(voice, "narrator") or None,
            host=v.text(voice, "host") or None,
            host_engine=v.text(voice, "host_engine") or None,
            rate_wpm=v.number(voice, "rate_wpm", 160, int, 80, 400),
        ),
        pauses=PauseConfig(
            sentence_ms=v.seconds(pauses, "sentence", 0.35),
            paragraph_ms=v.seconds(pauses, "paragraph", 0.7),
            section_ms=v.seconds(pauses, "section", 1.2),
            think_ms=v.seconds(pauses, "think", 5.0),
            think_per_option_ms=v.seconds(pauses, "think_per_option", 0.0),
            think_per_word_ms=v.seconds(pauses, "think_per_word", 0.0),
            chime=v.boolean(pauses, "chime", False),
            repeat_ms=v.seconds(pauses, "repeat", 0.0) if pauses.get("repeat") is not None else None,
        ),
        audio=AudioConfig(
            sample_rate=v.number(audio, "sample_rate", 44100, int, 8000, 192000),
            bitrate=v.text(audio, "bitrate") or "64k",
            loudness_lufs=v.number(audio, "loudness_lufs", -16.0, float, -40.0, -5.0),
            true_peak_dbtp=v.number(audio, "true_peak_dbtp", -1.0, float, -20.0, 0.0),
            formats=tuple(formats),
        ),
        lexicon=lexicon,
        phrases=phrases,
        framing=framing,
        lessons=lessons,
        limits=LimitsConfig(
            max_lesson_bytes=v.number(limits, "max_lesson_bytes", 5_000_000, int, 1_000, 1_000_000_000),
            max_episode_minutes=v.number(limits, "max_episode_minutes", 180.0, float, 1.0, 24 * 60),
        ),
        source=path,
        lines=lines,
    )


def _code(v: _Validator, data: LineDict) -> bool:
    """``code: read`` → True, ``code: notes`` (or no key) → False."""
    code = v.text(data, "code") or "notes"
    if code not in ("read", "notes"):
        v.fail(
            data, "code", "code must be 'read' (read code blocks aloud) or 'notes' (a cue; the code in the show notes)"
        )
    return code == "read"


def _cover(v: _Validator, data: LineDict, path: Path) -> Path:
    name = v.text(data, "cover")
    line = data.line_of("cover")
    if not _inside(name):
        raise ConfigError(f"cover '{name}' must be a file inside the course folder", path, line)
    cover = path.parent / name
    if cover.suffix.lower() not in _COVER_TYPES:
        raise ConfigError(f"cover must be a JPEG or PNG image ({', '.join(_COVER_TYPES)}), not '{name}'", path, line)
    if not cover.is_file():
        raise ConfigError(f"cover image not found: {name}", path, line)
    try:
        cover.resolve().relative_to(path.parent.resolve())
    except ValueError:
        raise ConfigError(f"cover '{name}' is a link to a file outside the course folder", path, line) from None
    return cover


def _encode_url(url: str) -> str:
    """Percent-encode what must be encoded in a URL's path and query (spaces, non-ASCII), keeping
    characters that have a meaning there and existing ``%XX`` escapes (so it is idempotent)."""
    parts = urlsplit(url)
    safe = "/%:@&=+$,;~!*'()[]"
    return urlunsplit(parts._replace(path=quote(parts.path, safe=safe), query=quote(parts.query, safe=safe + "?")))


def _inside(name: str) -> bool:
    """A relative path that cannot leave its folder: no absolute path, drive, '..' or empty part."""
    if not name or name.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", name):
        return False
    parts = re.split(r"[/\\]", name)
    return all(part not in ("", ".", "..") for part in parts)


def load_lexicon(path: Path) -> dict[str, str]:
    """Load a lexicon file: a YAML mapping of written word → spoken replacement.

    Raises:
        ConfigError: missing file, invalid YAML, or a non-string entry (with its line).
    """
    if not path.is_file():
        raise ConfigError("lexicon file not found", path)
    data = load_yaml(path, error=ConfigError)
    if not isinstance(data, dict):
        raise ConfigError("a lexicon file must be a mapping of word: replacement", path, 1)
    return dict(_Validator(path).lexicon({"lexicon": data}, "lexicon"))


class _Validator:
    def __init__(self, path: Path):
        self.path = path

    def fail(self, data: Any, key: str, message: str):
        line = data.line_of(key) if isinstance(data, LineDict) else None
        raise ConfigError(message, self.path, line)

    def texts(self, data: LineDict, key: str, value: Any) -> tuple[str, ...]:
        """``value`` (``data[key]`` or its default) as a tuple of non-empty texts."""
        name = self._name(data, key)
        if not isinstance(value, list):
            self.fail(data, key, f"'{name}' must be a list")
        out = []
        for n, item in enumerate(value):
            if isinstance(item, bool) or not isinstance(item, (str, int, float)) or not str(item).strip():
                line = value.line_of(n) if isinstance(value, LineList) else data.line_of(key)
                raise ConfigError(f"each item of '{name}' must be text", self.path, line)
            out.append(str(item).strip())
        return tuple(out)

    def keys(self, data: LineDict, allowed: set[str], prefix: str) -> None:
        for key in data:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), sorted(allowed), n=1)
                more = f" (did you mean '{prefix}{hint[0]}'?)" if hint else ""
                self.fail(data, key, f"unknown key '{prefix}{key}'{more}")

    def section(self, data: LineDict, key: str, allowed: set[str]) -> LineDict:
        value = data.get(key)
        if value is None:
            return LineDict()
        if not isinstance(value, LineDict):
            self.fail(data, key, f"'{key}' must be a mapping of settings")
        self.keys(value, allowed, f"{key}.")
        value.prefix = f"{key}."
        return value

    @staticmethod
    def _name(data: Any, key: str) -> str:
        return f"{getattr(data, 'prefix', '')}{key}"

    def text(self, data: dict, key: str, required: bool = False) -> str:
        value = data.get(key)
        name = self._name(data, key)
        if value is None or value == "":
            if required:
                self.fail(data, key, f"missing required key '{name}'")
            return ""
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            self.fail(data, key, f"'{name}' must be text")
        text = str(value).strip()
        if required and not text:
            self.fail(data, key, f"'{name}' is empty")
        return text

    def boolean(self, data: dict, key: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.fail(data, key, f"'{self._name(data, key)}' must be true or false")
        return value

    def number(self, data: dict, key: str, default, kind, low, high):
        value = data.get(key, default)
        name = self._name(data, key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(data, key, f"'{name}' must be a number")
        if not low <= value <= high:
            self.fail(data, key, f"'{name}' must be between {low} and {high}")
        return kind(value)

    def seconds(self, data: dict, key: str, default: float) -> int:
        return round(self.number(data, key, default, float, 0.0, 120.0) * 1000)

    def phrases(self, data: dict, key: str) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
        """``phrases:``: a language code (framing in that language, e.g. ``en``) or a mapping of phrase
        key → text, or → a list [singular, plural] for a phrase that depends on a count; the mapping's
        ``fallback: <code>`` names the catalogue that gives the phrases it leaves out."""
        value = data.get(key)
        if value is None:
            return {}, None
        if isinstance(value, str):
            if not LANGUAGE_TAG.match(value.strip()):
                self.fail(data, key, f"'{key}' must be a language code (e.g. en) or a mapping of phrase: text")
            return {}, value.strip().lower()
        if not isinstance(value, dict):
            self.fail(data, key, f"'{key}' must be a language code (e.g. en) or a mapping of phrase: text")
        out: dict[str, str | tuple[str, ...]] = {}
        framing = None
        for name, text in value.items():
            if name == "fallback":
                if not isinstance(text, str) or not LANGUAGE_TAG.match(text.strip()):
                    self.fail(value, name, "'phrases.fallback' must be a language code such as en")
                framing = text.strip().lower()
                continue
            line = value.line_of(name) if isinstance(value, LineDict) else None
            if isinstance(text, list) and text and all(isinstance(t, str) for t in text):
                out[str(name)] = tuple(text)
            elif isinstance(text, str) and text.strip():
                out[str(name)] = text
            else:
                raise ConfigError(f"phrase '{name}' must be text or a list [singular, plural]", self.path, line)
        return out, framing

    def lexicon(self, data: dict, key: str):
        value = data.get(key) or {}
        if not isinstance(value, dict):
            self.fail(data, key, "'lexicon' must be a mapping of word: replacement")
        for word, spoken in value.items():
            if not isinstance(word, str) or not isinstance(spoken, (str, int, float)):
                line = value.line_of(word) if isinstance(value, LineDict) else None
                raise ConfigError(f"lexicon entry '{word}' must map text to text", self.path, line)
            yield word, str(spoken)


LANGUAGE_TAG = re.compile(r"^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$")
"""An ISO 639 language code, optionally with subtags (``en``, ``en-us``): what podcast feeds accept."""


def _language(tag: str, path: Path, line: int) -> str:
    """A language tag as podcast feeds want it (ISO 639 code, optionally with a region: ``en-us``).

    Raises:
        ConfigError: not such a code (e.g. "english").
    """
    if not LANGUAGE_TAG.match(tag):
        raise ConfigError(f"language must be an ISO 639 code such as 'en' or 'en-us', not '{tag}'", path, line)
    return tag.lower()
