#!/usr/bin/env python3
"""What it costs to speak every clip from espeak-ng's initial state (issue 25, fault 5).

Usage (from the repository root)::

    .venv/bin/python scripts/bench_determinism.py [--utterances 80] [--rounds 5]

espeak-ng keeps wave-generator state between utterances, so narrate speaks each clip in a child forked
from a process whose espeak-ng never spoke (``narrate.speech.engines.pyttsx3_engine``). This times,
in one run and alternating several rounds (the machine is shared and noisy: compare the ratio, not the
seconds), the sentences of the sample course's first lesson spoken (a) in this process, one after the
other, as before, and (b) each in a forked child, as now; prints milliseconds per utterance (best
round), the ratio b/a, and whether each gave the same samples in every round. (a) runs in one
forked child per round, so it is also the same every round: what differed was a clip spoken after
other clips than in another build (another job count, order or cache); the tests check that
(tests/test_tts.py, tests/test_deterministic_builds.py).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--utterances", type=int, default=80)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from narrate.pipeline import lesson_script_text
    from narrate.speech.engines.pyttsx3_engine import _sync_espeak

    lessons = sorted((ROOT / "content" / "lessons").iterdir())
    lines = [
        line.split("] ", 1)[-1]
        for lesson in lessons
        for line in lesson_script_text(lesson).splitlines()
        if line.strip() and not line.startswith(("#", " ", "language:"))
    ][: args.utterances]
    driver = _sync_espeak()
    voice, rate = "gmw/en-us", 175
    driver.spoken(lines[0], voice, rate)  # loads the voice (in this process: no speech)

    def in_process() -> list[str]:
        """As before: one process speaks every clip in turn (run in a child, so that this process's
        espeak-ng stays unspoken for the forked runs)."""
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            with os.fdopen(write_end, "w") as sink:
                json.dump([hashlib.sha256(driver._synth(text, rate)[1]).hexdigest() for text in lines], sink)
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as source:
            found = json.load(source)
        os.waitpid(pid, 0)
        return found

    def forked() -> list[str]:
        return [hashlib.sha256(driver.spoken(text, voice, rate).pcm).hexdigest() for text in lines]

    best = {"in this process": float("inf"), "forked child": float("inf")}
    digests: dict[str, set[tuple[str, ...]]] = {name: set() for name in best}
    for _ in range(args.rounds):
        for name, run in (("forked child", forked), ("in this process", in_process)):
            start = time.perf_counter()
            digests[name].add(tuple(run()))
            best[name] = min(best[name], (time.perf_counter() - start) * 1000 / len(lines))
    for name, ms in best.items():
        same = "the same in every round" if len(digests[name]) == 1 else f"{len(digests[name])} different results"
        print(f"{name:16s} {ms:7.2f} ms per utterance ({len(lines)} utterances; samples {same})")
    print(f"ratio forked / in this process: {best['forked child'] / best['in this process']:.2f}")


if __name__ == "__main__":
    main()
