"""GIFT and Aiken banks read as Moodle's importer reads them (question/format/gift/format.php and
question/format/aiken/format.php): every question Moodle imports is a question here, what Moodle
drops or refuses is left out with a warning, and an answer that cannot be found is an error.

Each case names the Moodle rule it follows. The samples are our own.
"""

from __future__ import annotations

import logging

import pytest

from narrate.errors import ContentError
from narrate.model import TRUE_FALSE
from narrate.text.readers import read_lesson


def _read(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_lesson(path)


# (rule, bank, [(prompt, options, answers, explanation)])
GIFT_CASES = [
    (
        "Moodle: '=' answers in a multichoice are all correct (each weighs 100%)",
        "Which are planets? {=Mars ~Pluto =Venus}\n",
        [("Which are planets?", ("Mars", "Pluto", "Venus"), ("Mars", "Venus"), "")],
    ),
    (
        "Moodle: with no '=' a multichoice takes several answers, each with its ~%weight%",
        "Prime numbers? {~%50%two ~%50%three ~%-100%four}\n",
        [("Prime numbers?", ("two", "three", "four"), ("two", "three"), "")],
    ),
    (
        "Moodle: only a multichoice has '~', so '->' in its options is text, not a pair",
        "Which arrow points right? {=a -> b ~a <- b}\n",
        [("Which arrow points right?", ("a -> b", "a <- b"), ("a -> b",), "")],
    ),
    (
        "Moodle: escapedchar_pre turns \\\\n into a line break after the bank is split, never a blank line",
        "::Two lines:: First line.\\n\\nSecond line? {=yes ~no}\n",
        [("First line. Second line?", ("yes", "no"), ("yes",), "")],
    ),
    (
        "Moodle: [markdown] is the text's format; an escaped \\} is a brace, not the block's end",
        "[markdown]Is **bold** text \\{marked\\}? {=yes ~no####[markdown]It is *strong*.}\n",
        [("Is bold text {marked}?", ("yes", "no"), ("yes",), "It is strong.")],
    ),
    (
        "Moodle: [html] text, and feedback after '#' and the last '####' (general feedback)",
        "[html]<p>Hot?</p>{=<b>sun</b>#Right. ~ice#No.####<i>Stars shine.</i>}\n",
        [("Hot?", ("sun", "ice"), ("sun",), "Right. Stars shine.")],
    ),
    (
        "Moodle: a block with no '~', '->', '#' or T/F is a short answer, '=' or not; the best weight is read",
        "Capital of Peru? {Lima}\n\nColour of grass? {=%50%olive =%100%green}\n",
        [("Capital of Peru?", (), ("Lima",), ""), ("Colour of grass?", (), ("green",), "")],
    ),
    (
        "Moodle: an essay ({}) with general feedback: an open question, the feedback its solution",
        "Explain tides. {####The Moon pulls the sea.}\n",
        [("Explain tides.", (), ("The Moon pulls the sea.",), "")],
    ),
    (
        "Moodle: a numerical '~' starts the other answers' feedback; every 100% answer is right",
        "Roots of x squared minus one? {#=1:0 =-1:0 ~#Try again.}\n",
        [("Roots of x squared minus one?", (), ("1", "-1"), "")],
    ),
    (
        "Moodle cloze: one choice gap, its options read, '%100%' marks the right one",
        "Owls hunt {1:MC:~%0%by day~%100%by night}.\n",
        [("Owls hunt _____.", ("by day", "by night"), ("by night",), "")],
    ),
    (
        "Moodle cloze: several gaps (MC, SA, NUMERICAL), each choice gap's options after its blank",
        "Bees {1:MC:~dig=build~buy} hives of {1:SA:=wax} with {1:NUMERICAL:=6} sides.\n",
        [("Bees _____ (dig, build, buy) hives of _____ with _____ sides.", (), ("build", "wax", "6"), "")],
    ),
    (
        "Moodle: '~=' in a choice is the right option (the empty piece before '=' is dropped)",
        "Sky? {~green~=blue~red}\n",
        [("Sky?", ("green", "blue", "red"), ("blue",), "")],
    ),
    (
        "Moodle: a '//' line is dropped wherever it is, inside an answer block too",
        "Sea? {\n=salt\n// not shown\n~sugar\n}\n",
        [("Sea?", ("salt", "sugar"), ("salt",), "")],
    ),
    (
        "Moodle: {TRUE#wrong answer feedback#right answer feedback}",
        "Water is wet. {TRUE#Look again.#Yes, it is.}\n",
        [("Water is wet.", TRUE_FALSE, (TRUE_FALSE[0],), "Yes, it is.")],
    ),
]


@pytest.mark.parametrize(("rule", "bank", "expected"), GIFT_CASES, ids=[c[0][:60] for c in GIFT_CASES])
def test_gift_is_read_as_moodle_imports_it(tmp_path, rule, bank, expected):
    lesson = _read(tmp_path, "b.gift", bank)
    assert [(q.prompt, q.options, q.answers, q.explanation) for q in lesson.quiz] == expected, rule


# (rule, bank, warning (its start), line, questions read)
GIFT_LEFT_OUT = [
    (
        "Moodle: a blank line ends a question; a '{' still open there is a braceerror (question refused)",
        "Open? {=a ~b\n\nFine? {T}\n",
        "'{' is never closed",
        1,
        1,
    ),
    (
        "Moodle: an empty option is not saved",
        "Pick. {=a ~ ~b}\n",
        "an empty option",
        1,
        1,
    ),
    (
        "Moodle: a matching answer without '->' is an error for that question (giftmatchingformat)",
        "Match. {=a -> 1 =b}\n\nFine? {T}\n",
        "question 'Match.' left out: a matching answer without '->'",
        1,
        1,
    ),
    (
        "Moodle: a multichoice needs two answers (importminerror)",
        "Pick. {~only}\n\nFine? {T}\n",
        "question 'Pick.' left out: a multiple-choice question needs at least two options",
        1,
        1,
    ),
    (
        "Moodle imports options given twice; among wrong options only, they are read as written",
        "Pick. {=a ~b ~b}\n",
        "option 'b' is given twice in this question: read as written",
        1,
        1,
    ),
    (
        "Moodle reads a question's first answer block only; narrate reads each block as a blank, with a warning",
        "Tides rise {=twice} a day and fall {=twice}.\n",
        "2 answer blocks in one question: Moodle reads the first only",
        1,
        1,
    ),
]


def test_each_plain_answer_block_is_a_blank_answered_by_its_right_answer(tmp_path):
    lesson = _read(tmp_path, "b.gift", "Water boils at {=100} degrees and freezes at {=0 =zero}.\n")
    assert [(q.prompt, q.answers) for q in lesson.quiz] == [
        ("Water boils at _____ degrees and freezes at _____.", ("100", "0"))
    ]  # the answers, not their braces ("open brace" was said)


@pytest.mark.parametrize(("rule", "bank", "warning", "line", "count"), GIFT_LEFT_OUT, ids=[c[2] for c in GIFT_LEFT_OUT])
def test_what_moodle_drops_is_left_out_with_a_warning(tmp_path, caplog, rule, bank, warning, line, count):
    with caplog.at_level(logging.WARNING, logger="narrate"):
        lesson = _read(tmp_path, "b.gift", bank)
    assert len(lesson.quiz) == count, rule
    assert any(f"b.gift:{line}: {warning}" in r.getMessage() for r in caplog.records), caplog.text


# (rule, bank, [(prompt, options, answers)], warning or "")
AIKEN_CASES = [
    (
        "Moodle: an option is a capital, '.' or ')', then its text; the space is optional",
        "Which gas?\nA.Oxygen\nB)Helium\nANSWER: B\n",
        [("Which gas?", ("Oxygen", "Helium"), ("Helium",))],
        "",
    ),
    (
        "Moodle: the ANSWER letter counts the options by position, whatever letters they have",
        "Which metal?\nB. Tin\nC. Wood\nANSWER: A\n",
        [("Which metal?", ("Tin", "Wood"), ("Tin",))],
        "options lettered B, C: Moodle counts them by position",
    ),
    (
        "Moodle: only the first letter after 'ANSWER:' is read",
        "Which fruit?\nA. Apple\nB. Stone\nANSWER: A because it grows\n",
        [("Which fruit?", ("Apple", "Stone"), ("Apple",))],
        "the text after the letter is not read",
    ),
    (
        "Moodle: an option written twice is imported twice",
        "Which is cold?\nA. Ice\nB. Fire\nC. Fire\nANSWER: A\n",
        [("Which is cold?", ("Ice", "Fire", "Fire"), ("Ice",))],
        "option 'Fire' is given twice in this question: read as written",
    ),
    (
        "Moodle: a question with fewer than two options is refused (questionmissinganswers)",
        "Only?\nA. One\nANSWER: A\n\nTwo?\nA. Yes\nB. No\nANSWER: B\n",
        [("Two?", ("Yes", "No"), ("No",))],
        "question 'Only?' has fewer than two options: left out",
    ),
    (
        "Moodle: options with no question open are an error for that line (questionnotstarted)",
        "A. Stray\n\nReal?\nA. Yes\nB. No\nANSWER: A\n",
        [("Real?", ("Yes", "No"), ("Yes",))],
        "option line 'A. Stray' with no question before it",
    ),
]


@pytest.mark.parametrize(("rule", "bank", "expected", "warning"), AIKEN_CASES, ids=[c[0][:60] for c in AIKEN_CASES])
def test_aiken_is_read_as_moodle_imports_it(tmp_path, caplog, rule, bank, expected, warning):
    with caplog.at_level(logging.WARNING, logger="narrate"):
        lesson = _read(tmp_path, "b.aiken", bank)
    assert [(q.prompt, q.options, q.answers) for q in lesson.quiz] == expected, rule
    if warning:
        assert warning in caplog.text
    else:
        assert "Warning" not in caplog.text and not caplog.records


@pytest.mark.parametrize(
    ("rule", "name", "bank", "problem"),
    [
        (
            "an answer that names no option cannot be found (Moodle imports the question with no right answer)",
            "b.aiken",
            "Which?\nA. x\nB. y\nANSWER: D\n",
            "answer 'D' is not one of the options A, B",
        ),
        (
            "a right option that reads like a wrong one cannot be told from it by ear",
            "b.gift",
            "Which? {=same ~Same ~other}\n",
            "option 'Same' is given twice in this question, once right and once wrong",
        ),
        (
            "Moodle: no answer worth more than 0% is no right answer",
            "b.gift",
            "Which? {~%0%x ~%-50%y}\n",
            "no right answer: mark one with '=' (or a positive ~%weight%)",
        ),
    ],
)
def test_an_answer_that_cannot_be_found_is_an_error(tmp_path, rule, name, bank, problem):
    with pytest.raises(ContentError) as err:
        _read(tmp_path, name, bank)
    assert problem in str(err.value), rule


def test_several_right_options_are_all_said_after_the_think_pause(tmp_path):
    from narrate.config import default_config
    from narrate.model import Pause, Say
    from narrate.text.script import build_script

    lesson = _read(tmp_path, "b.gift", "Which are planets? {=Mars ~Pluto =Venus}\n")
    cues = build_script(lesson, default_config("C")).cues
    think = next(n for n, c in enumerate(cues) if isinstance(c, Pause) and c.kind == "think")
    said = [c.text for c in cues[think:] if isinstance(c, Say)]
    assert said[0] == "The answers are: option A: Mars, and option C: Venus."
