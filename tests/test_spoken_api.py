"""Issue 23, point 5: ``narrate.spoken`` (the normaliser as public API), ``narrate say --text-only``
and ``narrate normalize`` (one line of spoken text, no engine), and ``narrate say`` never reporting
"Played" when the player found no sound device.

The expected strings document the API (what the engine is given), not the normaliser's rules: they
are cases unlikely to change.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from click.testing import CliRunner

import narrate
from narrate.cli import main
from narrate.speech.audition import Playback, play

SPOKEN = [
    ("en-us", "The 3 cats.", "The three cats."),
    ("en-us", "It costs $1.5 million.", "It costs one point five million dollars."),
    ("en-us", "e.g. x < 5", "for example x is less than five"),
    ("en-us", "H2O boils at 100 °C.", "H two O boils at one hundred degrees Celsius."),
    ("en-us", "Meet on 03/04/2025.", "Meet on March fourth, twenty twenty-five."),
    ("en-gb", "Meet on 03/04/2025.", "Meet on the third of April, twenty twenty-five."),
    ("en-us", "Line one\nline two.", "Line one line two."),
    ("de", "Die 3 Katzen.", "Die drei Katzen."),
    ("de", "Das kostet 12,5 N.", "Das kostet zwölf Komma fünf Newton."),
    ("es", "Los 3 gatos.", "Los tres gatos."),
    ("es", "El 3 de abril.", "El tres de abril."),
    ("fr", "Les 3 chats.", "Les trois chats."),
    ("fr", "Il pèse 294 J.", "Il pèse deux cent quatre-vingt-quatorze joules."),
    ("en-us", "🙂 • —", ""),
]


@pytest.mark.parametrize(("language", "written", "said"), SPOKEN, ids=[f"{c[0]}:{c[1]}" for c in SPOKEN])
def test_spoken_gives_what_the_engine_is_given(language, written, said):
    assert narrate.spoken(written, language) == said
    assert narrate.spoken(written, language=language.upper()) == said  # tags are case-insensitive


def test_spoken_defaults_to_us_english_and_applies_a_lexicon():
    assert narrate.spoken("The 3 cats.") == "The three cats."
    lexicon = {"PSII": "photosystem two"}
    assert narrate.spoken("PSII splits 2 H2O.", lexicon=lexicon) == "Photosystem two splits two H two O."
    assert (
        narrate.spoken("PSII spaltet Wasser.", "de", {"PSII": "Photosystem zwei"}) == "Photosystem zwei spaltet Wasser."
    )


BAD_LANGUAGES = ["english", "en_US", "e", "", "de DE", None, 3]


@pytest.mark.parametrize("language", BAD_LANGUAGES, ids=[repr(b) for b in BAD_LANGUAGES])
def test_spoken_refuses_what_is_not_a_language_tag(language):
    with pytest.raises(narrate.ConfigError) as caught:
        narrate.spoken("The 3 cats.", language)
    assert caught.value.format_message() == (
        f"language must be an ISO 639 code such as 'en' or 'en-us', not {language!r}"
    )


@pytest.mark.parametrize("lexicon", [{"PSII": 2}, {"": "nothing"}, {3: "three"}])
def test_spoken_refuses_a_lexicon_entry_that_is_not_text(lexicon):
    with pytest.raises(narrate.ConfigError, match="must map a word to its spoken form"):
        narrate.spoken("PSII", "en-us", lexicon)


# --- narrate say --text-only / narrate normalize ---------------------------------------------------

COMMANDS = [["say", "--text-only"], ["normalize"]]
CLI_CASES = [(language, written) for language, written, said in SPOKEN if said]


@pytest.fixture()
def nowhere(tmp_path, monkeypatch):
    """A working folder holding no course (so none is found in ./content or .)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(("language", "written"), CLI_CASES, ids=[f"{c[0]}:{c[1]}" for c in CLI_CASES])
def test_text_only_prints_one_line_the_api_gives(nowhere, command, language, written):
    result = CliRunner().invoke(main, [*command, written, "--language", language])
    assert result.exit_code == 0, result.output
    assert result.output == narrate.spoken(written, language) + "\n"
    assert result.stderr == ""


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_text_only_defaults_to_us_english(nowhere, command):
    result = CliRunner().invoke(main, [*command, "Meet on 03/04/2025."])
    assert (result.exit_code, result.output) == (0, "Meet on March fourth, twenty twenty-five.\n")


def _course(folder: Path, language: str = "en-gb") -> Path:
    (folder / "lessons").mkdir(parents=True)
    (folder / "course.yaml").write_text(
        f"title: Plants\nlanguage: {language}\nlexicon:\n  PSII: photosystem two\n", encoding="utf-8"
    )
    (folder / "lessons" / "01-light.yaml").write_text(
        "title: Light\nsections:\n  - title: A\n    body: [PSII splits water.]\n", encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_text_only_uses_the_course_lexicon_and_language(tmp_path, monkeypatch, command):
    course = _course(tmp_path / "plants")
    monkeypatch.chdir(tmp_path)
    text = "PSII splits water on 03/04/2025."
    said = "Photosystem two splits water on the third of April, twenty twenty-five."  # en-gb: 3 April
    runner = CliRunner()
    assert runner.invoke(main, [*command, text, "--course", str(course)]).output == said + "\n"
    # the course found in ./content, as `narrate say` finds it
    shutil.copytree(course, tmp_path / "content")
    assert runner.invoke(main, [*command, text]).output == said + "\n"
    # --language over the course's; --lexicon over the course's lexicon
    us = runner.invoke(main, [*command, text, "--language", "en-us"])
    assert us.output == "Photosystem two splits water on March fourth, twenty twenty-five.\n"
    (tmp_path / "extra.yaml").write_text("PSII: P S two\n", encoding="utf-8")
    extra = runner.invoke(main, [*command, text, "--lexicon", str(tmp_path / "extra.yaml")])
    assert extra.output == "P S two splits water on the third of April, twenty twenty-five.\n"


def test_say_config_is_what_say_speaks_with(tmp_path, monkeypatch):
    course = _course(tmp_path / "plants", "de")
    config = narrate.say_config(content=course)
    assert (config.language, config.lexicon) == ("de", {"PSII": "photosystem two"})
    assert narrate.say_config(narrate.BuildOptions(language="fr"), content=course).language == "fr"
    monkeypatch.chdir(tmp_path)
    assert (narrate.say_config().language, narrate.say_config().lexicon) == ("en-us", {})


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_text_only_dash_reads_standard_input_line_by_line(nowhere, command):
    lines = ["The 3 cats.", "", "🙂", "Meet on 03/04/2025.\r", "x < 5"]
    result = CliRunner().invoke(main, [*command, "-", "--language", "en-gb"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.split("\n")[:-1] == [
        "The three cats.",
        "",
        "",
        "Meet on the third of April, twenty twenty-five.",
        "x is less than five",
    ]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["normalize", "x", "--language", "english"],
         "Error: --language: language must be an ISO 639 code such as 'en' or 'en-us', not 'english'"),
        (["say", "--text-only", "x", "--language", "en_US"],
         "Error: --language: language must be an ISO 639 code such as 'en' or 'en-us', not 'en_US'"),
        (["say", "--text-only", "x", "-o", "x.wav"],
         "Error: --text-only prints the spoken text and writes no WAV: leave out -o"),
        (["normalize", "x", "--lexicon", "missing.yaml"], "Error: missing.yaml: lexicon file not found"),
    ],
)  # fmt: skip
def test_text_only_errors_are_one_line(nowhere, args, error):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [error]
    assert result.stdout == ""


def _narrate() -> list[str]:
    """The installed ``narrate`` command beside this Python (``.venv/bin/narrate``), else ``-m narrate``."""
    installed = Path(sys.executable).parent / "narrate"
    return [str(installed)] if installed.is_file() else [sys.executable, "-m", "narrate"]


@pytest.mark.e2e
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_text_only_as_a_real_process(tmp_path, command):
    text = "The 3 cats met on 03/04/2025."
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run(
        [*_narrate(), *command, text], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "The three cats met on March fourth, twenty twenty-five.\n" == narrate.spoken(text) + "\n"
    text = "PSII splits 2 H2O on 03/04/2025."
    _course(tmp_path / "content")
    piped = subprocess.run(
        [*_narrate(), *command, "-"], cwd=tmp_path, env=env, input=f"{text}\nThe 3 cats.\n",
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (piped.returncode, piped.stderr) == (0, "")
    assert piped.stdout == (
        "Photosystem two splits two H two O on the third of April, twenty twenty-five.\nThe three cats.\n"
    )


def test_text_only_starts_no_speech_engine(tmp_path):
    """Nothing of the speech stack (narrate.speech, pyttsx3, piper, numpy) is even imported."""
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from narrate.cli import main\n"
        "r = CliRunner().invoke(main, ['say', '--text-only', 'The 3 cats.'])\n"
        "assert r.output == 'The three cats.\\n', r.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyttsx3', 'piper', 'numpy', 'soundfile')"
        " or m.startswith('narrate.speech')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[]\n", "")


# --- narrate say: never "Played" when the player could not play -----------------------------------


def _wav(path: Path, seconds: float = 0.2) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\0\0" * int(22050 * seconds))
    return path


def _no_sound_device() -> bool:
    """True on a Linux machine with no sound card and no sound server (as in CI and this container)."""
    runtime = Path(os.environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")
    servers = [runtime / "pulse" / "native", runtime / "pipewire-0"]
    return (
        sys.platform.startswith("linux")
        and not Path("/dev/snd").exists()
        and not os.environ.get("PULSE_SERVER")
        and not any(s.exists() for s in servers)
    )


def _only(bin_dir: Path, *names: str) -> dict[str, str]:
    """An environment whose PATH holds only ``bin_dir`` (with the named real programs linked in)."""
    bin_dir.mkdir(exist_ok=True)
    for name in names:
        (bin_dir / name).symlink_to(shutil.which(name))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}  # no dummy audio driver
    return {**env, "PATH": str(bin_dir)}


@pytest.mark.skipif(not shutil.which("ffplay"), reason="ffplay is not installed")
@pytest.mark.skipif(not _no_sound_device(), reason="this machine has a sound device: ffplay would play")
def test_the_real_ffplay_without_a_sound_device_is_not_played(tmp_path, monkeypatch):
    """ffplay exits 0 without a sound device (measured: status 0, ``audio open failed`` on stderr)."""
    for key, value in _only(tmp_path / "bin", "ffplay").items():
        monkeypatch.setenv(key, value)
    for key in [k for k in os.environ if k.startswith("SDL_")]:
        monkeypatch.delenv(key)
    done = play(_wav(tmp_path / "a.wav"))
    assert done.player is None
    assert len(done.failures) == 1 and done.failures[0].startswith("ffplay: ")
    assert "audio" in done.failures[0].lower()


@pytest.mark.e2e
@pytest.mark.skipif(not shutil.which("ffplay"), reason="ffplay is not installed")
@pytest.mark.skipif(not _no_sound_device(), reason="this machine has a sound device: ffplay would play")
def test_narrate_say_with_the_real_ffplay_and_no_sound_device_writes_the_wav(tmp_path):
    env = {**_only(tmp_path / "bin", "ffplay"), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run(
        [*_narrate(), "say", "The 3 cats.", "--engine", "pyttsx3"],  # espeak-ng: this test is about the player
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said, wrote = done.stdout.splitlines()
    assert said == "Said: The three cats."
    assert "Played" not in done.stdout
    assert wrote.startswith("No sound device (ffplay: ")
    assert f"); wrote {tmp_path / 'narrate-say.wav'} (pyttsx3, voice " in wrote
    assert (tmp_path / "narrate-say.wav").stat().st_size > 10_000


SDL_NO_DEVICE = (
    "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n"
    "SDL_OpenAudio (1 channels, 22050 Hz): ALSA: Couldn't open audio device: No such file or directory\n"
    "No more combinations to try, audio open failed\n"
)
# (player, its stderr, its exit status, the player that played it, the failure reported)
FAKE_PLAYERS = [
    ("paplay", "", 0, "paplay", None),
    ("paplay", "Connection failure: Connection refused\n", 1, None, "paplay: Connection failure: Connection refused"),
    ("aplay", "aplay: main:834: audio open error: No such file or directory\n", 1, None,
     "aplay: aplay: main:834: audio open error: No such file or directory"),
    ("ffplay", SDL_NO_DEVICE, 0, None, "ffplay: ALSA: Couldn't open audio device: No such file or directory"),
    ("ffplay", "SDL_OpenAudio (1 channels, 22050 Hz): No available audio device\n", 0, None,
     "ffplay: No available audio device"),
    ("ffplay", "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n", 0, "ffplay", None),
    ("play", "", 2, None, "play: exit status 2"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "stderr", "status", "player", "failure"), FAKE_PLAYERS)
def test_a_player_counts_as_playing_only_when_it_says_nothing_of_a_missing_device(
    tmp_path, monkeypatch, name, stderr, status, player, failure
):
    """Players stood in for by scripts, as each real one reports a missing device (ALSA's own lines
    alone are noise SDL prints before it opens a sound server)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / name
    script.write_text(f"#!/bin/sh\nprintf '%s' {shlex.quote(stderr)} >&2\nexit {status}\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    done = play(_wav(tmp_path / "a.wav"))
    assert done == Playback(player, (failure,) if failure else ())


def test_say_reports_why_it_was_not_played(tmp_path, monkeypatch, fakes):
    """Through the API: ``Said.not_played`` names the player and its message; a WAV is written."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "ffplay"
    script.write_text("#!/bin/sh\necho 'SDL_OpenAudio (1 channels, 22050 Hz): No available audio device' >&2\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.chdir(tmp_path)
    said = narrate.say("The 3 cats.", narrate.BuildOptions(engine="fake"))
    assert fakes.said() == ["The three cats."]
    assert said.player is None and said.wav == Path("narrate-say.wav")
    assert said.not_played == "ffplay: No available audio device"
    assert (tmp_path / "narrate-say.wav").is_file()
