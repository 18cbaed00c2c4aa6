"""Speech engines behind one interface.

An engine turns one utterance of spoken text into one WAV file::

    engine = get_engine("pyttsx3")
    words = engine.synthesize("Hello.", voice=None, rate_wpm=160, out_path=Path("x.wav"))

``words`` is where each word starts in the clip when the engine reports it (espeak-ng's word
events), else None. An engine that has the samples in this process also hands them over in memory
(``speak_samples(text, voice, rate_wpm)``, a :class:`Spoken`, or None when it cannot here): the build
then skips the WAV file (pyttsx3 on Linux and Piper do). The whole interface is :class:`Engine`:
with the engine's stamp (a cheap fingerprint of its installation, for the no-change check and the
memoised versions), its voices and each voice's version, so no other module names an engine.

Engines register by name as entry points of the ``narrate.engines`` group (narrate's own in its
pyproject.toml, as any plug-in package's; see ``narrate.text.plugins``); :data:`ENGINES` is the table
of those known in this process. They are imported only when asked for, so a missing optional engine
is reported as unavailable with its install hint, never as an ImportError.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import threading
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np

from narrate.errors import EngineError, warn
from narrate.text.plugins import Plugin, discover


@dataclass(frozen=True)
class Voice:
    """A voice an engine offers: ``id`` to put in course.yaml, a human ``name``, language tags
    (BCP 47, lower case: ``en-us``), and the licence of the voice data (SPDX id, "" when unknown)."""

    id: str
    name: str
    languages: tuple[str, ...] = ()
    licence: str = ""


WordTimes = list[tuple[int, int]]
"""Word timings of one clip: ``(character offset of the word in the spoken text, ms from the clip's
start)`` per word the engine reported, in order. Captions are cut at these times (see
``narrate.publish.transcripts``)."""


@dataclass(frozen=True)
class Spoken:
    """One utterance as an engine hands it over in memory: ``pcm``, 16-bit little-endian mono
    samples at ``sample_rate`` Hz, and the word timings (see :data:`WordTimes`) or None."""

    pcm: bytes
    sample_rate: int
    words: WordTimes | None

    def write_wav(self, path: Path) -> None:
        """Write the samples as a 16-bit mono PCM WAV file."""
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(self.sample_rate)
            wav.writeframes(self.pcm)


class Engine(Protocol):
    """The speech engine interface: what an entry point of the ``narrate.engines`` group names (the
    class; see :class:`LazyEngine` for one whose module is costly to import).

    :class:`EngineBase` gives the members marked *default* below; a class registered without them
    gets those defaults (see :func:`get_engine`). Two optional class attributes: ``timeout_per_char_ms``
    (int, default 200: how long an utterance may take per character before the engine is deemed hung)
    and ``phoneme_input`` (``"ipa"`` or ``"espeak"``: the engine reads phonemes in ``[[...]]`` blocks
    of its text, and pronunciations in IPA reach it that way; default None).
    """

    name: str

    @classmethod
    def stamp(cls, voice: str | None) -> str | None:
        """A cheap fingerprint of what :meth:`voice_version` depends on (the engine's files, not its
        output: see :func:`file_stamp`, :func:`module_stamp`), computed without starting the engine;
        None: do not memoise. Default: the class's module file, its name and the voice."""

    def version(self) -> str:
        """Engine and voice-data version; part of every cache key."""

    def voice_version(self, voice: str | None) -> str:
        """The version for ``voice`` (a voice given as a model file has its own digest). Default: :meth:`version`."""

    def voices(self) -> list[Voice]:
        """Voices this engine can speak with (``narrate voices``)."""

    def accepts_voice(self, voice: str) -> bool:
        """Whether ``voice`` may be asked for (checked before any synthesis): one of :meth:`voices`,
        or a voice the engine finds itself (a model file). Default: a voice id of :meth:`voices`,
        or a path ending in ``.onnx``."""

    def default_voice(self, language: str) -> str | None:
        """The voice id for a BCP 47 language tag such as ``en-us`` (None: engine default)."""

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes | None:
        """Speak ``text`` into a PCM WAV file at ``out_path`` (any sample rate, mono or stereo).

        Returns:
            where each word starts, when the engine reports it (see :data:`WordTimes`); else None.

        Raises:
            EngineError: unknown voice, or the engine failed.
        """

    def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken | None:
        """The clip as 16-bit samples in memory, when the engine has them in this process (the build
        then skips the WAV file); None: use :meth:`synthesize`. Default: None.

        Raises:
            EngineError: unknown voice, or the engine failed.
        """


class EngineBase:
    """The defaults of :class:`Engine`'s optional members, for an engine class to inherit."""

    @classmethod
    def stamp(cls, voice: str | None) -> str | None:
        try:
            return "|".join([module_stamp(cls.__module__), cls.__name__, voice or ""])
        except (OSError, ImportError, ValueError):
            return None

    def voice_version(self, voice: str | None) -> str:
        return self.version()  # type: ignore[attr-defined]

    def accepts_voice(self, voice: str) -> bool:
        return voice.endswith(".onnx") or voice in {v.id for v in self.voices()}  # type: ignore[attr-defined]

    def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken | None:
        return None


_OPTIONAL = ("stamp", "voice_version", "accepts_voice", "speak_samples")
_REQUIRED = ("version", "voices", "default_voice", "synthesize")


@dataclass(frozen=True)
class LazyEngine:
    """A stand-in for an engine class whose module is costly to import (narrate's own: pyttsx3,
    Piper): its :meth:`stamp` comes from a light function, and the class is imported only when the
    engine is started (called), so a no-change rebuild, which compares stamps, imports no engine.

    ``target`` is the class as ``"module:Class"``; ``stamp_of`` computes :meth:`Engine.stamp`.
    """

    target: str
    stamp_of: Callable[[str | None], str | None]
    timeout_per_char_ms: int = 200
    """How long the engine may take per character of an utterance before it is deemed hung (ms)."""
    phoneme_input: str | None = None
    """The phonemes the engine reads in ``[[...]]`` blocks of its text: ``"ipa"``, ``"espeak"``
    (espeak-ng's mnemonics) or None (see :func:`engine_phoneme_input`)."""

    def stamp(self, voice: str | None) -> str | None:
        return self.stamp_of(voice)

    def __call__(self) -> Engine:
        module, _, attr = self.target.partition(":")
        return getattr(importlib.import_module(module), attr)()


def file_stamp(path: Path) -> str:
    """``path:size:mtime_ns`` of a file (for :meth:`Engine.stamp`). Raises OSError when it is missing."""
    st = os.stat(path)
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def module_stamp(name: str) -> str:
    """:func:`file_stamp` of a module's file, found without importing it. Raises ImportError when it is missing."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        raise ImportError(name)
    return file_stamp(Path(spec.origin))


DEFAULT_ENGINE = "pyttsx3"
"""The engine that speaks every language: what a course that names none (``voice.engine`` empty)
falls back to when no better engine for its language is installed (``narrate.speech.engines.choice``)."""

_BUILTIN: dict[str, tuple[str, str, str]] = {
    "pyttsx3": (
        "narrate.speech.engines.builtin",
        "PYTTSX3",
        "install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng; macOS uses its own voices)",
    ),
    "piper": ("narrate.speech.engines.builtin", "PIPER", "pip install 'narrate[piper]'"),
    "kokoro": (
        "narrate.speech.engines.builtin",
        "KOKORO",
        "run scripts/setup.sh (it installs narrate[kokoro] and the voices into vendor/kokoro-js)",
    ),
}
"""narrate's own engines, as its pyproject.toml declares them in the ``narrate.engines`` group."""

ENGINES: dict[str, tuple[str, str, str]] = dict(_BUILTIN)
"""name -> (module, attribute, install hint) of every engine known in this process: narrate's own,
then the ``narrate.engines`` entry points of other packages once a name is asked for that is not
here or the whole list is (see ``narrate.text.plugins``). Worker processes get the parent's entries."""

_discovered = False
_instances: dict[str, Engine] = {}
_sources: dict[str, str] = {}
"""name -> the distribution that provides a plug-in engine (for messages)."""
_warned: set[str] = set()


_DISCOVERY = threading.Lock()


def _discover() -> None:
    """Add the other packages' engines to :data:`ENGINES` (once per process)."""
    global _discovered
    with _DISCOVERY:
        if _discovered:
            return
        for plugin in discover("narrate.engines", ENGINES):
            hint = f"check the installation of {plugin.source}, which provides it"
            ENGINES.setdefault(plugin.name, (plugin.module, plugin.attr, hint))
            _sources.setdefault(plugin.name, plugin.source)
        _discovered = True


def engine_names() -> list[str]:
    """Every engine's name, sorted (narrate's own and the plug-ins')."""
    _discover()
    return sorted(ENGINES)


def engine_class(name: str) -> Any:
    """What the entry point of engine ``name`` names, with :class:`EngineBase`'s defaults for the
    optional members an engine class lacks; None for an unknown name.

    Raises:
        Exception: whatever importing the engine's module raises (ImportError ...); TypeError for a
            class without the required members.
    """
    if name not in ENGINES:
        _discover()
    spec = ENGINES.get(name)
    if spec is None:
        return None
    module_name, attr, _ = spec
    found = Plugin("narrate.engines", name, module_name, attr).load()
    if not callable(found):
        raise TypeError(f"it names a {type(found).__name__}, not an engine class")
    if isinstance(found, type):
        missing = [member for member in _REQUIRED if not callable(getattr(found, member, None))]
        if missing:
            raise TypeError(f"its class {found.__name__} lacks {', '.join(missing)}")
        if not all(hasattr(found, member) for member in _OPTIONAL):
            found = _completed(found)
    return found


_completions: dict[type, type] = {}


def _completed(cls: type) -> type:
    """``cls`` with :class:`EngineBase`'s defaults for what it lacks (same name and module)."""
    if cls not in _completions:
        _completions[cls] = type(
            cls.__name__, (cls, EngineBase), {"__module__": cls.__module__, "__doc__": cls.__doc__}
        )
        _completions[cls].__qualname__ = cls.__qualname__
    return _completions[cls]


def get_engine(name: str) -> Engine:
    """The engine registered as ``name`` (one instance per process).

    Raises:
        EngineError: unknown engine name, or the engine is not installed (with its install hint).
    """
    if name in _instances:
        return _instances[name]
    try:
        factory = engine_class(name)
        if factory is None:
            raise EngineError(f"unknown speech engine '{name}' (available: {', '.join(engine_names())})")
        engine = factory()
    except EngineError:
        raise
    except (Exception, SystemExit) as exc:  # ImportError, OSError from a missing shared library, RuntimeError
        raise EngineError(f"speech engine '{name}' is unavailable ({exc}); {ENGINES[name][2]}") from None
    _instances[name] = engine
    return engine


def engine_attribute(name: str, attribute: str) -> object:
    """An optional class attribute engine ``name`` declares (``timeout_per_char_ms``,
    ``phoneme_input``: on its class, or its :class:`LazyEngine`), found without starting it; None when
    the engine declares none, is unknown or cannot be imported (starting it reports why)."""
    try:
        found = engine_class(name)
    except (Exception, SystemExit):  # reported when the engine is started
        return None
    return getattr(found, attribute, None)


def engine_phoneme_input(name: str) -> str | None:
    """The phonemes engine ``name`` reads in ``[[...]]`` blocks of its text (:func:`engine_attribute`
    ``phoneme_input``): ``"ipa"`` or ``"espeak"``; None when it reads none, is unknown or not
    installed. Pronunciations in IPA reach it that way (``narrate.speech.pronounce``); an engine
    without says those words as written."""
    value = engine_attribute(name, "phoneme_input")
    return value if value in ("ipa", "espeak") else None


def engine_stamp(name: str, voice: str | None) -> str | None:
    """:meth:`Engine.stamp` of engine ``name`` for ``voice``, taken without starting the engine; None
    for an unknown engine, or one whose stamp cannot be taken (not installed, a broken plug-in:
    :func:`get_engine` reports why), which is then not memoised."""
    try:
        factory = engine_class(name)
    except (Exception, SystemExit):  # not installed, a broken plug-in: get_engine() reports why
        return None
    if factory is None:
        return None
    try:
        stamp = factory.stamp(voice)
    except (Exception, SystemExit) as exc:  # a plug-in's bug (narrate's own return None)
        _no_stamp(name, f"failed to give its stamp ({type(exc).__name__}: {exc})")
        return None
    if stamp is None or isinstance(stamp, str):
        return stamp
    _no_stamp(name, f"gave a stamp that is a {type(stamp).__name__}, not a str")
    return None


def _no_stamp(name: str, problem: str) -> None:
    """Warn (once per process) that engine ``name``'s stamp cannot be used (it is taken as None)."""
    if name not in _warned:
        _warned.add(name)
        plugin = Plugin("narrate.engines", name, "", source=_sources.get(name, "an unknown package"))
        warn(f"{plugin.describe()} {problem}; it is treated as None (the no-change check cannot see the engine change)")


def clip_duration_ms(path: Path, what: str) -> int:
    """Check that a synthesized clip is usable and return its duration in ms.

    A clip is usable when the file exists, decodes as PCM WAV, lasts at least 50 ms and is not
    all silence (16-bit clips: every sample under 16 in magnitude).

    Raises:
        EngineError: naming ``what`` (the cue), when the clip is missing, undecodable, empty or silent.
    """
    _require_audio(path, what)
    try:
        with wave.open(str(path), "rb") as wav:
            rate, frames, width = wav.getframerate(), wav.getnframes(), wav.getsampwidth()
            data = wav.readframes(frames)
    except (wave.Error, EOFError, OSError) as exc:
        raise EngineError(f"the speech engine produced an unreadable clip for {what}: {exc}") from None
    import numpy as np  # imported here: the no-change rebuild reads this module's engine list, not clips

    samples = np.frombuffer(data[: len(data) - len(data) % 2], "<i2") if width == 2 else None
    return check_clip_samples(samples, rate, what, frames)


def read_checked_clip(path: Path, what: str) -> tuple[np.ndarray, int]:
    """A synthesized 16-bit clip (WAV) read once and checked usable, as :func:`clip_duration_ms` checks it:
    its mono int16 samples and sample rate.

    Raises:
        EngineError: naming ``what``, when the clip is missing, unreadable (not 16-bit audio), empty or silent.
    """
    from narrate.speech.join import read_wav

    _require_audio(path, what)
    try:
        samples, rate = read_wav(path)
    except (OSError, ValueError, RuntimeError) as exc:  # soundfile's errors are RuntimeErrors
        raise EngineError(f"the speech engine produced an unreadable clip for {what}: {exc}") from None
    check_clip_samples(samples, rate, what)
    return samples, rate


def _require_audio(path: Path, what: str) -> None:
    if not path.is_file() or path.stat().st_size == 0:
        raise EngineError(f"the speech engine produced no audio for {what}")


def check_clip_samples(samples: np.ndarray | None, rate: int, what: str, frames: int | None = None) -> int:
    """The duration (ms) of a clip of ``frames`` frames (default: ``len(samples)``) at ``rate`` Hz,
    once checked: at least 50 ms long, and (when 16-bit ``samples`` are given) not all silence.

    Raises:
        EngineError: naming ``what``, when the clip is empty or silent.
    """
    frames = len(samples) if frames is None and samples is not None else frames or 0
    duration_ms = frames * 1000 // rate if rate else 0
    if duration_ms < 50:
        raise EngineError(f"the speech engine produced an empty clip ({duration_ms} ms) for {what}")
    if samples is not None and len(samples) and max(int(samples.max()), -int(samples.min())) < 16:
        raise EngineError(f"the speech engine produced a silent clip for {what}")
    return duration_ms


def list_voices(engine_name: str | None = None, language: str | None = None) -> list[str]:
    """One line per voice, ``<engine>\\t<voice id>\\t<name>\\t<languages>\\t<licence>``, for ``narrate voices``.

    Engines that are not installed are listed as unavailable with their install hint. With
    ``language``, only the voices of installed engines that speak it (a tag of the voice has the
    same primary subtag: ``pt`` matches ``pt-br``), none unavailable.

    Raises:
        EngineError: ``engine_name`` is not a known engine, or is not installed.
    """
    names = [engine_name] if engine_name else engine_names()
    lines = []
    for name in names:
        try:
            voices = engine_voices(name)
        except EngineError as exc:
            if engine_name:
                raise
            if not language:
                lines.append(f"{name}\t(unavailable: {exc.problem})")
            continue
        if language:
            voices = [voice for voice in voices if speaks(voice, language)]
        lines.extend(voice_line(name, voice) for voice in voices)
    return lines


def voice_line(engine_name: str, voice: Voice) -> str:
    """``<engine>\\t<voice id>\\t<name>\\t<languages>\\t<licence>``: one line of ``narrate voices``."""
    return f"{engine_name}\t{voice.id}\t{voice.name}\t{','.join(voice.languages)}\t{voice.licence}"


def speaks(voice: Voice, language: str) -> bool:
    """Whether ``voice`` speaks ``language``: one of its tags has the same primary subtag (``pt``, ``pt-br``)."""
    wanted = language.lower().replace("_", "-").split("-")[0]
    return any(tag.lower().replace("_", "-").split("-")[0] == wanted for tag in voice.languages)


def engine_voices(name: str) -> list[Voice]:
    """:meth:`Engine.voices` of engine ``name``, checked.

    Raises:
        EngineError: the engine is unavailable, its ``voices()`` fails or gives something that is not
            a list of :class:`Voice`.
    """
    engine = get_engine(name)
    try:
        voices = list(engine.voices())
    except EngineError:
        raise
    except (Exception, SystemExit) as exc:  # a plug-in's bug
        raise EngineError(f"speech engine '{name}' failed to list its voices ({type(exc).__name__}: {exc})") from None
    wrong = [voice for voice in voices if not isinstance(voice, Voice)]
    if wrong:
        raise EngineError(f"speech engine '{name}' listed a voice that is not a Voice: {wrong[0]!r}")
    return voices
