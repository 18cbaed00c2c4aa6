"""The engine registry, the pyttsx3 engine on real espeak-ng, and the clip checks."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import pytest

from narrate.errors import EngineError
from narrate.speech import engines as tts
from narrate.speech.engines import clip_duration_ms, get_engine, list_voices


def _wav(path: Path, frames: bytes, rate: int = 22050) -> Path:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(frames)
    return path


# -- registry ----------------------------------------------------------------------------------


def test_unknown_engine_lists_the_available_ones():
    with pytest.raises(EngineError) as err:
        get_engine("nope")
    assert err.value.problem == "unknown speech engine 'nope' (available: kokoro, piper, pyttsx3)"


def test_get_engine_returns_one_instance_per_process():
    assert get_engine("pyttsx3") is get_engine("pyttsx3")


def test_missing_optional_engine_is_unavailable_with_its_install_hint(monkeypatch):
    # Simulate an environment without piper-tts: importing "piper" fails.
    monkeypatch.setitem(sys.modules, "piper", None)
    monkeypatch.delitem(sys.modules, "narrate.speech.engines.piper_engine", raising=False)
    monkeypatch.setattr(tts, "_instances", {})
    with pytest.raises(EngineError) as err:
        get_engine("piper")
    problem = err.value.problem
    assert problem.startswith("speech engine 'piper' is unavailable (")
    assert problem.endswith("); pip install 'narrate[piper]'")
    assert "\n" not in problem
    lines = list_voices()
    assert [line for line in lines if line.startswith("piper\t")] == [f"piper\t(unavailable: {problem})"]
    assert any(line.startswith("pyttsx3\t") for line in lines)
    with pytest.raises(EngineError):
        list_voices("piper")


# -- pyttsx3 on espeak-ng --------------------------------------------------------------------------


def test_pyttsx3_speaks_a_sentence(tmp_path):
    engine = get_engine("pyttsx3")
    out = tmp_path / "one.wav"
    engine.synthesize("Bees carry pollen from flower to flower.", engine.default_voice("en-us"), 160, out)
    duration = clip_duration_ms(out, "test cue")
    assert 500 <= duration <= 5000
    with wave.open(str(out), "rb") as wav:
        assert wav.getsampwidth() == 2
        assert duration == wav.getnframes() * 1000 // wav.getframerate()


@pytest.mark.parametrize("signum", ["SIGINT", "SIGALRM"])
def test_a_signal_while_the_zygote_speaks_reaches_the_build(tmp_path, signum):
    """Clips are spoken by the zygote process: a Ctrl-C (or the utterance timer) arriving while it
    speaks raises in the build at once, the zygote is stopped and reaped, no clip is written, and
    the next clip is spoken by a new zygote, the same as ever."""
    import os
    import signal
    import threading

    from narrate.speech.engines.pyttsx3_engine import _sync_espeak

    sig = getattr(signal, signum)
    raised = []

    def handler(n, frame):
        raised.append(n)
        raise KeyboardInterrupt

    engine = get_engine("pyttsx3")
    voice = engine.default_voice("en-us")
    engine.synthesize("Warm up.", voice, 160, tmp_path / "w.wav")  # the zygote is running
    first = _sync_espeak()._zygote
    long_text = "Bees carry pollen from flower to flower, and the flowers make seeds. " * 120
    previous = signal.signal(sig, handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), sig))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.synthesize(long_text, voice, 160, tmp_path / "a.wav")
    finally:
        timer.cancel()
        signal.signal(sig, previous)
    assert raised == [sig]
    assert not (tmp_path / "a.wav").exists()
    assert first is not None and first.returncode is not None  # stopped and reaped
    assert not _zombies()
    engine.synthesize("Warm up.", voice, 160, tmp_path / "again.wav")
    assert (tmp_path / "again.wav").read_bytes() == (tmp_path / "w.wav").read_bytes()


def _zombies() -> list[int]:
    """This process's children that ended without being reaped (Linux /proc)."""
    import os
    from pathlib import Path

    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


SPOKEN_BEFORE = ["", "Is it?", "Question one.", "A long sentence, with a pause, that ends high?", "Wie spät ist es?"]


@pytest.mark.parametrize("before", SPOKEN_BEFORE)
@pytest.mark.e2e
def test_a_clip_does_not_depend_on_what_was_spoken_before_it(tmp_path, before):
    """espeak-ng keeps wave-generator state between utterances (issue 25, fault 5): each clip is spoken
    from the state as initialised, so its samples are the same whatever this process said before."""
    import hashlib

    engine = get_engine("pyttsx3")
    voice = engine.default_voice("en-us")
    if before:
        engine.synthesize(before, engine.default_voice("de") if "spät" in before else voice, 175, tmp_path / "b.wav")
    engine.synthesize("The kettle warms from twenty to eighty degrees.", voice, 175, tmp_path / "x.wav")
    first = tmp_path / "first.wav"
    import subprocess
    import sys

    subprocess.run(  # the same clip from a process that spoke nothing before it
        [sys.executable, "-c", "import sys; from narrate.speech.engines import get_engine as g; e = g('pyttsx3'); "
         "e.synthesize('The kettle warms from twenty to eighty degrees.', e.default_voice('en-us'), 175, "
         "__import__('pathlib').Path(sys.argv[1]))", str(first)],
        check=True, timeout=120,
    )  # fmt: skip
    digest = [hashlib.sha256(p.read_bytes()).hexdigest() for p in (tmp_path / "x.wav", first)]
    assert digest[0] == digest[1]


def test_pyttsx3_default_voice_and_version():
    engine = get_engine("pyttsx3")
    assert engine.name == "pyttsx3"
    voice = engine.default_voice("en-us")
    assert voice in {v.id for v in engine.voices()}
    assert "en-us" in next(v for v in engine.voices() if v.id == voice).languages
    assert engine.version().startswith("pyttsx3 ")
    assert engine.version() == engine.version()


def test_pyttsx3_unknown_voice(tmp_path):
    with pytest.raises(EngineError) as err:
        get_engine("pyttsx3").synthesize("Hello.", "no/such-voice", 160, tmp_path / "x.wav")
    assert err.value.problem == "unknown pyttsx3 voice 'no/such-voice' (see: narrate voices)"
    assert not (tmp_path / "x.wav").exists()


def test_list_voices_has_one_line_per_voice():
    lines = list_voices("pyttsx3")
    assert len(lines) == len(get_engine("pyttsx3").voices())
    assert "pyttsx3\tgmw/en-us\tEnglish (America)\ten-us\tGPL-3.0-or-later" in lines
    every = list_voices()
    piper = [line for line in every if line.startswith("piper\t")]
    assert piper  # voices, or one "(unavailable: ...)" line
    assert all(len(line.split("\t")) == 5 for line in piper) or (
        len(piper) == 1 and piper[0].startswith("piper\t(unavailable: ")
    )


# -- clip checks -----------------------------------------------------------------------------------


def test_clip_duration_of_a_good_clip(tmp_path):
    tone = bytes(b for _ in range(11025) for b in (0x00, 0x10))  # 0.5 s of a constant 4096
    assert clip_duration_ms(_wav(tmp_path / "ok.wav", tone), "cue 1") == 500


def test_missing_and_empty_files_are_rejected(tmp_path):
    with pytest.raises(EngineError) as err:
        clip_duration_ms(tmp_path / "absent.wav", "lesson 'a', cue 3")
    assert err.value.problem == "the speech engine produced no audio for lesson 'a', cue 3"
    (tmp_path / "empty.wav").write_bytes(b"")
    with pytest.raises(EngineError) as err:
        clip_duration_ms(tmp_path / "empty.wav", "lesson 'a', cue 4")
    assert err.value.problem == "the speech engine produced no audio for lesson 'a', cue 4"


def test_wav_without_frames_is_empty(tmp_path):
    with pytest.raises(EngineError) as err:
        clip_duration_ms(_wav(tmp_path / "short.wav", b""), "cue 2")
    assert err.value.problem == "the speech engine produced an empty clip (0 ms) for cue 2"


def test_silent_clip_is_rejected(tmp_path):
    silence = bytes(2 * 22050)  # one second of zeros
    with pytest.raises(EngineError) as err:
        clip_duration_ms(_wav(tmp_path / "silent.wav", silence), 'cue 5 ("Quiet")')
    assert err.value.problem == 'the speech engine produced a silent clip for cue 5 ("Quiet")'


@pytest.mark.parametrize("check", ["clip_duration_ms", "read_checked_clip"])
@pytest.mark.parametrize("start", [b"ID3\x04\x00", b"RIFF\x04\x00"])
def test_non_wav_bytes_are_unreadable(tmp_path, check, start):
    bad = tmp_path / "bad.wav"
    bad.write_bytes(start + b" this is not a wave file at all")
    with pytest.raises(EngineError) as err:
        getattr(tts, check)(bad, "cue 7")
    assert err.value.problem.startswith("the speech engine produced an unreadable clip for cue 7: ")


def test_an_unknown_voice_is_refused_before_any_synthesis(tmp_path):
    from click.testing import CliRunner

    from narrate.cli import main

    course = Path(__file__).resolve().parents[2] / "content"
    result = CliRunner().invoke(
        main,
        [
            "build",
            str(course),
            "-o",
            str(tmp_path / "out"),
            "-q",
            "--engine",
            "pyttsx3",
            "--voice",
            "nosuchvoice",
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
    )
    assert result.exit_code == 1
    assert result.output.strip() == "Error: unknown pyttsx3 voice 'nosuchvoice' (see: narrate voices --engine pyttsx3)"
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").glob("??/*.flac"))


_TONE = bytes(b for _ in range(11025) for b in (0x00, 0x10))  # 0.5 s of a constant 4096 at 22050 Hz


@pytest.mark.parametrize(
    "frames, what, problem",
    [
        (_TONE, "cue 1", None),
        (None, "lesson 'a', cue 3", "the speech engine produced no audio for lesson 'a', cue 3"),
        (b"", "cue 2", "the speech engine produced an empty clip (0 ms) for cue 2"),
        (bytes(2 * 1000), "cue 8", "the speech engine produced an empty clip (45 ms) for cue 8"),
        (bytes(2 * 22050), 'cue 5 ("Quiet")', 'the speech engine produced a silent clip for cue 5 ("Quiet")'),
        (bytes(2 * 22049) + b"\x0f\x00", "cue 6", "the speech engine produced a silent clip for cue 6"),
        (bytes(2 * 22049) + b"\x10\x00", "cue 9", None),  # one sample at 16: not silent
        (bytes(2 * 22049) + b"\xf0\xff", "cue 10", None),  # -16
    ],
)
def test_a_clip_is_checked_alike_when_read_once_for_the_cache(tmp_path, frames, what, problem):
    """``read_checked_clip`` (the synthesis path: the WAV read once) accepts and refuses what
    ``clip_duration_ms`` does, with the same message."""
    from narrate.speech.engines import read_checked_clip

    path = tmp_path / "clip.wav" if frames is None else _wav(tmp_path / "clip.wav", frames)
    if problem is None:
        samples, rate = read_checked_clip(path, what)
        assert (len(samples), rate) == (len(frames) // 2, 22050)
        assert samples.tobytes() == frames
        assert clip_duration_ms(path, what) == len(frames) // 2 * 1000 // 22050
        return
    for check in (clip_duration_ms, read_checked_clip):
        with pytest.raises(EngineError) as err:
            check(path, what)
        assert err.value.problem == problem
