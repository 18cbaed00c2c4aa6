"""What is up to date: the whole build (the no-change fast path) and each episode.

This module imports nothing heavy, so that the no-change path costs little more than Python's start.

**Whole build.** The no-change fast path: skip a whole build when neither its inputs nor its outputs changed.

After a successful build, ``OUT/.narrate-stamp.json`` records a digest of every input and the size of
every output file::

    {"format": 1, "inputs": "<sha256>", "outputs": {"feed.xml": 5123, "episodes/01-x.<v>.mp3": 1193287, ...},
     "episodes": 3}

The input digest covers narrate's own code and version, the files the course uses (see
:func:`course_inputs`: course.yaml, the lessons, the images beside them, the cover, the intro and
outro music and the lexicon file it names; or the single lesson file), the extra lexicon file, the
build options that change output, and a cheap stamp of each speech engine the course names, or of
every engine it may choose when it names none (package and program files, see
``narrate.speech.stamp``). When the digest matches and every recorded output is still there with its
size, nothing is read further and nothing is written: the outputs stay byte-identical and keep their
modification times.

Nothing else in the course folder is opened (a ``video/`` folder, a named pipe, a link to
``/dev/zero``): each file is hashed in chunks (memory stays flat), with the limit of its kind
(``narrate.limits``), and never through a link that leaves the course folder. A file the course
names that is not a regular file, or a lesson over ``limits.max_lesson_bytes``, is refused with one
line; a named file that is missing or leaves the folder is left to the validation that follows.

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
import fnmatch
import hashlib
import json
import os
import stat
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.files import source_digest, write_atomic
from narrate.model import ChapterMark, CueTime, Episode, Script, episode_stem
from narrate.publish.media_types import LISTEN_MARKS
from narrate.settings import audio_formats
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
    """SHA-256 of everything a build's output depends on (see module docstring); None if unreadable
    (an invalid course.yaml: the build reads it again and says what is wrong).

    Raises:
        ContentError: a file the course names is not a regular file, or is over its size limit.
    """
    from narrate.limits import MAX_SETTINGS_BYTES

    content, out_dir = Path(content), Path(out_dir)
    sha = hashlib.sha256(f"narrate {__version__}\n{json.dumps(options, sort_keys=True, default=str)}".encode())
    code = Path(__file__).resolve().parent
    try:
        for path in sorted(code.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".html", ".css", ".js"):
                _add(sha, path, code, None)
        course = _course_of(content)
        if course is not None:
            data = _course_data(course)
            if data is None:
                return None
            root = course.resolve()
            for path, limit, setting in course_inputs(course, data):
                if _stays_inside(path, root):
                    _add(sha, path, course, limit, setting)
                else:  # named, but a link out of the course: never followed (the build refuses it)
                    sha.update(b"\0" + path.relative_to(course).as_posix().encode() + b"\0outside\0")
        else:
            data = {}
        if not content.is_dir():
            _add(sha, content, content.parent, _lesson_limit(data), _LESSON_SETTING)
        lexicon = options.get("lexicon_file")
        if lexicon:
            _add(sha, Path(lexicon), Path(lexicon).parent, MAX_SETTINGS_BYTES)
        sha.update(_engine_stamps(data, options).encode())
    except OSError:
        return None
    return sha.hexdigest()


def _course_of(content: Path) -> Path | None:
    """The course folder a build of ``content`` reads: the folder itself, or the course of a file in
    its ``lessons/`` (built with its course's settings); None for a lone lesson file."""
    if content.is_dir():
        return content
    course = content.parent.parent
    if content.parent.name == "lessons" and (course / "course.yaml").is_file():
        return course
    return None


def _course_data(course: Path) -> dict | None:
    """course.yaml parsed with narrate's bounded loader ({} when there is none; None when invalid)."""
    from narrate.errors import NarrateError
    from narrate.yamlio import load_yaml

    path = course / "course.yaml"
    if not path.exists():
        return {}
    try:
        data = load_yaml(path)
    except NarrateError:
        return None
    return data if isinstance(data, dict) else None


_IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


def course_inputs(course: Path, data: dict) -> list[tuple[Path, int, str | None]]:
    """The files a build of ``course`` reads, as ``(path, size limit, setting that sets it)``, in a
    fixed order: course.yaml; the lessons (``lessons:`` in course.yaml, else the lesson files in
    ``lessons/``); the JPEG and PNG images under ``lessons/`` (a lesson's ``image:``); the cover,
    lexicon file and intro and outro music course.yaml names. Only names inside the course folder
    (a link among them may still lead out of it: :func:`input_digest` does not follow it). Nothing
    is opened here.
    """
    from narrate.config import inside
    from narrate.limits import MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, MAX_SETTINGS_BYTES
    from narrate.text.readers import SUPPORTED

    lesson_limit = _lesson_limit(data)
    found: list[tuple[Path, int, str | None]] = [(course / "course.yaml", MAX_SETTINGS_BYTES, None)]
    folder = course / "lessons"
    listed = data.get("lessons")
    if isinstance(listed, list):
        names = [name for name in listed if isinstance(name, str) and inside(name)]
    else:
        names = [
            entry.name
            for entry in _entries(folder)
            if entry.is_file()  # as the build lists them: a pipe or device among them is no lesson
            and not _ignored(entry.name)
            and Path(entry.name).suffix.lower() in SUPPORTED
        ]
    found += [(folder / name, lesson_limit, _LESSON_SETTING) for name in names]
    found += [(path, MAX_IMAGE_BYTES, None) for path in _images(folder, MAX_IMAGE_BYTES)]
    audio = data.get("audio")
    audio = audio if isinstance(audio, dict) else {}
    for value, limit in (
        (data.get("cover"), MAX_IMAGE_BYTES),
        (data.get("lexicon_file"), MAX_SETTINGS_BYTES),
        (audio.get("intro"), MAX_AUDIO_BYTES),
        (audio.get("outro"), MAX_AUDIO_BYTES),
    ):
        if isinstance(value, str) and inside(value.strip()):
            found.append((course / value.strip(), limit, None))
    return found


_LESSON_SETTING = "limits.max_lesson_bytes"
_IGNORED_IN_LESSONS = ("README*", ".*", "*.bak", "*~")
"""``narrate.pipeline.IGNORED_IN_LESSONS`` (this layer cannot import the pipeline; a test keeps them equal)."""


def _ignored(name: str) -> bool:
    return any(fnmatch.fnmatch(name.lower(), pattern.lower()) for pattern in _IGNORED_IN_LESSONS)


def _lesson_limit(data: dict) -> int:
    """``limits.max_lesson_bytes`` from parsed course.yaml data, when valid; else the default."""
    from narrate.config import LimitsConfig

    limits = data.get("limits") if isinstance(data, dict) else None
    value = limits.get("max_lesson_bytes") if isinstance(limits, dict) else None
    if isinstance(value, int) and not isinstance(value, bool) and 1_000 <= value <= 1_000_000_000:
        return value
    return LimitsConfig().max_lesson_bytes


def _entries(folder: Path) -> list[os.DirEntry]:
    """A folder's visible entries, sorted by name ([] when it is no folder)."""
    try:
        with os.scandir(folder) as entries:
            return sorted((e for e in entries if not e.name.startswith(".")), key=lambda e: e.name)
    except OSError:
        return []


def _images(folder: Path, limit: int) -> list[Path]:
    """The regular JPEG and PNG files under ``folder`` of at most ``limit`` bytes (links to folders
    not followed), sorted: the images a lesson may name (a larger one is refused when it is used)."""
    images = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = Path(here, name)
            if name.startswith(".") or path.suffix.lower() not in _IMAGE_SUFFIXES:
                continue
            try:
                info = os.stat(path)  # not opened: a pipe or device is left alone
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) and info.st_size <= limit:
                images.append(path)
    return images


def _stays_inside(path: Path, root: Path) -> bool:
    """Whether ``path`` (after its links) lies inside ``root``; a missing file counts as inside."""
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a loop of links
        return False


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


def output_sizes(out_dir: Path) -> dict[str, int]:
    """``relative path → size`` of every visible file under ``out_dir`` (hidden files and folders
    skipped, and :data:`narrate.publish.media_types.LISTEN_MARKS`), and of the episode records (``narrate.uptodate``), which
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


def _add(sha, path: Path, root: Path, limit: int | None, setting: str | None = None) -> None:
    """Feed ``path``'s name and bytes to ``sha`` (in chunks, at most ``limit`` bytes); a missing file
    adds only its name (the build says it is missing).

    Raises:
        ContentError: not a regular file, or over ``limit``.
    """
    from narrate.yamlio import hash_file

    sha.update(b"\0" + path.relative_to(root).as_posix().encode() + b"\0")
    if not os.path.lexists(path) or (path.is_symlink() and not path.exists()):
        sha.update(b"\0missing\0")
        return
    hash_file(sha, path, limit, setting=setting, what="lesson file" if setting == _LESSON_SETTING else "file")


def _engine_stamps(data: dict, options: dict[str, Any]) -> str:
    """Stamps of the engines and voices named by the options and course.yaml (parsed: ``data``)
    (the engine's files, not its output: an upgraded espeak-ng or Piper model changes the digest).
    A course that names no engine has its engines chosen among those installed
    (``narrate.speech.engines.choice``): every engine it may choose is stamped, so that one newly
    installed (or removed) changes the choice and rebuilds."""
    from narrate.speech.engines import DEFAULT_ENGINE
    from narrate.speech.engines.choice import ENGINES as CHOSEN_AMONG
    from narrate.speech.stamp import engine_stamp

    names: dict[str, set] = {DEFAULT_ENGINE: {None}}
    voice_settings = data.get("voice") or {} if isinstance(data, dict) else {}
    if not isinstance(voice_settings, dict):
        voice_settings = {}
    engines = [options.get("engine")] + [voice_settings.get(k) for k in _ENGINE_KEYS]
    if not options.get("engine") and not str(voice_settings.get("engine") or "").strip():  # chosen when built
        engines += CHOSEN_AMONG
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
        repr(dataclasses.replace(config.audio, formats=audio_formats(config.audio.formats))),  # not the book
        cover_digest,
        count,
        repr(extra),
    ]
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def records_path(out_dir: Path) -> Path:
    """``OUT/.narrate-build.json``."""
    return Path(out_dir) / RECORDS_FILE


def save_records(out_dir: Path, made: Made, books: Sequence[str] = ()) -> None:
    """Record the published episodes: fingerprint, timing and file sizes (written atomically); and
    ``books``, the course-wide files this build wrote at the top of ``out_dir`` (the read-along EPUB,
    the audiobook M4B: names relative to ``out_dir``), so that the next build removes one it no
    longer writes (:func:`recorded_books`).

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
    data = {"format": RECORD_FORMAT, "episodes": entries, "books": sorted(set(books))}
    write_atomic(records_path(out_dir), json.dumps(data, ensure_ascii=False, sort_keys=True))


BOOK_SUFFIXES = (".epub", ".m4b")
"""The course-wide files a build writes at the top of the output folder: :func:`recorded_books`."""


def recorded_books(out_dir: Path) -> list[str]:
    """The course-wide files (read-along EPUB, audiobook M4B) the last build recorded in
    ``OUT/.narrate-build.json`` (see :func:`save_records`): plain file names ending in
    :data:`BOOK_SUFFIXES`, nothing else (a hand-edited record names no other file). ``[]`` when
    there is no record, or one from before books were recorded."""
    try:
        data = json.loads(records_path(out_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    books = data.get("books") if isinstance(data, dict) else None
    if not isinstance(books, list):
        return []
    return [
        name
        for name in books
        if isinstance(name, str)
        and name.endswith(BOOK_SUFFIXES)
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
        and name not in ("..", ".")
    ]


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


def digest_file(path: Path, limit: int | None = None) -> str:
    """SHA-256 hex digest of a file's bytes, read in chunks (at most ``limit`` bytes).

    Raises:
        ContentError: not a regular file, or over ``limit``.
    """
    from narrate.yamlio import hash_file

    sha = hashlib.sha256()
    hash_file(sha, Path(path), limit)
    return sha.hexdigest()


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """Digest of narrate's own modules, so a changed encoder or packager re-makes episodes."""
    return source_digest(Path(__file__).resolve().parent)
