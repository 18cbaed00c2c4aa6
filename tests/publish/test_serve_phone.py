"""``narrate serve`` for a phone: URLs follow the address a request came in on, preview pages keep
their names across rebuilds, and ``--watch`` reloads an open page (server-sent events).

The server binds loopback addresses only (127.0.0.2 stands for the LAN address a phone would use).
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from narrate import BuildOptions
from narrate.pipeline import build
from narrate.publish.serve import EVENTS_PATH, RELOAD_SCRIPT, Reloads, Watcher, make_server

pytestmark = [
    pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg"),
    pytest.mark.e2e,  # builds with ffmpeg and running servers: left out by scripts/test.sh --fast
]

COURSE = """\
title: Tides
author: Shore Tutors
base_url: https://example.org/tides/
start_date: 2026-03-02
voice:
  engine: fake
"""
LESSONS = {
    "01-why-tides.yaml": "title: Why Tides Happen\nsections:\n  - title: The pull\n    body: [The moon pulls the sea.]\n",
    "02-waves.yaml": "title: Waves\nsections:\n  - title: Wind\n    body: [Wind over water makes waves.]\n",
}
ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
PODCAST = "{https://podcastindex.org/namespace/1.0}"


@pytest.fixture
def built(tmp_path, fakes) -> tuple[Path, Path]:
    content = tmp_path / "course"
    (content / "lessons").mkdir(parents=True)
    (content / "course.yaml").write_text(COURSE)
    for name, text in LESSONS.items():
        (content / "lessons" / name).write_text(text)
    out = tmp_path / "out"
    build(content, out, BuildOptions(jobs=1))
    return content, out


def serving(out: Path, host: str, reloads: Reloads | None = None):
    server = make_server(out, host, 0, reloads=reloads)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def stop(server, thread) -> None:
    server.shutdown()
    server.server_close()
    thread.join()


def get(host: str, port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def feed_urls(xml: bytes) -> list[str]:
    channel = ET.fromstring(xml).find("channel")
    urls = [channel.find(f"{ITUNES}image").get("href"), channel.find("image/url").text]
    for item in channel.findall("item"):
        urls.append(item.find("enclosure").get("url"))
        urls += [e.get("url") for e in item.findall(f"{PODCAST}chapters") + item.findall(f"{PODCAST}transcript")]
    return urls


def test_a_request_on_127_0_0_2_gets_enclosures_on_127_0_0_2(built):
    _, out = built
    assert "https://example.org/tides/episodes/" in (out / "feed.xml").read_text()  # as built
    server, thread = serving(out, "127.0.0.2")
    port = server.server_address[1]
    try:
        status, headers, body = get("127.0.0.2", port, "/feed.xml")
        assert status == 200 and int(headers["content-length"]) == len(body)
        urls = feed_urls(body)
        assert len(urls) == 2 + 2 * 4  # cover twice; per episode: audio, chapters, VTT, SRT
        assert all(u.startswith(f"http://127.0.0.2:{port}/") for u in urls), urls
        assert b"example.org" not in body
        for url in urls:  # every rewritten URL is served by this server
            assert get("127.0.0.2", port, url.split(str(port), 1)[1])[0] == 200
        _, _, index = get("127.0.0.2", port, "/index.html")
        assert f"http://127.0.0.2:{port}/feed.xml".encode() in index
        status, headers, part = get("127.0.0.2", port, "/feed.xml", {"Range": "bytes=0-37"})
        assert (status, part) == (206, body[:38])
        assert headers["content-range"] == f"bytes 0-37/{len(body)}"
        # a name a phone resolves (mDNS) is kept; a malformed Host falls back to the socket's address
        _, _, named = get("127.0.0.2", port, "/feed.xml", {"Host": "laptop.local:8000"})
        assert all(u.startswith("http://laptop.local:8000/") for u in feed_urls(named))
        _, _, odd = get("127.0.0.2", port, "/feed.xml", {"Host": "evil.org/x?"})
        assert all(u.startswith(f"http://127.0.0.2:{port}/") for u in feed_urls(odd))
    finally:
        stop(server, thread)


def test_watch_reloads_the_open_page_and_reports_the_one_rebuilt_episode(built):
    content, out = built
    pages = sorted(p.name for p in (out / "episodes").glob("*.html"))
    assert pages == ["01-why-tides.html", "02-waves.html"]
    reloads, printed = Reloads(), []
    watcher = Watcher(
        content,
        out,
        build=lambda c, o: build(c, o, BuildOptions(jobs=1)),
        echo=printed.append,
        on_rebuilt=reloads.notify,
    )
    server, thread = serving(out, "127.0.0.1", reloads)
    port = server.server_address[1]
    events = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        _, _, page = get("127.0.0.1", port, "/episodes/02-waves.html")
        assert page.count(RELOAD_SCRIPT.encode()) == 1
        assert not (out / "episodes" / "02-waves.html").read_text().count("EventSource")  # built file unchanged
        events.sendall(f"GET {EVENTS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        stream = events.makefile("rb")
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += stream.readline()
        assert head.startswith(b"HTTP/1.1 200") and b"Content-Type: text/event-stream" in head
        assert stream.readline() == b": connected\n"
        stream.readline()

        lesson = content / "lessons" / "02-waves.yaml"
        lesson.write_text(LESSONS["02-waves.yaml"].replace("makes waves.", "makes waves and swell."))
        stat = lesson.stat()
        os.utime(lesson, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
        assert watcher.poll() is True
        assert len(printed) == 1 and printed[0].startswith("Rebuilt 1 episode (02-waves) in "), printed
        assert printed[0].endswith("; 1 up to date")
        assert stream.readline() == b"event: reload\n"
        assert stream.readline() == b"data: 1\n"
        assert sorted(p.name for p in (out / "episodes").glob("*.html")) == pages  # the open tab's page still exists
        assert get("127.0.0.1", port, "/episodes/02-waves.html")[0] == 200
    finally:
        events.close()
        reloads.close()
        stop(server, thread)
