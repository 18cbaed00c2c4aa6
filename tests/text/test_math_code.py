"""Math spoken as a narrator reads it (never as currency) and code spans read as written."""

from __future__ import annotations

import json

import pytest

from narrate.text.code import speak_code, speak_code_block
from narrate.text.math import _sre_cached, speak_latex, speak_math, sre_available
from narrate.text.normalize import spoken

MATH = [
    (r"1 - \cos(\theta)", "one minus the cosine of theta"),
    (r"x_2", "x sub two"),
    (r"1.06 x_2", "one point zero six x sub two"),
    (r"0", "zero"),
    (r"\frac{a}{b}", "a over b"),
    (r"\frac{1}{2}", "one half"),
    (r"\frac{3}{4}", "three quarters"),
    (r"\frac{x+1}{y}", "the fraction x plus one over y end fraction"),
    (r"x^2 + y^2 = r^2", "x squared plus y squared equals r squared"),
    (r"a^3", "a cubed"),
    (r"10^{-6}", "ten to the power of negative six"),
    (r"\sqrt{2}", "the square root of two"),
    (r"\sqrt[3]{8} = 2", "the cube root of eight equals two"),
    (r"\sum_{i=1}^{n} i", "the sum from i equals one to n of i"),
    (r"\int_0^1 f(x)\,dx", "the integral from zero to one of f of x d x"),
    (r"\lim_{x \to 0} f(x)", "the limit as x approaches zero of f of x"),
    (r"\alpha \leq \beta", "alpha is less than or equal to beta"),
    (r"a \neq b", "a is not equal to b"),
    (r"p \approx 0.05", "p is approximately zero point zero five"),
    (r"\hat{y}", "y hat"),
    (r"\bar{x}", "x bar"),
    (r"\mathbf{v}", "bold v"),
    (r"\Delta t", "capital delta t"),
    (r"n!", "n factorial"),
    (r"-3", "negative three"),
    (r"\sigma^{2}", "sigma squared"),
    (r"(a+b)^2", "the quantity a plus b, squared"),
    (r"\log_2 8 = 3", "the log sub two of eight equals three"),
    (r"\text{speed} = \frac{d}{t}", "speed equals d over t"),
    (r"E = mc^2", "E equals m c squared"),
    (r"\pm 5", "plus or minus five"),
    (r"x \in \mathbb{R}", "x is in R"),
]

CODE = [
    ("*.pdb", "star dot p d b"),
    ("$1", "dollar one"),
    ("x != y", "x not equal y"),
    ("rm foo*", "r m foo star"),
    ("(300,600)", "three hundred and six hundred"),
    ("ls -l", "l s dash l"),
    ("wc -l *.csv", "w c dash l star dot c s v"),
    ("cd ..", "c d dot dot"),
    ("a == b", "a double equal b"),
    ("x <= 3", "x less or equal three"),
    ("a && b || c", "a and and b or or c"),
    ("print(x)", "print of x"),
    ("data[0]", "data item zero"),
    ("np.mean", "n p dot mean"),
    ("my_var", "my var"),
    ("readCsv", "read c s v"),
    ("SQL", "S Q L"),
    ("API", "A P I"),
    ("~/notes.txt", "tilde slash notes dot t x t"),
    ("git commit -m", "git commit dash m"),
    ("3.14", "three point one four"),
    ("1.2.3", "one dot two dot three"),
    ("a**2", "a star star two"),
    ("x = {}", "x equals empty braces"),
    ("#include", "hash include"),
    ("echo $HOME", "echo dollar HOME"),
]


@pytest.mark.parametrize(("latex", "words"), MATH, ids=[m[0] for m in MATH])
def test_math_fallback_speaks_like_a_narrator(latex: str, words: str):
    assert spoken(speak_latex(latex)) == words


@pytest.mark.parametrize(("code", "words"), CODE, ids=[c[0] for c in CODE])
def test_code_span_read_as_written(code: str, words: str):
    assert spoken(speak_code(code)) == words


def test_code_block_read_line_by_line():
    assert speak_code_block("for f in *.txt\ndo\n\n  wc -l $f\ndone\n") == [
        "for f in star dot t x t",
        "do",
        "w c dash l dollar f",
        "done",
    ]


def test_fallback_when_sre_is_off(monkeypatch):
    monkeypatch.setenv("NARRATE_SRE", "off")
    assert not sre_available()
    assert speak_math([r"x_2", "", "<math><mi>y</mi><mo>=</mo><mn>1</mn></math>"]) == ["x sub 2", "", "y equals 1"]


SRE_MATH = [
    (r"1 - \cos(\theta)", "one minus cosine theta"),
    (r"x_2", "x sub two"),
    (r"\frac{a}{b}", "a over b"),
    (r"x^2+y^2=r^2", "x squared plus y squared equals r squared"),
    (r"\sqrt{2}", "the square root of two"),
    (r"\sum_{i=1}^{n} i", "the sum from i equals one to n of i"),
    (r"\frac{1}{2}", "one half"),
    (r"\alpha \leq \beta", "alpha is less than or equal to beta"),
]


@pytest.mark.skipif(not sre_available(), reason="speech-rule-engine not installed (scripts/setup.sh --dev installs it)")
def test_speech_rule_engine_speaks_all_at_once_and_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path))
    _sre_cached.cache_clear()
    said = speak_math([latex for latex, _ in SRE_MATH])
    assert [spoken(s) for s in said] == [words for _, words in SRE_MATH]
    (kept,) = (tmp_path / "math").glob("sre-*-en.json")
    assert json.loads(kept.read_text("utf-8"))[r"\frac{a}{b}"] == "a over b"
    asked: list[list] = []

    def no_node(command, input, **kwargs):  # the next build: node is asked only what is not kept
        asked.append(json.loads(input)["math"])
        raise OSError("node is not called in this test")

    monkeypatch.setattr("narrate.text.math.subprocess.run", no_node)
    _sre_cached.cache_clear()
    assert speak_math([r"\frac{a}{b}", r"x_2", r"\frac{c}{d}"]) == ["a over b", "x sub 2", "c over d"]
    assert len(asked) == 1 and len(asked[0]) == 1  # only \frac{c}{d}; the fallback spoke it
