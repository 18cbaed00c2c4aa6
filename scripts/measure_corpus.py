#!/usr/bin/env python3
"""What a listener would get from a folder of real lesson files (issue 24): accepted, think pauses,
warnings and what the script lint finds (and how much of it is symbols or symbol names reaching
speech), per file and in all.

Usage (from the repository root)::

    .venv/bin/python scripts/measure_corpus.py FOLDER [FOLDER ...]      # every file in each folder
    .venv/bin/python scripts/measure_corpus.py --show 3 FILE ...        # and up to 3 findings a file

Each file is read the way ``narrate script FILE`` reads it (its language detected, warnings
collected), in this process. A file is *accepted* when it gives a script; a *refusal* prints the
``Error:`` line. *Think pauses* are the script's think-pause cues (one per question, challenge or
exercise with an answer). *Lint findings* are what ``narrate check`` reports for the file (symbols,
markup or symbol names in the spoken text, English symbol words in another language, likely tokens,
spelled-out letters: see ``narrate.lint``). Only figures are printed; the files are never copied.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


SYMBOL_KINDS = ("symbol", "markup name", "English symbol word")
"""The lint's kinds for what leaks into speech: a symbol, a symbol's name read out, an English symbol
word in another language (per source line and kind: the corpus meter's "leak lines", by narrate's lint)."""


def measure(path: Path, show: int) -> dict:
    """One file's figures: accepted, think pauses, warnings, lint findings (and their lines)."""
    import narrate
    from narrate.model import Pause

    handler = _Count()
    logging.getLogger("narrate").addHandler(handler)
    try:
        scripts = narrate.script(path)
    except narrate.NarrateError as exc:
        return {"accepted": False, "error": str(exc).splitlines()[0], "warnings": len(handler.lines)}
    finally:
        logging.getLogger("narrate").removeHandler(handler)
    quiet = logging.NullHandler()  # the lint reads the file again: its warnings are counted once, above
    logging.getLogger("narrate").addHandler(quiet)
    try:
        findings = narrate.lint(path)
    finally:
        logging.getLogger("narrate").removeHandler(quiet)
    pauses = sum(1 for s in scripts for c in s.cues if isinstance(c, Pause) and c.kind == "think")
    symbols = sum(1 for f in findings if any(f": {kind}: " in f for kind in SYMBOL_KINDS))
    return {"accepted": True, "pauses": pauses, "warnings": len(handler.lines), "findings": findings[: max(show, 0)],
            "lint": len(findings), "symbols": symbols}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="lesson files or folders of them")
    parser.add_argument("--show", type=int, default=0, help="print up to N lint findings per file")
    args = parser.parse_args(argv)
    files = sorted(f for p in args.paths for f in ([p] if p.is_file() else p.iterdir()) if f.is_file())
    files = [f for f in files if not f.name.upper().startswith(("README", "SOURCES", "RUN."))]
    total = {"files": 0, "accepted": 0, "pauses": 0, "warnings": 0, "lint": 0, "with_findings": 0, "symbols": 0}
    for f in files:
        row = measure(f, args.show)
        total["files"] += 1
        total["warnings"] += row["warnings"]
        if not row["accepted"]:
            print(f"{f.name}: REFUSED  {row['error'][:160]}")
            continue
        total["accepted"] += 1
        total["pauses"] += row["pauses"]
        total["lint"] += row["lint"]
        total["symbols"] += row["symbols"]
        total["with_findings"] += bool(row["lint"])
        print(
            f"{f.name}: ok  {row['pauses']} think pauses, {row['warnings']} warnings, {row['lint']} lint findings "
            f"({row['symbols']} of symbols or their names)"
        )
        for finding in row["findings"]:
            print(f"    {finding[:200]}")
    print(
        f"corpus: {total['accepted']}/{total['files']} files accepted; {total['pauses']} think pauses; "
        f"{total['warnings']} warnings; {total['lint']} lint findings in {total['with_findings']} files, "
        f"{total['symbols']} of them symbols or symbol names in speech"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
