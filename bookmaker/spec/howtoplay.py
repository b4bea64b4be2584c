"""The how-to-play page's text, and whether it fits its page: one rule for the spec's
check at load and for the page the book prints (book/compose.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.kinds.kind import Kind
from .catalogue import Catalogue
from .glyphs import numbers, symbols_text

# How render/pdf.py sets the page: the title a line of title size * 1.2, the body
# SPACE_BEFORE under it, each body line body size * 1.4, half a body size after each
# paragraph.
TITLE_LEADING = 1.2
SPACE_BEFORE = 18.0
BODY_LEADING = 1.4
PARAGRAPH_SPACE = 0.5


def rules_paragraphs(boards: Sequence[tuple[int, Kind, tuple[str, ...]]], answers: str,
                     words: Catalogue) -> list[str]:
    """The how-to-play text for sections of these (size, kind, glyphs: () for numbers):
    the rule for the book's sizes and symbols (of its kinds that follow Sudoku's rule), the
    rule of each other kind (in order of first appearance), the promise of one solution,
    advice (without boxes where no kind has them), and where the solutions are."""
    rules = dict.fromkeys(kind.rules_key for _, kind, _ in boards if kind.rules_key)
    sudoku_boards = sorted({(size, glyphs or numbers(size))
                            for size, kind, glyphs in boards if kind.sudoku_rule})
    paragraphs = [*([rules_sentence(sudoku_boards, words)] if sudoku_boards else []),
                  *(words.text(key) for key in rules),
                  words.text("unique"),
                  words.text("advice" if sudoku_boards else "advice_no_boxes")]
    where = {"back": "solutions_at_back", "separate": "solutions_in_answer_book"}
    if answers in where:
        paragraphs.append(words.text(where[answers]))
    return paragraphs


def rules_sentence(sizes: list[tuple[int, tuple[str, ...]]], words: Catalogue) -> str:
    """The rule in one sentence, naming the symbols of every size (and symbol set) the
    book holds."""
    if len(sizes) == 1:
        return words.text("rules_one_size", symbols=symbols_text(sizes[0][1], words))
    ranges = [words.text("rules_size_range", symbols=symbols_text(glyphs, words),
                         size=f"{size}x{size}") for size, glyphs in sizes]
    return words.text("rules_many_sizes", ranges=words.text(
        "list", items=", ".join(ranges[:-1]), last=ranges[-1]))


def text_height(paragraphs: Sequence[str], measure: Callable[[str], float], width: float,
                title_size: float, body_size: float) -> float:
    """How tall the page's title and paragraphs are set `width` wide (`measure`: a body
    text's width in points), as render/pdf.py wraps and spaces them."""
    lines = sum(len(wrapped(paragraph, measure, width)) for paragraph in paragraphs)
    return (title_size * TITLE_LEADING + SPACE_BEFORE + lines * body_size * BODY_LEADING
            + len(paragraphs) * body_size * PARAGRAPH_SPACE)


def wrapped(text: str, measure: Callable[[str], float], width: float) -> list[str]:
    """Words filled into lines no wider than `width` (a long word stands alone), as
    render/pdf.py wraps body text."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and measure(candidate) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return lines + [line] if line else lines or [""]
