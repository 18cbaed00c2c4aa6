"""Incremental builds: skip episodes whose inputs did not change; make the rest in parallel.

After a successful build, ``OUT/.narrate-build.json`` records every episode by its file stem::

    {"format": 1, "episodes": {"01-x": {"fingerprint": "<sha256>",
        "episode": {duration_ms, chapters, cue_times, audio_file, audio_bytes, mime_type, files},
        "sizes": {"episodes/01-x.<version>.mp3": 1193287, ...}}}}

The fingerprint covers everything an episode's files depend on: the narrate code (a digest of its
modules) and version, the lesson and its script cues, each Say cue's utterance key (engine,
engine version, voice, rate, spoken text), the course title, author and language, the audio
settings, the cover image's digest, the episode count (ID3 track total) and anything the caller
adds (``extra``). An episode is up to date when its record has the same fingerprint and every file
it lists still exists with the recorded size; it is then neither synthesized, assembled nor
encoded, and its :class:`~narrate.model.Episode` (timing included) is rebuilt from the record, so
the feed and preview are regenerated without decoding any audio.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import tempfile
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from narrate import __version__
from narrate.cache import UtteranceCache
from narrate.config import CourseConfig
from narrate.model import ChapterMark, CueTime, Episode, Script
from narrate.package import episode_stem
from narrate.synth import plan, synthesize
from narrate.yamlio import write_atomic

RECORD_FORMAT = 1
RECORDS_FILE = ".narrate-build.json"
Writer = Callable[[Script, dict, Path], Episode]
"""``write(script, clips, work_dir) -> Episode``: assemble, encode and package one episode."""


def make_episodes(scripts: list[Script], config: CourseConfig, out_dir: Path, cache: UtteranceCache,
                  write: Writer, *, jobs: int | None = None, report: Callable[[str, int, int], None] | None = None,
                  extra: Any = None) -> "Made":
    """Every episode of the course: reused when up to date, else synthesized, encoded and recorded.

    Args:
        write: makes one episode (see :data:`Writer`); called from up to ``jobs`` threads at once.
            With more than one job, an episode is encoded as soon as its clips are ready, while
            later episodes are still being synthesized.
        jobs: parallel synthesis processes and encoding threads (None: the CPU count); 1 does one
            thing at a time.
        extra: more inputs for the fingerprint (any value with a stable ``repr``).

    Returns:
        the episodes in script order (see :class:`Made`); call :func:`save_records` once they are
        published.

    Raises:
        NarrateError: from synthesis or ``write``.
    """
    import os

    out_dir = Path(out_dir)
    report = report or (lambda stage, done, total: None)
    jobs = max(1, jobs or os.cpu_count() or 1)
    the_plan = plan(scripts, config, cache)
    cover_digest = _digest_file(config.cover) if config.cover else None
    prints = [fingerprint(s, the_plan.keys[i], config, len(scripts), cover_digest, extra) for i, s in enumerate(scripts)]
    records = _read_records(out_dir)
    episodes: list[Episode | None] = [load_record(out_dir, records, s, prints[i]) for i, s in enumerate(scripts)]
    stale = [i for i, e in enumerate(episodes) if e is None]
    if not stale:
        return Made(list(episodes), prints, 0, len(scripts))
    report("encoding", 0, len(stale))
    finished = 0
    running: dict[Future, int] = {}
    later: list[tuple[int, dict]] = []
    with tempfile.TemporaryDirectory(prefix="narrate-") as work, \
            ThreadPoolExecutor(max_workers=min(jobs, len(stale)), thread_name_prefix="narrate-encode") as pool:

        def harvest(timeout: float | None) -> None:
            nonlocal finished
            done, _ = wait(list(running), timeout=timeout, return_when=FIRST_COMPLETED)
            for future in done:
                i = running.pop(future)
                if future.exception() is not None:
                    raise future.exception()
                episodes[i] = future.result()
                finished += 1
                report("encoding", finished, len(stale))

        def ready(i: int, clips: dict) -> None:
            if jobs == 1:  # strictly one thing at a time: encode after synthesis
                later.append((i, clips))
                return
            running[pool.submit(write, scripts[i], clips, Path(work))] = i  # encode while synthesizing
            harvest(0)

        try:
            _, made = synthesize(the_plan, cache, only=stale, jobs=jobs, report=report, on_ready=ready)
            for i, clips in later:
                running[pool.submit(write, scripts[i], clips, Path(work))] = i
            while running:
                harvest(None)
        except BaseException:  # an error or Ctrl-C: start no further encode, let running ones end
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return Made(list(episodes), prints, made, len(scripts) - len(stale))


@dataclasses.dataclass
class Made:
    """What :func:`make_episodes` did: episodes (script order), their fingerprints, utterances
    synthesized, and episodes skipped as up to date."""

    episodes: list[Episode]
    fingerprints: list[str]
    synthesized: int
    skipped: int


def fingerprint(script: Script, keys: dict[int, str], config: CourseConfig, count: int,
                cover_digest: str | None, extra: Any = None) -> str:
    """SHA-256 hex digest of everything one episode's files depend on (see module docs)."""
    lesson = dataclasses.replace(script.lesson, source=None)  # the same file reached by another path
    parts = [
        RECORD_FORMAT, __version__, _code_digest(), repr(lesson), repr(script.cues), sorted(keys.items()),
        config.title, config.author, config.language, repr(config.audio), cover_digest, count, repr(extra),
    ]
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def records_path(out_dir: Path) -> Path:
    """``OUT/.narrate-build.json``."""
    return Path(out_dir) / RECORDS_FILE


def save_records(out_dir: Path, made: Made) -> None:
    """Record the published episodes: fingerprint, timing and file sizes (written atomically).

    Call after the episodes' files are in their final place (``audio_file`` and ``files`` final).
    """
    entries = {}
    for episode, print_ in zip(made.episodes, made.fingerprints):
        data = {f.name: getattr(episode, f.name) for f in dataclasses.fields(episode)
                if f.name not in ("lesson", "script")}
        data["chapters"] = [dataclasses.asdict(c) for c in episode.chapters]
        data["cue_times"] = [dataclasses.asdict(c) for c in episode.cue_times]
        sizes = {rel: (Path(out_dir) / rel).stat().st_size for rel in _outputs(episode)}
        entries[episode_stem(episode.lesson)] = {"fingerprint": print_, "episode": data, "sizes": sizes}
    text = json.dumps({"format": RECORD_FORMAT, "episodes": entries}, ensure_ascii=False, sort_keys=True)
    write_atomic(records_path(out_dir), text)


def load_record(out_dir: Path, records: dict, script: Script, print_: str) -> Episode | None:
    """The recorded Episode when it is up to date (same fingerprint, files present with their sizes), else None.

    ``records``: the ``episodes`` mapping of :func:`records_path` (see :func:`_read_records`).
    """
    record = records.get(episode_stem(script.lesson))
    try:
        if not isinstance(record, dict) or record.get("fingerprint") != print_:
            return None
        for rel, size in record["sizes"].items():
            if (Path(out_dir) / rel).stat().st_size != size:
                return None
        data = dict(record["episode"])
        data["chapters"] = [ChapterMark(**c) for c in data["chapters"]]
        data["cue_times"] = [CueTime(**c) for c in data["cue_times"]]
        episode = Episode(lesson=script.lesson, script=script, **data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if set(_outputs(episode)) != set(record["sizes"]):
        return None
    return episode


def _read_records(out_dir: Path) -> dict:
    try:
        data = json.loads(records_path(out_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or not isinstance(data.get("episodes"), dict):
        return {}
    return data["episodes"]


def _outputs(episode: Episode) -> list[str]:
    files = [episode.audio_file] if episode.audio_file else []
    return files + [rel for rel in episode.files.values() if isinstance(rel, str)]


def _digest_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """Digest of narrate's own modules, so a changed encoder or packager re-makes episodes."""
    root = Path(__file__).resolve().parent
    sha = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        sha.update(path.relative_to(root).as_posix().encode())
        sha.update(path.read_bytes())
    return sha.hexdigest()
