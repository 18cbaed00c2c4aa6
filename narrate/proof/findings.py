"""Findings an author can act on: what was written, said and heard at each difference, ranked.

:func:`narrate.proof.report.compare` aligns what the recogniser heard with the script's *said*
words (after the lexicon and the normaliser). This module goes one step back, to the *written*
words of the lesson:

**Written words.** A cue keeps the sentence as the author wrote it (:attr:`narrate.model.CueTime.written`).
Its words, put through the normaliser without the lexicon, are aligned with the said words
(jiwer): a run where they differ is a *change* — a lexicon entry (``deployment: blorp tangle
zibbet``) or the normaliser at work. With the build's lexicon known, each occurrence of an
entry's replacement in the said words is a change named by its entry (and its ``file:line``);
a cue without a written form (framing, a sentence cut in several utterances, a quiz host's line)
takes the changes learned from the cues that have one.

**Differences.** A run of said words heard otherwise is reported; a change it touches is one of
its own, exactly the change's words with the heard words that sound like them (its neighbours are
their own), named by its written words, when heard far from the written word (a lexicon entry that
says something else; not an expansion, an abbreviation, formula or acronym said as its words and
heard as said: "NaCl" heard "sodium chloride") or like neither the written nor the said words.
What was heard as written ("3000 m") or in other figures ("101 point 3") is not a difference.

**A course.** :func:`merge` groups the episodes' findings by written word, every place kept.

**Ranking.** Differences are grouped by their written words (the places where each is misheard)
and scored: a change heard far from the written word first; then differences that do not sound
like what was said (the engine's own floor does not explain them: their IPA, read by espeak-ng,
is less than :data:`SOUNDS_ALIKE` % alike by Levenshtein ratio, rapidfuzz); names (capitalised
inside a sentence, letters with digits) and numbers; words misheard in several places. What
sounds alike or is one short word (an engine's usual slur) scores low. A finding of
:data:`WORTH` points or more is worth a fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

__all__ = [
    "SOUNDS_ALIKE",
    "WORTH",
    "Change",
    "Finding",
    "Step",
    "cue_changes",
    "differences",
    "lexicon_entries",
    "lexicon_sources",
    "merge",
    "rank",
]

SOUNDS_ALIKE = 60
"""Said and heard words whose espeak-ng IPA is at least this alike (Levenshtein ratio, 0-100) sound
alike: the engine's usual slur, ranked low."""

FAR = 45
"""A changed word heard less alike than this (0-100) to the written word: heard far from it."""

WORTH = 100
"""Score from which a finding is worth a fix (see :func:`rank`)."""


@dataclass(frozen=True)
class Step:
    """One step of the alignment of a cue's said words with what was heard: ``kind`` is equal,
    substitute, delete or insert; ``at`` the said word's index in the cue (for an insert: the
    index of the said word it was heard before); ``said`` / ``heard`` the words (None when absent)."""

    kind: str
    at: int
    said: str | None
    heard: str | None


@dataclass(frozen=True)
class Change:
    """Said words ``[start, end)`` of a cue that stand for other written words: ``written`` (as the
    author wrote them when known, else normalised), ``entry`` the lexicon entry (``written: spoken``)
    behind it, or "" (the normaliser, or a lexicon not known here)."""

    start: int
    end: int
    written: str
    entry: str = ""


@dataclass(frozen=True)
class Finding:
    """One thing heard differently, at every place it happens.

    ``written``: the written words ("" for words heard that were never said); ``said``: the spoken
    script's words there; ``heard``: what the recogniser heard there (first place); ``places``: start
    ms of each cue with it, in time order; ``reasons``: why it ranks where it does (``lexicon``,
    ``far``, ``unexplained``, ``name``, ``number``, ``repeated``, ``slur``, ``beside``: next to a
    lexicon word heard far from its written word, ranked as a slur); ``score``: the rank
    (higher first); ``worth``: score ≥ :data:`WORTH`; ``lexicon``: the entry behind it, with
    ``(file:line)`` when known; ``cue_written``, ``cue_said``, ``cue_heard``: the first place's
    whole cue as written, said and heard; ``suggestion``: a lexicon line to start from, or None;
    ``episodes``: over a course (:func:`merge`), the episode of each place; else empty;
    ``script``: the said words as the script spells them ("oh konk woh" where ``said``, normalised
    for scoring, is "0 konk woh"), or "" when they cannot be told apart from the rest of the cue.
    """

    written: str
    said: str
    heard: str
    places: tuple[int, ...]
    reasons: tuple[str, ...]
    score: int
    worth: bool
    lexicon: str | None
    cue_written: str
    cue_said: str
    cue_heard: str
    suggestion: str | None = None
    episodes: tuple[str, ...] = ()
    script: str = ""


Normalise = Callable[[str], list[str]]
Entries = list[tuple[tuple[str, ...], str, str]]
"""Replacement words (normalised) → (written form, entry label); longest replacement first."""


def lexicon_entries(lexicon: Mapping[str, str], words: Normalise) -> Entries:
    """The entries of a lexicon as ``(replacement words, written word, "written: spoken")``, longest
    replacement first; an IPA entry (``/.../``) keeps its written word, which the engine says."""
    found = []
    for written, spoken in sorted(lexicon.items()):
        said = written if spoken.strip().startswith("/") else spoken
        replacement = tuple(words(said))
        if replacement:
            found.append((replacement, written, f"{written}: {spoken}"))
    found.sort(key=lambda e: -len(e[0]))
    return found


def cue_changes(written: str, said: list[str], entries: Entries, plain: Normalise) -> list[Change]:
    """The changes in one cue's ``said`` words (normalised): each occurrence of a lexicon entry's
    replacement (``entries``: the lexicon's, or changes learned from other cues); else, when the
    cue has a ``written`` form, the runs where its words (``plain``: as the normaliser says them
    without the lexicon, normalised) and the said words differ (jiwer)."""
    if entries:
        return _occurrences(said, entries)
    if not written.strip():
        return []
    import jiwer

    ref = plain(written)
    if not ref or not said or ref == said:
        return []
    found: list[Change] = []
    run: list[int] | None = None  # [ref start, ref end, said start, said end]
    for chunk in [*jiwer.process_words(" ".join(ref), " ".join(said)).alignments[0], None]:
        if chunk is not None and chunk.type != "equal":
            if run is None:
                run = [chunk.ref_start_idx, chunk.ref_end_idx, chunk.hyp_start_idx, chunk.hyp_end_idx]
            else:
                run[1], run[3] = chunk.ref_end_idx, chunk.hyp_end_idx
            continue
        if run is not None and run[3] > run[2] and run[1] > run[0]:
            found.append(Change(run[2], run[3], _as_written(written, ref[run[0] : run[1]], plain)))
        run = None
    return found


def _occurrences(said: list[str], entries: Entries) -> list[Change]:
    taken = [False] * len(said)
    found = []
    for replacement, written, label in entries:
        n = len(replacement)
        for i in range(len(said) - n + 1):
            if tuple(said[i : i + n]) == replacement and not any(taken[i : i + n]):
                taken[i : i + n] = [True] * n
                found.append(Change(i, i + n, written, label))
    return sorted(found, key=lambda c: c.start)


_TOKEN = re.compile(r"[\w'’.-]*\w")
_FINE = re.compile(r"[\w'’.]*\w")
"""Written tokens: with their hyphens ("Li-ion", "2.8T-parameter"), and without (finer)."""


def _as_written(text: str, normalised: list[str], plain: Normalise) -> str:
    """The author's spelling of normalised words: the fewest written tokens in a row that the
    normaliser says as them (``deployment``, ``K3`` for ``k 3``; split at hyphens if need be), else
    the fewest whose words include them (``3000 m`` for ``meter``), else the normalised words."""
    coarse, fine = _TOKEN.findall(text), _FINE.findall(text)
    for tokens, within in ((coarse, False), (fine, False), (fine, True)):
        for n in range(1, len(normalised) + 3):
            for i in range(len(tokens) - n + 1):
                words = plain(" ".join(tokens[i : i + n]))
                if words == normalised:
                    return " ".join(tokens[i : i + n])
                if within and _contains(words, normalised):
                    return " ".join(_trimmed(tokens[i : i + n], normalised, plain))
    return " ".join(normalised)


def _trimmed(tokens: list[str], normalised: list[str], plain: Normalise) -> list[str]:
    """Written tokens less the words at either end that only gave the normaliser its context
    ("mountain" of "3000 m mountain"); numbers stay ("3000 m" for a said "meter")."""
    for end in (-1, 0):
        while len(tokens) > 1 and tokens[end].isalpha() and not set(plain(tokens[end])) & set(normalised):
            rest = tokens[:-1] if end == -1 else tokens[1:]
            if not _contains([_stem(w) for w in plain(" ".join(rest))], [_stem(w) for w in normalised]):
                break  # ("3000 m" is said "three thousand meters", before a noun "... meter ...")
            tokens = rest
    return tokens


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _contains(words: Sequence[str], part: Sequence[str]) -> bool:
    n = len(part)
    return n > 0 and any(list(words[i : i + n]) == list(part) for i in range(len(words) - n + 1))


def differences(
    said: list[str],
    steps: Sequence[Step],
    changes: Sequence[Change],
    language: str,
    written: Sequence[str] = (),
) -> list[tuple]:
    """The differences of one cue: ``(said, heard, written, entry, beside)`` runs in order.

    A run of steps that are not equal is one. A change it touches is a difference of its own that
    covers exactly the change's words: the run's heard words are shared among the change and the
    said words beside it by sound (:func:`_share`), so "teffal kettle" heard "tefl cattle" is
    "teffal" heard "tefl" (close to the written "Tefal": no finding) and "kettle" heard "cattle".
    A change is a difference when heard far from its ``written`` word, or misheard and heard like
    neither the written nor the said words. Words beside a change heard far are marked ``beside``;
    words heard where nothing was said within :data:`_NEAR` words of it belong to it. Other runs
    are differences unless what was heard is the said words in other spelling ("101 point 3" for
    "101.3", "time scale" for "timescale") or the cue's ``written`` words (normalised, e.g.
    ``3000 m``) at that place."""
    found: list[tuple] = []
    spans: list[tuple[int, int]] = []  # said words of each change heard far
    for first, last, touched in _runs(steps, changes):
        for seg_said, heard, change, at in _share(steps[first : last + 1], touched, language):
            said_text = " ".join(seg_said)
            if change is not None:
                if far(change.written, heard, language, said_text):
                    spans.append((change.start, change.end))
                elif not _misheard(said_text, heard) or alike(change.written, heard, language) >= SOUNDS_ALIKE:
                    continue
                found.append((said_text, heard, change.written, change.entry, False, at))
            elif _misheard(said_text, heard) and not _as_written_there(said, at, heard, written):
                found.append((said_text, heard, "", "", False, at))
    kept = []
    for said_text, heard, written_words, entry, _, at in found:
        near = [s for s in spans if s[0] - _NEAR <= at[0] and at[1] <= s[1] + _NEAR]
        if near and not written_words and not said_text:
            continue  # words heard beside a misheard change: part of it
        beside = bool(near) and not written_words
        kept.append((said_text, heard, written_words, entry, beside))
    return kept


_NEAR = 3
"""Said words either side of a change heard far within which words heard where nothing was said
belong to it (what is left of a respelling heard as other words)."""


def _share(part: Sequence[Step], touched: Sequence[Change], language: str) -> list[tuple]:
    """A run of steps as ``(said words, heard text, change or None, (start, end) said indexes)``:
    one part per change it touches and per stretch of said words beside them, the run's heard words
    shared among them by sound (:func:`_best_cuts`); a run of words heard where nothing was said is
    one part at the said word it was heard before."""
    segs: list[list] = []  # [change or None, said words, start, end]
    for s in part:
        if s.kind == "insert" or s.said is None:
            continue
        owner = next((c for c in touched if c.start <= s.at < c.end), None)
        if segs and segs[-1][0] is owner:
            segs[-1][1].append(s.said)
            segs[-1][3] = s.at + 1
        else:
            segs.append([owner, [s.said], s.at, s.at + 1])
    heard = [s.heard for s in part if s.heard]
    if not segs:
        return [([], " ".join(heard), None, (part[0].at, part[0].at))]
    cuts = _best_cuts([" ".join(seg[1]) for seg in segs], heard, language)
    return [(seg[1], " ".join(heard[a:b]), seg[0], (seg[2], seg[3])) for seg, (a, b) in zip(segs, cuts)]


_MOST_CUTS = 20_000
"""Ways of sharing heard words among a run's parts tried at most (else each part keeps its place)."""


def _best_cuts(said: Sequence[str], heard: Sequence[str], language: str) -> list[tuple[int, int]]:
    """``[start, end)`` of the heard words for each said text, in order: the split in which most
    sounds match (the Indel similarity, rapidfuzz, of the espeak-ng IPA of each pair, summed); with
    one said text, all of them."""
    from math import comb

    from rapidfuzz import fuzz

    n, k = len(heard), len(said)
    if k == 1:
        return [(0, n)]
    if comb(n + k - 1, k - 1) > _MOST_CUTS:
        share = [round(i * n / k) for i in range(k + 1)]
        return list(zip(share, share[1:]))
    from itertools import combinations_with_replacement

    best: tuple[int, ...] = (0, *([n] * k))
    best_score = -1.0
    for inner in combinations_with_replacement(range(n + 1), k - 1):
        bounds = (0, *inner, n)
        score = 0.0
        for text, a, b in zip(said, bounds, bounds[1:]):
            if a < b:
                x, y = _sound(text, language), _sound(" ".join(heard[a:b]), language)
                score += fuzz.ratio(x, y) * (len(x) + len(y))
        if score > best_score:
            best, best_score = bounds, score
    return list(zip(best, best[1:]))


def _canon(words: Sequence[str]) -> list[str]:
    """Normalised words with a decimal read out put back in figures ("101 point 3" → "101.3")."""
    return re.sub(r"(?<=\d) (?:point|dot) (?=\d)", ".", " ".join(words)).split()


def _misheard(said: str, heard: str) -> bool:
    """``heard`` is not ``said`` in other spacing, hyphens or figures ("time scale", "101 point 3")."""
    return "".join(_canon(said.split())).replace("-", "") != "".join(_canon(heard.split())).replace("-", "")


def _as_written_there(said: Sequence[str], at: tuple[int, int], heard: str, written: Sequence[str]) -> bool:
    """What was heard for said words ``[start, end)`` is what the author wrote there: the cue's said
    words with the heard ones in their place align (jiwer) with its ``written`` words (normalised,
    no lexicon or normaliser: "3000 m" for a said "3000 meter") without a difference there."""
    if not written:
        return False
    import jiwer

    before, middle = _canon(said[: at[0]]), _canon(heard.split())
    ref, hyp = _canon(written), before + middle + _canon(said[at[1] :])
    if not hyp or ref == hyp:
        return bool(hyp)
    k, m = len(before), len(middle)
    for chunk in jiwer.process_words(" ".join(ref), " ".join(hyp)).alignments[0]:
        hs, he = chunk.hyp_start_idx, chunk.hyp_end_idx
        if chunk.type == "equal":
            continue
        if (hs < k + m and he > k) if m else (hs == k if chunk.type == "delete" else hs < k < he):
            return False
    return True


def _runs(steps: Sequence[Step], changes: Sequence[Change]) -> list[tuple[int, int, list[Change]]]:
    """``(first step, last step, changes touched)`` of each run of steps that are not equal, and of
    each change, overlapping ones merged, in order."""
    runs: list[tuple[int, int, list[Change]]] = []
    for change in changes:
        inside = [i for i, s in enumerate(steps) if s.kind != "insert" and change.start <= s.at < change.end]
        if inside:
            runs.append((inside[0], inside[-1], [change]))
    i = 0
    while i < len(steps):
        j = i
        while steps[i].kind != "equal" and j + 1 < len(steps) and steps[j + 1].kind != "equal":
            j += 1
        if steps[i].kind != "equal":
            runs.append((i, j, []))
        i = j + 1
    merged: list[tuple[int, int, list[Change]]] = []
    for first, last, touched in sorted(runs, key=lambda r: (r[0], r[1])):
        if merged and first <= merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], last), prev[2] + [c for c in touched if c not in prev[2]])
        else:
            merged.append((first, last, touched))
    return merged


# ---------------------------------------------------------------- how alike


def far(written: str, heard: str, language: str, said: str = "") -> bool:
    """True when ``heard`` is far from the ``written`` words: nothing heard, or less than :data:`FAR`
    alike in sound, and not an abbreviation of what was heard from one of its words on ("MoE" heard
    "mixture of experts", "Li-ion" heard "a lithium ion"), nor an expansion heard like the ``said``
    words (:func:`_expansion`: "NaCl" said and heard "sodium chloride")."""
    if not heard.strip():
        return True
    if said and _expansion(written, said, heard, language):
        return False
    letters = re.sub(r"\W", "", written.lower())
    words = [re.sub(r"\W", "", w) for w in heard.lower().split()]
    if letters and any(_abbreviates(letters, "".join(words[i:])) for i in range(len(words))):
        return False
    return alike(written, heard, language) < FAR


def _expansion(written: str, said: str, heard: str, language: str) -> bool:
    """A written abbreviation, formula or acronym (:func:`abbreviation`) said as its words and heard
    as said, or as something that sounds like it (:data:`SOUNDS_ALIKE`): the lexicon entry or the
    normaliser does its job, however far the words are from the letters. Heard exactly as said
    ("NaCl" said and heard "sodium chloride") it is no difference; one sound off ("sodium
    chlorite") it is a misheard word of the entry, not one far from the written word."""
    if not abbreviation(written) or not heard.strip() or not said.strip():
        return False
    return not _misheard(said, heard) or alike(said, heard, language) >= SOUNDS_ALIKE


def abbreviation(written: str) -> bool:
    """Every written word with letters in ``written`` is an abbreviation, a formula or an acronym:
    letters with digits ("H2O", "K3"), two capitals or more ("NaCl", "MoE", "NASA"), a capital after
    a small letter ("pH", "iPhone"), or no vowel ("kg", "Dr")."""
    tokens = [t for t in _FINE.findall(written) if re.search(r"[^\W\d_]", t)]
    return bool(tokens) and all(
        re.search(r"\d", t)
        or sum(ch.isupper() for ch in t) >= 2
        or re.search(r"[a-z][A-Z]", t)
        or not re.search(r"[aeiouyAEIOUY]", t)
        for t in tokens
    )


def _abbreviates(short: str, long: str) -> bool:
    """``short`` is an abbreviation of ``long``: the same first letter, and its letters in order in
    ``long`` ("li ion" of "lithium ion", "moe" of "mixture of experts", "kg" of "kilograms")."""
    if not long or short[0] != long[0]:
        return False
    rest = iter(long)
    return all(ch in rest for ch in short)


def alike(a: str, b: str, language: str) -> float:
    """How alike two texts sound, 0-100: the Levenshtein ratio (rapidfuzz) of their IPA as espeak-ng
    reads it in ``language`` (stress and length marks left out); of their letters when the
    espeak-ng bridge (piper-tts) is not installed."""
    from rapidfuzz import fuzz

    return float(fuzz.ratio(_sound(a, language), _sound(b, language)))


@lru_cache(maxsize=4096)
def _sound(text: str, language: str) -> str:
    try:
        from narrate.speech.engines.phonemes import espeak_ipa

        ipa = "".join(c.phonemes for c in espeak_ipa(text, language.lower()))
    except (ImportError, RuntimeError):
        try:
            ipa = "".join(c.phonemes for c in espeak_ipa(text, language.split("-")[0].lower()))
        except (ImportError, RuntimeError):
            return re.sub(r"\W", "", text.lower())
    return re.sub(r"[\sˈˌːˑ‿]", "", ipa)


# ---------------------------------------------------------------- ranking


_SHORT = 3
"""Letters in a word short enough that one such word dropped, added or swapped is a usual slur."""


@dataclass
class _Group:
    written: str
    said: str
    heard: str
    places: list[int]
    entry: str
    changed: bool
    cue: tuple[str, str, str]
    suggestion: str | None
    beside: bool = False
    script: str = ""


def rank(
    cues: Sequence,
    language: str,
    sources: Mapping[str, str] | None = None,
    plain: Normalise | None = None,
) -> list[Finding]:
    """The findings of one episode's misheard cues (:class:`narrate.proof.report.MisheardCue`, in
    time order), highest score first (then time). ``sources``: written word of a lexicon entry →
    ``file:line``, named with the entry. ``plain``: text → its normalised spoken words (no
    lexicon), to give the author's spelling of misheard words ("K3" for "k 3")."""
    groups: dict[tuple[str, str], _Group] = {}
    word_places: dict[str, set[int]] = {}
    for cue in cues:
        for d in cue.differences:
            written = d.written or d.said
            key = (written.lower(), "" if written else d.heard)
            group = groups.get(key)
            if group is None:
                if not d.written and d.said and plain is not None:
                    written = _as_written(cue.written or cue.said, d.said.split(), plain)
                texts = (cue.written or cue.said, cue.said, cue.heard or "(nothing)")
                group = groups[key] = _Group(
                    written, d.said, d.heard, [], d.entry, bool(d.written), texts, cue.suggestion, d.beside
                )
                group.script = _script(cue.said, d.said, d.entry, plain)
            group.beside = group.beside and d.beside
            if cue.start_ms not in group.places:
                group.places.append(cue.start_ms)
            for word in d.said.split():  # a word misheard here (not heard in the words heard)
                if len(word) > _SHORT and word not in d.heard:
                    word_places.setdefault(word, set()).add(cue.start_ms)
    found = [_finding(g, word_places, language, sources or {}) for g in groups.values()]
    return sorted(found, key=lambda f: (-f.score, f.places[0]))


def _finding(group: _Group, word_places: Mapping[str, set[int]], language: str, sources: Mapping[str, str]) -> Finding:
    reasons: list[str] = []
    score = 0
    if group.changed:
        reasons.append("lexicon" if group.entry else "changed")
        if far(group.written, group.heard, language, group.said):
            reasons.append("far")
            score += 1000
        elif group.entry:
            score += 200
    slur = (group.beside or _slur(group.said, group.heard, language)) and not group.changed
    if not slur:
        reasons.append("unexplained")
        score += 100
    cue_written = group.cue[0]
    for kind, hit in (("name", _is_name(group.written, cue_written)), ("number", _has_number(group))):
        if hit:
            reasons.append(kind)
            score += 100
    places = len(group.places)
    for word in group.said.split():
        places = max(places, len(word_places.get(word, ())))
    if places > 1:
        reasons.append("repeated")
        score += (20 if slur else 40) * min(places - 1, 4)  # a slur alone never reaches WORTH
    if slur:
        reasons.append("slur")
    if group.beside:
        reasons.append("beside")
    entry = group.entry or None
    if entry:
        entry = "; ".join(_with_source(e, sources) for e in entry.split("; "))
    return Finding(
        written=group.written,
        said=group.said,
        heard=group.heard,
        places=tuple(group.places),
        reasons=tuple(reasons),
        score=score,
        worth=score >= WORTH,
        lexicon=entry,
        cue_written=cue_written,
        cue_said=group.cue[1],
        cue_heard=group.cue[2],
        suggestion=None if entry else group.suggestion,
        script=group.script,
    )


def merge(episodes: Sequence[tuple[str, Sequence[Finding]]]) -> list[Finding]:
    """The findings of a course: each episode's (``(episode name, ranked findings)``, in course
    order) grouped by their written words (words heard where nothing was said: by what was heard),
    highest score first (then course order). A merged finding is scored and explained as its
    best-scored episode's and shows its first place's cue, with every place (``places`` and ``episodes`` side by side, in course order) and, heard in several
    places, scored higher as :func:`rank` does (a slur still never reaches :data:`WORTH`)."""
    groups: dict[tuple[str, str], list[tuple[int, str, Finding]]] = {}
    for order, (name, findings) in enumerate(episodes):
        for f in findings:
            key = (f.written.lower(), "" if f.written else f.heard)
            groups.setdefault(key, []).append((order, name, f))
    merged: list[tuple[int, int, Finding]] = []
    for group in groups.values():
        _, _, best = max(group, key=lambda g: (g[2].score, -g[0]))
        places = tuple(ms for _, _, f in group for ms in f.places)
        names = tuple(name for _, name, f in group for _ in f.places)
        slur = "slur" in best.reasons
        score = best.score + (20 if slur else 40) * min(len(places) - len(best.places), 4)
        score = min(score, WORTH - 1) if slur else score
        reasons = best.reasons if len(places) == 1 or "repeated" in best.reasons else (*best.reasons, "repeated")
        first = group[0][2]  # its first place's cue is shown
        found = replace(
            first,
            places=places,
            episodes=names,
            score=score,
            worth=score >= WORTH,
            reasons=reasons,
            lexicon=best.lexicon or first.lexicon,
        )
        merged.append((group[0][0], places[0], found))
    return [f for _, _, f in sorted(merged, key=lambda m: (-m[2].score, m[0], m[1]))]


def _with_source(entry: str, sources: Mapping[str, str]) -> str:
    where = sources.get(entry.split(": ", 1)[0])
    return f"{entry} ({where})" if where else entry


def _slur(said: str, heard: str, language: str) -> bool:
    """What the engine's floor explains: one short word dropped, added or swapped, or words heard
    that sound like those said (:data:`SOUNDS_ALIKE`)."""
    words = said.split() + heard.split()
    if len(said.split()) <= 1 and len(heard.split()) <= 1 and all(len(w) <= _SHORT for w in words):
        return True
    if not said or not heard:
        return False
    return alike(said, heard, language) >= SOUNDS_ALIKE


def _is_name(written: str, text: str) -> bool:
    """A written word is a name: letters mixed with digits (K3), or capitalised inside a sentence
    that is not itself in title case."""
    tokens = _TOKEN.findall(text)
    lowered = [_bare(t) for t in tokens]
    capitalised = sum(t[:1].isupper() for t in tokens)
    title_case = len(tokens) > 1 and capitalised * 2 > len(tokens)
    for word in written.split():
        if re.search(r"[^\W\d]", word) and re.search(r"\d", word):
            return True
        if _bare(word) not in lowered:
            continue
        i = lowered.index(_bare(word))
        original = tokens[i]
        if len(original) < 2:  # a single letter: an option's, or "a"
            continue
        if original.isupper():
            return True
        if i > 0 and original[:1].isupper() and not title_case and not _sentence_start(text, original):
            return True
    return False


def _bare(token: str) -> str:
    """A written token in lower case without its possessive ("okonkwo" of "Okonkwo's")."""
    return re.sub(r"['’]s$", "", token.lower())


def _sentence_start(text: str, token: str) -> bool:
    """``token`` (its first occurrence) starts ``text`` or a sentence or clause after ``. ! ? :``."""
    at = text.find(token)
    return at <= 0 or bool(re.search(r"[.!?:][\s\"'“‘(]*$", text[:at]))


def _has_number(group: _Group) -> bool:
    """Digits in the written words or the script's; or said words normalised to digits that the
    script did not spell "oh" ("ninety" is a number, the "oh" of a respelling "oh konk woh" is not)."""
    if any(ch.isdigit() for ch in group.written + group.script):
        return True
    spelt_oh = re.search(r"\b(?:oh|o)\b", group.script, re.IGNORECASE)
    return any(ch.isdigit() for ch in group.said) and not spelt_oh


def _script(cue_said: str, said: str, entry: str, plain: Normalise | None) -> str:
    """The script's spelling of a difference's ``said`` words (normalised): the lexicon ``entry``'s
    spoken side when it is one entry (not IPA), else the fewest script tokens in a row that
    normalise to them; "" when none do."""
    if entry and "; " not in entry:
        spoken = entry.split(": ", 1)[1].strip()
        if not spoken.startswith("/"):
            return spoken
    if not said or plain is None:
        return ""
    wanted = said.split()
    for tokens in (_TOKEN.findall(cue_said), _BARE.findall(cue_said)):  # then "woh" of "woh's" on its own
        for n in range(1, len(wanted) + 3):
            for i in range(len(tokens) - n + 1):
                if plain(" ".join(tokens[i : i + n])) == wanted:
                    return " ".join(tokens[i : i + n])
    return ""


_BARE = re.compile(r"[^\W_](?:[\w.-]*[^\W_])?")
"""Script tokens split at apostrophes too (the scoring normaliser reads "woh's" as "woh is")."""


# ---------------------------------------------------------------- where an entry is written


def lexicon_sources(course_yaml: Path | None, extra: Path | None = None) -> dict[str, str]:
    """Written word of each lexicon entry → ``file:line`` where it is given: course.yaml's
    ``lexicon:``, the ``lexicon_file`` it names, then ``extra`` (``--lexicon``), later over earlier.
    Best effort: a file that cannot be read adds nothing (the build has read and checked them)."""
    from narrate.yamlio import LineDict, load_yaml

    found: dict[str, str] = {}

    def add(path: Path, entries) -> None:
        if isinstance(entries, LineDict):
            for key in entries:
                found[str(key)] = f"{path}:{entries.line_of(key)}"

    def read(path: Path):
        try:
            if path.suffix.lower() in (".pls", ".xml"):
                from narrate.pls import read_pls

                return read_pls(path.read_bytes())[0]
            return load_yaml(path)
        except Exception:  # noqa: BLE001 - best effort: the build reported any problem already
            return None

    if course_yaml is not None:
        data = read(Path(course_yaml))
        if isinstance(data, dict):
            add(Path(course_yaml), data.get("lexicon"))
            named = data.get("lexicon_file")
            if isinstance(named, str) and named.strip():
                path = Path(course_yaml).parent / named
                add(path, read(path))
    if extra is not None:
        add(Path(extra), read(Path(extra)))
    return found
