"""Episode identity and release: GUIDs and dates never move, the schedule keeps future episodes out.

Unit cases drive :func:`narrate.publish.identity.assign` with hand-made published feeds; the build
cases use the fast fake speech engine and the real feed in the output folder.
"""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from narrate import BuildOptions
from narrate.config import CourseConfig
from narrate.errors import ContentError
from narrate.model import Lesson
from narrate.pipeline import build
from narrate.publish.feed import guid_for
from narrate.publish.identity import Published, assign, read_published, released

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


def test_a_changed_base_url_is_named():
    published = [pub("moon", "01-moon", at(2))]
    moved = CourseConfig(title="Tides", base_url="https://cdn.example.net/tides/", start_date="2026-03-02")
    with pytest.raises(ContentError) as caught:
        assign(moved, [lesson("moon", "01-moon.md")], published, first_day=date(2026, 3, 2), published_base=BASE)
    assert caught.value.problem.startswith(
        f"base_url changed from {BASE} to https://cdn.example.net/tides/: every published episode's GUID would change"
    )


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
