"""The public API: ``import narrate`` exposes it with docstrings, and the documentation's example runs."""

from __future__ import annotations

import pydoc
import re
import subprocess
import sys
from pathlib import Path

import pytest

import narrate

ROOT = Path(__file__).resolve().parent.parent


def test_all_names_exist_and_are_documented():
    assert set(narrate.__all__) >= {
        "build",
        "load",
        "script",
        "BuildOptions",
        "BuildResult",
        "NarrateError",
        "Problems",
    }
    for name in narrate.__all__:
        obj = getattr(narrate, name)
        if name != "__version__":
            assert (obj.__doc__ or "").strip(), f"narrate.{name} has no docstring"


def test_help_shows_the_api_with_shapes_and_units():
    text = pydoc.render_doc(narrate, renderer=pydoc.plaintext)
    for expected in ("build(content", "BuildOptions", "duration_ms", "ITU-R BS.1770", "Problems", "script(content"):
        assert expected in text


def test_build_options_are_frozen_and_hold_every_build_option():
    from click.testing import CliRunner  # noqa: F401 - the CLI's options, read from click itself

    from narrate.cli import build as build_command

    options = narrate.BuildOptions()
    with pytest.raises(AttributeError):
        options.jobs = 3  # type: ignore[misc]
    cli = {p.name for p in build_command.params} - {"content", "out_dir"}
    fields = set(narrate.BuildOptions.__dataclass_fields__)
    assert cli <= fields, f"options of `narrate build` missing from BuildOptions: {cli - fields}"


def test_no_api_name_is_shadowed_by_a_subpackage():
    import importlib

    for package in ("text", "speech", "audio", "publish"):
        importlib.import_module(f"narrate.{package}")
    for name in narrate.__all__:
        assert getattr(narrate, name) is getattr(narrate.api, name, getattr(narrate, name))
        assert not isinstance(getattr(narrate, name), type(narrate)), f"narrate.{name} is a module"


def test_the_cli_calls_only_the_public_api():
    source = (ROOT / "narrate" / "cli.py").read_text(encoding="utf-8")
    imported = set(re.findall(r"^\s*from (narrate[\w.]*) import", source, re.M))
    # narrate.errors: how a failure becomes one printable "Error:" line (OSError, OverflowError, control characters)
    assert imported <= {"narrate.version", "narrate.progress", "narrate.errors"}, imported


@pytest.mark.e2e
def test_docs_python_example_runs(tmp_path):
    """The example at the top of the documentation's Python API page (docs/api.md)."""
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = page.split("# Python API", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    code = code.replace("/tmp/narrate-api-demo", str(tmp_path / "out"))
    assert "review=False)" in code
    code = code.replace("review=False)", 'review=False, engine="pyttsx3")')  # espeak-ng: fast, on every machine
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "How Batteries Work - 3 lessons"
    assert lines[1] == "# Lesson 1: Cells and Voltage"
    assert re.match(r"episodes/01-cells-and-voltage\.\w+\.mp3 \d+ ms: Introduction @ 0 ms, ", lines[2])
    assert lines[-1] == "problems: none"
