"""Spanish: ordinals ``21.º``/``1.ª``/``1.er`` ("primer día"), dates joined by "de" ("tres de mayo
de 2024"), "un día" for ``1 día``, cents with "con" ("dos euros con cincuenta céntimos")."""

from __future__ import annotations

import re

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table

_PREFIXED = (("m", "mili"), ("k", "kilo"), ("M", "mega"), ("G", "giga"))


def feminine(words: str) -> str:
    """The feminine of Spanish ordinal words: "primero" → "primera", "vigésimo primero" → "vigésima primera"."""
    return re.sub(r"o\b", "a", words)


def shortened(words: str, marker: str) -> str:
    """``1.er``, ``3.er`` before a noun: "primer", "tercer" (not "primero", "tercero")."""
    if marker.endswith("er"):  # "1.er día" → "primer día"
        return re.sub(r"(primer|tercer)o$", r"\1", words)
    return words


LANGUAGE = Rules(
    code="es",
    thousands=".\u00a0\u202f",
    decimal_word="coma",
    months=tuple("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()),
    units=unit_table(
        kitchen_units(
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
        electric_and_data(
            ("un", "una"),
            {
                **family("V", "m", "voltio", "voltios", prefixes=_PREFIXED),
                **family("W", "m", "vatio", "vatios", prefixes=_PREFIXED),
                **family("Hz", "m", "hercio", "hercios", prefixes=_PREFIXED),
                **family("Wh", "m", "vatio hora", "vatios hora", prefixes=_PREFIXED),
                "mA": ("m", "miliamperio", "miliamperios"),
                "Ah": ("m", "amperio hora", "amperios hora"),
                "mAh": ("m", "miliamperio hora", "miliamperios hora"),
                **data_units("m", "byte", "bytes"),
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
    pages={"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°]|\.?er)(?!\w)",
    clock="{h} y {m}",
    one_before_noun="un",
    clock_hour="{h} en punto",
    percent=("uno por ciento", "por ciento"),
    feminine_markers=(".ª", "ª"),
    date_joiner=" de ",
    day_markers=("º", "°"),  # "1º de mayo"
    feminine_ordinal=feminine,
    marked_ordinal=shortened,
)
"""Spanish's table."""
