"""One utterance: a clip to make, and how it is made with this process's engine.

Shared by :mod:`narrate.speech.synthesis` (which plans utterances and runs them) and
:mod:`narrate.speech.workers` (which runs them in worker processes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import numpy as np

from narrate.errors import EngineError, NarrateError
from narrate.speech.cache import UtteranceCache, keep_fresh, stored_at_source_rate, to_clip_samples, write_clip
from narrate.speech.engines import (
    Spoken,
    WordTimes,
    check_clip_samples,
    engine_attribute,
    get_engine,
    read_checked_clip,
)
from narrate.speech.join import join_clips
from narrate.speech.pronounce import Phonemised

T = TypeVar("T")

MIN_TIMEOUT_MS = 30_000
"""Per-utterance timeout: at least this, or the engine's allowance per character of text
(``timeout_per_char_ms``, default 200 ms: 1 s per 5 characters) when that is longer."""

TIMEOUT_PER_CHAR_MS = 200
"""The allowance per character of an engine that declares none."""


def utterance_timeout_ms(u: Utterance) -> int:
    """How long one utterance may take before its worker is deemed hung (ms): its text's length
    times its engine's ``timeout_per_char_ms`` (an engine class attribute; a slow neural engine
    declares more), at least :data:`MIN_TIMEOUT_MS`."""
    return max(MIN_TIMEOUT_MS, len(u.text) * _per_char_ms(u.engine))


@cache
def _per_char_ms(engine: str) -> int:
    value = engine_attribute(engine, "timeout_per_char_ms")
    return value if isinstance(value, int) and value > 0 else TIMEOUT_PER_CHAR_MS


@dataclass(frozen=True)
class Utterance:
    """One clip to make: its cache key, who speaks it, the spoken text, and which cue it is for.

    ``what`` names the cue for error messages (``lesson 'id', cue N ("text…")``); ``source`` is
    the lesson file. ``parts`` (a sentence mixing languages): ``(voice, text)`` runs, each spoken
    with its own voice and joined into one clip (:func:`narrate.speech.join.join_clips`);
    ``voice`` and ``text`` then describe the whole. ``part_engines``: the engine of each run when
    they differ (a role whose engine was chosen per language, see ``narrate.speech.engines.choice``);
    empty: every run is spoken by ``engine``. ``sample_rate`` (Hz) is the rate the clip is stored at
    (the episode's).
    """

    key: str
    engine: str
    voice: str | None
    rate_wpm: int
    text: str
    what: str
    source: Path | None = None
    parts: tuple[tuple[str | None, str], ...] = ()
    sample_rate: int = 44100
    part_engines: tuple[str, ...] = ()
    pronounced: Phonemised | None = None
    """The text as the engine gets it when words of it have IPA entries (``[[...]]`` blocks; see
    ``narrate.speech.pronounce``); the engine's word offsets are mapped back to ``text``."""


def make_clip(u: Utterance, cache: UtteranceCache) -> Path:
    """Synthesize one utterance into the cache with this process's engine; returns the clip path.

    The engine hands over the samples (``speak_samples``) or writes a WAV file, which is read once;
    either is checked (see ``narrate.speech.engines.read_checked_clip``) and stored as FLAC at the
    engine's rate when ``u.sample_rate`` is a whole multiple of it, else converted to ``u.sample_rate``
    first (see ``narrate.speech.cache``). The engine's word timings, when it gives them, are kept
    beside the clip (see ``UtteranceCache.put``).

    Raises:
        EngineError: the engine failed or the clip is unusable (naming the cue).
    """
    engine = get_engine(u.engine)
    said = u.pronounced.text if u.pronounced is not None else u.text

    def call(method: Callable[..., T], *args: object) -> T:
        try:
            return method(*args)
        except NarrateError:  # the engine's own report (its class, file and line kept)
            raise
        except (Exception, SystemExit) as exc:  # an engine bug or a broken engine state (e.g. after a timeout)
            raise EngineError(f"the speech engine failed on {u.what}: {type(exc).__name__}: {exc}") from None

    def speak(text: str, voice: str | None, path: Path, by: str | None = None) -> WordTimes | None:
        speaker = engine if by is None or by == u.engine else get_engine(by)
        return call(speaker.synthesize, text, voice, u.rate_wpm, path)

    def in_memory() -> Spoken | None:
        if u.parts:
            return None
        held = call(engine.speak_samples, said, u.voice, u.rate_wpm)
        problem = spoken_problem(held)
        if problem:
            raise EngineError(f"the speech engine failed on {u.what}: speak_samples {problem}")
        return held

    def make(tmp: Path) -> WordTimes | None:
        words = None
        spoken = tmp.with_name(tmp.name + ".wav")
        runs = [tmp.with_name(f"{tmp.name}.{n}.wav") for n in range(len(u.parts))]
        try:
            held = in_memory()
            if held is not None:  # no WAV file: the same samples, checked as read_checked_clip checks them
                data, rate, words = (
                    np.frombuffer(held.pcm[: len(held.pcm) // 2 * 2], "<i2"),
                    held.sample_rate,
                    held.words,
                )
                check_clip_samples(data, rate, u.what)
            else:
                if not u.parts:
                    words = speak(said, u.voice, spoken)
                else:  # a mixed-language sentence: no word timings (captions fall back to even cuts)
                    engines = u.part_engines or (u.engine,) * len(u.parts)
                    for (voice, text), run, by in zip(u.parts, runs, engines):
                        speak(text, voice, run, by)
                    join_clips(runs, spoken)
                data, rate = read_checked_clip(spoken, u.what)
            if stored_at_source_rate(data, rate, u.sample_rate):  # assembly upsamples it as below
                write_clip(data, rate, tmp)
                samples = None
            else:
                samples = to_clip_samples(data, rate, u.sample_rate)
                write_clip(samples, u.sample_rate, tmp)
            if cache.scratch is not None:  # this build's assembly reads these instead of the FLAC
                fresh = samples if samples is not None else to_clip_samples(data, rate, u.sample_rate)
                keep_fresh(cache.scratch, u.key, fresh, u.sample_rate)
            return _mapped_back(words, u.pronounced) if isinstance(words, list) else None
        finally:
            for path in (spoken, *runs):
                path.unlink(missing_ok=True)

    return cache.put(u.key, make)


def _mapped_back(words: WordTimes, pronounced: Phonemised | None) -> WordTimes:
    """Word timings of the engine's text as timings of the utterance's (one per word: a block's
    first event)."""
    if pronounced is None:
        return words
    out: WordTimes = []
    for offset, ms in words:
        original = pronounced.original_offset(offset)
        if not out or original > out[-1][0]:
            out.append((original, ms))
    return out


MIN_RATE, MAX_RATE = 8000, 192000
"""The sample rates (Hz) an engine's :class:`Spoken` may have."""


def spoken_problem(held: object) -> str | None:
    """What is wrong with what ``speak_samples`` returned (None: a usable :class:`Spoken`, or None):
    ``pcm`` must be bytes (16-bit little-endian samples, not an array), ``sample_rate`` an int in
    :data:`MIN_RATE` .. :data:`MAX_RATE`."""
    if held is None:
        return None
    if not isinstance(held, Spoken):
        return f"returned a {type(held).__name__}, not a Spoken or None"
    if not isinstance(held.pcm, (bytes, bytearray)):
        return f"gave pcm as a {type(held.pcm).__name__}, not bytes of 16-bit little-endian samples"
    rate = held.sample_rate
    if isinstance(rate, bool) or not isinstance(rate, int) or not MIN_RATE <= rate <= MAX_RATE:
        return f"gave a sample rate of {rate!r}, not a whole number of Hz from {MIN_RATE} to {MAX_RATE}"
    return None


def named_error(exc: NarrateError, u: Utterance, suffix: str = "") -> NarrateError:
    """The error, of the same class, naming the cue, with its own file and line or else the lesson
    file; ``suffix`` is added to the message (e.g. ``"; tried 2 times"``)."""
    problem = exc.problem if u.what in exc.problem else f"{exc.problem} ({u.what})"
    return type(exc)(problem + suffix, exc.file or u.source, exc.line)


@dataclass(frozen=True)
class ErrorReport:
    """A :class:`NarrateError` as it crosses from a worker process to the parent: its class,
    message, file and line (a pickled ClickException keeps only its formatted message)."""

    kind: type[NarrateError]
    problem: str
    file: Path | None = None
    line: int | None = None

    @classmethod
    def of(cls, exc: NarrateError) -> ErrorReport:
        return cls(type(exc), exc.problem, exc.file, exc.line)

    def error(self) -> NarrateError:
        """The error again, as raised in the worker."""
        return self.kind(self.problem, self.file, self.line)
