"""Code, program output, directory trees and terminal sessions on a pasted lesson page: each goes to
the show notes with a short cue, is never read symbol by symbol and never called a "Figure"; the
lesson's sentences around it (and sentences that merely look a little like code) are read.

Every page here is our own, written in the layout a browser's copy of a lesson page has."""

from __future__ import annotations

from pathlib import Path

import pytest

import narrate
from narrate.model import PROMPT_CUES, BulletList, Caption, CodeBlock, Paragraph
from narrate.text.chrome import chrome_kind
from narrate.text.readers import read_lesson

HEAD = """Weather Stations

Every station writes its readings to a small text file once an hour.

"""
AFTER = "\n\nThe readings are ready for the next step of the analysis.\n"

# (id, snippet on the page, text that must be in the show notes)
SESSIONS = [
    ("dollar-prompt", "$ ls data\nrain.csv  wind.csv", "$ ls data"),
    ("dollar-prompts-then-blank-output", "$ cd harbour\n$ wc -l rain.csv\n\n  48 rain.csv", "48 rain.csv"),
    ("percent-prompt", "% head -n 2 wind.csv\ntime,speed\n09:00,12", "% head -n 2"),
    ("python-repl", ">>> total = 3 + 4\n>>> total\n7", ">>> total"),
    ("ipython-cells", "In [1]: len(readings)\nOut[1]: 24", "In [1]:"),
    (
        "venv-prompt",
        "(venv) $ pip install --upgrade gauge-tools\nSuccessfully installed gauge-tools-2.1",
        "pip install",
    ),
]
OUTPUTS = [
    (
        "checker-output-over-blank-lines",
        "$ python check_station.py\n\nChecking 2 files...\n\nrain.csv    OK        24 rows\n"
        "wind.csv    FAILED    bad header\n\nSummary: 1 passed, 1 failed",
        "bad header",
    ),
    (
        "pytest-session",
        "$ pytest tests/\n\n============ test session starts ============\ncollected 3 items\n\n"
        "tests/test_rain.py ...    [100%]\n\n============ 3 passed in 0.08s ============",
        "3 passed in 0.08s",
    ),
    (
        "gtest-like-runner",
        "$ ./run_tests\n\n[ RUN      ] Gauge.ReadsRain\n[       OK ] Gauge.ReadsRain (1 ms)\n\n"
        "[----------] Global test environment tear-down\n[  PASSED  ] 1 test.",
        "Global test environment tear-down",
    ),
    (
        "status-line-after-blank",
        "$ ctest\n1/1 Test #1: rain_totals ......   Passed    0.02 sec\n\n"
        "The following tests FAILED:\n    2 - wind_totals (Failed)",
        "The following tests FAILED:",
    ),
    (
        "julia-style-summary-table",
        "$ julia totals.jl\n\nTest Summary: | Pass  Total\nrain totals   |    3      3",
        "Test Summary:",
    ),
    (
        "traceback-alone",
        'Traceback (most recent call last):\n  File "gauge.py", line 3, in <module>\n'
        "ValueError: the wind speed cannot be negative",
        "ValueError",
    ),
]
SOURCE = [
    (
        "braces-balanced-over-lines",
        "proc countDown(n: int, total: int): int { // stop at zero\n  if n <= 0 then return total;\n  writeln(n);\n"
        "  return countDown(n - 1, total + n);\n}",
        "countDown(n - 1, total + n);",
    ),
    (
        "c-semicolons-and-braces",
        "int wettest(int days[], int n)\n{\n  int best = 0;\n  for (int i = 0; i < n; i++) best = max(best, days[i]);\n"
        "  return best;\n}",
        "int best = 0;",
    ),
    (
        "python-hash-comments",
        "# keep the dry days only, since those are the ones we plot later.\nrain = load('rain.csv')\n"
        "dry = [day for day in rain if day.mm == 0]",
        "keep the dry days only",
    ),
    (
        "python-docstring-over-a-blank-line",
        "def mean(values):\n    '''Return the mean of the values.\n\n    The list must not be empty, or this will fail.\n"
        "    '''\n    return sum(values) / len(values)",
        "or this will fail",
    ),
    (
        "open-bracket-continues",
        "# describe the station\nstation = Station(\n    name='Harbour',\n    height=12,\n    notes='windy on the pier'\n)",
        "windy on the pier",
    ),
    (
        "slash-comments",
        "// add every reading to the running total, one by one.\nlet total = 0;\nfor (const r of readings) {\n  total += r;\n}",
        "running total",
    ),
    ("keyword-end-block", "function wettest(days)\n    return maximum(days)\nend", "maximum(days)"),
]
TREES = [
    (
        "box-drawing-tree",
        "station/\n├── data/\n│   ├── rain.csv\n│   └── wind.csv\n└── README.md",
        "└── README.md",
    ),
    ("ascii-pipe-tree", "|-- notes\n|   -- week1.md\n|   -- week2.md\n|-- scripts\n|   -- tidy.py", "-- tidy.py"),
    ("plus-and-backtick-tree", "gauges\n+-- raw\n|   +-- 2024.csv\n`-- clean", "+-- 2024.csv"),
]
MAKEFILES = [
    (
        "rule-and-recipe",
        "summary.txt: rain.csv wind.csv\n\tpython summarise.py rain.csv wind.csv > summary.txt",
        "summarise.py",
    ),
    ("variable-recipe", 'TMP = ./tmp_gauges\n\necho "Collecting the station files..."\nmkdir $(TMP)', "mkdir $(TMP)"),
    ("clean-target", "clean:\n\trm -f *.png summary.txt", "rm -f *.png"),
    ("pattern-rule", "plots/%.png: data/%.csv plot.py\n\tpython plot.py $< $@", "plot.py $<"),
]
CASES = SESSIONS + OUTPUTS + SOURCE + TREES + MAKEFILES

# sentences a careless reader would take for code: they are the lesson, and are read
PROSE = [
    ("ends-with-colon", "Before you start, check these settings in the station menu:"),
    ("e-g-in-brackets", "Some loggers (e.g. this one) print a short summary at the end."),
    ("semicolon-inside", "The file holds one reading per line; the first line is the header."),
    ("lowercase-import", "import the readings first, then plot them."),
    ("hash-number", "#1 rule of field work: back up your data every evening."),
    ("slashes-first", "// is the operator for whole-number division in Python."),
    ("percent-first", "% of rainy days is shown in the last column of the table."),
    ("braces-in-words", "Use {station} in the file name and the tool fills it in."),
    ("if-sentence", "If the total is below ten, the station is marked as dry."),
]


def page(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "stations.txt"
    path.write_text(text, encoding="utf-8")
    return path


def blocks(lesson) -> list:
    return [b for s in lesson.sections for b in s.blocks]


@pytest.mark.parametrize(("snippet", "kept"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_code_goes_to_the_show_notes(tmp_path, snippet, kept):
    path = page(tmp_path, HEAD + "Look at this:\n\n" + snippet + AFTER)
    lesson = read_lesson(path)
    code = [b for b in blocks(lesson) if isinstance(b, CodeBlock)]
    assert len(code) == 1 and kept in code[0].code
    assert not any(isinstance(b, Caption) for b in blocks(lesson))
    said = narrate.script_text(path)
    assert "show notes" in said and "Figure" not in said
    assert kept not in said and "vertical bar" not in said and "brace" not in said
    assert "The readings are ready for the next step of the analysis." in said  # the lesson goes on


@pytest.mark.parametrize("sentence", [c[1] for c in PROSE], ids=[c[0] for c in PROSE])
def test_prose_is_read(tmp_path, sentence):
    lesson = read_lesson(page(tmp_path, HEAD + sentence + AFTER))
    assert not any(isinstance(b, CodeBlock) for b in blocks(lesson))
    text = " ".join(b.text for b in blocks(lesson) if isinstance(b, Paragraph)) + " " + lesson.summary
    assert sentence.split()[1] in text


@pytest.mark.parametrize(
    "after",
    [
        "We now have both files in the folder.",
        "Next steps\n\nOpen the wind file and look at its first lines.",
        "  • Each file has one reading per hour.",
        "then we get:\n\nOUTPUT\n\nrain.csv 48",
    ],
    ids=["sentence", "heading", "list", "line-over-a-label"],
)
def test_session_output_ends_where_the_lesson_goes_on(tmp_path, after):
    lesson = read_lesson(page(tmp_path, HEAD + "$ ls\n\nrain.csv  wind.csv\n\n" + after + "\n"))
    code = [b for b in blocks(lesson) if isinstance(b, CodeBlock)]
    assert "rain.csv  wind.csv" in code[0].code
    first_words = after.split("\n")[0].strip(" •")
    assert all(first_words not in b.code for b in code)


def test_printed_output_follows_its_code_and_a_heading_does_not(tmp_path):
    text = (
        HEAD + "total = sum(rain)\nprint(f'Total rain: {total} mm')\n\nTotal rain: 41.5 mm\n\n"
        "Step 2: Plot it\n\nNow draw the readings as a bar chart.\n"
    )
    lesson = read_lesson(page(tmp_path, text))
    (code,) = [b for b in blocks(lesson) if isinstance(b, CodeBlock)]
    assert "Total rain: 41.5 mm" in code.code and "Step 2" not in code.code
    assert [s.title for s in lesson.sections][-1] == "Step 2: Plot it"


def test_exercise_with_a_named_solution_is_a_think_pause(tmp_path):
    text = (
        HEAD + "Gauge-3: Compare two stations (10 min)\n\nWhich station had more rain in March?\n\n"
        "Solution: Gauge-3\n\nThe harbour station, by about a third.\n\nKey Points\n\n  • Readings come hourly.\n"
    )
    lesson = read_lesson(page(tmp_path, text))
    (question,) = lesson.quiz
    assert question.open and "Which station had more rain" in question.prompt
    assert question.answers == ("The harbour station, by about a third.",)


def test_a_quiz_answer_named_like_no_exercise_stays_an_answer(tmp_path):
    text = (
        HEAD + "Rain\n\nIt rained.\n\nCheck yourself\n\nWhich gauge is wettest?\n  • Hill\n  • Pier\nSolution: Pier\n"
    )
    (question,) = read_lesson(page(tmp_path, text)).quiz
    assert question.answers == ("Pier",) and not question.open


@pytest.mark.parametrize(
    "line",
    [
        "By The Weather Book Team © Copyright 2024.",
        "This page is licensed under a Creative Commons Attribution 4.0 licence.",
        "Station Notes by Ana Ruiz is licensed under CC BY-SA 4.0[cc][by][sa]",
    ],
)
def test_book_licence_line_is_chrome(line):
    assert chrome_kind(line) == "footer"


@pytest.mark.parametrize(
    "line",
    [
        "The readings are licensed under CC0, so you may reuse them freely.",
        "Code written by the team is licensed under MIT terms unless stated otherwise.",
        "By Ana Ruiz",
    ],
)
def test_licence_sentences_in_a_lesson_are_not_chrome(line):
    assert chrome_kind(line) is None


def test_book_footer_is_dropped(tmp_path):
    text = (
        HEAD + "previous\n\nWind Gauges\n\nnext\n\nSnow Depth\n\nBy Ana Ruiz\n\n"
        "Station Notes by Ana Ruiz is licensed under CC BY 4.0\n"
    )
    said = narrate.script_text(page(tmp_path, text))
    assert "licensed" not in said and "Snow Depth" not in said and "Figure" not in said


def test_solution_that_is_only_code_still_makes_a_think_pause(tmp_path):
    text = (
        HEAD + "Challenge\n\nDry Days\n\nWrite a query that lists the days without rain.\n\nShow me the solution\n\n"
        "SQL\n\n SELECT day FROM Rain WHERE mm = 0;\n\nday\n2024-03-02\n2024-03-09\n\nKey Points\n\n"
        "  • Queries filter rows.\n"
    )
    lesson = read_lesson(page(tmp_path, text))
    (question,) = lesson.quiz
    assert question.open and question.answers == (next(iter(PROMPT_CUES)),)  # "The code is in the show notes."
    (note,) = question.notes
    assert isinstance(note, CodeBlock) and "SELECT day" in note.code and "2024-03-09" in note.code


def test_loose_key_points_list_stays_in_its_box(tmp_path):
    text = HEAD + "Rain\n\nIt rained.\n\nKey Points\n\n  • Gauges read hourly.\n\n  • Files hold one station each.\n"
    lesson = read_lesson(page(tmp_path, text))
    (points,) = lesson.sections[-1].blocks
    assert lesson.sections[-1].title == "Key points" and isinstance(points, BulletList)
    assert points.items == ("Gauges read hourly.", "Files hold one station each.")


# (id, the page's lines as a browser copies them without blank lines, a code line in the show notes,
# a line the listener hears after it)
UNSPACED = [
    ("labelled-shell-box", "Count the lines of each file.\nBASH\n$ wc -l rain.csv\nOUTPUT\n  48 rain.csv\n"
     "The readings are ready for the next step of the analysis.", "$ wc -l rain.csv",
     "The readings are ready for the next step of the analysis."),
    ("copy-button-box", "Load the readings first.\nPython\nCopy\nimport pandas as pd\nreadings = pd.read_csv(\"rain.csv\")\n"
     "Output\n   hour  rain_mm\n0  9     0.4\nThe readings are ready for the next step of the analysis.",
     "import pandas as pd", "The readings are ready for the next step of the analysis."),
    ("notebook-cells", "Average the readings.\nIn [1]:\nreadings.mean()\nOut[1]:\n0.41\nNote\n"
     "The mean hides the heavy showers of the afternoon.", "readings.mean()", "Note."),
]  # fmt: skip


@pytest.mark.parametrize(("snippet", "kept", "after"), [c[1:] for c in UNSPACED], ids=[c[0] for c in UNSPACED])
def test_code_boxes_copied_without_blank_lines_go_to_the_show_notes(tmp_path, snippet, kept, after):
    path = page(tmp_path, HEAD + snippet + "\n")
    code = [b for b in blocks(read_lesson(path)) if isinstance(b, CodeBlock)]
    assert code and kept in code[0].code
    said = narrate.script_text(path)
    assert "Figure" not in said and "In:" not in said and "Copy" not in said
    assert after in said.splitlines() or after in said


def test_a_questions_box_copied_without_its_bullets_is_the_overview_not_a_quiz(tmp_path):
    text = (
        "Rain Gauges\nLast updated on 2026-03-01 | Edit this page\nOverview\nQuestions\n"
        "How do I read a rain gauge?\nObjectives\nRead the level of a gauge.\nLog a reading.\n\n"
        "Reading the level\nThe level is read at eye height.\n\n"
        "Exercise 1\nWhy read at eye height?\nSolution to Exercise 1\nParallax makes the level look wrong.\n"
        "previous\n1. Gauges\nnext\n3. Logging\n"
    )
    lesson = read_lesson(page(tmp_path, text))
    assert [s.title for s in lesson.sections][:2] == ["Overview", "Reading the level"]
    assert [(q.prompt, q.answers) for q in lesson.quiz] == [
        ("Why read at eye height?", ("Parallax makes the level look wrong.",))
    ]
    said = narrate.script_text(page(tmp_path, text))
    assert "previous" not in said.lower() and "Logging" not in said


def test_a_solution_ends_at_the_callout_and_key_points_after_it(tmp_path):
    text = (
        "Rain Gauges\nLast updated on 2026-03-01 | Edit this page\n\nReading the level\nThe level is read at eye height.\n\n"
        "Challenge\nChallenge 1: Why read at eye height?\nShow me the solution\nParallax makes the level look wrong.\n\n"
        "Callout\nEmpty it daily\nA full gauge overflows in the night.\n\n"
        "Key Points\nread the level at eye height.\nlog every reading.\n"
    )
    lesson = read_lesson(page(tmp_path, text))
    assert [q.answers for q in lesson.quiz] == [("Parallax makes the level look wrong.",)]
    said = narrate.script_text(page(tmp_path, text))
    assert (
        said.index("Parallax") < said.index("A full gauge overflows in the night.") < said.index("log every reading.")
    )
    assert "Key Points read" not in said


def test_a_heading_named_like_a_code_label_over_prose_stays_a_heading(tmp_path):
    text = (
        HEAD
        + "Python\nThis section explains how the station scripts use the language.\nIt goes on with more text.\n\nSummary\nThe readings are ready.\n"
    )
    assert [s.title for s in read_lesson(page(tmp_path, text)).sections][-2:] == ["Python", "Summary"]
