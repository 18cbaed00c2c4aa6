"""Lesson readers: one per source format, the best for each file chosen by score.

============================  =====================================  ==========================
extension                     format                                 module
============================  =====================================  ==========================
``.yaml`` ``.yml``            YAML lesson                            :mod:`.yaml_lesson`
``.md`` ``.markdown``         Markdown lesson (front matter, quiz)   :mod:`.markdown`
``.qmd`` ``.Rmd`` ``.mdx``    Quarto, R Markdown, MDX page           :mod:`.markdown`
``.txt``                      plain-text lesson page (copied page)   :mod:`.page`
``.gift`` (or a GIFT ``.txt``)  Moodle GIFT question bank (a drill)  :mod:`.gift`
``.aiken`` (or Aiken ``.txt``)  Aiken question bank (a drill)        :mod:`.aiken`
============================  =====================================  ==========================

A ``.txt`` file is sniffed: one that reads as a GIFT or Aiken bank is read as one.

Each format is a :class:`Reader` registered as an entry point of the ``narrate.readers`` group
(narrate's own in its pyproject.toml, :mod:`.builtin`; a plug-in package's in its own; see
``narrate.text.plugins``). As mutagen's ``File()`` picks a file type, every reader scores the file
(its name and first bytes) and the best score reads it (the first registered on a tie; 0: cannot
read it). :data:`SUPPORTED`, the extensions an error message suggests, is the readers' suffixes.

The formats are described in docs/content-format.md. :func:`lesson_to_yaml` writes any lesson back
as YAML (``narrate import``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol, get_args

from narrate.errors import ContentError, NarrateError, lenient, warn
from narrate.model import CODE_OPEN, PROMPT_CUES, Block, Lesson, Question, Section, mark_code, unmark_code
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.plugins import OWN_DISTRIBUTION, Plugin, discover, load, own
from narrate.text.readers.common import SLUG
from narrate.text.readers.export import lesson_to_yaml

__all__ = ["SUPPORTED", "Reader", "lesson_to_yaml", "read_lesson", "reader_for", "readers", "supported"]

GROUP = "narrate.readers"

BUILTIN = (
    ("yaml", "narrate.text.readers.builtin:YamlReader"),
    ("markdown", "narrate.text.readers.builtin:MarkdownReader"),
    ("page", "narrate.text.readers.builtin:PageReader"),
    ("gift", "narrate.text.readers.builtin:GiftReader"),
    ("aiken", "narrate.text.readers.builtin:AikenReader"),
)
"""narrate's own readers, in order, as its pyproject.toml declares them in the ``narrate.readers`` group."""

HEAD_BYTES = 2048
"""How much of a file :meth:`Reader.score` is shown (fewer when the file is shorter or unreadable)."""


class Reader(Protocol):
    """A lesson format: what an entry point of the ``narrate.readers`` group names (a class with
    static methods, as narrate's own in :mod:`.builtin`, or any object with these members)."""

    suffixes: tuple[str, ...]
    """Its file name endings, lower case with the dot (``".md"``), as the unsupported-type error lists them."""

    def score(self, path: Path, head: bytes) -> int:
        """How well this reader reads ``path``, whose first bytes (up to :data:`HEAD_BYTES`; empty when
        it cannot be opened) are ``head``: 0 for not at all; narrate's own give 10 for their own
        extension and 1 to 3 for a ``.txt`` file they sniff. The highest score reads the file.

        Raises:
            ContentError: the file cannot be sniffed (not text): the error every reader would give.
        """

    def read(self, path: Path, number: int, language: str) -> Lesson:
        """Read one lesson file. ``number``: its 1-based number in the course (0 if unknown);
        ``language``: the course's BCP 47 language tag.

        Raises:
            ContentError: unreadable or empty file, or invalid content (with the file and 1-based line).
        """


_own: list[tuple[Plugin, Reader]] | None = None
_readers: list[tuple[Plugin, Reader]] | None = None
# each made whole, then assigned: threads that ask at once (a catalogue's courses) see a whole list


def own_readers() -> list[tuple[Plugin, Reader]]:
    """narrate's own readers with their entry points, in order (no plug-in looked up)."""
    global _own
    if _own is None:
        _own = [(plugin, plugin.load()) for plugin in own(GROUP, BUILTIN)]
    return _own


def readers() -> list[tuple[Plugin, Reader]]:
    """Every reader with its entry point: narrate's own in order, then the plug-ins' (those that load)."""
    global _readers
    if _readers is None:
        found = list(own_readers())
        for plugin in discover(GROUP, (p.name for p, _ in found)):
            reader = load(plugin)
            if reader is None:
                continue
            if not _is_reader(reader):
                warn(f"{plugin.describe()} is left out: it is not a lesson reader (suffixes, score, read)")
                continue
            found.append((plugin, reader))
        _readers = found
    return _readers


def _is_reader(found: Any) -> bool:
    suffixes = getattr(found, "suffixes", None)
    return (
        isinstance(suffixes, (tuple, list))
        and all(isinstance(s, str) for s in suffixes)
        and callable(getattr(found, "score", None))
        and callable(getattr(found, "read", None))
    )


def supported() -> tuple[str, ...]:
    """The extensions of every reader, in the readers' order (``.yaml``, ``.yml``, ``.md`` ...)."""
    return tuple(dict.fromkeys(suffix for _, reader in readers() for suffix in reader.suffixes))


class _Suffixes(Sequence[str]):
    """:func:`supported`, looked up when first used, so that importing this module (the no-change
    check does) neither imports a reader nor looks for plug-ins."""

    def __getitem__(self, index: Any) -> Any:
        return supported()[index]

    def __len__(self) -> int:
        return len(supported())

    def __iter__(self) -> Iterator[str]:
        return iter(supported())

    def __contains__(self, suffix: object) -> bool:
        # narrate's own first: the no-change check lists lessons/ without looking for plug-ins
        return any(suffix in reader.suffixes for _, reader in own_readers()) or suffix in supported()

    def __eq__(self, other: object) -> bool:
        return supported() == (tuple(other) if isinstance(other, (list, _Suffixes)) else other)

    def __hash__(self) -> int:
        return hash(supported())

    def __repr__(self) -> str:
        return repr(supported())


SUPPORTED: Sequence[str] = _Suffixes()
"""Every reader's suffixes (:func:`supported`), as a sequence: ``.yaml``, ``.yml``, ``.md`` ..."""


def reader_for(path: Path) -> Reader | None:
    """The reader with the best score for ``path`` (the first on a tie); None when none can read it.

    Raises:
        ContentError: the file cannot be sniffed (see :meth:`Reader.score`).
    """
    return _best(Path(path))[1]


def _best(path: Path) -> tuple[Plugin | None, Reader | None]:
    """The best-scoring reader of ``path`` with its entry point (see :func:`reader_for`)."""
    head = _head(path)
    best: tuple[float, Plugin | None, Reader | None] = (0, None, None)
    for plugin, reader in readers():
        try:
            score = reader.score(path, head)
        except NarrateError:
            raise
        except (Exception, SystemExit) as exc:  # a plug-in's bug (even sys.exit()): the others still read the file
            warn(f"{plugin.describe()} failed to score the file ({type(exc).__name__}: {exc}); it is skipped", path)
            continue
        if isinstance(score, (int, float)) and score > best[0]:
            best = (score, plugin, reader)
    return best[1], best[2]


def _head(path: Path) -> bytes:
    try:
        if path.is_file():  # not a FIFO or device: reading those could block
            with path.open("rb") as f:
                return f.read(HEAD_BYTES)
    except OSError:
        pass
    return b""


def read_lesson(path: Path, number: int = 0, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read one lesson file with the reader that scores it best (see the module docstring).

    Args:
        path: a ``.yaml``/``.yml``, ``.md``/``.markdown``, ``.gift``, ``.aiken`` or ``.txt`` file (or
            one a plug-in reads).
        number: 1-based lesson number in the course (0 if unknown). A text page's own
            "Lesson N of" line takes precedence.
        language: the course's BCP 47 language tag; its word list decides whether a word hyphenated
            across a line break is joined (every text field goes through
            :func:`narrate.text.markup.clean_text`: HTML, footnote markers, split words).

    Raises:
        ContentError: unsupported file type, unreadable or empty file, or invalid content
            (with the file and 1-based line); a plug-in reader that failed (any exception but
            narrate's own errors) or gave no well-formed lesson (see :func:`lesson_problem`), naming it.
    """
    path = Path(path)
    plugin, reader = _best(path)
    if reader is None or plugin is None:
        raise ContentError(
            f"unsupported lesson file type '{path.suffix or path.name}' (use {', '.join(supported())})", path
        )
    if plugin.source == OWN_DISTRIBUTION:
        lesson = reader.read(path, number, language)
    else:
        try:
            lesson = reader.read(path, number, language)
        except NarrateError:
            raise
        except (Exception, SystemExit) as exc:  # a plug-in's bug: an error naming it, no traceback
            raise ContentError(
                f"{plugin.describe()} failed to read the file ({type(exc).__name__}: {exc})", path
            ) from None
        problem = lesson_problem(lesson)
        if problem:
            raise ContentError(f"{plugin.describe()} {problem}", path)
    lesson = options_said_apart(lesson, path)
    check_said(lesson, path)
    return lesson


_CODE_SIGN = re.compile(r"[!-/:-@\[-`{-~]")  # ASCII punctuation: a reader's private-use marks are no code
_OPERATOR = re.compile(r"[<>|&*%$^~#=!\\]")
_AMOUNT = re.compile(r"[$€£¥]?[+-]?\d[\d.,]*\s?[%‰$€£¥]?")


def _only_symbols(text: str) -> bool:
    """An option or answer of code's symbols and no letter, no space, no amount (``>``, ``>>``, ``*``,
    ``%>%``, ``--``, ``2>&1``; not ``50%``, ``$5``, ``-3``)."""
    t = text.strip()
    if not t or " " in t or _SAYABLE_LETTER.search(t) or not _CODE_SIGN.search(t) or _AMOUNT.fullmatch(t):
        return False
    return not any(c.isdigit() for c in t) or bool(_OPERATOR.search(t))  # "2>&1" is code, "1/2" a fraction


_SAYABLE_LETTER = re.compile(r"[^\W\d_]")


def options_said_apart(lesson: Lesson, path: Path | None = None) -> Lesson:
    """``lesson`` with each quiz option and answer that is only symbols (:func:`_only_symbols`) marked as
    code (:func:`narrate.model.mark_code`): said as code is read ("double greater than", "percent",
    "dash dash"), not as prose reads a sign ("is greater than is greater than") or not at all. A
    question whose options are said alike as prose (``x = 1`` and ``x == 1``: "x equals one") has
    them all read as code when that tells them apart; else a warning at its line names the two (an
    error under ``--strict``): the listener cannot tell them apart."""

    def code(text: str) -> str:
        return mark_code(text.strip()) if _only_symbols(text) else text

    language = lesson.language or DEFAULT_LANGUAGE
    quiz = tuple(
        _heard_apart(
            replace(q, options=tuple(map(code, q.options)), answers=tuple(map(code, q.answers)))
            if any(_only_symbols(t) for t in (*q.options, *q.answers))
            else q,
            path,
            language,
        )
        for q in lesson.quiz
    )
    return lesson if all(a is b for a, b in zip(quiz, lesson.quiz)) else replace(lesson, quiz=quiz)


def _heard_apart(q: Question, path: Path | None, language: str) -> Question:
    """``q``, its options read as code when as prose two of them are said alike (see
    :func:`options_said_apart`); a warning when they are alike either way."""
    alike = _said_alike(q.options, language)
    if alike is None:
        return q
    marked = {o: o if CODE_OPEN in o else mark_code(o) for o in q.options}
    if _CODE_CHARS.search(alike[0] + alike[1]) and _said_alike(tuple(marked.values()), language) is None:
        return replace(q, options=tuple(marked.values()), answers=tuple(marked.get(a, a) for a in q.answers))
    first, second, key = alike
    lenient(
        f"options '{unmark_code(first)}' and '{unmark_code(second)}' are both said \"{key}\": "
        "a listener cannot tell them apart (write what is to be said)",
        path,
        q.line or None,
    )
    return q


_CODE_CHARS = re.compile(r"[=_<>\[\](){}*/\\|&^%$#@~`]")
"""A character only code writes in an option (``x == 1``, ``my_var``): such options may be read as code."""


def _said_alike(options: tuple[str, ...], language: str) -> tuple[str, str, str] | None:
    """The first two of ``options`` written differently but said alike, with what is said; None."""
    from narrate.text.normalize import spoken

    heard: dict[str, str] = {}
    for option in options:
        key = " ".join(re.findall(r"[^\W_]+", spoken(option, language=language).casefold()))
        if not key:
            continue  # a reader's mark (a picture Moodle shows, a true/false option): said by its phrase
        first = heard.setdefault(key, option)
        if first != option and unmark_code(first) != unmark_code(option):
            return first, option, key
    return None


_NOTHING = "has no letter or digit to say (emoji and most symbols are not read aloud: write what is to be said)"


def check_said(lesson: Lesson, path: Path) -> None:
    """Refuse a quiz question whose prompt, an option or an answer says nothing once normalised
    (:func:`narrate.text.normalize.is_pronounceable`: emoji, arrows, ticks and stray punctuation are
    dropped): the listener would hear "Is it option A: , or option B: ?" or an answer never given.
    A part holding a reader's mark (:data:`narrate.model.PROMPT_CUES`: code, program output or a table
    there, a true/false option) is said by its phrase, so it passes.
    A lesson or section title that says nothing is a warning (an error under ``--strict``): the
    listener hears "Lesson one:" alone, which misleads no one. The lesson's language is not needed:
    a letter or digit of any script counts.

    Raises:
        ContentError: the first such question part, at the question's line, quoting the text.
    """
    from narrate.text.normalize import is_pronounceable  # the languages: only once a lesson is read

    for q in lesson.quiz:
        parts = [("the question's prompt", q.prompt)]
        parts += [("an option", option) for option in q.options]
        if not q.options:
            parts += [("the solution" if q.open else "an answer", answer) for answer in q.answers]
        for what, text in parts:
            if any(mark in text for mark in PROMPT_CUES):
                continue  # code, output or a table there, or true/false: the script says its phrase
            if not is_pronounceable(text):
                raise ContentError(f"{what} {_NOTHING}: '{text}'", path, q.line or None)
    if lesson.title.strip() and not _SAYABLE.search(lesson.title):
        lenient(f"the lesson title {_NOTHING}: '{lesson.title}' (the listener hears no title)", path)
    for section in lesson.sections:
        if section.title.strip() and not _SAYABLE.search(section.title):
            lenient(
                f"section title {_NOTHING}: '{section.title}' (the listener hears no heading)",
                path,
                section.line or None,
            )


_SAYABLE = re.compile(r"[^\W_]")
"""A letter or digit of any script: a title without one says nothing (checked without normalising it,
so reading a lesson normalises nothing)."""

_BLOCKS = get_args(Block)


def lesson_problem(lesson: object) -> str | None:
    """What is wrong with what a plug-in reader returned, in the shape narrate relies on (None:
    nothing): a :class:`Lesson` whose id is a slug (as narrate's own readers make them: used in
    file names), whose title is a str and whose sections are :class:`Section` objects of blocks."""
    if not isinstance(lesson, Lesson):
        return f"returned {'None' if lesson is None else 'a ' + type(lesson).__name__}, not a Lesson"
    if not isinstance(lesson.id, str) or not SLUG.fullmatch(lesson.id):
        return f"gave a lesson id {lesson.id!r} that is not a slug (a-z, 0-9 and '-' between them)"
    bad = _malformed(lesson)
    return None if bad is None else f"gave a malformed lesson ({bad})"


def _malformed(lesson: Lesson) -> str | None:
    if not isinstance(lesson.title, str):
        return f"title is a {type(lesson.title).__name__}, not a str"
    if not isinstance(lesson.sections, (tuple, list)) or not isinstance(lesson.quiz, (tuple, list)):
        return "sections and quiz must be tuples"
    for section in lesson.sections:
        if not isinstance(section, Section) or not isinstance(section.title, str):
            return f"a section is a {type(section).__name__}, not a Section with a str title"
        if not isinstance(section.blocks, (tuple, list)):
            return f"section {section.title!r} has blocks that are not a tuple"
        for block in section.blocks:
            if not isinstance(block, _BLOCKS):
                return f"section {section.title!r} has a block that is a {type(block).__name__}, not a narrate block (Paragraph, BulletList ...)"
    if not all(isinstance(question, Question) for question in lesson.quiz):
        return "a quiz item is not a Question"
    if not isinstance(lesson.number, int):
        return f"number is a {type(lesson.number).__name__}, not an int"
    return None
