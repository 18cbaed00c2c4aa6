"""``narrate publish`` never destroys (issue 25, faults 1 and 2, and the publish items of 7).

Against a folder and a real S3 API (moto's standalone server on 127.0.0.1, the fixture of
``test_publish_remote``): publishing keeps a site's own files, deletes only what narrate's manifest
lists, refuses to drop a published episode or to replace a newer feed without ``--force``, leaves a
feed naming only files that exist when it is cut at any write (a wrapped filesystem; a relay that
really cuts the connection), and turns every storage error into one ``Error: <dest>: ...`` line.
Episodes are built once per module with the fast fake speech engine.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import fake_engines
import pytest
from click.testing import CliRunner
from test_publish_remote import BUCKET, COURSE, LESSON_1, LESSON_2, s3  # noqa: F401 - s3: the moto fixture

from narrate import BuildOptions
from narrate.cli import main
from narrate.errors import NarrateError
from narrate.pipeline import build
from narrate.publish import upload as upload_module
from narrate.publish.upload import MANIFEST_FILE, feed_state, upload
from narrate.speech import engines as tts

pytestmark = [
    pytest.mark.e2e,  # builds with ffmpeg, moto's server: left out by scripts/test.sh --fast
    pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg"),
]

BASE = "https://cdn.example.org/tides/"
"""The builds' base_url: the feed's URLs are BASE + the key under DEST."""
LESSON_3 = """\
id: tides-and-the-coast
title: Tides and the Coast
sections:
  - title: Estuaries
    body:
      - Where a river meets the sea, the tide reaches far inland.
"""
SITE = {"assets/site.css": b"body { color: navy }\n", "episodes/README.txt": b"mine\n", "bonus.m4b": b"not narrate's"}
"""A site's own files where narrate writes: never deleted."""
ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd"
PODCAST = "https://podcastindex.org/namespace/1.0"


# ------------------------------------------------------------------ builds, targets, helpers


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> Iterator[dict[str, Path]]:
    """Output folders built once: ``two`` (lessons 1-2), ``three`` (1-3), ``changed`` (1-2, lesson 2
    reworded: a new audio version), ``earlier`` (1-3 with an earlier start date: an older build)."""
    mp = pytest.MonkeyPatch()
    for name, cls in fake_engines.ALL.items():
        mp.setitem(tts.ENGINES, name, (fake_engines.__name__, cls.__name__, "a test engine"))
        tts._instances.pop(name, None)
    root = tmp_path_factory.mktemp("builds")
    lessons = {
        "two": [LESSON_1, LESSON_2],
        "three": [LESSON_1, LESSON_2, LESSON_3],
        "changed": [LESSON_1, LESSON_2.replace("in metres.", "in metres above chart datum.")],
        "earlier": [LESSON_1, LESSON_2, LESSON_3],
    }
    outs = {}
    for name, texts in lessons.items():
        content = root / name / "course"
        (content / "lessons").mkdir(parents=True)
        course = COURSE.replace("start_date: 2026-03-02", "start_date: 2026-02-02") if name == "earlier" else COURSE
        (content / "course.yaml").write_text(course)
        for n, text in enumerate(texts, 1):
            (content / "lessons" / f"{n:02d}-lesson.yaml").write_text(text)
        outs[name] = root / name / "out"
        build(content, outs[name], BuildOptions(base_url=BASE, jobs=1))
    yield outs
    for name in fake_engines.ALL:
        tts._instances.pop(name, None)
    mp.undo()


def files_of(out: Path) -> dict[str, bytes]:
    """A built folder's publishable files (no hidden build state): key → bytes."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)
    }


def guids(feed: bytes) -> list[str]:
    return [item.findtext("guid") or "" for item in ET.fromstring(feed).iter("item")]


def named_keys(feed: bytes) -> list[str]:
    """Every key under DEST that the feed names: enclosures, chapters, transcripts, artwork."""
    root = ET.fromstring(feed)
    urls = [e.get("url") or "" for e in root.iter("enclosure")]
    urls += [e.get("url") or "" for e in root.iter(f"{{{PODCAST}}}chapters")]
    urls += [e.get("url") or "" for e in root.iter(f"{{{PODCAST}}}transcript")]
    urls += [e.get("href") or "" for e in root.iter(f"{{{ITUNES}}}image")]
    urls += [e.text or "" for e in root.iter("url")]
    assert urls and all(u.startswith(BASE) for u in urls), urls
    return sorted({u[len(BASE) :] for u in urls})


class Folder:
    """A folder as DEST."""

    def __init__(self, path: Path):
        self.path = path
        self.dest = str(path)
        self.args: list[str] = []

    def put(self, rel: str, data: bytes) -> None:
        (self.path / rel).parent.mkdir(parents=True, exist_ok=True)
        (self.path / rel).write_bytes(data)

    def get(self, rel: str) -> bytes | None:
        return (self.path / rel).read_bytes() if (self.path / rel).is_file() else None

    def keys(self) -> list[str]:
        return sorted(p.relative_to(self.path).as_posix() for p in self.path.rglob("*") if p.is_file())


class Bucket:
    """A prefix of moto's bucket as DEST (``s3://lessons/<prefix>``)."""

    def __init__(self, server, prefix: str):
        self.endpoint, self.client = server
        self.prefix = prefix
        self.dest = f"s3://{BUCKET}/{prefix}"
        self.args = ["--endpoint-url", self.endpoint]

    def put(self, rel: str, data: bytes) -> None:
        self.client.put_object(Bucket=BUCKET, Key=f"{self.prefix}/{rel}", Body=data)

    def get(self, rel: str) -> bytes | None:
        try:
            return self.client.get_object(Bucket=BUCKET, Key=f"{self.prefix}/{rel}")["Body"].read()
        except self.client.exceptions.NoSuchKey:
            return None

    def keys(self) -> list[str]:
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=BUCKET, Prefix=self.prefix + "/")
        return sorted(o["Key"][len(self.prefix) + 1 :] for page in pages for o in page.get("Contents", []))


@pytest.fixture(params=["folder", "s3"])
def target(request, tmp_path):
    if request.param == "folder":
        return Folder(tmp_path / "site")
    return Bucket(request.getfixturevalue("s3"), request.node.name.replace("[", "-").rstrip("]"))


def publish(target, out: Path, *more: str):
    """``narrate publish OUT DEST`` (with the target's endpoint): click's result."""
    return CliRunner().invoke(main, ["publish", str(out), target.dest, *target.args, *more])


def error_line(result) -> str:
    """The one line a failed command printed (exit status 1, nothing else, no traceback)."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.output.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def assert_whole(target) -> None:
    """The published feed names only keys that exist under DEST."""
    feed = target.get("feed.xml")
    assert feed is not None
    missing = sorted(set(named_keys(feed)) - set(target.keys()))
    assert missing == [], missing


def manifest(target) -> dict:
    data = target.get(MANIFEST_FILE)
    assert data is not None
    return json.loads(data)


def expected_manifest_files(out: Path) -> dict[str, dict]:
    return {rel: {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()} for rel, data in files_of(out).items()}


# ------------------------------------------------------------------ fault 1: files narrate did not write


def test_a_sites_own_files_are_never_deleted(target, builds):
    for rel, data in SITE.items():
        target.put(rel, data)
    first = publish(target, builds["two"])
    assert first.exit_code == 0, first.output
    two, changed = files_of(builds["two"]), files_of(builds["changed"])
    assert target.keys() == sorted([MANIFEST_FILE, *SITE, *two])

    second = publish(target, builds["changed"])
    assert second.exit_code == 0, second.output
    gone = sorted(set(two) - set(changed))  # lesson 2's old version: narrate's, in its manifest
    assert len(gone) == 5 and all(rel.startswith("episodes/02-") for rel in gone)
    assert second.output.strip().endswith(f"{len(gone)} deleted")
    assert target.keys() == sorted([MANIFEST_FILE, *SITE, *changed])
    assert {rel: target.get(rel) for rel in SITE} == SITE  # the site's files, byte for byte
    assert target.get("feed.xml") == changed["feed.xml"]
    assert_whole(target)
    record = manifest(target)
    assert record["files"] == expected_manifest_files(builds["changed"])  # every key narrate wrote, size and hash
    assert record["guids"] == guids(changed["feed.xml"]) and len(record["guids"]) == 2
    assert record["built"] == "2026-03-09T06:00:00+00:00" and record["state"] == "published"
    assert MANIFEST_FILE.encode() not in changed["feed.xml"]  # never named by the feed


def test_a_file_narrate_wrote_then_someone_replaced_is_not_deleted(tmp_path, builds):
    site = Folder(tmp_path / "site")
    assert publish(site, builds["two"]).exit_code == 0
    gone = sorted(set(files_of(builds["two"])) - set(files_of(builds["changed"])))
    edited = next(rel for rel in gone if rel.endswith(".script.txt"))
    site.put(edited, b"rewritten by hand, a size of its own")
    result = publish(site, builds["changed"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(f" {len(gone) - 1} deleted")
    assert site.get(edited) == b"rewritten by hand, a size of its own"
    assert edited not in manifest(site)["files"]  # no longer counted as narrate's


def test_the_authors_proof_listening_marks_are_never_published(tmp_path, builds):
    out = tmp_path / "out"
    shutil.copytree(builds["two"], out)
    (out / "assets" / "listen.js").write_text('window.narrateListen = {"01.mp3": [{"heard": "blorp"}]};\n')
    site = Folder(tmp_path / "site")
    result = publish(site, out)
    assert result.exit_code == 0, result.output
    assert "assets/preview.js" in site.keys() and "assets/listen.js" not in site.keys()
    assert "assets/listen.js" not in manifest(site)["files"]


def test_a_file_narrate_did_not_write_is_not_overwritten(tmp_path, builds):
    site = Folder(tmp_path / "site")
    site.put("index.html", b"<h1>My school</h1>")
    refused = error_line(publish(site, builds["two"]))
    assert refused == (
        f"Error: {site.dest}: nothing was published: it would overwrite 'index.html', which narrate did not write "
        "there; publish into a folder of its own (e.g. DEST/podcast), or use --force to overwrite it"
    )
    assert site.keys() == ["index.html"] and site.get("index.html") == b"<h1>My school</h1>"

    forced = publish(site, builds["two"], "--force")
    assert forced.exit_code == 0, forced.output
    assert site.get("index.html") == files_of(builds["two"])["index.html"]
    assert "index.html" in manifest(site)["files"]  # narrate's from now on


def test_a_destination_without_a_manifest_is_taken_over_and_nothing_deleted(tmp_path, builds):
    """A site published by a narrate without manifests: its files may be replaced, none is deleted."""
    site = Folder(tmp_path / "site")
    assert publish(site, builds["two"]).exit_code == 0
    (site.path / MANIFEST_FILE).unlink()
    result = publish(site, builds["changed"])
    assert result.exit_code == 0, result.output
    two, changed = files_of(builds["two"]), files_of(builds["changed"])
    assert site.keys() == sorted({MANIFEST_FILE, *two, *changed})  # the old version is left in place
    assert site.get("feed.xml") == changed["feed.xml"]
    assert manifest(site)["files"] == expected_manifest_files(builds["changed"])


def test_a_tampered_manifest_is_not_trusted(tmp_path, builds):
    site = Folder(tmp_path / "site")
    outside = tmp_path / "outside.txt"
    outside.write_text("not under DEST")
    assert publish(site, builds["two"]).exit_code == 0
    record = manifest(site)
    record["files"]["../outside.txt"] = {"size": 14, "sha256": "0" * 64}
    site.put(MANIFEST_FILE, json.dumps(record).encode())

    refused = error_line(publish(site, builds["changed"]))
    assert refused.startswith(
        f"Error: {site.dest}: nothing was published: narrate's record of what it wrote there ({MANIFEST_FILE}) "
        "cannot be read (it lists '../outside.txt', which narrate never writes)"
    )
    assert site.get("feed.xml") == files_of(builds["two"])["feed.xml"]

    forced = publish(site, builds["changed"], "--force")
    assert forced.exit_code == 0, forced.output
    assert forced.output.strip().endswith(" 0 deleted")  # an untrusted manifest deletes nothing
    assert outside.read_text() == "not under DEST"
    assert set(files_of(builds["two"])) <= set(site.keys())


# ------------------------------------------------------------------ fault 2: what is published is checked first


def test_publishing_a_build_that_drops_a_published_episode_is_refused(target, builds):
    assert publish(target, builds["three"]).exit_code == 0
    three, two = files_of(builds["three"]), files_of(builds["two"])
    before = target.keys()

    refused = error_line(publish(target, builds["two"]))
    third = guids(three["feed.xml"])[2]
    assert refused == (
        f"Error: {target.dest}: nothing was published: the published feed has episode 'Tides and the Coast' "
        f"(GUID {third}), which this build lacks, so publishing it would remove that episode from listeners' apps; "
        "publish a build that has that episode, or use --force to remove that episode"
    )
    assert target.keys() == before and target.get("feed.xml") == three["feed.xml"]
    assert_whole(target)

    forced = publish(target, builds["two"], "--force")
    assert forced.exit_code == 0, forced.output
    assert guids(target.get("feed.xml")) == guids(two["feed.xml"]) == guids(three["feed.xml"])[:2]
    assert target.keys() == sorted([MANIFEST_FILE, *two])  # episode 3's files were narrate's: deleted
    assert_whole(target)


def test_publishing_an_older_build_is_refused(tmp_path, builds):
    site = Folder(tmp_path / "site")
    assert publish(site, builds["three"]).exit_code == 0
    newer = site.get("feed.xml")
    assert newer is not None and guids(newer) == guids(
        files_of(builds["earlier"])["feed.xml"]
    )  # the same episodes, dated earlier

    refused = error_line(publish(site, builds["earlier"]))
    assert refused == (
        f"Error: {site.dest}: nothing was published: this build (2026-02-16 06:00 UTC) is older than the "
        "published feed (2026-03-16 06:00 UTC), so publishing it would replace newer episodes with older ones; "
        "publish the newer build, or use --force to publish this one"
    )
    assert site.get("feed.xml") == newer

    assert publish(site, builds["earlier"], "--force").exit_code == 0
    assert site.get("feed.xml") == files_of(builds["earlier"])["feed.xml"]
    assert manifest(site)["built"] == "2026-02-16T06:00:00+00:00"


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
<rss version="2.0"><channel><item><guid>&h;</guid></item></channel></rss>
"""


@pytest.mark.parametrize(
    "remote, why",
    [
        (b"\x00\xff not xml", "not well-formed XML: not well-formed (invalid token) (line 1)"),
        (BOMB, "it declares a DTD, which a feed never needs"),
        (b"<html><body>a web page</body></html>", "not an RSS feed (no <rss><channel>)"),
        (b"<rss><channel>" + b" " * 4000 + b"</channel></rss>", "it is larger than 0 MB"),
    ],
    ids=["garbage", "entity-bomb", "not-rss", "too-large"],
)
def test_an_unreadable_remote_feed_is_refused(tmp_path, builds, monkeypatch, remote, why):
    monkeypatch.setattr(upload_module, "MAX_FEED_BYTES", 2000)  # "too-large" is 4,029 bytes
    site = Folder(tmp_path / "site")
    site.put("feed.xml", remote)
    started = time.monotonic()
    refused = error_line(publish(site, builds["two"]))
    assert time.monotonic() - started < 10  # the bomb is never expanded
    assert refused == (
        f"Error: {site.dest}: nothing was published: the published feed.xml cannot be read ({why}), so narrate "
        "cannot tell which episodes publishing would remove; use --force to replace it"
    )
    assert site.keys() == ["feed.xml"] and site.get("feed.xml") == remote

    assert publish(site, builds["two"], "--force").exit_code == 0
    assert site.get("feed.xml") == files_of(builds["two"])["feed.xml"]


def test_feed_state_reads_guids_titles_and_build_time(builds):
    state = feed_state(files_of(builds["three"])["feed.xml"])
    assert len(state.guids) == 3 and state.titles[state.guids[2]] == "Tides and the Coast"
    assert state.built is not None and state.built.isoformat() == "2026-03-16T06:00:00+00:00"
    assert state.generator == "narrate"


# ------------------------------------------------------------------ order: a cut publish leaves a whole feed


TEMPORARY = re.compile(r"(^|/)\.[^/]+\.[0-9a-f]{8}\.part$")


class CutAt:
    """An fsspec filesystem that fails (a full disk) from its ``cut``-th write on, like a cut connection."""

    WRITES = ("put_file", "pipe_file", "mv", "rm_file", "rm")

    def __init__(self, fs, cut: int | None):
        self.fs, self.cut, self.writes = fs, cut, 0

    def __getattr__(self, name):
        method = getattr(self.fs, name)
        if name not in self.WRITES:
            return method

        def write(*args, **kwargs):
            self.writes += 1
            if self.cut is not None and self.writes >= self.cut:
                raise OSError(errno.ENOSPC, "No space left on device")
            return method(*args, **kwargs)

        return write


def test_a_publish_cut_at_any_write_leaves_a_feed_naming_only_files_that_exist(tmp_path, builds, monkeypatch):
    from fsspec.implementations.local import LocalFileSystem

    local = LocalFileSystem()
    first = Folder(tmp_path / "first")
    for rel, data in SITE.items():
        first.put(rel, data)
    upload(builds["two"], first.dest)
    old_feed, new_feed = files_of(builds["two"])["feed.xml"], files_of(builds["changed"])["feed.xml"]
    final = sorted([MANIFEST_FILE, *SITE, *files_of(builds["changed"])])

    monkeypatch.setattr("narrate.publish.check.check_output", lambda out: [])  # checked once above; ffprobe is slow
    counting = CutAt(local, None)
    shutil.copytree(first.path, tmp_path / "count")
    upload(builds["changed"], str(tmp_path / "count"), fs=counting)
    assert counting.writes >= 10  # claim, 5 new files (2 writes each), pages, the feed, 5 deletions, the manifest

    seen = set()
    for cut in range(1, counting.writes + 1):
        site = Folder(tmp_path / f"cut-{cut}")
        shutil.copytree(first.path, site.path)
        with pytest.raises(NarrateError) as failed:
            upload(builds["changed"], site.dest, fs=CutAt(local, cut))
        message = str(failed.value)
        assert message.startswith(f"{site.dest}: ") and message.endswith(": no space left on the destination's disk")
        assert "\n" not in message
        assert_whole(site)  # whatever the moment, the feed names only files that are there
        assert {rel: site.get(rel) for rel in SITE} == SITE
        if "the feed not replaced" in message or "nothing was published" in message:
            assert site.get("feed.xml") == old_feed
            seen.add("old feed" if "nothing" not in message else "nothing")
        else:
            assert site.get("feed.xml") == new_feed and "the new feed and every file it names are published" in message
            seen.add("old files deleted" if "old files deleted" in message else "manifest")

        upload(builds["changed"], site.dest)  # run again: it finishes
        assert site.get("feed.xml") == new_feed
        assert manifest(site)["files"] == expected_manifest_files(builds["changed"])
        # a cut between writing a temporary file and renaming it leaves that hidden temporary file, nothing else
        leftovers = [k for k in site.keys() if k not in final]
        assert all(TEMPORARY.search(k) for k in leftovers), leftovers
        assert sorted(set(site.keys()) - set(leftovers)) == final
    assert seen == {"nothing", "old feed", "old files deleted", "manifest"}


class Relay:
    """A TCP relay on 127.0.0.1 to moto that really cuts the connection: once it has forwarded
    ``cut_after`` PUT requests, it closes every connection and refuses new ones (until :meth:`mend`)."""

    def __init__(self, port: int, cut_after: int | None = None):
        self.upstream = port
        self.cut_after, self.puts, self.cut = cut_after, 0, False
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.closed = False
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def mend(self) -> None:
        with self.lock:
            self.cut, self.cut_after = False, None

    def close(self) -> None:
        self.closed = True
        self.thread.join(timeout=5)
        self.server.close()
        self._cut_all()

    def _cut_all(self) -> None:
        with self.lock:
            for sock in self.sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self.sockets.clear()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if self.cut:
                client.close()
                continue
            client.settimeout(30)
            upstream = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
            with self.lock:
                self.sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, requests: bool) -> None:
        try:
            while data := source.recv(1 << 16):
                if requests:
                    with self.lock:
                        self.puts += data.count(b"PUT /")
                        if self.cut_after is not None and self.puts > self.cut_after:
                            self.cut = True
                if self.cut:
                    break
                sink.sendall(data)
        except OSError:
            pass
        if self.cut:
            self._cut_all()
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def test_a_cut_connection_leaves_the_old_feed_whole_and_running_again_finishes(s3, builds, aws_env):  # noqa: F811
    endpoint, _ = s3
    bucket = Bucket(s3, "cut-connection")
    assert publish(bucket, builds["two"]).exit_code == 0
    old_feed, changed = bucket.get("feed.xml"), files_of(builds["changed"])

    relay = Relay(int(endpoint.rsplit(":", 1)[1]), cut_after=2)  # the manifest's claim, one new file; then cut
    try:
        through = Bucket(s3, "cut-connection")
        through.args = ["--endpoint-url", f"http://127.0.0.1:{relay.port}"]
        started = time.monotonic()
        line = error_line(publish(through, builds["changed"]))
        assert time.monotonic() - started < 60
        assert line.startswith(
            f"Error: {bucket.dest}: 1 of 8 new or changed files uploaded, the feed not replaced (the published feed "
            "is the previous one, and every file it names is still there); run the same command again to finish: "
        )
        assert bucket.get("feed.xml") == old_feed
        assert_whole(bucket)
        assert manifest(bucket)["state"] == "publishing"  # the new keys were claimed first

        relay.mend()
        again = publish(through, builds["changed"])
        assert again.exit_code == 0, again.output
    finally:
        relay.close()
    assert bucket.get("feed.xml") == changed["feed.xml"]
    assert bucket.keys() == sorted([MANIFEST_FILE, *changed])
    assert_whole(bucket)
    assert manifest(bucket)["files"] == expected_manifest_files(builds["changed"])


# ------------------------------------------------------------------ storage errors: one line each


@pytest.fixture
def aws_env(monkeypatch, tmp_path):
    """Test credentials and no ~/.aws, no instance metadata lookup."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "no-credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "no-config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "narrate-test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "narrate-test")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_MAX_ATTEMPTS", "2")  # botocore's retries (s3fs retries too): bounded test time
    return monkeypatch


def test_an_unreachable_endpoint(builds, aws_env):
    started = time.monotonic()
    result = CliRunner().invoke(
        main, ["publish", str(builds["two"]), "s3://lessons/x", "--endpoint-url", "http://127.0.0.1:1"]
    )
    assert time.monotonic() - started < 60
    assert error_line(result) == (
        "Error: s3://lessons/x: nothing was published: "
        'Could not connect to the endpoint URL: "http://127.0.0.1:1/lessons/x"'
    )


def test_an_invalid_bucket_name(builds, aws_env):
    result = CliRunner().invoke(
        main, ["publish", str(builds["two"]), "s3://Bad_Bucket!/x", "--endpoint-url", "http://127.0.0.1:1"]
    )
    assert error_line(result) == (
        "Error: s3://Bad_Bucket!/x: nothing was published: 'Bad_Bucket!' is not a valid bucket name "
        "(letters, digits, '.', '-' and '_', at most 255)"
    )


def test_a_missing_bucket(s3, builds, aws_env):  # noqa: F811
    endpoint, client = s3
    result = CliRunner().invoke(
        main, ["publish", str(builds["two"]), "s3://no-such-bucket/x", "--endpoint-url", endpoint]
    )
    assert error_line(result) == (
        "Error: s3://no-such-bucket/x: nothing was published: The specified bucket does not exist"
    )
    assert "no-such-bucket" not in [b["Name"] for b in client.list_buckets()["Buckets"]]


def test_no_credentials(s3, builds, aws_env):  # noqa: F811
    endpoint, _ = s3
    aws_env.delenv("AWS_ACCESS_KEY_ID")
    aws_env.delenv("AWS_SECRET_ACCESS_KEY")
    site = Bucket(s3, "no-credentials")
    result = publish(site, builds["two"])
    assert error_line(result) == (
        f"Error: {site.dest}: nothing was published: no credentials for the store (set AWS_ACCESS_KEY_ID and "
        "AWS_SECRET_ACCESS_KEY, or configure ~/.aws)"
    )
    assert site.keys() == []


def test_permission_denied_by_the_store(s3, builds, aws_env):  # noqa: F811
    endpoint, client = s3
    client.create_bucket(Bucket="read-only")
    deny = {"Effect": "Deny", "Principal": "*", "Action": "s3:PutObject", "Resource": "arn:aws:s3:::read-only/*"}
    client.put_bucket_policy(Bucket="read-only", Policy=json.dumps({"Version": "2012-10-17", "Statement": [deny]}))
    result = CliRunner().invoke(main, ["publish", str(builds["two"]), "s3://read-only/x", "--endpoint-url", endpoint])
    assert error_line(result) == "Error: s3://read-only/x: nothing was published: permission denied (Forbidden)"
    assert client.list_objects_v2(Bucket="read-only").get("KeyCount") == 0


def _mount_tmpfs(path: Path, options: str) -> bool:
    """Mount a tmpfs at ``path`` (root only); False if this machine does not allow it."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True, timeout=10)
    return done.returncode == 0


def _unmount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=10)


def test_a_read_only_folder(tmp_path, builds):
    site = Folder(tmp_path / "site")
    site.path.mkdir()
    site.path.chmod(0o555)
    mounted = False
    try:
        if os.access(site.path, os.W_OK):  # root: chmod does not stop it; a read-only mount does
            site.path.chmod(0o755)
            mounted = _mount_tmpfs(site.path, "ro,size=1m")
            if not mounted:
                pytest.skip("running as root and no read-only mount: chmod has no effect here")
        line = error_line(publish(site, builds["two"]))
        why = "Read-only file system" if mounted else "Permission denied"
        assert line == f"Error: {site.dest}: nothing was published: {why}: {site.dest}/{MANIFEST_FILE}"
        assert site.keys() == []
    finally:
        if mounted:
            _unmount(site.path)
        site.path.chmod(0o755)


def test_a_full_disk(tmp_path, builds):
    site = Folder(tmp_path / "site")
    if not _mount_tmpfs(site.path, "size=160k"):
        pytest.skip("needs root to mount a small tmpfs (a real full disk)")
    try:
        line = error_line(publish(site, builds["two"]))
        found = re.fullmatch(
            rf"Error: {re.escape(site.dest)}: (\d+) of (\d+) new or changed files uploaded, the feed not replaced "
            r"\(no feed is published there yet\); run the same command again to finish: "
            r"no space left on the destination's disk",
            line,
        )
        assert found, line
        two = files_of(builds["two"])
        uploaded, total = int(found[1]), int(found[2])
        assert 0 < uploaded < total == len(two)
        written = [k for k in site.keys() if k != MANIFEST_FILE]
        assert len(written) == uploaded and all(site.get(k) == two[k] for k in written)  # whole files only
        assert site.get("feed.xml") is None
    finally:
        _unmount(site.path)


@pytest.mark.parametrize("inside", ["mirror", "."])
def test_a_destination_inside_the_published_folder_is_refused(tmp_path, builds, inside):
    out = tmp_path / "out"
    shutil.copytree(builds["two"], out)
    before = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    dest = out / inside if inside != "." else out
    result = CliRunner().invoke(main, ["publish", str(out), str(dest)])
    what = "the folder being published" if inside == "." else f"inside the folder being published ({out})"
    assert error_line(result) == (
        f"Error: {dest}: nothing was published: the destination is {what}, so each publish would copy the last "
        "one into itself; publish to a folder outside it"
    )
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == before


def test_a_link_inside_dest_is_never_written_through(tmp_path, builds):
    """A folder of DEST that is a link out of it (``assets -> /elsewhere``): refused before any write,
    the file behind the link untouched (it was overwritten through the link)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "preview.css").write_bytes(b"/* the user's own */")
    site = tmp_path / "site"
    site.mkdir()
    (site / "assets").symlink_to(elsewhere)
    refused = error_line(CliRunner().invoke(main, ["publish", str(builds["two"]), str(site)]))
    assert (
        refused.startswith(f"Error: {site}: nothing was published: 'assets/") and "through the link assets" in refused
    )
    assert (elsewhere / "preview.css").read_bytes() == b"/* the user's own */"
    assert sorted(p.name for p in site.iterdir()) == ["assets"]


@pytest.mark.parametrize("name", ["feed.xml", ".narrate-manifest.json", "index.html"])
def test_a_folder_where_narrate_writes_a_file_is_refused(tmp_path, builds, name):
    site = tmp_path / "site"
    (site / name).mkdir(parents=True)
    refused = error_line(CliRunner().invoke(main, ["publish", str(builds["two"]), str(site)]))
    assert refused == (
        f"Error: {site}: nothing was published: '{name}' is a folder or not a regular file there; move it away first"
    )
    assert [p.name for p in site.iterdir()] == [name] and not any((site / name).iterdir())


@pytest.mark.parametrize("dest", ["", " ", "file://", "memory://x"])
def test_an_empty_destination_is_refused(tmp_path, builds, monkeypatch, dest):
    monkeypatch.chdir(tmp_path)
    refused = error_line(CliRunner().invoke(main, ["publish", str(builds["two"]), dest]))
    assert "nothing was published: no destination" in refused
    assert list(tmp_path.iterdir()) == []  # nothing published into the current folder
