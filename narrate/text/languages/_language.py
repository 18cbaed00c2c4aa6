"""The one interface every language module exports as ``LANGUAGE`` (:class:`Language`).

A language module holds everything narrate knows of its language: the written → spoken rules by
semiotic class (a :class:`~narrate.text.languages._machinery.Rules` table read by the shared
machinery, or, for English, rules of its own), the words that mark a lesson page's parts
(:class:`QuizWords`), the agreement of numbers with a feminine noun in the framing phrases, its
ISO 639-2 code and how proof-listening compares what was heard. No module outside the
``narrate.text.languages`` package names a language (``tests/text/test_language_modules.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from narrate.text.languages import _machinery
from narrate.text.languages._machinery import Forms, Rules


@dataclass(frozen=True)
class QuizWords:
    """The words that mark the parts of a pasted lesson page, as regular expressions in lower case.

    ``quiz_headings``: a quiz's heading ("check yourself"); ``next_headings``: the "next lessons"
    heading ("next up"); ``answer``: the word before an answer ("answer", "(correct )?answer");
    ``explanation``: before an explanation; ``question``: the word for a question; ``lesson``: (the
    word for lesson, the word for "of" in "Lesson 2 of 8"); ``asking``: how a question written without
    its question mark opens (its question words, a verb put first: "which", "is"), so that a quiz
    prompt without end punctuation is said as a question (:func:`narrate.text.languages.is_question`).
    """

    quiz_headings: tuple[str, ...]
    next_headings: tuple[str, ...]
    answer: tuple[str, ...]
    explanation: tuple[str, ...]
    question: tuple[str, ...]
    lesson: tuple[str, str]
    asking: tuple[str, ...] = ()


@dataclass(frozen=True)
class Language:
    """One language: what narrate reads and says in it.

    ``code``: the primary subtag (``"de"``); ``name``: its English name; ``iso639_2``: the ISO 639-2
    code for ID3 tags (``"deu"``); ``quiz``: the words of a pasted page's parts; ``feminine``:
    (pattern, replacement) pairs that turn num2words' cardinal into the form before a feminine noun
    ("un" → "une"), for the framing phrases; ``rules``: the written → spoken table the shared
    machinery reads (None where the module rewrites text itself, as English does); ``asr_normaliser``:
    which of Whisper's text normalisers proof-listening compares with ("basic" or "english");
    ``engine_reads_symbols``: the speech engine reads ``+ = < > ± × ÷ °`` itself in this language,
    so they are kept; ``math_words``: how the math reader links what it reads (limits, cases,
    matrices, degrees; ``narrate.text.math``) and ``math_style``: speech-rule-engine's ClearSpeak
    preferences for the language ("" for its defaults); ``symbol_words``: how code's symbols and a few words around them are said in
    the language (key: the English words, as :data:`narrate.text.code.SYMBOL_NAMES` names each
    symbol, plus "minus", "of", "and", "with", "dunder"; value: the language's words), for
    :func:`narrate.text.code.speak_code`.

    The methods are the steps :func:`narrate.text.normalize.spoken` takes, each taking the text and
    the whole language tag (a region may have a table of its own): :meth:`prepare` (before letters
    and digits are parted), :meth:`expand_abbreviations`, :meth:`verbalize` (numbers, dates,
    units ...), :meth:`symbols`. A module whose rules are not a table overrides them.
    """

    code: str
    name: str
    iso639_2: str
    quiz: QuizWords
    feminine: tuple[tuple[str, str], ...] = ()
    rules: Rules | None = None
    asr_normaliser: str = "basic"
    engine_reads_symbols: bool = True
    math_words: Mapping[str, str] = field(default_factory=dict)
    math_style: str = ""
    symbol_words: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    forms: Forms = field(default_factory=Forms, compare=False, repr=False)

    def table(self, tag: str) -> Rules | None:
        """The rules table for ``tag``: the region's own where the language has one (``pt-BR``)."""
        if self.rules is None or not self.rules.regions:
            return self.rules
        for subtag in re.split(r"[-_]", tag.strip().lower())[1:]:
            if subtag in self.rules.regions:
                return self.rules.regions[subtag]
        return self.rules

    def prepare(self, text: str, tag: str) -> str:
        """What must be read before letters and digits are parted and initials spelled: an ISO date
        and time (``2024-05-17T14:30`` → ``2024-05-17, 14:30``)."""
        rules = self.table(tag)
        signs = (rules.plus_word or "+", rules.minus_word or "-") if rules is not None else ("+", "-")
        return _machinery.iso_date_times(text, ", ", signs)

    def expand_abbreviations(self, text: str, tag: str) -> str:
        """The language's abbreviations written out (``z. B.`` → "zum Beispiel")."""
        rules = self.table(tag)
        return text if rules is None else _machinery.expand_abbreviations(text, rules)

    def verbalize(self, text: str, tag: str) -> str:
        """Numbers, dates, times, money, measures ... in words of the language."""
        rules = self.table(tag)
        return text if rules is None else _machinery.verbalize(text, rules, self.forms)

    def chemistry(self, text: str, tag: str) -> str:
        """Reaction equations and ions in words (``2H2 + O2 -> 2H2O``), where the language reads them."""
        return text

    def symbols(self, text: str, tag: str) -> str:
        """Symbols in words, where the engine does not read them itself."""
        return text

    def abbreviations(self, tag: str) -> set[str]:
        """Tokens (lower case, with their full stop) after which a sentence never ends."""
        rules = self.table(tag)
        return set() if rules is None else _machinery.abbreviations(rules)

    def ordinal_dot(self, text: str, dot: int, tag: str) -> bool:
        """True when the full stop at ``dot`` (after digits) marks an ordinal ("am 3. Mai")."""
        rules = self.table(tag)
        return rules is not None and _machinery.ordinal_dot(text, dot, rules)
