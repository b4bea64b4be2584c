"""Seeded Star Battle generation: a star placement drawn row by row, regions grown around
its stars (k stars a region), then cells moved between regions until the solver finds one
solution only (each move takes a star of the second solution it found into another
region, so that solution fails), and graded; an attempt not of the grade asked for is
followed by the next from a derived seed. The result depends only on (size, stars, seed, grade)."""

from __future__ import annotations

from .. import compiled
from ..generate.graded import attempt_seed
from ..puzzle import GenerationError
from ..rng import Rng
from ..words import counted
from .count import COMPILED_MOST, row_patterns
from .forced import forced_regions
from .grade import STARBATTLE_GRADES, StarGrading, grade_starbattle
from .layout import STAR, WHITE, Layout, in_reading_order, pieces, side_neighbours
from .solver import other_solution, solve_starbattle

ATTEMPTS = 200
# A three-star attempt is made about once in 30 (14x14 seeds 0-9: 8 to 162 attempts; 0.6
# to 12.5 s on the compiled core, 4 to 146 s on the pure): it is given more before it fails.
FORCED_ATTEMPTS = 600
MOVES = 80        # cells moved between regions in one attempt before it gives up, at
MOVES_A_CELL = 0.8  # least, and more on a larger square: a 14x14 can take 100 and more
SOLVER_NODES = 20_000
# From 12x12 an attempt's searches get an eighth of the budget: the search seeking first
# where our solution is not can wander thousands of nodes where the plain one settles it
# at once, and an attempt neither settles is better left for the next (12x12 seed 9 took
# 61 s at 20,000 nodes, 24 s at 5,000, 18 s at 2,500; 11x11 and below stay as made).
SMALL_BUDGET_FROM, SMALL_SOLVER_NODES = 12, 2_500
# Three stars a unit (14x14): regions regrown so that the grader's deductions force the
# stars (forced.py); a search for second solutions runs thousands of nodes on each move.
FORCED_FROM = 3
JOINS = 10        # tries at joining one square's blobs into regions
ROW_TRIES = 400   # rows tried in one draw of the star placement before it starts again


def generate_starbattle(n: int, k: int, seed: int, difficulty: str = "any"
                        ) -> tuple[Layout, tuple[int, ...], StarGrading]:
    """A layout with one solution, of the grade asked for ('any': whichever), its solution
    and grading; GenerationError after ATTEMPTS (FORCED_ATTEMPTS)."""
    if difficulty not in ("any",) + STARBATTLE_GRADES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(('any',) + STARBATTLE_GRADES)}")
    if difficulty not in ("any",) + grades_made(k):
        raise ValueError(f"a Star Battle of {k} stars is made at {', '.join(grades_made(k))} "
                         f"only: regions grown at random around two stars or more always "
                         f"need contradiction; got {difficulty!r}")
    reached, attempts = [], FORCED_ATTEMPTS if k >= FORCED_FROM else ATTEMPTS
    for attempt in range(attempts):
        made = _attempt(n, k, Rng(attempt_seed(seed, attempt)))
        if made is None:
            continue
        layout, solution = made
        grading = grade_starbattle(layout)
        if grading.grade != "guessing" and difficulty in ("any", grading.grade):
            return layout, solution, grading
        reached.append(grading.grade)
    raise GenerationError(f"could not make a {difficulty} {n}x{n} Star Battle of {k} stars "
                          f"in {counted(attempts, 'attempt')} (they were "
                          f"{', '.join(sorted(set(reached))) or 'none unique'})")


def grades_made(k: int) -> tuple[str, ...]:
    """The grades the generator reaches for every seed at k stars a unit: one-star 5x5 to
    8x8 reach all; past one star nearly every layout is expert (10x10: 55 unique attempts
    over 20 seeds, all expert), though 'any' now and then keeps a hard one (14x14 seed 13,
    two seeds in 20 at 11x11 and 12x12), too seldom to make hard for every seed."""
    return STARBATTLE_GRADES if k == 1 else STARBATTLE_GRADES[-1:]


def _attempt(n: int, k: int, rng: Rng) -> tuple[Layout, tuple[int, ...]] | None:
    stars = place_stars(n, k, rng)
    regions = _regions(n, k, stars, rng)
    if regions is not None and k >= FORCED_FROM:
        regions = forced_regions(n, k, stars, regions, rng)
        return None if regions is None else (in_reading_order(Layout(n, k, tuple(regions))),
                                             _solution(n, stars))
    if regions is None:
        return None
    solution = _solution(n, stars)
    for _ in range(max(MOVES, int(MOVES_A_CELL * n * n))):
        layout = Layout(n, k, tuple(regions))
        other = _other(layout, solution)
        if other is None:
            return None
        if other == solution:
            return in_reading_order(layout), solution
        if not _break(n, regions, stars, other, rng):
            return None
    return None


def _solution(n: int, stars: set[int]) -> tuple[int, ...]:
    return tuple(STAR if c in stars else WHITE for c in range(n * n))


def _other(layout: Layout, solution: tuple[int, ...]) -> tuple[int, ...] | None:
    """A second solution; `solution` itself if there is none; None if neither search
    settles it in its budget. Seeking first where ours is not is quicker on the whole, but
    on a 14x14 it can wander where a plain search meets a second solution at once."""
    budget = SMALL_SOLVER_NODES if layout.size >= SMALL_BUDGET_FROM else SOLVER_NODES
    found = other_solution(layout, solution, budget)
    if found.complete:
        return found.solutions[0] if found.count else solution
    plain = solve_starbattle(layout, 2, budget)
    if plain.count == 2:
        return next(s for s in plain.solutions if s != solution)
    return solution if plain.complete else None


def place_stars(n: int, k: int, rng: Rng) -> set[int]:
    """k stars in each row and column, none touching, drawn by seeded backtracking; a draw
    that backtracks past its budget starts again (a 14x14 of three stars can otherwise
    backtrack for seconds)."""
    while True:
        rows = _star_rows(n, k, rng)
        if rows is not None:
            return {r * n + c for r, mask in enumerate(rows) for c in range(n) if mask >> c & 1}


def _star_rows(n: int, k: int, rng: Rng) -> list[int] | None:
    """Each row's star columns as a mask, or None once ROW_TRIES rows were tried. A row
    must star the columns that the rows below could no longer fill. In C where the
    compiled core has it (csrc/starrows.c: the same draws; a third of a 14x14's time)."""
    fast = compiled.starbattle_star_rower() if n <= COMPILED_MOST else None
    if fast is not None:
        rows, rng.state = fast(n, k, rng.state, row_patterns(n, k), ROW_TRIES)
        return None if rows is None else list(rows)
    columns, chosen, tries = [0] * n, [], [0]

    def row(r: int, above: int) -> bool:
        if r == n:
            return True
        shut = above | above << 1 | above >> 1 | sum(1 << c for c in range(n)
                                                     if columns[c] == k)
        due = sum(1 << c for c in range(n) if k - columns[c] > (n - r) // 2)
        for mask in [m for m in rng.shuffled(row_patterns(n, k)) if not m & shut | due & ~m]:
            tries[0] += 1
            if tries[0] > ROW_TRIES:
                return False
            cols = [c for c in range(n) if mask >> c & 1]
            for c in cols:
                columns[c] += 1
            if row(r + 1, mask):
                chosen.append(mask)
                return True
            for c in cols:
                columns[c] -= 1
        return False

    return chosen[::-1] if row(0, 0) else None


def _regions(n: int, k: int, stars: set[int], rng: Rng) -> list[int] | None:
    """Each star's blob grown at random over the square, then the blobs joined k at a time
    into n connected regions (None if JOINS joinings all fail)."""
    blob = [-1] * (n * n)
    for i, star in enumerate(sorted(stars)):
        blob[star] = i
    edge = {o for star in stars for o in side_neighbours(n, star) if blob[o] == -1}
    while edge:  # the open cells beside a blob, drawn from in the order of the cells
        cell = sorted(edge)[rng.below(len(edge))]
        owners = [blob[o] for o in side_neighbours(n, cell) if blob[o] != -1]
        blob[cell] = owners[rng.below(len(owners))]
        edge.discard(cell)
        edge.update(o for o in side_neighbours(n, cell) if blob[o] == -1)
    near = _blob_neighbours(n, blob)
    for _ in range(JOINS):
        group = _join(n * k, k, near, rng)
        if group is not None:
            return [group[b] for b in blob]
    return None


def _blob_neighbours(n: int, blob: list[int]) -> list[set[int]]:
    near: list[set[int]] = [set() for _ in range(max(blob) + 1)]
    for c in range(n * n):
        for o in side_neighbours(n, c):
            if blob[o] != blob[c]:
                near[blob[c]].add(blob[o])
    return near


def _join(blobs: int, k: int, near: list[set[int]], rng: Rng) -> list[int] | None:
    """Each blob's group: groups of k blobs each connected, the most hemmed-in first."""
    group = [-1] * blobs
    for g in range(blobs // k):
        free = [b for b in range(blobs) if group[b] == -1]
        fewest = min(sum(group[o] == -1 for o in near[b]) for b in free)
        start = [b for b in free if sum(group[o] == -1 for o in near[b]) == fewest]
        members = [start[rng.below(len(start))]]
        group[members[0]] = g
        while len(members) < k:
            edge = sorted({o for m in members for o in near[m] if group[o] == -1})
            if not edge:
                return None
            members.append(edge[rng.below(len(edge))])
            group[members[-1]] = g
    return group


def _break(n: int, regions: list[int], stars: set[int], other: tuple[int, ...],
           rng: Rng) -> bool:
    """Move a cell that is a star in the other solution (not in ours) to a region beside
    its own, so that the other solution has a region short and one over: with it go the
    cells of its channel to that region, and the pieces its own region falls into
    without them, bar the one holding our stars. False if no such cell can move."""
    cells = [c for c in range(n * n) if other[c] == STAR and c not in stars]
    for cell in rng.shuffled(cells):
        channel = _channel(n, regions, stars, cell)
        if channel is None:
            continue
        parts = pieces(n, {c for c in range(n * n) if regions[c] == regions[cell]} - channel)
        if sum(1 for piece in parts if piece & stars) == 1:
            targets = sorted({regions[o] for c in channel for o in side_neighbours(n, c)}
                             - {regions[cell]})
            target = targets[rng.below(len(targets))]
            for moved in [channel] + [piece for piece in parts if not piece & stars]:
                for c in moved:
                    regions[c] = target
            return True
    return False


def _channel(n: int, regions: list[int], stars: set[int], cell: int) -> set[int] | None:
    """The shortest run of its region's cells, none of our stars, from `cell` to one beside
    another region (None if our stars wall it in)."""
    came: dict[int, int] = {cell: cell}
    todo = [cell]
    for here in todo:
        near = side_neighbours(n, here)
        if any(regions[o] != regions[cell] for o in near):
            run = {here}
            while here != cell:
                here = came[here]
                run.add(here)
            return run
        for o in near:
            if o not in came and o not in stars:
                came[o] = here
                todo.append(o)
    return None
