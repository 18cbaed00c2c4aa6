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
import unicodedata
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

    * ``code``: the primary language subtag (``"de"``), also num2words' ``lang=``; a regional table
      (see ``regions``) adds its region the num2words way (language, underscore, region in capitals:
      num2words falls back to the first two letters when it has no such language), which also keeps
      its compiled patterns apart;
    * ``regions``: region subtag (lower case, two letters or three digits) → that region's table
      (usually ``dataclasses.replace`` of the language's), chosen by the package's ``language_for``
      from a tag with that region;
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
      ("3. Mai"); "3 Mai" stays as written;
    * ``decimals_as_number``: the longest decimal part said as one number ("coma veinticinco",
      "coma ciento veinticinco"); a longer one is said one digit at a time; 0: any length;
    * ``minus_word``: how a minus sign is said, before a number (``-5``, ``−5``) or between two
      (``7 − 3``): "menos"; empty: the sign is left as written;
    * ``plus_word``: how a plus sign before a number is said (``+5``, a country code ``+34``): "más";
    * ``range_joiners``: a range ``10-15`` or ``10–15``: the word before it (lower case) → the word
      said between the two numbers, ``""`` → the usual one (``{"": "a", "entre": "y"}``: "diez a
      quince", "entre diez y quince"), or a pattern ending in ``{b}`` ("da {a} a {b}": "da dieci a
      quindici"); empty: a range is left as written;
    * ``context_markers``: ordinal markers that mark an ordinal only after a word of
      ``ordinal_context`` ("°": "el 2° piso" is an ordinal, "hace 30°" is degrees);
    * ``phone_context``: lower-case words after which (within a few words) groups of digits are a
      telephone number ("teléfono", "llama"); when set, telephone numbers are read group by group,
      also without such a word when written with a country code (``+34 …``), an area code in
      brackets (``(11) 3456-7890``) or groups joined by hyphens (``600-123-456``): a country code
      of two digits or an area code in brackets and the later groups of two digits as numbers
      ("treinta y cuatro"), every other group digit by digit, the groups apart (commas);
    * ``phone_digits``: the ten digits as said in a telephone number when they differ from the
      cardinals (a word of its own for six, "meia");
    * ``phone_trunk``: the trunk prefix that opens a national number (``"0"``): digit groups
      starting with it are a telephone number without any other sign ("030 1234567", "06-12345678");
    * ``phone_group``: when set, every group of a telephone number is said digit by digit, and a
      group longer than this is split into near-equal parts, the shorter first ("1234567" → "1 2 3,
      4 5 6 7"); 0: the groups of two digits after the first are said as numbers;
    * ``symbols``: a sign between two numbers → its words (``"="`` → "gleich", ``"×"`` → "mal":
      "2 × 3 = 6"); a hyphen between spaces is a minus when an ``=`` follows ("10 - 4 = 6"); a
      comparison (``< > ≤ ≥ ≠``, also written ``<= >= !=``) or ``==`` between a letter or number and
      another ("p<0,001", "n ≥ 30", "Problemlösen == Suche") is said with the same words;
    * ``year_words``: lower-case words after which a number of four digits is a year
      ("im Jahr 1848", "seit 1990"; a month name counts too: "im Mai 1945");
    * ``month_names``: other written forms of month names → the words said (``"Jan."`` →
      "Januar", ``"Jänner"`` → "Jänner"), read like the twelve ``months``;
    * ``scales``: a word or abbreviation of a large number after a number → (the phrase for one,
      the word after any other number): ``"Mio."`` → ("eine Million", "Millionen"), also before a
      currency ("3,5 Mio. €" → "drei Komma fünf Millionen Euro");
    * ``domains``: top-level domains besides the common ones after which a bare ``name.tld`` is an
      address said with ``address_words`` ("beispiel.at", "voorbeeld.nl");
    * ``score_word``: a pair ``3-2`` whose second number is not larger is a score, said with this
      word ("drei zu zwei"); empty: read like a range;
    * ``ratio_word``: how the colon of a ratio or score that is no clock time is said ("3:2",
      "1:100" → "drei zu zwei", "één op honderd"); empty: left as written;
    * ``decade_suffix``: the ending written and said after a decade ("er": "die 1980er Jahre" →
      "die neunzehnhundertachtziger Jahre", "die 80er" → "die achtziger").

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
    * ``inflected_ordinal``: (number, the words before it: up to two, "in der", see
      :func:`_words_before`) → the ordinal with the ending those words ask for ("am" → "dritten");
      when set, it says every ordinal and every day given as an ordinal;
    * ``marked_ordinal``: (ordinal words, written marker) → the words the marker asks for
      ("primero", ".er" → "primer");
    * ``number_fix``: num2words' words → the language's own where num2words errs ("veintiuno mil" →
      "veintiún mil"), applied to every cardinal, ordinal and year;
    * ``before_noun``: (a whole number's words, the word after it, the word before it) → the words
      as said before that word: gender, shortened forms, a joining word ("uno", "personas", "" →
      "una"; "veintiuno", "años" → "veintiún"; "un millón", "euros" → "un millón de"). Called for a
      plain number (the word after, or ""), an amount (its currency word) and a number with a unit
      (the unit's word);
    * ``fraction``: (the whole number of a mixed number or None, numerator, denominator, the word
      after) → the fraction in words ("un tercio", "dos y medio"; before a noun, the words said
      before it: "media" before "taza", "tres cuartos de" before "taza"); a fraction followed by a
      unit symbol is given the unit's singular word ("kilogramo") and the unit's word follows.
      A fraction is read only when its numerator is smaller than its denominator ("24/7" stays);
    * ``clock_time``: (hours, minutes) → the clock time in words ("una en punto", "dos y media");
      when set, it says every clock time instead of ``clock`` and ``clock_hour``;
    * ``roman``: (the value of a Roman numeral, the word before it) → its words ("Felipe", 2 →
      "segundo"; "siglo", 21 → "veintiuno"), or None to leave it as written;
    * ``regnal``: (the value of a Roman numeral, the capitalised name before it, the word before
      that name) → a regnal number in words ("Ludwig", 14, "" → "der Vierzehnte"; "unter" → "dem
      Vierzehnten"), or None to leave it to ``roman``; in a language with ``dot_ordinals`` only a
      numeral with its full stop is regnal ("Ludwig XIV."), the stop said with it;
    * ``inflect_after``: (the words said after a number: a unit's, a currency's, per cent; the word
      before the number) → those words as that word asks ("ein Meter", "mit" → "einem Meter";
      "Meter", "mit" → "Metern");
    * ``respell``: the spoken text → the region's spelling of it ("ss" for "ß");
    * ``year``: a year in words where num2words has none for the language (a year of 1100-1999
      in hundreds: "nittonhundranittio"); used for every year, in dates and after ``year_words``.

    Written forms of one language (besides the hooks):

    * ``years_between``: (first, last): a plain number of four digits in this span is a year
      wherever it stands ("1945" → "nittonhundraförtiofem"); (0, 0): only after ``year_words``;
    * ``date_words``: lower-case words after which a day and a month written with digits and no
      year (``17.06``, ``17/6``) are a date ("le 17.06" → "le dix-sept juin", "den 17/6" → "den
      sjuttonde juni"); ``/`` with a leading zero ("livraison 17/06") is a date after any word;
    * ``fraction_words``: lower-case words that follow a fraction but never a date ("de": "au 1/4 de
      finale" is a quarter, not the first of April);
    * ``clock_dot_words``: lower-case words after which ``17.30`` is a clock time ("alle 17.30",
      "klockan 17.30");
    * ``hour_sign_words``: lower-case words after which ``9 h`` is a time of day ("um 9 h": "um neun
      Uhr"), not a duration ("9 h": "neun Stunden");
    * ``version_word``: the word said for a ``v`` written before a version ("v2.3.1": "Version");
    * ``comma_thousands``: the region writes a decimal point and groups thousands with commas
      (``1,500.50``, ``3.5``): every such number is read as if written the language's way
      (``1.500,50``, ``3,5``);
    * ``point_decimals``: a number written with a decimal point where the language writes a comma
      (``17.06``, not a thousands group) is read as a decimal ("dix-sept virgule zéro six");
    * ``roman_markers``: ordinal markers written after a Roman numeral (``XIXe``, ``Ier``,
      ``Iᵉʳ``): the numeral is then an ordinal ("dix-neuvième"; feminine for ``feminine_markers``);
    * ``roman_nouns``: lower-case words before which a Roman numeral is an ordinal ("secolo":
      "XIX secolo" → "diciannovesimo secolo").
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
    regions: dict[str, Rules] = field(default_factory=dict)
    decimals_as_number: int = 0
    minus_word: str = ""
    plus_word: str = ""
    range_joiners: dict[str, str] = field(default_factory=dict)
    context_markers: tuple[str, ...] = ()
    phone_context: tuple[str, ...] = ()
    phone_digits: tuple[str, ...] = ()
    phone_trunk: str = ""
    phone_group: int = 0
    symbols: dict[str, str] = field(default_factory=dict)
    year_words: tuple[str, ...] = ()
    month_names: dict[str, str] = field(default_factory=dict)
    scales: dict[str, tuple[str, str]] = field(default_factory=dict)
    domains: tuple[str, ...] = ()
    score_word: str = ""
    ratio_word: str = ""
    decade_suffix: str = ""
    feminine_ordinal: Callable[[str], str] | None = None
    inflected_ordinal: Callable[[int, str], str] | None = None
    marked_ordinal: Callable[[str, str], str] | None = None
    number_fix: Callable[[str], str] | None = None
    before_noun: Callable[[str, str, str], str] | None = None
    fraction: Callable[[int | None, int, int, str], str] | None = None
    clock_time: Callable[[int, int], str] | None = None
    roman: Callable[[int, str], str | None] | None = None
    regnal: Callable[[int, str, str], str | None] | None = None
    inflect_after: Callable[[str, str], str] | None = None
    respell: Callable[[str], str] | None = None
    year: Callable[[int], str] | None = None
    years_between: tuple[int, int] = (0, 0)
    date_words: tuple[str, ...] = ()
    fraction_words: tuple[str, ...] = ()
    clock_dot_words: tuple[str, ...] = ()
    hour_sign_words: tuple[str, ...] = ()
    version_word: str = ""
    point_decimals: bool = False
    comma_thousands: bool = False
    roman_markers: tuple[str, ...] = ()
    roman_nouns: tuple[str, ...] = ()


def plain_letters(word: str) -> str:
    """``word`` in lower case without its accents ("Canción" -> "cancion"): how noun tables are kept."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")


@dataclass(frozen=True)
class NounGender:
    """A language's guess at a noun's gender, for the agreement of the number before it: a noun is
    feminine when one of its singular forms is in ``feminine`` or ends in one of ``endings``, unless
    one is in ``masculine``. ``plurals``: (plural ending, singular ending) pairs tried on the word
    ("ces" -> "z"); ``function_words`` and ``verb_endings`` tell what is no noun a number counts."""

    feminine: frozenset[str]
    masculine: frozenset[str]
    endings: tuple[str, ...]
    plurals: tuple[tuple[str, str], ...]
    function_words: frozenset[str] = frozenset()
    verb_endings: tuple[str, ...] = ()

    def singulars(self, word: str) -> set[str]:
        """The forms ``word`` may have in the singular (itself among them), accents dropped."""
        w = plain_letters(word)
        return {w} | {w[: -len(plural)] + singular for plural, singular in self.plurals if w.endswith(plural)}

    def is_feminine(self, word: str) -> bool:
        """Whether the noun ``word`` (singular or plural) is feminine, by the tables above."""
        forms = self.singulars(word)
        if forms & self.masculine:
            return False
        return bool(forms & self.feminine) or any(f.endswith(self.endings) for f in forms)

    def is_noun(self, word: str) -> bool:
        """Whether ``word`` may be a noun a number counts (not a preposition, article or verb form)."""
        w = word.lower()
        return bool(w) and w not in self.function_words and not w.endswith(self.verb_endings)


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


def _fixed(words: str, rules: Rules) -> str:
    return words if rules.number_fix is None else rules.number_fix(words)


_TOO_BIG = (OverflowError, NotImplementedError, ValueError)
"""What num2words raises for a number its language's tables cannot say (10**18 and up in some)."""


def _cardinal(n: int, rules: Rules) -> str:
    try:
        return _fixed(num2words(n, lang=rules.code), rules)
    except _TOO_BIG:
        return _digit_by_digit(n, rules)


def _digit_by_digit(n: int, rules: Rules) -> str:
    """A number too large to say as one, read digit by digit ("minus" first when negative)."""
    try:
        digits = str(abs(n))
    except ValueError:  # over Python's limit for int -> str
        return ""
    said = " ".join(_fixed(num2words(int(d), lang=rules.code), rules) for d in digits)
    return f"{rules.minus_word} {said}" if n < 0 and rules.minus_word else said


def _ordinal(n: int, rules: Rules, feminine: bool = False) -> str:
    try:
        words = _fixed(num2words(n, lang=rules.code, to="ordinal"), rules)
    except _TOO_BIG:
        return _digit_by_digit(n, rules)
    if feminine and rules.feminine_ordinal is not None:
        words = rules.feminine_ordinal(words)
    return words


def _year(n: int, rules: Rules) -> str:
    if rules.year is not None:
        return rules.year(n)
    try:
        return _fixed(num2words(n, lang=rules.code, to="year"), rules)
    except (NotImplementedError, AttributeError, OverflowError, ValueError):
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
        longer = 0 < rules.decimals_as_number < len(frac)
        if rules.digit_by_digit or frac.startswith("0") or longer:
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
    # "24:45 Uhr": the hour 24 is written too (a day's end, a timetable's hours past midnight)
    # "14:30 h", "14:30 hs": an hour sign after a time with minutes says nothing more
    time = r"(?<![\w.,:])([01]?\d|2[0-4])(?:" + separators + r")([0-5]\d)" + after
    time += r"(?:\s?(?:h|hs|hrs)(?!\w))?(?![\w:]|[.,]\d)"  # "à 12:00, on mange": a comma may follow
    time += r"(?!\s?(?:min|mn)(?!\w))"  # "1 h 30 min", "2:15 min": a duration, read by its units
    # group 3 always exists (matching nothing when no language writes a word after the hour)
    hour = r"(?<![\w.,:])([01]?\d|2[0-4])\s?(?:" + words + r")(?!\w)" if words else r"(?!)(\d)"
    return time + "|" + hour


def _day_month_pattern(rules: Rules, forms: Forms) -> str:
    """A day, its optional marker and joiner, then a month of ``rules``, then maybe a year after a
    space (groups: day, marker, the space and joiner, month, the space before the year, year)."""
    markers = "|".join(re.escape(m) for m in forms.day_markers)
    joiners = "|".join(re.escape(j) for j in forms.day_joiners)
    space = r"(\s+(?:(?:" + joiners + r")\s+)?)" if joiners else r"(\s+)"  # "3 de mayo"
    day = r"(?<![\w.,])(0?[1-9]|[12]\d|3[01])(" + markers + r")?" + space
    names = [*rules.months, *(re.escape(n) for n in sorted(rules.month_names, key=len, reverse=True))]
    return day + r"(" + "|".join(names) + r")(?!\w)(?:(\s+)(\d{4})(?![\w]|[.,]\d))?"


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
        # "€ 25,-", "25,– €": a whole amount with a dash for its cents
        money_before=re.compile(r"(?<![\w])(" + money + r")\s?(" + num + r")(?:,[-–]{1,2}(?![\d]))?(?![\d])"),
        money_after=re.compile(r"(?<![\w.,])(" + num + r")(?:,[-–]{1,2})?\s?(" + money + r")(?![\w])"),
        ordinal=re.compile(rules.ordinal),
        unit=re.compile(r"(?<![\w.,])(" + num + r")\s?(%|" + unit + r")(?![\w/'’])"),
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
    others = [*rules.scales, *rules.month_names]  # "3 Mio. Einwohner", "am 3. Okt. Wir"
    return {part for a in [*rules.abbreviations, *pages, *others] for part in a.lower().split() if part.endswith(".")}


_ENDS_TEXT = re.compile(r"[\s\"')\]»“”]*$")


def _abbreviation(word: str, m: re.Match, nouns_capitalised: bool = False) -> str:
    """An abbreviation's words; its full stop kept where it also ends the text ("Salz usw."), or
    where a list's "etc." is followed by a new sentence ("images, etc. Le fichier ...")."""
    ends = m.group(0).endswith(".") and _ENDS_TEXT.match(m.string, m.end()) is not None
    closes = m.group(0).endswith(".") and m.group(0).lower().replace(" ", "").rstrip(".") in _LIST_ENDS
    closes = closes and not nouns_capitalised  # German: "usw. Datentypen ..." goes on
    if closes and re.match(r"\s+[\"'«„“(]?[^\W\d_]", m.string[m.end() :]):
        ends = ends or m.string[m.end() :].lstrip(" \"'«„“(")[:1].isupper()
    return word + "." if ends else word


_LIST_ENDS = frozenset({"etc", "usw", "enz", "osv", "ecc"})
"""Abbreviations that end a list; before a capital their full stop ends the sentence too, except in
a language that capitalises its nouns (German: "usw. Datentypen lernen wir" goes on)."""
"""Abbreviations that end a list ("and so on"): before a capital, their full stop also ends the sentence."""


def expand_abbreviations(text: str, rules: Rules) -> str:
    """The language's abbreviations written out (``z. B.`` → "zum Beispiel"); a capitalised
    abbreviation gives a capitalised word; one that ends the text keeps its full stop as the
    sentence's ("Mehl, Salz usw." → "Mehl, Salz und so weiter.")."""
    for pattern, word in _abbreviation_patterns(rules):
        text = pattern.sub(partial(_abbreviation, word, nouns_capitalised=rules.code.startswith("de")), text)
    return text


def ordinal_dot(text: str, dot: int, rules: Rules) -> bool:
    """True when the full stop at ``dot`` (right after digits) marks an ordinal in a language that
    writes ordinals with a dot (``dot_ordinals``: German ``am 3. Mai``, ``der 21. Kurs``): the word
    after is a month, or the word before is one of ``ordinal_context``, or the word after starts in
    lower case (no sentence does: "am 3. und 4. Mai"), or the number follows an ordinal and one word
    ("3. und 4."), or it opens the text ("100. Geburtstag"); such a dot ends no sentence."""
    if not rules.dot_ordinals:
        return False
    before = re.search(r"(\S+)\s+\d{1,7}$", text[:dot])
    after = re.match(r"\.\s+(\S+)", text[dot:])
    if after and (after.group(1).rstrip(",;:") in rules.month_names or after.group(1).rstrip(".,;:") in rules.months):
        return True
    if after and after.group(1)[:1].islower():
        return True
    if re.search(r"\d\.\s+[^\W\d_]+\s+\d{1,7}$", text[:dot]):  # "am 3. und 4. Tag", "vom 3. bis 5. Mai"
        return True
    if after and re.fullmatch(r"[\s\"'(\[„“‚‘»«]*\d{1,7}", text[:dot]):
        return True
    return bool(before and before.group(1).lower() in rules.ordinal_context)


def _agree(words: str, noun: str, rules: Rules, before: str = "") -> str:
    """A whole number's ``words`` as said before ``noun`` (``Rules.before_noun``; unchanged without it)."""
    return words if rules.before_noun is None else rules.before_noun(words, noun, before)


def _money(amount: str, symbol: str, rules: Rules) -> str:
    one, many, cent_one, cent_many, joiner = rules.money[symbol]
    value = _parse(amount, rules)
    if value is None:
        return f"{amount} {symbol}"
    whole = int(value)
    cents = int((value - whole) * 100)
    if whole == 0 and cents and cent_many:  # "0,50 €": "cincuenta céntimos", not "cero euros con ..."
        return cent_one if cents == 1 else f"{_agree(_cardinal(cents, rules), cent_many, rules)} {cent_many}"
    out = one if whole == 1 else f"{_agree(_cardinal(whole, rules), many, rules)} {many}"
    if cents:
        said = _cardinal(cents, rules)
        if rules.bare_cents:  # "zwei Euro fünfzig", "deux euros cinquante"
            out += f" {said}"
        else:
            cent = cent_one if cents == 1 else f"{_agree(said, cent_many, rules)} {cent_many}"
            out += f" {joiner} {cent}" if joiner else f" {cent}"
    return out


def _day(day: int, rules: Rules, before: str = "") -> str:
    """A day of the month before a month name, in words (``before``: the words before the day)."""
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


_ENUMERATED = re.compile(r"(?<!\d)\d+(?:\.|[^\W\d_]+)\s+[^\W\d_]+\s*$")
_TWO_WORDS = re.compile(r"((?:[^\W\d_]+\s+)?[^\W\d_]+)\s*$")


def _words_before(text: str, pos: int) -> str:
    """The (up to two) words before an ordinal at ``pos`` that decide its ending ("in der" before
    "3. Klasse"); for the second of "am 3. und 4. Tag" or "vom 3. bis 5. Mai", the words before the
    first ("am", "vom")."""
    chunk = text[max(0, pos - 60) : pos]
    enumerated = _ENUMERATED.search(chunk)
    if enumerated:
        chunk = chunk[: enumerated.start()]
    m = _TWO_WORDS.search(chunk)
    return " ".join(m.group(1).split()) if m else ""


# ------------------------------------------------------------------ telephone numbers, ranges, signs, fractions, Roman numerals

_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_AFTER_WORD = re.compile(r"(?<![\w.])([^\W\d_]+)(\s+)([IVXLCDM]+)(?![\w'’-])(\.)?")
_WORD_AFTER = re.compile(r"\s+([^\W\d_]+)")


def roman_value(numeral: str) -> int:
    """ "XIV" → 14 (a numeral already checked to be well formed)."""
    values = [_ROMAN_VALUES[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0]))


@dataclass(frozen=True)
class _Spans:
    phone: re.Pattern
    range: re.Pattern
    sign: re.Pattern
    minus_between: re.Pattern
    fraction: re.Pattern
    unit_after: re.Pattern
    phone_context: re.Pattern | None


_SPANS: dict[str, _Spans] = {}


def _spans(rules: Rules) -> _Spans:
    if rules.code in _SPANS:
        return _SPANS[rules.code]
    num = _num(rules)
    unit = "|".join(re.escape(u) for u in sorted(rules.units, key=len, reverse=True))
    context = "|".join(re.escape(w) for w in rules.phone_context)
    stop = r"\.?" if rules.dot_ordinals else ""  # "3.–5. Mai": a range of ordinals written with a full stop
    spans = _Spans(
        phone=re.compile(
            r"(?<![\w+.,/-])(?:(\+\d{1,3})[\s.-]?)?(?:\((\d{1,5})\)[\s.-]?)?"
            r"((?:(?<=[)\s.-])\d|\d{2})\d{0,6}(?:(?: ?/ ?|[\s.-])\d{1,8}){0,5})(?![\w/]|[.,-]\d)"
        ),
        range=re.compile(r"(?<![\w.,:/-])((?:" + num + r")" + stop + r")(?:-|\s?–\s?)(" + num + r")(?![\w:/-]|[.,]\d)"),
        sign=re.compile(r"(?<![\w.,)\]%])([-−–+])(?=\d)"),
        minus_between=re.compile(r"(?<=\d)\s+−\s+(?=\d)"),
        fraction=re.compile(
            r"(?<![\w.,/:-])(?:(\d{1,3})\s+)?(\d{1,3})/(\d{1,4})(?![\w/]|[.,:]\d)(?:\s?(" + unit + r")(?![\w/]))?"
        ),
        unit_after=re.compile(r"\s?(" + unit + r")(?![\w/'’])"),
        phone_context=re.compile(r"(?<!\w)(?:" + context + r")(?!\w)", re.IGNORECASE) if context else None,
    )
    _SPANS[rules.code] = spans
    return spans


_CAPITAL_AFTER = re.compile(r"\s+[\"'„“(]*([^\W\d_])")


def _keeps_stop(text: str, end: int) -> bool:
    """True when a full stop ending at ``end`` also ends a sentence: the text ends there, or a
    capitalised word follows."""
    if _ENDS_TEXT.match(text, end):
        return True
    after = _CAPITAL_AFTER.match(text, end)
    return bool(after and after.group(1).isupper())


def _romans(text: str, rules: Rules) -> str:
    """A Roman numeral after a word, in words where ``Rules.regnal`` ("Ludwig XIV." → "Ludwig der
    Vierzehnte") or ``Rules.roman`` says them ("Felipe II")."""
    hook, regnal = rules.roman, rules.regnal
    if hook is None and regnal is None:
        return text

    def repl(m: re.Match) -> str:
        numeral, stop = m.group(3), m.group(4) or ""
        if not _ROMAN.fullmatch(numeral):
            return m.group(0)
        value = roman_value(numeral)
        if regnal is not None and m.group(1)[:1].isupper() and (stop or not rules.dot_ordinals):
            said = regnal(value, m.group(1), _word_before(m.string, m.start()))
            if said is not None:
                if rules.dot_ordinals and not _keeps_stop(m.string, m.end()):
                    stop = ""  # "Ludwig XIV. war": the full stop is the numeral's
                return f"{m.group(1)}{m.group(2)}{said}{stop}"
        said = hook(value, m.group(1)) if hook is not None else None
        return m.group(0) if said is None else f"{m.group(1)}{m.group(2)}{said}{stop}"

    return _ROMAN_AFTER_WORD.sub(repl, text)


def _phone_digits(group: str, rules: Rules) -> str:
    return " ".join(rules.phone_digits[int(d)] if rules.phone_digits else _cardinal(int(d), rules) for d in group)


def _phone_pair(group: str, rules: Rules) -> str:
    """A group of two digits as a number ("34" → "treinta y cuatro"; "05" digit by digit)."""
    return _cardinal(int(group), rules) if len(group) == 2 and group[0] != "0" else _phone_digits(group, rules)


def _phone_groups(body: str) -> list[str]:
    return re.split(r" ?/ ?|[\s.-]", body)  # "030 / 123 456": DIN 5008's slash after the area code


def _phone_split(group: str, longest: int) -> list[str]:
    """A group of digits longer than ``longest`` in near-equal parts, the shorter first
    ("1234567", 4 → "123", "4567")."""
    parts = -(-len(group) // longest)
    size, extra = divmod(len(group), parts)
    sizes = [size] * (parts - extra) + [size + 1] * extra
    starts = [sum(sizes[:i]) for i in range(parts)]
    return [group[start : start + n] for start, n in zip(starts, sizes)]


def _is_phone(m: re.Match, spans: _Spans, trunk: str = "") -> bool:
    code, area, body = m.group(1), m.group(2), m.group(3)
    groups = _phone_groups(body)
    digits = sum(map(len, groups)) + len(area or "")
    if code or area:
        return digits >= 6
    if len(groups) < 2:
        return False
    if trunk and groups[0].startswith(trunk) and len(groups[0]) > len(trunk) and digits >= 7:
        return True  # "030 1234567", "06-12345678": a national number opens with its trunk prefix
    if re.fullmatch(r"[\d-]+", body):  # "600-123-456", "98765-4321", but "1990-1995" is a range of years
        years = len(groups) == 2 and all(len(g) == 4 and 1000 <= int(g) < 2100 for g in groups)
        return digits >= 7 and not years
    before = m.string[max(0, m.start() - 30) : m.start()]
    return digits >= 8 and spans.phone_context is not None and spans.phone_context.search(before) is not None


def _phones(text: str, rules: Rules) -> str:
    """Telephone numbers group by group (see ``Rules.phone_context``)."""
    spans = _spans(rules)
    if spans.phone_context is None:
        return text

    def repl(m: re.Match) -> str:
        if not _is_phone(m, spans, rules.phone_trunk):
            return m.group(0)
        code, area, body = m.group(1), m.group(2), m.group(3)
        if code and area == rules.phone_trunk and rules.phone_trunk:
            area = None  # "+49 (0)89 …": the trunk prefix in brackets is not dialled from abroad
        parts = []
        if code:
            digits = code[1:]
            said = _cardinal(int(digits), rules) if len(digits) <= 2 else _phone_digits(digits, rules)
            parts.append(f"{rules.plus_word} {said}".strip())
        if rules.phone_group:  # every group digit by digit, a long group in parts
            groups = [area] if area else []
            groups += [g for g in _phone_groups(body) if g]
            parts += [_phone_digits(p, rules) for g in groups for p in _phone_split(g, rules.phone_group)]
            return ", ".join(parts)
        if area:
            parts.append(_phone_pair(area, rules))
        for i, group in enumerate(_phone_groups(body)):
            parts.append(_phone_digits(group, rules) if i == 0 and not area else _phone_pair(group, rules))
        return ", ".join(parts)

    text = spans.phone.sub(repl, text)
    return _EMERGENCY.sub(lambda m: _emergency(m, spans, rules), text)


_EMERGENCY = re.compile(r"(?<![\w.,+-])(1(?:1[0-9]|44)|911|999|000)(?![\w.,]\d|\w)")
"""A short service number ("112", "110", "911", "999", "144"): digit by digit after a word of
calling ("Ruf 110 an", "composez le 112"), else a number."""


def _emergency(m: re.Match, spans: _Spans, rules: Rules) -> str:
    before = m.string[max(0, m.start() - 20) : m.start()]
    if spans.phone_context is None or not spans.phone_context.search(before):
        return m.group(0)
    return _phone_digits(m.group(1), rules)


def _noun_after(text: str, end: int, rules: Rules, spans: _Spans) -> str:
    """The word a number at ``end`` counts: a unit's word ("km" → "kilómetros"), else the next word."""
    unit = spans.unit_after.match(text, end)
    if unit:
        return rules.units[unit.group(1)][1]
    word = _WORD_AFTER.match(text, end)
    return word.group(1) if word else ""


def _ranges(text: str, rules: Rules) -> str:
    """ "10-15", "10–15" → "10 a 15" (``Rules.range_joiners``); the first number, in words, agrees
    with what the second counts ("doscientas a 300 millas")."""
    if not rules.range_joiners:
        return text
    spans = _spans(rules)

    def repl(m: re.Match) -> str:
        before = _word_before(m.string, m.start())
        joiner = rules.range_joiners.get(before.lower(), rules.range_joiners.get("", ""))
        if not joiner:
            return m.group(0)
        first = m.group(1)
        low, high = _parse(first.rstrip("."), rules), _parse(m.group(2), rules)
        if rules.score_word and low is not None and high is not None and low >= high:
            return f"{first} {rules.score_word} {m.group(2)}"  # "3-2": a score, not a range (a range goes up)
        if rules.before_noun is not None and "," not in first and not first.endswith("."):
            noun = _noun_after(m.string, m.end(), rules, spans)
            said = number_words(first, rules)
            agreed = _agree(said, noun, rules, before) if noun else said
            if agreed != said:  # otherwise the digits stay for what reads them later (a year: "1990-1995")
                first = agreed
        if "{" in joiner:  # a pattern: "da {a} a {b}"
            return joiner.format(a=first, b=m.group(2))
        return f"{first} {joiner} {m.group(2)}"

    text = spans.range.sub(repl, text)

    def times(m: re.Match) -> str:  # "9:00-17:00 Uhr" → "9:00 bis 17:00 Uhr"
        before = _word_before(m.string, m.start())
        joiner = rules.range_joiners.get(before.lower(), rules.range_joiners.get("", ""))
        if "{" in joiner:  # the second time follows the pattern's "{b}", its end
            return joiner.format(a=m.group(1), b="")
        return f"{m.group(1)} {joiner} " if joiner else m.group(0)

    return _TIME_RANGE.sub(times, text)


_TIME_RANGE = re.compile(r"(?<![\w.,:])(\d{1,2}[:.]\d\d)\s?[-–]\s?(?=\d{1,2}[:.]\d\d(?![\d:]|[.,]\d))")


_PROSE_ARROW = re.compile(r"\s*(?:(?<!\S)(?:=+>|-+>|<-+)(?!\S)|[→⇒⟶⟹←⟵⇐])\s*")
_COMPARISON = re.compile(r"(?<=[^\W_])\s*(<=|>=|=<|!=|==|[≤≥≠<>])\s*(?=[^\W_]|[(−-]\s*\d)")
_ASCII_SIGNS = {"<=": "≤", "=<": "≤", ">=": "≥", "!=": "≠"}
_OPERAND_BEFORE = re.compile(r"([^\W_]+)\s*$")
_OPERAND_AFTER = re.compile(r"[(−-]?\s*([^\W_]+)")


def prose_signs(text: str, words: dict[str, str]) -> str:
    """Signs between words in running text (code and math are read before, by their readers): an
    arrow between two phrases (``=>``, ``->``, ``→``: "Ziel => Heuristik") is a pause, a clause
    break ("Ziel; Heuristik"; one opening the text is not said); a comparison or ``==`` between a
    letter or number and another ("p<0,001", "n >= 30"; one side a number or a single letter: "Menü >
    Datei" is a path) is said with ``words`` (``Rules.symbols``: "p inférieur à 0,001"), where it has
    words for it."""
    text = _PROSE_ARROW.sub("; ", text)

    def said(m: re.Match) -> str:
        sign = _ASCII_SIGNS.get(m.group(1), m.group(1))
        word = words.get(sign)
        if not word:
            return m.group(0)
        left = _OPERAND_BEFORE.search(m.string, 0, m.start())
        right = _OPERAND_AFTER.match(m.string, m.end())
        short = [t for t in (left, right) if t and (len(t.group(1)) == 1 or t.group(1)[0].isdigit())]
        return f" {word} " if sign == "==" or short else m.group(0)  # "Menü > Datei": a path, not a comparison

    return _COMPARISON.sub(said, text) if words else text


def _signs(text: str, rules: Rules) -> str:
    """ "-5", "−5" → "menos 5", "+5" → "más 5", "7 − 3" → "7 menos 3" (``minus_word``, ``plus_word``)."""
    if not rules.minus_word and not rules.plus_word:
        return text
    spans = _spans(rules)

    def repl(m: re.Match) -> str:
        word = rules.plus_word if m.group(1) == "+" else rules.minus_word
        return f"{word} " if word else m.group(0)

    if rules.symbols:  # "2 + 2 = 4", "7 × 3", "10 - 4 = 6" (a hyphen with an "=" after: a minus)
        if rules.minus_word:
            text = _HYPHEN_MINUS.sub(f" {MINUS} ", text)
        text = _spans_between(rules).sub(partial(_symbol, rules), text)
    text = spans.sign.sub(repl, text)
    return spans.minus_between.sub(f" {MINUS} ", text) if rules.minus_word else text


MINUS = "\ue000"
"""A minus between two numbers until the units are read (then ``Rules.minus_word``): a minus word
may also be a unit's symbol ("min": "7 min 3" is not seven minutes)."""


_ABOUT = re.compile(r"(?<![\w~])(?:≈\s*|[~∼]\s?(?=[−-]?\d))")
_PLUS_MINUS = re.compile(r"±\s*(?=[−-]?[\d(])")
_BY = re.compile(r"(?<![\w.,])([1-9]\d*(?:[.,]\d+)?)\s?x\s?(?=\d+(?:[.,]\d+)?(?![\w.,]\d|[^\W\d_]\w))")
_SUPERSCRIPT = re.compile(r"(?<=\d)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)(?!\w)")
_HOURS_MINUTES_SECONDS = re.compile(r"(?<![\w:.,])(\d|0\d):([0-5]\d):([0-5]\d)(?![\w:]|[.,]\d)")
"""A duration ("3:45:12", "0:45:10"): hours of one digit (or 0n); "14:02:59" is a clock's."""


def _number_signs(text: str, rules: Rules) -> str:
    """Signs around numbers in prose, in the language's words (``Rules.symbols``): "≈ 10", "~5 kg"
    ("ungefähr"), "±2 mm" ("plus minus"), "3 x 4 m" (as "×"), "10³" (the word for "^"); "3:45:12" a
    duration in hours, minutes and seconds (a clock time was read before). A sign without words in
    the language is left as written."""
    symbols = rules.symbols
    if "≈" in symbols:
        text = _ABOUT.sub(symbols["≈"] + " ", text)
    if "±" in symbols:
        text = _PLUS_MINUS.sub(symbols["±"] + " ", text)
    if "×" in symbols:
        text = _BY.sub(lambda m: f"{m[1]} {symbols['×']} ", text)
    if "^" in symbols:
        text = _SUPERSCRIPT.sub(lambda m: f" {symbols['^']} " + m[1].translate(_SUPERSCRIPT_DIGITS), text)
    if all(u in rules.units for u in ("h", "min", "s")):
        text = _HOURS_MINUTES_SECONDS.sub(_duration, text)
        text = _CLOCK_SECONDS.sub(lambda m: f"{m[1]}:{m[2]}, {int(m[3])} s", text)
    return text


def _duration(m: re.Match) -> str:
    """ "3:45:12" → "3 h 45 min 12 s" for the unit rule; parts of 0 are not said ("0:45:10")."""
    parts = [f"{int(v)} {unit}" for v, unit in zip(m.groups(), ("h", "min", "s")) if int(v)]
    return " ".join(parts) or "0 s"


_CLOCK_SECONDS = re.compile(
    r"(?<![\w:.,])([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\s?(?:Uhr|uur|h)(?!\w))?(?![\w:]|[.,]\d)"
)
"""A clock time with seconds ("14:02:59 Uhr"): the time, then its seconds ("vierzehn Uhr zwei,
neunundfünfzig Sekunden")."""


_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _symbol(rules: Rules, m: re.Match) -> str:
    return f" {MINUS if m.group(1) == '−' else rules.symbols[m.group(1)]} "


_RATIO = re.compile(r"(?<![\w:.,])(?!\d{1,2}:[0-5]\d:[0-5]\d(?!:))[1-9]\d*(?::(?:0|[1-9]\d*)){1,2}(?![\w:]|[.,]\d)")
"""A ratio or score of two or three parts ("3:2", "1:2:1"); not a duration or time ("2:01:09"), a
timecode or an address ("01:00:00:00", "00:11:22:33:44:55")."""
_HYPHEN_MINUS = re.compile(r"(?<=\d)\s+-\s+(?=\d[\d.,]*\s*=)")
_BETWEEN: dict[str, re.Pattern] = {}


def _spans_between(rules: Rules) -> re.Pattern:
    """A sign of ``Rules.symbols`` between two numbers (spaces around it or not)."""
    if rules.code not in _BETWEEN:
        signs = "|".join(re.escape(s) for s in sorted(rules.symbols, key=len, reverse=True))
        _BETWEEN[rules.code] = re.compile(r"(?<=[\d)])\s*(" + signs + r")\s*(?=[\d(−-])")
    return _BETWEEN[rules.code]


_VULGAR_FRACTIONS = {
    "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
    "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8",
}  # fmt: skip
_VULGAR = re.compile(r"(?<![\d/])(?:(\d+)\s?)?([" + "".join(_VULGAR_FRACTIONS) + r"])")


def _fractions(text: str, rules: Rules) -> str:
    """ "1/3" → "un tercio", "2 1/2" → "dos y medio", "1/2 kg" → "medio kilogramo" (``Rules.fraction``)."""
    hook = rules.fraction
    if hook is None:
        return text
    text = _VULGAR.sub(lambda m: (m.group(1) + " " if m.group(1) else "") + _VULGAR_FRACTIONS[m.group(2)], text)

    def repl(m: re.Match) -> str:
        whole = int(m.group(1)) if m.group(1) else None
        numerator, denominator = int(m.group(2)), int(m.group(3))
        if not 0 < numerator < denominator:
            return m.group(0)
        unit = m.group(4)
        if unit:
            one, many = rules.units[unit]
            noun = many if whole is not None else one.split(" ", 1)[-1]
            return f"{hook(whole, numerator, denominator, noun)} {noun}"
        word = _WORD_AFTER.match(m.string, m.end())
        return hook(whole, numerator, denominator, word.group(1) if word else "")

    return _spans(rules).fraction.sub(repl, text)


@dataclass(frozen=True)
class _Written:
    """Patterns of the written forms read with ``Rules.domains``, ``Rules.scales``, ``Rules.year_words``
    and the short dates of a language with ``dot_ordinals`` ("am 14.7.")."""

    address: re.Pattern | None
    short_date: re.Pattern
    scaled: re.Pattern | None
    year: re.Pattern


_WRITTEN: dict[str, _Written] = {}


def _written(rules: Rules) -> _Written:
    if rules.code in _WRITTEN:
        return _WRITTEN[rules.code]
    num = _num(rules)
    money = "|".join(re.escape(s) for s in sorted(rules.money, key=len, reverse=True))
    scales = "|".join(re.escape(s) for s in sorted(rules.scales, key=len, reverse=True))
    tlds = "|".join(re.escape(d) for d in rules.domains)
    written = _Written(
        address=re.compile(
            r"(?<![\w@./-])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:" + tlds + r")(?![\w-])(?:/[^\s<>\"]*)?"
        )
        if tlds
        else None,
        short_date=re.compile(r"(?<![\w.,/-])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(?![\w.]|\s*\d)"),
        scaled=re.compile(
            r"(?<![\w.,])(?:(" + money + r")\s?)?(" + num + r")\s?(" + scales + r")(?!\w)(?:\s?(" + money + r")(?!\w))?"
        )
        if scales and money
        else None,
        year=re.compile(r"(?<![\w.,])([12]\d{3})(?![\w]|[.,]\d)"),
    )
    _WRITTEN[rules.code] = written
    return written


def _addresses(text: str, rules: Rules) -> str:
    """A bare address with one of ``Rules.domains`` ("beispiel.at/kontakt") said with ``address_words``."""
    pattern = _written(rules).address
    if pattern is None or not rules.address_words:
        return text
    dot, _, slash = rules.address_words

    def repl(m: re.Match) -> str:
        address = m.group(0)
        tail = re.search(r"[.,;:!?)]*$", address).group(0)  # type: ignore[union-attr]
        address = address[: len(address) - len(tail)].rstrip("/")
        said = re.sub(r"[-_+=&%~:]+", " ", address.replace(".", f" {dot} ").replace("/", f" {slash} "))
        return " ".join(said.split()) + tail

    return pattern.sub(repl, text)


def _short_dates(text: str, rules: Rules) -> str:
    """ "am 14.7." → "am vierzehnten Juli" in a language with ``dot_ordinals``, after a word of
    ``ordinal_context`` (elsewhere "1.2." may number a section)."""
    if not rules.dot_ordinals:
        return text

    def repl(m: re.Match) -> str:
        before = _words_before(m.string, m.start())
        if not before or before.split()[-1].lower() not in rules.ordinal_context:
            return m.group(0)
        said = f"{_day(int(m.group(1)), rules, before)} {rules.months[int(m.group(2)) - 1]}"
        return said + "." if _ENDS_TEXT.match(m.string, m.end()) else said

    return _written(rules).short_date.sub(repl, text)


_MONEY_WORDS: dict[str, tuple[re.Pattern, dict[str, str]]] = {}


def _money_words(text: str, rules: Rules) -> str:
    """An amount with cents before a currency's name ("3,50 Euro", "2,40 euros", "9,99 kronor") →
    the amount in words ("drei Euro fünfzig"), as with its symbol; a whole number before the name is
    left to the number rules ("3 Euro" is already right)."""
    if rules.code not in _MONEY_WORDS:
        names: dict[str, str] = {}
        for symbol, (one, many, *_rest) in rules.money.items():
            for name in (many, one.split()[-1] if one else ""):
                if name and name.isalpha():
                    names.setdefault(name.lower(), symbol)
        words = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        pattern = re.compile(r"(?<![\w.,])(\d{1,3}(?:[.\s]\d{3})*,\d\d|\d+,\d\d)\s(" + words + r")(?!\w)", re.I)
        _MONEY_WORDS[rules.code] = (pattern, names)
    pattern, names = _MONEY_WORDS[rules.code]
    if not names:
        return text

    def repl(m: re.Match) -> str:
        if _parse(m[1], rules) is None:  # "1.234,56" where a full stop groups no thousands
            return m.group(0)
        return _inflected(_money(m[1], names[m[2].lower()], rules), text, m.start(), rules)

    return pattern.sub(repl, text)


def _amount(rules: Rules, amount: int, symbol: int, m: re.Match) -> str:
    """An amount of money matched with its ``amount`` and ``symbol`` groups, in words."""
    return _inflected(_money(m.group(amount), m.group(symbol), rules), m.string, m.start(), rules)


def _inflected(words: str, text: str, pos: int, rules: Rules) -> str:
    """``words`` said after the number at ``pos`` as the word before it asks (``Rules.inflect_after``)."""
    return words if rules.inflect_after is None else rules.inflect_after(words, _word_before(text, pos))


def _scaled(text: str, rules: Rules) -> str:
    """ "3 Mio. Einwohner", "3,5 Mio. €", "€ 3 mln." → the number, the scale's word, the currency's
    (``Rules.scales``)."""
    pattern = _written(rules).scaled
    if pattern is None:
        return text

    def repl(m: re.Match) -> str:
        number, scale, symbol = m.group(2), m.group(3), m.group(1) or m.group(4)
        one, many = rules.scales[scale]
        said = one if _is_one(number, rules) else f"{number_words(number, rules)} {many}"
        if symbol:
            said += " " + rules.money[symbol][1]
        if scale.endswith(".") and not m.group(4) and _ENDS_TEXT.match(m.string, m.end()):
            said += "."  # "… 3 Mio." at the end keeps its full stop
        return _inflected(said, m.string, m.start(), rules)

    return pattern.sub(repl, text)


def _decade(rules: Rules, m: re.Match) -> str:
    """ "1980er" → "neunzehnhundertachtziger", "80er" → "achtziger" (``Rules.decade_suffix``)."""
    n = int(m.group(1))
    return (_year(n, rules) if n >= 1000 else _cardinal(n, rules)) + rules.decade_suffix


def _years(text: str, rules: Rules) -> str:
    """A number of four digits after a word of ``Rules.year_words`` or a month name, or within
    ``Rules.years_between``, as a year ("im Jahr 1848" → "achtzehnhundertachtundvierzig")."""
    if rules.decade_suffix:
        text = re.sub(
            r"(?<![\w.,'’])(\d{0,2}[1-9]0)" + re.escape(rules.decade_suffix) + r"(?!\w)", partial(_decade, rules), text
        )
    first, last = rules.years_between
    if not rules.year_words and not last:
        return text
    words = {w.lower() for w in (*rules.year_words, *rules.months, *rules.month_names.values())}
    words = words if rules.year_words else set()

    def repl(m: re.Match) -> str:
        if first <= int(m.group(1)) <= last or _word_before(m.string, m.start()).lower() in words:
            return _year(int(m.group(1)), rules)
        return m.group(0)

    return _written(rules).year.sub(repl, text)


# ------------------------------------------------------------------ written forms of one language

_MARKED_ROMANS: dict[str, re.Pattern] = {}
_ROMAN_NOUN_PATTERNS: dict[str, re.Pattern] = {}
_ROMAN_ENDING = re.compile(r"(?<![\w.])([^\W\d_]+\s+[IVXLCDM]+):([^\W\d_]+)(?![\w'’-])")
_DAY_MONTH_DIGITS = re.compile(r"(?<![\w.,/:-])(0?[1-9]|[12]\d|3[01])([./])(0?[1-9]|1[0-2])(?![\w/]|[.,:]?\d|\s?%)")
_CLOCK_DOT = re.compile(r"(?<![\w.,:])([01]?\d|2[0-4])\.([0-5]\d)(?![\w]|[.,:]?\d)")
_POINT_DECIMAL = re.compile(r"(?<![\w.,])(\d+)\.(\d+)(?![\w]|[.,]\d)")


def _marked_romans(text: str, rules: Rules) -> str:
    """Roman numerals read as ordinals: with a marker of ``Rules.roman_markers`` ("XIXe siècle" →
    "dix-neuvième siècle", "François Ier" → "François premier"), before a word of
    ``Rules.roman_nouns`` ("XIX secolo" → "diciannovesimo secolo"); and a case ending written after
    a colon is said with the numeral's words ("Karl XII:s" → "Karl den tolftes")."""
    if rules.roman_markers:
        if rules.code not in _MARKED_ROMANS:
            markers = "|".join(re.escape(k) for k in sorted(rules.roman_markers, key=len, reverse=True))
            _MARKED_ROMANS[rules.code] = re.compile(r"(?<![\w'’-])([IVXLCDM]{2,}|[IVX])(" + markers + r")(?![\w'’-])")

        def marked(m: re.Match) -> str:
            if not _ROMAN.fullmatch(m.group(1)):
                return m.group(0)
            words = _ordinal(roman_value(m.group(1)), rules, m.group(2) in rules.feminine_markers)
            return words if rules.marked_ordinal is None else rules.marked_ordinal(words, m.group(2))

        text = _MARKED_ROMANS[rules.code].sub(marked, text)
    if rules.roman_nouns:
        if rules.code not in _ROMAN_NOUN_PATTERNS:
            nouns = "|".join(re.escape(n) for n in sorted(rules.roman_nouns, key=len, reverse=True))
            _ROMAN_NOUN_PATTERNS[rules.code] = re.compile(
                r"(?<![\w'’-])([IVXLCDM]{2,}|[IVX])(\s+)((?i:" + nouns + r"))(?!\w)"
            )

        def before_noun(m: re.Match) -> str:
            if not _ROMAN.fullmatch(m.group(1)):
                return m.group(0)
            return f"{_ordinal(roman_value(m.group(1)), rules)}{m.group(2)}{m.group(3)}"

        text = _ROMAN_NOUN_PATTERNS[rules.code].sub(before_noun, text)
    if rules.roman is None and rules.regnal is None:
        return text

    def ending(m: re.Match) -> str:
        said = _romans(m.group(1), rules)
        return m.group(0) if said == m.group(1) else said + m.group(2)

    return _ROMAN_ENDING.sub(ending, text)


def _day_month_digits(text: str, rules: Rules) -> str:
    """A day and a month in digits without a year after a word of ``Rules.date_words`` ("le 17.06"
    → "le dix-sept juin", "den 17/6" → "den sjuttonde juni"), or with ``/`` and a leading zero
    ("17/06")."""
    if not rules.date_words:
        return text

    def repl(m: re.Match) -> str:
        before = _word_before(m.string, m.start()).lower()
        zero = m.group(2) == "/" and (m.group(1)[0] == "0" or m.group(3)[0] == "0")
        if before not in rules.date_words and not zero:
            return m.group(0)
        after = _WORD_AFTER.match(m.string, m.end())
        if m.group(2) == "/" and after and after.group(1).lower() in rules.fraction_words:
            return m.group(0)  # "au 1/4 de finale": a fraction
        return f"{_day(int(m.group(1)), rules, before)} {rules.months[int(m.group(3)) - 1]}"

    return _DAY_MONTH_DIGITS.sub(repl, text)


def _clock_words(hours: int, minutes: int, rules: Rules) -> str:
    if rules.clock_time is not None:
        return rules.clock_time(hours, minutes)
    if minutes == 0:
        return rules.clock_hour.format(h=_cardinal(hours, rules))
    return rules.clock.format(h=_cardinal(hours, rules), m=_cardinal(minutes, rules))


def _clock_dots(text: str, rules: Rules) -> str:
    """ "alle 17.30", "klockan 17.30": a time written with a full stop after a word of
    ``Rules.clock_dot_words``."""
    if not rules.clock_dot_words:
        return text

    def repl(m: re.Match) -> str:
        if _word_before(m.string, m.start()).lower() not in rules.clock_dot_words:
            return m.group(0)
        return _clock_words(int(m.group(1)), int(m.group(2)), rules)

    return _CLOCK_DOT.sub(repl, text)


_COMMA_THOUSANDS = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?![\w]|[.,]\d)")
_SWAP_MARKS = str.maketrans(",.", ".,")


def _comma_thousands(text: str, rules: Rules) -> str:
    """ "1,500.50" → "1.500,50", "3.5" → "3,5" where the region writes numbers so (``Rules.comma_thousands``)."""
    if not rules.comma_thousands:
        return text
    return _COMMA_THOUSANDS.sub(lambda m: m.group(0).translate(_SWAP_MARKS), text)


_DOTTED = re.compile(r"(?<![\w.,])\d+(?:\.\d+)+(?![\w]|[.,]\d)")


_VERSION_WORDS = frozenset(
    "version versión versione versão versie versionen release python node java ubuntu debian fedora ruby php "
    "perl julia rust go kernel linux windows macos ios android chrome firefox django numpy pandas gcc git "
    "bash zsh excel office word latex tex r".split()
    + "chapitre section paragraphe capítulo sección apartado capitolo sezione paragrafo secção seção "
    "hoofdstuk paragraaf sectie kapitel avsnitt abschnitt".split()
)
"""Words after which "3.12" is a version or a section number, said with the word for a dot in a language that writes a
decimal comma ("Python 3.12": "drei Punkt zwölf", not "drei Komma zwölf")."""


def _dotted(text: str, rules: Rules) -> str:
    """A section or version number ("Abschnitt 4.2", "Version 3.12.1") said with the language's word
    for a dot ("vier Punkt zwei", "tres punto doce punto uno"): two or more dots, or one where the
    language writes no decimal point and the dot groups no thousands. Dates were read before."""
    if not rules.address_words:
        return text
    dot = rules.address_words[0]

    def repl(m: re.Match) -> str:
        groups = m.group(0).split(".")
        before = _word_before(m.string, m.start())
        version = before.lower() in _VERSION_WORDS and m.string[: m.start()].rstrip().endswith(before)
        thousands = "." in rules.thousands and len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])
        if not version and (thousands or (len(groups) == 2 and rules.point_decimals)):
            return m.group(0)  # "1.250.000", or "17.06" where a point is read as a decimal comma
        if not version and len(groups) == 2 and (groups[1][:1] == "0" or len(groups[1]) > 3):
            return ",".join(groups)  # "0.05", "3.14159": a decimal written with a point, read as one
        if len(groups) == 3 and _SHORT_DATE.fullmatch(m.group(0)):
            return m.group(0)  # "15.03.26": a date
        return f" {dot} ".join(
            _digit_by_digit(int(g), rules) if g[:1] == "0" and len(g) > 1 else _cardinal(int(g), rules) for g in groups
        )

    text = _DOTTED.sub(repl, text)
    return _V_BEFORE.sub(rules.version_word + " ", text) if rules.version_word else text


_V_BEFORE = re.compile(r"(?<![\w.])v (?=\S+ (?:Punkt|punkt|point|punto|ponto|punt) )")
"""A ``v`` before a version said with its dots ("v2.3.1", parted from its digits before)."""


_SHORT_DATE = re.compile(r"(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.\d{2}")


def _point_decimals(text: str, rules: Rules) -> str:
    """ "17.06" → "17,06" where the language writes a decimal comma (``Rules.point_decimals``); a
    thousands group ("1.250" where ``.`` groups thousands) stays."""
    if not rules.point_decimals:
        return text

    def repl(m: re.Match) -> str:
        if "." in rules.thousands and len(m.group(1)) <= 3 and len(m.group(2)) == 3:
            return m.group(0)
        return f"{m.group(1)},{m.group(2)}"

    return _POINT_DECIMAL.sub(repl, text)


_ISO_DATE_TIME = re.compile(
    r"(?<![\w./-])(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?"
    r"(Z|[+-](?:0\d|1[0-4]):?[0-5]\d)?(?![\w:+-])"
)


def iso_date_times(text: str, joiner: str, signs: tuple[str, str] = ("+", "-")) -> str:
    """An ISO 8601 date and time (``"2024-05-17T14:30"``, ``"2024-05-17T14:30:05Z"``) as its date,
    ``joiner`` and its time, for the date and clock rules to read (seconds other than 00 kept; ``Z``
    said "UTC", an offset "UTC plus 1" with ``signs``, the language's words for + and -)."""

    def repl(m: re.Match) -> str:
        seconds = f":{m[4]}" if m[4] and m[4] != "00" else ""
        zone = m[5] or ""
        if zone and zone != "Z":  # "+01:00": UTC+1, "-05:30": UTC-5:30
            hours, minutes = int(zone[1:3]), zone[-2:]
            sign = signs[0] if zone[0] == "+" else signs[1]
            zone = f"UTC {sign} {hours}" + (f":{minutes}" if minutes != "00" else "")
        return f"{m[1]}{joiner}{m[2]}:{m[3]}{seconds}{' UTC' if zone == 'Z' else (' ' + zone if zone else '')}"

    return _ISO_DATE_TIME.sub(repl, text)


def verbalize(text: str, rules: Rules, forms: Forms) -> str:
    """Numbers and abbreviations of ``text`` in words of the language of ``rules``, in this order:
    bare addresses (``Rules.domains``), page references, abbreviations, Roman numerals, ISO and
    numeric dates, telephone numbers, ranges, signs, fractions, a day before a month, clock times
    and ratios, numbers with a scale ("3 Mio."), money, ordinals, numbers with a unit or per cent
    sign, decades and years, plain numbers; then the region's spelling (``Rules.respell``).
    ``forms``: the written forms read in every language (:func:`shared_forms`)."""
    c = _compiled(rules, forms)
    for step in (_addresses, _pages, expand_abbreviations, _marked_romans, _romans, _comma_thousands):
        text = step(text, rules)
    text = c.iso_date.sub(partial(_iso_date, rules), text)
    text = c.numeric_date.sub(partial(_numeric_date, rules), text)
    for step in (_short_dates, _day_month_digits, _phones, _ranges):
        text = step(text, rules)
    text = prose_signs(text, rules.symbols)
    text = _number_signs(text, rules)
    text = _signs(text, rules)
    text = _fractions(text, rules)
    text = c.day_month.sub(partial(_day_month, rules), text)
    text = _hour_sign_clock(text, rules)
    text = c.clock.sub(partial(_clock, rules), text)
    if rules.ratio_word:  # "3:2", "1:100" (a clock time was read above)
        text = _RATIO.sub(lambda m: f" {rules.ratio_word} ".join(m.group(0).split(":")), text)
    for step in (_clock_dots, _dotted, _point_decimals, _scaled):
        text = step(text, rules)
    text = c.money_before.sub(partial(_amount, rules, 2, 1), text)
    text = c.money_after.sub(partial(_amount, rules, 1, 2), text)
    text = _money_words(text, rules)
    text = c.ordinal.sub(partial(_marked_ordinal, rules), text)
    text = c.unit.sub(partial(_unit, rules), text)
    text = _bare_rates(text, rules)
    text = text.replace(MINUS, rules.minus_word)
    text = _years(text, rules)
    text = c.number.sub(partial(_number, rules), text)
    return text if rules.respell is None else rules.respell(text)


def _date(rules: Rules, day: int, month: int, year: int, m: re.Match) -> str:
    """A full date (``m``: where it was written) → "<day> <month> <year>" in words, with the language's
    joiner; the day's form may depend on the words before it."""
    joiner = rules.date_joiner
    said = _day(day, rules, _words_before(m.string, m.start()))
    return f"{said}{joiner}{rules.months[month - 1]}{joiner}{_year(year, rules)}"


def _iso_date(rules: Rules, m: re.Match) -> str:
    """An ISO date (year, month, day: ``2024-06-17``) → its words (:func:`_date`)."""
    return _date(rules, int(m.group(3)), int(m.group(2)), int(m.group(1)), m)


def _numeric_date(rules: Rules, m: re.Match) -> str:
    """A numeric date (day, separator, month, year: ``17.06.2024``) → its words (:func:`_date`)."""
    return _date(rules, int(m.group(1)), int(m.group(3)), int(m.group(4)), m)


def _day_month(rules: Rules, m: re.Match) -> str:
    """A day before a month's name ("3. Mai", "1 enero", "7 julio 2021") → the day in words (an ordinal
    where it is marked so), the month's full name and the year as written (read as a number later);
    unchanged where the language needs the day marked and it is not ("3 Mai")."""
    day = int(m.group(1))
    marker = m.group(2) or ""
    if rules.day_needs_marker and not marker:
        return m.group(0)  # "3 Mai" where the day is written as an ordinal: "3. Mai"
    feminine = marker in rules.feminine_markers
    if marker and rules.inflected_ordinal is None:
        said = rules.first_day if day == 1 and rules.first_day else _ordinal(day, rules, feminine)
    else:
        said = _day(day, rules, _words_before(m.string, m.start()))
    joiner = rules.date_joiner if rules.date_joiner.strip() else ""
    space = m.group(3) if m.group(3).strip() or not joiner else joiner  # "1 enero" → "uno de enero"
    year = ""
    if m.group(6):  # "7 julio 2021" → "siete de julio de 2021"; the year is read as a number later
        year = (m.group(5) if not joiner else joiner) + m.group(6)
    month = rules.month_names.get(m.group(4), m.group(4))  # "Jan." → "Januar"
    return f"{said}{space}{month}{year}"


_HOUR_SIGN = re.compile(r"(?<![\w.,:])([01]?\d|2[0-4])\s?h(?!\w|\s?\d)")  # "9 h 30": the clock rule reads it


def _hour_sign_clock(text: str, rules: Rules) -> str:
    """ "um 9 h", "kl. 9 h", "alle 9 h" (after ``Rules.hour_sign_words``; French says both "neuf heures"
    and needs none): a full hour of the clock, said as the language says one."""
    if not rules.hour_sign_words or "h" not in text:
        return text

    def repl(m: re.Match) -> str:
        if _word_before(m.string, m.start()).lower() not in rules.hour_sign_words:
            return m.group(0)
        return _clock_words(int(m.group(1)), 0, rules)

    return _HOUR_SIGN.sub(repl, text)


def _clock(rules: Rules, m: re.Match) -> str:
    """A clock time (hours and minutes, or an hour alone in group 3) → its words (:func:`_clock_words`)."""
    if m.group(3) is not None:
        return _clock_words(int(m.group(3)), 0, rules)
    return _clock_words(int(m.group(1)), int(m.group(2)), rules)


def _marked_ordinal(rules: Rules, m: re.Match) -> str:
    """A number with an ordinal marker ("3.", "2º", "1er") → the ordinal in words (inflected, feminine
    or marked as the language says it); unchanged where the marker means something else here ("hace
    30°": degrees; a full stop that ends a sentence)."""
    n, marker = int(m.group(1)), m.group(2)
    if rules.dot_ordinals and not ordinal_dot(m.string, m.start(2), rules):
        return m.group(0)
    if marker in rules.context_markers and _word_before(m.string, m.start()).lower() not in rules.ordinal_context:
        return m.group(0)  # "hace 30°": degrees, not "trigésimo"
    if rules.inflected_ordinal is not None:
        return rules.inflected_ordinal(n, _words_before(m.string, m.start()))
    words = _ordinal(n, rules, marker in rules.feminine_markers)
    if rules.marked_ordinal is not None:
        words = rules.marked_ordinal(words, marker)
    return words


_BARE_RATES: dict[str, re.Pattern | None] = {}


def _bare_rates(text: str, rules: Rules) -> str:
    """A rate unit with no number before it ("in km/h", "Antwort: m/s²") said by its name ("Kilometer
    pro Stunde"); a number before it was read with it (:func:`_unit`)."""
    if rules.code not in _BARE_RATES:
        rates = sorted((u for u in rules.units if "/" in u), key=len, reverse=True)
        alternatives = "|".join(re.escape(u) for u in rates)
        _BARE_RATES[rules.code] = re.compile(r"(?<![\w/.,])(" + alternatives + r")(?![\w/])") if rates else None
    pattern = _BARE_RATES[rules.code]
    return pattern.sub(lambda m: rules.units[m.group(1)][1], text) if pattern else text


def _unit(rules: Rules, m: re.Match) -> str:
    """A number with a unit or per cent sign ("5 km", "45 Min.", "20 %") → the number in words (agreeing
    with the unit) and the unit's name, singular for one; a full stop ending the text is kept."""
    number, symbol = m.group(1), m.group(2)
    one, many = rules.percent if symbol == "%" else rules.units[symbol]
    words = number_words(number, rules)
    if "," not in number:
        words = _agree(words, many, rules)  # "doscientas millas", "veintiún kilómetros"
    if rules.inflect_after is not None:  # "mit 5 m" → "mit fünf Metern"
        one, many = _inflected(one, m.string, m.start(), rules), _inflected(many, m.string, m.start(), rules)
    said = one if _is_one(number, rules) else f"{words} {many}"
    if symbol.endswith(".") and not m.string[m.end() :].strip():
        said += "."  # "45 Min." at the end keeps its full stop
    return said


def _number(rules: Rules, m: re.Match) -> str:
    """A plain number → its words, agreeing with the noun after it where the language says so ("1 Tag"
    → "ein Tag")."""
    if rules.one_before_noun and m.group(1) == "1" and re.match(r"\s+[^\W\d_]", m.string[m.end() :]):
        return rules.one_before_noun  # "1 Tag" → "ein Tag", not "eins Tag"
    words = number_words(m.group(1), rules)
    if rules.before_noun is not None and "," not in m.group(1):
        after = _WORD_AFTER.match(m.string, m.end())
        before = _word_before(m.string, m.start())
        words = _agree(words, after.group(1) if after else "", rules, before)
    return words
