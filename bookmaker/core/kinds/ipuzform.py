"""How a kind's puzzles are written in ipuz (ipuz.org, the open puzzle format): the PuzzleKind
they are and the choices its Sudoku kind leaves open. A kind's exchange form
(exchangeform.py) holds one, or None for a kind ipuz has no kind for (its puzzles are
exported as JSON records alone).

ipuz's Sudoku PuzzleKind is one square grid whose rows and columns hold every symbol once,
with standard boxes (`boxes`), further groups that hold every symbol once (`zones`: a
jigsaw's regions, an X's diagonals, a Hyper's windows) and cages with a value and an
operation (`cages`: a Killer's sums, a Calcudoku's). The document itself is written and
read generically, from the kind's board and marks (core/exchange/ipuz.py); a form says
only what differs between kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SUDOKU_PUZZLE_KIND = "http://ipuz.org/sudoku#1"
# ipuz's cage operations and the symbols a label shows them with (a Calcudoku's '12+').
OPERATOR_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}


@dataclass(frozen=True)
class IpuzForm:
    """The ipuz PuzzleKind(s) of a kind's puzzles and how its cages are shown."""

    puzzle_kinds: tuple[str, ...] = (SUDOKU_PUZZLE_KIND,)
    cage_border: str = "dashed"    # ipuz 'cageborder': 'dashed' (a Killer's), 'thick'
    show_operators: bool = False   # ipuz 'showoperators': labels show the operation ('12+')
    cage_operator: str | None = None  # the operation of a label without one ('+': a sum)
    operator_symbols: dict[str, str] = field(default_factory=lambda: dict(OPERATOR_SYMBOLS))

    def cage_value(self, label: str) -> tuple[int, str | None]:
        """A cage label's value and ipuz operation: '15' -> (15, cage_operator),
        '12+' -> (12, '+'); ValueError for a label that is neither."""
        for operator, symbol in self.operator_symbols.items():
            if label.endswith(symbol) and label[:-len(symbol)].isdigit():
                return int(label[:-len(symbol)]), operator
        if not label.isdigit():
            raise ValueError(f"a cage label ipuz cannot carry: {label!r}")
        return int(label), self.cage_operator

    def cage_label(self, value: int, operator: str | None) -> str:
        """The label of a cage read back: its value, with the operation's symbol where
        this kind's labels show one."""
        if self.show_operators and operator is not None:
            return f"{value}{self.operator_symbols[operator]}"
        return str(value)

