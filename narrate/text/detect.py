"""Which language a lesson is written in, when nobody said (``narrate build lesson.txt``).

Detection uses lingua (``lingua-language-detector``) in its low-accuracy mode (trigram models only:
about 1 s and 100 MB less than the full models, and reliable on a paragraph or more of text),
restricted to :data:`CANDIDATES`, languages that espeak-ng speaks.

Only a sample is read (:func:`sample`): words of at most :data:`MAX_WORD` characters, up to
:data:`SAMPLE_CHARS` characters in all. A page of text tells its language as well as a book, and
lingua's time grows with the text and faster with a long "word" (a 1 MB word took 15 minutes).
"""

from __future__ import annotations

import re
from functools import lru_cache

from narrate.model import Lesson
from narrate.text.common import CODE_SPAN
from narrate.text.lexicon_report import lesson_texts

CANDIDATES = ("en de fr es it pt nl sv da nb fi pl cs sk ru uk ar he fa tr el hu ro ca hr bg id vi hi ja zh ko").split()
"""ISO 639-1 codes a lesson may be detected as."""


@lru_cache(maxsize=1)
def _detector():
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    languages = [Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())) for code in CANDIDATES]
    return LanguageDetectorBuilder.from_languages(*languages).with_low_accuracy_mode().build()


CONFIDENCE = 0.9
"""The least confidence (lingua's, 0 to 1) for a detected language. A few words give low, spread
values ("Which symbol? open equals tilde hash" is German at 0.81): a guess below this is no
detection, and the lesson keeps the default language rather than another language's framing."""


SAMPLE_CHARS = 20_000
"""Most characters of a text read to detect its language (a few pages)."""
MAX_WORD = 40
"""Longest word kept in the sample: anything longer is no word of a language (a pasted hash, a URL)."""
_LONG = re.compile(rf"\S{{{MAX_WORD + 1},}}")


def sample(text: str) -> str:
    """The part of ``text`` detection reads: its words of at most :data:`MAX_WORD` characters, in
    order and line by line, up to :data:`SAMPLE_CHARS` characters (linear in the text, and stops early)."""
    lines: list[str] = []
    size = 0
    for line in text.splitlines():
        words = _LONG.sub(" ", line[: 4 * SAMPLE_CHARS]).split()  # a long line: its start is sample enough
        kept = []
        for word in words:
            kept.append(word)
            size += len(word) + 1
            if size >= SAMPLE_CHARS:
                break
        if kept:
            lines.append(" ".join(kept))
        if size >= SAMPLE_CHARS:
            break
    return "\n".join(lines)


def detect_language(text: str) -> str | None:
    """The ISO 639-1 code of the language ``text`` is written in, or None when it cannot tell
    (no letters, or too short and ambiguous: confidence under :data:`CONFIDENCE`). Only
    :func:`sample` of the text is read."""
    text = sample(text)
    if not any(ch.isalpha() for ch in text):
        return None
    values = _detector().compute_language_confidence_values(text)
    if not values or values[0].value < CONFIDENCE:
        return None
    return values[0].language.iso_code_639_1.name.lower()


def detect_lesson_language(lesson: Lesson) -> str | None:
    """The language of a lesson's text (title, sections, quiz; code spans left out: code is no
    human language), or None when it cannot tell."""
    return detect_language(CODE_SPAN.sub(" ", "\n".join(text for text, _file, _line in lesson_texts(lesson))))
