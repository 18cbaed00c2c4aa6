"""Issue 13, item 5: lexicon entries keep a sentence-start capital, covered words are not reported,
the report gives file:line and a suggestion in every format, and `narrate say` auditions text."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from narrate.pipeline import lexicon_findings, say
from narrate.text.lexicon import apply_lexicon, lexicon_report, suggest_spoken
from narrate.text.lexicon_report import format_finding
from narrate.text.normalize import spoken

LEX = {"Photosystem II": "photosystem two", "MoE": "mixture of experts", "kimi": "kee mee", "K3 Turbo": "K three turbo"}

CAPITALS = [
    ("Photosystem II splits water.", "Photosystem two splits water."),
    ("It uses Photosystem II.", "It uses photosystem two."),
    ("Light hits it. Photosystem II wakes.", "Light hits it. Photosystem two wakes."),
    ('"Photosystem II" is a complex.', '"Photosystem two" is a complex.'),
    ("MoE layers route tokens.", "Mixture of experts layers route tokens."),
    ("A sparse MoE layer.", "A sparse mixture of experts layer."),
    ("Kimi and kimi.", "Kee mee and kee mee."),
    ("Note: MoE helps.", "Note: Mixture of experts helps."),
]


@pytest.mark.parametrize(("written", "said"), CAPITALS, ids=[c[0] for c in CAPITALS])
def test_lexicon_entries_keep_a_sentence_start_capital(written, said):
    assert apply_lexicon(written, LEX) == said


def test_the_issue_example_in_the_script():
    assert spoken("Photosystem II uses light.", {"Photosystem II": "photosystem two"}) == "Photosystem two uses light."


COVERED = [
    ("Photosystem II splits water.", {"Photosystem II": "photosystem two"}),
    ("The K3 Turbo model.", {"K3 Turbo": "K three turbo"}),
    ("A sparse MoE model.", {"MoE": "mixture of experts"}),
    ("We trained RL agents with PPO.", {"RL": "R L", "PPO": "P P O"}),
    ("GPT-4.1 beats it.", {"GPT-4.1": "G P T four point one"}),
    ("The U.S. team won.", {"U.S.": "U S"}),
]


@pytest.mark.parametrize(("text", "lexicon"), COVERED, ids=[c[0] for c in COVERED])
def test_words_an_entry_covers_are_not_reported(text, lexicon):
    assert lexicon_report([(text, None, 1)], {}) != []
    assert lexicon_report([(text, None, 1)], lexicon) == []


def test_a_multi_word_entry_covers_only_its_own_words():
    found = lexicon_report([("K3 Turbo beats K3 and PSII.", None, 1)], {"K3 Turbo": "K three turbo"})
    assert [f.token for f in found] == ["K3", "PSII"]


SUGGESTIONS = [
    ("K3", "K three"),
    ("LatentMoE", "Latent M O E"),
    ("GPT-5.6", "G P T five point six"),
    ("U.S.", "U S"),
    ("RL", "R L"),
    ("KDA", "K D A"),
    ("H100", "H one hundred"),
]


@pytest.mark.parametrize(("token", "said"), SUGGESTIONS)
def test_report_suggests_a_spoken_form(token, said):
    assert suggest_spoken(token) == said


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# the same tokens in every format; each is on the line given
FORMATS = {
    "lesson.yaml": (
        "title: The K9 Engine\nsubtitle: Why PSU size matters\nsections:\n  - title: Parts\n"
        "    body:\n      - The KDA unit hums.\nnext: [The ZX81 Story]\n",
        {"K9": 1, "PSU": 2, "KDA": 6, "ZX81": 7},
    ),
    "lesson.md": (
        "# The K9 Engine\n\n> Why PSU size matters\n\n## Parts\n\nThe KDA unit hums.\n\n## Next\n\n- The ZX81 Story\n",
        {"K9": 1, "PSU": 3, "KDA": 7, "ZX81": 11},
    ),
    "lesson.txt": (
        "The K9 Engine\nWhy PSU size matters?\n\nParts\nThe KDA unit hums.\n\nKeep going\n1. The ZX81 Story\n",
        {"K9": 1, "PSU": 2, "KDA": 5, "ZX81": 8},
    ),
}


@pytest.mark.parametrize("name", list(FORMATS))
def test_lexicon_report_gives_file_and_line_in_every_format(tmp_path, name):
    text, lines = FORMATS[name]
    path = _write(tmp_path / name, text)
    found = {f.token: f for f in lexicon_findings(path)}
    assert {t: f.line for t, f in found.items()} == lines
    assert format_finding(found["K9"]) == f"{path}:1: K9 (letters and digits); lexicon: 'K9: K nine'"


def test_say_writes_a_wav_of_the_normalised_text(tmp_path):
    course = tmp_path / "course"
    # espeak-ng named: this test is about the lexicon and the WAV, not the voice chosen
    _write(course / "course.yaml", "title: Plants\nlexicon:\n  PSII: photosystem two\nvoice:\n  engine: pyttsx3\n")
    _write(course / "lessons" / "01-a.yaml", "title: A\nsections:\n  - title: B\n    body: [C.]\n")
    out = tmp_path / "psii.wav"
    said = say("PSII splits 2 H2O on 15/03/2024.", content=course, out=out)
    assert said.spoken == "Photosystem two splits two H two O on the fifteenth of March, twenty twenty-four."
    assert said.wav == out and said.player is None and said.engine == "pyttsx3"
    with wave.open(str(out)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert 2.0 < seconds < 12.0


@pytest.mark.e2e
def test_narrate_say_without_a_player_writes_a_wav_and_prints_its_path(tmp_path):
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**os.environ, "PATH": str(bare)}  # no player on PATH
    done = subprocess.run(
        [sys.executable, "-m", "narrate", "say", "Vitamin C, not Plan B.", "--engine", "pyttsx3"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Said: Vitamin C, not Plan B."
    assert done.stdout.splitlines()[1].startswith("Wrote narrate-say.wav (pyttsx3, voice ")
    assert (tmp_path / "narrate-say.wav").stat().st_size > 10_000


@pytest.mark.e2e
def test_narrate_say_with_nothing_to_say_is_one_error_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "narrate", "say", "🙂 • —"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == ["Error: nothing to say: the text has no word or number in it"]
