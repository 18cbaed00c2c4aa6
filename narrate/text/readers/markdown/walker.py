"""The walker every Markdown dialect shares: CommonMark's blocks (headings, paragraphs, lists, quotes,
code, tables, HTML) into sections, the intro and the quiz, with divs and directives dispatched by kind.

What only a dialect writes is in its own module, a mixin of :class:`WalkerBase`: Carpentries
challenges, solutions and lists (:mod:`.carpentries`), MyST / Jupyter Book solutions linked by label
and theorem-like directives (:mod:`.myst`), MkDocs exercises answered by an admonition
(:mod:`.mkdocs`), and narrate's own quiz syntax (:mod:`.quiz`). The reader's walker is all of them
(:class:`narrate.text.readers.markdown.Walker`).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NoReturn

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from narrate.errors import Collector, ContentError, lenient
from narrate.model import (
    BulletList,
    Callout,
    Caption,
    CodeBlock,
    Paragraph,
    Section,
    Table,
)
from narrate.text.clauses import mark_math
from narrate.text.math import speak_math
from narrate.text.phrases import keys as phrase_keys
from narrate.text.readers.chunks import CHUNK, shown
from narrate.text.readers.dialects import RAW_DIRECTIVES
from narrate.text.readers.markdown.kinds import (
    _ADDRESS,
    _ROLE_OF_TITLE,
    _SOLUTION_TITLE,
    CALLOUT_TITLES,
    FIGURE_KINDS,
    LAYOUT_KINDS,
    LIST_KINDS,
    LIST_ROLES,
    OUTPUT_LANGUAGES,
    QUESTION_KINDS,
    SKIPPED_KINDS,
    SOLUTION_KINDS,
    _argument,
    _directive,
    _is_solution,
    _kind,
    _proof_kind,
)
from narrate.text.readers.markdown.nodes import (
    _LANGUAGE,
    _SILENT_NODES,
    TASK_BOX,
    _bold_title,
    _boxes_as_text,
    _html_table,
    _html_text,
    _inline,
    _inline_one,
    _only,
    _sentence,
    _siblings,
    _text,
)
from narrate.text.readers.markdown.parsing import _markdown_text, _speak_math_in, markdown_parser
from narrate.text.readers.markdown.spoken import _KEYPOINTS, _ListTitle, _merge, _spoken_text
from narrate.text.readers.markers import (
    ANSWER_WORDS,
    NEXT_HEADINGS,
    QUESTION_WORDS,
    QUIZ_HEADINGS,
    alternatives,
)

_QUIZ = re.compile(r"^(" + alternatives(QUIZ_HEADINGS) + r")(?!\w)", re.I)
_NEXT = re.compile(r"^(next|" + alternatives(NEXT_HEADINGS) + r")(?!\w)", re.I)
_PROMPT_LABEL = re.compile(
    r"^(?i:" + alternatives(QUESTION_WORDS) + r"|q)\s*\d*\s*[.:)：]\s+(?=[^\W\d_](?<=[^\W\d_a-z])|[\d\W])"
)
"""A prompt's label ("Question:", "Q2.", "**Frage:**" once bold is dropped) before a space and a prompt
that does not start in lower case: it starts a question and is not said (the script numbers the
questions itself). "Q.E.D. stands for ..." and "Q: the symbol ..." are no label."""
_QUESTION_LABEL = re.compile(r"^(" + alternatives(QUESTION_WORDS) + r"|q)\s*\d*\s*[.:)]?$", re.I)


_ALERT = re.compile(r"^\[!(\w+)\]\s*", re.S)


_NEXT_TITLE_WORDS = 12


_BLOCK_NAMES = {
    "bullet_list": "a list",
    "ordered_list": "a list",
    "fence": "a code block",
    "code_block": "a code block",
    "blockquote": "a quote",
    "table": "a table",
    "math_block": "math",
    "dl": "a definition list",
}


def _is_next_list(section: Section) -> bool:
    """A "Next" section is the next-lessons list only when all it holds is one list of short titles."""
    if len(section.blocks) != 1 or not isinstance(section.blocks[0], BulletList):
        return False
    items = section.blocks[0].items
    return all(len(i.split()) <= _NEXT_TITLE_WORDS and not re.search(r"[.!?]\s|[.!?]$", i) for i in items)


_BLOCK_TYPES = ("fence", "code_block", "table")
_LIST_TYPES = ("bullet_list", "ordered_list")


def _holds_blocks(node: SyntaxTreeNode) -> bool:
    """A quote's child that is (or, a nested list, holds) a code block or a table: said as its own
    block, not as the callout's text (which would drop it)."""
    if node.type in _BLOCK_TYPES:
        return True
    return node.type.endswith("_list") and any(_holds_blocks(c) for item in node.children for c in item.children)


def _item_text(node: SyntaxTreeNode) -> bool:
    """A list item's child said as the item's text (a paragraph that is not a lone image, a heading,
    HTML ...); anything else (a nested list, a quote, a figure, code, a table, a div) is said as the
    blocks it makes, in place."""
    if node.type in _BLOCK_TYPES or node.type in _LIST_TYPES or node.type in ("blockquote", "container_div"):
        return False
    return _only(node, "image") is None


def _item(parts: list[str]) -> str:
    """A list item's text from the texts of its paragraphs: each paragraph a sentence but the last
    (which the script ends)."""
    said = [p for p in parts if p]
    return " ".join([*(_sentence(p) for p in said[:-1]), *said[-1:]])


def _quote_title(node: SyntaxTreeNode) -> tuple[str, str, str, list[SyntaxTreeNode]]:
    """A quote's title, its role (the phrase key of a title narrate gave, else ""), the text after the
    title in the first paragraph, and the nodes after the title: ``> ### Title``, ``> **Tip**`` or
    ``> **Tip:** text``, ``> [!NOTE] text`` (GitHub's alerts), else "Note" and all its nodes."""
    nodes = list(node.children)
    first = nodes[0] if nodes else None
    if first is not None and first.type == "heading":
        return _text(first), "", "", nodes[1:]
    if first is None or first.type != "paragraph":
        return "Note", "title.note", "", nodes
    inline = first.children[0].children
    lead = [c for c in inline if not (c.type == "text" and not c.content.strip())]
    if lead and lead[0].type == "strong":
        tail = "".join(_inline_one(c) for c in inline[inline.index(lead[0]) + 1 :]).lstrip(": ").strip()
        return _inline(lead[0]).strip().rstrip(":").strip(), "", tail, nodes[1:]
    alert = _ALERT.match(_inline(first.children[0]))
    if alert:
        return alert.group(1).capitalize(), f"title.{alert.group(1).lower()}", _text(first)[alert.end() :], nodes[1:]
    return "Note", "title.note", "", nodes


def _quiz_headings_without_quiz(nodes: list[SyntaxTreeNode]) -> set[int]:
    """The ids of the quiz headings ("## Practice", "## Exercises") among ``nodes`` under which no
    quiz is written in narrate's quiz syntax (no question heading, list of options or "Answer:" line,
    before the next heading of level 1 or 2): what they hold (exercises with their solutions,
    callouts, text) is read as a section of that title, not dropped as quiz chrome."""
    found: set[int] = set()
    for n, node in enumerate(nodes):
        if node.type != "heading" or int(node.tag[1]) > 2 or not _QUIZ.match(_text(node)):
            continue
        region = []
        for after in nodes[n + 1 :]:
            if after.type == "heading" and int(after.tag[1]) <= 2:
                break
            region.append(after)
        said = [after for after in region if after.type not in _SILENT_NODES and (_text(after) or after.children)]
        if said and not any(_quiz_syntax(after, before) for before, after in zip([node, *region], region)):
            found.add(id(node))
    return found


_ANSWER_LINE = re.compile(r"^\s*(?:" + alternatives(ANSWER_WORDS) + r")\s*[:：]", re.I | re.M)


def _quiz_syntax(node: SyntaxTreeNode, before: SyntaxTreeNode) -> bool:
    """``node`` (``before``: the node before it) writes a quiz in narrate's syntax: a question heading,
    a list of options with task boxes (``- [x] right``) after a question, a numbered list of questions,
    an "Answer: ..." line. A list of tasks or
    points without boxes is no quiz ("## Exercises" then "- Plot the data")."""
    if node.type == "heading":
        return int(node.tag[1]) >= 3
    if node.type in _LIST_TYPES:
        asked = before.type == "heading" or _text(before).rstrip().endswith(("?", "?", "_"))  # options' question
        boxed = asked and any(n.type == "html_inline" and n.content.startswith(TASK_BOX) for n in node.walk())
        first = node.children[0] if node.children else None
        asks = node.type == "ordered_list" and first is not None and _text(first).split("\n")[0].rstrip().endswith("?")
        return boxed or asks or bool(_ANSWER_LINE.search(_text(node, "\n")))
    return node.type == "paragraph" and bool(_ANSWER_LINE.search(_text(node, "\n")))


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
    open: bool = False
    notes: list = field(default_factory=list)
    title: str = ""


class WalkerBase:
    """Reads a lesson's markdown-it tree (:meth:`walk`, then :meth:`finish`) into its title, intro,
    sections and quiz questions; problems go to ``problems``, and :meth:`fail` raises
    :class:`~narrate.errors.ContentError` at a file line.

    Args:
        path: the lesson file (for messages).
        options: a directive's options by the 0-based line it opens on
            (:attr:`narrate.text.readers.dialects.Prepared.options`).
        md: the parser, for Markdown in a directive's argument (default: :func:`.parsing.markdown_parser`).
        problems: where problems are collected (default: a new :class:`~narrate.errors.Collector`).
    """

    def __init__(
        self,
        path: Path,
        options: dict[int, dict[str, str]] | None = None,
        md: MarkdownIt | None = None,
        problems: Collector | None = None,
    ):
        self.path = path
        self.problems = problems if problems is not None else Collector()
        self.md = md or markdown_parser()
        self.options = options or {}
        self.title = self.subtitle = ""
        self.title_line = 0
        self.intro: list[str] = []
        self.sections: list[Section] = []
        self.levels: list[int] = []
        self.moved: set[int] = set()
        self.next_candidates: set[int] = set()
        self.questions: list[_Q] = []
        self.next_lessons: list[str] = []
        self.solved: set[str] = set()
        self.relabelled: dict[int, tuple[str, str]] = {}  # a solution's line → (its label, its exercise's label)
        self.taken: set[int] = set()  # ids of "Solution" admonitions read as an exercise's solution
        self.labelled: dict[int, list[SyntaxTreeNode]] = {}  # "**Exercise:**" paragraph id → its prompt and answer
        self.followed: dict[int, SyntaxTreeNode] = {}  # an exercise's line → the "Solution" admonition after it
        self.by_label: dict[str, _Q] = {}
        self.labels: list[str] = []  # every exercise's label, in file order
        self.failed: set[int] = set()  # sections with a block in error
        self.unprompted: set[str] = set()  # labels of exercises with nothing to read: their solutions are callouts
        self.front_title = ""  # the front matter's title: "# Heading" lines after a section are sections
        self.quiz_headings: list[tuple[int, int, str]] = []  # (line, place among sections, title) of each quiz
        self.mode = "head"

    def line(self, node: SyntaxTreeNode) -> int:
        """The file line ``node`` starts on (1-based; 0 when markdown-it gave it none)."""
        return node.map[0] + 1 if node.map else 0

    def fail(self, message: str, line: int) -> NoReturn:
        """Raise :class:`~narrate.errors.ContentError` ``message`` at file line ``line``."""
        raise ContentError(message, self.path, line)

    def lenient(self, message: str, line: int) -> None:
        """Structure read narrate's own way (``message`` says how): a warning; an error under ``--strict``."""
        lenient(message, self.path, line, self.problems)

    # ------------------------------------------------------------ structure

    def overview(self, questions: tuple[str, ...], objectives: tuple[str, ...]) -> None:
        """Front matter ``questions`` and ``objectives`` (legacy Carpentries) as an "Overview" section."""
        lists = [
            BulletList(items, LIST_KINDS[key], 1, LIST_ROLES[key])
            for key, items in (("questions", questions), ("objectives", objectives))
            if items
        ]
        if lists:
            self.sections.append(Section("Overview", tuple(lists), 1, "title.overview"))
            self.levels.append(2)

    def walk(self, nodes: list[SyntaxTreeNode]) -> None:
        """Read the top-level ``nodes`` of a lesson in order into sections, intro and quiz; a problem
        in one block is noted (:attr:`problems`) and the rest still read."""
        self.link_solutions(nodes)
        self.no_quiz = _quiz_headings_without_quiz(nodes)
        for node, classes, nxt in _siblings(nodes):
            try:  # a problem in one block is noted and the rest of the file still checked
                self.walk_one(node, classes, nxt)
            except ContentError as exc:
                self.problems.add(exc)
                self.failed.add(len(self.sections) - 1)  # not also "empty" for the block it lost

    def walk_one(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> None:
        """One top-level ``node`` (with its kramdown ``classes``; ``nxt`` the node after it) read by where
        the walk is (:attr:`mode`: before the first section, in the body, under a quiz heading)."""
        if "toc" in classes:
            return  # a generated table of contents ("* TOC" then "{:toc}")
        if id(node) in self.taken or node.type in _SILENT_NODES:
            return  # read with the exercise above it (its prompt, or its solution after the think pause)
        if id(node) in self.labelled and self.mode == "quiz":  # "**Exercise:**" + answer under "## Quiz"
            self.add(self.blocks(node, classes, nxt))
            return
        kind = _kind(node, classes) or (
            _directive(node.info) if node.type == "fence" and node.info.startswith("{") else ""
        )
        if node.type == "heading":
            self.heading(node)
        elif node.type in ("hr", "footnote_block") or (node.type == "html_block" and not _html_text(node.content)):
            return
        elif self.mode == "quiz" and kind not in QUESTION_KINDS | SOLUTION_KINDS:
            _boxes_as_text(node)  # "- [x] right": the quiz reads the boxes
            self.quiz(node)
        elif (
            self.mode == "head" and not kind and (self.title or node.type in ("paragraph", "blockquote", "html_block"))
        ):
            self.head(node, classes, nxt)
        else:
            self.body(node, classes, nxt)

    def body(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> None:
        """A block of the lesson's body added to the current section; a div, or content before any
        heading (a Workbench episode), first opens an "Overview" section."""
        if self.mode == "head":  # a div, or content before any heading (a Workbench episode)
            if not self.sections or self.sections[-1].title != "Overview":
                self.sections.append(Section("Overview", (), self.line(node), "title.overview"))
                self.levels.append(2)
            self.mode = "body"
        self.add(self.blocks(node, classes, nxt))

    def heading(self, node: SyntaxTreeNode) -> None:
        """A heading: the title, a quiz heading (and, under one, a question), or a new section."""
        text, level = _text(node), int(node.tag[1])
        if level == 1 and not self.title and not (self.front_title and self.sections):
            self.title, self.title_line = text, self.line(node)
        elif level <= 2 and _QUIZ.match(text) and id(node) not in self.no_quiz:
            self.mode = "quiz"
            self.quiz_headings.append((self.line(node), len(self.sections), text))
        elif self.mode == "quiz" and level >= 3:
            label = bool(_QUESTION_LABEL.match(text))
            prompt = _PROMPT_LABEL.match(text)  # "### Question 2: What is `ls`?": the prompt after its label
            text = text[prompt.end() :] if prompt else text
            self.questions.append(_Q("" if label else text, self.line(node), pending_prompt=label))
        else:
            self.mode = "body"
            if level <= 2 and _NEXT.match(text):
                self.next_candidates.add(len(self.sections))
            self.sections.append(Section(text, (), self.line(node)))
            self.levels.append(level)

    def head(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> None:
        """A block before the first section: the subtitle, an intro paragraph, or (a list, code ...) the
        start of an "Overview" section (a warning)."""
        text = _text(node)
        if not self.subtitle and not self.intro and node.type in ("paragraph", "blockquote", "html_block"):
            self.subtitle = text
        elif node.type in ("paragraph", "html_block"):
            self.intro.append(text)
        else:  # a list, code, a quote or a table before any "##": the start of an "Overview" chapter
            what = _BLOCK_NAMES.get(node.type, "block")
            self.lenient(f"{what} before the first '## Section': read in an 'Overview' chapter", self.line(node))
            self.sections.append(Section("Overview", (), self.line(node), "title.overview"))
            self.levels.append(2)
            self.mode = "body"
            self.add(self.blocks(node, classes, nxt))

    def add(self, blocks: list) -> None:
        """Add ``blocks`` to the current section (key points open a section of their own).

        Raises:
            ContentError: there is no section yet.
        """
        if blocks and blocks[0] is _KEYPOINTS:  # key points: a section of their own
            blocks = blocks[1:]
            line = blocks[0].line if blocks else 0
            self.sections.append(Section(LIST_KINDS["keypoints"], (), line, LIST_ROLES["keypoints"]))
            self.levels.append(2)
        if not blocks:
            return
        if not self.sections:
            self.fail("put this under a '## Section' heading", getattr(blocks[0], "line", 0))
        section = self.sections[-1]
        merged = _merge(list(section.blocks), blocks)
        self.sections[-1] = replace(section, blocks=tuple(merged))

    def collect(self, nodes: list[SyntaxTreeNode]) -> list:
        """The blocks of a div's content (headings inside it become sentences)."""
        out: list = []
        for node, classes, nxt in _siblings(nodes):
            if "toc" in classes:
                continue
            if node.type == "heading":
                out = _merge(out, [Paragraph(_sentence(_text(node)), self.line(node))])
            elif node.type not in ("hr", "footnote_block"):
                out = _merge(out, self.blocks(node, classes, nxt))
        return out

    def blocks(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> list:
        """One Markdown node → the blocks it says (a challenge goes to the quiz and says nothing here)."""
        line, kind = self.line(node), _kind(node, classes)
        if id(node) in self.labelled:  # "**Exercise:** ..." then an "Answer" admonition: a challenge
            return self.exercise("", self.labelled.pop(id(node)), line, {})
        if kind:
            return self.directive(node, kind, line)
        if node.type in ("bullet_list", "ordered_list"):
            return self.list_blocks(node, line)
        if node.type == "blockquote":
            return self.quote(node, line)
        if node.type in ("fence", "code_block"):
            return self.code(node, classes, line)
        if node.type in ("math_block", "math_block_label", "amsmath"):
            return [Paragraph(node.content.strip(), line)] if node.content.strip() else []
        if node.type == "html_block":
            return self.html(node, line)
        if node.type == "table":
            return [self.table(node, line)]
        if node.type == "dl":
            return [BulletList(self.definitions(node), None, line)]
        return self.paragraph(node, nxt, line)

    def directive(self, node: SyntaxTreeNode, kind: str, line: int) -> list:
        """A div, directive or kramdown-classed quote of ``kind`` (:func:`.kinds._kind`) → its blocks."""
        options = self.options.get(node.map[0], {}) if node.map else {}
        arg = _markdown_text(self.md, _argument(node.info)) if node.type == "container_div" else ""
        myst = node.info.strip().startswith("{") and not node.info.strip().startswith(("{.", "{#"))
        if kind in SOLUTION_KINDS and node.type == "container_div" and myst:
            linked = self.myst_solution(node, line, arg)
            if linked is None:  # read where it stands
                return self.callout_blocks("Solution", node.children, line, "title.solution")
            arg = linked
        return self.div(kind, arg, node.children, line, options)

    def quote(self, node: SyntaxTreeNode, line: int) -> list:
        """A quote: a legacy Carpentries challenge (one holding a "Solution" quote), a callout with
        code or a table in it, or a callout (:meth:`callout`)."""
        if any(_is_solution(n, c) for n, c, _ in _siblings(list(node.children))):
            return self.exercise("", node.children, line, {})  # "> ## Spot it" + "> > ## Solution": a challenge
        if node.map and self.options.get(node.map[0], {}).get("admonition") == "question" and len(node.children) > 1:
            q = _Q(_sentence(_bold_title(node)), line, open=True, title=_bold_title(node))  # ??? question "...?"
            q.answer, q.answer_line = self.solution(list(node.children[1:]), line), line + 1
            self.questions.append(q)
            if self.sections:
                self.moved.add(len(self.sections) - 1)
            return []
        if not _text(node) or any(_holds_blocks(c) or c.type in _LIST_TYPES for c in node.children):
            title, role, lead, nodes = _quote_title(node)  # code, a table or a list in a quote
            blocks = ([Paragraph(lead, line)] if lead else []) + self.collect(nodes)
            return self.titled(title, blocks, line, role)
        return self.callout(node)

    def list_blocks(self, node: SyntaxTreeNode, line: int) -> list:
        """A bullet or numbered list → a :class:`BulletList` of its items' text, each item (and each
        paragraph of one) a sentence. A nested list's items are items of the same list, after their
        parent's; a code block, table, quote (a callout), figure or div inside an item ("1. Type:" then
        a fence) stands where it is written, between the items said before and after it (a list of
        steps keeps its commands' cues in order)."""
        out: list = []
        items: list[str] = []
        for item in node.children:
            parts: list[str] = []
            for child, classes, nxt in _siblings(list(item.children)):
                if id(child) in self.taken:  # a solution read with its exercise
                    continue
                if _item_text(child):
                    parts.append(_text(child))
                    continue
                items += [_item(parts)] if any(parts) else []
                parts = []
                inner = self.list_blocks(child, self.line(child)) if child.type in _LIST_TYPES else []
                for block in inner or self.blocks(child, classes, nxt):
                    if isinstance(block, BulletList) and block.title is None:
                        items += block.items  # a nested list: its items follow their parent's
                        continue
                    out += [BulletList(tuple(items), None, line)] if items else []
                    out, items = [*out, block], []
            items += [_item(parts)] if any(parts) else []
        return out + ([BulletList(tuple(items), None, line)] if items else [])

    def html(self, node: SyntaxTreeNode, line: int) -> list:
        """An HTML block: MathML spoken, else read as its text (a ``<table>`` as a table)."""
        if node.content.lstrip().startswith("<math"):
            return [Paragraph(_sentence(mark_math(speak_math([node.content.strip()], _LANGUAGE.get())[0])), line)]
        table = _html_table(node.content, line)
        lines = _text(node, "\n").split("\n")
        return [table] if table else [Paragraph(_sentence(t), line) for t in lines if t.strip()]

    def paragraph(self, node: SyntaxTreeNode, nxt: SyntaxTreeNode | None, line: int) -> list:
        """A paragraph: a figure's caption (a lone image), the title of the list ``nxt`` (lone bold
        text), else its text; anything else says nothing."""
        if _only(node, "image") is not None:
            return [Caption(_text(node), line)] if _text(node) else []  # no alt text: nothing to say
        if _only(node, "strong") is not None and nxt is not None and nxt.type in ("bullet_list", "ordered_list"):
            return [_ListTitle(_text(node).rstrip(":").strip(), line)]
        if node.type == "paragraph" and _text(node):
            return [Paragraph(_text(node), line)]
        return []

    def code(self, node: SyntaxTreeNode, classes: list[str], line: int) -> list:
        """A code fence or indented code (``{math}`` fences: their spoken math) → a :class:`CodeBlock`
        with its language, or program output; [] when empty."""
        info = node.info.strip() if node.type == "fence" else ""
        kind = _directive(info) if info.startswith("{") else ""
        if kind == "math":
            return [Paragraph(_sentence(node.content), line)] if node.content.strip() else []
        if kind and kind not in RAW_DIRECTIVES and node.type == "fence":  # a directive too deep to be made a div
            tree = SyntaxTreeNode(self.md.parse(textwrap.dedent(node.content)))
            _speak_math_in(tree)
            return self.div(kind, _argument(info), list(tree.children), line, {})
        language = (_argument(info).split() or [""])[0] if kind else (info.split() or [""])[0]
        for name in classes:
            language = name.removeprefix("language-") if name.startswith("language-") else language
        output = language.lower() in OUTPUT_LANGUAGES or any(c in OUTPUT_LANGUAGES for c in classes)
        code = node.content.strip("\n")
        chunk = self.options.get(node.map[0], {}) if node.map and node.type == "fence" else {}
        if CHUNK in chunk:  # Quarto / R Markdown: what the page shows of the chunk
            echo, caption = shown(chunk)
            blocks = [CodeBlock(code, language, False, line)] if echo and code.strip() else []
            return blocks + ([Caption(_markdown_text(self.md, caption), line)] if caption else [])
        return [CodeBlock(code, "" if output else language, output, line)] if code.strip() else []

    def table(self, node: SyntaxTreeNode, line: int) -> Table:
        """A Markdown table, with its header row when it has one."""
        rows = [[_text(cell) for cell in tr.children] for part in node.children for tr in part.children]
        head = node.children[0].type == "thead" if node.children else False
        header = tuple(rows[0]) if head and rows else ()
        return Table(header, tuple(tuple(r) for r in rows[1 if head else 0 :]), line)

    def definitions(self, node: SyntaxTreeNode) -> tuple[str, ...]:
        """A definition list's items: ``"term: definition"`` each."""
        items: list[str] = []
        for child in node.children:
            if child.type == "dt":
                items.append(_text(child))
            elif child.type == "dd" and items:
                items[-1] = f"{items[-1]}: {_text(child)}"
        return tuple(items)

    def div(self, kind: str, arg: str, children: list[SyntaxTreeNode], line: int, options: dict[str, str]) -> list:
        """A div or directive of ``kind`` with argument ``arg`` (its title, a solution's label) and
        ``options`` → its blocks: an exercise (to the quiz), a solution of one above, a list (objectives,
        key points ...), a figure's caption, a theorem-like block, a callout, else its content.

        Raises:
            ContentError: a solution outside any challenge.
        """
        if kind in QUESTION_KINDS:
            return self.exercise(arg, children, line, options)
        if kind in SOLUTION_KINDS and arg in self.by_label:
            q = self.by_label[arg]
            q.answer, q.answer_line = self.solution(children, line, q.notes), line
            return []
        if kind in SOLUTION_KINDS:  # not inside a challenge: it would be read at once, with no think pause
            self.fail(
                f"a '{kind}' outside any challenge would be read before the listener could think: "
                "put it inside its '::: challenge' (or the '{: .challenge}' quote)",
                line,
            )
        if kind in LIST_KINDS:
            return self.list_div(kind, children, line)
        if kind in SKIPPED_KINDS:
            return []
        if kind in FIGURE_KINDS:
            caption = _spoken_text(self.collect(children)) or options.get("alt", "")
            return [Caption(caption, line)] if caption else []
        proof = _proof_kind(kind)
        if proof:
            return self.announced(proof, arg, children, line)
        if kind in CALLOUT_TITLES:
            if arg:
                return self.callout_blocks(arg, children, line)
            title = CALLOUT_TITLES[kind]
            return self.callout_blocks(title, children, line, _ROLE_OF_TITLE.get(title, f"title.{title.lower()}"))
        blocks = self.collect(children)  # a layout div (tab-set, card, grid ...): its content, no name
        if kind not in LAYOUT_KINDS:
            self.lenient(f"unknown directive '{kind}': its text is read, its name is not", line)
            arg = "" if _ADDRESS.match(arg) else arg  # "{iframe} https://...": not words to say
        return ([Paragraph(_sentence(arg), line)] if arg else []) + blocks

    def solution_admonition(self, node: SyntaxTreeNode) -> bool:
        """An admonition (or dropdown) titled "Solution" ("Lösung", "Oplossing" ...) or of class
        ``solution``: a Jupyter Book page's way of writing the solution of the exercise just above it;
        or a quote titled so in bold (``> **Answer**``: an MkDocs admonition)."""
        if node.type == "blockquote":
            return bool(_SOLUTION_TITLE.match(_bold_title(node)))
        if (
            node.type == "container_div"
            and node.info.strip().startswith("{.")
            and _directive(node.info) in SOLUTION_KINDS
        ):
            return True  # Quarto: ::: {#exr-x} ... then ::: {.solution}
        if node.type != "container_div" or _directive(node.info) not in ("admonition", "dropdown") or not node.map:
            return False
        classes = self.options.get(node.map[0], {}).get("class", "").replace(",", " ").split()
        return bool(_SOLUTION_TITLE.match(_argument(node.info))) or "solution" in classes

    # ------------------------------------------------------------ what the dialects add

    def link_solutions(self, nodes: list[SyntaxTreeNode]) -> None:
        """Note the solutions written outside their exercise among ``nodes`` (:mod:`.myst`)."""
        raise NotImplementedError

    def label_exercise(self, nodes: list[SyntaxTreeNode], answer: SyntaxTreeNode) -> None:
        """Note a labelled exercise paragraph before the ``answer`` admonition (:mod:`.mkdocs`)."""
        raise NotImplementedError

    def myst_solution(self, node: SyntaxTreeNode, line: int, arg: str) -> str | None:
        """The argument a MyST ``{solution}`` with argument ``arg`` is read with, or None when it is
        read where it stands (:mod:`.myst`)."""
        raise NotImplementedError

    def announced(self, kind: str, name: str, children: list[SyntaxTreeNode], line: int) -> list:
        """A theorem-like block announced by its kind (:mod:`.myst`)."""
        raise NotImplementedError

    def exercise(self, arg: str, children: list[SyntaxTreeNode], line: int, options: dict[str, str]) -> list:
        """A challenge or exercise (:mod:`.carpentries`)."""
        raise NotImplementedError

    def solution(self, children: list[SyntaxTreeNode], line: int, notes: list | None = None) -> str:
        """A solution's text (:mod:`.carpentries`)."""
        raise NotImplementedError

    def list_div(self, kind: str, children: list[SyntaxTreeNode], line: int) -> list:
        """An objectives, questions or key points div (:mod:`.carpentries`)."""
        raise NotImplementedError

    def quiz(self, node: SyntaxTreeNode) -> None:
        """A node under a quiz heading (:mod:`.quiz`)."""
        raise NotImplementedError

    def unanswered_as_text(self) -> None:
        """Quiz questions with no answer read as text (:mod:`.quiz`)."""
        raise NotImplementedError

    def callout_blocks(self, title: str, children: list[SyntaxTreeNode], line: int, role: str = "") -> list:
        """A callout of ``children``: titled by their first heading (the author's words), else by
        ``title`` (with ``role``, the phrase key of a title narrate gave); see :meth:`titled`."""
        nodes = list(children)
        if nodes and nodes[0].type == "heading":
            title, nodes, role = _text(nodes[0]), nodes[1:], ""
        return self.titled(title, self.collect(nodes), line, role)

    def titled(self, title: str, blocks: list, line: int, role: str = "") -> list:
        """A callout titled ``title`` (``role``: the phrase key of a title narrate gave) holding
        ``blocks``, said in the order written: a :class:`Callout` of its text up to its first code
        block, table, figure or nested callout, then the rest; when one of those comes first, a
        Callout of the title alone (no text), then all the blocks. Nothing at all: []."""
        lead = next((n for n, b in enumerate(blocks) if not isinstance(b, (Paragraph, BulletList))), len(blocks))
        text = _spoken_text(blocks[:lead])
        if not text and not blocks:
            return []
        return [Callout(" ".join(title.split()), text, line, role if role in phrase_keys() else "")] + blocks[
            lead if text else 0 :
        ]

    def callout(self, node: SyntaxTreeNode) -> list:
        """``> **Tip:** text``, ``> **Title**`` + text, ``> [!NOTE] text``, or plain (titled "Note"):
        its title as :func:`_quote_title` finds it, its text after."""
        line = self.line(node)
        title, role, lead, nodes = _quote_title(node)
        rest = " ".join(" ".join([lead, *(_text(n) for n in nodes)]).split())
        if not rest:  # "> ### Heading" alone: its title is all there is to say
            self.lenient(f"callout '{title}' has no text: its title read as a paragraph", line)
            return [Paragraph(_sentence(title), line)] if title.strip() else []
        return [Callout(" ".join(title.split()), rest, line, role if role in phrase_keys() else "")]

    def finish(self, keypoints: tuple[str, ...]) -> None:
        """Settle what only the whole file tells: next-lessons lists, key points, empty sections."""
        self.unanswered_as_text()
        keep: list[int] = []
        self.sections_all = self.sections
        for i, section in enumerate(self.sections):
            if i in self.next_candidates and _is_next_list(section):
                self.next_lessons.extend(section.blocks[0].items)  # type: ignore[union-attr]
                continue
            if not section.blocks:
                if i + 1 < len(self.sections) and self.levels[i + 1] > self.levels[i]:
                    keep.append(i)  # a section with subsections
                    continue
                if i in self.moved:  # all it held were challenges: its title is said, then they follow
                    keep.append(i)
                    continue
                if i in self.failed:
                    continue  # all it held were blocks in error
                self.lenient(f"section '{section.title}' is empty: only its title is read", section.line)
                keep.append(i)
                continue
            keep.append(i)
        self.sections = []
        for i in keep:  # an "Overview" narrate opened, then the author's own: one section
            section = self.sections_all[i]
            if self.sections and self.sections[-1].title == section.title == "Overview":
                first = self.sections.pop()
                section = replace(section, blocks=first.blocks + section.blocks, line=first.line, role=first.role)
            self.sections.append(section)
        if keypoints:
            self.sections.append(
                Section(LIST_KINDS["keypoints"], (BulletList(keypoints, None, 1),), 1, "title.keypoints")
            )
