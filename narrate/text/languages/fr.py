"""French: ordinals ``1er``/``1re``/``21e``/``2nde``/``2ᵉ`` (feminine "première", "seconde"), "premier
mai" for the first of a month, ``14 h 30``, cents after the euros ("deux euros cinquante"), "vingt
et une heures" (the feminine before a feminine noun), "trois millions d'euros", fractions "un demi",
"trois quarts", "un tiers", a mark "15/20" "quinze sur vingt", telephone numbers in pairs ("zéro
un, vingt-trois, ..."), Roman numerals ("Louis XIV" → "Louis quatorze", "François Ier" →
"premier", "XIXe siècle" → "dix-neuvième siècle"), titles written with superscript letters ("Dʳ",
"Mᵐᵉ"). Belgian and Swiss French say "septante" and "nonante" (``fr-BE``, ``fr-CH``); Québec
calls @ "arobas" (``fr-CA``)."""

from __future__ import annotations

import re
from collections.abc import Callable
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


def feminine(words: str) -> str:
    """The feminine of French ordinal words: "premier" → "première", "second" → "seconde" (the
    others do not change)."""
    words = re.sub(r"\bpremier\b", "première", words)
    return re.sub(r"\bsecond\b", "seconde", words)


def marked(words: str, marker: str) -> str:
    """The ordinal ``words`` as its written marker says: "2nd"/"2nde" → "second"/"seconde", a plural
    marker adds an ``s`` ("10es" → "dixièmes", "1ers" → "premiers")."""
    if marker.startswith("nd"):
        words = re.sub(r"deuxième$", "seconde" if marker.startswith("nde") else "second", words)
    return words + "s" if marker.endswith(("s", "ˢ")) else words


def number_fix(words: str) -> str:
    """num2words' French → the Académie's: "quatre-vingtsième" → "quatre-vingtième" (the plural
    ``s`` of "vingts" and "cents" goes before "-ième"), "un millionième" → "millionième"."""
    words = re.sub(r"(vingt|cent)sième", r"\1ième", words)
    return re.sub(r"^un (million|milliard)ième", r"\1ième", words)


_TEENS = {"dix": 0, "onze": 1, "douze": 2, "treize": 3, "quatorze": 4, "quinze": 5, "seize": 6}
_TEENS |= {"dix-sept": 7, "dix-huit": 8, "dix-neuf": 9}
_TEEN_ORDINALS = {"dixième": 0, "onzième": 1, "douzième": 2, "treizième": 3, "quatorzième": 4}
_TEEN_ORDINALS |= {"quinzième": 5, "seizième": 6, "dix-septième": 7, "dix-huitième": 8, "dix-neuvième": 9}
_DIGITS = ("", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf")
_DIGIT_ORDINALS: tuple[str, ...] = ("", "unième", "deuxième", "troisième", "quatrième", "cinquième", "sixième")
_DIGIT_ORDINALS += ("septième", "huitième", "neuvième")
_SEVENTY_NINETY = re.compile(
    r"\b(soixante|quatre-vingt)(?:-| et )("
    + "|".join(sorted([*_TEENS, *_TEEN_ORDINALS], key=len, reverse=True))
    + r")(?![\w-])"
)


def septante(words: str) -> str:
    """French words as said in Belgium and Switzerland: "soixante-dix" → "septante",
    "quatre-vingt-onze" → "nonante et un", "soixante-dix-septième" → "septante-septième"
    ("quatre-vingts" stays)."""

    def repl(m: re.Match) -> str:
        base = "septante" if m.group(1) == "soixante" else "nonante"
        tail = m.group(2)
        ordinal = tail.endswith("ième")
        unit = _TEEN_ORDINALS[tail] if ordinal else _TEENS[tail]
        if unit == 0:
            return base[:-1] + "ième" if ordinal else base
        if unit == 1:
            return f"{base} et " + ("unième" if ordinal else "un")
        return f"{base}-" + (_DIGIT_ORDINALS[unit] if ordinal else _DIGITS[unit])

    return _SEVENTY_NINETY.sub(repl, number_fix(words))


def respell(text: str) -> str:
    """ "deux millions d' habitants" → "deux millions d'habitants" (the "de" after a round million,
    elided before a vowel, joins the word after it)."""
    return re.sub(r"\b([dD]') +(?=[^\W\d_])", r"\1", text)


def _words(fix: Callable[[str], str]) -> Callable[[int], str]:
    return lambda n: fix(num2words(n, lang="fr"))


def _feminine_number(words: str) -> str:
    """ "vingt et un" → "vingt et une", "un" → "une" (before a feminine noun)."""
    return re.sub(r"\bun$", "une", words)


_FEMININE_NOUNS = frozenset(
    """heure heures minute minutes seconde secondes milliseconde millisecondes fois tonne tonnes once
    onces personne personnes page pages année années semaine semaines journée journées place places
    question questions leçon leçons classe classes étape étapes voix ligne lignes calorie calories
    kilocalorie kilocalories pièce pièces partie parties fille filles femme femmes""".split()
)
"""Feminine nouns a number often counts in a lesson: "vingt et une heures", "une fois"."""

_VOWELS = "aeiouyàâäéèêëîïôöùûüh"


def before_noun(words: str, noun: str, before: str) -> str:
    """A whole number's words before ``noun``: feminine before a feminine noun ("vingt et une
    heures"); "de"/"d'" after a round million ("trois millions d'euros", "un million de dollars")."""
    low = noun.lower()
    if low in _FEMININE_NOUNS:
        words = _feminine_number(words)
    if low and low not in ("de", "d", "du", "des") and re.search(r"\b(?:millions?|milliards?)$", words):
        words += " d'" if low[0] in _VOWELS else " de"
    return words


_DENOMINATORS = {2: ("demi", "demis"), 3: ("tiers", "tiers"), 4: ("quart", "quarts")}


def _fraction(fix: Callable[[str], str]) -> Callable[[int | None, int, int, str], str]:
    say = _words(fix)

    def fraction(whole: int | None, numerator: int, denominator: int, after: str) -> str:
        """ "1/2" → "un demi", "3/4" → "trois quarts", "5/8" → "cinq huitièmes", "2 1/2" → "deux
        et demi", a mark "15/20" → "quinze sur vingt"."""
        if denominator == 20 and whole is None:
            return f"{say(numerator)} sur vingt"
        one, many = _DENOMINATORS.get(denominator) or (fix(num2words(denominator, lang="fr", to="ordinal")),) * 2
        if denominator not in _DENOMINATORS and numerator > 1:
            many += "s"
        said = f"un {one}" if numerator == 1 else f"{say(numerator)} {many}"
        if whole is None:
            return said
        return f"{say(whole)} et " + ("demi" if (numerator, denominator) == (1, 2) else said)

    return fraction


def clock_time(hours: int, minutes: int) -> str:
    """ "1:00" → "une heure", "21:00" → "vingt et une heures", "13:01" → "treize heures une"."""
    said = _feminine_number(num2words(hours, lang="fr")) + (" heure" if hours < 2 else " heures")
    return said if minutes == 0 else f"{said} {_feminine_number(num2words(minutes, lang='fr'))}"


_ROMAN_NOUNS = frozenset(
    """chapitre chapitres tome tomes acte actes livre livres titre titres partie parties volume
    volumes scène scènes leçon leçons annexe annexes section sections planche planches chant chants
    article articles""".split()
)


def _roman(fix: Callable[[str], str]) -> Callable[[int, str], str | None]:
    say = _words(fix)

    def roman(value: int, before: str) -> str | None:
        """ "chapitre V" → "chapitre cinq", "tome I" → "tome premier"; other words: as written."""
        if before.lower() not in _ROMAN_NOUNS:
            return None
        return "premier" if value == 1 else say(value)

    return roman


_TITLES = frozenset("monsieur madame mademoiselle messieurs mesdames docteur maître professeur".split())


def _regnal(fix: Callable[[str], str]) -> Callable[[int, str, str], str | None]:
    say = _words(fix)

    def regnal(value: int, name: str, before: str) -> str | None:
        """ "Louis XIV" → "quatorze", "Henri I" → "premier" (a sovereign's, a pope's number is a
        cardinal but the first); a chapter or a volume after a capital: as :func:`roman`."""
        if name.lower() in _ROMAN_NOUNS:
            return "premier" if value == 1 else say(value)
        if value > 39 or name.isupper() or name.lower() in _TITLES:  # "Vitamine C", "Le CD", "Madame X"
            return None
        return "premier" if value == 1 else say(value)

    return regnal


_UNITS: UnitTable = {
    "°": ("un degré", "degrés"),  # a bare degree is not "Celsius": "il fait 6°"
    "°F": ("un degré Fahrenheit", "degrés Fahrenheit"),
    "‰": ("un pour mille", "pour mille"),
    "mph": ("un mile par heure", "miles par heure"),
    "mi": ("un mile", "miles"),
    "oz": ("une once", "onces"),
    "lb": ("une livre", "livres"),
    "ft": ("un pied", "pieds"),
    "µm": ("un micromètre", "micromètres"),
    "μm": ("un micromètre", "micromètres"),
    "µg": ("un microgramme", "microgrammes"),
    "μg": ("un microgramme", "microgrammes"),
    "µs": ("une microseconde", "microsecondes"),
    "μs": ("une microseconde", "microsecondes"),
    "ns": ("une nanoseconde", "nanosecondes"),
    "m²": ("un mètre carré", "mètres carrés"),
    "km²": ("un kilomètre carré", "kilomètres carrés"),
    "cm²": ("un centimètre carré", "centimètres carrés"),
    "mm²": ("un millimètre carré", "millimètres carrés"),
    "m³": ("un mètre cube", "mètres cubes"),
    "cm³": ("un centimètre cube", "centimètres cubes"),
    "dm³": ("un décimètre cube", "décimètres cubes"),
    "ha": ("un hectare", "hectares"),
    "t": ("une tonne", "tonnes"),
    "cl": ("un centilitre", "centilitres"),
    "cL": ("un centilitre", "centilitres"),
    "dl": ("un décilitre", "décilitres"),
    "dL": ("un décilitre", "décilitres"),
    "Pa": ("un pascal", "pascals"),
    "hPa": ("un hectopascal", "hectopascals"),
    "kPa": ("un kilopascal", "kilopascals"),
    "dB": ("un décibel", "décibels"),
    "kcal": ("une kilocalorie", "kilocalories"),
    "Ko": ("un kilooctet", "kilooctets"),
    "Mo": ("un mégaoctet", "mégaoctets"),
    "Go": ("un gigaoctet", "gigaoctets"),
    "To": ("un téraoctet", "téraoctets"),
}

_BASE = Rules(
    code="fr",
    thousands="\u00a0\u202f .",
    decimal_word="virgule",
    months=tuple("janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()),
    units=unit_table(
        _UNITS,
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
        "MM.": "messieurs",
        "Mme": "Madame",
        "Mlle": "Mademoiselle",
        "Dr": "Docteur",
        # titles with superscript letters, as French typography writes them
        "Dʳ": "docteur",
        "Dʳˢ": "docteurs",
        "Dʳᵉ": "docteure",
        "Mᵐᵉ": "madame",
        "Mᵐᵉˢ": "mesdames",
        "Mˡˡᵉ": "mademoiselle",
        "Mˡˡᵉˢ": "mesdemoiselles",
        "Mᵉ": "maître",
        "Mᵍʳ": "monseigneur",
        "Mgr": "monseigneur",
        "Pʳ": "professeur",
        "Pr": "professeur",
        "n°": "numéro",
        "nº": "numéro",
        "tél.": "téléphone",
        "chap.": "chapitre",
        "janv.": "janvier",
        "févr.": "février",
        "avr.": "avril",
        "juil.": "juillet",
        "oct.": "octobre",
        "nov.": "novembre",
        "déc.": "décembre",
        "av. J.-C.": "avant Jésus-Christ",
        "apr. J.-C.": "après Jésus-Christ",
    },
    pages={"p.": ("page", "pages"), "pp.": ("pages", "pages")},
    ordinal=r"(?<![\w.,])(\d{1,4})(ers?|res?|ères?|èmes?|es?|nde?s?|ᵉʳ|ʳᵉ|ᵉˢ|ᵉ|°)(?!\w)",
    clock="{h} heures {m}",
    clock_hour="{h} heures",
    percent=("un pour cent", "pour cent"),
    feminine_markers=("re", "res", "ère", "ères", "nde", "ndes", "ʳᵉ"),
    first_day="premier",
    # "le 6° arrondissement" is an ordinal; "il fait 6°" is degrees
    context_markers=("°",),
    ordinal_context=tuple("le la l au du un une son sa mon ma ton ta notre votre leur ce cet cette".split()),
    bare_cents=True,
    clock_separators=(r"\s?h\s?",),  # "14 h 30", "14h30"
    day_markers=("er",),  # "1er mai"
    address_words=("point", "arobase", "barre oblique"),
    decimals_as_number=3,  # "trois virgule quatorze", "trois virgule un quatre un cinq neuf"
    ratio_word="sur",
    version_word="version",  # "v2.3.1"
    symbols={
        "≈": "environ",
        "±": "plus ou moins",
        "×": "fois",
        "^": "puissance",
        "<": "inférieur à",
        ">": "supérieur à",
        "≤": "inférieur ou égal à",
        "≥": "supérieur ou égal à",
        "≠": "différent de",
        "==": "est égal à",
    },  # "2 < 3", "p<0,001"
    minus_word="moins",
    plus_word="plus",
    range_joiners={"": "à", "entre": "et"},
    phone_context=tuple(
        """appelez appeler appelle composez téléphone tél portable mobile numéro joindre fax standard
        contactez contacter""".split()
    ),
    phone_trunk="0",
    date_words=tuple(
        "le du au dès depuis ce lundi mardi mercredi jeudi vendredi samedi dimanche".split()
    ),  # "le 17.06", "le 5/11"
    fraction_words=("de", "d", "du", "des"),  # "au 1/4 de finale"
    point_decimals=True,  # "17.06" written with a point: "dix-sept virgule zéro six"
    roman_markers=("er", "re", "ère", "e", "ème", "es", "ers", "ᵉ", "ᵉʳ", "ʳᵉ", "ᵉˢ"),  # "XIXe", "Ier"
    roman_nouns=("siècle", "siècles", "millénaire"),  # "XIX siècle"
    feminine_ordinal=feminine,
    marked_ordinal=marked,
    respell=respell,
    number_fix=number_fix,
    before_noun=before_noun,
    fraction=_fraction(number_fix),
    clock_time=clock_time,
    roman=_roman(number_fix),
    regnal=_regnal(number_fix),
)


def _region(code: str, fix: Callable[[str], str], address_words: tuple[str, str, str] | None = None) -> Rules:
    """A region's table: ``code`` with a lower-case region so that num2words falls back to its
    French (its own ``fr_BE``/``fr_CH`` say "un millions"), ``fix`` for every number's words."""
    return replace(
        _BASE,
        code=code,
        number_fix=fix,
        fraction=_fraction(fix),
        roman=_roman(fix),
        regnal=_regnal(fix),
        address_words=address_words or _BASE.address_words,
    )


RULES = replace(
    _BASE,
    regions={
        "be": _region("fr_be", septante),
        "ch": _region("fr_ch", septante),
        "ca": _region("fr_ca", number_fix, address_words=("point", "arobas", "barre oblique")),
    },
)
"""French's table (with Belgium's, Switzerland's and Québec's)."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "différent égal",
    "shebang": "shebang",
    "triple equal": "égal égal égal",
    "star star": "étoile étoile",
    "slash slash": "double barre oblique",
    "not equal": "différent de",
    "double equal": "égal égal",
    "less or equal": "inférieur ou égal à",
    "greater or equal": "supérieur ou égal à",
    "arrow": "flèche",
    "fat arrow": "double flèche",
    "left arrow": "flèche gauche",
    "and and": "et et",
    "or or": "ou ou",
    "double greater than": "double supérieur",
    "double less than": "double inférieur",
    "plus equals": "plus égal",
    "minus equals": "moins égal",
    "double colon": "double deux-points",
    "star": "étoile",
    "dot": "point",
    "dollar": "dollar",
    "equals": "égal",
    "less than": "inférieur à",
    "greater than": "supérieur à",
    "plus": "plus",
    "dash": "tiret",
    "slash": "barre oblique",
    "backslash": "antislash",
    "underscore": "tiret bas",
    "hash": "dièse",
    "at": "arobase",
    "percent": "pour cent",
    "ampersand": "esperluette",
    "pipe": "barre verticale",
    "tilde": "tilde",
    "caret": "accent circonflexe",
    "open paren": "parenthèse ouvrante",
    "close paren": "parenthèse fermante",
    "open bracket": "crochet ouvrant",
    "close bracket": "crochet fermant",
    "open brace": "accolade ouvrante",
    "close brace": "accolade fermante",
    "quote": "guillemet",
    "backtick": "accent grave",
    "colon": "deux-points",
    "semicolon": "point-virgule",
    "comma": "virgule",
    "question mark": "point d'interrogation",
    "bang": "point d'exclamation",
    "minus": "moins",
    "of": "de",
    "and": "et",
    "with": "avec",
    "dunder": "double tiret bas",
    "point": "point",
    "in braces": "entre accolades",
    "in double braces": "entre doubles accolades",
    "in brackets": "entre crochets",
    "in parentheses": "entre parenthèses",
    "empty braces": "accolades vides",
    "empty brackets": "crochets vides",
    "empty parentheses": "parenthèses vides",
    "empty string": "une chaîne vide",
    "the list": "la liste",
    "the list of lists": "la liste de listes",
    "item": "élément",
    "and so on": "et ainsi de suite",
    "up to": "jusqu'à",
    "something": "quelque chose",
    "the output of": "la sortie de",
    "the value of": "la valeur de",
    "blank": "trou",
    "times": "fois",
    "divided by": "divisé par",
    "modulo": "modulo",
    "count times": "fois",
    "to": "à",
    "or more": "ou plus",
    "or": "ou",
}
"""How code's symbols are said in French (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "implique",
    "iff": "si et seulement si",
    "if": "si",
    "otherwise": "sinon",
    "limit": "la limite quand {v} tend vers {a} de",
    "from_to": "évalué de {a} à {b}",
    "at": "évalué en {a}",
    "matrix": "la matrice {r} par {c} de lignes",
    "column": "le vecteur colonne",
    "row": "le vecteur ligne",
    "and": "et",
    "celsius": "degrés Celsius",
    "fahrenheit": "degrés Fahrenheit",
    "times": "fois",
    "tends": "tend vers",
    "so": "donc",
    "right": "vers la droite",
    "left": "vers la gauche",
    "up": "vers le haut",
    "down": "vers le bas",
    "clockwise": "dans le sens horaire",
    "anticlockwise": "dans le sens antihoraire",
    "sre open": "parenthèse gauche|crochet gauche",
    "sre close": "parenthèse droite|crochet droit",
    "sre of": "de",
    "sre comma": "virgule",
    "~point médian": "multiplié par",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; how speech-rule-engine says brackets, "of" and the comma ("sre ..."); "~" + its
words → the words said instead."""


LANGUAGE = Language(
    code="fr",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="French",
    iso639_2="fra",
    quiz=QuizWords(
        quiz_headings=(
            "testez vos connaissances",
            "teste tes connaissances",
            "auto-?évaluation",
            "questions",
            "exercices?",
        ),
        next_headings=("à suivre", "leçons? suivantes?", "prochaines? leçons?", "la suite"),
        answer=("(bonne )?réponse", "solution"),
        explanation=("explication",),
        question=("question",),
        lesson=("leçon", "sur"),
        asking=(
            "que|qu['’]est-ce|quel(?:le)?s?|qui|quoi|quand|où|comment|pourquoi|combien|lequel",
            "laquelle|lesquel(?:le)?s|est-ce",
            r"\w+(?:-t)?-(?:il|elle|on|ils|elles|vous|nous|tu|je)",
            r"(?:\w+ )+?\w+(?:-t)?-(?:il|elle|on|ils|elles)",
        ),
    ),
    feminine=(("\\bun$", "une"),),
    rules=RULES,
)
"""French: the one object narrate asks about the language (see :class:`Language`)."""
