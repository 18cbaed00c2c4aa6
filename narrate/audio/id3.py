"""ID3 tags, chapters and cover art for the episode MP3.

Standards: ID3v2.3.0 (https://id3.org/id3v2.3.0) and the "ID3v2 Chapter Frame Addendum" v1.0
(https://id3.org/id3v2-chapters-1.0): one ``CHAP`` frame per chapter, with a ``TIT2`` sub-frame
holding its title, and one top-level, ordered ``CTOC`` frame listing them.

Why ID3v2.3 and not 2.4: a v2.4 frame size is "syncsafe" (7 bits a byte), a v2.3 one a plain 32-bit
integer. ffmpeg (libavformat's ``id3v2.c``, checked with 5.1) reads the size of a ``CHAP``'s sub-frames
as a plain integer whatever the version, so in a v2.4 tag a chapter whose title frame is 128 bytes or
more (a 126-character ASCII title, 63 characters of accented text) gets a wrong size and the chapter
is dropped: ffprobe, mpv, VLC and every ffmpeg-based player list it no more. A v2.3 size means the
same to every reader; v2.3 is also what most podcast tools write and what Apple reads.

Every text frame is UTF-16 with a byte-order mark (encoding 1; v2.3 has no UTF-8); the date is
``TYER`` (year) and ``TDAT`` (DDMM), v2.3's frames for v2.4's ``TDRC``. No ID3v1 tag is written; an
existing one is removed.

Frame order: mutagen's ``ID3.save`` sorts frames by a size heuristic, which would store the
``CHAP`` frames in an order unrelated to time. Some players list chapters in stored order, so
:class:`_OrderedID3` writes frames in the order they were added, and :func:`write_tags` adds them
as: text frames, ``COMM``, ``CTOC``, ``CHAP`` in time order, ``APIC`` last.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from mutagen import MutagenError
from mutagen.id3 import (
    APIC,
    CHAP,
    COMM,
    CTOC,
    ID3,
    TALB,
    TCON,
    TDAT,
    TIT2,
    TLAN,
    TPE1,
    TRCK,
    TYER,
    CTOCFlags,
    Encoding,
    ID3NoHeaderError,
    PictureType,
)
from mutagen.id3._tags import ID3Tags, save_frame

from narrate.errors import BuildError
from narrate.model import ChapterMark

__all__ = ["check_chapters", "write_tags", "read_chapters", "read_tags"]

_UTF16 = Encoding.UTF16  # text encoding byte 1: UTF-16 with a byte-order mark (ID3v2.3 has no UTF-8)
_ID3_VERSION = 3  # ID3v2.3.0: plain frame sizes (see the module docstring)
_TOC_ID = "toc"
_COVER_MIMES = ("image/jpeg", "image/png")


class _OrderedID3(ID3):
    """An ``ID3`` whose ``save`` stores frames in insertion order instead of mutagen's sorted order.

    Overrides the (private) ``ID3Tags._write`` hook that ``ID3.save`` calls to serialise the frames;
    everything else (header, padding, ID3v1 handling) is mutagen's own.
    """

    def _write(self, config):  # noqa: D102 - mutagen hook
        data = [save_frame(frame, config=config) for frame in self.values()]
        return bytearray().join(data)


def check_chapters(chapters: Sequence[ChapterMark], duration_ms: int | None = None) -> None:
    """Check that ``chapters`` tile the episode: ``[0, duration_ms)`` without gaps or overlaps.

    Every chapter has a non-blank title, the first starts at 0 ms, each one ends where the next
    begins, none is zero-length or negative, and (when ``duration_ms`` is given) the last ends at ``duration_ms``. An empty list is
    valid. Raises ``ValueError`` naming the first bad chapter.
    """
    previous_end = 0
    for index, mark in enumerate(chapters):
        where = f"chapter {index + 1} ({mark.title!r})"
        if not mark.title.strip():
            raise ValueError(f"{where} has no title")
        if mark.start_ms != previous_end:
            if index == 0:
                raise ValueError(f"{where} starts at {mark.start_ms} ms; the first chapter must start at 0 ms")
            raise ValueError(f"{where} starts at {mark.start_ms} ms but the previous chapter ends at {previous_end} ms")
        if mark.end_ms <= mark.start_ms:
            raise ValueError(f"{where} is empty or reversed: {mark.start_ms} ms to {mark.end_ms} ms")
        previous_end = mark.end_ms
    if chapters and duration_ms is not None and previous_end != duration_ms:
        raise ValueError(f"the last chapter ends at {previous_end} ms but the episode lasts {duration_ms} ms")


def write_tags(
    mp3_path: Path,
    *,
    title: str,
    album: str,
    artist: str,
    track: int,
    track_total: int | None,
    chapters: Sequence[ChapterMark],
    duration_ms: int,
    cover: bytes | None = None,
    cover_mime: str = "image/jpeg",
    language: str = "eng",
    comment: str = "",
    date: str | None = None,
    genre: str = "Podcast",
) -> None:
    """Replace the tags of ``mp3_path`` in place with an ID3v2.3 tag (and no ID3v1 tag).

    Writes ``TIT2`` title, ``TALB`` album, ``TPE1`` artist, ``TRCK`` "track/track_total" (or "track"),
    ``TYER``/``TDAT`` date (from ISO ``YYYY[-MM[-DD]]``, optional; read back as ``YYYY[-MM-DD]``), ``TCON`` genre, ``TLAN`` and ``COMM`` (ISO 639-2
    ``language``, comment only when non-empty), ``APIC`` front cover (``cover_mime`` is "image/jpeg"
    or "image/png"), then one ``CTOC`` "toc" and one ``CHAP`` "chp<i>" per chapter (times in ms,
    byte offsets unused: 0xFFFFFFFF), stored in time order.

    The caller writes to a temporary file and renames it; this function edits the file it is given.

    Raises:
        ValueError: chapters do not tile ``[0, duration_ms)`` (see :func:`check_chapters`), a bad
            track number, language code or cover MIME type.
        BuildError: mutagen could not read or write the file.
    """
    check_chapters(chapters, duration_ms)
    if track < 0 or (track_total is not None and track_total < track):
        raise ValueError(f"bad track number {track}/{track_total}")
    if len(language) != 3 or not language.isascii() or not language.isalpha():
        raise ValueError(f"language must be a three-letter ISO 639-2 code, not {language!r}")
    if cover is not None and cover_mime not in _COVER_MIMES:
        raise ValueError(f"cover MIME type must be one of {', '.join(_COVER_MIMES)}, not {cover_mime!r}")

    tags = _OrderedID3()
    tags.add(TIT2(encoding=_UTF16, text=[title]))
    tags.add(TALB(encoding=_UTF16, text=[album]))
    tags.add(TPE1(encoding=_UTF16, text=[artist]))
    tags.add(TRCK(encoding=_UTF16, text=[f"{track}/{track_total}" if track_total else str(track)]))
    if date:
        _add_date(tags, date)
    tags.add(TCON(encoding=_UTF16, text=[genre]))
    tags.add(TLAN(encoding=_UTF16, text=[language]))
    if comment:
        tags.add(COMM(encoding=_UTF16, lang=language, desc="", text=[comment]))
    if chapters:
        ids = [f"chp{i}" for i in range(len(chapters))]
        tags.add(
            CTOC(
                element_id=_TOC_ID,
                flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
                child_element_ids=ids,
                sub_frames=[],
            )
        )
        for element_id, mark in zip(ids, chapters):
            tags.add(
                CHAP(
                    element_id=element_id,
                    start_time=mark.start_ms,
                    end_time=mark.end_ms,
                    start_offset=0xFFFFFFFF,
                    end_offset=0xFFFFFFFF,
                    sub_frames=[TIT2(encoding=_UTF16, text=[mark.title])],
                )
            )
    if cover is not None:
        tags.add(APIC(encoding=_UTF16, mime=cover_mime, type=PictureType.COVER_FRONT, desc="", data=cover))

    try:
        tags.save(str(mp3_path), v1=0, v2_version=_ID3_VERSION)
    except MutagenError as exc:
        raise BuildError(f"cannot write tags: {exc}", file=mp3_path) from exc


def _add_date(tags: ID3, date: str) -> None:
    """Add ISO ``YYYY[-MM[-DD]]`` ``date`` as v2.3's ``TYER`` and (with a day) ``TDAT`` "DDMM".

    Raises ``ValueError`` for a date of another form.
    """
    parts = date.split("-")
    if not (1 <= len(parts) <= 3 and all(p.isascii() and p.isdigit() for p in parts) and len(parts[0]) == 4):
        raise ValueError(f"date must be YYYY, YYYY-MM or YYYY-MM-DD, not {date!r}")
    tags.add(TYER(encoding=_UTF16, text=[parts[0]]))
    if len(parts) == 3:
        tags.add(TDAT(encoding=_UTF16, text=[parts[2] + parts[1]]))


def _load(path: Path) -> ID3 | None:
    try:
        return ID3(str(path))
    except ID3NoHeaderError:
        return None
    except MutagenError as exc:
        why = str(exc).strip() or str(exc.__context__ or "").strip() or "the file ends inside its ID3 tag (cut short?)"
        raise BuildError(f"cannot read tags: {why}", file=path) from exc


class _ChapterFrame(Protocol):
    """The fields of mutagen's ``CHAP`` frame used here (mutagen declares them at run time, from its frame spec)."""

    sub_frames: ID3Tags
    start_time: int
    end_time: int


def _chapter_mark(frame: _ChapterFrame) -> ChapterMark:
    titles = frame.sub_frames.getall("TIT2")
    title = str(titles[0].text[0]) if titles and titles[0].text else ""
    return ChapterMark(title=title, start_ms=frame.start_time, end_ms=frame.end_time)


def read_chapters(path: Path) -> list[ChapterMark]:
    """Read the chapters of an MP3 as ``ChapterMark(title, start_ms, end_ms)``.

    Order is that of the top-level ``CTOC`` frame's child list; without one, all ``CHAP`` frames
    sorted by start time. A file without an ID3v2 tag has no chapters (``[]``).

    Raises:
        BuildError: the file cannot be read or its tag is corrupt.
    """
    tags = _load(path)
    if tags is None:
        return []
    return [_chapter_mark(frame) for frame in _chapter_frames(tags)]


def _chapter_frames(tags: ID3) -> list[_ChapterFrame]:
    """The ``CHAP`` frames in the top-level ``CTOC``'s order; without one, by start time."""
    chaps = {frame.element_id: frame for frame in tags.getall("CHAP")}
    for toc in tags.getall("CTOC"):
        if toc.flags & CTOCFlags.TOP_LEVEL:
            return [chaps[i] for i in toc.child_element_ids if i in chaps]
    return sorted(chaps.values(), key=lambda f: (f.start_time, f.element_id))


def ffmpeg_unlisted(path: Path) -> list[tuple[int, int]]:
    """``(chapter number from 1, title frame size in bytes)`` of each chapter that ffmpeg (and so
    ffprobe and the players built on it) does not list: in an ID3v2.4 tag, a ``CHAP`` sub-frame of
    128 bytes or more, whose syncsafe size ffmpeg reads as a plain integer. ``[]`` for an ID3v2.3
    tag (narrate's own: plain sizes) or no tag. Chapters in :func:`read_chapters`' order.

    Raises:
        BuildError: the file cannot be read or its tag is corrupt.
    """
    tags = _load(path)
    if tags is None or tags.version[1] != 4:
        return []
    found = []
    for number, chap in enumerate(_chapter_frames(tags), start=1):
        size = max((_text_frame_bytes(f) for f in chap.sub_frames.values() if hasattr(f, "text")), default=0)
        if size >= 128:
            found.append((number, size))
    return found


def _text_frame_bytes(frame) -> int:
    """The size of a text frame's data as mutagen writes it: the encoding byte, the text (a BOM for
    UTF-16) and its terminator."""
    codec, bom, null = {0: ("latin-1", 0, 1), 1: ("utf-16-le", 2, 2), 2: ("utf-16-be", 0, 2), 3: ("utf-8", 0, 1)}[
        int(frame.encoding)
    ]
    text = "\0".join(str(t) for t in frame.text)
    return 1 + bom + len(text.encode(codec, errors="replace")) + null


_READ_KEYS = {
    "title": "TIT2",
    "album": "TALB",
    "artist": "TPE1",
    "track": "TRCK",
    "date": "TDRC",
    "genre": "TCON",
    "language": "TLAN",
}


def read_tags(path: Path) -> dict[str, str]:
    """Read the main tags of an MP3 as text, for tests and ``narrate inspect``.

    Keys (only those present): ``title``, ``album``, ``artist``, ``track`` (e.g. "3/12"),
    ``date``, ``genre``, ``language``, ``comment``; plus ``id3_version`` (e.g. "2.3.0"). A v2.3 date (``TYER``, ``TDAT``)
    is read as ``YYYY[-MM-DD]`` (mutagen converts it to v2.4's ``TDRC`` on loading).

    Raises:
        BuildError: the file cannot be read or its tag is corrupt.
    """
    tags = _load(path)
    if tags is None:
        return {}
    result: dict[str, str] = {}
    for key, frame_id in _READ_KEYS.items():
        frame = tags.get(frame_id)
        if frame is not None and frame.text:
            result[key] = str(frame.text[0])
    comments = tags.getall("COMM")
    if comments and comments[0].text:
        result["comment"] = str(comments[0].text[0])
    result["id3_version"] = ".".join(str(n) for n in tags.version)
    return result
