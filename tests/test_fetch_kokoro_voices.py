"""scripts/fetch_kokoro_voices.py: the Kokoro voices from kokoro-js's npm tarball, checked, never half there.

No test touches the network: small fake tarballs (package/voices/*.bin of the real size, a LICENSE, a
package.json) are read from file:// URLs in-process, or served by a local http.server on 127.0.0.1 to
the script run as a command (those are e2e).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import json
import subprocess
import sys
import tarfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "fetch_kokoro_voices.py"
_spec = importlib.util.spec_from_file_location("fetch_kokoro_voices", SCRIPT)
assert _spec and _spec.loader
fkv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fkv)

VOICES = ("af_test", "jf_test")


def _add(tar: tarfile.TarFile, name: str, data: bytes = b"", **fields) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    for key, value in fields.items():
        setattr(info, key, value)
    tar.addfile(info, io.BytesIO(data))


def _tarball(
    path: Path, voices=VOICES, voice_bytes: int = fkv.VOICE_BYTES, license: bool = True, extra=None
) -> tuple[str, str]:
    """A kokoro-js-like tarball at ``path``; returns its file:// URL and its sha512 integrity."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        if license:
            _add(tar, "package/LICENSE", b"Apache License\nVersion 2.0, January 2004\n")
        _add(tar, "package/package.json", json.dumps({"name": "kokoro-js", "version": "9.9.9"}).encode())
        _add(tar, "package/dist/kokoro.js", b"export {};\n")
        for i, voice in enumerate(voices):
            _add(tar, f"package/voices/{voice}.bin", bytes([i + 1]) * voice_bytes)
        if extra:
            extra(tar)
    path.write_bytes(buffer.getvalue())
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(buffer.getvalue()).digest()).decode()
    return path.as_uri(), integrity


def _leftovers(dest: Path) -> list[str]:
    return sorted(p.name for p in dest.parent.iterdir() if p != dest)


def test_the_default_source_is_kokoro_js_1_2_1():
    assert fkv.URL == "https://registry.npmjs.org/kokoro-js/-/kokoro-js-1.2.1.tgz"
    assert fkv.INTEGRITY.startswith("sha512-oq0HZJWis3t8lERkMJh84WLU86dpYD0EuBPtqYnLlQzyF")
    assert fkv.VOICE_BYTES == 522_240 and fkv.VOICE_COUNTS[fkv.INTEGRITY] == 54


def test_a_good_tarball_gives_the_voices_licence_package_and_notice(tmp_path):
    url, integrity = _tarball(tmp_path / "k.tgz")
    dest = tmp_path / "vendor" / "kokoro-js"
    done = fkv.fetch(dest, url, integrity)
    assert done == f"2 Kokoro voices from kokoro-js 9.9.9 in {dest}"
    assert sorted(p.name for p in (dest / "voices").iterdir()) == ["af_test.bin", "jf_test.bin"]
    assert (dest / "voices" / "jf_test.bin").read_bytes() == b"\x02" * 522_240
    assert sorted(p.name for p in dest.iterdir()) == ["LICENSE", "NOTICE", "SHA256SUMS", "package.json", "voices"]
    notice = (dest / "NOTICE").read_text(encoding="utf-8")
    for said in ("kokoro-js@9.9.9", url, integrity, "Apache-2.0", "hexgrad/Kokoro-82M", "xenova", "af_test"):
        assert said in notice
    assert fkv.is_complete(dest, integrity)
    assert not fkv.is_complete(dest)  # complete for this tarball, not for kokoro-js 1.2.1
    assert _leftovers(dest) == []  # the temporary folder is gone
    assert fkv.fetch(dest, "file:///nowhere.tgz", integrity) is None  # complete: no download


def test_a_wrong_integrity_installs_nothing(tmp_path):
    (tmp_path / "downloads").mkdir()
    url, _ = _tarball(tmp_path / "downloads" / "k.tgz")
    dest = tmp_path / "vendor" / "kokoro-js"
    other = "sha512-" + base64.b64encode(hashlib.sha512(b"other").digest()).decode()
    with pytest.raises(fkv.FetchError, match="does not match its integrity"):
        fkv.fetch(dest, url, other)
    assert not dest.exists() and _leftovers(dest) == []
    with pytest.raises(fkv.FetchError, match="is not a sha256/sha384/sha512 integrity"):
        fkv.fetch(dest, url, "md5-abc")


@pytest.mark.parametrize(
    ("tarball", "error"),
    [
        ({"voice_bytes": 1000}, "not 522240 bytes"),
        ({"license": False}, "no package/LICENSE"),
        ({"voices": ()}, "no package/voices/"),
    ],
)
def test_a_tarball_that_is_not_kokoro_js_installs_nothing(tmp_path, tarball, error):
    url, integrity = _tarball(tmp_path / "k.tgz", **tarball)
    dest = tmp_path / "vendor" / "kokoro-js"
    with pytest.raises(fkv.FetchError, match=error):
        fkv.fetch(dest, url, integrity)
    assert not dest.exists() and _leftovers(dest) == []


def test_only_plain_files_of_the_package_are_taken(tmp_path):
    def hostile(tar):
        _add(tar, "package/voices/../../../escaped.bin", b"x" * fkv.VOICE_BYTES)
        _add(tar, "/tmp/absolute.bin", b"x")
        _add(tar, "package/voices/link.bin", type=tarfile.SYMTYPE, linkname="/etc/passwd")
        _add(tar, "package/voices/dir.bin", type=tarfile.DIRTYPE)

    url, integrity = _tarball(tmp_path / "k.tgz", extra=hostile)
    dest = tmp_path / "a" / "b" / "kokoro-js"
    fkv.fetch(dest, url, integrity)
    assert sorted(p.name for p in (dest / "voices").iterdir()) == ["af_test.bin", "jf_test.bin"]
    assert not list(tmp_path.rglob("escaped.bin")) and fkv.is_complete(dest, integrity)


def test_a_partial_or_changed_folder_is_not_complete(tmp_path):
    url, integrity = _tarball(tmp_path / "k.tgz")
    dest = tmp_path / "kokoro-js"
    fkv.fetch(dest, url, integrity)
    voice = dest / "voices" / "af_test.bin"
    good = voice.read_bytes()
    for change in (
        lambda: voice.write_bytes(good[:-4]),  # a voice of the wrong size
        lambda: voice.write_bytes(good[:-1] + b"\x00"),  # same size, other bytes
        lambda: voice.unlink(),  # one missing
        lambda: (dest / "voices" / "zz_stray.bin").write_bytes(good),  # one more than the tarball's
        lambda: (dest / "SHA256SUMS").unlink(),  # extracted by hand, or cut short before the sums
    ):
        change()
        assert not fkv.is_complete(dest, integrity)
        assert fkv.fetch(dest, url, integrity)  # replaced
        assert fkv.is_complete(dest, integrity) and voice.read_bytes() == good and _leftovers(dest) == ["k.tgz"]


# --- the command, fetching over HTTP from a local server (e2e) -------------------------------------------


@pytest.fixture
def served(tmp_path):
    """A local HTTP server for ``tmp_path/www``; yields its base URL and the list of paths requested."""
    root = tmp_path / "www"
    root.mkdir()
    requested: list[str] = []

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def do_GET(self):
            requested.append(self.path)
            super().do_GET()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", requested
    finally:
        server.shutdown()
        server.server_close()


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


@pytest.mark.e2e
def test_the_command_fetches_and_a_rerun_does_nothing(tmp_path, served):
    base, requested = served
    _, integrity = _tarball(tmp_path / "www" / "kokoro-js.tgz")
    dest = tmp_path / "vendor" / "kokoro-js"
    args = ("--dest", str(dest), "--url", f"{base}/kokoro-js.tgz", "--integrity", integrity)
    run = _run(*args)
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"fetch_kokoro_voices: 2 Kokoro voices from kokoro-js 9.9.9 in {dest}\n"
    assert (dest / "voices" / "af_test.bin").stat().st_size == 522_240 and (dest / "LICENSE").is_file()
    stamp = {p: p.stat().st_mtime_ns for p in dest.rglob("*")}
    assert requested == ["/kokoro-js.tgz"]

    again = _run(*args, "--quiet")
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert requested == ["/kokoro-js.tgz"]  # no second download
    assert {p: p.stat().st_mtime_ns for p in dest.rglob("*")} == stamp


@pytest.mark.e2e
def test_the_command_replaces_a_corrupt_folder(tmp_path, served):
    base, requested = served
    _, integrity = _tarball(tmp_path / "www" / "kokoro-js.tgz")
    dest = tmp_path / "kokoro-js"
    args = ("--dest", str(dest), "--url", f"{base}/kokoro-js.tgz", "--integrity", integrity)
    assert _run(*args).returncode == 0
    voice = dest / "voices" / "jf_test.bin"
    voice.write_bytes(voice.read_bytes()[:1000])  # a voice of the wrong size
    run = _run(*args)
    assert run.returncode == 0, run.stderr
    assert "2 Kokoro voices" in run.stdout and len(requested) == 2
    assert voice.stat().st_size == 522_240 and fkv.is_complete(dest, integrity)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kokoro-js", "www"]


@pytest.mark.e2e
def test_the_command_says_in_one_line_why_nothing_was_installed(tmp_path, served):
    base, _ = served
    _tarball(tmp_path / "www" / "kokoro-js.tgz")
    dest = tmp_path / "kokoro-js"
    for url, integrity, said in (
        (f"{base}/kokoro-js.tgz", fkv.INTEGRITY, "does not match its integrity"),
        (f"{base}/missing.tgz", fkv.INTEGRITY, "HTTP 404"),
    ):
        run = _run("--dest", str(dest), "--url", url, "--integrity", integrity)
        assert run.returncode == 1 and run.stdout == ""
        (line,) = run.stderr.splitlines()
        assert line.startswith("fetch_kokoro_voices: error: ") and said in line
        assert sorted(p.name for p in tmp_path.iterdir()) == ["www"]  # nothing at dest, no temporary folder
