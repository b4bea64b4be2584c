"""What a kind's answer is: how its solution fills the board, as data every surface asks
(pages and answer pages, the web page, exchanges, registry keys) instead of assuming
digits.

Forms, each a kind's way of holding its solution in a Grid's cells (one value a cell, 0
blank in the givens), so that solvers, registries and puzzle files carry every kind alike:

- values:  a number (or a glyph standing for one) in each cell: Sudoku and the number
  kinds. Printed as the section's symbols (design/glyphs.py).
- symbols: one of a few symbols in each cell, with no order or sum: Binairo's two.
  Printed as the kind's own glyphs, never numbers; value v is `glyphs[v - 1]`.
- shading: each cell shaded (value 2) or left white (value 1): Nonogram, Star Battle.
  An answer page fills the shaded cells (a Star Battle's draws a star in each); the
  givens are clues outside the grid (marks), or the board's regions.
- colours: each cell blank (value 1) or one of a few colours (value c + 1 for colour c):
  a colour Nonogram. The colours are the puzzle's own (its palette, in its extras and its
  marks); glyphs are the letters its lines write. An answer page fills each cell in its
  colour's print tint (design/inks.py).
- edges: a Slitherlink's loop. The solution Grid holds 2 for a cell inside the loop and 1
  for one outside (beyond the grid is outside); the loop's edges are derived from them,
  each edge lying between an inside cell and an outside one. The givens hold the clues
  (clue + 1, 0 for none). Pages draw dots, clues and the loop (render/loops.py).
- links: a Hashi's bridges, coded in the water cells of its solution (an island keeps its
  count 1..8; water holds a code after the counts, 9 no bridge, 10 or 11 one or two
  across, 12 or 13 one or two down: core/hashi/rules.py), so that a solution reads alone;
  the givens hold the islands, 0 for water. Pages draw the bridges (render/bridges.py).
"""

from __future__ import annotations

from dataclasses import dataclass

ANSWER_FORMS = ("values", "symbols", "shading", "colours", "edges", "links")
# How a page draws an answer (render/board.py asks the placement, which its kind's answer
# tells): its symbols printed in the cells, its shaded cells filled or each drawn as a
# star, its coloured cells filled in their colours' greys, its islands circled and bridges
# drawn, its dots and loop (which its board's dotted geometry draws); a form's own way
# unless the kind says another (`Answer.drawn`).
DRAWINGS = ("symbols", "fill", "stars", "colours", "bridges", "loop")
# Each by name, for code that asks which (a drawing's name may also be a kind's alias:
# 'stars', 'bridges'; code outside the kinds compares no such string, tests/test_kinds.py).
SYMBOLS_DRAWN, FILL_DRAWN, STARS_DRAWN, COLOURS_DRAWN, BRIDGES_DRAWN, LOOP_DRAWN = DRAWINGS
# The share of a cell's side an answer's numbers have where its drawing leaves them less
# than the cell: a Hashi's island count its circle (ISLAND_SIDE), a Slitherlink's clue
# what its loop's heavy lines leave. Answer pages and sheets give that room what a cell
# of other kinds' answers gets: the answer digit size, at 7 pt or more.
ISLAND_SIDE = 0.8  # a Hashi island's circle across, as a share of its cell
NUMBER_ROOMS = {BRIDGES_DRAWN: ISLAND_SIDE, LOOP_DRAWN: 0.8}
FORM_DRAWINGS = {"values": "symbols", "symbols": "symbols", "shading": "fill",
                 "colours": "colours", "edges": "loop", "links": "bridges"}
# A shading answer's values 1 (white) and 2 (shaded) as text writes them: on a page a white
# cell is left empty and a shaded one filled, never printed as a symbol (render/board.py).
SHADING_GLYPHS = ("-", "#")
# ... and as its explained steps say them ("black in r5c1", "blank in r6c2"), as a colour
# Nonogram's name theirs (design/colournames.py): the catalogue's `colour_names` keys.
SHADING_SAID = ("blank", "black")
# A Star Battle's, as steps say them ("★ in r4c4", "no ★ in r1c3"): a shaded cell is a
# star, drawn as one (a filled star shape), not a fill. Its lines write '-' and '*'
# (core/starbattle/kind.py), which any keyboard types.
STAR_GLYPHS = ("·", "★")
# A colours answer's values 1 (blank) and 2.. (colours a, b, ...) as its lines write them.
COLOUR_GLYPHS = ("-", "a", "b", "c", "d", "e", "f")
# A links answer's values as explained steps say them: an island's count 1..8, then the
# water codes 9..13, no bridge, one and two bridges across, one and two down. On a page
# the bridges are drawn (render/bridges.py).
LINK_GLYPHS = ("1", "2", "3", "4", "5", "6", "7", "8", "·", "─", "═", "│", "║")


@dataclass(frozen=True)
class Limits:
    """What no unit of a right answer holds, for the surfaces that mark a reader's breaks as
    they are made (the web page's live conflicts): a symbol more than once in a unit, or
    (`shared`) more than its equal share of the unit's cells (a Binairo line's half); more
    than `run` alike side by side in a line (0: any run; a Binairo's 2); a repeat in a cage
    (`cages`: a Killer's cage never repeats, a Calcudoku's may); a full line the same as
    another of its kind (`distinct`: a classic Binairo's rows, and its columns); (`most`)
    more shaded cells than the board's count, or decided in full fewer (a Star Battle's
    stars a unit: its Shape's box_rows); two shaded cells touching, at a side or a corner
    (`apart`: a Star Battle's stars); more lines round a clue, or bridges at an island, than
    its number (`counted`: a Slitherlink's clues, a Hashi's islands); more than `meeting`
    lines at one dot (0: any; a Slitherlink's loop, 2)."""

    shared: bool = False
    run: int = 0
    cages: bool = False
    distinct: bool = False
    most: bool = False
    apart: bool = False
    counted: bool = False
    meeting: int = 0


@dataclass(frozen=True)
class Answer:
    """A kind's answer: its form and, for symbols and shading, what each value prints as
    (`glyphs`, value 1 first; () for values, printed as the section's symbols say); the
    limits a right answer keeps in its units; how a page draws it where that is not its
    form's way (`drawn`: a Star Battle's shaded cells are stars); the words its explained
    steps say its values in where its glyphs are only the text format's letters (`said`:
    the catalogue's `colour_names` keys, value 1 first: a Nonogram's 'blank' and 'black')."""

    form: str = "values"
    glyphs: tuple[str, ...] = ()
    limits: Limits = Limits()
    drawn: str = ""
    said: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.form not in ANSWER_FORMS:
            raise ValueError(f"unknown answer form {self.form!r}; expected one of: "
                             f"{', '.join(ANSWER_FORMS)}")
        if self.drawn and self.drawn not in DRAWINGS:
            raise ValueError(f"unknown drawing {self.drawn!r}; expected one of: "
                             f"{', '.join(DRAWINGS)}")

    @property
    def drawing(self) -> str:
        """How a page draws it (DRAWINGS): `drawn`, or its form's way."""
        return self.drawn or FORM_DRAWINGS[self.form]

    @property
    def number_room(self) -> float:
        """The share of a cell its answer's numbers are set in (NUMBER_ROOMS; 1: all)."""
        return NUMBER_ROOMS.get(self.drawing, 1.0)

    @property
    def numbered(self) -> bool:
        """Its cells hold numbers a section's symbols may print (the values form)."""
        return self.form == "values"

    @property
    def typed(self) -> bool:
        """A reader writes it as one symbol a cell (values, symbols): the web page plays
        it."""
        return self.form in ("values", "symbols")

    @property
    def cycled(self) -> bool:
        """A tap steps a cell through its few symbols (empty, each in turn, empty again)
        rather than only selecting it: symbols with no order, as Binairo's."""
        return self.form == "symbols"

    @property
    def in_cells(self) -> bool:
        """Its answer is a value in every cell (values, symbols, shading, colours), not
        edges or links between them."""
        return self.form in ("values", "symbols", "shading", "colours")
