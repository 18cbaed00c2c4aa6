"""Helpers shared by the lesson readers: slugs, seconds → ms, answer matching (blanks and text repair:
:mod:`narrate.text.common`)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from narrate.model import CODE_CLOSE, CODE_OPEN
from narrate.text.common import BLANK, count_blanks, repair_text

__all__ = [
    "BLANK",
    "count_blanks",
    "repair_text",
    "slugify",
    "default_id",
    "seconds_to_ms",
    "match_option",
    "duplicate_option",
    "blank_answers",
    "blank_count_problem",
]


SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def slugify(text: str) -> str:
    """``"01 Cells & Voltage"`` → ``"01-cells-voltage"``: ASCII ``[a-z0-9-]``, never empty."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug or "lesson"


_ORDER_PREFIX = re.compile(r"^\d+[-_.\s]+(?=\S)")


def default_id(path: Path) -> str:
    """Lesson id from the file name: the slug of its stem without the number that orders it
    (``02-the-light-reactions.md`` → ``the-light-reactions``; ``07 Motors & Gears.yml`` →
    ``motors-gears``), so renumbering files to insert a lesson keeps every id (and feed GUID).
    A name that is only a number keeps it (``03.md`` → ``03``)."""
    return slugify(_ORDER_PREFIX.sub("", path.stem) or path.stem)


def seconds_to_ms(seconds: float) -> int:
    """Seconds (author's unit) → integer milliseconds."""
    return int(round(float(seconds) * 1000))


def ms_to_seconds(ms: int) -> int | float:
    """Integer milliseconds → seconds as written in a lesson file (int when whole)."""
    return ms // 1000 if ms % 1000 == 0 else ms / 1000


def _key(text: str) -> str:
    return re.sub(r"[\W_]+", " ", text.casefold()).strip()


def match_option(answer: str, options: tuple[str, ...]) -> str | None:
    """The option that ``answer`` names: exact text, same words ignoring case and punctuation,
    or a letter/number label (``"B"``, ``"b)"``, ``"2"``). None if no option matches."""
    if answer in options:
        return answer
    key = _key(answer)
    for option in options:
        if _key(option) == key:
            return option
    label = re.fullmatch(r"\(?([a-zA-Z]|\d{1,2})[.)]?", answer.strip())
    if label:
        mark = label.group(1)
        index = int(mark) - 1 if mark.isdigit() else ord(mark.lower()) - ord("a")
        if 0 <= index < len(options):
            return options[index]
    return None


def duplicate_option(options: tuple[str, ...] | list[str]) -> str | None:
    """What is wrong when an option is given twice: the same text as written, ignoring case, spacing and
    a sentence stop at its end (``"Red"``, ``"red "`` and ``"red!"`` are one option). A listener cannot
    tell the two apart, so every quiz reader refuses it. Symbols are kept: ``"!="`` and ``"=="``, ``"{"``
    and ``"["``, ``"-1"`` and ``"1"``, ``"C#"`` and ``"C"`` differ. None when all differ."""
    seen: set[str] = set()
    for option in options:
        key = _option_key(option)
        if key in seen:
            return f"option '{option}' is given twice in this question"
        seen.add(key)
    return None


_SENTENCE_STOP = re.compile(r"[\s.,;:!?]+$")


def _option_key(option: str) -> str:
    """``" Red! "`` → ``"red"``: casefolded, spaces collapsed, a trailing sentence stop dropped only
    after words (an option of symbols alone, ``"!="`` or ``"?"``, is kept whole)."""
    key = " ".join(option.casefold().split())
    bare = _SENTENCE_STOP.sub("", key)
    return bare if any(ch.isalnum() for ch in bare) else key


def blank_count_problem(answers: int, blanks: int, separated: str = "") -> str:
    """The problem when ``answers`` answers are given for a prompt with ``blanks`` blanks (one rule for
    every reader): ``"1 answer for 2 blanks (give one per '_____', or the completed sentence)"``;
    ``separated`` says how several are written in one line (``" separated by ';'"``)."""
    return (
        f"{answers} answer{'s' if answers != 1 else ''} for {blanks} blank{'s' if blanks != 1 else ''} "
        f"(give one per '_____'{separated}, or the completed sentence)"
    )


def blank_answers(prompt: str, answer: str) -> tuple[str, ...]:
    """The answers of a fill-in-the-blank ``prompt`` written on one line (Markdown and text pages'
    ``Answer:``): one per blank (:data:`BLANK`) separated by ``;`` (``"up; down"``), or the completed
    sentence (every word of the prompt around the blanks, in order). A prompt with no blank: the
    answer as written.

    Raises:
        ValueError: the number of answers is not the number of blanks (:func:`blank_count_problem`).
    """
    blanks = count_blanks(prompt)
    parts = [p.strip() for p in _split_outside_code(answer, ";")]
    if not blanks or len(parts) == blanks == 1:
        return (answer,)
    if len(parts) == blanks:
        return tuple(parts)
    if _completes(prompt, answer):
        return (answer,)
    raise ValueError(blank_count_problem(len(parts), blanks, " separated by ';'"))


def _split_outside_code(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` (one character) outside marked code spans (`` `cd /tmp; ls` `` is one answer)."""
    if CODE_OPEN not in text:
        return text.split(separator)
    parts, current, inside = [], "", False
    for c in text:
        inside = True if c == CODE_OPEN else False if c == CODE_CLOSE else inside
        if c == separator and not inside:
            parts.append(current)
            current = ""
        else:
            current += c
    return [*parts, current]


def _completes(prompt: str, answer: str) -> bool:
    """True when ``answer`` is ``prompt`` with its blanks filled: the prompt's words around the blanks
    appear in it in order, with a word at least for each blank."""
    pattern = r"\s*".join(
        r"\s*".join(re.escape(w) for w in _key(fragment).split()) if i % 2 == 0 else r"\S.*?"
        for i, fragment in enumerate(_interleave(BLANK.split(prompt)))
    )
    return re.fullmatch(r"\s*" + pattern + r"\s*", _key(answer)) is not None


def _interleave(fragments: list[str]) -> list[str]:
    """``["a ", " b"]`` → ``["a ", "", " b"]``: the text around the blanks, a place for each blank."""
    out: list[str] = []
    for n, fragment in enumerate(fragments):
        if n:
            out.append("")
        out.append(fragment)
    return out
