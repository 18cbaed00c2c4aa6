"""Code spans are written text until they are said: every reader marks them (Markdown's `` `ls -la` ``,
MyST's ``{code}`` role, a YAML lesson's or a Markdown question bank's backticks), the text stage reads
them as code is read, and what is shown (chapter titles, transcripts, the feed, ``narrate import``)
shows them as written. Cases in the project's own words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.config import CourseConfig
from narrate.errors import printable
from narrate.model import Say, mark_code, unmark_code
from narrate.text.common import backtick_code, count_blanks, mark_code_spans
from narrate.text.lexicon import lexicon_report
from narrate.text.markup import clean_text
from narrate.text.normalize import sentences, spoken
from narrate.text.readers import read_lesson
from narrate.text.readers.export import lesson_to_yaml
from narrate.text.script import build_script, render_script

HEADINGS = [
    # (a Markdown section heading, its chapter title, the spoken heading)
    ("Listing with `ls -la`", "Listing with ls -la", "Listing with l s dash l a."),
    ("The `__init__.py` file", "The __init__.py file", "The dunder init dot p y file."),
    ("Calling `print()`", "Calling print()", "Calling print."),
    ("The `MAX_RETRIES` constant", "The MAX_RETRIES constant", "The max retries constant."),
    ("Reading `$HOME`", "Reading $HOME", "Reading dollar HOME."),
    ("Paths like `../data/raw.csv`", "Paths like ../data/raw.csv", "Paths like dot dot slash data slash raw dot c s v."),
    ("The `--force` option", "The --force option", "The dash dash force option."),
    ("Slicing `values[1:4]`", "Slicing values[1:4]", "Slicing values one colon four in brackets."),
    ("Using {code}`git log`", "Using git log", "Using git log."),
    ("Why `x[1]` is not a footnote", "Why x[1] is not a footnote", "Why x item one is not a footnote."),
]  # fmt: skip


def _script(tmp_path: Path, text: str, name: str = "l.md"):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    lesson = read_lesson(source)
    return build_script(lesson, CourseConfig(title="Code course"))


@pytest.mark.parametrize(("heading", "title", "said"), HEADINGS, ids=[h for h, _, _ in HEADINGS])
def test_a_heading_with_code_is_titled_as_written_and_read_as_code(tmp_path, heading, title, said):
    script = _script(tmp_path, f"# Shell\n\n## {heading}\n\nSome text.\n")
    assert [c.title for c in script.chapters()][-1] == title
    says = [c for c in script.says() if c.text == said]
    assert says, [c.text for c in script.says()]
    assert says[0].written in ("", f"{title}.")  # the transcript shows it as written


YAML_TEXTS = [
    # (a YAML body text with backticks, as said)
    ("Run `ls -la` in a folder.", "Run l s dash l a in a folder."),
    ("A package has an `__init__.py` file.", "A package has an dunder init dot p y file."),
    ("Call `print()` to show it.", "Call print to show it."),
    ("Set `MAX_SIZE` first.", "Set max size first."),
    ("The span ``a`b`` holds a backtick.", "The span a backtick b holds a backtick."),
    ("Fill in `wc __ *.txt` with the option.", "Fill in w c blank star dot t x t with the option."),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), YAML_TEXTS, ids=[b for b, _ in YAML_TEXTS])
def test_a_yaml_lessons_backticks_are_code(tmp_path, body, said):
    yaml_text = f"title: Tools\nsections:\n  - title: Use\n    body:\n      - '{body}'\n"
    script = _script(tmp_path, yaml_text, "l.yaml")
    cue = next(c for c in script.says() if c.text == said)
    assert cue.written == unmark_code(mark_code_spans(body))  # shown without backticks
    assert "`" not in render_script(script).split("\n")[0]


def test_a_transcript_shows_code_as_written_where_the_voice_reads_it(tmp_path):
    script = _script(tmp_path, "# Shell\n\n## Listing\n\nRun `ls -la` in your home folder (`~/`).\n")
    cue = next(c for c in script.says() if c.text.startswith("Run"))
    assert (cue.text, cue.written) == (
        "Run l s dash l a in your home folder (tilde slash).",
        "Run ls -la in your home folder (~/).",
    )
    assert script.lesson.sections[0].blocks[0].text == "Run ls -la in your home folder (~/)."  # the lesson as shown


def test_underscores_in_code_are_no_blank_and_a_real_blank_still_is(tmp_path):
    prompt = f"The {mark_code('__init__')} file marks a ____."
    assert count_blanks(prompt) == 1
    yaml_text = (
        "title: Packages\nsections:\n  - title: S\n    body: [Text.]\n"
        "quiz:\n  - prompt: 'The `__init__.py` file marks a _____.'\n    answer: package\n"
    )
    script = _script(tmp_path, yaml_text, "l.yaml")
    assert [c.title for c in script.chapters()][-1] == "Question 1: The __init__.py file marks a …"
    assert any(c.text == "Question one. The dunder init dot p y file marks a blank." for c in script.says())


def test_import_writes_code_in_backticks_and_reads_back_the_same_script(tmp_path):
    markdown = "# Shell\n\n## Listing with `ls -la`\n\nRun `ls -la` and ``a`b``.\n\n## Quiz\n\n### What does `pwd` print?\n\nAnswer: The folder.\n"
    (tmp_path / "l.md").write_text(markdown, encoding="utf-8")
    lesson = read_lesson(tmp_path / "l.md")
    written = lesson_to_yaml(lesson)
    assert "title: Listing with `ls -la`" in written and "``a`b``" in written and "\ue050" not in written
    (tmp_path / "l.yaml").write_text(written, encoding="utf-8")
    config = CourseConfig(title="Code course")
    again = build_script(read_lesson(tmp_path / "l.yaml"), config)
    assert render_script(again) == render_script(build_script(lesson, config))


def test_marks_and_backticks_are_undone_in_one_place():
    marked = f"Use {mark_code('a`b')} and {mark_code('`x`')}."
    assert backtick_code(marked) == "Use ``a`b`` and `` `x` ``."
    assert mark_code_spans(backtick_code(marked)) == marked
    assert unmark_code(marked) == "Use a`b and `x`."
    assert printable(f"section {mark_code('ls')} is empty") == "section `ls` is empty"


def test_a_code_span_keeps_what_looks_like_a_footnote_or_a_full_stop():
    assert clean_text("Read `x[1]` here.[2]") == "Read `x[1]` here."
    text = f"Type {mark_code('e.g. Foo')} now. Then stop."
    assert sentences(text) == [f"Type {mark_code('e.g. Foo')} now.", "Then stop."]
    assert spoken(text) == "Type e dot g dot Foo now. Then stop."


def test_the_lexicon_report_leaves_code_to_the_code_reader():
    found = lexicon_report([(f"Set {mark_code('MAX_SIZE')} and `HTTP_PORT` for the GPU.", None, 1)], {})
    assert [f.token for f in found] == ["GPU"]


LABELS = [
    # (quiz lines in Markdown, the prompts read)
    ("**Question:** What does `pwd` print?\n**Answer:** The folder.\n", ["What does \ue050pwd\ue051 print?"]),
    ("Q: Is it safe?\n\nAnswer: No.\n", ["Is it safe?"]),
    ("Q2. Which one?\n\nAnswer: This one.\n", ["Which one?"]),
    (
        "**Question:** First?\n**Answer:** One.\n**Question:** Second, said without a question mark\n**Answer:** Two.\n",
        ["First?", "Second, said without a question mark"],
    ),
    ("Question 3) Why not?\n\nAnswer: Because.\n", ["Why not?"]),
]


@pytest.mark.parametrize(("lines", "prompts"), LABELS, ids=[lines.split("\n")[0] for lines, _ in LABELS])
def test_a_question_label_starts_a_question_and_is_not_said(tmp_path, lines, prompts):
    source = tmp_path / "q.md"
    source.write_text(f"# Quiz time\n\n## Body\n\nText.\n\n## Quiz\n\n{lines}", encoding="utf-8")
    assert [q.prompt for q in read_lesson(source).quiz] == prompts


def test_a_markdown_question_banks_code_spans_are_code(tmp_path):
    source = tmp_path / "bank.gift"
    source.write_text("::Q1:: [markdown] Which lists **hidden** files? {=`ls -a` ~`ls -l`}\n", encoding="utf-8")
    script = build_script(read_lesson(source), CourseConfig(title="Bank"))
    assert any("option A: l s dash a, or option B: l s dash l?" in c.text for c in script.says())
    says = [c for c in script.says() if isinstance(c, Say) and "hidden" in c.text]
    assert "option A: ls -a" in says[0].written


def test_a_semicolon_in_code_does_not_part_the_answers_of_a_blank(tmp_path):
    source = tmp_path / "q.md"
    source.write_text(
        "# C\n\n## S\n\nText.\n\n## Quiz\n\n### In C, a statement ends with ____ .\n\nAnswer: `;`\n\n"
        "### Go home and list it: ____\n\nAnswer: `cd ~; ls`\n",
        encoding="utf-8",
    )
    assert [tuple(map(unmark_code, q.answers)) for q in read_lesson(source).quiz] == [(";",), ("cd ~; ls",)]


def test_blanks_written_inside_code_are_blanks(tmp_path):
    yaml_text = (
        "title: Python\nsections:\n  - title: S\n    body: [Text.]\n"
        "quiz:\n  - prompt: 'Complete `____ = ____` in Python.'\n    answer: [x, '5']\n"
    )
    script = _script(tmp_path, yaml_text, "l.yaml")
    assert any(c.text == "The answers are: x, and five." for c in script.says())


def test_an_option_ending_in_code_keeps_its_dots_in_the_transcript(tmp_path):
    yaml_text = (
        "title: Shell\nsections:\n  - title: S\n    body: [Text.]\n"
        "quiz:\n  - prompt: Which goes up?\n    options: ['`cd ..`', '`cd .`']\n    answer: '`cd ..`'\n"
    )
    script = _script(tmp_path, yaml_text, "l.yaml")
    cue = next(c for c in script.says() if c.text.startswith("Question one"))
    assert "option A: c d dot dot, or option B: c d dot?" in cue.text
    assert "option A: cd .., or option B: cd .?" in cue.written


LABELS_KEPT = [
    # (a quiz line that only looks like a label, the prompt read)
    ("Q.E.D. stands for what?\n\nAnswer: Which was to be shown.\n", "Q.E.D. stands for what?"),
    ("Question: what is the current?\n\nAnswer: Two amps.\n", "Question: what is the current?"),
]


@pytest.mark.parametrize(("lines", "prompt"), LABELS_KEPT, ids=[p for _, p in LABELS_KEPT])
def test_words_that_only_look_like_a_label_are_kept(tmp_path, lines, prompt):
    source = tmp_path / "q.md"
    source.write_text(f"# Quiz time\n\n## Body\n\nText.\n\n## Quiz\n\n{lines}", encoding="utf-8")
    assert [q.prompt for q in read_lesson(source).quiz] == [prompt]


def test_a_question_headings_label_is_not_said(tmp_path):
    source = tmp_path / "q.md"
    source.write_text("# T\n\n## S\n\nText.\n\n## Quiz\n\n### Question 2: What is `ls`?\n\nAnswer: A command.\n")
    script = build_script(read_lesson(source), CourseConfig(title="T"))
    assert [c.title for c in script.chapters()][-1] == "Question 1: What is ls?"
    assert any(c.text == "Question one. What is l s?" for c in script.says())


ADDRESSES = [
    # (a code span holding only an address, as said): the address reading, not code's symbols
    ("Visit `https://some-site.example.org/hello-world/` now.", "Visit some dash site dot example dot org slash hello dash world now."),
    ("Write to `ana@example.org` today.", "Write to ana at example dot org today."),
    ("See `www.example.org` first.", "See example dot org first."),  # as the address reader says it in prose
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_an_address_in_code_is_read_as_an_address(text, said):
    assert spoken(mark_code_spans(text)) == said
