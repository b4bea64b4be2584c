"""Seeded Calcudoku generation: a random Latin square, cages shaped like the published
ones with an operation each, repaired until unique, then softened or hardened until the
grader needs exactly the grade asked for.

In the spirit of Simon Tatham's Keen (fill, divide into cages, choose operations, keep
what its solver manages at the difficulty asked for), written anew:

1. Fill: a random Latin square (generate.removal.random_solution on latin_of(n)).
2. Cages: compact shapes of sizes drawn from the grade's recipe (layout.py: mostly two
   and three cells, some singles and fours, no long snakes).
3. Operations: a two-cell cage divides where the larger value is a multiple of the
   smaller, else subtracts, with the recipe's odds (else adds or multiplies); a larger
   cage adds or multiplies; a one-cell cage shows its value. Addition-only puzzles add
   everywhere; hidden-operation puzzles choose as the full type does and hide them.
4. Unique: while the solver finds a second solution, a cage where the two differ shows
   an operation the second breaks, or else gives up a differing cell as a cage of its
   own (made_unique()).
5. Grade: the grader (grade.py) solves it within the grade asked for ('any': within
   expert). Its techniques neither guess nor assume uniqueness, so a finished solve
   proves the puzzle has one solution. Harder than asked: a cell it left open becomes a
   cage of its own (softened(); this only adds information, so it stays unique). Easier:
   a cage shows a weaker operation or two cages merge (hardened()), kept if the grader
   still finishes within the grade. Most such random changes lose uniqueness, and past
   hard most that keep it land beyond expert, so for expert every change near the
   grader's crux is tried, in a seeded order, and the first that climbs a grade is kept,
   else, of those that stay at the grade, the one whose steps past easy weigh most
   (_climbed(): targeted; that choice, rather than the first of them, took the gradings
   of a 6x6 expert from a median of 1,268 to 832, 80 bench seeds). The changes are not
   only hardenings but any other operation and any cell moved to a neighbouring cage
   (reshapings()): from hard, hardenings alone
   almost never reach expert (bench_calcudoku's seeds 0-5 at 6x6: 1 of 60 attempts),
   reshapings near the crux make each seed within a few attempts (6x6: a few tenths of a
   second; 9x9: seconds, bench/README.md). After CHANGES
   tries (CLIMBS climbs) the attempt is dropped and the next derived seed tried. Digging
   past expert and giving information back (as Sudoku does) was measured and does not
   carry over: of about a thousand drafts one give-back from an extreme one near where
   the grader stalls (a cell split off, a stronger operation, a four-cell cage split in
   two; 6x6, 19 extreme puzzles) 4 land at expert, a third stay past it and the rest
   drop to beginner-hard; only 2 of the 19 had any expert one step away. Made so, 6x6
   expert took 25 attempts a puzzle and twice the climb's CPU. Every
   result is proven unique again by the solver before it is returned; check.py, written apart,
   proves it once more (the kind's verify).

The result depends only on (type of cages, size, seed, difficulty).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from ..bits import mask_of
from ..board.grid import Grid
from ..board.shape import Shape
from ..generate.graded import DIFFICULTIES, attempt_seed
from ..generate.removal import random_solution
from ..grade.grader import GRADES, Grading
from ..puzzle import GenerationError, Puzzle
from ..rng import Rng
from ..solve.verify import VerificationError
from ..words import counted, with_article
from .cages import (
    ADD,
    DIVIDE,
    MULTIPLY,
    OPERATION,
    SUBTRACT,
    CagePart,
    CalcCages,
    MathCage,
    SolutionCages,
    cage_fillings,
    target_of,
)
from .climbstep import (
    NOT_IN_C,
    climb_step_in_c,
    groups_key,
    harden_in_c,
    operations_in_c,
    words_in_c,
)
from .crux import crux_graded_of_answer, crux_graded_of_named, crux_graded_of_tables
from .grade import CALCUDOKU_LADDER
from .layout import MAX_CAGE, around, cage_layout, compact, connected_parts, neighbours
from .quiet import (
    board_tables,
    grade_and_work,
    grade_and_work_of_tables,
    grade_or_stall_of_tables,
    graded_quietly,
    grading_of_answer,
    grading_of_tables,
    known_sum,
    one_call_plan,
    stall_of_tables,
)
from .solver import NOT_SEARCHED, calcudoku_solutions, other_solution, other_solution_of_tables
from .swaps import second_by_swap
from .techniques import CalcCandidates

SOLVER_MAX_NODES = 20_000
# The kept puzzle's proof from a blank board: a 9x9 expert draft may be proven from where
# the grader stalls (_proven_from_stall()) where a blank board's search runs past
# SOLVER_MAX_NODES; one past this too is undecided and its attempt dropped.
PROOF_MAX_NODES = 200_000
# Up to this size a hardened draft graded up to 'extreme' meets the solver before the
# grader: most are no longer unique, and the solver says so sooner than the grader's
# forcing chains (in Python) stall (6x6 extreme, bench seeds 0-19: 40 -> 21 ms mean; 9x9:
# 62 -> 77 ms). Below 'extreme' the compiled loop stalls sooner than the solver. Either
# way the same drafts are dropped: a finished grading proves uniqueness.
SOLVER_FIRST_MAX_SIZE = 6
ANY_CEILING = "expert"  # 'any' keeps what the grader finishes without forcing chains
CHANGES = 40  # changes tried, kept or not, before an attempt gives up
CLIMBS = 12  # targeted steps (each tries every change) before an attempt gives up
# Climbs in a row that stay at one grade before an attempt gives up: nine tenths of
# expert's CPU goes to attempts that fail, most of them wandering at 'hard' (its large
# innies and outies) through all their climbs, while most that reach expert stay at a grade
# for 5 climbs or fewer (bench seeds, 6 cut: 6x6 0-19 7% less CPU, 9x9 0-5 28% less).
PLATEAU = 6
# From this size an expert attempt's draft is proven unique from where the grader stalls
# (_proven_from_stall()): a blank board's proof is most of 9x9 expert's search (126,098 of
# its 146,098 nodes on bench seeds 0-9, the grader left those drafts' cells open), from
# the stalled candidates 58,500; 9x9 expert 1.1-1.2x less CPU a puzzle, the same puzzles.
# At 6x6 to 8x8 the proofs are short and the grading costs what they save (no gain).
PROOF_FROM_STALL_MIN_SIZE = 9
PROOF_CEILING = "expert"  # the ladder up to it is one compiled call
# Attempts before a grade is given up: one costs milliseconds (9x9: a few tenths of a
# second), and the grades each size is made to succeed in one of a few attempts.
ATTEMPTS = 400


@dataclass(frozen=True)
class Recipe:
    """How an attempt draws its cages: weights of cage sizes 1-4 (per hundred), and the
    odds (per hundred) that a two-cell cage divides (where it can) or subtracts, and that
    a larger one multiplies."""

    sizes: tuple[int, int, int, int]
    divide: int = 70
    subtract: int = 60
    multiply: int = 40
    targeted: bool = False  # harden by the first change of all that climbs (make_attempt)


RECIPES = {
    "beginner": Recipe((16, 56, 24, 4), divide=80, subtract=70, multiply=50),
    "easy": Recipe((9, 55, 30, 6)),
    "medium": Recipe((5, 50, 36, 9)),
    "hard": Recipe((3, 44, 40, 13), divide=55, subtract=50, multiply=30),
    "expert": Recipe((2, 38, 44, 16), divide=45, subtract=45, multiply=25,
                     targeted=True),
    "extreme": Recipe((2, 38, 44, 16), divide=45, subtract=45, multiply=25),
}


_UNSEEN: Any = object()  # what a cache holds for a key not met yet


class CalcudokuDisagreement(VerificationError):
    """The grader proved a Calcudoku unique and the solver did not: never print it."""


def generate_calcudoku(cages_type: type[CalcCages], shape: Shape, seed: int,
                       difficulty: str = "any",
                       max_attempts: int | None = None) -> tuple[Puzzle, Grading]:
    """A Calcudoku with cages of `cages_type` of exactly the grade asked for ('any': whatever
    the grader finishes up to expert), with its grading. GenerationError after
    max_attempts failed attempts."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of: "
                         f"{', '.join(DIFFICULTIES)}")
    if shape.blocks:  # the compiled loop reads rows and columns alone
        raise ValueError(f"a Calcudoku's board has rows and columns alone; not "
                         f"{len(shape.blocks)} blocks besides")
    attempts = max_attempts or ATTEMPTS
    for attempt in range(attempts):
        made = make_attempt(cages_type, shape, attempt_seed(seed, attempt), difficulty)
        if made is not None:
            solution, cages, grading = made
            puzzle = _proven(shape, seed, difficulty, solution, cages)
            if puzzle is not None:
                return puzzle, grading
    raise GenerationError(f"could not make {with_article(repr(difficulty))} "
                          f"{shape.size}x{shape.size} Calcudoku ({cages_type.mode}) in "
                          f"{counted(attempts, 'attempt')}")


def _blank(shape: Shape) -> Grid:
    return Grid(shape, (0,) * shape.cell_count)


def _proven(shape: Shape, seed: int, difficulty: str, solution,
            cages: CalcCages) -> Puzzle | None:
    """The Puzzle, once its cages pass the checks the drafts skipped and the solver has
    found the one solution again; None if it cannot decide within PROOF_MAX_NODES (the
    attempt fails)."""
    cages = cages.checked()  # its tables kept, not made again
    found = calcudoku_solutions(cages, limit=2, max_nodes=PROOF_MAX_NODES, prefer=solution)
    if found.undecided:
        return None
    if not (found.unique and found.solution == solution):
        raise CalcudokuDisagreement(
            f"the Calcudoku solver does not confirm a generated {shape} Calcudoku (seed "
            f"{seed}): {counted(found.count, 'solution')} found, search complete: {found.complete}")
    return Puzzle(_blank(shape), Grid(shape, solution), seed, "none", difficulty,
                  extras=cages)


class DraftCages(SolutionCages):
    """The cage sets of the drafts over one solution, and what hardening asks of each of
    their groups (the weaker operations it may show), worked out once however many
    drafts hold the group."""

    def __init__(self, cages_type: type[CalcCages], shape: Shape, solution) -> None:
        super().__init__(cages_type, shape, solution)
        self._weaker: dict[tuple, list[str]] = {}
        self._grades: dict[tuple, tuple[str, float] | None] = {}
        # the compiled gradings of some of them, packed (answers_kept)
        self._answers: dict[tuple, bytes] = {}
        self._words: dict[tuple, tuple[bytes, bytes] | None] = {}
        # words() made in C (a function of the group), None on the pure core
        self._words_in_c = words_in_c(self)

    def grade(self, draft: Draft, ceiling: str) -> tuple[str, float] | None:
        """grade_and_work() of a draft over the solution within the ceiling, kept by its
        groups (climbstep.groups_key()): a climb that stays at one grade meets some of its
        drafts again (6x6 expert: one grading in twelve)."""
        key = (groups_key(draft.groups), ceiling)
        if key not in self._grades:
            self._grades[key] = self._graded(draft, ceiling)
        return self._grades[key]

    def _graded(self, draft: Draft, ceiling: str) -> tuple[str, float] | None:
        """grade(), not kept: None without grading where a swap of two values is a second
        solution (swaps.py: the grader could not finish it); by one compiled call on the
        draft's grading_tables() where the compiled loop takes every technique up to the
        ceiling."""
        plan, tables = one_call_plan(ceiling), draft.grading_tables()
        if tables is not None and second_by_swap(self.shape.size, tables[0], self.solution):
            return None
        if plan is None or tables is None:
            return grade_and_work(CalcCandidates.of(_blank(self.shape), draft.cages), ceiling)
        return grade_and_work_of_tables(self.shape, self.board, *tables, plan)

    @property
    def grades_kept(self) -> dict[tuple, tuple[str, float] | None]:
        """grade()'s gradings kept, by their key (the compiled climb keeps them too)."""
        return self._grades

    @property
    def answers_kept(self) -> dict[tuple, bytes]:
        """The compiled gradings kept at or above the grade of the climb that made them, by
        the same key, packed (bytes csrc/calcclimb.c alone reads: a third of the gradings
        are kept, and the grader's answer as Python objects cost more than the climb's
        other work on them): a climb that keeps a change from the cache hands its answer
        back, so its crux is found without grading it again (6x6 expert: one kept change
        in five was graded twice)."""
        return self._answers

    @cached_property
    def board(self) -> tuple:
        """quiet.board_tables(), asked when the compiled core first grades a draft."""
        return board_tables(self.shape)

    def words(self, group) -> tuple[bytes, bytes] | None:
        """The (cells, operation) group's cage as the compiled grading reads it: its part
        of narrowing_tables and its known sum (quiet.sums()); None where a filling needs
        more than 64 bits. Kept (words_kept); made in C where the core runs it."""
        found = self._words.get(group, _UNSEEN)
        if found is _UNSEEN:
            found = self._words[group] = (self._words_in_c or self.words_in_python)(group)
        return found

    def words_in_python(self, group) -> tuple[bytes, bytes] | None:
        """words() of the group, made in Python from its cage part: the reference of
        csrc/calcwords.c."""
        cage, _, words = self._part(group)
        return None if words is None else (words, array("q", [known_sum(cage)]).tobytes())

    @property
    def words_kept(self) -> dict[tuple, tuple[bytes, bytes] | None]:
        """words() kept, by group (the compiled climb and hardening add to it)."""
        return self._words

    def part(self, group) -> CagePart:
        """The (cells, operation) group's cage part (kept): made from its words where the
        compiled core makes them (words(); cage_part()'s words made again in Python, its
        places and its pattern, were a tenth of a 6x6 medium), else SolutionCages'."""
        found = self._parts.get(group)
        if found is None:
            words = None if self._words_in_c is None else self.words(group)
            if words is None:
                return self._part(group)
            cells, operation = group
            cells = tuple(sorted(cells))
            cage = MathCage(cells, target_of(operation, self.values(cells)),
                            self.cages_type.shown(operation))
            found = self._parts[group] = (cage, mask_of(cells), words[0])
        return found

    def values(self, cells) -> list[int]:
        """The solution's values in the cells."""
        return [self.solution[c] for c in cells]

    def weaker(self, group) -> list[str]:
        """The operations the (cells, operation) group may show instead that say less."""
        found = self._weaker.get(group)
        if found is None:
            cells, operation = group
            found = self._weaker[group] = [] if operation not in OPERATION else [
                op for op in OPERATION[operation].weaker
                if op in self.cages_type.operations_over([self.solution[c] for c in cells])]
        return found


class Draft:
    """Cages being shaped over a solution: (cells, operation) groups, and their cage set."""

    def __init__(self, cages_type: type[CalcCages], shape: Shape, solution, groups,
                 made: DraftCages | None = None, parent: Draft | None = None,
                 removed: list[int] | None = None) -> None:
        self.cages_type, self.shape, self.solution = cages_type, shape, solution
        if groups is not None:  # None: a change's, listed when first asked (changed())
            self.groups = groups if made else _ascending(groups)
        # shared by the drafts over one solution: they share most of their cages
        self.made = made or DraftCages(cages_type, shape, solution)
        # the groups a change added (changed()), else None: where near_crux() looks
        self.added: list | None = None
        # a change's draft: the one it changed, and the groups it took away (groups, parts)
        self._parent, self._removed = parent, removed or []

    @cached_property
    def groups(self) -> list[tuple[tuple[int, ...], str]]:
        """A change's groups: its parent's but those it removed, then those it added
        (listed when first asked: a climb makes every change but grades only those near
        its crux)."""
        assert self._parent is not None and self.added is not None
        kept = [g for i, g in enumerate(self._parent.groups) if i not in self._removed]
        return kept + self.added

    @cached_property
    def parts(self) -> list[CagePart]:
        """Each group's cage part, in order; a change's draft takes its parent's for the
        groups it kept (it made one or two new ones; looking up each group again was a
        quarter of a 6x6 beginner's CPU)."""
        groups = self.groups
        parent, self._parent = self._parent, None  # not needed once both are made
        if parent is None:
            return [self.made.part(group) for group in groups]
        kept = [part for index, part in enumerate(parent.parts) if index not in self._removed]
        return kept + [self.made.part(group) for group in groups[len(kept):]]

    @cached_property
    def cages(self) -> CalcCages:
        """Made when first asked: a climb makes every change but grades only those near
        its crux (near_crux())."""
        return self.cages_type.unchecked(self.shape, self.parts)

    def grading_tables(self) -> tuple[bytes, bytes] | None:
        """The cage set's narrowing_tables and quiet.sums(), made from the groups' words
        without the cage set (DraftCages.grade()); None where a cage has no words."""
        slots = self.slots
        if slots is None:
            return None
        words, sums, count = slots
        head = array("Q", [self.shape.size, self.shape.cell_count, count]).tobytes()
        return head + b"".join(words), b"".join(sums)

    @cached_property
    def slots(self) -> tuple[list[bytes], list[bytes], int] | None:
        """Per cell, the words and the known sum of the cage whose first cell it is (b""
        elsewhere: joined in cell order they are its cage set's, which orders its cages
        so), and the count of cages; a change's are its parent's with its groups' changed.
        None where a cage has no words (DraftCages.words())."""
        parent = self._parent
        if parent is None:
            return _slots(self.made, self.shape.cell_count, self.groups)
        kept = parent.slots
        if kept is None:
            return None
        words, sums = kept[0].copy(), kept[1].copy()
        for index in self._removed:
            first = parent.groups[index][0][0]
            words[first] = sums[first] = b""
        assert self.added is not None
        if not _placed(self.made, self.added, words, sums):
            return None
        return words, sums, kept[2] - len(self._removed) + len(self.added)

    @cached_property
    def weakenable(self) -> list[int]:
        """The groups (indices) that may show a weaker operation (kept: a draft whose
        hardening is not kept is hardened again)."""
        weaker = self.made.weaker
        return [index for index, group in enumerate(self.groups) if weaker(group)]

    @cached_property
    def merges(self) -> list[tuple[int, int]]:
        """_merges(), kept as weakenable is."""
        return _merges(self)

    @cached_property
    def mergeable(self) -> bool:
        """_mergeable(), kept as weakenable is."""
        return _mergeable(self)

    def changed(self, remove: list[int], add, ascending: bool = False) -> Draft:
        """A new draft without the groups at `remove` and with the groups `add` (their
        cells sorted here unless `ascending` says they are)."""
        draft = Draft(self.cages_type, self.shape, self.solution, None, self.made, self,
                      remove)
        draft.added = add if ascending else _ascending(add)
        return draft

    def values(self, cells) -> list[int]:
        return [self.solution[c] for c in cells]

    def split(self, cell: int, rng: Rng, recipe: Recipe) -> Draft:
        """A new draft with the cell a cage of its own; the rest of its cage keeps the
        operation if it stays one piece of two cells or more that may show it."""
        index = next(i for i, (cells, _) in enumerate(self.groups) if cell in cells)
        cells, operation = self.groups[index]
        parts = connected_parts(self.shape.size, [c for c in cells if c != cell])
        rest = [(part, operation if len(parts) == 1 and operation in
                 self.cages_type.operations_over(self.values(part)) else
                 choose_operation(self.cages_type, self.values(part), rng, recipe))
                for part in parts]
        return self.changed([index], [((cell,), "")] + rest)


def _slots(made: DraftCages, cell_count: int,
           groups) -> tuple[list[bytes], list[bytes], int] | None:
    """Draft.slots of a draft made whole (no parent)."""
    words, sums = [b""] * cell_count, [b""] * cell_count
    return (words, sums, len(groups)) if _placed(made, groups, words, sums) else None


def _placed(made: DraftCages, groups, words: list[bytes], sums: list[bytes]) -> bool:
    """The groups' words and known sums put in the slots of their first cells; False (the
    slots left part-filled) where a group has no words (DraftCages.words())."""
    for group in groups:
        found = made.words(group)
        if found is None:
            return False
        words[group[0][0]], sums[group[0][0]] = found
    return True


def _ascending(groups) -> list[tuple[tuple[int, ...], str]]:
    """(cells, operation) groups with their cells in ascending order."""
    return [(tuple(sorted(cells)), operation) for cells, operation in groups]


def make_attempt(cages_type: type[CalcCages], shape: Shape, seed: int, difficulty: str):
    """One try: (solution, cages, grading) of a puzzle of the grade asked for, or None.
    A drawn layout is repaired until unique and graded; then, while harder than asked, a
    cage the grader could not finish gives up a cell as a one-cell cage (which keeps it
    unique), and while easier, a cage is made harder (hardened(); kept if the puzzle
    stays unique and within the grade). Where the recipe says `targeted`, a harder draft
    is the first of all the changes that climbs (_climbed()), and a cell given up that
    makes it easier than asked is taken back (the next change tries another), and the
    attempt gives up after PLATEAU climbs that stay at one grade."""
    rng = Rng(seed)
    recipe = RECIPES["medium" if difficulty == "any" else difficulty]
    ceiling = ANY_CEILING if difficulty == "any" else difficulty
    draft = made_unique(first_draft(cages_type, shape, rng, recipe), rng, recipe)
    if draft is None:
        return None
    if not recipe.targeted:
        return _hardened_attempt(draft, rng, recipe, difficulty, ceiling)
    grading, stalled = _graded(draft, ceiling)  # a climb reads the crux
    flat = 0
    for _ in range(CLIMBS):
        if grading is None:
            softer = softened(draft, stalled, rng, recipe)
            graded, stalls = _graded(softer, ceiling)
            if graded is None or graded.grade == difficulty:
                draft, grading, stalled = softer, graded, stalls
            continue
        if difficulty in ("any", grading.grade):
            return draft.solution, draft.cages, grading
        climbed = _climbed(draft, grading, rng, recipe, difficulty)
        if climbed is None:
            return None
        flat = 0 if climbed[1].grade != grading.grade else flat + 1
        if flat >= PLATEAU:
            return None
        draft, grading = climbed
    return None


def _hardened_attempt(draft: Draft, rng: Rng, recipe: Recipe, difficulty: str, ceiling: str):
    """make_attempt() of a recipe not targeted, from the unique draft (in one compiled call
    where the core runs it, climbstep.py; else hardened_in_python()), the draft kept
    graded in full (the compiled call hands back its own grading of it, the one
    _graded_in_full() would make again)."""
    found = harden_in_c(draft, rng, recipe, difficulty, ceiling, CHANGES)
    if found is NOT_IN_C:
        kept = hardened_in_python(draft, rng, recipe, difficulty, ceiling)
        return None if kept is None else (kept.solution, kept.cages,
                                          _graded_in_full(kept, ceiling))
    if found is None:
        return None
    groups, rank, steps = found  # graded within the ceiling as _graded_in_full() grades it
    kept = Draft(draft.cages_type, draft.shape, draft.solution, list(groups), draft.made)
    return kept.solution, kept.cages, grading_of_answer(rank, steps)


def hardened_in_python(draft: Draft, rng: Rng, recipe: Recipe, difficulty: str,
                       ceiling: str) -> Draft | None:
    """The draft of the grade asked for (any: the first graded within the ceiling) that a
    hardening attempt reaches from the unique draft, or None: the drafts on the way are
    asked their grade alone (_grade_of()); one harder than asked gives up a cell
    (softened()), one easier is hardened() and the change kept if graded within the
    ceiling. The reference of csrc/calcharden.c's calcudoku_harden."""
    grade, stalled = _grade_of(draft, ceiling)
    dropped: set[frozenset] = set()  # the hardened drafts not kept, by their groups
    for _ in range(CHANGES):
        if grade is None:
            draft = softened(draft, stalled, rng, recipe)
            grade, stalled = _grade_of(draft, ceiling)
            continue
        if difficulty in ("any", grade):
            return draft
        harder = hardened(draft, rng, recipe)
        if harder is None:
            return None
        graded = _hardening_kept(harder, ceiling, dropped)
        if graded is not None:
            draft, grade = harder, graded
    return None


def _hardening_kept(harder: Draft, ceiling: str, dropped: set[frozenset]) -> str | None:
    """The grade of a hardened draft within the ceiling (a finished solve: unique), or
    None; a draft dropped once (`dropped`, its groups) is dropped again without grading:
    hardened() draws the same change again often (6x6 medium: a third of its drafts, hard:
    over half), and a draft's grading depends on its cages alone."""
    key = frozenset(harder.groups)
    if key in dropped:
        return None
    if ceiling == GRADES[-1] and harder.shape.size <= SOLVER_FIRST_MAX_SIZE and \
            _ambiguous(harder):
        graded = None  # the grader could not finish it either, only slower
    else:
        graded, _ = _grade_of(harder, ceiling)
    if graded is None:
        dropped.add(key)
    return graded


def _climbed(draft: Draft, grading: Grading, rng: Rng, recipe: Recipe,
             difficulty: str) -> tuple[Draft, Grading] | None:
    """A draft easier than asked made one step harder by a targeted change (in one compiled
    call where the core runs it, climbstep.py; else climb_choice_in_python()), graded in
    full with its crux (from the compiled step's grading of it where it hands that back);
    None if no change is kept."""
    level, near = GRADES.index(grading.grade), _crux_cells(draft, grading)
    found = climb_step_in_c(draft, near, rng, recipe, difficulty, level)
    if found is NOT_IN_C:
        chosen = climb_choice_in_python(draft, near, rng, recipe, difficulty, level)
        return None if chosen is None else _with_crux(chosen[1], difficulty)
    if found is None:
        return None
    _, (removed, added), answer, cells = found  # the grader's answer on the change, or None
    kept = draft.changed(list(removed), list(added), ascending=True)
    if answer is None:  # its grading was kept from before
        return _with_crux(kept, difficulty)
    return kept, _answered(kept, answer, cells, difficulty)


def _answered(draft: Draft, answer: tuple, cells: tuple[int, ...] | None,
              difficulty: str) -> Grading:
    """_graded()'s grading of the draft a compiled climb kept, from the grader's answer on
    its tables (no second grading: crux.py) and its crux's cells where the climb named
    them (a cage or area technique's), else found here."""
    if cells is not None:
        return crux_graded_of_named(answer, cells)
    plan, tables = one_call_plan(difficulty), draft.grading_tables()
    assert plan is not None and tables is not None  # the compiled step graded it so
    grading, _ = crux_graded_of_answer(draft.shape, answer, *tables, plan,
                                       _cage_cells(draft))
    assert grading is not None  # graded within the grade already
    return grading


def climb_choice_in_python(draft: Draft, near: frozenset[int] | None, rng: Rng,
                           recipe: Recipe, difficulty: str,
                           level: int) -> tuple[bool, Draft] | None:
    """The change a climb keeps: of every way to make it (reshapings()) near the crux, in a
    seeded order, the first the grader finishes (so unique) at the grade asked for or at
    least one grade harder than `level` (True, it); else, of those it finishes at the
    same grade, the one whose steps past easy weigh most (quiet.work_of(); the first of
    them on a tie) (False, it); None if it finishes none within the grade. (The drafts
    tried are asked their grade and work alone, quiet.grade_and_work().) The reference
    of csrc/calcclimb.c."""
    same, most = None, -1.0
    for harder in rng.shuffled(reshapings(draft, rng, recipe, near)):
        graded = harder.made.grade(harder, difficulty)
        if graded is None:
            continue  # harder than asked, or not unique
        grade, work = graded
        if GRADES.index(grade) > level:
            return True, harder
        if GRADES.index(grade) == level and work > most:
            same, most = harder, work
    return None if same is None else (False, same)


def _with_crux(draft: Draft, difficulty: str) -> tuple[Draft, Grading]:
    """The draft kept by a climb and its grading with its crux, for the next climb."""
    grading, _ = _graded(draft, difficulty)
    assert grading is not None  # graded within the grade already
    return draft, grading


def near_crux(draft: Draft, grading: Grading, drafts: list[Draft]) -> list[Draft]:
    """The drafts that change a cage on or beside the cells of the grading's crux (the
    last step of its hardest technique): where a change most often makes that step
    harder (6x6 expert: a third fewer gradings than changes anywhere); all of them if
    the grading has no such step (its hardest technique is applied in bulk)."""
    near = _crux_cells(draft, grading)
    if near is None:
        return drafts
    kept = set(draft.groups)
    return [other for other in drafts
            if any(not near.isdisjoint(cells) for cells, _ in _added(other, kept))]


def _crux_cells(draft: Draft, grading: Grading) -> frozenset[int] | None:
    """The cells on or beside the grading's crux (near_crux()), None if it has none."""
    crux = [step for step in grading.steps if step.technique == grading.hardest]
    if not crux:
        return None
    step = crux[-1]
    cells = {*step.cells, *(c for c, _ in step.eliminations), *(c for c, _ in step.placements)}
    return frozenset(cells.union(neighbours(draft.shape.size, sorted(cells))))


def _added(draft: Draft, kept: set) -> list:
    """The groups of the draft not among `kept` (its parent's): those its change added
    (each is new: a cage's cells with another operation, or other cells)."""
    return draft.added if draft.added is not None else list(set(draft.groups) - kept)


def _ambiguous(draft: Draft) -> bool:
    """Whether the solver finds a second solution (within its budget; undecided is not)."""
    try:
        return _other_solution(draft) is not None
    except ValueError:
        return False


def _other_solution(draft: Draft, root: list[int] | None = None):
    """other_solution() of the draft's cages from `root` or a blank board (ValueError past
    SOLVER_MAX_NODES); from its grading tables alone where the compiled search runs (the
    cage set not made: most drafts a repair or a hardening makes are dropped)."""
    tables = draft.grading_tables()
    found = NOT_SEARCHED if tables is None else other_solution_of_tables(
        draft.shape, tables[0], draft.solution, SOLVER_MAX_NODES, root)
    if found is NOT_SEARCHED:
        return other_solution(draft.cages, draft.solution, SOLVER_MAX_NODES, root)
    return found


def _proven_from_stall(draft: Draft, recipe: Recipe) -> bool:
    """Whether the draft is proven unique from where the grader stalls within expert: its
    grading finishes (the grader neither guesses nor assumes uniqueness), or a search
    from the candidates it left (every solution among them, far fewer than a blank
    board's) finds no second solution. Only in an expert attempt from
    PROOF_FROM_STALL_MIN_SIZE, and where no swap of values is a second solution; False
    leaves the proof to the search from a blank board, whose second solution is the one
    a repair reads."""
    if not recipe.targeted or draft.shape.size < PROOF_FROM_STALL_MIN_SIZE:
        return False
    tables = draft.grading_tables()
    if tables is None or second_by_swap(draft.shape.size, tables[0], draft.solution):
        return False
    root = _stalled_root(draft, tables)
    try:
        return root is None or _other_solution(draft, root) is None
    except ValueError:
        return False  # the search from a blank board decides, as it did before


def _stalled_root(draft: Draft, tables: tuple[bytes, bytes]) -> list[int] | None:
    """Per value, the cells that may hold it where the grader stalls within expert on the
    draft (a placed cell: its value alone), or None where it finishes; by one compiled
    call on its tables where that runs, else in Python on its cage set (the same state)."""
    plan = one_call_plan(PROOF_CEILING)
    if plan is not None:
        found = stall_of_tables(draft.shape, draft.made.board, *tables, plan)
    else:
        state = CalcCandidates.of(_blank(draft.shape), draft.cages)
        grading = graded_quietly(state, PROOF_CEILING, CALCUDOKU_LADDER, crux=False)
        finished = grading is not None and not grading.guessing
        found = None if finished else (state.values, state.digit_cells)
    return None if found is None else _root_of(*found)


def _root_of(values, digit_cells) -> list[int]:
    """Per value, the open cells that may hold it and the cells it is placed in."""
    placed = mask_of(cell for cell, value in enumerate(values) if value)
    root = [cells & ~placed for cells in digit_cells]
    for cell, value in enumerate(values):
        if value:
            root[value - 1] |= 1 << cell
    return root


def _graded(draft: Draft, ceiling: str, crux: bool = True) -> tuple[Grading | None, int]:
    """The grading within the ceiling (its steps unworded, but the crux if `crux`:
    quiet.py), or None and the cells open where it stalled. With the crux, where
    _grade_of() is one compiled call, by one on the draft's grading_tables(), the crux
    step holding its cells alone (crux.py: all _crux_cells() reads; building the cage
    set and wording the step were a fifth of a 6x6 expert's CPU)."""
    plan = one_call_plan(ceiling) if crux else None
    tables = None if plan is None else draft.grading_tables()
    if plan is not None and tables is not None:
        return crux_graded_of_tables(draft.shape, draft.made.board, *tables, plan,
                                     _cage_cells(draft))
    state = CalcCandidates.of(_blank(draft.shape), draft.cages)
    grading = graded_quietly(state, ceiling, CALCUDOKU_LADDER, crux)
    if grading is None or grading.guessing:
        return None, state.open_cells
    return grading, 0


def _cage_cells(draft: Draft) -> list[tuple[int, ...]]:
    """Each group's cells in the order of its cage set's cages (by first cell)."""
    return sorted(cells for cells, _ in draft.groups)


def _grade_of(draft: Draft, ceiling: str) -> tuple[str | None, int]:
    """_graded()'s grade alone, or None and the cells open where it stalled; where the
    compiled loop takes every technique up to the ceiling, by one call on the draft's
    grading_tables(), its cage set and candidates not built (6x6 medium: building them
    for each draft graded was most of its CPU)."""
    plan = one_call_plan(ceiling)
    tables = None if plan is None else draft.grading_tables()
    if plan is None or tables is None:
        grading, stalled = _graded(draft, ceiling, crux=False)
        return (None, stalled) if grading is None else (grading.grade, 0)
    return grade_or_stall_of_tables(draft.shape, draft.made.board, *tables, plan)


def _graded_in_full(draft: Draft, ceiling: str) -> Grading:
    """_graded()'s grading (its steps unworded, no crux) of a draft the grader finishes
    within the ceiling; by one call on its grading_tables() where _grade_of() is one."""
    plan = one_call_plan(ceiling)
    tables = None if plan is None else draft.grading_tables()
    grading = _graded(draft, ceiling, crux=False)[0] if plan is None or tables is None \
        else grading_of_tables(draft.shape, draft.made.board, *tables, plan)
    assert grading is not None  # graded within the ceiling already
    return grading


def softened(draft: Draft, stalled: int, rng: Rng, recipe: Recipe) -> Draft:
    """The draft with a cell the grader left open split off its cage as a one-cell cage
    (the rest of the cage keeps its operation, or draws one if it is a single or falls
    apart): what it says is what the old cage said and more, so it stays unique."""
    cells = [c for c in range(draft.shape.cell_count) if stalled >> c & 1]
    cell = cells[rng.below(len(cells))]
    return draft.split(cell, rng, recipe)


def first_draft(cages_type: type[CalcCages], shape: Shape, rng: Rng, recipe: Recipe) -> Draft:
    """A random Latin square, cages over it and their operations."""
    solution = random_solution(shape, rng)
    groups = cage_layout(shape, rng, recipe.sizes)
    operations = operations_in_c(cages_type, shape.size, solution, groups, rng, recipe)
    if operations is NOT_IN_C:
        operations = first_operations_in_python(cages_type, solution, groups, rng, recipe)
    return Draft(cages_type, shape, solution, list(zip(groups, operations)))


def first_operations_in_python(cages_type: type[CalcCages], solution, groups, rng: Rng,
                               recipe: Recipe) -> list[str]:
    """choose_operation() of each group (its cells) in turn: the reference of csrc/
    calcdraft.c."""
    return [choose_operation(cages_type, [solution[c] for c in cells], rng, recipe)
            for cells in groups]


def made_unique(draft: Draft, rng: Rng, recipe: Recipe) -> Draft | None:
    """The draft changed until it has one solution: while the solver finds a second, a
    cage where the two differ gets an operation the second solution breaks, or else its
    differing cell becomes a cage of its own. None if that takes too many repairs."""
    for _ in range(draft.shape.cell_count):
        try:
            other = None if _proven_from_stall(draft, recipe) else _other_solution(draft)
        except ValueError:
            return None
        if other is None:
            return draft
        draft = repaired(draft, other, rng, recipe)
    return None


def repaired(draft: Draft, other, rng: Rng, recipe: Recipe) -> Draft:
    """The draft with one cage changed so that `other` no longer solves it."""
    differing = [c for c in range(draft.shape.cell_count) if other[c] != draft.solution[c]]
    cell = differing[rng.below(len(differing))]
    index = _group_of(draft, cell)
    cells = draft.groups[index][0]
    for operation in rng.shuffled(list(draft.cages_type.operations_over(draft.values(cells)))):
        if tuple(other[c] for c in cells) not in _fillings(draft, cells, operation):
            return draft.changed([index], [(cells, operation)])
    return draft.split(cell, rng, recipe)


def hardened(draft: Draft, rng: Rng, recipe: Recipe) -> Draft | None:
    """The draft one step harder, at random: a cage shows a weaker operation (÷ or × gives
    way to − or +, as the values allow), or two neighbouring cages (a one-cell cage
    among them, if any) merge into one compact cage; None if nothing can change."""
    weaker, mergeable = draft.weakenable, draft.mergeable
    if not weaker and not mergeable:
        return None
    if weaker and (not mergeable or rng.below(2)):
        index = weaker[rng.below(len(weaker))]
        cells, operation = draft.groups[index]
        options = _weaker(draft, cells, operation)
        return draft.changed([index], [(cells, options[rng.below(len(options))])])
    merges = draft.merges
    return _merged(draft, merges[rng.below(len(merges))], rng, recipe)


def hardenings(draft: Draft, rng: Rng, recipe: Recipe,
               near: frozenset[int] | None = None) -> list[Draft]:
    """Every draft hardened() may make, in order: each weaker operation of each cage,
    then each merge (its operation drawn as hardened() draws it); with `near`, only
    those changing a cage on a cell of it (reshapings())."""
    weaker = [draft.changed([index], [(cells, option)])
              for index, (cells, operation) in enumerate(draft.groups)
              if near is None or not near.isdisjoint(cells)
              for option in _weaker(draft, cells, operation)]
    merged = []
    for i, j in draft.merges:
        cells = draft.groups[i][0] + draft.groups[j][0]
        if near is None or not near.isdisjoint(cells):
            merged.append(_merged(draft, (i, j), rng, recipe))
        else:
            _drawn(draft, (cells,), rng, recipe)
    return weaker + merged


def reshapings(draft: Draft, rng: Rng, recipe: Recipe,
               near: frozenset[int] | None = None) -> list[Draft]:
    """Every draft a targeted climb tries: hardenings(), then each other operation a cage
    may show, then each cell moved to a neighbouring cage (both stay compact, the one it
    leaves connected; their operations drawn as hardened() draws them). With `near`
    (the cells near the crux), only the changes near_crux() keeps of them are made into
    drafts, the operations of the others drawn all the same (the rng left where it
    would be): a climb grades only those (6x6 expert: three in five, 9x9: one in three);
    making the rest as drafts was 2-3 % of a 6x6 expert's CPU."""
    others = [draft.changed([index], [(cells, option)])
              for index, (cells, operation) in enumerate(draft.groups)
              if near is None or not near.isdisjoint(cells)
              for option in draft.cages_type.operations_over(draft.values(cells))
              if option != operation and option not in _weaker(draft, cells, operation)]
    return hardenings(draft, rng, recipe, near) + others + _moves(draft, rng, recipe, near)


def _moves(draft: Draft, rng: Rng, recipe: Recipe,
           near: frozenset[int] | None = None) -> list[Draft]:
    """The drafts with one cell moved from its cage (of two cells or more, left
    connected) to a neighbouring cage that stays compact (with `near`: reshapings())."""
    n, owner, groups = draft.shape.size, _owners(draft), draft.groups
    beside = around(n)
    moved = []
    for cell in range(n * n):
        mine = owner[cell]
        cells = groups[mine][0]
        if len(cells) == 1:
            continue
        rest = tuple(c for c in cells if c != cell)
        if not _in_one_piece(n, rest):
            continue
        others = {owner[c] for c in beside[cell]}
        others.discard(mine)
        for other in sorted(others):
            joined = tuple(sorted(groups[other][0] + (cell,)))
            if len(joined) <= MAX_CAGE and _compact(n, joined):
                if near is None or not (near.isdisjoint(rest) and near.isdisjoint(joined)):
                    moved.append(_moved(draft, (mine, other), (rest, joined), rng, recipe))
                else:
                    _drawn(draft, (rest, joined), rng, recipe)
    return moved


def _moved(draft: Draft, pair: tuple[int, int], parts, rng: Rng, recipe: Recipe) -> Draft:
    """The draft with the groups at `pair` made the cells `parts` (ascending), their
    operations drawn in that order."""
    solution, cages_type = draft.solution, draft.cages_type
    return draft.changed(list(pair), [
        (part, choose_operation(cages_type, [solution[c] for c in part], rng, recipe))
        for part in parts], ascending=True)


def _drawn(draft: Draft, parts, rng: Rng, recipe: Recipe) -> None:
    """The operations _moved() would draw for the parts, drawn and dropped (the rng moved
    on as if the draft were made)."""
    for part in parts:
        choose_operation(draft.cages_type, draft.values(part), rng, recipe)


def _merged(draft: Draft, pair: tuple[int, int], rng: Rng, recipe: Recipe) -> Draft:
    """The draft with the pair of groups one cage, its operation drawn."""
    i, j = pair
    cells = draft.groups[i][0] + draft.groups[j][0]
    return draft.changed([i, j], [(cells, choose_operation(draft.cages_type, draft.values(cells),
                                                           rng, recipe))])


def _weaker(draft: Draft, cells, operation: str) -> list[str]:
    """The operations a cage may show instead of `operation` that say less of it (none
    for a one-cell cage)."""
    return draft.made.weaker((cells, operation))


def _merges(draft: Draft) -> list[tuple[int, int]]:
    """The pairs of neighbouring groups that make a compact cage together; only those
    with a one-cell group where there are any."""
    n, owner, groups = draft.shape.size, _owners(draft), draft.groups
    count = len(groups)
    # a pair (i, j), i < j, as i * count + j: sorted as the pairs would be
    keys = sorted({i * count + j if i < j else j * count + i for i, j in
                   ((owner[c], owner[d]) for c, d in _beside(n)) if i != j})
    sizes = [len(cells) for cells, _ in groups]
    pairs, singles = [], []
    for i, j in (divmod(key, count) for key in keys):
        joined = sizes[i] + sizes[j]  # compact() asks only a cage of MAX_CAGE cells more
        if joined < MAX_CAGE or joined == MAX_CAGE and _compact(n, groups[i][0] + groups[j][0]):
            pairs.append((i, j))
            if sizes[i] == 1 or sizes[j] == 1:
                singles.append((i, j))
    return singles or pairs


def _mergeable(draft: Draft) -> bool:
    """Whether the draft has any merge (_merges()): all hardened() asks of a draft before
    it draws a merge, and most drafts' first two cages side by side answer it (listing
    every merge of each draft hardened was a tenth of a 6x6 medium's CPU)."""
    n, owner, groups = draft.shape.size, _owners(draft), draft.groups
    for c, d in _beside(n):
        i, j = owner[c], owner[d]
        if i != j:
            joined = len(groups[i][0]) + len(groups[j][0])
            if joined < MAX_CAGE or joined == MAX_CAGE and _compact(n, groups[i][0] + groups[j][0]):
                return True
    return False


@lru_cache(maxsize=1 << 15)
def _compact(n: int, cells: tuple[int, ...]) -> bool:
    """compact(), kept: every draft hardened or climbed asks it of the pairs of its cages
    and of its cells' moves, most of them its parent's."""
    return compact(n, cells)


@lru_cache(maxsize=1 << 15)
def _in_one_piece(n: int, cells: tuple[int, ...]) -> bool:
    """Whether the cells are connected (kept: asked of every cell of every draft moved)."""
    return len(connected_parts(n, cells)) == 1


@lru_cache(maxsize=16)
def _beside(n: int) -> tuple[tuple[int, int], ...]:
    """Every two cells side by side on an n x n board (asked for every draft hardened)."""
    return tuple((c, d) for c in range(n * n) for d in around(n)[c] if c < d)


def _owners(draft: Draft) -> list[int]:
    """Each cell's group (its index in draft.groups), by cell."""
    owner = [0] * draft.shape.cell_count
    for index, (cells, _) in enumerate(draft.groups):
        for cell in cells:
            owner[cell] = index
    return owner


def _group_of(draft: Draft, cell: int) -> int:
    return next(i for i, (cells, _) in enumerate(draft.groups) if cell in cells)


def _fillings(draft: Draft, cells, operation: str):
    """The fillings of a cage over the cells making what the solution makes there."""
    target = target_of(operation, draft.values(cells))
    shown = draft.cages_type.shown(operation)
    return cage_fillings(draft.shape, MathCage(tuple(cells), target, shown))


def choose_operation(cages_type: type[CalcCages], values: list[int], rng: Rng,
                     recipe: Recipe) -> str:
    """The operation a cage over these values is made with (before a hidden type hides
    it): the only one it may have, or one drawn by the recipe's odds."""
    allowed = cages_type.operations_over(values)
    if len(allowed) == 1:
        return allowed[0]
    if len(values) == 2:
        if DIVIDE in allowed and rng.below(100) < recipe.divide:
            return DIVIDE
        if rng.below(100) < recipe.subtract:
            return SUBTRACT
    return MULTIPLY if rng.below(100) < recipe.multiply else ADD
