"""Written → spoken rules for languages other than English, one module per language.

:func:`verbalize` rewrites numbers and abbreviations in text of a language with rules (German,
French, Spanish, Italian, Portuguese, Dutch, Swedish): abbreviations, ISO and numeric dates, clock
times, money, ordinals (``3.`` in German, ``1er``/``21e`` in French, ``21.º`` in Spanish and
Portuguese, ``21º`` in Italian, ``21e``/``1ste`` in Dutch, ``21:a`` in Swedish), numbers with their
unit or percent sign, then plain numbers with the language's decimal comma and thousands separator.
Words come from ``num2words`` (``lang=``). A language without rules keeps its digits: the speech
engine reads them in its own language (:func:`has_rules` tells which).

:func:`ordinal_dot` tells sentence splitting that ``3.`` before a month or after an article is an
ordinal, not the end of a sentence; :func:`abbreviations` lists each language's abbreviations that
never end a sentence.

Layout: each language is a module of this package (``de``, ``fr``, ``es``, ``it``, ``pt``, ``nl``,
``sv``) whose ``LANGUAGE`` is its :class:`Language` (with its :class:`Rules`: tables and hooks);
``_machinery`` holds the language-independent rewriting. This module is the registry
(:data:`LANGUAGES`, :func:`language_for`) and the functions the rest of narrate calls with a language
tag. Languages register as entry points of the ``narrate.languages`` group, each naming a
:class:`Language` (or a module with ``LANGUAGE``): narrate's own in its pyproject.toml (the same
entries as :data:`BUILTIN`, which come first), a plug-in package's in its own (see
``narrate.text.plugins``; a language whose code is taken, or that fails to load, is left out with a
warning). A new language of narrate's is a new module listed in :data:`BUILTIN` and pyproject.toml. A region that reads differently has a table
of its own in its language's ``Rules.regions`` (``pt-BR``: "quilômetro", "dezesseis"; ``es-419``:
"primero de enero"), chosen here from the whole tag, so every function below takes the region too.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import replace
from types import ModuleType

from narrate.errors import warn
from narrate.text.languages import _machinery
from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import Forms, Rules, number_words, shared_forms
from narrate.text.plugins import discover, load, own

__all__ = [
    "LANGUAGES",
    "Language",
    "QuizWords",
    "language",
    "PAGE_ABBREVIATIONS",
    "RULES",
    "Forms",
    "Rules",
    "abbreviations",
    "expand_abbreviations",
    "has_rules",
    "language_for",
    "number_words",
    "ordinal_dot",
    "verbalize",
]

GROUP = "narrate.languages"

BUILTIN = tuple(
    (code, f"narrate.text.languages.{code}:LANGUAGE") for code in ("en", "de", "fr", "es", "it", "pt", "nl", "sv")
)
"""narrate's own languages, in order, as its pyproject.toml declares them in the ``narrate.languages`` group."""


def _registered() -> tuple[Language, ...]:
    """narrate's own languages in order, then the plug-ins' (one per code)."""
    builtins = own(GROUP, BUILTIN)
    found = [plugin.load() for plugin in builtins]
    codes = {language.code.lower() for language in found}
    for plugin in discover(GROUP, (p.name for p in builtins)):
        loaded = load(plugin)
        if loaded is None:  # load() warned
            continue
        language = getattr(loaded, "LANGUAGE", None) if isinstance(loaded, ModuleType) else loaded
        if not isinstance(language, Language):
            warn(f"{plugin.describe()} is left out: it names no narrate Language")
            continue
        problem = _problem(language)
        if problem:
            warn(f"{plugin.describe()} is left out: its Language {problem}")
            continue
        if language.code.lower() in codes:
            warn(f"{plugin.describe()} is left out: language '{language.code}' is already registered")
            continue
        codes.add(language.code.lower())
        found.append(language if language.code.islower() else replace(language, code=language.code.lower()))
    return tuple(found)


def _strings(value: object, size: int | None = None) -> bool:
    """Whether ``value`` is a tuple (or list) of strings (of ``size`` items, when given)."""
    return (
        isinstance(value, (tuple, list))
        and all(isinstance(item, str) for item in value)
        and (size is None or len(value) == size)
    )


_FIELDS: tuple[tuple[str, type | tuple[type, ...], str], ...] = (
    ("name", str, "a str"),
    ("iso639_2", str, "a str"),
    ("quiz", QuizWords, "a QuizWords"),
    ("feminine", (tuple, list), "a tuple of (pattern, replacement) pairs"),
    ("rules", (Rules, type(None)), "a Rules or None"),
    ("asr_normaliser", str, "a str"),
    ("engine_reads_symbols", bool, "a bool"),
    ("math_words", Mapping, "a mapping"),
    ("math_style", str, "a str"),
    ("symbol_words", Mapping, "a mapping"),
)


def _problem(language: Language) -> str | None:
    """What is wrong with a plug-in's Language in the fields narrate reads (None: nothing): each
    field of the type the dataclass declares, the quiz words tuples of strings."""
    code = language.code
    if not isinstance(code, str) or not re.fullmatch(r"[A-Za-z]{2,8}", code):
        return f"has code {code!r}, not a primary language subtag such as 'eo'"
    for name, kind, what in _FIELDS:
        value = getattr(language, name, None)
        if not isinstance(value, kind):
            return f"has {name}={value!r}, not {what}"
    if not all(_strings(pair, 2) for pair in language.feminine):
        return "has feminine entries that are not (pattern, replacement) pairs of str"
    quiz = language.quiz
    for name in ("quiz_headings", "next_headings", "answer", "explanation", "question", "asking"):
        if not _strings(getattr(quiz, name, None)):
            return f"has quiz.{name}={getattr(quiz, name, None)!r}, not a tuple of str"
    if not _strings(quiz.lesson, 2):
        return f"has quiz.lesson={quiz.lesson!r}, not (the word for lesson, the word for 'of')"
    return None


_REGISTERED = _registered()

RULES: dict[str, Rules] = {m.code: m.rules for m in _REGISTERED if m.rules is not None}
"""Language code (primary subtag, lower case) → its rules table, for the languages the shared machinery reads."""

PAGE_ABBREVIATIONS: dict[str, dict[str, tuple[str, str]]] = {code: r.pages for code, r in RULES.items()}
"""Page references per language (``Rules.pages``), written out only right before a number
(``S. 12`` → "Seite 12", ``S. 4-6`` → "Seiten 4-6"): elsewhere ``S.`` may be an initial ("Johann S. Bach")."""

FORMS: Forms = shared_forms(RULES.values())
"""The written forms of every language's dates and clock times, read in each language with rules
(German "14 Uhr" in a French lesson too)."""

LANGUAGES: dict[str, Language] = {m.code: replace(m, forms=FORMS) for m in _REGISTERED}
"""Language code (primary subtag, lower case) → its :class:`Language`, one per language module: the
registry every other part of narrate asks (quiz words, ISO 639-2 codes, number agreement, rules)."""


def language(tag: str) -> Language | None:
    """The :class:`Language` of a tag (``"de"``, ``"de-AT"``, ``"pt_BR"``, ``"EN-GB"``: its primary
    subtag, any case), or None for a language narrate has no module for."""
    return LANGUAGES.get(_primary(tag))


def is_question(text: str, tag: str) -> bool:
    """Whether ``text``, a quiz prompt written without its end punctuation, reads as a question in
    the language of ``tag``: it holds an opening ``¿``, or it opens as the language's questions do
    (:attr:`QuizWords.asking`: "which ...", "is ...", "Welches ...", "absorbent-elles ..."). False
    for a language narrate has no module for."""
    if "¿" in text:
        return True
    found = _asking(_primary(tag))
    return found is not None and found.match(text.lstrip(" \"'“‘«([¡").lower()[:200]) is not None


@functools.cache
def _asking(code: str) -> re.Pattern[str] | None:
    found = LANGUAGES.get(code)
    if found is None or not found.quiz.asking:
        return None
    return re.compile("(?:" + "|".join(f"(?:{words})" for words in found.quiz.asking) + r")(?![\w-])")


def _primary(language: str) -> str:
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0]


def language_for(tag: str) -> Rules | None:
    """The :class:`Rules` of a language tag (``"de"``, ``"de-AT"``, ``"pt_BR"``, ``"FR"``: its primary
    subtag, any case), or None for a language without rules. A region the language has a table for
    (``Rules.regions``: ``pt-BR``, ``es-419``, ``es-MX``) gives that region's table."""
    found = LANGUAGES.get(_primary(tag))
    return None if found is None else found.table(tag)


def has_rules(language: str) -> bool:
    """True when ``language`` (a language tag) has a table here."""
    return language_for(language) is not None


def abbreviations(language: str) -> set[str]:
    """Tokens of the language's abbreviations (lower case, each with its full stop: ``z.`` and
    ``b.`` for ``z. B.``) after which a sentence never ends; empty for a language without rules."""
    rules = language_for(language)
    return set() if rules is None else _machinery.abbreviations(rules)


def expand_abbreviations(text: str, language: str) -> str:
    """The language's abbreviations written out (``z. B.`` → "zum Beispiel"); a capitalised
    abbreviation gives a capitalised word. Text of a language without rules is returned as is."""
    rules = language_for(language)
    return text if rules is None else _machinery.expand_abbreviations(text, rules)


def ordinal_dot(text: str, dot: int, language: str) -> bool:
    """True when the full stop at ``dot`` (right after digits) marks an ordinal in a language that
    writes ordinals with a dot (German ``am 3. Mai``, ``der 21. Kurs``), so it ends no sentence."""
    rules = language_for(language)
    return rules is not None and _machinery.ordinal_dot(text, dot, rules)


def verbalize(text: str, language: str) -> str:
    """Numbers and abbreviations of ``text`` in words of ``language`` (see the module docstring);
    ``text`` unchanged for a language without rules."""
    rules = language_for(language)
    return text if rules is None else _machinery.verbalize(text, rules, FORMS)
