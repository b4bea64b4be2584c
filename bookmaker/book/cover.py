"""A book's cover files: `<name>-cover.pdf` and its preview PNG (and, when asked, the
guides PDF), made from the spec, its page plan and the book's first few puzzles.

The cover shows each of its puzzles once, taken from every section in turn (cover_picks),
but for the one its front shows being solved: that one is its twin, a puzzle of the same
kind, board and grade from a seed of its own, printed nowhere in the book, so that the
answer the cover pencils in is no printed puzzle's (solving_twin).
`build` passes the puzzles it made; `bookmaker cover` takes them from the manifest of the
book's last build in the folder, or else makes only those few, from the same seeds (a
puzzle depends only on its book seed, section and index: book/plan.py), so the cover is
the same without making or drawing the whole book.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path

from ..core.board.grid import format_grid, parse_grid
from ..core.kinds.sudoku import CLASSIC
from ..core.puzzle import Puzzle
from ..core.registry import verify_puzzle
from ..core.rng import derive_seed
from ..design.cover import (
    DEFAULT_CAP,
    cover_geometry,
    display_font_path,
    front_puzzles,
    has_spine_text,
    puzzles_needed,
)
from ..design.coverfit import spine_size, spine_text
from ..design.fontfile import FallbackFont, read_font
from ..design.values import font_digit_top
from ..pages.cover import CoverWords, compose_cover
from ..puzzles.outputs import OutputSet, check_can_write, recover, replace_outputs
from ..puzzles.produce import make_puzzle, produce
from ..render.cover import preview_png, render_cover_pdf
from ..render.fonts import default_fonts
from ..spec import BookSpec
from .compose import book_words
from .plan import PlannedPuzzle, plan


def cover_file_names(spec: BookSpec, guides: bool = False) -> list[str]:
    """The cover's files, the print PDF first; [] for a book without a cover."""
    if spec.cover is None:
        return []
    names = [f"{spec.name}-cover.pdf", f"{spec.name}-cover-preview.png"]
    return names + [f"{spec.name}-cover-guides.pdf"] if guides else names


def cover_picks(spec: BookSpec) -> list[int]:
    """The plan positions (book/plan.py's order) of the puzzles the cover shows, the
    front's first: each section's first puzzle in the book's order, then each one's
    second, and so on, so that the cover shows every section (where it has room) and no
    puzzle twice."""
    if spec.cover is None:
        return []
    starts, position = [], 0
    for section in spec.sections:
        starts.append(position)
        position += section.count
    needed = puzzles_needed(spec.cover.design, position)
    rounds = (range(start, start + section.count) for start, section
              in zip(starts, spec.sections))
    order = [index for column in itertools.zip_longest(*rounds) for index in column
             if index is not None]
    return order[:needed]


def cover_contents(spec: BookSpec, puzzles: Sequence[Puzzle], guides: bool = False,
                   pages: int | None = None,
                   printed: Collection[str] | None = None) -> dict[str, bytes]:
    """The cover's files by name, as bytes: `puzzles` are the book's puzzles at
    cover_picks' positions, in that order; `pages`: the interior's page count (default:
    the plan's estimate, book_pages); `printed`: the solutions (their text) of every
    puzzle the book prints, which the twin being solved on the front must not have
    (default: the picks')."""
    if spec.cover is None:
        return {}
    puzzles = with_twin(spec, puzzles, printed if printed is not None else
                        {format_grid(puzzle.solution) for puzzle in puzzles})
    pdf = render_cover_pdf(composed_cover(spec, puzzles, pages))
    names = cover_file_names(spec, guides)
    files = {names[0]: pdf, names[1]: preview_png(pdf)}
    if guides:
        files[names[2]] = render_cover_pdf(composed_cover(spec, puzzles, pages), guides=True)
    return files


def with_twin(spec: BookSpec, puzzles: Sequence[Puzzle], printed: Collection[str]
              ) -> list[Puzzle]:
    """The picks, the one the front shows being solved replaced by its twin."""
    assert spec.cover is not None  # asked only of a book with a cover
    index = front_puzzles(spec.cover.design, len(puzzles)) // 2  # the front's middle one
    planned = plan(spec)[cover_picks(spec)[index]]
    return [*puzzles[:index], solving_twin(planned, puzzles[index], printed),
            *puzzles[index + 1:]]


TWIN_SEEDS = 20  # seeds tried for a twin whose answer no printed puzzle has


def solving_twin(planned: PlannedPuzzle, pick: Puzzle, printed: Collection[str]) -> Puzzle:
    """A puzzle made as the planned one is (kind, board, symmetry, grade) from a seed of
    its own, whose solution is none of the `printed` ones: the cover may pencil in its
    answer. Should every seed tried give a printed answer (a tiny board, most of its
    grids in the book), the pick with its givens as its solution: nothing pencilled."""
    job = replace(planned.job, record_rating=False)
    for attempt in range(TWIN_SEEDS):
        twin = make_puzzle(replace(job, seed=derive_seed(job.seed, "cover", attempt)))
        if format_grid(twin.solution) not in printed:
            return twin
    return replace(pick, solution=pick.givens)


def book_pages(spec: BookSpec, out_dir: str | os.PathLike | None = None) -> int:
    """The interior's page count: as the book's last build in out_dir printed it (its
    manifest's cover record: the text parts' pages are known once the book is set), else
    the page plan's count from the spec."""
    if out_dir is not None:
        try:
            manifest = json.loads((Path(out_dir) / f"{spec.name}.json").read_text(
                encoding="utf-8"))
            if manifest["seed"] == spec.seed:
                return int(manifest["cover"]["pages"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
    return len(spec.page_plan().book)


def composed_cover(spec: BookSpec, puzzles: Sequence[Puzzle], pages: int | None = None):
    """The cover laid out: its spine as thick as the book's page count on the paper."""
    geometry = cover_geometry(spec.layout, pages or book_pages(spec), spec.paper)
    cover = spec.cover
    assert cover is not None  # a cover is composed for a book that has one
    fonts = cover_fonts(spec)
    words = CoverWords(spec.title, spec.subtitle, spec.author, spec.isbn,
                       sum(s.count for s in spec.sections),
                       tuple(s.kind.name for s in spec.sections),
                       tuple(s.difficulty for s in spec.sections), spec.answers, cover.blurb,
                       cover.barcode, spec.difficulty_mark == "squares")
    return compose_cover(words, book_words(spec), cover.design, geometry,
                         puzzles, fonts, (read_font(str(fonts[0])), read_font(str(fonts[1])),
                                          strong_face(fonts)),
                         font_digit_top(fonts[2]) or DEFAULT_CAP, cover_glyphs(spec))


def cover_glyphs(spec: BookSpec) -> list[tuple[str, ...]]:
    """What the values of the cover's puzzles (cover_picks') print as: their sections'
    symbols, as the book prints them (() for numbers)."""
    planned = plan(spec)
    return [planned[index].section.glyphs for index in cover_picks(spec)]


def cover_fonts(spec: BookSpec) -> tuple[Path, Path, Path]:
    """The regular, bold and display fonts the cover is set in: the book's (or the
    defaults) and its design's display face."""
    regular, bold = default_fonts()
    assert spec.cover is not None  # asked only of a book with a cover
    return (Path(spec.fonts.regular or regular), Path(spec.fonts.bold or bold),
            display_font_path(spec.cover.design))


def strong_face(fonts: tuple[Path, Path, Path]) -> FallbackFont:
    """The cover's bold texts' face: the display font, else the book's bold."""
    return FallbackFont((read_font(str(fonts[2])), read_font(str(fonts[1]))))


def cover_puzzles(spec: BookSpec, out_dir: str | os.PathLike | None = None) -> list[Puzzle]:
    """The book's first puzzles, each verified: as the book's last build in out_dir
    printed them (its manifest), so that the cover is that build's even where the build
    replaced a puzzle that repeated the series' registry; else made from their seeds."""
    everything = plan(spec)
    planned = [everything[index] for index in cover_picks(spec)]
    built = built_puzzles(spec, planned, Path(out_dir)) if out_dir is not None else None
    return built if built is not None else produce([p.job for p in planned], 1)


def built_puzzles(spec: BookSpec, planned: Sequence[PlannedPuzzle],
                  out_dir: Path) -> list[Puzzle] | None:
    """The planned puzzles as the manifest in out_dir records them, verified again; None
    if there is none, or it is another book's or another seed's or section's."""
    try:
        manifest = json.loads((out_dir / f"{spec.name}.json").read_text(encoding="utf-8"))
        if manifest["seed"] != spec.seed:
            return None
        entries = {entry["id"]: entry for entry in manifest["puzzles"]}
        puzzles = [recorded_puzzle(entries[p.id], p) for p in planned]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    for puzzle in puzzles:
        verify_puzzle(puzzle)
    return puzzles


def recorded_solutions(spec: BookSpec, out_dir: Path) -> set[str] | None:
    """The solutions (their text) of every puzzle the book's last build in out_dir
    printed, as its manifest lists them; None without one of this seed."""
    try:
        manifest = json.loads((out_dir / f"{spec.name}.json").read_text(encoding="utf-8"))
        if manifest["seed"] != spec.seed:
            return None
        return {str(entry["solution"]) for entry in manifest["puzzles"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def recorded_puzzle(entry: dict, planned: PlannedPuzzle) -> Puzzle:
    """A manifest entry as a Puzzle of its section's kind (an X's line read as an X, so
    that it is verified as one); ValueError if it is not of the planned section."""
    section = planned.section
    if (entry["size"], entry["box"], entry["difficulty"], entry["symmetry"],
            entry.get("variant", CLASSIC.name)) != (section.size_text, section.printed_box,
                                                 section.difficulty, section.symmetry,
                                                 section.variant):
        raise ValueError(f"{planned.id} was built with other settings")
    kind = section.kind
    givens, extras = kind.read(entry["givens"], kind.reading_board(section.shape))
    return Puzzle(givens, parse_grid(entry["solution"], givens.shape), entry["seed"],
                  entry["symmetry"], entry["difficulty"], entry["grade"], extras=extras)


def make_cover(spec: BookSpec, out_dir: str | os.PathLike, guides: bool = False
               ) -> tuple[Path, ...]:
    """Write only the cover's files to out_dir, replacing the old ones as a set."""
    recover(out_dir, spec.name)
    check_can_write(out_dir, cover_file_names(spec, guides))
    puzzles = cover_puzzles(spec, out_dir)
    printed = recorded_solutions(spec, Path(out_dir))
    contents = cover_contents(spec, puzzles, guides, book_pages(spec, out_dir),
                              None if printed is None else
                              printed | {format_grid(p.solution) for p in puzzles})
    return replace_outputs(OutputSet(Path(out_dir), contents, owner=spec.name))


def cover_record(spec: BookSpec, pages: int | None = None) -> dict | None:
    """The manifest's cover entry: its files, design and size in inches (as KDP's cover
    calculator shows them, to compare), for a book of `pages` pages."""
    if spec.cover is None:
        return None
    geometry = cover_geometry(spec.layout, pages or book_pages(spec), spec.paper)
    return {"files": cover_file_names(spec), "design": spec.cover.design_name,
            "paper": spec.paper, "pages": geometry.pages,
            "spine_in": round(geometry.spine / 72, 4),
            "width_in": round(geometry.width / 72, 4),
            "height_in": round(geometry.height / 72, 4),
            "spine_text": has_spine_text(geometry.pages)}


def spine_note(spec: BookSpec, pages: int | None = None) -> str | None:
    """What the build says about a spine too thin for text, or too short for the author
    beside the title (the spine then shows the title alone)."""
    if spec.cover is None:
        return None
    pages = pages or book_pages(spec)
    if not has_spine_text(pages):
        return (f"{spec.name}-cover.pdf: the spine is left plain: {pages} pages is too thin "
                f"for spine text (KDP allows it from 79 pages)")
    fonts = cover_fonts(spec)
    style = spec.cover.design.spine
    if spec.author and spine_size(cover_geometry(spec.layout, pages, spec.paper), style,
                                  spine_text(spec.title, spec.author),
                                  font_digit_top(fonts[2]) or DEFAULT_CAP,
                                  strong_face(fonts).width) is None:
        return (f"{spec.name}-cover.pdf: the spine shows the title alone: with the author "
                f"beside it, its text would be under {style.min:g} pt")
    return None
