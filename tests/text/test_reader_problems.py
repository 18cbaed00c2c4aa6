"""Bad input in every lesson reader: each problem of a file in one run, with file and line; nothing dropped.

Kinds (one table each): every problem of a Markdown, pasted page, GIFT or Aiken file reported in one
run; deep Markdown lists read in full; unclosed ``:::`` blocks; MyST ``{solution}`` labels; GIFT
escapes; options given twice in any quiz format.
"""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import Image

from narrate.cli import main
from narrate.errors import STRICT_NOTE, ContentError, Problems, strictness
from narrate.model import TRUE_FALSE, BulletList, Callout, Paragraph, unmark_code
from narrate.text.readers import read_lesson


def _write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(path) -> list[tuple[int | None, str]]:
    """The problems of ``path``, read strictly (``--strict``: its warnings are errors too)."""
    with strictness(True), pytest.raises(ContentError) as err:
        read_lesson(path)
    errors = err.value.errors if isinstance(err.value, Problems) else [err.value]
    assert all(e.file == path for e in errors)
    return [(e.line, e.problem.removesuffix(STRICT_NOTE)) for e in errors]  # a warning's text, then why refused


# ---------------------------------------------------------------- every problem in one run

ALL_PROBLEMS = [
    (
        "lesson.md",
        "# T\n\n## Empty\n\n## Quiz\n\n### What?\n- [ ] a\n- [ ] b\n\n### Why?\n- [x] a\n- [x] b\n",
        [
            (3, "section 'Empty' is empty: only its title is read"),
            (7, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"),
            (11, "a question has more than one '[x]' option"),
        ],
    ),
    (
        "front.md",
        "---\ntitel: T\nthink_pause: lots\n---\n# T\n\n## S\n\n> **Tip:**\n\n## R\n\nText.\n\n## Quiz\n\n"
        "### Colour?\n- [ ] red\n- [ ] blue\n\nAnswer: green\n",
        [
            (2, "unknown key 'titel' in front matter (did you mean 'title'?)"),
            (3, "'think_pause' must be a number of seconds between 0 and 120"),
            (9, "callout 'Tip' has no text: its title read as a paragraph"),
            (21, "answer 'green' is not one of the options"),
        ],
    ),
    (
        "page.txt",
        "Rivers\nA short lesson\n\nWater\nRivers run to the sea.\n\nCheck yourself\n"
        "Which is longest?\n- Nile\n- Thames\n\nWhich is wettest?\n- Sea\n- Sand\nAnswer: Rock\n\n"
        "Is water wet?\nAnswer: yes\nAnswer: no\n",
        [
            (8, "question has no 'Answer:' line"),
            (19, "question has two 'Answer:' lines"),
            (15, "answer 'Rock' is not one of the options"),
        ],
    ),
    (
        "bank.gift",
        "::A:: Sky? {=blue ~red ~blue}\n\n::B:: Grass? {~%-50%red ~%0%blue}\n\n::C:: Sun? {}}\n\n::D:: Fine? {T}\n",
        [
            (1, "option 'blue' is given twice in this question, once right and once wrong"),
            (3, "no right answer: mark one with '=' (or a positive ~%weight%)"),
            (5, "'}' without a '{' before it: question left out, as Moodle refuses it"),  # a warning, but --strict
        ],
    ),
    (
        "bank.aiken",
        "Which is a gas?\nA. Air\nB. Rock\nANSWER: C\n\nWhich is wet?\nA. Sea\nB. Sea\nANSWER: A\n\n"
        "Which is hot?\nA. Sun\nB. Ice\nWhat now\n\nWhich is cold?\nA. Ice\nB. Sun\nANSWER: A\n",
        [
            (4, "answer 'C' is not one of the options A, B"),
            (6, "option 'Sea' is given twice in this question, once right and once wrong"),
            (11, "question 'Which is hot?' has no 'ANSWER: X' line: left out, as Moodle leaves it out"),  # --strict
            (14, "question 'What now' has no 'ANSWER: X' line: left out, as Moodle leaves it out"),
        ],
    ),
    (
        "two.md",
        "# T\n\n## A\n\n```{solution} nothing\nNo.\n```\n\n## B\n\n::: challenge\nWhat?\n",
        [
            (5, "'{solution} nothing': no exercise above has the label 'nothing': read as a callout where it stands"),
            (11, "'::: challenge' is never closed: closed at the end of the file"),
        ],
    ),
    (  # prompts as paragraphs: a question after an unanswered one's options is a question of its own
        "unanswered.md",
        "# T\n\n## S\n\nText.\n\n## Quiz\n\nWhich is red?\n\n- [ ] sky\n- [ ] grass\n\n"
        "Which is green?\n\n- [ ] sky\n- [ ] grass\n",
        [
            (9, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"),
            (14, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"),
        ],
    ),
    (  # ... and a blank after an unanswered blank, not one prompt of both
        "unanswered-blanks.md",
        "# T\n\n## S\n\nText.\n\n## Quiz\n\nThe sky is _____.\n\nGrass is _____.\n\nWhy?\n\n- [ ] a\n- [x] a\n",
        [
            (9, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"),
            (11, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"),
            (13, "option 'a' is given twice in this question"),
        ],
    ),
]


@pytest.mark.parametrize(("name", "text", "expected"), ALL_PROBLEMS, ids=[c[0] for c in ALL_PROBLEMS])
def test_every_problem_of_a_file_is_reported_in_one_run(tmp_path, name, text, expected):
    found = _problems(_write(tmp_path, name, text))
    assert sorted(found, key=lambda p: p[0] or 0) == sorted(expected, key=lambda p: p[0] or 0)


def test_cli_prints_every_problem_as_one_line_each(tmp_path):
    path = _write(tmp_path, "lesson.md", ALL_PROBLEMS[0][1])
    result = CliRunner().invoke(main, ["script", "--strict", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert [e.split(": ", 2)[1].rsplit(":", 1)[-1] for e in errors] == ["3", "7", "11"]
    assert all(e.startswith(f"Error: {path}:") or e.startswith("Error: lesson.md:") for e in errors)


# ---------------------------------------------------------------- deep lists: every item's words


def _nested(depth: int) -> str:
    return "# T\n\n## S\n\n" + "".join("  " * d + f"- word{d + 1}\n" for d in range(depth))


@pytest.mark.parametrize("depth", [1, 2, 5, 10, 11, 20, 40])
def test_every_word_of_a_deep_list_is_kept(tmp_path, depth):
    lesson = read_lesson(_write(tmp_path, "deep.md", _nested(depth)))
    (block,) = lesson.sections[0].blocks
    assert isinstance(block, BulletList)
    assert " ".join(block.items).split() == [f"word{d + 1}" for d in range(depth)]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (_nested(41), 45),
        (_nested(60), 45),
        ("# T\n\n## S\n\n" + "".join("   " * d + f"1. item{d}\n" for d in range(45)), 45),
        ("# T\n\n## S\n\n" + "> " * 200 + "deep\n", 5),
        ("# T\n\n## S\n\nText.\n\n" + "".join("  " * d + f"* w{d}\n" for d in range(50)), 47),
    ],
)
def test_lists_too_deep_to_read_are_refused_not_dropped(tmp_path, text, line):
    assert _problems(_write(tmp_path, "deep.md", text)) == [(line, "lists or quotes nested more than 40 levels deep")]


# ---------------------------------------------------------------- unclosed ::: blocks


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## S\n\n::: challenge\n\nDo it?\n\n## Next\n\nSpoken.\n", [(5, "'::: challenge' is never closed")]),
        (
            "## S\n\n:::::: challenge\nQ?\n::: solution\nA.\n::::::\n\n## Next\n\nSpoken.\n",
            [(5, "':::::: challenge' is never closed")],
        ),
        ("## S\n\n::: callout\nNote this.\n", [(5, "'::: callout' is never closed")]),
        ("## S\n\n```{exercise}\n:label: e1\nQ?\n\n## Next\n\nText.\n", [(5, "'::: {exercise}' is never closed")]),
        ("## S\n\n> ::: challenge\n> Q?\n\nText.\n", [(5, "'::: challenge' is never closed")]),
        ("## S\n\n:::: challenge\nQ?\n\n::: solution\nA.\n:::\n\n## Next\n\nText.\n", [(5, "':::: challenge'")]),
    ],
)
def test_an_unclosed_block_is_an_error_at_its_opening_line(tmp_path, caplog, text, expected):
    """Closed at the end of the file with a warning (as Pandoc and MyST render it); an error under --strict."""
    path = _write(tmp_path, "l.md", "# T\n\n" + text)
    read_lesson(path)
    assert [(r.getMessage().split(":")[1], m) for r, (_, m) in zip(caplog.records, expected) if m in r.getMessage()]
    found = _problems(path)
    assert [(line, p[: len(m)]) for (line, p), (_, m) in zip(found, expected)] == expected
    assert len(found) == len(expected)


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("Before.\n\n:::\n\nAfter.\n\n## Later\n\nKept.\n", [7]),
        ("::: challenge\nQ?\n::: solution\nA.\n:::\n:::\n:::\n\n## Later\n\nKept.\n", [11]),
        ("::: callout\nNote.\n:::\n::::\n", [8]),
        ("> Quoted.\n> :::\n\nText.\n", [6]),
        (":::\n\n## Later\n\n:::\n", [5, 9]),
        ("::: challenge\nQ?\n:::\n\n`:::` in code.\n:::\n", [10]),
    ],
)
def test_a_colon_line_closing_no_block_is_an_error_at_its_line(tmp_path, text, lines):
    found = _problems(_write(tmp_path, "l.md", "# T\n\n## S\n\n" + text))
    assert found == [(n, "':::' closes no open block") for n in lines]


@pytest.mark.parametrize(
    "text",
    [
        "::: challenge\nQ?\n::: solution\nA.\n:::\n:::\n",  # Pandoc: ":::" closes the innermost
        ":::::: challenge\nQ?\n\n::: solution\nA.\n:::\n::::::\n",
        "```python\n::: not a div\nx = 1\n```\n\nText.\n",  # colons in code are code
        ":::{note}\nA note.\n:::\n",
        "```{exercise}\n:label: e1\nQ?\n```\n\n```{solution} e1\nA.\n```\n",
    ],
)
def test_closed_blocks_and_colons_in_code_are_fine(tmp_path, text):
    read_lesson(_write(tmp_path, "l.md", "# T\n\n## S\n\nText.\n\n" + text))


# ---------------------------------------------------------------- MyST {solution} labels


@pytest.mark.parametrize(
    ("solution", "message"),
    [
        (
            "```{solution} ex-onee\nFour.\n```",
            "'{solution} ex-onee': no exercise above has the label 'ex-onee' (did you mean 'ex-one'?)",
        ),
        ("```{solution} zzz\nFour.\n```", "'{solution} zzz': no exercise above has the label 'zzz'"),
        (
            ":::{solution} Ex-One\nFour.\n:::",
            "'{solution} Ex-One': no exercise above has the label 'Ex-One' (did you mean 'ex-one'?)",
        ),
        ("```{solution}\nFour.\n```", "a '{solution}' needs the label of its exercise (e.g. '{solution} ex-one')"),
        (
            "```{solution-start} ex-on\n```\nFour.\n```{solution-end}\n```",
            "'{solution} ex-on': no exercise above has the label 'ex-on' (did you mean 'ex-one'?)",
        ),
    ],
)
def test_a_solution_naming_no_exercise_is_an_error_not_narration(tmp_path, solution, message):
    """Under --strict an error; by default (but for a missing label) read as a callout where it stands."""
    text = f"# T\n\n## S\n\n```{{exercise}}\n:label: ex-one\n\nTwo plus two?\n```\n\nThink.\n\n{solution}\n"
    assert [(n, p[: len(message)]) for n, p in _problems(_write(tmp_path, "l.md", text))] == [(13, message)]


@pytest.mark.parametrize(
    "solution",
    ["```{solution} ex-onee\nFour.\n```", ":::{solution} zzz\n:class: dropdown\n\nFour.\n:::",
     "% the answer\n\n```{solution} Ex-One\nFour.\n```"],
)  # fmt: skip
def test_a_mislabelled_solution_right_after_an_unsolved_exercise_answers_it(tmp_path, solution):
    """As the page shows it (the solution under its exercise): the think pause, then the answer; a warning."""
    text = f"# T\n\n## S\n\n```{{exercise}}\n:label: ex-one\n\nTwo plus two?\n```\n\n{solution}\n"
    lesson = read_lesson(_write(tmp_path, "l.md", text))
    assert [(q.prompt, q.answers) for q in lesson.quiz] == [("Two plus two?", ("Four.",))]
    [(line, problem)] = _problems(_write(tmp_path, "l.md", text))
    assert "read as the solution of 'ex-one', where the page shows it" in problem


def test_a_solution_with_its_exercise_label_answers_it(tmp_path):
    text = "# T\n\n## S\n\n```{exercise}\n:label: ex-one\n\nTwo plus two?\n```\n\n```{solution} ex-one\nFour.\n```\n"
    lesson = read_lesson(_write(tmp_path, "l.md", text))
    assert [(q.prompt, q.answers) for q in lesson.quiz] == [("Two plus two?", ("Four.",))]
    spoken = [b.text for s in lesson.sections for b in s.blocks if isinstance(b, (Paragraph, Callout))]
    assert not any("ex-one" in t for t in spoken)


# ---------------------------------------------------------------- GIFT escapes


@pytest.mark.parametrize(
    ("gift", "prompt", "options", "answer"),
    [
        (r"Is 1\=1? {T}", "Is 1=1?", TRUE_FALSE, TRUE_FALSE[0]),
        (r"Pick the \~ sign. {=tilde \~ ~hash \#}", "Pick the ~ sign.", ("tilde ~", "hash #"), "tilde ~"),
        (r"Sets use \{ and \}. {=braces \{\} ~bars}", "Sets use { and }.", ("braces {}", "bars"), "braces {}"),
        (r"::T\:1:: Time is 10\:30? {=yes\#1 ~no}", "Time is 10:30?", ("yes#1", "no"), "yes#1"),
        (r"Say a\=b. {=a\=b ~a\~b}", "Say a=b.", ("a=b", "a~b"), "a=b"),
        (r"Tag \#1 is? {=first#Right: \#1 ~last}", "Tag #1 is?", ("first", "last"), "first"),
    ],
)
def test_gift_escapes_are_the_literal_character(tmp_path, gift, prompt, options, answer):
    (question,) = read_lesson(_write(tmp_path, "b.gift", gift + "\n")).quiz
    assert (question.prompt, question.options, question.answers) == (prompt, options, (answer,))


# ---------------------------------------------------------------- an option given twice, any format


@pytest.mark.parametrize(
    ("name", "text", "line", "option"),
    [
        ("b.gift", "::Q:: Colour? {=red ~blue ~Red}\n", 1, "Red"),
        ("b.gift", "Colour? {=Red ~red!}\n", 1, "red!"),
        ("b.aiken", "Colour?\nA. Red\nB. Blue\nC. blue\nANSWER: B\n", 1, "blue"),
        ("l.md", "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Colour?\n- [x] red\n- [ ] Red\n", 9, "Red"),
        (
            "l.yaml",
            "title: T\nsections:\n  - title: S\n    body: [Hi.]\nquiz:\n  - prompt: Colour?\n"
            "    options: [red, blue, red]\n    answer: red\n",
            7,
            "red",
        ),
        ("p.txt", "Rivers\nA lesson\n\nWater\nRivers run.\n\nQuiz\nColour?\n- red\n- red\nAnswer: red\n", 8, "red"),
    ],
)
def test_an_option_given_twice_is_refused(tmp_path, name, text, line, option):
    # a question bank (GIFT, Aiken) is refused only when the right option reads like a wrong one
    bank = name.endswith((".gift", ".aiken"))
    problem = f"option '{option}' is given twice in this question" + (", once right and once wrong" if bank else "")
    assert _problems(_write(tmp_path, name, text)) == [(line, problem)]


# ---------------------------------------------------------------- course-level places: file and line


def _course(root, lessons: dict[str, str], course_yaml: str = "title: C\n"):
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(course_yaml, encoding="utf-8")
    for name, text in lessons.items():
        (root / "lessons" / name).write_text(text, encoding="utf-8")
    return root


_BODY = "sections:\n  - title: S\n    body: [Hello.]\n"


@pytest.mark.parametrize(
    ("lessons", "expected"),
    [
        (
            {"01-a.yaml": "id: same\ntitle: A\n" + _BODY, "02-b.yaml": "title: B\nid: same\n" + _BODY},
            "lessons/02-b.yaml:2: duplicate lesson id 'same' (also in lessons/01-a.yaml:1)",
        ),
        (
            {"01-a.md": "---\nid: same\n---\n# A\n\n## S\n\nHi.\n", "02-b.yaml": "\n\nid: same\ntitle: B\n" + _BODY},
            "lessons/02-b.yaml:3: duplicate lesson id 'same' (also in lessons/01-a.md:2)",
        ),
        (
            {"01-same.md": "# A\n\n## S\n\nHi.\n", "02-b.yaml": "title: B\nid: same\n" + _BODY},
            "lessons/02-b.yaml:2: duplicate lesson id 'same' (also in lessons/01-same.md) "
            "(an id without 'id:' comes from the file name)",
        ),
        (
            {"01-a.yaml": "title: A\nid: same\n" + _BODY, "02-same.md": "# B\n\n## S\n\nHi.\n"},
            "lessons/02-same.md: duplicate lesson id 'same' (also in lessons/01-a.yaml:2) "
            "(an id without 'id:' comes from the file name)",
        ),
        (
            {
                "01-a.md": "---\ntitle: A\nid: same\n---\n\n## S\n\nHi.\n",
                "02-b.md": "---\nid: same\n---\n# B\n\n## S\n\nHi.\n",
            },
            "lessons/02-b.md:2: duplicate lesson id 'same' (also in lessons/01-a.md:3)",
        ),
    ],
)
def test_a_duplicate_lesson_id_names_both_files_and_lines(tmp_path, monkeypatch, lessons, expected):
    _course(tmp_path / "c", lessons)
    monkeypatch.chdir(tmp_path / "c")
    result = CliRunner().invoke(main, ["script", "."])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert [line for line in result.output.splitlines() if line.startswith("Error: ")] == [f"Error: {expected}"]


@pytest.mark.parametrize(
    ("data", "detail"),
    [
        (b"not an image\n", "not a JPEG, PNG or other image file"),
        (b"", "not a JPEG, PNG or other image file"),
        (b"<html><body>Cover</body></html>", "not a JPEG, PNG or other image file"),
        (b"PK\x03\x04zipfile", "not a JPEG, PNG or other image file"),
        ("truncated", "image file is truncated"),
    ],
)
def test_a_cover_that_is_not_an_image_is_one_line_at_its_setting(tmp_path, data, detail):
    from narrate.audio.cover import write_cover
    from narrate.errors import ConfigError

    if data == "truncated":  # a real PNG cut short, as an interrupted download leaves it
        picture = io.BytesIO()
        Image.effect_noise((300, 300), 50).convert("RGB").save(picture, format="PNG")
        data = picture.getvalue()[: len(picture.getvalue()) // 2]
    (tmp_path / "cover.png").write_bytes(data)
    yaml_file = tmp_path / "course.yaml"
    with pytest.raises(ConfigError) as info:
        write_cover(tmp_path, title="C", source=tmp_path / "cover.png", blame=yaml_file, line=3)
    error = info.value
    assert (error.file, error.line) == (yaml_file, 3)
    assert error.problem.startswith(f"image 'cover.png': not a readable image ({detail}")
    assert "object at 0x" not in error.problem and "BytesIO" not in error.problem


@pytest.mark.parametrize("command", [["script", "."], ["build", ".", "-o", "../out", "-q", "-j", "1"]])
def test_course_yaml_that_is_a_folder_is_one_line(tmp_path, monkeypatch, command):
    root = tmp_path / "c"
    (root / "course.yaml").mkdir(parents=True)
    (root / "lessons").mkdir()
    (root / "lessons" / "01-a.yaml").write_text("title: A\n" + _BODY, encoding="utf-8")
    monkeypatch.chdir(root)
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip() == "Error: course.yaml: course.yaml is a folder; it must be a file of settings"


# ---------------------------------------------------------------- every quiz answer after a think pause


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Two plus two is {~three =four ~five} today.", "The answer is option B: four."),  # "Is it A: ..." options
        ("Bees {1:MC:~make =build} nests.", "The answer is option B: build."),  # an embedded choice: its options
        ("Sky? {=blue ~red ~green}", "The answer is option A: blue."),
        ("The Sun is a star. {T}", "The answer is: True."),
        ("Water is {=wet} to the touch.", "The answer is: wet."),
        ("Pi to two places? {#3.14:0.005}", "The answer is: three point one four, within zero point zero zero five."),
        ("Match the pairs. {=cat -> mammal =trout -> fish}", "Here is a solution."),
        ("Choose one {~%-50%red ~%100%blue}", "The answer is option B: blue."),
    ],
)
def test_every_gift_answer_comes_after_a_think_pause(tmp_path, question, answer):
    said, after = _said_around_the_think_pause(read_lesson(_write(tmp_path, "b.gift", f"::Q:: {question}\n")))
    assert after[0] == answer and answer not in said


def _said_around_the_think_pause(lesson) -> tuple[list[str], list[str]]:
    """What the script of a one-question ``lesson`` says before and after its one think pause."""
    from narrate.config import default_config
    from narrate.model import Pause, Say
    from narrate.text.script import build_script

    cues = build_script(lesson, default_config("C")).cues
    thinks = [n for n, c in enumerate(cues) if isinstance(c, Pause) and c.kind == "think"]
    assert len(thinks) == 1
    before = [c.text for c in cues[: thinks[0]] if isinstance(c, Say)]
    return before, [c.text for c in cues[thinks[0] :] if isinstance(c, Say)]


@pytest.mark.parametrize(
    ("gift", "said"),
    [
        (r"Pick the \~ sign. {=yes ~no}", "Pick the tilde sign."),
        (r"Press \# now. {=yes ~no}", "Press hash now."),
        (r"Sets use \{ and \}. {=yes ~no}", "Sets use opening brace and closing brace."),
        (r"Is 1\=1? {=yes ~no}", "Is one equals one?"),
        (r"Tag \#1 is first. {=yes ~no}", "Tag number one is first."),
    ],
)
def test_an_escaped_gift_character_is_heard_not_dropped(tmp_path, gift, said):
    from narrate.config import default_config
    from narrate.model import Say
    from narrate.text.script import build_script

    lesson = read_lesson(_write(tmp_path, "b.gift", gift + "\n"))
    question = next(
        c.text for c in build_script(lesson, default_config("C")).cues if isinstance(c, Say) and "?" in c.text
    )
    assert said in question


@pytest.mark.parametrize(
    ("name", "text", "options"),
    [
        ("b.gift", "Which symbol? {=\\{ ~\\=}\n", ("{", "=")),
        ("b.gift", "Which symbol? {~\\= =\\~}\n", ("=", "~")),
        ("b.gift", "Which is negative? {=-1 ~1 ~+1}\n", ("-1", "1", "+1")),
        ("b.gift", "Which language? {=C\\# ~C ~C++}\n", ("C#", "C", "C++")),
        ("b.aiken", "Not equal?\nA. !=\nB. ==\nC. <>\nANSWER: A\n", ("!=", "==", "<>")),
        ("b.aiken", "Opens a set?\nA. {\nB. [\nANSWER: A\n", ("{", "[")),
        # ("?", "!", "."): options that say nothing, refused (test_a_quiz_part_with_nothing_to_say_is_an_error)
        ("l.md", "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Not equal?\n- [x] !=\n- [ ] ==\n", ("!=", "==")),
        ("l.md", "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Cost?\n- [x] $5\n- [ ] 5\n- [ ] 5%\n", ("$5", "5", "5%")),
    ],
)
def test_options_that_differ_only_in_symbols_are_not_given_twice(tmp_path, name, text, options):
    (question,) = read_lesson(_write(tmp_path, name, text)).quiz
    assert tuple(map(unmark_code, question.options)) == options  # symbols only: marked as code


@pytest.mark.parametrize(
    ("name", "text", "option"),
    [
        ("b.gift", "Colour? {=Red ~red }\n", "red"),
        ("b.gift", "Colour? {=dark  red ~Dark red.}\n", "Dark red."),
        ("b.aiken", "Sign?\nA. !=\nB.  !=\nANSWER: A\n", "!="),
        ("l.md", "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Sign?\n- [x] ==\n- [ ] ==\n", "=="),
    ],
)
def test_options_that_are_the_same_as_written_are_still_given_twice(tmp_path, name, text, option):
    found = _problems(_write(tmp_path, name, text))
    bank = name.endswith((".gift", ".aiken"))  # there: the right option and a wrong one
    assert [p for _, p in found] == [
        f"option '{option}' is given twice in this question" + (", once right and once wrong" if bank else "")
    ]


# ---------------------------------------------------------------- numerical questions: the answer and its tolerance


@pytest.mark.parametrize(
    ("question", "answer", "said", "feedback"),
    [
        (
            "Pi to two places? {#=3.14:0.005}",
            "3.14, within 0.005",
            "three point one four, within zero point zero zero five",
            "",
        ),
        ("Pi? {#=3.14}", "3.14", "three point one four", ""),
        ("Pi? {#\n=3.14:0.005#Good\n=%50%3.1:0.05#Half\n}", "3.14, within 0.005", None, "Good"),
        ("Pi? {#=%50%3.1:0.05#Half =3.14:0.005#Good}", "3.14, within 0.005", None, "Good"),
        ("Pi? {#=3.14:0.005 =%50%3.1:0.05}", "3.14, within 0.005", None, ""),
        ("Four? {#4:2}", "4, within 2", "four, within two", ""),
        ("Four? {#4:0#Exactly}", "4", "four", "Exactly"),
        ("Between? {#1..5}", "between 1 and 5", "between one and five", ""),
        ("Below zero? {#-5..-1#Cold}", "between -5 and -1", "between minus five and minus one", "Cold"),
        (
            "Lost? {#-3.5:0.5#Near####Always}",
            "-3.5, within 0.5",
            "minus three point five, within zero point five",
            "Near Always",
        ),
        ("Bees make {2:NUMERICAL:=3:0.1} nests.", "3, within 0.1", "three, within zero point one", ""),
        ("Bees make {1:NM:=3} nests.", "3", "three", ""),
    ],
)
def test_a_numerical_answer_is_said_with_its_tolerance_after_a_think_pause(tmp_path, question, answer, said, feedback):
    lesson = read_lesson(_write(tmp_path, "b.gift", f"::Q:: {question}\n"))
    (q,) = lesson.quiz
    assert (q.answers, q.explanation) == ((answer,), feedback)
    _, after = _said_around_the_think_pause(lesson)
    if said is not None:
        assert after[0] == f"The answer is: {said}."


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("Pi? {#~3.1}", "no answer in this numerical answer block ('{#...}')"),
        ("Pi? {#=%0%3.1}", "no right answer: mark one with '=' (or a positive %weight%)"),
    ],
)
def test_a_numerical_block_without_a_right_answer_is_refused(tmp_path, question, message):
    assert _problems(_write(tmp_path, "b.gift", f"::Q:: {question}\n")) == [(1, message)]


# ---------------------------------------------------------------- an unclosed GIFT '{': the question is left out
# (Moodle refuses that question and imports the rest): a warning, an error under --strict, and the
# checking goes on

_UNCLOSED = "'{' is never closed before the blank line that ends the question: question left out, as Moodle refuses it"


@pytest.mark.parametrize(
    ("bank", "expected"),
    [
        ("::Q1:: Is it? {=yes ~no\n\nQuestion two is fine. {T}\n", [(1, _UNCLOSED)]),
        (
            "::Q1:: Is it? {=yes ~no\n\nQuestion two is fine. {T}\n\n::Q3:: Sky? {=blue ~blue}\n",
            [(1, _UNCLOSED), (5, "option 'blue' is given twice in this question, once right and once wrong")],
        ),
        (
            "::Q1:: A\nlong question\nhere {=a\n~b\n\n::Q2:: Fine? {T}\n\n::Q3:: Last {=x ~y\n",
            [(3, _UNCLOSED), (8, _UNCLOSED)],
        ),
        (
            "::Q1:: Pick {=a ~b}\n\n::Q2:: Two {=c ~d} and {=e\n\n::Q3:: Stray }\n",
            [(3, _UNCLOSED), (5, "'}' without a '{' before it: question left out, as Moodle refuses it")],
        ),
        ("::Q1:: Numbers {#\n=3.14\n\nWhat is two? {=two ~three}\n", [(1, _UNCLOSED)]),
        ("// comment {\n::Q1:: Fine {=a ~b}\n\n::Q2:: Also {=c\n", [(4, _UNCLOSED)]),
    ],
)
def test_an_unclosed_gift_brace_is_left_out_and_later_problems_are_reported(tmp_path, bank, expected):
    from narrate.errors import strictness

    with strictness(True):
        assert _problems(_write(tmp_path, "b.gift", bank)) == expected


# ---------------------------------------------------------------- escaped GIFT symbols in options, Aiken's literal text


def _first_question_said(path) -> str:
    from narrate.config import default_config
    from narrate.model import Say
    from narrate.text.script import build_script

    cues = build_script(read_lesson(path), default_config("C")).cues
    return next(c.text for c in cues if isinstance(c, Say) and c.text.startswith("Question one."))


@pytest.mark.parametrize(
    ("gift", "options", "said"),
    [
        (
            r"Which? {=open \{ ~equals \= ~tilde \~ ~hash \#}",
            ("open {", "equals =", "tilde ~", "hash #"),
            "option A: open opening brace, option B: equals equals, option C: tilde tilde, or option D: hash hash?",
        ),
        (r"Which? {=\{\} ~\~\~}", ("{}", "~~"), "option A: empty braces, or option B: tilde tilde?"),  # code
        (r"Which? {=close \} ~colon \:}", ("close }", "colon :"), "option A: close closing brace, or option B: colon"),
        (r"Which? {=\# ~\~}", ("#", "~"), "option A: hash, or option B: tilde?"),
        (r"Which? {=a \{ b ~c}", ("a { b", "c"), "option A: a opening brace b, or option B: c?"),
    ],
)
def test_an_escaped_gift_symbol_in_an_option_is_kept_and_said_by_name(tmp_path, gift, options, said):
    path = _write(tmp_path, "b.gift", f"::Q:: {gift}\n")
    (question,) = read_lesson(path).quiz
    assert tuple(map(unmark_code, question.options)) == options
    assert said in _first_question_said(path)


@pytest.mark.parametrize(
    ("aiken", "prompt", "options", "said"),
    [
        (r"What does \{ mean in GIFT?", r"What does \{ mean in GIFT?", ("a", "b"), "backslash opening brace mean"),
        (r"What is \~ in GIFT?", r"What is \~ in GIFT?", ("a", "b"), "What is backslash tilde in GIFT?"),
        (r"Is \n a new line?", r"Is \n a new line?", ("a", "b"), "Is"),
        (r"What does {} mean?", "What does {} mean?", ("a", "b"), "What does opening brace closing brace mean?"),
        ("Which? \\=", "Which? \\=", ("a", "b"), "Which?"),
        (
            "Which escape?",
            "Which escape?",
            (r"\{", r"\#"),
            "option A: backslash open brace, or option B: backslash hash?",  # symbols only: read as code
        ),
    ],
)
def test_aiken_text_is_read_literally_with_no_escapes(tmp_path, aiken, prompt, options, said):
    path = _write(tmp_path, "b.aiken", f"{aiken}\nA. {options[0]}\nB. {options[1]}\nANSWER: A\n")
    (question,) = read_lesson(path).quiz
    assert (question.prompt, tuple(map(unmark_code, question.options))) == (prompt, options)
    assert said in _first_question_said(path)


# ---------------------------------------------------------------- GIFT true/false: the right answer's feedback


@pytest.mark.parametrize(
    ("gift", "answer", "explanation"),
    [
        ("Water is wet. {TRUE#Wrong feedback#Right feedback}", TRUE_FALSE[0], "Right feedback"),
        ("Ice is hot. {F#No, it is cold.#Yes, ice is cold.}", TRUE_FALSE[1], "Yes, ice is cold."),
        ("Ice is hot. {F#No, it is cold.}", TRUE_FALSE[1], "No, it is cold."),
        ("Ice is hot. {F##Right, it is cold.}", TRUE_FALSE[1], "Right, it is cold."),
        ("Sun is a star. {T#Think again.#Yes.####Stars shine.}", TRUE_FALSE[0], "Yes. Stars shine."),
        ("Sun is a star. {T}", TRUE_FALSE[0], ""),
    ],
)
def test_gift_true_false_reads_the_right_answers_feedback(tmp_path, gift, answer, explanation):
    (question,) = read_lesson(_write(tmp_path, "b.gift", f"::Q:: {gift}\n")).quiz
    assert (question.answers, question.explanation) == ((answer,), explanation)


# ---------------------------------------------------------------- blanks and answers (one rule in every reader)

_MD_QUIZ = "# T\n\n## S\n\nText.\n\n## Quiz\n\n### {prompt}\nAnswer: {answer}\n"  # Answer: on line 10
_PAGE_QUIZ = "Rivers\nA lesson\n\nWater\nRivers run.\n\nQuiz\n{prompt}\nAnswer: {answer}\n"  # on line 9
_BLANKS = "Two _____ V cells in series give _____ V."


@pytest.mark.parametrize("name, quiz, line", [("l.md", _MD_QUIZ, 10), ("p.txt", _PAGE_QUIZ, 9)])
@pytest.mark.parametrize(
    ("prompt", "answer", "problem"),
    [
        (_BLANKS, "3", "1 answer for 2 blanks"),
        (_BLANKS, "1.5; 3; 4.5", "3 answers for 2 blanks"),
        ("A cell gives _____ volts.", "1.5; 3", "2 answers for 1 blank"),
        ("_____, _____ and _____ are metals.", "zinc; lead", "2 answers for 3 blanks"),
        (_BLANKS, "Two cells give 3 V.", "1 answer for 2 blanks"),  # not the completed sentence
    ],
)
def test_answers_not_one_per_blank_are_an_error(tmp_path, name, quiz, line, prompt, answer, problem):
    found = _problems(_write(tmp_path, name, quiz.format(prompt=prompt, answer=answer)))
    hint = " (give one per '_____' separated by ';', or the completed sentence)"
    assert found == [(line, problem + hint)]


@pytest.mark.parametrize("name, quiz", [("l.md", _MD_QUIZ), ("p.txt", _PAGE_QUIZ)])
@pytest.mark.parametrize(
    ("prompt", "answer", "answers"),
    [
        (_BLANKS, "1.5; 3", ("1.5", "3")),
        (_BLANKS, "Two 1.5 V cells in series give 3 V.", ("Two 1.5 V cells in series give 3 V.",)),
        ("A cell gives _____ volts.", "1.5", ("1.5",)),
        ("_____ and _____ are metals.", "Zinc and lead are metals.", ("Zinc and lead are metals.",)),
        ("Which metal is in a dry cell?", "zinc; and carbon", ("zinc; and carbon",)),  # no blank: as written
    ],
)
def test_answers_one_per_blank_or_the_completed_sentence_are_read(tmp_path, name, quiz, prompt, answer, answers):
    (question,) = read_lesson(_write(tmp_path, name, quiz.format(prompt=prompt, answer=answer))).quiz
    assert question.answers == answers


# ---------------------------------------------------------------- GIFT: nothing an author wrote is dropped silently
# What Moodle drops or refuses is left out with a warning naming it: an error under --strict. (These
# were errors; Moodle imports the rest of the question, so narrate does: tests/text/test_readers_gift_moodle.py.)

_EMPTY = "an empty option (a '=' or '~' with no text): left out"


@pytest.mark.parametrize(
    ("bank", "expected"),
    [
        (
            "::Q:: Match. {=cat -> animal =oak -> tree =x}\n",
            [(1, "question 'Q' left out: a matching answer without '->' (Moodle refuses the question)")],
        ),
        ("::Q:: Pick. {=a ~ ~b}\n", [(1, _EMPTY)]),
        ("::Q:: Pick. {\n=a\n~\n~b\n}\n", [(3, _EMPTY)]),
        ("::Q:: Pick. {=a ~%50% ~b}\n", [(1, _EMPTY)]),
        ("::Q:: Pick. {=a ~b ~#why}\n", [(1, _EMPTY)]),
        ("::Q:: Fill {= =b}\n\n::R:: Pick. {=a =b ~c}\n", [(1, "an empty answer (a '=' with no text): left out")]),
    ],
)
def test_gift_options_that_cannot_be_read_are_named_at_their_line(tmp_path, bank, expected):
    from narrate.errors import strictness

    with strictness(True):
        assert _problems(_write(tmp_path, "b.gift", bank)) == expected


@pytest.mark.parametrize(
    ("gift", "prompt", "solution"),
    [
        (
            "Match. {=cat -> animal =oak -> tree = -> rock}",
            "Match. Match each of these: cat, oak.",
            "cat: animal; oak: tree. rock matches none of them.",
        ),
        (
            "Match. {= -> stone =cat -> animal = -> metal =oak -> tree}",
            "Match. Match each of these: cat, oak.",
            "cat: animal; oak: tree. stone and metal match none of them.",
        ),
        ("Match. {=cat -> animal =oak -> tree}", "Match. Match each of these: cat, oak.", "cat: animal; oak: tree."),
        (
            "Match. {\n=a -> 1\n=b -> 2\n=c -> 3\n}",
            "Match. Match each of these: a, b, c.",
            "a: 1; b: 2; c: 3.",
        ),
        ("Bees make {~milk~=honey~silk}.", "Bees make _____.", None),
    ],
)
def test_gift_matching_keeps_every_right_side(tmp_path, gift, prompt, solution):
    (question,) = read_lesson(_write(tmp_path, "b.gift", f"::Q:: {gift}\n")).quiz
    assert question.prompt == prompt
    assert question.answers == ((solution,) if solution else ("honey",))


# ---------------------------------------------------------------- Aiken ANSWER lines: what is wrong with each, in one run
# Read as Moodle reads them: the first letter after 'ANSWER:' (text after it is not read: a warning,
# an error under --strict); a question Moodle leaves out (one option) is left out with a warning.

_Q = "Which is a gas?\nA. Air\nB. Rock\n"
_AFTER = "'ANSWER: B (because y)': the text after the letter is not read, as in Moodle"
_ONE = "question 'Only one?' has fewer than two options: left out, as Moodle leaves it out"


@pytest.mark.parametrize(
    ("bank", "expected"),
    [
        (_Q + "ANSWER: B (because y)\n", [(4, _AFTER)]),
        (_Q + "answer: B\n", [(4, "'answer: B': write the answer line as 'ANSWER: B'")]),
        (_Q + "ANSWER: b\n", [(4, "answer 'b' is not one of the options A, B")]),
        (_Q + "ANSWER:\n", [(4, "'ANSWER:' names no option: write its letter (e.g. 'ANSWER: B')")]),
        (_Q + "ANSWER: A, B\n", [(4, "'ANSWER: A, B': Moodle reads one letter only (the first, A)")]),
        ("Only one?\nA. Yes\nANSWER: A\n", [(1, _ONE)]),
        (
            _Q
            + "ANSWER: B (because y)\n\n"
            + _Q
            + "answer: A\n\nOnly one?\nA. Yes\nANSWER: A\n\n"
            + _Q
            + "ANSWER: A\n",
            [(4, _AFTER), (9, "'answer: A': write the answer line as 'ANSWER: A'"), (11, _ONE)],
        ),
    ],
)
def test_aiken_answer_lines_say_what_is_wrong_all_in_one_run(tmp_path, bank, expected):
    from narrate.errors import strictness

    with strictness(True):
        assert _problems(_write(tmp_path, "b.aiken", bank)) == expected


@pytest.mark.parametrize(
    ("language", "admonition"),
    [
        ("en", "::::{admonition} Solution\n:class: dropdown\n\nFour.\n::::"),
        ("en", "::::{admonition} Answer\n\nFour.\n::::"),
        ("en", "::::{admonition} Worked out\n:class: solution, dropdown\n\nFour.\n::::"),
        ("en", "```{admonition} Solution\n:class: dropdown\nFour.\n```"),
        ("de", "::::{admonition} Lösung\n\nVier.\n::::"),
        ("nl", "::::{admonition} Oplossing\n\nVier.\n::::"),
        ("sv", "::::{admonition} Svar\n\nFyra.\n::::"),
        ("es", "::::{admonition} Solución\n\nCuatro.\n::::"),
        ("it", "::::{admonition} Soluzione\n\nQuattro.\n::::"),
        ("pt", "::::{admonition} Solução\n\nQuatro.\n::::"),
    ],
)
def test_a_solution_admonition_right_after_an_exercise_is_its_solution(tmp_path, language, admonition):
    """A Jupyter Book exam writes each exercise's solution as an admonition under it: a think pause."""
    text = f"---\nlanguage: {language}\n---\n# T\n\n## S\n\n:::::{{exercise}}\n:nonumber: true\n\nTwo plus two?\n:::::\n\n{admonition}\n"
    lesson = read_lesson(_write(tmp_path, "l.md", text))
    answer = admonition.rstrip(":`\n").rsplit("\n", 1)[-1]
    assert [(q.prompt, q.answers) for q in lesson.quiz] == [("Two plus two?", (answer,))]
    spoken = [b.text for s in lesson.sections for b in s.blocks if isinstance(b, (Paragraph, Callout))]
    assert not any(answer in t for t in spoken)  # not also read before the listener could think


def test_an_admonition_after_a_solved_exercise_stays_where_it_is(tmp_path):
    text = (
        "# T\n\n## S\n\n:::::{exercise}\n:label: ex-one\n\nTwo plus two?\n:::::\n\n::::{solution} ex-one\nFour.\n::::\n\n"
        "::::{admonition} Answer\n\nMore on sums.\n::::\n"
    )
    lesson = read_lesson(_write(tmp_path, "l.md", text))
    assert [q.answers for q in lesson.quiz] == [("Four.",)]
    spoken = [b.text for s in lesson.sections for b in s.blocks if isinstance(b, (Paragraph, Callout))]
    assert "More on sums." in spoken


_NOTHING = "has no letter or digit to say (emoji and most symbols are not read aloud: write what is to be said)"

# A quiz part that says nothing once normalised (emoji, arrows, ticks, stray punctuation dropped): the
# listener heard "Is it option A: , or option B: ?" or no answer at all. One error, at the question's line.
UNSAID = [
    (
        "l.yaml",
        'title: T\nquiz:\n  - prompt: "🔋?"\n    options: [a, b]\n    answer: a\n',
        3,
        "the question's prompt",
        "🔋?",
    ),
    (
        "l.yaml",
        'title: T\nquiz:\n  - prompt: Which?\n    options: ["🔋", "⚡"]\n    answer: "🔋"\n',
        3,
        "an option",
        "🔋",
    ),
    (
        "l.yaml",
        'title: T\nquiz:\n  - prompt: Which?\n    options: [volt, "→"]\n    answer: volt\n',
        3,
        "an option",
        "→",
    ),
    (
        "l.yaml",
        'title: T\nquiz:\n  - prompt: Which?\n    options: [done, "✓"]\n    answer: done\n',
        3,
        "an option",
        "✓",
    ),
    ("l.yaml", 'title: T\nquiz:\n  - prompt: Which?\n    answer: "🔋🔋"\n', 3, "an answer", "🔋🔋"),
    ("l.yaml", 'title: T\nquiz:\n  - prompt: "Fill: ____ and ____."\n    answer: [volt, "★"]\n', 3, "an answer", "★"),
    ("l.yaml", 'title: T\nquiz:\n  - prompt: Why?\n    solution: "🤔"\n', 3, "the solution", "🤔"),
    ("l.md", "# T\n\n## S\n\nText.\n\n## Quiz\n\n### Pick one\n- [x] 🔋\n- [ ] volt\n", 9, "an option", "🔋"),
    (
        "l.md",
        "# T\n\n## S\n\nText.\n\n## Quiz\n\n### ⚡⚡\n- [x] amp\n- [ ] volt\n",
        9,
        "the question's prompt",
        "⚡⚡",
    ),
    ("b.gift", "Which? {=🔋 ~volt}\n", 1, "an option", "🔋"),
]


@pytest.mark.parametrize(("name", "text", "line", "what", "quoted"), UNSAID, ids=[f"{u[0]}-{u[4]}" for u in UNSAID])
def test_a_quiz_part_with_nothing_to_say_is_an_error(tmp_path, name, text, line, what, quoted):
    path = _write(tmp_path, name, text)
    with pytest.raises(ContentError) as err:
        read_lesson(path)
    assert (err.value.line, err.value.problem) == (line, f"{what} {_NOTHING}: '{quoted}'")


SAID = [
    ("Which?", ("🔋 battery", "⚡ volt")),  # emoji beside words: the words are said
    ("Which sign?", ("!=", "<>")),
    ("Which?", ("½", "°C")),
    ("ما هو؟", ("أزرق", "أحمر")),  # letters of any script
]


@pytest.mark.parametrize(("prompt", "options"), SAID)
def test_a_quiz_part_with_something_to_say_is_read(tmp_path, prompt, options):
    quoted = ", ".join(f'"{o}"' for o in options)
    text = f'title: T\nquiz:\n  - prompt: "{prompt}"\n    options: [{quoted}]\n    answer: "{options[0]}"\n'
    (question,) = read_lesson(_write(tmp_path, "l.yaml", text)).quiz
    assert (question.prompt, tuple(map(unmark_code, question.options))) == (prompt, options)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('title: "🔋"\nsections:\n  - title: Intro\n    body: [Text.]\n', [(None, "the lesson title", "🔋", "title")]),
        (
            'title: T\nsections:\n  - title: "⚡"\n    body: [Text.]\n',
            [(3, "section title", "⚡", "heading")],
        ),
    ],
)
def test_a_title_with_nothing_to_say_is_a_warning(tmp_path, caplog, text, expected):
    path = _write(tmp_path, "l.yaml", text)
    lesson = read_lesson(path)  # read leniently: a warning
    assert lesson.sections
    assert [r.getMessage() for r in caplog.records] == [
        (f"{path}:{line}: " if line else f"{path}: ") + f"{what} {_NOTHING}: '{quoted}' (the listener hears no {word})"
        for line, what, quoted, word in expected
    ]
    with strictness(True), pytest.raises(ContentError) as err:  # --strict: an error
        read_lesson(path)
    assert err.value.problem.startswith(f"{expected[0][1]} {_NOTHING}")


SYMBOL_OPTIONS = [
    # (a question bank of options that are symbols only, what is said): code, named as code is read,
    # never refused and never read as prose reads a sign ("is greater than is greater than")
    ("b.aiken", "Ends a question?\nA. ?\nB. !\nC. .\nANSWER: A\n", "option A: question mark, option B: bang, or option C: dot?"),
    ("b.aiken", "Appends to a file?\nA) >\nB) >>\nC) |\nANSWER: B\n", "option A: greater than, option B: double greater than, or option C: pipe?"),
    ("b.aiken", "Remainder?\nA. %\nB. //\nANSWER: A\n", "option A: percent, or option B: slash slash?"),
    ("b.gift", "Both streams? {=2>&1 ~>}\n", "option A: two greater than ampersand one, or option B: greater than?"),
    ("b.gift", "Which wildcard? {=* ~?}\n", "option A: star, or option B: question mark?"),
    ("b.gift", "Which ends options? {=-- ~-}\n", "option A: dash dash, or option B: minus?"),
    ("b.aiken", "Half?\nA. 1/2\nB. 50%\nC. $5\nANSWER: A\n", "option A: one half, option B: fifty percent, or option C: five dollars?"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "said"), SYMBOL_OPTIONS, ids=[s[2][:40] for s in SYMBOL_OPTIONS])
def test_options_of_symbols_only_are_read_as_code(tmp_path, name, text, said):
    assert said in _first_question_said(_write(tmp_path, name, text))


HEARD_ALIKE = [
    # (options written differently but said alike: a listener cannot tell them apart)
    ("l.yaml", 'title: T\nquiz:\n  - prompt: Which?\n    options: [plus, "+"]\n    answer: plus\n', 3, "plus", "+", "plus"),
    ("b.aiken", "Which?\nA. two\nB. 2\nANSWER: A\n", 1, "two", "2", "two"),
    ("b.gift", "Which? {=Dr. Lee ~Doctor Lee}\n", 1, "Dr. Lee", "Doctor Lee", "doctor lee"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "text", "line", "first", "second", "heard"), HEARD_ALIKE, ids=[h[3] for h in HEARD_ALIKE]
)
def test_options_said_alike_are_a_warning(tmp_path, name, text, line, first, second, heard):
    assert _problems(_write(tmp_path, name, text)) == [
        (
            line,
            f"options '{first}' and '{second}' are both said \"{heard}\": a listener cannot tell them apart "
            "(write what is to be said)",
        )
    ]


TOLD_APART_AS_CODE = [
    # (options said alike as prose, told apart once read as code)
    ("Which assigns?\nA. x = 1\nB. x == 1\nANSWER: A\n", "option A: x equals one, or option B: x double equal one?"),
    ("Which is snake case?\nA. my_var\nB. my-var\nANSWER: A\n", "option A: my var, or option B: my dash var?"),
]


@pytest.mark.parametrize(("text", "said"), TOLD_APART_AS_CODE, ids=[t.split("\n")[1] for t, _ in TOLD_APART_AS_CODE])
def test_options_said_alike_as_prose_are_read_as_code(tmp_path, text, said):
    path = _write(tmp_path, "b.aiken", text)
    assert _problems_or_none(path) == [] and said in _first_question_said(path)


def _problems_or_none(path) -> list:
    with strictness(True):
        read_lesson(path)
    return []


QUIZ_BLOCKS = [
    # (what stands under a quiz heading, the warnings at their lines): nothing there is dropped unsaid
    ("### What does this print?\n\n```python\nprint(1 + 1)\n```\n\nAnswer: 2\n", []),
    ("### Which is it?\n\nAnswer: This one.\n\n> **Tip:** look twice.\n", [(13, "a quote under a quiz heading is not read: it holds questions")]),
    ("### Which is it?\n\nAnswer: This one.\n\n![A kettle on the stove](kettle.png)\n", [(13, "a figure under a quiz heading is not read: it holds questions")]),
    ("::: callout\nSave your work.\n:::\n\n### Which is it?\n\nAnswer: This one.\n", [(9, "a callout under a quiz heading is not read: it holds questions")]),
]  # fmt: skip


@pytest.mark.parametrize(("quiz", "warnings"), QUIZ_BLOCKS, ids=range(len(QUIZ_BLOCKS)))
def test_what_a_quiz_heading_holds_besides_questions_is_read_or_warned(tmp_path, quiz, warnings):
    path = _write(tmp_path, "l.md", f"# T\n\n## S\n\nText.\n\n## Quiz\n\n{quiz}")
    if warnings:
        assert _problems(path) == warnings
    else:
        assert "Question one. What does this print? print of one plus one." == _first_question_said(path)


def test_options_without_an_answer_before_a_numbered_question_are_named_at_their_own_line(tmp_path):
    text = (
        "# T\n\n## S\n\nText.\n\n## Check yourself\n\n### Which command counts lines?\n\n- [ ] `wc -c`\n- [ ] `wc -l`\n\n"
        "1. The home folder is written _____.\n\n   Answer: `~`\n"
    )
    assert _problems(_write(tmp_path, "l.md", text)) == [
        (9, "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text")
    ]
