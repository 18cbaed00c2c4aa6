"""ONNX Runtime session options shared by the neural engines (Piper, Kokoro)."""

from __future__ import annotations

import os
from typing import Any


def session_options(threads: int | None = None) -> Any:
    """``onnxruntime.SessionOptions`` limited to this process's CPU share, or to ``threads``.

    A synthesis worker gets ``NARRATE_ENGINE_THREADS`` (CPUs ÷ jobs, see ``narrate.speech.workers``): its
    session then uses that many intra-op threads and does not spin-wait, so parallel workers do not
    fight over the cores. Without it (one process), ONNX Runtime's defaults apply. A model whose output
    depends on the thread count (Piper's) asks for a fixed ``threads`` instead, the same on every machine.
    """
    import onnxruntime

    options = onnxruntime.SessionOptions()
    if threads is None:
        threads = int(os.environ.get("NARRATE_ENGINE_THREADS", "0") or 0)
    if threads > 0:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return options
