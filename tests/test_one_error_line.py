"""One ``Error:`` line for every failure (issue 25, faults 7 and 8): what the system refuses (a full
disk, a read-only folder, a permission), a date out of range, a phrase with a format spec, a
``--cluster`` address that is not one, a ``check URL`` that drips or floods, a ``base_url`` with a
secret or a dirty path, and control characters from content in every line printed.

Every case: exit status 1, the exact ``Error: `` line, no traceback, in bounded time. Servers bind
127.0.0.1 on a free port and stop by themselves.
"""

from __future__ import annotations

import errno
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

import pytest
from click.testing import CliRunner

import narrate
from narrate.cli import _WarningLine, main
from narrate.errors import NarrateError, printable
from narrate.publish import check as check_module

ROOT = Path(__file__).resolve().parent.parent
LESSON = 'title: A\nsections:\n  - title: S\n    body: [Hi.]\nquiz:\n  - prompt: Yes?\n    answer: "yes"\n'


def course(root: Path, course_yaml: str = "title: T\n", lesson: str = LESSON, name: str = "01-a.yaml") -> Path:
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "course.yaml").write_text(course_yaml, encoding="utf-8")
    (root / "lessons" / name).write_text(lesson, encoding="utf-8")
    return root


def one_error(args: list[str], timeout_s: float = 60) -> str:
    """Run narrate in this process (in a thread, so a hang fails instead of blocking); assert exit
    status 1, no traceback and exactly one ``Error:`` line (on stderr; ``check`` prints the problems
    it finds on stdout), warnings aside; return it."""
    box: dict = {}
    thread = threading.Thread(target=lambda: box.setdefault("result", CliRunner().invoke(main, args)), daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(timeout_s)
    assert not thread.is_alive(), f"narrate {' '.join(args)} did not return within {timeout_s} s"
    result = box["result"]
    assert time.monotonic() - started < timeout_s
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if not line.startswith("Warning: ")]
    assert len(errors) == 1 and errors[0].startswith("Error: "), result.output
    return errors[0]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def run_narrate(*args: str, timeout_s: float = 60, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "narrate", *args], stderr=subprocess.PIPE, env=env(), timeout=timeout_s, **kwargs
    )


def assert_one_line(proc: subprocess.CompletedProcess) -> str:
    stderr = proc.stderr.decode("utf-8", "replace") if isinstance(proc.stderr, bytes) else proc.stderr
    assert proc.returncode == 1, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), stderr
    return lines[0]


# ---------------------------------------------------------------- 1. OSError: disk full, read-only, permission


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.e2e  # a narrate process
def test_disk_full_on_standard_output(tmp_path):
    lesson = course(tmp_path / "c") / "lessons" / "01-a.yaml"
    with open("/dev/full", "wb") as full:
        proc = run_narrate("import", str(lesson), stdout=full)
    assert assert_one_line(proc) == "Error: No space left on device (disk full)"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_disk_full_while_writing_a_file(tmp_path, monkeypatch, fakes):
    """``say -o`` writes its WAV with ``write_atomic``; its temporary file is /dev/full here, so the
    write itself fails with the kernel's ENOSPC."""
    import tempfile

    real = tempfile.mkstemp

    def on_full_disk(*args, **kwargs):
        if Path(kwargs.get("dir") or ".").resolve() == (tmp_path / "out").resolve():
            return os.open("/dev/full", os.O_WRONLY), str(tmp_path / "out" / ".said.part")
        return real(*args, **kwargs)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "mkstemp", on_full_disk)
    line = one_error(["say", "hello there", "--engine", "fake", "-o", "out/said.wav"])
    assert line == "Error: No space left on device (disk full)"


@pytest.mark.parametrize(
    "code, expected",
    [
        (errno.ENOSPC, "No space left on device (disk full)"),
        (errno.EROFS, "Read-only file system"),
        (errno.EACCES, "Permission denied"),
    ],
)
def test_an_oserror_writing_the_output_names_the_path(tmp_path, monkeypatch, fakes, code, expected):
    import tempfile

    real = tempfile.mkstemp

    def refuse(*args, **kwargs):
        folder = Path(kwargs.get("dir") or ".")
        if folder.resolve() == (tmp_path / "out").resolve():
            raise OSError(code, os.strerror(code), str(folder / ".said.wav.abc.part"))
        return real(*args, **kwargs)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    line = one_error(["say", "hello there", "--engine", "fake", "-o", "out/said.wav"])
    assert line == f"Error: out/.said.wav.abc.part: {expected}"


def _cache_with_a_clip(root: Path) -> Path:
    clip = root / "ab" / ("ab" + "0" * 62 + ".flac")
    clip.parent.mkdir(parents=True)
    clip.write_bytes(b"fLaC" + b"\0" * 100)
    return clip


def test_a_read_only_cache_folder(tmp_path, monkeypatch):
    clip = _cache_with_a_clip(tmp_path / "cache")
    real = os.unlink

    def read_only(path, *args, **kwargs):
        if Path(path).resolve().is_relative_to((tmp_path / "cache").resolve()):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "unlink", read_only)
    line = one_error(["cache", "clear", "--dir", "cache"])
    assert line == f"Error: cache/ab/{clip.name}: Read-only file system"


def _chmod_restricts(folder: Path) -> bool:
    """Whether a folder without write permission refuses this process (not when running as root)."""
    probe = folder / "probe"
    probe.mkdir()
    probe.chmod(0o555)
    try:
        (probe / "x").write_bytes(b"")
    except PermissionError:
        return True
    finally:
        probe.chmod(0o755)
    return False


def test_a_folder_without_write_permission(tmp_path, monkeypatch):
    if os.geteuid() == 0 and not _chmod_restricts(tmp_path):
        pytest.skip("running as root: permissions do not restrict")
    clip = _cache_with_a_clip(tmp_path / "cache")
    clip.parent.chmod(0o555)
    try:
        monkeypatch.chdir(tmp_path)
        line = one_error(["cache", "clear", "--dir", "cache"])
    finally:
        clip.parent.chmod(0o755)
    assert line == f"Error: cache/ab/{clip.name}: Permission denied"


def test_an_overflow_is_one_line(tmp_path, monkeypatch):
    root = course(tmp_path / "c")

    def overflow(*args, **kwargs):
        raise OverflowError("date value out of range")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(narrate, "load", overflow)
    assert one_error(["check", "c"]) == "Error: a date or number is out of range (date value out of range)"
    assert root.is_dir()


@pytest.mark.e2e  # a narrate process
def test_a_closed_pipe_stays_quiet(tmp_path):
    lesson = course(tmp_path / "c") / "lessons" / "01-a.yaml"
    read, write = os.pipe()
    os.close(read)
    try:
        proc = run_narrate("import", str(lesson), stdout=write)
    finally:
        os.close(write)
    assert proc.returncode == 1
    assert proc.stderr == b""


# ---------------------------------------------------------------- 2. phrases with a format spec


@pytest.mark.parametrize(
    "phrase, placeholder",
    [
        ('"Next: {titles:>300000000}"', "{titles:>300000000}"),
        ('"Next: {titles!r}"', "{titles!r}"),
        ('"Next: {titles!s:^9}"', "{titles!s:^9}"),
        ('"Next: {titles:{titles}}"', "{titles:{titles}}"),
        ('["{titles:x}", "{titles}"]', "{titles:x}"),
    ],
)
def test_a_phrase_with_a_format_spec_is_refused(tmp_path, monkeypatch, phrase, placeholder):
    course(tmp_path / "c", f"title: T\nphrases:\n  next.up: {phrase}\n")
    monkeypatch.chdir(tmp_path)
    assert one_error(["check", "c"]) == (
        f"Error: c/course.yaml:2: phrase 'next.up': placeholder {placeholder} is refused: write {{name}}, "
        "or a number in words with one of the formats :words, :Words, :words_f, :Words_f ({count:words})"
    )


def test_number_words_stay_allowed_in_phrases(tmp_path, monkeypatch):
    course(
        tmp_path / "c", 'title: T\nphrases:\n  quiz.intro: ["{count:Words} question.", "{count:words} questions."]\n'
    )
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "c"])
    assert (result.exit_code, result.stdout) == (0, "c: OK\n"), result.output


def test_number_words_of_a_text_placeholder_give_the_text():
    from narrate.text.phrases import Phrases

    said = Phrases("en", {"next.up": "Next: {titles:Words}."})("next.up", titles="Tides")
    assert said == "Next: Tides."


# ---------------------------------------------------------------- 3. dates that overflow


@pytest.mark.parametrize(
    "value, expected",
    [
        ("9999-12-31", "start_date must be a date from 1970-01-01 to 2999-12-31, not '9999-12-31'"),
        ("'9999-12-31'", "start_date must be a date from 1970-01-01 to 2999-12-31, not '9999-12-31'"),
        ("'0001-01-01'", "start_date must be a date from 1970-01-01 to 2999-12-31, not '0001-01-01'"),
        (
            "'2026-02-30'",
            "start_date must be a real date (YYYY-MM-DD), not '2026-02-30' (day is out of range for month)",
        ),
    ],
)
def test_a_start_date_out_of_range_is_one_line(tmp_path, monkeypatch, value, expected):
    course(tmp_path / "c", f"title: T\nstart_date: {value}\n")
    monkeypatch.chdir(tmp_path)
    assert one_error(["check", "c"]) == f"Error: c/course.yaml:2: {expected}"


def test_the_last_start_date_still_schedules_every_lesson():
    from datetime import date, timedelta

    from narrate.config import DATE_RANGE

    assert DATE_RANGE[1] + timedelta(days=365 * 5_000) <= date.max  # 5,000 lessons a year apart


# ---------------------------------------------------------------- 4. --cluster addresses


needs_dask = pytest.mark.skipif(find_spec("distributed") is None, reason="needs the cluster extra (distributed)")


@pytest.mark.parametrize(
    "address, why",
    [
        ("tcp://", " (a host name or address, a colon and a port)"),
        ("tcp://:8786", " (a host name or address, a colon and a port)"),
        ("tcp://127.0.0.1", " (a host name or address, a colon and a port)"),
        ("tcp://127.0.0.1:0", " (the port is a number from 1 to 65535)"),
        ("tcp://127.0.0.1:70000", " (the port is a number from 1 to 65535)"),
        ("tls://127.0.0.1:1", " (tls:// addresses are not supported)"),
        ("inproc://x", " (inproc:// addresses are not supported)"),
        ("ws://127.0.0.1:1", " (ws:// addresses are not supported)"),
        ("127.0.0.1:8786", ""),
    ],
)
@pytest.mark.e2e
def test_a_cluster_address_that_is_not_one_is_one_line_at_once(tmp_path, address, why):
    root = course(tmp_path / "c")
    started = time.monotonic()
    proc = run_narrate("build", str(root), "-o", str(tmp_path / "out"), "--cluster", address, timeout_s=60, text=True)
    assert assert_one_line(proc) == f"Error: --cluster {address}: give tcp://HOST:PORT or local:N{why}"
    assert time.monotonic() - started < 20
    assert not (tmp_path / "out").exists()


@needs_dask
@pytest.mark.e2e
def test_an_unreachable_scheduler_fails_within_seconds(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"  # nothing listens there
    clean = {k: v for k, v in env().items() if not k.startswith("DASK_")}
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "narrate", "build", str(course(tmp_path / "c")), "-o", str(tmp_path / "out")]
        + ["--cluster", address],
        capture_output=True,
        text=True,
        env=clean,
        timeout=90,
    )
    assert assert_one_line(proc).startswith(f"Error: cannot reach the Dask scheduler at {address} (")
    assert time.monotonic() - started < 25  # Dask's own default waits 30 s


@needs_dask
def test_local_workers_are_capped_by_the_cores(monkeypatch, caplog):
    import distributed

    from narrate import cluster

    started: list[int] = []

    class FakeCluster:
        def __init__(self, n_workers: int, **kwargs):
            started.append(n_workers)

        def close(self) -> None:
            pass

    class FakeClient:
        def __init__(self, *args, **kwargs):
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr(distributed, "LocalCluster", FakeCluster)
    monkeypatch.setattr(distributed, "Client", FakeClient)
    monkeypatch.setattr(cluster, "cores", lambda: 2)
    with caplog.at_level(logging.WARNING, logger="narrate"), cluster.connect("local:500"):
        pass
    with cluster.connect("local:2"):
        pass
    assert started == [2, 2]
    assert [r.getMessage() for r in caplog.records] == [
        "--cluster local:500: this machine has 2 cores; starting 2 workers"
    ]


@pytest.mark.parametrize("address", ["local:0", "local:-1", "local:²", "local:1e3", "local:"])
def test_a_bad_number_of_local_workers_is_one_line(tmp_path, address):
    root = course(tmp_path / "c")
    line = one_error(["build", str(root), "-o", str(tmp_path / "out"), "--cluster", address])
    assert line == f"Error: --cluster {address}: local:N needs a number of workers N of 1 or more"


# ---------------------------------------------------------------- 5. control characters escaped


OSC = "\x1b]0;pwned\x07"


def test_control_characters_in_a_file_name_are_escaped(tmp_path, monkeypatch):
    course(tmp_path / "c", lesson="title: [\n", name=f"01-{OSC}.yaml")
    monkeypatch.chdir(tmp_path)
    line = one_error(["check", "c"])
    assert line.startswith("Error: c/lessons/01-\\x1b]0;pwned\\x07.yaml:")
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in line)


def test_control_characters_in_a_message_are_escaped():
    error = NarrateError(f"lesson '{OSC}' has\ta\nproblem \u202eevil\x9b31m", "x.yaml", 3)
    assert error.format_message() == "x.yaml:3: lesson '\\x1b]0;pwned\\x07' has\\ta\\nproblem \\u202eevil\\x9b31m"
    assert error.problem.startswith("lesson '\x1b")  # the error itself keeps the text as it was


def test_control_characters_in_a_warning_are_escaped(capsys):
    record = logging.LogRecord("narrate", logging.WARNING, __file__, 1, "%s: dropped %s", ("x.md", OSC), None)
    _WarningLine().emit(record)
    assert capsys.readouterr().err == "Warning: x.md: dropped \\x1b]0;pwned\\x07\n"


@pytest.mark.parametrize(
    "text, shown",
    [
        ("plain text, ünïcödé, 日本, עברית", "plain text, ünïcödé, 日本, עברית"),
        ("back\\slash", "back\\slash"),
        ("\x00\x1f\x7f\x85\x9f", "\\x00\\x1f\\x7f\\x85\\x9f"),
        ("line\u2028sep\u2029", "line\\u2028sep\\u2029"),
        ("\u2066isolate\u2069", "\\u2066isolate\\u2069"),
    ],
)
def test_printable(text, shown):
    assert printable(text) == shown


# ---------------------------------------------------------------- 7. check URL: a deadline and a size limit


@contextmanager
def raw_server(respond: Callable[[socket.socket], None], lifetime_s: float = 15) -> Iterator[str]:
    """A server on 127.0.0.1 that answers every connection with ``respond(connection)`` in a thread;
    it stops accepting when the block ends or after ``lifetime_s``. Yields its feed URL."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    stop_at = time.monotonic() + lifetime_s
    done = threading.Event()

    def serve_one(conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5)
            try:
                conn.recv(65536)  # the request
                respond(conn)
            except OSError:
                pass  # the client hung up: what a bounded client does

    def accept() -> None:
        while not done.is_set() and time.monotonic() < stop_at:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=serve_one, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/feed.xml"
    finally:
        done.set()
        thread.join(5)
        listener.close()


def drip_body(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 100000\r\n\r\n<rss")
    for _ in range(80):  # a byte every 0.1 s, for 8 s at most
        conn.sendall(b" ")
        time.sleep(0.1)


def drip_headers(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
    for _ in range(80):
        conn.sendall(b"a")
        time.sleep(0.1)


def huge_length(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 600000000\r\n\r\n")
    chunk = b"<rss>" + b" " * (1 << 20)
    for _ in range(40):  # 40 MB at most, then the connection is cut
        conn.sendall(chunk)


def no_length(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: application/rss+xml\r\n\r\n<rss>")
    for _ in range(3):  # 3 MB, more than the 1 MB limit of the test
        conn.sendall(b" " * (1 << 20))


@pytest.mark.parametrize(
    "respond, reason",
    [
        (drip_body, "took longer than 1 s"),
        (drip_headers, "took longer than 1 s"),
        (huge_length, "larger than 1 MB: 600000000 bytes"),
        (no_length, "larger than 1 MB"),
    ],
)
@pytest.mark.e2e
def test_check_url_has_a_deadline_and_a_size_limit(respond, reason, monkeypatch):
    monkeypatch.setattr(check_module, "FETCH_DEADLINE_S", 1.0)
    monkeypatch.setattr(check_module, "MAX_FETCH_BYTES", 1_000_000)
    with raw_server(respond) as url:
        started = time.monotonic()
        line = one_error(["check", url], timeout_s=30)
        assert time.monotonic() - started < 6
    assert line == f"Error: {url}: feed cannot be fetched ({reason})"


def test_check_url_refuses_a_600_mb_feed_by_default():
    with raw_server(huge_length) as url:
        problems = [str(p) for p in check_module.check_url(url)]
    assert problems == [f"Error: {url}: feed cannot be fetched (larger than 32 MB: 600000000 bytes)"]


def test_check_url_stops_when_the_whole_check_runs_out_of_time():
    with raw_server(drip_body) as url:
        problems = [str(p) for p in check_module.check_url(url, total_s=0)]
    assert problems == [f"Error: {url}: check stopped: it took longer than 0 s (problems above so far)"]


def test_control_characters_from_a_remote_feed_are_escaped(monkeypatch):
    feed = (
        "<rss version='2.0' xmlns:itunes='http://www.itunes.com/dtds/podcast-1.0.dtd'><channel><title>T</title>"
        "<itunes:explicit>\u009d0;pwned\u009c</itunes:explicit></channel></rss>"  # 8-bit OSC ... ST
    ).encode()

    def respond(conn: socket.socket) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(feed) + feed)

    with raw_server(respond) as url:
        result = CliRunner().invoke(main, ["check", url])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "\u009d" not in result.output
    assert (
        f"Error: {url}:1: channel: itunes:explicit must be 'true' or 'false', not '\\x9d0;pwned\\x9c'" in result.stdout
    )


# ---------------------------------------------------------------- 8. base_url validated


@pytest.mark.parametrize(
    "url, expected",
    [
        (
            "https://user:secret@example.org/c/",
            "base_url must be an http(s) URL without a user name or password (every link in the feed would show "
            "them), not 'https://…@example.org/c/'",
        ),
        (
            "https://token@example.org/c/",
            "base_url must be an http(s) URL without a user name or password (every link in the feed would show "
            "them), not 'https://…@example.org/c/'",
        ),
        (
            "https://example.org/%zz/",
            "base_url must be an http(s) URL whose every '%' starts an escape such as %20, "
            "not 'https://example.org/%zz/' ('%zz')",
        ),
        (
            "https://example.org/100%",
            "base_url must be an http(s) URL whose every '%' starts an escape such as %20, "
            "not 'https://example.org/100%' ('%')",
        ),
        (
            "https://example.org/a/../b/",
            "base_url must be an http(s) URL with a clean path, without '.' or '..' segments, "
            "not 'https://example.org/a/../b/'",
        ),
        (
            "https://example.org/a/%2e%2E/b/",
            "base_url must be an http(s) URL with a clean path, without '.' or '..' segments, "
            "not 'https://example.org/a/%2e%2E/b/'",
        ),
        (
            "https://example.org/./",
            "base_url must be an http(s) URL with a clean path, without '.' or '..' segments, "
            "not 'https://example.org/./'",
        ),
        (
            "http://example.org/c/",
            "base_url must be an https URL (http only to this machine or a local network, for previews), "
            "not 'http://example.org/c/'",
        ),
    ],
)
def test_a_bad_base_url_is_one_line_with_file_and_line(tmp_path, monkeypatch, url, expected):
    course(tmp_path / "c", f"title: T\nbase_url: {url}\n")
    monkeypatch.chdir(tmp_path)
    assert one_error(["check", "c"]) == f"Error: c/course.yaml:2: {expected}"


def test_a_bad_base_url_option_is_one_line(tmp_path):
    root = course(tmp_path / "c")
    line = one_error(["build", str(root), "-o", str(tmp_path / "out"), "--base-url", "https://me:pw@example.org/"])
    assert line.startswith("Error: --base-url: must be an http(s) URL without a user name or password")
    assert "pw" not in line


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8000/",
        "http://127.0.0.1:9000/c/",
        "http://[::1]:8000/",
        "http://192.168.1.20:8000/",
        "http://10.0.0.2:8000/",
        "http://laptop.local:8000/",
        "https://example.org/tides%20and%20waves/",
        "https://example.org/a.b/c..d/",
    ],
)
def test_good_base_urls_are_kept(tmp_path, url):
    from narrate.config import load_config

    assert load_config(course(tmp_path / "c", f"title: T\nbase_url: {url}\n") / "course.yaml").base_url == url


def test_link_may_stay_on_http(tmp_path):
    from narrate.config import load_config

    config = load_config(course(tmp_path / "c", "title: T\nlink: http://example.org/course\n") / "course.yaml")
    assert config.link == "http://example.org/course"  # kept as written: a page, not a folder
