"""The author preview in a real headless browser: Debian's Chromium driven by Playwright.

Builds the tiny fixture course (tests/fixtures/preview_course) with the real default engine, writes
the preview, serves the output folder over http://127.0.0.1 with ``narrate serve``'s server (HTTP byte
ranges, which Chromium needs to seek in audio), and checks chapter jumps, the highlighted cue, hidden quiz answers and the
keyboard. Screenshots of the course page and an episode page at phone and desktop widths are saved
to tests/_artifacts/ (gitignored).

Needs /usr/bin/chromium (``apt-get install chromium``; scripts/setup.sh installs it) and the
``playwright`` Python package (never ``playwright install``: the system Chromium is used). Without
them the test is skipped, except when the CI environment variable is set.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, browser_or_skip

from narrate.options import BuildOptions
from narrate.pipeline import build, load
from narrate.publish.preview import page_stem, script_chapters, write_preview
from narrate.publish.serve import make_server

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
COURSE = FIXTURES / "preview_course"
RESPELT = ("kettle", "kettul")  # a lexicon respelling: heard, never shown (the preview shows it on hover)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built fixture course with its preview, served on 127.0.0.1: (out_dir, base_url, episodes)."""
    out = tmp_path_factory.mktemp("preview-site")
    lexicon = tmp_path_factory.mktemp("lexicon") / "lexicon.yaml"
    lexicon.write_text(f"{RESPELT[0]}: {RESPELT[1]}\n", encoding="utf-8")
    result = build(COURSE, out, BuildOptions(lexicon_file=lexicon))
    config = load(COURSE).config
    image = "cover.png" if (out / "cover.png").exists() else None
    write_preview(out, config, result.episodes, image_file=image)
    server = make_server(out)  # what `narrate serve` runs: byte ranges, so Chromium can seek the audio
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield out, f"http://127.0.0.1:{server.server_address[1]}/", result.episodes
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser():
    sync_playwright = browser_or_skip()
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


def _quiz_episode(episodes):
    return next(ep for ep in episodes if ep.lesson.quiz)


def _open(browser, url, viewport, requests=None):
    context = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    if requests is not None:
        page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    page.wait_for_function("document.documentElement.classList.contains('js')")
    return context, page, errors


def test_chapter_jump_highlight_answers_and_keys(site, browser):
    out, base, episodes = site
    episode = _quiz_episode(episodes)
    blocks = script_chapters(episode)
    quiz = next(b for b in blocks if b.title == "Quiz")
    question = next(b for b in blocks if b.title == "Question 1: Where do the first bubbles form?")
    think = next(r for r in question.rows if r.kind == "think")
    reveal = next(r for r in question.rows if r.answer_after_ms == think.end_ms)
    assert reveal.text == "The answer is option B: At the base."

    requests: list[str] = []
    context, page, errors = _open(browser, f"{base}episodes/{page_stem(episode)}.html", DESKTOP, requests)
    try:
        page.wait_for_function("document.getElementById('audio').readyState >= 1")
        duration = page.evaluate("document.getElementById('audio').duration")
        assert abs(duration * 1000 - episode.duration_ms) < 150
        page.evaluate("""() => { const a = document.getElementById('audio'); a.muted = true;
            window.seekedAt = null; a.addEventListener('seeked', () => { window.seekedAt = a.currentTime; }); }""")

        # 1. Click the quiz chapter: the audio jumps to its start.
        page.locator("button.chapter").filter(has=page.locator(".title", has_text=re.compile("^Quiz$"))).click()
        page.wait_for_function("window.seekedAt !== null")
        assert abs(page.evaluate("window.seekedAt") - quiz.start_ms / 1000) < 0.3
        assert page.locator("button.chapter[aria-current=true] .title").inner_text() == "Quiz"

        # 2. Play a moment, pause: the highlighted cue is the one whose [start, end) holds currentTime.
        page.wait_for_function(f"document.getElementById('audio').currentTime > {quiz.start_ms / 1000 + 1.0}")
        page.evaluate("document.getElementById('audio').pause()")
        page.wait_for_function("""() => { const t = document.getElementById('audio').currentTime * 1000;
            const c = document.querySelector('.cue.current');
            return c && +c.dataset.start <= t && t < +c.dataset.end; }""")
        now_ms = page.evaluate("document.getElementById('audio').currentTime * 1000")
        expected = [r for b in blocks for r in b.rows if r.start_ms <= now_ms < r.end_ms]
        assert len(expected) == 1
        assert page.locator(".cue.current").count() == 1
        assert page.locator(".cue.current").get_attribute("id") == expected[0].id
        prefix = "" if expected[0].role == "narrator" else expected[0].role.capitalize() + " "
        assert page.locator(".cue.current .text").text_content() == prefix + expected[0].text

        # 3. The answer stays hidden until the think pause has passed; "Show answer" reveals it early.
        answer = page.locator(f"#{reveal.id}")
        assert "concealed" in answer.get_attribute("class")
        assert answer.locator(".text").get_attribute("aria-hidden") == "true"
        page.locator(f"#{think.id} .cue-time").click()  # play from the think pause
        page.evaluate("document.getElementById('audio').pause()")
        assert "concealed" in answer.get_attribute("class")
        page.evaluate(f"document.getElementById('audio').currentTime = {(think.end_ms + 50) / 1000}")
        page.wait_for_function(f"!document.getElementById('{reveal.id}').classList.contains('concealed')")
        second = next(b for b in blocks if b.title == "Question 2: On a mountain, water boils at a … temperature.")
        second_reveal = next(r for r in second.rows if r.answer_after_ms is not None)
        assert "concealed" in page.locator(f"#{second_reveal.id}").get_attribute("class")
        page.locator(f"#{second_reveal.id} .reveal").click()
        assert "concealed" not in page.locator(f"#{second_reveal.id}").get_attribute("class")
        assert page.locator(f"#{second_reveal.id} .text").text_content() == "Host " + second_reveal.text

        # 4. Keyboard: arrows step through cues, space plays and pauses.
        rows = [r for b in blocks for r in b.rows]
        page.evaluate("document.getElementById('audio').currentTime = 0")
        page.locator("h1").click()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert abs(page.evaluate("document.getElementById('audio').currentTime") - rows[2].start_ms / 1000) < 0.01
        page.keyboard.press("ArrowLeft")
        assert abs(page.evaluate("document.getElementById('audio').currentTime") - rows[1].start_ms / 1000) < 0.01
        page.keyboard.press("Space")
        page.wait_for_function("!document.getElementById('audio').paused")
        page.keyboard.press("Space")
        page.wait_for_function("document.getElementById('audio').paused")

        assert errors == []
        assert all(url.startswith((base, "data:")) for url in requests), requests
    finally:
        context.close()


def test_works_from_file_url(site, browser):
    out, _, episodes = site
    episode = _quiz_episode(episodes)
    url = (out / "episodes" / f"{page_stem(episode)}.html").as_uri()
    context, page, errors = _open(browser, url, DESKTOP)
    try:
        page.wait_for_function("document.getElementById('audio').readyState >= 1")
        titles = page.locator("button.chapter .title").all_inner_texts()
        assert titles == [c.title for c in episode.chapters]
        start = episode.chapters[-1].start_ms
        page.locator("button.chapter").last.click()
        page.evaluate("document.getElementById('audio').pause()")
        assert abs(page.evaluate("document.getElementById('audio').currentTime") - start / 1000) < 0.3
        assert errors == []
    finally:
        context.close()


def test_rows_show_the_written_form_and_the_spoken_one_on_hover(site, browser):
    out, base, episodes = site
    episode = next(ep for ep in episodes if ep.lesson.id == "boiling")
    rows = [r for b in script_chapters(episode) for r in b.rows if r.kind == "say"]
    row = next(r for r in rows if r.text == "A kettle warms water from the bottom.")
    assert row.said == "A kettul warms water from the bottom."
    context, page, errors = _open(browser, f"{base}episodes/{page_stem(episode)}.html", DESKTOP)
    try:
        words = page.locator(f"#{row.id} .words")
        words.hover()
        assert words.inner_text() == "A kettle warms water from the bottom."
        assert words.get_attribute("title") == "A kettul warms water from the bottom."
        assert RESPELT[1] not in page.locator("#script").inner_text()  # heard, never shown
        assert page.locator("#script .words[title]").count() == sum(1 for r in rows if r.said)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("name,viewport", [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(site, browser, name, viewport):
    out, base, episodes = site
    ARTIFACTS.mkdir(exist_ok=True)
    context, page, errors = _open(browser, f"{base}index.html", viewport)
    try:
        assert page.locator(".episode-card").count() == len(episodes)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], "the course page scrolls sideways"
        page.screenshot(path=str(ARTIFACTS / f"preview-course-{name}.png"), full_page=True)
        page.locator(".episode-link").first.click()
        page.wait_for_url(re.compile(r"/episodes/.+\.html$"))
        page.wait_for_function("document.documentElement.classList.contains('js')")
        page.wait_for_function("document.getElementById('audio').readyState >= 1")
        episode = _quiz_episode(episodes)
        question = next(b for b in script_chapters(episode) if b.title.startswith("Question 1: "))
        think = next(r for r in question.rows if r.kind == "think")
        page.evaluate(f"document.getElementById('audio').currentTime = {(think.start_ms + 700) / 1000}")
        page.wait_for_function(f"document.getElementById('{think.id}').classList.contains('current')")
        page.locator(f"#{think.id}").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=str(ARTIFACTS / f"preview-episode-{name}.png"))
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / f"preview-episode-{name}-top.png"))
        assert errors == []
    finally:
        context.close()
    assert (ARTIFACTS / f"preview-course-{name}.png").stat().st_size > 10_000


def test_copy_feed_url(site, browser):
    _, base, _ = site
    context, page, errors = _open(browser, f"{base}index.html", DESKTOP)
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
        page.get_by_role("button", name="Copy").click()
        page.wait_for_function("document.getElementById('copy-status').textContent !== ''")
        assert page.locator("#copy-status").text_content() == "Feed URL copied."
        # narrate serve rewrites the feed's URLs to the address the request came in on (a phone
        # subscribes to what it reached), so the copied feed URL is the served one
        assert page.evaluate("navigator.clipboard.readText()") == f"{base}feed.xml"
        assert errors == []
    finally:
        context.close()
