"""German: ordinals with a full stop (``am 3. Mai``, ``der 21. Kurs``, ``100. Geburtstag``) whose
ending comes from the words before ("der dritte", "am dritten", "in der dritten", "ein dritter",
"hundertster"), decimals digit by digit, "hundert" and "tausend" without "ein" (Duden), "ein Tag",
"eine Woche", "nach einer Woche" for ``1``, "mit fünf Metern" (a dative plural), cents after the
euros ("zwei Euro fünfzig", "neunundneunzig Cent"), nouns of the units with a capital, "ein Uhr",
fractions ("ein halb", "drei Viertel", "eineinhalb"), ranges ("zehn bis fünfzehn", "zwischen zehn
und fünfzehn"), "minus", telephone numbers digit by digit in their groups, regnal numbers ("Ludwig
XIV." → "Ludwig der Vierzehnte", "unter Ludwig dem Vierzehnten"). Austria says "Jänner", Switzerland
writes "ss" for "ß" and groups thousands with an apostrophe (``1'250``)."""

from __future__ import annotations

import re
from dataclasses import replace

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

DATIVE = frozenset(
    "mit von aus bei nach seit zu vor in unter ab gegenüber nebst samt außer binnen entgegen gemäß".split()
)
"""Prepositions after which a number's noun is in the dative ("mit fünf Metern", "nach einer Woche")."""

ACCUSATIVE = frozenset("für gegen durch ohne um wider".split())
"""Prepositions after which a noun is in the accusative ("für den Vierzehnten")."""

_WEAK = frozenset(
    (
        "der die das jede jeder jedes diese dieser dieses jene jener jenes welche welcher welches "
        "eine meine deine seine ihre unsere eure keine ins aufs ans fürs"
    ).split()
)
"""Words after which an ordinal ends in "-e" ("der dritte", "eine dritte")."""

_EN = frozenset(
    (
        "den dem des am im vom zum zur beim bis alle beide einen einem einer eines meinen meinem meiner "
        "meines deinen deinem deiner deines seinen seinem seiner seines ihren ihrem ihrer ihres unseren "
        "unserem unserer unseres euren eurem eurer eures keinen keinem keiner keines diesen diesem jeden "
        "jedem jenen jenem welchen welchem"
    ).split()
)
"""Words after which an ordinal ends in "-en" ("am dritten", "ihren vierzigsten")."""

_POSSESSIVE = "ein mein dein sein ihr unser euer kein".split()

ORDINAL_CONTEXT = tuple(
    dict.fromkeys(
        (
            "der die das den dem des am im vom zum zur beim ein eine einem einen einer eines "
            "ab seit vor nach jeder jede jedes ins aufs"
        ).split()
        + [*_POSSESSIVE, *(w for w in sorted(_WEAK | _EN) if w not in ("alle", "beide", "bis"))]
    )
)
"""Lower-case words after which ``3.`` is an ordinal ("der 3. Versuch", "ihren 40. Geburtstag");
not "bis": "Er zählte bis 10. Dann …" ends a sentence ("bis 5. Mai" is a date all the same)."""

ROMAN_CARDINAL = frozenset(
    (
        "kapitel teil band akt szene abschnitt artikel anhang tabelle abbildung phase stufe typ klasse "
        "gruppe buch lektion nummer folge staffel episode runde level vers absatz paragraf paragraph "
        "seite bild tafel heft jahrgang schritt übung aufgabe frage beispiel punkt anlage psalm"
    ).split()
)
"""Words after which a Roman numeral is a plain number ("Kapitel IV" → "Kapitel vier")."""


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def number_fix(words: str) -> str:
    """ "einhundert" → "hundert", "eintausendzweihundert" → "tausendzweihundert": a narrator
    says "hundert" and "tausend" (Duden gives both); "zweitausendeinhundert" keeps its "ein"."""
    return re.sub(r"(?<![^\W\d_])ein(?=hundert|tausend)", "", words)


def _ordinal(n: int) -> str:
    return number_fix(num2words(n, lang="de", to="ordinal"))  # "dritte"


def _cardinal(n: int) -> str:
    return number_fix(num2words(n, lang="de"))


def _ending(before: str) -> str:
    """The ending of an ordinal after ``before`` (up to two words): "e", "en", "em" or "er"."""
    words = before.lower().split()
    last = words[-1] if words else ""
    previous = words[-2] if len(words) > 1 else ""
    if last == "der" and previous in DATIVE | {"an", "auf", "hinter", "neben", "über", "zwischen", "während"}:
        return "en"  # "in der dritten Klasse": a feminine dative
    if last in _WEAK:
        return "e"
    if last in _EN:
        return "en"
    if last in DATIVE:
        return "em"  # "seit drittem Mai"
    return "er"  # "ein dritter Versuch", "sein dritter Roman", no article: "hundertster Geburtstag"


def ordinal_after(n: int, before: str) -> str:
    """German ordinals take their ending from the words before: "der dritte", "am dritten", "ein
    dritter", "in der dritten", and without an article "hundertster"."""
    return _ordinal(n)[:-1] + _ending(before)


_FEMININE_ENDINGS = ("e", "ung", "heit", "keit", "schaft", "ion", "tät", "ik", "ie", "enz", "anz", "ur", "ei")
_NOT_FEMININE = frozenset(
    (
        "Ei Ende Auge Käse Name Junge Kunde Gedanke Glaube Wille Buchstabe Friede Löwe Affe Hase Erbe "
        "Interesse Knie Genie Typ Abitur Zentimeter"
    ).split()
)


def _feminine(noun: str) -> bool:
    """A guess at a noun's gender from its ending ("Woche", "Stunde", "Zeitung": feminine)."""
    if noun in _NOT_FEMININE or len(noun) < 3:
        return False
    if noun.startswith("Ge") and noun.endswith("e"):
        return noun == "Geschichte"  # "Gebäude", "Gemüse": neuter
    return noun.endswith(_FEMININE_ENDINGS)


def before_noun(words: str, noun: str, before: str) -> str:
    """ "1" before a noun is an article: "ein Tag", "eine Woche", "nach einer Woche", "mit einem Ei";
    before anything else it stays "eins" ("Kapitel 1 beginnt")."""
    if words != "eins" or not noun[:1].isupper():
        return words
    feminine = _feminine(noun)
    if before.lower() in DATIVE:
        return "einer" if feminine else "einem"
    return "eine" if feminine else "ein"


def inflect_after(words: str, before: str) -> str:
    """The words after a number in the dative a preposition asks for: "mit einem Kilogramm",
    "nach einer Stunde", "mit fünf Metern" (Meter and Liter take an "n" in the dative plural)."""
    if before.lower() not in DATIVE:
        return words
    first, space, rest = words.partition(" ")
    if first in ("ein", "eine"):
        return ("einem" if first == "ein" else "einer") + space + rest
    if first.lower().endswith(("meter", "liter")):
        return first + "n" + space + rest
    return words


def clock_time(hours: int, minutes: int) -> str:
    """ "1:00" → "ein Uhr", "24:45" → "vierundzwanzig Uhr fünfundvierzig"."""
    hour = "ein" if hours == 1 else _cardinal(hours)
    return f"{hour} Uhr" if minutes == 0 else f"{hour} Uhr {_cardinal(minutes)}"


def fraction(whole: int | None, numerator: int, denominator: int, after: str = "") -> str:
    """ "1/2" → "ein halb", "3/4" → "drei Viertel", "1 1/2" → "eineinhalb", "2 3/4" → "zwei und
    drei Viertel", "7/20" → "sieben Zwanzigstel" (Duden: the fraction's noun with a capital)."""
    if denominator == 2 and numerator == 1:
        if whole is None:
            return "ein halb"
        return re.sub(r"eins$", "ein", _cardinal(whole)) + "einhalb"
    part = "Halbe" if denominator == 2 else _cap(_ordinal(denominator)[:-1] + "el")  # "Drittel", "Achtel"
    said = ("ein" if numerator == 1 else _cardinal(numerator)) + " " + part
    return said if whole is None else f"{_cardinal(whole)} und {said}"


def _feminine_name(name: str) -> bool:
    return name.endswith(("a", "e", "th", "ild", "ud"))  # "Maria", "Christine", "Elisabeth", "Gertrud"


def regnal(n: int, name: str, before: str) -> str | None:
    """ "Ludwig XIV." → "der Vierzehnte", "unter Ludwig XIV." → "dem Vierzehnten", "Elisabeth II." →
    "die Zweite"; None after a word that counts ("Kapitel IV.") or governs an ordinal ("Im III. Akt")."""
    if name.lower() in ROMAN_CARDINAL or name.lower() in ORDINAL_CONTEXT:
        return None
    feminine = _feminine_name(name)
    case = "dative" if before.lower() in DATIVE else "accusative" if before.lower() in ACCUSATIVE else ""
    article = {"dative": ("dem", "der"), "accusative": ("den", "die"), "": ("der", "die")}[case][feminine]
    ending = "n" if case == "dative" or (case == "accusative" and not feminine) else ""
    return f"{article} {_cap(_ordinal(n))}{ending}"


def roman(n: int, word: str) -> str | None:
    """ "Kapitel IV" → "Kapitel 4" (read as a number), "im XIX. Jahrhundert" → "im 19. Jahrhundert"
    (read as an ordinal); elsewhere a Roman numeral stays as written."""
    w = word.lower()
    return str(n) if w in ROMAN_CARDINAL or w in ORDINAL_CONTEXT else None


def _nouns(units: UnitTable) -> UnitTable:
    """Every noun with a capital ("ein Kilovolt", "Wattstunden")."""
    return {k: (f"{one.split(' ', 1)[0]} {_cap(one.split(' ', 1)[1])}", _cap(many)) for k, (one, many) in units.items()}


MORE_UNITS: UnitTable = {
    "°": ("ein Grad", "Grad"),  # an angle: "45°" ("°C" is Celsius)
    "°F": ("ein Grad Fahrenheit", "Grad Fahrenheit"),
    "‰": ("ein Promille", "Promille"),
    "mph": ("eine Meile pro Stunde", "Meilen pro Stunde"),
    "mi": ("eine Meile", "Meilen"),
    "oz": ("eine Unze", "Unzen"),
    "lb": ("ein Pfund", "Pfund"),
    "lbs": ("ein Pfund", "Pfund"),
    "ft": ("ein Fuß", "Fuß"),
    "yd": ("ein Yard", "Yards"),
    "gal": ("eine Gallone", "Gallonen"),
    "m²": ("ein Quadratmeter", "Quadratmeter"),
    "km²": ("ein Quadratkilometer", "Quadratkilometer"),
    "cm²": ("ein Quadratzentimeter", "Quadratzentimeter"),
    "mm²": ("ein Quadratmillimeter", "Quadratmillimeter"),
    "m³": ("ein Kubikmeter", "Kubikmeter"),
    "cm³": ("ein Kubikzentimeter", "Kubikzentimeter"),
    "µm": ("ein Mikrometer", "Mikrometer"),
    "μm": ("ein Mikrometer", "Mikrometer"),
    "µg": ("ein Mikrogramm", "Mikrogramm"),
    "μg": ("ein Mikrogramm", "Mikrogramm"),
    "µs": ("eine Mikrosekunde", "Mikrosekunden"),
    "μs": ("eine Mikrosekunde", "Mikrosekunden"),
    "ns": ("eine Nanosekunde", "Nanosekunden"),
    "t": ("eine Tonne", "Tonnen"),
    "dl": ("ein Deziliter", "Deziliter"),
    "cl": ("ein Zentiliter", "Zentiliter"),
    "ha": ("ein Hektar", "Hektar"),
    "kcal": ("eine Kilokalorie", "Kilokalorien"),
    "hPa": ("ein Hektopascal", "Hektopascal"),
    "dB": ("ein Dezibel", "Dezibel"),
}
"""Units besides the kitchen, electrical and data ones: areas, volumes, SI prefixes, the customary
units (miles, ounces, pounds, feet), an angle's degree."""

MONTHS = tuple("Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split())

MONTH_NAMES = {
    "Jan.": "Januar",
    "Feb.": "Februar",
    "Mrz.": "März",
    "Mär.": "März",
    "Apr.": "April",
    "Jun.": "Juni",
    "Jul.": "Juli",
    "Aug.": "August",
    "Sep.": "September",
    "Sept.": "September",
    "Okt.": "Oktober",
    "Nov.": "November",
    "Dez.": "Dezember",
    "Jänner": "Jänner",
    "Feber": "Feber",
}
"""Month abbreviations ("3. Okt.") and the Austrian names, read wherever German is."""

RULES = Rules(
    code="de",
    thousands=".\u00a0\u202f ",
    decimal_word="Komma",
    months=MONTHS,
    units=unit_table(
        MORE_UNITS,
        kitchen_units(
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
        _nouns(
            electric_and_data(
                ("ein", "eine"),
                {
                    **family("V", "m", "volt"),
                    **family("W", "m", "watt"),
                    **family("Hz", "m", "hertz"),
                    **family("Wh", "f", "wattstunde", "wattstunden"),
                    "mA": ("m", "Milliampere", "Milliampere"),
                    "Ah": ("f", "Amperestunde", "Amperestunden"),
                    "mAh": ("f", "Milliamperestunde", "Milliamperestunden"),
                    **data_units("m", "byte"),
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
    ),
    money={
        "€": ("ein Euro", "Euro", "ein Cent", "Cent", ""),
        "EUR": ("ein Euro", "Euro", "ein Cent", "Cent", ""),
        "$": ("ein Dollar", "Dollar", "ein Cent", "Cent", ""),
        "USD": ("ein Dollar", "Dollar", "ein Cent", "Cent", ""),
        "CHF": ("ein Franken", "Franken", "ein Rappen", "Rappen", ""),
        "£": ("ein Pfund", "Pfund", "ein Penny", "Pence", ""),
        "GBP": ("ein Pfund", "Pfund", "ein Penny", "Pence", ""),
    },
    abbreviations={
        "z. B.": "zum Beispiel",
        "z.B.": "zum Beispiel",
        "z.b.": "zum Beispiel",
        "d. h.": "das heißt",
        "d.h.": "das heißt",
        "u. a.": "unter anderem",
        "u.a.": "unter anderem",
        "v. a.": "vor allem",
        "v.a.": "vor allem",
        "o. Ä.": "oder Ähnliches",
        "u. Ä.": "und Ähnliches",
        "s. o.": "siehe oben",
        "s. u.": "siehe unten",
        "i. d. R.": "in der Regel",
        "u. U.": "unter Umständen",
        "z. T.": "zum Teil",
        "m. E.": "meines Erachtens",
        "u. v. m.": "und vieles mehr",
        "n. Chr.": "nach Christus",
        "n.Chr.": "nach Christus",
        "v. Chr.": "vor Christus",
        "v.Chr.": "vor Christus",
        "usw.": "und so weiter",
        "etc.": "et cetera",
        "bzw.": "beziehungsweise",
        "bspw.": "beispielsweise",
        "bzgl.": "bezüglich",
        "insb.": "insbesondere",
        "ca.": "circa",
        "Nr.": "Nummer",
        "Dr.": "Doktor",
        "Prof.": "Professor",
        "Hr.": "Herr",
        "Hrn.": "Herrn",
        "Tel.": "Telefon",
        "evtl.": "eventuell",
        "ggf.": "gegebenenfalls",
        "vgl.": "vergleiche",
        "Abb.": "Abbildung",
        "inkl.": "inklusive",
        "zzgl.": "zuzüglich",
        "exkl.": "exklusive",
        "MwSt.": "Mehrwertsteuer",
        "Jh.": "Jahrhundert",
        "Jhd.": "Jahrhundert",
        "geb.": "geboren",
        "gest.": "gestorben",
        "max.": "maximal",
        "mind.": "mindestens",
        "allg.": "allgemein",
        "Hbf.": "Hauptbahnhof",
        "Mo.–Fr.": "Montag bis Freitag",
        "Mo.-Fr.": "Montag bis Freitag",
        "Mo.–Sa.": "Montag bis Samstag",
        "Mo.-Sa.": "Montag bis Samstag",
    },
    pages={
        "S.": ("Seite", "Seiten"),
        "Bd.": ("Band", "Band"),
        "Kap.": ("Kapitel", "Kapitel"),
        "Art.": ("Artikel", "Artikel"),
        "Abs.": ("Absatz", "Absätze"),
        "Tab.": ("Tabelle", "Tabellen"),
        "Jg.": ("Jahrgang", "Jahrgänge"),
        "§§": ("Paragrafen", "Paragrafen"),
        "§": ("Paragraf", "Paragrafen"),
    },
    ordinal=r"(?<![\w.,])(\d{1,7})(\.)(?=\s+[^\W\d_])",
    clock="{h} Uhr {m}",
    clock_hour="{h} Uhr",
    percent=("ein Prozent", "Prozent"),
    digit_by_digit=True,
    ordinal_context=ORDINAL_CONTEXT,
    bare_cents=True,
    dot_ordinals=True,
    day_needs_marker=True,
    clock_words=("Uhr",),
    clock_separators=(r"\.(?=\d\d\s*Uhr)",),  # "14.30 Uhr"
    day_markers=(".",),
    address_words=("Punkt", "at", "Schrägstrich"),
    minus_word="minus",
    plus_word="plus",
    range_joiners={"": "bis", "zwischen": "und"},
    phone_context=(
        "telefon",
        "tel",
        "fax",
        "mobil",
        "handy",
        "hotline",
        "ruf",
        "rufen",
        "anrufen",
        "rufnummer",
        "telefonnummer",
        "durchwahl",
        "wähle",
        "wählen",
        "wählt",
        "notruf",
    ),
    score_word="zu",
    ratio_word="zu",
    decade_suffix="er",
    phone_trunk="0",
    phone_group=4,
    hour_sign_words=("um", "gegen", "ab", "bis"),  # "9 h" after them: a time of day
    version_word="Version",  # "v2.3.1"
    symbols={
        "^": "hoch",
        "=": "gleich",
        "+": "plus",
        "−": "minus",
        "×": "mal",
        "·": "mal",
        "÷": "geteilt durch",
        "≈": "ungefähr",
        "±": "plus minus",
        "≠": "ungleich",
        "≤": "kleiner gleich",
        "≥": "größer gleich",
        "<": "kleiner als",
        ">": "größer als",
        "==": "ist gleich",
    },
    year_words=tuple(
        (
            "jahr jahre jahres jahrs anno seit von bis ab um vor nach zwischen anfang ende mitte sommer winter "
            "frühjahr frühling herbst geboren gestorben gegründet"
        ).split()
    ),
    years_between=(1100, 1999),  # "1715", "1500": hundreds, as a narrator says them ("siebzehnhundertfünfzehn")
    month_names=MONTH_NAMES,
    scales={
        "Mio.": ("eine Million", "Millionen"),
        "Million": ("eine Million", "Millionen"),
        "Millionen": ("eine Million", "Millionen"),
        "Mrd.": ("eine Milliarde", "Milliarden"),
        "Milliarde": ("eine Milliarde", "Milliarden"),
        "Milliarden": ("eine Milliarde", "Milliarden"),
    },
    domains=("at", "ch", "li", "eu"),
    inflected_ordinal=ordinal_after,
    number_fix=number_fix,
    before_noun=before_noun,
    fraction=fraction,
    clock_time=clock_time,
    roman=roman,
    regnal=regnal,
    inflect_after=inflect_after,
)
"""German's table (Germany's; Austria's and Switzerland's in ``regions``)."""

AUSTRIA = replace(
    RULES,
    code="de_AT",
    months=("Jänner", *MONTHS[1:]),
    month_names={**MONTH_NAMES, "Jan.": "Jänner"},
)
"""Austrian German: "Jänner" for January (a numeric date, "Jan."); a written "Januar" stays."""

SWITZERLAND = replace(
    RULES,
    code="de_CH",
    thousands="'’" + RULES.thousands,
    respell=lambda text: text.replace("ß", "ss"),
)
"""Swiss German: "ss" for "ß" ("dreissig", "Fuss"), thousands grouped by an apostrophe (``1'250``)."""

RULES = replace(RULES, regions={"at": AUSTRIA, "ch": SWITZERLAND, "li": SWITZERLAND})


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "ungleich gleich",
    "shebang": "Shebang",
    "triple equal": "gleich gleich gleich",
    "star star": "Stern Stern",
    "slash slash": "Schrägstrich Schrägstrich",
    "not equal": "ungleich",
    "double equal": "gleich gleich",
    "less or equal": "kleiner gleich",
    "greater or equal": "größer gleich",
    "arrow": "Pfeil",
    "fat arrow": "Doppelpfeil",
    "left arrow": "Pfeil nach links",
    "and and": "und und",
    "or or": "oder oder",
    "double greater than": "doppelt größer als",
    "double less than": "doppelt kleiner als",
    "plus equals": "plus gleich",
    "minus equals": "minus gleich",
    "double colon": "doppelter Doppelpunkt",
    "star": "Stern",
    "dot": "Punkt",
    "dollar": "Dollar",
    "equals": "gleich",
    "less than": "kleiner als",
    "greater than": "größer als",
    "plus": "plus",
    "dash": "Strich",
    "slash": "Schrägstrich",
    "backslash": "Backslash",
    "underscore": "Unterstrich",
    "hash": "Raute",
    "at": "at",
    "percent": "Prozent",
    "ampersand": "Und-Zeichen",
    "pipe": "senkrechter Strich",
    "tilde": "Tilde",
    "caret": "Zirkumflex",
    "open paren": "Klammer auf",
    "close paren": "Klammer zu",
    "open bracket": "eckige Klammer auf",
    "close bracket": "eckige Klammer zu",
    "open brace": "geschweifte Klammer auf",
    "close brace": "geschweifte Klammer zu",
    "quote": "Anführungszeichen",
    "backtick": "Backtick",
    "colon": "Doppelpunkt",
    "semicolon": "Semikolon",
    "comma": "Komma",
    "question mark": "Fragezeichen",
    "bang": "Ausrufezeichen",
    "minus": "minus",
    "of": "von",
    "and": "und",
    "with": "mit",
    "dunder": "Dunder",
    "point": "Punkt",
    "in braces": "in geschweiften Klammern",
    "in double braces": "in doppelten geschweiften Klammern",
    "in brackets": "in eckigen Klammern",
    "in parentheses": "in Klammern",
    "empty braces": "leere geschweifte Klammern",
    "empty brackets": "leere eckige Klammern",
    "empty parentheses": "leere Klammern",
    "empty string": "eine leere Zeichenkette",
    "the list": "die Liste",
    "the list of lists": "die Liste der Listen",
    "item": "Element",
    "and so on": "und so weiter",
    "up to": "bis",
    "something": "etwas",
    "the output of": "die Ausgabe von",
    "the value of": "der Wert von",
    "blank": "Lücke",
    "times": "mal",
    "divided by": "geteilt durch",
    "modulo": "modulo",
    "count times": "Mal",
    "to": "bis",
    "or more": "oder mehr",
    "or": "oder",
}
"""How code's symbols are said in German (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "daraus folgt",
    "iff": "genau dann, wenn",
    "if": "falls",
    "otherwise": "sonst",
    "limit": "der Grenzwert für {v} gegen {a} von",
    "from_to": "ausgewertet von {a} bis {b}",
    "at": "ausgewertet an der Stelle {a}",
    "matrix": "die {r} mal {c} Matrix mit den Zeilen",
    "column": "der Spaltenvektor",
    "row": "der Zeilenvektor",
    "and": "und",
    "celsius": "Grad Celsius",
    "fahrenheit": "Grad Fahrenheit",
    "times": "mal",
    "tends": "gegen",
    "so": "also",
    "right": "nach rechts",
    "left": "nach links",
    "up": "nach oben",
    "down": "nach unten",
    "clockwise": "im Uhrzeigersinn",
    "anticlockwise": "gegen den Uhrzeigersinn",
    "sre open": "Klammer auf|eckige Klammer auf",
    "sre close": "Klammer zu|eckige Klammer zu",
    "sre of": "von",
    "sre comma": "Komma",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; how speech-rule-engine says brackets, "of" and the comma ("sre ..."); "~" + its
words → the words said instead."""


LANGUAGE = Language(
    code="de",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="German",
    iso639_2="deu",
    quiz=QuizWords(
        quiz_headings=(
            "teste dein wissen",
            "teste dich",
            "testen sie ihr wissen",
            "selbsttest",
            "wissenscheck",
            "übungsfragen",
            "fragen",
            "übung(en)?",
        ),
        next_headings=("als nächstes", "weiter geht'?s", "nächste lektion(en)?", "demnächst"),
        answer=("(richtige )?antwort", "lösung"),
        explanation=("erklärung", "begründung"),
        question=("frage",),
        lesson=("lektion", "von"),
        asking=(
            "was|wer|wen|wem|wessen|wie|wo|wann|warum|weshalb|wieso|wozu",
            "wo(?:her|hin|mit|für|rauf|ran|rin|durch|von|zu|rüber|bei)|welche[rsmn]?|ist|sind",
            "bist|seid|war|waren|hat|haben|hatte|kann|können|konnte|soll|sollte|muss|müssen",
            "wird|werden|würde|gibt|gab|darf|dürfen",
        ),
    ),
    rules=RULES,
)
"""German: the one object narrate asks about the language (see :class:`Language`)."""
