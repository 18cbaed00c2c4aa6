"""Transcripts show each sentence as the author wrote it, while the audio says its spoken form."""

from __future__ import annotations

import pytest

from narrate.config import CourseConfig, default_config
from narrate.model import TRUE_FALSE, CueTime, Lesson, Paragraph, Question, Say, Section
from narrate.publish.transcripts import caption_cues, to_srt, to_webvtt
from narrate.text.clauses import keeps_together, said_at, written_parts
from narrate.text.phrases import Phrases
from narrate.text.script import build_review_script, build_script


def _says(text: str, **config) -> list[Say]:
    lesson = Lesson(id="l", title="T", sections=(Section("S", (Paragraph(text, 1),), 1),))
    cues = build_script(lesson, default_config("C", **config) if config else default_config("C")).cues
    return [c for c in cues if isinstance(c, Say)][-1:]


@pytest.mark.parametrize(
    ("written", "spoken"),
    [
        ("Bake it for 2 1/2 hours.", "Bake it for two and a half hours."),
        ("Call 555-0142 today.", "Call five five five, zero one four two today."),
        ("It weighs 12 kg.", "It weighs twelve kilograms."),
        ("Photosystem II splits water.", "Photosystem two splits water."),
        ("The test is on 2024-03-15.", "The test is on March fifteenth, twenty twenty-four."),
        ("It costs $2.50.", "It costs two dollars and fifty cents."),
    ],
)
def test_a_sentence_is_heard_spoken_and_shown_as_written(written, spoken):
    (say,) = _says(written)
    assert (say.text, say.written) == (spoken, written)
    cue = CueTime("say", say.text, 1000, 4000, written=say.written)
    assert [" ".join(lines) for _, _, lines in caption_cues(cue)] == [written]
    assert written in to_webvtt([cue]) and spoken not in to_webvtt([cue]) and written in to_srt([cue])


@pytest.mark.parametrize("text", ["Plain words here.", "No numbers at all, just words."])
def test_a_sentence_said_as_written_keeps_no_second_copy(text):
    (say,) = _says(text)
    assert (say.text, say.written) == (text, "")


def test_written_captions_keep_the_limits_and_the_cue_times():
    written = "On 2024-03-15, " + ", ".join(f"{n} kg" for n in range(10, 30)) + " were weighed."
    cue = CueTime("say", "spoken form " * 40, 2000, 30000, words=((0, 2000), (7, 2500)), written=written)
    captions = caption_cues(cue)
    assert " ".join(w for _, _, lines in captions for w in " ".join(lines).split()) == written
    assert captions[0][0] == 2000 and captions[-1][1] == 30000
    assert all(end - start <= 7000 and len(lines) <= 2 and max(map(len, lines)) <= 42 for start, end, lines in captions)


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Say [¿Dónde está la estación?]{lang=es} 2 times.", "Say ¿Dónde está la estación? 2 times."),
        ("In Berlin say [Es kostet 3 Euro]{lang=de}.", "In Berlin say Es kostet 3 Euro."),
    ],
)
def test_a_sentence_with_a_phrase_in_another_language_is_shown_as_written(written, shown):
    (say,) = _says(written)
    assert say.written == shown and say.parts and "[" not in say.text


# ---------------------------------------------------------------- the quiz host's cues, as written

LEXICON = {"Spelt": "Speld"}  # a respelling for the engine: heard, never shown


def _choice(say: Phrases, prompt: str, options: tuple[str, ...], right: int) -> list[str]:
    """The host's question and answer cues of a multiple-choice question, framed by ``say``."""
    lettered = [say("option", letter="ABC"[n], option=option) for n, option in enumerate(options)]
    question = say("question.choice", number=1, prompt=prompt, choices=say.join(lettered, "or"))
    return [question, say("answer.choice", option=lettered[right])]


EN, DE, FR = Phrases("en"), Phrases("de"), Phrases("fr")

# (language, question, what each host cue shows): the lesson's digits, units, dates, money and names
HOST = [
    (
        "en",
        Question(
            "How much water goes into 500 g of Spelt flour",
            ("400 g",),
            ("200 g", "400 g", "4 kg"),
            explanation="That is 80% hydration: 400 ÷ 500 = 0.8.",
        ),
        [
            *_choice(EN, "How much water goes into 500 g of Spelt flour?", ("200 g", "400 g", "4 kg"), 1),
            "That is 80% hydration: 400 ÷ 500 = 0.8.",
        ],
    ),
    (
        "en",
        Question("Spelt dough rests for ___ at 24 °C.", ("2 h",)),
        [EN("question.open", number=1, prompt="Spelt dough rests for ___ at 24 °C."), EN("answer.one", answer="2 h")],
    ),
    (
        "en",
        Question("A loaf of Spelt bread cost $2.50 on 2024-03-15.", (TRUE_FALSE[0],), TRUE_FALSE),
        [
            EN("question.truefalse", number=1, prompt="A loaf of Spelt bread cost $2.50 on 2024-03-15."),
            EN("answer.one", answer=EN("option.true")),
        ],
    ),
    (
        "en",
        Question("Who baked 24 loaves on 15 March 2024?", ("Marie Curie, for $2.50 each",)),
        [
            EN("question.open", number=1, prompt="Who baked 24 loaves on 15 March 2024?"),
            EN("answer.sentence", answer="Marie Curie, for $2.50 each"),
        ],
    ),
    (
        "en",
        Question("Weigh 400 g of Spelt flour and 300 g of water.", ("Mix them for 5 min.",), open=True, topic="Dough"),
        [
            "Dough.",
            EN("question.exercise", number=1),
            "Weigh 400 g of Spelt flour and 300 g of water.",
            EN("answer.solution"),
            "Mix them for 5 min.",
        ],
    ),
    (
        "de",
        Question("Wie viel Wasser braucht man für 500 g Dinkelmehl am 15. März 2024?", ("400 g",), ("200 g", "400 g")),
        _choice(DE, "Wie viel Wasser braucht man für 500 g Dinkelmehl am 15. März 2024?", ("200 g", "400 g"), 1),
    ),
    (
        "fr",
        Question("Combien d'eau faut-il pour 500 g de farine ?", ("400 g",), ("200 g", "400 g")),
        _choice(FR, "Combien d'eau faut-il pour 500 g de farine ?", ("200 g", "400 g"), 1),
    ),
]


@pytest.mark.parametrize(("language", "question", "shown"), HOST)
def test_the_quiz_host_is_shown_as_the_lesson_wrote_it(language, question, shown):
    lesson = Lesson(id="l", title="T", quiz=(question,))
    phrases = {"en": EN, "de": DE, "fr": FR}[language]
    script = build_script(lesson, CourseConfig(title="C", language=language), LEXICON)
    host = [c for c in script.cues if isinstance(c, Say) and c.role == "host"]
    assert [c.written or c.text for c in host] == [phrases("quiz.intro", count=1), *shown]
    said = " ".join(c.text for c in host)
    assert not any(ch.isdigit() for ch in said)  # heard in words ...
    assert "Speld" not in " ".join(shown) and ("Speld" in said) == ("Spelt" in question.prompt)  # ... respelt
    times = [CueTime("say", c.text, 1000 * n, 1000 * n + 900, "host", written=c.written) for n, c in enumerate(host)]
    captions = [" ".join(lines) for _, _, lines in (c for t in times for c in caption_cues(t))]
    assert " ".join(captions) == " ".join([phrases("quiz.intro", count=1), *shown])


def test_the_review_episode_shows_every_question_as_written():
    lessons = [
        Lesson(id="a", title="A", number=1, quiz=(Question("Who baked 24 loaves?", ("Marie Curie",)),)),
        Lesson(id="b", title="B", number=2, quiz=(Question("How much Spelt flour?", ("500 g",), ("50 g", "500 g")),)),
    ]
    script = build_review_script(lessons, CourseConfig(title="C"), LEXICON)
    assert script is not None
    shown = [c.written or c.text for c in script.says() if any(ch.isdigit() for ch in c.written)]
    assert shown == [
        EN("question.open", number=1, prompt="Who baked 24 loaves?"),
        _choice(EN, "How much Spelt flour?", ("50 g", "500 g"), 1)[0].replace("Question one", "Question two"),
        _choice(EN, "How much Spelt flour?", ("50 g", "500 g"), 1)[1],
    ]


SPOKEN = "It weighs four hundred grams, then three kilograms."
EVENTS = ((0, 0), (3, 300), (10, 800), (15, 1500), (23, 2600), (30, 5000), (35, 5600), (41, 6500))


@pytest.mark.parametrize(
    ("words", "cut_ms"),
    [
        (EVENTS, 5000),  # when the engine starts "then"
        ((), 5294),  # no word events: in proportion to the spoken characters before "then" (30 of 51)
    ],
)
def test_a_written_caption_is_cut_when_the_spoken_word_starts(words, cut_ms):
    cue = CueTime("say", SPOKEN, 0, 9000, words=words, written="It weighs 400 g, then 3 kg.")
    assert caption_cues(cue) == [(0, cut_ms, ["It weighs 400 g,"]), (cut_ms, 9000, ["then 3 kg."])]


# (written words, spoken words, the spoken word each written one starts at)
SAID_AT = [
    ("It weighs 12 kg.", "It weighs twelve kilograms.", [0, 1, 2, 3]),
    ("made with 400 g", "made with four hundred grams", [0, 1, 2, 3]),
    ("A (quiet) aside", "A aside", [0, 1, 1]),
    ("Spelt flour", "Speld flour", [0, 1]),
    ("Am 15. März", "Am fünfzehnten März", [0, 1, 2]),
]


@pytest.mark.parametrize(("shown", "said", "at"), SAID_AT)
def test_said_at(shown, said, at):
    assert said_at(shown.split(), said.split()) == at


# ---------------------------------------------------------------- a sentence said as several utterances

LONG = (
    "In 2024 the bakery on Main Street used 400 g of flour, 300 g of water, 8 g of salt and 2 g of yeast per "
    "loaf, then baked 24 loaves a day for 6 days a week, selling each for $2.50, which Marie Curie, who lived "
    "nearby, said was the best bread in town by far."
)


def test_a_long_sentence_shows_each_utterance_as_written():
    says = [c for c in build_script(_lesson(LONG), CourseConfig(title="C")).cues if isinstance(c, Say)][-2:]
    assert [c.written for c in says] == [
        "In 2024 the bakery on Main Street used 400 g of flour, 300 g of water, 8 g of salt and 2 g of yeast per loaf,",
        "then baked 24 loaves a day for 6 days a week, selling each for $2.50, which Marie Curie, who lived nearby, "
        "said was the best bread in town by far.",
    ]
    assert says[0].text.startswith("In twenty twenty-four the bakery") and says[1].text.startswith("then baked twenty")


def test_a_phrase_to_repeat_shows_the_rest_of_its_sentence_as_written():
    says = [c for c in build_script(_lesson("Say [hola]{lang=es repeat} 2 times."), CourseConfig(title="C")).says()]
    assert [(c.text, c.written) for c in says[-2:]] == [("Say hola", ""), ("two times.", "2 times.")]


# (written, the utterances it is said as, the written form of each)
PARTS = [
    (
        "It weighs 12 kg, then 3 kg.",
        ["It weighs twelve kilograms,", "then three kilograms."],
        ["It weighs 12 kg,", "then 3 kg."],
    ),
    (
        "Am 15. März 2024 backte sie 24 Brote, dann ging sie.",
        ["Am fünfzehnten März zweitausendvierundzwanzig backte sie vierundzwanzig Brote,", "dann ging sie."],
        ["Am 15. März 2024 backte sie 24 Brote,", "dann ging sie."],
    ),
    ("A (quiet) aside, then more.", ["A aside,", "then more."], ["A (quiet) aside,", "then more."]),
    ("One two three.", ["One two three."], ["One two three."]),
    ("Nothing in common here.", ["Completely", "different words."], ["Nothing", "in common here."]),  # in proportion
    ("Two words.", ["One", "two", "three."], None),  # a part would be empty
]


@pytest.mark.parametrize(("written", "parts", "shown"), PARTS)
def test_written_parts(written, parts, shown):
    assert written_parts(written, parts) == shown


def _lesson(text: str) -> Lesson:
    return Lesson(id="l", title="T", sections=(Section("S", (Paragraph(text, 1),), 1),))


# ---------------------------------------------------------------- a real build's captions

COURSE = {
    "course.yaml": (
        "title: Bread Basics\nbase_url: https://example.org/bread/\nlanguage: en-us\n"
        "voice:\n  engine: pyttsx3\nlexicon:\n  Spelt: Speld\n"
    ),
    "lessons/01-dough.md": (
        "# Dough\n\n## Flour\n\nEach loaf is made with 400 g of Spelt flour; Marie Curie baked 24 loaves.\n\n"
        "## Check yourself\n\n### How much water goes into 500 g of Spelt flour at 80% hydration?\n\n"
        "- [ ] 200 g\n- [x] 400 g\n- [ ] 4 kg\n\n"
        "### Who baked 24 loaves on 15 March 2024?\n\nAnswer: Marie Curie, for $2.50 each.\n"
    ),
}


def _vtt_cues(vtt: str) -> list[list[str]]:
    """The text lines of each cue of a WebVTT file."""
    return [block.split("\n")[2:] for block in vtt.strip("\n").split("\n\n")[1:]]


@pytest.mark.e2e
def test_a_built_course_captions_the_quiz_host_as_written(tmp_path):
    from narrate import BuildOptions
    from narrate.pipeline import build

    course = tmp_path / "course"
    for rel, text in COURSE.items():
        (course / rel).parent.mkdir(parents=True, exist_ok=True)
        (course / rel).write_text(text, encoding="utf-8")
    result = build(course, tmp_path / "out", BuildOptions(jobs=1))
    (episode,) = result.episodes
    cues = _vtt_cues((tmp_path / "out" / episode.files["vtt"]).read_text(encoding="utf-8"))
    text = " ".join(" ".join(lines) for lines in cues)
    for written in (
        "Each loaf is made with 400 g of Spelt flour; Marie Curie baked 24 loaves.",
        "How much water goes into 500 g of Spelt flour at 80% hydration?",
        EN("answer.choice", option=EN("option", letter="B", option="400 g")),
        "Who baked 24 loaves on 15 March 2024?",
        EN("answer.sentence", answer="Marie Curie, for $2.50 each"),
    ):
        assert written in text
    for spoken in ("Speld", "grams", "four hundred", "twenty-four", "dollars", "fifteenth"):
        assert spoken not in text
    host = [c for c in episode.cue_times if c.role == "host" and c.kind == "say"]
    assert len(host) == 5 and all(c.written for c in host[1:])  # "Check yourself. Two questions." is framing
    words = [line.split() for lines in cues for line in lines]  # no line or cue ends inside what is read as one
    for line, following in zip(words, words[1:]):
        assert not keeps_together([line[-1], following[0]], 1), (line, following)
