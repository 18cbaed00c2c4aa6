"""Script stage: chapters, quiz narration by ear, think pauses, nothing unpronounceable reaches the engine."""

from __future__ import annotations

import pytest

from narrate.config import CourseConfig, PauseConfig
from narrate.model import BulletList, Callout, Caption, Chapter, Lesson, Paragraph, Pause, Question, Say, Section
from narrate.text.script import build_review_script, build_script, render_script, think_pause_ms

CONFIG = CourseConfig(title="Kitchen Science")


def _lesson(**kw) -> Lesson:
    base = dict(id="heat", title="Heat and Water", number=2)
    base.update(kw)
    return Lesson(**base)


def _says(script) -> list[str]:
    return [c.text for c in script.cues if isinstance(c, Say)]


def test_intro_sections_quiz_and_next_chapters():
    lesson = _lesson(
        subtitle="Why does water boil?",
        sections=(Section("Boiling", (Paragraph("Water boils at 100 °C. Salt raises it a little."),)),),
        quiz=(Question("Is ice lighter than water?", ("Yes",), ("Yes", "No")),),
        next_lessons=("Freezing", "Steam"),
    )
    script = build_script(lesson, CONFIG)
    assert [c.title for c in script.chapters()] == [
        "Introduction",
        "Boiling",
        "Quiz",
        "Question 1: Is ice lighter than water?",
        "Next up",
    ]
    assert _says(script) == [
        "Kitchen Science.",
        "Lesson two: Heat and Water.",
        "Why does water boil?",
        "Boiling.",
        "Water boils at one hundred degrees Celsius.",
        "Salt raises it a little.",
        "Check yourself. One question.",
        "Question one. Is ice lighter than water? Is it option A: Yes, or option B: No?",
        "The answer is option A: Yes.",
        "Next up: Freezing, and Steam.",
    ]
    # the script never starts or ends with a pause, and no two pauses touch
    cues = script.cues
    assert isinstance(cues[0], Chapter) and isinstance(cues[-1], Say)
    assert not any(isinstance(a, Pause) and isinstance(b, Pause) for a, b in zip(cues, cues[1:]))


def test_multiple_choice_by_ear_with_symbols_and_no_giveaway():
    q = Question(
        "Which is true? 🤔",
        ("2^3 = 8 ✅",),
        ("2^3 = 6", "2^3 = 8 ✅", "x < 5 & y > 2"),
        explanation="Two times two times two is eight.",
    )
    script = build_script(_lesson(quiz=(q,)), CONFIG)
    says = _says(script)
    assert says[-4:-2] == [  # over 40 words: two utterances, cut before an option
        "Question one. Which is true? Is it option A: two to the power of three equals six,",
        "option B: two to the power of three equals eight, or option C: x is less than five and y is greater than two?",
    ]
    assert says[-2] == "The answer is option B: two to the power of three equals eight."
    assert says[-1] == "Two times two times two is eight."
    think = [c for c in script.cues if isinstance(c, Pause) and c.kind == "think"]
    assert [p.ms for p in think] == [5000]
    # the think pause sits between the question and the reveal
    i = script.cues.index(think[0])
    assert script.cues[i - 2].text.startswith("Question one.") and script.cues[i + 1].text.startswith("The answer")


def test_fill_in_the_blank_single_and_several_answers():
    q1 = Question("Water boils at ___ °C and freezes at ____ °C.", ("one hundred", "zero"))
    q2 = Question("Pure water boils at _____ degrees.", ("100",))
    says = _says(build_script(_lesson(quiz=(q1, q2)), CONFIG))
    assert "Question one. Water boils at blank degrees Celsius and freezes at blank degrees Celsius." in says
    assert "The answers are: one hundred, and zero." in says
    assert "Question two. Pure water boils at blank degrees." in says
    assert "The answer is: one hundred." in says


def test_completed_sentence_answer():
    q = Question(
        "In a kettle, _____ heats the water, and _____ carries the heat upward.",
        ("In a kettle, the element heats the water, and convection carries the heat upward.",),
    )
    says = _says(build_script(_lesson(quiz=(q,)), CONFIG))
    assert says[-1] == (
        "The complete sentence is: In a kettle, the element heats the water, and convection carries the heat upward."
    )


def test_unpronounceable_content_makes_no_cue_and_no_chapter():
    lesson = _lesson(
        sections=(
            Section("• • •", (Paragraph("• • •"), Paragraph("***"), Paragraph("—"))),
            Section("Real", (Paragraph("Something to say."),)),
        ),
        quiz=(Question("Is steam water?", ("Yes",), ("Yes", "No"), explanation=""),),
    )
    script = build_script(lesson, CONFIG)
    assert [c.title for c in script.chapters()] == ["Introduction", "Real", "Quiz", "Question 1: Is steam water?"]
    assert all(c.text.strip() for c in script.says())
    assert not any("Explanation" in t for t in _says(script))
    assert _says(script)[-1] == "The answer is option A: Yes."


def test_blocks_become_sentences():
    lesson = _lesson(
        sections=(
            Section(
                "Parts",
                (
                    BulletList(("Kettle", "Hob: the flat top"), title="Tools you need"),
                    Callout("Safety first", "Steam burns"),
                    Caption("Boiling point against height"),
                ),
            ),
        )
    )
    says = _says(build_script(lesson, CONFIG))
    assert says[-6:] == [
        "Tools you need.",
        "Kettle.",
        "Hob: the flat top.",
        "Safety first.",
        "Steam burns.",
        "Figure: Boiling point against height.",
    ]


def test_think_pause_base_per_option_per_word_and_overrides():
    pauses = PauseConfig(think_ms=4000, think_per_option_ms=500, think_per_word_ms=100)
    q = Question("One two three four", ("a",), ("a", "b", "c"))
    assert think_pause_ms(q, _lesson(), pauses) == 4000 + 3 * 500 + 4 * 100
    assert think_pause_ms(q, _lesson(think_pause_ms=7000), pauses) == 7000
    q_own = Question("One", ("a",), ("a", "b"), think_pause_ms=9000)
    assert think_pause_ms(q_own, _lesson(think_pause_ms=7000), pauses) == 9000


def test_lexicon_is_applied_to_spoken_text():
    lesson = _lesson(sections=(Section("Models", (Paragraph("A sparse MoE model."),)),))
    says = _says(build_script(lesson, CONFIG, {"MoE": "mixture of experts"}))
    assert "A sparse mixture of experts model." in says


def test_review_script_asks_every_question_in_order():
    a = _lesson(id="a", number=1, quiz=(Question("First?", ("Yes",), ("Yes", "No")),))
    b = _lesson(id="b", number=2, think_pause_ms=8000, quiz=(Question("Second ___?", ("two",)),))
    script = build_review_script([a, b], CONFIG)
    assert script.lesson.id == "review" and script.lesson.number == 3
    assert [c.title for c in script.chapters()] == ["Introduction", "Question 1: First?", "Question 2: Second …?"]
    thinks = [c.ms for c in script.cues if isinstance(c, Pause) and c.kind == "think"]
    assert thinks == [5000, 8000]
    assert "Question two. Second blank?" in _says(script)


def test_render_script_marks_chapters_and_pauses():
    lesson = _lesson(quiz=(Question("Hot?", ("Yes",), ("Yes", "No")),))
    text = render_script(build_script(lesson, CONFIG))
    assert text.startswith("# Lesson 2: Heat and Water\n\n## Introduction\nKitchen Science.\n")
    assert "    (think pause 5.00 s)\n[host] The answer is option A: Yes.\n" in text
    assert text.endswith("\n") and "•" not in text and "_" not in text


THINK_CASES = [
    # (question's think pause, lesson's think pause, course pauses) → think pause in ms (0: none)
    (0, None, PauseConfig(), 0),
    (0, 9000, PauseConfig(), 0),
    (None, 0, PauseConfig(), 0),
    (2500, 0, PauseConfig(), 2500),
    (None, None, PauseConfig(think_ms=0), 0),
    (None, None, PauseConfig(think_ms=3000, think_per_option_ms=500, think_per_word_ms=100), 3000 + 2 * 500 + 3 * 100),
    (None, 7000, PauseConfig(), 7000),
]


def test_think_pause_is_the_same_in_the_lesson_and_the_course_review():
    for question_ms, lesson_ms, pauses, expected in THINK_CASES:
        question = Question("Is steam hot?", ("Yes",), ("Yes", "No"), think_pause_ms=question_ms)
        lesson = _lesson(think_pause_ms=lesson_ms, quiz=(question,))
        config = CourseConfig(title="Kitchen Science", pauses=pauses)
        case = (question_ms, lesson_ms, pauses)
        for script in (build_script(lesson, config), build_review_script([lesson], config)):
            thinks = [c.ms for c in script.cues if isinstance(c, Pause) and c.kind == "think"]
            assert thinks == ([expected] if expected else []), (case, script.lesson.id)


# a prompt written without end punctuation gets one, so that it never runs into the options
PROMPT_ENDS = [
    ("en", "Which gas do plants take in", True, "Which gas do plants take in? Is it option A: "),
    ("en", "Is ice lighter than water", False, "Is ice lighter than water?"),
    ("en", "Pick the gas plants take in", True, "Pick the gas plants take in. Is it option A: "),
    ("en", "Name the gas plants take in:", True, "Name the gas plants take in: Is it option A: "),  # as written
    ("en", "Which is it? 🤔", True, "Which is it? Is it option A: "),  # its own mark, never a second one
    ("en", "Plants take in _____", False, "Plants take in blank."),
    ("de", "Welches Gas nehmen Pflanzen auf", True, "Welches Gas nehmen Pflanzen auf? Ist es Option A: "),
    ("de", "Wähle das Gas", True, "Wähle das Gas. Ist es Option A: "),
    ("es", "Qué gas absorben las plantas", True, "Qué gas absorben las plantas? ¿Es la opción A: "),
    ("es", "¿Qué gas absorben las plantas", True, "¿Qué gas absorben las plantas? ¿Es la opción A: "),
    ("es", "Elige el gas", True, "Elige el gas. ¿Es la opción A: "),
    ("fr", "Quel gaz les plantes absorbent-elles", True, "Quel gaz les plantes absorbent-elles? Est-ce l'option A : "),
    ("fr", "Les plantes absorbent-elles de l'azote", False, "Les plantes absorbent-elles de l'azote?"),
    ("fr", "Choisissez le gaz", True, "Choisissez le gaz. Est-ce l'option A : "),
    ("it", "Quale gas assorbono le piante", True, "Quale gas assorbono le piante? È l'opzione A: "),
    ("it", "Scegli il gas", True, "Scegli il gas. È l'opzione A: "),
    ("nl", "Welk gas nemen planten op", True, "Welk gas nemen planten op? Is het optie A: "),
    ("nl", "Kies het gas", True, "Kies het gas. Is het optie A: "),
    ("pt", "Qual gás as plantas absorvem", True, "Qual gás as plantas absorvem? É a opção A: "),
    ("pt", "Escolha o gás", True, "Escolha o gás. É a opção A: "),
    ("sv", "Vilken gas tar växter upp", True, "Vilken gas tar växter upp? Är det alternativ A: "),
    ("sv", "Välj gasen", True, "Välj gasen. Är det alternativ A: "),
]


@pytest.mark.parametrize(("language", "prompt", "choice", "said"), PROMPT_ENDS)
def test_a_prompt_without_end_punctuation_gets_one(language, prompt, choice, said):
    options = ("CO2", "N2") if choice else ()
    answers = ("CO2",) if choice else ("yes" if "_" not in prompt else "carbon dioxide",)
    lesson = _lesson(quiz=(Question(prompt, answers, options),), language=language)
    asked = next(s for s in _says(build_script(lesson, CONFIG)) if prompt.split()[0] in s)
    assert said in asked
