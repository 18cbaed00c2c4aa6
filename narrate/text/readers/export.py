"""``lesson_to_yaml``: any :class:`Lesson` → YAML lesson text (the schema of ``yaml_lesson``).

Used by ``narrate import PAGE``. The text is block style, UTF-8 (no escapes), without Python tags, with
a stable key order, and reads back through ``read_lesson`` to an equal lesson (except ``source``,
``line`` fields and ``number``, which comes from the course order).
"""

from __future__ import annotations

import yaml

from narrate.model import BulletList, Callout, Caption, CodeBlock, Lesson, Paragraph, Question, Table
from narrate.text.common import backtick_code
from narrate.text.readers.common import ms_to_seconds


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow: bool = False, indentless: bool = False):  # noqa: D102
        return super().increase_indent(flow, False)  # indent list items under their key


def _str(dumper: yaml.SafeDumper, value: str):
    value = backtick_code(value)  # a code span as the YAML reader reads one back
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def _block(block) -> object:
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, BulletList):
        out: dict = {"bullets": list(block.items)}
        if block.title:
            out["title"] = block.title
        return out
    if isinstance(block, Callout):  # a title alone (code first in the callout): said as a paragraph
        return {"callout": block.title, "text": block.text} if block.text.strip() else block.title
    if isinstance(block, Caption):
        return {"caption": block.text}
    if isinstance(block, CodeBlock):
        out = {"code": block.code + "\n"}
        if block.language:
            out["language"] = block.language
        if block.output:
            out["output"] = True
        return out
    if isinstance(block, Table):
        table: dict = {"table": [list(row) for row in block.rows]}
        if block.header:
            table["header"] = list(block.header)
        return table
    raise TypeError(f"unknown block {block!r}")


def _question(q: Question) -> dict:
    out: dict = {"prompt": q.prompt}
    if q.title:
        out["title"] = q.title
    if q.options:
        out["options"] = list(q.options)
    if q.open:
        out["solution"] = q.answers[0]
    else:
        out["answer"] = q.answers[0] if len(q.answers) == 1 else list(q.answers)
    if q.explanation:
        out["explanation"] = q.explanation
    if q.think_pause_ms is not None:
        out["think_pause"] = ms_to_seconds(q.think_pause_ms)
    if q.topic:
        out["topic"] = q.topic
    if q.notes:
        out["notes"] = [_block(b) for b in q.notes]
    return out


def _question_item(q: Question) -> dict:
    return {"question": _question(q)}


def lesson_to_dict(lesson: Lesson) -> dict:
    """The lesson as plain data in the YAML schema's key order (empty fields left out)."""
    out: dict = {"id": lesson.id, "title": lesson.title}
    for key in ("subtitle", "summary", "date", "language"):
        if getattr(lesson, key):
            out[key] = getattr(lesson, key)
    if lesson.think_pause_ms is not None:
        out["think_pause"] = ms_to_seconds(lesson.think_pause_ms)
    if lesson.read_code is not None:
        out["code"] = "read" if lesson.read_code else "notes"
    voice = {k: v for k, v in (("narrator", lesson.narrator_voice), ("host", lesson.host_voice)) if v}
    if voice:
        out["voice"] = voice
    places = lesson.challenge_places()  # a challenge in a section's body is asked there
    if lesson.sections or not lesson.quiz:
        heard = lesson.heard_sections(places)
        out["sections"] = [
            {"title": s.title, "body": [_question_item(i) if isinstance(i, Question) else _block(i) for i in items]}
            for s, items in zip(lesson.sections, heard)
        ]
    placed = {id(q) for questions in places.values() for q in questions}
    quiz = [_question(q) for q in lesson.quiz if id(q) not in placed]
    if quiz:
        out["quiz"] = quiz
    if lesson.next_lessons:
        out["next"] = list(lesson.next_lessons)
    return out


def lesson_to_yaml(lesson: Lesson) -> str:
    """YAML lesson text equivalent to ``lesson`` (see module docstring)."""
    return yaml.dump(
        lesson_to_dict(lesson),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
        indent=2,
    )
