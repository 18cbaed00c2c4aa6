"""A build removes the course-wide books it wrote before and writes no longer (issue: old EPUB and M4B
books left behind and published): the read-along EPUB (``epub`` format) and the audiobook M4B
(``--audiobook``) under the course's old title, or of a build that no longer asks for them. Files
narrate did not write stay. Real builds (pyttsx3, ffmpeg)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate import BuildOptions
from narrate.pipeline import build

pytestmark = pytest.mark.e2e  # end-to-end builds: left out by scripts/test.sh --fast

LESSON = "title: Alpha\nsections:\n  - title: Start\n    body:\n      - {text}\n"


def _course(root: Path, title: str, text: str = "Water boils at one hundred degrees.") -> Path:
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "course.yaml").write_text(f"title: {title}\nauthor: Tester\nlanguage: en\n", encoding="utf-8")
    (root / "lessons" / "01-alpha.yaml").write_text(LESSON.format(text=text), encoding="utf-8")
    return root


def _books(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.suffix in (".epub", ".m4b"))


# Each case: builds in turn, (course title, lesson text, formats, --audiobook); then the books left
# at the top of the output folder.
CASES = [
    (  # the course renamed: the book under the old title goes
        [("Tiny Course", "One.", "epub", False), ("Renamed Tiny", "One.", "epub", False)],
        ["renamed-tiny.epub"],
    ),
    (  # a lesson edited and built without the book: the old book (old audio) goes
        [("Tiny Course", "One.", "epub", False), ("Tiny Course", "Two.", "mp3", False)],
        [],
    ),
    (  # the same for the audiobook
        [("Tiny Course", "One.", "mp3", True), ("Renamed Tiny", "One.", "mp3", True)],
        ["renamed-tiny.m4b"],
    ),
    (
        [("Tiny Course", "One.", "mp3", True), ("Tiny Course", "Two.", "mp3", False)],
        [],
    ),
    (  # both, then only the audiobook
        [("Tiny Course", "One.", "epub", True), ("Tiny Course", "One.", "mp3", True)],
        ["tiny-course.m4b"],
    ),
    (  # a build that keeps its book keeps it
        [("Tiny Course", "One.", "epub", True), ("Tiny Course", "Two.", "epub", True)],
        ["tiny-course.epub", "tiny-course.m4b"],
    ),
]


@pytest.mark.parametrize(("builds", "left"), CASES)
def test_a_build_removes_the_books_it_no_longer_writes(tmp_path, builds, left):
    out, cache = tmp_path / "out", tmp_path / "cache"
    (tmp_path / "out").mkdir()
    (out / "notes.epub").write_bytes(b"the author's own file")  # not narrate's: never touched
    for n, (title, text, formats, audiobook) in enumerate(builds):
        course = _course(tmp_path / f"course{n}", title, text)
        options = BuildOptions(engine="pyttsx3", formats=formats, audiobook=audiobook, cache_dir=cache, quiet=True)
        build(course, out, options)
    assert _books(out) == sorted([*left, "notes.epub"])
    assert (out / "notes.epub").read_bytes() == b"the author's own file"
