"""Math read as a narrator reads it (issue 24, point 3): each construct through speech-rule-engine and
the fallback; no unit rule inside math, no punctuation word, no cut or break before display math."""

from __future__ import annotations

import re

import pytest

from narrate.model import Paragraph
from narrate.text.clauses import MATH_CLOSE, MATH_OPEN, mark_math, split_utterance, unmark_math
from narrate.text.math import _sre_cached, _units_as_text, speak_math, sre_available
from narrate.text.normalize import spoken
from narrate.text.readers.dialects import prepare
from narrate.text.readers.gift import read_gift
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
    (r"\mathbf{w}^T \mathbf{x}", "bold w transpose bold x", "bold w transpose bold x"),
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


@pytest.mark.e2e  # a fresh cache: speech-rule-engine in Node.js reads every formula (0.5-1.5 CPU-s)
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


@pytest.mark.e2e  # a fresh cache: speech-rule-engine in Node.js reads every formula (0.5-1.5 CPU-s)
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


@pytest.mark.e2e  # a fresh cache: speech-rule-engine in Node.js reads every formula (0.5-1.5 CPU-s)
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


# ------------------------------------------------------------------ brackets, units and arrows as a narrator reads them
# LaTeX, as SRE (ClearSpeak + the narrator's layer) says it, as the fallback says it (None: not this reading).
BRACKETS = [
    (r"(p+q)^2", "the quantity p plus q, squared", "the quantity p plus q, squared"),
    (r"3(y-2)", "3 times the quantity y minus 2", "3 times the quantity y minus 2"),
    (r"(u-v)(u+v)", "the quantity u minus v, times the quantity u plus v", None),
    (r"(-4)^2", "the quantity negative 4, squared", "the quantity negative 4, squared"),
    (r"f(\mathbf{u}, s)", "f of bold u and s", None),
    (r"g(k, m, n) + 1", "g of k, m and n, plus 1", None),
    (r"\max(p, q)", "max of p and q", None),
    (r"q(s \mid \mathbf{v}, \alpha)", "q of s given bold v and alpha", None),
    (r"\mathbb{E}[s \mid z]", "E of s given z", None),
    (r"[g(z) - s]^2", "the quantity g of z minus s, squared", "the quantity g of z minus s, squared"),
    (r"\int (u+v)\,du", "the integral of the quantity u plus v, d u", "the integral of the quantity u plus v, d u"),
    (r"\sum_k (a_k - b_k)^2", "the sum over k of the quantity a sub k minus b sub k, squared", None),
    (r"y \in [2, 5]", "y is a member of the interval from 2 to 5", "y is in the interval from 2 to 5"),
    (r"\mathbf{s} = [s_1, \ldots, s_M]^T", "bold s equals s sub 1, and so on up to s sub M, transpose", None),
    (r"40\,\rm{cm^2}", "40 square centimeters", None),  # an upright unit said as prose says it
    (r"3 \cdot 10^9\,\rm{mm^4}", "3 times 10 to the ninth power mm to the fourth power", None),
    (r"18\,\rm{kN}\,\rm{(→)}", "18 kilonewtons, to the right", "18 kilonewtons, to the right"),
    (r"M = 20\,\rm{kNm}\,\rm{(↺)}", "M equals 20 kNm, anticlockwise", "M equals 20 kNm, anticlockwise"),
    (r"T = 9\,\text{kN}\,\text{(tension)}", "T equals 9 kilonewtons, tension", "T equals 9 kilonewtons, tension"),
    (r"u = 2 \rightarrow v = 6", "u equals 2, so v equals 6", "u equals 2, so v equals 6"),
    (r"k_s \to \infty", "k sub s tends to infinity", "k sub s tends to infinity"),
    (r"\begin{aligned} \sum M &= 0: \\ M_b &= 4 \end{aligned}", "the sum of M equals 0: M sub b equals 4", None),
]


@pytest.mark.e2e  # a fresh cache: speech-rule-engine in Node.js reads every formula (0.5-1.5 CPU-s)
@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
def test_brackets_units_and_arrows_read_as_a_narrator_reads_them(fresh_cache):
    said = speak_math([latex for latex, _, _ in BRACKETS])
    assert list(zip([latex for latex, _, _ in BRACKETS], said)) == [(latex, sre) for latex, sre, _ in BRACKETS]
    assert not any(re.search(r"\b(paren|bracket|hat)\b", s) for s in said)


@pytest.mark.parametrize(
    ("latex", "words"), [(t, f) for t, _, f in BRACKETS if f], ids=[t for t, _, f in BRACKETS if f]
)
def test_fallback_reads_brackets_the_same_way(monkeypatch, latex: str, words: str):
    monkeypatch.setenv("NARRATE_SRE", "off")
    assert speak_math([latex]) == [words]


# languages speech-rule-engine speaks: a function's arguments without its bracket words, its own
# words corrected where a module says so ("~" words), "so" and "tends to" in the language
NATIVE = [
    ("de", r"g(k, m, n) + 1", "g von k, m und n, plus 1"),
    ("de", r"u = 2 \rightarrow v = 6", "u ist gleich 2, also v ist gleich 6"),
    ("fr", r"q(s, t)", "q de s et t"),
    ("fr", r"k \to \infty", "k tend vers infini"),
    ("it", r"q(s, t)", "q di s e t"),
    ("sv", r"q(s, t) \cdot r", "q av s och t, gånger r"),
    ("sv", r"\frac{9}{5} \cdot C", "nio femtedelar gånger C"),
]


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
@pytest.mark.e2e
def test_math_in_the_languages_speech_rule_engine_speaks(fresh_cache):
    said = [speak_math([latex], language)[0] for language, latex, _ in NATIVE]
    assert said == [words for _, _, words in NATIVE]


# ------------------------------------------------------------------ math in Dutch and Portuguese
# speech-rule-engine has no Dutch or Portuguese: its English, said in the language by the module's words.
# (language, LaTeX, as said with SRE, as said by the fallback; None: the same)
IN_LANGUAGE = [
    ("nl", r"v_A = -0.25 \cdot F_c + 1.5", "v index A is gelijk aan min 0.25 maal F index c plus 1.5", None),
    (
        "nl",
        r"\frac{p-1}{q+2}",
        "de breuk met teller p min 1 en noemer q plus 2",
        "de breuk p min 1 gedeeld door q plus 2",
    ),
    ("nl", r"y^2 - y^3 + y^5", "y kwadraat min y tot de derde macht plus y tot de macht 5", None),
    ("nl", r"\frac{2}{3} F", "twee derde F", None),
    ("nl", r"(s+t)^2", "tussen haakjes s plus t, kwadraat", None),
    ("nl", r"u = 2 \rightarrow v = 6", "u is gelijk aan 2, dus v is gelijk aan 6", None),
    ("nl", r"g(s, t)", "g van s en t", "g van s, t"),
    ("nl", r"\sqrt{z} \geq 1", "de wortel uit z is groter dan of gelijk aan 1", None),
    ("nl", r"d = 12.5\,\rm{mm}", "d is gelijk aan 12.5 millimeter", "d is gelijk aan 12.5 millimeter"),
    ("nl", r"P = 5\,\rm{kN}\,\rm{(↓)}", "P is gelijk aan 5 kilonewton, omlaag", "P is gelijk aan 5 kilonewton, omlaag"),
    ("pt", r"v_A = -0.25 \cdot F_c + 1.5", "v índice A é igual a menos 0.25 vezes F índice c mais 1.5", None),
    (
        "pt",
        r"\frac{p-1}{q+2}",
        "a fração com numerador p menos 1 e denominador q mais 2",
        "a fração p menos 1 sobre q mais 2",
    ),
    ("pt", r"y^2 - y^3 + y^5", "y ao quadrado menos y ao cubo mais y elevado a 5", None),
    ("pt", r"(s+t)^2", "entre parênteses s mais t, ao quadrado", None),
    ("pt", r"u = 2 \rightarrow v = 6", "u é igual a 2, logo v é igual a 6", None),
    ("pt", r"g(s, t)", "g de s e t", "g de s, t"),
    ("pt", r"\sqrt{z} \leq 1", "a raiz quadrada de z é menor ou igual a 1", None),
    ("pt", r"d = 12.5\,\rm{mm}", "d é igual a 12.5 milímetros", "d é igual a 12.5 milímetros"),
]
COMMON = [
    r"x = 1",
    r"a \cdot b - c \times d",
    r"\frac{a}{b} + \frac{a+1}{b-1} + \frac{1}{2}",
    r"x^2 + x^3 + x^{10} + x^n + x^{-1} + e^{-x^2}",
    r"x_{i+1} \leq x_i",
    r"\sqrt{x} + \sqrt[3]{x} + \sqrt[4]{x} + |x|",
    r"a < b, a > b, a \geq b, a \neq b, a \approx b",
    r"x \in A, x \notin B, A \subset B",
    r"\sum_{i=1}^{n} x_i + \sum_j y_j + \prod_{k=1}^{m} z_k",
    r"\int_0^1 f(x)\,dx + \int g(t)\,dt",
    r"\lim_{x \to 0} \frac{\sin x}{x} = 1",
    r"f'(x) = \cos(2x) + \ln x + \log_2 x",
    r"\hat{y} = \bar{x} + \tilde{z} + \vec{v} + \mathbf{w}",
    r"(a+b)^2 = 2(x-1) + p(x, t)",
    r"x_1, \ldots, x_n",
    r"\alpha + \beta + \theta + \lambda + \mu + \phi + \omega",
    r"n! + \infty + 45\%",
    r"A^{-1} + \pm 3",
    r"\frac{\partial f}{\partial x} = 0",
    r"a = 0 \rightarrow b = 1",
    r"F = 3\,\rm{kN} + 2\,\rm{mm}",
]
ENGLISH = set(
    "equals times fraction numerator denominator squared cubed raised power sub negative root square over "
    "paren bracket given sum integral quantity the of with minus bold hat bar sine cosine infinity "
    "approximately member absolute value prime arrow right left than less greater and so tends goes "
    "approaches such that set all exists there end exponent natural divided percent sign partial "
    "differential product from to vector kilonewtons millimeters".split()
)


SHARED = {"nl": {"of", "over", "absolute", "product", "vector"}, "pt": {"integral", "natural", "base"}}
"""Words of ENGLISH that are the language's own too (Dutch "of" is "or")."""


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine or node not installed (scripts/setup.sh)")
@pytest.mark.e2e
def test_math_in_dutch_and_portuguese(fresh_cache):
    said = [speak_math([latex], language)[0] for language, latex, _, _ in IN_LANGUAGE]
    assert said == [sre for _, _, sre, _ in IN_LANGUAGE]


@pytest.mark.parametrize(
    ("language", "latex", "words"),
    [(lang, t, f or s) for lang, t, s, f in IN_LANGUAGE],
    ids=[f"{lang}:{t}" for lang, t, _, _ in IN_LANGUAGE],
)
def test_fallback_math_in_dutch_and_portuguese(monkeypatch, language: str, latex: str, words: str):
    monkeypatch.setenv("NARRATE_SRE", "off")
    assert speak_math([latex], language) == [words]


@pytest.mark.parametrize("sre", [True, False], ids=["sre", "fallback"])
@pytest.mark.parametrize("language", ["nl", "pt"])
@pytest.mark.e2e
def test_no_english_word_in_dutch_or_portuguese_math(fresh_cache, monkeypatch, language: str, sre: bool):
    if sre and not sre_available():
        pytest.skip("speech-rule-engine or node not installed (scripts/setup.sh)")
    if not sre:
        monkeypatch.setenv("NARRATE_SRE", "off")
    english = ENGLISH - SHARED[language]
    for latex, said in zip(COMMON, speak_math(COMMON, language)):
        assert said and not english & set(re.findall(r"[^\W\d_]+", said.lower())), (latex, said)


# ------------------------------------------------------------------ math in GIFT question text
def test_gift_math_goes_through_the_math_reader(tmp_path, monkeypatch):
    """$$...$$ and \\(...\\) (Moodle's TeX filters) in HTML, plain and Markdown question text."""
    monkeypatch.setenv("NARRATE_SRE", "off")
    bank = tmp_path / "bank.gift"
    bank.write_text(
        "::Roots::[html]<p>Solve $$y^2 - 9 \\= 0$$ for y.</p>{=3 =-3}\n\n"
        "::Ratio::Is \\(\\frac\\{p\\}\\{q\\}\\) below one when p &lt; q? {T}\n\n"
        "::Area::[markdown]A disc has the area $$\\pi r^2$$ for a *radius* r_1. {#3.14}\n",
        encoding="utf-8",
    )
    quiz = read_gift(bank).quiz
    assert [unmark_math(q.prompt) for q in quiz] == [
        "Solve y squared minus 9 equals 0 for y.",
        "Is p over q below one when p < q?",
        "A disc has the area pi r squared for a radius r_1.",
    ]
    assert all(MATH_OPEN in q.prompt for q in quiz)  # marked: no rule for words reads inside
    (dutch,) = read_gift(bank, language="nl").quiz[:1]
    assert unmark_math(dutch.prompt) == "Solve y kwadraat min 9 is gelijk aan 0 for y."


# ------------------------------------------------------------------ signs in prose
PROSE = [
    (
        "fr",
        "Le résultat est significatif (p<0,001).",
        "Le résultat est significatif (p inférieur à zéro virgule zéro zéro un).",
    ),
    ("fr", "Il faut n ≥ 30 sujets.", "Il faut n supérieur ou égal à trente sujets."),
    ("de", "Wir brauchen n >= 30 Fälle.", "Wir brauchen n größer gleich dreißig Fälle."),
    ("nl", "Het effect is klein als p>0,05.", "Het effect is klein als p is groter dan nul komma nul vijf."),
    ("es", "Se cumple si x != 0.", "Se cumple si x distinto de cero."),
    ("it", "Vale per n <= 5.", "Vale per n minore o uguale a cinque."),
    ("pt", "O teste dá p<0,01.", "O teste dá p menor que zero vírgula zero um."),
    ("sv", "Det gäller när n < 4.", "Det gäller när n mindre än fyra."),
    ("en", "Significant at p<0.05.", "Significant at p is less than zero point zero five."),
    ("de", "=> Lernen == Optimieren", "Lernen ist gleich Optimieren"),
    ("de", "Start => Ziel erreicht", "Start; Ziel erreicht"),
    ("de", "Eingabe -> Ausgabe", "Eingabe; Ausgabe"),
    ("fr", "Entrée → sortie", "Entrée; sortie"),
    ("nl", "Vraag == antwoord", "Vraag is gelijk aan antwoord"),
    ("sv", "Fråga => svar", "Fråga; svar"),
    ("en", "=> Search is the answer", "Search is the answer"),
    ("en", "goal => heuristic", "goal; heuristic"),
    ("de", "Menü > Datei > Speichern", "Menü > Datei > Speichern"),  # a path: no number, no letter alone
]


@pytest.mark.parametrize(("language", "written", "said"), PROSE, ids=[f"{p[0]}:{p[1]}" for p in PROSE])
def test_signs_between_words_in_prose(language: str, written: str, said: str):
    assert spoken(written, language=language) == said


def test_pandoc_raw_content_is_not_spoken():
    prepared = prepare("Cost `\\newline`{=tex} then more.\n\n```{=latex}\n\\bigskip\n```\n\nEnd.\n")
    assert prepared.text == "Cost  then more.\n\n\n\n\n\nEnd.\n"


UNITS = [
    # (language, LaTeX with an upright unit, what is said): the unit as the lesson's prose says it
    ("en", r"g = 9.81\,\mathrm{m/s^2}", "g equals 9.81 meters per second squared"),
    ("en", r"T = 300\,\mathrm{K}", "T equals 300 kelvins"),
    ("en", r"d = 1\,\mathrm{km}", "d equals 1 kilometer"),
    ("de", r"v = 12\,\mathrm{m/s}", "v ist gleich 12 Meter pro Sekunde"),
    ("en", r"E = 1\,\mathrm{kg\,m^2\,s^{-2}}", None),  # no words for it in prose: the math reader's
]


@pytest.mark.e2e  # speech-rule-engine in Node.js reads each formula (about 0.5 CPU-s a case)
@pytest.mark.parametrize(("language", "tex", "said"), UNITS, ids=[u[1] for u in UNITS])
def test_an_upright_unit_is_said_as_prose_says_it(language, tex, said):
    if said is None:
        assert _units_as_text(tex, language) == tex
    else:
        assert speak_math([tex], language)[0] == said


UNIT_AFTER_MATH = [
    # (language, spoken math, prose after it, what is said): a unit written after a formula ending in a
    # number ("$f = 10$ cm") is said as the prose rules say a number and its unit
    ("en", "f equals 10", " cm here.", "f equals ten centimeters here."),
    ("en", "v equals 3.5", " m/s now.", "v equals three point five meters per second now."),
    ("de", "f ist gleich 10", " cm hier.", "f ist gleich zehn Zentimeter hier."),
    ("fr", "t égal 2", " s plus tard.", "t égal deux secondes plus tard."),
    ("en", "x equals 2", " and more.", "x equals two and more."),  # a word that is no unit: the same words
    ("en", "x sub 2", ", then y.", "x sub two, then y."),  # no word after it: the number stays in the math
]


@pytest.mark.parametrize(("language", "math", "after", "said"), UNIT_AFTER_MATH)
def test_a_unit_after_a_formula_is_said_with_its_number(language, math, after, said):
    assert spoken(mark_math(math) + after, language=language) == said
