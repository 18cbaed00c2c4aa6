"""Shared by the reader tests: compare lessons without their source lines."""

from __future__ import annotations

import dataclasses


def without_lines(x):
    """A copy with every ``line`` set to 0 and ``source`` to None (to compare lessons across formats)."""
    if dataclasses.is_dataclass(x):
        changes = {f.name: without_lines(getattr(x, f.name)) for f in dataclasses.fields(x)}
        changes.update({k: v for k, v in (("line", 0), ("source", None)) if k in changes})
        return dataclasses.replace(x, **changes)
    if isinstance(x, tuple):
        return tuple(without_lines(i) for i in x)
    return x
