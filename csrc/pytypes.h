/* What the Python-facing files of the compiled core share: the two types, and the check
   of a fast call's argument count. */

#ifndef BOOKMAKER_PYTYPES_H
#define BOOKMAKER_PYTYPES_H

#include "board.h"
#include "convert.h"

extern PyTypeObject BoardType, ExactCoverType, GraderType, KillerBoardType;
extern PyTypeObject RateTablesType, RatePropagatorType;   /* ratechains.c */
extern PyTypeObject RateRulesType;   /* ratesimple.c */
extern PyTypeObject RateBasicsType;                       /* ratebasics.c */

/* A Board object: its tables and its pairs of units for the counts (pyboard.c). */
typedef struct {
    PyObject_HEAD
    Board board;
    struct Locks *locks; /* locked.h */
} BoardObject;

/* A METH_FASTCALL method table entry. */
#define FAST_METHOD(name, function, doc) \
    {name, (PyCFunction)(void (*)(void))(function), METH_FASTCALL, doc}

/* killercheck.c's function: killer/check.check_killer. */
PyObject *check_killer(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char check_killer_doc[];

/* jigsaw.c's function: board/jigsaw._Tiler.tile. */
PyObject *tile_jigsaw(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char tile_jigsaw_doc[];

/* pygraded.c's function: generate/graded.graded_removal_in_python. */
PyObject *graded_removal_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char graded_removal_doc[];

/* ratescreen.c's function: rating/nested.py's unary_found (forcing chains and cycles). */
PyObject *chain_starts(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char chain_starts_doc[];
PyObject *nested_chain_found(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char nested_chain_found_doc[];

/* clash.c's function: board/grid.py's _any_clash_in_python. */
PyObject *any_clash(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char any_clash_doc[];

/* canonical.c's function: board/transform.py's _Search.least_image. */
PyObject *least_image_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char least_image_doc[];

/* quick9.c's functions: classic 9x9 counted (search.count_from_clues, specialised), and a
   file of classic lines read and counted in one call (core/kinds/quick.py). */
PyObject *count9(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char count9_doc[];
PyObject *classic_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char classic_lines_doc[];

/* latin.c's functions: latin/search.py's propagation and search, latin/grading.py's
   forcing chains, skyscrapers/lines.py's line_supports and its visibility technique's search. */
PyObject *latin_rounds(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_rounds_doc[];
PyObject *latin_search_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_search_doc[];
PyObject *latin_chains(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_chains_doc[];
PyObject *latin_line_supports(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_line_supports_doc[];
PyObject *latin_visible_line(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_visible_line_doc[];
PyObject *latin_sign_fork(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_sign_fork_doc[];

/* latinsettle.c's function: grade/grader.settle on a Latin state. */
PyObject *latin_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_settle_doc[];
/* latingrade.c's function: the Latin grading loop digging asks (latin/grading.py). */
PyObject *latin_grade(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_grade_doc[];
PyObject *latin_reach(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_reach_doc[];
/* futoshikicheck.c's function: futoshiki/check.check_futoshiki. */
PyObject *check_futoshiki(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char check_futoshiki_doc[];
/* skyscraperscheck.c's function: skyscrapers/check.check_skyscrapers. */
PyObject *check_skyscrapers(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char check_skyscrapers_doc[];
/* latinfill.c's function: latin/fill.random_latin. */
PyObject *latin_fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_fill_doc[];
/* latindig.c's function: a phase of digging (latin/dig.py) in one call. */
PyObject *latin_dig(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_dig_doc[];
PyObject *latin_dig_unique(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_dig_unique_doc[];
/* latintrade.c's function: latin/trade.py's giving back in one call. */
PyObject *latin_give_back(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char latin_give_back_doc[];

/* calcways.c's function: calcudoku/check.py's _ways (a cage's fillings). */
PyObject *calcudoku_ways(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_ways_doc[];
PyObject *calcudoku_fillings(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_fillings_doc[];

/* calccheck.c's function: calcudoku/check.py's check_calcudoku_in_python (the second proof). */
PyObject *calcudoku_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_check_doc[];

/* calclayout.c's function: calcudoku/layout.py's cage_layout_in_python. */
PyObject *calcudoku_layout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_layout_doc[];

/* kakuro.c's functions: kakuro/grade.py's _sweep of a run technique, solver.py's search
   and its rounds to a contradiction, over a Kakuro's tables. */
PyObject *kakuro_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_tables_doc[];
PyObject *kakuro_sweep(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_sweep_doc[];
PyObject *kakuro_walk(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_walk_doc[];
PyObject *kakuro_rounds(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_rounds_doc[];
PyObject *kakuro_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_settle_doc[];
/* kakurograde.c's functions: kakuro/grade.py's solve_within, unworded, in one call. */
PyObject *kakuro_areas(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_areas_doc[];
PyObject *kakuro_reach(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_reach_doc[];
/* kakuroareas.c: kakuro/areas.py's area_runs. */
PyObject *kakuro_area_runs(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_area_runs_doc[];
/* kakurofill.c's functions: kakuro/generate.py's _move_some. */
PyObject *kakuro_fill_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_fill_tables_doc[];
PyObject *kakuro_move_some(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_move_some_doc[];
/* kakurocheck.c: kakuro/check.py's search; kakuro.c's flattening of its runs. */
int kakuro_flatten(PyObject *groups, Py_ssize_t count, long most, int **starts, int **items);
PyObject *kakuro_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char kakuro_check_doc[];
/* calcnarrow.c */
PyObject *calcudoku_narrow(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_narrow_doc[];
/* calcsearch.c: calcudoku/solver.py's search */
PyObject *calcudoku_search(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_search_doc[];
/* calcsettle.c's function: grade/grader.settle on a Calcudoku state. */
PyObject *calcudoku_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_settle_doc[];
/* calcfind.c's function: where a Calcudoku cage technique finds its next step. */
PyObject *calcudoku_find(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_find_doc[];
/* calcareatables.c's function: a Calcudoku draft's areas as calcudoku_find reads them. */
PyObject *calcudoku_area_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_area_tables_doc[];
/* calcloop.c's function: a Calcudoku's grading loop up to a ceiling, unworded. */
PyObject *calcudoku_grade(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_grade_doc[];
/* and the same grading of a blank state from its tables alone, with its crux's cells. */
PyObject *calcudoku_grade_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_grade_tables_doc[];

/* calcclimb.c and calcharden.c: calcudoku/generate.py's climb_choice_in_python and
   hardened_in_python, each in one call. */
PyObject *calcudoku_climb(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_climb_doc[];
PyObject *calcudoku_harden(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_harden_doc[];

/* calcdraft.c's function: calcudoku/generate.py's first draft's choose_operation()s. */
PyObject *calcudoku_operations(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_operations_doc[];

/* calcwords.c's function: calcudoku/generate.py's DraftCages.words_in_python. */
PyObject *calcudoku_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_words_doc[];
/* calcswap.c's function: calcudoku/swaps.py's swap_in_python. */
PyObject *calcudoku_swap(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char calcudoku_swap_doc[];

/* slithercount.c's function: slitherlink/count.py's count. */
PyObject *slitherlink_count(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char slitherlink_count_doc[];
/* slithersettle.c's function: slitherlink/solver.py's settle. */
PyObject *slitherlink_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char slitherlink_settle_doc[];
/* starprop.c's functions: starbattle/rules.py's propagate, grade.py's first_clash. */
PyObject *starbattle_propagate(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char starbattle_propagate_doc[];
PyObject *starbattle_first_clash(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char starbattle_first_clash_doc[];
/* starcount.c's function: starbattle/count.py's count_starbattle. */
PyObject *starbattle_count(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char starbattle_count_doc[];
/* starrows.c's function: starbattle/generate.py's _star_rows. */
PyObject *starbattle_star_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
extern const char starbattle_star_rows_doc[];

/* 1, or 0 with a TypeError if a fast call got other than `expected` arguments. */
static inline int check_arity(Py_ssize_t nargs, Py_ssize_t expected, const char *name) {
    if (nargs == expected) return 1;
    PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, expected, nargs);
    return 0;
}

#endif
