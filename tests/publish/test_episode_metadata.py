"""Per-episode podcast keys of a lesson (image, explicit, season, episode, episode_type, draft):
validated where they are written, put in the feed as Apple's tags, and passed by ``narrate check``."""

from __future__ import annotations

import logging
import shutil
import xml.etree.ElementTree as ET
from datetime import date

import pytest
from PIL import Image

from narrate import BuildOptions
from narrate.errors import ContentError
from narrate.pipeline import build
from narrate.publish.check import check_output
from narrate.text.readers import read_lesson

ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
BODY = "sections:\n  - title: Part\n    body: [One sentence.]\n"


@pytest.mark.parametrize(
    "keys, line, message",
    [
        ("season: 0\n", 2, "'season' must be a whole number from 1"),
        ("episode: two\n", 2, "'episode' must be a whole number from 1"),
        ("episode: true\n", 2, "'episode' must be a whole number from 1"),
        ("episode_type: teaser\n", 2, "'episode_type' must be one of full, trailer, bonus, not 'teaser'"),
        ("explicit: yes please\n", 2, "'explicit' must be true or false"),
        ("draft: 1\n", 2, "'draft' must be true or false"),
        ("image: art.gif\n", 2, "image must be a JPEG or PNG file (Apple Podcasts), not 'art.gif'"),
        ("image: missing.png\n", 2, "image not found: missing.png"),
        ("image: ../outside.png\n", 2, "image '../outside.png' must be a file beside the lesson"),
    ],
)
def test_bad_episode_keys_name_the_line(tmp_path, keys, line, message):
    path = tmp_path / "01-moon.yaml"
    path.write_text("title: Moon\n" + keys + BODY)
    with pytest.raises(ContentError) as caught:
        read_lesson(path)
    assert (caught.value.line, caught.value.problem) == (line, message)


@pytest.mark.parametrize("name", ["01-moon.yaml", "01-moon.md"])
def test_episode_keys_in_yaml_and_front_matter(tmp_path, name):
    Image.new("RGB", (1400, 1400), (0, 60, 120)).save(tmp_path / "moon.png")
    keys = "image: moon.png\nexplicit: true\nseason: 2\nepisode: 7\nepisode_type: trailer\ndraft: true\n"
    if name.endswith(".md"):
        text = f"---\n{keys}---\n# Moon\n\n## Part\n\nOne sentence.\n"
    else:
        text = "title: Moon\n" + keys + BODY
    (tmp_path / name).write_text(text)
    lesson = read_lesson(tmp_path / name)
    assert (lesson.image, lesson.explicit, lesson.season, lesson.episode, lesson.episode_type, lesson.draft) == (
        tmp_path / "moon.png",
        True,
        2,
        7,
        "trailer",
        True,
    )


@pytest.mark.e2e  # a build with ffmpeg: left out by scripts/test.sh --fast
@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")
def test_feed_tags_drafts_and_check(tmp_path, fakes, capsys, caplog):
    content = tmp_path / "course"
    (content / "lessons").mkdir(parents=True)
    (content / "course.yaml").write_text(
        "title: Tides\nauthor: Shore Tutors\nbase_url: https://example.org/tides/\nstart_date: 2026-03-02\n"
        "voice:\n  engine: fake\n"
    )
    (content / "lessons" / "art").mkdir()  # images live in a subfolder: lessons/ itself holds only lessons
    Image.new("RGB", (300, 300), (0, 60, 120)).save(content / "lessons" / "art" / "moon.png")
    (content / "lessons" / "01-trailer.yaml").write_text(
        "title: Welcome\nimage: art/moon.png\nexplicit: true\nseason: 2\nepisode_type: trailer\n" + BODY
    )
    (content / "lessons" / "02-moon.yaml").write_text("title: Moon\nseason: 2\nepisode: 1\n" + BODY)
    (content / "lessons" / "03-waves.yaml").write_text("title: Waves\ndraft: true\n" + BODY)
    out = tmp_path / "out"
    result = build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("Warning:")]
    assert warnings == [
        f"Warning: {content / 'lessons' / 'art' / 'moon.png'}: cover is 300×300 px: upscaled to 1400×1400 (under 1400 px: "
        "it will look blurry); give a square image of 1400–3000 px"
    ]
    assert result.scheduled == ()  # a draft is not "scheduled"
    channel = ET.parse(out / "feed.xml").getroot().find("channel")
    items = channel.findall("item")
    assert [i.findtext("title") for i in items] == ["Welcome", "Moon"]  # the draft is not in the feed
    first, second = items
    assert [first.findtext(f"{ITUNES}{t}") for t in ("episodeType", "season", "explicit", "episode")] == [
        "trailer",
        "2",
        "true",
        "1",
    ]
    assert [second.findtext(f"{ITUNES}{t}") for t in ("episodeType", "season", "episode")] == ["full", "2", "1"]
    assert second.find(f"{ITUNES}explicit") is None  # the course's applies
    image = first.find(f"{ITUNES}image").get("href")
    assert image.startswith("https://example.org/tides/episodes/01-trailer.") and image.endswith(".image.png")
    with Image.open(out / image.removeprefix("https://example.org/tides/")) as art:
        assert art.size == (1400, 1400)
    index = (out / "index.html").read_text()
    assert index.count("Draft: not in the feed") == 1
    assert (out / "episodes" / "03-waves.html").is_file()
    assert check_output(out) == []
    # a published episode made a draft leaves the feed, with a warning (podcast apps drop it)
    (content / "lessons" / "02-moon.yaml").write_text("title: Moon\nseason: 2\nepisode: 1\ndraft: true\n" + BODY)
    with caplog.at_level(logging.WARNING, logger="narrate"):
        build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 2))
    assert [r.getMessage() for r in caplog.records if "draft" in r.getMessage()] == [
        f"{content / 'lessons' / '02-moon.yaml'}: published episode 'Moon' is now a draft: it leaves the feed, "
        "and podcast apps drop it"
    ]
    items = ET.parse(out / "feed.xml").getroot().find("channel").findall("item")
    assert [i.findtext("title") for i in items] == ["Welcome"]
