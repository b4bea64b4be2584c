"""What a board's values print as: a section's or daily weekday's `symbols:`. One rule for
the spec's check at load, the pages, and the rules text that names the symbols.

- numbers (the default): 1 to n, two-digit cells from 10 up; a 12x12 Killer's cage totals
  are sums of the numbers it prints.
- letters: A to Z without I and O (a bold I reads as 1 or a line stub, an O as 0), up to
  24 symbols: a 16x16 in letters; Wordoku on a 9x9 (A to J without I).
- mixed: 1 to 9 then letters, the puzzle text format's own symbols (1-9 A-P).
- word: the book's language's nine-letter word without a repeated letter (its message
  catalogue's `wordoku_word`), for a 9x9 Wordoku.
- any other text: its own n distinct characters, value 1 the first ('CAMBRIDGE').

Only kinds whose rules treat values as mere symbols (Presentation.any_glyphs: the Sudoku kinds)
print anything but numbers: a cage total, a sign or a skyline counts with numbers. A kind
whose answer has glyphs of its own (Binairo's 0 and 1: core/kinds/answer.py) prints those
and takes no other.
The puzzle lines, the manifest and the registry keep the text format's symbols.
"""

from __future__ import annotations

from ..core.board.grid import SYMBOLS
from ..core.kinds.kind import Kind
from ..core.words import with_article

NUMBERS, LETTERS, MIXED, WORD = "numbers", "letters", "mixed", "word"
GLYPH_SETS = (NUMBERS, LETTERS, MIXED, WORD)
LETTER_GLYPHS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I, no O
WORD_KEY = "wordoku_word"  # the message catalogues' word for `symbols: word`


def numbers(size: int) -> tuple[str, ...]:
    """1 to size, as printed."""
    return tuple(str(value) for value in range(1, size + 1))


def cell_symbols(kind: Kind, glyphs: tuple[str, ...], size: int) -> tuple[str, ...]:
    """What a kind's answer prints in its cells, for how small they may be: its glyphs
    (() for numbers), numbers 1 to size where its answer is numbered, and none where
    it is drawn (a Slitherlink's loop: its clues are one digit, not 1 to its side)."""
    return glyphs or (numbers(size) if kind.answer.numbered else ())


def kind_glyphs(kind: Kind, choice: str, size: int, word: str = "") -> tuple[str, ...]:
    """What a kind's values print as: its answer's own glyphs (Binairo's 0 and 1,
    core/kinds/answer.py) where it has them, else the choice's (glyph_problem first)."""
    return kind.answer.glyphs or glyphs_of(choice, size, word)


def glyphs_of(choice: str, size: int, word: str = "") -> tuple[str, ...]:
    """The glyph each value 1..size prints as (`word`: the language's Wordoku word);
    ValueError says why the choice cannot print that size."""
    if choice == NUMBERS:
        return numbers(size)
    if choice == LETTERS:
        if size > len(LETTER_GLYPHS):
            raise ValueError(f"letters without I and O stop at {len(LETTER_GLYPHS)} "
                             f"symbols; {with_article(f'{size}x{size}')} prints numbers")
        return tuple(LETTER_GLYPHS[:size])
    if choice == MIXED:
        return tuple(SYMBOLS[:size])
    return _own_glyphs(word.upper() if choice == WORD else choice, size, choice == WORD)


def _own_glyphs(text: str, size: int, is_word: bool) -> tuple[str, ...]:
    what = f"the word {text!r}" if is_word else repr(text)
    if any(char.isspace() for char in text):
        raise ValueError(f"{what} has a space; expected one of {', '.join(GLYPH_SETS)}, "
                         f"or {size} characters of your own")
    if len(text) != size:
        raise ValueError(f"{what} has {len(text)} characters; "
                         f"{with_article(f'{size}x{size}')} needs {size} (or one of "
                         f"{', '.join(GLYPH_SETS)})")
    repeated = sorted({char for char in text if text.count(char) > 1})
    if repeated:
        raise ValueError(f"{what} repeats {', '.join(map(repr, repeated))}: every symbol "
                         "must differ")
    return tuple(text)


def glyph_problem(choice: str, size: int, kind: Kind, word: str = "") -> str | None:
    """Why the choice cannot print this kind at this size, or None."""
    if kind.answer.glyphs:
        return None if choice == NUMBERS else (
            f"{kind.title} puzzles print their own symbols, "
            f"{', '.join(kind.answer.glyphs[:-1])} and {kind.answer.glyphs[-1]}: leave "
            "symbols out")
    if choice != NUMBERS and not kind.presentation.any_glyphs:
        return (f"{kind.title} puzzles count with their numbers (sums, order, heights): "
                "they print numbers")
    try:
        glyphs_of(choice, size, word)
    except ValueError as error:
        return str(error)
    return None


def symbols_text(glyphs: tuple[str, ...], words) -> str:
    """The symbols as the rules name them: '1 to 12', '1 to 9 plus A to G', or the glyphs
    listed ('A, B, C and D')."""
    size = len(glyphs)
    if glyphs == numbers(size):
        return words.text("symbols_digits", last=size)
    if glyphs == tuple(SYMBOLS[:size]) and size > 9:
        return words.text("symbols_letters", last=SYMBOLS[size - 1])
    return words.text("list", items=", ".join(glyphs[:-1]), last=glyphs[-1])
