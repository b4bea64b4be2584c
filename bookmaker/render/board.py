"""The one function that draws a board onto any canvas (render/canvas.py): its shading,
cell and region lines and outline, its kind's marks (cages dashed or outlined with their
labels, signs between cells, clues outside the grid, clue blocks), and its givens (and,
on an answer, the solved cells).

What a board looks like comes from pages/board.py (lines, shading, cage loops), how big
things are from render/metrics.py; this module turns both into canvas calls, so the PDF,
the PNG and the SVG draw every board alike. The PDF keeps each empty board as a form and
draws it once: it calls draw_grid for the form and draw_marks and draw_symbols on the
page, which is all draw_board does.
"""

from __future__ import annotations

import math

from ..core.board.marks import CageMark
from ..design.inks import GREY, digits_ink, print_inks
from ..pages.board import (
    BLOCK_DIAGONAL_INSET,
    BLOCK_GREY,
    CAGE_DASH,
    CAGE_LABEL_AT,
    CAGE_LABEL_PAD,
    CAGED_CELL_GREY,
    OUTLINED,
    OUTLINED_LABEL_AT,
    SHADE_GREY,
    SIGN_SPAN,
    BoardDrawing,
    Run,
    board_drawing,
    cage_borders,
    cage_drawings,
    edge_centre,
    label_cell,
    sign_strokes,
)
from ..pages.page import GridPlacement
from .bridges import draw_islands_and_bridges
from .canvas import BUTT, TOP_LEFT, Box, Canvas, Face, Label, Pen, Point, Segment
from .fonts import digit_extent
from .loops import draw_loop_board
from .metrics import (
    BLOCK_ACROSS_AT,
    BLOCK_DOWN_AT,
    block_clue_size,
    cage_line,
    cage_total_size,
    digit_scale,
    entry,
    line_weights,
    sign_least_span,
    symbol_font_size,
)
from .style import MIN_TEXT_SIZE, RenderError, RenderStyle

WHITE = 1.0


def draw_board(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """The whole board of a placement: grid, marks, symbols."""
    draw_grid(canvas, board_drawing(placement.grid.shape),
              line_weights(style, placement.cell), cell_line_grey(placement))
    draw_marks(canvas, placement, style)
    draw_symbols(canvas, placement, style)


def cell_line_grey(placement: GridPlacement) -> float:
    """The grey of a board's cell lines: CAGED_CELL_GREY where dashed cages are drawn
    beside them (a puzzle's, not an answer's), else black."""
    dashed = any(cage.style != OUTLINED for cage in placement.marks.cages)
    return CAGED_CELL_GREY if dashed and placement.solution is None else 0.0


def draw_grid(canvas: Canvas, drawing: BoardDrawing,
              weights: tuple[float, float, float], cell_grey: float = 0.0) -> None:
    """The empty board: shaded cells, cell lines (in `cell_grey`), region lines, then its
    outline (the bordering square of a full board, mitred at the corners)."""
    cell_line, box_line, border = weights
    if drawing.shaded:
        canvas.rects([(col, row, 1, 1) for row, col in drawing.shaded], "shade",
                     fill=SHADE_GREY)
    # line_weights never thins a grid line under the cell line, the least stroke.
    canvas.lines(_segments(drawing.thin), Pen(cell_line, cell_grey), "cell lines")
    canvas.lines(_segments(drawing.heavy), Pen(box_line), "region lines")
    if drawing.squared:
        canvas.rects([(0, 0, drawing.frame, drawing.frame)], "border", pen=Pen(border))
    else:
        canvas.lines(_segments(drawing.outline), Pen(border), "border")


def _segments(runs: tuple[Run, ...]) -> list[Segment]:
    return [((run.at, run.start), (run.at, run.end)) if run.vertical
            else ((run.start, run.at), (run.end, run.at)) for run in runs]


def draw_marks(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """What the board shows beyond its cells and symbols (its kind's Marks): clue blocks,
    cages, signs between cells, clues outside the grid. An answer keeps the blocks and
    the outlined cages' borders and leaves out every clue and a Killer's dashed cages: its
    symbols are the point there, its cells are too small for the clues, and dashes inset
    beside its cell lines read as double lines."""
    marks, answer = placement.marks, placement.solution is not None
    weights = line_weights(style, placement.cell)
    if marks.tints:
        _draw_tints(canvas, placement, weights)
    if placement.shaded:
        _draw_pointed(canvas, placement)
    if placement.ringed:
        _draw_ringed(canvas, placement, style, weights[1])
    if marks.blocks:
        _draw_blocks(canvas, placement, style, weights[0], answer)
    outlined = [cage for cage in marks.cages if cage.style == OUTLINED]
    dashed = [cage for cage in marks.cages if cage.style != OUTLINED]
    if outlined:
        canvas.lines(_segments(cage_borders(placement.grid.shape, outlined)),
                     Pen(style.stroke(weights[1])), "cage borders")
    if answer:
        return
    if dashed:
        _draw_dashed_cages(canvas, placement, style, dashed)
    if marks.cages:
        _draw_cage_labels(canvas, placement, style, dashed, outlined)
    if marks.signs:
        _draw_signs(canvas, placement, weights[1])
    if marks.edges:
        _draw_edges(canvas, placement, style)


# A tinted board's greys, tint 0 first: white, then three light greys of a 4-bit PNG's
# sixteen levels (13, 27 and 7 % black; the two most used the most apart), which print on
# newsprint and tell apart in greyscale while black stars and pencil dots stay plain.
TINT_GREYS = (1.0, 13 / 15, 11 / 15, 14 / 15)


def _draw_tints(canvas: Canvas, placement: GridPlacement,
                weights: tuple[float, float, float]) -> None:
    """Each cell in its tint, then the board's lines again over them (the grid, drawn
    first and in a PDF a form, would be half covered)."""
    positions = placement.grid.shape.positions
    for level in range(1, len(TINT_GREYS)):
        canvas.rects([(positions[cell][1], positions[cell][0], 1, 1)
                      for cell, tint in enumerate(placement.marks.tints) if tint == level],
                     "tint", fill=TINT_GREYS[level])
    draw_grid(canvas, board_drawing(placement.grid.shape), weights, cell_line_grey(placement))


POINTED_INSET = 0.08  # a pointed-at cell's shade stops this share of a cell inside its lines
# ... on a tinted board (a Star Battle's regions), darker than every tint: 47 % black, as
# CAGED_CELL_GREY, under which a star still shows
POINTED_ON_TINT = 8 / 15


def _draw_pointed(canvas: Canvas, placement: GridPlacement) -> None:
    """The cells a glossary example points at, shaded inside their lines (drawn over the
    grid, which a PDF keeps as a form, so inset to leave the lines whole)."""
    inset, positions = POINTED_INSET, placement.grid.shape.positions
    grey = POINTED_ON_TINT if placement.marks.tints else SHADE_GREY
    canvas.rects([(positions[cell][1] + inset, positions[cell][0] + inset, 1 - 2 * inset,
                   1 - 2 * inset) for cell in placement.shaded], "shade", fill=grey)


RING_INSET = 0.16  # a ringed cell's ring stops this share of a cell inside its lines


def _draw_ringed(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                 weight: float) -> None:
    """The cells a drawn step fills or clears (its removed candidates' cells), ringed
    inside their lines, apart from the shaded cells of its pattern."""
    inset, positions = RING_INSET, placement.grid.shape.positions
    canvas.rects([(positions[cell][1] + inset, positions[cell][0] + inset, 1 - 2 * inset,
                   1 - 2 * inset) for cell in placement.ringed], "ring",
                 pen=Pen(style.stroke(weight)))


def _draw_dashed_cages(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                       cages: list[CageMark]) -> None:
    """Dashed loops inset in their cells."""
    drawings = cage_drawings(placement.grid.shape, cages)
    pen = Pen(cage_line(style), 0.0, CAGE_DASH, BUTT)
    canvas.polygons([loop for cage in drawings for loop in cage.loops], pen, "cages")


def _draw_cage_labels(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                      dashed: list[CageMark], outlined: list[CageMark]) -> None:
    """Each cage's label (a Killer's total, a Calcudoku's '12+') in its cage's top-left
    corner, on a knock-out of the cell's own colour."""
    shape = placement.grid.shape
    top, bottom = digit_extent(str(style.font_regular))
    face = Face(style.font_regular, cage_total_size(placement.cell, top), top, bottom,
                role="total")
    shaded = set(board_drawing(shape).shaded)
    labels = []
    for cages, (dx, dy) in ((dashed, CAGE_LABEL_AT), (outlined, OUTLINED_LABEL_AT)):
        for cage in cages:
            row, col = label_cell(shape, cage)
            labels.append(Label(cage.label, col + dx, row + dy, TOP_LEFT,
                                SHADE_GREY if (row, col) in shaded else WHITE))
    canvas.text([label for label in labels if label.text], [face],
                pad=CAGE_LABEL_PAD * placement.cell)


def _draw_signs(canvas: Canvas, placement: GridPlacement, weight: float) -> None:
    """Each sign across its cells' edge (a chevron, an = or an x), on a white knock-out
    that parts the cell line under it; its opening at least as tall as a 7 pt '<'."""
    cell = placement.cell
    if SIGN_SPAN * cell < sign_least_span():
        raise RenderError(f"cells of {cell:.1f} pt are too small for signs as tall as "
                          f"{MIN_TEXT_SIZE:g} pt text: use fewer grids per page")
    strokes = [sign_strokes(placement.grid.shape, sign) for sign in placement.marks.signs]
    pad = weight / cell
    canvas.rects([_around([p for stroke in sign for p in stroke], pad) for sign in strokes],
                 "sign grounds", fill=WHITE)
    canvas.lines([stroke for sign in strokes for stroke in sign],
                 Pen(weight), "signs")  # the box line: heavier than the least stroke


def _around(points, pad: float) -> Box:
    """The box round some points, `pad` cells wider each way."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
            max(ys) - min(ys) + 2 * pad)


def _draw_edges(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """Clues outside the grid, each centred in its cell of the ring, as large as the
    grid's symbols, or smaller where a clue is wider than they are (a Nonogram's runs of
    10 and more, whose cells are shaded, not written in: two-digit clues touched)."""
    top, bottom = digit_extent(str(style.font_regular))
    clues = tuple(edge.text for edge in placement.marks.edges)
    size = symbol_font_size(style, placement.cell, tuple(placement.symbols) + clues)
    frame = board_drawing(placement.grid.shape).frame
    face = Face(style.font_regular, size, top, bottom, role="edge clue")
    if placement.marks.palette:
        _draw_coloured_edges(canvas, placement, frame, face, style.interior)
        return
    labels = [Label(edge.text, *edge_centre(frame, edge)) for edge in placement.marks.edges]
    canvas.text(labels, [face])


EDGE_TINT_INSET = 0.06  # a coloured clue's tint stops this share of a cell inside its cell


def _draw_coloured_edges(canvas: Canvas, placement: GridPlacement, frame: int,
                         face: Face, interior: str) -> None:
    """A colour Nonogram's clues, each on its colour's ink (design/inks.py: a grey, or in
    a colour interior the colour), its digits black or white as the ink asks; '0' on no
    tint."""
    inks = print_inks(placement.marks.palette, interior)
    digits = digits_ink(placement.marks.palette, interior)
    edges = placement.marks.edges
    inset, side = EDGE_TINT_INSET, 1 - 2 * EDGE_TINT_INSET
    for colour, ink in enumerate(inks, 1):
        centres = [edge_centre(frame, edge) for edge in edges if edge.colour == colour]
        canvas.rects([(x - 0.5 + inset, y - 0.5 + inset, side, side) for x, y in centres],
                     "clue tints", fill=ink)
    for grey in (0.0, 1.0):
        canvas.text([Label(edge.text, *edge_centre(frame, edge)) for edge in edges
                     if (digits[edge.colour - 1] if edge.colour else 0.0) == grey],
                    [face], grey=grey)


def _draw_blocks(canvas: Canvas, placement: GridPlacement, style: RenderStyle,
                 weight: float, answer: bool) -> None:
    """Tinted clue squares (BLOCK_GREY); one that starts a run has a black diagonal from
    near its top-left corner to near its bottom-right (BLOCK_DIAGONAL_INSET), the across
    run's sum above it and the down run's below it, in black."""
    blocks = placement.marks.blocks
    squares = [(block.col, block.row, 1, 1) for block in blocks]
    canvas.rects(squares, "blocks", fill=BLOCK_GREY)
    # The tint covers half of each cell line round it (the board's lines are drawn first,
    # in the PDF as a form): drawn again whole over it.
    canvas.rects(squares, "block lines", pen=Pen(style.stroke(weight)))
    clued = [block for block in blocks if block.across or block.down]
    inset = BLOCK_DIAGONAL_INSET
    canvas.lines([((b.col + inset, b.row + inset), (b.col + 1 - inset, b.row + 1 - inset))
                  for b in clued], Pen(style.stroke(weight), cap=BUTT), "block diagonals")
    if answer or not clued:
        return
    top, bottom = digit_extent(str(style.font_bold))
    face = Face(style.font_bold, block_clue_size(placement.cell, top), top, bottom, bold=True,
                role="block clue")
    labels = [Label(text, block.col + x, block.row + y) for block in clued
              for text, (x, y) in ((block.across, BLOCK_ACROSS_AT), (block.down, BLOCK_DOWN_AT))
              if text]
    canvas.text(labels, [face])


def draw_symbols(canvas: Canvas, placement: GridPlacement, style: RenderStyle) -> None:
    """The givens in bold and, on an answer, the solved cells in the regular face, each
    symbol's figures centred in its cell's entry (below a caged puzzle's labels); shading
    is drawn, not printed (draw_shading)."""
    if placement.fills:
        draw_shading(canvas, placement)
        return
    if placement.coloured:
        draw_colours(canvas, placement, style.interior)
        return
    if placement.bridges:
        draw_islands_and_bridges(canvas, placement, style)
        return
    if placement.grid.shape.dotted:  # a loop's board: its geometry draws dots, not lines
        draw_loop_board(canvas, placement, style)
        return
    top, bottom = digit_extent(str(style.font_regular))
    size = symbol_font_size(style, placement.cell, placement.symbols)
    size *= digit_scale(placement, style, top, size)
    faces = [Face(style.font_bold, size, top, bottom, bold=True, role="given"),
             Face(style.font_regular, size, top, bottom, role="solved")]
    positions = placement.grid.shape.positions
    symbols = placement.symbols
    middle = entry(placement, top).middle
    labels = [Label(symbols[value - 1], col + 0.5, row + middle, face=0 if given else 1)
              for index, value, given in _symbols_to_draw(placement)
              for row, col in (positions[index],)]
    canvas.text(labels, faces)


FILL_GREY = 0.0  # a shaded cell of a shading answer: black, as the picture is drawn
WHITE_DOT = 0.14  # a white given's dot: this share of its cell across


def draw_shading(canvas: Canvas, placement: GridPlacement) -> None:
    """A shading answer: shaded cells filled, and in a puzzle a dot in each white given."""
    positions = placement.grid.shape.positions
    shown = list(_symbols_to_draw(placement))
    shaded = [positions[index] for index, value, _ in shown if value == 2]
    if placement.starred:
        canvas.shapes([star_at(row, col) for row, col in shaded], "stars", fill=FILL_GREY)
    else:
        canvas.rects([(col, row, 1, 1) for row, col in shaded], "shaded cells",
                     fill=FILL_GREY)
    half = WHITE_DOT / 2
    canvas.rects([(positions[index][1] + 0.5 - half, positions[index][0] + 0.5 - half,
                   WHITE_DOT, WHITE_DOT) for index, value, given in shown
                  if value == 1 and given and placement.solution is None],
                 "white givens", fill=FILL_GREY)


def draw_colours(canvas: Canvas, placement: GridPlacement, interior: str = GREY) -> None:
    """A colours answer: each coloured cell (a given, or on an answer every cell) filled
    in its colour's ink (design/inks.py: its print grey, or in a colour interior its
    colour), and in a puzzle a dot in each blank given."""
    inks = print_inks(placement.marks.palette, interior)
    positions = placement.grid.shape.positions
    shown = list(_symbols_to_draw(placement))
    for colour, ink in enumerate(inks, 2):
        canvas.rects([(positions[index][1], positions[index][0], 1, 1)
                      for index, value, _ in shown if value == colour],
                     "coloured cells", fill=ink)
    half = WHITE_DOT / 2
    canvas.rects([(positions[index][1] + 0.5 - half, positions[index][0] + 0.5 - half,
                   WHITE_DOT, WHITE_DOT) for index, value, given in shown
                  if value == 1 and given and placement.solution is None],
                 "white givens", fill=FILL_GREY)


STAR_REACH = 0.36  # a drawn star's points reach this share of a cell from its centre
STAR_WAIST = 0.4  # ... and its inner corners this share of that


def star_at(row: int, col: int) -> list[Point]:
    """A five-pointed star centred in the cell, one point up: ten corners, in cells."""
    corners = []
    for i in range(10):
        reach = STAR_REACH * (1 if i % 2 == 0 else STAR_WAIST)
        angle = math.pi * i / 5
        corners.append((col + 0.5 + reach * math.sin(angle),
                        row + 0.53 - reach * math.cos(angle)))
    return corners


def _symbols_to_draw(placement: GridPlacement):
    """(cell index, value, is it a given) for every cell that shows a symbol."""
    written = placement.solution if placement.solution is not None else placement.entered
    for index, given in enumerate(placement.grid.cells):
        value = given or (written.cells[index] if written is not None else 0)
        if value:
            yield index, value, bool(given)
