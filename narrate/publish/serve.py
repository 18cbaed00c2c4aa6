"""``narrate serve``: serve a built output folder over HTTP, for subscribing from a phone.

The server is the standard library's :mod:`http.server` with:

* byte ranges (RFC 7233): one range per request, ``bytes=a-b``, ``bytes=a-`` and ``bytes=-n``
  (the last ``n`` bytes) → ``206 Partial Content`` with ``Content-Range``; an unsatisfiable range
  → ``416`` with ``Content-Range: bytes */<size>``; several ranges or a malformed header are
  ignored (the whole file, ``200``), as RFC 7233 allows; ``If-Range`` with a date other than the
  file's ``Last-Modified`` also gives the whole file. Every file response has ``Accept-Ranges: bytes``;
* ``HEAD`` (the same headers, no body);
* podcast MIME types (:data:`CONTENT_TYPES`) and ``Cache-Control: no-cache`` so apps see rebuilds;
* nothing outside the folder: ``..`` path segments get ``403``, hidden files (``.name``, such as
  the build lock and half-written ``.part`` files) and symlinks leading out of the folder ``404``.

With ``watch``, a background thread polls the content folder's files once a second and rebuilds
the output when one is added, removed or modified.
"""

from __future__ import annotations

import os
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

from narrate.errors import NarrateError
from narrate.publish.upload import CONTENT_TYPES

__all__ = ["CONTENT_TYPES", "make_server", "serve", "parse_range", "lan_address", "Watcher"]

_CHUNK = 64 * 1024


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
    if not dash or not (first_text.isdigit() or first_text == "") or not (last_text.isdigit() or last_text == ""):
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
    """Static files from ``directory`` with HEAD, single byte ranges and podcast MIME types."""

    server_version = "narrate"
    protocol_version = "HTTP/1.1"  # keep-alive: players make many range requests
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    _range: tuple[int, int] | None = None

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
            return super().send_head()  # redirect to "/", index.html or a listing
        try:
            handle = open(path, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(handle.fileno())
            size = stat.st_size
            modified = formatdate(stat.st_mtime, usegmt=True)
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
                if remaining is not None:
                    remaining -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the player stopped listening (seeking, pausing): normal for audio


def _same_date(header: str, mtime: float) -> bool:
    try:
        return int(parsedate_to_datetime(header).timestamp()) == int(mtime)
    except (TypeError, ValueError, IndexError):
        return False  # an entity tag or a bad date: we send no ETag, so it cannot match


def make_server(out_dir: Path, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server for ``out_dir`` bound to ``host``:``port`` (0: any free port), not yet serving.

    Call ``serve_forever()`` (in a thread for tests), then ``shutdown()`` and ``server_close()``.
    The bound port is ``server.server_address[1]``.
    """
    handler = partial(RangeRequestHandler, directory=str(Path(out_dir)))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def lan_address() -> str:
    """This machine's LAN IPv4 address, from the addresses its host name resolves to.

    No packet is sent and no connection is opened. Falls back to ``127.0.0.1``.
    """
    candidates: list[str] = []
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
    """The lines ``serve`` prints on start: where the feed is, and whether ``base_url`` matches."""
    lines = [
        f"Serving {out_dir} at {url}",
        f"Feed: {url}feed.xml",
        f"Preview: {url}index.html",
        'A phone on the same network can subscribe to this feed URL ("add a podcast by URL").',
    ]
    base = feed_base_url(out_dir)
    if base is not None and base != url:
        lines.append(
            f"Note: the feed lists episodes under {base}; for a phone to fetch them from this "
            f"server, set base_url: {url} in course.yaml and rebuild."
        )
    lines.append("Press Ctrl-C to stop.")
    return lines


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
    ):
        self.content, self.out_dir, self.echo, self.interval = Path(content), Path(out_dir), echo, interval
        self.build = build
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
            self.echo(f"Error: rebuild failed: {type(exc).__name__}: {exc}")
        else:
            count = len(getattr(result, "episodes", []) or [])
            self.echo(f"Rebuilt {count} episode(s) in {time.monotonic() - started:.1f} s")

    def run(self, stop: threading.Event) -> None:
        while not stop.wait(self.interval):
            self.poll()


def serve(
    out_dir: Path, *, host: str = "0.0.0.0", port: int = 8000, watch: Path | None = None, build: Callable | None = None
) -> None:
    """Serve ``out_dir`` until Ctrl-C, printing the feed URL (with the LAN address when ``host`` is
    ``0.0.0.0``). With ``watch`` (a content folder or lesson file), rebuild on changes; a missing
    feed is built first.

    Raises:
        NarrateError: no output folder (and nothing to build it from), or the port is taken.
    """
    out_dir = Path(out_dir)
    stop = threading.Event()
    watcher = None
    if watch is not None:
        if build is None:
            raise NarrateError("--watch needs a build function")
        watcher = Watcher(watch, out_dir, build=build)
        if not (out_dir / "feed.xml").is_file():
            out_dir.mkdir(parents=True, exist_ok=True)
            watcher.rebuild()
    if not out_dir.is_dir():
        raise NarrateError("no such output folder (run 'narrate build' first, or use --watch)", out_dir)
    try:
        server = make_server(out_dir, host, port)
    except OSError as exc:
        raise NarrateError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    shown = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{shown}:{server.server_address[1]}/"
    for line in banner(url, out_dir):
        click.echo(line)
    if watcher is not None:
        click.echo(f"Watching {watch} for changes.")
        threading.Thread(target=watcher.run, args=(stop,), name="narrate-watch", daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        stop.set()
        server.server_close()
