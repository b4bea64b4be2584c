"""Where a daily's heading breaks into lines: at its strongest joints first (between its
parts, then between the ' · ' pieces of a part, then after a piece's first word, a date's
weekday), into lines as even as those breaks allow."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..design.captions import SEPARATOR
from ..render.metrics import text_width

# What breaking the heading at each joint costs: a break between parts costs a line, one
# inside a part more, one after a weekday more again ('Saturday' / '12 December 2026 ·
# Expert'), and one between any two other words ('Saturday 12' / 'December 2026') most:
# a heading takes a line more rather than one weaker break.
PART, PIECE, HEAD, WORD = 1.0, 3.0, 30.0, 300.0

Word = tuple[str, str, float]  # a word, the joint before it (' · ', ' '), a break's cost


def heading_words(parts: list[str]) -> list[Word]:
    """The heading's words, each with the text that joins it to the word before and what
    breaking the line there costs."""
    words: list[Word] = []
    for part in parts:
        for piece_index, piece in enumerate(part.split(SEPARATOR)):
            for word_index, word in enumerate(piece.split()):
                if word_index:
                    words.append((word, " ", HEAD if word_index == 1 else WORD))
                else:
                    words.append((word, SEPARATOR, PIECE if piece_index else PART))
    return words


def packed_lines(parts: list[str], font: Path, size: float, width: float) -> list[str]:
    """The parts joined by ' · ' into lines no wider than `width` (a word wider than it
    stands alone): the breaks that cost least (heading_words), and of those the lines
    whose widest is narrowest."""
    words = heading_words(parts)
    return _cheapest_lines(words, lambda text: text_width(text, font, size), width)


def _cheapest_lines(words: list[Word], measure: Callable[[str], float],
                    width: float) -> list[str]:
    """Lines of the words by the cheapest breaks: best[i] is the cost, the widest line and
    the lines of the words before i."""
    best: list[tuple[float, float, list[str]]] = [(0.0, 0.0, [])]
    for end in range(1, len(words) + 1):
        options = []
        for start in range(end - 1, -1, -1):
            text = words[start][0] + "".join(join + word for word, join, _ in
                                             words[start + 1:end])
            wide = measure(text)
            if wide > width and start < end - 1:
                break  # longer lines are wider still
            cost, widest, lines = best[start]
            cost += words[start][2] if start else 0.0
            options.append((cost, max(widest, wide), lines + [text]))
        best.append(min(options, key=lambda option: (option[0], option[1])))
    return best[-1][2]
