"""The Nonogram engine: clues, the line techniques against brute force, the line solver's
steps and grades, the two proofs against a brute count, and the bundled pictures made into
unique puzzles; the picture reader at the edge."""

import itertools
import random

import pytest
from PIL import Image

from bookmaker.core.nonogram import lines
from bookmaker.core.nonogram.automata import count_by_automata
from bookmaker.core.nonogram.clues import clue_of_line, column_clues, row_clues
from bookmaker.core.nonogram.grade import GRADE_NAMES, grade
from bookmaker.core.nonogram.maker import make_from_picture, random_grid
from bookmaker.core.nonogram.puzzle import Nonogram
from bookmaker.core.nonogram.solver import count_solutions, solve
from bookmaker.core.rng import Rng, derive_seed
from bookmaker.design.pictures import (
    PictureError,
    bundled_pictures,
    parse_text_bitmap,
    read_picture,
    scale,
)

# picture name -> (cells flipped, givens) at seed derive_seed(1, name); pinned.
CHANGES = {"anchor": (4, 0), "bell": (0, 0), "bird": (0, 0), "car": (0, 0), "castle": (1, 0),
           "cat": (0, 0), "cup": (0, 0), "duck": (0, 0), "fish": (0, 0), "flower": (2, 0),
           "heart": (0, 0), "house": (0, 0), "key": (1, 0), "moon": (2, 0),
           "mushroom": (0, 0), "rocket": (0, 0), "ship": (0, 0), "snail": (1, 0),
           "sun": (0, 11), "tree": (0, 0), "umbrella": (0, 0), "yinyang": (1, 9)}


def test_clues_count_runs_along_rows_and_columns():
    grid = ((True, True, False, True), (False, False, False, False), (True, False, True, True))
    assert row_clues(grid) == ((2, 1), (), (1, 2))
    assert column_clues(grid) == ((1, 1), (1,), (1,), (1, 1))
    assert clue_of_line((False, True, True, True, False)) == (3,)


def _brute_line(clue, cells):
    fits = [bits for bits in itertools.product((False, True), repeat=len(cells))
            if clue_of_line(bits) == clue
            and all(c is None or c == b for c, b in zip(cells, bits))]
    if not fits:
        return None
    return {i: fits[0][i] for i in range(len(cells))
            if cells[i] is None and all(bits[i] == fits[0][i] for bits in fits)}


def test_line_techniques_are_true_and_edge_forcing_finds_all():
    pick = random.Random(5)
    for _ in range(400):
        length = pick.randint(1, 9)
        clue = clue_of_line([pick.random() < 0.55 for _ in range(length)])
        cells = [None if pick.random() < 0.6 else pick.random() < 0.5 for _ in range(length)]
        truth = _brute_line(clue, cells)
        assert lines.edge_forcing(clue, cells) == truth
        if truth is not None:
            found = {**lines.simple_boxes(clue, cells), **lines.simple_spaces(clue, cells),
                     **lines.overlaps(clue, cells)}
            assert all(truth.get(i) == value for i, value in found.items())


def test_leftmost_and_rightmost_are_each_blocks_extremes():
    pick = random.Random(9)
    for _ in range(300):
        length = pick.randint(1, 9)
        clue = clue_of_line([pick.random() < 0.55 for _ in range(length)])
        cells = [None if pick.random() < 0.6 else pick.random() < 0.5 for _ in range(length)]
        placements = [[i for i in range(length) if bits[i] and (i == 0 or not bits[i - 1])]
                      for bits in itertools.product((False, True), repeat=length)
                      if clue_of_line(bits) == clue
                      and all(c is None or c == b for c, b in zip(cells, bits))]
        if not placements:
            assert lines.leftmost(clue, cells) is None
            continue
        assert lines.leftmost(clue, cells) == [min(p[j] for p in placements)
                                               for j in range(len(clue))]
        assert lines.rightmost(clue, cells) == [max(p[j] for p in placements)
                                                for j in range(len(clue))]


def test_an_automaton_keeps_what_it_kept():
    # The count's narrowing skips a line still as allowed() left it: asked again, allowed()
    # must keep exactly that. Every clue of up to three runs on lines of 6, from random
    # partial values (each cell empty, shaded or either), some left with no line at all.
    from bookmaker.core.nonogram.automata import EITHER, allowed, pattern

    pick, narrowed, refused = random.Random(5), 0, 0
    for runs in [(), (1,), (2,), (6,), (1, 1), (2, 3), (1, 1, 1), (1, 2, 1)]:
        for _ in range(40):
            values = [pick.choice((1, 2, EITHER, EITHER)) for _ in range(6)]
            kept = allowed(pattern(runs), values)
            if kept is None or 0 in kept:
                refused += 1
                continue
            narrowed += kept != values
            assert allowed(pattern(runs), kept) == kept, (runs, values)
    assert narrowed > 50 and refused > 50


def _brute_count(puzzle):
    height, width = puzzle.height, puzzle.width
    return sum(1 for bits in itertools.product((False, True), repeat=height * width)
               if row_clues([bits[r * width:(r + 1) * width] for r in range(height)])
               == puzzle.rows and column_clues(
                   [bits[r * width:(r + 1) * width] for r in range(height)]) == puzzle.columns)


def test_both_proofs_count_what_brute_force_counts():
    pick = random.Random(11)
    counts = []
    for _ in range(60):
        height, width = pick.randint(2, 3), pick.randint(2, 4)
        puzzle = Nonogram.of_picture([[pick.random() < 0.5 for _ in range(width)]
                                      for _ in range(height)])
        truth = min(_brute_count(puzzle), 3)
        assert count_solutions(puzzle, 3) == truth
        assert count_by_automata(puzzle.rows, puzzle.columns, (), 3) == truth
        counts.append(truth)
    assert {1, 2} <= set(counts)  # unique and ambiguous puzzles both met


@pytest.mark.parametrize("seed, expected", [(461, "simple"), (0, "overlaps"),
                                            (432, "edge forcing"), (295, "contradictions")])
def test_four_grades_by_the_hardest_technique(seed, expected):
    puzzle = Nonogram.of_picture(random_grid(6, 6, Rng(seed), 55))
    solver = solve(puzzle)
    assert grade(solver) == expected
    assert len(GRADE_NAMES) == 4
    assert [list(row) for row in solver.cells] == [list(row) for row in puzzle.solution]
    assert expected in {step.technique for step in solver.steps} | {"simple"}
    for step in solver.steps:
        assert all(puzzle.solution[r][c] == shaded for r, c, shaded in step.cells), step


def test_a_stuck_solve_has_no_grade():
    puzzle = Nonogram.of_picture([[True, False], [False, True]])
    assert grade(solve(puzzle)) is None and count_solutions(puzzle) == 2


def test_random_grid_made_unique_is_pinned():
    rng = Rng(derive_seed(0, "nonogram"))
    made = make_from_picture(random_grid(15, 15, rng, 45), rng)
    assert made.flipped == ((2, 9),)
    assert made.puzzle.givens == (
        (3, 13, True), (4, 6, False), (4, 14, True), (6, 11, False), (8, 12, False),
        (9, 0, True), (9, 5, False), (9, 6, False), (10, 12, True), (13, 7, True),
        (13, 14, True))
    assert made.puzzle.rows[:3] == ((2, 1, 3, 1, 1), (1, 2, 1), (1, 2, 2, 1, 4))
    assert grade(solve(made.puzzle)) == "overlaps"


def test_the_bundled_pictures_are_titled_and_sized():
    pictures = bundled_pictures()
    assert {p.name for p in pictures} == set(CHANGES)
    assert all(p.title != p.name for p in pictures)
    assert all(10 <= min(len(p.grid), len(p.grid[0])) <= 30 for p in pictures)


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_every_bundled_picture_makes_a_unique_puzzle_by_both_proofs(name):
    picture = next(p for p in bundled_pictures() if p.name == name)
    made = make_from_picture(picture.grid, Rng(derive_seed(1, picture.name)))
    puzzle = made.puzzle
    assert count_solutions(puzzle) == 1
    assert count_by_automata(puzzle.rows, puzzle.columns, puzzle.givens) == 1
    solver = solve(puzzle)
    assert solver.solved
    for step in solver.steps:
        assert all(puzzle.solution[r][c] == shaded for r, c, shaded in step.cells), step
    differ = sum(a != b for row, pic in zip(puzzle.solution, picture.grid)
                 for a, b in zip(row, pic))
    assert differ == len(made.flipped)
    assert (len(made.flipped), len(puzzle.givens)) == CHANGES[name]
    if name in ("rocket", "umbrella"):  # probing keeps them as drawn, where a flip would do
        assert grade(solver) == "contradictions"


@pytest.mark.parametrize("name, height, width, flips, givens", [
    ("castle", 20, 40, 0, 0), ("cat", 5, 5, 0, 0), ("car", 8, 20, 0, 0)])
def test_pictures_scaled_to_rectangles_and_the_smallest(name, height, width, flips, givens):
    picture = next(p for p in bundled_pictures() if p.name == name)
    made = make_from_picture(scale(picture.grid, height, width), Rng(derive_seed(1, name)))
    assert (made.puzzle.height, made.puzzle.width) == (height, width)
    assert (len(made.flipped), len(made.puzzle.givens)) == (flips, givens)
    assert count_by_automata(made.puzzle.rows, made.puzzle.columns, made.puzzle.givens) == 1


def test_text_bitmap_errors_name_file_and_line():
    with pytest.raises(PictureError, match=r"cat.txt, line 4: 'x' is neither"):
        parse_text_bitmap("title: Cat\n\n#..#\n#x.#\n", "cat.txt")
    with pytest.raises(PictureError, match=r"cat.txt, line 4: 3 cells wide, the rows above are 4"):
        parse_text_bitmap("title: Cat\n\n#..#\n#.#\n", "cat.txt")
    with pytest.raises(PictureError, match=r"blank.txt: no cell is shaded"):
        parse_text_bitmap("...\n...\n", "blank.txt")
    picture = parse_text_bitmap("title: A dot\n\n.#.\n", "dot.txt")
    assert (picture.name, picture.title, picture.grid) == ("dot", "A dot", ((False, True, False),))


def test_png_is_averaged_into_cells(tmp_path):
    image = Image.new("RGBA", (40, 20), (255, 255, 255, 255))
    for x in range(20):
        for y in range(10):
            image.putpixel((x, y), (0, 0, 0, 255))
    image.putpixel((39, 19), (0, 0, 0, 0))  # transparent counts as white
    image.save(tmp_path / "corner.png")
    grid = read_picture(tmp_path / "corner.png", 10, None).grid
    assert len(grid) == 10 and len(grid[0]) == 20
    assert grid[0][0] and grid[4][9] and not grid[5][0] and not grid[0][10]
    with pytest.raises(PictureError, match="5 to 40 cells a side"):
        read_picture(tmp_path / "corner.png", 2, 4)
    Image.new("L", (30, 30), 255).save(tmp_path / "white.png")
    with pytest.raises(PictureError, match="white.png: no cell is shaded"):
        read_picture(tmp_path / "white.png", 10, 10)
    (tmp_path / "bad.png").write_bytes(b"not a png")
    with pytest.raises(PictureError, match="bad.png: not an image"):
        read_picture(tmp_path / "bad.png", 10, 10)


HEART_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M50 88 '
             'L12 48 A20 20 0 0 1 50 22 A20 20 0 0 1 88 48 Z" fill="black"/></svg>')


def test_an_svg_drawing_is_drawn_then_averaged_into_cells(tmp_path):
    import gzip

    (tmp_path / "heart.svg").write_text(HEART_SVG, encoding="utf-8")
    grid = read_picture(tmp_path / "heart.svg", 15, 15).grid
    assert ["".join(".#"[cell] for cell in row) for row in grid][2:13] == [
        "...####.####...", "..###########..", ".#############.", ".#############.",
        ".#############.", "..###########..", "...#########...", "....#######....",
        ".....#####.....", "......###......", ".......#......."]
    (tmp_path / "heart.svgz").write_bytes(gzip.compress(HEART_SVG.encode()))
    assert read_picture(tmp_path / "heart.svgz", 15, 15).grid == grid
    assert len(read_picture(tmp_path / "heart.svg", None, 10).grid) == 10  # square viewBox
    (tmp_path / "bad.svg").write_text("<svg nonsense", encoding="utf-8")
    with pytest.raises(PictureError, match="bad.svg: not an SVG drawing resvg can draw"):
        read_picture(tmp_path / "bad.svg", 10, 10)
    with pytest.raises(PictureError, match="nosuch.svg: cannot read the picture"):
        read_picture(tmp_path / "nosuch.svg", 10, 10)


def test_scale_keeps_the_shape():
    grid = ((True,) * 6 + (False,) * 4,) * 6 + ((False,) * 6 + (True,) * 4,) * 4
    top, bottom = (True,) * 3 + (False,) * 2, (False,) * 3 + (True,) * 2
    assert scale(grid, 5, 5) == (top,) * 3 + (bottom,) * 2
    assert scale(grid, None, 6) == scale(grid, 6, 6)
