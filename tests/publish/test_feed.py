"""Tests for narrate.publish.feed: golden XML, parsing by podcastparser/feedparser/lxml, hostile text, determinism.

Regenerate the golden file with: ``NARRATE_UPDATE_GOLDEN=1 pytest tests/publish/test_feed.py``
"""

from __future__ import annotations

import html
import io
import os
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path

import feedparser
import podcastparser
import pytest
from helpers import sample_config
from lxml import etree

from narrate.config import CourseConfig, load_config
from narrate.errors import BuildError, ContentError
from narrate.model import ChapterMark, Episode, Lesson, Question, Script, Section
from narrate.publish.feed import (
    category_path,
    clean_text,
    course_guid,
    episode_description,
    episode_guid,
    podcast_guid,
    pub_date,
    pub_dates,
    render_feed,
    truncate_bytes,
    with_new_feed_url,
)

GOLDEN = Path(__file__).parent.parent / "fixtures" / "feed" / "golden_feed.xml"
NS = {
    "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
    "podcast": "https://podcastindex.org/namespace/1.0",
    "content": "http://purl.org/rss/1.0/modules/content/",
    "atom": "http://www.w3.org/2005/Atom",
}


def make_episode(
    lesson: Lesson,
    *,
    duration_ms=61_499,
    audio_file=None,
    audio_bytes=123_456,
    mime_type="audio/mpeg",
    files=None,
    bonus=False,
    chapters=(),
) -> Episode:
    return Episode(
        lesson=lesson,
        script=Script(lesson=lesson, cues=()),
        duration_ms=duration_ms,
        chapters=list(chapters),
        cue_times=[],
        audio_file=audio_file or f"episodes/{lesson.number:02d}-{lesson.id}.mp3",
        audio_bytes=audio_bytes,
        mime_type=mime_type,
        files=files if files is not None else {},
        bonus=bonus,
    )


def three_episodes() -> list[Episode]:
    q = Question(
        prompt="Which body pulls hardest on the oceans?", answers=("The Moon",), options=("The Sun", "The Moon")
    )
    l1 = Lesson(
        id="why-tides",
        title="Why Tides Happen",
        number=1,
        subtitle="Gravity, distance and a spinning Earth",
        summary="We follow the pull of the Moon around the planet.",
        sections=(Section("Two Bulges"), Section("The Sun's Share")),
        quiz=(q, q, q),
    )
    l2 = Lesson(
        id="springs-neaps",
        title="Springs & Neaps",
        number=2,
        date="2026-03-10",
        sections=(Section("Lining Up"),),
        quiz=(q,),
    )
    l3 = Lesson(id="review-1", title="Review: Reading a Tide Table", number=3)
    return [
        make_episode(
            l1,
            duration_ms=754_500,
            audio_bytes=6_036_480,
            chapters=[
                ChapterMark("Introduction", 0, 12_400),
                ChapterMark("Two Bulges", 12_400, 301_000),
                ChapterMark("The Sun's Share", 301_000, 612_999),
                ChapterMark("Quiz", 612_999, 754_500),
            ],
            files={
                "chapters": "episodes/01-why-tides.chapters.json",
                "vtt": "episodes/01-why-tides.vtt",
                "srt": "episodes/01-why-tides.srt",
            },
        ),
        make_episode(
            l2,
            duration_ms=420_499,
            audio_bytes=3_364_001,
            mime_type="audio/x-m4a",
            audio_file="episodes/02 springs & neaps.m4a",
        ),
        make_episode(l3, duration_ms=999, audio_bytes=8_000, bonus=True),
    ]


def parse(xml: str) -> etree._Element:
    return etree.fromstring(xml.encode("utf-8"))


# ---------------------------------------------------------------- golden


def test_golden_feed():
    xml = render_feed(sample_config(), three_episodes(), image_file="cover art/Côte.jpg")
    if os.environ.get("NARRATE_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_bytes(xml.encode("utf-8"))
    assert xml.encode("utf-8") == GOLDEN.read_bytes()


def test_channel_elements():
    xml = render_feed(sample_config(), three_episodes(), image_file="cover art/Côte.jpg")
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<rss ')
    ch = parse(xml).find("channel")
    assert ch.findtext("title") == "Tidal Physics for Walkers"
    assert ch.findtext("link") == "https://example.org/tides/"
    assert ch.findtext("language") == "en-gb"
    assert ch.findtext("generator") == "narrate"
    assert ch.find("atom:link", NS).attrib == {
        "href": "https://example.org/tides/feed.xml",
        "rel": "self",
        "type": "application/rss+xml",
    }
    assert ch.find("itunes:image", NS).get("href") == "https://example.org/tides/cover%20art/C%C3%B4te.jpg"
    assert ch.findtext("image/url") == "https://example.org/tides/cover%20art/C%C3%B4te.jpg"
    cat = ch.find("itunes:category", NS)
    assert cat.get("text") == "Science"
    assert [c.get("text") for c in cat.findall("itunes:category", NS)] == ["Earth Sciences"]
    assert ch.findtext("itunes:explicit", namespaces=NS) == "false"
    assert ch.findtext("itunes:type", namespaces=NS) == "serial"
    assert ch.findtext("itunes:author", namespaces=NS) == "Orla Penhallow"
    # made from the course (title and author), not from the feed's URL: it stays when the feed moves
    assert ch.findtext("podcast:guid", namespaces=NS) == course_guid(sample_config())
    assert course_guid(sample_config()) == "05c7c565-703d-5184-aaa8-fbc513e46ac2"
    assert ch.find("podcast:locked", NS) is None
    assert ch.find("itunes:owner", NS) is None
    # lastBuildDate = newest pubDate: lesson 3 is scheduled start + 14 days.
    assert ch.findtext("lastBuildDate") == "Mon, 16 Mar 2026 06:00:00 +0000"


def test_items():
    ch = parse(render_feed(sample_config(), three_episodes())).find("channel")
    items = ch.findall("item")
    assert [i.findtext("title") for i in items] == [
        "Why Tides Happen",
        "Springs & Neaps",
        "Review: Reading a Tide Table",
    ]
    assert [i.findtext("pubDate") for i in items] == [
        "Mon, 02 Mar 2026 06:00:00 +0000",
        "Tue, 10 Mar 2026 06:00:00 +0000",
        "Mon, 16 Mar 2026 06:00:00 +0000",
    ]
    assert [i.find("enclosure").attrib for i in items] == [
        {"url": "https://example.org/tides/episodes/01-why-tides.mp3", "length": "6036480", "type": "audio/mpeg"},
        {
            "url": "https://example.org/tides/episodes/02%20springs%20%26%20neaps.m4a",
            "length": "3364001",
            "type": "audio/x-m4a",
        },
        {"url": "https://example.org/tides/episodes/03-review-1.mp3", "length": "8000", "type": "audio/mpeg"},
    ]
    # 754.5 s rounds half up to 755; 420.499 s to 420; 0.999 s to 1.
    assert [i.findtext("itunes:duration", namespaces=NS) for i in items] == ["755", "420", "1"]
    assert [i.findtext("itunes:episode", namespaces=NS) for i in items] == ["1", "2", "3"]
    assert [i.findtext("itunes:episodeType", namespaces=NS) for i in items] == ["full", "full", "bonus"]
    assert all(i.find("itunes:season", NS) is None for i in items)
    guid = items[0].find("guid")
    assert guid.get("isPermaLink") == "false"
    assert guid.text == episode_guid(sample_config(), three_episodes()[0].lesson)
    assert items[0].findtext("description") == (
        "<p>Gravity, distance and a spinning Earth</p>"
        "<p>We follow the pull of the Moon around the planet.</p>"
        "<ul><li>00:00:00 Introduction</li><li>00:00:12 Two Bulges</li><li>00:05:01 The Sun's Share</li>"
        "<li>00:10:12 Quiz</li></ul>"
    )  # the chapters with their start times; an episode without chapters lists its sections and quiz:
    assert items[0].findtext("content:encoded", namespaces=NS) == items[0].findtext("description")
    assert items[1].findtext("description") == "<ul><li>Lining Up</li><li>Quiz: 1 question</li></ul>"
    assert items[2].findtext("description") == "<p>Review: Reading a Tide Table</p>"
    ch_el = items[0].find("podcast:chapters", NS)
    assert ch_el.attrib == {
        "url": "https://example.org/tides/episodes/01-why-tides.chapters.json",
        "type": "application/json+chapters",
    }
    assert [(t.get("url"), t.get("type"), t.get("rel")) for t in items[0].findall("podcast:transcript", NS)] == [
        ("https://example.org/tides/episodes/01-why-tides.vtt", "text/vtt", "captions"),
        ("https://example.org/tides/episodes/01-why-tides.srt", "application/x-subrip", "captions"),
    ]
    assert items[1].find("podcast:chapters", NS) is None
    assert items[1].findall("podcast:transcript", NS) == []


def test_optional_config_attributes():
    @dataclass(frozen=True)
    class Extended(CourseConfig):
        season: int | None = None
        locked: bool | None = None
        owner_email: str | None = None

    config = Extended(
        **{**sample_config().__dict__, "season": 2, "locked": True, "owner_email": "orla@example.org", "explicit": True}
    )
    ch = parse(render_feed(config, three_episodes())).find("channel")
    assert ch.findtext("podcast:locked", namespaces=NS) == "yes"
    assert ch.find("podcast:locked", NS).get("owner") == "orla@example.org"
    assert ch.findtext("itunes:owner/itunes:email", namespaces=NS) == "orla@example.org"
    assert ch.findtext("itunes:owner/itunes:name", namespaces=NS) == "Orla Penhallow"
    assert ch.findtext("itunes:explicit", namespaces=NS) == "true"
    assert [i.findtext("itunes:season", namespaces=NS) for i in ch.findall("item")] == ["2", "2", "2"]


def test_bonus_attribute_on_episode():
    eps = three_episodes()
    eps[0].bonus = True  # type: ignore[attr-defined]
    items = parse(render_feed(sample_config(), eps)).findall("channel/item")
    assert items[0].findtext("itunes:episodeType", namespaces=NS) == "bonus"


# ---------------------------------------------------------------- third-party parsers


def test_podcastparser_reads_every_item():
    eps = three_episodes()
    xml = render_feed(sample_config(), eps, image_file="cover.jpg")
    parsed = podcastparser.parse("https://example.org/tides/feed.xml", io.BytesIO(xml.encode("utf-8")))
    assert parsed["title"] == "Tidal Physics for Walkers"
    assert parsed["cover_url"] == "https://example.org/tides/cover.jpg"
    assert parsed["type"] == "serial"
    # podcastparser lists episodes newest first.
    got = sorted(parsed["episodes"], key=lambda e: e["published"])
    assert [e["title"] for e in got] == [e.lesson.title for e in eps]
    assert [e["enclosures"][0]["url"] for e in got] == [
        "https://example.org/tides/episodes/01-why-tides.mp3",
        "https://example.org/tides/episodes/02%20springs%20%26%20neaps.m4a",
        "https://example.org/tides/episodes/03-review-1.mp3",
    ]
    assert [e["enclosures"][0]["file_size"] for e in got] == [6_036_480, 3_364_001, 8_000]
    assert [e["total_time"] for e in got] == [755, 420, 1]
    assert [e["guid"] for e in got] == [episode_guid(sample_config(), e.lesson) for e in eps]
    assert got[0]["published"] == int(datetime(2026, 3, 2, 6, tzinfo=timezone.utc).timestamp())


def test_feedparser_is_not_bozo():
    xml = render_feed(sample_config(), three_episodes(), image_file="cover.jpg")
    parsed = feedparser.parse(xml.encode("utf-8"))
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.version == "rss20"
    assert len(parsed.entries) == 3
    assert parsed.entries[1].enclosures[0].length == "3364001"
    assert parsed.feed.podcast_guid == "05c7c565-703d-5184-aaa8-fbc513e46ac2"


# ---------------------------------------------------------------- hostile text


def hostile_episodes() -> list[Episode]:
    same = dict(title="Tom & Jerry <b>\"bold\"</b> 'q'", date="2026-04-01")
    lessons = [
        Lesson(
            id="a",
            number=1,
            summary="Fish&nbsp;&amp;&nbsp;chips\x0b from a PDF\x00 page\x1f.",
            sections=(Section('1 < 2 > 0 & "yes"'), Section("Ελληνικά και 日本語")),
            **same,
        ),
        Lesson(id="b", number=2, subtitle="Καλημέρα — こんにちは", **same),
        Lesson(id="c", number=3, **same),
        Lesson(id="d", number=4, title="Earlier\x0c date\x08 ※", date="2026-03-01"),
    ]
    names = ["épisodes/leçon un.mp3", "épisodes/leçon un.mp3".replace("un", "deux"), "日本/第三 回.mp3", "a+b/#1?.mp3"]
    return [make_episode(l, audio_file=n, audio_bytes=1000 + i) for i, (l, n) in enumerate(zip(lessons, names))]


def test_hostile_text_is_valid_and_round_trips():
    eps = hostile_episodes()
    xml = render_feed(sample_config(title="Curso «Mañana» & <Co>", author="Zoë\x01 Ō"), eps)
    assert not any(c in xml for c in "\x00\x01\x08\x0b\x0c\x1f")
    root = parse(xml)  # lxml raises on invalid XML
    ch = root.find("channel")
    assert ch.findtext("title") == "Curso «Mañana» & <Co>"
    assert ch.findtext("itunes:author", namespaces=NS) == "Zoë Ō"
    items = ch.findall("item")
    assert [i.findtext("title") for i in items] == ["Tom & Jerry <b>\"bold\"</b> 'q'"] * 3 + ["Earlier date ※"]
    guids = [i.findtext("guid") for i in items]
    assert len(set(guids)) == 4
    dates = [parsedate_to_datetime(i.findtext("pubDate")) for i in items]
    assert all(a < b for a, b in zip(dates, dates[1:]))
    assert [i.findtext("pubDate") for i in items] == [
        "Wed, 01 Apr 2026 06:00:00 +0000",
        "Wed, 01 Apr 2026 06:01:00 +0000",
        "Wed, 01 Apr 2026 06:02:00 +0000",
        "Wed, 01 Apr 2026 06:03:00 +0000",
    ]
    desc = items[0].findtext("description")
    assert desc == (
        "<p>Fish\u00a0&amp;\u00a0chips from a PDF page.</p><ul><li>1 &lt; 2 &gt; 0 &amp; "
        '"yes"</li><li>Ελληνικά και 日本語</li></ul>'
    )
    assert html.unescape(desc).count("Fish\u00a0&\u00a0chips from a PDF page.") == 1
    assert items[1].findtext("description") == "<p>Καλημέρα — こんにちは</p>"
    assert [i.find("enclosure").get("url") for i in items] == [
        "https://example.org/tides/%C3%A9pisodes/le%C3%A7on%20un.mp3",
        "https://example.org/tides/%C3%A9pisodes/le%C3%A7on%20deux.mp3",
        "https://example.org/tides/%E6%97%A5%E6%9C%AC/%E7%AC%AC%E4%B8%89%20%E5%9B%9E.mp3",
        "https://example.org/tides/a%2Bb/%231%3F.mp3",
    ]
    parsed = feedparser.parse(xml.encode("utf-8"))
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert [e.title for e in parsed.entries][3] == "Earlier date ※"
    pp = podcastparser.parse("https://example.org/tides/feed.xml", io.BytesIO(xml.encode("utf-8")))
    assert len(pp["episodes"]) == 4
    assert sorted(e["enclosures"][0]["file_size"] for e in pp["episodes"]) == [1000, 1001, 1002, 1003]


def test_clean_text():
    assert clean_text("a&nbsp;b &amp; c") == "a\u00a0b & c"
    assert clean_text("x\x00\x0b\x1fy\r\nz") == "xy\nz"
    assert clean_text("  Two\n\tlines\u00a0kept  ", single_line=True) == "Two lines\u00a0kept"
    assert clean_text(None) == ""


def test_descriptions_fit_4000_bytes_at_word_boundary():
    long = ("καλά " * 1000).strip()  # 5 UTF-8 bytes per word + space: ~10 kB
    cut = truncate_bytes(long)
    assert len(cut.encode("utf-8")) <= 4000
    assert cut.endswith("καλά…")
    ch = parse(render_feed(sample_config(description=long), three_episodes())).find("channel")
    assert len(ch.findtext("description").encode("utf-8")) <= 4000
    lesson = Lesson(id="x", title="X", summary="a&b " * 2000, sections=tuple(Section(f"Part {n}") for n in range(400)))
    notes = episode_description(lesson)
    assert len(notes.encode("utf-8")) <= 4000
    # The summary is cut at a word boundary; the outline fills what room is left.
    assert notes.startswith("<p>a&amp;b a&amp;b") and "a&amp;b…</p><ul><li>Part 0</li>" in notes
    assert notes.endswith("</li></ul>")


# ---------------------------------------------------------------- determinism, ids, dates


def test_render_is_deterministic_and_appending_keeps_items():
    config = sample_config()
    eps = three_episodes()
    assert render_feed(config, eps) == render_feed(config, three_episodes())
    before = parse(render_feed(config, eps)).findall("channel/item")
    extra = make_episode(Lesson(id="extra", title="Extra", number=4))
    after = parse(render_feed(config, eps + [extra])).findall("channel/item")
    key = lambda items: [(i.findtext("guid"), i.findtext("pubDate")) for i in items]  # noqa: E731
    assert key(after)[:3] == key(before)
    assert after[3].findtext("pubDate") == "Mon, 23 Mar 2026 06:00:00 +0000"


def test_guids():
    config = sample_config()
    lesson = Lesson(id="why-tides", title="Anything")
    assert episode_guid(config, lesson) == episode_guid(config, replace(lesson, title="Renamed"))
    assert episode_guid(config, lesson) != episode_guid(config, replace(lesson, id="other"))
    # Podcast Index namespace test vectors.
    assert podcast_guid("https://mp3s.nashownotes.com/pc20rss.xml") == "917393e3-1b1e-5cef-ace4-edaa54e1f810"
    assert podcast_guid("podnews.net/rss////") == "9b024349-ccf0-5f69-a609-6b82873eab3c"
    assert podcast_guid("https://podnews.net/rss/") == "9b024349-ccf0-5f69-a609-6b82873eab3c"


def test_pub_dates():
    config = sample_config(start_date="2026-01-05", schedule_days=3)
    plain = Lesson(id="p", title="P")
    assert pub_date(config, plain, 0) == datetime(2026, 1, 5, 6, tzinfo=timezone.utc)
    assert pub_date(config, plain, 2) == datetime(2026, 1, 11, 6, tzinfo=timezone.utc)
    assert pub_date(config, replace(plain, date="2025-12-31"), 5).isoformat() == "2025-12-31T06:00:00+00:00"
    got = pub_dates(config, [plain, replace(plain, date="2026-01-01"), plain])
    assert [d.isoformat() for d in got] == [
        "2026-01-05T06:00:00+00:00",
        "2026-01-05T06:01:00+00:00",
        "2026-01-11T06:00:00+00:00",
    ]
    with pytest.raises(ContentError, match="YYYY-MM-DD"):
        pub_date(config, replace(plain, date="5 Jan"), 0)


def test_categories():
    assert category_path(("Education", "Courses")) == ("Education", "Courses")
    assert category_path(("education", "how-to")) == ("Education", "How To")
    assert category_path(("Science",)) == ("Science",)
    assert category_path(("Science", "Cooking")) == ("Science",)
    assert category_path(("Games & Hobbies", "Other Games")) == ("Education", "Courses")
    assert category_path(()) == ("Education", "Courses")
    ch = parse(render_feed(sample_config(category=("Nonsense",)), three_episodes())).find("channel")
    assert ch.find("itunes:category", NS).get("text") == "Education"


def test_errors():
    eps = three_episodes()
    with pytest.raises(ContentError, match="two lessons have the id 'why-tides'"):
        render_feed(sample_config(), eps + [make_episode(eps[0].lesson)])
    eps[1].audio_file = ""
    with pytest.raises(BuildError, match="no audio file"):
        render_feed(sample_config(), eps)


def test_empty_feed_is_valid():
    xml = render_feed(sample_config(), [])
    parsed = feedparser.parse(xml.encode("utf-8"))
    assert parsed.bozo == 0
    assert parse(xml).findtext("channel/lastBuildDate") == "Mon, 02 Mar 2026 06:00:00 +0000"


@pytest.mark.parametrize(
    ("written", "link"),
    [
        ("https://example.org/about", "https://example.org/about"),  # a page: no "/" added
        ("https://example.org/about/", "https://example.org/about/"),
        ("https://example.org", "https://example.org"),
        ("https://example.org/café", "https://example.org/caf%C3%A9"),  # encoded, not moved
        (None, "https://example.org/tides/"),  # no link: the base URL, a folder
    ],
)
def test_the_channel_link_is_kept_as_written(tmp_path, written, link):
    course = "title: Tides\nbase_url: https://example.org/tides\n" + (f"link: {written}\n" if written else "")
    (tmp_path / "course.yaml").write_text(course, encoding="utf-8")
    config = load_config(tmp_path / "course.yaml")
    ch = parse(render_feed(config, three_episodes())).find("channel")
    assert (config.link, ch.findtext("link"), ch.findtext("image/link") or link) == (link, link, link)


# ---------------------------------------------------------------- a moved feed


def test_a_feed_left_at_its_old_address_names_the_new_one_for_every_parser():
    moved = with_new_feed_url(
        render_feed(sample_config(), three_episodes(), image_file="cover.jpg").encode("utf-8"),
        "https://new.example.net/tides/feed.xml",
    )
    channel = parse(moved.decode("utf-8")).find("channel")
    assert [child.tag.rpartition("}")[2] for child in channel][:3] == ["link", "new-feed-url", "title"]
    assert channel.findtext("itunes:new-feed-url", namespaces=NS) == "https://new.example.net/tides/feed.xml"
    parsed = feedparser.parse(moved)
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.feed["itunes_new-feed-url"] == "https://new.example.net/tides/feed.xml"
    assert [e.id for e in parsed.entries] == [episode_guid(sample_config(), e.lesson) for e in three_episodes()]
    podcast = podcastparser.parse("https://example.org/tides/feed.xml", io.BytesIO(moved))
    assert podcast["new_url"] == "https://new.example.net/tides/feed.xml"
    assert len(podcast["episodes"]) == 3
    assert channel.find("atom:link", NS).get("href") == "https://example.org/tides/feed.xml"
    again = with_new_feed_url(moved, "https://third.example.net/feed.xml", own_url="https://old.example.org/f.xml")
    assert again.count(b"new-feed-url>") == 2 and b"third.example.net/feed.xml</itunes:new-feed-url>" in again
    assert parse(again.decode("utf-8")).find("channel/atom:link", NS).get("href") == "https://old.example.org/f.xml"
    with pytest.raises(ValueError, match="not an RSS feed"):
        with_new_feed_url(b"<html><body/></html>", "https://new.example.net/feed.xml")
