"""Puzzles of every kind for the export tests: one line each (made once by `generate` with
seed 11), proven and made into Puzzles by the kind itself."""

from __future__ import annotations

from bookmaker.core.board.grid import Grid
from bookmaker.core.puzzle import Puzzle
from bookmaker.core.registry import kind_named

# (kind, line) of every kind on main, and the sizes whose ipuz differs (6x6's 2x3 boxes as
# zones, 16x16's charset). A kind added to the registry adds its line here.
LINES = {
    "classic": "8.7...9..6..7......2.............423..5....9..12..3.763.1..7....4..86.1....."
               "4...8",
    "classic 6x6": "..35.2......2.........6..1.4..4.5..3",
    "classic 16x16": "1.2...D.4.A..........B..1..8E...C7G95.F2.B...3A.....6.A..7..F.GC.G...D1..."
                     "....E.....B...D.CFA..4.....4.FE86...2.AD..83...4..G5..F......E51.B3.7.9..."
                     "G82..E....B.2B37..4.............1....6.7..5.6E.....1.........2.13.......9."
                     "CD35...27...8...FE.4DG..6.3..9B7.2",
    "x": "....7....3.1...6..5..1...7.....5............2..7..2..96....7.....9...24........8.",
    "hyper": "..2....3......1..75....9...........23..1.4....6...7.......75.1.......6.......6...",
    "jigsaw": ".43......6....2..7......5.7..........5...4...3... "
              "AAAAABBAACCBBBCCCCDBBCEEDDDDEEFDDGGEEFFGGGEFFFFGG",
    "samurai": "....46......71...4.2..3.8...68.71....3......5...8..7..2.....6...8.6...1......93"
               ".....85..2.....3...4.91...............6....4..25...9..7..576..9......2.......38"
               "5...6......57.1.......3.........65.1....4...93......26..8.....32.......7..2...."
               "..8...15.......2.46......6............23.......7.85.9.3...1...1..46.....728.49."
               "..................2..4...7........5...1236.4.......2...9....5..1..7...9..8..6.."
               "3.......4.",
    "killer": ".................................... ABBCDDAEFCCCAEFFFGAHHHHGIIIJJKLLIJJK "
              "12,8,15,6,3,16,9,15,10,14,7,11",
    "killer-x": ".................................... AABCCCAABDDDEABBFDEGGGFDHHIGFFIIIIJJ "
                "18,15,7,19,8,14,14,4,18,9",
    "calcudoku": "AABBCDEFFCDEEGCHHHGGIIIJJ 6+,2-,12x,2-,6+,3-,8+,9+,9+,5x",
    "calcudoku-add": "ABCDDAEFGHAEEIJKKLMNKLLMN 9+,5,1,6+,12+,2,3,1,4,2,8+,8+,6+,8+",
    "calcudoku-hidden": "ABCCDABEEDFBGHIFJJKILLLMM 4,6,1,3,3,3,4,5,2,1,2,10,4",
    "kakuro 8x8": "X,3\\,35\\,X,X,4\\,35\\,X/\\6,.,.,X,8\\3,.,.,13\\/\\4,.,.,4\\21,.,.,.,./"
                  "X,\\13,.,.,.,15\\6,.,./X,14\\10,.,.,9\\14,.,.,X/\\11,.,.,15\\22,.,.,.,8\\/"
                  "\\19,.,.,.,.,\\5,.,./X,\\17,.,.,X,\\12,.,.",
    "futoshiki": "......1..3..52......4.... <................... ^....v....^.....^..v",
    "skyscrapers": ".................1....... 32.32/..42./3..1./.....",
    "binairo": "11..001....0.0.1....1....0...100..11",
    "tango": "1.0...........0........11..1.....1.1"
             " ..=.x.=............xx......... .....=..................x=....",
    "nonogram": "1,1/2,2/7/2,3,2/9/7/5/7/9/9 0/2,2/6,3/2,6/8/8/8/2,6/6,3/2,2",
    "starbattle": "1 AAAABCAAAABCAAAABBDDAABBDEEFFBDEEEFB",
    "hashi": ".......3.5..4.........2..1.........2.3.2...4...4.",
    "slitherlink": "21..3../.1...../10...10/....1.1/..2..21/203..../.2..0..",
    "color-nonogram": "4a/7a/8a/6a,1c,1a/8a/8a/6a/2b/2b/4b 0/5a/6a/7a,1b/7a,3b/7a,3b/7a,1b/"
                      "2a,1c,3a/4a/0 2e8b3a,7b4a1e,d62828",
}


def kind_name(key: str) -> str:
    return key.split()[0]


def puzzle_of(key: str, seed: int = 11, grade: str = "easy") -> Puzzle:
    """The puzzle of LINES[key], its solution found by its kind's solver."""
    kind = kind_named(kind_name(key))
    givens, extras = kind.read(LINES[key])
    found = kind.solutions(givens, extras)
    assert found.count == 1 and found.solution is not None
    return Puzzle(givens, Grid(givens.shape, found.solution), seed=seed, grade=grade,
                  score=2.5, hardest="Naked single", extras=extras)
