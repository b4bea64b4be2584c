"""Nested forcing chains (SE 9.5 and up) and SE 1.2.1's scale: a nested step where Sudoku
Explainer takes it, the every-chain search nested rules use against the fast one, scales
in the rater, ranges, JSON and the command line, and SE's 20.0 for a puzzle beyond it."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from puzzledata import DATA

from bookmaker.cli import main
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.board.shape import shape_of
from bookmaker.core.grade.candidates import Candidates
from bookmaker.core.rating import nested as nested_module
from bookmaker.core.rating import rater as rater_module
from bookmaker.core.rating.board import board_of
from bookmaker.core.rating.chains import best, forcing_chains_and_cycles
from bookmaker.core.rating.hints import Budget
from bookmaker.core.rating.implications import Propagator
from bookmaker.core.rating.multiple import _cell_chains
from bookmaker.core.rating.nested import levels, unary_found
from bookmaker.core.rating.ranges import RatingRange
from bookmaker.core.rating.rater import rate
from bookmaker.core.rating.scales import rater_version, rating_json

NINE = shape_of(3, 3)

# HardestSudokusThread-02050 (forum's hardest database), where Sukaku Explainer's serate
# rates 10.2/10.2/9.5: the position before its first 10.2 step, "Dynamic Cell Forcing
# Chains (+ Forcing Chains)" from r1c7 removing 6 from r8c2.
NESTED_POSITION = (
    "1278,2678,=3,124568,124578,12467,167,1678,=9,=4,=5,1678,168,178,=9,=2,13678,13678,1278,"
    "2678,=9,1268,1278,=3,167,=5,=4,123789,234789,1278,12345,=6,1247,134579,1347,1357,=6,2347,"
    "127,=9,123457,1247,=8,1347,1357,1379,3479,=5,134,1347,=8,134679,=2,16,23589,=1,268,=7,"
    "23489,246,345,3468,358,235789,236789,2678,123468,123489,1246,134567,134678,13578,378,"
    "3678,=4,1368,138,=5,1367,=9,=2")


def state_of(marks: str) -> Candidates:
    cells = [int(token[1:]) if token.startswith("=") else {int(ch) for ch in token}
             for token in marks.split(",")]
    return Candidates.from_marks(NINE, cells)


def test_a_nested_chain_resting_on_forcing_chains_is_found_at_ses_rating():
    state, board = state_of(NESTED_POSITION), board_of(NINE)
    nested_fc = levels("sukaku")[1]
    prop = Propagator(board, state, Budget(10 ** 8), nested_fc.nested_rules)
    found = best(_cell_chains(nested_fc, prop, state, board, 6, 3))
    assert (found.name, found.rating, found.eliminations) == (
        "Dynamic Cell Forcing Chains (+ Forcing Chains)", 102, ((64, 5),))
    assert found.complexity == 35   # 9.5 + 0.7: complexity - 2 passes 4, 6, 8, 12, 16, 24, 32


def fc_positions() -> list:
    params = []
    for line in (DATA / "se_steps.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, rating, marks, _ = line.split("|", 3)
            if name in ("Bidirectional Y-Cycle", "Bidirectional Cycle", "Forcing Chain"):
                params.append(pytest.param(marks, id=f"{name} {rating}"))
    return params[::3]


@pytest.mark.parametrize("marks", fc_positions())
def test_every_chain_search_agrees_with_the_fast_one_on_the_best(marks):
    # Nested rules need every forcing chain and cycle, traced node by node as SE's
    # doCycles and doForcingChains; the best of them is the fast search's hint.
    state, board = state_of(marks), board_of(NINE)
    fast = forcing_chains_and_cycles(state, board, Budget(10 ** 8))
    every = best(unary_found(Propagator(board, state, Budget(10 ** 8)), state, board))
    assert (every.rating, every.complexity, sorted(every.eliminations)) == (
        fast.rating, fast.complexity, sorted(fast.eliminations))


def test_the_scales_differ_in_their_techniques_and_say_which_they_are():
    names = {scale: [t.name for t in rater_module.SCALE_TECHNIQUES[scale]]
             for scale in ("sukaku", "1.2.1")}
    assert {"Turbot Fish", "WXYZ-Wing", "VWXYZ-Wing", "Three Strong Links"} <= set(
        names["sukaku"]) - set(names["1.2.1"])
    assert names["sukaku"][-7:] == ["Dynamic Forcing Chains (+)",
                                    "Dynamic Forcing Chains (+ Forcing Chains)",
                                    "Dynamic Forcing Chains (+ Multiple Forcing Chains)"] + [
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains)"] * 4
    assert names["1.2.1"][-6:] == ["Dynamic Forcing Chains", "Dynamic Forcing Chains (+)",
                                   "Dynamic Forcing Chains (+ Forcing Chains)",
                                   "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
                                   "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
                                   "Dynamic Forcing Chains (+ Dynamic Forcing Chains "
                                   "(+ Forcing Chains))"]
    assert (rater_version("sukaku"), rater_version("1.2.1")) == ("se-3", "se-3-1.2.1")
    assert rating_json(("4.5", "1.2", "1.2"), "se-3-1.2.1")["scale"] == "1.2.1"


def se121_records() -> list:
    records = [line.split() for line in (DATA / "cb_ser-sample.txt").read_text().splitlines()
               if line and not line.startswith("#")]
    return [pytest.param(puzzle, ser, id=f"{ser}:{label}") for label, puzzle, ser in records]


@pytest.mark.parametrize("puzzle, ser", se121_records())
def test_puzzles_get_se_1_2_1s_own_rating_on_its_scale(puzzle, ser):
    assert rate(parse_grid(puzzle), scale="1.2.1").er_text == ser


def test_a_range_on_se_1_2_1s_scale_rates_on_it():
    # README's WXYZ-Wing puzzle (generate --seed 1 --difficulty hard): 5.5 on Sukaku
    # Explainer's scale; SE 1.2.1, without the wing, rates it 7.1/1.2/1.2 (its serate).
    puzzle = parse_grid(WXYZ_PUZZLE)
    sukaku, old = rate(puzzle), rate(puzzle, scale="1.2.1")
    assert (sukaku.er_text, sukaku.version) == ("5.5", "se-3")
    assert (old.texts, old.version) == (("7.1", "1.2", "1.2"), "se-3-1.2.1")
    assert old in RatingRange(70, 75, "1.2.1")


def test_rate_says_the_scale_in_its_output_and_json():
    runner = CliRunner()
    text = runner.invoke(main, ["rate", "--scale", "1.2.1", "-"], input=WXYZ_PUZZLE + "\n")
    assert text.exit_code == 0 and text.output.rstrip().endswith("[SE 1.2.1 scale]")
    record = json.loads(runner.invoke(main, ["rate", "--json", "--scale", "1.2.1", "-"],
                                      input=WXYZ_PUZZLE + "\n").output)
    assert (record["rater"], record["scale"]) == ("se-3-1.2.1", "1.2.1")


def test_a_puzzle_no_technique_solves_is_rated_20_as_se_does():
    # With only hidden singles a hard puzzle is beyond the techniques: SE prints 20.0, an
    # exact rating, not a bound.
    rating = rate(parse_grid(WXYZ_PUZZLE), techniques=rater_module.SUKAKU_TECHNIQUES[:1])
    assert (rating.er_text, rating.lower_bound, rating.reason) == ("20.0", False, None)


WXYZ_PUZZLE = ".6..81...3.7.6.5485......6.7.5.34.........9.763.....5....897...8.3..2..4........."


def test_complexity_counts_each_nested_chain_once_at_any_index():
    # nested chains' bits sit past 3C and may run to thousands: each counts its own cost
    prop = Propagator(board_of(shape_of(3, 3)), Candidates.from_grid(parse_grid(
        "1" + "0" * 80)), Budget(10))
    rng = random.Random(26)
    for index in range(3000):
        prop.chain_bit(("chain", index), rng.randrange(1, 40))
    for _ in range(50):
        chains = rng.sample(range(3000), rng.randrange(1, 150))   # past 64: both ways
        nested = sum(1 << (prop.chain_base + i) for i in chains)
        potentials = rng.getrandbits(2 * 729)
        assert prop.complexity(potentials | nested) == \
            potentials.bit_count() + sum(prop.chain_costs[i] for i in chains)


def test_the_step_record_drops_its_conclusions_past_its_bound(monkeypatch):
    # nested conclusions kept for a step are bounded: past ROWS_KEPT they start afresh
    record = nested_module._Recorded()
    monkeypatch.setattr(record, "ROWS_KEPT", 5)
    record.keep(("a",), [1, 2], 7)
    record.keep(("b",), [3], 1)
    assert record.found == {("a",): ([1, 2], 7), ("b",): ([3], 1)} and record.rows == 5
    record.keep(("c",), [4], 2)
    assert record.found == {("c",): ([4], 2)} and record.rows == 2


def test_a_rating_leaves_no_step_record_behind():
    # the record (up to ~140 MB on the hardest puzzles) is one rating's: a worker rating
    # puzzle after puzzle must not hold the last one's
    nested_module._RECORDED.keep(("left over",), [1, 2, 3], 9)
    easy = parse_grid("53..7....6..195....98....6.8...6...34..8.3..17...2..."
                      "6.6....28....419..5....8..79")
    assert rate(easy, budget=1_000_000).er_text == "1.2"  # singles only
    assert nested_module._RECORDED.found == {} and nested_module._RECORDED.rows == 0
