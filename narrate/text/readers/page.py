"""Plain-text lesson page reader: text copied from a lesson web page → :class:`Lesson`.

Expected shape (every part but the title optional; see docs/content-format.md)::

    Free sample lesson · <Course>            page chrome (dropped)
    <Title>
    <Subtitle question?>
    Lesson N of the <X> course <Course>      chrome (gives the lesson number)
    Overview: <title again> / <title again>  duplicated title lines (dropped)
    <Intro paragraph.>                       → Lesson.summary
    <Heading>                                a short line without final punctuation + body
    <Paragraph.>
    <List title>                             a short line directly followed by bullets
      • Label: item
    <Lens title>                             one bullet under a title → Callout
      • text
    <Figure caption>                         a short line with no body before the next heading
    Check yourself                           quiz: prompt, options (bullets), "Answer: ...", explanation
    Keep going                               "This is lesson N of M ..." + numbered next lessons
    Start this course free / site blurb      trailing chrome (dropped)

Mojibake is repaired first (:func:`narrate.text.readers.common.repair_text`). Page chrome lines
(navigation, sign-in, sharing, reading time, cookies, advertising, newsletter, breadcrumbs: see
:mod:`narrate.text.chrome`) are dropped wherever they sit, as are the header's site lines and a
trailing call to action; each dropped line is named in ``Lesson.dropped``. Every text goes
through :func:`narrate.text.markup.clean_text` (HTML, footnote markers, words split at a line break).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from narrate.errors import Collector, ContentError, warn
from narrate.model import (
    PROMPT_CUES,
    BulletList,
    Callout,
    Caption,
    CodeBlock,
    Lesson,
    Paragraph,
    Question,
    Section,
)
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.chrome import chrome_kind
from narrate.text.markup import clean_text
from narrate.text.readers import page_layout as layout
from narrate.text.readers.common import (
    blank_answers,
    count_blanks,
    default_id,
    duplicate_option,
    match_option,
    repair_text,
)
from narrate.text.readers.markers import (
    ANSWER_WORDS,
    EXPLANATION_WORDS,
    NEXT_HEADINGS,
    QUIZ_HEADINGS,
    alternatives,
    lesson_of,
)
from narrate.yamlio import read_text

_BULLET = re.compile(r"^\s*[•◦▪‣●\-*–]\s+(\S.*)$")
_NUMBERED = re.compile(r"^\s*(\d{1,3})[.)]\s+(\S.*)$")
_ANSWER = re.compile(r"^\s*(?:" + alternatives(ANSWER_WORDS) + r")\s*[:：]\s*(.*)$", re.I)
_FINAL_PUNCT = ".!?:;,…"
_QUIZ = re.compile(r"^(" + alternatives(QUIZ_HEADINGS) + r")(?!\w)", re.I)
_NEXT = re.compile(r"^(" + alternatives(NEXT_HEADINGS) + r")(?!\w)", re.I)
_EXPLANATION_LABEL = re.compile(r"^(?:" + alternatives(EXPLANATION_WORDS) + r")\s*[:：]\s*", re.I)
_LESSON, _OF = lesson_of()
_LESSON_OF = re.compile(r"^(?:this is )?(?:" + _LESSON + r") (\d+) (?:" + _OF + r")(?!\w)", re.I)
_COURSE_NAME = re.compile(
    r"^lesson \d+ of (?:the )?(?:.*?\bcourse:?\s+)(?P<name>.+?)\.?$"
    r"|^this is lesson \d+ of \d+ in (?P<name2>.+?)\.(?:\s|$)",
    re.I,
)
_CHROME = re.compile(
    r"\b(free sample lesson|sample lesson|sign ?up|log ?in|subscribe|start (this|the|your) course|"
    r"get the app|download the app|create (a |an )?(free )?account)\b",
    re.I,
)
_CTA = re.compile(
    r"^(start|begin|continue|unlock|get|try|join|sign ?up|subscribe|log ?in|download)\b.*\b"
    r"(free|course|trial|now|today|app|account|access|premium)\b",
    re.I,
)
_BREADCRUMB = re.compile(r"\s[·|›»/]\s")


@dataclass
class _Item:
    kind: str  # "title" | "para" | "bullets" | "numbered" | "answer" | "block" (a code block, a callout)
    text: str
    line: int
    items: list[str] = field(default_factory=list)
    block: CodeBlock | Callout | None = None


def read_page(path: Path, number: int = 0, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read a plain-text lesson page (shape in the module docstring).

    ``number`` is used when the page has no "Lesson N of" line; ``language`` (a BCP 47 tag) picks the
    word list for joining words hyphenated across a line break.

    Raises:
        ContentError: empty or unreadable file, no title, a question without an "Answer:" line
            (at the question's line), an answer that is not one of the options (at its line).
    """
    text = repair_text(read_text(path))
    dropped: list[tuple[str, str, int]] = []
    lines = layout.drop_site_frame(text.splitlines(), path)
    lines = _drop_chrome_lines(lines, dropped)
    lines, code = layout.code_blocks(lines)
    items = _items(lines, code)
    if not items:
        raise ContentError("file is empty" if not dropped else "the file holds nothing but page chrome", path)
    items, overview, keypoints = _boxes(_cleaned(items, language))
    number = _lesson_number(items) or number
    course = _course_name(items)
    title, subtitle, start = _header(items, course, path, dropped, overview[0].line if overview else None)
    items = _cut_trailing_chrome(items, start, dropped)
    quiz_at, next_at = _quiz_and_next(items, start)
    end_body = min(x for x in (quiz_at, next_at, len(items)) if x is not None)
    body, exercises = _exercises(_callouts(items[start:end_body]), path)
    intro, sections = _body(body, dropped, title)
    quiz: tuple[Question, ...] = tuple(exercises)
    if quiz_at is not None:
        quiz_end = next_at if next_at is not None and next_at > quiz_at else len(items)
        quiz += _quiz(items[quiz_at + 1 : quiz_end], path)
    if not sections:
        if not intro:
            raise ContentError("no lesson text found (a heading line followed by paragraphs)", path)
        sections = [Section(title, tuple(Paragraph(t, n) for t, n in intro), intro[0][1])]
        intro = []  # now the one section: not read twice as the summary too
    return Lesson(
        id=default_id(path),
        title=title,
        subtitle=subtitle,
        summary=" ".join(t for t, _ in intro),
        sections=tuple(overview + sections + keypoints),
        quiz=quiz,
        next_lessons=_next_lessons(items, next_at),
        number=number,
        source=path,
        dropped=tuple(f'{kind} "{text}" (line {line})' for kind, text, line in sorted(dropped, key=lambda d: d[2])),
    )


def _cleaned(items: list[_Item], language: str) -> list[_Item]:
    """``items`` with their texts cleaned (:func:`narrate.text.markup.clean_text` in ``language``,
    spaces collapsed, permalinks dropped); those left with no text (markup only) dropped."""
    for item in items:
        item.text = layout.strip_permalink(" ".join(clean_text(item.text, language).split()))
        item.items = [t for t in (" ".join(clean_text(i, language).split()) for i in item.items) if t]
    return [i for i in items if i.text or i.items or i.kind in ("answer", "block")]  # markup with no text in it


def _quiz_and_next(items: list[_Item], start: int) -> tuple[int | None, int | None]:
    """Where the quiz ("Check yourself") and the next lessons ("Keep going", or "This is lesson N of
    M ...") start in ``items`` from ``start`` (None: not on the page)."""
    quiz_at = _find(items, start, lambda i: i.kind == "title" and _QUIZ.match(i.text))
    next_at = _find(items, start, lambda i: i.kind == "title" and _NEXT.match(i.text))
    if next_at is None:
        next_at = _find(
            items, start, lambda i: i.kind in ("title", "para") and i.text.lower().startswith("this is lesson")
        )
    return quiz_at, next_at


def _next_lessons(items: list[_Item], next_at: int | None) -> tuple[str, ...]:
    """The next lessons: the first list at or after ``next_at`` (none when it is None)."""
    if next_at is None:
        return ()
    lists = [i for i in items[next_at:] if i.kind in ("numbered", "bullets")]
    return tuple(lists[0].items) if lists else ()


def _drop_chrome_lines(lines: list[str], dropped: list[tuple[str, str, int]]) -> list[str]:
    """The page's lines with every chrome line (:func:`narrate.text.chrome.chrome_kind`) blanked."""
    out = []
    for number, line in enumerate(lines, start=1):
        kind = chrome_kind(line) if line.strip() else None
        if kind:
            dropped.append((kind, " ".join(line.split()), number))
            line = ""
        out.append(line)
    return out


# ---------------------------------------------------------------- lines → items


def _title_like(text: str) -> bool:
    stripped = text.rstrip("\"'”’)]» ")
    return bool(stripped) and stripped[-1] not in _FINAL_PUNCT and len(text.split()) <= 14 and len(text) <= 100


def _items(lines: list[str], code: dict[int, CodeBlock] | None = None) -> list[_Item]:
    """Group lines (blank-line separated) into title / para / bullets / numbered / answer items; a code
    block found by :func:`narrate.text.readers.page_layout.code_blocks` (``code``: by its first line)
    is a "block" item where it stood."""
    code = code or {}
    grouper = _Grouper(lines)
    for number, raw in enumerate(lines, start=1):
        if number in code:
            grouper.flush_text()
            grouper.items.append(_Item("block", "", number, block=code[number]))
        else:
            grouper.line(number, raw)
    grouper.flush_text()
    return grouper.items


class _Grouper:
    """:func:`_items` line by line: the items so far and the run of text lines not yet made items."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.items: list[_Item] = []
        self.text_run: list[tuple[int, str]] = []

    def flush_text(self) -> None:
        """Makes the run of text lines title and para items (a line starting in lower case after a line
        without final punctuation continues it: hard-wrapped text; pasted pages put each paragraph on
        one line)."""
        units: list[list] = []
        for number, line in self.text_run:
            joins = units and line[:1].islower() and units[-1][1][-1:] not in _FINAL_PUNCT
            if joins and not layout.box_label(
                " ".join(units[-1][1].split())
            ):  # "Key Points" over "wc counts ...": a box
                units[-1][1] += ("\n" if units[-1][1].endswith("-") else " ") + line  # "ex-" / "pand"
            else:
                units.append([number, line])
        for number, line in units:
            self.items.append(_Item("title" if _title_like(line) else "para", line, number))
        self.text_run.clear()

    def line(self, number: int, raw: str) -> None:
        """Takes the line ``raw`` (1-based ``number``, no code block): a blank line, an answer, a list
        entry, a bullet's indented continuation or a line of text."""
        line = " ".join(raw.split())
        if not line:
            self.flush_text()
            return
        bullet, numbered, answer = _BULLET.match(raw), _NUMBERED.match(raw), _ANSWER.match(raw)
        if answer and _names_exercise(line, self.items, self.text_run):
            answer = None  # "Solution: Local-2" under the exercise "Local-2: ...": its solution mark
        if answer:
            self.flush_text()
            self.items.append(_Item("answer", answer.group(1).strip(), number))
        elif bullet is not None:
            self.entry(number, "bullets", " ".join(bullet.group(1).split()))
        elif numbered is not None:
            self.entry(number, "numbered", " ".join(numbered.group(2).split()))
        elif self.continues_entry(number, raw):
            self.items[-1].items[-1] += " " + line  # indented continuation of a bullet
        else:
            self.text_run.append((number, line))

    def entry(self, number: int, kind: str, entry: str) -> None:
        """Takes a list entry at line ``number`` (``kind``: "bullets" or "numbered"): more of the list
        just above, or a new list (titled by a single title-like line of text just above it)."""
        items, text_run = self.items, self.text_run
        last = items[-1] if items and not text_run else None
        if last is not None and last.kind == kind and last.line < number and _adjacent(self.lines, number):
            last.items.append(entry)
            return
        title = ""
        if len(text_run) == 1 and _title_like(text_run[0][1]):
            title = text_run.pop()[1]
            start = number - 1
        else:
            self.flush_text()
            start = number
        items.append(_Item(kind, title, start, [entry]))

    def continues_entry(self, number: int, raw: str) -> bool:
        """True when the indented line ``raw`` right under a list (no text between) continues its last entry."""
        items = self.items
        return (
            bool(items)
            and not self.text_run
            and items[-1].kind in ("bullets", "numbered")
            and _adjacent(self.lines, number)
            and raw[:1].isspace()
        )


def _names_exercise(line: str, items: list[_Item], text_run: list[tuple[int, str]]) -> bool:
    """True for a solution mark that names an exercise titled above ("Solution: Local-2" after
    "Local-2: Compare floats"): the start of that exercise's solution, not a quiz's answer line."""
    named = re.match(r"^solutions?\s*[:\-–]\s*(\S.*)$", line, re.I)
    if not named or not layout.SOLUTION_MARK.match(line) or not re.search(r"[^\W\d_]\w", named.group(1)):
        return False
    name = re.compile(r"(?<![\w-])" + re.escape(named.group(1)) + r"(?![\w-])", re.I)
    return any(i.kind == "title" and name.search(i.text) for i in items) or any(
        _title_like(t) and name.search(t) for _, t in text_run
    )


def _adjacent(lines: list[str], number: int) -> bool:
    """True if the line before ``number`` (1-based) is not blank."""
    return number >= 2 and bool(lines[number - 2].strip())


# ---------------------------------------------------------------- header and chrome


def _lesson_number(items: list[_Item]) -> int:
    for item in items:
        match = _LESSON_OF.match(item.text)
        if match and item.kind in ("title", "para"):
            return int(match.group(1))
    return 0


def _course_name(items: list[_Item]) -> str:
    for item in items:
        match = _COURSE_NAME.match(item.text) if item.kind in ("title", "para") else None
        if match:
            return (match.group("name") or match.group("name2") or "").strip()
    return ""


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.casefold()))


def _is_chrome(text: str, course: str) -> bool:
    if _CHROME.search(text) or _LESSON_OF.match(text) or _BREADCRUMB.search(text):
        return True
    return bool(course) and text.casefold().rstrip(". ").endswith(course.casefold())


def _header(
    items: list[_Item], course: str, path: Path, dropped: list[tuple[str, str, int]], box_line: int | None = None
) -> tuple[str, str, int]:
    """(title, subtitle, index of the first body item); site lines of the header go to ``dropped``.
    ``box_line``: the line of the page's overview box, which ends the header (the heading after it
    opens the lesson's first section, it is no subtitle)."""
    end = next(
        (
            n
            for n, i in enumerate(items)
            if (i.kind != "title" and not (i.kind == "para" and i.text.endswith("?")))
            or layout.box_label(i.text)
            or (box_line is not None and i.line > box_line)
        ),
        len(items),
    )
    kept: list[int] = []
    for n in range(end):
        text = items[n].text
        if _is_chrome(text, course):
            dropped.append(("site", text, items[n].line))
            continue
        if kept and not text.endswith("?") and _words(items[kept[0]].text) <= _words(text):
            dropped.append(("repeated title", text, items[n].line))
            continue  # the title repeated ("Overview: <title> in <course>", "<title> of <course>")
        kept.append(n)
    if not kept:
        raise ContentError("no lesson title found", path, items[0].line if items else None)
    title = items[kept[0]].text
    subtitle = items[kept[1]].text if len(kept) > 1 else ""
    start = kept[2] if len(kept) > 2 else end
    return title, subtitle, start


def _cut_trailing_chrome(items: list[_Item], start: int, dropped: list[tuple[str, str, int]]) -> list[_Item]:
    """Drop a call to action ("Start this course free") after the last answer, and all after it
    (named in ``dropped``)."""
    answers = [n for n, i in enumerate(items) if i.kind == "answer"]
    begin = answers[-1] + 1 if answers else start
    for n in range(begin, len(items)):
        if items[n].kind == "title" and _CTA.match(items[n].text):
            dropped.extend(
                ("call to action" if m == n else "site", items[m].text, items[m].line) for m in range(n, len(items))
            )
            return items[:n]
    return items


def _find(items: list[_Item], start: int, test) -> int | None:
    for n in range(start, len(items)):
        if test(items[n]):
            return n
    return None


# ---------------------------------------------------------------- boxes: overview, callouts, exercises

_CUE_CODE, _CUE_OUTPUT = list(PROMPT_CUES)[:2]  # the script says each as its phrase
_LIST_ROLES = {"questions": ("Questions", "title.questions"), "objectives": ("Objectives", "title.objectives")}


def _label_key(text: str) -> str:
    key = text.casefold().replace(" ", "")
    return {"learningobjectives": "objectives", "takeaways": "keypoints"}.get(key, key)


def _boxes(items: list[_Item]) -> tuple[list[_Item], list[Section], list[Section]]:
    """Take out a page's "Questions" / "Objectives" box (its outline: an "Overview" section, read once
    as the introduction) and its "Key points" box (a last "Key points" section). A label counts only
    over a list; "Overview" goes with the box it heads."""
    lists: list[BulletList] = []
    keypoints: list[Section] = []
    out: list[_Item] = []
    overview_line = 0
    n = 0
    while n < len(items):
        item = items[n]
        nxt = items[n + 1] if n + 1 < len(items) else None
        key = _label_key(item.text) if layout.OVERVIEW_LABELS.match(item.text) else ""
        box = _box_list(items, n, key) or _box_lines(items, n, key, bool(lists) or overview_line > 0)
        if box is None:
            if _box_heading(item, nxt, key):
                overview_line = overview_line or item.line  # the box's own heading
            else:
                out.append(item)
            n += 1
            continue
        entries, line, n = box
        if key == "keypoints":
            keypoints = [Section("Key points", (BulletList(tuple(entries), None, line),), line, "title.keypoints")]
        elif key in _LIST_ROLES:
            title, role = _LIST_ROLES[key]
            lists.append(BulletList(tuple(entries), title, line, role))
            overview_line = overview_line or line
        else:
            out.append(item)  # "Overview" over a list: an ordinary titled list
            if item.kind == "title" and nxt is not None:
                out.append(nxt)
    overview = [Section("Overview", tuple(lists), overview_line, "title.overview")] if lists else []
    return out, overview, keypoints


def _box_list(items: list[_Item], n: int, key: str) -> tuple[list[str], int, int] | None:
    """The list of the box labelled ``key`` (its label's key; "": no label) at ``items[n]``: (its
    entries, the label's line, the index after it), or None when no list is under the label. A loose
    list (its items parted by blank lines) is one list, except under "Overview"."""
    item = items[n]
    nxt = items[n + 1] if n + 1 < len(items) else None
    if not key:
        return None
    if item.kind in ("bullets", "numbered") and len(item.items) >= 1:
        entries, line, n = item.items, item.line, n + 1  # "Questions" directly over its list
    elif item.kind == "title" and nxt is not None and nxt.kind in ("bullets", "numbered") and not nxt.text:
        entries, line, n = nxt.items, item.line, n + 2
    else:
        return None
    while key != "overview" and n < len(items) and items[n].kind in ("bullets", "numbered") and not items[n].text:
        entries, n = entries + items[n].items, n + 1  # a loose list: its items parted by blank lines
    return entries, line, n


def _box_lines(items: list[_Item], n: int, key: str, in_box: bool) -> tuple[list[str], int, int] | None:
    """A "Questions" or "Objectives" label over lines that lost their bullets when the page was copied
    (one line each, no blank line between): (the lines, the label's line, the index after them), when
    the box is one (an "Overview" heading or another box label before it, or a label right after
    its lines), else None: a "Questions" heading over questions is a quiz."""
    if key not in ("questions", "objectives") or items[n].kind != "title":
        return None
    end, line = n + 1, items[n].line
    while end < len(items) and items[end].kind == "para" and items[end].line == line + 1:
        end, line = end + 1, items[end].line
    after = items[end] if end < len(items) else None
    labelled = after is not None and after.kind == "title" and bool(layout.OVERVIEW_LABELS.match(after.text))
    if end == n + 1 or not (in_box or labelled):
        return None
    return [i.text for i in items[n + 1 : end]], items[n].line, end


def _box_heading(item: _Item, nxt: _Item | None, key: str) -> bool:
    """True for an "Overview" title (``key``: its label's key) over another box label: the box's own
    heading, not read."""
    return (
        key == "overview" and item.kind == "title" and nxt is not None and bool(layout.OVERVIEW_LABELS.match(nxt.text))
    )


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?:;…" or text in PROMPT_CUES else text + "."


def _callouts(items: list[_Item]) -> list[_Item]:
    """A boxed callout ("Callout", "Caution", "Note" ... over an optional title and its paragraph or
    list) as one Callout; a label with nothing to box is left out (it is no heading)."""
    out: list[_Item] = []
    n = 0
    while n < len(items):
        item = items[n]
        if item.kind != "title" or not layout.CALLOUT_LABEL.match(item.text):
            out.append(item)
            n += 1
            continue
        label = item.text
        title, role = (label, "") if label.casefold() != "callout" else ("Note", "title.note")
        m = n + 1
        while m < len(items) and items[m].kind == "block" and isinstance(items[m].block, CodeBlock):
            out.append(items[m])  # code under the label ("@echo") stays, as code
            m += 1
        head = items[m] if m < len(items) else None
        body = items[m + 1] if m + 1 < len(items) else None
        if head is not None and head.kind == "title" and body is not None and body.kind in ("para", "bullets"):
            title, role, body_item, n = head.text, "", body, m + 2
        elif head is not None and head.kind in ("para", "bullets", "numbered"):
            body_item, n = head, m + 1
        else:
            n = m
            continue
        text = " ".join(_sentence(t) for t in ([body_item.text] if body_item.text else []) + body_item.items)
        out.append(_Item("block", "", item.line, block=Callout(title, text, item.line, role)))
    return out


def _spoken(items: list[_Item], notes: list) -> str:
    """Items as one run of sentences (an exercise's prompt or solution); code goes to ``notes`` and is
    said as a cue."""
    parts: list[str] = []
    for item in items:
        block = item.block
        if isinstance(block, CodeBlock):
            notes.append(block)
            parts.append(_CUE_OUTPUT if block.output else _CUE_CODE)
        elif isinstance(block, Callout):
            parts.append(f"{_sentence(block.title)} {_sentence(block.text)}")
        elif item.kind in ("bullets", "numbered"):
            parts.extend(_sentence(t) for t in ([item.text] if item.text else []) + item.items)
        elif item.kind != "title" or not layout.EXERCISE_LABEL.match(item.text):
            parts.append(_sentence(("Answer: " if item.kind == "answer" else "") + item.text))
    return " ".join(p for p in parts if p)


def _is_heading(items: list[_Item], n: int) -> bool:
    return items[n].kind == "title" and n + 1 < len(items) and items[n + 1].kind != "title"


def _exercises(items: list[_Item], path: Path) -> tuple[list[_Item], list[Question]]:
    """A page's exercises with a solution ("Challenge" / its title / its text / "Show me the solution" /
    the solution) become open quiz questions (a think pause, then the solution); a labelled exercise
    without one stays lesson text, with a warning at its line."""
    out: list[_Item] = []
    questions: list[Question] = []
    floor = 0
    n = 0
    while n < len(items):
        item = items[n]
        if not (item.kind == "title" and layout.SOLUTION_MARK.match(item.text)):
            out.append(item)
            n += 1
            continue
        start = _exercise_start(out, floor)
        solution, after = _solution(items, n + 1)
        question = _exercise_question(out[start:], solution)
        if question is None:
            out.append(item)  # nothing to ask, or no solution after the mark: read as it stands
            n += 1
            continue
        del out[start:]
        questions.append(question)
        floor, n = len(out), after
    return _unsolved(out, path), questions


def _exercise_start(out: list[_Item], floor: int) -> int:
    """Where the exercise before a solution mark starts in ``out`` (the items read so far; ``floor``:
    where the last exercise ended): at its label, its heading (the label over it included), or else
    at the last item."""
    for k in range(len(out) - 1, floor - 1, -1):
        if out[k].kind == "title" and layout.EXERCISE_LABEL.match(out[k].text):
            return k
        if _is_heading(out, k):
            labelled = k > floor and out[k - 1].kind == "title" and layout.EXERCISE_LABEL.match(out[k - 1].text)
            return k - 1 if labelled else k
    return max(floor, len(out) - 1)


def _solution(items: list[_Item], m: int) -> tuple[list[_Item], int]:
    """The solution starting at ``items[m]`` (after its mark): (its items, the index after them). It
    ends at a box label or another solution mark, or (once it has begun) at a heading or a titled list."""
    solution: list[_Item] = []
    while m < len(items):
        nxt = items[m]
        if nxt.kind == "title" and (layout.box_label(nxt.text) or layout.SOLUTION_MARK.match(nxt.text)):
            break
        if nxt.kind == "block" and isinstance(nxt.block, Callout):
            break  # a callout box after the solution: the lesson's, not the solution's
        if solution and (_is_heading(items, m) or (nxt.kind in ("bullets", "numbered") and nxt.text)):
            break
        solution.append(nxt)
        m += 1
    return solution, m


def _exercise_question(prompt_items: list[_Item], solution: list[_Item]) -> Question | None:
    """An exercise's items and its solution's → an open question (its heading, if any, first in the
    prompt; code as cues, kept as notes), or None when either says nothing."""
    heads = [i for i in prompt_items if i.kind == "title" and not layout.EXERCISE_LABEL.match(i.text)]
    head = heads[0] if heads and _is_heading(prompt_items, prompt_items.index(heads[0])) else None
    notes: list = []
    body = _spoken([i for i in prompt_items if i is not head], notes)
    answer = _spoken(solution, notes)
    if not body or not answer:
        return None
    prompt = " ".join(p for p in (_sentence(head.text) if head else "", body) if p)
    line = (head or prompt_items[0]).line
    return Question(prompt, (answer,), open=True, line=line, notes=tuple(notes))


def _unsolved(items: list[_Item], path: Path) -> list[_Item]:
    """Exercise labels left (exercises without a solution): "Discussion" over its title becomes the
    heading "Discussion: <title>"; each is named in a warning."""
    out: list[_Item] = []
    n = 0
    while n < len(items):
        item = items[n]
        if item.kind == "title" and layout.EXERCISE_LABEL.match(item.text):
            if n + 1 < len(items) and _is_heading(items, n + 1):
                nxt = items[n + 1]
                warn(
                    f"exercise '{nxt.text}' has no solution: read as lesson text, with no think pause", path, item.line
                )
                out.append(_Item("title", f"{item.text}: {nxt.text}", item.line))
                n += 2
                continue
            warn(f"exercise '{item.text}' has no solution: read as lesson text, with no think pause", path, item.line)
        out.append(item)
        n += 1
    return out


# ---------------------------------------------------------------- body


def _body(
    items: list[_Item], dropped: list[tuple[str, str, int]], title: str = ""
) -> tuple[list[tuple[str, int]], list[Section]]:
    """Intro paragraphs (text, line) before the first heading, and sections. A heading left with no
    text under it is no section (a YAML lesson may not have an empty one); it goes to ``dropped``.
    A code block or boxed callout before the first heading opens a section named ``title`` that
    takes the intro paragraphs with it (the lesson's text, read once)."""
    intro: list[tuple[str, int]] = []
    sections: list[tuple[str, int, list]] = []
    for n, item in enumerate(items):
        if _CHROME.search(item.text) and item.kind in ("title", "para") and _title_like(item.text):
            dropped.append(("site", item.text, item.line))
            continue
        nxt = items[n + 1] if n + 1 < len(items) else None
        if item.kind == "title":
            if sections and (nxt is None or nxt.kind == "title"):
                sections[-1][2].append(Caption(item.text, item.line))
            else:
                sections.append((item.text, item.line, []))
            continue
        block = _block(item)
        if not sections:
            if isinstance(block, Paragraph):
                intro.append((block.text, block.line))
                continue
            if item.kind == "block" and title:
                sections.append((title, intro[0][1] if intro else item.line, [Paragraph(t, n) for t, n in intro]))
                intro = []
            else:
                sections.append(("Introduction", item.line, []))
        sections[-1][2].append(block)
    dropped.extend(("empty heading", t, line) for t, line, b in sections if not b)
    return intro, [Section(t, tuple(b), line) for t, line, b in sections if b]


def _block(item: _Item):
    if item.block is not None:
        return item.block
    if item.kind in ("bullets", "numbered"):
        if item.text and len(item.items) == 1:
            return Callout(item.text, item.items[0], item.line)
        return BulletList(tuple(item.items), item.text or None, item.line)
    if item.kind == "answer":
        return Paragraph(f"Answer: {item.text}", item.line)
    return Paragraph(item.text, item.line)


# ---------------------------------------------------------------- quiz


@dataclass
class _Q:
    prompt: str
    line: int
    options: list[str] = field(default_factory=list)
    answer: str | None = None
    answer_line: int = 0
    explanation: list[str] = field(default_factory=list)


def _question_like(text: str) -> bool:
    return text.rstrip().endswith("?") or count_blanks(text) > 0


def _quiz(items: list[_Item], path: Path) -> tuple[Question, ...]:
    """The quiz's questions; every problem in it is noted and all are raised together.

    Raises:
        ContentError / Problems: each question without or with two "Answer:" lines, options without a
            question, an answer that is not an option (file and line).
    """
    reader = _QuizReader(path)
    for n, item in enumerate(items):
        nxt = items[n + 1] if n + 1 < len(items) else None
        if item.kind in ("title", "para"):
            reader.text(item, nxt)
        elif item.kind in ("bullets", "numbered"):
            reader.options(item)
        else:
            reader.answer(item)
    return reader.questions()


class _QuizReader:
    """:func:`_quiz` item by item: the questions done, the one being read (``cur``) and the problems
    noted."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems = Collector()
        self.done: list[_Q] = []
        self.cur: _Q | None = None

    def note(self, message: str, line: int) -> None:
        """Notes a problem at ``line``."""
        self.problems.add(ContentError(message, self.path, line))

    def text(self, item: _Item, nxt: _Item | None) -> None:
        """A title or paragraph (``nxt``: the item after it): a new question (after an answered one when
        it reads as a question or options or an answer follow it), or the answered one's explanation."""
        cur = self.cur
        if cur is None:
            self.cur = _Q(item.text, item.line)
        elif cur.answer is None:
            if cur.options or _question_like(cur.prompt):
                self.note("question has no 'Answer:' line", cur.line)
            self.cur = _Q(item.text, item.line)  # the line before was an instruction (or a question in error)
        elif _question_like(item.text) or (nxt is not None and nxt.kind in ("bullets", "answer")):
            self.done.append(cur)
            self.cur = _Q(item.text, item.line)
        else:
            cur.explanation.append(_EXPLANATION_LABEL.sub("", item.text))

    def options(self, item: _Item) -> None:
        """A list: the question's options (its title too), or after the answer its explanation."""
        cur = self.cur
        if cur is None:
            self.note("options without a question", item.line)
        elif cur.answer is None:
            if item.text:
                cur.options.append(item.text)
            cur.options.extend(item.items)
        else:
            cur.explanation.append(" ".join(item.items))

    def answer(self, item: _Item) -> None:
        """An "Answer:" line (or any other item): the question's answer."""
        cur = self.cur
        if cur is None:
            self.note("'Answer:' line without a question before it", item.line)
        elif cur.answer is not None:
            self.note("question has two 'Answer:' lines", item.line)
        else:
            cur.answer, cur.answer_line = item.text, item.line

    def questions(self) -> tuple[Question, ...]:
        """The questions read (the last one needs its answer); raises every problem noted together."""
        cur = self.cur
        if cur is not None:
            if cur.answer is None:
                self.note("question has no 'Answer:' line", cur.line)
            else:
                self.done.append(cur)
        quiz = tuple(self.problems.attempt(partial(_question, q, self.path), None) for q in self.done)
        self.problems.raise_any()
        return tuple(q for q in quiz if q is not None)


def _question(q: _Q, path: Path) -> Question:
    options = tuple(q.options)
    answer = q.answer or ""
    if not answer:
        raise ContentError("'Answer:' line is empty", path, q.answer_line)
    twice = duplicate_option(options)
    if twice:
        raise ContentError(twice, path, q.line)
    if options:
        chosen = match_option(answer, options)
        if chosen is None:
            raise ContentError(f"answer '{answer}' is not one of the options", path, q.answer_line)
        answers: tuple[str, ...] = (chosen,)
    else:
        try:
            answers = blank_answers(q.prompt, answer)
        except ValueError as exc:
            raise ContentError(str(exc), path, q.answer_line) from None
    return Question(prompt=q.prompt, answers=answers, options=options, explanation=" ".join(q.explanation), line=q.line)
