"""Clause boundaries: where long spoken text may be cut, for utterances and for captions.

Spoken text (after :func:`narrate.text.normalize.spoken`) is cut between words. A cut after a word
is ranked by what ends that word (:func:`boundary_strength`):

====  =====================================================================
4     a sentence end (``. ! ?``, also before a closing quote or bracket)
3     a semicolon, a colon (not after a label such as ``A:``, which is 0), or a dash (``—``, ``–``,
      `` - ``) starting the next word
2     a comma, or a closing bracket
1     before a conjunction or relative word ("and", "but", "which", "because" ...)
0     any other word boundary (a cut by word count)
====  =====================================================================

:func:`cut_points` chooses, chunk by chunk, the strongest cut that leaves the chunk within the limit
given by a ``reach`` function and is closest to an even share of what remains. It looks at each
word a bounded number of times, so its cost grows linearly with the text's length.

Used by :mod:`narrate.text.script` (no utterance longer than :data:`MAX_UTTERANCE_WORDS` words)
and by :mod:`narrate.publish.transcripts` (caption cues of at most two lines and seven seconds).

**Math is one phrase.** Spoken math (:mod:`narrate.text.math`) travels through the text stage between
two private-use marks, :data:`MATH_OPEN` and :data:`MATH_CLOSE` (:func:`mark_math`), glued to its
first and last word. :func:`narrate.text.normalize.spoken` leaves what is between them to the math
reader (no unit, abbreviation or symbol rule runs there), and :func:`split_utterance` never cuts
inside it, nor just before it, unless the formula alone is longer than the limit; a cut there adds
no comma. The marks never reach an utterance: :func:`split_utterance` and :func:`unmark_math` drop them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = [
    "MATH_CLOSE",
    "MATH_OPEN",
    "MAX_UTTERANCE_WORDS",
    "boundary_strength",
    "cut_points",
    "mark_math",
    "split_utterance",
    "unmark_math",
    "word_spans",
]

MATH_OPEN = "\ue020"
"""Opens spoken math in text on its way to the engine (a private-use character, never spoken)."""
MATH_CLOSE = "\ue021"
"""Closes spoken math (see :data:`MATH_OPEN`)."""
_MATH_MARKS = re.compile("[\ue020\ue021]")
_TRAILING_STOPS = re.compile(r"[\s.,;:!?]+$")

MAX_UTTERANCE_WORDS = 40
"""Longest utterance in words: a longer sentence is spoken as several utterances."""

_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*$")
_CLAUSE_END = re.compile(r"[;:][\"'”’)\]]*$")
_LABEL = re.compile(r"[^\W_]{1,2}:")
_COMMA_END = re.compile(r"(?:,[\"'”’)\]]*|[)\]])$")
_DASHES = ("—", "–", "-")
_CONJUNCTIONS = frozenset(
    "and but or nor so yet because although though whereas while when whenever where which who whom whose "
    "that if unless until since then as".split()
)
_WORD = re.compile(r"\S+")


def mark_math(words: str) -> str:
    """Spoken math between the math marks, glued to its first and last word; punctuation at its end
    (a display formula's full stop) stays outside them. ``""`` stays ``""``."""
    words = " ".join(words.split())
    stop = _TRAILING_STOPS.search(words)
    tail = stop.group(0).replace(" ", "") if stop else ""
    words = words[: stop.start()] if stop else words
    return f"{MATH_OPEN}{words}{MATH_CLOSE}{tail}" if words else tail


def unmark_math(text: str) -> str:
    """``text`` without the math marks."""
    return _MATH_MARKS.sub("", text) if MATH_OPEN in text or MATH_CLOSE in text else text


def _math_gaps(words: Sequence[str]) -> list[int | None]:
    """For each gap (the cut before ``words[i]``): None outside math; else how acceptable a cut is
    there: -2 inside a formula, -1 inside one after its own comma or before "equals", and -1 just
    before a formula (cut only if nothing else fits)."""
    gaps: list[int | None] = [None] * (len(words) + 1)
    inside = False
    for i, word in enumerate(words):
        if i and (inside or MATH_OPEN in word):
            after_comma = inside and words[i - 1].rstrip(MATH_CLOSE).endswith((",", ";"))
            gaps[i] = -1 if not inside or after_comma or word in ("equals", "is", "implies") else -2
        if MATH_OPEN in word:
            inside = True
        if MATH_CLOSE in word:
            inside = word.rfind(MATH_OPEN) > word.rfind(MATH_CLOSE)
    return gaps


def word_spans(text: str) -> list[tuple[int, str]]:
    """The whitespace-separated words of ``text`` with the character offset where each starts."""
    return [(m.start(), m.group(0)) for m in _WORD.finditer(text)]


def boundary_strength(word: str, next_word: str | None) -> int:
    """How good a place the gap after ``word`` (followed by ``next_word``) is for a cut: 0 to 4.

    See the module docstring for the ranking; the gap after the last word (``next_word`` None) is 4.
    """
    if next_word is None or _SENTENCE_END.search(word):
        return 4
    if _LABEL.fullmatch(word):  # "A:" before an option's text, "2:" before a step: never cut there
        return 0
    if _CLAUSE_END.search(word) or next_word.startswith(_DASHES):
        return 3
    if _COMMA_END.search(word):
        return 2
    if next_word.lower().strip("\"'“‘(") in _CONJUNCTIONS:
        return 1
    return 0


def cut_points(
    words: Sequence[str], reach: Callable[[int], int], strength: Callable[[int], int] | None = None
) -> list[int]:
    """Where to cut ``words`` into chunks: the indices where the second and later chunks start.

    ``reach(i)`` is the largest ``j`` such that ``words[i:j]`` is within the limit (any ``j`` at or
    below it must be within it too); it is treated as at least ``i + 1``, so a single word that is
    over the limit becomes a chunk of its own. Within each chunk's reach the cut is the strongest
    boundary (:func:`boundary_strength`) that keeps the chunk at least a third of its reach, and
    among equally strong ones the one nearest an even share of the remaining words.

    ``strength(i)``, when given, ranks the cut before ``words[i]`` instead of
    :func:`boundary_strength` (a negative rank: only when nothing better is within reach).

    Returns ``[]`` when everything fits in one chunk. Cost: linear in ``len(words)`` plus the
    cost of the ``reach`` calls.
    """
    n = len(words)
    cuts: list[int] = []
    start = 0
    while start < n:
        end = min(n, max(start + 1, reach(start)))
        if end >= n:
            break
        capacity = end - start
        remaining = n - start
        chunks = -(-remaining // capacity)
        target = start + -(-remaining // chunks)
        lowest = start + max(1, capacity // 3)
        best, best_key = end, (-9, 0)
        for cut in range(lowest, end + 1):
            rank = strength(cut) if strength else boundary_strength(words[cut - 1], words[cut])
            key = (rank, -abs(cut - target))
            if key > best_key:
                best, best_key = cut, key
        cuts.append(best)
        start = best
    return cuts


def split_utterance(text: str, max_words: int = MAX_UTTERANCE_WORDS) -> list[str]:
    """Spoken text → utterances of at most ``max_words`` words, cut at clause boundaries.

    Text within the limit comes back as ``[text]`` unchanged (math marks dropped). Otherwise the
    words are kept in order (whitespace runs become one space); where a cut falls after a word that
    ends in a letter or digit, a comma is added to it, so that the engine ends that utterance with a
    clause's pause and pitch, not a sentence's. Marked math (:func:`mark_math`) is cut only when it is
    longer than the limit, never just before it when anything else fits, and never gets a comma.
    ``max_words`` must be at least 1.
    """
    words = text.split()
    if len(words) <= max_words:
        return [unmark_math(text)]
    gaps = _math_gaps(words) if MATH_OPEN in text else None

    def strength(i: int) -> int:
        rank = gaps[i] if gaps is not None else None
        return rank if rank is not None else boundary_strength(words[i - 1], words[i])

    bounds = [0, *cut_points(words, lambda i: i + max_words, strength if gaps else None), len(words)]
    parts = []
    for a, b in zip(bounds, bounds[1:]):
        chunk = unmark_math(" ".join(words[a:b]))
        if b < len(words) and chunk[-1].isalnum() and (gaps is None or gaps[b] is None):
            chunk += ","
        parts.append(chunk)
    return parts
