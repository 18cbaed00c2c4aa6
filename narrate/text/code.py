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
- a function call is its name: ``print()`` → "print"; with a few arguments "name of a, b and c"
  (``f(x, y)`` → "f of x and y") or, with keyword arguments, "name with day equals 1"; with very many
  or very long arguments the brackets are named;
- a string is its text, its quotes not said: ``index_col="country"`` → "index col equals country",
  ``'^--'`` → "caret dash dash"; ``""`` → "an empty string"; ``"-"`` → "dash" (one symbol: its name);
- an item is "item": ``data['lifeExp']`` → "data item life exp", ``input[0]`` → "input item zero";
  a type's parameters are "of": ``list[int]`` → "list of int"; a slice is its words "in brackets":
  ``values[1:4]`` → "values one colon four in brackets";
- a placeholder in braces (Snakemake, Python format, Jinja) is its name "in braces": ``{output}`` →
  "output in braces", ``{input[0]}`` → "input item zero in braces", ``{wildcards.sample}`` →
  "wildcards dot sample in braces", ``{{ name }}`` → "name in double braces";
- a list is "the list" and its items: ``[3, 4]`` → "the list three and four"; a list of lists is
  "the list of lists" and its rows, parted by a pause: ``[[1, 2], [3, 4]]`` → "the list of lists one
  and two; three and four"; other words in brackets are "in brackets": ``[USER NAME]`` → "USER NAME in
  brackets", ``[ -f x ]`` → "dash f x in brackets";
- parentheses around a whole span are not said: ``(scope, id, **kwargs)`` → "scope, id and star star
  kwargs"; inside a span they are "in parentheses" (``(.csv)`` → "dot c s v in parentheses"); an empty
  pair is named: ``()`` → "empty parentheses", ``[]``, ``{}`` likewise;
- an ellipsis among items is "and so on" (up to the last item): ``[0, 1, ..., n]`` → "the list zero,
  one, and so on up to n", ``439dc8c0...`` → "... and so on"; an ellipsis in place of a value is
  "something": ``return ...`` → "return something", ``"$..."`` → "dollar something", ``[...]`` →
  "something in brackets";
- shell: ``$(date -I)`` → "the output of date dash I" (``$()`` itself: "dollar empty parentheses");
  ``$((996/4))`` → "the value of nine hundred and ninety-six divided by four" (in arithmetic ``*``,
  ``/``, ``%`` are "times", "divided by", "modulo"; so are ``a * b`` and ``a / b`` between spaces, but
  a ``*`` right after a command's name is its wildcard: ``cp * backup`` → "c p star backup"); make's
  ``$^``, ``$@`` and ``$<`` are "dollar caret", "dollar at", "dollar less than", as make users say
  them (their meaning is the lesson's to explain); ``~`` is "tilde"; ``|`` is the pipe; a run of underscores standing alone
  (``wc __ *.tsv``) is a "blank" to fill in;
- regular expressions: a count in braces after what it repeats is "times": ``\\d{4}`` → "backslash d
  four times", ``x{2,5}`` → "x two to five times", ``x{2,}`` → "x two times or more"; a character class
  is its characters "in brackets": ``[Tt]est`` → "T or t in brackets est", ``[a-z]`` → "a to z in
  brackets", ``[-_]*`` → "dash or underscore in brackets star";
- a command option is "dash" and its letters: ``-l`` → "dash l", ``-nr`` → "dash n r", ``--delay`` →
  "dash dash delay"; a minus before a number or between spaces is "minus" (``-1`` → "minus 1",
  ``a - b`` → "a minus b"); a hyphen inside a name is "dash" (``redo-figure-3.sh``);
- an identifier is its words: ``snake_case`` → "snake case", ``camelCase`` → "camel case",
  ``SCREAMING_CASE`` → "screaming case"; an underscore that parts no words is named (``_x`` →
  "underscore x": it is part of what is typed, ``_lambda`` is no ``lambda``; ``log_*``);
  ``__init__`` → "dunder init"; ``${name}`` is read as ``$name``;
- a git commit id (seven or more hex digits, some of them digits: ``439dc8c0``) is spelled out
  character by character: "four three nine d c eight c zero";
- short letter groups that are not words (no vowel: ``ls``, ``pdb``, ``txt``; or capitals:
  ``SQL``) are spelled out letter by letter; other words are read as words;
- every other symbol by its name in the lesson's language ("dot", "punto", "Punkt" ...).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from narrate.model import CODE_OPEN
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text import languages
from narrate.text.common import CODE_SPAN, code_of
from narrate.text.languages import number_words

__all__ = [
    "SYMBOL_ALIASES",
    "SYMBOL_NAMES",
    "named_before",
    "speak_code",
    "speak_code_block",
    "speak_code_spans",
    "symbol_words",
]

#: Written operator → the key of its words in a language's ``symbol_words`` (the English words).
#: Multi-character operators first (longest match wins), then single characters.
SYMBOL_NAMES: dict[str, str] = {
    "#!": "shebang",
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
#: arguments: "f of x and y"), "with" (keyword arguments), "dunder" (``__init__``), "point" (``3.14``);
#: how brackets are read ("in braces" ... "empty braces", "the list", "item"), ellipses ("and so on",
#: "up to", "something"), shell ("the output of", "the value of", "blank"), arithmetic ("times",
#: "divided by", "modulo") and regular expressions ("count times": the "times" of ``\d{4}``, "to",
#: "or more", "or").
OTHER_WORDS = (
    "minus",
    "of",
    "and",
    "with",
    "dunder",
    "point",
    "in braces",
    "in double braces",
    "in brackets",
    "in parentheses",
    "empty braces",
    "empty brackets",
    "empty parentheses",
    "empty string",
    "the list",
    "the list of lists",
    "item",
    "and so on",
    "up to",
    "something",
    "the output of",
    "the value of",
    "blank",
    "times",
    "divided by",
    "modulo",
    "count times",
    "to",
    "or more",
    "or",
)
KEYS = frozenset(SYMBOL_NAMES.values()) | frozenset(OTHER_WORDS)
"""Every key a language module's ``symbol_words`` must have (``tests/text/test_code_narrator.py``)."""

_OPERATOR = "|".join(re.escape(s) for s in sorted(SYMBOL_NAMES, key=len, reverse=True))
_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<num>(?<![.\d\w])\d+(?:\.\d+)?(?![.\d\w]))"
    r"|(?P<ident>\w+)"
    r'|(?P<str>"(?:[^"\\\n]|\\.)*"|(?<!\w)\'(?:[^\'\\\n]|\\.)*\')'
    r"|(?P<dots>\.\.\.(?!\.)|…)"
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
_COMMIT = re.compile(r"(?=(?:[a-f]*\d){2})(?=[\d]*[a-f])[0-9a-f]{7,40}")
_PROSE_WORD = re.compile(r"([^\W\d_]+(?:'[^\W\d_]+)?)[,.!?;:]?")
_STRING_PREFIX = re.compile(r"[rRbBuUfF]{1,2}")
_COUNT = re.compile(r"(\d+)(?:(,)(\d*))?")
#: Names whose brackets hold type parameters: ``list[int]`` → "list of int".
_GENERICS = frozenset(
    "list dict tuple set frozenset type List Dict Tuple Set FrozenSet Type Optional Union Sequence "
    "Mapping MutableMapping Iterable Iterator Callable Literal Annotated Generator".split()
)
_OPENING = {"(": ")", "[": "]", "{": "}"}
_ARITHMETIC = {"*": "times", "/": "divided by", "%": "modulo"}
_MAX_ARGUMENTS = 6
_MAX_ARGUMENT_WORDS = 14
_MAX_GROUP_WORDS = 16
_MAX_GROUP_TOKENS = 32  # a longer group is not read as a whole (its brackets are named)
_MAX_DEPTH = 12  # brackets deeper than this are named (and hostile nesting stays cheap)


#: Other names people give a symbol in prose ("the vertical bar character", "a pound sign"), beside
#: its name in the lesson's ``symbol_words``: a code span right after one of them is not read again.
SYMBOL_ALIASES: dict[str, tuple[str, ...]] = {
    "|": ("vertical bar", "bar", "pipe"),
    "^": ("caret", "hat", "circumflex"),
    "#": ("hash", "pound", "number sign", "hashtag", "octothorpe", "sharp"),
    "~": ("tilde", "twiddle"),
    "*": ("asterisk", "star", "wildcard"),
    "$": ("dollar",),
    "{": ("brace", "curly brace", "curly bracket", "opening brace", "open brace", "left brace"),
    "}": ("brace", "curly brace", "curly bracket", "closing brace", "close brace", "right brace"),
    "[": ("bracket", "square bracket", "opening bracket", "open bracket"),
    "]": ("bracket", "square bracket", "closing bracket", "close bracket"),
    "(": ("parenthesis", "parentheses", "bracket", "round bracket", "opening parenthesis"),
    ")": ("parenthesis", "parentheses", "bracket", "round bracket", "closing parenthesis"),
    "<": ("less-than", "less than", "angle bracket", "chevron"),
    ">": ("greater-than", "greater than", "angle bracket", "chevron", "redirect", "redirection"),
    ">>": ("append", "double greater-than"),
    "\\": ("backslash",),
    "/": ("slash", "forward slash"),
    "_": ("underscore",),
    "&": ("ampersand",),
    "@": ("at sign",),
    "%": ("percent", "percent sign"),
    "!": ("exclamation mark", "exclamation point", "bang"),
    "?": ("question mark",),
    "-": ("dash", "hyphen", "minus"),
    "+": ("plus",),
    "=": ("equals sign", "equal sign", "equals"),
    ":": ("colon",),
    ";": ("semicolon",),
    ".": ("dot", "period", "full stop"),
    ",": ("comma",),
    "`": ("backtick", "backquote"),
    "#!": ("shebang", "hash-bang"),
}
_NAMED_TAIL = re.compile(r"(?:[\s(\"'“‘]|\band\b|\bor\b|,)*$", re.I)
_NAME_SUFFIX = re.compile(r"(?:\s+(?:character|characters|symbol|symbols|sign|signs|key|operator))?$", re.I)


def named_before(text: str, code: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether a code span of one symbol (``code``, e.g. ``^``) is named by the words just before it
    (``text``): "The caret (`^`)", "the vertical bar character `|`", "braces (`{` and `}`" — a
    narrator says the name once, so the span is not read again.

    ``text`` is the prose before the span; the name may be followed by "character", "symbol",
    "sign", "key" or "operator", by an opening parenthesis or quote, and by "and"/"or"/a comma after
    another such span. Names: the symbol's word in the lesson language's ``symbol_words`` and the
    English :data:`SYMBOL_ALIASES`, singular or plural. Case is ignored.
    """
    code = code.strip()
    if not code or len(code) > 2 or any(c.isalnum() for c in code) or code not in SYMBOL_NAMES:
        return False
    before = _NAMED_TAIL.sub("", text[-80:])
    before = _NAME_SUFFIX.sub("", before).rstrip().lower()
    names = {symbol_words(language).get(SYMBOL_NAMES[code], ""), *SYMBOL_ALIASES.get(code, ())}
    return any(re.search(rf"(?<!\w){re.escape(name.lower())}(?:e?s)?$", before) for name in names if name)


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


@functools.lru_cache(maxsize=1024)
def _cardinal(digits: str, tag: str) -> str:
    """``digits`` as the cardinal words of the language of ``tag``."""
    rules = languages.language_for(tag)
    if rules is not None:
        return number_words(digits, rules)
    language = languages.language(tag)
    return language.verbalize(digits, tag) if language else digits


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
    if not name.strip("_"):  # "_": a name of its own; "__", "____": a blank to fill in
        return [say["underscore"] if len(name) == 1 else say["blank"]]
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


def _operand(token: tuple[str, str]) -> bool:
    """True for what a value ends with: a name, a number, a string, a closing bracket."""
    kind, text = token
    return kind in ("ident", "num", "str") or (kind == "op" and text in ")]}")


class _Reader:
    """One line of code, token by token."""

    def __init__(self, code: str, say: Mapping[str, str], tag: str, depth: int = 0) -> None:
        self.say = say
        self.tag = tag
        self.tokens = [(m.lastgroup or "other", m.group(0)) for m in _TOKEN.finditer(code)]
        self.arithmetic = False  # inside $(( )): "*", "/" and "%" are times, divided by, modulo
        self.depth = depth  # how many brackets (or strings) the words being read are inside
        self.plain = False  # True: brackets are named, not read (a group too long to read as a whole)
        self.pairs: dict[int, int] = {}  # the index of each bracket → the index of the one closing it
        open_at: dict[str, list[int]] = {o: [] for o in _OPENING}
        closing = {c: o for o, c in _OPENING.items()}
        for j, (kind, text) in enumerate(self.tokens):
            if kind == "op" and text in open_at:
                open_at[text].append(j)
            elif kind == "op" and text in closing and open_at[closing[text]]:
                self.pairs[open_at[closing[text]].pop()] = j

    def words(self, start: int = 0, end: int | None = None) -> list[str]:
        self.depth += 1
        try:
            return self._words(start, end)
        finally:
            self.depth -= 1

    def _words(self, start: int, end: int | None) -> list[str]:
        """The words of ``tokens[start:end]`` (to the end when ``end`` is None), token by token."""
        end = len(self.tokens) if end is None else end
        out: list[str] = []
        i = start
        while i < end:
            words, i = self._read(i, start, end)
            out.extend(words)
        return out

    def _before(self, i: int, start: int) -> tuple[str, str]:
        """The token before ``i`` in a span starting at ``start`` (a space at its start)."""
        return self.tokens[i - 1] if i > start else ("space", " ")

    def _after(self, i: int, end: int) -> tuple[str, str]:
        """The token after ``i`` in a span ending at ``end`` (a space at its end)."""
        return self.tokens[i + 1] if i + 1 < end else ("space", " ")

    def _read(self, i: int, start: int, end: int) -> tuple[list[str], int]:
        """The token at ``i`` (in the span ``start:end``) and what it begins (a call, a group, an
        expansion): (its words, the index after what was read). Space, and any character that is no
        symbol (emoji, box drawing), is not said."""
        kind, text = self.tokens[i]
        if kind == "ident":
            return self._read_name(i, start, end)
        if kind == "op":
            return self._read_operator(i, start, end)
        if kind == "num":
            return [self._number(text)], i + 1
        if kind == "str":
            return self._string(text), i + 1
        if kind == "dots":
            return self._dots(i, start, end), i + 1
        return [], i + 1

    def _read_name(self, i: int, start: int, end: int) -> tuple[list[str], int]:
        """A name at ``i``: (its words, the index after it): a call, an option's letters (``-nr``),
        a commit id spelled out, or an identifier's words; a string's prefix (``f"..."``) says nothing."""
        tokens, text = self.tokens, self.tokens[i][1]
        if self._after(i, end)[0] == "str" and _STRING_PREFIX.fullmatch(text):
            return [], i + 1  # f"...", r'...': the string's prefix is not said
        call = self._call(i, end)
        if call is not None:
            return call
        option = self._before(i, start) == ("op", "-") and (i - 2 < start or tokens[i - 2][0] == "space")
        if option and text.isalpha() and len(text) <= 3:
            return list(text), i + 1  # -nr, -Eo: an option's letters
        if _COMMIT.fullmatch(text):
            return [self._digits(c) if c.isdigit() else c for c in text], i + 1  # 439dc8c0
        return _identifier(text, self.say, self._digits), i + 1

    def _read_operator(self, i: int, start: int, end: int) -> tuple[list[str], int]:
        """An operator at ``i``: (its words, the index after what was read): a dash or minus, a dollar
        and what it expands, a bracket group, arithmetic, or the symbol's name."""
        text = self.tokens[i][1]
        if text == "-":
            return self._dash(self._before(i, start), self._after(i, end)), i + 1
        if text == "$":
            return self._dollar(i, end)
        if text in _OPENING:
            group = self._group(i, start, end)
            if group is not None:
                return group
        elif text in "*/%" and self._arithmetic(i, start, end):
            return [self.say[_ARITHMETIC[text]]], i + 1
        return [self.say[SYMBOL_NAMES[text]]], i + 1

    def _dollar(self, i: int, end: int) -> tuple[list[str], int]:
        """A ``$`` at ``i``: (its words, the index after what was read): ``${name}`` as ``$name``,
        ``$(...)`` as an expansion, else "dollar"."""
        tokens, say = self.tokens, self.say
        after = self._after(i, end)
        if after == ("op", "{"):
            close = self._match(i + 1, end)
            if close is not None and close == i + 3 and tokens[i + 2][0] == "ident":
                return [say["dollar"], *_identifier(tokens[i + 2][1], say, self._digits)], close + 1
        elif after == ("op", "("):
            expansion = self._expansion(i, end)
            if expansion is not None:
                return expansion
        return [say["dollar"]], i + 1

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
        return _cardinal(digits, self.tag)

    def _string(self, text: str) -> list[str]:
        """A string literal, the quotes not said (``""``: "an empty string"): a word of text as it is
        (``"Hello, world!"`` → "Hello, world"), anything else read as code."""
        inside = text[1:-1]
        if not inside.strip():
            return [self.say["empty string"]]
        if inside in SYMBOL_NAMES:  # "-", ",": the character itself
            return [self.say[SYMBOL_NAMES[inside]]]
        out: list[str] = []
        for chunk in inside.split() if " " in inside.strip() else [inside]:
            word = _PROSE_WORD.fullmatch(chunk)
            if word:
                said = [word.group(1)] if "'" in chunk else _identifier(word.group(1), self.say, self._digits)
                out.extend([*said[:-1], said[-1] + ("," if chunk.endswith(",") else "")])
            else:
                out.extend(_Reader(chunk, self.say, self.tag, self.depth).words())
        return out

    def _dots(self, i: int, start: int, end: int) -> list[str]:
        """``...``: "and so on" after what it continues (``a, b, ...``, ``439dc8c0...``), "something"
        where a value is left out (``return ...``); alone it is the symbol."""
        if self._blank(start, i) and self._blank(i + 1, end):
            return [self.say["dot"]] * 3
        before = self.tokens[i - 1] if i > start else ("space", " ")
        previous = next((self.tokens[j] for j in range(i - 1, start - 1, -1) if self.tokens[j][0] != "space"), None)
        if (_operand(before) and before[0] != "str") or previous == ("op", ","):
            return [self.say["and so on"]]
        return [self.say["something"]]

    def _dash(self, before: tuple[str, str], after: tuple[str, str]) -> list[str]:
        spaced_before = before[0] == "space" or before[1] in "([{,=|;:"
        if after[0] == "num" and spaced_before:
            return [self.say["minus"]]  # -1: a negative number
        if (before[0] == "space" and after[0] == "space") or self.arithmetic:
            return [self.say["minus"]]  # a - b
        return [self.say["dash"]]

    def _arithmetic(self, i: int, start: int, end: int) -> bool:
        """``*``, ``/``, ``%`` at ``i`` mean times, divided by, modulo: inside ``$(( ))``, or (``*``
        and ``/`` only) with a space on each side between two values, not after the command name."""
        if self.arithmetic:
            return True
        tokens, text = self.tokens, self.tokens[i][1]
        if text == "%" or not (start < i - 1 and i + 2 < end):
            return False
        if tokens[i - 1][0] != "space" or tokens[i + 1][0] != "space":
            return False
        first = next(j for j in range(start, end) if tokens[j][0] != "space")
        if text == "*" and i - 2 == first:  # cp * backup: a wildcard after a command
            return False
        return _operand(tokens[i - 2]) and (_operand(tokens[i + 2]) or tokens[i + 2][1] in "([")

    def _match(self, i: int, end: int) -> int | None:
        """The index of the bracket that closes the one at ``i`` before ``end`` (None when none does)."""
        close = self.pairs.get(i)
        return close if close is not None and close < end else None

    def _items(self, start: int, end: int) -> list[tuple[int, int]]:
        """``tokens[start:end]`` parted at its top-level commas (a trailing comma ends no item)."""
        items: list[tuple[int, int]] = []
        depth, first = 0, start
        for j in range(start, end):
            kind, text = self.tokens[j]
            if kind == "op" and text in "([{":
                depth += 1
            elif kind == "op" and text in ")]}":
                depth -= 1
            elif kind == "op" and text == "," and depth == 0:
                items.append((first, j))
                first = j + 1
        if any(t[0] != "space" for t in self.tokens[first:end]) or not items:
            items.append((first, end))
        return items

    def _blank(self, start: int, end: int) -> bool:
        """True when ``tokens[start:end]`` holds nothing but space (a scan that stops at the first word)."""
        return all(self.tokens[j][0] == "space" for j in range(start, end))

    def _shown(self, start: int, end: int) -> list[tuple[str, str]]:
        return [t for t in self.tokens[start:end] if t[0] != "space"]

    def _listed(self, items: list[tuple[int, int]], said: list[list[str]] | None = None) -> str:
        """Items as a listener hears them: "a, b and c"; an ellipsis item is "and so on" (``[0, 1, ...,
        n]`` → "zero, one, and so on up to n")."""
        dots = next((k for k, (a, b) in enumerate(items) if [t[0] for t in self._shown(a, b)] == ["dots"]), None)
        texts = [" ".join(words) for words in (said if said is not None else [self.words(a, b) for a, b in items])]
        if dots is None:
            return self._joined(texts)
        if len(items) == 1:  # [...], f(...): some value left out
            return self.say["something"]
        head, tail = texts[:dots], texts[dots + 1 :]
        text = ", ".join(head) + ("," if head and tail else "")
        text += f" {self.say['and so on']}"
        if tail:
            text += f" {self.say['up to']} " + self._joined(tail)
        return text.strip()

    def _joined(self, said: list[str]) -> str:
        said = [s for s in said if s]
        if len(said) <= 1:
            return "".join(said)
        return ", ".join(said[:-1]) + f" {self.say['and']} {said[-1]}"

    def _keyword(self, start: int, end: int) -> bool:
        """True when the argument ``tokens[start:end]`` is ``name=value``."""
        shown = self._shown(start, end)
        return len(shown) > 2 and shown[0][0] == "ident" and shown[1] == ("op", "=")

    def _call(self, i: int, end: int) -> tuple[list[str], int] | None:
        """``name(...)`` at ``i``: (its words, the index after its ")"), or None when it is no call."""
        tokens = self.tokens
        if i + 1 >= end or tokens[i + 1] != ("op", "("):
            return None
        if i > 0 and tokens[i - 1] == ("op", "$"):
            return None
        close = self._match(i + 1, end)
        if close is None or self.depth > _MAX_DEPTH:
            return None
        name = _identifier(tokens[i][1], self.say, self._digits)
        if not self._shown(i + 2, close):
            return name, close + 1
        arguments = self._items(i + 2, close)
        said = [self.words(a, b) for a, b in arguments]
        if len(said) > _MAX_ARGUMENTS or any(not s or len(s) > _MAX_ARGUMENT_WORDS for s in said):
            inside = [w for k, s in enumerate(said) for w in ([self.say["comma"]] if k else []) + s]
            return [*name, self.say["open paren"], *inside, self.say["close paren"]], close + 1
        keyword = any(self._keyword(a, b) for a, b in arguments)
        return [*name, self.say["with" if keyword else "of"], self._listed(arguments, said)], close + 1

    def _expansion(self, i: int, end: int) -> tuple[list[str], int] | None:
        """``$(command)`` → "the output of command"; ``$((a / b))`` → "the value of a divided by b"."""
        close = self._match(i + 1, end)
        if close is None or self.depth > _MAX_DEPTH or self._blank(i + 2, close):
            return None  # "$()" itself: "dollar, empty parentheses"
        if self.tokens[i + 2] == ("op", "(") and self._match(i + 2, end) == close - 1:
            saved, self.arithmetic = self.arithmetic, True
            try:
                inside = self.words(i + 3, close - 1)
            finally:
                self.arithmetic = saved
            return [self.say["the value of"], *inside], close + 1
        return [self.say["the output of"], *self.words(i + 2, close)], close + 1

    def _group(self, i: int, start: int, end: int) -> tuple[list[str], int] | None:
        """A bracket at ``i`` and what it holds, read by what it is (see the module's conventions):
        (its words, the index after it), or None to name the bracket itself."""
        tokens, say = self.tokens, self.say
        opening = tokens[i][1]
        close = self._match(i, end)
        if close is None or self.plain or self.depth > _MAX_DEPTH or close - i > _MAX_GROUP_TOKENS:
            return None
        shown = self._shown(i + 1, close)
        before = tokens[i - 1] if i > start else ("space", " ")
        after = tokens[close + 1] if close + 1 < end else ("space", " ")
        whole = self._blank(start, i) and self._blank(close + 1, end)
        empty = {"(": "empty parentheses", "[": "empty brackets", "{": "empty braces"}[opening]
        if not shown:
            return [say[empty]], close + 1
        if opening == "{":
            words = self._braces(i, close, before)
        elif opening == "[":
            words = self._brackets(i, close, before, after)
        else:
            items = self._items(i + 1, close)
            said = self._listed(items).split()
            words = said if whole else [*said, say["in parentheses"]]
        if len(" ".join(words).split()) > _MAX_GROUP_WORDS:  # too long to follow: the brackets are named
            self.plain = True
            try:
                words = [say[SYMBOL_NAMES[opening]], *self.words(i + 1, close), say[SYMBOL_NAMES[tokens[close][1]]]]
            finally:
                self.plain = False
        return words, close + 1

    def _braces(self, i: int, close: int, before: tuple[str, str]) -> list[str]:
        """``\\d{4}`` → "... four times"; ``{output}`` → "output in braces"; ``{{ x }}`` → "x in double
        braces"."""
        say = self.say
        raw = "".join(t[1] for t in self.tokens[i + 1 : close]).strip()
        count = _COUNT.fullmatch(raw)
        if count and before[0] != "space" and before != ("op", "$"):
            low, comma, high = count.groups()
            if not comma:
                return [self._digits(low), say["count times"]]
            if not high:
                return [self._digits(low), say["count times"], say["or more"]]
            return [self._digits(low), say["to"], self._digits(high), say["count times"]]
        inner = self._enclosed(i + 1, close, "{")
        if inner is not None:  # {{ name }}
            return [*self._listed(self._items(inner[0] + 1, inner[1])).split(), say["in double braces"]]
        return [*self._listed(self._items(i + 1, close)).split(), say["in braces"]]

    def _brackets(self, i: int, close: int, before: tuple[str, str], after: tuple[str, str]) -> list[str]:
        """``x[i]`` → "x item i"; ``list[int]`` → "list of int"; ``[Tt]`` → "T or t in brackets" (a
        character class); ``[3, 4]`` → "the list three and four"; ``[[1, 2], [3, 4]]`` → "the list of
        lists one and two; three and four"; other words → "... in brackets"."""
        say = self.say
        shown = self._shown(i + 1, close)
        raw = "".join(t[1] for t in self.tokens[i + 1 : close])
        indexed = _operand(before)
        if self._class_like(shown, raw, indexed, after):
            return [*self._characters(raw), say["in brackets"]]
        if [t[0] for t in shown] == ["dots"]:  # [...]
            return [say["something"], say["in brackets"]]
        if indexed:
            return self._index(i, close, before, shown)
        return self._list(i, close, shown)

    def _class_like(self, shown: list[tuple[str, str]], raw: str, indexed: bool, after: tuple[str, str]) -> bool:
        """True when brackets holding ``raw`` (``shown``: its tokens but space; ``indexed``: after a value;
        ``after``: the token after them) are read character by character: no space nor comma in them,
        no slice, and only symbols or (not after a value) a regular expression's character class."""
        symbols_only = all(t[0] in ("op", "other") or (t[0] == "ident" and not t[1].strip("_")) for t in shown)
        compact = not re.search(r"[\s,'\"]", raw)
        slice_ = indexed and ":" in raw
        return compact and not slice_ and (symbols_only or (not indexed and self._character_class(raw, after)))

    def _index(self, i: int, close: int, before: tuple[str, str], shown: list[tuple[str, str]]) -> list[str]:
        """Brackets at ``i`` after a value (``before``): a slice's words "in brackets" (``values[1:4]``), a
        type's parameters "of" (``list[int]``) or an "item" (``data['x']``)."""
        if any(t in (("op", ":"), ("op", "::")) for t in shown):  # a slice: values[1:4]
            return [*self.words(i + 1, close), self.say["in brackets"]]
        generic = before[0] == "ident" and before[1] in _GENERICS
        return [self.say["of" if generic else "item"], *self._listed(self._items(i + 1, close)).split()]

    def _list(self, i: int, close: int, shown: list[tuple[str, str]]) -> list[str]:
        """Brackets at ``i`` after no value: "the list of lists" and its rows, "the list" and its items
        (more than one, or one value), or their words "in brackets"."""
        say = self.say
        items = self._items(i + 1, close)
        listed = len(items) > 1 or (len(shown) == 1 and shown[0][0] in ("num", "str", "ident", "dots"))
        rows = [self._enclosed(a, b, "[") for a, b in items]
        if len(rows) > 1 and all(rows):
            said = [self._listed(self._items(r[0] + 1, r[1])) for r in rows if r]
            return [say["the list of lists"], "; ".join(said)]
        if listed:
            return [say["the list"], *self._listed(items).split()]
        return [*self.words(i + 1, close), say["in brackets"]]

    def _enclosed(self, a: int, b: int, opening: str) -> tuple[int, int] | None:
        """(open, close) when ``tokens[a:b]`` is one bracket group opened by ``opening``, else None."""
        shown = [j for j in range(a, b) if self.tokens[j][0] != "space"]
        if not shown or self.tokens[shown[0]] != ("op", opening) or self._match(shown[0], b) != shown[-1]:
            return None
        return shown[0], shown[-1]

    @staticmethod
    def _character_class(raw: str, after: tuple[str, str]) -> bool:
        """True when ``[raw]`` (no spaces, no commas) is a regular expression's character class: a range
        (``a-z``), a negation (``^abc``), or what a word or a repeat follows (``[Tt]est``, ``[0-9]+``)."""
        if re.search(r"\w-\w", raw) or raw.startswith("^") or "\\" in raw:
            return True
        return after[0] in ("ident", "num") or after in (("op", "*"), ("op", "+"), ("op", "?"), ("op", "{"))

    def _characters(self, raw: str) -> list[str]:
        """A character class's characters, one by one: "a to z", "T or t", "dash or underscore"."""
        say = self.say
        said: list[str] = []
        k = 0
        while k < len(raw):
            if raw[k] == "\\" and k + 1 < len(raw):
                said.append(f"{say['backslash']} {raw[k + 1]}")
                k += 2
                continue
            if k + 2 < len(raw) and raw[k + 1] == "-" and raw[k].isalnum() and raw[k + 2].isalnum():
                said.append(f"{self._character(raw[k])} {say['to']} {self._character(raw[k + 2])}")
                k += 3
                continue
            said.append(self._character(raw[k]))
            k += 1
        if len(said) > 1:
            return [", ".join(said[:-1]), say["or"], said[-1]]
        return said

    def _character(self, c: str) -> str:
        if c.isdigit():
            return self._digits(c)
        if c in SYMBOL_NAMES:
            return self.say[SYMBOL_NAMES[c]]
        return c


def speak_code(code: str, language: str = DEFAULT_LANGUAGE) -> str:
    """An inline code span → the words a narrator would say, in ``language`` (a language tag).

    Returns words separated by single spaces (digits kept as digits); ``""`` for blank code. Pure.
    """
    say = symbol_words(language)
    lines = [_PROMPT.sub("", line) for line in code.splitlines()]
    return " ".join(w for line in lines for w in _Reader(line, say, language).words() if w)


def speak_code_spans(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``text`` with each code span (:data:`CODE_SPAN`) read as :func:`speak_code` reads it; a span
    that is only a web address or an e-mail address is left to the normaliser's address reading
    ("some dash librarian dot github dot io slash hello dash world", no "https colon slash slash")."""
    if CODE_OPEN not in text and "`" not in text:
        return text

    def said(m: re.Match[str]) -> str:
        code = code_of(m).strip()
        return f" {code} " if _ADDRESS.fullmatch(code) else speak_code(code_of(m), language)

    return CODE_SPAN.sub(said, text)


_ADDRESS = re.compile(r"(?:https?://|www\.)[^\s`]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def speak_code_block(code: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """A code block read aloud (``code: read``): one spoken line per non-blank source line."""
    return [s for s in (speak_code(line, language) for line in code.splitlines()) if s]
