"""Kinds as specs name them (`variant:` in a section or a daily weekday), and what a kind's
grids ask of a printed page.

A section's size and box describe its frame (the classic board of that size); its kind
(core/kinds) says what is made on it. Every rule about which kinds come in which sizes is
the kind's own, shared with the command line.
"""

from __future__ import annotations

from ..core.board.shape import Shape, parse_box, parse_size
from ..core.kinds.kind import Kind
from ..core.registry import find_kind, kind_named
from .fontfile import default_font_paths, read_font
from .values import MIN_TEXT_POINTS, font_digit_top

# A cage total is at least 7 pt (MIN_TEXT_POINTS) and at most this share of its cell
# tall, so that it stays clear of the cell's digit: a Killer's cells are at least
# 7 pt * digit height / CAGE_TOTAL_MAX. The renderer (render/pdf.py) uses the same rule.
CAGE_TOTAL_HEIGHT = 0.19  # a cage total's digits, as a share of the cell, where room allows
CAGE_TOTAL_MAX = 0.23
SYMBOL_FIT_WIDTH = 0.86  # a symbol's ink may use at most this much of its cell's width


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


def cells_across(kind: Kind, frame: Shape) -> int:
    """How many cells across a kind's printed square is on the frame: its board's, and a
    ring each side for clues printed outside the grid (Kind.outside_cells)."""
    return kind.frame_cells(frame) + 2 * kind.outside_cells


def least_symbol_cell(glyphs: tuple[str, ...]) -> float:
    """The smallest cell (points) whose symbols, the widest of `glyphs` in the bold font,
    fit at MIN_TEXT_POINTS (the renderer's rule: render/metrics.py symbol_font_size)."""
    if not glyphs:
        return 0.0
    bold = read_font(str(default_font_paths()[1]))
    return max(bold.width(glyph, MIN_TEXT_POINTS) for glyph in glyphs) / SYMBOL_FIT_WIDTH


def least_cell(kind: Kind) -> float:
    """The smallest cell (points) a kind's puzzle can print in: numbers in a cell's corner
    (a Killer's cage totals), at least MIN_TEXT_POINTS, must fit there (measured with the
    default font's digits); other kinds put no floor here."""
    if not kind.corner_labels:
        return 0.0
    share = kind.corner_label_share or CAGE_TOTAL_MAX
    return MIN_TEXT_POINTS * (font_digit_top(default_font_paths()[0]) or 0.73) / share


def least_cell_reason(kind: Kind) -> str:
    """Why a kind's least cell (least_cell) is what it is, for messages: 'readable run
    totals'; '' where it puts no floor."""
    return f"readable {kind.corner_labels_named}" if kind.corner_labels else ""


__all__ = ["CAGE_TOTAL_HEIGHT", "CAGE_TOTAL_MAX", "SYMBOL_FIT_WIDTH", "cells_across",
           "find_kind", "frame_of", "kind_of_name", "least_cell", "least_cell_reason",
           "least_symbol_cell", "parse_kind_frame"]
