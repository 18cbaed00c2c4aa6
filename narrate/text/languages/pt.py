"""Portuguese: ordinals ``21.º``/``2.ª`` (feminine "segunda"), dates joined by "de" ("três de maio
de 2024"), cents with "e" ("dois euros e cinquenta cêntimos")."""

from __future__ import annotations

import re

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table

_PREFIXED = (("m", "mili"), ("k", "quilo"), ("M", "mega"), ("G", "giga"))


def feminine(words: str) -> str:
    """The feminine of Portuguese ordinal words: "segundo" → "segunda"."""
    return re.sub(r"o\b", "a", words)


LANGUAGE = Rules(
    code="pt",
    thousands=".\u00a0\u202f",
    decimal_word="vírgula",
    months=tuple("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()),
    units=unit_table(
        kitchen_units(
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
        electric_and_data(
            ("um", "uma"),
            {
                **family("V", "m", "volt", "volts", prefixes=_PREFIXED),
                **family("W", "m", "watt", "watts", prefixes=_PREFIXED),
                **family("Hz", "m", "hertz", prefixes=_PREFIXED),
                **family("Wh", "m", "watt-hora", "watts-hora", prefixes=_PREFIXED),
                "mA": ("m", "miliampere", "miliamperes"),
                "Ah": ("m", "ampere-hora", "amperes-hora"),
                "mAh": ("m", "miliampere-hora", "miliamperes-hora"),
                **data_units("m", "byte", "bytes", "quilo"),
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
    pages={"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°])(?!\w)",
    clock="{h} e {m}",
    clock_hour="{h} horas",
    percent=("um por cento", "por cento"),
    feminine_markers=(".ª", "ª"),
    date_joiner=" de ",
    day_markers=("º", "°"),  # "1º de maio"
    feminine_ordinal=feminine,
)
"""Portuguese's table."""
