"""What a tester found wrong in the proof-listening findings, one table per kind of fault: a written
abbreviation, formula or acronym said as its words and heard as said is no finding (the entry does
its job); a finding's headline shows the said words as the script spells them ("oh konk woh", not
the scoring normaliser's "0 konk woh"), and a respelling with "oh" in it is not a number. No audio:
the recogniser's text is given."""

from __future__ import annotations

import importlib.util

import pytest

from narrate.model import CueTime
from narrate.proof.findings import abbreviation
from narrate.proof.report import Window, compare, format_report, report_json

HAVE_LISTEN = all(
    importlib.util.find_spec(name) is not None for name in ("jiwer", "whisper_normalizer", "pyphen", "rapidfuzz")
)
needs_listen = pytest.mark.skipif(not HAVE_LISTEN, reason="needs the listen extra: pip install -e '.[listen]'")

NACL = {"NaCl": "sodium chloride"}
OKONKWO = {"Okonkwo": "oh konk woh"}


def report(said: str, written: str, heard: str, lexicon: dict | None):
    cue = CueTime("say", said, 0, 3000, written=written)
    return compare("e", "e.mp3", 3000, [cue], [Window((0,))], [heard], "en-us", lexicon)


# ---------------------------------------------------------------- an expansion heard as said is no finding

ABBREVIATION_CASES = [
    ("NaCl", True),  # a formula: capitals mixed with small letters
    ("H2O", True),  # letters with digits
    ("MoE", True),
    ("NASA", True),  # capitals
    ("kg", True),  # no vowel
    ("Dr.", True),
    ("pH", True),
    ("Okonkwo", False),
    ("oven", False),
    ("Spelt", False),
    ("Li-ion", False),  # "ion" is a word (the abbreviation rule of far() covers it)
]


@pytest.mark.parametrize("written, expected", ABBREVIATION_CASES)
def test_abbreviations_formulas_and_acronyms_are_told_apart_from_words(written, expected):
    assert abbreviation(written) is expected


EXPANSION_CASES = [
    # (name, said, written, heard, lexicon, findings as (written, said, heard, heard far from the written word))
    (
        "a formula said as its words and heard as said: no finding (the lexicon known)",
        "Which salt is sodium chloride?",
        "Which salt is NaCl?",
        "which salt is sodium chloride",
        NACL,
        [],
    ),
    (
        "the same read from the built folder, without the lexicon",
        "Which salt is sodium chloride?",
        "Which salt is NaCl?",
        "which salt is sodium chloride",
        None,
        [],
    ),
    (
        "heard like what was said, one sound off: a misheard word of the entry, not far from it",
        "Add a pinch of sodium chloride.",
        "Add a pinch of NaCl.",
        "add a pinch of sodium chlorite",
        NACL,
        [("NaCl", "sodium chloride", "sodium chlorite", False)],
    ),
    (
        "a formula of digits said as a word",
        "Boil the water.",
        "Boil the H2O.",
        "boil the water",
        {"H2O": "water"},
        [],
    ),
    (
        "a formula said as its words but heard as something else is still a finding",
        "Which salt is sodium chloride?",
        "Which salt is NaCl?",
        "which salt is solid clothes right",
        NACL,
        [("NaCl", "sodium chloride", "solid clothes right", True)],
    ),
    (
        "a respelling of a word (not an abbreviation) heard as said, far from it, is still a finding",
        "Heat the blorp tangle zibbet.",
        "Heat the oven.",
        "heat the blorp tangle zibbet",
        {"oven": "blorp tangle zibbet"},
        [("oven", "blorp tangle zibbet", "blorp tangle zibbet", True)],
    ),
]


@pytest.mark.parametrize(
    "name, said, written, heard, lexicon, expected", EXPANSION_CASES, ids=[c[0] for c in EXPANSION_CASES]
)
@needs_listen
def test_an_expansion_heard_as_said_is_no_finding(name, said, written, heard, lexicon, expected):
    found = report(said, written, heard, lexicon).findings
    assert [(f.written, f.said, f.heard, "far" in f.reasons) for f in found] == expected


# ---------------------------------------------------------------- the headline shows the script's words

HEADLINE_CASES = [
    # (name, said, written, heard, lexicon, the first finding's headline, its script words)
    (
        "a respelling with 'oh' (the lexicon known): the script's words, no number",
        "Marta oh konk woh mixes five hundred grams of flour.",
        "Marta Okonkwo mixes 500 g of flour.",
        "marta oak and wore makes 500 grams of flour",
        OKONKWO,
        '  1. 0:00.0  "Okonkwo" is said "oh konk woh" (the lexicon), heard "oak and wore", far from the written '
        "word [name]",
        "oh konk woh",
    ),
    (
        "the same read from the built folder, without the lexicon",
        "Marta oh konk woh mixes five hundred grams of flour.",
        "Marta Okonkwo mixes 500 g of flour.",
        "marta oak and wore makes 500 grams of flour",
        None,
        '  1. 0:00.0  "Okonkwo" is said "oh konk woh" (the lexicon or the normaliser), heard "oak and wore", far '
        "from the written word [name]",
        "oh konk woh",
    ),
    (
        "a possessive: the script's words without its 's, still a name",
        "in Marta oh konk woh's kitchen?",
        "in Marta Okonkwo's kitchen?",
        "in marta blorp kitchen",
        None,
        '  1. 0:00.0  "Okonkwo\'s" is said "oh konk woh" (the lexicon or the normaliser), heard "blorp", far from '
        "the written word [name]",
        "oh konk woh",
    ),
    (
        "a possessive with the lexicon known: a name too",
        "in Marta oh konk woh's kitchen?",
        "in Marta Okonkwo's kitchen?",
        "in marta blorp kitchen",
        OKONKWO,
        '  1. 0:00.0  "Okonkwo" is said "oh konk woh" (the lexicon), heard "blorp", far from the written word [name]',
        "oh konk woh",
    ),
    (
        "a number the normaliser wrote out is still a number",
        "Let the dough rise for ninety minutes.",
        "Let the dough rise for 90 minutes.",
        "let the dough rise for 19 minutes",
        None,
        '  1. 0:00.0  "90" heard "19" [number, the engine\'s usual slur]',
        "ninety",
    ),
]


@pytest.mark.parametrize(
    "name, said, written, heard, lexicon, headline, script", HEADLINE_CASES, ids=[c[0] for c in HEADLINE_CASES]
)
@needs_listen
def test_the_headline_shows_the_said_words_as_the_script_spells_them(
    name, said, written, heard, lexicon, headline, script
):
    rep = report(said, written, heard, lexicon)
    assert format_report([rep]).splitlines()[1] == headline
    first = report_json([rep], "base", "en-us")["episodes"][0]["findings"][0]
    assert first["script"] == script
