"""The utterance cache: keys, atomic writes under concurrent processes, info and clear (library and CLI)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.speech.cache import CacheInfo, UtteranceCache, default_cache_dir, utterance_key

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
    assert path == tmp_path / "ab" / f"{key}.wav"
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
    assert [p.name for p in (tmp_path / "aa").iterdir()] == [f"{key}.wav"]


def test_info_and_clear(tmp_path):
    cache = UtteranceCache(tmp_path)
    cache.put("01" + "4" * 62, lambda tmp: tmp.write_bytes(bytes(100)))
    cache.put("02" + "5" * 62, lambda tmp: tmp.write_bytes(bytes(250)))
    (tmp_path / "02" / f".{'02' + '6' * 62}.99.part.wav").write_bytes(b"x")  # a killed build's leftover
    (tmp_path / "engines.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("not ours")
    assert cache.info() == CacheInfo(2, 350)
    assert cache.clear() == 2
    assert cache.info() == CacheInfo(0, 0)
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
    assert result.output == f"{tmp_path / 'mine'}: 1 clip(s), 0.0 MB (1500 bytes)\n"
    result = runner.invoke(main, ["cache", "info"])
    assert result.output == f"{tmp_path / 'env'}: 0 clip(s), 0.0 MB (0 bytes)\n"
    result = runner.invoke(main, ["cache", "clear", "--dir", str(tmp_path / "mine")])
    assert (result.exit_code, result.output) == (0, f"{tmp_path / 'mine'}: removed 1 clip(s)\n")
    assert cache.info() == CacheInfo(0, 0)
