"""Written text -> spoken text that a speech engine (espeak-ng here) reads correctly.

Pure functions; no engine is called. :func:`spoken` is the entry point the script stage uses:

1. repair mojibake (``ftfy``, plus UTF-8 read as Thai TIS-620/cp874, e.g. ``"ยท"`` -> ``"·"``);
2. apply the course lexicon (whole word, case-aware);
3. URLs and e-mail addresses -> a short spoken form (no scheme, no query);
4. markdown markers, blanks (``___`` -> "blank"), abbreviations, initials;
5. numbers (:mod:`narrate.text.languages.en`), then symbols, dashes and bullets;
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
from narrate.model import CODE_OPEN
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.clauses import MATH_CLOSE, MATH_OPEN, unmark_math
from narrate.text.code import speak_code, speak_code_spans, symbol_words
from narrate.text.common import BLANK, CODE_SPAN, repair_text
from narrate.text.languages import en, language_for
from narrate.text.languages import language as language_of
from narrate.text.lexicon import Finding, apply_lexicon, lexicon_report
from narrate.text.markup import clean_text

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
_ADDRESS_DIGITS = re.compile(r"\d{2,}")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*\)")
_MD_EMPH = re.compile(r"(?<![\w_])__(?=[^\s_])(.+?)(?<=[^\s_])__(?![\w_])")
# "J. R. R. Tolkien", "U.S." -> letters without full stops (a final one is kept at the end of text)
_INITIALS = re.compile(r"\b((?:[A-Z]\.\s?){2,})|\b(?<![.'])([A-HJ-Z])\.(?=\s+[A-Z][a-z])")
# nothing but closing quotes/brackets (or only spaces) up to the end: matched at a position, never by
# slicing the rest of the text (that would cost the whole text per match)
_ENDS_TEXT = re.compile(r"[\s\"')\]]*$")
_ONLY_SPACE_LEFT = re.compile(r"\s*$")
_LONG_DIGITS = re.compile(r"\d{31,}")
"""A run of digits no narrator reads as one number (a key, a hash, a test string): read digit by
digit, before any rule parses it (num2words and Python's int both have limits)."""
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
_BULLETS = "•◦▪▫‣·●○■□⁃∙⦁⦾⦿►▸➢➤"
# "<stone>" or "<Tides>": angle brackets around words are brackets, not comparisons
_ANGLE_PAIR = re.compile(r"<(?![\s=\d-])([^<>=]*?[^\W\d_][^<>=]*?)(?<![\s=-])>")
_LEADING_BULLET = re.compile(r"^\s*(?:(?:[" + _BULLETS + r"*–—]|[+-](?!\.?\d))\s*)+")
_MID_BULLET = re.compile(r"\s[" + _BULLETS + r"]+\s|[" + _BULLETS + r"]")
_DATE_PART = r"(?:YYYY|yyyy|YY|yy|MM|DD|dd|HH|hh|mm|SS+|ss)"
"""A part of a date or time format ("YYYY", "MM", "hh", "SSSS")."""
_PROSE_CODE = re.compile(
    r"(?<=[\s(\"'“‘])-{1,3}(?=[)\]\"'”’])"  # "(starting with --)": the dashes are what is talked about
    r"|(?<=\s)(?<![=+*/<>(,]\s)(?<![=+*/<>])(?:--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[a-zA-Z])(?=[\s).,;:!?]|$)"  # "-v", "--dry-run": options
    r"|(?<![\w$\\])\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)(?![\w$])"  # "echo $name": a shell variable
    r"|(?:(?<=[\s(\"'“‘])|^)\.(?:[a-z][A-Za-z0-9_-]*|[A-Z][A-Z0-9_]+)(?=[\s).,;:!?\"'”’]|$)"  # ".txt", ".PHONY": a file's name
    r"|(?:(?<=[\s(\"'“‘])|^)(?:~|\.{1,2})?/[A-Za-z_.][\w.-]*(?:/[\w.-]+)*/?(?<![.,;:!?])(?=[\s),;:!?\"'”’]|\.?$|\.\s)"  # a path
    r"|(?:(?<=[\s(\"'“‘])|^)[\w.-]+(?:/[\w.-]+)+\.[A-Za-z]\w{0,5}(?=[\s),;:!?\"'”’]|\.?$|\.\s)"  # "src/main.py"
    r"|(?<![\w/:.-])(?=[A-Za-z/:. -]*[YyDdHh])"
    + _DATE_PART
    + r"(?:[-/:. T]?"
    + _DATE_PART
    + r")+(?![\w])"  # "YYYY-MM-DD"
)
"""Code written in prose without a code span: dashes named on their own ("an option starting with
--"), options ("-v", "--dry-run"; not a minus after a sign: "x = -a"), shell variables
(``$name``, ``${name}``), a file extension or dotfile after a space ("ending in .txt", "a .PHONY
target"), a path ("/home/ana/notes.txt", "~/data", "../raw", "src/main.py") and a date or time format
("YYYY-MM-DD", "YYYYMMDDhhmmss": each letter said); read as code is read ("dash dash", "dash v",
"dollar name", "dot t x t", "slash home slash ana ...", "Y Y Y Y dash M M dash D D")."""


def _prose_code(m: re.Match, language: str) -> str:
    """A code token of :data:`_PROSE_CODE` as code is read; dashes named on their own are each the
    language's "dash" (code reads a lone ``-`` as a minus: here it is the character talked about)."""
    token = m.group(0)
    if set(token) == {"-"}:
        return " " + " ".join([symbol_words(language)["dash"]] * len(token)) + " "
    if re.fullmatch(_DATE_PART + r"(?:[-/:. T]?" + _DATE_PART + r")+", token):  # "YYYYMMDDhhmmss": each letter
        token = re.sub(r"(?<=[A-Za-z])(?=[A-Za-z])", " ", token)
    return f" {speak_code(token, language)} "


_DASH = re.compile(r"\s*(?:[—―]|--+|(?<=\s)[–-](?=\s)|–)\s*")
_DROP_CHARS = re.compile(r"[*`|\\{}\[\]_#~¶†‡^]")
_SPEAKABLE = re.compile(r"[^\W_]")
_SPACE_BEFORE = re.compile(r"\s+([.,;:!?)])")
_SPACE_AFTER_PAREN = re.compile(r"\(\s+")
_PUNCT_RUNS = re.compile(r"([,;:])(?:\s*[,;:])+|[,;:]\s*(?=[.!?])|\(\s*[,;:.]?\s*\)")
_LEADING_PUNCT = re.compile(r"^[\s,;:.!?)]+")
_REPEATS = re.compile(r"([!?])\1+")
_LONG_ELLIPSIS = re.compile(r"\.{4,}")
_TRAILING_JOINERS = re.compile(r"[\s,—–-]+$")
FINAL_STOP = re.compile(r"[.!?:;…؟？。！।۔።][\"'”’»)\]]*$")
"""Text that ends so (before closing quotes or brackets) already ends a sentence: Latin, Arabic (؟),
CJK (？。！), Devanagari (।), Urdu (۔) and Ethiopic (።) stops."""
_DOTTED = re.compile(r"(?:[a-z]\.){2,}")
_ONE_LETTER = re.compile(r"[a-hj-z]\.")


def _unspeakable(ch: str) -> bool:
    cat = unicodedata.category(ch)
    if cat in ("So", "Sk", "Sm", "Co", "Cs", "Cn", "Cf", "Cc", "Me"):
        return not ch.isspace()
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def _url(m: re.Match, words: tuple[str, str, str] = en.ADDRESS_WORDS) -> str:
    url = m.group(0)
    trail = _URL_TRAIL.search(url)
    tail = ""
    if trail:
        url, tail = url[: trail.start()], trail.group(0)
    url = _URL_QUERY.sub("", _URL_SCHEME.sub("", url)).rstrip("/")
    return f" {_spell_address(url, words)} {tail}"


def _spell_address(addr: str, words: tuple[str, str, str] = en.ADDRESS_WORDS) -> str:
    """An address's parts with its dots, slashes and at signs said in ``words`` (dot, at, slash), its
    digits one by one ("abc123" -> "abc 1 2 3": one types them so); in English its dashes and
    underscores said too ("dash", "underscore"), elsewhere left silent."""
    dot, at, slash = words
    addr = addr.replace(".", f" {dot} ").replace("/", f" {slash} ").replace("@", f" {at} ")
    addr = _ADDRESS_DIGITS.sub(lambda m: " " + " ".join(m.group(0)) + " ", addr)
    if words is en.ADDRESS_WORDS:
        addr = addr.replace("-", " dash ").replace("_", " underscore ")
    return " ".join(_ADDRESS_JOINERS.sub(" ", addr).split())


def _address_words(language: str) -> tuple[str, str, str]:
    """(dot, at, slash) as said in ``language`` (its :class:`Rules`' ``address_words``), else English."""
    rules = language_for(language)
    return (rules.address_words or en.ADDRESS_WORDS) if rules is not None else en.ADDRESS_WORDS


def _initials(m: re.Match) -> str:
    if m.group(2) and not _after_name(m.string, m.start()):
        return m.group(0)
    letters = m.group(1) or m.group(2)
    spaced = " ".join(c for c in letters if c.isalpha())
    if m.group(1) and "." in letters and _ONLY_SPACE_LEFT.match(m.string, m.end()):
        spaced += "."
    return spaced + (" " if m.group(1) else "")


_MATH_MARKS = frozenset((MATH_OPEN, MATH_CLOSE))
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


def spoken(
    text: str, lexicon: Mapping[str, str] | None = None, language: str = DEFAULT_LANGUAGE, *, keep_math: bool = False
) -> str:
    """Written text (a sentence or a few) -> spoken text for the engine (see :func:`_spoken`);
    within :func:`remembered`, a text normalised by an earlier run is not normalised again.
    ``keep_math`` keeps the marks around spoken math (:func:`narrate.text.clauses.mark_math`), for
    :func:`narrate.text.clauses.split_utterance`; by default they are dropped."""
    known = getattr(_MEMO, "known", None)
    if known is None:
        said = _spoken(text, lexicon, language)
        return said if keep_math else unmark_math(said)
    key = _memo_key(text, lexicon, language)
    said = known.get(key)
    if said is None:
        said = _spoken(text, lexicon, language)
    _MEMO.used[key] = said
    return said if keep_math else unmark_math(said)


_MATH_RUN = re.compile(MATH_OPEN + "[^" + MATH_OPEN + MATH_CLOSE + "]*" + MATH_CLOSE)
_HELD = re.compile("[\U000f0000-\U000fffff]")
_MATH_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")


def _hold_math(text: str) -> tuple[str, list[str]]:
    """Spoken math (between the math marks) out of the way of every rule: each run becomes one
    private-use character until :func:`_restore_math` puts it back."""
    if MATH_OPEN not in text:
        return text, []
    held: list[str] = []

    def hold(m: re.Match) -> str:
        math, after = m.group(0), ""
        number = _LAST_NUMBER.search(math)
        if number and _WORD_AFTER.match(text, m.end()):  # "$f = 10$ cm": the prose rules read "10 cm"
            math, after = math[: number.start()].rstrip() + MATH_CLOSE, number.group(1)
        held.append(math)
        return chr(0xF0000 + len(held) - 1) + after

    return _MATH_RUN.sub(hold, text), held


_LAST_NUMBER = re.compile(r"(?<=\s)(\d+(?:[.,]\d+)?)\s*" + MATH_CLOSE + "$")
"""A number that ends a formula ("f equals 10"): when a word follows the formula ("$f = 10$ cm"), it is
read with that word by the prose rules, so that a unit after the math is said as one ("ten centimeters")."""
_WORD_AFTER = re.compile(r"[ \t]+(?=[^\W\d_])")


def _restore_math(text: str, held: list[str], language: str) -> str:
    """Put held math back, its marks kept and its numbers said in ``language`` ("x sub 2" -> "x sub
    two"): no other rule (units, abbreviations, symbols) reads inside math."""
    if not held:
        return text
    lang = language_of(language)

    def number(m: re.Match) -> str:  # LaTeX's decimal point, said as the language says a decimal
        decimal_comma = lang is not None and lang.rules is not None  # a table's languages write "3,5"
        written = m.group(0).replace(".", ",") if decimal_comma else m.group(0)
        return _spoken(written, None, language) or m.group(0) if lang is not None else m.group(0)

    def back(m: re.Match) -> str:
        index = ord(m.group(0)) - 0xF0000
        return f" {_MATH_NUMBER.sub(number, held[index])} " if index < len(held) else " "

    return _HELD.sub(back, text)


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
    lang = language_of(language)  # None: a language without a module, whose engine reads digits itself
    text = speak_code_spans(text, language)  # before any rule: code is read as code is read
    text, held = _hold_math(text)
    text = _LONG_DIGITS.sub(lambda m: " ".join(m.group(0)), clean_text(_repair(text), language))
    text = _PROSE_CODE.sub(partial(_prose_code, language=language), text)
    text = en.drop_defined_acronyms(text)
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
    if lang is not None:
        text = lang.prepare(text, language)  # before letter-digit splitting takes "e-5" and "5pm-7pm" apart
        text = lang.expand_abbreviations(text, language)  # before initials: "M. Dupont"
    text = _INITIALS.sub(_initials, text)
    if lang is not None:
        text = lang.chemistry(text, language)
    text = _LETTER_DIGIT.sub(" ", text)
    text = _ANGLE_PAIR.sub(r"\1", text)
    if lang is not None:
        text = lang.verbalize(text, language)
    text = _MID_BULLET.sub(", ", text)
    if lang is not None:
        text = lang.symbols(text, language)
    text = _DASH.sub(", ", text)
    text = _DROP_CHARS.sub(" ", text)
    text = _restore_math(text, held, language)
    return _clean(text, (_ENGINE_READS if lang is None or lang.engine_reads_symbols else frozenset()) | _MATH_MARKS)


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
    if not FINAL_STOP.search(text):
        text += "."
    return text


# ------------------------------------------------------------------ sentences
_BOUNDARY = re.compile(r"([.!?…]+)([\"'”’)\]]*)(\s+)")
_PARAGRAPH = re.compile(r"\n\s*\n")
_LIST_NUMBER = re.compile(r"\s*\d+$")  # "1. First item": the number opens the paragraph


def _is_break(text: str, m: re.Match, language: str = DEFAULT_LANGUAGE) -> bool:
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
    if token in en.ABBREVIATIONS or _DOTTED.fullmatch(token):
        return False
    if token in en.BEFORE_NUMBERS and (nxt.isdigit() or nxt == "("):
        return False
    lang = language_of(language)
    if lang is not None and token in lang.abbreviations(language):
        return False
    if nxt.isdigit() and token in _unit_stops(language):
        return False  # "1 Std. 30 Min.": a unit's full stop before the next number
    if lang is not None and token[:-1].isdigit() and lang.ordinal_dot(text, m.start(1), language):
        return False  # German "am 3. Mai", "der 21. Kurs": an ordinal's dot
    if _ONE_LETTER.fullmatch(token) and _after_name(text, m.start(1) - 1):
        return False
    return True


@functools.lru_cache(maxsize=64)
def _unit_stops(language: str) -> frozenset[str]:
    """The unit symbols of ``language`` written with a full stop ("std.", "min.", "mio."), lower case."""
    lang = language_of(language)
    rules = lang.table(language) if lang is not None else None
    return frozenset(u.lower() for u in rules.units if u.endswith(".")) if rules is not None else frozenset()


def sentences(text: str, *, language: str = DEFAULT_LANGUAGE) -> list[str]:
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
        code = [m.span() for m in CODE_SPAN.finditer(para)] if CODE_OPEN in para or "`" in para else []
        for m in _BOUNDARY.finditer(para):
            if any(a < m.start() < b for a, b in code):
                continue  # a full stop inside a code span ("`e.g. Foo`") ends no sentence
            if _is_break(para, m, language):
                out.append(para[start : m.end(2)])
                start = m.end()
        out.append(para[start:])
    return [s for s in (" ".join(p.split()) for p in out) if s]
