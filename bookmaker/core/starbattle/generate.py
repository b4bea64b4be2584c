"""Seeded Star Battle generation: a star placement drawn row by row, regions grown around
its stars (k stars a region), then cells moved between regions until the solver finds one
solution only, and graded; an attempt not of the grade asked for is followed by the next
from a derived seed. The result depends only on (size, stars, seed, grade)."""

from __future__ import annotations

from ..generate.graded import attempt_seed
from ..puzzle import GenerationError
from ..rng import Rng
from ..words import counted
from .count import row_patterns
from .grade import STARBATTLE_GRADES, StarGrading, grade_starbattle
from .layout import STAR, WHITE, Layout, connected, in_reading_order, side_neighbours
from .solver import solve_starbattle

ATTEMPTS = 200
MOVES = 80        # cells moved between regions in one attempt before it gives up
SOLVER_NODES = 20_000


def generate_starbattle(n: int, k: int, seed: int, difficulty: str = "any"
                        ) -> tuple[Layout, tuple[int, ...], StarGrading]:
    """A layout with one solution, of the grade asked for ('any': whichever), its solution
    and grading; GenerationError after ATTEMPTS."""
    if difficulty not in ("any",) + STARBATTLE_GRADES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(('any',) + STARBATTLE_GRADES)}")
    reached = []
    for attempt in range(ATTEMPTS):
        made = _attempt(n, k, Rng(attempt_seed(seed, attempt)))
        if made is None:
            continue
        layout, solution = made
        grading = grade_starbattle(layout)
        if grading.grade != "guessing" and difficulty in ("any", grading.grade):
            return layout, solution, grading
        reached.append(grading.grade)
    raise GenerationError(f"could not make a {difficulty} {n}x{n} Star Battle of {k} stars "
                          f"in {counted(ATTEMPTS, 'attempt')} (they were "
                          f"{', '.join(sorted(set(reached))) or 'none unique'})")


def _attempt(n: int, k: int, rng: Rng) -> tuple[Layout, tuple[int, ...]] | None:
    stars = place_stars(n, k, rng)
    regions = _regions(n, k, stars, rng)
    if regions is None:
        return None
    solution = tuple(STAR if c in stars else WHITE for c in range(n * n))
    for _ in range(MOVES):
        layout = Layout(n, k, tuple(regions))
        found = solve_starbattle(layout, 2, SOLVER_NODES)
        if not found.complete:
            return None
        if found.count == 1:
            return in_reading_order(layout), solution
        other = next(s for s in found.solutions if s != solution)
        if not _break(n, regions, stars, other, rng):
            return None
    return None


def place_stars(n: int, k: int, rng: Rng) -> set[int]:
    """k stars in each row and column, none touching, drawn by seeded backtracking."""
    columns = [0] * n
    chosen: list[int] = []

    def row(r: int, above: int) -> bool:
        if r == n:
            return True
        for mask in rng.shuffled(row_patterns(n, k)):
            cols = [c for c in range(n) if mask >> c & 1]
            if mask & (above | above << 1 | above >> 1) or any(columns[c] == k for c in cols):
                continue
            for c in cols:
                columns[c] += 1
            if all(k - c <= (n - r) // 2 for c in columns) and row(r + 1, mask):
                chosen.append(mask)
                return True
            for c in cols:
                columns[c] -= 1
        return False

    row(0, 0)
    chosen.reverse()
    return {r * n + c for r, mask in enumerate(chosen) for c in range(n) if mask >> c & 1}


def _regions(n: int, k: int, stars: set[int], rng: Rng) -> list[int] | None:
    """Each star's blob grown at random over the square, then the blobs joined k at a time
    into n connected regions (None if the joining fails)."""
    blob = [-1] * (n * n)
    for i, star in enumerate(sorted(stars)):
        blob[star] = i
    while -1 in blob:
        edge = [c for c in range(n * n) if blob[c] == -1 and
                any(blob[o] != -1 for o in side_neighbours(n, c))]
        cell = edge[rng.below(len(edge))]
        owners = [blob[o] for o in side_neighbours(n, cell) if blob[o] != -1]
        blob[cell] = owners[rng.below(len(owners))]
    group = _join(n * k, k, _blob_neighbours(n, blob), rng)
    return None if group is None else [group[b] for b in blob]


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
    it: the other solution then has a region short and one over. False if none can move
    without cutting its region in two."""
    cells = [c for c in range(n * n) if other[c] == STAR and c not in stars]
    for cell in rng.shuffled(cells):
        rest = {c for c in range(n * n) if regions[c] == regions[cell] and c != cell}
        targets = sorted({regions[o] for o in side_neighbours(n, cell)} - {regions[cell]})
        if targets and connected(n, rest):
            regions[cell] = targets[rng.below(len(targets))]
            return True
    return False
