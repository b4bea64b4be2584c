"""A Star Battle layout as a puzz.link (pzprjs 'starbattle') URL and back: the star count,
a '/', then the regions' borders (its src/variety/starbattle.js; the codes in
core/kinds/pzprcodes.py): the Star Battle kind's puzz.link form."""

from __future__ import annotations

from ..board.grid import Grid
from ..kinds.puzzlink import PuzzlinkForm, Sized, url_of
from ..kinds.pzprcodes import decode_borders, encode_borders
from .layout import Layout
from .text import format_layout, parse_layout

VARIETY = "starbattle"


def starbattle_body(layout: Layout) -> str:
    """A layout's URL body: its stars a unit, '/', its regions' borders."""
    n = layout.size
    rows = [layout.regions[r * n:(r + 1) * n] for r in range(n)]
    return f"{layout.stars}/{encode_borders(rows)}"


def starbattle_url(layout: Layout) -> str:
    return url_of(VARIETY, layout.size, layout.size, starbattle_body(layout))


def layout_of_body(cols: int, rows: int, body: str) -> Layout:
    """The layout of a URL's size and body, its regions in reading order; ValueError
    (LayoutError among them) says what is wrong."""
    stars, _, borders = body.partition("/")
    if cols != rows or not stars.isdigit():
        raise ValueError(f"a Star Battle URL is a square's STARS/BORDERS, not {cols}x{rows} "
                         f"'{body}'")
    regions, rest = decode_borders(borders, rows, cols)
    if rest:
        raise ValueError(f"'{rest}' is left over after the borders")
    return Layout(cols, int(stars), tuple(r for row in regions for r in row))


def starbattle_encode(givens: Grid, line: str) -> Sized:
    """The URL's size and body of a Star Battle's line."""
    layout = parse_layout(line)
    return layout.size, layout.size, starbattle_body(layout)


def starbattle_decode(cols: int, rows: int, body: str) -> str:
    """The Star Battle line of a URL's size and body."""
    return format_layout(layout_of_body(cols, rows, body))


STARBATTLE_LINK = PuzzlinkForm(VARIETY, "Star Battle", starbattle_encode, starbattle_decode)
