"""The kinds of divs, directives and kramdown classes the dialects write (Carpentries, MyST / Jupyter
Book, sphinx-proof, Quarto, admonitions), and what kind a node is."""

from __future__ import annotations

import re

from markdown_it.tree import SyntaxTreeNode

from narrate.text.readers.markdown.nodes import _text

_SOLUTION_TITLE = re.compile(
    r"^(?:(?:show|see|reveal|view|check|click for|click to see)\s+(?:the\s+|my\s+|an?\s+)?)?"  # "Show the answer"
    r"(solutions?|answers?|solución|solucion|soluciones|respuestas?|lösung(en)?|antwort(en)?|réponses?|"
    r"soluzion[ei]|rispost[ae]|soluç(ão|ões)|respostas?|oplossing(en)?|antwoord(en)?|lösning(ar)?|svar|"
    r"solution \d+)\b[\s.:!]*$",
    re.I,
)


# ------------------------------------------------------------ divs, directives and kramdown classes
QUESTION_KINDS = {"challenge", "exercise", "exercice", "ejercicio", "aufgabe"}
SOLUTION_KINDS = {"solution", "solución", "solucion"}
HINT_KINDS = {"hint"}
LIST_KINDS = {
    "objectives": "Objectives",
    "questions": "Questions",
    "keypoints": "Key points",
    "prereq": "Prerequisites",
    "checklist": "Checklist",
}
SKIPPED_KINDS = {"instructor", "toctree", "tableofcontents", "bibliography", "glossary", "include", "only", "glue"}
LIST_ROLES = {
    "objectives": "title.objectives",
    "questions": "title.questions",
    "keypoints": "title.keypoints",
    "prereq": "title.prerequisites",
    "checklist": "title.checklist",
}
_ROLE_OF_TITLE = {"See also": "title.seealso", "Aside": "title.aside", "Quote": "title.quote"}
CALLOUT_TITLES = {
    "note": "Note",
    "tip": "Tip",
    "info": "Info",
    "hint": "Hint",
    "warning": "Warning",
    "caution": "Caution",
    "attention": "Attention",
    "important": "Important",
    "danger": "Danger",
    "error": "Error",
    "seealso": "See also",
    "discussion": "Discussion",
    "testimonial": "Testimonial",
    "spoiler": "Note",
    "callout": "Note",
    "admonition": "Note",
    "dropdown": "Note",
    "sidebar": "Aside",
    "margin": "Aside",
    "topic": "Note",
    "epigraph": "Quote",
}
PROOF_TITLES = {
    kind: kind.capitalize()
    for kind in (
        "definition", "example", "theorem", "lemma", "corollary", "proposition", "conjecture", "axiom", "remark",
        "observation", "property", "assumption", "criterion", "algorithm", "proof",
    )
}  # fmt: skip
"""sphinx-proof's directives (``{prf:theorem}``, ``{prf:proof}`` ...) and Quarto's theorem divs
(``::: {#thm-name}``): announced as such, in the lesson's language ("Theorem: Mean value.")."""
QUARTO_PROOF_PREFIXES = {
    "thm": "theorem", "lem": "lemma", "cor": "corollary", "prp": "proposition", "cnj": "conjecture",
    "def": "definition", "exm": "example", "rem": "remark", "alg": "algorithm",
}  # fmt: skip
"""Quarto's cross-reference prefixes of theorem-like divs (``::: {#thm-sum}``) → their kind."""
OUTPUT_LANGUAGES = {"output", "error", "warning", "out", "stdout", "stderr", "console-output", "text-output"}
FIGURE_KINDS = {"figure", "image", "figure-md"}
LAYOUT_KINDS = {
    "tab-set", "tabs", "tab-item", "tab", "group-tab", "code-tab", "card", "grid", "grid-item", "grid-item-card",
    "card-carousel", "div", "container", "panels", "tabbed", "columns", "column", "centered", "rubric", "highlights",
    "panel-tabset", "panel-fill", "panel-center", "panel-sidebar", "panel-input", "column-margin", "column-page",
    "column-screen",
}  # fmt: skip
"""Directives and divs that only lay their content out (Quarto's ``::: {.panel-tabset}`` too): read as
their content, without a warning."""
_KNOWN_KINDS = QUESTION_KINDS | SOLUTION_KINDS | HINT_KINDS | set(LIST_KINDS) | SKIPPED_KINDS | LAYOUT_KINDS
_ADDRESS = re.compile(r"^\S*[/.]\S*$")  # a URL or a file name, not a title


_EXERCISE_LABEL = re.compile(
    r"^(exercise|challenge|question|task|übung|aufgabe|frage|ejercicio|pregunta|exercice|esercizio|domanda|"
    r"exercício|pergunta|opdracht|oefening|vraag|övning|uppgift|fråga)\b[^:.!?\n]{0,20}:",
    re.I,
)
"""A paragraph that opens with an exercise's label ("Exercise:", "Exercise 2:", "Übung 3:")."""


_QUARTO_NAME = re.compile(r"""\bname\s*=\s*(["'])(.{0,200}?)\1""")
_QUARTO_TITLE = re.compile(r"""\btitle\s*=\s*(["'])(.{0,200}?)\1""")


def _proof_kind(kind: str) -> str:
    """The theorem-like kind of a directive or div (:data:`PROOF_TITLES`), or ""."""
    if kind in PROOF_TITLES:
        return kind
    prefix = kind.removeprefix("#").partition("-")[0] if kind.startswith("#") else ""
    return QUARTO_PROOF_PREFIXES.get(prefix, "")


def _directive(info: str) -> str:
    """``"{exercise} Title"`` → ``"exercise"``; ``" challenge"`` → ``"challenge"`` (lower case); a
    Pandoc/Quarto attribute block ``{#id .class key=value}``: its first class narrate knows
    (``{.challenge}`` → ``"challenge"``, ``{.callout-tip}`` → ``"tip"``), else a Quarto id
    (``{#exr-ten}`` → ``"exercise"``, ``{#thm-sum}`` stays ``"#thm-sum"``), else its first class."""
    text = info.strip()
    if text.startswith(("{.", "{#")):
        attrs = text.strip("{}").split()
        classes = [a[1:].lower() for a in attrs if a.startswith(".")]
        for name in classes:
            name = name.removeprefix("callout-") if name.removeprefix("callout-") in CALLOUT_TITLES else name
            if name in _KNOWN_KINDS or name in CALLOUT_TITLES or name in PROOF_TITLES:
                return name
        ids = [a.lower() for a in attrs if a.startswith("#")]
        if ids:
            return "exercise" if ids[0].startswith("#exr-") else ids[0]
        return classes[0] if classes else ""
    word = (text.split() or [""])[0]
    if not word.startswith("{"):
        word = word.partition("[")[0]  # Docusaurus ":::note[Title]"
    return word.strip("{}").split(":")[-1].lower()


def _argument(info: str) -> str:
    """A directive's argument (``{exercise} Title`` → ``Title``); of a Pandoc/Quarto attribute block,
    its ``title="..."`` or ``name="..."`` (``{.callout-tip title="Careful"}`` → ``Careful``); of a
    Docusaurus admonition, its title (``note[Heads up]``, ``tip Heads up`` → ``Heads up``); else ""."""
    text = info.strip()
    if text.startswith(("{.", "{#")):
        named = _QUARTO_NAME.search(text) or _QUARTO_TITLE.search(text)
        return named.group(2) if named else ""
    parts = text.split(None, 1)
    docusaurus = _DOCUSAURUS.match(text)
    if docusaurus:  # ":::note[Title]", ":::tip Title"
        return (docusaurus.group(2) or docusaurus.group(3) or "").strip()
    return parts[1].strip() if len(parts) > 1 and parts[0].startswith("{") else ""


DOCUSAURUS_KINDS = ("note", "tip", "info", "warning", "danger", "caution")
"""Docusaurus' admonitions (``:::tip Title``, ``:::note[Title]``, ``:::info``): callouts with the author's title."""
_DOCUSAURUS = re.compile(
    r"^(" + "|".join(DOCUSAURUS_KINDS) + r")(?:\[([^\]\n]*)\](?:\{[^{}]*\})?|[ \t]+([^{}\n]+))$", re.I
)


def _is_solution(node: SyntaxTreeNode, classes: list[str]) -> bool:
    """A solution in a challenge: a ``solution`` div or ``{: .solution}`` quote, or (legacy Carpentries
    with the class line left out) a quote whose first line is a "Solution" heading."""
    if _kind(node, classes) in SOLUTION_KINDS:
        return True
    first = node.children[0] if node.type == "blockquote" and node.children else None
    return not classes and first is not None and first.type == "heading" and bool(_SOLUTION_TITLE.match(_text(first)))


def _kind(node: SyntaxTreeNode, classes: list[str]) -> str:
    """The div kind of a node: a container's name, or a blockquote's first kramdown class ("" if none)."""
    if node.type == "container_div":
        return _directive(node.info)
    if node.type == "blockquote" and classes:
        known = [c for c in classes if c in QUESTION_KINDS | SOLUTION_KINDS | LIST_KINDS.keys() | CALLOUT_TITLES.keys()]
        return (known or classes)[0].lower()
    return ""
