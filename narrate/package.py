"""Packaging one episode: encode the timeline, tag it, write transcripts, chapters and script text.

Every file is written beside its target (``.part``) and renamed into place.
"""

from __future__ import annotations

import os
from pathlib import Path

from narrate import audio, tags, transcript
from narrate.config import CourseConfig
from narrate.model import Episode, Lesson, Script
from narrate.script import render_script
from narrate.yamlio import write_atomic


def episode_stem(lesson: Lesson) -> str:
    """File name stem of a lesson's episode files: ``NN-<id>``."""
    return f"{lesson.number:02d}-{lesson.id}"


def write_episode(script: Script, clips: dict[int, Path], config: CourseConfig, out_dir: Path, work: Path,
                  cover: str | None, count: int) -> Episode:
    """Assemble, encode, tag and describe one episode under ``out_dir/episodes``.

    Args:
        script: the lesson's script.  clips: Say cue index → WAV clip.
        work: scratch folder for the PCM timeline.  cover: cover file relative to ``out_dir`` or None.
        count: number of episodes in the course (ID3 track total).

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    lesson = script.lesson
    stem = episode_stem(lesson)
    folder = out_dir / "episodes"
    folder.mkdir(parents=True, exist_ok=True)
    timeline = audio.assemble(script.cues, clips, work / f"{stem}.pcm", config.audio.sample_rate)
    mp3 = folder / f"{stem}.mp3"
    tmp = folder / f".{stem}.mp3.part"
    try:
        audio.encode(timeline, tmp, bitrate=config.audio.bitrate, target_lufs=config.audio.loudness_lufs,
                     true_peak_dbtp=config.audio.true_peak_dbtp)
        cover_bytes = (out_dir / cover).read_bytes() if cover else None
        tags.write_tags(
            tmp, title=lesson.title, album=config.title, artist=config.author or config.title,
            track=lesson.number, track_total=count if lesson.number <= count else None, chapters=timeline.chapters,
            duration_ms=timeline.duration_ms, cover=cover_bytes, cover_mime=_mime(cover),
            comment=lesson.summary or lesson.subtitle,
        )
        os.replace(tmp, mp3)
    finally:
        tmp.unlink(missing_ok=True)
        timeline.pcm_path.unlink(missing_ok=True)
    files = {
        "vtt": (f"{stem}.vtt", transcript.to_webvtt(timeline.cue_times)),
        "srt": (f"{stem}.srt", transcript.to_srt(timeline.cue_times)),
        "chapters": (f"{stem}.chapters.json", transcript.to_json_chapters(timeline.chapters, title=lesson.title)),
        "script": (f"{stem}.script.txt", render_script(script)),
    }
    for name, text in files.values():
        write_atomic(folder / name, text)
    return Episode(
        lesson=lesson, script=script, duration_ms=timeline.duration_ms, chapters=timeline.chapters,
        cue_times=timeline.cue_times, audio_file=f"episodes/{stem}.mp3", audio_bytes=mp3.stat().st_size,
        mime_type="audio/mpeg", files={k: f"episodes/{name}" for k, (name, _) in files.items()},
    )


def copy_cover(config: CourseConfig, out_dir: Path) -> str | None:
    if config.cover is None:
        return None
    name = f"cover{config.cover.suffix.lower()}"
    write_atomic(out_dir / name, config.cover.read_bytes())
    return name


def _mime(cover: str | None) -> str:
    return "image/png" if cover and cover.endswith(".png") else "image/jpeg"
