"""Pronunciation report: tokens in a course an engine is likely to mispronounce (``--lexicon-report``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from narrate.model import BulletList, Callout, Caption, Lesson, Paragraph, Table
from narrate.text.lexicon import Finding, suggest_spoken


def lesson_texts(lesson: Lesson) -> Iterator[tuple[str, Path | None, int]]:
    """Every written text of a lesson with its file and 1-based line (0 when unknown). The title,
    subtitle, summary and next lessons, which carry no line in the model, get the first line of the
    file that holds their text."""
    src = lesson.source
    lines = _read_lines(src)
    for text in (lesson.title, lesson.subtitle, lesson.summary):
        if text:
            yield text, src, _line_of(text, lines)
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
            elif isinstance(block, Table):  # read aloud row by row
                for cell in (*block.header, *(c for row in block.rows for c in row)):
                    yield cell, src, block.line
    for q in lesson.quiz:
        for text in (q.prompt, *q.options, *q.answers, q.explanation):
            yield text, src, q.line
    for title in lesson.next_lessons:
        yield title, src, _line_of(title, lines)


def _read_lines(path: Path | None) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines() if path else []
    except OSError:
        return []


def _line_of(text: str, lines: list[str]) -> int:
    """1-based line of the file's first line holding ``text``'s first 40 characters (0: not found)."""
    head = " ".join(text.split())[:40]
    return next((n for n, line in enumerate(lines, 1) if head and head in " ".join(line.split())), 0)


def format_finding(finding: Finding) -> str:
    """``<file>:<line>: <token> (<reason>); lexicon: '<token>: <suggested spoken form>'`` — one line
    per finding; the suggestion (:func:`narrate.text.lexicon.suggest_spoken`) is a starting point for
    the course's ``lexicon:``."""
    where = str(finding.file) if finding.file else "-"
    if finding.line:
        where += f":{finding.line}"
    return f"{where}: {finding.token} ({finding.reason}); lexicon: '{finding.token}: {suggest_spoken(finding.token)}'"


def locate(findings: list[Finding]) -> list[Finding]:
    """Findings with the line where the token really is in its file: the first line at or after the
    given one that holds it, else the first in the file (a lesson's title, summary or "next" list
    carries no line of its own in every format). Unreadable files leave the finding as it is."""
    texts: dict[Path, list[str] | None] = {}
    out = []
    for finding in findings:
        if finding.file is not None and finding.file not in texts:
            try:
                texts[finding.file] = finding.file.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                texts[finding.file] = None
        lines = texts.get(finding.file) if finding.file is not None else None
        if lines:
            start = max(finding.line, 1)
            order = list(range(start - 1, len(lines))) + list(range(0, start - 1))
            at = next((n + 1 for n in order if finding.token in lines[n]), finding.line)
            finding = replace(finding, line=at)
        out.append(finding)
    return out
