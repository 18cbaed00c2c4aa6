"""Lesson readers: one module per source format, chosen by file extension.

============================  =====================================  ==========================
extension                     format                                 module
============================  =====================================  ==========================
``.yaml`` ``.yml``            YAML lesson                            :mod:`.yaml_lesson`
``.md`` ``.markdown``         Markdown lesson (front matter, quiz)   :mod:`.markdown`
``.txt``                      plain-text lesson page (copied page)   :mod:`.page`
``.gift`` (or a GIFT ``.txt``)  Moodle GIFT question bank (a drill)  :mod:`.gift`
``.aiken`` (or Aiken ``.txt``)  Aiken question bank (a drill)        :mod:`.aiken`
============================  =====================================  ==========================

A ``.txt`` file is sniffed: one that reads as a GIFT or Aiken bank is read as one.

The formats are described in docs/content-format.md. :func:`lesson_to_yaml` writes any lesson back
as YAML (``narrate import``).
"""

from __future__ import annotations

from pathlib import Path

from narrate.errors import ContentError
from narrate.model import Lesson
from narrate.settings import DEFAULT_LANGUAGE
from narrate.text.readers.export import lesson_to_yaml

SUPPORTED = (".yaml", ".yml", ".md", ".markdown", ".txt", ".gift", ".aiken")

__all__ = ["SUPPORTED", "read_lesson", "lesson_to_yaml"]


def read_lesson(path: Path, number: int = 0, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read one lesson file, choosing the reader by extension (case-insensitive).

    Args:
        path: a ``.yaml``/``.yml``, ``.md``/``.markdown``, ``.gift``, ``.aiken`` or ``.txt`` file.
        number: 1-based lesson number in the course (0 if unknown). A text page's own
            "Lesson N of" line takes precedence.
        language: the course's BCP 47 language tag; its word list decides whether a word hyphenated
            across a line break is joined (every text field goes through
            :func:`narrate.text.markup.clean_text`: HTML, footnote markers, split words).

    Raises:
        ContentError: unsupported extension, unreadable or empty file, or invalid content
            (with the file and 1-based line).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        from narrate.text.readers.yaml_lesson import read_yaml_lesson

        return read_yaml_lesson(path, number, language=language)
    if suffix in (".md", ".markdown"):
        from narrate.text.readers.markdown import read_markdown

        return read_markdown(path, number, language)
    if suffix == ".gift":
        from narrate.text.readers.gift import read_gift

        return read_gift(path, number, language)
    if suffix == ".aiken":
        from narrate.text.readers.aiken import read_aiken

        return read_aiken(path, number)
    if suffix == ".txt":
        from narrate.text.readers.aiken import looks_like_aiken, read_aiken
        from narrate.text.readers.gift import looks_like_gift, read_gift
        from narrate.text.readers.page import read_page
        from narrate.yamlio import read_text

        text = read_text(path)
        if looks_like_gift(text):
            return read_gift(path, number, language)
        if looks_like_aiken(text):
            return read_aiken(path, number)
        return read_page(path, number, language)
    raise ContentError(f"unsupported lesson file type '{path.suffix or path.name}' (use {', '.join(SUPPORTED)})", path)
