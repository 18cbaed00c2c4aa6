#!/usr/bin/env python3
"""Benchmark: does one very long sentence build in time linear in its length, within 250 MB? (issue 13, item 8)

Usage (from the repository root)::

    .venv/bin/python scripts/bench_long_sentence.py              # 750, 1,500 and 3,000 words
    .venv/bin/python scripts/bench_long_sentence.py --words 400  # quicker: 400, 800, 1,600
    .venv/bin/python scripts/bench_long_sentence.py --script-only

A one-lesson file is generated whose only paragraph is ONE run-on sentence of comma-separated
phrases (original filler text, with abbreviations, initials, decimals and years in it, so that the
normaliser's look-behind rules run at every phrase), at 1x, 2x and 4x the given number of words.
Each length is measured in its own subprocess (see ``scripts/bench.py``: wall time, CPU time, peak
RSS of the largest process):

  * ``narrate script`` (reading, normalising, splitting into utterances);
  * ``narrate build`` cold (fresh cache and output folders; synthesis, assembly, encoding, transcripts, feed).

It prints, per step, the time per word at each length and the ratios 2x/1x and 4x/1x of that time
per word (1.0 = linear; a quadratic step doubles it with each doubling), and the peak memory against
the 250 MB target. Ratios come from this one run, on a machine that may be shared.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import measure  # noqa: E402  (scripts/bench.py: one subprocess per step, peak RSS)

PEAK_MB_TARGET = 250
_PHRASES = (
    "past the old mill by the river",
    "under 3.5 km of grey sky",
    "beside Dr. Okafor and her two dogs",
    "through the J. K. Ellis garden",
    "across the bridge built in 1887",
    "around a quiet pond, e.g. the one by the school",
    "along rows of beans and tall sunflowers",
    "into the U.K. post office at 9 a.m.",
)


def run_on_sentence(words: int) -> str:
    """One sentence of about ``words`` words: phrases joined by commas, ending with a full stop."""
    parts, count, i = [], 2, 0
    while count < words:
        phrase = _PHRASES[i % len(_PHRASES)]
        parts.append(phrase)
        count += len(phrase.split())
        i += 1
    return "We walked " + ", ".join(parts) + "."


def lesson_file(folder: Path, words: int) -> Path:
    """A YAML lesson with one section whose body is one run-on sentence."""
    path = folder / f"run-on-{words}.yaml"
    path.write_text(
        "title: A Long Walk\nsections:\n  - title: The walk\n    body:\n      - " + f'"{run_on_sentence(words)}"\n',
        encoding="utf-8",
    )
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=750, help="words at 1x (default 750: 4x is 3,000)")
    parser.add_argument("--script-only", action="store_true", help="measure `narrate script` only")
    args = parser.parse_args(argv)
    if not args.script_only and (shutil.which("ffmpeg") is None or shutil.which("espeak-ng") is None):
        raise SystemExit("bench: needs ffmpeg and espeak-ng on PATH")
    narrate = [sys.executable, "-m", "narrate"]
    sizes = [args.words, 2 * args.words, 4 * args.words]
    steps = {"script": [], "build": []} if not args.script_only else {"script": []}
    with tempfile.TemporaryDirectory(prefix="narrate-bench-long-") as tmp:
        work = Path(tmp)
        for words in sizes:
            lesson = lesson_file(work, words)
            steps["script"].append(measure([*narrate, "script", str(lesson)]))
            if "build" in steps:
                cache, out = work / f"cache-{words}", work / f"out-{words}"
                cmd = [*narrate, "build", str(lesson), "-o", str(out), "--cache-dir", str(cache), "-q"]
                steps["build"].append(measure(cmd))
    print(f"one run-on sentence of {', '.join(f'{w:,}' for w in sizes)} words (1x, 2x, 4x)\n")
    print(f"{'step':<8} {'words':>6} {'wall s':>8} {'CPU s':>8} {'ms/word':>8} {'peak MB':>8}")
    for name, results in steps.items():
        for words, r in zip(sizes, results):
            print(
                f"{name:<8} {words:>6} {r['wall']:>8.2f} {r['cpu']:>8.2f} {r['wall'] * 1000 / words:>8.3f} {r['peak_mb']:>8.0f}"
            )
    print()
    for name, results in steps.items():
        ratios = []
        for kind in ("wall", "cpu"):
            per_word = [r[kind] / w for r, w in zip(results, sizes)]
            ratios.append(f"{kind} 2x/1x = {per_word[1] / per_word[0]:.2f}, 4x/1x = {per_word[2] / per_word[0]:.2f}")
        peak = max(r["peak_mb"] for r in results)
        mark = "✓" if peak < PEAK_MB_TARGET else "✗"
        print(f"{name}: time per word {'; '.join(ratios)}; peak {peak:.0f} MB (target < {PEAK_MB_TARGET}) {mark}")
    print(
        "(linear: ratios about 1, or below 1 while start-up dominates; a quadratic step doubles them with each "
        "doubling. CPU time is steadier than wall time on a shared machine.)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
