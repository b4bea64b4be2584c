"""What a kind is on a page and in words: its print traits and its message keys."""

from __future__ import annotations

from dataclasses import dataclass

from ..grade.grades import GRADES


@dataclass(frozen=True)
class Presentation:
    """A kind's print-layout traits and the catalogue keys its words are found under.

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
    any_glyphs: bool = False         # its rules treat values as mere symbols: any distinct
    #                                  glyphs may print them (letters, a Wordoku's word)
    outside_cells: int = 0           # rings of cells around the grid its clues print in
    own_rule: bool = True            # it has a rule beside Sudoku's (classic Sudoku: none)
    rules_family: str = ""           # the family whose rule its kinds share ('calcudoku')
    chart_key: str = ""              # the catalogue key of its how-to-play chart's heading
    #                                  (a Killer's cage chart, a Kakuro's unique sums)

    def needs_pencil_room(self, difficulty: str) -> bool:
        """Whether puzzles asked at `difficulty` get cells with room for pencil marks."""
        return self.pencil_grade is not None and difficulty in GRADES and \
            GRADES.index(difficulty) >= GRADES.index(self.pencil_grade)

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
        a clue), where it has one (Kind.seen_line)."""
        return f"aids.{self.name}"

    @property
    def tips_key(self) -> str:
        """The key of its solving tips in the message catalogues."""
        return f"tips.{self.name}"
