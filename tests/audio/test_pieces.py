"""MP3 encoding in pieces (issue 18): chapters on the MP3 frame grid, pieces joined frame by frame,
a piece encoded before reused, and the same bytes whichever way the pieces were made."""

from __future__ import annotations

import hashlib
import math
import shutil
import subprocess
from pathlib import Path

import helpers
import numpy as np
import pytest
from fastcrc import crc16

from narrate.audio import encoder, ffmpeg, mp3_frames
from narrate.audio import pieces as mp3_pieces
from narrate.audio import timeline as audio
from narrate.audio.encoder import Leveling, Piece, plan_pieces
from narrate.model import Chapter, Pause, Say
from narrate.speech.cache import UtteranceCache

RATE = 44100


class CountingStore(dict):
    """A PieceStore in memory that counts what was asked and what was added."""

    def __init__(self):
        super().__init__()
        self.hits = self.puts = 0

    def get_piece(self, key: str) -> bytes | None:
        data = self.get(key)
        self.hits += data is not None
        return data

    def put_piece(self, key: str, data: bytes) -> None:
        self.puts += 1
        self[key] = data


@pytest.mark.parametrize(
    "frames, starts, grid, expected",
    [
        (5000, (), 1152, [Piece(0, 5000, 0, 5000, 0, None)]),
        (
            10 * 1152 + 7,
            (4 * 1152,),
            1152,
            [Piece(0, 4608, 0, 5760, 0, 4), Piece(4608, 11527, 2304, 11527, 2, None)],
        ),
        (  # a piece too close to the start for a whole roll: it gets what there is
            3 * 1152 + 1,
            (1152, 2 * 1152),
            1152,
            [
                Piece(0, 1152, 0, 2304, 0, 1),
                Piece(1152, 2304, 0, 3456, 1, 1),
                Piece(2304, 3457, 0, 3457, 2, None),
            ],
        ),
        (  # MPEG-2 rates: 576-sample frames; starts at 0 or at the end are no starts
            2000,
            (0, 576, 2000),
            576,
            [Piece(0, 576, 0, 1152, 0, 1), Piece(576, 2000, 0, 2000, 1, None)],
        ),
    ],
)
def test_plan_pieces(frames, starts, grid, expected):
    assert plan_pieces(frames, starts, grid) == expected


@pytest.mark.parametrize("starts", [(1000,), (1152, 1153)])
def test_pieces_must_start_on_the_frame_grid(starts):
    with pytest.raises(ValueError, match="frame grid"):
        plan_pieces(10_000, starts, 1152)


def _tone(path: Path, seconds: float, freq: float, rate: int = RATE) -> Path:
    t = np.arange(int(seconds * rate)) / rate
    samples = (np.sin(2 * np.pi * freq * t) * (0.5 + 0.4 * np.sin(2 * np.pi * 3 * t)) * 9000).astype("<i2")
    import soundfile

    soundfile.write(str(path), samples, rate, format="FLAC", subtype="PCM_16")
    return path


@pytest.mark.parametrize(
    "rate, pause_ms",
    [(44100, 700), (44100, 1), (48000, 333), (22050, 250), (16000, 1234), (32000, 0)],
)
def test_every_chapter_after_the_first_starts_on_the_frame_grid(tmp_path, rate, pause_ms):
    grid = audio.mp3_frame_samples(rate)
    clips = {i: _tone(tmp_path / f"{i}.flac", 0.37 + i / 10, 300 + 50 * i, rate) for i in (1, 4, 7)}
    cues = [
        Chapter("A"),
        Say("a"),
        Pause(pause_ms, "section"),
        Chapter("B"),
        Pause(5, "sentence"),
        Chapter("C"),
        Say("c"),
        Pause(pause_ms, "section"),
        Chapter("D"),
        Say("d"),
    ]
    timeline = audio.assemble(cues, {1: clips[1], 6: clips[4], 9: clips[7]}, tmp_path / "x.pcm", rate)
    assert len(timeline.piece_starts) == 3
    assert all(start % grid == 0 for start in timeline.piece_starts)
    assert [c.start_ms for c in timeline.chapters[1:]] == [audio.frames_to_ms(s, rate) for s in timeline.piece_starts]
    # the padding is under one frame: every chapter starts at most one frame after its cue would have
    unpadded = 0
    said = iter([0.47, 0.77, 1.07])
    for cue in cues:
        if isinstance(cue, Say):
            unpadded += int(next(said) * rate)
        elif isinstance(cue, Pause):
            unpadded += audio.ms_to_frames(cue.ms, rate)
    assert timeline.frames - unpadded < 3 * grid


def _course_timeline(tmp_path: Path, name: str, second_freq: float = 500.0) -> audio.Timeline:
    """Four chapters of tones and pauses, about 9 s; ``second_freq`` changes the second chapter only."""
    clips = {
        1: _tone(tmp_path / f"{name}-1.flac", 2.1, 300),
        4: _tone(tmp_path / f"{name}-4.flac", 1.9, second_freq),
        7: _tone(tmp_path / f"{name}-7.flac", 2.3, 700),
        10: _tone(tmp_path / f"{name}-10.flac", 1.2, 900),
    }
    cues = []
    for title in "ABCD":
        cues += [Chapter(title), Say(title.lower()), Pause(400, "section")]
    return audio.assemble(cues, clips, tmp_path / f"{name}.pcm", RATE)


def _decode(path: Path) -> np.ndarray:
    out = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-f", "s16le", "-"], capture_output=True, check=True
    )
    return np.frombuffer(out.stdout, dtype="<i2").astype(float)


LEVEL = Leveling(0.0, -3.0, -20.0)


@pytest.mark.e2e
def test_pieces_join_into_the_whole_timeline_with_the_same_bytes_however_made(tmp_path):
    timeline = _course_timeline(tmp_path, "t")
    assert len(timeline.piece_starts) == 3
    digests = set()
    store = CountingStore()
    for i, (use, parallel) in enumerate([(None, 1), (None, 2), (store, 2), (store, 1)]):
        out = tmp_path / f"out{i}.mp3"
        encoder.encode(timeline, out, leveling=LEVEL, store=use, parallel=parallel)
        digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
    assert len(digests) == 1
    assert (store.puts, store.hits) == (4, 4)  # made once, then all four found
    decoded = _decode(tmp_path / "out0.mp3")
    assert len(decoded) == timeline.frames  # the Info frame's delay and padding hold for the joined stream
    one_piece = audio.Timeline(
        timeline.pcm_path, RATE, timeline.frames, [], [], timeline.loudness_lufs, timeline.peak_dbfs
    )
    encoder.encode(one_piece, tmp_path / "whole.mp3", leveling=LEVEL)
    whole = _decode(tmp_path / "whole.mp3")
    assert len(whole) == len(decoded)
    noise = decoded - whole
    assert (noise**2).sum() < 1e-3 * (whole**2).sum()  # the same audio as one pass, within the codec's noise
    for start in timeline.piece_starts:  # no click at a join
        near = slice(start - 2304, start + 2304)
        assert np.abs(noise[near]).max() < 0.05 * max(1.0, np.abs(whole[near]).max()) + 200


def test_a_sound_crossing_a_join_decodes_as_in_one_pass(tmp_path):
    """No pause at the chapter changes: the tone runs through both joins; each join decodes to the
    same samples as one pass over the whole (without the frame after a piece, one clicked: 734 vs 208)."""
    clips = {i: _tone(tmp_path / f"{i}.flac", 2.0 + i / 10, 300) for i in (1, 3, 5)}
    cues = [Chapter("A"), Say("a"), Chapter("B"), Say("b"), Chapter("C"), Say("c")]
    timeline = audio.assemble(cues, clips, tmp_path / "x.pcm", RATE)
    encoder.encode(timeline, tmp_path / "pieces.mp3", leveling=LEVEL)
    one_piece = audio.Timeline(
        timeline.pcm_path, RATE, timeline.frames, [], [], timeline.loudness_lufs, timeline.peak_dbfs
    )
    encoder.encode(one_piece, tmp_path / "whole.mp3", leveling=LEVEL)
    pieces, whole = _decode(tmp_path / "pieces.mp3"), _decode(tmp_path / "whole.mp3")
    assert len(timeline.piece_starts) == 2 and len(pieces) == len(whole) == timeline.frames
    for start in timeline.piece_starts:
        near = slice(start - 3000, start + 3000)
        assert np.abs(pieces[near] - whole[near]).max() == 0


def test_an_edited_chapter_is_the_only_piece_encoded_again(tmp_path):
    store = CountingStore()
    before = _course_timeline(tmp_path, "before")
    encoder.encode(before, tmp_path / "before.mp3", leveling=LEVEL, store=store)
    assert store.puts == 4
    after = _course_timeline(tmp_path, "after", second_freq=520.0)
    store.puts = store.hits = 0
    encoder.encode(after, tmp_path / "after.mp3", leveling=LEVEL, store=store)
    # chapter B again, and chapter A, whose encoder also reads the first MP3 frame of B
    assert (store.puts, store.hits) == (2, 2)
    encoder.encode(after, tmp_path / "fresh.mp3", leveling=LEVEL)  # no store: every piece encoded now
    assert (tmp_path / "after.mp3").read_bytes() == (tmp_path / "fresh.mp3").read_bytes()
    assert len(_decode(tmp_path / "after.mp3")) == after.frames


def test_a_damaged_stored_piece_is_encoded_again(tmp_path):
    timeline = _course_timeline(tmp_path, "t")
    store = CountingStore()
    encoder.encode(timeline, tmp_path / "a.mp3", leveling=LEVEL, store=store)
    for key in list(store):
        store[key] = store[key][:-100]  # truncated: a frame is cut
    store.puts = store.hits = 0
    encoder.encode(timeline, tmp_path / "b.mp3", leveling=LEVEL, store=store)
    assert store.puts == 4
    assert (tmp_path / "a.mp3").read_bytes() == (tmp_path / "b.mp3").read_bytes()


@pytest.mark.parametrize("loudness, peak", [(-23.04, -20.0), (-23.06, -20.0), (-19.96, -18.0), (-30.0, -25.0)])
def test_gains_are_rounded_to_a_tenth_of_a_decibel(tmp_path, loudness, peak):
    pcm = tmp_path / "x.pcm"
    pcm.write_bytes(bytes(2 * RATE))
    leveling = encoder.plan_leveling(audio.Timeline(pcm, RATE, RATE, [], [], loudness, peak), -16.0, -1.0)
    assert round(leveling.gain_db * 10) == pytest.approx(leveling.gain_db * 10, abs=1e-9)
    assert abs(leveling.gain_db - (-16.0 - loudness)) <= 0.05 + 1e-9
    assert leveling.expected_lufs == pytest.approx(loudness + leveling.gain_db)


def test_the_cache_keeps_counts_and_prunes_pieces(tmp_path):
    cache = UtteranceCache(tmp_path / "cache")
    timeline = _course_timeline(tmp_path, "t")
    encoder.encode(timeline, tmp_path / "a.mp3", leveling=LEVEL, store=cache)
    pieces = sorted((tmp_path / "cache" / "pieces").glob("??/*.mp3"))
    assert len(pieces) == 4
    info = cache.info()
    assert info.files == 4 and info.bytes == sum(p.stat().st_size for p in pieces) and info.clips == 0
    result = cache.prune(0, in_use_s=0)
    assert result.removed == 4 and not list((tmp_path / "cache").rglob("*.mp3"))
    assert not (tmp_path / "cache" / "pieces").exists()


LESSON = """\
id: rivers
title: Rivers
sections:
  - title: Sources
    body:
      - Rivers begin as springs and melting snow. Small streams join on the way down.
      - A river basin collects the rain of a whole region.
  - title: Meanders
    body:
      - On flat ground a river swings from side to side. The outer bank wears away.
      - Over centuries a loop can be cut off and left as a lake.
  - title: Deltas
    body:
      - Where a river meets the sea it drops its silt. The land grows outward.
"""


@pytest.mark.e2e
def test_a_one_sentence_edit_encodes_one_chapter_and_gives_the_bytes_of_a_fresh_build(tmp_path, fakes):
    from narrate import BuildOptions, build

    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Water\nvoice:\n  engine: fake\n")
    (course / "lessons" / "01-rivers.yaml").write_text(LESSON)
    cache = tmp_path / "cache"
    options = BuildOptions(cache_dir=cache, jobs=1)
    build(course, tmp_path / "out", options)
    pieces = set((cache / "pieces").glob("??/*.mp3"))
    assert len(pieces) == 4  # Introduction, Sources, Meanders, Deltas (the lesson's chapters)
    lesson = course / "lessons" / "01-rivers.yaml"
    lesson.write_text(lesson.read_text().replace("The outer bank wears away.", "The outer bank wears."))
    result = build(course, tmp_path / "out", options)
    assert result.rebuilt == ("01-rivers",) and result.synthesized == 1
    added = set((cache / "pieces").glob("??/*.mp3")) - pieces
    # only "Meanders" was encoded again. (The episode's gain, in steps of 0.1 dB, stays 0.8 dB here;
    # an edit that moves the loudness across a step, as lengthening this sentence does, re-encodes all.)
    assert len(added) == 1
    episode = result.episodes[0]
    # the same content from scratch (the clips cached, no pieces): the same MP3, byte for byte
    fresh_cache = tmp_path / "fresh-cache"
    shutil.copytree(cache, fresh_cache, ignore=shutil.ignore_patterns("pieces"))
    fresh = build(course, tmp_path / "fresh", BuildOptions(cache_dir=fresh_cache, jobs=2))
    assert fresh.synthesized == 0
    assert (tmp_path / "out" / episode.audio_file).read_bytes() == (
        tmp_path / "fresh" / fresh.episodes[0].audio_file
    ).read_bytes()
    mp3 = tmp_path / "out" / episode.audio_file
    assert (
        len(_decode(mp3)) == audio.ms_to_frames(episode.duration_ms, RATE)
        or abs(len(_decode(mp3)) / RATE * 1000 - episode.duration_ms) <= 1
    )
    assert [c[1] for c in helpers.probe_chapters(mp3)] == [c.start_ms for c in episode.chapters]


@pytest.mark.parametrize("extra", [0, 1, 2, 23, 46, 47, 600, 1151])
@pytest.mark.parametrize("starts", [(), (10 * 1152, 20 * 1152)])
@pytest.mark.e2e
def test_every_length_decodes_to_exactly_its_samples(tmp_path, extra, starts):
    """ffmpeg 5.1 wrote a LAME padding 47 - r samples short for lengths of r = 1 ... 46 past a whole
    MP3 frame (the file decoded up to 1 ms long); narrate writes the padding itself, CRC included."""
    frames = 40 * 1152 + extra
    t = np.arange(frames) / RATE
    pcm = tmp_path / "x.pcm"
    pcm.write_bytes((np.sin(2 * np.pi * 330 * t) * 6000).astype("<i2").tobytes())
    timeline = audio.Timeline(pcm, RATE, frames, [], [], -20.0, -15.0, starts)
    out = tmp_path / "x.mp3"
    encoder.encode(timeline, out, leveling=LEVEL)
    assert len(_decode(out)) == frames
    data = out.read_bytes()
    at = mp3_frames.xing_offset(data[:300])
    tag_crc = crc16.arc(data[: at + 154] + b"\0\0" + data[at + 156 : 190])
    assert tag_crc == int.from_bytes(data[at + 154 : at + 156], "big")
    from mutagen.mp3 import MP3

    info = MP3(out).info
    assert (info.track_gain, info.sample_rate) == (None, RATE)  # mutagen reads the LAME tag


def _starts_timeline(chapter_seconds: list[float]) -> audio.Timeline:
    bounds, at = [], 0
    for seconds in chapter_seconds:
        bounds.append(at)
        at += -(-int(seconds * RATE) // 1152) * 1152
    return audio.Timeline(Path("unused.pcm"), RATE, at, [], [], -20.0, -3.0, tuple(bounds[1:]))


@pytest.mark.parametrize(
    "chapters, edited",
    [
        ([30, 40, 50, 60], 1),  # 4 chapters: 3 windows from each chapter's start
        ([8, 12, 100, 9, 40, 30], 2),  # short chapters give fewer windows
        ([20] * 15, 7),  # 12 or more chapters: the first window of 12 evenly chosen chapters
        ([90, 200], 0),
    ],
)
def test_gain_search_excerpts_move_only_in_the_edited_chapter(chapters, edited):
    """The excerpts are anchored to chapter starts: lengthening one chapter by 3.2 s leaves every
    excerpt outside it where it was in its own chapter (so the gain, and the other pieces, stay)."""
    length = encoder.ANALYSIS_SECONDS * RATE // 12
    before = _starts_timeline(chapters)
    longer = list(chapters)
    longer[edited] += 3.2
    after = _starts_timeline(longer)

    def placed(timeline):
        bounds = [0, *timeline.piece_starts]
        out = []
        for start in encoder.excerpt_starts(timeline, length):
            chapter = max(i for i, b in enumerate(bounds) if b <= start)
            out.append((chapter, start - bounds[chapter]))
        return out

    assert len(placed(before)) <= 12
    assert [p for p in placed(before) if p[0] != edited] == [p for p in placed(after) if p[0] != edited]
    assert all(0 <= s <= before.frames - length for s in encoder.excerpt_starts(before, length))


@pytest.mark.e2e
def test_a_build_assembles_the_clips_it_made_from_their_samples_not_the_flac(tmp_path, fakes, monkeypatch):
    """Clips made by this build leave their samples in the build's scratch folder; assembly reads
    them once instead of decoding the FLAC just written. The same MP3 as a build from the cache."""
    from narrate import BuildOptions, build
    from narrate.audio import timeline as timeline_module

    decoded = []
    real = timeline_module.read_clip
    monkeypatch.setattr(timeline_module, "read_clip", lambda path: decoded.append(path) or real(path))
    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Water\nvoice:\n  engine: fake\n")
    (course / "lessons" / "01-rivers.yaml").write_text(LESSON)
    cache = tmp_path / "cache"
    first = build(course, tmp_path / "out", BuildOptions(cache_dir=cache, jobs=1))
    assert first.synthesized > 10 and decoded == []  # every clip came from its samples
    shutil.copytree(cache, tmp_path / "cache2", ignore=shutil.ignore_patterns("pieces", "spoken"))
    again = build(course, tmp_path / "out2", BuildOptions(cache_dir=tmp_path / "cache2", jobs=1))
    assert again.synthesized == 0 and len(decoded) >= first.synthesized  # now decoded from the cache
    one = tmp_path / "out" / first.episodes[0].audio_file
    two = tmp_path / "out2" / again.episodes[0].audio_file
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.parametrize(
    "rate, bitrate", [(44100, "32k"), (44100, "48k"), (48000, "8k"), (22050, "32k"), (16000, "8k"), (8000, "320k")]
)
@pytest.mark.e2e
def test_low_and_high_bitrates_join_exactly(tmp_path, rate, bitrate):
    """At these bitrates ffmpeg writes the Info frame at another bitrate than the audio frames
    (its frames are too small to hold the tag): the pieces are still cut and joined exactly."""
    grid = audio.mp3_frame_samples(rate)
    frames = 40 * grid + 17
    t = np.arange(frames) / rate
    pcm = tmp_path / "x.pcm"
    pcm.write_bytes((np.sin(2 * np.pi * 330 * t) * 6000).astype("<i2").tobytes())
    timeline = audio.Timeline(pcm, rate, frames, [], [], -20.0, -15.0, (10 * grid, 20 * grid))
    out = tmp_path / "x.mp3"
    encoder.encode(timeline, out, bitrate=bitrate, leveling=LEVEL)
    decoded = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(out), "-f", "s16le", "-ac", "1", "-"], capture_output=True, check=True
    ).stdout
    assert len(decoded) // 2 == frames


def _reseal(data: bytes, change) -> bytes:
    body = mp3_pieces.unsealed(data)
    assert body is not None
    return mp3_pieces.sealed(change(body))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],  # cut inside the last frame
        lambda data: data[:40] + bytes(x ^ 0x55 for x in data[40:120]) + data[120:],  # bits flipped
        lambda data: _reseal(data, lambda body: body[: mp3_frames.frame_offsets(body)[-2]]),  # one frame less
        lambda data: _reseal(data, lambda body: body + body[mp3_frames.frame_offsets(body)[-2] :]),  # one more
        lambda data: b"",
    ],
)
@pytest.mark.e2e
def test_every_damaged_stored_piece_is_encoded_again(tmp_path, damage):
    timeline = _course_timeline(tmp_path, "t")
    store = CountingStore()
    encoder.encode(timeline, tmp_path / "a.mp3", leveling=LEVEL, store=store)
    for key in list(store):
        store[key] = damage(store[key])
    store.puts = store.hits = 0
    encoder.encode(timeline, tmp_path / "b.mp3", leveling=LEVEL, store=store)
    assert store.puts == 4
    assert (tmp_path / "a.mp3").read_bytes() == (tmp_path / "b.mp3").read_bytes()


@pytest.mark.parametrize("blocker", ["file", "file in a subfolder's place"])
def test_a_cache_that_cannot_keep_pieces_still_builds(tmp_path, blocker):
    cache = UtteranceCache(tmp_path / "cache")
    timeline = _course_timeline(tmp_path, "t")
    (tmp_path / "cache").mkdir()
    if blocker == "file":
        (tmp_path / "cache" / "pieces").write_text("not a folder")
    else:
        (tmp_path / "cache" / "pieces").mkdir()
        for hexa in "0123456789abcdef":
            for other in "0123456789abcdef":
                (tmp_path / "cache" / "pieces" / (hexa + other)).write_text("in the way")
    encoder.encode(timeline, tmp_path / "a.mp3", leveling=LEVEL, store=cache)
    assert len(_decode(tmp_path / "a.mp3")) == timeline.frames


@pytest.mark.parametrize("rate", [96000, 88200, 44000, 192000, 9000])
def test_an_mp3_build_at_a_rate_mp3_cannot_carry_is_one_error_line(tmp_path, fakes, rate):
    from narrate import BuildOptions, ConfigError, build

    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text(f"title: Water\nvoice:\n  engine: fake\naudio:\n  sample_rate: {rate}\n")
    (course / "lessons" / "01-rivers.yaml").write_text(LESSON)
    with pytest.raises(ConfigError) as caught:
        build(course, tmp_path / "out", BuildOptions(cache_dir=tmp_path / "cache"))
    assert str(caught.value).startswith(f"{course / 'course.yaml'}:5: audio.sample_rate {rate} is not an MP3")
    assert not fakes.said()  # before any synthesis


@pytest.mark.parametrize(
    "rate, bitrate, seconds, extra",
    [
        (44100, "64k", 31, 0),  # over 800 MP3 frames: the seek table's bags are halved twice
        (44100, "64k", 3, 23),  # a length ffmpeg 5.1 pads wrong (see _padded)
        (44100, "32k", 12, 1151),  # an Info frame shorter than the 190 bytes the tag's CRC covers
        (48000, "128k", 9, 1),
        (22050, "32k", 20, 300),
        (16000, "24k", 7, 575),
        (24000, "48k", 5, 0),
        (8000, "8k", 4, 17),
    ],
)
@pytest.mark.e2e
def test_the_joined_info_frame_is_the_one_ffmpeg_writes_when_it_copies_the_stream(
    tmp_path, rate, bitrate, seconds, extra
):
    """The pieces' join writes the Info frame itself (frame and byte counts, seek table, encoder
    string, music length and CRC, tag CRC) instead of running ffmpeg to copy the stream: the same
    bytes as that copy (with the padding put right, as before)."""
    grid = audio.mp3_frame_samples(rate)
    frames = seconds * rate // grid * grid + extra
    t = np.arange(frames) / rate
    pcm = tmp_path / "x.pcm"
    envelope = 0.55 + 0.45 * np.sin(2 * np.pi * 2.5 * t)
    pcm.write_bytes((np.sin(2 * np.pi * 440 * t) * envelope * 8000).astype("<i2").tobytes())
    starts = tuple(k * frames // 4 // grid * grid for k in (1, 2, 3))
    timeline = audio.Timeline(pcm, rate, frames, [], [], -20.0, -15.0, starts)
    ours = tmp_path / "ours.mp3"
    encoder.encode(timeline, ours, bitrate=bitrate, leveling=LEVEL)
    copy = tmp_path / "copy.mp3"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(ours), "-map", "0:a", "-map_metadata", "-1", "-c:a", "copy"]
        + ["-id3v2_version", "0", "-write_xing", "1", "-f", "mp3", "-y", str(copy)],
        check=True,
    )
    encoder.fix_padding(copy, frames, rate)
    assert ours.read_bytes() == copy.read_bytes()
    assert len(_decode(ours)) == frames if rate == RATE else True


def _speechlike(path: Path, seconds: float, crest: float, rate: int = RATE) -> audio.Timeline:
    """Syllable-like bursts of harmonics (a voice's peaks over its loudness: ``crest``), measured."""
    from narrate.audio.loudness import LoudnessMeter

    t = np.arange(int(seconds * rate)) / rate
    voice = sum(np.sin(2 * np.pi * f * t + f) / k for k, f in enumerate((140, 280, 420, 700, 1400, 2800), 1))
    bursts = np.clip(np.sin(2 * np.pi * 4 * t), 0, None) ** crest
    samples = np.rint(voice / np.abs(voice).max() * bursts * 20000).astype("<i2")
    path.write_bytes(samples.tobytes())
    meter = LoudnessMeter(rate)
    meter.add(samples.tobytes())
    return audio.Timeline(path, rate, len(samples), [], [], meter.integrated_lufs(), meter.sample_peak_dbfs)


@pytest.mark.parametrize("gains", [[3.0, 5.5, 8.0], [0.0, 12.5], [6.2]])
@pytest.mark.e2e
def test_one_analysis_pass_measures_every_gain_as_separate_passes_would(tmp_path, gains):
    timeline = _speechlike(tmp_path / "s.pcm", 8, 3.0)
    together = encoder.analyse_gains(timeline, gains, -3.0)
    alone = [encoder.analyse(timeline, Leveling(g, -3.0, 0.0)) for g in gains]
    assert together == alone
    assert together == sorted(together) and len(set(together)) == len(together)


@pytest.mark.parametrize(
    "crest, seconds, passes",
    [
        (1.0, 40, 0),  # peaks stay under the limiter: no pass, the first guess is exact
        (2.0, 40, 1),  # the limiter at work on every syllable: one pass of two gains
        (6.0, 40, 1),
        (3.0, 90, 1),  # longer than the 45 s analysed: excerpts
        (12.0, 40, 3),  # needle-sharp peaks: limiting takes off far more, measured until close
        (12.0, 90, 3),
    ],
)
@pytest.mark.e2e
def test_the_gain_search_levels_to_the_target_in_one_pass_mostly(tmp_path, monkeypatch, crest, seconds, passes):
    timeline = _speechlike(tmp_path / "s.pcm", seconds, crest)
    runs = []
    real_run = ffmpeg.run
    monkeypatch.setattr(ffmpeg, "run", lambda args: runs.append(args) or real_run(args))
    leveling = encoder.plan_leveling(timeline, -16.0, -1.0)
    assert len(runs) == passes
    monkeypatch.setattr(ffmpeg, "run", real_run)
    whole = encoder.analyse(timeline, leveling)  # the whole timeline as the encode levels it
    assert abs(whole - -16.0) <= 0.3, (leveling, whole)
    assert abs(leveling.expected_lufs - whole) <= 0.3


@pytest.mark.parametrize(
    "lufs, peak, expected",
    [
        (-16.2, -2.0, None),  # on target
        (-14.5, -0.0, Leveling(5.0, -3.0, -16.0, -1.5)),  # loud: made up after the limiter, peak too
        (-17.0, -2.5, Leveling(5.0, -3.0, -16.0, 1.0)),  # quiet: raised after the limiter
        (-16.1, -0.4, Leveling(5.0, -4.0, -16.0, 0.0)),  # only the peak: the limiter lowered (0.1 guard + 0.3)
        (-16.0, -1.05, Leveling(5.0, -3.35, -16.0, 0.0)),  # under the ceiling, but not by ffmpeg's 0.1 dB
        (-15.0, 1.0, Leveling(5.0, -4.4, -16.0, -1.0)),  # both
    ],
)
def test_a_measured_encode_is_corrected_after_the_limiter(lufs, peak, expected):
    assert encoder.correction(Leveling(5.0, -3.0, -16.0), lufs, peak, -16.0, -1.0) == expected


@pytest.mark.parametrize(
    "rate, bitrate, codec, measured",
    [
        (8000, "8k", "mp3", True),  # LAME came out 1.5 LU loud with a true peak of 0 dBTP
        (8000, "16k", "aac", True),  # AAC 2 LU loud, -0.4 dBTP
        (16000, "24k", "mp3", True),
        (44100, "64k", "mp3", False),  # not measured: the limiter's margin holds there
    ],
)
@pytest.mark.e2e
def test_low_rates_and_bitrates_are_measured_and_brought_to_target(
    tmp_path, monkeypatch, rate, bitrate, codec, measured
):
    from narrate.config import AudioConfig, CourseConfig
    from narrate.publish.episode import on_target

    timeline = _speechlike(tmp_path / "s.pcm", 30, 3.0, rate)
    config = CourseConfig(title="T", audio=AudioConfig(sample_rate=rate, bitrate=bitrate))
    out = tmp_path / ("x.mp3" if codec == "mp3" else "x.m4a")
    measures = []
    real_measure = encoder.measure_file
    monkeypatch.setattr(encoder, "measure_file", lambda p: measures.append(p) or real_measure(p))

    def encode(lev):
        encoder.encode(timeline, out, bitrate=bitrate, codec=codec, leveling=lev)

    on_target(encode, out, encoder.plan_leveling(timeline, -16.0, -1.0), config)
    assert bool(measures) == measured
    lufs, peak = real_measure(out)
    assert abs(lufs - -16.0) <= 0.5 and peak <= -1.0, (lufs, peak)


@pytest.mark.parametrize("rate", [11025, 22050, 8000, 44100, 12000, 7999])
@pytest.mark.e2e
def test_excerpts_at_any_rate_are_whole_samples(tmp_path, rate):
    """At 11025 Hz half a second is 5512.5 samples: the gap between excerpts was cut mid-sample and
    the build of any episode over 90 s at such a rate crashed (buffer size not a multiple of 2)."""
    timeline = _speechlike(tmp_path / "s.pcm", 2 * encoder.ANALYSIS_SECONDS + 5, 3.0, rate)
    sample = encoder.excerpts(timeline, tmp_path / "e.pcm")
    assert sample is not timeline
    assert (tmp_path / "e.pcm").stat().st_size == 2 * sample.frames
    assert sample.frames == 12 * (encoder.ANALYSIS_SECONDS * rate // 12 + rate // 2)
    assert math.isfinite(sample.loudness_lufs)


@pytest.mark.parametrize("chapters", [[30, 40, 50, 60], [20] * 15, [200, 90]])
def test_one_excerpt_is_the_episodes_end(chapters):
    timeline = _starts_timeline(chapters)
    length = encoder.ANALYSIS_SECONDS * RATE // 12
    starts = encoder.excerpt_starts(timeline, length)
    assert len(starts) == 12 and starts[-1] == timeline.frames - length


@pytest.mark.parametrize(
    "speech_s, level, seconds, warned",
    [
        (7, 0.3, 47, False),  # clicks and a little speech: levelled (it came out 2.4 LU loud)
        (7, 0.3, 80, False),
        (1.5, 1.0, 47, True),  # mostly clicks: no gain gives -16 (the loudness jumps): the nearest, and a warning
    ],
)
@pytest.mark.e2e
def test_sparse_clicks_are_levelled_or_warned_about(tmp_path, caplog, speech_s, level, seconds, warned):
    """Jingles of single-sample clicks around a little speech: whether their blocks pass BS.1770's
    relative gate depends on the gain, the band limit and the limiter, so loudness jumps with gain
    and excerpts mislead. Up to twice the excerpts' length the whole is analysed, and where the
    loudness does not follow gain as speech's does the search measures until it is close; when
    nothing is, it takes the nearest measured gain and says so."""
    from narrate.audio.loudness import LoudnessMeter

    clicks = np.zeros(20 * RATE)
    clicks[:: RATE // 4] = 0.99 * 32767
    speech = np.frombuffer(_speechlike(tmp_path / "v.pcm", speech_s, 3.0).pcm_path.read_bytes(), "<i2") * level
    middle = np.concatenate([speech, np.zeros(int((seconds - 40 - speech_s) * RATE))])
    samples = np.concatenate([clicks, middle, clicks]).astype("<i2")
    pcm = tmp_path / "s.pcm"
    pcm.write_bytes(samples.tobytes())
    meter = LoudnessMeter(RATE)
    meter.add(samples.tobytes())
    timeline = audio.Timeline(pcm, RATE, len(samples), [], [], meter.integrated_lufs(), meter.sample_peak_dbfs)
    with caplog.at_level("WARNING", logger="narrate"):
        leveling = encoder.plan_leveling(timeline, -16.0, -1.0)
    whole = encoder.analyse(timeline, leveling)
    assert ("loudness jumps with its gain" in caplog.text) == warned
    if warned:
        assert abs(whole - leveling.expected_lufs) <= 0.1 and 1.0 < abs(whole - -16.0) < 3.0
    else:
        assert abs(whole - -16.0) <= 0.3
