"""The package layout is the one docs/architecture.md describes: stages import one way, and no module cycle.

Every ``import`` in narrate's source (module level and inside functions) is an edge of the graph.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "narrate"

# Lower layers never import higher ones. A module may import its own layer or any lower one.
LAYERS = [
    {
        "narrate.version",
        "narrate.errors",
        "narrate.model",
        "narrate.yamlio",
        "narrate.pls",
        "narrate.files",
        "narrate.setting_kinds",
        "narrate.settings",
    },
    {"narrate.config", "narrate.options", "narrate.limits", "narrate.progress"},
    {"narrate.text"},
    {"narrate.speech"},
    {"narrate.audio"},
    {"narrate.publish", "narrate.publish.epub"},  # epub: the read-along book, from the published episodes
    {"narrate.uptodate", "narrate.cluster"},
    {"narrate.proof"},
    {"narrate.stages"},
    {"narrate.pipeline"},
    {"narrate", "narrate.api"},
    {"narrate.cli", "narrate.__main__"},
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """narrate modules that ``path`` imports (absolute names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target.startswith("narrate") and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def layer_of(name: str) -> int:
    best = None
    for index, layer in enumerate(LAYERS):
        for prefix in layer:
            if name == prefix or name.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (index, len(prefix))
    assert best is not None, f"{name} belongs to no layer of the architecture"
    return best[0]


def test_import_graph_has_no_cycle():
    edges = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_stages_import_one_way():
    wrong = []
    for name, targets in graph().items():
        for target in targets:
            if layer_of(target) > layer_of(name) and not name.startswith(target + "."):
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def readme_architecture() -> str:
    """The documentation's Architecture page (docs/architecture.md; it was the README's section)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    match = re.search(r"^# Architecture\n(.*)", text, re.M | re.S)
    assert match, "docs/architecture.md has no Architecture title"
    return match.group(1)


def test_readme_architecture_names_real_packages():
    section = readme_architecture()
    named = set(re.findall(r"`(narrate(?:/[\w.]+)+/?)`", section))
    assert named, "the Architecture section names no package"
    for rel in sorted(named):
        path = ROOT / rel.rstrip("/")
        assert path.exists() or path.with_suffix(".py").exists(), (
            f"docs/architecture.md names {rel}, which does not exist"
        )


def test_readme_architecture_covers_every_package():
    section = readme_architecture()
    for pkg in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        assert f"`narrate/{pkg.name}/`" in section, f"docs/architecture.md does not describe narrate/{pkg.name}/"


def test_readme_architecture_covers_every_top_level_module():
    section = readme_architecture()
    for module in sorted(PACKAGE.glob("*.py")):
        if module.name in ("__init__.py", "__main__.py"):
            continue
        assert f"`narrate/{module.name}`" in section, f"docs/architecture.md does not describe narrate/{module.name}"
