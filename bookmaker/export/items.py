"""What an export is made of: each puzzle with what is known of where it appears (its
ExportItem), gathered from a book build, a daily run, a book's manifest, a daily folder, or
a file of puzzles."""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.board.grid import Grid
from ..core.board.shape import Shape
from ..core.exchange.record import About, boxed_board, printed_symbols
from ..core.kinds.kind import Kind
from ..core.puzzle import Puzzle
from ..core.registry import kind_named, kind_of_puzzle, puzzle_key, verify_puzzle
from ..core.solve.verify import VerificationError
from ..design.catalogue import REFERENCE_LANGUAGE, Catalogue, language_names, load_catalogue


class ExportError(ValueError):
    """A source that cannot be exported: the message names the file and what is wrong."""


@dataclass(frozen=True)
class ExportItem:
    """One puzzle to export: the puzzle, what is known of it (About: id, date, series,
    key), the stem of its own files, and the heading and caption a page shows."""

    puzzle: Puzzle
    about: About
    stem: str
    heading: str
    caption: str = ""


@dataclass(frozen=True)
class Source:
    """What a manifest, a daily folder or a file of puzzles holds: its title (the book's,
    the series'), its items, and the language its words are in (its spec's; English where
    a manifest says none; None for a file of puzzles, which has no words)."""

    title: str
    items: list[ExportItem]
    language: str | None = REFERENCE_LANGUAGE


def item_of(puzzle: Puzzle, stem: str, heading: str, caption: str = "", **about) -> ExportItem:
    """An item whose registry key is the puzzle kind's repeat key (as registries keep it)."""
    return ExportItem(puzzle, About(key=puzzle_key(puzzle), **about), stem, heading, caption)


def proven(kind_name: str, line: str, solution: str | None, where: str, seed: int = 0,
           board: Shape | None = None, line_key: str = "", **made) -> Puzzle:
    """The puzzle a line of a kind names (on `board`, if given: else as its length says),
    proven as every printed puzzle is: its kind's solver finds exactly one solution (the
    stated one, if any) and its second proof agrees; ExportError naming `where` (and the
    line's key in its record, `line_key`) otherwise."""
    try:
        kind = kind_named(kind_name)
    except ValueError as err:
        raise ExportError(f"{where}: {err}") from None
    try:
        givens, extras = kind.read(line, board)
    except ValueError as err:  # GridError
        raise ExportError(f"{where}: {line_key + ': ' if line_key else ''}{err}") from None
    try:
        stated = None if solution is None else kind.read_answer(solution, givens.shape)
    except ValueError as err:
        raise ExportError(f"{where}: solution: {err}") from None
    found = kind.solutions(givens, extras, limit=2)
    if found.count != 1 or not found.complete or found.solution is None:
        raise ExportError(f"{where}: not a puzzle with one solution")
    answer = Grid(givens.shape, found.solution)
    if stated is not None and stated != answer:
        raise ExportError(f"{where}: the stated solution is not the puzzle's")
    puzzle = Puzzle(givens, answer, seed=seed, extras=extras, **made)
    try:
        verify_puzzle(puzzle)
    except VerificationError as err:
        raise ExportError(f"{where}: {err}") from None
    return puzzle


def manifest_items(path: Path, kind: Kind | None = None, language: str | None = None) -> Source:
    """A built book's puzzles from its manifest (`<name>.json`), each proven again, with
    the ids and stems the book's own exports give them; the book's title and language too.
    `kind`: the kind every puzzle must be (--variant), or None; `language`: the one to
    caption them in (--lang), or None for the manifest's."""
    manifest = _json(path)
    if not isinstance(manifest, dict) or "puzzles" not in manifest or "title" not in manifest:
        raise ExportError(f"{path}: not a book manifest (no title and puzzles)")
    title = _text(manifest, "title", str(path))
    name = _text(manifest, "name", str(path), path.stem)
    language = language or language_of(manifest, str(path))
    words = load_catalogue(language)
    entries = manifest["puzzles"]
    if not isinstance(entries, list):
        raise ExportError(f"{path}: puzzles: expected a list of puzzles, got {entries!r}")
    items = []
    for index, entry in enumerate(entries):
        where = f"{path}: puzzles[{index}]"
        number_id = _text(entry, "id", where)
        where = f"{path}: puzzle {number_id}"
        puzzle = proven_entry(entry, where, kind)
        items.append(ExportItem(puzzle, About(
            id=f"{name}-{number_id}", series=str(manifest.get("series", "")),
            title=f"{title} · {entry.get('number', '')}", key=str(entry.get("canonical", "")),
            seeded=True, symbols=_symbols(entry, where, puzzle)), number_id,
            f"{entry.get('section', '')} · {entry.get('number', '')}",
            grade_caption(puzzle, words)))
    return Source(title, items, language)


def daily_items(folder: Path, kind: Kind | None = None, language: str | None = None) -> Source:
    """A daily series' puzzles from its date folders' day.json (the series folder, or one
    date's folder), in date order, each proven again, with the ids the daily's own exports
    give them (the series folder's name and the date); the series' name and language too
    (its last day's). `kind`: the kind every puzzle must be (--variant), or None;
    `language`: the one to caption them in (--lang), or None for each day's."""
    days = sorted(folder.glob("*/day.json")) or sorted(folder.glob("day.json"))
    if not days:
        raise ExportError(f"{folder}: no day.json here or in its date folders (a daily "
                          f"series' folder, written with the json output)")
    items, series, said = [], "", REFERENCE_LANGUAGE
    for path in days:
        day = _json(path)
        series = _text(day, "series", str(path))
        said = language or language_of(day, str(path))
        date = _text(day, "date", str(path))
        puzzle = proven_entry(day, str(path), kind)
        title = f"{series} · {day['title']}" if day.get("title") else series
        series_name = path.resolve().parent.parent.name
        items.append(item_of(puzzle, date, title, grade_caption(puzzle, load_catalogue(said)),
                             id=f"{series_name}-{date}", series=series, title=title,
                             date=date, symbols=_symbols(day, str(path), puzzle)))
    return Source(series, items, said)


def language_of(record: dict, where: str) -> str:
    """The language a manifest or day record says its words are in: English where it says
    none (one written before records said it); ExportError for one without a catalogue."""
    language = record.get("language", REFERENCE_LANGUAGE)
    if language not in language_names():
        raise ExportError(f"{where}: language: expected one of {', '.join(language_names())}"
                          f", got {language!r}")
    return language


def proven_entry(entry: dict, where: str, kind: Kind | None) -> Puzzle:
    """A manifest's or a day's puzzle, proven (its variant, line (`givens`), solution, size
    and box read as fields that must be there and be text); ExportError names the key at
    fault."""
    variant = _text(entry, "variant", where)
    solution = entry.get("solution")
    if solution is not None and not isinstance(solution, str):
        raise ExportError(f"{where}: solution: expected text, got {solution!r}")
    try:
        named = kind_named(variant)
    except ValueError as err:
        raise ExportError(f"{where}: variant: {err}") from None
    try:  # a kind with boxes: on its size and box (a 6x6's line does not tell 3x2 from 2x3)
        board = boxed_board(named, entry.get("size"), entry.get("box"))
    except ValueError as err:
        raise ExportError(f"{where}: {err}") from None
    puzzle = proven(variant, _text(entry, "givens", where), solution, where, board=board,
                    line_key="givens", **made_of(entry, where))
    read_kind = kind_of_puzzle(puzzle)
    if kind is not None and read_kind is not kind:
        raise ExportError(f"{where}: a {read_kind.name}, not a {kind.name} (--variant)")
    return puzzle


def _text(entry: object, key: str, where: str, default: str | None = None) -> str:
    """A field that holds text; ExportError naming the key if it is missing or is not."""
    if not isinstance(entry, dict):
        raise ExportError(f"{where}: expected a JSON object, got {type(entry).__name__}")
    value = entry.get(key, default)
    if not isinstance(value, str) or not value:
        raise ExportError(f"{where}: {key}: expected text, got "
                          f"{'nothing' if key not in entry else repr(value)}")
    return value


# How a manifest or day record says its puzzle was made: each field's types and default.
MADE_FIELDS: dict[str, tuple[tuple[type, ...], object]] = {
    "seed": ((int,), 0), "symmetry": ((str,), "none"), "difficulty": ((str,), "any"),
    "grade": ((str,), ""), "score": ((int, float), 0.0), "hardest": ((str,), "")}
RATING_KEYS = ("er", "ep", "ed")


def made_of(entry: dict, where: str = "") -> dict:
    """How a manifest or day record says its puzzle was made: seed, grade, rating;
    ExportError names a field of the wrong type."""
    at = f"{where}: " if where else ""
    made = {}
    for key, (types, default) in MADE_FIELDS.items():
        value = entry.get(key, default)
        if value is None or isinstance(value, bool) or not isinstance(value, types):
            raise ExportError(f"{at}{key}: expected {' or '.join(t.__name__ for t in types)}"
                              f", got {value!r}")
        made[key] = value
    rating = entry.get("rating")
    if rating is not None and not (
            isinstance(rating, dict) and isinstance(rating.get("rater"), str) and
            all(isinstance(rating.get(k), (int, float, str)) for k in RATING_KEYS)):
        raise ExportError(f"{at}rating: expected null or {{er, ep, ed, rater}}, got {rating!r}")
    texts = tuple(str(rating[k]) if isinstance(rating[k], str) else f"{rating[k]:.1f}"
                  for k in RATING_KEYS) if rating else ()
    return made | {"rating": texts, "rater": rating["rater"] if rating else ""}


def _symbols(entry: dict, where: str, puzzle: Puzzle) -> str:
    """What the puzzle's values print as, as a manifest or day record says (the one rule
    of records and ipuz files, printed_symbols); ExportError names the file and key."""
    try:
        return printed_symbols(entry.get("symbols"), puzzle.shape,
                               kind_of_puzzle(puzzle).answer.glyphs)
    except ValueError as err:
        raise ExportError(f"{where}: symbols: {err}") from None


def grade_caption(puzzle: Puzzle, words: Catalogue) -> str:
    """The puzzle's grade as a page captions it, in the words' language ('Łatwy'); a grade
    the catalogue does not name (a Nonogram's 'simple') capitalized."""
    if not puzzle.grade:
        return ""
    return words.texts.get(f"grades.{puzzle.grade}", puzzle.grade.capitalize())


def _json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ExportError(f"{path}: {err}") from None


def distinct(items: list[ExportItem]) -> tuple[list[ExportItem], list[tuple[str, str]]]:
    """The items with ids and stems unique within one export (the same for the same
    items): the first keeps its id, a later one whose id is taken gets '-2', '-3', ...;
    a stem that is taken becomes the item's id (a book's 'classic-001' beside another
    book's: 'volume-2-classic-001') as a file's name, or that numbered in turn. The
    renamed ids too, (old, new)."""
    ids: set[str] = set()
    stems: set[str] = set()
    done, renamed = [], []
    for item in items:
        wanted = item.about.id or item.stem
        unique_id = _free(wanted, ids)
        stem = item.stem if item.stem not in stems else _free(_file_stem(unique_id), stems)
        ids.add(unique_id)
        stems.add(stem)
        if unique_id != wanted:
            renamed.append((wanted, unique_id))
        done.append(replace(item, about=replace(item.about, id=unique_id), stem=stem))
    return done, renamed


def _file_stem(text: str) -> str:
    """An id as a file's stem: letters, digits, '.', '_' and '-' (an id read from another
    program's file may hold anything, a '/' or '..' included)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "puzzle"


def _free(name: str, taken: set[str]) -> str:
    """name, or name-2, name-3, ... the first not taken."""
    return next(candidate for candidate in
                (name if n == 1 else f"{name}-{n}" for n in itertools.count(1))
                if candidate not in taken)
