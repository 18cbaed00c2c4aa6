"""Episode identity and release: GUIDs and dates that never move once published, and the schedule.

A podcast app knows an episode by its feed ``guid``: a published episode whose GUID changes is shown
again as a new episode (subscribers get a duplicate), and one whose GUID vanishes is removed. So:

* an episode's GUID is derived from its lesson's identity, the ``id:`` key when given, else the
  lesson file name without its number prefix (``02-the-light-reactions.md`` → ``the-light-reactions``),
  so inserting a lesson or renumbering files changes nothing (see
  :func:`narrate.text.readers.common.default_id`);
* every build compares with the feed already in the output folder (:func:`read_published`): a
  published episode keeps its GUID and its ``pubDate``; one published by an older narrate, whose
  GUID came from the whole file name (``02-the-light-reactions``), keeps that GUID while its file
  keeps its name; a published GUID that the build would change or drop stops the build with an
  error naming the episode and the fix (``id:``), unless the change is allowed (``--allow-guid-change``);
* new episodes are dated by the course schedule (``start_date`` + position × ``schedule_days``), kept
  after the episode before them in course order; an episode dated after today is *scheduled*: it
  stays out of the feed until a build on or after its date (unless scheduled episodes are included).

With no ``start_date`` in course.yaml, the first build's date is recorded in the output folder
(:data:`SCHEDULE_FILE`, never published) and reused by every later build, so dates never move.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from email.utils import parsedate_to_datetime
from pathlib import Path, PurePosixPath

from narrate.config import CourseConfig
from narrate.errors import BuildError, ContentError
from narrate.files import write_atomic
from narrate.model import Lesson
from narrate.publish.feed import ATOM, clean_text, guid_for, pub_date
from narrate.publish.schedule_state import SCHEDULE_FILE, read_state
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


def start_date(config: CourseConfig, out_dir: Path, today: date) -> date:
    """The schedule's first day: course.yaml's ``start_date``; else the one the first build recorded in
    ``out_dir`` (:func:`record_schedule`); else ``today``."""
    if config.start_date:
        return date.fromisoformat(str(config.start_date))
    try:
        return date.fromisoformat(read_state(out_dir)["start_date"])
    except (KeyError, TypeError, ValueError):
        return today


def record_schedule(config: CourseConfig, out_dir: Path, first_day: date, next_release: date | None) -> None:
    """Record in ``out_dir`` (atomically): the first build's day when course.yaml gives no
    ``start_date`` (kept from the first build on), and the day the next scheduled episode is due."""
    state = read_state(out_dir)
    new = {k: v for k, v in state.items() if k == "start_date"}
    if not config.start_date and "start_date" not in new:
        new["start_date"] = first_day.isoformat()
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
    allow_guid_change: bool = False,
    feed_file: Path | None = None,
    published_base: str | None = None,
) -> list[Identity]:
    """GUID and time of every lesson's episode, in course order (see the module docstring).

    Args:
        lessons: the course's lessons in order (``source`` set for lessons read from files).
        published: the items of the feed already in the output folder.
        first_day: the schedule's first day (:func:`start_date`).
        allow_guid_change: let published GUIDs change or vanish (``--allow-guid-change``).
        feed_file, published_base: the existing feed and its base URL, for the error message.

    Raises:
        ContentError: a published episode would get another GUID or vanish (naming it, and the
            ``id:`` that keeps it), unless ``allow_guid_change``.
    """
    by_guid = {p.guid: p for p in published}
    guids: list[str] = []
    for lesson in lessons:
        guid = guid_for(config, lesson.id)
        if guid not in by_guid:
            guid = next((g for g in (guid_for(config, i) for i in _legacy_ids(lesson)) if g in by_guid), guid)
        guids.append(guid)
    if not allow_guid_change:
        _refuse_moved(config, lessons, guids, published, feed_file, published_base)
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


def _refuse_moved(
    config: CourseConfig,
    lessons: Sequence[Lesson],
    guids: list[str],
    published: Sequence[Published],
    feed_file: Path | None,
    published_base: str | None,
) -> None:
    kept = set(guids)
    moved = [p for p in published if p.guid not in kept]
    if not moved:
        return
    gone = moved[0]
    more = f" ({len(moved) - 1} more published episode(s) too)" if len(moved) > 1 else ""
    allow = "or build with --allow-guid-change if a new identity is really meant"
    if published_base and published_base != config.base_url and len(moved) == len(published):
        raise ContentError(
            f"base_url changed from {published_base} to {config.base_url}: every published episode's GUID would "
            f"change and podcast apps would list them all again; build into another output folder, {allow}",
            feed_file,
        )
    old_id = next((i for i in _candidate_ids(gone.stem) if guid_for(config, i) == gone.guid), None)
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
