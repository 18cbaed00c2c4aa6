"""A course as a read-along book: EPUB 3 with Media Overlays, the episodes' audio inside.

``narrate build --format epub`` writes ``OUT/<slug of the course title>.epub``: one page per episode
with its text as the transcripts show it (the written form, ``CueTime.written``, not the spoken
respellings), the episode's audio, and a Media Overlay that highlights each sentence while it is
spoken, from the cue times the transcripts are made from. Layout of the container::

    mimetype                    "application/epub+zip", the first entry, stored
    META-INF/container.xml      points at EPUB/package.opf
    EPUB/package.opf            metadata (media:duration of each overlay and in total, the active
                                class), manifest, spine: the cover page, then the episodes in order
    EPUB/nav.xhtml              contents: each lesson, and under it each of its chapters
    EPUB/cover.xhtml            the course cover, title and author (when the build has a cover)
    EPUB/images/cover.png|.jpg  the cover (``cover-image``)
    EPUB/style.css              plain styles and the active class
    EPUB/text/NN-<id>.xhtml     one page per episode: a section per chapter, a span per sentence
    EPUB/smil/NN-<id>.smil      its overlay: a seq per chapter, a par per sentence
    EPUB/audio/NN-<id>.mp3      its audio (the episode file as published; an M4B-only build: .m4b)

The overlay covers each episode's audio end to end, without a gap: a sentence is lit from the start
of its cue to the start of the next (through the pause after it); a think pause before a quiz answer
is an element of its own ("Think pause · 5 s"), so the answer lights only once the pause is over
(listen-and-repeat pauses likewise). A chapter whose first sentence is its own title ("What a cell
is.") lights its heading for it.

Standards: EPUB 3.3 (https://www.w3.org/TR/epub-33/: OCF container, package document, XHTML content
documents, navigation document) and its Media Overlays (SMIL 3.0 ``seq``/``par``/``text``/``audio``,
clock values ``H:MM:SS.mmm``; https://www.w3.org/TR/epub-33/#sec-media-overlays); checked with
EPUBCheck 4.2 (0 errors, 0 warnings; ``tests/publish/test_epub_e2e.py``). Documents are rendered
with Jinja2 (autoescaped) from ``narrate/publish/templates/epub-*``.

Deterministic: ``mimetype`` first, then the entries in sorted order, each dated
:data:`ZIP_DATE`; ``dcterms:modified`` is the newest episode date of the course, never the clock.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from narrate.config import CourseConfig
from narrate.files import replacing
from narrate.model import Episode, episode_stem
from narrate.publish.feed import media_url, podcast_guid
from narrate.publish.preview import TEMPLATES, format_seconds, script_chapters
from narrate.text.phrases import is_rtl
from narrate.text.readers.common import slugify
from narrate.text.script import course_phrases

__all__ = ["ACTIVE_CLASS", "Page", "Part", "Passage", "book_entries", "book_name", "clock", "page_of", "write_book"]

MIMETYPE = b"application/epub+zip"
ACTIVE_CLASS = "-epub-media-overlay-active"
"""``media:active-class``: the class a reading system gives the element being heard."""
PLAYING_CLASS = "-epub-media-overlay-playing"
"""``media:playback-active-class``: the class on the document while its overlay plays."""
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
"""The date of every entry in the container (the ZIP format's first day): the same bytes every build."""

_BOOK_TYPES = {".mp3": "audio/mpeg", ".m4b": "audio/mp4", ".png": "image/png", ".jpg": "image/jpeg"}
"""Media types inside the book: EPUB 3's core media types (MP4 audio is ``audio/mp4`` there)."""
_STORED = (".mp3", ".m4b", ".png", ".jpg")
"""Entries stored as they are: already compressed."""
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_TITLE_END = re.compile(r"[\s.!?:;…]+$")

_CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""

_ENV = TEMPLATES.overlay(autoescape=True)  # XML: &, <, >, " and ' become references


@dataclass(frozen=True)
class Passage:
    """One element of a page that its overlay lights, ``[begin_ms, end_ms)`` of the episode's audio.

    ``kind`` is "say" (``text``: the sentence as written) or the pause kind "think" / "repeat"
    (``text``: its label, e.g. "Think pause · 5 s"); ``id`` is the element's id on the page;
    ``paragraph_end``: a paragraph or section pause follows it.
    """

    id: str
    kind: str
    text: str
    begin_ms: int
    end_ms: int
    role: str = "narrator"
    paragraph_end: bool = False


@dataclass(frozen=True)
class Part:
    """A chapter of a page: its section's ``id``, ``title``, the id of its heading (a passage's when
    the chapter's first sentence is its title) and its paragraphs of passages, in order."""

    id: str
    title: str
    heading_id: str
    paragraphs: tuple[tuple[Passage, ...], ...]
    heading: Passage | None = None

    def passages(self) -> list[Passage]:
        """Every passage the overlay lights in this chapter, the heading first when it is spoken."""
        return ([self.heading] if self.heading else []) + [p for paragraph in self.paragraphs for p in paragraph]


@dataclass(frozen=True)
class Page:
    """One episode in the book: ``name`` (file stem inside the book, ``[a-z0-9-]``), its title,
    the line above it (``Lesson 2``), its language, its audio (``audio/<name>.mp3``, relative to
    the package document), that file's media type, its length in ms and its chapters."""

    name: str
    title: str
    eyebrow: str
    language: str
    audio: str
    audio_type: str
    duration_ms: int
    parts: tuple[Part, ...]


def book_name(title: str) -> str:
    """``OUT``-relative file name of a course's book: ``<slug of title>.epub`` (``"How Batteries
    Work"`` → ``how-batteries-work.epub``); ``course.epub`` for a title with no Latin letter or digit."""
    slug = slugify(title)
    return f"{slug if slug != 'lesson' or 'lesson' in title.casefold() else 'course'}.epub"


def clock(ms: int) -> str:
    """Milliseconds as a SMIL full clock value ``H:MM:SS.mmm``: 3_723_004 → ``"1:02:03.004"``."""
    hours, rest = divmod(max(0, int(ms)), 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def _clean(text: str) -> str:
    """``text`` on one line, without the characters XML 1.0 forbids."""
    return " ".join(_INVALID_XML.sub("", text).split())


def _is_title(text: str, title: str) -> bool:
    """The sentence says the chapter's title and nothing more ("What a cell is." for "What a cell is")."""
    return _TITLE_END.sub("", text).casefold() == _TITLE_END.sub("", " ".join(title.split())).casefold() != ""


def page_of(episode: Episode, name: str, audio: str, config: CourseConfig) -> Page:
    """One episode as a page of the book (see the module docstring): its chapters from the preview's
    reading of the script (:func:`narrate.publish.preview.script_chapters`), each sentence in its
    written form, the passages' times made contiguous from 0 to the episode's end.

    Args:
        name: the page's file stem in the book.  audio: its audio's path in the book (``audio/...``).

    Raises:
        BuildError: the cue times do not match the script.
    """
    language = episode.script.language or config.language
    said = course_phrases(config, episode.script.language or None)
    written = {t.start_ms: t.written or t.text for t in episode.cue_times if t.kind == "say"}
    labels = {"think": said("preview.think_pause"), "repeat": said("preview.repeat_pause")}
    chapters: list[tuple[str, str, int]] = []  # (section id, title, how many passages)
    passages: list[Passage] = []
    for block in script_chapters(episode):
        before = len(passages)
        for row in block.rows:
            if row.kind == "say":
                text = _clean(written.get(row.start_ms, row.text))
                passages.append(Passage(row.id, "say", text, row.start_ms, row.end_ms, row.role, row.paragraph_end))
            else:
                label = f"{labels.get(row.kind, row.kind)} · {format_seconds(row.pause_ms)}"
                passages.append(Passage(row.id, row.kind, label, row.start_ms, row.end_ms, paragraph_end=True))
        if len(passages) > before:
            chapters.append((f"part-{block.index + 1}", _clean(block.title), len(passages) - before))
    passages = _contiguous(passages, episode.duration_ms)
    parts, at = [], 0
    for part_id, title, count in chapters:
        parts.append(_part(part_id, title, passages[at : at + count]))
        at += count
    lesson = episode.lesson
    return Page(
        name=name,
        title=_clean(lesson.title or lesson.id),
        eyebrow=said("preview.lesson", number=lesson.number) if lesson.number else "",
        language=language,
        audio=audio,
        audio_type=_BOOK_TYPES[PurePosixPath(audio).suffix],
        duration_ms=episode.duration_ms,
        parts=tuple(parts),
    )


def _contiguous(passages: list[Passage], duration_ms: int) -> list[Passage]:
    """``passages`` (in order) covering ``[0, duration_ms)`` without a gap: the first begins at 0,
    each ends where the next begins, the last at the end of the audio."""
    begins = [0] + [p.begin_ms for p in passages[1:]]
    ends = begins[1:] + [duration_ms]
    return [replace(p, begin_ms=b, end_ms=max(e, b + 1)) for p, b, e in zip(passages, begins, ends)]


def _part(part_id: str, title: str, passages: list[Passage]) -> Part:
    """A chapter's passages as paragraphs (a new one after a paragraph or section pause, and around
    a pause's label); its first sentence becomes the heading when it says the title."""
    heading = None
    if passages[0].kind == "say" and _is_title(passages[0].text, title):
        heading, passages = passages[0], passages[1:]
    paragraphs: list[list[Passage]] = []
    for passage in passages:
        alone = passage.kind != "say"
        if not paragraphs or alone or paragraphs[-1][-1].paragraph_end or paragraphs[-1][-1].kind != "say":
            paragraphs.append([])
        paragraphs[-1].append(passage)
    heading_id = heading.id if heading else f"{part_id}-title"
    return Part(part_id, title, heading_id, tuple(tuple(p) for p in paragraphs), heading)


def _names(episodes: Sequence[Episode]) -> list[str]:
    """Each episode's file stem in the book: its ``NN-<id>`` as ``[a-z0-9-]``, unique."""
    names: list[str] = []
    for episode in episodes:
        name = slugify(episode_stem(episode.lesson))
        while name in names:
            name += "-2"
        names.append(name)
    return names


def book_entries(
    config: CourseConfig,
    episodes: Sequence[Episode],
    out_dir: Path,
    *,
    cover: str | None,
    modified: datetime,
    identifier: str | None = None,
) -> dict[str, bytes | Path]:
    """The files of the book, by their path in the container (``mimetype`` first): the rendered
    documents as bytes, the audio and the cover as the published files in ``out_dir`` they are
    copied from.

    Args:
        episodes: the episodes the book holds, in order, with their published ``audio_file``.
        cover: the cover's file name in ``out_dir`` (``cover.png``), or None.
        modified: ``dcterms:modified`` (the newest episode date; UTC).
        identifier: the book's ``dc:identifier`` as a UUID: the show's ``podcast:guid``, which its
            build state keeps (None: the one the feed URL gives, :func:`narrate.publish.feed.podcast_guid`).

    Raises:
        BuildError: an episode's cue times do not match its script.
    """
    pages, held = [], []
    for name, episode in zip(_names(episodes), episodes):
        ext = PurePosixPath(episode.audio_file).suffix.lower()
        page = page_of(episode, name, f"audio/{name}{ext}", config)
        if page.parts:  # an episode with nothing to read (no sentence) has no page
            pages.append(page)
            held.append(episode)
    said = course_phrases(config)
    title, author = _clean(config.title), _clean(config.author or "")
    common = {"title": title, "language": config.language, "rtl": is_rtl(config.language), "clock": clock}
    cover_info = None
    if cover:
        ext = PurePosixPath(cover).suffix.lower()
        cover_info = {
            "href": f"images/cover{ext}",
            "type": _BOOK_TYPES[ext],
            "alt": said("preview.cover_of", title=title),
        }
    entries: dict[str, bytes | Path] = {"mimetype": MIMETYPE, "META-INF/container.xml": _CONTAINER.encode()}
    package = _ENV.get_template("epub-package.opf").render(
        **common,
        pages=pages,
        cover=cover_info,
        identifier=f"urn:uuid:{identifier or podcast_guid(media_url(config, 'feed.xml'))}",
        author=author,
        description=_clean(config.description or ""),
        modified=modified.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        total=clock(sum(page.duration_ms for page in pages)),
        active_class=ACTIVE_CLASS,
        playing_class=PLAYING_CLASS,
    )
    entries["EPUB/package.opf"] = package.encode()
    entries["EPUB/nav.xhtml"] = (
        _ENV.get_template("epub-nav.xhtml").render(**common, pages=pages, cover=cover_info).encode()
    )
    entries["EPUB/style.css"] = _ENV.get_template("epub.css").render().encode()
    if cover and cover_info:
        by = said("preview.by", author=author) if author else ""
        entries["EPUB/cover.xhtml"] = (
            _ENV.get_template("epub-cover.xhtml").render(**common, cover=cover_info, by=by).encode()
        )
        entries[f"EPUB/{cover_info['href']}"] = out_dir / cover
    for page, episode in zip(pages, held):
        entries[f"EPUB/text/{page.name}.xhtml"] = (
            _ENV.get_template("epub-page.xhtml").render(**common, page=page).encode()
        )
        entries[f"EPUB/smil/{page.name}.smil"] = (
            _ENV.get_template("epub-overlay.smil").render(page=page, clock=clock).encode()
        )
        entries[f"EPUB/{page.audio}"] = out_dir / episode.audio_file
    return entries


def write_zip(path: Path, entries: Mapping[str, bytes | Path]) -> None:
    """Write ``entries`` (path in the container → bytes, or a file to copy) as an OCF ZIP container at
    ``path``: ``mimetype`` first and stored without an extra field, then the others in sorted order
    (audio and images stored, text deflated), every entry dated :data:`ZIP_DATE` with mode 0644.
    Written beside ``path`` and renamed into place.

    Raises:
        OSError: a file cannot be read or written.
    """
    order = ["mimetype"] + sorted(name for name in entries if name != "mimetype")
    with replacing(path) as tmp, zipfile.ZipFile(tmp, "w") as book:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.create_system = 3  # Unix, so that the mode below is read as one
            info.external_attr = 0o100644 << 16
            stored = name == "mimetype" or name.endswith(_STORED)
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            source = entries[name]
            if isinstance(source, bytes):
                book.writestr(info, source)
            else:
                info.file_size = source.stat().st_size
                with open(source, "rb") as data, book.open(info, "w") as out:
                    shutil.copyfileobj(data, out, 1 << 20)


def write_book(
    out_dir: Path,
    config: CourseConfig,
    episodes: Sequence[Episode],
    *,
    cover: str | None,
    modified: datetime,
    identifier: str | None = None,
) -> str | None:
    """Write the course's read-along book ``out_dir/<slug>.epub`` (see :func:`book_entries`) from the
    published episodes; returns its name relative to ``out_dir``, or None when no episode has audio
    and a sentence to read (no book is written).

    Raises:
        BuildError: an episode's cue times do not match its script.  OSError: a file cannot be
            read or written.
    """
    held = [e for e in episodes if e.audio_file and e.cue_times]
    if not held:
        return None
    entries = book_entries(config, held, Path(out_dir), cover=cover, modified=modified, identifier=identifier)
    if not any(path.startswith("EPUB/text/") for path in entries):
        return None
    name = book_name(config.title)
    write_zip(Path(out_dir) / name, entries)
    return name
