/* calcudoku_area_tables: techniques.area_tables of a draft's cages made from their
   narrowing tables and known sums (quiet.sums) on the board's groups of lines
   (quiet.group_tables), without the cage set: what calcudoku_find reads to say where an
   area technique found the crux a climb hardens around (calcudoku/crux.py). */

#include "calchand.h"

#define AREA_WORDS (2 * CALC_W + 2) /* an area as calcfind.c reads it */
#define GROUP_MOST (4 * CALC_MAX * CALC_MAX)

/* techniques.areas' Area of one group (its line count, then CALC_W words of cells), packed
   as area_tables packs it: innies, their total, outies, their total (two's complement). */
static void area_of(const Hand *h, const uint64_t *group, const int64_t *sums, uint64_t *area) {
    const word *cells = group + 1;
    word inside[CALC_W] = {0}, crossing[CALC_W] = {0};
    long long inside_total = 0, crossing_total = 0;
    for (int k = 0; k < h->cages; k++) {
        if (sums[k] < 0) continue;
        const word *mine = h->cage[k].cells;
        int out = 0, in = 0;
        for (int i = 0; i < CALC_W; i++) out |= !!(mine[i] & ~cells[i]), in |= !!(mine[i] & cells[i]);
        if (out && !in) continue;  /* outside the lines */
        word *into = out ? crossing : inside;
        for (int i = 0; i < CALC_W; i++) into[i] |= mine[i];
        *(out ? &crossing_total : &inside_total) += sums[k];
    }
    long long innie_total = (long long)group[0] * h->n * (h->n + 1) / 2 - inside_total;
    int lone = 0;  /* an innie in no crossing cage: no outies */
    for (int i = 0; i < CALC_W; i++) {
        area[i] = cells[i] & ~inside[i];
        lone |= !!(area[i] & ~crossing[i]);
    }
    area[CALC_W] = (uint64_t)innie_total;
    for (int i = 0; i < CALC_W; i++) area[CALC_W + 1 + i] = lone ? 0 : crossing[i] & ~cells[i];
    area[2 * CALC_W + 1] = (uint64_t)(crossing_total - innie_total);
}

const char calcudoku_area_tables_doc[] =
"calcudoku_area_tables(n, tables, values, cell_digits, groups, sums)\n--\n\n"
"techniques.area_tables of the cages given as CalcCages.narrowing_tables (the hand as\n"
"calcudoku_find reads it: values and cell_digits lists, not used), their known sums\n"
"(quiet.sums) and the board's groups of lines (quiet.group_tables): bytes.";

PyObject *calcudoku_area_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Hand h;
    static Cage cages[CALC_CELLS];
    char *lines, *totals;
    Py_ssize_t length, sums_length;
    uint64_t count;
    if (!check_arity(nargs, 6, "calcudoku_area_tables") ||
        calc_hand(&h, cages, args, "calcudoku_area_tables") < 0 ||
        PyBytes_AsStringAndSize(args[4], &lines, &length) < 0 ||
        PyBytes_AsStringAndSize(args[5], &totals, &sums_length) < 0)
        return NULL;
    if (length < 8 || (memcpy(&count, lines, 8), count > GROUP_MOST) ||
        (Py_ssize_t)(8 * (1 + count * (CALC_W + 1))) != length ||
        sums_length != 8 * (Py_ssize_t)h.cages)
        return PyErr_Format(PyExc_ValueError, "calcudoku_area_tables: the groups or sums do not fit");
    PyObject *made = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(8 * (1 + count * AREA_WORDS)));
    if (!made) return NULL;
    uint64_t *out = (uint64_t *)PyBytes_AS_STRING(made);
    const uint64_t *groups = (const uint64_t *)lines;
    out[0] = count;
    for (uint64_t g = 0; g < count; g++)
        area_of(&h, groups + 1 + g * (CALC_W + 1), (const int64_t *)totals, out + 1 + g * AREA_WORDS);
    return made;
}
