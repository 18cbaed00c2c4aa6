"""The script lint (issue 24, point 5): what reaches the spoken script and should not, per file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import narrate
from narrate.cli import main


def _lesson(tmp_path: Path, body: str, language: str = "en") -> Path:
    path = tmp_path / f"lesson-{language}.md"
    path.write_text(
        f"---\ntitle: Sample lesson\nlanguage: {language}\n---\n\n# Sample lesson\n\n## Part one\n\n{body}\n"
    )
    return path


BODY_LINE = 10
"""The line of the lesson body in :func:`_lesson`'s file."""

CASES = [
    # (language, lesson line, kind reported or None for a clean line)
    ("en", "Then echo $$ prints the process number.", "symbol"),
    ("en", "Use a | b to join the two.", "markup name"),
    ("en", "Write dot dot dot where the rest goes.", "markup name"),
    ("en", "Then backslash tells the shell to go on.", "markup name"),
    ("en", "Wrap it in open brace and close brace first.", "markup name"),
    ("en", "We begin equation nine and stop.", "markup name"),
    ("es", "El archivo se abre y luego se escribe slash al final.", "English symbol word"),
    ("es", "La variable equals cero en la segunda vuelta.", "English symbol word"),
    ("en", "Call parseInputLines to read the file.", "likely token"),
    ("en", "The flag XQZVW turns the mode on.", "likely token"),
    ("en", "The word is q r z k j w in the list.", "spelled letters"),
    # clean lines: names, numbers, a language span, a URL read as words, acronyms, rare words
    ("en", "Ada Lovelace and Grace Hopper met Linus Torvalds in 1999.", None),
    ("en", "It costs 3.50 dollars, about 12 percent of 29 items.", None),
    ("en", "In Spanish we say [buenos días]{lang=es} in the morning.", None),
    ("en", "Open https://example.org/docs in a browser.", None),
    ("en", "Save the page as HTML or as a CSV file.", None),
    ("en", "The quokka and the axolotl are rare animals.", None),
    ("es", "Los perros comen más pan que los gatos.", None),
    ("fr", "Il y a plus de chats que de chiens.", None),
    # a symbol's name read from a code span on its line is meant to be heard
    ("en", "Your files live in `~/data` and `~/notes`.", None),
    ("en", "Use `x ^ y` for the power and `a_b` as a name.", None),
    ("en", "Type `wc -l *.txt | sort` to count.", None),
    ("en", "Your files live in ~ slash data, the tilde home.", "markup name"),  # said in prose: reported
]


@pytest.mark.parametrize(("language", "line", "kind"), CASES)
def test_a_table_of_lines(tmp_path, language, line, kind):
    path = _lesson(tmp_path, line, language)
    findings = narrate.lint(path)
    body = [f for f in findings if f.startswith(f"{path}:{BODY_LINE}: ")]
    if kind is None:
        assert findings == []
    else:
        assert [f.split(": ")[1] for f in body] == [kind], findings
        assert body[0].endswith('"') and ': "' in body[0]


def test_a_finding_reads_file_line_kind_and_excerpt(tmp_path):
    path = _lesson(tmp_path, "Use the caret to go up.")
    assert narrate.lint(path) == [f'{path}:{BODY_LINE}: markup name: "Use the caret to go up."']


def test_a_long_sentence_is_cut_to_an_excerpt(tmp_path):
    words = " ".join(["word"] * 30)
    path = _lesson(tmp_path, f"{words} then the underscore and {words}.")
    (finding,) = narrate.lint(path)
    excerpt = finding.split(": ", 2)[2]
    assert "underscore" in excerpt and excerpt.startswith('"...') and len(excerpt) < 80


def test_the_lexicon_keeps_a_token_from_the_report(tmp_path):
    (tmp_path / "course.yaml").write_text("title: A course\nlexicon:\n  parseLines: parse lines\n")
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-one.md").write_text("# One\n\n## Part\n\nCall parseLines and then fooBarBaz.\n")
    findings = narrate.lint(tmp_path)
    assert len(findings) == 1 and "likely token" in findings[0] and "01-one.md:5:" in findings[0]


def test_check_warns_and_passes_then_fails_with_strict(tmp_path):
    path = _lesson(tmp_path, "Then backslash tells the shell to go on.")
    runner = CliRunner()
    result = runner.invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert f'Warning: {path}:{BODY_LINE}: markup name: "Then backslash tells the shell to go on."' in result.output
    strict = runner.invoke(main, ["check", "--strict", str(path)])
    assert strict.exit_code == 1
    assert f"Error: {path}:{BODY_LINE}: markup name:" in strict.output
    assert "OK" not in strict.output


def test_check_of_a_clean_lesson_is_ok_even_with_strict(tmp_path):
    path = _lesson(tmp_path, "The cat sat on the mat.")
    result = CliRunner().invoke(main, ["check", "--strict", str(path)])
    assert (result.exit_code, result.output) == (0, f"{path}: OK\n")


def test_script_lint_prints_the_findings_after_the_script(tmp_path):
    path = _lesson(tmp_path, "The rule is q r z k j w here.")
    result = CliRunner().invoke(main, ["script", "--lint", str(path)])
    assert result.exit_code == 0
    assert result.stdout.startswith("# ") and "Warning" not in result.stdout
    assert f"Warning: {path}:{BODY_LINE}: spelled letters:" in result.output
    strict = CliRunner().invoke(main, ["script", "--lint", "--strict", str(path)])
    assert strict.exit_code == 1 and "Error:" in strict.output


def test_code_read_on_purpose_names_its_symbols(tmp_path):
    path = tmp_path / "code.md"
    path.write_text("---\ntitle: Code\ncode: read\n---\n\n# Code\n\n## Part\n\n```python\nprint(my_value[0])\n```\n")
    assert not [f for f in narrate.lint(path) if "markup name" in f]


def test_say_lines_do_not_change_what_a_build_compares(tmp_path):
    from narrate.model import Say

    assert Say("Hello.", line=3) == Say("Hello.") and repr(Say("Hello.", line=3)) == repr(Say("Hello."))
    path = _lesson(tmp_path, "The cat sat on the mat.")
    (script,) = narrate.script(path)
    assert [c.line for c in script.says()][-1] == BODY_LINE
