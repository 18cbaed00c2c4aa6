"""Definitions, examples, theorems and proofs are announced as such, in the lesson's language
(issue 24, point 6): sphinx-proof's ``{prf:...}`` directives and Quarto's ``::: {#thm-...}`` divs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from narrate.cli import main

LESSON = "# Rates\n\n## Change\n\nA rate compares two changes.\n\n{block}\n"

CASES = [
    # (name, language, block, what is said: the announcement, then the block's text)
    (
        "myst definition named",
        "en",
        ":::{prf:definition} Average rate\n:label: def-rate\n\nChange over time.\n:::",
        ["Definition: Average rate.", "Change over time."],
    ),
    ("myst example unnamed", "en", ":::{prf:example}\nA kettle warms.\n:::", ["Example.", "A kettle warms."]),
    (
        "myst theorem",
        "en",
        ":::{prf:theorem} Mean value\nSome point has the mean slope.\n:::",
        ["Theorem: Mean value.", "Some point has the mean slope."],
    ),
    ("myst proof", "en", ":::{prf:proof}\nTilt the curve.\n:::", ["Proof.", "Tilt the curve."]),
    (
        "myst lemma backticks",
        "en",
        "```{prf:lemma} Small steps\nSmall steps add up.\n```",
        ["Lemma: Small steps.", "Small steps add up."],
    ),
    ("myst remark", "en", ":::{prf:remark}\nThis holds for sums too.\n:::", ["Remark.", "This holds for sums too."]),
    (
        "quarto theorem with heading",
        "en",
        "::: {#thm-sum}\n## Sum rule\nThe rate of a sum adds up.\n:::",
        ["Theorem: Sum rule.", "The rate of a sum adds up."],
    ),
    ("quarto definition", "en", "::: {#def-rate}\nA rate is a ratio.\n:::", ["Definition.", "A rate is a ratio."]),
    (
        "german theorem",
        "de",
        ":::{prf:theorem} Mittelwert\nEin Punkt hat die mittlere Steigung.\n:::",
        ["Satz: Mittelwert.", "Ein Punkt hat die mittlere Steigung."],
    ),
    ("german proof", "de", ":::{prf:proof}\nMan kippt die Kurve.\n:::", ["Beweis.", "Man kippt die Kurve."]),
    (
        "french definition",
        "fr",
        ":::{prf:definition}\nUn taux est un rapport.\n:::",
        ["Définition.", "Un taux est un rapport."],
    ),
    (
        "spanish example",
        "es",
        ":::{prf:example}\nUna tetera se calienta.\n:::",
        ["Ejemplo.", "Una tetera se calienta."],
    ),
    ("dutch proof", "nl", ":::{prf:proof}\nWe kantelen de kromme.\n:::", ["Bewijs.", "We kantelen de kromme."]),
]


@pytest.mark.parametrize(("name", "language", "block", "said"), CASES, ids=[c[0] for c in CASES])
def test_theorem_like_blocks_are_announced(tmp_path, name, language, block, said):
    path = tmp_path / "lesson.md"
    path.write_text(f"---\nlanguage: {language}\n---\n" + LESSON.format(block=block), encoding="utf-8")
    result = CliRunner().invoke(main, ["script", str(path)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line and not line.startswith((" ", "#", "language:"))]
    start = lines.index(said[0])
    assert lines[start : start + len(said)] == said
    assert "unknown directive" not in result.stderr  # a kind narrate knows: no warning
