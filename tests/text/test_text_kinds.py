"""Issue 13, items 1-2: number kinds and markup, one table per kind (written text -> spoken text).

The first row of each table is the issue's own example where it has one; the rest are our own cases.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrate.text.languages.en import month_first, numeric_dates, roman_value
from narrate.text.markup import clean_text, drop_footnote_markers, html_to_text, join_hyphenated
from narrate.text.normalize import spoken


def _table(rows):
    return pytest.mark.parametrize(("written", "said"), rows, ids=[r[0] for r in rows])


FRACTIONS = [
    ("Bake it for 2 1/2 hours.", "Bake it for two and a half hours."),
    ("Add ½ cup of milk.", "Add one half cup of milk."),
    ("Stir in 1¾ cups of flour.", "Stir in one and three quarters cups of flour."),
    ("Cut a 3 5/8 inch strip.", "Cut a three and five eighths inch strip."),
    ("Use 1 1/3 spoons.", "Use one and a third spoons."),
    ("Wait 2⅛ minutes.", "Wait two and an eighth minutes."),
    ("About ¼ of the class came.", "About one quarter of the class came."),
    ("Mix 1⁄2 the dough.", "Mix one half the dough."),
]

DATES = [  # the default language is en-us: month first when both parts could be a month
    ("The test is on 15/03/2024.", "The test is on the fifteenth of March, twenty twenty-four."),
    ("It opened on 4/7/1976.", "It opened on April seventh, nineteen seventy-six."),
    ("Due 31.12.2025 at noon.", "Due the thirty-first of December, twenty twenty-five at noon."),
    ("Born 01-02-2000.", "Born January second, two thousand."),
    ("Report on 12/25/24.", "Report on December twenty-fifth, twenty twenty-four."),
    ("Open on 2024-03-15.", "Open on March fifteenth, twenty twenty-four."),  # ISO 8601 in any language
    ("Score 3/4/5 points.", "Score three or four or five points."),  # no year: not a date
]

PHONES = [
    ("Call 555-0142 today.", "Call five five five, zero one four two today."),
    ("Ring (212) 555-7890 now.", "Ring two one two, five five five, seven eight nine zero now."),
    ("Dial 800-555-1234.", "Dial eight zero zero, five five five, one two three four."),
    (
        "From abroad: +44 20 7946 0958.",
        "From abroad: plus four four, two zero, seven nine four six, zero nine five eight.",
    ),
    ("Phone: 555-1234.", "Phone: five five five, one two three four."),
    ("It took 300-1200 steps.", "It took three hundred to one thousand two hundred steps."),  # a range
    ("Add +5 points.", "Add plus five points."),  # too short for a phone number
]

DECADES = [
    ("Bread machines spread in the 90s.", "Bread machines spread in the nineties."),
    ("Disco peaked in the '70s.", "Disco peaked in the seventies."),
    ("The 1980s were loud.", "The nineteen eighties were loud."),
    ("Jazz of the 1920's swung.", "Jazz of the nineteen twenties swung."),
    ("She is in her 30s.", "She is in her thirties."),
    ("Roll the 6s and 5s.", "Roll the sixes and fives."),
    ("The early 2000s were fast.", "The early two thousands were fast."),
]

YEARS = [
    ("A 2019 study found this.", "A twenty nineteen study found this."),
    ("The 1969 landing was live.", "The nineteen sixty-nine landing was live."),
    ("It was the summer of 1969.", "It was the summer of nineteen sixty-nine."),
    ("The War of 1812 ended.", "The War of eighteen twelve ended."),
    ("Smith (2019) disagrees.", "Smith (twenty nineteen) disagrees."),
    ("1914: The Guns of August", "nineteen fourteen: The Guns of August"),
    ("Paris, 1900", "Paris, nineteen hundred"),
    ("The 2000 runners set off.", "The two thousand runners set off."),  # a count before a plural
    ("a batch of 2048", "a batch of two thousand and forty-eight"),  # a count after "of"
]

CURRENCIES = [
    ("It costs US$125.", "It costs one hundred and twenty-five US dollars."),
    ("Tickets are A$40.", "Tickets are forty Australian dollars."),
    ("The fee is CHF 20.", "The fee is twenty Swiss francs."),
    ("A coffee is 3 €.", "A coffee is three euros."),
    ("Lunch was 12.50 EUR.", "Lunch was twelve euros and fifty cents."),
    ("It sold for £2 million.", "It sold for two million pounds."),
    ("It cost ¥500.", "It cost five hundred yen."),
    ("Pay HK$1.", "Pay one Hong Kong dollar."),
]

ROMAN = [
    ("Photosystem II splits water.", "Photosystem two splits water."),
    ("World War II ended in 1945.", "World War two ended in nineteen forty-five."),
    ("Read Chapter IV first.", "Read Chapter four first."),
    ("Part III is hard.", "Part three is hard."),
    ("Henry VIII had six wives.", "Henry the eighth had six wives."),
    ("Louis XIV built Versailles.", "Louis the fourteenth built Versailles."),
    ("Charles I was executed.", "Charles the first was executed."),
    ("Pope John Paul II visited.", "Pope John Paul the second visited."),
    ("I think Vitamin C helps, Plan B too.", "I think Vitamin C helps, Plan B too."),
    ("Type C plugs fit.", "Type C plugs fit."),
    ("Thank you Henry I think so.", "Thank you Henry I think so."),
]

CHEMISTRY = [
    ("2 H2O → 4 H+ + 4 e- + O2", "two H two O yields four H plus, plus four electrons, plus O two"),
    ("CH4 + 2 O2 → CO2 + 2 H2O", "C H four, plus two O two yields C O two, plus two H two O"),
    ("Fe3+ ions rust.", "F E three plus ions rust."),
    ("Na+ and Cl- ions dissolve.", "N A plus and C L minus ions dissolve."),
    ("N2 + 3 H2 ⇌ 2 NH3", "N two, plus three H two is in equilibrium with two N H three"),
    ("The NH4+ ion and SO42- ion.", "The N H four plus ion and S O four two minus ion."),
    ("Go from A -> B.", "Go from A to B."),  # letters, not a reaction
]

MARKUP = [
    ("Use the <b>sharp</b> knife &amp; a board.", "Use the sharp knife and a board."),
    ('Read <a href="https://example.org/x">the guide</a> first.', "Read the guide first."),
    ("Heat <em>slowly</em>&nbsp;now.", "Heat slowly now."),
    ("x<sup>2</sup> grows.", "x to the power of two grows."),
    ("Bake the loaf<sup>3</sup> well.", "Bake the loaf well."),
    ("<script>alert(1)</script>Stir.", "Stir."),
    ("A <stone> sinks if x < 5.", "A stone sinks if x is less than five."),  # not HTML: brackets kept
]


def test_an_interval_is_no_footnote():
    assert drop_footnote_markers("Pick x in [0,1] or (2,3].") == "Pick x in [0,1] or (2,3]."
    assert drop_footnote_markers("Done.[1,2] Next[3].") == "Done. Next."


def test_code_spans_keep_their_tags():
    assert html_to_text("Use the `<b>` tag, not <i>this</i> &amp; `a &amp; b`.") == (
        "Use the `<b>` tag, not this & `a &amp; b`."
    )
    assert html_to_text("Write ``<p>`` here.") == "Write ``<p>`` here."


FOOTNOTES = [
    ("Water boils sooner up high.[1]", "Water boils sooner up high."),
    ("Salt lowers it[^2].", "Salt lowers it."),
    ("Sugar melts.² Then it browns.", "Sugar melts. Then it browns."),
    ("Yeast needs warmth[3][4] and sugar.", "Yeast needs warmth and sugar."),
    ("Rye is dense.[citation needed]", "Rye is dense."),
    ("Area is 4 m² here.", "Area is four square meters here."),  # a unit's square is no footnote
    ("Rye is dense.[2,3] It is dark[4–6].", "Rye is dense. It is dark."),
]

HYPHENATION = [
    ("The dough will ex-\npand slowly.", "The dough will expand slowly."),
    ("It is a well-\nknown trick.", "It is a well-known trick."),
    ("Pre- and post-war bread.", "Pre- and post-war bread."),
    ("The leaf holds chloro-\nphyll.", "The leaf holds chlorophyll."),
    ("The oven must pre-\nheat first.", "The oven must pre-heat first."),
    ("Ribo-\nsomes build proteins.", "Ribosomes build proteins."),
    ("A long-\nterm plan.", "A long-term plan."),
]


@_table(FRACTIONS)
def test_fractions(written, said):
    assert spoken(written) == said


@_table(DATES)
def test_numeric_dates(written, said):
    assert spoken(written) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en-us", "March fourth, twenty twenty-five"),
        ("en", "March fourth, twenty twenty-five"),
        ("en-gb", "the third of April, twenty twenty-five"),
        ("de", "the third of April, twenty twenty-five"),
        ("fr-ca", "the third of April, twenty twenty-five"),
        ("en-ca", "March fourth, twenty twenty-five"),
    ],
)
def test_numeric_date_order_follows_the_language(language, said):
    assert numeric_dates("03/04/2025", language) == said
    if language.startswith("en"):  # other languages keep their digits for the engine (issue 16)
        assert spoken("On 03/04/2025.", language=language) == f"On {said}."
    assert month_first(language) == said.startswith("March")


def test_a_day_above_twelve_decides_the_order_in_any_language():
    assert numeric_dates("13/04/2025", "en-us") == "the thirteenth of April, twenty twenty-five"
    assert numeric_dates("04/13/2025", "de") == "April thirteenth, twenty twenty-five"
    assert numeric_dates("13/14/2025", "de") == "13/14/2025"


@_table(PHONES)
def test_phone_numbers(written, said):
    assert spoken(written) == said


@_table(DECADES)
def test_decades_and_plurals(written, said):
    assert spoken(written) == said


@_table(YEARS)
def test_years_in_context(written, said):
    assert spoken(written) == said


@_table(CURRENCIES)
def test_currencies(written, said):
    assert spoken(written) == said


@_table(ROMAN)
def test_roman_numerals(written, said):
    assert spoken(written) == said


def test_roman_value():
    assert [roman_value(r) for r in ("I", "IV", "IX", "XIV", "MCMXC", "IIII", "IC", "")] == [1, 4, 9, 14, 1990, 0, 0, 0]


@_table(CHEMISTRY)
def test_chemical_formulas(written, said):
    assert spoken(written) == said


@_table(MARKUP)
def test_html_is_never_spoken(written, said):
    assert spoken(written) == said


@_table(FOOTNOTES)
def test_footnote_markers_are_silent(written, said):
    assert spoken(written) == said


@_table(HYPHENATION)
def test_words_split_across_a_line_break(written, said):
    assert join_hyphenated(written) == said
    assert spoken(written) == spoken(said)


def test_hyphen_join_needs_a_known_language():
    assert join_hyphenated("ex-\npand", "xx") == "ex-\npand"
    assert join_hyphenated("Der Brot-\nlaib", "de") == "Der Brotlaib"
    assert join_hyphenated("Der Brot-\nlaib", "en-gb") == "Der Brot-laib"  # not an English word


def test_clean_text_keeps_plain_text_and_lines():
    text = "First line.\nSecond line with x < 5 and <stone>."
    assert clean_text(text) == text
    assert html_to_text("<p>One</p><p>Two &lt;3</p>") == "One\nTwo <3"


IMPORTS = {
    "lesson.txt": "Bread\n\nRising\nThe dough will ex-\npand slowly, a well-\nknown trick.[1] Use <b>warm</b> water &amp; salt.\n",
    "lesson.yaml": (
        "title: Bread\nsummary: Use the <b>sharp</b> knife &amp; a board.\nsections:\n  - title: Rising\n"
        "    body:\n      - The dough will ex-\n        pand slowly, a well-\n        known trick.[1]\n"
    ),
    "lesson.md": "# Bread\n\n## Rising\n\nThe dough will ex-\npand slowly, a well-\nknown trick.[^1]\n\n[^1]: Old bakers say so.\n",
}


@pytest.mark.parametrize("name", list(IMPORTS))
def test_import_writes_the_repaired_text_and_the_script_says_it(tmp_path, name):
    from narrate.config import default_config
    from narrate.text.readers import lesson_to_yaml, read_lesson
    from narrate.text.script import build_script, render_script

    path = tmp_path / name
    path.write_text(IMPORTS[name], encoding="utf-8")
    lesson = read_lesson(path)
    written = lesson_to_yaml(lesson)
    script = render_script(build_script(lesson, default_config("Baking", tmp_path)))
    for out in (written, script):
        assert "The dough will expand slowly" in out
        assert "ex-" not in out and "[1]" not in out and "[^1]" not in out and "<b>" not in out and "&amp;" not in out
    # YAML folds the line break into a space, so "well- known" stays as written there (never "wellknown")
    assert "wellknown" not in written
    if name != "lesson.yaml":
        assert "a well-known trick." in written
    if name == "lesson.yaml":
        assert "summary: Use the sharp knife & a board." in written
        assert "Use the sharp knife and a board." in script


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "It spins at 7.3e-5 rad/s.",
            "It spins at seven point three times ten to the power of minus five radians per second.",
        ),
        (
            "Avogadro is 6.022e23 per mole.",
            "Avogadro is six point zero two two times ten to the power of twenty-three per mole.",
        ),
        ("Light: 3E+8 m/s.", "Light: three times ten to the power of eight meters per second."),
        ("It is 1.4 x 10^-4 m.", "It is one point four times ten to the power of minus four meters."),
        ("A 2 x 3 grid.", "A two by three grid."),
        ("The e5 chip.", "The e five chip."),
    ],
)
def test_scientific_notation(written, said):
    assert spoken(written) == said


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("Drive in km/h here.", "Drive in kilometers per hour here."),
        ("Measured in rad/s.", "Measured in radians per second."),
        ("Dose in mg/kg daily.", "Dose in milligrams per kilogram daily."),
        ("Speed 4 km/h.", "Speed four kilometers per hour."),
        ("Flow in L/min now.", "Flow in liters per minute now."),
        ("Say yes/no.", "Say yes or no."),
    ],
)
def test_a_unit_per_unit_without_a_number(written, said):
    assert spoken(written) == said


@pytest.mark.parametrize(
    "text, imports_wordfreq",
    [
        ("A well-known, state-of-the-art lesson (pages 3-4).", False),  # hyphens, but no split word
        ("Plain text.", False),
        ("The ex-\npand case.", True),
    ],
)
def test_wordfreq_is_imported_only_for_a_split_word(text, imports_wordfreq):
    # wordfreq costs about 1 s of CPU to import: a lesson with nothing to join must not pay it
    code = (
        "import sys\n"
        "from narrate.text.markup import join_hyphenated\n"
        f"join_hyphenated({text!r})\n"
        "print('wordfreq' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == str(imports_wordfreq)
