"""Synthesis: one clip per ``Say`` cue, from the utterance cache or the speech engine.

Each role (narrator, quiz host) has its own engine and voice (see ``narrate.config.VoiceConfig``).
Every new clip is checked (exists, decodes, plausible duration, not silent) before it enters the cache.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from narrate.cache import UtteranceCache, utterance_key
from narrate.config import CourseConfig
from narrate.model import Say, Script
from narrate.tts import clip_duration_ms, get_engine

Progress = Callable[[str, int, int], None]


def synthesize(scripts: list[Script], config: CourseConfig, cache: UtteranceCache,
               report: Progress) -> tuple[list[dict[int, Path]], int]:
    """Make (or find in the cache) one clip per Say cue.

    Returns:
        per script, cue index → clip path; and how many clips were synthesized (not cached).

    Raises:
        EngineError: engine missing, unknown voice, or a missing/empty/silent clip (naming the cue).
    """
    v = config.voice
    narrator_engine = get_engine(v.engine)
    host_engine = get_engine(v.host_engine or v.engine)
    narrator_voice = v.narrator or narrator_engine.default_voice(config.language)
    host_voice = v.host or (narrator_voice if host_engine is narrator_engine else None)
    host_voice = host_voice or host_engine.default_voice(config.language)
    roles = {"narrator": (narrator_engine, narrator_voice), "host": (host_engine, host_voice)}
    versions = {e.name: e.version() for e, _ in roles.values()}
    total = sum(len(s.says()) for s in scripts)
    done = made = 0
    result: list[dict[int, Path]] = []
    for script in scripts:
        clips: dict[int, Path] = {}
        for index, cue in enumerate(script.cues):
            if not isinstance(cue, Say):
                continue
            engine, voice = roles[cue.role]
            key = utterance_key(engine.name, versions[engine.name], voice, v.rate_wpm, cue.text)
            path = cache.get(key)
            what = f"lesson '{script.lesson.id}', cue {index + 1} (\"{_short(cue.text)}\")"
            if path is None:
                def make(tmp: Path, engine=engine, voice=voice, text=cue.text) -> None:
                    engine.synthesize(text, voice, v.rate_wpm, tmp)
                    clip_duration_ms(tmp, what)

                path = cache.put(key, make)
                made += 1
            clips[index] = path
            done += 1
            report("synthesis", done, total)
        result.append(clips)
    return result, made


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
