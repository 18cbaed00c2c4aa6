"""Tests for narrate.text.normalize (written -> spoken text), narrate.text.languages.en and narrate.text.lexicon."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrate.text.normalize import (
    Finding,
    apply_lexicon,
    as_sentence,
    is_pronounceable,
    lexicon_report,
    sentences,
    spoken,
)

# (written, spoken): exact expected strings
PAIRS = [
    # numbers: thousands, decimals, percentages, ordinals
    ("1,000,000 people", "one million people"),
    ("1,234 steps", "one thousand two hundred and thirty-four steps"),
    ("about .5 of it", "about point five of it"),
    ("pi is 3.14", "pi is three point one four"),
    ("0.25", "zero point two five"),
    ("45% of them", "forty-five percent of them"),
    ("4.5%", "four point five percent"),
    ("the 21st century", "the twenty-first century"),
    ("the 2nd and 3rd tries", "the second and third tries"),
    ("007", "zero zero seven"),
    ("-5 points", "minus five points"),
    ("5 - 3 = 2", "five minus three equals two"),
    ("It has 12 layers.", "It has twelve layers."),
    # years in context, decades, dates
    ("in 1945", "in nineteen forty-five"),
    ("by 2010", "by twenty ten"),
    ("since 2005", "since two thousand and five"),
    ("until 1999, nothing", "until nineteen ninety-nine, nothing"),
    ("from 1939–1945", "from nineteen thirty-nine to nineteen forty-five"),
    ("the year 1900", "the year nineteen hundred"),
    ("the 1990s", "the nineteen nineties"),
    ("in the '80s", "in the eighties"),
    ("2024-03-15", "March fifteenth, twenty twenty-four"),
    ("March 3, 2024", "March third, twenty twenty-four"),
    ("a batch of 2048", "a batch of two thousand and forty-eight"),
    # ranges
    ("2–3 days", "two to three days"),
    ("2-3 days", "two to three days"),
    ("pages 10 – 12", "pages ten to twelve"),
    ("2–3%", "two to three percent"),
    # currency
    ("$500", "five hundred dollars"),
    ("$1", "one dollar"),
    ("$1.50", "one dollar and fifty cents"),
    ("$0.99", "ninety-nine cents"),
    ("$1.5 million", "one point five million dollars"),
    ("$10k", "ten thousand dollars"),
    ("$2B", "two billion dollars"),
    ("€20", "twenty euros"),
    ("£3", "three pounds"),
    ("$5–10", "five to ten dollars"),
    # clock times, durations, ratios
    ("9 a.m.", "nine AM."),
    ("at 9 a.m., sharp", "at nine AM, sharp"),
    ("5pm", "five PM"),
    ("10:30", "ten thirty"),
    ("9:05 p.m. today", "nine oh five PM today"),
    ("10:00", "ten o'clock"),
    ("18:00", "eighteen hundred"),
    ("1:30:05", "one hour thirty minutes five seconds"),
    ("a 3:1 ratio", "a three to one ratio"),
    ("mix 1:2:1 by volume", "mix one to two to one by volume"),
    ("a 3:4:5 triangle", "a three to four to five triangle"),
    # scale suffixes
    ("2.8T-parameter", "two point eight trillion parameter"),
    ("3T-class", "three trillion class"),
    ("7B", "seven billion"),
    ("500M", "five hundred million"),
    ("10k", "ten thousand"),
    ("10K tokens", "ten thousand tokens"),
    ("a 70B model", "a seventy billion model"),
    ("10x faster", "ten times faster"),
    ("a 3-layer net", "a three layer net"),
    # units
    ("5 km", "five kilometers"),
    ("1 km", "one kilometer"),
    ("2 GB", "two gigabytes"),
    ("250 ms", "two hundred and fifty milliseconds"),
    ("100°C", "one hundred degrees Celsius"),
    ("1 °C", "one degree Celsius"),
    ("-5 °F", "minus five degrees Fahrenheit"),
    # letter-digit mixes, versions, fractions
    ("K3", "K three"),
    ("GPT-5.6", "GPT five point six"),
    ("v1.2.3", "version one point two point three"),
    ("1/2 of 3/4", "one half of three quarters"),
    ("5/8", "five eighths"),
    ("24/7", "twenty-four seven"),
    # abbreviations
    ("e.g. this", "for example this"),
    ("i.e. that", "that is that"),
    ("apples, pears, etc.", "apples, pears, et cetera."),
    ("cats vs. dogs", "cats versus dogs"),
    ("cats vs dogs", "cats versus dogs"),
    ("Dr. Osei", "Doctor Osei"),
    ("Mrs. Lee", "Missus Lee"),
    ("Mr. Tan", "Mister Tan"),
    ("St. Ives", "Saint Ives"),
    ("Prof. Abe", "Professor Abe"),
    ("No. 5", "number five"),
    ("#1 pick", "number one pick"),
    ("J. R. R. Tolkien", "J R R Tolkien"),
    ("George W. Bush", "George W Bush"),
    ("the U.S. Army", "the U S Army"),
    # symbols
    ("salt & pepper", "salt and pepper"),
    ("x < 5", "x is less than five"),
    ("y > 2", "y is greater than two"),
    ("a = b", "a equals b"),
    ("1 + 1", "one plus one"),
    ("3 × 4", "three times four"),
    ("2 * 3", "two times three"),
    ("2^10", "two to the power of ten"),
    ("x ≤ 3", "x is less than or equal to three"),
    ("x >= 3", "x is greater than or equal to three"),
    ("a != b", "a is not equal to b"),
    ("A → B", "A to B"),
    ("input -> output", "input to output"),
    ("input/output", "input or output"),
    ("TCP/IP", "TCP slash IP"),
    ("C# and F#", "C sharp and F sharp"),
    ("~5 minutes", "about five minutes"),
    ("a — b", "a, b"),
    ("well—maybe", "well, maybe"),
    ("He said – wait – no.", "He said, wait, no."),
    ("Wait…", "Wait..."),
    # emoji, bullets, markup, blanks
    ("Good 👍🏽 work ✅", "Good work"),
    ("family 👨‍👩‍👧 time ❤️", "family time"),
    ("❌ wrong ✔ right", "wrong right"),
    ("• first item", "first item"),
    ("Intro · Part two", "Intro, Part two"),
    ("see **bold** and *this*", "see bold and this"),
    ("an __important__ word", "an important word"),
    ("snake_case_name", "snake case name"),
    ("`code` here", "code here"),
    ("[a link](https://example.org/x) here", "a link here"),
    ("It is __ and ______.", "It is blank and blank."),
    # URLs and e-mail
    ("https://example.org/lesson-3?x=1", "example dot org slash lesson dash three"),
    ("Visit www.example.com/docs/.", "Visit example dot com slash docs."),
    ("ana@example.com", "ana at example dot com"),
    ("Write to ana.lee@mail.example.org.", "Write to ana dot lee at mail dot example dot org."),
    # mojibake
    ("Lesson ยท Part two", "Lesson, Part two"),
    ("donâ€™t stop", "don't stop"),
    ("cafÃ© au lait", "café au lait"),
    ("itâ€s gone", "its gone"),
    ("â€œquotedâ€\x9d", '"quoted"'),
    ("สวัสดี ครับ", "สวัสดี ครับ"),
    # whitespace and punctuation
    ("  lots   of\n space  ", "lots of space"),
    ("Really?!!", "Really?!"),
]


@pytest.mark.parametrize(("written", "expected"), PAIRS, ids=[p[0] for p in PAIRS])
def test_spoken_table(written, expected):
    assert spoken(written) == expected


def test_table_is_large_enough():
    assert len(PAIRS) >= 80


# ------------------------------------------------------------------ must-pass cases


def test_mixed_sentence_numbers_years_currency():
    out = spoken("In 1945 Mrs. Lee paid $500; by 2010 it cost $1.5 million.")
    for part in (
        "nineteen forty-five",
        "Missus",
        "five hundred dollars",
        "twenty ten",
        "one point five million dollars",
    ):
        assert part in out
    assert out == (
        "In nineteen forty-five Missus Lee paid five hundred dollars; by twenty ten it cost "
        "one point five million dollars."
    )


def test_abbreviations_do_not_split_sentence():
    text = "Dr. Rivera starts at 9 a.m., e.g. on Mondays vs. Fridays."
    assert sentences(text) == [text]
    assert spoken(text) == "Doctor Rivera starts at nine AM, for example on Mondays versus Fridays."


def test_question_emoji_removed():
    assert spoken("Which is true? 🤔") == "Which is true?"


def test_power_equals_check_mark_removed():
    assert spoken("2^3 = 8 ✅") == "two to the power of three equals eight"


def test_comparison_symbols():
    assert spoken("x < 5 & y > 2") == "x is less than five and y is greater than two"


def test_blanks_and_degrees():
    assert spoken("Water boils at ___ °C and freezes at ____ °C.") == (
        "Water boils at blank degrees Celsius and freezes at blank degrees Celsius."
    )


@pytest.mark.parametrize("text", ["• • •", "***", "—", "", "   ", "🤔 ✅", "- – —", "_", "◦ ▪ ‣"])
def test_nothing_pronounceable(text):
    assert spoken(text) == ""
    assert is_pronounceable(text) is False
    assert as_sentence(text) == ""


def test_lexicon_whole_word_case_aware():
    lex = {"MoE": "mixture of experts"}
    assert spoken("a sparse MoE model", lex) == "a sparse mixture of experts model"
    assert spoken("moe and MoEs stay", lex) == "moe and MoEs stay"


def test_lexicon_then_scale_suffix():
    out = spoken("2.8T-parameter sparse Mixture-of-Experts (MoE)", {"MoE": "mixture of experts"})
    assert "two point eight trillion parameter" in out
    # the parenthetical acronym only restates the words before it, so it is not read at all
    assert out == "two point eight trillion parameter sparse Mixture-of-Experts"
    out = spoken("A sparse MoE uses experts.", {"MoE": "mixture of experts"})
    assert out == "A sparse mixture of experts uses experts."


def test_acronym_defined_in_parentheses_is_not_read_twice():
    assert (
        spoken("This includes Reinforcement Learning (RL) and tools.")
        == "This includes Reinforcement Learning and tools."
    )
    assert spoken("the Department of Energy (DOE).") == "the Department of Energy."
    assert spoken("A model (GPT) here") == "A model (GPT) here"


# ------------------------------------------------------------------ sentences / as_sentence


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One here. Two there! Three? Four.", ["One here.", "Two there!", "Three?", "Four."]),
        ("J. R. R. Tolkien wrote it. Then he rested.", ["J. R. R. Tolkien wrote it.", "Then he rested."]),
        ("Pi is 3.14 here. A 2.8T model.", ["Pi is 3.14 here.", "A 2.8T model."]),
        ("See example.org/a.b now. Mail ana@x.com. Done.", ["See example.org/a.b now.", "Mail ana@x.com.", "Done."]),
        (
            "Apples, pears, etc. are fruit. Mrs. Lee and Mr. Tan met at St. Ives.",
            ["Apples, pears, etc. are fruit.", "Mrs. Lee and Mr. Tan met at St. Ives."],
        ),
        ("I.e. this. The answer is B. Next.", ["I.e. this.", "The answer is B.", "Next."]),
        ("First para\n\nSecond para", ["First para", "Second para"]),
        ("Wait... Then go.", ["Wait...", "Then go."]),
        ('She said "Stop." Then left.', ['She said "Stop."', "Then left."]),
        ("", []),
    ],
)
def test_sentences(text, expected):
    assert sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("• Tools & Verification", "Tools & Verification."),
        ("Two knobs, not one", "Two knobs, not one."),
        ("Overview —", "Overview."),
        ("Done!", "Done!"),
        ("Label: text", "Label: text."),
        ("Is it?  ", "Is it?"),
        ("(MoE)", "(MoE)."),
        ("Ends with a colon:", "Ends with a colon:"),
        # another script's own stop ends the sentence: no "." after it
        ("ما هي البطارية؟", "ما هي البطارية؟"),
        ("电池是什么？", "电池是什么？"),
        ("これは電池です。", "これは電池です。"),
        ("यह बैटरी है।", "यह बैटरी है।"),
        ("یہ بیٹری ہے۔", "یہ بیٹری ہے۔"),
        ("«Qu'est-ce qu'une pile ?»", "«Qu'est-ce qu'une pile ?»"),
        ("ما هي البطارية", "ما هي البطارية."),
    ],
)
def test_as_sentence(text, expected):
    assert as_sentence(text) == expected


# ------------------------------------------------------------------ lexicon report


def test_apply_lexicon_longest_and_capitalised():
    lex = {"GPT": "G P T", "GPT-5.6": "G P T five point six", "kimi": "kee mee"}
    assert apply_lexicon("GPT-5.6 and GPT", lex) == "G P T five point six and G P T"
    assert apply_lexicon("Kimi and kimi", lex) == "Kee mee and kee mee"
    assert apply_lexicon("anything", {}) == "anything"


def test_lexicon_report_flags_tokens_with_places():
    src = Path("lesson.txt")
    items = [
        ("K9 uses a sparse MoE with RL.", src, 3),
        ("It beats GPT-4.1 and KDA models;\nthe U.S. team, approx. twice.", src, 7),
        ("A 7B model from the 1990s runs 10x faster on the 21st.", src, 12),
        ("Again K9 and RL.", None, 20),
    ]
    found = lexicon_report(items, {"MoE": "mixture of experts"})
    assert found == [
        Finding("GPT-4.1", "letters and digits", src, 7),
        Finding("K9", "letters and digits", src, 3),
        Finding("KDA", "acronym", src, 7),
        Finding("RL", "acronym", src, 3),
        Finding("U.S.", "abbreviation", src, 8),
    ]


def test_lexicon_report_respects_lexicon_and_case():
    items = [("MoE and moe and LatentMoE.", None, 1)]
    assert [f.token for f in lexicon_report(items, {"MoE": "m"})] == ["LatentMoE"]
    assert lexicon_report([("PLAIN SHOUTING HEADING HERE", None, 1)], {}) == []


# ------------------------------------------------------------------ properties

_EMOJI_CATEGORIES = {"So", "Cs", "Co", "Cn"}


def _has_emoji(text: str) -> bool:
    return any(unicodedata.category(c) in _EMOJI_CATEGORIES or c in "\ufe0f\u200d\u20e3" for c in text)


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_spoken_never_raises_and_has_no_underscore_or_emoji(text):
    out = spoken(text)
    assert "_" not in out
    assert not _has_emoji(out)
    assert out == " ".join(out.split())
    sentences(text)
    as_sentence(text)


# expanded on purpose when followed by a full stop (or, for "vs", always)
_EXPANDED = {
    "vs",
    "eg",
    "ie",
    "etc",
    "cf",
    "approx",
    "dr",
    "mrs",
    "mr",
    "ms",
    "st",
    "prof",
    "jr",
    "sr",
    "mt",
    "fig",
    "al",
    "no",
}
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=10)


@settings(max_examples=400, deadline=None)
@given(st.lists(_WORD, min_size=1, max_size=8), st.sampled_from([" ", ", ", ". ", " - ", " — ", "\n"]))
def test_plain_words_are_never_dropped(words, sep):
    out = spoken(sep.join(words))
    for word in words:
        if word.lower() not in _EXPANDED:
            assert re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", out), (words, out)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(categories=["So", "Sk", "Zs"], exclude_characters="°℃℉"), max_size=20))
def test_pictographs_are_removed_not_read(text):
    assert spoken(text) == ""


def test_angle_brackets_around_words_are_brackets_not_comparisons():
    assert spoken("a <stone> and <Tides>") == "a stone and Tides"
    assert spoken("x < 5 & y > 2") == "x is less than five and y is greater than two"
    assert spoken("if a<5 then b>3") == "if a is less than five then b is greater than three"
    assert spoken("a <= b") == "a is less than or equal to b"


@pytest.mark.parametrize(
    "written, said",
    [
        ("Four 1.5 V cells in a row give 6 V.", "Four one point five volt cells in a row give six volts."),
        ("a 250 mL mug", "a two hundred and fifty milliliter mug"),
        ("It is 3 m long.", "It is three meters long."),
        ("Add 2 kg of flour", "Add two kilograms of flour"),
        ("Use 12 oz of water for 3 min.", "Use twelve ounces of water for three minutes."),
        ("A 1:16 brew, or 1:18.", "A one to sixteen brew, or one to eighteen."),
        (
            "We baked 10 000 rolls for 250 000 people.",
            "We baked ten thousand rolls for two hundred and fifty thousand people.",
        ),
        ("Scores were 100 200 300.", "Scores were one hundred two hundred three hundred."),
        ("Add 3 500 ml, then 1 000 more.", "Add three five hundred milliliters, then one thousand more."),
        ("Cool it to 300 K, not 5K.", "Cool it to three hundred kelvins, not five thousand."),
        ("A 300K salary and $2K.", "A three hundred thousand salary and two thousand dollars."),
        ("Meet at 1:30.", "Meet at one thirty."),
    ],
)
def test_units_as_adjectives_ratios_and_more_units(written, said):
    assert spoken(written) == said


@pytest.mark.parametrize(
    "written, said",
    [
        ("so 1.5 V plus 1.5 V makes 3 V.", "so one point five volts plus one point five volts makes three volts."),
        (
            "A cell rated at 2,500 mAh supplies 500 mA.",
            "A cell rated at two thousand five hundred milliamp hours supplies five hundred milliamps.",
        ),
        ("a 2,500 mAh pack", "a two thousand five hundred milliamp hour pack"),
    ],
)
def test_units_stay_plural_unless_a_determiner_and_a_noun_surround_them(written, said):
    assert spoken(written) == said


@pytest.mark.parametrize(
    "written, said",
    [
        ("2 x 3 tiles", "two by three tiles"),
        ("50–100 mg/L of calcium", "fifty to one hundred milligrams per liter of calcium"),
        ("It moves at 3 m/s.", "It moves at three meters per second."),
    ],
)
def test_dimensions_and_compound_units(written, said):
    assert spoken(written) == said


def test_month_abbreviations_before_a_day():
    assert sentences("v2.0 ships Jan. 5. Then we rest.") == ["v2.0 ships Jan. 5.", "Then we rest."]
    assert spoken("It ships Jan. 5, or Sept. 12.") == "It ships January fifth, or September twelfth."
