"""Grading the Latin-square kinds: a grid being solved by hand with its kind's clues, the
Latin techniques a person uses on rows and columns (the classic ones, with no boxes)
placed on the kinds' grades, and forcing chains that follow the kind's own rules.

A kind adds its techniques (core/futoshiki, core/skyscrapers) and gets one ladder,
easiest first. Unique rectangles and BUG+1 are left out: they argue that swapping values
would make a second solution, which signs and edge clues can forbid. Locked candidates
need boxes, which a Latin square has none of.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from .. import compiled
from ..bits import bits_of
from ..board.grid import SYMBOLS, Grid
from ..grade import advanced as a
from ..grade import grader
from ..grade import techniques as t
from ..grade.candidates import Candidates, Step
from ..grade.evidence import Reason
from ..grade.grader import (
    GRADES,
    Ladder,
    Technique,
    grade_state_within,
    place_naked_single,
    techniques_within,
)
from ..grade.tables import grader_tables
from .search import contradictions, full_masks, search, settle
from .twinned import Twinned

# The classic techniques a Latin square takes, by the grade they have on one (each found
# by its compiled twin where the compiled grader runs).
LATIN_TECHNIQUES = (
    Technique("full house", "beginner", 1.0, Twinned(t.full_house)),
    Technique("hidden single", "beginner", 1.2, Twinned(t.hidden_single)),
    Technique("naked single", "beginner", 2.3, Twinned(t.naked_single)),
    Technique("naked pair", "easy", 3.0, Twinned(t.naked_pair)),
    Technique("hidden pair", "easy", 3.4, Twinned(t.hidden_pair)),
    Technique("naked triple", "medium", 3.6, Twinned(t.naked_triple)),
    Technique("hidden triple", "medium", 4.0, Twinned(t.hidden_triple)),
    Technique("X-Wing", "medium", 4.1, Twinned(t.x_wing)),
    Technique("XY-Wing", "hard", 4.2, Twinned(t.xy_wing)),
    Technique("W-Wing", "hard", 4.3, Twinned(a.w_wing)),
    Technique("XYZ-Wing", "hard", 4.4, Twinned(t.xyz_wing)),
    Technique("Swordfish", "hard", 4.5, Twinned(t.swordfish)),
    Technique("naked quad", "hard", 5.0, Twinned(t.naked_quad)),
    Technique("Jellyfish", "hard", 5.2, Twinned(t.jellyfish)),
    Technique("hidden quad", "hard", 5.4, Twinned(t.hidden_quad)),
    Technique("simple colouring", "expert", 6.5, Twinned(t.simple_colouring)),
    Technique("X-Chain", "expert", 6.6, Twinned(t.x_chain)),
    Technique("XY-Chain", "expert", 6.8, Twinned(a.xy_chain)),
)
LATIN_BULK = (("full house", t.place_full_houses), ("hidden single", t.place_hidden_singles))
NAKED_SINGLE_BULK = ("naked single", place_naked_single)
# The bulk techniques as the compiled core applies them (csrc/latinsettle.c's codes), each
# with what it takes of the kind's extras: the Latin ones here, a kind's own added by
# ladder() (its `compiled_bulk`).
FULL_HOUSES, HIDDEN_SINGLES, NAKED_SINGLE, FIXED_MASKS, SIGN_BOUNDS = range(5)
# FIXED_MASKS given by Skyscrapers' four sides: the edge clues' masks, every clue's.
CLUED_EDGES, CLUED_BOUNDS = 5, 6
_COMPILED_BULK: dict[Callable, tuple[int, Callable[[Any], tuple[int, ...]]]] = {
    t.place_full_houses: (FULL_HOUSES, lambda extras: ()),
    t.place_hidden_singles: (HIDDEN_SINGLES, lambda extras: ()),
    place_naked_single: (NAKED_SINGLE, lambda extras: ()),
}
CHAIN_LIMIT = 64  # rounds a forcing chain follows before giving up on a contradiction
# Nodes the search spends looking for a second solution before a trial state is graded
# (within_reach); one that runs out leaves the answer to the grader. Only from SEARCHED_FROM
# up, where the ladder's chains make grading dear: below it, grading a state with two
# solutions to its stall costs less than the search (7x7 Futoshiki easy to hard: a third
# less time without it; expert 1.5x, extreme 10x more). The answer is the grader's either
# way, so the puzzles are the same.
SECOND_SOLUTION_NODES = 2_000
SEARCHED_FROM = "expert"


class LatinCandidates(Candidates):
    """A Latin-square puzzle being solved by hand: Candidates and the kind's extras
    (signs, edge clues) and `prune`, its rule as the Latin search takes it."""

    __slots__ = ("extras", "prune", "bulk_plan", "tables")
    extras: Any
    prune: Callable[..., Any]
    bulk_plan: tuple[Ladder, list | None] | None  # the compiled bulk of a ladder, once made
    tables: tuple[bool, Any] | None  # grader_tables(shape), by whether the core is compiled

    @classmethod
    def of(cls, givens: Grid, extras, prune) -> LatinCandidates:
        base = Candidates.from_grid(givens)
        state = cls(base.shape, base.values, base.cell_digits, base.digit_cells,
                    base.open_cells)
        state.extras, state.prune, state.bulk_plan, state.tables = extras, prune, None, None
        return state

    def copy(self) -> LatinCandidates:
        state = LatinCandidates(self.shape, self.values, self.cell_digits, self.digit_cells,
                                self.open_cells)
        state.extras, state.prune, state.bulk_plan = self.extras, self.prune, self.bulk_plan
        state.tables = self.tables
        return state

    def digits(self, cell: int) -> int:
        """A cell's candidates as a digit mask; a placed cell's one value."""
        value = self.values[cell]
        return 1 << (value - 1) if value else self.cell_digits[cell]

    def grader_tables(self):
        """grader_tables(shape), asked once for the state and its copies: a grading asks it
        for every technique it tries, and finding a board's tables hashes the board."""
        in_use = compiled.in_use()
        if self.tables is None or self.tables[0] != in_use:
            self.tables = in_use, grader_tables(self.shape)
        return self.tables[1]

    def masks(self) -> list[int]:
        """Every cell's digits (the Latin search's masks)."""
        return [self.digits(cell) for cell in range(self.shape.cell_count)]

    def settled_in_bulk(self, ladder: Ladder) -> int | None:
        """grader.settle() in C (csrc/latinsettle.c) on the compiled core, where it has
        every bulk technique of the ladder; the rank of the hardest used."""
        core = compiled.latin_core()
        if core is None:
            return None
        if self.bulk_plan is None or self.bulk_plan[0] is not ladder:
            self.bulk_plan = ladder, _bulk_plan(ladder, self.extras)
        plan = self.bulk_plan[1]
        if plan is None:
            return None
        rank, self.digit_cells, self.open_cells = core.latin_settle(
            self.shape.size, self.values, self.cell_digits, plan)
        return rank


def _bulk_plan(ladder: Ladder, extras) -> list | None:
    """The ladder's bulk techniques as latin_settle takes them, (code, rank, data), or
    None if one has no compiled twin."""
    plan = []
    for name, apply in ladder.bulk:
        twin = _COMPILED_BULK.get(apply)
        if twin is None:
            return None
        plan.append((twin[0], ladder.rank[name], twin[1](extras)))
    return plan


def ladder(own: tuple[Technique, ...], own_bulk: tuple = (), compiled_bulk: tuple = ()
           ) -> Ladder:
    """The kind's ladder: its techniques and the Latin ones by grade, then weight, with
    forcing chains last; singles and the kind's bulk techniques applied in bulk.
    `compiled_bulk`: per own bulk technique, (code, data(extras)) as the compiled core
    applies it."""
    for (_, apply), twin in zip(own_bulk, compiled_bulk, strict=True):
        _COMPILED_BULK[apply] = twin
    merged = sorted(LATIN_TECHNIQUES + own,
                    key=lambda tech: (GRADES.index(tech.grade), tech.weight))
    chains = Technique("forcing chain", "extreme", 8.0, forcing_chain)
    return Ladder(tuple(merged) + (chains,), LATIN_BULK + own_bulk + (NAKED_SINGLE_BULK,))


def eliminating(state: LatinCandidates, technique: str, removals: list[tuple[int, int]],
                why: str, because: tuple[Reason, ...] = (),
                cells: tuple[int, ...] = ()) -> Step | None:
    """A Step taking (cell, digit) candidates that are still there, or None if none is;
    `because` makes it true, `cells` are its pattern's."""
    removed = tuple(sorted((cell, d + 1) for cell, d in set(removals)
                           if state.cell_digits[cell] >> d & 1))
    return Step(technique, (), removed, why, 0, because, cells) if removed else None


def forcing_chain(state: LatinCandidates) -> Step | None:
    """A candidate whose placement leads, by the Latin rules and the kind's, to a cell or
    value left without a place is removed; cells with fewest candidates first, as in
    the classic forcing chains; the length is the shortest chain's rounds."""
    found = contradictions(state.shape.size, state.masks(), state.prune,
                           list(bits_of(state.open_cells)), CHAIN_LIMIT)
    if found:
        removed = tuple((cell, value) for cell, value, _ in found)
        names = ", ".join(f"{state.shape.cell_name(c)}={SYMBOLS[v - 1]}" for c, v in removed)
        shortest = min(length for *_, length in found)
        return Step("forcing chain", (), removed, f"placing any of {names} leads to a "
                    f"contradiction (the shortest in {shortest} rounds)", shortest,
                    cells=(removed[0][0],))  # the cell to try first
    return None


def state_of_masks(givens: Grid, extras, prune, masks: list) -> LatinCandidates:
    """The hand-solving state whose pencil marks are the masks (one-value cells placed)."""
    shape = givens.shape
    state = LatinCandidates(shape, [0] * shape.cell_count, [0] * shape.cell_count,
                            [0] * shape.size, 0)
    state.extras, state.prune, state.bulk_plan, state.tables = extras, prune, None, None
    for cell, mask in enumerate(masks):
        if mask & (mask - 1):
            state.cell_digits[cell] = mask
            state.open_cells |= 1 << cell
            for d in bits_of(mask):
                state.digit_cells[d] |= 1 << cell
        else:
            state.values[cell] = mask.bit_length()
    return state


def within_reach(givens: Grid, extras, ceiling: str, grading: LatinGrading) -> bool:
    """Whether the ladder's techniques up to `ceiling` solve the puzzle, as
    grade_state_within() would say, the cheap way first: the Latin search's propagation
    with the kind's bulk techniques as a prune (grading.bulk) is exactly the ladder's bulk
    techniques (singles and the kind's), so where it settles every cell the answer is yes,
    and where it does not the grader goes on from its fixed point, which is where its own
    bulk techniques would have led (in C where the compiled loop has the ladder's every
    technique). The kind's full rule (grading.rule) prunes for forcing chains."""
    ladder = grading.quiet or grading.ladder
    reached = _compiled_reach(givens, extras, ceiling, ladder, grading)
    if reached is not None:
        return reached
    prune, bulk_prune = grading.rule(extras), grading.bulk(extras)
    n = givens.shape.size
    masks = full_masks(n, givens.cells)
    if not settle(n, masks, bulk_prune):
        return False
    if all(not m & (m - 1) for m in masks):
        return True
    if ceiling == GRADES[0] or _has_two_solutions(n, masks, prune, ceiling):
        return False
    state = state_of_masks(givens, extras, prune, masks)
    found = grade_state_within(state, ceiling, ladder)
    return found is not None and not found.guessing  # (a stall graded 'extreme')


def _compiled_reach(givens: Grid, extras, ceiling: str, ladder: Ladder,
                    grading: LatinGrading) -> bool | None:
    """within_reach() in one call of the compiled core (csrc/latingrade.c), where it has
    both rules and every technique of the ladder up to `ceiling`; else None."""
    core = compiled.latin_core()
    if core is None or grading.rules is None:
        return None
    made = grading.compiled_plan(ladder, ceiling, extras)
    if made is None:
        return None
    return core.latin_reach(grader_tables(givens.shape), givens.cells,
                            *grading.rules(extras), ceiling == GRADES[0],
                            second_solution_nodes(ceiling), *made)


def second_solution_nodes(ceiling: str) -> int:
    """The nodes within_reach searches for a second solution of a trial graded up to
    `ceiling` (0: none)."""
    searched = GRADES.index(ceiling) >= GRADES.index(SEARCHED_FROM)
    return SECOND_SOLUTION_NODES if searched else 0


def _has_two_solutions(n: int, masks: list, prune, ceiling: str) -> bool:
    """Whether the search finds a second solution: then no technique of the ladder (none
    guesses) finishes the puzzle, and grading it is wasted. On the compiled core only,
    where the search costs a fraction of a grading; the answer is the grader's either
    way, so both cores make the same decisions."""
    if compiled.latin_core() is None:
        return False
    nodes = second_solution_nodes(ceiling)
    return nodes > 0 and search(n, masks, prune, 2, nodes).count > 1


def unworded(ladder: Ladder, own: dict[Callable, Callable]) -> Ladder:
    """The ladder as digging asks it: the same steps, not worded where a technique can
    leave them so (digging keeps only whether a grading finished, and the words are a
    third of its time): each classic one by its compiled twin's find, a kind's own by
    its unworded twin in `own` (find -> unworded find)."""
    return Ladder(tuple(_unworded(tech, own) for tech in ladder.techniques), ladder.bulk)


def _unworded(tech: Technique, own: dict[Callable, Callable]) -> Technique:
    if isinstance(tech.find, Twinned):
        return replace(tech, find=QuietTwin(tech.name, tech.find))
    return replace(tech, find=own.get(tech.find, tech.find))


@dataclass(frozen=True)
class QuietTwin:
    """A classic technique's find as digging asks it: its step as its compiled twin
    finds it, without words (worded on the pure core)."""

    name: str
    twin: Twinned

    def __call__(self, state: LatinCandidates) -> Step | None:
        tables = state.grader_tables()
        if tables is None:
            return self.twin(state)
        found = tables.find(self.twin.number, state.values, state.cell_digits,
                            state.digit_cells, state.open_cells, None, 0)
        if found is None:
            return None
        _, placements, eliminations, _, length = found
        return Step(self.name, tuple(placements), tuple(eliminations), "", length)


def _unmade_rule(masks: list) -> bool | None:
    """A state's prune until it is made (LatinGrading.quiet_grading): never called."""
    raise AssertionError("the rule was not made")


# A technique as the compiled grading loop takes it (csrc/latingrade.c): (code, rank, a,
# b, slot), slot the index of its data among the call's (-1: none); a kind's own give
# their (code, a, b, data(extras)) by LatinGrading.compiled.
STEP_CLASSIC, STEP_FORK, STEP_VISIBLE, STEP_CHAINS = range(4)


def _compiled_grade(state: LatinCandidates, ceiling: str, ladder: Ladder,
                    grading: LatinGrading):
    """csrc/latingrade.c's run of grade_within_in_python (its stalled, settled rank,
    (rank, length) steps and the state reached) where the compiled core has every
    technique of the ladder up to `ceiling`; else None."""
    core, rules = compiled.latin_core(), grading.rules
    made = None if core is None or rules is None else \
        grading.compiled_plan(ladder, ceiling, state.extras)
    if made is None or rules is None:
        return None
    code, data, *_ = rules(state.extras)
    return core.latin_grade(grader_tables(state.shape), state.values, state.cell_digits,
                            code, data, *made)


def _static_plan(ladder: Ladder, ceiling: str, own: dict) -> tuple | None:
    """The ladder up to `ceiling` as the compiled loop takes it, what does not change
    with the extras: the techniques tried one at a time (code, rank, a, b, slot), the bulk
    ones (code, rank, slot) and the functions of the extras giving each slot's data; None
    if a technique has no compiled form."""
    sources: list[Callable] = []

    def slot(source: Callable) -> int:
        if source not in sources:
            sources.append(source)
        return sources.index(source)
    steps = []
    for tech in techniques_within(ceiling, ladder):
        rank = ladder.rank[tech.name]
        if isinstance(tech.find, QuietTwin):
            steps.append((STEP_CLASSIC, rank, tech.find.twin.number, 0, -1))
        elif tech.find is forcing_chain:
            steps.append((STEP_CHAINS, rank, 0, CHAIN_LIMIT, -1))  # the call's rule
        elif tech.find in own:
            code, a, b, source = own[tech.find]
            steps.append((code, rank, a, b, slot(source)))
        else:
            return None
    bulk = []
    for name, apply in ladder.bulk:
        if apply not in _COMPILED_BULK:
            return None
        code, source = _COMPILED_BULK[apply]
        bulk.append((code, ladder.rank[name], slot(source)))
    return steps, tuple(bulk), tuple(sources)


@dataclass(frozen=True)
class LatinGrading:
    """How a Latin kind is graded: its ladder, and its clues' rule as prunes for the Latin
    search, `rule(extras)` the whole rule (forcing chains) and `bulk(extras)` the ladder's
    bulk techniques as one (the fast check for digging); `quiet` the ladder digging
    grades by (unworded())."""

    ladder: Ladder
    rule: Callable[[Any], Callable[..., Any]]
    bulk: Callable[[Any], Callable[..., Any]]
    quiet: Ladder | None = None
    # a kind's own quiet finds as the compiled loop takes them: find -> (code, a, b,
    # data(extras))
    compiled: dict[Callable, tuple] = field(default_factory=dict, compare=False)
    # rule() and bulk() as the compiled core takes them: extras -> (code, data, bulk
    # code, bulk data); None: the grading stays in Python
    rules: Callable[[Any], tuple] | None = None
    _plans: dict = field(default_factory=dict, compare=False, repr=False)

    def state(self, givens: Grid, extras) -> LatinCandidates:
        return LatinCandidates.of(givens, extras, self.rule(extras))

    def grade(self, givens: Grid, extras) -> grader.Grading:
        """Solve by technique from the easiest, restarting after every step, and grade."""
        return grader.grade_state(self.state(givens, extras), self.ladder)

    def grade_within(self, givens: Grid, extras, ceiling: str) -> grader.Grading | None:
        """The grading if the grade is at most `ceiling` (else None): none of the techniques
        guesses or assumes a single solution, so a finished solve proves there is one."""
        return grade_state_within(self.state(givens, extras), ceiling, self.ladder)

    def within_reach(self, givens: Grid, extras, ceiling: str) -> bool:
        """Whether grade_within() would grade it, the fast way (for digging)."""
        return within_reach(givens, extras, ceiling, self)

    def compiled_plan(self, ladder: Ladder, ceiling: str, extras) -> tuple | None:
        """The ladder up to `ceiling` as the compiled loop takes it for these extras:
        (steps, bulk, each slot's data); None if a technique has no compiled form."""
        key = id(ladder), ceiling
        if key not in self._plans:
            self._plans[key] = _static_plan(ladder, ceiling, self.compiled)
        made = self._plans[key]
        if made is None:
            return None
        steps, bulk, sources = made
        datas = [source(extras) for source in sources]
        return steps, [(code, rank, datas[slot]) for code, rank, slot in bulk], datas

    def grade_of(self, givens: Grid, extras) -> str:
        """grade_within(givens, extras, 'extreme')'s grade, by the unworded ladder (the
        compiled loop where it runs)."""
        return self.quiet_grading(givens, extras).grade

    def quiet_grading(self, givens: Grid, extras) -> grader.Grading:
        """grade_within(givens, extras, 'extreme') by the unworded ladder: the same grade,
        hardest technique, score and steps' techniques and lengths, without their words."""
        # the rule as a Python prune is made only if the grading runs in Python
        found = self.graded_quietly(LatinCandidates.of(givens, extras, _unmade_rule),
                                    GRADES[-1])
        assert found is not None  # the last grade grades a stall
        return found

    def graded_quietly(self, state: LatinCandidates, ceiling: str) -> grader.Grading | None:
        """grade_state_within(state, ceiling, quiet ladder), by the compiled loop where it
        runs (its steps unworded: technique and length), else in Python. Changes the
        state."""
        ladder = self.quiet or self.ladder
        run = _compiled_grade(state, ceiling, ladder, self)
        if run is None:
            if state.prune is _unmade_rule:
                state.prune = self.rule(state.extras)
            return grade_state_within(state, ceiling, ladder)
        stalled, settled_rank, found, values, digits, digit_cells, open_cells = run
        state.values, state.cell_digits = list(values), list(digits)
        state.digit_cells, state.open_cells = digit_cells, open_cells
        if stalled and ceiling != GRADES[-1]:
            return None
        names = ladder.techniques
        steps = [_quiet_step(names[rank].name, length) for rank, length in found]
        return grader.grading_of(steps, state, ladder, settled_rank)


@lru_cache(maxsize=1024)
def _quiet_step(technique: str, length: int) -> Step:
    """An unworded step (frozen: one made for every grading that takes it)."""
    return Step(technique, (), (), "", length)
