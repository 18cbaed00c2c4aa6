"""Issue 24: code written in running text without a code span is read as code is read (dashes named
on their own, command-line options, shell variables), never dropped or turned into a pause; and what
only looks like it (a minus, a dash between clauses, a price, a hyphenated word) keeps its reading.

Cases in the project's own words.
"""

from __future__ import annotations

import pytest

import narrate
from narrate.text.readers import read_lesson

CASES = [
    # dashes that are what the sentence talks about
    ("en", "A pattern starting with -- is not an option (it starts with --).", "A pattern starting with, is not an option (it starts with dash dash)."),
    ("en", 'The separator "--" ends the options.', 'The separator " dash dash " ends the options.'),
    ("en", "Never give a bare -)", "Never give a bare dash)"),
    ("en", "(never a bare -)", "(never a bare dash)"),
    ("es", "(nunca un - solo)", "(nunca un, solo)"),  # between words: a dash between clauses
    ("es", "(nunca un guion: -)", "(nunca un guion: guion)"),
    # options
    ("en", "Use -v to invert the match.", "Use dash v to invert the match."),
    ("en", "Run it with --dry-run first.", "Run it with dash dash dry dash run first."),
    ("en", "Both -n and -r are flags.", "Both dash n and dash r are flags."),
    ("es", "Use la opción -v para invertir.", "Use la opción guion v para invertir."),
    # shell variables
    ("en", "The line echo $name prints each name.", "The line echo dollar name prints each name."),
    ("en", "Print ${HOME} first.", "Print dollar HOME first."),
    ("fr", "La variable $HOME est lue.", "La variable dollar HOME est lue."),
    # a file extension or dotfile after a space
    ("en", "Files ending in .txt are text.", "Files ending in dot t x t are text."),
    ("en", "We can add a .PHONY target.", "We can add a dot PHONY target."),
    ("en", "Edit your .bashrc (or .zshrc) first.", "Edit your dot bashrc (or dot zshrc) first."),
    ("en", ".bashrc is read at login.", "dot bashrc is read at login."),
    # a path from the root, home or here
    ("en", "In the path /home/ana/notes.txt, the last part is the name.", "In the path slash home slash ana slash notes dot t x t, the last part is the name."),
    ("en", "Edit ~/.bashrc and ../raw/a.csv now.", "Edit tilde slash dot bashrc and dot dot slash raw slash a dot c s v now."),
    ("en", "Use and/or here, yes/no there.", "Use and or here, yes or no there."),
    ("en", "Create .github/workflows/ci.yml and src/main.py first.", "Create dot github slash workflows slash ci dot y m l and s r c slash main dot p y first."),
    ("en", "Speed in km/h, input/output.", "Speed in kilometers per hour, input or output."),
    # a date or time format: each letter said
    ("en", "Use the YYYYMMDDhhmmss format.", "Use the Y Y Y Y M M D D h h m m s s format."),
    ("en", "Dates as YYYY-MM-DD and times as HH:MM.", "Dates as Y Y Y Y dash M M dash D D and times as H H colon M M."),
    ("de", "Datum als YYYY-MM-DD.", "Datum als Y Y Y Y Strich M M Strich D D."),
    ("en", "Copy it with dd and MM.", "Copy it with dd and MM."),  # one part alone is no format
    ("de", "Die Dateien .csv und .tsv.", "Die Dateien Punkt c s v und Punkt t s v."),
    # what only looks like code keeps its reading
    ("en", "The value is .5 today.", "The value is point five today."),
    ("en", "It ends here . Then more.", "It ends here. Then more."),
    ("en", "I like it .Then we go.", "I like it.Then we go."),  # a typo, not a dotfile: no "dot" said
    ("en", "It costs $5.", "It costs five dollars."),
    ("en", "Pass -1 too.", "Pass minus one too."),
    ("en", "Type 5 - 3.", "Type five minus three."),
    ("en", "Well -- I think so.", "Well, I think so."),
    ("en", "A well-known method.", "A well-known method."),
    ("en", "The suffix -ness makes a noun.", "The suffix -ness makes a noun."),
]  # fmt: skip


@pytest.mark.parametrize(("language", "written", "said"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_code_in_prose_is_read_as_code(language, written, said):
    assert narrate.spoken(written, language=language) == said


NAMED = [
    # a code span of one symbol right after its name is not read again (a narrator says it once)
    ("The caret (`^`) anchors a match.", "The caret anchors a match."),
    ("Join commands with the vertical bar character `|`.", "Join commands with the vertical bar character."),
    ("Wrap it in braces (`{` and `}`, also called curly brackets).", "Wrap it in braces (also called curly brackets)."),
    ("A line after a hash sign `#` is a comment.", "A line after a hash sign is a comment."),
    ("Start with a tilde (`~`) for home.", "Start with a tilde for home."),
    ("Use a pipe `|` between them.", "Use a pipe between them."),
    ("Type an asterisk (`*`) for any name.", "Type an asterisk for any name."),
    ("Put a backslash `\\` before it.", "Put a backslash before it."),
    ("End with a semicolon (`;`).", "End with a semicolon."),
    ("The square brackets `[` and `]` hold a class.", "The square brackets hold a class."),
    # not named just before: read as code
    ("Replace each comma with `;` first.", "Replace each comma with semicolon first."),
    ("The caret means start; type `^--` for it.", "The caret means start; type caret dash dash for it."),
    ("Anchors (`^` and `$`) fix a match.", "Anchors (caret and dollar) fix a match."),
    ("The pipe (`|` or `>`) sends output on.", "The pipe (pipe or greater than) sends output on."),
]


def _lesson_line(tmp_path, line: str) -> str:
    """The spoken line of a one-paragraph Markdown lesson holding ``line``."""
    source = tmp_path / "l.md"
    source.write_text(f"# Symbols\n\n## Names\n\n{line}\n", encoding="utf-8")
    lesson = read_lesson(source)
    return narrate.spoken(lesson.sections[-1].blocks[-1].text, language="en")


@pytest.mark.parametrize(("written", "said"), NAMED, ids=[w for w, _ in NAMED])
def test_a_symbol_named_just_before_its_code_span_is_said_once(tmp_path, written, said):
    assert _lesson_line(tmp_path, written) == said


NO_RATIO = [
    # (language, a time, timecode or address with colons, the ratio word it must not get)
    ("de", "Der Marathon in 2:01:09.", " zu "),
    ("de", "Um 10:30:15 Uhr.", " zu "),
    ("nl", "In 2:01:09 gelopen.", " op "),
    ("en", "Timecode 01:00:00:00 here.", " to "),
    ("en", "The address 00:11:22:33:44:55 here.", " to "),
]


@pytest.mark.parametrize(("language", "written", "ratio"), NO_RATIO, ids=[w for _, w, _ in NO_RATIO])
def test_a_time_or_address_with_colons_is_no_ratio(language, written, ratio):
    assert ratio not in narrate.spoken(written, language=language)
