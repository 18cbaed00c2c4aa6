"""What a newcomer found wrong in the proof-listening report, one table per kind of fault: a
lexicon finding covers exactly the words the entry changed (its neighbours are their own findings,
words heard beside a respelling heard far belong to it); what was heard as written or in other
figures is no finding, and a finding is named by the written words; respellings are suggested for
rare words only; the summary line reads right in the singular; a course leads with its findings
over every episode. No audio: the recogniser's text is given (the end-to-end tests in
test_findings.py and test_listen.py hear real audio)."""

from __future__ import annotations

import importlib.util
import re

import pytest

from narrate.model import CueTime
from narrate.proof.report import Difference, Window, compare, format_report, report_json, suggest_entry

HAVE_LISTEN = all(
    importlib.util.find_spec(name) is not None for name in ("jiwer", "whisper_normalizer", "pyphen", "rapidfuzz")
)
needs_listen = pytest.mark.skipif(not HAVE_LISTEN, reason="needs the listen extra: pip install -e '.[listen]'")

TEFAL = {"Tefal": "Teffal"}
WATER = {"water": "blorp tangle zibbet"}


def say(text: str, start_ms: int, end_ms: int, written: str = "") -> CueTime:
    return CueTime("say", text, start_ms, end_ms, written=written)


def findings(said: str, written: str, heard: str, lexicon: dict | None) -> list[tuple]:
    report = compare("e", "e.mp3", 3000, [say(said, 0, 3000, written)], [Window((0,))], [heard], "en-us", lexicon)
    return [(f.written, f.said, f.heard, "lexicon" in f.reasons or "changed" in f.reasons) for f in report.findings]


# ---------------------------------------------------------------- a lexicon finding covers its own words

NEIGHBOUR_CASES = [
    # (name, said, written, heard, lexicon, findings as (written, said, heard, a lexicon/normaliser finding))
    (
        "an entry heard close to its written word is no finding; the next word misheard is its own",
        "My Teffal kettle holds one point seven liters.",
        "My Tefal kettle holds 1.7 L.",
        "my tefl cattle holds 1.7 liters",
        TEFAL,
        [("kettle", "kettle", "cattle", False)],
    ),
    (
        "the same read from the built folder, without the lexicon",
        "My Teffal kettle holds one point seven liters.",
        "My Tefal kettle holds 1.7 L.",
        "my tefl cattle holds 1.7 liters",
        None,
        [("kettle", "kettle", "cattle", False)],
    ),
    (
        "a planted entry covers only its words; the word before it is its own finding",
        "Lesson one: Heating blorp tangle zibbet.",
        "Lesson one: Heating Water.",
        "lesson one heading bloorpe tangle is ibit",
        WATER,
        [("water", "blorp tangle zibbet", "bloorpe tangle is ibit", True), ("Heating", "heating", "heading", False)],
    ),
    (
        "words heard beside a planted entry where nothing was said belong to it",
        "At what temperature does blorp tangle zibbet boil on a three thousand meter mountain?",
        "At what temperature does water boil on a 3000 m mountain?",
        "At what temperature does Lorp Tangle live it by a lot of 3000 meter mountain?",
        WATER,
        [("water", "blorp tangle zibbet", "lorp tangle live it", True), ("boil on", "boil on", "by", False)],
    ),
]


@pytest.mark.parametrize(
    "name, said, written, heard, lexicon, expected", NEIGHBOUR_CASES, ids=[c[0] for c in NEIGHBOUR_CASES]
)
@needs_listen
def test_a_lexicon_finding_covers_exactly_the_changed_words(name, said, written, heard, lexicon, expected):
    assert findings(said, written, heard, lexicon) == expected


@needs_listen
def test_a_word_misheard_beside_a_respelling_heard_far_ranks_as_a_slur():
    said, written = "Lesson one: Heating blorp tangle zibbet.", "Lesson one: Heating Water."
    report = compare(
        "e",
        "e.mp3",
        3000,
        [say(said, 0, 3000, written)],
        [Window((0,))],
        ["lesson one heading bloorpe tangle is ibit"],
        "en-us",
        WATER,
    )
    neighbour = report.findings[1]
    assert {"beside", "slur"} <= set(neighbour.reasons) and not neighbour.worth
    assert report.misheard[0].differences[0] == Difference("heating", "heading", beside=True)


# ---------------------------------------------------------------- heard as written, or in other figures

AS_WRITTEN_CASES = [
    # (name, said, written, heard, findings as (written, said, heard, a lexicon/normaliser finding))
    (
        "a unit heard as the author wrote it",
        "On a three thousand meter mountain the pressure drops.",
        "On a 3000 m mountain the pressure drops.",
        "On a 3000-m-mountain, the pressure drops.",
        [],
    ),
    (
        "a decimal heard with its point in words",
        "Air presses down with one hundred and one point three kilopascals.",
        "Air presses down with 101.3 kPa.",
        "Air presses down with 100 and 1 point, 3 kilopascals.",
        [],
    ),
    (
        "a unit misheard is named by the written words, not the normaliser's",
        "On a three thousand meter mountain the pressure drops.",
        "On a 3000 m mountain the pressure drops.",
        "on a 3000 mile mountain the pressure drops",
        [("3000 m", "meter", "mile", False)],
    ),
]


@pytest.mark.parametrize("name, said, written, heard, expected", AS_WRITTEN_CASES, ids=[c[0] for c in AS_WRITTEN_CASES])
@needs_listen
def test_heard_as_written_is_no_finding_and_findings_name_the_written_words(name, said, written, heard, expected):
    assert findings(said, written, heard, None) == expected


# ---------------------------------------------------------------- respellings for rare words only

RARE_CASES = [
    # (cue text, differences, language, suggestion): a common word misheard is the recogniser's error
    ("It is exactly right.", [Difference("exactly", "exact")], "en-us", None),
    ("Numbers help.", [Difference("numbers", "numb")], "en-us", None),
    ("Kettle Physics.", [Difference("kettle", "cadill")], "en-us", None),
    ("My old Kelvinator fridge.", [Difference("kelvinator", "kelvin")], "en-us", "Kelvinator: Kelv-ina-tor"),
    ("Die Photosynthese.", [Difference("photosynthese", "foto")], "de", "Photosynthese: Pho-to-syn-the-se"),
]


@pytest.mark.parametrize("text, diffs, language, expected", RARE_CASES)
@needs_listen
def test_a_respelling_is_suggested_for_rare_words_only(text, diffs, language, expected):
    assert suggest_entry(text, diffs, language) == expected


# ---------------------------------------------------------------- the summary line and the course's lead

HEAD_CASES = [
    # (words written, words heard, the episode's line): singular and plural read right
    (["Okonkwo", "crust"], ["ok", "crusts"], "2 findings in 2 cues; the one worth a fix first:"),
    (["Okonkwo", "Ingenhousz", "crust"], ["ok", "engine", "crusts"], "3 findings in 3 cues; the 2 worth a fix first:"),
    (["Okonkwo"], ["ok"], "1 finding in 1 cue:"),
    (["crust"], ["crusts"], "1 finding in 1 cue"),
]


@pytest.mark.parametrize("words, heard, expected", HEAD_CASES)
@needs_listen
def test_the_summary_line_reads_right(words, heard, expected):
    cues = [say(f"The {word} is ready.", n * 2000, n * 2000 + 1500) for n, word in enumerate(words)]
    text = " ".join(f"the {h} is ready" for h in heard)
    report = compare("01", "e.mp3", 9000, cues, [Window(tuple(range(len(cues))))], [text], "en-us")
    assert (
        format_report([report]).splitlines()[0]
        == f"e.mp3: WER {report.wer * 100:.1f}% ({report.errors} errors in {report.words} words), {expected}"
    )


COURSE_CASES = [
    # (name, heard in episode 1 and 2, the numbered lines of the course's lead)
    (
        "a planted entry in every episode is one finding, first, with every place",
        ("the blorp tangle zibbet is hot the okonkwo is ready", "the blorp tangle zibbet is hot the crust is ready"),
        [
            '  1. 01 0:00.0  "water" is said "blorp tangle zibbet" (the lexicon), heard "blorp tangle zibbet", far from the written word [2 places in 2 episodes]'
        ],
    ),
    (
        "different words misheard in each episode: each its own finding, in course order",
        ("the blorp tangle zibbet is hot the ok is ready", "the blorp tangle zibbet is hot the cross is ready"),
        [
            '  1. 01 0:00.0  "water" is said "blorp tangle zibbet" (the lexicon), heard "blorp tangle zibbet", far from the written word [2 places in 2 episodes]',
            '  2. 01 0:02.0  "Okonkwo" heard "ok" [name]',
        ],
    ),
]


@pytest.mark.parametrize("name, heard, expected", COURSE_CASES, ids=[c[0] for c in COURSE_CASES])
@needs_listen
def test_a_course_leads_with_its_findings_over_every_episode(name, heard, expected):
    cues = [
        say("The blorp tangle zibbet is hot.", 0, 1500, "The water is hot."),
        say("The Okonkwo is ready.", 2000, 3500),
    ]
    cues2 = [cues[0], say("The crust is ready.", 2000, 3500)]
    reports = [
        compare(name, f"{name}.mp3", 4000, c, [Window((0, 1))], [h], "en-us", WATER)
        for name, c, h in (("01", cues, heard[0]), ("02", cues2, heard[1]))
    ]
    lines = format_report(reports).splitlines()
    assert lines[0].startswith("01.mp3: ") and not lines[0].endswith(":")  # the episodes' lines: no list
    assert lines[2].startswith("All 2 episodes: ")
    assert [line for line in lines if re.match(r"  \d+\. ", line)] == expected
    assert "     also at: 02 0:00.0" in lines
    top = report_json(reports, "base", "en-us")["findings"][0]  # --json: the course's findings too
    assert (top["written"], top["places"], top["episodes"]) == ("water", (0, 0), ("01", "02"))
