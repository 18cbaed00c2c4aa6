"""Markdown dialects other tools write, brought to what :mod:`.markdown` parses (line numbers kept).

* Jekyll/Liquid and Hugo: ``{% ... %}``, ``{{ ... }}`` and ``{{< ... >}}`` tags are never spoken (a
  code span holding only a ``{{ ... }}`` goes with its backticks, so no empty span pairs with the next); an
  ``{% include figure.html ... caption="..." %}`` (or Hugo ``{{< figure caption="..." >}}``) on its own
  line gives its caption as a figure; ``{% highlight lang %}`` ... ``{% endhighlight %}`` (Hugo ``{{<
  highlight lang >}}`` ... ``{{< /highlight >}}``) is a code fence.
* attribute blocks after images (``![](fig.svg){alt='...' width=50%}``, Pandoc/Workbench) are dropped;
  an ``alt`` gives the caption when the brackets are empty.
* kramdown attribute lists: a line ``{: .challenge}`` (after any ``>`` markers) becomes an HTML comment
  ``<!--narrate-ial .challenge-->`` that the reader attaches to the block before it; ``{: ...}`` inside
  a line is dropped.
* MathML (``<math>...</math>``) becomes inline math ``$⟦M0⟧$`` standing for it (see ``Prepared.mathml``).
* MyST target lines (``(label)=``) are dropped (and, by the reader, Material for MkDocs icons in text:
  ``:fontawesome-solid-file-pdf:``, :data:`ICON`).
* MkDocs / Python-Markdown admonitions (``!!! note "Title"``, collapsible ``??? success "Answer"``)
  become quotes titled by a heading, their indented body inside (:func:`_mkdocs_admonitions`); the
  reader reads them as callouts, and an "Answer"/"Solution" one after a paragraph that opens with
  "Exercise:" as that exercise's answer.
* Pandoc raw content for another output format is never spoken: a raw inline (```` `\\newline`{=tex} ````)
  is dropped, a raw block (```` ```{=latex} ```` ... ```` ``` ````) is left as blank lines.
* Quarto / R Markdown executable chunks (```` ```{r} ````, ```` ```{python} ````) are code fences of their
  language, their options taken out; computed inline code (```r x```) is left out (:mod:`.chunks`).
* MyST ```` ```{eval-rst} ```` blocks: their reStructuredText as Markdown (:mod:`.rst`); Quarto cross
  references (``@fig-rain``, :data:`QUARTO_REF`) are marked by the reader as what they point to.
* MDX: ``import``/``export`` lines, ``{/* comments */}`` and component tags (``<Tabs>``) are not said;
  a ``<TabItem label="...">`` is a callout titled by its label (:mod:`.mdx`).
* MyST directives: ```` ```{exercise} ```` fences become ``:::{exercise}`` containers (their body is
  Markdown); ``:key: value`` option lines and a ``---`` YAML option block are taken out of the text and
  returned by line, so no option is ever spoken. ``{math}`` and code-cell directives stay fences. Gated directives (``{exercise-start}`` ...
  ``{exercise-end}``, ``{solution-start} label`` ... ``{solution-end}``) become one container.
"""

from __future__ import annotations

import bisect
import re
import shlex
from dataclasses import dataclass, field
from typing import NamedTuple

from narrate.text.readers.chunks import Chunks, read_chunks
from narrate.text.readers.mdx import mdx_text
from narrate.text.readers.rst import rst_markdown

IAL_MARK = "narrate-ial"
_IAL_LINE = re.compile(r"^((?:[ \t]*>)*[ \t]*)\{:\s*([^}]*)\}[ \t]*$")  # linear: no nested optional spaces
_IAL_INLINE = re.compile(r"\{:\s*[^}\n]*\}")
_LIQUID_BLOCK = re.compile(r"\{%-?\s*(\w{1,100})(.{0,2000}?)-?%\}", re.S)  # bounded: linear on "{%" without "%}"
_LIQUID_OUTPUT = re.compile(r"\{\{-?.{0,2000}?-?\}\}", re.S)
_LIQUID_CODE = re.compile(r"(?<!`)`\{\{-?[^`\n]{0,2000}?-?\}\}`(?!`)")  # a Liquid output alone in a code span
_HUGO = re.compile(r"\{\{[<%]\s*(/?\w[\w-]{0,100})(.{0,2000}?)[>%]\}\}", re.S)
_FIGURE_INCLUDE = re.compile(r"\s*\S*(?:fig|image|img|picture|photo)", re.I)
"""An include of a figure (``figure.html``, ``image.html``): its caption is said; any other include
(``callout.html title="Tip"``) says nothing of its own."""
_RAW_LIQUID = re.compile(r"\{%-?\s*raw\s*-?%\}(.*?)\{%-?\s*endraw\s*-?%\}", re.S)
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
ICON = re.compile(r"(?<![\w:]):(?:material|fontawesome|octicons|simple)-[a-z0-9]+(?:-[a-z0-9]+)*:(?![\w:])")
"""A Material for MkDocs icon (``:fontawesome-solid-file-pdf:``, ``:material-check:``,
``:octicons-mark-github-16:``) in a text node (never in code): a picture, nothing to say."""
_TARGET = re.compile(r"^[ \t]{0,3}\(([\w.:-]+)\)=[ \t]*$")  # a MyST target line: "(lp_intro)="
_QUARTO_PREFIX = r"(?i:fig|tbl|sec|eq|lst|thm|lem|cor|prp|cnj|def|exm|exr)"
QUARTO_REF = re.compile(r"(?<![\w@.+/-])(-?)@(" + _QUARTO_PREFIX + r")-([A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)(?![\w@])")
"""A Quarto cross reference (``@fig-rain``, ``@Tbl-summary`` at a sentence's start, ``-@eq-x``: the
number alone); an e-mail address (``ana@fig-co.org``) or a handle (``@alice``) is none."""
QUARTO_GROUP = re.compile(r"\[((?:-?@" + _QUARTO_PREFIX + r"-[\w-]+[ \t]*;?[ \t]*)+)\]")
"""Quarto cross references in brackets (``[@fig-a]``, ``[@fig-a; @fig-b]``): read as the references."""
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
    values: list[tuple[int, str]] = field(default_factory=list)
    """(1-based line, the value as written) of each site value (``{{ repo }}``) left out of a sentence."""
    computed: list[tuple[int, str]] = field(default_factory=list)
    """(1-based line, the code as written) of each computed inline value (```r x```) left out of a sentence."""
    targets: dict[str, int] = field(default_factory=dict)
    """MyST target labels (``(label)=``, a line taken out) → the 0-based line of the first line after them
    that is not blank (a heading there is what the label names)."""
    closes: dict[int, int] = field(default_factory=dict)
    """0-based line of a closing fence → how many blocks it closes, when more than one: a longer closing
    fence closes the outermost open directive it can (as markdown-it and MyST read nested fences), and
    every directive opened inside it."""


def prepare(text: str, knitr: bool = False) -> Prepared:
    """Apply every dialect rewrite (module docstring) to Markdown ``text``; never changes its line count.
    ``knitr``: the text is R Markdown or Quarto (its ```r x``` spans are computed values)."""
    chunks = Chunks()
    if "`" in text:  # a chunk's fence, or inline code
        lines = text.split("\n")
        chunks = read_chunks(lines, knitr)
        text = "\n".join(lines)
    text = mdx_text(text)
    if "highlight" in text or "details" in text:
        text = "\n".join(_hugo_highlights(text.split("\n")))
    raw: list[str] = []
    if "raw" in text:  # {% raw %} ... {% endraw %}: shown as written, no Liquid in it
        text = _RAW_LIQUID.sub(lambda m: _held(raw, m.group(1)), text)
    text = _HUGO.sub(_hugo, text)  # before Liquid: "{{% x %}}" holds a "{% x %}"
    text = _LIQUID_BLOCK.sub(_liquid, text)
    text = _LIQUID_CODE.sub("", text)  # `{{ site.x }}`: the value is the site's; no empty code span left
    values = _values_in_sentences(text) if "{{" in text else []
    text = _LIQUID_OUTPUT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    if raw:
        text = re.sub("\ue070(\\d+)\ue071", lambda m: raw[int(m.group(1))], text)
    text = _IMAGE_ATTRS.sub(_image_attrs, text)
    text = _plain_spans(text)
    text = _RAW_INLINE.sub("", text)
    asked: dict[int, dict[str, str]] = {}
    lines = _mkdocs_admonitions(_without_raw_blocks(text.split("\n")), asked)
    if "eval-rst" in text:
        _eval_rst(lines)
    targets: dict[str, int] = {}
    for n, line in enumerate(lines):
        m = _IAL_LINE.match(line)
        if target := _TARGET.match(line):
            lines[n] = ""
            targets[target.group(1)] = next((k for k in range(n + 1, len(lines)) if lines[k].strip()), n)
        elif m:
            lines[n] = f"{m.group(1)}<!--{IAL_MARK} {m.group(2).strip()}-->"
        elif "{:" in line:
            lines[n] = _IAL_INLINE.sub("", line)
    prepared = Prepared("", {**chunks.options, **asked}, values=values, computed=chunks.computed, targets=targets)
    _directives(lines, prepared.options, prepared.closes)
    text = "\n".join(lines)

    def mathml(m: re.Match) -> str:
        prepared.mathml.append(m.group(0))
        return f"$⟦M{len(prepared.mathml) - 1}⟧$" + "\n" * m.group(0).count("\n")

    lines = _MATHML.sub(mathml, text).split("\n")
    prepared.text = "\n".join(lines)
    return prepared


_ADMONITION_MARK = r'(!!!|\?\?\?\+?)[ \t]*([\w-]{1,40})((?:[ \t]+[\w-]{1,40}){0,6})(?:[ \t]+"([^"\n]{0,200})")?[ \t]*$'
_ADMONITION = re.compile(
    r"^((?:[ \t]{0,3}>[ \t]?){0,8}[ \t]{0,3})" + _ADMONITION_MARK
)  # "!!! note", "!!!note", "!!! danger highlight blink", "!!! note inline end "Title"" (modifiers, then a title)
_LISTED_ADMONITION = re.compile(r"^( {4,})" + _ADMONITION_MARK)  # indented as a list item's content
_LIST_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,9}[.)])[ \t]+\S")
_INDENTED_FENCE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})")


def _listed_admonitions(lines: list[str]) -> set[int]:
    """The 0-based lines of the admonitions inside a list item (``1. Step:`` then ``    !!! note``
    indented as the item's content, four spaces a level as Python-Markdown nests them): the nearest
    line above with less indentation is a list item, at most four columns left of the marker (deeper:
    the item's indented code), with no fence of the item open. One pass (a stack of the indentations
    open above, found by bisection), so a long file costs no more than one read."""
    found: set[int] = set()
    if not any(line.startswith("    ") and _LISTED_ADMONITION.match(line) for line in lines):
        return found  # none indented: no need to look for the items
    widths: list[int] = []  # the indentations open above, strictly increasing
    kinds: list[tuple[bool, int]] = []  # for each: whether it is a list item, the fence lines up to it
    fences = 0
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        width = len(line) - len(line.lstrip(" "))
        at = bisect.bisect_left(widths, width) - 1  # the nearest line above indented less
        if at >= 0 and _LISTED_ADMONITION.match(line) and kinds[at][0] and width - widths[at] <= 4:
            found.update([n] if (fences - kinds[at][1]) % 2 == 0 else [])
        fences += bool(_INDENTED_FENCE.match(line))
        del widths[at + 1 :], kinds[at + 1 :]
        widths.append(width)
        kinds.append((bool(_LIST_ITEM.match(line)), fences))
    return found


def _mkdocs_admonitions(lines: list[str], asked: dict[int, dict[str, str]] | None = None) -> list[str]:
    """Python-Markdown / MkDocs Material admonitions (``!!! note "Title"``, collapsible ``??? success
    "Answer"``, ``???+``) with their four-space indented body → a quote titled by a heading
    (``> ###### Title``; no title: the kind, "Note"), its body dedented inside the quote, nested ones
    nested; line count kept.
    A quote needs no closing line, and the reader reads a titled quote as a callout (an "Answer" or
    "Solution" one after an exercise as its solution). A collapsed question (``??? question "What
    does len([]) return?"``: its body is shown on a click) is noted in ``asked`` (0-based line →
    ``{"admonition": "question"}``): the reader asks its title and reads its body after the think pause."""
    out = list(lines)
    fence = ""
    listed = _listed_admonitions(out)
    for n in range(len(out)):  # a nested admonition is made a quote line "> !!! ...": the pattern finds it next
        fence = _code_fence(out[n], fence)
        if fence:
            continue
        if m := _ADMONITION.match(out[n]) or (_LISTED_ADMONITION.match(out[n]) if n in listed else None):
            title = (m.group(5) or "").strip()
            if asked is not None and m.group(2) == "???" and m.group(3).lower() in _ASKING and title.endswith("?"):
                asked[n] = {"admonition": "question"}
            kind, title = m.group(3), m.group(5)
            _quote_block(out, n, m.group(1), kind.replace("-", " ").capitalize() if title is None else title.strip())
        elif tab := _TAB.match(out[n]):
            _quote_block(out, n, tab.group(1), tab.group(2).strip())
        elif block := _BLOCK.match(out[n]):
            _pymdown_block(out, n, block)
        elif _DETAILS.match(out[n]):
            _details(out, n, asked)
        elif _SITE_LINE.match(out[n]):
            out[n] = ""
    return out


_TAB = re.compile(r'^((?:[ \t]{0,3}>[ \t]?){0,8}[ \t]*)===\+?[ \t]+"([^"\n]{0,200})"[ \t]*$')
"""A content tab of Material for MkDocs (``=== "Windows"``, its body indented under it): read as a
callout titled by the tab's name."""
_BLOCK = re.compile(
    r"^((?:[ \t]{0,3}>[ \t]?){0,8}[ \t]{0,3})(/{3,})[ \t]*(admonition|details|tab|note|abstract|info|tip|success|question"
    r"|warning|failure|danger|bug|example|quote|attention|caution|error|hint|important|seealso|todo|define|caption)"
    r"(?:[ \t]*\|[ \t]*(.{0,200}?))?[ \t]*$",
    re.I,
)
"""A pymdownx block (``/// details | Why a palette?`` ... ``///``): a callout titled by its title."""
_SITE_LINE = re.compile(
    r"^[ \t]*(?:-{1,2}8<-{1,2}[ \t]*(?:\"[^\"\n]*\"|'[^'\n]*')?|\*\[[^\]\n]+\]:.*|\{[ \t]*[.#][\w.#= \t-]*\})[ \t]*$"
)
"""Lines a site builds from and never shows as text: a pymdownx snippet (``--8<-- "file.md"``), an
abbreviation's definition (``*[HTML]: Hyper Text Markup Language``), an attribute list alone on its
line (``{ .annotate }``)."""


_KEYS = re.compile(r"\+\+([\w-]+(?:\+[\w-]+)*)\+\+")
_KEY_NAMES = {
    "ctrl": "Control", "control": "Control", "alt": "Alt", "shift": "Shift", "cmd": "Command",
    "command": "Command", "opt": "Option", "option": "Option", "win": "Windows", "windows": "Windows",
    "enter": "Enter", "return": "Return", "esc": "Escape", "escape": "Escape", "tab": "Tab", "space": "Space",
    "backspace": "Backspace", "del": "Delete", "delete": "Delete", "ins": "Insert", "insert": "Insert",
    "pgup": "Page Up", "page-up": "Page Up", "pgdn": "Page Down", "page-down": "Page Down",
    "arrow-up": "Up", "arrow-down": "Down", "arrow-left": "Left", "arrow-right": "Right", "caps-lock": "Caps Lock",
}  # fmt: skip
"""pymdownx.keys names said as a keyboard's keys are called (others: their letters in capitals, or as written)."""
_MARKED = re.compile(r"(?<![=\w])==(?=[^\s=])([^=\n]+?)(?<=[^\s=])==(?![=\w])|\^\^(?=\S)([^\n^]+?)(?<=\S)\^\^")


def site_inline(text: str) -> str:
    """A Markdown text node (never code) without what a site draws instead of text: Material icons
    (:data:`ICON`) and emoji shortcodes (``:warning:``, the ``emoji`` package's aliases) go; keys
    (``++ctrl+shift+p++``) are said by their names ("Control Shift P"); highlighted or inserted text
    (``==this==``, ``^^this^^``) is its text."""
    if ":" in text:
        text = _SHORTCODE.sub(_emoji_shortcode, ICON.sub("", text))
    if "++" in text:
        text = _KEYS.sub(lambda m: " ".join(_key(k) for k in m.group(1).split("+")), text)
    if "==" in text or "^^" in text:
        text = _MARKED.sub(lambda m: m.group(1) or m.group(2), text)
    return text


_SHORTCODE = re.compile(r"(?:(?<=[\s(\[])|^):[a-z0-9_+-]{1,40}:(?=[\s.,;!?)\]]|$)")
"""A shortcode standing alone (``:warning:``), never a part of "name:key:value" or "a:b:c"."""


def _emoji_shortcode(m: re.Match[str]) -> str:
    """A known emoji shortcode (the ``emoji`` package's aliases) gone, an unknown one kept as written."""
    import emoji  # here: only a text with a shortcode needs its table

    return "" if emoji.emojize(m.group(0), language="alias") != m.group(0) else m.group(0)


def _key(name: str) -> str:
    said = _KEY_NAMES.get(name.lower())
    if said:
        return said
    return name.upper() if len(name) == 1 or re.fullmatch(r"[fF]\d{1,2}", name) else name


_DETAILS = re.compile(r"^[ \t]{0,3}<details\b[^>]*>", re.I)
_SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary>", re.I | re.S)
_SOLVES = re.compile(r"<summary\b[^>]*>\s*(?:solution|answer|show (?:the )?(?:solution|answer))", re.I)
_EXERCISE_TITLE = re.compile(r"^(?:exercise|question|challenge|task|problem|quiz)\b|.*\?$", re.I)
_ASKS = re.compile(r"\?$")  # a summary that asks: "Exercise: What does `ls` list?"


def _details(out: list[str], n: int, asked: dict[int, dict[str, str]] | None) -> None:
    """An HTML ``<details>`` with its ``<summary>`` (on its line or the next) up to ``</details>`` alone
    on a line: a quote titled by the summary (its ``<code>`` in backticks), noted in ``asked`` when the
    summary asks ("Exercise: What does `ls` list?"): its hidden body is the answer, after the think
    pause. Followed by a "Solution" one, an exercise's summary and body are its text (a paragraph that
    opens with its label), and that one its solution."""
    head = n + 1 if not _SUMMARY.search(out[n]) and n + 1 < len(out) and _SUMMARY.search(out[n + 1]) else n
    summary = _SUMMARY.search(out[head])
    end = next((k for k in range(head + 1, len(out)) if out[k].strip().lower() == "</details>"), None)
    if summary is None or end is None:
        return
    title = re.sub(r"<code>(.*?)</code>", r"`\1`", " ".join(summary.group(1).split()), flags=re.I)
    title = re.sub(r"<[^>]+>", "", title).strip()
    after = next((k for k in range(end + 1, len(out)) if out[k].strip()), None)
    solved = after is not None and _DETAILS.match(out[after]) and _SOLVES.search(" ".join(out[after : after + 2]))
    if solved and _EXERCISE_TITLE.match(title):  # its solution is the next one: this is the exercise's text
        for k in range(n, head + 1):
            out[k] = ""
        out[head], out[end] = title if title[-1:] in ".:?!" else title + ".", ""
        return
    for k in range(n, end):
        out[k] = ">" if k < head else f"> ###### {title}" if k == head else f"> {out[k]}".rstrip()
    out[end] = ""
    if asked is not None and _ASKS.search(title):
        asked[n] = {"admonition": "question"}


def _pymdown_block(out: list[str], n: int, m: re.Match[str]) -> None:
    """The pymdownx block opening at line ``n`` made a quote titled by its title (else its name), its
    indented options left out, its body quoted up to the closing line of the same slashes (blanked)."""
    indent, slashes = m.group(1), m.group(2)
    end = next((k for k in range(n + 1, len(out)) if out[k].strip() == slashes), None)
    if end is None:
        return
    title = (m.group(4) or m.group(3).replace("-", " ").capitalize()).strip()
    out[n], out[end] = f"{indent}> ###### {title}", ""
    options = n + 1
    while options < end and re.match(r"^[ \t]+[\w-]+:", out[options]):
        out[options], options = f"{indent}>", options + 1  # "    type: tip": the block's options
    for k in range(options, end):
        out[k] = f"{indent}> {out[k]}".rstrip() if out[k].strip() else f"{indent}>"


_ASKING = frozenset({"question", "help", "faq", "quiz", "exercise"})  # and a title that asks ("...?")
"""Material for MkDocs admonition kinds that ask (``question`` and its aliases ``help``, ``faq``)."""


_EVAL_RST = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,}|:{3,})[ \t]*\{eval-rst\}[ \t]*$")


def _eval_rst(lines: list[str]) -> None:
    """Each closed MyST ```` ```{eval-rst} ```` fence outside code, fence lines and all, replaced in place
    by the Markdown of its reStructuredText (:func:`narrate.text.readers.rst.rst_markdown`; as many lines)."""
    fence, n = "", 0
    while n < len(lines):
        opened = None if fence else _EVAL_RST.match(lines[n])
        if opened is None:
            fence = _code_fence(lines[n], fence)
            n += 1
            continue
        marker = opened.group(1)
        closing = re.compile(re.escape(marker[0]) + "{" + str(len(marker)) + ",}")
        end = next((k for k in range(n + 1, len(lines)) if closing.fullmatch(lines[k].strip())), None)
        if end is None:
            n += 1
            continue
        lines[n : end + 1] = rst_markdown(lines[n + 1 : end])
        n = end + 1


def _code_fence(line: str, fence: str) -> str:
    """The code fence open after ``line`` (``fence``: the one open before it; "": none)."""
    opened = _FENCE.match(line)
    if not opened or opened.group(2)[0] not in "`~":
        return fence
    marker = opened.group(2)
    return "" if fence and marker.startswith(fence) and not opened.group(3) else (fence or marker)


def _quote_block(out: list[str], n: int, indent: str, name: str) -> None:
    """The admonition or tab at line ``n`` of ``out`` (``indent``: what stands before its marker, ``name``:
    its title) made a quote, in place: its title a heading, its indented body (to its last line that
    is not blank) quoted."""
    out[n] = f"{indent}> ###### {name}" if name else f"{indent}>"  # a heading: the body starts anew; "": none
    body = indent + "    "
    end = n + 1
    while end < len(out) and (not out[end].strip() or out[end].startswith(body) or out[end].startswith("\t")):
        end += 1
    while end > n + 1 and not out[end - 1].strip():
        end -= 1  # trailing blank lines end the quote
    for k in range(n + 1, end):
        rest = out[k][len(body) :] if out[k].startswith(body) else out[k].lstrip("\t") if out[k].strip() else ""
        out[k] = f"{indent}> {rest}".rstrip() if rest else f"{indent}>"


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
    if tag == "include" and _attr(args) and _FIGURE_INCLUDE.match(args):
        return f"![{_attr(args)}](figure)" + keep
    if tag == "highlight":
        return "```" + (args.split() or [""])[0] + keep
    if tag == "endhighlight":
        return "```" + keep
    return keep


def _values_in_sentences(text: str) -> list[tuple[int, str]]:
    """The Liquid values (``{{ site.repo }}``) that stand among a line's words outside code fences, by
    line: leaving them out leaves a hole in the sentence ("lives at and ..."), which the reader warns of."""
    found: list[tuple[int, str]] = []
    fence = ""
    for number, line in enumerate(text.split("\n"), 1):
        fence = _code_fence(re.sub(r"^(?:[ \t]*>)+[ \t]?", "", line), fence)  # quoted fences too ("> ~~~")
        if fence or "{{" not in line or not re.search(r"[^\W\d_]{2,}", _LIQUID_OUTPUT.sub(" ", line)):
            continue
        for m in _LIQUID_OUTPUT.finditer(line):
            in_address = re.search(r"[(\"'=/]\s*$", line[: m.start()]) or line[m.end() :].startswith(("/", "{%"))
            if not in_address:  # "{{ page.root }}/fig.png", "href='{{ site.url }}'": no word of the sentence
                found.append((number, " ".join(m.group(0).split())))
    return found


def _held(held: list[str], text: str) -> str:
    """``text`` kept aside in ``held``; a private-use mark stands for it until it is put back."""
    held.append(text)
    return f"\ue070{len(held) - 1}\ue071"


def _hugo(m: re.Match) -> str:
    keep = "\n" * m.group(0).count("\n")
    if m.group(1) == "figure" and _attr(m.group(2)):
        return f"![{_attr(m.group(2))}](figure)" + keep
    return keep


_HUGO_HIGHLIGHT = re.compile(r"^[ \t]{0,3}\{\{[<%]\s*highlight\s+[\"']?([\w+#.-]*)[^\n]*?[>%]\}\}[ \t]*$")
_HUGO_DETAILS = re.compile(
    r"^[ \t]{0,3}\{\{[<%]\s*details\s+(?:(?:summary|title)\s*=\s*)?\"([^\"\n]{1,200})\"[^\n]*?[>%]\}\}[ \t]*$"
)
_HUGO_DETAILS_END = re.compile(r"^[ \t]{0,3}\{\{[<%]\s*/\s*details\s*[>%]\}\}[ \t]*$")
_HUGO_HIGHLIGHT_END = re.compile(r"^[ \t]{0,3}\{\{[<%]\s*/\s*highlight\s*[>%]\}\}[ \t]*$")


def _hugo_highlights(lines: list[str]) -> list[str]:
    """Hugo ``{{< highlight python >}}`` ... ``{{< /highlight >}}``, each alone on its line and outside a
    code fence, as a code fence in that language (longer than any backtick run inside it); a highlight
    with no closing line is left to :func:`_hugo` (dropped, its code read as the page has it). A
    ``{{< details "Title" >}}`` ... ``{{< /details >}}`` becomes an HTML ``<details>`` (:func:`_details`)."""
    out, fence, n = list(lines), "", 0
    while n < len(out):
        m = _FENCE.match(out[n])
        if fence:
            if m and m.group(2)[0] == fence[0] and len(m.group(2)) >= len(fence) and not m.group(3):
                fence = ""
        elif m and m.group(2)[0] in "`~":
            fence = m.group(2)
        elif (details := _HUGO_DETAILS.match(out[n])) is not None:
            end = next((k for k in range(n + 1, len(out)) if _HUGO_DETAILS_END.match(out[k])), None)
            if end is not None:  # {{< details "Exercise: ..." >}}: an HTML <details>, read as one
                out[n], out[end] = f"<details><summary>{details.group(1)}</summary>", "</details>"
        elif (start := _HUGO_HIGHLIGHT.match(out[n])) is not None:
            end = next((k for k in range(n + 1, len(out)) if "highlight" in out[k]), None)  # the next one closes it
            if end is not None and _HUGO_HIGHLIGHT_END.match(out[end]):
                inside = [len(run) for line in out[n + 1 : end] for run in re.findall("`+", line)]
                ticks = "`" * max(3, max(inside, default=0) + 1)
                out[n], out[end], n = ticks + start.group(1), ticks, end
        n += 1
    return out


def _directives(lines: list[str], options: dict[int, dict[str, str]], closes: dict[int, int] | None = None) -> None:
    """Backtick MyST directives → colon containers; options of every directive taken out (in place).
    A closing backtick fence longer than the innermost open directive's closes the outermost one it can
    (noted in ``closes``). A Pandoc fenced div (``::: challenge``: no ``{name}``) is closed, as Pandoc
    and the Carpentries Workbench read it, by the next bare ``:::`` line of any length: that line is
    given the opening fence's length, so markdown-it closes the same div."""
    scan = _Fences(lines, options, closes)
    n = 0
    while n < len(lines):
        m = _FENCE.match(lines[n])
        n = scan.fence(n, m) if m else n + 1


class _Open(NamedTuple):
    """A fence left open: its character and length, whether its content is Markdown (a directive, a
    div: not a code fence), and whether it is a Pandoc div."""

    char: str
    length: int
    markdown: bool
    pandoc: bool
    line: int = -1


class _Fences:
    """:func:`_directives` fence by fence: the lines (changed in place), the options and closes found,
    and the fences open."""

    def __init__(self, lines: list[str], options: dict[int, dict[str, str]], closes: dict[int, int] | None) -> None:
        self.lines = lines
        self.options = options
        self.closes = closes
        self.stack: list[_Open] = []
        self.inner: dict[int, int] = {}  # a Pandoc div's opening line → the longest fence of the divs in it

    def fence(self, n: int, m: re.Match[str]) -> int:
        """Reads the fence line ``n`` (``m``: its :data:`_FENCE` match); returns the next line to read."""
        indent, marker, info = m.group(1), m.group(2), m.group(3)
        top = self.stack[-1] if self.stack else None
        if top is not None and not top.markdown:  # inside a code fence: only its closing fence counts
            if marker[0] == top.char and len(marker) >= top.length and not info:
                self.stack.pop()
            return n + 1
        if not info:
            self._bare(n, indent, marker, top)
            return n + 1
        name = re.match(r"^\{([\w:-]+)\}", info)
        gated = re.match(r"^(.*)-(start|end)$", name.group(1)) if name and marker[0] != ":" else None
        if gated and name:  # Jupyter Book gated directives: {solution-start} label ... {solution-end}
            return self._gated(n, indent, marker, info[name.end() :], gated)
        return self._opening(n, indent, marker, info, name)

    def _bare(self, n: int, indent: str, marker: str, top: _Open | None) -> None:
        """A fence with no info string at line ``n``: it closes a Pandoc div (any ``:::``) or what its
        kind and length close, opens a code fence (backticks, tildes), or (colons) is left as it is."""
        char, length = marker[0], len(marker)
        if char == ":" and top is not None and top.pandoc:
            self.stack.pop()
            self.lines[n] = indent + ":" * self._nested_length(top)  # Pandoc: any ":::" closes the innermost div
        elif top is not None and char == top.char and length >= top.length:
            self._close(n, indent, char, length)
        elif char != ":":
            self.stack.append(_Open(char, length, False, False))

    def _nested_length(self, div: _Open) -> int:
        """The fence length a closed Pandoc ``div`` is given: longer than every div in it, so that
        markdown-it (which closes a container at the first fence as long as its own) closes it where
        Pandoc does ("::: challenge" holding "::: solution", each closed by ":::"). Its opening line is
        rewritten to match; left as written inside any other kind of block."""
        length = max(div.length, self.inner.pop(div.line, 0) + 1)
        if not all(o.pandoc for o in self.stack):
            return div.length
        if length != div.length:
            self.lines[div.line] = re.sub(r"^([ \t]*):+", lambda m: m.group(1) + ":" * length, self.lines[div.line])
        if self.stack:
            parent = self.stack[-1].line
            self.inner[parent] = max(self.inner.get(parent, 0), length)
        return length

    def _close(self, n: int, indent: str, char: str, length: int) -> None:
        """The closing fence at line ``n`` closes the innermost open fence or (backticks longer than its
        opening) the outermost of the backtick directives around it that it can; noted in ``closes``
        when it closes more than one; made a colon fence."""
        stack = self.stack
        depth = len(stack) - 1
        if char == "`" and length > stack[-1].length:  # outermost first, as a fence's content is parsed
            run = depth
            while run and stack[run - 1].char == "`" and stack[run - 1].markdown:
                run -= 1
            depth = next(i for i in range(run, depth + 1) if stack[i].length <= length)
        if self.closes is not None and len(stack) - depth > 1:
            self.closes[n] = len(stack) - depth
        del stack[depth:]
        if char != ":":
            self.lines[n] = indent + ":" * max(3, length)

    def _gated(self, n: int, indent: str, marker: str, label: str, gated: re.Match[str]) -> int:
        """A gated directive's fence at line ``n`` (``{solution-start} label`` ... ``{solution-end}``):
        the start becomes a colon fence opening the directive (its options taken), the end a bare
        closing one; its closing fence is blanked. Returns the line after that."""
        lines = self.lines
        found: dict[str, str] = {}
        end = _take_options(lines, n + 1, found)
        while end < len(lines) and lines[end].strip() != marker:
            end += 1
        if end < len(lines):
            lines[end] = ""
        opening = gated.group(2) == "start"
        lines[n] = indent + _GATE + ("{" + gated.group(1) + "}" + label if opening else "")
        if opening:
            self.options[n] = found
        return end + 1

    def _opening(self, n: int, indent: str, marker: str, info: str, name: re.Match[str] | None) -> int:
        """An opening fence at line ``n`` with an info string (``name``: its ``{directive}``, if any): a
        Pandoc div, a directive (made a colon fence, its options taken) or a code fence (a raw
        directive's options taken). Returns the next line to read."""
        char, length = marker[0], len(marker)
        if char == ":" and not name:  # a Pandoc fenced div ("::: challenge", "::: {.callout}")
            self.stack.append(_Open(char, length, True, True, n))
            return n + 1
        if name and name.group(1).split(":")[-1] not in RAW_DIRECTIVES:
            self.stack.append(_Open(char, length, True, False))
            if char != ":":
                self.lines[n] = indent + ":" * max(3, length) + info
            return _take_options(self.lines, n + 1, self.options.setdefault(n, {}))
        if name:  # a raw directive ({math}, {code-cell}) stays a fence; its options go
            _take_options(self.lines, n + 1, self.options.setdefault(n, {}))
        if char != ":":
            self.stack.append(_Open(char, length, False, False))
        return n + 1


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
