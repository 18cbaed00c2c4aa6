"""Courses in other languages: framing phrases from the gettext catalogues, golden scripts per
catalogue language, lesson and course languages, detection, voices by language.

Refresh the golden scripts after an intended change:
NARRATE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/text/test_languages.py
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import helpers
import pytest
from babel.messages.pofile import read_po

from narrate.config import load_config
from narrate.errors import ConfigError, EngineError
from narrate.pipeline import lesson_script_text, load
from narrate.text.phrases import Phrases, catalogue_languages, catalogue_path, keys, number_words

ROOT = Path(__file__).resolve().parents[2]
LESSONS = Path(__file__).parent.parent / "fixtures" / "languages"
GOLDEN = Path(__file__).parent.parent / "fixtures" / "golden" / "languages"
CATALOGUE_LANGUAGES = ["de", "en", "es", "fr", "it", "nl", "pt", "sv"]
PLACEHOLDER = re.compile(r"\{(\w+)(?::[^}]*)?\}")


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "narrate", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


def test_every_catalogue_language_has_a_catalogue():
    assert catalogue_languages() == CATALOGUE_LANGUAGES


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_catalogue_is_complete_and_well_formed(language: str):
    with catalogue_path(language).open("rb") as f:
        catalogue = read_po(f, locale=language)
    english = keys()
    found = {m.context: m for m in catalogue if m.id}
    assert set(found) == set(english), f"{language}: keys differ from the English catalogue"
    for key, message in found.items():
        assert not message.fuzzy, (language, key)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{language}: '{key}' is not translated"
        if isinstance(message.id, tuple):
            assert len(forms) == catalogue.num_plurals, (language, key)
        wanted = set(PLACEHOLDER.findall(english[key][1] or english[key][0])) - {"count"}
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) - {"count"} == wanted, (language, key, form)
        assert not list(message.check(catalogue)), (language, key)


PHRASES = [
    # language, key, values, expected
    ("en", "quiz.intro", {"count": 1}, "Check yourself. One question."),
    ("en", "quiz.intro", {"count": 3}, "Check yourself. Three questions."),
    ("de", "quiz.intro", {"count": 1}, "Teste dein Wissen. Eine Frage."),
    ("de", "quiz.intro", {"count": 21}, "Teste dein Wissen. Einundzwanzig Fragen."),
    ("fr", "quiz.intro", {"count": 21}, "Testez vos connaissances. Vingt et une questions."),
    ("es", "quiz.intro", {"count": 21}, "Ponte a prueba. Veintiuna preguntas."),
    ("es", "quiz.intro", {"count": 200}, "Ponte a prueba. Doscientas preguntas."),
    ("pt", "quiz.intro", {"count": 2}, "Teste os seus conhecimentos. Duas perguntas."),
    ("pt", "quiz.intro", {"count": 0}, "Teste os seus conhecimentos. Uma pergunta."),  # pt: 0 takes the singular form
    ("it", "quiz.intro", {"count": 1}, "Mettiti alla prova. Una domanda."),
    ("nl", "quiz.intro", {"count": 1}, "Test jezelf. Eén vraag."),
    ("sv", "quiz.intro", {"count": 1}, "Testa dig själv. En fråga."),
    ("sv", "quiz.intro", {"count": 3}, "Testa dig själv. Tre frågor."),
    ("de", "lesson.heading", {"number": 3, "title": "Brot."}, "Lektion drei: Brot."),
    ("fr", "lesson.heading", {"number": 1, "title": "Pain."}, "Leçon un : Pain."),
    ("nl", "chapter.question", {"number": 2}, "Vraag 2"),
    ("sv", "notes.quiz", {"count": 1}, "Quiz: 1 fråga"),
    ("sv", "notes.quiz", {"count": 2}, "Quiz: 2 frågor"),
    ("it", "preview.chapter_count", {"count": 3}, "3 capitoli"),
]


@pytest.mark.parametrize(("language", "key", "values", "expected"), PHRASES)
def test_phrase(language: str, key: str, values: dict, expected: str):
    assert Phrases(language)(key, **values) == expected


@pytest.mark.parametrize(
    ("language", "items", "conjunction", "expected"),
    [
        ("en", ["A: x", "B: y", "C: z"], "or", "A: x, B: y, or C: z"),
        ("en", ["A: x", "B: y"], "or", "A: x, or B: y"),
        ("de", ["A: x", "B: y", "C: z"], "or", "A: x, B: y oder C: z"),
        ("es", ["a", "b"], "and", "a y b"),
        ("sv", ["a", "b", "c"], "and", "a, b och c"),
        ("fr", ["a"], "or", "a"),
    ],
)
def test_join(language: str, items: list[str], conjunction: str, expected: str):
    assert Phrases(language).join(items, conjunction) == expected


@pytest.mark.parametrize(
    ("n", "language", "feminine", "expected"),
    [
        (1, "fr", True, "une"),
        (21, "fr", True, "vingt et une"),
        (2, "pt", True, "duas"),
        (1, "sv", True, "en"),
        (1, "de", False, "eins"),
        (7, "xx", False, "7"),
    ],
)
def test_number_words(n: int, language: str, feminine: bool, expected: str):
    assert number_words(n, language, feminine) == expected


SOURCES = sorted(LESSONS.glob("*.yaml"))


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_script_matches_golden(source: Path):
    text = lesson_script_text(source)
    helpers.assert_matches_golden(text, GOLDEN / f"{source.stem}.script.txt")


def test_every_catalogue_language_has_a_golden_lesson():
    assert sorted(p.stem for p in SOURCES) == CATALOGUE_LANGUAGES


def _course(
    tmp_path: Path, course_yaml: str, lesson_yaml: str = "title: Eins\nsections: [{title: A, body: [Hallo.]}]\n"
):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "course.yaml").write_text(course_yaml, encoding="utf-8")
    (tmp_path / "lessons" / "01-a.yaml").write_text(lesson_yaml, encoding="utf-8")
    return tmp_path


def test_language_without_catalogue_is_an_error_at_its_line(tmp_path: Path):
    course = _course(tmp_path, "title: Kurs\nauthor: X\nlanguage: da\n")
    with pytest.raises(ConfigError) as err:
        load(course)
    assert err.value.line == 3
    assert "no framing phrases for language 'da'" in str(err.value)
    assert "chapter.*" in str(err.value) and "phrases: en" in str(err.value)  # the keys by group, not 127 names
    assert len(str(err.value)) < 600


def test_phrases_en_asks_for_english_framing(tmp_path: Path):
    course = _course(tmp_path, "title: Kurs\nlanguage: da\nphrases: en\n")
    loaded = load(course)
    text = lesson_script_text(course / "lessons" / "01-a.yaml")
    assert loaded.config.framing == "en"
    assert "## Introduction" in text


def test_phrases_override_any_phrase(tmp_path: Path):
    course = _course(
        tmp_path,
        "title: Kurs\nlanguage: de\nphrases:\n  chapter.introduction: Vorweg\n"
        "  quiz.intro: [Los geht's. Eine Frage., 'Los geht''s. {count:Words} Fragen.']\n",
        "title: Eins\nsections: [{title: A, body: [Hallo.]}]\n"
        "quiz: [{prompt: Ja?, options: [Ja, Nein], answer: Ja}, {prompt: Nein?, options: [Ja, Nein], answer: Nein}]\n",
    )
    text = lesson_script_text(course / "lessons" / "01-a.yaml")
    assert "## Vorweg" in text
    assert "[host] Los geht's. Zwei Fragen." in text
    assert "## Frage 1" in text  # the catalogue for the rest


def test_unknown_phrase_key_is_an_error(tmp_path: Path):
    course = _course(tmp_path, "title: Kurs\nlanguage: de\nphrases:\n  chapter.opening: Vorweg\n")
    with pytest.raises(ConfigError, match="unknown phrase key 'chapter.opening'"):
        load(course)


def test_a_lesson_may_have_its_own_language(tmp_path: Path):
    course = _course(
        tmp_path, "title: Course\nlanguage: en\n", "title: Eins\nlanguage: de\nsections: [{title: A, body: [Hallo.]}]\n"
    )
    text = lesson_script_text(course / "lessons" / "01-a.yaml")
    assert "## Einführung" in text and "Lektion eins: Eins." in text
    assert load_config(course / "course.yaml").language == "en"


@pytest.mark.e2e  # a real narrate process: left out by scripts/test.sh --fast
def test_unknown_language_code_is_refused(tmp_path: Path):
    course = _course(tmp_path, "title: Kurs\nlanguage: deutsch\n")
    result = run_cli("script", str(course / "lessons" / "01-a.yaml"))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: {course / 'course.yaml'}:2: language must be an ISO 639 code such as 'en' or 'en-us', not 'deutsch'"
    ]


@pytest.mark.e2e  # real narrate processes: left out by scripts/test.sh --fast
def test_single_file_language_is_detected_and_printed(tmp_path: Path):
    page = tmp_path / "brot.md"
    page.write_text(
        "# Brot backen\n\n## Der Teig\n\nMan braucht Mehl, Wasser und Salz. Der Teig muss lange ruhen, "
        "damit das Brot locker wird und gut schmeckt.\n",
        encoding="utf-8",
    )
    result = run_cli("script", str(page))
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "language: de (detected)"
    assert "## Einführung" in result.stdout and "Lektion eins: Brot backen." in result.stdout
    given = run_cli("script", "--language", "nl", str(page))
    assert given.stderr == "" and "## Inleiding" in given.stdout


def test_default_voice_follows_the_language():
    from narrate.speech.engines import get_engine

    engine = get_engine("pyttsx3")
    expected = {
        "de": "gmw/de",
        "fr": "roa/fr",
        "es": "roa/es",
        "it": "roa/it",
        "pt": "roa/pt",
        "nl": "gmw/nl",
        "sv": "gmq/sv",
        "ar": "sem/ar",
        "he": "sem/he",
        "fa": "ira/fa",
        "en-us": "gmw/en-us",
        "pt-br": "roa/pt-br",
    }
    assert {lang: engine.default_voice(lang) for lang in expected} == expected


def test_language_the_engine_cannot_speak_names_voices_that_would():
    from narrate.speech.engines import get_engine

    with pytest.raises(EngineError, match=r"no voice for language 'tlh'; voices that would work: .*de \(gmw/de\)"):
        get_engine("pyttsx3").default_voice("tlh")


PAGES = Path(__file__).parent.parent / "fixtures" / "pages_languages"


@pytest.mark.parametrize(
    ("page", "language", "expected"),
    [
        (
            "de-sauerteig.txt",
            "de",
            [
                "# Lektion 2: Sauerteig ansetzen",
                "## Quiz",
                "[host] Teste dein Wissen. Eine Frage.",
                "[host] Frage eins. Wie lange braucht ein Sauerteig? Ist es Option A: ein Tag oder Option B: fünf Tage?",
                "[host] Die richtige Antwort ist Option B: fünf Tage.",
                "[host] Die Hefen brauchen Zeit.",
                "Am dritten Tag riecht er säuerlich.",
            ],
        ),
        (
            "fr-levain.txt",
            "fr",
            [
                "# Leçon 1 : Le levain",
                "[host] Testez vos connaissances. Une question.",
                "[host] La bonne réponse est l'option B : cinq jours.",
                "Le premier jour, il ne se passe presque rien.",
            ],
        ),
    ],
)
def test_page_reader_knows_quiz_markers_and_chrome_in_the_page_language(page: str, language: str, expected: list[str]):
    from narrate.text.readers import read_lesson

    detected: list[str] = []
    text = lesson_script_text(PAGES / page, detected=detected)
    assert detected == [language]
    lines = text.splitlines()
    for line in expected:
        assert line in lines, line
    for chrome in ("Zum Inhalt", "Anmelden", "Lesezeit", "Teilen", "Antwort:", "Réponse", "Erklärung"):
        assert chrome not in text
    assert read_lesson(PAGES / page).next_lessons  # "Als Nächstes" / "À suivre" found


@pytest.mark.e2e  # a real narrate process per case: left out by scripts/test.sh --fast
@pytest.mark.parametrize(
    ("lesson", "message"),
    [
        (
            "title: Eins\nlanguage: deutsch\nsections: [{title: A, body: [Hallo.]}]\n",
            "2: 'language' must be an ISO 639 code",
        ),
        (
            "title: Eins\nlanguage: da\nsections: [{title: A, body: [Hej.]}]\n",
            "2: no framing phrases for language 'da'",
        ),
    ],
)
def test_bad_lesson_language_is_one_error_line_and_nothing_is_written(tmp_path: Path, lesson: str, message: str):
    (tmp_path / "course").mkdir()
    course = _course(tmp_path / "course", "title: Kurs\nlanguage: de\n", lesson)
    out = tmp_path / "out"
    result = run_cli("build", str(course), "-o", str(out), "-q")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {course / 'lessons' / '01-a.yaml'}:"), lines
    assert message in lines[0]
    assert not out.exists()


@pytest.mark.e2e  # a real narrate process: left out by scripts/test.sh --fast
def test_detected_language_without_catalogue_gets_english_framing_and_its_own_voice(tmp_path: Path):
    page = tmp_path / "brod.md"
    page.write_text(
        "# Brød\n\n## Dejen\n\nMan skal bruge mel, vand og salt. Dejen skal hvile længe, så brødet bliver luftigt "
        "og smager godt.\n",
        encoding="utf-8",
    )
    result = run_cli("script", str(page))
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "language: da (detected)"
    assert "## Introduction" in result.stdout and "Man skal bruge mel, vand og salt." in result.stdout


def test_detected_english_keeps_the_default_en_us(tmp_path: Path):
    page = tmp_path / "bread.md"
    page.write_text("# Bread\n\n## Dough\n\nYou need flour, water and salt. The dough rests for a long time.\n")
    loaded = load(page)
    assert loaded.detected == "en" and loaded.config.language == "en-us"


def test_review_speaks_each_lesson_s_questions_with_its_own_language(tmp_path: Path):
    from narrate.model import Say
    from narrate.text.script import build_review_script

    course = _course(
        tmp_path,
        "title: Course\nlanguage: en\n",
        "title: Eins\nlanguage: de\nsections: [{title: A, body: [Hallo.]}]\n"
        "quiz: [{prompt: Wie viel sind 2 + 1?, options: ['3', '4'], answer: '3'}]\n",
    )
    loaded = load(course)
    review = build_review_script(loaded.lessons, loaded.config)
    assert review is not None
    question = next(c for c in review.cues if isinstance(c, Say) and c.text.startswith("Question one"))
    assert question.text == "Question one. Wie viel sind zwei plus eins? Is it option A: drei, or option B: vier?"
    assert ("de", "Wie viel sind zwei plus eins?") in question.parts and ("de", "drei") in question.parts


def test_phrases_fallback_gives_the_phrases_a_course_leaves_out(tmp_path: Path):
    course = _course(
        tmp_path, "title: Kurs\nlanguage: da\nphrases:\n  fallback: en\n  chapter.introduction: Indledning\n"
    )
    loaded = load(course)
    assert loaded.config.framing == "en" and loaded.config.phrases == {"chapter.introduction": "Indledning"}
    text = lesson_script_text(course / "lessons" / "01-a.yaml")
    assert "## Indledning" in text and "Lesson one: Eins." in text


@pytest.mark.parametrize(
    ("language", "scheduled", "draft", "intro"),
    [
        ("en", "Scheduled for 2026-12-07", "Draft: not in the feed", "Intro"),
        ("de", "Geplant für 2026-12-07", "Entwurf: nicht im Feed", "Intro"),
        ("fr", "Prévu pour le 2026-12-07", "Brouillon : absent du flux", "Générique"),
        ("es", "Programado para el 2026-12-07", "Borrador: no está en el feed", "Intro"),
        ("it", "Programmato per il 2026-12-07", "Bozza: non è nel feed", "Sigla"),
        ("pt-br", "Agendado para 2026-12-07", "Rascunho: fora do feed", "Vinheta"),
        ("nl", "Gepland voor 2026-12-07", "Concept: niet in de feed", "Intro"),
        ("sv", "Schemalagd till 2026-12-07", "Utkast: inte i flödet", "Intro"),
    ],
)
def test_course_page_labels_and_the_intro_chapter_come_from_the_catalogue(language, scheduled, draft, intro):
    said = Phrases(language)
    assert (said("status.scheduled", date="2026-12-07"), said("status.draft"), said("chapter.intro")) == (
        scheduled,
        draft,
        intro,
    )
    course = Phrases(language, {"status.draft": "Not yet", "chapter.intro": "Opening"})  # a course's own words
    assert (course("status.draft"), course("chapter.intro")) == ("Not yet", "Opening")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("How many legs does a spider have? Eight, or six?", "en"),
        ("Wie viele Beine hat eine Spinne? Acht oder sechs?", "de"),
        ("Combien de pattes a une araignée ? Huit ou six ?", "fr"),
        ("¿Cuántas patas tiene una araña? ¿Ocho o seis?", "es"),
        ("Hoeveel poten heeft een spin? Acht of zes?", "nl"),
        ("Hur många ben har en spindel? Åtta eller sex?", "sv"),
        # a few words that fit several languages: no guess (the default language stays)
        ("Which symbol? open equals tilde hash", None),
        ("Which symbol? x sign", None),
        ("Alpha beta gamma", None),
        ("42 + 7 = 49", None),
    ],
)
def test_language_is_detected_only_when_the_text_says_so(text: str, expected: str | None):
    from narrate.text.detect import detect_language

    assert detect_language(text) == expected
