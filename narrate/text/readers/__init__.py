"""Lesson readers: one module per source format, chosen by file extension.

============================  =====================================  ==========================
extension                     format                                 module
============================  =====================================  ==========================
``.yaml`` ``.yml``            YAML lesson                            :mod:`.yaml_lesson`
``.md`` ``.markdown``         Markdown lesson (front matter, quiz)   :mod:`.markdown`
``.txt``                      plain-text lesson page (copied page)   :mod:`.page`
============================  =====================================  ==========================

The formats are described in docs/content-format.md. :func:`lesson_to_yaml` writes any lesson back
as YAML (``narrate import``).
"""

from __future__ import annotations

from pathlib import Path

from narrate.errors import ContentError
from narrate.model import Lesson
from narrate.text.readers.export import lesson_to_yaml

SUPPORTED = (".yaml", ".yml", ".md", ".markdown", ".txt")

__all__ = ["SUPPORTED", "read_lesson", "lesson_to_yaml"]


def read_lesson(path: Path, number: int = 0) -> Lesson:
    """Read one lesson file, choosing the reader by extension (case-insensitive).

    Args:
        path: a ``.yaml``/``.yml``, ``.md``/``.markdown`` or ``.txt`` file.
        number: 1-based lesson number in the course (0 if unknown). A text page's own
            "Lesson N of" line takes precedence.

    Raises:
        ContentError: unsupported extension, unreadable or empty file, or invalid content
            (with the file and 1-based line).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        from narrate.text.readers.yaml_lesson import read_yaml_lesson

        return read_yaml_lesson(path, number)
    if suffix in (".md", ".markdown"):
        from narrate.text.readers.markdown import read_markdown

        return read_markdown(path, number)
    if suffix == ".txt":
        from narrate.text.readers.page import read_page

        return read_page(path, number)
    raise ContentError(f"unsupported lesson file type '{path.suffix or path.name}' (use {', '.join(SUPPORTED)})", path)
