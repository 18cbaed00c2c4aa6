"""Course settings: ``course.yaml`` plus command-line overrides → a validated :class:`CourseConfig`.

Seconds appear only here (the author's units); everything past this module uses milliseconds.
Every unknown key is reported with its file, line and a "did you mean" suggestion.
"""

from __future__ import annotations

import datetime
import difflib
import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from narrate.errors import ConfigError, collected
from narrate.model import PERSON_ROLES, Funding, Person
from narrate.settings import (
    AUDIO_FORMATS,
    DEFAULT_LANGUAGE,
    SECTIONS,
    SETTINGS,
    Setting,
    keys_of,
    parse_size,
    range_text,
    unknown_keys,
)
from narrate.yamlio import LineDict, LineList, load_yaml


@dataclass(frozen=True)
class VoiceConfig:
    """Speech settings. ``narrator``/``host`` are engine voice ids (None: the engine's default)."""

    engine: str = "pyttsx3"
    narrator: str | None = None
    host: str | None = None
    host_engine: str | None = None
    rate_wpm: int = 160
    languages: dict[str, str] = field(default_factory=dict)
    """Voice id per language code (``voice.languages``), for lessons and spans in that language."""

    def for_language(self, language: str) -> str | None:
        """The voice ``voice.languages`` names for a language tag (``es-mx``, else ``es``), or None."""
        tag = language.lower()
        return self.languages.get(tag) or self.languages.get(tag.split("-")[0])


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
    intro: Path | None = None
    """A music or voice file (any format ffmpeg reads) joined before every episode."""
    outro: Path | None = None
    """A music or voice file joined after every episode."""


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
    language: str = DEFAULT_LANGUAGE
    base_url: str = "http://localhost:8000/"
    link: str = ""
    cover: Path | None = None
    category: tuple[str, ...] = ("Education", "Courses")
    explicit: bool = False
    start_date: str = ""
    """Date of lesson 1 (YYYY-MM-DD); "" dates lessons from the first build (recorded in the output folder)."""
    schedule_days: int = 7
    review: bool = False
    strict: bool = False
    challenges_at_end: bool = False
    """``challenges: at_end``: a lesson's challenges join the quiz after its last section (default: in place)."""
    """``strict: true``: what a lesson's reader would warn about and read its own way is an error."""
    read_code: bool = False
    """``code: read``: code blocks are read aloud line by line; ``notes`` (default): a cue, the code in
    the show notes. A lesson's own ``code:`` wins."""
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    pauses: PauseConfig = field(default_factory=PauseConfig)
    audio: AudioConfig = field(default_factory=AudioConfig)
    lexicon: dict[str, str] = field(default_factory=dict)
    lessons: tuple[str, ...] = ()
    limits: LimitsConfig = field(default_factory=LimitsConfig)
    cache_max_size: int | None = None
    """``cache.max_size`` in bytes: prune the utterance cache to it after each build (None: no bound)."""
    phrases: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Framing phrases the course overrides: phrase key → text (plural phrases: (singular, plural))."""
    framing: str | None = None
    """Language of the framing phrases when not the course's (``phrases: en`` asks for English framing)."""
    owner_name: str = ""
    owner_email: str = ""
    """``itunes:owner``: who Apple Podcasts writes to about the show (not shown to listeners)."""
    copyright: str = ""
    funding: tuple[Funding, ...] = ()
    persons: tuple[Person, ...] = ()
    complete: bool = False
    """``itunes:complete``: no more episodes will be published."""
    show_type: str = "serial"
    """``itunes:type``: ``serial`` (listen in order: a course) or ``episodic`` (newest first)."""
    season: int | None = None
    """``itunes:season`` of every episode (a lesson's own ``season:`` wins)."""
    source: Path | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """Line in ``source`` of some settings, for error messages: ``"cover"``, ``"lessons.0"``, ..."""


_COVER_TYPES = (".jpg", ".jpeg", ".png")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DATE_RANGE = (datetime.date(1970, 1, 1), datetime.date(2999, 12, 31))
"""The dates ``start_date`` may take: lesson N is dated ``(N-1) × schedule_days`` (at most 365) days
later, which must stay a date (Python's dates end with the year 9999) for any course."""
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
"""An email address, as far as a feed can tell (something@domain.tld)."""
FUNDING_TEXT_MAX = 128
"""Podcast Index namespace: a ``podcast:funding`` label is at most 128 characters."""


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
    """Validate a parsed ``course.yaml`` mapping (see :func:`read_config`)."""
    r = _Reader(path, data)
    values = {s.key: r.value(s) for s in SETTINGS}
    lexicon = dict(values["lexicon"])
    if values["lexicon_file"] is not None:
        try:
            lexicon.update(load_lexicon(values["lexicon_file"]))
        except ConfigError as exc:
            r.errors.append(exc)
    lessons: list[str] = []
    for n, name in enumerate(values["lessons"]):
        line = r.lines[f"lessons.{len(lessons)}"] = r.item_line("lessons", n)
        if not inside(name):
            r.errors.append(ConfigError(f"lesson '{name}' must be a file name inside the lessons folder", path, line))
        else:
            lessons.append(name)
    base_url = values["base_url"]
    title = values["title"] or path.parent.name
    config = CourseConfig(
        title=title,
        author=values["author"],
        description=values["description"],
        language=values["language"],
        base_url=base_url,
        link=values["link"] or base_url,
        cover=values["cover"],
        category=tuple(values["category"]),
        explicit=values["explicit"],
        start_date=values["start_date"] or "",
        schedule_days=values["schedule_days"],
        review=values["review"],
        strict=values["strict"],
        challenges_at_end=values["challenges"] == "at_end",
        read_code=values["code"] == "read",
        voice=VoiceConfig(
            engine=values["voice.engine"],
            narrator=values["voice.narrator"] or None,
            host=values["voice.host"] or None,
            host_engine=values["voice.host_engine"] or None,
            rate_wpm=values["voice.rate_wpm"],
            languages=dict(values["voice.languages"] or {}),
        ),
        pauses=PauseConfig(
            sentence_ms=values["pauses.sentence"],
            paragraph_ms=values["pauses.paragraph"],
            section_ms=values["pauses.section"],
            think_ms=values["pauses.think"],
            think_per_option_ms=values["pauses.think_per_option"],
            think_per_word_ms=values["pauses.think_per_word"],
            chime=values["pauses.chime"],
            repeat_ms=values["pauses.repeat"],
        ),
        audio=AudioConfig(
            sample_rate=values["audio.sample_rate"],
            bitrate=values["audio.bitrate"],
            loudness_lufs=values["audio.loudness_lufs"],
            true_peak_dbtp=values["audio.true_peak_dbtp"],
            formats=normalise_formats(values["audio.formats"]),
            intro=values["audio.intro"],
            outro=values["audio.outro"],
        ),
        lexicon=lexicon,
        phrases=(values["phrases"] or ({}, None))[0],
        framing=(values["phrases"] or ({}, None))[1],
        lessons=tuple(lessons),
        limits=LimitsConfig(
            max_lesson_bytes=values["limits.max_lesson_bytes"],
            max_episode_minutes=values["limits.max_episode_minutes"],
        ),
        owner_name=values["owner.name"] or "",
        owner_email=values["owner.email"] or "",
        copyright=values["copyright"] or "",
        funding=values["funding"] or (),
        persons=values["persons"] or (),
        complete=values["complete"],
        show_type=values["type"],
        season=values["season"],
        cache_max_size=values["cache.max_size"],
        source=path,
        lines=r.lines,
    )
    return config, tuple(r.errors)


def normalise_formats(formats: Iterable[str] | str | None) -> tuple[str, ...]:
    """``"mp3,m4b"`` or ``["M4B", "mp3"]`` → ``("mp3", "m4b")`` (known formats, MP3 first, no repeats).

    Raises:
        ConfigError: an unknown format or an empty list (no file: the caller adds it).
    """
    if formats is None:
        return ("mp3",)
    if isinstance(formats, str):
        formats = formats.split(",")
    wanted = [f.strip().lower().lstrip(".") for f in formats if f.strip()]
    unknown = [f for f in wanted if f not in AUDIO_FORMATS]
    if unknown:
        raise ConfigError(f"unknown audio format '{unknown[0]}' (choose from {', '.join(AUDIO_FORMATS)})")
    if not wanted:
        raise ConfigError(f"no audio format given (choose from {', '.join(AUDIO_FORMATS)})")
    return tuple(f for f in AUDIO_FORMATS if f in wanted)


def inside(name: str) -> bool:
    """A relative path that cannot leave its folder: no absolute path, drive, '..' or empty part.

    The one rule for every path course.yaml names (cover, lexicon_file, lessons)."""
    if not name or name.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", name):
        return False
    parts = re.split(r"[/\\]", name)
    return all(part not in ("", ".", "..") for part in parts)


def course_file(name: str, folder: Path, key: str, what: str) -> Path:
    """``folder/name`` when ``name`` is a file inside ``folder`` (also after following links): the
    one rule for every path course.yaml names.

    Args:
        key: the setting's key, for messages (``cover``); what: what the file is (``cover image``).

    Raises:
        ConfigError: the name leaves the folder, the file is missing, or it is a link to outside (no
            file or line: the caller adds them).
    """
    if not inside(name):
        raise ConfigError(f"{key} '{name}' must be a file inside the course folder")
    path = folder / name
    if path.exists() and not path.is_file():  # a folder, pipe or device: never opened
        raise ConfigError(f"{what} is not a regular file: {name}")
    if not path.is_file():
        raise ConfigError(f"{what} not found: {name}")
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        raise ConfigError(f"{key} '{name}' is a link to a file outside the course folder") from None
    return path


def _encode_url(url: str) -> str:
    """Percent-encode what must be encoded in a URL's path and query (spaces, non-ASCII), keeping
    characters that have a meaning there and existing ``%XX`` escapes (so it is idempotent)."""
    parts = urlsplit(url)
    safe = "/%:@&=+$,;~!*'()[]"
    return urlunsplit(parts._replace(path=quote(parts.path, safe=safe), query=quote(parts.query, safe=safe + "?")))


def http_url(url: str, *, secure: bool = True) -> str:
    """An http(s) base URL, ending in ``/`` and percent-encoded.

    The URL must be one a podcast app can fetch as it is and a feed can show: no user name or
    password (``https://user:secret@host/`` would publish the secret in every enclosure URL), every
    ``%`` followed by two hex digits, and no ``.`` or ``..`` path segment (written or encoded as
    ``%2e``: an app may resolve it, another not). With ``secure`` (``base_url``, ``--base-url``):
    ``https://``, or ``http://`` only to this machine or a local network (``localhost``,
    ``127.0.0.1``, ``[::1]``, a private address such as ``192.168.1.20``, a ``.local`` name), for
    previews; podcast apps and directories want feeds and enclosures on the internet over https.

    Raises:
        ConfigError: not such a URL (no file or line: the caller adds them).
    """
    if not re.match(r"^https?://[^/\s]+", url):
        raise ConfigError(f"must be an http(s) URL, not '{url}'")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as exc:
        raise ConfigError(f"must be an http(s) URL, not '{url}' ({exc})") from None
    if not re.fullmatch(r"[A-Za-z0-9.\-\[\]:@%_~!$&'()*+,;=]+", parts.netloc):
        raise ConfigError(f"must be an http(s) URL with a valid host name, not '{url}'")
    if parts.query or parts.fragment:
        raise ConfigError(f"must be an http(s) URL of a folder, without '?' or '#', not '{url}'")
    if "@" in parts.netloc:
        shown = urlunsplit(parts._replace(netloc="…@" + parts.netloc.rsplit("@", 1)[1]))  # the secret not echoed
        raise ConfigError(
            f"must be an http(s) URL without a user name or password (every link in the feed would show them), "
            f"not '{shown}'"
        )
    bad = re.search(r"%(?![0-9A-Fa-f]{2})", url)
    if bad:
        raise ConfigError(
            f"must be an http(s) URL whose every '%' starts an escape such as %20, not '{url}' "
            f"('{url[bad.start() : bad.start() + 3]}')"
        )
    if any(unquote(segment) in (".", "..") for segment in parts.path.split("/")):
        raise ConfigError(f"must be an http(s) URL with a clean path, without '.' or '..' segments, not '{url}'")
    if secure and parts.scheme.lower() == "http" and not _local_host(parts.hostname or ""):
        raise ConfigError(
            f"must be an https URL (http only to this machine or a local network, for previews), not '{url}'"
        )
    return _encode_url(url if url.endswith("/") else url + "/")


def _local_host(host: str) -> bool:
    """A host name or address of this machine or a local network (loopback, private, link-local,
    ``localhost``, ``*.localhost``, ``*.local``)."""
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def _date(key: str, text: str) -> str:
    """``text`` when it is a real ``YYYY-MM-DD`` date within :data:`DATE_RANGE`.

    Raises:
        ConfigError: not such a date (no file or line: the caller adds them).
    """
    if not _DATE.match(text):
        raise ConfigError(f"{key} must be YYYY-MM-DD")
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError as exc:
        raise ConfigError(f"{key} must be a real date (YYYY-MM-DD), not '{text}' ({exc})") from None
    first, last = DATE_RANGE
    if not first <= day <= last:
        raise ConfigError(f"{key} must be a date from {first} to {last}, not '{text}'")
    return text


def load_lexicon(path: Path) -> dict[str, str]:
    """Load a lexicon file: a YAML mapping of written word → spoken replacement.

    Raises:
        ConfigError: missing file, invalid YAML, or a non-string entry (with its line).
    """
    if path.exists() and not path.is_file():  # a folder, pipe or device: never opened
        raise ConfigError("lexicon file is not a regular file", path)
    if not path.is_file():
        raise ConfigError("lexicon file not found", path)
    data = load_yaml(path, error=ConfigError)
    if not isinstance(data, dict):
        raise ConfigError("a lexicon file must be a mapping of word: replacement", path, 1)
    r = _Reader(path, LineDict())
    entries = r.lexicon(data, "lexicon", data)
    collected(list(r.errors))
    return entries


class _Reader:
    """Reads settings from a course.yaml mapping by the schema, collecting every problem."""

    def __init__(self, path: Path, data: LineDict):
        self.path, self.data = path, data
        self.errors: list[ConfigError] = []
        self.lines: dict[str, int] = {}
        self._check_keys(data, "")

    def _check_keys(self, data: LineDict, section: str) -> None:
        prefix = f"{section}." if section else ""
        for key, message in unknown_keys(data, keys_of(section), prefix):
            self.errors.append(ConfigError(message, self.path, data.line_of(key)))
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

    def item_line(self, key: str, index: int) -> int:
        value = self.data.get(key)
        return value.line_of(index) if isinstance(value, LineList) else self.data.line_of(key)

    def value(self, setting: Setting) -> Any:
        """The setting's validated value (its default after recording a problem)."""
        holder = self._holder(setting)
        line = holder.line_of(setting.name) if setting.name in holder else None
        if line:
            self.lines[setting.key] = line
        try:
            return self.convert(setting, holder.get(setting.name), holder)
        except ConfigError as exc:
            self.errors.append(ConfigError(exc.problem, self.path, exc.line or line or holder.line or 1))
            return self.convert(setting, setting.default, holder) if setting.default is not None else None

    def convert(self, s: Setting, raw: Any, holder: LineDict) -> Any:
        """``raw`` (None: absent) as the setting's value.

        Raises:
            ConfigError: the value is wrong (no file or line: :meth:`value` adds them).
        """
        name = f"'{s.key}'"
        if raw is None:
            if s.required:
                raise ConfigError(f"missing required key {name}")
            raw = s.default
            if raw is None:
                return None
        if s.kind == "size":
            try:
                return parse_size(raw)
            except ValueError:
                raise ConfigError(f"{name} must be a size such as 500MB or 20GB, not '{raw}'") from None
        if s.kind in ("text", "url", "language", "date", "path"):
            if isinstance(raw, bool) or not isinstance(raw, (str, int, float, datetime.date)):
                raise ConfigError(f"{name} must be text")
            text = str(raw).strip()
            if not text:
                if s.required:
                    raise ConfigError(f"{name} is empty")
                return s.default if s.kind != "path" else None
            if s.kind == "url":
                return self._url(s, text)
            if s.kind == "language":
                return language_tag(text)
            if s.kind == "date":
                return _date(s.key, text)
            if s.kind == "path":
                return self._path(s, text)
            return text
        if s.kind == "bitrate":
            if not isinstance(raw, str):
                raise ConfigError(f"{name} must be text")
            text = raw.strip()
            match = re.fullmatch(r"(\d{1,3})k", text)
            if not match or not 8 <= int(match.group(1)) <= 320:
                raise ConfigError(f"{name} must be an MP3 bitrate between 8k and 320k, such as 64k, not '{text}'")
            return text
        if s.kind == "choice":
            if not isinstance(raw, str) or raw.strip() not in (s.choices or ()):
                raise ConfigError(f"{s.key} must be {s.doc}")
            return raw.strip()
        if s.kind == "bool":
            if not isinstance(raw, bool):
                raise ConfigError(f"{name} must be true or false")
            return raw
        if s.kind in ("int", "float", "seconds"):
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                raise ConfigError(f"{name} must be a number")
            if s.low is not None and s.high is not None and not s.low <= raw <= s.high:
                raise ConfigError(f"{name} must be {range_text(s.low, s.high)}")
            if s.kind == "seconds":
                return round(float(raw) * 1000)
            if s.kind == "int" and not float(raw).is_integer():
                raise ConfigError(f"{name} must be a whole number")
            return int(raw) if s.kind == "int" else float(raw)
        if s.kind == "email":
            if not isinstance(raw, str) or not EMAIL.match(raw.strip()):
                raise ConfigError(f"{name} must be an email address, not '{raw}'")
            return raw.strip()
        if s.kind == "funding":
            return tuple(self._funding(item, n) for n, item in enumerate(self._mappings(s, raw)))
        if s.kind == "persons":
            return tuple(self._person(item) for item in self._mappings(s, raw))
        if s.kind == "list":
            return self._list(s, raw, holder)
        if s.kind == "lexicon":
            return self.lexicon(raw, s.key, holder)
        if s.kind == "phrases":
            return self.phrases(raw, s.key)
        if s.kind == "voices":
            return self.voices(raw, s.key)
        raise AssertionError(f"unknown setting kind {s.kind}")

    def _mappings(self, s: Setting, raw: Any) -> list[LineDict]:
        """A mapping, or a list of mappings (``funding``, ``persons``)."""
        items = [raw] if isinstance(raw, dict) else raw
        if not isinstance(items, list) or not all(isinstance(x, LineDict) for x in items):
            raise ConfigError(f"'{s.key}' must be a mapping or a list of mappings")
        return items

    def _fail_at(self, item: LineDict, key: str, message: str) -> ConfigError:
        return ConfigError(message, self.path, item.line_of(key))

    def _item_url(self, item: LineDict, key: str, name: str) -> str:
        raw = item.get(key)
        if not isinstance(raw, str) or not re.match(r"^https?://[^/\s]+", raw.strip()):
            raise self._fail_at(item, key, f"'{name}' must be an http(s) URL, not '{raw}'")
        return _encode_url(raw.strip())

    def _funding(self, item: LineDict, n: int) -> Funding:
        """``podcast:funding`` (Podcast Index namespace): a URL and a label of at most 128 characters."""
        for key, message in unknown_keys(item, {"url", "text"}, "funding."):
            raise self._fail_at(item, key, message)
        url = self._item_url(item, "url", f"funding.{n}.url")
        text = str(item.get("text") or "").strip() or url
        if len(text) > FUNDING_TEXT_MAX:
            raise self._fail_at(item, "text", f"a funding 'text' is at most {FUNDING_TEXT_MAX} characters")
        return Funding(url, text)

    def _person(self, item: LineDict) -> Person:
        """``podcast:person``: a name, a role from the Podcast Index taxonomy, an optional href and img."""
        for key, message in unknown_keys(item, {"name", "role", "href", "img"}, "persons."):
            raise self._fail_at(item, key, message)
        name = str(item.get("name") or "").strip()
        if not name:
            raise self._fail_at(item, "name", "missing required key 'persons.name'")
        role = str(item.get("role") or "host").strip().lower()
        if role not in PERSON_ROLES:
            hint = difflib.get_close_matches(role, sorted(PERSON_ROLES), n=1)
            more = f" (did you mean '{hint[0]}'?)" if hint else ""
            raise self._fail_at(item, "role", f"person role '{role}' is not in the Podcast Index taxonomy{more}")
        links = {k: self._item_url(item, k, f"persons.{k}") if item.get(k) else "" for k in ("href", "img")}
        return Person(name, role, links["href"], links["img"])

    def _url(self, s: Setting, text: str) -> str:
        try:
            return http_url(text, secure=s.key == "base_url")
        except ConfigError as exc:
            raise ConfigError(f"{s.key} {exc.problem}") from None

    def _path(self, s: Setting, text: str) -> Path:
        if s.key == "cover" and inside(text) and Path(text).suffix.lower() not in _COVER_TYPES:
            raise ConfigError(f"cover must be a JPEG or PNG image ({', '.join(_COVER_TYPES)}), not '{text}'")
        return course_file(text, self.path.parent, s.key, s.what or s.key)

    def _list(self, s: Setting, raw: Any, holder: LineDict) -> tuple[str, ...]:
        if isinstance(raw, str) and s.split:
            raw = [part.strip() for part in re.split("[" + re.escape(s.split) + "]", raw) if part.strip()]
        if not isinstance(raw, list):
            raise ConfigError(f"'{s.key}' must be a list")
        out = []
        for n, item in enumerate(raw):
            if isinstance(item, bool) or not isinstance(item, (str, int, float)) or not str(item).strip():
                line = raw.line_of(n) if isinstance(raw, LineList) else holder.line_of(s.name)
                self.errors.append(ConfigError(f"each item of '{s.key}' must be text", self.path, line))
                continue
            out.append(str(item).strip())
        if s.key == "audio.formats":
            normalise_formats(out)  # raises for an unknown format, with this setting's line
        return tuple(out)

    def voices(self, raw: Any, key: str) -> dict[str, str]:
        """``voice.languages``: a mapping of language code → voice id."""
        if not isinstance(raw, dict):
            raise ConfigError(f"'{key}' must be a mapping of language code: voice")
        out = {}
        for code, voice in raw.items():
            line = raw.line_of(code) if isinstance(raw, LineDict) else None
            if not isinstance(code, str) or not LANGUAGE_TAG.match(code):
                self.errors.append(ConfigError(f"'{key}': '{code}' is not an ISO 639 language code", self.path, line))
            elif not isinstance(voice, str) or not voice.strip():
                self.errors.append(ConfigError(f"'{key}.{code}' must be a voice id", self.path, line))
            else:
                out[code.lower()] = voice.strip()
        return out

    def phrases(self, raw: Any, key: str) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
        """``phrases:``: a language code (framing in that language, e.g. ``en``) or a mapping of phrase
        key → text, or → a list [singular, plural] for a phrase that depends on a count; the mapping's
        ``fallback: <code>`` names the catalogue that gives the phrases it leaves out."""
        if not raw:
            return {}, None
        if isinstance(raw, str):
            if not LANGUAGE_TAG.match(raw.strip()):
                raise ConfigError(f"'{key}' must be a language code (e.g. en) or a mapping of phrase: text")
            return {}, raw.strip().lower()
        if not isinstance(raw, dict):
            raise ConfigError(f"'{key}' must be a language code (e.g. en) or a mapping of phrase: text")
        out: dict[str, str | tuple[str, ...]] = {}
        framing = None
        for name, text in raw.items():
            line = raw.line_of(name) if isinstance(raw, LineDict) else None
            if name == "fallback":
                if isinstance(text, str) and LANGUAGE_TAG.match(text.strip()):
                    framing = text.strip().lower()
                else:
                    self.errors.append(
                        ConfigError(f"'{key}.fallback' must be a language code such as en", self.path, line)
                    )
            elif isinstance(text, list) and text and all(isinstance(t, str) for t in text):
                out[str(name)] = tuple(text)
            elif isinstance(text, str) and text.strip():
                out[str(name)] = text
            else:
                self.errors.append(
                    ConfigError(f"phrase '{name}' must be text or a list [singular, plural]", self.path, line)
                )
        return out, framing

    def lexicon(self, raw: Any, key: str, holder: Any) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise ConfigError(f"'{key}' must be a mapping of word: replacement")
        entries = {}
        for word, spoken in raw.items():
            line = raw.line_of(word) if isinstance(raw, LineDict) else None
            if not isinstance(word, str) or not isinstance(spoken, (str, int, float)) or isinstance(spoken, bool):
                self.errors.append(ConfigError(f"lexicon entry '{word}' must map text to text", self.path, line))
                continue
            if not word.strip():
                self.errors.append(ConfigError("a lexicon entry needs a word to replace", self.path, line))
                continue
            if "{lang=" in str(spoken) and not re.search(r"\]\{lang=[^}]*\}", str(spoken)):
                self.errors.append(ConfigError(f"lexicon entry '{word}': unclosed language span", self.path, line))
                continue
            entries[word] = str(spoken)
        return entries


LANGUAGE_TAG = re.compile(r"^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$")
"""An ISO 639 language code, optionally with subtags (``en``, ``en-us``): what podcast feeds accept."""


def language_tag(tag: str) -> str:
    """A language tag as podcast feeds want it (ISO 639 code, optionally with a region: ``en-us``).

    Raises:
        ConfigError: not such a code (e.g. "english"); no file or line: the caller adds them.
    """
    if not LANGUAGE_TAG.match(tag):
        raise ConfigError(f"language must be an ISO 639 code such as 'en' or 'en-us', not '{tag}'")
    return tag.lower()
