"""What a kind draws on and around its board beyond cells and givens, as plain data in cell
terms: cages, signs between cells, clues outside the grid, clue blocks, tinted regions.

A kind says what its puzzle shows (core/kinds: Kind.marks); pages/ and render/ decide how
it looks, for every kind alike. Positions are cells of the board (core/board/shape.py) or,
for what lies outside its cells, (row, column) of its frame.
"""

from __future__ import annotations

from dataclasses import dataclass

CAGE_STYLES = ("dashed", "outlined")  # a Killer's inset dashed loop; a Calcudoku's heavy border
SIDES = ("top", "right", "bottom", "left")
TINTS = 4  # a tinted board's levels: white and three light greys (a four-colouring)
ORDER_SIGNS = ("<", ">")  # a SignMark's sign that orders its cells (Futoshiki)
MATCH_SIGNS = ("=", "x")  # ... that says whether they match (a Tango's)


@dataclass(frozen=True)
class CageMark:
    """A group of cells drawn as one, its label (a Killer's total, a Calcudoku's '12+')
    in the corner of its first cell in reading order."""

    cells: tuple[int, ...]
    label: str
    style: str = "dashed"


@dataclass(frozen=True)
class SignMark:
    """A sign between two orthogonally adjacent cells, read from `first` to `second`:
    '<' says first < second, '>' first > second (drawn pointing the right way whether the
    cells lie side by side or one above the other); '=' says they hold the same symbol,
    'x' different ones (a Tango's)."""

    first: int
    second: int
    sign: str


@dataclass(frozen=True)
class EdgeMark:
    """A clue outside the grid: beside row `index` (sides left, right) or column `index`
    (top, bottom), a Skyscrapers count; in the `ring` of cells round the grid counted
    outward from it (a Nonogram's runs, the last one next to the grid)."""

    side: str
    index: int
    text: str
    ring: int = 0
    colour: int = 0  # a colour Nonogram's run's colour (1..k: Marks.palette), 0 none


@dataclass(frozen=True)
class BlockMark:
    """A frame position that is no cell (a Kakuro's black square), with the clues of the
    runs it starts: across (to its right) and down (below it), '' where none."""

    row: int
    col: int
    across: str = ""
    down: str = ""


@dataclass(frozen=True)
class Marks:
    """Everything a kind draws beyond the board's cells, regions and givens."""

    cages: tuple[CageMark, ...] = ()
    signs: tuple[SignMark, ...] = ()
    edges: tuple[EdgeMark, ...] = ()
    blocks: tuple[BlockMark, ...] = ()
    # Each cell's tint, 0 (none) to TINTS - 1, by board order: a Star Battle's regions in
    # as few light greys as keep two that meet apart. () for a board drawn untinted.
    tints: tuple[int, ...] = ()
    # A colour Nonogram's colours, colour c's RGB (six hex digits) at palette[c - 1]: its
    # edge clues' colours and its answer's values 2.. (core/kinds/answer.py: colours).
    palette: tuple[str, ...] = ()

    @property
    def outside(self) -> int:
        """Rings of cells needed around the grid for its edge clues."""
        return 1 + max(edge.ring for edge in self.edges) if self.edges else 0

    @property
    def leading(self) -> bool:
        """Its edge clues are all above and left of the grid (a Nonogram's): their rings
        take no room below it or right of it."""
        return all(edge.side in ("top", "left") for edge in self.edges)

    @property
    def across(self) -> int:
        """Cells its edge clues' rings add across the grid's square."""
        return self.outside * (1 if self.leading else 2)
