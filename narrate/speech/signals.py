"""Signals held while C code calls back into Python (see :func:`signals_held`)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) and the utterance timer (SIGALRM) while C code calls back into Python:
    espeak-ng's synthesis (ctypes) and libsndfile writing to memory (soundfile's cffi virtual I/O).

    A signal's Python handler runs at the next Python instruction, which during ``espeak_Synth`` is
    in our ctypes callback, and ctypes (as cffi) prints and drops an exception raised there: a
    Ctrl-C there was lost and the build went on. Here the handlers only note the signal; the real handler runs once
    the C code has returned. Only in the main thread (where Python runs signal handlers).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous: dict[int, Callable[[int, Any], object]] = {}
    for signum in (signal.SIGINT, signal.SIGALRM):
        handler = signal.getsignal(signum)
        if callable(handler):
            previous[signum] = handler
            signal.signal(signum, lambda n, frame: noted.append(n))
    try:
        yield
    finally:
        for held, handler in previous.items():
            signal.signal(held, handler)
        for noted_signum in dict.fromkeys(noted):
            previous[noted_signum](noted_signum, None)  # raises KeyboardInterrupt, or the timer's error
