"""Lesson formats authors already have: Carpentries Workbench and legacy kramdown, MyST, Jekyll,
GIFT and Aiken banks. Each fixture (our own words, each format's real syntax) has a golden script.

Refresh after an intended change:  NARRATE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/text/test_dialects.py
(the goldens are made with the pure-Python math speaker, NARRATE_SRE=off, so they do not depend on Node).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import helpers
import pytest

from narrate.errors import ContentError
from narrate.model import TRUE_FALSE, CodeBlock, Table, mark_code
from narrate.pipeline import lesson_script_text
from narrate.text.clauses import unmark_math
from narrate.text.normalize import spoken
from narrate.text.readers import read_lesson

DIALECTS = Path(__file__).parent.parent / "fixtures" / "dialects"
GOLDEN = Path(__file__).parent.parent / "fixtures" / "golden" / "dialects"
SOURCES = sorted(p for p in DIALECTS.iterdir() if p.suffix in (".md", ".gift", ".aiken"))

#: Words that must never be spoken from these fixtures: class names, directive options, template
#: tags, kramdown attributes and math dollars.
NEVER = re.compile(
    r"\b(Callout|Challenge|callout|challenge|language-\w+|dropdown|Class|Label|label|include|links\.md|"
    r"ex-half|fig-decay|nav_order|permalink|toc\.html|endhighlight|highlight|numref|cite|instructor|"
    r"Learners often forget|\.solution|\.output)\b|[$%{}]|dollars?\b"
)


@pytest.fixture(autouse=True)
def _no_sre(monkeypatch):
    monkeypatch.setenv("NARRATE_SRE", "off")


@pytest.mark.parametrize("source", SOURCES, ids=[p.name for p in SOURCES])
def test_dialect_script_matches_golden(source: Path):
    text = lesson_script_text(source)
    helpers.assert_matches_golden(text, GOLDEN / f"{source.stem}.script.txt")


@pytest.mark.parametrize("source", SOURCES, ids=[p.name for p in SOURCES])
def test_nothing_speaks_markup(source: Path):
    said = [line for line in lesson_script_text(source).splitlines() if not line.startswith(("#", "    ("))]
    for line in said:
        if any(ok in line for ok in ("dollar name", "dollar sign", "harbour fee")):  # code `$name`; money "$5"
            continue
        assert not NEVER.search(line), line


@pytest.mark.parametrize(
    ("name", "questions"),
    [("workbench-pipes.md", 2), ("legacy-loops.md", 1), ("myst-decay.md", 1)],
)
def test_every_challenge_with_a_solution_is_a_question_with_a_think_pause(name: str, questions: int):
    lesson = read_lesson(DIALECTS / name)
    assert len(lesson.quiz) == questions
    assert all(q.open and q.answers[0] for q in lesson.quiz)
    script = lesson_script_text(DIALECTS / name)
    assert script.count("(think pause") == questions
    for q_text in script.split("## Question ")[1:]:
        think = q_text.index("(think pause")
        assert "Here is a solution." in q_text[think:]  # the solution only after the pause
        assert "Here is a solution." not in q_text[:think]


def test_workbench_structure():
    lesson = read_lesson(DIALECTS / "workbench-pipes.md")
    assert [s.title for s in lesson.sections] == ["Overview", "Counting lines", "Pipes", "Key points"]
    blocks = lesson.sections[1].blocks
    codes = [b for b in blocks if isinstance(b, CodeBlock)]
    assert [(c.language, c.output) for c in codes] == [("bash", False), ("", True)]
    assert lesson.quiz[0].prompt.startswith("Which file is longest?")
    assert "w c dash l star dot c s v pipe sort dash n dash r pipe head dash n two" in spoken(lesson.quiz[0].answers[0])


def test_jekyll_table_next_and_money():
    lesson = read_lesson(DIALECTS / "jekyll-tides.md")
    table = next(b for s in lesson.sections for b in s.blocks if isinstance(b, Table))
    assert table.header == ("place", "high tide", "height")
    assert table.rows[0] == ("Harbour", "06:10", "3.2 m")
    assert lesson.next_lessons == ("Spring and Neap Tides", "Reading a Tide Chart")
    script = lesson_script_text(DIALECTS / "jekyll-tides.md")
    assert "Row one: place, Harbour; high tide, six ten; height, three point two meters." in script
    assert "a harbour fee of five dollars and a mooring of ten dollars" in script
    assert "the fraction with numerator one" not in script  # the fallback, not SRE, made this golden


def test_front_matter_of_other_tools_is_one_warning(caplog):
    with caplog.at_level(logging.WARNING):
        read_lesson(DIALECTS / "legacy-loops.md")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert warnings[0].endswith(
        "legacy-loops.md:1: front matter keys narrate does not use, ignored: teaching, exercises, layout"
    )


def test_next_section_with_prose_is_a_section(tmp_path):
    path = tmp_path / "l.md"
    path.write_text("# T\n\n## Next Steps\n\nTry the same loop on your own files.\n", encoding="utf-8")
    lesson = read_lesson(path)
    assert [s.title for s in lesson.sections] == ["Next Steps"]
    assert lesson.next_lessons == ()


def test_section_with_only_subsections(tmp_path):
    path = tmp_path / "l.md"
    path.write_text("# T\n\n## Part one\n\n### A\n\nText a.\n\n### B\n\nText b.\n", encoding="utf-8")
    assert [s.title for s in read_lesson(path).sections] == ["Part one", "A", "B"]


def test_gift_bank_is_a_drill_whose_chapters_are_the_questions(caplog):
    with caplog.at_level(logging.WARNING):
        lesson = read_lesson(DIALECTS / "rivers-drill.gift")
    assert len(lesson.quiz) == 20 and lesson.sections == ()
    kinds = {("open" if q.open else "choice" if q.options else "blank") for q in lesson.quiz}
    assert kinds == {"open", "choice", "blank"}
    assert sum(q.options == TRUE_FALSE for q in lesson.quiz) == 5
    assert [q.topic for q in lesson.quiz][::7] == ["Shapes of rivers", "Water and speed", "Life in rivers"]
    skipped = [r.getMessage().split(": ", 1)[1] for r in caplog.records]
    assert skipped == [
        "question 'Essay' left out: an essay question with no feedback has no answer to read",
        "question 'Picture' left out: its text is only an image, which cannot be spoken",
    ]
    script = lesson_script_text(DIALECTS / "rivers-drill.gift")
    chapters = [line[3:] for line in script.splitlines() if line.startswith("## ")]
    assert chapters[0] == "Introduction"
    assert [c.split(": ", 1)[0] for c in chapters[1:]] == [f"Question {n}" for n in range(1, 21)]
    assert chapters[1] == "Question 1: What do we call a wide bend in a slow lowland river?"  # titled by its prompt
    assert script.count("(think pause") == 20


def test_gift_renamed_to_txt_is_still_a_bank(tmp_path):
    path = tmp_path / "bank.txt"
    path.write_text((DIALECTS / "rivers-drill.gift").read_text(encoding="utf-8"), encoding="utf-8")
    lesson = read_lesson(path)
    assert len(lesson.quiz) == 20
    assert "Figure" not in lesson_script_text(path)


def test_aiken_renamed_to_txt_is_still_a_bank(tmp_path):
    path = tmp_path / "bank.txt"
    path.write_text((DIALECTS / "plants-drill.aiken").read_text(encoding="utf-8"), encoding="utf-8")
    lesson = read_lesson(path)
    assert [q.answers[0] for q in lesson.quiz] == ["Carbon dioxide", "The leaves", "Water and minerals"]


@pytest.mark.parametrize(
    ("suffix", "text", "line", "message"),
    [
        (".gift", "::A:: Two and two {=four\n\n", 1, "never closed"),
        (".gift", "::A:: Pick {~a ~b}\n", 1, "no right answer"),
        (".gift", "Just a description, no question.\n", 1, "no GIFT question that can be spoken"),
        (".aiken", "Q?\nA. x\nB. y\nANSWER: C\n", 4, "answer 'C' is not one of the options A, B"),
        (".aiken", "Q?\nA. x\nB. y\n\nNext question\n", 1, "question 'Q?' has no 'ANSWER: X' line"),
    ],
)
def test_bank_errors(tmp_path, suffix, text, line, message):
    from narrate.errors import strictness

    path = tmp_path / f"bank{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err, strictness(True):  # what Moodle leaves out: an error when strict
        read_lesson(path)
    assert err.value.line == line and message in str(err.value)


def _lesson(tmp_path: Path, text: str, name: str = "l.md"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_lesson(path)


def test_image_attributes_are_dropped_and_alt_gives_the_caption(tmp_path):
    lesson = _lesson(tmp_path, "# T\n\n## S\n\n![](fig/a.svg){alt='Two\nbulges' width=\"50%\"}\n\nAfter.\n")
    blocks = lesson.sections[0].blocks
    assert [type(b).__name__ for b in blocks] == ["Caption", "Paragraph"]
    assert blocks[0].text == "Two bulges" and blocks[1].line == 8  # lines kept


def test_shell_variables_between_dollars_are_not_math(tmp_path):
    lesson = _lesson(tmp_path, "# T\n\n## S\n\nRun cp $filename original-$filename now; $x_2$ is math.\n")
    assert unmark_math(lesson.sections[0].blocks[0].text) == "Run cp $filename original-$filename now; x sub 2 is math."


def test_workbench_content_before_any_heading_is_an_overview(tmp_path):
    lesson = _lesson(tmp_path, "---\ntitle: T\n---\n\nSome intro.\n\n```bash\nls\n```\n\n## S\n\nText.\n")
    assert [s.title for s in lesson.sections] == ["Overview", "S"]
    assert lesson.subtitle == "Some intro."


def test_gated_exercise_and_solution_and_myst_targets(tmp_path):
    text = (
        "# Growth\n\n(growth-intro)=\n## Model\n\nCapital grows.\n\n"
        "```{exercise-start}\n:label: g-ex\n```\n\nDouble $k_0$. What is $k_1$?\n\n```{exercise-end}\n```\n\n"
        "```{solution-start} g-ex\n:class: dropdown\n```\n\nIt is $2 k_0$.\n\n"
        "```{code-cell} ipython3\nprint(2)\n```\n\n```{solution-end}\n```\n"
    )
    lesson = _lesson(tmp_path, text)
    assert [s.title for s in lesson.sections] == ["Model"]
    assert lesson.sections[0].blocks[0].text == "Capital grows."
    (q,) = lesson.quiz
    assert q.open and unmark_math(q.prompt) == "Double k sub 0. What is k sub 1?"
    assert tuple(map(unmark_math, q.answers)) == (
        f"It is 2 k sub 0. {mark_code('print(2)')}.",
    )  # a one-line answer is read
    assert spoken(q.answers[0]) == "It is two k sub zero. print of two."


def test_equation_arrays_are_said_row_by_row(tmp_path):
    lesson = _lesson(tmp_path, "# T\n\n## S\n\n$$\n\\begin{aligned}\nx &= 1 \\\\\ny &\\leq 2\n\\end{aligned}\n$$\n")
    assert unmark_math(lesson.sections[0].blocks[0].text) == "x equals 1, y is less than or equal to 2"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "content-format.md"


def test_docs_examples_of_each_format_read(tmp_path):
    """docs/content-format.md shows each format with a short example: each reads (annotations "← ..." off)."""
    docs = DOCS.read_text(encoding="utf-8")
    others = docs[docs.index("## Lessons from other tools") : docs.index("## Plain-text lesson page")]
    blocks = re.findall(r"^(`{3,4})(markdown|gift|text)\n(.*?)^\1$", others, re.S | re.M)
    suffixes = {"markdown": ".md", "gift": ".gift", "text": ".aiken"}
    quizzes = []
    for n, (_, kind, body) in enumerate(blocks):
        path = tmp_path / f"example{n}{suffixes[kind]}"
        path.write_text(re.sub(r"[ \t]+←.*$", "", body, flags=re.M), encoding="utf-8")
        lesson = read_lesson(path)
        quizzes.append(len(lesson.quiz))
        said = lesson_script_text(path)
        assert not re.search(r"[{}%$]|dropdown|ex-half|include|questions:", said), said
    assert quizzes == [1, 1, 1, 1, 0, 5, 1]  # Workbench, legacy, MyST, MkDocs/Quarto, Jekyll, GIFT, Aiken


def test_yaml_lesson_holds_code_tables_open_questions_and_drills(tmp_path):
    path = tmp_path / "drill.yaml"
    path.write_text(
        "title: Drill\ncode: read\nquiz:\n  - prompt: Why?\n    solution: Because.\n    topic: Basics\n",
        encoding="utf-8",
    )
    lesson = read_lesson(path)
    assert lesson.sections == () and lesson.read_code is True
    assert lesson.quiz[0].open and lesson.quiz[0].answers == ("Because.",) and lesson.quiz[0].topic == "Basics"
    path.write_text("title: T\ncode: aloud\nsections: [{title: S, body: [x]}]\n", encoding="utf-8")
    with pytest.raises(ContentError, match="'code' must be 'read'") as err:
        read_lesson(path)
    assert err.value.line == 2


def test_code_read_reads_blocks_aloud_and_never_output(tmp_path):
    body = "## S\n\n```bash\nls -l *.csv\n```\n\n```output\n12 a.csv\n```\n"
    notes = _lesson(tmp_path, "# T\n\n" + body)
    read = _lesson(tmp_path, "---\ncode: read\n---\n# T\n\n" + body, "read.md")
    assert "A code example, in the show notes." in lesson_script_text(notes.source)
    said = lesson_script_text(read.source)
    assert "l s dash l star dot c s v." in said and "twelve" not in said
    assert "A code example" not in said and "The output is in the show notes." in said  # output: a cue, never read


def test_show_notes_carry_the_code_and_tables(tmp_path):
    from narrate.publish.feed import episode_description

    lesson = _lesson(
        tmp_path,
        "# T\n\n## S\n\n```bash\nls -l *.csv\n```\n\n```output\n12 a.csv\n```\n\n| a | b |\n|---|---|\n| 1 | <2> |\n",
    )
    assert [type(b).__name__ for b in lesson.show_notes] == ["CodeBlock", "CodeBlock", "Table"]
    notes = episode_description(lesson)
    assert notes.endswith(
        "<pre><code>ls -l *.csv</code></pre><pre><code>12 a.csv</code></pre><pre><code>a | b\n1 | &lt;2&gt;</code></pre>"
    )  # program output is a show note too: the listener is told it is there


def test_titles_narrate_gives_are_said_in_the_lessons_language(tmp_path):
    text = (
        "---\ntitle: Bucles\nlanguage: es\n---\n\n::::: objectives\n- Escribir un bucle.\n:::::\n\n"
        "## Bucles\n\nUn bucle repite órdenes.\n\n::::: callout\nUsa `$nombre` para leer la variable.\n:::::\n\n"
        "::::: challenge\n## ¿Qué imprime?\n\n```bash\nfor f in a b; do echo $f; done\nls\n```\n\n"
        "::: solution\nImprime a y b.\n:::\n:::::\n\n::::: keypoints\n- Un bucle repite.\n:::::\n"
    )
    script = lesson_script_text(_lesson(tmp_path, text).source)
    for said in ("## Resumen", "Objetivos.", "Nota.", "## Puntos clave", "El código está en las notas del episodio."):
        assert said in script, said
    for english in ("Overview", "Objectives", "Note.", "Key points", "show notes"):
        assert english not in script, english


def test_gift_descriptions_cloze_and_questions_without_blank_lines(tmp_path):
    bank = (
        "::Intro::Choose the word that fits.\n"
        "::A:: Bees make {~milk~=honey~silk}.\n"
        "::B:: Spiders spin {1:MC:~=silk~wool} webs and ants live in {1:SA:=colonies~=nests}.\n"
        "::C:: Moths fly by day. {F}\n"
    )
    path = tmp_path / "insects.gift"
    path.write_text(bank, encoding="utf-8")
    lesson = read_lesson(path)
    a, b, c = lesson.quiz
    assert (a.prompt, a.options, a.answers) == ("Bees make _____.", ("milk", "honey", "silk"), ("honey",))
    # a choice gap's options follow its blank
    assert (b.prompt, b.answers) == (
        "Spiders spin _____ (silk, wool) webs and ants live in _____.",
        ("silk", "colonies"),
    )
    assert c.answers == (TRUE_FALSE[1],)
    assert {q.topic for q in lesson.quiz} == {"Choose the word that fits."}  # said once, before question one
    script = lesson_script_text(path)
    assert script.count("Choose the word that fits.") == 1
    assert "The answers are: silk, and colonies." in script or "The answers are: silk and colonies." in script


@pytest.mark.e2e
def test_gift_bank_builds_one_drill_episode_whose_chapters_are_the_questions(tmp_path):
    """Real espeak-ng and ffmpeg: the 20-question bank is one MP3 with a chapter per question."""
    from helpers import probe_chapters

    from narrate.options import BuildOptions
    from narrate.pipeline import build
    from narrate.publish.check import check_output

    result = build(DIALECTS / "rivers-drill.gift", tmp_path / "out", BuildOptions(engine="pyttsx3"))
    (episode,) = result.episodes
    mp3 = tmp_path / "out" / episode.audio_file
    titles = [title for title, _, _ in probe_chapters(mp3)]
    assert titles == [c.title for c in episode.chapters]
    assert titles[0] == "Introduction" and [t.split(": ", 1)[0] for t in titles[1:]] == [
        f"Question {n}" for n in range(1, 21)
    ]
    assert titles[1] == "Question 1: What do we call a wide bend in a slow lowland river?"
    assert [p for p in check_output(tmp_path / "out")] == []


@pytest.mark.parametrize(
    ("course", "lesson", "reads"),
    [("", "", False), ("code: read\n", "", True), ("code: read\n", "code: notes\n", False), ("", "code: read\n", True)],
)
def test_code_read_course_and_lesson(tmp_path, course, lesson, reads):
    from narrate.config import load_config
    from narrate.text.script import build_script, render_script

    (tmp_path / "course.yaml").write_text(f"title: C\n{course}", encoding="utf-8")
    path = tmp_path / "l.md"
    path.write_text(f"---\ntitle: T\n{lesson}---\n\n## S\n\n```python\nprint(x)\n```\n", encoding="utf-8")
    script = render_script(build_script(read_lesson(path), load_config(tmp_path / "course.yaml")))
    assert ("print of x." in script) is reads
    assert ("A code example, in the show notes." in script) is not reads


def test_course_code_key_is_checked(tmp_path):
    from narrate.config import load_config
    from narrate.errors import ConfigError

    (tmp_path / "course.yaml").write_text("title: C\ncode: aloud\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="code must be 'read'") as err:
        load_config(tmp_path / "course.yaml")
    assert err.value.line == 2


def test_hugo_shortcodes_and_mathml(tmp_path):
    text = (
        '# T\n\n## S\n\n{{< figure src="w.png" caption="A wave breaking" >}}\n\n'
        "Waves {{% notice %}}carry{{% /notice %}} energy.\n\n"
        "<math><mi>E</mi><mo>=</mo><mi>h</mi><mi>f</mi></math>\n"
    )
    blocks = _lesson(tmp_path, text).sections[0].blocks
    assert [(type(b).__name__, unmark_math(b.text)) for b in blocks] == [
        ("Caption", "A wave breaking"),
        ("Paragraph", "Waves carry energy."),
        ("Paragraph", "E equals h f"),  # MathML, spoken as math
    ]


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("Prices: $5 and $10 today.", "Prices: $5 and $10 today."),  # money, left to the normaliser
        ("Between $5 and $7 an hour.", "Between $5 and $7 an hour."),
        ("Let $ p_t $ be a price.", "Let p sub t be a price."),
        ("Take $n = 0, 1, \\ldots, $ in turn.", "Take n equals 0, 1, and so on, in turn."),
        ("So $x = \\begin{bmatrix} 1 \\\\ 3 \\end{bmatrix}$ here.", "So x equals the column vector 1, 3 here."),
    ],
)
def test_dollars_math_or_money(tmp_path, written, said):
    assert unmark_math(_lesson(tmp_path, f"# T\n\n## S\n\n{written}\n").sections[0].blocks[0].text) == said


def test_code_of_challenges_goes_to_the_show_notes():
    lesson = read_lesson(DIALECTS / "legacy-loops.md")
    (q,) = lesson.quiz
    assert q.notes == ()  # its one-line loop is read in the question itself
    lesson = read_lesson(DIALECTS / "myst-decay.md")
    assert [type(b).__name__ for b in lesson.show_notes] == ["CodeBlock", "Table"]


def test_long_code_in_a_challenge_is_a_cue_and_a_show_note(tmp_path):
    text = "# T\n\n## S\n\nText.\n\n::: challenge\n## Read it\n\n```python\nfor x in y:\n    print(x)\n```\n\n::: solution\nIt prints y.\n:::\n:::\n"
    lesson = _lesson(tmp_path, text)
    assert [b.code for b in lesson.quiz[0].notes] == ["for x in y:\n    print(x)"]
    assert lesson.show_notes == lesson.quiz[0].notes
    assert "The code is in the show notes." in lesson_script_text(lesson.source)


def test_docs_yaml_lesson_example_reads(tmp_path):
    yaml_text = re.search(r"## YAML lesson\n\n```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S).group(1)
    path = tmp_path / "example.yaml"
    path.write_text(yaml_text, encoding="utf-8")
    lesson = read_lesson(path)
    assert [type(b).__name__ for b in lesson.sections[0].blocks][-2:] == ["CodeBlock", "Table"]
    assert lesson.quiz[-1].open and lesson.quiz[-1].topic == "Circuits" and len(lesson.quiz[-1].notes) == 1
    assert lesson.read_code is False


def test_kramdown_table_of_contents_is_not_read(tmp_path):
    text = "---\ntitle: T\nlayout: page\n---\n\n## S\n{: .no_toc }\n\n* TOC\n{:toc}\n\nText.\n"
    assert [(type(b).__name__, b.text) for b in _lesson(tmp_path, text).sections[0].blocks] == [("Paragraph", "Text.")]


# ---------------------------------------------------------------- solutions never read before a think pause


@pytest.mark.parametrize(
    ("quote", "prompt", "answer"),
    [
        (
            "> ## Spot the bug\n>\n> What is wrong with `1 +`?\n>\n> > ## Solution\n> >\n> > Nothing follows the plus.\n"
            "> {: .solution}\n",
            "Spot the bug. What is wrong with one plus?",
            "Nothing follows the plus.",
        ),
        (
            "> ## Spot the bug\n>\n> Why does it stop?\n>\n> > ## Solution\n> > The loop has no body.\n",
            "Spot the bug. Why does it stop?",
            "The loop has no body.",
        ),
        ("> Which gas is inert?\n>\n> > ## Answer\n> > Neon.\n", "Which gas is inert?", "Neon."),
        ("> Which gas is inert?\n>\n> > Argon.\n> {: .solution}\n", "Which gas is inert?", "Argon."),
        (
            "> ## Encuentra el error\n>\n> ¿Qué falta?\n>\n> > ## Solución\n> > Falta el cierre.\n",
            "Encuentra el error. ¿Qué falta?",
            "Falta el cierre.",
        ),
    ],
)
def test_a_quote_holding_a_solution_is_a_challenge_without_its_class_line(tmp_path, quote, prompt, answer):
    path = tmp_path / "l.md"
    path.write_text(f"# T\n\n## S\n\nText.\n\n{quote}\nAfter.\n", encoding="utf-8")
    lesson = read_lesson(path)
    (q,) = lesson.quiz
    assert (spoken(q.prompt), q.answers, q.open) == (prompt, (answer,), True)
    assert [b.text for b in lesson.sections[0].blocks] == ["Text.", "After."]  # the answer is not read before


def test_a_quote_with_a_quote_that_is_no_solution_stays_a_callout(tmp_path):
    path = tmp_path / "l.md"
    path.write_text("# T\n\n## S\n\n> ## Aside\n>\n> Words.\n>\n> > Quoted words.\n", encoding="utf-8")
    lesson = read_lesson(path)
    assert lesson.quiz == () and lesson.sections[0].blocks[0].text == "Words. Quoted words."


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("::: solution\nThe answer.\n:::\n", 7),
        ("> ## Solution\n> The answer.\n{: .solution}\n", 7),
        ("::: challenge\nWhy?\n:::\n\n::: solution\nBecause.\n:::\n", 11),
        ("::: callout\nA note.\n\n::: solution\nInside a callout.\n:::\n:::\n", 10),
        ("::: solution\n## Solution 1\n\nThe first.\n:::\n\n## Next\n\nMore.\n", 7),
    ],
)
def test_a_workbench_solution_outside_any_challenge_is_an_error(tmp_path, text, line):
    path = tmp_path / "l.md"
    path.write_text("# T\n\n## S\n\nText.\n\n" + text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        read_lesson(path)
    assert (err.value.line, err.value.problem) == (
        line,
        "a 'solution' outside any challenge would be read before the listener could think: "
        "put it inside its '::: challenge' (or the '{: .challenge}' quote)",
    )


SITE_PAGES = [
    # (file name, what its own site publishes under "## Boiling", what `narrate script` says in order from
    # "Water boils.", the warning lines): each tool's syntax is read as its page shows it, never as markup
    # GitHub task lists: the box is not said; under a quiz heading it marks the right option
    ("tasks.md", "- [ ] Fill the kettle\n- [x] Find the lid\n- [X] Wipe the spout\n",
     ["Water boils.", "Fill the kettle.", "Find the lid.", "Wipe the spout."], []),
    ("tasks.md", "1. [x]\tWarm the pot\n2. [ ]\n   Add the leaves\n", ["Water boils.", "Warm the pot.", "Add the leaves."], []),
    ("tasks.md", "## Quiz\n\n### Which boils first?\n\n- [ ] A full kettle\n- [x]\tA half kettle\n",
     ["[host] Question one. Which boils first? Is it option A: A full kettle, or option B: A half kettle?",
      "(think pause 5.00 s)", "[host] The answer is option B: A half kettle."], []),
    ("tasks.md", "## Quiz\n\n### Which boils first?\n\n- [X]\n  A half kettle\n- [ ] A full kettle\n",
     ["[host] Question one. Which boils first? Is it option A: A half kettle, or option B: A full kettle?",
      "(think pause 5.00 s)", "[host] The answer is option A: A half kettle."], []),
    # Quarto and R Markdown chunks: code of their language; options never said; a caption said as one
    ("rain.qmd", '```{r}\nrain <- read.csv("rain.csv")\n```\n\nThen sort it.\n',
     ["Water boils.", "A code example, in the show notes.", "Then sort it."], []),
    ("rain.Rmd", "```{r peek, echo=FALSE}\nsummary(rain)\n```\n\nThen sort it.\n", ["Water boils.", "Then sort it."], []),
    ("rain.qmd", '```{python}\n#| echo: false\n#| fig-cap: "Rain by month"\nplot(rain)\n```\n',
     ["Water boils.", "Figure: Rain by month."], []),
    ("rain.Rmd", '```{r by-year, fig.cap="Rain by year"}\nplot(rain$year)\n```\n',
     ["Water boils.", "A code example, in the show notes.", "Figure: Rain by year."], []),
    ("rain.qmd", "```{julia}\n#| include: false\nusing Plots\n```\n\n```{bash}\nls -l\n```\n",
     ["Water boils.", "A code example, in the show notes."], []),
    ("rain.qmd", "```{ojs}\n//| echo: false\nviewof n = Inputs.range([0, 9])\n```\n\nThen sort it.\n",
     ["Water boils.", "Then sort it."], []),
    ("rain.Rmd", "The mean is `r mean(rain$mm)` millimetres.\n", ["Water boils.", "The mean is millimetres."],
     ["9: a computed value `r mean(rain$mm)` is not known to narrate: its sentence is read without it"]),
    ("rain.qmd", "We kept `{python} len(days)` days.\n", ["Water boils.", "We kept days."],
     ["9: a computed value `{python} len(days)` is not known to narrate: its sentence is read without it"]),
    ("rain.md", "Run `r script.R` again.\n", ["Water boils.", "Run r script dot R again."], []),  # no R Markdown
    # MDX: module lines, comments and component tags are not said; a tab is a callout titled by its label
    ("tea.mdx", "import Tabs from '@theme/Tabs';\nexport const Hot = () => <b>hot</b>;\n\n{/*\nfor editors\n*/}\n\n"
     "Then pour.\n", ["Water boils.", "Then pour."], []),
    ("tea.mdx", '<Tabs groupId="pot">\n<TabItem value="glass" label="Glass pot">\n\nWatch the leaves.\n\n</TabItem>\n'
     '<TabItem\n  value="clay"\n>\n    Warm it first.\n</TabItem>\n</Tabs>\n',
     ["Water boils.", "Glass pot.", "Watch the leaves.", "clay.", "Warm it first."], []),
    ("tea.mdx", '<Tabs>\n  <TabItem value="glass" label="Glass pot">\n\nWatch the leaves.\n\nThen the colour.\n\n'
     '  </TabItem>\n</Tabs>\n',  # a tab's text written less indented than its tag: every letter kept
     ["Water boils.", "Glass pot.", "Watch the leaves.", "Then the colour."], []),
    ("tea.mdx", "Use <Kbd>Enter</Kbd> to pour {/* or Space */} it.\n", ["Water boils.", "Use Enter to pour it."], []),
    # Docusaurus admonitions: callouts with the author's title, else their kind's
    ("tea.mdx", ":::tip Saving time\n\nBoil only what you need.\n\n:::\n", ["Water boils.", "Saving time.", "Boil only what you need."], []),
    ("tea.md", ":::note[Heads up]\nKeep the lid on.\n:::\n", ["Water boils.", "Heads up.", "Keep the lid on."], []),
    ("tea.md", ":::info\nTea has caffeine.\n:::\n\n:::danger\nSteam burns.\n:::\n",
     ["Water boils.", "Info.", "Tea has caffeine.", "Danger.", "Steam burns."], []),
]  # fmt: skip


@pytest.mark.parametrize(("name", "body", "said", "warnings"), SITE_PAGES, ids=range(len(SITE_PAGES)))
def test_pages_of_other_sites_are_read_as_they_show(tmp_path, name, body, said, warnings):
    from test_lenient_markdown import _run, assert_said_in_order

    lesson = tmp_path / name
    lesson.write_text(f"---\ntitle: Kettles\n---\n\n## Boiling\n\nWater boils.\n\n{body}", encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    assert_said_in_order(result.stdout, said)
    assert [line for line in result.stderr.splitlines() if "Warning" in line] == [
        f"Warning: {lesson}:{warning}" for warning in warnings
    ]
    for markup in ("bracket", "#|", "echo", "import", "TabItem", "editors", "unknown", ":::", "Hash"):
        assert markup not in result.stdout


def test_chunk_options_are_never_code_and_a_tab_keeps_its_code(tmp_path):
    lesson = tmp_path / "rain.qmd"
    lesson.write_text(
        "---\ntitle: Rain\n---\n\n## Plots\n\n```{r}\n#| label: fig-rain\n#| code-fold: true\nplot(rain)\n```\n\n"
        "````markdown\n```{r}\nx <- 1\n```\n````\n",
        encoding="utf-8",
    )
    codes = [(b.language, b.code) for b in read_lesson(lesson).sections[0].blocks if isinstance(b, CodeBlock)]
    assert codes == [("r", "plot(rain)"), ("markdown", "```{r}\nx <- 1\n```")]  # chunk syntax shown as written
    page = tmp_path / "tea.mdx"
    page.write_text(
        '# Tea\n\n## Pots\n\nPick one.\n\n<Tabs>\n  <TabItem value="py" label="Python">\n\n    ```python\n'
        "    pour(cup)\n    ```\n\n  </TabItem>\n</Tabs>\n\n```js\nimport Tabs from '@theme/Tabs';\n```\n",
        encoding="utf-8",
    )
    blocks = read_lesson(page).sections[0].blocks
    assert [(b.language, b.code) for b in blocks if isinstance(b, CodeBlock)] == [
        ("python", "pour(cup)"),
        ("js", "import Tabs from '@theme/Tabs';"),  # in a code fence: code, as written
    ]


INLINE_TEXT = [
    # (file name, language, what is written under "## Boiling" after "Water boils.", what `narrate script` says in
    # order from "Water boils." (or the first line given), the warning lines): inline text read as its page shows it
    # footnotes: each read once, at the end of the paragraph that first cites it; one cited nowhere is a warning
    ("keys.md", "en", "Press Meta to move one word.[^1] Then go on.\n\nNext line.\n\n"
     "[^1]: On macOS, enable the Option key as Meta.\n",
     ["Water boils.", "Press Meta to move one word.", "Then go on.", "Footnote: On macOS, enable the Option key as Meta.",
      "Next line."], []),
    ("keys.md", "en", "- Fill it[^a]\n- Heat it^[Gas or *electric*]\n\nStir again[^a].\n\n[^a]: Cold water only\n",
     ["Water boils.", "Fill it.", "Footnote: Cold water only.", "Heat it.", "Footnote: Gas or electric.", "Stir again."],
     []),
    ("keys.md", "en", "Stir.\n\n[^z]: Never cited.\n", ["Water boils.", "Stir."],
     ["11: footnote '[^z]' is cited nowhere in the text: not read"]),
    ("sel.md", "fr", "Ajoutez le sel.[^1]\n\n[^1]: Une pincée suffit.\n",
     ["Note de bas de page: Une pincée suffit."], []),
    # Quarto cross references: what they point to, never their label; a table caption before its table
    ("rain.qmd", "en", "@fig-rain shows the totals.\n\nSee @sec-next for more, and @tbl-summary below.\n\n"
     "It rose [@fig-month; @fig-year], as [-@eq-fit] shows. Mail ana@fig-co.org or @alice.\n",
     ["Water boils.", "The figure shows the totals.", "See the section for more, and the table below.",
      "It rose the figure and the figure, as the equation shows.", "Mail ana at fig dash co dot org or at alice."], []),
    ("rain.qmd", "en", "| month | mm |\n|---|---|\n| May | 40 |\n\n: Summary of the year {#tbl-summary}\n\nDone.\n",
     ["Water boils.", "Table: Summary of the year.", "Row one: month, May; mm, forty.", "Done."], []),
    ("rain.md", "en", "Table: Rain by month\n\n| month | mm |\n|---|---|\n| May | 40 |\n",
     ["Water boils.", "Table: Rain by month.", "Row one: month, May; mm, forty."], []),
    ("rain.qmd", "en", "## Next steps {#sec-next}\n\nSee Figure [-@fig-rain].\n",
     ["Water boils.", "## Next steps", "Next steps.", "See the figure."], []),
    ("pluie.qmd", "fr", "@fig-pluie montre les totaux, et [-@eq-x] aussi ; voir Équation [-@eq-y].\n",
     ["La figure montre les totaux, et l'équation aussi; voir l'équation."], []),
    ("regn.qmd", "sv", "Se Figur [-@fig-regn] och @tbl-summa.\n", ["Se figuren och tabellen."], []),
    # MyST roles: a role after the word it stands for takes its place; a labelled heading by its title
    ("lens.md", "en", "(lens-lesson)=\n## Thin lenses\n\nEquation {eq}`eq-lens` assumes a thin lens.\n\n"
     "See also {ref}`lens-lesson` and {doc}`../mirrors/index`.\n\n"
     "See Fig. {numref}`fig-ray`, {download}`rays.csv` and {py:func}`numpy.mean`.\n\nSo the equation {eq}`eq-lens` holds.\n",
     ["Thin lenses.", "The equation assumes a thin lens.", "See also Thin lenses and that page.",
      "See the figure, rays dot c s v and numpy dot mean.", "So the equation holds."], []),
    # reStructuredText in {eval-rst}: callouts, paragraphs and code as the page shows them; lines after it kept
    ("lens.md", "en", "```{eval-rst}\n.. note::\n\n   The function fails when d equals f.\n\nSome prose with ``code``.\n\n"
     ".. code-block:: python\n\n   print(1)\n\n.. warning:: Hot\n\n   Do not touch.\n```\n\nAfter.[^1]\n\n[^2]: Unused.\n"
     "[^1]: Cited.\n",
     ["Water boils.", "Note.", "The function fails when d equals f.", "Some prose with code.",
      "A code example, in the show notes.", "Warning.", "Hot.", "Do not touch.", "After.", "Footnote: Cited."],
     ["27: footnote '[^2]' is cited nowhere in the text: not read"]),
    # math that opens a table cell or a paragraph ending in a digit is spoken, never its dollars
    ("lens.md", "en", "| quantity | value |\n|---|---|\n| $g$ in m/s² | 9.81 |\n\n$v$ is 3\n",
     ["Water boils.", "Row one: quantity, g in meters per second squared; value, nine point eight one.", "v is three"],
     []),
]  # fmt: skip


@pytest.mark.parametrize(("name", "language", "body", "said", "warnings"), INLINE_TEXT, ids=range(len(INLINE_TEXT)))
def test_inline_text_is_read_as_its_page_shows_it(tmp_path, name, language, body, said, warnings):
    from test_lenient_markdown import _run, assert_said_in_order

    lesson = tmp_path / name
    lesson.write_text(
        f"---\ntitle: Kettles\nlanguage: {language}\n---\n## Boiling\n\nWater boils.\n\n{body}", encoding="utf-8"
    )
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    assert_said_in_order(result.stdout, said)
    assert [line for line in result.stderr.splitlines() if "Warning" in line] == [
        f"Warning: {lesson}:{warning}" for warning in warnings
    ]
    for markup in ("$", "@", "{", "tbl-", "fig-", "sec-", "eq-", ".. ", "::", "[^", "\ue0a0", "\ue0a1"):
        assert markup not in result.stdout.replace("ana@", "").replace("@alice", "")
