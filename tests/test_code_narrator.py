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
