"""Course folder rules: what lessons/ may hold, the course's order over a page's own numbering,
``narrate script COURSE``, and an output folder kept out of the course folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.errors import BuildError, ContentError
from narrate.pipeline import build, ignored_in_lessons, load

LESSON = "title: {title}\nsections:\n  - title: Part\n    body: [{title} in one sentence.]\n"
PAGE = """\
Tides Made Simple
Why does the sea rise and fall?
Lesson 3 of the Coast course Tides Made Simple
The moon pulls the oceans toward it.
The pull of the moon
The side of the Earth nearest the moon feels the strongest pull.
"""


def course(root: Path, files: dict[str, str], course_yaml: str = "title: Tides\n") -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(course_yaml)
    for name, text in files.items():
        (root / "lessons" / name).write_text(text)
    return root


@pytest.mark.parametrize(
    "name, ignored",
    [
        ("README.md", True),
        ("readme.txt", True),
        ("README", True),
        (".DS_Store", True),
        (".01-moon.yaml.swp", True),
        ("01-moon.yaml.bak", True),
        ("01-moon.yaml~", True),
        ("01-moon.yaml", False),
        ("notes.docx", False),
        ("readme-first.md", True),  # README* (case-insensitive)
    ],
)
def test_ignore_list(name, ignored):
    assert ignored_in_lessons(name) is ignored


def test_a_file_of_no_lesson_format_is_an_error(tmp_path):
    root = course(tmp_path / "c", {"01-moon.yaml": LESSON.format(title="Moon"), "02-waves.docx": "PK"})
    with pytest.raises(ContentError) as caught:
        load(root)
    assert caught.value.file == root / "lessons" / "02-waves.docx"
    assert caught.value.problem.startswith("not a lesson format (.yaml, ")
    assert caught.value.problem.endswith(
        "): move it out of lessons/ (a subfolder is fine), or list the lessons in course.yaml's 'lessons:'"
    )


def test_the_ignore_list_and_subfolders_are_left_alone(tmp_path):
    root = course(
        tmp_path / "c",
        {
            "01-moon.yaml": LESSON.format(title="Moon"),
            "README.md": "# notes for authors",
            ".DS_Store": "x",
            "01-moon.yaml.bak": "old",
            "01-moon.yaml~": "older",
        },
    )
    (root / "lessons" / "figures").mkdir()
    (root / "lessons" / "figures" / "tide.png").write_bytes(b"\x89PNG")
    assert [lesson.id for lesson in load(root).lessons] == ["moon"]


def test_the_lessons_list_order_wins_over_a_pages_own_number(tmp_path):
    root = course(
        tmp_path / "c",
        {"moon.txt": PAGE, "waves.yaml": LESSON.format(title="Waves")},
        "title: Tides\nlessons: [moon.txt, waves.yaml]\n",
    )
    lessons = load(root).lessons
    assert [(lesson.id, lesson.number) for lesson in lessons] == [("moon", 1), ("waves", 2)]


def test_script_of_a_course_prints_every_lesson(tmp_path):
    root = course(
        tmp_path / "c", {"01-moon.yaml": LESSON.format(title="Moon"), "02-waves.yaml": LESSON.format(title="Waves")}
    )
    result = CliRunner().invoke(main, ["script", str(root)])
    assert result.exit_code == 0, result.output
    headings = [line for line in result.output.splitlines() if line.startswith("# ")]
    assert headings == ["# Lesson 1: Moon", "# Lesson 2: Waves"]


@pytest.mark.parametrize("inside", [".", "audio_out", "lessons/out"])
def test_an_output_folder_inside_the_course_is_refused(tmp_path, inside):
    root = course(tmp_path / "c", {"01-moon.yaml": LESSON.format(title="Moon")})
    out = root / inside
    with pytest.raises(BuildError) as caught:
        build(root, out)
    assert caught.value.problem == (
        f"the output folder is inside the course folder {root}; choose one outside it (e.g. -o audio_out)"
    )
    with pytest.raises(BuildError):  # a lesson of the course, built alone, too
        build(root / "lessons" / "01-moon.yaml", out)
    assert sorted(p.name for p in root.rglob("*") if p.is_file()) == ["01-moon.yaml", "course.yaml"]


def test_cli_refuses_output_inside_the_course_in_one_line(tmp_path):
    root = course(tmp_path / "c", {"01-moon.yaml": LESSON.format(title="Moon")})
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(root / "audio_out"), "-q"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert result.output.startswith("Error: ") and "inside the course folder" in result.output


def test_files_that_differ_only_by_their_number_keep_it_in_their_ids(tmp_path):
    root = course(
        tmp_path / "c",
        {
            "01 Tides.yaml": LESSON.format(title="Tides"),
            "02 Tides.yaml": LESSON.format(title="Tides again"),
            "03-waves.yaml": LESSON.format(title="Waves"),
        },
    )
    assert [lesson.id for lesson in load(root).lessons] == ["01-tides", "02-tides", "waves"]


OTHER_PROBLEMS = [
    # (another file of the course, the start of its problem): one lesson's script is printed anyway
    ("notes.docx", "lessons/notes.docx: not a lesson format"),
    ("03-draft.yaml", "lessons/03-draft.yaml:2: invalid YAML"),
]


@pytest.mark.parametrize(("name", "problem"), OTHER_PROBLEMS, ids=[o[0] for o in OTHER_PROBLEMS])
def test_a_lessons_script_is_printed_when_only_other_files_have_problems(tmp_path, monkeypatch, name, problem):
    root = course(
        tmp_path / "c",
        {"01-ebb.yaml": LESSON.format(title="Ebb"), "02-flood.yaml": LESSON.format(title="Flood"), name: "title: [x\n"},
    )
    monkeypatch.chdir(root)
    result = CliRunner().invoke(main, ["script", "lessons/02-flood.yaml"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Lesson 2: Flood\n")  # its number in the course
    assert result.stderr.count("Warning: lessons/02-flood.yaml: 1 problem(s) in other files of the course") == 1
    assert f"(the first: {problem}" in result.stderr
    broken = CliRunner().invoke(main, ["check", "."])  # the course itself is still refused
    assert broken.exit_code == 1 and problem in broken.output
