"""What the listener heard against what the narration script says: WER and misheard cues.

Pure functions over cue times and recognised text; no recogniser is needed here (see
:mod:`narrate.proof.listen` for that).

**Windows.** An episode is heard in *windows* of whole say cues, each at most :data:`WINDOW_MS` of
speech: the recogniser (Whisper) reads 30-second windows, and cutting at cue boundaries lets every
word heard be charged to the right cue. Pauses are not sent to the recogniser (a think pause is
silence, where Whisper tends to invent words); a window starts with :data:`GAP_MS` of silence and
each cue's audio is followed by as much.

**Normalisation.** What was heard is first put in spoken form by narrate's own normaliser, the one
that made the script ("1.5V" → "one point five volts", "2500 mAh" → "two thousand five hundred
milliamp hours"), so a symbol or abbreviation the recogniser writes is not an error. Then both sides
are normalised the way ASR word error rates are usually scored:
Whisper's English text normaliser for English (case, punctuation, British/American spelling, and
numbers: "1779" and "seventeen seventy-nine" both become ``1779``), its basic normaliser for other
languages (case, punctuation, symbols). The word error rate is (substitutions + deletions +
insertions) / words of the script, after a minimum edit-distance alignment (jiwer).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from narrate.errors import ConfigError
from narrate.model import CueTime
from narrate.text.languages import language as language_module
from narrate.text.normalize import spoken

__all__ = [
    "GAP_MS",
    "WINDOW_MS",
    "Difference",
    "EpisodeReport",
    "MisheardCue",
    "Window",
    "compare",
    "format_report",
    "normaliser",
    "report_json",
    "suggest_entry",
    "windows",
]

WINDOW_MS = 28_000
"""Longest stretch of speech sent to the recogniser at once (Whisper reads 30-second windows)."""

GAP_MS = 300
"""Silence put before a window and after each cue's audio in it (the cues' own pauses are left out)."""


@dataclass(frozen=True)
class Window:
    """Say cues heard together: indexes into the episode's cue times, in order."""

    cues: tuple[int, ...]

    def speech_ms(self, cue_times: Sequence[CueTime]) -> int:
        """Milliseconds of audio in this window, silences between cues included."""
        return sum(cue_times[i].end_ms - cue_times[i].start_ms + GAP_MS for i in self.cues)


@dataclass(frozen=True)
class Difference:
    """One run of words the listener heard differently: ``said`` (script words, normalised; empty
    for words heard that were never said) and ``heard`` (empty for words not heard at all)."""

    said: str
    heard: str


@dataclass(frozen=True)
class MisheardCue:
    """A say cue where the listener heard something else (not only a word boundary elsewhere).

    ``start_ms``: where the cue starts in the episode. ``said``: the cue's text in the narration
    script. ``heard``: the words the listener heard for it (normalised). ``suggestion``: a lexicon
    line ``word: re-spel-ling`` when exactly one written word differs, else None. ``lexicon``: the
    lexicon entries (``written: spoken``, joined by "; ") that put a misheard word in the script.
    """

    start_ms: int
    said: str
    heard: str
    differences: tuple[Difference, ...]
    suggestion: str | None = None
    lexicon: str | None = None


@dataclass
class EpisodeReport:
    """One episode heard: word error rate over its script and its misheard cues.

    ``words``: words in the normalised script; ``errors``: substitutions + deletions + insertions;
    ``wer``: errors / words (0.0 for an episode without words); ``audio_ms``: length of the audio.
    """

    episode: str
    audio_file: str
    audio_ms: int
    words: int
    errors: int
    misheard: list[MisheardCue] = field(default_factory=list)

    @property
    def wer(self) -> float:
        return self.errors / self.words if self.words else 0.0


def windows(cue_times: Sequence[CueTime], limit_ms: int = WINDOW_MS) -> list[Window]:
    """Group the say cues with text into windows of at most ``limit_ms`` of audio (a longer cue gets
    a window of its own; the recogniser then reads it in several 30-second steps)."""
    result: list[Window] = []
    current: list[int] = []
    length = 0
    for index, cue in enumerate(cue_times):
        if cue.kind != "say" or not cue.text.strip() or cue.end_ms <= cue.start_ms:
            continue
        ms = cue.end_ms - cue.start_ms + GAP_MS
        if current and length + ms > limit_ms:
            result.append(Window(tuple(current)))
            current, length = [], 0
        current.append(index)
        length += ms
    if current:
        result.append(Window(tuple(current)))
    return result


@lru_cache(maxsize=8)
def normaliser(language: str) -> Callable[[str], str]:
    """The ASR-scoring text normaliser for a BCP 47 language tag (``en-us`` → Whisper's English one).

    Raises:
        ConfigError: the listen extra (whisper-normalizer) is not installed.
    """
    try:
        known = language_module(language)
        if known is not None and known.asr_normaliser == "english":
            from whisper_normalizer.english import EnglishTextNormalizer

            return EnglishTextNormalizer()
        from whisper_normalizer.basic import BasicTextNormalizer

        return BasicTextNormalizer()
    except ImportError:
        raise ConfigError(_missing_extra("whisper-normalizer")) from None


def _missing_extra(what: str) -> str:
    return f"proof-listening needs {what}: install the listen extra with pip install 'narrate[listen]'"


def compare(
    name: str,
    audio_file: str,
    audio_ms: int,
    cue_times: Sequence[CueTime],
    parts: Sequence[Window],
    heard: Sequence[str],
    language: str,
    lexicon: Mapping[str, str] | None = None,
) -> EpisodeReport:
    """Align what was heard in each window with the script's words of its cues; count the errors and
    collect the misheard cues (in time order).

    ``heard[i]`` is the recogniser's text for ``parts[i]``. ``lexicon``: the build's lexicon, when
    known; a misheard word that one of its entries put in the script is named with that entry
    (``MisheardCue.lexicon``) instead of a suggestion. Raises ``ValueError`` when the lengths differ.
    """
    if len(parts) != len(heard):
        raise ValueError(f"{len(parts)} windows but {len(heard)} transcripts")
    import jiwer

    normalise = normaliser(language)
    entries = _entries_by_word(lexicon or {}, normalise)
    report = EpisodeReport(name, audio_file, audio_ms, 0, 0)
    for window, text in zip(parts, heard):
        owner: list[int] = []  # script word → cue index
        ref: list[str] = []
        for index in window.cues:
            words = _words(cue_times[index].text, normalise)
            ref += words
            owner += [index] * len(words)
        hyp = _words(spoken(text, language=language), normalise)
        if not ref:
            report.errors += len(hyp)
            continue
        report.words += len(ref)
        ops = _operations(ref, hyp, jiwer)
        per_cue: dict[int, list[tuple[str, str | None, str | None]]] = {}
        for kind, ref_at, hyp_at in ops:
            # a word heard between two script words is charged to the cue of the word before it
            owner_at = owner[max(ref_at - 1, 0)] if kind == "insert" else owner[ref_at]
            said = ref[ref_at] if kind != "insert" else None
            got = hyp[hyp_at] if kind != "delete" else None
            per_cue.setdefault(owner_at, []).append((kind, said, got))
            if kind != "equal":
                report.errors += 1
        for cue_index in window.cues:
            steps = per_cue.get(cue_index, [])
            # differences only in spacing ("time scale" heard as "timescale") count in the WER but
            # are not listed: nobody hears the difference
            diffs = tuple(d for d in _differences(steps) if d.said.replace(" ", "") != d.heard.replace(" ", ""))
            if not diffs:
                continue
            cue = cue_times[cue_index]
            used = _entries_used(diffs, _words(cue.text, normalise), entries)
            report.misheard.append(
                MisheardCue(
                    start_ms=cue.start_ms,
                    said=" ".join(cue.text.split()),
                    heard=" ".join(got for _, _, got in steps if got),
                    differences=diffs,
                    suggestion=None if used else suggest_entry(cue.text, diffs, language),
                    lexicon=used,
                )
            )
    return report


_Entries = dict[str, list[tuple[str, tuple[str, ...]]]]


def _entries_by_word(lexicon: Mapping[str, str], normalise: Callable[[str], str]) -> _Entries:
    """Normalised word of a lexicon replacement → the entries (``written: spoken``, and all the
    replacement's normalised words) it is part of."""
    found: _Entries = {}
    for written, replacement in sorted(lexicon.items()):
        words = tuple(_words(replacement, normalise))
        for word in dict.fromkeys(words):
            found.setdefault(word, []).append((f"{written}: {replacement}", words))
    return found


def _entries_used(diffs: Sequence[Difference], cue_words: list[str], entries: _Entries) -> str | None:
    """The lexicon entries whose whole replacement stands in the cue and has a misheard word in it
    (a common word such as "of" in "mixture of experts" names the entry only where that phrase is said)."""
    used: dict[str, None] = {}
    for word in (w for d in diffs for w in d.said.split()):
        for line, words in entries.get(word, []):
            n = len(words)
            if any(tuple(cue_words[i : i + n]) == words for i in range(len(cue_words) - n + 1)):
                used[line] = None
    return "; ".join(used) or None


_CLAUSE_END = re.compile(r"(?<=[,;:.!?])\s+")


def _words(text: str, normalise: Callable[[str], str]) -> list[str]:
    """Normalised words of ``text``, each clause on its own: the number normaliser would otherwise
    read across a comma or colon ("Lesson one: Two axes" is not "lesson 12 axes")."""
    return [word for clause in _CLAUSE_END.split(text) for word in normalise(clause).split()]


def _operations(ref: list[str], hyp: list[str], jiwer) -> list[tuple[str, int, int]]:
    """Word-level edit operations ``(kind, ref index, hyp index)``: kind is equal, substitute,
    delete (hyp index unused) or insert (ref index: the script word before which it was heard)."""
    if not hyp:
        return [("delete", i, 0) for i in range(len(ref))]
    out = jiwer.process_words(" ".join(ref), " ".join(hyp))
    ops: list[tuple[str, int, int]] = []
    for chunk in out.alignments[0]:
        if chunk.type in ("equal", "substitute"):
            ops += [
                (chunk.type, r, h)
                for r, h in zip(
                    range(chunk.ref_start_idx, chunk.ref_end_idx), range(chunk.hyp_start_idx, chunk.hyp_end_idx)
                )
            ]
        elif chunk.type == "delete":
            ops += [("delete", r, chunk.hyp_start_idx) for r in range(chunk.ref_start_idx, chunk.ref_end_idx)]
        else:
            ops += [("insert", chunk.ref_start_idx, h) for h in range(chunk.hyp_start_idx, chunk.hyp_end_idx)]
    return ops


def _differences(steps: list[tuple[str, str | None, str | None]]) -> tuple[Difference, ...]:
    diffs: list[Difference] = []
    said: list[str] = []
    got: list[str] = []
    for kind, word, heard in [*steps, ("equal", None, None)]:
        if kind == "equal":
            if said or got:
                diffs.append(Difference(" ".join(said), " ".join(got)))
            said, got = [], []
            continue
        if word:
            said.append(word)
        if heard:
            got.append(heard)
    return tuple(diffs)


_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def suggest_entry(text: str, differences: Sequence[Difference], language: str) -> str | None:
    """A lexicon line for the one written word that was misheard, or None.

    Only when the cue has exactly one difference and it is one said word that appears in ``text``
    as a written word of two letters or more (not a number) that the language's hyphenation dictionary
    (pyphen) splits: ``word: syl-la-bles``, a respelling that makes the engine say each syllable on its
    own, to listen to and refine.
    """
    if len(differences) != 1 or len(differences[0].said.split()) != 1:
        return None
    said = differences[0].said
    written = next((w for w in _WORD.findall(text) if w.lower() == said), None)
    if written is None or len(written) < 2:
        return None
    try:
        import pyphen
    except ImportError:
        return None
    lang = pyphen.language_fallback(language.replace("-", "_")) or pyphen.language_fallback(language.split("-")[0])
    if not lang:
        return None
    respelt = pyphen.Pyphen(lang=lang, left=2, right=2).inserted(written)
    return f"{written}: {respelt}" if respelt != written else None


def _clock(ms: int) -> str:
    minutes, rest = divmod(ms, 60_000)
    return f"{minutes}:{rest / 1000:04.1f}"


def format_report(reports: Sequence[EpisodeReport]) -> str:
    """The text report: per episode one line with its WER, then each misheard cue (time, said,
    heard, the words that differ, the suggested lexicon entry); ends with a newline."""
    lines: list[str] = []
    for rep in reports:
        lines.append(
            f"{rep.audio_file}: WER {rep.wer * 100:.1f}% ({rep.errors} errors in {rep.words} words), "
            f"{len(rep.misheard)} misheard cue{'' if len(rep.misheard) == 1 else 's'}"
        )
        for cue in rep.misheard:
            lines.append(f"  {_clock(cue.start_ms):>7}  said:  {cue.said}")
            lines.append(f"  {'':>7}  heard: {cue.heard or '(nothing)'}")
            changes = "; ".join(f"{d.said or '(nothing)'} → {d.heard or '(nothing)'}" for d in cue.differences)
            lines.append(f"  {'':>7}  words: {changes}")
            if cue.lexicon:
                lines.append(f"  {'':>7}  from the lexicon: {cue.lexicon}")
            if cue.suggestion:
                lines.append(f"  {'':>7}  lexicon? {cue.suggestion}")
    total_words = sum(r.words for r in reports)
    total_errors = sum(r.errors for r in reports)
    if len(reports) > 1:
        lines.append(
            f"All {len(reports)} episodes: WER {total_errors / max(1, total_words) * 100:.1f}% "
            f"({total_errors} errors in {total_words} words)"
        )
    return "\n".join(lines) + "\n"


def report_json(reports: Sequence[EpisodeReport], model: str, language: str) -> dict:
    """The report as JSON-ready data::

    {"model": str, "language": str, "episodes": [{"episode", "audio_file", "audio_ms", "words",
     "errors", "wer", "misheard": [{"start_ms", "said", "heard", "differences": [{"said", "heard"}],
     "suggestion"}]}]}
    """
    return {
        "model": model,
        "language": language,
        "episodes": [
            {
                "episode": r.episode,
                "audio_file": r.audio_file,
                "audio_ms": r.audio_ms,
                "words": r.words,
                "errors": r.errors,
                "wer": round(r.wer, 4),
                "misheard": [asdict(c) for c in r.misheard],
            }
            for r in reports
        ],
    }
