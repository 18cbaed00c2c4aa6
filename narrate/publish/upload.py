"""``narrate publish OUT DEST``: upload a built output folder to object storage or another folder.

DEST is any URL fsspec understands: ``s3://bucket/prefix`` (AWS S3 or any S3-compatible store, with
``endpoint_url``), or a local folder path. The upload keeps the published feed consistent the same
way a build does (see :mod:`narrate.publish.output`):

1. every file except the feed is uploaded first: episode media, transcripts, chapters and the cover,
   then the preview pages; a file whose size and hash match the remote copy is skipped;
2. the feed (``feed.xml``) is uploaded last, in one ``PUT``: before it, the published feed still
   names only files that are there; after it, every file it names is there;
3. only then are remote files that the new build no longer has deleted (older episode versions,
   removed lessons), and only in the folders narrate writes (``episodes/``, ``assets/``, the cover).

An interrupted upload therefore leaves the old (or the new) feed, never one that names a missing
file; running it again finishes the job. Hidden files (``.narrate-*`` build state, the lock,
half-written ``.part`` files) are never uploaded.

Object headers (S3): ``Content-Type`` from :data:`narrate.publish.media_types.CONTENT_TYPES`; ``Cache-Control`` short for the
feed and the preview pages (``max-age=300``), ``immutable`` for versioned media (their name changes
whenever their bytes do: ``NN-<id>.<version>.mp3``), one hour for the rest. Each object carries its
SHA-256 as metadata (``x-amz-meta-sha256``), so files uploaded in several parts are compared too.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrate.errors import ConfigError, NarrateError
from narrate.publish.media_types import content_type
from narrate.publish.output import locked, sha256_file

FEED_FILE = "feed.xml"

SHORT_CACHE = "public, max-age=300"
"""Cache-Control of the feed and the preview pages: apps and browsers see a new build within minutes."""
IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
"""Cache-Control of versioned media: the name changes whenever the bytes do."""
DEFAULT_CACHE = "public, max-age=3600"

_VERSIONED = re.compile(r"^episodes/.+\.[0-9a-f]{10}\.[^/]+$")
_OWNED_TOP = re.compile(r"^(cover\.(png|jpe?g)|index\.html|[^/]+\.m4b)$")

Progress = Callable[[str, int, int], None]


@dataclass
class Uploaded:
    """What :func:`upload` did: remote paths (relative to DEST) uploaded, skipped (unchanged), deleted."""

    uploaded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)


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
    (``.narrate-*`` state, the build lock, ``.part`` files)."""
    out_dir = Path(out_dir)
    return sorted(
        p.relative_to(out_dir).as_posix()
        for p in out_dir.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out_dir).parts)
    )


def open_destination(dest: str, *, endpoint_url: str | None = None) -> tuple[Any, str]:
    """``(filesystem, root path)`` for DEST: ``s3://bucket/prefix`` (s3fs) or a local folder.

    Args:
        endpoint_url: an S3-compatible store's API URL (e.g. ``http://127.0.0.1:9000``); None: AWS.
            Credentials come from the usual places (environment, ``~/.aws``), as for the AWS CLI.

    Raises:
        ConfigError: an unsupported or malformed destination, or s3fs missing.
    """
    import fsspec

    options: dict[str, Any] = {}
    if dest.startswith("s3://"):
        if not dest[5:].strip("/"):
            raise ConfigError(f"no bucket in '{dest}' (expected s3://bucket/prefix)")
        if endpoint_url:
            options["endpoint_url"] = endpoint_url
    elif "://" not in dest:
        dest = str(Path(dest).resolve())
    elif not dest.startswith(("file://", "memory://")):
        raise ConfigError(f"cannot publish to '{dest}': use s3://bucket/prefix (any S3-compatible store) or a folder")
    try:
        fs, root = fsspec.core.url_to_fs(dest, **options)
    except (ImportError, ValueError, OSError) as exc:
        raise ConfigError(f"cannot publish to '{dest}': {exc}") from None
    return fs, root.rstrip("/")


def upload(
    out_dir: Path,
    dest: str,
    *,
    endpoint_url: str | None = None,
    progress: Progress | None = None,
    fs: Any = None,
) -> Uploaded:
    """Upload the built folder ``out_dir`` to ``dest`` (see the module docstring for the order and headers).

    Args:
        out_dir: a folder written by ``narrate build`` (must hold ``feed.xml``).
        dest: ``s3://bucket/prefix`` or a folder path (or any fsspec URL).
        endpoint_url: API URL of an S3-compatible store.
        progress: ``progress("upload", done, total)`` after each file considered.
        fs: an fsspec filesystem to use instead of opening ``dest`` (``dest`` is then its root path).

    Returns:
        the remote paths uploaded, unchanged and deleted.

    Raises:
        NarrateError: no built folder; the store refused a request (one line, with its reason).
    """
    out_dir = Path(out_dir)
    if not (out_dir / FEED_FILE).is_file():
        raise NarrateError(f"no {FEED_FILE} in this folder (run 'narrate build' first)", out_dir)
    from narrate.publish.check import check_output

    problems = check_output(out_dir)
    if problems:  # never publish a feed that names a missing or broken file
        more = f" (and {len(problems) - 1} more; run 'narrate check {out_dir}')" if len(problems) > 1 else ""
        raise NarrateError(f"not publishing a folder that fails its check: {problems[0]}{more}", out_dir)
    if fs is None:
        fs, root = open_destination(dest, endpoint_url=endpoint_url)
    else:
        root = dest.rstrip("/")
    s3 = "s3" in _protocols(fs)
    done = Uploaded()
    try:
        with locked(out_dir):  # no build may change the folder while it is being uploaded
            files = upload_order(local_files(out_dir))
            remote = _remote_listing(fs, root)
            for n, rel in enumerate(files, 1):
                path = out_dir / rel
                target = f"{root}/{rel}"
                digest = sha256_file(path)
                if rel in remote and _same(fs, target, remote[rel], path, digest, s3):
                    done.unchanged.append(rel)
                else:
                    _put(fs, path, target, rel, digest, s3)
                    done.uploaded.append(rel)
                if progress is not None:
                    progress("upload", n, len(files))
            keep = set(files)
            for rel in sorted(remote):
                if rel not in keep and _owned(rel):
                    fs.rm_file(f"{root}/{rel}")
                    done.deleted.append(rel)
    except NarrateError:
        raise
    except (OSError, ValueError) as exc:  # botocore errors arrive as OSError subclasses through s3fs
        raise NarrateError(f"upload to {dest} failed: {exc}") from None
    return done


def _protocols(fs: Any) -> tuple[str, ...]:
    protocol = fs.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)


def _owned(rel: str) -> bool:
    """A remote file narrate wrote (and may delete once no build has it): episode files, the preview
    assets, the cover, index.html, the audiobook. Anything else under DEST is left alone."""
    return rel.startswith(("episodes/", "assets/")) or bool(_OWNED_TOP.match(rel))


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
    else:
        fs.makedirs(target.rsplit("/", 1)[0], exist_ok=True)
        temp = target.rsplit("/", 1)[0] + "/." + target.rsplit("/", 1)[1] + ".part"
        fs.put_file(str(path), temp)
        fs.mv(temp, target)  # a local folder: the file appears whole, in one rename
