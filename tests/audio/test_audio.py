"""Timeline assembly: one format through the pipeline, exact pauses, times from frame counts."""

from __future__ import annotations

import json
import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest
from pydub.generators import Sine

from narrate.audio import encoder
from narrate.audio import timeline as audio
from narrate.audio.m4b import escape_ffmetadata, ffmetadata
from narrate.model import Chapter, ChapterMark, Pause, Say


def _clip(path: Path, rate: int, channels: int, ms: int = 1000) -> Path:
    tone = Sine(440, sample_rate=rate).to_audio_segment(duration=ms, volume=-12)
    tone.set_channels(channels).export(path, format="wav")
    return path


@pytest.mark.e2e
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
    # "Next" starts on the MP3 frame grid: 2300 ms = 101430 frames, padded to 89 x 1152 = 102528 (2324.9 ms)
    assert [(c.title, c.start_ms, c.end_ms) for c in timeline.chapters] == [("Intro", 0, 2325), ("Next", 2325, 2326)]
    assert timeline.piece_starts == (89 * 1152,)


def test_encode_meets_loudness_and_format(tmp_path):
    clips = {1: _clip(tmp_path / "a.wav", 22050, 1, 4000)}
    timeline = audio.assemble([Chapter("A"), Say("x")], clips, tmp_path / "x.pcm", 44100)
    assert abs(timeline.loudness_lufs - (-15.7)) < 0.2  # a -12 dBFS-peak sine, measured while streaming
    out = tmp_path / "x.mp3"
    encoder.encode(timeline, out, target_lufs=-16.0, true_peak_dbtp=-1.0)
    probe = json.loads(
        subprocess.run(
            ["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(out)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )["streams"][0]
    assert probe["sample_rate"] == "44100" and probe["channels"] == 1 and probe["codec_name"] == "mp3"
    lufs, peak = audio_loudness(out)
    assert -17.0 <= lufs <= -15.0
    assert peak <= -1.0


def _peaky(path: Path, seconds: float = 6.0) -> Path:
    """A speech-like test clip with a high crest factor (a 120 Hz pulse train in bursts), 22.05 kHz."""
    rate = 22050
    t = np.arange(int(rate * seconds)) / rate
    pulses = np.zeros(len(t))
    pulses[:: rate // 120] = 1.0
    voiced = np.convolve(pulses, np.hanning(40), mode="same") + 0.02 * np.sin(2 * np.pi * 700 * t)
    voiced *= np.sin(2 * np.pi * 0.5 * t) > -0.3
    samples = np.rint(voiced / np.max(np.abs(voiced)) * 0.9 * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return path


@pytest.mark.parametrize("target", [-16.0, -19.0])
@pytest.mark.e2e
def test_peaky_speech_reaches_the_target_under_the_true_peak_ceiling(tmp_path, target):
    clips = {1: _peaky(tmp_path / "p.wav")}
    timeline = audio.assemble([Chapter("A"), Say("x")], clips, tmp_path / "x.pcm", 44100)
    assert timeline.peak_dbfs > -1.0  # the limiter has work to do
    leveling = encoder.plan_leveling(timeline, target, -1.0)
    for codec, name in (("mp3", "x.mp3"), ("aac", "x.m4a")):
        encoder.encode(timeline, tmp_path / name, codec=codec, leveling=leveling)
        lufs, peak = encoder.measure_file(tmp_path / name)
        assert abs(lufs - target) <= 1.0, codec
        assert peak <= -1.0, codec


@pytest.mark.e2e
def test_limiter_and_encoder_keep_every_frame(tmp_path):
    clips = {1: _peaky(tmp_path / "p.wav", 2.0)}
    timeline = audio.assemble([Chapter("A"), Say("x"), Pause(500)], clips, tmp_path / "x.pcm", 44100)
    out = tmp_path / "x.mp3"
    encoder.encode(timeline, out)
    decoded = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(out), "-f", "s16le", "-"], capture_output=True, check=True
    ).stdout
    assert len(decoded) == timeline.frames * 2  # gapless: LAME delay and padding are dropped
    part = tmp_path / "part.mp3"
    encoder.encode(timeline, part, frames=(1000, 23050))
    decoded = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(part), "-f", "s16le", "-"], capture_output=True, check=True
    ).stdout
    assert len(decoded) == 22050 * 2


def test_chime_ends_a_think_pause_without_changing_its_length(tmp_path):
    cues = [Chapter("Q"), Pause(2000, "think", chime=True), Pause(100, "sentence", chime=True)]
    timeline = audio.assemble(cues, {}, tmp_path / "x.pcm", 44100)
    samples = np.frombuffer((tmp_path / "x.pcm").read_bytes(), dtype="<i2")
    assert len(samples) == 2100 * 441 // 10 == timeline.frames
    think = samples[:88200]
    assert not think[: 88200 - audio.ms_to_frames(audio.CHIME_MS, 44100)].any()
    assert np.abs(think[-17640:]).max() > 4000
    assert [(c.kind, c.start_ms, c.end_ms) for c in timeline.cue_times] == [
        ("think", 0, 2000),
        ("sentence", 2000, 2100),
    ]


def audio_loudness(path: Path) -> tuple[float, float]:
    """Integrated loudness (LUFS) and true peak (dBTP) of a file, measured by ffmpeg's ebur128 filter."""
    err = subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostats", "-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"],
        capture_output=True,
        text=True,
    ).stderr
    summary = err[err.rindex("Summary:") :]
    lufs = float(summary.split("I:")[1].split("LUFS")[0])
    peak = float(summary.split("Peak:")[1].split("dBFS")[0])
    return lufs, peak


def test_missing_ffmpeg_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(audio.shutil, "which", lambda name: None)
    with pytest.raises(audio.ToolMissingError, match="ffmpeg is not installed"):
        audio.require_tool("ffmpeg")


def test_ffmetadata_escapes_and_lists_chapters_in_ms():
    text = ffmetadata(
        {"title": "a=b;c#d\\e\nf", "artist": "", "album": "日本語"},
        [ChapterMark("Ελληνικά", 0, 1500), ChapterMark("العربية", 1500, 4000)],
    )
    assert text == (
        ";FFMETADATA1\n"
        "title=a\\=b\\;c\\#d\\\\e\\\nf\n"
        "album=日本語\n"
        "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Ελληνικά\n"
        "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=4000\ntitle=العربية\n"
    )
    assert escape_ffmetadata("plain") == "plain"
