"""Episode identity and release: GUIDs and dates that never move once published, and the schedule.

A podcast app knows an episode by its feed ``guid``: a published episode whose GUID changes is shown
again as a new episode (subscribers get a duplicate), and one whose GUID vanishes is removed. So:

* the show has one identity, its ``podcast:guid`` (:func:`show_guid`): course.yaml's ``guid`` when
  set; else the one the feed in the output folder carries; else the one recorded in the output
  folder (:data:`SCHEDULE_FILE`); else one made from the course's title and author
  (:func:`narrate.publish.feed.course_guid`). It never comes from ``base_url``: a course built at
  ``http://localhost:8000/`` and then at its real address, or on another machine into a fresh folder,
  keeps it. A ``podcast:guid`` that an older narrate made from a preview address (``localhost``, a
  local network) is every such course's, so it is not kept;
* an episode's GUID is UUIDv5 of its lesson's identity in the show's namespace
  (:func:`narrate.publish.feed.item_guid`); the lesson's identity is the ``id:`` key when given, else
  the lesson file name without its number prefix (``02-the-light-reactions.md`` →
  ``the-light-reactions``), so inserting a lesson or renumbering files changes nothing (see
  :func:`narrate.text.readers.common.default_id`);
* every build compares with the feed already in the output folder (:func:`read_published`): a
  published episode keeps its GUID and its ``pubDate``. The migration of older feeds: a GUID an
  older narrate made from ``base_url + id`` (:func:`narrate.publish.feed.url_guid`, with the base
  the old feed names itself at) or from the whole file name (``02-the-light-reactions``) is kept
  while the lesson keeps its id or its file name; so moving hosts (a new ``base_url``) keeps every
  GUID. A published GUID that the build would change or drop stops the build with an error naming
  the episode and the fix (``id:``), as does a course.yaml ``guid`` that differs from the published
  ``podcast:guid``, unless the change is allowed (``--allow-guid-change``);
* new episodes are dated by the course schedule (``start_date`` + position × ``schedule_days``), kept
  after the episode before them in course order; an episode dated after today is *scheduled*: it
  stays out of the feed until a build on or after its date (unless scheduled episodes are included).

With no ``start_date`` in course.yaml, the first build's date is recorded in the output folder
(:data:`SCHEDULE_FILE`, never published) and reused by every later build, so dates never move; the
show's ``podcast:guid`` is recorded there too.
"""

from __future__ import annotations

import json
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from email.utils import parsedate_to_datetime
from pathlib import Path, PurePosixPath
from typing import TypeGuard
from urllib.parse import urlsplit

from narrate.config import CourseConfig
from narrate.errors import BuildError, ContentError
from narrate.files import write_atomic
from narrate.model import Lesson
from narrate.publish.feed import ATOM, PODCAST, clean_text, course_guid, item_guid, podcast_guid, pub_date, url_guid
from narrate.publish.schedule_state import SCHEDULE_FILE, read_state
from narrate.setting_kinds import local_host
from narrate.text.readers.common import slugify

_VERSIONED_STEM = re.compile(r"^(?P<stem>.+?)(?:\.[0-9a-f]{10})?$")
_NUMBER_PREFIX = re.compile(r"^\d+-")


@dataclass(frozen=True)
class Published:
    """An item of the feed already in the output folder."""

    guid: str
    title: str
    when: datetime | None
    stem: str
    """The episode file stem its enclosure was published under (``NN-<id>``), "" if unknown."""


@dataclass(frozen=True)
class Identity:
    """An episode's GUID and publication time, and whether it is already in the published feed."""

    guid: str
    when: datetime
    published: bool


def read_published(feed_file: Path, *, strict: bool = True) -> tuple[list[Published], str | None]:
    """The items of an existing feed (in feed order) and its base URL (``atom:link rel=self``'s folder).

    A missing feed gives ``([], None)``: nothing is published yet.

    Raises:
        BuildError: (``strict``) the feed exists but is not a readable RSS feed, so what was published
            cannot be told: building over it could give published episodes new GUIDs.
    """
    if not Path(feed_file).exists():
        return [], None
    try:
        channel = ET.parse(feed_file).getroot().find("channel")
    except (OSError, ET.ParseError) as exc:
        if strict:
            raise BuildError(
                f"not a readable feed ({exc}): narrate cannot tell which episodes are published; restore it "
                "from where you published it, or build with --allow-guid-change",
                feed_file,
            ) from None
        return [], None
    if channel is None:
        if strict:
            raise BuildError("not an RSS feed (no <channel>): restore it, or build with --allow-guid-change", feed_file)
        return [], None
    base = None
    for link in channel.findall(f"{{{ATOM}}}link"):
        if link.get("rel") == "self" and "/" in link.get("href", ""):
            base = link.get("href", "").rsplit("/", 1)[0] + "/"
    items = []
    for item in channel.findall("item"):
        guid = (item.findtext("guid") or "").strip()
        if not guid:
            continue
        try:
            when: datetime | None = parsedate_to_datetime((item.findtext("pubDate") or "").strip())
        except (TypeError, ValueError, IndexError):
            when = None
        enclosure = item.find("enclosure")
        name = PurePosixPath((enclosure.get("url", "") if enclosure is not None else "").split("?")[0]).name
        match = _VERSIONED_STEM.match(name.rsplit(".", 1)[0]) if "." in name else None
        items.append(Published(guid, (item.findtext("title") or "").strip(), when, match["stem"] if match else ""))
    return items, base


def read_show_guid(feed_file: Path) -> str | None:
    """The ``podcast:guid`` of the feed already in the output folder, lower case; None when there is
    none (no feed, not a feed, not a UUID) or when it is one an older narrate made from a preview
    address (the feed's own URL on ``localhost`` or a local network): that one every course built
    there had, so it names no show."""
    try:
        channel = ET.parse(feed_file).getroot().find("channel")
    except (OSError, ET.ParseError):
        return None
    if channel is None:
        return None
    value = (channel.findtext(f"{{{PODCAST}}}guid") or "").strip().lower()
    if not _is_uuid(value):
        return None
    own = next((link.get("href", "") for link in channel.findall(f"{{{ATOM}}}link") if link.get("rel") == "self"), "")
    if own and value == podcast_guid(own) and local_host(urlsplit(own).hostname or ""):
        return None
    return value


def show_guid(
    config: CourseConfig,
    out_dir: Path,
    published: str | None,
    *,
    allow_guid_change: bool = False,
    feed_file: Path | None = None,
) -> str:
    """The show's ``podcast:guid`` for this build (see the module docstring): course.yaml's ``guid``;
    else ``published`` (:func:`read_show_guid`); else the one recorded in ``out_dir``
    (:func:`record_schedule`); else :func:`narrate.publish.feed.course_guid`.

    Raises:
        ContentError: course.yaml's ``guid`` differs from the published one (at its line), unless
            ``allow_guid_change``.
    """
    if config.guid:
        if published and published != config.guid and not allow_guid_change:
            where = f" ({feed_file})" if feed_file is not None else ""
            raise ContentError(
                f"guid {config.guid} differs from the podcast:guid {published} of the published feed{where}: "
                f"podcast apps and the Podcast Index know the show by it; write 'guid: {published}', or build "
                "with --allow-guid-change if a new identity is really meant",
                config.source,
                config.lines.get("guid"),
            )
        return config.guid
    if published:
        return published
    recorded = read_state(out_dir).get("guid")
    return recorded.lower() if _is_uuid(recorded) else course_guid(config)


def start_date(config: CourseConfig, out_dir: Path, today: date) -> date:
    """The schedule's first day: course.yaml's ``start_date``; else the one the first build recorded in
    ``out_dir`` (:func:`record_schedule`); else ``today``."""
    if config.start_date:
        return date.fromisoformat(str(config.start_date))
    try:
        return date.fromisoformat(read_state(out_dir)["start_date"])
    except (KeyError, TypeError, ValueError):
        return today


def record_schedule(
    config: CourseConfig, out_dir: Path, first_day: date, next_release: date | None, show: str | None = None
) -> None:
    """Record in ``out_dir`` (atomically): the first build's day when course.yaml gives no
    ``start_date`` (kept from the first build on), the day the next scheduled episode is due, and
    the show's ``podcast:guid`` (``show``, :func:`show_guid`; None: the recorded one is kept)."""
    state = read_state(out_dir)
    new = {k: v for k, v in state.items() if k in ("start_date", "guid")}
    if not config.start_date and "start_date" not in new:
        new["start_date"] = first_day.isoformat()
    if show is not None:
        new["guid"] = show
    if next_release is not None:
        new["next_release"] = next_release.isoformat()
    if new != state:
        write_atomic(Path(out_dir) / SCHEDULE_FILE, json.dumps(new, sort_keys=True) + "\n")


def assign(
    config: CourseConfig,
    lessons: Sequence[Lesson],
    published: Sequence[Published],
    *,
    first_day: date,
    show: str | None = None,
    known: Sequence[str | None] = (),
    allow_guid_change: bool = False,
    feed_file: Path | None = None,
    published_base: str | None = None,
) -> list[Identity]:
    """GUID and time of every lesson's episode, in course order (see the module docstring).

    Args:
        lessons: the course's lessons in order (``source`` set for lessons read from files).
        published: the items of the feed already in the output folder.
        first_day: the schedule's first day (:func:`start_date`).
        show: the show's ``podcast:guid`` (:func:`show_guid`), the namespace of new GUIDs; None:
            :func:`narrate.publish.feed.course_guid`.
        known: other show identities published GUIDs may have been made in (the published feed's
            ``podcast:guid``, the one recorded in the output folder); None and non-UUIDs are skipped.
        allow_guid_change: let published GUIDs change or vanish (``--allow-guid-change``).
        feed_file: the existing feed, for the error message.
        published_base: the base URL the existing feed names itself at (:func:`read_published`):
            GUIDs an older narrate made from it are kept.

    Raises:
        ContentError: a published episode would get another GUID or vanish (naming it, and the
            ``id:`` that keeps it), unless ``allow_guid_change``.
    """
    names = _Names(config, show or course_guid(config), known, published_base)
    by_guid = {p.guid: p for p in published}
    guids: list[str] = []
    for lesson in lessons:
        guid = item_guid(names.show, lesson.id)
        if guid not in by_guid:
            older = (g for i in [lesson.id, *_legacy_ids(lesson)] for g in names.of(i) if g in by_guid)
            guid = next(older, guid)
        guids.append(guid)
    if not allow_guid_change:
        _refuse_moved(names, lessons, guids, published, feed_file)
    out: list[Identity] = []
    schedule = replace(config, start_date=first_day.isoformat())
    for index, (lesson, guid) in enumerate(zip(lessons, guids)):
        before = by_guid.get(guid)
        if before is not None and before.when is not None:
            out.append(Identity(guid, before.when, True))
            continue
        when = pub_date(schedule, lesson, index)
        lower = out[-1].when if out else None
        later = [p.when for g in guids[index + 1 :] if (p := by_guid.get(g)) is not None and p.when is not None]
        upper = min(later) if later else None
        if lower is not None and when <= lower:
            when = lower + timedelta(minutes=1)
        if upper is not None and when >= upper:  # a lesson inserted before published ones: between its neighbours
            when = lower + timedelta(minutes=1) if lower is not None else upper - timedelta(minutes=1)
        out.append(Identity(guid, when, False))
    return out


def released(identities: Sequence[Identity], today: date) -> list[bool]:
    """Whether each episode is released by ``today``: published already, or dated on or before it."""
    return [i.published or i.when.date() <= today for i in identities]


def _legacy_ids(lesson: Lesson) -> list[str]:
    """Ids older narrate versions gave the lesson: the slug of its whole file name (with the number)."""
    if lesson.source is None:
        return []
    whole = slugify(Path(lesson.source).stem)
    return [whole] if whole != lesson.id else []


class _Names:
    """Every GUID a lesson id may be published under: in the show's namespace (and the other known
    show identities'), then as older narrate versions made them from a base URL."""

    def __init__(self, config: CourseConfig, show: str, known: Sequence[str | None], base: str | None):
        self.show = show
        shows = [show, *(k.lower() for k in known if _is_uuid(k)), course_guid(config)]
        self.shows = list(dict.fromkeys(shows))
        self.bases = list(dict.fromkeys(b for b in (base, config.base_url) if b))

    def of(self, lesson_id: str) -> list[str]:
        return [item_guid(s, lesson_id) for s in self.shows] + [url_guid(b, lesson_id) for b in self.bases]


def _is_uuid(value: object) -> TypeGuard[str]:
    if not isinstance(value, str):
        return False
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return len(value) == 36


def _refuse_moved(
    names: _Names,
    lessons: Sequence[Lesson],
    guids: list[str],
    published: Sequence[Published],
    feed_file: Path | None,
) -> None:
    kept = set(guids)
    moved = [p for p in published if p.guid not in kept]
    if not moved:
        return
    gone = moved[0]
    more = f" ({len(moved) - 1} more published episode(s) too)" if len(moved) > 1 else ""
    allow = "or build with --allow-guid-change if a new identity is really meant"
    old_id = next((i for i in _candidate_ids(gone.stem) if gone.guid in names.of(i)), None)
    title = clean_text(gone.title, single_line=True)
    named = f"published episode '{title}'" + (f" (id '{old_id}')" if old_id else f" (GUID {gone.guid})")
    same = [
        lesson
        for lesson, guid in zip(lessons, guids)
        if clean_text(lesson.title, single_line=True) == title and guid not in {p.guid for p in published}
    ]
    fix = f"'id: {old_id}'" if old_id else "its old id"
    if same and same[0].source is not None:
        raise ContentError(
            f"{named} would get a new GUID (its lesson file or id changed), so podcast apps would show it twice; "
            f"add {fix} to this lesson to keep it, {allow}{more}",
            same[0].source,
        )
    raise ContentError(
        f"{named} is no longer in the course (its lesson file was removed or renamed), so podcast apps would "
        f"drop it; restore the lesson, or give the lesson that replaces it {fix}, {allow}{more}",
        feed_file,
    )


def _candidate_ids(stem: str) -> list[str]:
    """Ids a published episode file stem (``NN-<id>``) may have come from: ``<id>``, then the whole stem."""
    if not stem:
        return []
    short = _NUMBER_PREFIX.sub("", stem)
    return [short, stem] if short != stem else [stem]
