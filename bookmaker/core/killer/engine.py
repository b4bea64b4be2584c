"""A Killer's Cages on the compiled core: their tables (KillerBoard, over the grader's
tables of their board, the last few kept by its engine) and the engine that settles,
counts rounds to a contradiction and searches on them (solver.py picks it, or its pure
twin, per Cages)."""

from __future__ import annotations

from .. import compiled
from ..grade.tables import grader_tables
from ..solve import engines
from ..solve.search import Search

# Compiled Killer tables kept for the last few Cages (by identity: a Cages is hashed by
# its whole layout), as a generator grades and searches each layout it tries in turn.
KILLER_BOARDS_KEPT = 8


def killer_board(cages):
    """The compiled tables of a Killer's cages on its board (the last few kept)."""
    kept = engines.engine(cages.shape).kept.setdefault("killer boards", {})
    found = kept.get(id(cages))
    if found is None or found[0] is not cages:
        if len(kept) >= KILLER_BOARDS_KEPT:
            del kept[next(iter(kept))]
        native = compiled.extension().KillerBoard(
            grader_tables(cages.shape), [c.cells for c in cages.cages],
            [c.total for c in cages.cages], cages.combos)
        found = kept[id(cages)] = (cages, native)
    return found[1]


class CompiledKillerEngine:
    """A Killer's Cages on the compiled core: its shape's engine's KillerBoard."""

    kind = "compiled"

    def __init__(self, cages, native) -> None:
        self.board, self.native = cages, native

    def settle(self, boards, placed: int, scanned) -> int:
        return self.native.settle(boards, placed, scanned)

    def rounds_to_contradiction(self, boards, placed: int, scanned) -> int | None:
        return self.native.rounds_to_contradiction(boards, placed, scanned)

    def search(self, boards, placed: int, limit: int, max_nodes: int, prefer) -> Search:
        return Search(*self.native.search(boards, placed, limit, max_nodes, prefer))
