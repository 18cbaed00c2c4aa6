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
(:mod:`narrate.text.clauses`). A cut never makes a cue shorter than :data:`MIN_CUE_MS` (Netflix's 5/6 s
minimum, rounded up), nor a cue of one or two short words ("Is it"), unless no other cut is within
reach (an utterance said too fast for its text). Where it is cut, the time is the start of the first word after the cut,
from the engine's word timings (``CueTime.words``: espeak-ng's word events) when there are any, else
proportional to the characters before it (a written word: when the spoken words it is said as start,
matched by :func:`narrate.text.clauses.said_at`). Consecutive captions of one utterance touch (one ends where
the next starts). Cue text is collapsed (whitespace runs become one space) and cut into two lines of
about equal length when it needs two, so a cue never contains a blank line. Output is deterministic.

A cue shows the sentence as the lesson wrote it (``CueTime.written``: "400 g", "Spelt", the quiz
host's prompts and options too), never the engine's spoken form ("four hundred grams", a lexicon
respelling). Neither a cut between cues nor a line break falls inside what is read as one
(:func:`narrate.text.clauses.keeps_together`: a number and its unit, a date, a name, an option
letter and its option), unless that run alone is longer than a line. A word longer than a line (a
URL, a long identifier) is shown in pieces of at most a line, cut after a ``/``, ``.``, ``-`` ... where
one is in reach (:func:`_pieces`), so even a cue holding one stays within two lines and 7 s.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Sequence
from dataclasses import replace

from narrate.audio.id3 import check_chapters
from narrate.model import ChapterMark, CueTime
from narrate.text.clauses import boundary_strength, cut_points, keeps_together, said_at, word_spans

__all__ = [
    "LINE_WIDTH",
    "MAX_LINES",
    "MAX_CUE_MS",
    "MIN_CUE_MS",
    "caption_cues",
    "to_webvtt",
    "to_srt",
    "to_json_chapters",
]

LINE_WIDTH = 42
"""Maximum caption line length in characters (a single longer word is broken across lines)."""
MAX_LINES = 2
"""Maximum lines per caption cue."""
MAX_CUE_MS = 7000
"""Maximum caption cue length in ms (a single word spoken for longer still makes one cue)."""
MIN_CUE_MS = 1000
"""Shortest caption cue in ms that a cut may make: Netflix's Timed Text Style Guide asks at least 5/6 s
per subtitle event; narrate rounds it up to 1 s. An utterance said in less is one cue of its own
length, and one said too fast for its text to fit cues of this length gets shorter ones."""
SHORT_CHARS = 8
"""A cue of one or two words of at most this many characters ("Is it", "or") is too short to stand
alone: a cut that makes one is taken only when no other cut is within reach."""

_VTT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))


def _timestamp(ms: int, separator: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{millis:03d}"


def _lines(words: list[str]) -> list[str]:
    """Words (or runs read as one, :func:`_units`) → the lines of a caption; [] for none.

    Text that fits on one line stays one line; text that fits on two is cut between two of ``words``
    where the two lines are closest in length (a cut after a comma, semicolon, colon or sentence end
    counts as 12 characters closer), so that no caption leaves one word alone on a line; anything
    longer is wrapped greedily.
    """
    joined = " ".join(words)
    if _width(joined) <= LINE_WIDTH:
        return [joined] if joined else []
    best: tuple[int, int] | None = None
    first = -1  # length of " ".join(words[:cut])
    for cut in range(1, len(words)):
        first += _width(words[cut - 1]) + 1
        second = _width(joined) - first - 1
        if first <= LINE_WIDTH and second <= LINE_WIDTH:
            score = (
                abs(first - second) - (12 if words[cut - 1][-1] in ",;:.!?" else 0) - (50 if _glued(words, cut) else 0)
            )
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


def _units(words: list[str]) -> list[tuple[int, str]]:
    """Words → ``(index of its first word, run)``: the words of what is read as one
    (:func:`narrate.text.clauses.keeps_together`) joined with spaces, each run at most
    :data:`LINE_WIDTH` characters (a longer one goes on in a run of its own)."""
    units: list[tuple[int, str]] = []
    for i, word in enumerate(words):
        if units and keeps_together(words, i) and len(units[-1][1]) + 1 + len(word) <= LINE_WIDTH:
            units[-1] = (units[-1][0], f"{units[-1][1]} {word}")
        else:
            units.append((i, word))
    return units


def _shown_starts_ms(cue: CueTime) -> tuple[list[str], list[int]]:
    """The words a cue shows (its written text's, else its spoken text's) and when each starts (ms).

    A written word starts when the spoken word it is said as starts (:func:`narrate.text.clauses.said_at`:
    "400 g" when "four hundred grams" does), so the engine's word times still time it."""
    said = word_spans(cue.text)
    said_ms = _word_starts_ms(cue, [offset for offset, _ in said])
    if not cue.written:
        return [word for _, word in said], said_ms
    shown = cue.written.split()
    if not said:
        bare = replace(cue, text=cue.written, words=())
        return shown, _word_starts_ms(bare, [offset for offset, _ in word_spans(cue.written)])
    at = said_at(shown, [word for _, word in said])
    return shown, [said_ms[min(i, len(said_ms) - 1)] for i in at]


def caption_cues(cue: CueTime) -> list[tuple[int, int, list[str]]]:
    """One say cue → its caption cues ``(start_ms, end_ms, wrapped lines)``, each within
    :data:`MAX_LINES` × :data:`LINE_WIDTH` and :data:`MAX_CUE_MS` (see the module docstring).

    The text shown is the cue's written text when it has one (each word timed by the spoken words
    it is said as, :func:`_shown_starts_ms`), else the spoken text. No cut and no line break parts
    what is read as one (:func:`_units`). The first starts at ``cue.start_ms``, the last ends at
    ``cue.end_ms``, and each lasts at least 1 ms. Returns [] for blank text. Cost: linear in the
    text's length (quadratic at worst in a written cue's words, to match them to the spoken ones).
    """
    shown, times = _pieces(*_shown_starts_ms(cue), cue.end_ms)
    units = _units(shown)
    if not units:
        return []
    words = [run for _, run in units]
    starts = [times[first] for first, _ in units]
    starts[0] = cue.start_ms
    starts.append(cue.end_ms)  # starts[j]: when words[j:] begin; starts[n]: the end

    def reach(i: int) -> int:
        line, lines = 0, 1
        for j in range(i, len(words)):
            size = _width(words[j])
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

    def strength(i: int) -> int:  # the run after the gap: its first word ("and", "which" ...) counts
        if _glued(words, i):
            return -2  # inside a word longer than a line: only when nothing else is in reach
        return boundary_strength(words[i - 1], words[i].split(" ", 1)[0])

    def fits(a: int, b: int) -> bool:  # long enough to read, and more than a word or two alone
        text = " ".join(words[a:b])
        return starts[b] - starts[a] >= MIN_CUE_MS and (len(text) > SHORT_CHARS or text.count(" ") >= 2)

    bounds = [0, *cut_points(words, reach, strength, fits), len(words)]
    times = [starts[b] for b in bounds]
    for k in range(1, len(times) - 1):  # at least 1 ms each, within the cue
        times[k] = min(max(times[k], times[k - 1] + 1), cue.end_ms - (len(times) - 1 - k))
    return [
        (times[k], times[k + 1], [line.replace(_JOIN + " ", "").replace(_JOIN, "") for line in _lines(words[a:b])])
        for k, (a, b) in enumerate(zip(bounds, bounds[1:]))
    ]


_JOIN = "\u2060"
"""Marks the end of a piece of a word longer than a line (:func:`_pieces`): joined to the next piece
without a space when they share a line."""
_PIECE = re.compile(rf".{{1,{LINE_WIDTH - 1}}}(?:[/.?&=_-]|$)|.{{1,{LINE_WIDTH}}}")


def _width(text: str) -> int:
    """Characters ``text`` shows (a piece's :data:`_JOIN` mark shows none)."""
    return len(text) - text.count(_JOIN)


def _glued(words: list[str], cut: int) -> bool:
    """The line break before ``words[cut]`` falls between two pieces of one long word (the best place)."""
    return words[cut - 1].endswith(_JOIN)


def _pieces(words: list[str], starts_ms: list[int], end_ms: int) -> tuple[list[str], list[int]]:
    """Words longer than a line (a URL, a long identifier) → pieces of at most a line, cut after a
    ``/``, ``.``, ``?``, ``&``, ``=``, ``_`` or ``-`` where one is in reach, each timed in proportion to
    its characters between the word's start and the next word's; so a cue holding one is cut like
    any other (at most two lines, at most :data:`MAX_CUE_MS`)."""
    out_words: list[str] = []
    out_ms: list[int] = []
    for i, (word, start) in enumerate(zip(words, starts_ms)):
        if len(word) <= LINE_WIDTH:
            out_words.append(word)
            out_ms.append(start)
            continue
        until = starts_ms[i + 1] if i + 1 < len(starts_ms) else end_ms
        pieces = _PIECE.findall(word)
        done = 0
        for k, piece in enumerate(pieces):
            out_words.append(piece + (_JOIN if k < len(pieces) - 1 else ""))
            out_ms.append(start + (until - start) * done // len(word))
            done += len(piece)
    return out_words, out_ms


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
