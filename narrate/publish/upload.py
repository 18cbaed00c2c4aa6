"""``narrate publish OUT DEST``: upload a built output folder to object storage or another folder.

DEST is any URL fsspec understands: ``s3://bucket/prefix`` (AWS S3 or any S3-compatible store, with
``endpoint_url``), or a local folder path. Publishing is *additive and checked*:

* **Only narrate's own files.** Beside the feed, narrate keeps a manifest, ``.narrate-manifest.json``
  (:data:`MANIFEST_FILE`): every key it uploaded, with its size and SHA-256, the feed's GUIDs and its
  build time (``lastBuildDate``). It is a hidden object that the feed never names. narrate deletes
  only keys that its previous manifest lists, that still have the size it wrote, and that the new
  build no longer has (older episode versions, removed lessons); anything else under DEST (a site's
  ``assets/site.css``, ``episodes/README.txt``, a ``bonus.m4b``) is never deleted, and a file of DEST
  that narrate did not write is not overwritten (unless it already has the same bytes) without ``force``. A destination published by a narrate
  without manifests (its feed's ``<generator>`` is narrate) is taken over: the files the build writes
  may replace theirs, and nothing there is deleted.
* **Checked against what is published.** The remote feed is read first (at most
  :data:`MAX_FEED_BYTES`, no DTD): a build that lacks one of its GUIDs (publishing it would remove an
  episode from listeners' apps), or is older than it (``lastBuildDate``), is refused, as is a remote
  feed or manifest that cannot be read; ``force`` publishes anyway.
* **In an order that never breaks the feed.** First, if the build adds keys, the manifest is
  rewritten to list them too (so a cut publish leaves nothing narrate cannot later delete); then every
  new or changed file except the feed (media, transcripts, chapters, the cover, then the preview
  pages), a file whose size and hash match the remote copy being skipped; then the feed, in one ``PUT``
  (a local folder: one rename); then the keys of the previous manifest that the build no longer has
  are deleted; last the manifest is written for the new build (after the deletions, so that keys a cut
  publish did not yet delete are still listed, and deleted by the next run). A publish cut at any point leaves a
  published feed (the old one or the new one) that names only files that are there; running it again
  finishes the job. Hidden files of OUT (``.narrate-*`` build state, the lock, half-written ``.part``
  files) are never uploaded.
* **A move, told to podcast apps.** With ``moved_from`` (``--moved-from OLD_DEST``, where the feed
  was published before a build with a new ``base_url``), the feed at OLD_DEST is written once more
  after the publish: the new feed with ``<itunes:new-feed-url>`` naming the new address, which Apple
  Podcasts and the Podcast Index follow; the producer is then told to redirect the old URL with HTTP
  301, as they ask too. It is checked first, before anything is written: the old feed must be
  narrate's, at another address, and have no episode the build lacks (``force`` skips the last two).
  Episode GUIDs do not change with the address (:mod:`narrate.publish.identity`), so apps that
  follow the move list no episode twice.
* **One line for every failure.** A storage error (no credentials, an unreachable endpoint, a cut
  connection, a missing bucket, permission denied, a full disk) is a :class:`NarrateError`,
  ``<dest>: <what was and was not published>: <reason>``.

Object headers (S3): ``Content-Type`` from :data:`narrate.publish.media_types.CONTENT_TYPES`; ``Cache-Control`` short for the
feed and the preview pages (``max-age=300``), ``immutable`` for versioned media (their name changes
whenever their bytes do: ``NN-<id>.<version>.mp3``), one hour for the rest. Each object carries its
SHA-256 as metadata (``x-amz-meta-sha256``), so files uploaded in several parts are compared too.
"""

from __future__ import annotations

import asyncio
import errno
import hashlib
import json
import os
import re
import secrets
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from xml.parsers import expat

from narrate.errors import ConfigError, NarrateError, warn
from narrate.publish import check as output_check
from narrate.publish.feed import with_new_feed_url
from narrate.publish.media_types import LISTEN_MARKS, content_type
from narrate.publish.output import locked, sha256_file
from narrate.setting_kinds import local_host

FEED_FILE = "feed.xml"
MANIFEST_FILE = ".narrate-manifest.json"
"""narrate's record of what it wrote under DEST (see the module docstring); never named by the feed."""
MANIFEST_FORMAT = 1

MAX_FEED_BYTES = 64 << 20
"""A remote feed larger than this is not read (and so not replaced without ``force``)."""
MAX_MANIFEST_BYTES = 64 << 20
"""A remote manifest larger than this is not read (and so not trusted without ``force``)."""

S3_CONNECT_TIMEOUT = 10
"""Seconds to wait for a connection to the store (botocore's default is 60)."""
S3_READ_TIMEOUT = 60
"""Seconds to wait for the store's answer to a request."""

SHORT_CACHE = "public, max-age=300"
"""Cache-Control of the feed and the preview pages: apps and browsers see a new build within minutes."""
IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
"""Cache-Control of versioned media: the name changes whenever the bytes do."""
DEFAULT_CACHE = "public, max-age=3600"
MANIFEST_CACHE = "no-cache"

_VERSIONED = re.compile(r"^episodes/.+\.[0-9a-f]{10}\.[^/]+$")
_BUCKET = re.compile(r"^[A-Za-z0-9._-]{1,255}$")  # botocore's own check (legacy names allow capitals, '_')
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

Progress = Callable[[str, int, int], None]


@dataclass
class Uploaded:
    """What :func:`upload` did: remote paths (relative to DEST) uploaded, skipped (unchanged), deleted.

    The manifest (:data:`MANIFEST_FILE`) is in none of the lists."""

    uploaded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    moved: Moved | None = None
    """The old feed written once more with ``itunes:new-feed-url`` (``moved_from``), else None."""


@dataclass(frozen=True)
class Moved:
    """The feed left at the old address (``moved_from``): where it was written (OLD_DEST as given),
    the URL it is published at (its ``atom:link rel="self"``, "" if it names none), and the new feed's
    URL its ``itunes:new-feed-url`` names."""

    dest: str
    old_url: str
    new_url: str


@dataclass(frozen=True)
class FeedState:
    """What a feed publishes: its items' GUIDs (feed order) and titles, its build time, its generator."""

    guids: tuple[str, ...]
    titles: dict[str, str]
    built: datetime | None
    """``lastBuildDate`` (else the newest ``pubDate``), timezone-aware; None if it has neither."""
    generator: str
    url: str = ""
    """The feed's own URL (``atom:link rel="self"``), "" if it names none."""
    show: str = ""
    """Its ``podcast:guid``, "" if it has none."""


@dataclass(frozen=True)
class Manifest:
    """A parsed :data:`MANIFEST_FILE`: ``files`` maps each key narrate wrote (relative to DEST) to
    ``{"size": int, "sha256": str}``; ``guids`` and ``built`` describe the feed it published."""

    files: dict[str, dict[str, Any]]
    guids: tuple[str, ...]
    built: datetime | None


def cache_control(rel: str) -> str:
    """Cache-Control of an output file: see the module docstring."""
    if rel == FEED_FILE or rel.endswith(".html"):
        return SHORT_CACHE
    if _VERSIONED.match(rel):
        return IMMUTABLE_CACHE
    return DEFAULT_CACHE


def upload_order(files: list[str]) -> list[str]:
    """The order files are uploaded in: media, transcripts, chapters and images; then the preview
    pages and assets; the feed last. Within a group, by path (deterministic)."""

    def group(rel: str) -> int:
        if rel == FEED_FILE:
            return 2
        return 1 if rel.endswith((".html", ".css", ".js")) else 0

    return sorted(files, key=lambda rel: (group(rel), rel))


def local_files(out_dir: Path) -> list[str]:
    """Files of a built folder to publish, relative with ``/``: everything but hidden files and folders
    (``.narrate-*`` state, the build lock, ``.part`` files) and the author's proof-listening marks
    (:data:`narrate.publish.media_types.LISTEN_MARKS`: what the recogniser misheard is not for learners)."""
    out_dir = Path(out_dir)
    return sorted(
        rel
        for p in out_dir.rglob("*")
        if p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(out_dir).parts)
        and (rel := p.relative_to(out_dir).as_posix()) != LISTEN_MARKS
    )


def open_destination(dest: str, *, endpoint_url: str | None = None) -> tuple[Any, str]:
    """``(filesystem, root path)`` for DEST: ``s3://bucket/prefix`` (s3fs) or a local folder.

    A new filesystem object each time (never fsspec's cached one, which would keep the credentials
    of an earlier call). S3 connections time out after :data:`S3_CONNECT_TIMEOUT` seconds.

    Args:
        endpoint_url: an S3-compatible store's API URL (e.g. ``http://127.0.0.1:9000``); None: AWS.
            Credentials come from the usual places (environment, ``~/.aws``), as for the AWS CLI.

    Raises:
        ConfigError: an unsupported or malformed destination (one line, ``<dest>: ...``), or s3fs missing.
    """
    import fsspec

    shown = printable(dest)
    options: dict[str, Any] = {"skip_instance_cache": True}
    if not dest.strip() or dest.strip() in ("file://", "file:///") or dest.startswith("memory://"):
        raise ConfigError(
            f"'{shown}': nothing was published: no destination (give s3://bucket/prefix or a folder; an empty "
            "DEST would publish into the current folder)"
        )
    if dest.startswith("s3://"):
        bucket = dest[5:].split("/", 1)[0]
        if not bucket:
            raise ConfigError(f"{shown}: nothing was published: no bucket in it (expected s3://bucket/prefix)")
        if not _BUCKET.match(bucket):
            raise ConfigError(
                f"{shown}: nothing was published: '{printable(bucket)}' is not a valid bucket name "
                "(letters, digits, '.', '-' and '_', at most 255)"
            )
        if endpoint_url:
            options["endpoint_url"] = endpoint_url
        options["config_kwargs"] = {"connect_timeout": S3_CONNECT_TIMEOUT, "read_timeout": S3_READ_TIMEOUT}
    elif "://" not in dest:
        dest = str(Path(dest).resolve())
    elif not dest.startswith("file://"):
        raise ConfigError(
            f"{shown}: nothing was published: cannot publish to this kind of destination; use s3://bucket/prefix "
            "(any S3-compatible store) or a folder"
        )
    try:
        fs, root = fsspec.core.url_to_fs(dest, **options)
    except (ImportError, ValueError, OSError) as exc:
        raise ConfigError(f"{shown}: nothing was published: cannot publish to it: {reason(exc)}") from None
    return fs, root.rstrip("/")


def upload(
    out_dir: Path,
    dest: str,
    *,
    endpoint_url: str | None = None,
    progress: Progress | None = None,
    fs: Any = None,
    force: bool = False,
    moved_from: str | None = None,
) -> Uploaded:
    """Publish the built folder ``out_dir`` to ``dest`` (see the module docstring for the checks,
    the order, the manifest, the headers and a move). A feed on a preview address or on plain http
    is published with a warning (:func:`narrate.publish.check.publish_warnings`).

    Args:
        out_dir: a folder written by ``narrate build`` (must hold ``feed.xml`` and pass its check).
        dest: ``s3://bucket/prefix`` or a folder path (or any fsspec URL) outside ``out_dir``.
        endpoint_url: API URL of an S3-compatible store.
        progress: ``progress("upload", done, total)`` after each file considered.
        fs: an fsspec filesystem to use instead of opening ``dest`` (``dest`` is then its root path).
        force: publish even if the build lacks a published GUID, is older than the published feed,
            the remote feed or manifest cannot be read, or a file narrate did not write would be
            overwritten. Files narrate did not write are never deleted, even so. With ``moved_from``:
            write the old feed even if it has episodes the build lacks, or names the same address.
        moved_from: where the feed was published before (``s3://bucket/prefix`` or a folder, opened
            as ``dest`` is): after the publish, its feed is written once more with
            ``itunes:new-feed-url`` naming the new feed's URL (:class:`Moved`).

    Returns:
        the remote paths uploaded, unchanged and deleted; the old feed rewritten (``moved``).

    Raises:
        NarrateError: one line, ``<dest>: ...``: no built folder or one that fails its check; DEST
            inside OUT; a refused publish (nothing written); a storage error, saying what was and
            was not published.
    """
    out_dir = Path(out_dir)
    if not (out_dir / FEED_FILE).is_file():
        raise NarrateError(f"no {FEED_FILE} in this folder (run 'narrate build' first)", out_dir)
    shown = printable(dest)
    if fs is None:
        _refuse_nested(out_dir, dest)
    problems = output_check.check_output(out_dir)
    if problems:  # never publish a feed that names a missing or broken file
        more = f" (and {len(problems) - 1} more; run 'narrate check {out_dir}')" if len(problems) > 1 else ""
        raise NarrateError(f"not publishing a folder that fails its check: {problems[0]}{more}", out_dir)
    for warning in output_check.publish_warnings(out_dir):
        warn(warning.message, warning.file, warning.line)
    if moved_from is not None and _place(moved_from) == _place(dest):
        raise NarrateError(
            f"{printable(moved_from)}: nothing was published: --moved-from names the destination itself; give "
            "where the feed was published before the move"
        )
    old = _OldFeed(out_dir, moved_from, endpoint_url, force) if moved_from is not None else None
    if old is not None:
        old.check()  # before anything is written anywhere
    if fs is None:
        fs, root = open_destination(dest, endpoint_url=endpoint_url)
    else:
        root = dest.rstrip("/")
    run = _Publish(out_dir, shown, fs, root, progress, force)
    try:
        with locked(out_dir):  # no build may change the folder while it is being uploaded
            run.publish()
    except NarrateError:
        raise
    except _storage_errors() as exc:  # botocore errors arrive as OSError subclasses through s3fs, or as themselves
        raise NarrateError(f"{shown}: {run.state()}: {reason(exc)}") from None
    if old is not None:
        run.done.moved = old.write()
    return run.done


def feed_state(data: bytes) -> FeedState:
    """What the RSS feed ``data`` publishes, parsed with expat (no DTD, so no entity expansion).

    Raises:
        ValueError: not well-formed XML, a DTD, or not an RSS feed (the message says which).
    """

    def no_dtd(*_: object) -> None:
        raise ValueError("it declares a DTD, which a feed never needs")

    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = no_dtd
    parser.EntityDeclHandler = no_dtd
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
        root = builder.close()
    except expat.ExpatError as exc:
        raise ValueError(f"not well-formed XML: {expat.ErrorString(exc.code)} (line {exc.lineno})") from None
    channel = root.find("channel") if root.tag == "rss" else None
    if channel is None:
        raise ValueError("not an RSS feed (no <rss><channel>)")
    guids: list[str] = []
    titles: dict[str, str] = {}
    dates: list[datetime] = []
    for item in channel.findall("item"):
        guid = (item.findtext("guid") or "").strip()
        if guid:
            guids.append(guid)
            titles[guid] = (item.findtext("title") or "").strip()
        when = _date(item.findtext("pubDate"))
        if when is not None:
            dates.append(when)
    built = _date(channel.findtext("lastBuildDate")) or (max(dates) if dates else None)
    # expat without namespaces: the prefixes as narrate writes them
    own = next((link.get("href", "") for link in channel.findall("atom:link") if link.get("rel") == "self"), "")
    return FeedState(
        tuple(guids),
        titles,
        built,
        (channel.findtext("generator") or "").strip(),
        own.strip(),
        (channel.findtext("podcast:guid") or "").strip(),
    )


def manifest_bytes(files: dict[str, dict[str, Any]], feed: FeedState | None, *, state: str) -> bytes:
    """The manifest's JSON (sorted keys, so the same build gives the same bytes): ``{"format": 1,
    "generator": "narrate", "state": "publishing" | "published", "feed": "feed.xml", "built": ISO time
    or null, "guids": [...], "files": {key: {"size": n, "sha256": hex}}}``."""
    document = {
        "format": MANIFEST_FORMAT,
        "generator": "narrate",
        "state": state,
        "feed": FEED_FILE,
        "built": feed.built.isoformat() if feed is not None and feed.built is not None else None,
        "guids": list(feed.guids) if feed is not None else [],
        "files": {rel: {"size": int(e["size"]), "sha256": str(e["sha256"])} for rel, e in sorted(files.items())},
    }
    return (json.dumps(document, indent=1, sort_keys=True, ensure_ascii=True) + "\n").encode("ascii")


def parse_manifest(data: bytes) -> Manifest:
    """Parse a manifest written by :func:`manifest_bytes`.

    Raises:
        ValueError: not JSON, not narrate's manifest format, or a key that is not a plain relative
            path (``..``, absolute, hidden, control characters): such a manifest is not trusted.
    """
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError("not JSON") from None
    if not isinstance(document, dict) or document.get("format") != MANIFEST_FORMAT:
        raise ValueError(f"not a narrate manifest of format {MANIFEST_FORMAT}")
    files, guids = document.get("files"), document.get("guids", [])
    if not isinstance(files, dict) or not isinstance(guids, list) or not all(isinstance(g, str) for g in guids):
        raise ValueError("no 'files' table or 'guids' list")
    for rel, entry in files.items():
        if not _plain_key(rel):
            raise ValueError(f"it lists '{printable(str(rel))[:200]}', which narrate never writes")
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("size"), int)
            or not isinstance(entry.get("sha256"), str)
        ):
            raise ValueError(f"no size and sha256 for '{printable(rel)}'")
    built = None
    if isinstance(document.get("built"), str):
        try:
            built = _aware(datetime.fromisoformat(document["built"]))
        except ValueError:
            built = None
    return Manifest(files, tuple(guids), built)


def printable(text: str) -> str:
    """``text`` with control characters (C0, DEL, C1) written as ``\\xNN`` escapes: safe in a terminal line."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def reason(exc: BaseException) -> str:
    """A storage error as a short phrase for one line (no traceback, no newline)."""
    name = type(exc).__name__
    if name == "NoCredentialsError":
        return "no credentials for the store (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or configure ~/.aws)"
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        text = "no space left on the destination's disk"
    elif isinstance(exc, OSError) and exc.errno is not None and exc.strerror:
        text = exc.strerror + (f": {exc.filename}" if exc.filename else "")
    else:  # s3fs: the store's own message; botocore: its sentence
        text = str(exc).strip()
        if name == "ParamValidationError":  # botocore: "Parameter validation failed:\n<the problem>"
            text = text.partition("\n")[2] or text
    if isinstance(exc, PermissionError) and "denied" not in text.lower():
        text = f"permission denied ({text})"
    text = " ".join(text.split()) or name
    return printable(text if len(text) <= 300 else text[:297] + "...")


# ------------------------------------------------------------------ the publish itself


class _Publish:
    """One publish, step by step; :meth:`state` says how far it got (for an error line)."""

    def __init__(self, out_dir: Path, shown: str, fs: Any, root: str, progress: Progress | None, force: bool):
        self.out, self.shown, self.fs, self.root = out_dir, shown, fs, root
        self.progress, self.force = progress, force
        self.s3 = "s3" in _protocols(fs)
        self.done = Uploaded()
        self.step = "check"
        self.to_upload = 0
        self.stale: list[str] = []
        self.old_feed = False

    def path(self, rel: str) -> str:
        return f"{self.root}/{rel}"

    def _check_local_targets(self, names: list[str]) -> None:
        """A folder DEST: every file narrate would write must land inside it (no folder on the way is a
        link out of DEST) and its place must hold a file or nothing (not a folder).

        Raises:
            NarrateError: before anything is written, naming the first such file.
        """
        if self.s3 or "file" not in _protocols(self.fs) and "local" not in _protocols(self.fs):
            return
        root = os.path.realpath(self.root)
        for rel in names:
            target = os.path.join(self.root, *rel.split("/"))
            folder = os.path.realpath(os.path.dirname(target))
            if folder != root and not folder.startswith(root + os.sep):
                raise NarrateError(
                    f"{self.shown}: nothing was published: '{printable(rel)}' would be written outside it, "
                    f"through the link {printable(os.path.relpath(os.path.dirname(target), self.root))}"
                )
            if os.path.lexists(target) and not os.path.isfile(target):
                raise NarrateError(
                    f"{self.shown}: nothing was published: '{printable(rel)}' is a folder or not a regular file "
                    "there; move it away first"
                )

    def publish(self) -> None:
        """Check, claim, upload, switch the feed, delete, record (see the module docstring).

        Raises:
            NarrateError: a check refused the publish (nothing written), or a storage error (the
                caller names how far it got with :meth:`state`).
        """
        files = upload_order(local_files(self.out))
        local: dict[str, dict[str, Any]] = {
            rel: {"size": (self.out / rel).stat().st_size, "sha256": sha256_file(self.out / rel)} for rel in files
        }
        new_feed = self._local_feed()
        self._check_local_targets([*files, MANIFEST_FILE])
        remote = _remote_listing(self.fs, self.root)
        previous, raw_manifest = self._remote_manifest(remote)
        published = self._remote_feed(remote)
        self.old_feed = FEED_FILE in remote
        self._check_feed(new_feed, published, previous)
        same = {
            rel
            for rel in files
            if rel in remote
            and _same(self.fs, self.path(rel), remote[rel], self.out / rel, local[rel]["sha256"], self.s3)
        }
        owned = self._owned(files, remote, same, previous, published)
        self.to_upload = len([rel for rel in files if rel not in same])
        if previous is not None:  # narrate's old files, still as it wrote them (a size of its own: someone's file)
            self.stale = sorted(
                rel
                for rel, entry in previous.files.items()
                if rel not in local and rel in remote and int(remote[rel].get("size") or 0) == entry["size"]
            )
        adding = {rel: local[rel] for rel in files if rel not in owned}
        if adding:  # claim the new keys before writing them: a cut publish leaves nothing unowned
            self.step = "claim"
            claimed = dict(previous.files) if previous is not None else {}
            claimed.update(adding)
            state = published if published is not None else (_feed_of(previous) if previous is not None else None)
            raw_manifest = self._put_manifest(manifest_bytes(claimed, state, state="publishing"), raw_manifest)
        self._upload(files, local, same)
        self._delete_stale()
        self.step = "manifest"
        self._put_manifest(manifest_bytes(local, new_feed, state="published"), raw_manifest)

    def _owned(
        self,
        files: list[str],
        remote: dict[str, dict],
        same: set[str],
        previous: Manifest | None,
        published: FeedState | None,
    ) -> set[str]:
        """The keys of DEST narrate wrote (its manifest's; or, taking over a narrate without
        manifests, those the build writes).

        Raises:
            NarrateError: without ``force``, the build would overwrite a file narrate did not write.
        """
        owned = set(previous.files) if previous is not None else set()
        if previous is None and published is not None and published.generator.lower().startswith("narrate"):
            owned |= {rel for rel in files if rel in remote}  # published by a narrate without manifests
        foreign = [rel for rel in files if rel in remote and rel not in same and rel not in owned]
        if foreign and not self.force:
            more = f" (and {len(foreign) - 1} more)" if len(foreign) > 1 else ""
            raise NarrateError(
                f"{self.shown}: nothing was published: it would overwrite '{printable(foreign[0])}'{more}, which "
                "narrate did not write there; publish into a folder of its own (e.g. DEST/podcast), or use --force "
                "to overwrite it"
            )
        return owned

    def _upload(self, files: list[str], local: dict[str, dict[str, Any]], same: set[str]) -> None:
        """Every new or changed file in upload order (the feed last but the preview), skipping ``same``."""
        self.step = "files"
        for n, rel in enumerate(files, 1):
            if rel == FEED_FILE:
                self.step = "feed"
            if rel in same:
                self.done.unchanged.append(rel)
            else:
                _put(self.fs, self.out / rel, self.path(rel), rel, local[rel]["sha256"], self.s3)
                self.done.uploaded.append(rel)
            if self.progress is not None:
                self.progress("upload", n, len(files))

    def _delete_stale(self) -> None:
        """Delete narrate's old files that the build no longer has (:attr:`stale`)."""
        self.step = "delete"
        for rel in self.stale:
            try:
                self.fs.rm_file(self.path(rel))
            except FileNotFoundError:  # deleted meanwhile (by hand, or by another publish)
                pass
            self.done.deleted.append(rel)

    def state(self) -> str:
        """What was and was not published when the current step failed."""
        old = (
            "the published feed is the previous one, and every file it names is still there"
            if self.old_feed
            else "no feed is published there yet"
        )
        again = "; run the same command again to finish"
        if self.step in ("check", "claim") or (self.step == "files" and not self.done.uploaded):
            return "nothing was published"
        if self.step == "files":
            count = f"{len(self.done.uploaded)} of {self.to_upload}"
            return f"{count} new or changed files uploaded, the feed not replaced ({old}){again}"
        if self.step == "feed":
            return f"every new or changed file uploaded but the feed not replaced ({old}){again}"
        if self.step == "delete":
            return (
                f"the new feed and every file it names are published; {len(self.done.deleted)} of {len(self.stale)} "
                f"old files deleted, the rest left in place{again}"
            )
        return (
            "the new feed and every file it names are published, but narrate's record of them "
            f"({MANIFEST_FILE}) was not updated{again}"
        )

    # -------------------------------------------------------------- reading and checking

    def _local_feed(self) -> FeedState:
        try:
            return feed_state((self.out / FEED_FILE).read_bytes())
        except ValueError as exc:  # check_output passed, so this is a race with another writer
            raise NarrateError(
                f"not publishing a folder whose feed cannot be read: {exc}", self.out / FEED_FILE
            ) from None

    def _read(self, rel: str, info: dict, limit: int) -> bytes:
        """A remote file's bytes, at most ``limit`` (ValueError past it)."""
        if int(info.get("size") or 0) > limit:
            raise ValueError(f"it is larger than {limit >> 20} MB")
        data = self.fs.cat_file(self.path(rel), start=0, end=limit + 1)
        if len(data) > limit:
            raise ValueError(f"it is larger than {limit >> 20} MB")
        return bytes(data)

    def _remote_manifest(self, remote: dict[str, dict]) -> tuple[Manifest | None, bytes | None]:
        if MANIFEST_FILE not in remote:
            return None, None
        try:
            raw = self._read(MANIFEST_FILE, remote[MANIFEST_FILE], MAX_MANIFEST_BYTES)
            return parse_manifest(raw), raw
        except ValueError as exc:
            if self.force:  # trust none of it: nothing is deleted, the manifest is rewritten
                return None, None
            raise NarrateError(
                f"{self.shown}: nothing was published: narrate's record of what it wrote there ({MANIFEST_FILE}) "
                f"cannot be read ({exc}), so it cannot tell its files from others'; use --force to publish anyway "
                "(then nothing there is deleted)"
            ) from None

    def _remote_feed(self, remote: dict[str, dict]) -> FeedState | None:
        if FEED_FILE not in remote:
            return None
        try:
            return feed_state(self._read(FEED_FILE, remote[FEED_FILE], MAX_FEED_BYTES))
        except ValueError as exc:
            if self.force:
                return None
            raise NarrateError(
                f"{self.shown}: nothing was published: the published {FEED_FILE} cannot be read ({exc}), so narrate "
                "cannot tell which episodes publishing would remove; use --force to replace it"
            ) from None

    def _check_feed(self, new: FeedState, published: FeedState | None, previous: Manifest | None) -> None:
        if self.force:
            return
        guids = published.guids if published is not None else (previous.guids if previous is not None else ())
        titles = published.titles if published is not None else {}
        kept = set(new.guids)
        missing = [guid for guid in guids if guid not in kept]
        if missing:
            first = missing[0]
            title = titles.get(first, "")
            named = (
                f"'{printable(title)[:100]}' (GUID {printable(first)[:100]})"
                if title
                else f"GUID {printable(first)[:100]}"
            )
            more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
            episodes = "those episodes" if more else "that episode"
            raise NarrateError(
                f"{self.shown}: nothing was published: the published feed has episode {named}{more}, which this "
                f"build lacks, so publishing it would remove {episodes} from listeners' apps; publish a build that "
                f"has {episodes}, or use --force to remove {episodes}"
            )
        then = published.built if published is not None else (previous.built if previous is not None else None)
        if then is not None and new.built is not None and new.built < then:
            raise NarrateError(
                f"{self.shown}: nothing was published: this build ({new.built:%Y-%m-%d %H:%M %Z}) is older than the "
                f"published feed ({then:%Y-%m-%d %H:%M %Z}), so publishing it would replace newer episodes with "
                "older ones; publish the newer build, or use --force to publish this one"
            )

    def _put_manifest(self, data: bytes, current: bytes | None) -> bytes:
        if data != current:
            _put_bytes(self.fs, data, self.path(MANIFEST_FILE), self.s3)
        return data


class _OldFeed:
    """The feed at the address a course moved from (``moved_from``): checked before the publish,
    written once more with ``itunes:new-feed-url`` after it."""

    def __init__(self, out_dir: Path, dest: str, endpoint_url: str | None, force: bool):
        self.out, self.dest, self.shown, self.force = out_dir, dest, printable(dest), force
        _refuse_nested(out_dir, dest)
        self.fs, self.root = open_destination(dest, endpoint_url=endpoint_url)
        self.s3 = "s3" in _protocols(self.fs)
        self.new = feed_state((out_dir / FEED_FILE).read_bytes())
        self.old = self.new

    def check(self) -> None:
        """Raises: NarrateError: nothing is written: no feed there, not narrate's, or (without
        ``force``) at the new address already, or with an episode the build lacks."""
        nothing = f"{self.shown}: nothing was published: the old feed cannot be moved"
        try:
            data = self.fs.cat_file(f"{self.root}/{FEED_FILE}", start=0, end=MAX_FEED_BYTES + 1)
            self.old = feed_state(bytes(data)[: MAX_FEED_BYTES + 1])
        except FileNotFoundError:
            raise NarrateError(f"{nothing}: there is no {FEED_FILE} there (give where it was published)") from None
        except ValueError as exc:
            raise NarrateError(f"{nothing}: its {FEED_FILE} cannot be read ({exc})") from None
        except _storage_errors() as exc:
            raise NarrateError(f"{nothing}: {reason(exc)}") from None
        if not self.old.generator.lower().startswith("narrate"):
            raise NarrateError(
                f"{nothing}: its {FEED_FILE} was not written by narrate; move it where it was made (most podcast "
                "hosts have a setting that redirects a feed)"
            )
        if not self.new.url:
            raise NarrateError(f"{nothing}: the build's feed names no address of its own (atom:link)", self.out)
        if self.old.url and local_host(urlsplit(self.old.url).hostname or ""):
            warn(
                f"{self.shown}: the old feed names itself at {printable(self.old.url)}, an address on this machine "
                "or a local network: listeners can have followed it only where it was served from, so redirect "
                "that address (with no listeners there, --moved-from is not needed)"
            )
        if self.force:
            return
        if self.old.url == self.new.url:
            raise NarrateError(
                f"{nothing}: it is already at {printable(self.new.url)}, the address this build names; build with "
                "--base-url set to the new address first"
            )
        missing = [guid for guid in self.old.guids if guid not in set(self.new.guids)]
        if missing:
            title = printable(self.old.titles.get(missing[0], "") or missing[0])[:100]
            raise NarrateError(
                f"{nothing}: it has episode '{title}', which this build lacks (a GUID changed, or another show), "
                "so listeners who follow the move would lose it; use --force to move it anyway"
            )

    def write(self) -> Moved:
        """Write the build's feed with ``itunes:new-feed-url`` over the old one, and narrate's
        manifest there to match.

        Raises:
            NarrateError: a storage error (the new feed is published; the old one as it was).
        """
        data = with_new_feed_url((self.out / FEED_FILE).read_bytes(), self.new.url, own_url=self.old.url or None)
        digest = hashlib.sha256(data).hexdigest()
        target = f"{self.root}/{FEED_FILE}"
        try:
            if self.s3:
                self.fs.pipe_file(
                    target,
                    data,
                    ContentType=content_type(FEED_FILE),
                    CacheControl=SHORT_CACHE,
                    Metadata={"sha256": digest},
                )
            else:
                _replace(self.fs, target, lambda temp: self.fs.pipe_file(temp, data))
            self._record(data, digest)
        except _storage_errors() as exc:
            raise NarrateError(
                f"{self.shown}: the new feed is published, but the old one was not moved: {reason(exc)}; run the "
                "same command again"
            ) from None
        return Moved(self.dest, self.old.url, self.new.url)

    def _record(self, data: bytes, digest: str) -> None:
        """narrate's manifest at the old address, when it has one: the feed as now written."""
        try:
            raw = self.fs.cat_file(f"{self.root}/{MANIFEST_FILE}", start=0, end=MAX_MANIFEST_BYTES + 1)
            manifest = parse_manifest(bytes(raw))
        except (FileNotFoundError, ValueError):
            return
        files = dict(manifest.files)
        files[FEED_FILE] = {"size": len(data), "sha256": digest}
        _put_bytes(
            self.fs, manifest_bytes(files, feed_state(data), state="published"), f"{self.root}/{MANIFEST_FILE}", self.s3
        )


def _place(dest: str) -> str:
    """DEST as one spelling of where it is: a folder's resolved path, else the URL without its
    trailing ``/`` (``s3://lessons/tides/`` and ``s3://lessons/tides`` are one place)."""
    if dest.startswith("file://"):
        dest = dest[len("file://") :]
    elif "://" in dest:
        scheme, _, rest = dest.partition("://")
        return f"{scheme.lower()}://{rest.rstrip('/')}"
    return str(Path(dest).resolve())


def _refuse_nested(out_dir: Path, dest: str) -> None:
    """DEST a folder inside OUT (or OUT itself): each publish would copy the last one into itself."""
    if dest.startswith("file://"):
        where = Path(dest[len("file://") :])
    elif "://" in dest:
        return
    else:
        where = Path(dest)
    target, source = where.resolve(), out_dir.resolve()
    if target == source or target.is_relative_to(source):
        what = "the folder being published" if target == source else f"inside the folder being published ({out_dir})"
        raise NarrateError(
            f"{printable(dest)}: nothing was published: the destination is {what}, so each publish would copy the "
            "last one into itself; publish to a folder outside it"
        )


def _feed_of(manifest: Manifest) -> FeedState:
    return FeedState(manifest.guids, {}, manifest.built, "narrate")


def _plain_key(rel: object) -> bool:
    """A key narrate may have written: relative, ``/``-separated, no empty, ``.``/``..`` or hidden part."""
    if not isinstance(rel, str) or not rel or len(rel) > 1024 or "\\" in rel or _CONTROL.search(rel):
        return False
    return all(part and not part.startswith(".") for part in rel.split("/"))


def _date(text: str | None) -> datetime | None:
    try:
        return _aware(parsedate_to_datetime((text or "").strip()))
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def _storage_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [OSError, ValueError, asyncio.TimeoutError]
    try:
        from botocore.exceptions import BotoCoreError, ClientError
    except ImportError:
        pass
    else:
        errors += [BotoCoreError, ClientError]
    return tuple(errors)


def _protocols(fs: Any) -> tuple[str, ...]:
    protocol = fs.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)


def _remote_listing(fs: Any, root: str) -> dict[str, dict]:
    try:
        found = fs.find(root, detail=True) if fs.exists(root) else {}
    except FileNotFoundError:
        return {}
    out = {}
    for name, info in found.items():
        rel = name[len(root) :].lstrip("/") if name.startswith(root) else name
        if info.get("type", "file") == "file" and rel:
            out[rel] = info
    return out


def _same(fs: Any, target: str, info: dict, path: Path, digest: str, s3: bool) -> bool:
    """Whether the remote file has the local file's size and bytes (S3: ETag MD5 or our SHA-256
    metadata; elsewhere: the remote bytes hashed)."""
    if int(info.get("size") or 0) != path.stat().st_size:
        return False
    if s3:
        etag = str(info.get("ETag") or info.get("etag") or "").strip('"')
        if etag and "-" not in etag:
            return etag == hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
        return fs.metadata(target).get("sha256") == digest
    sha = hashlib.sha256()
    with fs.open(target, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest() == digest


def _put(fs: Any, path: Path, target: str, rel: str, digest: str, s3: bool) -> None:
    if s3:
        fs.put_file(
            str(path),
            target,
            ContentType=content_type(rel),
            CacheControl=cache_control(rel),
            Metadata={"sha256": digest},
        )
        return
    _replace(fs, target, lambda temp: fs.put_file(str(path), temp))


def _put_bytes(fs: Any, data: bytes, target: str, s3: bool) -> None:
    if s3:
        fs.pipe_file(target, data, ContentType="application/json", CacheControl=MANIFEST_CACHE)
        return
    _replace(fs, target, lambda temp: fs.pipe_file(temp, data))


def _replace(fs: Any, target: str, write: Callable[[str], object]) -> None:
    """A folder target: write a hidden temporary file beside ``target``, then rename it into place (the
    file appears whole); a failed write leaves no temporary file behind (a full disk is not left full)."""
    folder, name = target.rsplit("/", 1)
    fs.makedirs(folder, exist_ok=True)
    temp = f"{folder}/.{name}.{secrets.token_hex(4)}.part"
    try:
        write(temp)
        fs.mv(temp, target)
    except BaseException as exc:
        try:
            fs.rm_file(temp)
        except Exception:  # noqa: BLE001 - the first error is the one to report
            pass
        if isinstance(exc, OSError) and exc.errno is not None and str(exc.filename or "").endswith(temp):
            raise OSError(exc.errno, exc.strerror, target) from None  # name the file, not its temporary name
        raise
