"""A book spec -> the puzzle jobs it needs, each knowing its section, place and number."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.puzzle import Puzzle
from ..core.rng import derive_seed
from ..design.painted import handed_paintings
from ..design.pictures import handed_pictures
from ..puzzles.produce import PuzzleJob
from ..spec import BookSpec, SectionSpec, slug_of


@dataclass(frozen=True)
class PlannedPuzzle:
    """One puzzle of the book: the job that makes it and where it belongs.

    `index` counts from 0 within the section; `number` counts from 1 through the book and
    is what the reader sees ("Puzzle 12"). `id` names the puzzle in the manifest."""

    job: PuzzleJob
    section: SectionSpec
    section_index: int
    index: int
    number: int
    id: str


def puzzle_seed(book_seed: int | str, section: SectionSpec, index: int) -> int:
    """The seed of a section's index-th puzzle. It depends on the book seed, the section's
    own key (name, size, box, kind, symmetry) and the index only, so adding, removing
    or editing one section never changes the puzzles of another. (A classic section's key
    leaves the kind out, so its seeds are those of books made before other kinds.)"""
    return derive_seed(book_seed, "book", section.name, section.size_text, section.box_text,
                       *section.kind.seed_words, section.symmetry, index)


def plan(spec: BookSpec) -> list[PlannedPuzzle]:
    """Every puzzle of the book, in reading order."""
    planned: list[PlannedPuzzle] = []
    handed = _handed(spec)
    for section_index, (section, slug) in enumerate(zip(spec.sections, section_slugs(spec))):
        digits = max(3, len(str(section.count)))  # ids sort in order: easy-001 ... easy-150
        for index in range(section.count):
            job = PuzzleJob(section.shape, puzzle_seed(spec.seed, section, index),
                            section.symmetry, section.clues or 0, section.difficulty,
                            section.rating, section.kind, picture=section.picture,
                            colours=section.colours,
                            handed=handed[section_index][index])
            planned.append(PlannedPuzzle(job, section, section_index, index,
                                         len(planned) + 1, f"{slug}-{index + 1:0{digits}d}"))
    return planned


def _handed(spec: BookSpec) -> list[tuple[str, ...]]:
    """The bundled picture handed to each puzzle of each section: in the sections of a
    kind that draws pictures and names none, each bundled picture once in turn through
    the book (none a section names), a colour Nonogram's from the colour pictures; ''
    elsewhere."""
    named = frozenset(s.picture.strip().lower() for s in spec.sections if s.picture)
    handed: list[tuple[str, ...]] = [("",) * s.count for s in spec.sections]
    for painted, hand, words in ((False, handed_pictures, ("pictures",)),
                                 (True, handed_paintings, ("pictures", "painted"))):
        takes = [s.kind.pictured and not s.picture and
                 (s.kind.answer.form == "colours") == painted for s in spec.sections]
        wanted = sum(s.count for s, take in zip(spec.sections, takes) if take)
        pictures = iter(hand(wanted, derive_seed(spec.seed, *words), named))
        for index, (section, take) in enumerate(zip(spec.sections, takes)):
            if take:
                handed[index] = tuple(next(pictures) for _ in range(section.count))
    return handed


def ramped(planned: Sequence[PlannedPuzzle], puzzles: Sequence[Puzzle]
           ) -> tuple[list[PlannedPuzzle], list[Puzzle]]:
    """The plan and its puzzles with every `ramp` section ordered from the easiest score to
    the hardest (ties in plan order) and numbered again; ids and seeds stay as planned."""
    order = sorted(range(len(planned)), key=lambda i: (
        planned[i].section_index,
        puzzles[i].score if planned[i].section.ramp else 0.0, planned[i].index))
    return ([replace(planned[i], number=number) for number, i in enumerate(order, start=1)],
            [puzzles[i] for i in order])


def section_slugs(spec: BookSpec) -> list[str]:
    """A distinct slug per section for puzzle ids. Names are unique but two may slug alike
    ('Mini 6x6' and 'Mini 6x6!'); a later one then gets its position appended, or the
    first number from there on that no other section has taken ('A-3', 'A', 'A!' give
    a-3, a, a-4)."""
    slugs: list[str] = []
    for position, section in enumerate(spec.sections, start=1):
        base = slug = slug_of(section.name, "section")
        suffix = position
        while slug in slugs:
            slug = f"{base}-{suffix}"
            suffix += 1
        slugs.append(slug)
    return slugs
