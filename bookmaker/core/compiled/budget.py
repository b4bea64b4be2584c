"""The solver's budgets, in a module of its own: the nodes a search may visit and the boards
whose tables are kept; search.py, shape.py, compiled.py and the quick check of classic
lines (core/kinds/quick.py, which loads no board or solver module) all read them."""

# A search visits at most this many nodes, then says it gave up (complete=False).
DEFAULT_MAX_NODES = 200_000
# Boards whose tables are cached (per table). Bounded because a jigsaw board is drawn per
# puzzle: a book of jigsaws would otherwise keep every layout's tables for good.
BOARDS_KEPT = 64
