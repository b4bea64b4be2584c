"""Golden outputs: exact puzzles for fixed seeds, so any change to what a seed makes is seen.

If a change is meant to alter the puzzles (a new fill or removal order), regenerate these
values deliberately and say so in the commit: books built from a seed would change too.
"""

import pytest

from bookmaker.core.generator import generate
from bookmaker.core.grid import format_grid
from bookmaker.core.shape import parse_shape

SEED = 2026

GOLDEN = [
    ('4x4', None, 'none',
     '2.3......14.....',
     '2431132431424213'),
    ('6x6', None, 'none',
     '36...44..2..6..........1....5..5..62',
     '362514415236621345534621246153153462'),
    ('6x6', '3x2', 'none',
     '....2........1....5.1..3.345.1..3...',
     '356124425316612435561243234561143652'),
    ('8x8', None, 'none',
     '4..15...5...18...8...4.7...2.3..7.....4...65.......3...8.....1..',
     '4281567356371824385624171742836573186542246537816173425885247136'),
    ('9x9', None, 'none',
     '.4..8..2.5.2.....38.....1...9.76..42.5..9...7.....53..3.......47.....8.....1.6...',
     '941583726562971483837642159193768542258394617674215398315827964726459831489136275'),
    ('9x9', None, 'rotational',
     '....8.7....29....3...64.15....76.54...8...6...74.15....15.27...7....98....9.3....',
     '941583726562971483837642159193768542258394617674215398315827964726459831489136275'),
    ('9x9', None, 'mirror',
     '.415.372.....7.....3..4..5....768...2.8...6.7.7.....9.3.......4..6...8....91.62..',
     '941583726562971483837642159193768542258394617674215398315827964726459831489136275'),
    ('9x9', None, 'diagonal',
     '...5....6.62...4.3.3.6.215.1.3..85.............42...9..158.......6..9..148.....7.',
     '941583726562971483837642159193768542258394617674215398315827964726459831489136275'),
    ('10x10', None, 'none',
     '9.5.34...8...8.....958...........3..9.1....41...2...9...1.A.......5...3.162....7.34.A6..8.81....A49.',
     '925A34617814786A325958A1924736462375981A6A3418792527958316A4A9874153623516298A477349A62581816257A493'),
    ('12x12', None, 'none',
     '9..2.6183.4..........B.1..6.45.....A...49..32...8.9.....C.5....A64......3.C8..B.4....A...2.57C..1.....C.B.3..2.....46.B........C.....84.B....9..',
     '9BA27618354C4785C3A29B61C361459B872AB1749C532A868693AB21C4572C5A6487139B35C817B642A96AB932457C1814278AC9B635A21C597468B3593B286CA1747846B13A59C2'),
    ('16x16', None, 'none',
     '....AD9..43....2.C8..BF..16.....9E......DG..7.1F.3.G..1.B...D.48.2.8.A...DC1...B....6..F.5.....3.5A..4..6.G..D..BG.....5..F4.2...B........7FC6..3.........B6..5E..G....6.C.83.9.D..E....4A.............3......C.8...B......5.FE9.1.6592A....4.....9A..D486.B.7..',
     'F715AD98C43EBG622C8D4BFG7169E3A59E4B3562DG8A7C1FA36GE71CBF52D94862F89A37EDC154GBC9D46GBF25A71E8375A1248E6BG39DFCBGE3D1C598F4627A4B5218A93E7FC6DG3879GC4D12B6FA5E1AGF72E65CD83B94D6CEF35B4A9G8127E4B78FG3A91D25C68D2CB671G345AFE9G136592AF7EC48BD5F9ACED4862BG731'),
    ('25x25', None, 'none',
     '.B8KO..JI...6EAM...2....5P.G1.5ML...2F39.....D.J.46.......K.......OJ7A83..29.N..C....J..GD..........J...5.DB...N4.K8ECL..H.P.C..M..P...9..1.5AN....B.G..DN6I2G.7...JH49...L..3..AO.F.L5...P3..G8IMK.....7L...F....K.2BO1......9HCB.4.1.N.9....C5.......O8.O.A4..BDG...EI.FP.2.J...8G2..B....P.CM5.9.E......33...I.4...AB.....5.M..2......9OF.M14..D.7...BE.NLP.F..E.8N..P.9.3L.A1..K..I1MC5N7...G..8.JA..BD.9.FH.6..83...L.K.7C....O.D...KG......F8O...B...4NC157A..H....1.M5G....C....L4K.I.2..9...K..1F.HL.....GNE8..AHL..OC.E..P...51F..IN....P....D.F.M12....H.....4.C..6E...A.....8D.3O......7.NK.8...O46P...GM.1D..D.6M.7F.A.35K....H.G...J',
     '4B8KOP1JI3CH6EAMFDG2N7L95PEG1A5ML7O82F39KNHI6DBJC46CMFD49HKN15LPIBOJ7A83EG29HNILCA82EJ7BGD351P4KMFO6J7325GDB6FMN4OK8ECL9IHAP1CKJM28PO3H96D145ANFL7IBEGE5DN6I2G17F8AJH49BOCLPM3KHAO9FJL5CBEP3N7G8IMK1264D7LI8GFEAD4KM2BO163JP5N9HCBP431MNK96GLIC5DH2E7AJO8FONA4CKBDG971EILFP623J5HM8G2KJBAI7LP6CM5N94E8HOFD1331PLIE4CHJABK8FOD5NM9G267586H9OF3M14JGD27IKCBEANLPMF7DE68N52PO9H3LGA1J4KCBI1MC5N7OIEGL486JAKPBD293FHA6FB8354NL2KH7CE1G9OPDIJMKGLE3DH6F8OIP9BJ2M4NC157AD9HP72J1BM5GNAEICF386L4KOIJ2O49CPAK3D1FMHL765B8GNE83BAHLGMOCDE72P6J951F4KINNO5GPB39JDIFCM1274KEH68AL241CKH6EPIBAJLGNM8DF3O759FIE7JNK285H9O46P3LAGMC1DBLD96M17F4AN35K8CBOHIGEP2J'),
]

# `bookmaker generate --size 9x9 --count 3 --seed 1`, as the README shows it.
CLI_SEED_1 = [
    "4...........47..639....5...3...867..7..5..1...4.........8.9.62.1.....57...9....1.",
    ".4..8...6.......8.9..76..3........4.......5..7.8.53.1..6.2..9..5...4......49...2.",
    "..38.....5..9..72...7..6..17...4..96.......8....6.2....3.29....1.9.5.......4..2..",
]


def _case_id(case) -> str:
    size, box, symmetry = case[:3]
    return f"{size}{'-box' + box if box else ''}-{symmetry}"


@pytest.mark.parametrize("case", GOLDEN, ids=_case_id)
def test_seed_2026_makes_exactly_the_pinned_puzzle(case):
    size, box, symmetry, givens, solution = case
    puzzle = generate(parse_shape(size, box), SEED, symmetry)
    assert format_grid(puzzle.givens) == givens
    assert format_grid(puzzle.solution) == solution


def test_cli_generate_prints_the_pinned_puzzles():
    from click.testing import CliRunner

    from bookmaker.cli import main

    result = CliRunner().invoke(main, ["generate", "--size", "9x9", "--count", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == CLI_SEED_1
