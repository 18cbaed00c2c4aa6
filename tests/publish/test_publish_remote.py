"""``narrate publish`` to a real S3 API (moto's standalone server on 127.0.0.1) and ``narrate check URL``.

The server is started by the tests (no mocks of boto): uploads, headers, ranges and deletions are
those of a real HTTP S3 API. Episodes are built with the fast fake speech engine.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import re
import shutil
import urllib.request
from importlib.util import find_spec
from pathlib import Path

import feedparser
import podcastparser
import pytest
from click.testing import CliRunner

from narrate import BuildOptions
from narrate.cli import main
from narrate.pipeline import build
from narrate.publish.check import check_url
from narrate.publish.upload import (
    IMMUTABLE_CACHE,
    MANIFEST_FILE,
    SHORT_CACHE,
    cache_control,
    upload,
    upload_order,
)

pytestmark = [
    pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg"),
    # found, not imported: moto and boto3 are imported by the s3 fixture, in the tests that start the server
    pytest.mark.skipif(find_spec("moto") is None or find_spec("boto3") is None, reason="needs moto[server] and boto3"),
]

BUCKET = "lessons"
COURSE = """\
title: Tide Tables
author: Harbour School
description: Two short lessons about tides.
start_date: 2026-03-02
voice:
  engine: fake
pauses:
  think: 1
"""
LESSON_1 = """\
id: why-tides
title: Why Tides Happen
sections:
  - title: The moon's pull
    body:
      - The moon pulls the near side of the sea toward it.
"""
LESSON_2 = """\
id: reading-a-table
title: Reading a Tide Table
sections:
  - title: Heights and times
    body:
      - A tide table lists each high and low water with its height in metres.
"""


@pytest.fixture(scope="module")
def s3():
    """A moto S3 server on 127.0.0.1 (any free port) with a publicly readable bucket; its endpoint URL."""
    moto_server = pytest.importorskip("moto.server")
    boto3 = pytest.importorskip("boto3")
    mp = pytest.MonkeyPatch()
    for key, value in {
        "AWS_ACCESS_KEY_ID": "narrate-test",
        "AWS_SECRET_ACCESS_KEY": "narrate-test",
        "AWS_DEFAULT_REGION": "us-east-1",
    }.items():
        mp.setenv(key, value)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    client = boto3.client("s3", endpoint_url=endpoint)
    client.create_bucket(Bucket=BUCKET)
    policy = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": "*",
                # AWS grants HEAD with s3:GetObject; moto's server checks anonymous HEADs as s3:HeadObject
                "Action": ["s3:GetObject", "s3:HeadObject"],
                "Resource": f"arn:aws:s3:::{BUCKET}/*",
            }
        ],
    }
    client.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(policy))
    yield endpoint, client
    server.stop()
    mp.undo()


def make_course(root: Path) -> Path:
    (root / "lessons").mkdir(parents=True)
    (root / "course.yaml").write_text(COURSE)
    (root / "lessons" / "01-why-tides.yaml").write_text(LESSON_1)
    (root / "lessons" / "02-reading-a-table.yaml").write_text(LESSON_2)
    return root


def keys(client, prefix: str) -> list[str]:
    listed = client.list_objects_v2(Bucket=BUCKET, Prefix=prefix + "/").get("Contents", [])
    return sorted(o["Key"][len(prefix) + 1 :] for o in listed)


def built_and_published(s3, tmp_path: Path, prefix: str) -> tuple[Path, Path, str]:
    """A course built for ``<endpoint>/<bucket>/<prefix>/`` and published there: (content, out, base URL)."""
    endpoint, _ = s3
    base = f"{endpoint}/{BUCKET}/{prefix}/"
    content, out = make_course(tmp_path / "course"), tmp_path / "out"
    build(content, out, BuildOptions(base_url=base, jobs=1))
    upload(out, f"s3://{BUCKET}/{prefix}", endpoint_url=endpoint)
    return content, out, base


@pytest.mark.e2e  # a build, then an upload to a moto S3 server: left out by scripts/test.sh --fast
def test_publish_then_check_url_passes(s3, tmp_path, fakes):
    endpoint, client = s3
    prefix = "tides"
    base = f"{endpoint}/{BUCKET}/{prefix}/"
    content, out = make_course(tmp_path / "course"), tmp_path / "out"
    build(content, out, BuildOptions(base_url=base, jobs=1))
    assert any(p.name.startswith(".narrate") for p in out.iterdir())  # build state exists locally

    result = CliRunner().invoke(main, ["publish", str(out), f"s3://{BUCKET}/{prefix}", "--endpoint-url", endpoint])
    assert result.exit_code == 0, result.output
    published = keys(client, prefix)
    local = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and ".narrate" not in str(p))
    assert published == [MANIFEST_FILE, *local]  # narrate's manifest beside the feed, and the build
    assert [k for k in published if "/." in "/" + k] == [MANIFEST_FILE]  # no .narrate-* state, lock or .part file
    manifest = json.loads(client.get_object(Bucket=BUCKET, Key=f"{prefix}/{MANIFEST_FILE}")["Body"].read())
    assert sorted(manifest["files"]) == local
    assert "uploaded, 0 unchanged, 0 deleted" in result.output

    checked = CliRunner().invoke(main, ["check", f"{base}feed.xml"])
    assert checked.exit_code == 0, checked.output
    assert checked.output.strip() == f"{base}feed.xml: OK"

    mp3 = next(k for k in published if k.endswith(".mp3"))
    head = client.head_object(Bucket=BUCKET, Key=f"{prefix}/{mp3}")
    assert (head["ContentType"], head["CacheControl"]) == ("audio/mpeg", IMMUTABLE_CACHE)
    assert head["ContentLength"] == (out / mp3).stat().st_size
    feed = client.head_object(Bucket=BUCKET, Key=f"{prefix}/feed.xml")
    assert (feed["ContentType"], feed["CacheControl"]) == ("application/rss+xml", SHORT_CACHE)
    assert client.head_object(Bucket=BUCKET, Key=f"{prefix}/episodes/{Path(mp3).stem}.vtt")["ContentType"].startswith(
        "text/vtt"
    )

    again = upload(out, f"s3://{BUCKET}/{prefix}", endpoint_url=endpoint)
    assert (again.uploaded, again.deleted, len(again.unchanged)) == ([], [], len(local))


@pytest.mark.e2e  # a build, then an upload to a moto S3 server: left out by scripts/test.sh --fast
def test_interrupted_upload_leaves_a_feed_naming_no_missing_file(s3, tmp_path, fakes):
    endpoint, client = s3
    prefix = "interrupted"
    content, out, base = built_and_published(s3, tmp_path, prefix)
    old_mp3 = {k for k in keys(client, prefix) if k.endswith(".mp3")}

    lesson = content / "lessons" / "02-reading-a-table.yaml"
    lesson.write_text(LESSON_2.replace("in metres.", "in metres above chart datum."))
    build(content, out, BuildOptions(base_url=base, jobs=1))

    def stop_after_first(stage: str, done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        upload(out, f"s3://{BUCKET}/{prefix}", endpoint_url=endpoint, progress=stop_after_first)
    assert check_url(f"{base}feed.xml") == []  # the old feed, every file it names still there
    assert old_mp3 <= set(keys(client, prefix))

    done = upload(out, f"s3://{BUCKET}/{prefix}", endpoint_url=endpoint)
    new_mp3 = {k for k in keys(client, prefix) if k.endswith(".mp3")}
    assert len(new_mp3) == 2 and len(old_mp3 & new_mp3) == 1  # lesson 1 kept its version; lesson 2's changed
    assert [k for k in done.deleted if k.endswith(".mp3")] == sorted(old_mp3 - new_mp3)
    assert done.uploaded[-1] == "feed.xml"
    assert check_url(f"{base}feed.xml") == []


@pytest.mark.e2e  # a moto S3 server: left out by scripts/test.sh --fast
def test_check_url_reports_missing_enclosure_and_unreachable_feed(s3, tmp_path, fakes):
    endpoint, client = s3
    prefix = "broken"
    _, _, base = built_and_published(s3, tmp_path, prefix)
    mp3 = sorted(k for k in keys(client, prefix) if k.endswith(".mp3"))[0]
    client.delete_object(Bucket=BUCKET, Key=f"{prefix}/{mp3}")
    problems = [str(p) for p in check_url(f"{base}feed.xml")]
    assert len(problems) == 1
    assert problems[0].startswith(f"Error: {base}feed.xml:")
    assert problems[0].endswith(f"item 1: enclosure not found (HTTP 404): {base}{mp3}")
    gone = [str(p) for p in check_url(f"{endpoint}/{BUCKET}/nothing-here/feed.xml")]
    assert gone == [f"Error: {endpoint}/{BUCKET}/nothing-here/feed.xml: feed not found (HTTP 404)"]


@pytest.mark.e2e  # a build with ffmpeg: left out by scripts/test.sh --fast
def test_publish_to_a_folder(tmp_path, fakes):
    content, out, dest = make_course(tmp_path / "course"), tmp_path / "out", tmp_path / "site"
    build(content, out, BuildOptions(jobs=1))
    first = upload(out, str(dest))
    assert first.uploaded[-1] == "feed.xml"
    assert (dest / "feed.xml").read_bytes() == (out / "feed.xml").read_bytes()
    assert [p.name for p in dest.rglob(".*")] == [MANIFEST_FILE]  # no build state; narrate's manifest
    (dest / "notes.txt").write_text("mine")  # not narrate's: never deleted
    (dest / "episodes" / "99-gone.0123456789.mp3").write_bytes(b"old")  # named like narrate's, but not in its manifest
    second = upload(out, str(dest))
    assert (second.uploaded, second.deleted) == ([], [])
    assert (dest / "notes.txt").read_text() == "mine"
    assert (dest / "episodes" / "99-gone.0123456789.mp3").read_bytes() == b"old"


@pytest.mark.parametrize(
    "rel, expected",
    [
        ("feed.xml", SHORT_CACHE),
        ("index.html", SHORT_CACHE),
        ("episodes/01-tides.html", SHORT_CACHE),
        ("episodes/01-tides.0a1b2c3d4e.mp3", IMMUTABLE_CACHE),
        ("episodes/01-tides.0a1b2c3d4e.chapters.json", IMMUTABLE_CACHE),
        ("cover.png", "public, max-age=3600"),
        ("assets/preview.css", "public, max-age=3600"),
    ],
)
def test_cache_control(rel, expected):
    assert cache_control(rel) == expected


def test_upload_order_media_first_feed_last():
    files = ["feed.xml", "index.html", "episodes/01-a.html", "episodes/01-a.0a1b2c3d4e.mp3", "cover.png"]
    assert upload_order(files) == [
        "cover.png",
        "episodes/01-a.0a1b2c3d4e.mp3",
        "episodes/01-a.html",
        "index.html",
        "feed.xml",
    ]


def test_publish_without_a_build(tmp_path):
    result = CliRunner().invoke(main, ["publish", str(tmp_path), str(tmp_path / "dest")])
    assert result.exit_code == 1
    assert result.output.strip().endswith("no feed.xml in this folder (run 'narrate build' first)")


@pytest.mark.e2e  # a moto S3 server: left out by scripts/test.sh --fast
def test_urlopen_sees_public_object(s3):
    endpoint, client = s3
    client.put_object(Bucket=BUCKET, Key="probe.txt", Body=b"hi")
    with urllib.request.urlopen(f"{endpoint}/{BUCKET}/probe.txt") as response:
        assert response.read() == b"hi"


# ---------------------------------------------------------------- moving hosts


def feed_of(data: bytes) -> tuple[str | None, list[str], str | None]:
    """(itunes:new-feed-url, item GUIDs, podcast:guid) of a feed, read by feedparser and podcastparser."""
    parsed = feedparser.parse(data)
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    podcast = podcastparser.parse("https://old.example.org/tides/feed.xml", io.BytesIO(data))
    assert podcast.get("new_url") == parsed.feed.get("itunes_new-feed-url")
    return podcast.get("new_url"), [e.id for e in parsed.entries], parsed.feed.get("podcast_guid")


@pytest.mark.e2e  # three builds with ffmpeg: left out by scripts/test.sh --fast
def test_moving_hosts_keeps_every_guid_and_leaves_the_old_feed_pointing_at_the_new(tmp_path, fakes, caplog):
    content, out = make_course(tmp_path / "course"), tmp_path / "out"
    old, new = tmp_path / "old-host", tmp_path / "new-host"
    runner = CliRunner()
    build(content, out, BuildOptions(jobs=1))  # at http://localhost:8000/, the preview address
    with caplog.at_level(logging.WARNING, logger="narrate"):
        upload(out, str(tmp_path / "preview"))
    assert [r.getMessage() for r in caplog.records] == [
        f"{out / 'feed.xml'}:4: the feed points at http://localhost:8000/ (this machine), which podcast apps cannot "
        "reach; before publishing, build with --base-url set to the https address it will be published at"
    ]
    build(content, out, BuildOptions(jobs=1, base_url="https://old.example.org/tides/"))
    upload(out, str(old))
    before = feed_of((old / "feed.xml").read_bytes())
    assert before[0] is None and len(before[1]) == 2

    build(content, out, BuildOptions(jobs=1, base_url="https://new.example.net/tides/"))  # no flag: GUIDs kept
    result = runner.invoke(main, ["publish", str(out), str(new), "--moved-from", str(old)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == (
        f"Moved: the feed at {old} now names the new one, https://new.example.net/tides/feed.xml, in "
        "<itunes:new-feed-url>. Now redirect https://old.example.org/tides/feed.xml to "
        "https://new.example.net/tides/feed.xml with HTTP 301 (Moved Permanently), as Apple Podcasts and the "
        "Podcast Index ask, and keep the old feed and the redirect in place until the directories list the new "
        "address."
    )
    assert feed_of((new / "feed.xml").read_bytes()) == (None, before[1], before[2])  # the same episodes, same show
    moved = (old / "feed.xml").read_bytes()
    assert feed_of(moved) == ("https://new.example.net/tides/feed.xml", before[1], before[2])
    assert b'<enclosure url="https://new.example.net/tides/episodes/01-why-tides.' in moved
    manifest = json.loads((old / MANIFEST_FILE).read_text())
    assert manifest["files"]["feed.xml"] == {"size": len(moved), "sha256": hashlib.sha256(moved).hexdigest()}
    assert [p.name for p in old.glob(".*")] == [MANIFEST_FILE]  # no temporary file left
    again = runner.invoke(main, ["publish", str(out), str(new), "--moved-from", str(old)])
    assert again.exit_code == 0 and (old / "feed.xml").read_bytes() == moved  # the same bytes again


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytest.mark.parametrize(
    "old_feed, message",
    [
        (None, "there is no feed.xml there (give where it was published)"),
        (b"<rss><channel><generator>Libsyn</generator></channel></rss>", "its feed.xml was not written by narrate"),
        ("same", "it is already at https://new.example.net/tides/feed.xml, the address this build names"),
        ("other show", "it has episode 'Gone', which this build lacks (a GUID changed, or another show)"),
    ],
)
def test_a_move_that_cannot_be_told_is_refused_before_anything_is_written(tmp_path, fakes, old_feed, message):
    content, out = make_course(tmp_path / "course"), tmp_path / "out"
    old, new = tmp_path / "old-host", tmp_path / "new-host"
    build(content, out, BuildOptions(jobs=1, base_url="https://new.example.net/tides/"))
    old.mkdir()
    if old_feed is not None:
        data = (out / "feed.xml").read_bytes() if isinstance(old_feed, str) else old_feed
        if old_feed == "other show":
            data = data.replace(b"https://new.example.net/", b"https://old.example.org/")
            data = data.replace(b"<title>Why Tides Happen</title>", b"<title>Gone</title>")
            data = re.sub(
                rb"<guid isPermaLink=\"false\">[^<]+</guid>", b'<guid isPermaLink="false">gone</guid>', data, count=1
            )
        (old / "feed.xml").write_bytes(data)
    before = {p.name: p.read_bytes() for p in old.iterdir()}
    result = CliRunner().invoke(main, ["publish", str(out), str(new), "--moved-from", str(old)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(
        f"Error: {old}: nothing was published: the old feed cannot be moved: {message}"
    ), result.output
    assert not new.exists()  # nothing published
    assert {p.name: p.read_bytes() for p in old.iterdir()} == before


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
@pytest.mark.parametrize("spelling", ["{site}", "{site}/", "file://{site}", "{site}/../site"])
def test_moving_from_the_destination_itself_is_refused_and_the_new_feed_kept(tmp_path, fakes, spelling):
    content, out, site = make_course(tmp_path / "course"), tmp_path / "out", tmp_path / "site"
    build(content, out, BuildOptions(jobs=1, base_url="https://old.example.org/tides/"))
    upload(out, str(site))
    build(content, out, BuildOptions(jobs=1, base_url="https://new.example.net/tides/"))
    upload(out, str(site))
    published = (site / "feed.xml").read_bytes()
    old = spelling.format(site=site)
    result = CliRunner().invoke(main, ["publish", str(out), str(site), "--moved-from", old])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"Error: {old}: nothing was published: --moved-from names the destination itself; give where the feed "
        "was published before the move"
    )
    assert (site / "feed.xml").read_bytes() == published


@pytest.mark.e2e  # builds with ffmpeg: left out by scripts/test.sh --fast
def test_moving_from_a_feed_that_named_a_preview_address_warns(tmp_path, fakes, caplog):
    content, out = make_course(tmp_path / "course"), tmp_path / "out"
    old, new = tmp_path / "old-host", tmp_path / "new-host"
    build(content, out, BuildOptions(jobs=1))  # at http://localhost:8000/
    upload(out, str(old))
    build(content, out, BuildOptions(jobs=1, base_url="https://new.example.net/tides/"))
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="narrate"):
        done = upload(out, str(new), moved_from=str(old))
    assert done.moved is not None
    assert [r.getMessage() for r in caplog.records] == [
        f"{old}: the old feed names itself at http://localhost:8000/feed.xml, an address on this machine or a "
        "local network: listeners can have followed it only where it was served from, so redirect that address "
        "(with no listeners there, --moved-from is not needed)"
    ]


@pytest.mark.e2e  # builds, then uploads to a moto S3 server: left out by scripts/test.sh --fast
def test_moving_hosts_on_s3(s3, tmp_path, fakes):
    endpoint, client = s3
    content, out, old_base = built_and_published(s3, tmp_path, "old-home")
    old_guids = feed_of(client.get_object(Bucket=BUCKET, Key="old-home/feed.xml")["Body"].read())[1]
    new_base = f"{endpoint}/{BUCKET}/new-home/"
    build(content, out, BuildOptions(base_url=new_base, jobs=1))
    done = upload(out, f"s3://{BUCKET}/new-home", endpoint_url=endpoint, moved_from=f"s3://{BUCKET}/old-home")
    assert (done.moved.old_url, done.moved.new_url) == (f"{old_base}feed.xml", f"{new_base}feed.xml")
    with urllib.request.urlopen(f"{old_base}feed.xml") as response:  # what a podcast app fetches at the old URL
        assert response.headers["Content-Type"] == "application/rss+xml"
        assert response.headers["Cache-Control"] == SHORT_CACHE
        assert feed_of(response.read()) == (
            f"{new_base}feed.xml",
            old_guids,
            feed_of((out / "feed.xml").read_bytes())[2],
        )
    assert check_url(f"{new_base}feed.xml") == []
