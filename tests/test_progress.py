"""Progress display: log lines when not on a terminal, tqdm bars on one, nothing when quiet."""

from __future__ import annotations

import io
import re

from narrate.progress import reporter


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(stream, quiet=False):
    with reporter(quiet, stream) as progress:
        for done in range(0, 21):
            progress("synthesis", done, 20)
        for done in range(0, 4):
            progress("encoding", done, 3)
        progress("encoding", 0, 0)  # nothing to encode: nothing shown


def test_plain_lines_every_tenth_and_at_the_end():
    out = io.StringIO()
    run(out)
    assert out.getvalue().splitlines() == [
        *(f"Synthesizing: {n}/20 ({n * 5}%)" for n in range(2, 21, 2)),
        "Encoding: 1/3 (33%)",
        "Encoding: 2/3 (66%)",
        "Encoding: 3/3 (100%)",
    ]


def test_quiet_shows_nothing():
    out = io.StringIO()
    run(out, quiet=True)
    assert out.getvalue() == ""


def test_terminal_gets_bars_with_counts():
    out = FakeTerminal()
    run(out)
    text = out.getvalue()
    # label, percentage, bar, counts, [elapsed<time left, rate]
    assert re.search(r"Synthesizing: 100%\|#+\| 20/20 \[\d\d:\d\d<\d\d:\d\d, [\d.]+ utterance/s\]", text)
    assert re.search(r"Encoding: 100%\|#+\| 3/3 \[\d\d:\d\d<\d\d:\d\d, [\d.]+ episode/s\]", text)
