"""reStructuredText in a MyST page (```` ```{eval-rst} ```` ... ```` ``` ````) as the Markdown the reader
reads: directives (``.. note::``, ``.. admonition:: Title``, ``.. figure::`` ...) as MyST colon
directives (callouts, figures: the reader knows them by name), ``.. code-block:: lang`` and literal
blocks (a paragraph ending in ``::``) as code fences, ``.. math::`` as a ``{math}`` fence, comments,
targets and substitution definitions silent, section underlines dropped (the title read as a
paragraph), inline ``double backquotes`` as code, ```text <url>`_`` links as their text, ``:role:`x```
as MyST roles. A small reading of the reST that lessons embed (docutils is not a dependency): what it
does not know is read as paragraphs, never as markup."""

from __future__ import annotations

import re

_DIRECTIVE = re.compile(r"^\.\.[ \t]+([\w:-]+)[ \t]*::(?:[ \t]+(.*?))?[ \t]*$")
_COMMENT = re.compile(r"^\.\.(?:[ \t]|$)")  # a comment, a target (".. _label:"), a substitution definition
_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+<>_:.])\1{2,}[ \t]*$")
_OPTION = re.compile(r"^:[\w-]+:(?:[ \t].*)?$")
_CODE = {"code-block", "code", "sourcecode", "highlight", "literalinclude"}
_TITLED = {"admonition", "figure", "image", "topic", "sidebar", "rubric", "dropdown"}
"""Directives whose argument is a title or a path; any other's argument is its first line of text."""
_ITEM = re.compile(r"^(?:[-*+]|\d+[.)]|#\.)[ \t]")
_ROLE = re.compile(r":([\w:+-]+):`([^`]+)`")
_LINK = re.compile(r"`([^`<]+?)(?:\s*<[^`>]*>)?`__?")
_LITERAL = re.compile(r"``(.+?)``")
_REFERENCE = re.compile(r"[ \t]*\[(?:#[\w-]*|\*|\d+|[A-Za-z][\w-]*)\]_")


def rst_markdown(lines: list[str]) -> list[str]:
    """The reST ``lines`` (the body of an ``eval-rst`` fence, its indentation kept) as Markdown lines,
    ``len(lines) + 2`` of them (the fence's two lines included: line numbers after it are kept)."""
    out: list[str] = []
    for line in _blocks(_dedent(lines)):
        if line or (out and out[-1]):
            out.append(line)  # one blank line between blocks
    room = len(lines) + 2
    spare = [n for n, line in enumerate(out) if not line and _fenced(out, n)]
    for n in sorted(spare[: max(0, len(out) - room)], reverse=True):
        del out[n]  # a blank line beside a fence: the Markdown can do without it
    for n in range(len(out) - 1, 0, -1):
        if len(out) > room and _prose(out[n]) and _prose(out[n - 1]) and not _ITEM.match(out[n]):
            out[n - 1 : n + 1] = [f"{out[n - 1]} {out[n]}"]  # a paragraph's lines as one
    return (out + [""] * room)[:room] if len(out) <= room else ["```", *lines, "```"]  # no room: as written


def _prose(line: str) -> bool:
    return bool(line) and not line.startswith((":::", "```", ":"))


def _fenced(out: list[str], n: int) -> bool:
    """Line ``n`` of ``out`` stands beside a fence line (``:::``, `````` ``` ``````)."""
    return any(0 <= k < len(out) and out[k].startswith((":::", "```")) for k in (n - 1, n + 1))


def _dedent(lines: list[str]) -> list[str]:
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:].rstrip() if line.strip() else "" for line in lines]


def _body(lines: list[str], start: int) -> int:
    """The end (exclusive) of the indented body that begins at ``start``."""
    end = start
    while end < len(lines) and (not lines[end] or lines[end][:1] in " \t"):
        end += 1
    while end > start and not lines[end - 1]:
        end -= 1
    return end


def _blocks(lines: list[str]) -> list[str]:
    """Dedented reST ``lines`` → Markdown lines (a directive's body read the same way, inside it)."""
    out: list[str] = []
    n = 0
    while n < len(lines):
        line = lines[n]
        directive = _DIRECTIVE.match(line)
        if directive or _COMMENT.match(line):
            end = _body(lines, n + 1)
            out += ["", *_directive(directive, _dedent(lines[n + 1 : end])), ""] if directive else []
            n = end
        elif _UNDERLINE.match(line):
            n += 1
        elif line and n + 1 < len(lines) and _UNDERLINE.match(lines[n + 1]) and not _DIRECTIVE.match(line):
            out += [_inline(line.strip()) + ("" if line.rstrip().endswith((".", "?", "!", ":")) else "."), ""]
            n += 2  # a section title: read as a sentence of its own
        elif line.endswith("::") and n + 1 < len(lines):
            said = line[:-2].rstrip()
            out += [_inline(said + (":" if said and not said.endswith(":") else ""))] if said else []
            end = _body(lines, n + 1)
            out += ["", "```", *_dedent(lines[n + 1 : end]), "```"]
            n = end
        else:
            out.append(_inline(re.sub(r"^#\.(?=[ \t])", "1.", line.strip())))  # "#. item": an auto-numbered item
            n += 1
    return out


def _directive(m: re.Match[str], body: list[str]) -> list[str]:
    """A directive ``m`` with its dedented ``body`` as Markdown: a fence or a colon directive."""
    name, arg = m.group(1).lower(), (m.group(2) or "").strip()
    options = []
    while body and _OPTION.match(body[0]):
        options.append(body.pop(0))  # ":alt: ...", ":class: x": taken out by the reader, never said
    while body and not body[0]:
        body = body[1:]
    if name in _CODE:
        return ["```" + arg, *body, "```"]
    if name == "math":
        return ["```{math}", *([arg] if arg else []), *body, "```"]
    inner = _blocks(([arg, ""] if arg and name not in _TITLED else []) + body)
    fence = ":" * max([3, *(len(x) - len(x.lstrip(":")) + 1 for x in inner if x.startswith(":::"))])
    return [f"{fence}{{{name}}}" + (f" {arg}" if arg and name in _TITLED else ""), *options, *inner, fence]


def _inline(text: str) -> str:
    """reST inline markup as Markdown: ``code`` spans, links as their text, roles as MyST roles,
    footnote and citation references dropped."""
    text = _REFERENCE.sub("", text)
    text = _ROLE.sub(lambda m: "{" + m.group(1) + "}`" + m.group(2) + "`", text)
    text = _LITERAL.sub(lambda m: "`" + m.group(1) + "`", text)
    return _LINK.sub(lambda m: m.group(1), text)
