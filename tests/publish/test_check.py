"""Tests for narrate.publish.check: a hand-built output folder passes; each broken thing gives one exact line.

The folder is made from the real parts (ffmpeg audio, narrate.audio.id3, narrate.publish.transcripts,
narrate.publish.feed), not from ``narrate build``, so that each test breaks exactly one thing.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import decoded_ms, huge_png, make_mp3
from mutagen.id3 import ID3, TIT2
from PIL import Image

from narrate.audio.id3 import write_tags
from narrate.cli import main
from narrate.config import CourseConfig
from narrate.model import ChapterMark, CueTime, Episode, Lesson, Script, Section
from narrate.publish.check import Problem, check_output, check_srt, check_webvtt, publish_warnings
from narrate.publish.feed import render_feed
from narrate.publish.transcripts import to_json_chapters, to_srt, to_webvtt

pytestmark = [
    pytest.mark.skipif(
        shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None, reason="needs ffmpeg and ffprobe"
    ),
    pytest.mark.e2e,  # every check decodes each episode with ffmpeg (about 0.1 CPU-s a process)
]

CONFIG = CourseConfig(
    title="Knots for Sailors & <Climbers>",
    author="Maren Holt",
    description="Six short lessons on tying, dressing and untying knots.",
    language="en-gb",
    base_url="https://example.org/knots/",
    category=("Education", "How To"),
)
CUES = [
    CueTime("say", "Welcome to the bowline & its cousins.", 0, 900),
    CueTime("sentence", "", 900, 1200),
    CueTime("say", "A knot is only as good as the way it is dressed before loading.", 1200, 2100),
]
EPISODES = [("bowline", "01-bowline"), ("reef-knot", "02 nœud plat")]  # (lesson id, file stem): a space, non-ASCII


def chapters_for(duration_ms: int) -> list[ChapterMark]:
    return [
        ChapterMark("Opening & <rules>", 0, 1000),
        ChapterMark("Dressing", 1000, 2000),
        ChapterMark("Quiz", 2000, duration_ms),
    ]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("check") / "out"
    episodes_dir = out / "episodes"
    episodes_dir.mkdir(parents=True)
    Image.new("RGB", (1400, 1400), (20, 90, 160)).save(out / "cover.jpg", format="JPEG")
    episodes = []
    for number, (lesson_id, stem) in enumerate(EPISODES, start=1):
        mp3 = make_mp3(episodes_dir / f"{stem}.mp3", 3)
        duration_ms = round(decoded_ms(mp3))
        chapters = chapters_for(duration_ms)
        lesson = Lesson(
            id=lesson_id,
            title=f"Lesson {number}: Knots",
            number=number,
            sections=(Section("Opening"), Section("Dressing")),
        )
        write_tags(
            mp3,
            title=lesson.title,
            album=CONFIG.title,
            artist=CONFIG.author,
            track=number,
            track_total=len(EPISODES),
            chapters=chapters,
            duration_ms=duration_ms,
        )
        files = {"vtt": f"{stem}.vtt", "srt": f"{stem}.srt", "chapters": f"{stem}.chapters.json"}
        (episodes_dir / files["vtt"]).write_text(to_webvtt(CUES), encoding="utf-8")
        (episodes_dir / files["srt"]).write_text(to_srt(CUES), encoding="utf-8")
        (episodes_dir / files["chapters"]).write_text(to_json_chapters(chapters, title=lesson.title), encoding="utf-8")
        episodes.append(
            Episode(
                lesson=lesson,
                script=Script(lesson, ()),
                duration_ms=duration_ms,
                chapters=chapters,
                cue_times=CUES,
                audio_file=f"episodes/{stem}.mp3",
                audio_bytes=mp3.stat().st_size,
                files={k: f"episodes/{v}" for k, v in files.items()},
            )
        )
    (out / "feed.xml").write_text(render_feed(CONFIG, episodes, image_file="cover.jpg"), encoding="utf-8")
    return out


@pytest.fixture
def out(pristine, tmp_path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(pristine, copy)
    return copy


def lines(out: Path) -> list[str]:
    return [str(p) for p in check_output(out)]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    found = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return found[nth - 1]


# ---------------------------------------------------------------- the good folder


def test_clean_folder_passes(pristine):
    assert check_output(pristine) == []


def test_problem_str():
    assert str(Problem("out/feed.xml", 12, "bad")) == "Error: out/feed.xml:12: bad"
    assert str(Problem("out/feed.xml", None, "bad")) == "Error: out/feed.xml: bad"


# ---------------------------------------------------------------- folder and XML


def test_missing_folder(tmp_path):
    assert lines(tmp_path / "nope") == [f"Error: {tmp_path / 'nope'}: no such output folder (build the course first)"]


def test_missing_feed(tmp_path):
    assert lines(tmp_path) == [f"Error: {tmp_path / 'feed.xml'}: feed.xml not found (build the course first)"]


def test_malformed_xml(out):
    feed = out / "feed.xml"
    edit(feed, "</title>", "</titel>")
    line = line_of(feed, "</titel>")
    # expat points at the name of the mismatched end tag (0-based offset, shown 1-based)
    column = feed.read_text(encoding="utf-8").splitlines()[line - 1].index("titel>") + 1
    assert lines(out) == [f"Error: {feed}:{line}: not well-formed XML: mismatched tag (column {column})"]


def test_undefined_entity(out):
    feed = out / "feed.xml"
    edit(feed, "Maren Holt", "Maren&nbsp;Holt")
    line = line_of(feed, "Maren&nbsp;Holt")
    column = feed.read_text(encoding="utf-8").splitlines()[line - 1].index("&nbsp;") + 1
    assert lines(out) == [f"Error: {feed}:{line}: not well-formed XML: undefined entity (column {column})"]


def test_not_rss(out):
    feed = out / "feed.xml"
    edit(feed, ' version="2.0">', ' version="0.91">')
    assert lines(out) == [f'Error: {feed}:2: not an RSS 2.0 feed (expected <rss version="2.0"> with a <channel>)']


# ---------------------------------------------------------------- channel


def test_bad_category(out):
    feed = out / "feed.xml"
    edit(feed, 'text="Education"', 'text="Edukation"')
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, 'Edukation')}: channel: itunes:category 'Edukation' is not an Apple Podcasts category"
    ]


def test_bad_subcategory(out):
    feed = out / "feed.xml"
    edit(feed, 'text="How To"', 'text="Knitting"')
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, 'Knitting')}: channel: itunes:category 'Knitting' is not a subcategory of 'Education'"
    ]


def test_description_too_long(out):
    feed = out / "feed.xml"
    edit(feed, "Six short lessons", "é" * 2001)
    line = line_of(feed, "<description>ééé")
    assert lines(out) == [f"Error: {feed}:{line}: channel: <description> is 4040 bytes (at most 4000)"]


def test_channel_required_tags(out):
    feed = out / "feed.xml"
    edit(feed, "<itunes:author>Maren Holt</itunes:author>", "")
    edit(feed, "<itunes:explicit>false</itunes:explicit>", "<itunes:explicit>no</itunes:explicit>")
    edit(feed, "<language>en-gb</language>", "<language>English</language>")
    channel = line_of(feed, "<channel>")
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<language>')}: channel: <language> 'English' is not an ISO 639 code",
        f"Error: {feed}:{channel}: channel: missing or empty <itunes:author>",
        f"Error: {feed}:{line_of(feed, '<itunes:explicit>')}: channel: itunes:explicit must be 'true' or 'false', not 'no'",
    ]


def test_image_url_not_absolute(out):
    feed = out / "feed.xml"
    edit(feed, '<itunes:image href="https://example.org/knots/cover.jpg"', '<itunes:image href="cover.jpg"')
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<itunes:image')}: channel: itunes:image href "
        "'cover.jpg' is not an absolute http(s) URL"
    ]


def test_missing_cover_file(out):
    (out / "cover.jpg").unlink()
    feed = out / "feed.xml"
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<itunes:image')}: channel: itunes:image file not found: cover.jpg"
    ]


@pytest.mark.parametrize(
    "size, mode, fmt, messages",
    [
        ((1400, 1500), "RGB", "JPEG", ["artwork is 1400×1500 px; it must be square"]),
        ((1000, 1000), "RGB", "JPEG", ["artwork is 1000×1000 px; it must be 1400-3000 px on each side"]),
        ((3001, 3001), "RGB", "JPEG", ["artwork is 3001×3001 px; it must be 1400-3000 px on each side"]),
        ((1400, 1400), "CMYK", "JPEG", ["artwork colour mode is CMYK; Apple Podcasts needs RGB"]),
        (
            (1400, 1400),
            "RGB",
            "GIF",
            ["artwork is GIF; Apple Podcasts needs JPEG or PNG", "artwork colour mode is P; Apple Podcasts needs RGB"],
        ),
    ],
)
def test_bad_artwork(out, size, mode, fmt, messages):
    Image.new(mode, size).save(out / "cover.jpg", format=fmt)
    assert lines(out) == [f"Error: {out / 'cover.jpg'}: {m}" for m in messages]


def test_artwork_that_is_a_decompression_bomb(out):
    (out / "cover.jpg").write_bytes(huge_png(40000, 40000))
    too_large = f"image is too large to read safely (1,600,000,000 pixels; at most {Image.MAX_IMAGE_PIXELS:,})"
    assert lines(out) == [f"Error: {out / 'cover.jpg'}: artwork: {too_large}"]


def test_artwork_not_an_image(out):
    (out / "cover.jpg").write_bytes(b"not an image")
    assert lines(out) == [f"Error: {out / 'cover.jpg'}: artwork is not a readable image"]


# ---------------------------------------------------------------- items and enclosures


def test_wrong_enclosure_length(out):
    feed = out / "feed.xml"
    size = (out / "episodes" / "01-bowline.mp3").stat().st_size
    edit(feed, f'length="{size}"', f'length="{size + 1}"')
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<enclosure')}: item 1: enclosure length {size + 1} "
        f"but episodes/01-bowline.mp3 is {size} bytes"
    ]


def test_missing_enclosure_file(out):
    (out / "episodes" / "02 nœud plat.mp3").unlink()
    feed = out / "feed.xml"
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<enclosure', 2)}: item 2: enclosure file not found: episodes/02 nœud plat.mp3"
    ]


def test_wrong_enclosure_type(out):
    feed = out / "feed.xml"
    edit(feed, 'type="audio/mpeg"', 'type="audio/x-m4a"')
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<enclosure')}: item 1: enclosure type 'audio/x-m4a' "
        "does not match episodes/01-bowline.mp3 (audio/mpeg)"
    ]


def test_enclosure_url_not_encoded(out):
    feed = out / "feed.xml"
    edit(feed, "02%20n%C5%93ud%20plat.mp3", "02 nœud plat.mp3")
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<enclosure', 2)}: item 2: enclosure url "
        "'https://example.org/knots/episodes/02 nœud plat.mp3' is not percent-encoded"
    ]


def test_wrong_duration(out):
    feed = out / "feed.xml"
    edit(feed, "<itunes:duration>3</itunes:duration>", "<itunes:duration>5</itunes:duration>")
    actual = round(decoded_ms(out / "episodes" / "01-bowline.mp3")) / 1000
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<itunes:duration>')}: item 1: itunes:duration 5 s "
        f"but episodes/01-bowline.mp3 lasts {actual:.3f} s"
    ]


def test_dates_must_increase(out):
    feed = out / "feed.xml"
    first = feed.read_text(encoding="utf-8").split("<pubDate>")[1].split("</pubDate>")[0]
    second = feed.read_text(encoding="utf-8").split("<pubDate>")[2].split("</pubDate>")[0]
    edit(feed, f"<pubDate>{second}</pubDate>", f"<pubDate>{first}</pubDate>")
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<pubDate>', 2)}: item 2: pubDate is not later than "
        "item 1's (dates must increase in lesson order)"
    ]


def test_bad_date_and_duplicate_guid(out):
    feed = out / "feed.xml"
    text = feed.read_text(encoding="utf-8")
    guid = text.split('<guid isPermaLink="false">')[1].split("</guid>")[0]
    second = text.split('<guid isPermaLink="false">')[2].split("</guid>")[0]
    edit(feed, second, guid)
    edit(feed, "<pubDate>", "<pubDate>next Tuesday</pubDate><x>")
    edit(feed, "</pubDate>\n", "</x>\n")
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<pubDate>')}: item 1: pubDate 'next Tuesday' is not an RFC 2822 date with a zone",
        f"Error: {feed}:{line_of(feed, '<guid', 2)}: item 2: guid '{guid}' is also item 1's",
    ]


def test_no_items(out):
    feed = out / "feed.xml"
    text = feed.read_text(encoding="utf-8")
    feed.write_text(text[: text.index("    <item>")] + "  </channel>\n</rss>\n", encoding="utf-8")
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<channel>')}: the channel has no <item> (a podcast needs at least one episode)"
    ]


# ---------------------------------------------------------------- chapters


def test_chapters_out_of_order(out):
    mp3 = out / "episodes" / "01-bowline.mp3"
    tags = ID3(str(mp3))
    toc = tags.getall("CTOC")[0]
    toc.child_element_ids = ["chp1", "chp0", "chp2"]
    length_before = mp3.stat().st_size
    tags.save(str(mp3), v2_version=4)
    assert mp3.stat().st_size == length_before  # padding absorbs the change: only the order is wrong
    chapters = out / "episodes" / "01-bowline.chapters.json"
    assert lines(out) == [
        f"Error: {mp3}: chapter 1 ('Dressing') starts at 1000 ms; the first chapter must start at 0 ms",
        f"Error: {chapters}: chapter 1 ('Opening & <rules>' at 0 ms) differs from the MP3's ('Dressing' at 1000 ms)",
        f"Error: {chapters}: chapter 2 ('Dressing' at 1000 ms) differs from the MP3's ('Opening & <rules>' at 0 ms)",
    ]


def test_last_chapter_short_of_the_audio(out):
    mp3 = out / "episodes" / "01-bowline.mp3"
    tags = ID3(str(mp3))
    real = tags.getall("CHAP")[2].end_time
    for frame in tags.getall("CHAP"):
        if frame.element_id == "chp2":
            frame.end_time = real - 51
    length_before = mp3.stat().st_size
    tags.save(str(mp3), v2_version=4)
    assert mp3.stat().st_size == length_before  # padding absorbs the change: only the chapter is wrong
    assert lines(out) == [f"Error: {mp3}: the last chapter ends at {real - 51} ms but the audio lasts {real} ms"]


# A chapter title in the MP3 and the JSON chapters, the ID3 version the tag is saved in, and whether
# ffprobe misses the chapter: ffmpeg reads a CHAP sub-frame's size as a plain integer, which a v2.4
# (syncsafe) size of 128 bytes or more is not.
UNLISTED_CHAPTERS = [
    ("a" * 125, 4, False),  # TIT2 frame of 127 bytes (UTF-8): listed
    ("a" * 126, 4, True),  # 128 bytes: dropped by ffmpeg
    ("é" * 63, 4, True),
    ("a" * 126, 3, False),  # narrate's own tags: v2.3, plain sizes
    ("Ω" * 300, 3, False),
]


@pytest.mark.parametrize(("title", "version", "unlisted"), UNLISTED_CHAPTERS)
def test_a_chapter_ffprobe_does_not_list_is_reported(out, title, version, unlisted):
    mp3 = out / "episodes" / "01-bowline.mp3"
    tags = ID3(str(mp3))
    chapter = next(f for f in tags.getall("CHAP") if f.element_id == "chp1")
    chapter.sub_frames.setall("TIT2", [TIT2(encoding=3, text=[title])])
    tags.save(str(mp3), v2_version=version)
    edit(out / "episodes" / "01-bowline.chapters.json", '"title": "Dressing"', '"title": ' + json.dumps(title))
    start = chapter.start_time
    size = 1 + len(title.encode()) + 1  # UTF-8: the encoding byte, the text, its terminator
    expected = [
        f"Error: {mp3}: chapter 2 ('{title}' at {start} ms) has a title frame of {size} bytes in an ID3v2.4 tag, "
        "which ffmpeg misreads: players built on ffmpeg will not list it (rebuild to write ID3v2.3)"
    ]
    assert lines(out) == (expected if unlisted else [])
    probed = subprocess.run(
        ["ffprobe", "-v", "error", "-show_chapters", "-of", "json", str(mp3)],
        capture_output=True,
        text=True,
        check=True,
    )
    titles = [c.get("tags", {}).get("title") for c in json.loads(probed.stdout)["chapters"]]
    assert (title not in titles) == unlisted  # what check predicts is what ffprobe does


def test_json_chapters_differ(out):
    chapters = out / "episodes" / "02 nœud plat.chapters.json"
    edit(chapters, '"startTime": 1.0,', '"startTime": 1.002,')
    assert lines(out) == [
        f"Error: {chapters}: chapter 2 ('Dressing' at 1002 ms) differs from the MP3's ('Dressing' at 1000 ms)"
    ]


def test_json_chapters_invalid(out):
    chapters = out / "episodes" / "01-bowline.chapters.json"
    chapters.write_text('{"version": "1.2.0",\n "chapters": [\n', encoding="utf-8")
    assert lines(out) == [f"Error: {chapters}:3: not a JSON chapters file: Expecting value: line 3 column 1 (char 36)"]


def test_missing_json_chapters(out):
    (out / "episodes" / "01-bowline.chapters.json").unlink()
    feed = out / "feed.xml"
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, '<podcast:chapters')}: item 1: podcast:chapters file "
        "not found: episodes/01-bowline.chapters.json"
    ]


# ---------------------------------------------------------------- transcripts


def test_bad_vtt_timestamp(out):
    vtt = out / "episodes" / "01-bowline.vtt"
    edit(vtt, "00:00:00.000 -->", "0:00:00.000 -->")
    assert lines(out) == [f"Error: {vtt}:4: malformed timestamp '0:00:00.000' (expected HH:MM:SS.mmm)"]


def test_missing_transcript(out):
    (out / "episodes" / "02 nœud plat.srt").unlink()
    feed = out / "feed.xml"
    assert lines(out) == [
        f"Error: {feed}:{line_of(feed, 'application/x-subrip', 2)}: item 2: podcast:transcript "
        "file not found: episodes/02 nœud plat.srt"
    ]


def test_vtt_blank_line_inside_cue(out):
    vtt = out / "episodes" / "01-bowline.vtt"
    edit(vtt, "A knot is only as good as the\n", "A knot is only as good as the\n\n")  # lines are balanced
    assert lines(out) == [f"Error: {vtt}:11: text outside a cue (is there a blank line inside the cue above?)"]


def test_srt_blank_line_inside_cue(out):
    srt = out / "episodes" / "01-bowline.srt"
    edit(srt, "Welcome to the bowline & its cousins.\n", "Welcome to the bowline\n\n& its cousins.\n")
    assert lines(out) == [
        f"Error: {srt}:5: expected cue number 2, found '& its cousins.' (is there a blank line inside the cue above?)"
    ]


def test_webvtt_rules():
    good = to_webvtt(CUES)
    assert good.splitlines()[:4] == ["WEBVTT", "", "1", "00:00:00.000 --> 00:00:00.900"]
    assert check_webvtt(good) == []
    assert (
        check_webvtt(
            "\ufeffWEBVTT - knots\n\nNOTE a comment\n\n00:00:01.000 --> 00:00:02.000 align:start\n"
            "<v Maren>Hi &amp; <i>bye</i> &lt;3\n"
        )
        == []
    )
    assert check_webvtt("WEBVT\n") == [(1, "WebVTT file must start with 'WEBVTT'")]
    assert check_webvtt("") == [(1, "WebVTT file must start with 'WEBVTT'")]
    backwards = "WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nB\n\n00:00:01.000 --> 00:00:01.500\nA\n"
    assert check_webvtt(backwards) == [(6, "cue starts before the previous cue (cues go backwards)")]
    reversed_cue = "WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nB\n"
    assert check_webvtt(reversed_cue) == [(3, "cue ends before it starts or lasts no time")]
    assert check_webvtt("WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nB\n") == [
        (3, "text outside a cue (is there a blank line inside the cue above?)")
    ]
    assert check_webvtt("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.00\nB\n") == [
        (4, "malformed timestamp '00:00:02.00' (expected HH:MM:SS.mmm)")
    ]
    assert check_webvtt("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nSalt & pepper\n1 < 2\n") == [
        (4, "unescaped '&' in cue text (write &amp;)"),
        (5, "unescaped '<' in cue text (write &lt;)"),
    ]


def test_srt_rules():
    good = to_srt(CUES)
    assert good.splitlines()[:3] == ["1", "00:00:00,000 --> 00:00:00,900", "Welcome to the bowline & its cousins."]
    assert check_srt(good) == []
    assert check_srt("") == []
    assert check_srt("2\n00:00:00,000 --> 00:00:01,000\nHi\n") == [
        (1, "expected cue number 1, found '2' (is there a blank line inside the cue above?)")
    ]
    assert check_srt("1\n00:00:00.000 --> 00:00:01.000\nHi\n") == [
        (2, "malformed timestamp '00:00:00.000' (expected HH:MM:SS,mmm)")
    ]
    assert check_srt("1\n00:00:00,000 --> 00:00:01,000\n") == [(1, "cue 1 has no timing line or no text")]
    backwards = "1\n00:00:05,000 --> 00:00:06,000\nB\n\n2\n00:00:01,000 --> 00:00:02,000\nA\n"
    assert check_srt(backwards) == [(6, "cue starts before the previous cue (cues go backwards)")]


# ---------------------------------------------------------------- CLI


def test_cli_check_ok(pristine):
    result = CliRunner().invoke(main, ["check", str(pristine)])
    assert (result.exit_code, result.output) == (0, f"{pristine}: OK\n")


def test_cli_check_fails(out):
    (out / "episodes" / "02 nœud plat.mp3").unlink()
    feed = out / "feed.xml"
    result = CliRunner().invoke(main, ["check", str(out)])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: {feed}:{line_of(feed, '<enclosure', 2)}: item 2: enclosure file not found: episodes/02 nœud plat.mp3\n"
    )


# ---------------------------------------------------------------- before publishing: where the feed points

LOCAL = (
    "which podcast apps cannot reach; before publishing, build with --base-url set to the https address it will "
    "be published at"
)
PLAIN = "over plain http, which Apple Podcasts and most podcast apps refuse; before publishing, build with an https --base-url"


@pytest.mark.parametrize(
    "base, expected",
    [
        ("http://localhost:8000/", [f"the feed points at http://localhost:8000/ (this machine), {LOCAL}"]),
        ("http://127.0.0.1:8000/knots/", [f"the feed points at http://127.0.0.1:8000/ (this machine), {LOCAL}"]),
        ("http://[::1]:8000/", [f"the feed points at http://[::1]:8000/ (this machine), {LOCAL}"]),
        ("http://192.168.1.20:8000/", [f"the feed points at http://192.168.1.20:8000/ (a local network), {LOCAL}"]),
        ("https://studio.local/knots/", [f"the feed points at https://studio.local/ (a local network), {LOCAL}"]),
        ("http://example.org/knots/", [f"the feed points at http://example.org/ {PLAIN}"]),
        ("https://example.org/knots/", []),
    ],
)
def test_a_feed_on_a_preview_address_or_plain_http_is_warned_about(out, base, expected):
    feed = out / "feed.xml"
    edit(feed, "https://example.org/knots/", base, count=-1)
    warned = publish_warnings(out)
    assert [(w.level, w.file, w.line, w.message) for w in warned] == [
        ("Warning", str(feed), line_of(feed, "<atom:link"), message) for message in expected
    ]


def test_narrate_check_passes_a_feed_at_localhost_with_a_warning(out):
    # issue 28: "narrate check says OK to a feed whose every URL is http://localhost:8000/"
    feed = out / "feed.xml"
    edit(feed, "https://example.org/knots/", "http://localhost:8000/", count=-1)
    assert check_output(out) == []  # a directory would take it: a warning, not an error
    result = CliRunner().invoke(main, ["check", str(out)])
    assert (result.exit_code, result.stdout) == (0, f"{out}: OK\n")
    assert result.stderr == (
        f"Warning: {feed}:{line_of(feed, '<atom:link')}: the feed points at http://localhost:8000/ (this machine), "
        f"{LOCAL}\n"
    )
    document = json.loads(CliRunner().invoke(main, ["check", str(out), "--json"]).stdout)
    assert (document["problems"], len(document["warnings"])) == ([], 1)
    strict = CliRunner().invoke(main, ["check", str(out), "--strict"])  # CI can fail a feed not yet at its host
    assert (strict.exit_code, strict.stdout) == (1, "")
    assert strict.stderr == result.stderr.replace("Warning: ", "Error: ", 1)
    strict_json = CliRunner().invoke(main, ["check", str(out), "--json", "--strict"])
    assert strict_json.exit_code == 1 and len(json.loads(strict_json.stdout)["warnings"]) == 1


def test_publish_warnings_of_a_folder_without_a_feed(tmp_path):
    assert publish_warnings(tmp_path) == []


# ---------------------------------------------------------------- Apple's required tags, one by one

APPLE_REQUIRED = [  # (the channel element, as a pattern, and what check says when it is gone)
    (r"<title>[^<]*</title>", "channel: missing or empty <title>"),
    (r"<description>.*?</description>", "channel: missing or empty <description>"),
    (r"<language>[^<]*</language>", "channel: missing or empty <language>"),
    (r"<itunes:explicit>[^<]*</itunes:explicit>", "channel: missing or empty <itunes:explicit>"),
    (r"<itunes:author>[^<]*</itunes:author>", "channel: missing or empty <itunes:author>"),
    (r"<itunes:image [^>]*/>", "channel: missing <itunes:image>"),
    (
        r'<itunes:category text="[^"]*">.*?</itunes:category>|<itunes:category [^>]*/>',
        "channel: missing <itunes:category>",
    ),
]


@pytest.mark.parametrize("pattern, message", APPLE_REQUIRED, ids=[m for _, m in APPLE_REQUIRED])
def test_each_apple_required_channel_tag_is_reported(out, pattern, message):
    feed = out / "feed.xml"
    text = feed.read_text(encoding="utf-8")
    channel_part = text[: text.index("<item>")]
    assert re.search(pattern, channel_part, re.S), pattern
    feed.write_text(
        re.sub(pattern, "", channel_part, count=1, flags=re.S) + text[len(channel_part) :], encoding="utf-8"
    )
    assert any(p.endswith(message) for p in lines(out)), lines(out)


@pytest.mark.parametrize(
    "tag, where, message",
    [
        (
            "<itunes:type>weekly</itunes:type>",
            "</itunes:author>",
            "channel: itunes:type must be 'episodic' or 'serial', not 'weekly'",
        ),
        (
            "<itunes:complete>yes</itunes:complete>",
            "</itunes:author>",
            "channel: itunes:complete must be 'Yes', not 'yes'",
        ),
        (
            "<itunes:owner><itunes:name>M</itunes:name></itunes:owner>",
            "</itunes:author>",
            "channel: itunes:owner needs an itunes:email, got none",
        ),
        ("<copyright> </copyright>", "</itunes:author>", "channel: <copyright> is empty"),
        (
            '<podcast:funding url="/donate">Support us</podcast:funding>',
            "</itunes:author>",
            "channel: podcast:funding url '/donate' is not an absolute http(s) URL",
        ),
        (
            '<podcast:person role="chef">Maren Holt</podcast:person>',
            "</itunes:author>",
            "channel: podcast:person role 'chef' is not in the Podcast Index taxonomy",
        ),
        ('<podcast:person role="host"></podcast:person>', "</itunes:author>", "channel: podcast:person has no name"),
        (
            "<podcast:locked>maybe</podcast:locked>",
            "</itunes:author>",
            "channel: podcast:locked must be 'yes' or 'no', not 'maybe'",
        ),
        (
            "<itunes:episodeType>teaser</itunes:episodeType>",
            "</guid>",
            "item 1: itunes:episodeType must be 'full' or 'trailer' or 'bonus', not 'teaser'",
        ),
        ("<itunes:season>0</itunes:season>", "</guid>", "item 1: itunes:season must be a whole number from 1, not '0'"),
        (
            "<itunes:explicit>clean</itunes:explicit>",
            "</guid>",
            "item 1: itunes:explicit must be 'true' or 'false', not 'clean'",
        ),
        (
            '<itunes:image href="https://example.org/knots/art.gif"/>',
            "</guid>",
            "item 1: itunes:image href must end in .jpg or .png (Apple Podcasts), not 'https://example.org/knots/art.gif'",
        ),
    ],
)
def test_show_and_episode_tags_are_validated(out, tag, where, message):
    feed = out / "feed.xml"
    edit(feed, where, where + tag)
    found = lines(out)
    assert any(p.endswith(message) for p in found), found


def test_valid_show_and_episode_tags_pass(out):
    feed = out / "feed.xml"
    edit(
        feed,
        "</itunes:author>",
        "</itunes:author><itunes:complete>Yes</itunes:complete><copyright>© 2026 Maren Holt</copyright>"
        "<itunes:owner><itunes:name>Maren Holt</itunes:name><itunes:email>maren@example.org</itunes:email></itunes:owner>"
        '<podcast:funding url="https://example.org/support">Support the course</podcast:funding>'
        '<podcast:person role="Narrator" href="https://example.org/maren">Maren Holt</podcast:person>',
    )
    edit(feed, "</guid>", "</guid><itunes:season>2</itunes:season><itunes:explicit>false</itunes:explicit>")
    assert lines(out) == []
