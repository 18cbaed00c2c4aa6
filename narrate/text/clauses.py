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
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["MAX_UTTERANCE_WORDS", "boundary_strength", "cut_points", "split_utterance", "word_spans"]

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


def cut_points(words: Sequence[str], reach: Callable[[int], int]) -> list[int]:
    """Where to cut ``words`` into chunks: the indices where the second and later chunks start.

    ``reach(i)`` is the largest ``j`` such that ``words[i:j]`` is within the limit (any ``j`` at or
    below it must be within it too); it is treated as at least ``i + 1``, so a single word that is
    over the limit becomes a chunk of its own. Within each chunk's reach the cut is the strongest
    boundary (:func:`boundary_strength`) that keeps the chunk at least a third of its reach, and
    among equally strong ones the one nearest an even share of the remaining words.

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
        best, best_key = end, (-1, 0)
        for cut in range(lowest, end + 1):
            key = (boundary_strength(words[cut - 1], words[cut]), -abs(cut - target))
            if key > best_key:
                best, best_key = cut, key
        cuts.append(best)
        start = best
    return cuts


def split_utterance(text: str, max_words: int = MAX_UTTERANCE_WORDS) -> list[str]:
    """Spoken text → utterances of at most ``max_words`` words, cut at clause boundaries.

    Text within the limit comes back as ``[text]`` unchanged. Otherwise the words are kept in order
    (whitespace runs become one space); where a cut falls after a word that ends in a letter or digit,
    a comma is added to it, so that the engine ends that utterance with a clause's pause and pitch,
    not a sentence's. ``max_words`` must be at least 1.
    """
    words = text.split()
    if len(words) <= max_words:
        return [text]
    bounds = [0, *cut_points(words, lambda i: i + max_words), len(words)]
    parts = []
    for a, b in zip(bounds, bounds[1:]):
        chunk = " ".join(words[a:b])
        if b < len(words) and chunk[-1].isalnum():
            chunk += ","
        parts.append(chunk)
    return parts
