"""The commonest check, a file of classic 9x9 lines, in one compiled call: the lines read
and each puzzle counted to two before any kind, board or solver module loads (issue 24:
`bookmaker check` of 2,000 puzzles spent more on loading and on a Python object per
puzzle than on counting).

It stands for the classic kind's reader and solver (core/kinds/sudoku.py) and answers
exactly as they do: the line reader of csrc/quick9.c takes only a line the classic reader
reads as a 9x9 grid, and its count is search.py's, decision for decision (the same count,
completeness and node count); every other line it hands back for the kind to read
(tests/test_compiled_quick.py holds both to the pure Python). Only the classic kind, by
its name, has it; the pure core has none."""

from __future__ import annotations

from .. import compiled
from ..compiled.budget import DEFAULT_MAX_NODES

# The kind whose lines the compiled reader reads: sudoku.CLASSIC, by name (asked by name
# so that this module loads no kind; tests/test_compiled_quick.py holds it to CLASSIC).
QUICK_KIND = "classic"


def quick_counts(kind_word: str, data: bytes) -> list[tuple] | None:
    """Each puzzle line of a file's bytes read as `kind_word`'s lines: (line number, count
    to two, complete, nodes), or (line number, stripped text) for a line the kind's own
    reader must read; None where this does not apply (another kind, the pure core, bytes
    the reader leaves whole: not ASCII, a document)."""
    if kind_word != QUICK_KIND:
        return None
    counter = compiled.classic_line_counter()
    return None if counter is None else counter(data, DEFAULT_MAX_NODES)
