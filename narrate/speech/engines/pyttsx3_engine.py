"""The default engine: pyttsx3, which speaks with espeak-ng on Linux (SAPI5 on Windows, NSSpeech on macOS).

On Linux the engine drives espeak-ng through pyttsx3's own ctypes binding
(``pyttsx3.drivers._espeak``) in espeak's *synchronous* output mode: ``espeak_Synth`` returns only
when every sample has been handed to our callback, in this thread. pyttsx3's stock espeak driver
uses the asynchronous (retrieval) mode and writes the WAV from espeak's thread; with pyttsx3 2.99
that produced an empty clip about once in 300 utterances and could return before the file was
written, and it sleeps 10 ms per utterance. Voice ids are the same as pyttsx3's
(``gmw/en-us`` ...). Elsewhere the stock ``pyttsx3.init()`` engine is used with ``save_to_file``.

**Every clip from the same state.** espeak-ng's wave generator keeps state in C statics that no API
resets (the pitch flutter's phase, the gain control, the cycle counters in ``wavegen.c``), and
``espeak_Terminate`` followed by ``espeak_Initialize`` hangs; so the same text spoken after another
utterance came out different (up to ~770 samples longer or shorter), and a build's clips depended on
which utterances each worker had spoken before, and in which order: two cold builds with two jobs
differed in most clips. On Linux each utterance is therefore spoken in a child forked from a process
whose espeak-ng has loaded voices but never spoken (:meth:`_SyncEspeak.spoken`): every clip is a
function of its text, voice and rate alone, whatever the jobs, order or cache. The fork costs ~20 ms
per utterance (``scripts/bench_determinism.py``).
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
import pickle
import platform
import shutil
import signal
import subprocess
from importlib.metadata import version as package_version
from pathlib import Path

from narrate.errors import EngineError
from narrate.speech.engines import Spoken, Voice, WordTimes
from narrate.speech.signals import signals_held
from narrate.text.languages import LANGUAGES

_INSTALL = "install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng)"


class Pyttsx3Engine:
    """pyttsx3's speech, one utterance per call (see module docstring for the Linux path)."""

    name = "pyttsx3"

    def __init__(self) -> None:
        try:
            self._driver = _sync_espeak() if platform.system() == "Linux" else _StockPyttsx3()
        except EngineError:
            raise
        except Exception as exc:  # pyttsx3 raises OSError/RuntimeError when espeak-ng is missing
            raise EngineError(f"cannot start pyttsx3 ({exc}); {_INSTALL}") from None
        self._voices = self._driver.voices()
        self._ids = {v.id for v in self._voices}

    def version(self) -> str:
        espeak = ""
        if shutil.which("espeak-ng"):
            out = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True)
            espeak = out.stdout.strip().split("Data at")[0].strip()
        # "word times": clips made since espeak-ng's word events are kept beside them (a new cache key,
        # so that a clip in the cache always has its word timings)
        # "fresh state": each clip is spoken from espeak-ng's state as initialised (a new cache key, so
        # that a cached clip is the one a cold build makes, whatever was spoken before it)
        words = "; word times; fresh state" if platform.system() == "Linux" else ""
        return f"pyttsx3 {package_version('pyttsx3')}; {platform.system()}; {espeak}{words}"

    def voices(self) -> list[Voice]:
        return list(self._voices)

    def default_voice(self, language: str) -> str | None:
        """The voice for a language tag: an exact match (``en-us``), else the language's own
        voice (``de``; ``fr`` → ``roa/fr``, ``en`` → ``gmw/en``), else its first regional voice.

        Raises:
            EngineError: no voice speaks the language (naming some that exist), when the voices
                carry language tags (espeak-ng's do).
        """
        wanted = language.lower().replace("_", "-")
        base = wanted.split("-")[0]
        matches = (
            lambda v: wanted in v.languages,
            lambda v: base in v.languages,
            lambda v: v.id.rsplit("/", 1)[-1] == base,  # espeak-ng's main voice: gmw/en, roa/fr
            lambda v: any(tag.split("-")[0] == base for tag in v.languages),
        )
        for match in matches:
            for voice in self._voices:
                if match(voice):
                    return voice.id
        if not any(v.languages for v in self._voices):
            return None  # a platform whose voices name no language: its default voice
        raise EngineError(
            f"pyttsx3 (espeak-ng) has no voice for language '{language}'; voices that would work: "
            f"{_some_voices(self._voices)} (see: narrate voices --engine pyttsx3), or set voice.narrator"
        )

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes | None:
        """Speak ``text`` into a 16-bit mono WAV; returns espeak-ng's word timings on Linux, else None.

        Raises:
            EngineError: unknown voice, or espeak-ng failed.
        """
        if voice is not None and voice not in self._ids:
            raise EngineError(f"unknown pyttsx3 voice '{voice}' (see: narrate voices)")
        return self._driver.speak(text, voice, rate_wpm, Path(out_path))

    def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken | None:
        """The clip as samples in memory (see ``narrate.speech.engines.Spoken``) on Linux, where
        espeak-ng hands them to this process; None elsewhere (use :meth:`synthesize`).

        Raises:
            EngineError: unknown voice, or espeak-ng failed.
        """
        if not isinstance(self._driver, _SyncEspeak):
            return None
        if voice is not None and voice not in self._ids:
            raise EngineError(f"unknown pyttsx3 voice '{voice}' (see: narrate voices)")
        return self._driver.spoken(text, voice, rate_wpm)


def _some_voices(voices: list[Voice]) -> str:
    """A short list of voices for an error message: ``en (gmw/en), de (gmw/de), ... and 120 more``."""
    common = tuple(LANGUAGES)
    best: dict[str, Voice] = {}
    for v in voices:
        base = v.languages[0].split("-")[0] if v.languages else ""
        if base in common and (base not in best or v.id.rsplit("/", 1)[-1] == base):
            best[base] = v
    shown = [f"{base} ({best[base].id})" for base in common if base in best]
    return ", ".join(shown) + f" and {len(voices) - len(shown)} more"


_shared: _SyncEspeak | None = None


def _sync_espeak() -> _SyncEspeak:
    """The process's one espeak-ng driver (espeak-ng's state and its callback are process-wide)."""
    global _shared
    if _shared is None:
        _shared = _SyncEspeak()
    return _shared


class _SyncEspeak:
    """espeak-ng in synchronous mode through pyttsx3's binding; writes 16-bit mono WAV files."""

    def __init__(self) -> None:
        from pyttsx3.drivers import _espeak  # loads libespeak-ng; RuntimeError when it is missing

        self._espeak = _espeak
        self.sample_rate = _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0)
        if self.sample_rate <= 0:
            raise EngineError(f"espeak-ng could not start; {_INSTALL}")
        self._chunks: list[bytes] = []
        self._words: WordTimes = []
        _espeak.SetSynthCallback(self._on_synth)
        self._voice: str | None = None

    def _on_synth(self, wav, numsamples, events) -> int:
        if numsamples > 0 and wav:
            self._chunks.append(ctypes.string_at(wav, numsamples * ctypes.sizeof(ctypes.c_short)))
        e = self._espeak
        i = 0
        while events and events[i].type != e.EVENT_LIST_TERMINATED:
            event = events[i]
            if event.type == e.EVENT_WORD and event.text_position > 0:
                # text_position: 1-based character index (CHARS_UTF8); sample: from this Synth call's start
                self._words.append((event.text_position - 1, event.sample * 1000 // self.sample_rate))
            i += 1
        return 0

    def voices(self) -> list[Voice]:
        voices = []
        for v in self._espeak.ListVoices(None):
            languages = (v.languages[1:].decode("utf-8", errors="ignore").lower(),) if v.languages else ()
            voice_id = v.identifier.decode("utf-8").lower()
            voices.append(Voice(voice_id, v.name.decode("utf-8") or voice_id, languages))
        return voices

    def speak(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes:
        """Write the WAV; returns espeak-ng's word events as (character offset, ms) in order."""
        spoken = self.spoken(text, voice, rate_wpm)
        spoken.write_wav(out_path)
        return spoken.words or []

    def spoken(self, text: str, voice: str | None, rate_wpm: int) -> Spoken:
        """Speak ``text``: its samples and espeak-ng's word events as (character offset, ms) in order.

        Spoken in a forked child (module docstring: every clip from the same state); this process's
        espeak-ng only ever loads voices (this driver is for Linux, where ``os.fork`` always exists).

        Raises:
            EngineError: unknown voice, espeak-ng failed, or the child died while speaking.
        """
        e = self._espeak
        if voice is not None and voice != self._voice:
            if e.SetVoiceByName(voice.encode("utf-8")) != e.EE_OK:
                raise EngineError(f"espeak-ng cannot load voice '{voice}'")
            self._voice = voice
        status, pcm, events = self._synth_forked(text, rate_wpm)
        if status not in (None, e.EE_OK):
            raise EngineError(f"espeak-ng failed to speak (status {status})")
        return Spoken(pcm, self.sample_rate, _word_starts(text, events))

    def _synth(self, text: str, rate_wpm: int) -> tuple[int | None, bytes, WordTimes]:
        e = self._espeak
        e.SetParameter(e.RATE, int(rate_wpm), 0)
        self._chunks, self._words = [], []
        with signals_held():
            status = e.Synth(text.encode("utf-8"), flags=e.ENDPAUSE | e.CHARS_UTF8)
            e.Synchronize()
        pcm, events, self._chunks, self._words = b"".join(self._chunks), sorted(set(self._words)), [], []
        return status, pcm, events

    def _synth_forked(self, text: str, rate_wpm: int) -> tuple[int | None, bytes, WordTimes]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: speak from the state as initialised, send it back, and leave at once
            code = 1
            try:
                os.close(read_end)
                signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends the child; the parent handles it
                with os.fdopen(write_end, "wb") as sink:
                    sink.write(pickle.dumps(self._synth(text, rate_wpm)))
                code = 0
            finally:
                os._exit(code)
        os.close(write_end)
        try:
            with os.fdopen(read_end, "rb") as source:
                payload = source.read()
        except BaseException:  # Ctrl-C or the utterance timer while the child speaks: it goes too
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGALRM})
            try:  # reaped even if the signal comes again meanwhile (it is handled after)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
            raise
        _, wait_status = os.waitpid(pid, 0)
        if not payload or os.waitstatus_to_exitcode(wait_status) != 0:
            raise EngineError(
                f"espeak-ng stopped while speaking (exit status {os.waitstatus_to_exitcode(wait_status)})"
            )
        status, pcm, events = pickle.loads(payload)
        return status, pcm, events


def _word_starts(text: str, events: WordTimes) -> WordTimes:
    """espeak-ng's word events, sorted by offset, cleaned: an event must point at a character of a word
    (after some utterances espeak-ng reports a stray event at a space, timed past the clip's end) and
    its time must not go back."""
    words: WordTimes = []
    for offset, ms in events:
        if offset < len(text) and not text[offset].isspace() and (not words or ms >= words[-1][1]):
            words.append((offset, ms))
    return words


class _StockPyttsx3:
    """pyttsx3.init() and save_to_file: macOS (NSSpeechSynthesizer) and Windows (SAPI5)."""

    def __init__(self) -> None:
        import pyttsx3

        with contextlib.redirect_stdout(io.StringIO()):
            self._engine = pyttsx3.init()

    def voices(self) -> list[Voice]:
        return [
            Voice(v.id, v.name or v.id, tuple(str(x).lower() for x in (v.languages or [])))
            for v in self._engine.getProperty("voices")
        ]

    def speak(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> None:
        """Write the clip with the platform's voice (no word timings)."""
        if voice is not None:
            self._engine.setProperty("voice", voice)
        self._engine.setProperty("rate", rate_wpm)
        with contextlib.redirect_stdout(io.StringIO()):
            self._engine.save_to_file(text, str(out_path))
            self._engine.runAndWait()
