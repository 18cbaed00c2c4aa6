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
import unicodedata
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
    "Ω": ("ohm", "ohms"),
    "kΩ": ("kilohm", "kilohms"),
    "MΩ": ("megohm", "megohms"),
    "µF": ("microfarad", "microfarads"),
    "μF": ("microfarad", "microfarads"),
    "uF": ("microfarad", "microfarads"),
    "nF": ("nanofarad", "nanofarads"),
    "pF": ("picofarad", "picofarads"),
    "ft": ("foot", "feet"),
    "mg/L": ("milligram per litre", "milligrams per litre"),
    "g/L": ("gram per litre", "grams per litre"),
    "m/s": ("metre per second", "metres per second"),
    "m/s²": ("metre per second squared", "metres per second squared"),
    "kN": ("kilonewton", "kilonewtons"),
}
_SPACED_UNITS = {
    "h": ("hour", "hours"),
    "s": ("second", "seconds"),
    "A": ("amp", "amps"),
    "N": ("newton", "newtons"),
    "J": ("joule", "joules"),
}
"""One-letter units, read only after a number and a space ("2 h", "30 s", "5 A", "12 N", "4 J"): written
together they are other things ("the 90s", "in your 30s", "2A" as a grade)."""
_UNITS.update(_SPACED_UNITS)
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
    + "|".join(re.escape(u) for u in sorted(set(_UNITS) - set(_SPACED_UNITS), key=len, reverse=True))
    + r")(?![\w])|\s(?:"
    + "|".join(_SPACED_UNITS)
    + r")(?![\w'’]))?(?P<hyph>-(?=[A-Za-z]))?"
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


def _is_one(num: str) -> bool:
    try:
        return Decimal(num.replace(",", "")) == 1
    except InvalidOperation:
        return False


def _iso_date(m: re.Match) -> str:
    y, mo, d = m.groups()
    return f"{_MONTHS[int(mo) - 1]} {ordinal(d)}, {year(y)}"


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


def verbalize_numbers(text: str, language: str = "en-us") -> str:
    """Rewrite every number in ``text`` as words; other text is left as it is.

    ``language`` is the course's BCP 47 tag (``en-us``, ``en-gb``, ``de``...): it decides the order of
    day and month in a numeric date (``03/04/2025``); the words themselves are English for now.

    ``"$1.5 million"`` -> ``"one point five million dollars"``; ``"in 1945"`` -> ``"in nineteen
    forty-five"``; ``"9 a.m."`` -> ``"nine AM"``; ``"10:30"`` -> ``"ten thirty"``; ``"2–3"`` -> ``"two
    to three"``; ``"2.8T-parameter"`` -> ``"two point eight trillion parameter"``; ``"21st"`` ->
    ``"twenty-first"``; ``"45%"`` -> ``"forty-five percent"``. The result may contain doubled spaces.
    """
    text = _PAGE.sub(lambda m: "pages " if m.group(1).lower() == "pp" else "page ", text)
    text = roman_numerals(text)
    text = unicode_fractions(text)
    text = phone_numbers(text)
    text = numeric_dates(text, language)
    text = _SCIENTIFIC.sub(
        lambda m: (
            f"{m.group(1)} times ten to the power of {'minus ' if m.group(2) in '-−' and m.group(2) else ''}"
            f"{m.group(3)}"
        ),
        text,
    )
    text = _TIMES_TEN.sub(" times 10^", text)
    text = _DIMENSIONS.sub(" by ", text)
    text = _ISO_DATE.sub(_iso_date, text)
    text = currencies(text)
    text = _CURRENCY_RE.sub(lambda m: _currency(m) + _gap(m), text)
    text = _HMS.sub(_hms, text)
    text = _CLOCK.sub(_clock, text)
    text = _RATIO.sub(lambda m: f"{cardinal(m.group(1))} to {cardinal(m.group(2))}", text)
    text = _YEAR_CTX.sub(_year_ctx, text)
    text = years_in_context(text)
    text = _YEAR_RANGE.sub(lambda m: f"{year(m.group(1))} to {year(m.group(2))}", text)
    text = decades_and_plurals(text)
    text = _MONTH_DAY.sub(lambda m: f"{m.group(1)} {ordinal(m.group(2))}", text)
    text = _VERSION.sub(lambda m: " point ".join(cardinal(p) for p in m.group(0).split(".")), text)
    text = _MIXED_FRACTION.sub(_mixed_fraction, text)
    text = _FRACTION.sub(_fraction, text)
    text = _RANGE.sub(lambda m: f"{m.group(1)} to ", text)
    text = _MINUS.sub(" minus ", text)
    text = _ORDINAL.sub(lambda m: ordinal(m.group(1)), text)
    return _NUMBER.sub(_number, text)


# ================================================================== more kinds (issue 13)
# Each kind is one table and one function, so that a language can get its own table later.

DEFAULT_LANGUAGE = "en-us"

# ------------------------------------------------------------------ fractions
_UNICODE_FRACTION = re.compile(r"(?:(\d+)\s?)?([\u00bc-\u00be\u2150-\u215e\u2189])")
_FRACTION_SLASH = re.compile(r"(?<=\d)\u2044(?=\d)")
_MIXED_FRACTION = re.compile(r"(?<![\w./,])(\d+)\s+(\d{1,2})/(\d{1,2})(?![\w/]|\.\d)")
_DENOMINATORS = {2: ("half", "halves"), 4: ("quarter", "quarters")}


def unicode_fractions(text: str) -> str:
    """``"½"`` -> ``"1/2"``, ``"2½"`` -> ``"2 1/2"``, ``"1⁄3"`` (fraction slash) -> ``"1/3"``: vulgar
    fraction characters as ASCII fractions, for the fraction rules to read."""

    def repl(m: re.Match) -> str:
        num, _, den = unicodedata.normalize("NFKD", m.group(2)).partition("\u2044")
        return f"{m.group(1)} {num}/{den}" if m.group(1) else f"{num}/{den}"

    return _UNICODE_FRACTION.sub(repl, _FRACTION_SLASH.sub("/", text))


def fraction_words(numerator: int, denominator: int, after_whole: bool = False) -> str:
    """``(3, 4)`` -> ``"three quarters"``, ``(5, 8)`` -> ``"five eighths"``, ``(1, 2, after_whole=True)``
    -> ``"a half"`` (as in "two and a half"); denominators above 10 -> ``"7 over 16"`` in words."""
    if not 2 <= denominator <= 10:
        return f"{cardinal(str(numerator))} over {cardinal(str(denominator))}"
    one, many = _DENOMINATORS.get(denominator) or (ordinal(str(denominator)), ordinal(str(denominator)) + "s")
    if numerator == 1:
        return f"{('an' if one[0] in 'aeiou' else 'a') if after_whole else 'one'} {one}"
    return f"{cardinal(str(numerator))} {many}"


def _mixed_fraction(m: re.Match) -> str:
    whole, a, b = m.group(1), int(m.group(2)), int(m.group(3))
    if not 0 < a < b:
        return m.group(0)
    return f"{cardinal(whole)} and {fraction_words(a, b, after_whole=True)}"


# ------------------------------------------------------------------ phone numbers
_PHONE_CONTEXT = r"(?:call|phone|dial|tel|telephone|fax|text|ring|mobile|cell|hotline|helpline|number|no\.)"
_PHONE = re.compile(
    r"(?<![\w+/.,-])(?:"
    r"(?P<intl>\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){1,6})"  # +44 20 7946 0958, +1-555-123-4567
    r"|(?P<paren>\(\d{3}\)\s?\d{3}[ .-]\d{4})"  # (555) 123-4567
    r"|(?P<three>\d{3}([.-])\d{3}\4\d{4})"  # 555-123-4567, 555.123.4567
    r"|(?P<zero>\d{3}-0\d{3})"  # 555-0142: a range never ends in a number with a leading zero
    r"|(?P<ctx>\b" + _PHONE_CONTEXT + r":?\s+)(?P<local>\d{3}-\d{4})"  # "Call 555-1234"
    r")(?![\w-]|[.,]\d)",
    re.IGNORECASE,
)


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

    return _PHONE.sub(repl, text)


# ------------------------------------------------------------------ numeric dates
# Regions that write the month first (03/15/2024); every other region writes the day first.
MONTH_FIRST_REGIONS = frozenset({"us", "ph", "fm", "mh", "pw", "gu", "as", "mp", "pr", "vi", "um", "ca"})
# A language tag without a region: does it write the month first? (English follows en-us, the default.)
MONTH_FIRST_LANGUAGES = frozenset({"en"})
_NUMERIC_DATE = re.compile(
    r"(?<![\w./,:-])(\d{1,2})(?:(/)(\d{1,2})/(\d{4}|\d{2})|([.-])(\d{1,2})\5(\d{4}))(?![\w/]|[.,:-]\d)"
)


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
        return f"{decimal(num)} to {decimal(num2)} {scale} {many}".replace("  ", " ")
    if scale:
        return f"{decimal(num)} {scale} {many}"
    whole, _, frac = num.partition(".")
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


_PLURAL_CONTEXT = r"(?:the|their|his|her|my|your|our|its|early|mid|late|mid-|in|of|and|or|two|three|four|all)"
_DECADES = re.compile(
    r"(?<![\w.,$£€])(?:(?P<full>1[1-9]\d0|20\d0)['’]?s\b"  # 1980s, 1980's
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
    r"\b(?P<kw>" + "|".join(re.escape(k) for k in ROMAN_AFTER) + r")\s+" + _ROMAN_TOKEN + r"(?![\w'’-])"
)
_ROMAN_REGNAL = re.compile(r"\b(?P<name>" + "|".join(REGNAL_NAMES) + r")\s+" + _ROMAN_TOKEN + r"(?![\w'’-])")
# after "Name I", these words make "I" the pronoun ("Thank you Henry I think"), not "the first"
_PRONOUN_I_NEXT = re.compile(
    r"\s*(?:['’](?:m|ve|d|ll)\b|(?:am|think|know|want|will|would|can|could|should|have|do|don't|did|said|told|"
    r"saw|met|love|like|guess|mean|feel|hope|believe|need|must|might|may)\b)"
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
    monarch's or pope's name of :data:`REGNAL_NAMES` (``"Henry VIII"`` -> ``"Henry the eighth"``;
    ``"Charles I was"`` -> ``"Charles the first was"``, but not before "think", "am", "'m"...). A lone ``C``, ``D``, ``L`` or ``M``
    is a letter ("Type C"); the pronoun "I", "Vitamin C" and "Plan B" are never touched."""

    def keyword(m: re.Match) -> str:
        value = roman_value(m["r"])
        if not value or m["r"] in ("C", "D", "L", "M"):
            return m.group(0)
        return f"{m['kw']} {cardinal(str(value))}"

    def regnal(m: re.Match) -> str:
        value = roman_value(m["r"])
        if not value or m["r"] in ("C", "D", "L", "M"):
            return m.group(0)
        if m["r"] == "I" and _PRONOUN_I_NEXT.match(m.string, m.end()):
            return m.group(0)
        return f"{m['name']} the {ordinal(str(value))}"

    return _ROMAN_REGNAL.sub(regnal, _ROMAN_KEYWORD.sub(keyword, text))
