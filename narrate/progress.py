"""Progress display for long work: tqdm bars on a terminal, plain log lines otherwise.

The build reports ``progress(stage, done, total)`` (see ``narrate.pipeline.Progress``) for two stages:
``synthesis`` (utterances the cache lacks) and ``encoding`` (episodes that are not up to date); a
build on a cluster reports ``episodes`` (episode tasks completed).
Proof-listening reports ``listening:<episode>`` (seconds of audio heard), one bar per episode.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from tqdm import tqdm

LABELS = {
    "synthesis": ("Synthesizing", "utterance"),
    "encoding": ("Encoding", "episode"),
    "listening": ("Listening to", "s"),
    "episodes": ("Building", "episode"),  # episode tasks on a Dask cluster (narrate.cluster), as they complete
}


@contextmanager
def reporter(quiet: bool = False, stream: TextIO | None = None) -> Iterator[Callable[[str, int, int], None]]:
    """Yield a ``progress(stage, done, total)`` callback.

    On a terminal (``stream.isatty()``) each stage gets a tqdm bar with counts, rate and time left.
    Otherwise (a log file, CI) one line ``<Label>: <done>/<total> (<percent>%)`` is written to
    ``stream`` (default stderr) each time a stage passes a further tenth of its total, and when it
    finishes. ``quiet`` shows nothing. Stages with a total of 0 show nothing.
    """
    stream = stream or sys.stderr
    tty = bool(getattr(stream, "isatty", lambda: False)())
    bars: dict[str, tqdm] = {}
    tenths: dict[str, int] = {}

    def progress(stage: str, done: int, total: int) -> None:
        if quiet or total <= 0:
            return
        name, _, item = stage.partition(":")  # "listening:01-cells": one bar per episode
        label, unit = LABELS.get(name, (name.capitalize(), "item"))
        label = f"{label} {item}" if item else label
        if tty:
            bar = bars.get(stage)
            if bar is None:
                bar = bars[stage] = tqdm(
                    total=total, desc=label, unit=f" {unit}", file=stream, leave=True, dynamic_ncols=True
                )
            if bar.total != total:  # a catalogue's total grows as its courses report
                bar.total = total
            bar.update(done - bar.n)
            if done >= total:  # finished: the next stage's bar starts on its own line
                bar.close()
                del bars[stage]
            return
        tenth = done * 10 // total
        if done and tenth > tenths.get(stage, 0) or done == total and tenths.get(stage) != 10:
            tenths[stage] = tenth
            print(f"{label}: {done}/{total} ({done * 100 // total}%)", file=stream, flush=True)

    try:
        yield progress
    finally:
        for bar in bars.values():
            bar.close()
