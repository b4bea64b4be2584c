"""Colour Nonograms (issue 39): the engine's two proofs, the kind on every surface it
shares with the Nonogram, its pictures, and 50 pinned puzzles."""

from __future__ import annotations

import itertools
import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookmaker import cli
from bookmaker.core.board.grid import GridError
from bookmaker.core.board.shape import nonogram_of
from bookmaker.core.kinds.kind import MakeRequest
from bookmaker.core.nonogram import colourlines
from bookmaker.core.nonogram.colourautomata import grids_by_colour_automata
from bookmaker.core.nonogram.colourkind import engine_puzzle
from bookmaker.core.nonogram.colourpuzzle import ColourNonogram, clue_of_line
from bookmaker.core.nonogram.coloursolver import count_solutions
from bookmaker.core.registry import find_kind, kind_named, kind_of_puzzle
from bookmaker.design.painted import bundled_paintings, job_painting

KIND = kind_named("color-nonogram")
STRAWBERRY = ("0/6b/8b/8a/8a/8a/7a/6a/3a/0 0/1b,3a/2b,5a/2b,5a/2b,6a/2b,6a/2b,6a/2b,5a/"
              "1b,4a/0 d0312d,2e8b3a")
PLUS = "1a/1a/5b/1a/1a 1b/1b/2a,1b,2a/1b/1b ff0000,0000ff"  # touching colours need no blank


def test_the_kind_is_found_by_its_names_and_its_answer_is_colours():
    assert {find_kind(word) for word in ("color-nonogram", "colour-nonogram",
                                         "Colour Pic a Pix")} == {KIND}
    assert KIND.answer.form == "colours" and KIND.pictured
    assert KIND is not kind_named("nonogram")


def test_a_puzzle_made_from_a_bundled_colour_picture_is_pinned_by_its_seed():
    picture = job_painting("strawberry", 10, 10, 0)
    assert picture is not None and picture.palette == ("d0312d", "2e8b3a")
    puzzle = KIND.make(MakeRequest(nonogram_of(10, 10), 5, picture=picture))
    assert KIND.line(puzzle) == STRAWBERRY
    assert (puzzle.grade, puzzle.hardest, round(puzzle.score, 3)) == ("easy", "overlaps", 1.552)
    assert KIND.answer_line(puzzle.solution).startswith("----------/--bbbbbb--/-bbbbbbbb-/")
    assert kind_of_puzzle(puzzle) is KIND


def test_a_random_grid_is_made_only_when_asked_and_is_pinned_too():
    puzzle = KIND.make(MakeRequest(nonogram_of(5, 5), 3))  # no picture: random
    assert KIND.line(puzzle) == KIND.write(*KIND.read(KIND.line(puzzle)))
    assert KIND.line(puzzle) == ("1a,2a,1c/1b/1b,2c,1b/2b,1a/2c,1a 1a,1b,1c/1c,1b,1c/1a,1c,1b/"
                                 "1a,1b/1c,1b,2a c0392b,2e6fb0,f1c40f " + "." * 13 + "-" +
                                 "." * 11)


def test_a_random_grid_asked_for_a_grade_is_of_that_grade():
    """bench_every_grade found easy random grids of another grade (6x6 seed 14 hard, and a
    fifth of the seeds from 11x11 on): the grid gets the cells its first harder step
    settles printed (here one blank), as a black-and-white random grid does."""
    first = KIND.make(MakeRequest(nonogram_of(6, 6), 14))  # 'any': the grid as drawn
    easy = KIND.make(MakeRequest(nonogram_of(6, 6), 14, "easy"))
    assert (first.grade, easy.grade) == ("hard", "easy")
    assert easy.solution == first.solution
    assert KIND.line(easy) == KIND.line(first) + " " + "." * 26 + "-" + "." * 9
    assert KIND.line(first) == ("1a,2b,2c/2a,1b,1c,2a/2c,1b,1a/1a,1c,1a,2b/1b,2c/1a,1c,1c "
                                "2a,1a/1b,1a,2c,1b,1a/2b,1c,1c/2c,1b,1a,1c/1c,1a,1b,1c/"
                                "2a,1b,1c c0392b,2e6fb0,f1c40f")


def test_blocks_of_two_colours_touch_and_of_one_colour_do_not():
    assert clue_of_line([1, 1, 2, 0, 2, 2, 1]) == ((2, 1), (1, 2), (2, 2), (1, 1))
    givens, clues = KIND.read(PLUS)
    assert KIND.solutions(givens, clues).count == 1
    assert KIND.answer_line(KIND.read_answer("--a--/--a--/bbbbb/--a--/--a--",
                                             givens.shape)) == "--a--/--a--/bbbbb/--a--/--a--"
    # Two reds in a row of 3 are 1a,1a: a blank between them, so the line is 'a-a'.
    assert KIND.solutions(*KIND.read("1a,1a/0/1a,1a/0/0 1a,1a/0/1a,1a/0/0 ff0000")).count == 1


def test_lines_read_back_to_themselves_givens_too():
    for line in (STRAWBERRY, PLUS, *(row.split(" ", 3)[3] for row in _pinned()[:10])):
        assert KIND.write(*KIND.read(line)) == line


@pytest.mark.parametrize("line, message", [
    ("1a/1a/5b/1a/1a 1b/1b/2a,1b,2a/1b/1b", "got 2 parts"),
    ("1a/1a/5c/1a/1a 1b/1b/2a,1b,2a/1b/1b ff0000,0000ff", "row 3: bad clue '5c'"),
    ("1a/1a/5b/1a/1a 1b/1b/2a,1b,2a/1b/1b ff0000,00f", "palette: bad colour '00f'"),
    ("3a,3a/0/0/0/0 0/0/0/0/0 ff0000", "row 1: the runs 3a,3a need 7 cells, the line has 5"),
    ("1a/1a/5b/1a/1a 1b/1b/2a,1b,2a/1b/1a ff0000,0000ff", "the row clues colour 4 cells a, "
                                                          "the column clues 5"),
    ("1a/1a/5b/1a/1a 1b/1b/2a,1b,2a/1b/1b ff0000,0000ff c" + "." * 24, "bad symbol 'c'"),
])
def test_bad_lines_say_what_is_wrong(line, message):
    with pytest.raises(GridError, match=message):
        KIND.read(line)


@cache
def every_line(length: int, colours: int) -> tuple[tuple[tuple[int, ...], object], ...]:
    """Every line of this length in these colours (0 empty), with its clue: listed once
    for the 400 random lines below, not once each."""
    return tuple((line, clue_of_line(line))
                 for line in itertools.product(range(colours + 1), repeat=length))


def test_the_line_solver_keeps_exactly_the_values_of_every_placement():
    rng = random.Random(7)
    for _ in range(400):
        length, colours = rng.randint(1, 7), rng.randint(1, 3)
        clue = clue_of_line([rng.randint(0, colours) for _ in range(length)])
        masks = [rng.randint(1, (1 << colours + 1) - 1) for _ in range(length)]
        lines = [line for line, its_clue in every_line(length, colours)
                 if its_clue == clue and all(m >> v & 1 for m, v in zip(masks, line))]
        found = colourlines.edge_forcing(clue, masks)
        if not lines:
            assert found is None or 0 in found.values()
            continue
        assert found is not None
        kept = [found.get(i, mask) for i, mask in enumerate(masks)]
        assert kept == [sum({1 << line[i] for line in lines}) for i in range(length)]
        for i, mask in (colourlines.overlaps(clue, masks) or {}).items():  # never wrong
            assert kept[i] & ~mask == 0


def test_both_proofs_count_alike_on_small_grids_of_many_solutions():
    rng = random.Random(11)
    counts = set()
    for _ in range(120):
        height, width, colours = rng.randint(2, 5), rng.randint(2, 5), rng.randint(1, 3)
        picture = [[rng.randint(0, colours) for _ in range(width)] for _ in range(height)]
        puzzle = ColourNonogram.of_picture(picture, colours)
        by_lines: list = []
        count = count_solutions(puzzle, 20, by_lines)
        by_automata, grids = grids_by_colour_automata(puzzle.rows, puzzle.columns, colours,
                                                      limit=20)
        assert count == by_automata
        assert sorted(tuple(v for row in grid for v in row) for grid in by_lines) == \
            sorted(grids)
        counts.add(min(count, 3))
    assert counts == {1, 2, 3}


def test_the_second_proof_refuses_a_puzzle_of_two_solutions():
    from bookmaker.core.solve.verify import VerificationError

    givens, clues = KIND.read("1a/1a/0/0/0 1a/1a/0/0/0 ff0000")
    assert KIND.solutions(givens, clues).count == 2
    puzzle = KIND.make(MakeRequest(nonogram_of(5, 5), 1))
    with pytest.raises(VerificationError):
        KIND.verify(puzzle.__class__(givens, puzzle.solution, 1, extras=clues))


def test_the_repeat_key_holds_under_turns_and_mirrors_but_not_a_swap_of_colours():
    givens, clues = KIND.read(STRAWBERRY)
    mirrored = KIND.read("0/6b/8b/8a/8a/8a/7a/6a/3a/0 0/1b,4a/2b,5a/2b,6a/2b,6a/2b,6a/2b,5a/"
                         "2b,5a/1b,3a/0 d0312d,2e8b3a")
    swapped = KIND.read(STRAWBERRY.replace("a", "x").replace("b", "a").replace("x", "b")
                        .replace("d0312d,2e8b3a", "d0312d,2e8b3a"))
    key = KIND.repeat_key(givens, clues)
    assert KIND.repeat_key(*mirrored) == key
    assert KIND.repeat_key(*swapped) != key
    assert key.startswith("color-nonogram 10x10:")


def test_the_clues_are_marks_in_their_colours_with_the_palette():
    givens, clues = KIND.read(PLUS)
    marks = KIND.marks(givens, clues)
    assert marks.palette == ("ff0000", "0000ff")
    assert [(e.side, e.index, e.text, e.ring, e.colour) for e in marks.edges][:3] == [
        ("left", 0, "1", 0, 1), ("left", 1, "1", 0, 1), ("left", 2, "5", 0, 2)]


def test_a_picture_file_is_reduced_to_its_few_colours_and_white(tmp_path):
    from PIL import Image

    image = Image.new("RGB", (40, 40), "white")
    for x in range(40):
        for y in range(40):
            if 8 <= x < 32 and 8 <= y < 20:
                image.putpixel((x, y), (200, 30, 30))
            elif 8 <= x < 32 and 20 <= y < 32:
                image.putpixel((x, y), (30, 60, 200))
    path = tmp_path / "flag.png"
    image.save(path)
    picture = job_painting(str(path), 5, 5, 0)
    # The two fills cover as many pixels: blue is 'a' by its bucket's order; the middle
    # row, half of each, takes the lower value.
    assert picture is not None and picture.palette == ("1e3cc8", "c81e1e")
    assert picture.cells == ((0,) * 5, (0, 2, 2, 2, 0), (0, 1, 1, 1, 0), (0, 1, 1, 1, 0),
                             (0,) * 5)


def test_generate_solve_check_and_grade_on_the_command_line(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli.main, ["generate", "--variant", "colour-nonogram", "--size",
                                    "10x10", "--picture", "strawberry", "--seed", "5"])
    assert made.exit_code == 0, made.output
    path = tmp_path / "p.txt"
    path.write_text(made.output, encoding="utf-8")
    for command, said in (("solve", "----------/--bbbbbb--/"), ("check", "unique"),
                          ("grade", "easy")):
        result = runner.invoke(cli.main, [command, "--variant", "color-nonogram", str(path)])
        assert result.exit_code == 0 and said in result.output, result.output
    bad = runner.invoke(cli.main, ["generate", "--variant", "color-nonogram", "--size", "10x10",
                                   "--seed", "1", "--picture", "no-such-painting"])
    assert bad.exit_code != 0 and "no-such-painting: cannot read the picture" in bad.output
    assert "Traceback" not in bad.output


def _pinned() -> list[str]:
    return (Path(__file__).parent / "data" / "color-nonogram-50.txt").read_text().splitlines()


def test_fifty_puzzles_of_mixed_sizes_are_unique_by_both_proofs():
    # tests/data/color-nonogram-50.txt: the two bundled colour pictures at ten sizes (5x5
    # to 20x20, rectangles too), and 30 random grids of 2-4 colours, seeds 2000-2049 (its
    # README says how they were made); each proven by both proofs and graded as pinned.
    rows = _pinned()
    assert len(rows) == 50
    sizes, grades = set(), set()
    for row in rows:
        _source, size, grade, line = row.split(" ", 3)
        givens, clues = KIND.read(line)
        engine = engine_puzzle(givens, clues)
        count, _ = grids_by_colour_automata(engine.rows, engine.columns, engine.colours,
                                            engine.givens)
        assert KIND.solutions(givens, clues).count == 1 and count == 1, row
        assert KIND.grade(givens, clues).grade == grade, row
        sizes.add(size)
        grades.add(grade)
    assert len(sizes) >= 12 and grades == {"easy", "medium", "hard"}


def test_a_book_hands_colour_sections_the_colour_pictures(tmp_path):
    from bookmaker.book.plan import plan
    from bookmaker.spec import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n"
                    "  - {name: Colour, variant: color-nonogram, size: 10x10, count: 2}\n"
                    "  - {name: Plain, variant: nonogram, size: 10x10, count: 2}\n",
                    encoding="utf-8")
    planned = plan(load_spec(spec))
    painted = {painting.name for painting in bundled_paintings()}
    assert len({p.job.handed for p in planned[:2]}) == 2
    assert {p.job.handed for p in planned[:2]} <= painted
    assert all(p.job.handed and p.job.handed not in painted for p in planned[2:])


def test_colours_print_as_greys_ranked_by_lightness_and_dark_clues_in_white():
    from bookmaker.design.inks import print_greys, text_grey

    # red, blue, yellow: red the darkest (its lightness 0.33, blue's 0.40), yellow the
    # lightest
    assert print_greys(("c0392b", "2e6fb0", "f1c40f")) == (0.2, 0.5, 0.8)
    assert print_greys(("ff0000",)) == (0.2,)
    assert (text_grey(0.2), text_grey(0.8)) == (1.0, 0.0)


def test_a_book_prints_tinted_clues_and_its_answer_under_the_pictures_title(tmp_path):
    import pypdfium2 as pdfium

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n"
                    "  - {name: C, variant: color-nonogram, size: 10x10, count: 1, "
                    "picture: strawberry}\n", encoding="utf-8")
    result = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(tmp_path / "out" / "t.pdf"))
    texts = [page.get_textpage().get_text_range() for page in pdf]
    answer = next(i for i, text in enumerate(texts) if "A strawberry" in text)
    puzzle = next(i for i, text in enumerate(texts) if "Colour Nonogram" in text and i > 3)
    greys = set(pdf[answer].render(scale=1).to_pil().convert("L").tobytes())
    assert {51, 204} <= greys  # the strawberry's red (0.2) and its leaves' green (0.8)
    clue_greys = set(pdf[puzzle].render(scale=1).to_pil().convert("L").tobytes())
    assert {51, 204} <= clue_greys
    rgb = pdf[answer].render(scale=1).to_pil().convert("RGB").tobytes()  # greys alone, the
    assert rgb[0::3] == rgb[1::3] == rgb[2::3]  # default interior (not `interior: colour`)


def _load(tmp_path, section: str):
    from bookmaker.spec import load_spec

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n  - " + section +
                    "\n", encoding="utf-8")
    return load_spec(spec)


def test_a_sections_colours_key_reduces_its_picture_to_as_many(tmp_path):
    from bookmaker.book.plan import plan

    spec = _load(tmp_path, "{name: C, variant: color-nonogram, size: 15x15, count: 1, "
                           "picture: sailboat, colours: 2}")
    job = plan(spec)[0].job
    assert job.colours == 2
    puzzle = KIND.make(job.request)
    # The sail and the hull are kept; the sea joins the hull, now the commonest, and the
    # sun the sail.
    assert puzzle.extras.palette == ("7b4a1e", "c0392b")


@pytest.mark.parametrize("section, message", [
    ("{name: C, variant: color-nonogram, size: 10x10, colours: 5}",
     "book.yaml:3:.*sections\\[0\\].colours: 2 to 4 colours, not 5: a black-and-white page"),
    ("{name: C, variant: nonogram, size: 10x10, colours: 3}",
     "book.yaml:3:.*sections\\[0\\].colours: a Nonogram has no colours: leave colours out"),
    ("{name: C, variant: color-nonogram, size: 10x10, picture: random, colours: 3}",
     "sections\\[0\\].colours: a random grid is red, blue and yellow"),
    ("{name: C, variant: color-nonogram, size: 10x10, count: 7}",
     "sections\\[0\\].count: the 6 bundled colour pictures make 6 colour Nonograms of a "
     "size: ask for at most 6"),
    ("{name: C, variant: color-nonogram, size: 10x10, count: 1, picture: nowhere.svg}",
     "sections\\[0\\].picture: .*nowhere.svg: cannot read the picture"),
])
def test_a_bad_colours_key_or_picture_is_refused_at_load_naming_the_key(tmp_path, section,
                                                                        message):
    import re

    spec = tmp_path / "book.yaml"
    spec.write_text("book: {title: T, seed: 3, layout: kdp-6x9}\nsections:\n  - " + section +
                    "\n", encoding="utf-8")
    refused = CliRunner().invoke(cli.main, ["build", str(spec), "-o", str(tmp_path / "o")])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert re.search(message, " ".join(refused.output.split())), refused.output
    assert not (tmp_path / "o").exists()
