"""Moodle GIFT question banks (``.gift``, or a ``.txt`` that looks like one) → a drill :class:`Lesson`.

Format (https://docs.moodle.org/en/GIFT_format)::

    // a comment
    $CATEGORY: $course$/Rivers            categories: the question's topic (its last part)
    ::Q1:: Which river is longest? {      ::title:: is optional
      =The Nile#Feedback for this answer  = right option, ~ wrong option, #feedback, ~%50% weights
      ~The Thames
      ####General feedback                read as the explanation
    }
    The Sun is a star. {T}                true/false: {T} {F} {TRUE} {FALSE}
    Two plus two is {=four =4}.           short answer (text after the braces: a blank)
    Match the pairs. {=cat -> mammal =trout -> fish}   matching: read as an open question
    What is pi to two places? {#3.14:0.005}            numerical: "3.14, within 0.005"; {#1..5}: "between 1
    Pi? {#=3.14:0.005#Good =%50%3.1:0.05#Close}        and 5"; several answers: the best one and its feedback

    Choose the word that fits.            a description (no braces): said before the questions after it
    Bees {1:MC:~make =build} nests.       embedded answers (Moodle cloze) or several blocks: one blank each

Questions need no blank line between them when each starts with ``::title::``. Essay questions
(``{}``), questions whose text is only an image and matching questions with fewer than two pairs
cannot be spoken: each is skipped with a warning line naming it.
The lesson has no sections: its chapters are the questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from narrate.errors import Collector, ContentError, warn
from narrate.model import TRUE_FALSE, Lesson, Question
from narrate.text.readers.common import default_id, duplicate_option
from narrate.yamlio import read_text

_CATEGORY = re.compile(r"^\s*\$CATEGORY:\s*(.*?)\s*$", re.M)
_TITLE = re.compile(r"^\s*::(.*?)::\s*", re.S)
_FORMAT = re.compile(r"^\s*\[(html|moodle|plain|markdown)\]\s*", re.I)
_ESCAPED = {"\\~": "\x01", "\\=": "\x02", "\\#": "\x03", "\\{": "\x04", "\\}": "\x05", "\\:": "\x06", "\\n": "\n"}
_UNESCAPE = {"\x01": "~", "\x02": "=", "\x03": "#", "\x04": "{", "\x05": "}", "\x06": ":"}
_TAG = re.compile(r"<[^>]+>")
_IMAGE = re.compile(r"<img\b[^>]*>|!\[[^\]]*\]\([^)]*\)", re.I)
_ANSWER_MARK = re.compile(r"(?<!\S)([=~])|(?<=\S)([=~])(?=%|\S)")
_TRUE = {"t", "true"}
_FALSE = {"f", "false"}


@dataclass
class _Raw:
    text: str
    line: int
    topic: str = ""
    lines: list[str] = field(default_factory=list)


def _escape(text: str) -> str:
    for k, v in _ESCAPED.items():
        text = text.replace(k, v)
    return text


def _plain(text: str) -> str:
    """GIFT text as plain written text: escapes undone, HTML tags and format markers dropped."""
    text = _FORMAT.sub("", text)
    text = _TAG.sub(" ", text)
    for k, v in _UNESCAPE.items():
        text = text.replace(k, v)
    return " ".join(text.split())


def looks_like_gift(text: str) -> bool:
    """True when ``text`` reads as a GIFT bank: at least two answer blocks (``{=...}``, ``{~...}``,
    ``{T}``, ``{#...}``) or one with a ``::title::``."""
    blocks = re.findall(r"\{\s*(?:[=~#]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\})", text)
    return len(blocks) >= 2 or (len(blocks) == 1 and bool(re.search(r"^\s*::[^:\n]+::", text, re.M)))


def read_gift(path: Path, number: int = 0) -> Lesson:
    """Read a GIFT bank as a drill lesson (one open, choice or blank question per GIFT question).

    Raises:
        ContentError: no question that can be spoken, an unclosed ``{``, or a question whose right
            answer cannot be found (file and line).
    """
    text = read_text(path)
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
        question = problems.attempt(partial(_question, path, raw), None)
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
    """The questions of a bank: blocks separated by blank lines, comments dropped, categories noted;
    unbalanced braces are noted in ``problems`` (and the reading goes on after them)."""
    out: list[_Raw] = []
    topic = ""
    current: _Raw | None = None
    depth = opened = 0

    def unclosed() -> None:  # the question with the open brace is not one to read; the checking goes on
        problems.add(ContentError(_UNCLOSED, path, opened))
        if current is not None:
            out.remove(current)

    for n, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if depth == 0 and stripped.startswith("//"):
            continue
        category = _CATEGORY.match(line) if depth == 0 else None
        if category:
            topic = category.group(1).rstrip("/").split("/")[-1].strip()
            topic = "" if topic.startswith("$") else topic
            continue
        if not stripped:  # a blank line ends a question, as in Moodle's import, even inside '{...'
            if depth > 0:
                unclosed()
            current, depth = None, 0
            continue
        if current is not None and depth == 0 and _TITLE.match(line):
            current = None  # a new "::title::" starts a question even without a blank line before it
        if current is None:
            current = _Raw("", n, topic)
            out.append(current)
        current.lines.append(line)
        for brace in re.findall(r"[{}]", line):
            depth += 1 if brace == "{" else -1
            opened = n if depth == 1 and brace == "{" else opened
            if depth < 0:
                problems.add(ContentError("'}' without a '{' before it", path, n))
                depth = 0
    if depth > 0:
        unclosed()
    for raw in out:
        raw.text = "\n".join(raw.lines)
    return out


_UNCLOSED = "'{' is never closed: end the answer block with '}' (a blank line ends a question)"
_CLOZE = re.compile(r"\{\s*\d*\s*:\s*([A-Z_]+)\s*:", re.I)
_CLOZE_NUMBER = {"NUMERICAL", "NM"}
_BLOCK = re.compile(r"\{([^{}]*)\}")


def _cloze(path: Path, raw: _Raw, title: str, body: str) -> Question | None:
    """Embedded answers (``{1:MC:~a~=b}``, ``{1:SA:=word}``) or several answer blocks: a question with
    one blank per block, answered by each block's right answer."""
    answers: list[str] = []

    def blank(m: re.Match) -> str:
        kind = _CLOZE.match("{" + m.group(1))
        spec = _CLOZE.sub("", "{" + m.group(1)).strip()
        items = _answers(spec.split("####", 1)[0])
        right = [i for i in items if i[0] == "="] or sorted(items, key=lambda i: -_weight(i[1]))[:1]
        if not right:
            raise ContentError("an embedded answer block without a right answer ('=')", path, raw.line)
        if kind and kind.group(1).upper() in _CLOZE_NUMBER:
            answers.append(_numerical(path, raw.line, spec)[0])
        else:
            answers.append(_plain(_WEIGHT.sub("", right[0][1])))
        return " _____ "

    prompt = _tidy(_plain(_BLOCK.sub(blank, body)))
    if not prompt:
        warn(f"skipped question '{title or raw.line}': nothing in it to say", path, raw.line)
        return None
    return Question(prompt, tuple(answers), (), "", line=raw.line, topic=raw.topic)


def _question(path: Path, raw: _Raw) -> Question | None:
    body = raw.text
    title = ""
    m = _TITLE.match(body)
    if m:
        title, body = _plain(m.group(1)), body[m.end() :]
    if "{" not in body:
        return None  # a description: read_gift makes it the topic of the questions after it
    if body.count("{") > 1 or _CLOZE.search(body):
        return _cloze(path, raw, title, body)
    before, _, rest = body.partition("{")
    answer, _, after = rest.partition("}")
    name = title or _plain(before)[:60] or f"line {raw.line}"
    after_text = _plain(after)
    prompt = _plain(before) + (" _____ " + after_text if after_text else "")
    prompt = _tidy(prompt)

    def skip(why: str) -> None:
        warn(f"skipped question '{name}': {why}", path, raw.line)

    if not _plain(_IMAGE.sub("", _FORMAT.sub("", before))) and not after_text:
        skip("its text is only an image, which cannot be spoken")
        return None
    spec = answer.strip()
    general = ""
    if "####" in spec:
        spec, general = spec.split("####", 1)
        spec, general = spec.strip(), _plain(general)
    if not spec:
        skip("an essay question has no answer to read")
        return None
    head, _, feedback = spec.partition("#")
    if head.strip().lower() in _TRUE | _FALSE:
        truth = TRUE_FALSE[0] if head.strip().lower() in _TRUE else TRUE_FALSE[1]
        # {T#shown to a wrong answer#shown to a right one}: after the answer the right one is said (the
        # wrong one when it is the only feedback: it explains the answer to those who missed it)
        wrong_fb, _, right_fb = feedback.partition("#")
        said = right_fb if right_fb.strip() else wrong_fb
        return Question(prompt, (truth,), TRUE_FALSE, _join(said, general), line=raw.line, topic=raw.topic)
    if spec.startswith("#"):
        value, feedback = _numerical(path, raw.line, spec[1:])
        return Question(prompt, (value,), (), _join(feedback, general), line=raw.line, topic=raw.topic)
    empty: list[int] = []
    items = _answers(spec, empty)
    if empty:
        raise ContentError("an empty option: a '=' or '~' with no text after it", path, _option_line(raw))
    if not items:
        raise ContentError("no answers in this GIFT answer block", path, raw.line)
    if any("->" in text for _, text, _ in items):
        return _matching(path, raw, prompt, items, general, skip)
    wrong = [i for i in items if i[0] == "~"]
    right = [i for i in items if i[0] == "="]
    if wrong and len(right) > 1:
        raise ContentError(
            f"{len(right)} options are marked right with '=': a choice question has one right option "
            "(mark a partly right one '~%50%')",
            path,
            raw.line,
        )
    if not wrong:  # short answer: every "=" is an accepted answer; the first is read
        feedback = right[0][2]
        return Question(prompt, (_plain(right[0][1]),), (), _join(feedback, general), line=raw.line, topic=raw.topic)
    if right:
        chosen = right[0]
    else:  # ~%100%right ~%-50%wrong: the best weight is the right option
        chosen = max(items, key=lambda i: _weight(i[1]))
        if _weight(chosen[1]) <= 0:
            raise ContentError("no right answer: mark one with '=' (or a positive ~%weight%)", path, raw.line)
    options = [_plain(_WEIGHT.sub("", text)) for _, text, _ in items]
    twice = duplicate_option(options)
    if twice:
        raise ContentError(twice, path, raw.line)
    answer_text = _plain(_WEIGHT.sub("", chosen[1]))
    return Question(prompt, (answer_text,), tuple(options), _join(chosen[2], general), line=raw.line, topic=raw.topic)


_WEIGHT = re.compile(r"^\s*%(-?\d+(?:\.\d+)?)%")
_RANGE = re.compile(r"^\s*(\S+?)\s*\.\.\s*(\S+)\s*$")


def _numerical(path: Path, line: int, spec: str) -> tuple[str, str]:
    """A numerical answer block without its ``#`` (``3.14:0.005``, ``1..5``, ``=3.14:0.005#Good
    =%50%3.1:0.05#Half``) → (the best answer as written to be said, its feedback): ``"3.14, within
    0.005"``, ``"between 1 and 5"``, ``"3.14"``. Several answers: the one of the highest weight (an
    ``=`` without a weight counts 100%), the first of equals.

    Raises:
        ContentError: no answer in the block, or none with a positive weight.
    """
    if spec.lstrip()[:1] in ("=", "~"):
        items = [
            (_weight(text) if _WEIGHT.match(text) else 100.0 * (mark == "="), text, fb)
            for mark, text, fb in _answers(spec)
        ]
    else:
        text, _, fb = spec.partition("#")
        items = [(100.0, text.strip(), _plain(fb))] if text.strip() else []
    if not items:
        raise ContentError("no answer in this numerical answer block ('{#...}')", path, line)
    weight, text, feedback = max(items, key=lambda i: i[0])
    if weight <= 0:
        raise ContentError("no right answer: mark one with '=' (or a positive %weight%)", path, line)
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


def _weight(text: str) -> float:
    m = _WEIGHT.match(text)
    return float(m.group(1)) if m else 0.0


def _matching(
    path: Path, raw: _Raw, prompt: str, items: list[tuple[str, str, str]], general: str, skip: Callable[[str], None]
) -> Question | None:
    """A matching question (``=cat -> animal =oak -> tree = -> rock``) as an open question: the left
    sides are said, the pairs are the solution; a right side with no left one (Moodle's extra answer
    ``= -> rock``) is said to match none.

    Raises:
        ContentError: an answer that is not a ``=left -> right`` pair (a ``~`` option, or no ``->``).
    """
    if any(mark != "=" or "->" not in text for mark, text, _ in items):
        raise ContentError(
            "a matching question takes only '=left -> right' pairs (an extra right side is '= -> it')",
            path,
            raw.line,
        )
    pairs = [tuple(_plain(p) for p in text.split("->", 1)) for _, text, _ in items]
    matched = [(a, b) for a, b in pairs if a]
    if len(matched) < 2:
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


def _answers(spec: str, empty: list[int] | None = None) -> list[tuple[str, str, str]]:
    """``=a#fb ~b`` → ``[("=", "a", "fb"), ("~", "b", "")]``. The index of each option with no text
    is added to ``empty`` (``~=b``, Moodle's right option in a list, is one option)."""
    parts = re.split(r"([=~])", " " + spec)  # escaped \= and \~ were set aside by _escape
    out: list[tuple[str, str, str]] = []
    for n in range(1, len(parts) - 1, 2):
        text, _, feedback = parts[n + 1].partition("#")
        if text.strip() and _WEIGHT.sub("", text).strip():
            out.append((parts[n], text.strip(), _plain(feedback)))
        elif empty is not None and not (parts[n] == "~" and parts[n + 1] == "" and parts[n + 2 : n + 3] == ["="]):
            empty.append(n // 2)
    return out


def _tidy(prompt: str) -> str:
    """Spaces collapsed, none before punctuation ("makes _____ ." → "makes _____.")."""
    return re.sub(r"\s+([.,;:!?])", r"\1", " ".join(prompt.split()))


def _join(*parts: str) -> str:
    return " ".join(p for p in (_plain(x) for x in parts) if p)
