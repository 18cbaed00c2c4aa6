"""Chemical formulas, ions and reaction equations -> spoken text, for :mod:`narrate.text.normalize`.

``"2 H2O → 4 H+ + 4 e- + O2"`` -> ``"two H two O yields four H plus, plus four electrons, plus O
two"``. Only tokens made of real element symbols (:data:`ELEMENTS`) with a count or a charge are
touched, so words and acronyms are never read as formulas. Element symbols of two letters are
spelled (``"Fe"`` -> ``"F E"``); a charge is read as "plus"/"minus" after its size (``"Fe3+"`` ->
``"F E three plus"``); an electron ``e-`` in an equation is "electron(s)".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar

ELEMENTS = frozenset(
    """H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr
    Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb
    Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf
    Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og""".split()
)
# reaction arrows -> how they are read
ARROWS = {
    "→": "yields",
    "⟶": "yields",
    "->": "yields",
    "=>": "yields",
    "⇌": "is in equilibrium with",
    "⇄": "is in equilibrium with",
    "<=>": "is in equilibrium with",
    "<->": "is in equilibrium with",
}
CHARGES = {"+": "plus", "-": "minus", "−": "minus", "⁺": "plus", "⁻": "minus"}
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")

_FORMULA = r"(?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+"
_CHARGE = r"(?:\^?\d?[+\-−]|[⁰-⁹]*[⁺⁻])"
_SPECIES = r"(?:\d+\s?)?(?:" + _FORMULA + _CHARGE + r"?|e[-−⁻])"
_ARROW = "|".join(re.escape(a) for a in sorted(ARROWS, key=len, reverse=True))
_EQUATION = re.compile(
    r"(?<![\w+])(?P<left>" + _SPECIES + r"(?:\s+\+\s+" + _SPECIES + r")*)\s*(?P<arrow>" + _ARROW + r")\s*"
    r"(?P<right>" + _SPECIES + r"(?:\s+\+\s+" + _SPECIES + r")*)(?![\w+])"
)
_ION = re.compile(r"(?<![\w+\-−])(?P<f>" + _FORMULA + r")(?P<c>\^?\d?[+\-−]|[⁰-⁹]*[⁺⁻])(?=[\s,.;:)]|$)")
_PART = re.compile(r"([A-Z][a-z]?)(\d*)|\(|\)(\d*)")
_SPLIT_SPECIES = re.compile(r"(?P<coef>\d+)?\s?(?P<body>.+)")


def _elements_ok(formula: str) -> bool:
    return all(sym in ELEMENTS for sym in re.findall(r"[A-Z][a-z]?", formula))


_COUNT: ContextVar[Callable[[str], str]] = ContextVar("chemistry_count", default=str)


def _count(digits: str) -> str:
    return _COUNT.get()(digits)


def formula_words(formula: str) -> str:
    """``"H2O"`` -> ``"H two O"``, ``"Ca(OH)2"`` -> ``"C A, O H, two"``."""
    words: list[str] = []
    for m in _PART.finditer(formula):
        if m.group(1):
            words.append(" ".join(m.group(1).upper()))
            if m.group(2):
                words.append(_count(m.group(2)))
        elif m.group(0).startswith(")") and m.group(3):
            words.append(_count(m.group(3)))
    return " ".join(words)


def _split_charge(formula: str, charge: str) -> tuple[str, str]:
    """("Fe3", "+") -> ("Fe", "3+"): a digit before the sign belongs to the charge when the formula is
    one element, or when another digit comes before it ("SO42-" -> "SO4", "2-")."""
    charge = charge.lstrip("^").translate(_SUPERSCRIPT)
    if charge[:-1]:
        return formula, charge
    digits = re.search(r"(\d+)$", formula)
    if digits:
        head = formula[: digits.start()]
        single = re.fullmatch(r"[A-Z][a-z]?", head) is not None
        if single and len(digits.group(1)) == 1:
            return head, digits.group(1) + charge
        if len(digits.group(1)) >= 2:
            return formula[:-1], formula[-1] + charge
    return formula, charge


def ion_words(formula: str, charge: str) -> str:
    """``("Fe3", "+")`` -> ``"F E three plus"``, ``("OH", "-")`` -> ``"O H minus"``."""
    formula, charge = _split_charge(formula, charge)
    size = _count(charge[:-1]) + " " if charge[:-1] and charge[:-1] != "1" else ""
    return f"{formula_words(formula)} {size}{CHARGES[charge[-1]]}"


def _species(text: str) -> str | None:
    m = _SPLIT_SPECIES.fullmatch(text.strip())
    if m is None:
        return None
    coef, body = m["coef"], m["body"]
    if body in ("e-", "e−", "e⁻"):
        many = coef is not None and int(coef) != 1
        return (f"{_count(coef)} " if coef else "an ") + ("electrons" if many else "electron")
    ion = re.fullmatch(r"(" + _FORMULA + r")(" + _CHARGE + r")?", body)
    if ion is None or not _elements_ok(ion.group(1)):
        return None
    words = ion_words(ion.group(1), ion.group(2)) if ion.group(2) else formula_words(ion.group(1))
    return (f"{_count(coef)} " if coef else "") + words


def _equation(m: re.Match) -> str:
    sides = []
    for side in (m["left"], m["right"]):
        spoken = [_species(s) for s in re.split(r"\s+\+\s+", side)]
        if any(s is None for s in spoken):
            return m.group(0)
        sides.append(", plus ".join(s for s in spoken if s))
    if not re.search(r"\d|[+\-−⁺⁻]", m["left"] + m["right"]):
        return m.group(0)  # "A -> B": letters, not a reaction
    return f"{sides[0]} {ARROWS[m['arrow']]} {sides[1]}"


def _ion(m: re.Match) -> str:
    if not _elements_ok(m["f"]) or (len(m["f"]) > 2 and not re.search(r"\d|[A-Z].*[A-Z]", m["f"])):
        return m.group(0)
    return ion_words(m["f"], m["c"])


def chemistry(text: str, count: Callable[[str], str] = str) -> str:
    """Reaction equations and ions in ``text`` -> words (see the module docstring); other text is
    left as it is. ``count`` says a number ("2" -> "two": the language's cardinal). Plain formulas
    without a charge (``"CO2"``) are left to the number rules, which read them as "C O two"."""
    token = _COUNT.set(count)
    try:
        return _ION.sub(_ion, _EQUATION.sub(_equation, text))
    finally:
        _COUNT.reset(token)
