"""Text rules with one home, shared by the readers, the normaliser and the script.

* :data:`BLANK`: a blank in a fill-in-the-blank prompt (two or more underscores), counted by the
  readers (answers per blank) and spoken as "blank";
* :func:`repair_text`: mojibake repair, for every text that enters narrate;
* :data:`CODE_SPAN`: a code span in written text (marked by a reader, or in backticks), and how it is
  marked (:func:`mark_code_spans`) and written back in backticks (:func:`backtick_code`);
  :func:`narrate.text.code.speak_code_spans` says it, :func:`narrate.model.unmark_code` shows it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from narrate.model import CODE_CLOSE, CODE_OPEN, mark_code

BLANK = re.compile(r"_{2,}(?![^\ue050]*\ue051)|(?<![^\W_])_{2,}(?![^\W_])")
"""A blank in a fill-in-the-blank prompt: two or more underscores (``_____`` by convention); in a code
span a reader marked (:func:`narrate.model.mark_code`) only a run standing alone (`` `____ = 5` ``):
``__init__`` there is code."""

# Single-byte code pages that ftfy does not try; UTF-8 read as one of these gives e.g. "ยท" for "·".
_EXTRA_CODEPAGES = ("cp874", "cp1255", "cp1256", "cp1258", "koi8-r")
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")


def count_blanks(prompt: str) -> int:
    """Number of blanks (:data:`BLANK`) in a prompt."""
    return len(BLANK.findall(prompt))


def repair_text(text: str) -> str:
    """Repair text broken by a wrong encoding (mojibake), then drop what cannot be repaired.

    Uses ftfy (curly quotes are kept as written), then tries UTF-8 misread as a few code pages
    ftfy does not cover (e.g. Thai cp874: ``"ยท"`` → ``"·"``); U+FFFD replacement characters and
    control characters other than newline and tab are removed.
    """
    import ftfy  # here: it takes ~0.15 s to import, which a no-change rebuild does not need

    text = ftfy.fix_text(text, ftfy.TextFixerConfig(uncurl_quotes=False, explain=False))
    text = _NON_ASCII_RUN.sub(_repair_run, text)
    text = text.replace("\ufffd", "")
    return "".join(c for c in text if c in "\n\t" or unicodedata.category(c) != "Cc")


def _repair_run(match: re.Match) -> str:
    run = match.group(0)
    for codepage in _EXTRA_CODEPAGES:
        try:
            fixed = run.encode(codepage).decode("utf-8")
        except UnicodeError:
            continue
        if len(fixed) < len(run):
            return fixed
    return run


CODE_SPAN = re.compile(
    f"{CODE_OPEN}(?P<marked>[^{CODE_OPEN}{CODE_CLOSE}]*){CODE_CLOSE}"  # a reader's (narrate.model.mark_code)
    r"|(?<![`\\])(?P<ticks>`+)(?!`)(?P<written>(?:(?!\n[ \t]*\n).)+?)(?<!`)(?P=ticks)(?!`)",  # `code` as written
    re.S,
)
"""A code span in written text: marked by a reader (:func:`narrate.model.mark_code`), or written with
backticks as Markdown writes one (`` `ls -la` ``, ``` `` a`b `` ```; never across a blank line), as
YAML lessons and question banks do."""


def code_of(m: re.Match[str]) -> str:
    """The code of a :data:`CODE_SPAN` match: a backtick span's text with its line breaks as spaces and
    one space stripped from each end when both are there (CommonMark's code span rule)."""
    if m.group("marked") is not None:
        return m.group("marked")
    code = m.group("written").replace("\n", " ")
    return code[1:-1] if len(code) > 2 and code[0] == code[-1] == " " and code.strip() else code


def outside_code(text: str, prose: Callable[[str], str], code: Callable[[re.Match[str]], str] | None = None) -> str:
    """``text`` with ``prose`` applied to each run between code spans (:data:`CODE_SPAN`) and each span
    kept as written, or made ``code(match)``: how a rule for prose (footnotes, Markdown marks) leaves
    code alone."""
    out, start = [], 0
    for m in CODE_SPAN.finditer(text):
        out += [prose(text[start : m.start()]), code(m) if code else m.group(0)]
        start = m.end()
    return "".join(out) + prose(text[start:])


def mark_code_spans(text: str) -> str:
    """``text`` with each code span written in backticks marked as a reader marks one
    (:func:`narrate.model.mark_code`): how a YAML lesson's `` `ls -la` `` becomes code."""
    if "`" not in text:
        return text
    return CODE_SPAN.sub(lambda m: mark_code(code_of(m)), text)


def backtick_code(text: str) -> str:
    """``text`` with each marked code span written as Markdown writes one, in backticks (more than
    any run of backticks in the code; a space inside them when the code starts or ends with one):
    what ``narrate import`` writes, for :func:`mark_code_spans` to read back."""
    if CODE_OPEN not in text:
        return text

    def written(m: re.Match[str]) -> str:
        code = m.group("marked")
        if code is None:
            return m.group(0)
        ticks = "`" * (max((len(run) for run in re.findall("`+", code)), default=0) + 1)
        pad = " " if code[:1] == "`" or code[-1:] == "`" else ""
        return f"{ticks}{pad}{code}{pad}{ticks}"

    return CODE_SPAN.sub(written, text)
