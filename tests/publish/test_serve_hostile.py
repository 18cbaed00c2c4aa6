"""``narrate serve`` against hostile clients: Range headers it cannot read, idle and held sockets,
folder listings and hidden names, and a server that stops by itself when nobody asks for anything.

Every server binds 127.0.0.1 on a free port and is shut down by the test (or stops by itself);
every client read has a timeout, so a server that does not answer fails the test instead of hanging it.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.publish import serve as serve_module
from narrate.publish.serve import make_server, parse_range

DATA = bytes(range(256)) * 20  # 5120 bytes
MP3 = "/episodes/01-tides.mp3"


def make_site(root: Path) -> Path:
    out = root / "out"
    (out / "episodes").mkdir(parents=True)
    (out / "episodes" / "01-tides.mp3").write_bytes(DATA)
    (out / "episodes" / ".01-tides.mp3.part").write_bytes(b"half written")
    (out / "episodes" / ".secret-name.txt").write_text("hidden", encoding="utf-8")
    (out / "assets").mkdir()
    (out / "assets" / "site.css").write_text("body {}", encoding="utf-8")
    (out / "index.html").write_text("<html><body>preview</body></html>", encoding="utf-8")
    (out / "feed.xml").write_text("<rss/>", encoding="utf-8")
    return out


@pytest.fixture
def site(tmp_path):
    server = make_server(make_site(tmp_path), "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()
    thread.join(10)


def request(port: int, path: str, headers: dict | None = None, method: str = "GET"):
    """``(status, headers, body)`` of one request (header values may be bytes, sent as they are)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


# ---------------------------------------------------------------- Range headers it cannot read


@pytest.mark.parametrize(
    "header",
    [
        "bytes=²-",  # str.isdigit() accepts it, int() does not: once an unanswered request
        "bytes=0-²",
        "bytes=-²",
        "bytes=٣-".encode(),  # Arabic-Indic digit three, as UTF-8 (read as Latin-1 by the server)
        "bytes=１-2".encode(),  # fullwidth digit one
        "bytes=" + "9" * 5000 + "-",  # past int()'s 4300-digit limit
        "bytes=0-" + "9" * 5000,
        "bytes=\x00-1",
    ],
)
def test_a_range_it_cannot_read_gets_the_whole_file(site, header):
    status, headers, body = request(site, MP3, {"Range": header})
    assert (status, headers["content-length"], body) == (200, str(len(DATA)), DATA)


@pytest.mark.parametrize(
    "header, expected",
    [
        ("bytes=²-", None),
        ("bytes=-²", None),
        ("bytes=٣-٤", None),
        ("bytes=" + "1" * 19 + "-", None),
        ("bytes=" + "1" * 18 + "-", "unsatisfiable"),
        ("bytes=0-" + "1" * 18, (0, 9)),
        ("bytes=2-3", (2, 3)),
    ],
)
def test_parse_range_reads_ascii_digits_only(header, expected):
    assert parse_range(header, 10) == expected


def test_a_bad_if_range_date_gives_the_whole_file(site):
    status, _, body = request(site, MP3, {"Range": "bytes=0-9", "If-Range": "Mon, 01 Jan 99999 00:00:00 GMT"})
    assert (status, body) == (200, DATA)


# ---------------------------------------------------------------- no listings, no hidden names


@pytest.mark.parametrize("folder", ["/episodes/", "/assets/", "/episodes/?C=M;O=A"])
def test_a_folder_is_never_listed(site, folder):
    status, _, body = request(site, folder)
    assert status == 404
    for name in (b".secret-name", b".01-tides", b"01-tides.mp3", b"site.css"):
        assert name not in body


def test_a_folder_without_its_slash_is_redirected_then_not_listed(site):
    status, headers, _ = request(site, "/episodes")
    assert status == 301 and headers["location"].endswith("/episodes/")


def test_the_root_gives_the_preview_page(site):
    status, headers, body = request(site, "/")
    assert (status, headers["content-type"].split(";")[0], body) == (
        200,
        "text/html",
        b"<html><body>preview</body></html>",
    )


@pytest.mark.parametrize("path", ["/episodes/.secret-name.txt", "/episodes/.01-tides.mp3.part", "/.narrate.lock"])
def test_hidden_names_are_not_served(site, path):
    status, _, body = request(site, path)
    assert status == 404 and b"hidden" not in body and b"half written" not in body


# ---------------------------------------------------------------- idle and held sockets


@pytest.mark.e2e
def test_an_idle_connection_is_closed(tmp_path, monkeypatch):
    default = serve_module.RangeRequestHandler.timeout  # the socket timeout of every connection
    assert default is not None and 0 < default <= 300
    monkeypatch.setattr(serve_module.RangeRequestHandler, "timeout", 0.5)
    server = make_server(make_site(tmp_path), "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(server.server_address[:2], timeout=10) as idle:
            started = time.monotonic()
            assert idle.recv(1) == b""  # the server hung up on a client that sent nothing
            assert time.monotonic() - started < 5
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.mark.e2e
def test_held_sockets_do_not_block_other_clients(site):
    held = []
    started = time.monotonic()
    try:
        for _ in range(300):
            sock = socket.create_connection(("127.0.0.1", site), timeout=10)
            sock.sendall(b"GET /feed.xml HTTP/1.1\r\nHost: x\r\n")  # a request never finished
            held.append(sock)
        assert time.monotonic() - started < 10  # a listen() backlog of 5 made each new client wait ~0.15 s
        started = time.monotonic()
        status, _, body = request(site, MP3)
        assert (status, body) == (200, DATA)
        assert time.monotonic() - started < 5
    finally:
        for sock in held:
            sock.close()


def _run_in_thread(target, timeout_s: float):
    """Run ``target()`` in a daemon thread; its result, or fail when it has not returned in ``timeout_s``."""
    box: dict = {}

    def run() -> None:
        try:
            box["result"] = target()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout_s)
    assert not thread.is_alive(), f"did not return within {timeout_s} s"
    if "error" in box:
        raise box["error"]
    return box.get("result")


@pytest.mark.e2e
def test_serve_stops_by_itself_when_idle(tmp_path, capsys):
    out = make_site(tmp_path)
    started = time.monotonic()
    _run_in_thread(lambda: serve_module.serve(out, host="127.0.0.1", port=0, idle_timeout_s=1.0), 20)
    assert 0.9 <= time.monotonic() - started < 15
    assert capsys.readouterr().out.splitlines()[-1] == "Stopped: no request for 1 second."


@pytest.mark.e2e
def test_requests_keep_serve_running_until_they_stop(tmp_path, monkeypatch):
    out = make_site(tmp_path)
    made: list = []
    real = serve_module.make_server
    monkeypatch.setattr(serve_module, "make_server", lambda *a, **k: made.append(real(*a, **k)) or made[-1])
    thread = threading.Thread(
        target=serve_module.serve, args=(out,), kwargs={"host": "127.0.0.1", "port": 0, "idle_timeout_s": 1.5}
    )
    thread.daemon = True
    thread.start()
    deadline = time.monotonic() + 10
    while not made and time.monotonic() < deadline:
        time.sleep(0.05)
    port = made[0].server_address[1]
    for _ in range(6):  # 3 s of requests, every 0.5 s: longer than the idle timeout
        assert request(port, MP3)[0] == 200
        time.sleep(0.5)
    assert thread.is_alive()
    thread.join(15)
    assert not thread.is_alive()


@pytest.mark.e2e
def test_the_idle_timeout_is_a_serve_option(tmp_path):
    out = make_site(tmp_path)
    args = ["serve", str(out), "--host", "127.0.0.1", "--port", "0", "--idle-timeout", "0.02"]
    result = _run_in_thread(lambda: CliRunner().invoke(main, args), 20)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Stopped: no request for 1.2 seconds."


@pytest.mark.parametrize("value", ["-1", "nan", "x"])
def test_a_bad_idle_timeout_is_refused(tmp_path, value):
    result = CliRunner().invoke(main, ["serve", str(make_site(tmp_path)), "--idle-timeout", value])
    assert result.exit_code == 2 and "--idle-timeout" in result.stderr
