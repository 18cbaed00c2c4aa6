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

from narrate.errors import Collector, ContentError
from narrate.model import BulletList, Callout, Caption, Lesson, Paragraph, Question, Section
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.chrome import chrome_kind
from narrate.text.markup import clean_text
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
    kind: str  # "title" | "para" | "bullets" | "numbered" | "answer"
    text: str
    line: int
    items: list[str] = field(default_factory=list)


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
    lines = _drop_chrome_lines(text.splitlines(), dropped)
    items = _items(lines)
    if not items:
        raise ContentError("file is empty" if not dropped else "the file holds nothing but page chrome", path)
    for item in items:
        item.text = " ".join(clean_text(item.text, language).split())
        item.items = [t for t in (" ".join(clean_text(i, language).split()) for i in item.items) if t]
    items = [i for i in items if i.text or i.items or i.kind == "answer"]  # markup with no text in it
    number = _lesson_number(items) or number
    course = _course_name(items)
    title, subtitle, start = _header(items, course, path, dropped)
    items = _cut_trailing_chrome(items, start, dropped)
    quiz_at = _find(items, start, lambda i: i.kind == "title" and _QUIZ.match(i.text))
    next_at = _find(items, start, lambda i: i.kind == "title" and _NEXT.match(i.text))
    if next_at is None:
        next_at = _find(
            items, start, lambda i: i.kind in ("title", "para") and i.text.lower().startswith("this is lesson")
        )
    end_body = min(x for x in (quiz_at, next_at, len(items)) if x is not None)
    intro, sections = _body(items[start:end_body], dropped)
    quiz: tuple[Question, ...] = ()
    if quiz_at is not None:
        quiz_end = next_at if next_at is not None and next_at > quiz_at else len(items)
        quiz = _quiz(items[quiz_at + 1 : quiz_end], path)
    next_lessons: tuple[str, ...] = ()
    if next_at is not None:
        lists = [i for i in items[next_at:] if i.kind in ("numbered", "bullets")]
        next_lessons = tuple(lists[0].items) if lists else ()
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
        sections=tuple(sections),
        quiz=quiz,
        next_lessons=next_lessons,
        number=number,
        source=path,
        dropped=tuple(f'{kind} "{text}" (line {line})' for kind, text, line in sorted(dropped, key=lambda d: d[2])),
    )


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


def _items(lines: list[str]) -> list[_Item]:
    """Group lines (blank-line separated) into title / para / bullets / numbered / answer items."""
    items: list[_Item] = []
    text_run: list[tuple[int, str]] = []

    def flush_text() -> None:
        # Pasted pages put each paragraph on one line; a line starting in lower case after a line
        # without final punctuation continues it (hard-wrapped text).
        units: list[list] = []
        for number, line in text_run:
            if units and line[:1].islower() and units[-1][1][-1:] not in _FINAL_PUNCT:
                units[-1][1] += ("\n" if units[-1][1].endswith("-") else " ") + line  # "ex-" / "pand"
            else:
                units.append([number, line])
        for number, line in units:
            items.append(_Item("title" if _title_like(line) else "para", line, number))
        text_run.clear()

    for number, raw in enumerate(lines, start=1):
        line = " ".join(raw.split())
        if not line:
            flush_text()
            continue
        bullet, numbered, answer = _BULLET.match(raw), _NUMBERED.match(raw), _ANSWER.match(raw)
        if answer:
            flush_text()
            items.append(_Item("answer", answer.group(1).strip(), number))
        elif (listed := bullet or numbered) is not None:
            kind = "bullets" if bullet else "numbered"
            entry = " ".join(listed.group(1 if bullet else 2).split())
            last = items[-1] if items and not text_run else None
            if last is not None and last.kind == kind and last.line < number and _adjacent(lines, number):
                last.items.append(entry)
                continue
            title = ""
            if len(text_run) == 1 and _title_like(text_run[0][1]):
                title = text_run.pop()[1]
                start = number - 1
            else:
                flush_text()
                start = number
            items.append(_Item(kind, title, start, [entry]))
        else:
            if (
                items
                and not text_run
                and items[-1].kind in ("bullets", "numbered")
                and _adjacent(lines, number)
                and raw[:1].isspace()
            ):
                items[-1].items[-1] += " " + line  # indented continuation of a bullet
                continue
            text_run.append((number, line))
    flush_text()
    return items


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


def _header(items: list[_Item], course: str, path: Path, dropped: list[tuple[str, str, int]]) -> tuple[str, str, int]:
    """(title, subtitle, index of the first body item); site lines of the header go to ``dropped``."""
    end = next(
        (n for n, i in enumerate(items) if i.kind != "title" and not (i.kind == "para" and i.text.endswith("?"))),
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


# ---------------------------------------------------------------- body


def _body(items: list[_Item], dropped: list[tuple[str, str, int]]) -> tuple[list[tuple[str, int]], list[Section]]:
    """Intro paragraphs (text, line) before the first heading, and sections. A heading left with no
    text under it is no section (a YAML lesson may not have an empty one); it goes to ``dropped``."""
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
            sections.append(("Introduction", item.line, []))
        sections[-1][2].append(block)
    dropped.extend(("empty heading", t, line) for t, line, b in sections if not b)
    return intro, [Section(t, tuple(b), line) for t, line, b in sections if b]


def _block(item: _Item):
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
    problems = Collector()
    done: list[_Q] = []
    cur: _Q | None = None

    def note(message: str, line: int) -> None:
        problems.add(ContentError(message, path, line))

    for n, item in enumerate(items):
        nxt = items[n + 1] if n + 1 < len(items) else None
        if item.kind in ("title", "para"):
            if cur is None:
                cur = _Q(item.text, item.line)
            elif cur.answer is None:
                if cur.options or _question_like(cur.prompt):
                    note("question has no 'Answer:' line", cur.line)
                cur = _Q(item.text, item.line)  # the line before was an instruction (or a question in error)
            elif _question_like(item.text) or (nxt is not None and nxt.kind in ("bullets", "answer")):
                done.append(cur)
                cur = _Q(item.text, item.line)
            else:
                cur.explanation.append(_EXPLANATION_LABEL.sub("", item.text))
        elif item.kind in ("bullets", "numbered"):
            if cur is None:
                note("options without a question", item.line)
            elif cur.answer is None:
                if item.text:
                    cur.options.append(item.text)
                cur.options.extend(item.items)
            else:
                cur.explanation.append(" ".join(item.items))
        elif cur is None:
            note("'Answer:' line without a question before it", item.line)
        elif cur.answer is not None:
            note("question has two 'Answer:' lines", item.line)
        else:
            cur.answer, cur.answer_line = item.text, item.line
    if cur is not None:
        if cur.answer is None:
            note("question has no 'Answer:' line", cur.line)
        else:
            done.append(cur)
    quiz = tuple(problems.attempt(partial(_question, q, path), None) for q in done)
    problems.raise_any()
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
