"""Spanish, read as the RAE (*Ortografía*, *Diccionario panhispánico de dudas*) and Fundéu describe it.

Ordinals ``21.º``/``1.ª``/``1.er`` ("primer día"; "undécimo", "decimotercero"), dates joined by "de"
("tres de mayo de 2024", "1 enero" → "uno de enero"), cents with "con" ("dos euros con cincuenta
céntimos"). Numbers agree with the noun they count: feminine before a feminine noun ("doscientas
millas", "veintiuna personas", "la una"), shortened before a masculine one ("veintiún años",
"un libro"), "de" after "millón" ("un millón de habitantes"). Hours are feminine ("la una en punto",
"las dos y media", "las veintiuna horas"); fractions by their denominators ("un tercio", "tres
cuartos", "siete doceavos", "media taza"); Roman numerals after a king's or pope's name are ordinals
up to ten ("Felipe segundo", "Luis catorce"), after "siglo" likewise ("siglo quinto", "siglo
veintiuno"); telephone numbers group by group ("seis uno dos, treinta y cuatro, ...").

Regions: Latin America (``es-419`` and its countries) says "primero de enero"; where "$" is the
peso (Mexico, Argentina, Colombia, Chile, Uruguay, Cuba, the Dominican Republic) "$150" is "ciento
cincuenta pesos"; where numbers are written ``1,500.50`` (Mexico, Central America, the Dominican
Republic, Puerto Rico, the United States) they are read so, the point said "punto".
"""

from __future__ import annotations

import re
from dataclasses import replace

from num2words import num2words

from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import (
    NounGender,
    Rules,
    data_units,
    electric_and_data,
    family,
    kitchen_units,
    plain_letters,
    unit_table,
)

_PREFIXED = (("m", "mili"), ("k", "kilo"), ("M", "mega"), ("G", "giga"))

# ------------------------------------------------------------------ number words

_TEENS = "tercero cuarto quinto sexto séptimo octavo noveno".split()


def fixed(words: str) -> str:
    """num2words' Spanish corrected: "veintiuno mil" → "veintiún mil", "treinta y uno mil" → "treinta
    y un mil", "décimoprimero" → "undécimo", "décimo tercero" → "decimotercero", "quadragésimo" →
    "cuadragésimo"."""
    words = re.sub(r"\bveintiuno(?= (?:mil|millones|billones)\b)", "veintiún", words)
    words = re.sub(r"\buno(?= (?:mil|millones|billones)\b)", "un", words)
    words = words.replace("décimoprimero", "undécimo").replace("décimosegundo", "duodécimo")
    words = re.sub(r"\bdécimo (" + "|".join(_TEENS) + r")\b", lambda m: "decimo" + m.group(1), words)
    words = words.replace("decimooctavo", "decimoctavo")
    return words.replace("quadragésim", "cuadragésim")


def cardinal(n: int) -> str:
    return fixed(num2words(n, lang="es"))


def ordinal(n: int) -> str:
    return fixed(num2words(n, lang="es", to="ordinal"))


def feminine(words: str) -> str:
    """The feminine of Spanish ordinal words: "primero" → "primera", "vigésimo primero" → "vigésima primera"."""
    return re.sub(r"o\b", "a", words)


def shortened(words: str, marker: str) -> str:
    """``1.er``, ``3.er`` before a noun: "primer", "tercer" (not "primero", "tercero")."""
    if marker.endswith("er"):  # "1.er día" → "primer día"
        return re.sub(r"(primer|tercer)o$", r"\1", words)
    return words


_SCALE = r"(?:millón|millones|billón|billones|trillón|trillones)"


def feminine_number(words: str) -> str:
    """A cardinal before a feminine noun: "doscientos uno" → "doscientas una", "veintiuno" →
    "veintiuna"; what counts millions stays masculine ("doscientos millones de personas")."""
    m = re.match(r"(.*\b" + _SCALE + r"\b\s*)?(.*)", words)
    assert m is not None
    head, tail = m.group(1) or "", m.group(2)
    tail = re.sub(r"ientos\b", "ientas", tail)
    tail = re.sub(r"(\b|veinti)uno$", r"\1una", tail)
    return head + tail


def masculine_number(words: str) -> str:
    """A cardinal before a masculine noun: "uno" → "un", "veintiuno" → "veintiún"."""
    return re.sub(r"\buno$", "un", re.sub(r"veintiuno$", "veintiún", words))


# ------------------------------------------------------------------ nouns

_FUNCTION_WORDS = frozenset(
    """a al ante bajo con contra de del desde durante en entre hacia hasta mediante para por según sin
    sobre tras y e o u ni que como cuando donde más menos muy ya no sí si pero aunque porque es son era
    eran fue fueron será serán ha han hay he hemos está están estaba estaban yo tú él ella ello nosotros
    vosotros ellos ellas usted ustedes le les lo la los las se me te nos os su sus mi mis tu tus un una
    unos unas el este esta estos estas ese esa esos esas cada otro otra otros otras""".split()
)
_VERB_ENDINGS = ("aron", "ieron", "aban", "ían", "ó")
_FEMININE = frozenset(
    """vez clase frase parte noche tarde calle gente llave fuente red flor mujer imagen sal leche muerte
    suerte nube nave torre carne mente base fase ley piel miel sed paz voz luz cruz nariz raiz carcel
    senal serie especie superficie sangre madre razon mano radio foto moto catedral postal vocal labor
    tos res lente helice nieve sede piramide variable clave fiebre frente liebre peste muchedumbre
    costumbre cumbre legumbre lumbre""".split()
)
_MASCULINE = frozenset(
    """dia mapa problema sistema programa tema idioma clima poema esquema dilema lema teorema diagrama
    drama aroma enigma dogma fantasma pijama plasma prisma sintoma trauma panorama diploma crucigrama
    telegrama planeta cometa profeta poeta sofa papa tranvia avion camion gorrion sarampion guion
    aguijon""".split()
)
_FEMININE_ENDINGS = ("a", "ion", "dad", "tad", "tud", "umbre", "itis", "sis")
_FEMININE_DETERMINERS = frozenset("la las una unas esta estas esa esas aquella aquellas otra otras".split())
_LABELS = frozenset(
    """capítulo página lección tema paso número nivel ejercicio parte unidad sección figura tabla
    versión artículo línea habitación planta piso puerta apartado punto módulo día año aula grupo curso
    ruta autobús vía andén carril canal fila asiento casilla pregunta respuesta opción nota anexo modelo
    tipo talla calle portal km kilómetro""".split()
)


GENDER = NounGender(
    _FEMININE, _MASCULINE, _FEMININE_ENDINGS, (("ces", "z"), ("es", ""), ("s", "")), _FUNCTION_WORDS, _VERB_ENDINGS
)
"""How a noun's gender is guessed for the number before it (endings and exception lists)."""
feminine_noun = GENDER.is_feminine
is_noun = GENDER.is_noun


_YEARISH = re.compile(r"(?:dos )?mil(?: (?!mil\b)\D*)?")


def before_noun(words: str, noun: str, before: str) -> str:
    """A whole number's words as said before ``noun`` (see ``Rules.before_noun``): feminine before
    a feminine noun or after a feminine article ("a la 1" → "a la una"), shortened before a
    masculine noun ("veintiún años"), "de" after "millón"; a label keeps its number ("capítulo 21")."""
    b, n = before.lower(), (noun.split() or [""])[0]
    if b in _LABELS:
        return words
    if not is_noun(n):
        return feminine_number(words) if b in _FEMININE_DETERMINERS else words
    if re.search(_SCALE + r"$", words):
        return words + " de"  # "un millón de habitantes"
    if _YEARISH.fullmatch(words) and (not n.lower().endswith("s") or n.lower().endswith("mos")):
        return words  # "en 2021 llovió", "en 2001 llegamos": a year
    if b in _FEMININE_DETERMINERS or feminine_noun(n):
        return feminine_number(words)
    return masculine_number(words)


# ------------------------------------------------------------------ clock, fractions, Roman numerals


def clock_time(hours: int, minutes: int) -> str:
    """ "la una en punto" (1:00), "las dos y media" (2:30), "las siete y cuarto" (7:15), "las trece y
    cuarenta y cinco" (13:45), "las veintiuna horas" (21:00): hours are feminine."""
    h = feminine_number(cardinal(hours))
    if minutes == 0:
        return f"{h} en punto" if 1 <= hours <= 12 else f"{h} horas"
    if 1 <= hours <= 12 and minutes in (15, 30):
        return f"{h} y {'cuarto' if minutes == 15 else 'media'}"
    return f"{h} y {cardinal(minutes)}"


_DENOMINATORS = {
    2: "medio",
    3: "tercio",
    4: "cuarto",
    5: "quinto",
    6: "sexto",
    7: "séptimo",
    8: "octavo",
    9: "noveno",
    10: "décimo",
    100: "centésimo",
    1000: "milésimo",
}


def _denominator(d: int) -> str:
    """3 → "tercio", 12 → "doceavo", 16 → "dieciseisavo", 30 → "treintavo", 21 → "veintiunavo"."""
    if d in _DENOMINATORS:
        return _DENOMINATORS[d]
    w = plain_letters(cardinal(d))
    return (w[:-1] if w.endswith(("a", "uno")) else w) + "avo"


def fraction(whole: int | None, numerator: int, denominator: int, noun: str) -> str:
    """ "un tercio", "tres cuartos", "siete doceavos", "dos y medio"; before a noun "media taza",
    "medio litro", "tres cuartos de taza"."""
    real = is_noun(noun)
    if (numerator, denominator) == (1, 2):
        half = "media" if real and feminine_noun(noun) else "medio"
        if whole is not None:
            return f"{cardinal(whole)} y {half}"
        return half if real else "un medio"
    words = f"{masculine_number(cardinal(numerator))} {_denominator(denominator)}{'s' if numerator > 1 else ''}"
    if whole is not None:
        words = f"{cardinal(whole)} y {words}"
    return f"{words} de" if real else words


_CENTURY = frozenset({"siglo", "siglos"})
_ROMAN_LABELS = frozenset(
    """capítulo capítulos tomo volumen libro parte acto escena canto fase tipo grado nivel apartado
    anexo título artículo sección lección unidad tema ejercicio clase categoría división grupo""".split()
)
_NOT_NAMES = frozenset({"generación", "vitamina", "rayos", "malcolm", "tipo", "clase"})
_WOMEN = frozenset(
    """isabel maría juana catalina victoria cristina ana leonor urraca berenguela blanca sancha beatriz
    teresa luisa margarita sofía carlota amalia mariana""".split()
)


def roman(value: int, before: str) -> str | None:
    """A Roman numeral after ``before``: "siglo XXI" → "veintiuno", "siglo V" → "quinto", "capítulo IV"
    → "cuatro", "Felipe II" → "segundo", "Isabel II" → "segunda", "Luis XIV" → "catorce"."""
    b = before.lower()
    if b in _CENTURY:
        return ordinal(value) if value <= 10 else cardinal(value)
    if b in _ROMAN_LABELS:
        return cardinal(value)
    if before[:1].isupper() and before[1:].islower() and b not in _NOT_NAMES and value <= 40:
        if value > 10:
            return cardinal(value)
        return feminine(ordinal(value)) if b in _WOMEN else ordinal(value)
    return None


# ------------------------------------------------------------------ the table

_DOLLAR = ("un dólar", "dólares", "un centavo", "centavos", "con")

RULES = Rules(
    code="es",
    thousands=".\u00a0\u202f ",
    decimal_word="coma",
    months=tuple("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()),
    units=unit_table(
        {
            "°": ("un grado", "grados"),  # "hace 30°", "un ángulo de 90°"
            "°F": ("un grado Fahrenheit", "grados Fahrenheit"),
            "mi": ("una milla", "millas"),
            "mph": ("una milla por hora", "millas por hora"),
            "kph": ("un kilómetro por hora", "kilómetros por hora"),
            "lb": ("una libra", "libras"),
            "lbs": ("una libra", "libras"),
            "oz": ("una onza", "onzas"),
            "ft": ("un pie", "pies"),
            "yd": ("una yarda", "yardas"),
            "gal": ("un galón", "galones"),
            "t": ("una tonelada", "toneladas"),
            "ha": ("una hectárea", "hectáreas"),
            "kcal": ("una kilocaloría", "kilocalorías"),
            "cal": ("una caloría", "calorías"),
            "rpm": ("una revolución por minuto", "revoluciones por minuto"),
            "dB": ("un decibelio", "decibelios"),
            "m²": ("un metro cuadrado", "metros cuadrados"),
            "km²": ("un kilómetro cuadrado", "kilómetros cuadrados"),
            "cm²": ("un centímetro cuadrado", "centímetros cuadrados"),
            "m³": ("un metro cúbico", "metros cúbicos"),
            "cm³": ("un centímetro cúbico", "centímetros cúbicos"),
            "µg": ("un microgramo", "microgramos"),
            "μg": ("un microgramo", "microgramos"),
            "µm": ("un micrómetro", "micrómetros"),
            "μm": ("un micrómetro", "micrómetros"),
            "µs": ("un microsegundo", "microsegundos"),
            "μs": ("un microsegundo", "microsegundos"),
            "ns": ("un nanosegundo", "nanosegundos"),
        },
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
        "US$": _DOLLAR,
        "$": _DOLLAR,
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
        "sr.": "señor",
        "sra.": "señora",
        "srta.": "señorita",
        "dr.": "doctor",
        "dra.": "doctora",
        "Ud.": "usted",
        "Uds.": "ustedes",
        "Vd.": "usted",
        "Vds.": "ustedes",
        "Prof.": "profesor",
        "Profa.": "profesora",
        "Lic.": "licenciado",
        "Ing.": "ingeniero",
        "Dña.": "doña",
        "avda.": "avenida",
        "av.": "avenida",
        "núm.": "número",
        "n.º": "número",
        "nº": "número",
        "art.": "artículo",
        "cap.": "capítulo",
        "vol.": "volumen",
        "tel.": "teléfono",
        "tfno.": "teléfono",
        "máx.": "máximo",
        "mín.": "mínimo",
        "pág.": "página",
        "a. C.": "antes de Cristo",
        "a.C.": "antes de Cristo",
        "d. C.": "después de Cristo",
        "d.C.": "después de Cristo",
        "EE. UU.": "Estados Unidos",
        "EE.UU.": "Estados Unidos",
        "24/7": "veinticuatro siete",
    },
    pages={"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°]|\.?er)(?!\w)",
    clock="{h} y {m}",
    clock_hour="{h} en punto",
    percent=("uno por ciento", "por ciento"),
    feminine_markers=(".ª", "ª"),
    ordinal_context=tuple("el la los las del al su sus mi mis tu tus este esta ese esa cada".split()),
    context_markers=("°",),  # "el 2° piso", but "hace 30°"
    date_joiner=" de ",
    day_markers=("º", "°"),  # "1º de mayo"
    address_words=("punto", "arroba", "barra"),
    decimals_as_number=3,  # "coma ciento veinticinco", but "coma uno cuatro uno cinco nueve"
    minus_word="menos",
    plus_word="más",
    range_joiners={"": "a", "entre": "y"},
    ratio_word="a",
    hour_sign_words=("las", "la"),  # "9 h" after them: a time of day
    version_word="versión",  # "v2.3.1"
    symbols={
        "≈": "aproximadamente",
        "±": "más o menos",
        "^": "elevado a",
        "=": "es igual a",
        "+": "más",
        "×": "por",
        "÷": "entre",
        "<": "menor que",
        ">": "mayor que",
        "≤": "menor o igual que",
        "≥": "mayor o igual que",
        "≠": "distinto de",
        "==": "es igual a",
    },  # "2 + 2 = 4"
    point_decimals=True,  # "3.5" written the English way: "tres coma cinco"
    domains=tuple("es mx ar co cl pe ve uy ec bo py cr gt hn ni sv pa do cu pr cat eus gal".split()),
    phone_context=tuple(
        "teléfono teléfonos tel tfno tlf móvil celular fax llama llame llamar llámanos llámenos llámame whatsapp"
        " contacto".split()
    ),
    feminine_ordinal=feminine,
    marked_ordinal=shortened,
    number_fix=fixed,
    before_noun=before_noun,
    fraction=fraction,
    clock_time=clock_time,
    roman=roman,
)

_AMERICA = replace(RULES, code="es_419", first_day="primero")
"""Latin America: "primero de enero"."""

_PESOS = {**RULES.money, "$": ("un peso", "pesos", "un centavo", "centavos", "con")}
_PESO = replace(_AMERICA, code="es_AR", money=_PESOS)
"""Where "$" is the peso: "$150" → "ciento cincuenta pesos" ("US$" stays dollars)."""

_POINT = replace(_AMERICA, code="es_US", comma_thousands=True, decimal_word="punto")
"""Where numbers are written ``1,500.50`` and the point is said "punto" ("tres punto cinco")."""

_PESO_POINT = replace(_POINT, code="es_MX", money=_PESOS)
"""Mexico and the Dominican Republic: pesos, and ``$1,500.50``."""

RULES = replace(
    RULES,
    regions={
        **dict.fromkeys("419 ec pe ve cr py bo".split(), _AMERICA),
        **dict.fromkeys("ar co cl uy cu".split(), _PESO),
        **dict.fromkeys("us pr sv pa gt hn ni".split(), _POINT),
        **dict.fromkeys("mx do".split(), _PESO_POINT),
    },
)
"""Spanish's table."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "distinto igual",
    "shebang": "shebang",
    "triple equal": "igual igual igual",
    "star star": "asterisco asterisco",
    "slash slash": "barra barra",
    "not equal": "distinto de",
    "double equal": "igual igual",
    "less or equal": "menor o igual que",
    "greater or equal": "mayor o igual que",
    "arrow": "flecha",
    "fat arrow": "flecha doble",
    "left arrow": "flecha a la izquierda",
    "and and": "y y",
    "or or": "o o",
    "double greater than": "doble mayor que",
    "double less than": "doble menor que",
    "plus equals": "más igual",
    "minus equals": "menos igual",
    "double colon": "doble dos puntos",
    "star": "asterisco",
    "dot": "punto",
    "dollar": "dólar",
    "equals": "igual",
    "less than": "menor que",
    "greater than": "mayor que",
    "plus": "más",
    "dash": "guion",
    "slash": "barra",
    "backslash": "barra invertida",
    "underscore": "guion bajo",
    "hash": "almohadilla",
    "at": "arroba",
    "percent": "por ciento",
    "ampersand": "et",
    "pipe": "barra vertical",
    "tilde": "virgulilla",
    "caret": "circunflejo",
    "open paren": "abre paréntesis",
    "close paren": "cierra paréntesis",
    "open bracket": "abre corchete",
    "close bracket": "cierra corchete",
    "open brace": "abre llave",
    "close brace": "cierra llave",
    "quote": "comillas",
    "backtick": "acento grave",
    "colon": "dos puntos",
    "semicolon": "punto y coma",
    "comma": "coma",
    "question mark": "signo de interrogación",
    "bang": "signo de exclamación",
    "minus": "menos",
    "of": "de",
    "and": "y",
    "with": "con",
    "dunder": "doble guion bajo",
    "point": "punto",
    "in braces": "entre llaves",
    "in double braces": "entre llaves dobles",
    "in brackets": "entre corchetes",
    "in parentheses": "entre paréntesis",
    "empty braces": "llaves vacías",
    "empty brackets": "corchetes vacíos",
    "empty parentheses": "paréntesis vacíos",
    "empty string": "una cadena vacía",
    "the list": "la lista",
    "the list of lists": "la lista de listas",
    "item": "elemento",
    "and so on": "y así sucesivamente",
    "up to": "hasta",
    "something": "algo",
    "the output of": "la salida de",
    "the value of": "el valor de",
    "blank": "espacio en blanco",
    "times": "por",
    "divided by": "dividido por",
    "modulo": "módulo",
    "count times": "veces",
    "to": "a",
    "or more": "o más",
    "or": "o",
}
"""How code's symbols are said in Spanish (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_WORDS = {
    "implies": "implica",
    "iff": "si y solo si",
    "if": "si",
    "otherwise": "en otro caso",
    "limit": "el límite cuando {v} tiende a {a} de",
    "from_to": "evaluado de {a} a {b}",
    "at": "evaluado en {a}",
    "matrix": "la matriz {r} por {c} con filas",
    "column": "el vector columna",
    "row": "el vector fila",
    "and": "y",
    "celsius": "grados Celsius",
    "fahrenheit": "grados Fahrenheit",
    "times": "por",
    "tends": "tiende a",
    "so": "por lo tanto",
    "right": "hacia la derecha",
    "left": "hacia la izquierda",
    "up": "hacia arriba",
    "down": "hacia abajo",
    "clockwise": "en sentido horario",
    "anticlockwise": "en sentido antihorario",
    "sre open": "paréntesis izquierdo|corchete izquierdo",
    "sre close": "paréntesis derecho|corchete derecho",
    "sre comma": "coma",
    "~punto medio": "por",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; how speech-rule-engine says brackets, "of" and the comma ("sre ..."); "~" + its
words → the words said instead."""


LANGUAGE = Language(
    code="es",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="Spanish",
    iso639_2="spa",
    quiz=QuizWords(
        quiz_headings=("ponte a prueba", "pon a prueba", "autoevaluación", "cuestionario", "preguntas", "ejercicios?"),
        next_headings=("a continuación", "siguientes? lecci(ón|ones)", "próximas? lecci(ón|ones)"),
        answer=("respuesta( correcta)?", "solución"),
        explanation=("explicación",),
        question=("pregunta",),
        lesson=("lección", "de"),
        asking=(
            "qué|quién|quiénes|cuál|cuáles|cuándo|dónde|adónde|cómo|cuánt[oa]s?|por qué",
            "para qué",
        ),
    ),
    feminine=(("uno$", "una"), ("(?<=veinti)uno$", "una"), ("ientos\\b", "ientas")),
    rules=RULES,
)
"""Spanish: the one object narrate asks about the language (see :class:`Language`)."""
