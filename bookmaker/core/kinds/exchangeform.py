"""How a kind's puzzles leave bookmaker and come back: its ipuz form or why it has none,
how a file's regions and marks are read back, and the size its records and registry rows
name (core/exchange and the registry ask it; the rules know nothing of files)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..board.grid import Grid
    from ..board.marks import Marks
    from ..board.shape import Shape
    from .ipuzform import IpuzForm
    from .puzzlink import PuzzlinkForm

NO_PUZZLE_KIND = "ipuz has no PuzzleKind for it"


@dataclass(frozen=True)
class ExchangeForm:
    """A kind's exchange traits. A kind class writes only those it differs in."""

    ipuz: IpuzForm | None = None     # how ipuz writes its puzzles; None: a JSON record alone
    ipuz_absent: str = NO_PUZZLE_KIND  # why `ipuz` is None, as a record says
    drawn_regions: bool = False      # its regions are any tiling (a Jigsaw's): a file's
    #                                  regions, boxes too, are read as its own
    named_by_frame: bool = False     # its size is the squares across and down its frame (a
    #                                  Kakuro's values are 1..9 on every size; a Hashi may
    #                                  be a rectangle), not its values'
    size_word: str = ""              # said after its board in a registry row: '9x9 Killer'
    puzzlink: PuzzlinkForm | None = None  # its puzz.link (pzprjs) URL form; None: none
    puzzlink_absent: str = "puzz.link (pzprjs) has no variety for it"  # why it has none
    extras_of_marks: Callable[[Shape, Marks], Any] | None = None  # its extras read back
    #                                  from their marks (an ipuz file's cages); ValueError
    #                                  says what does not fit. None: givens only

    def ipuz_problem(self, board: Shape, marks: Marks) -> str | None:
        """Why a puzzle on the board with these marks is not written in ipuz (it gets its
        JSON record instead), or None: the kind has no ipuz form, or the puzzle shows what
        ipuz's Sudoku has no field for (signs, clues outside the grid, clue blocks), or
        it is more than one grid."""
        if self.ipuz is None:
            return self.ipuz_absent
        if marks.signs or marks.edges or marks.blocks:
            return "ipuz's Sudoku has no field for signs, clues outside the grid or clue blocks"
        if board.has_several_grids:
            return "ipuz's Sudoku is one grid"
        return None

    def puzzlink_url(self, givens: Grid, line: str) -> tuple[str | None, str | None]:
        """(the puzz.link URL of a puzzle with these givens and line, None) or (None, why
        it has none: its kind or its size is not one of pzprjs's)."""
        if self.puzzlink is None:
            return None, self.puzzlink_absent
        from .puzzlink import Unlinkable
        try:
            return self.puzzlink.url(givens, line), None
        except Unlinkable as err:
            return None, str(err)

    def named_size(self, board: Shape) -> str:
        """The size its board is named by, as --size and specs name it: '9x9' for a 9x9
        (and for a Samurai's five 9x9 grids), '12x12' for a Kakuro of 12 squares across,
        '10x18' for a rectangle of 10 rows and 18 columns."""
        rows, cols = board.frame if self.named_by_frame else (board.size, board.size)
        return f"{rows}x{cols}"

    def registry_size(self, board: Shape) -> str:
        """The size column of its registry rows (and how a failed proof names the puzzle):
        '9x9', '9x9 X', '9x9 X Killer'."""
        return f"{board} {self.size_word}" if self.size_word else str(board)

    def extras_from_marks(self, board: Shape, marks: Marks) -> Any:
        """The extras whose marks these are; None for a kind of givens only."""
        return None if self.extras_of_marks is None else self.extras_of_marks(board, marks)
