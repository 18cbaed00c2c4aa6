"""Markdown lesson reader (CommonMark via markdown-it-py and mdit-py-plugins) → :class:`Lesson`.

Syntax (full description and examples in docs/content-format.md)::

    ---                         optional YAML front matter: id, date, summary/description, think_pause,
    id: my-lesson               code, (title, subtitle/teaser), questions, objectives, keypoints; other
    ---                         tools' keys (layout, teaching, jupytext, ...) are ignored with a warning
    # Title
    > Subtitle                  (or a first paragraph); further paragraphs before "##" are the intro,
                                narrated after the title, subtitle and any front-matter summary
    ## Section                  "##"/"###" headings start sections ("##" with only "###" under it is fine)
    Paragraphs, "-"/"*"/"1." lists; a list right after a paragraph that is all **bold** is titled by it.
    > **Tip:** text             callout (or "> **Title**" on its own line, then text; "> [!NOTE]")
    ![Caption text](fig.png)    a caption (the image's alt text)
    `code`, $math$, $$math$$    code read as written, symbols by name; math spoken as a narrator reads it
    ```python ... ```           a code block: a cue, and the code in the show notes (``code: read`` reads it)
    | a | b |                   a table, read row by row with its header (or summarised when large)
    <p>, <div>, <details> ...   HTML blocks read as their text (an HTML <table> as a table; comments silent)
    ## Quiz                     (or "Check yourself"): "### prompt" headings or "1. prompt" items,
    - [ ] wrong / - [x] right   options; "Answer: ..." for blanks, "Explanation: ...", "Think pause: 8"
    ## Next                     (or "Keep going", "Up next"): a list of next lesson titles

Dialects: Carpentries Workbench divs (``::: challenge`` with ``::: solution``, ``callout``,
``objectives``, ``questions``, ``keypoints``, ``instructor``), legacy Carpentries kramdown
(``> ## Challenge`` ... ``{: .challenge}``, nested ``{: .solution}``), MyST / Jupyter Book directives
(``{exercise}``, ``{solution}`` linked by label, admonitions, ``{math}``, ``{figure}``; options never
spoken; roles ``{cite}`` ``{ref}`` read by their text), Jekyll/Liquid and Hugo tags (see
:mod:`.dialects`). A challenge or exercise with a solution becomes a quiz question (open: the solution
is read after the think pause); one without a solution is read as a callout. A quote holding a
"Solution" quote (``> > ## Solution``) is a challenge even without its ``{: .challenge}`` line; a
solution outside any challenge is an error (it would be read before the listener could think).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import NoReturn

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from mdit_py_plugins.attrs import attrs_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.myst_blocks import myst_block_plugin
from mdit_py_plugins.myst_role import myst_role_plugin

from narrate.config import LANGUAGE_TAG
from narrate.errors import Collector, ContentError, lenient, warn
from narrate.limits import check_markup
from narrate.model import (
    PROMPT_CUES,
    BulletList,
    Callout,
    Caption,
    CodeBlock,
    Lesson,
    Paragraph,
    Question,
    Section,
    Table,
)
from narrate.settings import DEFAULT_LANGUAGE, MAX_PAUSE_S, range_text
from narrate.text.clauses import mark_math, unmark_math
from narrate.text.code import speak_code
from narrate.text.markup import clean_text, html_to_text
from narrate.text.math import speak_math
from narrate.text.phrases import keys as phrase_keys
from narrate.text.readers.common import blank_answers, count_blanks, duplicate_option, match_option, seconds_to_ms
from narrate.text.readers.dialects import MATHML_MARK, ial_classes, prepare
from narrate.text.readers.markers import (
    ANSWER_WORDS,
    EXPLANATION_WORDS,
    NEXT_HEADINGS,
    QUESTION_WORDS,
    QUIZ_HEADINGS,
    alternatives,
)
from narrate.text.readers.yaml_lesson import LessonValidator
from narrate.yamlio import LineDict, load_yaml, read_text

FRONT_MATTER_KEYS = (
    "id", "title", "subtitle", "teaser", "summary", "description", "date", "language", "think_pause", "voice", "code",
    "questions", "objectives", "keypoints", "image", "explicit", "season", "episode", "episode_type", "draft",
)  # fmt: skip
_QUIZ = re.compile(r"^(" + alternatives(QUIZ_HEADINGS) + r")(?!\w)", re.I)
_NEXT = re.compile(r"^(next|" + alternatives(NEXT_HEADINGS) + r")(?!\w)", re.I)
_QUESTION_LABEL = re.compile(r"^(" + alternatives(QUESTION_WORDS) + r"|q)\s*\d*\s*[.:)]?$", re.I)
_FIELD = re.compile(
    r"^(?:(?P<answer>"
    + alternatives(ANSWER_WORDS)
    + r")|(?P<explanation>"
    + alternatives(EXPLANATION_WORDS)
    + r")|(?P<think>think(?: pause)?))\s*[:：]\s*(?P<value>.*)$",
    re.I,
)
_TASK = re.compile(r"^\[([ xX])\]\s+(.*)$", re.S)
_ALERT = re.compile(r"^\[!(\w+)\]\s*", re.S)
_FRONT = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TOML_FRONT = re.compile(r"\A\+\+\+[ \t]*\n(.*?\n)\+\+\+[ \t]*(?:\n|\Z)", re.S)  # Hugo's TOML front matter
PROGRAMMING_LANGUAGES = {
    "r", "python", "python3", "julia", "bash", "shell", "sh", "sql", "c", "c++", "cpp", "java", "javascript", "js",
    "typescript", "ts", "matlab", "octave", "go", "rust", "ruby", "perl", "php", "scala", "haskell", "fortran",
    "sas", "stata", "spss", "latex", "html", "css", "markdown", "yaml", "json", "powershell", "unix",
}  # fmt: skip
"""``language:`` values of Jekyll lesson sites that name the lesson's programming language."""
_SOLUTION_TITLE = re.compile(
    r"^(solutions?|answers?|solución|solucion|soluciones|respuestas?|lösung(en)?|antwort(en)?|réponses?|"
    r"soluzion[ei]|rispost[ae]|soluç(ão|ões)|respostas?|oplossing(en)?|antwoord(en)?|lösning(ar)?|svar|"
    r"solution \d+)\b[\s.:!]*$",
    re.I,
)
_NEXT_TITLE_WORDS = 12

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
}  # fmt: skip
"""Directives and divs that only lay their content out: read as their content, without a warning."""
_KNOWN_KINDS = QUESTION_KINDS | SOLUTION_KINDS | HINT_KINDS | set(LIST_KINDS) | SKIPPED_KINDS | LAYOUT_KINDS
_ADDRESS = re.compile(r"^\S*[/.]\S*$")  # a URL or a file name, not a title


_EXERCISE_LABEL = re.compile(
    r"^(exercise|challenge|question|task|übung|aufgabe|frage|ejercicio|pregunta|exercice|esercizio|domanda|"
    r"exercício|pergunta|opdracht|oefening|vraag|övning|uppgift|fråga)\b[^:.!?\n]{0,20}:",
    re.I,
)
"""A paragraph that opens with an exercise's label ("Exercise:", "Exercise 2:", "Übung 3:")."""


def _bold_title(node: SyntaxTreeNode) -> str:
    """The title of a quote that opens with a heading (``> ###### Answer``: an MkDocs admonition) or a
    paragraph holding only bold text (``> **Answer**``), else ""."""
    first = node.children[0] if node.children else None
    if first is not None and first.type == "heading":
        return _text(first)
    return _lone_bold(first) if first is not None else ""


def _lone_bold(paragraph: SyntaxTreeNode) -> str:
    """The text of a paragraph that holds only bold text (``**Answer**``), else ""."""
    if paragraph.type != "paragraph" or not paragraph.children:
        return ""
    lead = [c for c in paragraph.children[0].children if not (c.type == "text" and not c.content.strip())]
    return _inline(lead[0]).strip().rstrip(":").strip() if len(lead) == 1 and lead[0].type == "strong" else ""


_SILENT_NODES = {"myst_line_comment", "myst_target", "myst_block_break"}
"""MyST's ``% comment`` lines, ``(label)=`` targets and ``+++`` breaks: nothing to say."""


_QUARTO_NAME = re.compile(r"""\bname\s*=\s*(["'])(.{0,200}?)\1""")
_QUARTO_TITLE = re.compile(r"""\btitle\s*=\s*(["'])(.{0,200}?)\1""")


def _proof_kind(kind: str) -> str:
    """The theorem-like kind of a directive or div (:data:`PROOF_TITLES`), or ""."""
    if kind in PROOF_TITLES:
        return kind
    prefix = kind.removeprefix("#").partition("-")[0] if kind.startswith("#") else ""
    return QUARTO_PROOF_PREFIXES.get(prefix, "")


def markdown_parser() -> MarkdownIt:
    """The markdown-it parser narrate reads lessons with: CommonMark plus tables, strikethrough,
    footnotes, definition lists, dollar math (``$x$``, ``$ x $``, ``$$x$$``; no digit may follow the
    closing dollar, so ``$5 and $10`` stay money), MyST
    roles and MyST blocks (``% comment`` lines are silent, ``(label)=`` targets, ``+++`` breaks), attribute lists and colon containers of any name (``::: challenge``, ``:::{note}``)."""
    md = MarkdownIt("commonmark", {"maxNesting": _MAX_NESTING}).enable(["table", "strikethrough"])
    md.use(footnote_plugin).use(deflist_plugin).use(myst_role_plugin).use(attrs_plugin).use(myst_block_plugin)
    md.use(dollarmath_plugin, allow_space=True, allow_digits=False, double_inline=True)
    md.use(container_plugin, name="div", validate=lambda params, markup: bool(params.strip()))  # a bare ":::" closes
    return md


def read_markdown(path: Path, number: int = 0, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read a Markdown lesson (syntax and dialects in the module docstring). Every text goes through
    :func:`narrate.text.markup.clean_text` for ``language`` (HTML, footnote markers, split words).

    Structure a site renders but narrate cannot place (an empty section, a list before the first
    "##", an unknown directive, an unclosed ``:::`` block, a question with no answer, ...) is a warning
    saying what was done with it; under ``--strict`` (:func:`narrate.errors.strictness`) an error.

    Raises:
        ContentError: empty file, bad front matter, no "# Title", more than one ``[x]``, or an answer
            that is not one of the options (with lines); under ``--strict``, every warning too.
    """
    token = _LANGUAGE.set(language)
    try:
        return _read_markdown(path, number, language)
    finally:
        _LANGUAGE.reset(token)


def _read_markdown(path: Path, number: int, language: str) -> Lesson:
    text = read_text(path)
    check_markup(text, path)  # before the dialect rewrites and markdown-it: bounded time
    check = LessonValidator(path, language)
    check.collecting = True  # unknown front matter keys are noted, not raised
    problems = Collector()
    meta = LineDict()
    front = _FRONT.match(text)
    toml = None if front else _TOML_FRONT.match(text)
    if front:
        loaded = problems.attempt(lambda: load_yaml(path, "\n" + front.group(1)), LineDict())  # YAML lines = file lines
        meta = problems.attempt(
            lambda: check.mapping(loaded if loaded is not None else LineDict(), 1, "front matter"), LineDict()
        )
    elif toml:
        meta = problems.attempt(lambda: _toml_front_matter(path, toml.group(1)), LineDict())
    if front or toml:
        meta = _used_keys(path, meta)
        meta = _human_language(path, meta, problems)
        meta = _plain_date(path, meta, problems)
        check.keys(meta, FRONT_MATTER_KEYS, "front matter")
        matched = front or toml
        assert matched is not None
        text = "\n" * matched.group(0).count("\n") + text[matched.end() :]
    prepared = prepare(text)
    md = markdown_parser()
    tokens = md.parse(prepared.text)
    if problems.attempt(lambda: _check_depth(path, tokens), True):
        problems.raise_any()  # what markdown-it left out cannot be checked
    tree = SyntaxTreeNode(tokens)
    _check_closed(path, prepared.text, problems, prepared.closes)
    _speak_math_in(tree, prepared.mathml, marked=True)
    reader = _Walker(path, prepared.options, md, problems)
    reader.front_title = str(meta.get("title") or "").strip()
    listed: dict[str, tuple[str, ...]] = {}
    for key in LIST_KINDS:
        texts: tuple[str, ...] = problems.attempt(partial(check.texts, meta, key, "an item"), ())
        listed[key] = tuple(_markdown_text(md, t) for t in texts)
    reader.overview(listed["questions"], listed["objectives"])
    reader.walk(tree.children)
    reader.finish(listed["keypoints"])
    title = problems.attempt(lambda: check.text(meta, "title"), "") or reader.title
    if not title:
        problems.add(ContentError("a Markdown lesson needs a '# Title' heading", path, 1))
    if not reader.sections and not reader.questions and not problems.errors:
        problems.add(ContentError("a Markdown lesson needs at least one '## Section'", path, reader.title_line or 1))
    subtitle = problems.attempt(lambda: check.text(meta, "subtitle") or check.text(meta, "teaser"), "")
    intro = list(reader.intro)
    if subtitle and reader.subtitle:
        intro.insert(0, reader.subtitle)  # the front matter's subtitle wins; the first paragraph stays
    summary = problems.attempt(lambda: check.text(meta, "summary") or check.text(meta, "description"), "")
    if summary and summary not in intro:
        intro.insert(0, summary)  # intro paragraphs are narrated whatever the front matter holds
    quiz = tuple(q for q in (problems.attempt(partial(reader.question, q), None) for q in reader.questions) if q)
    lesson_meta: dict = problems.attempt(partial(check.meta, meta), {})
    for problem in check.problems:
        problems.add(problem)
    problems.raise_any()  # every problem of the file, in one run
    return Lesson(
        title=title,
        subtitle=subtitle or reader.subtitle,
        summary=" ".join(intro),
        sections=tuple(reader.sections),
        quiz=quiz,
        next_lessons=tuple(reader.next_lessons),
        number=number,
        source=path,
        **lesson_meta,
    )


MAX_DEPTH = 40
"""Deepest nesting of Markdown lists and quotes narrate reads; deeper is refused (never dropped)."""
_MAX_NESTING = 2 * MAX_DEPTH + 20  # markdown-it's token level limit: well above what is refused


def _check_depth(path: Path, tokens: list) -> bool:
    """Refuse blocks nested deeper than markdown-it reads (it would drop their text without a word);
    False when all is read.

    Raises:
        ContentError: at the first line nested too deep.
    """
    for token in tokens:
        list_open = token.type in ("bullet_list_open", "ordered_list_open")
        if token.map and token.level >= (2 * MAX_DEPTH if list_open else _MAX_NESTING - 2):  # a list level: 2
            raise ContentError(f"lists or quotes nested more than {MAX_DEPTH} levels deep", path, token.map[0] + 1)
    return False


_BLOCK_NAMES = {
    "bullet_list": "a list",
    "ordered_list": "a list",
    "fence": "a code block",
    "code_block": "a code block",
    "blockquote": "a quote",
    "table": "a table",
    "math_block": "math",
    "dl": "a definition list",
}
_QUOTED = re.compile(r"^[ \t>]*")
_CODE_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_COLON_FENCE = re.compile(r"^(:{3,})[ \t]*(.*?)[ \t]*$")


def _check_closed(path: Path, text: str, problems: Collector, closes: dict[int, int] | None = None) -> None:
    """Every ``:::`` block (Carpentries div, MyST directive) must be closed: as in Pandoc, which the
    Carpentries Workbench builds with, a line of three or more colons closes the innermost open one. An
    unclosed block runs to the end of the file (as Pandoc and MyST render it): each is a warning at its
    opening line, by name (an error under ``--strict``). A colon line that closes no open block (a stray
    or extra closer) is an error at its line. Lines in code fences are not looked at; ``closes`` gives the
    lines that close several MyST directives at once (:attr:`.dialects.Prepared.closes`)."""
    stack: list[tuple[int, str]] = []
    code = ""
    for n, line in enumerate(text.split("\n"), 1):
        body = _QUOTED.sub("", line)
        fence = _CODE_FENCE.match(body)
        if code:
            if (
                fence
                and fence.group(1)[0] == code[0]
                and len(fence.group(1)) >= len(code)
                and not fence.group(2).strip()
            ):
                code = ""
            continue
        if fence:
            code = fence.group(1)
            continue
        colons = _COLON_FENCE.match(body)
        if colons and colons.group(2):
            stack.append((n, f"{colons.group(1)} {colons.group(2)}"))
        elif colons and stack:
            del stack[-min(len(stack), (closes or {}).get(n - 1, 1)) :]
        elif colons:
            problems.add(ContentError("':::' closes no open block", path, n))
    for opened, name in stack:
        lenient(f"'{name}' is never closed: closed at the end of the file", path, opened, problems)


def _toml_front_matter(path: Path, body: str) -> LineDict:
    """Hugo's ``+++`` TOML front matter as a :class:`LineDict` (file lines kept; dates as text).

    Raises:
        ContentError: TOML that does not parse (at its line).
    """
    import tomllib

    try:
        data = tomllib.loads(body)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        line = int(found.group(1)) + 1 if found else 1
        raise ContentError(f"front matter is not valid TOML: {exc}", path, line) from None
    except RecursionError:  # tomllib recurses once per nested array or table
        raise ContentError("front matter is not valid TOML: nested too deeply", path, 2) from None
    meta = LineDict()
    meta.line = 1
    lines = body.split("\n")
    for key, value in data.items():
        meta[key] = str(value) if hasattr(value, "isoformat") else value
        at = next((n for n, raw in enumerate(lines) if re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", raw)), None)
        meta.lines[key] = at + 2 if at is not None else 1
    return meta


def _human_language(path: Path, meta: LineDict, problems: Collector) -> LineDict:
    """Front matter ``language:`` that names no human language (Jekyll lesson sites write the programming
    language there: ``language: R``) is left out with a warning (an error under ``--strict``)."""
    value = meta.get("language")
    if not isinstance(value, str) or (LANGUAGE_TAG.match(value) and value.lower() not in PROGRAMMING_LANGUAGES):
        return meta
    line = meta.line_of("language")
    lenient(f"front matter 'language: {value}' is not a human language (ISO 639) code: ignored", path, line, problems)
    return _without(meta, "language")


def _plain_date(path: Path, meta: LineDict, problems: Collector) -> LineDict:
    """A front matter ``date:`` that is not a date (``Sys.Date()``, R Markdown's "today") is left out with a
    warning (an error under ``--strict``): the course's schedule dates the lesson."""
    value = meta.get("date")
    if not isinstance(value, str) or _DATE.match(value):  # a date, or not text at all (refused as ever)
        return meta
    lenient(f"front matter 'date: {value}' is not a YYYY-MM-DD date: ignored", path, meta.line_of("date"), problems)
    return _without(meta, "date")


def _without(meta: LineDict, key: str) -> LineDict:
    kept = LineDict({k: v for k, v in meta.items() if k != key})
    kept.line, kept.lines = meta.line, {k: n for k, n in meta.lines.items() if k != key}
    return kept


def _markdown_text(md: MarkdownIt, text: str) -> str:
    """Markdown in a front matter value (``"Use `$name`"``) as plain text, code and math spoken."""
    tree = SyntaxTreeNode(md.parse(text))
    _speak_math_in(tree)
    return _text(tree)


def _used_keys(path: Path, meta: LineDict) -> LineDict:
    """The front matter keys narrate uses; the others (other tools' settings) are named in one warning
    line. A key within a typo of one of narrate's (``titel``) is kept, so that it is refused."""
    typos = [
        k for k in meta if k not in FRONT_MATTER_KEYS and difflib.get_close_matches(str(k), FRONT_MATTER_KEYS, 1, 0.8)
    ]
    if typos:
        return meta  # a misspelt key of ours: LessonValidator.keys refuses it with "did you mean"
    unused = [str(k) for k in meta if k not in FRONT_MATTER_KEYS]
    if not unused:
        return meta
    warn(f"front matter keys narrate does not use, ignored: {', '.join(unused)}", path, 1)
    kept = LineDict()
    kept.line = meta.line
    for key in meta:
        if key in FRONT_MATTER_KEYS:
            kept[key] = meta[key]
            kept.lines[key] = meta.line_of(key)
    return kept


_MATH_TYPES = ("math_inline", "math_inline_double", "math_block", "math_block_label", "amsmath")


def _speak_math_in(tree: SyntaxTreeNode, mathml: list[str] | None = None, marked: bool = False) -> None:
    """Replace the LaTeX of every math node (and ``{math}`` fence) in ``tree`` by its spoken form,
    speaking all of them in one call (one speech-rule-engine process); ``marked``: between the math
    marks (:func:`narrate.text.clauses.mark_math`: no text rule reads inside, no cut inside)."""
    nodes = [n for n in tree.walk() if n.type in _MATH_TYPES or (n.type == "fence" and _directive(n.info) == "math")]
    for node in [n for n in nodes if n.type == "math_inline" and not _looks_like_math(n.content)]:
        node.token.type, node.token.content = "text", f"${node.content}$"  # type: ignore[union-attr]
    nodes = [n for n in nodes if n.type != "text"]
    if not nodes:
        return
    sources = []
    for node in nodes:
        mark = MATHML_MARK.match(node.content.strip())
        sources.append(mathml[int(mark.group(1))] if mark and mathml else node.content.strip())
    spoken = speak_math(sources, _LANGUAGE.get())
    for node, words in zip(nodes, spoken):
        node.token.content = mark_math(words) if marked else words  # type: ignore[union-attr]


_PROSE_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{6,}")
_TEXT_ARG = re.compile(r"\\(?:text\w*|math\w+|operatorname|begin|end)\s*\{[^{}]*\}")


def _looks_like_math(latex: str) -> bool:
    """False for prose between two dollar signs (``$filename and $name``): a plain word of six or more
    letters outside ``\\text{}`` is not how LaTeX is written."""
    return not _PROSE_WORD.search(_TEXT_ARG.sub(" ", latex))


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
    return word.strip("{}").split(":")[-1].lower()


def _argument(info: str) -> str:
    """A directive's argument (``{exercise} Title`` → ``Title``); of a Pandoc/Quarto attribute block,
    its ``title="..."`` or ``name="..."`` (``{.callout-tip title="Careful"}`` → ``Careful``), else ""."""
    text = info.strip()
    if text.startswith(("{.", "{#")):
        named = _QUARTO_NAME.search(text) or _QUARTO_TITLE.search(text)
        return named.group(2) if named else ""
    parts = text.split(None, 1)
    return parts[1].strip() if len(parts) > 1 and parts[0].startswith("{") else ""


def _inline(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of inline content: markup dropped, images → alt text, soft breaks → ``breaks``,
    code spans and math as spoken, MyST roles by their text, footnote references dropped."""
    return "".join(_inline_one(child, breaks) for child in node.children)


def _inline_one(node: SyntaxTreeNode, breaks: str = " ") -> str:
    if node.type == "text":
        return node.content
    if node.type == "code_inline":
        return speak_code(node.content, _LANGUAGE.get())
    if node.type in ("math_inline", "math_inline_double"):
        return node.content
    if node.type == "myst_role":
        return _role(node.meta.get("name", ""), node.content)
    if node.type in ("softbreak", "hardbreak"):
        return breaks
    if node.type in ("html_inline", "footnote_ref"):
        return ""
    return _inline(node, breaks)


def _role(name: str, content: str) -> str:
    """A MyST role read by its text: ``{ref}`Plots <plots>``` → "Plots"; ``{cite}`` and bare references
    → nothing; ``{math}`` spoken; ``{code}`` as code."""
    shown = re.match(r"^(.*?)\s*<[^<>]*>$", content, re.S)
    if name == "math":
        return mark_math(speak_math([content], _LANGUAGE.get())[0])
    if name in ("code", "literal", "kbd", "file", "command", "samp"):
        return speak_code(content, _LANGUAGE.get())
    if name.startswith("cite") or name == "footcite":
        return "the cited work"
    if shown and shown.group(1):
        return shown.group(1)
    if name in ("numref", "eq", "prf:ref", "ref", "doc", "download"):
        for prefix, words in (
            ("fig", "the figure"),
            ("tab", "the table"),
            ("eq", "the equation"),
            ("ex", "the exercise"),
        ):
            if content.lower().startswith(prefix) or name == prefix:
                return words
        return "that section"
    return content


def _text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    """Plain text of a block node (paragraph, heading, list item: all nested inline content), through
    :func:`narrate.text.markup.clean_text` (footnote markers dropped, words split at a line break joined)."""
    text = clean_text(_raw_text(node, "\n"), _LANGUAGE.get())  # line breaks kept for split words
    text = text if node.type == "paragraph" else unmark_math(text)  # math stays marked in paragraphs only
    return text if breaks == "\n" else " ".join(text.split())


_LANGUAGE: ContextVar[str] = ContextVar("markdown_language", default=DEFAULT_LANGUAGE)
"""The language of the lesson being read (for :func:`_text`'s word list)."""


def _raw_text(node: SyntaxTreeNode, breaks: str = " ") -> str:
    if node.type == "inline":
        return _inline(node, breaks)
    if node.type == "html_block":
        return _html_text(node.content)
    if node.type in ("code_block", "fence"):
        return ""
    parts = [_raw_text(c, breaks) for c in node.children]
    text = "\n".join(p for p in parts if p.strip()) if breaks == "\n" else " ".join(parts)
    return text if breaks == "\n" else " ".join(text.split())


_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)(?=<tr\b|</table\b|</tbody\b|</thead\b|\Z)", re.S | re.I)
_HTML_CELL = re.compile(r"<(t[dh])\b[^>]*>(.*?)(?=<t[dh]\b|</tr\b|\Z)", re.S | re.I)


def _html_text(html: str) -> str:
    """The written text of a Markdown HTML block (:func:`narrate.text.markup.html_to_text`; comments,
    such as the kramdown class markers, say nothing): lines as the block's paragraphs."""
    return html_to_text(_HTML_COMMENT.sub("", html))


def _html_table(html: str, line: int) -> Table | None:
    """An HTML block holding a ``<table>`` as a :class:`Table` (a first row of ``<th>`` cells is the
    header), or None when it holds no table rows."""
    if not re.search(r"<table\b", html, re.I):
        return None
    rows = []
    for row in _HTML_ROW.finditer(_HTML_COMMENT.sub("", html)):
        cells = [
            (m.group(1).lower(), " ".join(html_to_text(m.group(2)).split())) for m in _HTML_CELL.finditer(row.group(1))
        ]
        if cells:
            rows.append(cells)
    if not rows:
        return None
    head = all(tag == "th" for tag, _ in rows[0])
    texts = [tuple(text for _, text in r) for r in rows]
    return Table(texts[0] if head else (), tuple(texts[1:] if head else texts), line)


def _siblings(nodes: list[SyntaxTreeNode]) -> Iterator[tuple[SyntaxTreeNode, list[str], SyntaxTreeNode | None]]:
    """Each node with the kramdown classes of the ``{: ...}`` line after it, and the next real node."""
    real = [n for n in nodes if not (n.type == "html_block" and ial_classes(n.content) is not None)]
    classes: dict[int, list[str]] = {}
    last = None
    for node in nodes:
        found = ial_classes(node.content) if node.type == "html_block" else None
        if found is not None and last is not None:
            classes.setdefault(id(last), []).extend(found)
        elif found is None:
            last = node
    for n, node in enumerate(real):
        yield node, classes.get(id(node), []), real[n + 1] if n + 1 < len(real) else None


def _is_next_list(section: Section) -> bool:
    """A "Next" section is the next-lessons list only when all it holds is one list of short titles."""
    if len(section.blocks) != 1 or not isinstance(section.blocks[0], BulletList):
        return False
    items = section.blocks[0].items
    return all(len(i.split()) <= _NEXT_TITLE_WORDS and not re.search(r"[.!?]\s|[.!?]$", i) for i in items)


def _only(node: SyntaxTreeNode, kind: str) -> SyntaxTreeNode | None:
    """The paragraph's single inline child of ``kind`` (e.g. an image or **strong**), if that is all."""
    if node.type != "paragraph":
        return None
    inline = node.children[0]
    real = [c for c in inline.children if not (c.type == "text" and not c.content.strip())]
    return real[0] if len(real) == 1 and real[0].type == kind else None


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text[-1] in ".!?:;" else text + "."


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


@dataclass
class _Q:
    prompt: str
    line: int
    options: list[str] = field(default_factory=list)
    right: list[str] = field(default_factory=list)
    answer: str | None = None
    answer_line: int = 0
    explanation: list[str] = field(default_factory=list)
    think_ms: int | None = None
    pending_prompt: bool = False
    open: bool = False
    notes: list = field(default_factory=list)


@dataclass(frozen=True)
class _ListTitle:
    """A **bold** paragraph waiting for the list it titles."""

    text: str
    line: int = 0


_KEYPOINTS = _ListTitle("keypoints")  # marks a key points list: it starts a section of its own


class _Walker:
    def __init__(
        self,
        path: Path,
        options: dict[int, dict[str, str]] | None = None,
        md: MarkdownIt | None = None,
        problems: Collector | None = None,
    ):
        self.path = path
        self.problems = problems if problems is not None else Collector()
        self.md = md or markdown_parser()
        self.options = options or {}
        self.title = self.subtitle = ""
        self.title_line = 0
        self.intro: list[str] = []
        self.sections: list[Section] = []
        self.levels: list[int] = []
        self.moved: set[int] = set()
        self.next_candidates: set[int] = set()
        self.questions: list[_Q] = []
        self.next_lessons: list[str] = []
        self.solved: set[str] = set()
        self.relabelled: dict[int, tuple[str, str]] = {}  # a solution's line → (its label, its exercise's label)
        self.taken: set[int] = set()  # ids of "Solution" admonitions read as an exercise's solution
        self.labelled: dict[int, list[SyntaxTreeNode]] = {}  # "**Exercise:**" paragraph id → its prompt and answer
        self.followed: dict[int, SyntaxTreeNode] = {}  # an exercise's line → the "Solution" admonition after it
        self.by_label: dict[str, _Q] = {}
        self.labels: list[str] = []  # every exercise's label, in file order
        self.failed: set[int] = set()  # sections with a block in error
        self.unprompted: set[str] = set()  # labels of exercises with nothing to read: their solutions are callouts
        self.front_title = ""  # the front matter's title: "# Heading" lines after a section are sections
        self.quiz_headings: list[tuple[int, int, str]] = []  # (line, place among sections, title) of each quiz
        self.mode = "head"

    def line(self, node: SyntaxTreeNode) -> int:
        return node.map[0] + 1 if node.map else 0

    def fail(self, message: str, line: int) -> NoReturn:
        raise ContentError(message, self.path, line)

    def label_exercise(self, nodes: list[SyntaxTreeNode], answer: SyntaxTreeNode) -> None:
        """An exercise written as a paragraph that starts with its label ("**Exercise:** ...", "Question
        2:", "Übung:") and runs on (more paragraphs, code, notes) until an "Answer" admonition: noted so
        that the paragraph is read as a challenge with that answer after the think pause (MkDocs sites)."""
        at = next(i for i, n in enumerate(nodes) if n is answer)
        for start in range(at - 1, -1, -1):
            node = nodes[start]
            if node.type == "heading" or id(node) in self.taken or self.solution_admonition(node):
                return
            if node.type == "paragraph" and _EXERCISE_LABEL.match(_text(node)) and node.map:
                prompt = [n for n in nodes[start:at] if n.type not in _SILENT_NODES]
                self.labelled[id(node)] = [*prompt, answer]
                self.taken.update(id(n) for n in [*prompt[1:], answer])
                self.followed[node.map[0] + 1] = answer
                return

    def solution_admonition(self, node: SyntaxTreeNode) -> bool:
        """An admonition (or dropdown) titled "Solution" ("Lösung", "Oplossing" ...) or of class
        ``solution``: a Jupyter Book page's way of writing the solution of the exercise just above it;
        or a quote titled so in bold (``> **Answer**``: an MkDocs admonition)."""
        if node.type == "blockquote":
            return bool(_SOLUTION_TITLE.match(_bold_title(node)))
        if (
            node.type == "container_div"
            and node.info.strip().startswith("{.")
            and _directive(node.info) in SOLUTION_KINDS
        ):
            return True  # Quarto: ::: {#exr-x} ... then ::: {.solution}
        if node.type != "container_div" or _directive(node.info) not in ("admonition", "dropdown") or not node.map:
            return False
        classes = self.options.get(node.map[0], {}).get("class", "").replace(",", " ").split()
        return bool(_SOLUTION_TITLE.match(_argument(node.info))) or "solution" in classes

    def holds_solution(self, node: SyntaxTreeNode) -> bool:
        """True for an exercise directive that has a solution inside it or named by its label."""
        if node.type != "container_div" or _directive(node.info) not in QUESTION_KINDS:
            return True  # not an exercise: nothing to attach a solution to
        label = self.label_of(node)
        return (bool(label) and label in self.solved) or any(_is_solution(child, []) for child in (node.children or []))

    def label_of(self, node: SyntaxTreeNode) -> str:
        """The ``:label:`` of a MyST exercise directive (``""`` for any other node)."""
        if node.type != "container_div" or _directive(node.info) not in QUESTION_KINDS or not node.map:
            return ""
        return self.options.get(node.map[0], {}).get("label", "")

    def lenient(self, message: str, line: int) -> None:
        """Structure read narrate's own way (``message`` says how): a warning; an error under ``--strict``."""
        lenient(message, self.path, line, self.problems)

    # ------------------------------------------------------------ structure

    def overview(self, questions: tuple[str, ...], objectives: tuple[str, ...]) -> None:
        """Front matter ``questions`` and ``objectives`` (legacy Carpentries) as an "Overview" section."""
        lists = [
            BulletList(items, LIST_KINDS[key], 1, LIST_ROLES[key])
            for key, items in (("questions", questions), ("objectives", objectives))
            if items
        ]
        if lists:
            self.sections.append(Section("Overview", tuple(lists), 1, "title.overview"))
            self.levels.append(2)

    def walk(self, nodes: list[SyntaxTreeNode]) -> None:
        referenced = {
            _argument(n.info) for n in nodes if n.type == "container_div" and _directive(n.info) in SOLUTION_KINDS
        }
        above: set[str] = set()
        previous: SyntaxTreeNode | None = None
        for node in nodes:
            if node.type in _SILENT_NODES:
                continue
            if node.type == "container_div" and _directive(node.info) in SOLUTION_KINDS and _argument(node.info):
                label = _argument(node.info)
                mine = self.label_of(previous) if previous is not None else ""
                if label not in above and mine and mine not in referenced and node.map:
                    self.relabelled[node.map[0] + 1] = (label, mine)  # a solution right after an unsolved exercise
                    label = mine
                self.solved.add(label)
            if node.type == "container_div" and _directive(node.info) in QUESTION_KINDS:
                above.add(self.label_of(node))
            elif previous is not None and self.solution_admonition(node) and not self.holds_solution(previous):
                if previous.map and previous.map[0] + 1 not in self.followed:
                    self.followed[previous.map[0] + 1] = node  # "{exercise}" then "{admonition} Solution"
            elif self.solution_admonition(node):
                self.label_exercise(nodes, node)
            previous = node
        for node, classes, nxt in _siblings(nodes):
            try:  # a problem in one block is noted and the rest of the file still checked
                self.walk_one(node, classes, nxt)
            except ContentError as exc:
                self.problems.add(exc)
                self.failed.add(len(self.sections) - 1)  # not also "empty" for the block it lost

    def walk_one(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> None:
        if "toc" in classes:
            return  # a generated table of contents ("* TOC" then "{:toc}")
        if id(node) in self.taken or node.type in _SILENT_NODES:
            return  # read with the exercise above it (its prompt, or its solution after the think pause)
        if id(node) in self.labelled and self.mode == "quiz":  # "**Exercise:**" + answer under "## Quiz"
            self.add(self.blocks(node, classes, nxt))
            return
        kind = _kind(node, classes) or (
            _directive(node.info) if node.type == "fence" and node.info.startswith("{") else ""
        )
        if node.type == "heading":
            self.heading(node)
        elif node.type in ("hr", "footnote_block") or (node.type == "html_block" and not _html_text(node.content)):
            return
        elif self.mode == "quiz" and kind not in QUESTION_KINDS | SOLUTION_KINDS:
            self.quiz(node)
        elif (
            self.mode == "head" and not kind and (self.title or node.type in ("paragraph", "blockquote", "html_block"))
        ):
            self.head(node, classes, nxt)
        else:
            if self.mode == "head":  # a div, or content before any heading (a Workbench episode)
                if not self.sections or self.sections[-1].title != "Overview":
                    self.sections.append(Section("Overview", (), self.line(node), "title.overview"))
                    self.levels.append(2)
                self.mode = "body"
            self.add(self.blocks(node, classes, nxt))

    def heading(self, node: SyntaxTreeNode) -> None:
        text, level = _text(node), int(node.tag[1])
        if level == 1 and not self.title and not (self.front_title and self.sections):
            self.title, self.title_line = text, self.line(node)
        elif level <= 2 and _QUIZ.match(text):
            self.mode = "quiz"
            self.quiz_headings.append((self.line(node), len(self.sections), text))
        elif self.mode == "quiz" and level >= 3:
            label = bool(_QUESTION_LABEL.match(text))
            self.questions.append(_Q("" if label else text, self.line(node), pending_prompt=label))
        else:
            self.mode = "body"
            if level <= 2 and _NEXT.match(text):
                self.next_candidates.add(len(self.sections))
            self.sections.append(Section(text, (), self.line(node)))
            self.levels.append(level)

    def head(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> None:
        text = _text(node)
        if not self.subtitle and not self.intro and node.type in ("paragraph", "blockquote", "html_block"):
            self.subtitle = text
        elif node.type in ("paragraph", "html_block"):
            self.intro.append(text)
        else:  # a list, code, a quote or a table before any "##": the start of an "Overview" chapter
            what = _BLOCK_NAMES.get(node.type, "block")
            self.lenient(f"{what} before the first '## Section': read in an 'Overview' chapter", self.line(node))
            self.sections.append(Section("Overview", (), self.line(node), "title.overview"))
            self.levels.append(2)
            self.mode = "body"
            self.add(self.blocks(node, classes, nxt))

    def add(self, blocks: list) -> None:
        if blocks and blocks[0] is _KEYPOINTS:  # key points: a section of their own
            blocks = blocks[1:]
            line = blocks[0].line if blocks else 0
            self.sections.append(Section(LIST_KINDS["keypoints"], (), line, LIST_ROLES["keypoints"]))
            self.levels.append(2)
        if not blocks:
            return
        if not self.sections:
            self.fail("put this under a '## Section' heading", getattr(blocks[0], "line", 0))
        section = self.sections[-1]
        merged = _merge(list(section.blocks), blocks)
        self.sections[-1] = replace(section, blocks=tuple(merged))

    def collect(self, nodes: list[SyntaxTreeNode]) -> list:
        """The blocks of a div's content (headings inside it become sentences)."""
        out: list = []
        for node, classes, nxt in _siblings(nodes):
            if "toc" in classes:
                continue
            if node.type == "heading":
                out = _merge(out, [Paragraph(_sentence(_text(node)), self.line(node))])
            elif node.type not in ("hr", "footnote_block"):
                out = _merge(out, self.blocks(node, classes, nxt))
        return out

    def blocks(self, node: SyntaxTreeNode, classes: list[str], nxt: SyntaxTreeNode | None) -> list:
        """One Markdown node → the blocks it says (a challenge goes to the quiz and says nothing here)."""
        line, kind = self.line(node), _kind(node, classes)
        if id(node) in self.labelled:  # "**Exercise:** ..." then an "Answer" admonition: a challenge
            return self.exercise("", self.labelled.pop(id(node)), line, {})
        if kind:
            options = self.options.get(node.map[0], {}) if node.map else {}
            arg = _markdown_text(self.md, _argument(node.info)) if node.type == "container_div" else ""
            myst = node.info.strip().startswith("{") and not node.info.strip().startswith(("{.", "{#"))
            if kind in SOLUTION_KINDS and node.type == "container_div" and myst:
                label = _argument(node.info)
                if node.map and node.map[0] + 1 in self.relabelled:
                    written, label = self.relabelled[node.map[0] + 1]
                    self.lenient(
                        f"'{{solution}} {written}' follows the exercise '{label}', which no solution names, and no "
                        f"exercise above has the label '{written}': read as the solution of '{label}', where the "
                        "page shows it",
                        line,
                    )
                    arg = label
                if label in self.unprompted or not self.check_label(label, line):  # read where it stands
                    return self.callout_blocks("Solution", node.children, line, "title.solution")
            return self.div(kind, arg, node.children, line, options)
        if node.type in ("bullet_list", "ordered_list"):
            return [BulletList(tuple(_text(i) for i in node.children), None, line)]
        if node.type == "blockquote":
            if any(_is_solution(n, c) for n, c, _ in _siblings(list(node.children))):
                return self.exercise("", node.children, line, {})  # "> ## Spot it" + "> > ## Solution": a challenge
            if not _text(node) or any(c.type in ("fence", "code_block", "table") for c in node.children):
                title = _bold_title(node)
                if title and node.children[0].type != "heading":  # "> **Answer**" then code: its own title
                    return self.callout_blocks(title, node.children[1:], line)
                return self.callout_blocks("Note", node.children, line, "title.note")  # code in a quote
            return self.callout(node)
        if node.type in ("fence", "code_block"):
            return self.code(node, classes, line)
        if node.type in ("math_block", "math_block_label", "amsmath"):
            return [Paragraph(node.content.strip(), line)] if node.content.strip() else []
        if node.type == "html_block" and node.content.lstrip().startswith("<math"):
            return [Paragraph(_sentence(mark_math(speak_math([node.content.strip()], _LANGUAGE.get())[0])), line)]
        if node.type == "table":
            return [self.table(node, line)]
        if node.type == "html_block":  # HTML is read as its text (a <table> as a table)
            table = _html_table(node.content, line)
            lines = _text(node, "\n").split("\n")
            return [table] if table else [Paragraph(_sentence(t), line) for t in lines if t.strip()]
        if node.type == "dl":
            return [BulletList(self.definitions(node), None, line)]
        if _only(node, "image") is not None:
            return [Caption(_text(node), line)] if _text(node) else []  # no alt text: nothing to say
        if _only(node, "strong") is not None and nxt is not None and nxt.type in ("bullet_list", "ordered_list"):
            return [_ListTitle(_text(node).rstrip(":").strip(), line)]
        if node.type == "paragraph" and _text(node):
            return [Paragraph(_text(node), line)]
        return []

    def code(self, node: SyntaxTreeNode, classes: list[str], line: int) -> list:
        info = node.info.strip() if node.type == "fence" else ""
        kind = _directive(info) if info.startswith("{") else ""
        if kind == "math":
            return [Paragraph(_sentence(node.content), line)] if node.content.strip() else []
        language = (_argument(info).split() or [""])[0] if kind else (info.split() or [""])[0]
        for name in classes:
            language = name.removeprefix("language-") if name.startswith("language-") else language
        output = language.lower() in OUTPUT_LANGUAGES or any(c in OUTPUT_LANGUAGES for c in classes)
        code = node.content.strip("\n")
        return [CodeBlock(code, "" if output else language, output, line)] if code.strip() else []

    def table(self, node: SyntaxTreeNode, line: int) -> Table:
        rows = [[_text(cell) for cell in tr.children] for part in node.children for tr in part.children]
        head = node.children[0].type == "thead" if node.children else False
        header = tuple(rows[0]) if head and rows else ()
        return Table(header, tuple(tuple(r) for r in rows[1 if head else 0 :]), line)

    def definitions(self, node: SyntaxTreeNode) -> tuple[str, ...]:
        items: list[str] = []
        for child in node.children:
            if child.type == "dt":
                items.append(_text(child))
            elif child.type == "dd" and items:
                items[-1] = f"{items[-1]}: {_text(child)}"
        return tuple(items)

    # ------------------------------------------------------------ divs, directives, kramdown classes

    def div(self, kind: str, arg: str, children: list[SyntaxTreeNode], line: int, options: dict[str, str]) -> list:
        if kind in QUESTION_KINDS:
            return self.exercise(arg, children, line, options)
        if kind in SOLUTION_KINDS and arg in self.by_label:
            q = self.by_label[arg]
            q.answer, q.answer_line = self.solution(children, line, q.notes), line
            return []
        if kind in SOLUTION_KINDS:  # not inside a challenge: it would be read at once, with no think pause
            self.fail(
                f"a '{kind}' outside any challenge would be read before the listener could think: "
                "put it inside its '::: challenge' (or the '{: .challenge}' quote)",
                line,
            )
        if kind in LIST_KINDS:
            items: list[str] = []
            for block in self.collect(children):
                items.extend(block.items if isinstance(block, BulletList) else [_spoken_text([block])])
            if kind == "keypoints" and items:
                return [_KEYPOINTS, BulletList(tuple(i for i in items if i), None, line)]
            return [BulletList(tuple(i for i in items if i), LIST_KINDS[kind], line, LIST_ROLES[kind])] if items else []
        if kind in SKIPPED_KINDS:
            return []
        if kind in FIGURE_KINDS:
            caption = _spoken_text(self.collect(children)) or options.get("alt", "")
            return [Caption(caption, line)] if caption else []
        proof = _proof_kind(kind)
        if proof:
            return self.announced(proof, arg, children, line)
        if kind in CALLOUT_TITLES:
            if arg:
                return self.callout_blocks(arg, children, line)
            title = CALLOUT_TITLES[kind]
            return self.callout_blocks(title, children, line, _ROLE_OF_TITLE.get(title, f"title.{title.lower()}"))
        blocks = self.collect(children)  # a layout div (tab-set, card, grid ...): its content, no name
        if kind not in LAYOUT_KINDS:
            self.lenient(f"unknown directive '{kind}': its text is read, its name is not", line)
            arg = "" if _ADDRESS.match(arg) else arg  # "{iframe} https://...": not words to say
        return ([Paragraph(_sentence(arg), line)] if arg else []) + blocks

    def check_label(self, label: str, line: int) -> bool:
        """A MyST ``{solution} label`` must name an exercise before it (sphinx-exercise links them by
        label); the label is never read aloud. False (with a warning naming it, and the nearest label)
        when no ``{exercise}`` above has it: the solution is then read where it stands, as a callout.

        Raises:
            ContentError: no label.
        """
        if label in self.by_label:
            return True
        if not label:
            self.fail("a '{solution}' needs the label of its exercise (e.g. '{solution} ex-one')", line)
        near = difflib.get_close_matches(label, [x for x in self.labels if x], 1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        self.lenient(
            f"'{{solution}} {label}': no exercise above has the label '{label}'{hint}: read as a callout where it stands",
            line,
        )
        return False

    def callout_blocks(self, title: str, children: list[SyntaxTreeNode], line: int, role: str = "") -> list:
        """A callout of ``children``: titled by their first heading (the author's words), else by
        ``title`` (with ``role``, the phrase key of a title narrate gave)."""
        nodes = list(children)
        if nodes and nodes[0].type == "heading":
            title, nodes, role = _text(nodes[0]), nodes[1:], ""
        blocks = self.collect(nodes)
        said = [b for b in blocks if isinstance(b, (Paragraph, BulletList))]
        rest = [b for b in blocks if not isinstance(b, (Paragraph, BulletList))]
        text = _spoken_text(said)
        return ([Callout(" ".join(title.split()), text, line, role)] if text else []) + rest

    def announced(self, kind: str, name: str, children: list[SyntaxTreeNode], line: int) -> list:
        """A definition, example, theorem, proof ... (:data:`PROOF_TITLES`): announced by its kind in the
        lesson's language, then its name if it has one (the directive's argument, or a first heading):
        "Theorem: Mean value." then its text."""
        nodes = list(children)
        named = _QUARTO_NAME.search(name)  # Quarto: ::: {#thm-pyth name="Pythagoras"}
        name = named.group(2) if named else "" if re.search(r"[={}]", name) else name  # other attributes: no title
        if nodes and nodes[0].type == "heading" and not name:
            name, nodes = _text(nodes[0]), nodes[1:]
        blocks = self.callout_blocks(name or PROOF_TITLES[kind], nodes, line, f"title.{kind}")
        if blocks and isinstance(blocks[0], Callout):
            return blocks
        return [Callout(name or PROOF_TITLES[kind], "", line, f"title.{kind}"), *blocks]  # its text was not words

    def exercise(self, arg: str, children: list[SyntaxTreeNode], line: int, options: dict[str, str]) -> list:
        """A challenge or exercise: with a solution, an open quiz question; without one, a callout."""
        nodes = list(children)
        title = arg
        if nodes and nodes[0].type == "heading" and not title:
            title, nodes = _text(nodes[0]), nodes[1:]
        prompt_nodes: list[SyntaxTreeNode] = []
        solutions: list[tuple[SyntaxTreeNode, int]] = []
        skip: set[int] = set()
        for node, classes, _ in _siblings(nodes):
            if _is_solution(node, classes):
                solutions.append((node, self.line(node)))
                skip.add(id(node))
        after = self.followed.get(line)
        if after is not None and all(after is not n for n, _ in solutions):
            solutions.append((after, self.line(after)))
            self.taken.add(id(after))
        last_kept = True
        for node in nodes:
            if id(node) in skip:
                last_kept = False
            elif node.type == "html_block" and ial_classes(node.content) is not None and not last_kept:
                continue  # the {: .solution} line of a solution taken out
            else:
                prompt_nodes.append(node)
                last_kept = True
        prompt_blocks = self.collect(prompt_nodes)
        body = _spoken_text(prompt_blocks, code_cue=True)
        prompt = " ".join(p for p in (_sentence(title), body) if p)
        label = options.get("label", "")
        self.labels.append(label)
        if not solutions and label not in self.solved:
            return self.callout_blocks(title or "Exercise", prompt_nodes, line, "" if title else "title.exercise")
        if not prompt.strip():  # only an embed ({h5p}, {iframe}): no question a listener could think about
            self.lenient("exercise has nothing to read aloud: its solution is read as a callout where it stands", line)
            self.unprompted.add(label)
            return [b for n, ln in solutions for b in self.callout_blocks("Solution", n.children, ln, "title.solution")]
        q = _Q(prompt, line, open=True, notes=_notes(prompt_blocks))
        if solutions:
            q.answer = " ".join(self.solution(list(n.children), ln, q.notes) for n, ln in solutions)
            q.answer_line = solutions[0][1]
        if label:
            self.by_label[label] = q
        self.questions.append(q)
        if self.sections:
            self.moved.add(len(self.sections) - 1)
        return []

    def solution(self, children: list[SyntaxTreeNode], line: int, notes: list | None = None) -> str:
        """The solution's text; its code blocks and tables are added to ``notes`` (the show notes)."""
        nodes = list(children)
        if nodes and nodes[0].type == "heading" and _SOLUTION_TITLE.match(_text(nodes[0])):
            nodes = nodes[1:]
        elif nodes and _SOLUTION_TITLE.match(_lone_bold(nodes[0])):
            nodes = nodes[1:]  # "**Answer**": an MkDocs admonition's title
        blocks = self.collect(nodes)
        if notes is not None:
            notes.extend(_notes(blocks))
        text = _spoken_text(blocks, code_cue=True)
        if not text:
            self.fail("this solution has nothing to read aloud", line)
        return text

    def callout(self, node: SyntaxTreeNode) -> list:
        """``> **Tip:** text``, ``> **Title**`` + text, ``> [!NOTE] text``, or plain (titled "Note")."""
        paragraphs = list(node.children)
        line = self.line(node)
        title, rest, role = "Note", _text(node), "title.note"
        first = paragraphs[0] if paragraphs else None
        if first is not None and first.type == "paragraph":
            inline = first.children[0].children
            lead = [c for c in inline if not (c.type == "text" and not c.content.strip())]
            alert = _ALERT.match(_inline(first.children[0]))
            if lead and lead[0].type == "strong":
                title, role = _inline(lead[0]).strip().rstrip(":").strip(), ""
                after = inline[inline.index(lead[0]) + 1 :]
                tail = "".join(_inline_one(c) for c in after).lstrip(": ").strip()
                rest = " ".join([tail] + [_text(p) for p in paragraphs[1:]])
            elif alert:
                title, role = alert.group(1).capitalize(), f"title.{alert.group(1).lower()}"
                rest = _text(node)[alert.end() :]
        elif first is not None and first.type == "heading":
            title, rest, role = _text(first), " ".join(_text(p) for p in paragraphs[1:]), ""
        rest = " ".join(rest.split())
        if not rest:  # "> ### Heading" alone: its title is all there is to say
            self.lenient(f"callout '{title}' has no text: its title read as a paragraph", line)
            return [Paragraph(_sentence(title), line)] if title.strip() else []
        return [Callout(" ".join(title.split()), rest, line, role if role in phrase_keys() else "")]

    def finish(self, keypoints: tuple[str, ...]) -> None:
        """Settle what only the whole file tells: next-lessons lists, key points, empty sections."""
        self.unanswered_as_text()
        keep: list[int] = []
        self.sections_all = self.sections
        for i, section in enumerate(self.sections):
            if i in self.next_candidates and _is_next_list(section):
                self.next_lessons.extend(section.blocks[0].items)  # type: ignore[union-attr]
                continue
            if not section.blocks:
                if i + 1 < len(self.sections) and self.levels[i + 1] > self.levels[i]:
                    keep.append(i)  # a section with subsections
                    continue
                if i in self.moved:  # all it held were challenges: its title is said, then they follow
                    keep.append(i)
                    continue
                if i in self.failed:
                    continue  # all it held were blocks in error
                self.lenient(f"section '{section.title}' is empty: only its title is read", section.line)
                keep.append(i)
                continue
            keep.append(i)
        self.sections = []
        for i in keep:  # an "Overview" narrate opened, then the author's own: one section
            section = self.sections_all[i]
            if self.sections and self.sections[-1].title == section.title == "Overview":
                first = self.sections.pop()
                section = replace(section, blocks=first.blocks + section.blocks, line=first.line, role=first.role)
            self.sections.append(section)
        if keypoints:
            self.sections.append(
                Section(LIST_KINDS["keypoints"], (BulletList(keypoints, None, 1),), 1, "title.keypoints")
            )

    def unanswered_as_text(self) -> None:
        """Quiz questions with no answer (a Jupyter Book list of options with no ``[x]``, exercises with
        no answer given) are not questions narrate can answer: each is read as text, in a chapter named
        by its quiz heading, where that heading stands (a warning; an error under ``--strict``)."""
        places: dict[int, tuple[str, int, list]] = {}
        kept: list[_Q] = []
        for q in self.questions:
            if q.open or q.answer is not None or q.right or not q.prompt:
                kept.append(q)
                continue
            self.lenient("question has no answer (no '- [x]' option, no 'Answer: ...'): read as text", q.line)
            heading = next((h for h in reversed(self.quiz_headings) if h[0] < q.line), (q.line, len(self.sections), ""))
            _, blocks = places.setdefault(heading[1], (heading[2] or "Quiz", heading[0], []))[1:]
            blocks.append(Paragraph(_sentence(q.prompt), q.line))
            if q.options:
                blocks.append(BulletList(tuple(q.options), None, q.line))
            blocks.extend(Paragraph(_sentence(t), q.line) for t in q.explanation if t.strip())
        self.questions = kept
        for place in sorted(places, reverse=True):
            title, line, blocks = places[place]
            self.sections.insert(place, Section(title, tuple(blocks), line))
            self.levels.insert(place, 2)
            for name in ("moved", "next_candidates", "failed"):
                setattr(self, name, {i + (i >= place) for i in getattr(self, name)})

    # ------------------------------------------------------------ quiz

    def quiz(self, node: SyntaxTreeNode) -> None:
        if node.type == "ordered_list" and (
            not self.questions or self.questions[-1].answer is not None or self.questions[-1].right
        ):
            for item in node.children:
                self.questions.append(_Q("", self.line(item), pending_prompt=True))
                for child in item.children:
                    self.quiz(child)
            return
        q = self.questions[-1] if self.questions else None
        if node.type in ("bullet_list", "ordered_list"):
            if q is None:
                self.fail("options without a question", self.line(node))
            tail: list[tuple[int, str]] = []
            for item in node.children:
                text, fields = self.option_text(item)
                tail.extend(fields)
                task = _TASK.match(text)
                if task:
                    text = task.group(2).strip()
                    if task.group(1) in "xX":
                        q.right.append(text)
                q.options.append(text)
            self.quiz_lines(tail)
            return
        if node.type not in ("paragraph", "html_block"):
            return
        self.quiz_lines([(self.line(node) + n, raw) for n, raw in enumerate(_text(node, "\n").split("\n"))])

    def option_text(self, item: SyntaxTreeNode) -> tuple[str, list[tuple[int, str]]]:
        """An option's text, and the ``Answer:``/``Explanation:``/``Think pause:`` lines (with their
        file lines) that Markdown's lazy continuation put inside it: a field line written straight after
        the options (no blank line) is the question's field, never said as part of the option."""
        lines = _raw_text(item, "\n").split("\n")
        cut = next((n for n, raw in enumerate(lines) if n and _FIELD.match(raw.strip())), len(lines))
        text = " ".join(clean_text("\n".join(lines[:cut]), _LANGUAGE.get()).split())
        return text, [(self.line(item) + n, clean_text(lines[n], _LANGUAGE.get())) for n in range(cut, len(lines))]

    def quiz_lines(self, lines: list[tuple[int, str]]) -> None:
        """Lines of quiz text (file line, text): fields, prompts of new questions, explanations."""
        q = self.questions[-1] if self.questions else None
        field_name = None
        for line, raw in lines:
            match = _FIELD.match(raw.strip())
            if match:
                field_name = next(k for k in ("answer", "explanation", "think") if match.group(k))
                value = match.group("value").strip()
                if q is None:
                    self.fail(f"'{match.group(field_name)}:' without a question before it", line)
                if field_name == "answer":
                    q.answer, q.answer_line = value, line
                elif field_name == "explanation":
                    q.explanation.append(value)
                else:
                    q.think_ms = self.think(value, line)
                continue
            value = raw.strip()
            if not value:
                continue
            answered = q is not None and (q.answer is not None or bool(q.right))
            if field_name == "answer" and q is not None:
                q.answer = f"{q.answer} {value}".strip()
            elif field_name == "explanation" and q is not None:
                q.explanation.append(value)
            elif q is None or (answered and (value.endswith("?") or count_blanks(value))):
                q = _Q(value, line)
                self.questions.append(q)
            elif q.pending_prompt:
                q.prompt, q.pending_prompt, q.line = value, False, line
            elif not answered and not q.options:
                q.prompt = f"{q.prompt} {value}".strip()
            else:  # after the options of a question not answered (yet): read after them
                q.explanation.append(value)

    def think(self, value: str, line: int) -> int:
        seconds = re.match(r"^(\d+(?:\.\d+)?)\s*(s|sec|seconds)?$", value)
        if not seconds or float(seconds.group(1)) > MAX_PAUSE_S:
            self.fail(f"'Think pause:' must be a number of seconds {range_text(0, MAX_PAUSE_S)}", line)
        return seconds_to_ms(float(seconds.group(1)))

    def question(self, q: _Q) -> Question:
        if not q.prompt:
            self.fail("question has no prompt", q.line)
        if len(q.right) > 1:
            self.fail("a question has more than one '[x]' option", q.line)
        options = tuple(q.options)
        twice = duplicate_option(options)
        if twice:
            self.fail(twice, q.line)
        if q.right:
            answers: tuple[str, ...] = (q.right[0],)
        elif q.answer:
            if options:
                chosen = match_option(q.answer, options)
                if chosen is None:
                    self.fail(f"answer '{q.answer}' is not one of the options", q.answer_line)
                answers = (chosen,)
            else:
                try:  # an open question's prompt is prose, written code: no blanks to count
                    answers = (q.answer,) if q.open else blank_answers(q.prompt, q.answer)
                except ValueError as exc:
                    self.fail(str(exc), q.answer_line)
        else:
            self.fail("question has no answer (mark an option '- [x]' or add 'Answer: ...')", q.line)
        return Question(
            prompt=q.prompt,
            answers=answers,
            options=options,
            explanation=" ".join(" ".join(q.explanation).split()),
            think_pause_ms=q.think_ms,
            line=q.line,
            open=q.open,
            notes=tuple(q.notes),
        )


def _merge(blocks: list, new: list) -> list:
    """``blocks + new``, a list taking its title from a waiting **bold** paragraph."""
    for block in new:
        if isinstance(block, BulletList) and block.title is None and blocks and isinstance(blocks[-1], _ListTitle):
            pending = blocks.pop()
            block = BulletList(block.items, pending.text, pending.line)
        blocks.append(block)
    return [b for b in blocks if not isinstance(b, _ListTitle)] + [b for b in blocks[-1:] if isinstance(b, _ListTitle)]


_CUE_CODE, _CUE_OUTPUT, _CUE_TABLE = list(PROMPT_CUES)[:3]  # the script says each as its phrase


def _notes(blocks: list) -> list:
    """The blocks of a question or solution that the listener is told are in the show notes: code
    blocks that are not read inline (see :func:`_spoken_text`), program output and tables."""
    return [
        b for b in blocks if isinstance(b, Table) or (isinstance(b, CodeBlock) and (b.output or not _short_code(b)))
    ]


def _short_code(block: CodeBlock) -> bool:
    """A code block read inline in a question: one line of at most 60 characters (or program output,
    which is never read: a cue says it is in the show notes)."""
    return block.output or ("\n" not in block.code and len(block.code) <= 60)


_JOINER = re.compile(
    r"^\s*(or|and|then|or else|alternatively|otherwise|oder|und|ou|et|o|y|e|of|en|eller|och)\s*[:,]?\s*$"
)
"""A paragraph that only joins the blocks around it ("or" between two commands)."""


def _spoken_text(blocks: list, code_cue: bool = False) -> str:
    """Blocks as one run of sentences (a question's prompt, a solution, a callout's text). A paragraph
    that only joins two blocks ("or" between two commands) leads the next one: "Or, grep dash P o ..."."""
    parts: list[str] = []
    joining = ""
    for block in blocks:
        if isinstance(block, Paragraph) and _JOINER.match(block.text):
            joining = block.text.strip().rstrip(":,").capitalize() + ","
            continue
        before = len(parts)
        if isinstance(block, Paragraph):
            parts.append(_sentence(block.text))
        elif isinstance(block, BulletList):
            parts.extend(_sentence(t) for t in ((block.title or ""), *block.items) if t)
        elif isinstance(block, Caption):
            parts.append(_sentence(block.text))
        elif isinstance(block, Callout):
            parts.append(f"{_sentence(block.title)} {_sentence(block.text)}")
        elif isinstance(block, CodeBlock) and code_cue:
            if _short_code(block) and not block.output:
                parts.append(_sentence(speak_code(block.code, _LANGUAGE.get())))
            else:
                parts.append(_CUE_OUTPUT if block.output else _CUE_CODE)
        elif isinstance(block, Table) and code_cue:
            parts.append(_CUE_TABLE)
        if joining and len(parts) > before:
            parts[before], joining = f"{joining} {parts[before]}", ""
    if joining:
        parts.append(_sentence(joining.rstrip(",")))
    return " ".join(p for p in parts if p)
