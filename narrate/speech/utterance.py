"""One utterance: a clip to make, and how it is made with this process's engine.

Shared by :mod:`narrate.speech.synthesis` (which plans utterances and runs them) and
:mod:`narrate.speech.workers` (which runs them in worker processes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from narrate.errors import EngineError, NarrateError
from narrate.speech.cache import UtteranceCache, keep_fresh, stored_at_source_rate, to_clip_samples, write_clip
from narrate.speech.engines import Spoken, WordTimes, check_clip_samples, get_engine, read_checked_clip
from narrate.speech.join import join_clips

T = TypeVar("T")

MIN_TIMEOUT_MS = 30_000
"""Per-utterance timeout: at least this, or 1 s per 5 characters of text when that is longer."""


def utterance_timeout_ms(text: str) -> int:
    """How long one utterance may take before its worker is deemed hung (ms)."""
    return max(MIN_TIMEOUT_MS, len(text) * 200)


@dataclass(frozen=True)
class Utterance:
    """One clip to make: its cache key, who speaks it, the spoken text, and which cue it is for.

    ``what`` names the cue for error messages (``lesson 'id', cue N ("text…")``); ``source`` is
    the lesson file. ``parts`` (a sentence mixing languages): ``(voice, text)`` runs, each spoken
    with its own voice and joined into one clip (:func:`narrate.speech.join.join_clips`);
    ``voice`` and ``text`` then describe the whole. ``sample_rate`` (Hz) is the rate the clip is
    stored at (the episode's).
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

    def call(method: Callable[..., T], *args: object) -> T:
        try:
            return method(*args)
        except NarrateError:  # the engine's own report (its class, file and line kept)
            raise
        except (Exception, SystemExit) as exc:  # an engine bug or a broken engine state (e.g. after a timeout)
            raise EngineError(f"the speech engine failed on {u.what}: {type(exc).__name__}: {exc}") from None

    def speak(text: str, voice: str | None, path: Path) -> WordTimes | None:
        return call(engine.synthesize, text, voice, u.rate_wpm, path)

    def in_memory() -> Spoken | None:
        if u.parts:
            return None
        held = call(engine.speak_samples, u.text, u.voice, u.rate_wpm)
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
                    words = speak(u.text, u.voice, spoken)
                else:  # a mixed-language sentence: no word timings (captions fall back to even cuts)
                    for (voice, text), run in zip(u.parts, runs):
                        speak(text, voice, run)
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
            return words if isinstance(words, list) else None
        finally:
            for path in (spoken, *runs):
                path.unlink(missing_ok=True)

    return cache.put(u.key, make)


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
