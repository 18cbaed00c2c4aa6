"""Plain-text lesson page reader: exact structure of the fixture pages, chrome removal, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.errors import ContentError
from narrate.model import BulletList, Callout, Caption, Paragraph, Question
from narrate.text.readers import read_lesson
from narrate.text.readers.common import repair_text

PAGES = Path(__file__).parent.parent / "fixtures" / "pages"


def all_text(lesson) -> str:
    """Every piece of text in a lesson, for "no chrome anywhere" checks."""
    parts = [lesson.title, lesson.subtitle, lesson.summary, *lesson.next_lessons]
    for section in lesson.sections:
        parts.append(section.title)
        for block in section.blocks:
            parts.extend(str(v) for v in vars(block).values())
    for q in lesson.quiz:
        parts.extend([q.prompt, q.explanation, *q.options, *q.answers])
    return "\n".join(parts)


def test_tides_page_header_and_sections():
    lesson = read_lesson(PAGES / "tides-lesson-02.txt", number=7)
    assert lesson.id == "tides-lesson-02"
    assert lesson.number == 2  # from "Lesson 2 of ..." (wins over the caller's number)
    assert lesson.title == "Why the Sea Rises and Falls"
    assert lesson.subtitle == "What makes the tide come in twice a day?"
    assert lesson.summary == "A short tour of how the Moon and the Sun stretch the oceans into two bulges."
    assert [(s.title, s.line) for s in lesson.sections] == [
        ("The Pull of the Moon", 15),
        ("The Daily Rhythm", 27),
        ("Spring and Neap Tides", 35),
    ]
    moon, rhythm, spring = lesson.sections
    assert moon.blocks == (
        Paragraph("The Moon’s gravity pulls hardest on the water nearest to it. That water heaps up into a bulge.", 17),
        Paragraph(
            "A second bulge forms on the far side of Earth. There the pull is weakest, so the water is left behind.", 19
        ),
        BulletList(
            ("Near side: water pulled towards the Moon", "Far side: water left behind as Earth is pulled away"),
            "Two Bulges, One Planet",
            21,
        ),
        Callout("Lumen lens", "One Moon, two high tides", 24),
    )
    assert rhythm.blocks[-1] == Caption("Tide Times Over One Week", 33)
    assert [type(b).__name__ for b in rhythm.blocks] == ["Paragraph", "Paragraph", "Caption"]
    assert spring.blocks[-1] == BulletList(
        (
            "Spring tide: Sun and Moon in line, largest range.",
            "Neap tide: Sun and Moon at right angles, smallest range.",
        ),
        "Comparing Tide Types",
        41,
    )
    assert lesson.next_lessons == ("Currents and Gyres", "Rogue Waves", "Reading a Tide Table")


def test_tides_page_quiz():
    quiz = read_lesson(PAGES / "tides-lesson-02.txt").quiz
    assert quiz == (
        Question(
            prompt="Most coasts see two high tides in about _____.",
            answers=("24 hours and 50 minutes",),
            options=("24 hours and 50 minutes", "12 hours"),
            explanation="Earth turns under two bulges once a day, and the Moon's movement adds about 50 minutes.",
            line=47,
        ),
        Question(
            prompt="When the Sun and Moon line up they cause a _____ tide, and when they pull at right "
            "angles they cause a _____ tide.",
            answers=(
                "When the Sun and Moon line up they cause a spring tide, and when they pull at right "
                "angles they cause a neap tide.",
            ),
            explanation="Aligned pulls add up to a large range. Pulls at right angles partly cancel.",
            line=56,
        ),
        Question(
            prompt="Why is there a high tide on the side of Earth facing away from the Moon?",
            answers=("The Moon pulls the water on that side least, so it is left behind.",),
            options=(
                "The Sun pushes the water there.",
                "The Moon pulls the water on that side least, so it is left behind.",
                "Wind piles the water up at night.",
            ),
            explanation="The pull weakens with distance. Earth is pulled away from the far water, "
            "which forms the second bulge.",
            line=62,
        ),
    )
    assert [q.answer_index for q in quiz] == [0, None, 1]


def test_compost_page_structure():
    lesson = read_lesson(PAGES / "compost-lesson-03.txt")
    assert (lesson.number, lesson.title, lesson.subtitle) == (
        3,
        "Feeding the Heap",
        "What should go into a compost bin?",
    )
    assert [s.title for s in lesson.sections] == ["Greens and Browns", "Keeping It Warm", "Putting It Into Practice"]
    warm, practice = lesson.sections[1:]
    assert warm.blocks[1] == Paragraph(
        "Turning the heap every week or two lets air in — and air keeps the microbes busy.", 29
    )
    assert warm.blocks[2] == Caption("Heap Temperature Over Six Weeks", 31)
    assert practice.blocks == (
        BulletList(
            (
                "Add: mix each bucket of greens with dry browns.",
                "Turn: fork the heap over to let air in.",
                "Check: squeeze a handful; it should feel like a wrung-out sponge.",
            ),
            "Weekly Routine",
            35,
        ),
        Callout("Lumen lens", "Balance beats speed", 39),
    )
    assert [(q.prompt, q.options, q.answers) for q in lesson.quiz] == [
        ("Dry leaves and torn cardboard count as _____.", ("greens", "browns"), ("browns",)),
        (
            "A good heap has about three parts _____ to one part _____.",
            (),
            ("A good heap has about three parts browns to one part greens.",),
        ),
        (
            "What does turning the heap mainly do?",
            (
                "It lets air in so the microbes keep working.",
                "It cools the heap down to stop it working.",
                "It removes the greens.",
            ),
            ("It lets air in so the microbes keep working.",),
        ),
    ]
    assert lesson.quiz[1].explanation == (
        "Too many greens make a heap wet and smelly, so browns should be the larger share."
    )
    assert lesson.next_lessons == ("Bokashi Bins", "Using Finished Compost")


@pytest.mark.parametrize("name", ["tides-lesson-02.txt", "compost-lesson-03.txt"])
def test_no_chrome_or_mojibake_anywhere(name):
    text = all_text(read_lesson(PAGES / name))
    for chrome in (
        "Free sample lesson",
        "Lesson 2 of",
        "Lesson 3 of",
        "Overview:",
        "Explained",
        "This is lesson",
        "Next up",
        "Start this course",
        "Lumen turns",
        "Lumen makes",
        "Check yourself",
        "Keep going",
        "Answer:",
        "Â",
        "â€",
        "ย",
    ):
        assert chrome not in text, chrome


def test_repair_text_fixes_mojibake():
    assert repair_text("Free sample lesson ยท Course") == "Free sample lesson · Course"
    assert repair_text("the Moonâ€™s pull â€” a bulge") == "the Moon’s pull — a bulge"
    assert repair_text("“curly” quotes and Thai สวัสดี stay") == "“curly” quotes and Thai สวัสดี stay"
    assert repair_text("broken\ufffd char") == "broken char"


def write(tmp_path: Path, text: str, name: str = "page.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


MINIMAL = """Gears

How do gears trade speed for force?

Gears pass turning motion from one shaft to another.

Ratios

A small gear driving a large one turns the output slowly but with more force.

Check yourself

{quiz}
"""


def test_fill_in_one_blank_without_options(tmp_path):
    lesson = read_lesson(
        write(
            tmp_path,
            MINIMAL.format(
                quiz=(
                    "A small gear driving a large one gives more _____.\n\nAnswer: force\n\n"
                    "The output turns slower but harder."
                )
            ),
        )
    )
    assert lesson.number == 0 and lesson.id == "page"
    assert lesson.sections[0].blocks == (
        Paragraph("A small gear driving a large one turns the output slowly but with more force.", 9),
    )
    assert lesson.quiz == (
        Question(
            "A small gear driving a large one gives more _____.",
            ("force",),
            explanation="The output turns slower but harder.",
            line=13,
        ),
    )


def test_two_blank_answers_separated_by_semicolon(tmp_path):
    lesson = read_lesson(
        write(
            tmp_path,
            MINIMAL.format(quiz=("A _____ gear driving a _____ gear gives more force.\n\nAnswer: small; large")),
        )
    )
    assert lesson.quiz[0].answers == ("small", "large")


def test_answer_by_letter_and_loose_text(tmp_path):
    quiz = "Which gear turns slower?\n\n  • The small one\n  • The large one\n\nAnswer: b\n"
    assert read_lesson(write(tmp_path, MINIMAL.format(quiz=quiz))).quiz[0].answers == ("The large one",)
    quiz = "Which gear turns slower?\n\n  • The small one\n  • The large one\n\nAnswer: the LARGE one.\n"
    assert read_lesson(write(tmp_path, MINIMAL.format(quiz=quiz))).quiz[0].answers == ("The large one",)


def test_question_without_answer_points_at_question(tmp_path):
    quiz = (
        "Which gear turns slower?\n\n  • The small one\n  • The large one\n\n"
        "Why use gears at all?\n\nAnswer: To change speed and force.\n"
    )
    with pytest.raises(ContentError) as err:
        read_lesson(write(tmp_path, MINIMAL.format(quiz=quiz)))
    assert err.value.line == 13 and err.value.file.name == "page.txt"
    assert "no 'Answer:' line" in err.value.problem


def test_last_question_without_answer(tmp_path):
    with pytest.raises(ContentError) as err:
        read_lesson(write(tmp_path, MINIMAL.format(quiz="Why use gears at all?\n")))
    assert err.value.line == 13


def test_answer_not_among_options(tmp_path):
    quiz = "Which gear turns slower?\n\n  • The small one\n  • The large one\n\nAnswer: neither\n"
    with pytest.raises(ContentError) as err:
        read_lesson(write(tmp_path, MINIMAL.format(quiz=quiz)))
    assert err.value.line == 18 and "not one of the options" in err.value.problem


def test_empty_page(tmp_path):
    with pytest.raises(ContentError) as err:
        read_lesson(write(tmp_path, "  \n\n"))
    assert "empty" in err.value.problem


def test_unsupported_extension(tmp_path):
    with pytest.raises(ContentError, match="unsupported lesson file type"):
        read_lesson(write(tmp_path, "x", "lesson.docx"))


@pytest.mark.parametrize(
    "page",
    [
        "Planning a Garden\nLearn where to plant.\n\nMenu\nBeans like sun. Mint likes shade.\n",
        "Planning a Garden\nHow to start\nLearn where to plant.\n\nShare\nBeans like sun.\n\nHome > Garden > Beds\n",
        "Planning a Garden\nLearn where to plant.\nBeans like sun.\n",
        "Skip to main content\nPlanning a Garden\n\nLearn where to plant.\n\nTweet\nBeans like sun.\n",
        "Planning a Garden\n\nLearn where to plant. Beans like sun.\n\nAdvertisement\nMint likes shade.\n",
    ],
)
def test_a_page_without_headings_reads_each_sentence_once(tmp_path, page):
    """When no heading is left (none, or all dropped as page chrome), the text becomes the one
    section: it is not also read as the summary in the introduction."""
    from narrate.config import CourseConfig
    from narrate.text.script import build_script

    path = tmp_path / "garden.txt"
    path.write_text(page, encoding="utf-8")
    lesson = read_lesson(path)
    said = [cue.text for cue in build_script(lesson, CourseConfig(title="Gardens")).cues if hasattr(cue, "text")]
    for sentence in ("Learn where to plant.", "Beans like sun."):
        assert sum(sentence in text for text in said) == 1, said
