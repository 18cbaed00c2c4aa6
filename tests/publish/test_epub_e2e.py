"""The read-along book built for real (espeak-ng and ffmpeg): the sample course and a pasted lesson
page as EPUBs that EPUBCheck passes with no error and no warning, the same bytes on a rebuild, and
the sample course's first lesson read in Chromium by a small Media Overlays reader
(tests/publish/epub_reader.html) whose highlight follows the audio, the quiz answer lit only after
its think pause.

EPUBCheck is Debian's ``epubcheck`` (scripts/setup.sh --dev installs it), run as
``java -jar /usr/share/java/epubcheck.jar`` (its /usr/bin link to the jar needs binfmt_misc), else an
``epubcheck`` command (Homebrew's); without it, or
without Chromium, those tests are skipped, except when the CI environment variable is set.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import zipfile
from pathlib import Path

import pytest
from browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, browser_or_skip
from click.testing import CliRunner

from narrate import BuildOptions
from narrate.cli import main
from narrate.pipeline import build
from narrate.publish.epub import ACTIVE_CLASS
from narrate.publish.serve import make_server

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "tests" / "fixtures" / "pages" / "tides-lesson-02.txt"
READER = Path(__file__).resolve().parent / "epub_reader.html"
EPUBCHECK = Path("/usr/share/java/epubcheck.jar")
OPTIONS = BuildOptions(engine="pyttsx3", formats="epub", quiet=True)


def _epubcheck(book: Path) -> str:
    """EPUBCheck's report on ``book``: Debian's jar, else an ``epubcheck`` command (Homebrew's)."""
    if EPUBCHECK.exists() and shutil.which("java"):
        command = ["java", "-jar", str(EPUBCHECK)]
    elif shutil.which("epubcheck") and Path(shutil.which("epubcheck") or "").resolve().suffix != ".jar":
        command = ["epubcheck"]
    elif os.environ.get("CI"):
        pytest.fail(f"{EPUBCHECK} is missing in CI (scripts/setup.sh --dev installs Debian's epubcheck)")
    else:
        pytest.skip("epubcheck not installed (sudo apt-get install epubcheck, or run scripts/setup.sh --dev)")
    run = subprocess.run([*command, str(book)], capture_output=True, text=True, timeout=300)
    return run.stdout + run.stderr


@pytest.fixture(scope="module")
def course_book(tmp_path_factory):
    out = tmp_path_factory.mktemp("epub-course")
    result = build(ROOT / "content", out, OPTIONS)
    return out / "how-batteries-work.epub", result


@pytest.fixture(scope="module")
def page_book(tmp_path_factory):
    out = tmp_path_factory.mktemp("epub-page")
    result = build(PAGE, out, OPTIONS)
    return out / "why-the-sea-rises-and-falls.epub", result


@pytest.mark.parametrize("which", ["course_book", "page_book"])
def test_epubcheck_finds_no_error_and_no_warning(which, request):
    book, result = request.getfixturevalue(which)
    assert result.book == book
    report = _epubcheck(book)
    assert "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos" in report, report
    assert "No errors or warnings detected." in report
    with zipfile.ZipFile(book) as container:
        audio = sorted(n for n in container.namelist() if n.startswith("EPUB/audio/"))
        assert len(audio) == len(result.episodes)
        for name, episode in zip(audio, result.episodes):  # the published episode files, byte for byte
            assert container.read(name) == (result.out_dir / episode.audio_file).read_bytes()


def test_a_rebuild_into_another_folder_gives_the_same_book(course_book, tmp_path):
    book, _ = course_book
    build(ROOT / "content", tmp_path, OPTIONS)
    assert (tmp_path / book.name).read_bytes() == book.read_bytes()


def test_asking_for_the_book_later_reuses_every_episode(tmp_path):
    first = build(PAGE, tmp_path, BuildOptions(engine="pyttsx3", quiet=True))
    assert not list(tmp_path.glob("*.epub"))
    run = CliRunner().invoke(main, ["build", str(PAGE), "-o", str(tmp_path), "--engine", "pyttsx3", "--format", "epub"])
    assert run.exit_code == 0, run.output
    book = tmp_path / "why-the-sea-rises-and-falls.epub"
    lines = run.stdout.splitlines()
    assert lines[-2].startswith(
        f"Built 0 episodes in {tmp_path} (1 more up to date); 0 sentences spoken"
    )  # nothing encoded
    assert lines[-1] == f"Read-along book: {book}"
    with zipfile.ZipFile(book) as container:
        assert (
            container.read("EPUB/audio/02-tides-lesson-02.mp3")
            == (tmp_path / first.episodes[0].audio_file).read_bytes()
        )


@pytest.fixture(scope="module")
def reader_site(course_book, tmp_path_factory):
    """The sample course's book unzipped beside the test reader, served on 127.0.0.1 (byte ranges)."""
    book, result = course_book
    folder = tmp_path_factory.mktemp("epub-site")
    with zipfile.ZipFile(book) as container:
        container.extractall(folder)
    shutil.copy(READER, folder / "reader.html")
    server = make_server(folder, rewrite=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/reader.html", result
    finally:
        server.shutdown()
        server.server_close()


def _lit(page) -> tuple[int, str | None]:
    """(audio time in ms, id of the one element with the active class)."""
    return page.evaluate(
        """(cls) => { const lit = document.getElementsByClassName(cls);
            if (lit.length > 1) throw new Error(lit.length + ' elements lit');
            return [Math.round(document.getElementById('audio').currentTime * 1000), lit.length ? lit[0].id : null]; }""",
        ACTIVE_CLASS,
    )


def test_the_highlight_follows_the_audio_in_chromium(reader_site):
    url, result = reader_site
    sync_playwright = browser_or_skip()
    assert CHROMIUM.exists()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 900, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url + "?page=0")
            page.wait_for_function("document.documentElement.dataset.ready !== undefined")
            assert page.evaluate("document.documentElement.dataset.ready") == "yes"
            pars = page.evaluate("window.reader.pars")
            episode = result.episodes[0]
            assert pars[0]["begin"] == 0 and pars[-1]["end"] == episode.duration_ms
            assert all(a["end"] == b["begin"] for a, b in zip(pars, pars[1:]))  # no gap, no overlap

            # 1. Play from the start: the lit element changes as the audio advances, in the overlay's order.
            page.wait_for_function("document.getElementById('audio').readyState >= 1")
            page.evaluate(
                "() => { const a = document.getElementById('audio'); a.muted = true; a.playbackRate = 2; a.play(); }"
            )
            third = pars[2]["begin"] + 300
            page.wait_for_function(f"document.getElementById('audio').currentTime * 1000 > {third}", timeout=20_000)
            page.evaluate("document.getElementById('audio').pause()")
            log = page.evaluate("window.lit")
            ids = [element for _, element in log]
            assert ids[:3] == [pars[0]["id"], pars[1]["id"], pars[2]["id"]], log
            for at_ms, element in log:  # each change happened within its element's clip
                par = next(p for p in pars if p["id"] == element)
                assert par["begin"] - 60 <= at_ms < par["end"] + 60, (at_ms, par)
            now_ms, element = _lit(page)
            assert next(p for p in pars if p["begin"] <= now_ms < p["end"])["id"] == element
            assert page.evaluate(f"getComputedStyle(document.getElementById('{element}')).backgroundColor") == (
                "rgb(255, 229, 138)"  # the book's own style for its active class
            )

            # 2. The first quiz answer is lit only once its think pause has passed.
            think = next(i for i, p in enumerate(pars) if p["id"] and _text(page, p["id"]).startswith("Think pause"))
            question, pause, answer = pars[think - 1], pars[think], pars[think + 1]
            said = next(t for t in episode.cue_times if t.kind == "say" and t.start_ms == answer["begin"])
            assert _text(page, answer["id"]) == (said.written or said.text)  # as the transcripts show it
            assert _text(page, answer["id"]).startswith("The answer is") and "electrolyte" in said.text
            for at_ms, expected in (
                (question["begin"] + 200, question),
                (pause["begin"] + 200, pause),
                (pause["end"] - 200, pause),
                (answer["begin"] + 200, answer),
            ):
                page.evaluate(f"document.getElementById('audio').currentTime = {at_ms / 1000}")
                page.wait_for_function(
                    f"document.getElementsByClassName('{ACTIVE_CLASS}')[0]?.id === '{expected['id']}'", timeout=5_000
                )
            assert pause["end"] - pause["begin"] >= 5000  # the course's five-second think pause, at least
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "epub-reader.png"))
            assert errors == []
        finally:
            browser.close()


def _text(page, element_id: str) -> str:
    return re.sub(r"\s+", " ", page.evaluate(f"document.getElementById('{element_id}').textContent")).strip()
