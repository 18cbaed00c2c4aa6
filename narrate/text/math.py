"""Mathematics as a narrator reads it: LaTeX or MathML → words ("x sub 2", "a over b"), never currency.

Two speakers, same interface (:func:`speak_math`):

* **speech-rule-engine** (SRE, the engine MathJax uses for accessibility) when Node.js and the npm
  package are installed (``scripts/setup.sh`` puts it in ``vendor/node_modules``; ``NARRATE_SRE_DIR``
  names another ``node_modules`` folder), in the lesson's language (SRE's locales: en, de, fr, es,
  it, sv, ...). LaTeX is first converted to MathML with latex2mathml. One ``node`` process speaks
  every expression of a call (``narrate/text/sre_driver.js``) that is not already in the math cache
  (``<cache folder>/math/``, kept between builds). Domain: ClearSpeak ("the square root of 2",
  "x squared", "the integral from a to b of"; MathSpeak's "StartRoot 2 EndRoot", "Sup", "left p'ren"
  are for proof-listening, not narration), with the preference ``VerticalLine_Given`` in English
  (``p(t \\mid w)``: "p of t given w", not "divides").
* a **pure-Python fallback** (English) when SRE is missing, fails, or ``NARRATE_SRE=off``:
  fractions, roots, powers, subscripts, Greek letters, functions, sums, integrals, limits, relations,
  accents, bold and text, conditional bars; deterministic and tested (tests/text/test_math_code.py,
  tests/text/test_math_narrator.py). Its limits: it reads LaTeX token by token, so it does not know sets
  (``\\{x \\mid x > 0\\}`` is "x given x is greater than 0"), absolute values (``|x|`` is "absolute
  value x absolute value"), ``\\binom``, ``\\overbrace``, tensors, or any language but English; a
  macro it does not know is said by its name.

Both run behind a **narrator's layer** (:func:`_pieces`) that reads what neither speaker reads as a
narrator does, in the lesson's language where :data:`WORDS` has words for it (en, de, fr, es, it,
nl, pt, sv; English otherwise):

* an arrow between statements (``\\Rightarrow``, ``\\Longrightarrow``, ``\\implies``) → "implies";
  ``\\iff``, ``\\Leftrightarrow`` → "if and only if";
* ``\\lim_{x \\to 0}`` → "the limit as x approaches 0 of";
* an evaluation bar (``\\left. F(x) \\right|_a^b``, ``\\Big|_{a}^{b}``) → "F of x evaluated from a to b";
* ``cases`` → "1 if x is greater than 0, 0 otherwise"; matrices (``bmatrix``, ``pmatrix``, ``array``
  ...) → "the 2 by 2 matrix with rows 1, 2; and 3, 4" (one column: "the column vector 1, 2");
  ``aligned``, ``align``, ``split``, ``gather`` rows one after another;
* ``20^{\\circ}\\,\\text{C}`` → "20 degrees Celsius" (``^\\circ`` alone: "degrees"); ``\\ell`` → "l";
  ``\\mathrm{kN}`` as its letters (not "normal k"); ``\\mbf``, ``\\bm``, ``\\vb`` (course macros) as
  ``\\mathbf``: "bold w"; ``\\ln`` in English: "the natural log of";
* punctuation ending the formula (a display formula's ``.`` or ``,``) is not read as a word
  ("period"): it is returned after the words, as punctuation;
* a note in brackets after a value (``72\\,\\rm{kN}\\,\\rm{(←)}``, ``\\text{(compression)}``) is an aside
  between pauses: "72 kilonewtons, to the left"; an arrow between two statements (``a = 0
  \\rightarrow b = 1``) is "so", before a number or infinity (``EA \\to 0``) "tends to"; the rows of
  ``aligned`` keep a colon that ends one (``\\sum F = 0:``); ``\\rm{mm^4}`` is "mm to the fourth
  power"; plain TeX's ``\\eqalign`` is read as ``aligned``.

After SRE, in English: "comma" between terms is a pause (","), "bold italic phi" is "bold phi", "dot
dot dot" is "and so on", ``\\mathbf{w}^T`` "bold w transpose", ``\\mathbb{E}[x]`` "E of x". Then, in
any language whose module names SRE's bracket words (``math_words["sre open"]`` ...,
:func:`_regroup`), a function's arguments are read without brackets ("p of x and t", "c of n, a and
m"); where the module also has a "quantity" (English) a group is "the quantity a plus b, squared", one
word is just the word, a list is said as a list and an interval as an interval. The fallback's
brackets are read the same way.

**Dutch and Portuguese** (and any language whose module sets ``math_words["speaker"]``): SRE has no
locale for them, so it speaks English and the module's ``"~"`` words (English phrase → the
language's, ``{x}`` one word kept) say that English in the lesson's language, the longest phrase
first, a word with no entry (a letter, a name) kept; powers, roots and fractions are said with
numbers first ("to the fourth power" → "tot de macht 4", "three fifths" → the language's fraction).
The fallback's English goes the same way. ``\\text{}`` with the lesson's own words is kept out of it.
In other languages, ``"~"`` words correct SRE's (Swedish "halvhög punkt" for ``\\cdot`` is "gånger").

Numbers stay digits ("x sub 2"): :func:`narrate.text.normalize.spoken` says them in words later, and
nothing else there touches math that the reader marked (:func:`narrate.text.clauses.mark_math`).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

from narrate.files import write_atomic
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.languages import LANGUAGES
from narrate.text.phrases import SOURCE_LANGUAGE, primary

__all__ = ["WORDS", "speak_math", "speak_latex", "sre_available"]

_DRIVER = Path(__file__).with_name("sre_driver.js")
_VENDOR = Path(__file__).resolve().parents[2] / "vendor" / "node_modules"
SRE_TIMEOUT_S = 60
SRE_TIMEOUT_PER_EXPRESSION_S = 5
_STYLE = {code: lang.math_style for code, lang in LANGUAGES.items() if lang.math_style}
"""ClearSpeak preferences per SRE locale (each language module's ``math_style``; others: SRE's defaults)."""
_RULES = "narrator-3"
"""Version of how narrate asks SRE (domain, preferences): part of the cache file's name."""


def _sre_dir() -> Path | None:
    folder = Path(os.environ.get("NARRATE_SRE_DIR") or _VENDOR)
    return folder if (folder / "speech-rule-engine" / "package.json").is_file() else None


def sre_available() -> bool:
    """True when node and the speech-rule-engine package can be used (and ``NARRATE_SRE`` is not "off")."""
    return os.environ.get("NARRATE_SRE", "").lower() != "off" and bool(shutil.which("node")) and _sre_dir() is not None


def speak_math(expressions: Sequence[str], locale: str = DEFAULT_LANGUAGE) -> list[str]:
    """Speak each expression (LaTeX, or MathML starting with ``<math``) as words.

    Args:
        expressions: LaTeX source without delimiters (``1 - \\cos\\theta``) or MathML.
        locale: the lesson's language (``en``, ``de``, ``fr``, ...): SRE's locale and the words of
            the narrator's layer; the fallback speaks English.

    Returns:
        One spoken string per expression, in order (``""`` for an empty one), ending with the
        punctuation that ended the formula (``"x equals 1."`` for ``x = 1.``), never a word for it.
        Never raises: an expression SRE cannot speak is spoken by the fallback.
    """
    language = primary(locale)
    built = [_pieces(_units_as_text(e, locale), language) for e in expressions]
    items = tuple(p for pieces, _ in built for p in pieces if isinstance(p, _Tex))
    spoken: list[str | None] = [None] * len(items)
    if items and sre_available():
        spoken = list(_sre_cached(items, _speaker(language)))
    said = iter([_polish(s, e, language) if s else _from_fallback(e, language) for s, e in zip(spoken, items)])
    out = []
    for pieces, tail in built:
        words = " ".join(w for w in ((next(said) if isinstance(p, _Tex) else p) for p in pieces) if w)
        words = _TIDY_COMMAS.sub(r"\1", " ".join(words.split()))
        words = _DOUBLE_PAUSE.sub(lambda m: max(m.group(0).replace(" ", ""), key=",:;".index), words).strip(" ,;:")
        out.append(words + tail if words else "")
    return out


_TEX_UNIT = re.compile(
    r"(?<![\w\\.])(\d+(?:\.\d+)?)\s*(?:\\[,;:! ]|~)?\s*\\(?:mathrm|text|textrm|rm|mathsf)\{((?:[^{}]|\{[^{}]*\})+)\}"
)
_UNIT_MARKS = (
    (re.compile(r"\^\{?-1\}?"), "⁻¹"), (re.compile(r"\^\{?-2\}?"), "⁻²"), (re.compile(r"\^\{?-3\}?"), "⁻³"),
    (re.compile(r"\^\{?2\}?"), "²"), (re.compile(r"\^\{?3\}?"), "³"), (re.compile(r"\\(?:mu|upmu)\s*"), "µ"),
    (re.compile(r"\\Omega\s*"), "Ω"), (re.compile(r"\^\{?\\circ\}?"), "°"), (re.compile(r"\\%"), "%"),
)  # fmt: skip
_SAID_UNIT = re.compile(r"[^\W\d_]{2,}(?:[ '-][^\W\d_]+)*")


def _units_as_text(tex: str, locale: str) -> str:
    """``tex`` with the upright unit of each quantity (``9.81\\,\\mathrm{m/s^2}``, ``300\\,\\text{K}``) in
    the words the lesson's prose says it with ("meters per second squared", after one or after many),
    as ``\\text{...}`` after the number; a unit prose cannot put in words (``kg\\,m^2\\,s^{-2}``) stays
    for the math reader."""
    if "{" not in tex or not _TEX_UNIT.search(tex):
        return tex
    from narrate.text.normalize import spoken  # the prose reader: the text stage's, loaded once needed

    def said(m: re.Match[str]) -> str:
        unit = m.group(2)
        for pattern, mark in _UNIT_MARKS:
            unit = pattern.sub(mark, unit)
        if re.search(r"[\\{}^_]", unit) or not unit.strip():
            return m.group(0)
        probe = "1" if m.group(1) == "1" else "2"  # the unit's words after one, or after many
        words = spoken(f"{probe} {' '.join(unit.split())}", language=locale).rstrip(".")
        tail = words.split(" ", 1)[-1] if " " in words else ""
        if not _SAID_UNIT.fullmatch(tail) or any(len(w) == 1 for w in tail.split()):
            return m.group(0)  # a letter left unsaid ("m s"): the math reader says it better
        return f"{m.group(1)}\\text{{ {tail}}}"

    return _TEX_UNIT.sub(said, tex)


_TIDY_COMMAS = re.compile(r"\s+([,;:])")
_DOUBLE_PAUSE = re.compile(r"[,;:](?:\s*[,;:])+")


def _from_fallback(expr: str, language: str) -> str:
    """The fallback's English, in the lesson's language where its module says SRE's English in it."""
    said = _fallback_or_cue(expr)
    return _said_in(said, language) if _speaker(language) == SOURCE_LANGUAGE else said


def _fallback_or_cue(expr: str) -> str:
    """The fallback's reading, or "a formula" for one nested too deeply to read (with a warning)."""
    try:
        return _fallback(expr)
    except RecursionError:
        from narrate.errors import warn

        warn(f"a formula nested too deeply to be read is said as 'a formula': {expr[:40]}...")
        return "a formula"


# ------------------------------------------------------------------ the narrator's layer


class _Tex(str):
    """A piece of LaTeX (or MathML) for a speaker; a plain ``str`` piece is already words."""

    __slots__ = ()


WORDS: dict[str, dict[str, str]] = {code: dict(lang.math_words) for code, lang in LANGUAGES.items() if lang.math_words}
"""The narrator's layer's words per language (each language module's ``math_words``; English otherwise)."""
_FALLBACK = WORDS[SOURCE_LANGUAGE]


def _speaker(language: str) -> str:
    """The language speech-rule-engine speaks for ``language``: its own, or the one its module's
    ``math_words["speaker"]`` names where SRE has no locale for it (Dutch, Portuguese: English, said
    in the language by the module's "~" words)."""
    return WORDS.get(language, {}).get("speaker") or language


def _word(words: dict[str, str], key: str) -> str:
    return words.get(key) or _FALLBACK.get(key, "")


_NOT_LETTER = r"(?![A-Za-z])"
_PREPARE = (
    (re.compile(r"\\(?:mbf|bm|vb|pmb|mathbfit|bf)" + _NOT_LETTER), r"\\mathbf"),  # course macros for bold
    (re.compile(r"\\(?:mathrm|rm|textrm)" + _NOT_LETTER), r"\\text"),  # \mathrm{kN}: not "normal k normal N"
    (re.compile(r"\\text\s*\{\s*((?:[A-Za-z]\.\s*)+)\}"), lambda m: " ".join(re.findall("[A-Za-z]", m.group(1)))),
    (re.compile(r"\\text\s*\{\s*([A-Za-z])\s*\}"), r"\1"),  # \mathrm{T}: the letter T, not the word "cap T"
    (re.compile(r"\\ell" + _NOT_LETTER), "l"),
    (re.compile(r"\\(?:displaystyle|textstyle|nonumber|notag)" + _NOT_LETTER + r"|\\(?:label|tag)\{[^{}]*\}"), " "),
    (re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ" + _NOT_LETTER + ")"), "°"),
)
_EQALIGN = re.compile(r"\\eqalign(?:no)?\s*(?=\{)")
_CR = re.compile(r"\\cr" + _NOT_LETTER)
_MATHOP = re.compile(r"\\mathop\s*\{\s*(\\[A-Za-z]+)\s*\}")
_UPRIGHT_SCRIPTS = re.compile(r"\\(?:mathrm|rm|textrm)\s*\{([^{}]*[_^][^{}]*)\}")
_LETTERS = re.compile(r"(?<![\\A-Za-z])[A-Za-z]+")
_TRANSPOSE = re.compile(r"\^\s*(?:\{\s*\\(?:top|intercal|mathsf\{T\})\s*\}|\\(?:top|intercal)" + _NOT_LETTER + ")")
_VECTOR = re.compile(r"\\vec" + _NOT_LETTER)
_SPACE = r"(?:\s|\\[,;: !]|\\q?quad" + _NOT_LETTER + r"|~)*"
_TEMPERATURE = re.compile(r"°" + _SPACE + r"(?:\\text\{\s*([CF])\s*\}|([CF])" + _NOT_LETTER + ")")
_END_STOPS = re.compile(_SPACE + r"([.,;:])" + _SPACE + "$")
_STATEMENT_ARROW = re.compile(
    r"\\(?:(Longrightarrow|Rightarrow|implies)|(iff|Leftrightarrow|Longleftrightarrow))" + _NOT_LETTER
)
_ARROW = (
    r"\\(?:(?:long)?(?:right|left)arrow|to|uparrow|downarrow|circlearrow(?:right|left)|curvearrow(?:right|left))"
    + _NOT_LETTER
    + "|[→←↑↓↻↺⟳⟲↷↶⟶⟵]"
)
_NOTE = re.compile(
    r"\\text\s*\{\s*\(\s*([^{}()]*?)\s*\)\s*\}"  # \text{(compression)}, \rm{(→)}
    r"|(?:\\left\s*)?\(\s*(" + _ARROW + r")\s*(?:\\right\s*)?\)"  # (\leftarrow)
)
_DIRECTIONS = {
    **dict.fromkeys(("→", "⟶", "\\rightarrow", "\\longrightarrow", "\\to"), "right"),
    **dict.fromkeys(("←", "⟵", "\\leftarrow", "\\longleftarrow"), "left"),
    **dict.fromkeys(("↑", "\\uparrow"), "up"),
    **dict.fromkeys(("↓", "\\downarrow"), "down"),
    **dict.fromkeys(("↻", "⟳", "↷", "\\circlearrowright", "\\curvearrowright"), "clockwise"),
    **dict.fromkeys(("↺", "⟲", "↶", "\\circlearrowleft", "\\curvearrowleft"), "anticlockwise"),
}
"""An arrow alone in brackets after a value ("72 kN (←)"): the direction of a force or a moment."""
_SO_ARROW = re.compile(r"\\(?:long)?rightarrow" + _NOT_LETTER + r"|\\to" + _NOT_LETTER + "|→")
_RELATION = re.compile(r"(?<![<>!\\])=|\\(?:leq?|geq?|neq?|approx|lt|gt|equiv)" + _NOT_LETTER + "|[<>≤≥≠≈]")
_TEXT_WORDS = re.compile(r"\\text\s*\{\s*([^{}\\]*(?:[^\W\d_]{4}|[^\W\d_]\s+[^\W\d_])[^{}\\]*?)\s*\}")
"""Words in ``\\text{}`` (a word of four letters or more, or two words): the lesson's language."""
_TENDS_TO = re.compile(r"\s*[-+]?\s*(?:\d+(?:[.,]\d+)?|\\infty" + _NOT_LETTER + r")\s*")
_ENV_BEGIN = re.compile(r"\\begin\{([A-Za-z]+\*?)\}")
_MATRICES = {"matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "smallmatrix", "array"}
_CASES = {"cases", "dcases", "rcases"}
_LIMIT = re.compile(r"\\lim" + _NOT_LETTER + r"\s*(?:\\limits" + _NOT_LETTER + r")?\s*_")
_LIMIT_ARROW = re.compile(r"\\(?:to|rightarrow|longrightarrow)" + _NOT_LETTER + "|→")
_BAR = re.compile(r"(?:\\right\s*[|\]]|\\[bB]igg?r?\s*[|\]]|\\[bB]igg?r?\\vert" + _NOT_LETTER + r")\s*(?=_)")
_LEFT_OPENER = re.compile(r"\\left\s*(?:\.|\[)|\\[bB]igg?l?\s*\[")
_ROW_BREAK = re.compile(r"\\\\(?:\[[^\]]*\])?")
_LN = re.compile(r"\\ln" + _NOT_LETTER)
_COMMAND = re.compile(r"\\(?:[A-Za-z]+|.)")
_CONDITION_WORD = re.compile(
    r"^\\text\{\s*(?:if|for|when|otherwise|else|sonst|falls|wenn|für|si|sinon|sino|se|als|anders|om|annars)\b",
    re.I,
)


def _pieces(expr: str, language: str = SOURCE_LANGUAGE) -> tuple[list[str], str]:
    """An expression as pieces for the speakers (:class:`_Tex`) with the narrator's layer's words
    (plain ``str``) between them, and the punctuation that ended it (``"."``, ``","`` or ``""``)."""
    if expr.lstrip().startswith("<math"):
        return [_Tex(expr.strip())], ""
    expr = _eqalign(expr)
    expr = _UPRIGHT_SCRIPTS.sub(_upright_scripts, expr)  # \rm{mm^4}: "mm to the fourth", not "mm hat 4"
    expr = _TRANSPOSE.sub("^{T}", expr)
    for pattern, replacement in _PREPARE:
        expr = pattern.sub(replacement, expr)
    if _speaker(language) == SOURCE_LANGUAGE:
        expr = _VECTOR.sub(r"\\textrm{vector }", expr)  # SRE: "v right arrow" (textrm: not the lesson's words)
    tail = ""
    stop = _END_STOPS.search(expr)
    if stop and stop.start() > 0:
        tail = stop.group(1) if stop.group(1) in ".," else ""
        expr = expr[: stop.start()]
    try:
        pieces = _layer(expr.strip(), WORDS.get(language, _FALLBACK), language)
    except RecursionError:
        pieces = [_Tex(expr.strip())]
    return [p for p in pieces if p.strip()], tail


def _eqalign(expr: str) -> str:
    """Plain TeX's ``\\eqalign{a & b \\cr ...}`` as ``aligned`` (rows said one after another, not
    SRE's "four lines, line one: blank ..."); ``\\mathop{\\min}`` as ``\\min``."""
    expr = _MATHOP.sub(r"\1", expr)
    m = _EQALIGN.search(expr)
    if m is None:
        return expr
    body, end = _group(expr, m.end())
    body = _CR.sub(r"\\\\", body)
    return expr[: m.start()] + "\\begin{aligned}" + body + "\\end{aligned}" + _eqalign(expr[end:])


def _upright_scripts(m: re.Match[str]) -> str:
    """``\\rm{mm^4}``: upright letters with a power or an index in them → the letters as text, the
    power or index as math (``{\\text{mm}^4}``)."""
    return "{" + _LETTERS.sub(lambda letters: "\\text{" + letters.group(0) + "}", m.group(1)) + "}"


def _group(text: str, i: int) -> tuple[str, int]:
    """The argument starting at ``text[i]`` (spaces skipped): a {braced group}'s inside, a command
    or one character; and the index after it."""
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        return "", i
    if text[i] == "{":
        depth = 0
        for j in range(i, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                return text[i + 1 : j], j + 1
        return text[i + 1 :], len(text)
    command = _COMMAND.match(text, i)
    return (command.group(0), command.end()) if command else (text[i], i + 1)


def _top_level(text: str, pattern: re.Pattern[str]) -> re.Match[str] | None:
    """The first match of ``pattern`` outside braces and environments."""
    for m in pattern.finditer(text):
        before = text[: m.start()].replace("\\{", "").replace("\\}", "")
        if before.count("{") == before.count("}") and before.count("\\begin{") == before.count("\\end{"):
            return m
    return None


def _environment(text: str) -> tuple[str, str, str, str] | None:
    """The first top-level environment in ``text``: (before, name, body, after)."""
    m = _top_level(text, _ENV_BEGIN)
    if m is None:
        return None
    name, depth = m.group(1), 1
    for tag in re.finditer(r"\\(begin|end)\{" + re.escape(name) + r"\}", text[m.end() :]):
        depth += 1 if tag.group(1) == "begin" else -1
        if depth == 0:
            return text[: m.start()], name, text[m.end() : m.end() + tag.start()], text[m.end() + tag.end() :]
    return text[: m.start()], name, text[m.end() :], ""


def _cells(body: str) -> list[list[str]]:
    """An environment's rows, each as its cells (split at ``&`` outside braces)."""
    rows = []
    for row in _ROW_BREAK.split(body):
        row = re.sub(r"\\hline|\\cline\{[^{}]*\}", " ", row)
        cells, depth, start = [], 0, 0
        for j, ch in enumerate(row):
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if ch == "&" and depth == 0 and (j == 0 or row[j - 1] != "\\"):
                cells.append(row[start:j].strip())
                start = j + 1
        cells.append(row[start:].strip())
        if any(cells):
            rows.append(cells)
    return rows


def _template(template: str, values: dict[str, str]) -> list[str]:
    """``"evaluated from {a} to {b}"`` → words and :class:`_Tex` pieces."""
    out: list[str] = []
    for part in re.split(r"(\{[a-z]\})", template):
        if part[1:-1] in values and part.startswith("{"):
            out.append(_Tex(values[part[1:-1]].strip()))
        elif part.strip():
            out.append(part.strip())
    return out


def _layer(text: str, words: dict[str, str], language: str) -> list[str]:
    """The narrator's layer (see the module docstring): ``text`` as pieces."""
    if not text.strip():
        return []
    for read in _LAYER_READERS:
        pieces = read(text, words, language)
        if pieces is not None:
            return pieces
    return [_Tex(text.strip())]


def _around(text: str, start: int, middle: list[str], end: int, words: dict[str, str], language: str) -> list[str]:
    """``middle`` (pieces said for ``text[start:end]``) between the pieces of the text before and after it."""
    return [*_layer(text[:start], words, language), *middle, *_layer(text[end:], words, language)]


def _environment_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around its first environment (``\\begin{cases}`` ...), or None without one."""
    env = _environment(text)
    if env is None:
        return None
    before, name, body, after = env
    if name == "array" or name.startswith("alignat"):
        body = body[_group(body, 0)[1] :]  # the column spec {cc}
    return [
        *_layer(before, words, language),
        *_env_pieces(name, body, words, language),
        *_layer(after, words, language),
    ]


def _arrow_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around an arrow between statements ("implies", "if and only if"), or None."""
    arrow = _top_level(text, _STATEMENT_ARROW)
    if arrow is None:
        return None
    said = words["implies"] if arrow.group(1) else words["iff"]
    return _around(text, arrow.start(), [said], arrow.end(), words, language)


def _note_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around a note in brackets after a value ("(compression)", "(←)"): an aside,
    between pauses; None without one."""
    note = _top_level(text, _NOTE)
    if note is None:
        return None
    aside = (note.group(1) or note.group(2) or "").strip()
    aside = _word(words, _DIRECTIONS[aside]) if aside in _DIRECTIONS else aside
    return _around(text, note.start(), [",", aside, ","], note.end(), words, language)


def _own_words_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around ``\\text{...}`` with the lesson's own words (kept from the words said
    for SRE's English, in a language SRE does not speak), or None."""
    if _speaker(language) == language:
        return None
    own = _top_level(text, _TEXT_WORDS)
    if own is None:
        return None
    return _around(text, own.start(), [" ".join(own.group(1).split())], own.end(), words, language)


def _so_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around an arrow between two relations ("a = 0 → b = 1": "a equals 0, so b
    ...") or before what something tends to ("EA \\to 0": "E A tends to 0"), or None."""
    so = _top_level(text, _SO_ARROW)
    if so is None:
        return None
    if _top_level(text[: so.start()], _RELATION) and _top_level(text[so.end() :], _RELATION):
        return _around(text, so.start(), [",", _word(words, "so")], so.end(), words, language)
    if _TENDS_TO.fullmatch(text[so.end() :]) and text[: so.start()].strip():
        return _around(text, so.start(), [_word(words, "tends")], so.end(), words, language)
    return None


def _temperature_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around a temperature's unit ("degrees Celsius"), or None."""
    temperature = _TEMPERATURE.search(text)
    if not temperature:
        return None
    unit = temperature.group(1) or temperature.group(2)
    said = words["celsius" if unit == "C" else "fahrenheit"]
    return _around(text, temperature.start(), [said], temperature.end(), words, language)


def _limit_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around ``\\lim_{x \\to 0}`` ("the limit as x approaches 0 of"), or None."""
    limit = _top_level(text, _LIMIT)
    if limit is None:
        return None
    sub, end = _group(text, limit.end())
    to = _LIMIT_ARROW.search(sub)
    if to is None:
        return None
    values = {"v": sub[: to.start()], "a": sub[to.end() :]}
    return _around(text, limit.start(), _template(words["limit"], values), end, words, language)


def _bar_layer(text: str, words: dict[str, str], language: str) -> list[str] | None:
    """``text`` as pieces around an evaluation bar (``\\left. F(x) \\right|_a^b``: "F of x evaluated
    from a to b"; its ``\\left.`` dropped), or None."""
    bar = _top_level(text, _BAR)
    if bar is None:
        return None
    low, end = _group(text, text.index("_", bar.end()) + 1)
    high = ""
    if text[end:].lstrip().startswith("^"):
        high, end = _group(text, text.index("^", end) + 1)
    before = text[: bar.start()]
    opener = _LEFT_OPENER.search(before)
    if opener is not None:
        before = before[: opener.start()] + before[opener.end() :]
    said = _template(words["from_to"] if high else words["at"], {"a": low, "b": high})
    return [*_layer(before, words, language), *said, *_layer(text[end:], words, language)]


_LAYER_READERS: tuple[Callable[[str, dict[str, str], str], list[str] | None], ...] = (
    _environment_layer,
    _arrow_layer,
    _note_layer,
    _own_words_layer,
    _so_layer,
    _temperature_layer,
    _limit_layer,
    _bar_layer,
)


def _env_pieces(name: str, body: str, words: dict[str, str], language: str) -> list[str]:
    """An environment as pieces: cases, matrices, or rows said one after another."""
    rows = _cells(body)
    if name in _CASES:
        return _cases_pieces(rows, words, language)
    if name in _MATRICES and rows:
        return _matrix_pieces(rows, words, language)
    return _rows_pieces(rows, words, language)


def _cases_pieces(rows: list[list[str]], words: dict[str, str], language: str) -> list[str]:
    """The rows (cells) of ``cases`` → pieces: "1 if x is greater than 0, 0 otherwise" ("if" unless the
    condition starts with its own word)."""
    out: list[str] = []
    for n, cells in enumerate(rows):
        condition = " ".join(c for c in cells[1:] if c)
        out += [","] if n else []
        out += _layer(cells[0], words, language)
        if condition and not _CONDITION_WORD.match(condition):
            out.append(words["if"])
        out += _layer(condition, words, language)
    return out


def _matrix_pieces(rows: list[list[str]], words: dict[str, str], language: str) -> list[str]:
    """The rows (cells) of a matrix → pieces: "the column vector 1, 2", a row vector, or "the 2 by 2
    matrix with rows 1, 2; and 3, 4" (an empty cell is 0)."""
    columns = max(len(r) for r in rows)
    if columns == 1 or len(rows) == 1:
        return _vector_pieces(rows, columns, words, language)
    out = [words["matrix"].format(r=len(rows), c=columns)]
    for n, row in enumerate(rows):
        out += ([";", words["and"]] if n == len(rows) - 1 else [";"]) if n else []
        for m, cell in enumerate(row):
            out += ([","] if m else []) + _layer(cell or "0", words, language)
    return out


def _vector_pieces(rows: list[list[str]], columns: int, words: dict[str, str], language: str) -> list[str]:
    """The rows (cells) of a one-column or one-row matrix with ``columns`` columns → pieces: "the
    column vector 1, 2" or the row vector's words and its cells."""
    out = [words["column" if columns == 1 and len(rows) > 1 else "row"]]
    for n, cell in enumerate(c for r in rows for c in r):
        out += ([","] if n else []) + _layer(cell, words, language)
    return out


def _rows_pieces(rows: list[list[str]], words: dict[str, str], language: str) -> list[str]:
    """The rows (cells) of ``aligned``, ``split``, ``gather`` ... → pieces, each row said on its own, in
    order; a colon or semicolon ending a row (``\\sum F = 0:``) is kept as a pause instead of a comma."""
    out: list[str] = []
    stop = ""
    for n, cells in enumerate(rows):
        out += [","] if n and not stop else []
        line = " ".join(c for c in cells if c)
        end = _END_STOPS.search(line)
        stop = end.group(1) if end and end.start() > 0 and end.group(1) in ":;" else ""
        out += _layer(line[: end.start()] if end and end.start() > 0 else line, words, language)
        out += [stop] if stop else []
    return out


_UNIT_WORDS = (
    r"(?:kilo|mega|giga|milli|micro|centi|nano)?"
    r"(?:meter|metre|newton|pascal|gram|second|liter|litre|joule|watt|volt|ampere|radian)s?\b"
)
_POLISH_EN = (
    (re.compile(r"\s*\bcomma\b\s*"), ", "),
    (re.compile(r"\bbold italic\b"), "bold"),
    (re.compile(r"\bdot dot dot, "), "and so on up to "),
    (re.compile(r"\balmost equals\b"), "is approximately"),
    (re.compile(r"(?<!is )\bproportional to\b"), "is proportional to"),
    (re.compile(r"\bnot sign\b"), "not"),
    (re.compile(r"(?<!pointing )\btriangle\b"), "delta"),
    (re.compile(r"\blamda\b"), "lambda"),  # SRE spells λ so
    (re.compile(r"\bdot dot dot\b"), "and so on"),
    (re.compile(r"\s*\bperiod$"), ""),
    (re.compile(r"\bdouble struck E of\b"), "E of"),  # \mathbb{E}[t | x]: "E of t given x"
    (re.compile(r"\b((?:bold \S+|close paren|close bracket)(?: hat)?) to the T power\b"), r"\1 transpose"),
    (re.compile(r"\b(clockwise|anticlockwise|counterclockwise) (?:open |gapped |closed )?circle arrow\b"), r"\1"),
    (re.compile(r"\btimes (?=" + _UNIT_WORDS + r")"), ""),  # "w sub B kilonewtons": a unit, not a factor
    (re.compile(r"\btimes (?=(?:mm|cm|dm|km|kN|MN|kPa|MPa|GPa|kg|kNm|Nm)\b)"), ""),  # "21600 mm squared"
    (re.compile(r"\bcap ([A-Z])\b"), r"\1"),
)


def _polish(said: str, expr: str, language: str) -> str:
    """SRE's words as a narrator says them: English polished (see the module docstring), brackets
    read as a narrator reads them (:func:`_regroup`), then in the lesson's language (:func:`_said_in`)."""
    speaker = _speaker(language)
    if speaker == SOURCE_LANGUAGE:
        if _LN.search(expr):  # SRE spells ln: "l n of x"
            said = re.sub(r"\bl n(?: of)?\b", "the natural log of", said)
        for pattern, replacement in _POLISH_EN:
            said = pattern.sub(replacement, said)
    said = _regroup(said, speaker)
    return _said_in(said, language)


class _Brackets:
    """A bracketed group of SRE's words: its opening and closing words (indices into the speaker's
    "sre open" and "sre close") and what is between them (words and groups)."""

    __slots__ = ("opener", "closer", "inside")

    def __init__(self, opener: int):
        self.opener, self.closer = opener, -1
        self.inside: list[str | _Brackets] = []


@functools.lru_cache(maxsize=16)
def _bracket_words(speaker: str) -> tuple[list[str], list[str], re.Pattern[str] | None, re.Pattern[str]]:
    """The speaker's (SRE's language's) opening and closing bracket words, a pattern finding them, and
    one finding its commas."""
    words = WORDS.get(speaker, {})
    opens = [w for w in words.get("sre open", "").split("|") if w]
    closes = [w for w in words.get("sre close", "").split("|") if w]
    found = sorted(opens + closes, key=len, reverse=True)
    token = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in found) + r")(?!\w)") if found else None
    comma = words.get("sre comma", "")
    commas = re.compile(r"\s*(?:,|(?<!\w)" + re.escape(comma) + r"(?!\w))\s*" if comma else r"\s*,\s*")
    return opens, closes, token, commas


def _regroup(said: str, speaker: str) -> str:
    """SRE's brackets as a narrator reads them (``speaker``: the language SRE spoke in, whose module
    names its bracket words): a function's arguments without them ("p of x and t", "E of t given x");
    elsewhere, where the module has the words, a group is "the quantity a plus b" (a comma after it
    when more follows: "the quantity a plus b, squared"), one word needs nothing, a list is said as a
    list and an interval after "is a member of" (or with a bracket of each kind) as an interval."""
    opens, closes, token, _ = _bracket_words(speaker)
    if token is None or not token.search(said):
        return said
    root = _Brackets(-1)
    stack = [root]
    for n, part in enumerate(token.split(said)):
        if n % 2 == 0:
            stack[-1].inside.append(part)
        elif part in opens:
            group = _Brackets(opens.index(part))
            stack[-1].inside.append(group)
            stack.append(group)
        elif len(stack) > 1:
            stack.pop().closer = closes.index(part)
        else:
            stack[-1].inside.append(part)  # a closing word without its opening one: left as said
    words = WORDS.get(speaker, _FALLBACK)
    return " ".join(_said_group(root.inside, words, speaker).split())


def _said_group(inside: Sequence[str | _Brackets], words: dict[str, str], speaker: str) -> str:
    opens, closes, _, commas = _bracket_words(speaker)
    out: list[str] = []
    for n, part in enumerate(inside):
        if isinstance(part, str):
            out.append(part)
            continue
        if part.closer < 0:  # never closed: said as SRE said it
            out += [opens[part.opener], _said_group(part.inside, words, speaker)]
            continue
        after = next(
            (p if isinstance(p, str) else "x" for p in inside[n + 1 :] if not isinstance(p, str) or p.strip()), ""
        )
        out.append(_said_brackets(part, " ".join(out), after, words, speaker))
    return " ".join(out)


def _said_brackets(group: _Brackets, before: str, after: str, words: dict[str, str], speaker: str) -> str:
    """A closed bracketed group of SRE's words as a narrator reads it (``before``, ``after``: what is
    said around it): an interval, a function's arguments, a list, one word or a quantity; as SRE said
    it where the language's words say nothing else."""
    opens, closes, _, commas = _bracket_words(speaker)
    items = (" ".join(_said_group(item, words, speaker).split()) for item in _bracket_items(group, commas))
    said = [s for s in items if s]
    more = bool(after.strip()) and not after.lstrip().startswith((",", ";", ":", "."))
    members = tuple(m for m in words.get("member", "").split("|") if m)
    interval = words.get("interval", "")
    if interval and len(said) == 2 and (group.opener != group.closer or before.rstrip().endswith(members)):
        return interval.format(a=said[0], b=said[1]) + ("," if more else "")
    arguments = _said_arguments(said, before, after, more, words)
    if arguments is not None:
        return arguments
    quantity = words.get("quantity", "")
    if not quantity:  # brackets this language's words do not read otherwise: as SRE said them
        return f"{opens[group.opener]} {_said_group(group.inside, words, speaker)} {closes[group.closer]}"
    return _said_quantity(said, before, more, quantity, words)


def _bracket_items(group: _Brackets, commas: re.Pattern[str]) -> list[list[str | _Brackets]]:
    """What ``group`` holds, parted into items at the commas (``commas``) of its words."""
    items: list[list[str | _Brackets]] = [[]]
    for part in group.inside:
        if isinstance(part, str):
            pieces = commas.split(part)
            items[-1].append(pieces[0])
            items += [[p] for p in pieces[1:]]
        else:
            items[-1].append(part)
    return items


def _said_arguments(said: list[str], before: str, after: str, more: bool, words: dict[str, str]) -> str | None:
    """The items ``said`` in brackets as a function's arguments ("p of x and t"; "..., times" before
    another function applied), when the words ``before`` end with "of" and the brackets hold no
    quantity; else None. ``more``: words follow (a comma after a list of them)."""
    of = words.get("sre of", "")
    if not of or not re.search(r"(?<!\w)" + re.escape(of) + r"\s*$", before):
        return None
    if _quantity_after_of(before, after, words):
        return None
    if _APPLIED.match(after):  # p(w | a) p(t | w, x): "p of w given a, times p of t given w and x"
        return _listed(said, _word(words, "and")) + ", " + _word(words, "times")
    return _listed(said, _word(words, "and")) + ("," if more and len(said) > 1 else "")


def _said_quantity(said: list[str], before: str, more: bool, quantity: str, words: dict[str, str]) -> str:
    """The items ``said`` in brackets where the language has a ``quantity``: a list, one word as it
    is, or "the quantity a plus b" ("times" first after a number ``before`` it); a comma after it when
    ``more`` follows."""
    if len(said) > 1:
        text = ", ".join(said)
    elif len(said) == 1 and len(said[0].split()) == 1:
        return said[0]
    elif said:
        text = quantity.format(x=said[0])
        if re.search(r"\d\s*$", before):  # the fallback's "2 (x - 1)": "2 times the quantity x minus 1"
            text = _word(words, "times") + " " + text
    else:
        return ""
    return text + ("," if more else "")


_APPLIED = re.compile(r"\s*(?:(?:bold|script|double struck) )?[^\W\d_]\w* of\b")


def _quantity_after_of(before: str, after: str, words: dict[str, str]) -> bool:
    """True when the brackets after "of" group a quantity, not a function's arguments: a power follows
    them ("the sum of (a - b) squared") or the "of" is a big operator's ("the integral of (...)")."""
    powers = [re.escape(p) for p in words.get("power", "").split("|") if p]
    if powers and re.match(r"\s*(?:" + "|".join(powers) + r")\b", after):
        return True
    big = [re.escape(b) for b in words.get("big", "").split("|") if b]
    of = re.escape(words.get("sre of", ""))
    return bool(big) and bool(
        re.search(r"\b(?:" + "|".join(big) + r")\b(?:(?!\b" + of + r"\b).)*\b" + of + r"\s*$", before)
    )


def _listed(items: list[str], and_word: str) -> str:
    """ "x", "x and t", "x, t and w" (a list that goes on, "and so on up to", keeps its commas)."""
    if len(items) < 2 or items[-1].startswith(and_word + " "):
        return ", ".join(items)
    return ", ".join(items[:-1]) + f" {and_word} " + items[-1]


_ORDINAL_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_ORDINALS = {word: str(n) for n, word in enumerate(_ORDINAL_WORDS, 1)}
_CARDINAL_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_CARDINALS = {word: n for n, word in enumerate(_CARDINAL_WORDS, 1)}
_FRACTION_PARTS = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4, "third": 3, "thirds": 3}
_FRACTION_PARTS.update({w: n for n, w in enumerate(_ORDINAL_WORDS, 1) if n > 3})
_FRACTION_PARTS.update({w + "s": n for n, w in enumerate(_ORDINAL_WORDS, 1) if n > 3})
_ENGLISH_POWER = re.compile(r"\bto the (?:(\w+)-th|(" + "|".join(_ORDINAL_WORDS) + r")) power\b")
_ENGLISH_ROOT = re.compile(r"\bthe (?:(\d+|\w)-?(?:th|st|nd|rd)|(" + "|".join(_ORDINAL_WORDS[3:]) + r")) root of\b")
_ENGLISH_FRACTION = re.compile(
    r"\b(\d+|" + "|".join(_CARDINAL_WORDS) + r") (" + "|".join(sorted(_FRACTION_PARTS, key=len, reverse=True)) + r")\b"
)


@functools.lru_cache(maxsize=16)
def _replacements(language: str) -> tuple[re.Pattern[str], list[str]] | None:
    """The pattern of every phrase of the language module's "~" words (longest first; ``{x}``: one
    word kept) and the words said for each, in the order of the pattern's groups ``p0``, ``p1`` ..."""
    table = {k[1:]: v for k, v in WORDS.get(language, {}).items() if k.startswith("~") and k[1:].strip()}
    if not table:
        return None
    alternatives, said = [], []
    for n, phrase in enumerate(sorted(table, key=lambda p: (-len(p.split()), -len(p)))):
        pattern = r"\s+".join(re.escape(w) for w in phrase.split()).replace(re.escape("{x}"), rf"(?P<x{n}>\S+?)")
        alternatives.append(f"(?P<p{n}>{pattern})")
        said.append(table[phrase])
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w-])", re.IGNORECASE), said


def _said_in(said: str, language: str) -> str:
    """SRE's words (or the fallback's) in the lesson's language: the language module's "~" words in
    place of the speaker's (:func:`_replacements`); from English, powers, roots and fractions said
    with numbers first ("to the fourth power" → "to the 4 power", "three fifths" → the language's
    fraction). A word with no such entry (a letter, a name) stays."""
    found = _replacements(language)
    if found is None:
        return said
    pattern, words = found
    if _speaker(language) != language:
        said = _ENGLISH_POWER.sub(lambda m: f"to the {m.group(1) or _ORDINALS[m.group(2)]} power", said)
        said = _ENGLISH_ROOT.sub(lambda m: f"the {m.group(1) or _ORDINALS[m.group(2)]}-th root of", said)
        rules = LANGUAGES[language].rules if language in LANGUAGES else None
        if rules is not None and rules.fraction is not None:
            fraction = rules.fraction

            def part(m: re.Match[str]) -> str:
                top = int(m.group(1)) if m.group(1).isdigit() else _CARDINALS[m.group(1)]
                return (
                    "\ue030" + fraction(None, top, _FRACTION_PARTS[m.group(2)], "") + "\ue031"
                )  # kept from the words below

            said = _ENGLISH_FRACTION.sub(part, said)

    def replace(m: re.Match[str]) -> str:
        n = int((m.lastgroup or "p0")[1:])
        text = words[n].replace("{x}", m.group(f"x{n}") or "") if "{x}" in words[n] else words[n]
        return text[:1].upper() + text[1:] if text and m.group(0)[:1].isupper() and m.group(0)[1:2].islower() else text

    kept = re.split("\ue030(.*?)\ue031", said)
    said = "".join(part if n % 2 else pattern.sub(replace, part) for n, part in enumerate(kept))
    said = _TIDY_COMMAS.sub(r"\1", " ".join(said.split()))
    return _DOUBLE_PAUSE.sub(lambda m: max(m.group(0).replace(" ", ""), key=",:;".index), said).strip(" ,;:")


def _sre_version(folder: Path) -> str:
    try:
        return str(json.loads((folder / "speech-rule-engine" / "package.json").read_text("utf-8")).get("version", ""))
    except (OSError, ValueError):
        return ""


def _cache_file(folder: Path, locale: str) -> Path:
    """Where SRE's answers are kept between builds: one JSON file per SRE version and locale, in the
    narrate cache folder (``$NARRATE_CACHE_DIR``, else ``$XDG_CACHE_HOME/narrate`` or ~/.cache/narrate)."""
    root = os.environ.get("NARRATE_CACHE_DIR") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "narrate"
    )
    return Path(root) / "math" / f"sre-{_sre_version(folder)}-{_RULES}-{locale}.json"


def _load_cache(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}
    )


@functools.lru_cache(maxsize=64)
def _sre_cached(items: tuple[str, ...], locale: str) -> tuple[str | None, ...]:
    """SRE's speech of each item (None where it has none): from the disk cache, else from one node
    process for all the others (SRE takes tens of milliseconds per expression, more on a busy machine)."""
    folder = _sre_dir()
    if folder is None:
        return (None,) * len(items)
    cache_path = _cache_file(folder, locale)
    cache = _load_cache(cache_path)
    todo = sorted({e for e in items if e not in cache})
    if todo:
        found = _run_sre(folder, todo, locale)
        fresh = {e: s for e, s in zip(todo, found) if s}
        if fresh:
            cache.update(fresh)
            try:
                write_atomic(cache_path, json.dumps(cache, ensure_ascii=False, sort_keys=True))
            except OSError:
                pass  # a read-only cache folder: the answers are still used for this build
    return tuple(cache.get(e) for e in items)


_MATHML_NS = "{http://www.w3.org/1998/Math/MathML}"
_ROWS = {"math", "mrow", "msqrt", "mtd", "mstyle", "mpadded"}


def _products(mathml: str) -> str:
    """Letters side by side in a row are a product ("2 g h"), not a function applied to the next one
    ("2 g of h"): an invisible times goes between them (not after a "d": "d x" stays a differential)."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(mathml)
    except ET.ParseError:
        return mathml
    changed = False
    for row in root.iter():
        if row.tag.removeprefix(_MATHML_NS) not in _ROWS:
            continue
        kids = list(row)
        for i in range(len(kids) - 1, 0, -1):
            a, b = kids[i - 1], kids[i]
            letters = all(k.tag.removeprefix(_MATHML_NS) == "mi" and len((k.text or "").strip()) == 1 for k in (a, b))
            if letters and (a.text or "").strip() != "d":
                times = ET.Element(f"{_MATHML_NS}mo")
                times.text = "\u2062"
                row.insert(i, times)
                changed = True
    if not changed:
        return mathml
    ET.register_namespace("", _MATHML_NS[1:-1])
    return ET.tostring(root, encoding="unicode")


def _run_sre(folder: Path, items: list[str], locale: str) -> list[str | None]:
    try:
        from latex2mathml.converter import convert
    except ImportError:
        return [None] * len(items)
    mathml: list[str | None] = []
    for expr in items:
        if expr.lstrip().startswith("<math"):
            mathml.append(expr)
            continue
        try:
            mathml.append(_products(convert(expr)))
        except Exception:  # latex2mathml raises many kinds on bad LaTeX: the fallback speaks it
            mathml.append(None)
    request = {
        "sre": str(folder / "speech-rule-engine"),
        "locale": locale,
        "style": _STYLE.get(locale, ""),
        "math": mathml,
    }
    try:
        done = subprocess.run(
            ["node", str(_DRIVER)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=SRE_TIMEOUT_S + SRE_TIMEOUT_PER_EXPRESSION_S * len(items),
            check=True,
        )
        out = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return [None] * len(items)
    if not isinstance(out, list) or len(out) != len(items):
        return [None] * len(items)
    return [s.strip() if isinstance(s, str) and s.strip() else None for s in out]


def _fallback(expr: str) -> str:
    if expr.lstrip().startswith("<math"):
        expr = re.sub(r"<[^>]+>", " ", expr)  # MathML without SRE: its tokens in order
        return " ".join(_Latex(expr).words())
    return speak_latex(expr)


# ------------------------------------------------------------------ fallback: LaTeX → words

GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho "
    "varrho sigma varsigma tau upsilon phi varphi chi psi omega"
).split()
FUNCTIONS = {
    "sin": "sine",
    "cos": "cosine",
    "tan": "tangent",
    "cot": "cotangent",
    "sec": "secant",
    "csc": "cosecant",
    "arcsin": "arc sine",
    "arccos": "arc cosine",
    "arctan": "arc tangent",
    "sinh": "hyperbolic sine",
    "cosh": "hyperbolic cosine",
    "tanh": "hyperbolic tangent",
    "log": "log",
    "ln": "natural log",
    "exp": "exp",
    "det": "determinant",
    "max": "max",
    "min": "min",
    "gcd": "gcd",
}
RELATIONS = {
    "=": "equals",
    "<": "is less than",
    ">": "is greater than",
    "\\lt": "is less than",
    "\\gt": "is greater than",
    "\\leq": "is less than or equal to",
    "\\le": "is less than or equal to",
    "\\geq": "is greater than or equal to",
    "\\ge": "is greater than or equal to",
    "\\neq": "is not equal to",
    "\\ne": "is not equal to",
    "\\approx": "is approximately",
    "\\sim": "is similar to",
    "\\equiv": "is equivalent to",
    "\\propto": "is proportional to",
    "\\in": "is in",
    "\\mid": "given",
    "\\notin": "is not in",
    "\\subset": "is a subset of",
    "\\subseteq": "is a subset of or equal to",
    "\\to": "goes to",
    "\\rightarrow": "goes to",
    "\\mapsto": "maps to",
    "\\Rightarrow": "implies",
    "\\implies": "implies",
    "\\iff": "if and only if",
}
OPERATORS = {
    "+": "plus",
    "-": "minus",
    "\\pm": "plus or minus",
    "\\mp": "minus or plus",
    "\\times": "times",
    "\\cdot": "times",
    "*": "times",
    "\\div": "divided by",
    "/": "over",
    "!": "factorial",
    "'": "prime",
    "\\prime": "prime",
    "\\infty": "infinity",
    "\\partial": "partial",
    "\\nabla": "del",
    "\\ldots": "and so on",
    "\\dots": "and so on",
    "\\cdots": "and so on",
    "\\cup": "union",
    "\\cap": "intersection",
    "\\forall": "for all",
    "\\exists": "there exists",
    "\\emptyset": "the empty set",
    "\\circ": "degrees",
    "°": "degrees",
    "\\%": "percent",
    "%": "percent",
    ",": ",",
    "|": "absolute value",
}
BIG = {"\\sum": "the sum", "\\prod": "the product", "\\int": "the integral", "\\oint": "the contour integral"}
ACCENTS = {"hat": "hat", "bar": "bar", "overline": "bar", "tilde": "tilde", "dot": "dot", "ddot": "double dot"}
FONTS = {"mathbf": "bold", "boldsymbol": "bold", "vec": "vector"}
SPACING = {"\\,", "\\;", "\\:", "\\!", "\\quad", "\\qquad", "\\left", "\\right", "\\big", "\\Big", "\\displaystyle"}
SPACING |= {"\\bigl", "\\bigr", "\\Bigl", "\\Bigr", "\\limits", "\\nolimits", "~", "\\ ", "\\tfrac", "\\dfrac"}
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|mathit|operatorname)\s*\{([^{}]*)\}")
_LATEX_TOKEN = re.compile(_TEXT_GROUP.pattern + r"|\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|[A-Za-z]|\S")
_PARTS = {"2": "half", "3": "third", "4": "quarter", "5": "fifth", "6": "sixth", "8": "eighth", "10": "tenth"}
_OPEN = {"(": ")", "[": "]", "\\{": "\\}", "\\lbrace": "\\rbrace", "\\langle": "\\rangle"}


class _Latex:
    """A small recursive reader of LaTeX math: tokens → words."""

    def __init__(self, source: str):
        self.toks = [m.group(0) for m in _LATEX_TOKEN.finditer(source)]
        self.i = 0

    def peek(self) -> str | None:
        while self.i < len(self.toks) and self.toks[self.i] in SPACING:
            self.i += 1
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str | None:
        tok = self.peek()
        if tok is not None:
            self.i += 1
        return tok

    def words(self, stop: str | None = None) -> list[str]:
        out: list[str] = []
        while (tok := self.peek()) is not None and tok != stop:
            if tok in ("}", ")", "]", "\\}", "\\rbrace", "\\rangle") and stop is None:
                self.take()  # an unbalanced closer
                continue
            out.extend(self.term())
        return out

    def group(self) -> list[str]:
        """One argument: a {braced group} or a single token."""
        tok = self.peek()
        if tok == "{":
            self.take()
            inner = self.words("}")
            self.take()
            return inner
        return self.atom()

    def raw_group(self) -> str:
        """The text of a {group} as written (\\text{...}, \\mathrm{...})."""
        if self.peek() != "{":
            return self.take() or ""
        self.take()
        depth, parts = 1, []
        while (tok := self.take()) is not None:
            depth += {"{": 1, "}": -1}.get(tok, 0)
            if depth == 0:
                break
            parts.append(tok)
        text = "".join(p if p[0] != "\\" else " " for p in parts)
        return " ".join(text.split())

    def atom(self) -> list[str]:
        """The next atom's words: a group, a bracket, a command with its arguments, or one symbol."""
        tok = self.take()
        if tok is None:
            return []
        reader = _ATOM_READERS.get(tok)
        if reader is not None:
            return reader(self, tok)
        text_group = _TEXT_GROUP.fullmatch(tok)
        if text_group:
            return _text_words(" ".join(text_group.group(1).split()))
        named = self.named(tok[1:])
        return named if named is not None else self.symbol(tok)

    def braced(self, tok: str) -> list[str]:
        """Takes the words of a ``{group}`` whose ``{`` (``tok``) was taken; returns them."""
        inner = self.words("}")
        self.take()
        return inner

    def bracketed(self, tok: str) -> list[str]:
        """Takes a bracket opened by ``tok``; returns its words, "open paren ... close paren" when
        there is more than one."""
        inner = self.words(_OPEN[tok])
        self.take()
        return inner if len(inner) <= 1 else ["open paren", *inner, "close paren"]

    def fraction(self, tok: str) -> list[str]:
        """Takes ``\\frac``'s two arguments; returns "1 half", "3 quarters", "a over b" or "the
        fraction ... over ... end fraction"."""
        top, bottom = self.group(), self.group()
        if len(top) == 1 and top[0].isdigit() and len(bottom) == 1 and bottom[0] in _PARTS:
            part = _PARTS[bottom[0]]
            return [top[0], part if top[0] == "1" else ("halves" if part == "half" else part + "s")]
        if len(top) > 1 or len(bottom) > 1:
            return ["the fraction", *top, "over", *bottom, "end fraction"]
        return [*top, "over", *bottom]

    def root(self, tok: str) -> list[str]:
        """Takes ``\\sqrt``'s optional ``[index]`` and its argument; returns "the square root of ...",
        "the cube root of ...", "the 4th root of ..." or "the n-th root of ..."."""
        index: list[str] = []
        if self.peek() == "[":
            self.take()
            index = self.words("]")
            self.take()
        body = self.group()
        if index == ["3"]:
            return ["the cube root of", *body]
        if not index:
            return ["the square root of", *body]
        nth = "".join(index) + "th" if index[0].isdigit() else " ".join(index) + "-th"
        return ["the", nth, "root of", *body]

    def text(self, tok: str) -> list[str]:
        """Takes ``\\text``'s (``\\mathrm``'s ...) argument; returns its text as one word (none if empty)."""
        return _text_words(self.raw_group())

    def named(self, name: str) -> list[str] | None:
        """The words of a command named ``name`` (without its backslash) that is an accent, a font, a
        letter style, a function or a Greek letter (taking its argument), or None if it is none."""
        if name in ACCENTS:
            return [*self.group(), ACCENTS[name]]
        if name in FONTS:
            return [FONTS[name], *self.group()]
        if name in ("mathbb", "mathcal", "mathfrak", "mathsf", "mathtt"):
            return [self.raw_group()]
        if name in FUNCTIONS:
            return [FUNCTIONS[name]]
        if name in GREEK or name.lower() in GREEK:
            return [("capital " if name[0].isupper() else "") + name.lower().removeprefix("var")]
        return None

    def symbol(self, tok: str) -> list[str]:
        """The words of ``tok`` as a relation, an operator, a cell break, an unknown command (its name)
        or itself; an environment's ``\\begin``/``\\end`` (its name taken) says nothing."""
        if tok in RELATIONS:
            return [RELATIONS[tok]]
        if tok in OPERATORS:
            return [OPERATORS[tok]]
        if tok in ("&", "\\\\", "\\cr"):
            return [","]
        if tok.startswith("\\begin") or tok.startswith("\\end"):
            self.raw_group()
            return []
        if tok.startswith("\\"):
            name = tok[1:]
            return [name] if len(name) > 1 and name.isalpha() else []
        return [tok]

    def scripts(self, base: list[str]) -> list[str]:
        """Subscripts and superscripts after ``base``."""
        out = list(base)
        while self.peek() in ("_", "^"):
            mark = self.take()
            arg = self.group()
            if mark == "_":
                out += ["sub", *arg]
            elif arg == ["2"]:
                out.append("squared")
            elif arg == ["3"]:
                out.append("cubed")
            elif arg == ["prime"]:
                out.append("prime")
            elif arg == ["T"] and base[:1] == ["bold"]:
                out.append("transpose")
            elif len(arg) == 1:
                out += ["to the power of", *arg]
            else:
                out += ["to the power of", *arg, "end power"] if self.peek() is not None else ["to the power of", *arg]
        return out

    def term(self) -> list[str]:
        """The next term's words: a big operator or a limit with its bounds, a negative sign, or an atom
        with its scripts (a function applied to what follows it, a letter's arguments)."""
        tok = self.peek()
        if tok is not None and (tok in BIG or tok == "\\lim"):
            return self.big(tok)
        if tok == "-" and (self.i == 0 or self.toks[self.i - 1] in ("(", "{", "=", "[")):
            self.take()
            return ["negative"]
        words = self.scripts(self.atom())
        if (tok or "")[1:] in FUNCTIONS:
            applied = self.applied(words)
            if applied is not None:
                return applied
        if len(words) == 1 and len(words[0]) == 1 and words[0].isalpha() and self.peek() == "(":
            self.take()
            inner = self.words(")")
            self.take()
            return [*words, "of", *inner]
        return words

    def big(self, tok: str) -> list[str]:
        """Takes a big operator or ``\\lim`` (``tok``) and its bounds; returns "the sum from ... to ...
        of" or "the limit as x approaches 0 of"."""
        self.take()
        lower: list[str] = []
        upper: list[str] = []
        while self.peek() in ("_", "^"):
            mark = self.take()
            (lower if mark == "_" else upper).extend(self.group())
        if tok == "\\lim":
            return ["the limit as", *[w if w != "goes to" else "approaches" for w in lower], "of"]
        head = [BIG[tok]]
        if lower:
            head += ["from", *lower]
        if upper:
            head += ["to", *upper]
        return [*head, "of"]

    def applied(self, words: list[str]) -> list[str] | None:
        """A function's ``words`` applied to its argument, taken: "the sine of x" (its brackets not
        said); None when no argument follows (the end, a relation or an operator)."""
        after = self.peek()
        if after in ("(", "\\left"):
            argument = [w for w in self.scripts(self.atom()) if w not in ("open paren", "close paren")]
            return ["the", *words, "of", *argument]
        if after is not None and after not in RELATIONS | OPERATORS.keys():
            return ["the", *words, "of", *self.scripts(self.atom())]
        return None


_ATOM_READERS: dict[str, Callable[[_Latex, str], list[str]]] = {
    "{": _Latex.braced,
    **dict.fromkeys(_OPEN, _Latex.bracketed),
    **dict.fromkeys(("\\frac", "\\dfrac", "\\tfrac"), _Latex.fraction),
    "\\sqrt": _Latex.root,
    **dict.fromkeys(
        ("\\text", "\\mathrm", "\\operatorname", "\\textrm", "\\mbox", "\\mathit", "\\textit"), _Latex.text
    ),
}


def _text_words(text: str) -> list[str]:
    """Text from ``\\text{...}`` (spaces collapsed) → one word, a function's name said as the function;
    none when empty."""
    return [FUNCTIONS.get(text, text)] if text else []


def speak_latex(latex: str) -> str:
    """LaTeX math (no ``$`` delimiters) → English words, without SRE: ``\\frac{a}{b}`` → "a over b",
    ``x_2`` → "x sub 2", ``1 - \\cos(\\theta)`` → "1 minus the cosine of theta". Pure; never raises."""
    words = _Latex(latex).words()
    text = re.sub(r"\s+,", ",", " ".join(w for w in words if w)).strip(" ,")
    return _regroup(text, SOURCE_LANGUAGE)
