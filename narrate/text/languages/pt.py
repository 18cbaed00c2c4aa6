"""Portuguese, read as the grammars and the Priberam and ABL references describe it.

Ordinals ``21.º``/``2.ª`` (feminine "segunda"), dates joined by "de" ("três de maio de 2024", "1
janeiro" → "um de janeiro"), cents with "e" ("dois euros e cinquenta cêntimos"). Numbers agree with
the noun they count: feminine before a feminine noun ("duzentas milhas", "vinte e uma pessoas",
"duas semanas", "às duas"; but "duzentos gramas"), "de" after "milhão" ("um milhão de
habitantes"). Hours are feminine ("à uma hora", "às vinte e uma horas", "uma e meia"); fractions by
their denominators ("um terço", "três quartos", "sete doze avos", "meia chávena"); Roman numerals
after a king's or pope's name are ordinals up to ten ("Pedro segundo", "Luís catorze"), after
"século" likewise ("século quinto", "século vinte e um"); telephone numbers group by group.

``pt`` is European Portuguese ("quilómetro", "dezasseis", "mil milhões", "cêntimos"); ``pt-BR`` has
its own table (``REGIONS``): "quilômetro", "dezesseis", "bilhão", "primeiro de janeiro", "centavos",
and "meia" for a six in a telephone number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from num2words import num2words

from narrate.text.languages._language import Language, QuizWords
from narrate.text.languages._machinery import (
    NounGender,
    Rules,
    UnitTable,
    data_units,
    electric_and_data,
    family,
    kitchen_units,
    unit_table,
)

_PREFIXED = (("m", "mili"), ("k", "quilo"), ("M", "mega"), ("G", "giga"))


def feminine(words: str) -> str:
    """The feminine of Portuguese ordinal words: "segundo" → "segunda"."""
    return re.sub(r"o\b", "a", words)


# ------------------------------------------------------------------ number words


def fixed(words: str) -> str:
    """num2words' Brazilian Portuguese without its commas ("mil, novecentos e noventa" → "mil
    novecentos e noventa")."""
    return words.replace(",", "")


def _words(lang: str) -> tuple[Callable[[int], str], Callable[[int], str]]:
    """(cardinal, ordinal) in num2words' ``lang`` ("pt" or "pt_BR"), corrected."""

    def cardinal(n: int) -> str:
        return fixed(num2words(n, lang=lang))

    def ordinal(n: int) -> str:
        return fixed(num2words(n, lang=lang, to="ordinal"))

    return cardinal, ordinal


_SCALE = r"(?:milhão|milhões|bilião|biliões|bilhão|bilhões|trilião|triliões|trilhão|trilhões)"


def feminine_number(words: str) -> str:
    """A cardinal before a feminine noun: "duzentos e um" → "duzentas e uma", "dois mil" → "duas
    mil"; what counts millions stays masculine ("duzentos milhões de pessoas")."""
    m = re.match(r"(.*\b" + _SCALE + r"\b\s*)?(.*)", words)
    assert m is not None
    head, tail = m.group(1) or "", m.group(2)
    tail = re.sub(r"entos\b", "entas", tail)
    tail = re.sub(r"\bum\b", "uma", tail)
    return head + re.sub(r"\bdois\b", "duas", tail)


# ------------------------------------------------------------------ nouns

_FUNCTION_WORDS = frozenset(
    """a ao aos à às o os as um uma uns umas de do da dos das em no na nos nas num numa por pelo pela
    pelos pelas para com sem sob sobre entre até desde e ou nem que como quando onde mais menos muito
    já não sim se mas porque é são era eram foi foram será serão há tem têm está estão eu tu ele ela
    nós vós eles elas você vocês lhe lhes me te vos seu sua seus suas meu minha teu tua este esta
    estes estas esse essa esses essas cada outro outra outros outras""".split()
)
_VERB_ENDINGS = ("aram", "eram", "iram", "ou", "avam")
_FEMININE = frozenset(
    """vez noite tarde parte gente chave fonte rede flor mulher cor dor lei pele fase frase classe
    base mente morte sorte nuvem ordem ponte torre carne fome sede paz voz luz cruz raiz foz mao radio
    foto moto tribo febre neve arte catedral vogal""".split()
)
_MASCULINE = frozenset(
    """dia mapa problema sistema programa tema idioma clima poema esquema dilema lema teorema diagrama
    drama aroma enigma dogma fantasma pijama plasma prisma sintoma trauma panorama diploma telefonema
    cinema planeta cometa profeta poeta sofa grama quilograma miligrama micrograma telegrama
    holograma guarda""".split()
)
_FEMININE_ENDINGS = ("a", "cao", "sao", "dade", "tude", "gem", "ise")
_FEMININE_DETERMINERS = frozenset(
    "à às as uma umas da das na nas pela pelas esta estas essa essas aquela aquelas".split()
)
_LABELS = frozenset(
    """capítulo página lição tema passo número nível exercício parte unidade secção seção figura tabela
    versão artigo linha quarto andar porta ponto módulo dia ano aula grupo curso rota autocarro ônibus
    via fila lugar pergunta resposta opção nota anexo modelo tipo rua km quilómetro quilômetro""".split()
)


GENDER = NounGender(
    _FEMININE,
    _MASCULINE,
    _FEMININE_ENDINGS,
    (("oes", "ao"), ("aes", "ao"), ("ns", "m"), ("es", ""), ("s", "")),
    _FUNCTION_WORDS,
    _VERB_ENDINGS,
)
"""How a noun's gender is guessed for the number before it (endings and exception lists)."""
feminine_noun = GENDER.is_feminine
is_noun = GENDER.is_noun


_YEARISH = re.compile(r"(?:dois )?mil(?: e)?(?: (?!mil\b)\D*)?")


def before_noun(words: str, noun: str, before: str) -> str:
    """A whole number's words as said before ``noun`` (see ``Rules.before_noun``): feminine before
    a feminine noun ("duas semanas") or, with no noun, after a feminine article ("às 2" → "às
    duas"); "de" after "milhão"; a label keeps its number ("capítulo 2")."""
    b, n = before.lower(), (re.split(r"[\s-]", noun) or [""])[0]
    if b in _LABELS:
        return words
    if not is_noun(n):
        return feminine_number(words) if b in _FEMININE_DETERMINERS else words
    if re.search(_SCALE + r"$", words):
        return words + " de"  # "um milhão de habitantes"
    if _YEARISH.fullmatch(words) and (not n.lower().endswith("s") or n.lower().endswith("mos")):
        return words  # "em 2022 choveu": a year
    return feminine_number(words) if feminine_noun(n) else words


# ------------------------------------------------------------------ clock, fractions, Roman numerals

_DENOMINATORS = {
    2: "meio",
    3: "terço",
    4: "quarto",
    5: "quinto",
    6: "sexto",
    7: "sétimo",
    8: "oitavo",
    9: "nono",
    10: "décimo",
    100: "centésimo",
    1000: "milésimo",
}
_CENTURY = frozenset({"século", "séculos"})
_ROMAN_LABELS = frozenset(
    """capítulo capítulos tomo volume livro parte ato acto cena canto fase tipo grau nível secção seção
    anexo título artigo lição unidade tema exercício classe categoria divisão grupo""".split()
)
_NOT_NAMES = frozenset({"geração", "vitamina", "raios", "malcolm", "tipo", "classe"})
_WOMEN = frozenset(
    """maria isabel beatriz leonor teresa catarina joana amélia ana urraca mafalda sancha vitória
    carlota luísa""".split()
)


@dataclass(frozen=True)
class _Hooks:
    clock_time: Callable[[int, int], str]
    fraction: Callable[[int | None, int, int, str], str]
    roman: Callable[[int, str], str | None]


def _hooks(lang: str) -> _Hooks:
    """The hooks that say numbers, in num2words' ``lang``: ``clock_time``, ``fraction``, ``roman``."""
    cardinal, ordinal = _words(lang)

    def clock_time(hours: int, minutes: int) -> str:
        """ "uma hora" (1:00), "vinte e uma horas" (21:00), "uma e meia" (1:30), "catorze e trinta"."""
        h = feminine_number(cardinal(hours))
        if minutes == 0:
            return f"{h} hora" if hours in (0, 1) else f"{h} horas"
        if 1 <= hours <= 12 and minutes == 30:
            return f"{h} e meia"
        return f"{h} e {cardinal(minutes)}"

    def fraction(whole: int | None, numerator: int, denominator: int, noun: str) -> str:
        """ "um terço", "três quartos", "sete doze avos", "dois e meio"; before a noun "meia
        chávena", "meio litro", "três quartos de chávena"."""
        real = is_noun(noun)
        if (numerator, denominator) == (1, 2):
            half = "meia" if real and feminine_noun(noun) else "meio"
            if whole is not None:
                return f"{cardinal(whole)} e {half}"
            return half if real else "um meio"
        if denominator in _DENOMINATORS:
            parts = f"{_DENOMINATORS[denominator]}{'s' if numerator > 1 else ''}"
        else:
            parts = f"{cardinal(denominator)} avos"
        words = f"{cardinal(numerator)} {parts}"
        if whole is not None:
            words = f"{cardinal(whole)} e {words}"
        return f"{words} de" if real else words

    def roman(value: int, before: str) -> str | None:
        """ "século XXI" → "vinte e um", "século V" → "quinto", "capítulo IV" → "quatro", "Pedro
        II" → "segundo", "Maria II" → "segunda", "Luís XIV" → "catorze"."""
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

    return _Hooks(clock_time, fraction, roman)


# ------------------------------------------------------------------ the table

_UNITS = unit_table(
    {
        "°": ("um grau", "graus"),  # "está 30°", "um ângulo de 90°"
        "°F": ("um grau Fahrenheit", "graus Fahrenheit"),
        "mi": ("uma milha", "milhas"),
        "mph": ("uma milha por hora", "milhas por hora"),
        "kph": ("um quilómetro por hora", "quilómetros por hora"),
        "lb": ("uma libra", "libras"),
        "lbs": ("uma libra", "libras"),
        "oz": ("uma onça", "onças"),
        "ft": ("um pé", "pés"),
        "yd": ("uma jarda", "jardas"),
        "gal": ("um galão", "galões"),
        "t": ("uma tonelada", "toneladas"),
        "ha": ("um hectare", "hectares"),
        "kcal": ("uma quilocaloria", "quilocalorias"),
        "cal": ("uma caloria", "calorias"),
        "rpm": ("uma rotação por minuto", "rotações por minuto"),
        "dB": ("um decibel", "decibéis"),
        "m²": ("um metro quadrado", "metros quadrados"),
        "km²": ("um quilómetro quadrado", "quilómetros quadrados"),
        "cm²": ("um centímetro quadrado", "centímetros quadrados"),
        "m³": ("um metro cúbico", "metros cúbicos"),
        "cm³": ("um centímetro cúbico", "centímetros cúbicos"),
        "µg": ("um micrograma", "microgramas"),
        "μg": ("um micrograma", "microgramas"),
        "µm": ("um micrómetro", "micrómetros"),
        "μm": ("um micrómetro", "micrómetros"),
        "µs": ("um microssegundo", "microssegundos"),
        "μs": ("um microssegundo", "microssegundos"),
        "ns": ("um nanossegundo", "nanossegundos"),
    },
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
            "nm": ("m", "nanómetro", "nanómetros"),
            "N": ("m", "newton", "newtons"),
            "kN": ("m", "quilonewton", "quilonewtons"),
            "m/s": ("m", "metro por segundo", "metros por segundo"),
            "m/s²": ("m", "metro por segundo ao quadrado", "metros por segundo ao quadrado"),
            "J": ("m", "joule", "joules"),
            "kJ": ("m", "quilojoule", "quilojoules"),
        },
    ),
)


def brazilian(units: UnitTable) -> UnitTable:
    """European spelling → Brazilian: "quilómetro" → "quilômetro", "nanómetro" → "nanômetro"."""

    def respell(words: str) -> str:
        return re.sub(r"ómetro", "ômetro", words)

    return {symbol: (respell(one), respell(many)) for symbol, (one, many) in units.items()}


_DOLLAR = ("um dólar", "dólares", "um cêntimo", "cêntimos", "e")
_PORTUGAL, _BRAZILIAN = _hooks("pt"), _hooks("pt_BR")

RULES = Rules(
    code="pt",
    thousands=".\u00a0\u202f ",
    decimal_word="vírgula",
    months=tuple("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()),
    units=_UNITS,
    money={
        "€": ("um euro", "euros", "um cêntimo", "cêntimos", "e"),
        "EUR": ("um euro", "euros", "um cêntimo", "cêntimos", "e"),
        "R$": ("um real", "reais", "um centavo", "centavos", "e"),
        "US$": _DOLLAR,
        "$": _DOLLAR,
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
        "sr.": "senhor",
        "sra.": "senhora",
        "dr.": "doutor",
        "dra.": "doutora",
        "Prof.": "professor",
        "Profa.": "professora",
        "Prof.ª": "professora",
        "Eng.": "engenheiro",
        "Eng.ª": "engenheira",
        "Exmo.": "excelentíssimo",
        "Exma.": "excelentíssima",
        "V. Ex.ª": "Vossa Excelência",
        "av.": "avenida",
        "n.º": "número",
        "nº": "número",
        "art.": "artigo",
        "cap.": "capítulo",
        "vol.": "volume",
        "séc.": "século",
        "tel.": "telefone",
        "máx.": "máximo",
        "mín.": "mínimo",
        "pág.": "página",
        "aprox.": "aproximadamente",
        "a.C.": "antes de Cristo",
        "a. C.": "antes de Cristo",
        "d.C.": "depois de Cristo",
        "d. C.": "depois de Cristo",
        "24/7": "vinte e quatro sete",
    },
    pages={"p.": ("página", "páginas"), "pp.": ("páginas", "páginas"), "págs.": ("páginas", "páginas")},
    ordinal=r"(?<![\w.,])(\d{1,3})(\.?[ºª°])(?!\w)",
    clock="{h} e {m}",
    clock_hour="{h} horas",
    percent=("um por cento", "por cento"),
    feminine_markers=(".ª", "ª"),
    ordinal_context=tuple(
        "o a os as do da dos das no na nos nas ao à pelo pela seu sua meu minha este esta cada".split()
    ),
    context_markers=("°",),  # "o 2° andar", but "está 30°"
    date_joiner=" de ",
    day_markers=("º", "°"),  # "1º de maio"
    address_words=("ponto", "arroba", "barra"),
    decimals_as_number=3,  # "vírgula cento e vinte e cinco", but "vírgula um quatro um cinco nove"
    minus_word="menos",
    plus_word="mais",
    range_joiners={"": "a", "entre": "e", "das": "às"},  # "das 9:00-14:00": "das nove às catorze horas"
    ratio_word="para",
    hour_sign_words=("às", "as"),  # "9 h" after them: a time of day
    version_word="versão",  # "v2.3.1"
    symbols={
        "≈": "aproximadamente",
        "±": "mais ou menos",
        "^": "elevado a",
        "=": "é igual a",
        "+": "mais",
        "×": "vezes",
        "÷": "dividido por",
        "<": "menor que",
        ">": "maior que",
        "≤": "menor ou igual a",
        "≥": "maior ou igual a",
        "≠": "diferente de",
        "==": "é igual a",
    },  # "2 + 2 = 4"
    point_decimals=True,  # "3.5" written the English way: "três vírgula cinco"
    domains=("pt", "br", "ao", "mz", "cv"),
    phone_context=tuple(
        "telefone telefones tel telemóvel telemovel celular fax ligue ligar liga contacto contato whatsapp".split()
    ),
    feminine_ordinal=feminine,
    before_noun=before_noun,
    clock_time=_PORTUGAL.clock_time,
    fraction=_PORTUGAL.fraction,
    roman=_PORTUGAL.roman,
)

_BRAZIL = replace(
    RULES,
    code="pt_BR",
    units=brazilian(_UNITS),
    money={
        **RULES.money,
        "€": ("um euro", "euros", "um centavo", "centavos", "e"),
        "EUR": ("um euro", "euros", "um centavo", "centavos", "e"),
        "US$": ("um dólar", "dólares", "um centavo", "centavos", "e"),
        "$": ("um dólar", "dólares", "um centavo", "centavos", "e"),
    },
    first_day="primeiro",
    phone_digits=tuple("zero um dois três quatro cinco meia sete oito nove".split()),
    number_fix=fixed,
    clock_time=_BRAZILIAN.clock_time,
    fraction=_BRAZILIAN.fraction,
    roman=_BRAZILIAN.roman,
)
"""Brazil: "quilômetro", "dezesseis", "bilhão", "primeiro de janeiro", "centavos", "meia" (six) in
a telephone number."""

RULES = replace(RULES, regions={"br": _BRAZIL})
"""Portuguese's table."""


SYMBOL_WORDS: dict[str, str] = {
    "not double equal": "diferente igual",
    "shebang": "shebang",
    "triple equal": "igual igual igual",
    "star star": "asterisco asterisco",
    "slash slash": "barra barra",
    "not equal": "diferente de",
    "double equal": "igual igual",
    "less or equal": "menor ou igual a",
    "greater or equal": "maior ou igual a",
    "arrow": "seta",
    "fat arrow": "seta dupla",
    "left arrow": "seta para a esquerda",
    "and and": "e e",
    "or or": "ou ou",
    "double greater than": "duplo maior que",
    "double less than": "duplo menor que",
    "plus equals": "mais igual",
    "minus equals": "menos igual",
    "double colon": "dois pontos duplo",
    "star": "asterisco",
    "dot": "ponto",
    "dollar": "cifrão",
    "equals": "igual",
    "less than": "menor que",
    "greater than": "maior que",
    "plus": "mais",
    "dash": "traço",
    "slash": "barra",
    "backslash": "barra invertida",
    "underscore": "sublinhado",
    "hash": "cerquilha",
    "at": "arroba",
    "percent": "por cento",
    "ampersand": "e comercial",
    "pipe": "barra vertical",
    "tilde": "til",
    "caret": "circunflexo",
    "open paren": "abre parênteses",
    "close paren": "fecha parênteses",
    "open bracket": "abre colchete",
    "close bracket": "fecha colchete",
    "open brace": "abre chave",
    "close brace": "fecha chave",
    "quote": "aspas",
    "backtick": "crase",
    "colon": "dois pontos",
    "semicolon": "ponto e vírgula",
    "comma": "vírgula",
    "question mark": "ponto de interrogação",
    "bang": "ponto de exclamação",
    "minus": "menos",
    "of": "de",
    "and": "e",
    "with": "com",
    "dunder": "duplo sublinhado",
    "point": "ponto",
    "in braces": "entre chaves",
    "in double braces": "entre chaves duplas",
    "in brackets": "entre colchetes",
    "in parentheses": "entre parênteses",
    "empty braces": "chaves vazias",
    "empty brackets": "colchetes vazios",
    "empty parentheses": "parênteses vazios",
    "empty string": "uma string vazia",
    "the list": "a lista",
    "the list of lists": "a lista de listas",
    "item": "elemento",
    "and so on": "e assim por diante",
    "up to": "até",
    "something": "algo",
    "the output of": "a saída de",
    "the value of": "o valor de",
    "blank": "lacuna",
    "times": "vezes",
    "divided by": "dividido por",
    "modulo": "módulo",
    "count times": "vezes",
    "to": "a",
    "or more": "ou mais",
    "or": "ou",
}
"""How code's symbols are said in Portuguese (:func:`narrate.text.code.speak_code`; keys: the English
words, see :attr:`Language.symbol_words`)."""


MATH_FROM_ENGLISH = {
    # relations
    "is less than or equal to": "é menor ou igual a",
    "is greater than or equal to": "é maior ou igual a",
    "is much less than": "é muito menor que",
    "is much greater than": "é muito maior que",
    "is less than": "é menor que",
    "is greater than": "é maior que",
    "is not equal to": "é diferente de",
    "is approximately": "é aproximadamente igual a",
    "is identical to": "é idêntico a",
    "is equivalent to": "é equivalente a",
    "is similar to": "é semelhante a",
    "is proportional to": "é proporcional a",
    "proportional to": "é proporcional a",
    "is not a member of": "não pertence a",
    "is a member of": "pertence a",
    "is not in": "não pertence a",
    "is in": "pertence a",
    "is a subset of or equal to": "está contido ou é igual a",
    "subset of or equal to": "está contido ou é igual a",
    "is a subset of": "está contido em",
    "subset of": "está contido em",
    "equals": "é igual a",
    "if and only if": "se e somente se",
    "implies": "implica",
    "maps to": "é levado em",
    "right arrow from bar": "é levado em",
    "long right double arrow": "implica",
    "right double arrow": "implica",
    "left right double arrow": "se e somente se",
    "right arrow": "para",
    "left arrow": "seta para a esquerda",
    "goes to": "tende a",
    "approaches": "tende a",
    "given": "dado",
    "parallel to": "é paralelo a",
    "perpendicular": "é perpendicular a",
    "divides": "divide",
    # operations
    "plus or minus": "mais ou menos",
    "minus or plus": "menos ou mais",
    "plus": "mais",
    "minus": "menos",
    "negative": "menos",
    "times": "vezes",
    "divided by": "dividido por",
    "over": "sobre",
    "the fraction with numerator": "a fração com numerador",
    "and denominator": "e denominador",
    "the fraction": "a fração",
    "end fraction": "",
    "squared": "ao quadrado",
    "cubed": "ao cubo",
    "raised to the exponent": "elevado a",
    "end exponent": "",
    "raised to the": "elevado a",
    "to the power of": "elevado a",
    "end power": "",
    "to the": "elevado a",
    "power": "",
    "transpose": "transposta",
    "sub": "índice",
    "the square root of": "a raiz quadrada de",
    "the cube root of": "a raiz cúbica de",
    "the {x}-th root of": "a raiz de índice {x} de",
    "the absolute value of": "o valor absoluto de",
    "absolute value": "valor absoluto",
    "factorial": "fatorial",
    "infinity": "infinito",
    "double prime": "duas linhas",
    "prime": "linha",
    "percent sign": "por cento",
    "percent": "por cento",
    "degrees": "graus",
    "composed with": "composta com",
    "and so on up to": "e assim por diante até",
    "and so on": "e assim por diante",
    "the quantity": "entre parênteses",
    "the interval from": "o intervalo de",
    # accents and letters
    "hat": "chapéu",
    "bar": "barra",
    "tilde": "til",
    "dot above": "ponto",
    "two dots": "dois pontos",
    "double dot": "dois pontos",
    "dot": "ponto",
    "bold": "negrito",
    "script": "caligráfico",
    "italic": "",
    "normal": "",
    "vector": "vetor",
    "capital": "maiúsculo",
    "alpha": "alfa",
    "gamma": "gama",
    "epsilon": "épsilon",
    "theta": "teta",
    "kappa": "capa",
    "lamda": "lambda",
    "mu": "mi",
    "nu": "ni",
    "xi": "csi",
    "omicron": "ómicron",
    "rho": "rô",
    "upsilon": "ípsilon",
    "phi": "fi",
    "chi": "qui",
    "omega": "ômega",
    # sets and logic
    "the real numbers": "os números reais",
    "the natural numbers": "os números naturais",
    "the integers": "os números inteiros",
    "the rational numbers": "os números racionais",
    "the complex numbers": "os números complexos",
    "the set of all": "o conjunto de todos os",
    "such that": "tais que",
    "the set": "o conjunto",
    "the empty set": "o conjunto vazio",
    "empty set": "o conjunto vazio",
    "union": "união",
    "intersection": "interseção",
    "for all": "para todo",
    "there exists": "existe",
    "not sign": "não",
    "not": "não",
    "and": "e",
    "or": "ou",
    # calculus and functions
    "the sum from": "a soma de",
    "the sum over": "a soma sobre",
    "the sum of": "a soma de",
    "the sum": "a soma",
    "the product from": "o produto de",
    "the product over": "o produto sobre",
    "the product": "o produto",
    "the integral from": "a integral de",
    "the integral of": "a integral de",
    "the integral": "a integral",
    "the double integral of": "a integral dupla de",
    "the triple integral of": "a integral tripla de",
    "the contour integral of": "a integral de contorno de",
    "the contour integral": "a integral de contorno",
    "partial differential": "d parcial",
    "partial": "d parcial",
    "del": "nabla",
    "lim over": "o limite quando",
    "the limit as": "o limite quando",
    "sine": "seno",
    "cosine": "cosseno",
    "tangent": "tangente",
    "cotangent": "cotangente",
    "secant": "secante",
    "cosecant": "cossecante",
    "arc sine": "arco seno",
    "arc cosine": "arco cosseno",
    "arc tangent": "arco tangente",
    "hyperbolic sine": "seno hiperbólico",
    "hyperbolic cosine": "cosseno hiperbólico",
    "hyperbolic tangent": "tangente hiperbólica",
    "the natural log of": "o logaritmo natural de",
    "natural log": "logaritmo natural",
    "the log base": "o logaritmo na base",
    "log base": "logaritmo na base",
    "the exp of": "a exponencial de",
    "the determinant of": "o determinante de",
    "determinant": "determinante",
    "max over": "o máximo sobre",
    "min over": "o mínimo sobre",
    "max": "máximo",
    "min": "mínimo",
    "gcd": "mdc",
    # geometry, matrices, brackets left as speech-rule-engine names them
    "angle": "ângulo",
    "the line segment": "o segmento",
    "white up pointing triangle": "triângulo",
    "column matrix": "matriz coluna",
    "matrix": "matriz",
    "by": "por",
    "left floor": "o piso de",
    "right floor": "",
    "left ceiling": "o teto de",
    "right ceiling": "",
    "left angle bracket": "abre parêntese angular",
    "right angle bracket": "fecha parêntese angular",
    "open paren": "abre parênteses",
    "close paren": "fecha parênteses",
    "open bracket": "abre colchetes",
    "close bracket": "fecha colchetes",
    "open brace": "abre chaves",
    "close brace": "fecha chaves",
    "vertical bar": "barra vertical",
    # units speech-rule-engine names
    "kilonewtons": "quilonewtons",
    "kilonewton": "quilonewton",
    "newtons": "newtons",
    "millimeters": "milímetros",
    "millimeter": "milímetro",
    "centimeters": "centímetros",
    "centimeter": "centímetro",
    "kilometers": "quilómetros",
    "kilometer": "quilómetro",
    "meters": "metros",
    "kilograms": "quilogramas",
    "kilogram": "quilograma",
    "grams": "gramas",
    "milliseconds": "milissegundos",
    "millisecond": "milissegundo",
    "seconds": "segundos",
    "kilojoules": "quilojoules",
    "kilojoule": "quilojoule",
    "kilowatts": "quilowatts",
    "kilowatt": "quilowatt",
    "milliliters": "mililitros",
    "milliliter": "mililitro",
    "liters": "litros",
    "comma": ",",
    "colon": ":",
    "semicolon": ";",
    # any other word
    "the": "",
    "of": "de",
    "from": "de",
    "to": "a",
    "with": "com",
    "at": "em",
    "for": "para",
    "all": "todos",
    "as": "quando",
    "is": "é",
    "zero": "zero",
    "one": "um",
    "two": "dois",
    "three": "três",
    "four": "quatro",
    "five": "cinco",
    "six": "seis",
    "seven": "sete",
    "eight": "oito",
    "nine": "nove",
    "ten": "dez",
}
"""speech-rule-engine has no Portuguese: math is spoken in English and these words say it in
Portuguese (narrate.text.math: English words, after its narrator's layer → Portuguese, the longest
first; a word not listed, a letter or a name, stays)."""


MATH_WORDS = {
    "speaker": "en",
    **{"~" + english: portuguese for english, portuguese in MATH_FROM_ENGLISH.items()},
    "implies": "implica",
    "iff": "se e somente se",
    "if": "se",
    "otherwise": "caso contrário",
    "limit": "o limite quando {v} tende a {a} de",
    "from_to": "avaliado de {a} a {b}",
    "at": "avaliado em {a}",
    "matrix": "a matriz {r} por {c} com linhas",
    "column": "o vetor coluna",
    "row": "o vetor linha",
    "and": "e",
    "celsius": "graus Celsius",
    "fahrenheit": "graus Fahrenheit",
    "tends": "tende a",
    "so": "logo",
    "right": "para a direita",
    "left": "para a esquerda",
    "up": "para cima",
    "down": "para baixo",
    "clockwise": "no sentido horário",
    "anticlockwise": "no sentido anti-horário",
}
"""How the math reader links what it reads (narrate.text.math): limits, cases, matrices, degrees,
"so", directions; "speaker": the language speech-rule-engine speaks for Portuguese, "~" + its words →
the Portuguese ones (:data:`MATH_FROM_ENGLISH`)."""


LANGUAGE = Language(
    code="pt",
    math_words=MATH_WORDS,
    symbol_words=SYMBOL_WORDS,
    name="Portuguese",
    iso639_2="por",
    quiz=QuizWords(
        quiz_headings=(
            "teste os seus conhecimentos",
            "teste seus conhecimentos",
            "autoavaliação",
            "questionário",
            "perguntas",
            "exercícios",
        ),
        next_headings=("a seguir", "próximas? liç(ão|ões)", "liç(ão|ões) seguintes?"),
        answer=("resposta( certa| correta)?", "solução"),
        explanation=("explicação",),
        question=("pergunta",),
        lesson=("lição", "de"),
        asking=("que|o que|qual|quais|quem|quando|onde|aonde|como|por que|por quê|quant[oa]s?",),
    ),
    feminine=(("\\bum$", "uma"), ("\\bdois$", "duas"), ("entos\\b", "entas")),
    rules=RULES,
)
"""Portuguese: the one object narrate asks about the language (see :class:`Language`)."""
