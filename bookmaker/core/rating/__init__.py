"""Sudoku Explainer-compatible ratings (ER/EP/ED) for any board: rater.py rates; scales.py
and ranges.py name scales and ranges without loading the techniques, so that a spec's
`rating:` or a manifest line costs no start-up (import from the modules themselves)."""
