"""Resource bounds: refuse a lesson that is too big to read or would make too long an episode.

Both limits are checked before any synthesis, so an accident (a pasted log file, a lesson that
repeats itself a thousand times) costs a second, not hours of speech synthesis and gigabytes of
audio. The limits are set in ``course.yaml``::

    limits:
      max_lesson_bytes: 5000000     # size of one lesson file, in bytes (default 5 MB)
      max_episode_minutes: 180      # estimated length of one episode (default 3 hours)

The episode length is estimated from the script: every spoken word at the course's speaking rate
(``voice.rate_wpm``) plus every pause, exactly as written in the script.

Every other file a course names is read bounded too (``narrate.yamlio.read_bounded``: regular files
only, never more than a limit): a cover or lesson image up to :data:`MAX_IMAGE_BYTES`, intro and
outro music up to :data:`MAX_AUDIO_BYTES`, course.yaml and lexicon files up to
:data:`MAX_SETTINGS_BYTES`. A Markdown lesson is checked before it is parsed
(:func:`check_markup`): markdown-it spends a long time on each unclosed ``[`` or ``{``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from narrate.config import LimitsConfig
from narrate.errors import ContentError
from narrate.model import Lesson, Pause, Say, Script, episode_stem
from narrate.yamlio import DEFAULT_TEXT_LIMIT, size_text, text_limit

MAX_IMAGE_BYTES = 50_000_000
"""Largest cover or lesson image read (a 3000 px square PNG is well under 30 MB)."""
MAX_AUDIO_BYTES = 500_000_000
"""Largest intro or outro music file read (45 minutes of CD-quality WAV)."""
MAX_SETTINGS_BYTES = DEFAULT_TEXT_LIMIT
"""Largest course.yaml or lexicon file read."""

_WORD = re.compile(r"\w+")


def check_lesson_size(path: Path, limits: LimitsConfig) -> None:
    """Refuse a lesson file larger than ``limits.max_lesson_bytes`` (checked without reading it).

    Raises:
        ContentError: the file is too large (naming its size and the setting to change).
    """
    try:
        size = os.stat(path).st_size
    except OSError:
        return  # a missing or unreadable file is reported by the reader, with a better message
    if size > limits.max_lesson_bytes:
        raise ContentError(
            f"lesson file is too large ({size_text(size)}; the limit is {size_text(limits.max_lesson_bytes)}, "
            "set by limits.max_lesson_bytes in course.yaml)",
            path,
        )


@contextmanager
def lesson_reading(limits: LimitsConfig) -> Iterator[None]:
    """Within this block, lesson files are read up to ``limits.max_lesson_bytes`` (not the default)."""
    with text_limit(limits.max_lesson_bytes, "limits.max_lesson_bytes", "lesson file"):
        yield


MAX_OPENERS_PER_LINE = 500
"""Most ``[`` and ``{`` one line of a Markdown lesson may hold (a long line of links has dozens)."""
MAX_OPENERS = 10_000
"""Most ``[`` and ``{`` a Markdown lesson may hold outside code blocks (one link, footnote or
attribute list each; a long lesson has hundreds)."""
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def check_markup(text: str, path: Path) -> None:
    """Refuse a Markdown text whose brackets would keep the parser busy for minutes: markdown-it
    looks for the end of each unclosed ``[`` (a link, image or footnote) and ``{`` (an attribute
    list) through the rest of its paragraph, so 400 kB of ``[`` took 104 s. Lines inside fenced code
    blocks (code is full of brackets) are not counted. Linear in the text.

    Raises:
        ContentError: a line with more than :data:`MAX_OPENERS_PER_LINE`, or a text with more than
            :data:`MAX_OPENERS`, of ``[`` and ``{`` (naming the line).
    """
    if text.count("[") + text.count("{") <= min(MAX_OPENERS, MAX_OPENERS_PER_LINE):
        return  # the usual case: nothing to count line by line
    total = 0
    fence = ""
    for number, line in enumerate(text.split("\n"), 1):
        marker = _FENCE.match(line)
        if fence:
            if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = ""
            continue
        if marker:
            fence = marker.group(1)
            continue
        count = line.count("[") + line.count("{")
        if count > MAX_OPENERS_PER_LINE:
            raise ContentError(
                f"{count:,} '[' and '{{' on one line (at most {MAX_OPENERS_PER_LINE:,}): "
                "no lesson needs so many links or attribute lists; remove them",
                path,
                number,
            )
        total += count
        if total > MAX_OPENERS:
            raise ContentError(
                f"more than {MAX_OPENERS:,} '[' and '{{' outside code blocks: "
                "no lesson needs so many links, footnotes or attribute lists; split the lesson",
                path,
                number,
            )


NAME_MAX = 255
"""Longest file name, in bytes, most file systems take (ext4, XFS, btrfs, APFS, NTFS in UTF-16 units)."""
STAGED_EXTRA = len(".") + len(".chapters.json") + len(".") + 8 + len(".part")
"""Bytes an episode's stem (``NN-<id>``) grows by in its longest name: ``<stem>.chapters.json``, written
beside its target as ``.<name>.XXXXXXXX.part`` (``narrate.files.write_atomic``); the published names
(``<stem>.<10-character version>.chapters.json``) are shorter."""


def check_file_names(lessons: Iterable[Lesson]) -> None:
    """Refuse, before any synthesis, a lesson whose episode files would get names longer than
    :data:`NAME_MAX` bytes while they are written (a 244-character lesson file name does).

    Raises:
        ContentError: naming the lesson file (and the line of its ``id:``), the length and how to fix it.
    """
    for lesson in lessons:
        stem = episode_stem(lesson)
        size = len(stem.encode("utf-8")) + STAGED_EXTRA
        if size > NAME_MAX:
            raise ContentError(
                f"lesson id '{lesson.id[:40]}...' is too long for a file name: its episode files would be named "
                f"with {size} bytes (at most {NAME_MAX}); give the lesson a shorter 'id:' or file name "
                f"(at most {NAME_MAX - STAGED_EXTRA - len(stem) + len(lesson.id)} characters)",
                lesson.source,
                lesson.id_line,
            )


def estimate_ms(script: Script, rate_wpm: int) -> int:
    """Estimated duration of a script in ms: spoken words at ``rate_wpm`` words/minute plus all pauses."""
    words = sum(len(_WORD.findall(cue.text)) for cue in script.cues if isinstance(cue, Say))
    pauses = sum(cue.ms for cue in script.cues if isinstance(cue, Pause))
    return words * 60_000 // max(rate_wpm, 1) + pauses


def check_episode_lengths(scripts: Iterable[Script], rate_wpm: int, limits: LimitsConfig) -> None:
    """Refuse any script whose :func:`estimate_ms` exceeds ``limits.max_episode_minutes``.

    Raises:
        ContentError: naming the lesson file, the estimate and the limit.
    """
    limit_ms = round(limits.max_episode_minutes * 60_000)
    for script in scripts:
        estimate = estimate_ms(script, rate_wpm)
        if estimate > limit_ms:
            lesson = script.lesson
            raise ContentError(
                f"lesson '{lesson.id}' would make an episode of about {_minutes(estimate)}, over the limit "
                f"of {_minutes(limit_ms)} (limits.max_episode_minutes in course.yaml); split the lesson",
                lesson.source,
            )


def _minutes(ms: int) -> str:
    minutes = ms // 60_000
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
