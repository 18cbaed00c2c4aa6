"""YAML lesson reader: ``lessons/NN-name.yaml`` → :class:`Lesson` (schema in docs/content-format.md).

Every problem is a :class:`ContentError` naming the file and the line of the offending key or item:
unknown keys (with a "did you mean"), a missing title, wrong types, a question without an answer,
an answer that is not one of the options, a wrong number of blank answers, empty sections.
Pauses are written in seconds and stored in milliseconds.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from narrate.config import LANGUAGE_TAG
from narrate.errors import ContentError, Problems, collected, lenient
from narrate.model import Block, BulletList, Callout, Caption, CodeBlock, Lesson, Paragraph, Question, Section, Table
from narrate.settings import DEFAULT_LANGUAGE, MAX_PAUSE_S, range_text, unknown_keys
from narrate.text.common import mark_code_spans
from narrate.text.markup import clean_text, looks_like_html
from narrate.text.readers.common import (
    DATE,
    SLUG,
    blank_count_problem,
    count_blanks,
    default_id,
    duplicate_option,
    match_option,
    seconds_to_ms,
)
from narrate.yamlio import LineDict, LineList, load_yaml

T = TypeVar("T")

LESSON_KEYS = (
    "id",
    "title",
    "subtitle",
    "summary",
    "date",
    "language",
    "think_pause",
    "voice",
    "code",
    "image",
    "explicit",
    "season",
    "episode",
    "episode_type",
    "draft",
    "sections",
    "quiz",
    "next",
)
VOICE_KEYS = ("narrator", "host")
EPISODE_TYPES = ("full", "trailer", "bonus")
"""``itunes:episodeType`` values (Apple Podcasts)."""
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)[^<>]*>")
_CODE = re.compile(r"`[^`]*`")
_VOID = frozenset({"br", "hr", "img", "wbr"})


def _talked_about_tags(text: str) -> list[str]:
    """HTML tags in a YAML text that look talked about rather than used: an opening or closing tag
    with no partner in the text (``"the <div> and <span> elements"``), outside backticks; formatting
    in pairs (``<b>bold</b>``) and line breaks are markup. Sorted, each as written."""
    text = _CODE.sub("", text)
    if not looks_like_html(text):
        return []
    found = [(m.group(0), m.group(1), m.group(2).lower()) for m in _TAG.finditer(text)]
    opened = {name for _, close, name in found if not close}
    closed = {name for _, close, name in found if close}
    return sorted({tag for tag, close, name in found if name not in _VOID and (name in closed) != (name in opened)})


SECTION_KEYS = ("title", "body")
QUESTION_KEYS = ("prompt", "title", "options", "answer", "solution", "explanation", "think_pause", "topic", "notes")
_KINDS = {
    bool: "true/false (quote it)",
    LineDict: "a mapping",
    LineList: "a list",
    bytes: "binary data",
    type(None): "empty",
}
BLOCK_KEYS = {
    "bullets": ("bullets", "title"),
    "callout": ("callout", "text"),
    "caption": ("caption",),
    "code": ("code", "language", "output"),
    "table": ("table", "header"),
}


def _quote_hint(value: Any) -> str:
    """For a list item that is a mapping but really a sentence with ": " in it (``- Note: the oven must
    be hot.``, which YAML reads as ``{"Note": "the oven must be hot."}``): how to write it as text;
    else ""."""
    if not isinstance(value, LineDict) or len(value) != 1:
        return ""
    ((key, said),) = value.items()
    if not isinstance(key, str) or isinstance(said, bool) or not isinstance(said, (str, int, float)):
        return ""
    sentence = f"{key}: {said}".replace("\\", "\\\\").replace('"', '\\"')
    return f"; a sentence with ': ' in it must be quoted: - \"{sentence}\""


def read_yaml_lesson(path: Path, number: int = 0, text: str | None = None, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read and validate a YAML lesson.

    Args:
        path: the lesson file (also used in error messages; its stem is the default id).
        number: 1-based lesson number in the course (0 if unknown).
        text: the file's text, if already read.
        language: the course's language tag (see :func:`narrate.text.markup.clean_text`).

    Raises:
        ContentError: invalid YAML or any schema violation, with file and line.
    """
    data = load_yaml(path, text)
    return LessonValidator(path, language).lesson(data, number)


class LessonValidator:
    """Checks lesson data from YAML (also a Markdown lesson's front matter); raises ContentError.

    Every text it returns has been through :func:`narrate.text.markup.clean_text` (HTML to text,
    footnote markers dropped, words split across a line break joined) for ``language``."""

    def __init__(self, path: Path, language: str = DEFAULT_LANGUAGE):
        self.path = path
        self.language = language
        self.problems: list[ContentError] = []
        self.collecting = False
        self.asked: list[Question] = []  # challenges written in a section's body, asked there

    def fail(self, message: str, line: int | None) -> NoReturn:
        raise ContentError(message, self.path, line)

    # ------------------------------------------------------------ helpers

    def keys(self, data: LineDict, allowed: tuple[str, ...], where: str) -> None:
        """Unknown keys: collected while reading a whole lesson (see :meth:`lesson`), else raised."""
        for key, message in unknown_keys(data, allowed, where=where):
            if not self.collecting:
                self.fail(message, data.line_of(key))
            self.problems.append(ContentError(message, self.path, data.line_of(key)))

    def text(self, data: LineDict, key: str, required: bool = False, what: str = "") -> str:
        value = data.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                self.fail(f"{what or 'lesson'} needs '{key}'", data.line_of(key) if key in data else data.line)
            return ""
        text = self.scalar(value, f"'{key}'", data.line_of(key))
        return " ".join(text.split()) if key in ("title", "topic") else text  # a title is one line

    def scalar(self, value: Any, name: str, line: int, item: bool = False) -> str:
        if isinstance(value, (datetime.date, datetime.datetime)):
            value = value.isoformat()  # an unquoted date, e.g. a title "2026-01-05"
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            what = _KINDS.get(type(value), type(value).__name__)
            self.fail(f"{name} must be text, not {what}{_quote_hint(value) if item else ''}", line)
        text = mark_code_spans(clean_text(str(value), self.language).strip())  # `code` read as code
        if not text:
            self.fail(f"{name} is empty", line)
        tags = _talked_about_tags(str(value))
        if tags:
            lenient(
                f"{name}: {', '.join(tags[:4])} read as HTML markup and left out; to have a tag said, write it "
                f"in backticks: `{tags[0]}`",
                self.path,
                line,
            )
        return text

    def texts(self, data: LineDict, key: str, name: str) -> tuple[str, ...]:
        value = data.get(key)
        if value is None:
            return ()
        if not isinstance(value, LineList):
            self.fail(f"'{key}' must be a list", data.line_of(key))
        for n in range(len(value) - 1):  # "[250 ml, 1,5 l]": YAML parts a decimal comma into two items
            a, b = value[n], value[n + 1]
            if type(a) is int and type(b) is str and b[:1].isdigit() and value.line_of(n) == value.line_of(n + 1):
                lenient(
                    f"'{key}': '{a}' and '{b}' are two items of a [...] list (YAML parts them at the comma); "
                    f"if '{a},{b}' is one, quote it",
                    self.path,
                    value.line_of(n),
                )
        return tuple(self.scalar(v, name, value.line_of(n), item=True) for n, v in enumerate(value))

    def seconds(self, data: LineDict, key: str) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_PAUSE_S:
            self.fail(f"'{key}' must be a number of seconds {range_text(0, MAX_PAUSE_S)}", data.line_of(key))
        return seconds_to_ms(value)

    def mapping(self, value: Any, line: int, what: str) -> LineDict:
        if not isinstance(value, LineDict):
            self.fail(f"{what} must be a mapping of keys", line)
        return value

    # ------------------------------------------------------------ lesson

    def meta(self, data: LineDict) -> dict:
        """Validated ``id``, ``date``, ``language``, ``think_pause`` (→ ``think_pause_ms``), ``code`` (→
        ``read_code``) and ``voice`` (→ ``narrator_voice``, ``host_voice``) of a lesson mapping."""
        lesson_id = self.text(data, "id") or default_id(self.path)
        if not SLUG.match(lesson_id):
            self.fail("'id' must be made of a-z, 0-9 and '-' (e.g. cells-and-voltage)", data.line_of("id"))
        date = data.get("date")
        if isinstance(date, (datetime.date, datetime.datetime)):
            date = date.strftime("%Y-%m-%d")
        if date is not None and not (isinstance(date, str) and DATE.match(date)):
            self.fail("'date' must be YYYY-MM-DD", data.line_of("date"))
        voice = data.get("voice")
        voices = {}
        if voice is not None:
            voice = self.mapping(voice, data.line_of("voice"), "'voice'")
            self.keys(voice, VOICE_KEYS, "voice")
            voices = {
                "narrator_voice": self.text(voice, "narrator") or None,
                "host_voice": self.text(voice, "host") or None,
            }
        language = self.text(data, "language") or None
        if language is not None and not LANGUAGE_TAG.match(language):
            self.fail(
                f"'language' must be an ISO 639 code such as 'de' or 'pt-br', not '{language}'",
                data.line_of("language"),
            )
        code = data.get("code")
        if code not in (None, "read", "notes"):
            self.fail("'code' must be 'read' (read code blocks aloud) or 'notes' (a cue)", data.line_of("code"))
        return {
            **self.episode_meta(data),
            "id": lesson_id,
            "id_line": data.line_of("id") if "id" in data else None,
            "date": date,
            "language": language.lower() if language else None,
            "think_pause_ms": self.seconds(data, "think_pause"),
            "read_code": None if code is None else code == "read",
            **voices,
        }

    def episode_meta(self, data: LineDict) -> dict:
        """Validated podcast keys of a lesson: ``image`` (a JPEG/PNG file beside the lesson), ``explicit``
        and ``draft`` (true/false), ``season`` and ``episode`` (whole numbers from 1), ``episode_type``
        (full, trailer or bonus), as Apple's podcast requirements define them."""
        out: dict[str, Any] = {}
        for key in ("explicit", "draft"):
            if key in data:
                if not isinstance(data[key], bool):
                    self.fail(f"'{key}' must be true or false", data.line_of(key))
                out[key] = data[key]
        for key in ("season", "episode"):
            if key in data:
                value = data[key]
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    self.fail(f"'{key}' must be a whole number from 1", data.line_of(key))
                out[key] = value
        if "episode_type" in data:
            kind = data["episode_type"]
            if kind not in EPISODE_TYPES:
                choices = ", ".join(EPISODE_TYPES)
                self.fail(f"'episode_type' must be one of {choices}, not '{kind}'", data.line_of("episode_type"))
            out["episode_type"] = kind
        if "image" in data:
            name = self.text(data, "image")
            image = self.path.parent / name
            if Path(name).is_absolute() or ".." in Path(name).parts:
                self.fail(f"image '{name}' must be a file beside the lesson", data.line_of("image"))
            if image.suffix.lower() not in (".jpg", ".jpeg", ".png"):
                self.fail(f"image must be a JPEG or PNG file (Apple Podcasts), not '{name}'", data.line_of("image"))
            if not image.is_file():
                self.fail(f"image not found: {name}", data.line_of("image"))
            out["image"] = image
            out["image_line"] = data.line_of("image")
        return out

    def lesson(self, data: Any, number: int) -> Lesson:
        """The lesson in ``data``; every unknown key is reported together with the first other problem.

        Raises:
            ContentError / Problems: with file and line.
        """
        self.collecting, self.problems = True, []
        try:
            lesson = self._lesson(data, number)
        except Problems:
            raise  # already every problem found
        except ContentError as exc:
            collected([*self.problems] if exc in self.problems else [*self.problems, exc])
            raise
        collected(list(self.problems))
        return lesson

    def _lesson(self, data: Any, number: int) -> Lesson:
        data = self.mapping(data, 1, "a lesson file")
        self.keys(data, LESSON_KEYS, "lesson")
        meta = self._each(lambda d, _line: self.meta(d), LineList([data]))  # collected, like a section
        title = self.text(data, "title", required=True)
        sections = data.get("sections")
        quiz = data.get("quiz") or LineList()
        if not isinstance(quiz, LineList):
            self.fail("'quiz' must be a list of questions", data.line_of("quiz"))
        if sections is None and quiz:
            sections = LineList()  # a drill: questions only
        if not isinstance(sections, LineList) or not (sections or quiz):
            self.fail("lesson needs a non-empty 'sections' list", data.line_of("sections"))
        # each section and question is checked on its own, so that every one with a problem is reported
        self.asked = []
        built_sections = self._each(self.section, sections)
        in_quiz = [replace(q, in_quiz=True) for q in self._each(self.question, quiz)]  # asked in the quiz
        built_quiz = tuple(sorted([*self.asked, *in_quiz], key=lambda q: q.line))
        if not meta:  # the lesson's own settings were wrong: report them with every other problem
            collected(list(self.problems))
        return Lesson(
            title=title,
            subtitle=self.text(data, "subtitle"),
            summary=self.text(data, "summary"),
            sections=built_sections,
            quiz=built_quiz,
            next_lessons=self.texts(data, "next", "a next lesson"),
            number=number,
            source=self.path,
            **meta[0],
        )

    def _each(self, check: Callable[[Any, int], T], items: LineList) -> tuple[T, ...]:
        """``check(item, line)`` for every item; a failing item's error is collected (while reading a
        whole lesson) and the rest are still checked."""
        out: list[T] = []
        for n, item in enumerate(items):
            try:
                out.append(check(item, items.line_of(n)))
            except ContentError as exc:
                if not self.collecting:
                    raise
                self.problems.append(exc)
        return tuple(out)

    def section(self, data: Any, line: int) -> Section:
        data = self.mapping(data, line, "a section")
        self.keys(data, SECTION_KEYS, "section")
        title = self.text(data, "title", required=True, what="section")
        body = data.get("body")
        if body is None or body == []:
            self.fail(f"section '{title}' is empty (add a 'body' list)", data.line)
        if isinstance(body, str):
            body = LineList([body])
            body.line, body.lines = data.line_of("body"), [data.line_of("body")]
        if not isinstance(body, LineList):
            self.fail(f"'body' of section '{title}' must be a list", data.line_of("body"))
        items = self._each(self.body_item, body)  # every bad item reported
        self.asked += [i for i in items if isinstance(i, Question)]
        return Section(title, tuple(i for i in items if not isinstance(i, Question)), data.line)

    def body_item(self, value: Any, line: int) -> Block | Question:
        """A section's body item: a block, or a ``question:`` (a challenge with its ``solution``,
        asked where it is written: :meth:`narrate.model.Lesson.challenge_places`).

        Raises:
            ContentError: a body question with an ``answer`` (quiz questions go in ``quiz``) or more keys.
        """
        if not (isinstance(value, LineDict) and "question" in value):
            return self.block(value, line)
        if len(value) != 1:
            self.fail("a 'question' body item holds only the question (prompt, solution ...) under it", value.line)
        question = self.question(value["question"], value.line_of("question"))
        if not question.open:
            self.fail(
                "a question in a section's body is a challenge, asked there: give it a 'solution' "
                "(a question with an 'answer' goes in 'quiz')",
                value.line_of("question"),
            )
        return question

    def block(self, value: Any, line: int) -> Block:
        if not isinstance(value, LineDict):
            return Paragraph(self.scalar(value, "a paragraph", line), line)
        kinds = [k for k in BLOCK_KEYS if k in value]
        if len(kinds) != 1:
            self.fail(
                "a body item is a paragraph string or a mapping with one of 'bullets', 'callout', 'caption', "
                f"'code', 'table', 'question'{_quote_hint(value)}",
                value.line,
            )
        kind = kinds[0]
        self.keys(value, BLOCK_KEYS[kind], kind)
        if kind == "code":
            code = value.get("code")
            if not isinstance(code, str) or not code.strip():
                self.fail("'code' must be the code as text", value.line_of("code"))
            output = value.get("output", False)
            if not isinstance(output, bool):
                self.fail("'output' must be true or false", value.line_of("output"))
            return CodeBlock(code.rstrip("\n"), self.text(value, "language"), output, value.line)
        if kind == "table":
            rows = value.get("table")
            if not isinstance(rows, LineList) or not rows or not all(isinstance(r, LineList) for r in rows):
                self.fail("'table' must be a list of rows, each a list of cells", value.line_of("table"))
            cells = tuple(tuple(str(c) if c is not None else "" for c in row) for row in rows)
            return Table(tuple(str(h) for h in self.texts(value, "header", "a column name")), cells, value.line)
        if kind == "bullets":
            items = self.texts(value, "bullets", "a bullet")
            if not items:
                self.fail("'bullets' must be a non-empty list", value.line_of("bullets"))
            return BulletList(items, self.text(value, "title") or None, value.line)
        if kind == "callout":
            return Callout(
                self.text(value, "callout", True, "callout"), self.text(value, "text", True, "callout"), value.line
            )
        return Caption(self.text(value, "caption", True, "caption"), value.line)

    def notes(self, data: LineDict) -> tuple[CodeBlock | Table, ...]:
        """A question's ``notes:``: code and table body items for the show notes."""
        raw = data.get("notes")
        if raw is None:
            return ()
        if not isinstance(raw, LineList):
            self.fail("'notes' must be a list of 'code' or 'table' items", data.line_of("notes"))
        blocks = [self.block(b, raw.line_of(n)) for n, b in enumerate(raw)]
        if not all(isinstance(b, (CodeBlock, Table)) for b in blocks):
            self.fail("'notes' holds only 'code' and 'table' items", data.line_of("notes"))
        return tuple(b for b in blocks if isinstance(b, (CodeBlock, Table)))

    def question(self, data: Any, line: int) -> Question:
        data = self.mapping(data, line, "a question")
        self.keys(data, QUESTION_KEYS, "question")
        prompt = self.text(data, "prompt", required=True, what="question")
        options = self.texts(data, "options", "an option")
        if "solution" in data and not options:  # an open question (a lesson's challenge or exercise)
            return Question(
                prompt=prompt,
                answers=(self.text(data, "solution", True, "question"),),
                explanation=self.text(data, "explanation"),
                think_pause_ms=self.seconds(data, "think_pause"),
                line=data.line,
                open=True,
                topic=self.text(data, "topic"),
                notes=self.notes(data),
                title=self.text(data, "title"),
            )
        if "answer" not in data or data["answer"] in (None, "", []):
            self.fail("question has no 'answer'", data.line)
        raw = data["answer"]
        at = data.line_of("answer")
        if options:
            twice = duplicate_option(options)
            if twice:
                self.fail(twice, data.line_of("options"))
            answer = self.scalar(raw, "'answer'", at)
            chosen = match_option(answer, options)  # the option's text, or its letter ("B"), as in pages
            if chosen is None:
                self.fail(f"answer '{answer}' is not one of the options", at)
            answers: tuple[str, ...] = (chosen,)
        elif isinstance(raw, LineList):
            answers = tuple(self.scalar(v, "an answer", raw.line_of(n)) for n, v in enumerate(raw))
            blanks = count_blanks(prompt)
            if len(answers) != blanks:
                self.fail(blank_count_problem(len(answers), blanks), at)
        else:
            answers = (self.scalar(raw, "'answer'", at),)
        return Question(
            prompt=prompt,
            answers=answers,
            options=options,
            explanation=self.text(data, "explanation"),
            think_pause_ms=self.seconds(data, "think_pause"),
            line=data.line,
            topic=self.text(data, "topic"),
            notes=self.notes(data),
            title=self.text(data, "title"),
        )
