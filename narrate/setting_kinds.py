"""The kinds of setting and the rules their values follow: what :mod:`narrate.settings` declares the
course.yaml keys with.

A key is declared by its kind (:class:`Text`, :class:`Url`, :class:`Seconds`, :class:`Size`,
:class:`Choice`, :class:`CoursePath`, ...), as mkdocs' ``config_options`` are: each kind converts and
validates a course.yaml value itself (:meth:`Setting.read`), noting the problems inside a value, each at
its own line, in a :class:`Context`. Here too:

* the rules those kinds share with the rest of narrate (:func:`http_url`, :func:`course_file`,
  :func:`language_tag`, :func:`normalise_formats`, :func:`parse_size`, :func:`unknown_keys`,
  :func:`range_text`) and the values they allow (:data:`AUDIO_FORMATS`, :data:`DATE_RANGE`, ...);
* the declaring machinery: :func:`key` and :func:`section` put a key (or a section of keys) on a field
  of a frozen settings class, :func:`declared` finds them again, and :func:`build` builds the frozen
  settings from the values read.

Which keys exist, with their defaults and docs, is :mod:`narrate.settings`'s job, not this module's.
"""

from __future__ import annotations

import datetime
import difflib
import ipaddress
import math
import re
import unicodedata
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import Field, field, fields
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from narrate.errors import ConfigError
from narrate.model import PERSON_ROLES, Funding, Person
from narrate.yamlio import LineDict, LineList

AUDIO_FORMATS = ("mp3", "m4b")
"""Audio formats an episode can be written in, in the order they are built (the first is the feed enclosure)."""
BOOK_FORMATS = ("epub",)
"""Formats of the whole course besides the episodes: ``epub``, a read-along book (:mod:`narrate.publish.epub`)."""
FORMATS = AUDIO_FORMATS + BOOK_FORMATS
"""Every value ``audio.formats`` (``--format``) takes, in the order they are built."""

DATE_RANGE = (datetime.date(1970, 1, 1), datetime.date(2999, 12, 31))
"""The dates ``start_date`` may take: lesson N is dated ``(N-1) × schedule_days`` (at most 365) days
later, which must stay a date (Python's dates end with the year 9999) for any course."""
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
"""An email address, as far as a feed can tell (something@domain.tld)."""
FUNDING_TEXT_MAX = 128
"""Podcast Index namespace: a ``podcast:funding`` label is at most 128 characters."""
LANGUAGE_TAG = re.compile(r"^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$")
"""An ISO 639 language code, optionally with subtags (``en``, ``en-us``): what podcast feeds accept."""

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?)b?\s*$", re.IGNORECASE)

# --- where a value is read ------------------------------------------------------------------------


class Context:
    """Where values are read: the settings file (its folder holds the files a key names) and the
    problems found inside a value, each with its own line, collected so that one run reports them all.

    Attributes:
        path: the settings file (``course.yaml``, or a lexicon file).
        errors: the problems noted so far.
        holder: the mapping that holds the key being read (for the key's line).
    """

    def __init__(self, path: Path, holder: LineDict | None = None):
        self.path = path
        self.errors: list[ConfigError] = []
        self.holder = holder if holder is not None else LineDict()

    def note(self, message: str, line: int | None) -> None:
        """Record one problem inside a value, at ``line`` of :attr:`path`; reading goes on."""
        self.errors.append(ConfigError(message, self.path, line))

    def fail_at(self, item: LineDict, key: str, message: str) -> ConfigError:
        """The error for ``key`` of ``item`` (a mapping inside a value), at its line."""
        return ConfigError(message, self.path, item.line_of(key))


_NOWHERE = Context(Path("course.yaml"))
"""The context of a default value (defaults name no file and have no problems)."""


# --- the rules values follow --------------------------------------------------------------------------


def language_tag(tag: str) -> str:
    """A language tag as podcast feeds want it (ISO 639 code, optionally with a region: ``en-us``).

    Raises:
        ConfigError: not such a code (e.g. "english"); no file or line: the caller adds them.
    """
    if not LANGUAGE_TAG.match(tag):
        raise ConfigError(f"language must be an ISO 639 code such as 'en' or 'en-us', not '{tag}'")
    return tag.lower()


def normalise_formats(formats: Iterable[str] | str | None) -> tuple[str, ...]:
    """``"mp3,m4b"`` or ``["M4B", "mp3"]`` → ``("mp3", "m4b")`` (known formats in the order of
    :data:`FORMATS`, no repeats); a book without an audio format gets its audio as MP3:
    ``"epub"`` → ``("mp3", "epub")``.

    Raises:
        ConfigError: an unknown or empty format (``"epub,"``, ``",epub"``, ``[""]``: a stray comma
            would otherwise be dropped unsaid) or an empty list (no file: the caller adds it).
    """
    if formats is None:
        return ("mp3",)
    if isinstance(formats, str):
        items = formats.split(",") if formats.strip() else []
    else:
        items = list(formats)
    if any(not f.strip() for f in items) and any(f.strip() for f in items):
        raise ConfigError(_empty_format(",".join(items)))
    items = [f for f in items if f.strip()]  # only commas and spaces: no format given
    wanted = [f.strip().lower().lstrip(".") for f in items]
    unknown = [f for f in wanted if f not in FORMATS]
    if unknown:
        raise ConfigError(f"unknown format '{unknown[0]}' (choose from {', '.join(FORMATS)})")
    if not wanted:
        raise ConfigError(f"no format given (choose from {', '.join(FORMATS)})")
    if not audio_formats(wanted):
        wanted.append("mp3")
    return tuple(f for f in FORMATS if f in wanted)


def _empty_format(given: str | None) -> str:
    """The message for an empty format in the text ``given`` (None: an empty item of a list)."""
    if given is None:
        return f"an empty format (choose from {', '.join(FORMATS)})"
    return f"an empty format in '{given}' (formats are separated by commas; choose from {', '.join(FORMATS)})"


def audio_formats(formats: Iterable[str]) -> tuple[str, ...]:
    """The episode audio formats among normalised ``formats``: ``("mp3", "epub")`` → ``("mp3",)``."""
    return tuple(f for f in formats if f in AUDIO_FORMATS)


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


def http_url(url: str, *, secure: bool = True, folder: bool = True) -> str:
    """An http(s) base URL, ending in ``/`` and percent-encoded (with ``folder`` False, a page's
    address: percent-encoded, its end kept as written).

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
        kind = "of a folder, " if folder else ""
        raise ConfigError(f"must be an http(s) URL {kind}without '?' or '#', not '{url}'")
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
    if secure and parts.scheme.lower() == "http" and not local_host(parts.hostname or ""):
        raise ConfigError(
            f"must be an https URL (http only to this machine or a local network, for previews), not '{url}'"
        )
    return _encode_url(url if url.endswith("/") or not folder else url + "/")


def local_host(host: str) -> bool:
    """A host name or address of this machine or a local network (loopback, private, link-local,
    ``localhost``, ``*.localhost``, ``*.local``): one podcast apps on the internet cannot reach."""
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def _item_url(item: LineDict, key: str, name: str, ctx: Context) -> str:
    """``item[key]``, an http(s) URL inside a value (funding, persons), percent-encoded.

    Raises:
        ConfigError: not such a URL, at its line.
    """
    raw = item.get(key)
    if not isinstance(raw, str) or not re.match(r"^https?://[^/\s]+", raw.strip()):
        raise ctx.fail_at(item, key, f"'{name}' must be an http(s) URL, not '{raw}'")
    return _encode_url(raw.strip())


IPA_ENTRY = re.compile(r"^\s*/([^/]*)/\s*$")
"""A lexicon value in slashes is IPA: ``/tʃəˈbɑːtə/``."""

IPA_CHARACTERS = re.compile(r"^[a-zæçðøħŋœɐ-ɻɽɾʀ-ʔʕʘʙʛʜʝʟʡʢʤʧʦʣʨʥˈˌːˑ̪̩̯̥̬̤̰̼̝̞̟̠̘̙̃̊̈̆̚ʰʲʷˠˤⁿˡᵊᵻβθχ. ‿͜͡-]+$")
"""What an IPA pronunciation may hold: IPA letters, stress and length marks, diacritics, ties,
syllable dots and spaces (between words)."""


def ipa_of(value: str) -> str | None:
    """The IPA of a lexicon value written in slashes (``/tʃəˈbɑːtə/`` → ``tʃəˈbɑːtə``); None for a
    respelling."""
    match = IPA_ENTRY.match(value)
    return unicodedata.normalize("NFC", match.group(1).strip()) if match else None


MAX_IPA_CHARS = 200
"""The longest IPA pronunciation of one lexicon entry (a word or a name, not a text)."""

_IPA_SOUND = re.compile(r"[a-zæçðøŋœɐ-ɯɱ-ʒʔʕβθχ]")
"""A letter of IPA that a speech engine can say (clicks, marks and ties alone say nothing)."""


def ipa_problem(ipa: str) -> str | None:
    """What keeps ``ipa`` from being spoken (a character that is not IPA, no sound at all, more than
    :data:`MAX_IPA_CHARS` characters), or None."""
    if not ipa.strip():
        return "an IPA pronunciation needs phonemes between the slashes"
    if len(ipa) > MAX_IPA_CHARS:
        return f"an IPA pronunciation of {len(ipa):,} characters (at most {MAX_IPA_CHARS})"
    bad = sorted({c for c in unicodedata.normalize("NFD", ipa) if not IPA_CHARACTERS.match(c)})
    if bad:
        shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in bad[:3])
        return f"not IPA: {shown}"
    if not _IPA_SOUND.search(unicodedata.normalize("NFD", ipa)):
        return "no sound an engine can say (only marks or clicks)"
    return None


_SAYABLE = re.compile(r"[^\W_]")
"""A letter or digit: a respelling without one says nothing (an emoji, "...")."""


def lexicon_entries(raw: Any, key: str, ctx: Context) -> dict[str, str]:
    """A lexicon (``lexicon:`` or a lexicon file): written word → spoken form; a wrong entry is noted
    in ``ctx`` at its line and left out.

    Raises:
        ConfigError: not a mapping.
    """
    if not isinstance(raw, dict):
        raise ConfigError(f"'{key}' must be a mapping of word: replacement")
    entries = {}
    for word, spoken in raw.items():
        line = raw.line_of(word) if isinstance(raw, LineDict) else None
        if not isinstance(word, str) or not isinstance(spoken, (str, int, float)) or isinstance(spoken, bool):
            ctx.note(f"lexicon entry '{word}' must map text to text", line)
            continue
        if not word.strip():
            ctx.note("a lexicon entry needs a word to replace", line)
            continue
        if "{lang=" in str(spoken) and not re.search(r"\]\{lang=[^}]*\}", str(spoken)):
            ctx.note(f"lexicon entry '{word}': unclosed language span", line)
            continue
        ipa = ipa_of(str(spoken))
        problem = ipa_problem(ipa) if ipa is not None else None
        if ipa is not None and not problem and any(c.isdigit() for c in word):
            problem = "a word with digits is read out as a number before any IPA is matched; give a respelling"
        if ipa is None and str(spoken).strip() and not _SAYABLE.search(str(spoken)):
            ctx.note(
                f"lexicon entry '{word}': {str(spoken)[:40]!r} has no letter or digit to say (the word would go silent)",
                line,
            )
            continue
        if problem:
            ctx.note(f"lexicon entry '{word}': {problem} (an IPA pronunciation is written /like ðɪs/)", line)
            continue
        entries[word] = str(spoken)
    return entries


def parse_size(text: str | int | float) -> int:
    """A size in bytes from ``"500MB"``, ``"2 GB"``, ``"1.5G"``, ``"800MiB"``, ``"1000000"`` or a number.

    k/M/G/T are powers of 1000 (with ``i``: of 1024).

    Raises:
        ValueError: not a size.
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if text < 0 or not math.isfinite(text) or text > MAX_SIZE:
            raise ValueError(f"not a size: {text!r}")
        return int(text)
    match = _SIZE.match(str(text))
    if not match:
        raise ValueError(f"not a size: {text!r} (write e.g. 500MB or 20GB)")
    number, unit, binary = match.groups()
    base = 1024 if binary else 1000
    size = float(number) * base ** " kmgt".index(unit.lower() or " ")
    if not math.isfinite(size) or size > MAX_SIZE:
        raise ValueError(f"not a size: {text!r} (at most 1 EB)")
    return int(size)


MAX_SIZE = 10**18
"""The largest size :func:`parse_size` takes, in bytes (1 EB): a larger number is a typo, and its float
would overflow to infinity."""


def number_text(value: float) -> str:
    """A number as a message shows it: ``120`` not ``120.0``, ``0.35`` as is."""
    return str(int(value)) if float(value).is_integer() else str(value)


def range_text(low: float, high: float) -> str:
    """The one wording of a range in every message: ``between 0 and 120``."""
    return f"between {number_text(low)} and {number_text(high)}"


def unknown_keys(
    found: Iterable[Any], allowed: Iterable[str], prefix: str = "", where: str = ""
) -> Iterator[tuple[Any, str]]:
    """``(key, message)`` for every key of ``found`` not in ``allowed``, with a "did you mean" hint:
    ``unknown key 'pauses.sentense' (did you mean 'pauses.sentence'?)``, or with ``where``
    ``unknown key 'titel' in lesson (did you mean 'title'?)``.

    The one rule for unknown keys, used for course.yaml, lesson files and front matter.
    """
    names = sorted(allowed)
    place = f" in {where}" if where else ""
    for key in found:
        if key not in names:
            hint = difflib.get_close_matches(str(key), names, n=1)
            more = f" (did you mean '{prefix}{hint[0]}'?)" if hint else ""
            yield key, f"unknown key '{prefix}{key}'{place}{more}"


# --- the kinds of setting ---------------------------------------------------------------------------


class Setting:
    """One course.yaml key; a subclass per kind converts and validates its values (:meth:`parse`).

    Attributes:
        key: dotted name (``"title"``, ``"pauses.think"``); bound from the field's name (and its
            section's) unless given, for a key whose field is named otherwise (``key="code"``).
        kind: the kind's name (``"seconds"``), one per subclass.
        default: the value when the key is absent, in course.yaml's units (seconds, not ms).
        doc: one line for the documentation table.
        required: the key must be present and non-empty.
        option: the ``narrate build`` option that overrides it for one build, if any.
        example: a value to show in the documentation when the default is empty.
        blank: the field's value when the key is absent and has no default.
        field_path: the field it fills, from :class:`narrate.settings.CourseConfig` (``("voice", "engine")``), bound
            with its key; ``()`` for a key without a field of its own (``lexicon_file``).
        low, high: inclusive range of a number (:class:`Number`).
        split: for a :class:`List`, the characters that separate items when it is written as one text.
        what: for a :class:`CoursePath`, what the file is, in messages ("cover image not found: x.png").
        choices: for a :class:`Choice`, the values allowed.
    """

    kind: ClassVar[str] = ""
    low: float | None = None
    high: float | None = None
    split: str | None = None
    what: str | None = None
    choices: tuple[str, ...] | None = None

    def __init__(
        self,
        default: Any,
        doc: str,
        *,
        key: str = "",
        required: bool = False,
        option: str | None = None,
        example: Any = None,
        blank: Any = None,
    ):
        self.default, self.doc, self.key, self.required = default, doc, key, required
        self.option, self.example, self.blank = option, example, blank
        self.field_path: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r})"

    @property
    def section(self) -> str:
        """``"pauses"`` for ``pauses.think``; ``""`` for a top-level key."""
        return self.key.rpartition(".")[0]

    @property
    def name(self) -> str:
        """The key within its section: ``"think"`` for ``pauses.think``."""
        return self.key.rpartition(".")[2]

    def read(self, raw: Any, ctx: Context) -> Any:
        """``raw`` (None: absent) as this key's value; None when absent and without a default.

        Raises:
            ConfigError: a required key is missing, or the value is wrong (no file or line: the
                reader adds them; problems inside a value with their own line go to ``ctx``).
        """
        if raw is None:
            if self.required:
                raise ConfigError(f"missing required key '{self.key}'")
            raw = self.default
            if raw is None:
                return None
        return self.parse(raw, ctx)

    def parse(self, raw: Any, ctx: Context) -> Any:
        """A present value (not None) as this kind's value. Raises ConfigError: the value is wrong."""
        raise NotImplementedError

    def to_config(self, value: Any) -> Any:
        """The field's value for a value read by :meth:`read` (not None)."""
        return value

    def field_default(self) -> Any:
        """The field's default: the default read, or :attr:`blank` when there is none."""
        return self.blank if self.default is None else self.to_config(self.read(None, _NOWHERE))


class Text(Setting):
    """A text (a number or a date written there is read as its text); empty: the default.

    Raises (:meth:`parse`):
        ConfigError: not text, or empty where required.
    """

    kind = "text"

    def parse(self, raw: Any, ctx: Context) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, (str, int, float, datetime.date)):
            raise ConfigError(f"'{self.key}' must be text")
        text = str(raw).strip()
        if not text:
            if self.required:
                raise ConfigError(f"'{self.key}' is empty")
            return self.empty()
        return self.text(text, ctx)

    def empty(self) -> Any:
        """The value of an empty text."""
        return self.default

    def text(self, text: str, ctx: Context) -> Any:
        """The value of a stripped, non-empty text. Raises ConfigError: it is wrong."""
        return text


class Url(Text):
    """An http(s) URL (:func:`http_url`); ``secure``: https, or http only to a local network;
    ``folder``: a folder's (ending in ``/``), else a page's, kept as written (``.../about``)."""

    kind = "url"

    def __init__(self, default: Any, doc: str, *, secure: bool = False, folder: bool = True, **more: Any):
        super().__init__(default, doc, **more)
        self.secure = secure
        self.folder = folder

    def text(self, text: str, ctx: Context) -> str:
        try:
            return http_url(text, secure=self.secure, folder=self.folder)
        except ConfigError as exc:
            raise ConfigError(f"{self.key} {exc.problem}") from None


class Uuid(Text):
    """A UUID (RFC 9562), written in its usual form (``8-4-4-4-12`` hex digits), kept in lower case; not
    the nil or max UUID (all zeros, all ones), which identify nothing."""

    kind = "uuid"

    def text(self, text: str, ctx: Context) -> str:
        if not re.fullmatch(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", text):
            raise ConfigError(f"'{self.key}' must be a UUID such as 917393e3-1b1e-5cef-ace4-edaa54e1f810, not '{text}'")
        if uuid.UUID(text) in (uuid.UUID(int=0), uuid.UUID(int=(1 << 128) - 1)):
            raise ConfigError(
                f"'{self.key}' is the {'nil' if uuid.UUID(text).int == 0 else 'max'} UUID {text}, which names no"
                " podcast (RFC 9562 section 5.9-5.10): use the generated one or a UUID of your own"
            )
        return text.lower()


class Language(Text):
    """An ISO 639 language code, optionally with a region (:func:`language_tag`), lower case."""

    kind = "language"

    def text(self, text: str, ctx: Context) -> str:
        return language_tag(text)


class Date(Text):
    """A real ``YYYY-MM-DD`` date within :data:`DATE_RANGE`, kept as its text."""

    kind = "date"

    def text(self, text: str, ctx: Context) -> str:
        if not _DATE.match(text):
            raise ConfigError(f"{self.key} must be YYYY-MM-DD")
        try:
            day = datetime.date.fromisoformat(text)
        except ValueError as exc:
            raise ConfigError(f"{self.key} must be a real date (YYYY-MM-DD), not '{text}' ({exc})") from None
        first, last = DATE_RANGE
        if not first <= day <= last:
            raise ConfigError(f"{self.key} must be a date from {first} to {last}, not '{text}'")
        return text


class CoursePath(Text):
    """A file inside the course folder (:func:`course_file`), as a Path; ``what`` names it in messages."""

    kind = "path"

    def __init__(self, default: Any, doc: str, *, what: str, **more: Any):
        super().__init__(default, doc, **more)
        self.what = what

    def empty(self) -> None:
        return None

    def text(self, text: str, ctx: Context) -> Path:
        return course_file(text, ctx.path.parent, self.key, self.what or self.key)


class Image(CoursePath):
    """A JPEG or PNG image inside the course folder."""

    SUFFIXES = (".jpg", ".jpeg", ".png")

    def text(self, text: str, ctx: Context) -> Path:
        if inside(text) and Path(text).suffix.lower() not in self.SUFFIXES:
            raise ConfigError(f"{self.key} must be a JPEG or PNG image ({', '.join(self.SUFFIXES)}), not '{text}'")
        return super().text(text, ctx)


class Email(Setting):
    """An email address (:data:`EMAIL`)."""

    kind = "email"

    def parse(self, raw: Any, ctx: Context) -> str:
        if not isinstance(raw, str) or not EMAIL.match(raw.strip()):
            raise ConfigError(f"'{self.key}' must be an email address, not '{raw}'")
        return raw.strip()


class Bitrate(Setting):
    """An MP3 bitrate, ``8k`` to ``320k``."""

    kind = "bitrate"

    def parse(self, raw: Any, ctx: Context) -> str:
        if not isinstance(raw, str):
            raise ConfigError(f"'{self.key}' must be text")
        text = raw.strip()
        match = re.fullmatch(r"(\d{1,3})k", text)
        if not match or not 8 <= int(match.group(1)) <= 320:
            raise ConfigError(f"'{self.key}' must be an MP3 bitrate between 8k and 320k, such as 64k, not '{text}'")
        return text


class Size(Setting):
    """A size in bytes from ``500MB``, ``20GB`` or a number (:func:`parse_size`)."""

    kind = "size"

    def parse(self, raw: Any, ctx: Context) -> int:
        try:
            return parse_size(raw)
        except ValueError:
            raise ConfigError(f"'{self.key}' must be a size such as 500MB or 20GB, not '{raw}'") from None


class Choice(Setting):
    """One of ``choices`` (the doc says what each means); with ``means``, the field is True when the
    value is that choice (``code: read`` → ``read_code``)."""

    kind = "choice"

    def __init__(self, default: Any, doc: str, *, choices: tuple[str, ...], means: str | None = None, **more: Any):
        super().__init__(default, doc, **more)
        self.choices, self.means = choices, means

    def parse(self, raw: Any, ctx: Context) -> str:
        if not isinstance(raw, str) or raw.strip() not in (self.choices or ()):
            raise ConfigError(f"{self.key} must be {self.doc}")
        return raw.strip()

    def to_config(self, value: Any) -> Any:
        return value == self.means if self.means is not None else value


class Bool(Setting):
    """``true`` or ``false``."""

    kind = "bool"

    def parse(self, raw: Any, ctx: Context) -> bool:
        if not isinstance(raw, bool):
            raise ConfigError(f"'{self.key}' must be true or false")
        return raw


class Number(Setting):
    """A number within ``low``..``high`` (inclusive, when given); :meth:`number` gives its value."""

    def __init__(self, default: Any, doc: str, *, low: float | None = None, high: float | None = None, **more: Any):
        super().__init__(default, doc, **more)
        self.low, self.high = low, high

    def parse(self, raw: Any, ctx: Context) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise ConfigError(f"'{self.key}' must be a number")
        if self.low is not None and self.high is not None and not self.low <= raw <= self.high:
            raise ConfigError(f"'{self.key}' must be {range_text(self.low, self.high)}")
        return self.number(raw)

    def number(self, raw: int | float) -> Any:
        """The value of a number in range. Raises ConfigError: it is wrong for this kind."""
        return float(raw)


class Float(Number):
    """A number, as a float."""

    kind = "float"


class Int(Number):
    """A whole number (``3.0`` is read as 3)."""

    kind = "int"

    def number(self, raw: int | float) -> int:
        if not float(raw).is_integer():
            raise ConfigError(f"'{self.key}' must be a whole number")
        return int(raw)


class Seconds(Number):
    """A number of seconds in course.yaml, held as whole milliseconds."""

    kind = "seconds"

    def number(self, raw: int | float) -> int:
        return round(float(raw) * 1000)


class List(Setting):
    """A list of texts, as a tuple; with ``split``, a text is split at those characters. An item that
    is not text is reported at its line and left out.

    Raises (:meth:`parse`):
        ConfigError: not a list.
    """

    kind = "list"

    def __init__(self, default: Any, doc: str, *, split: str | None = None, **more: Any):
        super().__init__(default, doc, **more)
        self.split = split

    def parse(self, raw: Any, ctx: Context) -> tuple[str, ...]:
        if isinstance(raw, str) and self.split:
            raw = [part.strip() for part in re.split("[" + re.escape(self.split) + "]", raw) if part.strip()]
        if not isinstance(raw, list):
            raise ConfigError(f"'{self.key}' must be a list")
        out = []
        for n, item in enumerate(raw):
            if isinstance(item, bool) or not isinstance(item, (str, int, float)) or not str(item).strip():
                line = raw.line_of(n) if isinstance(raw, LineList) else ctx.holder.line_of(self.name)
                ctx.note(f"each item of '{self.key}' must be text", line)
                continue
            out.append(str(item).strip())
        return self.items(out)

    def items(self, items: list[str]) -> tuple[str, ...]:
        """The value of the list's text items. Raises ConfigError: they are wrong."""
        return tuple(items)


class Formats(List):
    """Audio formats (:func:`normalise_formats`): known ones, MP3 first, no repeats.

    Raises (:meth:`parse`):
        ConfigError: an empty format (``"epub,"``, ``[""]``), at its line; an unknown one; no format.
    """

    def parse(self, raw: Any, ctx: Context) -> tuple[str, ...]:
        if isinstance(raw, str) and raw.strip() and any(not part.strip() for part in raw.split(",")):
            raise ConfigError(f"'{self.key}' has {_empty_format(raw)}")
        if isinstance(raw, list):
            for n, item in enumerate(raw):
                if isinstance(item, str) and not item.strip():
                    line = raw.line_of(n) if isinstance(raw, LineList) else ctx.holder.line_of(self.name)
                    raise ConfigError(f"'{self.key}' has {_empty_format(None)}", ctx.path, line)
        return super().parse(raw, ctx)

    def items(self, items: list[str]) -> tuple[str, ...]:
        return normalise_formats(items)


class Lexicon(Setting):
    """A mapping of written word → spoken form (:func:`lexicon_entries`)."""

    kind = "lexicon"

    def parse(self, raw: Any, ctx: Context) -> dict[str, str]:
        return lexicon_entries(raw, self.key, ctx)


class Voices(Setting):
    """A mapping of language code → voice id (lower-case codes); a wrong entry is reported and left out."""

    kind = "voices"

    def parse(self, raw: Any, ctx: Context) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise ConfigError(f"'{self.key}' must be a mapping of language code: voice")
        out = {}
        for code, voice in raw.items():
            line = raw.line_of(code) if isinstance(raw, LineDict) else None
            if not isinstance(code, str) or not LANGUAGE_TAG.match(code):
                ctx.note(f"'{self.key}': '{code}' is not an ISO 639 language code", line)
            elif not isinstance(voice, str) or not voice.strip():
                ctx.note(f"'{self.key}.{code}' must be a voice id", line)
            else:
                out[code.lower()] = voice.strip()
        return out


class Phrases(Setting):
    """A language code (framing in that language, e.g. ``en``) or a mapping of phrase key → text, or →
    a list [singular, plural] for a phrase that depends on a count; the mapping's ``fallback: <code>``
    names the catalogue that gives the phrases it leaves out. Value: ``(phrases, framing language)``;
    the field holds the phrases (the loader puts the language in ``framing``)."""

    kind = "phrases"

    def parse(self, raw: Any, ctx: Context) -> tuple[dict[str, str | tuple[str, ...]], str | None]:
        if not raw:
            return {}, None
        wrong = f"'{self.key}' must be a language code (e.g. en) or a mapping of phrase: text"
        if isinstance(raw, str):
            if not LANGUAGE_TAG.match(raw.strip()):
                raise ConfigError(wrong)
            return {}, raw.strip().lower()
        if not isinstance(raw, dict):
            raise ConfigError(wrong)
        out: dict[str, str | tuple[str, ...]] = {}
        framing = None
        for name, text in raw.items():
            line = raw.line_of(name) if isinstance(raw, LineDict) else None
            if name == "fallback":
                if isinstance(text, str) and LANGUAGE_TAG.match(text.strip()):
                    framing = text.strip().lower()
                else:
                    ctx.note(f"'{self.key}.fallback' must be a language code such as en", line)
            elif isinstance(text, list) and text and all(isinstance(t, str) for t in text):
                out[str(name)] = tuple(text)
            elif isinstance(text, str) and text.strip():
                out[str(name)] = text
            else:
                ctx.note(f"phrase '{name}' must be text or a list [singular, plural]", line)
        return out, framing

    def to_config(self, value: Any) -> Any:
        return value[0]


class Mappings(Setting):
    """A mapping or a list of mappings, each read by :meth:`item`, as a tuple."""

    def parse(self, raw: Any, ctx: Context) -> tuple[Any, ...]:
        items = [raw] if isinstance(raw, dict) else raw
        if not isinstance(items, list) or not all(isinstance(x, LineDict) for x in items):
            raise ConfigError(f"'{self.key}' must be a mapping or a list of mappings")
        return tuple(self.item(item, n, ctx) for n, item in enumerate(items))

    def item(self, item: LineDict, n: int, ctx: Context) -> Any:
        """The ``n``-th mapping's value. Raises ConfigError: it is wrong (with its line)."""
        raise NotImplementedError


class Fundings(Mappings):
    """``podcast:funding`` (Podcast Index namespace): a URL and a label of at most 128 characters."""

    kind = "funding"

    def item(self, item: LineDict, n: int, ctx: Context) -> Funding:
        for key, message in unknown_keys(item, {"url", "text"}, "funding."):
            raise ctx.fail_at(item, key, message)
        url = _item_url(item, "url", f"funding.{n}.url", ctx)
        text = str(item.get("text") or "").strip() or url
        if len(text) > FUNDING_TEXT_MAX:
            raise ctx.fail_at(item, "text", f"a funding 'text' is at most {FUNDING_TEXT_MAX} characters")
        return Funding(url, text)


class Persons(Mappings):
    """``podcast:person``: a name, a role from the Podcast Index taxonomy, an optional href and img."""

    kind = "persons"

    def item(self, item: LineDict, n: int, ctx: Context) -> Person:
        for key, message in unknown_keys(item, {"name", "role", "href", "img"}, "persons."):
            raise ctx.fail_at(item, key, message)
        name = str(item.get("name") or "").strip()
        if not name:
            raise ctx.fail_at(item, "name", "missing required key 'persons.name'")
        role = str(item.get("role") or "host").strip().lower()
        if role not in PERSON_ROLES:
            hint = difflib.get_close_matches(role, sorted(PERSON_ROLES), n=1)
            more = f" (did you mean '{hint[0]}'?)" if hint else ""
            raise ctx.fail_at(item, "role", f"person role '{role}' is not in the Podcast Index taxonomy{more}")
        links = {k: _item_url(item, k, f"persons.{k}", ctx) if item.get(k) else "" for k in ("href", "img")}
        return Person(name, role, links["href"], links["img"])


KINDS = tuple(
    kind.kind
    for kind in (
        Text,
        Url,
        Uuid,
        Language,
        Date,
        Bool,
        Int,
        Float,
        Seconds,
        List,
        Lexicon,
        CoursePath,
        Phrases,
        Voices,
        Choice,
        Email,
        Fundings,
        Persons,
        Size,
        Bitrate,
    )
)
"""The names of the kinds of setting (one class each)."""


# --- declaring the schema ---------------------------------------------------------------------------


def key(setting: Setting) -> Any:
    """A field of the frozen settings declared by its course.yaml key: ``setting`` (its kind, default,
    doc, range, option ...) rides in the field's metadata, and the field's default is the key's default
    as the field holds it (``Seconds(0.35, ...)``: 350)."""
    meta = {"setting": setting}
    if setting.required:
        return field(metadata=meta)
    value = setting.field_default()
    if isinstance(value, dict):
        return field(default_factory=lambda: dict(value), metadata=meta)
    return field(default=value, metadata=meta)


def section(settings: type) -> Any:
    """A field that holds a section of settings (``voice:``, ``pauses:`` ...): a frozen settings class
    whose fields are declared by :func:`key`; the field's name is the section's."""
    return field(default_factory=settings, metadata={"section": settings})


def declared(settings: type, prefix: str = "", path: tuple[str, ...] = ()) -> Iterator[Setting]:
    """The keys declared on ``settings`` (a frozen settings class) and its sections, in declaration
    order, each bound to its dotted key and to the path of the field it fills (``("voice", "engine")``;
    ``()``: a key without a field of its own)."""
    by_name: dict[str, Field] = {f.name: f for f in fields(settings)}
    for name in settings.__annotations__:
        spec = by_name.get(name)
        if spec is not None and "section" in spec.metadata:
            yield from declared(spec.metadata["section"], f"{prefix}{name}.", (*path, name))
            continue
        setting = spec.metadata.get("setting") if spec is not None else getattr(settings, name, None)
        if isinstance(setting, Setting):
            setting.key = prefix + (setting.key or name)
            setting.field_path = (*path, name) if spec is not None else ()
            yield setting


def build(settings: Any, values: Mapping[str, Any], **fixed: Any) -> Any:
    """A frozen ``settings`` class (:class:`narrate.settings.CourseConfig` or a section) built from
    ``values`` (dotted key → the value its kind read; None or absent: the field's default), its sections
    built the same way, with the fields in ``fixed`` (what the loader works out from several keys) as given."""
    given: dict[str, Any] = {}
    for spec in fields(settings):
        if "section" in spec.metadata:
            given[spec.name] = build(spec.metadata["section"], values)
        elif "setting" in spec.metadata and values.get(spec.metadata["setting"].key) is not None:
            given[spec.name] = spec.metadata["setting"].to_config(values[spec.metadata["setting"].key])
    return settings(**{**given, **fixed})
