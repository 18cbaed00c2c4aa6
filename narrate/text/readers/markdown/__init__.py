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
spoken; roles ``{cite}`` ``{ref}`` read by their text), Jekyll/Liquid and Hugo tags, Quarto / R Markdown
chunks (```` ```{r} ````: code of that language; ``#| echo: false``: not said; ``#| fig-cap``: a caption)
and MDX (``import`` lines, ``{/* */}``, component tags unsaid; ``<TabItem label>`` a callout) (see
:mod:`.dialects`). A challenge or exercise with a solution becomes a quiz question (open: the solution
is read after the think pause); one without a solution is read as a callout. A quote holding a
"Solution" quote (``> > ## Solution``) is a challenge even without its ``{: .challenge}`` line; a
solution outside any challenge is an error (it would be read before the listener could think).

One module per dialect, on a shared walker (:mod:`.walker`: CommonMark's blocks, divs dispatched by
kind): :mod:`.carpentries`, :mod:`.myst`, :mod:`.mkdocs` and narrate's own quiz (:mod:`.quiz`); the
text of nodes (:mod:`.nodes`, :mod:`.spoken`), the kinds of divs (:mod:`.kinds`), parsing and its
checks (:mod:`.parsing`) and front matter (:mod:`.front_matter`) beside them. Names with a leading
underscore are shared within this package only.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from types import MappingProxyType

from markdown_it.tree import SyntaxTreeNode

from narrate.errors import Collector, ContentError, lenient
from narrate.limits import check_markup
from narrate.model import (
    Lesson,
)
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.readers.dialects import prepare
from narrate.text.readers.markdown.carpentries import CarpentriesDivs
from narrate.text.readers.markdown.front_matter import FRONT_MATTER_KEYS, read_front_matter
from narrate.text.readers.markdown.kinds import LIST_KINDS
from narrate.text.readers.markdown.mkdocs import MkDocsExercises
from narrate.text.readers.markdown.myst import MystDirectives
from narrate.text.readers.markdown.nodes import _LANGUAGE, _TITLES
from narrate.text.readers.markdown.parsing import (
    MAX_DEPTH,
    _check_closed,
    _check_depth,
    _markdown_text,
    _speak_math_in,
    markdown_parser,
)
from narrate.text.readers.markdown.quiz import QuizReader
from narrate.text.readers.markdown.references import caption_tables, heading_titles, place_footnotes, unused_footnotes
from narrate.text.readers.markdown.walker import WalkerBase
from narrate.text.readers.yaml_lesson import LessonValidator
from narrate.yamlio import LineDict, read_text

__all__ = ["FRONT_MATTER_KEYS", "MAX_DEPTH", "Walker", "markdown_parser", "read_markdown"]


KNITR_SUFFIXES = (".rmd", ".qmd", ".rmarkdown")
"""R Markdown and Quarto files: their ```r x``` spans are values the page computes (:mod:`..chunks`)."""


class Walker(QuizReader, MystDirectives, MkDocsExercises, CarpentriesDivs, WalkerBase):
    """The walker of a Markdown lesson of any dialect: the shared walker (:class:`.walker.WalkerBase`)
    with what each dialect adds."""


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
    token, titles = _LANGUAGE.set(language), _TITLES.set(MappingProxyType({}))
    try:
        return _read_markdown(path, number, language)
    finally:
        _TITLES.reset(titles)
        _LANGUAGE.reset(token)


def _read_markdown(path: Path, number: int, language: str) -> Lesson:
    text = read_text(path)
    check_markup(text, path)  # before the dialect rewrites and markdown-it: bounded time
    check = LessonValidator(path, language)
    check.collecting = True  # unknown front matter keys are noted, not raised
    problems = Collector()
    meta, text = read_front_matter(path, text, check, problems)
    reader = _walk(path, text, meta, check, problems)
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


def _walk(path: Path, text: str, meta: LineDict, check: LessonValidator, problems: Collector) -> Walker:
    """The walker that has read the lesson ``text`` of ``path`` (front matter blanked, ``meta`` its
    values): dialects rewritten (:func:`.dialects.prepare`), parsed, checked (nesting depth, unclosed
    blocks), math spoken, then walked with the front matter's question, objective and key point lists.
    Problems go to ``problems``.

    Raises:
        ContentError: blocks nested deeper than markdown-it reads (with every problem found before).
    """
    prepared = prepare(text, knitr=path.suffix.lower() in KNITR_SUFFIXES)
    md = markdown_parser()
    env: dict = {}
    tokens = md.parse(prepared.text, env)
    if problems.attempt(lambda: _check_depth(path, tokens), True):
        problems.raise_any()  # what markdown-it left out cannot be checked
    tree = SyntaxTreeNode(tokens)
    _check_closed(path, prepared.text, problems, prepared.closes)
    _speak_math_in(tree, prepared.mathml, marked=True)
    place_footnotes(tree)
    caption_tables(tree)
    _TITLES.set(heading_titles(tree, prepared.targets))  # read_markdown resets it with the language
    for line, label in unused_footnotes(env, prepared.text):
        lenient(f"footnote '[^{label}]' is cited nowhere in the text: not read", path, line, problems)
    reader = Walker(path, prepared.options, md, problems)
    reader.front_title = str(meta.get("title") or "").strip()
    listed: dict[str, tuple[str, ...]] = {}
    for key in LIST_KINDS:
        texts: tuple[str, ...] = problems.attempt(partial(check.texts, meta, key, "an item"), ())
        listed[key] = tuple(_markdown_text(md, t) for t in texts)
    reader.overview(listed["questions"], listed["objectives"])
    reader.walk(tree.children)
    reader.finish(listed["keypoints"])
    for line, value in prepared.values:
        reader.lenient(f"the site's value {value} is not known to narrate: its sentence is read without it", line)
    for line, value in prepared.computed:
        reader.lenient(f"a computed value {value} is not known to narrate: its sentence is read without it", line)
    return reader
