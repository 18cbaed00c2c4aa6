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
    r"^(?:show (?:me )?(?:the )?solutions?|show (?:the )?answer|solution(?:\s*\d+|\s*[:\-–]\s*.{1,60}|"
    r" (?:to|of|for) (?:exercise|challenge|question)\s*[\d.]+)?|"
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
        pager = i >= 1 and _PAGER.match(" ".join(lines[text[i - 1]].split()))
        if pager and _title_like(re.sub(r"^\s*\d+(?:\.\d+)*\.?\s+", "", lines[n])):
            first = text[i - 1]  # "next" over the next page's title ("3. Hypothesis tests": a book's chapter)
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
    r"language-\w+|in \[\d*\]:|out\s?\[\d*\]:)$",
    re.I,
)
_OUTPUT_LABEL = re.compile(r"^(?:output|error|warning|out\s?\[\d*\]:)$", re.I)
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


# A shell or interpreter prompt at the start of a line: "$ ls", "(venv) $ pip ...", "user@host:~$ make",
# "% ls", ">>> x = 1", "In [3]: x", "PS C:\\> dir", "C:\\> dir".
_PROMPT = re.compile(
    r"^\s*(?:(?:\([\w.-]+\)\s*)?(?:[\w.-]+@[\w.-]+(?::[^\s$#]*)?\s*)?\$ \S|% [a-z]|>>> |"
    r"In \[\d*\]: ?|(?:PS )?[A-Z]:\\[^>]*> \S)"
)
# a line that begins program output wherever it stands: a traceback, a warning or error at file:line
_TRACE = re.compile(
    r"^(?:Traceback \(most recent call last\):|\S+:\d+:(?:\d+:)? \w*(?:Warning|Error|Exception)\b|"
    r"[A-Z]\w*(?:Error|Exception|Warning): )"
)
# a directory tree: "├── src", "│   └── main.py", "|-- data", "|   -- counts.csv", "`-- README"
_TREE = re.compile(r"^\s*(?=[│|┃├└┣┗`+])(?:[│|┃]\s*)*(?:[├└┣┗`+|]\s*)?(?:─{2}|-{2}|—)\S*\s*\S|^\s*[│┃]\s*$")
_COMMENT = re.compile(r"^\s*(?:#(?!include\b|!|define\b|pragma\b)|//)")
_MAKE_WORD = re.compile(r"[\w./$()%{}*<@^-]+")
_PHONY = {"all", "clean", "install", "check", "test", "help", "dist", "distclean"}
# code whatever the rest of the line says: a make or shell variable, echo of a quoted string
_STRONG = re.compile(r"\$\(\w+\)|\$\{\w+\}|^\s*(?:echo|printf)\s+[\"'$]")
_COMMAND = re.compile(
    r"^\s*(?:sudo\s+)?(?:cd \S+$|(?:echo|printf|mkdir|rm|cp|mv|ls|cat|grep|chmod|touch|export|pip3?|conda|wget|curl|"
    r"tar|git|python3?|Rscript|julia|make|cmake|ctest|pytest|npm|docker|module|srun|sbatch)(?:\s+\S+)*?"
    r"\s+(?:-{1,2}[\w-]+|[\"'$~./]\S*|\S+[./=]\S*)(?:\s|$))"
)
_OPENS_BLOCK = re.compile(r"(?:[:{(\[,\\]|\b(?:then|do|begin|else))$")
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")
_LINE_COMMENT = re.compile(r"(?:^|\s)(?:#(?!include\b|!)|//).*$")
_TRIPLE = re.compile(r"'''|\"\"\"")
_PLAIN_WORD = re.compile(r"[\"'“‘(]?[A-Za-z][a-z'’-]*[.,;:!?\"'”’)]*")
_STATUS = re.compile(r"\b(?:FAILED|PASSED|FAIL|PASS|ERROR|ERRORS|WARNING|SKIPPED|XFAIL|XPASS|DONE|SUCCESS)\b")
_OUTPUT_MARK = re.compile(r"^[^\w\"'“‘(]|[=|]|\.\.\.|::|->|\bv?\d+\.\d+\.\d+|\w/\w+/|^\S+(?: \S+){0,2}: \S|\w_\w")
_COLUMNS = re.compile(r"[\w)] {2,}[\w(-]")  # "taken  person  quant": the columns of a table
_HEADING_NUMBER = re.compile(r"^(?:step|part|exercise|example|section|chapter|task|lesson|day|week)\s+\d+\b:?", re.I)
_PERSON = re.compile(r"\b(?:we|you|your|our|us|let's|let us)\b", re.I)
_PRINTS = re.compile(
    r"\b(?:print|println|printf|writeln|puts|display|disp|cat|echo|console\.log|show)\b|^\s*(?i:select)\b", re.M
)


def _make_rule(line: str) -> bool:
    """A make rule: "results.txt: data.csv count.py", "%.dat : books/%.txt", "clean:" (a first target
    with a dot, "%" or "$", or a usual phony target; prerequisites that are files or variables)."""
    head, colon, tail = line.strip().partition(":")
    targets, needs = head.split(), tail.split()
    if not colon or not targets or tail.startswith(("=", ":")):
        return False
    if not all(_MAKE_WORD.fullmatch(w) for w in targets + needs):
        return False
    if targets[0] in _PHONY:
        return True
    return any(c in targets[0] for c in ".%$") and all(any(c in n for c in "./$%") for n in needs)


def _prompt(line: str) -> bool:
    """A line that starts with a prompt ("% of the days ..." is a sentence)."""
    match = _PROMPT.match(line)
    if match is None:
        return False
    return not (match.group().lstrip().startswith("%") and _reads_as_prose(line.lstrip()[2:]))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _reads_as_prose(line: str) -> bool:
    """A line of the lesson's text after program output: four or more words, nearly all plain, with
    none of output's marks (a status word, "=", "|", a path, a version, "label: value", a leading
    symbol, columns); or a sentence that speaks to the reader ("we", "you")."""
    text = " ".join(line.split())
    words = text.split()
    plain = sum(bool(_PLAIN_WORD.fullmatch(w)) for w in words) / max(len(words), 1)
    if _PERSON.search(text) and (_prose(text) or (text[-1:] in ".:!?" and plain >= 0.75)):
        return True  # "We get:", "Now you can see the file."
    if len(words) < 4 or _STATUS.search(text) or _OUTPUT_MARK.search(text) or _COLUMNS.search(line.strip()):
        return False
    return plain >= 0.75


def _output_line(line: str) -> bool:
    """A line a program printed: no sentence, with a digit, a symbol or columns in it."""
    text = strip_permalink(" ".join(line.split()))
    marked = re.search(r"\d|[_=|<>\[\]{}/\\@#$%^*~]", text) or _COLUMNS.search(line.strip())
    return bool(text) and not _reads_as_prose(line) and bool(marked)


def _printed(run: list[str], following: list[str] | None) -> bool:
    """True for what a program printed (after code that prints, or a query): no sentence, no line that
    starts as code does, mostly lines with a digit or a symbol (a table's header row may have neither),
    and no heading."""
    if len(run) > 40 or any(_prose(x.strip()) or _reads_as_prose(x) or _CODE_START.match(x) for x in run):
        return False
    if _heading(run, following):
        return False
    return sum(map(_output_line, run)) * 2 > len(run)


class _Carry:
    """What a code run leaves open for the next one: brackets, a triple-quoted string."""

    def __init__(self, depth: int = 0, in_string: bool = False, indent: int = 0) -> None:
        self.depth = depth
        self.in_string = in_string
        self.indent = indent  # of the run's least indented line

    def holds(self, run: list[str]) -> bool:
        """True if ``run`` goes on inside what is open: not a sentence at the code's own indentation."""
        first = run[0]
        open_ = self.depth > 0 or self.in_string
        return open_ and (_indent(first) > self.indent or not (_prose(first.strip()) or _reads_as_prose(first)))


def _code_flags(run: list[str], carry: _Carry) -> tuple[list[bool], list[bool], list[bool], _Carry]:
    """For each line of ``run``: (looks like code, is code whatever its words say, is a comment), and
    what the run leaves open. A line inside brackets or a triple-quoted string opened by code, a line
    indented under a code line that opens a block ("def f():", "{", a make rule), a directory tree
    line, a comment or a prompt is code even when its words read as a sentence."""
    depth, in_string = carry.depth, carry.in_string
    flags: list[bool] = []
    strong: list[bool] = []
    comments: list[bool] = []
    prev_code, prev_opens, prev_indent = False, False, 0
    for raw in run:
        inside = depth > 0 or in_string
        comment = bool(_COMMENT.match(raw))
        under = prev_code and prev_opens and _indent(raw) > prev_indent
        sure = inside or under or comment or bool(_TREE.match(raw) or _prompt(raw) or _STRONG.search(raw))
        code = sure or _code_like(raw) or bool(_COMMAND.match(raw) or _make_rule(raw))
        flags.append(code)
        strong.append(sure)
        comments.append(comment)
        if code:
            depth, in_string = _left_open(raw, comment, depth, in_string)
        prev_code, prev_indent = code, _indent(raw)
        stripped = _LINE_COMMENT.sub("", raw).rstrip()
        prev_opens = bool(_OPENS_BLOCK.search(stripped) or _make_rule(raw))
    return flags, strong, comments, _Carry(depth, in_string, min(map(_indent, run)))


def _left_open(raw: str, comment: bool, depth: int, in_string: bool) -> tuple[int, bool]:
    """What the code line ``raw`` (``comment``: a comment line) leaves open, given the brackets
    (``depth``) and triple-quoted string (``in_string``) open before it: (brackets, in a string)."""
    for _ in _TRIPLE.findall(raw):
        in_string = not in_string
    if not in_string and not comment:
        body = _LINE_COMMENT.sub("", _STRING.sub("''", _TRIPLE.sub("", raw)))
        depth = max(0, depth + sum(body.count(c) for c in "([{") - sum(body.count(c) for c in ")]}"))
    return depth, in_string


def _runs(lines: list[str]) -> list[tuple[int, int]]:
    """[start, end) of each run of non-blank lines; a language label over code ("BASH", "OUTPUT":
    :func:`_box_label_line`) is a run of its own wherever it stands, and the lesson's next sentence
    after its code starts a new run (a page copied without blank lines keeps its code boxes' labels)."""
    runs: list[tuple[int, int]] = []
    n = 0
    while n < len(lines):
        if lines[n].strip():
            start, labelled = n, False
            while n < len(lines) and lines[n].strip():
                if n > start and (_box_label_line(lines, n) or (labelled and _prose_after_code(lines[n]))):
                    runs.append((start, n))
                    start, labelled = n, False
                n += 1
                if _box_label_line(lines, n - 1) and n < len(lines) and lines[n].strip():
                    runs.append((start, n))
                    start, labelled = n, True
            if n > start:
                runs.append((start, n))
        n += 1
    return runs


def _prose_after_code(line: str) -> bool:
    """A line of the lesson's text right after a labelled code box's lines (no blank line between): a
    sentence, or a box's label ("Note", "Exercise 3")."""
    if line.startswith((" ", "\t")) or _prompt(line):
        return False
    return _reads_as_prose(line) or box_label(" ".join(line.split()))


def _box_label_line(lines: list[str], n: int) -> bool:
    """Line ``n`` is an unindented language label ("BASH", "Python", "OUTPUT") alone on its line, over
    code (a "Python" heading over a sentence is the lesson's heading)."""
    line = lines[n]
    if line.startswith((" ", "\t")) or not _CODE_LABEL.match(line.strip()):
        return False
    nxt = lines[n + 1] if n + 1 < len(lines) else ""
    return not nxt.strip() or not _reads_as_prose(nxt) or nxt.strip().lower() == "copy"


def _ends_output(run: list[str], following: list[str] | None) -> bool:
    """True if ``run``, after a shell session's output, is the lesson again: a sentence, a list item,
    a box label, or a heading (one short line over a sentence)."""
    first = " ".join(run[0].split())
    if _BULLET_LINE.match(run[0]) or box_label(first) or SOLUTION_MARK.match(first) or _CODE_LABEL.match(first):
        return True
    if _reads_as_prose(first):
        return True
    if following is not None and len(following) == 1 and _CODE_LABEL.match(following[0].strip()):
        return not any(map(_code_like, run))  # a line that introduces the labelled output below it
    return _heading(run, following)


def _heading(run: list[str], following: list[str] | None) -> bool:
    """One short line of plain words ("Next steps", "Step 2: Plot it") over a sentence."""
    first = _HEADING_NUMBER.sub("", " ".join(run[0].split()))
    words = first.split()
    plain = all(_PLAIN_WORD.fullmatch(w) for w in words)
    return len(run) == 1 and _title_like(run[0]) and plain and following is not None and _reads_as_prose(following[0])


def code_blocks(lines: list[str]) -> tuple[list[str], dict[int, CodeBlock]]:
    """``lines`` with every code block blanked, and the blocks by their first line (1-based).

    A block is a run of lines after a language label ("SQL", "BASH", "OUTPUT": the label is dropped),
    or a run of lines that look like code (a shell prompt, ``def``, braces, assignments, comments, a
    directory tree, a make rule and its recipe, columns of output) with no sentence of prose in it
    (lines inside brackets or a string opened by code are code, whatever they say). A shell session
    (a line starting with a prompt: ``$``, ``%``, ``>>>``, ``In [1]:``) goes on over blank lines with
    the program's output until the lesson's text comes back (a sentence, a list, a heading); a
    traceback or warning is output; lines a program printed just after code that prints are its
    output. Runs parted only by blank lines are one block."""
    scan = _CodeScan(lines)
    for i in range(len(scan.runs)):
        scan.read_run(i)
    return scan.out, scan.blocks


class _CodeScan:
    """:func:`code_blocks` run by run: the lines left (``out``), the blocks found, and what the last
    runs leave for the next one (a label, the last block, what code leaves open, a shell session,
    code that prints)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.out = list(lines)
        self.blocks: dict[int, CodeBlock] = {}
        self.runs = _runs(lines)
        self.pending_label: str | None = None
        self.last: tuple[int, int] | None = None  # (first line of the last block, index of its last run end)
        self.carry = _Carry()
        self.session: bool = False  # the last block is a shell session: its output may go on after a blank line
        self.prints = False  # the last run is code that prints: what it printed may follow

    def read_run(self, i: int) -> None:
        """Reads run ``i``: a label (kept for the next run), a code block (blanked in ``out``, added to
        ``blocks`` or to the block it continues) or lesson text (which ends any block)."""
        start, end = self.runs[i]
        run = self.lines[start:end]
        if self._label(run, start):
            return
        after = self._after_block(start)
        flags, strong, comments, left = _code_flags(run, self.carry if after and self.carry.holds(run) else _Carry())
        kind = self._kind(run, i, after, flags, strong, comments)
        if kind is None:
            self.last = None
            self.carry = _Carry()
            self.session = self.prints = False
        else:
            self._take(run, start, end, after, kind, left)
        self.pending_label = None

    def _label(self, run: list[str], start: int) -> bool:
        """True (the label blanked and kept for the next run) when ``run`` is one unindented language
        label ("SQL", "OUTPUT")."""
        if len(run) != 1 or not _CODE_LABEL.match(run[0].strip()) or run[0].startswith(" "):
            return False
        self.out[start] = ""
        self.pending_label = " ".join(run[0].split())
        self.session = False
        return True

    def _after_block(self, start: int) -> bool:
        """True when the run at ``start`` follows the last block with only blank lines between."""
        last = self.last
        return last is not None and all(
            not self.lines[k].strip() or not self.out[k].strip() for k in range(last[1], start)
        )

    def _following(self, i: int) -> list[str] | None:
        """The lines of the run after run ``i`` (None for the last run)."""
        return self.lines[self.runs[i + 1][0] : self.runs[i + 1][1]] if i + 1 < len(self.runs) else None

    def _kind(
        self, run: list[str], i: int, after: bool, flags: list[bool], strong: list[bool], comments: list[bool]
    ) -> str | None:
        """What run ``i`` is (``after``: it follows the last block; ``flags``, ``strong``, ``comments``
        from :func:`_code_flags`): "code", "continued" (a shell session's output), "printed" (what code
        that prints printed), or None (lesson text)."""
        prose = any(_prose(x.strip()) for x, sure in zip(run, strong) if not sure)
        if self.pending_label is not None:
            return None if prose else "code"
        if _prompt(run[0]) or _TRACE.match(run[0].strip()):
            return "code"
        if after and self.session and not _ends_output(run, self._following(i)):
            return "continued"
        if after and self.prints and _printed(run, self._following(i)):
            return "printed"
        return "code" if not prose and _mostly_code(flags, comments, after) else None

    def _take(self, run: list[str], start: int, end: int, after: bool, kind: str, left: _Carry) -> None:
        """Takes the code run ``lines[start:end]`` of ``kind`` (see :meth:`_kind`; ``left``: what it
        leaves open) as a block, or as more of the last one when it follows it (``after``)."""
        output = bool(self.pending_label and _OUTPUT_LABEL.match(self.pending_label))
        code = "\n".join(x.rstrip() for x in run)
        prompt = _prompt(run[0])
        if after and self.last is not None:
            first = self.last[0]
            prev = self.blocks[first]
            self.blocks[first] = CodeBlock(prev.code + "\n\n" + code, prev.language, prev.output and output, first)
        else:
            first = start + 1
            language = _language(self.pending_label) or ("console" if prompt else "")
            self.blocks[first] = CodeBlock(code, language, output, first)
        for k in range(start, end):
            self.out[k] = ""
        self.last = (first, end)
        self.carry = _Carry() if prompt or kind != "code" else left  # output opens nothing
        self.session = prompt or (self.session and after and not self.pending_label)
        self.prints = kind != "printed" and not output and bool(_PRINTS.search(code))


def _mostly_code(flags: list[bool], comments: list[bool], after: bool) -> bool:
    """True when at least half of a run's lines look like code (``flags``) and one of them is more than
    a comment (``comments``), or the run follows a block (``after``)."""
    real = sum(f and not c for f, c in zip(flags, comments))
    return sum(flags) * 2 >= len(flags) and (real >= 1 or after)


def _language(label: str | None) -> str:
    if not label or _OUTPUT_LABEL.match(label):
        return ""
    return label.lower()
