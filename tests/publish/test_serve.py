"""Tests for narrate.publish.serve: byte ranges (RFC 7233), HEAD, MIME types, no traversal, the rebuild watcher.

Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import os
import random
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import sample_config

from narrate.errors import ContentError
from narrate.model import BuildResult, Episode, Lesson, Script
from narrate.publish.episode import MIME_TYPES
from narrate.publish.feed import render_feed
from narrate.publish.media_types import content_type
from narrate.publish.serve import Reloads, Watcher, banner, make_server, parse_range, qr_code, rebuild_report
from narrate.settings import AUDIO_FORMATS as FORMATS

SIZE = 5000
DATA = random.Random(20260105).randbytes(SIZE)


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("serve")


@pytest.fixture(scope="module")
def site(site_dir):
    tmp_path = site_dir
    out = tmp_path / "out"
    (out / "episodes").mkdir(parents=True)
    (out / "episodes" / "01-tides.mp3").write_bytes(DATA)
    (out / "episodes" / "01-tides.vtt").write_text("WEBVTT\n", encoding="utf-8")
    (out / "episodes" / "01-tides.srt").write_text("", encoding="utf-8")
    (out / "episodes" / "01-tides.chapters.json").write_text("{}\n", encoding="utf-8")
    (out / "episodes" / "02 marée.m4a").write_bytes(b"m4a-bytes")
    (out / "feed.xml").write_text("<rss/>", encoding="utf-8")
    (out / ".narrate.lock").write_text("", encoding="utf-8")
    (out / "empty.mp3").write_bytes(b"")
    (tmp_path / "secret.txt").write_text("private", encoding="utf-8")
    server = make_server(out, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()
    thread.join()


def request(port: int, path: str, method: str = "GET", headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        conn.close()


MP3 = "/episodes/01-tides.mp3"


def test_whole_file(site):
    status, headers, body = request(site, MP3)
    assert status == 200
    assert body == DATA
    assert headers["content-length"] == "5000"
    assert headers["content-type"] == "audio/mpeg"
    assert headers["accept-ranges"] == "bytes"
    assert "content-range" not in headers


def test_closed_range(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=100-199"})
    assert status == 206
    assert body == DATA[100:200]
    assert headers["content-range"] == "bytes 100-199/5000"
    assert headers["content-length"] == "100"
    assert headers["content-type"] == "audio/mpeg"


def test_suffix_range(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=-300"})
    assert status == 206
    assert body == DATA[4700:]
    assert headers["content-range"] == "bytes 4700-4999/5000"
    assert headers["content-length"] == "300"


def test_suffix_longer_than_file(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=-9000"})
    assert (status, headers["content-range"], body) == (206, "bytes 0-4999/5000", DATA)


def test_open_ended_range(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=4990-"})
    assert status == 206
    assert body == DATA[4990:]
    assert headers["content-range"] == "bytes 4990-4999/5000"
    assert headers["content-length"] == "10"


def test_range_end_clamped(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=4000-999999"})
    assert (status, headers["content-range"], body) == (206, "bytes 4000-4999/5000", DATA[4000:])


def test_first_byte(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=0-0"})
    assert (status, headers["content-length"], body) == (206, "1", DATA[:1])


def test_unsatisfiable(site):
    status, headers, body = request(site, MP3, headers={"Range": "bytes=5000-5100"})
    assert status == 416
    assert headers["content-range"] == "bytes */5000"
    assert body == b""


def test_range_on_empty_file(site):
    status, headers, _ = request(site, "/empty.mp3", headers={"Range": "bytes=0-"})
    assert (status, headers["content-range"]) == (416, "bytes */0")


@pytest.mark.parametrize("header", ["bytes=0-1,5-6", "items=0-5", "bytes=9-3", "bytes=abc", "bytes=-"])
def test_unusable_range_gives_whole_file(site, header):
    status, headers, body = request(site, MP3, headers={"Range": header})
    assert (status, headers["content-length"], body) == (200, "5000", DATA)


def test_if_range_with_other_date_gives_whole_file(site):
    status, _, body = request(site, MP3, headers={"Range": "bytes=0-9", "If-Range": "Mon, 05 Jan 2026 06:00:00 GMT"})
    assert (status, body) == (200, DATA)


def test_if_range_with_current_date(site):
    _, headers, _ = request(site, MP3, method="HEAD")
    status, _, body = request(site, MP3, headers={"Range": "bytes=0-9", "If-Range": headers["last-modified"]})
    assert (status, body) == (206, DATA[:10])


def test_head(site):
    status, headers, body = request(site, MP3, method="HEAD")
    assert (status, headers["content-length"], headers["accept-ranges"], body) == (200, "5000", "bytes", b"")


def test_head_with_range(site):
    status, headers, body = request(site, MP3, method="HEAD", headers={"Range": "bytes=100-199"})
    assert (status, headers["content-range"], headers["content-length"], body) == (
        206,
        "bytes 100-199/5000",
        "100",
        b"",
    )


@pytest.mark.parametrize(
    "path, mime",
    [
        ("/feed.xml", "application/rss+xml"),
        ("/episodes/01-tides.vtt", "text/vtt; charset=utf-8"),
        ("/episodes/01-tides.srt", "application/x-subrip; charset=utf-8"),
        ("/episodes/01-tides.chapters.json", "application/json"),
        ("/episodes/02%20mar%C3%A9e.m4a", "audio/mp4"),
    ],
)
def test_content_types(site, path, mime):
    status, headers, _ = request(site, path, method="HEAD")
    assert (status, headers["content-type"]) == (200, mime)


def test_percent_encoded_name(site):
    status, _, body = request(site, "/episodes/02%20mar%C3%A9e.m4a")
    assert (status, body) == (200, b"m4a-bytes")


@pytest.mark.parametrize(
    "path", ["/../secret.txt", "/episodes/../../secret.txt", "/%2e%2e/secret.txt", "/episodes/..%2f..%2fsecret.txt"]
)
def test_traversal_refused(site, path):
    status, _, body = request(site, path)
    assert status == 403
    assert b"private" not in body


def test_symlink_out_of_folder_refused(site, site_dir):
    (site_dir / "out" / "link.txt").symlink_to(site_dir / "secret.txt")
    status, _, body = request(site, "/link.txt")
    assert status == 404
    assert b"private" not in body


def test_hidden_files_not_served(site):
    assert request(site, "/.narrate.lock")[0] == 404


def test_missing_file(site):
    assert request(site, "/episodes/99-none.mp3")[0] == 404


@pytest.mark.parametrize(
    "header, size, expected",
    [
        ("bytes=100-199", 5000, (100, 199)),
        ("bytes=-1", 5000, (4999, 4999)),
        ("bytes=0-", 1, (0, 0)),
        (" bytes = 7 - 9 ", 10, (7, 9)),
        ("bytes=10-", 10, "unsatisfiable"),
        ("bytes=-0", 10, "unsatisfiable"),
        ("bytes=-5", 0, "unsatisfiable"),
        (None, 10, None),
        ("bytes=1-2, 4-5", 10, None),
    ],
)
def test_parse_range(header, size, expected):
    assert parse_range(header, size) == expected


# ---------------------------------------------------------------- banner and watcher


def test_banner_tells_a_phone_where_to_subscribe(tmp_path):
    (tmp_path / "feed.xml").write_text(
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>'
        '<atom:link href="https://example.org/tides/feed.xml" rel="self"/></channel></rss>',
        encoding="utf-8",
    )
    lines = banner("http://192.168.1.20:8000/", tmp_path)
    assert lines == [
        f"Serving {tmp_path} at http://192.168.1.20:8000/",
        "Feed: http://192.168.1.20:8000/feed.xml",
        "Preview: http://192.168.1.20:8000/index.html",
        'A phone on the same network can subscribe to this feed URL ("add a podcast by URL"),',
        "or scan the QR code below; the feed's links follow the address the phone used.",
        "(The built feed lists its files under https://example.org/tides/; served here, they point to this server.)",
        "Press Ctrl-C to stop.",
    ]
    assert len(banner("https://example.org/tides/", tmp_path)) == 6


@pytest.mark.parametrize("url", ["http://192.168.1.20:8000/feed.xml", "http://10.0.0.7:8765/feed.xml"])
def test_qr_code_encodes_the_feed_url(url):
    segno = pytest.importorskip("segno")
    drawn = qr_code(url).splitlines()
    symbol = segno.make(url, micro=False, error="m")
    width = symbol.symbol_size(border=2)[0]
    assert len(drawn) == (width + 1) // 2  # two modules per text line (half blocks)
    assert {len(line) for line in drawn} == {width}
    assert set("".join(drawn)) <= {" ", "█", "▀", "▄"}
    assert qr_code(url) == qr_code(url)


def test_reloads_wakes_waiters():
    reloads = Reloads()
    assert reloads.wait(0, 0.01) == 0
    threading.Timer(0.05, reloads.notify).start()
    assert reloads.wait(0, 5) == 1
    reloads.close()
    assert reloads.wait(1, 5) == 1 and reloads.closed


class FakeBuild:
    def __init__(self, error: Exception | None = None):
        self.calls: list[tuple[Path, Path]] = []
        self.error = error

    def __call__(self, content, out_dir):
        self.calls.append((content, out_dir))
        if self.error:
            raise self.error

        return BuildResult(out_dir, [], skipped_episodes=2, rebuilt=("02-waves",))


def test_watcher_rebuilds_on_change(tmp_path):
    content = tmp_path / "content"
    (content / "lessons").mkdir(parents=True)
    lesson = content / "lessons" / "01.yaml"
    lesson.write_text("title: One\n", encoding="utf-8")
    (content / ".git").mkdir()
    build, printed = FakeBuild(), []
    watcher = Watcher(content, tmp_path / "out", build=build, echo=printed.append)
    assert watcher.poll() is False
    (content / ".git" / "index").write_text("x", encoding="utf-8")  # hidden: ignored
    assert watcher.poll() is False
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "feed.xml").write_text("<rss/>", encoding="utf-8")  # outside content: ignored
    assert watcher.poll() is False
    stat = lesson.stat()
    os.utime(lesson, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    assert watcher.poll() is True
    assert build.calls == [(content, tmp_path / "out")]
    assert len(printed) == 1 and printed[0].startswith("Rebuilt 1 episode (02-waves) in ")
    assert printed[0].endswith(" s; 2 up to date")
    assert watcher.poll() is False
    (content / "lessons" / "02.yaml").write_text("title: Two\n", encoding="utf-8")
    assert watcher.poll() is True
    lesson.unlink()
    assert watcher.poll() is True
    assert len(build.calls) == 3


def test_watcher_ignores_output_inside_content(tmp_path):
    content = tmp_path / "content"
    (content / "lessons").mkdir(parents=True)
    (content / "lessons" / "01.yaml").write_text("title: One\n", encoding="utf-8")
    build = FakeBuild()
    watcher = Watcher(content, content / "audio_out", build=build, echo=lambda line: None)
    (content / "audio_out").mkdir()
    (content / "audio_out" / "feed.xml").write_text("<rss/>", encoding="utf-8")
    assert watcher.poll() is False
    assert build.calls == []


def test_watcher_prints_errors_on_one_line(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    printed = []
    error = ContentError("unknown key 'titel'", content / "course.yaml", 3)
    watcher = Watcher(content, tmp_path / "out", build=FakeBuild(error), echo=printed.append)
    (content / "course.yaml").write_text("titel: x\n", encoding="utf-8")
    assert watcher.poll() is True
    watcher.build = FakeBuild(RuntimeError("disk full"))
    (content / "course.yaml").write_text("title: x\n", encoding="utf-8")
    assert watcher.poll() is True
    assert printed[0].startswith("Error: ") and printed[0].endswith("course.yaml:3: unknown key 'titel'")
    assert printed[1] == "Error: rebuild failed: RuntimeError: disk full"


@pytest.mark.parametrize(
    "result, line",
    [
        (
            BuildResult(Path("o"), [], skipped_episodes=3, up_to_date=True),
            "Nothing to rebuild: 3 episode(s) up to date",
        ),
        (BuildResult(Path("o"), [], skipped_episodes=2, rebuilt=("01-tides",)), "Rebuilt 1 episode (01-tides) in"),
        (BuildResult(Path("o"), [], rebuilt=("01-a", "02-b")), "Rebuilt 2 episodes (01-a, 02-b) in"),
    ],
)
def test_rebuild_report_names_exactly_the_rebuilt_episodes(result, line):
    assert rebuild_report(result, 1.25).startswith(line)


@pytest.mark.parametrize("fmt", FORMATS)
def test_serve_gives_each_file_the_type_the_feed_names(tmp_path, fmt):
    """An app that reads the feed and then fetches the file is told the same media type twice."""
    lesson = Lesson(id="tides", title="Tides", number=1)
    stem = f"episodes/01-tides.{fmt}"
    files = {"vtt": "episodes/01-tides.vtt", "srt": "episodes/01-tides.srt"}
    episode = Episode(lesson, Script(lesson, ()), 1000, [], [], stem, 4, MIME_TYPES[fmt], files)
    out = tmp_path / "out"
    for name in [stem, *files.values()]:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(b"data")
    config = sample_config()
    feed = ET.fromstring(render_feed(config, [episode]))
    named = {e.get("url"): e.get("type") for e in feed.iter() if e.get("url") and e.get("type")}
    assert set(named) == {config.base_url + name for name in [stem, *files.values()]}
    server = make_server(out, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for url, feed_type in named.items():
            status, headers, _ = request(server.server_address[1], "/" + url.removeprefix(config.base_url), "HEAD")
            assert (status, headers["content-type"].split(";")[0]) == (200, feed_type), url
            assert content_type(url).split(";")[0] == feed_type, url  # as uploaded by narrate publish
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
