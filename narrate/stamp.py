"""The no-change fast path: skip a whole build when neither its inputs nor its outputs changed.

After a successful build, ``OUT/.narrate-stamp.json`` records a digest of every input and the size of
every output file::

    {"format": 1, "inputs": "<sha256>", "outputs": {"feed.xml": 5123, "episodes/01-x.<v>.mp3": 1193287, ...},
     "episodes": 3}

The input digest covers narrate's own code and version, every file of the content (the course
folder, hidden files and the output folder excepted, or the single lesson file), the extra lexicon
file, the build options that change output, and a cheap stamp of each speech engine the course
names (package and program files, see ``narrate.synth._stamp``). When the digest matches and every
recorded output is still there with its size, nothing is read further and nothing is written: the
outputs stay byte-identical and keep their modification times.

This module imports nothing heavy, so that the no-change path costs little more than Python's start.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from narrate import __version__
from narrate.yamlio import write_atomic

STAMP_FILE = ".narrate-stamp.json"
RECORDS_FILE = ".narrate-build.json"  # narrate.uptodate.RECORDS_FILE (not imported: that module is heavy)
FORMAT = 1
_ENGINE_KEYS = ("engine", "host_engine")
_VOICE_KEYS = ("narrator", "host")


def input_digest(content: Path, out_dir: Path, options: dict[str, Any]) -> str | None:
    """SHA-256 of everything a build's output depends on (see module docstring); None if unreadable."""
    content, out_dir = Path(content), Path(out_dir)
    sha = hashlib.sha256(f"narrate {__version__}\n{json.dumps(options, sort_keys=True, default=str)}".encode())
    code = Path(__file__).resolve().parent
    try:
        for path in sorted(code.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".html", ".css", ".js"):
                _add(sha, path, code)
        if content.is_dir():
            out_resolved = out_dir.resolve()
            for path in sorted(_content_files(content, out_resolved)):
                _add(sha, path, content)
        else:
            _add(sha, content, content.parent)
        lexicon = options.get("lexicon_file")
        if lexicon:
            _add(sha, Path(lexicon), Path(lexicon).parent)
        sha.update(_engine_stamps(content, options).encode())
    except OSError:
        return None
    return sha.hexdigest()


def unchanged(out_dir: Path, digest: str | None) -> int | None:
    """The number of episodes when ``out_dir`` was built from inputs with ``digest`` and is intact,
    else None."""
    if digest is None:
        return None
    try:
        stamp = json.loads((Path(out_dir) / STAMP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or stamp.get("format") != FORMAT or stamp.get("inputs") != digest:
        return None
    outputs = stamp.get("outputs")
    if not isinstance(outputs, dict) or outputs != output_sizes(Path(out_dir)):
        return None
    return int(stamp.get("episodes", 0))


def output_sizes(out_dir: Path) -> dict[str, int]:
    """``relative path → size`` of every visible file under ``out_dir`` (hidden files and folders
    skipped), and of the episode records (``narrate.uptodate``), which later builds rely on."""
    sizes: dict[str, int] = {}
    records = Path(out_dir) / RECORDS_FILE
    if records.is_file():
        sizes[RECORDS_FILE] = records.stat().st_size
    for folder, dirs, files in os.walk(out_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            if not name.startswith("."):
                path = Path(folder, name)
                sizes[path.relative_to(out_dir).as_posix()] = path.stat().st_size
    return sizes


def record(out_dir: Path, digest: str | None, episodes: int) -> None:
    """Write the stamp after a successful build."""
    if digest is None:
        return
    stamp = {"format": FORMAT, "inputs": digest, "outputs": output_sizes(Path(out_dir)), "episodes": episodes}
    write_atomic(Path(out_dir) / STAMP_FILE, json.dumps(stamp, sort_keys=True, indent=1) + "\n")


def _content_files(content: Path, out_resolved: Path):
    for folder, dirs, files in os.walk(content):
        here = Path(folder)
        dirs[:] = [d for d in dirs if not d.startswith(".") and (here / d).resolve() != out_resolved]
        for name in files:
            if not name.startswith("."):
                yield here / name


def _add(sha, path: Path, root: Path) -> None:
    sha.update(b"\0" + path.relative_to(root).as_posix().encode() + b"\0")
    sha.update(path.read_bytes())


def _engine_stamps(content: Path, options: dict[str, Any]) -> str:
    """Stamps of the engines and voices named by the options and course.yaml (the engine's files,
    not its output: an upgraded espeak-ng or Piper model changes the digest)."""
    from narrate.synth import _stamp

    names: dict[str, set] = {"pyttsx3": {None}}
    voice_settings: dict = {}
    course = content / "course.yaml" if content.is_dir() else None
    if course is not None and course.is_file():
        import yaml

        try:
            # BaseLoader: every scalar stays a string, so no value can fail to construct here
            data = yaml.load(course.read_text(encoding="utf-8"), Loader=yaml.BaseLoader) or {}
            voice_settings = data.get("voice") or {} if isinstance(data, dict) else {}
        except (yaml.YAMLError, UnicodeDecodeError):
            voice_settings = {}
    if not isinstance(voice_settings, dict):
        voice_settings = {}
    engines = [options.get("engine")] + [voice_settings.get(k) for k in _ENGINE_KEYS]
    voices = [options.get("voice")] + [voice_settings.get(k) for k in _VOICE_KEYS]
    for engine in filter(None, engines):
        names.setdefault(str(engine), set()).update([None, *[str(v) for v in voices if v]])
    return "\n".join(f"{name}:{voice}:{_stamp(name, voice)}" for name in sorted(names)
                     for voice in sorted(names[name], key=str))
