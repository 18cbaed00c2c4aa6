"""Lesson → narration script: ordered cues (Chapter, Say, Pause), and a readable rendering for authors.

Layout of an episode::

    Introduction      course and lesson title, subtitle, summary
    <one per section> title, paragraphs (one Say per sentence), bullet lists, callouts, captions
    Quiz              "Check yourself. N questions."
    Question n        prompt and lettered options, think pause, "The answer is ...", explanation
    Next up           the next lessons

Text in every ``Say`` cue has been through :func:`narrate.text.normalize.spoken`; text with nothing
pronounceable creates no cue, and a section with nothing pronounceable creates no chapter. A sentence
longer than :data:`narrate.text.clauses.MAX_UTTERANCE_WORDS` words is said as several ``Say`` cues
in a row, cut at clause boundaries, with no pause cue between them (the engine pauses at the comma
or semicolon that ends each part, as it would inside the sentence).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from num2words import num2words

from narrate.config import CourseConfig, PauseConfig
from narrate.model import (
    BulletList,
    Callout,
    Caption,
    Chapter,
    CodeBlock,
    Cue,
    Lesson,
    Paragraph,
    Pause,
    Question,
    Say,
    Script,
    Table,
)
from narrate.text.clauses import split_utterance
from narrate.text.code import speak_code_block
from narrate.text.normalize import as_sentence, sentences, spoken

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TABLE_READ_ROWS = 6
"""A table with more rows than this (or more than :data:`TABLE_READ_COLUMNS` columns) is summarised."""
TABLE_READ_COLUMNS = 5
_BLANK = re.compile(r"_{2,}")


class _Builder:
    """Collects cues; merges adjacent pauses (the longer wins) and drops empty chapters."""

    def __init__(self, pauses: PauseConfig, lexicon: Mapping[str, str], language: str = "en-us"):
        self.read_code = False
        self.cues: list[Cue] = []
        self.pauses = pauses
        self.lexicon = lexicon
        self.language = language

    def chapter(self, title: str) -> None:
        if self.cues and isinstance(self.cues[-1], Chapter):
            self.cues.pop()  # the previous chapter had nothing in it
        self.cues.append(Chapter(title.strip()))

    def say(self, written: str, role: str = "narrator", *, already_spoken: bool = False) -> bool:
        text = written if already_spoken else spoken(written, self.lexicon, self.language)
        if not text.strip():
            return False
        if text[0].islower() and not written.lstrip()[:1].isalpha():
            text = text[0].upper() + text[1:]  # "2,500 mAh is ..." → "Two thousand ..."
        if self.cues and isinstance(self.cues[-1], Say):
            self.pause(self.pauses.sentence_ms, "sentence")
        # a long sentence is several utterances with no pause of ours between them: each but the last
        # ends on a clause boundary (or an added comma), and the engine's own clause pause is heard there
        for part in split_utterance(text):
            self.cues.append(Say(part, role))  # type: ignore[arg-type]
        return True

    def text(self, written: str, role: str = "narrator") -> None:
        """Say running text one sentence per cue."""
        for sentence in sentences(written):
            self.say(sentence, role)

    def pause(self, ms: int, kind: str) -> None:
        if ms <= 0 or not self.cues or isinstance(self.cues[-1], Chapter):
            return
        last = self.cues[-1]
        if isinstance(last, Pause):
            if last.kind == "think" or last.ms >= ms:
                return
            self.cues.pop()
        chime = kind == "think" and self.pauses.chime
        self.cues.append(Pause(ms, kind, chime))  # type: ignore[arg-type]

    def finish(self) -> tuple[Cue, ...]:
        while self.cues and isinstance(self.cues[-1], (Pause, Chapter)):
            self.cues.pop()
        return tuple(self.cues)


def think_pause_ms(question: Question, lesson: Lesson, pauses: PauseConfig) -> int:
    """Think pause before a question's answer, in ms.

    The question's own override wins, then the lesson's; otherwise the course's base length plus
    ``think_per_option_ms`` per option and ``think_per_word_ms`` per prompt word.
    """
    if question.think_pause_ms is not None:
        return question.think_pause_ms
    if lesson.think_pause_ms is not None:
        return lesson.think_pause_ms
    words = len(question.prompt.split())
    return pauses.think_ms + pauses.think_per_option_ms * len(question.options) + pauses.think_per_word_ms * words


def build_script(lesson: Lesson, config: CourseConfig, lexicon: Mapping[str, str] | None = None) -> Script:
    """Turn a lesson into its narration script (see module docstring for the layout).

    ``lexicon`` defaults to the course's lexicon.
    """
    b = _Builder(config.pauses, config.lexicon if lexicon is None else lexicon, config.language)
    b.read_code = lesson.read_code if lesson.read_code is not None else bool(getattr(config, "read_code", False))
    p = config.pauses

    b.chapter("Introduction")
    if config.title.strip().casefold() != lesson.title.strip().casefold():
        b.say(as_sentence(config.title))
    if lesson.number:
        b.say(f"Lesson {num2words(lesson.number)}: {as_sentence(lesson.title)}")
    else:
        b.say(as_sentence(lesson.title))
    for line in (lesson.subtitle, lesson.summary):
        if line:
            b.text(as_sentence(line))
    b.pause(p.section_ms, "section")

    for section in lesson.sections:
        b.chapter(section.title)
        b.say(as_sentence(section.title))
        b.pause(p.paragraph_ms, "paragraph")
        for block in section.blocks:
            _block(b, block)
            b.pause(p.paragraph_ms, "paragraph")
        b.pause(p.section_ms, "section")

    if lesson.quiz:
        if lesson.sections:  # a drill (a question bank, no sections): the questions are the chapters
            b.chapter("Quiz")
        count = len(lesson.quiz)
        noun = "question" if count == 1 else "questions"
        b.say(f"Check yourself. {num2words(count).capitalize()} {noun}.", "host", already_spoken=True)
        b.pause(p.section_ms, "section")
        topic = ""
        for number, question in enumerate(lesson.quiz, 1):
            b.chapter(f"Question {number}")
            if question.topic and question.topic != topic:
                b.say(as_sentence(question.topic), "host")
            topic = question.topic
            _question(b, number, question, think_pause_ms(question, lesson, p))
            b.pause(p.section_ms, "section")

    if lesson.next_lessons:
        b.chapter("Next up")
        titles = [spoken(t, b.lexicon, b.language).rstrip(".!?;:") for t in lesson.next_lessons]
        titles = [t for t in titles if t]
        if titles:
            b.say(f"Next up: {_join(titles)}.", already_spoken=True)
    return Script(lesson=lesson, cues=b.finish())


REVIEW_ID = "review"


def review_lesson(lessons: Sequence[Lesson], config: CourseConfig) -> Lesson | None:
    """The course-review pseudo-lesson: every quiz question of ``lessons`` in order (None if no quiz).

    Its id is :data:`REVIEW_ID`, its number follows the last lesson's; the feed marks it a bonus episode.
    """
    questions = tuple(q for lesson in lessons for q in lesson.quiz)
    if not questions:
        return None
    overrides = [
        replace(q, think_pause_ms=think_pause_ms(q, lesson, config.pauses)) for lesson in lessons for q in lesson.quiz
    ]
    last = max((lesson.number for lesson in lessons), default=0)
    return Lesson(
        id=REVIEW_ID,
        title=f"Course review: {config.title}",
        summary=f"Every quiz question of the course, {len(questions)} in all, with time to think before each answer.",
        quiz=tuple(overrides),
        number=last + 1,
        date=max((lesson.date for lesson in lessons if lesson.date), default=None),
    )


def build_review_script(
    lessons: Sequence[Lesson], config: CourseConfig, lexicon: Mapping[str, str] | None = None
) -> Script | None:
    """Script of the course-review episode: an introduction, then every question as its own chapter."""
    lesson = review_lesson(lessons, config)
    if lesson is None:
        return None
    b = _Builder(config.pauses, config.lexicon if lexicon is None else lexicon, config.language)
    p = config.pauses
    b.chapter("Introduction")
    b.say(as_sentence(config.title))
    b.say(
        f"Course review. {num2words(len(lesson.quiz)).capitalize()} questions from every lesson.", already_spoken=True
    )
    b.pause(p.section_ms, "section")
    number = 0
    for source in lessons:
        for question in source.quiz:
            number += 1
            b.chapter(f"Question {number}")
            _question(b, number, question, lesson.quiz[number - 1].think_pause_ms or p.think_ms)
            b.pause(p.section_ms, "section")
    return Script(lesson=lesson, cues=b.finish())


def _block(b: _Builder, block) -> None:
    if isinstance(block, Paragraph):
        b.text(block.text)
    elif isinstance(block, BulletList):
        if block.title:
            b.say(as_sentence(block.title))
        for item in block.items:
            b.text(as_sentence(item))
    elif isinstance(block, Callout):
        b.say(as_sentence(block.title))
        b.text(as_sentence(block.text))
    elif isinstance(block, Caption):
        text = spoken(as_sentence(block.text), b.lexicon, b.language)
        if text:
            b.say(f"Figure: {text}", already_spoken=True)
    elif isinstance(block, CodeBlock) and not block.output:  # program output is never read
        if b.read_code:
            for line in speak_code_block(block.code):
                b.say(as_sentence(line))
        else:
            b.say("A code example, in the show notes.", already_spoken=True)
    elif isinstance(block, Table):
        _table(b, block)


def _table(b: _Builder, table: Table) -> None:
    """Row by row with the header ("Row one: name, Alice; age, thirty."), or a summary and a cue."""
    width = max([len(table.header), *(len(r) for r in table.rows)], default=0)
    if len(table.rows) > TABLE_READ_ROWS or width > TABLE_READ_COLUMNS or not table.rows:
        columns = [spoken(h, b.lexicon) for h in table.header]
        named = f", with columns {_join([c for c in columns if c])}" if any(columns) else ""
        rows = num2words(len(table.rows))
        b.say(
            f"A table of {rows} row{'s' if len(table.rows) != 1 else ''}{named}; it is in the show notes.",
            already_spoken=True,
        )
        return
    for number, row in enumerate(table.rows, 1):
        cells = []
        for n, cell in enumerate(row):
            said = spoken(cell, b.lexicon).rstrip(".;:")
            head = spoken(table.header[n], b.lexicon).rstrip(".;:") if n < len(table.header) else ""
            if said:
                cells.append(f"{head}, {said}" if head else said)
        if cells:
            b.say(f"Row {num2words(number)}: {'; '.join(cells)}.", already_spoken=True)


def _question(b: _Builder, number: int, q: Question, think_ms: int) -> None:
    if q.open:  # a lesson's challenge or exercise: the prompt, time to work on it, then a solution
        b.say(f"Question {num2words(number)}.", "host", already_spoken=True)
        b.text(q.prompt, "host")
        b.pause(think_ms, "think")
        b.say("Here is a solution.", "host", already_spoken=True)
        b.text(q.answers[0], "host")
        if q.explanation.strip():
            b.text(q.explanation, "host")
        return
    prompt = spoken(q.prompt, b.lexicon, b.language)
    if q.options:
        options = [spoken(o, b.lexicon, b.language).rstrip(".!?;:") for o in q.options]
        lettered = [f"{LETTERS[i]}: {o}" for i, o in enumerate(options)]
        if len(lettered) > 1:
            choices = ", ".join(lettered[:-1]) + f", or {lettered[-1]}"
        else:
            choices = lettered[0]
        b.say(f"Question {num2words(number)}. {prompt} Is it {choices}?", "host", already_spoken=True)
        b.pause(think_ms, "think")
        index = q.answer_index
        reveal = f"The answer is {LETTERS[index]}: {options[index]}." if index is not None else ""
        if not reveal:
            reveal = f"The answer is: {spoken(q.answers[0], b.lexicon, b.language).rstrip('.!?')}."
        b.say(reveal, "host", already_spoken=True)
    else:
        b.say(f"Question {num2words(number)}. {prompt}", "host", already_spoken=True)
        b.pause(think_ms, "think")
        answers = [spoken(a, b.lexicon, b.language).rstrip(".!?;:") for a in q.answers]
        answers = [a for a in answers if a]
        blanks = len(_BLANK.findall(q.prompt))
        if len(answers) == 1 and (blanks != 1 or len(answers[0].split()) > 8) and len(answers[0].split()) > 4:
            b.say(f"The complete sentence is: {answers[0]}.", "host", already_spoken=True)
        elif len(answers) == 1:
            b.say(f"The answer is: {answers[0]}.", "host", already_spoken=True)
        elif answers:
            b.say(f"The answers are: {_join(answers)}.", "host", already_spoken=True)
    if q.explanation.strip():
        b.text(q.explanation, "host")


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f", and {items[-1]}"


def render_script(script: Script) -> str:
    """The script as plain text for authors: chapter headings, spoken text, pauses with lengths.

    Deterministic; ends with a newline.
    """
    lesson = script.lesson
    head = f"Lesson {lesson.number}: {lesson.title}" if lesson.number else lesson.title
    lines = [f"# {head}", ""]
    for cue in script.cues:
        if isinstance(cue, Chapter):
            if lines[-1] != "":
                lines.append("")
            lines.append(f"## {cue.title}")
        elif isinstance(cue, Say):
            who = "" if cue.role == "narrator" else f"[{cue.role}] "
            lines.append(f"{who}{cue.text}")
        elif isinstance(cue, Pause):
            label = "think pause" if cue.kind == "think" else f"{cue.kind} pause"
            chime = ", then a chime" if cue.chime else ""
            lines.append(f"    ({label} {cue.ms / 1000:.2f} s{chime})")
    return "\n".join(lines).rstrip() + "\n"
