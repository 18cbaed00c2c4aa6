"""Cue times and chapters to transcript and chapter files.

Standards:

* WebVTT: W3C "WebVTT: The Web Video Text Tracks Format" (https://www.w3.org/TR/webvtt1/).
* SubRip (``.srt``): the de-facto format (numbered cues, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``).
* JSON chapters: Podcasting 2.0 "JSON Chapters Format" version 1.2.0
  (https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/examples/chapters/jsonChapters.md).

Only ``kind == "say"`` cues become captions; pauses only advance time. Cue text is collapsed onto
one logical line (whitespace runs become one space) and wrapped at about :data:`LINE_WIDTH`
characters, so a cue never contains a blank line. Output is deterministic.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence

from narrate.audio.id3 import check_chapters
from narrate.model import ChapterMark, CueTime

__all__ = ["LINE_WIDTH", "to_webvtt", "to_srt", "to_json_chapters"]

LINE_WIDTH = 42
"""Maximum caption line length in characters (a single word longer than this is not split)."""

_VTT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))


def _timestamp(ms: int, separator: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{millis:03d}"


def _lines(text: str) -> list[str]:
    """Collapse whitespace and wrap; returns [] for blank text."""
    return textwrap.wrap(" ".join(text.split()), width=LINE_WIDTH, break_long_words=False, break_on_hyphens=False)


def _captions(cues: Sequence[CueTime]) -> list[tuple[CueTime, list[str]]]:
    """Validate the timeline and return the say cues that have text, with their wrapped lines.

    Raises ``ValueError`` when a cue starts before 0, ends before it starts, a say cue is empty in
    time, or a cue starts before the previous one ends.
    """
    previous_end = 0
    captions = []
    for index, cue in enumerate(cues):
        where = f"cue {index + 1} ({cue.kind}, {cue.start_ms}-{cue.end_ms} ms)"
        if cue.start_ms < 0:
            raise ValueError(f"{where} starts before 0 ms")
        if cue.end_ms < cue.start_ms or (cue.kind == "say" and cue.end_ms == cue.start_ms):
            raise ValueError(f"{where} ends before it starts or lasts no time")
        if cue.start_ms < previous_end:
            raise ValueError(f"{where} starts before the previous cue ends at {previous_end} ms")
        previous_end = cue.end_ms
        if cue.kind == "say":
            lines = _lines(cue.text)
            if lines:
                captions.append((cue, lines))
    return captions


def _vtt_escape(line: str) -> str:
    for char, entity in _VTT_ESCAPES:
        line = line.replace(char, entity)
    return line


def to_webvtt(cues: Sequence[CueTime]) -> str:
    """Render the say cues as a WebVTT file (text, ends with a newline).

    Each cue has an id (1, 2, 3, ...), timings ``HH:MM:SS.mmm --> HH:MM:SS.mmm`` (hours always two
    digits or more) and its text with ``&``, ``<``, ``>`` escaped as character references.

    Raises:
        ValueError: cue times go backwards or overlap (see :func:`_captions`).
    """
    blocks = ["WEBVTT"]
    for number, (cue, lines) in enumerate(_captions(cues), start=1):
        timing = f"{_timestamp(cue.start_ms, '.')} --> {_timestamp(cue.end_ms, '.')}"
        blocks.append("\n".join([str(number), timing, *(_vtt_escape(line) for line in lines)]))
    return "\n\n".join(blocks) + "\n"


def to_srt(cues: Sequence[CueTime]) -> str:
    """Render the say cues as a SubRip file (text, ends with a newline; "" when there are none).

    Cues are numbered from 1, timings ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, one blank line between
    cues; text is not escaped (SubRip has no escaping).

    Raises:
        ValueError: cue times go backwards or overlap.
    """
    blocks = []
    for number, (cue, lines) in enumerate(_captions(cues), start=1):
        timing = f"{_timestamp(cue.start_ms, ',')} --> {_timestamp(cue.end_ms, ',')}"
        blocks.append("\n".join([str(number), timing, *lines]))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def to_json_chapters(chapters: Sequence[ChapterMark], *, title: str | None = None) -> str:
    """Render chapters as Podcasting 2.0 JSON chapters (version "1.2.0").

    Shape: ``{"version": "1.2.0", "title": title (only if given), "chapters": [{"startTime": s,
    "endTime": s, "title": str}, ...]}`` with times in seconds as floats (millisecond precision).
    UTF-8 text (no ``\\u`` escapes), 2-space indent, trailing newline.

    Raises:
        ValueError: chapters do not start at 0, leave gaps, overlap or are empty in time.
    """
    check_chapters(chapters)
    document: dict[str, object] = {"version": "1.2.0"}
    if title is not None:
        document["title"] = title
    document["chapters"] = [
        {"startTime": mark.start_ms / 1000, "endTime": mark.end_ms / 1000, "title": mark.title} for mark in chapters
    ]
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
