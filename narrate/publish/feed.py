"""Episodes + course settings → podcast feed XML (pure: no file is read or written here).

Standards followed:

* RSS 2.0 (https://www.rssboard.org/rss-specification), with ``atom:link rel="self"``;
* Apple Podcasts RSS requirements (``itunes:`` namespace ``http://www.itunes.com/dtds/podcast-1.0.dtd``):
  channel title/description/image/language/category/explicit, items with enclosure, guid, pubDate,
  duration in whole seconds, episode number and type; descriptions of at most 4000 bytes;
* the Podcast Index namespace 1.0 (``https://podcastindex.org/namespace/1.0``): ``podcast:guid``
  (a UUIDv5 assigned once and kept when the feed moves, as the namespace asks; narrate makes it from
  the course, :func:`course_guid`, not from the feed URL), ``podcast:locked``, ``podcast:chapters``,
  ``podcast:transcript``; ``itunes:new-feed-url`` in a feed left at an old address
  (:func:`with_new_feed_url`).

Descriptions: the channel's ``description``, and each item's ``description`` and ``content:encoded``
(the show notes: subtitle, summary, then the chapters with their start times, ``00:01:12 Question 1``,
which podcast apps turn into links that seek), are HTML made by one sanitiser, :func:`safe_html`
(nh3): safe tags kept, scripts, event handlers and ``javascript:`` links removed, plain text escaped
exactly once; ``itunes:summary`` is the same HTML.

The XML is built with :mod:`xml.etree.ElementTree` (never by string concatenation) and is
deterministic byte for byte: dates come from the content and the course schedule, never from the clock.
"""

from __future__ import annotations

import html
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta, timezone
from email.utils import format_datetime
from urllib.parse import quote

import nh3

from narrate.config import CourseConfig
from narrate.errors import BuildError, ContentError, warn
from narrate.model import ChapterMark, CodeBlock, Episode, Lesson, Table
from narrate.publish.media_types import media_type
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.phrases import SOURCE_LANGUAGE, Phrases
from narrate.text.script import course_phrases

ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd"
CONTENT = "http://purl.org/rss/1.0/modules/content/"
PODCAST = "https://podcastindex.org/namespace/1.0"
ATOM = "http://www.w3.org/2005/Atom"
NAMESPACES = {"itunes": ITUNES, "content": CONTENT, "podcast": PODCAST, "atom": ATOM}
for _prefix, _uri in NAMESPACES.items():
    ET.register_namespace(_prefix, _uri)

#: Namespace UUID for ``podcast:guid`` (Podcast Index namespace, "guid" tag).
PODCAST_GUID_NAMESPACE = uuid.UUID("ead4c236-bf58-58c6-a2c6-a6b28d128cb6")
#: Namespace of the course identities narrate makes (:func:`course_guid`): UUIDv5 of "narrate course"
#: in the ``podcast:guid`` namespace.
COURSE_GUID_NAMESPACE = uuid.uuid5(PODCAST_GUID_NAMESPACE, "narrate course")
#: Apple and the RSS advisory board both cap descriptions at 4000 (bytes here, to be safe).
MAX_DESCRIPTION_BYTES = 4000
#: Time of day (UTC) at which scheduled episodes are published.
PUBLISH_TIME = time(6, 0, tzinfo=timezone.utc)
GENERATOR = "narrate"
UNSCHEDULED_START = "2026-01-05"
"""The first day of a feed rendered without a ``start_date`` and without dates from
:mod:`narrate.publish.identity` (which dates such a course from its first build): fixed, so the
output stays deterministic."""

#: Apple Podcasts categories (top level → subcategories), as spelled in the feed.
APPLE_CATEGORIES: dict[str, tuple[str, ...]] = {
    "Arts": ("Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"),
    "Business": ("Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"),
    "Comedy": ("Comedy Interviews", "Improv", "Stand-Up"),
    "Education": ("Courses", "How To", "Language Learning", "Self-Improvement"),
    "Fiction": ("Comedy Fiction", "Drama", "Science Fiction"),
    "Government": (),
    "History": (),
    "Health & Fitness": ("Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"),
    "Kids & Family": ("Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"),
    "Leisure": (
        "Animation & Manga",
        "Automotive",
        "Aviation",
        "Crafts",
        "Games",
        "Hobbies",
        "Home & Garden",
        "Video Games",
    ),
    "Music": ("Music Commentary", "Music History", "Music Interviews"),
    "News": (
        "Business News",
        "Daily News",
        "Entertainment News",
        "News Commentary",
        "Politics",
        "Sports News",
        "Tech News",
    ),
    "Religion & Spirituality": ("Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Religion", "Spirituality"),
    "Science": (
        "Astronomy",
        "Chemistry",
        "Earth Sciences",
        "Life Sciences",
        "Mathematics",
        "Natural Sciences",
        "Nature",
        "Physics",
        "Social Sciences",
    ),
    "Society & Culture": ("Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"),
    "Sports": (
        "Baseball",
        "Basketball",
        "Cricket",
        "Fantasy Sports",
        "Football",
        "Golf",
        "Hockey",
        "Rugby",
        "Running",
        "Soccer",
        "Swimming",
        "Tennis",
        "Volleyball",
        "Wilderness",
        "Wrestling",
    ),
    "Technology": (),
    "True Crime": (),
    "TV & Film": ("After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"),
}
DEFAULT_CATEGORY = ("Education", "Courses")

# Characters XML 1.0 forbids (C0 controls except tab/LF/CR, surrogates, U+FFFE/U+FFFF).
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Only ASCII whitespace: a no-break space (U+00A0) is kept as written.
_SPACES = re.compile(r"[ \t\n]+")


# ---------------------------------------------------------------- identifiers and dates


def podcast_guid(feed_url: str) -> str:
    """``podcast:guid`` for a feed URL: UUIDv5 (namespace ``ead4c236-…``) of the URL without its
    scheme (``https://``) and without trailing slashes, as the Podcast Index namespace specifies.

    >>> podcast_guid("https://mp3s.nashownotes.com/pc20rss.xml")
    '917393e3-1b1e-5cef-ace4-edaa54e1f810'
    """
    rest = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", "", feed_url.strip())
    return str(uuid.uuid5(PODCAST_GUID_NAMESPACE, rest.rstrip("/")))


def course_guid(config: CourseConfig) -> str:
    """The show's identity as the course itself gives it, never from where it is published: course.yaml's
    ``guid`` when set, else UUIDv5 (namespace :data:`COURSE_GUID_NAMESPACE`) of the author and the
    title, each with its white space collapsed and its case folded (``"orla penhallow\ntides"``).

    The same course gives the same UUID on every machine and in every output folder; the build keeps
    the one it first used (see :mod:`narrate.publish.identity`), so a later new title changes nothing
    already built. It is the feed's ``podcast:guid`` and the namespace of every episode GUID
    (:func:`item_guid`).
    """
    if config.guid:
        return config.guid
    name = "\n".join(clean_text(part, single_line=True).casefold() for part in (config.author, config.title))
    return str(uuid.uuid5(COURSE_GUID_NAMESPACE, name))


def item_guid(show_guid: str, lesson_id: str) -> str:
    """Item ``guid`` (``isPermaLink="false"``): UUIDv5 of the lesson id in the namespace of the show's
    ``podcast:guid`` (RFC 9562 name-based UUID, SHA-1).

    Stable across rebuilds, hosts and machines, and unique within a course (lesson ids are unique)
    and across shows, whatever the titles, dates and ``base_url``.

    Raises:
        ValueError: ``show_guid`` is not a UUID.
    """
    return str(uuid.uuid5(uuid.UUID(show_guid), lesson_id))


def episode_guid(config: CourseConfig, lesson: Lesson) -> str:
    """The item ``guid`` of a lesson's episode in a course with nothing built yet: :func:`item_guid`
    of :func:`course_guid`."""
    return guid_for(config, lesson.id)


def guid_for(config: CourseConfig, lesson_id: str) -> str:
    """:func:`item_guid` of ``lesson_id`` in the namespace of :func:`course_guid`."""
    return item_guid(course_guid(config), lesson_id)


def url_guid(base_url: str, lesson_id: str) -> str:
    """The GUID older narrate versions gave an episode, from where it was published (kept when published):
    UUIDv5 (URL namespace) of ``base_url + lesson_id``."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, base_url + lesson_id))


def pub_date(config: CourseConfig, lesson: Lesson, index: int) -> datetime:
    """Scheduled publication time of a lesson (timezone-aware, UTC, at 06:00).

    The day is ``lesson.date`` (``YYYY-MM-DD``) if set, else ``config.start_date + index ×
    config.schedule_days`` days (``index`` is the 0-based position in the course). The feed makes the
    dates strictly increasing on top of this (see :func:`pub_dates`).

    Raises:
        ContentError: ``lesson.date`` is not a valid ``YYYY-MM-DD`` date.
    """
    if lesson.date:
        try:
            day = date.fromisoformat(str(lesson.date).strip())
        except ValueError:
            raise ContentError(f"lesson date must be YYYY-MM-DD, got '{lesson.date}'", lesson.source) from None
    else:
        day = date.fromisoformat(config.start_date or UNSCHEDULED_START) + timedelta(days=index * config.schedule_days)
    return datetime.combine(day, PUBLISH_TIME)


def pub_dates(config: CourseConfig, lessons: Sequence[Lesson]) -> list[datetime]:
    """Publication times of the lessons in course order, strictly increasing.

    Each is :func:`pub_date`, or one minute after the previous lesson's if that is not later (lessons
    sharing a date, or dated before an earlier lesson). Appending a lesson changes no earlier date.
    """
    dates: list[datetime] = []
    for index, lesson in enumerate(lessons):
        when = pub_date(config, lesson, index)
        if dates and when <= dates[-1]:
            when = dates[-1] + timedelta(minutes=1)
        dates.append(when)
    return dates


# ---------------------------------------------------------------- text


def clean_text(text: str | None, *, single_line: bool = False) -> str:
    """Text made safe for XML: HTML entities decoded (``&nbsp;`` → U+00A0, ``&amp;`` → ``&``),
    characters invalid in XML 1.0 removed, line ends normalised to ``\\n``. ``single_line`` also
    collapses runs of ASCII whitespace to one space and strips the ends (titles, names)."""
    text = html.unescape(text or "")
    text = _INVALID_XML.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    if single_line:
        text = _SPACES.sub(" ", text).strip()
    return text


def truncate_bytes(text: str, limit: int = MAX_DESCRIPTION_BYTES, ellipsis: str = "…") -> str:
    """``text`` if its UTF-8 form fits in ``limit`` bytes, else cut at a word boundary + ``ellipsis``."""
    if len(text.encode("utf-8")) <= limit:
        return text
    budget = limit - len(ellipsis.encode("utf-8"))
    cut = text.encode("utf-8")[:budget].decode("utf-8", "ignore")
    space = max(cut.rfind(" "), cut.rfind("\n"))
    if space > 0:
        cut = cut[:space]
    return cut.rstrip() + ellipsis


# ---------------------------------------------------------------- author HTML

#: Tags kept in descriptions: Apple Podcasts renders p, ol, ul, li and a; the others are plain inline markup.
SAFE_TAGS = frozenset({"p", "br", "a", "ul", "ol", "li", "b", "strong", "i", "em", "code"})
#: Attributes kept (everything else, e.g. ``onerror``, ``style``, is removed).
SAFE_ATTRIBUTES = {"a": frozenset({"href", "title"})}
#: Link schemes kept in ``href`` (a ``javascript:`` or ``data:`` link loses its href).
SAFE_URL_SCHEMES = frozenset({"http", "https", "mailto"})
# Text is HTML when it holds a tag of a real HTML element; "<Tides>" or "x < 5" is plain text.
_HTML_ELEMENT = re.compile(
    r"</?(?:a|abbr|address|article|aside|audio|b|base|bdi|bdo|blockquote|body|br|button|canvas|caption|center|"
    r"cite|code|col|colgroup|data|dd|del|details|dfn|dialog|div|dl|dt|em|embed|fieldset|figcaption|figure|font|"
    r"footer|form|frame|frameset|h[1-6]|head|header|hr|html|i|iframe|img|input|ins|kbd|label|legend|li|link|"
    r"main|map|mark|marquee|math|meta|nav|noscript|object|ol|optgroup|option|output|p|param|picture|pre|q|rp|rt|"
    r"ruby|s|samp|script|section|select|small|source|span|strike|strong|style|sub|summary|sup|svg|table|tbody|"
    r"td|template|textarea|tfoot|th|thead|time|title|tr|track|tt|u|ul|var|video|wbr)(?=[\s/>])",
    re.IGNORECASE,
)
_BLOCK_START = re.compile(r"^<(?:p|ul|ol)[\s>]")
_PLAIN_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")


def _nh3(fragment: str) -> str:
    """nh3 (the Ammonia sanitiser) with narrate's allow-lists; ``<script>`` and ``<style>`` lose their content too."""
    cleaned = nh3.clean(
        fragment,
        tags=set(SAFE_TAGS),
        attributes={tag: set(names) for tag, names in SAFE_ATTRIBUTES.items()},
        url_schemes=set(SAFE_URL_SCHEMES),
        link_rel="noopener noreferrer nofollow",
    )
    return cleaned.replace("&nbsp;", "\u00a0")  # the character itself: one form for every no-break space


def safe_html(text: str | None) -> str:
    """Author text (a course or episode description, a summary) → HTML safe in a feed, escaped exactly once.

    The one sanitiser for feed text. Text holding a tag of a real HTML element is parsed as HTML by
    nh3: :data:`SAFE_TAGS` with :data:`SAFE_ATTRIBUTES` are kept, other tags are dropped (their
    text kept), ``<script>``/``<style>`` are dropped with their content, event handlers
    (``onerror=`` ...) and links with a scheme outside :data:`SAFE_URL_SCHEMES` (``javascript:``)
    are removed. Any other text is plain: its character references are decoded once (``&amp;`` →
    ``&``, ``&nbsp;`` → U+00A0) and ``& < >`` escaped once, blank lines becoming paragraphs
    (``<p>``). Characters invalid in XML 1.0 are removed. Returns "" for blank text.
    """
    text = _INVALID_XML.sub("", (text or "").replace("\r\n", "\n").replace("\r", "\n")).strip()
    if not text:
        return ""
    if _HTML_ELEMENT.search(text):
        return _SPACES.sub(" ", _nh3(text)).strip()  # runs of white space are one space in HTML
    paragraphs = [
        _SPACES.sub(" ", html.escape(html.unescape(p), quote=False)).strip() for p in _PLAIN_PARAGRAPH.split(text)
    ]
    paragraphs = [p for p in paragraphs if p]
    return paragraphs[0] if len(paragraphs) == 1 else "".join(f"<p>{p}</p>" for p in paragraphs)


def html_block(fragment: str) -> str:
    """A :func:`safe_html` fragment as a block: wrapped in ``<p>`` unless it starts with p, ul or ol."""
    return fragment if not fragment or _BLOCK_START.match(fragment) else f"<p>{fragment}</p>"


def fit_html(fragment: str, limit: int) -> str:
    """A :func:`safe_html` fragment cut to at most ``limit`` UTF-8 bytes: cut at a word boundary with
    "…", then mended by the sanitiser (open tags closed, a cut tag dropped). "" if nothing fits."""
    if len(fragment.encode("utf-8")) <= limit:
        return fragment
    budget = limit
    while budget > 8:
        cut = _nh3(truncate_bytes(fragment, budget))
        size = len(cut.encode("utf-8"))
        if size <= limit:
            return cut
        budget -= max(8, size - limit)
    return ""


def clock(ms: int) -> str:
    """A time in the episode as ``HH:MM:SS`` (whole seconds, rounded down), the form podcast apps
    turn into a link that seeks."""
    seconds = max(0, ms) // 1000
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def episode_description(
    lesson: Lesson,
    limit: int = MAX_DESCRIPTION_BYTES,
    phrases: Phrases | None = None,
    chapters: Sequence[ChapterMark] = (),
) -> str:
    """The episode notes as HTML (at most ``limit`` bytes): subtitle and summary (through
    :func:`safe_html`, each a block), then a list: the chapters with their start times
    (``00:01:12 Question 1``) when ``chapters`` are given, else the section titles and "Quiz: N
    questions" (the ``notes.quiz`` phrase of ``phrases``, default English); then the code blocks and
    tables of :attr:`Lesson.show_notes` as ``<pre><code>`` while they fit. The list keeps at least
    half of ``limit`` when it needs it; a too long summary is cut at a word boundary with "…"."""
    blocks = [html_block(safe_html(t)) for t in (lesson.subtitle, lesson.summary)]
    blocks = [b for b in blocks if b]
    if chapters:
        items = [f"{clock(c.start_ms)} {clean_text(c.title, single_line=True)}" for c in chapters]
    else:
        say = phrases or Phrases(SOURCE_LANGUAGE)
        items = [clean_text(say(s.role) if s.role else s.title, single_line=True) for s in lesson.sections]
        if lesson.quiz:
            items.append(say("notes.quiz", count=len(lesson.quiz)))
    listing = [f"<li>{html.escape(item, quote=False)}</li>" for item in items if item]
    if not blocks and not listing:
        blocks = [html_block(html.escape(clean_text(lesson.title, single_line=True), quote=False))]
    wanted = len("<ul></ul>") + sum(len(li.encode("utf-8")) for li in listing) if listing else 0
    out = ""
    for para in blocks:
        room = limit - min(wanted, limit // 2) - len(out.encode("utf-8"))
        if room < 16:
            break
        out += fit_html(para, room)
    kept = ""
    for li in listing:
        if len((out + "<ul>" + kept + li + "</ul>").encode("utf-8")) > limit:
            break
        kept += li
    out += f"<ul>{kept}</ul>" if kept else ""
    for block in lesson.show_notes:  # the code and tables the listener was told are in the notes
        pre = f"<pre><code>{html.escape(notes_text(block), quote=False)}</code></pre>"
        if len((out + pre).encode("utf-8")) > limit:
            break
        out += pre
    return out


def notes_text(block: CodeBlock | Table) -> str:
    """A code block or table of the show notes as plain text: the code as written; a table as rows of
    cells joined by " | ", the header first."""
    if isinstance(block, CodeBlock):
        return block.code
    rows = ([block.header] if block.header else []) + list(block.rows)
    return "\n".join(" | ".join(cell for cell in row) for row in rows)


def media_url(config: CourseConfig, relative_path: str) -> str:
    """Absolute URL of an output file: ``base_url`` + the percent-encoded path (``/`` kept, UTF-8)."""
    base = config.base_url if config.base_url.endswith("/") else config.base_url + "/"
    return base + quote(relative_path.replace("\\", "/").lstrip("/"), safe="/")


def category_path(category: Sequence[str]) -> tuple[str, ...]:
    """``config.category`` checked against Apple's list (case-insensitive, "How-To" = "How To").

    Returns ``(top,)`` or ``(top, sub)`` as Apple spells them; an unknown top level falls back to
    ("Education", "Courses"), an unknown subcategory is dropped (both logged as warnings)."""

    def key(name: str) -> str:
        return re.sub(r"[\s-]+", " ", str(name)).strip().casefold()

    parts = [p for p in (category or ()) if str(p).strip()]
    tops = {key(t): t for t in APPLE_CATEGORIES}
    top = tops.get(key(parts[0])) if parts else None
    if top is None:
        warn(f"unknown Apple Podcasts category {tuple(parts)!r}; using {DEFAULT_CATEGORY}")
        return DEFAULT_CATEGORY
    if len(parts) < 2:
        return (top,)
    subs = {key(s): s for s in APPLE_CATEGORIES[top]}
    sub = subs.get(key(parts[1]))
    if sub is None:
        warn(f"unknown Apple Podcasts subcategory {parts[1]!r} of {top!r}; using {top!r} alone")
        return (top,)
    return (top, sub)


# ---------------------------------------------------------------- feed


def render_feed(
    config: CourseConfig,
    episodes: Sequence[Episode],
    *,
    image_file: str | None = None,
    feed_file: str = "feed.xml",
    guids: Sequence[str] | None = None,
    dates: Sequence[datetime] | None = None,
    show_guid: str | None = None,
) -> str:
    """The RSS 2.0 podcast feed for ``episodes`` (one item each, in the given lesson order).

    Args:
        config: course settings (title, description, base_url, link, language, category, explicit,
            author, start_date, schedule_days; optional attributes ``season``, ``locked``,
            ``owner_email`` are used when present).
        episodes: built episodes; ``audio_file``/``files`` are paths relative to the output folder.
        image_file: cover image path relative to the output folder, or None.
        feed_file: the feed's own path relative to the output folder (for ``atom:link rel=self``
            and ``podcast:guid``).
        guids, dates: each episode's GUID and publication time (see :mod:`narrate.publish.identity`,
            which keeps published ones); None: :func:`episode_guid` and :func:`pub_dates`.
        show_guid: the show's ``podcast:guid`` (see :mod:`narrate.publish.identity`, which keeps the
            published one); None: :func:`course_guid`.

    Returns:
        The XML document as a str beginning ``<?xml version="1.0" encoding="UTF-8"?>`` (encode it as
        UTF-8 to write it). Same input → same bytes.

    Raises:
        BuildError: an episode has no audio file.
        ContentError: two episodes have the same lesson id, or a lesson date is invalid.
    """
    _check_episodes(episodes)
    if dates is None:
        dates = pub_dates(config, [ep.lesson for ep in episodes])
    if guids is None:
        guids = [episode_guid(config, ep.lesson) for ep in episodes]
    rss = ET.Element("rss", {"version": "2.0"})
    channel = ET.SubElement(rss, "channel")
    _channel(channel, config, media_url(config, feed_file), image_file, dates, show_guid or course_guid(config))
    for index, (episode, when, guid) in enumerate(zip(episodes, dates, guids)):
        _item(channel, config, episode, index, when, guid)

    ET.indent(rss, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(rss, encoding="unicode") + "\n"


def _check_episodes(episodes: Sequence[Episode]) -> None:
    """Raises: ContentError: two episodes have the same lesson id. BuildError: one has no audio file."""
    seen: set[str] = set()
    for ep in episodes:
        if ep.lesson.id in seen:
            raise ContentError(f"two lessons have the id '{ep.lesson.id}' (feed GUIDs must differ)", ep.lesson.source)
        seen.add(ep.lesson.id)
        if not ep.audio_file:
            raise BuildError(f"episode '{ep.lesson.id}' has no audio file for the feed enclosure")


def _channel(
    channel: ET.Element,
    config: CourseConfig,
    feed_url: str,
    image_file: str | None,
    dates: Sequence[datetime],
    show_guid: str,
) -> None:
    """The channel's own elements, in the order of the feed (before its items)."""
    title = clean_text(config.title, single_line=True)
    link = config.link or config.base_url
    ET.SubElement(channel, f"{{{ATOM}}}link", {"href": feed_url, "rel": "self", "type": "application/rss+xml"})
    _text(channel, "title", title)
    _text(channel, "link", link)
    description = fit_html(safe_html(config.description) or html.escape(title, quote=False), MAX_DESCRIPTION_BYTES)
    _text(channel, "description", description)
    _text(channel, "language", clean_text(config.language, single_line=True) or DEFAULT_LANGUAGE)
    _text(channel, "generator", GENERATOR)
    # the newest episode's date, not the clock: a rebuild with no change gives the same bytes
    newest = (
        max(dates)
        if dates
        else datetime.combine(date.fromisoformat(config.start_date or UNSCHEDULED_START), PUBLISH_TIME)
    )
    _text(channel, "lastBuildDate", format_datetime(newest))
    # Apple requires itunes:author: a course without an author (e.g. one lesson page) is credited to its title
    author = clean_text(config.author or config.title, single_line=True)
    if author:
        _text(channel, f"{{{ITUNES}}}author", author)
    _text(channel, f"{{{ITUNES}}}summary", description)
    _text(channel, f"{{{ITUNES}}}type", getattr(config, "show_type", "") or "serial")
    _text(channel, f"{{{ITUNES}}}explicit", "true" if config.explicit else "false")
    copyright_ = clean_text(getattr(config, "copyright", ""), single_line=True)
    if copyright_:
        _text(channel, "copyright", copyright_)
    if getattr(config, "complete", False):
        _text(channel, f"{{{ITUNES}}}complete", "Yes")
    if image_file:
        _image(channel, media_url(config, image_file), title, link)
    cat = category_path(config.category)
    top = ET.SubElement(channel, f"{{{ITUNES}}}category", {"text": cat[0]})
    if len(cat) > 1:
        ET.SubElement(top, f"{{{ITUNES}}}category", {"text": cat[1]})
    _owner(channel, config, author)
    _podcast(channel, config, show_guid)


def _image(channel: ET.Element, image_url: str, title: str, link: str) -> None:
    """The cover as ``itunes:image`` and as RSS ``image``."""
    ET.SubElement(channel, f"{{{ITUNES}}}image", {"href": image_url})
    image = ET.SubElement(channel, "image")
    _text(image, "url", image_url)
    _text(image, "title", title)
    _text(image, "link", link)


def _owner(channel: ET.Element, config: CourseConfig, author: str) -> None:
    """``itunes:owner`` (name and email), when the course has an ``owner_email``."""
    owner_name = clean_text(getattr(config, "owner_name", "") or author, single_line=True)
    owner_email = getattr(config, "owner_email", None)
    if owner_email:
        owner = ET.SubElement(channel, f"{{{ITUNES}}}owner")
        if owner_name:
            _text(owner, f"{{{ITUNES}}}name", owner_name)
        _text(owner, f"{{{ITUNES}}}email", clean_text(owner_email, single_line=True))


def _podcast(channel: ET.Element, config: CourseConfig, show_guid: str) -> None:
    """The Podcast Index namespace's channel elements: guid, funding, persons, locked."""
    _text(channel, f"{{{PODCAST}}}guid", show_guid)
    for funding in getattr(config, "funding", ()):
        _text(channel, f"{{{PODCAST}}}funding", clean_text(funding.text, single_line=True), {"url": funding.url})
    _persons(channel, getattr(config, "persons", ()))
    locked = getattr(config, "locked", None)
    if locked is not None:
        owner_email = getattr(config, "owner_email", None)
        value = locked if isinstance(locked, str) else ("yes" if locked else "no")
        attrs = {"owner": clean_text(owner_email, single_line=True)} if owner_email else {}
        _text(channel, f"{{{PODCAST}}}locked", value, attrs)


def _item(channel: ET.Element, config: CourseConfig, episode: Episode, index: int, when: datetime, guid: str) -> None:
    lesson = episode.lesson
    item = ET.SubElement(channel, "item")
    title = clean_text(lesson.title, single_line=True) or lesson.id
    _text(item, "title", title)
    notes = episode_description(
        lesson, phrases=course_phrases(config, episode.script.language), chapters=episode.chapters
    )
    _text(item, "description", notes)
    _text(item, f"{{{CONTENT}}}encoded", notes)
    ET.SubElement(
        item,
        "enclosure",
        {
            "url": media_url(config, episode.audio_file),
            "length": str(int(episode.audio_bytes)),
            "type": episode.mime_type or "audio/mpeg",
        },
    )
    _text(item, "guid", guid, {"isPermaLink": "false"})
    _text(item, "pubDate", format_datetime(when))
    _text(item, f"{{{ITUNES}}}title", title)
    _text(item, f"{{{ITUNES}}}duration", str((max(0, int(episode.duration_ms)) + 500) // 1000))
    _text(item, f"{{{ITUNES}}}episode", str(getattr(lesson, "episode", None) or lesson.number or index + 1))
    season = getattr(lesson, "season", None) or getattr(config, "season", None)
    if season:
        _text(item, f"{{{ITUNES}}}season", str(int(season)))
    episode_type = getattr(lesson, "episode_type", None) or ("bonus" if episode.bonus else "full")
    _text(item, f"{{{ITUNES}}}episodeType", episode_type)
    explicit = getattr(lesson, "explicit", None)
    if explicit is not None:
        _text(item, f"{{{ITUNES}}}explicit", "true" if explicit else "false")
    image = (episode.files or {}).get("image")
    if image:
        ET.SubElement(item, f"{{{ITUNES}}}image", {"href": media_url(config, image)})
    files = episode.files or {}
    if files.get("chapters"):
        ET.SubElement(
            item,
            f"{{{PODCAST}}}chapters",
            {"url": media_url(config, files["chapters"]), "type": "application/json+chapters"},
        )
    for key in ("vtt", "srt"):
        if files.get(key):
            ET.SubElement(
                item,
                f"{{{PODCAST}}}transcript",
                {"url": media_url(config, files[key]), "type": media_type(files[key]), "rel": "captions"},
            )


def _persons(parent: ET.Element, persons: Sequence) -> None:
    """``podcast:person`` (Podcast Index namespace): name as text; role (default host), href, img."""
    for person in persons:
        attrs = {"role": person.role or "host"}
        attrs.update({k: v for k, v in (("href", person.href), ("img", person.img)) if v})
        _text(parent, f"{{{PODCAST}}}person", clean_text(person.name, single_line=True), attrs)


def _text(parent: ET.Element, tag: str, text: str, attrs: dict[str, str] | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs or {})
    element.text = text
    return element


def with_new_feed_url(feed: bytes, new_feed_url: str, *, own_url: str | None = None) -> bytes:
    """A feed written by :func:`render_feed`, to be left at its old address once it moves: the same
    document with ``<itunes:new-feed-url>`` (Apple Podcasts' tag for a moved feed, which the Podcast
    Index follows too) naming ``new_feed_url``, first in the channel after ``atom:link``; an
    ``itunes:new-feed-url`` it had is replaced. ``own_url``: the old address, written as its
    ``atom:link rel="self"`` (where this document is).

    Raises:
        ValueError: ``feed`` is not an RSS feed (not well-formed, or no ``<channel>``).
    """
    try:
        rss = ET.fromstring(feed)
    except ET.ParseError as exc:
        raise ValueError(f"not well-formed XML ({exc})") from None
    channel = rss.find("channel")
    if rss.tag != "rss" or channel is None:
        raise ValueError("not an RSS feed (no <rss><channel>)")
    for old in channel.findall(f"{{{ITUNES}}}new-feed-url"):
        channel.remove(old)
    for link in channel.findall(f"{{{ATOM}}}link"):
        if own_url and link.get("rel") == "self":
            link.set("href", own_url)
    tag = ET.Element(f"{{{ITUNES}}}new-feed-url")
    tag.text = new_feed_url
    links = [n for n, child in enumerate(channel) if child.tag == f"{{{ATOM}}}link"]
    channel.insert(links[-1] + 1 if links else 0, tag)
    ET.indent(rss, space="  ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(rss, encoding="unicode") + "\n").encode("utf-8")
