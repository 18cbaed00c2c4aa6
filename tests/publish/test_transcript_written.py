"""Transcripts show each sentence as the author wrote it, while the audio says its spoken form."""

from __future__ import annotations

import pytest

from narrate.config import default_config
from narrate.model import CueTime, Lesson, Paragraph, Say, Section
from narrate.publish.transcripts import caption_cues, to_srt, to_webvtt
from narrate.text.script import build_script


def _says(text: str, **config) -> list[Say]:
    lesson = Lesson(id="l", title="T", sections=(Section("S", (Paragraph(text, 1),), 1),))
    cues = build_script(lesson, default_config("C", **config) if config else default_config("C")).cues
    return [c for c in cues if isinstance(c, Say)][-1:]


@pytest.mark.parametrize(
    ("written", "spoken"),
    [
        ("Bake it for 2 1/2 hours.", "Bake it for two and a half hours."),
        ("Call 555-0142 today.", "Call five five five, zero one four two today."),
        ("It weighs 12 kg.", "It weighs twelve kilograms."),
        ("Photosystem II splits water.", "Photosystem two splits water."),
        ("The test is on 2024-03-15.", "The test is on March fifteenth, twenty twenty-four."),
        ("It costs $2.50.", "It costs two dollars and fifty cents."),
    ],
)
def test_a_sentence_is_heard_spoken_and_shown_as_written(written, spoken):
    (say,) = _says(written)
    assert (say.text, say.written) == (spoken, written)
    cue = CueTime("say", say.text, 1000, 4000, written=say.written)
    assert [" ".join(lines) for _, _, lines in caption_cues(cue)] == [written]
    assert written in to_webvtt([cue]) and spoken not in to_webvtt([cue]) and written in to_srt([cue])


@pytest.mark.parametrize("text", ["Plain words here.", "No numbers at all, just words."])
def test_a_sentence_said_as_written_keeps_no_second_copy(text):
    (say,) = _says(text)
    assert (say.text, say.written) == (text, "")


def test_written_captions_keep_the_limits_and_the_cue_times():
    written = "On 2024-03-15, " + ", ".join(f"{n} kg" for n in range(10, 30)) + " were weighed."
    cue = CueTime("say", "spoken form " * 40, 2000, 30000, words=((0, 2000), (7, 2500)), written=written)
    captions = caption_cues(cue)
    assert " ".join(w for _, _, lines in captions for w in " ".join(lines).split()) == written
    assert captions[0][0] == 2000 and captions[-1][1] == 30000
    assert all(end - start <= 7000 and len(lines) <= 2 and max(map(len, lines)) <= 42 for start, end, lines in captions)


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Say [¿Dónde está la estación?]{lang=es} 2 times.", "Say ¿Dónde está la estación? 2 times."),
        ("In Berlin say [Es kostet 3 Euro]{lang=de}.", "In Berlin say Es kostet 3 Euro."),
    ],
)
def test_a_sentence_with_a_phrase_in_another_language_is_shown_as_written(written, shown):
    (say,) = _says(written)
    assert say.written == shown and say.parts and "[" not in say.text
