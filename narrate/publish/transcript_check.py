"""Validation of transcript files, for ``narrate check``: W3C WebVTT and SubRip (SRT).

Each checker returns ``(1-based line or None, message)`` pairs; an empty list means valid. Besides
the format, every cue must be a caption a listener can read: at most ``MAX_LINES`` lines of
``LINE_WIDTH`` characters (counted after tags are removed and character references decoded) and at
most ``MAX_CUE_MS`` long (see :mod:`narrate.publish.transcripts`).
"""

from __future__ import annotations

import html
import re

from narrate.publish.transcripts import LINE_WIDTH, MAX_CUE_MS, MAX_LINES

__all__ = ["check_webvtt", "check_srt"]

_VTT_TIME = re.compile(r"^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})$")
_SRT_TIME = re.compile(r"^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})$")
_TIMING = re.compile(r"^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$")
_VTT_ENTITY = re.compile(r"&(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-fA-F]+);")
_VTT_TAG = re.compile(r"</?(?:c|i|b|u|v|lang|ruby|rt)(?:[.\s>]|$)|<\d")
_VTT_ANY_TAG = re.compile(r"<(?:/?(?:c|i|b|u|v|lang|ruby|rt)\b[^>]*|\d[^>]*)>")
_SRT_TAG = re.compile(r"</?(?:i|b|u|font)\b[^>]*>|\{\\[^}]*\}")


def check_webvtt(text: str) -> list[tuple[int | None, str]]:
    """Problems of a WebVTT document as ``(line, message)``: the ``WEBVTT`` header, cue timings
    ``HH:MM:SS.mmm --> HH:MM:SS.mmm`` (hours two digits or more), cue start times never going
    backwards, end after start, no text outside a cue (a blank line inside a cue), ``&`` and ``<``
    escaped in cue text, and each cue a readable caption (lines, line length, duration)."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or not re.match(r"^WEBVTT(?:[ \t].*)?$", lines[0]):
        return [(1, "WebVTT file must start with 'WEBVTT'")]
    problems: list[tuple[int | None, str]] = []
    previous = -1
    for start, block in _blocks(lines, 1):
        if block[0].startswith(("NOTE", "STYLE", "REGION")) and "-->" not in block[0]:
            continue
        timing_at = 0 if "-->" in block[0] else 1
        if timing_at >= len(block) or "-->" not in block[timing_at]:
            problems.append((start, "text outside a cue (is there a blank line inside the cue above?)"))
            continue
        times = _timing(block[timing_at], _VTT_TIME, "HH:MM:SS.mmm")
        line = start + timing_at
        if isinstance(times, str):
            problems.append((line, times))
            continue
        previous = _check_order(problems, line, times, previous)
        _check_readable(problems, line, times, [_VTT_ANY_TAG.sub("", t) for t in block[timing_at + 1 :]])
        for offset, cue_line in enumerate(block[timing_at + 1 :], start=timing_at + 1):
            if "-->" in cue_line:
                problems.append((start + offset, "'-->' inside cue text"))
            elif "&" in _VTT_ENTITY.sub("", cue_line):
                problems.append((start + offset, "unescaped '&' in cue text (write &amp;)"))
            elif "<" in _VTT_TAG.sub("", cue_line):
                problems.append((start + offset, "unescaped '<' in cue text (write &lt;)"))
    return problems


def check_srt(text: str) -> list[tuple[int | None, str]]:
    """Problems of a SubRip document as ``(line, message)``: cues numbered 1, 2, 3, ..., timings
    ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, start times never going backwards, end after start, at least
    one text line per cue (a blank line inside a cue breaks the numbering), and each cue a readable
    caption (lines, line length, duration)."""
    lines = text.lstrip("\ufeff").splitlines()
    problems: list[tuple[int | None, str]] = []
    previous = -1
    for number, (start, block) in enumerate(_blocks(lines, 0), start=1):
        if block[0].strip() != str(number):
            problems.append(
                (
                    start,
                    f"expected cue number {number}, found '{block[0][:40]}' "
                    "(is there a blank line inside the cue above?)",
                )
            )
            return problems
        if len(block) < 3:
            problems.append((start, f"cue {number} has no timing line or no text"))
            continue
        times = _timing(block[1], _SRT_TIME, "HH:MM:SS,mmm")
        if isinstance(times, str):
            problems.append((start + 1, times))
            continue
        previous = _check_order(problems, start + 1, times, previous)
        _check_readable(problems, start + 1, times, [_SRT_TAG.sub("", t) for t in block[2:]])
    return problems


def _blocks(lines: list[str], first: int):
    """Yield ``(1-based line, block lines)`` for runs of non-blank lines from index ``first``."""
    block: list[str] = []
    start = 0
    for index in range(first, len(lines) + 1):
        line = lines[index] if index < len(lines) else ""
        if line.strip():
            if not block:
                start = index + 1
            block.append(line)
        elif block:
            yield start, block
            block = []


def _timing(line: str, pattern: re.Pattern, shape: str) -> tuple[int, int] | str:
    match = _TIMING.match(line.strip())
    if not match:
        return f"malformed cue timing '{line.strip()}'"
    times = []
    for stamp in match.groups():
        parts = pattern.match(stamp)
        if not parts:
            return f"malformed timestamp '{stamp}' (expected {shape})"
        h, m, s, ms = (int(p) for p in parts.groups())
        times.append(((h * 60 + m) * 60 + s) * 1000 + ms)
    return times[0], times[1]


def _check_readable(problems: list, line: int, times: tuple[int, int], text: list[str]) -> None:
    """A cue's caption limits: lines, characters per line (entities decoded), duration."""
    start, end = times
    if end - start > MAX_CUE_MS:
        problems.append(
            (line, f"cue lasts {(end - start) / 1000:.2f} s (a caption may last at most {MAX_CUE_MS / 1000:g} s)")
        )
    if len(text) > MAX_LINES:
        problems.append((line, f"cue has {len(text)} lines of text (a caption may have at most {MAX_LINES})"))
    longest = max((len(html.unescape(t)) for t in text), default=0)
    if longest > LINE_WIDTH:
        problems.append((line, f"cue has a line of {longest} characters (at most {LINE_WIDTH})"))


def _check_order(problems: list, line: int, times: tuple[int, int], previous: int) -> int:
    start, end = times
    if end <= start:
        problems.append((line, "cue ends before it starts or lasts no time"))
    if start < previous:
        problems.append((line, "cue starts before the previous cue (cues go backwards)"))
    return max(previous, start)
