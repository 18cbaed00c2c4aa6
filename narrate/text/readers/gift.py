"""Moodle GIFT question banks (``.gift``, or a ``.txt`` that looks like one) → a drill :class:`Lesson`.

Format (https://docs.moodle.org/en/GIFT_format), read as Moodle's importer reads it
(``question/format/gift/format.php``)::

    // a comment                          any line starting '//', even inside an answer block
    $CATEGORY: $course$/Rivers            categories: the question's topic (its last part)
    ::Q1:: Which river is longest? {      ::title:: is optional
      =The Nile#Feedback for this answer  = right option (every '=' of a choice question is right),
      ~The Thames                         ~ wrong option, ~%50% weights, #feedback
      ####General feedback                read as the explanation
    }
    The Sun is a star. {T}                true/false: {T} {F} {TRUE} {FALSE}
    Two plus two is {=four =4}.           short answer (text after the braces: a blank); {four} too
    Match the pairs. {=cat -> mammal =trout -> fish}   matching: read as an open question
    What is pi to two places? {#3.14:0.005}            numerical: "3.14, within 0.005"; {#1..5}: "between 1
    Pi? {#=3.14:0.005#Good =%50%3.1:0.05#Close}        and 5"; several answers: the best one and its feedback
    Explain why. {####A model answer.}    an essay with general feedback: an open question, the feedback
                                          its solution

    Choose the word that fits.            a description (no braces): said before the questions after it
    Bees {1:MC:~make =build} nests.       embedded answers (Moodle cloze) or several blocks: one blank each;
                                          a choice gap's options are read with the question

Text may start with ``[html]``, ``[moodle]``, ``[plain]`` or ``[markdown]`` (the format of the question
and, as in Moodle, of its answers and feedback): HTML tags and Markdown marks are not read.
Escapes (``\\~ \\= \\# \\{ \\} \\: \\n \\\\``) are undone after the bank is split into questions, so an
escaped ``\\n`` never ends one.

Math written for Moodle's TeX filters (``$$x^2$$``, ``\\(x^2\\)``, ``\\[x^2\\]``, after the escapes
are undone) is spoken as the Markdown reader speaks it (:func:`narrate.text.math.speak_math`, every
formula of the bank in one call, in the course's language) and marked
(:func:`narrate.text.clauses.mark_math`), so that no rule for words reads inside it.

Questions need no blank line between them when each starts with ``::title::``. What Moodle itself
refuses or drops (an answer block never closed, a '}' before its '{', a choice question with fewer
than two options, a matching answer without '->', an empty option) and what cannot be spoken (an
essay with no feedback, a question that is only an image) is left out with a warning line naming it
(an error under ``--strict``). A question whose right answer cannot be found is an error.
The lesson has no sections: its chapters are the questions.
"""

from __future__ import annotations

import html
import re
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from narrate.errors import Collector, ContentError, lenient
from narrate.model import TRUE_FALSE, Lesson, Question, mark_code
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.clauses import mark_math
from narrate.text.common import code_of, outside_code
from narrate.text.markup import html_to_text
from narrate.text.math import speak_math
from narrate.text.readers.common import _option_key, default_id
from narrate.yamlio import read_text

_CATEGORY = re.compile(r"^\s*\$CATEGORY:\s*(.*?)\s*$", re.M)
_TITLE = re.compile(r"^\s*::(.*?)::\s*", re.S)
_FORMAT = re.compile(r"^\s*\[(html|moodle|plain|markdown)\]\s*", re.I)
# Moodle's escapedchar_pre: '\\' is a backslash first, then the escaped control characters
_ESCAPED = {
    "\\\\": "\x08",
    "\\~": "\x01",
    "\\=": "\x02",
    "\\#": "\x03",
    "\\{": "\x04",
    "\\}": "\x05",
    "\\:": "\x06",
    "\\n": "\x07",
}
_UNESCAPE = {"\x01": "~", "\x02": "=", "\x03": "#", "\x04": "{", "\x05": "}", "\x06": ":", "\x07": "\n", "\x08": "\\"}
_IMAGE = re.compile(r"<img\b[^>]*>|!\[[^\]]*\]\([^)]*\)", re.I)
_TEX = re.compile(r"\$\$(.+?)\$\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
"""Math for Moodle's TeX filters (MathJax's delimiters and the TeX notation filter's ``$$``)."""
_HELD_TEX = re.compile("\ue040(\\d+)\ue041")
_SPOKEN_TEX: ContextVar[tuple[str, dict[str, str]]] = ContextVar("gift_math", default=(DEFAULT_LANGUAGE, {}))
"""The bank's language and its formulas as spoken (LaTeX → words), while :func:`read_gift` reads it."""
_TRUE = {"t", "true"}
_FALSE = {"f", "false"}
_WEIGHT = re.compile(r"^\s*%(-?\d+(?:\.\d+)?)%")
_RANGE = re.compile(r"^\s*(\S+?)\s*\.\.\s*(\S+)\s*$")


@dataclass
class _Raw:
    text: str
    line: int
    topic: str = ""
    lines: list[str] = field(default_factory=list)


@dataclass
class _Answer:
    weight: float
    text: str
    feedback: str


def _escape(text: str) -> str:
    for k, v in _ESCAPED.items():
        text = text.replace(k, v)
    return text


# Markdown marks that are written, not read: images, link targets, emphasis, headings, rules, bullets,
# kramdown attribute lists
_MD_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])[*_](?=\S)|(?<=\S)[*_](?![\w*])|`")
_MD_LINE = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+|>\s*|(?:-{3,}|\*{3,}|_{3,})\s*$)", re.M)
_MD_ATTRIBUTES = re.compile(r"\{:[^}\n]*\}")


def _markdown_plain(text: str) -> str:
    """Markdown text without its marks; a code span (`` `ls -la` ``) marked as code
    (:func:`narrate.model.mark_code`), its text left as written."""
    return outside_code(text, _without_marks, lambda m: mark_code(code_of(m))) if "`" in text else _without_marks(text)


def _without_marks(text: str) -> str:
    text = _MD_ATTRIBUTES.sub("", _MD_IMAGE.sub("", text))
    text = _MD_LINK.sub(r"\1", text)
    return _MD_EMPHASIS.sub("", _MD_LINE.sub("", text))


def _plain(text: str, markdown: bool = False) -> str:
    """GIFT text as plain written text: escapes undone, a format marker, HTML tags and (in Markdown
    text) Markdown marks dropped; a line break (an escaped ``\\n`` or a tag's) ends a sentence;
    math (:data:`_TEX`) spoken and marked."""
    m = _FORMAT.match(text)
    if m:
        markdown = m.group(1).lower() == "markdown"
        text = text[m.end() :]
    text = _unescaped(text)
    held: list[str] = []

    def hold(m: re.Match[str]) -> str:  # out of the way of the HTML and Markdown rules until spoken
        held.append(_tex(m, markdown))
        return f"\ue040{len(held) - 1}\ue041"

    text = _TEX.sub(hold, text)
    text = _markdown_plain(text) if markdown else html_to_text(text)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    lines = [line for line in lines if line]
    text = " ".join(line if line[-1] in ".!?:;,)" else line + "." for line in lines[:-1]) + (
        " " + lines[-1] if len(lines) > 1 else (lines[-1] if lines else "")
    )
    return _HELD_TEX.sub(lambda m: _spoken_tex(held[int(m.group(1))]), text) if held else text


def _unescaped(text: str) -> str:
    for k, v in _UNESCAPE.items():
        text = text.replace(k, v)
    return text


def _tex(m: re.Match[str], markdown: bool = False) -> str:
    """The LaTeX of a :data:`_TEX` match (HTML entities undone in HTML text: ``&lt;`` is ``<``)."""
    tex = next(g for g in m.groups() if g is not None).strip()
    return tex if markdown else html.unescape(tex)


def _spoken_tex(tex: str) -> str:
    language, spoken = _SPOKEN_TEX.get()
    words = spoken.get(tex)
    if words is None:
        words = speak_math([tex], language)[0]
    return f" {mark_math(words)} " if words else " "


def looks_like_gift(text: str) -> bool:
    """True when ``text`` reads as a GIFT bank: at least two answer blocks (``{=...}``, ``{~...}``,
    ``{T}``, ``{#...}``) or one with a ``::title::``."""
    blocks = re.findall(r"\{\s*(?:[=~#]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\})", text)
    return len(blocks) >= 2 or (len(blocks) == 1 and bool(re.search(r"^\s*::[^:\n]+::", text, re.M)))


def read_gift(path: Path, number: int = 0, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read a GIFT bank as a drill lesson (one open, choice or blank question per GIFT question);
    ``language``: the course's language tag, the one its math is spoken in.

    Raises:
        ContentError: no question that can be spoken, or a question whose right answer cannot be found
            (file and line); every one of the bank in one run.
    """
    text = read_text(path)
    found = _unescaped(_escape(text))
    sources = list(dict.fromkeys(t for m in _TEX.finditer(found) for t in (_tex(m), _tex(m, markdown=True))))
    token = _SPOKEN_TEX.set(
        (language, dict(zip(sources, speak_math(sources, language)))) if sources else (language, {})
    )
    try:
        return _read_bank(path, text, number)
    finally:
        _SPOKEN_TEX.reset(token)


def _read_bank(path: Path, text: str, number: int) -> Lesson:
    problems = Collector()
    questions: list[Question] = []
    categories: list[str] = []
    described, category = "", ""
    for raw in _split(path, _escape(text), problems):
        if raw.topic and raw.topic not in categories:
            categories.append(raw.topic)
        if raw.topic != category:  # a new category ends the last description's reach
            category, described = raw.topic, ""
        if "{" not in raw.text:  # a description: instructions or a passage for the questions after it
            m = _TITLE.match(raw.text)
            described = _plain(raw.text[m.end() :] if m else raw.text)
            continue
        question = problems.attempt(partial(_question, path, raw, problems), None)
        if question is not None:
            questions.append(replace(question, topic=described or question.topic) if described else question)
    if not questions and not problems.errors:
        problems.add(ContentError("no GIFT question that can be spoken in this file", path, 1))
    problems.raise_any()  # every problem of the bank, in one run
    title = categories[0] if len(categories) == 1 else default_id(path).replace("-", " ").capitalize()
    return Lesson(
        id=default_id(path),
        title=title,
        quiz=tuple(questions),
        number=number,
        source=path,
    )


def _split(path: Path, text: str, problems: Collector) -> list[_Raw]:
    """The questions of a bank: blocks separated by blank lines (as Moodle splits them), comment lines
    dropped, categories noted. A block whose braces do not pair up is one Moodle refuses: it is left
    out with a warning (in ``problems`` under ``--strict``), and the reading goes on."""
    out: list[_Raw] = []
    topic = ""
    current: _Raw | None = None
    depth = opened = 0
    refused = False

    def refuse(why: str, line: int) -> None:  # Moodle's "braceerror": the question is not imported
        nonlocal refused
        if current is not None and not refused:
            lenient(f"{why}: question left out, as Moodle refuses it", path, line, problems)
            out.remove(current)
            refused = True

    for n, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped.startswith("//"):  # Moodle drops every comment line, inside an answer block too
            continue
        category = _CATEGORY.match(line) if depth == 0 else None
        if category:
            topic = category.group(1).rstrip("/").split("/")[-1].strip()
            topic = "" if topic.startswith("$") else topic
            continue
        if not stripped:  # a blank line ends a question, as in Moodle's import, even inside '{...'
            if depth > 0:
                refuse(_UNCLOSED, opened)
            current, depth, refused = None, 0, False
            continue
        if current is not None and depth == 0 and _TITLE.match(line):
            current, refused = None, False  # a new "::title::" starts a question even without a blank line
        if current is None:
            current = _Raw("", n, topic)
            out.append(current)
        current.lines.append(line)
        for brace in re.findall(r"[{}]", line):
            depth += 1 if brace == "{" else -1
            opened = n if depth == 1 and brace == "{" else opened
            if depth < 0:
                refuse("'}' without a '{' before it", n)
                depth = 0
    if depth > 0:
        refuse(_UNCLOSED, opened)
    for raw in out:
        raw.text = "\n".join(raw.lines)
    return out


_UNCLOSED = "'{' is never closed before the blank line that ends the question"
_CLOZE = re.compile(r"\{\s*\d*\s*:\s*([A-Z_]+)\s*:", re.I)
_CLOZE_NUMBER = {"NUMERICAL", "NM"}
_CLOZE_CHOICE = re.compile(r"^(MULTICHOICE|MC|MULTIRESPONSE|MR)", re.I)
_BLOCK = re.compile(r"\{([^{}]*)\}")


def _choices(spec: str) -> list[_Answer]:
    """The options of a choice block, as Moodle splits them: every '=' starts a right option (100%),
    every '~' another option (``~%50%`` its weight, else 0); text before the first mark is an option
    too; ``#`` starts an option's feedback. Options with no text are kept (with no text)."""
    parts = re.sub(r"~\s*=", "=", spec).replace("=", "~=").split("~")  # '~=b' is '=b'
    if not parts[0].strip():
        parts = parts[1:]
    out = []
    for part in parts:
        part = part.strip()
        if part.startswith("="):
            weight, part = 100.0, part[1:]
            m = _WEIGHT.match(part)
            if m:  # '=%50%': the weight written
                weight, part = float(m.group(1)), part[m.end() :]
        elif _WEIGHT.match(part):
            m = _WEIGHT.match(part)
            assert m is not None
            weight, part = float(m.group(1)), part[m.end() :]
        else:
            weight = 0.0
        text, _, feedback = part.partition("#")
        out.append(_Answer(weight, text.strip(), feedback.strip()))
    return out


def _short(spec: str) -> list[_Answer]:
    """The answers of a short-answer block, as Moodle splits them: at each '='; a weight ``%80%`` (else
    100%); ``#`` starts an answer's feedback."""
    parts = spec.split("=")
    if not parts[0].strip():
        parts = parts[1:]
    out = []
    for part in parts:
        part = part.strip()
        m = _WEIGHT.match(part)
        weight = float(m.group(1)) if m else 100.0
        text, _, feedback = part[m.end() if m else 0 :].partition("#")
        out.append(_Answer(weight, text.strip(), feedback.strip()))
    return out


def _right(options: list[_Answer]) -> list[_Answer]:
    """The right options of a choice question: every one worth 100% (Moodle's '=' options), else every
    one with a positive weight (a question with several answers to pick, ``~%50%a ~%50%b``)."""
    full = [a for a in options if a.weight >= 100]
    return full or [a for a in options if a.weight > 0]


def _said(text: str, markdown: bool) -> str:
    """A short answer as said: Moodle's '*' wildcards at its ends are not read."""
    return _plain(text, markdown).strip("*").strip()


def _cloze(path: Path, raw: _Raw, title: str, body: str, markdown: bool, problems: Collector) -> Question | None:
    """Embedded answers (``{1:MC:~a~=b}``, ``{1:SA:=word}``) or several answer blocks: a question with
    one blank per block, answered by each block's right answer. A choice gap's options are read with
    the question: a question of one such gap is a choice question, else each gap's options follow it."""
    answers: list[str] = []
    gaps: list[tuple[str, ...]] = []
    right_options: list[str] = []
    right_flags: list[bool] = []

    def blank(m: re.Match) -> str:
        kind = _CLOZE.match("{" + m.group(1))
        spec = (_CLOZE.sub("", "{" + m.group(1)) if kind else m.group(1)).split("####", 1)[0].strip()
        name = kind.group(1).upper() if kind else ""
        if name in _CLOZE_NUMBER or (not kind and spec.startswith("#")):
            answers.append(_numerical(path, raw.line, spec.lstrip("#") if not kind else spec)[0])
            return " _____ "
        choice = bool(_CLOZE_CHOICE.match(name)) or (not kind and "~" in spec)
        items = _choices(spec) if choice or kind else _short(spec)
        empty = [a for a in items if not _plain(a.text, markdown)]
        if empty:
            lenient("an empty option in an embedded answer: left out", path, raw.line, problems)
            items = [a for a in items if a not in empty]
        right = _right(items) if choice else sorted(items, key=lambda a: -a.weight)[:1]
        if not right or right[0].weight <= 0:
            raise ContentError("an embedded answer block without a right answer ('=' or '%100%')", path, raw.line)
        if choice:
            options = tuple(_plain(a.text, markdown) for a in items)
            gaps.append(options)
            said = [_plain(a.text, markdown) for a in right]
            right_options[:] = said
            right_flags[:] = [a in right for a in items]
            answers.append(" and ".join(said))
            return " _____ \x00"
        answers.append(_said(right[0].text, markdown))
        return " _____ "

    prompt = _BLOCK.sub(blank, body)
    if not _CLOZE.search(body) and len(answers) > 1:
        lenient(
            f"{len(answers)} answer blocks in one question: Moodle reads the first only (it shows the others as "
            "text); read as one blank each",
            path,
            raw.line,
            problems,
        )
    if len(answers) == 1 and len(gaps) == 1:  # one choice gap: a choice question
        prompt = _tidy(_plain(prompt.replace("\x00", ""), markdown))
        if not prompt:
            lenient(f"question '{title or raw.line}' has nothing to say: left out", path, raw.line, problems)
            return None
        options = gaps[0]
        if not _check_twice(path, raw.line, options, right_flags, problems):
            return None
        return Question(prompt, tuple(right_options), options, "", line=raw.line, topic=raw.topic)
    for options in gaps:  # each choice gap's options, after its blank
        prompt = prompt.replace("\x00", "(" + ", ".join(options) + ")", 1)
    prompt = _tidy(_plain(prompt, markdown))
    if not prompt:
        lenient(f"question '{title or raw.line}' has nothing to say: left out", path, raw.line, problems)
        return None
    return Question(prompt, tuple(answers), (), "", line=raw.line, topic=raw.topic)


def _question(path: Path, raw: _Raw, problems: Collector) -> Question | None:
    body = raw.text
    title = ""
    m = _TITLE.match(body)
    if m:
        title, body = _plain(m.group(1)), body[m.end() :]
    fm = _FORMAT.match(body)
    markdown = bool(fm) and fm is not None and fm.group(1).lower() == "markdown"
    if fm:
        body = body[fm.end() :]
    if "{" not in body:
        return None  # a description: read_gift makes it the topic of the questions after it
    if body.count("{") > 1 or _CLOZE.search(body):
        return _cloze(path, raw, title, body, markdown, problems)
    before, _, rest = body.partition("{")
    answer, _, after = rest.partition("}")
    name = title or _plain(before, markdown)[:60] or f"line {raw.line}"
    after_text = _plain(after, markdown)
    prompt = _tidy(_plain(before, markdown) + (" _____ " + after_text if after_text else ""))

    def skip(why: str) -> None:
        lenient(f"question '{name}' left out: {why}", path, raw.line, problems)

    if not _plain(_IMAGE.sub("", before), markdown) and not after_text:
        skip("its text is only an image, which cannot be spoken")
        return None
    spec = answer.strip()
    general = ""
    if "####" in spec:  # Moodle: the last '####' starts the general feedback
        at = spec.rindex("####")
        spec, general = spec[:at].strip(), _plain(spec[at + 4 :], markdown)
    if not spec:  # an essay: an open question, its general feedback the solution read after the pause
        if not general:
            skip("an essay question with no feedback has no answer to read")
            return None
        return Question(prompt, (general,), (), "", open=True, line=raw.line, topic=raw.topic)
    if spec.startswith("#"):
        values, feedback = _numerical_all(path, raw.line, spec[1:])
        return Question(prompt, values, (), _join(feedback, general), line=raw.line, topic=raw.topic)
    if "~" in spec:  # Moodle: only a choice question has a '~'
        return _choice(path, raw, prompt, spec, general, markdown, skip, problems)
    if "=" in spec and "->" in spec:
        return _matching(raw, prompt, spec, general, markdown, skip)
    head, _, feedback = spec.partition("#")
    if head.strip().lower() in _TRUE | _FALSE:
        truth = TRUE_FALSE[0] if head.strip().lower() in _TRUE else TRUE_FALSE[1]
        # {T#shown to a wrong answer#shown to a right one}: after the answer the right one is said (the
        # wrong one when it is the only feedback: it explains the answer to those who missed it)
        wrong_fb, _, right_fb = feedback.partition("#")
        said = right_fb if right_fb.strip() else wrong_fb
        return Question(
            prompt, (truth,), TRUE_FALSE, _join(_plain(said, markdown), general), line=raw.line, topic=raw.topic
        )
    # short answer: every answer is accepted (Moodle: '=' separates them, {Paris} is one too); the best
    # weighted one is read, its wildcards '*' unsaid
    items = _short(spec)
    if any(not a.text for a in items):
        lenient("an empty answer (a '=' with no text): left out", path, _option_line(raw), problems)
    items = [a for a in items if _said(a.text, markdown)]  # '*' alone (any other answer) is not one to read
    if not items:
        raise ContentError("no answer in this GIFT answer block", path, raw.line)
    best = max(items, key=lambda a: a.weight)
    if best.weight <= 0:
        raise ContentError("no right answer: every answer is worth 0% or less", path, raw.line)
    return Question(
        prompt,
        (_said(best.text, markdown),),
        (),
        _join(_plain(best.feedback, markdown), general),
        line=raw.line,
        topic=raw.topic,
    )


def _choice(
    path: Path,
    raw: _Raw,
    prompt: str,
    spec: str,
    general: str,
    markdown: bool,
    skip,
    problems: Collector,
) -> Question | None:
    """A multiple-choice question: every option worth 100% is a right one (each '='), else every one
    with a positive weight; an empty option is dropped, as Moodle does when it saves the question."""
    items = _choices(spec)
    empty = [a for a in items if not _plain(a.text, markdown)]
    if empty:
        lenient("an empty option (a '=' or '~' with no text): left out", path, _option_line(raw), problems)
        items = [a for a in items if a not in empty]
    if len(items) < 2:
        skip("a multiple-choice question needs at least two options")
        return None
    right = _right(items)
    if not right:
        raise ContentError("no right answer: mark one with '=' (or a positive ~%weight%)", path, raw.line)
    options = tuple(_plain(a.text, markdown) for a in items)
    said = [_plain(a.text, markdown) for a in right]
    if not _check_twice(path, raw.line, options, [a in right for a in items], problems):
        return None
    feedback = _plain(right[0].feedback, markdown) if len(right) == 1 else ""
    return Question(prompt, tuple(said), options, _join(feedback, general), line=raw.line, topic=raw.topic)


def _check_twice(path: Path, line: int, options: tuple[str, ...], right: list[bool], problems: Collector) -> bool:
    """Options given twice, which Moodle imports. A right option that reads like a wrong one cannot be
    told from it by ear: an error, unless the option has no words at all (a picture or sound Moodle
    shows, written '.'): then the question is left out with a warning (False). Twice among the wrong
    options: a warning, read as written. True when the question is read."""
    twice = twice_in(options, right)
    if twice is None:
        return True
    problem, misleading = twice
    if not misleading:
        lenient(f"{problem}: read as written, as Moodle imports it", path, line, problems)
        return True
    if not placeholder(problem.split("'", 2)[1]):
        raise ContentError(f"{problem}, once right and once wrong", path, line)
    lenient(f"{problem}: its options have no words to tell them apart by ear: question left out", path, line, problems)
    return False


def placeholder(option: str) -> bool:
    """True for an option with nothing to say but sentence punctuation (``"."``): a picture or sound
    that Moodle shows in its place."""
    return not re.sub(r"[\s.,;:!?…-]", "", option)


def twice_in(options: tuple[str, ...] | list[str], right: list[bool]) -> tuple[str, bool] | None:
    """(what is wrong, whether a right option reads like a wrong one) for the first option given twice
    (as written, ignoring case, spacing and a sentence stop: :func:`common.duplicate_option`'s rule),
    the misleading one first; None when all differ. ``right``: whether each option is a right one."""
    keys = [_option_key(o) for o in options]
    found: tuple[str, bool] | None = None
    for n, key in enumerate(keys):
        if key in keys[:n]:
            twins = [r for k, r in zip(keys, right) if k == key]
            misleading = any(twins) and not all(twins)
            if found is None or (misleading and not found[1]):
                found = (f"option '{options[n]}' is given twice in this question", misleading)
    return found


def _numerical_all(path: Path, line: int, spec: str) -> tuple[tuple[str, ...], str]:
    """A numerical block's right answers (every one worth the best weight, as written to be said) and
    the feedback of the first."""
    items = _numerical_items(path, line, spec)
    best = max(i[0] for i in items)
    right = [i for i in items if i[0] == best]
    values = tuple(dict.fromkeys(_number_answer(_WEIGHT.sub("", text)) for _, text, _ in right))
    return values, right[0][2]


def _numerical_items(path: Path, line: int, spec: str) -> list[tuple[float, str, str]]:
    spec = spec.split("~", 1)[0] if "=" in spec.split("~", 1)[0] or not spec.lstrip().startswith("~") else ""
    if spec.lstrip()[:1] == "=":
        items = [(a.weight, a.text, _plain(a.feedback)) for a in _short(spec) if a.text.strip()]
    else:
        text, _, fb = spec.partition("#")
        items = [(100.0, text.strip(), _plain(fb))] if text.strip() else []
    if not items:
        raise ContentError("no answer in this numerical answer block ('{#...}')", path, line)
    if max(i[0] for i in items) <= 0:
        raise ContentError("no right answer: mark one with '=' (or a positive %weight%)", path, line)
    return items


def _numerical(path: Path, line: int, spec: str) -> tuple[str, str]:
    """A numerical answer block without its ``#`` (``3.14:0.005``, ``1..5``, ``=3.14:0.005#Good
    =%50%3.1:0.05#Half``) → (the best answer as written to be said, its feedback): ``"3.14, within
    0.005"``, ``"between 1 and 5"``, ``"3.14"``. Several answers: the one of the highest weight (an
    ``=`` without a weight counts 100%), the first of equals; a '~' starts the feedback for any other
    answer (Moodle's), which is not read.

    Raises:
        ContentError: no answer in the block, or none with a positive weight.
    """
    weight, text, feedback = max(_numerical_items(path, line, spec), key=lambda i: i[0])
    return _number_answer(_WEIGHT.sub("", text)), feedback


def _number_answer(text: str) -> str:
    """A numerical answer as written to be said: ``"3.14:0.005"`` → ``"3.14, within 0.005"``,
    ``"1..5"`` → ``"between 1 and 5"``, ``"4:0"`` → ``"4"``."""
    text = _plain(text)
    span = _RANGE.match(text)
    if span:
        return f"between {span.group(1)} and {span.group(2)}"
    value, _, tolerance = (part.strip() for part in text.partition(":"))
    try:
        exact = float(tolerance) == 0
    except ValueError:
        exact = not tolerance
    return value if exact else f"{value}, within {tolerance}"


def _matching(raw: _Raw, prompt: str, spec: str, general: str, markdown: bool, skip) -> Question | None:
    """A matching question (``=cat -> animal =oak -> tree = -> rock``) as an open question: the left
    sides are said, the pairs are the solution; a right side with no left one (Moodle's extra answer
    ``= -> rock``) is said to match none. Moodle refuses one with an answer that has no '->' or fewer
    than two answers: it is left out."""
    answers = spec.split("=")
    if not answers[0].strip():
        answers = answers[1:]
    if any("->" not in a for a in answers):
        skip("a matching answer without '->' (Moodle refuses the question)")
        return None
    pairs = [tuple(_plain(p, markdown) for p in a.split("->", 1)) for a in answers]
    matched = [(a, b) for a, b in pairs if a]
    if len(answers) < 2 or len(matched) < 1 or (len(matched) < 2 and not [b for a, b in pairs if not a]):
        skip("a matching question needs at least two pairs")
        return None
    solution = "; ".join(f"{a}: {b}" for a, b in matched) + "."
    extra = [b for a, b in pairs if not a]
    if extra:
        solution += f" {' and '.join(extra)} {'matches' if len(extra) == 1 else 'match'} none of them."
    words = f"{prompt} Match each of these: {', '.join(a for a, _ in matched)}."
    return Question(words, (solution,), (), _join(general), open=True, line=raw.line, topic=raw.topic)


def _option_line(raw: _Raw) -> int:
    """The line of a question's first empty option (``~`` or ``=`` with no text before the next one)."""
    for n, line in enumerate(raw.lines):
        if re.search(r"(?:^|[\s{])[=~]\s*(?:%-?[\d.]+%\s*)?(?=[=~}#]|$)", line):
            return raw.line + n
    return raw.line


def _tidy(prompt: str) -> str:
    """Spaces collapsed, none before punctuation ("makes _____ ." → "makes _____.")."""
    return re.sub(r"\s+([.,;:!?])", r"\1", " ".join(prompt.split()))


def _join(*parts: str) -> str:
    return " ".join(p for p in (_plain(x) for x in parts) if p)
