"""Audition: speak one piece of text into a WAV file and play it (``narrate say``).

The text goes through the same lexicon and normaliser as a lesson (the caller does that, see
:func:`narrate.pipeline.say`); this module only synthesizes and plays.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from narrate.speech.engines import get_engine

# command lines that play a WAV file and exit, tried in this order
PLAYERS: tuple[tuple[str, ...], ...] = (
    ("paplay",),
    ("aplay", "-q"),
    ("afplay",),
    ("ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"),
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


def play(path: Path) -> str | None:
    """Play the WAV at ``path`` with the first player of :data:`PLAYERS` that is installed and works
    (at most :data:`PLAY_TIMEOUT_S` seconds). Returns the player's name, None when none could play it."""
    for command in PLAYERS:
        exe = shutil.which(command[0])
        if not exe:
            continue
        try:
            done = subprocess.run(
                [exe, *command[1:], str(path)], capture_output=True, timeout=PLAY_TIMEOUT_S, check=False
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return command[0]
    return None
