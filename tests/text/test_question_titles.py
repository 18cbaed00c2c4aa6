"""Chapters that say what they hold (issue 28, part 2) and option letters a listener hears (part 5):
a question's chapter title from its prompt or its author's ``title:``, in the lesson's language; the
audiobook's flat chapter titles; options read "option B: ..." in every catalogue language.

The built files (ffprobe on the MP3 and the audiobook) are tests/audio/test_chapter_titles.py; the
recogniser hearing the letters is tests/proof/test_option_letters.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.audio.m4b import book_chapter_title
from narrate.config import CourseConfig
from narrate.errors import ContentError
from narrate.model import TRUE_FALSE, Lesson, Question
from narrate.text.phrases import Phrases
from narrate.text.readers import read_lesson
from narrate.text.readers.export import lesson_to_dict
from narrate.text.script import QUESTION_TITLE_CHARS, build_script, question_chapter, question_title

TITLE_CASES = [
    # (what the question is, prompt, author's title, the title after "Question n: ")
    ("a short prompt, as written", "Which test shows gluten is developed?", "", "Which test shows gluten is developed?"),
    (
        "a long prompt: cut at a word, with no comma before the ellipsis",
        "Which of these tests, done by hand on a small piece of dough, shows that the gluten is developed?",
        "",
        "Which of these tests, done by hand on a small piece of…",
    ),
    ("the author's title wins, on one line", "Which test shows gluten is developed?", " Windowpane\n test ", "Windowpane test"),
    ("a blank as an ellipsis, its full stop with it", "Dough rises because yeast makes _____.", "", "Dough rises because yeast makes …"),
    ("span markup left out", "How do you say [thank you]{lang=es}?", "", "How do you say thank you?"),
    ("a code mark left out, with the colon before it", "What does this print:\ue000", "", "What does this print"),
    ("digits and units as written", "About how long does a 2,500 mAh cell last at 500 mA?", "", "About how long does a 2,500 mAh cell last at 500 mA?"),
    ("never cut at a hyphen", "Is a well-known, long-established, widely-used, hand-made sourdough-starter alive?", "",
     "Is a well-known, long-established, widely-used, hand-made…"),
    ("one word longer than the limit: cut inside it", "x" * 80, "", "x" * (QUESTION_TITLE_CHARS - 1) + "…"),
    ("nothing to title it with", "\ue000", "", ""),
]  # fmt: skip


@pytest.mark.parametrize(("name", "prompt", "title", "expected"), TITLE_CASES, ids=[c[0] for c in TITLE_CASES])
def test_question_title(name: str, prompt: str, title: str, expected: str):
    shown = question_title(Question(prompt, ("a",), title=title))
    assert shown == expected
    assert len(shown) <= QUESTION_TITLE_CHARS or title


CHAPTER_CASES = [
    # (language, prompt, chapter title): the chapter phrase of the lesson's language
    ("en", "Which test?", "Question 2: Which test?"),
    ("de", "Welcher Test?", "Frage 2: Welcher Test?"),
    ("fr", "Quel test ?", "Question 2 : Quel test ?"),
    ("es", "¿Qué prueba?", "Pregunta 2: ¿Qué prueba?"),
    ("sv", "Vilket test?", "Fråga 2: Vilket test?"),
    ("en", "\ue000", "Question 2"),  # nothing to title it with: the number alone
]


@pytest.mark.parametrize(("language", "prompt", "expected"), CHAPTER_CASES)
def test_question_chapter_in_the_lessons_language(language: str, prompt: str, expected: str):
    assert question_chapter(Phrases(language), 2, Question(prompt, ("a",))) == expected


def test_a_course_that_overrides_the_chapter_phrase_still_gets_the_title():
    phrases = Phrases("en", {"chapter.question": "Q{number}", "chapter.titled": "{chapter} — {title}"})
    assert question_chapter(phrases, 4, Question("Which test?", ("a",))) == "Q4 — Which test?"


def test_every_kind_of_question_gets_a_titled_chapter():
    quiz = (
        Question("Which test?", ("Float",), ("Float", "Pane")),
        Question("Yeast makes _____.", ("gas",)),
        Question("Bread needs salt.", ("\ue003",), TRUE_FALSE),
        Question("Knead a dough. Describe it.", ("Springy.",), open=True, title="Knead"),
    )
    script = build_script(Lesson(id="b", title="Bread", quiz=quiz), CourseConfig(title="Bread"))
    assert [c.title for c in script.chapters()] == [
        "Introduction",
        "Question 1: Which test?",
        "Question 2: Yeast makes …",
        "Question 3: Bread needs salt.",
        "Question 4: Knead",
    ]


def _yaml(tmp_path: Path, question: str) -> Path:
    path = tmp_path / "01-bread.yaml"
    path.write_text(f"title: Bread\nquiz:\n  - prompt: Which test?\n    answer: pane\n{question}", encoding="utf-8")
    return path


def test_a_yaml_question_takes_a_title_and_import_keeps_it(tmp_path: Path):
    lesson = read_lesson(_yaml(tmp_path, "    title: Windowpane test\n"))
    assert lesson.quiz[0].title == "Windowpane test"
    assert lesson_to_dict(lesson)["quiz"][0] == {"prompt": "Which test?", "title": "Windowpane test", "answer": "pane"}


@pytest.mark.parametrize(
    ("value", "message"),
    [("[a, b]", "'title' must be text, not a list"), ("{a: b}", "'title' must be text, not a mapping")],
)
def test_a_yaml_question_title_that_is_not_text_is_refused_at_its_line(tmp_path: Path, value: str, message: str):
    with pytest.raises(ContentError) as err:
        read_lesson(_yaml(tmp_path, f"    title: {value}\n"))
    assert err.value.line == 5 and message in str(err.value)


def test_a_misspelt_question_title_is_named(tmp_path: Path):
    with pytest.raises(ContentError) as err:
        read_lesson(_yaml(tmp_path, "    titel: Windowpane test\n"))
    assert str(err.value).endswith(":5: unknown key 'titel' in question (did you mean 'title'?)")


OPTION_CASES = [
    # language, "option" phrase for B, and the answer as said
    ("en", "option B: the pane test", "The answer is option B: the pane test."),
    ("de", "Option B: der Fenstertest", "Die richtige Antwort ist Option B: der Fenstertest."),
    ("es", "la opción B: la prueba", "La respuesta correcta es la opción B: la prueba."),
    ("fr", "l'option B : le test", "La bonne réponse est l'option B : le test."),
    ("it", "l'opzione B: la prova", "La risposta giusta è l'opzione B: la prova."),
    ("nl", "optie B: de test", "Het juiste antwoord is optie B: de test."),
    ("pt", "a opção B: o teste", "A resposta certa é a opção B: o teste."),
    ("sv", "alternativ B: testet", "Rätt svar är alternativ B: testet."),
]


@pytest.mark.parametrize(("language", "option", "answer"), OPTION_CASES)
def test_options_are_read_with_the_word_option_before_the_letter(language: str, option: str, answer: str):
    say = Phrases(language)
    text = option.split(": ", 1)[1] if ": " in option else option.split(" : ", 1)[1]
    assert say("option", letter="B", option=text) == option
    assert say("answer.choice", option=option) == answer


def test_audiobook_chapters_sit_under_their_lesson():
    assert book_chapter_title("Dough", 0, "Introduction") == "Dough"
    assert book_chapter_title("Dough", 3, "Question 1: Which test?") == "Dough - Question 1: Which test?"
