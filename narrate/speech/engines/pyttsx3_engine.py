"""The pyttsx3 engine, which speaks with espeak-ng on Linux (SAPI5 on Windows, NSSpeech on macOS): every
language espeak-ng has, and the automatic choice for any language no neural engine speaks.

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
whose espeak-ng has loaded voices but never spoken: a small *zygote* process (:mod:`.espeak_zygote`,
the standard library and the espeak-ng binding only, so forking it is cheap) started once per
process that speaks (:meth:`_SyncEspeak.spoken`). Every clip is a function of its text, voice and
rate alone, whatever the jobs, order or cache; the cost is in ``scripts/bench_determinism.py``.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import platform
import shutil
import signal
import subprocess
import sys
from importlib.metadata import version as package_version
from pathlib import Path

from narrate.errors import EngineError
from narrate.speech.engines import EngineBase, Spoken, Voice, WordTimes
from narrate.speech.engines.builtin import pyttsx3_stamp
from narrate.speech.engines.espeak_zygote import read_frame, write_frame

_INSTALL = "install espeak-ng (Debian/Ubuntu: sudo apt-get install espeak-ng)"


class Pyttsx3Engine(EngineBase):
    """pyttsx3's speech, one utterance per call (see module docstring for the Linux path).

    Every voice has the engine's version (:meth:`EngineBase.voice_version`); a voice is one of
    :meth:`voices` (:meth:`EngineBase.accepts_voice`).
    """

    name = "pyttsx3"

    @classmethod
    def stamp(cls, voice: str | None) -> str | None:
        """See :func:`narrate.speech.engines.builtin.pyttsx3_stamp`."""
        return pyttsx3_stamp(voice)

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
    from narrate.text.languages import LANGUAGES  # here: a worker that only speaks needs no language rules

    common = tuple(LANGUAGES)
    best: dict[str, Voice] = {}
    for v in voices:
        base = v.languages[0].split("-")[0] if v.languages else ""
        if base in common and (base not in best or v.id.rsplit("/", 1)[-1] == base):
            best[base] = v
    shown = [f"{base} ({best[base].id})" for base in common if base in best]
    return ", ".join(shown) + f" and {len(voices) - len(shown)} more"


_shared: _SyncEspeak | None = None
_ZYGOTE = Path(__file__).with_name("espeak_zygote.py")


def _sync_espeak() -> _SyncEspeak:
    """The process's one espeak-ng driver (espeak-ng's state is process-wide); its zygote is stopped
    when this process exits."""
    global _shared
    if _shared is None:
        _shared = _SyncEspeak()
        atexit.register(_shared.stop)
    return _shared


class _SyncEspeak:
    """espeak-ng through pyttsx3's binding (synchronous mode): voices listed here; every utterance
    spoken by the zygote (:mod:`.espeak_zygote`), in a child forked from a state that never spoke."""

    def __init__(self) -> None:
        from pyttsx3.drivers import _espeak  # loads libespeak-ng; RuntimeError when it is missing

        self._espeak = _espeak
        self.sample_rate = _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, 0)
        if self.sample_rate <= 0:
            raise EngineError(f"espeak-ng could not start; {_INSTALL}")
        self._zygote: subprocess.Popen | None = None

    def voices(self) -> list[Voice]:
        voices = []
        for v in self._espeak.ListVoices(None):
            languages = (v.languages[1:].decode("utf-8", errors="ignore").lower(),) if v.languages else ()
            voice_id = v.identifier.decode("utf-8").lower()
            voices.append(Voice(voice_id, v.name.decode("utf-8") or voice_id, languages, "GPL-3.0-or-later"))
        return voices

    def speak(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes:
        """Write the WAV; returns espeak-ng's word events as (character offset, ms) in order."""
        spoken = self.spoken(text, voice, rate_wpm)
        spoken.write_wav(out_path)
        return spoken.words or []

    def spoken(self, text: str, voice: str | None, rate_wpm: int) -> Spoken:
        """Speak ``text``: its samples and espeak-ng's word events as (character offset, ms) in order,
        from espeak-ng's state as initialised (module docstring), by the zygote process.

        A Ctrl-C or the utterance timer while it speaks raises here; the zygote is then stopped (and
        started again for the next utterance).

        Raises:
            EngineError: unknown voice, espeak-ng failed, or the zygote stopped.
        """
        zygote = self._started()
        try:
            write_frame(zygote.stdin, (voice, text, int(rate_wpm)))  # type: ignore[arg-type]
            reply = read_frame(zygote.stdout)  # type: ignore[arg-type]
        except BaseException as exc:
            self.stop()
            if isinstance(exc, OSError):
                raise EngineError(f"espeak-ng's process stopped ({exc})") from None
            raise
        if not isinstance(reply, tuple) or not reply:
            self.stop()
            raise EngineError("espeak-ng's process stopped while speaking")
        if reply[0] == "error":
            raise EngineError(str(reply[1]))
        _, status, pcm, sample_rate, events = reply
        if status not in (None, self._espeak.EE_OK):
            raise EngineError(f"espeak-ng failed to speak (status {status})")
        return Spoken(pcm, sample_rate, _word_starts(text, events))

    def _started(self) -> subprocess.Popen:
        """The zygote, started on first use (or again after it stopped)."""
        if self._zygote is not None and self._zygote.poll() is None:
            return self._zygote
        zygote = subprocess.Popen(
            [sys.executable, "-I", str(_ZYGOTE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )  # what goes wrong there comes back as a reply
        ready = read_frame(zygote.stdout)  # type: ignore[arg-type]
        if not isinstance(ready, tuple) or ready[0] != "ready":
            zygote.kill()
            zygote.wait()
            raise EngineError(f"{ready[1] if isinstance(ready, tuple) else 'espeak-ng could not start'}; {_INSTALL}")
        self._zygote = zygote
        return zygote

    def stop(self) -> None:
        """Stop the zygote (SIGKILL if it does not end at once) and reap it; signals are held meanwhile."""
        zygote, self._zygote = self._zygote, None
        if zygote is None:
            return
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGALRM})
        try:  # reaped even if the signal comes again meanwhile (it is handled after)
            zygote.kill()
            zygote.wait()
            for stream in (zygote.stdin, zygote.stdout):
                if stream is not None:
                    stream.close()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


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
