"""What a kind is on a page and in words: its print traits, its message keys, its phrase
in --variant's help and its hint to someone who read one of its lines as another kind's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..grade.grades import GRADES

# A tips page's chart: (cells, ((total, values), ...)) for each group size whose totals
# allow one set of values only (a Killer's cages, a Kakuro's runs).
Chart = tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]
# A Calcudoku's products of two cells: (product, pairs of values making it) for each.
ProductChart = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]


@dataclass(frozen=True)
class Presentation:
    """A kind's print-layout traits, its rules and tips on the page, the catalogue keys its
    words are found under, and its words on the command line (the help's phrase, the hint).

    A kind class writes only the traits where it differs from these defaults; the kind's
    name is filled in when the kind is made (Kind.__init__), the message keys read it.
    """

    name: str = ""                   # the kind's name: its message keys end in it
    named_in_captions: bool = True   # its name is printed beside its size
    size_in_captions: bool = True    # its size is printed ('9x9'); a Samurai's is not
    corner_labels: bool = False      # numbers in cell corners (a cage's total)
    corner_labels_named: str = ""    # what messages call them: 'cage totals'
    corner_label_share: float = 0.0  # the share of a cell those numbers may be tall (0:
    #                                  a cage total's, design/cells.CAGE_TOTAL_MAX)
    one_a_page: bool = False         # printed alone on a page, as large as it allows
    pencil_grade: str | None = None  # from this grade up, solvers keep pencil marks: its
    #                                  puzzles get roomier cells by default (None: never)
    cell_room: str = "written"       # what its reader puts in a cell, which sets the least
    #                                  cell it gets by default (layouts/solving/cells.yaml):
    #                                  a symbol written, a cell shaded, a star, a loop
    any_glyphs: bool = False         # its rules treat values as mere symbols: any distinct
    #                                  glyphs may print them (letters, a Wordoku's word)
    outside_cells: int = 0           # rings of cells around the grid its clues print in
    sudoku_rule: bool = True         # Sudoku's rule (rows, columns, boxes) is its base rule:
    #                                  the how-to-play page's first sentence, its example
    own_rule: bool = True            # it has a rule beside Sudoku's (classic Sudoku: none)
    rules_family: str = ""           # the family whose rule its kinds share ('calcudoku')
    summary: str = ""                # its rule and line in a phrase, for --variant's help
    chart: Callable[[int], Chart] | None = None  # its tips page's chart for a size, if any
    chart_key: str = ""              # the catalogue key of that chart's heading (a Killer's
    #                                  cage chart, a Kakuro's unique sums)
    products: Callable[[int], ProductChart] | None = None  # its products of two cells for a
    #                                  size, where its cages may multiply (a Calcudoku's)
    seen: Callable[[Any], tuple[int, ...]] | None = None  # the cells its how-to-play's aid
    #                                  shades on a solved example's extras (a line seen
    #                                  from a Skyscrapers clue)
    looks_like: Callable[[str], bool] | None = None  # whether a line looks like its lines
    line_hint: str = ""              # what to tell someone who read such a line as another
    #                                  kind's: kinds that say the same read alike lines
    time_model: str = "times"        # its solving-time model (layouts/solving/NAME.yaml):
    #                                  'lines' for a kind solved a line at a time
    size_mark: Callable[[int], str] | None = None  # what a caption prints after its size
    #                                  at a size (a Star Battle's stars a unit: '10×10 ★★')

    def needs_pencil_room(self, difficulty: str) -> bool:
        """Whether puzzles asked at `difficulty` get cells with room for pencil marks."""
        return self.pencil_grade is not None and difficulty in GRADES and \
            GRADES.index(difficulty) >= GRADES.index(self.pencil_grade)

    def room_at(self, difficulty: str) -> str:
        """The room its cells need at a grade: 'pencil' from its pencil_grade up, else its
        cell_room."""
        return "pencil" if self.needs_pencil_room(difficulty) else self.cell_room

    def combination_chart(self, size: int) -> Chart:
        """The chart its tips page prints for a size: () if none."""
        return () if self.chart is None else self.chart(size)

    def product_chart(self, size: int) -> ProductChart:
        """The products of two cells its tips page lists for a size: () if none."""
        return () if self.products is None else self.products(size)

    def seen_line(self, extras: Any) -> tuple[int, ...]:
        """The cells its how-to-play's aid shades on a solved example with these extras:
        () for a kind with no such aid."""
        return () if self.seen is None else self.seen(extras)

    def misread_hint(self, text: str) -> str | None:
        """What to tell someone who read a line as another kind's, if it looks like one of
        this kind's lines; None."""
        return self.line_hint if self.looks_like is not None and self.looks_like(text) \
            else None

    @property
    def name_key(self) -> str:
        """Its name's key in the message catalogues."""
        return f"variants.{self.name}"

    @property
    def title_key(self) -> str:
        """Its full name's key in the message catalogues ('Killer Sudoku'), for title
        pages and headings."""
        return f"kind_titles.{self.name}"

    @property
    def rules_key(self) -> str | None:
        """The key of its rule in the message catalogues, beside Sudoku's own rule (None
        for classic Sudoku, whose rule is that one)."""
        return f"variant_rules.{self.name}" if self.own_rule else None

    @property
    def shared_rules_key(self) -> str | None:
        """The key of the rule its family's kinds share ('shared_rules.calcudoku'), said once
        where a book has two or more of them, each then saying only its own part
        (own_rules_key); None for a kind with no family."""
        return f"shared_rules.{self.rules_family}" if self.rules_family else None

    @property
    def own_rules_key(self) -> str | None:
        """The key of its rule less the shared part, beside its family's (shared_rules_key)."""
        return f"own_rules.{self.name}" if self.rules_family else None

    @property
    def aid_key(self) -> str:
        """The key of the words under its how-to-play aid (a Skyscrapers' line seen from
        a clue), where it has one (seen_line)."""
        return f"aids.{self.name}"

    @property
    def tips_key(self) -> str:
        """The key of its solving tips in the message catalogues."""
        return f"tips.{self.name}"
