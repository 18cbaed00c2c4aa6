"""Packaging one episode: encode the timeline in each format, tag it, write transcripts, chapters, script text.

Per episode ``NN-<id>`` (under ``OUT/episodes/``):

* ``NN-<id>.mp3``: MP3 (LAME CBR, 44.1 kHz mono by default), ID3v2.3 tags, CHAP/CTOC chapters, cover;
* ``NN-<id>.m4b``: AAC in MP4 with chapters, tags and cover (when "m4b" is among the formats);
* ``NN-<id>/NN-<chapter-slug>.mp3``: one MP3 per chapter with track numbers (``split``);
* transcripts (VTT, SRT), JSON chapters, the script text.

Every format is levelled the same way (one :func:`narrate.audio.encoder.plan_leveling` per episode).
Every file is written beside its target (``.part``) and renamed into place.

Chapter end times: the last chapter ends at the timeline's duration, which is the decoded duration
of the MP3 (the Xing/LAME header tells decoders to drop the encoder delay and padding, so ffmpeg
decodes exactly the timeline's frames). ``ffprobe``'s container duration of the MP3 is longer by
the encoder delay plus padding to a whole MP3 frame (1105–2256 samples: 25–51 ms at 44.1 kHz); the
AAC track decodes to within 1 ms of the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import pycountry

from narrate.audio import encoder
from narrate.audio import id3 as tags
from narrate.audio import timeline as audio
from narrate.audio.cover import conform_file, write_cover
from narrate.audio.jingle import with_jingles
from narrate.audio.m4b import write_m4b
from narrate.config import CourseConfig, normalise_formats
from narrate.errors import warn
from narrate.files import replacing, write_atomic
from narrate.model import ChapterMark, Episode, Lesson, Script, episode_stem
from narrate.publish import transcripts as transcript
from narrate.publish.media_types import MEDIA_TYPES, media_type
from narrate.settings import AUDIO_FORMATS, audio_formats
from narrate.speech.cache import UtteranceCache
from narrate.speech.synthesis import resolve_repeat_pauses, with_clips
from narrate.speech.utterance import Utterance
from narrate.text.languages import language as language_module
from narrate.text.readers.common import slugify
from narrate.text.script import course_phrases, render_script

MIME_TYPES = {fmt: MEDIA_TYPES[f".{fmt}"] for fmt in AUDIO_FORMATS}
"""Format → the media type of its files (see :mod:`narrate.publish.media_types`)."""


def on_target(
    encode: Callable[[encoder.Leveling], None], path: Path, leveling: encoder.Leveling, config: CourseConfig
) -> encoder.Leveling:
    """``encode(leveling)``, which writes ``path``; at a low sample rate or bitrate
    (:func:`narrate.audio.encoder.needs_measuring`) the file is then measured (ITU-R BS.1770
    loudness and true peak) and, while off target, encoded again with
    :func:`narrate.audio.encoder.correction` (:data:`MEASURED_ENCODES` encodes at most). Still more
    than 1 LU off, or over the true-peak ceiling: a warning naming the file.
    Returns the leveling of the file as written.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    encode(leveling)
    settings = config.audio
    if not encoder.needs_measuring(settings.sample_rate, settings.bitrate):
        return leveling
    for attempt in range(MEASURED_ENCODES):
        lufs, peak = encoder.measure_file(path)
        better = encoder.correction(leveling, lufs, peak, settings.loudness_lufs, settings.true_peak_dbtp)
        if better is None or attempt == MEASURED_ENCODES - 1:
            break
        leveling = better
        encode(leveling)
    if abs(lufs - settings.loudness_lufs) > 1.0 or peak > settings.true_peak_dbtp:
        name = path.name.lstrip(".").removesuffix(".part")
        warn(
            f"{name}: {lufs:.1f} LUFS, true peak {peak:+.1f} dBTP after encoding at {settings.sample_rate} Hz "
            f"and {settings.bitrate}bit/s (target {settings.loudness_lufs:g} LUFS ± 1, at most "
            f"{settings.true_peak_dbtp:g} dBTP): a higher bitrate or sample rate gets closer"
        )
    return leveling


MEASURED_ENCODES = 4
"""At most this many encodes of one file at a low rate or bitrate (see :func:`on_target`)."""


@dataclass(frozen=True)
class EpisodeJob:
    """Everything one episode needs, made on this machine or sent to a Dask worker (picklable).

    ``count`` is the number of episodes in the course (the ID3 track total); ``keys`` maps each Say
    cue index of ``script`` to its utterance key and ``utterances`` holds one
    :class:`~narrate.speech.utterance.Utterance` per distinct key; ``cover`` is the cover's file
    name in the output folder and its bytes (None: no cover); ``split`` also writes one MP3 per
    chapter (see :func:`write_split`); ``jingles`` are the intro and outro as levelled PCM
    (:func:`narrate.audio.jingle.jingle_pcm`; ``b""``: none). On a cluster: ``course`` is the
    course id (in task names and errors), ``cache`` the utterance cache location (a folder or URL
    every worker reaches), ``staging`` a URL prefix where the worker leaves the files (None: in the
    task's result).
    """

    script: Script
    config: CourseConfig
    count: int
    keys: dict[int, str] = field(default_factory=dict)
    utterances: dict[str, Utterance] = field(default_factory=dict)
    cover: tuple[str, bytes] | None = None
    split: bool = False
    jingles: tuple[bytes, bytes] = (b"", b"")
    course: str = ""
    cache: str = ""
    staging: str | None = None


def make_episode(
    job: EpisodeJob,
    clips: dict[int, Path],
    cache: UtteranceCache,
    out_dir: Path,
    work: Path,
    *,
    store: encoder.PieceStore | None = None,
    parallel: int = 1,
) -> Episode:
    """:func:`write_episode` with the script's repeat pauses timed by its clips
    (:func:`narrate.speech.synthesis.resolve_repeat_pauses`); a clip pruned from ``cache`` meanwhile
    is made again (:func:`narrate.speech.synthesis.with_clips`).

    Raises:
        EngineError: a missing clip could not be made again. Otherwise as :func:`write_episode`.
    """

    def write(found: dict[int, Path]) -> Episode:
        resolved = replace(job, script=resolve_repeat_pauses(job.script, found))
        return write_episode(resolved, found, out_dir, work, store=store, parallel=parallel)

    return with_clips(write, clips, job.keys, job.utterances, cache)


def write_episode(
    job: EpisodeJob,
    clips: dict[int, Path],
    out_dir: Path,
    work: Path,
    *,
    store: encoder.PieceStore | None = None,
    parallel: int = 1,
) -> Episode:
    """Assemble, level, encode, tag and describe one episode under ``out_dir/episodes``.

    Args:
        job: the episode (its cover file already in ``out_dir``).  clips: Say cue index → WAV clip.
        work: scratch folder for the PCM timeline.
        store, parallel: where the MP3 is encoded from (chapters encoded before are reused) and how
            many ffmpeg processes it may use (see :func:`narrate.audio.encoder.encode`).

    The formats are ``config.audio.formats`` (see :data:`narrate.settings.AUDIO_FORMATS`): the feed
    enclosure (``audio_file``) is the first, the MP3 when built; ``files`` lists the other formats
    (``files["m4b"]``), the transcripts, chapters, script and image, and the split files
    (``split/NN``). The jingles are joined with a crossfade, the chapter times shifted and an intro
    chapter (phrase ``chapter.intro``) added.

    Raises:
        ConfigError: unknown format.  ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    config, script = job.config, job.script
    formats = audio_formats(normalise_formats(config.audio.formats))
    stem = episode_stem(script.lesson)
    folder = out_dir / "episodes"
    folder.mkdir(parents=True, exist_ok=True)
    timeline = audio.assemble(script.cues, clips, work / f"{stem}.pcm", config.audio.sample_rate)
    intro = course_phrases(config, script.language)("chapter.intro")
    timeline = with_jingles(timeline, *job.jingles, intro_title=intro)
    built: dict[str, str] = {}
    try:
        leveling = encoder.plan_leveling(timeline, config.audio.loudness_lufs, config.audio.true_peak_dbtp)
        if "mp3" in formats:
            leveling = _write_mp3(job, timeline, leveling, folder, store, parallel)
            built["mp3"] = f"episodes/{stem}.mp3"
        if "m4b" in formats:
            _write_m4b(job, timeline, leveling, folder, out_dir)
            built["m4b"] = f"episodes/{stem}.m4b"
        split_files = _split(job, timeline, leveling, folder / stem) if job.split else []
    finally:
        timeline.pcm_path.unlink(missing_ok=True)
    listed = _write_texts(job, timeline, folder)
    main = formats[0]
    listed.update({k: v for k, v in built.items() if k != main})
    listed.update({f"split/{i:02d}": f"episodes/{stem}/{p.name}" for i, p in enumerate(split_files, 1)})
    return Episode(
        lesson=script.lesson,
        script=script,
        duration_ms=timeline.duration_ms,
        chapters=timeline.chapters,
        cue_times=timeline.cue_times,
        audio_file=built[main],
        audio_bytes=(out_dir / built[main]).stat().st_size,
        mime_type=MIME_TYPES[main],
        files=listed,
    )


def _write_mp3(
    job: EpisodeJob,
    timeline: audio.Timeline,
    leveling: encoder.Leveling,
    folder: Path,
    store: encoder.PieceStore | None,
    parallel: int,
) -> encoder.Leveling:
    """``folder/<stem>.mp3``, encoded on target and tagged with its chapters; returns its leveling."""
    config, lesson = job.config, job.script.lesson
    stem = episode_stem(lesson)
    with replacing(folder / f"{stem}.mp3", folder / f".{stem}.mp3.part") as tmp:

        def encode_mp3(lev: encoder.Leveling) -> None:
            encoder.encode(timeline, tmp, bitrate=config.audio.bitrate, leveling=lev, store=store, parallel=parallel)

        leveling = on_target(encode_mp3, tmp, leveling, config)
        tags.write_tags(
            tmp,
            title=lesson.title,
            album=config.title,
            artist=config.author or config.title,
            track=lesson.number,
            track_total=max(job.count, lesson.number),
            chapters=timeline.chapters,
            duration_ms=timeline.duration_ms,
            cover=job.cover[1] if job.cover else None,
            cover_mime=_mime(job.cover[0] if job.cover else None),
            comment=lesson.summary or lesson.subtitle,
            language=_iso639_2(config.language),
        )
    return leveling


def _write_m4b(
    job: EpisodeJob, timeline: audio.Timeline, leveling: encoder.Leveling, folder: Path, out_dir: Path
) -> None:
    """``folder/<stem>.m4b``: AAC encoded on target, with tags, chapters and the cover file of ``out_dir``."""
    config, lesson = job.config, job.script.lesson
    m4b_tags = {
        "title": lesson.title,
        "album": config.title,
        "artist": config.author or config.title,
        "album_artist": config.author or config.title,
        "genre": "Podcast",
        "track": f"{lesson.number}/{max(job.count, lesson.number)}",
        "comment": lesson.summary or lesson.subtitle,
    }
    m4b = folder / f"{episode_stem(lesson)}.m4b"
    cover_file = out_dir / job.cover[0] if job.cover else None

    def encode_m4b(lev: encoder.Leveling) -> None:
        write_m4b(timeline, m4b, leveling=lev, bitrate=config.audio.bitrate, tags=m4b_tags, cover_file=cover_file)

    on_target(encode_m4b, m4b, leveling, config)


def _split(job: EpisodeJob, timeline: audio.Timeline, leveling: encoder.Leveling, folder: Path) -> list[Path]:
    cover, mime = (job.cover[1], _mime(job.cover[0])) if job.cover else (None, _mime(None))
    return write_split(timeline, leveling, job.config, job.script.lesson, folder, cover, mime)


def _write_texts(job: EpisodeJob, timeline: audio.Timeline, folder: Path) -> dict[str, str]:
    """The transcripts (VTT, SRT), JSON chapters, script text and the lesson's own image beside the
    audio; returns them by kind (``vtt``, ``srt``, ``chapters``, ``script``, ``image``) as paths
    relative to the output folder."""
    config, script = job.config, job.script
    lesson = script.lesson
    stem = episode_stem(lesson)
    files = {
        "vtt": (f"{stem}.vtt", transcript.to_webvtt(timeline.cue_times)),
        "srt": (f"{stem}.srt", transcript.to_srt(timeline.cue_times)),
        "chapters": (f"{stem}.chapters.json", transcript.to_json_chapters(timeline.chapters, title=lesson.title)),
        "script": (f"{stem}.script.txt", render_script(script, course_phrases(config, script.language))),
    }
    for name, text in files.values():
        write_atomic(folder / name, text)
    if lesson.image is not None:  # the episode's own artwork (itunes:image of the item)
        data, ext = conform_file(lesson.image, lesson.source, lesson.image_line)
        write_atomic(folder / f"{stem}.image{ext}", data)
        files["image"] = (f"{stem}.image{ext}", "")
    return {k: f"episodes/{name}" for k, (name, _) in files.items()}


def write_split(
    timeline: audio.Timeline,
    leveling: encoder.Leveling,
    config: CourseConfig,
    lesson: Lesson,
    folder: Path,
    cover: bytes | None = None,
    cover_mime: str = "image/png",
) -> list[Path]:
    """One MP3 per chapter: ``folder/NN-<chapter-slug>.mp3``, for players without chapter support.

    Each file holds exactly the chapter's frames of the timeline, levelled like the whole episode,
    tagged with the chapter title (TIT2), "lesson title" as album, track "NN/total" and the cover.
    An episode without chapters gives one file, named after the lesson. Older files in ``folder``
    are removed.

    Raises:
        ToolMissingError, BuildError: ffmpeg missing or failed.
    """
    rate = timeline.sample_rate
    marks = timeline.chapters or [ChapterMark(lesson.title, 0, timeline.duration_ms)]
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, mark in enumerate(marks, 1):
        start = 0 if i == 1 else audio.ms_to_frames(mark.start_ms, rate)
        end = timeline.frames if i == len(marks) else audio.ms_to_frames(mark.end_ms, rate)
        path = folder / f"{i:02d}-{slugify(mark.title)}.mp3"
        with replacing(path, folder / f".{path.name}.part") as tmp:
            encoder.encode(timeline, tmp, bitrate=config.audio.bitrate, leveling=leveling, frames=(start, end))
            tags.write_tags(
                tmp,
                title=mark.title,
                album=lesson.title,
                artist=config.author or config.title,
                track=i,
                track_total=len(marks),
                chapters=[],
                duration_ms=mark.end_ms - mark.start_ms,
                cover=cover,
                cover_mime=cover_mime,
                language=_iso639_2(config.language),
            )
        written.append(path)
    for old in folder.glob("*.mp3"):
        if old not in written:
            old.unlink()
    return written


def copy_cover(config: CourseConfig, out_dir: Path) -> str:
    """Write the course cover (conformed, or generated from the title) to ``out_dir``; see :func:`narrate.audio.cover.write_cover`."""
    return write_cover(
        out_dir,
        title=config.title,
        author=config.author,
        source=config.cover,
        blame=config.source,
        line=config.lines.get("cover"),
    )


def _mime(cover: str | None) -> str:
    return media_type(cover) if cover else MEDIA_TYPES[".jpg"]


def _iso639_2(language: str) -> str:
    """BCP 47 tag (``en-us``) → ISO 639-2 code for ID3 ``TLAN``/``COMM`` (``eng``; unknown: ``und``):
    the language module's own code, else the ISO 639 tables of pycountry (terminology codes: ``deu``)."""
    primary = (language or "").split("-")[0].lower()
    if len(primary) == 3 and primary.isalpha():
        return primary
    known = language_module(primary) if primary else None
    if known is not None:
        return known.iso639_2
    found = pycountry.languages.get(alpha_2=primary) if len(primary) == 2 else None
    return found.alpha_3 if found is not None else "und"
