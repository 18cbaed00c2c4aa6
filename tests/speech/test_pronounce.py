"""Pronunciations in IPA: lexicon entries, the engine's text with [[...]] blocks, IPA to espeak-ng's
mnemonics (checked against the real espeak-ng), and word offsets mapped back."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata

import pytest

from narrate.setting_kinds import ipa_of, ipa_problem
from narrate.speech.pronounce import Phonemised, ipa_to_espeak, pronunciations, with_phonemes
from narrate.text.lexicon import apply_lexicon
from narrate.text.normalize import spoken


@pytest.mark.parametrize(
    ("value", "ipa"),
    [
        ("/tʃəˈbɑːtə/", "tʃəˈbɑːtə"),
        (" /ˈpæstə/ ", "ˈpæstə"),
        ("/ɲoˈki/", "ɲoˈki"),
        ("mixture of experts", None),
        ("K three", None),
        ("/usr/bin", None),  # a path is a respelling, not IPA
        ("a/b/c", None),
    ],
)
def test_a_value_in_slashes_is_ipa(value, ipa):
    assert ipa_of(value) == ipa


@pytest.mark.parametrize(
    ("ipa", "problem"),
    [
        ("tʃəˈbɑːtə", None),
        ("ˈhɛl.oʊ ˈwɜːld", None),  # syllable dots and a space between words
        ("bɔ̃ʒuʁ", None),  # combining tilde
        ("t͡ʃiːz", None),  # a tie bar
        ("", "needs phonemes"),
        ("hello$", "not IPA: '\\$'"),
        ("café!", "not IPA: '!'"),
        ("ABC", "not IPA: 'A'"),
        ("ʘʘ", "no sound an engine can say"),  # clicks alone: espeak-ng gets [[]], Kokoro nothing
        ("-", "no sound an engine can say"),
        ("ˈ.ː", "no sound an engine can say"),
        ("tʃə" * 70, "of 210 characters \\(at most 200\\)"),
    ],
)
def test_what_an_ipa_pronunciation_may_hold(ipa, problem):
    found = ipa_problem(ipa)
    if problem is None:
        assert found is None
    else:
        assert found is not None
        assert re.search(problem, found)


def test_the_text_stage_leaves_ipa_words_as_written_and_applies_respellings():
    lexicon = {"ciabatta": "/tʃəˈbɑːtə/", "MoE": "mixture of experts", "blorp": "/blɔːp/"}
    assert apply_lexicon("Ciabatta and MoE.", lexicon) == "Ciabatta and mixture of experts."
    assert spoken("I baked ciabatta; blorp!", lexicon) == "I baked ciabatta; blorp!"
    assert pronunciations(lexicon) == {"ciabatta": "tʃəˈbɑːtə", "blorp": "blɔːp"}


ENTRIES = {"ciabatta": "tʃəˈbɑːtə", "focaccia": "fəˈkætʃə", "pain de mie": "pɛ̃ də mi", "Poilâne": "pwa.ˈlan"}


@pytest.mark.parametrize(
    ("text", "alphabet", "expected"),
    [
        ("I like ciabatta.", "ipa", "I like [[tʃəbˈɑːtə]]."),  # stress before the vowel, as espeak-ng puts it
        ("Ciabatta, then focaccia!", "ipa", "[[tʃəbˈɑːtə]], then [[fəkˈætʃə]]!"),
        ("Ciabatta, then focaccia!", "espeak", "[[tS@'bA:t@]], then [[f@'katS@]]!"),
        ("A pain de mie loaf.", "ipa", unicodedata.normalize("NFD", "A [[pɛ̃ də mi]] loaf.")),
        ("ciabattas and preciabatta", "ipa", "ciabattas and preciabatta"),  # whole words only
        ("I like ciabatta.", None, "I like ciabatta."),  # an engine without phoneme input
        ("Chez Poilâne.", "ipa", "Chez [[pwalˈan]]."),  # a syllable dot is not a full stop to Piper or Kokoro
        ("Chez Poilâne.", "espeak", "Chez [[pwa'lan]]."),
        ("Read a[[0]] first; ciabatta", "ipa", "Read a[ [0] ] first; [[tʃəbˈɑːtə]]"),  # only our blocks
    ],
)
def test_words_with_ipa_reach_the_engine_as_phoneme_blocks(text, alphabet, expected):
    assert with_phonemes(text, ENTRIES, alphabet).text == expected


@pytest.mark.parametrize(
    ("ipa", "expected"),
    [
        ("ˈlɛmən", "lˈɛmən"),
        ("tʃəˈbɑːtə", "tʃəbˈɑːtə"),
        ("ˈstɹɛŋkθ", "stɹˈɛŋkθ"),
        ("ˌoʊkˈeɪ", "ˌoʊkˈeɪ"),  # already before the vowel
        ("ˈaɪ", "ˈaɪ"),
        ("pɛ̃ də mi", "pɛ̃ də mi"),
    ],
)
def test_stress_marks_move_to_the_vowel_as_espeak_writes_them(ipa, expected):
    from narrate.speech.pronounce import espeak_stress

    assert espeak_stress(ipa) == expected


def test_an_entry_of_the_exact_case_wins_over_another_case():
    entries = {"Bread": "brɛd", "bread": "bɹiːd"}
    assert with_phonemes("Bread and bread, BREAD.", entries, "ipa").text == "[[brɛd]] and [[bɹiːd]], [[bɹiːd]]."
    assert with_phonemes("Bread and bread, BREAD.", entries, "espeak").text == "[[brEd]] and [[br-i:d]], [[br-i:d]]."


def test_word_offsets_in_the_engine_text_map_back_to_the_utterance():
    text = "I like ciabatta and focaccia, really."
    engine = with_phonemes(text, ENTRIES, "espeak")
    assert engine.text == "I like [[tS@'bA:t@]] and [[f@'katS@]], really."
    for word in ("I", "like", "and", "really"):
        assert engine.original_offset(engine.text.index(word)) == text.index(word)
    for block, word in (("[[tS", "ciabatta"), ("[[f@", "focaccia")):
        at = engine.text.index(block)
        for inside in range(at, engine.text.index("]]", at) + 2):  # espeak-ng may report any offset in it
            assert engine.original_offset(inside) == text.index(word)
    assert Phonemised("plain").original_offset(3) == 3


@pytest.mark.parametrize(
    ("ipa", "language", "mnemonics"),
    [
        ("tʃəˈbɑːtə", "en-us", "tS@'bA:t@"),
        ("ˈdʒʌdʒ", "en", "'dZVdZ"),
        ("θɪŋk ðɛn", "en", "TINk DEn"),
        ("ˈpero", "es", "'peR2o"),
        ("bɔ̃ʒuʁ", "fr", "bO~Zur"),
        ("pˈɐ̃ʊ̃", "pt-br", "p'&U~"),
        ("ˈɪç", "de", "'IC"),
    ],
)
def test_ipa_in_espeak_mnemonics(ipa, language, mnemonics):
    assert ipa_to_espeak(ipa, language) == mnemonics


# Words of our own, each read by espeak-ng into IPA, turned into mnemonics and read back: the same IPA
# (espeak-ng is the judge of its own mnemonics, for each language's voice).
ROUND_TRIP = {
    "en-us": "ciabatta church judge measure singer thin this azure butter water bird hurt care near poor boy "
    "house go day my cat cot caught put boot cup bit beat bet bat father nation vision dough gluten "
    "oven knead loaf rye rhythm choir quinoa espresso baguette schedule mountain button bottle fire "
    "hour genre beige garage colonel niche",
    "en": "thought water car poor go boat bird near care tomato schedule yoghurt leisure privacy",
    "es": "masa harina levadura perro año calle guitarra cigüeña jamón hoja zapato jirafa cerveza llave yema",
    "fr": "pain boulangerie croissant levure farine bonjour brun grenouille heureux soeur champignon fille nuit",
    "de": "Brot Mehl Hefe Teig Bäcker Kuchen schön über ich Bach Straße Zucker Pfanne Milch Nacht",
    "it": "pane farina lievito gnocchi figlio cena zucchero ghiaccio sciopero aglio",
    "pt-br": "pão farinha fermento coração leite queijo manteiga açúcar limão irmã",
}


def _ipa(text: str, voice: str) -> str:
    run = subprocess.run(["espeak-ng", "-q", "--ipa", "-v", voice, text], capture_output=True, text=True, check=True)
    return unicodedata.normalize("NFD", run.stdout.strip())


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("language", sorted(ROUND_TRIP))
def test_espeak_reads_our_mnemonics_back_as_the_same_ipa(language):
    wrong = []
    for word in ROUND_TRIP[language].split():
        ipa = _ipa(word, language)
        mnemonics = ipa_to_espeak(ipa, language)
        back = _ipa(f"[[{mnemonics}]]", language)
        if back != ipa:
            wrong.append(f"{word}: {ipa} → {mnemonics} → {back}")
    assert wrong == []


# -- by ear: an IPA entry changes what each engine says, as an offline recogniser hears it ------------


@pytest.fixture(scope="module")
def recogniser():
    pytest.importorskip("faster_whisper", reason="the listen extra is not installed")
    from narrate.proof.listen import prepare

    return prepare()


def _course(tmp_path, lexicon: str):
    (tmp_path / "lessons").mkdir(parents=True, exist_ok=True)
    (tmp_path / "lessons" / "01-soup.md").write_text("# Soup\n\n## Soup\n\nSoup.\n", encoding="utf-8")
    (tmp_path / "course.yaml").write_text(f"title: Soup\nauthor: A\nlanguage: en\n{lexicon}", encoding="utf-8")
    return tmp_path


@pytest.mark.e2e
@pytest.mark.parametrize("engine", ["pyttsx3", "piper", "kokoro"])
def test_an_ipa_entry_changes_what_each_engine_says(engine, tmp_path, recogniser):
    import narrate
    from narrate.speech.engines import engine_stamp
    from narrate.speech.join import _resample, read_wav

    if engine_stamp(engine, None) is None:
        pytest.skip(f"{engine} is not installed")

    def heard(lexicon: str, name: str) -> str:
        course = _course(tmp_path / name, lexicon)
        wav = tmp_path / f"{name}.wav"
        said = narrate.say("I like tomato soup.", narrate.BuildOptions(engine=engine), content=course, out=wav)
        samples, rate = read_wav(wav)
        audio = _resample(samples, rate, 16_000).astype("float32") / 32768
        return said.spoken, recogniser.hear(audio, "en").lower()

    plain, plain_heard = heard("", "plain")
    assert plain == "I like tomato soup." and "tomato" in plain_heard
    # the lexicon says "tomato" as "pumpkin", in IPA; a PLS file does the same
    said, by_ipa = heard("lexicon:\n  tomato: /ˈpʌmpkɪn/\n", "ipa")
    assert "[[" in said and "pumpkin" in by_ipa and "tomato" not in by_ipa
    pls = (
        '<?xml version="1.0"?>\n<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" '
        'alphabet="ipa" xml:lang="en-US"><lexeme><grapheme>tomato</grapheme><phoneme>ˈpʌmpkɪn</phoneme>'
        "</lexeme></lexicon>\n"
    )
    (tmp_path / "pls").mkdir(exist_ok=True)
    (tmp_path / "pls" / "names.pls").write_text(pls, encoding="utf-8")
    said, by_pls = heard("lexicon_file: names.pls\n", "pls")
    assert "pumpkin" in by_pls and "tomato" not in by_pls
