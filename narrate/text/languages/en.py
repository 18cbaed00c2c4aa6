"""English: written -> spoken rules, for :mod:`narrate.text.normalize` (the other languages' rules are
the sibling modules of this package).

Pure functions over strings. Numbers by their class (cardinal, ordinal, year, date, time, money,
measure, fraction, range, telephone, Roman numeral, names that hold numbers), then the words of
abbreviations and symbols (:func:`expand_abbreviations`, :func:`symbols`), the words of addresses
(:data:`ADDRESS_WORDS`) and US or British spelling of units (:func:`us_english`). Cardinals, ordinals and years come from ``num2words`` (English, its
default British style: "one hundred and five", years "nineteen forty-five", "two thousand and five");
commas that ``num2words`` puts inside long numbers are removed so the engine does not pause there.

:func:`verbalize_numbers` rewrites every number in a string, in this order: ISO dates, currency,
clock times, years in context, decades, version strings, ranges, ordinals, then plain numbers with
their suffix (``%``, ``K/M/B/T`` scale, ``x``, ``°C``, units).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import partial

from num2words import num2words

from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.chemistry import chemistry
from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import iso_date_times

_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_SCALE = {"k": "thousand", "K": "thousand", "M": "million", "B": "billion", "bn": "billion", "T": "trillion"}
_CURRENCY = {
    "$": ("dollar", "dollars", "cent", "cents"),
    "€": ("euro", "euros", "cent", "cents"),
    "£": ("pound", "pounds", "penny", "pence"),
    "¥": ("yen", "yen", "sen", "sen"),
    "₹": ("rupee", "rupees", "paisa", "paise"),
}
_SPACED_UNITS = {
    "h": ("hour", "hours"),
    "s": ("second", "seconds"),
    "A": ("amp", "amps"),
    "N": ("newton", "newtons"),
    "J": ("joule", "joules"),
}
"""One-letter units, read only after a number and a space ("2 h", "30 s", "5 A", "12 N", "4 J"): written
together they are other things ("the 90s", "in your 30s", "2A" as a grade). "in", "pt" and "c" are never
units after a bare number ("1 in 3 people", "12 pt type"): ``in.`` with its full stop is read by the
abbreviations."""

# ------------------------------------------------------------------ units as a kind: SI prefixes x units
_SI_PREFIXES = {
    "n": "nano", "µ": "micro", "μ": "micro", "m": "milli", "c": "centi", "d": "deci", "h": "hecto",
    "k": "kilo", "M": "mega", "G": "giga", "T": "tera",
}  # fmt: skip
# base symbol -> (singular, plural, the prefixes it takes here: the ones lessons write)
_SI_BASES = {
    "m": ("metre", "metres", "nµμmck"),
    "g": ("gram", "grams", "µμmk"),
    "s": ("second", "seconds", "nµμm"),
    "L": ("litre", "litres", "mcd"),
    "l": ("litre", "litres", "mcd"),
    "Hz": ("hertz", "hertz", "kMGT"),
    "W": ("watt", "watts", "mkMGT"),
    "Wh": ("watt hour", "watt hours", "kMGT"),
    "V": ("volt", "volts", "mk"),
    "A": ("amp", "amps", "mµμk"),
    "Ah": ("amp hour", "amp hours", "m"),
    "J": ("joule", "joules", "kMG"),
    "N": ("newton", "newtons", "k"),
    "Pa": ("pascal", "pascals", "hkMG"),
    "B": ("byte", "bytes", "kMGT"),
    "bit": ("bit", "bits", "kMG"),
    "mol": ("mole", "moles", "mµμn"),
    "Ω": ("ohm", "ohms", "kM"),
    "F": ("farad", "farads", "mµμnp"),
    "cal": ("calorie", "calories", "k"),
}
_SI_PREFIXES["p"] = "pico"
_POWERS = {"²": "square", "2": "square", "³": "cubic", "3": "cubic"}
_PER = {
    "s": "second", "h": "hour", "hr": "hour", "min": "minute", "day": "day", "d": "day", "yr": "year",
    "m": "metre", "m²": "square metre", "m2": "square metre", "m³": "cubic metre", "m3": "cubic metre",
    "km": "kilometre", "L": "litre", "l": "litre", "mL": "millilitre", "dL": "decilitre", "kg": "kilogram",
    "g": "gram", "mol": "mole", "cm³": "cubic centimetre", "K": "kelvin",
}  # fmt: skip
_OTHER_UNITS = {
    "mph": ("mile per hour", "miles per hour"),
    "kph": ("kilometre per hour", "kilometres per hour"),
    "oz": ("ounce", "ounces"),
    "fl oz": ("fluid ounce", "fluid ounces"),
    "fl. oz.": ("fluid ounce", "fluid ounces"),
    "fl.oz.": ("fluid ounce", "fluid ounces"),
    "lb": ("pound", "pounds"),
    "lbs": ("pound", "pounds"),
    "ft": ("foot", "feet"),
    "yd": ("yard", "yards"),
    "mi": ("mile", "miles"),
    "gal": ("gallon", "gallons"),
    "qt": ("quart", "quarts"),
    "tbsp": ("tablespoon", "tablespoons"),
    "Tbsp": ("tablespoon", "tablespoons"),
    "tsp": ("teaspoon", "teaspoons"),
    "sq ft": ("square foot", "square feet"),
    "sq mi": ("square mile", "square miles"),
    "ft²": ("square foot", "square feet"),
    "min": ("minute", "minutes"),
    "mins": ("minute", "minutes"),
    "hr": ("hour", "hours"),
    "hrs": ("hour", "hours"),
    "sec": ("second", "seconds"),
    "secs": ("second", "seconds"),
    "msec": ("millisecond", "milliseconds"),
    "KB": ("kilobyte", "kilobytes"),
    "KiB": ("kibibyte", "kibibytes"),
    "MiB": ("mebibyte", "mebibytes"),
    "GiB": ("gibibyte", "gibibytes"),
    "TiB": ("tebibyte", "tebibytes"),
    "bps": ("bit per second", "bits per second"),
    "kbps": ("kilobit per second", "kilobits per second"),
    "Mbps": ("megabit per second", "megabits per second"),
    "Gbps": ("gigabit per second", "gigabits per second"),
    "uF": ("microfarad", "microfarads"),
    "kΩ": ("kilohm", "kilohms"),
    "MΩ": ("megohm", "megohms"),
    "mcg": ("microgram", "micrograms"),
    "dB": ("decibel", "decibels"),
    "K": ("kelvin", "kelvins"),
}


_RATE_NUMERATORS = (
    "m km cm mm nm µm g kg mg µg L l mL ml B kB MB GB TB bit kbit Mbit Gbit mol mmol J kJ W kW N A s cal kcal"
).split()


def _si_units() -> dict[str, tuple[str, str]]:
    """Every unit symbol narrate reads after a number, from SI prefixes x base units, powers (``m²``,
    ``cm³``), ``X/Y`` rates (``km/h``, ``mg/L``, ``m/s²``, ``Mbit/s``) and the customary units (oz, fl oz,
    lb, ft, mi, mph, gal, tbsp, tsp ...): symbol -> (singular, plural), British spelling (see
    :func:`us_spelling`). One-letter symbols and ``in``, ``pt``, ``c`` are in :data:`_SPACED_UNITS`."""
    units: dict[str, tuple[str, str]] = {}
    for base, (one, many, prefixes) in _SI_BASES.items():
        if base not in _SPACED_UNITS:
            units[base] = (one, many)
        for p in prefixes:
            units[p + base] = (_SI_PREFIXES[p] + one, _SI_PREFIXES[p] + many)
    for base in ("m", "cm", "mm", "km", "dm"):
        for sign, power in _POWERS.items():
            if sign in "23" and base == "m":
                continue  # "5m2" is too likely a label; "5 m²" is read
            one, many = units.get(base) or ("metre", "metres")
            units[base + sign] = (f"{power} {one}", f"{power} {many}")
    for top in _RATE_NUMERATORS:
        one, many = units.get(top) or _SPACED_UNITS[top]
        for bottom, per in _PER.items():
            if top != bottom:
                units[f"{top}/{bottom}"] = (f"{one} per {per}", f"{many} per {per}")
    units["m/s²"] = ("metre per second squared", "metres per second squared")
    units["m/s2"] = ("metre per second squared", "metres per second squared")
    units.update(_OTHER_UNITS)
    for short in ("hr", "min", "sec"):
        units.pop(short + "/s", None)
    return units


_UNITS = _si_units()
_UNITS.update(_SPACED_UNITS)
_US_SPELLING = re.compile(r"(met|lit)re(s?)\b")


def us_spelling(words: str) -> str:
    """Unit words in US spelling: "kilometres" -> "kilometers", "millilitre" -> "milliliter"."""
    return _US_SPELLING.sub(r"\1er\2", words)


@functools.lru_cache(maxsize=64)
def us_english(language: str) -> bool:
    """True for English tags that spell "meter" and "liter": ``en``, ``en-us`` and every English region
    but those that spell "metre" (gb, uk, ie, au, nz, za, in, ca, ...)."""
    parts = language.lower().replace("_", "-").split("-")
    region = next((p for p in parts[1:] if len(p) == 2 and p.isalpha()), "us")
    return parts[0] == "en" and region in MONTH_FIRST_REGIONS - {"ca"}


_PAGE = re.compile(r"(?<![\w.])([Pp]p?)\.\s?(?=\d)")
"""A page reference: ``p. 12`` -> "page 12", ``pp. 4-6`` -> "pages 4-6" (only before a number)."""
_SCIENTIFIC = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)[eE]([+\-−]?)(\d{1,3})\b")
"""E notation: ``7.3e-5`` -> "7.3 times ten to the power of minus 5"."""
_TIMES_TEN = re.compile(r"(?<=\d)\s*[x×·]\s*10\s*\^")
"""``1.4 x 10^-4``: the "x" before a power of ten is "times", not the "by" of dimensions."""
_DIMENSIONS = re.compile(r"(?<=\d)\s+x\s+(?=\d)")


def scientific(text: str) -> str:
    """Scientific notation as a narrator says it: ``7.3e-5`` -> "7.3 times ten to the power of minus
    5", ``1.4 x 10^-4`` -> "1.4 times 10^-4" (not the "by" of ``2 x 3``). Digits stay for the number rules."""
    text = _SCIENTIFIC.sub(
        lambda m: f"{m.group(1)} times ten to the power of {'minus ' if m.group(2) in ('-', '−') else ''}{m.group(3)}",
        text,
    )
    return _TIMES_TEN.sub(" times 10^", text)  # "2 x 3 tiles" → "2 by 3 tiles"


_YEAR_CONTEXT = (
    "in",
    "by",
    "since",
    "from",
    "until",
    "till",
    "year",
    "during",
    "before",
    "after",
    "around",
    "circa",
    "early",
    "late",
    "mid",
    "summer",
    "winter",
    "spring",
    "autumn",
    "fall",
    r"Q\s?[1-4]",  # "Q3 2024": a quarter of a year
)

_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_ISO_DATE = re.compile(r"(?<![\w./-])(\d{4})([-/])(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])(?![\w/-])")
_CURRENCY_RE = re.compile(
    r"(?P<sym>[$€£¥₹])\s?(?P<num>" + _NUM + r")"
    r"(?:\s?[–-]\s?[$€£¥₹]?(?P<num2>" + _NUM + r"))?"
    r"(?:\s?(?P<word>thousand|million|billion|trillion)\b|(?P<suf>bn|[kKMBT])(?![\w]))?"
)
_HMS = re.compile(r"(?<![\w:.])(\d{1,2}):([0-5]\d):([0-5]\d)(?![\w:])")
_CLOCK = re.compile(
    r"(?<![\w:.])(?P<h>\d{1,2})(?::(?P<m>[0-5]\d)(?![\d:]))?"
    r"(?:\s?(?P<ap>[aApP])\.?\s?[mM]\.?(?![\w]))?"
)
_RATIO = re.compile(r"(?<![\w:.])[1-9]\d*(?::(?:0|[1-9]\d*)){1,2}(?![\w:])")
"""A ratio of two or three parts ("16:9", "3:4:5"; a clock time or ``h:mm:ss`` is read before; no
part with a leading zero: a timecode or an address is no ratio)."""
_YEAR_CTX = re.compile(
    r"\b(?P<ctx>(?:" + "|".join(_YEAR_CONTEXT) + "|" + "|".join(_MONTHS) + r")(?:\s+\d{1,2}(?:st|nd|rd|th)?,)?"
    r"(?:\s+(?:about|around|roughly|approximately|circa|c\.|ca\.))?)"  # "by about 1290"
    r"\s+(?P<y>1[1-9]\d\d|10[1-9]\d|10\d[1-9]|20\d\d)(?:\s?[–-]\s?(?P<y2>\d{4}|\d\d))?(?![\w%.,]\d|[\w%$°])",
    re.IGNORECASE,
)
_YEAR_RANGE = re.compile(r"(?<![\w.,-])(1[1-9]\d\d|20\d\d)\s?[–-]\s?(1[1-9]\d\d|20\d\d)(?![\w%°]|[.,]\d)")
_VERSION = re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?![\w])")
_RANGE = re.compile(r"(?<![\w.,-])(" + _NUM + r")(?:\s?–\s?|-)(?=\d|\.\d)")
_MINUS = re.compile(r"(?:^|(?<=[\s(=^]))-(?=\s?\.?\d)|−")
_SPACED_RANGE = re.compile(r"(?<![=+*/^<>-]\s)(?<![\w.,-])(" + _NUM + r")\s-\s(" + _NUM + r")(?=\s+[^\W\d_])")
"""``"10 - 20 items"``: a hyphen between spaces from a number up to a larger one, then a word, is a
range ("ten to twenty items"); ``"7 - 3 apples"`` and ``"10 - 20 = -10"`` stay subtractions."""
_ORDINAL = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(st|nd|rd|th)\b", re.IGNORECASE)
_NUMBER = re.compile(
    r"(?<![\w])(?P<num>" + _NUM + r")"
    r"(?P<suf>\s?%|\s?(?:thousand|million|billion|trillion)\b|(?:bn|[kKMBT])(?![\w/])|[xX](?![\w])"
    r"|\s?°\s?[CF]?(?![a-z])|\s?(?:"
    + "|".join(re.escape(u) for u in sorted(set(_UNITS) - set(_SPACED_UNITS), key=len, reverse=True))
    + r")(?![\w'’])|\s(?:"
    + "|".join(_SPACED_UNITS)
    + r")(?![\w'’]))?(?P<hyph>-(?=[A-Za-z]))?"
)


def cardinal(digits: str) -> str:
    """``"1,234"`` -> ``"one thousand two hundred and thirty-four"``; leading zeros or more than 15
    digits are read digit by digit (``"007"`` -> ``"zero zero seven"``)."""
    digits = digits.replace(",", "")
    if not digits:
        return ""
    if (len(digits) > 1 and digits.startswith("0")) or len(digits) > 15:
        return " ".join(_DIGITS[int(d)] for d in digits)
    return num2words(int(digits), lang="en").replace(",", "")


def decimal(text: str) -> str:
    """``"3.14"`` -> ``"three point one four"``, ``".5"`` -> ``"point five"``, ``"1,000"`` -> cardinal."""
    whole, _, frac = text.partition(".")
    words = cardinal(whole) if whole else ""
    if frac:
        words = (words + " point " + " ".join(_DIGITS[int(d)] for d in frac)).strip()
    return words


def ordinal(digits: str) -> str:
    """``"21"`` -> ``"twenty-first"``."""
    return num2words(int(digits.replace(",", "")), lang="en", to="ordinal").replace(",", "")


def year(digits: str) -> str:
    """``"1945"`` -> ``"nineteen forty-five"``, ``"2010"`` -> ``"twenty ten"``, ``"2005"`` -> ``"two
    thousand and five"`` (num2words year mode)."""
    return num2words(int(digits), lang="en", to="year").replace(",", "")


def _is_one(num: str) -> bool:
    try:
        return Decimal(num.replace(",", "")) == 1
    except InvalidOperation:
        return False


def _iso_date(m: re.Match, month_first: bool = True) -> str:
    """``2016-07-03`` or ``2016/07/03``: "July third, twenty sixteen" where the month is said first
    (en-us), "the third of July, twenty sixteen" elsewhere."""
    y, _, mo, d = m.groups()
    if month_first:
        return f"{_MONTHS[int(mo) - 1]} {ordinal(d)}, {year(y)}"
    return f"the {ordinal(d)} of {_MONTHS[int(mo) - 1]}, {year(y)}"


_PER_WORDS = {
    "mo": "month", "month": "month", "yr": "year", "year": "year", "wk": "week", "week": "week", "d": "day",
    "day": "day", "hr": "hour", "h": "hour", "hour": "hour", "min": "minute", "night": "night", "person": "person",
    "head": "head", "kg": "kilogram", "lb": "pound", "item": "item", "user": "user", "seat": "seat", "unit": "unit",
}  # fmt: skip
_PER_AFTER_NUMBER = re.compile(
    r"(?<=[\d%])(?P<scale>\s?(?:bn|[kKMB]))?/(?P<per>" + "|".join(_PER_WORDS) + r")\b(?![/.]\w)"
)
_AM_PM = r"\s?[aApP]\.?\s?[mM]\b\.?"
_TIME_RANGE = re.compile(
    r"(?<![\w:.])(\d{1,2}(?::[0-5]\d)?"
    + _AM_PM
    + r"|\d{1,2}:[0-5]\d)\s?[-–]\s?(?=\d{1,2}(?::[0-5]\d"
    + r")?"
    + _AM_PM
    + r"|\d{1,2}:[0-5]\d)"
)
_DOTTED_CLOCK = re.compile(r"(?<![\w.])(\d{1,2})\.([0-5]\d)(?=" + _AM_PM + r")")
_ERA = re.compile(r"(?<![\w.])(\d{1,4})\s?(A\.?D|B\.?C\.?E|B\.?C|C\.?E)\b(\.?)")
_IP_ADDRESS = re.compile(r"(?<![\w.])((?:\d{1,3}\.){3}\d{1,3})(?![\w]|\.\d)")
_BY = re.compile(r"(?<![\w.])([1-9]\d*)x(\d+)(?![\w.]|\.\d)")
_SCALE_UNIT = re.compile(r"\b(thousand|million|billion|trillion)\s(kg|g|km|m|t|lb|L|MW|GW|kWh|GWh|tonnes?)\b")


def times_and_eras(text: str) -> str:
    """Clock times, eras and dimensions, read before letters and digits are parted and initials
    spelled: ``"5pm-7 pm"`` / ``"9:00-17:00"`` -> "to" between them, ``"1.59 p.m."`` -> ``"1:59 p.m."``,
    ``"44 B.C."`` -> "forty-four BC", ``"340 AD"`` -> "three forty AD", ``"1066 CE"`` -> "ten sixty-six
    CE" (a year's pairs), ``"2x8"`` -> "2 by 8"."""
    text = _BY.sub(r"\1 by \2", text)
    text = _DOTTED_CLOCK.sub(r"\1:\2", text)
    text = _TIME_RANGE.sub(r"\1 to ", text)

    def era(m: re.Match) -> str:
        digits, letters, dot = m.group(1), m.group(2).replace(".", ""), m.group(3)
        said = year(digits) if len(digits) == 4 else number_name(digits) if len(digits) == 3 else cardinal(digits)
        end = "." if dot and not m.string[m.end() :].strip() else ""
        return f"{said} {letters}{end}"

    return _ERA.sub(era, text)


def rates_and_addresses(text: str) -> str:
    """``"$20/mo"`` -> "$20 per month", ``"12/kg"`` -> "12 per kilogram" (a rate after a number);
    ``"192.168.0.1"`` -> "one nine two dot one six eight dot zero
    dot one" (an IP address, digit by digit); ``"100 million kg"`` -> "100 million kilograms"."""
    text = _PER_AFTER_NUMBER.sub(lambda m: f"{m['scale'] or ''} per {_PER_WORDS[m['per']]}", text)
    text = _IP_ADDRESS.sub(
        lambda m: " dot ".join(" ".join(_DIGITS[int(d)] for d in part) for part in m.group(1).split(".")), text
    )
    return _SCALE_UNIT.sub(
        lambda m: f"{m.group(1)} {_UNITS[m.group(2)][1] if m.group(2) in _UNITS else m.group(2)}", text
    )


def _currency(m: re.Match) -> str:
    return money(m["num"], _CURRENCY[m["sym"]], m["word"] or _SCALE.get(m["suf"] or "", ""), m["num2"] or "")


# The word-before patterns end in "$" and are searched only in the last _LOOK_BACK characters before a
# number: searching from the text's start would cost the whole text per number (quadratic in a long sentence).
_LOOK_BACK = 64
_ONLY_SPACE_LEFT = re.compile(r"\s*$")
_TIME_WORD_BEFORE = re.compile(r"\b(?:at|by|from|until|till|before|after|around|since|between)\s+$", re.I)


def _clock(m: re.Match) -> str:
    h, mins, ap = m["h"], m["m"], m["ap"]
    if ap is None and mins is None:
        return m.group(0)
    if (
        ap is None
        and h == "1"
        and mins != "00"
        and not _TIME_WORD_BEFORE.search(m.string, max(0, m.start() - _LOOK_BACK), m.start())
    ):
        return f"one to {cardinal(mins.lstrip('0') or '0')}"  # a bare "1:16" is a ratio, not 16 past one
    words = cardinal(str(int(h)))
    if mins and mins != "00":
        words += " " + (f"oh {_DIGITS[int(mins[1])]}" if mins[0] == "0" else cardinal(mins))
    elif mins and ap is None:
        words += " hundred" if int(h) > 12 or h.startswith("0") else " o'clock"
    if ap:
        words += " AM" if ap in "aA" else " PM"
        # keep a sentence-final full stop that the "a.m." swallowed
        if m.group(0).endswith(".") and _ONLY_SPACE_LEFT.match(m.string, m.end()):
            words += "."
    return words


_DURATION_BEFORE = re.compile(
    r"\b(?:for|took|takes|take|lasts?|lasted|lasting|duration|runtime|run time|length|elapsed|after|in|over|under|"
    r"about|nearly|almost)\s*:?\s+$",
    re.I,
)
_CLOCK_BEFORE = re.compile(r"\b(?:at|by|until|till|from|since|before|around|time|timestamp|clock)\s*:?\s+$", re.I)


_SPACE_THOUSANDS = re.compile(
    r"(?<![\d,.\u00a0\u202f ]\d)(?<!\d)([1-9]\d{0,2})((?:[ \u00a0\u202f]\d{3})+)(?![\d]|[.,]\d|[ \u00a0\u202f]\d)"
)


def _space_thousands(m: re.Match) -> str:
    """ "10 000", "12 500 000", "250 000": thousands grouped by spaces (the SI way) are one number; "100
    200 300" (three groups of three, none starting with 0) stays a list of numbers."""
    groups = m.group(2).split()
    if len(m.group(1)) == 3 and not any(g.startswith("0") for g in groups):
        return m.group(0)
    if len(m.group(1)) == 1 and any(g != "000" for g in groups):
        return m.group(0)  # "step 3 500 ml", "[1 200 300]": numbers side by side; "1 000" is a thousand
    return m.group(1) + "".join(groups)


def _hms(m: re.Match) -> str:
    """``h:mm:ss``: a clock time where it is one ("12:10:10", "at 9:05:30", a log's "23:59:59": "twelve
    ten and ten seconds"), else a duration ("1:02:03", "for 12:10:10": "one hour two minutes three
    seconds"). Two-digit hours are a clock's unless a word such as "for" or "took" comes before."""
    h, mi, s = (int(x) for x in m.groups())
    before = m.string[max(0, m.start() - _LOOK_BACK) : m.start()]
    clock = _CLOCK_BEFORE.search(before) or (
        len(m.group(1)) == 2 and 0 < h < 24 and not _DURATION_BEFORE.search(before)
    )
    if clock and h < 24:
        said = cardinal(str(h))
        if mi:
            said += " " + (f"oh {_DIGITS[mi]}" if mi < 10 else cardinal(str(mi)))
        elif not s:
            said += " hundred" if h > 12 or m.group(1).startswith("0") else " o'clock"
        if s:
            said += f"{' and' if mi else ''} {cardinal(str(s))} second{'' if s == 1 else 's'}"
        return said
    parts = [(h, "hour"), (mi, "minute"), (s, "second")]
    return " ".join(f"{cardinal(str(v))} {u}{'' if v == 1 else 's'}" for v, u in parts if v) or "zero seconds"


_YEAR_SPAN = re.compile(
    r"\b(?P<from>[Ff]rom|[Bb]etween)\s+(?P<y>1[0-9]\d\d|20\d\d)\s+(?P<to>to|and|until|till|through)\s+"
    r"(?P<y2>1[0-9]\d\d|20\d\d)(?![\w%$°]|[.,]\d)"
)


def _year_ctx(m: re.Match) -> str:
    ctx, y, y2 = m["ctx"], m["y"], m["y2"]
    words = f"{ctx} {year(y)}"
    if y2:
        words += " to " + (year(y2) if len(y2) == 4 else cardinal(y2))
    return words


def _number(m: re.Match, us: bool = False) -> str:
    num, suf = m["num"], (m["suf"] or "").strip()
    words = decimal(num)
    if suf == "%":
        words += " percent"
    elif suf in _SCALE and not (suf == "K" and re.search(r"\d\s+K$", m.group(0))):  # "300 K": kelvin
        words += " " + _SCALE[suf]
    elif suf in ("thousand", "million", "billion", "trillion"):
        words += " " + suf
    elif suf in ("x", "X"):
        words += " times"
    elif suf.startswith("°"):
        unit = suf[-1] if suf[-1] in "CF" else ""
        words += " degree" if _is_one(num) else " degrees"
        words += {"C": " Celsius", "F": " Fahrenheit", "": ""}[unit]
    elif suf in _UNITS:
        singular = _is_one(num) or (m["hyph"] is not None) or _attributive(m.string, m.start(), m.end())
        unit = _UNITS[suf][0 if singular else 1]
        words += " " + (us_spelling(unit) if us else unit)
    return words + _gap(m)


_PAUSE_AFTER = re.compile(r"\s*(?:[,;:!?)]|$)")
_ENDS_LABEL = re.compile(r"[.,;:!?)]*\s*$")
_ASIDE = re.compile(r"\s*\([^()]{0,40}\)")
_OPEN_AFTER_UNIT = re.compile(r"(?<![\d.,])\d[\d.,]*\s?[^\W\d]{1,5}\.?\s*\(\s*$")
_CLOSE_BEFORE_NOUN = re.compile(r"\s*\)(?= [a-z])")


def _attributive(text: str, start: int, end: int) -> bool:
    """True when the measurement ``text[start:end]`` is used as an adjective, so its unit stays singular:
    a determiner before the number and a noun after the unit ("a 250 mL mug", "a 2 lb (900 g) tin": an
    aside in brackets is passed over), or a bracketed measurement right after another one and before
    the noun ("(900 g) tin")."""
    outer = _OPEN_AFTER_UNIT.search(text, max(0, start - _LOOK_BACK), start)
    if outer:
        close = _CLOSE_BEFORE_NOUN.match(text, end)
        paren = text.rfind("(", outer.start(), start)
        return bool(close and _ATTRIBUTIVE.match(text, close.end())) and _attributive(text, outer.start(), paren)
    aside = _ASIDE.match(text, end)
    noun = _ATTRIBUTIVE.match(text, aside.end() if aside else end)
    if noun is None:
        return False
    if _DETERMINER_BEFORE.search(text, max(0, start - _LOOK_BACK), start):
        return True
    # a label that opens the text ("2 lb (900 g) tin", an ingredient line): the noun ends it
    return not text[:start].strip() and _ENDS_LABEL.match(text, noun.end()) is not None


# A unit used as an adjective stays singular, as a narrator says it: "two 1.5 V cells" → "two one
# point five volt cells", "a 250 mL mug" (a determiner before the number, a noun after the unit);
# "5 V and up", "3 m long", "rated at 2,500 mAh supplies" keep the plural.
_NOT_NOUNS = (
    "and",
    "or",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "per",
    "by",
    "from",
    "with",
    "than",
    "each",
    "long",
    "wide",
    "high",
    "tall",
    "deep",
    "thick",
    "away",
    "apart",
    "ago",
    "later",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "will",
    "would",
    "can",
    "could",
    "may",
    "might",
    "should",
    "must",
    "has",
    "have",
    "had",
    "do",
    "does",
    "did",
    "a",
    "an",
    "the",
    "into",
    "over",
    "under",
    "before",
    "after",
    "then",
    "so",
    "but",
    "if",
    "when",
    "while",
    "as",
    "more",
    "less",
    "left",
    "total",
    "overall",
    "every",
    "old",
    "heavy",
    "across",
    "down",
    "up",
)
_DETERMINER_BEFORE = re.compile(
    r"(?:^|\s)(?:a|an|the|each|every|this|that|these|those|your|my|our|its|his|her|their|one|two|three|"
    r"four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|\d+)\s+$",
    re.IGNORECASE,
)
_ATTRIBUTIVE = re.compile(r" (?!(?:" + "|".join(_NOT_NOUNS) + r")\b)[a-z]{3,}\b")


def _gap(m: re.Match) -> str:
    """A space after number words when a letter or digit follows ("3D" -> "three D")."""
    return " " if m.string[m.end() : m.end() + 1].isalnum() else ""


# ------------------------------------------------------------------ dates written with a month name
_MONTH_ABBREVIATIONS = {
    "Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "Jun": "June", "Jul": "July",
    "Aug": "August", "Sep": "September", "Sept": "September", "Oct": "October", "Nov": "November",
    "Dec": "December",
}  # fmt: skip


# a month as written: "July", "july" (lower case too, but for "may" and "march", which are words first)
def _cases(words: list[str] | tuple[str, ...]) -> str:
    """An alternation of ``words`` as written in title case, lower case and capitals."""
    return "|".join(dict.fromkeys(v for w in words for v in (w, w.lower(), w.upper())))


_VERB_MONTHS = ("may", "march")  # lower case, words before they are months
_MONTH_WORD = r"(?:" + _cases(_MONTHS) + r")"
_SHORT_MONTH = re.compile(
    r"\b(" + _cases(sorted(_MONTH_ABBREVIATIONS, key=len, reverse=True)) + r")\.?(?=\s+(?:[12]\d|3[01]|0?[1-9])"
    r"(?:st|nd|rd|th)?\b(?![:.,]\d))"
)
_DAY = r"(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_DAY_MONTH = re.compile(
    r"(?<![\w.,/:$£€-])(?P<the>[Tt]he\s+)?"
    + _DAY
    + r"\s+(?:of\s+)?(?P<mon>"
    + _MONTH_WORD[3:-1]
    + r"|"
    + _cases(sorted(_MONTH_ABBREVIATIONS, key=len, reverse=True))
    + r")\b(?P<dot>\.)?"
    r"(?:,?\s+(?P<y>1[0-9]\d\d|20\d\d)(?![\w%]|[.,]\d))?"
)
_MONTH_DAY_YEAR = re.compile(
    r"\b(?P<mon>" + _MONTH_WORD + r")\.?\s+" + _DAY + r"(?P<comma>,?)\s+(?P<y>1[0-9]\d\d|20\d\d)(?![\w%:]|[.,]\d)"
)
_MONTH_DAY = re.compile(r"\b(" + _MONTH_WORD + r")\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![:.,]\d)")


def _month_name(written: str) -> str:
    """A month as written, or its full name for a short one (``"jan"``, ``"SEPT"`` -> "January", "September")."""
    return _MONTH_ABBREVIATIONS.get(written[:1].upper() + written[1:].lower(), written)


def month_dates(text: str) -> str:
    """Dates written with a month's name, as a narrator reads them: ``"16 July 1943"`` -> ``"the
    sixteenth of July, nineteen forty-three"``, ``"on 1 March"`` -> ``"on the first of March"``, ``"Jan
    15 2020"`` / ``"July 25, 2012"`` -> ``"January fifteenth, twenty twenty"`` / ``"July twenty-fifth,
    twenty twelve"``, ``"june 30"``, ``"SEPT. 15"``, ``"25 jul 2012"`` too (short month names are written
    out). Lower-case "may" and "march" are verbs first: months only with a day and a year."""
    text = _SHORT_MONTH.sub(lambda m: _month_name(m.group(1)), text)

    def day_month(m: re.Match) -> str:
        short = m["mon"].lower() != _month_name(m["mon"]).lower()
        if short and not (m["y"] or m["dot"] or _PAUSE_AFTER.match(m.string, m.end())):
            return m.group(0)  # "3 Mar bars": a short month name only where a date ends
        if m["mon"] in _VERB_MONTHS and not m["y"]:
            return m.group(0)  # "the 3 may be"
        said = f"{m['the'] or 'the '}{ordinal(m['d'])} of {_month_name(m['mon'])}"
        said += f", {year(m['y'])}" if m["y"] else ""
        return said + ("." if m["dot"] and not m.string[m.end() :].strip() else "")  # "on 9 Aug." at the end

    def month_day(m: re.Match) -> str:
        return m.group(0) if m.group(1) in _VERB_MONTHS else f"{m.group(1)} {ordinal(m.group(2))}"

    text = _DAY_MONTH.sub(day_month, text)
    text = _MONTH_DAY_YEAR.sub(lambda m: f"{m['mon']} {ordinal(m['d'])}, {year(m['y'])}", text)
    return _MONTH_DAY.sub(month_day, text)


# ------------------------------------------------------------------ names that hold numbers
_STANDARD = re.compile(
    r"\b(?P<body>ISO(?:/IEC)?|IEC|IEEE|RFC|ECMA|ANSI|DIN|BS|EN|PEP|ASTM|NFPA)\s+(?P<n>\d{3,4})\b(?![.,]\d)"
)
_PRODUCT_VERSION = re.compile(
    r"\b(?P<name>Python|Ruby|PHP|Perl|Java|Node(?:\.js)?|Ubuntu|Debian|Fedora|macOS|iOS|Android|Windows|Excel|"
    r"Django|Rails|Rust|Julia|Scala|Kotlin|Swift|TypeScript|PostgreSQL|MySQL|SQLite|Firefox|Chrome|HTML|CSS|"
    r"Bootstrap|Angular|React|Vue|TensorFlow|PyTorch|NumPy|pandas|LaTeX|Blender|Unity|Godot|Qt|GTK|OpenGL|"
    r"Vulkan|CUDA|Bluetooth|USB|HTTP|TLS|SSL|IPv|[Vv]ersion|[Rr]elease)\s+(?P<major>\d{1,3})\.(?P<minor>\d{1,3})\b"
    r"(?![.,]\d)"
)


def number_name(digits: str) -> str:
    """The number in a name, read as people say it: ``"754"`` -> "seven fifty-four", ``"8601"`` -> "eighty-six
    oh one", ``"9000"`` -> "ninety hundred", ``"2822"`` -> "twenty-eight twenty-two"; others as cardinals."""
    if len(digits) == 3 and digits[0] != "0":
        tail = digits[1:]
        if tail == "00":
            return cardinal(digits)
        return f"{cardinal(digits[0])} " + (cardinal(tail) if tail[0] != "0" else f"oh {cardinal(tail[1])}")
    if len(digits) == 4 and digits[0] != "0" and digits[1:] != "000":
        head, tail = cardinal(digits[:2].lstrip("0") or "0"), digits[2:]
        if tail == "00":
            return f"{head} hundred"
        return f"{head} " + (cardinal(tail) if tail[0] != "0" else f"oh {cardinal(tail[1])}")
    return cardinal(digits)


def named_numbers(text: str) -> str:
    """Numbers that are part of a name, not quantities: standards (``"ISO 8601"`` -> "ISO eighty-six oh
    one", ``"RFC 2822"``, ``"IEEE 754"`` -> "IEEE seven fifty-four") and versions after a product's name or
    "version" (``"Python 3.12"`` -> "Python three point twelve", not "three point one two")."""
    text = _STANDARD.sub(lambda m: f"{m['body']} {number_name(m['n'])}", text)

    def version(m: re.Match) -> str:
        minor = m["minor"]
        said = cardinal(minor) if minor[0] != "0" or minor == "0" else "oh " + cardinal(minor.lstrip("0") or "0")
        return f"{m['name']} {cardinal(m['major'])} point {said}"

    return _PRODUCT_VERSION.sub(version, text)


# ------------------------------------------------------------------ symbols between numbers
_AT_LEAST = re.compile(r"(?<![\w.+])(\d+(?:\.\d+)?)\+(?=\s+[A-Za-z])")
_MEASURE_OR = re.compile(r"(\d\s?(?:°\s?[CF]?|%|[A-Za-zµμΩ²³]{1,5}))\s+/\s+(?=[$€£]?\d)")
_COEFFICIENT_OVER = re.compile(r"(?<![\w.])(\d+)([A-Za-z])/([A-Za-z])(?![\w/])")
_PLURAL_PAIR = re.compile(r"(?<![\w.,])(\d{1,3})['’]?s(?=\s+(?:and|or)\s+\d{1,3}['’]?s\b)")
_INT_SECONDS = re.compile(r"(?<![\w.,'’])(\d{1,4})s\b(?!['’])")
_DECIMAL_SECONDS = re.compile(r"(?<![\w.])(\d+\.\d+)s\b")
_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)


def number_symbols(text: str) -> str:
    """Symbols that join numbers, read by what they mean there: ``"4+ hours"`` -> "4 or more hours",
    ``"230°C / 450°F"`` -> "230°C or 450°F" (the same measure in two units), ``"4M/N"`` -> "4 M over N" (a
    coefficient in a formula, not "four million"), ``"2.52s"`` -> "2.52 s" (a decimal glued to "s" is
    seconds; ``"30s"`` may be a decade and is left to the other rules)."""
    text = _AT_LEAST.sub(r"\1 or more", text)
    text = _MEASURE_OR.sub(r"\1 or ", text)
    text = _COEFFICIENT_OVER.sub(r"\1 \2 over \3", text)
    return _DECIMAL_SECONDS.sub(r"\1 s", text)


def _range(m: re.Match) -> str:
    """``"2-3"`` -> "2 to 3", but "between 60-65%" -> "between 60 and 65%"."""
    joiner = "and" if _BETWEEN.search(m.string, max(0, m.start() - _LOOK_BACK), m.start()) else "to"
    return f"{m.group(1)} {joiner} "


def _spaced_range(m: re.Match) -> str:
    """A match of :data:`_SPACED_RANGE`: "10 to 20" when the second number is the larger, else as written."""
    low, high = (float(g.replace(",", "")) for g in m.group(1, 2))
    return f"{m.group(1)}-{m.group(2)}" if low < high else m.group(0)


_ANY_DIGIT = re.compile(r"\d")


def verbalize_numbers(text: str, language: str = "en-us") -> str:
    """Rewrite every number in ``text`` as words; other text is left as it is.

    ``language`` is the course's BCP 47 tag (``en-us``, ``en-gb``, ``de``...): it decides the order of
    day and month in a numeric date (``03/04/2025``); the words themselves are English for now.

    ``"$1.5 million"`` -> ``"one point five million dollars"``; ``"in 1945"`` -> ``"in nineteen
    forty-five"``; ``"9 a.m."`` -> ``"nine AM"``; ``"10:30"`` -> ``"ten thirty"``; ``"2–3"`` -> ``"two
    to three"``; ``"2.8T-parameter"`` -> ``"two point eight trillion parameter"``; ``"21st"`` ->
    ``"twenty-first"``; ``"45%"`` -> ``"forty-five percent"``. The result may contain doubled spaces.
    """
    text = roman_numerals(text)
    text = unicode_fractions(text)
    if not _ANY_DIGIT.search(text):
        return text  # every rule below reads digits (most sentences of a lesson have none)
    text = _PAGE.sub(lambda m: "pages " if m.group(1).lower() == "pp" else "page ", text)
    text = _SPACE_THOUSANDS.sub(_space_thousands, text)
    text = phone_numbers(text)
    text = decimal_comma_money(text)
    text = named_money(text)
    text = hour_signs(text)
    text = numeric_dates(text, language)
    text = named_numbers(text)
    text = times_and_eras(text)
    text = rates_and_addresses(text)
    text = number_symbols(text)
    text = _SCIENTIFIC.sub(
        lambda m: (
            f"{m.group(1)} times ten to the power of {'minus ' if m.group(2) in '-−' and m.group(2) else ''}"
            f"{m.group(3)}"
        ),
        text,
    )
    text = _TIMES_TEN.sub(" times 10^", text)
    text = _DIMENSIONS.sub(" by ", text)
    text = _ISO_DATE.sub(partial(_iso_date, month_first=month_first(language)), text)
    text = month_dates(text)
    text = currencies(text)
    text = _MINUS_MONEY.sub("minus ", text)
    text = _RATING.sub(r"\1 out of \2", text)
    text = _CURRENCY_RE.sub(lambda m: _currency(m) + _gap(m), text)
    text = _HMS.sub(_hms, text)
    text = _CLOCK.sub(_clock, text)
    text = _RATIO.sub(lambda m: " to ".join(cardinal(part) for part in m.group(0).split(":")), text)
    text = _YEAR_SPAN.sub(lambda m: f"{m['from']} {year(m['y'])} {m['to']} {year(m['y2'])}", text)
    text = _YEAR_CTX.sub(_year_ctx, text)
    text = years_in_context(text)
    text = _YEAR_RANGE.sub(lambda m: f"{year(m.group(1))} to {year(m.group(2))}", text)
    text = _PLURAL_PAIR.sub(lambda m: plural_words(cardinal(m.group(1))), text)  # "1s and 0s"
    text = decades_and_plurals(text)
    text = _INT_SECONDS.sub(r"\1 s", text)  # "timeout 5s": no decade or plural read it, so seconds
    text = _VERSION.sub(lambda m: " point ".join(cardinal(p) for p in m.group(0).split(".")), text)
    us = us_english(language)
    text = _MIXED_FRACTION.sub(partial(_mixed_fraction, us=us), text)
    text = _FRACTION.sub(partial(_fraction, us=us), text)
    text = _SPACED_RANGE.sub(_spaced_range, text)
    text = _RANGE.sub(_range, text)
    text = _MINUS.sub(" minus ", text)
    text = _ORDINAL.sub(lambda m: ordinal(m.group(1)), text)
    return _NUMBER.sub(partial(_number, us=us), text)


# ================================================================== more kinds (issue 13)
# Each kind is one table and one function, so that a language can get its own table later.


# ------------------------------------------------------------------ fractions
_UNICODE_FRACTION = re.compile(r"(?:(?<!\d)(\d+)\s?)?([\u00bc-\u00be\u2150-\u215e\u2189])")
_FRACTION_SLASH = re.compile(r"(?<=\d)\u2044(?=\d)")
_UNIT_AFTER = (
    r"(?:\s?(?P<unit>"
    + "|".join(re.escape(u) for u in sorted(set(_UNITS) - set(_SPACED_UNITS), key=len, reverse=True))
    + r")(?![\w/'’])|\s(?P<spaced>"
    + "|".join(_SPACED_UNITS)
    + r")(?![\w'’/]))?"
)
_MIXED_FRACTION = re.compile(
    r"(?<![\w./,])(?P<w>\d+)\s+(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:st|nd|rd|th)?(?![\w/]|\.\d)" + _UNIT_AFTER
)
_FRACTION = re.compile(r"(?<![\w./])(?P<a>\d+)/(?P<b>\d+)(?:st|nd|rd|th)?(?![\w/]|\.\d)" + _UNIT_AFTER)
_FRACTION_NAMES = {
    (24, 7): "twenty-four seven",
    (9, 11): "nine eleven",
    (50, 50): "fifty-fifty",
    (20, 20): "twenty-twenty",
}
_OUT_OF_BEFORE = re.compile(r"\b(?:scored?|scoring|scores|got|gets|rated|rating|marks?|grade[ds]?)\s+$", re.I)
_DENOMINATORS = {2: ("half", "halves"), 4: ("quarter", "quarters")}


def unicode_fractions(text: str) -> str:
    """``"½"`` -> ``"1/2"``, ``"2½"`` -> ``"2 1/2"``, ``"1⁄3"`` (fraction slash) -> ``"1/3"``: vulgar
    fraction characters as ASCII fractions, for the fraction rules to read."""

    def repl(m: re.Match) -> str:
        num, _, den = unicodedata.normalize("NFKD", m.group(2)).partition("\u2044")
        return f"{m.group(1)} {num}/{den}" if m.group(1) else f"{num}/{den}"

    return _UNICODE_FRACTION.sub(repl, _FRACTION_SLASH.sub("/", text))


def fraction_words(numerator: int, denominator: int, after_whole: bool = False) -> str:
    """``(3, 4)`` -> ``"three quarters"``, ``(5, 8)`` -> ``"five eighths"``, ``(31, 32)`` -> ``"thirty-one
    thirty-seconds"``, ``(1, 2, after_whole=True)`` -> ``"a half"`` (as in "two and a half");
    denominators above 1000 (or below 2) -> ``"7 over 1024"`` in words."""
    if not 2 <= denominator <= 1000:
        return f"{cardinal(str(numerator))} over {cardinal(str(denominator))}"
    one, many = _DENOMINATORS.get(denominator) or (ordinal(str(denominator)), ordinal(str(denominator)) + "s")
    if numerator == 1:
        return f"{('an' if one[0] in 'aeiou' else 'a') if after_whole else 'one'} {one}"
    return f"{cardinal(str(numerator))} {many}"


def _unit_words(m: re.Match, plural: bool, us: bool) -> str:
    """The unit matched by :data:`_UNIT_AFTER` in ``m`` (group ``unit`` or ``spaced``) in words, or ``""``."""
    unit = m["unit"] or m["spaced"]
    if not unit:
        return ""
    words = _UNITS[unit][1 if plural else 0]
    return us_spelling(words) if us else words


def _mixed_fraction(m: re.Match, us: bool = False) -> str:
    """``"2 1/2"`` -> "two and a half", ``"1 1/4 oz"`` -> "one and a quarter ounces" ("a 1 1/4 oz
    sachet": "one and a quarter ounce", the unit used as an adjective)."""
    whole, a, b = m["w"], int(m["a"]), int(m["b"])
    if a < 1 or b < 2:
        return m.group(0)
    said = f"{cardinal(whole)} and {fraction_words(a, b, after_whole=True)}"
    unit = _unit_words(m, not _attributive(m.string, m.start(), m.end()), us)
    return f"{said} {unit}" if unit else said


def _fraction(m: re.Match, us: bool = False) -> str:
    """``"31/32"`` -> "thirty-one thirty-seconds", ``"1/4th"`` -> "one quarter", ``"3/4 oz"`` -> "three
    quarters of an ounce", "one 1/4 oz sachet" (a count, then a measure used as an adjective) -> "one
    quarter ounce sachet", "scored 17/20" -> "seventeen out of twenty", ``"24/7"``, ``"50/50"`` as said."""
    a, b = int(m["a"]), int(m["b"])
    said = _FRACTION_NAMES.get((a, b))
    if said is None and a <= b and _OUT_OF_BEFORE.search(m.string, max(0, m.start() - _LOOK_BACK), m.start()):
        said = f"{cardinal(m['a'])} out of {cardinal(m['b'])}"
    if said is None:
        said = fraction_words(a, b)
    unit = _unit_words(m, False, us)
    if not unit:
        return said
    if a < b and _attributive(m.string, m.start(), m.end()):
        one = (_DENOMINATORS.get(b) or (ordinal(str(b)),))[0]
        return f"{one if a == 1 else cardinal(m['a']) + ' ' + one} {unit}"
    if (a, b) == (1, 2):
        return f"half {'an' if unit[0] in 'aeiou' else 'a'} {unit}"
    return f"{said} of {'an' if unit[0] in 'aeiou' else 'a'} {unit}"


# ------------------------------------------------------------------ phone numbers
_PHONE_CONTEXT = r"(?:call|phone|dial|tel|telephone|fax|text|ring|mobile|cell|hotline|helpline|number|no\.)"
_PHONE = re.compile(
    r"(?<![\w+/.,-])(?:"
    r"(?P<intl>\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,6})"  # +44 20 7946 0958, +1-555-123-4567
    r"|(?P<paren>\(\d{3}\)[\s-]?\d{3}[ .-]\d{4})"  # (555) 123-4567, (555)-123-4567
    r"|(?P<three>(?:1-)?\d{3}([.-])\d{3}\4\d{4}(?:\4\d{1,4})?)"  # 555-123-4567, 1-800-555-0199, an extension
    r"|(?P<ssn>\d{3}-\d{2}-\d{4})"  # 123-45-6789: an identity number, read like a phone number
    r"|(?P<zero>\d{3}-0\d{3})"  # 555-0142: a range never ends in a number with a leading zero
    r"|(?P<ctx>\b" + _PHONE_CONTEXT + r":?\s+)(?P<local>\d{3}-\d{4})"  # "Call 555-1234"
    r")(?![\w-]|[.,]\d)",
    re.IGNORECASE,
)


_CALL_WORDS = ("call", "dial", "ring", "phone", "text")
"""Words after which a short number is one to dial ("Call 555 1234", "Dial 911")."""
_SPACED_PHONE = re.compile(
    r"(?<![\w+/.,-])(?:(?P<nanp>\d{3} \d{3} \d{4})|(?P<trunk>\(?0\d{2,4}\)?(?: ?/ ?\d{6,8}| \d{3,6}(?: \d{3,6})?))"
    r"|(?:" + "|".join(rf"(?<=(?i:{w}) )" for w in _CALL_WORDS) + r")(?P<local>\d{3} \d{4})"
    r")(?![\w-]|[.,]\d| \d)"
)
"""Telephone numbers written with spaces: ``555 123 4567`` (three, three and four digits: no number
grouped in thousands ends in four) and a national number opening with its trunk ``0`` (``020 7946
0958``, ``07700 900123``: 10 or 11 digits; a number never starts with 0)."""


def _digit_groups(number: str) -> str:
    groups = re.findall(r"\d+", number)
    words = ", ".join(" ".join(_DIGITS[int(d)] for d in g) for g in groups)
    return ("plus " if number.startswith("+") else "") + words


def phone_numbers(text: str) -> str:
    """``"555-0142"`` -> ``"five five five, zero one four two"``: a phone number is read digit by
    digit, group by group (a comma between groups). Recognised: ``+CC ...`` (7 digits or more),
    ``(555) 123-4567``, ``555-123-4567``, ``555-0142``, and ``555-1234`` after "call", "phone", "tel"..."""

    def repl(m: re.Match) -> str:
        if m["intl"] and len(re.findall(r"\d", m["intl"])) < 7:
            return m.group(0)
        if m["ctx"]:
            return m["ctx"] + _digit_groups(m["local"])
        return _digit_groups(m.group(0))

    def spaced(m: re.Match) -> str:
        trunk = m["trunk"] or ""
        if trunk and (not 10 <= len(re.sub(r"\D", "", trunk)) <= 11 or trunk.count("(") != trunk.count(")")):
            return m.group(0)
        return _digit_groups(m.group(0))

    text = _SPACED_PHONE.sub(spaced, _PHONE.sub(repl, text))
    return _SERVICE_NUMBER.sub(lambda m: m[1] + " ".join(_DIGITS[int(d)] for d in m[2]), text)


_SERVICE_NUMBER = re.compile(r"(?i)\b((?:" + "|".join(_CALL_WORDS) + r")\s+)(911|999|112|111|000)(?![\w.,]\d|\w)")
"""A short service number after a word of calling: "Dial 911" is "nine one one"."""


# ------------------------------------------------------------------ durations written with an hour sign
_HOURS_MINUTES = re.compile(r"(?<![\w.,:])(\d+(?:\.\d+)?)\s?(?:h|hrs?)\s?(\d{1,2})\s?(mins?)(?![\w'’/])")
_GLUED_HOURS = re.compile(r"(?<![\w.,:/-])(\d+(?:\.\d+)?)h(?![\w'’/-]|[.,]\d)")
_CLOCK_HOUR_SIGN = re.compile(r"(?<![\w.,:])(\d{1,2}:[0-5]\d)\s?(?:h|hrs)(?![\w'’/])")


_COMMA_AMOUNT = r"(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}"
_MONEY_MARK = r"(?:[$€£¥₹]|(?:EUR|CHF|GBP|USD|SEK|NOK|DKK|PLN|CZK)(?![A-Za-z]))"
_DECIMAL_COMMA_MONEY = re.compile(
    r"(?<![\w.,])(?P<before>" + _MONEY_MARK + r"\s?)(?P<a>" + _COMMA_AMOUNT + r")(?![\d,.]?\d)"  # €4,20, EUR 2,40
    r"|(?<![\w.,$€£¥₹])(?P<b>" + _COMMA_AMOUNT + r")(?=\s?" + _MONEY_MARK + r")"  # 4,20 €, 12,50 CHF
)


_AMOUNT_BEFORE_NAME = re.compile(r"(?<![\w.,$€£¥₹])(\d{1,3}(?:,\d{3})+|\d+)\.(\d\d)\s(euros?|dollars?)(?![\w'’])", re.I)
_NAMED_SYMBOL = {"euro": "€", "dollar": "$"}


def named_money(text: str) -> str:
    """An amount with cents before a currency's name, as the symbol rule reads it: ``"3.50 euros"``
    -> ``"€3.50"`` (three euros and fifty cents; it was "three point five zero euros"). Pounds are
    left alone: "2.50 pounds" of flour is a weight."""

    def repl(m: re.Match) -> str:
        symbol = _NAMED_SYMBOL[m[3].lower().rstrip("s")]
        return f"{symbol}{m[1]}.{m[2]}"

    return _AMOUNT_BEFORE_NAME.sub(repl, text)


def decimal_comma_money(text: str) -> str:
    """An amount written with a decimal comma, as much of Europe writes it, read as its decimal:
    ``"€4,20"``, ``"4,20 €"``, ``"EUR 2,40"``, ``"€1.234,56"`` -> ``"€4.20"``, ``"4.20 €"``, ``"EUR
    2.40"``, ``"€1234.56"``. Two digits after a comma are never a thousands group, which has three."""

    def repl(m: re.Match) -> str:
        amount = (m["a"] or m["b"]).replace(".", "").replace(",", ".")
        return f"{m['before']}{amount}" if m["a"] else amount

    return _DECIMAL_COMMA_MONEY.sub(repl, text)


_MINUS_MONEY = re.compile(r"(?:^|(?<=[\s(=]))[-−](?=[$€£¥₹]\d)")
"""A minus before money ("-$5": "minus five dollars")."""
_RATING = re.compile(r"(?<![\w.,/])(\d+\.\d+)/(5|10|20|100)(?![\w/]|[.,]\d)")
"""A decimal over 5, 10, 20 or 100 ("4.5/5", "8.7/10"): a rating, "four point five out of five"."""
_WEEKDAYS = {
    "mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday", "thu": "Thursday",
    "thur": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday", "sun": "Sunday",
}  # fmt: skip
_WEEKDAY_RANGE = re.compile(
    r"\b(" + "|".join(_WEEKDAYS) + r")\.?\s?[–-]\s?(" + "|".join(_WEEKDAYS) + r")\b\.?", re.IGNORECASE
)


_EXTENSION = re.compile(r"\b[Ee]xt\.\s?(?=\d)")
"""A telephone extension before its number ("ext. 12": "extension twelve")."""


def _weekday_range(m: re.Match) -> str:
    """ "Mon.–Fri." → "Monday to Friday"."""
    return f"{_WEEKDAYS[m[1].lower()]} to {_WEEKDAYS[m[2].lower()]}"


def hour_signs(text: str) -> str:
    """Durations and times written with an hour sign, in the form the unit and clock rules read:
    ``"1h 30min"`` -> ``"1 h 30 min"`` (one hour thirty minutes), ``"3h"`` -> ``"3 h"`` (three
    hours), ``"14:30 h"`` -> ``"14:30"`` (a clock time: the sign after it says nothing more, as in
    the other languages)."""
    text = _HOURS_MINUTES.sub(r"\1 h \2 \3", text)
    text = _GLUED_HOURS.sub(r"\1 h", text)
    return _CLOCK_HOUR_SIGN.sub(r"\1", text)


# ------------------------------------------------------------------ numeric dates
# Regions that write the month first (03/15/2024); every other region writes the day first.
MONTH_FIRST_REGIONS = frozenset({"us", "ph", "fm", "mh", "pw", "gu", "as", "mp", "pr", "vi", "um", "ca"})
# A language tag without a region: does it write the month first? (English follows en-us, the default.)
MONTH_FIRST_LANGUAGES = frozenset({"en"})
_NUMERIC_DATE = re.compile(
    r"(?<![\w./,:-])(\d{1,2})(?:(/)(\d{1,2})/(\d{4}|\d{2})|([.-])(\d{1,2})\5(\d{4}))(?![\w/]|[.,:-]\d)"
)


@functools.lru_cache(maxsize=64)
def month_first(language: str) -> bool:
    """True when a numeric date ``a/b/yyyy`` means month ``a``, day ``b`` in ``language`` (a BCP 47
    tag: ``en-us`` -> True; ``en-gb``, ``de``, ``fr-ca``... -> day first, ``en`` -> as ``en-us``)."""
    parts = language.lower().replace("_", "-").split("-")
    region = next((p for p in parts[1:] if len(p) == 2 and p.isalpha()), None)
    if region is None:
        return parts[0] in MONTH_FIRST_LANGUAGES
    return region in MONTH_FIRST_REGIONS and not (region == "ca" and parts[0] == "fr")


def numeric_dates(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``"15/03/2024"`` -> ``"the fifteenth of March, twenty twenty-four"``; ``"03/15/2024"`` (en-us)
    -> ``"March fifteenth, twenty twenty-four"``. Day/month order from ``language`` (see
    :func:`month_first`) unless one part is above 12; ``.`` and ``-`` separators need a 4-digit year;
    a 2-digit year ``yy`` is 20yy below 50, else 19yy. A pair that is no date is left alone."""

    def repl(m: re.Match) -> str:
        if m.group(2):
            a, b, y = int(m.group(1)), int(m.group(3)), m.group(4)
        else:
            a, b, y = int(m.group(1)), int(m.group(6)), m.group(7)
        if len(y) == 2:
            y = ("20" if int(y) < 50 else "19") + y
        if a > 12 >= b or (b <= 12 and a <= 12 and not month_first(language)):
            day, month, day_first = a, b, True
        elif b > 12 >= a or (a <= 12 and b <= 12):
            day, month, day_first = b, a, False
        else:
            return m.group(0)
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return m.group(0)
        name = _MONTHS[month - 1]
        if day_first:
            return f"the {ordinal(str(day))} of {name}, {year(y)}"
        return f"{name} {ordinal(str(day))}, {year(y)}"

    return _NUMERIC_DATE.sub(repl, text)


# ------------------------------------------------------------------ currencies (prefix, code, after the number)
# written form -> (one, many, one hundredth, hundredths)
CURRENCY_NAMES: dict[str, tuple[str, str, str, str]] = {
    "US$": ("US dollar", "US dollars", "cent", "cents"),
    "USD": ("US dollar", "US dollars", "cent", "cents"),
    "A$": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "AU$": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "AUD": ("Australian dollar", "Australian dollars", "cent", "cents"),
    "C$": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "CA$": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "CAD": ("Canadian dollar", "Canadian dollars", "cent", "cents"),
    "NZ$": ("New Zealand dollar", "New Zealand dollars", "cent", "cents"),
    "NZD": ("New Zealand dollar", "New Zealand dollars", "cent", "cents"),
    "HK$": ("Hong Kong dollar", "Hong Kong dollars", "cent", "cents"),
    "HKD": ("Hong Kong dollar", "Hong Kong dollars", "cent", "cents"),
    "S$": ("Singapore dollar", "Singapore dollars", "cent", "cents"),
    "SGD": ("Singapore dollar", "Singapore dollars", "cent", "cents"),
    "R$": ("real", "reais", "centavo", "centavos"),
    "EUR": ("euro", "euros", "cent", "cents"),
    "GBP": ("pound", "pounds", "penny", "pence"),
    "JPY": ("yen", "yen", "sen", "sen"),
    "CNY": ("yuan", "yuan", "fen", "fen"),
    "INR": ("rupee", "rupees", "paisa", "paise"),
    "CHF": ("Swiss franc", "Swiss francs", "centime", "centimes"),
    "₩": ("won", "won", "jeon", "jeon"),
    "₽": ("rouble", "roubles", "kopek", "kopeks"),
    "₺": ("lira", "lira", "kuruş", "kuruş"),
    "₪": ("shekel", "shekels", "agora", "agorot"),
    "฿": ("baht", "baht", "satang", "satang"),
    "₦": ("naira", "naira", "kobo", "kobo"),
    **{sym: names for sym, names in _CURRENCY.items()},
}
_CODES = "|".join(re.escape(c) for c in sorted(CURRENCY_NAMES, key=len, reverse=True))
_MONEY_TAIL = r"(?:\s?(?P<word>thousand|million|billion|trillion)\b|(?P<suf>bn|[kKMBT])(?![\w]))?"
_PREFIXES = "|".join(re.escape(c) for c in sorted(CURRENCY_NAMES, key=len, reverse=True) if c not in _CURRENCY)
_PREFIX_MONEY = re.compile(r"(?<![\w$])(?P<cur>" + _PREFIXES + r")\s?(?P<num>" + _NUM + r")" + _MONEY_TAIL)
_SUFFIX_MONEY = re.compile(r"(?<![\w.,])(?P<num>" + _NUM + r")" + _MONEY_TAIL + r"\s?(?P<cur>" + _CODES + r")(?![\w$])")


def money(num: str, names: tuple[str, str, str, str], scale: str = "", num2: str = "") -> str:
    """``("1.50", dollar names)`` -> ``"one dollar and fifty cents"``; ``scale`` ("million") and a
    range's upper end ``num2`` are read before the currency's name."""
    one, many, sub_one, sub_many = names
    if num2:
        if num.endswith(".00") and num2.endswith(".00"):
            num, num2 = num[:-3], num2[:-3]
        return f"{decimal(num)} to {decimal(num2)} {scale} {many}".replace("  ", " ")
    if scale:
        return f"{decimal(num)} {scale} {many}"
    whole, _, frac = num.partition(".")
    if len(frac) == 1:  # $20.5: twenty dollars and fifty cents
        frac += "0"
    if len(frac) == 2:  # 1.50: money with cents
        parts = []
        if whole.strip("0,"):
            parts.append(f"{cardinal(whole)} {one if _is_one(whole) else many}")
        if int(frac):
            parts.append(f"{cardinal(str(int(frac)))} {sub_one if int(frac) == 1 else sub_many}")
        return " and ".join(parts) or f"zero {many}"
    return f"{decimal(num)} {one if _is_one(num) else many}"


def currencies(text: str) -> str:
    """Money written with a prefix (``US$125``, ``A$5``, ``CHF 20``, ``EUR 9.99``), or with the
    symbol or code after the number (``125 €``, ``30 USD``) -> words: ``"one hundred and twenty-five
    US dollars"``. Plain ``$ € £ ¥ ₹`` before the number are read by the older currency rule."""

    def repl(m: re.Match) -> str:
        scale = m["word"] or _SCALE.get(m["suf"] or "", "")
        return money(m["num"], CURRENCY_NAMES[m["cur"]], scale) + _gap(m)

    return _SUFFIX_MONEY.sub(repl, _PREFIX_MONEY.sub(repl, text))


# ------------------------------------------------------------------ years in context, decades, plurals
_YEAR = r"(?P<y>1[1-9]\d\d|20\d\d)"
_NOUN_AFTER_YEAR = re.compile(
    r"\b(?P<det>[Aa]n?|[Tt]he|[Tt]his|[Tt]hat|[Hh]is|[Hh]er|[Ii]ts|[Tt]heir|[Oo]ur|[Yy]our|[Mm]y)\s+"
    + _YEAR
    + r"\s+(?P<noun>[A-Za-z][\w-]*)"
)
# "of" + year only after a word that names a time or an event: "the summer of 1969", "the War of 1812"
# ("a batch of 2048" stays a count)
YEAR_OF_NOUNS = (
    "summer winter spring autumn fall year class war election crisis revolution end start beginning middle "
    "half quarter treaty act flood storm panic crash census season decade " + " ".join(m.lower() for m in _MONTHS)
).split()
_YEAR_AFTER_OF = re.compile(
    r"\b(?P<of>(?:" + "|".join(YEAR_OF_NOUNS) + r")\s+of)\s+" + _YEAR + r"(?![\w%$°]|[.,]\d)", re.I
)
_Y = r"(1[1-9]\d\d|20\d\d)"
_YEAR_IN_TITLE = re.compile(
    r"^(?P<lead>\s*)" + _Y + r"(?=\s*[:–—]|\s+-\s)"  # "1914: The Guns of August"
    r"|(?P<paren>\()" + _Y + r"(?=[a-z]?\))"  # "(2019)"
    r"|(?P<tail>(?:,|[A-Z][a-z]+)\s+)" + _Y + r"(?=[.!?]?\s*$)"  # "Paris, 1900", "Europe 1914"
)


def _plural_noun(word: str) -> bool:
    w = word.lower()
    return w.endswith("s") and not w.endswith(("ss", "is", "us", "ics", "ous"))


def years_in_context(text: str) -> str:
    """Four-digit numbers 1100-2099 read as years where the context makes them years: after a
    determiner and before a singular noun (``"a 2019 study"``), after "of" (``"the
    summer of 1969"``, "the War of 1812": after a noun of :data:`YEAR_OF_NOUNS`), at the start of a title before ``:``, in brackets (``"(2019)"``) and after a
    name or comma at the end (``"Paris, 1900"``). "in/by/since 1990" are read by the older rule."""

    def noun(m: re.Match) -> str:
        word = m["noun"]
        if word in _UNITS or _plural_noun(word) or word.lower() in ("thousand", "million", "percent"):
            return m.group(0)
        return f"{m['det']} {year(m['y'])} {word}"

    def title(m: re.Match) -> str:
        before = m["lead"] if m["lead"] is not None else (m["paren"] or m["tail"] or "")
        return before + year(next(g for g in m.groups() if g and g.isdigit()))

    text = _NOUN_AFTER_YEAR.sub(noun, text)
    text = _YEAR_AFTER_OF.sub(lambda m: f"{m['of']} {year(m['y'])}", text)
    return _YEAR_IN_TITLE.sub(title, text)


_PLURAL_CONTEXT = r"(?:the|their|his|her|my|your|our|its|early|mid|late|mid-|in|of|and|or|two|three|four|all|by)"
_DECADES = re.compile(
    r"(?<![\w.,$£€])(?:(?P<full>1[1-9]\d0|20\d0)(?:['’]?s| s(?!['’]))\b"  # 1980s, 1980's, 1980 s
    r"|['’](?P<short>\d0)s\b)"  # '90s
)
_NUMBER_PLURAL = re.compile(r"\b(?P<ctx>" + _PLURAL_CONTEXT + r")(?P<sp>[\s-]+)(?P<n>\d{1,3})['’]?s\b", re.I)


def plural_words(words: str) -> str:
    """``"ninety"`` -> ``"nineties"``, ``"six"`` -> ``"sixes"``, ``"one"`` -> ``"ones"``."""
    if words.endswith("y"):
        return words[:-1] + "ies"
    if words.endswith(("x", "s")):
        return words + "es"
    return words + "s"


def decades_and_plurals(text: str) -> str:
    """Decades and plurals of numbers: ``"1980s"``/``"1980's"`` -> ``"nineteen eighties"``, ``"'90s"``
    -> ``"nineties"``, ``"the 90s"`` -> ``"the nineties"``, ``"in your 20s"``, ``"the 7s"`` ->
    ``"the sevens"``. A bare ``"30s"`` (maybe 30 seconds) is left to the other rules."""
    text = _DECADES.sub(lambda m: plural_words(year(m["full"]) if m["full"] else cardinal(m["short"])), text)
    return _NUMBER_PLURAL.sub(lambda m: m["ctx"] + m["sp"] + plural_words(cardinal(m["n"])), text)


# ------------------------------------------------------------------ Roman numerals
_ROMAN_VALUE = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_VALID_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
# words after which a Roman numeral is a number: "Chapter IV" -> "Chapter four"
ROMAN_AFTER = (
    "World War",
    "Chapter",
    "Part",
    "Book",
    "Volume",
    "Vol.",
    "Act",
    "Scene",
    "Section",
    "Article",
    "Appendix",
    "Episode",
    "Phase",
    "Stage",
    "Step",
    "Type",
    "Class",
    "Level",
    "Grade",
    "Category",
    "Tier",
    "Round",
    "Unit",
    "Lesson",
    "Module",
    "Photosystem",
    "Complex",
    "Super Bowl",
    "Vatican",
    "Mark",
    "Mk",
)
# given names after which a Roman numeral is a regnal number: "Henry VIII" -> "Henry the Eighth"
REGNAL_NAMES = (
    "Alexander Alfonso Alfred Amenhotep Anne Augustus Baldwin Benedict Boniface Carl Casimir Catherine Charles "
    "Christian Clement Constantine Darius David Edmund Edward Elizabeth Ferdinand Francis Frederick Friedrich "
    "George Gregory Gustav Gustavus Haakon Harald Henri Henry Herod Hugh Innocent Isabella Ivan James Joanna John "
    "Juan Julius Justinian Leo Leopold Louis Ludwig Malcolm Mary Matilda Mehmed Napoleon Nicholas Olaf Otto "
    "Paul Peter Philip Philippe Pius Ptolemy Rama Ramesses Ramses Richard Robert Rudolf Selim Sigismund Sixtus "
    "Stephen Suleiman Thutmose Urban Victor Vladimir Wilhelm William"
).split()
_ROMAN_TOKEN = r"(?P<r>[IVXLCDM]{1,7})"
_ROMAN_KEYWORD = re.compile(
    r"\b(?P<kw>"
    + "|".join(re.escape(k) for k in ROMAN_AFTER)
    + "|"
    + "|".join(re.escape(k.upper()) for k in ROMAN_AFTER)
    + r")\s+"
    + _ROMAN_TOKEN
    + r"(?![\w'’-])"
)
_ROMAN_ALONE = re.compile(r"^(?P<lead>\s*)(?P<r>[IVXLCDM]{2,7})(?P<end>\.?\s*)$")
"""A text that is a Roman numeral alone ("XVII.", "XIII", a chapter heading): the number ("seventeen");
two letters without a full stop only where they are no common word or abbreviation ("CI", "CV", "MD")."""
_ROMAN_PAIRS = frozenset({"II", "IV", "IX", "XI", "XV", "XX", "XC", "LX", "LV"})
REGNAL_TITLES = "King Queen Pope Emperor Empress Tsar Czar Tsarina Kaiser Sultan Pharaoh Shah Prince Princess".split()
_ROMAN_REGNAL = re.compile(
    r"\b(?P<name>(?:"
    + "|".join(REGNAL_NAMES)
    + r")|(?:"
    + "|".join(REGNAL_TITLES)
    + r")(?:\s+[A-Z][a-z]+){1,2})\s+"
    + _ROMAN_TOKEN
    + r"(?![\w'’-])"
)
# after "Name I", these words make "I" the pronoun ("Thank you Henry I think"), not "the first"
_PRONOUN_I_NEXT = re.compile(
    r"\s*(?:['’](?:m|ve|d|ll)\b|(?:am|think|thought|know|knew|want|wanted|will|would|can|can't|could|should|"
    r"have|do|don't|did|didn't|said|told|saw|met|love|like|liked|guess|mean|meant|feel|felt|hope|believe|need|"
    r"needed|must|might|may|forgot|forget|got|get|went|go|found|find|made|make|heard|left|came|come|tried|try|"
    r"just|also|still|never|really|agree|remember|wonder|bet|see|say|told|promise|suppose|reckon)\b)"
)


def roman_value(numeral: str) -> int:
    """``"XIV"`` -> 14; 0 when ``numeral`` is not a well-formed Roman numeral (``"IIII"``, ``"IC"``)."""
    if not numeral or not _VALID_ROMAN.fullmatch(numeral):
        return 0
    values = [_ROMAN_VALUE[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def roman_numerals(text: str) -> str:
    """Roman numerals where the context makes them numbers: after a keyword of :data:`ROMAN_AFTER`
    (``"World War II"`` -> ``"World War two"``, ``"Photosystem II"``, ``"Chapter IV"``) and after a
    monarch's or pope's name of :data:`REGNAL_NAMES` or any name after a title of :data:`REGNAL_TITLES`
    (``"Henry VIII"`` -> ``"Henry the eighth"``, ``"King Zog I"`` -> ``"King Zog the first"``;
    ``"Charles I was"`` -> ``"Charles the first was"``, but not before "think", "am", "'m"...). A lone ``C``, ``D``, ``L`` or ``M``
    is a letter ("Type C"); the pronoun "I", "Vitamin C" and "Plan B" are never touched."""

    def keyword(m: re.Match) -> str:
        value = roman_value(m["r"])
        if not value or m["r"] in ("C", "D", "L", "M"):
            return m.group(0)
        if m["r"] == "I" and _PRONOUN_I_NEXT.match(m.string, m.end()):
            return m.group(0)  # "At this Stage I think": the pronoun
        return f"{m['kw']} {cardinal(str(value))}"

    def regnal(m: re.Match) -> str:
        value = roman_value(m["r"])
        if not value or m["r"] in ("C", "D", "L", "M"):
            return m.group(0)
        if m["r"] == "I" and _PRONOUN_I_NEXT.match(m.string, m.end()):
            return m.group(0)
        return f"{m['name']} the {ordinal(str(value))}"

    alone = _ROMAN_ALONE.match(text)
    if (
        alone
        and roman_value(alone["r"])
        and (len(alone["r"]) > 2 or alone["r"] in _ROMAN_PAIRS)
        and alone["r"]
        not in ("CD", "DC", "MD", "CV", "MC", "MM", "MIX", "DIV", "CLI", "DIX", "LIV", "MDX", "CIV", "XXX")
    ):
        return f"{alone['lead']}{cardinal(str(roman_value(alone['r'])))}{alone['end']}"
    return _ROMAN_REGNAL.sub(regnal, _ROMAN_KEYWORD.sub(keyword, text))


# ================================================================== words, abbreviations and symbols
ABBREVIATIONS = frozenset(
    {
        "e.g.",
        "i.e.",
        "etc.",
        "vs.",
        "cf.",
        "al.",
        "approx.",
        "a.m.",
        "p.m.",
        "dr.",
        "mrs.",
        "mr.",
        "ms.",
        "st.",
        "prof.",
        "jr.",
        "sr.",
        "mt.",
        "fig.",
        "no.",
        "p.",
        "pp.",
        "inc.",
        "ltd.",
        "co.",
        "corp.",
        "jan.",
        "feb.",
        "mar.",
        "apr.",
        "jun.",
        "jul.",
        "aug.",
        "sep.",
        "sept.",
        "oct.",
        "nov.",
        "dec.",
    }
)

BEFORE_NUMBERS = frozenset({"vol.", "vols.", "ch.", "chap.", "sec.", "eq.", "eqs.", "ed.", "ft.", "in.", "ext."})
"""Abbreviations after which a sentence does not end ("e.g.", "Dr."), and those that do not end one
before a number ("vol. 3", "ch. 4")."""
ADDRESS_WORDS = ("dot", "at", "slash")
"""How the parts of a web or e-mail address are said: (dot, at, slash)."""
_ENDS_TEXT = re.compile(r"[\s\"')\]]*$")
_DEFINED_ACRONYM = re.compile(r"(?<![\w'])((?:[^\W\d_][\w']*[\s-]+){1,8})\(([A-Z][A-Za-z]{0,6}?)s?\)")
_ABBR_REPL = [
    (re.compile(p, flags), word)
    for p, word, flags in (
        (r"\b[eE]\.g\.(?!\w)|\beg\.(?=,)", "for example", 0),
        (r"\b[iI]\.e\.(?!\w)", "that is", 0),
        (r"\betc\.", "et cetera", re.I),
        (r"\bet al\.", "et al", 0),
        (r"\b(?:vs\.?|Vs\.)(?!\w)", "versus", 0),
        (r"\bcf\.", "compare", 0),
        (r"\bapprox\.", "approximately", re.I),
        (r"\b(?:a\.\s?m\.|A\.M\.)(?!\w)", "AM", 0),
        (r"\b(?:p\.\s?m\.|P\.M\.)(?!\w)", "PM", 0),
        (r"\bDr\.", "Doctor", 0),
        (r"\bMrs\.", "Missus", 0),
        (r"\bMr\.", "Mister", 0),
        (r"\bMs\.", "Miz", 0),
        (r"\bSt\.", "Saint", 0),
        (r"\bProf\.", "Professor", 0),
        (r"\bJr\.", "Junior", 0),
        (r"\bSr\.", "Senior", 0),
        (r"\bMt\.", "Mount", 0),
        (r"\bJan\.(?=\s?\d)", "January", 0),
        (r"\bFeb\.(?=\s?\d)", "February", 0),
        (r"\bMar\.(?=\s?\d)", "March", 0),
        (r"\bApr\.(?=\s?\d)", "April", 0),
        (r"\bJun\.(?=\s?\d)", "June", 0),
        (r"\bJul\.(?=\s?\d)", "July", 0),
        (r"\bAug\.(?=\s?\d)", "August", 0),
        (r"\bSept?\.(?=\s?\d)", "September", 0),
        (r"\bOct\.(?=\s?\d)", "October", 0),
        (r"\bNov\.(?=\s?\d)", "November", 0),
        (r"\bDec\.(?=\s?\d)", "December", 0),
        (r"\bFig\.", "Figure", 0),
        (r"\b[Nn]o\.(?=\s?\d)", "number", 0),
        (r"\b[Vv]ol\.(?=\s?\d)", "volume", 0),
        (r"\b[Vv]ols\.(?=\s?\d)", "volumes", 0),
        (r"\b(?:[Cc]h|[Cc]hap)\.(?=\s?\d)", "chapter", 0),
        (r"\b[Ss]ec\.(?=\s?\d)", "section", 0),
        (r"\b[Ee]q\.(?=\s?\(?\d)", "equation", 0),
        (r"\b[Ee]qs\.(?=\s?\(?\d)", "equations", 0),
        (r"(?<=\d)\s?ff\.", " and following", 0),
        (r"(?<=\d)\s?ft\.(?=\s+[a-z])", " feet", 0),
        (r"(?<=\d)\s?in\.(?=\s+[a-z])", " inches", 0),
        (r"#(?=\d)", "number ", 0),
        (r"\b(?<=[CF])#", " sharp", 0),
        (r"\bv(?=\d)", "version ", 0),
        (r"(?<=\d)\s?\*\s?(?=\d)", " × ", 0),
        (r"(?<![\w])~\s?(?=\d)", "about ", 0),
    )
]


def _abbr(pattern: re.Pattern, word: str, text: str) -> str:
    def repl(m: re.Match) -> str:
        # keep a sentence-final full stop that the abbreviation swallowed
        end = m.group(0).endswith(".") and _ENDS_TEXT.match(m.string, m.end()) is not None
        return word + ("." if end else "")

    return pattern.sub(repl, text)


def _drop_defined_acronym(m: re.Match) -> str:
    """ "Reinforcement Learning (RL)" → "Reinforcement Learning": a narrator does not read the
    acronym that merely restates the words before it."""
    words, acronym = m.group(1), m.group(2).lower()
    initials = [w[0].lower() for w in re.split(r"[\s-]+", words.strip()) if w]
    for skip_small in (False, True):
        letters = [
            i
            for i, w in zip(initials, re.split(r"[\s-]+", words.strip()))
            if not (skip_small and w.lower() in ("of", "and", "the", "for", "to", "in"))
        ]
        if "".join(letters[-len(acronym) :]) == acronym:
            return words.rstrip() + " "
    return m.group(0)


_PER_LEFT = {
    "km": "kilometres", "m": "metres", "cm": "centimetres", "mm": "millimetres", "mi": "miles",
    "rad": "radians", "kg": "kilograms", "g": "grams", "mg": "milligrams", "mol": "moles",
    "L": "litres", "l": "litres", "mL": "millilitres", "J": "joules", "W": "watts", "N": "newtons",
    "kWh": "kilowatt hours", "ft": "feet", "gal": "gallons", "cal": "calories", "kcal": "kilocalories",
}  # fmt: skip
_PER_RIGHT = {
    "s": "second", "h": "hour", "hr": "hour", "min": "minute", "day": "day", "yr": "year", "m": "metre",
    "L": "litre", "l": "litre", "kg": "kilogram", "g": "gram", "mol": "mole", "m2": "square metre",
    "m3": "cubic metre", "m²": "square metre", "m³": "cubic metre", "s²": "second squared", "s2": "second squared",
}  # fmt: skip
_UNIT_PER_UNIT = re.compile(
    r"(?<![\w/])("
    + "|".join(sorted(map(re.escape, _PER_LEFT), key=len, reverse=True))
    + r")/("
    + "|".join(sorted(map(re.escape, _PER_RIGHT), key=len, reverse=True))
    + r")(?![\w/])"
)
"""A unit per a unit without a number before it (``rad/s``, ``in km/h``): "radians per second", not
"rad or s" (a number before it is read by :mod:`narrate.text.languages.en`)."""

_SYMBOLS = [
    (re.compile(p), w)
    for p, w in (
        (r"<=|≤|=<", " is less than or equal to "),
        (r">=|≥", " is greater than or equal to "),
        (r"!=|≠|=/=", " is not equal to "),
        (r"^\s*(?:=+>|-+>|[→⟶⇒⟹])\s*", ""),  # "=> Search is the answer": an arrow opening a line is not said
        (r"\s*(?:(?<!\S)=+>(?!\S)|[⇒⟹])\s*", "; "),  # "goal => heuristic": a pause between two phrases
        (r"->|=>|→|⟶|⇒|⟹", " to "),
        (r"<-|←", " from "),
        (r"↔|<->|⇔", " and "),
        (r"≈|≃", " approximately "),
        (r"<", " is less than "),
        (r">", " is greater than "),
        (r"={1,3}", " equals "),
        (r"±", " plus or minus "),
        (r"\+", " plus "),
        (r"×", " times "),
        (r"÷", " divided by "),
        (r"(?<=[\w)])\s?\^\s?(?=[\w(-])", " to the power of "),
        (r"²", " squared "),
        (r"³", " cubed "),
        (r"√", " the square root of "),
        (r"∞", " infinity "),
        (r"°\s?C\b", " degrees Celsius "),
        (r"°\s?F\b", " degrees Fahrenheit "),
        (r"°", " degrees "),
        (r"&", " and "),
        (r"§", " section "),
        (r"\b(and|or)/(or|and)\b", r" \1 \2 "),  # "and/or" is said "and or"
        (r"(?<=[a-z])/(?=[a-z])", " or "),
        (r"/", " slash "),
        (r"@", " at "),
        (r"…", "..."),
    )
]
_SYMBOL_NAMES = {
    "~": "tilde",
    "#": "hash",
    "{": "opening brace",
    "}": "closing brace",
    "[": "opening bracket",
    "]": "closing bracket",
    "|": "vertical bar",
    "\\": "backslash",
}
_LONE_SYMBOL = re.compile(r"(?<![^\s(\"'“‘])([~#{}\[\]|\\]+)(?=$|[\s.,;:!?)\"'”’])")
"""Symbols written as a word of their own ("the ~ sign", "use { and }", "{}", an Aiken ``\\{``, a
GIFT ``\\~``): each said by its name (English), where a symbol inside a word is markup left over and
dropped."""


_STREET_TYPES = {
    "St": "Street", "Street": "Street", "Ave": "Avenue", "Avenue": "Avenue", "Rd": "Road", "Road": "Road",
    "Blvd": "Boulevard", "Boulevard": "Boulevard", "Dr": "Drive", "Drive": "Drive", "Ln": "Lane", "Lane": "Lane",
    "Ct": "Court", "Court": "Court", "Pl": "Place", "Place": "Place", "Way": "Way", "Hwy": "Highway",
    "Highway": "Highway", "Pkwy": "Parkway", "Parkway": "Parkway", "Expy": "Expressway", "Ter": "Terrace",
    "Cir": "Circle", "Sq": "Square", "Square": "Square",
}  # fmt: skip
_DIRECTIONS = {"N": "North", "S": "South", "E": "East", "W": "West", "NE": "Northeast", "NW": "Northwest",
               "SE": "Southeast", "SW": "Southwest"}  # fmt: skip
_STREET_ADDRESS = re.compile(
    r"(?<![\w.,$£€#-])(?P<n>[1-9]\d{0,4})\s+(?:(?P<dir>[NSEW]|NE|NW|SE|SW)\.?\s+)?"
    r"(?P<name>(?:[A-Z][a-z]+|\d{1,3}(?:st|nd|rd|th))(?:\s+[A-Z][a-z]+)?)\s+"
    r"(?P<type>" + "|".join(sorted(_STREET_TYPES, key=len, reverse=True)) + r")\b(?P<dot>\.?)",
    re.IGNORECASE,
)
_SERIAL = re.compile(r"(?<![\w.-])(?P<letters>[A-Za-z]{1,6})(?P<digits>\d{3,12})\b(?![.,]\d)")
_DIGITS_AFTER = re.compile(
    r"\b(?P<ctx>ending in|ends in|PIN|OTP|ZIP|zip code|postcode|extension|ext\.)"
    r"(?P<sep>:?\s+(?:is\s+|number\s+)?)(?P<digits>\d{3,12})\b(?![.,]\d)",
    re.IGNORECASE,
)


def _street(m: re.Match) -> str:
    """``"1428 Elm St."`` -> "fourteen twenty-eight Elm Street" (a house number in pairs, as said)."""
    kind = _STREET_TYPES.get(m["type"][:1].upper() + m["type"][1:].lower())
    if kind is None or (m["type"].islower() and not m["name"][:1].isdigit()):
        return m.group(0)
    number = m["n"]
    said = number_name(number) if len(number) in (3, 4) else cardinal(number)
    direction = f"{_DIRECTIONS[m['dir'].upper()]} " if m["dir"] else ""
    rest = m.string[m.end() :].lstrip()
    end = "." if m["dot"] and (not rest or rest[:1].isupper()) else ""  # "Elm St. It was": the sentence ends
    return f"{said} {direction}{m['name']} {kind}{end}"


def serials_and_addresses(text: str) -> str:
    """Numbers that name rather than count: a street address (``"708 N 1st St"`` -> "seven oh eight
    North 1st Street"), digits a listener types one by one (``"card ending in 8876"``, ``"PIN 4417"``),
    and codes of letters then digits (``"ab9453"`` -> "ab nine four five three", ``"A380"`` -> "A three
    eighty")."""
    text = _STREET_ADDRESS.sub(_street, text)
    text = _DIGITS_AFTER.sub(lambda m: f"{m['ctx']}{m['sep']}{' '.join(_DIGITS[int(d)] for d in m['digits'])}", text)

    def serial(m: re.Match) -> str:
        digits = m["digits"]
        named = m["letters"][:1].isupper()  # "FY2024", "A380", "ISO9001": names; "ab9453": a code to type
        if named and len(digits) == 4 and 1900 <= int(digits) <= 2099:
            said = year(digits)
        elif len(digits) == 3 or (named and len(digits) == 4):
            said = number_name(digits)
        else:
            said = " ".join(_DIGITS[int(d)] for d in digits)
        return f"{m['letters']} {said}"

    return _SERIAL.sub(serial, text)


def prepare(text: str) -> str:
    """What must be read before letters and digits are parted and initials spelled: scientific
    notation (:func:`scientific`), an ISO date and time (``2024-05-17T14:30``), clock times, eras and dimensions (:func:`times_and_eras`), street
    addresses, codes and digits said one by one (:func:`serials_and_addresses`)."""
    if not _ANY_DIGIT.search(text):
        return text  # each of these reads digits
    return serials_and_addresses(times_and_eras(scientific(iso_date_times(text, " at ", ("plus", "minus")))))


_STREET_AFTER_NAME = re.compile(r"\b([A-Z][a-z]+) St\.(?!\s+[A-Z][a-z])")
"""``"Main St."``: a street after a name; ``"St. Paul"`` (before a name) is a saint."""


def expand_abbreviations(text: str) -> str:
    """English abbreviations written out (``e.g.`` -> "for example", ``Dr.`` -> "Doctor", ``Fig.`` ->
    "Figure", ``No. 5`` -> "number 5", ``C#`` -> "C sharp", ``Main St.`` -> "Main Street", ``St. Paul``
    -> "Saint Paul"); a sentence-final full stop is kept."""
    text = _STREET_AFTER_NAME.sub(
        lambda m: f"{m.group(1)} Street" + ("." if _ENDS_TEXT.match(m.string, m.end()) else ""), text
    )
    for pattern, word in _ABBR_REPL:
        text = _abbr(pattern, word, text)
    return text


def drop_defined_acronyms(text: str) -> str:
    """ "Reinforcement Learning (RL)" -> "Reinforcement Learning": the acronym that restates the words
    before it is not read."""
    return _DEFINED_ACRONYM.sub(_drop_defined_acronym, text)


def rates_without_number(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A unit per a unit with no number before it (``rad/s``, ``in km/h``): "radians per second"
    (US spelling where :func:`us_english`)."""
    spell = us_spelling if us_english(language) else str
    return _UNIT_PER_UNIT.sub(lambda m: spell(f"{_PER_LEFT[m.group(1)]} per {_PER_RIGHT[m.group(2)]}"), text)


def symbols(text: str) -> str:
    """Symbols in words: a symbol standing alone is named ("the ~ sign" -> "the tilde sign"), math and
    other signs are said (``<=`` -> "is less than or equal to", ``±``, ``×``, ``°C``, ``&``, ``/``)."""
    text = _LONE_SYMBOL.sub(lambda m: " " + " ".join(_SYMBOL_NAMES[c] for c in m.group(1)) + " ", text)
    for pattern, word in _SYMBOLS:
        text = pattern.sub(word, text)
    return text


@dataclass(frozen=True)
class English(Language):
    """English behind the same interface as the other languages: its rules are this module's own
    functions rather than a table for the shared machinery."""

    def prepare(self, text: str, tag: str) -> str:
        return prepare(text)

    def expand_abbreviations(self, text: str, tag: str) -> str:
        text = _EXTENSION.sub("extension ", _WEEKDAY_RANGE.sub(_weekday_range, text))
        return expand_abbreviations(text)

    def verbalize(self, text: str, tag: str) -> str:
        return verbalize_numbers(text, tag)

    def symbols(self, text: str, tag: str) -> str:
        return symbols(rates_without_number(text, tag))

    def chemistry(self, text: str, tag: str) -> str:
        return chemistry(text, cardinal)

    def abbreviations(self, tag: str) -> set[str]:
        return set()

    def ordinal_dot(self, text: str, dot: int, tag: str) -> bool:
        return False


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "not double equal",
    "shebang": "shebang",
    "triple equal": "triple equal",
    "star star": "star star",
    "slash slash": "slash slash",
    "not equal": "not equal",
    "double equal": "double equal",
    "less or equal": "less or equal",
    "greater or equal": "greater or equal",
    "arrow": "arrow",
    "fat arrow": "fat arrow",
    "left arrow": "left arrow",
    "and and": "and and",
    "or or": "or or",
    "double greater than": "double greater than",
    "double less than": "double less than",
    "plus equals": "plus equals",
    "minus equals": "minus equals",
    "double colon": "double colon",
    "star": "star",
    "dot": "dot",
    "dollar": "dollar",
    "equals": "equals",
    "less than": "less than",
    "greater than": "greater than",
    "plus": "plus",
    "dash": "dash",
    "slash": "slash",
    "backslash": "backslash",
    "underscore": "underscore",
    "hash": "hash",
    "at": "at",
    "percent": "percent",
    "ampersand": "ampersand",
    "pipe": "pipe",
    "tilde": "tilde",
    "caret": "caret",
    "open paren": "open paren",
    "close paren": "close paren",
    "open bracket": "open bracket",
    "close bracket": "close bracket",
    "open brace": "open brace",
    "close brace": "close brace",
    "quote": "quote",
    "backtick": "backtick",
    "colon": "colon",
    "semicolon": "semicolon",
    "comma": "comma",
    "question mark": "question mark",
    "bang": "bang",
    "minus": "minus",
    "of": "of",
    "and": "and",
    "with": "with",
    "dunder": "dunder",
    "point": "point",
    "in braces": "in braces",
    "in double braces": "in double braces",
    "in brackets": "in brackets",
    "in parentheses": "in parentheses",
    "empty braces": "empty braces",
    "empty brackets": "empty brackets",
    "empty parentheses": "empty parentheses",
    "empty string": "an empty string",
    "the list": "the list",
    "the list of lists": "the list of lists",
    "item": "item",
    "and so on": "and so on",
    "up to": "up to",
    "something": "something",
    "the output of": "the output of",
    "the value of": "the value of",
    "blank": "blank",
    "times": "times",
    "divided by": "divided by",
    "modulo": "modulo",
    "count times": "times",
    "to": "to",
    "or more": "or more",
    "or": "or",
}
"""How code's symbols are said in English (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "implies",
    "iff": "if and only if",
    "if": "if",
    "otherwise": "otherwise",
    "limit": "the limit as {v} approaches {a} of",
    "from_to": "evaluated from {a} to {b}",
    "at": "evaluated at {a}",
    "matrix": "the {r} by {c} matrix with rows",
    "column": "the column vector",
    "row": "the row vector",
    "and": "and",
    "celsius": "degrees Celsius",
    "fahrenheit": "degrees Fahrenheit",
    "times": "times",
    "tends": "tends to",
    "so": "so",
    "right": "to the right",
    "left": "to the left",
    "up": "upwards",
    "down": "downwards",
    "clockwise": "clockwise",
    "anticlockwise": "anticlockwise",
    "quantity": "the quantity {x}",
    "interval": "the interval from {a} to {b}",
    "member": "is a member of|is not a member of|is in|is not in",
    "power": "squared|cubed|to the|raised to the|transpose",
    "big": "integral|sum|product",
    "sre open": "open paren|open bracket",
    "sre close": "close paren|close bracket",
    "sre of": "of",
    "sre comma": "comma",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees; "so"
between two statements (``a = 0 \\rightarrow b = 1``); a direction in brackets (``(→)``: "right",
"left", "up", "down", "clockwise", "anticlockwise"); brackets around a group ("quantity": ``(a+b)^2``,
"interval": ``x \\in [0, 1]`` after a "member" phrase; a group after "of" is a function's arguments
unless a "power" follows it or the "of" is a "big" operator's: "the integral of the quantity ...");
and how speech-rule-engine says brackets,
"of" and the comma in this language ("sre open", "sre close": alternatives parted by "|"), so that a
function's arguments are read without them ("p of x and t")."""


LANGUAGE = English(
    code="en",
    math_words=MATH_WORDS,
    math_style="VerticalLine_Given",
    symbol_words=SYMBOL_WORDS,
    name="English",
    iso639_2="eng",
    quiz=QuizWords(
        quiz_headings=(
            "check yourself",
            "test yourself",
            "quiz",
            "self[- ]check",
            "knowledge check",
            "practice( questions)?",
            "review questions",
            "questions",
        ),
        next_headings=(
            "keep going",
            "what'?s next",
            "next up",
            "up next",
            "continue learning",
            "next lessons?",
            "coming up",
        ),
        answer=("(correct )?answer",),
        explanation=("explanation",),
        question=("question",),
        lesson=("lesson", "of"),
        asking=(
            "what|which|who|whom|whose|when|where|why|how|is|are|am|was|were|do|does|did|can",
            "could|should|would|will|shall|may|might|must|has|have|had",
            "(?:is|are|was|were|do|does|did|can|could|should|would|wo|has|have)n['’]t",
        ),
    ),
    asr_normaliser="english",
    engine_reads_symbols=False,
)
"""English: the one object narrate asks about the language (see :class:`Language`)."""
