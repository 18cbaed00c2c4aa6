"""Math read as a narrator reads it (issue 24, point 3): each construct through speech-rule-engine and
the fallback; no unit rule inside math, no punctuation word, no cut or break before display math."""

from __future__ import annotations

import pytest

from narrate.model import Paragraph
from narrate.text.clauses import MATH_CLOSE, MATH_OPEN, mark_math, split_utterance, unmark_math
from narrate.text.math import _sre_cached, speak_math, sre_available
from narrate.text.normalize import spoken
from narrate.text.script import _display_math_joined

# LaTeX, as SRE (ClearSpeak + the narrator's layer) says it, as the fallback says it (None: the
# fallback's reading is not this one; its limits are in narrate/text/math.py's docstring).
NARRATOR = [
    (r"\sqrt{2gh}", "the square root of 2 g h", "the square root of 2 g h"),
    (r"20^{\circ}\;\text{C}", "20 degrees Celsius", "20 degrees Celsius"),
    (r"T = 37^\circ", "T equals 37 degrees", "T equals 37 degrees"),
    (r"\ell = 2", "l equals 2", "l equals 2"),
    (r"A \Longrightarrow B", "A implies B", "A implies B"),
    (r"x > 1 \implies x^2 > 1", "x is greater than 1 implies x squared is greater than 1", None),
    (r"a = b \iff b = a", "a equals b if and only if b equals a", "a equals b if and only if b equals a"),
    (r"\lim_{x \to 0} g(x)", "the limit as x approaches 0 of g of x", "the limit as x approaches 0 of g of x"),
    (r"\int_a^b f(x)\,dx", "the integral from a to b of f of x d x", "the integral from a to b of f of x d x"),
    (r"\left. x^2 \right|_0^1", "x squared evaluated from 0 to 1", "x squared evaluated from 0 to 1"),
    (r"\Big[ 3t \Big]_{0}^{2}", "3 t evaluated from 0 to 2", "3 t evaluated from 0 to 2"),
    (
        r"s = \begin{cases} 1 & x \geq 0 \\ 0 & \text{otherwise} \end{cases}",
        "s equals 1 if x is greater than or equal to 0, 0 otherwise",
        "s equals 1 if x is greater than or equal to 0, 0 otherwise",
    ),
    (r"\begin{aligned} y &= 2x + 1 \\ &= 5 \end{aligned}", "y equals 2 x plus 1, equals 5", None),
    (
        r"\begin{bmatrix} 1 & 0 \\ 0 & 1 \end{bmatrix}",
        "the 2 by 2 matrix with rows 1, 0; and 0, 1",
        "the 2 by 2 matrix with rows 1, 0; and 0, 1",
    ),
    (r"\begin{pmatrix} u \\ v \end{pmatrix}", "the column vector u, v", "the column vector u, v"),
    (r"\text{area} = \pi r^2", "area equals pi r squared", "area equals pi r squared"),
    (r"\mathbf{w}^T \mathbf{x}", "bold w to the T power bold x", "bold w to the power of T bold x"),
    (r"\mbf{v} + \bm{u}", "bold v plus bold u", "bold v plus bold u"),
    (r"\boldsymbol{\phi}", "bold phi", "bold phi"),
    (r"p(t \mid w)", "p of t given w", "p of t given w"),
    (r"\ln x", "the natural log of x", "the natural log of x"),
    (r"E = mc^2.", "E equals m c squared.", "E equals m c squared."),
    (r"F = ma,", "F equals m a,", "F equals m a,"),
    (r"x_1, \ldots, x_n", "x sub 1, and so on up to x sub n", None),
    (r"\vec{F} = m\vec{a}", "vector F equals m vector a", "vector F equals m vector a"),
    (r"\hat{y} = \bar{x}", "y hat equals x bar", "y hat equals x bar"),
    (r"72\,\mathrm{kN}", "72 kilonewtons", None),
]


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path))
    _sre_cached.cache_clear()
    yield
    _sre_cached.cache_clear()


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
def test_speech_rule_engine_reads_like_a_narrator(fresh_cache):
    said = speak_math([latex for latex, _, _ in NARRATOR])
    assert list(zip([latex for latex, _, _ in NARRATOR], said)) == [(latex, sre) for latex, sre, _ in NARRATOR]


@pytest.mark.parametrize(
    ("latex", "words"), [(t, f) for t, _, f in NARRATOR if f], ids=[t for t, _, f in NARRATOR if f]
)
def test_fallback_reads_the_same_constructs(monkeypatch, latex: str, words: str):
    monkeypatch.setenv("NARRATE_SRE", "off")
    assert speak_math([latex]) == [words]


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
def test_speech_rule_engine_reads_in_the_lessons_language(fresh_cache):
    de, fr = speak_math([r"A \implies B", r"\lim_{x \to 0} g(x)"], "de"), speak_math([r"A \implies B"], "fr")
    assert de == ["A daraus folgt B", "der Grenzwert für x gegen 0 von g von x"]
    assert fr == ["A implique B"]


def test_no_normaliser_rule_inside_math():
    """ "2 m" and "2 g" in math are products, "l n" is no litre: only the numbers are said in words."""
    text = f"The wave {mark_math('cosine 2 m phi')} and {mark_math('2 g h')} differ from 2m of rope."
    assert spoken(text) == "The wave cosine two m phi and two g h differ from two meters of rope."
    assert spoken(f"So {mark_math('x Index 2')}.", language="de") == "So x Index zwei."


def test_no_punctuation_word_in_math(monkeypatch):
    monkeypatch.setenv("NARRATE_SRE", "off")
    for latex in (r"x = 1.", r"x = 1,", r"x = 1 \,.", r"f(x, y) = 0."):
        (said,) = speak_math([latex])
        assert not {"period", "comma", "dot"} & set(said.replace(",", " ").replace(".", " ").split()), said


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
def test_no_punctuation_word_from_sre(fresh_cache):
    said = speak_math([r"x = 1.", r"y = 2,", r"g(a, b) = 0"])
    assert said[:2] == ["x equals 1.", "y equals 2,"]
    assert not {"period", "comma"} & set(" ".join(said).replace(",", " ").split())


def test_no_cut_and_no_added_comma_inside_math():
    formula = " plus ".join(f"a sub {n}" for n in range(1, 8)) + " equals b"
    text = "In the long run we find, after some work that takes a while to explain, that " + mark_math(formula) + "."
    parts = split_utterance(text, max_words=40)
    assert len(parts) == 2 and parts[1].startswith("that a sub 1") and parts[1].endswith("equals b.")
    assert all(MATH_OPEN not in p and MATH_CLOSE not in p for p in parts)


def test_a_formula_longer_than_the_limit_is_cut_without_a_comma():
    formula = " plus ".join(f"a sub {n}" for n in range(1, 20))
    parts = split_utterance("So " + mark_math(formula) + ".", max_words=20)
    assert len(parts) > 1 and " ".join(parts) == "So " + formula + "."


def test_no_cut_just_before_math_when_something_else_fits():
    words = " ".join(["word"] * 25)
    text = f"Here {words}, and then: " + mark_math("x equals " + " plus ".join(["y"] * 10)) + "."
    parts = split_utterance(text, max_words=40)
    assert not parts[1].startswith("x equals")


def test_no_sentence_break_before_display_math():
    blocks = [
        Paragraph("The energy is given by", 1),
        Paragraph(mark_math("E equals m c squared") + ".", 3),
        Paragraph("where m is the mass.", 5),
        Paragraph("A new sentence.", 7),
        Paragraph(mark_math("y equals 1"), 9),
    ]
    joined = _display_math_joined(blocks)
    assert [unmark_math(b.text) for b in joined] == [
        "The energy is given by E equals m c squared, where m is the mass.",
        "A new sentence.",
        "y equals 1",
    ]


def test_marks_never_reach_spoken_text_by_default():
    assert spoken("So " + mark_math("x sub 2") + ".") == "So x sub two."
    assert unmark_math(mark_math("x equals 1.")) == "x equals 1."
