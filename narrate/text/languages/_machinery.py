"""The language-independent machinery of the written → spoken rules: the :class:`Rules` table a
language module fills in, the helpers that build its unit tables, and the rewriting that reads a
text with one language's table (:func:`verbalize`, :func:`expand_abbreviations`,
:func:`ordinal_dot`, :func:`abbreviations`, :func:`number_words`).

Nothing here names a language: what differs between languages is a field or a hook of
:class:`Rules`, set by the language's own module (``narrate/text/languages/de.py``, ...). The
written forms that every language reads (a clock time followed by "Uhr" or "uur", a day marker
"1er" or "3." before a month) are gathered from all the languages into :class:`Forms` by the
package (:func:`shared_forms`) and passed in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import partial

from num2words import num2words

UnitTable = dict[str, tuple[str, str]]
"""Unit symbol → (the phrase for exactly one, the word after any other number): ``"kg"`` →
("ein Kilogramm", "Kilogramm")."""


@dataclass(frozen=True)
class Rules:
    """One language's table (built by its module, ``narrate/text/languages/<code>.py``).

    Tables:

    * ``code``: the primary language subtag (``"de"``), also num2words' ``lang=``;
    * ``thousands``: characters that group thousands (``".\\u00a0\\u202f"``);
    * ``decimal_word``: how the decimal comma is said ("Komma");
    * ``months``: the twelve month names, January first;
    * ``units``: unit symbol → (the phrase for exactly one, the word after any other number), see
      :data:`UnitTable` and :func:`kitchen_units`, :func:`electric_and_data`, :func:`unit_table`;
    * ``money``: symbol → (one, many, cent one, cent many, joiner between the two amounts), e.g.
      ``"€"`` → ("un euro", "euros", "un céntimo", "céntimos", "con");
    * ``abbreviations``: abbreviation → its words (``"z. B."`` → "zum Beispiel"), written out
      everywhere;
    * ``pages``: page abbreviation → (singular, plural), written out only right before a number
      (``"S."`` → ("Seite", "Seiten"): "S. 12", "S. 4-6"), elsewhere it may be an initial;
    * ``ordinal``: the written ordinal pattern (group 1 the digits, group 2 the marker);
    * ``clock``: a time with minutes (``"{h} Uhr {m}"``); ``clock_hour``: a full hour (``"{h} Uhr"``);
    * ``percent``: (the phrase for one per cent, the word after any other number).

    Ways of saying:

    * ``digit_by_digit``: decimals are said one digit at a time ("drei Komma eins vier");
    * ``feminine_markers``: ordinal markers of a feminine ordinal ("ª", "re");
    * ``date_ordinal``: a day before a month is an ordinal ("den tredje maj");
    * ``first_day``: the word for day 1 before a month when it differs ("primo maggio", "premier mai");
    * ``ordinal_context``: lower-case words after which ``3.`` is an ordinal (with ``dot_ordinals``);
    * ``one_before_noun``: "1" before a word when num2words' "one" does not fit there (German
      "ein Tag", not "eins Tag");
    * ``date_joiner``: what joins day, month and year in a date (``" de "``: "tres de mayo de 2024");
    * ``bare_cents``: the cents follow the whole amount as a bare number, without a cent word
      ("zwei Euro fünfzig"); otherwise "dos euros con cincuenta céntimos";
    * ``dot_ordinals``: the language writes ordinals with a full stop (``3.``): such a number is an
      ordinal only before a month or after a word of ``ordinal_context``, else it ends a sentence;
    * ``day_needs_marker``: a number before a month is a day only with its ordinal marker
      ("3. Mai"); "3 Mai" stays as written.

    Written forms (gathered over all languages into :class:`Forms`, read in every language):

    * ``clock_words``: words written after a clock time ("Uhr": "14 Uhr", "14:30 Uhr");
    * ``clock_separators``: regular expressions between hours and minutes besides ``:``
      (``r"\\s?h\\s?"``: "14 h 30");
    * ``day_markers``: markers written after a day before a month ("." in "3. Mai", "er" in "1er mai").

    Electronic addresses:

    * ``address_words``: how the parts of a URL or e-mail address are said: (dot, at, slash), e.g.
      ("punto", "arroba", "barra"); empty: the English words.

    Hooks (``None``: the language has no such rule):

    * ``feminine_ordinal``: masculine ordinal words → feminine ones ("primero" → "primera");
    * ``inflected_ordinal``: (number, the word before) → the ordinal with the ending that word asks
      for ("am" → "dritten"); when set, it says every ordinal and every day given as an ordinal;
    * ``marked_ordinal``: (ordinal words, written marker) → the words the marker asks for
      ("primero", ".er" → "primer").
    """

    code: str
    thousands: str
    decimal_word: str
    months: tuple[str, ...]
    units: UnitTable
    money: dict[str, tuple[str, str, str, str, str]]
    abbreviations: dict[str, str]
    ordinal: str
    clock: str
    clock_hour: str
    percent: tuple[str, str]
    pages: dict[str, tuple[str, str]] = field(default_factory=dict)
    digit_by_digit: bool = False
    feminine_markers: tuple[str, ...] = ()
    date_ordinal: bool = False
    first_day: str = ""
    ordinal_context: tuple[str, ...] = ()
    one_before_noun: str = ""
    date_joiner: str = " "
    bare_cents: bool = False
    dot_ordinals: bool = False
    day_needs_marker: bool = False
    clock_words: tuple[str, ...] = ()
    clock_separators: tuple[str, ...] = ()
    day_markers: tuple[str, ...] = ()
    address_words: tuple[str, str, str] | tuple[()] = ()
    feminine_ordinal: Callable[[str], str] | None = None
    inflected_ordinal: Callable[[int, str], str] | None = None
    marked_ordinal: Callable[[str, str], str] | None = None


@dataclass(frozen=True)
class Forms:
    """Written forms read in every language with rules, gathered from all of them (:func:`shared_forms`).

    ``clock_words``: words after a clock time ("Uhr", "uur"); ``clock_separators``: regular
    expressions between hours and minutes besides ``:``; ``day_markers``: markers after a day
    before a month (".", "er", "º"); ``day_joiners``: words between a day and its month ("de").
    """

    clock_words: tuple[str, ...] = ()
    clock_separators: tuple[str, ...] = ()
    day_markers: tuple[str, ...] = ()
    day_joiners: tuple[str, ...] = ()


def shared_forms(languages: Iterable[Rules]) -> Forms:
    """The :class:`Forms` of ``languages`` together (each form once, in the languages' order)."""
    languages = list(languages)

    def each(values: Iterable[str]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for v in values if v))

    return Forms(
        clock_words=each(w for r in languages for w in r.clock_words),
        clock_separators=each(s for r in languages for s in r.clock_separators),
        day_markers=each(m for r in languages for m in r.day_markers),
        day_joiners=each(r.date_joiner.strip() for r in languages),
    )


# ------------------------------------------------------------------ unit tables


def kitchen_units(
    g: tuple[str, str],
    kg: tuple[str, str],
    litre: tuple[str, str],
    ml: tuple[str, str],
    km: tuple[str, str],
    m: tuple[str, str],
    cm: tuple[str, str],
    mm: tuple[str, str],
    celsius: tuple[str, str],
    hour: tuple[str, str],
    minute: tuple[str, str],
    second: tuple[str, str],
    kmh: tuple[str, str],
) -> UnitTable:
    """The kitchen-and-travel units, each argument (one, many) for its symbols: ``litre`` for ``l``
    and ``L``, ``hour`` for ``h`` and ``Std.``, ``minute`` for ``min`` and ``Min.``, ``second`` for
    ``s`` and ``Sek.``, ``celsius`` for ``°C`` and ``°``."""
    return {
        "g": g,
        "kg": kg,
        "l": litre,
        "L": litre,
        "ml": ml,
        "mL": ml,
        "km/h": kmh,
        "km": km,
        "m": m,
        "cm": cm,
        "mm": mm,
        "°C": celsius,
        "°": celsius,
        "h": hour,
        "Std.": hour,
        "min": minute,
        "Min.": minute,
        "s": second,
        "Sek.": second,
    }


def say(one: str, *words: str) -> tuple[str, str]:
    """``say("ein", "Volt")`` → ("ein Volt", "Volt"); ``say("un", "volt", "volts")`` → ("un volt", "volts")."""
    return f"{one} {words[0]}", words[-1]


def electric_and_data(one: tuple[str, str], names: dict[str, tuple[str, ...]]) -> UnitTable:
    """The electrical, frequency, data, small-mass and small-time units every language reads (the
    English table's kinds: ``12 V``, ``2000 mAh``, ``5 GHz``, ``64 GB``, ``20 ms``). ``names``: unit →
    (gender, singular[, plural]) with gender ``m``/``f`` choosing ``one`` = (masculine "one",
    feminine "one")."""
    return {unit: say(one[0] if gender == "m" else one[1], *words) for unit, (gender, *words) in names.items()}


PREFIXED = (("m", "milli"), ("k", "kilo"), ("M", "mega"), ("G", "giga"))
"""Symbol prefix → its word, for :func:`family` (a language may pass its own spelling)."""


def family(
    symbol: str, gender: str, singular: str, plural: str = "", prefixes: tuple[tuple[str, str], ...] = PREFIXED
) -> dict[str, tuple[str, ...]]:
    """``V`` and its prefixed forms (``mV``, ``kV``, ...) named alike: "milli" + "volt"; each
    symbol → (gender, singular, plural), for :func:`electric_and_data`."""
    plural = plural or singular
    out: dict[str, tuple[str, ...]] = {symbol: (gender, singular, plural)}
    for short, long in prefixes:
        out[short + symbol] = (gender, long + singular, long + plural)
    return out


def data_units(gender: str, singular: str, plural: str = "", kilo: str = "kilo") -> dict[str, tuple[str, ...]]:
    """``kB``, ``KB``, ``MB``, ``GB``, ``TB`` → (gender, singular, plural) ("kilo" + "byte"), for
    :func:`electric_and_data`."""
    plural = plural or singular
    prefixes = (("k", kilo), ("K", kilo), ("M", "mega"), ("G", "giga"), ("T", "tera"))
    return {short + "B": (gender, long + singular, long + plural) for short, long in prefixes}


def unit_table(*tables: UnitTable) -> UnitTable:
    """The units of ``tables`` together; a symbol in more than one keeps its first table's entry."""
    out: UnitTable = {}
    for table in tables:
        out.update({k: v for k, v in table.items() if k not in out})
    return out


# ------------------------------------------------------------------ words


def _cardinal(n: int, rules: Rules) -> str:
    return num2words(n, lang=rules.code)


def _ordinal(n: int, rules: Rules, feminine: bool = False) -> str:
    words = num2words(n, lang=rules.code, to="ordinal")
    if feminine and rules.feminine_ordinal is not None:
        words = rules.feminine_ordinal(words)
    return words


def _year(n: int, rules: Rules) -> str:
    try:
        return num2words(n, lang=rules.code, to="year")
    except (NotImplementedError, AttributeError):
        return _cardinal(n, rules)


def _parse(number: str, rules: Rules) -> Decimal | None:
    """ "1.234,5" → 1234.5 (thousands grouped by the language's separators, decimal comma)."""
    text = number
    for sep in rules.thousands:
        if re.fullmatch(r"\d{1,3}(?:" + re.escape(sep) + r"\d{3})+(?:,\d+)?", text):
            text = text.replace(sep, "")
            break
    try:
        return Decimal(text.replace(",", "."))
    except InvalidOperation:
        return None


def number_words(number: str, rules: Rules) -> str:
    """A written number (``"3,5"``, ``"1.000"``, ``"2 500"``) in words: the whole part, then the
    decimal word and the decimals (one digit at a time where the language says them so)."""
    value = _parse(number, rules)
    if value is None:
        return number
    whole, _, frac = number.replace(" ", "").rpartition(",") if "," in number else (number, "", "")
    words = _cardinal(int(value), rules)
    if "," in number and frac:
        if rules.digit_by_digit or frac.startswith("0"):
            decimals = " ".join(_cardinal(int(d), rules) for d in frac)
        else:
            decimals = _cardinal(int(frac), rules)
        words += f" {rules.decimal_word} {decimals}"
    return words


def _is_one(number: str, rules: Rules) -> bool:
    return _parse(number, rules) == 1 and "," not in number


# ------------------------------------------------------------------ patterns


def _num(rules: Rules) -> str:
    groups = "|".join(re.escape(s) for s in rules.thousands)
    return r"\d{1,3}(?:(?:" + groups + r")\d{3})+(?:,\d+)?|\d+(?:,\d+)?"


def _clock_pattern(forms: Forms) -> str:
    """A clock time ("14:30", "14:30 Uhr", "14 h 30") or a full hour with its word ("14 Uhr")."""
    separators = "|".join([":", *forms.clock_separators])
    words = "|".join(forms.clock_words)
    after = r"(?:\s*(?:" + words + r"))?" if words else ""
    time = r"(?<![\w.,:])([01]?\d|2[0-3])(?:" + separators + r")([0-5]\d)" + after + r"(?![\w:,]|\.\d)"
    # group 3 always exists (matching nothing when no language writes a word after the hour)
    hour = r"(?<![\w.,:])([01]?\d|2[0-3])\s?(?:" + words + r")(?!\w)" if words else r"(?!)(\d)"
    return time + "|" + hour


def _day_month_pattern(rules: Rules, forms: Forms) -> str:
    """A day, its optional marker and joiner, then a month of ``rules`` (groups: day, marker, the
    space and joiner, month)."""
    markers = "|".join(re.escape(m) for m in forms.day_markers)
    joiners = "|".join(re.escape(j) for j in forms.day_joiners)
    space = r"(\s+(?:(?:" + joiners + r")\s+)?)" if joiners else r"(\s+)"  # "3 de mayo"
    return r"(?<![\w.,])(0?[1-9]|[12]\d|3[01])(" + markers + r")?" + space + r"(" + "|".join(rules.months) + r")\b"


@dataclass(frozen=True)
class _Compiled:
    iso_date: re.Pattern
    numeric_date: re.Pattern
    day_month: re.Pattern
    clock: re.Pattern
    money_before: re.Pattern
    money_after: re.Pattern
    ordinal: re.Pattern
    unit: re.Pattern
    number: re.Pattern


_COMPILED: dict[tuple[str, Forms], _Compiled] = {}
_ABBREVIATIONS: dict[str, list[tuple[re.Pattern, str]]] = {}


def _abbreviation_patterns(rules: Rules) -> list[tuple[re.Pattern, str]]:
    """(pattern, words) for each abbreviation, the longest first; a lower-case abbreviation is also
    read capitalised ("Nr." as well as "nr.", at the start of a sentence) as capitalised words."""
    if rules.code in _ABBREVIATIONS:
        return _ABBREVIATIONS[rules.code]
    table = dict(rules.abbreviations)
    for a, w in rules.abbreviations.items():
        if a[0].islower():
            table.setdefault(a[0].upper() + a[1:], w[0].upper() + w[1:])
    patterns = [
        (re.compile(r"(?<![\w.])" + re.escape(a) + (r"(?!\w)" if a[-1].isalpha() else "")), w)
        for a, w in sorted(table.items(), key=lambda kv: -len(kv[0]))
    ]
    _ABBREVIATIONS[rules.code] = patterns
    return patterns


def _compiled(rules: Rules, forms: Forms) -> _Compiled:
    key = (rules.code, forms)
    if key in _COMPILED:
        return _COMPILED[key]
    num = _num(rules)
    symbols = sorted(rules.money, key=len, reverse=True)
    money = "|".join(re.escape(s) for s in symbols)
    units = sorted(rules.units, key=len, reverse=True)
    unit = "|".join(re.escape(u) for u in units)
    compiled = _Compiled(
        iso_date=re.compile(r"(?<![\w.-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])"),
        numeric_date=re.compile(r"(?<![\w.,/-])(0?[1-9]|[12]\d|3[01])([./-])(0?[1-9]|1[0-2])\2(\d{4})(?![\w.]\d)"),
        day_month=re.compile(_day_month_pattern(rules, forms), re.IGNORECASE),
        clock=re.compile(_clock_pattern(forms)),
        # a bare "2 h" is a duration (the unit "h": "zwei Stunden"); with minutes, "14 h 30" is a time
        money_before=re.compile(r"(?<![\w])(" + money + r")\s?(" + num + r")(?![\d])"),
        money_after=re.compile(r"(?<![\w.,])(" + num + r")\s?(" + money + r")(?![\w])"),
        ordinal=re.compile(rules.ordinal),
        unit=re.compile(r"(?<![\w.,])(" + num + r")\s?(%|" + unit + r")(?![\w/])"),
        number=re.compile(r"(?<![\w.,])(" + num + r")(?![\w])"),
    )
    _COMPILED[key] = compiled
    return compiled


# ------------------------------------------------------------------ rewriting


def _page_word(words: tuple[str, str], m: re.Match) -> str:
    """The page word of a match of :func:`_pages`: plural before a range (group 1)."""
    return (words[1] if m.group(1) else words[0]) + " " + (m.group(1) or "")


def _pages(text: str, rules: Rules) -> str:
    """``S. 12`` → "Seite 12", ``S. 4–6`` → "Seiten 4–6" (the plural before a range)."""
    for short, words in rules.pages.items():
        pattern = r"(?<![\w.])" + re.escape(short) + r"\s?(?=\d)(\d+\s?[-–]\s?\d)?"
        text = re.sub(pattern, partial(_page_word, words), text)
    return text


def abbreviations(rules: Rules) -> set[str]:
    """Tokens of the language's abbreviations and page abbreviations (lower case, each with its full
    stop: ``z.`` and ``b.`` for ``z. B.``) after which a sentence never ends."""
    pages = [a.lower() for a in rules.pages]
    return {part for a in [*rules.abbreviations, *pages] for part in a.lower().split() if part.endswith(".")}


def expand_abbreviations(text: str, rules: Rules) -> str:
    """The language's abbreviations written out (``z. B.`` → "zum Beispiel"); a capitalised
    abbreviation gives a capitalised word."""
    for pattern, word in _abbreviation_patterns(rules):
        text = pattern.sub(word, text)
    return text


def ordinal_dot(text: str, dot: int, rules: Rules) -> bool:
    """True when the full stop at ``dot`` (right after digits) marks an ordinal in a language that
    writes ordinals with a dot (``dot_ordinals``: German ``am 3. Mai``, ``der 21. Kurs``): the word
    after is a month, or the word before is one of ``ordinal_context``; such a dot ends no sentence."""
    if not rules.dot_ordinals:
        return False
    before = re.search(r"(\S+)\s+\d{1,3}$", text[:dot])
    after = re.match(r"\.\s+(\S+)", text[dot:])
    if after and after.group(1).rstrip(".,;:") in rules.months:
        return True
    return bool(before and before.group(1).lower() in rules.ordinal_context)


def _money(amount: str, symbol: str, rules: Rules) -> str:
    one, many, cent_one, cent_many, joiner = rules.money[symbol]
    value = _parse(amount, rules)
    if value is None:
        return f"{amount} {symbol}"
    whole = int(value)
    cents = int((value - whole) * 100)
    out = one if whole == 1 else f"{_cardinal(whole, rules)} {many}"
    if cents:
        said = _cardinal(cents, rules)
        if rules.bare_cents:  # "zwei Euro fünfzig", "deux euros cinquante"
            out += f" {said}"
        else:
            cent = cent_one if cents == 1 else f"{said} {cent_many}"
            out += f" {joiner} {cent}" if joiner else f" {cent}"
    return out


def _day(day: int, rules: Rules, before: str = "") -> str:
    """A day of the month before a month name, in words (``before``: the word before the day)."""
    if day == 1 and rules.first_day:
        return rules.first_day
    if rules.date_ordinal:
        return _ordinal(day, rules)
    if rules.inflected_ordinal is not None:
        return rules.inflected_ordinal(day, before)
    return _cardinal(day, rules)


def _word_before(text: str, pos: int) -> str:
    m = re.search(r"([^\W\d_]+)\s*$", text[max(0, pos - 40) : pos])
    return m.group(1) if m else ""


def verbalize(text: str, rules: Rules, forms: Forms) -> str:
    """Numbers and abbreviations of ``text`` in words of the language of ``rules``, in this order:
    page references, abbreviations, ISO and numeric dates, a day before a month, clock times, money,
    ordinals, numbers with a unit or per cent sign, plain numbers. ``forms``: the written forms read
    in every language (:func:`shared_forms`)."""
    c = _compiled(rules, forms)
    text = _pages(text, rules)
    text = expand_abbreviations(text, rules)

    def date(day: int, month: int, year: int, m: re.Match) -> str:
        joiner = rules.date_joiner
        said = _day(day, rules, _word_before(m.string, m.start()))
        return f"{said}{joiner}{rules.months[month - 1]}{joiner}{_year(year, rules)}"

    text = c.iso_date.sub(lambda m: date(int(m.group(3)), int(m.group(2)), int(m.group(1)), m), text)
    text = c.numeric_date.sub(lambda m: date(int(m.group(1)), int(m.group(3)), int(m.group(4)), m), text)

    def day_month(m: re.Match) -> str:
        day = int(m.group(1))
        marker = m.group(2) or ""
        if rules.day_needs_marker and not marker:
            return m.group(0)  # "3 Mai" where the day is written as an ordinal: "3. Mai"
        feminine = marker in rules.feminine_markers
        if marker and rules.inflected_ordinal is None:
            said = rules.first_day if day == 1 and rules.first_day else _ordinal(day, rules, feminine)
        else:
            said = _day(day, rules, _word_before(m.string, m.start()))
        return f"{said}{m.group(3)}{m.group(4)}"

    text = c.day_month.sub(day_month, text)

    def clock(m: re.Match) -> str:
        if m.group(3) is not None:
            return rules.clock_hour.format(h=_cardinal(int(m.group(3)), rules))
        hours, minutes = int(m.group(1)), int(m.group(2))
        if minutes == 0:
            return rules.clock_hour.format(h=_cardinal(hours, rules))
        return rules.clock.format(h=_cardinal(hours, rules), m=_cardinal(minutes, rules))

    text = c.clock.sub(clock, text)
    text = c.money_before.sub(lambda m: _money(m.group(2), m.group(1), rules), text)
    text = c.money_after.sub(lambda m: _money(m.group(1), m.group(2), rules), text)

    def ordinal(m: re.Match) -> str:
        n, marker = int(m.group(1)), m.group(2)
        if rules.dot_ordinals and not ordinal_dot(m.string, m.start(2), rules):
            return m.group(0)
        if rules.inflected_ordinal is not None:
            return rules.inflected_ordinal(n, _word_before(m.string, m.start()))
        words = _ordinal(n, rules, marker in rules.feminine_markers)
        if rules.marked_ordinal is not None:
            words = rules.marked_ordinal(words, marker)
        return words

    text = c.ordinal.sub(ordinal, text)

    def unit(m: re.Match) -> str:
        number, symbol = m.group(1), m.group(2)
        one, many = rules.percent if symbol == "%" else rules.units[symbol]
        said = one if _is_one(number, rules) else f"{number_words(number, rules)} {many}"
        if symbol.endswith(".") and not m.string[m.end() :].strip():
            said += "."  # "45 Min." at the end keeps its full stop
        return said

    text = c.unit.sub(unit, text)

    def number(m: re.Match) -> str:
        if rules.one_before_noun and m.group(1) == "1" and re.match(r"\s+[^\W\d_]", m.string[m.end() :]):
            return rules.one_before_noun  # "1 Tag" → "ein Tag", not "eins Tag"
        return number_words(m.group(1), rules)

    return c.number.sub(number, text)
