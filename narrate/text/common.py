"""Text rules with one home, shared by the readers, the normaliser and the script.

* :data:`BLANK`: a blank in a fill-in-the-blank prompt (two or more underscores), counted by the
  readers (answers per blank) and spoken as "blank";
* :func:`repair_text`: mojibake repair, for every text that enters narrate.
"""

from __future__ import annotations

import re
import unicodedata

BLANK = re.compile(r"_{2,}")
"""A blank in a fill-in-the-blank prompt: two or more underscores (``_____`` by convention)."""

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
