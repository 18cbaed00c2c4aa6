"""Phonemes for the engines that speak them: IPA from espeak-ng, and word times from timed phonemes.

:func:`espeak_ipa` turns text into IPA clause by clause with the espeak-ng that piper-tts bundles
(``piper.espeakbridge``, its own espeak-ng data; nothing is read from the system), keeping each
clause's punctuation, as the Piper and Kokoro models were trained on. :func:`word_starts` finds
where the words of the text start from phonemes with their start times (Piper's alignments,
Kokoro's durations). :func:`text_clauses` does the same for a text holding ``[[IPA]]`` blocks.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from narrate.speech.engines import WordTimes


@dataclass(frozen=True)
class Clause:
    """One clause as espeak-ng reads it: its IPA ``phonemes`` (words separated by spaces, stress
    marks ˈ ˌ included), the punctuation that ends it (``""`` when none) and whether a sentence ends
    with it."""

    phonemes: str
    terminator: str
    sentence_end: bool


_ESPEAK = threading.Lock()  # espeak-ng holds one global voice and state per process
_ready = False


def espeak_ipa(text: str, espeak_voice: str) -> list[Clause]:
    """The clauses of ``text`` in IPA, read by espeak-ng with ``espeak_voice`` (``en-us``, ``es``, ...).

    Language-switch marks such as ``(en)`` that espeak-ng inserts around foreign words are removed.

    Raises:
        ImportError: piper-tts (which bundles the espeak-ng bridge) is not installed.
        RuntimeError: espeak-ng has no such voice (from the bridge).
    """
    global _ready
    from piper import espeakbridge
    from piper.phonemize_espeak import ESPEAK_DATA_DIR

    with _ESPEAK:
        if not _ready:
            espeakbridge.initialize(str(ESPEAK_DATA_DIR))
            _ready = True
        espeakbridge.set_voice(espeak_voice)
        found = espeakbridge.get_phonemes(text)
    return [Clause(re.sub(r"\([^)]*\)", "", phonemes), terminator, bool(end)) for phonemes, terminator, end in found]


_BLOCK = re.compile(r"\[\[(.*?)\]\]", re.DOTALL)
_LEADING_MARK = re.compile(r"\s*([,;:.!?])")


def text_clauses(text: str, espeak_voice: str) -> list[Clause]:
    """:func:`espeak_ipa` of ``text``, with each ``[[...]]`` block's IPA taken as it is (a pronunciation
    from the lexicon, ``narrate.speech.pronounce``) in its place in the clause around it.

    Raises:
        ImportError, RuntimeError: as :func:`espeak_ipa`.
    """
    clauses: list[Clause] = []
    for index, part in enumerate(_BLOCK.split(text)):
        if index % 2:
            found = [Clause(part.strip(), "", False)] if part.strip() else []
        else:
            lead = _LEADING_MARK.match(part)
            if lead and clauses and not clauses[-1].terminator:  # "[[...]], then": espeak-ng drops a leading mark
                last = clauses.pop()
                clauses.append(Clause(last.phonemes, lead.group(1), lead.group(1) in ".!?"))
            found = espeak_ipa(part, espeak_voice) if part.strip() else []
        for clause in found:
            if clauses and not clauses[-1].terminator:  # cut where a block starts or ends: one clause
                last = clauses.pop()
                joined = " ".join(p for p in (last.phonemes.strip(), clause.phonemes.strip()) if p)
                clause = Clause(joined, clause.terminator, clause.sentence_end)
            clauses.append(clause)
    return clauses


_PUNCTUATION = frozenset(",;:.!?")


def word_starts(text: str, phonemes: list[tuple[str, int]]) -> WordTimes:
    """Where the words of ``text`` start, from Piper's phonemes with their start times (ms).

    espeak-ng (Piper's phonemizer) writes a space between words but may join short words ("on the"
    → ``ɔnðə``), so words are matched clause by clause: text and phonemes are cut after each
    punctuation mark (``, ; : . ! ?``); when both have the same clauses, the first word of every
    clause is timed, and every word of a clause whose word counts agree. Returns ``(character
    offset, ms)`` pairs in order; [] when the clauses do not match.
    """
    text_clauses: list[list[int]] = [[]]  # character offsets of the words of each clause
    for match in re.finditer(r"\S+", text):
        text_clauses[-1].append(match.start())
        if match.group(0).rstrip("\"'”’)]")[-1:] in _PUNCTUATION:
            text_clauses.append([])
    spoken: list[list[int]] = [[]]  # start times (ms) of the phoneme words of each clause
    in_word = False
    for phoneme, ms in phonemes:
        if phoneme in ("^", "$", "_") or phoneme.isspace():
            in_word = False
        elif phoneme in _PUNCTUATION:
            spoken.append([])
            in_word = False
        elif not in_word:
            spoken[-1].append(ms)
            in_word = True
    text_clauses = [c for c in text_clauses if c]
    spoken = [c for c in spoken if c]
    if len(text_clauses) != len(spoken):
        return []
    words: WordTimes = []
    for offsets, times in zip(text_clauses, spoken):
        if len(offsets) == len(times):
            words.extend(zip(offsets, times))
        else:
            words.append((offsets[0], times[0]))
    return words
