"""Progress display for long work: tqdm bars on a terminal, plain log lines otherwise."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

from tqdm import tqdm

_LABELS = {"synthesis": "Synthesizing", "encoding": "Encoding"}


@contextmanager
def reporter(quiet: bool = False, stream=None) -> Iterator[Callable[[str, int, int], None]]:
    """Yield a ``progress(stage, done, total)`` callback (see ``narrate.build.Progress``).

    On a terminal each stage gets a tqdm bar with counts and time left; otherwise one line per 10 %
    of a stage is written to ``stream`` (default stderr). ``quiet`` shows nothing.
    """
    stream = stream or sys.stderr
    bars: dict[str, tqdm] = {}
    logged: dict[str, int] = {}
    tty = hasattr(stream, "isatty") and stream.isatty()

    def progress(stage: str, done: int, total: int) -> None:
        if quiet or total <= 0:
            return
        label = _LABELS.get(stage, stage)
        if tty:
            bar = bars.get(stage)
            if bar is None:
                bar = bars[stage] = tqdm(total=total, desc=label, unit="cue" if stage == "synthesis" else "ep",
                                         file=stream, leave=True, dynamic_ncols=True)
            bar.update(done - bar.n)
            return
        tenth = done * 10 // total
        if done in (0, total) and logged.get(stage) == tenth:
            return
        if logged.get(stage) != tenth or done == total:
            logged[stage] = tenth
            print(f"{label}: {done}/{total}", file=stream, flush=True)

    try:
        yield progress
    finally:
        for bar in bars.values():
            bar.close()
