"""Markdown dialects other tools write, brought to what :mod:`.markdown` parses (line numbers kept).

* Jekyll/Liquid and Hugo: ``{% ... %}``, ``{{ ... }}`` and ``{{< ... >}}`` tags are never spoken (a
  code span holding only a ``{{ ... }}`` goes with its backticks, so no empty span pairs with the next); an
  ``{% include figure.html ... caption="..." %}`` (or Hugo ``{{< figure caption="..." >}}``) on its own
  line gives its caption as a figure; ``{% highlight lang %}`` ... ``{% endhighlight %}`` is a code fence.
* attribute blocks after images (``![](fig.svg){alt='...' width=50%}``, Pandoc/Workbench) are dropped;
  an ``alt`` gives the caption when the brackets are empty.
* kramdown attribute lists: a line ``{: .challenge}`` (after any ``>`` markers) becomes an HTML comment
  ``<!--narrate-ial .challenge-->`` that the reader attaches to the block before it; ``{: ...}`` inside
  a line is dropped.
* MathML (``<math>...</math>``) becomes inline math ``$⟦M0⟧$`` standing for it (see ``Prepared.mathml``).
* MyST target lines (``(label)=``) are dropped.
* MkDocs / Python-Markdown admonitions (``!!! note "Title"``, collapsible ``??? success "Answer"``)
  become quotes titled by a heading, their indented body inside (:func:`_mkdocs_admonitions`); the
  reader reads them as callouts, and an "Answer"/"Solution" one after a paragraph that opens with
  "Exercise:" as that exercise's answer.
* Pandoc raw content for another output format is never spoken: a raw inline (```` `\\newline`{=tex} ````)
  is dropped, a raw block (```` ```{=latex} ```` ... ```` ``` ````) is left as blank lines.
* MyST directives: ```` ```{exercise} ```` fences become ``:::{exercise}`` containers (their body is
  Markdown); ``:key: value`` option lines and a ``---`` YAML option block are taken out of the text and
  returned by line, so no option is ever spoken. ``{math}`` and code-cell directives stay fences. Gated directives (``{exercise-start}`` ...
  ``{exercise-end}``, ``{solution-start} label`` ... ``{solution-end}``) become one container.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

IAL_MARK = "narrate-ial"
_IAL_LINE = re.compile(r"^((?:[ \t]*>)*[ \t]*)\{:\s*([^}]*)\}[ \t]*$")  # linear: no nested optional spaces
_IAL_INLINE = re.compile(r"\{:\s*[^}\n]*\}")
_LIQUID_BLOCK = re.compile(r"\{%-?\s*(\w{1,100})(.{0,2000}?)-?%\}", re.S)  # bounded: linear on "{%" without "%}"
_LIQUID_OUTPUT = re.compile(r"\{\{-?.{0,2000}?-?\}\}", re.S)
_LIQUID_CODE = re.compile(r"(?<!`)`\{\{-?[^`\n]{0,2000}?-?\}\}`(?!`)")  # a Liquid output alone in a code span
_HUGO = re.compile(r"\{\{[<%]\s*(/?\w[\w-]{0,100})(.{0,2000}?)[>%]\}\}", re.S)
_CAPTION_ARG = re.compile(r"""\b(?:caption|alt|title)\s*=\s*("[^"]*"|'[^']*')""")
_IMAGE_ATTRS = re.compile(r"(!\[)([^\]]{0,2000})(\]\([^)\s]*(?:\s+\"[^\"]*\")?\))\{([^{}]*)\}", re.S)
_ALT_ATTR = re.compile(r"""\balt\s*=\s*("[^"]*"|'[^']*')""", re.S)
_FENCE = re.compile(r"^([ \t]{0,3})(`{3,}|~{3,}|:{3,})[ \t]*(.*?)[ \t]*$")
_OPTION = re.compile(r"^[ \t]*:([\w-]+):[ \t]*(.*?)[ \t]*$")
#: Directives whose body is not Markdown: they stay fences (the reader speaks math, cues code).
_MATHML = re.compile(r"<math\b[^>]*>.*?</math>", re.S | re.I)
MATHML_MARK = re.compile(r"^⟦M(\d+)⟧$")
_RAW_INLINE = re.compile(r"(`+)[^`\n]+?\1\{=[A-Za-z][\w-]*\}")
_RAW_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[ \t]*\{=[A-Za-z][\w-]*\}[ \t]*$")
_TARGET = re.compile(r"^[ \t]{0,3}\([\w.:-]+\)=[ \t]*$")  # a MyST target line: "(lp_intro)="
_GATE = "::::::::"  # the colon fence a gated directive becomes
RAW_DIRECTIVES = {"math", "code-cell", "code-block", "code", "sourcecode", "literalinclude", "raw", "eval-rst"}


@dataclass
class Prepared:
    """Text ready for markdown-it (same number of lines as the source) and what was taken out of it.

    ``options``: 0-based line of a directive's opening fence → its options (``label``, ``class``, ...).
    """

    text: str
    options: dict[int, dict[str, str]] = field(default_factory=dict)
    mathml: list[str] = field(default_factory=list)
    """MathML fragments taken out of the text; each is now the math ``$⟦M<n>⟧$``."""
    closes: dict[int, int] = field(default_factory=dict)
    """0-based line of a closing fence → how many blocks it closes, when more than one: a longer closing
    fence closes the outermost open directive it can (as markdown-it and MyST read nested fences), and
    every directive opened inside it."""


def prepare(text: str) -> Prepared:
    """Apply every dialect rewrite (module docstring) to Markdown ``text``; never changes its line count."""
    text = _HUGO.sub(_hugo, text)  # before Liquid: "{{% x %}}" holds a "{% x %}"
    text = _LIQUID_BLOCK.sub(_liquid, text)
    text = _LIQUID_CODE.sub("", text)  # `{{ site.x }}`: the value is the site's; no empty code span left
    text = _LIQUID_OUTPUT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    text = _IMAGE_ATTRS.sub(_image_attrs, text)
    text = _plain_spans(text)
    text = _RAW_INLINE.sub("", text)
    lines = _mkdocs_admonitions(_without_raw_blocks(text.split("\n")))
    for n, line in enumerate(lines):
        m = _IAL_LINE.match(line)
        if _TARGET.match(line):
            lines[n] = ""
        elif m:
            lines[n] = f"{m.group(1)}<!--{IAL_MARK} {m.group(2).strip()}-->"
        elif "{:" in line:
            lines[n] = _IAL_INLINE.sub("", line)
    prepared = Prepared("")
    _directives(lines, prepared.options, prepared.closes)
    text = "\n".join(lines)

    def mathml(m: re.Match) -> str:
        prepared.mathml.append(m.group(0))
        return f"$⟦M{len(prepared.mathml) - 1}⟧$" + "\n" * m.group(0).count("\n")

    lines = _MATHML.sub(mathml, text).split("\n")
    prepared.text = "\n".join(lines)
    return prepared


_ADMONITION = re.compile(
    r"^((?:[ \t]{0,3}>[ \t]?){0,8}[ \t]{0,3})(!!!|\?\?\?\+?)[ \t]*([\w-]{1,40})"
    r'((?:[ \t]+[\w-]{1,40}){0,6})(?:[ \t]+"([^"\n]{0,200})")?[ \t]*$'
)  # "!!! note", "!!!note", "!!! danger highlight blink", "!!! note inline end "Title"" (modifiers, then a title)


def _mkdocs_admonitions(lines: list[str]) -> list[str]:
    """Python-Markdown / MkDocs Material admonitions (``!!! note "Title"``, collapsible ``??? success
    "Answer"``, ``???+``) with their four-space indented body → a quote titled by a heading
    (``> ###### Title``; no title: the kind, "Note"), its body dedented inside the quote, nested ones
    nested; line count kept.
    A quote needs no closing line, and the reader reads a titled quote as a callout (an "Answer" or
    "Solution" one after an exercise as its solution)."""
    out = list(lines)
    n = 0
    fence = ""
    while n < len(out):
        line = out[n]
        opened = _FENCE.match(line)
        if opened and opened.group(2)[0] in "`~":
            marker = opened.group(2)
            fence = "" if fence and marker.startswith(fence) and not opened.group(3) else (fence or marker)
        m = None if fence else _ADMONITION.match(line)
        if not m:
            n += 1
            continue
        indent, kind, title = m.group(1), m.group(3), m.group(5)
        name = kind.replace("-", " ").capitalize() if title is None else title.strip()
        out[n] = f"{indent}> ###### {name}" if name else f"{indent}>"  # a heading: the body starts anew; "": none
        end = n + 1
        body = indent + "    "
        while end < len(out) and (not out[end].strip() or out[end].startswith(body) or out[end].startswith("\t")):
            end += 1
        while end > n + 1 and not out[end - 1].strip():
            end -= 1  # trailing blank lines end the quote
        for k in range(n + 1, end):
            rest = out[k][len(body) :] if out[k].startswith(body) else out[k].lstrip("\t") if out[k].strip() else ""
            out[k] = f"{indent}> {rest}".rstrip() if rest else f"{indent}>"
        n += 1  # a nested admonition is now a quote line "> !!! ...": the pattern finds it next
    return out


def _without_raw_blocks(lines: list[str]) -> list[str]:
    """Pandoc raw blocks (```` ```{=latex} ````) as blank lines, their closing fence too."""
    out, closing = [], ""
    for line in lines:
        if closing:
            stripped = line.strip()
            if stripped.startswith(closing[0] * len(closing)) and not stripped.strip(closing[0]):
                closing = ""
            out.append("")
            continue
        m = _RAW_FENCE.match(line)
        if m:
            closing = m.group(1)
            out.append("")
            continue
        out.append(line)
    return out


_PANDOC_SPAN = re.compile(r"(?<!!)\[([^\[\]]*)\]\{((?:[.#]|[\w-]+=)[^{}]*)\}(?!\()")


def _plain_spans(text: str) -> str:
    """Pandoc bracketed spans with classes or attributes but no language (``[Example]{.ex}``, nested
    ones too) → their text; ``[text]{lang=xx}`` spans stay for the reader."""
    while True:
        new = _PANDOC_SPAN.sub(lambda m: m.group(0) if "lang=" in m.group(2) else m.group(1), text)
        if new == text:
            return text
        text = new


def _image_attrs(m: re.Match) -> str:
    """``![](fig.svg){alt='Two bulges'}`` → ``![Two bulges](fig.svg)``: the attributes go (lines kept),
    an ``alt`` fills an empty caption."""
    alt = _ALT_ATTR.search(m.group(4))
    caption = m.group(2) if m.group(2).strip() or not alt else " ".join(alt.group(1)[1:-1].split())
    return m.group(1) + caption.replace("[", "(").replace("]", ")") + m.group(3) + "\n" * m.group(4).count("\n")


def _attr(args: str) -> str:
    m = _CAPTION_ARG.search(args)
    return m.group(1)[1:-1].strip() if m else ""


def _liquid(m: re.Match) -> str:
    tag, args = m.group(1), m.group(2)
    keep = "\n" * m.group(0).count("\n")
    if tag == "include" and _attr(args):
        return f"![{_attr(args)}](figure)" + keep
    if tag == "highlight":
        return "```" + (args.split() or [""])[0] + keep
    if tag == "endhighlight":
        return "```" + keep
    return keep


def _hugo(m: re.Match) -> str:
    keep = "\n" * m.group(0).count("\n")
    if m.group(1) == "figure" and _attr(m.group(2)):
        return f"![{_attr(m.group(2))}](figure)" + keep
    return keep


def _directives(lines: list[str], options: dict[int, dict[str, str]], closes: dict[int, int] | None = None) -> None:
    """Backtick MyST directives → colon containers; options of every directive taken out (in place).
    A closing backtick fence longer than the innermost open directive's closes the outermost one it can
    (noted in ``closes``). A Pandoc fenced div (``::: challenge``: no ``{name}``) is closed, as Pandoc
    and the Carpentries Workbench read it, by the next bare ``:::`` line of any length: that line is
    given the opening fence's length, so markdown-it closes the same div."""
    stack: list[tuple[str, int, bool, bool]] = []  # (fence character, length, Markdown directive, Pandoc div)
    n = 0
    while n < len(lines):
        m = _FENCE.match(lines[n])
        if not m:
            n += 1
            continue
        indent, marker, info = m.group(1), m.group(2), m.group(3)
        char, length = marker[0], len(marker)
        top = stack[-1] if stack else None
        if top is not None and not top[2]:  # inside a code fence: only its closing fence counts
            if char == top[0] and length >= top[1] and not info:
                stack.pop()
            n += 1
            continue
        if char == ":" and not info and top is not None and top[3]:
            lines[n] = indent + ":" * top[1]  # Pandoc: any ":::" closes the innermost div, whatever its length
            stack.pop()
            n += 1
            continue
        if not info and top is not None and char == top[0] and length >= top[1]:
            depth = len(stack) - 1
            if char == "`" and length > top[1]:  # outermost first, as a fence's content is parsed
                run = depth
                while run and stack[run - 1][0] == "`" and stack[run - 1][2]:
                    run -= 1
                depth = next(i for i in range(run, depth + 1) if stack[i][1] <= length)
            if closes is not None and len(stack) - depth > 1:
                closes[n] = len(stack) - depth
            del stack[depth:]
            if char != ":":
                lines[n] = indent + ":" * max(3, length)
            n += 1
            continue
        name = re.match(r"^\{([\w:-]+)\}", info)
        if char == ":" and not info:
            n += 1  # a bare colon line closing a container of another length
            continue
        gated = re.match(r"^(.*)-(start|end)$", name.group(1)) if name and char != ":" else None
        if gated and name:  # Jupyter Book gated directives: {solution-start} label ... {solution-end}
            found: dict[str, str] = {}
            end = _take_options(lines, n + 1, found)
            while end < len(lines) and lines[end].strip() != marker:
                end += 1
            if end < len(lines):
                lines[end] = ""
            opening = gated.group(2) == "start"
            lines[n] = indent + _GATE + ("{" + gated.group(1) + "}" + info[name.end() :] if opening else "")
            if opening:
                options[n] = found
            n = end + 1
            continue
        if char == ":" and not name:  # a Pandoc fenced div ("::: challenge", "::: {.callout}")
            stack.append((char, length, True, True))
            n += 1
            continue
        if name and name.group(1).split(":")[-1] not in RAW_DIRECTIVES:
            stack.append((char, length, True, False))
            if char != ":":
                lines[n] = indent + ":" * max(3, length) + info
            n = _take_options(lines, n + 1, options.setdefault(n, {}))
            continue
        if name:  # a raw directive ({math}, {code-cell}) stays a fence; its options go
            _take_options(lines, n + 1, options.setdefault(n, {}))
        if char != ":":
            stack.append((char, length, False, False))
        n += 1


def _take_options(lines: list[str], n: int, found: dict[str, str]) -> int:
    """Blank the option lines from line ``n`` (``:key: value`` lines or a ``---`` YAML block) into ``found``."""
    if n < len(lines) and lines[n].strip() == "---":
        end = n + 1
        while end < len(lines) and lines[end].strip() != "---":
            end += 1
        if end < len(lines):
            for k in range(n, end + 1):
                key, _, value = lines[k].partition(":")
                if k not in (n, end) and value:
                    found[key.strip()] = value.strip().strip("'\"")
                lines[k] = ""
            return end + 1
    while n < len(lines):
        m = _OPTION.match(lines[n])
        if not m:
            break
        found[m.group(1)] = m.group(2)
        lines[n] = ""
        n += 1
    return n


def ial_classes(html: str) -> list[str] | None:
    """The class names of an ``<!--narrate-ial ...-->`` marker (``.challenge`` → ``challenge``), or None."""
    m = re.match(r"^\s*<!--" + IAL_MARK + r"\s*(.*?)-->\s*$", html, re.S)
    if not m:
        return None
    try:
        parts = shlex.split(m.group(1))
    except ValueError:
        parts = m.group(1).split()
    toc = ["toc"] if "toc" in parts else []  # "* TOC" + "{:toc}": kramdown's table of contents
    return (
        [p[1:] for p in parts if p.startswith(".")]
        + [p.split("=", 1)[1] for p in parts if p.startswith("class=")]
        + toc
    )
