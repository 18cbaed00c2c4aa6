"""Every language's rules live in its own module (issue 23): ``narrate/text/languages/<code>.py``.

No other module of narrate writes a language code as a string (``"de"``, ``"pt-br"``, ``lang="en"``):
they ask the registry (``narrate.text.languages.LANGUAGES``) for what a language needs, and the
default language is written once, in ``narrate.settings``. Docstrings and comments are not code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import narrate.text.languages as languages

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "narrate"

MAY_NAME_A_LANGUAGE = {
    "narrate/text/languages/*.py": "the language modules, their registry and the machinery's docstrings",
    "narrate/settings.py": "DEFAULT_LANGUAGE, the language of a course that names none",
    "narrate/speech/engines/choice.py": "which engines have voices for a language: the automatic choice's table",
    "narrate/speech/engines/kokoro_engine.py": "the language of each Kokoro voice and the espeak-ng voice that reads it",
    "narrate/speech/pronounce.py": "where a language's espeak-ng voice writes a sound with its own phoneme mnemonic",
}


def _allowed(path: Path) -> bool:
    relative = path.relative_to(ROOT)
    return any(relative.match(pattern) for pattern in MAY_NAME_A_LANGUAGE)


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    for node in ast.walk(tree):  # attribute docstrings: a string statement after an assignment
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            ids.add(id(node.value))
    return ids


def language_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string constant in ``source`` that is a language tag of a language with a
    module (``"de"``, ``"de-AT"``, ``"pt_br"``), f-strings and docstrings left out."""
    codes = "|".join(languages.LANGUAGES)
    tag = re.compile(rf"(?:{codes})(?:[-_][A-Za-z]{{2,3}})?", re.IGNORECASE)
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if tag.fullmatch(node.value):
                found.append((node.lineno, node.value))
    return found


def test_only_the_language_modules_name_a_language():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _allowed(path):
            continue
        for line, text in language_literals(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not offenders, "language codes outside narrate/text/languages/:\n" + "\n".join(offenders)


def test_the_check_finds_a_language_code():
    found = language_literals('x = "de"\ny = f"{z}"\nw = num2words(1, lang="pt-BR")\n"""de"""\n')
    assert found == [(1, "de"), (3, "pt-BR")]


def test_every_language_module_exports_its_language():
    for code, language in languages.LANGUAGES.items():
        assert language.code == code
        assert len(language.iso639_2) == 3 and language.name
        assert language.quiz.answer and language.quiz.quiz_headings and language.quiz.lesson
        module = __import__(f"narrate.text.languages.{code}", fromlist=["LANGUAGE"])
        assert module.LANGUAGE.code == code
