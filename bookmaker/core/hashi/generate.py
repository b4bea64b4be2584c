"""Seeded Hashi generation to a grade, after Tatham's Bridges: a network of bridges grown
from one island, each new island at the far end of a bridge from one already there, some
further bridges between islands already in line; the islands' counts are read from it.

A network whose puzzle the grade's techniques solve, and no easier ones, is kept: those
techniques place only what the rules force, so it has one solution, which the solver
proves again before it is returned (the kind has the count prove it a third way). The
result depends only on (height, width, seed, grade).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.grid import Grid
from ..board.shape import hashi_of
from ..generate.graded import attempt_seed
from ..grade.grader import Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .grade import HASHI_GRADES, grade_hashi
from .rules import Layout, layout_of, solution_cells
from .solver import hashi_solutions, other_solution

ATTEMPTS = 400
REPAIRS = 12  # islands added to pin a network's bridges before it is dropped
VARIED = 12   # doubled bridges of a beginner network tried single
SOLVER_MAX_NODES = 5_000
WATER, ISLAND, BRIDGE = 0, 1, 2
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
Sides = tuple[int, int]  # a board's height and width


@dataclass(frozen=True)
class Style:
    """How a network is grown: islands per cell, the chance a bridge is doubled, the
    chance a grown bridge ends on an island already there, the longest bridge."""

    density: float
    doubled: float
    closing: float


STYLES = {
    "beginner": Style(0.2, 0.95, 0.0),
    "easy": Style(0.2, 0.6, 0.05),
    "medium": Style(0.22, 0.35, 0.3),
    "hard": Style(0.25, 0.25, 0.5),
}


def generate_hashi(sides: Sides, seed: int,
                   difficulty: str = "any") -> tuple[Puzzle, Grading]:
    """A Hashi of `sides` (height, width) and exactly the grade asked for ('any': whatever
    grade a network of the middle style reaches), with its grading; GenerationError after
    ATTEMPTS."""
    if difficulty not in ("any",) + HASHI_GRADES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(('any',) + HASHI_GRADES)}")
    style = STYLES["medium" if difficulty == "any" else difficulty]
    reached = []
    for attempt in range(ATTEMPTS):
        rng = Rng(attempt_seed(seed, attempt))
        network = grow(sides, rng, style)
        for _ in range(REPAIRS + 1):
            layout, bridges = network_puzzle(sides, network)
            grading = grade_hashi(layout, steps=False)
            if not grading.guessing:
                break
            if not _repaired(sides[1], network, layout, bridges, rng):
                break
        if not grading.guessing and difficulty in ("any", grading.grade):
            if grading.grade == HASHI_GRADES[0]:
                layout, bridges, grading = _varied(sides, network, rng, grading)
            puzzle = _proven(seed, difficulty, layout, bridges)
            if puzzle is not None:
                return puzzle, grading
        reached.append("guessing" if grading.guessing else grading.grade)
    raise GenerationError(f"could not make {with_article(repr(difficulty))} {sides[0]}x{sides[1]} "
                          f"Hashi "
                          f"in {counted(ATTEMPTS, 'attempt')} (they were "
                          f"{', '.join(sorted(set(reached)))})")


Network = dict[tuple[int, int], int]  # bridges by their two islands' cells, lower first


def grow(sides: Sides, rng: Rng, style: Style) -> Network:
    """A network of bridges grown from one island to the style's density."""
    area = sides[0] * sides[1]
    board = [WATER] * area
    first = rng.below(area)
    board[first], islands = ISLAND, [first]
    laid: Network = {}
    target, misses = max(2, round(area * style.density)), 0
    while len(islands) < target and misses < 40 * target:
        grown = _grow_one(sides, board, rng.below(len(islands)), islands, rng, style)
        if grown is None:
            misses += 1
            continue
        ends, count = grown
        laid[ends] = count
    return laid


def network_puzzle(sides: Sides, network: Network) -> tuple[Layout, tuple[int, ...]]:
    """The layout of a network's islands, each counting its bridges, and its bridges on
    each link of that layout."""
    counts = [0] * (sides[0] * sides[1])
    for (a, b), count in network.items():
        counts[a] += count
        counts[b] += count
    layout = layout_of(*sides, tuple(counts))
    index = {(layout.islands[k.first], layout.islands[k.second]): i
             for i, k in enumerate(layout.links)}
    bridges = [0] * len(layout.links)
    for ends, count in network.items():
        bridges[index[ends]] = count
    return layout, tuple(bridges)


def _repaired(width: int, network: Network, layout: Layout, bridges: tuple[int, ...],
              rng: Rng) -> bool:
    """Change the network where a second solution differs from it: split a bridge there
    with a new island (which pins it), or where no bridge there is long enough, turn a
    single bridge there double or a double single. False where the solver finds no
    second solution."""
    other = other_solution(layout, bridges, SOLVER_MAX_NODES)
    if other is None:
        return False
    differing = [k for k, b in enumerate(bridges) if b and other[k] != b]
    spots = [(k, cell) for k in differing for cell in layout.links[k].cells[1:-1]
             if not _touches_any(width, layout.islands, cell)]
    if spots:
        k, cell = spots[rng.below(len(spots))]
    else:
        k, cell = differing[rng.below(len(differing))], -1
    a, b = layout.islands[layout.links[k].first], layout.islands[layout.links[k].second]
    if cell < 0:
        network[a, b] = 3 - network[a, b]
        return True
    count = network.pop((a, b))
    network[a, cell] = network[cell, b] = count
    return True


def _varied(sides: Sides, network: Network, rng: Rng,
            grading: Grading) -> tuple[Layout, tuple[int, ...], Grading]:
    """A beginner network with some doubled bridges made single where it stays beginner:
    grown mostly doubled (so that saturation finds its bridges), its counts would all be
    even, which gives the answer away. Up to VARIED bridges are tried, in a seeded order."""
    for ends in rng.shuffled(sorted(e for e, count in network.items() if count == 2))[:VARIED]:
        network[ends] = 1
        layout, _ = network_puzzle(sides, network)
        tried = grade_hashi(layout, steps=False)
        if tried.guessing or tried.grade != grading.grade:
            network[ends] = 2
        else:
            grading = tried
    return (*network_puzzle(sides, network), grading)


def _touches_any(width: int, islands: tuple[int, ...], cell: int) -> bool:
    row, col = divmod(cell, width)
    return any(abs(row - r) + abs(col - c) == 1 for r, c in (divmod(i, width) for i in islands))


def _grow_one(sides: Sides, board: list[int], pick: int, islands: list[int], rng: Rng,
              style: Style) -> tuple[tuple[int, int], int] | None:
    """One bridge from the picked island: to a new island on water beyond it, or (by the
    style's chance) to the island its way meets; None where neither fits."""
    start = islands[pick]
    dr, dc = _STEPS[rng.below(4)]
    height, width = sides
    row, col = divmod(start, width)
    path = []
    while 0 <= row + dr < height and 0 <= col + dc < width and \
            board[(row + dr) * width + col + dc] == WATER:
        row, col = row + dr, col + dc
        path.append(row * width + col)
    met = (row + dr) * width + col + dc if 0 <= row + dr < height and 0 <= col + dc < width \
        else -1
    count = 2 if rng.below(1000) < style.doubled * 1000 else 1
    if path and met >= 0 and board[met] == ISLAND and rng.below(1000) < style.closing * 1000:
        end = met
    else:
        spots = [i for i in range(1, len(path)) if not _touches_island(sides, board, path[i])]
        if not spots:
            return None
        end = path[spots[rng.below(len(spots))]]
        path = path[:path.index(end)]
        board[end] = ISLAND
        islands.append(end)
    for cell in path:
        board[cell] = BRIDGE
    return (min(start, end), max(start, end)), count


def _touches_island(sides: Sides, board: list[int], cell: int) -> bool:
    height, width = sides
    row, col = divmod(cell, width)
    return any(0 <= row + dr < height and 0 <= col + dc < width and
               board[(row + dr) * width + col + dc] == ISLAND for dr, dc in _STEPS)


def _proven(seed: int, difficulty: str, layout: Layout,
            bridges: tuple[int, ...]) -> Puzzle | None:
    """The Puzzle, once the solver has found its one solution again; None if it cannot
    decide within its budget (the attempt fails)."""
    found = hashi_solutions(layout, 2, SOLVER_MAX_NODES, prefer=bridges)
    if found.undecided:
        return None
    if not (found.unique and found.solution == bridges):
        raise VerificationError(
            f"the Hashi solver does not confirm a generated {layout.height}x{layout.width} "
            f"puzzle (seed {seed}): {counted(found.count, 'solution')}, search complete: "
            f"{found.complete}")
    board = hashi_of(layout.height, layout.width)
    givens = [0] * (layout.height * layout.width)
    for cell, count in zip(layout.islands, layout.counts):
        givens[cell] = count
    return Puzzle(Grid(board, tuple(givens)), Grid(board, solution_cells(layout, bridges)),
                  seed, "none", difficulty)
