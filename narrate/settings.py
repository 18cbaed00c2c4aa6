"""The course settings schema: every key of ``course.yaml`` declared once, on the field it fills.

The frozen settings (:class:`CourseConfig` and its sections :class:`VoiceConfig`, :class:`PauseConfig`,
:class:`AudioConfig`, :class:`LimitsConfig`) are the schema, as mkdocs' ``MkDocsConfig`` is: each field
is declared by its course.yaml key, one line (``schedule_days:`` on :class:`CourseConfig`)::

    schedule_days: int = key(Int(7, "days between lessons", low=0, high=365))

The declaration's class is the key's kind (:class:`Text`, :class:`Url`, :class:`Seconds`, :class:`Size`,
:class:`Choice`, :class:`CoursePath`, ...), as mkdocs' ``config_options`` are: it converts and validates
the course.yaml value itself. The kinds, the rules their values follow and the declaring machinery
(:func:`key`, :func:`section`, :func:`build`) are :mod:`narrate.setting_kinds`; this module holds the
declarations, the constants they use and the documentation table, and re-exports the rest, so that
``from narrate.settings import ...`` gives every name. From the declarations come:

* :data:`SETTINGS`, every key bound to its dotted name, in declaration order;
* the loader's checks (:mod:`narrate.config`): unknown keys, types, ranges, with file and line;
* the frozen settings, built field by field without copying (:func:`build`);
* the command-line overrides (``--engine``, ``--base-url``, ...), validated by the same rules
  (:class:`narrate.options.BuildOptions`);
* the settings table of the documentation (:func:`markdown_table`; a test keeps it true).

Seconds appear only in course.yaml; the validated settings hold milliseconds (``*_ms``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from narrate.model import Funding, Person
from narrate.setting_kinds import (
    AUDIO_FORMATS,
    DATE_RANGE,
    EMAIL,
    FORMATS,
    FUNDING_TEXT_MAX,
    KINDS,
    LANGUAGE_TAG,
    Bitrate,
    Bool,
    Choice,
    Context,
    CoursePath,
    Date,
    Email,
    Float,
    Formats,
    Fundings,
    Image,
    Int,
    Language,
    Lexicon,
    List,
    Mappings,
    Number,
    Persons,
    Phrases,
    Seconds,
    Setting,
    Size,
    Text,
    Url,
    Uuid,
    Voices,
    audio_formats,
    build,
    course_file,
    declared,
    http_url,
    inside,
    key,
    language_tag,
    lexicon_entries,
    normalise_formats,
    number_text,
    parse_size,
    range_text,
    section,
    unknown_keys,
)

__all__ = [  # the declarations, the docs table, and the kinds and rules of narrate.setting_kinds, re-exported
    "AUDIO_FORMATS",
    "FORMATS",
    "BY_KEY",
    "DATE_RANGE",
    "DEFAULT_LANGUAGE",
    "DOC_BEGIN",
    "DOC_END",
    "EMAIL",
    "FUNDING_TEXT_MAX",
    "KINDS",
    "LANGUAGE_TAG",
    "MAX_PAUSE_S",
    "SECTIONS",
    "SETTINGS",
    "AudioConfig",
    "Bitrate",
    "Bool",
    "Choice",
    "Context",
    "CourseConfig",
    "CoursePath",
    "Date",
    "Email",
    "Float",
    "Formats",
    "Fundings",
    "Image",
    "Int",
    "Language",
    "Lexicon",
    "LimitsConfig",
    "List",
    "Mappings",
    "Number",
    "PauseConfig",
    "Persons",
    "Phrases",
    "Seconds",
    "Setting",
    "Size",
    "Text",
    "Url",
    "VoiceConfig",
    "Voices",
    "build",
    "course_file",
    "http_url",
    "inside",
    "key",
    "keys_of",
    "language_tag",
    "lexicon_entries",
    "markdown_table",
    "audio_formats",
    "normalise_formats",
    "number_text",
    "parse_size",
    "range_text",
    "section",
    "unknown_keys",
    "with_table",
    "with_value",
]

DEFAULT_LANGUAGE = "en-us"
"""The language of a course, lesson or text that names none (a BCP 47 tag); written here once."""

MAX_PAUSE_S = 120
"""The longest pause an author may ask for, in seconds (course.yaml, lessons, questions)."""


@dataclass(frozen=True)
class VoiceConfig:
    """Speech settings. ``narrator``/``host`` are engine voice ids (None: the engine's default)."""

    engine: str = key(
        Text(
            "",
            "speech engine: `pyttsx3` (espeak-ng), `piper` or `kokoro`; empty: the best installed for each language "
            "(Piper for US English, Kokoro for the languages it has, else espeak-ng; `narrate voices --language xx`)",
            option="--engine",
        )
    )
    narrator: str | None = key(
        Text(None, "narrator voice id (`narrate voices`); empty: the language's default", option="--voice")
    )
    host: str | None = key(Text(None, "the quiz host's voice id; empty: the narrator's voice"))
    host_engine: str | None = key(Text(None, "the quiz host's engine; empty: the narrator's engine"))
    languages: dict[str, str] = key(
        Voices(
            None,
            "the voice for a language (`es: roa/es-419`, or a Piper `.onnx` model), for lessons and `[...]{lang=xx}` "
            "phrases in it; empty: the engine's default for the language",
            example="{es: roa/es-419}",
            blank={},
        )
    )
    """Voice id per language code (``voice.languages``), for lessons and spans in that language."""
    rate_wpm: int = key(Int(160, "speaking rate, words per minute", low=80, high=400))

    def for_language(self, language: str) -> str | None:
        """The voice ``voice.languages`` names for a language tag (``es-mx``, else ``es``), or None."""
        tag = language.lower()
        return self.languages.get(tag) or self.languages.get(tag.split("-")[0])


@dataclass(frozen=True)
class PauseConfig:
    """Pause lengths in milliseconds.

    Think pause for a question = ``think_ms + think_per_option_ms × options + think_per_word_ms ×
    prompt words``, unless the question or lesson overrides it.
    """

    sentence_ms: int = key(Seconds(0.35, "between sentences", low=0, high=MAX_PAUSE_S, key="sentence"))
    paragraph_ms: int = key(Seconds(0.7, "between paragraphs", low=0, high=MAX_PAUSE_S, key="paragraph"))
    section_ms: int = key(Seconds(1.2, "between sections", low=0, high=MAX_PAUSE_S, key="section"))
    think_ms: int = key(Seconds(5.0, "the think pause before each quiz answer", low=0, high=MAX_PAUSE_S, key="think"))
    think_per_option_ms: int = key(
        Seconds(0.0, "added to the think pause per answer option", low=0, high=MAX_PAUSE_S, key="think_per_option")
    )
    think_per_word_ms: int = key(
        Seconds(0.0, "added to the think pause per word of the question", low=0, high=MAX_PAUSE_S, key="think_per_word")
    )
    repeat_ms: int | None = key(
        Seconds(
            None,
            "listen-and-repeat pause after a `{lang=xx repeat}` span; empty: the span's spoken length + 1 s",
            low=0,
            high=MAX_PAUSE_S,
            key="repeat",
        )
    )
    """Listen-and-repeat pause after a ``{lang=xx repeat}`` span; None: the span's spoken length + 1 s."""
    chime: bool = key(Bool(False, "a short generated chime ends each think pause"))


@dataclass(frozen=True)
class AudioConfig:
    """Audio output: sample rate (Hz), MP3 bitrate, loudness target (LUFS) and true-peak ceiling (dBTP)."""

    sample_rate: int = key(Int(44100, "sample rate of the episodes, Hz", low=8000, high=192000))
    bitrate: str = key(Bitrate("64k", "MP3 bitrate, 8k to 320k"))
    loudness_lufs: float = key(Float(-16.0, "integrated loudness target, LUFS (ITU-R BS.1770)", low=-40, high=-5))
    true_peak_dbtp: float = key(Float(-1.0, "true-peak ceiling, dBTP", low=-20, high=0))
    formats: tuple[str, ...] = key(
        Formats(["mp3"], "formats: `mp3` and/or `m4b` audio, `epub` a read-along book", option="--format", split=",")
    )
    intro: Path | None = key(
        CoursePath(
            None,
            "music or voice (any format ffmpeg reads) joined before every episode, with a crossfade",
            example="intro.ogg",
            what="intro file",
        )
    )
    """A music or voice file (any format ffmpeg reads) joined before every episode."""
    outro: Path | None = key(
        CoursePath(
            None,
            "music or voice joined after every episode, with a crossfade",
            example="outro.ogg",
            what="outro file",
        )
    )
    """A music or voice file joined after every episode."""


@dataclass(frozen=True)
class LimitsConfig:
    """Resource bounds checked before synthesis (see ``narrate.limits``).

    ``max_lesson_bytes``: largest lesson file read, in bytes. ``max_episode_minutes``: longest
    episode, estimated from the script's words at ``voice.rate_wpm`` plus its pauses.
    """

    max_lesson_bytes: int = key(Int(5_000_000, "largest lesson file read, bytes", low=1_000, high=1_000_000_000))
    max_episode_minutes: float = key(
        Float(180.0, "longest episode, minutes (estimated before synthesis)", low=1, high=24 * 60)
    )


@dataclass(frozen=True)
class CourseConfig:
    """Validated course settings (see the docs, "course.yaml"): each field declared by its key, in
    the order of the documentation's table."""

    title: str = key(
        Text(None, "the course title (feed and episode album)", required=True, example="How Batteries Work")
    )
    author: str = key(
        Text("", "author or publisher, credited in the feed and the ID3 tags", example="The narrate authors")
    )
    description: str = key(Text("", "the course description (feed; safe HTML allowed)"))
    language: str = key(Language(DEFAULT_LANGUAGE, "ISO 639 language code, optionally with a region (`en-us`)"))
    base_url: str = key(
        Url("http://localhost:8000/", "where the output folder will be published", option="--base-url", secure=True)
    )
    link: str = key(Url(None, "the course's web page (default: base_url)", blank="", folder=False))
    guid: str = key(
        Uuid(
            None,
            "the show's podcast:guid, which its episodes' GUIDs are made from (default: made from the title and "
            "author at the first build, and kept in the output folder)",
            example="917393e3-1b1e-5cef-ace4-edaa54e1f810",
            blank="",
        )
    )
    """The show's ``podcast:guid`` (a UUID): set it to keep a show's identity across a new title, or to
    import one a show already has; "" (default): see :func:`narrate.publish.feed.course_guid`."""
    cover: Path | None = key(
        Image(
            None,
            "a square 1400-3000 px JPEG or PNG beside course.yaml (one is drawn if absent)",
            example="cover.png",
            what="cover image",
        )
    )
    category: tuple[str, ...] = key(
        List(["Education", "Courses"], "Apple Podcasts category and subcategory (`Education › Courses`)", split="›>/")
    )
    explicit: bool = key(Bool(False, "the feed's explicit flag"))
    start_date: str = key(
        Date(
            None,
            "date of lesson 1 (YYYY-MM-DD); lesson N is published (N-1) × schedule_days later; "
            "empty: the first build's date, recorded in the output folder",
            example="2026-01-05",
            blank="",
        )
    )
    """Date of lesson 1 (YYYY-MM-DD); "" dates lessons from the first build (recorded in the output folder)."""
    schedule_days: int = key(Int(7, "days between lessons", low=0, high=365))
    review: bool = key(
        Bool(False, "add a course-review bonus episode that asks every quiz question", option="--review")
    )
    read_code: bool = key(
        Choice(
            "notes",
            "'read' (read code blocks aloud) or 'notes' (a cue; the code in the show notes)",
            choices=("read", "notes"),
            means="read",
            key="code",
        )
    )
    """``code: read``: code blocks are read aloud line by line; ``notes`` (default): a cue, the code in
    the show notes. A lesson's own ``code:`` wins."""
    challenges_at_end: bool = key(
        Choice(
            "in_place",
            "'in_place' (a lesson's challenges and exercises, with their think pause, where the author put them) or "
            "'at_end' (with the quiz, after the last section)",
            choices=("in_place", "at_end"),
            means="at_end",
            key="challenges",
        )
    )
    """``challenges: at_end``: a lesson's challenges join the quiz after its last section (default: in place)."""
    strict: bool = key(
        Bool(
            False,
            "refuse, as errors, what narrate otherwise reads its own way with a warning (structure it cannot place)",
            option="--strict",
        )
    )
    """``strict: true``: what a lesson's reader would warn about and read its own way is an error."""
    lexicon: dict[str, str] = key(
        Lexicon(
            {},
            "how to say words the engine gets wrong (`word: spoken form`, or `word: /IPA/`)",
            example={"Li-ion": "lithium ion"},
        )
    )
    """Written word → spoken form: ``lexicon:`` with the entries of ``lexicon_file`` over it."""
    lexicon_file: ClassVar[Setting] = CoursePath(
        None,
        "more lexicon entries, in a YAML file or a W3C PLS file (`.pls`) beside course.yaml",
        example="lexicon.yaml",
        what="lexicon file",
    )
    """A key without a field of its own: the loader merges its entries into ``lexicon``."""
    phrases: dict[str, str | tuple[str, ...]] = key(
        Phrases(
            None,
            "override narrate's own framing phrases (`phrase: text`), or a language code for framing in that language",
            example="en",
            blank={},
        )
    )
    """Framing phrases the course overrides: phrase key → text (plural phrases: (singular, plural))."""
    framing: str | None = None
    """Language of the framing phrases when not the course's (``phrases: en`` asks for English framing)."""
    lessons: tuple[str, ...] = key(List([], "lesson file names in episode order (default: file name order)"))
    owner_name: str = key(
        Text(None, "the show owner's name (default: author)", example="Harbour School", key="owner.name", blank="")
    )
    owner_email: str = key(
        Email(None, "the show owner's email address", example="podcast@example.org", key="owner.email", blank="")
    )
    """``itunes:owner``: who Apple Podcasts writes to about the show (not shown to listeners)."""
    copyright: str = key(Text(None, "the feed's copyright line", example="© 2026 Harbour School", blank=""))
    funding: tuple[Funding, ...] = key(
        Fundings(
            None,
            "podcast:funding: a `url` and a `text` (at most 128 characters), or a list of them",
            blank=(),
        )
    )
    persons: tuple[Person, ...] = key(
        Persons(
            None,
            "podcast:person credits: a list of `name`, `role` (Podcast Index taxonomy; default host), `href`, `img`",
            blank=(),
        )
    )
    complete: bool = key(Bool(False, "itunes:complete: no more episodes will be published"))
    """``itunes:complete``: no more episodes will be published."""
    show_type: str = key(
        Choice(
            "serial",
            "'serial' (listen in order) or 'episodic' (newest first), itunes:type",
            choices=("serial", "episodic"),
            key="type",
        )
    )
    """``itunes:type``: ``serial`` (listen in order: a course) or ``episodic`` (newest first)."""
    season: int | None = key(
        Int(None, "itunes:season of every episode (a lesson's `season:` wins)", low=1, high=10_000)
    )
    """``itunes:season`` of every episode (a lesson's own ``season:`` wins)."""
    voice: VoiceConfig = section(VoiceConfig)
    pauses: PauseConfig = section(PauseConfig)
    audio: AudioConfig = section(AudioConfig)
    cache_max_size: int | None = key(
        Size(
            None,
            "bound of the utterance cache (e.g. `20GB`): after each build the least recently used clips are deleted",
            option="--cache-max-size",
            example="20GB",
            key="cache.max_size",
        )
    )
    """``cache.max_size`` in bytes: prune the utterance cache to it after each build (None: no bound)."""
    limits: LimitsConfig = section(LimitsConfig)
    source: Path | None = None
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """Line in ``source`` of some settings, for error messages: ``"cover"``, ``"lessons.0"``, ..."""


SETTINGS: tuple[Setting, ...] = tuple(declared(CourseConfig))
"""Every course.yaml key, in the order of the documentation's table."""

BY_KEY = {s.key: s for s in SETTINGS}
"""Every setting by its dotted key."""

SECTIONS = {
    "voice": "Speech: engine, voices and speaking rate.",
    "pauses": "Pause lengths, in seconds.",
    "audio": "Audio output: formats, bitrate and loudness.",
    "cache": "The utterance cache (its folder is `--cache-dir`).",
    "limits": "Resource bounds, checked before any synthesis.",
    "owner": "Who Apple Podcasts writes to about the show (itunes:owner; not shown to listeners).",
}
"""Keys that hold a mapping of settings, with a one-line doc."""
assert SECTIONS.keys() == {s.section for s in SETTINGS} - {""}, "every section has its doc"


def with_value(config: Any, key: str, value: Any) -> Any:
    """``config`` (a :class:`CourseConfig`) with the field that ``key`` declares set to ``value`` (a
    value the key's kind read); ``config`` itself when the field already holds it.

    Raises:
        KeyError: no such key, or one without a field of its own.
    """
    path = BY_KEY[key].field_path or ()
    if not path:
        raise KeyError(key)
    return _with(config, path, BY_KEY[key].to_config(value))


def _with(holder: Any, path: tuple[str, ...], value: Any) -> Any:
    name, rest = path[0], path[1:]
    old = getattr(holder, name)
    new = _with(old, rest, value) if rest else value
    return holder if new == old else replace(holder, **{name: new})


def keys_of(section: str) -> set[str]:
    """The allowed keys of a section (``""``: the top level, sections included)."""
    names = {s.name for s in SETTINGS if s.section == section}
    if not section:
        names |= set(SECTIONS)
    return names


# --- the documentation --------------------------------------------------------------------------------


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
