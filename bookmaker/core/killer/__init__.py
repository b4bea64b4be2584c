"""Killer Sudoku: cages and their sums, the cage-aware solver, the independent Killer check,
generation, cage techniques and grading."""
