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
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from narrate.config import CourseConfig, PauseConfig
from narrate.model import (
    CODE_CLOSE,
    CODE_OPEN,
    PROMPT_CUES,
    REPEAT_EXTRA_MS,
    TRUE_FALSE,
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
    shown_lesson,
    unmark_code,
    with_challenges,
)
from narrate.text.clauses import MATH_CLOSE, MATH_OPEN, split_utterance, unmark_math, written_parts
from narrate.text.code import speak_code_block
from narrate.text.common import BLANK, count_blanks
from narrate.text.languages import is_question
from narrate.text.normalize import FINAL_STOP, as_sentence, sentences, spoken
from narrate.text.phrases import SOURCE_LANGUAGE, Phrases, phrases_for
from narrate.text.spans import Span, has_spans, plain_text, protect, restore, split_spans

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TABLE_READ_ROWS = 6
"""A table with more rows than this (or more than :data:`TABLE_READ_COLUMNS` columns) is summarised."""
TABLE_READ_COLUMNS = 5
_LEADING_PUNCT = re.compile(r"^\s*([,;:.!?)\]]+)")
_NO_SPACE_BEFORE = ",;:.!?)]"
_SPEAKABLE = re.compile(r"[^\W_]")
QUESTION_TITLE_CHARS = 60
"""A question's chapter is titled from its prompt cut at a word boundary to at most this many characters."""


class _Builder:
    """Collects cues; merges adjacent pauses (the longer wins) and drops empty chapters."""

    def __init__(self, pauses: PauseConfig, lexicon: Mapping[str, str], phrases: Phrases, language: str):
        self.read_code = False
        self.cues: list[Cue] = []
        self.pauses = pauses
        self.lexicon = lexicon
        self.phrases = phrases
        self.language = language
        self.foreign: str | None = None  # the lesson text is in this language, the framing is not
        self.line = 0  # source line of the block or question being said (Say.line)
        self.memo: dict[tuple[str, str, str | None], str] = {}  # written → spoken, shared by both passes
        self.shown: list[str] | None = None  # in the shown pass (_with_written): what each say() shows
        self.calls: list[range | None] = []  # the cues each say() added (None: it said nothing)

    def spoken(self, written: str) -> str:
        """``written`` as said (:meth:`_spoken`, each text once); in the shown pass, as shown: as
        written, without span markup, on one line ("" when nothing of it is said)."""
        key = (written, self.language, self.foreign)
        said = self.memo.get(key)
        if said is None:
            said = self.memo[key] = self._spoken(written)
        if self.shown is None or not said.strip():
            return said
        return " ".join(plain_text(unmark_math(written)).split())

    def _spoken(self, written: str) -> str:
        """``written`` normalised in the lesson's language; a blank is said as the ``blank`` phrase.

        A span in another language (``[Bahnhof]{lang=de}``) is normalised by its own language's
        rules and kept as a span around its spoken text, for :meth:`say` to voice it.
        """
        if BLANK.search(written):
            written = BLANK.sub(f" {self.phrases('blank')} ", written)
        if not has_spans(written):  # spoken math stays marked until say() cuts the utterances
            said = spoken(written, self.lexicon, self.language, keep_math=True)
            return f"[{said}]{{lang={self.foreign}}}" if self.foreign and said else said
        out = ""
        for run in split_spans(written):
            lead = _LEADING_PUNCT.match(run.text)
            said = spoken(run.text, self.lexicon, run.language or self.language)
            if run.language is not None:
                said = f"[{said}]{{lang={run.language}{' repeat' if run.repeat else ''}}}" if said else ""
            elif lead and not said.startswith(lead.group(1)):
                said = lead.group(1) + (" " + said if said else "")
            if said:
                out += said if not out or said[0] in _NO_SPACE_BEFORE else " " + said
        return out

    def chapter(self, title: str) -> None:
        if self.cues and isinstance(self.cues[-1], Chapter):
            self.cues.pop()  # the previous chapter had nothing in it
        self.cues.append(Chapter(unmark_code(title).strip()))  # code as written: a chapter title is shown

    def say(self, written: str, role: str = "narrator", *, already_spoken: bool = False) -> bool:
        """Say ``written`` (normalised unless ``already_spoken``); False when there is nothing to say.
        In the shown pass nothing is said: what the transcripts show is noted instead."""
        if self.shown is not None:
            text = " ".join((written if already_spoken else self.spoken(written)).split())
            self.shown.append(text)
            return bool(text)
        start = len(self.cues)
        said = self._say(written, role, already_spoken=already_spoken)
        self.calls.append(range(start, len(self.cues)) if said else None)
        return said

    def _say(self, written: str, role: str, *, already_spoken: bool) -> bool:
        text = written if already_spoken else self.spoken(written)
        if not text.strip():
            return False
        if text[0].islower() and not written.lstrip()[:1].isalpha() and not written.lstrip().startswith(CODE_OPEN):
            text = text[0].upper() + text[1:]  # "2,500 mAh is ..." → "Two thousand ..."; code keeps its case
        if self.cues and isinstance(self.cues[-1], Say):
            self.pause(self.pauses.sentence_ms, "sentence")
        if has_spans(text):
            self._mixed(unmark_math(text), role)
            return True
        # a long sentence is several utterances with no pause of ours between them: each but the last
        # ends on a clause boundary (or an added comma), and the engine's own clause pause is heard there
        for part in split_utterance(text):
            self.cues.append(Say(part, role, line=self.line))  # type: ignore[arg-type]
        return True

    def _mixed(self, text: str, role: str) -> None:
        """A Say with a part per language run; after a ``repeat`` span, a repeat pause, and the rest
        of the sentence as its own Say."""
        runs: list[Span] = []
        for run in split_spans(text) + [Span("")]:
            if run.text.strip():
                runs.append(run)
            if runs and (not run.text or (run.repeat and run.language)):
                parts = tuple((r.language or "", r.text.strip()) for r in runs)
                plain = " ".join(t for _, t in parts)
                plain = re.sub(r" (?=[" + re.escape(_NO_SPACE_BEFORE) + "])", "", plain)
                if not _SPEAKABLE.search(plain) and self._end_before_repeat(plain):
                    runs = []
                    continue
                spans = parts if any(lang for lang, _ in parts) else ()
                self.cues.append(Say(plain, role, spans, line=self.line))  # type: ignore[arg-type]
                if run.repeat and run.language:
                    repeat = (run.language, run.text.strip())
                    self.cues.append(Pause(self.pauses.repeat_ms or 0, "repeat", repeat=repeat))
                runs = []

    def _end_before_repeat(self, punctuation: str) -> bool:
        """The sentence's closing punctuation after a repeat span (the "." of ``say [hola]{lang=es
        repeat}.``) joins the utterance before the repeat pause: on its own it would be an utterance
        with nothing to say (an empty clip). False when there is no such utterance."""
        if len(self.cues) < 2 or not isinstance(self.cues[-2], Say) or not isinstance(self.cues[-1], Pause):
            return False
        said = self.cues[-2]
        parts = said.parts[:-1] + ((said.parts[-1][0], said.parts[-1][1] + punctuation.strip()),) if said.parts else ()
        self.cues[-2] = replace(said, text=said.text + punctuation.strip(), parts=parts)
        return True

    def text(self, written: str, role: str = "narrator") -> None:
        """Say running text one sentence per cue (never cutting inside a language span)."""
        held, found = protect(written)
        for sentence in sentences(held, language=self.language):
            self.say(restore(sentence, found), role)

    def pause(self, ms: int, kind: str) -> None:
        if ms <= 0 or not self.cues or isinstance(self.cues[-1], Chapter):
            return
        last = self.cues[-1]
        if isinstance(last, Pause):
            if last.kind in ("think", "repeat") or last.ms >= ms:
                return
            self.cues.pop()
        chime = kind == "think" and self.pauses.chime
        self.cues.append(Pause(ms, kind, chime))  # type: ignore[arg-type]

    def finish(self) -> tuple[Cue, ...]:
        while self.cues and isinstance(self.cues[-1], (Pause, Chapter)):
            if isinstance(self.cues[-1], Pause) and self.cues[-1].kind == "repeat":
                break  # the learner still says the last phrase aloud
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


def lesson_language(lesson: Lesson, config: CourseConfig) -> str:
    """The language a lesson is spoken in: its own ``language:``, else the course's."""
    return lesson.language or config.language


def course_phrases(config: CourseConfig, language: str | None = None) -> Phrases:
    """The framing phrases for ``language`` (default: the course's), with the course's ``phrases:``
    overrides, in the language the course asks its framing in (``config.framing``, e.g. ``en``)."""
    return Phrases(config.framing or language or config.language, config.phrases)


def _builder(config: CourseConfig, lexicon: Mapping[str, str] | None, language: str) -> _Builder:
    return _Builder(
        config.pauses, config.lexicon if lexicon is None else lexicon, course_phrases(config, language), language
    )


def build_script(lesson: Lesson, config: CourseConfig, lexicon: Mapping[str, str] | None = None) -> Script:
    """Turn a lesson into its narration script (see module docstring for the layout).

    ``lexicon`` defaults to the course's lexicon. Framing phrases ("Lesson one", "Question two", ...)
    come from the lesson language's catalogue (see :mod:`narrate.text.phrases`). Each Say cue
    carries what the transcripts show (:attr:`Say.written`, see :func:`_with_written`); the script's
    lesson is the lesson as shown (:func:`narrate.model.shown_lesson`: code spans as written).
    """
    b = _with_written(_builder(config, lexicon, lesson_language(lesson, config)), lambda b: _lesson(b, lesson, config))
    return Script(lesson=shown_lesson(lesson), cues=b.finish(), language=b.language)


def _lesson(b: _Builder, lesson: Lesson, config: CourseConfig) -> None:
    """The cues of ``lesson`` into ``b`` (see :func:`build_script`)."""
    say = b.phrases
    b.read_code = lesson.read_code if lesson.read_code is not None else config.read_code
    p = config.pauses

    b.chapter(say("chapter.introduction"))
    if config.title.strip().casefold() != lesson.title.strip().casefold():
        b.say(as_sentence(config.title))
    if lesson.number:
        b.say(say("lesson.heading", number=lesson.number, title=as_sentence(lesson.title)))
    else:
        b.say(as_sentence(lesson.title))
    for line in (lesson.subtitle, lesson.summary):
        if line:
            b.text(as_sentence(line))
    b.pause(p.section_ms, "section")

    in_place = _challenges_in_place(lesson, config)
    number = 0
    for index, section in enumerate(lesson.sections):
        b.line = section.line
        title = _title(b, section.title, section.role)
        b.chapter(title)
        b.say(as_sentence(title))
        b.pause(p.paragraph_ms, "paragraph")
        asked: list[Question] = []  # challenges where the author put them, with their think pause
        for item in with_challenges(_display_math_joined(section.blocks), in_place.get(index, ())):
            if isinstance(item, Question):
                asked.append(item)
                continue
            if asked:  # the section goes on after them, in a chapter of its own
                number, asked = _challenges(b, lesson, asked, number, config), []
                b.chapter(b.phrases("chapter.continued", title=title))
            b.line = item.line
            _block(b, item)
            b.pause(p.paragraph_ms, "paragraph")
        b.pause(p.section_ms, "section")
        number = _challenges(b, lesson, asked, number, config)

    placed = {id(q) for questions in in_place.values() for q in questions}
    quiz = [q for q in lesson.quiz if id(q) not in placed]
    if quiz:
        if lesson.sections:  # a drill (a question bank, no sections): the questions are the chapters
            b.chapter(say("chapter.quiz"))
        b.line = 0
        b.say(say("quiz.intro", count=len(quiz)), "host", already_spoken=True)
        b.pause(p.section_ms, "section")
        topic = ""
        for number, question in enumerate(quiz, len(placed) + 1):
            b.chapter(question_chapter(say, number, question))
            b.line = question.line
            if question.topic and question.topic != topic:
                b.say(as_sentence(question.topic), "host")
            topic = question.topic
            _question(b, number, question, think_pause_ms(question, lesson, p))
            b.pause(p.section_ms, "section")

    if lesson.next_lessons:
        b.chapter(say("chapter.next"))
        b.line = 0
        titles = [b.spoken(t).rstrip(".!?;:") for t in lesson.next_lessons]
        titles = [t for t in titles if t]
        if titles:
            b.say(say("next.up", titles=say.join(titles)), already_spoken=True)


def _unstopped(b: _Builder, written: str, stops: str) -> str:
    """``written`` as said (or shown) without its final ``stops``, unless it ends in code: the dots of
    `` `cd ..` `` are what is typed (and already said: "c d dot dot")."""
    said = b.spoken(written)
    return said if written.rstrip().endswith(CODE_CLOSE) else said.rstrip(stops)


def _with_written(b: _Builder, run: Callable[[_Builder], None]) -> _Builder:
    """``run`` on ``b`` (what is said), then on a twin in the shown pass (what is shown: the same
    phrases around the lesson's text as written, without the lexicon's respellings); each Say cue
    gets the written form of its ``say()`` (:attr:`Say.written`; a sentence said as several
    utterances is cut where they are, :func:`narrate.text.clauses.written_parts`). The twin shares
    ``b``'s memo, so no text is normalised twice. Returns ``b``."""
    twin = _Builder(b.pauses, b.lexicon, b.phrases, b.language)
    twin.memo, twin.shown = b.memo, []
    run(b)
    run(twin)
    if len(twin.shown) != len(b.calls):  # pragma: no cover - both passes make the same calls
        return b
    for made, shown in zip(b.calls, twin.shown):
        says = [(i, cue) for i in made or () if isinstance(cue := b.cues[i], Say)]
        parts = written_parts(shown, [cue.text for _, cue in says]) if says else None
        for (i, cue), part in zip(says, parts or ()):
            b.cues[i] = replace(cue, written=part if part != cue.text else "")
    return b


def question_title(question: Question) -> str:
    """What a question's chapter title says after its number: the author's ``title:`` as written, else
    the prompt as written (no span markup, no reader marks for code or tables, a blank as "…", on one
    line, without a trailing ":"), cut at a word boundary to at most :data:`QUESTION_TITLE_CHARS`
    characters with "…" (:class:`textwrap.TextWrapper`, never inside a word or at a hyphen). "" when
    there is nothing.

    ``"Which of these tests, done by hand on a small piece of dough, shows that the gluten is
    developed?"`` → ``"Which of these tests, done by hand on a small piece of…"``.
    """
    if question.title.strip():
        return " ".join(question.title.split())
    text = plain_text(re.sub(f"(?:{BLANK.pattern})\\.?", "…", question.prompt))  # "in about _____." → "in about …"
    for mark in PROMPT_CUES:
        text = text.replace(mark, " ")
    text = " ".join(text.split()).rstrip(" ,;:")
    if len(text) <= QUESTION_TITLE_CHARS:
        return text
    wrapper = textwrap.TextWrapper(
        QUESTION_TITLE_CHARS, max_lines=1, placeholder="…", break_long_words=False, break_on_hyphens=False
    )
    lines = wrapper.wrap(text)
    short = lines[0][:-1] if lines and lines[0] != "…" else text[: QUESTION_TITLE_CHARS - 1]  # one long word: cut
    return short.rstrip(" ,;:-–—(") + "…"


def question_chapter(say: Phrases, number: int, question: Question) -> str:
    """The chapter title of question ``number``: "Question 3: Which test shows gluten is developed?"
    (``chapter.titled`` of ``chapter.question`` and :func:`question_title`), or "Question 3" when
    the question has nothing to title it with."""
    title = question_title(question)
    chapter = say("chapter.question", number=number)
    return say("chapter.titled", chapter=chapter, title=title) if title else chapter


def _challenges(b: _Builder, lesson: Lesson, questions: list[Question], number: int, config: CourseConfig) -> int:
    """Each of ``questions`` (challenges of a section) as its own chapter after the last number said;
    returns the last number said."""
    for question in questions:
        number += 1
        b.chapter(question_chapter(b.phrases, number, question))
        b.line = question.line
        _question(b, number, question, think_pause_ms(question, lesson, config.pauses))
        b.pause(config.pauses.section_ms, "section")
    return number


def _challenges_in_place(lesson: Lesson, config: CourseConfig) -> dict[int, list[Question]]:
    """Section index -> the lesson's challenges and exercises (open questions) written in it, by
    their line (:meth:`Lesson.challenge_places`): each is read where the author put it (between the
    section's blocks, by line: the section's chapter goes on after it under the same title), unless
    the course asks for them at the end (``challenges: at_end``). Quiz questions stay in the quiz."""
    return {} if config.challenges_at_end else lesson.challenge_places()


REVIEW_ID = "review"


def review_lesson(lessons: Sequence[Lesson], config: CourseConfig) -> Lesson | None:
    """The course-review pseudo-lesson: every quiz question of ``lessons`` in order (None if no quiz).

    Its id is :data:`REVIEW_ID`, its number follows the last lesson's; the feed marks it a bonus episode.
    Its title and summary are in the course's language.
    """
    questions = tuple(q for lesson in lessons for q in lesson.quiz)
    if not questions:
        return None
    overrides = [
        replace(q, think_pause_ms=think_pause_ms(q, lesson, config.pauses)) for lesson in lessons for q in lesson.quiz
    ]
    last = max((lesson.number for lesson in lessons), default=0)
    say = course_phrases(config)
    return Lesson(
        id=REVIEW_ID,
        title=say("review.title", title=config.title),
        summary=say("review.summary", count=len(questions)),
        quiz=tuple(overrides),
        number=last + 1,
        date=max((lesson.date for lesson in lessons if lesson.date), default=None),
    )


def build_review_script(
    lessons: Sequence[Lesson], config: CourseConfig, lexicon: Mapping[str, str] | None = None
) -> Script | None:
    """Script of the course-review episode: an introduction, then every question as its own chapter.

    Each question is normalised in its own lesson's language; the framing is the course's.
    """
    lesson = review_lesson(lessons, config)
    if lesson is None:
        return None
    b = _with_written(_builder(config, lexicon, config.language), lambda b: _review(b, lessons, lesson, config))
    return Script(lesson=shown_lesson(lesson), cues=b.finish(), language=config.language)


def _review(b: _Builder, lessons: Sequence[Lesson], lesson: Lesson, config: CourseConfig) -> None:
    """The cues of the review episode ``lesson`` of ``lessons`` into ``b`` (see :func:`build_review_script`)."""
    say = b.phrases
    p = config.pauses
    b.chapter(say("chapter.introduction"))
    b.say(as_sentence(config.title))
    b.say(say("review.intro", count=len(lesson.quiz)), already_spoken=True)
    b.pause(p.section_ms, "section")
    number = 0
    for source in lessons:
        b.language = lesson_language(source, config)
        # a lesson in another language than the course's: its questions are spoken by its voice
        b.foreign = b.language if b.language.split("-")[0] != config.language.split("-")[0] else None
        for question in source.quiz:
            number += 1
            b.chapter(question_chapter(say, number, question))
            b.line = question.line
            _question(b, number, question, think_pause_ms(lesson.quiz[number - 1], lesson, p))
            b.pause(p.section_ms, "section")


def _display_math_joined(blocks: Sequence) -> list:
    """Display math is said inside its sentence: a paragraph that has not ended its sentence ("The
    energy is given by:") and the formula after it are one paragraph, and so are a formula and a
    paragraph that goes on in lower case after it ("where m is the mass.")."""
    out: list = []
    for block in blocks:
        last = out[-1] if out else None
        if isinstance(block, Paragraph) and isinstance(last, Paragraph) and block.text and last.text:
            starts_math = block.text.startswith(MATH_OPEN) and last.text.rstrip()[-1:] not in ".!?"
            goes_on = last.text.rstrip(" .,;").endswith(MATH_CLOSE) and block.text[:1].islower()
            if starts_math or goes_on:
                head = last.text.rstrip()
                head = head[:-1] + "," if goes_on and head.endswith(MATH_CLOSE + ".") else head
                out[-1] = replace(last, text=f"{head} {block.text}")
                continue
        out.append(block)
    return out


def _block(b: _Builder, block) -> None:
    if isinstance(block, Paragraph):
        b.text(block.text)
    elif isinstance(block, BulletList):
        if block.title:
            b.say(as_sentence(_title(b, block.title, block.role)))
        for item in block.items:
            b.text(as_sentence(item))
    elif isinstance(block, Callout):
        b.say(as_sentence(_title(b, block.title, block.role)))
        b.text(as_sentence(block.text))
    elif isinstance(block, Caption):
        text = b.spoken(as_sentence(block.text))
        if text:
            b.say(b.phrases("figure", caption=text), already_spoken=True)
    elif isinstance(block, CodeBlock) and not block.output:  # program output is never read
        if b.read_code:
            for line in speak_code_block(block.code, b.language):
                b.say(as_sentence(line))
        else:
            b.say(b.phrases("code.cue"), already_spoken=True)
    elif isinstance(block, CodeBlock):  # program output is never read: it is in the show notes, and we say so
        b.say(b.phrases("code.output_cue"), already_spoken=True)
    elif isinstance(block, Table):
        _table(b, block)


def _table(b: _Builder, table: Table) -> None:
    """Row by row with the header ("Row one: name, Alice; age, thirty."), or a summary and a cue."""
    width = max([len(table.header), *(len(r) for r in table.rows)], default=0)
    if len(table.rows) > TABLE_READ_ROWS or width > TABLE_READ_COLUMNS or not table.rows:
        columns = [c for c in (b.spoken(h) for h in table.header) if c]
        if columns:
            b.say(
                b.phrases("table.columns", count=len(table.rows), columns=b.phrases.join(columns)), already_spoken=True
            )
        else:
            b.say(b.phrases("table.summary", count=len(table.rows)), already_spoken=True)
        return
    for number, row in enumerate(table.rows, 1):
        cells = []
        for n, cell in enumerate(row):
            said = b.spoken(cell).rstrip(".;:")
            head = b.spoken(table.header[n]).rstrip(".;:") if n < len(table.header) else ""
            if said:
                cells.append(f"{head}, {said}" if head else said)
        if cells:
            b.say(b.phrases("table.row", number=number, cells="; ".join(cells)), already_spoken=True)


def _title(b: _Builder, title: str, role: str) -> str:
    """A title narrate gave (``role``, a phrase key) in the lesson's language; the author's as written;
    both when the author named what narrate announces ("Theorem: Mean value")."""
    if not role:
        return title
    said = b.phrases(role)
    named = title and title != phrases_for(SOURCE_LANGUAGE).text(role) and title != said
    return f"{said}: {title}" if named else said


def _with_cues(b: _Builder, q: Question) -> Question:
    """``q`` with the reader's code, output and table marks (:data:`PROMPT_CUES`) as their phrases."""

    def cue(text: str) -> str:
        for mark, key in PROMPT_CUES.items():
            text = text.replace(mark, b.phrases(key))
        return text

    if not any(mark in text for mark in PROMPT_CUES for text in (q.prompt, q.explanation, *q.answers, *q.options)):
        return q
    return replace(
        q,
        prompt=cue(q.prompt),
        answers=tuple(cue(a) for a in q.answers),
        options=tuple(cue(o) for o in q.options),
        explanation=cue(q.explanation),
    )


def _ended(b: _Builder, text: str, question: bool = True) -> str:
    """A quiz prompt (spoken, or a challenge's as written) with end punctuation, so that it never runs
    into what is said after it ("Pick Is it A: ..."; "Which tray holds the water" → "... water?"): as
    written when it has some, else a question mark when it reads as a question
    (:func:`narrate.text.languages.is_question`; never for a solution, ``question`` False), else a
    full stop."""
    plain = plain_text(unmark_math(text)).rstrip()
    if not plain or FINAL_STOP.search(plain):
        return text
    asked = question and is_question(plain, b.foreign or b.language)
    return text.rstrip() + ("?" if asked else ".")


def _question(b: _Builder, number: int, q: Question, think_ms: int) -> None:
    say = b.phrases
    true_false = q.options == TRUE_FALSE
    q = _with_cues(b, q)
    if true_false and q.answer_index is not None:  # a bank's {T}/{F}: "True or false?", then the answer
        b.say(
            say("question.truefalse", number=number, prompt=_ended(b, b.spoken(q.prompt))), "host", already_spoken=True
        )
        b.pause(think_ms, "think")
        b.say(say("answer.one", answer=q.options[q.answer_index]), "host", already_spoken=True)
        if q.explanation.strip():
            b.text(q.explanation, "host")
        return
    if q.open:  # a lesson's challenge or exercise: the prompt, time to work on it, then a solution
        b.say(say("question.exercise", number=number), "host", already_spoken=True)
        b.text(_ended(b, q.prompt), "host")
        b.pause(think_ms, "think")
        b.say(say("answer.solution"), "host", already_spoken=True)
        b.text(_ended(b, q.answers[0], question=False), "host")
        if q.explanation.strip():
            b.text(q.explanation, "host")
        return
    prompt = _ended(b, b.spoken(q.prompt))
    if q.options:
        options = [_unstopped(b, o, ".!?;:") for o in q.options]
        lettered = [say("option", letter=LETTERS[i], option=o) for i, o in enumerate(options)]
        choices = say.join(lettered, "or")
        b.say(say("question.choice", number=number, prompt=prompt, choices=choices), "host", already_spoken=True)
        b.pause(think_ms, "think")
        index = q.answer_index
        right = [q.options.index(a) for a in q.answers if a in q.options]
        if len(right) > 1:  # several right options (a question bank's '=' options, or positive weights)
            reveal = say("answer.many", answers=say.join([lettered[i] for i in right]))
        elif index is not None:
            reveal = say("answer.choice", option=lettered[index])
        else:
            reveal = say("answer.one", answer=_unstopped(b, q.answers[0], ".!?"))
        b.say(reveal, "host", already_spoken=True)
    else:
        b.say(say("question.open", number=number, prompt=prompt), "host", already_spoken=True)
        b.pause(think_ms, "think")
        answers = [_unstopped(b, a, ".!?;:") for a in q.answers]
        answers = [a for a in answers if a]
        blanks = count_blanks(q.prompt)
        words = len(" ".join(q.answers).split())  # as written: "3.14, within 0.005" is no sentence
        if len(answers) == 1 and (blanks != 1 or words > 8) and words > 4:
            b.say(say("answer.sentence", answer=answers[0]), "host", already_spoken=True)
        elif len(answers) == 1:
            b.say(say("answer.one", answer=answers[0]), "host", already_spoken=True)
        elif answers:
            b.say(say("answer.many", answers=say.join(answers)), "host", already_spoken=True)
    if q.explanation.strip():
        b.text(q.explanation, "host")


def render_script(script: Script, phrases: Phrases | None = None) -> str:
    """The script as plain text for authors: chapter headings, spoken text, pauses with lengths.

    Headings and pause labels use ``phrases`` (default: English). Deterministic; ends with a newline.
    """
    say = phrases or Phrases(script.language or SOURCE_LANGUAGE)
    lesson = script.lesson
    head = say("script.lesson", number=lesson.number, title=lesson.title) if lesson.number else lesson.title
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
            if cue.kind == "repeat" and not cue.ms:
                lines.append(f"    ({say('pause.repeat_auto', extra=say.seconds(REPEAT_EXTRA_MS))})")
                continue
            label = say(f"pause.{cue.kind}")
            chime = say("pause.chime") if cue.chime else ""
            lines.append(f"    ({label} {say.seconds(cue.ms)} s{chime})")
    return "\n".join(lines).rstrip() + "\n"
