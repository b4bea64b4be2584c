"""The one seam between the cores: which runs, the compiled fast path (csrc/, built at
install when a C compiler is there) or the pure Python, chosen here and nowhere else.

Both paths make exactly the same decisions, so a seed gives the same puzzle, solution and
book bytes on either; the pure Python is the reference (and what runs when the extension
is not built). Callers ask exact_cover(...), shuffler(pure) and the like (or solve/engines.py's
engine(board)) and get an
object with the same interface whichever core runs: they never branch on it.
bookmaker/__init__.py turns the compiled path off when BOOKMAKER_PURE is set (the core
itself reads no environment); use() switches at run time, as the tests do.
"""

from __future__ import annotations

from .budget import BOARDS_KEPT

try:
    from .. import _compiled
    _NOT_BUILT = ""
except ImportError as error:  # built without a compiler, or from a plain checkout
    _compiled = None  # type: ignore[assignment]
    _NOT_BUILT = ("the compiled core is not built" if "cannot import name" in str(error)
                  else f"the compiled core does not load: {error}")

_state: dict = {"compiled": _compiled is not None, "why_pure": _NOT_BUILT}
# Exact covers per matrix, the oldest dropped beyond BOARDS_KEPT (a jigsaw board is drawn
# per puzzle). Keyed by whether they are compiled, so that use() never meets the other
# core's objects (the engines per board are kept alike, solve/engines.py).
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


def extension():
    """The compiled extension module (csrc/), None if it is not built."""
    return _compiled


def in_use() -> bool:
    """Whether the compiled core is what runs now."""
    return _state["compiled"]


def description() -> str:
    """One line for people: which core runs, and why the pure one if it does."""
    if _state["compiled"]:
        return "compiled (C)"
    return f"pure Python: {_state['why_pure'] or 'as asked'}"


def _function(name: str, pure=None):
    """The extension's function `name` where the compiled core runs and has it, else
    `pure`: an extension built before the C file that defines it (an old in-place build)
    has none."""
    return getattr(_compiled, name, pure) if _state["compiled"] else pure


def shuffler(pure):
    """Rng.shuffled's work, shuffled(state, items) -> (list, state): in C, or `pure`, the
    Python (rng.py)."""
    return _compiled.shuffled if _state["compiled"] else pure


def least_image_finder():
    """The canonical form's search (board/transform.py's _Search.least_image) in C:
    find(box_rows, box_cols, orientations, budget) -> the least image as n * n bytes, or
    None past the budget. None on the pure core (transform.py then searches in Python)."""
    return _compiled.least_image if _state["compiled"] else None


def killer_checker(pure):
    """The Killer check, check(size, units, cages, totals, givens, limit, max_nodes) ->
    (count, solutions, complete, nodes): in C, or `pure`, the Python (killer/check.py)."""
    return _compiled.check_killer if _state["compiled"] else pure


def futoshiki_checker(pure):
    """The Futoshiki check, check(n, pairs, givens, limit, max_nodes) -> (count, solutions,
    complete, nodes): in C, or `pure`, the Python (futoshiki/check.py), taking (signs,
    givens, limit, max_nodes)."""
    return _function("check_futoshiki", pure)


def skyscrapers_checker():
    """The Skyscrapers check's search in C, check(n, lines' orderings, limit, max_nodes) ->
    (count, solutions, complete, nodes) (skyscrapers/check.py's, up to 8x8); None on the
    pure core."""
    return _function("check_skyscrapers")


def clash_finder(pure):
    """Whether a grid's clues clash, any_clash(cells, units_of, unit_count) -> bool: in C,
    or `pure`, the Python (board/grid.py, which reads every line of a puzzle file through
    it)."""
    return _compiled.any_clash if _state["compiled"] else pure


def jigsaw_tiler(pure):
    """A jigsaw layout's tiling, tile(n, box_rows, box_cols, limit, state, max_nodes) ->
    (regions or None, state): in C, or `pure`, the Python (board/jigsaw.py)."""
    return _compiled.tile_jigsaw if _state["compiled"] else pure


def classic_line_counter():
    """A file of classic lines read and each 9x9 puzzle counted to two in one call (csrc/
    quick9.c), counter(data, max_nodes) -> per puzzle line (number, count, complete,
    nodes) or (number, text) for a line left to the pure reader; None for a file it leaves
    whole. None on the pure core: the pure reader and count_solutions do it all there."""
    return _function("classic_lines")


def latin_core():
    """The Latin-square kinds' compiled functions (csrc/latin.c and latinsettle.c:
    latin_rounds, latin_search, latin_chains, latin_line_supports, latin_visible_line,
    latin_sign_fork, latin_settle, each the Python of latin/search.py, latin/grading.py,
    grade/grader.settle, skyscrapers/ or futoshiki/ step for step); None on the pure
    core."""
    # hasattr: an extension built before latinsettle.c (an old in-place build) lacks some.
    return _compiled if _state["compiled"] and hasattr(_compiled, "latin_settle") else None


def calcudoku_filler(pure):
    """The Calcudoku check's fillings of one cage, ways(n, cells, target, operation) -> a
    list of value tuples, or None past what C holds (csrc/calcways.c): in C, or `pure`, the
    Python (calcudoku/check.py)."""
    return _function("calcudoku_ways", pure)


def calcudoku_fillings_finder(pure):
    """A Calcudoku cage's fillings as its Pattern keeps them, find(positions, operation,
    target, n) -> (a tuple of value tuples, a tuple of each packed), or None past what C
    holds (csrc/calcfill.c): in C, or `pure`, the Python (calcudoku/cages.py)."""
    return _function("calcudoku_fillings", pure)


def calcudoku_checker():
    """The Calcudoku check in one call, check(n, cages, limit, max_nodes) -> (count,
    solutions, complete, nodes), or None past what C holds (csrc/calccheck.c,
    calcudoku/check.py's check_calcudoku_in_python); None on the pure core."""
    return _function("calcudoku_check")


def calcudoku_layouter():
    """A Calcudoku's cage layout in C, layout(n, rng state, weights) -> (groups, rng
    state), or None past what C holds (csrc/calclayout.c, calcudoku/layout.py's
    cage_layout_in_python); None on the pure core."""
    return _function("calcudoku_layout")


def calcudoku_climber():
    """A Calcudoku expert climb's step in one call (csrc/calcclimb.c, calcudoku/generate.py's
    climb_choice_in_python): climb(...) -> (rng state, choice), or None past what C holds;
    None on the pure core."""
    return _function("calcudoku_climb")


def calcudoku_hardener():
    """A Calcudoku hardening attempt's loop in one call (csrc/calcharden.c, calcudoku/
    generate.py's hardened_in_python): harden(...) -> (rng state, groups or None), or None
    past what C holds; None on the pure core."""
    return _function("calcudoku_harden")


def calcudoku_worder():
    """A Calcudoku generator's new cage as its compiled grading reads it, in C (csrc/
    calcwords.c, calcudoku/generate.py's DraftCages.words_in_python): words(n, solution,
    group, operations, shown) -> (words, sum) or None; None on the pure core."""
    return _function("calcudoku_words")


def calcudoku_swapper():
    """A Calcudoku draft's second solution by a swap of two values along a cycle, in C
    (csrc/calcswap.c, calcudoku/swaps.py's swap_in_python): swap(n, solution, tables) ->
    the cycle's index or -1; None on the pure core."""
    return _function("calcudoku_swap")


def calcudoku_operation_chooser():
    """A Calcudoku first draft's operations in C (csrc/calcdraft.c, calcudoku/generate.py's
    first_draft()): choose(n, solution, cages, operations, made_with, state, odds) ->
    (operations, state), or None past what C holds; None on the pure core."""
    return _function("calcudoku_operations")


def kakuro_core():
    """The Kakuro's compiled functions (csrc/kakuro.c: kakuro_tables, kakuro_sweep,
    kakuro_settle, kakuro_walk and kakuro_rounds, kakuro/grade.py's _sweep and the run
    techniques' part of solve_within, solver.py's _walk and rounds_to_contradiction, step
    for step); None on the pure core."""
    # hasattr: an extension built before kakuro.c (an old in-place build) has none.
    return _compiled if _state["compiled"] and hasattr(_compiled, "kakuro_settle") else None


def kakuro_mover():
    """The Kakuro generator's tightening moves in C (csrc/kakurofill.c's kakuro_move_some,
    kakuro/generate.py's _chosen_moves decision for decision), or None on the pure core."""
    return _function("kakuro_move_some")


def kakuro_checker():
    """The Kakuro's second proof's search in C (csrc/kakurocheck.c's kakuro_check,
    kakuro/check.py's _search step for step), or None on the pure core."""
    return _function("kakuro_check")


def slitherlink_counter():
    """The Slitherlink's second proof's count in C (csrc/slithercount.c's slitherlink_count,
    slitherlink/count.py's walks state for state), or None on the pure core."""
    return _function("slitherlink_count")


def slitherlink_settler():
    """The Slitherlink solver's cascade in C (csrc/slithersettle.c's slitherlink_settle,
    slitherlink/solver.py's settle decision for decision), or None on the pure core."""
    return _function("slitherlink_settle")


def starbattle_propagator():
    """The Star Battle's propagation in C (csrc/starprop.c's starbattle_propagate,
    starbattle/rules.py's propagate deduction for deduction), or None on the pure core."""
    return _function("starbattle_propagate")


def starbattle_clash_finder():
    """The Star Battle grader's contradiction trials in C (csrc/starprop.c's
    starbattle_first_clash, starbattle/grade.py's first_clash), or None on the pure core."""
    return _function("starbattle_first_clash")


def starbattle_counter():
    """The Star Battle's second proof in C (csrc/starcount.c's starbattle_count,
    starbattle/count.py's count_starbattle row for row), or None on the pure core."""
    return _function("starbattle_count")


def starbattle_star_rower():
    """The Star Battle's star placement in C (csrc/starrows.c's starbattle_star_rows,
    starbattle/generate.py's _star_rows draw for draw), or None on the pure core."""
    return _function("starbattle_star_rows")


def calcudoku_narrower(pure):
    """The Calcudoku solver's cage narrowing, narrow(cages, boards, touched) -> -1, 0 or 1
    with the boards changed in place: in C on the cages' narrowing_tables (csrc/
    calcnarrow.c) where they have them, or `pure`, the Python (calcudoku/solver.py)."""
    narrow = _function("calcudoku_narrow")
    if narrow is None:
        return pure

    def narrowed(cages, boards, touched):
        tables = cages.narrowing_tables
        if tables is None:
            return pure(cages, boards, touched)
        return narrow(tables, boards, touched & cages.all_cells_mask)
    return narrowed


def calcudoku_searcher():
    """The Calcudoku solver's search, search(board, tables, boards, placed, limit,
    max_nodes, prefer, note_other) on the compiled Board of its Latin square (csrc/
    calcsearch.c), or None on the pure core."""
    return _function("calcudoku_search")


def calcudoku_settler():
    """The Calcudoku grader's bulk techniques, settle(n, tables, values, cell_digits,
    unsettled, unpermuted) (csrc/calcsettle.c), or None on the pure core."""
    return _function("calcudoku_settle")


def calcudoku_finder():
    """Where the Calcudoku grader's cage techniques find their next step, find(code, n,
    tables, values, cell_digits, extra) (csrc/calcfind.c), or None on the pure core."""
    return _function("calcudoku_find")


def calcudoku_area_tabler():
    """A Calcudoku draft's areas as calcudoku_find reads them, tabler(n, tables, values,
    cell_digits, groups, sums) (csrc/calcareatables.c; techniques.area_tables of its cage set),
    or None on the pure core."""
    return _function("calcudoku_area_tables")


def calcudoku_grader():
    """The Calcudoku grader's loop up to a ceiling, unworded, grade(grader, n, tables,
    values, cell_digits, unsettled, unpermuted, areas, steps, bulk_ranks) (csrc/
    calcloop.c), or None on the pure core."""
    return _function("calcudoku_grade")


def calcudoku_table_grader():
    """calcudoku_grader()'s grading of a blank state from its tables alone, with the cells
    of its crux where a cage or area technique found it, grade(grader, n, tables, groups,
    sums, steps, bulk_ranks) -> (answer, cells or None) (csrc/calcloop.c), or None on the
    pure core."""
    return _function("calcudoku_grade_tables")


def single_cover(build, pure):
    """exact_cover() for a matrix met once (a puzzle's own, not a board's): not kept."""
    return _compiled.ExactCover(*build()) if _state["compiled"] else pure()


def exact_cover(key, build, pure):
    """The Dancing Links search over the matrix cached under `key`: the compiled
    ExactCover made from build() -> (columns, rows, preferred_peers), or pure(), an object
    answering its solve(given_rows, limit, max_nodes) alike."""
    cache = _covers[_state["compiled"]]
    found = cache.get(key)
    if found is None:
        make_room(cache)
        found = cache[key] = _compiled.ExactCover(*build()) if _state["compiled"] else pure()
    return found


def make_room(cache: dict) -> None:
    """Drop the oldest entry of a per-board cache that holds BOARDS_KEPT."""
    if len(cache) >= BOARDS_KEPT:
        del cache[next(iter(cache))]
