"""Long sentences: no utterance over MAX_UTTERANCE_WORDS words, cut at clause boundaries, words kept."""

from __future__ import annotations

import pytest

from narrate.config import CourseConfig
from narrate.model import Lesson, Paragraph, Pause, Question, Say, Section
from narrate.text.clauses import MAX_UTTERANCE_WORDS, boundary_strength, cut_points, split_utterance
from narrate.text.script import build_script


def _run_on(phrases: int) -> str:
    items = ["a red kite", "two grey herons", "the slow barge", "one bright lamp", "seven wet stones"]
    return "We saw " + ", ".join(items[i % len(items)] for i in range(phrases)) + "."


def _words(n: int, start: int = 0) -> str:
    return " ".join(f"w{i}" for i in range(start, start + n))


# (text, max words, expected utterances)
SPLITS = [
    # within the limit: unchanged, however it ends
    ("Short and sweet, as it is.", 40, ["Short and sweet, as it is."]),
    # the comma nearest an even share wins over a later or earlier one
    (
        "one two three four five, six seven eight nine ten, eleven twelve",
        6,
        ["one two three four five,", "six seven eight nine ten,", "eleven twelve"],
    ),
    # a semicolon beats a comma inside the same reach
    ("aa bb, cc dd; ee ff gg hh", 6, ["aa bb, cc dd;", "ee ff gg hh"]),
    # a sentence end beats a semicolon
    ("Is it so? Yes; it is, truly so", 5, ["Is it so?", "Yes; it is, truly so"]),
    # no punctuation: a cut before a conjunction, with a comma added for the engine's clause pause
    ("we ran to the hill and then we sat down", 6, ["we ran to the hill,", "and then we sat down"]),
    # no boundary at all: cut by word count into even parts, commas added
    (_words(10), 4, ["w0 w1 w2 w3,", "w4 w5 w6,", "w7 w8 w9"]),
    # an option's letter stays with its text: the cut falls on the comma before "C:"
    (
        "Is it A: one two three, B: four five six, C: seven eight nine",
        8,
        ["Is it A: one two three,", "B: four five six, C: seven eight nine"],
    ),
    # a dash word starts a clause
    ("first part here — second part there now", 5, ["first part here,", "— second part there now"]),
]


@pytest.mark.parametrize("text, limit, expected", SPLITS)
def test_split_utterance_cuts_at_the_strongest_boundary(text, limit, expected):
    parts = split_utterance(text, limit)
    assert parts == expected
    assert all(len(p.split()) <= limit for p in parts)
    # the words are kept, in order (a cut may add a comma to the word before it)
    assert [w.rstrip(",") for p in parts for w in p.split()] == [w.rstrip(",") for w in text.split()]


# sentence length in phrases → every utterance within the limit, the text exactly preserved
@pytest.mark.parametrize("phrases", [14, 15, 40, 333, 1000])
def test_a_comma_run_on_sentence_splits_at_commas_and_keeps_its_text(phrases):
    text = _run_on(phrases)
    parts = split_utterance(text)
    assert max(len(p.split()) for p in parts) <= MAX_UTTERANCE_WORDS
    assert " ".join(parts) == text  # every cut fell on a comma: nothing added, nothing lost
    assert all(p.endswith(",") for p in parts[:-1])
    if len(text.split()) > MAX_UTTERANCE_WORDS:
        # no tiny leftover: the parts are at least a third of the limit
        assert min(len(p.split()) for p in parts) >= MAX_UTTERANCE_WORDS // 3


@pytest.mark.parametrize(
    "word, following, strength",
    [
        ("end.", "Next", 4),
        ('said."', "Then", 4),
        ("first;", "then", 3),
        ("C:", "Test", 0),
        ("12:", "mix", 0),
        ("so;", "then", 3),
        ("note:", "the", 3),
        ("here", "—", 3),
        ("here", "-", 3),
        ("ls", "-a", 0),  # an option of the command before it, no dash between clauses
        ("sort", "--reverse", 0),
        ("to", "-3", 0),
        ("apples,", "pears", 2),
        ("(aside)", "more", 2),
        ("bread", "and", 1),
        ("cells", "which", 1),
        ("red", "kite", 0),
        ("last", None, 4),
    ],
)
def test_boundary_strength(word, following, strength):
    assert boundary_strength(word, following) == strength


def test_a_word_over_the_reach_is_a_chunk_of_its_own():
    assert cut_points(["a", "b", "c"], lambda i: i) == [1, 2]


def test_the_script_says_a_long_sentence_as_utterances_without_pauses_between():
    text = _run_on(100)
    lesson = Lesson(id="walk", title="Walk", sections=(Section("Birds", (Paragraph(text + " It rained."),)),))
    cues = build_script(lesson, CourseConfig(title="Walks")).cues
    start = next(i for i, c in enumerate(cues) if isinstance(c, Say) and c.text.startswith("We saw"))
    end = next(i for i, c in enumerate(cues) if isinstance(c, Say) and c.text == "It rained.")
    run = cues[start:end]
    assert all(isinstance(c, Say) for c in run[:-1]) and isinstance(run[-1], Pause) and run[-1].kind == "sentence"
    said = [c.text for c in run[:-1]]
    assert " ".join(said) == text
    assert max(len(t.split()) for t in said) <= MAX_UTTERANCE_WORDS


def test_a_long_quiz_question_is_split_before_its_options():
    options = tuple(f"The {c} option, which is long enough to matter here" for c in ("first", "second", "third"))
    q = Question("Which of these options is the one that the lesson described?", (options[1],), options)
    says = [
        c.text
        for c in build_script(Lesson(id="q", title="Q", quiz=(q,)), CourseConfig(title="C")).cues
        if isinstance(c, Say)
    ]
    i = says.index("Question one. Which of these options is the one that the lesson described?")
    assert says[i + 1].startswith("Is it option A: The first option")


_MILL = "The baker took the big bowl down from the shelf in the cold room at the back of the old mill by"
_GATE = "went in with the salt from the well behind the shop near the old gate on the hill above the village green."


# (the middle of a 50-odd word sentence with no clause boundary, where the utterances are cut): the cut
# nearest an even share (as it was: "four hundred, | grams", "Marie, | Curie", "400, | g") moves off
# what is read as one (narrate.text.clauses.keeps_together)
@pytest.mark.parametrize(
    "middle, cut",
    [
        ("the river four hundred grams of spelt flour", "the river four hundred grams, | of spelt flour"),
        ("Marie Curie", ", | Marie Curie"),
        ("the river near 400 g of spelt flour", "the river near, | 400 g of spelt flour"),
    ],
)
def test_an_utterance_is_never_cut_inside_what_is_read_as_one(middle, cut):
    parts = split_utterance(f"{_MILL} {middle} {_GATE}")
    assert " | ".join(parts) == f"{_MILL} {cut} {_GATE}".replace(" ,", ",")
