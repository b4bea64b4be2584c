"""Seeded puzzle generation: random-order fill, then clue removal proven safe one by one.

1. Fill: a complete grid found by search that visits cells in a seeded random order
   (most-constrained first, ties broken by that order) and tries values in seeded
   random order, with singles propagation doing most of the work.
2. Remove: clue groups (symmetry orbits) are taken away in a seeded order. A removal is
   kept only if, for each removed cell c holding v, the remaining clues have NO solution
   with v forbidden at c (the forbidden-value check). A search that runs out of nodes
   counts as "not proven", so the clue stays: uniqueness is never traded for speed.

The fill search, remove_clues and Clues.forced go to the board's engine (engine.py): in C
(csrc/solver.c) when the compiled core runs, else the reference Python here, with the same
decisions and the same draws from the seeded stream, so a seed makes the same puzzle on
either core.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board.grid import Grid
from ..board.shape import Shape
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve import engines
from ..solve.search import Search, fewest_candidates_cells, search
from ..words import with_article
from .balance import removal_rule

FILL_MAX_NODES = 20_000
JIGSAW_REMOVAL_NODES = 20


def removal_budget(shape: Shape) -> int:
    """Nodes one removal check may spend before the clue is kept unproven.

    Up to 9x9 the checks always finish well within 2,000 nodes, so puzzles come out
    minimal. On larger boards a check that is not settled in a few dozen nodes rarely
    ends in a proof, yet half of all search time went to such checks. Measured over 8
    16x16 puzzles: 50 nodes gives the same mean clue count as 100 (95.25) in two thirds
    of the time, and 4x faster than 2,000 for ~1 more clue; on 25x25, 20 nodes gives the
    same clue count as 2,000, 60 times faster (measured on the pure core when the budgets
    were set; bench/results/epyc-2cpu/2026-11-22-compiled.md has the compiled core's)."""
    if shape.has_regions:
        return JIGSAW_REMOVAL_NODES
    if shape.size <= 9:
        return 2_000
    return 50 if shape.size <= 16 else 20


def generate(shape: Shape, seed: int, symmetry: str = "none", target_clues: int = 0,
             removal_max_nodes: int | None = None) -> Puzzle:
    """A unique puzzle for the seed. Removal stops at `target_clues` clues (0: go on until
    no clue can be removed: a minimal puzzle when symmetry is 'none' and every check
    finished within removal_max_nodes, by default removal_budget(shape))."""
    if removal_max_nodes is None:
        removal_max_nodes = removal_budget(shape)
    solution, rng = seeded_fill(shape, seed)
    orbits = rng.shuffled(shape.orbits(symmetry))
    givens = remove_clues(shape, solution, orbits, target_clues, removal_max_nodes)
    return Puzzle(Grid(shape, givens), Grid(shape, solution), seed, symmetry)


def fill_budget(shape: Shape) -> tuple[int, int]:
    """(nodes per attempt, attempts) for filling a board. A classic fill practically never
    needs a restart. Variant fills are heavy-tailed: one draw finishes in a few dozen
    nodes, another not in 20,000 (a 9x9 Hyper took 42 ms a fill with few long attempts,
    4 ms with many short ones), so they restart early and often: after as many nodes as
    the board has cells (9x9 Jigsaw: 159 nodes a fill against 356 at twice that; the
    successful attempts take 33)."""
    if shape.is_classic:
        return FILL_MAX_NODES, 20
    return shape.cell_count, 200


# The last few fills made from a seed (a jigsaw layout is checked by the very fill its
# puzzle then starts from), with where their stream stood after them.
_FILLS: dict[tuple[Shape, int], tuple[tuple[int, ...], int]] = {}
_FILLS_KEPT = 8


def seeded_fill(shape: Shape, seed: int,
                attempts: int | None = None) -> tuple[tuple[int, ...], Rng]:
    """random_solution(shape, Rng(seed)) and that stream after it, as generate(shape, seed)
    starts. With fewer attempts than fill_budget's it is the same fill cut short (the
    same draws, so the same grid if it succeeds); the result is remembered either way."""
    known = _FILLS.get((shape, seed))
    if known is not None:
        return known[0], Rng(known[1])
    rng = Rng(seed)
    solution = random_solution(shape, rng, attempts=attempts)
    if len(_FILLS) >= _FILLS_KEPT:
        del _FILLS[next(iter(_FILLS))]
    _FILLS[shape, seed] = solution, rng.state
    return solution, rng


def random_solution(shape: Shape, rng: Rng, max_nodes: int | None = None,
                    attempts: int | None = None) -> tuple[int, ...]:
    """A complete grid drawn from the seeded stream; a fill that runs out of nodes is
    restarted with fresh draws from the same stream (still deterministic). The budget
    is fill_budget(shape) unless given."""
    default_nodes, default_attempts = fill_budget(shape)
    max_nodes = default_nodes if max_nodes is None else max_nodes
    attempts = default_attempts if attempts is None else attempts
    native = engines.engine(shape).native  # the compiled board, None on the pure core
    if native is None:
        solution = filled_in_python(shape, rng, max_nodes, attempts)
    else:
        solution, rng.state = native.random_solution(shape.independent_blocks, rng.state,
                                                     max_nodes, attempts)
    if solution is None:
        raise GenerationError(f"could not fill {with_article(shape)} grid in {attempts} "
                              f"attempts of {max_nodes} nodes")
    return solution


def filled_in_python(shape: Shape, rng: Rng, max_nodes: int, attempts: int):
    """random_solution()'s attempts, in Python: the reference (None if all fail)."""
    for _ in range(attempts):
        boards, placed = _seeded_boxes(shape, rng)
        rank = rng.shuffled(range(shape.cell_count))
        found = _fill(shape, boards, placed, rank, rng, max_nodes)
        if found.count:
            assert found.solution is not None  # a fill keeps the solution it finds
            return found.solution
    return None


def _fill(shape: Shape, boards: list[int], placed: int, rank: list[int], rng: Rng,
          max_nodes: int) -> Search:
    """One fill search: branch on the fewest-candidates cell of lowest rank, try its values
    in an order drawn from rng, stop at the first solution."""
    native = engines.engine(shape).native
    if native is None:
        return fill_search(shape, boards, placed, rank, rng, max_nodes)
    *found, rng.state = native.fill(boards, placed, rank, rng.state, max_nodes)
    return Search(*found)


def fill_search(shape: Shape, boards: list[int], placed: int, rank: list[int], rng: Rng,
                max_nodes: int) -> Search:
    """_fill(), in Python: the reference."""
    full = shape.all_cells_mask

    def pick_cell(boards, placed):
        return min(_cells_of(fewest_candidates_cells(boards, placed, full)),
                   key=rank.__getitem__)

    def order_values(boards, cell, values):
        return rng.shuffled(values)

    return search(shape, boards, placed, limit=1, max_nodes=max_nodes, pick_cell=pick_cell,
                  order_values=order_values)


def _seeded_boxes(shape: Shape, rng: Rng) -> tuple[list[int], int]:
    """Boards with a random permutation of the symbols in each of the board's
    independent blocks (on a classic board the boxes of band i, stack i): no unit joins
    two of them, so any such filling is consistent, and a third of a 9x9 fill costs no
    search at all."""
    full, peer_masks = shape.all_cells_mask, shape.peer_masks
    boards = [full] * shape.size
    placed = 0
    for cells in shape.independent_blocks:
        for cell, d in zip(cells, rng.shuffled(range(shape.size))):
            bit = 1 << cell
            boards = [b & ~bit for b in boards]
            boards[d] = boards[d] & ~peer_masks[cell] | bit
            placed |= bit
    return boards, placed


def _cells_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def remove_clues(shape: Shape, solution: tuple[int, ...], orbits, target_clues: int,
                 max_nodes: int) -> tuple[int, ...]:
    """Blank the orbits in the given order wherever the puzzle stays provably unique
    (and, on a board of several grids, balanced between them: generate/balance.py; the
    engine's removal knows no balance, so such a board takes blank_orbits, whose checks
    still go to the engine through Clues.forced)."""
    native = engines.engine(shape).native
    if native is not None and removal_rule(shape) is None:
        return native.remove_clues(solution, orbits, target_clues, max_nodes)
    return blanked_givens(shape, solution, orbits, target_clues, max_nodes)


def blanked_givens(shape: Shape, solution: tuple[int, ...], orbits, target_clues: int,
                   max_nodes: int) -> tuple[int, ...]:
    """remove_clues() through blank_orbits, in Python: the reference."""
    clues = Clues(shape, solution)
    blank_orbits(clues, orbits, target_clues, max_nodes)
    return tuple(clues.givens)


def blank_orbits(clues: Clues, orbits, target_clues: int, max_nodes: int,
                 accept: Callable[[list[int]], bool] | None = None) -> list:
    """Blank the orbits in order wherever the puzzle stays provably unique (and `accept`,
    if given, approves the givens that would remain); the orbits blanked, in order. On
    a board of several grids a removal must first keep them balanced (no search is
    spent on one that does not)."""
    count = clues.given_mask.bit_count()
    balanced = removal_rule(clues.shape)
    blanked = []
    for orbit in orbits:
        if count <= target_clues:
            break
        if count - len(orbit) < target_clues:
            continue
        for cell in orbit:
            clues.blank(cell)
        if ((balanced is None or balanced(clues.givens))
                and all(clues.forced(cell, max_nodes) for cell in orbit)
                and (accept is None or accept(clues.givens))):
            count -= len(orbit)
            blanked.append(orbit)
        else:
            for cell in orbit:
                clues.restore(cell)
    return blanked


class Clues:
    """The current clues and their candidate boards, kept up to date as clues come and
    go, so a removal check does not rebuild the boards from scratch. The boards are made
    when first asked for (by the pure engine's checks; the compiled ones read the givens
    alone, and a graded removal spent a quarter of its time keeping unread boards)."""

    def __init__(self, shape: Shape, solution: tuple[int, ...]) -> None:
        self.shape = shape
        self.solution = solution
        self.givens = list(solution)
        self.holding = [0] * shape.size   # per symbol: cells that give it as a clue
        for cell, value in enumerate(solution):
            self.holding[value - 1] |= 1 << cell
        self.given_mask = shape.all_cells_mask
        self._boards: list[int] | None = None
        self.blocked: list[int] = []      # per symbol: cells a clue of it sees, with boards
        self.engine = engines.engine(shape)

    @property
    def boards(self) -> list[int]:
        """Per symbol, the cells it may take: its clues and the free cells no clue of it
        sees."""
        if self._boards is None:
            free = self.shape.all_cells_mask & ~self.given_mask
            self.blocked = [self._peers_of_clues(d) for d in range(self.shape.size)]
            self._boards = [free & ~blocked | held
                            for blocked, held in zip(self.blocked, self.holding)]
        return self._boards

    def blank(self, cell: int) -> None:
        d = self.solution[cell] - 1
        self.givens[cell] = 0
        self.given_mask &= ~(1 << cell)
        self.holding[d] &= ~(1 << cell)
        if self._boards is None:
            return
        self._rebuild(d)
        for other in range(self.shape.size):
            if other != d and not self.blocked[other] >> cell & 1:
                self._boards[other] |= 1 << cell

    def restore(self, cell: int) -> None:
        d = self.solution[cell] - 1
        bit = 1 << cell
        self.givens[cell] = d + 1
        self.given_mask |= bit
        self.holding[d] |= bit
        if self._boards is None:
            return
        for other in range(self.shape.size):
            self._boards[other] &= ~bit
        self._rebuild(d)

    def _peers_of_clues(self, d: int) -> int:
        """The cells where symbol d cannot go because a clue d sees them."""
        blocked, peer_masks, held = 0, self.shape.peer_masks, self.holding[d]
        while held:
            low = held & -held
            blocked |= peer_masks[low.bit_length() - 1]
            held ^= low
        return blocked

    def _rebuild(self, d: int) -> None:
        free = self.shape.all_cells_mask & ~self.given_mask
        self.blocked[d] = self._peers_of_clues(d)
        self.boards[d] = free & ~self.blocked[d] | self.holding[d]

    def _known_value_first(self, boards, cell: int, values: list) -> list:
        # Another solution, where there is one, agrees with the known one outside a small
        # unavoidable set, so trying the known value first reaches it in far fewer nodes
        # (16x16: about a third of the nodes).
        known = self.solution[cell] - 1
        if known in values:
            values.remove(known)
            values.insert(0, known)
        return values

    def single(self, cell: int) -> bool:
        """True if the clues force the solution's value at a blank cell at once: no other
        value fits it (naked single), or it fits nowhere else in one of its units (hidden
        single)."""
        d, bit, boards = self.solution[cell] - 1, 1 << cell, self.boards
        if not any(b & bit for i, b in enumerate(boards) if i != d):
            return True
        return any(boards[d] & unit == bit for unit in self.shape.cell_unit_masks[cell])

    def forced(self, cell: int, max_nodes: int) -> bool:
        """True if the clues force the solution's value at a blank cell: at once by a
        single, else by a search with that value forbidden finding no solution within
        budget (the forbidden-value check)."""
        return self.engine.forced(self, cell, max_nodes)

    def forced_by_search(self, cell: int, max_nodes: int) -> bool:
        """forced(), in Python: the reference."""
        if self.single(cell):
            return True
        d, bit, boards = self.solution[cell] - 1, 1 << cell, self.boards
        trial = list(boards)
        trial[d] &= ~bit
        found: Search = search(self.shape, trial, self.given_mask, limit=1, max_nodes=max_nodes,
                               order_values=self._known_value_first, keep_solution=False)
        return found.complete and found.count == 0
