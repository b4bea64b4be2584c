"""Shared test helpers: the public puzzle sets, and checks written apart from the code under
test."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"  # copies of public sets: data/README.md
# The solution of the first top95 puzzle, a solved grid to cut test puzzles from.
SOLVED_9X9 = ("417369825632158947958724316825437169791586432346912758"
              "289643571573291684164875293")
# `bookmaker generate --size 25x25 --seed 1`: a large board the rater and art are tried on.
TWENTY_FIVE = (
    "..PB.F..9.MED5..A.1....8H9....A..3.....7..DN.5.L..7..M....81..C....4JG.OB.P.ID.8"
    "...JC..1.O.PH.5.M...1.A2O5.I..N....K73.L..JE.M2C..71...B.KH6.8G..O.9.D...8..J..L"
    ".2M9.1.F..G.7B...J1H.C8K.....4.3BAP6........B.652...A.CM.KD...NH8...P6G..D....3."
    ".C.O9.JK...6.L.N4F..G.8.E9.5.J...KCJ.............3....K42G5..9...8.7..4O.6A2..C."
    "E3....4E3N.KA127C....O..8..HM..G..A..CM..F9.......P..D..NLJ1..B....6.....M.8HC7."
    "......L..6...2D3.P..F......O...HE.4.P.....N5F..A.I.MGCI.F...1B7N.H.......L62H4.P"
    "D...9J....A.I8..NEGB.L.H...1...J.A....PDNI...OA5I..P..D.9.G.E4.H.3..2MD....B..57"
    "KN.MP6...........2F.38H.A....I...B.J...OGB8.7..9FM.6..L..1.O...AK")


def read_puzzles(name: str) -> list[str]:
    return [line.strip() for line in (DATA / name).read_text().splitlines() if line.strip()]


def numbered(name: str) -> list:
    return [pytest.param(line, id=f"{name}:{i + 1}") for i, line in enumerate(read_puzzles(name))]


def is_valid_solution(solution, givens, box_rows: int, box_cols: int) -> bool:
    """Every row, column and box holds 1..n once, and every given is kept (own geometry)."""
    n = box_rows * box_cols
    if len(solution) != n * n or any(g and g != s for g, s in zip(givens, solution)):
        return False
    rows = [[solution[r * n + c] for c in range(n)] for r in range(n)]
    cols = [[solution[r * n + c] for r in range(n)] for c in range(n)]
    boxes = [[solution[(top + r) * n + left + c] for r in range(box_rows) for c in range(box_cols)]
             for top in range(0, n, box_rows) for left in range(0, n, box_cols)]
    return all(sorted(unit) == list(range(1, n + 1)) for unit in rows + cols + boxes)


def unavoidable_rectangle(solution: str) -> tuple[int, int, int, int]:
    """Four cells (r1,c1) (r1,c2) (r2,c1) (r2,c2) over two boxes of one band holding a,b / b,a."""
    for r1 in range(9):
        for r2 in range(r1 + 1, (r1 // 3 + 1) * 3):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if c1 // 3 == c2 // 3:
                        continue
                    a, b = solution[r1 * 9 + c1], solution[r1 * 9 + c2]
                    if solution[r2 * 9 + c1] == b and solution[r2 * 9 + c2] == a:
                        return r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2
    raise AssertionError("no unavoidable rectangle in this grid")


def blanked(text: str, cells) -> str:
    return "".join("." if i in cells else ch for i, ch in enumerate(text))
