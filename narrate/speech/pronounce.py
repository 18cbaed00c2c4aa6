"""Pronunciations in IPA: lexicon entries such as ``ciabatta: /tʃəˈbɑːtə/`` spoken as phonemes.

The text stage leaves a word with an IPA entry as written (transcripts show it); before an
utterance reaches an engine that takes phonemes, :func:`with_phonemes` puts each such word's IPA in
its place as a ``[[...]]`` block, in the engine's alphabet (its ``phoneme_input``):

* ``"ipa"`` (Piper, Kokoro): the IPA itself with stress marks placed as espeak-ng places them, on
  which both were trained (:func:`espeak_stress`), Unicode-decomposed (NFD), as Piper's raw-phoneme
  blocks take it;
* ``"espeak"`` (espeak-ng through pyttsx3): espeak-ng's own phoneme mnemonics
  (:func:`ipa_to_espeak`; espeak-ng reads ``[[tS@'bA:t@]]`` as phonemes when asked to).

Engines without phoneme input say the word as written. Word timings the engine reports for the
engine text are mapped back to the utterance's text (:class:`Phonemised`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from narrate.setting_kinds import ipa_of, ipa_problem
from narrate.text.lexicon import pronunciations

__all__ = ["Phonemised", "ipa_of", "ipa_problem", "ipa_to_espeak", "pronunciations", "with_phonemes"]

# -- IPA to espeak-ng's phoneme mnemonics ----------------------------------------------------------

_ESPEAK: dict[str, str] = {
    # affricates and diphthongs (matched before their parts)
    "tʃ": "tS",
    "t͡ʃ": "tS",
    "ʧ": "tS",
    "dʒ": "dZ",
    "d͡ʒ": "dZ",
    "ʤ": "dZ",
    "ts": "ts",
    "dz": "dz",
    "eɪ": "eI",
    "aɪ": "aI",
    "aʊ": "aU",
    "oʊ": "oU",
    "əʊ": "oU",
    "ɔɪ": "OI",
    "ɪə": "i@",
    "eə": "e@",
    "ɛə": "e@",
    "ʊə": "U@",
    "ɜː": "3:",
    "ɜ": "3",
    "n̩": "n-",
    "m̩": "m-",
    "l̩": "@L",
    "ɝ": "3:",
    "ɚ": "3",
    "ɑː": "A:",
    "ɔː": "O:",
    "iː": "i:",
    "uː": "u:",
    "ɒ": "0",
    # vowels
    "ə": "@",
    "æ": "a",
    "ɑ": "A",
    "ɔ": "O",
    "ʊ": "U",
    "ʌ": "V",
    "ɪ": "I",
    "ɛ": "E",
    "ɐ": "a#",
    "ᵻ": "I#",
    "ɨ": "i#",
    "ɘ": "@",
    "ɵ": "@",
    "ø": "Y",
    "œ": "W",
    "ɯ": "u-",
    "ɤ": "o-",
    "a": "a",
    "e": "e",
    "i": "i",
    "o": "o",
    "u": "u",
    "y": "y",
    # consonants
    "ɡ": "g",
    "θ": "T",
    "ð": "D",
    "ʃ": "S",
    "ʒ": "Z",
    "ŋ": "N",
    "ɹ": "r",
    "ɾ": "*",
    "ʔ": "?",
    "ç": "C",
    "ɲ": "n^",
    "ʎ": "l^",
    "β": "B",
    "ɣ": "Q",
    "ʁ": "R",
    "χ": "X",
    "ɟ": "J",
    "ʝ": "J^",
    "ɬ": "l#",
    "ɫ": "l",
    "ʍ": "w",
    "ɥ": "j",
    "ʋ": "v",
    # marks
    "ˈ": "'",
    "ˌ": ",",
    "ː": ":",
    "\u0303": "~",  # nasal (combining tilde)
    " ": " ",
}
_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "en": {"ɹ": "r-"},
    "en-us": {"ɹ": "r-", "ɾ": "t#"},
    "es": {"r": "R2"},
    "it": {"r": "R"},
    "fr": {"ʁ": "r"},
    "pt": {"ɐ̃ʊ̃": "&U~", "ɐ̃": "&~", "ɐ": "&", "æ": "&"},
}
"""Where a language's espeak-ng voice writes a sound with another mnemonic (its own phoneme table):
by BCP 47 tag, else primary subtag."""
_SILENT = frozenset(".‿͜͡\u0329\u032f\u0361ʰʲʷ-")
"""Marks espeak-ng's mnemonics do without (syllable dots, ties, syllabic and non-syllabic marks,
aspiration, palatalisation): dropped."""
_ASCII = frozenset("bcdfhjklmnpqrstvwxz")


@lru_cache(maxsize=16)
def _table(language: str) -> tuple[dict[str, str], int]:
    """The mnemonics for a voice of ``language`` (NFD keys) and the longest key's length."""
    tag = language.lower()
    own = _BY_LANGUAGE.get(tag) or _BY_LANGUAGE.get(tag.split("-")[0], {})
    table = {unicodedata.normalize("NFD", k): v for k, v in {**_ESPEAK, **own}.items()}
    return table, max(len(k) for k in table)


def ipa_to_espeak(ipa: str, language: str = "en") -> str:
    """IPA in espeak-ng's phoneme mnemonics for a voice of ``language`` (its Kirshenbaum-like
    encoding, as ``espeak-ng -x`` prints them): ``tʃəˈbɑːtə`` → ``tS@'bA:t@``. Longest IPA sequences
    first; marks espeak-ng does not write are dropped; a character with no mnemonic is left out."""
    table, longest = _table(language)
    text = unicodedata.normalize("NFD", ipa)
    out: list[str] = []
    at = 0
    while at < len(text):
        for size in range(longest, 0, -1):
            piece = text[at : at + size]
            if piece in table:
                out.append(table[piece])
                at += size
                break
        else:
            char = text[at]
            if char not in _SILENT:
                out.append(char if char in _ASCII else "")
            at += 1
    return "".join(out)


_VOWELS = "aeiouyæɐɑɒɔəɘɵɛɜɞɪʊʌʏøœɶɤɯɨʉᵻɚɝ"
_STRESS_BEFORE_ONSET = re.compile(f"([ˈˌ])([^{_VOWELS}ˈˌ\\s]+)(?=[{_VOWELS}])")


def espeak_stress(ipa: str) -> str:
    """IPA with each stress mark moved from the start of its syllable to just before the syllable's
    vowel, where espeak-ng writes it and the Piper and Kokoro voices learnt it: ``ˈlɛmən`` →
    ``lˈɛmən``, ``tʃəˈbɑːtə`` → ``tʃəbˈɑːtə``."""
    return _STRESS_BEFORE_ONSET.sub(lambda m: m.group(2) + m.group(1), ipa)


# -- putting the phonemes in the engine's text -----------------------------------------------------


@dataclass(frozen=True)
class Phonemised:
    """An utterance's text as an engine receives it: ``text`` with ``[[...]]`` blocks, and ``blocks``,
    ``(start, end, original start)`` of each block in :attr:`text` and of its word in the utterance's
    text, in order, to map the engine's word offsets back (:meth:`original_offset`)."""

    text: str
    blocks: tuple[tuple[int, int, int], ...] = ()

    def original_offset(self, offset: int) -> int:
        """The offset in the utterance's text of ``offset`` in :attr:`text` (inside a block: its word's start)."""
        shift = 0
        for (start, end, original), word in zip(self.blocks, self.words):
            if offset < start:
                break
            if offset < end:
                return original
            shift = end - (original + word)
        return offset - shift

    words: tuple[int, ...] = ()
    """The length of each block's word in the utterance's text."""


_NOT_PHONEMES = dict.fromkeys(map(ord, ".‿-\u0361\u035c"))
"""Syllable dots, links, hyphens and tie bars: marks of a transcription that Piper and Kokoro would
read as punctuation (a dot is a full stop to them) or not at all; left out of their blocks."""


def _engine_ipa(ipa: str) -> str:
    """IPA as Piper and Kokoro take it: stress before the vowel, decomposed, without syllable marks."""
    return unicodedata.normalize("NFD", espeak_stress(ipa)).translate(_NOT_PHONEMES)


def with_phonemes(text: str, entries: Mapping[str, str], alphabet: str | None, language: str = "en") -> Phonemised:
    """``text`` with each whole word that ``entries`` (word → IPA) names replaced by its phonemes in
    ``alphabet`` (``"ipa"`` or ``"espeak"`` for a voice of ``language``; None: the text unchanged).
    Words match case-insensitively (the entry ``ciabatta`` also matches ``Ciabatta``), an entry of the
    word's exact case first (``Bread`` and ``bread`` may differ); longer entries first. Any ``[[`` or
    ``]]`` already in the text is spaced apart so that only these blocks are read as phonemes.

    Raises:
        ValueError: an unknown alphabet.
    """
    if alphabet is None or not entries:
        return Phonemised(text)
    if alphabet not in ("ipa", "espeak"):
        raise ValueError(f"unknown phoneme alphabet {alphabet!r}")
    text = text.replace("[[", "[ [").replace("]]", "] ]")
    by_word = {word.casefold(): ipa for word, ipa in entries.items() if word.strip()}
    if not by_word:
        return Phonemised(text)
    pattern = re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(w) for w in sorted(by_word, key=lambda w: (-len(w), w))) + r")(?!\w)",
        re.IGNORECASE,
    )
    out: list[str] = []
    blocks: list[tuple[int, int, int]] = []
    words: list[int] = []
    last = 0
    length = 0
    for match in pattern.finditer(text):
        ipa = entries.get(match.group(0)) or by_word[match.group(0).casefold()]  # the exact case first
        phonemes = _engine_ipa(ipa) if alphabet == "ipa" else ipa_to_espeak(ipa, language)
        block = f"[[{phonemes}]]"
        out.append(text[last : match.start()])
        length += match.start() - last
        blocks.append((length, length + len(block), match.start()))
        words.append(len(match.group(0)))
        out.append(block)
        length += len(block)
        last = match.end()
    out.append(text[last:])
    return Phonemised("".join(out), tuple(blocks), tuple(words))
