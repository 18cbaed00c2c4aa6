"""The no-change fast path: a build whose inputs and outputs are as the last build left them does nothing.

Imports nothing heavy (see :mod:`narrate.uptodate`), so that such a build costs little more than
Python's start.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from narrate import uptodate
from narrate.model import BuildResult
from narrate.options import BuildOptions
from narrate.publish.schedule_state import release_due
from narrate.stages.read import refuse_output_inside_content


@dataclass(frozen=True)
class Unchanged:
    """The input digest of a build (None: not recorded), and its result when nothing needs doing
    (None: build)."""

    digest: str | None
    result: BuildResult | None = None


def check_unchanged(content: Path, out_dir: Path, options: BuildOptions, today: date) -> Unchanged:
    """Whether building ``content`` into ``out_dir`` can be skipped: the input digest matches the
    stamp of the last build, every output it recorded is there with its size, and no scheduled
    episode is due by ``today``.

    Returns:
        the digest, and when skipped a :class:`BuildResult` with ``up_to_date`` True, no episodes and
        ``skipped_episodes`` counting them.

    Raises:
        BuildError: the output folder is (or holds) the course folder.
        ContentError: a file the course names is not a regular file, or is over its size limit.
    """
    content, out_dir = Path(content), Path(out_dir)
    refuse_output_inside_content(content, out_dir)
    digest = uptodate.input_digest(content, out_dir, options.stamp())
    episode_count = uptodate.unchanged(out_dir, digest)
    if episode_count is None or release_due(out_dir, today):
        return Unchanged(digest)
    result = BuildResult(out_dir, [], out_dir / "feed.xml", skipped_episodes=episode_count, up_to_date=True)
    return Unchanged(digest, result)
