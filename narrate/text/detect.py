"""Which language a lesson is written in, when nobody said (``narrate build lesson.txt``).

Detection uses lingua (``lingua-language-detector``) in its low-accuracy mode (trigram models only:
about 1 s and 100 MB less than the full models, and reliable on a paragraph or more of text),
restricted to :data:`CANDIDATES`, languages that espeak-ng speaks.
"""

from __future__ import annotations

from functools import lru_cache

from narrate.model import Lesson
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


def detect_language(text: str) -> str | None:
    """The ISO 639-1 code of the language ``text`` is written in, or None when it cannot tell
    (no letters, or too short and ambiguous: confidence under :data:`CONFIDENCE`)."""
    if not any(ch.isalpha() for ch in text):
        return None
    values = _detector().compute_language_confidence_values(text)
    if not values or values[0].value < CONFIDENCE:
        return None
    return values[0].language.iso_code_639_1.name.lower()


def detect_lesson_language(lesson: Lesson) -> str | None:
    """The language of a lesson's text (title, sections, quiz), or None when it cannot tell."""
    return detect_language("\n".join(text for text, _file, _line in lesson_texts(lesson)))
