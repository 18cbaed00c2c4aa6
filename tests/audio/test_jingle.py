"""Intro and outro: decoded once with ffmpeg, levelled, joined with a crossfade, chapters shifted."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest

from narrate.audio.jingle import CROSSFADE_MS, crossfade_frames, jingle_pcm, join, with_jingles
from narrate.audio.loudness import LoudnessMeter
from narrate.audio.timeline import Timeline
from narrate.errors import ConfigError
from narrate.model import ChapterMark, CueTime

RATE = 8000
needs_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")


def pcm(values: list[int]) -> bytes:
    return np.array(values, dtype="<i2").tobytes()


@pytest.mark.parametrize(
    "lengths, frames",
    [((10_000, 10_000), 4000), ((1000, 10_000), 500), ((10_000, 600), 300), ((0, 10_000), 0)],
)
def test_crossfade_is_at_most_half_the_shorter_part(lengths, frames):
    assert crossfade_frames(RATE, *lengths) == frames == min(CROSSFADE_MS * RATE // 1000, *(n // 2 for n in lengths))


def test_join_overlaps_and_fades(tmp_path):
    episode = tmp_path / "e.pcm"
    episode.write_bytes(pcm([100] * 20))
    intro, outro = pcm([1000] * 8), pcm([2000] * 6)
    shift, end = join(episode, intro, outro, 20)  # 20 Hz: a crossfade of at most 10 frames
    joined = np.frombuffer(episode.read_bytes(), dtype="<i2").tolist()
    assert (shift, end) == (4, 24)  # the intro's last 4 frames lie under the episode's first 4
    assert len(joined) == 8 + 20 + 6 - 4 - 3
    assert joined[:4] == [1000] * 4
    assert joined[4:8] == [1100, 850, 600, 350]  # intro fading out (1, .75, .5, .25) over the episode
    assert joined[8:21] == [100] * 13
    assert joined[21:24] == [100, 767, 1433]  # outro fading in (0, 1/3, 2/3) over the episode's end
    assert joined[24:] == [2000] * 3


def test_with_jingles_shifts_cues_and_adds_an_intro_chapter(tmp_path):
    path = tmp_path / "e.pcm"
    path.write_bytes(pcm([100] * 16000))  # 2 s at 8 kHz
    timeline = Timeline(
        path,
        RATE,
        16000,
        [ChapterMark("Introduction", 0, 1000), ChapterMark("Quiz", 1000, 2000)],
        [CueTime("say", "Hello.", 0, 900, words=((0, 0),)), CueTime("sentence", "", 900, 2000)],
    )
    joined = with_jingles(timeline, pcm([3000] * 8000), pcm([3000] * 4000))  # 1 s intro, 0.5 s outro
    # crossfades: min(500 ms, half of each part) = 500 ms and 250 ms
    assert joined.frames == 8000 + 16000 + 4000 - 4000 - 2000
    assert joined.chapters == [
        ChapterMark("Intro", 0, 500),
        ChapterMark("Introduction", 500, 1500),
        ChapterMark("Quiz", 1500, 2750),
    ]
    assert [(c.start_ms, c.end_ms, c.words) for c in joined.cue_times] == [(500, 1400, ((0, 500),)), (1400, 2500, ())]
    meter = LoudnessMeter(RATE)
    meter.add(path.read_bytes())
    assert joined.loudness_lufs == pytest.approx(meter.integrated_lufs())
    assert with_jingles(timeline, b"", b"") is timeline


@needs_ffmpeg
def test_jingle_decoded_once_levelled_and_cached(tmp_path):
    source = tmp_path / "intro.ogg"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=2", "-ac", "2"]
        + ["-c:a", "libvorbis", str(source)],
        check=True,
    )
    data = jingle_pcm(source, 44100, -16.0, tmp_path / "cache")
    assert len(data) // 2 == pytest.approx(2 * 44100, abs=2000)  # resampled to 44.1 kHz mono
    meter = LoudnessMeter(44100)
    meter.add(data)
    assert meter.integrated_lufs() == pytest.approx(-16.0, abs=0.2)
    kept = list((tmp_path / "cache" / "jingles").glob("*.pcm"))
    assert len(kept) == 1 and kept[0].read_bytes() == data
    kept[0].write_bytes(b"\x01\x00" * 10)  # the next build reads the cache, not ffmpeg
    assert jingle_pcm(source, 44100, -16.0, tmp_path / "cache") == b"\x01\x00" * 10


@needs_ffmpeg
def test_a_jingle_ffmpeg_cannot_read_is_one_error(tmp_path):
    bad = tmp_path / "intro.mp3"
    bad.write_bytes(b"not audio at all")
    with pytest.raises(ConfigError) as caught:
        jingle_pcm(bad, 44100, -16.0, None)
    assert caught.value.file == bad and caught.value.problem.startswith("ffmpeg cannot read this jingle: ")
    with pytest.raises(ConfigError, match="cannot read the jingle"):
        jingle_pcm(tmp_path / "missing.mp3", 44100, -16.0, None)
