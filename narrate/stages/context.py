"""The one frozen context every stage of a build receives (see :mod:`narrate.stages`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.config import CourseConfig
from narrate.model import Lesson, Script
from narrate.options import BuildOptions

if TYPE_CHECKING:
    from narrate.cluster import Session
    from narrate.speech.cache import UtteranceCache

Progress = Callable[[str, int, int], None]
"""``progress(stage, done, total)``: called as work advances (stage is "synthesis" or "encoding")."""


@dataclass(frozen=True)
class BuildContext:
    """What one build works from, fixed once the course is read and scripted.

    ``scripts`` are in episode order (one per lesson, then the review episode when the course has
    one); ``digest`` is the input digest recorded by the no-change stamp (None: not recorded);
    ``report`` is the progress callback (never None); ``session`` the Dask cluster the episodes are
    made on (None: on this machine).
    """

    content: Path
    out_dir: Path
    options: BuildOptions
    today: date
    config: CourseConfig
    lessons: tuple[Lesson, ...]
    scripts: tuple[Script, ...]
    cache: UtteranceCache
    report: Progress
    digest: str | None = None
    detected: str | None = None
    """The language detected for a single lesson file that named none (None: not detected)."""
    session: Session | None = None
    voices: tuple[tuple[str, str, str | None], ...] = ()
    """``(language, engine, voice)`` chosen for each language the course speaks when it names no
    engine (see ``narrate.speech.engines.choice``); () when it names one."""

    @property
    def feed_file(self) -> Path:
        """``OUT/feed.xml``."""
        return self.out_dir / "feed.xml"
