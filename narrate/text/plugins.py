"""Plug-ins: entry points of other installed packages in narrate's groups, as mkdocs finds its
themes and plugins.

=====================  =================================================  =============================
group                  an entry point names                               registry
=====================  =================================================  =============================
``narrate.engines``    an ``Engine`` class (or a lazy stand-in for one)   ``narrate.speech.engines``
``narrate.readers``    a ``Reader`` (suffixes, ``score``, ``read``)       ``narrate.text.readers``
``narrate.languages``  a ``Language`` (or a module with ``LANGUAGE``)     ``narrate.text.languages``
=====================  =================================================  =============================

A third-party package declares its own in its pyproject.toml::

    [project.entry-points."narrate.engines"]
    sine = "narrate_sine:SineEngine"

narrate's own engines, readers and languages are declared in its pyproject.toml the same way. Each
registry also keeps them in a table of its own (the same entries; ``tests/test_plugins.py`` checks
that they agree) and puts them first, so that narrate works from a checkout whose installed metadata
is stale or missing (tests with ``PYTHONPATH``), and so that looking up a built-in by name (the
no-change check asks for the default engine's stamp) does not pay for importing
:mod:`importlib.metadata` and scanning every installed distribution (about 50 ms).

Other packages' entries come after, one per name: a name already taken (by narrate or by a package
found earlier) is ignored with a warning naming both, and narrate's own entries in its metadata are
skipped (the table has them). An entry that cannot be loaded (a plug-in's ImportError) is a warning
naming the plug-in and its package, never a crash: it is left out (an engine is loaded only when a
build names it: then the reason is the build's error). The installed entry points are read once per
process for the three groups.

A plug-in's language is best a module of its own, as narrate's are: :mod:`narrate.text.languages`
loads the languages while it is first imported, which may be from the plug-in's other modules (a
language object in a module that is still being imported is not there yet).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from narrate.errors import warn

OWN_DISTRIBUTION = "narrate"
"""The distribution whose entries are built in (listed in the registries' tables)."""


@dataclass(frozen=True)
class Plugin:
    """One entry point: its ``group`` and ``name``, the ``module`` and dotted ``attr`` it names
    (``attr`` empty: the module itself), and ``source``, the distribution that declares it."""

    group: str
    name: str
    module: str
    attr: str = ""
    source: str = OWN_DISTRIBUTION

    @property
    def target(self) -> str:
        """``module:attr`` as an entry point writes it (``module`` alone when it names a module)."""
        return f"{self.module}:{self.attr}" if self.attr else self.module

    def load(self) -> Any:
        """Import the module and return the object named (any exception of the import is raised)."""
        found: Any = importlib.import_module(self.module)
        for part in filter(None, self.attr.split(".")):
            found = getattr(found, part)
        return found

    def describe(self) -> str:
        """``group plug-in 'name' (from source)``, for messages."""
        return f"{self.group} plug-in '{self.name}' (from {self.source})"


def own(group: str, table: Iterable[tuple[str, str]]) -> list[Plugin]:
    """narrate's own entries of ``group``: ``(name, "module:attr")`` pairs, in order."""
    found = []
    for name, target in table:
        module, _, attr = target.partition(":")
        found.append(Plugin(group, name, module, attr))
    return found


def discover(group: str, taken: Iterable[str] = ()) -> list[Plugin]:
    """Other distributions' entries of ``group``, one per name, in the order importlib.metadata finds
    them; names in ``taken`` (narrate's own) and names found twice are left out with a warning."""
    owner = dict.fromkeys(taken, OWN_DISTRIBUTION)
    found: list[Plugin] = []
    try:
        points = list(_entry_points().select(group=group))
    except Exception as exc:  # a damaged distribution's metadata must not stop narrate
        warn(f"cannot list the {group} plug-ins ({type(exc).__name__}: {exc}); none is used")
        return []
    for point in points:
        source = _distribution(point)
        if _normalized(source) == OWN_DISTRIBUTION:
            continue  # narrate's own entries: in the registry's table (see the module docstring)
        plugin = Plugin(group, point.name, point.module, point.attr or "", source)
        if point.name in owner:
            warn(f"{plugin.describe()} is ignored: the name '{point.name}' is taken by {owner[point.name]}")
            continue
        owner[point.name] = source
        found.append(plugin)
    return found


_scanned: list[Any] = []


def _entry_points() -> Any:
    """Every installed distribution's entry points, read once per process (one scan of sys.path for
    the three groups), or again when sys.path has changed since."""
    from importlib.metadata import entry_points  # imported here: only when a plug-in may be needed

    if not _scanned or _scanned[0] != sys.path:
        _scanned[:] = [list(sys.path), entry_points()]
    return _scanned[1]


def load(plugin: Plugin) -> Any | None:
    """The object a third-party entry names, or None (with a warning naming it) when it cannot be loaded."""
    try:
        return plugin.load()
    except (Exception, SystemExit) as exc:  # ImportError, a SyntaxError, a missing attribute, sys.exit() ...
        warn(f"{plugin.describe()} cannot be loaded ({type(exc).__name__}: {exc}); it is left out")
        return None


def _distribution(point: Any) -> str:
    dist = getattr(point, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return str(name) if name else "an unknown package"


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
