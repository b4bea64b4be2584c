"""Making puzzles: seeded fill, clue removal proven safe, digging by logic, generation
to a grade, clues balanced between grids."""
