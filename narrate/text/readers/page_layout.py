"""The layout of a whole lesson web page as a user copies it (a browser's "select all", or ``w3m -dump``):
the site's navigation before the lesson's title, the site's footer after it, horizontal rules, the
labels of the page's boxes ("Callout", "Challenge", "Show me the solution") and code blocks.

:func:`drop_site_frame` blanks the navigation before the title and the footer after the lesson, with
one warning each (file:line, how many lines); :func:`code_blocks` finds the code and program output
(never read aloud: the listener hears a cue and the code goes to the show notes). Used by
:mod:`narrate.text.readers.page`.
"""

from __future__ import annotations

import re
from pathlib import Path

from narrate.errors import warn
from narrate.model import CodeBlock
from narrate.text.chrome import chrome_kind

# ---------------------------------------------------------------- box labels

OVERVIEW_LABELS = re.compile(r"^(?:overview|questions|objectives|key ?points|takeaways|learning objectives)$", re.I)
EXERCISE_LABEL = re.compile(r"^(?:challenge|exercise|discussion|activity)(?:\s+\d+)?$", re.I)
CALLOUT_LABEL = re.compile(
    r"^(?:callout|caution|testimonial|prerequisite|prereq|checklist|instructor note|note|tip|hint|important)$", re.I
)
SOLUTION_MARK = re.compile(
    r"^(?:show (?:me )?(?:the )?solutions?|show (?:the )?answer|solution(?:\s*\d+|\s*[:\-–]\s*.{1,60})?|"
    r"click (?:here )?(?:for|to see) (?:the )?solution)$",
    re.I,
)


def box_label(text: str) -> bool:
    """True for the label of one of the page's boxes (never the lesson's title or subtitle)."""
    return bool(OVERVIEW_LABELS.match(text) or EXERCISE_LABEL.match(text) or CALLOUT_LABEL.match(text))


# ---------------------------------------------------------------- navigation and footer

_RULE = re.compile(r"^\s*[━─═—–_=~\-*·.•�]{8,}\s*$")
_FORM_FIELD = re.compile(r"^\s*\[\s*[*x ]?\s*\]\s*$")
_LAST_UPDATED = re.compile(r"^\s*last (?:updated|modified|edited)\b", re.I)
_PROSE = re.compile(r"^[^•◦▪‣●□\-*–\d\s].*[.!?:]$")
_PERMALINK = re.compile(r"(?<=[a-z0-9)?!])\s*[#¶]$")
_BULLET_LINE = re.compile(r"^\s*(?:[•◦▪‣●□*–-]|\d{1,3}[.)])(?:\s|$)")
_PAGER = re.compile(r"^(?:«\s*)?(?:previous|next|prev)(?:\s*»)?$", re.I)
_BYLINE = re.compile(r"^[Bb]y [A-Z][\w.'-]+(?: [A-Z][\w.'-]+){0,3}$")


def strip_permalink(text: str) -> str:
    """``"Air in a tank#"`` -> ``"Air in a tank"``: the anchor link a documentation site puts after a
    heading (``#`` or ``¶``). ``"Learning C#"`` keeps its ``#``."""
    return _PERMALINK.sub("", text) if len(text.split()) <= 14 else text


def drop_site_frame(lines: list[str], path: Path) -> list[str]:
    """``lines`` with horizontal rules, the site's navigation before the lesson's title and the site's
    footer after the lesson blanked (line numbers kept). Navigation is cut only on a page that shows
    it (a navigation line such as "Skip to main content" or "Menu", a search field, a rule or a menu
    list before the title); each cut is one warning naming its first line and how many lines it held."""
    lines = ["" if _RULE.match(line) else line for line in lines]
    title = _title_line(lines)
    if title:
        count = sum(1 for line in lines[:title] if line.strip())
        warn(f"dropped {count} lines of site navigation before the title (lines 1-{title})", path, 1)
        lines = [""] * title + lines[title:]
    foot = _footer_start(lines, title)
    if foot is not None:
        count = sum(1 for line in lines[foot:] if line.strip())
        warn(f"dropped {count} lines of site footer after the lesson", path, foot + 1)
        lines = lines[:foot] + [""] * (len(lines) - foot)
    return lines


def _text_lines(lines: list[str]) -> list[int]:
    return [n for n, line in enumerate(lines) if line.strip()]


def _title_like(line: str) -> bool:
    text = " ".join(line.split())
    return (
        bool(text)
        and not _BULLET_LINE.match(line)
        and not chrome_kind(text)
        and not box_label(text)
        and len(text.split()) <= 14
        and strip_permalink(text).rstrip("\"'”’)]» ")[-1:] not in ".!?:;,…"
    )


def _title_before(lines: list[str], anchor: int) -> int | None:
    """The last title-like line before ``anchor`` (0-based), over blank, chrome and box-label lines."""
    for n in range(anchor - 1, -1, -1):
        text = " ".join(lines[n].split())
        if not text or chrome_kind(text) or box_label(text) or _FORM_FIELD.match(lines[n]):
            continue
        return n if _title_like(lines[n]) else None
    return None


def _shows_navigation(lines: list[str]) -> bool:
    bullets = sum(1 for line in lines if _BULLET_LINE.match(line))
    return bullets >= 3 or any(
        _FORM_FIELD.match(line) or chrome_kind(line) in ("navigation", "sign-in", "breadcrumb") for line in lines
    )


def _title_line(lines: list[str]) -> int:
    """0-based line of the lesson's title when site navigation comes before it, else 0. The title is
    the title-like line before the first of: "Last updated on ...", an overview box ("Questions" or
    "Objectives" over a list), the first sentence of prose."""
    anchors: list[int] = []
    text = _text_lines(lines)
    for n in text:
        if _LAST_UPDATED.match(lines[n]):
            anchors.append(n)
            break
    for i, n in enumerate(text[:-1]):
        if OVERVIEW_LABELS.match(" ".join(lines[n].split())) and _BULLET_LINE.match(lines[text[i + 1]]):
            anchors.append(n)
            break
    for n in text:
        words = lines[n].split()
        prose = (len(words) >= 5 and _PROSE.match(" ".join(words))) or (len(words) >= 12 and _prose(lines[n] + "."))
        if prose and not _BULLET_LINE.match(lines[n]) and not chrome_kind(lines[n]):
            anchors.append(n)
            break
    for anchor in sorted(anchors):
        title = _title_before(lines, anchor)
        if title is None:
            continue
        before = lines[:title]
        if _shows_navigation(before) and any(x.strip() and not chrome_kind(x) for x in before):
            return title  # (a header of chrome lines only is left to the chrome filter, which names each)
        return 0
    return 0


def _footer_start(lines: list[str], start: int) -> int | None:
    """0-based first line of the site footer (pager, licence, "Built with", copyright, byline ...) at
    the end of the page, or None. Only lines that are all footer are taken, from the end backwards."""
    text = [n for n in _text_lines(lines) if n >= start]
    first: int | None = None
    i = len(text) - 1
    while i >= 0:
        n = text[i]
        line = " ".join(lines[n].split())
        if chrome_kind(line) or _PAGER.match(line) or _BYLINE.match(line):
            first = n
            i -= 1
            continue
        if i >= 1 and _PAGER.match(" ".join(lines[text[i - 1]].split())) and _title_like(lines[n]):
            first = text[i - 1]  # "next" over the next page's title
            i -= 2
            continue
        break
    footer = [" ".join(lines[n].split()) for n in text if first is not None and n >= first]
    if not any(chrome_kind(x) in ("footer", "page tools", "tabs", None) for x in footer):
        return None  # lines the chrome filter names one by one (cookies, newsletter ...)
    return first


# ---------------------------------------------------------------- code

_CODE_LABEL = re.compile(
    r"^(?:sql|bash|sh|shell|console|output|error|warning|python|r|julia|yaml|json|html|css|javascript|js|"
    r"make|makefile|code|cpp|c\+\+|c|fortran|matlab|ruby|perl|go|rust|java|powershell|cmd|text|plaintext|"
    r"language-\w+)$",
    re.I,
)
_OUTPUT_LABEL = re.compile(r"^(?:output|error|warning)$", re.I)
_CODE_START = re.compile(
    r"^\s*(?:\$ \S|>>> |#include\b|#!|import \w|from [\w.]+ import\b|def \w+\(|class \w+[:(]|return\b|proc \w|"
    r"func \w|function \w|var \w|let \w|const \w|using \w|@\w|end$|\}|\{|if \(|for \(|while \(|"
    r"(?i:select\b.*\bfrom\b)|\.PHONY\b|include \S+\.mk$|\S+\s+:(?:\s|$)|[A-Z_][A-Z0-9_]*\s*[:+?]?=|"
    r"[\w.\[\]]+\s*(?:=|<-|\+=)\s*\S|[\w.:]+\(.*\)\s*[;{,]?$|(?:#|//) ?\S|-- \S|\[\s*\d+%\]|={5,}|-{5,}|_{5,})"
)
_SYMBOLS = set("{}[]<>=;$@#%\\|_*^~/+")


_MARKUP = re.compile(r"</?[a-zA-Z][^<>]*>|&#?\w+;|\[\^?\d+\]")  # HTML and footnote marks: text, not code


def _code_like(raw: str) -> bool:
    if _CODE_START.match(raw):
        return not _prose(raw.strip())
    line = " ".join(_MARKUP.sub(" ", raw).split())
    if not line:
        return False
    symbols = sum(ch in _SYMBOLS for ch in line)
    if symbols >= 2 and symbols / len(line) >= 0.08 and not _prose(line):
        return True
    return bool(re.search(r"\S {2,}\S.* {2,}\S", line)) and not _prose(line)  # columns of output


def _prose(line: str) -> bool:
    """A sentence: six or more words, most of them plain words, ending as a sentence does."""
    words = _MARKUP.sub(" ", line).split()
    line = " ".join(words)
    plain = sum(bool(re.fullmatch(r"[\"'“‘(]?[A-Za-z][a-z'’-]*[.,;:!?\"'”’)]*", w)) for w in words)
    return len(words) >= 6 and plain / len(words) >= 0.7 and line[-1:] in '.!?:,;)"”’'


def code_blocks(lines: list[str]) -> tuple[list[str], dict[int, CodeBlock]]:
    """``lines`` with every code block blanked, and the blocks by their first line (1-based).

    A block is a run of lines after a language label ("SQL", "BASH", "OUTPUT": the label is dropped),
    or a run of lines that look like code (a shell prompt, ``def``, braces, assignments, columns of
    output) with no sentence of prose in it. Runs parted only by blank lines are one block."""
    out = list(lines)
    blocks: dict[int, CodeBlock] = {}
    runs: list[tuple[int, int]] = []  # [start, end) of non-blank runs
    n = 0
    while n < len(lines):
        if lines[n].strip():
            start = n
            while n < len(lines) and lines[n].strip():
                n += 1
            runs.append((start, n))
        n += 1
    pending_label: str | None = None
    last: tuple[int, int] | None = None  # (first line of the last block, index of its last run end)
    for start, end in runs:
        run = lines[start:end]
        label = " ".join(run[0].split()) if end - start == 1 and _CODE_LABEL.match(run[0].strip()) else None
        if label and not run[0].startswith(" "):
            out[start] = ""
            pending_label = label
            continue
        is_code = (pending_label is not None and not any(_prose(x.strip()) for x in run)) or (
            sum(map(_code_like, run)) * 2 >= len(run) and not any(_prose(x.strip()) for x in run)
        )
        if is_code and not (end - start == 1 and not _code_like(run[0]) and pending_label is None):
            output = bool(pending_label and _OUTPUT_LABEL.match(pending_label))
            code = "\n".join(x.rstrip() for x in run)
            if last is not None and all(not lines[k].strip() or not out[k].strip() for k in range(last[1], start)):
                first = last[0]
                prev = blocks[first]
                blocks[first] = CodeBlock(prev.code + "\n\n" + code, prev.language, prev.output and output, first)
            else:
                first = start + 1
                blocks[first] = CodeBlock(code, _language(pending_label), output, first)
            for k in range(start, end):
                out[k] = ""
            last = (first, end)
        else:
            last = None
        pending_label = None
    return out, blocks


def _language(label: str | None) -> str:
    if not label or _OUTPUT_LABEL.match(label):
        return ""
    return label.lower()
