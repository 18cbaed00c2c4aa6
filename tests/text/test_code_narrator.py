"""Code read as people read it (issue 24, point 4): prompts not said, calls by their name, options
as "dash", identifiers as their words, paths kept whole, symbols in the lesson's language, and
program output kept in the show notes with a cue. Every sample is our own."""

from __future__ import annotations

import pytest

from narrate.model import CodeBlock
from narrate.pipeline import lesson_script_text
from narrate.text import languages
from narrate.text.code import KEYS, speak_code, speak_code_block
from narrate.text.normalize import spoken
from narrate.text.readers import read_lesson

# (language, code as written, what is spoken)
SPOKEN = [
    ("en", "$ podman image ls", "podman image l s"),
    ("en", "/# exit", "exit"),
    ("en", "user@host:~$ cd ..", "c d dot dot"),
    ("en", ">>> import math", "import math"),
    ("en", "In [2]: total", "total"),
    ("en", "PS C:\\> dir", "dir"),
    ("en", "print()", "print"),
    ("en", "daily_mean()", "daily mean"),
    ("en", "f(x, y)", "f of x and y"),
    ("en", "plot(day=1, kind=2)", "plot with day equals one and kind equals two"),
    ("en", "head -1", "head minus one"),
    ("en", "ls -la", "l s dash l a"),
    ("en", "sleep --delay 5", "sleep dash dash delay five"),
    ("en", "JULIA_NUM_THREADS", "julia num threads"),
    ("en", "max_width", "max width"),
    ("en", "loadData", "load data"),
    ("en", "__init__", "dunder init"),
    ("en", "../config/config.txt", "dot dot slash config slash config dot t x t"),
    ("en", "${name}", "dollar name"),
    ("en", "a - b", "a minus b"),
    ("en", "x = 0.5", "x equals zero point five"),
    ("en", "notes_*", "notes underscore star"),
    (
        "it",
        "wc -l $1/*.$2 | sort -n",
        "w c trattino l dollaro uno barra asterisco punto dollaro due barra verticale sort trattino n",
    ),
    ("it", "../dati/note.txt", "punto punto barra dati barra note punto t x t"),
    ("it", "x_max = 3", "x max uguale tre"),
    ("es", "git add -f lista.dat", "git add guion f lista punto dat"),
    ("es", "log_*", "log guion bajo asterisco"),
    ("es", "$ mkdir -p datos/crudos", "mkdir guion p datos barra crudos"),
    ("es", "a != b", "a distinto de b"),
    ("de", "ls -l ~/daten", "l s Strich l Tilde Schrägstrich daten"),
    ("de", "summe(a, b)", "summe von a und b"),
    ("fr", "cat *.csv > tout.csv", "cat étoile point c s v supérieur à tout point c s v"),
    ("fr", "echo $HOME", "echo dollar HOME"),
    ("pt", "grep -c @ lista.txt", "grep traço c arroba lista ponto t x t"),
    ("nl", "cd /tmp", "c d schuine streep t m p"),
    ("sv", "head -n 2 fil.csv", "head streck n två fil punkt c s v"),
]


@pytest.mark.parametrize(("language", "code", "words"), SPOKEN, ids=[f"{s[0]}:{s[1]}" for s in SPOKEN])
def test_code_is_read_as_people_read_it(language: str, code: str, words: str):
    assert spoken(speak_code(code, language), None, language) == words


# Each kind of bracketed or elided code, read without naming its brackets (module docstring of
# narrate.text.code): (language, code as written, what is spoken).
PLACEHOLDERS = [
    ("en", "{threads}", "threads in braces"),
    ("en", "{params.prefix}", "params dot prefix in braces"),
    ("en", "{input[1]}", "input item one in braces"),
    ("en", '"{0} of {1}"', "zero in braces of one in braces"),
    ("en", "{{ title }}", "title in double braces"),
    ("de", "{output}", "output in geschweiften Klammern"),
    ("es", "{wildcards.run}", "wildcards punto run entre llaves"),
]
SEQUENCES = [
    ("en", "[7, 8]", "the list seven and eight"),
    ("en", "[[0, 1], [1, 0]]", "the list of lists zero and one; one and zero"),
    ("en", "[[1, 2, 3], [4, 5, 6]]", "the list of lists one, two and three; four, five and six"),
    ("en", "(self, name, *args)", "self, name and star args"),
    ("en", "[1, 2, ..., n]", "the list one, two, and so on up to n"),
    ("en", "x = (2, 5)", "x equals two and five in parentheses"),
    ("en", "ys = []", "y s equals empty brackets"),
    ("fr", "[7, 8]", "la liste sept et huit"),
    ("it", "[1, 2, ..., n]", "la lista uno, due, e così via fino a n"),
]
SHELL = [
    ("en", "$(whoami)", "the output of whoami"),
    ("en", "echo $((12*3))", "echo the value of twelve times three"),
    ("en", "$((7 % 2))", "the value of seven modulo two"),
    ("en", '"$@"', "dollar at"),
    ("en", "$<", "dollar less than"),  # make's automatic variables: named as make users say them
    ("en", "ls | wc -l", "l s pipe w c dash l"),
    ("en", "~/notes", "tilde slash notes"),
    ("en", "cp * backup", "c p star backup"),  # a wildcard after a command: no multiplication
    ("en", "wc __ notes.txt", "w c blank notes dot t x t"),
    ("sv", "$(whoami)", "utdata från whoami"),
    ("fr", "$()", "dollar parenthèses vides"),  # the construct itself
    ("en", "#!/usr/bin/env python3", "shebang slash usr slash bin slash env python three"),  # its name
    ("en", "#!", "shebang"),
    ("de", "#!/bin/sh", "Shebang Schrägstrich bin Schrägstrich s h"),
]
PATTERNS = [
    ("en", "'^#'", "caret hash"),
    ("en", "[0-9]{3}", "zero to nine in brackets three times"),
    ("en", "\\w{2,}", "backslash w two times or more"),
    ("en", "[Dd]ata", "D or d in brackets ata"),
    ("en", "[A-Za-z]+", "A to Z or a to z in brackets plus"),
    ("nl", "[0-9]{3}", "nul tot negen tussen blokhaken drie keer"),
]
CALLS = [
    ("en", 'plt.plot(xs, ys, color="red")', "p l t dot plot with x s, y s and color equals red"),
    ("en", 'open("notes.txt", mode="w")', "open with notes dot t x t and mode equals w"),
    ("en", "row['name']", "row item name"),
    ("en", 'config["port"]', "config item port"),
    ("en", 'print("Done, thanks!")', "print of Done, thanks"),
    ("en", "sep=''", "sep equals an empty string"),
    ("en", "dict[str, int]", "dict of s t r and int"),
    ("en", "scores[2:5]", "scores two colon five in brackets"),  # a slice is no item
    ("en", "scores[:-1]", "scores colon minus one in brackets"),
    ("en", '"-".join(parts)', "dash dot join of parts"),
    ("en", "area = w * h", "area equals w times h"),
    ("en", "total / 4", "total divided by four"),
    ("pt", 'open("notas.txt", mode="w")', "open com notas ponto t x t e mode igual w"),
    ("de", 'zeile["name"]', "zeile Element name"),
]
ELLIPSES_AND_NAMES = [
    ("en", "yield ...", "yield something"),
    ("en", "x = ...", "x equals something"),
    ("en", "f(a, ...)", "f of a and so on"),
    ("en", "[3, ...]", "the list three and so on"),
    ("en", "[...]", "something in brackets"),
    ("en", "g(...)", "g of something"),
    ("en", "a1b2c3d4...", "a one b two c three d four and so on"),
    ("en", "git show 9fceb02", "git show nine f c e b zero two"),
    ("en", "_cache", "underscore cache"),  # a leading underscore is typed, so it is said
    ("en", "_", "underscore"),
    ("es", "return ...", "return algo"),
]
KINDS = PLACEHOLDERS + SEQUENCES + SHELL + PATTERNS + CALLS + ELLIPSES_AND_NAMES


@pytest.mark.parametrize(("language", "code", "words"), KINDS, ids=[f"{s[0]}:{s[1]}" for s in KINDS])
def test_brackets_strings_and_ellipses_are_read_without_naming_them(language: str, code: str, words: str):
    assert spoken(speak_code(code, language), None, language) == words


def test_every_language_names_every_symbol():
    for code, language in languages.LANGUAGES.items():
        assert set(language.symbol_words) == KEYS, code
        assert all(language.symbol_words.values()), code


def test_no_english_symbol_word_in_another_language():
    english = {"dot", "slash", "dash", "underscore", "star", "pipe", "paren", "open paren", "equals"}
    for code in languages.LANGUAGES:
        if code != "en":
            said = speak_code("a_(b) = c.d/e|f -g *h", code).split()
            assert not english & set(said), (code, said)


def test_a_code_block_is_read_line_by_line_without_prompts():
    assert speak_code_block("$ cd datos\n\n$ ls -l\n", "es") == ["c d datos", "l s guion l"]


def test_program_output_is_a_show_note_with_a_cue(tmp_path):
    path = tmp_path / "lesson.md"
    path.write_text(
        "# Counting\n\n## Lines\n\nRun the count:\n\n```bash\nwc -l *.txt\n```\n\nYou should see:\n\n"
        "```output\n  3 a.txt\n  4 b.txt\n```\n",
        encoding="utf-8",
    )
    lesson = read_lesson(path)
    assert [b.output for b in lesson.show_notes if isinstance(b, CodeBlock)] == [False, True]
    script = lesson_script_text(path)
    assert "The output is in the show notes." in script
    assert "a dot t x t" not in script  # the output itself is not read
