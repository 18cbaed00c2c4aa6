"""A build after the no-change check: read → plan the feed → make episodes → publish → finish."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from narrate.cluster import Session
from narrate.model import BuildResult
from narrate.options import BuildOptions
from narrate.publish.episode import copy_cover
from narrate.publish.output import locked
from narrate.speech.cache import UtteranceCache
from narrate.stages.context import Progress
from narrate.stages.course import read_course
from narrate.stages.episodes import make_episodes
from narrate.stages.feed_plan import plan_feed
from narrate.stages.publish import finish, publish


def run_build(
    content: Path,
    out_dir: Path,
    options: BuildOptions,
    *,
    today: date,
    digest: str | None,
    progress: Progress | None = None,
    cache: UtteranceCache | None = None,
    session: Session | None = None,
) -> BuildResult:
    """Build a course whose outputs are not up to date (see :func:`narrate.pipeline.build`, which
    documents the arguments; ``digest`` is the input digest to stamp the output with).

    Raises:
        NarrateError: bad content or settings, a missing tool or engine, an unusable clip.
    """
    ctx = read_course(
        content, out_dir, options, today=today, progress=progress, cache=cache, session=session, digest=digest
    )
    feed = plan_feed(ctx)
    ctx.out_dir.mkdir(parents=True, exist_ok=True)
    with locked(ctx.out_dir) as folder:
        cover = copy_cover(ctx.config, folder)
        made = make_episodes(ctx, folder, cover)
        episodes = publish(ctx, feed, made, folder, cover)
    return finish(ctx, feed, made, episodes)
