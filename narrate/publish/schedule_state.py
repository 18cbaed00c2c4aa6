"""The release schedule's state in the output folder (read before anything heavy is imported).

``OUT/.narrate-schedule.json`` holds ``{"start_date": "YYYY-MM-DD", "next_release": "YYYY-MM-DD",
"guid": "<uuid>"}``: the first build's date (when course.yaml has no ``start_date``), the day the next
scheduled episode falls due, and the show's ``podcast:guid``, made once (its episodes' GUIDs are
made from it). It is build state: never published, never served. See :mod:`narrate.publish.identity`.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

SCHEDULE_FILE = ".narrate-schedule.json"
"""The state file's name in the output folder."""


def read_state(out_dir: Path) -> dict:
    """The state as a dict ({} when absent or unreadable)."""
    try:
        data = json.loads((Path(out_dir) / SCHEDULE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def release_due(out_dir: Path, today: date) -> bool:
    """Whether a scheduled episode of the last build into ``out_dir`` is due by ``today`` (then even an
    unchanged course must be built again, to put it in the feed)."""
    try:
        return date.fromisoformat(read_state(out_dir)["next_release"]) <= today
    except (KeyError, TypeError, ValueError):
        return False
