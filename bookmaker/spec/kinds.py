"""Kinds as specs name them (`variant:` in a section or a daily weekday): the kind a loaded
spec names and the frame of its size and box. What a kind's grids ask of a printed page is
design/cells.py.

A section's size and box describe its frame (the classic board of that size); its kind
(core/kinds) says what is made on it. Every rule about which kinds come in which sizes is
the kind's own, shared with the command line.
"""

from __future__ import annotations

from ..core.board.shape import Shape, parse_box, parse_size
from ..core.kinds.kind import Kind
from ..core.registry import find_kind, kind_named


def kind_of_name(name: str) -> Kind:
    """The kind a loaded spec names (its canonical name, checked at load)."""
    return kind_named(name)


def frame_of(name: str, size: int, box_rows: int, box_cols: int) -> Shape:
    """The frame of a loaded section or day: the classic board of its size and box, or a
    jigsaw's (box 0x0 for a size without boxes)."""
    kind = kind_named(name)
    return kind.frame(size, (box_rows, box_cols) if box_rows and kind.takes_box else None)


def parse_kind_frame(kind: Kind, size_text: str, box_text: str | None) -> Shape:
    """The frame of a kind's size and box as a spec writes them; ValueError says what is
    wrong (checked with kind.size_problem first)."""
    size = parse_size(size_text)
    return kind.frame(size, None if box_text is None else parse_box(box_text, size))


__all__ = ["find_kind", "frame_of", "kind_of_name", "parse_kind_frame"]
