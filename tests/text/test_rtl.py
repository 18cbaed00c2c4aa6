"""Right-to-left courses: an Arabic one-lesson course builds with the Arabic voice, passes
``narrate check``, and its preview is laid out right to left in a real Chromium.

The course (tests/fixtures/arabic_course) gives its own Arabic framing phrases in course.yaml, with
``fallback: en`` for the rest. The screenshot is saved to tests/_artifacts/arabic-preview.png.
"""

from __future__ import annotations

import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, browser_or_skip

from narrate.pipeline import build, load
from narrate.publish.check import check_output
from narrate.publish.preview import page_stem
from narrate.publish.serve import make_server
from narrate.speech.cache import UtteranceCache
from narrate.speech.synthesis import plan
from narrate.text.phrases import is_rtl

COURSE = Path(__file__).resolve().parents[1] / "fixtures" / "arabic_course"
pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("tag", "rtl"), [("ar", True), ("he-IL", True), ("fa", True), ("ur", True), ("en", False), ("de", False)]
)
def test_rtl_languages(tag: str, rtl: bool):
    assert is_rtl(tag) is rtl


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("arabic-out")
    cache = UtteranceCache(tmp_path_factory.mktemp("arabic-cache"))
    result = build(COURSE, out, cache=cache)
    return out, result, cache


def test_arabic_course_builds_with_the_arabic_voice_and_passes_check(built):
    out, result, cache = built
    assert [p.message for p in check_output(out)] == []
    loaded = load(COURSE)
    speakers = plan([result.episodes[0].script], loaded.config, cache).speakers
    assert speakers["narrator"].voice == "sem/ar"
    channel = ET.parse(out / "feed.xml").getroot().find("channel")
    assert channel is not None and channel.findtext("language") == "ar"
    assert channel.findtext("title") == "أساسيات الخبز"  # stored in logical order, never reordered
    vtt = (out / result.episodes[0].files["vtt"]).read_text(encoding="utf-8")
    assert "نحتاج إلى 500 غرام من الدقيق" in " ".join(vtt.split())  # digits left to the Arabic voice
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl"' in index and "معاينة الدورة" in index


def test_preview_is_right_to_left_in_chromium(built):
    out, result, _ = built
    sync_playwright = browser_or_skip()
    server = make_server(out)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(f"{base}episodes/{page_stem(result.episodes[0])}.html")
                page.wait_for_function("document.documentElement.classList.contains('js')")
                assert page.evaluate("document.documentElement.dir") == "rtl"
                assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
                heading = page.locator("h1")
                assert heading.inner_text() == "العجين"
                box = heading.bounding_box()
                width = page.evaluate("document.querySelector('h1').parentElement.getBoundingClientRect().right")
                assert box is not None and abs(box["x"] + box["width"] - width) < 4  # set against the right edge
                first_cue = page.locator(".cue.say .words").first
                assert first_cue.evaluate("e => getComputedStyle(e).direction") == "rtl"
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "arabic-preview.png"), full_page=True)
                page.goto(f"{base}index.html")
                assert page.evaluate("getComputedStyle(document.querySelector('h1')).textAlign") in ("start", "right")
                page.screenshot(path=str(ARTIFACTS / "arabic-course.png"))
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
