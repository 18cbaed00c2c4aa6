"""Aiken question banks (``.aiken``, or a ``.txt`` that looks like one) → a drill :class:`Lesson`.

Format (https://docs.moodle.org/en/Aiken_format): a question on one line, options ``A.`` or ``A)``
one per line, then ``ANSWER: B``; questions separated by blank lines::

    Which gas do plants take in?
    A. Oxygen
    B. Carbon dioxide
    ANSWER: B

The lesson has no sections: its chapters are the questions.
"""

from __future__ import annotations

import re
from pathlib import Path

from narrate.errors import Collector, ContentError
from narrate.model import Lesson, Question
from narrate.text.readers.common import default_id, duplicate_option
from narrate.yamlio import read_text

_OPTION = re.compile(r"^\s*([A-Z])[.)]\s+(.*\S)\s*$")
_ANSWER = re.compile(r"^\s*ANSWER\s*:\s*([A-Z])\s*$")
_ANSWER_ANY_CASE = re.compile(r"^\s*ANSWER\s*:\s*([A-Z])\s*$", re.I)
_ANSWER_LIKE = re.compile(r"^\s*ANSWER\s*:", re.I)


def looks_like_aiken(text: str) -> bool:
    """True when ``text`` has an ``ANSWER: X`` line (any case) right after lettered option lines."""
    lines = [line for line in text.splitlines() if line.strip()]
    return any(_ANSWER_ANY_CASE.match(b) and _OPTION.match(a) for a, b in zip(lines, lines[1:]))


def _bad_answer_line(line: str) -> str:
    """What is wrong with a line that starts ``ANSWER:`` but is not ``ANSWER: X`` (Moodle's form)."""
    written = line.strip()
    any_case = _ANSWER_ANY_CASE.match(line)
    if any_case:
        return f"'{written}': write the answer line in capitals, 'ANSWER: {any_case.group(1).upper()}'"
    return f"'{written}': an answer line holds one option letter and nothing else (e.g. 'ANSWER: B')"


def read_aiken(path: Path, number: int = 0) -> Lesson:
    """Read an Aiken bank as a drill lesson of multiple-choice questions.

    Raises:
        ContentError: a question without options or with one, an ``ANSWER`` letter that is not an
            option, an ``ANSWER`` line not of the form ``ANSWER: X`` (capitals, nothing after the letter),
            options without an ``ANSWER`` line, or no question at all (file and line); all in one run.
    """
    questions: list[Question] = []
    prompt: list[str] = []
    options: list[tuple[str, str]] = []
    start = 0
    problems = Collector()
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        answer = _ANSWER.match(line)
        option = _OPTION.match(line)
        try:
            if not answer and _ANSWER_LIKE.match(line):  # the question ends here, with a wrong answer line
                prompt, options = [], []
                raise ContentError(_bad_answer_line(line), path, n)
            if answer:
                prompt, options = [], _aiken_answer(path, n, answer.group(1).upper(), prompt, options, start, questions)
            elif option and prompt:
                options.append((option.group(1), option.group(2)))
            elif options:
                prompt, options, start = [line.strip()], [], n  # the next question starts here
                raise ContentError("options without an 'ANSWER: X' line after them", path, n)
            else:
                start = start if prompt else n
                prompt.append(line.strip())
        except ContentError as exc:
            problems.add(exc)
            if answer:
                prompt, options = [], []
    if prompt:
        problems.add(ContentError("a question without an 'ANSWER: X' line", path, start))
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


def _aiken_answer(
    path: Path,
    line: int,
    letter: str,
    prompt: list[str],
    options: list[tuple[str, str]],
    start: int,
    questions: list[Question],
) -> list[tuple[str, str]]:
    """Add the question that an ``ANSWER: X`` line at ``line`` ends to ``questions``; no options are
    left waiting.

    Raises:
        ContentError: no question or options before it, one option only, ``X`` not an option letter,
            two options alike.
    """
    if not prompt or not options:
        raise ContentError("'ANSWER:' needs a question and lettered options before it", path, line)
    if len(options) < 2:
        raise ContentError("a question needs at least two options ('A.' and 'B.')", path, start)
    letters = [mark for mark, _ in options]
    if letter not in letters:
        raise ContentError(f"answer '{letter}' is not one of the options {', '.join(letters)}", path, line)
    texts = tuple(text for _, text in options)
    twice = duplicate_option(texts)
    if twice:
        raise ContentError(twice, path, start)
    questions.append(Question(" ".join(prompt), (texts[letters.index(letter)],), texts, line=start))
    return []
