"""Seeded Kakuro generation to a grade: a pattern, a random filling, then digits moved
until the grader solves the puzzle with the grade's techniques and needs them.

1. Pattern (pattern.py): symmetric, runs of 2 to 9 squares, white squares connected.
2. Filling (filling.py): random digits, none twice in a run.
3. Tighten: the grader, allowed the techniques up to the grade asked for, solves what it
   can of the puzzle the filling's totals make; where it stalls, digits are moved (one
   cell's digit changed, or two of a run swapped), the move that makes the totals say
   the most first, a few moves at once while many cells are left, then one; until the
   grader finishes. Its techniques neither guess nor assume uniqueness, so a finished
   solve proves the puzzle has one solution. An attempt that stops getting anywhere is
   given up, and the next is made from a seed derived from the job's.
4. Loosen: if the grade came out easier than asked, moves that make the totals say less
   are tried at random, each kept if the grader still finishes within the grade, until
   the grade is the one asked for or the tries run out.

An 'extreme' Kakuro is tightened with the expert's techniques until the solver (solver.py)
finds one solution; it is kept if forcing chains solve it without guessing. Every result
is proven unique by the solver before it is returned; the kind has the Kakuro check
(check.py), written apart, prove it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import compiled
from ..board.grid import Grid
from ..board.shape import Shape
from ..generate.graded import DIFFICULTIES, attempt_seed
from ..grade.grader import GRADES, Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from . import techniques as k
from .clues import Clues
from .filling import Filling, Move, random_filling
from .grade import reach_within, reached_grading
from .pattern import make_pattern
from .solver import kakuro_solutions, solution_other_than

CELLS_PER_MOVE = 5    # while tightening, one move per this many cells left open
CANDIDATE_CELLS = 3   # open cells whose moves are weighed for each move
STALL_ROUNDS = 12     # rounds without fewer open cells before an attempt is given up
MOST_ROUNDS = 150
LOOSEN_TRIES = 24
CHECK_MAX_NODES = 50_000
CHAIN_OPEN_SHARE = 0.15


@dataclass(frozen=True)
class Settings:
    """How a grade's patterns are drawn (the longest run, the black share) and how many
    random moves per cell squeeze the filling's totals before tightening."""

    longest: int
    black_share: float
    squeeze: float = 0.0


SETTINGS = {grade: Settings(9, 0.3) for grade in ("any",) + GRADES}


def squeeze(filling: Filling, rng: Rng, steps: int) -> None:
    """Random moves, each kept if it makes the totals say no less."""
    count = filling.shape.cell_count
    for _ in range(steps):
        moves = filling.moves_at(rng.below(count))
        if moves:
            move = moves[rng.below(len(moves))]
            if filling.change(move) <= 0:
                filling.apply(move)


def pattern_symmetry(symmetry: str) -> str:
    """The symmetry of a Kakuro's black squares for a requested symmetry: rotational
    unless mirror or diagonal is asked for (a Kakuro's pattern is always symmetric)."""
    return symmetry if symmetry in ("mirror", "diagonal") else "rotational"


class KakuroDisagreement(VerificationError):
    """The grader proved a Kakuro unique and the solver did not: never print it."""


def attempt_budget(size: int) -> int:
    """Attempts a puzzle is given: 1 attempt in 6 or more meets each grade a size is made
    in (kind.LARGEST_FOR), so 120 miss it for a seed with odds under 1e-9 (40 did for one
    in 30,000 at 16x16 beginner); 60 s at most on 25x25. A seed met within the first 40
    makes the same puzzle as before."""
    return 120


def generate_kakuro(size: int, seed: int, difficulty: str = "any",
                    symmetry: str = "rotational",
                    max_attempts: int | None = None) -> tuple[Puzzle, Grading]:
    """A Kakuro of size x size squares of exactly the grade asked for ('any': as the
    expert's techniques leave it), with its grading (grade, hardest technique, score: the
    steps are not kept, grade_kakuro gives them); GenerationError after max_attempts
    failed attempts."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    attempts = max_attempts or attempt_budget(size)
    for attempt in range(attempts):
        made = _attempt(size, attempt_seed(seed, attempt), difficulty, symmetry)
        if made is not None:
            filling, grading = made
            puzzle = _proven(filling, seed, difficulty, symmetry)
            if puzzle is not None:
                return puzzle, grading
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {size}x{size} "
                          f"Kakuro in {counted(attempts, 'attempt')}")


def _attempt(size: int, seed: int, target: str, symmetry: str):
    """One try: the filling and its grading, or None."""
    rng = Rng(seed)
    ceiling = {"any": "expert", "extreme": "expert"}.get(target, target)
    settings = SETTINGS[target]
    shape = make_pattern(size, rng, symmetry, settings.longest, settings.black_share)
    filling = random_filling(shape, rng)
    if filling is None:
        return None
    squeeze(filling, rng, round(settings.squeeze * shape.cell_count))
    if target == "extreme":
        return _extreme(filling, rng)
    if not tighten(filling, rng, ceiling):
        return None
    grading = reached_grading(_blank(shape), clues_of(filling))
    assert grading is not None  # the last grade's ceiling never stalls below it
    if target == "any" or grading.grade == target:
        return filling, grading
    loosened = loosen(filling, rng, target)
    return None if loosened is None else (filling, loosened)


def clues_of(filling: Filling) -> Clues:
    return Clues(filling.shape, tuple(filling.totals))


def _blank(shape: Shape) -> Grid:
    return Grid(shape, (0,) * shape.cell_count)


def _closure(filling: Filling, ceiling: str) -> k.KakuroState:
    """The grader's solve within the ceiling's techniques, where it stops. Forcing
    chains, the dearest, are tried only once at most CHAIN_OPEN_SHARE of the cells are
    left open: before, the tightening moves at open cells all the same."""
    state = k.KakuroState(_blank(filling.shape), clues_of(filling), explain=False)
    reach_within(state, ceiling, chains=False)
    if 0 < state.open_count <= CHAIN_OPEN_SHARE * filling.shape.cell_count:
        reach_within(state, ceiling)
    return state


def tighten(filling: Filling, rng: Rng, ceiling: str) -> bool:
    """Move digits where the grader stalls until it finishes within the ceiling; False
    if it stops getting anywhere."""
    tabu: set[Move] = set()
    fewest, since = filling.shape.cell_count + 1, 0
    for _ in range(MOST_ROUNDS):
        state = _closure(filling, ceiling)
        if state.solved:
            return True
        if state.open_count < fewest:
            fewest, since = state.open_count, 0
        else:
            since += 1
            if since > STALL_ROUNDS:
                return False
        open_cells = [c for c, v in enumerate(state.values) if not v]
        if not _move_some(filling, rng, open_cells, tabu):
            return False
    return False


def _move_some(filling: Filling, rng: Rng, open_cells: list[int], tabu: set) -> bool:
    """Make a move per CELLS_PER_MOVE open cells, each the tightest of the moves at a few
    of them (a move not made before, touching no cell moved this round); whether any.
    The moves are chosen in C where the compiled core has them (csrc/kakurofill.c, the
    same moves and draws as _chosen_moves)."""
    mover = compiled.kakuro_mover()
    if mover is None:
        moves = _chosen_moves(filling, rng, open_cells, tabu)
    else:
        moves, rng.state = mover(filling.compiled_tables(), filling.values, filling.used,
                                 filling.totals, rng.state, open_cells, tabu)
    for move in moves:
        tabu.add(filling.apply(move))
    return bool(moves)


def _chosen_moves(filling: Filling, rng: Rng, open_cells: list[int], tabu: set) -> list[Move]:
    """_move_some's moves in Python, each made on the filling as it is chosen and then
    undone, in order (the compiled mover's reference)."""
    shuffled = rng.shuffled(open_cells)
    moved: set[int] = set()
    chosen: list[Move] = []
    undo: list[Move] = []
    for group in range(max(1, len(open_cells) // CELLS_PER_MOVE)):
        best = None
        for cell in shuffled[group * CANDIDATE_CELLS:(group + 1) * CANDIDATE_CELLS]:
            for move in filling.moves_at(cell):
                if move in tabu or any(c in moved for c, _ in move):
                    continue
                key = (filling.change(move), rng.below(1 << 30))
                if best is None or key < best[0]:
                    best = (key, move)
        if best is not None:
            undo.append(filling.apply(best[1]))
            chosen.append(best[1])
            moved.update(c for c, _ in best[1])
    for back in reversed(undo):
        filling.apply(back)
    return chosen


def loosen(filling: Filling, rng: Rng, target: str) -> Grading | None:
    """Moves that make the totals say less, tried at random and kept while the grader
    finishes within the target, until the grade is the target's; its grading, or None."""
    count = filling.shape.cell_count
    for _ in range(LOOSEN_TRIES):
        moves = [m for m in filling.moves_at(rng.below(count)) if filling.change(m) > 0]
        if not moves:
            continue
        undo = filling.apply(moves[rng.below(len(moves))])
        grading = _graded_within(filling, target)
        if grading is None:
            filling.apply(undo)
        elif grading.grade == target:
            return grading
    return None


def _graded_within(filling: Filling, ceiling: str) -> Grading | None:
    return reached_grading(_blank(filling.shape), clues_of(filling), ceiling)


def _extreme(filling: Filling, rng: Rng):
    """Moves where the puzzle has a second solution (the cells where the two differ),
    until the solver finds one solution; the filling and its grading if the expert's
    techniques stall on it and forcing chains finish it."""
    tabu: set[Move] = set()
    blank = _blank(filling.shape)
    for _ in range(MOST_ROUNDS):
        clues = clues_of(filling)
        other = solution_other_than(clues, blank.cells, filling.values, CHECK_MAX_NODES)
        if other is None:
            grading = reached_grading(blank, clues)
            if grading is not None and grading.grade != "extreme":
                grading = _loosen_unique(filling, rng)
            extreme = grading is not None and grading.grade == "extreme" and \
                not grading.guessing
            return (filling, grading) if extreme else None
        differ = [c for c, (a, b) in enumerate(zip(other, filling.values)) if a != b] or \
            list(range(filling.shape.cell_count))
        if not _move_some(filling, rng, differ, tabu):
            return None
    return None


def _loosen_unique(filling: Filling, rng: Rng) -> Grading | None:
    """loosen() towards 'extreme', a move kept while the solver finds one solution; the
    grading once it grades 'extreme' (the expert's techniques, forcing chains of two
    rounds included, stall), or None."""
    count, blank = filling.shape.cell_count, _blank(filling.shape)
    for _ in range(LOOSEN_TRIES):
        moves = [m for m in filling.moves_at(rng.below(count)) if filling.change(m) > 0]
        if not moves:
            continue
        undo = filling.apply(moves[rng.below(len(moves))])
        clues = clues_of(filling)
        if solution_other_than(clues, blank.cells, filling.values, CHECK_MAX_NODES) \
                is not None:
            filling.apply(undo)
        elif not _closure(filling, "expert").solved:
            # The closure tries short chains only near the end: the grader decides.
            grading = reached_grading(blank, clues)
            if grading is not None and grading.grade == "extreme":
                return grading
    return None


def _proven(filling: Filling, seed: int, difficulty: str, symmetry: str) -> Puzzle | None:
    """The Puzzle, once the solver has found the one solution again; None if it cannot
    decide within its budget (the attempt fails)."""
    shape = filling.shape
    clues = clues_of(filling)
    blank = _blank(shape)
    found = kakuro_solutions(clues, blank.cells, limit=2, max_nodes=CHECK_MAX_NODES,
                             prefer=filling.values)
    solution = tuple(filling.values)
    if found.undecided:
        return None
    if not (found.unique and found.solution == solution):
        raise KakuroDisagreement(
            f"the Kakuro solver does not confirm a generated {shape} (seed {seed}): "
            f"{counted(found.count, 'solution')} found, search complete: {found.complete}")
    return Puzzle(blank, Grid(shape, solution), seed, symmetry, difficulty, extras=clues)
