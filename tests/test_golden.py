"""Golden outputs: exact puzzles for fixed seeds, so any change to what a seed makes is seen.

If a change is meant to alter the puzzles (a new fill or removal order), regenerate these
values deliberately and say so in the commit: books built from a seed would change too.
"""

import pytest

from bookmaker.core.board.grid import format_grid
from bookmaker.core.board.shape import parse_shape
from bookmaker.core.generate.removal import generate

pytestmark = pytest.mark.both_cores  # conftest.py: on the compiled and the pure core

SEED = 2026

GOLDEN = [
    ('4x4', None, 'none',
     '..3..4..1....2..',
     '2134342113424213'),
    ('6x6', None, 'none',
     '45......2..5.....3......1.64....43..',
     '451236362145245613613524136452524361'),
    ('6x6', '3x2', 'none',
     '45.....3.6........5....22.3..4...4..',
     '451263134625625341546132263514312456'),
    ('8x8', None, 'none',
     '8.1..4..27.......8.........14..6.3..26.5......3.....71..7..3...2',
     '8615342727341568384652715271438643872615156287346428715371536842'),
    ('9x9', None, 'none',
     '.7....4....153.....6........851.....9...7..167..8....4.....75...23..9.676....8...',
     '378961425491532678562784391285146739934275816716893254149627583823459167657318942'),
    ('9x9', None, 'rotational',
     '3.8.6.......53....56.....9.2....673.9...7...6.168....4.4.....83....59.......1.9.2',
     '378961425491532678562784391285146739934275816716893254149627583823459167657318942'),
    ('9x9', None, 'mirror',
     '.7.961.2..9.5.2.7.5...8...12...4...9..4...8...1.893.5.1.......382.....67..7...9..',
     '378961425491532678562784391285146739934275816716893254149627583823459167657318942'),
    ('9x9', None, 'diagonal',
     '....6.4.5..153.67..62....9..8...6..993..7...6...8..2..14...7....23......6..31....',
     '378961425491532678562784391285146739934275816716893254149627583823459167657318942'),
    ('10x10', None, 'none',
     '......98...4.9.5.3..1.58...47.9...3....5....8.7.1..A.476.9..4..2.....1.3.5......2...61..5.......6.A9',
     '61A3579842847925136A1258A93476964732A1855926837A143A1476592847629A8531A385142697289A61475375314862A9'),
    ('12x12', None, 'none',
     '4...37...B....32C...7.8...7..69..4A.6..5..3A.C.4.14.9BC....6..2..84......B...........4...9....3.3.6.8...B2C..2B.4...8........218.......A5...6...',
     '4CA637819B25B932C5A476811578269BC4A36895713A2CB4A1439BC25876C72B6845139A9B8C1A2345672457B96CA1383A618457B2C952B943768A1C76C4A218395B831A5CB96742'),
    ('16x16', None, 'none',
     '...8..FEB45C...D...ED...G..8.45..7.A.....9..2.8C..C.9...D.F.G...9.2..4...8..C61.FA1.B..3.6..5...C..7.9.F...3..G........A.1E..9.B7......5.B.2.....4..3B...G..9E2.51..4.....A..8...2.6G897...F........5..9A.....E.D8.5....E.4.6.A.A.9..C3......D...G..2..4.C8.3.B.',
     'G368A2FEB45C179D19FED3BCG728A456B7DA154G396E2F8C25C49678DAF1GB3E9E2B745DF8GAC613FA1GBEC3769452D8CD87691F25B3EAG446538G2AC1ED79FB7FG9CAE58BD2436184AD3B615GC79E2F51EC4FD293A6B87G32B6G8974E1FD5CA6C415789AD3BFGE2D835F1GBE2496CA7AB92EC361F7G8D45EG7F2DA46C8531B9'),
    ('25x25', None, 'none',
     '.8..D..H.EL...K.AN9O..41J.....B..PD..7.N.H.6.EF.5.1.......F2.GJ.M5.K4....BH3..C..G.J.F.5.D.E1.M972NO...62.8O.5......G.J.IM........A.6.JD.ME.N2.HF...G.P....5..N3..CA..M......4E...3H....974..I1...6B....I.C.......8...5..47..J.9.LMEKG.D4.H..B.9.....N5.8....PC...B.....G.OM...L...GK.HL..5.OM9I....BA216D..2....8L7HG1C..A..EPN.4..BJ.B8.M....6E.2..C.5I7...P.7.....2.A...HP...L.K..F.ELH.6..F.......IN9.13..O..OJ.7ICP..9....E.3G.AB.D2.D........53.J.O...7.NP..NBK..9.....F4.....2L.G.H7C.5...JL..END81..P...9.I.7.1..L5...OM..2.IJ3....ECK.....316...L..A9..D......GD..P....A73..L.6.48....6.I.5OND4.K.....8..C.HMJ.9P.E.FA8.INH.....5K.231.D',
     '58GBD3MH7ELI26KFAN9OPC41JM9LJOB4IPD3A71N2HC68EFK5G1IA7EN9CF2PGJOM5LK43D86BH3HPCK6GAJLF854DBE1IM972NO4NF62K8O15HBE9CDG7JPIM3ALB5894A76LJDPME3N2IHFO1CGKP67215OBN3JLCAHKMG89FDI4EOJN3HCFE8974GKI15LD6B2APMIACDFG2MKP8O1N53B47EHJL96LMEKG1D4IH26BF9CPAOJN5783AE9PCJINB64DF3G7OM1K5LH28GK4HLEP53OM9I78JFBA216DCN2F3OI8L7HG1CK5A6DEPNJ49MBJ1B8NMK9DF6EO2L4CH5I7AG3PD765M412CABJNHP938LGKEOFIELH46DBFA8C2PG7IN9M13KJO5FOJ17ICPMN9KHL6E43G5AB8D28DMI92HGE453AJBOKFC7LNP61NBKAP96351IF4MO8JD2LCGEH7C25G37JLOKEND81H6PBAM9FI4741FAL5K9BOM8D2GIJ3H6PNECKC2N8H316MG5LPJA9OED4IB7FHGDMBPEJ2CA73IFL16N48O5K963IL5OND47K19BEP82FCGHMJA9POEJFA8GINH6C4M75KB231LD'),
]

# `bookmaker generate --size 9x9 --count 3 --seed 1`, as the README shows it.
CLI_SEED_1 = [
    ".9.1.8......4..62.2....3..49....4....2.....7....7....9...9...3.637...1........482",
    "5......7..48.1....3..5..8...7..4...61.3.....2.6.9.........8......47..36..12..3...",
    "..........3......9....94.3.8..7......74..13..32..5.68....2...4.6.....7...59.8....",
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
