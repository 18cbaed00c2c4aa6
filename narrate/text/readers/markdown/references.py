"""What a Markdown lesson's page shows apart from where it is written, settled on the parsed tree
before the walk: footnotes (read once, at the end of the paragraph that first cites them), Pandoc
table captions (``: Summary {#tbl-summary}``, read before the table), and the titles of labelled
headings (``(label)=`` before a heading, ``## Title {#sec-x}``) that a ``{ref}`` says."""

from __future__ import annotations

import re
from typing import Any

from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode

from narrate.text.markup import drop_footnote_markers
from narrate.text.phrases import phrases_for
from narrate.text.readers.markdown.nodes import _LANGUAGE, _inline, _text

_ENDED = (".", "!", "?", "…", ":", ";")


def _said(text: str) -> SyntaxTreeNode:
    """A text node of ``text`` (words narrate adds to a paragraph)."""
    return SyntaxTreeNode([Token("text", "", 0, content=text)], create_root=False)


def place_footnotes(tree: SyntaxTreeNode) -> None:
    """Each footnote of ``tree`` (markdown-it's ``footnote_block``, inline ``^[notes]`` too) read once,
    as an aside at the end of the paragraph (list item, table cell, quote line) that first cites it:
    "... one word. Footnote: On macOS, ...". A footnote first cited in a heading is read at the end of
    the next paragraph. Changes the tree in place (the notes' words become the paragraph's last nodes)."""
    notes: dict[int, list[SyntaxTreeNode]] = {}
    for block in [n for n in tree.children if n.type == "footnote_block"]:
        for note in block.children:
            notes[note.meta.get("id", -1)] = list(note.children)
    if not notes:
        return
    inlines = [n for top in tree.children if top.type != "footnote_block" for n in top.walk() if n.type == "inline"]
    placed: set[int] = set()
    waiting: list[int] = []
    for inline in inlines:
        cited = [r.meta.get("id", -1) for r in inline.walk() if r.type == "footnote_ref"]
        cited = [i for i in dict.fromkeys(cited) if i in notes and i not in placed]
        placed.update(cited)
        if inline.parent is not None and inline.parent.type == "heading":
            waiting += cited
            continue
        for note in waiting + cited:
            _append_note(inline, notes[note])
        waiting = []


def _append_note(inline: SyntaxTreeNode, note: list[SyntaxTreeNode]) -> None:
    """The footnote ``note`` (its blocks) added to the end of ``inline`` with the "footnote" phrase."""
    ended = drop_footnote_markers(_inline(inline)).rstrip().endswith(_ENDED)  # "longer.[2]": ended
    prefix, _, suffix = phrases_for(_LANGUAGE.get()).text("footnote").partition("{text}")
    words: list[SyntaxTreeNode] = [_said((" " if ended else ". ") + prefix)]
    for block in note:
        if block.type == "paragraph" and block.children:
            words += [*block.children[0].children, _said(" ")]
        elif _text(block):
            words.append(_said(_text(block) + " "))
    said = "".join(_inline(w) if w.type != "text" else w.content for w in words).rstrip()
    words.append(_said(suffix + ("" if said.endswith(_ENDED[:4]) else ".")))
    inline.children = [*inline.children, *words]


def unused_footnotes(env: dict[str, Any], text: str) -> list[tuple[int, str]]:
    """(1-based line, label) of each footnote written in ``text`` that nothing cites (markdown-it's
    ``env`` after parsing it): a page shows none of them."""
    refs = env.get("footnotes", {}).get("refs", {})
    found = []
    for key, at in refs.items():
        if at == -1:
            label = key.removeprefix(":")
            m = re.search(r"^[ \t]{0,3}\[\^" + re.escape(label) + r"\]:", text, re.M)
            found.append((text.count("\n", 0, m.start()) + 1 if m else 1, label))
    return found


_CAPTION = re.compile(r"^(?:[Tt]able)?:[ \t]+")
_ATTRIBUTES = re.compile(r"[ \t]*\{[#.-][^{}]*\}[ \t]*$")  # {#sec-x}, {.unnumbered}, {-}


def caption_tables(tree: SyntaxTreeNode) -> None:
    """A Pandoc table caption (a paragraph ``: Summary of the year {#tbl-summary}`` or ``Table: ...``
    right before or after a table) read before its table as "Table: Summary of the year." (the
    "table.caption" phrase); its attributes are never said. Changes the tree in place."""
    for parent in [n for n in tree.walk() if n.children and n.type != "inline"]:
        kids = parent.children
        for node in list(kids):
            first = _first_text(node)
            if first is None or not _CAPTION.match(first.content):
                continue
            at = kids.index(node)
            after = at > 0 and kids[at - 1].type == "table"
            if not after and not (at + 1 < len(kids) and kids[at + 1].type == "table"):
                continue
            _caption(node, first)
            if after:
                kids.insert(at - 1, kids.pop(at))


def _first_text(node: SyntaxTreeNode) -> SyntaxTreeNode | None:
    """The first text node of a paragraph, or None."""
    if node.type != "paragraph" or not node.children or not node.children[0].children:
        return None
    first = node.children[0].children[0]
    return first if first.type == "text" and first.token is not None else None


def _caption(node: SyntaxTreeNode, first: SyntaxTreeNode) -> None:
    """The caption paragraph ``node`` (``first``: its first text node) made "Table: caption."."""
    inline = node.children[0]
    assert first.token is not None
    first.token.content = _CAPTION.sub("", first.token.content, count=1)
    last = inline.children[-1]
    if last.type == "text" and last.token is not None:
        last.token.content = _ATTRIBUTES.sub("", last.token.content)
    prefix, _, suffix = phrases_for(_LANGUAGE.get()).text("table.caption").partition("{caption}")
    ended = _inline(inline).rstrip().endswith(_ENDED[:4])
    inline.children = [_said(prefix), *inline.children, _said(suffix + ("" if ended else "."))]


def heading_titles(tree: SyntaxTreeNode, targets: dict[str, int]) -> dict[str, str]:
    """Labels → the titles of the headings they name: a MyST target (``targets``: label → the 0-based
    line after it, :attr:`.dialects.Prepared.targets`) right before a heading, or a heading's own
    Pandoc attributes (``## Next steps {#sec-next}``, taken out of its text here, never said)."""
    titles: dict[str, str] = {}
    by_line: dict[int, str] = {}
    for node in tree.walk():
        if node.type != "heading" or not node.children or not node.children[0].children:
            continue
        last = node.children[0].children[-1]
        attributes = _ATTRIBUTES.search(last.content) if last.type == "text" and last.token is not None else None
        if attributes and last.token is not None:
            last.token.content = last.content[: attributes.start()]
        title = _text(node)
        if node.map:
            by_line[node.map[0]] = title
        named = re.search(r"#([\w:.-]+)", attributes.group(0)) if attributes else None
        if named:
            titles[named.group(1)] = title
    for label, line in targets.items():
        if line in by_line:
            titles[label] = by_line[line]
    return titles
