"""Cue times and chapters to transcript and chapter files.

Standards:

* WebVTT: W3C "WebVTT: The Web Video Text Tracks Format" (https://www.w3.org/TR/webvtt1/).
* SubRip (``.srt``): the de-facto format (numbered cues, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``).
* JSON chapters: Podcasting 2.0 "JSON Chapters Format" version 1.2.0
  (https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/examples/chapters/jsonChapters.md).

Only ``kind == "say"`` cues become captions; pauses only advance time. A caption a listener can
read is at most :data:`MAX_LINES` lines of :data:`LINE_WIDTH` characters and lasts at most
:data:`MAX_CUE_MS` (the BBC and Netflix subtitle guidelines' two lines of about 42 characters, and
their 7 s ceiling): a longer utterance becomes several caption cues, cut at clause boundaries
(:mod:`narrate.text.clauses`). Where it is cut, the time is the start of the first word after the cut,
from the engine's word timings (``CueTime.words``: espeak-ng's word events) when there are any, else
proportional to the characters before it. Consecutive captions of one utterance touch (one ends where
the next starts). Cue text is collapsed (whitespace runs become one space) and cut into two lines of
about equal length when it needs two, so a cue never contains a blank line. Output is deterministic.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from dataclasses import replace

from narrate.audio.id3 import check_chapters
from narrate.model import ChapterMark, CueTime
from narrate.text.clauses import cut_points, word_spans

__all__ = ["LINE_WIDTH", "MAX_LINES", "MAX_CUE_MS", "caption_cues", "to_webvtt", "to_srt", "to_json_chapters"]

LINE_WIDTH = 42
"""Maximum caption line length in characters (a single longer word is broken across lines)."""
MAX_LINES = 2
"""Maximum lines per caption cue."""
MAX_CUE_MS = 7000
"""Maximum caption cue length in ms (a single word spoken for longer still makes one cue)."""

_VTT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))


def _timestamp(ms: int, separator: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{millis:03d}"


def _lines(text: str) -> list[str]:
    """Collapse whitespace and wrap; returns [] for blank text.

    Text that fits on one line stays one line; text that fits on two is cut where the two lines are
    closest in length (a cut after a comma, semicolon or colon counts as 12 characters closer), so that
    no caption leaves one word alone on a line; anything longer is wrapped greedily.
    """
    words = text.split()
    joined = " ".join(words)
    if len(joined) <= LINE_WIDTH:
        return [joined] if joined else []
    best: tuple[int, int] | None = None
    first = -1  # length of " ".join(words[:cut])
    for cut in range(1, len(words)):
        first += len(words[cut - 1]) + 1
        second = len(joined) - first - 1
        if first <= LINE_WIDTH and second <= LINE_WIDTH:
            score = abs(first - second) - (12 if words[cut - 1][-1] in ",;:" else 0)
            if best is None or score < best[0]:
                best = (score, cut)
    if best is not None:
        return [" ".join(words[: best[1]]), " ".join(words[best[1] :])]
    return textwrap.wrap(joined, width=LINE_WIDTH, break_long_words=True, break_on_hyphens=False)


def _check_times(cues: Sequence[CueTime]) -> None:
    """Raise ``ValueError`` when a cue starts before 0, ends before it starts, a say cue is empty in
    time, or a cue starts before the previous one ends."""
    previous_end = 0
    for index, cue in enumerate(cues):
        where = f"cue {index + 1} ({cue.kind}, {cue.start_ms}-{cue.end_ms} ms)"
        if cue.start_ms < 0:
            raise ValueError(f"{where} starts before 0 ms")
        if cue.end_ms < cue.start_ms or (cue.kind == "say" and cue.end_ms == cue.start_ms):
            raise ValueError(f"{where} ends before it starts or lasts no time")
        if cue.start_ms < previous_end:
            raise ValueError(f"{where} starts before the previous cue ends at {previous_end} ms")
        previous_end = cue.end_ms


def _word_starts_ms(cue: CueTime, offsets: list[int]) -> list[int]:
    """When each word (by character offset into ``cue.text``) starts: the engine's word event for it
    (the last at or before it, after the previous word); a word the engine gave no event of its own
    (Piper and Kokoro time a clause by its first word when espeak-ng joined two words) is placed
    between the events around it in proportion to the characters; without events, the cue's time is
    shared out in proportion to the characters."""
    span = cue.end_ms - cue.start_ms
    if not cue.words:
        size = max(1, len(cue.text))
        return [cue.start_ms + span * offset // size for offset in offsets]
    events = [(offset, max(cue.start_ms, min(cue.end_ms, ms))) for offset, ms in cue.words]
    starts, event, at, previous = [], 0, cue.start_ms, -1
    for offset in offsets:  # both in order: one pass
        own = False
        while event < len(events) and events[event][0] <= offset:
            at = max(at, events[event][1])
            own = own or events[event][0] > previous
            event += 1
        if not own and event > 0:  # no event of its own: between the last one and the next
            (left, left_ms) = events[event - 1]
            right, right_ms = events[event] if event < len(events) else (max(len(cue.text), offset + 1), cue.end_ms)
            right_ms = max(right_ms, at)
            at = max(at, left_ms + (right_ms - left_ms) * (offset - left) // max(1, right - left))
        starts.append(at)
        previous = offset
    return starts


def caption_cues(cue: CueTime) -> list[tuple[int, int, list[str]]]:
    """One say cue → its caption cues ``(start_ms, end_ms, wrapped lines)``, each within
    :data:`MAX_LINES` × :data:`LINE_WIDTH` and :data:`MAX_CUE_MS` (see the module docstring).

    The text shown is the cue's written text when it has one (times then in proportion to its
    characters), else the spoken text. The first starts at ``cue.start_ms``, the last ends at ``cue.end_ms``, and each lasts at least
    1 ms. Returns [] for blank text. Cost: linear in the text's length.
    """
    if cue.written:  # shown as written; the engine's word times belong to the spoken text
        cue = replace(cue, text=cue.written, words=())
    spans = word_spans(cue.text)
    if not spans:
        return []
    words = [w for _, w in spans]
    starts = _word_starts_ms(cue, [offset for offset, _ in spans])
    starts[0] = cue.start_ms
    starts.append(cue.end_ms)  # starts[j]: when words[j:] begin; starts[n]: the end

    def reach(i: int) -> int:
        line, lines = 0, 1
        for j in range(i, len(words)):
            size = len(words[j])
            if line == 0:
                line = size
            elif line + 1 + size <= LINE_WIDTH:
                line += 1 + size
            else:
                lines, line = lines + 1, size
            lines += (line - 1) // LINE_WIDTH  # a word longer than a line is broken over several
            line = (line - 1) % LINE_WIDTH + 1
            if lines > MAX_LINES or starts[j + 1] - starts[i] > MAX_CUE_MS:
                return j
        return len(words)

    bounds = [0, *cut_points(words, reach), len(words)]
    times = [starts[b] for b in bounds]
    for k in range(1, len(times) - 1):  # at least 1 ms each, within the cue
        times[k] = min(max(times[k], times[k - 1] + 1), cue.end_ms - (len(times) - 1 - k))
    return [(times[k], times[k + 1], _lines(" ".join(words[a:b]))) for k, (a, b) in enumerate(zip(bounds, bounds[1:]))]


def _captions(cues: Sequence[CueTime]) -> list[tuple[int, int, list[str]]]:
    """Validate the timeline and return the caption cues of its say cues (``(start_ms, end_ms, lines)``).

    Raises ``ValueError`` when a cue starts before 0, ends before it starts, a say cue is empty in
    time, or a cue starts before the previous one ends.
    """
    _check_times(cues)
    return [caption for cue in cues if cue.kind == "say" for caption in caption_cues(cue)]


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
    for number, (start_ms, end_ms, lines) in enumerate(_captions(cues), start=1):
        timing = f"{_timestamp(start_ms, '.')} --> {_timestamp(end_ms, '.')}"
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
    for number, (start_ms, end_ms, lines) in enumerate(_captions(cues), start=1):
        timing = f"{_timestamp(start_ms, ',')} --> {_timestamp(end_ms, ',')}"
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
