"""What is up to date: the whole build (the no-change fast path) and each episode.

This module imports nothing heavy, so that the no-change path costs little more than Python's start.

**Whole build.** The no-change fast path: skip a whole build when neither its inputs nor its outputs changed.

After a successful build, ``OUT/.narrate-stamp.json`` records a digest of every input and the size of
every output file::

    {"format": 1, "inputs": "<sha256>", "outputs": {"feed.xml": 5123, "episodes/01-x.<v>.mp3": 1193287, ...},
     "episodes": 3}

The input digest covers narrate's own code and version, every file of the content (the course
folder, hidden files and the output folder excepted, or the single lesson file), the extra lexicon
file, the build options that change output, and a cheap stamp of each speech engine the course
names (package and program files, see ``narrate.speech.stamp``). When the digest matches and every
recorded output is still there with its size, nothing is read further and nothing is written: the
outputs stay byte-identical and keep their modification times.

**Each episode.** Incremental builds: skip episodes whose inputs did not change; make the rest in parallel.

After a successful build, ``OUT/.narrate-build.json`` records every episode by its file stem::

    {"format": 1, "episodes": {"01-x": {"fingerprint": "<sha256>",
        "episode": {duration_ms, chapters, cue_times, audio_file, audio_bytes, mime_type, files},
        "sizes": {"episodes/01-x.<version>.mp3": 1193287, ...}}}}

The fingerprint covers everything an episode's files depend on: the narrate code (a digest of its
modules) and version, the lesson and its script cues, each Say cue's utterance key (engine,
engine version, voice, rate, spoken text), the course title, author and language, the audio
settings, the cover image's digest, the episode count (ID3 track total) and anything the caller
adds (``extra``). An episode is up to date when its record has the same fingerprint and every file
it lists still exists with the recorded size; it is then neither synthesized, assembled nor
encoded, and its :class:`~narrate.model.Episode` (timing included) is rebuilt from the record, so
the feed and preview are regenerated without decoding any audio.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.files import source_digest, write_atomic
from narrate.model import ChapterMark, CueTime, Episode, Script, episode_stem
from narrate.version import __version__

if TYPE_CHECKING:
    from narrate.config import CourseConfig

RECORD_FORMAT = 1
STAMP_FILE = ".narrate-stamp.json"
RECORDS_FILE = ".narrate-build.json"
STAMP_FORMAT = 1
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
    if not isinstance(stamp, dict) or stamp.get("format") != STAMP_FORMAT or stamp.get("inputs") != digest:
        return None
    outputs = stamp.get("outputs")
    if not isinstance(outputs, dict) or outputs != output_sizes(Path(out_dir)):
        return None
    return int(stamp.get("episodes", 0))


LISTEN_MARKS = "assets/listen.js"
"""Written by proof-listening (``narrate check --listen``), not by the build: not an output of it."""


def output_sizes(out_dir: Path) -> dict[str, int]:
    """``relative path → size`` of every visible file under ``out_dir`` (hidden files and folders
    skipped, and :data:`LISTEN_MARKS`), and of the episode records (``narrate.uptodate``), which
    later builds rely on."""
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
    sizes.pop(LISTEN_MARKS, None)
    return sizes


def record(out_dir: Path, digest: str | None, episodes: int) -> None:
    """Write the stamp after a successful build."""
    if digest is None:
        return
    stamp = {"format": STAMP_FORMAT, "inputs": digest, "outputs": output_sizes(Path(out_dir)), "episodes": episodes}
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
    from narrate.speech.stamp import engine_stamp

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
    return "\n".join(
        f"{name}:{voice}:{engine_stamp(name, voice)}"
        for name in sorted(names)
        for voice in sorted(names[name], key=str)
    )


@dataclasses.dataclass
class Made:
    """What :func:`make_episodes` did: episodes (script order), their fingerprints, utterances
    synthesized, and episodes skipped as up to date."""

    episodes: list[Episode]
    fingerprints: list[str]
    synthesized: int
    skipped: int
    made: tuple[int, ...] = ()
    """Indexes (script order) of the episodes made by this build, not reused."""


def fingerprint(
    script: Script, keys: dict[int, str], config: CourseConfig, count: int, cover_digest: str | None, extra: Any = None
) -> str:
    """SHA-256 hex digest of everything one episode's files depend on (see module docs)."""
    lesson = dataclasses.replace(script.lesson, source=None)  # the same file reached by another path
    parts = [
        RECORD_FORMAT,
        __version__,
        _code_digest(),
        repr(lesson),
        repr(script.cues),
        sorted(keys.items()),
        config.title,
        config.author,
        config.language,
        repr(config.audio),
        cover_digest,
        count,
        repr(extra),
    ]
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def records_path(out_dir: Path) -> Path:
    """``OUT/.narrate-build.json``."""
    return Path(out_dir) / RECORDS_FILE


def save_records(out_dir: Path, made: Made) -> None:
    """Record the published episodes: fingerprint, timing and file sizes (written atomically).

    Call after the episodes' files are in their final place (``audio_file`` and ``files`` final).
    """
    entries = {}
    for episode, print_ in zip(made.episodes, made.fingerprints):
        data = {
            f.name: getattr(episode, f.name) for f in dataclasses.fields(episode) if f.name not in ("lesson", "script")
        }
        data["chapters"] = [dataclasses.asdict(c) for c in episode.chapters]
        data["cue_times"] = [dataclasses.asdict(c) for c in episode.cue_times]
        sizes = {rel: (Path(out_dir) / rel).stat().st_size for rel in _outputs(episode)}
        entries[episode_stem(episode.lesson)] = {"fingerprint": print_, "episode": data, "sizes": sizes}
    text = json.dumps({"format": RECORD_FORMAT, "episodes": entries}, ensure_ascii=False, sort_keys=True)
    write_atomic(records_path(out_dir), text)


def load_record(out_dir: Path, records: dict, script: Script, print_: str) -> Episode | None:
    """The recorded Episode when it is up to date (same fingerprint, files present with their sizes), else None.

    ``records``: the ``episodes`` mapping of :func:`records_path` (see :func:`_read_records`).
    """
    record = records.get(episode_stem(script.lesson))
    try:
        if not isinstance(record, dict) or record.get("fingerprint") != print_:
            return None
        for rel, size in record["sizes"].items():
            if (Path(out_dir) / rel).stat().st_size != size:
                return None
        data = dict(record["episode"])
        data["chapters"] = [ChapterMark(**c) for c in data["chapters"]]
        data["cue_times"] = [
            CueTime(**{**c, "words": tuple(tuple(w) for w in c.get("words", ()))}) for c in data["cue_times"]
        ]
        episode = Episode(lesson=script.lesson, script=script, **data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if set(_outputs(episode)) != set(record["sizes"]):
        return None
    return episode


def read_records(out_dir: Path) -> dict:
    """The ``episodes`` mapping of ``OUT/.narrate-build.json`` ({} when missing or unreadable)."""
    try:
        data = json.loads(records_path(out_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or not isinstance(data.get("episodes"), dict):
        return {}
    return data["episodes"]


def _outputs(episode: Episode) -> list[str]:
    files = [episode.audio_file] if episode.audio_file else []
    return files + [rel for rel in episode.files.values() if isinstance(rel, str)]


def digest_file(path: Path) -> str:
    """SHA-256 hex digest of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """Digest of narrate's own modules, so a changed encoder or packager re-makes episodes."""
    return source_digest(Path(__file__).resolve().parent)
