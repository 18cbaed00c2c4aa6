"""Mixed-language lessons: ``[¿Dónde está?]{lang=es}`` spans and ``{lang=es repeat}`` pauses.

The end-to-end test builds an English lesson with Spanish spans with the real espeak-ng voices and
measures the assembled audio: the Spanish run goes to the Spanish voice, the join between the runs
has no gap longer than the sentence pause, and the repeat pause in the transcript is as long as
the Spanish phrase's speech plus one second.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from narrate import BuildOptions
from narrate.model import Pause, Say
from narrate.pipeline import build, load
from narrate.speech.cache import UtteranceCache
from narrate.speech.join import SILENCE, join_clips, read_wav, voiced_ms
from narrate.speech.synthesis import plan
from narrate.text.script import build_script, render_script
from narrate.text.spans import Span, plain_text, span_problem, split_spans

ROOT = Path(__file__).resolve().parents[2]

LESSON = """\
title: At the Station
sections:
  - title: Asking the way
    body:
      - To ask for the station, say [¿Dónde está la estación?]{lang=es repeat} It means "where is the station".
      - The ticket costs [3,50 euros]{lang=es}, about 3.5 euros.
quiz:
  - prompt: How do you say "thank you"?
    options: ["[gracias]{lang=es}", "[por favor]{lang=es}"]
    answer: "[gracias]{lang=es}"
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain", [Span("plain")]),
        ("Say [hola]{lang=es}.", [Span("Say "), Span("hola", "es"), Span(".")]),
        ("[Guten Tag]{lang=DE repeat}", [Span("Guten Tag", "de", True)]),
        ("[a]{lang=fr} and [b]{ lang=it }", [Span("a", "fr"), Span(" and "), Span("b", "it")]),
        ("[¿Dónde está?]{lang=es-419}!", [Span("¿Dónde está?", "es-419"), Span("!")]),
    ],
)
def test_split_spans(text: str, expected: list[Span]):
    assert split_spans(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Say [hola]{lang=es} twice.", None),
        ("A [list] {of} things and [links](x)", None),
        ("Say [hola]{lang=es twice.", "unclosed language span"),
        ("Say [hola{lang=es} twice.", "unclosed language span"),
        ("Say [hola]{lang=español}.", "'español' in [hola]{lang=...} is not an ISO 639 language code"),
        ("Say [hola]{lang=es loud}.", "unknown span flag 'loud'"),
    ],
)
def test_span_problems(text: str, problem: str | None):
    found = span_problem(text)
    assert found == problem if problem is None else problem in (found or "")


def test_plain_text_shows_spans_as_written():
    assert plain_text("Say [¿Dónde está?]{lang=es repeat} now.") == "Say ¿Dónde está? now."


ESPEAK = "voice:\n  engine: pyttsx3\n"
"""espeak-ng named where a test hears the voices (a course naming none: tests/speech/test_choice*.py)."""


def _course(tmp_path: Path, lesson: str = LESSON, extra: str = "") -> Path:
    (tmp_path / "lessons").mkdir(parents=True)
    (tmp_path / "course.yaml").write_text(f"title: Spanish for Travellers\nlanguage: en-us\n{extra}", encoding="utf-8")
    (tmp_path / "lessons" / "01-station.yaml").write_text(lesson, encoding="utf-8")
    return tmp_path


def test_script_speaks_spans_in_their_language_and_pauses_after_repeat(tmp_path: Path):
    loaded = load(_course(tmp_path))
    script = build_script(loaded.lessons[0], loaded.config)
    says = [c for c in script.cues if isinstance(c, Say)]
    mixed = next(s for s in says if s.parts and s.parts[-1][1].startswith("¿Dónde"))
    assert mixed.text == "To ask for the station, say ¿Dónde está la estación?"
    assert mixed.parts == (("", "To ask for the station, say"), ("es", "¿Dónde está la estación?"))
    after = script.cues[script.cues.index(mixed) + 1]
    assert after == Pause(0, "repeat", repeat=("es", "¿Dónde está la estación?"))
    assert script.cues[script.cues.index(mixed) + 2] == Say('It means "where is the station".')
    # the Spanish span is normalised by the Spanish rules (a decimal comma before "euros": money), the English rest by the English
    ticket = next(s for s in says if s.text.startswith("The ticket"))
    assert ticket.parts == (
        ("", "The ticket costs"),
        ("es", "tres euros con cincuenta céntimos"),
        ("", ", about three point five euros."),
    )
    assert ticket.text == "The ticket costs tres euros con cincuenta céntimos, about three point five euros."
    question = next(s for s in says if s.text.startswith("Question one"))
    assert question.text == 'Question one. How do you say "thank you"? Is it option A: gracias, or option B: por favor?'
    assert ("es", "gracias") in question.parts and ("es", "por favor") in question.parts
    text = render_script(script)
    assert "    (repeat pause: the phrase's length + 1.00 s)" in text


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("Say [hola]{lang=es repeat}.", ("Say hola.", (("", "Say"), ("es", "hola.")))),
        ("Say [hola]{lang=es repeat}!", ("Say hola!", (("", "Say"), ("es", "hola!")))),
        ("Then [merci]{lang=fr repeat}...", ("Then merci...", (("", "Then"), ("fr", "merci...")))),
        ("Ask [¿qué tal?]{lang=es repeat}", ("Ask ¿qué tal?", (("", "Ask"), ("es", "¿qué tal?")))),
        ("Try [danke]{lang=de repeat}.)", ("Try danke.)", (("", "Try"), ("de", "danke.)")))),
    ],
)
def test_closing_punctuation_after_a_repeat_span_is_no_utterance_of_its_own(tmp_path: Path, body, said):
    """The "." after ``[hola]{lang=es repeat}`` joins the phrase before the repeat pause: on its own it
    was an utterance with nothing to say, and the engine's empty clip failed the build."""
    lesson = f"title: Greetings\nsections:\n  - title: Hello\n    body:\n      - {body!r}\n"
    loaded = load(_course(tmp_path, lesson=lesson.replace("'", '"')))
    script = build_script(loaded.lessons[0], loaded.config)
    says = [c for c in script.cues if isinstance(c, Say)]
    assert all(re.search(r"[^\W_]", s.text) for s in says), [s.text for s in says]
    mixed = next(s for s in says if s.parts)
    assert (mixed.text, mixed.parts) == said
    assert isinstance(script.cues[script.cues.index(mixed) + 1], Pause)


def test_a_set_repeat_pause_length_is_used(tmp_path: Path):
    loaded = load(_course(tmp_path, extra="pauses:\n  repeat: 4\n"))
    script = build_script(loaded.lessons[0], loaded.config)
    assert Pause(4000, "repeat", repeat=("es", "¿Dónde está la estación?")) in script.cues


def test_join_clips_cuts_the_silence_between_runs(tmp_path: Path):
    rate = 22050
    tone = (3000 * np.sin(np.arange(rate // 2) * 2 * np.pi * 220 / rate)).astype(np.int16)
    quiet = np.zeros(rate // 2, dtype=np.int16)  # 500 ms of padding on each side
    import wave

    paths = []
    for n in range(2):
        path = tmp_path / f"{n}.wav"
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(rate)
            wav.writeframes(np.concatenate([quiet, tone, quiet]).tobytes())
        paths.append(path)
    join_clips(paths, tmp_path / "joined.wav")
    samples, got_rate = read_wav(tmp_path / "joined.wav")
    assert got_rate == rate
    # JOIN_GAP_MS where 1000 ms of padding were, plus the faded edges' quietest samples
    assert 60 <= _longest_inner_silence_ms(samples, rate) <= 60 + 2 * 8
    assert abs(voiced_ms(tmp_path / "joined.wav") - (500 + 60 + 500)) <= 2
    assert abs(len(samples) * 1000 // rate - (500 + 500 + 60 + 500 + 500)) <= 1


def _longest_inner_silence_ms(samples: np.ndarray, rate: int) -> int:
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) >= SILENCE)
    if loud.size < 2:
        return 0
    return int(np.max(np.diff(loud)) - 1) * 1000 // rate


@pytest.mark.e2e
def test_mixed_lesson_builds_with_the_spanish_voice_and_no_gap(tmp_path: Path):
    course = _course(tmp_path / "course", extra=ESPEAK)
    cache = UtteranceCache(tmp_path / "cache")
    result = build(course, tmp_path / "out", BuildOptions(jobs=1), cache=cache)
    episode = result.episodes[0]
    loaded = load(course)
    script = build_script(loaded.lessons[0], loaded.config)
    the_plan = plan([script], loaded.config, cache)
    keys = the_plan.keys[0]
    mixed_index = next(i for i, c in enumerate(script.cues) if isinstance(c, Say) and c.text.endswith("estación?"))
    resolved = episode.script.cues[mixed_index + 1]
    assert isinstance(resolved, Pause) and resolved.kind == "repeat" and resolved.ms > 1000
    utterance = the_plan.utterances[keys[mixed_index]]
    # the English run goes to the course's English voice, the Spanish run to espeak-ng's Spanish voice
    assert utterance.parts == (("gmw/en-us", "To ask for the station, say"), ("roa/es", "¿Dónde está la estación?"))
    samples, rate = read_wav(cache.get(keys[mixed_index]))
    gap_ms = _longest_inner_silence_ms(samples, rate)
    assert gap_ms <= loaded.config.pauses.sentence_ms, f"a {gap_ms} ms gap inside the mixed sentence"

    # the repeat pause in the transcript: the Spanish phrase's speech + 1 s
    phrase_ms = voiced_ms(cache.get(keys[mixed_index + 1]))
    assert 800 < phrase_ms < 4000
    vtt = (tmp_path / "out" / episode.files["vtt"]).read_text(encoding="utf-8")
    times = re.findall(r"(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})\n([^\n]*)", vtt)

    def ms(h, m, s, f):
        return ((int(h) * 60 + int(m)) * 60 + int(s)) * 1000 + int(f)

    cues = [(ms(*t[0:4]), ms(*t[4:8]), t[8]) for t in times]
    n = next(i for i, c in enumerate(cues) if c[2].startswith("To ask for the station"))
    assert cues[n + 1][2].startswith("It means")
    assert abs((cues[n + 1][0] - cues[n][1]) - (phrase_ms + 1000)) <= 2
    assert "¿Dónde" in vtt and "[" not in vtt and "lang=" not in vtt  # shown as written
    page = next((tmp_path / "out" / "episodes").glob("*.html")).read_text(encoding="utf-8")
    assert 'To ask for the station, say <span lang="es">¿Dónde está la estación?</span>' in page


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "narrate", *args], capture_output=True, text=True, env=env, timeout=300
    )


BAD = [
    ("      - Say [hola]{lang=es to everyone.\n", "unclosed language span near 'Say [hola]{lang=es to everyone.'"),
    (
        "      - Say [hola]{lang=tlh} to everyone.\n",
        "[...]{lang=tlh}: pyttsx3 (espeak-ng) has no voice for language 'tlh'",
    ),
    ("      - Say [hola]{lang=xx-yy-zz-12345678901} now.\n", "is not an ISO 639 language code"),
]


@pytest.mark.e2e  # a real narrate process per case: left out by scripts/test.sh --fast
@pytest.mark.parametrize(("line", "message"), BAD)
def test_bad_spans_are_one_error_line_and_nothing_is_written(tmp_path: Path, line: str, message: str):
    lesson = "title: A\nsections:\n  - title: S\n    body:\n" + line
    course = _course(tmp_path / "course", lesson)
    out = tmp_path / "out"
    result = run_cli("build", str(course), "-o", str(out), "-q")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {course / 'lessons' / '01-station.yaml'}:5: ")
    assert message in lines[0]
    assert not out.exists() or not any(out.iterdir())


def test_voice_languages_chooses_the_voice_of_a_span_language(tmp_path: Path):
    course = _course(tmp_path, extra=ESPEAK + "  languages: {es: roa/es-419}\n")
    loaded = load(course)
    assert loaded.config.voice.for_language("es-mx") == "roa/es-419"
    script = build_script(loaded.lessons[0], loaded.config)
    the_plan = plan([script], loaded.config, UtteranceCache(tmp_path / "cache"))
    mixed = next(u for u in the_plan.utterances.values() if u.parts)
    assert [voice for voice, _ in mixed.parts] == ["gmw/en-us", "roa/es-419"]


def test_voice_languages_must_name_language_codes(tmp_path: Path):
    from narrate.errors import ConfigError

    course = _course(tmp_path, extra="voice:\n  languages: {spanish: roa/es}\n")
    with pytest.raises(ConfigError, match="'spanish' is not an ISO 639 language code"):
        load(course)
