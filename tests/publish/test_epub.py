"""The read-along book (narrate/publish/epub.py) from episodes with known cue times: the container,
the overlay's times, the written text, the package metadata and the contents. No audio is encoded
here (the audio entries are stand-in bytes); tests/publish/test_epub_e2e.py builds real books and
checks them with EPUBCheck and in Chromium."""

from __future__ import annotations

import zipfile
from datetime import datetime, timezone
from pathlib import Path

import lxml.etree
import pytest

from narrate.config import CourseConfig, normalise_formats
from narrate.errors import ConfigError
from narrate.model import Chapter, ChapterMark, CueTime, Episode, Lesson, Pause, Say, Script
from narrate.publish.check import epub_container_problem
from narrate.publish.epub import ACTIVE_CLASS, ZIP_DATE, book_name, clock, write_book
from narrate.settings import audio_formats

CONFIG = CourseConfig(
    title="Tea & <Biscuits>",
    author="A. Baker & Sons",
    description="Dunking > dipping; 1 < 2.",
    base_url="https://example.org/tea/",
    language="en-gb",
)
SAY_MS = 1500
MODIFIED = datetime(2026, 1, 12, 6, 0, tzinfo=timezone.utc)
NS = {
    "h": "http://www.w3.org/1999/xhtml",
    "s": "http://www.w3.org/ns/SMIL",
    "o": "http://www.idpf.org/2007/opf",
    "dc": "http://purl.org/dc/elements/1.1/",
    "epub": "http://www.idpf.org/2007/ops",
}


def _episode(cues, lesson: Lesson, stem: str, start_ms: int = 0) -> Episode:
    """An episode whose Say cues last SAY_MS each (starting at ``start_ms``, as after an intro
    jingle) and whose pauses last their length; a Say's ``written`` is its cue time's."""
    t, times, starts = start_ms, [], []
    for cue in cues:
        if isinstance(cue, Chapter):
            starts.append((cue.title, t))
            continue
        length = SAY_MS if isinstance(cue, Say) else cue.ms
        if isinstance(cue, Say):
            times.append(CueTime("say", cue.text, t, t + length, cue.role, written=cue.written))
        else:
            times.append(CueTime(cue.kind, "", t, t + length))
        t += length
    end = t + 400  # an outro's worth of audio after the last cue
    marks = [
        ChapterMark(title, start if i else 0, starts[i + 1][1] if i + 1 < len(starts) else end)
        for i, (title, start) in enumerate(starts)
    ]
    return Episode(lesson, Script(lesson, tuple(cues)), end, marks, times, audio_file=f"episodes/{stem}.abc.mp3")


LESSON = Lesson(id="brewing", title="Brewing tea & coffee", number=1)
CUES = (
    Chapter("Introduction"),
    Say("Tea and Biscuits."),
    Pause(350, "sentence"),
    Say("Lesson one: Brewing tea and coffee.", written="Lesson one: Brewing tea & coffee."),
    Pause(1200, "section"),
    Chapter("Water & <heat>"),
    Say("Water and heat.", written="Water & <heat>."),
    Pause(700, "paragraph"),
    Say("Boil the water to one hundred degrees.", written="Boil the water to 100 °C."),
    Pause(350, "sentence"),
    Say("Let it rest.", written=""),
    Pause(700, "paragraph"),
    Say("Pour."),
    Pause(1200, "section"),
    Chapter("Question 1"),
    Say("Question one. How long? Is it A: One minute, or B: Four minutes?", "host"),
    Pause(5000, "think"),
    Say("The answer is B: Four minutes.", "host", written="The answer is B: 4 min."),
    Pause(350, "sentence"),
    Say("Strong tea needs time.", "host"),
)
EPISODE = _episode(CUES, LESSON, "01-brewing", start_ms=2000)
SECOND = _episode(
    (Chapter("Introduction"), Say("Lesson two: Milk first?")),
    Lesson(id="milk", title="Milk first?", number=2),
    "02-milk",
)


@pytest.fixture()
def book(tmp_path: Path) -> zipfile.ZipFile:
    (tmp_path / "episodes").mkdir()
    for episode in (EPISODE, SECOND):
        (tmp_path / episode.audio_file).write_bytes(b"ID3 not really audio " + episode.lesson.id.encode())
    (tmp_path / "cover.png").write_bytes(b"\x89PNG stand-in")
    name = write_book(tmp_path, CONFIG, [EPISODE, SECOND], cover="cover.png", modified=MODIFIED)
    assert name == book_name(CONFIG.title) == "tea-biscuits.epub"
    return zipfile.ZipFile(tmp_path / name)


def _xml(book: zipfile.ZipFile, name: str):
    return lxml.etree.fromstring(book.read(name))


def _smil(book: zipfile.ZipFile, name: str) -> list[tuple[str, str, str, str]]:
    """Each par of an overlay: (text src, audio src, clipBegin, clipEnd)."""
    return [
        (par.find("s:text", NS).get("src"), *(par.find("s:audio", NS).get(k) for k in ("src", "clipBegin", "clipEnd")))
        for par in _xml(book, name).iterfind(".//s:par", NS)
    ]


@pytest.mark.parametrize(
    ("ms", "text"), [(0, "0:00:00.000"), (1, "0:00:00.001"), (61_250, "0:01:01.250"), (3_723_004, "1:02:03.004")]
)
def test_clock_values_are_smil_full_clock(ms, text):
    assert clock(ms) == text


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("How Batteries Work", "how-batteries-work.epub"),
        ("Světová kuchyně — Tiny Audio Course", "svetova-kuchyne-tiny-audio-course.epub"),
        ("أساسيات الخبز", "course.epub"),
        ("Lesson", "lesson.epub"),
    ],
)
def test_book_file_name_is_the_title_as_a_slug(title, name):
    assert book_name(title) == name


@pytest.mark.parametrize(
    ("given", "formats"),
    [
        ("epub", ("mp3", "epub")),
        ("EPUB,mp3", ("mp3", "epub")),
        ("m4b,epub", ("m4b", "epub")),
        (["epub", "m4b", "mp3"], ("mp3", "m4b", "epub")),
        ("mp3", ("mp3",)),
    ],
)
def test_epub_is_a_format_and_brings_its_audio(given, formats):
    assert normalise_formats(given) == formats
    assert audio_formats(formats) == tuple(f for f in formats if f != "epub")


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("pdf", "unknown format 'pdf' (choose from mp3, m4b, epub)"),
        ("epub,ogg", "unknown format 'ogg' (choose from mp3, m4b, epub)"),
        (" , ", "no format given (choose from mp3, m4b, epub)"),
    ],
)
def test_unknown_formats_are_refused(given, message):
    with pytest.raises(ConfigError) as info:
        normalise_formats(given)
    assert info.value.problem == message


def test_container_is_ocf_mimetype_first_stored_then_sorted(book):
    infos = book.infolist()
    assert infos[0].filename == "mimetype"
    assert infos[0].compress_type == zipfile.ZIP_STORED and infos[0].extra == b""
    assert book.read("mimetype") == b"application/epub+zip"
    names = [i.filename for i in infos[1:]]
    assert names == sorted(names)
    assert names == [
        "EPUB/audio/01-brewing.mp3",
        "EPUB/audio/02-milk.mp3",
        "EPUB/cover.xhtml",
        "EPUB/images/cover.png",
        "EPUB/nav.xhtml",
        "EPUB/package.opf",
        "EPUB/smil/01-brewing.smil",
        "EPUB/smil/02-milk.smil",
        "EPUB/style.css",
        "EPUB/text/01-brewing.xhtml",
        "EPUB/text/02-milk.xhtml",
        "META-INF/container.xml",
    ]
    assert {i.date_time for i in infos} == {ZIP_DATE}
    assert book.read("EPUB/audio/01-brewing.mp3") == b"ID3 not really audio brewing"
    stored = {i.filename for i in infos if i.compress_type == zipfile.ZIP_STORED}
    assert stored == {"mimetype", "EPUB/audio/01-brewing.mp3", "EPUB/audio/02-milk.mp3", "EPUB/images/cover.png"}


def test_overlay_lights_each_sentence_and_the_answer_after_the_think_pause(book):
    pars = _smil(book, "EPUB/smil/01-brewing.smil")
    page, audio = "../text/01-brewing.xhtml", "../audio/01-brewing.mp3"
    assert pars == [
        # Introduction: from 0 (the intro jingle), each sentence through the pause after it
        (f"{page}#cue-0", audio, "0:00:00.000", "0:00:03.850"),
        (f"{page}#cue-2", audio, "0:00:03.850", "0:00:06.550"),
        # "Water & <heat>." is the chapter's title: its heading is lit for it
        (f"{page}#cue-4", audio, "0:00:06.550", "0:00:08.750"),
        (f"{page}#cue-6", audio, "0:00:08.750", "0:00:10.600"),
        (f"{page}#cue-8", audio, "0:00:10.600", "0:00:12.800"),
        (f"{page}#cue-10", audio, "0:00:12.800", "0:00:15.500"),
        # Question 1: the question, the think pause on its own, then the answer
        (f"{page}#cue-12", audio, "0:00:15.500", "0:00:17.000"),
        (f"{page}#cue-13", audio, "0:00:17.000", "0:00:22.000"),
        (f"{page}#cue-14", audio, "0:00:22.000", "0:00:23.850"),
        (f"{page}#cue-16", audio, "0:00:23.850", "0:00:25.750"),  # to the end of the audio
    ]
    assert EPISODE.duration_ms == 25_750
    seqs = _xml(book, "EPUB/smil/01-brewing.smil").findall(".//s:seq", NS)
    assert [s.get(f"{{{NS['epub']}}}textref") for s in seqs] == [f"{page}#part-1", f"{page}#part-2", f"{page}#part-3"]


def test_page_shows_the_written_form_in_paragraphs(book):
    doc = _xml(book, "EPUB/text/01-brewing.xhtml")
    spans = {s.get("id"): s.text for s in doc.iterfind(".//h:span", NS)}
    assert spans == {
        "cue-0": "Tea and Biscuits.",
        "cue-2": "Lesson one: Brewing tea & coffee.",
        "cue-6": "Boil the water to 100 °C.",
        "cue-8": "Let it rest.",
        "cue-10": "Pour.",
        "cue-12": "Question one. How long? Is it A: One minute, or B: Four minutes?",
        "cue-13": "Think pause · 5 s",
        "cue-14": "The answer is B: 4 min.",
        "cue-16": "Strong tea needs time.",
    }
    headings = [(h.get("id"), h.text) for h in doc.iterfind(".//h:h2", NS)]
    assert headings == [("part-1-title", "Introduction"), ("cue-4", "Water & <heat>"), ("part-3-title", "Question 1")]
    paragraphs = [[s.get("id") for s in p.iterfind("h:span", NS)] for p in doc.iterfind(".//h:p", NS)]
    assert paragraphs == [
        [],
        ["cue-0", "cue-2"],
        ["cue-6", "cue-8"],
        ["cue-10"],
        ["cue-12"],
        ["cue-13"],
        ["cue-14", "cue-16"],
    ]
    assert doc.find(".//h:p", NS).text == "Lesson 1"  # the line above the title
    assert [s.get("class") for s in doc.iterfind(".//h:span", NS) if s.get("id") in ("cue-0", "cue-14")] == [
        None,
        "host",
    ]
    assert doc.get("{http://www.w3.org/XML/1998/namespace}lang") == "en-gb"


def test_package_declares_each_overlay_its_duration_and_the_active_class(book):
    opf = _xml(book, "EPUB/package.opf")
    metas = [(m.get("property"), m.get("refines"), m.text) for m in opf.iterfind(".//o:meta", NS)]
    assert ("media:duration", None, "0:00:27.650") in metas  # 25 750 + 1 900 ms
    assert ("media:duration", "#mo-01-brewing", "0:00:25.750") in metas
    assert ("media:duration", "#mo-02-milk", "0:00:01.900") in metas
    assert ("media:active-class", None, ACTIVE_CLASS) in metas
    assert ("dcterms:modified", None, "2026-01-12T06:00:00Z") in metas
    assert opf.findtext("o:metadata/dc:title", namespaces=NS) == "Tea & <Biscuits>"
    assert opf.findtext("o:metadata/dc:creator", namespaces=NS) == "A. Baker & Sons"
    assert opf.findtext("o:metadata/dc:identifier", namespaces=NS).startswith("urn:uuid:")
    items = {i.get("id"): i.attrib for i in opf.iterfind(".//o:item", NS)}
    assert items["page-01-brewing"]["media-overlay"] == "mo-01-brewing"
    assert items["mo-01-brewing"]["media-type"] == "application/smil+xml"
    assert items["audio-01-brewing"]["media-type"] == "audio/mpeg"
    assert items["cover-image"]["properties"] == "cover-image"
    assert [r.get("idref") for r in opf.iterfind(".//o:itemref", NS)] == ["cover", "page-01-brewing", "page-02-milk"]
    assert ACTIVE_CLASS in book.read("EPUB/style.css").decode()


def test_contents_list_each_lesson_and_its_chapters(book):
    nav = _xml(book, "EPUB/nav.xhtml")
    toc = nav.find(".//h:nav[@id='toc']", NS)
    lessons = [(a.get("href"), a.text) for a in toc.iterfind("h:ol/h:li/h:a", NS)]
    assert lessons == [("text/01-brewing.xhtml", "Brewing tea & coffee"), ("text/02-milk.xhtml", "Milk first?")]
    chapters = [(a.get("href"), a.text) for a in toc.iterfind("h:ol/h:li/h:ol/h:li/h:a", NS)]
    assert chapters == [
        ("text/01-brewing.xhtml#part-1", "Introduction"),
        ("text/01-brewing.xhtml#part-2", "Water & <heat>"),
        ("text/01-brewing.xhtml#part-3", "Question 1"),
        ("text/02-milk.xhtml#part-1", "Introduction"),
    ]


def test_the_same_episodes_give_the_same_bytes(book, tmp_path):
    again = write_book(tmp_path, CONFIG, [EPISODE, SECOND], cover="cover.png", modified=MODIFIED)
    assert (tmp_path / again).read_bytes() == Path(book.filename).read_bytes()


def test_no_episode_no_book(tmp_path):
    silent = _episode((Chapter("Introduction"), Pause(700, "paragraph")), Lesson(id="hush", title="Hush"), "01-hush")
    assert write_book(tmp_path, CONFIG, [], cover=None, modified=MODIFIED) is None
    assert write_book(tmp_path, CONFIG, [silent], cover=None, modified=MODIFIED) is None  # nothing to read
    assert list(tmp_path.iterdir()) == []


def test_without_a_cover_the_book_has_no_cover_page(tmp_path):
    (tmp_path / "episodes").mkdir()
    (tmp_path / SECOND.audio_file).write_bytes(b"audio")
    name = write_book(tmp_path, CONFIG, [SECOND], cover=None, modified=MODIFIED)
    with zipfile.ZipFile(tmp_path / name) as book:
        assert not [n for n in book.namelist() if "cover" in n]
        opf = _xml(book, "EPUB/package.opf")
        assert [r.get("idref") for r in opf.iterfind(".//o:itemref", NS)] == ["page-02-milk"]
        landmarks = _xml(book, "EPUB/nav.xhtml").find(".//h:nav[@id='landmarks']", NS)
        assert [a.get("href") for a in landmarks.iterfind(".//h:a", NS)] == ["text/02-milk.xhtml"]


def test_the_book_is_identified_as_the_show(tmp_path):
    (tmp_path / "episodes").mkdir()
    (tmp_path / SECOND.audio_file).write_bytes(b"audio")
    show = "917393e3-1b1e-5cef-ace4-edaa54e1f810"
    name = write_book(tmp_path, CONFIG, [SECOND], cover=None, modified=MODIFIED, identifier=show)
    with zipfile.ZipFile(tmp_path / name) as book:
        assert _xml(book, "EPUB/package.opf").findtext("o:metadata/dc:identifier", namespaces=NS) == f"urn:uuid:{show}"


def _zip(path, entries, *, compress_mimetype=False):
    """A ZIP of ``entries`` (name → bytes) in order; ``mimetype`` deflated when ``compress_mimetype``."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            deflate = name != "mimetype" or compress_mimetype
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED)
    return path


CONTAINER = ("META-INF/container.xml", b"<container/>")
MIMETYPE = ("mimetype", b"application/epub+zip")
BOOKS = [
    ("whole", [MIMETYPE, CONTAINER], False, None),
    ("mimetype second", [CONTAINER, MIMETYPE], False, "not an EPUB: its first entry is not an uncompressed 'mimetype'"),
    (
        "mimetype deflated",
        [MIMETYPE, CONTAINER],
        True,
        "not an EPUB: its first entry is not an uncompressed 'mimetype'",
    ),
    ("another media type", [("mimetype", b"application/zip"), CONTAINER], False, "not an EPUB: its mimetype is not"),
    ("no container", [MIMETYPE, ("EPUB/a.xhtml", b"<html/>")], False, "not an EPUB: no META-INF/container.xml"),
    ("empty zip", [], False, "not an EPUB: its first entry is not an uncompressed 'mimetype'"),
]


@pytest.mark.parametrize(("what", "entries", "deflated", "problem"), BOOKS, ids=[b[0] for b in BOOKS])
def test_check_looks_inside_a_book(tmp_path, what, entries, deflated, problem):
    book = _zip(tmp_path / "b.epub", entries, compress_mimetype=deflated)
    found = epub_container_problem(book)
    assert (found is None) if problem is None else found.startswith(problem)


def test_check_reports_a_book_that_is_not_a_zip(tmp_path):
    book = tmp_path / "b.epub"
    book.write_bytes(b"junk")
    assert epub_container_problem(book) == "not an EPUB: cannot read it as a ZIP (File is not a zip file)"
