"""The settings schema is the one home of course.yaml's keys: loader, CLI overrides and docs agree.

Also: every problem in course.yaml and the lessons is reported in one run; one wording of ranges;
one rule for the paths course.yaml names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import narrate
from narrate.cli import main
from narrate.config import CourseConfig, load_config
from narrate.errors import MAX_SHOWN
from narrate.settings import BY_KEY, SETTINGS, markdown_table, range_text, with_table

ROOT = Path(__file__).resolve().parent.parent


def test_docs_table_is_generated_from_the_schema():
    doc = (ROOT / "docs" / "course-yaml.md").read_text(encoding="utf-8")  # the course.yaml reference
    assert with_table(doc) == doc, "run: .venv/bin/python scripts/docs_settings.py"
    assert markdown_table() in doc


def test_defaults_of_the_schema_are_the_loaded_defaults(tmp_path):
    (tmp_path / "course.yaml").write_text("title: T\n", encoding="utf-8")
    config = load_config(tmp_path / "course.yaml")
    assert config.pauses.think_ms == round(BY_KEY["pauses.think"].default * 1000) == 5000
    assert config.pauses.sentence_ms == 350
    assert config.voice.rate_wpm == BY_KEY["voice.rate_wpm"].default == 160
    assert config.audio.formats == ("mp3",)
    assert config.base_url == "http://localhost:8000/"
    assert config.category == ("Education", "Courses")


def test_every_key_of_the_schema_is_accepted(tmp_path):
    """A course.yaml that sets every key of the schema to its default (or example) loads."""
    lines: dict[str, list[str]] = {}
    for s in SETTINGS:
        value = s.example if s.default in (None, "", [], {}) else s.default
        if s.kind == "path":
            (tmp_path / value).write_bytes(b"")
            if s.key == "lexicon_file":
                (tmp_path / value).write_text("Li: lithium\n", encoding="utf-8")
            continue  # a cover must be a real image: left out
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, list):
            text = "[" + ", ".join(value) + "]"
        elif isinstance(value, dict):
            text = "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
        else:
            text = str(value)
        lines.setdefault(s.section, []).append(f"{s.name}: {text}")
    body = "\n".join(lines.pop("")) + "\n"
    for section, items in lines.items():
        body += f"{section}:\n" + "".join(f"  {item}\n" for item in items)
    (tmp_path / "course.yaml").write_text(body, encoding="utf-8")
    config = load_config(tmp_path / "course.yaml")
    assert isinstance(config, CourseConfig) and config.title == "How Batteries Work"


@pytest.mark.parametrize(
    ("low", "high", "text"),
    [
        (0.0, 120.0, "between 0 and 120"),
        (0, 120, "between 0 and 120"),
        (-40.0, -5.0, "between -40 and -5"),
        (0.5, 2.5, "between 0.5 and 2.5"),
        (80, 400, "between 80 and 400"),
    ],
)
def test_one_wording_of_ranges(low, high, text):
    assert range_text(low, high) == text


def write_course(root: Path, course_yaml: str, lessons: dict[str, str]) -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(course_yaml, encoding="utf-8")
    for name, text in lessons.items():
        (root / "lessons" / name).write_text(text, encoding="utf-8")
    return root


GOOD = "title: Fine\nsections:\n  - title: A\n    body: [Some text.]\n"


def test_every_problem_of_course_yaml_and_the_lessons_in_one_run(tmp_path):
    course = write_course(
        tmp_path / "c",
        "title: T\ncolour: red\npauses:\n  think: 500\n  sentense: 1\nvoice:\n  rate_wpm: fast\n",
        {
            "01-a.yaml": "title: A\nsubtitel: x\n" + GOOD.split("\n", 1)[1],
            "02-b.yaml": GOOD,
            "03-c.yaml": "title: C\nsections: 5\n",
        },
    )
    result = CliRunner().invoke(main, ["script", str(course / "lessons" / "02-b.yaml")])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert all(line.startswith("Error: ") for line in lines)
    text = "\n".join(lines)
    assert "course.yaml:2: unknown key 'colour'" in text
    assert "course.yaml:4: 'pauses.think' must be between 0 and 120" in text
    assert "course.yaml:5: unknown key 'pauses.sentense' (did you mean 'pauses.sentence'?)" in text
    assert "course.yaml:7: 'voice.rate_wpm' must be a number" in text
    assert "01-a.yaml:2: unknown key 'subtitel'" in text
    assert "03-c.yaml:2:" in text
    assert len(lines) == 6


def test_at_most_twenty_error_lines(tmp_path):
    course = write_course(
        tmp_path / "c", "title: T\n" + "".join(f"bad{n}: 1\n" for n in range(30)), {"01-a.yaml": GOOD}
    )
    with pytest.raises(narrate.Problems) as info:
        narrate.load(course)
    assert len(info.value.errors) == 30
    lines = info.value.lines()
    assert len(lines) == MAX_SHOWN
    assert lines[0].endswith("course.yaml:2: unknown key 'bad0'")
    assert lines[-1] == "Error: 11 more problems not shown; fix these and run again"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        (
            "lexicon_file",
            "../../../../etc/passwd",
            "lexicon_file '../../../../etc/passwd' must be a file inside the course folder",
        ),
        ("lexicon_file", "/etc/passwd", "lexicon_file '/etc/passwd' must be a file inside the course folder"),
        ("cover", "../cover.png", "cover '../cover.png' must be a file inside the course folder"),
        ("lexicon_file", "missing.yaml", "lexicon file not found: missing.yaml"),
        ("cover", "art/none.png", "cover image not found: art/none.png"),
    ],
)
def test_one_rule_for_every_path_course_yaml_names(tmp_path, key, value, message):
    course = write_course(tmp_path / "c", f"title: T\n{key}: {value}\n", {"01-a.yaml": GOOD})
    with pytest.raises(narrate.ConfigError) as info:
        narrate.load(course)
    assert info.value.format_message().endswith(f"course.yaml:2: {message}")


def test_a_lexicon_file_that_links_outside_the_course_is_refused(tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text("a: b\n", encoding="utf-8")
    course = write_course(tmp_path / "c", "title: T\nlexicon_file: words.yaml\n", {"01-a.yaml": GOOD})
    (course / "words.yaml").symlink_to(outside)
    with pytest.raises(narrate.ConfigError, match="is a link to a file outside the course folder"):
        narrate.load(course)


def test_an_unknown_audio_format_names_its_line_before_anything_is_written(tmp_path):
    course = write_course(tmp_path / "c", "title: T\naudio:\n  formats: [ogg]\n", {"01-a.yaml": GOOD})
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(course), "-o", str(out), "-q"])
    assert result.exit_code == 1
    assert result.output.strip().endswith("course.yaml:3: unknown format 'ogg' (choose from mp3, m4b, epub)")
    assert not out.exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(base_url="ftp://x"), "--base-url: must be an http(s) URL, not 'ftp://x'"),
        (dict(formats="ogg"), "--format: unknown format 'ogg' (choose from mp3, m4b, epub)"),
        (dict(formats=""), "--format: no format given (choose from mp3, m4b, epub)"),
        (dict(jobs=0), "--jobs must be a whole number of at least 1, not '0'"),
        (dict(formats="mp3,ogg"), "--format: unknown format 'ogg' (choose from mp3, m4b, epub)"),
    ],
)
def test_command_line_overrides_are_validated_like_settings(options, message):
    with pytest.raises(narrate.ConfigError) as info:
        narrate.BuildOptions(**options)
    assert info.value.format_message() == message


def test_overrides_apply_in_one_place(tmp_path):
    course = write_course(
        tmp_path / "c",
        "title: T\nvoice:\n  narrator: gmw/en-gb\n  host: gmw/en-us\nreview: false\n",
        {"01-a.yaml": GOOD},
    )
    options = narrate.BuildOptions(engine="piper", base_url="https://example.org/a b", review=True, formats="M4B,mp3")
    config = narrate.load(course, options).config
    assert config.voice.engine == "piper" and config.voice.narrator is None and config.voice.host is None
    assert config.base_url == config.link == "https://example.org/a%20b/"
    assert config.review is True
    assert config.audio.formats == ("mp3", "m4b")


def test_every_bad_section_and_question_of_a_lesson_in_one_run(tmp_path):
    lesson = tmp_path / "l.yaml"
    lesson.write_text(
        "title: A\nthink_pause: -3\nsections:\n  - title: S\n    body:\n      - bullets: notalist\n"
        "  - title: T\n    body: [Fine.]\nquiz:\n  - prompt: Which?\n    options: [a, b]\n    answer: c\n"
        "  - prompt: Other?\n    options: [x, y]\n    answer: z\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["script", str(lesson)])
    assert result.exit_code == 1
    lines = [line.split("l.yaml:", 1)[1] for line in result.output.strip().splitlines()]
    assert lines == [
        "2: 'think_pause' must be a number of seconds between 0 and 120",
        "6: 'bullets' must be a list",
        "12: answer 'c' is not one of the options",
        "15: answer 'z' is not one of the options",
    ]


def test_the_contributing_page_shows_real_declarations():
    """docs/contributing.md shows how a key is added with declarations that are in the code as shown."""
    page = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = page.split("## Adding a course.yaml key", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    code = (ROOT / "narrate" / "settings.py").read_text(encoding="utf-8")
    code += (ROOT / "narrate" / "options.py").read_text(encoding="utf-8")
    for block in blocks:
        assert block in code, block


@pytest.mark.parametrize(
    ("yaml_text", "message"),
    [
        (
            "title: T\nrate_wpm: 100\n",
            "course.yaml:2: unknown key 'rate_wpm' (a key of 'voice:': write it as voice.rate_wpm)",
        ),
        ("title: T\nthink: 4\n", "course.yaml:2: unknown key 'think' (a key of 'pauses:': write it as pauses.think)"),
        (
            "title: T\nvoice:\n  author: A\n",
            "course.yaml:3: unknown key 'voice.author' (a top-level key: write it as author)",
        ),
        (
            "title: T\nvoice:\n  ratewpm: 3\n",
            "course.yaml:3: unknown key 'voice.ratewpm' (did you mean 'voice.rate_wpm'?)",
        ),
    ],
)
def test_a_key_in_the_wrong_section_says_where_it_belongs(tmp_path, yaml_text, message):
    course = write_course(tmp_path / "c", yaml_text, {"01-a.yaml": GOOD})
    result = CliRunner().invoke(main, ["script", str(course)])
    assert result.exit_code == 1
    assert message in result.output


def test_language_option_on_a_course_is_a_warning_not_silence(tmp_path):
    """``--language`` chooses the language of a lesson file outside a course; given for a course
    (or a lesson inside one), whose language is course.yaml's, it says so instead of doing nothing."""
    course = write_course(tmp_path / "c", "title: T\n", {"01-a.yaml": GOOD})
    for target in (course, course / "lessons" / "01-a.yaml"):
        result = CliRunner().invoke(main, ["script", str(target), "--language", "de"])
        assert result.exit_code == 0, result.output
        assert "--language de is for a lesson file outside a course; this course is in 'en-us'" in result.output
    same = CliRunner().invoke(main, ["script", str(course), "--language", "EN-US"])
    assert "--language" not in same.output


# A stray comma or an empty item in the formats: one error, at its line (it was dropped unsaid, or
# reported twice: "must be text" and "no format given").
EMPTY_FORMATS = [
    ('audio:\n  formats: [""]\n', 3, "'audio.formats' has an empty format (choose from mp3, m4b, epub)"),
    (
        "audio:\n  formats:\n    - mp3\n    - ''\n",
        5,
        "'audio.formats' has an empty format (choose from mp3, m4b, epub)",
    ),
    (
        'audio:\n  formats: "epub,"\n',
        3,
        "'audio.formats' has an empty format in 'epub,' (formats are separated by commas; choose from mp3, m4b, epub)",
    ),
    (
        'audio:\n  formats: ",epub"\n',
        3,
        "'audio.formats' has an empty format in ',epub' (formats are separated by commas; choose from mp3, m4b, epub)",
    ),
]


@pytest.mark.parametrize(("yaml", "line", "message"), EMPTY_FORMATS)
def test_an_empty_format_in_course_yaml_is_one_error_at_its_line(tmp_path, yaml, line, message):
    course = write_course(tmp_path / "c", "title: T\n" + yaml, {"01-a.yaml": GOOD})
    result = CliRunner().invoke(main, ["script", str(course)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"Error: {course / 'course.yaml'}:{line}: {message}"]


@pytest.mark.parametrize("formats", ["epub,", ",epub", "mp3,,epub", "mp3, ,m4b"])
def test_an_empty_format_on_the_command_line_is_refused(formats):
    with pytest.raises(narrate.ConfigError) as info:
        narrate.BuildOptions(formats=formats)
    assert info.value.format_message() == (
        f"--format: an empty format in '{formats}' (formats are separated by commas; choose from mp3, m4b, epub)"
    )


@pytest.mark.parametrize("formats", ["", ",", " , ", ",,"])
def test_only_commas_on_the_command_line_is_no_format(formats):
    with pytest.raises(narrate.ConfigError) as info:
        narrate.BuildOptions(formats=formats)
    assert info.value.format_message() == "--format: no format given (choose from mp3, m4b, epub)"


@pytest.mark.parametrize(
    ("guid", "message"),
    [
        (
            "00000000-0000-0000-0000-000000000000",
            "'guid' is the nil UUID 00000000-0000-0000-0000-000000000000, which names no podcast (RFC 9562 "
            "section 5.9-5.10): use the generated one or a UUID of your own",
        ),
        (
            "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "'guid' is the max UUID FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF, which names no podcast (RFC 9562 "
            "section 5.9-5.10): use the generated one or a UUID of your own",
        ),
    ],
)
def test_the_nil_and_max_uuid_are_refused_as_a_guid(tmp_path, guid, message):
    course = write_course(tmp_path / "c", f"title: T\nguid: {guid}\n", {"01-a.yaml": GOOD})
    result = CliRunner().invoke(main, ["script", str(course)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"Error: {course / 'course.yaml'}:2: {message}"]


def test_an_ordinary_uuid_is_kept_as_the_guid(tmp_path):
    course = write_course(tmp_path / "c", "title: T\nguid: 917393E3-1B1E-5CEF-ACE4-EDAA54E1F810\n", {"01-a.yaml": GOOD})
    assert narrate.load(course).config.guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810"
