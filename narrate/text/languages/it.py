"""Italian: ordinals ``21º``/``3ª``/``21°`` (feminine "terza"; "°" an ordinal after an article: "il
21° secolo", degrees elsewhere: "30° all'ombra"), "primo maggio" for the first of a month, "un
giorno"/"una settimana"/"uno studente" for ``1``, cents with "e" ("due euro e cinquanta
centesimi"), "tre milioni di euro", fractions "un mezzo", "tre quarti", "due e mezzo", clock times
"alle nove", "all'una", "alle 17.30", ranges "da dieci a quindici", telephone numbers digit by
digit in their groups, Roman numerals as ordinals ("Luigi XIV" → "Luigi quattordicesimo", "XIX
secolo" → "diciannovesimo secolo")."""

from __future__ import annotations

import re

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
    """The feminine of Italian ordinal words: "terzo" → "terza"."""
    return re.sub(r"o\b", "a", words)


def number_fix(words: str) -> str:
    """num2words' Italian → as written and said: "centodicotto" → "centodiciotto" (it drops an "i"
    of "diciotto" after "cento": 118, 1918), "duemilaventitre" → "duemilaventitré" (a compound
    ending in "tre" is stressed on it)."""
    return re.sub(r"(?<=\w)tre\b", "tré", words.replace("dicott", "diciott"))


def respell(text: str) -> str:
    """ "un' ora" → "un'ora": the elided "una" joins its noun."""
    return re.sub(r"\b([uU]n') +(?=[^\W\d_])", r"\1", text)


def _say(n: int) -> str:
    return number_fix(num2words(n, lang="it"))


_MASCULINE_IN_A = frozenset("problema sistema tema programma clima pianeta poeta papa schema dramma".split())
_NOT_NOUNS = frozenset(
    """e ed o od a ad di da in con su per tra fra il lo la l i gli le un una uno del dello della
    dei degli delle al allo alla ai agli alle dal dallo dalla nel nello nella sul sulla che non
    è ma se come più meno""".split()
)


def _feminine_noun(noun: str) -> bool:
    low = noun.lower()
    if low in _MASCULINE_IN_A:
        return False
    return low.endswith(("a", "zione", "sione", "tà", "tù", "ie"))


def before_noun(words: str, noun: str, before: str) -> str:
    """A whole number's words before ``noun``: "1" as an article is ("un giorno", "una settimana",
    "un'ora", "uno studente"); "di" after a round million ("tre milioni di euro")."""
    low = noun.lower()
    if words == "uno" and low and low not in _NOT_NOUNS:
        if _feminine_noun(low):
            return "un'" if low[0] in "aeiouàèéìòù" else "una"
        return "uno" if re.match(r"s[^aeiouàèéìòù]|z|gn|ps|pn|x|y", low) else "un"
    if low and low not in ("di", "d") and re.search(r"\b(?:milion[ei]|miliard[oi])$", words):
        words += " di"
    return words


def fraction(whole: int | None, numerator: int, denominator: int, after: str) -> str:
    """ "1/2" → "un mezzo" ("mezzo litro" before a noun), "3/4" → "tre quarti", "7/10" → "sette
    decimi", "2 1/2" → "due e mezzo", "1 1/3" → "uno e un terzo"."""
    if denominator == 2:
        one, many = "mezzo", "mezzi"
    else:
        one = number_fix(num2words(denominator, lang="it", to="ordinal"))
        many = one[:-1] + "i"
    if numerator == 1:
        noun = after.lower()
        said = "mezzo" if denominator == 2 and noun and noun not in _NOT_NOUNS else f"un {one}"
    else:
        said = f"{_say(numerator)} {many}"
    if whole is None:
        return said
    return f"{_say(whole)} e " + ("mezzo" if denominator == 2 else said)


def clock_time(hours: int, minutes: int) -> str:
    """ "9:00" → "nove" (after "alle"), "1:00" → "una" ("all'una"), "14:30" → "quattordici e
    trenta", "0:30" → "zero e trenta"."""
    said = "una" if hours == 1 else _say(hours)
    return said if minutes == 0 else f"{said} e {_say(minutes)}"


_ROMAN_NOUNS = frozenset(
    """capitolo capitoli atto atti canto canti libro libri tomo tomi volume volumi parte parti scena
    scene secolo secoli millennio articolo articoli titolo titoli sezione""".split()
)


def roman(value: int, before: str) -> str | None:
    """ "capitolo V" → "capitolo quinto", "secolo XX" → "secolo ventesimo"; other words: as written."""
    return number_fix(num2words(value, lang="it", to="ordinal")) if before.lower() in _ROMAN_NOUNS else None


def regnal(value: int, name: str, before: str) -> str | None:
    """ "Luigi XIV" → "quattordicesimo", "Vittorio Emanuele II" → "secondo", "Atto III" → "terzo"."""
    if name.lower() in _ROMAN_NOUNS:
        return roman(value, name)
    if value > 39 or name.isupper():  # "Vitamina C", "il CD": not a number
        return None
    return number_fix(num2words(value, lang="it", to="ordinal"))


_UNITS: UnitTable = {
    "°": ("un grado", "gradi"),  # a bare degree is not "Celsius": "30° all'ombra"
    "°F": ("un grado Fahrenheit", "gradi Fahrenheit"),
    "‰": ("uno per mille", "per mille"),
    "mph": ("un miglio orario", "miglia orarie"),
    "mi": ("un miglio", "miglia"),
    "oz": ("un'oncia", "once"),
    "lb": ("una libbra", "libbre"),
    "ft": ("un piede", "piedi"),
    "µm": ("un micrometro", "micrometri"),
    "μm": ("un micrometro", "micrometri"),
    "µg": ("un microgrammo", "microgrammi"),
    "μg": ("un microgrammo", "microgrammi"),
    "µs": ("un microsecondo", "microsecondi"),
    "μs": ("un microsecondo", "microsecondi"),
    "ns": ("un nanosecondo", "nanosecondi"),
    "m²": ("un metro quadrato", "metri quadrati"),
    "km²": ("un chilometro quadrato", "chilometri quadrati"),
    "cm²": ("un centimetro quadrato", "centimetri quadrati"),
    "mm²": ("un millimetro quadrato", "millimetri quadrati"),
    "m³": ("un metro cubo", "metri cubi"),
    "cm³": ("un centimetro cubo", "centimetri cubi"),
    "dm³": ("un decimetro cubo", "decimetri cubi"),
    "ha": ("un ettaro", "ettari"),
    "t": ("una tonnellata", "tonnellate"),
    "cl": ("un centilitro", "centilitri"),
    "cL": ("un centilitro", "centilitri"),
    "dl": ("un decilitro", "decilitri"),
    "dL": ("un decilitro", "decilitri"),
    "Pa": ("un pascal", "pascal"),
    "hPa": ("un ettopascal", "ettopascal"),
    "kPa": ("un kilopascal", "kilopascal"),
    "dB": ("un decibel", "decibel"),
    "kcal": ("una chilocaloria", "chilocalorie"),
}

_ARTICLES = tuple(
    """il lo la l i gli le al allo alla ai agli alle del dello della dei degli delle nel nello nella
    nei negli nelle dal dallo dalla sul sullo sulla un una suo sua mio mia tuo tua nostro nostra
    vostro vostra loro questo questa quel quello quella""".split()
)

RULES = Rules(
    code="it",
    thousands=".\u00a0\u202f ",
    decimal_word="virgola",
    months=tuple(
        "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split()
    ),
    units=unit_table(
        _UNITS,
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
        "CHF": ("un franco", "franchi", "un centesimo", "centesimi", "e"),
    },
    abbreviations={
        "ad es.": "ad esempio",
        "per es.": "per esempio",
        "p.es.": "per esempio",
        "es.": "esempio",
        "ecc.": "eccetera",
        "sig.": "signor",
        "Sig.": "signor",
        "sig.ra": "signora",
        "Sig.ra": "signora",
        "sig.na": "signorina",
        "Sig.na": "signorina",
        "dott.": "dottor",
        "Dott.": "dottor",
        "dott.ssa": "dottoressa",
        "Dott.ssa": "dottoressa",
        "prof.": "professor",
        "Prof.": "professor",
        "prof.ssa": "professoressa",
        "Prof.ssa": "professoressa",
        "avv.": "avvocato",
        "Avv.": "avvocato",
        "ing.": "ingegner",
        "Ing.": "ingegner",
        "n.": "numero",
        "pag.": "pagina",
        "ca.": "circa",
        "cfr.": "confronta",
        "tel.": "telefono",
        "S.p.A.": "società per azioni",
        "a.C.": "avanti Cristo",
        "d.C.": "dopo Cristo",
        "p.za": "piazza",
        "v.le": "viale",
    },
    pages={"p.": ("pagina", "pagine"), "pp.": ("pagine", "pagine"), "pag.": ("pagina", "pagine")},
    ordinal=r"(?<![\w.,])(\d{1,3})([ºª°])(?!\w)",
    clock="{h} e {m}",
    clock_hour="{h}",
    percent=("uno per cento", "per cento"),
    feminine_markers=("ª",),
    first_day="primo",
    # "il 21° secolo" is an ordinal; "30° all'ombra" is degrees ("º" and "ª" are always ordinals)
    context_markers=("°",),
    ordinal_context=_ARTICLES,
    day_markers=("º", "°"),  # "1º maggio"
    address_words=("punto", "chiocciola", "barra"),
    decimals_as_number=3,
    ratio_word="a",
    hour_sign_words=("alle", "dalle", "ore", "all"),  # "9 h" after them: a time of day
    version_word="versione",  # "v2.3.1"
    symbols={
        "≈": "circa",
        "±": "più o meno",
        "×": "per",
        "^": "elevato alla",
        "<": "minore di",
        ">": "maggiore di",
        "≤": "minore o uguale a",
        "≥": "maggiore o uguale a",
        "≠": "diverso da",
        "==": "è uguale a",
    },  # "2 < 3", "p<0,001"
    minus_word="meno",
    plus_word="più",
    range_joiners={
        "": "da {a} a {b}",
        "tra": "e",
        "fra": "e",
        "da": "a",
        "dal": "al",
        "dalle": "alle",
        "dai": "ai",
        "dalla": "alla",
        # a score: "ha vinto 2-1" → "due a uno"
        **dict.fromkeys("vinto vince perso perde battuto pareggiato finita finito risultato".split(), "a"),
        # after an article or "di" the dash is not read: "del cinque-dieci per cento"
        **dict.fromkeys(("di", *_ARTICLES), "{a}-{b}"),
    },
    phone_context=tuple(
        """chiama chiamate chiamare chiamami telefono tel telefonare cellulare numero fisso fax
        contatta contattate""".split()
    ),
    phone_trunk="0",
    phone_group=8,  # every group digit by digit, as Italians read a number
    date_words=tuple(
        "il dal al del entro lunedì martedì mercoledì giovedì venerdì sabato domenica".split()
    ),  # "il 17/06", "il 5.11"
    fraction_words=tuple("di del dello della dei degli delle".split()),  # "il 2/3 dei voti"
    clock_dot_words=tuple("alle dalle ore le verso all dall delle".split()),  # "alle 17.30"
    point_decimals=True,  # "17.06" written with a point: "diciassette virgola zero sei"
    roman_nouns=("secolo", "secoli", "millennio"),  # "il XIX secolo"
    feminine_ordinal=feminine,
    number_fix=number_fix,
    before_noun=before_noun,
    fraction=fraction,
    clock_time=clock_time,
    roman=roman,
    regnal=regnal,
    respell=respell,
)
"""Italian's table."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "diverso uguale",
    "shebang": "shebang",
    "triple equal": "uguale uguale uguale",
    "star star": "asterisco asterisco",
    "slash slash": "barra barra",
    "not equal": "diverso da",
    "double equal": "uguale uguale",
    "less or equal": "minore o uguale a",
    "greater or equal": "maggiore o uguale a",
    "arrow": "freccia",
    "fat arrow": "freccia doppia",
    "left arrow": "freccia a sinistra",
    "and and": "e e",
    "or or": "o o",
    "double greater than": "doppio maggiore",
    "double less than": "doppio minore",
    "plus equals": "più uguale",
    "minus equals": "meno uguale",
    "double colon": "doppi due punti",
    "star": "asterisco",
    "dot": "punto",
    "dollar": "dollaro",
    "equals": "uguale",
    "less than": "minore di",
    "greater than": "maggiore di",
    "plus": "più",
    "dash": "trattino",
    "slash": "barra",
    "backslash": "barra rovesciata",
    "underscore": "trattino basso",
    "hash": "cancelletto",
    "at": "chiocciola",
    "percent": "percento",
    "ampersand": "e commerciale",
    "pipe": "barra verticale",
    "tilde": "tilde",
    "caret": "accento circonflesso",
    "open paren": "apri parentesi",
    "close paren": "chiudi parentesi",
    "open bracket": "apri parentesi quadra",
    "close bracket": "chiudi parentesi quadra",
    "open brace": "apri graffa",
    "close brace": "chiudi graffa",
    "quote": "virgolette",
    "backtick": "apice inverso",
    "colon": "due punti",
    "semicolon": "punto e virgola",
    "comma": "virgola",
    "question mark": "punto interrogativo",
    "bang": "punto esclamativo",
    "minus": "meno",
    "of": "di",
    "and": "e",
    "with": "con",
    "dunder": "doppio trattino basso",
    "point": "punto",
    "in braces": "tra graffe",
    "in double braces": "tra doppie graffe",
    "in brackets": "tra parentesi quadre",
    "in parentheses": "tra parentesi",
    "empty braces": "graffe vuote",
    "empty brackets": "parentesi quadre vuote",
    "empty parentheses": "parentesi vuote",
    "empty string": "una stringa vuota",
    "the list": "la lista",
    "the list of lists": "la lista di liste",
    "item": "elemento",
    "and so on": "e così via",
    "up to": "fino a",
    "something": "qualcosa",
    "the output of": "l'output di",
    "the value of": "il valore di",
    "blank": "spazio vuoto",
    "times": "per",
    "divided by": "diviso",
    "modulo": "modulo",
    "count times": "volte",
    "to": "a",
    "or more": "o più",
    "or": "o",
}
"""How code's symbols are said in Italian (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "implica",
    "iff": "se e solo se",
    "if": "se",
    "otherwise": "altrimenti",
    "limit": "il limite per {v} che tende a {a} di",
    "from_to": "valutato da {a} a {b}",
    "at": "valutato in {a}",
    "matrix": "la matrice {r} per {c} con righe",
    "column": "il vettore colonna",
    "row": "il vettore riga",
    "and": "e",
    "celsius": "gradi Celsius",
    "fahrenheit": "gradi Fahrenheit",
    "times": "per",
    "tends": "tende a",
    "so": "quindi",
    "right": "verso destra",
    "left": "verso sinistra",
    "up": "verso l'alto",
    "down": "verso il basso",
    "clockwise": "in senso orario",
    "anticlockwise": "in senso antiorario",
    "sre open": "parentesi tonda aperta|parentesi quadra aperta",
    "sre close": "parentesi tonda chiusa|parentesi quadra chiusa",
    "sre of": "di",
    "sre comma": "virgola",
    "~puntino nel mezzo": "per",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; how speech-rule-engine says brackets, "of" and the comma ("sre ..."); "~" + its
words → the words said instead."""


LANGUAGE = Language(
    code="it",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="Italian",
    iso639_2="ita",
    quiz=QuizWords(
        quiz_headings=("mettiti alla prova", "verifica", "autovalutazione", "domande", "esercizi"),
        next_headings=("prossimamente", "prossim[ae] lezion[ei]", "lezion[ei] successiv[ae]"),
        answer=("risposta( corretta| giusta)?", "soluzione"),
        explanation=("spiegazione",),
        question=("domanda",),
        lesson=("lezione", "di"),
        asking=("che|chi|cosa|cos['’]è|quale|quali|qual|quando|dove|come|perché|quant[oaie]",),
    ),
    feminine=(("^uno$", "una"),),
    rules=RULES,
)
"""Italian: the one object narrate asks about the language (see :class:`Language`)."""
