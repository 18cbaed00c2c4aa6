"""MDX (Docusaurus, and Docusaurus' ``.md`` pages) brought to plain Markdown, line numbers kept (used by
:func:`narrate.text.readers.dialects.prepare`); lines in code fences are never changed.

* ES module lines at the top level (``import Tabs from '@theme/Tabs';``, ``export const x = ...``, to
  the blank line that ends them, as MDX reads them) are blank: the page shows nothing of them.
* ``{/* comments */}`` (on one line or several) are blank.
* A line of only JSX component tags (``<Tabs groupId="os">``, ``</TabItem>``, ``<Figure src=... />``; a
  component's name is capitalised, :data:`HTML_NAMES` are HTML) is blank, the content between kept; a
  ``<TabItem value="cli" label="Command line">`` makes what it holds, to its ``</TabItem>``, a quote
  titled by its label (its value when it has none), read as a callout as Material's content tabs are.
  Its content is dedented (MDX has no indented code).
"""

from __future__ import annotations

import re

HTML_NAMES = frozenset(
    "a abbr audio b blockquote br center code dd details div dl dt em figcaption figure font h1 h2 h3 h4 h5 h6 "
    "hr i iframe img kbd li math ol p picture pre section small source span strong sub summary sup table tbody "
    "td th thead tr u ul video".split()
)
"""Tag names of HTML (in any case): such a tag is HTML, read as HTML is, never a component."""

_QUOTE = r"[ \t]*(?:>[ \t]?)*[ \t]*"
_FENCE = re.compile(rf"^{_QUOTE}(`{{3,}}|~{{3,}})[ \t]*(.*?)[ \t]*$")
_IMPORT = re.compile(r"^import\s*(?:['\"]|[\w$*{])")
_FROM = re.compile(r"(?:^import\s*|\bfrom\s*)['\"][^'\"\n]+['\"]\s*;?\s*$", re.M)
_EXPORT = re.compile(
    r"^export\s+(?:(?:const|let|var|class|function\*?|async\s+function)\s+[\w$]|default\s+(?:function|class|async"
    r"|[({\[])|default\s+[\w$.]+\s*;?\s*$)|^export\s*(?:\{|\*\s*(?:as\s+[\w$]+\s+)?from\b)"
)
_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.S)
_TAG = re.compile(r"<(/?)([A-Za-z][\w.]*)((?:[^<>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>")
_TAG_LINE = re.compile(rf"^({_QUOTE})((?:<(/?)[A-Za-z][\w.]*(?:[^<>\"']|\"[^\"]*\"|'[^']*')*?/?>[ \t]*)+)$")
_OPEN_START = re.compile(rf"^({_QUOTE})<[A-Z][\w.]*(?:\s[^<>]*)?$")  # "<TabItem" then attributes on lines below
_ATTR = re.compile(r"""\b(label|value)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})""")
_MAYBE = re.compile(r"^(?:import|export)\b|\{/\*|<[A-Z]", re.M)
_TAG_SPAN = 30
"""The most lines one JSX tag is written on."""
_TAB_OPEN = re.compile(r"<TabItem\b")
_TAB_SELF_CLOSED = re.compile(r"<TabItem\b[^<>]*/>")
_TAB_DEPTH = 3
"""Tabs nested deeper are read as their content, untitled (no page nests tabs so deep)."""


def mdx_text(text: str) -> str:
    """``text`` with MDX's own syntax made plain Markdown (module docstring); the same number of lines.
    Linear in the text: where each statement, comment and tab ends is found in one pass first."""
    if not _MAYBE.search(text):
        return text
    page = _Page(text.split("\n"))
    fence = ""
    n = 0
    while n < len(page.lines):
        m = _FENCE.match(page.lines[n])
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2):
                fence = ""
            n += 1
        elif m:
            fence = m.group(1)
            n += 1
        else:
            n = page.line(n)
    return "\n".join(page.lines)


class _Page:
    """An MDX page's lines (changed in place) and, by line, where what starts there ends: the next
    blank line, the next line that closes a comment, the line that closes a ``<TabItem>``."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        count = len(lines)
        self.blank, self.comment_end = [count] * (count + 1), [count] * (count + 1)
        for k in range(count - 1, -1, -1):
            self.blank[k] = k if not lines[k].strip() else self.blank[k + 1]
            self.comment_end[k] = k if "*/}" in lines[k] else self.comment_end[k + 1]
        self.tab_close: dict[int, int] = {}  # of a tab in at most _TAB_DEPTH - 1 others: each line quoted few times
        opened: list[int] = []
        for k, line in enumerate(lines):
            if "TabItem" not in line:
                continue
            opened += [k] * (len(_TAB_OPEN.findall(line)) - len(_TAB_SELF_CLOSED.findall(line)))
            for _ in range(min(line.count("</TabItem>"), len(opened))):
                if len(opened) <= _TAB_DEPTH:
                    self.tab_close[opened[-1]] = k
                opened.pop()

    def line(self, n: int) -> int:
        """Line ``n`` (outside any code fence) made plain; the next line to read."""
        lines = self.lines
        line = lines[n]
        starts_block = n == 0 or not lines[n - 1].strip()  # MDX: an ES module statement starts a block
        if starts_block and (_IMPORT.match(line) or _EXPORT.match(line)):
            blank = self.blank[n]
            if _EXPORT.match(line) or _FROM.search("\n".join(lines[n:blank])):
                lines[n:blank] = [""] * (blank - n)
            return blank
        if "{/*" in line:
            return self.comment(n)
        end = _tag_end(lines, n)
        if end is None:
            return n + 1
        tags = list(_TAG.finditer(" ".join(lines[k].strip() for k in range(n, end + 1))))
        if any(t.group(2).lower() in HTML_NAMES for t in tags):
            return end + 1  # HTML: read as such
        prefix = _TAG_LINE.match(lines[n]) or _OPEN_START.match(lines[n])
        quote = prefix.group(1) if prefix else ""
        for k in range(n, end + 1):
            lines[k] = quote.rstrip() if ">" in quote else ""
        item = next((t for t in tags if t.group(2) == "TabItem" and not t.group(1) and not t.group(4)), None)
        title = _title(item.group(3)) if item is not None else ""
        close = self.tab_close.get(n)
        if title and close is not None and close > end and _TAG_LINE.match(lines[close]):
            _tab(lines, n, end, close, quote, title)
        return end + 1

    def comment(self, n: int) -> int:
        """The ``{/* ... */}`` comments from line ``n`` blank (a comment over several lines too)."""
        end = self.comment_end[n]
        if end >= len(self.lines):
            return n + 1
        joined = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), "\n".join(self.lines[n : end + 1]))
        self.lines[n : end + 1] = [line if line.strip() else "" for line in joined.split("\n")]
        return end + 1


def _tag_end(lines: list[str], n: int) -> int | None:
    """The last line of the JSX tags written from line ``n`` when those lines hold only tags (one tag
    may span lines: ``<TabItem`` then its attributes, then ``>``), else None."""
    if _TAG_LINE.match(lines[n]):
        return n if re.search(r"</?[A-Z]", lines[n]) else None
    if not _OPEN_START.match(lines[n]):
        return None
    for k in range(n + 1, min(len(lines), n + _TAG_SPAN)):
        if not lines[k].strip():
            return None
        if ">" in lines[k]:
            joined = " ".join(lines[j].strip() for j in range(n, k + 1))
            return k if _TAG_LINE.match(joined) else None
    return None


def _title(attributes: str) -> str:
    """A ``TabItem``'s title: its ``label``, else its ``value`` (what the page shows on the tab)."""
    found = {m.group(1): next(g for g in m.groups()[1:] if g is not None) for m in _ATTR.finditer(attributes)}
    return " ".join((found.get("label") or found.get("value") or "").split())


def _tab(lines: list[str], n: int, end: int, close: int, quote: str, title: str) -> None:
    """The ``TabItem`` opened on lines ``n`` to ``end`` (blank now) and closed on line ``close`` made a
    quote titled ``title``: what it holds quoted and dedented, its closing line blank."""
    body = range(end + 1, close)
    inner = [lines[k][len(quote) :] if lines[k].startswith(quote) else lines[k] for k in body]  # MDX: any indent
    cut = min((len(t) - len(t.lstrip(" ")) for t in inner if t.strip()), default=0)
    lines[n] = f"{quote}> ###### {title}"
    for k in range(n + 1, end + 1):
        lines[k] = f"{quote}>"  # the rest of a tag written on several lines: the quote goes on
    for k, t in zip(body, inner):
        lines[k] = f"{quote}> {t[cut:]}".rstrip() if t.strip() else f"{quote}>"
    lines[close] = quote.rstrip() if ">" in quote else ""
