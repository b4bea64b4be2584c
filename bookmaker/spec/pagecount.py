"""How many pages a book takes, from its counts alone: the rule compose numbers pages by.

Front matter first (title page, how-to-play page), then each section's puzzles from a new
page, then, with `answers: back`, an "Answers" page and each section's answers from a new
page. A separate answer book counts its own pages, its title page first when the book
has one. Known when the spec is loaded, so a book too thick for
its layout's gutter table is refused before any puzzle is made.
"""

from __future__ import annotations

from typing import Protocol, Sequence


class Counted(Protocol):
    """What page counting needs of a section."""

    count: int
    puzzles_per_page: int
    answers_per_page: int


def pages_for(count: int, per_page: int) -> int:
    """How many pages `count` grids take at `per_page` a page."""
    return -(-count // per_page)


def front_page_count(title_page: bool, how_to_play: bool) -> int:
    """The pages before the first puzzle."""
    return int(title_page) + int(how_to_play)


def answer_front_page_count(answers: str, title_page: bool) -> int:
    """The pages before the first answer: the "Answers" page that opens the answers at
    the back of a book, or the separate answer book's own title page."""
    return {"back": 1, "separate": int(title_page)}.get(answers, 0)


def page_totals(front_pages: int, sections: Sequence[Counted], answers: str,
                answer_front_pages: int = 0) -> tuple[int, int]:
    """(the book's page count, the separate answer book's page count, 0 if none)."""
    puzzle_pages = sum(pages_for(s.count, s.puzzles_per_page) for s in sections)
    answer_pages = answer_front_pages + sum(pages_for(s.count, s.answers_per_page)
                                            for s in sections)
    book = front_pages + puzzle_pages
    if answers == "back":
        return book + answer_pages, 0
    if answers == "separate":
        return book, answer_pages
    return book, 0
