"""Written → spoken rules for languages other than English, one table per language.

:func:`verbalize` rewrites numbers and abbreviations in text of a language with rules (German,
French, Spanish, Italian, Portuguese, Dutch, Swedish): abbreviations, ISO and numeric dates, clock
times, money, ordinals (``3.`` in German, ``1er``/``21e`` in French, ``21.º`` in Spanish and
Portuguese, ``21º`` in Italian, ``21e``/``1ste`` in Dutch, ``21:a`` in Swedish), numbers with their
unit or percent sign, then plain numbers with the language's decimal comma and thousands separator.
Words come from ``num2words`` (``lang=``). A language without rules keeps its digits: the speech
engine reads them in its own language (:func:`has_rules` tells which).

:func:`ordinal_dot` tells sentence splitting that ``3.`` before a month or after an article is an
ordinal, not the end of a sentence; :func:`abbreviations` lists each language's abbreviations that
never end a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import partial

from num2words import num2words


@dataclass(frozen=True)
class Rules:
    """One language's table.

    ``thousands``: characters that group thousands; ``decimal_word``: how the decimal comma is said;
    ``digit_by_digit``: the decimals are said one digit at a time ("drei Komma eins vier");
    ``units``: unit → (the phrase for exactly one, the word after any other number); ``money``:
    symbol → (one, many, cent one, cent many, joiner between the two amounts);
    ``ordinal``: the written ordinal pattern (group 1 the digits, group 2 the marker);
    ``feminine_markers``: markers of a feminine ordinal ("ª", "re"); ``clock``: "{h} Uhr {m}";
    ``date_ordinal``: a day before a month is an ordinal ("den tredje maj"); ``first_day``: the
    word for day 1 before a month when it differs ("primo maggio", "premier mai"); ``one_before_noun``:
    "1" before a word when num2words' "one" does not fit there (German "ein Tag", not "eins Tag").
    """

    code: str
    thousands: str
    decimal_word: str
    months: tuple[str, ...]
    units: dict[str, tuple[str, str]]
    money: dict[str, tuple[str, str, str, str, str]]
    abbreviations: dict[str, str]
    ordinal: str
    clock: str
    clock_hour: str
    percent: tuple[str, str]
    digit_by_digit: bool = False
    feminine_markers: tuple[str, ...] = ()
    date_ordinal: bool = False
    first_day: str = ""
    ordinal_context: tuple[str, ...] = ()
    one_before_noun: str = ""


_EURO = "€"


def _units(
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
) -> dict[str, tuple[str, str]]:
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


RULES: dict[str, Rules] = {
    "de": Rules(
        code="de",
        thousands=".\u00a0\u202f",
        decimal_word="Komma",
        months=tuple("Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()),
        units=_units(
            ("ein Gramm", "Gramm"),
            ("ein Kilogramm", "Kilogramm"),
            ("ein Liter", "Liter"),
            ("ein Milliliter", "Milliliter"),
            ("ein Kilometer", "Kilometer"),
            ("ein Meter", "Meter"),
            ("ein Zentimeter", "Zentimeter"),
            ("ein Millimeter", "Millimeter"),
            ("ein Grad Celsius", "Grad Celsius"),
            ("eine Stunde", "Stunden"),
            ("eine Minute", "Minuten"),
            ("eine Sekunde", "Sekunden"),
            ("ein Kilometer pro Stunde", "Kilometer pro Stunde"),
        ),
        money={
            "€": ("ein Euro", "Euro", "ein Cent", "Cent", ""),
            "EUR": ("ein Euro", "Euro", "ein Cent", "Cent", ""),
            "$": ("ein Dollar", "Dollar", "ein Cent", "Cent", ""),
            "CHF": ("ein Franken", "Franken", "ein Rappen", "Rappen", ""),
            "£": ("ein Pfund", "Pfund", "ein Penny", "Pence", ""),
        },
        abbreviations={
            "z. B.": "zum Beispiel",
            "z.B.": "zum Beispiel",
            "d. h.": "das heißt",
            "d.h.": "das heißt",
            "u. a.": "unter anderem",
            "u.a.": "unter anderem",
            "usw.": "und so weiter",
            "bzw.": "beziehungsweise",
            "ca.": "circa",
            "Nr.": "Nummer",
            "Dr.": "Doktor",
            "Prof.": "Professor",
            "evtl.": "eventuell",
            "ggf.": "gegebenenfalls",
            "vgl.": "vergleiche",
            "Abb.": "Abbildung",
            "inkl.": "inklusive",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})(\.)(?=\s+[^\W\d_])",
        clock="{h} Uhr {m}",
        clock_hour="{h} Uhr",
        percent=("ein Prozent", "Prozent"),
        digit_by_digit=True,
        one_before_noun="ein",
        ordinal_context=tuple(
            (
                "der die das den dem des am im vom zum zur beim ein eine einem einen einer eines "
                "ab bis seit vor nach zum jeder jede jedes"
            ).split()
        ),
    ),
    "fr": Rules(
        code="fr",
        thousands="\u00a0\u202f .",
        decimal_word="virgule",
        months=tuple("janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()),
        units=_units(
            ("un gramme", "grammes"),
            ("un kilogramme", "kilogrammes"),
            ("un litre", "litres"),
            ("un millilitre", "millilitres"),
            ("un kilomètre", "kilomètres"),
            ("un mètre", "mètres"),
            ("un centimètre", "centimètres"),
            ("un millimètre", "millimètres"),
            ("un degré Celsius", "degrés Celsius"),
            ("une heure", "heures"),
            ("une minute", "minutes"),
            ("une seconde", "secondes"),
            ("un kilomètre heure", "kilomètres heure"),
        ),
        money={
            "€": ("un euro", "euros", "un centime", "centimes", ""),
            "EUR": ("un euro", "euros", "un centime", "centimes", ""),
            "$": ("un dollar", "dollars", "un cent", "cents", ""),
            "CHF": ("un franc", "francs", "un centime", "centimes", ""),
            "£": ("une livre", "livres", "un penny", "pence", ""),
        },
        abbreviations={
            "p. ex.": "par exemple",
            "p.ex.": "par exemple",
            "c.-à-d.": "c'est-à-dire",
            "etc.": "et cetera",
            "env.": "environ",
            "M.": "Monsieur",
            "Mme": "Madame",
            "Mlle": "Mademoiselle",
            "Dr": "Docteur",
            "n°": "numéro",
            "nº": "numéro",
            "av. J.-C.": "avant Jésus-Christ",
            "apr. J.-C.": "après Jésus-Christ",
        },
        ordinal=r"(?<![\w.,])(\d{1,4})(ers?|res?|ères?|èmes?|es?|nde?s?)(?!\w)",
        clock="{h} heures {m}",
        clock_hour="{h} heures",
        percent=("un pour cent", "pour cent"),
        feminine_markers=("re", "res", "ère", "ères", "nde", "ndes"),
        first_day="premier",
    ),
    "es": Rules(
        code="es",
        thousands=".\u00a0\u202f",
        decimal_word="coma",
        months=tuple(
            "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
        ),
        units=_units(
            ("un gramo", "gramos"),
            ("un kilogramo", "kilogramos"),
            ("un litro", "litros"),
            ("un mililitro", "mililitros"),
            ("un kilómetro", "kilómetros"),
            ("un metro", "metros"),
            ("un centímetro", "centímetros"),
            ("un milímetro", "milímetros"),
            ("un grado Celsius", "grados Celsius"),
            ("una hora", "horas"),
            ("un minuto", "minutos"),
            ("un segundo", "segundos"),
            ("un kilómetro por hora", "kilómetros por hora"),
        ),
        money={
            "€": ("un euro", "euros", "un céntimo", "céntimos", "con"),
            "EUR": ("un euro", "euros", "un céntimo", "céntimos", "con"),
            "$": ("un dólar", "dólares", "un centavo", "centavos", "con"),
            "£": ("una libra", "libras", "un penique", "peniques", "con"),
        },
        abbreviations={
            "p. ej.": "por ejemplo",
            "p.ej.": "por ejemplo",
            "etc.": "etcétera",
            "aprox.": "aproximadamente",
            "Sr.": "señor",
            "Sra.": "señora",
            "Srta.": "señorita",
            "Dr.": "doctor",
            "Dra.": "doctora",
            "núm.": "número",
            "pág.": "página",
            "EE. UU.": "Estados Unidos",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°]|\.?er)(?!\w)",
        clock="{h} y {m}",
        one_before_noun="un",
        clock_hour="{h} en punto",
        percent=("uno por ciento", "por ciento"),
        feminine_markers=(".ª", "ª"),
    ),
    "it": Rules(
        code="it",
        thousands=".\u00a0\u202f",
        decimal_word="virgola",
        months=tuple(
            "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split()
        ),
        units=_units(
            ("un grammo", "grammi"),
            ("un chilogrammo", "chilogrammi"),
            ("un litro", "litri"),
            ("un millilitro", "millilitri"),
            ("un chilometro", "chilometri"),
            ("un metro", "metri"),
            ("un centimetro", "centimetri"),
            ("un millimetro", "millimetri"),
            ("un grado Celsius", "gradi Celsius"),
            ("un'ora", "ore"),
            ("un minuto", "minuti"),
            ("un secondo", "secondi"),
            ("un chilometro orario", "chilometri orari"),
        ),
        money={
            "€": ("un euro", "euro", "un centesimo", "centesimi", "e"),
            "EUR": ("un euro", "euro", "un centesimo", "centesimi", "e"),
            "$": ("un dollaro", "dollari", "un centesimo", "centesimi", "e"),
            "£": ("una sterlina", "sterline", "un penny", "pence", "e"),
        },
        abbreviations={
            "ad es.": "ad esempio",
            "es.": "esempio",
            "ecc.": "eccetera",
            "sig.": "signor",
            "Sig.": "signor",
            "sig.ra": "signora",
            "Sig.ra": "signora",
            "dott.": "dottor",
            "Dott.": "dottor",
            "prof.": "professor",
            "Prof.": "professor",
            "n.": "numero",
            "pag.": "pagina",
            "ca.": "circa",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})([ºª°])(?!\w)",
        clock="{h} e {m}",
        clock_hour="le {h}",
        one_before_noun="un",
        percent=("l'uno per cento", "per cento"),
        feminine_markers=("ª",),
        first_day="primo",
    ),
    "pt": Rules(
        code="pt",
        thousands=".\u00a0\u202f",
        decimal_word="vírgula",
        months=tuple(
            "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()
        ),
        units=_units(
            ("um grama", "gramas"),
            ("um quilograma", "quilogramas"),
            ("um litro", "litros"),
            ("um mililitro", "mililitros"),
            ("um quilómetro", "quilómetros"),
            ("um metro", "metros"),
            ("um centímetro", "centímetros"),
            ("um milímetro", "milímetros"),
            ("um grau Celsius", "graus Celsius"),
            ("uma hora", "horas"),
            ("um minuto", "minutos"),
            ("um segundo", "segundos"),
            ("um quilómetro por hora", "quilómetros por hora"),
        ),
        money={
            "€": ("um euro", "euros", "um cêntimo", "cêntimos", "e"),
            "EUR": ("um euro", "euros", "um cêntimo", "cêntimos", "e"),
            "R$": ("um real", "reais", "um centavo", "centavos", "e"),
            "$": ("um dólar", "dólares", "um cêntimo", "cêntimos", "e"),
            "£": ("uma libra", "libras", "um péni", "pénis", "e"),
        },
        abbreviations={
            "p. ex.": "por exemplo",
            "p.ex.": "por exemplo",
            "etc.": "etcétera",
            "Sr.": "senhor",
            "Sra.": "senhora",
            "Dr.": "doutor",
            "Dra.": "doutora",
            "n.º": "número",
            "nº": "número",
            "pág.": "página",
            "aprox.": "aproximadamente",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°])(?!\w)",
        clock="{h} e {m}",
        clock_hour="{h} horas",
        percent=("um por cento", "por cento"),
        feminine_markers=(".ª", "ª"),
    ),
    "nl": Rules(
        code="nl",
        thousands=".\u00a0\u202f",
        decimal_word="komma",
        months=tuple("januari februari maart april mei juni juli augustus september oktober november december".split()),
        units=_units(
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
        money={
            "€": ("één euro", "euro", "één cent", "cent", ""),
            "EUR": ("één euro", "euro", "één cent", "cent", ""),
            "$": ("één dollar", "dollar", "één cent", "cent", ""),
            "£": ("één pond", "pond", "één penny", "pence", ""),
        },
        abbreviations={
            "bijv.": "bijvoorbeeld",
            "bv.": "bijvoorbeeld",
            "d.w.z.": "dat wil zeggen",
            "enz.": "enzovoort",
            "ca.": "circa",
            "nr.": "nummer",
            "dhr.": "de heer",
            "mevr.": "mevrouw",
            "o.a.": "onder andere",
            "m.b.v.": "met behulp van",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})(ste|de|e)(?!\w)",
        clock="{h} uur {m}",
        clock_hour="{h} uur",
        percent=("één procent", "procent"),
        digit_by_digit=True,
    ),
    "sv": Rules(
        code="sv",
        thousands="\u00a0\u202f ",
        decimal_word="komma",
        months=tuple("januari februari mars april maj juni juli augusti september oktober november december".split()),
        units=_units(
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
        money={
            "kr": ("en krona", "kronor", "ett öre", "öre", "och"),
            "SEK": ("en krona", "kronor", "ett öre", "öre", "och"),
            "€": ("en euro", "euro", "en cent", "cent", "och"),
            "$": ("en dollar", "dollar", "en cent", "cent", "och"),
        },
        abbreviations={
            "t.ex.": "till exempel",
            "t. ex.": "till exempel",
            "bl.a.": "bland annat",
            "d.v.s.": "det vill säga",
            "dvs.": "det vill säga",
            "osv.": "och så vidare",
            "m.m.": "med mera",
            "ca": "cirka",
            "nr": "nummer",
            "kl.": "klockan",
            "s.k.": "så kallad",
        },
        ordinal=r"(?<![\w.,])(\d{1,3})(:[ae])(?!\w)",
        clock="{h} och {m}",
        clock_hour="{h}",
        percent=("en procent", "procent"),
        digit_by_digit=True,
        date_ordinal=True,
    ),
}


def _say(one: str, *words: str) -> tuple[str, str]:
    """``_say("ein", "Volt")`` → ("ein Volt", "Volt"); ``_say("un", "volt", "volts")`` → ("un volt", "volts")."""
    return f"{one} {words[0]}", words[-1]


def _electric_and_data(one: tuple[str, str], names: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, str]]:
    """The electrical, frequency, data, small-mass and small-time units every language reads (the
    English table's kinds: ``12 V``, ``2000 mAh``, ``5 GHz``, ``64 GB``, ``20 ms``). ``names``: unit →
    (gender, singular[, plural]) with gender ``m``/``f`` choosing ``one`` = (masculine "one",
    feminine "one")."""
    return {unit: _say(one[0] if gender == "m" else one[1], *words) for unit, (gender, *words) in names.items()}


def _nouns(units: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """German: every noun with a capital ("ein Kilovolt", "Wattstunden")."""
    return {k: (f"{one.split(' ', 1)[0]} {_cap(one.split(' ', 1)[1])}", _cap(many)) for k, (one, many) in units.items()}


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


_PREFIXED = (("m", "milli"), ("k", "kilo"), ("M", "mega"), ("G", "giga"))
_PREFIXED_ES = (("m", "mili"), ("k", "kilo"), ("M", "mega"), ("G", "giga"))
_PREFIXED_PT = (("m", "mili"), ("k", "quilo"), ("M", "mega"), ("G", "giga"))


def _family(
    symbol: str, gender: str, singular: str, plural: str = "", prefixes: tuple[tuple[str, str], ...] = _PREFIXED
) -> dict:
    """``V`` and its prefixed forms (``mV``, ``kV``, ...) named alike: "milli" + "volt"."""
    plural = plural or singular
    out = {symbol: (gender, singular, plural)}
    for short, long in prefixes:
        out[short + symbol] = (gender, long + singular, long + plural)
    return out


def _bytes(gender: str, singular: str, plural: str = "", kilo: str = "kilo") -> dict:
    plural = plural or singular
    prefixes = (("k", kilo), ("K", kilo), ("M", "mega"), ("G", "giga"), ("T", "tera"))
    return {short + "B": (gender, long + singular, long + plural) for short, long in prefixes}


_MORE_UNITS: dict[str, dict[str, tuple[str, str]]] = {
    "de": _nouns(
        _electric_and_data(
            ("ein", "eine"),
            {
                **_family("V", "m", "volt"),
                **_family("W", "m", "watt"),
                **_family("Hz", "m", "hertz"),
                **_family("Wh", "f", "wattstunde", "wattstunden"),
                "mA": ("m", "Milliampere", "Milliampere"),
                "Ah": ("f", "Amperestunde", "Amperestunden"),
                "mAh": ("f", "Milliamperestunde", "Milliamperestunden"),
                **_bytes("m", "byte"),
                "mg": ("m", "Milligramm", "Milligramm"),
                "ms": ("f", "Millisekunde", "Millisekunden"),
                "nm": ("m", "Nanometer", "Nanometer"),
                "N": ("m", "Newton", "Newton"),
                "kN": ("m", "Kilonewton", "Kilonewton"),
                "m/s": ("m", "Meter pro Sekunde", "Meter pro Sekunde"),
                "m/s²": ("m", "Meter pro Quadratsekunde", "Meter pro Quadratsekunde"),
                "J": ("m", "Joule", "Joule"),
                "kJ": ("m", "Kilojoule", "Kilojoule"),
            },
        )
    ),
    "fr": _electric_and_data(
        ("un", "une"),
        {
            **_family("V", "m", "volt", "volts"),
            **_family("W", "m", "watt", "watts"),
            **_family("Hz", "m", "hertz"),
            **_family("Wh", "m", "wattheure", "wattheures"),
            "mA": ("m", "milliampère", "milliampères"),
            "Ah": ("m", "ampère-heure", "ampères-heures"),
            "mAh": ("m", "milliampère-heure", "milliampères-heures"),
            **_bytes("m", "octet", "octets"),
            "mg": ("m", "milligramme", "milligrammes"),
            "ms": ("f", "milliseconde", "millisecondes"),
            "nm": ("m", "nanomètre", "nanomètres"),
            "N": ("m", "newton", "newtons"),
            "kN": ("m", "kilonewton", "kilonewtons"),
            "m/s": ("m", "mètre par seconde", "mètres par seconde"),
            "m/s²": ("m", "mètre par seconde carrée", "mètres par seconde carrée"),
            "J": ("m", "joule", "joules"),
            "kJ": ("m", "kilojoule", "kilojoules"),
        },
    ),
    "es": _electric_and_data(
        ("un", "una"),
        {
            **_family("V", "m", "voltio", "voltios", prefixes=_PREFIXED_ES),
            **_family("W", "m", "vatio", "vatios", prefixes=_PREFIXED_ES),
            **_family("Hz", "m", "hercio", "hercios", prefixes=_PREFIXED_ES),
            **_family("Wh", "m", "vatio hora", "vatios hora", prefixes=_PREFIXED_ES),
            "mA": ("m", "miliamperio", "miliamperios"),
            "Ah": ("m", "amperio hora", "amperios hora"),
            "mAh": ("m", "miliamperio hora", "miliamperios hora"),
            **_bytes("m", "byte", "bytes"),
            "mg": ("m", "miligramo", "miligramos"),
            "ms": ("m", "milisegundo", "milisegundos"),
            "nm": ("m", "nanómetro", "nanómetros"),
            "N": ("m", "newton", "newtons"),
            "kN": ("m", "kilonewton", "kilonewtons"),
            "m/s": ("m", "metro por segundo", "metros por segundo"),
            "m/s²": ("m", "metro por segundo al cuadrado", "metros por segundo al cuadrado"),
            "J": ("m", "julio", "julios"),
            "kJ": ("m", "kilojulio", "kilojulios"),
        },
    ),
    "it": _electric_and_data(
        ("un", "una"),
        {
            **_family("V", "m", "volt"),
            **_family("W", "m", "watt"),
            **_family("Hz", "m", "hertz"),
            **_family("Wh", "m", "wattora"),
            "mA": ("m", "milliampere", "milliampere"),
            "Ah": ("m", "amperora", "amperora"),
            "mAh": ("m", "milliamperora", "milliamperora"),
            **_bytes("m", "byte"),
            "mg": ("m", "milligrammo", "milligrammi"),
            "ms": ("m", "millisecondo", "millisecondi"),
            "nm": ("m", "nanometro", "nanometri"),
            "N": ("m", "newton", "newton"),
            "kN": ("m", "kilonewton", "kilonewton"),
            "m/s": ("m", "metro al secondo", "metri al secondo"),
            "m/s²": ("m", "metro al secondo quadrato", "metri al secondo quadrato"),
            "J": ("m", "joule", "joule"),
            "kJ": ("m", "kilojoule", "kilojoule"),
        },
    ),
    "pt": _electric_and_data(
        ("um", "uma"),
        {
            **_family("V", "m", "volt", "volts", prefixes=_PREFIXED_PT),
            **_family("W", "m", "watt", "watts", prefixes=_PREFIXED_PT),
            **_family("Hz", "m", "hertz", prefixes=_PREFIXED_PT),
            **_family("Wh", "m", "watt-hora", "watts-hora", prefixes=_PREFIXED_PT),
            "mA": ("m", "miliampere", "miliamperes"),
            "Ah": ("m", "ampere-hora", "amperes-hora"),
            "mAh": ("m", "miliampere-hora", "miliamperes-hora"),
            **_bytes("m", "byte", "bytes", "quilo"),
            "mg": ("m", "miligrama", "miligramas"),
            "ms": ("m", "milissegundo", "milissegundos"),
            "nm": ("m", "nanômetro", "nanômetros"),
            "N": ("m", "newton", "newtons"),
            "kN": ("m", "quilonewton", "quilonewtons"),
            "m/s": ("m", "metro por segundo", "metros por segundo"),
            "m/s²": ("m", "metro por segundo ao quadrado", "metros por segundo ao quadrado"),
            "J": ("m", "joule", "joules"),
            "kJ": ("m", "quilojoule", "quilojoules"),
        },
    ),
    "nl": _electric_and_data(
        ("één", "één"),
        {
            **_family("V", "m", "volt"),
            **_family("W", "m", "watt"),
            **_family("Hz", "m", "hertz"),
            **_family("Wh", "m", "wattuur"),
            "mA": ("m", "milliampère", "milliampère"),
            "Ah": ("m", "ampère-uur", "ampère-uur"),
            "mAh": ("m", "milliampère-uur", "milliampère-uur"),
            **_bytes("m", "byte"),
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
    "sv": _electric_and_data(
        ("en", "ett"),
        {
            **_family("V", "m", "volt"),
            **_family("W", "m", "watt"),
            **_family("Hz", "m", "hertz"),
            **_family("Wh", "m", "wattimme", "wattimmar"),
            "mA": ("m", "milliampere", "milliampere"),
            "Ah": ("m", "amperetimme", "amperetimmar"),
            "mAh": ("m", "milliamperetimme", "milliamperetimmar"),
            **_bytes("m", "byte"),
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
}
"""Units beyond the kitchen-and-travel set of :func:`_units`, per language (added to ``Rules.units``),
so that every language with rules reads the kinds of unit the English table reads."""

for _code, _more in _MORE_UNITS.items():
    RULES[_code].units.update({k: v for k, v in _more.items() if k not in RULES[_code].units})


def has_rules(language: str) -> bool:
    """True when ``language`` (a language tag) has a table here."""
    return _primary(language) in RULES


PAGE_ABBREVIATIONS: dict[str, dict[str, tuple[str, str]]] = {
    "de": {"S.": ("Seite", "Seiten"), "Bd.": ("Band", "Band")},
    "fr": {"p.": ("page", "pages"), "pp.": ("pages", "pages")},
    "es": {"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    "it": {"p.": ("pagina", "pagine"), "pp.": ("pagine", "pagine"), "pag.": ("pagina", "pagine")},
    "pt": {"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    "nl": {"p.": ("pagina", "pagina's"), "blz.": ("bladzijde", "bladzijden"), "pp.": ("pagina's", "pagina's")},
    "sv": {"s.": ("sidan", "sidorna")},
}
"""Page references per language, written out only right before a number (``S. 12`` → "Seite 12",
``S. 4-6`` → "Seiten 4-6"): elsewhere ``S.`` may be an initial ("Johann S. Bach")."""


def _page_word(words: tuple[str, str], m: re.Match) -> str:
    """The page word of a match of :func:`_pages`: plural before a range (group 1)."""
    return (words[1] if m.group(1) else words[0]) + " " + (m.group(1) or "")


def _pages(text: str, language: str) -> str:
    """``S. 12`` → "Seite 12", ``S. 4–6`` → "Seiten 4–6" (the plural before a range), per language."""
    for short, words in PAGE_ABBREVIATIONS.get(_primary(language), {}).items():
        pattern = r"(?<![\w.])" + re.escape(short) + r"\s?(?=\d)(\d+\s?[-–]\s?\d)?"
        text = re.sub(pattern, partial(_page_word, words), text)
    return text


def abbreviations(language: str) -> set[str]:
    """Tokens of the language's abbreviations (lower case, each with its full stop: ``z.`` and
    ``b.`` for ``z. B.``) after which a sentence never ends."""
    rules = RULES.get(_primary(language))
    if rules is None:
        return set()
    pages = [a.lower() for a in PAGE_ABBREVIATIONS.get(rules.code, {})]
    return {part for a in [*rules.abbreviations, *pages] for part in a.lower().split() if part.endswith(".")}


def expand_abbreviations(text: str, language: str) -> str:
    """The language's abbreviations written out (``z. B.`` → "zum Beispiel"); a capitalised
    abbreviation gives a capitalised word. Text of a language without rules is returned as is."""
    rules = RULES.get(_primary(language))
    if rules is None:
        return text
    for pattern, word in _compiled(rules).abbreviations:
        text = pattern.sub(word, text)
    return text


def ordinal_dot(text: str, dot: int, language: str) -> bool:
    """True when the full stop at ``dot`` (right after digits) marks an ordinal in a language that
    writes ordinals with a dot (German ``am 3. Mai``, ``der 21. Kurs``), so it ends no sentence."""
    rules = RULES.get(_primary(language))
    if rules is None or rules.code != "de":
        return False
    before = re.search(r"(\S+)\s+\d{1,3}$", text[:dot])
    after = re.match(r"\.\s+(\S+)", text[dot:])
    if after and after.group(1).rstrip(".,;:") in rules.months:
        return True
    return bool(before and before.group(1).lower() in rules.ordinal_context)


def _primary(language: str) -> str:
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0]


# ------------------------------------------------------------------ words


def _cardinal(n: int, rules: Rules) -> str:
    return num2words(n, lang=rules.code)


def _ordinal(n: int, rules: Rules, feminine: bool = False) -> str:
    words = num2words(n, lang=rules.code, to="ordinal")
    if feminine:
        if rules.code == "fr":
            words = re.sub(r"\bpremier\b", "première", words)
            words = re.sub(r"\bsecond\b", "seconde", words)
        elif rules.code in ("es", "it", "pt"):
            words = re.sub(r"o\b", "a", words)
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


@dataclass(frozen=True)
class _Compiled:
    abbreviations: list[tuple[re.Pattern, str]]
    iso_date: re.Pattern
    numeric_date: re.Pattern
    day_month: re.Pattern
    clock: re.Pattern
    money_before: re.Pattern
    money_after: re.Pattern
    ordinal: re.Pattern
    unit: re.Pattern
    number: re.Pattern


_COMPILED: dict[str, _Compiled] = {}


def _compiled(rules: Rules) -> _Compiled:
    if rules.code in _COMPILED:
        return _COMPILED[rules.code]
    num = _num(rules)
    months = "|".join(rules.months)
    symbols = sorted(rules.money, key=len, reverse=True)
    money = "|".join(re.escape(s) for s in symbols)
    units = sorted(rules.units, key=len, reverse=True)
    unit = "|".join(re.escape(u) for u in units)
    table = dict(rules.abbreviations)
    for a, w in rules.abbreviations.items():
        if a[0].islower():  # "Nr." as well as "nr.", at the start of a sentence
            table.setdefault(a[0].upper() + a[1:], w[0].upper() + w[1:])
    abbrs = [
        (re.compile(r"(?<![\w.])" + re.escape(a) + (r"(?!\w)" if a[-1].isalpha() else "")), w)
        for a, w in sorted(table.items(), key=lambda kv: -len(kv[0]))
    ]
    compiled = _Compiled(
        abbreviations=abbrs,
        iso_date=re.compile(r"(?<![\w.-])(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w-])"),
        numeric_date=re.compile(r"(?<![\w.,/-])(0?[1-9]|[12]\d|3[01])([./-])(0?[1-9]|1[0-2])\2(\d{4})(?![\w.]\d)"),
        day_month=re.compile(
            r"(?<![\w.,])(0?[1-9]|[12]\d|3[01])(\.|º|°|er)?(\s+(?:de\s+)?)(" + months + r")\b", re.IGNORECASE
        ),
        clock=re.compile(
            r"(?<![\w.,:])([01]?\d|2[0-3])(?::|\.(?=\d\d\s*Uhr)|\s?h\s?)([0-5]\d)(?:\s*(?:Uhr|uur))?(?![\w:,]|\.\d)"
            r"|(?<![\w.,:])([01]?\d|2[0-3])\s?(?:Uhr|uur)(?!\w)"
        ),  # a bare "2 h" is a duration (the unit "h": "zwei Stunden"); with minutes, "14 h 30" is a time
        money_before=re.compile(r"(?<![\w])(" + money + r")\s?(" + num + r")(?![\d])"),
        money_after=re.compile(r"(?<![\w.,])(" + num + r")\s?(" + money + r")(?![\w])"),
        ordinal=re.compile(rules.ordinal),
        unit=re.compile(r"(?<![\w.,])(" + num + r")\s?(%|" + unit + r")(?![\w/])"),
        number=re.compile(r"(?<![\w.,])(" + num + r")(?![\w])"),
    )
    _COMPILED[rules.code] = compiled
    return compiled


# ------------------------------------------------------------------ rewriting


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
        if rules.code in ("de", "fr", "nl"):  # "zwei Euro fünfzig", "deux euros cinquante"
            out += f" {said}"
        else:
            cent = cent_one if cents == 1 else f"{said} {cent_many}"
            out += f" {joiner} {cent}" if joiner else f" {cent}"
    return out


def _day(day: int, rules: Rules, before: str = "") -> str:
    if day == 1 and rules.first_day:
        return rules.first_day
    if rules.date_ordinal:
        return _ordinal(day, rules)
    if rules.code == "de":
        return _german_ordinal(day, before)
    return _cardinal(day, rules)


def _german_ordinal(n: int, before: str) -> str:
    """German ordinals take their ending from the word before: "der dritte", "am dritten", "ein dritter"."""
    words = num2words(n, lang="de", to="ordinal")  # "dritte"
    word = before.lower()
    if word in ("der", "die", "das", "jede", "jeder", "jedes"):
        return words
    if word in ("ein",):
        return words + "r"
    return words + "n"


def _word_before(text: str, pos: int) -> str:
    m = re.search(r"([^\W\d_]+)\s*$", text[max(0, pos - 40) : pos])
    return m.group(1) if m else ""


def verbalize(text: str, language: str) -> str:
    """Numbers and abbreviations of ``text`` in words of ``language`` (see module docstring);
    ``text`` unchanged for a language without rules."""
    rules = RULES.get(_primary(language))
    if rules is None:
        return text
    c = _compiled(rules)
    text = _pages(text, language)
    text = expand_abbreviations(text, language)

    def date(day: int, month: int, year: int, m: re.Match) -> str:
        joiner = " de " if rules.code in ("es", "pt") else " "
        said = _day(day, rules, _word_before(m.string, m.start()))
        return f"{said}{joiner}{rules.months[month - 1]}{joiner}{_year(year, rules)}"

    text = c.iso_date.sub(lambda m: date(int(m.group(3)), int(m.group(2)), int(m.group(1)), m), text)
    text = c.numeric_date.sub(lambda m: date(int(m.group(1)), int(m.group(3)), int(m.group(4)), m), text)

    def day_month(m: re.Match) -> str:
        day = int(m.group(1))
        marker = m.group(2) or ""
        if rules.code == "de" and not marker:
            return m.group(0)  # German writes the day as an ordinal: "3. Mai"
        feminine = marker in rules.feminine_markers
        if marker and rules.code != "de":
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
        n = int(m.group(1))
        if rules.code == "de":
            if not ordinal_dot(m.string, m.start(2), language):
                return m.group(0)
            return _german_ordinal(n, _word_before(m.string, m.start()))
        words = _ordinal(n, rules, m.group(2) in rules.feminine_markers)
        if rules.code == "es" and m.group(2).endswith("er"):  # "1.er día" → "primer día"
            words = re.sub(r"(primer|tercer)o$", r"\1", words)
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
