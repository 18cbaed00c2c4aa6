"""narrate's own quiz syntax on the shared walker: under a "## Quiz" heading, "### prompt" headings or
"1. prompt" items, ``- [ ] wrong`` / ``- [x] right`` options, "Answer: ...", "Explanation: ...",
"Think pause: 8"; and the questions of every dialect checked into :class:`~narrate.model.Question`."""

from __future__ import annotations

import re

from markdown_it.tree import SyntaxTreeNode

from narrate.model import (
    BulletList,
    Paragraph,
    Question,
    Section,
)
from narrate.settings import MAX_PAUSE_S, range_text
from narrate.text.markup import clean_text
from narrate.text.readers.common import blank_answers, count_blanks, duplicate_option, match_option, seconds_to_ms
from narrate.text.readers.markdown.nodes import _LANGUAGE, _SILENT_NODES, _only, _raw_text, _sentence, _text
from narrate.text.readers.markdown.spoken import _notes, _spoken_text
from narrate.text.readers.markdown.walker import _PROMPT_LABEL, _Q, WalkerBase
from narrate.text.readers.markers import (
    ANSWER_WORDS,
    EXPLANATION_WORDS,
    alternatives,
)

_FIELD = re.compile(
    r"^(?:(?P<answer>"
    + alternatives(ANSWER_WORDS)
    + r")|(?P<explanation>"
    + alternatives(EXPLANATION_WORDS)
    + r")|(?P<think>think(?: pause)?))\s*[:：]\s*(?P<value>.*)$",
    re.I,
)
_WHAT = {
    "blockquote": "a quote",
    "container_div": "a callout",
    "paragraph": "a figure",
    "table": "a table",
    "fence": "code before any question",
    "code_block": "code before any question",
}
"""What a block that says nothing under a quiz heading is, for its warning."""
_TASK = re.compile(r"^\[([ xX])\]\s+(.*)$", re.S)


def _asks(node: SyntaxTreeNode) -> bool:
    """A numbered list whose first item is a prompt (a question, or a fill-in with a blank)."""
    first = node.children[0] if node.children else None
    return first is not None and _is_prompt(_text(first).split("\n")[0])


def _is_prompt(text: str) -> bool:
    """``text`` is a whole quiz prompt: a question (ends in "?") or a sentence with blanks."""
    return text.endswith("?") or bool(count_blanks(text))


class QuizReader(WalkerBase):
    """The quiz part of the walker (see the module docstring)."""

    def unanswered_as_text(self) -> None:
        """Quiz questions with no answer (a Jupyter Book list of options with no ``[x]``, exercises with
        no answer given) are not questions narrate can answer: each is read as text, in a chapter named
        by its quiz heading, where that heading stands (a warning; an error under ``--strict``)."""
        places: dict[int, tuple[str, int, list]] = {}
        kept: list[_Q] = []
        for q in self.questions:
            if q.open or q.answer is not None or q.right or not q.prompt:
                kept.append(q)
                continue
            self.lenient("question has no answer (no '- [x]' option, no 'Answer: ...'): read as text", q.line)
            heading = next((h for h in reversed(self.quiz_headings) if h[0] < q.line), (q.line, len(self.sections), ""))
            _, blocks = places.setdefault(heading[1], (heading[2] or "Quiz", heading[0], []))[1:]
            blocks.append(Paragraph(_sentence(q.prompt), q.line))
            if q.options:
                blocks.append(BulletList(tuple(q.options), None, q.line))
            blocks.extend(Paragraph(_sentence(t), q.line) for t in q.explanation if t.strip())
        self.questions = kept
        for place in sorted(places, reverse=True):
            title, line, blocks = places[place]
            self.sections.insert(place, Section(title, tuple(blocks), line))
            self.levels.insert(place, 2)
            for name in ("moved", "next_candidates", "failed"):
                setattr(self, name, {i + (i >= place) for i in getattr(self, name)})

    # ------------------------------------------------------------ quiz

    def quiz(self, node: SyntaxTreeNode) -> None:
        """A node under a quiz heading: numbered questions, options (``- [x]`` the right one), or lines
        of prompts and fields (:meth:`quiz_lines`).

        Raises:
            ContentError: options without a question.
        """
        last = self.questions[-1] if self.questions else None
        if node.type == "ordered_list" and (
            last is None or last.answer is not None or last.right or (last.options and _asks(node))
        ):  # numbered questions (after options without an answer: a numbered prompt starts the next)
            for item in node.children:
                self.questions.append(_Q("", self.line(item), pending_prompt=True))
                for child in item.children:
                    self.quiz(child)
            return
        q = self.questions[-1] if self.questions else None
        if node.type in ("bullet_list", "ordered_list"):
            if q is None:
                self.fail("options without a question", self.line(node))
            tail: list[tuple[int, str]] = []
            for item in node.children:
                text, fields = self.option_text(item)
                tail.extend(fields)
                task = _TASK.match(text)
                if task:
                    text = task.group(2).strip()
                    if task.group(1) in "xX":
                        q.right.append(text)
                q.options.append(text)
            self.quiz_lines(tail)
            return
        if node.type in ("fence", "code_block") and q is not None:
            blocks = self.code(node, [], self.line(node))  # in its question: read if short, else a cue
            said = _spoken_text(blocks, code_cue=True)
            if q.answer is None and not q.right and not q.options:
                q.prompt = f"{q.prompt} {said}".strip()
            else:
                q.explanation.append(said)
            q.notes.extend(_notes(blocks))
            return
        if node.type not in ("paragraph", "html_block") or _only(node, "image") is not None:
            if node.type not in _SILENT_NODES and (_text(node) or node.type in ("fence", "code_block", "table")):
                self.lenient(
                    f"{_WHAT.get(node.type, 'this block')} under a quiz heading is not read: it holds questions",
                    self.line(node),
                )
            return
        self.quiz_lines([(self.line(node) + n, raw) for n, raw in enumerate(_text(node, "\n").split("\n"))])

    def option_text(self, item: SyntaxTreeNode) -> tuple[str, list[tuple[int, str]]]:
        """An option's text, and the ``Answer:``/``Explanation:``/``Think pause:`` lines (with their
        file lines) that Markdown's lazy continuation put inside it: a field line written straight after
        the options (no blank line) is the question's field, never said as part of the option."""
        lines = _raw_text(item, "\n").split("\n")
        cut = next((n for n, raw in enumerate(lines) if n and _FIELD.match(raw.strip())), len(lines))
        text = " ".join(clean_text("\n".join(lines[:cut]), _LANGUAGE.get()).split())
        return text, [(self.line(item) + n, clean_text(lines[n], _LANGUAGE.get())) for n in range(cut, len(lines))]

    def quiz_lines(self, lines: list[tuple[int, str]]) -> None:
        """Lines of quiz text (file line, text): fields, prompts of new questions, explanations."""
        q = self.questions[-1] if self.questions else None
        field_name = None
        for line, raw in lines:
            match = _FIELD.match(raw.strip())
            if match:
                field_name = next(k for k in ("answer", "explanation", "think") if match.group(k))
                value = match.group("value").strip()
                if q is None:
                    self.fail(f"'{match.group(field_name)}:' without a question before it", line)
                if field_name == "answer":
                    q.answer, q.answer_line = value, line
                elif field_name == "explanation":
                    q.explanation.append(value)
                else:
                    q.think_ms = self.think(value, line)
                continue
            value = raw.strip()
            label = _PROMPT_LABEL.match(value)
            value = value[label.end() :] if label else value
            if not value:
                continue
            answered = q is not None and (q.answer is not None or bool(q.right))
            done = q is not None and (answered or bool(q.options) or _is_prompt(q.prompt))
            if label and (q is None or done):  # "Question: ..." after "Answer: ..." starts the next one
                q, field_name = _Q(value, line), None
                self.questions.append(q)
            elif field_name == "answer" and q is not None:
                q.answer = f"{q.answer} {value}".strip()
            elif field_name == "explanation" and q is not None:
                q.explanation.append(value)
            elif q is None or (done and _is_prompt(value)):  # after a whole question, answered or not
                q = _Q(value, line)
                self.questions.append(q)
            elif q.pending_prompt:
                q.prompt, q.pending_prompt, q.line = value, False, line
            elif not answered and not q.options:
                q.prompt = f"{q.prompt} {value}".strip()
            else:  # after the options of a question not answered (yet): read after them
                q.explanation.append(value)

    def think(self, value: str, line: int) -> int:
        """A ``Think pause:`` value (seconds, ``"8"``, ``"8 s"``) in ms.

        Raises:
            ContentError: not a number of seconds in range.
        """
        seconds = re.match(r"^(\d+(?:\.\d+)?)\s*(s|sec|seconds)?$", value)
        if not seconds or float(seconds.group(1)) > MAX_PAUSE_S:
            self.fail(f"'Think pause:' must be a number of seconds {range_text(0, MAX_PAUSE_S)}", line)
        return seconds_to_ms(float(seconds.group(1)))

    def question(self, q: _Q) -> Question:
        """A question as read → the lesson's :class:`~narrate.model.Question`.

        Raises:
            ContentError: no prompt, no answer, more than one ``[x]``, the same option twice, an
                answer that is none of the options, or blanks that do not match the answer.
        """
        if not q.prompt:
            self.fail("question has no prompt", q.line)
        if len(q.right) > 1:
            self.fail("a question has more than one '[x]' option", q.line)
        options = tuple(q.options)
        twice = duplicate_option(options)
        if twice:
            self.fail(twice, q.line)
        if q.right:
            answers: tuple[str, ...] = (q.right[0],)
        elif q.answer:
            if options:
                chosen = match_option(q.answer, options)
                if chosen is None:
                    self.fail(f"answer '{q.answer}' is not one of the options", q.answer_line)
                answers = (chosen,)
            else:
                try:  # an open question's prompt is prose, written code: no blanks to count
                    answers = (q.answer,) if q.open else blank_answers(q.prompt, q.answer)
                except ValueError as exc:
                    self.fail(str(exc), q.answer_line)
        else:
            self.fail("question has no answer (mark an option '- [x]' or add 'Answer: ...')", q.line)
        return Question(
            prompt=q.prompt,
            answers=answers,
            options=options,
            explanation=" ".join(" ".join(q.explanation).split()),
            think_pause_ms=q.think_ms,
            line=q.line,
            open=q.open,
            notes=tuple(q.notes),
            title=q.title,
        )
