"""The text of markdown-it nodes: inline content (code and math spoken, MyST roles by their text),
blocks, HTML blocks and tables, and the kramdown class lines (``{: .challenge}``) after a node."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextvars import ContextVar

from markdown_it.tree import SyntaxTreeNode

from narrate.model import (
    Table,
    mark_code,
)
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.clauses import mark_math, unmark_math
from narrate.text.code import named_before
from narrate.text.markup import clean_text, html_to_text
from narrate.text.math import speak_math
from narrate.text.readers.dialects import ial_classes, site_inline


def _bold_title(node: SyntaxTreeNode) -> str:
    """The title of a quote that opens with a heading (``> ###### Answer``: an MkDocs admonition) or a
    paragraph holding only bold text (``> **Answer**``), else ""."""
    first = node.children[0] if node.children else None
    if first is not None and first.type == "heading":
        return _text(first)
    return _lone_bold(first) if first is not None else ""


def _lone_bold(paragraph: SyntaxTreeNode) -> str:
    """The text of a paragraph that holds only bold text (``**Answer**``), else ""."""
    if paragraph.type != "paragraph" or not paragraph.children:
        return ""
    lead = [c for c in paragraph.children[0].children if not (c.type == "text" and not c.content.strip())]
    return _inline(lead[0]).strip().rstrip(":").strip() if len(lead) == 1 and lead[0].type == "strong" else ""


_SILENT_NODES = {"myst_line_comment", "myst_target", "myst_block_break"}
"""MyST's ``% comment`` lines, ``(label)=`` targets and ``+++`` breaks: nothing to say."""


def _inline(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of inline content: markup dropped, images → alt text, soft breaks → ``breaks``,
    code spans marked as code (:func:`narrate.model.mark_code`), math as spoken, MyST roles by their text, footnote references dropped; a code span
    of one symbol that the words before it name ("the caret (`^`)") is not read again
    (:func:`narrate.text.code.named_before`), nor the "and" between two such spans."""
    children = node.children
    named = _named_spans(children)
    parts: list[str] = []
    i = 0
    while i < len(children):
        if i not in named:
            parts.append(_inline_one(children[i], breaks))
            i += 1
            continue
        while i in named:
            i += 1
        after = _inline_one(children[i], breaks) if i < len(children) else ""
        said = "".join(parts).rstrip()
        if said.endswith("(") and after.lstrip().startswith(")"):  # "a semicolon (`;`)." → "a semicolon."
            parts, after = [said[:-1].rstrip()], after.lstrip()[1:]
        elif said.endswith("("):  # "braces (`{` and `}`, also called ...)" → "braces (also called ..."
            after = after.lstrip(" ,;")
        parts.append(after)
        i += 1
    return "".join(parts)


def _named_spans(children: list[SyntaxTreeNode]) -> set[int]:
    """Indices of the code spans (and the "and"/"or" between them) that the words before them name
    (:func:`narrate.text.code.named_before`): "the caret (`^`)", "braces (`{` and `}`)". A group of
    spans joined by "and"/"or" is left unread whole or, in parentheses, read whole ("the pipe (`|` or
    `>`)" keeps both); outside parentheses its first span alone may be left unread."""
    language, named, text = _LANGUAGE.get(), set(), ""
    i = 0
    while i < len(children):
        child = children[i]
        if child.type != "code_inline" or not named_before(text, child.content, language):
            text += child.content if child.type == "text" else " x "
            i += 1
            continue
        group = [i]
        while (
            group[-1] + 2 < len(children)
            and children[group[-1] + 1].type == "text"
            and _JOINER.fullmatch(children[group[-1] + 1].content)
            and children[group[-1] + 2].type == "code_inline"
        ):
            group += [group[-1] + 1, group[-1] + 2]
        if all(named_before(text, children[k].content, language) for k in group[::2]):
            named.update(group)
        elif not text.rstrip().endswith("("):
            named.add(i)
        text += " x "
        i = group[-1] + 1
    return named


_JOINER = re.compile(r"\s*(?:,|and|or|,\s*and|,\s*or)?\s*")


def _inline_one(node: SyntaxTreeNode, breaks: str = " ") -> str:
    if node.type == "text":
        return site_inline(node.content)
    if node.type == "code_inline":
        return mark_code(node.content)
    if node.type in ("math_inline", "math_inline_double"):
        return node.content
    if node.type == "myst_role":
        return _role(node.meta.get("name", ""), node.content)
    if node.type in ("softbreak", "hardbreak"):
        return breaks
    if node.type in ("html_inline", "footnote_ref"):
        return ""
    return _inline(node, breaks)


def _role(name: str, content: str) -> str:
    """A MyST role read by its text: ``{ref}`Plots <plots>``` → "Plots"; ``{cite}`` and bare references
    → nothing; ``{math}`` spoken; ``{code}`` as code."""
    shown = re.match(r"^(.*?)\s*<[^<>]*>$", content, re.S)
    if name == "math":
        return mark_math(speak_math([content], _LANGUAGE.get())[0])
    if name in ("code", "literal", "kbd", "file", "command", "samp"):
        return mark_code(content)
    if name.startswith("cite") or name == "footcite":
        return "the cited work"
    if shown and shown.group(1):
        return shown.group(1)
    if name in ("numref", "eq", "prf:ref", "ref", "doc", "download"):
        for prefix, words in (
            ("fig", "the figure"),
            ("tab", "the table"),
            ("eq", "the equation"),
            ("ex", "the exercise"),
        ):
            if content.lower().startswith(prefix) or name == prefix:
                return words
        return "that section"
    return content


def _text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of a block node (paragraph, heading, list item: all nested inline content), through
    :func:`narrate.text.markup.clean_text` (footnote markers dropped, words split at a line break joined)."""
    text = clean_text(_raw_text(node, "\n"), _LANGUAGE.get())  # line breaks kept for split words
    text = text if node.type == "paragraph" else unmark_math(text)  # math stays marked in paragraphs only
    return text if breaks == "\n" else " ".join(text.split())


_LANGUAGE: ContextVar[str] = ContextVar("markdown_language", default=DEFAULT_LANGUAGE)
"""The language of the lesson being read (for :func:`_text`'s word list)."""


def _raw_text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    if node.type == "inline":
        return _inline(node, breaks)
    if node.type == "html_block":
        return _html_text(node.content)
    if node.type in ("code_block", "fence"):
        return ""
    parts = [_sentence(_raw_text(c, breaks)) if c.type == "heading" else _raw_text(c, breaks) for c in node.children]
    text = "\n".join(p for p in parts if p.strip()) if breaks == "\n" else " ".join(parts)
    return text if breaks == "\n" else " ".join(text.split())


_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)(?=<tr\b|</table\b|</tbody\b|</thead\b|\Z)", re.S | re.I)
_HTML_CELL = re.compile(r"<(t[dh])\b[^>]*>(.*?)(?=<t[dh]\b|</tr\b|\Z)", re.S | re.I)


def _html_text(html: str) -> str:
    """The written text of a Markdown HTML block (:func:`narrate.text.markup.html_to_text`; comments,
    such as the kramdown class markers, say nothing): lines as the block's paragraphs."""
    return html_to_text(_HTML_COMMENT.sub("", html))


def _html_table(html: str, line: int) -> Table | None:
    """An HTML block holding a ``<table>`` as a :class:`Table` (a first row of ``<th>`` cells is the
    header), or None when it holds no table rows."""
    if not re.search(r"<table\b", html, re.I):
        return None
    rows = []
    for row in _HTML_ROW.finditer(_HTML_COMMENT.sub("", html)):
        cells = [
            (m.group(1).lower(), " ".join(html_to_text(m.group(2)).split())) for m in _HTML_CELL.finditer(row.group(1))
        ]
        if cells:
            rows.append(cells)
    if not rows:
        return None
    head = all(tag == "th" for tag, _ in rows[0])
    texts = [tuple(text for _, text in r) for r in rows]
    return Table(texts[0] if head else (), tuple(texts[1:] if head else texts), line)


def _siblings(nodes: list[SyntaxTreeNode]) -> Iterator[tuple[SyntaxTreeNode, list[str], SyntaxTreeNode | None]]:
    """Each node with the kramdown classes of the ``{: ...}`` line after it, and the next real node."""
    real = [n for n in nodes if not (n.type == "html_block" and ial_classes(n.content) is not None)]
    classes: dict[int, list[str]] = {}
    last = None
    for node in nodes:
        found = ial_classes(node.content) if node.type == "html_block" else None
        if found is not None and last is not None:
            classes.setdefault(id(last), []).extend(found)
        elif found is None:
            last = node
    for n, node in enumerate(real):
        yield node, classes.get(id(node), []), real[n + 1] if n + 1 < len(real) else None


TASK_BOX = '<input class="task-list-item-checkbox"'
"""How the checkbox of mdit_py_plugins.tasklists (an ``html_inline`` token, said as nothing) begins;
``checked`` in it: the box was ``[x]``."""


def _boxes_as_text(node: SyntaxTreeNode) -> None:
    """The task boxes in ``node`` (:data:`TASK_BOX` checkboxes, never said) written back as
    ``[x]`` and ``[ ]`` text, in place: under a quiz heading a box marks an option right or wrong."""
    for found in node.walk():
        if found.type == "html_inline" and found.content.startswith(TASK_BOX) and found.token is not None:
            found.token.type, found.token.content = "text", "[x]" if " checked=" in found.content else "[ ]"


def _only(node: SyntaxTreeNode, kind: str) -> SyntaxTreeNode | None:
    """The paragraph's single inline child of ``kind`` (e.g. an image or **strong**), if that is all."""
    if node.type != "paragraph":
        return None
    inline = node.children[0]
    real = [c for c in inline.children if not (c.type == "text" and not c.content.strip())]
    return real[0] if len(real) == 1 and real[0].type == kind else None


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text[-1] in ".!?:;" else text + "."
