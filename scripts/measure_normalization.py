#!/usr/bin/env python3
"""Measure narrate's text normaliser on public text-normalisation data (issue 23, point 6).

Usage (from the repository root)::

    .venv/bin/python scripts/measure_normalization.py --google DATA/GoogleTN.json \\
        --libritts DATA/LibriTTS.json --nemo-tests DATA/nemo --show-misses 5
    .venv/bin/python scripts/measure_normalization.py --table TABLE.tsv --exact
    .venv/bin/python scripts/measure_normalization.py --google DATA/GoogleTN.json --limit 500

Every written text goes through ``narrate.text.normalize.spoken(text, language=...)`` of this
checkout (not of an installed copy), and the script prints, per source, ``passed/total (pct)`` per
language and per class. Only figures go to stdout: ratios, no timing and no assertion; with
``--show-misses K`` also up to K misses a class (``written | expected | narrate``), for the
developer's eyes only: never commit them, nor anything of the data. A progress count and the time
taken go to stderr. The header line names the date and the git commit measured (and says when
``narrate/text/`` has uncommitted changes). ``--dump-misses FILE`` writes every miss as JSON lines
(source, language, class, written, expected, narrate, sentence) to group them; ``--jobs N``
normalises in N processes (one by default: about 0.5 ms a sentence, some 10 s for all three sources).

Getting the data (keep it outside the checkout and pass its paths): it comes from the repository
``NVIDIA/NeMo-text-processing`` (a git clone or snapshot of it at ``$NEMO``)::

    mkdir -p DATA/nemo
    git -C $NEMO show HEAD:data/GoogleTN.json > DATA/GoogleTN.json
    git -C $NEMO show HEAD:data/LibriTTS.json > DATA/LibriTTS.json
    for f in $(git -C $NEMO ls-tree -r --name-only HEAD tests/nemo_text_processing \\
               | grep -E '/(en|de|es|fr|it|sv)/data_text_normalization/test_cases_'); do
        lang=$(echo $f | cut -d/ -f3); cls=$(basename $f .txt); cls=${cls#test_cases_}
        mkdir -p DATA/nemo/$lang && git -C $NEMO show HEAD:$f > DATA/nemo/$lang/$cls.txt
    done

Sources:

``--google FILE``: ``data/GoogleTN.json`` of that repository, 7,551 sentences of the English test
data of Sproat & Jaitly's Google text normalization corpus: JSON lines ``{"text": ...,
"gt_normalized": ...}``, tokens separated by spaces (``July 25 , 2012 .``, quotes as `````` and
``''``). Before narrate sees a sentence it is de-tokenised lightly (:func:`detokenize`: ``25 , 2012
.`` -> ``25, 2012.``, ``( x )`` -> ``(x)``, ``it 's`` -> ``it's``, ```` x ''`` -> ``"x"``,
``http : //`` -> ``http://``, and what the data's tokeniser split off numbers: ``$ 300`` ->
``$300``, ``# 7`` -> ``#7``, ``1624 - 1713`` -> ``1624-1713``, ``1 -7`` -> ``1-7``, ``PC- 16`` ->
``PC-16``). Other splits stay (``toxicity / carcinogenicity``, ``182 : 1``, ``p .300``): narrate
reads them as written. The data is US
English (``en-us``): ``two thousand one``, no ``and`` in numbers, years in pairs, ``o`` for a zero
digit, US spellings (``organization``, ``meters``).

The file has no class labels per token, so the classes are recovered thus:

1. The written and the expected token lists are aligned (``difflib``, on the tokens with their outer
   punctuation stripped, case kept); each differing run is narrowed by leaving out the words at its
   ends that the expected side says as written (``A .`` -> ``a``, ``IUCN`` -> ``i u c n``; never a
   month or a weekday), and if the written and expected runs still differ under the lenient
   comparison, the run is a *semiotic token* (``July 25 , 2012`` -> ``july twenty fifth twenty
   twelve``). Its written span takes the symbol tokens next to it (``$``, ``#``, ``-``).
2. Its class is guessed by regular expressions on the written span, helped by the expected words
   (:func:`rough_class`, in this order: electronic, numeric date, time, money, telephone (ISBNs
   too, as the data does), date (month name with a number, decade, era, a 4-digit number said as
   a year), fraction, ordinal (``21st``, a Roman numeral said ``the eighth``), Roman numeral
   otherwise cardinal, decimal, cardinal (``#7``, ``No. 7`` too), measure (a number and a unit),
   serial (other mixes of letters and digits), letters (spelled acronyms), verbatim (no letter
   or digit: ``Δ``, ``_``), spelling (a word said as a near-identical word: US spelling of a UK
   word, ``organisation`` -> ``organization``: not counted in the token total), abbreviation
   (``ltd`` -> ``limited``, ``Mr.``)). A guess: read the misses to see what a class holds. A
   spelled acronym (``NASA`` -> ``n a s a``) equals narrate's ``NASA`` once spaces are removed, so
   letters are not measured.
3. The lenient words of the expected sentence are aligned with narrate's. A semiotic token passes
   when none of its expected words is in a differing run (runs that differ only in spaces count as
   equal); a differing run outside every semiotic token counts as *plain*: narrate changed text
   that the data leaves as written (``Mr.`` -> ``mister``, a dropped ``(GPS)`` after its expansion).

Printed: sentences equal under the lenient comparison; the same when differences in ``spelling``
tokens are not counted; sentences with a plain change; per class ``passed/total``.

``--libritts FILE``: ``data/LibriTTS.json`` of the same repository: 7,677 LibriTTS sentences whose
normalised text differs from the written one (``{"text", "gt_normalized", ...}``, ordinary text,
not tokenised; chapter headings with Roman numerals, years, ``Mr.`` kept as ``mr``). Measured like
Google TN (the same alignment and classes), as ``en-us``.

``--nemo-tests DIR``: NeMo text processing's per-class text-normalisation test cases,
``tests/nemo_text_processing/<lang>/data_text_normalization/test_cases_<class>.txt``, extracted as
``DIR/<lang>/<class>.txt``. A line is ``written~spoken`` (more ``~spoken`` alternatives may follow:
any of them passes), except German, whose files hold ``spoken~written`` (its tests call
``test_norm(self, expected, test_input)``). By default the classes of :data:`NEMO_CLASSES` are
measured, 1,443 cases in en, de, es, fr, it and sv: the semiotic classes and ``whitelist``
(abbreviations), not the ``word`` and ``punctuation`` files, which test plain text, nor
``normalize_with_audio``, whose format is ``~written`` then one acceptable reading a line;
``--nemo-classes a,b`` or ``all`` choose others. NeMo's tests compare exactly; here they are
compared leniently, as the issue's baseline was (that baseline is reproduced with
``--german-endings``: the class figures it quotes exactly, the languages within 1.2 points).

``--table TSV``: a table of cases of narrate's own (any number of ``--table``): tab-separated
``language, class, written, spoken``, more columns being other acceptable spoken forms;
``language`` is narrate's tag (``en-us``, ``en-gb``, ``de``, ...); blank lines, lines starting with
``#`` and a first line starting ``language`` are skipped. Compared leniently, or with ``--exact``
with only runs of whitespace made one space.

Lenient comparison (every source): NFKD, combining marks dropped (accents), lower case, every
punctuation or symbol character (hyphens, apostrophes, quotes, ``$``, ``/``) made a space, the word
``and`` dropped and ``oh`` taken as ``o`` in English, then spaces removed (``vier und zwanzig`` =
``vierundzwanzig``, ``seventy-five`` = ``seventy five``). ``--german-endings`` also ignores the case
ending of German words in -ter/-ten/-tem/-tes (``ersten Januar`` = ``erster januar``: narrate says
the dative a sentence usually needs, NeMo's cases the nominative). Languages: NeMo's ``en`` is
narrate's ``en-us``, the others are themselves. Narrate leaves some symbols and abbreviations of
languages other than English to the speech engine (``-60`` -> ``-sechzig``); those count as misses here:
this measures the text stage only.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import difflib
import functools
import json
import re
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # measure this checkout, whatever is installed

LANGUAGES = {"en": "en-us", "de": "de", "es": "es", "fr": "fr", "it": "it", "sv": "sv"}
"""NeMo test folder -> narrate's language tag."""

SPOKEN_FIRST = {"de"}
"""NeMo test folders whose ``test_cases_*.txt`` lines are ``spoken~written``."""

NEMO_CLASSES = (
    "cardinal",
    "ordinal",
    "decimal",
    "fraction",
    "money",
    "measure",
    "date",
    "time",
    "telephone",
    "electronic",
    "address",
    "math",
    "range",
    "roman",
    "serial",
    "special_text",
    "whitelist",
)
"""NeMo test classes measured by default (those present in a language's folder): 1,443 cases, the
issue's baseline set (``whitelist``: abbreviations such as ``Dr.``, ``Mrs.``)."""

GOOGLE_CLASSES = (
    "date",
    "cardinal",
    "ordinal",
    "decimal",
    "fraction",
    "money",
    "measure",
    "time",
    "telephone",
    "electronic",
    "letters",
    "serial",
    "verbatim",
    "abbreviation",
)


# ---------------------------------------------------------------- lenient comparison


GERMAN_ENDINGS = re.compile(r"(?<=te)[rnms]$")
"""With ``--german-endings``: the case ending of a German word in -ter/-ten/-tem/-tes (an ordinal's
inflection: ``ersten Januar`` = ``erster januar``) is ignored."""


def lenient_words(text: str, language: str, german_endings: bool = False) -> list[str]:
    """Words of ``text`` for the lenient comparison: no accents, lower case, punctuation and symbols
    as spaces, English ``and`` dropped and ``oh`` read as ``o``."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = "".join(" " if unicodedata.category(c)[0] in "PSZC" else c for c in text)
    words = text.split()
    primary = language.lower().split("-")[0]
    if primary == "en":  # "nineteen oh five" = "nineteen o five" (the Google data's spelling)
        words = ["o" if w == "oh" else w for w in words if w != "and"]
    if german_endings and primary == "de":
        words = [GERMAN_ENDINGS.sub("", w) for w in words]
    return words


def lenient(text: str, language: str = "en", german_endings: bool = False) -> str:
    return "".join(lenient_words(text, language, german_endings))


def exact(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- Google TN de-tokenising

_NO_SPACE_BEFORE = {",", ".", ";", ":", "!", "?", ")", "]", "}", "...", "'s", "n't", "'re", "'ll", "'ve", "'m", "'d"}
_NO_SPACE_AFTER = {"(", "[", "{"}
_QUOTES = {"``", "''", '"'}


_SYMBOL_NUMBER = re.compile(r"(?<![\w$£€¥#])([$£€¥#]) (?=\d)")
_NUMBER_RANGE = re.compile(r"(?<=\d) -(?: (?=\d)|(?=\d))|(?<=\w)- (?=\w)")


def detokenize(text: str) -> str:
    """``Hello , `` world '' ( x ) .`` -> ``Hello, "world" (x).``; ``$ 300`` -> ``$300``, ``# 7`` ->
    ``#7``, ``1624 - 1713`` -> ``1624-1713``, ``PC- 16`` -> ``PC-16`` (the data's tokeniser split them)."""
    out: list[str] = []
    glue = True  # no space before the next token
    open_quote = False
    for token in text.split():
        if token in _QUOTES:
            if open_quote:
                out.append('"')
                glue = False
            else:
                out.append('"' if glue else ' "')
                glue = True
            open_quote = not open_quote
            continue
        if (
            token in _NO_SPACE_BEFORE
            or token.lower() in _NO_SPACE_BEFORE
            or (token.startswith("//") and out[-1:] == [":"])
        ):
            out.append(token)
        else:
            out.append(token if glue else " " + token)
        glue = token in _NO_SPACE_AFTER
    text = "".join(out)
    text = _SYMBOL_NUMBER.sub(r"\1", text)  # "$ 300" -> "$300", "# 7" -> "#7"
    return _NUMBER_RANGE.sub("-", text)  # "1624 - 1713", "1 -7", "PC- 16" -> "1624-1713", "1-7", "PC-16"


# ---------------------------------------------------------------- classes of Google TN tokens

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_RE = {
    "electronic": re.compile(r"://|\bwww\.|@|\.(?:com|org|net|edu|gov|html?|php|aspx?|co\.uk)\b|^#\w", re.I),
    "numeric_date": re.compile(
        r"^(?:1[0-9]|20)\d\d\s*([-/.])\s*(?:0?[1-9]|1[0-2])\s*\1\s*(?:0?[1-9]|[12]\d|3[01])$"
        r"|^(?:0?[1-9]|[12]\d|3[01])\s*([-/.])\s*(?:0?[1-9]|[12]\d|3[01])\s*\2\s*(?:\d\d|1[0-9]\d\d|20\d\d)$"
    ),
    "telephone": re.compile(r"^\+?\s*\(?\d{1,5}\)?(?:\s*[-. ]\s*\(?\d{1,7}\)?){2,}(?:\s*x\s*\d+)?$"),
    "time": re.compile(
        r"^\d{1,2}\s*:\s*\d{2}(?:\s*:\s*\d{2})?(?:\s*[ap]\.?\s*m\.?)?(?:\s*[A-Z]{2,4})?$"
        r"|^\d{1,2}(?:\s*\.\s*\d{2})?\s*[ap]\.?\s*m\.?$",
        re.I,
    ),
    "money": re.compile(r"[$€£¥₩₹₽¢]|\b(?:usd|eur|gbp|jpy|inr|aud|cad)\b", re.I),
    "money_words": re.compile(r"\b(?:dollars?|cents?|euros?|yen|pence|pounds? sterling|rupees?|francs?|yuan)\b"),
    "month": re.compile(rf"(?:^|\s){_MONTH}(?:\s|,|$)", re.I),
    "decade": re.compile(r"^'?\d{2,4}0\s*'?s$"),
    "era": re.compile(r"\d\s*(?:BC|AD|BCE|CE|B\.\s?C\.?|A\.\s?D\.?)$"),
    "fraction": re.compile(r"\d\s*/\s*\d|[½⅓⅔¼¾⅛⅜⅝⅞]"),
    "ordinal": re.compile(r"^\d[\d,]*\s*(?:st|nd|rd|th)\.?$", re.I),
    "roman": re.compile(r"^[IVXLCDM]+\.?$"),
    "decimal": re.compile(r"^-?\d[\d,]*\.\d+(?:\s+(?:thousand|million|billion|trillion))?$|^-?\.\d+$", re.I),
    "cardinal": re.compile(r"^[-−]?\d[\d,]*(?:\s+(?:thousand|million|billion|trillion))?$", re.I),
    "year": re.compile(r"^\d{4}$"),
    "measure": re.compile(
        r"\d\s*(?:/\s*)?(?P<u>%|percent|[°º]\s?[CFK]?|[µμ]?[A-Za-z]{1,4}[²³23]?(?:\s?/\s?[A-Za-z]{1,3}[²³23]?)?)\.?$"
    ),
    "isbn": re.compile(r"\bIS[BS]N\b|\d+(?:\s?-\s?\d+){3,}"),
    "number_sign": re.compile(r"^(?:#|No\.?)\s*\d[\d,]*$"),
    "letters": re.compile(r"^(?:[A-Za-z]\.?){1,8}'?s?$"),
}
_ORDINAL_WORDS = re.compile(r"(?:first|second|third|th)$")
_SPELLED = re.compile(r"[a-z](?: [a-z])*(?: ?'s)?")
_OUTER = "()[]{}\"'`.,;:!?"


def rough_class(written: str, expected: str) -> str:
    """The class of a semiotic token of Google TN (written span, expected span), by regex."""
    w = written.strip(_OUTER)
    e = expected.lower()
    digit = bool(re.search(r"\d", w))
    if _RE["electronic"].search(w) or (" dot " in f" {e} " and "." in w and " " not in w):
        return "electronic"
    if _RE["numeric_date"].match(w):
        return "date"
    if _RE["time"].match(w):
        return "time"
    if _RE["money"].search(w) or (digit and _RE["money_words"].search(e)):
        return "money"
    if (_RE["telephone"].match(w) and sum(c.isdigit() for c in w) >= 6) or _RE["isbn"].search(w):
        return "telephone"  # the Google data's class of ISBNs too
    if (_RE["month"].search(w) and digit) or _RE["decade"].match(w) or _RE["era"].search(w):
        return "date"
    if _RE["fraction"].search(w):
        return "fraction"
    if _RE["ordinal"].match(w):
        return "ordinal"
    if _RE["roman"].match(w) and not _SPELLED.fullmatch(e):
        return "ordinal" if e.startswith("the ") or _ORDINAL_WORDS.search(e.strip(_OUTER)) else "cardinal"
    if _RE["decimal"].match(w):
        return "decimal"
    if _RE["year"].match(w) and ("thousand" not in e or re.fullmatch(r"two thousand(?: \w+)?", e.strip(_OUTER))):
        return "date"
    if _RE["cardinal"].match(w) or _RE["number_sign"].match(w):
        return "cardinal"
    unit = _RE["measure"].search(w)
    if unit and not (unit["u"].isupper() and len(unit["u"]) > 2):  # '5 km', '3 MW', not '1997 MLS'
        return "measure"
    if digit:
        return "cardinal" if re.fullmatch(r"[\d\s,.:()-]+", w) else "serial"
    if _RE["letters"].match(w.replace(" ", "")) and _SPELLED.fullmatch(e.strip(_OUTER)):
        return "letters"
    if not re.search(r"[A-Za-z]", w):
        return "verbatim"
    if re.fullmatch(r"[a-z]+", w.lower()) and re.fullmatch(r"[a-z]+", e.strip(_OUTER)):
        if difflib.SequenceMatcher(None, w.lower(), e.strip(_OUTER)).ratio() >= 0.75:
            return "spelling"  # organisation -> organization: not a semiotic token
    return "abbreviation"


# ---------------------------------------------------------------- results


@dataclass
class Miss:
    language: str
    cls: str
    written: str
    expected: str
    said: str
    sentence: str = ""


@dataclass
class Tally:
    passed: collections.Counter = field(default_factory=collections.Counter)
    total: collections.Counter = field(default_factory=collections.Counter)
    misses: list[Miss] = field(default_factory=list)

    def add(self, key: tuple[str, str], ok: bool, miss: Miss | None = None) -> None:
        self.total[key] += 1
        if ok:
            self.passed[key] += 1
        elif miss is not None:
            self.misses.append(miss)


def ratio(passed: int, total: int) -> str:
    pct = f"{100 * passed / total:.1f} %" if total else "-"
    return f"{passed}/{total} ({pct})"


def print_tally(title: str, tally: Tally, show_misses: int, by_language: bool = True) -> None:
    languages = sorted({lang for lang, _ in tally.total})
    classes = sorted({cls for _, cls in tally.total})
    width = max([len(c) for c in classes] + [12]) + 2
    print(f"\n== {title}")
    if by_language:
        for lang in languages:
            keys = [k for k in tally.total if k[0] == lang]
            p, t = sum(tally.passed[k] for k in keys), sum(tally.total[k] for k in keys)
            print(f"  {lang:<{width}}{ratio(p, t)}")
            for _, cls in sorted(keys):
                print(f"      {cls:<{width}}{ratio(tally.passed[lang, cls], tally.total[lang, cls])}")
    if len(languages) > 1 or not by_language:
        print("  per class, all languages:")
        for cls in classes:
            keys = [k for k in tally.total if k[1] == cls]
            p, t = sum(tally.passed[k] for k in keys), sum(tally.total[k] for k in keys)
            print(f"      {cls:<{width}}{ratio(p, t)}")
        p, t = sum(tally.passed.values()), sum(tally.total.values())
        print(f"  {'all':<{width + 4}}{ratio(p, t)}")
    if show_misses:
        print_misses(tally.misses, show_misses)


def print_misses(misses: list[Miss], k: int) -> None:
    by_key: dict[tuple[str, str], list[Miss]] = collections.defaultdict(list)
    for miss in misses:
        by_key[miss.language, miss.cls].append(miss)
    print(f"  misses (up to {k} a class): written | expected | narrate")
    for key in sorted(by_key):
        print(f"    [{key[0]} {key[1]}] {len(by_key[key])} misses")
        for miss in by_key[key][:k]:
            print(f"      {miss.written} | {miss.expected} | {miss.said}")


def dump_misses(path: Path, source: str, misses: list[Miss]) -> None:
    with path.open("a", encoding="utf-8") as out:
        for m in misses:
            record = {"source": source, "language": m.language, "class": m.cls, "written": m.written}
            record.update({"expected": m.expected, "narrate": m.said, "sentence": m.sentence})
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


# ---------------------------------------------------------------- running narrate


def _spoken_one(item: tuple[str, str]) -> str:
    from narrate.text.normalize import spoken

    text, language = item
    return spoken(text, language=language)


def run_narrate(items: list[tuple[str, str]], label: str, jobs: int) -> list[str]:
    """narrate's spoken form of each ``(text, language)``, with a progress count on stderr."""
    started = time.perf_counter()
    out: list[str] = []
    step = max(1, len(items) // 20)
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results: Iterable[str] = pool.imap(_spoken_one, items, chunksize=32)
            out = _progress(results, len(items), label, step)
    else:
        out = _progress(map(_spoken_one, items), len(items), label, step)
    seconds = time.perf_counter() - started
    rate = 1000 * seconds / max(1, len(items))
    print(f"\r{label}: {len(items)} texts in {seconds:.1f} s ({rate:.1f} ms a text)", file=sys.stderr)
    return out


def _progress(results: Iterable[str], total: int, label: str, step: int) -> list[str]:
    out = []
    for n, said in enumerate(results, 1):
        out.append(said)
        if n % step == 0:
            print(f"\r{label}: {n}/{total}", end="", file=sys.stderr, flush=True)
    return out


# ---------------------------------------------------------------- NeMo tests and tables


@dataclass
class Case:
    language: str  # narrate's tag
    cls: str
    written: str
    spoken: list[str]


def read_nemo(folder: Path, classes: set[str] | None) -> Iterator[Case]:
    for lang, tag in LANGUAGES.items():
        for path in sorted((folder / lang).glob("*.txt")):
            cls = path.stem.removeprefix("test_cases_")
            if (classes is None and cls not in NEMO_CLASSES) or (classes is not None and cls not in classes):
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            if cls == "normalize_with_audio":
                yield from _with_audio(lines, tag)
                continue
            for line in lines:
                parts = line.split("~")
                if len(parts) < 2:
                    continue
                if lang in SPOKEN_FIRST:
                    yield Case(tag, cls, parts[1], [parts[0]])
                else:
                    yield Case(tag, cls, parts[0], parts[1:])


def _with_audio(lines: list[str], tag: str) -> Iterator[Case]:
    written: str | None = None
    options: list[str] = []
    for line in [*lines, "~"]:
        if line.startswith("~"):
            if written is not None and options:
                yield Case(tag, "normalize_with_audio", written, options)
            written, options = line[1:].strip(), []
        elif line.strip():
            options.append(line.strip())


def read_table(path: Path) -> Iterator[Case]:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or (n == 1 and line.lower().startswith("language")):
            continue
        parts = line.split("\t")
        if len(parts) < 4:
            print(f"{path}:{n}: fewer than 4 tab-separated columns, skipped", file=sys.stderr)
            continue
        yield Case(parts[0].strip(), parts[1].strip(), parts[2], [p for p in parts[3:] if p.strip()])


def measure_cases(cases: list[Case], label: str, jobs: int, compare: Callable[[str, str, str], bool]) -> Tally:
    said = run_narrate([(c.written, c.language) for c in cases], label, jobs)
    tally = Tally()
    for case, got in zip(cases, said):
        ok = any(compare(got, want, case.language) for want in case.spoken)
        tally.add((case.language, case.cls), ok, Miss(case.language, case.cls, case.written, case.spoken[0], got))
    return tally


def lenient_equal(a: str, b: str, language: str, german_endings: bool = False) -> bool:
    return lenient(a, language, german_endings) == lenient(b, language, german_endings)


def exact_equal(a: str, b: str, language: str) -> bool:
    return exact(a) == exact(b)


# ---------------------------------------------------------------- Google TN and LibriTTS


def _key(token: str) -> str:
    return token.strip("".join(c for c in token if unicodedata.category(c)[0] in "PS"))


_PLAIN_PUNCT = {",", ".", ";", ":", "!", "?", "``", "''", '"', "'", "(", ")", "[", "]", "...", "--"}
"""Punctuation tokens never part of a semiotic token's written span (``#``, ``$``, ``-`` can be)."""


_KEEP = re.compile(rf"^(?:{_MONTH}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$", re.I)


def _trim(w: list[str], e: list[str], i1: int, i2: int, j1: int, j2: int) -> tuple[int, int, int, int]:
    """Narrow a differing run: written words at either end that the expected words at that end say
    as written (``A .`` -> ``a``, ``IUCN`` -> ``i u c n``) are left out (not a month or a weekday:
    ``July`` stays with ``25 , 2012``)."""

    def said_as_written(word: str, words: list[str], backwards: bool = False) -> int:
        """How many of ``words`` (from their end if ``backwards``) say ``word``."""
        target, got = lenient(word), ""
        if not target or _KEEP.match(word.strip(_OUTER)):
            return 0
        for n, other in enumerate(reversed(words) if backwards else words, 1):
            got = lenient(other) + got if backwards else got + lenient(other)
            if not (target.endswith(got) if backwards else target.startswith(got)):
                return 0
            if got == target:
                return n
        return 0

    a, b = 0, 0  # written and expected words trimmed at the front
    while a < len(w) - 1 and (n := said_as_written(w[a], e[b:])):
        a, b = a + 1, b + n
    c, d = len(w), len(e)  # ... and at the end
    while c - 1 > a and (n := said_as_written(w[c - 1], e[b:d], backwards=True)):
        c, d = c - 1, d - n
    return i1 + a, i1 + c, j1 + b, j1 + d


def semiotic_spans(written: str, expected: str) -> list[tuple[str, int, int, str]]:
    """(written span, first and end expected token, class) of each differing run of tokens."""
    w_tokens, e_tokens = written.split(), expected.split()
    w_idx = [i for i, t in enumerate(w_tokens) if _key(t)]
    e_idx = [j for j, t in enumerate(e_tokens) if _key(t)]
    matcher = difflib.SequenceMatcher(
        None, [_key(w_tokens[i]) for i in w_idx], [_key(e_tokens[j]) for j in e_idx], autojunk=False
    )

    def symbol(i: int) -> bool:  # a token of punctuation or symbols that may belong to a semiotic token
        return 0 <= i < len(w_tokens) and not _key(w_tokens[i]) and w_tokens[i] not in _PLAIN_PUNCT

    spans = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        i1, i2, j1, j2 = _trim([w_tokens[i] for i in w_idx[i1:i2]], [e_tokens[j] for j in e_idx[j1:j2]], i1, i2, j1, j2)
        if i2 > i1:
            first, end = w_idx[i1], w_idx[i2 - 1] + 1
            while symbol(first - 1):
                first -= 1
            while symbol(end):
                end += 1
            w_span = " ".join(w_tokens[first:end])
        else:  # only expected words here: the symbols between the neighbouring written words
            first = w_idx[i1 - 1] + 1 if i1 > 0 else 0
            end = w_idx[i1] if i1 < len(w_idx) else len(w_tokens)
            w_span = " ".join(t for t in w_tokens[first:end] if t not in _PLAIN_PUNCT)
        e_first = e_idx[j1] if j1 < len(e_idx) else len(e_tokens)
        e_end = e_idx[j2 - 1] + 1 if j2 > j1 else e_first
        e_span = " ".join(e_tokens[e_first:e_end])
        if lenient(w_span) == lenient(e_span):
            continue  # case, hyphens, punctuation, spaces
        spans.append((w_span, e_first, e_end, rough_class(w_span, e_span)))
    return spans


def measure_sentences(path: Path, label: str, limit: int | None, jobs: int, tokenised: bool) -> tuple[Tally, dict]:
    """Per-class token tally (language ``en``) and sentence figures of Google TN or LibriTTS."""
    rows = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
                if limit and len(rows) >= limit:
                    break
    texts = [detokenize(r["text"]) if tokenised else r["text"] for r in rows]
    said = run_narrate([(t, "en-us") for t in texts], label, jobs)
    tally = Tally()
    figures: collections.Counter = collections.Counter()
    for row, text, got in zip(rows, texts, said):
        written, expected = row["text"], row["gt_normalized"]
        e_tokens = expected.split()
        figures["sentences"] += 1
        spans = semiotic_spans(written, expected)
        if lenient(expected) == lenient(got):
            figures["passed"] += 1
            figures["passed ignoring spelling"] += 1
            for span in spans:
                tally.add(("en", span[3]), True)
            continue
        bad, said_of = _differences(expected, got)
        covered: set[int] = set()
        only_spelling = True
        for w_span, e_first, e_end, cls in spans:
            tokens = set(range(e_first, e_end)) or {e_first}
            covered |= tokens
            hit = bool(tokens & bad)
            only_spelling &= not hit or cls == "spelling"
            e_span = " ".join(e_tokens[e_first:e_end])
            tally.add(("en", cls), not hit, Miss("en", cls, w_span, e_span, said_of(e_first, e_end), text))
        outside = sorted(bad - covered)
        if outside:
            figures["plain"] += 1
            only_spelling = False
            runs: list[list[int]] = []
            for j in outside:
                if runs and j == runs[-1][-1] + 1:
                    runs[-1].append(j)
                else:
                    runs.append([j])
            for run in runs:
                region = " ".join(e_tokens[run[0] : run[-1] + 1])
                tally.misses.append(Miss("en", "plain", region, region, said_of(run[0], run[-1] + 1), text))
        figures["passed ignoring spelling"] += only_spelling
    return tally, dict(figures)


def _differences(expected: str, got: str) -> tuple[set[int], Callable[[int, int], str]]:
    """Expected tokens (indices) that narrate did not say, and a function giving narrate's words for
    a range of expected tokens."""
    owner: list[int] = []
    e_words: list[str] = []
    for j, token in enumerate(expected.split()):
        for word in lenient_words(token, "en"):
            e_words.append(word)
            owner.append(j)
    g_words = lenient_words(got, "en")
    opcodes = difflib.SequenceMatcher(None, e_words, g_words, autojunk=False).get_opcodes()
    bad: set[int] = set()
    n_tokens = len(expected.split())
    for op, i1, i2, j1, j2 in opcodes:
        if op == "equal" or "".join(e_words[i1:i2]) == "".join(g_words[j1:j2]):
            continue
        if i2 > i1:
            bad.update(owner[i1:i2])
        else:  # narrate added words: blame the expected tokens on both sides
            if i1 > 0:
                bad.add(owner[i1 - 1])
            bad.add(owner[i1] if i1 < len(owner) else n_tokens)

    def said_of(first: int, end: int) -> str:
        words = [i for i, j in enumerate(owner) if first <= j < end]
        if not words:
            return ""
        a, b = words[0], words[-1] + 1
        lo, hi = None, None
        for _op, i1, i2, j1, j2 in opcodes:
            if i2 <= a and not (i1 == i2 == a) or i1 >= b and not (i1 == i2 == b):
                continue
            if _op == "equal":
                s, e = j1 + max(0, a - i1), j1 + min(i2, b) - i1
            else:
                s, e = j1, j2
            lo = s if lo is None else min(lo, s)
            hi = e if hi is None else max(hi, e)
        return " ".join(g_words[lo:hi]) if lo is not None else ""

    return bad, said_of


def print_sentences(title: str, tally: Tally, figures: dict, show_misses: int) -> None:
    n = figures.get("sentences", 0)
    print(f"\n== {title}")
    print(f"  sentences equal (lenient)              {ratio(figures.get('passed', 0), n)}")
    print(f"  the same, US/UK spelling not counted   {ratio(figures.get('passed ignoring spelling', 0), n)}")
    print(f"  sentences changed outside tokens       {figures.get('plain', 0)}/{n} (narrate changed plain text)")
    print("  semiotic tokens per class (class guessed by regex):")
    for cls in GOOGLE_CLASSES:
        if ("en", cls) in tally.total:
            print(f"      {cls:<14}{ratio(tally.passed['en', cls], tally.total['en', cls])}")
    keys = [k for k in tally.total if k[1] != "spelling"]
    print(f"  {'all tokens':<18}{ratio(sum(tally.passed[k] for k in keys), sum(tally.total[k] for k in keys))}")
    spelling = ratio(tally.passed["en", "spelling"], tally.total["en", "spelling"])
    print(f"  {'US/UK spelling':<18}{spelling} (organisation -> organization: not in 'all tokens')")
    if show_misses:
        print_misses(tally.misses, show_misses)


# ---------------------------------------------------------------- main


def narrate_commit() -> str:
    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return ""
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short=12", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "narrate/text")
    return commit + (" (with uncommitted changes under narrate/text/)" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--google", type=Path, help="GoogleTN.json (JSON lines)")
    parser.add_argument("--libritts", type=Path, help="LibriTTS.json (JSON lines)")
    parser.add_argument("--nemo-tests", type=Path, metavar="DIR", help="folder of <lang>/<class>.txt NeMo test cases")
    parser.add_argument(
        "--nemo-classes",
        help="comma-separated NeMo classes to measure instead of the default ones ('all': every file)",
    )
    parser.add_argument("--table", type=Path, action="append", default=[], help="TSV: language, class, written, spoken")
    parser.add_argument("--exact", action="store_true", help="compare --table cases exactly (whitespace collapsed)")
    parser.add_argument(
        "--german-endings",
        action="store_true",
        help="ignore the case ending of German words in -ter/-ten/-tem/-tes ('ersten' = 'erster')",
    )
    parser.add_argument("--limit", type=int, help="at most N sentences of each of Google TN and LibriTTS")
    parser.add_argument("--show-misses", type=int, default=0, metavar="K", help="print K misses a class")
    parser.add_argument("--dump-misses", type=Path, metavar="FILE", help="append every miss to FILE (JSON lines)")
    parser.add_argument("--jobs", type=int, default=1, help="processes normalising (default 1)")
    args = parser.parse_args()
    if not (args.google or args.libritts or args.nemo_tests or args.table):
        parser.error("give at least one of --google, --libritts, --nemo-tests, --table")
    if args.dump_misses:
        args.dump_misses.write_text("", encoding="utf-8")

    stamp = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    print(f"narrate text normalisation measured {stamp}, narrate commit {narrate_commit()}")
    ignored = "case, accents, punctuation, hyphens, spaces, English 'and' and 'oh'/'o'"
    if args.german_endings:
        ignored += ", German case endings -ter/-ten/-tem/-tes"
    print(f"lenient comparison: {ignored} ignored")

    def report(source: str, tally: Tally) -> None:
        if args.dump_misses:
            dump_misses(args.dump_misses, source, tally.misses)

    if args.google:
        tally, figures = measure_sentences(args.google, "Google TN", args.limit, args.jobs, tokenised=True)
        print_sentences(f"Google TN ({args.google.name}, en-us)", tally, figures, args.show_misses)
        report("google", tally)
    if args.libritts:
        tally, figures = measure_sentences(args.libritts, "LibriTTS", args.limit, args.jobs, tokenised=False)
        print_sentences(f"LibriTTS ({args.libritts.name}, en-us)", tally, figures, args.show_misses)
        report("libritts", tally)
    if args.nemo_tests:
        chosen = None  # the default classes
        if args.nemo_classes == "all":
            chosen = {p.stem for p in args.nemo_tests.glob("*/*.txt")}
        elif args.nemo_classes:
            chosen = set(args.nemo_classes.split(","))
        cases = list(read_nemo(args.nemo_tests, chosen))
        compare = functools.partial(lenient_equal, german_endings=args.german_endings)
        tally = measure_cases(cases, "NeMo tests", args.jobs, compare)
        print_tally(f"NeMo text normalisation tests ({args.nemo_tests})", tally, args.show_misses)
        report("nemo", tally)
    for table in args.table:
        cases = list(read_table(table))
        compare = exact_equal if args.exact else functools.partial(lenient_equal, german_endings=args.german_endings)
        tally = measure_cases(cases, table.name, args.jobs, compare)
        how = "exact" if args.exact else "lenient"
        print_tally(f"table {table} ({how})", tally, args.show_misses)
        report(f"table:{table}", tally)


if __name__ == "__main__":
    main()
