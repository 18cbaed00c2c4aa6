"""``narrate serve``: serve a built output folder over HTTP, for subscribing from a phone.

The server is the standard library's :mod:`http.server` with:

* byte ranges (RFC 7233): one range per request, ``bytes=a-b``, ``bytes=a-`` and ``bytes=-n``
  (the last ``n`` bytes) → ``206 Partial Content`` with ``Content-Range``; an unsatisfiable range
  → ``416`` with ``Content-Range: bytes */<size>``; several ranges or any header it cannot read
  (another unit, a malformed one, digits other than ASCII ``0-9`` such as ``²``, a number of more
  than 18 digits) are ignored (the whole file, ``200``), as RFC 7233 allows; ``If-Range`` with a
  date other than the file's ``Last-Modified`` also gives the whole file. Every file response has
  ``Accept-Ranges: bytes``;
* ``HEAD`` (the same headers, no body);
* podcast MIME types (:data:`CONTENT_TYPES`) and ``Cache-Control: no-cache`` so apps see rebuilds;
* nothing outside the folder: ``..`` path segments get ``403``, hidden files (``.name``, such as
  the build lock and half-written ``.part`` files) and symlinks leading out of the folder ``404``;
  no folder is ever listed: a folder's URL gives its ``index.html`` (the preview), else ``404``;
* bounded: a connection that sends or takes nothing for :data:`CONNECTION_TIMEOUT_S` seconds is
  closed (a thousand idle sockets hold nothing for long), and :func:`serve` stops by itself after
  ``idle_timeout_s`` without a request or a rebuild (``narrate serve --idle-timeout MINUTES``,
  :data:`IDLE_TIMEOUT_S` by default, 0 for never).

* the feed and the preview pages with their URLs rewritten to the address the request came in on
  (its ``Host`` header, else the server socket's address): the built feed names the course's
  ``base_url``, and a phone on the LAN subscribing to ``http://192.168.1.20:8000/feed.xml`` gets
  enclosures on ``http://192.168.1.20:8000/`` without a rebuild.

With ``watch``, a background thread polls the content folder's files once a second and rebuilds
the output when one is added, removed or modified; an open preview page reloads itself after each
rebuild (server-sent events, W3C/WHATWG ``EventSource``, on :data:`EVENTS_PATH`).
"""

from __future__ import annotations

import io
import os
import re
import socket
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from email.utils import formatdate, parsedate_to_datetime
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import click

from narrate.errors import NarrateError, printable
from narrate.model import BuildResult
from narrate.publish.media_types import CONTENT_TYPES

__all__ = ["CONTENT_TYPES", "make_server", "serve", "parse_range", "lan_address", "Watcher", "Reloads", "qr_code"]

_CHUNK = 64 * 1024
EVENTS_PATH = "/__narrate/events"
"""Server-sent events stream: one ``reload`` event after each rebuild (with ``--watch``)."""
RELOAD_SCRIPT = (
    '<script>new EventSource("/__narrate/events").addEventListener("reload", () => location.reload());</script>\n'
)
"""Added before ``</body>`` of preview pages served while watching (the built files are not changed)."""
_RANGE_NUMBER = re.compile(r"[0-9]{1,18}")
"""A byte position :func:`parse_range` reads: ASCII digits only (``str.isdigit`` accepts ``²``)."""
CONNECTION_TIMEOUT_S = 60.0
"""A connection idle this long (no request, or a client that takes no data) is closed."""
IDLE_TIMEOUT_S = 30 * 60.0
""":func:`serve` stops after this long without a request or a rebuild (the CLI's default)."""
_HOST = re.compile(r"^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")
_KEEPALIVE_S = 15.0


class Reloads:
    """A counter of rebuilds that event-stream handlers wait on (thread-safe)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.generation = 0
        self.closed = False

    def notify(self) -> None:
        """A rebuild finished: wake every waiting stream."""
        with self._cond:
            self.generation += 1
            self._cond.notify_all()

    def close(self) -> None:
        """The server stops: every stream ends."""
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def wait(self, seen: int, timeout_s: float) -> int:
        """The generation once it differs from ``seen`` (or after ``timeout_s``, or on close)."""
        with self._cond:
            self._cond.wait_for(lambda: self.generation != seen or self.closed, timeout=timeout_s)
            return self.generation


def parse_range(header: str | None, size: int) -> tuple[int, int] | None | str:
    """Interpret a ``Range`` header for a file of ``size`` bytes (RFC 7233, one range only).

    Returns:
        ``(first, last)`` inclusive byte positions for a satisfiable range; ``"unsatisfiable"`` when
        the range starts past the end (or asks for the last 0 bytes, or the file is empty); None when
        there is no usable header (absent, malformed, another unit, several ranges): send the whole file.
    """
    if not header:
        return None
    unit, _, spec = header.strip().partition("=")
    if unit.strip().lower() != "bytes" or "," in spec:
        return None
    first_text, dash, last_text = spec.strip().partition("-")
    first_text, last_text = first_text.strip(), last_text.strip()
    readable = all(text == "" or _RANGE_NUMBER.fullmatch(text) for text in (first_text, last_text))
    if not dash or not readable:
        return None
    if first_text == "":
        if last_text == "":
            return None
        length = int(last_text)
        if length == 0 or size == 0:
            return "unsatisfiable"
        return max(0, size - length), size - 1
    first = int(first_text)
    if last_text and int(last_text) < first:
        return None
    if first >= size:
        return "unsatisfiable"
    return first, (min(int(last_text), size - 1) if last_text else size - 1)


class RangeRequestHandler(SimpleHTTPRequestHandler):
    """Static files from ``directory`` with HEAD, single byte ranges and podcast MIME types; the feed
    and preview pages with URLs rewritten to the request's address (``rewrite``); with ``reloads``, an
    event stream on :data:`EVENTS_PATH` and a reload script in preview pages."""

    server_version = "narrate"
    protocol_version = "HTTP/1.1"  # keep-alive: players make many range requests
    timeout = CONNECTION_TIMEOUT_S  # socket timeout of each connection (StreamRequestHandler)
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    _range: tuple[int, int] | None = None
    rewrite = True
    reloads: Reloads | None = None

    def request_base(self) -> str:
        """``http://<address the request came in on>/``: its Host header when well-formed, else the
        server socket's own address and port."""
        host = (self.headers.get("Host") or "").strip()
        if not _HOST.match(host):
            address, port = self.connection.getsockname()[:2]
            host = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
        return f"http://{host}/"

    def rewritten(self, path: Path, data: bytes) -> bytes:
        """The feed or a preview page with the built base URL replaced by :meth:`request_base`."""
        base = feed_base_url(Path(self.directory))
        text = data.decode("utf-8")
        if self.rewrite and base:
            text = text.replace(base, self.request_base())
        if self.reloads is not None and path.suffix == ".html":
            text = text.replace("</body>", RELOAD_SCRIPT + "</body>", 1)
        return text.encode("utf-8")

    def touch(self) -> None:
        """Tell the server something happened (:meth:`Server.touch`), for its idle timeout."""
        touch = getattr(self.server, "touch", None)
        if touch is not None:
            touch()

    def parse_request(self) -> bool:  # noqa: D102 - http.server hook: a request came in
        self.touch()
        return super().parse_request()

    def list_directory(self, path):  # noqa: D102 - http.server hook: never list a folder
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def do_GET(self):  # noqa: D102 - http.server hook
        if urlsplit(self.path).path == EVENTS_PATH and self.reloads is not None:
            self.stream_events(self.reloads)
            return
        super().do_GET()

    def stream_events(self, reloads: Reloads) -> None:
        """``text/event-stream``: a ``reload`` event after each rebuild, a comment every 15 s to keep
        the connection open; ends when the server stops or the browser leaves."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        seen = reloads.generation
        try:
            self.wfile.write(b": connected\n\n")
            self.wfile.flush()
            while not reloads.closed:
                now = reloads.wait(seen, _KEEPALIVE_S)
                if reloads.closed:
                    break
                self.wfile.write(f"event: reload\ndata: {now}\n\n".encode() if now != seen else b": keep-alive\n\n")
                self.wfile.flush()
                seen = now
        except OSError:  # the browser left, or takes nothing (a timeout): end the stream
            pass

    def send_head(self):  # noqa: D102 - http.server hook
        self._range = None
        raw = unquote(urlsplit(self.path).path)
        segments = raw.split("/")
        if ".." in segments or "\\" in raw or "\x00" in raw:
            self.send_error(HTTPStatus.FORBIDDEN, "Path outside the served folder")
            return None
        if any(s.startswith(".") for s in segments if s):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        path = Path(self.translate_path(self.path))
        root = Path(self.directory).resolve()
        try:
            if not path.resolve().is_relative_to(root):
                self.send_error(HTTPStatus.NOT_FOUND, "File not found")
                return None
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # a redirect to the folder's URL ending in "/"
            path = path / "index.html"  # a folder: its preview page, never a listing
            if not path.resolve().is_relative_to(root):
                self.send_error(HTTPStatus.NOT_FOUND, "File not found")
                return None
        try:
            handle = open(path, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(handle.fileno())
            size = stat.st_size
            modified = formatdate(stat.st_mtime, usegmt=True)
            if path.name == "feed.xml" or path.suffix == ".html":
                with handle:
                    body = self.rewritten(path, handle.read())
                handle, size = io.BytesIO(body), len(body)  # type: ignore[assignment]  # read like the file
            wanted = parse_range(self.headers.get("Range"), size)
            if_range = self.headers.get("If-Range")
            if wanted is not None and if_range and not _same_date(if_range, stat.st_mtime):
                wanted = None
            if isinstance(wanted, str):  # "unsatisfiable"
                self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                self.send_header("Content-Range", f"bytes */{size}")
                self.send_header("Accept-Ranges", "bytes")
                self.send_header("Content-Length", "0")
                self.end_headers()
                handle.close()
                return None
            if wanted is None:
                self.send_response(HTTPStatus.OK)
                first, last = 0, size - 1
            else:
                first, last = wanted
                self.send_response(HTTPStatus.PARTIAL_CONTENT)
                self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
                self._range = (first, last)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Length", str(max(0, last - first + 1)))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Last-Modified", modified)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            handle.seek(first)
            return handle
        except BaseException:
            handle.close()
            raise

    def copyfile(self, source, outputfile) -> None:  # noqa: D102 - http.server hook
        remaining = None if self._range is None else self._range[1] - self._range[0] + 1
        try:
            while remaining is None or remaining > 0:
                chunk = source.read(_CHUNK if remaining is None else min(_CHUNK, remaining))
                if not chunk:
                    break
                outputfile.write(chunk)
                self.touch()  # a long download is activity too
                if remaining is not None:
                    remaining -= len(chunk)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True  # the player stopped listening (seeking, pausing): normal for audio


def _same_date(header: str, mtime: float) -> bool:
    try:
        return int(parsedate_to_datetime(header).timestamp()) == int(mtime)
    except (TypeError, ValueError, IndexError, OverflowError, OSError):
        return False  # an entity tag or a bad date: we send no ETag, so it cannot match


def make_server(
    out_dir: Path, host: str = "127.0.0.1", port: int = 0, *, rewrite: bool = True, reloads: Reloads | None = None
) -> Server:
    """An HTTP server for ``out_dir`` bound to ``host``:``port`` (0: any free port), not yet serving.

    Args:
        rewrite: serve the feed and preview pages with the built base URL replaced by the request's
            address (see the module docstring).
        reloads: serve an event stream on :data:`EVENTS_PATH` that sends ``reload`` when it is
            notified, and add the reload script to preview pages.

    Call ``serve_forever()`` (in a thread for tests), then ``shutdown()`` and ``server_close()``.
    The bound port is ``server.server_address[1]``.
    """
    handler_class = type("Handler", (RangeRequestHandler,), {"rewrite": rewrite, "reloads": reloads})
    handler = partial(handler_class, directory=str(Path(out_dir)))
    server = Server((host, port), handler)
    server.daemon_threads = True
    return server


class Server(ThreadingHTTPServer):
    """The HTTP server of :func:`make_server`: a thread per connection, and the time of the last
    request or rebuild (:meth:`touch`, :meth:`idle_s`) for :func:`stop_when_idle`."""

    request_queue_size = 128  # listen() backlog: with the default 5, clients holding sockets make new ones wait

    def __init__(self, *args, **kwargs):
        self.last_activity = time.monotonic()
        super().__init__(*args, **kwargs)

    def touch(self) -> None:
        """Something happened (a request came in, a rebuild ended): the idle time starts again."""
        self.last_activity = time.monotonic()

    def idle_s(self) -> float:
        """Seconds since the last :meth:`touch` (or since the server was made)."""
        return time.monotonic() - self.last_activity


def stop_when_idle(server: Server, idle_timeout_s: float, stop: threading.Event) -> threading.Event:
    """Shut ``server`` down once it has been idle (:meth:`Server.idle_s`) for ``idle_timeout_s``
    seconds, from a daemon thread that ends with ``stop``; returns the event set when it did."""
    idled = threading.Event()

    def watch() -> None:
        while not stop.wait(min(1.0, max(0.05, idle_timeout_s / 10))):
            if server.idle_s() >= idle_timeout_s:
                idled.set()
                server.shutdown()
                return

    threading.Thread(target=watch, name="narrate-idle", daemon=True).start()
    return idled


def lan_address() -> str:
    """This machine's LAN IPv4 address: the source address of its default route (asked by
    ``connect()`` on a UDP socket, which sends nothing), else one its host name resolves to.

    No packet is sent. Falls back to ``127.0.0.1``.
    """
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): only picks the outgoing interface
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        name = socket.gethostname()
        candidates.append(socket.gethostbyname(name))
        candidates += [str(info[4][0]) for info in socket.getaddrinfo(name, None, socket.AF_INET)]
    except OSError:
        pass
    for address in candidates:
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return "127.0.0.1"


def feed_base_url(out_dir: Path) -> str | None:
    """The base URL the built feed uses for its files (its ``atom:link rel=self`` folder), or None."""
    try:
        channel = ET.parse(Path(out_dir) / "feed.xml").getroot().find("channel")
    except (OSError, ET.ParseError):
        return None
    for link in channel.findall("{http://www.w3.org/2005/Atom}link") if channel is not None else []:
        href = link.get("href", "")
        if link.get("rel") == "self" and "/" in href:
            return href.rsplit("/", 1)[0] + "/"
    return None


def banner(url: str, out_dir: Path) -> list[str]:
    """The lines ``serve`` prints on start: where the feed and the preview are, for a phone."""
    lines = [
        f"Serving {out_dir} at {url}",
        f"Feed: {url}feed.xml",
        f"Preview: {url}index.html",
        'A phone on the same network can subscribe to this feed URL ("add a podcast by URL"),',
        "or scan the QR code below; the feed's links follow the address the phone used.",
    ]
    base = feed_base_url(out_dir)
    if base is not None and base != url:
        lines.append(f"(The built feed lists its files under {base}; served here, they point to this server.)")
    lines.append("Press Ctrl-C to stop.")
    return lines


def qr_code(url: str) -> str:
    """``url`` as a QR code drawn with Unicode half blocks for a terminal (segno, ISO/IEC 18004),
    dark modules on a light background with a two-module quiet zone."""
    import segno

    out = io.StringIO()
    segno.make(url, micro=False, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


class Watcher:
    """Rebuilds ``out_dir`` from ``content`` when a file under ``content`` changes.

    ``poll()`` compares the files' (mtime, size) with the last poll and rebuilds on a difference;
    ``run(stop)`` calls it every ``interval`` seconds until the event ``stop`` is set.
    Hidden files and folders (``.git``, editor swap files) and ``out_dir`` itself (when it lies inside
    ``content``) are ignored.
    """

    def __init__(
        self,
        content: Path,
        out_dir: Path,
        *,
        build: Callable,
        echo: Callable[[str], None] = click.echo,
        interval: float = 1.0,
        on_rebuilt: Callable[[], None] | None = None,
    ):
        self.content, self.out_dir, self.echo, self.interval = Path(content), Path(out_dir), echo, interval
        self.build = build
        self.on_rebuilt = on_rebuilt
        self.state = self.snapshot()

    def snapshot(self) -> dict[str, tuple[int, int]]:
        """``{relative path: (mtime_ns, size)}`` of the content files."""
        if self.content.is_file():
            files = [self.content]
        else:
            out = self.out_dir.resolve()
            files = [
                p
                for p in self.content.rglob("*")
                if p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(self.content).parts)
                and not p.resolve().is_relative_to(out)
            ]
        state = {}
        for path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            state[path.as_posix()] = (stat.st_mtime_ns, stat.st_size)
        return state

    def poll(self) -> bool:
        """Rebuild if the content changed since the last poll; True if a rebuild was attempted."""
        state = self.snapshot()
        if state == self.state:
            return False
        self.state = state
        self.rebuild()
        return True

    def rebuild(self) -> None:
        """Build once, printing one line: what was built, or the error."""
        started = time.monotonic()
        try:
            result = self.build(self.content, self.out_dir)
        except NarrateError as exc:
            self.echo(f"Error: {exc.format_message()}")
        except Exception as exc:  # noqa: BLE001 - the server must keep running
            self.echo(f"Error: rebuild failed: {type(exc).__name__}: {printable(str(exc))}")
        else:
            self.echo(rebuild_report(result, time.monotonic() - started))
            if self.on_rebuilt is not None:
                self.on_rebuilt()

    def run(self, stop: threading.Event) -> None:
        """Poll every ``interval`` seconds until ``stop`` is set."""
        while not stop.wait(self.interval):
            self.poll()


def _duration(seconds: float) -> str:
    if seconds >= 60:
        minutes = seconds / 60
        return f"{minutes:g} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} second{'s' if seconds != 1 else ''}"


def rebuild_report(result: BuildResult, seconds: float) -> str:
    """One line saying exactly which episodes a build re-made (by file stem) and how many were up to date."""
    if result.up_to_date or not result.rebuilt:
        return f"Nothing to rebuild: {result.skipped_episodes} episode(s) up to date ({seconds:.1f} s)"
    names = ", ".join(result.rebuilt)
    count = len(result.rebuilt)
    return (
        f"Rebuilt {count} episode{'s' if count != 1 else ''} ({names}) in {seconds:.1f} s; "
        f"{result.skipped_episodes} up to date"
    )


def serve(
    out_dir: Path,
    *,
    host: str = "0.0.0.0",
    port: int = 8000,
    watch: Path | None = None,
    build: Callable | None = None,
    idle_timeout_s: float = IDLE_TIMEOUT_S,
) -> None:
    """Serve ``out_dir`` until Ctrl-C, or until ``idle_timeout_s`` seconds pass without a request or
    a rebuild (0: never), printing the feed URL (with the LAN address when ``host`` is ``0.0.0.0``).
    With ``watch`` (a content folder or lesson file), rebuild on changes; a missing feed is built first.

    Raises:
        NarrateError: no output folder (and nothing to build it from), or the port is taken.
    """
    out_dir = Path(out_dir)
    if watch is not None and not Path(watch).exists():
        raise NarrateError("no such course folder or lesson file to watch", watch)
    stop = threading.Event()
    watcher = None
    reloads = None
    hooks: list[Callable[[], None]] = []  # called after each rebuild
    if watch is not None:
        if build is None:
            raise NarrateError("--watch needs a build function")
        reloads = Reloads()
        hooks.append(reloads.notify)

        def rebuilt() -> None:
            for hook in hooks:
                hook()

        watcher = Watcher(watch, out_dir, build=build, on_rebuilt=rebuilt)
        if not (out_dir / "feed.xml").is_file():
            out_dir.mkdir(parents=True, exist_ok=True)
            watcher.rebuild()
    if not out_dir.is_dir():
        raise NarrateError("no such output folder (run 'narrate build' first, or use --watch)", out_dir)
    try:
        server = make_server(out_dir, host, port, reloads=reloads)
    except OSError as exc:
        raise NarrateError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    hooks.append(server.touch)  # a rebuild counts as activity
    shown = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{shown}:{server.server_address[1]}/"
    for line in banner(url, out_dir):
        click.echo(line)
    click.echo(qr_code(f"{url}feed.xml"), nl=False)
    if watcher is not None:
        click.echo(f"Watching {watch} for changes.")
        threading.Thread(target=watcher.run, args=(stop,), name="narrate-watch", daemon=True).start()
    idled = stop_when_idle(server, idle_timeout_s, stop) if idle_timeout_s > 0 else None
    try:
        server.serve_forever()
        if idled is not None and idled.is_set():
            click.echo(f"Stopped: no request for {_duration(idle_timeout_s)}.")
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        stop.set()
        if reloads is not None:
            reloads.close()
        server.server_close()
