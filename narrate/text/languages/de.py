"""German: ordinals with a full stop (``am 3. Mai``, ``der 21. Kurs``) whose ending comes from the
word before ("der dritte", "am dritten", "ein dritter"), decimals digit by digit, "ein Tag" for
``1 Tag``, cents after the euros ("zwei Euro fünfzig"), nouns of the units with a capital."""

from __future__ import annotations

from num2words import num2words

from narrate.text.languages._machinery import (
    Rules,
    UnitTable,
    data_units,
    electric_and_data,
    family,
    kitchen_units,
    unit_table,
)


def ordinal_after(n: int, before: str) -> str:
    """German ordinals take their ending from the word before: "der dritte", "am dritten", "ein dritter"."""
    words = num2words(n, lang="de", to="ordinal")  # "dritte"
    word = before.lower()
    if word in ("der", "die", "das", "jede", "jeder", "jedes"):
        return words
    if word in ("ein",):
        return words + "r"
    return words + "n"


def _nouns(units: UnitTable) -> UnitTable:
    """Every noun with a capital ("ein Kilovolt", "Wattstunden")."""
    return {k: (f"{one.split(' ', 1)[0]} {_cap(one.split(' ', 1)[1])}", _cap(many)) for k, (one, many) in units.items()}


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


LANGUAGE = Rules(
    code="de",
    thousands=".\u00a0\u202f",
    decimal_word="Komma",
    months=tuple("Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()),
    units=unit_table(
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
    pages={"S.": ("Seite", "Seiten"), "Bd.": ("Band", "Band")},
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
    bare_cents=True,
    dot_ordinals=True,
    day_needs_marker=True,
    clock_words=("Uhr",),
    clock_separators=(r"\.(?=\d\d\s*Uhr)",),  # "14.30 Uhr"
    day_markers=(".",),
    inflected_ordinal=ordinal_after,
)
"""German's table."""
