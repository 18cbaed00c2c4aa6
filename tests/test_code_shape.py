"""Issue 26: functions a reader can hold in their head. No function or method in the package is
longer than 80 lines (any exception is listed here with its reason), none is ranked E or F by
radon's cyclomatic complexity (more than 30 paths), and the package's average stays at or under
5.1 (it was 5.1 when the issue was filed and 4.7 when it was closed)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "narrate"
MAX_LINES = 80
LONGER: dict[str, str] = {}
"""``"module.py:function"`` → why it may be longer than :data:`MAX_LINES` (none today)."""
MAX_AVERAGE = 5.1


def _functions() -> list[tuple[str, int]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path.relative_to(PACKAGE.parent)}:{node.name}"
                found.append((name, (node.end_lineno or node.lineno) - node.lineno + 1))
    return found


def test_no_function_is_longer_than_80_lines():
    functions = _functions()
    assert len(functions) > 1000  # the walk found the package
    longer = sorted(f"{name} ({lines} lines)" for name, lines in functions if lines > MAX_LINES and name not in LONGER)
    assert not longer, "split these into named steps, or list them in LONGER with a reason: " + ", ".join(longer)


def test_no_function_is_ranked_e_or_f_and_the_average_holds():
    run = subprocess.run(
        [sys.executable, "-m", "radon", "cc", "-a", "-s", str(PACKAGE)], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    worst = [line.strip() for line in run.stdout.splitlines() if re.search(r" - [EF] \(\d+\)$", line)]
    assert not worst, "split these into named steps: " + "; ".join(worst)
    average = re.search(r"Average complexity: [A-F] \(([\d.]+)\)", run.stdout)
    assert average, "radon printed no average"
    assert float(average.group(1)) <= MAX_AVERAGE
