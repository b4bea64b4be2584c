"""Every function the compiled core offers has an identity test: a test that runs it and
its pure-Python twin on the same inputs and asserts the same result (issue 38)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bookmaker.core import compiled

pytestmark = pytest.mark.compiled_core  # skipped where it is not built (tests/conftest.py)

TESTS = Path(__file__).parent

# What csrc/ exports (a function, or a type's method) -> the test that holds it equal to
# the Python it stands for. A new compiled function fails the first test below until it
# is named here with its identity test.
IDENTITY_TESTS = {
    "any_clash": "test_compiled.py::test_a_clue_clash_is_found_alike_and_named_alike",
    "calcudoku_area_tables": "test_calcudoku_crux.py::"
                             "test_a_drafts_areas_made_in_c_are_techniques_area_tables",
    "calcudoku_check": "test_calcudoku_compiled.py::test_the_compiled_check_is_the_pythons",
    "calcudoku_layout": "test_calcudoku_compiled.py::test_the_compiled_layout_is_the_pythons",
    "calcudoku_climb": "test_calcudoku_climb_compiled.py::"
                       "test_a_compiled_climb_step_keeps_the_pythons_change",
    "calcudoku_harden": "test_calcudoku_climb_compiled.py::"
                        "test_a_compiled_hardening_attempt_ends_where_the_pythons_does",
    "calcudoku_fillings": "test_calcudoku_fillings_compiled.py::"
                          "test_the_compiled_fillings_are_the_pythons",
    "calcudoku_find": "test_calcudoku_grade_compiled.py::"
                      "test_compiled_cage_techniques_find_the_pythons_step",
    "calcudoku_grade": "test_calcudoku_loop_compiled.py::"
                       "test_the_compiled_loop_grades_a_draft_as_the_python",
    "calcudoku_grade_tables": "test_calcudoku_crux.py::"
                              "test_a_drafts_crux_cells_from_its_tables_are_the_pythons",
    "calcudoku_operations": "test_calcudoku_operations_compiled.py::"
                            "test_a_first_drafts_operations_in_c_are_the_pythons",
    "calcudoku_narrow": "test_calcudoku_narrow.py::test_compiled_narrowing_is_the_pythons",
    "calcudoku_search": "test_calcudoku_search_compiled.py::"
                        "test_the_compiled_search_is_the_pythons",
    "calcudoku_settle": "test_calcudoku_grade_compiled.py::test_compiled_settle_is_the_pythons",
    "calcudoku_ways": "test_calcudoku_compiled.py::test_compiled_fillings_are_the_pythons_in_order",
    "calcudoku_swap": "test_calcudoku_swaps.py::"
                      "test_a_swap_found_is_a_second_solution_and_c_finds_the_pythons",
    "calcudoku_words": "test_calcudoku_words_compiled.py::"
                       "test_a_new_cages_words_in_c_are_the_pythons",
    "chain_found": "test_rating_compiled.py::"
                   "test_chains_from_cells_and_units_conclude_the_same_on_both_cores",
    "chain_starts": "test_rating_compiled.py::"
                    "test_forcing_chains_and_cycles_are_the_same_on_both_cores",
    "check_futoshiki": "test_latin_compiled.py::"
                       "test_the_futoshiki_check_finds_the_same_solutions_in_the_same_nodes",
    "check_skyscrapers": "test_latin_compiled.py::"
                         "test_the_skyscrapers_check_finds_the_same_solutions_in_the_same_nodes",
    "check_killer": "test_compiled_grader.py::"
                    "test_the_killer_check_finds_the_same_solutions_in_the_same_nodes",
    "classic_lines": "test_compiled_quick.py::"
                     "test_a_file_checked_quickly_prints_what_the_pure_check_prints",
    "count9": "test_compiled_quick.py::test_the_count_is_the_pure_search_on_random_puzzles",
    "graded_removal": "test_compiled_graded.py::"
                      "test_an_attempt_makes_the_same_puzzle_and_grades_on_both_cores",
    "kakuro_area_runs": "test_kakuro_reach.py::test_a_boards_areas_are_found_alike_in_c",
    "kakuro_areas": "test_kakuro_reach.py::test_the_whole_ladder_reaches_what_the_python_solves",
    "kakuro_check": "test_kakuro_check_compiled.py::"
                    "test_the_compiled_check_finds_what_the_python_finds_in_the_same_nodes",
    "kakuro_fill_tables": "test_kakuro_moves_compiled.py::test_the_compiled_moves_are_the_pythons",
    "kakuro_move_some": "test_kakuro_moves_compiled.py::test_the_compiled_moves_are_the_pythons",
    "kakuro_reach": "test_kakuro_reach.py::test_the_whole_ladder_reaches_what_the_python_solves",
    "kakuro_rounds": "test_kakuro_compiled.py::"
                     "test_narrowing_runs_takes_the_same_rounds_to_a_contradiction",
    "kakuro_settle": "test_kakuro_compiled.py::test_the_ladder_solves_alike_from_a_random_state",
    "kakuro_sweep": "test_kakuro_compiled.py::"
                    "test_every_run_technique_sweeps_alike_on_a_random_state",
    "kakuro_tables": "test_kakuro_compiled.py::"
                     "test_every_run_technique_sweeps_alike_on_a_random_state",
    "kakuro_walk": "test_kakuro_compiled.py::"
                   "test_the_search_finds_the_same_solutions_in_the_same_nodes",
    "latin_chains": "test_latin_compiled.py::"
                    "test_forcing_chains_find_the_same_candidates_and_lengths",
    "latin_dig": "test_latin_compiled.py::"
                 "test_a_phase_dug_in_one_compiled_call_keeps_what_dig_keeps",
    "latin_dig_unique": "test_latin_compiled.py::"
                        "test_a_dig_while_unique_in_one_compiled_call_keeps_what_dig_keeps",
    "latin_give_back": "test_latin_compiled.py::"
                       "test_a_trades_giving_back_in_one_compiled_call_keeps_what_python_keeps",
    "latin_fill": "test_latin_compiled.py::"
                  "test_a_random_latin_square_is_drawn_alike_on_both_cores",
    "latin_grade": "test_latin_compiled.py::"
                   "test_the_compiled_grading_loop_grades_a_state_as_the_python",
    "latin_line_supports": "test_latin_compiled.py::test_a_skyscrapers_line_has_the_same_supports",
    "latin_reach": "test_latin_compiled.py::"
                   "test_digging_finds_a_trial_within_reach_alike_on_both_cores",
    "latin_rounds": "test_latin_compiled.py::"
                    "test_propagation_narrows_alike_and_counts_the_same_rounds",
    "latin_search": "test_latin_compiled.py::"
                    "test_the_search_finds_the_same_solutions_in_the_same_nodes",
    "latin_settle": "test_latin_compiled.py::"
                    "test_the_bulk_techniques_settle_to_the_same_state_and_rank",
    "latin_sign_fork": "test_latin_compiled.py::"
                       "test_the_inequality_fork_in_c_finds_the_pythons_fork",
    "latin_visible_line": "test_latin_compiled.py::"
                          "test_the_visibility_techniques_find_the_same_step",
    "least_image": "test_compiled_canonical.py::test_both_cores_find_the_same_form_on_any_board",
    "shuffled": "test_compiled.py::"
                "test_a_shuffle_makes_the_same_order_and_leaves_the_stream_in_the_same_place",
    "slitherlink_count": "test_slitherlink_compiled.py::"
                         "test_the_compiled_count_is_the_pythons_state_for_state",
    "slitherlink_settle": "test_slitherlink_compiled.py::"
                          "test_the_compiled_cascade_settles_as_the_python_decision_for_decision",
    "starbattle_count": "test_starbattle_compiled.py::"
                        "test_the_compiled_count_counts_as_the_python",
    "starbattle_first_clash": "test_starbattle_compiled.py::"
                              "test_the_compiled_trials_find_the_pythons_clash",
    "starbattle_propagate": "test_starbattle_compiled.py::"
                            "test_the_compiled_propagation_reaches_the_pythons_states",
    "starbattle_star_rows": "test_starbattle_compiled.py::"
                            "test_the_compiled_star_rows_draw_as_the_python",
    "tile_jigsaw": "test_compiled.py::test_a_jigsaw_tiling_makes_the_same_draws_and_layout",
    "Board.count": "test_compiled.py::"
                   "test_counts_solutions_and_nodes_agree_on_random_grids_of_every_shape",
    "Board.fill": "test_compiled.py::test_a_fill_makes_the_same_draws_and_decisions",
    "Board.forced": "test_compiled.py::test_a_removal_check_agrees_on_any_clues_of_a_solution",
    "Board.propagate": "test_compiled.py::test_propagation_leaves_the_same_boards_on_any_tables",
    "Board.prove": "test_compiled.py::"
                   "test_the_prover_finds_a_solution_exactly_when_the_search_does",
    "Board.random_solution": "test_compiled.py::test_a_whole_fill_makes_the_same_grid_and_draws",
    "Board.remove_clues": "test_compiled.py::test_the_forbidden_value_search_agrees",
    "Board.rounds_to_contradiction": "test_compiled.py::"
                                     "test_rounds_to_a_contradiction_agree_on_any_tables",
    "Board.search": "test_compiled.py::test_search_agrees_from_any_state_on_any_tables",
    "ExactCover.solve": "test_compiled.py::test_exact_cover_finds_every_cover_of_any_small_matrix",
    "Grader.find": "test_compiled_grader.py::test_every_technique_finds_the_same_step_in_any_state",
    "Grader.from_givens": "test_compiled_grader.py::"
                          "test_pencil_marks_from_clues_are_the_same_on_both_cores",
    "Grader.grade": "test_compiled_grader.py::"
                    "test_a_grading_takes_the_same_steps_to_the_same_grade",
    "KillerBoard.rounds_to_contradiction": "test_compiled_grader.py::"
                                           "test_settling_a_killer_leaves_the_same_boards",
    "KillerBoard.search": "test_compiled_grader.py::"
                          "test_a_killer_search_counts_the_same_nodes_and_solutions",
    "KillerBoard.settle": "test_compiled_grader.py::test_settling_a_killer_leaves_the_same_boards",
    "KillerBoard.tables": "test_compiled_grader.py::"
                          "test_the_compiled_cage_tables_are_the_cages_own",
    "RateBasics.cycles": "test_rating_basics_compiled.py::"
                         "test_each_technique_in_the_run_finds_the_pythons_hint",
    "RateBasics.exclusions": "test_rating_basics_compiled.py::"
                             "test_each_technique_in_the_run_finds_the_pythons_hint",
    "RateBasics.run": "test_rating_basics_compiled.py::"
                      "test_struck_states_take_the_same_steps_on_both_cores",
    "RatePropagator.chains_found": "test_rating_compiled.py::"
                                   "test_forcing_chains_and_cycles_are_the_same_on_both_cores",
    "RatePropagator.nest": "test_rating_compiled.py::"
                           "test_propagations_with_simple_rules_nested_are_the_same_on_both_cores",
    "RatePropagator.run": "test_rating_compiled.py::test_propagations_are_the_same_on_both_cores",
    "RateRules.find": "test_rating_compiled.py::"
                      "test_simple_rules_nested_in_chains_are_the_same_on_both_cores",
    "RateTables": "test_rating_compiled.py::test_ratings_and_bounds_are_the_same_on_both_cores",
}


def exported_names() -> set[str]:
    """The extension's public functions, its types' public methods, and a type with no
    method of its own (data tables) by its name; not its constants (POPCOUNT_INSTRUCTION)."""
    names = set()
    for name in dir(compiled.extension()):
        if name.startswith("_"):
            continue
        thing = getattr(compiled.extension(), name)
        if not isinstance(thing, type):
            if callable(thing):
                names.add(name)
            continue
        methods = [m for m in vars(thing) if not m.startswith("_")]
        if methods:
            names.update(f"{name}.{method}" for method in methods)
        else:
            names.add(name)
    return names


def test_every_compiled_function_is_named_with_its_identity_test():
    exported = exported_names()
    assert sorted(exported - IDENTITY_TESTS.keys()) == []   # compiled, with no twin test
    assert sorted(IDENTITY_TESTS.keys() - exported) == []   # named here, gone from csrc/


def _test_functions(file: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse((TESTS / file).read_text(encoding="utf-8"))
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("exported", sorted(IDENTITY_TESTS))
def test_each_identity_test_exists_and_runs_both_cores(exported):
    file, name = IDENTITY_TESTS[exported].split("::")
    test = _test_functions(file).get(name)
    assert test is not None, f"{file} has no {name}"
    module_text = (TESTS / file).read_text(encoding="utf-8")
    # Both cores in one test: it switches cores, or calls the extension beside the Python.
    assert any(word in module_text for word in ("compiled.using", "using(", "extension")), file
