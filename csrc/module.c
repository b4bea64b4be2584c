/* bookmaker.core._compiled: the compiled fast path of the puzzle core.

   Board(size, unit_masks, peer_masks, cell_unit_masks): a board's tables and the solver
   over them (pyboard.c). ExactCover(columns, rows, preferred_peers): a Dancing Links
   matrix and its search (pycover.c). Grader(...) and KillerBoard(...): the grader's
   techniques and a Killer's cages (pygrade.c). check_killer(...): the Killer check
   (killercheck.c). tile_jigsaw(...): a jigsaw layout (jigsaw.c). graded_removal(...):
   generation to a grade after the fill (pygraded.c). chain_starts(...) and chain_found(...):
   the SE rater's forcing chains and cycles (ratescreen.c); RateTables and RatePropagator its
   chain propagations (ratechains.c) and chains' conclusions (ratefound.c); RateRules the
   simple rules nested in its chains (ratesimple.c); RateBasics its other techniques
   (ratebasics.c and its neighbours). least_image(...): the canonical form's search
   (canonical.c). any_clash(...): a grid's clue clash (clash.c). count9(...) and
   classic_lines(...): classic 9x9 counted, one puzzle or a file of lines (quick9.c).
   latin_rounds(...), latin_search(...), latin_chains(...), latin_line_supports(...) and
   latin_visible_line(...): the Latin-square kinds' propagation, search, forcing chains and
   Skyscrapers lines (latin.c); latin_sign_fork(...): Futoshiki's inequality forks (latin.c);
   latin_settle(...): their bulk techniques (latinsettle.c); latin_grade(...) and
   latin_reach(...): their grading loop as digging asks it (latingrade.c); latin_dig(...):
   a phase of digging in one call, latin_dig_unique(...) a trade's dig (latindig.c);
   latin_give_back(...): a trade's giving back (latintrade.c); latin_fill(...): a random
   Latin square (latinfill.c); check_futoshiki(...) and check_skyscrapers(...): the kinds' second
   proofs (futoshikicheck.c, skyscraperscheck.c).
   calcudoku_ways(...): the Calcudoku check's fillings of a cage (calcways.c).
   calcudoku_fillings(...): a Calcudoku cage's fillings as its Pattern keeps them (calcfill.c).
   calcudoku_check(...): the Calcudoku check, fillings, matrix and search (calccheck.c).
   calcudoku_layout(...): a Calcudoku generator's cage layout (calclayout.c).
   kakuro_tables(...), kakuro_sweep(...), kakuro_settle(...), kakuro_walk(...) and
   kakuro_rounds(...): the Kakuro grader's run techniques, one technique or the ladder's
   run part, the solver's search and forcing chains (kakuro.c).
   kakuro_fill_tables(...) and kakuro_move_some(...): the Kakuro generator's tightening
   moves (kakurofill.c). kakuro_check(...): the Kakuro's second proof (kakurocheck.c).
   kakuro_areas(...) and kakuro_reach(...): the Kakuro grader's whole unworded ladder in
   one call (kakurograde.c); kakuro_area_runs(...): a board's areas (kakuroareas.c).
   calcudoku_narrow(...): the Calcudoku solver's cage narrowing (calcnarrow.c).
   calcudoku_search(...): the Calcudoku solver's search (calcsearch.c).
   calcudoku_settle(...): the Calcudoku grader's bulk techniques (calcsettle.c).
   calcudoku_find(...): where its cage techniques find their next step (calcfind.c).
   calcudoku_area_tables(...): a draft's areas as calcudoku_find reads them (calcareatables.c).
   calcudoku_grade(...): its grading loop up to a ceiling, unworded (calcloop.c).
   calcudoku_grade_tables(...): the same loop on a blank state, with its crux's cells (calcloop.c).
   calcudoku_climb(...): a generator's climb step, changes listed, graded, one chosen (calcclimb.c).
   calcudoku_harden(...): a generator's hardening loop, change by change (calcharden.c).
   calcudoku_words(...): a generator's new cage as its compiled grading reads it (calcwords.c).
   calcudoku_swap(...): a draft's second solution by swapping two values on a cycle (calcswap.c).
   calcudoku_operations(...): a generator's first draft's operations (calcdraft.c).
   slitherlink_count(...): the Slitherlink's second proof (slithercount.c).
   slitherlink_settle(...): the Slitherlink solver's cascade (slithersettle.c).
   starbattle_propagate(...) and starbattle_first_clash(...): the Star Battle's propagation
   and the grader's contradiction trials over it (starprop.c); starbattle_count(...): its
   second proof (starcount.c); starbattle_star_rows(...): its star placement (starrows.c).
   shuffled(state, items): rng.Rng.shuffled.
   core/compiled/__init__.py builds one Board and one ExactCover per shape and chooses between
   them and the pure Python. */

#include "pytypes.h"
#include "splitmix.h"

PyDoc_STRVAR(shuffled_doc,
"shuffled(state, items)\n--\n\n"
"rng.Rng.shuffled from the SplitMix64 state `state`: (a new list of the items in\n"
"Fisher-Yates order, the stream's new state).");

static PyObject *shuffled(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 2, "shuffled")) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLong(args[0]);
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    PyObject *items = PySequence_List(args[1]);
    if (!items) return NULL;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) { /* swaps keep references */
        Py_ssize_t j = (Py_ssize_t)splitmix_below(&state, (uint64_t)i + 1);
        PyObject *kept = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
        PyList_SET_ITEM(items, j, kept);
    }
    return Py_BuildValue("(NK)", items, (unsigned long long)state);
}

static PyMethodDef module_functions[] = {
    FAST_METHOD("shuffled", shuffled, shuffled_doc),
    FAST_METHOD("check_killer", check_killer, check_killer_doc),
    FAST_METHOD("tile_jigsaw", tile_jigsaw, tile_jigsaw_doc),
    FAST_METHOD("graded_removal", graded_removal_call, graded_removal_doc),
    FAST_METHOD("chain_starts", chain_starts, chain_starts_doc),
    FAST_METHOD("chain_found", nested_chain_found, nested_chain_found_doc),
    FAST_METHOD("least_image", least_image_call, least_image_doc),
    FAST_METHOD("any_clash", any_clash, any_clash_doc),
    FAST_METHOD("count9", count9, count9_doc),
    FAST_METHOD("classic_lines", classic_lines, classic_lines_doc),
    FAST_METHOD("latin_rounds", latin_rounds, latin_rounds_doc),
    FAST_METHOD("latin_search", latin_search_call, latin_search_doc),
    FAST_METHOD("latin_chains", latin_chains, latin_chains_doc),
    FAST_METHOD("latin_line_supports", latin_line_supports, latin_line_supports_doc),
    FAST_METHOD("latin_visible_line", latin_visible_line, latin_visible_line_doc),
    FAST_METHOD("latin_sign_fork", latin_sign_fork, latin_sign_fork_doc),
    FAST_METHOD("latin_settle", latin_settle, latin_settle_doc),
    FAST_METHOD("latin_grade", latin_grade, latin_grade_doc),
    FAST_METHOD("latin_reach", latin_reach, latin_reach_doc),
    FAST_METHOD("latin_dig", latin_dig, latin_dig_doc),
    FAST_METHOD("latin_dig_unique", latin_dig_unique, latin_dig_unique_doc),
    FAST_METHOD("latin_give_back", latin_give_back, latin_give_back_doc),
    FAST_METHOD("latin_fill", latin_fill, latin_fill_doc),
    FAST_METHOD("check_futoshiki", check_futoshiki, check_futoshiki_doc),
    FAST_METHOD("check_skyscrapers", check_skyscrapers, check_skyscrapers_doc),
    FAST_METHOD("calcudoku_ways", calcudoku_ways, calcudoku_ways_doc),
    FAST_METHOD("calcudoku_fillings", calcudoku_fillings, calcudoku_fillings_doc),
    FAST_METHOD("calcudoku_check", calcudoku_check, calcudoku_check_doc),
    FAST_METHOD("calcudoku_layout", calcudoku_layout, calcudoku_layout_doc),
    FAST_METHOD("kakuro_tables", kakuro_tables, kakuro_tables_doc),
    FAST_METHOD("kakuro_sweep", kakuro_sweep, kakuro_sweep_doc),
    FAST_METHOD("kakuro_walk", kakuro_walk, kakuro_walk_doc),
    FAST_METHOD("kakuro_rounds", kakuro_rounds, kakuro_rounds_doc),
    FAST_METHOD("kakuro_settle", kakuro_settle, kakuro_settle_doc),
    FAST_METHOD("kakuro_areas", kakuro_areas, kakuro_areas_doc),
    FAST_METHOD("kakuro_reach", kakuro_reach, kakuro_reach_doc),
    FAST_METHOD("kakuro_area_runs", kakuro_area_runs, kakuro_area_runs_doc),
    FAST_METHOD("kakuro_fill_tables", kakuro_fill_tables, kakuro_fill_tables_doc),
    FAST_METHOD("kakuro_move_some", kakuro_move_some, kakuro_move_some_doc),
    FAST_METHOD("kakuro_check", kakuro_check, kakuro_check_doc),
    FAST_METHOD("calcudoku_narrow", calcudoku_narrow, calcudoku_narrow_doc),
    FAST_METHOD("calcudoku_search", calcudoku_search, calcudoku_search_doc),
    FAST_METHOD("calcudoku_settle", calcudoku_settle, calcudoku_settle_doc),
    FAST_METHOD("calcudoku_find", calcudoku_find, calcudoku_find_doc),
    FAST_METHOD("calcudoku_area_tables", calcudoku_area_tables, calcudoku_area_tables_doc),
    FAST_METHOD("slitherlink_count", slitherlink_count, slitherlink_count_doc),
    FAST_METHOD("slitherlink_settle", slitherlink_settle, slitherlink_settle_doc),
    FAST_METHOD("starbattle_propagate", starbattle_propagate, starbattle_propagate_doc),
    FAST_METHOD("starbattle_first_clash", starbattle_first_clash, starbattle_first_clash_doc),
    FAST_METHOD("starbattle_count", starbattle_count, starbattle_count_doc),
    FAST_METHOD("starbattle_star_rows", starbattle_star_rows, starbattle_star_rows_doc),
    FAST_METHOD("calcudoku_grade", calcudoku_grade, calcudoku_grade_doc),
    FAST_METHOD("calcudoku_grade_tables", calcudoku_grade_tables, calcudoku_grade_tables_doc),
    FAST_METHOD("calcudoku_climb", calcudoku_climb, calcudoku_climb_doc),
    FAST_METHOD("calcudoku_harden", calcudoku_harden, calcudoku_harden_doc),
    FAST_METHOD("calcudoku_words", calcudoku_words, calcudoku_words_doc),
    FAST_METHOD("calcudoku_swap", calcudoku_swap, calcudoku_swap_doc),
    FAST_METHOD("calcudoku_operations", calcudoku_operations, calcudoku_operations_doc),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "bookmaker.core._compiled",
    .m_doc = PyDoc_STR("The compiled fast path of bookmaker's puzzle core (core/compiled/__init__.py "
                       "chooses it)."),
    .m_size = -1,
    .m_methods = module_functions,
};

/* Built for x86-64's popcount instruction (setup.py) on a CPU without it: the import fails
   and bookmaker runs the pure core, which makes the same puzzles. */
static int lacks_popcount(void) {
#if defined(__x86_64__) && defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "this CPU has no popcount instruction, which the "
                                           "compiled core was built for");
        return 1;
    }
#endif
    return 0;
}

/* Whether the core counts bits by the CPU's instruction: bitset.h's popcount64 condition
   (setup.py asks for the instruction on x86-64 with gcc or clang; MSVC counts by shifts). */
static long built_for_popcount(void) {
#if defined(__GNUC__) && (!defined(__x86_64__) || defined(__POPCNT__))
    return 1;
#else
    return 0;
#endif
}

PyMODINIT_FUNC PyInit__compiled(void) {
    if (lacks_popcount()) return NULL;
    if (PyType_Ready(&BoardType) < 0 || PyType_Ready(&ExactCoverType) < 0 ||
        PyType_Ready(&GraderType) < 0 || PyType_Ready(&KillerBoardType) < 0 ||
        PyType_Ready(&RateTablesType) < 0 || PyType_Ready(&RatePropagatorType) < 0 ||
        PyType_Ready(&RateRulesType) < 0 || PyType_Ready(&RateBasicsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Board", (PyObject *)&BoardType) < 0 ||
        PyModule_AddObjectRef(m, "ExactCover", (PyObject *)&ExactCoverType) < 0 ||
        PyModule_AddObjectRef(m, "Grader", (PyObject *)&GraderType) < 0 ||
        PyModule_AddObjectRef(m, "KillerBoard", (PyObject *)&KillerBoardType) < 0 ||
        PyModule_AddObjectRef(m, "RateTables", (PyObject *)&RateTablesType) < 0 ||
        PyModule_AddObjectRef(m, "RatePropagator", (PyObject *)&RatePropagatorType) < 0 ||
        PyModule_AddObjectRef(m, "RateRules", (PyObject *)&RateRulesType) < 0 ||
        PyModule_AddObjectRef(m, "RateBasics", (PyObject *)&RateBasicsType) < 0 ||
        PyModule_AddIntConstant(m, "POPCOUNT_INSTRUCTION", built_for_popcount()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
