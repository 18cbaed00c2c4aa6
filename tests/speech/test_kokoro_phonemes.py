"""The Kokoro engine's text side, without the model: voice blends, phoneme pieces, the English
phoneme set, the pinned data (espeak-ng's IPA is real: piper-tts's bundled espeak-ng)."""

from __future__ import annotations

import unicodedata

import pytest

pytest.importorskip("piper", reason="piper-tts is not installed (its espeak-ng reads text into IPA)")

from narrate.errors import EngineError  # noqa: E402
from narrate.speech.engines.kokoro_engine import (  # noqa: E402
    DEFAULT_VOICES,
    ESPEAK_VOICES,
    LANGUAGES,
    MAX_PHONEMES,
    parse_voice,
    phoneme_pieces,
)
from narrate.speech.engines.kokoro_voices import VOCAB, VOICE_SHA256  # noqa: E402
from narrate.speech.engines.phonemes import Clause, espeak_ipa  # noqa: E402


@pytest.mark.parametrize(
    ("voice", "expected"),
    [
        ("af_heart", [("af_heart", 1.0)]),
        ("af_heart*0.7+af_bella*0.3", [("af_heart", 0.7), ("af_bella", 0.3)]),
        ("af_heart + am_michael", [("af_heart", 1.0), ("am_michael", 1.0)]),
        ("ef_dora*2+em_alex*.5", [("ef_dora", 2.0), ("em_alex", 0.5)]),
        (" bf_emma * 1 ", [("bf_emma", 1.0)]),
    ],
)
def test_a_voice_or_blend_is_read_as_weighted_voices(voice, expected):
    assert parse_voice(voice) == expected


@pytest.mark.parametrize(
    ("voice", "problem"),
    [
        ("af_nobody", "unknown Kokoro voice 'af_nobody'"),
        ("af_heart*0+af_bella", "weight of af_heart .* must be more than 0"),
        ("af_heart*-1", "not a Kokoro voice or blend"),
        ("af_heart*x", "not a Kokoro voice or blend"),
        ("af_heart++af_bella", "not a Kokoro voice or blend"),
        ("", "not a Kokoro voice or blend"),
        ("voices/amy.onnx", "not a Kokoro voice or blend"),
    ],
)
def test_a_wrong_voice_or_blend_is_one_clear_error(voice, problem):
    with pytest.raises(EngineError, match=problem):
        parse_voice(voice)


def test_every_voice_has_a_language_and_every_default_is_a_voice():
    assert len(VOICE_SHA256) == 54
    assert {voice[0] for voice in VOICE_SHA256} == set(LANGUAGES)
    for tag, voice in DEFAULT_VOICES.items():
        assert voice in VOICE_SHA256, tag
        assert LANGUAGES[voice[0]].split("-")[0] == tag.split("-")[0], tag
        assert LANGUAGES[voice[0]] in ESPEAK_VOICES, tag


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        # US English: diphthongs as one letter, no length marks (the set the English voices learnt)
        ("Go home.", "en-us", "ɡˌO hˈOm."),
        ("I know.", "en-us", "I nˈO."),
        ("Teach the bird.", "en-us", "tˈiʧ ðə bˈɜɹd."),
        # British English keeps length marks; its "go" vowel is Q
        ("Go home.", "en-gb", "ɡˌQ hˈQm."),
        # other languages are spoken as espeak-ng reads them, decomposed (õ → o + U+0303, in the vocabulary)
        ("O pão está pronto.", "pt-br", "ʊ pˈɐ̃ʊ̃ estˌa pɾˈõntʊ."),
        ("Diez minutos, por favor.", "es", "djˈeθ minˈutos, poɾ faβˈoɾ."),
    ],
)
def test_phonemes_are_in_the_models_set(text, language, expected):
    pieces = phoneme_pieces(espeak_ipa(text, ESPEAK_VOICES[language]), language)
    assert pieces == [unicodedata.normalize("NFD", expected)]
    assert all(p in VOCAB for p in "".join(pieces))


def test_long_text_is_spoken_in_pieces_cut_at_sentences_then_clauses_then_words():
    sentence = "The dough rests in a warm place until it has doubled in size"
    long_clause = " ".join([sentence] * 8)  # one clause of about 500 phonemes
    text = f"{sentence}. {sentence}, {sentence}. {long_clause}. Done."
    pieces = phoneme_pieces(espeak_ipa(text, "en-us"), "en-us")
    assert all(0 < len(piece) <= MAX_PHONEMES for piece in pieces)
    # the two short sentences in one piece; the long clause cut between words; "Done." joined to its end
    assert [piece[-1] for piece in pieces][::2] == [".", "."] and pieces[1][-1] not in ",."
    assert pieces[0].count(".") == 2 and pieces[0].count(",") == 1
    assert pieces[-1].endswith("sˈIz. dˈʌn.")
    # nothing is lost or reordered: the pieces joined are every word's phonemes in order
    words = [w for c in espeak_ipa(text, "en-us") for w in c.phonemes.split()]
    assert len(" ".join(pieces).split()) == len(words)


@pytest.mark.parametrize(
    ("clauses", "expected"),
    [
        ([], []),
        ([Clause("", ".", True)], []),  # nothing to say
        ([Clause("(en)hˈɛloʊ", "", True)], ["hˈɛlO"]),  # espeak-ng's language marks are not phonemes
        ([Clause("ə", ",", False), Clause("b", "?", True)], ["ə, b?"]),
    ],
)
def test_pieces_of_odd_clauses(clauses, expected):
    cleaned = [Clause(c.phonemes.replace("(en)", ""), c.terminator, c.sentence_end) for c in clauses]
    assert phoneme_pieces(cleaned, "en-us") == expected
