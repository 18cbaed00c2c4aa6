"""Unit tests of the author preview's HTML (narrate.publish.preview) on hand-made episodes.

The browser behaviour (seeking, highlighting, hidden answers, keys) is tested in
tests/publish/test_preview_browser.py with a real Chromium.
"""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from narrate.config import CourseConfig
from narrate.errors import BuildError
from narrate.model import Chapter, ChapterMark, CueTime, Episode, Lesson, Pause, Question, Say, Script
from narrate.publish.preview import format_seconds, format_time, page_stem, script_chapters, timing_data, write_preview

CONFIG = CourseConfig(
    title="Tea & <Biscuits>",
    author="A. Baker & Sons",
    description="Dunking > dipping; 1 < 2.",
    base_url="https://example.org/tea/",
)
SAY_MS = 1500


def _episode(cues, lesson: Lesson, stem: str) -> Episode:
    """An episode whose Say cues last SAY_MS each and whose pauses last their length."""
    t, times, starts = 0, [], []
    for cue in cues:
        if isinstance(cue, Chapter):
            starts.append((cue.title, t))
            continue
        length = SAY_MS if isinstance(cue, Say) else cue.ms
        kind = "say" if isinstance(cue, Say) else cue.kind
        times.append(CueTime(kind, getattr(cue, "text", ""), t, t + length, getattr(cue, "role", "narrator")))
        t += length
    marks = [
        ChapterMark(title, start, starts[i + 1][1] if i + 1 < len(starts) else t)
        for i, (title, start) in enumerate(starts)
    ]
    return Episode(
        lesson,
        Script(lesson, tuple(cues)),
        t,
        marks,
        times,
        audio_file=f"episodes/{stem}.mp3",
        audio_bytes=1234,
        files={"vtt": f"episodes/{stem}.vtt", "script": f"episodes/{stem}.script.txt"},
    )


LESSON = Lesson(
    id="brewing",
    title="Brewing <strong> tea & coffee",
    subtitle="Water > 90 °C",
    number=1,
    quiz=(Question("How long?", ("Four minutes",), ("One minute", "Four minutes")),),
)
CUES = (
    Chapter("Introduction"),
    Say("Tea & Biscuits."),
    Pause(350, "sentence"),
    Say("Lesson one: Brewing <strong> tea & coffee."),
    Pause(1200, "section"),
    Chapter("Water & <heat>"),
    Say("Water & heat."),
    Pause(700, "paragraph"),
    Say("Boil the water."),
    Pause(350, "sentence"),
    Say("Let it rest <briefly>."),
    Pause(1200, "section"),
    Chapter("Quiz"),
    Say("Check yourself. One question.", "host"),
    Pause(1200, "section"),
    Chapter("Question 1"),
    Say("Question one. How long? Is it A: One minute, or B: Four minutes?", "host"),
    Pause(5000, "think"),
    Say("The answer is B: Four minutes.", "host"),
    Pause(350, "sentence"),
    Say("Strong tea needs time.", "host"),
)
EPISODE = _episode(CUES, LESSON, "01-brewing")
SECOND = _episode(
    (Chapter("Introduction"), Say("Lesson two: Milk first?")),
    Lesson(id="milk", title="Milk first?", number=2),
    "02-milk",
)


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    written = write_preview(tmp_path, CONFIG, [EPISODE, SECOND], image_file="cover.png")
    assert written == [
        "assets/preview.css",
        "assets/preview.js",
        "index.html",
        "episodes/01-brewing.html",
        "episodes/02-milk.html",
    ]
    return tmp_path


def _doc(path: Path):
    return lxml.html.fromstring(path.read_bytes())


def test_format_time_and_seconds():
    assert format_time(0) == "0:00"
    assert format_time(65_400) == "1:05"
    assert format_time(599_999) == "9:59"
    assert format_time(3_723_000) == "1:02:03"
    assert format_seconds(5000) == "5 s"
    assert format_seconds(2500) == "2.5 s"
    assert format_seconds(1250) == "1.2 s"


@pytest.mark.parametrize(
    "audio_file, lesson_id, number, stem",
    [
        ("episodes/01-brewing.mp3", "brewing", 1, "01-brewing"),
        ("episodes/01-brewing.0a1b2c3d4e.mp3", "brewing", 1, "01-brewing"),  # the audio's version is not in it
        ("episodes/01-brewing.9f8e7d6c5b.m4b", "brewing", 1, "01-brewing"),
        ("episodes/12-milk.0a1b2c3d4e.mp3", "12-milk", 12, "12-milk"),  # an id that starts with its number
    ],
)
def test_page_stem_is_stable_across_audio_versions(audio_file, lesson_id, number, stem):
    lesson = Lesson(id=lesson_id, title="T", number=number)
    assert page_stem(Episode(lesson, Script(lesson, ()), 0, [], [], audio_file=audio_file)) == stem


def test_rows_merge_short_pauses_and_keep_think_pauses():
    blocks = script_chapters(EPISODE)
    assert [b.title for b in blocks] == ["Introduction", "Water & <heat>", "Quiz", "Question 1"]
    assert [(b.start_ms, b.end_ms) for b in blocks] == [(0, 4550), (4550, 11300), (11300, 14000), (14000, 23850)]
    intro = blocks[0].rows
    # the sentence pause after the first cue is merged into it; the section pause into the second
    assert [(r.id, r.text, r.start_ms, r.end_ms, r.paragraph_end) for r in intro] == [
        ("cue-0", "Tea & Biscuits.", 0, 1850, False),
        ("cue-2", "Lesson one: Brewing <strong> tea & coffee.", 1850, 4550, True),
    ]
    water = blocks[1].rows
    assert [(r.text, r.paragraph_end) for r in water] == [
        ("Water & heat.", True),
        ("Boil the water.", False),
        ("Let it rest <briefly>.", True),
    ]
    question = blocks[3].rows
    assert [(r.kind, r.start_ms, r.end_ms, r.pause_ms, r.answer_after_ms) for r in question] == [
        ("say", 14000, 15500, 0, None),
        ("think", 15500, 20500, 5000, None),
        ("say", 20500, 22350, 0, 20500),
        ("say", 22350, 23850, 0, 20500),
    ]
    assert [r.role for r in question] == ["host", "narrator", "host", "host"]
    # rows tile the whole episode: each starts where the previous ended
    rows = [r for b in blocks for r in b.rows]
    assert rows[0].start_ms == 0 and rows[-1].end_ms == EPISODE.duration_ms
    assert all(a.end_ms == b.start_ms for a, b in zip(rows, rows[1:]))


def test_timing_json_matches_rows():
    blocks = script_chapters(EPISODE)
    data = timing_data(blocks)
    assert data["chapters"] == [
        {"start": 0, "end": 4550},
        {"start": 4550, "end": 11300},
        {"start": 11300, "end": 14000},
        {"start": 14000, "end": 23850},
    ]
    assert data["cues"][-2:] == [
        {"id": "cue-14", "start": 20500, "end": 22350, "kind": "say", "answerAfter": 20500},
        {"id": "cue-16", "start": 22350, "end": 23850, "kind": "say", "answerAfter": 20500},
    ]


def test_mismatched_cue_times_are_an_error():
    short = Episode(
        LESSON,
        EPISODE.script,
        EPISODE.duration_ms,
        EPISODE.chapters,
        EPISODE.cue_times[:-1],
        audio_file="episodes/01-brewing.mp3",
    )
    with pytest.raises(BuildError, match="16 cue times for 17 cues"):
        script_chapters(short)
    swapped = list(EPISODE.cue_times)
    swapped[1] = CueTime("think", "", swapped[1].start_ms, swapped[1].end_ms)
    wrong = Episode(
        LESSON, EPISODE.script, EPISODE.duration_ms, EPISODE.chapters, swapped, audio_file="episodes/01-brewing.mp3"
    )
    with pytest.raises(BuildError, match="cue time of kind 'think' where the script has 'sentence'"):
        script_chapters(wrong)
    with pytest.raises(BuildError, match="no audio file"):
        write_preview(Path("/nonexistent"), CONFIG, [Episode(LESSON, EPISODE.script, 0, [], [])], image_file=None)


def test_text_is_escaped(site: Path):
    index = (site / "index.html").read_text(encoding="utf-8")
    page = (site / "episodes/01-brewing.html").read_text(encoding="utf-8")
    assert "<title>Tea &amp; &lt;Biscuits&gt; · preview</title>" in index
    assert "by A. Baker &amp; Sons" in index
    assert "Dunking &gt; dipping; 1 &lt; 2." in index
    assert '<span class="episode-title">Brewing &lt;strong&gt; tea &amp; coffee</span>' in index
    assert "<strong>" not in index and "<Biscuits>" not in index
    assert "<h1>Brewing &lt;strong&gt; tea &amp; coffee</h1>" in page
    assert '<span class="words">Let it rest &lt;briefly&gt;.</span>' in page
    assert '<span class="title">Water &amp; &lt;heat&gt;</span>' in page
    assert "<strong>" not in page and "<briefly>" not in page and "<heat>" not in page


def test_course_page(site: Path):
    doc = _doc(site / "index.html")
    assert doc.get("lang") == "en-us"
    assert doc.xpath("string(//h1)") == "Tea & <Biscuits>"
    assert doc.xpath("//img[@class='cover']/@src") == ["cover.png"]
    assert doc.xpath("//input[@id='feed-url']/@value") == ["https://example.org/tea/feed.xml"]
    assert doc.xpath("//label[@for='feed-url']/text()") == ["Feed URL"]
    assert doc.xpath("//button[@id='copy-feed']/text()") == ["Copy"]
    cards = doc.xpath("//li[@class='episode-card']")
    assert [c.xpath("string(.//a[@class='episode-link']/@href)") for c in cards] == [
        "episodes/01-brewing.html",
        "episodes/02-milk.html",
    ]
    assert [c.xpath("string(.//span[@class='duration'])") for c in cards] == ["0:23", "0:01"]
    assert [c.xpath("string(.//span[@class='chapter-count'])") for c in cards] == ["4 chapters", "1 chapter"]
    assert [c.xpath("string(.//span[@class='question-count'])") for c in cards] == ["1 quiz question", ""]
    assert [c.xpath("string(.//a[@class='file-link']/@href)") for c in cards] == [
        "episodes/01-brewing.mp3",
        "episodes/02-milk.mp3",
    ]
    assert doc.xpath("string(//p[@class='stats'])") == "2 episodes · 0:25 in all"


def test_episode_page_has_every_chapter_and_cue(site: Path):
    doc = _doc(site / "episodes/01-brewing.html")
    audio = doc.xpath("//audio")[0]
    assert audio.get("src") == "01-brewing.mp3"
    assert audio.get("aria-label") == "Audio of Brewing <strong> tea & coffee"
    assert "controls" in audio.attrib
    assert doc.xpath("//img[contains(@class,'cover')]/@src") == ["../cover.png"]
    chapters = doc.xpath("//button[@class='chapter']")
    assert [c.xpath("string(.//span[@class='title'])") for c in chapters] == [
        "Introduction",
        "Water & <heat>",
        "Quiz",
        "Question 1",
    ]
    assert [c.get("data-start") for c in chapters] == ["0", "4550", "11300", "14000"]
    assert [c.xpath("string(.//span[@class='t'])") for c in chapters] == ["0:00", "0:04", "0:11", "0:14"]
    assert chapters[1].get("aria-label") == "Chapter 2: Water & <heat>, at 0:04"
    says = [c.text for c in CUES if isinstance(c, Say)]
    assert doc.xpath("//li[contains(@class,'say')]//span[@class='words']/text()") == says
    assert doc.xpath("//section[@class='chapter-block']/h2/text()") == [
        " Introduction",
        " Water & <heat>",
        " Quiz",
        " Question 1",
    ]
    think = doc.xpath("//li[contains(@class,'think')]")
    assert len(think) == 1
    assert think[0].xpath("string(.//span[@class='think-label'])") == "Think pause · 5 s"
    assert (think[0].get("data-start"), think[0].get("data-end")) == ("15500", "20500")
    answers = doc.xpath("//li[contains(@class,'answer')]")
    assert [a.xpath("string(.//span[@class='words'])") for a in answers] == [
        "The answer is B: Four minutes.",
        "Strong tea needs time.",
    ]
    assert all("concealed" in a.get("class") and a.get("data-answer-after") == "20500" for a in answers)
    assert len(doc.xpath("//button[@class='reveal']")) == 1  # one "Show answer" per question
    times = doc.xpath("//li[contains(@class,'cue')]/button[@class='cue-time']")
    assert times[0].get("aria-label") == "Play from 0:00"
    assert len(times) == len(script_chapters(EPISODE)[0].rows) + 3 + 1 + 4
    assert doc.xpath("//a[@rel='next']/@href") == ["02-milk.html"]
    assert doc.xpath("//a[@rel='prev']") == []
    assert doc.xpath("//p[@class='downloads']/a/@href") == ["01-brewing.script.txt", "01-brewing.vtt"]
    timing = json.loads(doc.xpath("//script[@id='timing']/text()")[0])
    assert timing == timing_data(script_chapters(EPISODE))


def test_pages_are_offline_and_deterministic(site: Path, tmp_path_factory):
    for name in ("index.html", "episodes/01-brewing.html", "episodes/02-milk.html"):
        doc = _doc(site / name)
        refs = doc.xpath("//@src | //@href")
        assert refs and not [r for r in refs if r.startswith(("http:", "https:", "//"))], refs
    assert _doc(site / "episodes/02-milk.html").xpath("//link[@rel='stylesheet']/@href") == ["../assets/preview.css"]
    assert _doc(site / "index.html").xpath("//script/@src") == ["assets/preview.js"]
    again = tmp_path_factory.mktemp("again")
    write_preview(again, CONFIG, [EPISODE, SECOND], image_file="cover.png")
    for name in ("index.html", "episodes/01-brewing.html", "assets/preview.js"):
        assert (again / name).read_bytes() == (site / name).read_bytes()


def test_no_cover_no_image(tmp_path: Path):
    write_preview(tmp_path, CONFIG, [SECOND], image_file=None)
    assert _doc(tmp_path / "index.html").xpath("//img") == []
    assert _doc(tmp_path / "episodes/02-milk.html").xpath("//img") == []


def test_show_notes_on_the_episode_page(tmp_path: Path):
    from narrate.model import CodeBlock, Section, Table

    lesson = Lesson(
        id="shell",
        title="Shell",
        number=1,
        sections=(
            Section(
                "Files",
                (
                    CodeBlock("ls -l *.csv\necho '<done>'", "bash"),
                    CodeBlock("12 a.csv", output=True),
                    Table(("name", "rows"), (("a.csv", "12"),)),
                ),
            ),
        ),
    )
    episode = _episode((Chapter("Introduction"), Say("Shell.")), lesson, "01-shell")
    write_preview(tmp_path, CONFIG, [episode], image_file=None)
    doc = _doc(tmp_path / "episodes" / "01-shell.html")
    (notes,) = doc.xpath("//section[@class='show-notes']")
    assert notes.xpath(".//h2")[0].text_content() == "Show notes"
    code, output = notes.xpath(".//pre/code")
    assert code.get("class") == "language-bash" and code.text_content() == "ls -l *.csv\necho '<done>'"
    assert [c.text_content() for c in notes.xpath(".//th | .//td")] == ["name", "rows", "a.csv", "12"]
    assert output.text_content() == "12 a.csv"  # program output is kept in the show notes (the script cues it)


@pytest.mark.parametrize(
    ("status", "facts"),
    [
        ({"brewing": "Scheduled for 2026-12-08"}, "0:23 · 4 chapters · Scheduled for 2026-12-08 · 1 quiz question"),
        ({}, "0:23 · 4 chapters · 1 quiz question"),
        ({"milk": "Draft: not in the feed"}, "0:01 · 1 chapter · Draft: not in the feed"),
    ],
)
def test_course_page_facts_are_spaced(tmp_path: Path, status, facts):
    write_preview(tmp_path, CONFIG, [EPISODE, SECOND], image_file=None, status=status)
    shown = [
        " ".join(c.xpath("string(.//span[@class='episode-facts'])").split())
        for c in _doc(tmp_path / "index.html").xpath("//li[@class='episode-card']")
    ]
    assert facts in shown


# (spoken text, as written, role): the preview shows the sentence as written, as the transcripts do,
# and keeps the spoken form (a lexicon respelling, numbers in words) in the row's title for the author
WRITTEN_ROWS = [
    ("Lesson one: Heating Blorp tangle zibbet.", "Lesson one: Heating Water.", "narrator"),
    (
        "My Teffal kettle holds one point seven liters and my old Kelvin ator fridge keeps twenty-four bottles cold.",
        "My Tefal kettle holds 1.7 L and my old Kelvinator fridge keeps 24 bottles cold.",
        "narrator",
    ),
    (
        "Question one. How much water does the Teffal kettle hold? Is it option A: one point five liters, "
        "or option B: one point seven liters?",
        "Question one. How much water does the Tefal kettle hold? Is it option A: 1.5 L, or option B: 1.7 L?",
        "host",
    ),
    ("Check yourself. One question.", "", "host"),  # narrate's framing: shown as said, no title
]


def test_the_preview_shows_the_written_form_and_keeps_the_spoken_one_on_hover(tmp_path: Path):
    lesson = Lesson(id="heating", title="Heating Water", number=1)
    cues = (Chapter("Introduction"), *(Say(said, role, written=written) for said, written, role in WRITTEN_ROWS))
    write_preview(tmp_path, CONFIG, [_episode(cues, lesson, "01-heating")], image_file=None)
    html = (tmp_path / "episodes/01-heating.html").read_text(encoding="utf-8")
    doc = lxml.html.fromstring(html)
    words = doc.xpath("//li[contains(@class,'say')]//span[@class='words']")
    assert [w.text_content() for w in words] == [written or said for said, written, _ in WRITTEN_ROWS]
    assert [w.get("title") for w in words] == [said if written else None for said, written, _ in WRITTEN_ROWS]
    visible = " ".join(doc.xpath("//span[@class='words']/text()"))
    assert not any(respelt in visible for respelt in ("Teffal", "Kelvin ator", "Blorp", "one point seven"))
    assert [r.text for b in script_chapters(_episode(cues, lesson, "01-heating")) for r in b.rows] == [
        written or said for said, written, _ in WRITTEN_ROWS
    ]


def test_a_mixed_language_row_keeps_its_language_marks_on_the_written_form(tmp_path: Path):
    said = "Say Bahnhof twelve times."
    parts = (("", "Say"), ("de", "Bahnhof"), ("", "twelve times."))
    lesson = Lesson(id="words", title="Words", number=1)
    cues = (Chapter("Words"), Say(said, parts=parts, written="Say Bahnhof 12 times."))
    write_preview(tmp_path, CONFIG, [_episode(cues, lesson, "01-words")], image_file=None)
    (words,) = _doc(tmp_path / "episodes/01-words.html").xpath("//span[@class='words']")
    assert words.text_content() == "Say Bahnhof 12 times." and words.get("title") == said
    assert [(s.get("lang"), s.text) for s in words.xpath("./span")] == [("de", "Bahnhof")]
