"""Audition: speak one piece of text into a WAV file and play it (``narrate say``).

The text goes through the same lexicon and normaliser as a lesson (the caller does that, see
:func:`narrate.pipeline.say`); this module only synthesizes and plays.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from narrate.speech.engines import get_engine

# command lines that play a WAV file and exit, tried in this order
PLAYERS: tuple[tuple[str, ...], ...] = (
    ("paplay",),
    ("aplay", "-q"),
    ("afplay",),
    ("ffplay", "-nodisp", "-autoexit", "-loglevel", "warning"),  # warnings: SDL says when no device opens
    ("play", "-q"),
)
PLAY_TIMEOUT_S = 120


def speak_to_wav(spoken: str, engine_name: str, voice: str | None, language: str, rate_wpm: int, out_path: Path) -> str:
    """Synthesize ``spoken`` (already normalised text) into a PCM WAV at ``out_path`` with
    ``engine_name`` and ``voice`` (None: the engine's default voice for ``language``).

    Returns the voice id used ("" for the engine's own default). Raises EngineError (unknown engine
    or voice, or the engine failed)."""
    engine = get_engine(engine_name)
    chosen = voice or engine.default_voice(language)
    engine.synthesize(spoken, chosen, rate_wpm, out_path)
    return chosen or ""


@dataclass(frozen=True)
class Playback:
    """What :func:`play` did: the player that played the file (None: none did), and for each player
    that ran but could not play it, ``"<player>: <why>"`` (its own message, e.g. ``"ffplay: ALSA:
    Couldn't open audio device: No such file or directory"``)."""

    player: str | None
    failures: tuple[str, ...] = ()


NO_SOUND = re.compile(
    r"audio open (?:failed|error)|(?:could ?n[o']t|cannot|can't|unable to|failed to) open audio"
    r"|no (?:available )?audio device|connection (?:failure|refused)",
    re.IGNORECASE,
)
"""What a player writes when it found no sound device. ffplay (SDL) then still exits 0, after
``SDL_OpenAudio (...): ALSA: Couldn't open audio device`` and ``audio open failed``; aplay and
paplay exit 1 (``audio open error``, ``Connection failure``). libasound's own ``ALSA lib ...`` lines
alone prove nothing: SDL prints them while it tries ALSA before a sound server that then works."""


def play(path: Path) -> Playback:
    """Play the WAV at ``path`` with the first player of :data:`PLAYERS` that is installed and works
    (at most :data:`PLAY_TIMEOUT_S` seconds each). A player works when it exits 0 without reporting
    a sound device it could not open (:data:`NO_SOUND`): ffplay exits 0 without one."""
    failures: list[str] = []
    for command in PLAYERS:
        exe = shutil.which(command[0])
        if not exe:
            continue
        try:
            done = subprocess.run(
                [exe, *command[1:], str(path)], capture_output=True, timeout=PLAY_TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired:
            failures.append(f"{command[0]}: did not finish in {PLAY_TIMEOUT_S} s")
            continue
        except OSError as exc:
            failures.append(f"{command[0]}: {exc.strerror or exc}")
            continue
        errors = done.stderr.decode("utf-8", "replace")
        if done.returncode == 0 and not NO_SOUND.search(errors):
            return Playback(command[0], tuple(failures))
        failures.append(f"{command[0]}: {_why(errors, done.returncode)}")
    return Playback(None, tuple(failures))


def _why(errors: str, status: int) -> str:
    """The line of a player's stderr that says why it could not play (SDL's prefix cut), else its
    last line, else its exit status."""
    lines = [line.strip() for line in errors.splitlines() if line.strip()]
    own = [line for line in lines if not line.startswith("ALSA lib ")] or lines
    why = next((line for line in own if NO_SOUND.search(line)), own[-1] if own else f"exit status {status}")
    why = re.sub(r"^SDL_OpenAudio \([^)]*\):\s*", "", why)
    return why if len(why) <= 200 else why[:199] + "…"
