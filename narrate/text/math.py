"""Mathematics as a narrator reads it: LaTeX or MathML → words ("x sub 2", "a over b"), never currency.

Two speakers, same interface (:func:`speak_math`):

* **speech-rule-engine** (SRE, the engine MathJax uses for accessibility; ClearSpeak rules) when
  Node.js and the npm package are installed (``scripts/setup.sh`` puts it in ``vendor/node_modules``;
  ``NARRATE_SRE_DIR`` names another ``node_modules`` folder). LaTeX is first converted to MathML with
  latex2mathml. One ``node`` process speaks every expression of a call (``narrate/text/sre_driver.js``)
  that is not already in the math cache (``<cache folder>/math/``, kept between builds).
* a **pure-Python fallback** for common constructs (fractions, roots, powers, subscripts, Greek
  letters, functions, sums, integrals, limits, relations) when SRE is missing, fails, or
  ``NARRATE_SRE=off``. Its output is deterministic and tested (tests/test_math_code.py).

Numbers stay digits ("x sub 2"): :func:`narrate.text.normalize.spoken` says them in words later.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from narrate.files import write_atomic
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.phrases import primary

__all__ = ["speak_math", "speak_latex", "sre_available"]

_DRIVER = Path(__file__).with_name("sre_driver.js")
_VENDOR = Path(__file__).resolve().parents[2] / "vendor" / "node_modules"
SRE_TIMEOUT_S = 60
SRE_TIMEOUT_PER_EXPRESSION_S = 5


def _sre_dir() -> Path | None:
    folder = Path(os.environ.get("NARRATE_SRE_DIR") or _VENDOR)
    return folder if (folder / "speech-rule-engine" / "package.json").is_file() else None


def sre_available() -> bool:
    """True when node and the speech-rule-engine package can be used (and ``NARRATE_SRE`` is not "off")."""
    return os.environ.get("NARRATE_SRE", "").lower() != "off" and bool(shutil.which("node")) and _sre_dir() is not None


def speak_math(expressions: Sequence[str], locale: str = DEFAULT_LANGUAGE) -> list[str]:
    """Speak each expression (LaTeX, or MathML starting with ``<math``) as words.

    Args:
        expressions: LaTeX source without delimiters (``1 - \\cos\\theta``) or MathML.
        locale: SRE locale (``en``, ``de``, ``fr``, ...); the fallback speaks English.

    Returns:
        One spoken string per expression, in order (``""`` for an empty one). Never raises: an
        expression SRE cannot speak is spoken by the fallback.
    """
    rows = [_rows(e) for e in expressions]
    items = tuple(row for expr in rows for row in expr)
    spoken: list[str | None] = [None] * len(items)
    if items and sre_available():
        spoken = list(_sre_cached(items, primary(locale)))
    said = iter([s if s else _fallback_or_cue(e) for s, e in zip(spoken, items)])
    return [", ".join(w for w in (next(said) for _ in expr) if w) for expr in rows]


def _fallback_or_cue(expr: str) -> str:
    """The fallback's reading, or "a formula" for one nested too deeply to read (with a warning)."""
    try:
        return _fallback(expr)
    except RecursionError:
        from narrate.errors import warn

        warn(f"a formula nested too deeply to be read is said as 'a formula': {expr[:40]}...")
        return "a formula"


_ENVIRONMENT = re.compile(r"\\(?:begin|end)\{(?:aligned|align\*?|eqnarray\*?|gather\*?|gathered|split|multline\*?)\}")
_ROW_BREAK = re.compile(r"\\\\(?:\[[^\]]*\])?")


def _rows(expr: str) -> list[str]:
    """An equation array as its rows, alignment marks gone (each row is said on its own)."""
    if expr.lstrip().startswith("<math"):
        return [expr]
    if not _ENVIRONMENT.search(expr) and "&" not in expr:
        return [expr] if expr.strip() else [""]
    body = _ENVIRONMENT.sub(" ", expr)
    rows = [" ".join(r.replace("&", " ").split()) for r in _ROW_BREAK.split(body)]
    return [r for r in rows if r] or [""]


def _sre_version(folder: Path) -> str:
    try:
        return str(json.loads((folder / "speech-rule-engine" / "package.json").read_text("utf-8")).get("version", ""))
    except (OSError, ValueError):
        return ""


def _cache_file(folder: Path, locale: str) -> Path:
    """Where SRE's answers are kept between builds: one JSON file per SRE version and locale, in the
    narrate cache folder (``$NARRATE_CACHE_DIR``, else ``$XDG_CACHE_HOME/narrate`` or ~/.cache/narrate)."""
    root = os.environ.get("NARRATE_CACHE_DIR") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "narrate"
    )
    return Path(root) / "math" / f"sre-{_sre_version(folder)}-{locale}.json"


def _load_cache(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}
    )


@functools.lru_cache(maxsize=64)
def _sre_cached(items: tuple[str, ...], locale: str) -> tuple[str | None, ...]:
    """SRE's speech of each item (None where it has none): from the disk cache, else from one node
    process for all the others (SRE takes tens of milliseconds per expression, more on a busy machine)."""
    folder = _sre_dir()
    if folder is None:
        return (None,) * len(items)
    cache_path = _cache_file(folder, locale)
    cache = _load_cache(cache_path)
    todo = sorted({e for e in items if e not in cache})
    if todo:
        found = _run_sre(folder, todo, locale)
        fresh = {e: s for e, s in zip(todo, found) if s}
        if fresh:
            cache.update(fresh)
            try:
                write_atomic(cache_path, json.dumps(cache, ensure_ascii=False, sort_keys=True))
            except OSError:
                pass  # a read-only cache folder: the answers are still used for this build
    return tuple(cache.get(e) for e in items)


def _run_sre(folder: Path, items: list[str], locale: str) -> list[str | None]:
    try:
        from latex2mathml.converter import convert
    except ImportError:
        return [None] * len(items)
    mathml: list[str | None] = []
    for expr in items:
        if expr.lstrip().startswith("<math"):
            mathml.append(expr)
            continue
        try:
            mathml.append(convert(expr))
        except Exception:  # latex2mathml raises many kinds on bad LaTeX: the fallback speaks it
            mathml.append(None)
    request = {"sre": str(folder / "speech-rule-engine"), "locale": locale, "math": mathml}
    try:
        done = subprocess.run(
            ["node", str(_DRIVER)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=SRE_TIMEOUT_S + SRE_TIMEOUT_PER_EXPRESSION_S * len(items),
            check=True,
        )
        out = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return [None] * len(items)
    if not isinstance(out, list) or len(out) != len(items):
        return [None] * len(items)
    return [s.strip() if isinstance(s, str) and s.strip() else None for s in out]


def _fallback(expr: str) -> str:
    if expr.lstrip().startswith("<math"):
        expr = re.sub(r"<[^>]+>", " ", expr)  # MathML without SRE: its tokens in order
        return " ".join(_Latex(expr).words())
    return speak_latex(expr)


# ------------------------------------------------------------------ fallback: LaTeX → words

GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho "
    "varrho sigma varsigma tau upsilon phi varphi chi psi omega"
).split()
FUNCTIONS = {
    "sin": "sine",
    "cos": "cosine",
    "tan": "tangent",
    "cot": "cotangent",
    "sec": "secant",
    "csc": "cosecant",
    "arcsin": "arc sine",
    "arccos": "arc cosine",
    "arctan": "arc tangent",
    "sinh": "hyperbolic sine",
    "cosh": "hyperbolic cosine",
    "tanh": "hyperbolic tangent",
    "log": "log",
    "ln": "natural log",
    "exp": "exp",
    "det": "determinant",
    "max": "max",
    "min": "min",
    "gcd": "gcd",
}
RELATIONS = {
    "=": "equals",
    "<": "is less than",
    ">": "is greater than",
    "\\lt": "is less than",
    "\\gt": "is greater than",
    "\\leq": "is less than or equal to",
    "\\le": "is less than or equal to",
    "\\geq": "is greater than or equal to",
    "\\ge": "is greater than or equal to",
    "\\neq": "is not equal to",
    "\\ne": "is not equal to",
    "\\approx": "is approximately",
    "\\sim": "is similar to",
    "\\equiv": "is equivalent to",
    "\\propto": "is proportional to",
    "\\in": "is in",
    "\\notin": "is not in",
    "\\subset": "is a subset of",
    "\\subseteq": "is a subset of or equal to",
    "\\to": "goes to",
    "\\rightarrow": "goes to",
    "\\mapsto": "maps to",
    "\\Rightarrow": "implies",
    "\\implies": "implies",
    "\\iff": "if and only if",
}
OPERATORS = {
    "+": "plus",
    "-": "minus",
    "\\pm": "plus or minus",
    "\\mp": "minus or plus",
    "\\times": "times",
    "\\cdot": "times",
    "*": "times",
    "\\div": "divided by",
    "/": "over",
    "!": "factorial",
    "'": "prime",
    "\\prime": "prime",
    "\\infty": "infinity",
    "\\partial": "partial",
    "\\nabla": "del",
    "\\ldots": "dot dot dot",
    "\\dots": "dot dot dot",
    "\\cdots": "dot dot dot",
    "\\cup": "union",
    "\\cap": "intersection",
    "\\forall": "for all",
    "\\exists": "there exists",
    "\\emptyset": "the empty set",
    "\\circ": "degrees",
    "\\%": "percent",
    "%": "percent",
    ",": ",",
    "|": "absolute value",
}
BIG = {"\\sum": "the sum", "\\prod": "the product", "\\int": "the integral", "\\oint": "the contour integral"}
ACCENTS = {"hat": "hat", "bar": "bar", "overline": "bar", "tilde": "tilde", "dot": "dot", "ddot": "double dot"}
FONTS = {"mathbf": "bold", "boldsymbol": "bold", "vec": "vector"}
SPACING = {"\\,", "\\;", "\\:", "\\!", "\\quad", "\\qquad", "\\left", "\\right", "\\big", "\\Big", "\\displaystyle"}
SPACING |= {"\\bigl", "\\bigr", "\\Bigl", "\\Bigr", "\\limits", "\\nolimits", "~", "\\ ", "\\tfrac", "\\dfrac"}
_TEXT_GROUP = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|mathit|operatorname)\s*\{([^{}]*)\}")
_LATEX_TOKEN = re.compile(_TEXT_GROUP.pattern + r"|\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|[A-Za-z]|\S")
_PARTS = {"2": "half", "3": "third", "4": "quarter", "5": "fifth", "6": "sixth", "8": "eighth", "10": "tenth"}
_OPEN = {"(": ")", "[": "]", "\\{": "\\}", "\\lbrace": "\\rbrace", "\\langle": "\\rangle"}


class _Latex:
    """A small recursive reader of LaTeX math: tokens → words."""

    def __init__(self, source: str):
        self.toks = [m.group(0) for m in _LATEX_TOKEN.finditer(source)]
        self.i = 0

    def peek(self) -> str | None:
        while self.i < len(self.toks) and self.toks[self.i] in SPACING:
            self.i += 1
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str | None:
        tok = self.peek()
        if tok is not None:
            self.i += 1
        return tok

    def words(self, stop: str | None = None) -> list[str]:
        out: list[str] = []
        while (tok := self.peek()) is not None and tok != stop:
            if tok in ("}", ")", "]", "\\}", "\\rbrace", "\\rangle") and stop is None:
                self.take()  # an unbalanced closer
                continue
            out.extend(self.term())
        return out

    def group(self) -> list[str]:
        """One argument: a {braced group} or a single token."""
        tok = self.peek()
        if tok == "{":
            self.take()
            inner = self.words("}")
            self.take()
            return inner
        return self.atom()

    def raw_group(self) -> str:
        """The text of a {group} as written (\\text{...}, \\mathrm{...})."""
        if self.peek() != "{":
            return self.take() or ""
        self.take()
        depth, parts = 1, []
        while (tok := self.take()) is not None:
            depth += {"{": 1, "}": -1}.get(tok, 0)
            if depth == 0:
                break
            parts.append(tok)
        text = "".join(p if p[0] != "\\" else " " for p in parts)
        return " ".join(text.split())

    def atom(self) -> list[str]:
        tok = self.take()
        if tok is None:
            return []
        if tok == "{":
            inner = self.words("}")
            self.take()
            return inner
        if tok in _OPEN:
            inner = self.words(_OPEN[tok])
            self.take()
            return inner if len(inner) <= 1 else ["open paren", *inner, "close paren"]
        name = tok[1:]
        if tok == "\\frac" or tok == "\\dfrac" or tok == "\\tfrac":
            top, bottom = self.group(), self.group()
            if len(top) == 1 and top[0].isdigit() and len(bottom) == 1 and bottom[0] in _PARTS:
                part = _PARTS[bottom[0]]
                return [top[0], part if top[0] == "1" else ("halves" if part == "half" else part + "s")]
            if len(top) > 1 or len(bottom) > 1:
                return ["the fraction", *top, "over", *bottom, "end fraction"]
            return [*top, "over", *bottom]
        if tok == "\\sqrt":
            index: list[str] = []
            if self.peek() == "[":
                self.take()
                index = self.words("]")
                self.take()
            body = self.group()
            if index == ["3"]:
                return ["the cube root of", *body]
            if index:
                return [
                    "the",
                    "".join(index) + "th" if index[0].isdigit() else " ".join(index) + "-th",
                    "root of",
                    *body,
                ]
            return ["the square root of", *body]
        text_group = _TEXT_GROUP.fullmatch(tok)
        if text_group:
            text = " ".join(text_group.group(1).split())
            return [FUNCTIONS.get(text, text)] if text else []
        if tok in ("\\text", "\\mathrm", "\\operatorname", "\\textrm", "\\mbox", "\\mathit", "\\textit"):
            text = self.raw_group()
            return [FUNCTIONS.get(text, text)] if text else []
        if name in ACCENTS:
            return [*self.group(), ACCENTS[name]]
        if name in FONTS:
            return [FONTS[name], *self.group()]
        if name in ("mathbb", "mathcal", "mathfrak", "mathsf", "mathtt"):
            return [self.raw_group()]
        if name in FUNCTIONS:
            return [FUNCTIONS[name]]
        if name in GREEK or name.lower() in GREEK:
            return [("capital " if name[0].isupper() else "") + name.lower().removeprefix("var")]
        if tok in RELATIONS:
            return [RELATIONS[tok]]
        if tok in OPERATORS:
            return [OPERATORS[tok]]
        if tok in ("&", "\\\\", "\\cr"):
            return [","]
        if tok.startswith("\\begin") or tok.startswith("\\end"):
            self.raw_group()
            return []
        if tok.startswith("\\"):
            return [name] if len(name) > 1 and name.isalpha() else []
        return [tok]

    def scripts(self, base: list[str]) -> list[str]:
        """Subscripts and superscripts after ``base``."""
        out = list(base)
        while self.peek() in ("_", "^"):
            mark = self.take()
            arg = self.group()
            if mark == "_":
                out += ["sub", *arg]
            elif arg == ["2"]:
                out.append("squared")
            elif arg == ["3"]:
                out.append("cubed")
            elif arg == ["prime"]:
                out.append("prime")
            elif len(arg) == 1:
                out += ["to the power of", *arg]
            else:
                out += ["to the power of", *arg, "end power"] if self.peek() is not None else ["to the power of", *arg]
        return out

    def term(self) -> list[str]:
        tok = self.peek()
        if tok in BIG or tok == "\\lim":
            self.take()
            lower: list[str] = []
            upper: list[str] = []
            while self.peek() in ("_", "^"):
                mark = self.take()
                (lower if mark == "_" else upper).extend(self.group())
            if tok == "\\lim":
                return ["the limit as", *[w if w != "goes to" else "approaches" for w in lower], "of"]
            head = [BIG[tok]]
            if lower:
                head += ["from", *lower]
            if upper:
                head += ["to", *upper]
            return [*head, "of"]
        if tok == "-" and (self.i == 0 or self.toks[self.i - 1] in ("(", "{", "=", "[")):
            self.take()
            return ["negative"]
        start_name = (tok or "")[1:]
        words = self.scripts(self.atom())
        if start_name in FUNCTIONS and self.peek() in ("(", "\\left"):
            return [
                "the",
                *words,
                "of",
                *[w for w in self.scripts(self.atom()) if w not in ("open paren", "close paren")],
            ]
        if start_name in FUNCTIONS and self.peek() is not None and self.peek() not in RELATIONS | OPERATORS.keys():
            return ["the", *words, "of", *self.scripts(self.atom())]
        if len(words) == 1 and len(words[0]) == 1 and words[0].isalpha() and self.peek() == "(":
            self.take()
            inner = self.words(")")
            self.take()
            return [*words, "of", *inner]
        return words


def speak_latex(latex: str) -> str:
    """LaTeX math (no ``$`` delimiters) → English words, without SRE: ``\\frac{a}{b}`` → "a over b",
    ``x_2`` → "x sub 2", ``1 - \\cos(\\theta)`` → "1 minus the cosine of theta". Pure; never raises."""
    words = _Latex(latex).words()
    text = " ".join(w for w in words if w)
    return re.sub(r"\s+,", ",", text).strip(" ,")
