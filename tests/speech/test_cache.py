"""The utterance cache: keys, atomic writes under concurrent processes, info and clear (library and CLI)."""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.speech.cache import CacheInfo, UtteranceCache, default_cache_dir, parse_size, utterance_key

BASE = dict(engine="pyttsx3", engine_version="1.51", voice="gmw/en-us", rate_wpm=160, text="Hello there.")


def test_key_is_a_stable_sha256_of_every_field():
    key = utterance_key(**BASE)
    assert key == utterance_key(**BASE) and len(key) == 64 and int(key, 16) >= 0


@pytest.mark.parametrize(
    "field, value",
    [
        ("engine", "piper"),
        ("engine_version", "1.52"),
        ("voice", None),
        ("voice", "gmw/en"),
        ("rate_wpm", 161),
        ("text", "Hello there!"),
        ("text", "Hello  there."),
    ],
)
def test_key_changes_with_each_field(field, value):
    assert utterance_key(**{**BASE, field: value}) != utterance_key(**BASE)


def test_put_then_get(tmp_path):
    cache = UtteranceCache(tmp_path)
    key = "ab" + "0" * 62
    assert cache.get(key) is None
    path = cache.put(key, lambda tmp: tmp.write_bytes(b"RIFF" + bytes(100)))
    assert path == tmp_path / "ab" / f"{key}.flac"
    assert cache.get(key) == path and path.read_bytes() == b"RIFF" + bytes(100)
    assert list((tmp_path / "ab").iterdir()) == [path]  # no temporary file left


def test_a_header_only_clip_is_a_miss(tmp_path):
    cache = UtteranceCache(tmp_path)
    cache.put("cd" + "1" * 62, lambda tmp: tmp.write_bytes(bytes(44)))
    assert cache.get("cd" + "1" * 62) is None


def test_a_failed_make_leaves_nothing(tmp_path):
    cache = UtteranceCache(tmp_path)

    def make(tmp: Path) -> None:
        tmp.write_bytes(b"partial")
        raise RuntimeError("engine died")

    with pytest.raises(RuntimeError):
        cache.put("ef" + "2" * 62, make)
    assert cache.get("ef" + "2" * 62) is None
    assert list((tmp_path / "ef").iterdir()) == []


def _writer(root: str, key: str, fill: int) -> None:
    UtteranceCache(Path(root)).put(key, lambda tmp: tmp.write_bytes(bytes([fill]) * 200_000))


@pytest.mark.e2e
def test_concurrent_writers_of_one_key_leave_one_whole_clip(tmp_path):
    key = "aa" + "3" * 62
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), key, n)) for n in range(1, 5)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    data = UtteranceCache(tmp_path).get(key).read_bytes()
    assert len(data) == 200_000 and len(set(data)) == 1
    assert [p.name for p in (tmp_path / "aa").iterdir()] == [f"{key}.flac"]


def test_info_and_clear(tmp_path):
    cache = UtteranceCache(tmp_path)
    cache.put("01" + "4" * 62, lambda tmp: tmp.write_bytes(bytes(100)))
    cache.put("02" + "5" * 62, lambda tmp: tmp.write_bytes(bytes(250)))
    (tmp_path / "02" / f".{'02' + '6' * 62}.99.part.flac").write_bytes(b"x")  # a killed build's leftover
    (tmp_path / "engines.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("not ours")
    assert cache.info() == CacheInfo(2, 353, 4)  # every file the cache keeps is counted
    assert cache.clear() == 2
    assert cache.info() == CacheInfo(0, 0, 0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_default_folder_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "c"))
    assert default_cache_dir() == tmp_path / "c" and UtteranceCache().root == tmp_path / "c"
    monkeypatch.delenv("NARRATE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "narrate"


def test_cli_cache_info_and_clear(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "env"))
    cache = UtteranceCache(tmp_path / "mine")
    cache.put("0a" + "7" * 62, lambda tmp: tmp.write_bytes(bytes(1500)))
    runner = CliRunner()
    result = runner.invoke(main, ["cache", "info", "--dir", str(tmp_path / "mine")])
    assert result.exit_code == 0
    assert result.output == f"{tmp_path / 'mine'}: 1 clip(s), 0.0 MB (1500 bytes in 1 file(s))\n"
    result = runner.invoke(main, ["cache", "info"])
    assert result.output == f"{tmp_path / 'env'}: 0 clip(s), 0.0 MB (0 bytes in 0 file(s))\n"
    result = runner.invoke(main, ["cache", "clear", "--dir", str(tmp_path / "mine")])
    assert (result.exit_code, result.output) == (0, f"{tmp_path / 'mine'}: removed 1 clip(s)\n")
    assert cache.info() == CacheInfo(0, 0, 0)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("500MB", 500_000_000),
        ("2 GB", 2_000_000_000),
        ("1.5G", 1_500_000_000),
        ("800MiB", 800 * 1024**2),
        ("1000000", 1_000_000),
        ("10k", 10_000),
        ("3tb", 3 * 10**12),
        (4096, 4096),
    ],
)
def test_parse_size(text, expected):
    assert parse_size(text) == expected


@pytest.mark.parametrize(
    "text", ["", "MB", "-5MB", "5 XB", "five", "1e3", "9" * 400 + "GB", "2000000TB", 10**19, float("inf")]
)
def test_parse_size_refuses_what_is_not_a_size(text):
    with pytest.raises(ValueError):
        parse_size(text)


def _aged(cache: UtteranceCache, key: str, size: int, age_s: float, now: float) -> Path:
    path = cache.put(key, lambda tmp: tmp.write_bytes(bytes(size)))
    os.utime(path, (now - age_s, now - age_s))
    return path


NOW = 2_000_000_000.0
KEYS = {name: name * 32 for name in ("a1", "b2", "c3", "d4")}


@pytest.mark.parametrize(
    "ages, max_bytes, kept",
    [
        # ages of the four 1000-byte clips in seconds; a clip used within IN_USE_S (900 s) is in use
        ({"a1": 4000, "b2": 3000, "c3": 2000, "d4": 1000}, 2000, {"c3", "d4"}),  # oldest use goes first
        ({"a1": 1000, "b2": 3000, "c3": 2000, "d4": 4000}, 2000, {"a1", "c3"}),
        ({"a1": 4000, "b2": 3000, "c3": 2000, "d4": 1000}, 4000, {"a1", "b2", "c3", "d4"}),  # fits: nothing goes
        ({"a1": 4000, "b2": 3000, "c3": 2000, "d4": 1000}, 0, set()),
        ({"a1": 4000, "b2": 60, "c3": 30, "d4": 1000}, 0, {"b2", "c3"}),  # in use: kept even over the size
    ],
)
def test_prune_evicts_least_recently_used_clips(tmp_path, ages, max_bytes, kept):
    cache = UtteranceCache(tmp_path)
    for name, age in ages.items():
        _aged(cache, KEYS[name], 1000, age, NOW)
    result = cache.prune(max_bytes, now=NOW)
    assert {n for n in KEYS if cache.path(KEYS[n]).is_file()} == kept
    assert result == (4 - len(kept), 1000 * (4 - len(kept)), 1000 * len(kept))
    assert cache.info() == CacheInfo(len(kept), 1000 * len(kept), len(kept))


def test_a_read_counts_as_a_use(tmp_path):
    cache = UtteranceCache(tmp_path)
    old = _aged(cache, KEYS["a1"], 1000, 5000, time.time())
    _aged(cache, KEYS["b2"], 1000, 4000, time.time())
    assert cache.get(KEYS["a1"]) == old  # now a1 is the most recently used
    cache.prune(1000)
    assert cache.get(KEYS["a1"]) == old and cache.get(KEYS["b2"]) is None


def test_older_formats_and_leftovers_are_counted_and_evicted_first(tmp_path):
    cache = UtteranceCache(tmp_path)
    clip = _aged(cache, KEYS["a1"], 1000, 5000, NOW)
    legacy = [tmp_path / "a1" / f"{'e5' * 32}.wav", tmp_path / "a1" / f"{'e5' * 32}.44100.pcm"]
    partial = tmp_path / "a1" / f".{'f6' * 32}.77.part.flac"
    for path in (*legacy, partial):
        path.write_bytes(bytes(2000))
        os.utime(path, (NOW - 1000, NOW - 1000))  # newer than the clip, but leftovers go first
    (tmp_path / "engines.json").write_text("{}")
    assert cache.info() == CacheInfo(2, 7002, 5)  # the legacy WAV is a clip; the memo counts too
    assert cache.prune(1002, now=NOW) == (3, 6000, 1002)
    assert clip.is_file() and (tmp_path / "engines.json").is_file()


@pytest.mark.parametrize(
    "episode_rate, stored_rate",
    [(44100, 22050), (88200, 22050), (22050, 22050), (48000, 48000), (16000, 16000), (32000, 32000)],
)
def test_make_clip_stores_flac_at_the_engines_rate_when_the_episode_rate_is_a_multiple(
    fakes, tmp_path, episode_rate, stored_rate
):
    """The fake engine speaks at 22050 Hz: a clip for 44.1 kHz episodes is stored at 22050 Hz (half
    the FLAC work and size) and assembled into exactly the samples its maker made; for a rate that
    is not a multiple it is converted first. No WAV is kept beside it."""
    import soundfile

    from narrate.audio.timeline import clip_pcm
    from narrate.speech.cache import take_fresh
    from narrate.speech.utterance import Utterance, make_clip

    cache = UtteranceCache(tmp_path / "cache")
    text = "The tide comes in."
    key = utterance_key("fake", "1", "low", 160, text, episode_rate)
    u = Utterance(key, "fake", "low", 160, text, "cue 1", sample_rate=episode_rate)
    with cache.fresh_samples(tmp_path / "scratch"):
        path = make_clip(u, cache)
        fresh = take_fresh(path, episode_rate)  # the samples its maker converted to the episode's rate
    info = soundfile.info(str(path))
    wav_frames = 22050 * len(text) * 60 // 1000  # the fake engine's tone at 22050 Hz
    assert (path.suffix, info.format, info.samplerate, info.channels) == (".flac", "FLAC", stored_rate, 1)
    assert info.frames == -(-wav_frames * stored_rate // 22050)
    assert path.stat().st_size < info.frames * 2 / 2  # FLAC: well under half of its 16-bit PCM
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no WAV kept beside it
    assert fresh is not None and len(fresh) == 2 * -(-wav_frames * episode_rate // 22050)
    assert clip_pcm(path, episode_rate) == fresh  # decoded (and upsampled) from the cache: the same


@pytest.mark.parametrize(
    "source, target", [(22050, 44100), (11025, 44100), (16000, 48000), (16000, 44100), (44100, 22050)]
)
def test_clip_resampling_matches_scipy_resample_poly(source, target):
    from scipy.signal import resample_poly

    from narrate.speech.cache import to_clip_samples

    rng = np.random.default_rng(7)
    data = (rng.standard_normal(source // 3) * 4000).astype("<i2")
    common = math.gcd(source, target)
    want = resample_poly(data.astype(np.float64), target // common, source // common)
    want = np.clip(np.rint(want), -32768, 32767).astype("<i2")
    got = to_clip_samples(data, source, target)
    assert len(got) == math.ceil(len(data) * target / source) and np.array_equal(got, want)


@pytest.mark.e2e  # a moto S3 server: left out by scripts/test.sh --fast
def test_a_remote_cache_on_s3_is_shared_through_local_mirrors(s3, tmp_path, monkeypatch):
    for name, value in s3.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "machine-a"))
    a = UtteranceCache("s3://clips/shared")
    assert a.root.parent == tmp_path / "machine-a" / "remote" and a.location == "s3://clips/shared"
    key = "ab" + "9" * 62
    assert a.get(key) is None
    a.put(key, lambda tmp: tmp.write_bytes(b"fLaC" + bytes(300)))
    assert a.fs().cat_file(f"clips/shared/ab/{key}.flac") == b"fLaC" + bytes(300)
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "machine-b"))
    b = UtteranceCache("s3://clips/shared")  # another machine: its own mirror, the same store
    path = b.get(key)
    assert path == tmp_path / "machine-b" / "remote" / b.root.name / "ab" / f"{key}.flac"
    assert path.read_bytes() == b"fLaC" + bytes(300)
    assert b.info() == CacheInfo(1, 304, 1)
    assert b.prune(0, in_use_s=0).left == 0
    assert a.info() == CacheInfo(0, 0, 0) and not path.exists()
    assert UtteranceCache("s3://clips/shared").get(key) is None


def test_cli_cache_prune(tmp_path):
    cache = UtteranceCache(tmp_path)
    old = _aged(cache, KEYS["a1"], 1_000_000, 5000, time.time())
    new = _aged(cache, KEYS["b2"], 1_000_000, 4000, time.time())
    runner = CliRunner()
    result = runner.invoke(main, ["cache", "prune", "--dir", str(tmp_path), "--max-size", "1.5MB"])
    assert (result.exit_code, result.output) == (0, f"{tmp_path}: removed 1 file(s), 1.0 MB; 1.0 MB left\n")
    assert not old.exists() and new.exists()
    result = runner.invoke(main, ["cache", "prune", "--dir", str(tmp_path), "--max-size", "lots"])
    assert result.exit_code == 1 and "Error: --max-size: not a size: 'lots'" in result.output


@pytest.mark.parametrize(
    "value, expected",
    [("20GB", 20_000_000_000), ("500 MB", 500_000_000), (1048576, 1048576), ("2GiB", 2 * 1024**3)],
)
def test_course_yaml_cache_max_size(tmp_path, value, expected):
    from narrate.config import load_config

    (tmp_path / "course.yaml").write_text(f"title: T\ncache:\n  max_size: {value}\n", encoding="utf-8")
    assert load_config(tmp_path / "course.yaml").cache_max_size == expected


def test_course_yaml_cache_max_size_refuses_what_is_not_a_size(tmp_path):
    from narrate.config import load_config
    from narrate.errors import NarrateError

    (tmp_path / "course.yaml").write_text("title: T\ncache:\n  max_size: plenty\n", encoding="utf-8")
    with pytest.raises(NarrateError) as info:
        load_config(tmp_path / "course.yaml")
    assert "course.yaml:3: 'cache.max_size' must be a size such as 500MB or 20GB, not 'plenty'" in str(info.value)


@pytest.mark.e2e
def test_episode_files_handed_over_through_s3_staging(s3, tmp_path, monkeypatch):
    """--staging s3://...: a worker puts an episode's files there, the client collects them into its
    local staging folder and deletes them from the bucket."""
    from narrate.cluster import _upload, fetch_staged

    for name, value in s3.items():
        monkeypatch.setenv(name, value)
    files = {"episodes/01-tides.mp3": b"ID3" + bytes(500), "episodes/01-tides.vtt": b"WEBVTT\n"}
    url = "s3://clips/staging/run1/coasts/tides"
    assert sorted(_upload(url, files)) == sorted(files)
    stage = tmp_path / "stage"
    fetch_staged(url, sorted(files), stage)
    assert {p.relative_to(stage).as_posix(): p.read_bytes() for p in stage.rglob("*") if p.is_file()} == files
    import fsspec

    fs = fsspec.filesystem("s3")
    fs.invalidate_cache()
    assert fs.find("clips/staging/run1") == []


def test_half_written_files_of_dead_processes_are_removed(tmp_path):
    import subprocess
    import sys

    from narrate.speech.cache import UtteranceCache

    cache = UtteranceCache(tmp_path / "c")
    folder = cache.root / "ab"
    folder.mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    key = "ab" + "0" * 62
    stale = [folder / f".{key}.{dead_pid}.part.flac", folder / f".{key}.{dead_pid}.part.flac.wav"]
    live = folder / f".{key}.{os.getpid()}.part.flac"
    for path in [*stale, live]:
        path.write_bytes(b"x")
    assert cache.remove_stale_partials() == 2
    assert [p.exists() for p in stale] == [False, False] and live.exists()


@pytest.mark.parametrize("up", [2, 3, 4, 5, 6, 7, 8])
def test_the_unfiltered_phase_of_upsampling_rounds_like_the_filter(up):
    """Why ``_upsample`` may skip the phase on the original samples: its centre tap times any int16
    value lies far (>= 1e-7) from a half-integer, while the other taps (sinc zeros) add under 1e-10."""
    half = 10 * up
    taps = np.arange(2 * half + 1) - half
    h = np.sinc(taps / up) / up * np.kaiser(2 * half + 1, 5.0)
    h *= up / h.sum()
    centre, others = h[half], np.delete(h[half % up :: up], 10)
    y = np.arange(-32768, 32768, dtype=np.float64) * centre
    assert np.abs(y - np.floor(y) - 0.5).min() > 1e-7
    assert np.abs(others).sum() * 32768 < 1e-10


@pytest.mark.parametrize("up", [2, 3, 4, 6, 8])
def test_upsampling_full_scale_samples_matches_scipy(up):
    from scipy.signal import resample_poly

    from narrate.speech.cache import to_clip_samples

    rng = np.random.default_rng(up)
    data = np.clip(rng.standard_normal(6000) * 14000, -32768, 32767).astype("<i2")
    data[:6] = [-32768, 32767, 0, -32768, 32767, 1]  # full-scale steps: the filter overshoots and clips
    want = np.clip(np.rint(resample_poly(data.astype(np.float64), up, 1)), -32768, 32767).astype("<i2")
    assert np.array_equal(to_clip_samples(data, 8000, 8000 * up), want)
