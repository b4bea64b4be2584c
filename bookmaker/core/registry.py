"""The registry of kinds: every kind of puzzle bookmaker makes, found by name or alias, or
by what a puzzle is (its board's geometry and the type of its extras).

Adding a kind is one module (or package) with its Kind object and one line in
_other_families().
The Sudoku kinds load with the registry; the other families when a lookup first misses
the kinds loaded, or when every kind is asked for (all_kinds()): `check` and `solve` of a
Sudoku never load the Killer, Calcudoku, Latin or Kakuro code (bench_startup.py).
"""

from __future__ import annotations

from .board.shape import MAX_SIZE, Shape
from .kinds.kind import Kind
from .kinds.sudoku import SUDOKU_KINDS
from .puzzle import Puzzle
from .words import with_article

_loaded: list[Kind] = list(SUDOKU_KINDS)
_by_word: dict[str, Kind] = {}
_by_puzzle: dict[tuple, Kind] = {}


def _index(kinds) -> None:
    for kind in kinds:
        _by_word.update((word, kind) for word in (kind.name, *kind.aliases))
        _by_puzzle[kind.geometry, kind.extras_type] = kind


def all_kinds() -> tuple[Kind, ...]:
    """Every kind, in registry order (the families loaded now if they were not)."""
    if not _every_kind_loaded():
        family = _other_families()
        _loaded.extend(family)
        _index(family)
        if len(_by_word) != sum(1 + len(kind.aliases) for kind in _loaded) or \
                len(_by_puzzle) != len(_loaded):
            raise AssertionError("two kinds share a name, an alias, or a board and extras type")
    return tuple(_loaded)


def _other_families() -> tuple[Kind, ...]:
    """The kinds after Sudoku's, in registry order, their modules loaded now."""
    from .binairo.kind import BINAIRO_KINDS
    from .calcudoku.kind import CALCUDOKU_KINDS
    from .futoshiki.kind import FUTOSHIKI
    from .hashi.kind import HASHI
    from .kakuro.kind import KAKURO_KINDS
    from .killer.kind import KILLER_KINDS
    from .nonogram.colourkind import COLOUR_NONOGRAM
    from .nonogram.kind import NONOGRAM
    from .skyscrapers.kind import SKYSCRAPERS
    from .slitherlink.kind import SLITHERLINK
    from .starbattle.kind import STARBATTLE
    return KILLER_KINDS + CALCUDOKU_KINDS + (FUTOSHIKI, SKYSCRAPERS) + KAKURO_KINDS + \
        BINAIRO_KINDS + (NONOGRAM, STARBATTLE, HASHI, SLITHERLINK, COLOUR_NONOGRAM)


def _every_kind_loaded() -> bool:
    return len(_loaded) > len(SUDOKU_KINDS)


_index(SUDOKU_KINDS)


def kind_names() -> tuple[str, ...]:
    """Every kind's name, in registry order (as --variant and `variant:` list them)."""
    return tuple(kind.name for kind in all_kinds())


def find_kind(word: str) -> Kind | None:
    """The kind a name or alias names, in any case and with '_' or ' ' for '-'; None."""
    cleaned = " ".join(str(word).strip().lower().replace("_", "-").split())
    found = _word_lookup(cleaned)
    if found is None and not _every_kind_loaded():  # a name is unique: a hit needs no more
        all_kinds()
        found = _word_lookup(cleaned)
    return found


def _word_lookup(cleaned: str) -> Kind | None:
    return _by_word.get(cleaned) or _by_word.get(cleaned.replace(" ", "-"))


def kind_named(word: str) -> Kind:
    """The kind a name or alias names; ValueError listing the kinds, with a suggestion."""
    kind = find_kind(word)
    if kind is None:
        raise ValueError(unknown_kind_text(word))
    return kind


def unknown_kind_text(word: str) -> str:
    """'expected one of: ...' for a word that names no kind, with 'did you mean' if close."""
    import difflib  # for a mistake only

    text = f"expected one of: {', '.join(kind_names())}, but got {str(word)!r}"
    close = difflib.get_close_matches(str(word).lower(), list(_by_word), n=1)
    return text + (f"; did you mean {_by_word[close[0]].name!r}?" if close else "")


def kind_of(board: Shape, extras: object = None) -> Kind:
    """The kind of a puzzle on `board` with `extras` (None for givens only)."""
    key = (board.geometry, None if extras is None else type(extras))
    kind = _by_puzzle.get(key)
    if kind is None and not _every_kind_loaded():  # as in find_kind: a hit is the one kind
        all_kinds()
        kind = _by_puzzle.get(key)
    if kind is None:
        raise ValueError(f"no kind of puzzle is {with_article(board)} board with "
                         f"{type(extras).__name__ if extras is not None else 'givens only'}")
    return kind


def kind_of_puzzle(puzzle: Puzzle) -> Kind:
    """The kind of `puzzle`, known from its board and extras."""
    return kind_of(puzzle.shape, puzzle.extras)


def verify_puzzle(puzzle: Puzzle) -> None:
    """Raise VerificationError (core/solve/verify.py) unless the puzzle's kind's second
    opinion finds exactly one solution, equal to puzzle.solution."""
    kind_of_puzzle(puzzle).verify(puzzle)


def puzzle_key(puzzle: Puzzle) -> str:
    """What builds, dailies and registries compare to find repeats: the puzzle's kind's
    repeat key."""
    return kind_of_puzzle(puzzle).repeat_key(puzzle.givens, puzzle.extras)


def made_combinations() -> tuple[tuple[Kind, int, str], ...]:
    """Every (kind, size, grade) a spec, the command line or a daily may ask for, by the
    kinds' own size and grade rules (the ones they all ask), in registry order: each must
    be made for any seed (bench/bench_every_grade.py, tests/test_every_grade.py)."""
    return tuple((kind, size, grade) for kind in all_kinds()
                 for size, frame in _frames(kind)
                 for grade in kind.grades if kind.grade_problem(frame, grade) is None)


def _frames(kind: Kind) -> list[tuple[int, Shape]]:
    """The sizes the kind is made in, each with its frame (its conventional box, if any)."""
    frames = []
    for size in range(2, MAX_SIZE + 1):
        if kind.size_problem(size, False) is None:
            try:
                frames.append((size, kind.frame(size)))
            except ValueError:  # a size with no conventional box (5x5 classic)
                continue
    return frames
