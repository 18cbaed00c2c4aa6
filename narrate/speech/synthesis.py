"""Synthesis: one clip per ``Say`` cue, from the utterance cache or the speech engine.

Two steps, so that an unchanged build never starts a speech engine:

1. :func:`plan` resolves each role (narrator, quiz host; see ``narrate.config.VoiceConfig``) to an
   engine, a voice and the engine's version string, and computes every cue's cache key. Versions
   and default voices are memoised in the cache folder (``engines.json``), keyed on a cheap stamp
   of the engine's installation (package files, the espeak-ng program, the Piper model file: path,
   size, modification time), so a warm build neither imports nor starts an engine.
2. :func:`synthesize` makes the clips the cache lacks: in this process when ``jobs`` is 1, when
   only one clip is missing, or when worker processes cannot be started (a program read from
   standard input), else in a pool of worker processes (see ``narrate.speech.workers``) with a
   per-utterance timeout and one retry.

Every new clip is checked (exists, decodes, plausible duration, not silent) before it enters the cache.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from narrate.config import CourseConfig
from narrate.errors import EngineError, NarrateError, warn
from narrate.files import replacing
from narrate.model import REPEAT_EXTRA_MS, Lesson, Pause, Say, Script
from narrate.speech.cache import MEMO_FILE, UtteranceCache, utterance_key
from narrate.speech.engines import Engine, engine_phoneme_input, get_engine, speaks
from narrate.speech.engines.choice import candidates, installed_engines
from narrate.speech.join import voiced_ms
from narrate.speech.pronounce import pronunciations, with_phonemes
from narrate.speech.stamp import engine_stamp
from narrate.speech.utterance import Utterance, make_clip, named_error, utterance_timeout_ms

Progress = Callable[[str, int, int], None]
T = TypeVar("T")


@dataclass(frozen=True)
class Speaker:
    """A role resolved: engine name, voice id (None: the engine's own default) and version string;
    ``automatic``: the engine was chosen for the language (the course named none; see
    ``narrate.speech.engines.choice``), so its other languages are chosen for too."""

    engine: str
    voice: str | None
    version: str
    automatic: bool = False


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

    A Say with ``parts`` (a sentence mixing languages) is one utterance whose runs are spoken by the
    role's engine, each with the voice of its language (the role's own voice for the script's
    language); when the role's engine was chosen automatically, each run's language gets its own
    best installed engine (``Utterance.part_engines`` when they differ). A repeat pause of no set
    length gets a key too: the clip of its phrase alone, whose spoken length sets the pause (see
    :func:`resolve_repeat_pauses`). A word with an IPA entry in the lexicon reaches an engine that
    takes phonemes as a ``[[...]]`` block (``Utterance.pronounced``; the key is the engine's text's), and
    is said as written by any other, and in a sentence mixing languages.

    Raises:
        EngineError: unknown or missing engine, unknown voice, or a span in a language the engine
            cannot speak (naming the voices that would work).
    """
    speakers = resolve_speakers(config, cache.root)
    result = Plan(list(scripts), speakers)
    rate = config.voice.rate_wpm
    memo = _Memo(cache.root / MEMO_FILE)
    sample_rate = config.audio.sample_rate
    ipa = pronunciations(config.lexicon)
    alphabets: dict[str, str | None] = {}  # engine → the phonemes it reads in [[...]] blocks
    for script in scripts:
        keys: dict[int, str] = {}
        lesson = script.lesson
        own = speakers
        if lesson.narrator_voice or lesson.host_voice or (script.language or config.language) != config.language:
            own = resolve_speakers(config, cache.root, lesson, script.language)
        for index, cue in enumerate(script.cues):
            what = f"lesson '{script.lesson.id}', cue {index + 1}"
            if isinstance(cue, Pause) and cue.kind == "repeat" and cue.repeat and not cue.ms:
                cue = Say(cue.repeat[1], "narrator", (cue.repeat,))
            if not isinstance(cue, Say):
                continue
            s = own[cue.role]
            what += f' ("{_short(cue.text)}")'
            if cue.parts:
                runs = tuple(
                    (_language_speaker(s, language, config, memo) if language else s, text)
                    for language, text in cue.parts
                )
                engines = tuple(r.engine for r, _ in runs)
                if all(engine == s.engine for engine in engines):  # one engine: the keys as they always were
                    engines = ()
                    voices = "|".join(f"{r.voice or ''}@{r.version}" for r, _ in runs)
                else:
                    voices = "|".join(f"{r.engine}:{r.voice or ''}@{r.version}" for r, _ in runs)
                key = utterance_key(
                    s.engine, s.version, voices, rate, "\x1f".join(text for _, text in runs), sample_rate
                )
                if key not in result.utterances:
                    parts = tuple((r.voice, text) for r, text in runs)
                    result.utterances[key] = Utterance(
                        key, s.engine, s.voice, rate, cue.text, what, lesson.source, parts, sample_rate, engines
                    )
            else:  # words with an IPA entry reach an engine that takes phonemes as [[...]] blocks
                if ipa and s.engine not in alphabets:
                    alphabets[s.engine] = engine_phoneme_input(s.engine)
                said = with_phonemes(cue.text, ipa, alphabets.get(s.engine), script.language or config.language)
                key = utterance_key(s.engine, s.version, s.voice, rate, said.text, sample_rate)
                if key not in result.utterances:
                    result.utterances[key] = Utterance(
                        key,
                        s.engine,
                        s.voice,
                        rate,
                        cue.text,
                        what,
                        lesson.source,
                        sample_rate=sample_rate,
                        pronounced=said if said.blocks else None,
                    )
            keys[index] = key
        result.keys.append(keys)
    memo.save()
    return result


def _language_speaker(role: Speaker, language: str, config: CourseConfig, memo: _Memo) -> Speaker:
    """The role's engine speaking ``language``: the voice ``voice.languages`` names for it, else the
    engine's default voice for the language; a role whose engine was chosen automatically: the best
    installed engine for ``language`` (see :func:`_auto_speaker`)."""
    if role.automatic:
        return _auto_speaker(config.voice.for_language(language), language, memo)
    own = config.voice.for_language(language) if role.engine == config.voice.engine else None
    return _speaker(role.engine, own, language, memo)


def span_voice(engine_name: str, language: str, cache_root: Path, voice: str | None = None) -> str | None:
    """The voice ``engine_name`` speaks ``language`` with in a span (``[hola]{lang=es}``): ``voice``
    (from ``voice.languages``), checked, else the engine's default for the language. An empty
    ``engine_name`` (automatic): the best installed engine's (see :func:`_auto_speaker`).

    Raises:
        EngineError: unknown voice, or the engine cannot speak the language (naming the voices
            that would work).
    """
    memo = _Memo(cache_root / MEMO_FILE)
    with _ENGINES_LOCK:
        speaker = _role_speaker(engine_name, voice, language, memo)
    memo.save()
    return speaker.voice


def resolve_repeat_pauses(script: Script, clips: Mapping[int, Path]) -> Script:
    """The script with each repeat pause of no set length made as long as its phrase's speech (the
    clip planned for it, from its first to its last sound) plus :data:`REPEAT_EXTRA_MS`."""
    cues = list(script.cues)
    for index, cue in enumerate(cues):
        if isinstance(cue, Pause) and cue.kind == "repeat" and not cue.ms and index in clips:
            cues[index] = replace(cue, ms=voiced_ms(clips[index]) + REPEAT_EXTRA_MS)
    return replace(script, cues=tuple(cues))


def synthesize(
    the_plan: Plan,
    cache: UtteranceCache,
    *,
    only: Iterable[int] | None = None,
    jobs: int | None = None,
    report: Progress | None = None,
    on_ready: Callable[[int, dict[int, Path]], None] | None = None,
) -> tuple[list[dict[int, Path] | None], int]:
    """Make the clips the cache lacks for the scripts ``only`` (default: all) and return every clip.

    Clips are made script by script, so that early scripts are complete early.

    Args:
        jobs: worker processes (None: ``os.cpu_count()``); 1 synthesizes in this process.
        report: ``report("synthesis", done, total)`` over the clips that must be made.
        on_ready: ``on_ready(i, clips)`` is called (in this thread) as soon as every clip of script
            ``i`` is in the cache, e.g. to start encoding it while later scripts are synthesized.

    Returns:
        per script, cue index → clip path (None for scripts not in ``only``); and how many clips
        were synthesized (not found in the cache).

    Raises:
        EngineError: engine missing, unknown voice, an unusable clip, or an engine that hung or
            crashed twice on the same utterance (naming the lesson and cue).
    """
    wanted = sorted(set(range(len(the_plan.scripts)) if only is None else only))
    todo: dict[str, Utterance] = {}
    waiting: dict[int, set[str]] = {}  # script → keys still missing
    for i in wanted:
        waiting[i] = set()
        for key in the_plan.keys[i].values():  # in cue order
            if key in todo or cache.get(key, the_plan.utterances[key].sample_rate) is None:
                waiting[i].add(key)
                todo.setdefault(key, the_plan.utterances[key])
    report = report or (lambda stage, done, total: None)
    clips: list[dict[int, Path] | None] = [None] * len(the_plan.keys)

    def collect(i: int) -> None:
        found = {}
        for index, key in the_plan.keys[i].items():
            path = cache.get(key, the_plan.utterances[key].sample_rate)
            if path is None:  # pragma: no cover - removed by a concurrent `narrate cache clear`
                raise EngineError(f"clip vanished from the cache for {the_plan.utterances[key].what}")
            found[index] = path
        clips[i] = found
        if on_ready is not None:
            on_ready(i, found)

    made = 0

    def done(u: Utterance) -> None:
        nonlocal made
        made += 1
        report("synthesis", made, len(todo))
        for i in [i for i, keys in waiting.items() if u.key in keys]:
            waiting[i].discard(u.key)
            if not waiting[i]:
                del waiting[i]
                collect(i)

    for i in [i for i, keys in waiting.items() if not keys]:
        del waiting[i]
        collect(i)
    jobs = max(1, jobs or os.cpu_count() or 1)
    if todo:
        from narrate.speech.workers import can_spawn, run_pool

        if jobs == 1 or len(todo) == 1 or not can_spawn():
            _in_process(list(todo.values()), cache, done)
        else:
            run_pool(list(todo.values()), cache, min(jobs, len(todo)), done, utterance_timeout_ms)
    return clips, len(todo)


ENGINE_LOCK = threading.Lock()
"""Held while this process speaks outside the worker pool (engines keep process-wide state)."""


def with_clips(
    write: Callable[[dict[int, Path]], T],
    clips: dict[int, Path],
    keys: Mapping[int, str],
    utterances: Mapping[str, Utterance],
    cache: UtteranceCache,
) -> T:
    """``write(clips)``; when a clip has vanished meanwhile (evicted by a concurrent ``narrate cache
    prune``, see ``narrate.speech.cache``), make the missing clips again in this process and write
    once more, so that pruning never breaks a running build.

    Args:
        clips: Say cue index → clip path (updated in place when a clip is made again).
        keys: Say cue index → utterance key; utterances: key → :class:`Utterance`.

    Raises:
        EngineError: a missing clip could not be made again (tried twice).
    """
    try:
        return write(clips)
    except FileNotFoundError:
        for index, key in keys.items():
            rate = utterances[key].sample_rate  # a damaged clip is removed by get(): a miss
            if cache.get(key, rate) is None:
                with ENGINE_LOCK:
                    clips[index] = cache.get(key, rate) or make_twice(utterances[key], cache)
        return write(clips)


def make_twice(u: Utterance, cache: UtteranceCache) -> Path:
    """Make one clip in this process; an engine error is retried once (some are transient).

    Raises:
        EngineError: the second try failed too (naming the lesson and cue).
    """
    try:
        return make_clip(u, cache)
    except EngineError:
        try:
            return make_clip(u, cache)
        except EngineError as exc:
            raise named_error(exc, u) from None


def _in_process(todo: list[Utterance], cache: UtteranceCache, done: Callable[[Utterance], None]) -> None:
    """Synthesize here, one utterance at a time; each is tried twice before its error is raised.

    The retry runs in a fresh worker process when one can be started, else here. A Python-level
    hang is interrupted by a SIGALRM timer (main thread, POSIX only); a hang in native code is not.
    """
    from narrate.speech.workers import alarm, can_spawn, run_pool

    for u in todo:
        try:
            with alarm(utterance_timeout_ms(u), u):
                make_clip(u, cache)
        except EngineError:
            if can_spawn():  # retry in a fresh process: some engine failures depend on its history
                run_pool([u], cache, 1, lambda _: None, utterance_timeout_ms, tries=1)
            else:
                try:
                    with alarm(utterance_timeout_ms(u), u):
                        make_clip(u, cache)
                except EngineError as exc:
                    raise named_error(exc, u) from None
        done(u)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------- roles, voices, versions


def resolve_speakers(
    config: CourseConfig, cache_root: Path, lesson: Lesson | None = None, language: str | None = None
) -> dict[str, Speaker]:
    """The narrator's and the quiz host's engine, voice and version (memoised; see module docs).

    The host speaks with ``voice.host``; else, on the narrator's engine, with the narrator's voice;
    else with its engine's default voice for the language (``language``, default the course's). A
    lesson's own ``voice:`` (``narrator_voice``, ``host_voice``) wins over the course's for that
    lesson; a lesson in another language than the course's speaks with that language's default
    voices unless it names its own.

    Thread-safe: engines are started and asked one thread at a time (speech engines keep
    process-wide state; several courses of a catalogue are planned at once).

    Raises:
        EngineError: unknown or missing engine, unknown voice, or a language the engine cannot
            speak (naming the voices that would work).
    """
    with _ENGINES_LOCK:
        return _resolve_speakers(config, cache_root, lesson, language)


_ENGINES_LOCK = threading.RLock()


def _resolve_speakers(
    config: CourseConfig, cache_root: Path, lesson: Lesson | None, language: str | None
) -> dict[str, Speaker]:
    v = config.voice
    language = language or config.language
    if language != config.language:  # the course's voices speak the course's language
        v = replace(v, narrator=v.for_language(language), host=None)
    elif v.narrator is None:
        v = replace(v, narrator=v.for_language(language))
    if lesson is not None and (lesson.narrator_voice or lesson.host_voice):
        v = replace(v, narrator=lesson.narrator_voice or v.narrator, host=lesson.host_voice or v.host)
    memo = _Memo(cache_root / MEMO_FILE)
    narrator = _role_speaker(v.engine, v.narrator, language, memo)
    host_engine = v.host_engine or v.engine
    if v.host:
        host = _role_speaker(host_engine, v.host, language, memo)
    elif host_engine == v.engine:
        host = narrator
    else:
        host = _role_speaker(host_engine, None, language, memo)
    memo.save()
    return {"narrator": narrator, "host": host}


def chosen_voices(
    config: CourseConfig, cache_root: Path, languages: Iterable[str]
) -> list[tuple[str, str, str | None]]:
    """``(language, engine, voice)`` the narrator speaks each of ``languages`` with (the course's
    language first, then the others in order, once each) when the course names no engine (the
    engines were chosen: see ``narrate.speech.engines.choice``); [] when it names one. Memoised as
    :func:`resolve_speakers` is.

    Raises:
        EngineError: as :func:`resolve_speakers`.
    """
    if config.voice.engine:
        return []
    with _ENGINES_LOCK:
        narrator = _resolve_speakers(config, cache_root, None, None)["narrator"]
        memo = _Memo(cache_root / MEMO_FILE)  # read after the narrator's entries are saved
        chosen = [(config.language, narrator.engine, narrator.voice)]
        for language in dict.fromkeys(languages):
            if language != config.language:
                other = _auto_speaker(config.voice.for_language(language), language, memo)
                chosen.append((language, other.engine, other.voice))
        memo.save()
    return chosen


def speaker_for(engine_name: str, voice: str | None, language: str) -> Speaker:
    """Who speaks ``language`` with ``voice`` (None: the default) on engine ``engine_name``, or on the
    best installed engine for it when the name is empty, resolved without the cache (``narrate say``).

    Raises:
        EngineError: as :func:`resolve_speakers`.
    """
    with _ENGINES_LOCK:
        return _role_speaker(engine_name, voice, language, _Memo(None))


def _role_speaker(engine_name: str, voice: str | None, language: str, memo: _Memo) -> Speaker:
    """:func:`_speaker` of the engine a role names, or :func:`_auto_speaker` when it names none."""
    if not engine_name:
        return _auto_speaker(voice, language, memo)
    return _speaker(engine_name, voice, language, memo)


def _auto_speaker(voice: str | None, language: str, memo: _Memo) -> Speaker:
    """The best installed engine for ``language`` (``narrate.speech.engines.choice.candidates``)
    speaking it with ``voice`` (None: that engine's default voice for the language).

    An engine that cannot speak the language (no voice for the exact tag) or does not know ``voice``
    gives way to the next (remembered in the memo under the engine's stamp, so that a rebuild does
    not start it again to learn it); an engine that fails to start does not: its error is raised.

    Raises:
        EngineError: the last candidate cannot speak it either (for a named voice, with every engine's
            reason), or an engine failed to start.
    """
    known = memo.chosen.get((voice, language))
    if known is not None:  # asked again in this plan (each run of each mixed-language sentence asks)
        return known
    if memo.installed is None:
        memo.installed = installed_engines()
    order = candidates(language, memo.installed, voice)
    failed: list[str] = []  # why each engine before could not, for a voice every one refuses
    for number, name in enumerate(order, 1):
        last = number == len(order)
        cannot = f"cannot\t{name}\t{voice or ''}\t{language}"
        stamp = engine_stamp(name, voice) if not last else None
        entry = memo.data.get(cannot)
        if stamp is not None and isinstance(entry, dict) and entry.get("stamp") == stamp:
            continue
        try:
            chosen = memo.chosen[(voice, language)] = replace(_speaker(name, voice, language, memo), automatic=True)
            return chosen
        except EngineError as exc:
            if last and voice and failed:
                reasons = "; ".join([*failed, f"{name}: {exc.problem}"])
                raise EngineError(f"no installed engine can speak voice '{voice}' in {language} ({reasons})") from None
            if last:
                raise
            failed.append(f"{name}: {exc.problem}")
            get_engine(name)  # one that does not start: its own error, not the next engine's voice
            if stamp is not None:
                memo.data[cannot] = {"stamp": stamp}
                memo.changed = True
    raise AssertionError("unreachable: the last candidate returns or raises")  # pragma: no cover


def _speaker(engine_name: str, voice: str | None, language: str, memo: _Memo) -> Speaker:
    stamp = engine_stamp(engine_name, voice)
    entry_key = f"{engine_name}\t{voice or ''}\t{language}"
    entry = memo.data.get(entry_key)
    if stamp is not None and isinstance(entry, dict) and entry.get("stamp") == stamp:
        return Speaker(engine_name, entry.get("voice"), str(entry.get("version")))
    engine = get_engine(engine_name)
    if voice and not _asked(engine_name, engine.accepts_voice, voice):  # checked before any synthesis, not per cue
        raise EngineError(f"unknown {engine_name} voice '{voice}' (see: narrate voices --engine {engine_name})")
    if voice:
        _other_language(engine_name, engine, voice, language)
    resolved = voice or _asked(engine_name, engine.default_voice, language)
    version = _asked(engine_name, engine.voice_version, resolved)
    if not isinstance(version, str) or (resolved is not None and not isinstance(resolved, str)):
        what = f"version {version!r}" if not isinstance(version, str) else f"default voice {resolved!r}"
        raise EngineError(f"speech engine '{engine_name}' gave a {what} that is not a str")
    if stamp is not None:
        memo.data[entry_key] = {"stamp": stamp, "voice": resolved, "version": version}
        memo.changed = True
    return Speaker(engine_name, resolved, version)


def _other_language(engine_name: str, engine: Engine, voice: str, language: str) -> None:
    """Warn when a voice named for ``language`` is one of the engine's voices for another language
    (a US English Kokoro voice for a Spanish course reads the Spanish as English)."""
    try:
        found = next((v for v in engine.voices() if v.id == voice), None)
    except (Exception, SystemExit):  # listing voices is not needed to speak
        return
    if found is not None and found.languages and not speaks(found, language):
        warn(
            f"{engine_name} voice '{voice}' speaks {', '.join(found.languages)}, not {language}: it reads the "
            f"text as {found.languages[0]} (see: narrate voices --language {language})"
        )


def _asked(engine_name: str, method: Callable[..., T], *args: object) -> T:
    """``method(*args)`` of an engine; its exception (other than narrate's own errors) an EngineError
    naming the engine, as a cue's is (see ``narrate.speech.utterance.make_clip``)."""
    try:
        return method(*args)
    except NarrateError:
        raise
    except (Exception, SystemExit) as exc:  # an engine's bug
        raise EngineError(
            f"the speech engine '{engine_name}' failed in {getattr(method, '__name__', 'a call')}(): "
            f"{type(exc).__name__}: {exc}"
        ) from None


class _Memo:
    """``engines.json``: entry → {stamp, voice, version}; read once, written atomically when changed
    (``path`` None: an empty memo, never written)."""

    def __init__(self, path: Path | None):
        self.path = path
        self.changed = False
        self.installed: frozenset[str] | None = None
        """The engines installed (``narrate.speech.engines.choice``), looked at once per memo."""
        self.chosen: dict[tuple[str | None, str], Speaker] = {}
        """(voice, language) → the engine chosen for it, while this memo is in use."""
        try:
            self.data = json.loads(path.read_text(encoding="utf-8")) if path is not None else {}
            if not isinstance(self.data, dict):
                self.data = {}
        except (OSError, ValueError):
            self.data = {}

    def save(self) -> None:
        if not self.changed or self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with replacing(self.path, self.path.with_name(f".{self.path.name}.{os.getpid()}.part")) as tmp:
                tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True), encoding="utf-8")
        except OSError:  # a read-only cache still works, only slower
            pass
