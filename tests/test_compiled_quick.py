"""The quick check of classic lines (csrc/quick9.c, core/kinds/quick.py) against the pure
Python: its 9x9 count gives search.py's count, first solution, completeness and node
count on random puzzles with none, one or many solutions, 17-clue and hard ones, clues
that contradict and any node budget; a file checked through it prints, byte for byte,
what the pure reader and solver print, whatever its lines and line breaks."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookmaker.cli.verdicts import check_file, check_quickly
from bookmaker.core import compiled
from bookmaker.core.board.shape import board_of
from bookmaker.core.compiled.budget import DEFAULT_MAX_NODES
from bookmaker.core.generate.removal import random_solution
from bookmaker.core.kinds import quick
from bookmaker.core.kinds.sudoku import CLASSIC
from bookmaker.core.rng import Rng
from bookmaker.core.solve import search
from bookmaker.puzzles.filebytes import text_of
from bookmaker.puzzles.puzzlefile import parse_puzzle_text

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

DATA = Path(__file__).parent / "data"
NINE = board_of(3, 3)
EXAMPLES = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEVENTEEN = DATA.joinpath("sudoku17-sample.txt").read_text().split()[:60]
HARD = DATA.joinpath("top95.txt").read_text().split()[:30]


@cache
def solved(seed: int) -> tuple[int, ...]:
    return random_solution(NINE, Rng(seed))


def cells_of(line: str) -> tuple[int, ...]:
    return tuple(0 if ch in ".0" else int(ch) for ch in line)


def pure_count(cells, limit: int, max_nodes: int) -> tuple:
    found = search.count_from_clues(NINE, cells, limit, max_nodes, False)
    return found.count, found.solution, found.complete, found.nodes


@st.composite
def puzzles(draw) -> tuple[int, ...]:
    """A solution's clues, kept from all to none (so with one solution or many), now and
    then one changed (often no solution, or a clash), or clues drawn at random (mostly
    contradictions found deep in the search)."""
    if draw(st.integers(0, 4)) == 0:
        cells = [0] * 81
        for cell in draw(st.lists(st.integers(0, 80), max_size=30)):
            cells[cell] = draw(st.integers(1, 9))
        return tuple(cells)
    solution = solved(draw(st.integers(0, 5)))
    kept = set(Rng(draw(st.integers(0, 2**32))).shuffled(range(81))[:draw(st.integers(0, 81))])
    cells = [v if i in kept else 0 for i, v in enumerate(solution)]
    if draw(st.booleans()) and kept:
        cell = draw(st.sampled_from(sorted(kept)))
        cells[cell] = cells[cell] % 9 + 1
    return tuple(cells)


@EXAMPLES
@given(puzzles(), st.integers(1, 3), st.integers(0, 300))
def test_the_count_is_the_pure_search_on_random_puzzles(extension, cells, limit, max_nodes):
    assert extension.count9(cells, limit, max_nodes) == pure_count(cells, limit, max_nodes)


@EXAMPLES
@given(puzzles())
def test_the_count_is_the_pure_search_at_the_default_budget(extension, cells):
    assert extension.count9(cells, 2, DEFAULT_MAX_NODES) == pure_count(cells, 2,
                                                                      DEFAULT_MAX_NODES)


@pytest.mark.parametrize("budget", [0, 1, 2, 5, 20, DEFAULT_MAX_NODES])
def test_the_count_is_the_pure_search_on_17_clue_and_hard_puzzles(extension, budget):
    for line in SEVENTEEN + HARD:
        cells = cells_of(line)
        assert extension.count9(cells, 2, budget) == pure_count(cells, 2, budget), line


def test_a_search_that_gives_up_gives_up_where_the_pure_one_does(extension):
    hardest = max(HARD, key=lambda line: pure_count(cells_of(line), 2, DEFAULT_MAX_NODES)[3])
    nodes = pure_count(cells_of(hardest), 2, DEFAULT_MAX_NODES)[3]
    assert nodes > 20  # a search of some depth, cut part way
    for budget in (nodes // 3, nodes - 1, nodes):
        fast = extension.count9(cells_of(hardest), 2, budget)
        assert fast == pure_count(cells_of(hardest), 2, budget)
    assert extension.count9(cells_of(hardest), 2, nodes - 1)[2:] == (False, nodes - 1)


def test_a_sparse_grid_singles_alone_gave_up_on_is_counted_alike_in_33_nodes(extension):
    """Locked candidates in the count (solve/locked.py, and quick9.c's lock)."""
    cells = cells_of("..9...1...........7................7..3..4....."
                     "....2.9.......9...........1235....")
    assert extension.count9(cells, 2, DEFAULT_MAX_NODES) == pure_count(cells, 2,
                                                                      DEFAULT_MAX_NODES)
    assert extension.count9(cells, 2, DEFAULT_MAX_NODES)[2:] == (True, 33)


def test_malformed_cells_are_refused(extension):
    with pytest.raises(ValueError):
        extension.count9((0,) * 80, 2, 10)
    with pytest.raises(ValueError):
        extension.count9((10,) + (0,) * 80, 2, 10)
    with pytest.raises(TypeError):
        extension.classic_lines("text, not bytes", 10)


# A file through the quick check prints what the pure path prints

UNIQUE = "4...........47..639....5...3...867..7..5..1...4.........8.9.62.1.....57...9....1."
LINES = [UNIQUE, UNIQUE.replace(".", "0"), "." * 81, "12345678." + "........9" + "." * 63,
         "11" + "." * 79, UNIQUE[:80], UNIQUE + "1", "A" + UNIQUE[1:], "a" + UNIQUE[1:],
         "# a comment " + UNIQUE, "", "   ", "\t", "3,5,7 AABB 12", "1.3..4.. AABBAABBCCDDCCDD",
         "1" + "." * 15, UNIQUE.replace(".", "-"), " ".join(UNIQUE), "é" + UNIQUE[1:],
         SEVENTEEN[0], SEVENTEEN[1], HARD[0], "{", "ipuz(", "\x00", "\f", "\x0b", "\x1c",
         "\u2028", "\x85", "\ufeff" + UNIQUE]
BREAKS = ["\n", "\r\n", "\r"]


@st.composite
def files(draw) -> bytes:
    """Puzzle lines, comments, blanks and oddities, padded with spaces or tabs, joined by
    any line break, with or without a last one."""
    parts = []
    for line in draw(st.lists(st.sampled_from(LINES), max_size=12)):
        pad = draw(st.sampled_from(["", " ", "\t", "  \t"]))
        parts.append(draw(st.sampled_from([line, pad + line, line + pad, pad + line + pad])))
        parts.append(draw(st.sampled_from(BREAKS)))
    if parts and draw(st.booleans()):
        parts.pop()
    return "".join(parts).encode()


def printed(work) -> tuple[str, object]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = work()
    return out.getvalue(), code


def pure_check(data: bytes) -> tuple[str, object]:
    with compiled.using(False):
        return printed(lambda: check_file(parse_puzzle_text(text_of(data), "p.txt", None,
                                                            CLASSIC)))


@EXAMPLES
@given(files())
def test_a_file_checked_quickly_prints_what_the_pure_check_prints(data):
    with compiled.using(True):
        fast = printed(lambda: check_quickly(data, "p.txt", quick.QUICK_KIND))
    if fast[1] is not None:  # a file it answers for: the same lines, the same exit code
        assert fast == pure_check(data)
    else:  # one it leaves whole has printed nothing
        assert fast[0] == ""


def test_the_whole_17_clue_sample_is_read_and_counted_in_the_compiled_call(extension):
    data = DATA.joinpath("sudoku17-sample.txt").read_bytes()
    items = extension.classic_lines(data, DEFAULT_MAX_NODES)
    assert len(items) == len(data.split()) and all(len(item) == 4 for item in items)
    with compiled.using(True):
        fast = printed(lambda: check_quickly(data, "p.txt", quick.QUICK_KIND))
    assert fast == pure_check(data)


def test_the_lines_left_to_the_reader_are_those_it_must_read(extension):
    data = "\n".join(["# x", UNIQUE, "", "11" + "." * 79, UNIQUE[:80], "  " + UNIQUE + "\t",
                      "." * 81]).encode()
    unique, empty = (pure_count(cells_of(line), 2, 10) for line in (UNIQUE, "." * 81))
    assert unique[0] == 1 and unique[2] and not empty[2]  # one solution; a search cut short
    assert extension.classic_lines(data, 10) == [
        (2, 1, True, unique[3]), (4, "11" + "." * 79), (5, UNIQUE[:80]),
        (6, 1, True, unique[3]), (7, *empty[:1], *empty[2:])]


def test_a_line_whose_search_gives_up_says_so_as_the_pure_one_does(extension):
    line = max(HARD, key=lambda text: pure_count(cells_of(text), 2, DEFAULT_MAX_NODES)[3])
    budget = pure_count(cells_of(line), 2, DEFAULT_MAX_NODES)[3] // 2
    count, _, complete, nodes = pure_count(cells_of(line), 2, budget)
    assert extension.classic_lines(line.encode(), budget) == [(1, count, complete, nodes)]
    assert not complete


@pytest.mark.parametrize("data", [b"", b"# only a comment\n\n", "é\n".encode(),
                                  b'{"puzzles": []}', b"  ipuz({})", b"\xef\xbb\xbf" +
                                  UNIQUE.encode(), UNIQUE.encode() + b"\x0c" + UNIQUE.encode()])
def test_files_it_leaves_whole_go_to_the_pure_reader(data):
    with compiled.using(True):
        assert printed(lambda: check_quickly(data, "p.txt", quick.QUICK_KIND)) == ("", None)


def test_it_stands_for_the_classic_kind_and_only_on_the_compiled_core():
    assert quick.QUICK_KIND == CLASSIC.name
    data = (UNIQUE + "\n").encode()
    with compiled.using(True):
        nodes = pure_count(cells_of(UNIQUE), 2, DEFAULT_MAX_NODES)[3]
        assert quick.quick_counts(CLASSIC.name, data) == [(1, 1, True, nodes)]
        assert quick.quick_counts("x", data) is None
    with compiled.using(False):
        assert quick.quick_counts(CLASSIC.name, data) is None
