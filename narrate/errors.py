"""User-facing errors.

Every failure caused by the user's input or environment is a :class:`NarrateError`. The CLI prints
it as one line, ``Error: <file>:<line>: <what is wrong>``, and exits with status 1; no traceback.
What the system refuses (:class:`OSError`: a full disk, a read-only folder, a permission) and a
date or number out of range (:class:`OverflowError`) become such a line too (:func:`from_os_error`,
:func:`from_overflow`). Every line is made :func:`printable` first: content's control characters
(a terminal escape sequence in a lesson title or file name) are shown escaped, never sent raw.
"""

from __future__ import annotations

import errno
import logging
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TypeVar

import click

from narrate.model import CODE_CLOSE, CODE_OPEN

T = TypeVar("T")

log = logging.getLogger("narrate")
"""narrate's logger: warnings go here; the CLI prints them as ``Warning: <file>:<line>: <what>``."""


class NarrateError(click.ClickException):
    """A failure the user can fix.

    Args:
        message: what is wrong, as a short sentence without a trailing full stop.
        file: the file at fault, if any (shown relative to the working directory when possible).
        line: 1-based line number in ``file``, if known.
    """

    exit_code = 1

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None):
        self.file = Path(file) if file is not None else None
        self.line = line
        self.problem = message
        super().__init__(self._format())

    def _format(self) -> str:
        where = ""
        if self.file is not None:
            where = f"{_display(self.file)}:"
            if self.line:
                where += f"{self.line}:"
            where += " "
        return f"{where}{self.problem}"

    def format_message(self) -> str:
        """The message without the ``Error:`` prefix, :func:`printable` (one line, no control characters)."""
        return printable(self.message)

    def show(self, file=None) -> None:  # noqa: D102 - click API
        click.echo(f"Error: {self.format_message()}", err=True, file=file)


def printable(text: str) -> str:
    """``text`` safe to print on a terminal as one line: every control character (C0 including
    newline and tab, DEL, C1 such as CSI) and every bidirectional override or isolate (which
    reorder what the terminal shows), and the line and paragraph separators, written as a Python
    escape (``\\x1b``, ``\\n``, ``\\u202e``); a backslash itself is left as it is. A code span a
    reader marked (:func:`narrate.model.mark_code`) is shown in backticks."""
    text = text.replace(CODE_OPEN, "`").replace(CODE_CLOSE, "`")
    return _UNPRINTABLE.sub(_escape, text) if _UNPRINTABLE.search(text) else text


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters :func:`printable` escapes (Unicode Cc, the bidi marks, overrides and isolates, Zl and Zp)."""


def from_os_error(exc: OSError) -> NarrateError:
    """An :class:`OSError` that reached the command line (a full disk, a read-only or missing folder,
    a permission) as one error: ``<path>: <what the system said>`` (the path relative to the
    working directory when possible), or only what the system said when it names no path (a write
    to an open file)."""
    what = exc.strerror or str(exc) or type(exc).__name__
    if exc.errno == errno.ENOSPC and "disk" not in what.lower():
        what += " (disk full)"
    name = exc.filename
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if isinstance(name, (str, os.PathLike)) and os.fspath(name):
        return NarrateError(what, Path(name))
    return NarrateError(what)


def from_overflow(exc: OverflowError) -> NarrateError:
    """An :class:`OverflowError` that reached the command line (a date past the year 9999, a
    number too large to compute with) as one error."""
    return NarrateError(f"a date or number is out of range ({exc or type(exc).__name__})")


class ContentError(NarrateError):
    """Invalid lesson or course content (YAML, Markdown or text page)."""


class ConfigError(NarrateError):
    """Invalid ``course.yaml`` or command-line settings."""


class EngineError(NarrateError):
    """A speech engine is missing, misconfigured, or produced an unusable clip."""


class ToolMissingError(NarrateError):
    """An external program (ffmpeg, ffprobe, espeak-ng) is not installed."""


class BuildError(NarrateError):
    """A build step failed for a reason other than the content (encoder failure, locked output)."""


def warn(problem: str, file: str | Path | None = None, line: int | None = None) -> None:
    """Report something narrate left out or changed without stopping: logged on the ``narrate``
    logger, which the CLI prints as one line, ``Warning: <file>:<line>: <what>``."""
    where = ""
    if file is not None:
        where = f"{_display(Path(file))}:" + (f"{line}:" if line else "") + " "
    log.warning("%s%s", where, problem)


STRICT: ContextVar[bool] = ContextVar("narrate_strict", default=False)
"""True while a lesson is read under ``--strict`` (or ``strict: true``): see :func:`lenient`."""


@contextmanager
def strictness(strict: bool) -> Iterator[None]:
    """Read lessons within this block strictly (``strict``) or leniently (the default)."""
    token = STRICT.set(bool(strict))
    try:
        yield
    finally:
        STRICT.reset(token)


STRICT_NOTE = " (what a lenient build does; refused under --strict or 'strict: true')"
"""Ends a lenient warning turned error, so the author sees both what would be done and why it is refused."""


def lenient(
    problem: str, file: str | Path | None = None, line: int | None = None, problems: Collector | None = None
) -> None:
    """Structure of a lesson that its own site renders but narrate reads its own way (``problem`` says
    what was done with it): a warning (:func:`warn`); under ``--strict`` a :class:`ContentError`, noted
    in ``problems`` when given (so the rest of the file is still checked), else raised.

    Raises:
        ContentError: when reading strictly (:data:`STRICT`) without ``problems``.
    """
    if not STRICT.get():
        warn(problem, file, line)
    elif problems is not None:
        problems.add(ContentError(problem + STRICT_NOTE, file, line))
    else:
        raise ContentError(problem + STRICT_NOTE, file, line)


def where(file: str | Path, line: int | None = None) -> str:
    """``<file>:<line>`` as the ``Error:`` lines show a place (the file relative to the working
    directory when possible; no line when ``line`` is None or 0)."""
    return _display(Path(file)) + (f":{line}" if line else "")


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


class Interrupted(NarrateError):
    """The user pressed Ctrl-C (SIGINT): shown as ``Error: interrupted``, exit status 130 (128 + 2)."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted")


MAX_SHOWN = 20
"""At most this many ``Error:`` lines are printed for one run."""


class Problems(ContentError):
    """Several problems found in one run (course.yaml and the lessons are checked in full before
    stopping), shown as one ``Error: <file>:<line>: <what>`` line each, at most :data:`MAX_SHOWN`.
    A :class:`ContentError`, so that code expecting one bad-content error catches several too.

    Args:
        errors: the problems, in the order found (at least one).
    """

    def __init__(self, errors: list[NarrateError]):
        self.errors = list(errors)
        first = self.errors[0]
        super().__init__(first.problem, first.file, first.line)

    def lines(self) -> list[str]:
        """The ``Error:`` lines to print: one per problem, the last one summarising any not shown."""
        shown = [f"Error: {e.format_message()}" for e in self.errors]
        if len(shown) > MAX_SHOWN:
            rest = len(shown) - (MAX_SHOWN - 1)
            shown = shown[: MAX_SHOWN - 1] + [f"Error: {rest} more problems not shown; fix these and run again"]
        return shown

    def show(self, file=None) -> None:  # noqa: D102 - click API
        for line in self.lines():
            click.echo(line, err=True, file=file)


def collected(errors: list[NarrateError]) -> None:
    """Raise the problems in ``errors``, if any: the error itself when there is one, else :class:`Problems`.

    Raises:
        NarrateError: ``errors[0]`` when it is the only one; Problems for several.
    """
    flat: list[NarrateError] = []
    for error in errors:
        flat.extend(error.errors if isinstance(error, Problems) else [error])
    if len(flat) == 1:
        raise flat[0]
    if flat:
        raise Problems(flat)


class Collector:
    """Gathers the problems of one input file as they are found, so that a reader checks the whole file
    and reports every problem in one run (as :class:`Problems`), like the YAML lesson reader."""

    def __init__(self) -> None:
        self.errors: list[NarrateError] = []

    def add(self, error: NarrateError) -> None:
        """Note one problem (a :class:`Problems` adds each of its own)."""
        self.errors.extend(error.errors if isinstance(error, Problems) else [error])

    def attempt(self, check: Callable[[], T], default: T) -> T:
        """``check()``, or ``default`` when it raises a :class:`NarrateError` (which is noted)."""
        try:
            return check()
        except NarrateError as exc:
            self.add(exc)
            return default

    def raise_any(self) -> None:
        """Raise every problem noted, ordered by file line (see :func:`collected`); nothing if none.

        Raises:
            NarrateError: the only problem; Problems for several.
        """
        collected(sorted(self.errors, key=lambda e: e.line or 0))
