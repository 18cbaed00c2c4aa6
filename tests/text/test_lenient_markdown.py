"""Lenient by default, strict on request (issue 24): a Markdown file its own site renders builds.

Structure narrate cannot place is a warning naming file:line and what was done with it (read as text,
kept as a chapter title, left out); ``--strict`` (``narrate script``, ``narrate check``) and a course's
``strict: true`` turn the same warning into ``Error: file:line: ...`` with exit status 1. Every sample
below is written for this test, after the kinds of file real lesson sites publish.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.errors import STRICT_NOTE
from narrate.text.readers import lesson_to_yaml, read_lesson

CASES = [
    (
        "jekyll-value-in-a-sentence",
        "---\ntitle: Jobs\n---\n\n## Scheduler\n\nSee the [setup]({{ page.root }}/setup/) first.\n\n"
        "The scheduler used here is {{ site.sched.name }}.\n",
        ["See the setup first.", "The scheduler used here is."],
        9,
        "the site's value {{ site.sched.name }} is not known to narrate: its sentence is read without it",
    ),
    (
        "myst-solution-mislabelled",
        "# Beams\n\n## Supports\n\n:::{exercise}\n:label: ex-one\n\nHow many supports hold the beam?\n:::\n\n"
        "% the answer\n\n::::{solution} ex-three\n:class: dropdown\n\nTwo supports.\n::::\n",
        ["How many supports hold the beam?", "(think pause", "Two supports."],
        13,
        "'{solution} ex-three' follows the exercise 'ex-one', which no solution names, and no exercise above has "
        "the label 'ex-three': read as the solution of 'ex-one', where the page shows it",
    ),
    (
        "hugo-toml",
        '+++\ntitle = "Tide Pools"\nlanguage = "python"\nweight = 3\n+++\n\n## Rock life\n\nLimpets cling to rocks.\n',
        ["Tide Pools", "Limpets cling to rocks."],
        3,
        "front matter 'language: python' is not a human language (ISO 639) code: ignored",
    ),
    (
        "jekyll-language",
        "---\ntitle: Counting Loops\nlanguage: R\n---\n\n## For loops\n\nA loop repeats its body.\n",
        ["Counting Loops", "A loop repeats its body."],
        3,
        "front matter 'language: R' is not a human language (ISO 639) code: ignored",
    ),
    (
        "code-before-section",
        "# Shell Basics\n\nWhere files live.\n\n```bash\nls -l\n```\n\n## Listing\n\nThe listing shows sizes.\n",
        ["Shell Basics", "Where files live.", "The listing shows sizes."],
        5,
        "a code block before the first '## Section': read in an 'Overview' chapter",
    ),
    (
        "list-before-section",
        "# Knots\n\nTying them well.\n\n- the bowline\n- the reef knot\n\n## The bowline\n\nIt makes a loop.\n",
        ["Knots", "the bowline", "the reef knot", "It makes a loop."],
        5,
        "a list before the first '## Section': read in an 'Overview' chapter",
    ),
    (
        "quote-before-section",
        "# Ferns\n\nSpores, not seeds.\n\n> **Note:** Ferns are older than flowers.\n\n## Fronds\n\nFronds unroll.\n",
        ["Ferns are older than flowers.", "Fronds unroll."],
        5,
        "a quote before the first '## Section': read in an 'Overview' chapter",
    ),
    (
        "quoted-heading",
        "# Maps\n\n## Scale\n\nA scale relates distances.\n\n> ### Measure your street\n",
        ["A scale relates distances.", "Measure your street."],
        7,
        "callout 'Measure your street' has no text: its title read as a paragraph",
    ),
    (
        "unknown-directive-only",
        "# Fractions\n\n## Try it online\n\n```{grasple}\n:url: https://example.org/ex/1\n```\n\n"
        "## Halves\n\nTwo halves make one.\n",
        ["Try it online", "Two halves make one."],
        5,
        "unknown directive 'grasple': its text is read, its name is not",
    ),
    (
        "unknown-directive-text",
        "# Clouds\n\n## Kinds\n\n```{sidenote}\nCirrus clouds are thin.\n```\n",
        ["Cirrus clouds are thin."],
        5,
        "unknown directive 'sidenote': its text is read, its name is not",
    ),
    (
        "figure-only-section",
        "# Gears\n\n## Diagram\n\n![](gears.png)\n\n## Ratios\n\nTeeth set the ratio.\n",
        ["Diagram", "Teeth set the ratio."],
        3,
        "section 'Diagram' is empty: only its title is read",
    ),
    (
        "solution-missing-label",
        "# Sums\n\n## Adding\n\n```{exercise}\n:label: add-one\n\nWhat is two plus three?\n```\n\n"
        "Count on your fingers.\n\n```{solution} add-two\nFive.\n```\n",  # not right after it: not its solution
        ["What is two plus three?", "Five."],
        13,
        "'{solution} add-two': no exercise above has the label 'add-two' (did you mean 'add-one'?): "
        "read as a callout where it stands",
    ),
    (
        "unclosed-solution-at-eof",
        "# Pipes\n\n## Counting\n\nA pipe joins commands.\n\n::::::: challenge\n\n## Count lines\n\n"
        "Which command counts lines?\n\n:::: solution\n\nThe wc command.\n",
        ["Which command counts lines?", "The wc command."],
        13,
        "':::: solution' is never closed: closed at the end of the file",
    ),
    (
        "choices-without-answer",
        "# Birds\n\n## Shore\n\nGulls and terns.\n\n## Quiz\n\n### Which bird dives for fish?\n\n- Gull\n- Tern\n",
        ["Which bird dives for fish?", "Gull", "Tern"],
        9,
        "question has no answer (no '- [x]' option, no 'Answer: ...'): read as text",
    ),
    (
        "exercise-embed-only",
        "# Beams\n\n## Supports\n\nA beam rests on supports.\n\n```{exercise}\n:label: b1\n\n"
        "```{iframe} https://example.org/widget\n```\n```\n\n```{solution} b1\nRemove one support.\n```\n",
        ["Remove one support."],
        7,
        "exercise has nothing to read aloud: its solution is read as a callout where it stands",
    ),
    (
        "date-not-a-date",
        "---\ntitle: Week Eight\ndate: Sys.Date()\n---\n\n## Reading\n\nRead chapter six.\n",
        ["Week Eight", "Read chapter six."],
        3,
        "front matter 'date: Sys.Date()' is not a YYYY-MM-DD date: ignored",
    ),
]


def assert_said_in_order(script: str, said: list[str]) -> None:
    """``said`` are consecutive lines of the script (stripped; sentence, paragraph and section pauses
    left out), from the first line equal to ``said[0]``."""
    lines = [line.strip() for line in script.splitlines() if line.strip()]
    lines = [line for line in lines if not re.search(r"\((sentence|paragraph|section) pause", line)]
    at = lines.index(said[0])
    assert lines[at : at + len(said)] == said, lines


def _run(args: list[str]):
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output, result.output
    return result


def _said_cleanly(lesson: Path, text: str) -> str:
    """The script ``narrate script`` prints for ``text`` written to ``lesson``, read with no warning."""
    lesson.write_text(text, encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0 and "Warning" not in result.stderr, result.output
    return result.stdout


@pytest.mark.parametrize(("name", "text", "spoken", "line", "warning"), CASES, ids=[c[0] for c in CASES])
def test_lenient_by_default_strict_on_request(tmp_path, name, text, spoken, line, warning):
    lesson = tmp_path / f"{name}.md"
    lesson.write_text(text, encoding="utf-8")

    built = _run(["script", str(lesson)])
    assert built.exit_code == 0, built.output
    for words in spoken:
        assert words in built.stdout, (words, built.stdout)
    assert f"Warning: {lesson}:{line}: {warning}" in built.stderr.splitlines()

    strict = _run(["check", "--strict", str(lesson)])
    assert strict.exit_code == 1
    assert f"Error: {lesson}:{line}: {warning}{STRICT_NOTE}" in strict.stderr.splitlines()
    assert _run(["check", str(lesson)]).exit_code == 0

    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: A Course\nstrict: true\n", encoding="utf-8")
    (course / "lessons" / lesson.name).write_text(text, encoding="utf-8")
    refused = _run(["script", str(course)])
    assert refused.exit_code == 1
    assert f"Error: {course / 'lessons' / lesson.name}:{line}: {warning}{STRICT_NOTE}" in refused.stderr.splitlines()


def test_names_of_directives_classes_and_addresses_are_never_spoken(tmp_path):
    lesson = tmp_path / "spans.md"
    lesson.write_text(
        "# Search\n\n## Frontier\n\n[[Worked example (first steps)]{.ex}]{.slides}\n\n"
        "```{iframe} https://example.org/video\n```\n\n```{grasple}\nTry the frontier by hand.\n```\n",
        encoding="utf-8",
    )
    built = _run(["script", str(lesson)])
    assert built.exit_code == 0, built.output
    assert "Worked example (first steps)" in built.stdout
    for name in ("slides", ".ex", "iframe", "grasple", "example.org"):
        assert name not in built.stdout


def test_a_front_matter_title_makes_later_level_one_headings_sections(tmp_path):
    lesson = tmp_path / "hugo.md"
    lesson.write_text(
        '+++\ntitle = "Deploying"\n+++\n\n## Build\n\nBuild the site.\n\n# Done\n\nYou have deployed it.\n',
        encoding="utf-8",
    )
    built = _run(["script", str(lesson)])
    assert built.exit_code == 0 and "Warning" not in built.stderr
    assert "Deploying" in built.stdout and "## Done" in built.stdout


def test_a_longer_closing_fence_closes_the_outer_myst_directive(tmp_path):
    """As MyST reads it: a closing fence longer than the innermost directive's closes the outermost it can."""
    lesson = tmp_path / "tabs.md"
    lesson.write_text(
        "# Tests\n\n## Design\n\n```````{exercise} Design a test\n`````{tabs}\nWhich inputs matter?\n"
        "`````{tab-item} Python\nEmpty strings and long ones.\n``````\n```````\n\nAfter it.\n",
        encoding="utf-8",
    )
    built = _run(["check", "--strict", str(lesson)])
    assert built.exit_code == 0, built.output


def test_myst_comments_targets_and_breaks_are_silent(tmp_path):
    lesson = tmp_path / "myst.md"
    lesson.write_text(
        "# Tides\n\n(tides-intro)=\n## Moon\n\nThe moon pulls the sea.\n\n% a note for the editors only\n\n"
        "+++\n\nTwice a day the water rises.\n",
        encoding="utf-8",
    )
    said = _run(["script", str(lesson)])
    assert said.exit_code == 0, said.output
    assert "The moon pulls the sea.\n" in said.stdout and "Twice a day the water rises." in said.stdout
    for written in ("editors", "%", "+++", "tides-intro"):
        assert written not in said.stdout


FENCES = [
    # (name, challenge fence, solution fence, the two closing lines): Pandoc closes a div with any ":::"
    ("shorter closings", 34, 15, (22, 33)),
    ("equal closings", 20, 10, (10, 20)),
    ("longer inner closing", 12, 6, (30, 3)),
    ("three colons each", 40, 40, (3, 3)),
]


@pytest.mark.parametrize(("name", "outer", "inner", "closings"), FENCES, ids=[f[0] for f in FENCES])
def test_a_workbench_div_closes_at_the_next_bare_fence_of_any_length(tmp_path, name, outer, inner, closings):
    lesson = tmp_path / "fences.md"
    lesson.write_text(
        f"# Logs\n\n## Keeping logs\n\nLogs keep what a run printed.\n\n{':' * outer} challenge\n\n## Try it\n\n"
        f"Which keyword keeps a rule's log?\n\n{':' * inner} solution\n\nThe log keyword.\n\n{':' * closings[0]}\n\n"
        f"{':' * closings[1]}\n\n## Reading errors\n\nAn error names the rule that failed.\n",
        encoding="utf-8",
    )
    said = _run(["script", str(lesson)])
    assert said.exit_code == 0, said.output
    lines = [line.strip() for line in said.stdout.splitlines() if line.strip()]
    pause = next(i for i, line in enumerate(lines) if line.startswith("(think pause"))
    assert lines[pause - 1 : pause + 8] == [
        "[host] Which keyword keeps a rule's log?",
        "(think pause 5.00 s)",
        "[host] Here is a solution.",
        "(sentence pause 0.35 s)",
        "[host] The log keyword.",
        "(section pause 1.20 s)",
        "## Reading errors",
        "Reading errors.",
        "(paragraph pause 0.70 s)",
    ]  # fmt: skip: the next section is not swallowed by the challenge
    assert "Warning" not in said.stderr


LIQUID = [
    # (the paragraph as a Jekyll lesson writes it, what is said): a site value is never read, and a code
    # span holding only one goes with its backticks (no empty span pairs with the next backtick)
    ("Run it (you will see `{{ site.shell_prompt }}`). Then type `ls`.", "Run it (you will see)."),
    ("The scheduler {{ site.sched.name }} reads `{{ site.sched.comment }}` lines and `#SBATCH` ones.",
     "The scheduler reads lines and hash SBATCH ones."),
    ("Use `{{site.x}}` or `{{ site.y }}`, not `rm`.", "Use or, not r m."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), LIQUID)
def test_a_liquid_value_in_a_code_span_leaves_no_backtick_behind(tmp_path, text, said):
    lesson = tmp_path / "jekyll.md"
    lesson.write_text(f"---\ntitle: Jobs\n---\n\n## Scripts\n\n{text}\n", encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    assert said in result.stdout.splitlines()


SITE_MARKUP = [
    # (a page as a Hugo or MkDocs site writes it, a line said, what is never said): a highlight shortcode is
    # a code block (its code in the show notes), an icon is a picture
    ('{{< highlight python "hl_lines=2" >}}\nclass KettleStack(Stack):\n\n    def boil(self):\n        pass\n{{< /highlight >}}\n',
     "A code example, in the show notes.", "KettleStack"),
    ("{{<highlight bash>}}\nls -la\n{{</highlight>}}\n", "A code example, in the show notes.", "l s dash l a"),
    ("[:fontawesome-solid-file-pdf: Download the slides](slides.pdf){: .md-button }\n", "Download the slides", "fontawesome"),
    ("Done :material-check-bold: and :octicons-mark-github-16: linked.\n", "Done and linked.", "octicons"),
    # Hugo syntax shown inside a fence, a highlight closed on its code's line, an inline one: nothing lost
    ("```\n{{< highlight go >}}\nfmt.Println(1)\n{{< /highlight >}}\n```\n\nThis must be read.\n", "This must be read.", "go fmt"),
    ("{{< highlight python >}}\nprint(1){{< /highlight >}}\n\nAfter it.\n", "After it.", "python"),
    ('Use {{< highlight go "hl_inline=true" >}}fmt.Println(){{< /highlight >}} to print.\n', "Use fmt.Println to print.", "gofmt"),
    # what pymdownx and Material draw: keys by their names, marks and emoji silent, build lines unsaid
    ("Press ++ctrl+alt+del++ or ++cmd+f5++ now.\n", "Press Control Alt Delete or Command F five now.", "++"),
    ("This is ==the key idea== and ^^new^^ text.\n", "This is the key idea and new text.", "=="),
    ("Done :white_check_mark: and :warning: pending.\n", "Done and pending.", "warning"),
    ("Use name:key:value and the slice a:b:c.\n", "Use name:key:value and the slice a:b:c.", "Use name value"),  # no shortcode
    ('??? question "Exercise 1"\n    Write a loop.\n', "Write a loop.", "think pause"),  # asks nothing: a callout
    ('--8<-- "includes/glossary.md"\n\nThe kettle sings.\n', "The kettle sings.", "includes"),
    ("The HTML page.\n\n*[HTML]: Hyper Text Markup Language\n", "The HTML page.", "Hyper Text"),
    ("Boil it.\n\n{ .annotate }\n", "Boil it.", "annotate"),
    ("/// details | Why descale?\n    type: tip\nScale slows the heating.\n///\n", "Scale slows the heating.", "type: tip"),
    ('=== "Gas"\n    Light the ring.\n=== "Electric"\n    Press the switch.\n', "Light the ring.", "==="),
    # Jekyll: an include that is no figure says nothing of its own; a raw block is shown as written
    ('{% include callout.html title="Tip" content=tip %}\n\nBoil it.\n', "Boil it.", "Figure"),
    ("{% raw %}\nIn Liquid, `{{ name }}` prints a value.\n{% endraw %}\n", "In Liquid, name in double braces prints a value.", "endraw"),
    # an HTML or Hugo details that asks is a question, its hidden body the answer; followed by a
    # Solution one, it is the exercise's text and that one its solution
    ("<details markdown=\"1\">\n<summary>Exercise: What does <code>ls</code> list?</summary>\n\nThe files of a folder.\n</details>\n",
     "[host] Exercise: What does l s list?", "summary"),
    ('{{< details "Exercise: boil an egg" >}}\nTime it for six minutes.\n{{< /details >}}\n\n{{< details "Solution" >}}\nSix minutes gives a soft yolk.\n{{< /details >}}\n',
     "[host] Six minutes gives a soft yolk.", "details"),
    ("<details><summary>More about kettles</summary>\n\nThey boil water.\n</details>\n", "They boil water.", "think pause"),
    ("Write `the :material-check: icon` here.\n", "Write the colon material dash check colon icon here.", "Write the icon"),
    ("Keep the ratio 3:4:5 and the time 10:30:15 as written.\n",
     "Keep the ratio three to four to five and the time ten thirty and fifteen seconds as written.", "material"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said", "unsaid"), SITE_MARKUP, ids=range(len(SITE_MARKUP)))
def test_site_shortcodes_and_icons_are_never_spoken(tmp_path, body, said, unsaid):
    lesson = tmp_path / "site.md"
    lesson.write_text(f"# Kettles\n\n## Boiling\n\nWater boils.\n\n{body}", encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    assert said in [line.strip() for line in result.stdout.splitlines()], result.stdout
    assert unsaid not in result.stdout and "highlight" not in result.stdout


MKDOCS = [
    # (an MkDocs / Python-Markdown page, what is said in order): admonitions are callouts with their title,
    # an "Answer" one after an exercise paragraph is that exercise's answer after a think pause
    ("!!! note\n    Keep the lid on.\n", ["Note.", "Keep the lid on."]),
    ('!!! tip "Saving time"\n    Boil only what you need.\n\n    It is cheaper too.\n',
     ["Saving time.", "Boil only what you need.", "It is cheaper too."]),
    ('???+ warning "Hot"\n    Steam burns.\n', ["Hot.", "Steam burns."]),
    ('!!! info ""\n    No title given.\n', ["Note.", "No title given."]),
    ('!!! note inline end "Side note"\n    Beside the text.\n', ["Side note.", "Beside the text."]),  # modifiers
    ('!!! danger highlight blink "Two classes"\n    Careful.\n', ["Two classes.", "Careful."]),
    ('!!!tip "Tight"\n    No space after the marks.\n', ["Tight.", "No space after the marks."]),
    ('!!! note "Outer"\n    Outer words.\n\n    !!! tip "Inner"\n        Inner words.\n\nProse again.\n',
     ["Outer.", "Outer words."]),
    ('**Exercise:** How long does the kettle take?\n\n??? success "Answer"\n    About three minutes.\n',
     ["[host] How long does the kettle take?", "(think pause 5.00 s)", "[host] Here is a solution.",
      "(sentence pause 0.35 s)", "[host] About three minutes."]),
    ('**Exercise 2:** Pour it.\n\n```sh\npour --slowly\n```\n\n!!! note\n    Mind the spout.\n\n'
     '??? success "Solution"\n    ```sh\n    pour --slowly cup\n    ```\n',
     ["[host] Pour it.", "[host] pour dash dash slowly.", "[host] Note.", "[host] Mind the spout.",
      "(think pause 5.00 s)", "[host] Here is a solution.", "[host] pour dash dash slowly cup."]),
    ('**Übung:** Wie lange dauert es?\n\n??? success "Lösung"\n    Drei Minuten.\n',
     ["[host] Wie lange dauert es?", "(think pause 5.00 s)"]),
    ('The kettle is loud.\n\n??? success "Answer"\n    Nobody asked.\n', ["Answer.", "Nobody asked."]),  # no exercise
    # a collapsed question: its title asked, its hidden body the answer after the think pause
    ('??? question "How hot is boiling water at sea level?"\n    About 100 °C.\n',
     ["[host] How hot is boiling water at sea level?", "(think pause 5.00 s)", "[host] Here is a solution.",
      "(sentence pause 0.35 s)", "[host] About one hundred degrees Celsius."]),
    ('??? faq "Why descale a kettle?"\n    Scale slows the heating.\n',
     ["[host] Why descale a kettle?", "(think pause 5.00 s)", "[host] Here is a solution."]),
    # shown, not hidden: a callout read where it stands
    ('!!! question "Is it on?"\n    The light says so.\n', ["Is it on?", "The light says so."]),
    ('???+ question "Is it open?"\n    Shown from the start.\n', ["Is it open?", "Shown from the start."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), MKDOCS, ids=range(len(MKDOCS)))
def test_mkdocs_admonitions_and_answers(tmp_path, body, said):
    lesson = tmp_path / "mkdocs.md"
    lesson.write_text(f"# Kettles\n\n## Boiling\n\nWater boils at sea level.\n\n{body}", encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip() and "paragraph pause" not in line]
    found = [i for i, line in enumerate(lines) if line == said[0]]
    assert found, (said[0], lines)
    at = found[0]
    got = [line for line in lines[at:] if not re.search(r"sentence pause|Satzpause", line) or "sentence" in str(said)]
    assert got[: len(said)] == said, lines
    assert "Prose again." in result.stdout or "Prose again" not in body
    assert not re.search(r"^(Answer|Solution|Lösung)\.$", result.stdout, re.M) or "Nobody asked" in body
    for marker in ("!!!", "???", "success", "######"):
        assert marker not in result.stdout


@pytest.mark.parametrize(
    ("joiner", "said"),
    [("or", "Or, w c dash w notes dot t x t."), ("Alternatively:", "Alternatively: w c dash w notes dot t x t."),
     ("and", "And, w c dash w notes dot t x t."), ("then", "Then, w c dash w notes dot t x t.")],
)  # fmt: skip
def test_a_word_between_two_commands_leads_the_second(tmp_path, joiner, said):
    lesson = tmp_path / "joined.md"
    lesson.write_text(
        "# Counting\n\n## Words\n\nCount them.\n\n::: challenge\n\nHow do you count the words?\n\n::: solution\n\n"
        f"```bash\nwc -l notes.txt\n```\n\n{joiner}\n\n```bash\nwc -w notes.txt\n```\n\n:::\n\n:::\n",
        encoding="utf-8",
    )
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    assert f"[host] w c dash l notes dot t x t.\n    (sentence pause 0.35 s)\n[host] {said}\n" in result.stdout


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"], ids=["windows", "old-mac", "unix"])
def test_line_ends_of_any_system_read_the_same(tmp_path, newline):
    text = (
        "---\ntitle: Tides\n---\n\n## Basics\n\nThe Moon pulls the oceans.\n\n**Exercise:** How many moons?\n\n"
        '??? success "Answer"\n    One.\n\n::: challenge\n\nWhat pulls?\n\n::: solution\n\nThe Moon.\n\n:::\n\n:::\n'
    )
    said = {}
    for name, ends in (("given", newline), ("unix", "\n")):
        lesson = tmp_path / f"{name}.md"
        lesson.write_bytes(text.replace("\n", ends).encode("utf-8"))
        result = _run(["script", str(lesson)])
        assert result.exit_code == 0 and "Warning" not in result.stderr, result.output
        said[name] = result.stdout
    assert said["given"] == said["unix"] and said["unix"].count("(think pause") == 2


SECTION_CASES = [
    # (body, what is said in order): MyST silent lines before the first section add nothing; an
    # exercise under a quiz heading keeps its answer; a section holding only an exercise keeps its place
    ("% note for editors\n\n+++\n\n## Model\n\nText.\n", ["## Model", "Model.", "Text."]),
    ('## Quiz\n\n**Exercise:** How many moons?\n\n??? success "Answer"\n    One.\n',
     ["[host] How many moons?", "(think pause 5.00 s)", "[host] Here is a solution.", "[host] One."]),
    ('## Spring tides\n\n**Exercise:** When?\n\n??? success "Answer"\n    At full moon.\n\n## Neap tides\n\nSmall.\n',
     ["## Spring tides", "Spring tides.", "## Question 1: When?", "[host] Question one.", "[host] When?"]),
    ('## Sides\n\nA long side.\n\n::: {#thm-pyth name="Pythagoras"}\nSquares add up.\n:::\n',
     ["Theorem: Pythagoras.", "Squares add up."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), SECTION_CASES, ids=range(len(SECTION_CASES)))
def test_sections_keep_their_place_and_silent_lines_stay_silent(tmp_path, body, said):
    script = _said_cleanly(tmp_path / "tides.md", f"---\ntitle: Tides\nlanguage: en\n---\n\n{body}")
    assert_said_in_order(script, said)
    assert "Overview" not in script and "%" not in script


ATTRIBUTE_DIVS = [
    # Pandoc / Quarto attribute blocks: the div's class (or Quarto id) says what it is
    ("::: {.challenge}\nWhat does a pipe do?\n\n::: {.solution}\nIt passes output on.\n:::\n:::\n",
     ["[host] What does a pipe do?", "(think pause 5.00 s)", "[host] Here is a solution.", "[host] It passes output on."]),
    ("::: {.callout-tip}\nPipes can be chained.\n:::\n", ["Tip.", "Pipes can be chained."]),
    ("::: {.callout-warning title=\"Careful\"}\nMind the order.\n:::\n", ["Careful.", "Mind the order."]),
    ("::: {#exr-ten}\n## Tens\nSeven plus three?\n\n::: {.solution}\nTen.\n:::\n:::\n",
     ["[host] Tens.", "[host] Seven plus three?", "(think pause 5.00 s)", "[host] Here is a solution.", "[host] Ten."]),
    ("::: {.keypoints}\n- Pipes join commands.\n:::\n", ["Key points.", "Pipes join commands."]),
    ("::: {#exr-ten}\nSeven plus three?\n:::\n\n::: {.solution}\nTen.\n:::\n",  # Quarto: the solution after it
     ["[host] Seven plus three?", "(think pause 5.00 s)", "[host] Here is a solution.", "[host] Ten."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), ATTRIBUTE_DIVS, ids=range(len(ATTRIBUTE_DIVS)))
def test_pandoc_attribute_divs_are_known_by_their_class(tmp_path, body, said):
    lesson = tmp_path / "pipes.md"
    lesson.write_text(f"# Pipes\n\n## Joining\n\nA pipe joins commands.\n\n{body}", encoding="utf-8")
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0 and "unknown directive" not in result.stderr, result.output
    assert_said_in_order(result.stdout, said)


@pytest.mark.parametrize("command", [["check"], ["script", "--lint"]])
def test_a_warning_is_said_once_when_the_lint_reads_the_lesson_again(tmp_path, command):
    lesson = tmp_path / "once.md"
    lesson.write_text("# Tides\n\n## Basics\n\nText.\n\n## Quiz\n\n### What?\n- [ ] a\n- [ ] b\n", encoding="utf-8")
    result = _run([*command, str(lesson)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning:")]
    assert warnings == [
        f"Warning: {lesson}:9: question has no answer (no '- [x]' option, no 'Answer: ...'): read as text"
    ]


@pytest.mark.parametrize(
    ("front", "date"),
    [
        ('+++\ntitle = "Kettles"\ndate = 2023-09-04T10:00:00+02:00\n+++\n', "2023-09-04"),
        ('+++\ntitle = "Kettles"\ndate = 2023-09-04T10:00:00Z\n+++\n', "2023-09-04"),
        ("---\ntitle: Kettles\ndate: 2023-09-04T10:00:00+02:00\n---\n", "2023-09-04"),
        ('+++\ntitle = "Kettles"\ndate = 2023-09-04\n+++\n', "2023-09-04"),
    ],
)
def test_a_front_matter_date_and_time_is_its_date(tmp_path, front, date):
    lesson = tmp_path / "l.md"
    lesson.write_text(f"{front}\n## Boiling\n\nWater boils.\n", encoding="utf-8")
    result = _run(["script", "--strict", str(lesson)])
    assert result.exit_code == 0, result.output
    assert read_lesson(lesson).date == date


LIST_BLOCKS = [
    # (body, what is said in order): a code block or table inside a list item is said where it stands
    ("1. Open a shell:\n\n   ```bash\n   cd ~/tides\n   ```\n\n2. List the files.\n",
     ["Open a shell:", "A code example, in the show notes.", "List the files."]),
    ("- Type:\n\n      make plots\n\n- Wait for it.\n",  # indented code in an item
     ["Type:", "A code example, in the show notes.", "Wait for it."]),
    ("- Heights:\n\n  | port | metres |\n  |------|--------|\n  | Brest | 7 |\n\n- Then the times.\n",
     ["Heights:", "Row one: port, Brest; metres, seven.", "Then the times."]),
    ("- Steps:\n  - Run:\n\n    ```\n    tide --now\n    ```\n\n  - Read it.\n- Done.\n",  # in a nested list
     ["Steps:", "Run:", "A code example, in the show notes.", "Read it.", "Done."]),
    ("1. Run it:\n\n   ```\n   tide\n   ```\n\n   It prints the next high water.\n",  # text after the code
     ["Run it:", "A code example, in the show notes.", "It prints the next high water."]),
    ("> **Tip**\n>\n> - Try:\n>\n>   ```\n>   tide --week\n>   ```\n",  # a list in a quote
     ["Tip.", "Try:", "A code example, in the show notes."]),
    ("> **Tip**\n>\n> Run this:\n>\n> ```\n> tide\n> ```\n>\n> Then read the time.\n",  # a callout keeps its order
     ["Tip.", "Run this:", "A code example, in the show notes.", "Then read the time."]),
    ("::: callout\n\n## Ebb\n\nRun:\n\n```\ntide --ebb\n```\n\n| hour | metres |\n|---|---|\n| 4 | 1.5 |\n\nIt falls.\n:::\n",
     ["Ebb.", "Run:", "A code example, in the show notes.", "Row one: hour, four; metres, one point five.", "It falls."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), LIST_BLOCKS, ids=range(len(LIST_BLOCKS)))
def test_a_code_block_or_table_in_a_list_or_callout_is_said_where_it_stands(tmp_path, body, said):
    script = _said_cleanly(tmp_path / "tides.md", f"---\ntitle: Tides\nlanguage: en\n---\n\n## Ports\n\n{body}")
    assert_said_in_order(script, said)


NESTED_DIVS = [
    # (fences of the challenge, the solution and what follows it; what the challenge asks before its
    # think pause): Pandoc closes the innermost div at each bare ":::", whatever the lengths
    ((":::", ":::", ":::", ":::"), ["Which moon gives spring tides?", "Think of the sun too."]),
    ((":::::", ":::", ":::", ":::::"), ["Which moon gives spring tides?", "Think of the sun too."]),
    ((":::", ":::", "::::::", ":::"), ["Which moon gives spring tides?", "Think of the sun too."]),
]


@pytest.mark.parametrize(("fences", "asked"), NESTED_DIVS, ids=range(len(NESTED_DIVS)))
def test_nested_pandoc_divs_close_as_pandoc_closes_them(tmp_path, fences, asked):
    outer, inner, inner_end, outer_end = fences
    lesson = tmp_path / "tides.md"
    lesson.write_text(
        f"---\ntitle: Tides\nlanguage: en\n---\n\n## Spring tides\n\nThey come twice a month.\n\n{outer} challenge\n"
        f"Which moon gives spring tides?\n\n{inner} solution\nFull and new moon.\n{inner_end}\n\nThink of the sun too.\n"
        f"{outer_end}\n\nNeap tides follow.\n",
        encoding="utf-8",
    )
    read = read_lesson(lesson)
    texts = [b.text for s in read.sections for b in s.blocks]
    assert texts == ["They come twice a month.", "Neap tides follow."]  # no stray ":::" paragraph
    assert [q.prompt for q in read.quiz] == [" ".join(asked)] and read.quiz[0].answers == ("Full and new moon.",)
    imported = _run(["import", str(lesson)])
    assert imported.exit_code == 0 and ":::" not in imported.stdout, imported.output


PRACTICE = [
    # (what a heading a quiz could have ("Practice", "Exercises") holds, what is said in order): with
    # no quiz written in narrate's quiz syntax under it, it is a section, and nothing in it is dropped
    (":::{exercise}\nHow far is the image?\n:::\n\n:::{dropdown} Show the answer\nFifteen centimetres.\n:::\n\n"
     ":::{note}\nReal images are upside down.\n:::\n",
     ["## Practice", "Practice.", "## Question 1: How far is the image?", "[host] Question one.",
      "[host] How far is the image?", "(think pause 5.00 s)", "[host] Here is a solution.", "[host] Fifteen centimetres.",
      "## Practice (continued)", "Note.", "Real images are upside down."]),
    ("<details><summary>Why is the image real?</summary>\nThe rays meet behind the lens.\n</details>\n",
     ["## Practice", "Practice.", "## Question 1: Why is the image real?", "[host] Question one.",
      "[host] Why is the image real?", "(think pause 5.00 s)", "[host] Here is a solution.",
      "[host] The rays meet behind the lens."]),
    ("Try these at home with a magnifying glass.\n\n> **Tip**\n> Use sunlight.\n",
     ["## Practice", "Practice.", "Try these at home with a magnifying glass.", "Tip.", "Use sunlight."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), PRACTICE, ids=range(len(PRACTICE)))
def test_a_quiz_heading_with_no_quiz_under_it_is_a_section(tmp_path, body, said):
    script = _said_cleanly(
        tmp_path / "lenses.md",
        f"---\ntitle: Lenses\nlanguage: en\n---\n\n## Thin lenses\n\nA lens bends light.\n\n## Practice\n\n{body}",
    )
    lines = [line.strip() for line in script.splitlines() if line.strip()]
    lines = [line for line in lines if not re.search(r"\((sentence|paragraph|section) pause", line)]
    assert lines[lines.index("## Practice") :] == said


def test_a_quiz_heading_over_nothing_said_stays_silent(tmp_path):
    script = _said_cleanly(
        tmp_path / "lenses.md",
        "# Lenses\n\n## Thin lenses\n\nA lens bends light.\n\n## Questions and comments\n\n<!-- comments -->\n",
    )
    assert "Questions and comments" not in script


NESTED_BLOCKS = [
    # (body, what is said in order): a block inside a list item, quote or callout is said as its own
    # block where it stands, never run into the text around it nor said by its markers
    # a callout in a list item: its title, its text, its code, then the next item
    ("1. Check the tide:\n   > **Tip**\n   > Mind the spring tides.\n   >\n   > ```sh\n   > tide --spring\n   > ```\n"
     "2. Sail out.\n",
     ["Check the tide:", "Tip.", "Mind the spring tides.", "A code example, in the show notes.", "Sail out."]),
    ("- Moor the boat.\n\n  ::: {.callout-warning}\n  Check the chain first.\n\n  ```\n  chain --check\n  ```\n"
     "  :::\n\n- Go ashore.\n",
     ["Moor the boat.", "Warning.", "Check the chain first.", "A code example, in the show notes.", "Go ashore."]),
    ('- Moor:\n\n    !!! tip "Knots"\n        A bowline holds.\n\n        ```\n        tie --bowline\n        ```\n\n'
     "        Then check it.\n\n- Rest.\n",
     ["Moor:", "Knots.", "A bowline holds.", "A code example, in the show notes.", "Then check it.", "Rest."]),
    # items and paragraphs each a sentence: in a quote, an admonition, a list item; a figure in an item
    ("> [!NOTE]\n> - High water\n> - Low water\n>\n> Twice a day.\n",
     ["Note.", "High water.", "Low water.", "Twice a day."]),
    ("!!! warning\n    - Rocks at low tide\n    - Strong currents\n\n    Keep to the channel.\n",
     ["Warning.", "Rocks at low tide.", "Strong currents.", "Keep to the channel."]),
    ("- Brest\n  > the deepest port\n  > on the coast\n\n  Tides of seven metres.\n",
     ["Brest.", "Note.", "the deepest port on the coast.", "Tides of seven metres."]),
    ("- Saint-Malo\n\n  ![tide chart](chart.png)\n\n  The range is large.\n",
     ["Saint-Malo.", "Figure: tide chart.", "The range is large."]),
    ("1. Read the table\n   1. Find the port\n   2. Find the day\n", ["Read the table.", "Find the port.", "Find the day."]),
    ("- Ebb\n\n  The water falls\n\n- Flood\n", ["Ebb.", "The water falls.", "Flood."]),
    # a callout's markers are never said, in a list item or not
    ("> [!TIP]\n> ```sh\n> tide --now\n> ```\n> Then read the height.\n",
     ["Tip.", "A code example, in the show notes.", "Then read the height."]),
    ("1. Check the weather\n\n    > [!WARNING]\n    > Fog comes fast.\n", ["Check the weather.", "Warning.", "Fog comes fast."]),
    ("1. Plan the crossing:\n\n    !!! note\n        Slack water is best.\n",
     ["Plan the crossing:", "Note.", "Slack water is best."]),
    ("1. Write:\n\n    ```markdown\n    !!! note\n        Slack water.\n    ```\n\n2. Build the site.\n",  # shown, not used
     ["Write:", "A code example, in the show notes.", "Build the site."]),
    ("- Anchor\n\n        !!! note\n            Slack water.\n", ["Anchor.", "A code example, in the show notes."]),  # code
    # code or a table first in a callout: the title, then the blocks as written
    ("!!! tip\n    ```sh\n    tide --week\n    ```\n    It prints seven days.\n",
     ["Tip.", "A code example, in the show notes.", "It prints seven days."]),
    ("::: {.callout-note}\n| port | metres |\n|---|---|\n| Brest | 7 |\n\nSpring tides only.\n:::\n",
     ["Note.", "Row one: port, Brest; metres, seven.", "Spring tides only."]),
    # a bold title over text and code or a table
    ("> **Tip**\n> Save the chart.\n>\n> ```sh\n> tide --save\n> ```\n",
     ["Tip.", "Save the chart.", "A code example, in the show notes."]),
    ("> **Careful:** the chart is old.\n>\n> | year | edition |\n> |---|---|\n> | 2019 | 3 |\n",
     ["Careful.", "the chart is old.", "Row one: year, two thousand and nineteen; edition, three."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), NESTED_BLOCKS, ids=range(len(NESTED_BLOCKS)))
def test_a_block_nested_in_a_list_item_quote_or_callout_is_said_as_its_own(tmp_path, body, said):
    script = _said_cleanly(tmp_path / "tides.md", f"---\ntitle: Tides\nlanguage: en\n---\n\n## Ports\n\n{body}")
    assert_said_in_order(script, said)
    for marker in ("bracket", "!!!", "[!", "Slack water.", "Note. Slack"):
        assert marker not in script


def test_a_callout_title_narrate_gives_before_its_code_is_in_the_lessons_language(tmp_path):
    lesson = tmp_path / "marees.md"
    lesson.write_text(
        "---\ntitle: Marées\nlanguage: fr\n---\n\n## Ports\n\n> [!NOTE]\n> ```sh\n> maree --maintenant\n> ```\n"
        "> Puis lisez la hauteur.\n\n> ```sh\n> maree --semaine\n> ```\n",
        encoding="utf-8",
    )
    result = _run(["script", str(lesson)])
    assert result.exit_code == 0, result.output
    cue = "Un exemple de code, dans les notes de l'épisode."
    said = [line.strip() for line in result.stdout.splitlines() if line.strip() and not line.strip().startswith("(")]
    at = said.index("Remarque.")
    assert said[at : at + 5] == ["Remarque.", cue, "Puis lisez la hauteur.", "Remarque.", cue], said
    assert "Note." not in result.stdout


def test_a_callout_title_before_its_code_survives_the_yaml_export(tmp_path):
    lesson = tmp_path / "tides.md"
    lesson.write_text(
        "# Tides\n\n## Ports\n\n!!! tip\n    ```sh\n    tide --week\n    ```\n    It prints seven days.\n",
        encoding="utf-8",
    )
    out = tmp_path / "tides.yaml"
    out.write_text(lesson_to_yaml(read_lesson(lesson)), encoding="utf-8")
    blocks = read_lesson(out).sections[0].blocks
    assert [type(b).__name__ for b in blocks] == ["Paragraph", "CodeBlock", "Paragraph"]
    assert (blocks[0].text, blocks[1].code, blocks[2].text) == ("Tip", "tide --week", "It prints seven days.")


QUIZ_OR_SECTION = [
    # (what "## Exercises" or "## Practice" holds, what is said in order): a quiz only when written in
    # narrate's quiz syntax (a question then boxed options); tasks or points are a section
    ("## Practice\n\n### Which is prime?\n\n- [x] 7\n- [ ] 8\n",
     ["## Question 1: Which is prime?", "[host] Question one. Which is prime? Is it option A: seven, or option B: eight?",
      "(think pause 5.00 s)", "[host] The answer is option A: seven."]),
    ("## Exercises\n\n- Plot the data.\n- Fit a line.\n", ["## Exercises", "Exercises.", "Plot the data.", "Fit a line."]),
    ("## Practice\n\nTry these this week.\n\n- [ ] Write a loop.\n- [x] Read chapter two.\n",
     ["## Practice", "Practice.", "Try these this week.", "Write a loop.", "Read chapter two."]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "said"), QUIZ_OR_SECTION, ids=range(len(QUIZ_OR_SECTION)))
def test_a_quiz_heading_is_a_quiz_only_over_a_quiz(tmp_path, body, said):
    script = _said_cleanly(
        tmp_path / "primes.md", f"---\ntitle: Primes\nlanguage: en\n---\n\n## Numbers\n\nSome text.\n\n{body}"
    )
    assert_said_in_order(script, said)
