"""Aiken question banks (``.aiken``, or a ``.txt`` that looks like one) → a drill :class:`Lesson`.

Format (https://docs.moodle.org/en/Aiken_format): a question on one line, options ``A.`` or ``A)``
one per line, then ``ANSWER: B``; questions separated by blank lines::

    Which gas do plants take in?
    A. Oxygen
    B. Carbon dioxide
    ANSWER: B

Read as Moodle's importer reads it (``question/format/aiken/format.php``): every line trimmed, lines
shorter than two characters skipped; an option is a capital letter, ``.`` or ``)``, then its text (the
space after it optional); ``ANSWER:`` in capitals, its first letter after the colon counting the
options by position (``A`` the first, ``B`` the second, whatever letters they were written with).
What Moodle leaves out (a question with one option, options with no ``ANSWER:`` line, an option or
answer line with no question open) is left out with a warning line (an error under ``--strict``);
an answer that names no option, or that reads like a wrong option, is an error.
The lesson has no sections: its chapters are the questions.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from narrate.errors import Collector, ContentError, lenient
from narrate.model import Lesson, Question
from narrate.text.readers.common import default_id
from narrate.text.readers.gift import placeholder, twice_in
from narrate.yamlio import read_text

_OPTION = re.compile(r"^([A-Z])[.)][ \t]?(.*)$")
_ANSWER = re.compile(r"^ANSWER:\s*(.*)$")
_ANSWER_ANY_CASE = re.compile(r"^\s*ANSWER\s*:\s*([A-Z])\s*$", re.I)
_ANSWER_LIKE = re.compile(r"^ANSWER\s*:", re.I)
_MORE_LETTERS = re.compile(r"^\s*(?:,|;|/|&|and\b|or\b)\s*[A-Z]\b")


def looks_like_aiken(text: str) -> bool:
    """True when ``text`` has an ``ANSWER: X`` line (any case) right after lettered option lines."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return any(_ANSWER_ANY_CASE.match(b) and _OPTION.match(a) for a, b in zip(lines, lines[1:]))


class _Open:
    """The question being read: its line, text and options (letter as written, text, line)."""

    def __init__(self, line: int, text: str) -> None:
        self.line = line
        self.text = text
        self.options: list[tuple[str, str, int]] = []


def read_aiken(path: Path, number: int = 0) -> Lesson:
    """Read an Aiken bank as a drill lesson of multiple-choice questions.

    Raises:
        ContentError: an ``ANSWER`` letter that is not one of the options (counted by position, as
            Moodle does), an answer line Moodle does not read as one (``answer: B``), two letters on an
            answer line, a right option that reads like a wrong one, or no question at all (file and
            line); all in one run.
    """
    questions: list[Question] = []
    problems = Collector()
    current: _Open | None = None

    def drop(why: str, line: int) -> None:
        lenient(f"{why}: left out, as Moodle leaves it out", path, line, problems)

    after_blank = False
    for n, raw in enumerate(read_text(path).splitlines(), 1):
        line = raw.strip()
        if len(line) < 2:  # Moodle skips blank lines and lines of one character
            after_blank = after_blank or not line
            continue
        option = _OPTION.match(line)
        answer = _ANSWER.match(line)
        after_blank = after_blank and not (option or answer)
        if option:
            if current is None:
                drop(f"option line '{line}' with no question before it", n)
            else:
                current.options.append((option.group(1), option.group(2).strip(), n))
            continue
        if answer:
            if current is None:
                drop(f"answer line '{line}' with no question before it", n)
                continue
            problems.attempt(partial(_answer, path, n, answer.group(1), current, questions, problems), None)
            current = None
            continue
        if _ANSWER_LIKE.match(line):  # 'answer: B', 'ANSWER : B': Moodle reads it as a new question's text
            any_case = _ANSWER_ANY_CASE.match(line)
            letter = any_case.group(1).upper() if any_case else "B"
            problems.add(ContentError(f"'{line}': write the answer line as 'ANSWER: {letter}'", path, n))
            current = None
            continue
        if current is not None and not current.options and not after_blank:
            current.text += " " + line  # a question written on several lines (Moodle keeps the last)
            continue
        if current is not None:  # Moodle: a line that is neither option nor answer starts a question
            drop(f"question '{current.text[:60]}' has no 'ANSWER: X' line", current.line)
        current, after_blank = _Open(n, line), False
    if current is not None:
        drop(f"question '{current.text[:60]}' has no 'ANSWER: X' line", current.line)
    if not questions and not problems.errors:
        problems.add(ContentError("no Aiken question in this file", path, 1))
    problems.raise_any()
    return Lesson(
        id=default_id(path),
        title=default_id(path).replace("-", " ").capitalize(),
        quiz=tuple(questions),
        number=number,
        source=path,
    )


def _answer(
    path: Path, line: int, written: str, question: _Open, questions: list[Question], problems: Collector
) -> None:
    """Add the question that an ``ANSWER:`` line at ``line`` ends to ``questions``.

    Raises:
        ContentError: no letter, a letter that names no option, two letters, a right option that reads
            like a wrong one.
    """
    options = question.options
    if len(options) < 2:
        lenient(
            f"question '{question.text[:60]}' has fewer than two options: left out, as Moodle leaves it out",
            path,
            question.line,
            problems,
        )
        return
    letter, rest = written[:1], written[1:]
    if _MORE_LETTERS.match(rest):
        raise ContentError(f"'ANSWER: {written}': Moodle reads one letter only (the first, {letter})", path, line)
    count = len(options)
    if not letter:
        raise ContentError("'ANSWER:' names no option: write its letter (e.g. 'ANSWER: B')", path, line)
    index = ord(letter) - ord("A")
    if not 0 <= index < count:
        letters = ", ".join(chr(ord("A") + i) for i in range(count))
        raise ContentError(f"answer '{letter}' is not one of the options {letters}", path, line)
    if rest.strip():
        lenient(f"'ANSWER: {written}': the text after the letter is not read, as in Moodle", path, line, problems)
    written_letters = [mark for mark, _, _ in options]
    expected = [chr(ord("A") + i) for i in range(count)]
    if written_letters != expected:
        lenient(
            f"options lettered {', '.join(written_letters)}: Moodle counts them by position "
            f"({', '.join(expected)}), so 'ANSWER: {letter}' is the option '{options[index][1]}'",
            path,
            options[0][2],
            problems,
        )
    texts = tuple(text for _, text, _ in options)
    twice = twice_in(texts, [i == index for i in range(count)])
    if twice:
        problem, misleading = twice
        if misleading and not placeholder(texts[index]):
            raise ContentError(f"{problem}, once right and once wrong", path, question.line)
        if misleading:
            lenient(
                f"{problem}: its options have no words to tell them apart by ear: question left out",
                path,
                question.line,
                problems,
            )
            return
        lenient(f"{problem}: read as written, as Moodle imports it", path, question.line, problems)
    questions.append(Question(question.text, (texts[index],), texts, line=question.line))
