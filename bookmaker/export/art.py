"""Per-puzzle art for layout desks: each puzzle's grid and its answer alone (no heading, no
rules: the desk sets its own), as vector files a page-layout program places: PDF (fonts
embedded), SVG and EPS (text as glyph outlines), in greyscale, or for a desk printing in
CMYK, PDF and EPS with every grey on the black plate (SVG has no CMYK: it stays grey).

The grid is drawn by the one board function (render/board.py) as the book and the daily
draw it, marks and all; ART_SIDE is its size, which a desk scales freely (vector art), or
more for a board whose cells would print their text under the minimum at that size.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..core.kinds.kind import Kind
from ..core.registry import kind_of_puzzle
from ..design.cells import least_cell, least_symbol_cell
from ..pages.page import GridPlacement
from ..render.eps import render_eps_bytes
from ..render.pdf import Metadata
from ..render.sheet import Sheet, sheet_geometry, sheet_pdf_bytes
from ..render.style import RenderStyle
from ..render.svg import render_svg_text
from .items import ExportItem

ART_SIDE = 252.0  # points (3.5 in, 89 mm): a two-column newspaper grid; desks scale it
ART_MARGIN = 4.0  # points of white round the grid, so its border is never clipped
ART_LINES = (0.75, 2.0, 2.5)  # cell, region and border lines at ART_SIDE, as print's


ART_PARTS = (False, True)  # the grid, then its answer


def art_files(item: ExportItem, name: str, colour: str = "grey",
              answers: tuple[bool, ...] = ART_PARTS) -> dict[str, bytes]:
    """The item's art: <name>-art.pdf/.svg/.eps and <name>-answer-art.* in grey, or
    <name>-art-cmyk.pdf/.eps and <name>-answer-art-cmyk.* in CMYK; `answers` says which
    of the two (a daily printing answers the next day draws them apart)."""
    files: dict[str, bytes] = {}
    for answer in answers:
        part = f"{name}-answer-art" if answer else f"{name}-art"
        sheet = art_sheet(item, answer)
        title = f"{item.heading}{' (answer)' if answer else ''}"
        metadata = Metadata(title=title, subject=item.caption, creator="bookmaker")
        if colour == "cmyk":
            files[f"{part}-cmyk.pdf"] = sheet_pdf_bytes(sheet, metadata, "cmyk")
            files[f"{part}-cmyk.eps"] = render_eps_bytes(sheet, title, "cmyk")
        else:
            files[f"{part}.pdf"] = sheet_pdf_bytes(sheet, metadata)
            files[f"{part}.svg"] = render_svg_text(sheet, title).encode("utf-8")
            files[f"{part}.eps"] = render_eps_bytes(sheet, title)
    return files


def art_sheet(item: ExportItem, answer: bool) -> Sheet:
    """A sheet holding the item's grid alone (solved, for the answer)."""
    puzzle = item.puzzle
    placement = GridPlacement(ART_MARGIN, ART_MARGIN, ART_SIDE, puzzle.givens,
                              puzzle.solution if answer else None,
                              marks=kind_of_puzzle(puzzle).marks(puzzle.givens, puzzle.extras),
                              glyphs=tuple(item.about.symbols),
                              drawn=kind_of_puzzle(puzzle).answer.drawing)
    grid_side = art_grid_side(placement, kind_of_puzzle(puzzle))
    placement = replace(placement, side=grid_side)
    side = grid_side + 2 * ART_MARGIN
    cell, box, border = ART_LINES
    style = RenderStyle(sheet_geometry(side, side), cell_line=cell, box_line=box,
                        border_line=border)
    return Sheet(side, side, (), placement, style)


def art_grid_side(placement: GridPlacement, kind: Kind) -> float:
    """ART_SIDE, or the least whole points over it whose cells print what the kind's
    cells hold at the minimum text size (a 15x15 Kakuro's sums, a 25x25's two-digit
    numbers): the desk scales the art down as its page allows, as vector art scales."""
    least = max(least_cell(kind), least_symbol_cell(placement.symbols))
    cells = ART_SIDE / placement.cell
    return max(ART_SIDE, float(math.ceil(least * cells)))
