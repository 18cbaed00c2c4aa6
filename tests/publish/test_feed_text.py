"""Feed text: one sanitiser (nh3) for the course description and every episode description, plain
text escaped exactly once, and show notes that list the chapters with their start times."""

from __future__ import annotations

import html
import io
import re
import shutil
from pathlib import Path

import feedparser
import podcastparser
import pytest
from lxml import etree

from narrate import BuildOptions
from narrate.model import ChapterMark, Lesson, Section
from narrate.pipeline import build
from narrate.publish.check import check_output
from narrate.publish.feed import clock, episode_description, fit_html, safe_html

# (author text, safe HTML)
SANITISED = [
    # plain text: character references decoded once, & < > escaped once
    ("Salt & pepper", "Salt &amp; pepper"),
    ("Salt &amp; pepper", "Salt &amp; pepper"),
    ("Fish&nbsp;&amp;&nbsp;chips, x < 5 > 2", "Fish\u00a0&amp;\u00a0chips, x &lt; 5 &gt; 2"),
    ("Waves <Tides> of &lt;Ω&gt;", "Waves &lt;Tides&gt; of &lt;Ω&gt;"),  # not an HTML element: text
    ("First paragraph.\n\nSecond\x0b one.", "<p>First paragraph.</p><p>Second one.</p>"),
    # author HTML: safe tags kept, entities kept once, the rest dropped
    ("Use the <b>sharp</b> knife &amp; a board.", "Use the <b>sharp</b> knife &amp; a board."),
    ("Tom & <i>Jerry</i>", "Tom &amp; <i>Jerry</i>"),
    ("<p>One</p><ul><li>a</li><li>b</li></ul>", "<p>One</p><ul><li>a</li><li>b</li></ul>"),
    ("Hi<script>alert('x')</script> there", "Hi there"),
    ('<img src="x.png" onerror="alert(1)">Caption', "Caption"),
    ('<b onclick="steal()">bold</b>', "<b>bold</b>"),
    ('<a href="javascript:alert(1)">click</a>', '<a rel="noopener noreferrer nofollow">click</a>'),
    (
        '<a href="https://example.org/notes" onmouseover="x()">notes</a>',
        '<a href="https://example.org/notes" rel="noopener noreferrer nofollow">notes</a>',
    ),
    ('<div style="color:red"><span>kept text</span></div>', "kept text"),
    ("<style>p{}</style><p>Body</p>", "<p>Body</p>"),
    ("", ""),
    ("   \n ", ""),
]


@pytest.mark.parametrize("text, expected", SANITISED)
def test_safe_html(text, expected):
    assert safe_html(text) == expected
    assert safe_html(expected) == expected  # sanitising again changes nothing: escaped exactly once


@pytest.mark.parametrize(
    "ms, text", [(0, "00:00:00"), (999, "00:00:00"), (72_000, "00:01:12"), (3_600_000, "01:00:00"), (-5, "00:00:00")]
)
def test_clock(ms, text):
    assert clock(ms) == text


def test_fit_html_closes_what_it_cuts():
    fragment = "<p>" + "word <b>bold words here</b> " * 100 + "</p>"
    cut = fit_html(fragment, 200)
    assert len(cut.encode("utf-8")) <= 200 and cut.endswith("</p>") and "…" in cut
    assert cut.count("<b>") == cut.count("</b>")
    assert fit_html("short", 200) == "short"


def test_show_notes_list_the_chapters_with_start_times():
    lesson = Lesson(
        id="tides",
        title="Tides",
        summary="Why the sea <b>rises</b> &amp; falls.",
        sections=(Section("Two Bulges"),),
    )
    chapters = [
        ChapterMark("Introduction", 0, 9_500),
        ChapterMark("Two Bulges", 9_500, 72_000),
        ChapterMark("Question 1", 72_000, 3_725_000),
        ChapterMark("Next up", 3_725_000, 3_730_000),
    ]
    assert episode_description(lesson, chapters=chapters) == (
        "<p>Why the sea <b>rises</b> &amp; falls.</p><ul><li>00:00:00 Introduction</li>"
        "<li>00:00:09 Two Bulges</li><li>00:01:12 Question 1</li><li>01:02:05 Next up</li></ul>"
    )
    # without chapters (not built yet): the section outline
    assert episode_description(lesson) == "<p>Why the sea <b>rises</b> &amp; falls.</p><ul><li>Two Bulges</li></ul>"


HOSTILE = (
    'Learn <b>tides</b> &amp; currents.<script>alert("course")</script> '
    '<img src="x" onerror="alert(1)"> <a href="javascript:alert(2)">more</a>'
)
COURSE_YAML = f"""title: Harbour Tides
description: '{HOSTILE}'
language: en-gb
base_url: https://example.org/harbour/
voice:
  engine: pyttsx3
pauses:
  think: 1
"""
LESSON_YAML = """title: High Water
summary: 'The <i>Moon</i> pulls &amp; the sea follows.<script>document.cookie</script><svg onload="x()"></svg>'
sections:
  - title: Two Bulges
    body:
      - The sea bulges on both sides of the Earth.
quiz:
  - prompt: What pulls the sea hardest?
    options: [The Moon, The Sun]
    answer: The Moon
"""


@pytest.fixture(scope="module")
def hostile_build(tmp_path_factory):
    root = tmp_path_factory.mktemp("harbour")
    course = root / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text(COURSE_YAML, encoding="utf-8")
    (course / "lessons" / "01-high-water.yaml").write_text(LESSON_YAML, encoding="utf-8")
    return build(course, root / "out", BuildOptions(jobs=1))


def _no_script(text: str) -> None:
    for decoded in (text, html.unescape(text)):
        lowered = decoded.lower()
        assert "<script" not in lowered and "alert(" not in lowered and "document.cookie" not in lowered
        assert "onerror" not in lowered and "onload" not in lowered and "javascript:" not in lowered


@pytest.mark.e2e  # a real build of a hostile course: left out by scripts/test.sh --fast
def test_a_description_with_script_and_onerror_reaches_no_podcast_client(hostile_build):
    xml = Path(hostile_build.feed_file).read_bytes()
    _no_script(xml.decode("utf-8"))
    parsed = feedparser.parse(xml)
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.feed.subtitle == 'Learn <b>tides</b> &amp; currents. <a rel="noopener noreferrer nofollow">more</a>'
    entry = parsed.entries[0]
    for text in (parsed.feed.subtitle, parsed.feed.get("summary", ""), entry.summary, entry.content[0].value):
        _no_script(text)
    pp = podcastparser.parse("https://example.org/harbour/feed.xml", io.BytesIO(xml))
    episode = pp["episodes"][0]
    for text in (pp["description"], episode["description"], episode.get("description_html", "")):
        _no_script(text)
    # the lesson reader already keeps only the text of a summary's HTML; the feed escapes it once
    assert episode["description_html"].startswith("<p>The Moon pulls &amp; the sea follows.</p><ul>")
    # the show notes list every chapter of the built episode with its real start time
    times = re.findall(r"<li>(\d\d:\d\d:\d\d) ([^<]+)</li>", episode["description_html"])
    marks = hostile_build.episodes[0].chapters
    assert times == [(clock(m.start_ms), m.title) for m in marks]
    assert [t for _, t in times] == ["Introduction", "Two Bulges", "Quiz", "Question 1: What pulls the sea hardest?"]


@pytest.mark.e2e  # a real build of a hostile course: left out by scripts/test.sh --fast
def test_the_channel_summary_is_the_same_safe_html_and_narrate_check_passes(hostile_build):
    channel = etree.fromstring(Path(hostile_build.feed_file).read_bytes()).find("channel")
    summary = channel.findtext("{http://www.itunes.com/dtds/podcast-1.0.dtd}summary")
    assert summary == channel.findtext("description")
    assert [str(p) for p in check_output(hostile_build.out_dir)] == []


# (HTML in a description, what narrate check reports); &lt; is text, not a tag
UNSAFE = [
    ("<p>Fine &lt;script&gt; as text, javascript: as a word</p>", None),
    ("<script>alert(1)</script>", "'<script'"),
    ('<img src="x" onerror="alert(1)">', "'<img src=\"x\" onerror='"),
    ('<a href="javascript:alert(1)">x</a>', "'<a href=\"javascript:'"),
    ("<STYLE>p{}</STYLE>", "'<STYLE'"),
    ('<a href="https://e.org" onmouseover=x()>y</a>', "'<a href=\"https://e.org\" onmouseover='"),
]


@pytest.mark.e2e  # a real build of a hostile course: left out by scripts/test.sh --fast
@pytest.mark.parametrize("fragment, found", UNSAFE)
def test_narrate_check_refuses_a_script_in_a_description(hostile_build, tmp_path, fragment, found):
    out = tmp_path / "out"
    shutil.copytree(hostile_build.out_dir, out)
    feed = out / "feed.xml"
    root = etree.fromstring(feed.read_bytes())
    root.find("channel").find("item").find("description").text = fragment
    feed.write_bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
    problems = [str(p) for p in check_output(out)]
    if found is None:
        assert problems == []
    else:
        assert len(problems) == 1
        assert problems[0].endswith(f"item 1: <description> holds unsafe HTML {found} (scripts must not reach clients)")
