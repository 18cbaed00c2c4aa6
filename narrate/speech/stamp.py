"""A cheap stamp of a speech engine's installation (files, not output), for memoising its version
string (``narrate.speech.synthesis``) and for the no-change check (``narrate.uptodate``).

Each engine computes its own (:meth:`narrate.speech.engines.Engine.stamp`); narrate's own engines
compute theirs without importing the engine (``narrate.speech.engines.builtin``), so a rebuild of
unchanged content, which only compares stamps, imports neither numpy nor an engine.
"""

from __future__ import annotations

from narrate.speech.engines import engine_stamp

__all__ = ["engine_stamp"]
