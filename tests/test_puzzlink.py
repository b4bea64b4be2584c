"""puzz.link (pzprjs) URLs: every kind pzprjs has written and read back, pzprjs's own
example URLs read and solved to the answers its tests give, the plain-grid forms of
Slitherlink, Hashi and Star Battle, the record's field, `export --formats puzzlink`, and
URL lines in `check` and `solve` (a bad one named by file and line)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from exchangedata import LINES, puzzle_of

from bookmaker.cli import main
from bookmaker.core.exchange.puzzlink import PuzzlinkError, puzzlink_url, read_puzzlink
from bookmaker.core.exchange.record import About, puzzle_record
from bookmaker.core.kinds.puzzlink import hashi_rows, hashi_url, slither_rows, slither_url
from bookmaker.core.kinds.pzprcodes import (
    decode_borders,
    decode_clues,
    decode_numbers,
    encode_borders,
    encode_clues,
    encode_numbers,
)
from bookmaker.core.registry import kind_named, kind_of_puzzle
from bookmaker.core.rng import Rng
from bookmaker.core.starbattle.layout import STAR, Layout
from bookmaker.core.starbattle.puzzlink import layout_of_body, starbattle_url
from bookmaker.core.starbattle.solver import solve_starbattle

# The URLs of the puzzles exchangedata.py holds (its seed-11 lines), pinned
URLS = {
    "classic": "https://puzz.link/p?sudoku/9/9/8g7i9h6h7l2s423h5j9h12h3g763g1h7j4h86g1k4i8",
    "classic 6x6": "https://puzz.link/p?sudoku/6/6/h35g2l2o6h1g4h4g5h3",
    "classic 16x16": "https://puzz.link/p?sudoku/16/16/1g2idg4gapbh1h8eic7-1095gf2gbi3ak6gah7"
                     "hfg-10cg-10id1mekbidgcfah4k4gfe86i2gadh83i4h-105hfle51gb3g7g9i-1082hejb"
                     "g2b37h4s1j6g7h5g6ek1o2g13m9gcd35i27i8ifeg4d-10h6g3h9b7g2",
    "kakuro 8x8": "https://puzz.link/p?kakuro/7/7/l.83ld0l4Bn0dmf6leal9el.lfCm80n05l0hl.0cl3P4"
                  "P64bj",
    "skyscrapers": "https://puzz.link/p?skyscrapers/5/5/32g323h1n42gw1m",
    "nonogram": "https://puzz.link/p?nonogram/10/10/k22i36i62i8j8j8j62i36i22i11i22i7j232h9j7j5j7"
                "j9j9j",
    "starbattle": "https://puzz.link/p?starbattle/6/6/1/332alj00e1s4",
    "hashi": "https://puzz.link/p?hashi/7/7/m3g5h4o2h1o2g3g2i4i4g",
    "slitherlink": "https://puzz.link/p?slither/7/7/2bdgbi1ag1ah6bc2120dica",
}
UNLINKED = [key for key in LINES if key not in URLS]


@pytest.mark.parametrize("key", URLS)
def test_a_puzzle_has_its_pinned_url_and_reads_back_from_it(key):
    puzzle = puzzle_of(key)
    assert puzzlink_url(puzzle) == URLS[key]
    read = read_puzzlink(URLS[key])
    assert (read.kind, read.givens, read.extras) == \
        (kind_of_puzzle(puzzle), puzzle.givens, puzzle.extras)


@pytest.mark.parametrize("key", UNLINKED)
def test_a_kind_pzprjs_lacks_has_no_url_and_its_record_says_why(key):
    puzzle = puzzle_of(key)
    record = puzzle_record(puzzle, About())
    assert puzzlink_url(puzzle) is None and record["puzzlink"] is None
    assert record["puzzlink_absent"].startswith(("puzz.link (pzprjs) has no",
                                                 "puzz.link's (pzprjs's) Sudoku has"))


def test_a_record_carries_its_url():
    record = json.loads(json.dumps(puzzle_record(puzzle_of("skyscrapers"), About())))
    assert record["puzzlink"] == URLS["skyscrapers"] and "puzzlink_absent" not in record


# pzprjs's own examples (robx/pzprjs test/script/<variety>.js: each `url`, and the answer
# of its failcheck entry whose error is null), as our kinds read and solve them
PZPRJS = {
    "sudoku": ("4/4/g1k23k3g", "classic", "2143431234211234"),
    "kakuro": ("5/5/48la0.na0lh3l0Bn.0cl.c4a3", "kakuro", "5334121212193884"),
    "skyscrapers": ("4/4/k13h4j3g", "skyscrapers", "2143123443123421"),
    "nonogram": ("6/6/12g1111h11112j12g11g21j11g3h", "nonogram",
                 "##-#--/#---#-/-#-##-/------/#---#-/-###--"),
}


@pytest.mark.parametrize("variety", PZPRJS)
def test_pzprjs_examples_solve_to_pzprjs_answers_and_encode_back(variety):
    body, name, answer = PZPRJS[variety]
    url = f"https://puzz.link/p?{variety}/{body}"
    read = read_puzzlink(url)
    kind = kind_named(name)
    assert read.kind is kind
    found = kind.solutions(read.givens, read.extras, limit=2)
    assert found.count == 1 and found.solution is not None
    assert kind.answer_line(read.givens.__class__(read.givens.shape, found.solution)) == answer
    form = kind.exchange.puzzlink
    assert form is not None and form.url(read.givens, kind.write(read.givens, read.extras)) == url


def test_pzprjs_slitherlink_and_hashi_examples_read_as_plain_grids_and_back():
    # test/script/slither.js and hashikake.js (puzz.link names Hashi's URLs 'hashi')
    assert slither_rows(5, 5, "cbcbcddad") == [
        [2, None, None, 1, None], [None, 2, None, None, 1], [None, None, 2, None, None],
        [3, None, None, 3, None], [None, 0, None, None, 3]]
    assert slither_url(slither_rows(5, 5, "cbcbcddad")) == "https://puzz.link/p?slither/5/5/cbcbcddad"
    islands = hashi_rows(5, 5, "4g2i3h23k3g1g3g4g3")
    assert islands == [[4, None, 2, None, None], [None, 3, None, None, 2],
                       [3, None, None, None, None], [None, 3, None, 1, None],
                       [3, None, 4, None, 3]]
    assert hashi_url(islands) == "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3"


def test_pzprjs_star_battle_example_reads_as_its_layout_and_solves_to_its_answer():
    # test/script/starbattle.js: its regions and the stars of its answer, row by row
    layout = layout_of_body(6, 6, "1/4ilbhgdnmhou")
    assert layout.regions == (0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 2, 2, 0, 3, 3, 4, 4, 2,
                              5, 5, 3, 3, 4, 2, 5, 4, 4, 4, 4, 2, 5, 2, 2, 2, 2, 2)
    assert starbattle_url(layout) == "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
    found = solve_starbattle(layout)
    assert found.count == 1
    stars = [cell for cell, value in enumerate(found.solution) if value == STAR]
    assert stars == [1, 9, 17, 20, 28, 30]


def test_a_two_star_layout_round_trips():
    # ten 2x5 rectangles: two rows of the left half, two of the right, and so on down
    regions = tuple(cell // 20 + 5 * (cell % 10 >= 5) for cell in range(100))
    layout = Layout(10, 2, _reading(regions))
    url = starbattle_url(layout)
    assert url.startswith("https://puzz.link/p?starbattle/10/10/2/")
    assert layout_of_body(10, 10, url.split("/", 6)[-1]) == layout


def _reading(regions: tuple[int, ...]) -> tuple[int, ...]:
    numbers: dict[int, int] = {}
    return tuple(numbers.setdefault(r, len(numbers)) for r in regions)


@pytest.mark.parametrize("seed", range(6))
def test_the_codes_round_trip_on_random_cells(seed):
    rng = Rng(seed)
    cells = [None if rng.below(3) else rng.below(300) for _ in range(97)]
    text = encode_numbers(cells)
    assert decode_numbers(text + "xyz", 97) == (cells, "xyz")
    clues = [None if rng.below(4) else rng.below(4) for _ in range(61)]
    assert decode_clues(encode_clues(clues), 61) == (clues, "")
    regions = [[(r // 3) * 3 + (c + rng.below(2)) // 4 for c in range(7)] for r in range(6)]
    numbered, rest = decode_borders(encode_borders(regions), 6, 7)
    assert rest == "" and encode_borders(numbered) == encode_borders(regions)


def test_long_runs_of_empty_cells_split_at_twenty():
    assert encode_numbers([None] * 45 + [7]) == "zzk7"
    assert encode_clues([None] * 21 + [3]) == "zgd"  # a clue at the end folds in two


@pytest.mark.parametrize("url, message", [
    ("https://puzz.link/p?slither/4/4/cbcbcddad", "'dad' is left over after the puzzle's cells"),
    ("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3",
     "not a Hashi puzz.link URL bookmaker reads: wrong length: 25 squares; a Hashi is 7x7 to "
     "25x25"),
    ("https://puzz.link/p?kenken/4/4/gg", "puzz.link's 'kenken' is no kind bookmaker has"),
    ("https://puzz.link/p?sudoku/8/8/zz", "a puzz.link Sudoku is 4x4, 6x6, 9x9, 16x16 or 25x25"),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3g5", "left over after the puzzle's cells"),
    ("https://puzz.link/p?sudoku/4/4/g5k23k3g", "5 is not a value from 1 to 4"),
    ("https://puzz.link/p?kakuro/5/5/48la0", "codes fewer than 25 squares"),
    ("https://puzz.link/p?nonogram/6/6/12", "codes 2 cells, not 36"),
    ("https://puzz.link/p?sudoku/4", "COLUMNS/ROWS/CELLS after its variety"),
    ("https://example.com/", "not a puzz.link URL"),
])
def test_a_bad_url_says_why(url, message):
    with pytest.raises(PuzzlinkError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_puzzlink(url)


def test_a_kakuro_total_written_as_none_reads_as_no_total():
    # pzprjs writes '-' for a clue square's total it has no number for
    assert read_puzzlink("https://puzz.link/p?kakuro/5/5/48la-.na0lh3l0Bn.0cl.c4a3") == \
        read_puzzlink(f"https://puzz.link/p?kakuro/{PZPRJS['kakuro'][0]}")


def test_what_pzprjs_cannot_show_is_named():
    nonogram = kind_named("nonogram")
    givens, extras = nonogram.read("1/1/5/1/1 1/1/5/1/1 ..#......................")
    assert nonogram.exchange.puzzlink_url(givens, nonogram.write(givens, extras)) == \
        (None, "puzz.link's Nonogram has no given cells")
    classic = kind_named("classic")
    givens, _ = classic.read("." * 64)  # 8x8: boxes of 2 rows by 4 columns
    assert classic.exchange.puzzlink_url(givens, "." * 64)[1].startswith(
        "puzz.link's Sudoku is 4x4, 6x6 (boxes of 2 rows by 3 columns)")


def test_check_and_solve_read_url_lines(runner, tmp_path):
    path = tmp_path / "links.txt"
    path.write_text("# pzprjs's examples\n" + "".join(
        f"https://puzz.link/p?{variety}/{body}\n" for variety, (body, _, _) in PZPRJS.items()))
    checked = runner.invoke(main, ["check", str(path)])
    assert checked.exit_code == 0 and checked.output == \
        "2: unique\n3: unique\n4: unique\n5: unique\n"
    solved = runner.invoke(main, ["solve", str(path)])
    assert solved.exit_code == 0
    assert solved.output.splitlines() == [answer for _, _, answer in PZPRJS.values()]


def test_solve_names_a_bad_url_by_file_and_line_and_exits_2(runner, tmp_path):
    path = tmp_path / "links.txt"
    path.write_text("https://puzz.link/p?sudoku/4/4/g1k23k3g\n\n"
                    "https://puzz.link/p?nurikabe/5/5/g1k23k3g\n")
    solved = runner.invoke(main, ["solve", str(path)])
    assert solved.exit_code == 2 and solved.stdout == ""
    assert solved.stderr == (f"{path}:3: puzz.link's 'nurikabe' is no kind bookmaker has; "
                             f"it reads sudoku, skyscrapers, kakuro, nonogram, starbattle, "
                             f"hashi, slither\n")
    assert "Traceback" not in solved.stderr


def test_a_url_of_another_kind_than_the_stated_one_is_refused(runner, tmp_path):
    path = tmp_path / "links.txt"
    path.write_text("https://puzz.link/p?sudoku/4/4/g1k23k3g\n")
    solved = runner.invoke(main, ["solve", "--variant", "kakuro", str(path)])
    assert solved.exit_code == 2
    assert solved.stderr == (f"{path}:1: the URL's puzzle is puzz.link's sudoku, not a "
                             f"kakuro (--variant kakuro)\n")


def test_export_writes_one_url_a_line_and_says_where_there_is_none(runner, tmp_path):
    lines = tmp_path / "sky.txt"
    lines.write_text(LINES["skyscrapers"] + "\n")
    done = runner.invoke(main, ["export", str(lines), "--variant", "skyscrapers",
                                "--formats", "puzzlink,feed", "-o", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "out" / "puzzlink.txt").read_text() == URLS["skyscrapers"] + "\n"
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out" / "feed.csv").read_text())))
    assert rows[0]["puzzlink"] == URLS["skyscrapers"]
    binairo = tmp_path / "bin.txt"
    binairo.write_text(LINES["binairo"] + "\n")
    done = runner.invoke(main, ["export", str(binairo), "--variant", "binairo",
                                "--formats", "puzzlink", "-o", str(tmp_path / "bin")])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "bin" / "puzzlink.txt").read_text() == \
        "# bin-1: no puzz.link URL: puzz.link (pzprjs) has no Binairo (Takuzu)\n"


def test_a_rectangular_nonogram_names_its_columns_first():
    # a 5-row, 7-column frame; its URL written by hand from pzprjs's rule (each column's
    # clue in 3 slots nearest the grid first, then each row's in 4)
    line = "7/1,1/1,3,1/1,1/7 5/1,1/1,1,1/1,1,1/1,1,1/1,1/5"
    url = "https://puzz.link/p?nonogram/7/5/5h11g11111111111g5h7i11h131g11h7i"
    nonogram = kind_named("nonogram")
    givens, extras = nonogram.read(line)
    assert nonogram.exchange.puzzlink_url(givens, line) == (url, None)
    read = read_puzzlink(url)
    assert (read.givens, read.extras) == (givens, extras)
    assert read.givens.shape.frame == (5, 7)
