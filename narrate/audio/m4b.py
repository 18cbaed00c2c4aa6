"""M4B (AAC in MP4) episodes and the whole-course audiobook, with chapters, tags and cover.

mutagen cannot write MP4 chapters, so ffmpeg writes everything in the encoding pass: tags and
chapters come from an FFMETADATA1 file (https://ffmpeg.org/ffmpeg-formats.html#Metadata-1), the
cover is an attached picture (stored as ``covr``). ffmpeg stores the chapters both as a QuickTime
chapter track and as a Nero ``chpl`` atom, so Apple players and others list them.

The audiobook (``narrate build --audiobook``) is one M4B for the whole course, ``OUT/<slug>.m4b``,
assembled again from the cached clips and levelled as a whole. MP4 chapters are a flat list (a Nero
``chpl`` atom holds no levels, nor does a QuickTime chapter track), so every chapter of every lesson
is there under its lesson by name: the lesson's first chapter is the lesson title, each other
"<lesson title> - <chapter title>" (:func:`book_chapter_title`), e.g. "Bread basics - Question 1:
Which test shows gluten is developed?".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from narrate.audio import encoder
from narrate.audio import timeline as audio
from narrate.audio.loudness import LoudnessMeter
from narrate.files import replacing
from narrate.model import ChapterMark, Script
from narrate.text.readers.common import slugify

LESSON_GAP_MS = 2000
"""Silence between two lessons in the audiobook."""
BOOK_TITLE_SEPARATOR = " - "
"""Between a lesson's title and its chapter's in the audiobook's flat chapter list."""

_SPECIAL = ("\\", "=", ";", "#")


def escape_ffmetadata(value: str) -> str:
    """Escape a value for FFMETADATA1: ``\\``, ``=``, ``;``, ``#`` and newlines get a backslash."""
    for char in _SPECIAL:
        value = value.replace(char, "\\" + char)
    return value.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\\n")


def ffmetadata(tags: Mapping[str, str], chapters: Sequence[ChapterMark]) -> str:
    """An FFMETADATA1 document: global ``key=value`` tags, then one ``[CHAPTER]`` per chapter.

    Chapter times use ``TIMEBASE=1/1000`` (milliseconds). Empty tag values are left out.
    Keys ffmpeg maps to MP4 atoms: title (©nam), artist (©ART), album_artist (aART), album (©alb),
    genre (©gen), date (©day), track (trkn, "n/total"), comment (©cmt), description (desc).
    """
    lines = [";FFMETADATA1"]
    lines += [f"{key}={escape_ffmetadata(str(value))}" for key, value in tags.items() if str(value)]
    for mark in chapters:
        lines += [
            "",
            "[CHAPTER]",
            "TIMEBASE=1/1000",
            f"START={mark.start_ms}",
            f"END={mark.end_ms}",
            f"title={escape_ffmetadata(mark.title)}",
        ]
    return "\n".join(lines) + "\n"


def write_m4b(
    timeline: audio.Timeline,
    out_path: Path,
    *,
    leveling: encoder.Leveling,
    bitrate: str,
    tags: Mapping[str, str],
    cover_file: Path | None = None,
) -> None:
    """Encode ``timeline`` to ``out_path`` as AAC-LC in an M4B with its chapters, ``tags`` and cover.

    Written beside the target (``.<name>.part``) and renamed into place.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    out_path = Path(out_path)
    meta = out_path.with_name(f".{out_path.name}.ffmeta")
    try:
        with replacing(out_path, out_path.with_name(f".{out_path.name}.part")) as tmp:
            meta.write_text(ffmetadata(tags, timeline.chapters), encoding="utf-8")
            encoder.encode(
                timeline,
                tmp,
                bitrate=bitrate,
                codec="aac",
                leveling=leveling,
                metadata_file=meta,
                cover_file=cover_file,
            )
    finally:
        meta.unlink(missing_ok=True)


def book_chapter_title(lesson_title: str, index: int, chapter_title: str) -> str:
    """The audiobook's title of chapter ``index`` (0-based) of a lesson: the lesson title for the
    first (its introduction), else "<lesson title> - <chapter title>" (:data:`BOOK_TITLE_SEPARATOR`)."""
    return lesson_title if index == 0 else f"{lesson_title}{BOOK_TITLE_SEPARATOR}{chapter_title}"


def book_timeline(
    scripts: Sequence[Script], clips: Sequence[Mapping[int, Path]], pcm_path: Path, sample_rate: int
) -> audio.Timeline:
    """The whole course as one timeline: each lesson assembled exactly as its episode is (the same
    chapter alignment, so the same length), then :data:`LESSON_GAP_MS` of silence (not after the
    last). Every chapter of every lesson, titled by :func:`book_chapter_title` (the lesson title, or
    its id), at its start in the lesson plus the lesson's start; each runs to the next one's start,
    so a lesson's last chapter holds the gap after it. The loudness is measured over the whole."""
    meter = LoudnessMeter(sample_rate)
    frames = 0
    chapters: list[ChapterMark] = []
    gap = audio.ms_to_frames(LESSON_GAP_MS, sample_rate)
    with open(pcm_path, "wb") as out:
        for n, (script, lesson_clips) in enumerate(zip(scripts, clips)):
            part = audio.assemble(script.cues, lesson_clips, pcm_path.with_name(f"lesson-{n}.pcm"), sample_rate)
            start = frames
            try:
                with open(part.pcm_path, "rb") as pcm:
                    for block in iter(lambda: pcm.read(1 << 20), b""):
                        out.write(block)
                        meter.add(block)
            finally:
                part.pcm_path.unlink(missing_ok=True)
            frames += part.frames
            if n + 1 < len(scripts):
                out.write(bytes(gap * audio.SAMPLE_WIDTH * audio.CHANNELS))
                meter.add_silence(gap)
                frames += gap
            if frames > start:
                title = script.lesson.title or script.lesson.id
                offset = audio.frames_to_ms(start, sample_rate)
                marks = part.chapters or [ChapterMark(title, 0, 0)]
                for i, mark in enumerate(marks):
                    chapters.append(ChapterMark(book_chapter_title(title, i, mark.title), offset + mark.start_ms, 0))
    ends = [c.start_ms for c in chapters[1:]] + [audio.frames_to_ms(frames, sample_rate)]
    chapters = [ChapterMark(c.title, c.start_ms if i else 0, end) for i, (c, end) in enumerate(zip(chapters, ends))]
    return audio.Timeline(pcm_path, sample_rate, frames, chapters, [], meter.integrated_lufs(), meter.sample_peak_dbfs)


def audiobook_name(title: str) -> str:
    """``OUT``-relative file name of a course's audiobook: ``<slug of title>.m4b``."""
    return f"{slugify(title)}.m4b"


def write_audiobook(
    scripts: Sequence[Script], clips: Sequence[Mapping[int, Path]], config, out_dir: Path, work: Path, cover: str | None
) -> str:
    """Write the whole-course audiobook ``out_dir/<slug>.m4b``; returns its name relative to ``out_dir``.

    Args:
        config: the ``CourseConfig`` (title, author, description, audio settings).
        cover: cover file relative to ``out_dir``, or None.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    name = audiobook_name(config.title)
    timeline = book_timeline(scripts, clips, Path(work) / "audiobook.pcm", config.audio.sample_rate)
    try:
        leveling = encoder.plan_leveling(timeline, config.audio.loudness_lufs, config.audio.true_peak_dbtp)
        tags = {
            "title": config.title,
            "album": config.title,
            "artist": config.author or config.title,
            "album_artist": config.author or config.title,
            "genre": "Audiobook",
            "comment": config.description,
        }
        write_m4b(
            timeline,
            Path(out_dir) / name,
            leveling=leveling,
            bitrate=config.audio.bitrate,
            tags=tags,
            cover_file=Path(out_dir) / cover if cover else None,
        )
    finally:
        timeline.pcm_path.unlink(missing_ok=True)
    return name
