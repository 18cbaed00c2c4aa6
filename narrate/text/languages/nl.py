"""Dutch: ordinals ``21e``/``1ste``, decimals digit by digit, "14 uur", cents after the euros
("twee euro vijftig")."""

from __future__ import annotations

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table

LANGUAGE = Rules(
    code="nl",
    thousands=".\u00a0\u202f",
    decimal_word="komma",
    months=tuple("januari februari maart april mei juni juli augustus september oktober november december".split()),
    units=unit_table(
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
    pages={"p.": ("pagina", "pagina's"), "blz.": ("bladzijde", "bladzijden"), "pp.": ("pagina's", "pagina's")},
    ordinal=r"(?<![\w.,])(\d{1,3})(ste|de|e)(?!\w)",
    clock="{h} uur {m}",
    clock_hour="{h} uur",
    percent=("één procent", "procent"),
    digit_by_digit=True,
    bare_cents=True,
    clock_words=("uur",),
)
"""Dutch's table."""
