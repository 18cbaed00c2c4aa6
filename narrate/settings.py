"""The course settings schema: every key of ``course.yaml`` in one declarative table.

Each :class:`Setting` names a key (dotted for sections: ``pauses.think``), its kind, default, range
and a one-line doc. From this one table come:

* the loader's checks (:mod:`narrate.config`): unknown keys, types, ranges, with file and line;
* the command-line overrides (``--engine``, ``--base-url``, ...), validated by the same rules
  (:meth:`narrate.api.BuildOptions`);
* the settings table of ``docs/content-format.md`` (:func:`markdown_table`; a test keeps it true).

Seconds appear only in course.yaml; the validated settings hold milliseconds (``*_ms``).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

DEFAULT_LANGUAGE = "en-us"
"""The language of a course, lesson or text that names none (a BCP 47 tag); written here once."""

AUDIO_FORMATS = ("mp3", "m4b")
"""Audio formats an episode can be written in, in the order they are built (the first is the feed enclosure)."""

MAX_PAUSE_S = 120
"""The longest pause an author may ask for, in seconds (course.yaml, lessons, questions)."""

KINDS = (
    "text",
    "url",
    "language",
    "date",
    "bool",
    "int",
    "float",
    "seconds",
    "list",
    "lexicon",
    "path",
    "phrases",
    "voices",
    "choice",
    "email",
    "funding",
    "persons",
    "size",
    "bitrate",
)


@dataclass(frozen=True)
class Setting:
    """One course.yaml key.

    Attributes:
        key: dotted name (``"title"``, ``"pauses.think"``).
        kind: one of :data:`KINDS`. ``seconds`` is a number of seconds in course.yaml and a number of
            milliseconds once loaded; ``list`` is a list of texts (a comma-separated text is accepted
            where ``split`` is set); ``path`` a file inside the course folder.
        default: the value when the key is absent (in course.yaml's units).
        doc: one line for the documentation table.
        low, high: inclusive range of a number.
        required: the key must be present and non-empty.
        option: the ``narrate build`` option that overrides it for one build, if any.
        example: a value to show in the documentation when the default is empty.
        split: for a list, the characters that separate items when it is written as one text.
        what: for a path, what the file is, in messages ("cover image not found: x.png").
        choices: for a choice, the values allowed.
    """

    key: str
    kind: str
    default: Any
    doc: str
    low: float | None = None
    high: float | None = None
    required: bool = False
    option: str | None = None
    example: Any = None
    split: str | None = None
    what: str | None = None
    choices: tuple[str, ...] | None = None

    @property
    def section(self) -> str:
        """``"pauses"`` for ``pauses.think``; ``""`` for a top-level key."""
        return self.key.rpartition(".")[0]

    @property
    def name(self) -> str:
        """The key within its section: ``"think"`` for ``pauses.think``."""
        return self.key.rpartition(".")[2]


SECTIONS = {
    "voice": "Speech: engine, voices and speaking rate.",
    "pauses": "Pause lengths, in seconds.",
    "audio": "Audio output: formats, bitrate and loudness.",
    "cache": "The utterance cache (its folder is `--cache-dir`).",
    "limits": "Resource bounds, checked before any synthesis.",
    "owner": "Who Apple Podcasts writes to about the show (itunes:owner; not shown to listeners).",
}
"""Keys that hold a mapping of settings, with a one-line doc."""

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "title", "text", None, "the course title (feed and episode album)", required=True, example="How Batteries Work"
    ),
    Setting(
        "author",
        "text",
        "",
        "author or publisher, credited in the feed and the ID3 tags",
        example="The narrate authors",
    ),
    Setting("description", "text", "", "the course description (feed; safe HTML allowed)"),
    Setting("language", "language", DEFAULT_LANGUAGE, "ISO 639 language code, optionally with a region (`en-us`)"),
    Setting(
        "base_url", "url", "http://localhost:8000/", "where the output folder will be published", option="--base-url"
    ),
    Setting("link", "url", None, "the course's web page (default: base_url)"),
    Setting(
        "cover",
        "path",
        None,
        "a square 1400-3000 px JPEG or PNG beside course.yaml (one is drawn if absent)",
        example="cover.png",
        what="cover image",
    ),
    Setting(
        "category",
        "list",
        ["Education", "Courses"],
        "Apple Podcasts category and subcategory (`Education › Courses`)",
        split="›>/",
    ),
    Setting("explicit", "bool", False, "the feed's explicit flag"),
    Setting(
        "start_date",
        "date",
        None,
        "date of lesson 1 (YYYY-MM-DD); lesson N is published (N-1) × schedule_days later; "
        "empty: the first build's date, recorded in the output folder",
        example="2026-01-05",
    ),
    Setting("schedule_days", "int", 7, "days between lessons", low=0, high=365),
    Setting(
        "review", "bool", False, "add a course-review bonus episode that asks every quiz question", option="--review"
    ),
    Setting(
        "code",
        "choice",
        "notes",
        "'read' (read code blocks aloud) or 'notes' (a cue; the code in the show notes)",
        choices=("read", "notes"),
    ),
    Setting(
        "challenges",
        "choice",
        "in_place",
        "'in_place' (a lesson's challenges and exercises, with their think pause, where the author put them) or "
        "'at_end' (with the quiz, after the last section)",
        choices=("in_place", "at_end"),
    ),
    Setting(
        "strict",
        "bool",
        False,
        "refuse, as errors, what narrate otherwise reads its own way with a warning (structure it cannot place)",
        option="--strict",
    ),
    Setting(
        "lexicon",
        "lexicon",
        {},
        "how to say words the engine gets wrong (`word: spoken form`)",
        example={"Li-ion": "lithium ion"},
    ),
    Setting(
        "lexicon_file",
        "path",
        None,
        "more lexicon entries, in a YAML file beside course.yaml",
        example="lexicon.yaml",
        what="lexicon file",
    ),
    Setting(
        "phrases",
        "phrases",
        None,
        "override narrate's own framing phrases (`phrase: text`), or a language code for framing in that language",
        example="en",
    ),
    Setting("lessons", "list", [], "lesson file names in episode order (default: file name order)"),
    Setting("owner.name", "text", None, "the show owner's name (default: author)", example="Harbour School"),
    Setting("owner.email", "email", None, "the show owner's email address", example="podcast@example.org"),
    Setting("copyright", "text", None, "the feed's copyright line", example="© 2026 Harbour School"),
    Setting(
        "funding",
        "funding",
        None,
        "podcast:funding: a `url` and a `text` (at most 128 characters), or a list of them",
    ),
    Setting(
        "persons",
        "persons",
        None,
        "podcast:person credits: a list of `name`, `role` (Podcast Index taxonomy; default host), `href`, `img`",
    ),
    Setting("complete", "bool", False, "itunes:complete: no more episodes will be published"),
    Setting(
        "type",
        "choice",
        "serial",
        "'serial' (listen in order) or 'episodic' (newest first), itunes:type",
        choices=("serial", "episodic"),
    ),
    Setting("season", "int", None, "itunes:season of every episode (a lesson's `season:` wins)", low=1, high=10_000),
    Setting("voice.engine", "text", "pyttsx3", "speech engine: `pyttsx3` (espeak-ng) or `piper`", option="--engine"),
    Setting(
        "voice.narrator",
        "text",
        None,
        "narrator voice id (`narrate voices`); empty: the language's default",
        option="--voice",
    ),
    Setting("voice.host", "text", None, "the quiz host's voice id; empty: the narrator's voice"),
    Setting("voice.host_engine", "text", None, "the quiz host's engine; empty: the narrator's engine"),
    Setting(
        "voice.languages",
        "voices",
        None,
        "the voice for a language (`es: roa/es-419`, or a Piper `.onnx` model), for lessons and `[...]{lang=xx}` "
        "phrases in it; empty: the engine's default for the language",
        example="{es: roa/es-419}",
    ),
    Setting("voice.rate_wpm", "int", 160, "speaking rate, words per minute", low=80, high=400),
    Setting("pauses.sentence", "seconds", 0.35, "between sentences", low=0, high=MAX_PAUSE_S),
    Setting("pauses.paragraph", "seconds", 0.7, "between paragraphs", low=0, high=MAX_PAUSE_S),
    Setting("pauses.section", "seconds", 1.2, "between sections", low=0, high=MAX_PAUSE_S),
    Setting("pauses.think", "seconds", 5.0, "the think pause before each quiz answer", low=0, high=MAX_PAUSE_S),
    Setting(
        "pauses.think_per_option", "seconds", 0.0, "added to the think pause per answer option", low=0, high=MAX_PAUSE_S
    ),
    Setting(
        "pauses.think_per_word",
        "seconds",
        0.0,
        "added to the think pause per word of the question",
        low=0,
        high=MAX_PAUSE_S,
    ),
    Setting(
        "pauses.repeat",
        "seconds",
        None,
        "listen-and-repeat pause after a `{lang=xx repeat}` span; empty: the span's spoken length + 1 s",
        low=0,
        high=MAX_PAUSE_S,
    ),
    Setting("pauses.chime", "bool", False, "a short generated chime ends each think pause"),
    Setting("audio.sample_rate", "int", 44100, "sample rate of the episodes, Hz", low=8000, high=192000),
    Setting("audio.bitrate", "bitrate", "64k", "MP3 bitrate, 8k to 320k"),
    Setting(
        "audio.loudness_lufs", "float", -16.0, "integrated loudness target, LUFS (ITU-R BS.1770)", low=-40, high=-5
    ),
    Setting("audio.true_peak_dbtp", "float", -1.0, "true-peak ceiling, dBTP", low=-20, high=0),
    Setting("audio.formats", "list", ["mp3"], "audio formats: `mp3` and/or `m4b`", option="--format", split=","),
    Setting(
        "audio.intro",
        "path",
        None,
        "music or voice (any format ffmpeg reads) joined before every episode, with a crossfade",
        example="intro.ogg",
        what="intro file",
    ),
    Setting(
        "audio.outro",
        "path",
        None,
        "music or voice joined after every episode, with a crossfade",
        example="outro.ogg",
        what="outro file",
    ),
    Setting(
        "cache.max_size",
        "size",
        None,
        "bound of the utterance cache (e.g. `20GB`): after each build the least recently used clips are deleted",
        option="--cache-max-size",
        example="20GB",
    ),
    Setting(
        "limits.max_lesson_bytes", "int", 5_000_000, "largest lesson file read, bytes", low=1_000, high=1_000_000_000
    ),
    Setting(
        "limits.max_episode_minutes",
        "float",
        180.0,
        "longest episode, minutes (estimated before synthesis)",
        low=1,
        high=24 * 60,
    ),
)

BY_KEY = {s.key: s for s in SETTINGS}
"""Every setting by its dotted key."""


def keys_of(section: str) -> set[str]:
    """The allowed keys of a section (``""``: the top level, sections included)."""
    names = {s.name for s in SETTINGS if s.section == section}
    if not section:
        names |= set(SECTIONS)
    return names


def number_text(value: float) -> str:
    """A number as a message shows it: ``120`` not ``120.0``, ``0.35`` as is."""
    return str(int(value)) if float(value).is_integer() else str(value)


def range_text(low: float, high: float) -> str:
    """The one wording of a range in every message: ``between 0 and 120``."""
    return f"between {number_text(low)} and {number_text(high)}"


def unknown_keys(
    found: Iterable[Any], allowed: Iterable[str], prefix: str = "", where: str = ""
) -> Iterator[tuple[Any, str]]:
    """``(key, message)`` for every key of ``found`` not in ``allowed``, with a "did you mean" hint:
    ``unknown key 'pauses.sentense' (did you mean 'pauses.sentence'?)``, or with ``where``
    ``unknown key 'titel' in lesson (did you mean 'title'?)``.

    The one rule for unknown keys, used for course.yaml, lesson files and front matter.
    """
    names = sorted(allowed)
    place = f" in {where}" if where else ""
    for key in found:
        if key not in names:
            hint = difflib.get_close_matches(str(key), names, n=1)
            more = f" (did you mean '{prefix}{hint[0]}'?)" if hint else ""
            yield key, f"unknown key '{prefix}{key}'{place}{more}"


def _shown(setting: Setting) -> str:
    value = (
        setting.example if setting.default in (None, "", [], {}) and setting.example is not None else setting.default
    )
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, float):
        return number_text(value)
    return str(value)


def markdown_table() -> str:
    """The settings table of docs/content-format.md, generated from :data:`SETTINGS`."""
    rows = [
        "| key | default or example | range | `narrate build` option | what it sets |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in SETTINGS:
        rng = range_text(s.low, s.high) if s.low is not None and s.high is not None else ""
        default = _shown(s)
        default = f"`{default}`" if default else ("(required)" if s.required else "")
        option = f"`{s.option}`" if s.option else ""
        rows.append(f"| `{s.key}` | {default} | {rng} | {option} | {s.doc} |")
    return "\n".join(rows) + "\n"


DOC_BEGIN = "<!-- settings table: generated by `.venv/bin/python scripts/docs_settings.py` -->"
DOC_END = "<!-- end of settings table -->"


def with_table(doc: str) -> str:
    """``doc`` (docs/content-format.md's text) with its settings table replaced by :func:`markdown_table`.

    Raises:
        ValueError: the document has no table markers.
    """
    start, end = doc.index(DOC_BEGIN) + len(DOC_BEGIN), doc.index(DOC_END)
    return doc[:start] + "\n\n" + markdown_table() + "\n" + doc[end:]


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?)b?\s*$", re.IGNORECASE)


def parse_size(text: str | int | float) -> int:
    """A size in bytes from ``"500MB"``, ``"2 GB"``, ``"1.5G"``, ``"800MiB"``, ``"1000000"`` or a number.

    k/M/G/T are powers of 1000 (with ``i``: of 1024).

    Raises:
        ValueError: not a size.
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if text < 0 or not math.isfinite(text):
            raise ValueError(f"not a size: {text!r}")
        return int(text)
    match = _SIZE.match(str(text))
    if not match:
        raise ValueError(f"not a size: {text!r} (write e.g. 500MB or 20GB)")
    number, unit, binary = match.groups()
    base = 1024 if binary else 1000
    return int(float(number) * base ** " kmgt".index(unit.lower() or " "))
