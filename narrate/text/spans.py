"""Phrases in another language inside a lesson: ``[¿Dónde está la estación?]{lang=es}``.

The same inline syntax works in YAML, Markdown and text pages (Pandoc's bracketed-span syntax with
a ``lang`` attribute). ``{lang=es repeat}`` asks for a listen-and-repeat pause after the span's
sentence (``pauses.repeat``; default: the span's spoken length + 1 s).

:func:`split_spans` cuts written text into :class:`Span` runs; :func:`span_problem` finds a span
that is not closed or names no valid language, for the readers' error messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from narrate.config import LANGUAGE_TAG
from narrate.model import CODE_OPEN, unmark_code
from narrate.text.common import CODE_SPAN

SPAN = re.compile(r"\[([^\[\]]+)\]\{\s*lang=([^\s{}]+)((?:\s+[a-z]+)*)\s*\}")
"""``[text]{lang=xx}`` or ``[text]{lang=xx repeat}``: groups text, language, flags."""

_OPENING = re.compile(r"\{\s*lang=|\]\{")
_PLACEHOLDER = "\ue000{}\ue001"
_PLACEHOLDER_RE = re.compile("\ue000(\\d+)\ue001")


@dataclass(frozen=True)
class Span:
    """A run of written text and its language (None: the lesson's own); ``repeat`` asks for a
    listen-and-repeat pause after it."""

    text: str
    language: str | None = None
    repeat: bool = False


def has_spans(text: str) -> bool:
    """True when ``text`` holds at least one ``[...]{lang=..}`` span."""
    return "{" in text and SPAN.search(text) is not None


def split_spans(text: str) -> list[Span]:
    """``"Say [hola]{lang=es} twice."`` → ``[Span("Say "), Span("hola", "es"), Span(" twice.")]``.

    Empty runs are left out; a text without spans is one run. Language tags are lower-cased.
    """
    out: list[Span] = []
    pos = 0
    for m in SPAN.finditer(text):
        if m.start() > pos:
            out.append(Span(text[pos : m.start()]))
        out.append(Span(m.group(1), m.group(2).lower(), "repeat" in m.group(3).split()))
        pos = m.end()
    if pos < len(text):
        out.append(Span(text[pos:]))
    return out


def plain_text(text: str) -> str:
    """The text as written, without span markup or code marks: ``"Say [hola]{lang=es}."`` → ``"Say
    hola."`` (a marked code span as written, :func:`narrate.model.unmark_code`)."""
    return SPAN.sub(lambda m: m.group(1), unmark_code(text))


def span_problem(text: str) -> str | None:
    """What is wrong with the spans of ``text``, or None.

    Problems: a span that is not closed (``[hola]{lang=es``, ``[hola{lang=es}``), a language that
    is not an ISO 639 code, or an unknown flag (only ``repeat`` is known). Code spans are code
    (`` `[A-Z]{1,2}` `` is a regular expression), never a language span.
    """
    if "`" in text or CODE_OPEN in text:
        text = CODE_SPAN.sub(" ", text)
    for m in SPAN.finditer(text):
        if not LANGUAGE_TAG.match(m.group(2)):
            return f"'{m.group(2)}' in [{m.group(1)}]{{lang=...}} is not an ISO 639 language code"
        flags = [f for f in m.group(3).split() if f != "repeat"]
        if flags:
            return f"unknown span flag '{flags[0]}' in [{m.group(1)}]{{...}} (known: repeat)"
    rest = SPAN.sub(" ", text)
    found = _OPENING.search(rest)
    if found is not None:
        snippet = rest[max(0, found.start() - 20) : found.end() + 20].strip()
        return f"unclosed language span near '{snippet}' (write [text]{{lang=xx}})"
    return None


def span_languages(text: str) -> list[str]:
    """Languages of the spans of ``text`` in order of appearance (lower case, no repeats)."""
    seen: list[str] = []
    for m in SPAN.finditer(text):
        code = m.group(2).lower()
        if code not in seen:
            seen.append(code)
    return seen


def protect(text: str) -> tuple[str, list[str]]:
    """Replace each span by a placeholder without spaces or full stops (so that sentence splitting
    never cuts inside one); :func:`restore` puts them back."""
    found: list[str] = []

    def hold(m: re.Match) -> str:
        found.append(m.group(0))
        return _PLACEHOLDER.format(len(found) - 1)

    return SPAN.sub(hold, text), found


def restore(text: str, found: list[str]) -> str:
    """Undo :func:`protect`."""
    return _PLACEHOLDER_RE.sub(lambda m: found[int(m.group(1))], text)
