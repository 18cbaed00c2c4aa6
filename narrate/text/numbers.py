"""Numbers in written text -> words, for :mod:`narrate.text.normalize`.

Pure functions over strings. Cardinals, ordinals and years come from ``num2words`` (English, its
default British style: "one hundred and five", years "nineteen forty-five", "two thousand and five");
commas that ``num2words`` puts inside long numbers are removed so the engine does not pause there.

:func:`verbalize_numbers` rewrites every number in a string, in this order: ISO dates, currency,
clock times, years in context, decades, version strings, ranges, ordinals, then plain numbers with
their suffix (``%``, ``K/M/B/T`` scale, ``x``, ``°C``, units).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from num2words import num2words

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
# unit -> (singular, plural); only recognised right after a number
_UNITS = {
    "km/h": ("kilometre per hour", "kilometres per hour"),
    "mph": ("mile per hour", "miles per hour"),
    "km": ("kilometre", "kilometres"),
    "cm": ("centimetre", "centimetres"),
    "mm": ("millimetre", "millimetres"),
    "kg": ("kilogram", "kilograms"),
    "mg": ("milligram", "milligrams"),
    "ms": ("millisecond", "milliseconds"),
    "GB": ("gigabyte", "gigabytes"),
    "MB": ("megabyte", "megabytes"),
    "TB": ("terabyte", "terabytes"),
    "KB": ("kilobyte", "kilobytes"),
    "kB": ("kilobyte", "kilobytes"),
    "GHz": ("gigahertz", "gigahertz"),
    "MHz": ("megahertz", "megahertz"),
    "kHz": ("kilohertz", "kilohertz"),
    "Hz": ("hertz", "hertz"),
    "kWh": ("kilowatt hour", "kilowatt hours"),
    "kW": ("kilowatt", "kilowatts"),
    "MW": ("megawatt", "megawatts"),
    "GW": ("gigawatt", "gigawatts"),
    "mW": ("milliwatt", "milliwatts"),
    "W": ("watt", "watts"),
    "Wh": ("watt hour", "watt hours"),
    "V": ("volt", "volts"),
    "mV": ("millivolt", "millivolts"),
    "kV": ("kilovolt", "kilovolts"),
    "mAh": ("milliamp hour", "milliamp hours"),
    "Ah": ("amp hour", "amp hours"),
    "mA": ("milliamp", "milliamps"),
    "nm": ("nanometre", "nanometres"),
    "m": ("metre", "metres"),
    "L": ("litre", "litres"),
    "mL": ("millilitre", "millilitres"),
    "ml": ("millilitre", "millilitres"),
    "g": ("gram", "grams"),
    "kJ": ("kilojoule", "kilojoules"),
    "kcal": ("kilocalorie", "kilocalories"),
    "kPa": ("kilopascal", "kilopascals"),
    "oz": ("ounce", "ounces"),
    "lb": ("pound", "pounds"),
    "lbs": ("pound", "pounds"),
    "min": ("minute", "minutes"),
    "mins": ("minute", "minutes"),
    "hr": ("hour", "hours"),
    "hrs": ("hour", "hours"),
    "sec": ("second", "seconds"),
    "mg/L": ("milligram per litre", "milligrams per litre"),
    "g/L": ("gram per litre", "grams per litre"),
    "m/s": ("metre per second", "metres per second"),
}
_DIMENSIONS = re.compile(r"(?<=\d)\s+x\s+(?=\d)")  # "2 x 3 tiles" → "2 by 3 tiles"
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
)

_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_ISO_DATE = re.compile(r"(?<![\w.-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])")
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
_RATIO = re.compile(r"(?<![\w:.])(\d+):(\d+)(?![\w:])")
_YEAR_CTX = re.compile(
    r"\b(?P<ctx>(?:" + "|".join(_YEAR_CONTEXT) + "|" + "|".join(_MONTHS) + r")(?:\s+\d{1,2}(?:st|nd|rd|th)?,)?)"
    r"\s+(?P<y>1[1-9]\d\d|20\d\d)(?:\s?[–-]\s?(?P<y2>\d{4}|\d\d))?(?![\w%.,]\d|[\w%$°])",
    re.IGNORECASE,
)
_YEAR_RANGE = re.compile(r"(?<![\w.,-])(1[1-9]\d\d|20\d\d)\s?[–-]\s?(1[1-9]\d\d|20\d\d)(?![\w%°]|[.,]\d)")
_DECADE = re.compile(r"(?<![\w.,])(?:(1[1-9]\d0|20\d0)|'(\d0))s\b")
_MONTH_DAY = re.compile(r"\b(" + "|".join(_MONTHS) + r")\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!:)")
_VERSION = re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?![\w])")
_RANGE = re.compile(r"(?<![\w.,-])(" + _NUM + r")(?:\s?–\s?|-)(?=\d|\.\d)")
_MINUS = re.compile(r"(?:^|(?<=[\s(=^]))-(?=\s?\.?\d)|−")
_ORDINAL = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(st|nd|rd|th)\b", re.IGNORECASE)
_FRACTION = re.compile(r"(?<![\w./])(\d+)/(\d+)(?![\w/]|\.\d)")
_NUMBER = re.compile(
    r"(?<![\w])(?P<num>" + _NUM + r")"
    r"(?P<suf>\s?%|\s?(?:thousand|million|billion|trillion)\b|(?:bn|[kKMBT])(?![\w])|x(?![\w])"
    r"|\s?°\s?[CF]?(?![a-z])|\s?(?:"
    + "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
    + r")(?![\w]))?(?P<hyph>-(?=[A-Za-z]))?"
)

_FRACTIONS = {
    (1, 2): "one half",
    (1, 3): "one third",
    (2, 3): "two thirds",
    (1, 4): "one quarter",
    (3, 4): "three quarters",
}


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


def _plural_decade(words: str) -> str:
    if words.endswith("y"):
        return words[:-1] + "ies"
    return words + "s"


def _is_one(num: str) -> bool:
    try:
        return Decimal(num.replace(",", "")) == 1
    except InvalidOperation:
        return False


def _iso_date(m: re.Match) -> str:
    y, mo, d = m.groups()
    return f"{_MONTHS[int(mo) - 1]} {ordinal(d)}, {year(y)}"


def _currency(m: re.Match) -> str:
    one, many, sub_one, sub_many = _CURRENCY[m["sym"]]
    num, num2 = m["num"], m["num2"]
    scale = m["word"] or _SCALE.get(m["suf"] or "", "")
    if num2:
        return f"{decimal(num)} to {decimal(num2)} {scale} {many}"
    if not scale:
        whole, _, frac = num.partition(".")
        if len(frac) == 2:  # $1.50: money with cents
            parts = []
            if whole.strip("0,"):
                parts.append(f"{cardinal(whole)} {one if _is_one(whole) else many}")
            if int(frac):
                parts.append(f"{cardinal(str(int(frac)))} {sub_one if int(frac) == 1 else sub_many}")
            return " and ".join(parts) or f"zero {many}"
        return f"{decimal(num)} {one if _is_one(num) else many}"
    return f"{decimal(num)} {scale} {many}"


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


def _hms(m: re.Match) -> str:
    h, mi, s = (int(x) for x in m.groups())
    parts = [(h, "hour"), (mi, "minute"), (s, "second")]
    return " ".join(f"{cardinal(str(v))} {u}{'' if v == 1 else 's'}" for v, u in parts if v) or "zero seconds"


def _year_ctx(m: re.Match) -> str:
    ctx, y, y2 = m["ctx"], m["y"], m["y2"]
    words = f"{ctx} {year(y)}"
    if y2:
        words += " to " + (year(y2) if len(y2) == 4 else cardinal(y2))
    return words


def _fraction(m: re.Match) -> str:
    a, b = int(m.group(1)), int(m.group(2))
    if (a, b) == (24, 7):
        return "twenty-four seven"
    if (a, b) in _FRACTIONS:
        return _FRACTIONS[(a, b)]
    return f"{cardinal(m.group(1))} over {cardinal(m.group(2))}"


def _number(m: re.Match) -> str:
    num, suf = m["num"], (m["suf"] or "").strip()
    words = decimal(num)
    if suf == "%":
        words += " percent"
    elif suf in _SCALE:
        words += " " + _SCALE[suf]
    elif suf in ("thousand", "million", "billion", "trillion"):
        words += " " + suf
    elif suf == "x":
        words += " times"
    elif suf.startswith("°"):
        unit = suf[-1] if suf[-1] in "CF" else ""
        words += " degree" if _is_one(num) else " degrees"
        words += {"C": " Celsius", "F": " Fahrenheit", "": ""}[unit]
    elif suf in _UNITS:
        singular = (
            _is_one(num)
            or (m["hyph"] is not None)
            or (
                _DETERMINER_BEFORE.search(m.string, max(0, m.start() - _LOOK_BACK), m.start())
                and _ATTRIBUTIVE.match(m.string, m.end())
            )
        )
        words += " " + _UNITS[suf][0 if singular else 1]
    return words + _gap(m)


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


def verbalize_numbers(text: str) -> str:
    """Rewrite every number in ``text`` as words; other text is left as it is.

    ``"$1.5 million"`` -> ``"one point five million dollars"``; ``"in 1945"`` -> ``"in nineteen
    forty-five"``; ``"9 a.m."`` -> ``"nine AM"``; ``"10:30"`` -> ``"ten thirty"``; ``"2–3"`` -> ``"two
    to three"``; ``"2.8T-parameter"`` -> ``"two point eight trillion parameter"``; ``"21st"`` ->
    ``"twenty-first"``; ``"45%"`` -> ``"forty-five percent"``. The result may contain doubled spaces.
    """
    text = _DIMENSIONS.sub(" by ", text)
    text = _ISO_DATE.sub(_iso_date, text)
    text = _CURRENCY_RE.sub(lambda m: _currency(m) + _gap(m), text)
    text = _HMS.sub(_hms, text)
    text = _CLOCK.sub(_clock, text)
    text = _RATIO.sub(lambda m: f"{cardinal(m.group(1))} to {cardinal(m.group(2))}", text)
    text = _YEAR_CTX.sub(_year_ctx, text)
    text = _YEAR_RANGE.sub(lambda m: f"{year(m.group(1))} to {year(m.group(2))}", text)
    text = _DECADE.sub(lambda m: _plural_decade(year(m.group(1)) if m.group(1) else cardinal(m.group(2))), text)
    text = _MONTH_DAY.sub(lambda m: f"{m.group(1)} {ordinal(m.group(2))}", text)
    text = _VERSION.sub(lambda m: " point ".join(cardinal(p) for p in m.group(0).split(".")), text)
    text = _FRACTION.sub(_fraction, text)
    text = _RANGE.sub(lambda m: f"{m.group(1)} to ", text)
    text = _MINUS.sub(" minus ", text)
    text = _ORDINAL.sub(lambda m: ordinal(m.group(1)), text)
    return _NUMBER.sub(_number, text)
