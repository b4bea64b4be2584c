"""Kakuro: runs of white squares whose digits add up to the clues in the black squares."""
