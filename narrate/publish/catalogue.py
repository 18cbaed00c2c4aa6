"""The catalogue page: ``OUT/index.html`` listing every course of a catalogue build.

A catalogue build (``narrate build CATALOGUE``; see ``narrate.pipeline.build_catalogue``) writes
each course into ``OUT/<course-id>/`` with its own feed, cover, episodes and preview; this page links
them: per course its title, author, description, episode count and total length, its preview
(``<course-id>/index.html``) and its feed (``<course-id>/feed.xml``). Everything shown is read back
from each course's published feed, so the page is the same whether a course was rebuilt or was up
to date. HTML5, self-contained (no script, no external style), relative links; rendered with
Jinja2 with autoescaping.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from narrate.files import write_atomic
from narrate.publish.feed import ITUNES
from narrate.publish.preview import TEMPLATES


@dataclass(frozen=True)
class CourseEntry:
    """One course on the catalogue page; ``duration_ms`` is the sum of its episodes' lengths."""

    id: str
    title: str
    author: str = ""
    description: str = ""
    language: str = ""
    episodes: int = 0
    duration_ms: int = 0

    @classmethod
    def read(cls, course_id: str, folder: Path) -> CourseEntry:
        """The entry of the course published in ``folder`` (read from its ``feed.xml``; a course
        without a readable feed is listed by its id alone)."""
        try:
            channel = ET.parse(folder / "feed.xml").getroot().find("channel")
        except (OSError, ET.ParseError):
            channel = None
        if channel is None:
            return cls(course_id, course_id)
        items = channel.findall("item")
        seconds = 0
        for item in items:
            text = (item.findtext(f"{{{ITUNES}}}duration") or "0").strip()
            seconds += int(text) if text.isdigit() else 0
        return cls(
            course_id,
            (channel.findtext("title") or course_id).strip(),
            (channel.findtext(f"{{{ITUNES}}}author") or "").strip(),
            (channel.findtext("description") or "").strip(),
            (channel.findtext("language") or "").strip(),
            len(items),
            seconds * 1000,
        )

    @property
    def href(self) -> str:
        return quote(self.id) + "/"

    @property
    def length(self) -> str:
        """``1 h 04 min`` / ``12 min`` / ``40 s``."""
        seconds = self.duration_ms // 1000
        hours, minutes = divmod(seconds // 60, 60)
        if hours:
            return f"{hours} h {minutes:02d} min"
        return f"{minutes} min" if minutes else f"{seconds} s"


def render_catalogue_index(courses: Sequence[CourseEntry]) -> str:
    """The catalogue page's HTML (courses in the order given)."""
    return TEMPLATES.get_template("catalogue.html").render(
        courses=list(courses),
        episodes=sum(c.episodes for c in courses),
        total=CourseEntry("", "", duration_ms=sum(c.duration_ms for c in courses)).length,
    )


def write_catalogue_index(out_dir: Path, courses: Sequence[CourseEntry]) -> Path:
    """Write ``out_dir/index.html`` (atomically); returns its path."""
    path = Path(out_dir) / "index.html"
    write_atomic(path, render_catalogue_index(courses))
    return path
