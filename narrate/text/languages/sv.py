"""Swedish: ordinals ``21:a``/``3:e``, a day before a month said as an ordinal ("den tredje maj"),
decimals digit by digit, kronor and öre joined by "och"."""

from __future__ import annotations

from narrate.text.languages._machinery import Rules, data_units, electric_and_data, family, kitchen_units, unit_table

LANGUAGE = Rules(
    code="sv",
    thousands="\u00a0\u202f ",
    decimal_word="komma",
    months=tuple("januari februari mars april maj juni juli augusti september oktober november december".split()),
    units=unit_table(
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
    pages={"s.": ("sidan", "sidorna")},
    ordinal=r"(?<![\w.,])(\d{1,3})(:[ae])(?!\w)",
    clock="{h} och {m}",
    clock_hour="{h}",
    percent=("en procent", "procent"),
    digit_by_digit=True,
    date_ordinal=True,
)
"""Swedish's table."""
