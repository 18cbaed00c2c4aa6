"""The episodes stage: every episode reused when up to date, else made here (:mod:`narrate.stages.local`)
or as one task per episode on a Dask cluster (:mod:`narrate.cluster`); then the audiobook."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from narrate.audio.jingle import jingle_pcm
from narrate.audio.m4b import write_audiobook
from narrate.cluster import run_episodes
from narrate.config import CourseConfig
from narrate.limits import MAX_AUDIO_BYTES, MAX_IMAGE_BYTES
from narrate.model import Episode
from narrate.publish.episode import EpisodeJob
from narrate.speech.synthesis import Plan, plan, resolve_repeat_pauses, synthesize
from narrate.stages.context import BuildContext
from narrate.stages.local import make_locally
from narrate.uptodate import Made, digest_file, fingerprint, load_record, read_records

T = TypeVar("T")


def make_episodes(ctx: BuildContext, folder: Path, cover: str | None) -> Made:
    """Every episode of the course, in script order: reused when its record is up to date (see
    :mod:`narrate.uptodate`), else synthesized, assembled and encoded with its files in the staging
    folder ``folder`` (``cover``: the cover's file name there); with ``audiobook``, the course as
    one M4B there too.

    Returns:
        the episodes and their fingerprints (see :class:`~narrate.uptodate.Made`); the records are
        saved once they are published.

    Raises:
        NarrateError: from synthesis, encoding, or an episode task on the cluster.
    """
    config, scripts = ctx.config, list(ctx.scripts)
    jingles, jingle_digests = _jingles(config, ctx.cache.root)
    the_plan = plan(scripts, config, ctx.cache)
    prints = _fingerprints(ctx, the_plan, jingle_digests)
    records = read_records(ctx.out_dir)
    episodes: list[Episode | None] = [load_record(ctx.out_dir, records, s, prints[i]) for i, s in enumerate(scripts)]
    stale = [i for i, e in enumerate(episodes) if e is None]
    if not stale:
        made = Made(_filled(episodes), prints, 0, len(scripts))
    else:
        cover_file = (cover, (folder / cover).read_bytes()) if cover else None
        jobs = {i: _job(ctx, the_plan, i, cover_file, jingles) for i in stale}
        run = _on_cluster if ctx.session is not None else make_locally
        fresh, synthesized = run(ctx, the_plan, jobs, folder)
        for i, episode in fresh.items():
            episodes[i] = episode
        # (a cluster build has not reported which episodes it made: its BuildResult.rebuilt stays empty)
        made_now = tuple(stale) if ctx.session is None else ()
        made = Made(_filled(episodes), prints, synthesized, len(scripts) - len(stale), made_now)
    if ctx.options.audiobook:
        _audiobook(ctx, folder, cover)
    return made


def _fingerprints(ctx: BuildContext, the_plan: Plan, jingle_digests: tuple[str, str]) -> list[str]:
    """Each episode's fingerprint (:func:`narrate.uptodate.fingerprint`), with the build's extra
    inputs: split files, the jingles' digests."""
    config, scripts = ctx.config, ctx.scripts
    extra: dict[str, Any] = {"split": True} if ctx.options.split else {}
    if any(jingle_digests):
        extra["jingles"] = jingle_digests
    cover_digest = digest_file(config.cover, MAX_IMAGE_BYTES) if config.cover else None
    return [
        fingerprint(s, the_plan.keys[i], config, len(scripts), cover_digest, extra or None)
        for i, s in enumerate(scripts)
    ]


def _job(
    ctx: BuildContext, the_plan: Plan, i: int, cover: tuple[str, bytes] | None, jingles: tuple[bytes, bytes]
) -> EpisodeJob:
    """The job of making episode ``i`` (an index into ``ctx.scripts``)."""
    keys = the_plan.keys[i]
    return EpisodeJob(
        script=ctx.scripts[i],
        config=ctx.config,
        count=len(ctx.scripts),
        keys=keys,
        utterances={k: the_plan.utterances[k] for k in keys.values()},
        cover=cover,
        split=ctx.options.split,
        jingles=jingles,
        course=_course_id(ctx.content),
        cache=ctx.cache.location,
        staging=ctx.options.staging,
    )


def _on_cluster(
    ctx: BuildContext, the_plan: Plan, jobs: dict[int, EpisodeJob], folder: Path
) -> tuple[dict[int, Episode], int]:
    """Make each job as one task on the cluster (:func:`narrate.cluster.run_episodes`), its files
    written into ``folder``; returns ``({script index: episode}, clips synthesized)``."""
    assert ctx.session is not None
    report = ctx.report
    outputs = run_episodes(
        ctx.session, list(jobs.values()), folder, report=lambda done, total: report("episodes", done, total)
    )
    made = {i: out.episode for i, out in zip(jobs, outputs) if out.episode is not None}
    return made, sum(out.synthesized for out in outputs)


def _course_id(content: Path) -> str:
    """A course's id in a catalogue and in messages: its folder name (a lesson file: its stem)."""
    path = Path(content).resolve()
    return path.name if path.is_dir() else path.stem


def _jingles(config: CourseConfig, cache_root: Path) -> tuple[tuple[bytes, bytes], tuple[str, str]]:
    """The course's intro and outro (``audio.intro`` / ``audio.outro``) as levelled PCM, decoded once
    and kept in the cache folder, and the SHA-256 of each file ("" when absent), for the fingerprints.

    Raises:
        ConfigError: a jingle ffmpeg cannot read.
    """
    pcm: list[bytes] = []
    digests: list[str] = []
    for key in ("intro", "outro"):
        path = getattr(config.audio, key, None)
        if path is None:
            pcm.append(b"")
            digests.append("")
            continue
        pcm.append(jingle_pcm(Path(path), config.audio.sample_rate, config.audio.loudness_lufs, cache_root))
        digests.append(digest_file(Path(path), MAX_AUDIO_BYTES))
    return (pcm[0], pcm[1]), (digests[0], digests[1])


def _audiobook(ctx: BuildContext, folder: Path, cover: str | None) -> None:
    """The whole course as one M4B in ``folder`` (see :func:`narrate.audio.m4b.write_audiobook`)."""
    scripts = list(ctx.scripts)
    all_clips, _ = synthesize(plan(scripts, ctx.config, ctx.cache), ctx.cache, jobs=ctx.options.jobs)
    with tempfile.TemporaryDirectory(prefix="narrate-book-") as work:
        filled = _filled(all_clips)
        resolved = [resolve_repeat_pauses(s, c) for s, c in zip(scripts, filled)]
        write_audiobook(resolved, filled, ctx.config, folder, Path(work), cover)


def _filled(items: Sequence[T | None]) -> list[T]:
    """``items`` once every slot has been filled (the caller made them all)."""
    filled = [item for item in items if item is not None]
    assert len(filled) == len(items), "a slot was left empty"
    return filled
