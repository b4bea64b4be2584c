"""Slitherlink (Loopy): clues 0-3 in cells, one loop along the grid's lines passing each
clue's cell on that many of its sides."""
