"""Episode identity and release: GUIDs and dates never move, the schedule keeps future episodes out.

Unit cases drive :func:`narrate.publish.identity.assign` with hand-made published feeds; the build
cases use the fast fake speech engine and the real feed in the output folder.
"""

from __future__ import annotations

import json
import shutil
import uuid
import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from narrate import BuildOptions
from narrate.config import CourseConfig, load_config
from narrate.errors import ContentError, NarrateError
from narrate.model import Lesson
from narrate.pipeline import build
from narrate.publish.feed import ATOM, PODCAST, course_guid, guid_for, item_guid, podcast_guid, url_guid
from narrate.publish.identity import (
    Published,
    assign,
    read_published,
    read_show_guid,
    record_schedule,
    released,
    show_guid,
)
from narrate.publish.schedule_state import SCHEDULE_FILE

BASE = "https://example.org/tides/"
CONFIG = CourseConfig(title="Tides", base_url=BASE, start_date="2026-03-02", schedule_days=7)


def at(day: int, month: int = 3) -> datetime:
    return datetime(2026, month, day, 6, 0, tzinfo=timezone.utc)


def lesson(lesson_id: str, file: str, title: str | None = None) -> Lesson:
    return Lesson(id=lesson_id, title=title or lesson_id.title(), source=Path("lessons") / file)


def pub(lesson_id: str, stem: str, when: datetime, title: str | None = None) -> Published:
    return Published(guid_for(CONFIG, lesson_id), title or lesson_id.title(), when, stem)


# ---------------------------------------------------------------- unit: assign()


def test_renumbered_files_keep_guids_and_dates_and_an_inserted_lesson_fits_between():
    published = [pub("moon", "01-moon", at(2)), pub("waves", "02-waves", at(9))]
    lessons = [lesson("moon", "01-moon.md"), lesson("wind", "02-wind.md"), lesson("waves", "03-waves.md")]
    ids = assign(CONFIG, lessons, published, first_day=date(2026, 3, 2))
    assert [i.guid for i in ids] == [guid_for(CONFIG, "moon"), guid_for(CONFIG, "wind"), guid_for(CONFIG, "waves")]
    assert [i.when for i in ids] == [at(2), datetime(2026, 3, 2, 6, 1, tzinfo=timezone.utc), at(9)]
    assert [i.published for i in ids] == [True, False, True]


def test_a_guid_from_an_older_narrate_is_kept_while_the_file_keeps_its_name():
    # older versions made the id (and GUID) from the whole file name, number included
    published = [pub("01-moon", "01-moon", at(2), "Moon"), pub("02-waves", "02-waves", at(9), "Waves")]
    lessons = [lesson("moon", "01-moon.md"), lesson("waves", "02-waves.md")]
    ids = assign(CONFIG, lessons, published, first_day=date(2026, 3, 2))
    assert [i.guid for i in ids] == [guid_for(CONFIG, "01-moon"), guid_for(CONFIG, "02-waves")]
    assert [i.when for i in ids] == [at(2), at(9)]


@pytest.mark.parametrize(
    "published, lessons, file, message",
    [
        (  # an older GUID, then the file renumbered: the lesson is found by its title
            [pub("01-moon", "01-moon", at(2), "Moon"), pub("02-waves", "02-waves", at(9), "Waves")],
            [lesson("moon", "01-moon.md"), lesson("wind", "02-wind.md"), lesson("waves", "03-waves.md")],
            "lessons/03-waves.md",
            "published episode 'Waves' (id '02-waves') would get a new GUID (its lesson file or id changed), so "
            "podcast apps would show it twice; add 'id: 02-waves' to this lesson to keep it, or build with "
            "--allow-guid-change if a new identity is really meant",
        ),
        (  # an id: changed
            [pub("moon", "01-moon", at(2))],
            [lesson("the-moon", "01-moon.md", "Moon")],
            "lessons/01-moon.md",
            "published episode 'Moon' (id 'moon') would get a new GUID (its lesson file or id changed), so podcast "
            "apps would show it twice; add 'id: moon' to this lesson to keep it, or build with --allow-guid-change "
            "if a new identity is really meant",
        ),
        (  # a lesson removed
            [pub("moon", "01-moon", at(2)), pub("waves", "02-waves", at(9))],
            [lesson("moon", "01-moon.md")],
            "out/feed.xml",
            "published episode 'Waves' (id 'waves') is no longer in the course (its lesson file was removed or "
            "renamed), so podcast apps would drop it; restore the lesson, or give the lesson that replaces it "
            "'id: waves', or build with --allow-guid-change if a new identity is really meant",
        ),
        (  # two at once: the first is named, the count given
            [pub("moon", "01-moon", at(2)), pub("waves", "02-waves", at(9))],
            [lesson("sun", "01-sun.md")],
            "out/feed.xml",
            "published episode 'Moon' (id 'moon') is no longer in the course (its lesson file was removed or "
            "renamed), so podcast apps would drop it; restore the lesson, or give the lesson that replaces it "
            "'id: moon', or build with --allow-guid-change if a new identity is really meant (1 more published "
            "episode(s) too)",
        ),
    ],
)
def test_a_moved_guid_stops_the_build_naming_the_episode_and_the_fix(published, lessons, file, message):
    with pytest.raises(ContentError) as caught:
        assign(CONFIG, lessons, published, first_day=date(2026, 3, 2), feed_file=Path("out/feed.xml"))
    assert (caught.value.file, caught.value.problem) == (Path(file), message)
    allowed = assign(CONFIG, lessons, published, first_day=date(2026, 3, 2), allow_guid_change=True)
    assert len(allowed) == len(lessons)


def test_a_new_base_url_keeps_every_guid_with_no_flag():
    # issue 28: GUIDs came from base_url, so a move to the real host was refused ("base_url changed ...")
    first = CourseConfig(title="Tides", base_url="http://localhost:8000/", start_date="2026-03-02")
    lessons = [lesson("moon", "01-moon.md"), lesson("waves", "02-waves.md")]
    before = assign(first, lessons, [], first_day=date(2026, 3, 2))
    published = [
        Published(i.guid, ls.title, i.when, f"0{n}-{ls.id}") for n, (i, ls) in enumerate(zip(before, lessons), 1)
    ]
    moved = CourseConfig(title="Tides", base_url="https://cdn.example.net/tides/", start_date="2026-03-02")
    after = assign(moved, lessons, published, first_day=date(2026, 3, 2), published_base="http://localhost:8000/")
    assert (
        [i.guid for i in after]
        == [i.guid for i in before]
        == [
            "22bf4674-1695-5795-9b27-753916c6bb85",
            item_guid("1bc1ab67-faa8-5839-986c-e8ea4cc76c01", "waves"),
        ]
    )
    assert [i.published for i in after] == [True, True]


def test_guids_come_from_the_course_not_from_base_url():
    here = CourseConfig(title="Tides", base_url="http://localhost:8000/")
    there = CourseConfig(title=" tides", base_url="https://cdn.example.net/x/")  # case and spaces folded
    assert course_guid(here) == course_guid(there) == "1bc1ab67-faa8-5839-986c-e8ea4cc76c01"
    assert guid_for(here, "moon") == guid_for(there, "moon") == "22bf4674-1695-5795-9b27-753916c6bb85"
    assert uuid.UUID(guid_for(here, "moon")).version == 5
    assert course_guid(CourseConfig(title="Tides", author="Orla Penhallow")) != course_guid(here)  # another show
    pinned = CourseConfig(title="Renamed", guid="917393e3-1b1e-5cef-ace4-edaa54e1f810")
    assert guid_for(pinned, "moon") == item_guid("917393e3-1b1e-5cef-ace4-edaa54e1f810", "moon")


def test_guids_an_older_narrate_made_from_base_url_are_kept_after_a_move():
    # the migration: the old feed's items, GUIDs made from base_url + id, keep them at the new address
    published = [
        Published(url_guid(BASE, "moon"), "Moon", at(2), "01-moon"),
        Published(url_guid(BASE, "02-waves"), "Waves", at(9), "02-waves"),  # and from the whole file name
    ]
    moved = replace(CONFIG, base_url="https://cdn.example.net/tides/")
    lessons = [lesson("moon", "01-moon.md"), lesson("waves", "02-waves.md"), lesson("wind", "03-wind.md")]
    ids = assign(moved, lessons, published, first_day=date(2026, 3, 2), published_base=BASE)
    assert [i.guid for i in ids] == [url_guid(BASE, "moon"), url_guid(BASE, "02-waves"), guid_for(moved, "wind")]
    assert [i.published for i in ids] == [True, True, False]
    with pytest.raises(ContentError, match=r"published episode 'Moon' \(id 'moon'\) is no longer in the course"):
        assign(moved, lessons[1:], published, first_day=date(2026, 3, 2), published_base=BASE)


SHOW = "917393e3-1b1e-5cef-ace4-edaa54e1f810"
OTHER = "9b024349-ccf0-5f69-a609-6b82873eab3c"


@pytest.mark.parametrize(
    "written, on_feed, recorded, expected",
    [
        ("", None, None, "1bc1ab67-faa8-5839-986c-e8ea4cc76c01"),  # made from the course
        ("", None, OTHER, OTHER),  # recorded by the first build: a new title changes nothing
        ("", SHOW, OTHER, SHOW),  # the published feed's wins over the record
        (SHOW, SHOW, OTHER, SHOW),  # course.yaml's
        (SHOW.upper(), None, OTHER, SHOW),
    ],
)
def test_the_show_guid_is_made_once_and_kept(tmp_path, written, on_feed, recorded, expected):
    (tmp_path / "course.yaml").write_text(f"title: Tides\nguid: {written}\n" if written else "title: Tides\n")
    config = load_config(tmp_path / "course.yaml")
    if recorded:
        (tmp_path / SCHEDULE_FILE).write_text(json.dumps({"guid": recorded}))
    assert show_guid(config, tmp_path, on_feed) == expected


def test_a_written_guid_that_is_not_the_published_one_is_refused(tmp_path):
    (tmp_path / "course.yaml").write_text(f"title: Tides\nguid: {SHOW}\n")
    config = load_config(tmp_path / "course.yaml")
    with pytest.raises(ContentError) as caught:
        show_guid(config, tmp_path, OTHER, feed_file=Path("out/feed.xml"))
    assert (caught.value.file, caught.value.line) == (tmp_path / "course.yaml", 2)
    assert caught.value.problem == (
        f"guid {SHOW} differs from the podcast:guid {OTHER} of the published feed (out/feed.xml): podcast apps and "
        f"the Podcast Index know the show by it; write 'guid: {OTHER}', or build with --allow-guid-change if a new "
        "identity is really meant"
    )
    assert show_guid(config, tmp_path, OTHER, allow_guid_change=True) == SHOW


@pytest.mark.parametrize(
    "self_url, expected",
    [
        ("https://example.org/tides/feed.xml", podcast_guid("https://example.org/tides/feed.xml")),  # kept
        ("http://localhost:8000/feed.xml", None),  # every course built at localhost had it
        ("http://192.168.1.20:8000/feed.xml", None),
    ],
)
def test_a_podcast_guid_an_older_narrate_made_from_a_preview_address_is_not_kept(tmp_path, self_url, expected):
    feed = tmp_path / "feed.xml"
    feed.write_text(
        f'<rss version="2.0" xmlns:atom="{ATOM}" xmlns:podcast="{PODCAST}"><channel>'
        f'<atom:link href="{self_url}" rel="self"/><podcast:guid>{podcast_guid(self_url)}</podcast:guid>'
        "</channel></rss>"
    )
    assert read_show_guid(feed) == expected
    feed.write_text(feed.read_text().replace(podcast_guid(self_url), SHOW))  # a show's own: kept anywhere
    assert read_show_guid(feed) == SHOW


def test_the_build_state_keeps_the_show_guid_and_the_first_day(tmp_path):
    record_schedule(CONFIG, tmp_path, date(2026, 3, 2), None, SHOW)
    record_schedule(CONFIG, tmp_path, date(2026, 3, 2), date(2026, 3, 9))
    assert json.loads((tmp_path / SCHEDULE_FILE).read_text()) == {"guid": SHOW, "next_release": "2026-03-09"}


@pytest.mark.parametrize(
    "today, expected",
    [
        (date(2026, 3, 1), [False, False, False]),
        (date(2026, 3, 2), [True, False, False]),
        (date(2026, 3, 16), [True] * 3),
    ],
)
def test_released_on_and_after_the_day(today, expected):
    lessons = [lesson("a", "01-a.md"), lesson("b", "02-b.md"), lesson("c", "03-c.md")]
    assert released(assign(CONFIG, lessons, [], first_day=date(2026, 3, 2)), today) == expected


# ---------------------------------------------------------------- builds

pytestmark_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")

COURSE = """\
title: Tides
base_url: https://example.org/tides/
start_date: {start}
schedule_days: 7
voice:
  engine: fake
"""


def lesson_text(title: str) -> str:
    return f"title: {title}\nsections:\n  - title: Part\n    body: [{title} in one sentence.]\n"


def make_course(root: Path, start: str, names: dict[str, str]) -> Path:
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "course.yaml").write_text(COURSE.format(start=start))
    for name, title in names.items():
        (root / "lessons" / name).write_text(lesson_text(title))
    return root


def items(out: Path) -> dict[str, tuple[str, str]]:
    """title → (guid, pubDate) of the feed in ``out``."""
    channel = ET.parse(out / "feed.xml").getroot().find("channel")
    return {i.findtext("title"): (i.findtext("guid"), i.findtext("pubDate")) for i in channel.findall("item")}


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytestmark_ffmpeg
def test_renaming_lesson_files_keeps_every_guid_and_date(tmp_path, fakes):
    content = make_course(tmp_path / "c", "2026-03-02", {"01-moon.yaml": "Moon", "02-waves.yaml": "Waves"})
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    before = items(out)
    assert list(before) == ["Moon", "Waves"]
    (content / "lessons" / "02-waves.yaml").rename(content / "lessons" / "03-waves.yaml")
    (content / "lessons" / "02-wind.yaml").write_text(lesson_text("Wind"))
    result = build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    after = items(out)
    assert {t: after[t] for t in before} == before
    assert list(after) == ["Moon", "Wind", "Waves"]
    assert after["Wind"][1] == "Mon, 02 Mar 2026 06:01:00 +0000"  # between Moon and Waves
    assert [e.lesson.number for e in result.episodes] == [1, 2, 3]
    assert sorted(p.name for p in (out / "episodes").glob("*.html")) == [
        "01-moon.html",
        "02-wind.html",
        "03-waves.html",
    ]


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytestmark_ffmpeg
def test_a_changed_id_stops_the_build_and_leaves_the_output_as_it_was(tmp_path, fakes):
    content = make_course(tmp_path / "c", "2026-03-02", {"01-moon.yaml": "Moon"})
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    feed = (out / "feed.xml").read_bytes()
    (content / "lessons" / "01-moon.yaml").write_text("id: lunar\n" + lesson_text("Moon"))
    with pytest.raises(ContentError, match=r"published episode 'Moon' \(id 'moon'\) would get a new GUID"):
        build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    assert (out / "feed.xml").read_bytes() == feed
    build(content, out, BuildOptions(jobs=1, allow_guid_change=True), today=date(2026, 6, 1))
    assert items(out)["Moon"][0] == guid_for(CONFIG, "lunar")


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytestmark_ffmpeg
def test_a_future_start_date_keeps_future_episodes_out_of_the_feed(tmp_path, fakes):
    content = make_course(
        tmp_path / "c", "2026-03-02", {"01-moon.yaml": "Moon", "02-waves.yaml": "Waves", "03-wind.yaml": "Wind"}
    )
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1), today=date(2026, 2, 20))
    assert items(out) == {}
    index = (out / "index.html").read_text()
    assert index.count("Scheduled for 2026-03-") == 3 and "Scheduled for 2026-03-16" in index
    build(content, out, BuildOptions(jobs=1), today=date(2026, 3, 9))
    assert list(items(out)) == ["Moon", "Waves"]
    assert "Scheduled for 2026-03-16" in (out / "index.html").read_text()
    first = (out / "feed.xml").read_bytes()
    assert b"<lastBuildDate>Mon, 09 Mar 2026 06:00:00 +0000</lastBuildDate>" in first  # the newest episode's date
    build(content, out, BuildOptions(jobs=1), today=date(2026, 3, 10))  # nothing new released: the same bytes
    assert (out / "feed.xml").read_bytes() == first
    build(content, out, BuildOptions(jobs=1, include_scheduled=True), today=date(2026, 3, 10))
    assert list(items(out)) == ["Moon", "Waves", "Wind"]


def test_read_published_of_a_missing_feed(tmp_path):
    assert read_published(tmp_path / "feed.xml") == ([], None)


def feed_identity(out: Path) -> tuple[str, dict[str, str], list[str]]:
    """(podcast:guid, title → GUID, enclosure URLs) of the feed in ``out``."""
    channel = ET.parse(out / "feed.xml").getroot().find("channel")
    items = channel.findall("item")
    return (
        channel.findtext(f"{{{PODCAST}}}guid"),
        {i.findtext("title"): i.findtext("guid") for i in items},
        [i.find("enclosure").get("url") for i in items],
    )


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytestmark_ffmpeg
def test_a_course_built_at_localhost_then_at_its_real_address_keeps_every_guid(tmp_path, fakes, monkeypatch):
    content = make_course(tmp_path / "c", "2026-03-02", {"01-moon.yaml": "Moon", "02-waves.yaml": "Waves"})
    course = content / "course.yaml"
    course.write_text(course.read_text().replace("base_url: https://example.org/tides/\n", ""))
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))  # the default: http://localhost:8000/
    show, guids, urls = feed_identity(out)
    assert urls[0].startswith("http://localhost:8000/episodes/01-moon.")
    expected = {"Moon": guid_for(CONFIG, "moon"), "Waves": guid_for(CONFIG, "waves")}
    assert (show, guids) == (course_guid(CONFIG), expected)

    build(content, out, BuildOptions(jobs=1, base_url="https://podcasts.example.net/tides/"), today=date(2026, 6, 1))
    moved = feed_identity(out)
    assert moved[:2] == (show, expected)  # no flag, no refusal
    assert moved[2][0].startswith("https://podcasts.example.net/tides/episodes/01-moon.")

    # a second machine: the same course into a fresh output folder with a fresh cache
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "other-cache"))
    again = tmp_path / "other-machine-out"
    build(content, again, BuildOptions(jobs=1, base_url="https://podcasts.example.net/tides/"), today=date(2026, 6, 1))
    assert feed_identity(again)[:2] == (show, expected)
    assert (tmp_path / "other-cache").is_dir()


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytestmark_ffmpeg
def test_a_folder_an_older_narrate_built_keeps_its_guids_at_a_new_address(tmp_path, fakes):
    content = make_course(tmp_path / "c", "2026-03-02", {"01-moon.yaml": "Moon", "02-waves.yaml": "Waves"})
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1), today=date(2026, 6, 1))
    # the feed as an older narrate wrote it: GUIDs and podcast:guid made from the address it was published at
    feed = (out / "feed.xml").read_text()
    old_show = podcast_guid(f"{BASE}feed.xml")
    feed = feed.replace(course_guid(CONFIG), old_show)
    for lesson_id in ("moon", "waves"):
        feed = feed.replace(guid_for(CONFIG, lesson_id), url_guid(BASE, lesson_id))
    (out / "feed.xml").write_text(feed)
    (out / SCHEDULE_FILE).unlink()
    (content / "lessons" / "03-wind.yaml").write_text(lesson_text("Wind"))
    build(content, out, BuildOptions(jobs=1, base_url="https://cdn.example.net/t/"), today=date(2026, 6, 1))
    show, guids, _ = feed_identity(out)
    assert show == old_show  # the show's identity kept from the published feed
    assert guids == {
        "Moon": url_guid(BASE, "moon"),
        "Waves": url_guid(BASE, "waves"),
        "Wind": item_guid(old_show, "wind"),
    }
    assert json.loads((out / SCHEDULE_FILE).read_text())["guid"] == old_show


@pytest.mark.parametrize(
    "written", ["not-a-uuid", "917393e31b1e5ceface4edaa54e1f810", "{917393e3-1b1e-5cef-ace4-edaa54e1f810}"]
)
def test_a_guid_that_is_not_a_uuid_is_one_error_at_its_line(tmp_path, written):
    (tmp_path / "course.yaml").write_text(f"title: Tides\nguid: '{written}'\n")
    with pytest.raises(NarrateError) as caught:
        load_config(tmp_path / "course.yaml")
    assert str(caught.value.format_message()) == (
        f"{tmp_path / 'course.yaml'}:2: 'guid' must be a UUID such as 917393e3-1b1e-5cef-ace4-edaa54e1f810, "
        f"not '{written}'"
    )
