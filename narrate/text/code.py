"""Code as a narrator reads it aloud: what a person would say to someone typing along.

``*.pdb`` → "star dot p d b", ``$1`` → "dollar 1", ``$ podman image ls`` → "podman image l s",
``print()`` → "print", ``daily_mean(data)`` → "daily mean of data", ``JULIA_NUM_THREADS`` → "julia
num threads", ``../config/config.txt`` → "dot dot slash config slash config dot t x t". The result is
plain words (numbers as cardinal words of the lesson's language, said here so that nothing later reads
them with the next word: "dollaro uno", not "una barra"), so nothing in it is taken for currency, a
unit, a wildcard or markup later.

Conventions (one for every language; the words are the language's own, from the ``symbol_words``
of its module in :mod:`narrate.text.languages`):

- a shell or REPL prompt at the start of a line is not said: ``$ ``, ``# ``, ``% ``,
  ``user@host:~$ ``, ``/# ``, ``>>> ``, ``... ``, ``In [1]: ``, ``PS C:\\> ``, ``C:\\> ``;
- a function call is its name: ``print()`` → "print"; with a few short arguments "name of a, b and
  c" (``f(x, y)`` → "f of x and y") or, with keyword arguments, "name with day equals 1"; with long
  or nested arguments the brackets are named;
- a command option is "dash" and its letters: ``-l`` → "dash l", ``-nr`` → "dash n r", ``--delay`` →
  "dash dash delay"; a minus before a number or between spaces is "minus" (``-1`` → "minus 1",
  ``a - b`` → "a minus b"); a hyphen inside a name is "dash" (``redo-figure-3.sh``);
- an identifier is its words: ``snake_case`` → "snake case", ``camelCase`` → "camel case",
  ``SCREAMING_CASE`` → "screaming case"; an underscore that parts no words is named (``_x``,
  ``log_*``); ``__init__`` → "dunder init"; ``${name}`` is read as ``$name``;
- short letter groups that are not words (no vowel: ``ls``, ``pdb``, ``txt``; or capitals:
  ``SQL``) are spelled out letter by letter; other words are read as words;
- every other symbol by its name in the lesson's language ("dot", "punto", "Punkt" ...).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from narrate.settings import DEFAULT_LANGUAGE
from narrate.text import languages
from narrate.text.languages import number_words

__all__ = ["SYMBOL_NAMES", "speak_code", "speak_code_block", "symbol_words"]

#: Written operator → the key of its words in a language's ``symbol_words`` (the English words).
#: Multi-character operators first (longest match wins), then single characters.
SYMBOL_NAMES: dict[str, str] = {
    "!==": "not double equal",
    "===": "triple equal",
    "**": "star star",
    "//": "slash slash",
    "!=": "not equal",
    "==": "double equal",
    "<=": "less or equal",
    ">=": "greater or equal",
    "->": "arrow",
    "=>": "fat arrow",
    "<-": "left arrow",
    "&&": "and and",
    "||": "or or",
    ">>": "double greater than",
    "<<": "double less than",
    "+=": "plus equals",
    "-=": "minus equals",
    "::": "double colon",
    "*": "star",
    ".": "dot",
    "$": "dollar",
    "=": "equals",
    "<": "less than",
    ">": "greater than",
    "+": "plus",
    "-": "dash",
    "/": "slash",
    "\\": "backslash",
    "_": "underscore",
    "#": "hash",
    "@": "at",
    "%": "percent",
    "&": "ampersand",
    "|": "pipe",
    "~": "tilde",
    "^": "caret",
    "(": "open paren",
    ")": "close paren",
    "[": "open bracket",
    "]": "close bracket",
    "{": "open brace",
    "}": "close brace",
    '"': "quote",
    "'": "quote",
    "`": "backtick",
    ":": "colon",
    ";": "semicolon",
    ",": "comma",
    "?": "question mark",
    "!": "bang",
}
#: Words that are not a symbol: "minus" (a negative number, a subtraction), "of" and "and" (a call's
#: arguments: "f of x and y"), "with" (keyword arguments), "dunder" (``__init__``), "point" (``3.14``).
OTHER_WORDS = ("minus", "of", "and", "with", "dunder", "point")
KEYS = frozenset(SYMBOL_NAMES.values()) | frozenset(OTHER_WORDS)
"""Every key a language module's ``symbol_words`` must have (``tests/test_code_narrator.py``)."""

_OPERATOR = "|".join(re.escape(s) for s in sorted(SYMBOL_NAMES, key=len, reverse=True))
_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<num>(?<![.\d\w])\d+(?:\.\d+)?(?![.\d\w]))"
    r"|(?P<ident>\w+)"
    r"|(?P<op>" + _OPERATOR + r")"
    r"|(?P<other>\S)"
)
_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2})")
_VOWEL = re.compile(r"[aeiouAEIOU]")
_WORDS_WITHOUT_VOWEL = {"my", "by", "why", "try", "dry", "fly", "sky", "spy", "shy", "cry", "gym", "sync"}
_PROMPT = re.compile(
    r"^\s*(?:\(\S+\)\s*)?"  # a conda environment: "(base) $ "
    r"(?:>>>|\.\.\.|In \[\d*\]:|Out\[\d*\]:|PS(?: [A-Za-z]:[^>]*)?>|[A-Za-z]:\\[^>]*>|[\w@.:~/\-\[\]]*[$#%])"
    r"\s+(?=\S)"
)
_MAX_ARGUMENTS = 4
_MAX_ARGUMENT_WORDS = 6


@functools.lru_cache(maxsize=32)
def symbol_words(tag: str) -> Mapping[str, str]:
    """The words for code symbols in the language of ``tag`` (``symbol_words`` of its module), each
    key of :data:`KEYS`; English words for a language without them."""
    fallback = languages.language(DEFAULT_LANGUAGE)
    words = dict(fallback.symbol_words) if fallback else {}
    found = languages.language(tag)
    if found is not None:
        words.update(found.symbol_words)
    return words


def _word(word: str) -> str:
    parts = [p for p in _HUMP.split(word) if p]
    if len(parts) > 1:
        return " ".join(_word(p.lower() if p.istitle() else p) for p in parts)  # camelCase: "camel case"
    short = len(word) <= 4
    caps = word.isupper() and 1 < len(word) and (len(word) <= 3 or not _VOWEL.search(word))
    lower = short and len(word) > 1 and not _VOWEL.search(word) and word.lower() not in _WORDS_WITHOUT_VOWEL
    if caps or lower:
        return " ".join(word.lower() if not word.isupper() else word)
    return word


def _identifier(name: str, say: Mapping[str, str], number: Callable[[str], str] = str) -> list[str]:
    """``snake_case`` / ``camelCase`` / ``SCREAMING_CASE`` / ``__init__`` → words (``number`` says digits)."""
    dunder = re.fullmatch(r"__([^\W_]\w*[^\W_]|[^\W_])__", name)
    if dunder:
        return [say["dunder"], *_identifier(dunder.group(1), say, number)]
    parts = name.split("_")
    words = [p for p in parts if p and not p.isdigit()]
    screaming = len(words) > 1 and all(p.isupper() for p in words)
    out: list[str] = []
    for n, part in enumerate(parts):
        if not part:
            if n in (0, len(parts) - 1):  # "_x", "log_": an underscore that parts no words
                out.append(say["underscore"])
            continue
        for piece in re.findall(r"\d+|[^\W\d]+", part):
            if piece.isdigit():
                out.append(number(piece))
            else:
                out.append(_word(piece.lower() if screaming else piece))
    return out


class _Reader:
    """One line of code, token by token."""

    def __init__(self, code: str, say: Mapping[str, str], tag: str) -> None:
        self.say = say
        self.tag = tag
        self.language = languages.language(tag)
        self.rules = languages.language_for(tag)
        self.tokens = [(m.lastgroup or "other", m.group(0)) for m in _TOKEN.finditer(code)]

    def words(self, start: int = 0, end: int | None = None) -> list[str]:
        tokens, say = self.tokens, self.say
        end = len(tokens) if end is None else end
        out: list[str] = []
        i = start
        while i < end:
            kind, text = tokens[i]
            before = tokens[i - 1] if i > start else ("space", " ")
            after = tokens[i + 1] if i + 1 < end else ("space", " ")
            if kind == "space":
                i += 1
                continue
            if kind == "num":
                out.append(self._number(text))
            elif kind == "ident":
                call = self._call(i, end)
                if call is not None:
                    words, i = call
                    out.extend(words)
                    continue
                option = before == ("op", "-") and (i - 2 < start or tokens[i - 2][0] == "space")
                if option and text.isalpha() and len(text) <= 3:
                    out.extend(text)  # -nr, -Eo: an option's letters
                else:
                    out.extend(_identifier(text, say, self._digits))
            elif kind == "op" and text == "-":
                out.extend(self._dash(before, after))
            elif kind == "op" and text == "$" and after == ("op", "{"):
                close = self._match(i + 1, end, "{", "}")
                if close is not None and close == i + 3 and tokens[i + 2][0] == "ident":
                    out.append(say["dollar"])
                    out.extend(_identifier(tokens[i + 2][1], say, self._digits))
                    i = close + 1
                    continue
                out.append(say["dollar"])
            elif kind == "op":
                out.append(say[SYMBOL_NAMES[text]])
            # any other character (emoji, box drawing) is not said
            i += 1
        return out

    def _number(self, text: str) -> str:
        """A number as its cardinal words, said here so that nothing later reads it with the next word
        ("dollaro uno", not "una barra"; ``01 J`` is no joule); decimals digit by digit after the
        language's word for the point, leading zeros one by one."""
        whole, _, decimals = text.partition(".")
        said = self._digits(whole)
        if decimals:
            said += f" {self.say['point']} " + " ".join(self._digits(d) for d in decimals)
        return said

    def _digits(self, digits: str) -> str:
        if len(digits) > 1 and digits.startswith("0"):
            return " ".join(self._digits(d) for d in digits)
        if self.rules is not None:
            return number_words(digits, self.rules)
        return self.language.verbalize(digits, self.tag) if self.language else digits

    def _dash(self, before: tuple[str, str], after: tuple[str, str]) -> list[str]:
        spaced_before = before[0] == "space" or before[1] in "([{,=|;"
        if after[0] == "num" and spaced_before:
            return [self.say["minus"]]  # -1: a negative number
        if before[0] == "space" and after[0] == "space":
            return [self.say["minus"]]  # a - b
        return [self.say["dash"]]

    def _match(self, i: int, end: int, opening: str, closing: str) -> int | None:
        depth = 0
        for j in range(i, end):
            kind, text = self.tokens[j]
            if kind == "op" and text == opening:
                depth += 1
            elif kind == "op" and text == closing:
                depth -= 1
                if depth == 0:
                    return j
        return None

    def _keyword(self, start: int, end: int) -> bool:
        """True when the argument ``tokens[start:end]`` is ``name=value``."""
        shown = [t for t in self.tokens[start:end] if t[0] != "space"]
        return len(shown) > 2 and shown[0][0] == "ident" and shown[1] == ("op", "=")

    def _call(self, i: int, end: int) -> tuple[list[str], int] | None:
        """``name(...)`` at ``i``: (its words, the index after its ")"), or None when it is no call."""
        tokens = self.tokens
        if i + 1 >= end or tokens[i + 1] != ("op", "("):
            return None
        if i > 0 and tokens[i - 1] == ("op", "$"):
            return None
        close = self._match(i + 1, end, "(", ")")
        if close is None:
            return None
        name = _identifier(tokens[i][1], self.say, self._digits)
        inside = [t for t in tokens[i + 2 : close] if t[0] != "space"]
        if not inside:
            return name, close + 1
        arguments: list[tuple[int, int]] = []
        depth, first = 0, i + 2
        for j in range(i + 2, close):
            kind, text = tokens[j]
            if kind == "op" and text in "([{":
                depth += 1
            elif kind == "op" and text in ")]}":
                depth -= 1
            elif kind == "op" and text == "," and depth == 0:
                arguments.append((first, j))
                first = j + 1
        arguments.append((first, close))
        said = [self.words(a, b) for a, b in arguments]
        if len(said) > _MAX_ARGUMENTS or any(not s or len(s) > _MAX_ARGUMENT_WORDS for s in said):
            return [*name, self.say["open paren"], *self.words(i + 2, close), self.say["close paren"]], close + 1
        keyword = any(self._keyword(a, b) for a, b in arguments)
        joined = [" ".join(s) for s in said]
        listed = joined[0] if len(joined) == 1 else ", ".join(joined[:-1]) + f" {self.say['and']} {joined[-1]}"
        return [*name, self.say["with" if keyword else "of"], listed], close + 1


def speak_code(code: str, language: str = DEFAULT_LANGUAGE) -> str:
    """An inline code span → the words a narrator would say, in ``language`` (a language tag).

    Returns words separated by single spaces (digits kept as digits); ``""`` for blank code. Pure.
    """
    say = symbol_words(language)
    lines = [_PROMPT.sub("", line) for line in code.splitlines()]
    return " ".join(w for line in lines for w in _Reader(line, say, language).words() if w)


def speak_code_block(code: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """A code block read aloud (``code: read``): one spoken line per non-blank source line."""
    return [s for s in (speak_code(line, language) for line in code.splitlines()) if s]
