"""Italian: ordinals ``21º``/``3ª`` (feminine "terza"), "primo maggio" for the first of a month,
"un giorno" for ``1 giorno``, cents with "e" ("due euro e cinquanta centesimi")."""

from __future__ import annotations

import re

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table


def feminine(words: str) -> str:
    """The feminine of Italian ordinal words: "terzo" → "terza"."""
    return re.sub(r"o\b", "a", words)


LANGUAGE = Rules(
    code="it",
    thousands=".\u00a0\u202f",
    decimal_word="virgola",
    months=tuple(
        "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split()
    ),
    units=unit_table(
        kitchen_units(
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
        electric_and_data(
            ("un", "una"),
            {
                **family("V", "m", "volt"),
                **family("W", "m", "watt"),
                **family("Hz", "m", "hertz"),
                **family("Wh", "m", "wattora"),
                "mA": ("m", "milliampere", "milliampere"),
                "Ah": ("m", "amperora", "amperora"),
                "mAh": ("m", "milliamperora", "milliamperora"),
                **data_units("m", "byte"),
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
    pages={"p.": ("pagina", "pagine"), "pp.": ("pagine", "pagine"), "pag.": ("pagina", "pagine")},
    ordinal=r"(?<![\w.,])(\d{1,3})([ºª°])(?!\w)",
    clock="{h} e {m}",
    clock_hour="le {h}",
    one_before_noun="un",
    percent=("l'uno per cento", "per cento"),
    feminine_markers=("ª",),
    first_day="primo",
    day_markers=("º", "°"),  # "1º maggio"
    feminine_ordinal=feminine,
)
"""Italian's table."""
