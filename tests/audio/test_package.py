"""Built episodes, decoded and probed: loudness, format, chapters (mutagen and ffprobe), Unicode tags,
M4B chapters, the audiobook, split files and cover art.

One real build (default engine) of tests/fixtures/audio_course: two short lessons whose titles and
chapter titles are Greek, Czech, Japanese and Arabic, and no cover (so one is generated).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import container_ms, decoded_ms, probe, probe_chapters
from mutagen.id3 import ID3
from mutagen.mp4 import MP4
from PIL import Image

from narrate import BuildOptions
from narrate.audio import encoder
from narrate.audio import id3 as tags
from narrate.audio.id3 import check_chapters
from narrate.pipeline import build

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

COURSE = Path(__file__).resolve().parents[1] / "fixtures" / "audio_course"
TITLES = {
    "pans": ["Introduction", "Ελληνικά pans", "Čeština a pokličky"],
    "rice": ["Introduction", "日本語 rice", "العربية spices"],
}
# LAME's encoder delay plus padding to a whole frame: ffprobe's MP3 duration exceeds the decoded
# (gapless) duration by 1105..2256 samples, i.e. 25..52 ms at 44.1 kHz.
MP3_CONTAINER_SLACK_MS = (25, 52)
# The M4B's edit list gives the length (ffprobe's AAC stream duration, within 2 ms of the timeline:
# ffmpeg 5.1's MP4 muxer trims a few dozen samples too many); ffmpeg's decoder still outputs the
# padding of the last 1024-sample AAC frame (< 23.3 ms at 44.1 kHz).
AAC_FRAME_MS = 1024 / 44.1


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("audio-course-out")
    result = build(COURSE, out, BuildOptions(formats=("mp3", "m4b"), split=True, audiobook=True, jobs=1))
    return result


def by_id(result, lesson_id):
    return next(e for e in result.episodes if e.lesson.id == lesson_id)


@pytest.mark.parametrize("lesson_id", ["pans", "rice"])
def test_mp3_loudness_format_and_tags(built, lesson_id):
    episode = by_id(built, lesson_id)
    mp3 = built.out_dir / episode.audio_file
    assert episode.mime_type == "audio/mpeg" and mp3.suffix == ".mp3"
    lufs, peak = encoder.measure_file(mp3)
    assert -17.0 <= lufs <= -15.0
    assert peak <= -1.0
    stream = probe(mp3, "-show_streams", "-select_streams", "a")["streams"][0]
    assert (stream["codec_name"], stream["sample_rate"], stream["channels"]) == ("mp3", "44100", 1)
    assert int(stream["bit_rate"]) == 64000
    assert mp3.read_bytes()[-128:-125] != b"TAG"  # no ID3v1
    read = tags.read_tags(mp3)
    assert read["id3_version"] == "2.3.0"
    assert read["title"] == episode.lesson.title
    assert read["album"] == "Světová kuchyně — Tiny Audio Course"
    assert read["track"] == f"{episode.lesson.number}/2"
    assert episode.files["m4b"].endswith(".m4b")


@pytest.mark.parametrize("lesson_id", ["pans", "rice"])
def test_mp3_chapters_through_mutagen_and_ffprobe(built, lesson_id):
    episode = by_id(built, lesson_id)
    mp3 = built.out_dir / episode.audio_file
    marks = tags.read_chapters(mp3)
    assert [m.title for m in marks] == TITLES[lesson_id]
    assert marks == episode.chapters
    check_chapters(marks, episode.duration_ms)  # first at 0, contiguous, none empty, last at the end
    # The decoded (gapless) audio lasts exactly the timeline; the last chapter ends there.
    assert abs(decoded_ms(mp3) - marks[-1].end_ms) <= 1
    assert probe_chapters(mp3) == [(m.title, m.start_ms, m.end_ms) for m in marks]
    low, high = MP3_CONTAINER_SLACK_MS
    assert low <= container_ms(mp3) - marks[-1].end_ms <= high
    # CHAP frames are stored in time order, after the CTOC.
    frames = [f.FrameID for f in ID3(str(mp3)).values()]
    ids = [f.element_id for f in ID3(str(mp3)).values() if f.FrameID == "CHAP"]
    assert ids == [f"chp{i}" for i in range(len(marks))]
    assert frames.index("CTOC") < frames.index("CHAP")


@pytest.mark.parametrize("lesson_id", ["pans", "rice"])
def test_m4b_chapters_loudness_and_tags(built, lesson_id):
    episode = by_id(built, lesson_id)
    m4b = built.out_dir / episode.files["m4b"]
    streams = probe(m4b, "-show_streams")["streams"]
    aac = next(s for s in streams if s["codec_type"] == "audio")
    assert (aac["codec_name"], aac["sample_rate"], aac["channels"]) == ("aac", "44100", 1)
    assert any(s.get("disposition", {}).get("attached_pic") == 1 for s in streams)
    assert probe_chapters(m4b) == [(m.title, m.start_ms, m.end_ms) for m in episode.chapters]
    assert abs(float(aac["duration"]) * 1000 - episode.duration_ms) <= 2  # edit list: the length, ±2 ms
    assert 0 <= decoded_ms(m4b) - episode.duration_ms <= AAC_FRAME_MS  # ffmpeg keeps the last frame's padding
    lufs, peak = encoder.measure_file(m4b)
    assert -17.0 <= lufs <= -15.0 and peak <= -1.0
    mp4 = MP4(str(m4b))
    assert mp4.tags["©nam"] == [episode.lesson.title]
    assert mp4.tags["trkn"] == [(episode.lesson.number, 2)]
    assert m4b.read_bytes()[8:12] == b"M4B "


def test_audiobook_has_every_section_under_its_lesson(built):
    book = built.out_dir / "svetova-kuchyne-tiny-audio-course.m4b"
    chapters = probe_chapters(book)
    pans, rice = by_id(built, "pans"), by_id(built, "rice")
    # MP4 chapters are flat: each lesson's first chapter is its title, the others "lesson - chapter"
    assert [c[0] for c in chapters] == [
        "Ελληνικά — Pans and pots",
        "Ελληνικά — Pans and pots - Ελληνικά pans",
        "Ελληνικά — Pans and pots - Čeština a pokličky",
        "日本語 — Rice",
        "日本語 — Rice - 日本語 rice",
        "日本語 — Rice - العربية spices",
    ]
    # lesson 1 (its chapters where the episode has them), a 2 s gap, lesson 2; contiguous from 0 to the end.
    assert chapters[0][1] == 0 and all(a[2] == b[1] for a, b in zip(chapters, chapters[1:]))
    rice_start = chapters[3][1]
    assert abs(rice_start - (pans.duration_ms + 2000)) <= 1
    assert [c[1] for c in chapters[:3]] == [m.start_ms for m in pans.chapters]
    assert [c[1] - rice_start for c in chapters[3:]] == [m.start_ms for m in rice.chapters]
    assert abs(chapters[-1][2] - rice_start - rice.duration_ms) <= 1
    aac = next(s for s in probe(book, "-show_streams")["streams"] if s["codec_type"] == "audio")
    assert abs(float(aac["duration"]) * 1000 - chapters[-1][2]) <= 2
    lufs, peak = encoder.measure_file(book)
    assert -17.0 <= lufs <= -15.0 and peak <= -1.0


def test_split_files_one_per_chapter_with_track_numbers(built):
    episode = by_id(built, "pans")
    folder = built.out_dir / "episodes" / "01-pans"
    files = sorted(folder.glob("*.mp3"))
    assert [f.name for f in files] == ["01-introduction.mp3", "02-pans.mp3", "03-cestina-a-poklicky.mp3"]
    assert [episode.files[f"split/{i:02d}"] for i in (1, 2, 3)] == [f"episodes/01-pans/{f.name}" for f in files]
    total = 0.0
    for i, (path, mark) in enumerate(zip(files, episode.chapters), 1):
        read = tags.read_tags(path)
        assert (read["title"], read["track"], read["album"]) == (mark.title, f"{i}/3", episode.lesson.title)
        length = decoded_ms(path)
        assert abs(length - (mark.end_ms - mark.start_ms)) <= 1
        total += length
    assert abs(total - episode.duration_ms) <= 1


def test_generated_cover_embedded_everywhere_and_in_the_feed(built):
    out = built.out_dir
    data = (out / "cover.png").read_bytes()
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.mode == "RGB"
        assert image.size[0] == image.size[1] and 1400 <= image.size[0] <= 3000
    for episode in built.episodes:
        apic = ID3(str(out / episode.audio_file)).getall("APIC")
        assert len(apic) == 1 and apic[0].data == data and apic[0].mime == "image/png"
        assert bytes(MP4(str(out / episode.files["m4b"])).tags["covr"][0]) == data
    feed = (out / "feed.xml").read_text(encoding="utf-8")
    assert '<itunes:image href="https://example.org/tiny/cover.png" />' in feed


def test_m4b_only_build_makes_the_m4b_the_enclosure(tmp_path):
    result = build(COURSE, tmp_path, BuildOptions(formats=("m4b",), jobs=1))
    episode = result.episodes[0]
    assert episode.audio_file.endswith(".m4b") and episode.mime_type == "audio/x-m4a"
    assert "mp3" not in episode.files and not list((tmp_path / "episodes").glob("*.mp3"))
    feed = (tmp_path / "feed.xml").read_text(encoding="utf-8")
    size = (tmp_path / episode.audio_file).stat().st_size
    assert f'length="{size}" type="audio/x-m4a"' in feed
