#!/usr/bin/env python3
"""Benchmark proof-listening (issue 17): seconds of audio checked per second of wall time.

Usage (from the repository root)::

    .venv/bin/python scripts/bench_listen.py               # one ~10-minute episode, espeak-ng
    .venv/bin/python scripts/bench_listen.py --words 400   # quicker
    .venv/bin/python scripts/bench_listen.py --engine piper

It builds a generated one-lesson course (scripts/bench.py's original filler text; about 1,500
words make ten minutes at 160 words a minute), joins the bundled Whisper base model into the cache
first (once, not timed), then runs, each in its own subprocess:

  (a) ``narrate check OUT --listen`` with nothing heard before (the whole episode is heard);
  (b) the same again: the audio did not change, so nothing is heard (the cache by audio digest);

and prints the audio length, wall and CPU seconds of each, and the ratio audio seconds / wall
seconds of (a) against the target: a 10-minute episode checked in under a minute (ratio >= 10).
The machine's load average is printed too: the ratio falls when other work shares the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench import make_course  # noqa: E402

TARGET = 10.0  # seconds of audio per wall second: 10 minutes in 1 minute


def run(cmd: list[str], env: dict) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", type=int, default=1500, help="words in the lesson (default 1500: ~10 minutes)")
    parser.add_argument("--engine", default="pyttsx3", help="speech engine (default pyttsx3 on espeak-ng)")
    parser.add_argument("--work", type=Path, help="work folder to use and keep (default: a temporary one)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="narrate-bench-listen-") as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        cache = work / "cache"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "NARRATE_CACHE_DIR": str(cache)}
        narrate = [sys.executable, "-m", "narrate"]
        course = make_course(work / "course", 1, args.words, args.engine)
        out = work / "out"
        print(f"building one lesson of {args.words} words with {args.engine} ...", flush=True)
        subprocess.run([*narrate, "build", str(course), "-o", str(out), "-q"], check=True, env=env)
        subprocess.run(
            [sys.executable, "-c", "from narrate.proof.listen import resolve_model; resolve_model(None)"],
            check=True,
            env=env,
        )
        records = json.loads((out / ".narrate-build.json").read_text(encoding="utf-8"))["episodes"]
        audio_s = sum(r["episode"]["duration_ms"] for r in records.values()) / 1000

        check = [*narrate, "check", str(out), "--listen", "-q"]
        cold_wall, cold_cpu = run(check, env)
        warm_wall, warm_cpu = run(check, env)
        report = subprocess.run([*check, "--json"], check=True, env=env, capture_output=True, text=True).stdout
        wer = [e["wer"] for e in json.loads(report)["listen"]["episodes"]]

    ratio = audio_s / cold_wall
    print(f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"audio: {audio_s:.1f} s ({audio_s / 60:.1f} min), WER {', '.join(f'{w:.1%}' for w in wer)}")
    print("| step | wall s | CPU s |")
    print("| --- | ---: | ---: |")
    print(f"| (a) check --listen, heard in full | {cold_wall:.2f} | {cold_cpu:.2f} |")
    print(f"| (b) check --listen again, audio unchanged (cached) | {warm_wall:.2f} | {warm_cpu:.2f} |")
    mark = "✓" if ratio >= TARGET else "✗"
    print(f"seconds of audio checked per second: {ratio:.1f} (target >= {TARGET:.0f}) {mark}")
    print(f"seconds of audio checked per CPU second: {audio_s / cold_cpu:.1f}")
    print(f"a 10-minute episode would take {600 / ratio:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
