"""Blocks said as one run of sentences (a question's prompt, a solution, a callout's text), what goes
to the show notes, and lists titled by a **bold** paragraph before them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from narrate.model import (
    PROMPT_CUES,
    BulletList,
    Callout,
    Caption,
    CodeBlock,
    Paragraph,
    Table,
    mark_code,
)
from narrate.text.readers.markdown.nodes import _sentence


@dataclass(frozen=True)
class _ListTitle:
    """A **bold** paragraph waiting for the list it titles."""

    text: str
    line: int = 0


_KEYPOINTS = _ListTitle("keypoints")  # marks a key points list: it starts a section of its own


def _merge(blocks: list, new: list) -> list:
    """``blocks + new``, a list taking its title from a waiting **bold** paragraph."""
    for block in new:
        if isinstance(block, BulletList) and block.title is None and blocks and isinstance(blocks[-1], _ListTitle):
            pending = blocks.pop()
            block = BulletList(block.items, pending.text, pending.line)
        blocks.append(block)
    return [b for b in blocks if not isinstance(b, _ListTitle)] + [b for b in blocks[-1:] if isinstance(b, _ListTitle)]


_CUE_CODE, _CUE_OUTPUT, _CUE_TABLE = list(PROMPT_CUES)[:3]  # the script says each as its phrase


def _notes(blocks: list) -> list:
    """The blocks of a question or solution that the listener is told are in the show notes: code
    blocks that are not read inline (see :func:`_spoken_text`), program output and tables."""
    return [
        b for b in blocks if isinstance(b, Table) or (isinstance(b, CodeBlock) and (b.output or not _short_code(b)))
    ]


def _short_code(block: CodeBlock) -> bool:
    """A code block read inline in a question: one line of at most 60 characters (or program output,
    which is never read: a cue says it is in the show notes)."""
    return block.output or ("\n" not in block.code and len(block.code) <= 60)


_JOINER = re.compile(
    r"^\s*(or|and|then|or else|alternatively|otherwise|oder|und|ou|et|o|y|e|of|en|eller|och)\s*[:,]?\s*$"
)
"""A paragraph that only joins the blocks around it ("or" between two commands)."""


def _spoken_text(blocks: list, code_cue: bool = False) -> str:
    """Blocks as one run of sentences (a question's prompt, a solution, a callout's text). A paragraph
    that only joins two blocks ("or" between two commands) leads the next one: "Or, grep dash P o ..."."""
    parts: list[str] = []
    joining = ""
    for block in blocks:
        if isinstance(block, Paragraph) and _JOINER.match(block.text):
            joining = block.text.strip().rstrip(":,").capitalize() + ","
            continue
        before = len(parts)
        if isinstance(block, Paragraph):
            parts.append(_sentence(block.text))
        elif isinstance(block, BulletList):
            parts.extend(_sentence(t) for t in ((block.title or ""), *block.items) if t)
        elif isinstance(block, Caption):
            parts.append(_sentence(block.text))
        elif isinstance(block, Callout):
            parts.append(f"{_sentence(block.title)} {_sentence(block.text)}")
        elif isinstance(block, CodeBlock) and code_cue:
            if _short_code(block) and not block.output:
                parts.append(_sentence(mark_code(block.code)))
            else:
                parts.append(_CUE_OUTPUT if block.output else _CUE_CODE)
        elif isinstance(block, Table) and code_cue:
            parts.append(_CUE_TABLE)
        if joining and len(parts) > before:
            parts[before], joining = f"{joining} {parts[before]}", ""
    if joining:
        parts.append(_sentence(joining.rstrip(",")))
    return " ".join(p for p in parts if p)
