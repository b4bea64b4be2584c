"""Every page of a book, planned from counts alone: the one plan that loading checks and
compose draws.

A plan lists each page's kind in order: front matter (title, copyright, contents,
how-to-play), each section (its opener, then its puzzle pages), the
answers (at the back: an "Answers" divider on a right-hand page, then each section's
answer pages), and the pages a print-on-demand service asks for (Notes or blank pages up
to its minimum and to an even count). Blank pages keep sections or the divider on
right-hand pages. It is known when the spec is loaded, so a book too thick or breaking a
rule is refused before any puzzle is made, and compose numbers every page by it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .fit import Area, Sides, arrangement_for, board_extent

# Page kinds, in the words compose and the outline use.
TITLE, COPYRIGHT, CONTENTS, HOW_TO_PLAY = ("title", "copyright", "contents", "how-to-play")
OPENER, PUZZLES, BLANK, DIVIDER, ANSWERS, NOTES = ("opener", "puzzles", "blank", "divider",
                                                   "answers", "notes")
HINTS, PATHS, GLOSSARY = ("hints", "solving-paths", "glossary")  # explained solutions
TEXT_PARTS = (HOW_TO_PLAY, HINTS, PATHS, GLOSSARY)  # pages of text flowing on (pages/flow)


class Counted(Protocol):
    """What page counting needs of a section (read-only: sections are frozen)."""

    @property
    def count(self) -> int: ...

    @property
    def puzzles_per_page(self) -> int: ...

    @property
    def answers_per_page(self) -> int: ...


@dataclass(frozen=True)
class PlannedPage:
    """One page of the plan: its kind, its section (index) if any, and its place among
    that section's pages of the kind (0 for the first)."""

    kind: str
    section: int | None = None
    part: int = 0


@dataclass(frozen=True)
class PageRules:
    """What a print-on-demand service asks of a file (the defaults ask nothing)."""

    min_pages: int = 0
    even_pages: bool = False
    padding: str = NOTES  # the kind of page added: notes or blank


@dataclass(frozen=True)
class FrontMatter:
    """The pages before the first section, as counts."""

    title_page: bool = True
    copyright_page: bool = False
    contents_pages: int = 0
    how_to_play: int = 1  # pages of it


@dataclass(frozen=True)
class BackMatter:
    """Pages of explained solutions, as counts: hints (after the puzzles), solving paths
    and the glossary of techniques (after the answers)."""

    hints: int = 0
    paths: int = 0
    glossary: int = 0


@dataclass(frozen=True)
class BookPlan:
    """The pages of the book and of its separate answer book (empty if none), and how
    many pages each got only to meet the service's rules."""

    book: tuple[PlannedPage, ...]
    answer_book: tuple[PlannedPage, ...] = ()
    book_padding: int = 0
    answer_padding: int = 0

    def first_page(self, kind: str, section: int | None = None,
                   answer_book: bool = False) -> int | None:
        """The number of the first page of that kind (and section), or None."""
        pages = self.answer_book if answer_book else self.book
        return next((number for number, page in enumerate(pages, start=1)
                     if page.kind == kind and page.section == section), None)


def pages_for(count: int, per_page: int) -> int:
    """How many pages `count` grids take at `per_page` a page."""
    return -(-count // per_page)


def plan_book(front: FrontMatter, sections: Sequence[Counted], answers: str,
              openers: bool = False, right_starts: bool = False,
              rules: PageRules = PageRules(), back: BackMatter = BackMatter(),
              answer_area: Area | None = None) -> BookPlan:
    """The plan of a book whose answers are `answers` (separate, back or none), with its
    explained solutions: hints after the puzzles, paths and glossary after the answers.
    Given the answer pages' `answer_area`, a run of answers starts under the last one's
    where that page has room (answer_shares)."""
    shares = answer_shares(sections, answer_area)
    pages = front_pages(front)
    for index, section in enumerate(sections):
        if right_starts:
            to_right_hand(pages)
        if openers:
            pages.append(PlannedPage(OPENER, index))
        pages += [PlannedPage(PUZZLES, index, part)
                  for part in range(pages_for(section.count, section.puzzles_per_page))]
    pages += [PlannedPage(HINTS, None, part) for part in range(back.hints)]
    if answers == "back":
        to_right_hand(pages)
        pages.append(PlannedPage(DIVIDER))
        pages += answer_pages(sections, shares)
    pages += [PlannedPage(PATHS, None, part) for part in range(back.paths)]
    pages += [PlannedPage(GLOSSARY, None, part) for part in range(back.glossary)]
    book_padding = pad(pages, rules)
    if answers != "separate":
        return BookPlan(tuple(pages), (), book_padding)
    answer_book = [PlannedPage(TITLE)] if front.title_page else []
    answer_book += answer_pages(sections, shares)
    answer_padding = pad(answer_book, rules)
    return BookPlan(tuple(pages), tuple(answer_book), book_padding, answer_padding)


def front_pages(front: FrontMatter) -> list[PlannedPage]:
    """Title, its back (the copyright page), contents from a right-hand page, how to play."""
    pages = [PlannedPage(TITLE)] if front.title_page else []
    if front.copyright_page:
        pages.append(PlannedPage(COPYRIGHT))
    if front.contents_pages:
        to_right_hand(pages)
        pages += [PlannedPage(CONTENTS, None, part) for part in range(front.contents_pages)]
    if front.how_to_play:
        pages += [PlannedPage(HOW_TO_PLAY, None, part) for part in range(front.how_to_play)]
    return pages


def answer_pages(sections: Sequence[Counted],
                 shares: Sequence[int] = ()) -> list[PlannedPage]:
    """The answer pages, run by run (answer_runs): a run's pages carry the index of its
    first section; `shares`: how many of each run's answers sit on the run before's last
    page (answer_shares), which take no page of their own."""
    runs = answer_runs(sections)
    shares = shares or [0] * len(runs)
    return [PlannedPage(ANSWERS, run[0], part) for run, shared in zip(runs, shares)
            for part in range(pages_for(run_count(sections, run) - shared,
                                        sections[run[0]].answers_per_page))]


def run_count(sections: Sequence[Counted], run: Sequence[int]) -> int:
    """The answers of a run of sections."""
    return sum(sections[index].count for index in run)


def answer_shares(sections: Sequence[Counted], area: Area | None) -> list[int]:
    """How many of each run's first answers (answer_runs) go under the run before's on its
    last page, where that page has rows free (rows_under): a run of two 12×12 Kakuro
    answers at six a page leaves two thirds of its page for a 15×15 after it. None without
    an `area`, nor after a run whose answers all went on the page before it."""
    runs = answer_runs(sections)
    shares = [0] * len(runs)
    above: tuple[int, int, Sides] | None = None  # (per page, on its last page, sides) of
    #                                              the run before
    for index, run in enumerate(runs):
        count, per_page = run_count(sections, run), sections[run[0]].answers_per_page
        sides = slot_sides(sections[run[0]])
        if area is not None and above is not None:
            above_per_page, on_page, above_sides = above
            shares[index] = min(count, rows_under(area, above_per_page, on_page, per_page,
                                                  above_sides, sides)
                                * arrangement_for(per_page, area, sides).columns)
        own = count - shares[index]
        above = (per_page, own - (own - 1) // per_page * per_page, sides) if own else None
    return shares


def row_height(area: Area, per_page: int, sides: Sides = (1, 1)) -> float:
    """The height of one row of grids of `sides` set `per_page` a page: label, board (a
    wide rectangle's less tall than its square), border, note."""
    side = arrangement_for(per_page, area, sides).grid_side
    return area.label_height + board_extent(side, sides)[1] + area.border + area.below_height


def rows_under(area: Area, above_per_page: int, above: int, per_page: int,
               above_sides: Sides = (1, 1), sides: Sides = (1, 1)) -> int:
    """Rows of grids of `sides` set `per_page` a page that fit under `above` grids of
    `above_sides` set `above_per_page` a page, rows `area.gap` apart (0 if they fill the
    page's rows)."""
    arrangement = arrangement_for(above_per_page, area, above_sides)
    rows = math.ceil(above / arrangement.columns)
    if rows >= arrangement.rows:
        return 0
    used = rows * (row_height(area, above_per_page, above_sides) + area.gap)
    free = area.height - used + area.gap  # a row below needs its height and one gap
    return max(0, math.floor(free / (row_height(area, per_page, sides) + area.gap) + 1e-9))


def slot_sides(section: Counted) -> tuple[int, int]:
    """The shape of a section's slots: a rectangle's rows and columns (its slots are its
    own: design/fit.py fits it by both sides), (1, 1) for a square of any size."""
    return getattr(section, "rectangle", None) or (1, 1)


def answer_runs(sections: Sequence[Counted]) -> list[list[int]]:
    """The sections whose answers run on from one to the next on shared pages: neighbours
    with as many answers a page (the same slots), and squares or rectangles of the same
    sides. A section with other slots, such as 6×6 answers packed more to a page than
    9×9 ones, starts a new page; so a travel book's 50 warm-up answers no longer leave a
    page with 2 of 6 before its next 100."""
    runs: list[list[int]] = []
    for index, section in enumerate(sections):
        first = sections[runs[-1][0]] if runs else None
        if first is not None and first.answers_per_page == section.answers_per_page \
                and slot_sides(first) == slot_sides(section):
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


def to_right_hand(pages: list[PlannedPage]) -> None:
    """A blank page if the next page would be a left-hand (even) one."""
    if len(pages) % 2 == 1:
        pages.append(PlannedPage(BLANK))


def pad(pages: list[PlannedPage], rules: PageRules) -> int:
    """Add padding pages up to the minimum and then to an even count; how many."""
    missing = max(0, rules.min_pages - len(pages))
    if rules.even_pages and (len(pages) + missing) % 2:
        missing += 1
    pages += [PlannedPage(rules.padding, None, part) for part in range(missing)]
    return missing


def longest_blank_run(pages: Sequence[PlannedPage]) -> int:
    """The most blank pages in a row."""
    longest = run = 0
    for page in pages:
        run = run + 1 if page.kind == BLANK else 0
        longest = max(longest, run)
    return longest
