"""Parallel synthesis in worker processes, with a per-utterance timeout and one retry.

Each worker is a fresh process (``spawn`` start method: speech engines such as pyttsx3/espeak-ng
and Piper/ONNX Runtime are not safe to use after ``fork``) that starts its own engine instances on
first use and then speaks one utterance at a time, writing the clip into the utterance cache
(atomic rename, see ``narrate.speech.cache``).

The parent hands out one utterance per idle worker and waits on the workers' pipes and process
sentinels with a deadline. A worker that misses its deadline (hung) or dies (crashed) is killed and
replaced, and its utterance is tried once more; a second failure raises :class:`EngineError`
naming the lesson and cue. The retry goes to a fresh worker (the failed one was replaced), because
some engine failures depend on the process's history (pyttsx3 2.99 occasionally returns without
writing the file after many utterances). The wait always has a timeout, so a build never hangs.
An utterance's deadline runs from when its worker has started: a new worker's start-up (a fresh
interpreter importing narrate, slow on a loaded machine) has its own allowance, :data:`STARTUP_TIMEOUT_S`.
An error raised in a worker comes back as an :class:`~narrate.speech.utterance.ErrorReport` and is
raised again with its class, file and line; only the engine's own errors (EngineError) are retried.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

from narrate.errors import EngineError, NarrateError
from narrate.speech import engines as engine_registry
from narrate.speech.cache import UtteranceCache
from narrate.speech.utterance import ErrorReport, Utterance, make_clip, named_error

ATTEMPTS = 2
"""Tries per utterance: the first, and one retry on a fresh worker."""

STARTUP_TIMEOUT_S = 120.0
"""How long a new worker may take to start (a fresh interpreter importing narrate; slow on a loaded
machine) before its first utterance's own deadline begins."""

_READY = "ready"
"""A new worker's first message: started, the utterance deadline runs from now."""


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    task: Utterance | None = None  # the Utterance being spoken
    deadline: float = 0.0
    started: bool = False  # it has sent _READY


def run_pool(
    todo: list[Utterance],
    cache: UtteranceCache,
    jobs: int,
    on_done: Callable[[Utterance], None],
    timeout_ms: Callable[[Utterance], int],
    tries: int = ATTEMPTS,
) -> None:
    """Synthesize every :class:`narrate.speech.synthesis.Utterance` in ``todo`` into ``cache`` with ``jobs`` workers.

    Utterances are handed out in order. Args:
        on_done: called (in this thread) with each utterance as soon as its clip is in the cache.
        timeout_ms: per-utterance deadline in ms, from the utterance's text.
        tries: attempts per utterance (each on a fresh worker after a failure).

    Raises:
        EngineError: an utterance failed twice (engine error, timeout or crash), naming its cue.
    """
    pool = _Pool(todo, cache, jobs, timeout_ms, tries)
    try:
        while pool.pending or any(w.task is not None for w in pool.workers):
            pool.hand_out()
            busy = [w for w in pool.workers if w.task is not None]
            wait_s = max(0.0, min(w.deadline for w in busy) - time.monotonic())
            ready = set(wait([x for w in busy for x in (w.conn, w.process.sentinel)], timeout=wait_s))
            now = time.monotonic()
            for worker in busy:
                pool.check(worker, ready, now, on_done)
    finally:
        for worker in pool.workers:  # idle ones are asked to exit, busy ones killed
            _stop(worker, kill=worker.task is not None, join=False)
        for worker in pool.workers:
            _stop(worker, kill=False, join=True)


class _Pool:
    """The workers of :func:`run_pool`, the utterances waiting for one, and the failures so far."""

    def __init__(
        self,
        todo: list[Utterance],
        cache: UtteranceCache,
        jobs: int,
        timeout_ms: Callable[[Utterance], int],
        tries: int,
    ):
        self.ctx = multiprocessing.get_context("spawn")
        self.cache, self.jobs, self.timeout_ms, self.tries = cache, jobs, timeout_ms, tries
        registry = engine_registry.ENGINES
        self.specs = {u.engine: registry[u.engine] for u in todo if u.engine in registry}
        self.pending = deque(todo)
        self.failures: dict[str, int] = {}
        self.workers: list[_Worker] = []

    def hand_out(self) -> None:
        """Start workers up to ``jobs`` (first, so that a retry goes to a fresh worker), then give
        each idle worker the next utterance."""
        while self.pending and len(self.workers) < self.jobs:
            worker = self.start()
            _assign(worker, self.pending.popleft(), self.timeout_ms)
        for worker in self.workers:
            if worker.task is None and self.pending:
                _assign(worker, self.pending.popleft(), self.timeout_ms)

    def start(self) -> _Worker:
        """Start a worker and add it to ``workers`` (so that the clean-up of :func:`run_pool` stops it).

        The worker must never see Ctrl-C (the parent stops it), but a fresh interpreter takes a
        while to reach :func:`_serve`; a Ctrl-C meanwhile printed a KeyboardInterrupt traceback from
        its imports. A blocked signal mask does not reach it (CPython starts it with vfork and a
        clean mask, measured), an ignored signal does: so SIGINT is ignored here while it starts,
        with SIGINT blocked meanwhile so that a Ctrl-C to this process stays pending (a blocked
        signal is never discarded as ignored) and raises KeyboardInterrupt once the worker is
        registered. Only the main thread can change signal handlers; elsewhere it just starts.
        """
        parent, child = self.ctx.Pipe()
        threads = max(1, (os.cpu_count() or 1) // max(1, self.jobs))
        process = self.ctx.Process(
            target=_serve, args=(child, self.cache, self.specs, threads), daemon=True, name="narrate-synth"
        )
        main = threading.current_thread() is threading.main_thread()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        handler = None
        try:
            if main and signal.SIGINT not in signal.sigpending():  # a pending Ctrl-C: raised below
                handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
            process.start()
            worker = _Worker(process, parent)
            self.workers.append(worker)
        finally:
            if handler is not None:
                signal.signal(signal.SIGINT, handler)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        child.close()
        return worker

    def check(self, worker: _Worker, ready: set, now: float, on_done: Callable[[Utterance], None]) -> None:
        """Act on a busy worker after the wait: its answer (ready, done or an error), its crash, or
        its missed deadline.

        Raises:
            EngineError: the utterance failed ``tries`` times. NarrateError: a worker's error that is
                not the engine's.
        """
        u = worker.task
        assert u is not None  # busy: it has a task
        if worker.conn in ready:
            try:
                report = worker.conn.recv()
            except (EOFError, OSError):
                self.fail(worker, EngineError(_crashed(worker, u)))
                return
            if report == _READY:  # start-up is not the utterance's time
                worker.started = True
                worker.deadline = now + self.timeout_ms(u) / 1000
            elif report is None:
                worker.task = None
                on_done(u)
            else:
                self.fail(worker, report.error())
        elif worker.process.sentinel in ready:
            self.fail(worker, EngineError(_crashed(worker, u)))
        elif now >= worker.deadline and not worker.started:
            late = f"the speech worker did not start within {STARTUP_TIMEOUT_S:g} s to speak {u.what}"
            self.fail(worker, EngineError(late))
        elif now >= worker.deadline:
            seconds = self.timeout_ms(u) / 1000
            late = f"the speech engine did not finish within {seconds:g} s while speaking {u.what}"
            self.fail(worker, EngineError(late))

    def fail(self, worker: _Worker, error: NarrateError) -> None:
        """Kill and drop a worker whose utterance failed; put the utterance back for a fresh worker.

        Raises:
            NarrateError: ``error`` when it is not the engine's (as in-process); the engine's error
                named after its cue once the utterance has failed ``tries`` times.
        """
        u = worker.task
        assert u is not None  # only busy workers fail
        worker.task = None
        _stop(worker, kill=True)
        self.workers.remove(worker)
        if not isinstance(error, EngineError):  # not the engine's: raised as it is, as in-process
            raise error
        self.failures[u.key] = self.failures.get(u.key, 0) + 1
        if self.failures[u.key] >= self.tries:
            raise named_error(error, u, f"; tried {ATTEMPTS} times")
        self.pending.appendleft(u)


def can_spawn() -> bool:
    """Whether ``spawn`` workers can start: they re-import the main module, which must be a real
    file or a module (not a program read from standard input)."""
    main = sys.modules.get("__main__")
    if getattr(getattr(main, "__spec__", None), "name", None):
        return True
    path = getattr(main, "__file__", None)
    return path is None or os.path.isfile(path)


def _crashed(worker: _Worker, u: Utterance) -> str:
    worker.process.join(1)  # its pipe closes a moment before the exit status can be collected
    code = worker.process.exitcode
    how = f" (exit code {code})" if code is not None and code >= 0 else f" (signal {-code})" if code else ""
    return f"the speech engine crashed{how} while speaking {u.what}"


def _assign(worker: _Worker, u: Utterance, timeout_ms: Callable[[Utterance], int]) -> None:
    worker.task = u
    startup_s = 0.0 if worker.started else STARTUP_TIMEOUT_S
    worker.deadline = time.monotonic() + startup_s + timeout_ms(u) / 1000
    worker.conn.send(u)


def _stop(worker: _Worker, kill: bool = False, join: bool = True) -> None:
    """Stop a worker: ``kill`` at once, else ask it to exit; with ``join``, wait a moment, then kill."""
    process = worker.process
    if kill:
        process.kill()
    elif worker.task is None and not worker.conn.closed:
        try:
            worker.conn.send(None)
        except OSError:
            pass
    if join:
        process.join(1)
        if process.is_alive():
            process.kill()
            process.join(1)
        worker.conn.close()


def _serve(conn: Connection, cache: UtteranceCache, specs: dict, threads: int = 0) -> None:  # pragma: no cover
    """Worker main loop: say _READY, then receive an Utterance, make its clip, answer None (ok) or an
    ErrorReport.

    ``threads``: the CPU share of this worker (CPUs ÷ jobs), published as ``NARRATE_ENGINE_THREADS``
    for engines with thread pools of their own (Piper's ONNX Runtime), so workers do not oversubscribe.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked while we started (see run_pool)
    if threads:
        os.environ["NARRATE_ENGINE_THREADS"] = str(threads)
    engine_registry.ENGINES.update(specs)  # engines registered at run time in the parent (tests, plug-ins)
    report: ErrorReport | str | None = _READY
    while True:
        try:
            conn.send(report)
            u = conn.recv()
        except (EOFError, OSError):  # the parent is gone (killed, or ended by SIGTERM): stop quietly
            return
        if u is None:
            return
        try:
            make_clip(u, cache)
            report = None
        except NarrateError as exc:
            report = ErrorReport.of(exc)
        except Exception as exc:  # an engine bug: report it, the parent retries on a fresh worker
            report = ErrorReport(EngineError, f"the speech engine failed on {u.what}: {type(exc).__name__}: {exc}")


class _Timeout(BaseException):
    """Raised by the SIGALRM handler; a BaseException so that engines' ``except Exception`` let it through."""


@contextmanager
def alarm(ms: int, u) -> Iterator[None]:
    """Raise EngineError if the block runs longer than ``ms`` (SIGALRM; main thread on POSIX only).

    Elsewhere the block runs without a limit. Only Python-level waits are interrupted: a hang
    inside native code returns control (and the error) only when the native call returns.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise _Timeout()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, ms / 1000)
    try:
        yield
    except _Timeout:
        raise EngineError(f"the speech engine did not finish within {ms / 1000:g} s while speaking {u.what}") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
