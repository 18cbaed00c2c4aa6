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

**What is read as one is never cut.** :func:`keeps_together` names the gaps no cut should fall in: a
number and its unit or the word it counts ("400 g", "24 loaves", "four hundred grams", "$ 5", "2.50 €"),
a date ("March 15, 2024", "15. März 2024", "15 mars 2024"), a name (consecutive capitalised words,
"Marie Curie"), a fill-in blank and its unit ("_____ g") and an option letter and its option ("B:
400 g", "option B, 400 g").
:func:`split_utterance` cuts there only when nothing else is within reach, and the captions
(:mod:`narrate.publish.transcripts`) treat each such run as one word. :func:`written_parts` cuts the
written form of a sentence where its spoken form was cut into utterances.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Sequence

from narrate.text.common import BLANK

__all__ = [
    "MATH_CLOSE",
    "MATH_OPEN",
    "MAX_UTTERANCE_WORDS",
    "boundary_strength",
    "cut_points",
    "keeps_together",
    "mark_math",
    "said_at",
    "split_utterance",
    "unmark_math",
    "word_spans",
    "written_parts",
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
_FLAG = re.compile(r"-{1,2}\w")
"""A word that starts with a hyphen but is no dash between clauses: an option ("-a", "--all") or a
negative number ("-3")."""
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
    if _CLAUSE_END.search(word) or (next_word.startswith(_DASHES) and not _FLAG.match(next_word)):
        return 3
    if _COMMA_END.search(word):
        return 2
    if next_word.lower().strip("\"'“‘(") in _CONJUNCTIONS:
        return 1
    return 0


def cut_points(
    words: Sequence[str],
    reach: Callable[[int], int],
    strength: Callable[[int], int] | None = None,
    fits: Callable[[int, int], bool] | None = None,
) -> list[int]:
    """Where to cut ``words`` into chunks: the indices where the second and later chunks start.

    ``reach(i)`` is the largest ``j`` such that ``words[i:j]`` is within the limit (any ``j`` at or
    below it must be within it too); it is treated as at least ``i + 1``, so a single word that is
    over the limit becomes a chunk of its own. Within each chunk's reach the cut is the strongest
    boundary (:func:`boundary_strength`) that keeps the chunk at least a third of its reach, and
    among equally strong ones the one nearest an even share of the remaining words.

    ``strength(i)``, when given, ranks the cut before ``words[i]`` instead of
    :func:`boundary_strength` (a negative rank: only when nothing better is within reach).

    ``fits(a, b)``, when given, says whether ``words[a:b]`` may be a chunk at all (long enough to
    read, say): a cut that makes a chunk that does not fit (the chunk before it, or the rest when
    the rest is the last chunk) is taken only when no cut within reach does, whatever its rank.

    Returns ``[]`` when everything fits in one chunk. Cost: linear in ``len(words)`` plus the
    cost of the ``reach`` and ``fits`` calls (with ``fits``, one ``reach`` call per candidate cut).
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
        best, best_key = end, (False, -9, 0)
        for cut in range(lowest, end + 1):
            rank = strength(cut) if strength else boundary_strength(words[cut - 1], words[cut])
            ok = fits is None or (fits(start, cut) and (reach(cut) < n or fits(cut, n)))
            key = (ok, rank, -abs(cut - target))
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
        if rank is None:
            rank = -1 if keeps_together(words, i) else boundary_strength(words[i - 1], words[i])
        return rank

    bounds = [0, *cut_points(words, lambda i: i + max_words, strength), len(words)]
    parts = []
    for a, b in zip(bounds, bounds[1:]):
        chunk = unmark_math(" ".join(words[a:b]))
        if b < len(words) and chunk[-1].isalnum() and (gaps is None or gaps[b] is None):
            chunk += ","
        parts.append(chunk)
    return parts


# ---------------------------------------------------------------- what is read as one

_OPENING = "\"'“‘«(["
_CLOSING = ".,;:!?)]}»\"'”’…"
_NUMERAL = re.compile(r"[-+−±~≈]?[$€£¥₹]?\d[\d.,:/'’\-–]*(?:%|‰|°[CF]?|st|nd|rd|th|er|e|º|ª)?")
_BARE = re.compile(r"[-+−±~≈]?\d[\d.,'’]*")  # a number without its unit: "400", "2,50", "1,000"
_SIGN = re.compile(r"[-+−±~≈$€£¥₹]+|US\$|R\$")
_LETTER = re.compile(r"\(?[A-Za-z]\)|[A-Za-z]:|[A-Z],|\d{1,2}[:)]")  # "B:", "(b)", "B," (option B, ...), "2:"
_DAY_COMMA = re.compile(r"\d{1,2},")  # "March 15, 2024"
_DAY_DOT = re.compile(r"\d{1,2}\.")  # "15. März", "15. mars" (a day as an ordinal)
_YEAR = re.compile(r"\d{4}[" + re.escape(_CLOSING) + "]*")
_SMALL = re.compile(r"\d{1,2}(?:st|nd|rd|th)?,?|\d{4}[" + re.escape(_CLOSING) + "]*")  # "15", "15th,", "2024"
_ARTICLES = frozenset("der die das den dem des ein eine einen einem einer eines".split())
_LONE_MARKS = frozenset({":", ";", "?", "!", "»", "%"})


@functools.cache
def _and_words() -> frozenset[str]:
    """The word "and" of each of narrate's own languages (their modules' ``symbol_words``), lower case."""
    from narrate.text.code import symbol_words
    from narrate.text.languages import BUILTIN

    return frozenset(symbol_words(code).get("and", "and").casefold() for code, _ in BUILTIN)


@functools.cache
def _number_words() -> tuple[frozenset[str], frozenset[str]]:
    """(cardinal, ordinal) number words of narrate's own languages, lower case (num2words: 0-100, the
    hundreds and thousands, a million, a billion; the ordinals of 1-31, for dates); "and" words left out."""
    from num2words import num2words

    from narrate.text.languages import BUILTIN

    cardinals: set[str] = set()
    ordinals: set[str] = set()
    for code, _ in BUILTIN:
        for n in (*range(101), *range(200, 1000, 100), *range(1000, 10_000, 1000), 10**6, 10**9):
            cardinals.update(num2words(n, lang=code).casefold().replace("-", " ").split())
        for n in range(1, 32):
            ordinals.update(num2words(n, lang=code, to="ordinal").casefold().replace("-", " ").split())
    return frozenset(cardinals - _and_words()), frozenset(ordinals - _and_words())


def _in(word: str, words: frozenset[str]) -> bool:
    core = word.strip(_OPENING + _CLOSING).casefold()
    return bool(core) and all(part in words for part in core.split("-"))


def _numberish(word: str) -> bool:
    """A numeral ("400", "2.50", "$5", "15th", "80%") or a number word ("four", "twenty-four")."""
    return bool(_NUMERAL.fullmatch(word.strip(_OPENING + _CLOSING))) or _in(word, _number_words()[0])


def _capitalised(word: str) -> bool:
    core = word.lstrip(_OPENING)
    return core[:1].isupper() and any(c.isalpha() for c in core)


def _ends_date(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` is a year that ends a date ("March 15, 2024", "15 March 2024", "15. März
    2024", "15 mars 2024"): nothing after it belongs to it."""
    if i < 2 or not re.fullmatch(r"\d{4}", words[i]):
        return False
    return bool(_DAY_COMMA.fullmatch(words[i - 1]) or re.fullmatch(r"\d{1,2}\.?", words[i - 2]))


def keeps_together(words: Sequence[str], i: int) -> bool:
    """Whether the gap before ``words[i]`` (``1 <= i < len(words)``) lies inside what is read as one:
    a cut there would part an option letter from its option ("B: | 400 g", "option | B, ..."), a
    number from its unit or counted word ("400 | g", "24 | loaves", "four | hundred grams", "two
    dollars | and fifty cents", "$ | 5"), a date ("March | 15, 2024", "15, | 2024", "15. | März"), a
    name (consecutive capitalised words, "Marie | Curie", but not a German noun after its article, "der
    Bäcker | Marie"; a capitalised word and a small number, "Lesson | 2"), a blank (:data:`BLANK`)
    and the unit after it, held like a number ("Add _____ | g of salt"), or a mark French spacing
    sets apart ("farine | ?"). A letter after a number is its unit, not an option letter ("1.5 L, |
    option B").

    Number words are those of narrate's own languages (num2words), whatever the text's language; a
    word that ends a clause (``. , ; : ! ?``) ends what is read as one, but for a date's day and an
    option letter; a year that ends a date holds nothing after it. A rule of thumb, not a parser: it
    may also hold together what a reader would part ("un | pain"), which only moves a cut. Pure;
    cost: constant per gap (a few words either side are looked at).
    """
    a, b = words[i - 1], words[i]
    if _option_or_mark(words, i):
        return True
    if b.startswith(_DASHES) and not _FLAG.match(b):
        return False
    if _TITLE_ABBREVIATION.fullmatch(a.lstrip(_OPENING)) and _capitalised(b):
        return True  # "Dr. | Jean-Baptiste", "Prof. | Ada": a title and the name it goes with
    if a[-1:] in _CLOSING:
        return _date_across(a.lstrip(_OPENING), b)
    return _number_or_name(words, i)


_TITLE_ABBREVIATION = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]{0,3}\.")
"""A short capitalised abbreviation before a name: "Dr.", "Mr.", "Mrs.", "Prof.", "St.", "Sr.", "M."."""


def _word(words: Sequence[str], i: int) -> str:
    return words[i] if 0 <= i < len(words) else ""


def _option_or_mark(words: Sequence[str], i: int) -> bool:
    """An option letter and its option ("B: | 400 g", "option | B, 400 g", "l'option | B : | 400 g"),
    or a mark set apart by French spacing and its word ("farine | ?", "« | pain")."""
    a, b, after = words[i - 1], words[i], _word(words, i + 1)
    if b in _LONE_MARKS or a == "«":
        return True
    letter_before = len(_word(words, i - 2)) == 1 and _word(words, i - 2).isalpha()
    if _option_letter(words, i - 1) or (a in _LONE_MARKS and letter_before):
        return True
    lone_letter = len(b) == 1 and b.isupper() and after in _LONE_MARKS
    return bool((_option_letter(words, i) or lone_letter) and a[-1:].isalpha())


def _option_letter(words: Sequence[str], k: int) -> bool:
    """Whether ``words[k]`` is an option letter ("B:", "(b)", "B,"): a letter after a number is its
    unit ("1.5 L, | option B", "2 L: | enough"), not an option."""
    word = words[k]
    if not _LETTER.fullmatch(word):
        return False
    return not (word[:1].isalpha() and word[-1:] in ",:" and k > 0 and _numberish(words[k - 1]))


def _date_across(core: str, b: str) -> bool:
    """A date across the punctuation that ends ``core``: "March 15, | 2024", "15. | März", "fifteenth, |
    twenty twenty-four"."""
    cardinals, ordinals = _number_words()
    return bool(
        (_DAY_COMMA.fullmatch(core) and _YEAR.fullmatch(b))
        or (_DAY_DOT.fullmatch(core) and _capitalised(b) and b.isalpha())
        or (core.endswith(",") and _in(core, ordinals) and _in(b, cardinals))
    )


def _number_or_name(words: Sequence[str], i: int) -> bool:
    """A number and its unit ("400 | g", "$ | 5", "four | hundred", "two dollars | and | fifty"), a name
    ("Marie | Curie", "March | 15") or a month and its year ("mars | 2024"), ``words[i - 1]`` not
    ending in punctuation."""
    a, b, before = words[i - 1], words[i], _word(words, i - 2)
    core = a.lstrip(_OPENING)
    if _SIGN.fullmatch(core):
        return _numberish(b)
    if (_BARE.fullmatch(core) and not _ends_date(words, i - 1)) or _in(a, _number_words()[0]):
        return True  # a number before its unit ("400 g"; not "$2.50 | for", nor "March 15, 2024 | for")
    if BLANK.fullmatch(core):
        return True  # a blank stands for a number: "Add _____ | g of salt"
    noun = before.casefold() in _ARTICLES  # "der Bäcker | Marie Curie": a German noun, not a name
    if _capitalised(a) and not noun and (_capitalised(b) or _SMALL.fullmatch(b)):
        return True
    if _YEAR.fullmatch(b) and core.isalpha():
        return True
    if b.casefold() in _and_words():  # "two dollars | and fifty cents"
        return _numberish(_word(words, i + 1)) and (_numberish(a) or _numberish(before))
    if a.casefold() in _and_words():  # "two dollars and | fifty cents"
        return _numberish(b) and (_numberish(before) or _numberish(_word(words, i - 3)))
    return False


def _key(word: str) -> str:
    return re.sub(r"[\W_]+", "", word.casefold())


def said_at(shown: Sequence[str], said: Sequence[str]) -> list[int]:
    """For each word of ``shown`` (a sentence as written), the index in ``said`` (its spoken words)
    of the word where saying it starts: ``(["It", "weighs", "12", "kg."], ["It", "weighs", "twelve",
    "kilograms."])`` → ``[0, 1, 2, 3]``; ``(["400", "g"], ["four", "hundred", "grams"])`` → ``[0, 1]``.

    Words are matched by their letters and digits (difflib's longest matching blocks); words said
    differently share their spoken words in proportion; a written word that is not said (an aside)
    gets the next spoken word (``len(said)`` at the end). Non-decreasing. Cost: quadratic in the
    words at worst (difflib).
    """
    matcher = difflib.SequenceMatcher(None, [_key(w) for w in said], [_key(w) for w in shown], autojunk=False)
    at: list[int] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for j in range(j1, j2):
            at.append(i1 + (j - j1) if tag == "equal" else i1 + (j - j1) * (i2 - i1) // (j2 - j1))
    return at


def written_parts(written: str, parts: Sequence[str]) -> list[str] | None:
    """``written``, a sentence as written, cut where its spoken form was cut into ``parts`` (the
    utterances of :func:`split_utterance`): ``("It weighs 12 kg, then 3 kg.", ["It weighs twelve
    kilograms,", "then three kilograms."])`` → ``["It weighs 12 kg,", "then 3 kg."]``.

    Words are matched by their letters and digits (difflib's longest matching blocks); a cut inside
    words said differently ("12 kg" → "twelve kilograms") falls in proportion. Whitespace runs become
    one space. None when the parts cannot be matched (a part would be empty). Cost: quadratic in the
    sentence's words at worst (difflib), for sentences longer than an utterance only.
    """
    shown = written.split()
    if len(parts) <= 1:
        return [" ".join(shown)] if parts else []
    said = [word for part in parts for word in part.split()]
    blocks = difflib.SequenceMatcher(None, [_key(w) for w in said], [_key(w) for w in shown], autojunk=False)
    opcodes = blocks.get_opcodes()
    bounds, cut = [0], 0
    for part in parts[:-1]:
        cut += len(part.split())
        at = next(((j1, i1, i2, j2, tag) for tag, i1, i2, j1, j2 in opcodes if i1 <= cut < i2), None)
        if at is None:
            return None
        j1, i1, i2, j2, tag = at
        j = j1 + (cut - i1) if tag == "equal" else j1 + round((cut - i1) * (j2 - j1) / (i2 - i1))
        if not bounds[-1] < j < len(shown):
            return None
        bounds.append(j)
    bounds.append(len(shown))
    return [" ".join(shown[a:b]) for a, b in zip(bounds, bounds[1:])]
