"""Swedish: ordinals ``21:a``/``3:e``, a day before a month said as an ordinal ("den tredje maj"),
decimals digit by digit, kronor and öre joined by "och" (and a price "199:-"), "hundra" and
"tusen" without "ett", years in hundreds ("nittonhundranittio", "1990-talet" →
"nittonhundranittiotalet"), "kl. 17.30", fractions "en halv", "tre fjärdedelar", "två och en
halv", ranges "tio till femton", telephone numbers in their groups ("noll åtta, sju åtta nio,
femtiotvå, tjugofem"), kings "Karl XII" → "Karl den tolfte" ("Karl XII:s" → "den tolftes")."""

from __future__ import annotations

import re

from num2words import num2words

from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import (
    Rules,
    UnitTable,
    data_units,
    electric_and_data,
    family,
    kitchen_units,
    unit_table,
)


def number_fix(words: str) -> str:
    """num2words' Swedish → as said: "etttusen" → "tusen", "etthundra" → "hundra" (a leading "ett"
    is not said), "tjugode" → "tjugonde"."""
    words = re.sub(r"^ett(?=hundra|tusen)", "", words)
    words = words.replace("ettt", "ett")  # "hundraetttusen": three t's where Swedish writes two
    return re.sub(r"tjugode\b", "tjugonde", words)


def _say(n: int) -> str:
    return number_fix(num2words(n, lang="sv"))


def year(n: int) -> str:
    """A year: 1100-1999 in hundreds ("nittonhundranittio", "sjuttonhundraarton"), others as numbers
    ("tvåtusentjugosex")."""
    if 1100 <= n < 2000:
        rest = n % 100
        return _say(n // 100) + "hundra" + (_say(rest) if rest else "")
    return _say(n)


def _ordinal(n: int) -> str:
    return number_fix(num2words(n, lang="sv", to="ordinal"))


def _part(denominator: int) -> str:
    """ "tredjedel", "fjärdedel", "åttondel", "sjundedel", "hundradel" (without the plural)."""
    word = _ordinal(denominator)
    if word.endswith(("nde", "ade")) and not word.endswith("sjunde"):
        return word + "l"  # "åttonde" → "åttondel", "hundrade" → "hundradel"
    return word + "del"


def fraction(whole: int | None, numerator: int, denominator: int, after: str) -> str:
    """ "1/2" → "en halv", "3/4" → "tre fjärdedelar", "1/3" → "en tredjedel", "2 1/2" → "två och en
    halv", "1 1/2" → "en och en halv"."""
    if denominator == 2:
        said = "en halv"
    elif numerator == 1:
        said = "en " + _part(denominator)
    else:
        said = f"{_say(numerator)} {_part(denominator)}ar"
    if whole is None:
        return said
    return ("en" if whole == 1 else _say(whole)) + " och " + said


def respell(text: str) -> str:
    """ "nittonhundranittio-talet" → "nittonhundranittiotalet": a decade ("1990-talet", "80-talet")
    is one word once its number is in words."""
    return re.sub(r"(?<=[^\W\d_])-(?=tal(?:et|ets|en|s)?\b)", "", text)


def clock_time(hours: int, minutes: int) -> str:
    """ "14:30" → "fjorton och trettio", "18:05" → "arton noll fem", "9:00" → "nio"."""
    if minutes == 0:
        return _say(hours)
    if minutes < 10:
        return f"{_say(hours)} noll {_say(minutes)}"
    return f"{_say(hours)} och {_say(minutes)}"


_ROMAN_NOUNS = frozenset("kapitel del delen avsnitt band akt akten scen bilaga volym nummer".split())


def roman(value: int, before: str) -> str | None:
    """ "kapitel IV" → "kapitel fyra", "del II" → "del två"; other words: as written."""
    return _say(value) if before.lower() in _ROMAN_NOUNS else None


def regnal(value: int, name: str, before: str) -> str | None:
    """ "Karl XII" → "den tolfte", "Gustav II Adolf" → "den andre" (a king's ordinal, masculine:
    "förste", "andre")."""
    if name.lower() in _ROMAN_NOUNS:
        return roman(value, name)
    if value > 39 or name.isupper():  # "vitamin C", "en CD": not a number
        return None
    said = re.sub(r"första$", "förste", _ordinal(value))
    return "den " + re.sub(r"andra$", "andre", said)


_UNITS: UnitTable = {
    "°": ("en grad", "grader"),  # a bare degree is not "Celsius": "6° ute"
    "°F": ("en grad Fahrenheit", "grader Fahrenheit"),
    "‰": ("en promille", "promille"),
    "mph": ("en engelsk mil i timmen", "engelska mil i timmen"),
    "mi": ("en engelsk mil", "engelska mil"),
    "oz": ("ett uns", "uns"),
    "lb": ("ett pund", "pund"),
    "ft": ("en fot", "fot"),
    "µm": ("en mikrometer", "mikrometer"),
    "μm": ("en mikrometer", "mikrometer"),
    "µg": ("ett mikrogram", "mikrogram"),
    "μg": ("ett mikrogram", "mikrogram"),
    "µs": ("en mikrosekund", "mikrosekunder"),
    "μs": ("en mikrosekund", "mikrosekunder"),
    "ns": ("en nanosekund", "nanosekunder"),
    "m²": ("en kvadratmeter", "kvadratmeter"),
    "km²": ("en kvadratkilometer", "kvadratkilometer"),
    "cm²": ("en kvadratcentimeter", "kvadratcentimeter"),
    "mm²": ("en kvadratmillimeter", "kvadratmillimeter"),
    "m³": ("en kubikmeter", "kubikmeter"),
    "cm³": ("en kubikcentimeter", "kubikcentimeter"),
    "dm³": ("en kubikdecimeter", "kubikdecimeter"),
    "ha": ("ett hektar", "hektar"),
    "t": ("ett ton", "ton"),
    "cl": ("en centiliter", "centiliter"),
    "cL": ("en centiliter", "centiliter"),
    "dl": ("en deciliter", "deciliter"),
    "dL": ("en deciliter", "deciliter"),
    "msk": ("en matsked", "matskedar"),
    "tsk": ("en tesked", "teskedar"),
    "krm": ("ett kryddmått", "kryddmått"),
    "tim": ("en timme", "timmar"),
    "Pa": ("en pascal", "pascal"),
    "hPa": ("en hektopascal", "hektopascal"),
    "kPa": ("en kilopascal", "kilopascal"),
    "dB": ("en decibel", "decibel"),
    "kcal": ("en kilokalori", "kilokalorier"),
}

RULES = Rules(
    code="sv",
    thousands="\u00a0\u202f ",
    decimal_word="komma",
    months=tuple("januari februari mars april maj juni juli augusti september oktober november december".split()),
    units=unit_table(
        _UNITS,
        kitchen_units(
            ("ett gram", "gram"),
            ("ett kilo", "kilo"),
            ("en liter", "liter"),
            ("en milliliter", "milliliter"),
            ("en kilometer", "kilometer"),
            ("en meter", "meter"),
            ("en centimeter", "centimeter"),
            ("en millimeter", "millimeter"),
            ("en grad Celsius", "grader Celsius"),
            ("en timme", "timmar"),
            ("en minut", "minuter"),
            ("en sekund", "sekunder"),
            ("en kilometer i timmen", "kilometer i timmen"),
        ),
        electric_and_data(
            ("en", "ett"),
            {
                **family("V", "m", "volt"),
                **family("W", "m", "watt"),
                **family("Hz", "m", "hertz"),
                **family("Wh", "m", "wattimme", "wattimmar"),
                "mA": ("m", "milliampere", "milliampere"),
                "Ah": ("m", "amperetimme", "amperetimmar"),
                "mAh": ("m", "milliamperetimme", "milliamperetimmar"),
                **data_units("m", "byte"),
                "mg": ("f", "milligram", "milligram"),
                "ms": ("m", "millisekund", "millisekunder"),
                "nm": ("m", "nanometer", "nanometer"),
                "N": ("m", "newton", "newton"),
                "kN": ("m", "kilonewton", "kilonewton"),
                "m/s": ("m", "meter per sekund", "meter per sekund"),
                "m/s²": ("m", "meter per sekundkvadrat", "meter per sekundkvadrat"),
                "J": ("m", "joule", "joule"),
                "kJ": ("m", "kilojoule", "kilojoule"),
            },
        ),
    ),
    money={
        "kr": ("en krona", "kronor", "ett öre", "öre", "och"),
        "SEK": ("en krona", "kronor", "ett öre", "öre", "och"),
        ":-": ("en krona", "kronor", "ett öre", "öre", "och"),  # a price: "199:-"
        "€": ("en euro", "euro", "en cent", "cent", "och"),
        "$": ("en dollar", "dollar", "en cent", "cent", "och"),
        "£": ("ett pund", "pund", "en penny", "pence", "och"),
    },
    abbreviations={
        "t.ex.": "till exempel",
        "t. ex.": "till exempel",
        "bl.a.": "bland annat",
        "d.v.s.": "det vill säga",
        "dvs.": "det vill säga",
        "osv.": "och så vidare",
        "o.s.v.": "och så vidare",
        "m.m.": "med mera",
        "m.fl.": "med flera",
        "fr.o.m.": "från och med",
        "t.o.m.": "till och med",
        "f.Kr.": "före Kristus",
        "e.Kr.": "efter Kristus",
        "ca": "cirka",
        "nr": "nummer",
        "kl.": "klockan",
        "s.k.": "så kallad",
        "jfr": "jämför",
        "inkl.": "inklusive",
        "exkl.": "exklusive",
        "resp.": "respektive",
        "ang.": "angående",
        "ev.": "eventuellt",
        "tel.": "telefon",
        "tfn": "telefon",
        "s:t": "sankt",
        "kap.": "kapitel",
    },
    pages={"s.": ("sidan", "sidorna")},
    ordinal=r"(?<![\w.,])(\d{1,3})(:[ae])(?!\w)",
    clock="{h} och {m}",
    clock_hour="{h}",
    percent=("en procent", "procent"),
    digit_by_digit=True,
    date_ordinal=True,
    address_words=("punkt", "snabel-a", "snedstreck"),
    ratio_word="till",
    hour_sign_words=("kl", "klockan"),  # "9 h" after them: a time of day
    version_word="version",  # "v2.3.1"
    symbols={
        "≈": "ungefär",
        "±": "plus minus",
        "×": "gånger",
        "^": "upphöjt till",
        "<": "mindre än",
        ">": "större än",
        "≤": "mindre än eller lika med",
        "≥": "större än eller lika med",
        "≠": "inte lika med",
        "==": "är lika med",
    },  # "2 < 3", "p<0,001"
    minus_word="minus",
    plus_word="plus",
    range_joiners={"": "till", "mellan": "och"},
    phone_context=tuple("ring ringer ringa telefon tel tfn mobil mobilen nummer numret fax växel".split()),
    phone_trunk="0",
    years_between=(1100, 1999),  # "1945", "1500": Swedes say them in hundreds
    date_words=tuple("den måndag tisdag onsdag torsdag fredag lördag söndag".split()),  # "den 17/6"
    fraction_words=("av",),  # "den 3/4 av kakan"
    clock_dot_words=tuple("klockan kl från till vid mellan och efter före innan".split()),  # "kl. 17.30"
    point_decimals=True,  # "17.06" written with a point: "sjutton komma noll sex"
    number_fix=number_fix,
    fraction=fraction,
    clock_time=clock_time,
    roman=roman,
    regnal=regnal,
    respell=respell,
    year=year,
)
"""Swedish's table."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "inte lika med lika med",
    "shebang": "shebang",
    "triple equal": "trippel lika med",
    "star star": "stjärna stjärna",
    "slash slash": "dubbelt snedstreck",
    "not equal": "inte lika med",
    "double equal": "lika med lika med",
    "less or equal": "mindre än eller lika med",
    "greater or equal": "större än eller lika med",
    "arrow": "pil",
    "fat arrow": "dubbelpil",
    "left arrow": "vänsterpil",
    "and and": "och och",
    "or or": "eller eller",
    "double greater than": "dubbel större än",
    "double less than": "dubbel mindre än",
    "plus equals": "plus lika med",
    "minus equals": "minus lika med",
    "double colon": "dubbelkolon",
    "star": "stjärna",
    "dot": "punkt",
    "dollar": "dollar",
    "equals": "lika med",
    "less than": "mindre än",
    "greater than": "större än",
    "plus": "plus",
    "dash": "streck",
    "slash": "snedstreck",
    "backslash": "omvänt snedstreck",
    "underscore": "understreck",
    "hash": "brädgård",
    "at": "snabel-a",
    "percent": "procent",
    "ampersand": "et-tecken",
    "pipe": "lodstreck",
    "tilde": "tilde",
    "caret": "cirkumflex",
    "open paren": "vänsterparentes",
    "close paren": "högerparentes",
    "open bracket": "vänster hakparentes",
    "close bracket": "höger hakparentes",
    "open brace": "vänster klammerparentes",
    "close brace": "höger klammerparentes",
    "quote": "citattecken",
    "backtick": "grav accent",
    "colon": "kolon",
    "semicolon": "semikolon",
    "comma": "komma",
    "question mark": "frågetecken",
    "bang": "utropstecken",
    "minus": "minus",
    "of": "av",
    "and": "och",
    "with": "med",
    "dunder": "dubbelt understreck",
    "point": "punkt",
    "in braces": "inom klammerparenteser",
    "in double braces": "inom dubbla klammerparenteser",
    "in brackets": "inom hakparenteser",
    "in parentheses": "inom parentes",
    "empty braces": "tomma klammerparenteser",
    "empty brackets": "tomma hakparenteser",
    "empty parentheses": "tomma parenteser",
    "empty string": "en tom sträng",
    "the list": "listan",
    "the list of lists": "listan av listor",
    "item": "element",
    "and so on": "och så vidare",
    "up to": "till och med",
    "something": "något",
    "the output of": "utdata från",
    "the value of": "värdet av",
    "blank": "lucka",
    "times": "gånger",
    "divided by": "delat med",
    "modulo": "modulo",
    "count times": "gånger",
    "to": "till",
    "or more": "eller fler",
    "or": "eller",
}
"""How code's symbols are said in Swedish (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "medför",
    "iff": "om och endast om",
    "if": "om",
    "otherwise": "annars",
    "limit": "gränsvärdet då {v} går mot {a} av",
    "from_to": "evaluerat från {a} till {b}",
    "at": "evaluerat i {a}",
    "matrix": "matrisen {r} gånger {c} med raderna",
    "column": "kolumnvektorn",
    "row": "radvektorn",
    "and": "och",
    "celsius": "grader Celsius",
    "fahrenheit": "grader Fahrenheit",
    "times": "gånger",
    "tends": "går mot",
    "so": "alltså",
    "right": "åt höger",
    "left": "åt vänster",
    "up": "uppåt",
    "down": "nedåt",
    "clockwise": "medurs",
    "anticlockwise": "moturs",
    "sre open": "öppna|vänster parentes",
    "sre close": "stäng|höger parentes",
    "sre of": "av",
    "sre comma": "komma",
    "~halvhög punkt": "gånger",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; how speech-rule-engine says brackets, "of" and the comma ("sre ..."); "~" + its
words → the words said instead."""


LANGUAGE = Language(
    code="sv",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="Swedish",
    iso639_2="swe",
    quiz=QuizWords(
        quiz_headings=("testa dig själv", "testa dina kunskaper", "självtest", "frågor", "övningar"),
        next_headings=("härnäst", "nästa lektion(er)?", "fortsätt"),
        answer=("(rätt )?svar(et)?", "lösning"),
        explanation=("förklaring",),
        question=("fråga",),
        lesson=("lektion", "av"),
        asking=(
            "vad|vem|vilken|vilket|vilka|när|var|varför|hur|vart|är|har|kan|ska|skulle|finns",
            "måste|blir|bör|får",
        ),
    ),
    feminine=(("ett$", "en"),),
    rules=RULES,
)
"""Swedish: the one object narrate asks about the language (see :class:`Language`)."""
