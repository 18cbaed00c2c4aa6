"""Synthesis: cache keys per role, in-process and pooled synthesis, timeouts, retries, errors."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
import soundfile

from narrate.config import CourseConfig, VoiceConfig
from narrate.errors import ConfigError, EngineError, NarrateError
from narrate.model import Chapter, Lesson, Pause, Say, Script
from narrate.speech import synthesis as synth
from narrate.speech import utterance
from narrate.speech.cache import UtteranceCache, utterance_key

LESSON = Lesson(id="tides", title="Tides", source=Path("lessons/02-tides.yaml"))
SCRIPT = Script(
    LESSON,
    (
        Chapter("Start"),
        Say("The moon pulls the sea."),
        Pause(350),
        Say("Twice a day the water rises."),
        Pause(5000, "think"),
        Say("Which body pulls hardest?", "host"),
        Say("The moon pulls the sea."),
    ),
)


def config(**voice) -> CourseConfig:
    return CourseConfig(title="Coasts", voice=VoiceConfig(**{"engine": "fake", **voice}))


def frames(path: Path) -> int:
    return soundfile.info(str(path)).frames


def test_plan_keys_every_say_cue_by_role(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(host="high"), cache)
    assert plan.speakers == {
        "narrator": synth.Speaker("fake", "low", "fake 1"),
        "host": synth.Speaker("fake", "high", "fake 1"),
    }
    assert plan.keys[0] == {
        1: utterance_key("fake", "fake 1", "low", 160, "The moon pulls the sea."),
        3: utterance_key("fake", "fake 1", "low", 160, "Twice a day the water rises."),
        5: utterance_key("fake", "fake 1", "high", 160, "Which body pulls hardest?"),
        6: utterance_key("fake", "fake 1", "low", 160, "The moon pulls the sea."),
    }
    assert len(plan.utterances) == 3  # the repeated sentence is one utterance
    assert plan.utterances[plan.keys[0][5]].what == "lesson 'tides', cue 6 (\"Which body pulls hardest?\")"


def test_host_defaults_to_the_narrator_voice_or_its_own_engine_default(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    same = synth.plan([SCRIPT], config(narrator="high"), cache).speakers
    assert same["host"] == synth.Speaker("fake", "high", "fake 1")
    other = synth.plan([SCRIPT], config(narrator="high", host_engine="fake-other"), cache).speakers
    assert other["host"] == synth.Speaker("fake-other", "low", "other 2")


def test_synthesize_makes_only_missing_clips_then_reads_the_cache(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(), cache)
    clips, made = synth.synthesize(plan, cache, jobs=1)
    assert made == 3
    assert sorted(clips[0]) == [1, 3, 5, 6]
    assert clips[0][1] == clips[0][6] == cache.path(plan.keys[0][1])
    assert frames(clips[0][3]) == 22050 * 28 * 60 // 1000  # 28 characters × 60 ms, kept at the engine's 22.05 kHz
    assert fakes.said() == ["The moon pulls the sea.", "Twice a day the water rises.", "Which body pulls hardest?"]
    clips2, made2 = synth.synthesize(synth.plan([SCRIPT], config(), cache), cache, jobs=1)
    assert (clips2, made2) == (clips, 0)
    assert len(fakes.said()) == 3


def test_only_selected_scripts_are_synthesized(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    other = Script(replace(LESSON, id="waves"), (Say("Waves break on the shore."),))
    plan = synth.plan([SCRIPT, other], config(), cache)
    clips, made = synth.synthesize(plan, cache, only=[1], jobs=1)
    assert clips[0] is None and list(clips[1]) == [0]
    assert (made, fakes.said()) == (1, ["Waves break on the shore."])


@pytest.mark.parametrize(
    "change",
    [
        {"narrator": "high"},  # voice
        {"rate_wpm": 180},  # rate
        {"engine": "fake-other"},  # engine (and its version)
    ],
)
def test_key_changes_with_voice_rate_and_engine(fakes, tmp_path, change):
    cache = UtteranceCache(tmp_path / "c")
    before = synth.plan([SCRIPT], config(), cache).keys[0]
    after = synth.plan([SCRIPT], config(**change), cache).keys[0]
    assert set(before.values()).isdisjoint(after.values())


def test_engine_versions_are_memoised_so_a_warm_plan_starts_no_engine(fakes, tmp_path):
    from narrate.speech import engines as tts

    cache = UtteranceCache(tmp_path / "c")
    first = synth.plan([SCRIPT], config(), cache)
    assert fakes.inits() == 1
    tts._instances.pop("fake")
    second = synth.plan([SCRIPT], config(), cache)
    assert fakes.inits() == 1 and second.keys == first.keys
    assert (tmp_path / "c" / "engines.json").is_file()


@pytest.mark.e2e
def test_pool_synthesizes_in_worker_processes(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(), cache)
    seen = []
    clips, made = synth.synthesize(plan, cache, jobs=2, report=lambda *a: seen.append(a))
    assert made == 3 and all(p.is_file() for p in clips[0].values())
    assert seen == [("synthesis", 1, 3), ("synthesis", 2, 3), ("synthesis", 3, 3)]
    assert sorted(fakes.said()) == sorted(
        {"The moon pulls the sea.", "Twice a day the water rises.", "Which body pulls hardest?"}
    )
    assert fakes.inits() == 1 + 2  # the parent (version, default voice) and each of the two workers


@pytest.mark.e2e
def test_a_hung_worker_is_replaced_and_the_utterance_retried(fakes, tmp_path, monkeypatch):
    monkeypatch.setattr(utterance, "MIN_TIMEOUT_MS", 1500)
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(engine="fake-hang"), cache)
    clips, made = synth.synthesize(plan, cache, jobs=2)
    assert made == 3 and all(p.is_file() for p in clips[0].values())
    said = fakes.said()
    assert len(said) == 4  # one utterance was spoken twice: the hang, then the retry
    assert (tmp_path / "misbehaved").is_file()


@pytest.mark.e2e
def test_a_worker_that_always_crashes_gives_an_error_naming_the_cue(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(engine="fake-crash"), cache)
    with pytest.raises(EngineError) as info:
        synth.synthesize(plan, cache, jobs=2)
    message = info.value.format_message()
    assert "the speech engine crashed (exit code 3) while speaking lesson 'tides', cue " in message
    assert message.endswith("; tried 2 times")
    assert info.value.file == Path("lessons/02-tides.yaml")
    assert cache.info().clips == 0


@pytest.mark.e2e
def test_an_engine_error_in_a_worker_is_retried_once(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(engine="fake-flaky"), cache)
    _, made = synth.synthesize(plan, cache, jobs=2)
    assert made == 3 and len(fakes.said()) == 4


@pytest.mark.e2e
def test_in_process_retry_and_timeout(fakes, tmp_path, monkeypatch):
    monkeypatch.setattr(utterance, "MIN_TIMEOUT_MS", 500)
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(engine="fake-hang"), cache)
    _, made = synth.synthesize(plan, cache, jobs=1)
    assert made == 3 and len(fakes.said()) == 4


def test_in_process_error_after_two_tries_names_the_lesson_and_cue(fakes, tmp_path):
    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(engine="fake-fail"), cache)
    with pytest.raises(EngineError) as info:
        synth.synthesize(plan, cache, jobs=1)
    assert info.value.format_message() == (  # the retry ran in a fresh worker process
        "lessons/02-tides.yaml: the fake engine always fails (lesson 'tides', cue 2 (\"The moon pulls the sea.\"));"
        " tried 2 times"
    )
    assert len(fakes.said()) == 2


WHERE_CASES = [
    # engine → (error class, file, line, message pattern): the same from this process and from a worker
    (
        "fake-located",
        EngineError,
        Path("voices/low.onnx"),
        None,
        r"the voice file is damaged \(lesson 'tides', cue \d \(\".*\"\)\); tried 2 times",  # the first cue to fail
    ),
    ("fake-bad-setting", ConfigError, Path("course.yaml"), 7, r"this voice cannot speak at that rate"),
]


@pytest.mark.parametrize("jobs", [1, 2], ids=["in-process", "worker-pool"])
@pytest.mark.e2e
def test_an_error_keeps_its_class_file_and_line_across_processes(fakes, tmp_path, jobs):
    for engine, kind, file, line, message in WHERE_CASES:
        cache = UtteranceCache(tmp_path / engine)
        plan = synth.plan([SCRIPT], config(engine=engine), cache)
        with pytest.raises(NarrateError) as info:
            synth.synthesize(plan, cache, jobs=jobs)
        error = info.value
        assert (type(error), error.file, error.line) == (kind, file, line), engine
        assert re.fullmatch(message, error.problem), (engine, error.problem)


@pytest.mark.parametrize(
    ("engine", "text", "expected_ms"),
    [
        ("pyttsx3", "short", 30_000),
        ("pyttsx3", "x" * 500, 100_000),  # 200 ms per character
        ("piper", "x" * 500, 100_000),
        ("kokoro", "x" * 100, 100_000),  # a slow neural engine declares 1 s per character
        ("kokoro", "short", 30_000),
        ("no-such-engine", "x" * 500, 100_000),  # reported when started; the default allowance meanwhile
    ],
)
def test_utterance_timeout_grows_with_text_and_the_engines_cost(engine, text, expected_ms):
    from narrate.speech.utterance import Utterance

    assert synth.utterance_timeout_ms(Utterance("k", engine, None, 160, text, "cue 1")) == expected_ms


def test_a_lexicon_entry_changes_only_the_keys_of_the_cues_it_rewrites(fakes, tmp_path):
    from narrate.model import Paragraph, Section
    from narrate.text.script import build_script

    lesson = Lesson(
        id="cells",
        title="Cells",
        sections=(Section("Chemistry", (Paragraph("A Li-ion cell gives 3.7 volts. Zinc cells give less."),)),),
    )
    cache = UtteranceCache(tmp_path / "c")
    plain, spoken = config(), replace(config(), lexicon={"Li-ion": "lithium ion"})
    before = synth.plan([build_script(lesson, plain)], plain, cache)
    after = synth.plan([build_script(lesson, spoken)], spoken, cache)
    changed = {k for k in before.utterances} - set(after.utterances)
    added = {k for k in after.utterances} - set(before.utterances)
    assert len(changed) == len(added) == 1
    assert "lithium ion" in after.utterances[added.pop()].text


@pytest.mark.parametrize("vanished", [[1], [3, 5], [1, 3, 5]])
def test_a_clip_pruned_before_assembly_is_made_again(fakes, tmp_path, vanished):
    from narrate.audio.timeline import assemble

    cache = UtteranceCache(tmp_path / "c")
    plan = synth.plan([SCRIPT], config(), cache)
    clips, _ = synth.synthesize(plan, cache, jobs=1)
    before = assemble(SCRIPT.cues, clips[0], tmp_path / "before.pcm")
    for index in vanished:  # a concurrent `narrate cache prune` deletes them
        clips[0][index].unlink(missing_ok=True)
    said = len(fakes.said())

    def write(found):
        return assemble(SCRIPT.cues, found, tmp_path / "after.pcm")

    after = synth.with_clips(write, dict(clips[0]), plan.keys[0], plan.utterances, cache)
    assert after.frames == before.frames and after.cue_times == before.cue_times
    again = {plan.utterances[plan.keys[0][i]].text for i in vanished}
    assert set(fakes.said()[said:]) == again  # only the vanished clips were spoken again


_MAKE_ONE_CLIP = """
import sys
from pathlib import Path
from narrate.speech import utterance
from narrate.speech.cache import UtteranceCache, utterance_key
from narrate.speech.engines import get_engine
from narrate.speech.engines.pyttsx3_engine import Pyttsx3Engine

text, voice, folder, mode = sys.argv[1], sys.argv[2] or None, sys.argv[3], sys.argv[4]
wavs = []
real = Pyttsx3Engine.synthesize
Pyttsx3Engine.synthesize = lambda self, *a: wavs.append(a[-1]) or real(self, *a)
if mode == "file":
    Pyttsx3Engine.speak_samples = lambda self, *a: None  # as on macOS and Windows
engine = get_engine("pyttsx3")
key = utterance_key("pyttsx3", engine.version(), voice, 170, text)
utterance.make_clip(utterance.Utterance(key, "pyttsx3", voice, 170, text, "cue 1"), UtteranceCache(folder))
print(len(wavs))
"""


@pytest.mark.parametrize(
    "text, voice",
    [
        ("The moon pulls the sea.", ""),
        ("Twice a day, at 6:40 and 19:05, the water rises 3.2 metres.", ""),
        ("Die Gezeiten folgen dem Mond.", "gmw/de"),
        ("Oui.", "roa/fr"),
    ],
)
@pytest.mark.e2e
def test_a_clip_spoken_in_memory_is_the_clip_spoken_through_a_wav_file(tmp_path, text, voice):
    """espeak-ng hands its samples to this process (``speak_samples``): the build stores them
    without writing and reading back a WAV file, and the clip and its word timings are the same.
    (Each is made first thing in a new process: espeak-ng's output depends on what it spoke before.)"""
    import subprocess
    import sys

    from narrate.speech.cache import clip_words, read_clip

    made = {}
    for mode in ("memory", "file"):
        run = subprocess.run(
            [sys.executable, "-c", _MAKE_ONE_CLIP, text, voice, str(tmp_path / mode), mode],
            capture_output=True,
            text=True,
            check=True,
        )
        assert run.stdout.split() == (["0"] if mode == "memory" else ["1"])  # WAV files written
        (made[mode],) = (tmp_path / mode).glob("??/*.flac")
    assert read_clip(made["memory"]) == read_clip(made["file"])
    assert clip_words(made["memory"]) == clip_words(made["file"]) and clip_words(made["memory"])


def test_a_silent_clip_spoken_in_memory_is_refused_naming_the_cue(tmp_path):
    from narrate.speech.engines import get_engine

    engine = get_engine("pyttsx3")
    u = utterance.Utterance(
        utterance_key("pyttsx3", engine.version(), None, 170, "..."), "pyttsx3", None, 170, "...", "cue 7"
    )
    with pytest.raises(EngineError, match="cue 7"):
        utterance.make_clip(u, UtteranceCache(tmp_path / "c"))


@pytest.mark.e2e
def test_a_worker_starts_with_ctrl_c_ignored_and_the_builds_own_ctrl_c_kept(fakes, tmp_path, monkeypatch):
    """A spawned worker does not inherit a blocked signal mask (CPython starts it with vfork and a
    clean mask), so a Ctrl-C while it imported numpy printed a traceback: it is started while
    SIGINT is ignored (which it does inherit), with SIGINT blocked in the build so that the build's
    own Ctrl-C stays pending; afterwards the build's handler and mask are as they were."""
    import multiprocessing.context
    import signal

    seen = []
    real_start = multiprocessing.context.SpawnProcess.start

    def start(self):
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set())
        seen.append((signal.getsignal(signal.SIGINT), signal.SIGINT in blocked))
        return real_start(self)

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", start)
    handler = signal.getsignal(signal.SIGINT)
    cache = UtteranceCache(tmp_path / "c")
    clips, made = synth.synthesize(synth.plan([SCRIPT], config(), cache), cache, jobs=2)
    assert made == 3 and seen and all(s == (signal.SIG_IGN, True) for s in seen)
    assert signal.getsignal(signal.SIGINT) is handler
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
