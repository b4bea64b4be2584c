"""The one seam between the cores: which runs, the compiled fast path (csrc/, built at
install when a C compiler is there) or the pure Python, chosen here and nowhere else.

Both paths make exactly the same decisions, so a seed gives the same puzzle, solution and
book bytes on either; the pure Python is the reference (and what runs when the extension
is not built). Callers ask engine(board), exact_cover(...) or shuffler() and get an
object with the same interface whichever core runs: they never branch on it.
bookmaker/__init__.py turns the compiled path off when BOOKMAKER_PURE is set (the core
itself reads no environment); use() switches at run time, as the tests do.
"""

from __future__ import annotations

from .budget import BOARDS_KEPT

TYPE_CHECKING = False  # not typing's: `check` of classic lines loads no typing (issue 24)
if TYPE_CHECKING:
    from ..board.shape import Shape

try:
    from .. import _compiled
    _NOT_BUILT = ""
except ImportError as error:  # built without a compiler, or from a plain checkout
    _compiled = None  # type: ignore[assignment]
    _NOT_BUILT = ("the compiled core is not built" if "cannot import name" in str(error)
                  else f"the compiled core does not load: {error}")

_state: dict = {"compiled": _compiled is not None, "why_pure": _NOT_BUILT}
# Compiled tables per board, the oldest dropped beyond BOARDS_KEPT: a jigsaw board is
# drawn per puzzle, and a book of jigsaws would otherwise keep every layout's tables.
# Keyed by whether they are compiled, so that use() never meets the other core's objects.
_engines: dict = {True: {}, False: {}}
_covers: dict = {True: {}, False: {}}


def available() -> bool:
    """Whether the compiled core is built and importable."""
    return _compiled is not None


def use(wanted: bool, why: str = "") -> None:
    """Run on the compiled core (wanted, and built) or on the pure Python; `why` says why
    not."""
    _state["compiled"] = wanted and _compiled is not None
    _state["why_pure"] = "" if _state["compiled"] else (_NOT_BUILT or why)


def using(wanted: bool, why: str = "") -> _Using:
    """use(wanted, why) for the duration of a with block, then back as it was."""
    return _Using(wanted, why)


class _Using:
    """using()'s with block (a class, not contextlib: `check` loads this module and
    nothing it need not, issue 24)."""

    def __init__(self, wanted: bool, why: str) -> None:
        self.wanted, self.why, self.before = wanted, why, dict(_state)

    def __enter__(self) -> None:
        self.before = dict(_state)
        use(self.wanted, self.why)

    def __exit__(self, *stopped: object) -> None:
        _state.update(self.before)


def in_use() -> bool:
    """Whether the compiled core is what runs now."""
    return _state["compiled"]


def description() -> str:
    """One line for people: which core runs, and why the pure one if it does."""
    if _state["compiled"]:
        return "compiled (C)"
    return f"pure Python: {_state['why_pure'] or 'as asked'}"


def shuffler():
    """Rng.shuffled's work, shuffled(state, items) -> (list, state): in C or in Python."""
    return _compiled.shuffled if _state["compiled"] else _pure_shuffled


def least_image_finder():
    """The canonical form's search (board/transform.py's _Search.least_image) in C:
    find(box_rows, box_cols, orientations, budget) -> the least image as n * n bytes, or
    None past the budget. None on the pure core (transform.py then searches in Python)."""
    return _compiled.least_image if _state["compiled"] else None


def killer_checker():
    """The Killer check, check(size, units, cages, totals, givens, limit, max_nodes) ->
    (count, solutions, complete, nodes): in C or in Python (killer/check.py)."""
    if _state["compiled"]:
        return _compiled.check_killer
    from ..killer.check import check_in_python
    return check_in_python


def clash_finder():
    """Whether a grid's clues clash, any_clash(cells, units_of, unit_count) -> bool: in C or
    in Python (board/grid.py, which reads every line of a puzzle file through it)."""
    if _state["compiled"]:
        return _compiled.any_clash
    from ..board.grid import any_clash_in_python
    return any_clash_in_python


def jigsaw_tiler():
    """A jigsaw layout's tiling, tile(n, box_rows, box_cols, limit, state, max_nodes) ->
    (regions or None, state): in C or in Python (board/jigsaw.py)."""
    if _state["compiled"]:
        return _compiled.tile_jigsaw
    from ..board.jigsaw import tile_in_python
    return tile_in_python


def chain_follower(shape: Shape):
    """The SE rater's forcing chains and cycles (rating/nested.py's unary_found), in C:
    follow(cell_chain_units, cell_digits, digit_cells, open_cells) -> ([(pass, candidate,
    cycles, chain from on, chain from off)], work units). None on the pure core, or on a
    board past the C twin's 4,096 candidates (the rater then follows them in Python)."""
    if not _rater_twin_runs(shape):
        return None
    native = engine(shape).native
    return lambda *state: _compiled.chain_starts(native, *state)


def chain_concluder(shape: Shape):
    """unary_found's conclusions a nested rule can use (rating/nested.py's rested_unary),
    in C: conclude(cell_chain_units, cell_digits, digit_cells, open_cells, start_cells) ->
    ([(cycle, complexity, kind, parents, removals, ancestors as bytes)], work units). None
    on the pure core or past 4,096 candidates."""
    if not _rater_twin_runs(shape):
        return None
    native = engine(shape).native
    return lambda *state: _compiled.chain_found(native, *state)


def chain_propagator(shape: Shape, peer_order, cell_chain_units):
    """The SE rater's chain propagations (rating/implications.py) in C: a maker of
    RatePropagator(cell_digits, digit_cells, outer_cells, outer_digits), whose run(cand,
    on, cell_links, dynamic) -> (on, off, conflict, work units) is Propagator.propagate
    without nested rules. None on the pure core or past 4,096 candidates."""
    if not _rater_twin_runs(shape):
        return None
    tables = _rate_tables.get(shape)
    if tables is None:
        _make_room(_rate_tables)
        tables = _rate_tables[shape] = _compiled.RateTables(engine(shape).native, peer_order,
                                                            cell_chain_units)
    return lambda *state: _compiled.RatePropagator(tables, *state)


def rate_basics(shape: Shape):
    """The SE rater's basic techniques in C (rating/fastbasics.py): the RateBasics maker,
    RateBasics(n, unit_masks, kinds, single_units, unit_cells, peer_masks, lock_runs,
    columns, rows, column_of, row_of). None on the pure core or past 4,096 candidates."""
    return _compiled.RateBasics if _rater_twin_runs(shape) else None


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
        _make_room(_rate_rules)
        groups = [[u for entry in group for u in entry[:2]] for group in lock_groups]
        rules = _rate_rules[shape] = _compiled.RateRules(
            engine(shape).native, single_units, groups, [unit.cells for unit in shape.units],
            columns, rows)
    return rules.find


_rate_rules: dict = {}  # the rater's compiled simple rules per board, the last BOARDS_KEPT


def _rater_twin_runs(shape) -> bool:
    """Whether the rater's chains run in C on this board: the compiled core runs, and the
    board is a plain Shape within the C twin's 4,096 candidates."""
    from ..board.shape import Shape

    return _state["compiled"] and type(shape) is Shape and \
        shape.cell_count * shape.size <= 4096 and shape.size <= 30


def classic_line_counter():
    """A file of classic lines read and each 9x9 puzzle counted to two in one call (csrc/
    quick9.c), counter(data, max_nodes) -> per puzzle line (number, count, complete,
    nodes) or (number, text) for a line left to the pure reader; None for a file it leaves
    whole. None on the pure core: the pure reader and count_solutions do it all there."""
    # getattr: an extension built before quick9.c (an old in-place build) has none.
    return getattr(_compiled, "classic_lines", None) if _state["compiled"] else None


def _pure_shuffled(state: int, items) -> tuple[list, int]:
    from ..rng import shuffled_in_python
    return shuffled_in_python(state, items)


def engine(board):
    """The board's engine (engine.py): the compiled one over its tables when the compiled
    core runs, else the pure one; cached per board. A Killer's Cages (a new one for every
    layout its generator tries) get a Killer engine, whose compiled tables its shape's
    engine keeps for the last few."""
    if type(board) is _shape_type:  # the usual case, first (a Cages is hashed by its layout)
        known = _engines[_state["compiled"]].get(board)
        if known is not None:
            return known
    return _new_engine(board)


class _NoBoardYet:
    """What engine() takes for Shape until its first board: this module loads without
    the board code (`check` of classic lines needs none, core/kinds/quick.py)."""


_shape_type: type = _NoBoardYet


def _new_engine(board):
    """engine() for a board not met yet (or not a Shape)."""
    global _shape_type
    from ..board.shape import Shape
    from . import engine as engines

    _shape_type = Shape
    if not isinstance(board, Shape):
        from ..killer.cages import Cages  # loaded here: most runs have no Killer
        if not isinstance(board, Cages):  # tables of no known board (tests): the reference
            return engines.PureEngine(board)
        if not _state["compiled"]:
            return engines.PureKillerEngine(board)
        return engines.CompiledKillerEngine(board, engine(board.shape).killer_board(board))
    compiled = _state["compiled"]
    cache = _engines[compiled]
    found = cache.get(board)
    if found is None:
        found = (engines.CompiledEngine(board, _compiled) if compiled
                 else engines.PureEngine(board))
        _make_room(cache)
        cache[board] = found
    return found


def exact_cover(key, build, pure):
    """The Dancing Links search over the matrix cached under `key`: the compiled
    ExactCover made from build() -> (columns, rows, preferred_peers), or pure(), an object
    answering its solve(given_rows, limit, max_nodes) alike."""
    cache = _covers[_state["compiled"]]
    found = cache.get(key)
    if found is None:
        _make_room(cache)
        found = cache[key] = _compiled.ExactCover(*build()) if _state["compiled"] else pure()
    return found


def _make_room(cache: dict) -> None:
    if len(cache) >= BOARDS_KEPT:
        del cache[next(iter(cache))]
