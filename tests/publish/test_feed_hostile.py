"""A course of hostile text, built for real, gives a feed every podcast app accepts.

Ampersands, angle brackets, quotes, control characters, HTML entities, Greek and Japanese text,
spaces and accents in file names and in the base URL, three lessons with the same title and date.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import feedparser
import podcastparser
import pytest
from lxml import etree

from narrate.pipeline import build
from narrate.publish.check import check_output

pytestmark = pytest.mark.e2e  # a real build of the hostile course: left out by scripts/test.sh --fast

COURSE = Path(__file__).parent.parent / "fixtures" / "hostile_course"
NS = {"podcast": "https://podcastindex.org/namespace/1.0", "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile out")
    return build(COURSE, out)


def test_passes_narrate_check(built):
    assert [str(p) for p in check_output(built.out_dir)] == []


def test_feedparser_reads_it_without_bozo(built):
    parsed = feedparser.parse(built.feed_file.read_bytes())
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.feed.title == 'Ωκεανός & <Tides> "Course"'
    assert parsed.feed.author == "Zoë Ångström & Sons <press>"
    assert [e.title for e in parsed.entries] == [
        'Marées & <Vagues> "1"',
        'Marées & <Vagues> "2"',
        'Marées & <Vagues> "3"',
    ]


def test_podcastparser_keeps_every_item_distinct(built):
    with open(built.feed_file, "rb") as fh:
        feed = podcastparser.parse("https://example.org/feed.xml", fh)
    episodes = feed["episodes"]
    assert len(episodes) == 3
    assert len({e["guid"] for e in episodes}) == 3
    assert len({e["published"] for e in episodes}) == 3
    for item in episodes:
        enclosure = item["enclosures"][0]
        assert enclosure["url"].startswith("https://example.org/tides%20&%20waves/episodes/")
        local = built.out_dir / enclosure["url"].split("/tides%20&%20waves/", 1)[1]
        assert enclosure["file_size"] == local.stat().st_size


def test_text_round_trips_and_control_characters_are_gone(built):
    root = etree.fromstring(built.feed_file.read_bytes())
    channel = root.find("channel")
    description = channel.findtext("description")
    # the description is HTML: its plain text is escaped exactly once (& < > as references)
    assert description == "Waves\u00a0and tides &amp; currents pasted from a PDF. 日本語のテキスト. Ε &lt; Ω &gt; α."
    pub_dates = [i.findtext("pubDate") for i in channel.findall("item")]
    assert pub_dates == [
        "Mon, 02 Feb 2026 06:00:00 +0000",
        "Mon, 02 Feb 2026 06:01:00 +0000",
        "Mon, 02 Feb 2026 06:02:00 +0000",
    ]
    for item in channel.findall("item"):
        assert item.find("podcast:chapters", NS).get("type") == "application/json+chapters"
        assert {t.get("type") for t in item.findall("podcast:transcript", NS)} == {"text/vtt", "application/x-subrip"}


def test_rebuild_gives_a_byte_identical_feed(built, tmp_path):
    copy = tmp_path / "again"
    shutil.copytree(built.out_dir, copy)
    again = build(COURSE, copy)
    assert again.feed_file.read_bytes() == built.feed_file.read_bytes()
