"""French: ordinals ``1er``/``1re``/``21e``/``2nde`` (feminine "première", "seconde"), "premier mai"
for the first of a month, ``14 h 30``, cents after the euros ("deux euros cinquante")."""

from __future__ import annotations

import re

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table


def feminine(words: str) -> str:
    """The feminine of French ordinal words: "premier" → "première", "second" → "seconde" (the
    others do not change)."""
    words = re.sub(r"\bpremier\b", "première", words)
    return re.sub(r"\bsecond\b", "seconde", words)


LANGUAGE = Rules(
    code="fr",
    thousands="\u00a0\u202f .",
    decimal_word="virgule",
    months=tuple("janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()),
    units=unit_table(
        kitchen_units(
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
        electric_and_data(
            ("un", "une"),
            {
                **family("V", "m", "volt", "volts"),
                **family("W", "m", "watt", "watts"),
                **family("Hz", "m", "hertz"),
                **family("Wh", "m", "wattheure", "wattheures"),
                "mA": ("m", "milliampère", "milliampères"),
                "Ah": ("m", "ampère-heure", "ampères-heures"),
                "mAh": ("m", "milliampère-heure", "milliampères-heures"),
                **data_units("m", "octet", "octets"),
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
    pages={"p.": ("page", "pages"), "pp.": ("pages", "pages")},
    ordinal=r"(?<![\w.,])(\d{1,4})(ers?|res?|ères?|èmes?|es?|nde?s?)(?!\w)",
    clock="{h} heures {m}",
    clock_hour="{h} heures",
    percent=("un pour cent", "pour cent"),
    feminine_markers=("re", "res", "ère", "ères", "nde", "ndes"),
    first_day="premier",
    bare_cents=True,
    clock_separators=(r"\s?h\s?",),  # "14 h 30", "14h30"
    day_markers=("er",),  # "1er mai"
    feminine_ordinal=feminine,
)
"""French's table."""
