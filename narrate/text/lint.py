"""Script lint: what reaches the spoken script and should not (``narrate check``, ``narrate script --lint``).

:func:`lint_script` reads the ``Say`` cues of a built :class:`~narrate.model.Script` (their text after
normalisation and the lexicon, each part in its own language) and reports, per source line:

``symbol``
    a character no voice should be given: ``\\ { } $ | _ ^ ~ < > # * [ ] ``` (a language span's own
    markup ``[...]{lang=xx}`` is not text; ``<`` and ``>`` alone are kept where the language's engine
    reads them, :attr:`~narrate.text.languages.Language.engine_reads_symbols`, but not in ``=>``).
``markup name``
    a symbol or markup name read aloud in an English lesson ("open brace", "underscore", "backslash",
    "dot dot dot", "begin equation", "toctree", "frac" ...). Brackets the math reader names on purpose
    (``open paren`` inside spoken math) are not reported.
``English symbol word``
    in a lesson in another language, an English word for a symbol (``paren``, ``dot``, ``slash`` ...;
    the words of :data:`narrate.text.languages.en.SYMBOL_WORDS`) that is no common word of the
    lesson's language.
``likely token``
    a word in neither the lesson's language's word list nor English's (``wordfreq``) that looks like
    an identifier: letters and digits mixed, camelCase, hyphenated pieces that are not words, or 4+
    capitals; words of the course's lexicon are never reported.
``spelled letters``
    a run of 4 or more one-character words ("a u t o"): markup or a token spelled out.

Cues of code blocks read on purpose (``code: read``) are checked for symbols only. Each
:class:`LintFinding` is printed by :func:`format_lint` as ``<file>:<line>: <kind>: "<excerpt>"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from narrate.model import CodeBlock, Lesson, Say, Script
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.clauses import MATH_CLOSE, MATH_OPEN
from narrate.text.code import speak_code
from narrate.text.common import CODE_SPAN, code_of
from narrate.text.languages import en
from narrate.text.languages import language as language_of

KINDS = ("symbol", "markup name", "English symbol word", "likely token", "spelled letters")
"""The kinds of finding, in the order a cue is checked."""

EXCERPT_CHARS = 60
"""Longest excerpt of the spoken text shown per finding."""

SPELLED_RUN = 4
"""Fewest one-character words in a row reported as spelled letters ("t x t" is not)."""

COMMON_ZIPF = 3.5
"""An English symbol word at least this frequent in the lesson's language (Zipf scale) is a word of
that language too (French "plus", German "Star"), and is not reported."""

_SPAN = re.compile(r"\[([^\[\]]*)\]\{lang=[^{}]*\}")
_SYMBOL = re.compile(r"[\\{}$|_^~<>#*\[\]`]")
_SPELLED_RUN = re.compile(r"(?<!\S)[^\W_](?: [^\W_]){%d,}(?=[,;:.!?]?(?:\s|$))" % (SPELLED_RUN - 1))  # noqa: UP031
_ARROW = re.compile(r"=>|->|<-|<<|>>|<>")
_ENVIRONMENTS = (
    "equation|align|aligned|alignat|gather|gathered|multline|eqnarray|split|cases|array|matrix|pmatrix|"
    "bmatrix|vmatrix|itemize|enumerate|description|tabular|verbatim|lstlisting|minted|minipage|document|"
    "figure|table|center|theorem|lemma|proof|frame|tikzpicture"
)
_DIRECTIVES = (
    "toctree|literalinclude|code-block|code-cell|codecell|eval-rst|sourcecode|admonition|tab-set|tab-item|"
    "grid-item-card|grid-item|list-table|csv-table|numref|autofunction|automodule|autoclass|"
    "frac|dfrac|tfrac|sqrt|mathrm|mathbf|mathit|mathcal|mathbb|textbf|textit|texttt|emph|newline|"
    "hline|includegraphics|operatorname|cdots|ldots|vspace|hspace|noindent|usepackage|documentclass"
)
_MARKUP_NAME = re.compile(
    r"(?<![\w-])(?:backslash|backticks?|underscores?|carets?|vertical bars?|tildes?|asterisks?|dot dot dot|"
    r"(?:open|close|opening|closing|left|right) (?:curly |square )?(?:braces?|parens?|parenthesis|brackets?)|"
    rf"(?:begin|end) (?:{_ENVIRONMENTS})|{_DIRECTIVES})(?![\w-])",
    re.IGNORECASE,
)
_MATH_BRACKETS = re.compile(r"^(?:open|close|left|right) (?:paren|parenthesis|bracket|brace)s?$", re.IGNORECASE)
_WORD = re.compile(r"[^\s,;:.!?()\"'“”‘’«»]+(?:[.'’][^\s,;:.!?()\"'“”‘’«»]+)*")
_LETTERS_DIGITS = re.compile(r"^(?=.*[^\W\d_])(?=.*\d)[^\W_]+$")
_CAMEL = re.compile(r"^[a-z]+[A-Z]|[a-z][A-Z].*[a-z][A-Z]")
_CAPS = re.compile(r"^[A-Z]{4,}$")
_SYMBOL_KEYS = (
    "open paren",
    "open brace",
    "open bracket",
    "dot",
    "slash",
    "backslash",
    "underscore",
    "dash",
    "star",
    "plus",
    "equals",
    "colon",
    "semicolon",
    "caret",
    "backtick",
)


@dataclass(frozen=True)
class LintFinding:
    """One thing heard that should not be: ``kind`` (one of :data:`KINDS`), the lesson's file and
    1-based line (0: not known) and an excerpt of the spoken text around it."""

    file: Path | None
    line: int
    kind: str
    excerpt: str
    token: str = ""


def format_lint(finding: LintFinding) -> str:
    """``<file>:<line>: <kind>: "<excerpt>"`` (``-`` for an unknown file, no line when unknown)."""
    where = str(finding.file) if finding.file else "-"
    if finding.line:
        where += f":{finding.line}"
    return f'{where}: {finding.kind}: "{finding.excerpt}"'


def lint_script(script: Script, lexicon: Mapping[str, str] | None = None) -> list[LintFinding]:
    """The findings of one lesson's script (see the module docstring for the kinds), in cue order,
    one per line, kind and excerpt. ``script.lesson.source`` names the file; a cue that carries no
    line (the lesson's title and summary, framing) is placed on the first line of the file holding
    what was found, else line 1. ``lexicon``: the course's (its words are never likely tokens)."""
    lesson = script.lesson
    context = _Context(lesson, lexicon or {})
    found: list[LintFinding] = []
    seen: set[tuple[int, str]] = set()
    for cue in script.says():
        for tag, text in _parts(cue, script.language):
            for kind, token, at in _check(text, tag, cue.line, context):
                line = cue.line or context.locate(token)
                if (line, kind) not in seen:  # the first per line and kind: a line to fix, not a flood
                    seen.add((line, kind))
                    found.append(LintFinding(lesson.source, line, kind, _excerpt(text, at, len(token)), token))
    return found


class _Context:
    """What the lint knows of a lesson: lines of code read on purpose, spoken math per line, the
    lexicon's words and the file's lines (to place a cue with no line)."""

    def __init__(self, lesson: Lesson, lexicon: Mapping[str, str]):
        self.code_lines = {
            block.line
            for section in lesson.sections
            for block in section.blocks
            if isinstance(block, CodeBlock) and not block.output
        }
        self.written: dict[int, str] = {}  # line -> what was written there (math already spoken)
        for text, line in _written(lesson):
            self.written[line] = self.written.get(line, "") + "\n" + text
        marked = re.compile(f"{MATH_OPEN}([^{MATH_CLOSE}]*){MATH_CLOSE}")
        self.math = " ".join(" ".join(m.split()) for m in marked.findall("\n".join(self.written.values()))).lower()
        self.lexicon_words = {w.casefold() for entry in (*lexicon, *lexicon.values()) for w in _WORD.findall(entry)}
        self.source = lesson.source
        self._lines: list[str] | None = None
        self._code_said: dict[tuple[int, str], str] = {}

    def lines(self) -> list[str]:
        if self._lines is None:
            try:
                self._lines = (
                    self.source.read_text(encoding="utf-8", errors="replace").splitlines() if self.source else []
                )
            except OSError:
                self._lines = []
        return self._lines

    def locate(self, token: str) -> int:
        needle = token.casefold()
        return next((n for n, line in enumerate(self.lines(), 1) if needle and needle in line.casefold()), 1)

    def code_said(self, line: int, tag: str) -> str:
        """What the code spans written from ``line`` to the next block say, in ``tag``'s language
        (lower case): a symbol's name found there was read from code on purpose."""
        key = (line, tag)
        if key not in self._code_said:
            spans = [code_of(m) for m in CODE_SPAN.finditer(self.raw(line))]
            self._code_said[key] = " ".join(speak_code(c, tag or DEFAULT_LANGUAGE) for c in spans).lower()
        return self._code_said[key]

    def raw(self, line: int) -> str:
        """The source file's text from ``line`` to the next block's (the whole file for line 0), as
        written (a reader may already have spelled inline code out), with the block's own text."""
        after = [n for n in self.written if n > line]
        end = min(after) - 1 if after and line else len(self.lines())
        return "\n".join(self.lines()[max(line, 1) - 1 : end]) + "\n" + self.written.get(line, "")


def _written(lesson: Lesson) -> Iterable[tuple[str, int]]:
    """Every written text of a lesson with its line (0: the title, summary and "next" list)."""
    yield from ((t, 0) for t in (lesson.title, lesson.subtitle, lesson.summary, *lesson.next_lessons) if t)
    for section in lesson.sections:
        yield section.title, section.line
        for block in section.blocks:
            for name in ("text", "title"):
                value = getattr(block, name, None)
                if isinstance(value, str):
                    yield value, block.line
            yield from ((item, block.line) for item in getattr(block, "items", ()))
            yield from ((cell, block.line) for cell in getattr(block, "header", ()))
            yield from ((cell, block.line) for row in getattr(block, "rows", ()) for cell in row)
    for q in lesson.quiz:
        yield from ((t, q.line) for t in (q.prompt, *q.options, *q.answers, q.explanation, q.topic) if t)


def _in_math(text: str, start: int, end: int, math: str) -> bool:
    """Whether ``text[start:end]`` with the word before or after it is spoken math of the lesson."""
    before = text[:start].split()[-1:]
    after = text[end:].split()[:1]
    name = text[start:end].lower()
    return any(" ".join([*b, name, *a]).strip(",;:.").lower() in math for b, a in ((before, []), ([], after)))


def _parts(cue: Say, language: str) -> list[tuple[str, str]]:
    """``(language tag, spoken text)`` runs of a cue, a span's markup left out."""
    if cue.parts:
        return [(tag or language, _SPAN.sub(r"\1", text)) for tag, text in cue.parts]
    return [(language, _SPAN.sub(r"\1", cue.text))]


def _check(text: str, tag: str, line: int, context: _Context) -> Iterable[tuple[str, str, int]]:
    """``(kind, token, offset)`` of each finding in one run of spoken text."""
    lang = language_of(tag) if tag else None
    english = lang is None or lang.code == en.LANGUAGE.code  # the registry holds copies
    reads_symbols = lang is not None and lang.engine_reads_symbols
    for m in _SYMBOL.finditer(text):
        if m.group() in "<>" and reads_symbols and not _ARROW.search(text, max(0, m.start() - 1), m.end() + 1):
            continue
        yield "symbol", m.group(), m.start()
    if line in context.code_lines:  # code read on purpose: its symbols' names are meant to be heard
        return
    for m in _MARKUP_NAME.finditer(text):
        name = m.group()
        if _MATH_BRACKETS.match(name) and _in_math(text, m.start(), m.end(), context.math):
            continue
        if name.lower() in context.code_said(line, tag):
            continue  # said from a code span written there (`~/data`: "tilde slash data"): meant to be heard
        if english or name.lower().startswith(("begin ", "end ")) or name.lower() in _DIRECTIVES.split("|"):
            yield "markup name", name, m.start()
    if not english and lang is not None:
        common = _common_words(lang.code)
        for m in re.finditer(r"[^\W\d_]+", text):
            word = m.group().lower()
            if word in _english_symbol_words() and word not in common and word not in context.lexicon_words:
                yield "English symbol word", m.group(), m.start()
    code = lang.code if lang is not None else en.LANGUAGE.code
    for m in _WORD.finditer(text):
        word = m.group().strip("-")
        if word.casefold() in context.lexicon_words:
            continue
        if _looks_like_token(word, code) and _unknown(word, code) and word.casefold() not in context.math:
            yield "likely token", word, m.start()
    yield from _spelled(text, context.raw(line))


def _looks_like_token(word: str, code: str) -> bool:
    """Letters and digits mixed, camelCase or 4+ capitals (in the word or one of its ``-``/``.``
    pieces), or 3+ hyphenated pieces one of which is no word ("fontawesome-solid-file")."""
    if _SYMBOL.search(word):
        return False  # already a symbol finding
    pieces = [p for p in re.split(r"[-.]", word) if p]
    if any(_LETTERS_DIGITS.match(p) or _CAMEL.search(p) or _CAPS.match(p) for p in pieces):
        return True
    hyphenated = [p for p in word.split("-") if p]
    return len(hyphenated) > 2 and all(p.isalpha() for p in hyphenated) and any(_unknown(p, code) for p in hyphenated)


def _unknown(word: str, code: str) -> bool:
    """True when neither ``code``'s word list nor English's knows ``word``."""
    return _zipf(word, en.LANGUAGE.code) == 0 and _zipf(word, code) == 0


@lru_cache(maxsize=65536)
def _zipf(word: str, code: str) -> float:
    from wordfreq import zipf_frequency

    try:
        return zipf_frequency(word, code)
    except (LookupError, ValueError):
        return 1.0  # a language wordfreq lacks: know every word rather than report them all


@lru_cache(maxsize=1)
def _english_symbol_words() -> frozenset[str]:
    words = en.LANGUAGE.symbol_words
    return frozenset(words[key].split()[-1].lower() for key in _SYMBOL_KEYS if key in words)


@lru_cache(maxsize=16)
def _common_words(code: str) -> frozenset[str]:
    return frozenset(w for w in _english_symbol_words() if _zipf(w, code) >= COMMON_ZIPF)


def _spelled(text: str, written: str) -> Iterable[tuple[str, str, int]]:
    """Runs of :data:`SPELLED_RUN` or more one-character words (the last may end a clause), unless
    they spell what was written there as short words or acronyms ("h t m l", "Y Y Y Y M M D D",
    "C S V U T F": HTML, YYYYMMDD, CSV UTF-8), as the normaliser spells them on purpose."""
    words = re.findall(r"[^\W\d_]+|\d+", written)
    spellable = frozenset(w.lower() for w in words if 1 < len(w) and (len(w) <= 6 or w.isupper()))
    for m in _SPELLED_RUN.finditer(text):
        letters = m.group().replace(" ", "").lower()
        # a one-letter word may stand next to the acronym ("g d p y": "gdp y", Spanish "and")
        if not any(_segments(letters[i : len(letters) - j], spellable) for i in (0, 1) for j in (0, 1)):
            yield "spelled letters", m.group(), m.start()


def _segments(letters: str, words: frozenset[str]) -> bool:
    """Whether ``letters`` is a concatenation of ``words``."""
    ends = {0}
    for end in range(1, len(letters) + 1):
        if any(letters[start:end] in words for start in ends if start < end):
            ends.add(end)
    return len(letters) in ends


def _excerpt(text: str, at: int, length: int) -> str:
    """At most :data:`EXCERPT_CHARS` characters of ``text`` around ``text[at:at + length]``, cut at
    spaces, with ``...`` where text was left out."""
    if len(text) <= EXCERPT_CHARS:
        return text
    room = max(0, EXCERPT_CHARS - length) // 2
    start, end = max(0, at - room), min(len(text), at + length + room)
    if start > 0:
        space = text.find(" ", start, at)
        start = space + 1 if space >= 0 else start
    if end < len(text):
        space = text.rfind(" ", at + length, end)
        end = space if space >= 0 else end
    return ("..." if start > 0 else "") + text[start:end].strip() + ("..." if end < len(text) else "")
