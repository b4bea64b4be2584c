"""The how-to-play rule of Sudoku in one sentence, naming the symbols of every size a book
holds (book/howtoplay.py sets the pages around it)."""

from __future__ import annotations

from ..core.board.grid import SYMBOLS
from .captions import printed_size
from .catalogue import Catalogue


def rules_sentence(sizes: list[int], words: Catalogue) -> str:
    """The rule in one sentence, naming the symbols of every size the book holds."""
    if len(sizes) == 1:
        return words.text("rules_one_size", symbols=symbols_text(sizes[0], words))
    ranges = [words.text("rules_size_range", symbols=symbols_text(size, words),
                         size=printed_size(size)) for size in sizes]
    return words.text("rules_many_sizes", ranges=words.text(
        "list", items=", ".join(ranges[:-1]), last=ranges[-1]))


def symbols_text(size: int, words: Catalogue) -> str:
    if size <= 9:
        return words.text("symbols_digits", last=size)
    return words.text("symbols_letters", last=SYMBOLS[size - 1])
