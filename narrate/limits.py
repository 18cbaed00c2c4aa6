"""Resource bounds: refuse a lesson that is too big to read or would make too long an episode.

Both limits are checked before any synthesis, so an accident (a pasted log file, a lesson that
repeats itself a thousand times) costs a second, not hours of speech synthesis and gigabytes of
audio. The limits are set in ``course.yaml``::

    limits:
      max_lesson_bytes: 5000000     # size of one lesson file, in bytes (default 5 MB)
      max_episode_minutes: 180      # estimated length of one episode (default 3 hours)

The episode length is estimated from the script: every spoken word at the course's speaking rate
(``voice.rate_wpm``) plus every pause, exactly as written in the script.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from narrate.config import LimitsConfig
from narrate.errors import ContentError
from narrate.model import Pause, Say, Script

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
            f"lesson file is too large ({_bytes(size)}; the limit is {_bytes(limits.max_lesson_bytes)}, "
            "set by limits.max_lesson_bytes in course.yaml)",
            path,
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


def _bytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 100_000 else f"{size} bytes"


def _minutes(ms: int) -> str:
    minutes = ms // 60_000
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
