"""Quarto and R Markdown executable code chunks, and their inline code, brought to plain Markdown
(line numbers kept; used by :func:`narrate.text.readers.dialects.prepare`).

* A chunk (```` ```{r} ````, ```` ```{python} ````, ```` ```{r label, echo=FALSE} ````, ```` ```{julia} ````,
  ```` ```{ojs} ```` ...: a fence whose braces name a knitr or Quarto engine, :data:`ENGINES`) becomes a
  code fence of that language (```` ```r ````). Its options, in the braces (knitr: ``echo=FALSE``,
  ``fig.cap="..."``) or on its first lines (Quarto: ``#| echo: false``, ``#| fig-cap: "..."``, read as the
  YAML they are), are taken out of the code (never said, never in the show notes) and given by line
  (:data:`CHUNK` key): ``echo`` (false: the page shows no code), ``include`` (false: the page shows nothing
  of the chunk, which is then left out here), ``eval`` / ``output`` (false: no figure), ``fig-cap`` (its
  figure's caption).
* Inline code the page shows computed (R Markdown ```r mean(x)```, Quarto ```{python} n```): narrate
  cannot know the value, so the span is left out and its line noted (:attr:`Chunks.computed`); R's form
  only in a file that is R Markdown or Quarto (``knitr``) or has a chunk, as ``r x`` is plain code elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

CHUNK = "chunk"
"""The option key that marks a code fence as an executable chunk (its value: the engine, lower case)."""

ENGINES = frozenset(
    {
        "r", "python", "julia", "bash", "sh", "zsh", "ojs", "sql", "stan", "cpp", "rcpp", "c", "fortran", "js",
        "node", "perl", "ruby", "octave", "sas", "stata", "scala", "go", "haskell", "awk", "sed", "css", "sass",
        "scss", "rscript", "groovy", "psql", "mysql", "php", "powershell", "matlab", "exec", "coffee", "asy",
    }
)  # fmt: skip
"""knitr's language engines and Quarto's cell languages: a fence named so (``{r}``) is a chunk of code.
Diagram engines (``mermaid``, ``dot``) draw a picture and are not among them."""

_HEADER = re.compile(
    r"^(?P<indent>[ \t]*(?:>[ \t]?)*[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*\{\{?[ \t]*(?P<engine>[A-Za-z][\w+-]*)"
    r"(?P<rest>[^{}\n]*)\}\}?[ \t]*$"
)
_OPTION_LINE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(?:#|//|--|%%)\|[ \t]?(.*)$")
_KNITR_OPTION = re.compile(r"""([\w.-]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^,]*)""")
_INLINE_R = re.compile(r"(?<!`)`r[ \t]+[^`\n]+`(?!`)")
_INLINE_CELL = re.compile(r"(?<!`)`\{(?:r|python|julia|ojs)\}[ \t]+[^`\n]+`(?!`)")
_FENCE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(`{3,}|~{3,})[ \t]*(.*?)[ \t]*$")
_FALSE = {"false", "f", "no"}


@dataclass
class Chunks:
    """What :func:`read_chunks` found: each chunk's options by the 0-based line of its fence, and the
    computed inline values left out of sentences (1-based line, the code as written)."""

    options: dict[int, dict[str, str]] = field(default_factory=dict)
    computed: list[tuple[int, str]] = field(default_factory=list)


def read_chunks(lines: list[str], knitr: bool = False) -> Chunks:
    """Rewrite the chunks and inline computed code in ``lines`` in place (module docstring); ``knitr``:
    the file is R Markdown or Quarto (its ```r x``` spans are computed even with no chunk)."""
    found = Chunks()
    fence = ""
    for n, line in enumerate(lines):
        if fence:
            m = _FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2):
                fence = ""
            continue
        header = _HEADER.match(line)
        if header and header.group("engine").lower() in ENGINES:
            _chunk(lines, n, header, found.options)
            fence = header.group("fence") if lines[n] else ""
            continue
        m = _FENCE.match(line)
        if m and m.group(1)[0] in "`~":
            fence = m.group(1)
    knitr = knitr or bool(found.options)
    fence = ""
    for n, line in enumerate(lines):
        m = _FENCE.match(line)
        if m and (not fence or (m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2))):
            fence = "" if fence else m.group(1)
            continue
        if fence or "`" not in line:
            continue
        spans = [*(_INLINE_R.finditer(line) if knitr else ()), *_INLINE_CELL.finditer(line)]
        for span in sorted(spans, key=lambda s: s.start()):
            found.computed.append((n + 1, span.group(0)))
        if spans:
            lines[n] = _INLINE_CELL.sub("", _INLINE_R.sub("", line) if knitr else line)
    return found


def _chunk(lines: list[str], n: int, header: re.Match[str], options: dict[int, dict[str, str]]) -> None:
    """The chunk whose header ``header`` is line ``n``: a fence of its language, its option lines blank,
    its options in ``options[n]``; the whole chunk blank when it is not included."""
    indent, marker = header.group("indent"), header.group("fence")
    engine = header.group("engine").lower()
    found = _knitr_options(header.group("rest"))
    end = n + 1
    option_lines: list[str] = []
    while end < len(lines) and (m := _OPTION_LINE.match(lines[end])):
        option_lines.append(m.group(1))
        lines[end] = indent.rstrip() if indent.strip() else ""  # a quote's marker kept: the quote goes on
        end += 1
    found.update(_quarto_options(option_lines))
    if found.get("include", "") in _FALSE:
        close = next((k for k in range(end, len(lines)) if _closes(lines[k], marker)), None)
        if close is not None:  # the page shows nothing of it
            for k in range(n, close + 1):
                lines[k] = ""
            return
    lines[n] = indent + marker + engine
    options[n] = {CHUNK: engine, **found}


def _closes(line: str, marker: str) -> bool:
    m = _FENCE.match(line)
    return bool(m and m.group(1)[0] == marker[0] and len(m.group(1)) >= len(marker) and not m.group(2))


def _knitr_options(rest: str) -> dict[str, str]:
    """knitr's options in a chunk header after its engine (``label, echo=FALSE, fig.cap="Rain"``), by
    Quarto's names (``fig.cap`` → ``fig-cap``); a value in quotes is its text, ``FALSE``/``F`` "false".
    A value that is R code (``fig.cap=paste(...)``) is no text narrate can say: left out."""
    found: dict[str, str] = {}
    for key, value in _KNITR_OPTION.findall(rest):
        value = value.strip()
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1:
            value = value[1:-1]
        elif value.upper() in ("FALSE", "F", "TRUE", "T"):
            value = "false" if value.upper().startswith("F") else "true"
        else:
            continue
        found[key.replace(".", "-").lower()] = value
    return found


def _quarto_options(option_lines: list[str]) -> dict[str, str]:
    """Quarto's ``#|`` option lines (YAML) as text values by name (``fig.cap`` → ``fig-cap``); a
    caption list (one caption a figure) joined into sentences. Lines that are no YAML mapping: none."""
    if not option_lines:
        return {}
    try:
        loaded = yaml.safe_load("\n".join(option_lines))
    except yaml.YAMLError:
        return {}
    if not isinstance(loaded, dict):
        return {}
    found: dict[str, str] = {}
    for key, value in loaded.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, list):
            value = ". ".join(str(v).strip().rstrip(".") for v in value if v is not None)
        elif value is None:
            continue
        found[str(key).replace(".", "-").lower()] = str(value).strip()
    return found


def shown(options: dict[str, str]) -> tuple[bool, str]:
    """What the page shows of a chunk with ``options`` (:attr:`Chunks.options`): whether its code is
    shown (``echo``), and the caption of the figure it draws ("" when none is shown)."""
    echo = all(options.get(key, "true").lower() not in _FALSE for key in ("echo", "include"))
    drawn = all(options.get(key, "true").lower() not in _FALSE for key in ("eval", "output", "include"))
    return echo, options.get("fig-cap", "").strip() if drawn else ""
