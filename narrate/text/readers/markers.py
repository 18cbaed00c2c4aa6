"""Words that mark the parts of a lesson page, in every language with a module (``QuizWords`` of
each ``narrate.text.languages`` module).

Readers build their patterns from these tables: a quiz heading ("Check yourself", "Teste dein
Wissen", "Testez vos connaissances", ...), an answer line ("Answer:", "Antwort:", "Réponse :",
"Svar:"), the "next" heading ("Next up", "Als Nächstes", "À suivre", ...) and the "Lesson N of"
line. A language joins with its module's ``quiz`` words.
"""

from __future__ import annotations

import re

from narrate.text.languages import LANGUAGES

QUIZ_HEADINGS: dict[str, tuple[str, ...]] = {code: lang.quiz.quiz_headings for code, lang in LANGUAGES.items()}
NEXT_HEADINGS: dict[str, tuple[str, ...]] = {code: lang.quiz.next_headings for code, lang in LANGUAGES.items()}
ANSWER_WORDS: dict[str, tuple[str, ...]] = {code: lang.quiz.answer for code, lang in LANGUAGES.items()}
EXPLANATION_WORDS: dict[str, tuple[str, ...]] = {code: lang.quiz.explanation for code, lang in LANGUAGES.items()}
QUESTION_WORDS: dict[str, tuple[str, ...]] = {code: lang.quiz.question for code, lang in LANGUAGES.items()}
LESSON_WORDS: dict[str, tuple[str, str]] = {code: lang.quiz.lesson for code, lang in LANGUAGES.items()}
"""(the word for lesson, the word for "of" in "Lesson 2 of 8") per language."""


def alternatives(table: dict[str, tuple[str, ...]]) -> str:
    """One regex alternation of every language's entries (longest first, so that "questions" does
    not win over "review questions"); the entries' groups become non-capturing."""
    entries = {re.sub(r"\((?!\?)", "(?:", entry) for words in table.values() for entry in words}  # no groups
    return "|".join(sorted(entries, key=len, reverse=True))


def lesson_of() -> tuple[str, str]:
    """Regex alternations of the words for "lesson" and for "of"."""
    lessons = {w for w, _ in LESSON_WORDS.values()}
    ofs = {o for _, o in LESSON_WORDS.values()} | {"/"}
    return "|".join(sorted(lessons, key=len, reverse=True)), "|".join(sorted(ofs, key=len, reverse=True))
