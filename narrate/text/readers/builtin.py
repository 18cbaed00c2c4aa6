"""narrate's own lesson readers as its pyproject.toml registers them (``narrate.readers`` entry
points; the :class:`~narrate.text.readers.Reader` interface). Each imports its format's module only
when it reads (or sniffs) a file.

Scores: a file's own extension gives 10; a ``.txt`` file is a plain-text lesson page (1) unless it
reads as a GIFT bank (3) or else as an Aiken bank (2).
"""

from __future__ import annotations

from pathlib import Path

from narrate.model import Lesson

OWN_SUFFIX = 10
"""The score of a file with one of the reader's own extensions."""


def _suffix(path: Path) -> str:
    return path.suffix.lower()


class YamlReader:
    """YAML lesson (:mod:`.yaml_lesson`)."""

    suffixes = (".yaml", ".yml")

    @staticmethod
    def score(path: Path, head: bytes) -> int:
        return OWN_SUFFIX if _suffix(path) in YamlReader.suffixes else 0

    @staticmethod
    def read(path: Path, number: int, language: str) -> Lesson:
        from narrate.text.readers.yaml_lesson import read_yaml_lesson

        return read_yaml_lesson(path, number, language=language)


class MarkdownReader:
    """Markdown lesson: front matter, sections, a quiz (:mod:`.markdown`); also the Markdown of Quarto
    (``.qmd``), R Markdown (``.Rmd``) and MDX (``.mdx``) pages, whose own syntax the reader knows."""

    suffixes = (".md", ".markdown", ".qmd", ".rmd", ".mdx")

    @staticmethod
    def score(path: Path, head: bytes) -> int:
        return OWN_SUFFIX if _suffix(path) in MarkdownReader.suffixes else 0

    @staticmethod
    def read(path: Path, number: int, language: str) -> Lesson:
        from narrate.text.readers.markdown import read_markdown

        return read_markdown(path, number, language)


class PageReader:
    """Plain-text lesson page, as copied from a course web page (:mod:`.page`): any ``.txt`` file
    that reads as no question bank."""

    suffixes = (".txt",)

    @staticmethod
    def score(path: Path, head: bytes) -> int:
        return 1 if _suffix(path) == ".txt" else 0

    @staticmethod
    def read(path: Path, number: int, language: str) -> Lesson:
        from narrate.text.readers.page import read_page

        return read_page(path, number, language)


class GiftReader:
    """Moodle GIFT question bank, read as a drill (:mod:`.gift`): a ``.gift`` file, or a ``.txt``
    file that reads as one (:func:`~narrate.text.readers.gift.looks_like_gift`)."""

    suffixes = (".gift",)

    @staticmethod
    def score(path: Path, head: bytes) -> int:
        """Raises ContentError: a ``.txt`` file that cannot be read as text (as every reader of it would)."""
        if _suffix(path) == ".gift":
            return OWN_SUFFIX
        if _suffix(path) != ".txt":
            return 0
        from narrate.text.readers.gift import looks_like_gift
        from narrate.yamlio import read_text

        return 3 if looks_like_gift(read_text(path)) else 0

    @staticmethod
    def read(path: Path, number: int, language: str) -> Lesson:
        from narrate.text.readers.gift import read_gift

        return read_gift(path, number, language)


class AikenReader:
    """Aiken question bank, read as a drill (:mod:`.aiken`): an ``.aiken`` file, or a ``.txt`` file
    that reads as one (:func:`~narrate.text.readers.aiken.looks_like_aiken`)."""

    suffixes = (".aiken",)

    @staticmethod
    def score(path: Path, head: bytes) -> int:
        """Raises ContentError: a ``.txt`` file that cannot be read as text."""
        if _suffix(path) == ".aiken":
            return OWN_SUFFIX
        if _suffix(path) != ".txt":
            return 0
        from narrate.text.readers.aiken import looks_like_aiken
        from narrate.yamlio import read_text

        return 2 if looks_like_aiken(read_text(path)) else 0

    @staticmethod
    def read(path: Path, number: int, language: str) -> Lesson:
        from narrate.text.readers.aiken import read_aiken

        return read_aiken(path, number)
