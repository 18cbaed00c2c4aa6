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
from narrate.proof.findings import Finding, Step, cue_changes, differences, lexicon_entries, merge, rank
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
    for words heard that were never said) and ``heard`` (empty for words not heard at all).
    ``written``: the written words behind ``said`` when the lexicon or the normaliser changed them
    (``deployment`` for said ``blorp tangle zibbet``), else empty; ``entry``: the lexicon entry
    (``written: spoken``) that did, when known; ``beside``: next to a changed word heard far from
    its written word (likely misheard because of it)."""

    said: str
    heard: str
    written: str = ""
    entry: str = ""
    beside: bool = False


@dataclass(frozen=True)
class MisheardCue:
    """A say cue where the listener heard something else (not only a word boundary elsewhere).

    ``start_ms``: where the cue starts in the episode. ``said``: the cue's text in the narration
    script. ``heard``: the words the listener heard for it (normalised). ``suggestion``: a lexicon
    line ``word: re-spel-ling`` when exactly one written word differs, else None. ``lexicon``: the
    lexicon entries (``written: spoken``, joined by "; ") that put a misheard word in the script.
    ``written``: the cue as the author wrote it (empty: as ``said``).
    """

    start_ms: int
    said: str
    heard: str
    differences: tuple[Difference, ...]
    suggestion: str | None = None
    lexicon: str | None = None
    written: str = ""


@dataclass
class EpisodeReport:
    """One episode heard: word error rate over its script and its misheard cues.

    ``words``: words in the normalised script; ``errors``: substitutions + deletions + insertions;
    ``wer``: errors / words (0.0 for an episode without words); ``audio_ms``: length of the audio.
    ``findings``: the misheard cues' differences grouped and ranked (:func:`narrate.proof.findings.rank`).
    """

    episode: str
    audio_file: str
    audio_ms: int
    words: int
    errors: int
    misheard: list[MisheardCue] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

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
    sources: Mapping[str, str] | None = None,
) -> EpisodeReport:
    """Align what was heard in each window with the script's words of its cues; count the errors,
    collect the misheard cues (in time order) with the written words behind each difference, and
    rank them (:mod:`narrate.proof.findings`).

    ``heard[i]`` is the recogniser's text for ``parts[i]``. ``lexicon``: the build's lexicon, when
    known; a misheard word that one of its entries put in the script is named with that entry
    (``MisheardCue.lexicon``) instead of a suggestion. ``sources``: written word of an entry →
    ``file:line``. Raises ``ValueError`` when the lengths differ.
    """
    if len(parts) != len(heard):
        raise ValueError(f"{len(parts)} windows but {len(heard)} transcripts")
    import jiwer

    normalise = normaliser(language)

    def words(text: str) -> list[str]:
        return _words(text, normalise)

    known: dict[str, tuple[str, ...]] = {}

    def plain(text: str) -> list[str]:  # written words as the normaliser says them, without the lexicon
        if text not in known:  # the same token runs are asked for again and again while findings are named
            known[text] = tuple(words(spoken(text, language=language)))
        return list(known[text])

    said = {i: words(cue_times[i].text) for w in parts for i in w.cues}
    changes = _changes(cue_times, said, lexicon_entries(lexicon or {}, words), plain)
    report = EpisodeReport(name, audio_file, audio_ms, 0, 0)
    for window, text in zip(parts, heard):
        ref = [word for index in window.cues for word in said[index]]
        hyp = words(spoken(text, language=language))
        if not ref:
            report.errors += len(hyp)
            continue
        report.words += len(ref)
        per_cue = _steps(window, said, hyp, _operations(ref, hyp, jiwer))
        report.errors += sum(step.kind != "equal" for steps in per_cue.values() for step in steps)
        for cue_index in window.cues:
            steps = per_cue.get(cue_index, [])
            cue = cue_times[cue_index]
            written = words(cue.written) if cue.written.strip() else []
            found = differences(said[cue_index], steps, changes.get(cue_index, []), language, written)
            if found:
                diffs = tuple(Difference(*d) for d in found)
                report.misheard.append(_misheard(cue, steps, diffs, language))
    report.findings = rank(report.misheard, language, sources, plain)
    return report


def _misheard(cue: CueTime, steps: Sequence[Step], diffs: tuple[Difference, ...], language: str) -> MisheardCue:
    """The misheard cue: its lexicon entries named, else a suggested one (not for words the lexicon
    or the normaliser changed)."""
    used = "; ".join(dict.fromkeys(d.entry for d in diffs if d.entry)) or None
    return MisheardCue(
        start_ms=cue.start_ms,
        said=" ".join(cue.text.split()),
        heard=" ".join(step.heard for step in steps if step.heard),
        differences=diffs,
        suggestion=None if used or any(d.written for d in diffs) else suggest_entry(cue.text, diffs, language),
        lexicon=used,
        written=" ".join(cue.written.split()),
    )


def _steps(
    window: Window, said: Mapping[int, list[str]], hyp: list[str], ops: list[tuple[str, int, int]]
) -> dict[int, list[Step]]:
    """The alignment's steps by cue, each at its said word's index in the cue; a word heard between
    two script words is charged to the cue of the word before it."""
    owner: list[tuple[int, int]] = [(index, at) for index in window.cues for at in range(len(said[index]))]
    ref = [word for index in window.cues for word in said[index]]
    per_cue: dict[int, list[Step]] = {}
    for kind, ref_at, hyp_at in ops:
        if kind == "insert":
            cue_index, at = owner[ref_at - 1] if ref_at > 0 else owner[0]
            at = at + 1 if ref_at > 0 else 0
        else:
            cue_index, at = owner[ref_at]
        per_cue.setdefault(cue_index, []).append(
            Step(kind, at, ref[ref_at] if kind != "insert" else None, hyp[hyp_at] if kind != "delete" else None)
        )
    return per_cue


def _changes(
    cue_times: Sequence[CueTime],
    said: Mapping[int, list[str]],
    entries: list,
    plain: Callable[[str], list[str]],
) -> dict[int, list]:
    """The changes (:func:`narrate.proof.findings.cue_changes`) of each cue. Without a lexicon, a
    cue with no written form takes those learned from the cues that have one."""
    found = {i: cue_changes(cue_times[i].written, s, entries, plain) for i, s in said.items()}
    if entries:
        return found
    learned: dict[tuple[str, ...], tuple] = {}
    for i, changes in found.items():
        for c in changes:
            learned.setdefault(tuple(said[i][c.start : c.end]), (tuple(said[i][c.start : c.end]), c.written, ""))
    if learned:
        ordered = sorted(learned.values(), key=lambda e: -len(e[0]))
        for i in found:
            if not cue_times[i].written:
                found[i] = cue_changes("", said[i], ordered, plain)
    return found


_CLAUSE_END = re.compile(r"(?<=[,;:.!?])\s+|[()\[\]{}<>]")


def _words(text: str, normalise: Callable[[str], str]) -> list[str]:
    """Normalised words of ``text``, each clause on its own: the number normaliser would otherwise
    read across a comma or colon ("Lesson one: Two axes" is not "lesson 12 axes"). A bracket ends a
    clause too: Whisper's normalisers drop the words in parentheses and brackets, and an aside
    ("(two hundred and five degrees Fahrenheit)") is spoken, so it is counted, said and heard."""
    return [word for clause in _CLAUSE_END.split(text) if clause for word in normalise(clause).split()]


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


_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def suggest_entry(text: str, differences: Sequence[Difference], language: str) -> str | None:
    """A lexicon line for the one written word that was misheard, or None.

    Only when the cue has exactly one difference and it is one said word that appears in ``text``
    as a written word of two letters or more (not a number) that is not a common word of the language
    (:func:`_common`: a recogniser mishears "exactly" now and then, but the engine says it right) and
    that the language's hyphenation dictionary (pyphen) splits: ``word: syl-la-bles``, a respelling
    that makes the engine say each syllable on its own, to listen to and refine.
    """
    if len(differences) != 1 or len(differences[0].said.split()) != 1:
        return None
    said = differences[0].said
    written = next((w for w in _WORD.findall(text) if w.lower() == said), None)
    if written is None or len(written) < 2 or _common(written, language):
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


COMMON_ZIPF = 3.5
"""Zipf frequency (wordfreq: log10 of uses per billion words) from which a word is common in its
language: no respelling is suggested for it ("exactly" 5.2, "kettle" 3.5; "Tefal" 1.2)."""


def _common(word: str, language: str) -> bool:
    """``word`` is a common word of ``language`` (BCP 47): its wordfreq Zipf frequency is at least
    :data:`COMMON_ZIPF`. False when wordfreq does not know the language."""
    from wordfreq import available_languages, zipf_frequency

    code = language.lower().split("-")[0]
    if code not in available_languages():
        return False
    return zipf_frequency(word, code) >= COMMON_ZIPF


def _clock(ms: int) -> str:
    minutes, rest = divmod(ms, 60_000)
    return f"{minutes}:{rest / 1000:04.1f}"


TOP = 5
"""Findings shown first in the text report; the rest are summarised (all of them with ``verbose``)."""


def format_report(reports: Sequence[EpisodeReport], verbose: bool = False) -> str:
    """The text report. One episode: one line with its WER and how many findings, then the findings
    worth a fix (at most :data:`TOP`, best first), each with its cue as written, said and heard,
    the lexicon entry behind it (``file:line``) or a suggested one, and its other places; the rest
    in one summary line (``verbose``: every finding in full). Several episodes: one line per
    episode (``verbose``: each with every finding in full), then the course's line and the findings
    worth a fix over the whole course (:func:`narrate.proof.findings.merge`: a word misheard in
    every episode is one finding), at most :data:`TOP`, and the rest summed up. Ends with a newline."""
    lines: list[str] = []
    many = len(reports) > 1
    for rep in reports:
        head = (
            f"{rep.audio_file}: WER {rep.wer * 100:.1f}% ({rep.errors} errors in {rep.words} words), "
            f"{_count(len(rep.findings), 'finding')} in {_count(len(rep.misheard), 'cue')}"
        )
        if many and not verbose:
            lines.append(head)
            continue
        lines += _listed(head, rep.findings, verbose, False)
    if many:
        total_words = sum(r.words for r in reports)
        total_errors = sum(r.errors for r in reports)
        course = merge([(r.episode, r.findings) for r in reports])
        head = (
            f"All {len(reports)} episodes: WER {total_errors / max(1, total_words) * 100:.1f}% "
            f"({total_errors} errors in {total_words} words), {_count(len(course), 'finding')}"
        )
        lines += _listed(head, course, False, True)
    return "\n".join(lines) + "\n"


def _listed(head: str, findings: Sequence[Finding], verbose: bool, course: bool) -> list[str]:
    """``head`` and the findings worth a fix (at most :data:`TOP`; ``verbose``: all of them), then
    one line for the rest."""
    shown = list(findings) if verbose else [f for f in findings if f.worth][:TOP]
    if shown:
        if len(shown) == len(findings):
            head += ":"
        elif len(shown) == 1:
            head += "; the one worth a fix first:"
        else:
            head += f"; the {len(shown)} worth a fix first:"
    lines = [head]
    for number, finding in enumerate(shown, 1):
        lines += _finding_lines(number, finding, course)
    rest = [f for f in findings if f not in shown]
    if rest:
        lines.append(_summary(rest) + (", episode by episode" if course else ""))
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _finding_lines(number: int, f: Finding, course: bool = False) -> list[str]:
    """One finding: a headline (what was written, said, heard; why it ranks there), then its first
    cue as written, said and heard, the lexicon entry or a suggestion, and its other places (over a
    ``course``: each place with its episode)."""
    if not f.said:
        what = f'heard "{f.heard}" where nothing was said'
    elif "lexicon" in f.reasons or "changed" in f.reasons:
        by = "the lexicon" if "lexicon" in f.reasons else "the lexicon or the normaliser"
        what = f'"{f.written}" is said "{f.script or f.said}" ({by}), heard "{f.heard or "nothing"}"'
        what += ", far from the written word" if "far" in f.reasons else ""
    elif not f.heard:
        what = f'"{f.written}" not heard'
    else:
        what = f'"{f.written}" heard "{f.heard}"'
    why: list[str] = [r for r in ("name", "number") if r in f.reasons]
    spread = f" in {len(set(f.episodes))} episodes" if course and len(set(f.episodes)) > 1 else ""
    why += (
        [f"{len(f.places)} places{spread}"]
        if len(f.places) > 1
        else (["misheard elsewhere too"] if "repeated" in f.reasons else [])
    )
    why += ["next to a misheard lexicon word"] if "beside" in f.reasons else []
    why += ["the engine's usual slur"] if "slur" in f.reasons and "beside" not in f.reasons else []
    pad = " " * (len(str(number)) + 4)
    where = [(f.episodes[i] if course and f.episodes else "", ms) for i, ms in enumerate(f.places)]
    first = f"{where[0][0]} {_clock(where[0][1])}".lstrip()
    lines = [f"  {number}. {first}  {what}" + (f" [{', '.join(why)}]" if why else "")]
    lines.append(f"{pad}written: {f.cue_written}")
    lines.append(f"{pad}said:    {f.cue_said}")
    lines.append(f"{pad}heard:   {f.cue_heard}")
    if f.lexicon:
        lines.append(f"{pad}lexicon: {f.lexicon}")
    if f.suggestion:
        lines.append(f"{pad}lexicon? {f.suggestion}")
    if len(f.places) > 1:
        lines.append(f"{pad}also at: {_places(where[1:], where[0][0])}")
    return lines


def _places(where: Sequence[tuple[str, int]], episode: str) -> str:
    """``0:10.7, 0:47.5; 02-boiling 0:04.8``: times, each episode named where it changes."""
    parts: list[str] = []
    for name, ms in where:
        if name != episode:
            parts.append(f"{name} {_clock(ms)}")
            episode = name
        elif parts and name:
            parts[-1] += f", {_clock(ms)}"
        else:
            parts.append(_clock(ms))
    return "; ".join(parts) if any(name for name, _ in where) else ", ".join(parts)


def _summary(rest: Sequence[Finding]) -> str:
    """One line for the findings not shown: how many are worth a look, how many sound like what was
    said (the engine's usual slurs, a few named), how many are next to a misheard lexicon word, and
    how to see them all."""
    worth = sum(f.worth for f in rest)
    beside = sum("beside" in f.reasons and not f.worth for f in rest)
    slurs = [f for f in rest if "slur" in f.reasons and "beside" not in f.reasons and not f.worth]
    named = ", ".join(f"{f.said or '(nothing)'} → {f.heard or '(nothing)'}" for f in slurs[:3])
    parts = [f"{worth} more worth a look"] if worth else []
    if slurs:
        more = ", …" if len(slurs) > 3 else ""
        parts.append(f"{len(slurs)} the engine's usual slurs, heard as something that sounds alike ({named}{more})")
    if beside:
        parts.append(f"{beside} next to a misheard lexicon word")
    other = len(rest) - worth - len(slurs) - beside
    if other:
        parts.append(f"{other} more")
    return f"  + {_count(len(rest), 'more finding')}: {'; '.join(parts)}. --verbose lists them all"


def report_json(reports: Sequence[EpisodeReport], model: str, language: str) -> dict:
    """The report as JSON-ready data::

    {"model": str, "language": str, "findings": [...], "episodes": [{"episode", "audio_file", "audio_ms", "words",
     "errors", "wer", "misheard": [{"start_ms", "said", "heard", "written", "differences": [{"said",
     "heard", "written", "entry"}], "suggestion", "lexicon"}], "findings": [{"written", "said", "heard",
     "places", "reasons", "score", "worth", "lexicon", "cue_written", "cue_said", "cue_heard",
     "suggestion", "episodes", "script"}]}]}

    ``findings`` are ranked, best first (see :func:`narrate.proof.findings.rank`); the top-level
    ``findings`` are the course's (:func:`narrate.proof.findings.merge`, each with ``episodes``).
    ``said`` and ``heard`` are normalised for scoring (numbers in figures: "3" for a spoken
    "three"), except a misheard cue's ``said``: the script's text; a finding's ``script`` is its
    ``said`` words as the script spells them ("oh konk woh" for "0 konk woh"; "" if not found).
    """
    return {
        "model": model,
        "language": language,
        "findings": [asdict(f) for f in merge([(r.episode, r.findings) for r in reports])],
        "episodes": [
            {
                "episode": r.episode,
                "audio_file": r.audio_file,
                "audio_ms": r.audio_ms,
                "words": r.words,
                "errors": r.errors,
                "wer": round(r.wer, 4),
                "misheard": [asdict(c) for c in r.misheard],
                "findings": [asdict(f) for f in r.findings],
            }
            for r in reports
        ],
    }
