"""The SE rater's compiled twins (csrc/): the chains, propagations, basics and simple rules
the rater runs in C on a plain board of at most 4,096 candidates; None where the rater
follows them in Python (on the pure core, or past that size)."""

from __future__ import annotations

from .. import compiled
from ..board.shape import Shape
from ..solve import engines


def chain_follower(shape: Shape):
    """The SE rater's forcing chains and cycles (rating/nested.py's unary_found), in C:
    follow(cell_chain_units, cell_digits, digit_cells, open_cells) -> ([(pass, candidate,
    cycles, chain from on, chain from off)], work units). None on the pure core, or on a
    board past the C twin's 4,096 candidates (the rater then follows them in Python)."""
    if not _rater_twin_runs(shape):
        return None
    native = engines.engine(shape).native
    return lambda *state: compiled.extension().chain_starts(native, *state)


def chain_concluder(shape: Shape):
    """unary_found's conclusions a nested rule can use (rating/nested.py's rested_unary),
    in C: conclude(cell_chain_units, cell_digits, digit_cells, open_cells, start_cells) ->
    ([(cycle, complexity, kind, parents, removals, ancestors as bytes)], work units). None
    on the pure core or past 4,096 candidates."""
    if not _rater_twin_runs(shape):
        return None
    native = engines.engine(shape).native
    return lambda *state: compiled.extension().chain_found(native, *state)


def chain_propagator(shape: Shape, peer_order, cell_chain_units):
    """The SE rater's chain propagations (rating/implications.py) in C: a maker of
    RatePropagator(cell_digits, digit_cells, outer_cells, outer_digits), whose run(cand,
    on, cell_links, dynamic) -> (on, off, conflict, work units) is Propagator.propagate
    without nested rules. None on the pure core or past 4,096 candidates."""
    if not _rater_twin_runs(shape):
        return None
    tables = _rate_tables.get(shape)
    if tables is None:
        compiled.make_room(_rate_tables)
        tables = _rate_tables[shape] = compiled.extension().RateTables(
            engines.engine(shape).native, peer_order, cell_chain_units)
    return lambda *state: compiled.extension().RatePropagator(tables, *state)


def rate_basics(shape: Shape):
    """The SE rater's basic techniques in C (rating/fastbasics.py): the RateBasics maker,
    RateBasics(n, unit_masks, kinds, single_units, unit_cells, peer_masks, lock_runs,
    columns, rows, column_of, row_of). None on the pure core or past 4,096 candidates."""
    return compiled.extension().RateBasics if _rater_twin_runs(shape) else None


_rate_tables: dict = {}  # the rater's compiled tables per board, the last BOARDS_KEPT


def simple_rules(shape: Shape, single_units, lock_groups, columns, rows):
    """The simple rules the SE rater nests in chains (rating/implications.py's SimpleRule),
    in C: find(rule, cell_digits, digit_cells, start_digits, open_cells, values) -> [(struck
    candidates, removals in SE's order)] for rule 0 (pointing and claiming), 1 (hidden
    pairs), 2 (naked pairs) or 3 (X-Wings). None on the pure core or past 4,096 candidates."""
    if not _rater_twin_runs(shape):
        return None
    rules = _rate_rules.get(shape)
    if rules is None:
        compiled.make_room(_rate_rules)
        groups = [[u for entry in group for u in entry[:2]] for group in lock_groups]
        rules = _rate_rules[shape] = compiled.extension().RateRules(
            engines.engine(shape).native, single_units, groups,
            [unit.cells for unit in shape.units], columns, rows)
    return rules.find


_rate_rules: dict = {}  # the rater's compiled simple rules per board, the last BOARDS_KEPT


def _rater_twin_runs(shape) -> bool:
    """Whether the rater's chains run in C on this board: the compiled core runs, and the
    board is a plain Shape within the C twin's 4,096 candidates."""
    return compiled.in_use() and type(shape) is Shape and \
        shape.cell_count * shape.size <= 4096 and shape.size <= 30
