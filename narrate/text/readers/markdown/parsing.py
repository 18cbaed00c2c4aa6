"""Parsing a Markdown lesson: the markdown-it parser and its plugins, the checks on what it read
(nesting depth, unclosed ``:::`` blocks), and the math in the tree replaced by its spoken form."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.tree import SyntaxTreeNode
from mdit_py_plugins.attrs import attrs_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.dollarmath.index import math_inline_dollar
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.myst_blocks import myst_block_plugin
from mdit_py_plugins.myst_role import myst_role_plugin
from mdit_py_plugins.tasklists import tasklists_plugin

from narrate.errors import Collector, ContentError, lenient
from narrate.text.clauses import mark_math
from narrate.text.math import speak_math
from narrate.text.readers.dialects import MATHML_MARK
from narrate.text.readers.markdown.kinds import _directive
from narrate.text.readers.markdown.nodes import _LANGUAGE, _text


def markdown_parser() -> MarkdownIt:
    """The markdown-it parser narrate reads lessons with: CommonMark plus tables, strikethrough,
    footnotes, definition lists, dollar math (``$x$``, ``$ x $``, ``$$x$$``; no digit may follow the
    closing dollar, so ``$5 and $10`` stay money), MyST
    roles and MyST blocks (``% comment`` lines are silent, ``(label)=`` targets, ``+++`` breaks), attribute lists and colon containers of any name (``::: challenge``, ``:::{note}``),
    and GitHub task lists (``- [ ] Buy milk``: the box an ``html_inline`` checkbox, :data:`.nodes.TASK_BOX`, never said)."""
    md = MarkdownIt("commonmark", {"maxNesting": _MAX_NESTING}).enable(["table", "strikethrough"])
    md.use(footnote_plugin).use(deflist_plugin).use(myst_role_plugin).use(attrs_plugin).use(myst_block_plugin)
    md.use(dollarmath_plugin, allow_space=True, allow_digits=False, double_inline=True)
    md.inline.ruler.at("math_inline", _math_inline())
    md.use(container_plugin, name="div", validate=lambda params, markup: bool(params.strip()))  # a bare ":::" closes
    md.use(tasklists_plugin)
    md.core.ruler.before("github-tasklists", "narrate-task-box-space", _task_box_space)
    return md


def _math_inline() -> Callable[[StateInline, bool], bool]:
    """mdit_py_plugins' inline dollar rule (no digit before the opening dollar nor after the closing
    one), mended at the start of a text: there the plugin reads ``src[-1]``, the text's last
    character, as the one before the dollar, so ``$g$ in m/s²`` (a table cell, a paragraph ending in a
    digit) was never math. At the start, the rule that allows digits runs, and a digit after the
    closing dollar still refuses it."""
    strict = math_inline_dollar(allow_space=True, allow_digits=False, allow_double=True)
    loose = math_inline_dollar(allow_space=True, allow_digits=True, allow_double=True)

    def rule(state: StateInline, silent: bool) -> bool:
        if state.pos != 0 or not state.src[-1:].isdigit():
            return strict(state, silent)
        if not loose(state, True):
            return False
        end, state.pos = state.pos, 0
        if state.src[end : end + 1].isdigit():
            return False
        return loose(state, silent)

    return rule


_BOX_AND_SPACE = re.compile(r"^\[[ xX]\][\t\n\v\f\r]")


def _task_box_space(state: StateCore) -> None:
    """A task box followed by a tab or a line break (GFM: any whitespace) given one space instead, so
    that mdit_py_plugins.tasklists, which keeps the box's state only before a space, keeps it."""
    for token in state.tokens:
        kids = token.children
        if token.type != "inline" or not kids or kids[0].type != "text" or not _BOX_AND_SPACE.match(token.content):
            continue
        token.content = token.content[:3] + " " + token.content[4:]
        if kids[0].content == token.content[:3] and len(kids) > 1 and kids[1].type == "softbreak":
            kids[0].content = token.content[:4]  # "[x]" then a line break: "[x] "
            del kids[1]
        elif _BOX_AND_SPACE.match(kids[0].content):
            kids[0].content = kids[0].content[:3] + " " + kids[0].content[4:]


MAX_DEPTH = 40
"""Deepest nesting of Markdown lists and quotes narrate reads; deeper is refused (never dropped)."""
_MAX_NESTING = 2 * MAX_DEPTH + 20  # markdown-it's token level limit: well above what is refused


def _check_depth(path: Path, tokens: list) -> bool:
    """Refuse blocks nested deeper than markdown-it reads (it would drop their text without a word);
    False when all is read.

    Raises:
        ContentError: at the first line nested too deep.
    """
    for token in tokens:
        list_open = token.type in ("bullet_list_open", "ordered_list_open")
        if token.map and token.level >= (2 * MAX_DEPTH if list_open else _MAX_NESTING - 2):  # a list level: 2
            raise ContentError(f"lists or quotes nested more than {MAX_DEPTH} levels deep", path, token.map[0] + 1)
    return False


_QUOTED = re.compile(r"^[ \t>]*")
_CODE_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_COLON_FENCE = re.compile(r"^(:{3,})[ \t]*(.*?)[ \t]*$")


def _check_closed(path: Path, text: str, problems: Collector, closes: dict[int, int] | None = None) -> None:
    """Every ``:::`` block (Carpentries div, MyST directive) must be closed: as in Pandoc, which the
    Carpentries Workbench builds with, a line of three or more colons closes the innermost open one. An
    unclosed block runs to the end of the file (as Pandoc and MyST render it): each is a warning at its
    opening line, by name (an error under ``--strict``). A colon line that closes no open block (a stray
    or extra closer) is an error at its line. Lines in code fences are not looked at; ``closes`` gives the
    lines that close several MyST directives at once (:attr:`.dialects.Prepared.closes`)."""
    stack: list[tuple[int, str]] = []
    code = ""
    for n, line in enumerate(text.split("\n"), 1):
        body = _QUOTED.sub("", line)
        fence = _CODE_FENCE.match(body)
        if code:
            if (
                fence
                and fence.group(1)[0] == code[0]
                and len(fence.group(1)) >= len(code)
                and not fence.group(2).strip()
            ):
                code = ""
            continue
        if fence:
            code = fence.group(1)
            continue
        colons = _COLON_FENCE.match(body)
        if colons and colons.group(2):
            stack.append((n, f"{colons.group(1)} {colons.group(2)}"))
        elif colons and stack:
            del stack[-min(len(stack), (closes or {}).get(n - 1, 1)) :]
        elif colons:
            problems.add(ContentError("':::' closes no open block", path, n))
    for opened, name in stack:
        lenient(f"'{name}' is never closed: closed at the end of the file", path, opened, problems)


def _markdown_text(md: MarkdownIt, text: str) -> str:
    """Markdown in a front matter value (``"Use `$name`"``) as plain text, code and math spoken."""
    tree = SyntaxTreeNode(md.parse(text))
    _speak_math_in(tree)
    return _text(tree)


_MATH_TYPES = ("math_inline", "math_inline_double", "math_block", "math_block_label", "amsmath")


def _speak_math_in(tree: SyntaxTreeNode, mathml: list[str] | None = None, marked: bool = False) -> None:
    """Replace the LaTeX of every math node (and ``{math}`` fence) in ``tree`` by its spoken form,
    speaking all of them in one call (one speech-rule-engine process); ``marked``: between the math
    marks (:func:`narrate.text.clauses.mark_math`: no text rule reads inside, no cut inside)."""
    nodes = [n for n in tree.walk() if n.type in _MATH_TYPES or (n.type == "fence" and _directive(n.info) == "math")]
    for node in [n for n in nodes if n.type == "math_inline" and not _looks_like_math(n.content)]:
        node.token.type, node.token.content = "text", f"${node.content}$"  # type: ignore[union-attr]
    nodes = [n for n in nodes if n.type != "text"]
    if not nodes:
        return
    sources = []
    for node in nodes:
        mark = MATHML_MARK.match(node.content.strip())
        sources.append(mathml[int(mark.group(1))] if mark and mathml else node.content.strip())
    spoken = speak_math(sources, _LANGUAGE.get())
    for node, words in zip(nodes, spoken):
        node.token.content = mark_math(words) if marked else words  # type: ignore[union-attr]


_PROSE_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{6,}")
_TEXT_ARG = re.compile(r"\\(?:text\w*|math\w+|operatorname|begin|end)\s*\{[^{}]*\}")


def _looks_like_math(latex: str) -> bool:
    """False for prose between two dollar signs (``$filename and $name``): a plain word of six or more
    letters outside ``\\text{}`` is not how LaTeX is written."""
    return not _PROSE_WORD.search(_TEXT_ARG.sub(" ", latex))
