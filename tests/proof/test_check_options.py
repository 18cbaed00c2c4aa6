"""``narrate check``: its options mean the same for every target a tester tried (issue: a course
folder with --listen passed silently, --json printed plain text or nothing), and a damaged build
record is said to be damaged, not missing. No audio is heard here: every case stops before the
recogniser is loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.errors import ConfigError

LESSON = "---\ntitle: Sample lesson\n---\n\n# Sample lesson\n\n## Part one\n\n{body}\n"
BODY_LINE = 9


def _course(tmp_path: Path, body: str = "The cat sat on the mat.") -> Path:
    folder = tmp_path / "course"
    (folder / "lessons").mkdir(parents=True)
    (folder / "course.yaml").write_text("title: Cats\nauthor: Tester\n", encoding="utf-8")
    (folder / "lessons" / "01-cats.md").write_text(LESSON.format(body=body), encoding="utf-8")
    return folder


def _run(tmp_path: Path, *args: str):
    return CliRunner().invoke(main, ["check", *args])


# ---------------------------------------------------------------- --listen needs a built folder

LISTEN_TARGETS = [
    ("a course folder", lambda tmp: str(_course(tmp)), "--listen hears a built folder, not a course"),
    (
        "a lesson file",
        lambda tmp: str(_course(tmp) / "lessons" / "01-cats.md"),
        "--listen hears a built folder, not a lesson",
    ),
    ("a feed's URL", lambda tmp: "https://example.org/feed.xml", "--listen hears a built folder, not a URL"),
]


@pytest.mark.parametrize("name, target, message", LISTEN_TARGETS, ids=[c[0] for c in LISTEN_TARGETS])
@pytest.mark.parametrize("json_too", [(), ("--json",)])
def test_listen_on_anything_but_a_built_folder_is_a_usage_error(tmp_path, name, target, message, json_too):
    result = _run(tmp_path, target(tmp_path), "--listen", *json_too)
    assert result.exit_code == 2, result.output
    assert f"Error: {message}" in result.output
    assert result.stdout == ""


# ---------------------------------------------------------------- --json gives JSON for every target

JSON_CASES = [
    # (name, target, extra options, exit code, the JSON document with TARGET for the target's path)
    (
        "a clean course",
        lambda tmp: str(_course(tmp)),
        (),
        0,
        {"content": "TARGET", "problems": [], "lint": []},
    ),
    (
        "a course with a lint finding: a warning",
        lambda tmp: str(_course(tmp, "The rule is q r z k j w here.")),
        (),
        0,
        {
            "content": "TARGET",
            "problems": [],
            "lint": ['Warning: TARGET/lessons/01-cats.md:9: spelled letters: "The rule is q r z k j w here."'],
        },
    ),
    (
        "the same with --strict: an error, and it fails",
        lambda tmp: str(_course(tmp, "The rule is q r z k j w here.")),
        ("--strict",),
        1,
        {
            "content": "TARGET",
            "problems": [],
            "lint": ['Error: TARGET/lessons/01-cats.md:9: spelled letters: "The rule is q r z k j w here."'],
        },
    ),
    (
        "a course that does not build",
        lambda tmp: _broken(_course(tmp)),
        (),
        1,
        {"content": "TARGET", "problems": ["Error: TARGET/course.yaml:1: BROKEN"], "lint": []},
    ),
    (
        "an empty folder heard: both problems",
        lambda tmp: _empty(tmp),
        ("--listen",),
        1,
        {
            "out": "TARGET",
            "problems": [
                "Error: TARGET/feed.xml: feed.xml not found (build the course first)",
                "Error: TARGET: no narrate build here (no .narrate-build.json); build it with narrate build first",
            ],
            "warnings": [],
            "listen": None,
        },
    ),
]


def _broken(folder: Path) -> str:
    (folder / "course.yaml").write_text("title: [Cats\n", encoding="utf-8")
    return str(folder)


def _empty(tmp: Path) -> str:
    (tmp / "empty").mkdir()
    return str(tmp / "empty")


@pytest.mark.parametrize("name, target, options, code, expected", JSON_CASES, ids=[c[0] for c in JSON_CASES])
def test_json_is_one_document_on_stdout_for_every_target(tmp_path, name, target, options, code, expected):
    path = target(tmp_path)
    result = _run(tmp_path, path, "--json", *options)
    assert result.exit_code == code, result.output
    document = json.loads(result.stdout)
    text = json.dumps(expected).replace("TARGET", path)
    if "BROKEN" in text:  # the YAML parser's own words
        (problem,) = document["problems"]
        assert problem.startswith(f"Error: {path}/course.yaml:"), problem
        text = text.replace(f"Error: {path}/course.yaml:1: BROKEN", problem)
    assert document == json.loads(text)


# ---------------------------------------------------------------- a damaged build record is said to be

RECORD_CASES = [
    # (name, .narrate-build.json's bytes (None: none), the error's file, the error)
    (
        "none",
        None,
        "",
        "no narrate build here (no .narrate-build.json); build it with narrate build first",
    ),
    (
        "cut short",
        b'{"format": 1, "episodes": ',
        ".narrate-build.json",
        "the build record is unreadable (not JSON: Expecting value: line 1 column 27 (char 26)); build the folder "
        "again with narrate build (it writes a new one)",
    ),
    (
        "not narrate's",
        b"[]",
        ".narrate-build.json",
        "the build record is corrupt or from another version of narrate (not format 1); build the folder again "
        "with narrate build",
    ),
    (
        "another format",
        b'{"format": 99, "episodes": {}}',
        ".narrate-build.json",
        "the build record is corrupt or from another version of narrate (not format 1); build the folder again "
        "with narrate build",
    ),
    (
        "no episode",
        b'{"format": 1, "episodes": {}}',
        ".narrate-build.json",
        "the build record lists no episode; build the folder again with narrate build",
    ),
]


@pytest.mark.parametrize("name, data, file, message", RECORD_CASES, ids=[c[0] for c in RECORD_CASES])
def test_a_damaged_build_record_is_not_called_missing(tmp_path, name, data, file, message):
    from narrate.proof.listen import listen

    out = tmp_path / "out"
    out.mkdir()
    if data is not None:
        (out / ".narrate-build.json").write_bytes(data)
    with pytest.raises(ConfigError) as caught:
        listen(out, cache_dir=tmp_path / "cache")
    assert (caught.value.file, caught.value.problem) == (out / file if file else out, message)
    assert sorted(p.name for p in out.iterdir()) == ([] if data is None else [".narrate-build.json"])
