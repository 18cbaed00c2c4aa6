"""YAML lesson reader: the fixture lesson, the sample course, and every validation error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.errors import ContentError, NarrateError, Problems
from narrate.model import BulletList, Callout, Caption, Lesson, Paragraph, Question, Section
from narrate.text.readers import SUPPORTED, read_lesson
from narrate.text.readers.common import default_id

FIXTURES = Path(__file__).parent.parent / "fixtures" / "lessons"
CONTENT = Path(__file__).resolve().parents[2] / "content" / "lessons"

KITES = Lesson(
    id="how-kites-fly",
    title="How Kites Fly",
    subtitle="What keeps a kite up?",
    summary="Lift, drag and the line that holds them in balance.",
    date="2026-02-02",
    think_pause_ms=4500,
    number=4,
    sections=(
        Section(
            "Lift and drag",
            (
                Paragraph("Wind hitting the tilted face of a kite is pushed downwards, so the kite is pushed up.", 10),
                BulletList(("Lift pushes the kite up.", "Drag pulls it downwind."), "Two forces", 11),
                Callout("Try it", "Hold a sheet of card at an angle out of a car window, e.g. at 30 km/h.", 13),
                Caption("Forces on a kite in a steady wind", 15),
            ),
            8,
        ),
        Section("The line", (Paragraph("The line holds the kite at the angle where the forces balance.", 17),), 16),
    ),
    quiz=(
        Question(
            "Which force pulls a kite downwind?",
            ("Drag",),
            ("Lift", "Drag", "Yes"),
            "Drag acts along the wind.",
            8000,
            19,
        ),
        Question("Lift pushes the kite _____ and drag pulls it _____.", ("up", "downwind"), line=24),
        Question("A kite needs a wind of about _____ km/h.", ("10",), line=26),
    ),
    next_lessons=("Stunt Kites", "Kite Safety"),
    source=FIXTURES / "kites.yaml",
)


def test_supported_extensions():
    assert SUPPORTED == (".yaml", ".yml", ".md", ".markdown", ".qmd", ".rmd", ".mdx", ".txt", ".gift", ".aiken")


def test_fixture_lesson_exact():
    assert read_lesson(FIXTURES / "kites.yaml", number=4) == KITES


def test_sample_course_lessons_parse():
    lessons = [read_lesson(p, n) for n, p in enumerate(sorted(CONTENT.iterdir()), start=1)]
    assert [(l.id, l.number) for l in lessons] == [
        ("cells-and-voltage", 1),
        ("capacity-and-charging", 2),
        ("looking-after-batteries", 3),
    ]
    blocks = {type(b).__name__ for l in lessons for s in l.sections for b in s.blocks}
    assert blocks == {"Paragraph", "BulletList", "Callout", "Caption"}
    assert all(l.quiz and l.next_lessons and l.summary and l.subtitle for l in lessons)
    kinds = {(q.is_choice, len(q.answers)) for l in lessons for q in l.quiz}
    assert kinds == {(True, 1), (False, 1), (False, 2)}
    assert all(q.explanation for l in lessons for q in l.quiz)
    text = " ".join(b.text for l in lessons for s in l.sections for b in s.blocks if hasattr(b, "text"))
    text += " ".join(i for l in lessons for s in l.sections for b in s.blocks if hasattr(b, "items") for i in b.items)
    for token in ("3.7 V", "2,500 mAh", "e.g.", "Li-ion", "20%", "1.5 V", "80°C"):
        assert token in text, token


def error_for(tmp_path: Path, text: str) -> ContentError:
    """The first problem reported (unknown keys come first, with any problem they cause after them)."""
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(NarrateError) as err:
        read_lesson(path)
    first = err.value.errors[0] if isinstance(err.value, Problems) else err.value
    assert isinstance(first, ContentError)
    return first


BODY = "sections:\n  - title: S\n    body: [Some text.]\n"


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("title: T\ntitel: X\n" + BODY, 2, "unknown key 'titel' in lesson (did you mean 'title'?)"),
        ("subtitle: T\n" + BODY, 1, "lesson needs 'title'"),
        ("title: T\n", 1, "lesson needs a non-empty 'sections' list"),
        ("title: T\nsections: []\n", 2, "lesson needs a non-empty 'sections' list"),
        ("title: T\nsections:\n  - title: Empty\n", 3, "section 'Empty' is empty (add a 'body' list)"),
        ("title: T\nsections:\n  - title: S\n    bdy: [x]\n", 4, "unknown key 'bdy' in section (did you mean 'body'?)"),
        ("title: T\nsections:\n  - title: S\n    body:\n      - bullets: x\n", 5, "'bullets' must be a list"),
        ("title: T\nsections:\n  - title: S\n    body:\n      - callout: Tip\n", 5, "callout needs 'text'"),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - caption: C\n        txt: x\n",
            6,
            "unknown key 'txt' in caption",
        ),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - yes\n",
            5,
            "a paragraph must be text, not true/false (quote it)",
        ),
        (  # a sentence with ": " in it is a mapping to YAML: the message says to quote it
            "title: T\nsections:\n  - title: S\n    body:\n      - Note: the oven must be hot.\n",
            5,
            "a body item is a paragraph string or a mapping with one of 'bullets', 'callout', 'caption', 'code', "
            "'table', 'question'; a sentence with ': ' in it must be quoted: - \"Note: the oven must be hot.\"",
        ),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - Text.\n      - Oven: 220 degrees\n",
            6,
            "a body item is a paragraph string or a mapping with one of 'bullets', 'callout', 'caption', 'code', "
            "'table', 'question'; a sentence with ': ' in it must be quoted: - \"Oven: 220 degrees\"",
        ),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - bullets:\n          - Step 1: mix\n",
            6,
            "a bullet must be text, not a mapping; a sentence with ': ' in it must be quoted: - \"Step 1: mix\"",
        ),
        ("title: [T]\n" + BODY, 1, "'title' must be text, not a list"),
        ("title: T\nthink_pause: slow\n" + BODY, 2, "'think_pause' must be a number of seconds between 0 and 120"),
        ("title: T\ndate: 5 May\n" + BODY, 2, "'date' must be YYYY-MM-DD"),
        ("title: T\nid: Not A Slug\n" + BODY, 2, "'id' must be made of a-z, 0-9 and '-' (e.g. cells-and-voltage)"),
        ("title: T\n" + BODY + "quiz:\n  - prompt: Why?\n    explanation: x\n", 6, "question has no 'answer'"),
        (
            "title: T\n" + BODY + "quiz:\n  - prompt: Why?\n    options: [a, b]\n    answer: c\n",
            8,
            "answer 'c' is not one of the options",
        ),
        (
            "title: T\n" + BODY + "quiz:\n  - prompt: A _____ b.\n    answer: [x, y]\n",
            7,
            "2 answers for 1 blank (give one per '_____', or the completed sentence)",
        ),
        (
            "title: T\n" + BODY + "quiz:\n  - prompt: Why?\n    anwser: x\n",
            7,
            "unknown key 'anwser' in question (did you mean 'answer'?)",
        ),
        ("title: T\n" + BODY + "quiz: {prompt: x}\n", 5, "'quiz' must be a list of questions"),
        ("title: T\n" + BODY + "next: Other lesson\n", 5, "'next' must be a list"),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - Text.\n      - question:\n          prompt: Why?\n"
            "          answer: x\n",
            6,
            "a question in a section's body is a challenge, asked there: give it a 'solution'",
        ),
        (
            "title: T\nsections:\n  - title: S\n    body:\n      - question: {prompt: Why?, solution: x}\n"
            "        caption: y\n",
            5,
            "a 'question' body item holds only the question (prompt, solution ...) under it",
        ),
        ("- just a list\n", 1, "a lesson file must be a mapping of keys"),
        ("title: T\n  bad: indent\n", 2, "invalid YAML: mapping values are not allowed here"),
        ("title: !!python/object:os.system x\n" + BODY, 1, "invalid YAML"),
    ],
)
def test_errors_name_file_and_line(tmp_path, text, line, message):
    err = error_for(tmp_path, text)
    assert err.file.name == "bad.yaml"
    assert (err.line, err.problem[: len(message)]) == (line, message)


def test_default_id_from_stem_and_plain_string_body(tmp_path):
    path = tmp_path / "07 Motors & Gears.yml"
    path.write_text("title: Motors\nsections:\n  - title: S\n    body: One paragraph.\n", encoding="utf-8")
    lesson = read_lesson(path)
    assert lesson.id == "motors-gears"  # the ordering number is not part of the id
    assert lesson.sections == (Section("S", (Paragraph("One paragraph.", 4),), 3),)
    assert lesson.quiz == () and lesson.date is None and lesson.think_pause_ms is None


@pytest.mark.parametrize(
    "name, lesson_id",
    [
        ("02-the-light-reactions.md", "the-light-reactions"),
        ("03-the-light-reactions.md", "the-light-reactions"),  # renumbered: same id
        ("1_intro.yaml", "intro"),
        ("010. Cells and Voltage.txt", "cells-and-voltage"),
        ("cells.yaml", "cells"),
        ("03.md", "03"),
        ("2nd-law.md", "2nd-law"),  # a number that is part of the name
        ("Ünïcode Café.md", "unicode-cafe"),
    ],
)
def test_default_id_drops_the_ordering_number(name, lesson_id):
    assert default_id(Path(name)) == lesson_id


def test_lesson_voice_overrides(tmp_path):
    from narrate.text.readers import lesson_to_yaml, read_lesson

    path = tmp_path / "v.yaml"
    path.write_text(
        "title: T\nvoice:\n  narrator: gmw/en-gb-x-rp\n  host: gmw/en-us\n"
        "sections:\n  - title: S\n    body: [Hello.]\n",
        encoding="utf-8",
    )
    lesson = read_lesson(path)
    assert (lesson.narrator_voice, lesson.host_voice) == ("gmw/en-gb-x-rp", "gmw/en-us")
    assert "voice:\n  narrator: gmw/en-gb-x-rp\n  host: gmw/en-us\n" in lesson_to_yaml(lesson)
    path.write_text("title: T\nvoice:\n  narator: x\nsections:\n  - title: S\n    body: [Hello.]\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"unknown key 'narator' in voice \(did you mean 'narrator'\?\)"):
        read_lesson(path)


def test_an_answer_may_name_its_option_by_letter(tmp_path):
    from narrate.text.readers import read_lesson

    path = tmp_path / "q.yaml"
    path.write_text(
        "title: T\nsections:\n  - title: S\n    body: [Hello.]\n"
        "quiz:\n  - prompt: Which?\n    options: [Tea, Coffee]\n    answer: B\n",
        encoding="utf-8",
    )
    assert read_lesson(path).quiz[0].answers == ("Coffee",)


TAGS = [
    # (a title or body text in YAML, the tags warned about (none: no warning), the title as read)
    ('title: "The <div> and <span> elements"', ["<div>", "<span>"], "The and elements"),
    ('title: "Using <table>\\n for layout"', ["<table>"], "Using for layout"),
    ('title: "A <b>bold</b> claim"', [], "A bold claim"),
    ('title: "The `<div>` element"', [], "The \ue050<div>\ue051 element"),  # a code span (mark_code)
    ('title: "Lines<br>apart"', [], "Lines apart"),
    ('title: "Close it with </p> always"', ["</p>"], "Close it with always"),
    ('title: "x < y and y > z"', [], "x < y and y > z"),
]


@pytest.mark.parametrize(("title", "warned", "read"), TAGS, ids=[t for t, _, _ in TAGS])
def test_html_tags_a_yaml_text_talks_about_are_warned_and_a_title_stays_on_one_line(
    tmp_path, caplog, title, warned, read
):
    path = tmp_path / "l.yaml"
    path.write_text(f"{title}\nsections:\n  - title: S\n    body: [Text.]\n", encoding="utf-8")
    lesson = read_lesson(path)
    assert lesson.title == read
    messages = [r.getMessage() for r in caplog.records]
    if warned:
        assert messages == [
            f"{path}:1: 'title': {', '.join(warned)} read as HTML markup and left out; to have a tag said, write it "
            f"in backticks: `{warned[0]}`"
        ]
    else:
        assert messages == []


FLOW_LISTS = [
    # (the options line, the items warned about (none: no warning))
    ("options: [250 ml, 1,5 l]", ("1", "5 l")),
    ("options: [0,25 kg, 1 kg]", ("0", "25 kg")),
    ("options: [3, 4, 5]", None),  # whole numbers: three options
    ("options: [one, two, three]", None),
    ("options: ['1,5 l', 2 l]", None),
    ("options:\n      - 1\n      - 5 l", None),  # a block list: one item per line, nothing parted
]


@pytest.mark.parametrize(("options", "warned"), FLOW_LISTS, ids=[o for o, _ in FLOW_LISTS])
def test_a_decimal_comma_parted_by_a_yaml_flow_list_is_warned(tmp_path, caplog, options, warned):
    path = tmp_path / "l.yaml"
    answer = "'1,5 l'" if "'" in options else "two" if "one" in options else "1"
    path.write_text(
        f"title: T\nsections:\n  - title: S\n    body: [Text.]\nquiz:\n  - prompt: Which?\n    {options}\n"
        f"    answer: {answer}\n",
        encoding="utf-8",
    )
    read_lesson(path)
    messages = [r.getMessage() for r in caplog.records if "YAML parts them" in r.getMessage()]
    if warned is None:
        assert messages == []
    else:
        a, b = warned
        assert messages[0] == (
            f"{path}:7: 'options': '{a}' and '{b}' are two items of a [...] list (YAML parts them at the comma); "
            f"if '{a},{b}' is one, quote it"
        )


def test_a_challenge_in_a_body_is_asked_there_and_a_quiz_challenge_in_the_quiz(tmp_path):
    lesson = tmp_path / "tides.yaml"
    lesson.write_text(
        "title: Tides\nsections:\n  - title: Spring\n    body:\n      - They follow the moon.\n"
        "      - question:\n          prompt: When do they come?\n          solution: At full moon.\n"
        "      - Neap tides follow.\n  - title: Neap\n    body:\n      - They are small.\n"
        "quiz:\n  - prompt: Why are neap tides small?\n    solution: Sun and moon pull apart.\n",
        encoding="utf-8",
    )
    read = read_lesson(lesson)
    assert [q.prompt for q in read.quiz] == ["When do they come?", "Why are neap tides small?"]
    assert [[getattr(i, "prompt", getattr(i, "text", "")) for i in items] for items in read.heard_sections()] == [
        ["They follow the moon.", "When do they come?", "Neap tides follow."],
        ["They are small."],
    ]
    result = CliRunner().invoke(main, ["script", str(lesson)])
    said = [line.strip() for line in result.stdout.splitlines() if line.strip() and "pause" not in line]
    at = said.index("[host] When do they come?")
    assert said[at + 1 : at + 5] == [
        "[host] Here is a solution.",
        "[host] At full moon.",
        "## Spring (continued)",
        "Neap tides follow.",
    ]
    quiz = said.index("## Quiz")  # a challenge in the quiz list is asked in the quiz, after the sections
    assert said[quiz:] == [
        "## Quiz",
        "[host] Check yourself. One question.",
        "## Question 2: Why are neap tides small?",
        "[host] Question two.",
        "[host] Why are neap tides small?",
        "[host] Here is a solution.",
        "[host] Sun and moon pull apart.",
    ]


@pytest.mark.parametrize(
    ("prompt", "solution", "said"),
    [
        (
            "Which tray holds the water",
            "The bottom one",
            ["[host] Which tray holds the water?", "[host] The bottom one."],
        ),
        (
            "Name the tray that holds water",
            "The bottom one!",
            ["[host] Name the tray that holds water.", "[host] The bottom one!"],
        ),
    ],
)
def test_a_challenge_and_its_solution_are_said_as_whole_sentences(tmp_path, prompt, solution, said):
    lesson = tmp_path / "trays.yaml"
    lesson.write_text(
        f"title: Trays\nsections:\n  - title: Ovens\n    body:\n      - Trays hold food.\n"
        f"      - question: {{prompt: {prompt}, solution: {solution}}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["script", str(lesson)])
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip().startswith("[host]")]
    assert [lines[1], lines[3]] == said, lines
