"""Boards as data: shapes (cells, units, peers), grids and their text, jigsaw layouts,
the moves that keep a board a board, and canonical forms."""
