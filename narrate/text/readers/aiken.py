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

from narrate.errors import ContentError
from narrate.model import Lesson, Question
from narrate.text.readers.common import default_id
from narrate.yamlio import read_text

_OPTION = re.compile(r"^\s*([A-Z])[.)]\s+(.*\S)\s*$")
_ANSWER = re.compile(r"^\s*ANSWER\s*:\s*([A-Z])\s*$", re.I)


def looks_like_aiken(text: str) -> bool:
    """True when ``text`` has an ``ANSWER: X`` line right after lettered option lines."""
    lines = [line for line in text.splitlines() if line.strip()]
    return any(_ANSWER.match(b) and _OPTION.match(a) for a, b in zip(lines, lines[1:]))


def read_aiken(path: Path, number: int = 0) -> Lesson:
    """Read an Aiken bank as a drill lesson of multiple-choice questions.

    Raises:
        ContentError: a question without options, an ``ANSWER`` letter that is not an option, options
            without an ``ANSWER`` line, or no question at all (file and line).
    """
    questions: list[Question] = []
    prompt: list[str] = []
    options: list[tuple[str, str]] = []
    start = 0
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        answer = _ANSWER.match(line)
        option = _OPTION.match(line)
        if answer:
            if not prompt or not options:
                raise ContentError("'ANSWER:' needs a question and lettered options before it", path, n)
            letters = [letter for letter, _ in options]
            letter = answer.group(1).upper()
            if letter not in letters:
                raise ContentError(f"answer '{letter}' is not one of the options {', '.join(letters)}", path, n)
            texts = tuple(text for _, text in options)
            questions.append(Question(" ".join(prompt), (texts[letters.index(letter)],), texts, line=start))
            prompt, options = [], []
        elif option and prompt:
            options.append((option.group(1), option.group(2)))
        elif options:
            raise ContentError("options without an 'ANSWER: X' line after them", path, n)
        else:
            start = start if prompt else n
            prompt.append(line.strip())
    if prompt:
        raise ContentError("a question without an 'ANSWER: X' line", path, start)
    if not questions:
        raise ContentError("no Aiken question in this file", path, 1)
    return Lesson(
        id=default_id(path),
        title=default_id(path).replace("-", " ").capitalize(),
        quiz=tuple(questions),
        number=number,
        source=path,
    )
