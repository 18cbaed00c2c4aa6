"""The best installed engine per language: the preference table, how a course that names no engine
is resolved (each language, a mixed-language sentence's runs), the line a build prints, the no-change
check's stamps. Real engines are in tests/speech/test_choice_e2e.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrate import uptodate
from narrate.config import CourseConfig, VoiceConfig
from narrate.errors import EngineError
from narrate.model import Lesson, Say, Script
from narrate.speech import engines as tts
from narrate.speech import synthesis as synth
from narrate.speech.cache import MEMO_FILE, UtteranceCache, utterance_key
from narrate.speech.engines import choice
from narrate.speech.engines.choice import candidates, choose, voices_line

ALL = {"piper", "kokoro", "pyttsx3"}


@pytest.mark.parametrize(
    ("language", "installed", "expected"),
    [
        # US English: Piper, else Kokoro, else espeak-ng
        ("en-us", ALL, "piper"),
        ("en", ALL, "piper"),
        ("EN_US", ALL, "piper"),
        ("en-us", {"kokoro", "pyttsx3"}, "kokoro"),
        ("en-us", {"pyttsx3"}, "pyttsx3"),
        ("en-ca", ALL, "piper"),  # by its primary subtag
        # English of the Commonwealth: Kokoro's British voice, else Piper's US one, else espeak-ng
        ("en-au", ALL, "kokoro"),
        ("en-in", ALL, "kokoro"),
        ("en-nz", {"piper", "pyttsx3"}, "piper"),
        ("en-ie", {"pyttsx3"}, "pyttsx3"),
        # Kokoro's languages: Kokoro, else espeak-ng (Piper's bundled voice is US English only)
        ("en-gb", ALL, "kokoro"),
        ("en-gb", {"piper", "pyttsx3"}, "pyttsx3"),
        ("es", ALL, "kokoro"),
        ("es-mx", ALL, "kokoro"),
        ("es", {"piper", "pyttsx3"}, "pyttsx3"),
        ("fr", ALL, "kokoro"),
        ("it", ALL, "kokoro"),
        ("pt", ALL, "kokoro"),
        ("pt-br", ALL, "kokoro"),
        ("hi", ALL, "kokoro"),
        ("ja", ALL, "pyttsx3"),  # Kokoro lists Japanese and Chinese voices but cannot read the text
        ("zh", ALL, "pyttsx3"),
        # every other language: espeak-ng
        ("de", ALL, "pyttsx3"),
        ("ar", ALL, "pyttsx3"),
        ("eo", ALL, "pyttsx3"),
        # nothing installed: espeak-ng, whose start then says how to install it
        ("en-us", set(), "pyttsx3"),
        ("de", set(), "pyttsx3"),
    ],
)
def test_the_best_installed_engine_for_each_language(language, installed, expected):
    assert choose(language, installed) == expected


@pytest.mark.parametrize(
    ("language", "installed", "voice", "expected"),
    [
        ("en-us", ALL, None, ("piper", "kokoro", "pyttsx3")),
        ("es", ALL, None, ("kokoro", "pyttsx3")),
        ("es", {"pyttsx3"}, None, ("pyttsx3",)),
        ("de", ALL, None, ("pyttsx3",)),
        ("de", ALL, "voices/de_DE-thorsten-medium.onnx", ("piper", "pyttsx3")),  # a Piper model's path
        ("es", ALL, "voices/es_ES-davefx-medium.onnx", ("piper", "kokoro", "pyttsx3")),
        ("es", {"kokoro", "pyttsx3"}, "voices/es.onnx", ("kokoro", "pyttsx3")),
    ],
)
def test_candidates_in_order(language, installed, voice, expected):
    assert candidates(language, installed, voice) == expected


def test_every_engine_of_the_table_is_one_of_narrate_s_own():
    assert set(choice.ENGINES) == ALL
    assert set(choice.ENGINES) <= set(tts._BUILTIN)


@pytest.mark.parametrize(
    ("chosen", "line"),
    [
        (
            [("en-us", "piper", "en_US-joe-medium"), ("es", "kokoro", "ef_dora")],
            "voices: en-us → piper en_US-joe-medium, es → kokoro ef_dora "
            "(set voice.engine or --engine to choose; narrate voices --language es lists them)",
        ),
        (
            [("de", "pyttsx3", "gmw/de")],
            "voices: de → pyttsx3 gmw/de (set voice.engine or --engine to choose; narrate voices --language de lists them)",
        ),
        (
            [("en-us", "pyttsx3", None)],
            "voices: en-us → pyttsx3 (its default voice) "
            "(set voice.engine or --engine to choose; narrate voices --language en-us lists them)",
        ),
    ],
)
def test_the_one_line_a_build_prints(chosen, line):
    assert voices_line(chosen) == line


def test_installed_looks_at_files_only(monkeypatch, tmp_path):
    assert choice.installed("pyttsx3")
    assert not choice.installed("no-such-engine")
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(tmp_path / "nonexistent"))
    assert not choice.installed("kokoro")
    assert "kokoro" not in choice.installed_engines()


def test_an_empty_engine_setting_means_automatic():
    assert VoiceConfig().engine == choice.AUTOMATIC == ""


# ---------------------------------------------------------------- a course that names no engine

LESSON = Lesson(id="greetings", title="Greetings", source=Path("lessons/01-greetings.md"))
MIXED = Say("We say hola.", "narrator", (("", "We say"), ("es", "hola.")))
SCRIPT = Script(LESSON, (Say("Hello."), MIXED, Say("Which word?", "host")))


def automatic(language: str = "en-us", **voice) -> CourseConfig:
    return CourseConfig(title="Greetings", language=language, voice=VoiceConfig(**{"engine": "", **voice}))


def spanish_elsewhere(language: str, installed, voice=None) -> tuple[str, ...]:
    """A preference where Spanish has another engine than the rest (as Kokoro and Piper)."""
    return ("fake-other",) if language.startswith("es") else ("fake",)


def test_no_engine_named_speaks_each_language_with_its_own_engine(fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", spanish_elsewhere)
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], automatic(), cache)
    narrator = plan.speakers["narrator"]
    assert (narrator.engine, narrator.voice, narrator.automatic) == ("fake", "low", True)
    assert plan.speakers["host"] == narrator  # host_engine empty follows the narrator
    mixed = plan.utterances[plan.keys[0][1]]
    assert mixed.part_engines == ("fake", "fake-other")
    assert mixed.key == utterance_key(
        "fake", "fake 1", "fake:low@fake 1|fake-other:low@other 2", 160, "We say\x1fhola.", 44100
    )
    clips, made = synth.synthesize(plan, cache, jobs=1)
    assert made == 3
    assert [line for line in fakes.lines() if line.startswith("say ")] == [
        "say fake Hello.",
        "say fake We say",
        "say fake-other hola.",
        "say fake Which word?",
    ]
    lesson_in_spanish = synth.plan([Script(LESSON, (Say("Hola."),), language="es")], automatic(), cache)
    assert lesson_in_spanish.utterances[lesson_in_spanish.keys[0][0]].engine == "fake-other"


def test_one_engine_for_every_run_keeps_the_keys_as_they_were(fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake",))
    plan = synth.plan([SCRIPT], automatic(), UtteranceCache(tmp_path / "c"))
    mixed = plan.utterances[plan.keys[0][1]]
    assert mixed.part_engines == ()
    assert mixed.key == utterance_key("fake", "fake 1", "low@fake 1|low@fake 1", 160, "We say\x1fhola.", 44100)
    assert plan.keys[0][0] == utterance_key("fake", "fake 1", "low", 160, "Hello.", 44100)


@pytest.mark.parametrize("named", ["fake", "fake-other"])
def test_an_engine_named_explicitly_is_always_used(fakes, monkeypatch, tmp_path, named):
    monkeypatch.setattr(synth, "candidates", spanish_elsewhere)
    config = CourseConfig(title="Greetings", voice=VoiceConfig(engine=named))
    plan = synth.plan([SCRIPT], config, UtteranceCache(tmp_path / "c"))
    assert {u.engine for u in plan.utterances.values()} == {named}
    assert all(u.part_engines == () for u in plan.utterances.values())
    assert not plan.speakers["narrator"].automatic
    assert synth.chosen_voices(config, tmp_path / "c", ["es"]) == []
    spanish = synth.plan([Script(LESSON, (Say("Hola."),), language="es")], config, UtteranceCache(tmp_path / "c"))
    assert {u.engine for u in spanish.utterances.values()} == {named}


def test_the_quiz_host_s_own_engine_is_kept(fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake",))
    plan = synth.plan([SCRIPT], automatic(host_engine="fake-other"), UtteranceCache(tmp_path / "c"))
    assert plan.speakers["narrator"].engine == "fake"
    assert plan.speakers["host"].engine == "fake-other"
    assert not plan.speakers["host"].automatic


def test_chosen_voices_name_each_language_once_the_course_s_first(fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", spanish_elsewhere)
    chosen = synth.chosen_voices(automatic(), tmp_path / "c", ["es", "en-us", "es-mx", "es"])
    assert chosen == [("en-us", "fake", "low"), ("es", "fake-other", "low"), ("es-mx", "fake-other", "low")]


class SpeaksNoSpanish(tts.EngineBase):
    """A fake engine without a voice for Spanish."""

    name = "fake-no-spanish"

    def version(self) -> str:
        return "no-spanish 1"

    def voices(self) -> list[tts.Voice]:
        return [tts.Voice("low", "Low", ("en-us",))]

    def default_voice(self, language: str) -> str | None:
        if language.startswith("es"):
            raise EngineError("no voice for Spanish")
        return "low"

    def synthesize(self, text, voice, rate_wpm, out_path):  # pragma: no cover - never asked here
        raise AssertionError


class DoesNotStart(SpeaksNoSpanish):
    name = "fake-broken"

    def __init__(self) -> None:
        raise RuntimeError("its model is damaged")


@pytest.fixture
def more_fakes(fakes, monkeypatch):
    for cls in (SpeaksNoSpanish, DoesNotStart):
        monkeypatch.setitem(tts.ENGINES, cls.name, (__name__, cls.__name__, "a test engine"))
        tts._instances.pop(cls.name, None)
    yield fakes
    for cls in (SpeaksNoSpanish, DoesNotStart):
        tts._instances.pop(cls.name, None)


def test_an_engine_without_a_voice_for_the_language_gives_way_to_the_next(more_fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake-no-spanish", "fake"))
    root = tmp_path / "c"
    assert synth.chosen_voices(automatic(language="es"), root, []) == [("es", "fake", "low")]
    memo = json.loads((root / MEMO_FILE).read_text(encoding="utf-8"))
    assert "cannot\tfake-no-spanish\t\tes" in memo  # a rebuild does not ask it again
    assert synth.chosen_voices(automatic(language="en-us"), root, []) == [("en-us", "fake-no-spanish", "low")]
    # a voice the best engine does not know: the next one that does
    assert synth.speaker_for("", "high", "en-us").engine == "fake"


def test_an_engine_that_fails_to_start_is_an_error_not_a_fallback(more_fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake-broken", "fake"))
    with pytest.raises(EngineError, match="fake-broken.*unavailable.*its model is damaged"):
        synth.chosen_voices(automatic(), tmp_path / "c", [])


def test_the_last_candidate_s_error_is_the_one_raised(more_fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake-no-spanish",))
    with pytest.raises(EngineError, match="no voice for Spanish"):
        synth.span_voice("", "es", tmp_path / "c")


def test_a_voice_no_installed_engine_knows_names_every_engine_s_reason(more_fakes, monkeypatch, tmp_path):
    monkeypatch.setattr(synth, "candidates", lambda language, installed, voice=None: ("fake-no-spanish", "fake"))
    with pytest.raises(EngineError) as info:
        synth.speaker_for("", "nobody", "en-us")
    assert info.value.problem == (
        "no installed engine can speak voice 'nobody' in en-us (fake-no-spanish: unknown fake-no-spanish voice "
        "'nobody' (see: narrate voices --engine fake-no-spanish); fake: unknown fake voice 'nobody' (see: "
        "narrate voices --engine fake))"
    )


# ---------------------------------------------------------------- the no-change check


def test_a_course_naming_no_engine_is_stamped_with_every_engine_it_may_choose():
    automatic_stamps = uptodate._engine_stamps({"title": "T"}, {})
    for name in choice.ENGINES:
        assert f"\n{name}:None:" in "\n" + automatic_stamps
    named = uptodate._engine_stamps({"voice": {"engine": "pyttsx3"}}, {})
    assert "piper:" not in named and "kokoro:" not in named
    assert "piper:" not in uptodate._engine_stamps({}, {"engine": "pyttsx3"})


def test_a_newly_installed_engine_changes_the_digest_of_a_course_naming_none(monkeypatch, tmp_path):
    from narrate.speech.engines.builtin import kokoro_dir

    real = kokoro_dir() / "voices"
    kokoro = tmp_path / "kokoro-js"
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(kokoro))
    before = uptodate._engine_stamps({}, {})
    (kokoro / "voices").mkdir(parents=True)
    assert not choice.installed("kokoro")  # an empty voices folder is not an installed Kokoro
    if not real.is_dir():
        pytest.skip("Kokoro's voices are not installed here (scripts/setup.sh)")
    for voice in real.glob("*.bin"):  # the voices arrive: Kokoro is installed
        (kokoro / "voices" / voice.name).symlink_to(voice)
    if not choice.installed("kokoro"):
        pytest.skip("Kokoro's model packages are not installed here")
    assert uptodate._engine_stamps({}, {}) != before
    named = {"voice": {"engine": "pyttsx3"}}
    with_kokoro = uptodate._engine_stamps(named, {})
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(tmp_path / "nonexistent"))
    assert uptodate._engine_stamps(named, {}) == with_kokoro  # a course naming its engine is not rebuilt
