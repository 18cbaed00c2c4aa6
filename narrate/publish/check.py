"""``narrate check``: validate a built output folder the way a podcast directory would.

Standards checked:

* RSS 2.0 (https://www.rssboard.org/rss-specification): ``<rss version="2.0">``, channel title,
  link and description; items with title, enclosure (``url``, ``length``, ``type``), guid, pubDate in
  RFC 2822 form;
* Apple Podcasts RSS requirements: description at most 4000 bytes, language, ``itunes:image`` with an
  absolute URL to a JPEG or PNG, square, 1400-3000 px, RGB; ``itunes:category`` from Apple's list;
  ``itunes:explicit`` ``true``/``false``; ``itunes:author``; ``itunes:duration`` per item;
* Podcast Index namespace 1.0: ``podcast:chapters`` (JSON chapters 1.2) and ``podcast:transcript``
  (WebVTT per the W3C spec, SubRip).

Files are found by mapping each URL to the output folder: the feed's base URL is its own
``atom:link rel="self"`` URL without the file name; without one, the longest trailing part of the
URL path that exists in the folder is used. URLs are percent-decoded.

Every problem is reported, one :class:`Problem` each, in feed order; nothing is raised for a bad
folder. Durations need ``ffmpeg``; artwork needs Pillow. :func:`publish_warnings` says what a
directory would accept but listeners could not use once the folder is published (a feed on a
preview address, or on plain http).
"""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from pathlib import Path, PurePosixPath
from urllib.parse import SplitResult, unquote, urlsplit
from xml.parsers import expat

from narrate.audio.id3 import check_chapters, ffmpeg_unlisted, read_chapters
from narrate.config import EMAIL, FUNDING_TEXT_MAX, LANGUAGE_TAG
from narrate.errors import BuildError, NarrateError
from narrate.model import PERSON_ROLES, ChapterMark
from narrate.publish.feed import APPLE_CATEGORIES, ATOM, CONTENT, ITUNES, MAX_DESCRIPTION_BYTES, PODCAST
from narrate.publish.transcript_check import check_srt, check_webvtt
from narrate.setting_kinds import local_host

__all__ = ["Problem", "check_output", "check_url", "check_webvtt", "check_srt", "publish_warnings"]

#: Enclosure MIME types accepted for each audio file extension.
AUDIO_TYPES: dict[str, tuple[str, ...]] = {
    ".mp3": ("audio/mpeg",),
    ".m4a": ("audio/mp4", "audio/x-m4a"),
    ".m4b": ("audio/mp4", "audio/x-m4b", "audio/x-m4a"),
    ".mp4": ("audio/mp4", "video/mp4"),
}
DURATION_TOLERANCE_S = 1.0
CHAPTER_END_TOLERANCE_MS = 50
_DECODED_TIME = re.compile(r"time=(\d+):(\d\d):(\d\d(?:\.\d+)?)")
CHAPTER_MATCH_TOLERANCE_MS = 1
ARTWORK_MIN_PX, ARTWORK_MAX_PX = 1400, 3000

SHOW_TYPES = ("episodic", "serial")
EPISODE_TYPES = ("full", "trailer", "bonus")
# what the feed's sanitiser (narrate.publish.feed.safe_html) removes: a script or style element, an
# event handler attribute, a javascript:/vbscript: link
_UNSAFE_HTML = re.compile(
    r"<\s*(?:script|style|iframe|object|embed)\b|<[^>]*\son[a-z]+\s*=|<[^>]*=\s*[\"']?\s*(?:java|vb)script\s*:",
    re.IGNORECASE,
)
_DURATION = re.compile(r"^(?:(?:(\d+):)?([0-5]?\d):)?(\d+)$")
_URL_SAFE = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")


@dataclass(frozen=True)
class Problem:
    """One problem found in a built folder: the file at fault, its 1-based line (or None), what is wrong.

    ``str(problem)`` is ``Error: <file>:<line>: <message>`` (``Error: <file>: <message>`` without a
    line); a warning (:func:`publish_warnings`) starts ``Warning:``.
    """

    file: str
    line: int | None
    message: str
    level: str = "Error"
    """``"Error"`` (the folder fails its check) or ``"Warning"`` (it passes, but see the message)."""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{self.level}: {where}: {self.message}"


def epub_container_problem(book: Path) -> str | None:
    """What keeps ``book`` from opening as an EPUB 3 container (OCF 3.3: a ZIP whose first entry is
    ``mimetype``, stored uncompressed, holding ``application/epub+zip``, and a
    ``META-INF/container.xml``), or None. A quick look, not EPUBCheck."""
    try:
        with zipfile.ZipFile(book) as archive:
            entries = archive.infolist()
            first = entries[0] if entries else None
            if first is None or first.filename != "mimetype" or first.compress_type != zipfile.ZIP_STORED:
                return "not an EPUB: its first entry is not an uncompressed 'mimetype'"
            if archive.read(first).strip() != b"application/epub+zip":
                return "not an EPUB: its mimetype is not application/epub+zip"
            if "META-INF/container.xml" not in archive.namelist():
                return "not an EPUB: no META-INF/container.xml"
    except (OSError, zipfile.BadZipFile, EOFError) as exc:
        return f"not an EPUB: cannot read it as a ZIP ({exc})"
    return None


def check_output(out_dir: Path) -> list[Problem]:
    """Validate the output folder ``out_dir`` (``feed.xml`` and the files it links to).

    Returns:
        every problem found, in feed order (empty when the folder would be accepted). Never raises
        for a bad or unreadable folder; each such condition is a :class:`Problem`.
    """
    return _Checker(Path(out_dir)).run()


def publish_warnings(out_dir: Path) -> list[Problem]:
    """What a podcast directory would accept but listeners could not use once ``out_dir`` is published:
    the feed's own URL (``atom:link rel="self"``), its enclosures or its artwork on a preview address
    (this machine or a local network: ``localhost``, ``127.0.0.1``, a private address such as
    ``192.168.1.20``, a ``.local`` name), which podcast apps on the internet cannot reach, or on
    plain ``http://`` (Apple Podcasts and most apps ask for https).

    Returns:
        at most one warning of each kind (``level`` ``"Warning"``), at the line of the first URL at
        fault; none for a feed that cannot be read (:func:`check_output` reports that).
    """
    feed = Path(out_dir) / "feed.xml"
    found = _feed_urls(feed)
    warnings: list[Problem] = []
    local = next(((line, parts) for line, parts in found if local_host(parts.hostname or "")), None)
    if local is not None:
        line, parts = local
        host = (parts.hostname or "").lower()
        machine = host == "localhost" or host.endswith(".localhost") or host in ("127.0.0.1", "::1")
        warnings.append(
            Problem(
                str(feed),
                line,
                f"the feed points at {parts.scheme}://{parts.netloc}/ ({'this machine' if machine else 'a local network'}), "
                "which podcast apps cannot reach; before publishing, build with --base-url set to the https address it "
                "will be published at",
                "Warning",
            )
        )
    plain = next(((n, u) for n, u in found if u.scheme == "http" and not local_host(u.hostname or "")), None)
    if plain is not None:
        warnings.append(
            Problem(
                str(feed),
                plain[0],
                f"the feed points at http://{plain[1].netloc}/ over plain http, which Apple Podcasts and most podcast "
                "apps refuse; before publishing, build with an https --base-url",
                "Warning",
            )
        )
    return warnings


def _feed_urls(feed: Path) -> list[tuple[int | None, SplitResult]]:
    """``(line, URL split)`` of the feed's own URL (``atom:link rel="self"``), its artwork and its
    enclosures, in that order; [] for a feed that cannot be read."""
    try:
        root, lines = _parse_xml(feed.read_bytes())
    except (OSError, expat.ExpatError):
        return []
    channel = root.find("channel")
    if channel is None:
        return []
    found = [(e, e.get("href", "")) for e in channel.findall(f"{{{ATOM}}}link") if e.get("rel") == "self"]
    found += [(e, e.get("href", "")) for e in channel.iter(f"{{{ITUNES}}}image")]
    found += [(e, e.get("url", "")) for e in channel.iter("enclosure")]
    return [(lines.get(id(element)), urlsplit(url)) for element, url in found]


def _text(element: ET.Element) -> str:
    """The element's text, stripped ("" when it has none)."""
    return (element.text or "").strip()


FETCH_DEADLINE_S = 60.0
"""``check URL``: the longest one response may take, from connecting to its last byte (a server that
drips its bytes, or its headers, is cut off then)."""
MAX_FETCH_BYTES = 32_000_000
"""``check URL``: the largest response read (the feed, artwork, chapters, a transcript); a larger one,
announced by ``Content-Length`` or found while reading, is a problem, not read further."""
CHECK_DEADLINE_S = 15 * 60.0
"""``check URL``: the longest the whole check may take; past it, the check stops with one problem."""


def check_url(
    url: str,
    *,
    timeout_s: float = 30.0,
    deadline_s: float | None = None,
    max_bytes: int | None = None,
    total_s: float | None = None,
) -> list[Problem]:
    """Validate a published feed over HTTP(S), as a podcast directory would fetch it.

    The feed is fetched and checked like a built folder's (every tag, see :func:`check_output`); each
    enclosure is asked for with ``HEAD`` (status 200, ``Content-Length`` = the enclosure's length,
    ``Content-Type`` matching) and with a one-byte range request (``206``: Apple requires byte-range
    support); the artwork, JSON chapters and transcripts are downloaded and checked.

    Every fetch is bounded: ``timeout_s`` for the server to answer each read, ``deadline_s`` for a
    whole response (:data:`FETCH_DEADLINE_S`), ``max_bytes`` read (:data:`MAX_FETCH_BYTES`; a range
    request reads at most a few bytes), and ``total_s`` for the whole check (:data:`CHECK_DEADLINE_S`).
    A fetch past a bound is a problem (``cannot be fetched (...)``) like an unreachable server.

    Returns:
        every problem found (``Problem.file`` is the URL at fault); never raises for a bad feed or an
        unreachable server.
    """
    with tempfile.TemporaryDirectory(prefix="narrate-check-") as work:
        checker = _UrlChecker(url, Path(work), timeout_s)
        checker.deadline_s = FETCH_DEADLINE_S if deadline_s is None else deadline_s
        checker.max_bytes = MAX_FETCH_BYTES if max_bytes is None else max_bytes
        checker.stop_at = time.monotonic() + (CHECK_DEADLINE_S if total_s is None else total_s)
        return checker.run()


def _qname(name: str) -> str:
    uri, _, local = name.rpartition(" ")
    return f"{{{uri}}}{local}" if uri else local


def _parse_xml(data: bytes) -> tuple[ET.Element, dict[int, int]]:
    """Parse XML, remembering each element's line: ``(root, {id(element): line})``.

    Raises:
        expat.ExpatError: the document is not well-formed (``lineno`` is set).
    """
    builder = ET.TreeBuilder()
    lines: dict[int, int] = {}
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True

    def start(name: str, attrs: dict[str, str]) -> None:
        element = builder.start(_qname(name), {_qname(k): v for k, v in attrs.items()})
        lines[id(element)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: builder.end(_qname(name))
    parser.CharacterDataHandler = builder.data
    parser.Parse(data, True)
    return builder.close(), lines


class _Checker:
    def __init__(self, out_dir: Path):
        self.out = out_dir
        self.feed = out_dir / "feed.xml"
        self.problems: list[Problem] = []
        self.lines: dict[int, int] = {}
        self.base: str | None = None
        self.durations: dict[Path, float | None] = {}

    def add(self, file: Path | str, line: int | None, message: str) -> None:
        self.problems.append(Problem(str(file), line, message))

    def at(self, element: ET.Element | None, message: str) -> None:
        self.add(self.feed, self.lines.get(id(element)) if element is not None else None, message)

    # ------------------------------------------------------------ feed

    def read_feed(self) -> bytes | None:
        """The feed's bytes, or None after reporting why they cannot be read."""
        if not self.out.is_dir():
            self.add(self.out, None, "no such output folder (build the course first)")
            return None
        try:
            return self.feed.read_bytes()
        except FileNotFoundError:
            self.add(self.feed, None, "feed.xml not found (build the course first)")
        except OSError as exc:
            self.add(self.feed, None, f"cannot read the feed: {exc.strerror or exc}")
        return None

    def run(self) -> list[Problem]:
        data = self.read_feed()
        if data is None:
            return self.problems
        try:
            root, self.lines = _parse_xml(data)
        except expat.ExpatError as exc:
            self.add(
                self.feed, exc.lineno, f"not well-formed XML: {expat.ErrorString(exc.code)} (column {exc.offset + 1})"
            )
            return self.problems
        channel = root.find("channel")
        if root.tag != "rss" or root.get("version") != "2.0" or channel is None:
            self.at(root, 'not an RSS 2.0 feed (expected <rss version="2.0"> with a <channel>)')
            return self.problems
        self.channel(channel)
        items = channel.findall("item")
        if not items:
            self.at(channel, "the channel has no <item> (a podcast needs at least one episode)")
        guids: dict[str, int] = {}
        previous = None
        for number, item in enumerate(items, start=1):
            previous = self.item(item, number, guids, previous)
        for book in sorted(self.out.glob("*.epub")):
            problem = epub_container_problem(book)
            if problem:
                self.add(book, None, problem)
        return self.problems

    def required(self, parent: ET.Element, tag: str, what: str, label: str) -> ET.Element | None:
        element = parent.find(tag)
        if element is None or not _text(element):
            self.at(element if element is not None else parent, f"{what}: missing or empty <{label}>")
            return None
        return element

    def channel(self, channel: ET.Element) -> None:
        self.required(channel, "title", "channel", "title")
        self.required(channel, "link", "channel", "link")
        description = self.required(channel, "description", "channel", "description")
        if description is not None:
            size = len((description.text or "").encode("utf-8"))
            if size > MAX_DESCRIPTION_BYTES:
                self.at(description, f"channel: <description> is {size} bytes (at most {MAX_DESCRIPTION_BYTES})")
        self.safe_html(channel, "channel", ("description", f"{{{ITUNES}}}summary"))
        language = self.required(channel, "language", "channel", "language")
        if language is not None and not LANGUAGE_TAG.match(_text(language)):
            self.at(language, f"channel: <language> '{_text(language)}' is not an ISO 639 code")
        self.required(channel, f"{{{ITUNES}}}author", "channel", "itunes:author")
        explicit = self.required(channel, f"{{{ITUNES}}}explicit", "channel", "itunes:explicit")
        if explicit is not None and _text(explicit) not in ("true", "false"):
            self.at(explicit, f"channel: itunes:explicit must be 'true' or 'false', not '{_text(explicit)}'")
        self.category(channel)
        for link in channel.findall(f"{{{ATOM}}}link"):
            href = link.get("href", "")
            if link.get("rel") == "self" and "/" in href:
                self.base = href.rsplit("/", 1)[0] + "/"
        image = channel.find(f"{{{ITUNES}}}image")
        if image is None:
            self.at(channel, "channel: missing <itunes:image>")
        else:
            self.image(image, "channel")
        self.show_tags(channel)

    def image(self, image: ET.Element, what: str) -> None:
        """An ``itunes:image``: an absolute URL to a .jpg/.png file that is valid artwork."""
        href = image.get("href", "")
        if not self.url(image, href, f"{what}: itunes:image href"):
            return
        if not unquote(urlsplit(href).path).lower().endswith((".jpg", ".jpeg", ".png")):
            self.at(image, f"{what}: itunes:image href must end in .jpg or .png (Apple Podcasts), not '{href}'")
        path = self.local(image, href, f"{what}: itunes:image")
        if path is not None:
            self.artwork(path)

    def enumerated(self, parent: ET.Element, tag: str, allowed: tuple[str, ...], what: str) -> None:
        element = parent.find(tag)
        if element is not None and _text(element) not in allowed:
            label = tag.replace(f"{{{ITUNES}}}", "itunes:").replace(f"{{{PODCAST}}}", "podcast:")
            choices = " or ".join(f"'{a}'" for a in allowed)
            self.at(element, f"{what}: {label} must be {choices}, not '{_text(element)}'")

    def positive(self, parent: ET.Element, tag: str, what: str) -> None:
        element = parent.find(tag)
        if element is not None and not (_text(element).isdigit() and int(_text(element)) > 0):
            label = tag.replace(f"{{{ITUNES}}}", "itunes:")
            self.at(element, f"{what}: {label} must be a whole number from 1, not '{_text(element)}'")

    def show_tags(self, channel: ET.Element) -> None:
        """Apple's optional show tags (owner, type, complete, copyright) and the Podcast Index
        namespace's (guid, locked, funding, person), checked when present."""
        what = "channel"
        self.enumerated(channel, f"{{{ITUNES}}}type", SHOW_TYPES, what)
        self.enumerated(channel, f"{{{ITUNES}}}complete", ("Yes",), what)
        owner = channel.find(f"{{{ITUNES}}}owner")
        if owner is not None:
            email = owner.find(f"{{{ITUNES}}}email")
            if email is None or not EMAIL.match(_text(email)):
                found = f"'{_text(email)}'" if email is not None else "none"
                self.at(
                    email if email is not None else owner, f"{what}: itunes:owner needs an itunes:email, got {found}"
                )
        copyright_ = channel.find("copyright")
        if copyright_ is not None and not _text(copyright_):
            self.at(copyright_, f"{what}: <copyright> is empty")
        guid = channel.find(f"{{{PODCAST}}}guid")
        if guid is not None:
            try:
                uuid.UUID(_text(guid))
            except ValueError:
                self.at(guid, f"{what}: podcast:guid '{_text(guid)}' is not a UUID")
        self.enumerated(channel, f"{{{PODCAST}}}locked", ("yes", "no"), what)
        for funding in channel.findall(f"{{{PODCAST}}}funding"):
            self.url(funding, funding.get("url", ""), f"{what}: podcast:funding url")
            if len(_text(funding)) > FUNDING_TEXT_MAX:
                self.at(funding, f"{what}: podcast:funding text is over {FUNDING_TEXT_MAX} characters")
        self.persons(channel, what)

    def persons(self, parent: ET.Element, what: str) -> None:
        for person in parent.findall(f"{{{PODCAST}}}person"):
            if not _text(person):
                self.at(person, f"{what}: podcast:person has no name")
            role = person.get("role", "host").strip().lower()
            if role not in PERSON_ROLES:
                self.at(person, f"{what}: podcast:person role '{role}' is not in the Podcast Index taxonomy")
            for key in ("href", "img"):
                if person.get(key):
                    self.url(person, person.get(key, ""), f"{what}: podcast:person {key}")

    def episode_tags(self, item: ET.Element, what: str) -> None:
        """Apple's optional episode tags, checked when present: episode and season numbers, type,
        explicit, image, description size; and ``podcast:person``."""
        self.positive(item, f"{{{ITUNES}}}episode", what)
        self.positive(item, f"{{{ITUNES}}}season", what)
        self.enumerated(item, f"{{{ITUNES}}}episodeType", EPISODE_TYPES, what)
        self.enumerated(item, f"{{{ITUNES}}}explicit", ("true", "false"), what)
        image = item.find(f"{{{ITUNES}}}image")
        if image is not None:
            self.image(image, what)
        description = item.find("description")
        if description is not None and len(_text(description).encode("utf-8")) > MAX_DESCRIPTION_BYTES:
            self.at(description, f"{what}: <description> is over {MAX_DESCRIPTION_BYTES} bytes")
        self.persons(item, what)

    def category(self, channel: ET.Element) -> None:
        top = channel.find(f"{{{ITUNES}}}category")
        if top is None:
            self.at(channel, "channel: missing <itunes:category>")
            return
        name = top.get("text", "")
        if name not in APPLE_CATEGORIES:
            self.at(top, f"channel: itunes:category '{name}' is not an Apple Podcasts category")
            return
        for sub in top.findall(f"{{{ITUNES}}}category"):
            if sub.get("text", "") not in APPLE_CATEGORIES[name]:
                self.at(sub, f"channel: itunes:category '{sub.get('text', '')}' is not a subcategory of '{name}'")

    def url(self, element: ET.Element, url: str, what: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            self.at(element, f"{what} '{url}' is not an absolute http(s) URL")
            return False
        if not _URL_SAFE.match(url):
            self.at(element, f"{what} '{url}' is not percent-encoded")
            return False
        return True

    def local(self, element: ET.Element, url: str, what: str) -> Path | None:
        """The file in the output folder that ``url`` names, or None (after reporting a problem)."""
        root = self.out.resolve()
        if self.base and url.startswith(self.base):
            candidates = [unquote(url[len(self.base) :])]
        else:
            segments = [unquote(s) for s in urlsplit(url).path.split("/") if s]
            candidates = ["/".join(segments[i:]) for i in range(len(segments))]
        for relative in candidates:
            path = self.out / relative
            try:
                inside = path.resolve().is_relative_to(root)
            except OSError:
                inside = False
            if inside and path.is_file():
                return path
        shown = candidates[0] if len(candidates) == 1 else unquote(url)
        self.at(element, f"{what} file not found: {shown}")
        return None

    # ------------------------------------------------------------ items

    def safe_html(self, parent: ET.Element, what: str, tags: tuple[str, ...]) -> None:
        """Descriptions must not carry a script, an event handler or a ``javascript:`` link to podcast clients."""
        for tag in tags:
            for element in parent.findall(tag):
                found = _UNSAFE_HTML.search(element.text or "")  # the HTML as clients get it; &lt; is text
                if found:
                    label = tag.replace(f"{{{ITUNES}}}", "itunes:").replace(f"{{{CONTENT}}}", "content:")
                    self.at(
                        element,
                        f"{what}: <{label}> holds unsafe HTML '{found.group(0)}' (scripts must not reach clients)",
                    )

    def item(self, item: ET.Element, n: int, guids: dict[str, int], previous):
        what = f"item {n}"
        self.required(item, "title", what, "title")
        guid = self.required(item, "guid", what, "guid")
        if guid is not None:
            value = _text(guid)
            if value in guids:
                self.at(guid, f"{what}: guid '{value}' is also item {guids[value]}'s")
            guids.setdefault(value, n)
        when = None
        date = self.required(item, "pubDate", what, "pubDate")
        if date is not None:
            try:
                when = parsedate_to_datetime(_text(date))
                if when.tzinfo is None:
                    raise ValueError("no time zone")
            except (TypeError, ValueError, IndexError):
                self.at(date, f"{what}: pubDate '{_text(date)}' is not an RFC 2822 date with a zone")
                when = None
            if when is not None and previous is not None and when <= previous:
                self.at(date, f"{what}: pubDate is not later than item {n - 1}'s (dates must increase in lesson order)")
        duration_s = None
        duration = self.required(item, f"{{{ITUNES}}}duration", what, "itunes:duration")
        if duration is not None:
            match = _DURATION.match(_text(duration))
            if not match:
                self.at(duration, f"{what}: itunes:duration '{_text(duration)}' is not seconds or HH:MM:SS")
            else:
                h, m, s = (int(x or 0) for x in match.groups())
                duration_s = h * 3600 + m * 60 + s
        self.episode_tags(item, what)
        self.safe_html(item, what, ("description", f"{{{CONTENT}}}encoded"))
        audio = self.enclosure(item, what, duration_s)
        self.chapters(item, what, audio)
        for transcript in item.findall(f"{{{PODCAST}}}transcript"):
            self.transcript(transcript, what)
        return when if when is not None else previous

    def enclosure(self, item: ET.Element, what: str, duration_s: int | None) -> Path | None:
        enclosure = item.find("enclosure")
        if enclosure is None:
            self.at(item, f"{what}: missing <enclosure>")
            return None
        url, length, mime = (enclosure.get(k, "") for k in ("url", "length", "type"))
        if not mime:
            self.at(enclosure, f"{what}: enclosure has no type")
        if not length.isdigit() or int(length) <= 0:
            self.at(enclosure, f"{what}: enclosure length '{length}' is not a positive number of bytes")
        if not self.url(enclosure, url, f"{what}: enclosure url"):
            return None
        return self.enclosure_file(item, enclosure, what, duration_s)

    def enclosure_file(self, item: ET.Element, enclosure: ET.Element, what: str, duration_s: int | None) -> Path | None:
        """Check the enclosure's file against its attributes; its local path (None: not found)."""
        url, length, mime = (enclosure.get(k, "") for k in ("url", "length", "type"))
        path = self.local(enclosure, url, f"{what}: enclosure")
        if path is None:
            return None
        relative = path.relative_to(self.out).as_posix()
        size = path.stat().st_size
        if length.isdigit() and int(length) != size:
            self.at(enclosure, f"{what}: enclosure length {length} but {relative} is {size} bytes")
        expected = AUDIO_TYPES.get(path.suffix.lower())
        if expected is None:
            self.at(enclosure, f"{what}: {relative} is not an audio type podcast apps accept")
        elif mime and mime not in expected:
            self.at(enclosure, f"{what}: enclosure type '{mime}' does not match {relative} ({expected[0]})")
        actual = self.duration(path)
        if actual is not None and duration_s is not None and abs(actual - duration_s) > DURATION_TOLERANCE_S:
            self.at(
                item.find(f"{{{ITUNES}}}duration"),
                f"{what}: itunes:duration {duration_s} s but {relative} lasts {actual:.3f} s",
            )
        return path

    def duration(self, path: Path) -> float | None:
        """Duration of an audio file in seconds, as a player hears it (None after reporting a problem).

        The file is decoded with ffmpeg, which honours the encoder delay and padding recorded in an
        MP3's LAME header (gapless playback); ffprobe's header estimate counts them and runs 25-50 ms long.
        """
        if path not in self.durations:
            self.durations[path] = None
            ffmpeg = shutil.which("ffmpeg")
            if ffmpeg is None:
                if not any("ffmpeg" in p.message for p in self.problems):
                    self.add(self.out, None, "ffmpeg is not installed: durations cannot be checked")
                return None
            result = subprocess.run(
                [ffmpeg, "-hide_banner", "-nostdin", "-i", str(path), "-map", "0:a:0", "-f", "null", "-"],
                capture_output=True,
                text=True,
                errors="replace",  # ffmpeg prints long tags cut mid-character
            )
            times = _DECODED_TIME.findall(result.stderr)
            if result.returncode == 0 and times:
                h, m, sec = times[-1]
                self.durations[path] = int(h) * 3600 + int(m) * 60 + float(sec)
            else:
                error = (result.stderr.strip().splitlines() or ["no duration"])[-1]
                self.add(path, None, f"cannot read the audio: {error}")
        return self.durations[path]

    def probed_chapters(self, audio: Path, marks: list[ChapterMark]) -> None:
        """Report each ID3 chapter of ``audio`` that players built on ffmpeg (mpv, VLC, many podcast
        apps) would not list: ffmpeg reads a ``CHAP``'s sub-frame size as a plain integer, which an
        ID3v2.4 (syncsafe) size of 128 bytes or more is not (:func:`narrate.audio.id3.ffmpeg_unlisted`;
        read from the tag, no ffprobe run)."""
        try:
            unlisted = ffmpeg_unlisted(audio)
        except BuildError:
            return  # an unreadable tag is reported by the chapters check
        for number, size in unlisted:
            mark = marks[number - 1] if number <= len(marks) else None
            what = f"('{mark.title}' at {mark.start_ms} ms) " if mark else ""
            self.add(
                audio,
                None,
                f"chapter {number} {what}has a title frame of {size} bytes in an ID3v2.4 tag, which ffmpeg "
                "misreads: players built on ffmpeg will not list it (rebuild to write ID3v2.3)",
            )

    def chapters(self, item: ET.Element, what: str, audio: Path | None) -> None:
        marks = None
        if audio is not None and audio.suffix.lower() == ".mp3":
            try:
                marks = read_chapters(audio)
            except NarrateError as exc:
                self.add(audio, None, exc.problem)
            else:
                try:
                    check_chapters(marks)
                except ValueError as exc:
                    self.add(audio, None, str(exc))
                self.probed_chapters(audio, marks)
                duration = self.duration(audio)
                if marks and duration is not None:
                    end, real = marks[-1].end_ms, round(duration * 1000)
                    if abs(end - real) > CHAPTER_END_TOLERANCE_MS:
                        self.add(audio, None, f"the last chapter ends at {end} ms but the audio lasts {real} ms")
        element = item.find(f"{{{PODCAST}}}chapters")
        if element is None:
            return
        if element.get("type") != "application/json+chapters":
            self.at(element, f"{what}: podcast:chapters type must be 'application/json+chapters'")
        url = element.get("url", "")
        path = (
            self.local(element, url, f"{what}: podcast:chapters")
            if self.url(element, url, f"{what}: podcast:chapters url")
            else None
        )
        if path is None:
            return
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            starts = [(round(float(c["startTime"]) * 1000), str(c.get("title", ""))) for c in document["chapters"]]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            self.add(path, getattr(exc, "lineno", None), f"not a JSON chapters file: {exc}")
            return
        if any(b[0] < a[0] for a, b in zip(starts, starts[1:])):
            self.add(path, None, "chapter start times are not in ascending order")
        if marks is None:
            return
        id3 = [(m.start_ms, m.title) for m in marks]
        if len(id3) != len(starts):
            self.add(path, None, f"{len(starts)} chapters but the MP3 has {len(id3)}")
            return
        for number, ((ms, title), (json_ms, json_title)) in enumerate(zip(id3, starts), start=1):
            if abs(ms - json_ms) > CHAPTER_MATCH_TOLERANCE_MS or title != json_title:
                self.add(
                    path,
                    None,
                    f"chapter {number} ('{json_title}' at {json_ms} ms) differs from the MP3's ('{title}' at {ms} ms)",
                )

    def transcript(self, element: ET.Element, what: str) -> None:
        url, mime = element.get("url", ""), element.get("type", "")
        if not self.url(element, url, f"{what}: podcast:transcript url"):
            return
        path = self.local(element, url, f"{what}: podcast:transcript")
        validator = {"text/vtt": check_webvtt, "application/x-subrip": check_srt, "application/srt": check_srt}.get(
            mime
        )
        if path is None or validator is None:
            return
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.add(path, None, f"cannot read the transcript as UTF-8: {exc}")
            return
        for line, message in validator(text):
            self.add(path, line, message)

    def artwork(self, path: Path) -> None:
        from narrate.audio.cover import ImageTooLarge, decode, open_image

        try:
            with open_image(path) as image:
                kind, (width, height), mode = image.format, image.size, image.mode
                try:
                    decode(image)  # a file cut short has a good header: only its pixels tell
                except ValueError as exc:
                    self.add(path, None, f"artwork is {exc}")
                    return
        except ImageTooLarge as exc:
            self.add(path, None, f"artwork: {exc}")
            return
        except ValueError:
            self.add(path, None, "artwork is not a readable image")
            return
        if kind not in ("JPEG", "PNG"):
            self.add(path, None, f"artwork is {kind}; Apple Podcasts needs JPEG or PNG")
        if width != height:
            self.add(path, None, f"artwork is {width}×{height} px; it must be square")
        if not ARTWORK_MIN_PX <= min(width, height) or max(width, height) > ARTWORK_MAX_PX:
            self.add(
                path,
                None,
                f"artwork is {width}×{height} px; it must be {ARTWORK_MIN_PX}-{ARTWORK_MAX_PX} px on each side",
            )
        if mode != "RGB":
            self.add(path, None, f"artwork colour mode is {mode}; Apple Podcasts needs RGB")


class _OutOfTime(Exception):
    """The whole URL check took longer than its deadline (:data:`CHECK_DEADLINE_S`)."""


class _Deadline:
    """Cuts off every connection made for one response when ``seconds`` have passed (a timer shuts
    their sockets down, so a read blocked on a server that drips bytes returns at once)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def watch(self, sock: socket.socket | None) -> None:
        with self._lock:
            if sock is not None:
                self._sockets.append(sock)
            expired = self.expired
        if expired:
            self._shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            sockets = list(self._sockets)
        for sock in sockets:
            self._shut(sock)

    @staticmethod
    def _shut(sock: socket.socket | None) -> None:
        try:
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def opener(self) -> urllib.request.OpenerDirector:
        """A urllib opener whose http and https connections this deadline cuts off."""
        deadline = self

        class _HTTPConnection(http.client.HTTPConnection):
            def connect(self) -> None:
                super().connect()
                deadline.watch(self.sock)

        class _HTTPSConnection(http.client.HTTPSConnection):
            def connect(self) -> None:
                super().connect()
                deadline.watch(self.sock)

        class _HTTPHandler(urllib.request.HTTPHandler):
            def http_open(self, req):
                return self.do_open(_HTTPConnection, req)

        class _HTTPSHandler(urllib.request.HTTPSHandler):
            def https_open(self, req):
                return self.do_open(_HTTPSConnection, req, context=getattr(self, "_context", None))

        return urllib.request.build_opener(_HTTPHandler(), _HTTPSHandler())


def _size(n: int) -> str:
    return f"{n / 1e6:g} MB" if n >= 1_000_000 else f"{n} bytes"


class _UrlChecker(_Checker):
    """:class:`_Checker` over HTTP: files are fetched into ``work`` (enclosures only asked for), each
    response within a deadline and a size limit (see :func:`check_url`)."""

    def __init__(self, url: str, work: Path, timeout_s: float):
        super().__init__(work)
        self.url_of_feed = url
        self.feed = url  # type: ignore[assignment]  # problems name the URL
        self.timeout_s = timeout_s
        self.deadline_s = FETCH_DEADLINE_S
        self.max_bytes = MAX_FETCH_BYTES
        self.stop_at = time.monotonic() + CHECK_DEADLINE_S
        self.total_s = CHECK_DEADLINE_S
        self.fetched: dict[str, Path] = {}
        self.urls: dict[str, str] = {}

    def add(self, file: Path | str, line: int | None, message: str) -> None:
        super().add(self.urls.get(str(file), file), line, message)

    def run(self) -> list[Problem]:
        self.total_s = max(0.0, self.stop_at - time.monotonic())
        try:
            return super().run()
        except _OutOfTime:
            self.add(self.feed, None, f"check stopped: it took longer than {self.total_s:g} s (problems above so far)")
            return self.problems

    def request(self, url: str, method: str = "GET", headers: dict[str, str] | None = None, sample: int = 0):
        """``(status, headers, body)``; status 0 and the reason as body when the server cannot be
        reached, or the response takes longer than :attr:`deadline_s` or is larger than
        :attr:`max_bytes`. With ``sample``, only the first ``sample`` bytes of the body are read
        (a range request: its status is what counts), whatever its size."""
        left = self.stop_at - time.monotonic()
        if left <= 0:
            raise _OutOfTime
        limit = sample or self.max_bytes
        seconds = min(self.deadline_s, left)
        req = urllib.request.Request(url, method=method, headers={"User-Agent": "narrate-check", **(headers or {})})
        with _Deadline(seconds) as deadline:
            try:
                with deadline.opener().open(req, timeout=min(self.timeout_s, seconds)) as response:
                    if method != "GET":
                        return response.status, response.headers, b""
                    announced = (response.headers.get("Content-Length") or "").strip()
                    if not sample and announced.isascii() and announced.isdigit() and int(announced) > limit:
                        return 0, {}, f"larger than {_size(limit)}: {announced} bytes".encode()
                    body = bytearray()
                    while len(body) <= limit:
                        chunk = response.read1(min(64 * 1024, limit + 1 - len(body)))
                        if not chunk:
                            break
                        body += chunk
                        if sample and len(body) >= sample:
                            break
                    if deadline.expired:
                        raise TimeoutError
                    if len(body) > limit and not sample:
                        return 0, {}, f"larger than {_size(limit)}".encode()
                    return response.status, response.headers, bytes(body[:limit])
            except urllib.error.HTTPError as exc:
                return exc.code, exc.headers, b""
            except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:
                if deadline.expired:
                    return 0, {}, f"took longer than {seconds:g} s".encode()
                return 0, {}, str(getattr(exc, "reason", exc)).encode()

    def read_feed(self) -> bytes | None:
        status, _, body = self.request(self.url_of_feed)
        if status == 200:
            return body
        self.add(self.feed, None, "feed " + _http_problem(status, body))
        return None

    def local(self, element: ET.Element, url: str, what: str) -> Path | None:
        if url not in self.fetched:
            status, _, body = self.request(url)
            if status != 200:
                self.at(element, f"{what} {_http_problem(status, body)}: {url}")
                return None
            name = re.sub(r"[^A-Za-z0-9._-]", "_", unquote(urlsplit(url).path.rsplit("/", 1)[-1])) or "file"
            path = self.out / f"{len(self.fetched):04d}-{name}"
            path.write_bytes(body)
            self.fetched[url] = path
            self.urls[str(path)] = url
        return self.fetched[url]

    def enclosure_file(self, item: ET.Element, enclosure: ET.Element, what: str, duration_s: int | None) -> Path | None:
        url, length, mime = (enclosure.get(k, "") for k in ("url", "length", "type"))
        status, headers, body = self.request(url, "HEAD")
        if status != 200:
            self.at(enclosure, f"{what}: enclosure {_http_problem(status, body)}: {url}")
            return None
        size = headers.get("Content-Length", "")
        if length.isdigit() and size.isdigit() and int(size) != int(length):
            self.at(enclosure, f"{what}: enclosure length {length} but the server sends {size} bytes")
        served = headers.get("Content-Type", "").split(";")[0].strip()
        expected = AUDIO_TYPES.get(PurePosixPath(unquote(urlsplit(url).path)).suffix.lower())
        if expected is not None and served not in expected:
            self.at(enclosure, f"{what}: the server sends the enclosure as '{served}', not {expected[0]}")
        status, headers, _ = self.request(url, "GET", {"Range": "bytes=0-0"}, sample=1)
        if status != 206:
            self.at(enclosure, f"{what}: the server ignores byte ranges (HTTP {status} to Range: bytes=0-0)")
        return None


def _http_problem(status: int, body: bytes) -> str:
    if status == 0:
        return f"cannot be fetched ({body.decode('utf-8', 'replace')})"
    return "not found (HTTP 404)" if status == 404 else f"cannot be fetched (HTTP {status})"
