"""Pronunciation report: tokens in a course an engine is likely to mispronounce (``--lexicon-report``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from narrate.model import BulletList, Callout, Caption, Lesson, Paragraph
from narrate.text.lexicon import Finding


def lesson_texts(lesson: Lesson) -> Iterator[tuple[str, Path | None, int]]:
    """Every written text of a lesson with its file and 1-based line (0 when unknown)."""
    src = lesson.source
    for text in (lesson.title, lesson.subtitle, lesson.summary):
        if text:
            yield text, src, 0
    for section in lesson.sections:
        yield section.title, src, section.line
        for block in section.blocks:
            if isinstance(block, Paragraph):
                yield block.text, src, block.line
            elif isinstance(block, BulletList):
                for item in ((block.title or ""),) + block.items:
                    yield item, src, block.line
            elif isinstance(block, Callout):
                yield f"{block.title}. {block.text}", src, block.line
            elif isinstance(block, Caption):
                yield block.text, src, block.line
    for q in lesson.quiz:
        for text in (q.prompt, *q.options, *q.answers, q.explanation):
            yield text, src, q.line
    for title in lesson.next_lessons:
        yield title, src, 0


def format_finding(finding: Finding) -> str:
    """``<file>:<line>: <token> (<reason>)`` — one line per finding."""
    where = str(finding.file) if finding.file else "-"
    if finding.line:
        where += f":{finding.line}"
    return f"{where}: {finding.token} ({finding.reason})"
