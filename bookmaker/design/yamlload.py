"""YAML reading that refuses duplicate keys and remembers where every value was written.

PyYAML's SafeLoader keeps the last of two equal keys without a word, and forgets node
positions once the Python objects are built. `SpecLoader` builds `Positioned` mappings and
lists instead: plain dicts and lists that also carry the mark (line, column) of themselves,
of each key and of each value, and the duplicate keys they refused.

Two more things it does not take from YAML 1.1: a seed or volume written as a bare number
is kept as the text written (`0755` is not 493, nor `1:30` 90; spec/values.py reads it as
the command line reads --seed), and nesting deeper than MAX_DEPTH is a located error
rather than a RecursionError.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError
from yaml.error import Mark, MarkedYAMLError

_MERGE_TAG = "tag:yaml.org,2002:merge"
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
VERBATIM_KEYS = ("seed", "volume")  # keys whose bare numbers are kept as written
MAX_DEPTH = 50  # mappings and lists nested far deeper than any spec or layout needs


class WrittenNumber(str):
    """The text of a bare number YAML would have read by its 1.1 rules (octal 0755,
    sexagesimal 1:30, 1_000), kept as written where that text is what counts."""


@dataclass(frozen=True)
class Duplicate:
    """A key written twice in one mapping: the second one, and the line of the first."""

    key: Any
    mark: Mark
    first_line: int


class PositionedDict(dict):
    """A mapping from YAML, with the marks of itself, its keys and its values."""

    def __init__(self, mark: Mark):
        super().__init__()
        self.mark = mark
        self.key_marks: dict[Any, Mark] = {}
        self.value_marks: dict[Any, Mark] = {}
        self.duplicates: list[Duplicate] = []


class PositionedList(list):
    """A list from YAML, with the marks of itself and of each item."""

    def __init__(self, mark: Mark):
        super().__init__()
        self.mark = mark
        self.value_marks: list[Mark] = []


class SpecLoader(yaml.SafeLoader):
    """SafeLoader building Positioned containers; duplicate keys are kept aside, not lost."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        """PyYAML composes nested nodes by recursion: stop it, with the place, before
        Python's recursion limit does."""
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise ComposerError(None, None, f"nested more than {MAX_DEPTH} levels deep; "
                                    f"no spec needs that", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _construct_mapping(loader: SpecLoader, node: yaml.MappingNode) -> Iterator[PositionedDict]:
    mapping = PositionedDict(node.start_mark)
    yield mapping  # yielded first, as PyYAML does, so that recursive anchors work
    own_pairs = [pair for pair in node.value if pair[0].tag != _MERGE_TAG]
    loader.flatten_mapping(node)  # puts the pairs of `<<: *anchor` merges first
    merged_pairs = node.value[:len(node.value) - len(own_pairs)]
    for key_node, value_node in merged_pairs:  # later merged pairs win, as in PyYAML
        _store(loader, mapping, key_node, value_node)
    own_keys: dict[Any, Mark] = {}
    for key_node, value_node in own_pairs:
        key = _store(loader, mapping, key_node, value_node, refused=own_keys)
        own_keys.setdefault(key, key_node.start_mark)


def _store(loader, mapping: PositionedDict, key_node, value_node, refused=None) -> Any:
    """Put one pair into mapping, unless its key is in refused: then note the duplicate."""
    key = loader.construct_object(key_node)
    if not isinstance(key, Hashable):
        raise ConstructorError("while constructing a mapping", mapping.mark,
                               "a list or mapping cannot be a key",
                               key_node.start_mark)
    if refused is not None and key in refused:
        mapping.duplicates.append(Duplicate(key, key_node.start_mark, refused[key].line + 1))
        return key
    written = _verbatim_number(value_node) if key in VERBATIM_KEYS else None
    mapping[key] = written if written is not None else loader.construct_object(value_node)
    mapping.key_marks[key] = key_node.start_mark
    mapping.value_marks[key] = value_node.start_mark
    return key


def _verbatim_number(node: yaml.Node) -> WrittenNumber | None:
    """A bare (unquoted) scalar that YAML resolved to a number, as the text written."""
    if isinstance(node, yaml.ScalarNode) and node.style is None and node.tag in _NUMBER_TAGS:
        return WrittenNumber(node.value)
    return None


def _construct_sequence(loader: SpecLoader, node: yaml.SequenceNode) -> Iterator[PositionedList]:
    items = PositionedList(node.start_mark)
    yield items
    items.extend(loader.construct_object(child) for child in node.value)
    items.value_marks.extend(child.start_mark for child in node.value)


SpecLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
SpecLoader.add_constructor("tag:yaml.org,2002:seq", _construct_sequence)


def parse_yaml(text: str) -> Any:
    """The one YAML document in text, built from Positioned containers.

    Raises yaml.MarkedYAMLError (with a problem mark) for syntax errors."""
    loader = SpecLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def duplicates_in(value: Any, path: tuple = (), seen: set[int] | None = None
                  ) -> Iterator[tuple[tuple, Duplicate]]:
    """Every refused duplicate key in a loaded document, with the path of its mapping.
    Each container is walked once: aliases share containers, so a recursive anchor or
    a nest of aliases ("billion laughs") can neither loop nor blow up the walk."""
    seen = set() if seen is None else seen
    if not isinstance(value, (dict, list)) or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, PositionedDict):
        for duplicate in value.duplicates:
            yield path, duplicate
    children = value.items() if isinstance(value, dict) else enumerate(value)
    for step, child in children:
        yield from duplicates_in(child, path + (step,), seen)


def mark_of(document: Any, path: tuple, key: Any = None) -> Mark | None:
    """The mark of the value at path (or of `key` in the mapping there); the nearest
    enclosing mark when the path leads nowhere."""
    node, mark = document, getattr(document, "mark", None)
    for step in path:
        try:
            mark, node = node.value_marks[step], node[step]
        except (AttributeError, KeyError, IndexError, TypeError):
            break
    if key is not None and isinstance(node, PositionedDict):
        mark = node.key_marks.get(key, mark)
    return mark


def syntax_error_at(error: MarkedYAMLError) -> tuple[Mark | None, str]:
    """Where a YAML error is (the mark to report) and one line saying what it is."""
    mark = error.problem_mark or error.context_mark
    # A key without its ':' is only noticed on a later line; the key is what to fix.
    if error.context == "while scanning a simple key" and error.context_mark is not None:
        mark = error.context_mark
    text = error.problem or "cannot read this YAML"
    if error.context:
        context_mark = error.context_mark
        elsewhere = context_mark is not None and mark is not None and \
            context_mark.line != mark.line
        text += f" ({error.context}" + (f" on line {context_mark.line + 1})" if elsewhere
                                        else ")")
    return mark, text


__all__ = ["SpecLoader", "PositionedDict", "PositionedList", "Duplicate", "WrittenNumber",
           "parse_yaml",
           "duplicates_in", "mark_of", "syntax_error_at", "MarkedYAMLError"]
