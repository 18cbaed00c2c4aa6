"""Episode tasks on a Dask distributed cluster (``narrate build --cluster ADDRESS``; extra ``narrate[cluster]``).

One task is one episode: :func:`run_episode` synthesizes the utterances its script lacks through
the utterance cache, then assembles, levels, encodes and tags it and writes its transcripts, in a
scratch folder on the worker. Its files come back to the client in the task's result, or through a
shared staging location (``--staging URL``, any fsspec URL: a shared folder, ``s3://...``), and the
client publishes the course exactly as a local build does (``narrate.publish.output``). Nothing
else is done on the workers and nothing of narrate's own runs the cluster: Dask schedules, retries
and moves the results.

Tasks are idempotent: the same task gives the same bytes wherever it runs, so when a worker dies
mid-task Dask runs the task again on another one and the build still gives byte-identical output.
A task that fails (engine or voice missing on that worker, ffmpeg missing...) fails the build with
one error naming the course, the lesson and the worker; the output folder is left as it was.

Addresses: ``tcp://host:port`` (a running ``dask scheduler``) or ``local:N`` (a ``LocalCluster`` of
N worker processes with one thread each, on this machine, for tests and benchmarks). Dask is
imported only here, and only when ``--cluster`` is given. Any other address (no host, no port,
``tls://``, ``inproc://``, another scheme) is refused with one line before Dask is asked to connect;
``local:N`` with N above this machine's cores starts one worker per core, with a warning (more
single-threaded workers than cores only make each episode slower and cost memory); a scheduler that
does not answer fails the build after :data:`CONNECT_TIMEOUT_S` seconds, unless Dask's own connect
timeout is configured.

Workers must be able to run narrate and its engines (same narrate version, espeak-ng, ffmpeg,
Piper voices) and reach the cache location: every worker reads and writes the same cache, so the
cache is a shared folder or an fsspec URL (see ``narrate.speech.cache``).
"""

from __future__ import annotations

import os
import posixpath
import re
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from narrate.errors import BuildError, ConfigError, NarrateError, warn
from narrate.model import Episode
from narrate.publish.episode import EpisodeJob, make_episode
from narrate.speech.cache import UtteranceCache
from narrate.speech.synthesis import ENGINE_LOCK, make_twice
from narrate.speech.utterance import Utterance

LOCAL = "local:"
CONNECT_TIMEOUT_S = 5.0
"""How long a build waits for a scheduler to answer, unless Dask's ``distributed.comm.timeouts.connect``
is configured otherwise than Dask's own default (e.g. ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=60s``)."""
_TCP = re.compile(r"tcp://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]):(?P<port>\d{1,5})")
ADDRESS_FORMS = "give tcp://HOST:PORT or local:N"


@dataclass
class EpisodeOutput:
    """A task's result: the episode, its files (path under the output folder → bytes, or the staging
    URL holding them), how many clips it synthesized, the worker, its run time, or the error text."""

    episode: Episode | None
    files: dict[str, bytes] = field(default_factory=dict)
    staged: list[str] = field(default_factory=list)
    synthesized: int = 0
    worker: str = ""
    seconds: float = 0.0
    error: str | None = None


def make_shared_clips(utterances: list[Utterance], cache_location: str) -> int:
    """Make the clips that several episode tasks need, once, before those tasks run (a Dask task).

    espeak-ng does not speak a sentence twice the same way in one process, so two workers making
    the same utterance ("The answer is A: yes" in every course) at once would make two different
    clips, and the episodes built from them would differ from a rebuild from the cache. Returns how
    many clips were made. Raises what :func:`narrate.speech.synthesis.make_twice` raises.
    """
    cache = UtteranceCache(cache_location)
    return sum(_clip(cache, u)[1] for u in utterances)


def _clip(cache: UtteranceCache, u: Utterance) -> tuple[Path, bool]:
    """The cached clip of ``u``, made here if the cache lacks it; and whether it was made."""
    path = cache.get(u.key, u.sample_rate)
    if path is not None:
        return path, False
    with ENGINE_LOCK:  # a worker's speech engines are per process: one utterance at a time
        return cache.get(u.key, u.sample_rate) or make_twice(u, cache), True


def run_episode(job: EpisodeJob, shared_done: int | None = None) -> EpisodeOutput:
    """Make one episode (runs on a Dask worker; see module docstring). Never raises: a failure is
    returned as ``error`` so the client can name the course, lesson and worker. ``shared_done`` is
    the result of :func:`make_shared_clips` (passed so that Dask runs this task after it)."""
    start = time.perf_counter()
    worker = _worker_address()
    try:
        cache = UtteranceCache(job.cache)
        made = 0
        clips: dict[int, Path] = {}
        for index, key in job.keys.items():
            clips[index], was_made = _clip(cache, job.utterances[key])
            made += was_made
        episode, files = _in_scratch(job, clips, cache)
        output = EpisodeOutput(episode, synthesized=made, worker=worker)
        if job.staging:
            output.staged = _upload(job.staging, files)
        else:
            output.files = files
    except NarrateError as exc:
        return EpisodeOutput(None, worker=worker, error=exc.problem, seconds=time.perf_counter() - start)
    except Exception as exc:  # an engine or encoder bug: reported with the course, lesson and worker
        return EpisodeOutput(
            None, worker=worker, error=f"{type(exc).__name__}: {exc}", seconds=time.perf_counter() - start
        )
    output.seconds = time.perf_counter() - start
    return output


def _in_scratch(job: EpisodeJob, clips: dict[int, Path], cache: UtteranceCache) -> tuple[Episode, dict[str, bytes]]:
    """Make the episode in a scratch folder; its files (path under the output folder → bytes)."""
    with tempfile.TemporaryDirectory(prefix="narrate-task-") as tmp:
        out, work = Path(tmp) / "out", Path(tmp) / "work"
        out.mkdir()
        work.mkdir()
        if job.cover is not None:
            (out / job.cover[0]).write_bytes(job.cover[1])
        episode = make_episode(job, clips, cache, out, work)
        files = {
            p.relative_to(out).as_posix(): p.read_bytes()
            for p in sorted((out / "episodes").rglob("*"))
            if p.is_file() and not p.name.startswith(".")
        }
    return episode, files


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"pid {os.getpid()}"


def _upload(staging: str, files: dict[str, bytes]) -> list[str]:
    import fsspec

    fs, root = fsspec.core.url_to_fs(staging)
    names = []
    for rel, data in files.items():
        target = posixpath.join(root, rel)
        fs.makedirs(posixpath.dirname(target), exist_ok=True)
        fs.pipe_file(target, data)
        names.append(rel)
    return names


def fetch_staged(staging: str, names: Sequence[str], stage: Path) -> None:
    """Copy the files a task put under ``staging`` into the local staging folder, then delete them there."""
    import fsspec

    fs, root = fsspec.core.url_to_fs(staging)
    for rel in names:
        target = stage / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(fs.cat_file(posixpath.join(root, rel)))
    try:
        fs.rm(root, recursive=True)
    except FileNotFoundError:
        pass


# ---------------------------------------------------------------- the client side


class Session:
    """A connection to a Dask scheduler (and the LocalCluster behind ``local:N``); close it when done.

    Use :func:`connect`. ``client`` is the ``distributed.Client``.
    """

    def __init__(self, address: str, client: Any, cluster: Any = None):
        self.address = address
        self.client = client
        self.cluster = cluster

    def workers(self) -> int:
        """Number of workers connected now."""
        return len(self.client.scheduler_info().get("workers", {}))

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def check_address(address: str) -> int | None:
    """Check the form of a ``--cluster`` address before anything connects (see the module docstring).

    Returns:
        the number of local workers to start for ``local:N`` (N, at most :func:`cores`; a warning
        says so when N was more), None for ``tcp://HOST:PORT``.

    Raises:
        ConfigError: any other address: one line naming it and what is wrong.
    """
    if address.startswith(LOCAL):
        text = address[len(LOCAL) :].strip()
        if not text.isascii() or not text.isdigit() or int(text) < 1:
            raise ConfigError(f"--cluster {address}: local:N needs a number of workers N of 1 or more")
        wanted, available = int(text), cores()
        if wanted > available:
            warn(
                f"--cluster {address}: this machine has {available} core{'s' if available != 1 else ''}; "
                f"starting {available} worker{'s' if available != 1 else ''}"
            )
            return available
        return wanted
    if "://" not in address:
        raise ConfigError(f"--cluster {address}: {ADDRESS_FORMS}")
    scheme = address.split("://", 1)[0]
    if scheme.lower() != "tcp":
        raise ConfigError(f"--cluster {address}: {ADDRESS_FORMS} ({scheme}:// addresses are not supported)")
    match = _TCP.fullmatch(address)
    if match is None:
        raise ConfigError(f"--cluster {address}: {ADDRESS_FORMS} (a host name or address, a colon and a port)")
    if not 1 <= int(match["port"]) <= 65535:
        raise ConfigError(f"--cluster {address}: {ADDRESS_FORMS} (the port is a number from 1 to 65535)")
    return None


def cores() -> int:
    """The CPU cores this process may run on (its affinity where the system tells it), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def connect_timeout_s() -> float:
    """Seconds to wait for a scheduler: Dask's ``distributed.comm.timeouts.connect`` when configured
    otherwise than Dask's default, else :data:`CONNECT_TIMEOUT_S`."""
    import dask
    from dask.utils import parse_timedelta

    key = "distributed.comm.timeouts.connect"
    configured = dask.config.get(key, default=None)
    try:
        default = dask.config.get(key, config=dask.config.merge(*dask.config.defaults), default=None)
    except (KeyError, TypeError):
        default = None
    if configured is None or configured == default:
        return CONNECT_TIMEOUT_S
    return float(parse_timedelta(configured, default="seconds") or CONNECT_TIMEOUT_S)


@contextmanager
def connect(address: str) -> Iterator[Session]:
    """Connect to the scheduler at ``address`` (``tcp://host:port``) or start ``local:N``.

    The address is checked first (:func:`check_address`); ``local:N`` starts at most one worker per
    core. The client waits :func:`connect_timeout_s` (:data:`CONNECT_TIMEOUT_S` unless Dask's
    ``distributed.comm.timeouts.connect`` is configured, e.g. by the environment variable
    ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=60s``).

    Raises:
        ConfigError: Dask is not installed, or the address is not one of the two forms.
        BuildError: the scheduler cannot be reached in time (one line, before any work).
    """
    workers = check_address(address)
    try:
        import distributed
    except ImportError:
        raise ConfigError("--cluster needs Dask distributed: pip install 'narrate[cluster]'") from None
    session: Session
    if workers is not None:
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # random port, this machine only
            silence_logs=50,
        )
        session = Session(address, distributed.Client(cluster, set_as_default=False), cluster)
    else:
        import dask

        timeout = connect_timeout_s()
        try:
            with dask.config.set({"distributed.comm.timeouts.connect": f"{timeout}s"}):
                client = distributed.Client(address, timeout=f"{timeout}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BuildError(f"cannot reach the Dask scheduler at {address} ({_reason(exc)})") from None
        session = Session(address, client)
    try:
        yield session
    finally:
        session.close()


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def run_episodes(
    session: Session,
    jobs: Sequence[EpisodeJob],
    stage: Path,
    *,
    report: Callable[[int, int], None] | None = None,
) -> list[EpisodeOutput]:
    """Run one task per job on the cluster and write each episode's files into ``stage``; results in job order.

    ``report(done, total)`` is called as tasks complete. The staging URL of a job (if any) gets a
    fresh prefix per build, so concurrent builds never meet there.

    Raises:
        BuildError: a task failed, naming course, lesson and worker; the other tasks are cancelled.
    """
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]
    prepared = [
        j if j.staging is None else replace(j, staging=f"{j.staging.rstrip('/')}/{run}/{j.course}/{j.script.lesson.id}")
        for j in jobs
    ]
    futures = _submit(session, prepared, run)
    index = {f.key: i for i, f in enumerate(futures)}
    results: list[EpisodeOutput | None] = [None] * len(futures)
    done = 0
    if report:
        report(0, len(futures))
    try:
        for future in as_completed(futures, loop=session.client.loop):
            i = index[future.key]
            results[i] = _received(session, future, prepared[i], stage)
            done += 1
            if report:
                report(done, len(futures))
    except BaseException:
        session.client.cancel(futures)
        raise
    return [r for r in results if r is not None]


def _submit(session: Session, jobs: list[EpisodeJob], run: str) -> list[Any]:
    """Submit one task per job (after one task making the clips several jobs share); their futures."""
    uses: dict[str, int] = {}
    for j in jobs:
        for key in j.utterances:
            uses[key] = uses.get(key, 0) + 1
    shared = {key: u for j in jobs for key, u in j.utterances.items() if uses[key] > 1}
    first = None
    if shared:  # made once, by one worker, before the episode tasks (see make_shared_clips)
        first = session.client.submit(
            make_shared_clips, list(shared.values()), jobs[0].cache, key=f"narrate-shared-{run}", pure=False
        )
    return [
        session.client.submit(
            run_episode, j, first, key=f"narrate-episode-{j.course}-{j.script.lesson.id}-{run}", pure=False
        )
        for j in jobs
    ]


def _received(session: Session, future: Any, job: EpisodeJob, stage: Path) -> EpisodeOutput:
    """A finished task's output, its files written into ``stage`` (and dropped from the output).

    Raises:
        BuildError: the task failed (or could not run), naming course, lesson and worker.
    """
    try:
        output = future.result()
    except Exception as exc:  # lost too many workers, or could not unpickle
        output = EpisodeOutput(None, worker=_who_ran(session, future), error=f"{type(exc).__name__}: {exc}")
    if output.error is not None:
        raise BuildError(
            f"course '{job.course}', lesson '{job.script.lesson.id}' failed on worker "
            f"{output.worker or 'unknown'}: {output.error}",
            job.script.lesson.source,
        )
    for rel, data in output.files.items():
        target = stage / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if output.staged:
        fetch_staged(job.staging or "", output.staged, stage)
    output.files = {}
    return output


def _who_ran(session: Session, future: Any) -> str:
    try:
        who = session.client.who_has(future).get(future.key) or ()
        return ", ".join(who)
    except Exception:  # the scheduler may be gone too
        return ""
