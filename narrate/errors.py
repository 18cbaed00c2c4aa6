"""User-facing errors.

Every failure caused by the user's input or environment is a :class:`NarrateError`. The CLI prints
it as one line, ``Error: <file>:<line>: <what is wrong>``, and exits with status 1; no traceback.
"""

from __future__ import annotations

from pathlib import Path

import click


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

    def show(self, file=None) -> None:  # noqa: D102 - click API
        click.echo(f"Error: {self.format_message()}", err=True, file=file)


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
