"""Pronunciation lexicon: apply it to written text, and report tokens it should cover.

A lexicon maps a written token to what the engine should read instead, e.g.
``{"MoE": "mixture of experts", "K3": "K three"}``, or to its pronunciation in IPA between slashes
(``{"ciabatta": "/tʃəˈbɑːtə/"}``), which engines that take phonemes speak (``narrate.speech.pronounce``). Matching is whole-word and case-aware:
``"MoE"`` does not match ``"moe"``; an all-lower-case key also matches its capitalised form at the
start of a sentence (``"kimi"`` matches ``"Kimi"``, and the replacement is capitalised too). A
replacement that starts a sentence keeps the sentence's capital (``{"Photosystem II": "photosystem
two"}``: ``"Photosystem II splits water."`` -> ``"Photosystem two splits water."``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from narrate.setting_kinds import ipa_of
from narrate.text.common import CODE_SPAN
from narrate.text.languages.en import ABBREVIATIONS


def pronunciations(lexicon: Mapping[str, str]) -> dict[str, str]:
    """The entries of ``lexicon`` that give IPA: written word → IPA (without the slashes)."""
    found = {}
    for word, value in lexicon.items():
        ipa = ipa_of(value)
        if ipa is not None:
            found[word] = ipa
    return found


# written abbreviations that narrate.text.normalize expands or reads well (lower case, with their dots)
"""Abbreviations that end no sentence when a number follows ("Vol. 2", "sec. 4", "5 in. 3 ft."),
but may end one otherwise ("Put it in. Then ...")."""


@dataclass(frozen=True)
class Finding:
    """A token the engine is likely to mispronounce that the lexicon does not cover.

    ``reason`` is one of ``"acronym"``, ``"letters and digits"``, ``"abbreviation"``; ``file`` and
    ``line`` (1-based, 0 when unknown) give its first occurrence.
    """

    token: str
    reason: str
    file: Path | None
    line: int


@lru_cache(maxsize=64)
def _lexicon_pattern(keys: tuple[str, ...]) -> re.Pattern:
    alts = set(keys)
    alts.update(k[0].upper() + k[1:] for k in keys if k.islower())
    body = "|".join(re.escape(k) for k in sorted(alts, key=lambda k: (-len(k), k)))
    return re.compile(r"(?<!\w)(?:" + body + r")(?!\w)")


def apply_lexicon(text: str, lexicon: Mapping[str, str]) -> str:
    """Replace each whole-word, case-exact occurrence of a lexicon key by its value (one pass:
    replacements are not rescanned; the longest key wins). Entries that give IPA (``/.../``) are
    left for the speech stage (``narrate.speech.pronounce``): their words stay as written."""
    keys = tuple(sorted(k for k, v in lexicon.items() if k and k.strip() and ipa_of(v) is None))
    if not keys:
        return text

    def repl(m: re.Match) -> str:
        word = m.group(0)
        value = lexicon[word] if word in lexicon else lexicon[word[0].lower() + word[1:]]
        if word[:1].isupper() and (word not in lexicon or _starts_sentence(m.string, m.start())):
            return value[:1].upper() + value[1:]
        return value

    return _lexicon_pattern(keys).sub(repl, text)


def _starts_sentence(text: str, at: int) -> bool:
    """True when ``text[at]`` starts the text or a sentence (after ``. ! ? :`` or a line break, then
    spaces, quotes or an opening bracket). Looks back only over those characters."""
    j = at
    while j > 0 and text[j - 1] in "\"'“‘([":
        j -= 1
    spaces = j
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    return j == 0 or text[j - 1] == "\n" or (text[j - 1] in ".!?:" and j < spaces)


def covered_spans(text: str, lexicon: Mapping[str, str]) -> list[tuple[int, int]]:
    """``(start, end)`` of every lexicon match in ``text`` (multi-word entries too), as
    :func:`apply_lexicon` would replace them."""
    keys = tuple(sorted(k for k in lexicon if k and k.strip()))
    return [m.span() for m in _lexicon_pattern(keys).finditer(text)] if keys else []


_LETTER_NAMES = re.compile(r"[A-Z][a-z]{2,}|[A-Za-z]|\d+(?:\.\d+)*")


def suggest_spoken(token: str) -> str:
    """A spoken form to start a lexicon entry from: capitals and short runs spelled out, numbers in
    words, capitalised words kept. ``"K3"`` -> ``"K three"``, ``"LatentMoE"`` -> ``"Latent M O E"``,
    ``"GPT-5.6"`` -> ``"G P T five point six"``, ``"U.S."`` -> ``"U S"``."""
    from narrate.text.languages.en import decimal

    words = []
    for part in _LETTER_NAMES.findall(token):
        if part[0].isdigit():
            words.append(" point ".join(decimal(p) for p in part.split(".")))
        else:
            words.append(part.upper() if len(part) == 1 else part)
    return " ".join(words)


_TOKEN = re.compile(r"[^\s()\[\]{}\"“”‘’,;:!?/]+")
_LETTER_DIGIT = re.compile(r"(?<![A-Za-z\d.])[A-Za-z]+-?\d+(?:\.\d+)*[A-Za-z]*")
_DIGIT_LETTER = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?([A-Za-z]+)")
_HANDLED_SUFFIX = frozenset(
    {
        "st",
        "nd",
        "rd",
        "th",
        "s",
        "k",
        "K",
        "M",
        "B",
        "T",
        "bn",
        "x",
        "am",
        "pm",
        "AM",
        "PM",
        "km",
        "cm",
        "mm",
        "kg",
        "mg",
        "ms",
        "GB",
        "MB",
        "TB",
        "KB",
        "kB",
        "GHz",
        "MHz",
        "kHz",
        "Hz",
        "kW",
        "kWh",
        "mph",
    }
)
_SHOUTING = re.compile(r"\b[A-Z]{2,}(?:[\s,:-]+[A-Z]{2,}){2,}\b")
_LETTERS = re.compile(r"[A-Za-z]{2,}")
_NOT_ACRONYMS = frozenset({"AM", "PM", "OK"})


_CAPS = re.compile(r"[A-Z]{2}|[A-Z][a-z][A-Z]")


def _is_acronym(word: str) -> bool:
    """Two capitals in a row or around one lower-case letter: "RL", "KDA", "MoE", "LatentMoE"."""
    return bool(_CAPS.search(word)) and word not in _NOT_ACRONYMS


def _scan(text: str) -> Iterable[tuple[str, str, int]]:
    """Yield (token, reason, offset) for every suspicious token of one text."""
    shouting = [m.span() for m in _SHOUTING.finditer(text)]
    for m in _TOKEN.finditer(text):
        if any(a <= m.start() < b for a, b in shouting):
            continue
        raw = m.group(0).strip("'’-")
        tok = raw.rstrip(".")
        if not tok:
            continue
        if any(c.isdigit() for c in tok):
            for d in _LETTER_DIGIT.finditer(tok):
                yield d.group(0), "letters and digits", m.start()
            for d in _DIGIT_LETTER.finditer(tok):
                if d.group(1) not in _HANDLED_SUFFIX:
                    yield d.group(0), "letters and digits", m.start()
            continue
        if raw.endswith(".") and tok.isascii():
            after = text[m.end() : m.end() + 2].strip()[:1]
            dotted = "." in tok
            if (
                (dotted or (after.islower() and len(tok) <= 5))
                and raw.lower() not in ABBREVIATIONS
                and not (len(tok) == 1 and tok.isupper())
            ):
                yield raw, "abbreviation", m.start()
                continue
        for part in tok.split("-"):
            if part.isalpha() and part.isascii() and _is_acronym(part):
                yield part, "acronym", m.start()


def lexicon_report(items: Iterable[tuple[str, Path | None, int]], lexicon: Mapping[str, str]) -> list[Finding]:
    """Tokens an engine is likely to mispronounce that ``lexicon`` does not cover.

    ``items`` are ``(written text, file, line of the text's first line)``. Flags acronyms (two or more
    capitals close together: "MoE", "RL", "KDA", "LatentMoE"), letter-digit mixes ("K3", "GPT-5.6"; not numbers the speech stage
    reads itself, such as "21st", "7B", "10x", "1990s") and unknown abbreviations ("approx." is
    known; "Corp." is known; "U.S." is not); code spans are read as code and not looked at. One finding per token (its first occurrence), sorted by
    token case-insensitively, then by token.
    """
    seen: dict[str, Finding] = {}
    for text, file, line in items:
        text = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)  # code is read as code
        for start, end in covered_spans(text, lexicon):  # words an entry covers are not reported
            text = text[:start] + " " * (end - start) + text[end:]
        for token, reason, offset in _scan(text):
            if token in lexicon or token in seen:
                continue
            letters = _LETTERS.match(token)
            if reason == "letters and digits" and letters and letters.group(0) in lexicon:
                continue
            seen[token] = Finding(token, reason, file, line + text.count("\n", 0, offset))
    return sorted(seen.values(), key=lambda f: (f.token.casefold(), f.token))
