"""Kinds as specs name them (`variant:` in a section or a daily weekday): the kind a loaded
spec names and the frame of its size and box. What a kind's grids ask of a printed page is
design/cells.py.

A section's size and box describe its frame (the classic board of that size); its kind
(core/kinds) says what is made on it. Every rule about which kinds come in which sizes is
the kind's own, shared with the command line.
"""

from __future__ import annotations

from ..core.board.shape import Shape, parse_box, parse_sides
from ..core.kinds.kind import Kind
from ..core.registry import find_kind, kind_named


def kind_of_name(name: str) -> Kind:
    """The kind a loaded spec names (its canonical name, checked at load)."""
    return kind_named(name)


def frame_of(name: str, size: int, box_rows: int, box_cols: int,
             sides: tuple[int, int] = (0, 0)) -> Shape:
    """The frame of a loaded section or day: the classic board of its size and box, or a
    jigsaw's (box 0x0 for a size without boxes), or the rectangle of its sides."""
    kind = kind_named(name)
    box = (box_rows, box_cols) if box_rows and kind.takes_box else None
    return kind.sides_frame(*sides_of(kind, size, sides), box)


def sides_of(kind: Kind, size: int, sides: tuple[int, int]) -> tuple[int, int]:
    """A loaded section's or day's rows and columns: its sides where the kind takes
    rectangles, else its size twice."""
    return sides if kind.takes_rectangles else (size, size)


def sides_problem(kind: Kind, size_text: str, box_given: bool) -> tuple[str, str] | None:
    """(key, why) where the kind is not made at a size a spec writes (checked as a size
    already): the size's key for a rectangle the kind does not take, else 'variant'."""
    rows, cols = parse_sides(size_text)
    problem = kind.sides_problem(rows, cols, box_given)
    if problem is None:
        return None
    return ("size" if rows != cols and not kind.takes_rectangles else "variant"), problem


def parse_kind_frame(kind: Kind, size_text: str, box_text: str | None) -> Shape:
    """The frame of a kind's size and box as a spec writes them; ValueError says what is
    wrong (checked with kind.sides_problem first)."""
    rows, cols = parse_sides(size_text)
    return kind.sides_frame(rows, cols,
                            None if box_text is None else parse_box(box_text, rows))


__all__ = ["find_kind", "frame_of", "kind_of_name", "parse_kind_frame", "sides_of",
           "sides_problem"]
