"""Episodes made on this machine: clips synthesized in worker processes, each episode encoded in a
thread as soon as its clips are ready, while later episodes are still being synthesized."""

from __future__ import annotations

import os
import tempfile
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from pathlib import Path

from narrate.audio import encoder
from narrate.model import Episode
from narrate.publish.episode import EpisodeJob, make_episode
from narrate.settings import audio_formats
from narrate.speech.synthesis import Plan, synthesize
from narrate.stages.context import BuildContext


def make_locally(
    ctx: BuildContext, the_plan: Plan, jobs: dict[int, EpisodeJob], folder: Path
) -> tuple[dict[int, Episode], int]:
    """Make the episodes of ``jobs`` (script index → job) with their files in the staging folder ``folder``.

    ``options.jobs`` (None: the CPU count) synthesis processes and encoding threads; with 1, one
    thing at a time (every episode encoded after all synthesis). Progress: "synthesis" and "encoding".

    Returns:
        ``({script index: episode}, clips synthesized)``.

    Raises:
        NarrateError: from synthesis or encoding; after an error or Ctrl-C no further encode (nor
            ffmpeg) starts, and the running ones end first.
    """
    threads = max(1, ctx.options.jobs or os.cpu_count() or 1)
    audio = ctx.config.audio
    codecs = ["aac" if f == "m4b" else "mp3" for f in audio_formats(audio.formats)]  # normalised when loaded
    encoder.prepare(codecs, audio.bitrate, audio.sample_rate)  # while the clips are made
    ctx.report("encoding", 0, len(jobs))
    with (
        tempfile.TemporaryDirectory(prefix="narrate-") as work,
        ctx.cache.fresh_samples(Path(work) / "fresh"),
        ThreadPoolExecutor(max_workers=min(threads, len(jobs)), thread_name_prefix="narrate-encode") as pool,
    ):
        encoding = _Encoding(ctx, jobs, folder, Path(work), pool, threads)
        try:
            _, synthesized = synthesize(
                the_plan, ctx.cache, only=list(jobs), jobs=threads, report=ctx.report, on_ready=encoding.ready
            )
            encoding.finish()
        except BaseException:  # an error or Ctrl-C: start no further encode (nor ffmpeg), let running ones end
            encoder.stop_new_runs()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return encoding.made, synthesized


class _Encoding:
    """The episodes being encoded in ``pool``, and those made (script index → episode)."""

    def __init__(
        self, ctx: BuildContext, jobs: dict[int, EpisodeJob], folder: Path, work: Path, pool: Executor, threads: int
    ):
        self.ctx, self.jobs, self.folder, self.work, self.pool, self.threads = ctx, jobs, folder, work, pool, threads
        self.store = ctx.cache if ctx.cache.url is None else None  # encoded MP3 pieces, reused by the next build
        self.running: dict[Future, int] = {}
        self.later: list[tuple[int, dict]] = []
        self.made: dict[int, Episode] = {}

    def ready(self, i: int, clips: dict) -> None:
        """Every clip of episode ``i`` is in the cache: encode it now (with one job: later)."""
        if self.threads == 1:  # strictly one thing at a time: encode after synthesis
            self.later.append((i, clips))
            return
        self.running[self.pool.submit(self.write, i, clips)] = i  # encode while synthesizing
        self.harvest(0)

    def finish(self) -> None:
        """Encode the episodes held back, and wait for every encode."""
        for i, clips in self.later:
            self.running[self.pool.submit(self.write, i, clips)] = i
        while self.running:
            self.harvest(None)

    def write(self, i: int, clips: dict) -> Episode:
        return make_episode(
            self.jobs[i], clips, self.ctx.cache, self.folder, self.work, store=self.store, parallel=self.threads
        )

    def harvest(self, timeout: float | None) -> None:
        """Collect the encodes finished within ``timeout`` seconds (None: wait for one); raise the first error."""
        done, _ = wait(list(self.running), timeout=timeout, return_when=FIRST_COMPLETED)
        for future in done:
            i = self.running.pop(future)
            error = future.exception()
            if error is not None:
                raise error
            self.made[i] = future.result()
            self.ctx.report("encoding", len(self.made), len(self.jobs))
