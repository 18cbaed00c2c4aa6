"""Safe YAML loading that remembers line numbers, and atomic file writing.

``load_yaml(path)`` returns plain Python data in which every mapping is a :class:`LineDict` and every
sequence a :class:`LineList`: ordinary ``dict``/``list`` with a ``line`` attribute (1-based line of the
node) and ``lines`` (line of each key or item), so that validation errors can name the line.
Only YAML's safe subset is accepted: a tag that would construct an object is an error.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Any

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


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def read_text(path: Path, error=ContentError) -> str:
    """Read a UTF-8 text file (BOM allowed).

    Raises:
        error: the file is missing, unreadable, not UTF-8, binary, or empty.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error("file not found", path) from None
    except OSError as exc:
        raise error(f"cannot read file: {exc.strerror or exc}", path) from None
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
    return text


def load_yaml(path: Path, text: str | None = None, error=ContentError) -> Any:
    """Parse YAML safely, keeping line numbers (see module docstring).

    Raises:
        error: unreadable or empty file, YAML syntax error, or a tag that would construct an object.
    """
    if text is None:
        text = read_text(path, error)
    try:
        return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a safe loader
    except (yaml.YAMLError, RecursionError, ValueError):
        pass  # read again below, for the pure-Python loader's clearer message
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or str(exc)
        tag = re.match(r"could not determine a constructor for the tag '(.*)'$", problem)
        if tag:
            name = re.sub(r"^tag:yaml\.org,2002:", "!!", tag.group(1))
            problem = f"tag '{name}' is not allowed (only plain text, numbers, lists and mappings)"
        raise error(f"invalid YAML: {problem}", path, line) from None
    except yaml.reader.ReaderError as exc:  # a control character: no mark, but a position
        line = text[: exc.position].count("\n") + 1
        char = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise error(f"invalid YAML: control character {char} is not allowed", path, line) from None
    except yaml.YAMLError as exc:
        raise error(f"invalid YAML: {str(exc).splitlines()[0]}", path) from None
    except RecursionError:
        raise error("invalid YAML: nested too deeply", path) from None
