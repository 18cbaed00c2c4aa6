"""Caption cues long enough to read: a cut never makes a cue shorter than MIN_CUE_MS, nor one of a
word or two ("Is it") when another cut is within reach; a unit letter after a number is not an
option letter ("1.5 L, | option B"); a fill-in blank stays with its unit ("_____ g")."""

from __future__ import annotations

import pytest

from narrate.model import CueTime
from narrate.publish.transcripts import LINE_WIDTH, MAX_CUE_MS, MAX_LINES, MIN_CUE_MS, caption_cues, to_webvtt
from narrate.text.clauses import keeps_together, word_spans


def _timed(text: str, starts_ms: list[int], end_ms: int, written: str = "") -> CueTime:
    """A say cue from 0 (or the first word's time) to ``end_ms`` with a word event per word."""
    words = tuple((offset, ms) for (offset, _), ms in zip(word_spans(text), starts_ms, strict=True))
    return CueTime("say", text, starts_ms[0], end_ms, words=words, written=written)


# The newcomer's quiz cue as the build recorded it (pyttsx3 on espeak-ng: one event per spoken word).
KETTLE = CueTime(
    "say",
    "Question one. How much water does the Teffal kettle hold? Is it option A: one point five liters, "
    "option B: one point seven liters, or option C: two point two liters?",
    45140,
    58105,
    "host",
    words=(
        (0, 45140),
        (9, 45749),
        (14, 46351),
        (18, 46565),
        (23, 46884),
        (29, 47223),
        (34, 47504),
        (38, 47625),
        (45, 48019),
        (52, 48393),
        (58, 49235),
        (61, 49360),
        (64, 49476),
        (71, 49885),
        (74, 50540),
        (78, 50810),
        (84, 51235),
        (89, 51573),
        (97, 52221),
        (104, 52714),
        (107, 53340),
        (111, 53610),
        (117, 54035),
        (123, 54448),
        (131, 55155),
        (134, 55288),
        (141, 55770),
        (144, 56382),
        (148, 56602),
        (154, 57031),
        (158, 57272),
    ),  # fmt: skip
    written="Question one. How much water does the Tefal kettle hold? "
    "Is it option A: 1.5 L, option B: 1.7 L, or option C: 2.2 L?",
)
SLOW = [0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 6500, 7200]  # the last two words drawn out

# (cue, expected captions (start ms, end ms, lines joined by " / ")); each was a flash cue or a cue
# of a word or two before (shown in the comment)
READABLE = [
    # was "Is it" for 241 ms, then "option A: 1.5 L, option B: 1.7 L, or", then "option C: 2.2 L?"
    (
        KETTLE,
        [
            (45140, 49235, "Question one. How much water / does the Tefal kettle hold?"),
            (49235, 52221, "Is it option A: 1.5 L,"),
            (52221, 58105, "option B: 1.7 L, or option C: 2.2 L?"),
        ],
    ),
    # the same said evenly (no word events): was "Is it" for 915 ms
    (
        CueTime("say", "Is it option A: 1.5 L, option B: 1.7 L, or option C: 2.2 L?", 0, 9000),
        [(0, 3508, "Is it option A: 1.5 L,"), (3508, 9000, "option B: 1.7 L, or option C: 2.2 L?")],
    ),
    # a sentence end just out of reach: was "Good." for 641 ms; now cut at the comma
    (
        CueTime("say", "Store it somewhere cool and dry, away from the sun. Good.", 0, 7300),
        [(0, 4226, "Store it somewhere cool and dry,"), (4226, 7300, "away from the sun. Good.")],
    ),
    # long enough in time, but two short words alone: was "Is it?" / "or not." after the rest
    (
        _timed("Keep the kettle away from the sun and the rain. Is it?", SLOW, 8000),
        [(0, 3500, "Keep the kettle away from the sun"), (3500, 8000, "and the rain. Is it?")],
    ),
    (
        _timed("Keep the kettle away from the sun and the rain, or not.", SLOW, 8000),
        [(0, 3500, "Keep the kettle away from the sun"), (3500, 8000, "and the rain, or not.")],
    ),
]


@pytest.mark.parametrize("cue, expected", READABLE)
def test_a_cut_never_makes_a_flash_cue_nor_a_cue_of_a_word_or_two(cue, expected):
    captions = caption_cues(cue)
    assert [(start, end, " / ".join(lines)) for start, end, lines in captions] == expected
    assert captions[0][0] == cue.start_ms and captions[-1][1] == cue.end_ms
    for (start, end, lines), nxt in zip(captions, [*captions[1:], None]):
        assert MIN_CUE_MS <= end - start <= MAX_CUE_MS
        assert len(lines) <= MAX_LINES and all(len(line) <= LINE_WIDTH for line in lines)
        assert len(" ".join(lines)) > 8 or " ".join(lines).count(" ") >= 2
        assert nxt is None or nxt[0] == end


def test_the_kettle_quiz_in_webvtt_has_no_cue_under_a_second():
    vtt = to_webvtt([KETTLE])
    assert "\nIs it\n" not in vtt
    assert "00:00:49.235 --> 00:00:52.221\nIs it option A: 1.5 L,\n" in vtt


def _glued(text: str) -> str:
    """``text`` with "^" where :func:`keeps_together` holds two words together, " " elsewhere."""
    words = text.split()
    return words[0] + "".join(("^" if keeps_together(words, i) else " ") + words[i] for i in range(1, len(words)))


# (text, the same with "^" in every gap no cut may fall in): a unit letter after a number is a unit,
# not an option letter; a fill-in blank is held with its unit like a number
TOGETHER = [
    ("Is it option A: 1.5 L, option B: 1.7 L, or option C: 2.2 L?", "Is it option^A:^1.5^L, option^B:^1.7^L, or option^C:^2.2^L?"),
    ("pour 2 L, or 3 L if it is cold", "pour 2^L, or 3^L if it is cold"),
    ("it draws 13 A: enough for a kettle", "it draws 13^A: enough for a kettle"),
    ("Is it option B, the windowpane test?", "Is it option^B,^the windowpane test?"),  # still an option
    ("Add _____ g of salt per litre.", "Add _____^g of salt per litre."),
    ("Fill it to _____ L before you start", "Fill it to _____^L before you start"),
    ("Ajoutez ___ g de sel", "Ajoutez ___^g de sel"),
    ("The answer is _____.", "The answer is _____."),
]  # fmt: skip


@pytest.mark.parametrize("text, marked", TOGETHER)
def test_a_unit_letter_is_no_option_and_a_blank_keeps_its_unit(text, marked):
    assert _glued(text) == marked


# (cue text, its one caption's lines): a line break never parts a blank from its unit
BLANK_LINES = [
    ("Question one. Add _____ g of salt per litre.", ["Question one.", "Add _____ g of salt per litre."]),
    (
        "Fill the kettle to the line marked _____ L before you switch it on.",
        ["Fill the kettle to the line marked", "_____ L before you switch it on."],
    ),
]


@pytest.mark.parametrize("text, lines", BLANK_LINES)
def test_a_line_break_never_parts_a_blank_from_its_unit(text, lines):
    assert caption_cues(CueTime("say", text, 0, 3000)) == [(0, 3000, lines)]


LONG_WORDS = [
    # (written, spoken, end_ms): a word longer than a line is shown in pieces of a line at most
    (
        "Get it from https://downloads.example.org/tools/release-2026/narrate-linux-arm64.tar.gz now.",
        "Get it from " + "word " * 24 + "now.",
        12570,
    ),
    ("The file is /srv/data/archive/2026/december/recordings/episode-0042-final.mp3 there.", "", 9800),
    ("Call pneumonoultramicroscopicsilicovolcanoconiosisandsomemoreletterstoo today.", "", 8000),
    ("Set NARRATE_SOME_VERY_LONG_ENVIRONMENT_VARIABLE_NAME_FOR_TESTING=1 first.", "", 7600),
    ("See https://example.org/a?first=one&second=two&third=three&fourth=four&fifth=5 please.", "", 11000),
]


@pytest.mark.parametrize(("written", "spoken", "end_ms"), LONG_WORDS, ids=[w[:30] for w, _, _ in LONG_WORDS])
def test_a_word_longer_than_a_line_is_cut_into_readable_cues(written, spoken, end_ms):
    cue = CueTime("say", spoken or written, 0, end_ms, written=written if spoken else "")
    captions = caption_cues(cue)
    assert all(len(lines) <= MAX_LINES and all(len(line) <= LINE_WIDTH for line in lines) for _, _, lines in captions)
    assert all(end - start <= MAX_CUE_MS for start, end, _ in captions)
    assert captions[0][0] == 0 and captions[-1][1] == end_ms
    assert all(a[1] == b[0] for a, b in zip(captions, captions[1:]))  # they touch
    shown = "".join(line for _, _, lines in captions for line in lines)
    assert shown.replace(" ", "") == written.replace(" ", "")  # nothing lost, no piece marker left
    assert "\u2060" not in shown
