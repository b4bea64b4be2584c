"""Explained solutions (issue 22): each puzzle solved again by its kind's grader, step by
step, for its hint (the first step), its solving path, its estimated time, and the
glossary of the techniques the book's solutions use. The grader is the one that graded
the puzzle, so a hint is exactly the first step the grade rests on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.board.shape import Shape
from ..core.grade.candidates import Step
from ..core.grade.grades import GRADES
from ..core.puzzle import Puzzle
from ..pages.flow import Figure, Piece
from ..pages.page import TextBlock
from ..spec.catalogue import Catalogue
from ..spec.explain import (
    ValueText,
    path_text,
    step_text,
    technique_name,
    technique_note,
    value_text,
)
from ..spec.solvetime import solving_minutes
from .plan import PlannedPuzzle

TECHNIQUE_SPACE = 4.0  # points above each glossary entry


@dataclass(frozen=True)
class Solved:
    """A puzzle as its grader solves it: its number, grade, board, steps and time."""

    number: int
    grade: str
    shape: Shape
    steps: tuple[Step, ...]
    minutes: int
    glyphs: tuple[str, ...] = ()  # what its values print as (its section's symbols)

    @property
    def value(self) -> ValueText:
        """A value as the puzzle prints it."""
        return value_text(self.glyphs)

    @property
    def hint(self) -> Step | None:
        """The first step: what a stuck reader is told."""
        return self.steps[0] if self.steps else None


def solve_each(planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle],
               glyphs: Sequence[tuple[str, ...]] = ()) -> list[Solved]:
    """Every puzzle of the book solved by its kind's grader, in book order (`glyphs`: each
    section's symbols, () for numbers)."""
    solved = []
    for place, puzzle in zip(planned, puzzles):
        grading = puzzle.kind.grade(puzzle.givens, puzzle.extras)
        open_cells = sum(1 for value in puzzle.givens.cells if not value)
        solved.append(Solved(place.number, puzzle.grade, puzzle.shape, grading.steps,
                             solving_minutes(grading.steps, puzzle.shape.size, open_cells),
                             glyphs[place.section_index] if glyphs else ()))
    return solved


def hint_pieces(solved: Sequence[Solved], words: Catalogue) -> list[Piece]:
    """The hints pages: their heading, what a hint says, then one line a puzzle."""
    lines = tuple(words.text("hint_line", number=s.number,
                             hint=step_text(s.hint, s.shape, words, s.value))
                  for s in solved if s.hint is not None)
    return [TextBlock((words.text("hints"),), "title"),
            TextBlock((words.text("hints_intro"),), "body", space_before=12.0),
            TextBlock(lines, "body", space_before=6.0)]


def path_pieces(solved: Sequence[Solved], words: Catalogue) -> list[Piece]:
    """The solving paths: their heading and introduction, then each puzzle's heading and
    its steps as one paragraph."""
    pieces: list[Piece] = [TextBlock((words.text("solving_paths"),), "title"),
                           TextBlock((words.text("paths_intro"),), "body", space_before=12.0)]
    for s in solved:
        pieces.append(TextBlock((words.text("path_heading", number=s.number,
                                            grade=words.grade(s.grade), minutes=s.minutes),),
                                "entry", space_before=8.0))
        path = "; ".join(path_text(s.steps, s.shape, words, s.value))
        pieces.append(TextBlock((path + ".",), "body"))
    return pieces


def techniques_used(solved: Sequence[Solved]) -> list[str]:
    """The techniques the solutions use, easiest first: by grade, then weight, as the
    graders rank them (a technique no ladder here knows comes last, in the order met)."""
    used = dict.fromkeys(step.technique for s in solved for step in s.steps)
    rank = technique_ranks()
    return sorted(used, key=lambda name: rank.get(name, (len(GRADES), 0.0)))


def technique_ranks() -> dict[str, tuple[int, float]]:
    """(grade index, weight) of every technique of the Sudoku and Killer ladders."""
    from ..core.grade.grader import TECHNIQUES
    from ..core.killer.grade import KILLER_TECHNIQUES
    return {tech.name: (GRADES.index(tech.grade), tech.weight)
            for tech in (*TECHNIQUES, *KILLER_TECHNIQUES)}


def glossary_pieces(techniques: Sequence[str], words: Catalogue) -> list[Piece]:
    """The glossary: each technique's name and what it is."""
    pieces: list[Piece] = [TextBlock((words.text("glossary"),), "title"),
                           TextBlock((words.text("glossary_intro"),), "body",
                                     space_before=12.0)]
    for technique in techniques:
        pieces.append(TextBlock((technique_name(technique, words),), "entry",
                                space_before=TECHNIQUE_SPACE))
        pieces += technique_example(technique)
        note = technique_note(technique, words)
        if note:
            pieces.append(TextBlock((note,), "body"))
    return pieces


def technique_example(technique: str) -> list[Figure]:
    """The drawn example of a technique under its name in the glossary. The hook for the
    drawing part of issue 22 (after the one drawing interface lands): a Figure of a small
    board with the technique's cells marked; none yet."""
    return []
