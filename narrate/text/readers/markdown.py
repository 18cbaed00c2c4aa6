"""Markdown lesson reader (CommonMark via markdown-it-py) → :class:`Lesson`.

Syntax (full description and example in docs/content-format.md)::

    ---                         optional YAML front matter: id, date, summary, think_pause,
    id: my-lesson               (title, subtitle)
    ---
    # Title
    > Subtitle                  (or a first paragraph); a further paragraph before "##" is the summary
    ## Section                  "##"/"###" headings start sections
    Paragraphs, "-"/"*"/"1." lists; a list right after a paragraph that is all **bold** is titled by it.
    > **Tip:** text             callout (or "> **Title**" on its own line, then text; "> [!NOTE]")
    ![Caption text](fig.png)    a caption (the image's alt text)
    ## Quiz                     (or "Check yourself"): "### prompt" headings or "1. prompt" items,
    - [ ] wrong / - [x] right   options; "Answer: ..." for blanks, "Explanation: ...", "Think pause: 8"
    ## Next                     (or "Keep going", "Up next"): list of next lesson titles
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from narrate.errors import ContentError
from narrate.model import Block, BulletList, Callout, Caption, Lesson, Paragraph, Question, Section
from narrate.text.readers.common import count_blanks, match_option, seconds_to_ms
from narrate.text.readers.yaml_lesson import LessonValidator
from narrate.yamlio import LineDict, load_yaml, read_text

FRONT_MATTER_KEYS = ("id", "title", "subtitle", "summary", "date", "think_pause", "voice")
_QUIZ = re.compile(r"^(quiz|check yourself|test yourself|self[- ]check|questions|practice)\b", re.I)
_NEXT = re.compile(r"^(next|next lessons?|keep going|up next|what'?s next|coming up)\b", re.I)
_QUESTION_LABEL = re.compile(r"^(question|q)\s*\d*\s*[.:)]?$", re.I)
_FIELD = re.compile(r"^(answer|explanation|think(?: pause)?)\s*:\s*(.*)$", re.I)
_TASK = re.compile(r"^\[([ xX])\]\s+(.*)$", re.S)
_ALERT = re.compile(r"^\[!(\w+)\]\s*", re.S)
_FRONT = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)


def read_markdown(path: Path, number: int = 0) -> Lesson:
    """Read a Markdown lesson (syntax in the module docstring).

    Raises:
        ContentError: empty file, bad front matter, no "# Title", an empty section, a question with no
            answer, more than one ``[x]``, or an answer that is not one of the options (with lines).
    """
    text = read_text(path)
    check = LessonValidator(path)
    meta = LineDict()
    front = _FRONT.match(text)
    if front:
        meta = load_yaml(path, "\n" + front.group(1))  # leading "\n": YAML lines = file lines
        meta = check.mapping(meta if meta is not None else LineDict(), 1, "front matter")
        check.keys(meta, FRONT_MATTER_KEYS, "front matter")
        text = "\n" * front.group(0).count("\n") + text[front.end() :]
    tree = SyntaxTreeNode(MarkdownIt("commonmark").parse(text))
    reader = _Walker(path)
    reader.walk(tree.children)
    title = check.text(meta, "title") or reader.title
    if not title:
        raise ContentError("a Markdown lesson needs a '# Title' heading", path, 1)
    if not reader.sections:
        raise ContentError("a Markdown lesson needs at least one '## Section'", path, reader.title_line or 1)
    for section in reader.sections:
        if not section.blocks:
            raise ContentError(f"section '{section.title}' is empty", path, section.line)
    return Lesson(
        title=title,
        subtitle=check.text(meta, "subtitle") or reader.subtitle,
        summary=check.text(meta, "summary") or " ".join(reader.intro),
        sections=tuple(reader.sections),
        quiz=tuple(reader.question(q) for q in reader.questions),
        next_lessons=tuple(reader.next_lessons),
        number=number,
        source=path,
        **check.meta(meta),
    )


def _inline(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of inline content: markup dropped, images → alt text, soft breaks → ``breaks``."""
    out: list[str] = []
    for child in node.children:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append(breaks)
        elif child.type != "html_inline":
            out.append(_inline(child, breaks))
    return "".join(out)


def _text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of a block node (paragraph, heading, list item: all nested inline content)."""
    if node.type == "inline":
        return _inline(node, breaks)
    parts = [_text(c, breaks) for c in node.children]
    if node.type in ("code_block", "fence"):
        parts = [node.content]
    text = "\n".join(p for p in parts if p.strip()) if breaks == "\n" else " ".join(parts)
    return text if breaks == "\n" else " ".join(text.split())


def _only(node: SyntaxTreeNode, kind: str) -> SyntaxTreeNode | None:
    """The paragraph's single inline child of ``kind`` (e.g. an image or **strong**), if that is all."""
    if node.type != "paragraph":
        return None
    inline = node.children[0]
    real = [c for c in inline.children if not (c.type == "text" and not c.content.strip())]
    return real[0] if len(real) == 1 and real[0].type == kind else None


@dataclass
class _Q:
    prompt: str
    line: int
    options: list[str] = field(default_factory=list)
    right: list[str] = field(default_factory=list)
    answer: str | None = None
    answer_line: int = 0
    explanation: list[str] = field(default_factory=list)
    think_ms: int | None = None
    pending_prompt: bool = False


class _Walker:
    def __init__(self, path: Path):
        self.path = path
        self.title = self.subtitle = ""
        self.title_line = 0
        self.intro: list[str] = []
        self.sections: list[Section] = []
        self.questions: list[_Q] = []
        self.list_title: _ListTitle | None = None
        self.next_lessons: list[str] = []
        self.mode = "head"

    def line(self, node: SyntaxTreeNode) -> int:
        return node.map[0] + 1 if node.map else 0

    def fail(self, message: str, line: int) -> NoReturn:
        raise ContentError(message, self.path, line)

    def walk(self, nodes: list[SyntaxTreeNode]) -> None:
        for n, node in enumerate(nodes):
            nxt = nodes[n + 1] if n + 1 < len(nodes) else None
            if node.type == "heading":
                self.heading(node)
            elif node.type in ("html_block", "hr"):
                continue
            elif self.mode == "head":
                self.head(node)
            elif self.mode == "body":
                self.body(node, nxt)
            elif self.mode == "quiz":
                self.quiz(node)
            elif node.type in ("bullet_list", "ordered_list"):
                self.next_lessons.extend(_text(item) for item in node.children)

    def heading(self, node: SyntaxTreeNode) -> None:
        text, level = _text(node), int(node.tag[1])
        if level == 1 and not self.title:
            self.title, self.title_line = text, self.line(node)
        elif level <= 2 and _QUIZ.match(text):
            self.mode = "quiz"
        elif level <= 2 and _NEXT.match(text):
            self.mode = "next"
        elif self.mode == "quiz" and level >= 3:
            label = bool(_QUESTION_LABEL.match(text))
            self.questions.append(_Q("" if label else text, self.line(node), pending_prompt=label))
        else:
            self.mode = "body"
            self.sections.append(Section(text, (), self.line(node)))

    def head(self, node: SyntaxTreeNode) -> None:
        text = _text(node)
        if not self.subtitle and not self.intro and node.type in ("paragraph", "blockquote"):
            self.subtitle = text
        elif node.type == "paragraph":
            self.intro.append(text)
        else:
            self.fail("put this under a '## Section' heading", self.line(node))

    def body(self, node: SyntaxTreeNode, nxt: SyntaxTreeNode | None) -> None:
        section = self.sections[-1]
        blocks = list(section.blocks)
        line = self.line(node)
        block: Block | None = None
        if node.type in ("bullet_list", "ordered_list"):
            title = None
            if self.list_title is not None:
                title, line = self.list_title.text, self.list_title.line
                self.list_title = None
            block = BulletList(tuple(_text(i) for i in node.children), title, line)
        elif node.type == "blockquote":
            block = self.callout(node)
        elif _only(node, "image") is not None:
            block = Caption(_text(node), line)
        elif _only(node, "strong") is not None and nxt is not None and nxt.type in ("bullet_list", "ordered_list"):
            self.list_title = _ListTitle(_text(node).rstrip(":").strip(), line)  # the very next node is its list
        elif node.type in ("paragraph", "code_block", "fence") and _text(node):
            block = Paragraph(_text(node), line)
        if block is not None:
            blocks.append(block)
            self.sections[-1] = Section(section.title, tuple(blocks), section.line)

    def callout(self, node: SyntaxTreeNode) -> Callout:
        """``> **Tip:** text``, ``> **Title**`` + text, ``> [!NOTE] text``, or plain (titled "Note")."""
        paragraphs = list(node.children)
        line = self.line(node)
        title, rest = "Note", _text(node)
        first = paragraphs[0] if paragraphs else None
        if first is not None and first.type == "paragraph":
            inline = first.children[0].children
            lead = [c for c in inline if not (c.type == "text" and not c.content.strip())]
            alert = _ALERT.match(_inline(first.children[0]))
            if lead and lead[0].type == "strong":
                title = _inline(lead[0]).strip().rstrip(":").strip()
                after = inline[inline.index(lead[0]) + 1 :]
                tail = "".join(_inline_one(c) for c in after).lstrip(": ").strip()
                rest = " ".join([tail] + [_text(p) for p in paragraphs[1:]])
            elif alert:
                title = alert.group(1).capitalize()
                rest = _text(node)[alert.end() :]
        rest = " ".join(rest.split())
        if not rest:
            self.fail(f"callout '{title}' has no text", line)
        return Callout(" ".join(title.split()), rest, line)

    # ------------------------------------------------------------ quiz

    def quiz(self, node: SyntaxTreeNode) -> None:
        if node.type == "ordered_list" and (
            not self.questions or self.questions[-1].answer is not None or self.questions[-1].right
        ):
            for item in node.children:
                self.questions.append(_Q("", self.line(item), pending_prompt=True))
                for child in item.children:
                    self.quiz(child)
            return
        q = self.questions[-1] if self.questions else None
        if node.type in ("bullet_list", "ordered_list"):
            if q is None:
                self.fail("options without a question", self.line(node))
            for item in node.children:
                text = _text(item)
                task = _TASK.match(text)
                if task:
                    text = task.group(2).strip()
                    if task.group(1) in "xX":
                        q.right.append(text)
                q.options.append(text)
            return
        if node.type != "paragraph":
            return
        field_name = None
        for offset, raw in enumerate(_text(node, "\n").split("\n")):
            line = self.line(node) + offset
            match = _FIELD.match(raw.strip())
            if match:
                field_name, value = match.group(1).lower(), match.group(2).strip()
                if q is None:
                    self.fail(f"'{match.group(1)}:' without a question before it", line)
                if field_name == "answer":
                    q.answer, q.answer_line = value, line
                elif field_name == "explanation":
                    q.explanation.append(value)
                else:
                    q.think_ms = self.think(value, line)
                continue
            value = raw.strip()
            answered = q is not None and (q.answer is not None or bool(q.right))
            if field_name == "answer" and q is not None:
                q.answer = f"{q.answer} {value}".strip()
            elif field_name == "explanation" and q is not None:
                q.explanation.append(value)
            elif q is None or (answered and (value.endswith("?") or count_blanks(value))):
                q = _Q(value, line)
                self.questions.append(q)
            elif q.pending_prompt:
                q.prompt, q.pending_prompt, q.line = value, False, line
            elif not answered and not q.options:
                q.prompt = f"{q.prompt} {value}".strip()
            elif not answered:
                self.fail("question has no answer (mark an option '- [x]' or add 'Answer: ...')", q.line)
            else:
                q.explanation.append(value)

    def think(self, value: str, line: int) -> int:
        seconds = re.match(r"^(\d+(?:\.\d+)?)\s*(s|sec|seconds)?$", value)
        if not seconds or float(seconds.group(1)) > 120:
            self.fail("'Think pause:' must be a number of seconds (0-120)", line)
        return seconds_to_ms(float(seconds.group(1)))

    def question(self, q: _Q) -> Question:
        if not q.prompt:
            self.fail("question has no prompt", q.line)
        if len(q.right) > 1:
            self.fail("a question has more than one '[x]' option", q.line)
        options = tuple(q.options)
        if q.right:
            answers: tuple[str, ...] = (q.right[0],)
        elif q.answer:
            if options:
                chosen = match_option(q.answer, options)
                if chosen is None:
                    self.fail(f"answer '{q.answer}' is not one of the options", q.answer_line)
                answers = (chosen,)
            else:
                parts = [p.strip() for p in q.answer.split(";")]
                blanks = count_blanks(q.prompt)
                answers = tuple(parts) if blanks > 1 and len(parts) == blanks else (q.answer,)
        else:
            self.fail("question has no answer (mark an option '- [x]' or add 'Answer: ...')", q.line)
        return Question(
            prompt=q.prompt,
            answers=answers,
            options=options,
            explanation=" ".join(" ".join(q.explanation).split()),
            think_pause_ms=q.think_ms,
            line=q.line,
        )


@dataclass(frozen=True)
class _ListTitle:
    """A **bold** paragraph waiting for the list it titles."""

    text: str
    line: int = 0


def _inline_one(node: SyntaxTreeNode) -> str:
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return _inline(node)
