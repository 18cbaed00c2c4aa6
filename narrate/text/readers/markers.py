"""Words that mark the parts of a lesson page, in every catalogue language (en de fr es it pt nl sv).

Readers build their patterns from these tables: a quiz heading ("Check yourself", "Teste dein
Wissen", "Testez vos connaissances", ...), an answer line ("Answer:", "Antwort:", "Réponse :",
"Svar:"), the "next" heading ("Next up", "Als Nächstes", "À suivre", ...) and the "Lesson N of"
line. A language joins by adding its words to each table.
"""

from __future__ import annotations

import re

QUIZ_HEADINGS: dict[str, tuple[str, ...]] = {
    "en": ("check yourself", "test yourself", "quiz", r"self[- ]check", "knowledge check", "practice( questions)?",
           "review questions", "questions"),
    "de": ("teste dein wissen", "teste dich", "testen sie ihr wissen", "selbsttest", "wissenscheck", "übungsfragen",
           "fragen", "übung(en)?"),
    "fr": ("testez vos connaissances", "teste tes connaissances", "auto-?évaluation", "questions", "exercices?"),
    "es": ("ponte a prueba", "pon a prueba", "autoevaluación", "cuestionario", "preguntas", "ejercicios?"),
    "it": ("mettiti alla prova", "verifica", "autovalutazione", "domande", "esercizi"),
    "pt": ("teste os seus conhecimentos", "teste seus conhecimentos", "autoavaliação", "questionário", "perguntas",
           "exercícios"),
    "nl": ("test jezelf", "test je kennis", "zelftest", "vragen", "oefen(vragen|ingen)"),
    "sv": ("testa dig själv", "testa dina kunskaper", "självtest", "frågor", "övningar"),
}  # fmt: skip

NEXT_HEADINGS: dict[str, tuple[str, ...]] = {
    "en": ("keep going", "what'?s next", "next up", "up next", "continue learning", "next lessons?", "coming up"),
    "de": ("als nächstes", "weiter geht'?s", "nächste lektion(en)?", "demnächst"),
    "fr": ("à suivre", "leçons? suivantes?", "prochaines? leçons?", "la suite"),
    "es": ("a continuación", "siguientes? lecci(ón|ones)", "próximas? lecci(ón|ones)"),
    "it": ("prossimamente", "prossim[ae] lezion[ei]", "lezion[ei] successiv[ae]"),
    "pt": ("a seguir", "próximas? liç(ão|ões)", "liç(ão|ões) seguintes?"),
    "nl": ("hierna", "volgende les(sen)?", "verder"),
    "sv": ("härnäst", "nästa lektion(er)?", "fortsätt"),
}

ANSWER_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("(correct )?answer",),
    "de": ("(richtige )?antwort", "lösung"),
    "fr": ("(bonne )?réponse", "solution"),
    "es": ("respuesta( correcta)?", "solución"),
    "it": ("risposta( corretta| giusta)?", "soluzione"),
    "pt": ("resposta( certa| correta)?", "solução"),
    "nl": ("(juiste )?antwoord", "oplossing"),
    "sv": ("(rätt )?svar(et)?", "lösning"),
}

EXPLANATION_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("explanation",),
    "de": ("erklärung", "begründung"),
    "fr": ("explication",),
    "es": ("explicación",),
    "it": ("spiegazione",),
    "pt": ("explicação",),
    "nl": ("uitleg",),
    "sv": ("förklaring",),
}

QUESTION_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("question",),
    "de": ("frage",),
    "fr": ("question",),
    "es": ("pregunta",),
    "it": ("domanda",),
    "pt": ("pergunta",),
    "nl": ("vraag",),
    "sv": ("fråga",),
}

LESSON_WORDS: dict[str, tuple[str, str]] = {
    # language: (the word for lesson, the word for "of" in "Lesson 2 of 8")
    "en": ("lesson", "of"),
    "de": ("lektion", "von"),
    "fr": ("leçon", "sur"),
    "es": ("lección", "de"),
    "it": ("lezione", "di"),
    "pt": ("lição", "de"),
    "nl": ("les", "van"),
    "sv": ("lektion", "av"),
}


def alternatives(table: dict[str, tuple[str, ...]]) -> str:
    """One regex alternation of every language's entries (longest first, so that "questions" does
    not win over "review questions"); the entries' groups become non-capturing."""
    entries = {re.sub(r"\((?!\?)", "(?:", entry) for words in table.values() for entry in words}  # no groups
    return "|".join(sorted(entries, key=len, reverse=True))


def lesson_of() -> tuple[str, str]:
    """Regex alternations of the words for "lesson" and for "of"."""
    lessons = {w for w, _ in LESSON_WORDS.values()}
    ofs = {o for _, o in LESSON_WORDS.values()} | {"/"}
    return "|".join(sorted(lessons, key=len, reverse=True)), "|".join(sorted(ofs, key=len, reverse=True))
