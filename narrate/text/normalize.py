"""Written text -> spoken text that a speech engine (espeak-ng here) reads correctly.

Pure functions; no engine is called. :func:`spoken` is the entry point the script stage uses:

1. repair mojibake (``ftfy``, plus UTF-8 read as Thai TIS-620/cp874, e.g. ``"ยท"`` -> ``"·"``);
2. apply the course lexicon (whole word, case-aware);
3. URLs and e-mail addresses -> a short spoken form (no scheme, no query);
4. markdown markers, blanks (``___`` -> "blank"), abbreviations, initials;
5. numbers (:mod:`narrate.text.numbers`), then symbols, dashes and bullets;
6. emoji, pictographs and other unspeakable characters removed; whitespace normalised.

:func:`sentences` splits written text (abbreviations, initials, decimals, URLs never split);
:func:`lexicon_report` lists tokens an engine is likely to mispronounce (see :mod:`narrate.text.lexicon`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import threading
import unicodedata
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path

from ftfy.fixes import uncurl_quotes

from narrate.files import source_digest, write_atomic
from narrate.text.chemistry import chemistry
from narrate.text.common import BLANK, repair_text
from narrate.text.languages import abbreviations as language_abbreviations
from narrate.text.languages import expand_abbreviations, language_for, ordinal_dot
from narrate.text.languages import verbalize as verbalize_in
from narrate.text.lexicon import ABBREVIATIONS, BEFORE_NUMBERS, Finding, apply_lexicon, lexicon_report
from narrate.text.markup import clean_text
from narrate.text.numbers import (
    DEFAULT_LANGUAGE,
    scientific,
    times_and_eras,
    us_english,
    us_spelling,
    verbalize_numbers,
)

__all__ = ["Finding", "apply_lexicon", "as_sentence", "is_pronounceable", "lexicon_report", "sentences", "spoken"]

# ------------------------------------------------------------------ repair
_MOJIBAKE_LEFT = re.compile(r"â€[^\w\s]?")  # a broken "’", "“", "—" ftfy could not restore


def _repair(text: str) -> str:
    """Mojibake repaired (:func:`narrate.text.common.repair_text`), leftovers dropped, curly quotes
    straightened, symbols a voice misreads replaced, NFC."""
    text = _MOJIBAKE_LEFT.sub("", repair_text(text.replace("\ufffd", " ")))
    text = uncurl_quotes(text).replace("℃", "°C").replace("℉", "°F")
    return unicodedata.normalize("NFC", text)


# ------------------------------------------------------------------ URLs, markdown, abbreviations
_TLD = r"(?:com|org|net|edu|gov|io|ai|dev|app|co|uk|de|fr|info|me|ly|so|tv)"
_EMAIL = re.compile(r"(?<![\w.+-])([\w.+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
_URL = re.compile(
    r"(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>\"]+"
    r"|(?<![\w@./-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\." + _TLD + r"\b(?:/[^\s<>\"]*)?"
)
_URL_TRAIL = re.compile(r"[.,;:!?)\]'\"]+$")
_URL_SCHEME = re.compile(r"^(?:[a-z]+://)?(?:www\.)?", re.I)
_URL_QUERY = re.compile(r"[?#].*$", re.S)
_ADDRESS_JOINERS = re.compile(r"[-_+=&%~:]+")
_ADDRESS_WORDS = ("dot", "at", "slash")
_ADDRESS_DIGITS = re.compile(r"\d{2,}")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*\)")
_MD_EMPH = re.compile(r"(?<![\w_])__(?=[^\s_])(.+?)(?<=[^\s_])__(?![\w_])")
_DEFINED_ACRONYM = re.compile(r"((?:[^\W\d_][\w']*[\s-]+){1,8})\(([A-Z][A-Za-z]{0,6}?)s?\)")
_ABBR_REPL = [
    (re.compile(p, flags), word)
    for p, word, flags in (
        (r"\b[eE]\.g\.(?!\w)|\beg\.(?=,)", "for example", 0),
        (r"\b[iI]\.e\.(?!\w)", "that is", 0),
        (r"\betc\.", "et cetera", re.I),
        (r"\bet al\.", "et al", 0),
        (r"\b(?:vs\.?|Vs\.)(?!\w)", "versus", 0),
        (r"\bcf\.", "compare", 0),
        (r"\bapprox\.", "approximately", re.I),
        (r"\b(?:a\.\s?m\.|A\.M\.)(?!\w)", "AM", 0),
        (r"\b(?:p\.\s?m\.|P\.M\.)(?!\w)", "PM", 0),
        (r"\bDr\.", "Doctor", 0),
        (r"\bMrs\.", "Missus", 0),
        (r"\bMr\.", "Mister", 0),
        (r"\bMs\.", "Miz", 0),
        (r"\bSt\.", "Saint", 0),
        (r"\bProf\.", "Professor", 0),
        (r"\bJr\.", "Junior", 0),
        (r"\bSr\.", "Senior", 0),
        (r"\bMt\.", "Mount", 0),
        (r"\bJan\.(?=\s?\d)", "January", 0),
        (r"\bFeb\.(?=\s?\d)", "February", 0),
        (r"\bMar\.(?=\s?\d)", "March", 0),
        (r"\bApr\.(?=\s?\d)", "April", 0),
        (r"\bJun\.(?=\s?\d)", "June", 0),
        (r"\bJul\.(?=\s?\d)", "July", 0),
        (r"\bAug\.(?=\s?\d)", "August", 0),
        (r"\bSept?\.(?=\s?\d)", "September", 0),
        (r"\bOct\.(?=\s?\d)", "October", 0),
        (r"\bNov\.(?=\s?\d)", "November", 0),
        (r"\bDec\.(?=\s?\d)", "December", 0),
        (r"\bFig\.", "Figure", 0),
        (r"\b[Nn]o\.(?=\s?\d)", "number", 0),
        (r"\b[Vv]ol\.(?=\s?\d)", "volume", 0),
        (r"\b[Vv]ols\.(?=\s?\d)", "volumes", 0),
        (r"\b(?:[Cc]h|[Cc]hap)\.(?=\s?\d)", "chapter", 0),
        (r"\b[Ss]ec\.(?=\s?\d)", "section", 0),
        (r"\b[Ee]q\.(?=\s?\(?\d)", "equation", 0),
        (r"\b[Ee]qs\.(?=\s?\(?\d)", "equations", 0),
        (r"(?<=\d)\s?ff\.", " and following", 0),
        (r"(?<=\d)\s?ft\.(?=\s+[a-z])", " feet", 0),
        (r"(?<=\d)\s?in\.(?=\s+[a-z])", " inches", 0),
        (r"#(?=\d)", "number ", 0),
        (r"\b(?<=[CF])#", " sharp", 0),
        (r"\bv(?=\d)", "version ", 0),
        (r"(?<=\d)\s?\*\s?(?=\d)", " × ", 0),
        (r"(?<![\w])~\s?(?=\d)", "about ", 0),
    )
]
# "J. R. R. Tolkien", "U.S." -> letters without full stops (a final one is kept at the end of text)
_INITIALS = re.compile(r"\b((?:[A-Z]\.\s?){2,})|\b(?<![.'])([A-HJ-Z])\.(?=\s+[A-Z][a-z])")
# nothing but closing quotes/brackets (or only spaces) up to the end: matched at a position, never by
# slicing the rest of the text (that would cost the whole text per match)
_ENDS_TEXT = re.compile(r"[\s\"')\]]*$")
_ONLY_SPACE_LEFT = re.compile(r"\s*$")
_LETTER_DIGIT = re.compile(r"(?<=[A-Za-z])-?(?=\d)")


def _token_start(text: str, end: int) -> int:
    """Where the run of non-space characters that ends at ``end`` starts (``end`` if there is none).

    Walks back from ``end`` only, so that asking at every boundary of a long sentence stays linear.
    """
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return start


def _after_name(text: str, pos: int) -> bool:
    """True when the single capital letter at ``pos`` is an initial: it starts the text or follows a
    capitalised word or another initial ("George W. Bush", "W. Bush")."""
    if pos == 0:
        return True
    end = pos
    while end > 0 and text[end - 1].isspace():
        end -= 1
    if end == pos or end == 0:  # glued to the word before, or only spaces before it
        return False
    return text[_token_start(text, end) : end].lstrip("([\"'“‘")[:1].isupper()


# ------------------------------------------------------------------ symbols
_PER_LEFT = {
    "km": "kilometres", "m": "metres", "cm": "centimetres", "mm": "millimetres", "mi": "miles",
    "rad": "radians", "kg": "kilograms", "g": "grams", "mg": "milligrams", "mol": "moles",
    "L": "litres", "l": "litres", "mL": "millilitres", "J": "joules", "W": "watts", "N": "newtons",
    "kWh": "kilowatt hours", "ft": "feet", "gal": "gallons", "cal": "calories", "kcal": "kilocalories",
}  # fmt: skip
_PER_RIGHT = {
    "s": "second", "h": "hour", "hr": "hour", "min": "minute", "day": "day", "yr": "year", "m": "metre",
    "L": "litre", "l": "litre", "kg": "kilogram", "g": "gram", "mol": "mole", "m2": "square metre",
    "m3": "cubic metre", "m²": "square metre", "m³": "cubic metre",
}  # fmt: skip
_UNIT_PER_UNIT = re.compile(
    r"(?<![\w/])("
    + "|".join(sorted(map(re.escape, _PER_LEFT), key=len, reverse=True))
    + r")/("
    + "|".join(sorted(map(re.escape, _PER_RIGHT), key=len, reverse=True))
    + r")(?![\w/])"
)
"""A unit per a unit without a number before it (``rad/s``, ``in km/h``): "radians per second", not
"rad or s" (a number before it is read by :mod:`narrate.text.numbers`)."""

_SYMBOLS = [
    (re.compile(p), w)
    for p, w in (
        (r"<=|≤|=<", " is less than or equal to "),
        (r">=|≥", " is greater than or equal to "),
        (r"!=|≠|=/=", " is not equal to "),
        (r"->|=>|→|⟶|⇒|⟹", " to "),
        (r"<-|←", " from "),
        (r"↔|<->|⇔", " and "),
        (r"≈|≃", " approximately "),
        (r"<", " is less than "),
        (r">", " is greater than "),
        (r"={1,3}", " equals "),
        (r"±", " plus or minus "),
        (r"\+", " plus "),
        (r"×", " times "),
        (r"÷", " divided by "),
        (r"(?<=[\w)])\s?\^\s?(?=[\w(-])", " to the power of "),
        (r"²", " squared "),
        (r"³", " cubed "),
        (r"√", " the square root of "),
        (r"∞", " infinity "),
        (r"°\s?C\b", " degrees Celsius "),
        (r"°\s?F\b", " degrees Fahrenheit "),
        (r"°", " degrees "),
        (r"&", " and "),
        (r"§", " section "),
        (r"(?<=[a-z])/(?=[a-z])", " or "),
        (r"/", " slash "),
        (r"@", " at "),
        (r"…", "..."),
    )
]
_BULLETS = "•◦▪▫‣·●○■□⁃∙⦁⦾⦿►▸➢➤"
# "<stone>" or "<Tides>": angle brackets around words are brackets, not comparisons
_ANGLE_PAIR = re.compile(r"<(?![\s=\d-])([^<>=]*?[^\W\d_][^<>=]*?)(?<![\s=-])>")
_LEADING_BULLET = re.compile(r"^\s*(?:(?:[" + _BULLETS + r"*–—]|[+-](?!\.?\d))\s*)+")
_MID_BULLET = re.compile(r"\s[" + _BULLETS + r"]+\s|[" + _BULLETS + r"]")
_DASH = re.compile(r"\s*(?:[—―]|--+|(?<=\s)[–-](?=\s)|–)\s*")
_DROP_CHARS = re.compile(r"[*`|\\{}\[\]_#~¶†‡^]")
_SYMBOL_NAMES = {
    "~": "tilde",
    "#": "hash",
    "{": "opening brace",
    "}": "closing brace",
    "[": "opening bracket",
    "]": "closing bracket",
    "|": "vertical bar",
    "\\": "backslash",
}
_LONE_SYMBOL = re.compile(r"(?<![^\s(\"'“‘])([~#{}\[\]|\\]+)(?=$|[\s.,;:!?)\"'”’])")
"""Symbols written as a word of their own ("the ~ sign", "use { and }", "{}", an Aiken ``\\{``, a
GIFT ``\\~``): each said by its name (English), where a symbol inside a word is markup left over and
dropped."""
_SPEAKABLE = re.compile(r"[^\W_]")
_SPACE_BEFORE = re.compile(r"\s+([.,;:!?)])")
_SPACE_AFTER_PAREN = re.compile(r"\(\s+")
_PUNCT_RUNS = re.compile(r"([,;:])(?:\s*[,;:])+|[,;:]\s*(?=[.!?])|\(\s*[,;:.]?\s*\)")
_LEADING_PUNCT = re.compile(r"^[\s,;:.!?)]+")
_REPEATS = re.compile(r"([!?])\1+")
_LONG_ELLIPSIS = re.compile(r"\.{4,}")
_TRAILING_JOINERS = re.compile(r"[\s,—–-]+$")
_FINAL_STOP = re.compile(r"[.!?:;…][\"'”’)\]]*$")
_DOTTED = re.compile(r"(?:[a-z]\.){2,}")
_ONE_LETTER = re.compile(r"[a-hj-z]\.")


def _unspeakable(ch: str) -> bool:
    cat = unicodedata.category(ch)
    if cat in ("So", "Sk", "Sm", "Co", "Cs", "Cn", "Cf", "Cc", "Me"):
        return not ch.isspace()
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def _url(m: re.Match, words: tuple[str, str, str] = _ADDRESS_WORDS) -> str:
    url = m.group(0)
    trail = _URL_TRAIL.search(url)
    tail = ""
    if trail:
        url, tail = url[: trail.start()], trail.group(0)
    url = _URL_QUERY.sub("", _URL_SCHEME.sub("", url)).rstrip("/")
    return f" {_spell_address(url, words)} {tail}"


def _spell_address(addr: str, words: tuple[str, str, str] = _ADDRESS_WORDS) -> str:
    """An address's parts with its dots, slashes and at signs said in ``words`` (dot, at, slash), its
    digits one by one ("abc123" -> "abc 1 2 3": one types them so); in English its dashes and
    underscores said too ("dash", "underscore"), elsewhere left silent."""
    dot, at, slash = words
    addr = addr.replace(".", f" {dot} ").replace("/", f" {slash} ").replace("@", f" {at} ")
    addr = _ADDRESS_DIGITS.sub(lambda m: " " + " ".join(m.group(0)) + " ", addr)
    if words is _ADDRESS_WORDS:
        addr = addr.replace("-", " dash ").replace("_", " underscore ")
    return " ".join(_ADDRESS_JOINERS.sub(" ", addr).split())


def _address_words(language: str) -> tuple[str, str, str]:
    """(dot, at, slash) as said in ``language`` (its :class:`Rules`' ``address_words``), else English."""
    rules = language_for(language)
    return (rules.address_words or _ADDRESS_WORDS) if rules is not None else _ADDRESS_WORDS


def _abbr(pattern: re.Pattern, word: str, text: str) -> str:
    def repl(m: re.Match) -> str:
        # keep a sentence-final full stop that the abbreviation swallowed
        end = m.group(0).endswith(".") and _ENDS_TEXT.match(m.string, m.end()) is not None
        return word + ("." if end else "")

    return pattern.sub(repl, text)


def _initials(m: re.Match) -> str:
    if m.group(2) and not _after_name(m.string, m.start()):
        return m.group(0)
    letters = m.group(1) or m.group(2)
    spaced = " ".join(c for c in letters if c.isalpha())
    if m.group(1) and "." in letters and _ONLY_SPACE_LEFT.match(m.string, m.end()):
        spaced += "."
    return spaced + (" " if m.group(1) else "")


def _drop_defined_acronym(m: re.Match) -> str:
    """ "Reinforcement Learning (RL)" → "Reinforcement Learning": a narrator does not read the
    acronym that merely restates the words before it."""
    words, acronym = m.group(1), m.group(2).lower()
    initials = [w[0].lower() for w in re.split(r"[\s-]+", words.strip()) if w]
    for skip_small in (False, True):
        letters = [
            i
            for i, w in zip(initials, re.split(r"[\s-]+", words.strip()))
            if not (skip_small and w.lower() in ("of", "and", "the", "for", "to", "in"))
        ]
        if "".join(letters[-len(acronym) :]) == acronym:
            return words.rstrip() + " "
    return m.group(0)


_ENGINE_READS = frozenset("+=<>±×÷°")
"""Symbols an engine reads in its own language; kept for languages without rules of ours."""


def _clean(text: str, keep: frozenset[str] = frozenset()) -> str:
    text = "".join(" " if _unspeakable(c) and c not in keep else c for c in text)
    text = " ".join(text.split())
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER_PAREN.sub("(", text)
    for _ in range(2):
        text = _PUNCT_RUNS.sub(lambda m: m.group(1) or "", text)
    text = _REPEATS.sub(r"\1", _LEADING_PUNCT.sub("", text))
    text = _LONG_ELLIPSIS.sub("...", text)
    return " ".join(text.split()) if _SPEAKABLE.search(text) else ""


_MEMO = threading.local()  # in a thread inside remembered(): .known (key -> spoken) and .used
_LEXICON_DIGESTS: list[tuple[Mapping[str, str], str]] = []
_MEMO_LIMIT = 32 << 20
"""A memo file larger than this (bytes) is ignored (and rewritten): a course's texts take well under 1 MB."""


@contextlib.contextmanager
def remembered(path: Path) -> Iterator[None]:
    """Within this block (in this thread), :func:`spoken` reuses the spoken forms kept in the JSON
    file ``path`` by an earlier run (``{key: spoken text}``; the key holds a digest of the text
    stage's code, the language, the lexicon's digest and the written text, so a changed rule or
    lexicon is a miss), and at the end the file is rewritten (beside, then renamed) with the forms
    used in this block. A rebuild after a one-sentence edit so normalises one sentence, not the
    whole course. A missing or unreadable file is an empty memo; one that cannot be written is left.
    """
    try:
        if path.stat().st_size > _MEMO_LIMIT:
            raise ValueError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
        known = {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
    except (OSError, ValueError, AttributeError, RecursionError):
        known = {}
    _MEMO.known, _MEMO.used = known, {}
    try:
        yield
    finally:
        used = _MEMO.used
        del _MEMO.known, _MEMO.used
        if used and used != known:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, json.dumps(used, ensure_ascii=False, sort_keys=True))
            except OSError:
                pass


@functools.cache
def _code_digest() -> str:
    """Digest of the text stage's code (``narrate/text``) and of the versions of the libraries it uses:
    the rules that make spoken text."""
    from importlib.metadata import PackageNotFoundError, version

    versions = []
    for package in ("ftfy", "num2words", "wordfreq"):  # their rules and data shape the spoken text too
        try:
            versions.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            versions.append(f"{package} -")
    digest = source_digest(Path(__file__).resolve().parent)
    return hashlib.sha256(f"{digest} {versions}".encode()).hexdigest()


_NO_LEXICON: dict[str, str] = {}


def _memo_key(text: str, lexicon: Mapping[str, str] | None, language: str) -> str:
    lexicon = _NO_LEXICON if lexicon is None else lexicon
    digest = next((d for known, d in _LEXICON_DIGESTS if known is lexicon), None)
    if digest is None:
        digest = hashlib.sha256(json.dumps(sorted(lexicon.items())).encode("utf-8")).hexdigest()[:16]
        _LEXICON_DIGESTS[:] = [*_LEXICON_DIGESTS[-7:], (lexicon, digest)]
    return f"{_code_digest()[:16]}\x1f{language}\x1f{digest}\x1f{text}"


def spoken(text: str, lexicon: Mapping[str, str] | None = None, language: str = DEFAULT_LANGUAGE) -> str:
    """Written text (a sentence or a few) -> spoken text for the engine (see :func:`_spoken`);
    within :func:`remembered`, a text normalised by an earlier run is not normalised again."""
    known = getattr(_MEMO, "known", None)
    if known is None:
        return _spoken(text, lexicon, language)
    key = _memo_key(text, lexicon, language)
    said = known.get(key)
    if said is None:
        said = _spoken(text, lexicon, language)
    _MEMO.used[key] = said
    return said


def _spoken(text: str, lexicon: Mapping[str, str] | None = None, language: str = DEFAULT_LANGUAGE) -> str:
    """Written text (a sentence or a few) -> spoken text for the engine.

    HTML, footnote markers and words hyphenated across a line break are cleaned first
    (:func:`narrate.text.markup.clean_text`); then ``lexicon`` is applied (see :func:`apply_lexicon`);
    then numbers, chemical formulas, abbreviations, symbols, URLs, blanks and markup are normalised;
    emoji and bullets removed. Final punctuation is kept. ``language`` is the BCP 47 tag of the
    text (numeric dates, word list): numbers, abbreviations and symbols are put in words for English;
    other languages keep their digits, abbreviations and symbols for the engine, which reads them in
    its own language. Returns ``""`` when nothing is pronounceable (only bullets, dashes, asterisks,
    emoji or whitespace). Never raises on any ``str``.
    """
    english = language.lower().split("-")[0] == "en"
    text = clean_text(_repair(text), language)
    text = _DEFINED_ACRONYM.sub(_drop_defined_acronym, text)
    if lexicon:
        text = apply_lexicon(text, lexicon)
    text = _LEADING_BULLET.sub(" ", text)
    text = _MD_LINK.sub(r"\1", text)
    words = _address_words(language)
    text = _EMAIL.sub(
        lambda m: f" {_spell_address(m.group(1), words)} {words[1]} {_spell_address(m.group(2), words)} ", text
    )
    text = _URL.sub(partial(_url, words=words), text)
    text = _MD_EMPH.sub(r"\1", text)
    text = BLANK.sub(" blank ", text)
    if english:
        text = scientific(text)  # before letter-digit splitting takes "e-5" apart
        text = times_and_eras(text)  # before it parts "5pm-7pm" and "2x8", and initials spell "B.C."
    for pattern, word in _ABBR_REPL if english else ():
        text = _abbr(pattern, word, text)
    text = expand_abbreviations(text, language)  # the language's own (before initials: "M. Dupont")
    text = _INITIALS.sub(_initials, text)
    text = chemistry(text)
    text = _LETTER_DIGIT.sub(" ", text)
    text = _ANGLE_PAIR.sub(r"\1", text)
    if english:
        text = verbalize_numbers(text, language)
    else:
        text = verbalize_in(text, language)  # digits stay for a language without rules
    text = _MID_BULLET.sub(", ", text)
    if english:
        spell = us_spelling if us_english(language) else str
        text = _UNIT_PER_UNIT.sub(lambda m: spell(f"{_PER_LEFT[m.group(1)]} per {_PER_RIGHT[m.group(2)]}"), text)
    if english:
        text = _LONE_SYMBOL.sub(lambda m: " " + " ".join(_SYMBOL_NAMES[c] for c in m.group(1)) + " ", text)
    for pattern, word in _SYMBOLS if english else ():
        text = pattern.sub(word, text)
    text = _DASH.sub(", ", text)
    text = _DROP_CHARS.sub(" ", text)
    return _clean(text, frozenset() if english else _ENGINE_READS)


def is_pronounceable(text: str) -> bool:
    """True when :func:`spoken` of ``text`` has at least one letter or digit to say."""
    return bool(spoken(text))


def as_sentence(text: str) -> str:
    """A heading, bullet item or caption as a sentence: bullet glyphs stripped, whitespace collapsed,
    and ``"."`` added unless it already ends with ``. ! ? : ;`` (before closing quotes/brackets).
    Returns ``""`` for text with nothing to say."""
    text = " ".join(_LEADING_BULLET.sub("", text).split())
    text = _TRAILING_JOINERS.sub("", text)
    if not is_pronounceable(text):
        return ""
    if not _FINAL_STOP.search(text):
        text += "."
    return text


# ------------------------------------------------------------------ sentences
_BOUNDARY = re.compile(r"([.!?…]+)([\"'”’)\]]*)(\s+)")
_PARAGRAPH = re.compile(r"\n\s*\n")
_LIST_NUMBER = re.compile(r"\s*\d+$")  # "1. First item": the number opens the paragraph


def _is_break(text: str, m: re.Match, language: str = "en") -> bool:
    nxt = text[m.end() : m.end() + 1]
    if nxt.islower():
        return False
    punct = m.group(1)
    if "!" in punct or "?" in punct:
        return True
    if punct in ("...", "…") or len(punct) > 1:
        return nxt.isupper()
    token = text[_token_start(text, m.end(1)) : m.end(1)].lstrip("([\"'“‘").lower()
    if token[:-1].isdigit() and _LIST_NUMBER.match(text, 0, m.start(1)):
        return False  # "1. First item": a list number, not a sentence
    if token in ABBREVIATIONS or _DOTTED.fullmatch(token):
        return False
    if token in BEFORE_NUMBERS and (nxt.isdigit() or nxt == "("):
        return False
    if token in language_abbreviations(language):
        return False
    if token[:-1].isdigit() and ordinal_dot(text, m.start(1), language):
        return False  # German "am 3. Mai", "der 21. Kurs": an ordinal's dot
    if _ONE_LETTER.fullmatch(token) and _after_name(text, m.start(1) - 1):
        return False
    return True


def sentences(text: str, *, language: str = "en") -> list[str]:
    """Split written text into sentences (whitespace inside each collapsed).

    Breaks after ``. ! ?`` followed by whitespace and a word that does not start in lower case,
    and at blank lines. Never breaks after a known abbreviation (e.g., i.e., etc., vs., Dr., Mrs.,
    Mr., St., a.m., p.m., ...), after initials ("J. R. R."), inside decimals, URLs or e-mail
    addresses (no whitespace follows their dots). ``language`` adds that language's abbreviations
    (``z. B.``, ``p. ex.``, ``bijv.``) and, in German, the dot of an ordinal ("am 3. Mai").
    """
    out: list[str] = []
    for para in _PARAGRAPH.split(text):
        start = 0
        for m in _BOUNDARY.finditer(para):
            if _is_break(para, m, language):
                out.append(para[start : m.end(2)])
                start = m.end()
        out.append(para[start:])
    return [s for s in (" ".join(p.split()) for p in out) if s]
