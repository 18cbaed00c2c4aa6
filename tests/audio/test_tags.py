"""Tests for narrate.audio.id3: ID3v2.3 tags, CHAP/CTOC chapters in time order, cover art."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from helpers import make_mp3, probe_chapters
from mutagen.id3 import ID3
from mutagen.mp3 import MP3
from PIL import Image

from narrate.audio.id3 import check_chapters, read_chapters, read_tags, write_tags
from narrate.errors import BuildError
from narrate.model import ChapterMark

pytestmark = pytest.mark.skipif(
    shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None, reason="needs ffmpeg and ffprobe"
)

DURATION_MS = 7000

CHAPTERS = [
    ChapterMark("Εισαγωγή", 0, 1250),
    ChapterMark("Příliš žluťoučký kůň", 1250, 2600),
    ChapterMark("はじめに", 2600, 4000),
    ChapterMark("مقدمة", 4000, 5555),
    ChapterMark("Wrap-up & quiz <answers>", 5555, 7000),
]


@pytest.fixture(scope="module")
def silent_mp3(tmp_path_factory) -> Path:
    return make_mp3(tmp_path_factory.mktemp("audio") / "silence.mp3", DURATION_MS / 1000, source="anullsrc")


@pytest.fixture
def mp3(silent_mp3, tmp_path) -> Path:
    path = tmp_path / "episode.mp3"
    shutil.copyfile(silent_mp3, path)
    return path


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (4, 3), (200, 30, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


def _write(path: Path, chapters=CHAPTERS, **kwargs) -> None:
    args = dict(
        title="Lesson 3: Tiling",
        album="Geometry Course",
        artist="Ada Example",
        track=3,
        track_total=12,
        chapters=chapters,
        duration_ms=DURATION_MS,
        date="2024-05-06",
        comment="Über alles",
    )
    args.update(kwargs)
    write_tags(path, **args)


def _syncsafe(b: bytes) -> int:
    return (b[0] << 21) | (b[1] << 14) | (b[2] << 7) | b[3]


def raw_frames(path: Path) -> tuple[bytes, list[tuple[str, bytes]]]:
    """Parse the ID3v2 tag by hand: (10-byte header, [(frame id, frame body)] in stored order).

    The tag size is syncsafe in both versions; a frame size is syncsafe in v2.4, a plain integer in v2.3.
    """
    data = path.read_bytes()
    header = data[:10]
    assert header[:3] == b"ID3"
    end = 10 + _syncsafe(header[6:10])
    frame_size = _syncsafe if header[3] == 4 else (lambda b: int.from_bytes(b, "big"))
    frames = []
    pos = 10
    while pos + 10 <= end and data[pos : pos + 4] != b"\x00\x00\x00\x00":
        frame_id = data[pos : pos + 4].decode("ascii")
        size = frame_size(data[pos + 4 : pos + 8])
        frames.append((frame_id, data[pos + 10 : pos + 10 + size]))
        pos += 10 + size
    return header, frames


def test_chapters_round_trip_with_mutagen_and_ffprobe(mp3):
    _write(mp3)
    assert read_chapters(mp3) == CHAPTERS
    assert probe_chapters(mp3) == [(c.title, c.start_ms, c.end_ms) for c in CHAPTERS]


def _utf16(text: str) -> bytes:
    """An ID3 text frame body in encoding 1: the byte, UTF-16 with its BOM (little-endian), a 2-byte NUL."""
    return b"\x01" + b"\xff\xfe" + text.encode("utf-16-le") + b"\x00\x00"


def test_tag_is_v23_utf16_without_id3v1(mp3):
    # ffmpeg's file may carry its own tag; make sure an old ID3v1 tag is removed too.
    with mp3.open("ab") as f:
        f.write(b"TAG" + b"x" * 125)
    _write(mp3)
    header, frames = raw_frames(mp3)
    assert header[3:5] == b"\x03\x00"  # ID3v2.3.0: plain frame sizes, which ffmpeg reads right
    assert mp3.read_bytes()[-128:-125] != b"TAG"
    text_frames = {fid: body for fid, body in frames if fid.startswith("T")}
    # encoding byte 1 = UTF-16 with BOM (v2.3 has no UTF-8), then the text and a terminating NUL
    assert text_frames["TIT2"] == _utf16("Lesson 3: Tiling")
    assert text_frames["TRCK"] == _utf16("3/12")
    assert text_frames["TALB"] == _utf16("Geometry Course")
    assert text_frames["TYER"] == _utf16("2024")
    assert text_frames["TDAT"] == _utf16("0605")  # DDMM
    assert ID3(str(mp3)).version == (2, 3, 0)
    # the audio is still there and decodable
    assert abs(MP3(str(mp3)).info.length - 7.0) < 0.1


def test_frames_stored_in_time_order(mp3):
    _write(mp3)
    _, frames = raw_frames(mp3)
    ids = [fid for fid, _ in frames]
    assert ids == [
        "TIT2",
        "TALB",
        "TPE1",
        "TRCK",
        "TYER",
        "TDAT",
        "TCON",
        "TLAN",
        "COMM",
        "CTOC",
        "CHAP",
        "CHAP",
        "CHAP",
        "CHAP",
        "CHAP",
    ]
    chap_ids = [body.split(b"\x00", 1)[0] for fid, body in frames if fid == "CHAP"]
    assert chap_ids == [b"chp0", b"chp1", b"chp2", b"chp3", b"chp4"]
    ctoc = next(body for fid, body in frames if fid == "CTOC")
    assert ctoc[:4] == b"toc\x00"
    assert ctoc[4] == 0x03  # TOP_LEVEL | ORDERED
    assert ctoc[5] == 5  # entry count
    assert ctoc[6:].split(b"\x00")[:5] == [b"chp0", b"chp1", b"chp2", b"chp3", b"chp4"]


def test_frame_order_survives_mutagen_size_sort(mp3):
    # Frame sizes shrink then grow: mutagen's own save() sorts by size and would reorder them.
    chapters = [
        ChapterMark("A much longer chapter title than all of the others here", 0, 1000),
        ChapterMark("B", 1000, 2000),
        ChapterMark("Medium title", 2000, 3000),
        ChapterMark("C", 3000, 5000),
        ChapterMark("Ω" * 40, 5000, 7000),
    ]
    # Control: plain mutagen really does reorder these frames.
    control = mp3.with_name("control.mp3")
    shutil.copyfile(mp3, control)
    _write(control, chapters=chapters)
    plain = ID3(str(control))
    plain.save(v1=0, v2_version=4)
    _, plain_frames = raw_frames(control)
    plain_order = [body.split(b"\x00", 1)[0] for fid, body in plain_frames if fid == "CHAP"]
    assert plain_order != [b"chp0", b"chp1", b"chp2", b"chp3", b"chp4"]

    _write(mp3, chapters=chapters)
    _, frames = raw_frames(mp3)
    order = [body.split(b"\x00", 1)[0] for fid, body in frames if fid == "CHAP"]
    assert order == [b"chp0", b"chp1", b"chp2", b"chp3", b"chp4"]
    starts = [int.from_bytes(body[5:9], "big") for fid, body in frames if fid == "CHAP"]
    assert starts == [0, 1000, 2000, 3000, 5000]
    assert read_chapters(mp3) == chapters
    assert probe_chapters(mp3) == [(c.title, c.start_ms, c.end_ms) for c in chapters]


def test_text_tags_round_trip(mp3):
    _write(mp3)
    assert read_tags(mp3) == {
        "title": "Lesson 3: Tiling",
        "album": "Geometry Course",
        "artist": "Ada Example",
        "track": "3/12",
        "date": "2024-05-06",
        "genre": "Podcast",
        "language": "eng",
        "comment": "Über alles",
        "id3_version": "2.3.0",
    }


def test_track_without_total_and_no_date(mp3):
    _write(mp3, track=7, track_total=None, date=None, comment="")
    tags = read_tags(mp3)
    assert tags["track"] == "7"
    assert "date" not in tags and "comment" not in tags


def test_cover_round_trips(mp3):
    png = _png()
    _write(mp3, cover=png, cover_mime="image/png")
    apic = ID3(str(mp3)).getall("APIC")
    assert len(apic) == 1
    assert apic[0].data == png and apic[0].mime == "image/png" and apic[0].type == 3
    _, frames = raw_frames(mp3)
    assert frames[-1][0] == "APIC"
    assert read_chapters(mp3) == CHAPTERS


def test_rewriting_replaces_old_tags(mp3):
    _write(mp3, cover=_png(), cover_mime="image/png")
    _write(mp3, title="Second", chapters=[ChapterMark("Only", 0, DURATION_MS)])
    assert read_tags(mp3)["title"] == "Second"
    assert read_chapters(mp3) == [ChapterMark("Only", 0, DURATION_MS)]
    assert ID3(str(mp3)).getall("APIC") == []


def test_read_chapters_without_ctoc_sorts_by_start(mp3):
    _write(mp3)
    tags = ID3(str(mp3))
    tags.delall("CTOC")
    tags.save(v1=0)
    assert read_chapters(mp3) == CHAPTERS


def test_untagged_file_has_no_chapters(silent_mp3, tmp_path):
    plain = tmp_path / "plain.mp3"
    shutil.copyfile(silent_mp3, plain)
    ID3().delete(str(plain))  # drop the encoder tag ffmpeg wrote
    assert plain.read_bytes()[:3] != b"ID3"
    assert read_chapters(plain) == []
    assert read_tags(plain) == {}


@pytest.mark.parametrize(
    ("chapters", "message"),
    [
        ([ChapterMark("a", 10, 7000)], "first chapter must start at 0 ms"),
        ([ChapterMark("a", 0, 3000), ChapterMark("b", 3100, 7000)], "previous chapter ends at 3000 ms"),
        ([ChapterMark("a", 0, 3000), ChapterMark("b", 2900, 7000)], "previous chapter ends at 3000 ms"),
        ([ChapterMark("a", 0, 0), ChapterMark("b", 0, 7000)], "empty or reversed"),
        ([ChapterMark("a", 0, 6000)], "ends at 6000 ms but the episode lasts 7000 ms"),
        ([ChapterMark("a", 0, 3000), ChapterMark(" ", 3000, 7000)], r"chapter 2 \(' '\) has no title"),
    ],
)
def test_bad_chapters_raise(mp3, chapters, message):
    before = mp3.read_bytes()
    with pytest.raises(ValueError, match=message):
        _write(mp3, chapters=chapters)
    assert mp3.read_bytes() == before


def test_bad_arguments_raise(mp3):
    with pytest.raises(ValueError, match="ISO 639-2"):
        _write(mp3, language="en")
    with pytest.raises(ValueError, match="cover MIME type"):
        _write(mp3, cover=b"GIF89a", cover_mime="image/gif")
    with pytest.raises(ValueError, match="bad track number"):
        _write(mp3, track=5, track_total=3)


def test_check_chapters_accepts_empty_and_exact():
    check_chapters([], 5000)
    check_chapters([ChapterMark("x", 0, 5000)], 5000)
    check_chapters([ChapterMark("x", 0, 5000)])


# Chapter titles whose TIT2 sub-frame is 128 bytes or more: ffmpeg reads a CHAP sub-frame's size as a
# plain integer, so in an ID3v2.4 tag (syncsafe sizes) it dropped these chapters (ffprobe listed only
# the short ones). Each case: a title, and the short title of the chapter after it.
LONG_TITLES = [
    ("a" * 125, "short"),  # 127-byte sub-frame in v2.4's UTF-8: listed before too
    ("a" * 126, "short"),  # 128 bytes in UTF-8: the first length ffmpeg dropped
    ("a" * 127, "short"),
    ("é" * 63, "short"),  # 126 UTF-8 bytes of text: dropped too
    ("Ω" * 300, "short"),
    ("word " * 60 + "end", "short"),
    ("中文标题" * 40, "short"),
]


@pytest.mark.parametrize(("title", "after"), LONG_TITLES)
def test_long_chapter_titles_listed_by_ffprobe(mp3, title, after):
    chapters = [ChapterMark(title, 0, 3000), ChapterMark(after, 3000, 7000)]
    _write(mp3, chapters=chapters)
    assert read_chapters(mp3) == chapters
    assert probe_chapters(mp3) == [(title, 0, 3000), (after, 3000, 7000)]


@pytest.mark.parametrize("size", [0x0800, 0x1000, 0x7F7F])
def test_a_tag_cut_short_names_why(tmp_path, size):
    cut = tmp_path / "cut.mp3"  # an ID3 header announcing more bytes than the file holds
    cut.write_bytes(b"ID3\x03\x00\x00" + size.to_bytes(4, "big") + b"TIT2" + b"\x00" * 20)
    with pytest.raises(BuildError) as info:
        read_chapters(cut)
    assert str(info.value) == f"{cut}: cannot read tags: the file ends inside its ID3 tag (cut short?)"
