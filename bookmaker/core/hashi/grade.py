"""Grade a Hashi by the techniques a person uses, easiest first, restarting from the
easiest after each round; a round applies one technique wherever it finds it.

- ``beginner``: crossing (a bridge laid leaves none across it); saturation (an island
  whose links can take at most its count takes all of them, one neighbour included; an
  island whose count is met takes no more).
- ``easy``: count forcing (a count more than the other links can take puts a bridge on
  this one: a 3 with two neighbours, a 5 with three, a 7 with four; and a link takes no
  more than the count leaves).
- ``medium``: isolation (a link whose bridges would close a group of islands off from the
  rest takes fewer; the one link left to join a part to the rest takes a bridge).
- ``hard``: trial (a link's fewest or most bridges lead, by the rules, to a clash). If
  even this stalls, the grade is ``hard`` by ``guessing``.

Every technique narrows a link's bounds only as the rules force, so the state they reach
does not depend on their order: a puzzle they finish has one solution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..grade.candidates import Step
from ..grade.evidence import Reason
from ..grade.grader import Grading
from .rules import ACROSS, DOWN, NOTHING, Layout
from .solver import propagate, start_bounds

HASHI_GRADES = ("beginner", "easy", "medium", "hard")
GUESSING_WEIGHT = 9.0

Bounds = tuple[list[int], list[int]]
Narrowing = list[tuple[int, int, int, int]]  # (link, lo, hi, island it rests on or -1)


@dataclass(frozen=True)
class Technique:
    """A Hashi technique: its name, grade and weight, and the narrowings it finds."""

    name: str
    grade: str
    weight: float
    find: Callable[[Layout, list[int], list[int]], Narrowing]


def crossing(layout: Layout, lo: list[int], hi: list[int]) -> Narrowing:
    """Across a laid bridge, no bridge."""
    return [(other, 0, 0, -1) for link in range(len(lo)) if lo[link]
            for other in layout.crossing[link] if hi[other]]


def saturation(layout: Layout, lo: list[int], hi: list[int]) -> Narrowing:
    """An island whose links at most make its count: all of them at most; one whose
    count is met: the rest at least (none more)."""
    found = []
    for island, count in enumerate(layout.counts):
        links = [k for k in layout.links_of[island] if lo[k] < hi[k]]
        if not links:
            continue
        if sum(hi[k] for k in layout.links_of[island]) == count:
            found += [(k, hi[k], hi[k], island) for k in links]
        elif sum(lo[k] for k in layout.links_of[island]) == count:
            found += [(k, lo[k], lo[k], island) for k in links]
    return found


def count_forcing(layout: Layout, lo: list[int], hi: list[int]) -> Narrowing:
    """A link's least: the count less the most the other links take; its most: the count
    less the least they take."""
    found = []
    for island, count in enumerate(layout.counts):
        links = layout.links_of[island]
        least, most = sum(lo[k] for k in links), sum(hi[k] for k in links)
        for k in links:
            low = max(lo[k], count - (most - hi[k]))
            high = min(hi[k], count - (least - lo[k]))
            if (low, high) != (lo[k], hi[k]) and low <= high:
                found.append((k, low, high, island))
    return found


def isolation(layout: Layout, lo: list[int], hi: list[int]) -> Narrowing:
    """A link whose most bridges would close off a group of full islands: one fewer; a
    link without which the links left cannot join every island: at least one."""
    found = []
    cut = cut_links(layout, hi)
    for k in range(len(lo)):
        if lo[k] == hi[k]:
            continue
        if hi[k] and _closes_off(layout, lo, k, hi[k]):
            found.append((k, lo[k], hi[k] - 1, layout.links[k].first))
        elif not lo[k] and k in cut:
            found.append((k, 1, hi[k], layout.links[k].first))
    return found


def cut_links(layout: Layout, hi: list[int]) -> set[int]:
    """The links that may hold bridges without which those left no longer join the
    islands (the bridges of that graph, found by their depth-first low points)."""
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    cut: set[int] = set()

    def visit(island: int, via: int) -> None:
        order[island] = low[island] = len(order)
        for k, other in layout.ends[island]:
            if not hi[k] or k == via:
                continue
            if other in order:
                low[island] = min(low[island], order[other])
                continue
            visit(other, k)
            low[island] = min(low[island], low[other])
            if low[other] > order[island]:
                cut.add(k)

    if layout.islands:
        visit(0, -1)
    return cut


def _closes_off(layout: Layout, lo: list[int], link: int, count: int) -> bool:
    """Whether `count` bridges on the link, with those laid, make a group of islands each
    with its count met that is not every island."""
    laid = lo[:]
    laid[link] = count
    start = layout.links[link].first
    group, stack = {start}, [start]
    while stack:
        island = stack.pop()
        if sum(laid[k] for k in layout.links_of[island]) != layout.counts[island]:
            return False
        for k, other in layout.ends[island]:
            if laid[k] and other not in group:
                group.add(other)
                stack.append(other)
    return len(group) < len(layout.islands)


def trial(layout: Layout, lo: list[int], hi: list[int]) -> Narrowing:
    """The first open link whose fewest (or most) bridges lead by the rules to a clash:
    it takes more (fewer)."""
    for k in range(len(lo)):
        if lo[k] == hi[k]:
            continue
        for end, narrowed in ((lo[k], (k, lo[k] + 1, hi[k], -1)),
                              (hi[k], (k, lo[k], hi[k] - 1, -1))):
            low, high = lo[:], hi[:]
            low[k] = high[k] = end
            if not propagate(layout, low, high, (k,)):
                return [narrowed]
    return []


LADDER = (
    Technique("crossing", "beginner", 1.0, crossing),
    Technique("saturation", "beginner", 1.1, saturation),
    Technique("count forcing", "easy", 1.5, count_forcing),
    Technique("isolation", "medium", 2.5, isolation),
    Technique("trial", "hard", 4.0, trial),
)
SIMPLEST = 1.1  # the weight of the beginner techniques: narrowings past it add to a score


def grade_hashi(layout: Layout, ceiling: str = HASHI_GRADES[-1], steps: bool = True) -> Grading:
    """The grading of a layout by the techniques up to the ceiling's grade (without its
    steps, faster, unless `steps`: the grade, hardest technique and score are the same)."""
    allowed = [t for t in LADDER if HASHI_GRADES.index(t.grade) <= HASHI_GRADES.index(ceiling)]
    lo, hi = start_bounds(layout)
    taken: list[Step] = []
    hardest, harder = LADDER[0], 0
    while any(a < b for a, b in zip(lo, hi)):
        technique, narrowing = next(((t, found) for t in allowed
                                     if (found := t.find(layout, lo, hi))), (None, []))
        if technique is None:
            return _grading(taken, True, hardest, harder)
        hardest = max(hardest, technique, key=lambda t: t.weight)
        for link, low, high, island in narrowing:
            low, high = max(low, lo[link]), min(high, hi[link])
            if (low, high) == (lo[link], hi[link]) or low > high:
                continue
            before = _codes(layout, lo, hi, link) if steps else []
            lo[link], hi[link] = low, high
            harder += technique.weight > SIMPLEST
            if steps:
                taken.append(_step(layout, technique.name, link, island, before,
                                   _codes(layout, lo, hi, link)))
    return _grading(taken, False, hardest, harder)


def _codes(layout: Layout, lo: list[int], hi: list[int], link: int) -> list[set[int]]:
    """The codes each water cell of a link may still hold, by the bounds of the links over
    it: a bridge's code for each count a link allows, no bridge if every link allows none."""
    found = []
    for cell in layout.links[link].cells:
        codes: set[int] = set()
        for k in layout.over[cell]:
            base = ACROSS if layout.links[k].across else DOWN
            codes.update(base + count - 1 for count in range(max(1, lo[k]), hi[k] + 1))
        if all(not lo[k] for k in layout.over[cell]):
            codes.add(NOTHING)
        found.append(codes)
    return found


def _step(layout: Layout, technique: str, link: int, island: int, before: list[set[int]],
          after: list[set[int]]) -> Step:
    """A narrowing as a step: the link's water cells down to one code placed, the codes
    the others lost removed; resting on the island whose count it reads."""
    cells = layout.links[link].cells
    placements = tuple((cell, min(now)) for cell, was, now in zip(cells, before, after)
                       if len(now) == 1 < len(was))
    eliminations = tuple((cell, code) for cell, was, now in zip(cells, before, after)
                         if len(now) > 1 for code in sorted(was - now))
    found = layout.links[link]
    ends = (layout.islands[found.first], layout.islands[found.second])
    n = layout.width
    because = (Reason("island", label=str(layout.counts[island]),
                      cells=(layout.islands[island],)),) if island >= 0 else ()
    return Step(technique, placements, eliminations,
                f"{technique}: r{ends[0] // n + 1}c{ends[0] % n + 1} to "
                f"r{ends[1] // n + 1}c{ends[1] % n + 1}", because=because, cells=ends)


def _grading(steps: list[Step], stalled: bool, hardest: Technique, harder: int) -> Grading:
    """Grade, hardest technique and score of the narrowings made, `harder` of them by more
    than the simplest techniques (stalled: guessing)."""
    if stalled:
        return Grading(HASHI_GRADES[-1], "guessing", GUESSING_WEIGHT, tuple(steps), True)
    return Grading(hardest.grade, hardest.name, hardest.weight + 0.09 * harder / (harder + 10),
                   tuple(steps), False)
