"""Dutch: numbers written the Taalunie's way (one word up to "duizend", a space after it and around
"miljoen": "duizend tweehonderdvijftig", "drie miljoen"; "honderdeen"), ordinals ``21e``/``1ste``,
decimals digit by digit, "14 uur", cents after the euros ("twee euro vijftig", "vijftig cent"),
fractions ("een half", "driekwart", "twee derde", "anderhalf", "tweeënhalf"), ranges ("tien tot
vijftien", "tussen tien en vijftien"), "min vijf", telephone numbers digit by digit in their groups,
regnal numbers ("Willem III" → "Willem de Derde"), e-mail addresses with "apenstaartje"."""

from __future__ import annotations

import re

from num2words import num2words

from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table

ROMAN_CARDINAL = frozenset(
    (
        "hoofdstuk deel bijlage akte scène fase type klasse groep boek les nummer aflevering seizoen ronde "
        "niveau artikel paragraaf tabel figuur bladzijde pagina vers band stap oefening opgave vraag psalm"
    ).split()
)
"""Words after which a Roman numeral is a plain number ("hoofdstuk IV" → "hoofdstuk vier")."""


def number_fix(words: str) -> str:
    """num2words' Dutch written the Taalunie's way: one word up to "duizend", a space after it
    ("tweeduizend vijfhonderd"), "miljoen" and "miljard" apart ("drie miljoen vierhonderdduizend"),
    "honderdeen" (the accent only on a lone "één"); a year in one word ("negentienhonderdnegentig")."""
    words = re.sub(r"(?<=\w)één", "een", words.replace(" ", ""))
    words = re.sub(r"(miljoen|miljard|biljoen)(?!ste)(?=\w)", r"\1 ", words)
    words = re.sub(r"(?<=\w)(miljoen|miljard|biljoen)", r" \1", words)
    return re.sub(r"duizend(?!ste)(?=\w)", "duizend ", words)


def _cardinal(n: int) -> str:
    return number_fix(num2words(n, lang="nl"))


def _ordinal(n: int) -> str:
    return number_fix(num2words(n, lang="nl", to="ordinal"))


def fraction(whole: int | None, numerator: int, denominator: int, after: str = "") -> str:
    """ "1/2" → "een half", "3/4" → "driekwart", "1/4" → "een kwart", "2/3" → "twee derde", "5/8" →
    "vijf achtste", "1 1/2" → "anderhalf", "2 1/2" → "tweeënhalf", "3 3/4" → "drie en driekwart"."""
    if denominator == 2 and numerator == 1 and whole is not None:
        if whole == 1:
            return "anderhalf"
        said = _cardinal(whole)
        return said + ("ënhalf" if said.endswith("e") else "enhalf")  # "tweeënhalf", "vijfenhalf"
    if denominator == 2:
        part = "half" if numerator == 1 else "halve"
    elif denominator == 4 and numerator in (1, 3):
        part = "kwart"
    else:
        part = _ordinal(denominator)  # "derde", "achtste", "twintigste"
    if denominator == 4 and numerator == 3:
        said = "driekwart"
    else:
        said = ("een" if numerator == 1 else _cardinal(numerator)) + " " + part
    return said if whole is None else f"{_cardinal(whole)} en {said}"


def regnal(n: int, name: str, before: str) -> str | None:
    """ "Willem III" → "de Derde", "Lodewijk XIV" → "de Veertiende"; None after a word that counts
    ("Hoofdstuk IV")."""
    if name.lower() in ROMAN_CARDINAL:
        return None
    ordinal = _ordinal(n)
    return f"de {ordinal[:1].upper()}{ordinal[1:]}"


def roman(n: int, word: str) -> str | None:
    """ "hoofdstuk IV" → "hoofdstuk 4" (read as a number); elsewhere a Roman numeral stays."""
    return str(n) if word.lower() in ROMAN_CARDINAL else None


RULES = Rules(
    code="nl",
    thousands=".\u00a0\u202f ",
    decimal_word="komma",
    months=tuple("januari februari maart april mei juni juli augustus september oktober november december".split()),
    units=unit_table(
        {
            "°": ("één graad", "graden"),  # an angle: "45°" ("°C" is Celsius)
            "°F": ("één graad Fahrenheit", "graden Fahrenheit"),
            "‰": ("één promille", "promille"),
            "mph": ("één mijl per uur", "mijl per uur"),
            "mi": ("één mijl", "mijl"),
            "oz": ("één ounce", "ounce"),
            "lb": ("één pond", "pond"),
            "lbs": ("één pond", "pond"),
            "ft": ("één voet", "voet"),
            "yd": ("één yard", "yard"),
            "gal": ("één gallon", "gallon"),
            "km/u": ("één kilometer per uur", "kilometer per uur"),
            "m²": ("één vierkante meter", "vierkante meter"),
            "km²": ("één vierkante kilometer", "vierkante kilometer"),
            "cm²": ("één vierkante centimeter", "vierkante centimeter"),
            "mm²": ("één vierkante millimeter", "vierkante millimeter"),
            "m³": ("één kubieke meter", "kubieke meter"),
            "cm³": ("één kubieke centimeter", "kubieke centimeter"),
            "µm": ("één micrometer", "micrometer"),
            "μm": ("één micrometer", "micrometer"),
            "µg": ("één microgram", "microgram"),
            "μg": ("één microgram", "microgram"),
            "µs": ("één microseconde", "microseconden"),
            "μs": ("één microseconde", "microseconden"),
            "ns": ("één nanoseconde", "nanoseconden"),
            "t": ("één ton", "ton"),
            "dl": ("één deciliter", "deciliter"),
            "cl": ("één centiliter", "centiliter"),
            "ha": ("één hectare", "hectare"),
            "kcal": ("één kilocalorie", "kilocalorieën"),
            "hPa": ("één hectopascal", "hectopascal"),
            "dB": ("één decibel", "decibel"),
        },
        kitchen_units(
            ("één gram", "gram"),
            ("één kilogram", "kilogram"),
            ("één liter", "liter"),
            ("één milliliter", "milliliter"),
            ("één kilometer", "kilometer"),
            ("één meter", "meter"),
            ("één centimeter", "centimeter"),
            ("één millimeter", "millimeter"),
            ("één graad Celsius", "graden Celsius"),
            ("één uur", "uur"),
            ("één minuut", "minuten"),
            ("één seconde", "seconden"),
            ("één kilometer per uur", "kilometer per uur"),
        ),
        electric_and_data(
            ("één", "één"),
            {
                **family("V", "m", "volt"),
                **family("W", "m", "watt"),
                **family("Hz", "m", "hertz"),
                **family("Wh", "m", "wattuur"),
                "mA": ("m", "milliampère", "milliampère"),
                "Ah": ("m", "ampère-uur", "ampère-uur"),
                "mAh": ("m", "milliampère-uur", "milliampère-uur"),
                **data_units("m", "byte"),
                "mg": ("m", "milligram", "milligram"),
                "ms": ("m", "milliseconde", "milliseconden"),
                "nm": ("m", "nanometer", "nanometer"),
                "N": ("m", "newton", "newton"),
                "kN": ("m", "kilonewton", "kilonewton"),
                "m/s": ("m", "meter per seconde", "meter per seconde"),
                "m/s²": ("m", "meter per seconde kwadraat", "meter per seconde kwadraat"),
                "J": ("m", "joule", "joule"),
                "kJ": ("m", "kilojoule", "kilojoule"),
            },
        ),
    ),
    money={
        "€": ("één euro", "euro", "één cent", "cent", ""),
        "EUR": ("één euro", "euro", "één cent", "cent", ""),
        "$": ("één dollar", "dollar", "één cent", "cent", ""),
        "USD": ("één dollar", "dollar", "één cent", "cent", ""),
        "£": ("één pond", "pond", "één penny", "pence", ""),
        "GBP": ("één pond", "pond", "één penny", "pence", ""),
    },
    abbreviations={
        "bijv.": "bijvoorbeeld",
        "bv.": "bijvoorbeeld",
        "d.w.z.": "dat wil zeggen",
        "enz.": "enzovoort",
        "etc.": "etcetera",
        "ca.": "circa",
        "nr.": "nummer",
        "dhr.": "de heer",
        "mevr.": "mevrouw",
        "o.a.": "onder andere",
        "m.b.v.": "met behulp van",
        "i.p.v.": "in plaats van",
        "t.o.v.": "ten opzichte van",
        "m.a.w.": "met andere woorden",
        "a.u.b.": "alstublieft",
        "i.v.m.": "in verband met",
        "m.b.t.": "met betrekking tot",
        "n.a.v.": "naar aanleiding van",
        "o.b.v.": "op basis van",
        "t.a.v.": "ten aanzien van",
        "z.s.m.": "zo snel mogelijk",
        "e.d.": "en dergelijke",
        "m.n.": "met name",
        "resp.": "respectievelijk",
        "evt.": "eventueel",
        "ong.": "ongeveer",
        "max.": "maximaal",
        "gem.": "gemiddeld",
        "incl.": "inclusief",
        "excl.": "exclusief",
        "zgn.": "zogenaamd",
        "vnl.": "voornamelijk",
        "jl.": "jongstleden",
        "a.s.": "aanstaande",
        "prof.": "professor",
        "dr.": "doctor",
        "drs.": "doctorandus",
        "ir.": "ingenieur",
        "ing.": "ingenieur",
        "tel.": "telefoon",
        "v.Chr.": "voor Christus",
        "n.Chr.": "na Christus",
        "t/m": "tot en met",
    },
    pages={
        "p.": ("pagina", "pagina's"),
        "blz.": ("bladzijde", "bladzijden"),
        "pp.": ("pagina's", "pagina's"),
        "hfst.": ("hoofdstuk", "hoofdstukken"),
        "art.": ("artikel", "artikelen"),
        "§§": ("paragrafen", "paragrafen"),
        "§": ("paragraaf", "paragrafen"),
    },
    ordinal=r"(?<![\w.,])(\d{1,7})(ste|de|e)(?!\w)",
    clock="{h} uur {m}",
    clock_hour="{h} uur",
    percent=("één procent", "procent"),
    digit_by_digit=True,
    bare_cents=True,
    clock_words=("uur",),
    clock_separators=(r"\.(?=\d\d\s*uur)",),  # "14.30 uur"
    address_words=("punt", "apenstaartje", "slash"),
    minus_word="min",
    plus_word="plus",
    range_joiners={"": "tot", "tussen": "en"},
    phone_context=("telefoon", "tel", "fax", "mobiel", "bel", "bellen", "telefoonnummer"),
    score_word="tegen",
    ratio_word="op",
    phone_trunk="0",
    phone_group=4,
    symbols={
        "=": "is",
        "+": "plus",
        "−": "min",
        "×": "keer",
        "·": "keer",
        "÷": "gedeeld door",
        "≈": "ongeveer",
        "±": "plus of min",
        "≠": "is niet gelijk aan",
        "≤": "is kleiner dan of gelijk aan",
        "≥": "is groter dan of gelijk aan",
        "<": "is kleiner dan",
        ">": "is groter dan",
    },
    year_words=tuple(
        (
            "in jaar sinds vanaf van tot rond omstreeks anno voor na begin eind midden zomer winter lente "
            "voorjaar herfst najaar geboren"
        ).split()
    ),
    years_between=(1100, 1999),  # "1715", "1500": hundreds ("zeventienhonderdvijftien"; the Taalunie allows both)
    month_names={
        "jan.": "januari",
        "feb.": "februari",
        "mrt.": "maart",
        "apr.": "april",
        "jun.": "juni",
        "jul.": "juli",
        "aug.": "augustus",
        "sep.": "september",
        "sept.": "september",
        "okt.": "oktober",
        "nov.": "november",
        "dec.": "december",
    },
    scales={
        "mln.": ("een miljoen", "miljoen"),
        "mln": ("een miljoen", "miljoen"),
        "miljoen": ("een miljoen", "miljoen"),
        "mld.": ("een miljard", "miljard"),
        "mrd.": ("een miljard", "miljard"),
        "miljard": ("een miljard", "miljard"),
    },
    domains=("nl", "be", "eu", "frl", "amsterdam"),
    number_fix=number_fix,
    fraction=fraction,
    roman=roman,
    regnal=regnal,
)
"""Dutch's table."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "niet gelijk gelijk",
    "triple equal": "gelijk gelijk gelijk",
    "star star": "sterretje sterretje",
    "slash slash": "schuine streep schuine streep",
    "not equal": "niet gelijk aan",
    "double equal": "gelijk gelijk",
    "less or equal": "kleiner dan of gelijk aan",
    "greater or equal": "groter dan of gelijk aan",
    "arrow": "pijl",
    "fat arrow": "dikke pijl",
    "left arrow": "pijl naar links",
    "and and": "en en",
    "or or": "of of",
    "double greater than": "dubbel groter dan",
    "double less than": "dubbel kleiner dan",
    "plus equals": "plus gelijk",
    "minus equals": "min gelijk",
    "double colon": "dubbele dubbele punt",
    "star": "sterretje",
    "dot": "punt",
    "dollar": "dollar",
    "equals": "is gelijk",
    "less than": "kleiner dan",
    "greater than": "groter dan",
    "plus": "plus",
    "dash": "streepje",
    "slash": "schuine streep",
    "backslash": "backslash",
    "underscore": "laag streepje",
    "hash": "hekje",
    "at": "apenstaartje",
    "percent": "procent",
    "ampersand": "en-teken",
    "pipe": "verticale streep",
    "tilde": "tilde",
    "caret": "dakje",
    "open paren": "haakje openen",
    "close paren": "haakje sluiten",
    "open bracket": "vierkante haak openen",
    "close bracket": "vierkante haak sluiten",
    "open brace": "accolade openen",
    "close brace": "accolade sluiten",
    "quote": "aanhalingsteken",
    "backtick": "backtick",
    "colon": "dubbele punt",
    "semicolon": "puntkomma",
    "comma": "komma",
    "question mark": "vraagteken",
    "bang": "uitroepteken",
    "minus": "min",
    "of": "van",
    "and": "en",
    "with": "met",
    "dunder": "dubbel laag streepje",
    "point": "punt",
}
"""How code's symbols are said in Dutch (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "impliceert",
    "iff": "dan en slechts dan als",
    "if": "als",
    "otherwise": "anders",
    "limit": "de limiet voor {v} naar {a} van",
    "from_to": "geëvalueerd van {a} tot {b}",
    "at": "geëvalueerd in {a}",
    "matrix": "de {r} bij {c} matrix met rijen",
    "column": "de kolomvector",
    "row": "de rijvector",
    "and": "en",
    "celsius": "graden Celsius",
    "fahrenheit": "graden Fahrenheit",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees."""


LANGUAGE = Language(
    code="nl",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="Dutch",
    iso639_2="nld",
    quiz=QuizWords(
        quiz_headings=("test jezelf", "test je kennis", "zelftest", "vragen", "oefen(vragen|ingen)"),
        next_headings=("hierna", "volgende les(sen)?", "verder"),
        answer=("(juiste )?antwoord", "oplossing"),
        explanation=("uitleg",),
        question=("vraag",),
        lesson=("les", "van"),
    ),
    rules=RULES,
)
"""Dutch: the one object narrate asks about the language (see :class:`Language`)."""
