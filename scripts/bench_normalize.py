#!/usr/bin/env python3
"""Speed of the text normaliser per sentence, this checkout against an earlier commit (issue 23).

Usage (from the repository root)::

    .venv/bin/python scripts/bench_normalize.py                  # against eab8831 (before issue 23)
    .venv/bin/python scripts/bench_normalize.py --base REV --lessons 8 --rounds 5

It generates the benchmark's course (``scripts/bench.py``: original filler text, 8 lessons of ~900
words), records every text the script stage hands the normaliser while scripting it (and, as a second
set, the written side of the English class tables in ``tests/text/test_classes_en.py``: numbers, dates
and units in every sentence), then times ``narrate.text.normalize._spoken`` over each set, in this
checkout and in a temporary ``git worktree`` of ``--base``, alternating the two several rounds in one
run (the machine is shared and noisy: compare the ratio, not the seconds). Prints microseconds per
sentence (the best round) and the ratio new/base per set; a ratio at or under 1.0 means no slower.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_TIMER = r"""
import json, sys, time
sys.setrecursionlimit(10000)
from narrate.text import normalize
texts = json.load(open(sys.argv[1], encoding="utf-8"))
for text, language in texts[:50]:
    normalize._spoken(text, None, language)  # warm up: compiled patterns, num2words tables
best = None
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    for text, language in texts:
        normalize._spoken(text, None, language)
    took = time.perf_counter() - start
    best = took if best is None else min(best, took)
print(json.dumps({"us_per_sentence": best / len(texts) * 1e6}))
"""


def course_texts(lessons: int) -> list[tuple[str, str]]:
    """(written text, language) of every text the script stage normalises in the benchmark's course."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench

    from narrate.pipeline import load
    from narrate.text import normalize
    from narrate.text.script import build_script

    seen: list[tuple[str, str]] = []
    original = normalize._spoken

    def record(text, lexicon=None, language=normalize.DEFAULT_LANGUAGE):
        seen.append((text, language))
        return original(text, lexicon, language)

    with tempfile.TemporaryDirectory() as tmp:
        course = bench.make_course(Path(tmp), lessons, 900, "pyttsx3")
        loaded = load(course)
        normalize._spoken = record  # type: ignore[assignment]
        try:
            for lesson in loaded.lessons:
                build_script(lesson, loaded.config)
        finally:
            normalize._spoken = original  # type: ignore[assignment]
    return seen


def table_texts() -> list[tuple[str, str]]:
    """(written sentence, "en-us") of the English class tables."""
    sys.path.insert(0, str(ROOT / "tests"))
    import test_classes_en

    return [(written, "en-us") for rows in test_classes_en.CASES.values() for written, _ in rows]


def time_in(checkout: Path, texts_file: Path, rounds: int) -> float:
    """Microseconds per sentence of ``_spoken`` in ``checkout`` (the best of ``rounds`` passes)."""
    env_path = str(checkout)
    out = subprocess.run(
        [sys.executable, "-c", _TIMER, str(texts_file), str(rounds)],
        capture_output=True,
        text=True,
        check=True,
        cwd=checkout,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
    )
    return float(json.loads(out.stdout.strip().splitlines()[-1])["us_per_sentence"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="eab8831", help="the commit to compare with (default: before issue 23)")
    parser.add_argument("--lessons", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; the best pass of each counts")
    args = parser.parse_args(argv)
    sets = {"benchmark course": course_texts(args.lessons), "English class tables": table_texts()}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            for name, texts in sets.items():
                texts_file = Path(tmp) / "texts.json"
                texts_file.write_text(json.dumps(texts), encoding="utf-8")
                new = old = float("inf")
                for _ in range(args.rounds):
                    new = min(new, time_in(ROOT, texts_file, 2))
                    old = min(old, time_in(base, texts_file, 2))
                print(
                    f"{name}: {len(texts)} sentences; this checkout {new:.0f} us/sentence, {args.base} {old:.0f} "
                    f"us/sentence; new/base {new / old:.2f}"
                )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
