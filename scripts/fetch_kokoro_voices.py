#!/usr/bin/env python3
"""Fetch the Kokoro-82M voices for narrate's ``kokoro`` engine from the npm registry.

Usage (from the repository root; ``scripts/setup.sh`` runs it)::

    python scripts/fetch_kokoro_voices.py [--dest DIR] [--quiet]

The voices are the 54 style tables (``voices/<id>.bin``, float32 510x1x256, 522,240 bytes each) of
the npm package kokoro-js 1.2.1 (Apache-2.0; the voices of hexgrad/Kokoro-82M, packaged by
xenova/kokoro-js). This downloads only its tarball, straight from registry.npmjs.org (never
``npm install``: its dependencies download from GitHub), checks it against the registry's sha512
``dist.integrity``, and extracts ``package/voices/*.bin``, ``package/LICENSE`` and
``package/package.json`` (tarfile's ``data`` filter) into DIR, with a NOTICE saying what they are and
a SHA256SUMS of every file (``sha256sum -c SHA256SUMS`` checks the folder by hand).

DIR is ``$NARRATE_KOKORO_DIR`` when set, else ``vendor/kokoro-js`` in the repository: the two places
the engine looks. Safe to run again: a complete folder (its NOTICE names this tarball, every file
matches SHA256SUMS, nothing else is there) is left as it is, without a download; a partial or
corrupt one is replaced. The new folder is built in a temporary folder beside DIR and renamed into
place, so DIR is never half-written. Stdlib only, so any Python 3.10.12+ runs it.

``--url`` fetches the same tarball from elsewhere (a mirror, or ``file:///path/kokoro-js-1.2.1.tgz``
for an offline copy); ``--url`` with ``--integrity`` fetches another one (the tests serve small fake
tarballs). Exit status 0 when DIR is complete, 1 with one ``fetch_kokoro_voices: error: ...`` line.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import sys
import tarfile
import tempfile
import textwrap
import urllib.error
import urllib.request
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "fetch_kokoro_voices"
VERSION = "1.2.1"
URL = f"https://registry.npmjs.org/kokoro-js/-/kokoro-js-{VERSION}.tgz"
INTEGRITY = "sha512-oq0HZJWis3t8lERkMJh84WLU86dpYD0EuBPtqYnLlQzyFP1OkyBRDcweAqCfhNOpltyN9j/azp1H6uuC47gShw=="
"""The registry's ``dist.integrity`` of kokoro-js 1.2.1 (its ``dist.shasum``: a6a9b0ff...a13527)."""
VOICE_COUNTS = {INTEGRITY: 54}
"""How many voices a known tarball holds: fewer in DIR is a partial folder."""
VOICE_BYTES = 510 * 1 * 256 * 4
"""One voice: a float32 style vector of 256 for each of 510 token counts."""
MAX_BYTES = 64 * 1024 * 1024
"""The tarball is 26.9 MB; a download this large is not it."""
TIMEOUT_S = 60
SUMS = "SHA256SUMS"
NOTICE = "NOTICE"
WANTED = re.compile(r"package/(LICENSE|package\.json|voices/[A-Za-z0-9_]+\.bin)")
"""The members kept, and their names in DIR (without ``package/``)."""


class FetchError(Exception):
    """Why DIR could not be made complete, in one line."""


def default_dest() -> Path:
    """``$NARRATE_KOKORO_DIR`` when set, else ``vendor/kokoro-js`` in the repository."""
    env = os.environ.get("NARRATE_KOKORO_DIR")
    return Path(env) if env else ROOT / "vendor" / "kokoro-js"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


def _notice_line(integrity: str) -> str:
    return f"Integrity: {integrity} (the registry's dist.integrity; checked before extracting)"


def is_complete(dest: Path, integrity: str = INTEGRITY) -> bool:
    """Whether ``dest`` holds the voices of the tarball ``integrity`` names, every file unchanged."""
    try:
        if _notice_line(integrity) not in (dest / NOTICE).read_text(encoding="utf-8").splitlines():
            return False
        sums = {}
        for line in (dest / SUMS).read_text(encoding="utf-8").splitlines():
            digest, _, name = line.partition("  ")
            sums[name] = digest
        if _files(dest) != set(sums) | {NOTICE, SUMS} or not {"LICENSE", "package.json"} <= set(sums):
            return False
        voices = [name for name in sums if name.startswith("voices/")]
        if not voices or len(voices) != VOICE_COUNTS.get(integrity, len(voices)):
            return False
        if any((dest / name).stat().st_size != VOICE_BYTES for name in voices):
            return False
        return all(_sha256(dest / name) == digest for name, digest in sums.items())
    except (OSError, UnicodeDecodeError):
        return False


def _hasher(integrity: str) -> tuple[hashlib._Hash, bytes]:
    algorithm, _, encoded = integrity.partition("-")
    if algorithm not in ("sha256", "sha384", "sha512"):
        raise FetchError(f"{integrity!r} is not a sha256/sha384/sha512 integrity (e.g. sha512-<base64>)")
    try:
        return hashlib.new(algorithm), base64.b64decode(encoded, validate=True)
    except ValueError:
        raise FetchError(f"{integrity!r} is not a sha256/sha384/sha512 integrity (e.g. sha512-<base64>)") from None


def download(url: str, integrity: str, path: Path) -> None:
    """``url`` into ``path``, checked against the subresource integrity ``integrity``."""
    digest, expected = _hasher(integrity)
    size = 0
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response, path.open("wb") as out:
            for block in iter(lambda: response.read(1 << 16), b""):
                size += len(block)
                if size > MAX_BYTES:
                    raise FetchError(f"{url} is larger than {MAX_BYTES >> 20} MiB: not the kokoro-js tarball")
                digest.update(block)
                out.write(block)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"could not download {url}: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise FetchError(f"could not download {url}: {exc.reason}") from None
    except TimeoutError:
        raise FetchError(f"could not download {url}: no answer in {TIMEOUT_S} s") from None
    if digest.digest() != expected:
        got = f"{digest.name}-{base64.b64encode(digest.digest()).decode()}"
        raise FetchError(f"{url} does not match its integrity (expected {integrity}, got {got}): nothing installed")


def extract(tarball: Path, into: Path, integrity: str) -> str:
    """The voices, LICENSE and package.json of ``tarball`` into ``into``; returns the package's version."""
    if not hasattr(tarfile, "data_filter"):
        raise FetchError("this Python's tarfile has no data filter: use Python 3.10.12, 3.11.4, 3.12 or newer")
    with tarfile.open(tarball, "r:gz") as tar:
        members = [
            m.replace(name=m.name.removeprefix("package/"), deep=False)
            for m in tar.getmembers()
            if m.isfile() and WANTED.fullmatch(m.name)
        ]
        tar.extractall(into, members=members, filter="data")
    names = {m.name for m in members}
    voices = sorted(name for name in names if name.startswith("voices/"))
    missing = [name for name in ("LICENSE", "package.json") if name not in names] + ([] if voices else ["voices/"])
    if missing:
        raise FetchError(f"the tarball has no package/{', package/'.join(missing)}: not kokoro-js")
    expected = VOICE_COUNTS.get(integrity, len(voices))
    if len(voices) != expected:
        raise FetchError(f"the tarball has {len(voices)} voices, not {expected}")
    odd = [name for name in voices if (into / name).stat().st_size != VOICE_BYTES]
    if odd:
        raise FetchError(f"{odd[0]} in the tarball is not {VOICE_BYTES} bytes (float32 510x1x256)")
    try:
        return str(json.loads((into / "package.json").read_text(encoding="utf-8"))["version"])
    except (ValueError, KeyError, TypeError):
        raise FetchError("the tarball's package.json has no version: not kokoro-js") from None


def write_notice(into: Path, url: str, integrity: str, version: str) -> None:
    voices = sorted(p.stem for p in (into / "voices").glob("*.bin"))
    listed = textwrap.fill(f"Kokoro-82M voices for narrate's kokoro engine, {len(voices)}: {', '.join(voices)}.", 100)
    text = f"""\
{listed}

Each voices/<id>.bin is a float32 510x1x256 style table (a 256-vector for each token count) of the
voice <id>. They are the voices of the npm package kokoro-js {version}, unchanged; LICENSE and
package.json are that package's. Only the voices are used: none of its JavaScript is run.

Source: the npm package kokoro-js@{version} (https://www.npmjs.com/package/kokoro-js), its tarball
downloaded from {url}
{_notice_line(integrity)}
Fetched and checked by scripts/fetch_kokoro_voices.py (SHA256SUMS lists every file of this folder).

Licence: Apache-2.0 (see LICENSE). The Kokoro-82M model and its voices are by hexgrad
(https://huggingface.co/hexgrad/Kokoro-82M); the kokoro-js package (npm: kokoro-js, source:
https://github.com/hexgrad/kokoro, kokoro.js/) is by hexgrad and xenova (Joshua Lochner).
"""
    (into / NOTICE).write_text(text, encoding="utf-8")
    sums = "".join(f"{_sha256(into / name)}  {name}\n" for name in sorted(_files(into) - {NOTICE}))
    (into / SUMS).write_text(sums, encoding="utf-8")


def _place(new: Path, dest: Path, trash: Path) -> None:
    """``new`` renamed to ``dest``; an old ``dest`` is moved into ``trash`` first (restored on failure)."""
    old = None
    if dest.exists() or dest.is_symlink():
        old = trash / "old"
        os.replace(dest, old)
    try:
        os.replace(new, dest)
    except OSError:
        if old is not None:
            os.replace(old, dest)
        raise


def fetch(dest: Path, url: str = URL, integrity: str = INTEGRITY) -> str | None:
    """Make ``dest`` complete; returns what was done, or None when it already was (no download)."""
    dest = Path(os.path.abspath(dest))
    if is_complete(dest, integrity):
        return None
    dest.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{dest.name}.tmp-", dir=dest.parent))
    try:
        tarball = work / "kokoro-js.tgz"
        download(url, integrity, tarball)
        new = work / "new"
        new.mkdir()
        try:
            version = extract(tarball, new, integrity)
        except (tarfile.TarError, EOFError, zlib.error) as exc:
            raise FetchError(f"the tarball from {url} does not extract: {exc}") from None
        write_notice(new, url, integrity, version)
        if not is_complete(new, integrity):
            raise FetchError(f"the folder extracted from {url} does not check against its own SHA256SUMS")
        if is_complete(dest, integrity):  # another run finished first
            return None
        _place(new, dest, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    count = len(list((dest / "voices").glob("*.bin")))
    return f"{count} Kokoro voices from kokoro-js {version} in {dest}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", type=Path, default=None, help="default: $NARRATE_KOKORO_DIR, else vendor/kokoro-js")
    parser.add_argument("--url", default=URL, help=f"where the tarball is (default: {URL})")
    parser.add_argument("--integrity", default=INTEGRITY, help="its sha512-<base64> (default: kokoro-js 1.2.1's)")
    parser.add_argument("-q", "--quiet", action="store_true", help="say nothing when the folder is already complete")
    args = parser.parse_args(argv)
    dest = args.dest if args.dest is not None else default_dest()
    try:
        done = fetch(dest, args.url, args.integrity)
    except FetchError as exc:
        print(f"{NAME}: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a folder that cannot be written, a full disk
        print(f"{NAME}: error: could not write the voices into {dest}: {exc}", file=sys.stderr)
        return 1
    if done:
        print(f"{NAME}: {done}")
    elif not args.quiet:
        print(f"{NAME}: {dest} is complete; nothing to do")
    return 0


if __name__ == "__main__":
    sys.exit(main())
