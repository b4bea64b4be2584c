"""Types of the compiled core (csrc/module.c, pyboard.c, pycover.c, pygrade.c, jigsaw.c,
killercheck.c, pygraded.c, ratechains.c, ratescreen.c, latin.c), for mypy: the extension is
built at install, so a checkout may not have it."""

from collections.abc import Sequence
from typing import Any

# (count, first solution or None, complete, nodes): search.py's Search, as a tuple.
SearchTuple = tuple[int, tuple[int, ...] | None, bool, int]

POPCOUNT_INSTRUCTION: int  # 1: bits counted by the CPU's instruction (setup.py, module.c)

class Board:
    def __init__(self, size: int, unit_masks: Sequence[int], peer_masks: Sequence[int],
                 cell_unit_masks: Sequence[Sequence[int]]) -> None: ...
    def count(self, cells: Sequence[int], limit: int, max_nodes: int | None,
              least_constraining: bool, keep_solution: bool, forbid_cell: int,
              forbid_value: int) -> SearchTuple: ...
    def search(self, boards: list[int], placed: int, limit: int, max_nodes: int | None,
               keep_solution: bool) -> SearchTuple: ...
    def forced(self, givens: Sequence[int], solution: Sequence[int], cell: int,
               max_nodes: int) -> bool: ...
    def remove_clues(self, solution: Sequence[int], orbits: Sequence[Sequence[int]],
                     target_clues: int, max_nodes: int) -> tuple[int, ...]: ...
    def fill(self, boards: list[int], placed: int, rank: Sequence[int], rng_state: int,
             max_nodes: int | None) -> tuple[int, tuple[int, ...] | None, bool, int, int]: ...
    def propagate(self, boards: list[int], placed: int, scanned: list[int] | None) -> int: ...
    def rounds_to_contradiction(self, boards: list[int], placed: int) -> int | None: ...
    def random_solution(self, blocks: Sequence[Sequence[int]], rng_state: int,
                        max_nodes: int, attempts: int
                        ) -> tuple[tuple[int, ...] | None, int]: ...
    def prove(self, cells: Sequence[int], cell: int, value: int) -> bool | None: ...

# A grading state as the grader's C takes and gives it: (values, cell_digits, digit_cells,
# open cells, unsettled).
StateTuple = tuple[list[int], list[int], list[int], int, int]

class Grader:
    def __init__(self, board: Board, unit_masks: Sequence[int],
                 units_of: Sequence[Sequence[int]], blocks_first: Sequence[int],
                 block_pairs: Any, line_pairs: Any, fish_grids: Any,
                 row_of: Sequence[int], col_of: Sequence[int], rows: int, cols: int,
                 group_units: Any, group_cells: Any) -> None: ...
    def grade(self, values: Sequence[int], cell_digits: Sequence[int],
              digit_cells: Sequence[int], open: int, techniques: Sequence[int],
              bulks: Sequence[int], bulk_ranks: Sequence[int], within: bool,
              max_steps: int, killer: KillerBoard | None, unsettled: int) -> Any: ...
    def find(self, technique: int, values: Sequence[int], cell_digits: Sequence[int],
             digit_cells: Sequence[int], open: int, killer: KillerBoard | None,
             unsettled: int) -> Any: ...
    def from_givens(self, givens: Sequence[int], killer: KillerBoard | None) -> StateTuple: ...

class KillerBoard:
    def __init__(self, grader: Grader, cages: Sequence[Sequence[int]], totals: Sequence[int],
                 combinations: Sequence[Sequence[int]]) -> None: ...
    def tables(self) -> tuple[Any, Any, Any]: ...
    def settle(self, boards: list[int], placed: int, scanned: list[int] | None) -> int: ...
    def rounds_to_contradiction(self, boards: list[int], placed: int,
                                scanned: list[int] | None) -> int | None: ...
    def search(self, boards: list[int], placed: int, limit: int, max_nodes: int | None,
               prefer: Sequence[int] | None) -> SearchTuple: ...

class ExactCover:
    def __init__(self, columns: int, rows: Sequence[Sequence[int]],
                 preferred_peers: Sequence[Sequence[int]]) -> None: ...
    def solve(self, given_rows: Sequence[int], limit: int, max_nodes: int | None
              ) -> tuple[list[tuple[int, ...]], bool, int] | None: ...

def shuffled(state: int, items: Sequence[object]) -> tuple[list, int]: ...
def check_killer(size: int, units: Sequence[Sequence[int]], cages: Sequence[Sequence[int]],
                 totals: Sequence[int], givens: Sequence[int], limit: int,
                 max_nodes: int | None) -> tuple[int, list[tuple[int, ...]], bool, int]: ...
def any_clash(cells: tuple[int, ...], units_of: tuple[tuple[int, ...], ...],
              unit_count: int) -> bool: ...
def count9(cells: Sequence[int], limit: int,
           max_nodes: int) -> tuple[int, tuple[int, ...] | None, bool, int]: ...
def classic_lines(data: bytes, max_nodes: int) -> list[tuple] | None: ...
def tile_jigsaw(n: int, box_rows: int, box_cols: int, limit: int, state: int,
                max_nodes: int) -> tuple[tuple[int, ...] | None, int]: ...
def graded_removal(grader: Grader, solution: Sequence[int], orbits: Sequence[Sequence[int]],
                   techniques: Sequence[int], ranks: Sequence[int], bulks: Sequence[int],
                   bulk_ranks: Sequence[int], rank_grades: Sequence[int], stall_grade: int,
                   ceiling: int, add_back: bool, rng_state: int, max_nodes: int
                   ) -> tuple[tuple[int, ...], int, int, int]: ...

# The SE rater's chains (ratechains.c, ratefound.c, ratescreen.c, ratesimple.c):
# rating/implications.py, rating/multiple.py, rating/nested.py.
Path = tuple[tuple[int, bool, int], ...]

class RateTables:
    def __init__(self, board: Board, peer_order: Sequence[Sequence[int]],
                 cell_chain_units: Sequence[Sequence[int]]) -> None: ...

class RatePropagator:
    def __init__(self, tables: RateTables, cell_digits: Sequence[int],
                 digit_cells: Sequence[int], outer_cells: Sequence[int] | None,
                 outer_digits: Sequence[int] | None) -> None: ...
    def run(self, cand: int, on: bool, cell_links: bool, dynamic: bool, nested: bool = False
            ) -> tuple[dict[int, int], dict[int, int], tuple[int, int] | None, int]: ...
    def nest(self, rules: RateRules, rule_numbers: Sequence[int], open_cells: int,
             values: Sequence[int]) -> None: ...
    def chains_found(self, multiple: bool, dynamic: bool, rested_only: bool,
                     nested: bool = False
                     ) -> tuple[list[tuple[int, int, int, bool, int, bytes]], int]: ...

class RateRules:
    def __init__(self, board: Board, single_units: Sequence[int],
                 lock_groups: Sequence[Sequence[int]], unit_cells: Sequence[Sequence[int]],
                 columns: Sequence[int], rows: Sequence[int]) -> None: ...
    def find(self, rule: int, cell_digits: Sequence[int], digit_cells: Sequence[int],
             start_digits: Sequence[int], open_cells: int, values: Sequence[int]
             ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]: ...

def chain_starts(board: Board, cell_chain_units: Sequence[Sequence[int]],
                 cell_digits: Sequence[int], digit_cells: Sequence[int], open_cells: int
                 ) -> tuple[list[tuple[int, int, list[Path], Path | None, Path | None]], int]: ...
def chain_found(board: Board, cell_chain_units: Sequence[Sequence[int]],
                cell_digits: Sequence[int], digit_cells: Sequence[int], open_cells: int,
                start_cells: Sequence[int]
                ) -> tuple[list[tuple[bool, int, int, int, tuple[tuple[int, int], ...], bytes]],
                           int]: ...

# The SE rater's other techniques (ratebasics.c, ratelinks.c, rateloops.c, ratebug.c,
# ratecycles.c, rateexclusion.c): rating/fastbasics.py.
Step = tuple[int, int, int, tuple[int, int] | None, tuple[tuple[int, int], ...], int, int,
             Any, int]

class RateBasics:
    def __init__(self, n: int, unit_masks: Sequence[int], kinds: Sequence[int],
                 single_units: Sequence[int], unit_cells: Sequence[Sequence[int]],
                 peer_masks: Sequence[int], lock_runs: Sequence[Sequence[Sequence[Any]]],
                 columns: Sequence[int], rows: Sequence[int], column_of: Sequence[int],
                 row_of: Sequence[int], peer_order: Sequence[Sequence[int]],
                 cell_chain_units: Sequence[Sequence[int]],
                 segments: Sequence[Sequence[int]], chain_units: Sequence[int]) -> None: ...
    def run(self, techniques: Sequence[tuple[int, int] | None], values: list[int],
            cell_digits: list[int], digit_cells: list[int], open_cells: int, er: int, ep: int,
            ed: int, ceiling: int, start: int) -> tuple[list[Step], int, int, int, int, int]: ...
    def cycles(self, cell_digits: Sequence[int], digit_cells: Sequence[int], open_cells: int,
               left: int, weight: int
               ) -> tuple[tuple[int, int, int, tuple[int, int] | None,
                                tuple[tuple[int, int], ...]] | None, int]: ...
    def exclusions(self, size: int, cell_digits: Sequence[int], open_cells: int, left: int,
                   weight: int) -> tuple[tuple[tuple[tuple[int, int], ...], int] | None, int]: ...

# latin.c: the Latin-square kinds' propagation, search and forcing chains (latin/search.py),
# a rule as (code, data); and a Skyscrapers line's supports (skyscrapers/lines.py).
def latin_rounds(n: int, masks: list[int], code: int, data: Sequence[int],
                 most: int) -> int | None: ...
def latin_search(n: int, masks: list[int], code: int, data: Sequence[int], limit: int,
                 max_nodes: int, prefer: Sequence[int] | None) -> SearchTuple: ...
def latin_chains(n: int, masks: list[int], code: int, data: Sequence[int],
                 open_cells: Sequence[int], most: int) -> list[tuple[int, int, int]]: ...
def latin_line_supports(masks: Sequence[int], front: int,
                        back: int) -> tuple[int, ...] | None: ...
def latin_visible_line(n: int, values: list[int], cell_digits: list[int], data: Sequence[int],
                       fewest: int, most: int) -> tuple[int, tuple[int, ...]] | None: ...
def latin_sign_fork(n: int, values: list[int], cell_digits: list[int],
                    forks: Sequence[int]) -> int | None: ...
# latinsettle.c: grade/grader.settle on a Latin state, bulk as (code, rank, data).
def latin_settle(n: int, values: list[int], cell_digits: list[int],
                 bulk: list[tuple[int, int, tuple[int, ...]]]
                 ) -> tuple[int, list[int], int]: ...
# calcways.c: calcudoku/check.py's _ways, None past what C holds.
def calcudoku_ways(n: int, cells: Sequence[int], target: int,
                   operation: str) -> list[tuple[int, ...]] | None: ...
# kakuro.c: a Kakuro's tables (a capsule), grade.py's _sweep of a run technique and the
# run techniques' part of solve_within on a KakuroState's lists, solver.py's _walk and
# rounds_to_contradiction.
def kakuro_tables(run_cells: Sequence[Sequence[int]], combos: Sequence[Sequence[int]],
                  runs_of: Sequence[Sequence[int]], peers: Sequence[Sequence[int]]) -> object: ...
def kakuro_sweep(tables: object, technique: int, runs: Sequence[int], values: list[int],
                 cands: list[int], placed: list[int], left: list[int], log: list[int]
                 ) -> tuple[list[tuple[tuple[tuple[int, int], ...],
                                       tuple[tuple[int, int], ...]]], int]: ...
def kakuro_settle(tables: object, count: int, seen: list[int], values: list[int],
                  cands: list[int], placed: list[int], left: list[int], log: list[int],
                  open_count: int) -> tuple[list[tuple[int, tuple[tuple[int, int], ...],
                                                      tuple[tuple[int, int], ...]]], int]: ...
def kakuro_walk(tables: object, cands: list[int], max_nodes: int,
                prefer: Sequence[int] | None,
                found: Any) -> tuple[bool, int]: ...  # found(solution) -> whether to stop
def kakuro_rounds(tables: object, cands: list[int], dirty: Sequence[int],
                  most_rounds: int) -> int | None: ...
# slithercount.c: slitherlink/count.py's count, its walks given as count._moves gives them.
def slitherlink_count(height: int, width: int, cells: Sequence[int],
                      moves: Sequence[tuple[bool, Sequence[int]]], limit: int,
                      max_states: int) -> tuple[int, tuple[tuple[int, ...], ...], bool, int]: ...
# slithersettle.c: slitherlink/solver.py's settle on a Board's fields (changed in place).
def slitherlink_settle(height: int, width: int, clues: tuple[int, ...], edges: bytearray,
                       partner: list[int], length: list[int], lines: int, closed: bool,
                       decisions: Sequence[tuple[int, int]], loops: bool,
                       cascade: bool) -> tuple[bool, int, bool]: ...
