#!/usr/bin/env python3
"""Benchmark spoken math (issue 14): speech-rule-engine cold, SRE from the math cache, and the
pure-Python fallback, on the same expressions, in one run.

Usage (from the repository root)::

    .venv/bin/python scripts/bench_math.py              # 200 expressions
    .venv/bin/python scripts/bench_math.py --count 50

It makes ``--count`` expressions from a fixed list of templates (fractions, powers, sums, integrals,
equation arrays), then times, each with a fresh process state:

  (a) SRE with an empty cache folder: one ``node`` process speaks all of them;
  (b) SRE again with the cache that (a) filled: node is not started;
  (c) the fallback (``NARRATE_SRE=off``).

and prints milliseconds per expression of each and the ratios (a)/(c) and (b)/(c). The machine's
load average is printed too: SRE slows down a lot when other work shares the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = [
    r"\frac{{{n}}}{{x+{n}}}",
    r"x_{n}^2 + y_{n}^2 = r^2",
    r"\sum_{{i=1}}^{{{n}}} i^2",
    r"\int_0^{{{n}}} e^{{-t}}\,dt",
    r"\sqrt{{{n} + x}} \leq {n}",
    r"\begin{{aligned}} a &= {n} \\ b &\geq a \end{{aligned}}",
    r"\lim_{{x \to {n}}} \frac{{\sin x}}{{x}}",
    r"N(t) = N_0 e^{{-{n} t}}",
]
CHILD = """
import json, sys, time
from narrate.text.math import speak_math
items = json.loads(sys.stdin.read())
start = time.perf_counter()
said = speak_math(items)
print(json.dumps({"seconds": time.perf_counter() - start, "said": said}))
"""


def run(items: list[str], env: dict[str, str]) -> float:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], input=json.dumps(items), capture_output=True, text=True, env=env, check=True
    )
    return float(json.loads(done.stdout)["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    items = [TEMPLATES[n % len(TEMPLATES)].format(n=n) for n in range(args.count)]
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NARRATE_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        from narrate.text.math import sre_available

        if not sre_available():
            print("speech-rule-engine is not installed (scripts/setup.sh installs it): only the fallback is timed")
        cold = run(items, env) if sre_available() else float("nan")
        warm = run(items, env) if sre_available() else float("nan")
        fallback = run(items, dict(env, NARRATE_SRE="off"))
    per = 1000 / len(items)
    print(f"load average {os.getloadavg()[0]:.1f}; {len(items)} expressions")
    print(f"(a) SRE, cold cache   {cold * per:8.2f} ms per expression")
    print(f"(b) SRE, from cache   {warm * per:8.2f} ms per expression")
    print(f"(c) fallback          {fallback * per:8.2f} ms per expression")
    print(f"ratio (a)/(c) {cold / fallback:.0f}   ratio (b)/(c) {warm / fallback:.1f}")


if __name__ == "__main__":
    main()
