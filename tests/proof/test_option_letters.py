"""Option letters a listener hears (issue 28, part 5): a question's options are read "option A: ...",
and the real thing proves it: espeak-ng speaks the question and its answer as the script has them,
and the offline recogniser (faster-whisper base, narrate.proof.listen) hears every letter.

Before, the options were read "A: ..., B: ..., or C: ..." and the recogniser heard "B:" as "me" and
"C:" as "sea" ("Is it a, the float test? Me, the window pen test, or sea, the crumb test?").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_listen import needs_listen

from narrate.config import CourseConfig
from narrate.model import Lesson, Question, Say
from narrate.text.script import build_script

pytestmark = [pytest.mark.e2e, needs_listen]  # espeak-ng speaks, faster-whisper hears

QUESTION = Question(
    "Which test shows gluten is developed?",
    ("The windowpane test",),
    ("The float test", "The windowpane test", "The crumb test"),
)


def _heard(text: str, wav: Path, recogniser) -> str:
    """``text`` spoken by espeak-ng (pyttsx3, the default US English voice) and heard by the recogniser,
    in lower case with the punctuation taken out."""
    from faster_whisper import decode_audio

    from narrate.proof.listen import SAMPLE_RATE
    from narrate.speech.audition import speak_to_wav

    speak_to_wav(text, "pyttsx3", None, "en-us", 175, wav)
    heard = recogniser.hear(decode_audio(str(wav), sampling_rate=SAMPLE_RATE), "en")
    return " ".join(re.sub(r"[^\w\s]", " ", heard.lower()).split())


def test_every_option_letter_is_heard_in_the_question_and_the_answer(tmp_path):
    from narrate.proof.listen import prepare

    script = build_script(Lesson(id="bread", title="Bread", quiz=(QUESTION,)), CourseConfig(title="Bread"))
    host = [c.text for c in script.cues if isinstance(c, Say) and c.role == "host"]
    question, answer = host[1], host[2]  # after "Check yourself. One question."
    assert question == (
        "Question one. Which test shows gluten is developed? "
        "Is it option A: The float test, option B: The windowpane test, or option C: The crumb test?"
    )
    assert answer == "The answer is option B: The windowpane test."
    recogniser = prepare(threads=1)
    heard = _heard(question, tmp_path / "question.wav", recogniser)
    assert re.findall(r"\boption ([a-z])\b", heard) == ["a", "b", "c"], heard
    heard = _heard(answer, tmp_path / "answer.wav", recogniser)
    assert heard.startswith("the answer is option b "), heard
