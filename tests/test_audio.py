"""Timeline assembly: one format through the pipeline, exact pauses, times from frame counts."""

from __future__ import annotations

import json
import subprocess
import wave
from pathlib import Path

import pytest
from pydub.generators import Sine

from narrate import audio
from narrate.model import Chapter, Pause, Say


def _clip(path: Path, rate: int, channels: int, ms: int = 1000) -> Path:
    tone = Sine(440, sample_rate=rate).to_audio_segment(duration=ms, volume=-12)
    tone.set_channels(channels).export(path, format="wav")
    return path


def test_mixed_rates_and_a_pause_give_exact_length(tmp_path):
    clips = {
        1: _clip(tmp_path / "a.wav", 16000, 1),
        2: _clip(tmp_path / "b.wav", 22050, 1),
        4: _clip(tmp_path / "c.wav", 44100, 2),
    }
    cues = [Chapter("One"), Say("a"), Say("b"), Pause(1500, "think"), Say("c")]
    timeline = audio.assemble(cues, clips, tmp_path / "x.pcm", 44100)
    assert abs(timeline.frames - 4.5 * 44100) <= 3  # ±1 frame per join
    assert timeline.duration_ms == 4500
    assert (tmp_path / "x.pcm").stat().st_size == timeline.frames * 2
    kinds = [(c.kind, c.start_ms, c.end_ms) for c in timeline.cue_times]
    assert kinds == [("say", 0, 1000), ("say", 1000, 2000), ("think", 2000, 3500), ("say", 3500, 4500)]
    assert [(c.title, c.start_ms, c.end_ms) for c in timeline.chapters] == [("One", 0, 4500)]


def test_pause_is_exact_not_crossfaded(tmp_path):
    clips = {1: _clip(tmp_path / "a.wav", 44100, 1, 300)}
    cues = [Chapter("Intro"), Say("a"), Pause(2000, "paragraph"), Chapter("Next"), Pause(1, "sentence")]
    timeline = audio.assemble(cues, clips, tmp_path / "x.pcm", 44100)
    assert timeline.cue_times[1].end_ms - timeline.cue_times[1].start_ms == 2000
    assert [(c.title, c.start_ms, c.end_ms) for c in timeline.chapters] == [("Intro", 0, 2300), ("Next", 2300, 2301)]


def test_encode_meets_loudness_and_format(tmp_path):
    clips = {1: _clip(tmp_path / "a.wav", 22050, 1, 4000)}
    timeline = audio.assemble([Chapter("A"), Say("x")], clips, tmp_path / "x.pcm", 44100)
    out = tmp_path / "x.mp3"
    audio.encode(timeline, out, target_lufs=-16.0, true_peak_dbtp=-1.0)
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(out)],
        capture_output=True, text=True, check=True).stdout)["streams"][0]
    assert probe["sample_rate"] == "44100" and probe["channels"] == 1 and probe["codec_name"] == "mp3"
    lufs, peak = audio_loudness(out)
    assert -17.0 <= lufs <= -15.0
    assert peak <= -1.0


def audio_loudness(path: Path) -> tuple[float, float]:
    """Integrated loudness (LUFS) and true peak (dBTP) of a file, measured by ffmpeg's ebur128 filter."""
    err = subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostats", "-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"],
        capture_output=True, text=True).stderr
    summary = err[err.rindex("Summary:"):]
    lufs = float(summary.split("I:")[1].split("LUFS")[0])
    peak = float(summary.split("Peak:")[1].split("dBFS")[0])
    return lufs, peak


def test_missing_ffmpeg_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(audio.shutil, "which", lambda name: None)
    with pytest.raises(audio.ToolMissingError, match="ffmpeg is not installed"):
        audio.require_tool("ffmpeg")
