#!/usr/bin/env python3
"""What it costs to speak every clip from espeak-ng's initial state (issue 25, fault 5).

Usage (from the repository root)::

    .venv/bin/python scripts/bench_determinism.py [--utterances 80] [--rounds 5]

espeak-ng keeps wave-generator state between utterances, so narrate speaks each clip in a child forked
from a small process whose espeak-ng never spoke (the zygote, ``narrate/speech/engines/espeak_zygote.py``).
This times, in one run and alternating several rounds (the machine is shared and noisy: compare the
ratio, not the seconds), the sentences of the sample course spoken (a) one after the other in one
process, as before (a fresh process each round, timing the speaking only), and (b) each through the
zygote, as now (request, fork, speech, reply); prints milliseconds per utterance (best round), the
ratio b/a, and whether each gave the same samples in every round. (a) starts fresh each round, so it
is also the same every round: what differed was a clip spoken after other clips than in another
build (another job count, order or cache); the tests check that (tests/speech/test_tts.py,
tests/test_deterministic_builds.py).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ZYGOTE = ROOT / "narrate" / "speech" / "engines" / "espeak_zygote.py"


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
    driver.spoken(lines[0], voice, rate)  # starts the zygote and loads the voice

    def in_process() -> list[str]:
        """As before: one process speaks every clip in turn (espeak-ng's own binding, in a fresh
        Python process; the time counted is the speaking only)."""
        code = (
            "import hashlib, json, runpy, sys, time; z = runpy.run_path(sys.argv[1]); s = z['_Speaker']();"
            "s.load(sys.argv[2]); lines = json.load(sys.stdin); t = time.perf_counter();"
            "d = [hashlib.sha256(s.speak(x, int(sys.argv[3]))[2]).hexdigest() for x in lines];"
            "print(json.dumps([time.perf_counter() - t, d]))"
        )
        done = subprocess.run(
            [sys.executable, "-I", "-c", code, str(ZYGOTE), voice, str(rate)],
            input=json.dumps(lines), capture_output=True, text=True, check=True,
        )  # fmt: skip
        seconds, found = json.loads(done.stdout)
        timed.append(seconds)
        return found

    def forked() -> list[str]:
        return [hashlib.sha256(driver.spoken(text, voice, rate).pcm).hexdigest() for text in lines]

    timed: list[float] = []
    best = {"in this process": float("inf"), "forked child": float("inf")}
    digests: dict[str, set[tuple[str, ...]]] = {name: set() for name in best}
    for _ in range(args.rounds):
        for name, run in (("forked child", forked), ("in this process", in_process)):
            start = time.perf_counter()
            digests[name].add(tuple(run()))
            seconds = timed.pop() if timed else time.perf_counter() - start
            best[name] = min(best[name], seconds * 1000 / len(lines))
    for name, ms in best.items():
        same = "the same in every round" if len(digests[name]) == 1 else f"{len(digests[name])} different results"
        print(f"{name:16s} {ms:7.2f} ms per utterance ({len(lines)} utterances; samples {same})")
    print(f"ratio forked / in this process: {best['forked child'] / best['in this process']:.2f}")


if __name__ == "__main__":
    main()
