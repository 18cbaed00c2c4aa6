"""The normaliser never raises on any text, in any language (issue 23: found by trying hostile input).

Each case once raised: an HTML marked section (html.parser's AssertionError), numbers num2words
cannot say in some languages (OverflowError, NotImplementedError) or Python cannot turn into a
string (over 4,300 digits). Huge digit runs are read digit by digit.
"""

from __future__ import annotations

import pytest

from narrate import spoken

CRASHED = [
    ("pl", "Tom &amp; Jerry <![ x"),
    ("en-us", "<p>Hi</p> <![if !supportLists]> there"),
    ("fr", "1" * 4301),
    ("de", "1" * 650),
    ("it", "1" * 70),
    ("es", "1000000000000000000000000000"),
    ("pt-br", "A constante é 602.214.076.000.000.000.000.000 por mol."),
    ("pt-br", "99999999999999999999%"),
    ("pt-br", "12:99999999999999999999"),
    ("sv", "-" + "9" * 40),
]


@pytest.mark.parametrize(("language", "text"), CRASHED, ids=[f"{lang}:{t[:20]}" for lang, t in CRASHED])
def test_never_raises(language: str, text: str):
    said = spoken(text, language)
    assert isinstance(said, str) and "\n" not in said


@pytest.mark.parametrize(
    ("language", "text", "said"),
    [
        ("es", "1000000000000000000000000000", "uno " + " ".join(["cero"] * 27)),
        ("fr", "1" * 40, " ".join(["un"] * 40)),
        (
            "en-us",
            "A key 1234567890123456789012345678901234 here.",
            "A key "
            + " ".join(
                "one two three four five six seven eight nine zero".split() * 3 + ["one", "two", "three", "four"]
            )
            + " here.",
        ),
    ],
)
def test_numbers_too_long_to_say_are_read_digit_by_digit(language: str, text: str, said: str):
    assert spoken(text, language) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Thanks Mark I will check.", "Thanks Mark I will check."),
        ("At this Stage I think we should stop.", "At this Stage I think we should stop."),
        ("Sorry Peter I forgot the book.", "Sorry Peter I forgot the book."),
        ("Charles I was executed.", "Charles the first was executed."),
        ("Lines of code: 1500", "Lines of code: one thousand five hundred"),
        ("Repeat the code 100 times.", "Repeat the code one hundred times."),
        ("Release FY2024 results.", "Release FY twenty twenty-four results."),
        ("Count by 10s.", "Count by tens."),
        ("The card ending in 8876 works.", "The card ending in eight eight seven six works."),
        ("Your code is ab9453 today.", "Your code is ab nine four five three today."),
    ],
)
def test_readings_a_tester_found_wrong(text: str, said: str):
    assert spoken(text) == said
