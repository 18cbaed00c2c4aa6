"""The data model shared by every stage.

Content (what the author wrote)::

    Course ── lessons: [Lesson]
    Lesson ── sections: [Section] · quiz: [Question] · next_lessons: [str]
    Section ── title · blocks: [Paragraph | BulletList | Callout | Caption | CodeBlock | Table]

Script (what is said, in order)::

    Script ── cues: [Chapter | Say | Pause]

Episode (what was built)::

    Episode ── chapters: [ChapterMark] · cue_times: [CueTime] · files

All times are integer milliseconds (``*_ms``). Text in the content model is written text, as the
author wrote it; text in ``Say`` cues is spoken text, after normalisation (see ``narrate.text.normalize``).
A reader marks the code spans it found in written text (:func:`mark_code`): the text stage reads them as
code is read, and what is shown (chapter titles, transcripts, the feed) shows them as written
(:func:`shown_lesson`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import Any, Literal, Union

# ---------------------------------------------------------------- content


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text."""

    text: str
    line: int = 0


@dataclass(frozen=True)
class BulletList:
    """A bullet list, optionally with a title line above it (e.g. "Components of Test-Time Scaling").

    Items may be "Label: text"; the label is kept in the item text.

    ``role``: a phrase key (``title.objectives``) when narrate gave the title, not the author: the title
    is then said in the lesson's language.
    """

    items: tuple[str, ...]
    title: str | None = None
    line: int = 0
    role: str = field(default="", compare=False)


@dataclass(frozen=True)
class Callout:
    """A titled aside (tip, note, "lens"): a title and its text (one or more sentences).

    ``role``: a phrase key (``title.objectives``) when narrate gave the title, not the author: the title
    is then said in the lesson's language.
    """

    title: str
    text: str
    line: int = 0
    role: str = field(default="", compare=False)


@dataclass(frozen=True)
class Caption:
    """A figure caption: the figure is not narrated, its caption is (as "Figure: ...")."""

    text: str
    line: int = 0


@dataclass(frozen=True)
class CodeBlock:
    """A code block. Not read line by line: the listener hears a short cue and the code goes into the
    show notes, unless the course or lesson says ``code: read``. ``output`` marks program output (a
    block of what a program printed), which is never read."""

    code: str
    language: str = ""
    output: bool = False
    line: int = 0


@dataclass(frozen=True)
class Table:
    """A table: header cells and rows of cells (written text). Read row by row with the header, or
    summarised with a cue when larger than the script's limit."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int = 0


CODE_OPEN = "\ue050"
"""Opens a code span in written text (a private-use character, never shown or spoken; see :func:`mark_code`)."""
CODE_CLOSE = "\ue051"
"""Closes a code span (see :data:`CODE_OPEN`)."""
_MARKED_CODE = re.compile("\ue050([^\ue050\ue051]*)\ue051?|\ue051")


def mark_code(code: str) -> str:
    """``code`` (a Markdown code span's text, a MyST ``{code}`` role's) as a code span of written text:
    between :data:`CODE_OPEN` and :data:`CODE_CLOSE` (marks inside ``code`` are dropped). ``""`` stays ``""``."""
    code = code.replace(CODE_OPEN, "").replace(CODE_CLOSE, "")
    return f"{CODE_OPEN}{code}{CODE_CLOSE}" if code else ""


def unmark_code(text: str) -> str:
    """``text`` with each marked code span as written (its marks dropped): ``"Run \\ue050ls -la\\ue051."``
    → ``"Run ls -la."``."""
    return _MARKED_CODE.sub(lambda m: m.group(1) or "", text) if CODE_OPEN in text or CODE_CLOSE in text else text


def shown_lesson(lesson: Lesson) -> Lesson:
    """``lesson`` as it is shown (chapter titles, the feed, show notes, the preview): every text with its
    marked code spans as written (:func:`unmark_code`). The same object when nothing is marked."""
    return _unmarked(lesson)


def _unmarked(value: Any) -> Any:
    if isinstance(value, str):
        return unmark_code(value)
    if isinstance(value, tuple):
        items = tuple(_unmarked(v) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if is_dataclass(value) and not isinstance(value, type):
        changed = {}
        for f in fields(value):
            old = getattr(value, f.name)
            new = _unmarked(old)
            if new is not old:
                changed[f.name] = new
        return replace(value, **changed) if changed else value
    return value


PROMPT_CUES = {
    "\ue000": "code.prompt_cue",
    "\ue001": "code.output_cue",
    "\ue002": "table.prompt_cue",
    "\ue003": "option.true",
    "\ue004": "option.false",
}
"""Characters a reader puts in a question's text where a code block, program output or table was (and
as the options of a true/false question): the script says the phrase of that key, in the lesson's
language, there."""

TRUE_FALSE = ("\ue003", "\ue004")
"""The options of a true/false question (a question bank's ``{T}``/``{F}``), said as "True"/"False"."""

Block = Union[Paragraph, BulletList, Callout, Caption, CodeBlock, Table]


@dataclass(frozen=True)
class Section:
    """A titled part of a lesson; becomes one chapter.

    ``role``: a phrase key (``title.objectives``) when narrate gave the title, not the author: the title
    is then said in the lesson's language.
    """

    title: str
    blocks: tuple[Block, ...] = ()
    line: int = 0
    role: str = field(default="", compare=False)


@dataclass(frozen=True)
class Question:
    """A quiz question.

    ``options`` non-empty means multiple choice: ``answers`` then holds the text of the right option
    (of each right option, when a question bank marks several). ``options`` empty means
    fill-in-the-blank (the prompt contains ``_____``): ``answers`` holds either one answer per blank
    or one completed sentence.

    ``open`` marks an open question (a lesson's challenge or exercise): ``answers`` holds one model
    solution, read after the think pause. ``topic`` is the question bank's category ("" if none).
    ``notes``: code blocks and tables of the question and its solution, for the show notes.

    ``think_pause_ms`` overrides the course's think pause for this question (None: use the course's).

    ``title``: the author's short title of the question for its chapter ("Windowpane test"); "" when
    the chapter is titled from the prompt (see :func:`narrate.text.script.question_title`).

    ``in_quiz``: written in the lesson's quiz (a YAML lesson's ``quiz:`` list), so asked there even when
    open, never among a section's blocks (:meth:`Lesson.challenge_places`).
    """

    prompt: str
    answers: tuple[str, ...]
    options: tuple[str, ...] = ()
    explanation: str = ""
    think_pause_ms: int | None = None
    line: int = 0
    open: bool = False
    topic: str = ""
    notes: tuple[CodeBlock | Table, ...] = ()
    title: str = ""
    in_quiz: bool = field(default=False, compare=False)

    @property
    def is_choice(self) -> bool:
        return bool(self.options)

    @property
    def answer_index(self) -> int | None:
        """0-based index of the right option, or None for fill-in-the-blank."""
        if not self.options:
            return None
        try:
            return self.options.index(self.answers[0])
        except (ValueError, IndexError):
            return None


@dataclass(frozen=True)
class Lesson:
    """One lesson; becomes one episode.

    ``id`` is a slug made of ``[a-z0-9-]`` used for output file names and feed GUIDs.
    ``number`` is 1-based lesson order in the course (0 when unknown, e.g. a single imported page).
    ``date`` is an ISO date ``YYYY-MM-DD`` or None (the feed then derives one from the course).
    ``narrator_voice`` / ``host_voice`` override the course's voices for this lesson (None: the course's).
    ``read_code``: read code blocks aloud (True), or give a cue and put them in the show notes (False);
    None: the course's ``code`` setting.
    ``dropped`` names what a reader left out of the source file (page chrome such as ``'sharing
    "Share" (line 9)'``), one entry per line, for the build's warning; it is never narrated.
    ``language`` is the lesson's own language tag (None: the course's).
    """

    id: str
    title: str
    sections: tuple[Section, ...] = ()
    quiz: tuple[Question, ...] = ()
    subtitle: str = ""
    summary: str = ""
    next_lessons: tuple[str, ...] = ()
    number: int = 0
    date: str | None = None
    think_pause_ms: int | None = None
    source: Path | None = None
    narrator_voice: str | None = None
    host_voice: str | None = None
    image: Path | None = None
    """The episode's own artwork (``image:``, a file beside the lesson), conformed like the cover."""
    explicit: bool | None = None
    """``itunes:explicit`` of this episode (None: the course's)."""
    season: int | None = None
    """``itunes:season`` of this episode (None: the course's ``season``)."""
    episode: int | None = None
    """``itunes:episode`` (None: the lesson number)."""
    episode_type: str | None = None
    """``itunes:episodeType``: "full", "trailer" or "bonus" (None: full, or bonus for the review)."""
    draft: bool = False
    """A draft is built and shown in the preview, marked, but never put in the feed."""
    read_code: bool | None = None
    dropped: tuple[str, ...] = field(default=(), compare=False)
    language: str | None = None
    id_line: int | None = field(default=None, compare=False)
    """1-based line of the ``id:`` key in ``source`` (None: the id comes from the file name)."""
    image_line: int | None = field(default=None, compare=False)
    """1-based line of the ``image:`` key in ``source`` (None: no image, or not known)."""

    @property
    def show_notes(self) -> tuple[CodeBlock | Table, ...]:
        """The code blocks (program output too) and tables of the sections, then of the quiz questions
        (:attr:`Question.notes`), in order: what the
        listener is told is "in the show notes" (the feed's episode notes and the preview page)."""
        blocks = [b for s in self.sections for b in s.blocks] + [b for q in self.quiz for b in q.notes]
        return tuple(b for b in blocks if isinstance(b, (Table, CodeBlock)))

    def heard_sections(self, places: dict[int, list[Question]] | None = None) -> list[list[Block | Question]]:
        """Each section's blocks with the challenges written in it (``places``, by default
        :meth:`challenge_places`) where the listener hears them: a challenge before the section's
        first block with a later line, else after its last block."""
        places = self.challenge_places() if places is None else places
        return [with_challenges(s.blocks, places.get(i, [])) for i, s in enumerate(self.sections)]

    def challenge_places(self) -> dict[int, list[Question]]:
        """Section index → the open questions (challenges, exercises) written in that section, in
        order: each is asked where its line falls, before the section's first block with a later
        line. Empty when the sections have no lines or are not in line order (no place to tell);
        quiz questions (not ``open``, or written in the quiz: ``in_quiz``) are never placed."""
        starts = [s.line for s in self.sections]
        if not starts or not all(starts) or starts != sorted(starts):
            return {}
        placed: dict[int, list[Question]] = {}
        for question in self.quiz:
            if question.open and question.line and not question.in_quiz:
                index = max((i for i, start in enumerate(starts) if start <= question.line), default=0)
                placed.setdefault(index, []).append(question)
        return placed


def with_challenges(blocks: Sequence[Block], asked: Sequence[Question]) -> list[Block | Question]:
    """``blocks`` with the challenges ``asked`` among them by line: each before the first block with
    a later line (a block without a line never parts them), the rest after the last block."""
    out: list[Block | Question] = []
    pending = list(asked)
    for block in blocks:
        while pending and block.line and pending[0].line < block.line:
            out.append(pending.pop(0))
        out.append(block)
    return out + pending


PERSON_ROLES = frozenset(
    {
        "director",
        "assistant director",
        "executive producer",
        "senior producer",
        "producer",
        "associate producer",
        "development producer",
        "creative director",
        "host",
        "co-host",
        "guest host",
        "guest",
        "voice actor",
        "narrator",
        "announcer",
        "reporter",
        "author",
        "editorial director",
        "co-writer",
        "writer",
        "songwriter",
        "guest writer",
        "story editor",
        "managing editor",
        "script editor",
        "script coordinator",
        "researcher",
        "editor",
        "fact checker",
        "translator",
        "transcriber",
        "logger",
        "studio coordinator",
        "technical director",
        "technical manager",
        "audio engineer",
        "remote recording engineer",
        "post production engineer",
        "audio editor",
        "sound designer",
        "foley artist",
        "composer",
        "theme music",
        "music production",
        "music contributor",
        "production coordinator",
        "booking coordinator",
        "production assistant",
        "content manager",
        "marketing manager",
        "sales representative",
        "sales manager",
        "graphic designer",
        "cover art designer",
        "social media manager",
        "consultant",
        "intern",
        "camera operator",
        "lighting designer",
        "camera grip",
        "assistant camera",
    }
)
"""Roles of the Podcast Index person taxonomy (``taxonomy.json``), lower case, as ``podcast:person role`` takes them."""


@dataclass(frozen=True)
class Person:
    """A credit of the show (``podcast:person``, Podcast Index namespace): a name, a role from the
    Podcast Index taxonomy (``host``, ``narrator``, ``producer`` ...), an optional web page and picture."""

    name: str
    role: str = "host"
    href: str = ""
    img: str = ""


@dataclass(frozen=True)
class Funding:
    """A way to support the show (``podcast:funding``): a URL and a label of at most 128 characters."""

    url: str
    text: str


@dataclass(frozen=True)
class Course:
    """A course: its settings (``narrate.config.CourseConfig``) and its lessons in order."""

    config: object
    lessons: tuple[Lesson, ...]
    root: Path | None = None


# ---------------------------------------------------------------- script

PauseKind = Literal["sentence", "paragraph", "think", "section", "repeat"]
Role = Literal["narrator", "host"]


@dataclass(frozen=True)
class Chapter:
    """Start of a chapter at this point of the script."""

    title: str


@dataclass(frozen=True)
class Say:
    """One utterance: spoken text (already normalised), spoken by ``role``'s voice.

    ``parts`` is empty when the whole text is in the script's language; for a sentence with a phrase
    in another language (``[hola]{lang=es}``) it holds ``(language, spoken text)`` runs in order, ""
    for the script's language, whose texts joined with spaces are ``text``. Each run is spoken
    with its language's voice and the runs are joined into one clip.
    """

    text: str
    role: Role = "narrator"
    parts: tuple[tuple[str, str], ...] = ()
    written: str = field(default="", compare=False)
    """The utterance as the author wrote it (``2 1/2 hours``, ``PSII``, no lexicon respelling), shown in
    the transcripts while ``text`` is heard: a quiz host's cue with the lesson's prompt, options and
    answer as written inside narrate's framing; each utterance of a long sentence its written part.
    Empty when it is ``text``."""
    line: int = field(default=0, compare=False, repr=False)
    """1-based line of the source block or question this utterance comes from (0: framing, or not
    known); for :mod:`narrate.text.lint`. Not compared, hashed nor shown in ``repr``: build state
    and cache keys do not depend on it."""


@dataclass(frozen=True)
class Pause:
    """Silence of ``ms`` milliseconds. With ``chime``, its last moments carry a short generated
    chime that marks the end of a think pause (the length is unchanged)."""

    ms: int
    kind: PauseKind = "sentence"
    chime: bool = False
    repeat: tuple[str, str] | None = None
    """For a listen-and-repeat pause (kind "repeat"): the ``(language, spoken text)`` of the phrase
    to repeat. With ``ms`` 0 the pause lasts the phrase's spoken length + :data:`REPEAT_EXTRA_MS`."""


REPEAT_EXTRA_MS = 1000
"""A listen-and-repeat pause without a set length: the phrase's spoken length plus this."""


Cue = Union[Chapter, Say, Pause]


@dataclass(frozen=True)
class Script:
    """The ordered cues of one episode, spoken in ``language`` (a language tag such as ``de``; ""
    means the course's)."""

    lesson: Lesson
    cues: tuple[Cue, ...]
    language: str = ""

    def says(self) -> list[Say]:
        return [c for c in self.cues if isinstance(c, Say)]

    def chapters(self) -> list[Chapter]:
        return [c for c in self.cues if isinstance(c, Chapter)]


# ---------------------------------------------------------------- episode


@dataclass(frozen=True)
class ChapterMark:
    """A chapter of built audio: ``[start_ms, end_ms)``."""

    title: str
    start_ms: int
    end_ms: int


@dataclass(frozen=True)
class CueTime:
    """When a cue is heard in the built audio: ``[start_ms, end_ms)``.

    ``kind`` is "say" (``text`` is the spoken text) or a pause kind (``text`` is empty).
    ``words`` holds, when the speech engine reported them, where words start:
    ``(character offset in text, ms in the episode)`` pairs in order; empty otherwise.
    """

    kind: str
    text: str
    start_ms: int
    end_ms: int
    role: str = "narrator"
    words: tuple[tuple[int, int], ...] = ()
    written: str = ""
    """The cue's text as written (see :attr:`Say.written`); empty: ``text``. Transcripts show it."""


@dataclass
class Episode:
    """A built episode: timing from the assembled audio, files relative to the output folder."""

    lesson: Lesson
    script: Script
    duration_ms: int
    chapters: list[ChapterMark]
    cue_times: list[CueTime]
    audio_file: str = ""
    audio_bytes: int = 0
    mime_type: str = "audio/mpeg"
    files: dict[str, str] = field(default_factory=dict)
    bonus: bool = False


@dataclass
class BuildResult:
    """What ``narrate.pipeline.build`` produced: the output folder, the episodes, the feed file."""

    out_dir: Path
    episodes: list[Episode]
    feed_file: Path | None = None
    synthesized: int = 0
    """Utterances synthesized by this build (each distinct sentence once)."""
    cached: int = 0
    """Say cues of the episodes built now that were not synthesized now: found in the cache, or the
    same sentence said earlier in this build."""
    skipped_episodes: int = 0
    up_to_date: bool = False
    rebuilt: tuple[str, ...] = ()
    """File stems (``NN-<id>``) of the episodes made (synthesized and encoded) by this build."""
    detected_language: str | None = None
    scheduled: tuple[tuple[str, str], ...] = ()
    """``(file stem, YYYY-MM-DD)`` of the episodes built but left out of the feed until that day."""
    heard: Any = None
    """With ``BuildOptions.listen``: the proof-listening result (``narrate.proof.listen.ListenResult``)."""
    voices: str = ""
    """When the course names no engine: the line saying which engine and voice each of its languages
    got and how to choose another (``voices: en-us → piper en_US-joe-medium, ...``; see
    ``narrate.speech.engines.choice``); "" when it names one, or nothing was built."""
    book: Path | None = None
    """With ``epub`` among the formats: the read-along book this build wrote (``OUT/<slug>.epub``)."""


def episode_stem(lesson: Lesson) -> str:
    """File name stem of a lesson's episode files: ``NN-<id>``, or just ``<id>`` when the id already
    starts with the lesson number (an id from a file name such as ``01-cells.yaml``)."""
    prefix = f"{lesson.number:02d}-"
    return lesson.id if lesson.id.startswith(prefix) else prefix + lesson.id
