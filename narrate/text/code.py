"""Code as a narrator reads it: inline code spans "as written", symbols by name.

``*.pdb`` → "star dot p d b", ``$1`` → "dollar 1", ``x != y`` → "x not equal y", ``rm foo*`` →
"r m foo star". The result is plain words and digits (numbers are left to
:func:`narrate.text.normalize.spoken`, which says "1" as "one"), so nothing in it is taken for
currency, a wildcard or markup later on.

Short letter groups that are not words (no vowel, e.g. ``ls``, ``pdb``, ``csv``; or capitals, e.g.
``SQL``) are spelled out letter by letter; other identifiers are read as words, split at ``_`` (named
"underscore") and at camelCase humps.
"""

from __future__ import annotations

import re

__all__ = ["speak_code", "speak_code_block"]

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
_OPERATOR = "|".join(re.escape(s) for s in sorted(SYMBOL_NAMES, key=len, reverse=True))
_TOKEN = re.compile(
    r"(?P<num>(?<![.\d])\d+(?:\.\d+)?(?![.\d]))|(?P<word>[^\W\d_]+)|(?P<digits>\d+)|(?P<op>" + _OPERATOR + r")|\S"
)
_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])")
_VOWEL = re.compile(r"[aeiouAEIOU]")
_WORDS_WITHOUT_VOWEL = {"my", "by", "why", "try", "dry", "fly", "sky", "spy", "shy", "cry", "gym", "sync"}


def _word(word: str) -> str:
    parts = _HUMP.split(word)
    if len(parts) > 1:
        return " ".join(_word(p) for p in parts)
    short = len(word) <= 4
    caps = word.isupper() and 1 < len(word) and (len(word) <= 3 or not _VOWEL.search(word))
    lower = short and len(word) > 1 and not _VOWEL.search(word) and word.lower() not in _WORDS_WITHOUT_VOWEL
    if caps or lower:
        return " ".join(word.lower() if not word.isupper() else word)
    return word


def speak_code(code: str) -> str:
    """An inline code span → words a narrator would say, every symbol by name.

    Returns words separated by single spaces (digits kept as digits); ``""`` for blank code. Pure.
    """
    out: list[str] = []
    for m in _TOKEN.finditer(code):
        if m.group("num") or m.group("digits"):
            out.append(m.group(0))
        elif m.group("word"):
            out.append(_word(m.group("word")))
        elif m.group("op"):
            out.append(SYMBOL_NAMES[m.group("op")])
        # any other character (emoji, box drawing) is not said
    return " ".join(out)


def speak_code_block(code: str) -> list[str]:
    """A code block read aloud (``code: read``): one spoken line per non-blank source line."""
    return [s for s in (speak_code(line) for line in code.splitlines()) if s]
