"""Tests for narrate.publish.transcripts: WebVTT, SubRip and Podcasting 2.0 JSON chapters."""

from __future__ import annotations

import json

import pytest

from narrate.model import ChapterMark, CueTime
from narrate.publish.transcripts import to_json_chapters, to_srt, to_webvtt

CUES = [
    CueTime("say", "Salt & pepper <both> matter.", 0, 1500),
    CueTime("sentence", "", 1500, 1900),
    CueTime("say", "A line\n\nwith   a blank line inside.", 1900, 4250),
    CueTime("think", "", 4250, 3_600_000),
    CueTime(
        "say",
        "One hour in, the question x > y is answered by a rather long sentence.",
        3_600_000,
        3_606_456,  # 6.5 s: one caption (a longer one is cut, see test_captions_*)
        role="host",
    ),
    CueTime("paragraph", "", 3_723_456, 3_724_000),
    CueTime("say", "   ", 3_724_000, 3_724_500),  # blank text: no caption
]


def test_webvtt_exact():
    assert to_webvtt(CUES) == (
        "WEBVTT\n"
        "\n"
        "1\n"
        "00:00:00.000 --> 00:00:01.500\n"
        "Salt &amp; pepper &lt;both&gt; matter.\n"
        "\n"
        "2\n"
        "00:00:01.900 --> 00:00:04.250\n"
        "A line with a blank line inside.\n"
        "\n"
        "3\n"
        "01:00:00.000 --> 01:00:06.456\n"
        "One hour in, the question x &gt; y is\n"
        "answered by a rather long sentence.\n"
    )


def test_srt_exact():
    assert to_srt(CUES) == (
        "1\n"
        "00:00:00,000 --> 00:00:01,500\n"
        "Salt & pepper <both> matter.\n"
        "\n"
        "2\n"
        "00:00:01,900 --> 00:00:04,250\n"
        "A line with a blank line inside.\n"
        "\n"
        "3\n"
        "01:00:00,000 --> 01:00:06,456\n"
        "One hour in, the question x > y is\n"
        "answered by a rather long sentence.\n"
    )


def test_no_cue_lines_are_blank_and_wrapped_at_42():
    for text in (to_webvtt(CUES), to_srt(CUES)):
        for block in text.strip("\n").split("\n\n"):
            lines = block.split("\n")
            assert all(line.strip() for line in lines)
    # a word longer than a line is broken, so that no line is over 42 characters
    long_word = "x" * 60
    vtt = to_webvtt([CueTime("say", f"short {long_word} end", 0, 10)])
    assert vtt.splitlines()[-6:] == ["short", "", "2", "00:00:00.001 --> 00:00:00.010", "x" * 42, "x" * 18 + " end"]


def test_empty_inputs():
    assert to_webvtt([]) == "WEBVTT\n"
    assert to_srt([CueTime("sentence", "", 0, 500)]) == ""


@pytest.mark.parametrize(
    ("cues", "message"),
    [
        (
            [CueTime("say", "a", 1000, 2000), CueTime("say", "b", 1500, 2500)],
            "starts before the previous cue ends at 2000 ms",
        ),
        ([CueTime("say", "a", 1000, 900)], "ends before it starts"),
        ([CueTime("say", "a", 1000, 1000)], "lasts no time"),
        ([CueTime("say", "a", -5, 100)], "starts before 0 ms"),
        ([CueTime("say", "a", 0, 1000), CueTime("think", "", 500, 800)], r"cue 2 \(think"),
    ],
)
def test_cue_validation(cues, message):
    with pytest.raises(ValueError, match=message):
        to_webvtt(cues)
    with pytest.raises(ValueError, match=message):
        to_srt(cues)


CHAPTERS = [
    ChapterMark("Εισαγωγή", 0, 12_345),
    ChapterMark("はじめに & more", 12_345, 60_000),
    ChapterMark("Quiz", 60_000, 3_723_456),
]


def test_json_chapters_exact():
    assert to_json_chapters(CHAPTERS, title="Lesson 1: Ταυτότητα") == (
        "{\n"
        '  "version": "1.2.0",\n'
        '  "title": "Lesson 1: Ταυτότητα",\n'
        '  "chapters": [\n'
        "    {\n"
        '      "startTime": 0.0,\n'
        '      "endTime": 12.345,\n'
        '      "title": "Εισαγωγή"\n'
        "    },\n"
        "    {\n"
        '      "startTime": 12.345,\n'
        '      "endTime": 60.0,\n'
        '      "title": "はじめに & more"\n'
        "    },\n"
        "    {\n"
        '      "startTime": 60.0,\n'
        '      "endTime": 3723.456,\n'
        '      "title": "Quiz"\n'
        "    }\n"
        "  ]\n"
        "}\n"
    )


def test_json_chapters_without_title_parses():
    data = json.loads(to_json_chapters(CHAPTERS))
    assert list(data) == ["version", "chapters"]
    assert [c["startTime"] for c in data["chapters"]] == [0.0, 12.345, 60.0]
    assert to_json_chapters([]) == '{\n  "version": "1.2.0",\n  "chapters": []\n}\n'


def test_json_chapters_validation():
    with pytest.raises(
        ValueError, match=r"chapter 2 \(.Quiz.\) starts at 60000 ms but the previous chapter ends at 12345 ms"
    ):
        to_json_chapters([CHAPTERS[0], CHAPTERS[2], CHAPTERS[1]])
    with pytest.raises(ValueError, match="first chapter must start at 0 ms"):
        to_json_chapters(CHAPTERS[1:])
