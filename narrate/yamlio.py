"""Safe YAML loading that remembers line numbers, and atomic file writing.

``load_yaml(path)`` returns plain Python data in which every mapping is a :class:`LineDict` and every
sequence a :class:`LineList`: ordinary ``dict``/``list`` with a ``line`` attribute (1-based line of the
node) and ``lines`` (line of each key or item), so that validation errors can name the line.
Only YAML's safe subset is accepted: a tag that would construct an object is an error. Before
anything is constructed, the document's events are read once and it is refused (one line, with the
line number) when it nests deeper than :data:`MAX_DEPTH`, when its aliases would expand to more than
:data:`MAX_ALIAS_NODES` nodes (a "billion laughs" bomb: nine anchors of nine aliases each), or when a
scalar holds a lone surrogate (``"\\ud800"``), which no UTF-8 file or feed can carry.

Files are read bounded (:func:`read_bounded`, :func:`hash_file`): only regular files (never a
folder, pipe or device: a FIFO would block for ever, ``/dev/zero`` never ends), at most a given
number of bytes, a file's digest in fixed-size chunks.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from narrate.errors import ContentError


class LineDict(dict):
    """A dict from YAML, with ``line`` (of the mapping) and ``lines`` (key → line)."""

    line: int = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        """Line of ``key`` if present, else the mapping's own line."""
        return self.lines.get(key, self.line)


class LineList(list):
    """A list from YAML, with ``line`` (of the sequence) and ``lines`` (index → line)."""

    line: int = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


class _Loader(yaml.SafeLoader):
    """The pure-Python safe loader: its error messages are the clearest, so bad input is re-read with it."""


try:
    from yaml import CSafeLoader as _FastBase
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _FastBase  # type: ignore[assignment]


class _FastLoader(_FastBase):
    """libyaml's parser when PyYAML was built with it: the same safe subset and marks, ~10x faster."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "found an unhashable key", key_node.start_mark
            ) from None
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}' (first on line {result.lines[key]})", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


def _construct_timestamp(loader: _Loader, node: yaml.ScalarNode):
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError as exc:  # e.g. 2026-02-30: datetime refuses it; report it with its line
        raise yaml.constructor.ConstructorError(
            None, None, f"'{node.value}' is not a valid date ({exc})", node.start_mark
        ) from None


def _construct_int(loader: _Loader, node: yaml.ScalarNode):
    try:
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        digits = sum(ch.isdigit() for ch in str(node.value))
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {digits} digits is too long (quote it to keep it as text)", node.start_mark
        ) from None


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


MAX_DEPTH = 100
"""Deepest nesting of lists and mappings a YAML file may have (course files nest a few levels)."""
MAX_ALIAS_NODES = 10_000
"""Most nodes the aliases (``*name``) of one YAML file may stand for, counted as expanded: a
handful of reused anchors is far below it, a "billion laughs" bomb far above."""
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(yaml.MarkedYAMLError):
    """A YAML document refused before construction (too deep, an alias bomb, a lone surrogate)."""


def _refuse(problem: str, mark) -> _Refused:
    return _Refused(problem=problem, problem_mark=mark)


def check_events(events: Iterable[yaml.Event]) -> None:
    """Read a YAML document's events once and refuse it when it nests deeper than :data:`MAX_DEPTH`,
    its aliases stand for more than :data:`MAX_ALIAS_NODES` nodes, or a scalar holds a lone surrogate.

    Linear in the events (aliases are counted by the size of what they name, never expanded), and
    it stops at the first problem: a 9×9 alias chain or 10,000 nested ``[`` is refused at once.

    Raises:
        yaml.MarkedYAMLError: the problem, with its mark (line); or the parser's own syntax error.
    """
    stack: list[list[Any]] = []  # per open collection: [nodes in it so far, its anchor]
    sizes: dict[str, int] = {}  # anchor → nodes it stands for, expanded
    expanded = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise _refuse(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
            stack.append([1, event.anchor])
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            if not stack:
                continue
            count, anchor = stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            if _SURROGATE.search(event.value):
                raise _refuse("a lone surrogate escape (such as \\ud800) is not a character", event.start_mark)
            count, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            count, anchor = sizes.get(event.anchor or "", 1), None
            expanded += count
            if expanded > MAX_ALIAS_NODES:
                raise _refuse(
                    f"aliases (*{event.anchor}) expand to more than {MAX_ALIAS_NODES:,} nodes", event.start_mark
                )
        else:
            continue
        if anchor:
            sizes[anchor] = count
        if stack:
            stack[-1][0] += count


READ_CHUNK = 1 << 20
"""Bytes read at a time when a file is hashed (:func:`hash_file`): memory stays flat whatever its size."""
DEFAULT_TEXT_LIMIT = 5_000_000
"""Largest text file :func:`read_text` reads unless told otherwise (the default ``limits.max_lesson_bytes``)."""
_TEXT_LIMIT: ContextVar[tuple[int, str | None, str]] = ContextVar(
    "narrate_text_limit", default=(DEFAULT_TEXT_LIMIT, None, "file")
)


@contextmanager
def text_limit(limit: int, setting: str | None = None, what: str = "file") -> Iterator[None]:
    """Within this block, :func:`read_text` reads files of at most ``limit`` bytes; a larger one is
    refused as a ``what`` over the limit set by ``setting`` (a course.yaml key)."""
    token = _TEXT_LIMIT.set((int(limit), setting, what))
    try:
        yield
    finally:
        _TEXT_LIMIT.reset(token)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a plain file"


def not_regular(path: Path, error=ContentError, mode: int | None = None) -> Exception:
    """The error for a path that is no regular file (``<file>: not a regular file (a named pipe)``)."""
    return error(f"not a regular file ({_kind(mode or 0)})", path)


def size_text(size: int) -> str:
    """``1.5 MB``, or ``900 bytes`` under 100 kB."""
    return f"{size / 1_000_000:.1f} MB" if size >= 100_000 else f"{size} bytes"


def too_large(
    path: Path, size: int | None, limit: int, error=ContentError, setting: str | None = None, what: str = "file"
) -> Exception:
    """The error for a file over a size limit, naming the setting that raises it when there is one."""
    measured = f"{size_text(size)}; " if size is not None else "more than that; "
    where = f", set by {setting} in course.yaml" if setting else ""
    return error(f"{what} is too large ({measured}the limit is {size_text(limit)}{where})", path)


@contextmanager
def open_regular(path: Path, error=ContentError) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """Open a regular file for reading (following links) and its ``fstat``, refusing anything else.

    The file is checked before it is opened (a device is never opened) and opened without blocking
    (a pipe swapped in meanwhile cannot hang), then checked again on the open handle.

    Raises:
        error: missing or unreadable (naming the reason), or not a regular file.
    """
    path = Path(path)
    try:
        before = os.stat(path)
        if not stat.S_ISREG(before.st_mode):
            raise not_regular(path, error, before.st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error("file not found", path) from None
    except OSError as exc:
        raise error(f"cannot read file: {exc.strerror or exc}", path) from None
    handle = os.fdopen(fd, "rb")
    with handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(path, error, info.st_mode)
        yield handle, info


def read_bounded(path: Path, limit: int, error=ContentError, setting: str | None = None, what: str = "file") -> bytes:
    """A regular file's bytes, refused when there are more than ``limit`` (never more is read).

    Raises:
        error: missing, unreadable, not a regular file, or larger than ``limit`` bytes (a ``what``
            over the limit ``setting`` sets).
    """
    with open_regular(path, error) as (handle, info):
        if info.st_size > limit:
            raise too_large(path, info.st_size, limit, error, setting, what)
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read file: {exc.strerror or exc}", path) from None
    if len(data) > limit:  # grew since it was measured
        raise too_large(path, None, limit, error, setting, what)
    return data


def hash_file(
    sha: Any, path: Path, limit: int | None = None, error=ContentError, setting: str | None = None, what: str = "file"
) -> None:
    """Feed a regular file's bytes to ``sha`` (a hashlib object) in chunks of :data:`READ_CHUNK`.

    Raises:
        error: missing, unreadable, not a regular file, or (with ``limit``) larger than ``limit`` bytes.
    """
    with open_regular(path, error) as (handle, info):
        if limit is not None and info.st_size > limit:
            raise too_large(path, info.st_size, limit, error, setting, what)
        done = 0
        try:
            while chunk := handle.read(READ_CHUNK):
                done += len(chunk)
                if limit is not None and done > limit:
                    raise too_large(path, None, limit, error, setting, what)
                sha.update(chunk)
        except OSError as exc:
            raise error(f"cannot read file: {exc.strerror or exc}", path) from None


def read_text(path: Path, error=ContentError, limit: int | None = None) -> str:
    """Read a UTF-8 text file (BOM allowed), of at most ``limit`` bytes (default: the limit of
    :func:`text_limit`, else :data:`DEFAULT_TEXT_LIMIT`), with its line ends as ``\n`` (a Windows
    ``\r\n`` or an old Mac ``\r`` is one line end, so line numbers stay the editor's).

    Raises:
        error: the file is missing, unreadable, not a regular file, too large, not UTF-8, binary, or empty.
    """
    default, setting, what = _TEXT_LIMIT.get()
    if limit is not None:
        setting, what = None, "file"
    raw = read_bounded(Path(path), default if limit is None else limit, error, setting, what)
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise error("file is UTF-16 text, expected UTF-8 (save it as UTF-8)", path)
    if b"\x00" in raw[:8192]:
        raise error("binary file, expected UTF-8 text", path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise error("file is not valid UTF-8 text (save it as UTF-8)", path, line) from None
    if not text.strip():
        raise error("file is empty", path)
    return text.replace("\r\n", "\n").replace("\r", "\n")  # Windows and old Mac line ends: one line each


def load_yaml(path: Path, text: str | None = None, error=ContentError) -> Any:
    """Parse YAML safely, keeping line numbers, within bounds (see module docstring).

    Raises:
        error: unreadable or empty file, YAML syntax error, a tag that would construct an object,
            nesting deeper than :data:`MAX_DEPTH`, aliases past :data:`MAX_ALIAS_NODES`, a lone
            surrogate, or a number too long to convert (each with its line).
    """
    if text is None:
        text = read_text(path, error)
    try:
        check_events(yaml.parse(text, Loader=_FastLoader))  # noqa: S506 - events only, nothing constructed
        return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a safe loader
    except _Refused as exc:
        raise _error(exc, text, path, error) from None
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in (exc.problem or ""):  # libyaml stops at 1000 levels, past MAX_DEPTH
            refused = _refuse(f"nested more than {MAX_DEPTH} levels deep", exc.problem_mark)
            raise _error(refused, text, path, error) from None
        # else read again below, for the pure-Python loader's clearer message
    except (yaml.YAMLError, RecursionError, ValueError):
        pass  # read again below, for the pure-Python loader's clearer message
    try:
        check_events(yaml.parse(text, Loader=_Loader))  # noqa: S506 - bounded before the slow parser goes deep
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except (yaml.YAMLError, RecursionError, ValueError) as exc:
        raise _error(exc, text, path, error) from None


def _error(exc: Exception, text: str, path: Path, error) -> Exception:
    """One error (``error``) for a YAML problem, with its line when known."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or str(exc)
        tag = re.match(r"could not determine a constructor for the tag '(.*)'$", problem)
        if tag:
            name = re.sub(r"^tag:yaml\.org,2002:", "!!", tag.group(1))
            problem = f"tag '{name}' is not allowed (only plain text, numbers, lists and mappings)"
        return error(f"invalid YAML: {problem}", path, line)
    if isinstance(exc, yaml.reader.ReaderError):  # a control character: no mark, but a position
        line = text[: exc.position].count("\n") + 1
        char = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        return error(f"invalid YAML: control character {char} is not allowed", path, line)
    if isinstance(exc, yaml.YAMLError):
        return error(f"invalid YAML: {str(exc).splitlines()[0]}", path)
    if isinstance(exc, RecursionError):
        return error("invalid YAML: nested too deeply", path)
    return error(f"invalid YAML: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", path)
