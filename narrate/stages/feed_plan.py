"""The plan-the-feed stage: each episode's GUID and publication time, which episodes the feed lists now
(released, not drafts), and the first day of the release schedule."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from narrate import uptodate
from narrate.errors import warn
from narrate.publish.identity import (
    Identity,
    assign,
    read_published,
    read_show_guid,
    released,
    show_guid,
    start_date,
)
from narrate.publish.schedule_state import read_state
from narrate.stages.context import BuildContext


@dataclass(frozen=True)
class FeedPlan:
    """One entry per script of the build, in episode order: its identity (GUID, time, published
    before) and whether the feed lists it now; ``first_day`` is the schedule's first day, ``show``
    the show's ``podcast:guid``."""

    identities: tuple[Identity, ...]
    in_feed: tuple[bool, ...]
    first_day: date
    show: str

    def held_back(self, ctx: BuildContext) -> list[tuple[int, Identity]]:
        """``(script index, identity)`` of the scheduled episodes not yet in the feed (drafts excluded)."""
        return [
            (n, identity)
            for n, (identity, shown) in enumerate(zip(self.identities, self.in_feed))
            if not shown and not ctx.scripts[n].lesson.draft
        ]


def plan_feed(ctx: BuildContext) -> FeedPlan:
    """The show's ``podcast:guid``, GUIDs and dates (kept from the published feed, see
    :mod:`narrate.publish.identity`), the release schedule (``--include-scheduled``: every episode),
    and drafts left out of the feed.

    Warnings: the feed is missing from a folder built before; a published episode became a draft.

    Raises:
        ContentError: a published GUID or the show's would change (unless ``allow_guid_change``), a
            bad lesson date.
    """
    options = ctx.options
    published, published_base = read_published(ctx.feed_file, strict=not options.allow_guid_change)
    if not published and uptodate.read_records(ctx.out_dir):
        warn(
            "missing, but this folder was built before: its episodes get the GUIDs their lessons give now; "
            "if it was published, restore feed.xml first",
            ctx.feed_file,
        )
    first_day = start_date(ctx.config, ctx.out_dir, ctx.today)
    on_feed = read_show_guid(ctx.feed_file)
    show = show_guid(
        ctx.config, ctx.out_dir, on_feed, allow_guid_change=options.allow_guid_change, feed_file=ctx.feed_file
    )
    identities = assign(
        ctx.config,
        [s.lesson for s in ctx.scripts],
        published,
        first_day=first_day,
        show=show,
        known=(on_feed, read_state(ctx.out_dir).get("guid")),
        allow_guid_change=options.allow_guid_change,
        feed_file=ctx.feed_file,
        published_base=published_base,
    )
    in_feed = [True] * len(ctx.scripts) if options.include_scheduled else released(identities, ctx.today)
    for n, script in enumerate(ctx.scripts):
        if script.lesson.draft:
            in_feed[n] = False
            if identities[n].published:
                warn(
                    f"published episode '{script.lesson.title}' is now a draft: it leaves the feed, and podcast apps drop it",
                    script.lesson.source,
                )
    return FeedPlan(tuple(identities), tuple(in_feed), first_day, show)
