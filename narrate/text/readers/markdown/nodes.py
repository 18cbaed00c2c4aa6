"""The text of markdown-it nodes: inline content (code and math spoken, MyST roles by their text),
blocks, HTML blocks and tables, and the kramdown class lines (``{: .challenge}``) after a node."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

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
from narrate.text.phrases import phrases_for
from narrate.text.readers.dialects import QUARTO_GROUP, QUARTO_REF, ial_classes, site_inline


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
    code spans marked as code (:func:`narrate.model.mark_code`), math as spoken, MyST roles by their text,
    cross references (MyST, Quarto) by what they point to (:func:`_said_refs`), footnote references
    dropped (:func:`.references.place_footnotes` reads the notes); a code span
    of one symbol that the words before it name ("the caret (`^`)") is not read again
    (:func:`narrate.text.code.named_before`), nor the "and" between two such spans."""
    children = node.children
    named = _named_spans(children)
    parts: list[str] = []
    i = 0
    while i < len(children):
        if i not in named:
            parts.append(_part(children[i], breaks))
            i += 1
            continue
        while i in named:
            i += 1
        after = _part(children[i], breaks) if i < len(children) else ""
        said = "".join(parts).rstrip()
        if said.endswith("(") and after.lstrip().startswith(")"):  # "a semicolon (`;`)." → "a semicolon."
            parts, after = [said[:-1].rstrip()], after.lstrip()[1:]
        elif said.endswith("("):  # "braces (`{` and `}`, also called ...)" → "braces (also called ..."
            after = after.lstrip(" ,;")
        parts.append(after)
        i += 1
    return _said_refs("".join(parts), node.type == "inline")


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
    """Plain text of one inline node (as :func:`_inline` reads it, a cross reference standing alone)."""
    return _said_refs(_part(node, breaks), False)


def _part(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """One inline node's text, its cross references still marked (:func:`_ref`)."""
    if node.type == "text":
        text = site_inline(node.content)
        return _quarto_refs(text) if "@" in text else text
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
    """A MyST role read by its text: ``{ref}`Plots <plots>``` → "Plots"; a ``{ref}`` to a label that
    titles a heading of the lesson (``(label)=`` before it) → that title; other references by what they
    point to in the lesson's language (the ``ref.*`` phrases: "the figure", "the equation", "that
    section", ``{doc}``: "that page"), merged with the word before them that names the same
    (:func:`_said_refs`); ``{cite}`` → "the cited work"; ``{math}`` spoken; ``{code}``, ``{download}``
    and Sphinx domain roles (``{py:func}``) as code."""
    shown = re.match(r"^(.*?)\s*<([^<>]*)>$", content, re.S)
    if name == "math":
        return mark_math(speak_math([content], _LANGUAGE.get())[0])
    if name in ("code", "literal", "kbd", "file", "command", "samp") or _DOMAIN_ROLE.fullmatch(name):
        return mark_code(content.lstrip("!~") if _DOMAIN_ROLE.fullmatch(name) else content)
    if name.startswith("cite") or name == "footcite":
        return "the cited work"
    written = " ".join(re.sub(r"%s|\{number\}|\{name\}", " ", shown.group(1)).split()) if shown else ""
    if written:  # "{numref}`Figure %s <fig-x>`": its words, never the number's slot
        return written
    if name == "download":
        return mark_code(content)
    label = shown.group(2).strip() if shown else content.strip()
    if name in ("ref", "numref", "prf:ref") and label in _TITLES.get():
        return _TITLES.get()[label]
    if name == "doc":
        return _ref("page")
    if name in ("numref", "eq", "prf:ref", "ref"):
        for prefix, words in _ROLE_PREFIXES:
            if label.lower().startswith(prefix) or name == prefix:
                return _ref(words)
        return _ref("elsewhere")
    return content


_DOMAIN_ROLE = re.compile(
    r"(?:(?:py|js|c|cpp|std|rst|any|mat|jl|rb):)?(?:func|meth|class|mod|attr|obj|data|exc|const|var|type|member"
    r"|macro|struct|enum|envvar|option|program|function)"
)
"""Sphinx domain roles (``{py:func}`mean```, ``{class}`Path```): names in code, read as code."""
_ROLE_PREFIXES = (
    ("fig", "figure"),
    ("tab", "table"),
    ("tbl", "table"),
    ("eq", "equation"),
    ("ex", "exercise"),
    ("lst", "listing"),
    ("code", "listing"),
    ("thm", "theorem"),
)
"""A MyST reference's label prefix (or role name: ``{eq}``) → what it points to (a ``ref.*`` phrase)."""
_QUARTO_WORDS = {
    "fig": "figure",
    "tbl": "table",
    "sec": "section",
    "eq": "equation",
    "lst": "listing",
    "thm": "theorem",
    "lem": "lemma",
    "cor": "corollary",
    "prp": "proposition",
    "cnj": "conjecture",
    "def": "definition",
    "exm": "example",
    "exr": "exercise",
}
"""A Quarto cross reference's prefix → what it points to (a ``ref.*`` phrase)."""
_REF_OPEN, _REF_CLOSE = "\ue0a0", "\ue0a1"
_NOUN_REF = re.compile(r"(\w+)(\.?)[ \t]+\ue0a0(\^?)([^\ue0a0\ue0a1]*)\ue0a1")
_BARE_REF = re.compile(r"\ue0a0(\^?)([^\ue0a0\ue0a1]*)\ue0a1")


def _ref(kind: str, capital: bool = False) -> str:
    """A cross reference to a ``kind`` of thing ("figure": the phrase ``ref.figure``, "the figure" in
    the lesson's language), marked until :func:`_said_refs` places it (``capital``: written with a
    capital, Quarto's ``@Fig-x``)."""
    words = phrases_for(_LANGUAGE.get()).text(f"ref.{kind}")
    return f"{_REF_OPEN}{'^' if capital else ''}{words}{_REF_CLOSE}"


def _quarto_refs(text: str) -> str:
    """Quarto cross references in a text node (:data:`.dialects.QUARTO_REF`: ``@fig-rain``,
    ``[@tbl-a; @tbl-b]``, ``[-@eq-x]``) marked as what they point to ("the figure", "the table" ...);
    e-mail addresses and ``@handles`` stay as written."""

    def one(m: re.Match[str]) -> str:
        return _ref(_QUARTO_WORDS[m.group(2).lower()], m.group(2)[0].isupper())

    text = QUARTO_GROUP.sub(lambda g: " and ".join(one(m) for m in QUARTO_REF.finditer(g.group(1))), text)
    return QUARTO_REF.sub(one, text)


def _said_refs(text: str, top: bool) -> str:
    """The marked cross references of ``text`` (:func:`_ref`) said: one right after the word it stands
    for as a name ("Equation {eq}`lens`", "Fig. [-@fig-x]") takes that word's place ("The equation
    ..."), after that word in lower case ("the equation {eq}`lens`") is not said; at the start of a
    sentence (``top``: ``text`` is a whole paragraph's) with a capital: "The figure shows"."""
    if _REF_OPEN not in text:
        return text

    def merged(m: re.Match[str]) -> str:
        noun, word = re.split(r"[\s'’]", m.group(4))[-1].casefold(), m.group(1).casefold()
        if word == noun and m.group(1)[0].islower() and not m.group(2):
            return m.group(1)  # "the equation {eq}`lens`": the author's words say it
        if word == noun or (len(word) >= (2 if m.group(2) else 3) and noun.startswith(word)):
            return _REF_OPEN + m.group(3) + m.group(4) + _REF_CLOSE
        return m.group(0)

    def said(m: re.Match[str]) -> str:
        before = m.string[: m.start()].rstrip()
        words = m.group(2)
        start = m.group(1) or (top and not before) or before.endswith((".", "!", "?"))
        return words[:1].upper() + words[1:] if start else words

    return _BARE_REF.sub(said, _NOUN_REF.sub(merged, text))


def _text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of a block node (paragraph, heading, list item: all nested inline content), through
    :func:`narrate.text.markup.clean_text` (footnote markers dropped, words split at a line break joined)."""
    text = clean_text(_raw_text(node, "\n"), _LANGUAGE.get())  # line breaks kept for split words
    text = text if node.type == "paragraph" else unmark_math(text)  # math stays marked in paragraphs only
    return text if breaks == "\n" else " ".join(text.split())


_LANGUAGE: ContextVar[str] = ContextVar("markdown_language", default=DEFAULT_LANGUAGE)
"""The language of the lesson being read (for :func:`_text`'s word list)."""
_TITLES: ContextVar[Mapping[str, str]] = ContextVar("markdown_titles", default=MappingProxyType({}))
"""Labels of the lesson's headings → their titles (:func:`.references.heading_titles`), for ``{ref}``."""


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
