"""Which engine speaks a language when the course names none: the best one installed.

A course that leaves ``voice.engine`` empty (and a build without ``--engine``) speaks each language
with the best engine installed for it; an engine named explicitly is always used. The rule, best
first (:data:`PREFERENCE`):

=================================================  ==========================
language (the tag, else its primary subtag)        engines, best first
=================================================  ==========================
``en``, ``en-us`` (and ``en-ca``, any other)       piper, kokoro, pyttsx3
``en-au``, ``en-ie``, ``en-in``, ``en-nz``,        kokoro, piper, pyttsx3
``en-za`` (closer to Kokoro's British voices)
``en-gb``, ``es``, ``fr``, ``it``, ``pt``,         kokoro, pyttsx3
``pt-br``, ``hi``
every other language                               pyttsx3 (espeak-ng)
=================================================  ==========================

Piper's bundled voice speaks US English only; Kokoro has voices for the third row's languages
(its Japanese and Chinese voices need a phoneme reader narrate does not have); espeak-ng speaks
about a hundred. The same rule picks the engine of a lesson in another language
than its course's and of a ``[...]{lang=es}`` span (``narrate.speech.synthesis``). An engine counts as
installed when its stamp can be taken (:func:`installed`: files found, nothing imported or
started); when the chosen engine has no voice for the exact tag (``es-mx``) or does not know a voice
the course names, the next one is used (see ``narrate.speech.synthesis``).

:func:`choose` and :func:`candidates` are pure functions of the language and the installed engines
(what tests give them); :func:`installed_engines` looks at this machine; :func:`voices_line` is the one
line a build prints about the choice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from narrate.speech.engines import DEFAULT_ENGINE, engine_stamp

AUTOMATIC = ""
"""``voice.engine`` (and ``voice.host_engine``) for "the best installed engine for the language"."""

FALLBACK = DEFAULT_ENGINE
"""The engine of every language the table does not name, and of any when nothing better is installed."""

_US_ENGLISH = ("piper", "kokoro", FALLBACK)
_OTHER_ENGLISH = ("kokoro", "piper", FALLBACK)
_KOKORO = ("kokoro", FALLBACK)

PREFERENCE: dict[str, tuple[str, ...]] = {
    "en": _US_ENGLISH,
    "en-us": _US_ENGLISH,
    "en-au": _OTHER_ENGLISH,
    "en-ie": _OTHER_ENGLISH,
    "en-in": _OTHER_ENGLISH,
    "en-nz": _OTHER_ENGLISH,
    "en-za": _OTHER_ENGLISH,
    "en-gb": _KOKORO,
    "es": _KOKORO,
    "fr": _KOKORO,
    "it": _KOKORO,
    "pt": _KOKORO,
    "pt-br": _KOKORO,
    "hi": _KOKORO,
}
"""Language tag (lower case) → engines best first; a tag not here is looked up by its primary subtag
(``es-mx`` → ``es``), and a language not here at all is spoken by :data:`FALLBACK`."""

ENGINES = tuple(dict.fromkeys(name for order in PREFERENCE.values() for name in order))
"""Every engine the automatic choice may pick (piper, kokoro, pyttsx3)."""


def preference(language: str) -> tuple[str, ...]:
    """The engines for ``language``, best first (:data:`PREFERENCE`), ending with :data:`FALLBACK`."""
    tag = language.lower().replace("_", "-")
    return PREFERENCE.get(tag) or PREFERENCE.get(tag.split("-")[0]) or (FALLBACK,)


def candidates(language: str, installed: Collection[str], voice: str | None = None) -> tuple[str, ...]:
    """The installed engines that may speak ``language``, best first; :data:`FALLBACK` when none is
    installed (starting it then says how to install it). A ``voice`` that is a model file's path
    (``*.onnx``) is a Piper voice: Piper comes first."""
    order = [name for name in preference(language) if name in installed] or [FALLBACK]
    if voice and voice.endswith(".onnx") and "piper" in installed:
        order = ["piper", *(name for name in order if name != "piper")]
    return tuple(order)


def choose(language: str, installed: Collection[str]) -> str:
    """The best engine installed for ``language`` (the first of :func:`candidates`)."""
    return candidates(language, installed)[0]


def installed(name: str) -> bool:
    """Whether engine ``name`` is installed: its stamp can be taken (its files are found; no engine
    is imported or started)."""
    return engine_stamp(name, None) is not None


def installed_engines() -> frozenset[str]:
    """The engines of :data:`ENGINES` installed here."""
    return frozenset(name for name in ENGINES if installed(name))


def voices_line(chosen: Iterable[tuple[str, str, str | None]]) -> str:
    """The line a build prints when it chose the engines: ``chosen`` is ``(language, engine, voice)``
    per language, in the order they were met; ``narrate voices --language`` is shown for the last
    one (the course's own language comes first) (``voices: en-us → piper en_US-joe-medium, es → kokoro ef_dora (set
    voice.engine or --engine to choose; narrate voices --language en-us lists them)``)."""
    chosen = list(chosen)
    said = ", ".join(f"{language} → {engine} {voice or '(its default voice)'}" for language, engine, voice in chosen)
    example = chosen[-1][0] if chosen else "en"
    return f"voices: {said} (set voice.engine or --engine to choose; narrate voices --language {example} lists them)"
