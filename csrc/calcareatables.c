/* calcudoku_area_tables: techniques.area_tables of a draft's cages made from their
   narrowing tables and known sums (quiet.sums) on the board's groups of lines
   (quiet.group_tables), without the cage set: what calcudoku_find reads to say where an
   area technique found the crux a climb hardens around (calcudoku/crux.py). The areas are
   the compiled grader's own (calcareas.c's calc_read_areas), packed behind their count. */

#include "calchand.h"

const char calcudoku_area_tables_doc[] =
"calcudoku_area_tables(n, tables, values, cell_digits, groups, sums)\n--\n\n"
"techniques.area_tables of the cages given as CalcCages.narrowing_tables (the hand as\n"
"calcudoku_find reads it: values and cell_digits lists, not used), their known sums\n"
"(quiet.sums) and the board's groups of lines (quiet.group_tables): bytes.";

PyObject *calcudoku_area_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Hand h;
    static Cage cages[CALC_CELLS];
    const unsigned char *areas;
    long long count;
    if (!check_arity(nargs, 6, "calcudoku_area_tables") ||
        calc_hand(&h, cages, args, "calcudoku_area_tables") < 0 ||
        calc_read_areas(&h, args[4], args[5], &areas, &count) < 0)
        return NULL;
    size_t words = (size_t)count * AREA_WORDS;
    PyObject *made = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * (1 + words)));
    if (!made) return NULL;
    uint64_t *out = (uint64_t *)PyBytes_AS_STRING(made);
    out[0] = (uint64_t)count;
    memcpy(out + 1, areas, 8 * words);
    return made;
}
