"""Built episodes → a static author preview site beside the feed (HTML5, no server, no network).

Layout written into the output folder::

    OUT/index.html                 the course: cover, title, description, feed URL, episode list
    OUT/episodes/NN-<id>.html      one page per episode (a stable name: no audio version in it):
                                   player, chapter list, narration script cue by cue
    OUT/assets/preview.css|.js     shared style and behaviour (no third-party code)

The pages work opened straight from disk (``file://``) or from any static server: the cue and
chapter times are embedded in each page as JSON (``<script type="application/json" id="timing">``),
every link is relative, and nothing is loaded from the internet. HTML is rendered with Jinja2 with
autoescaping on, so text from lessons is always escaped.

Script rows on an episode page: a ``Say`` cue is one row (``[start_ms, end_ms)``) showing the sentence
as the lesson wrote it (``Say.written``, as the transcripts do: "1.7 L", "Tefal", never a lexicon
respelling), with the spoken form, when it differs, in the row's ``title`` (shown on hover, for the
author checking what is said: "one point seven liters", "Teffal"); a following
sentence, paragraph or section pause is merged into the row before it (so the row stays highlighted
through the silence after it), and paragraph or section pauses end a paragraph visually; a think
pause is a row of its own showing its length. Answer rows (the ``Say`` cues after a think pause, up
to the next chapter) are hidden until playback passes the end of that think pause.

Standards: HTML5 (WHATWG) with WAI-ARIA 1.2 labels (landmarks, ``aria-current`` on the chapter and
cue being heard); keyboard per the page's help line: Space play/pause, ←/→ previous/next cue,
Shift+←/→ five seconds back/forward. Works in current Chromium and Firefox.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote

import jinja2

from narrate.config import CourseConfig
from narrate.errors import BuildError
from narrate.files import write_atomic
from narrate.model import Chapter, ChapterMark, Episode, Say, episode_stem
from narrate.publish.feed import media_url
from narrate.text.phrases import Phrases, is_rtl
from narrate.text.script import course_phrases

_DOWNLOADS = ("script", "vtt", "srt", "chapters")
"""Episode files linked from its page, labelled by the ``download.<name>`` phrases."""

ASSETS = ("preview.css", "preview.js")
"""Static files copied from ``narrate/publish/templates`` into ``OUT/assets/``."""

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("narrate.publish", "templates"),
    autoescape=jinja2.select_autoescape(["html"], default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
"""narrate's Jinja2 templates (``narrate/publish/templates``): HTML escaped, an undefined name an error."""


@dataclass(frozen=True)
class Row:
    """One row of an episode page's script.

    ``kind`` is "say" or "think"; times are ms into the episode, ``[start_ms, end_ms)``.
    ``answer_after_ms`` is set on answer rows: the end of the think pause before them.
    ``pause_ms`` is the think pause's length (think rows only). ``paragraph_end`` marks a row
    followed by a paragraph or section pause. ``spans``: for a sentence that mixes languages,
    ``(space before, language or "", text)`` runs whose concatenation is ``text``, so that each
    phrase in another language is marked with its ``lang``. ``text`` is the sentence as written
    (``Say.written or Say.text``); ``said`` is the spoken text when it differs from it, else "".
    """

    id: str
    kind: str
    text: str
    start_ms: int
    end_ms: int
    role: str = "narrator"
    pause_ms: int = 0
    answer_after_ms: int | None = None
    paragraph_end: bool = False
    spans: tuple[tuple[str, str, str], ...] = ()
    said: str = ""


@dataclass
class ChapterBlock:
    """A chapter of an episode page: its mark (title, times), index and script rows."""

    index: int
    title: str
    start_ms: int
    end_ms: int
    rows: list[Row] = field(default_factory=list)


def page_stem(episode: Episode) -> str:
    """Stem of an episode's page: ``NN-<id>`` (:func:`narrate.model.episode_stem`), without the audio's
    version, so the page keeps its name (and an open tab its address) when the episode is rebuilt."""
    return episode_stem(episode.lesson)


def _posix(path: str) -> str:
    return path.replace("\\", "/").lstrip("/")


def _href(path: str, base: str = ".") -> str:
    """A relative URL from folder ``base`` (relative to the output folder) to output file ``path``."""
    return quote(posixpath.relpath(_posix(path), base), safe="/")


def format_time(ms: int) -> str:
    """Milliseconds → ``m:ss`` or ``h:mm:ss`` (rounded down to whole seconds): 65_400 → "1:05"."""
    seconds = max(0, int(ms)) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_seconds(ms: int) -> str:
    """A pause length for people: 5000 → "5 s", 2500 → "2.5 s"."""
    text = f"{max(0, int(ms)) / 1000:.1f}".rstrip("0").rstrip(".")
    return f"{text} s"


def script_chapters(episode: Episode) -> list[ChapterBlock]:
    """The episode's script as chapters of rows (see module docstring for merging and answers).

    ``episode.cue_times`` has one entry per ``Say``/``Pause`` cue of ``episode.script.cues``, in order.

    Raises:
        BuildError: the cue times do not match the script (count or kind).
    """
    cues = episode.script.cues
    times = episode.cue_times
    spoken = [c for c in cues if not isinstance(c, Chapter)]
    if len(spoken) != len(times):
        raise BuildError(f"episode '{episode.lesson.id}': {len(times)} cue times for {len(spoken)} cues")
    marks = list(episode.chapters)
    chapter_cues = [c for c in cues if isinstance(c, Chapter)]
    same_chapters = len(chapter_cues) == len(marks)
    blocks: list[ChapterBlock] = []
    rows: list[Row] = []
    answer_after: int | None = None
    position = 0  # running time, for matching chapters when some were dropped as empty
    index = 0  # index into cue_times
    for cue in cues:
        if isinstance(cue, Chapter):
            mark = marks[len(blocks)] if same_chapters else _mark_at(marks, position, cue.title)
            blocks.append(ChapterBlock(len(blocks), cue.title, mark.start_ms, mark.end_ms))
            rows = blocks[-1].rows
            answer_after = None
            continue
        time = times[index]
        row_id = f"cue-{index}"
        index += 1
        kind = "say" if isinstance(cue, Say) else cue.kind
        if time.kind != kind:
            raise BuildError(
                f"episode '{episode.lesson.id}': cue time of kind '{time.kind}' where the script has '{kind}'"
            )
        if not blocks:  # cues before the first chapter (a script without one)
            blocks.append(ChapterBlock(0, episode.lesson.title, 0, episode.duration_ms))
            rows = blocks[-1].rows
        position = time.end_ms
        if isinstance(cue, Say):
            shown = cue.written or cue.text
            rows.append(
                Row(
                    row_id,
                    "say",
                    shown,
                    time.start_ms,
                    time.end_ms,
                    cue.role,
                    answer_after_ms=answer_after,
                    spans=_spans(cue, shown),
                    said=cue.text if cue.text.split() != shown.split() else "",
                )
            )
        elif cue.kind == "think":
            rows.append(Row(row_id, "think", "", time.start_ms, time.end_ms, pause_ms=time.end_ms - time.start_ms))
            answer_after = time.end_ms
        elif cue.kind == "repeat":  # a listen-and-repeat pause: its own row, like a think pause
            rows.append(Row(row_id, "repeat", "", time.start_ms, time.end_ms, pause_ms=time.end_ms - time.start_ms))
        elif rows:  # a sentence/paragraph/section pause: the row before it lasts through it
            ends_paragraph = rows[-1].paragraph_end or cue.kind in ("paragraph", "section")
            rows[-1] = replace(rows[-1], end_ms=time.end_ms, paragraph_end=ends_paragraph)
    return blocks


def _spans(cue: Say, shown: str) -> tuple[tuple[str, str, str], ...]:
    """The runs of a mixed-language sentence as ``(space before, language, text)`` (see :class:`Row`),
    whose concatenation is ``shown`` (the sentence as written); () when the sentence is in one
    language, or its runs do not add up to its text, or a phrase in another language is not found
    as said in ``shown``."""
    if not cue.parts:
        return ()
    out = []
    for n, (language, text) in enumerate(cue.parts):
        out.append(("" if n == 0 or text[:1] in ",;:.!?)]" else " ", language, text))
    if "".join(s + t for s, _, t in out) != cue.text:
        return ()
    if shown == cue.text:
        return tuple(out)
    written: list[tuple[str, str, str]] = []  # the other-language phrases as found in the written text
    at = 0
    for _, language, text in out:
        found = shown.find(text, at) if language else -1
        if language and found < 0:
            return ()
        if language:
            written += [("", "", shown[at:found])] if found > at else []
            written.append(("", language, text))
            at = found + len(text)
    written += [("", "", shown[at:])] if at < len(shown) else []
    return tuple(written)


def _mark_at(marks: list[ChapterMark], t: int, title: str) -> ChapterMark:
    for mark in marks:
        if mark.title == title and mark.start_ms <= t < max(mark.end_ms, t + 1):
            return mark
    return ChapterMark(title, t, t)


def timing_data(blocks: list[ChapterBlock]) -> dict:
    """The JSON embedded in an episode page: rows and chapters with their times in ms.

    Shape: ``{"cues": [{"id", "start", "end", "kind", "answerAfter"}], "chapters": [{"start", "end"}]}``.
    """
    cues = [
        {"id": r.id, "start": r.start_ms, "end": r.end_ms, "kind": r.kind, "answerAfter": r.answer_after_ms}
        for b in blocks
        for r in b.rows
    ]
    return {"cues": cues, "chapters": [{"start": b.start_ms, "end": b.end_ms} for b in blocks]}


def render_index(
    config: CourseConfig,
    episodes: Sequence[Episode],
    *,
    image_file: str | None,
    feed_file: str = "feed.xml",
    status: Mapping[str, str] | None = None,
) -> str:
    """The course page (``index.html``) as a str; ``status`` marks episodes not in the feed
    (lesson id → e.g. "Scheduled for 2026-12-07", "Draft: not in the feed")."""
    items = [
        {
            "status": (status or {}).get(ep.lesson.id, ""),
            "episode": ep,
            "href": _href(f"episodes/{page_stem(ep)}.html"),
            "audio": _href(ep.audio_file),
            "duration": format_time(ep.duration_ms),
            "chapter_count": len(ep.chapters),
            "question_count": len(ep.lesson.quiz),
        }
        for ep in episodes
    ]
    return TEMPLATES.get_template("index.html").render(
        **_language(course_phrases(config), config.language),
        config=config,
        items=items,
        image=_href(image_file) if image_file else None,
        feed_url=media_url(config, feed_file),
        total=format_time(sum(ep.duration_ms for ep in episodes)),
        root="",
    )


def render_episode(config: CourseConfig, episodes: Sequence[Episode], index: int, *, image_file: str | None) -> str:
    """The page of ``episodes[index]`` as a str (``episodes`` gives the previous/next links).

    Raises:
        BuildError: the episode's cue times do not match its script.
    """
    episode = episodes[index]
    blocks = script_chapters(episode)
    neighbours = {
        "prev": episodes[index - 1] if index > 0 else None,
        "next": episodes[index + 1] if index + 1 < len(episodes) else None,
    }
    links = {
        k: (_href(f"episodes/{page_stem(ep)}.html", "episodes"), ep.lesson.title) if ep else None
        for k, ep in neighbours.items()
    }
    t = course_phrases(config, episode.script.language)
    downloads = [
        (t(f"download.{key}"), _href(episode.files[key], "episodes")) for key in _DOWNLOADS if episode.files.get(key)
    ]
    return TEMPLATES.get_template("episode.html").render(
        **_language(t, episode.script.language or config.language),
        config=config,
        episode=episode,
        lesson=episode.lesson,
        blocks=blocks,
        timing=timing_data(blocks),
        audio=_href(episode.audio_file, "episodes"),
        downloads=downloads,
        duration=format_time(episode.duration_ms),
        image=_href(image_file, "episodes") if image_file else None,
        links=links,
        root="../",
        fmt=format_time,
        secs=format_seconds,
    )


def _language(t: Phrases, language: str) -> dict:
    """Template values for a page in ``language`` (the course's or the episode's): ``t`` (the framing
    phrases), ``lang`` and ``dir`` (``rtl`` for Arabic, Hebrew, Persian, ...; text itself is never
    reordered, the browser's bidi algorithm lays it out)."""
    return {"t": t, "lang": language, "dir": "rtl" if is_rtl(language) else "ltr"}


def write_preview(
    out_dir: Path,
    config: CourseConfig,
    episodes: Sequence[Episode],
    *,
    image_file: str | None,
    feed_file: str = "feed.xml",
    status: Mapping[str, str] | None = None,
) -> list[str]:
    """Write the preview site into ``out_dir`` (see module docstring), each file atomically.

    Args:
        out_dir: the build's output folder (episode audio already written under it).
        config: course settings (title, author, description, base_url, language).
        episodes: the built episodes, in course order.
        image_file: the cover's path relative to ``out_dir``, or None.
        feed_file: the feed's path relative to ``out_dir`` (shown as ``base_url`` + it).
        status: lesson id → why that episode is not in the feed (shown beside it on the course page).

    Returns:
        The paths written, relative to ``out_dir`` with ``/``: ``assets/…``, ``index.html``, then
        ``episodes/<stem>.html`` in episode order.

    Raises:
        BuildError: an episode has no audio file, or its cue times do not match its script.
    """
    out_dir = Path(out_dir)
    written: list[str] = []
    for ep in episodes:
        if not ep.audio_file:
            raise BuildError(f"episode '{ep.lesson.id}' has no audio file for the preview")
    for name in ASSETS:
        source = TEMPLATES.loader.get_source(TEMPLATES, name)[0]  # type: ignore[union-attr]
        write_atomic(out_dir / "assets" / name, source)
        written.append(f"assets/{name}")
    pages = [("index.html", render_index(config, episodes, image_file=image_file, feed_file=feed_file, status=status))]
    for i, ep in enumerate(episodes):
        pages.append((f"episodes/{page_stem(ep)}.html", render_episode(config, episodes, i, image_file=image_file)))
    for rel, html in pages:
        write_atomic(out_dir / rel, html)
        written.append(rel)
    return written
