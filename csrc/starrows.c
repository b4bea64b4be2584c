/* A Star Battle's star placement drawn in C (starbattle/generate.py's _star_rows): each
   row's patterns shuffled from the same SplitMix64 stream and tried in that order, with
   the same budget of rows tried, so the same placement and the stream left in the same
   place. */

#include "convert.h"
#include "pytypes.h"
#include "splitmix.h"

#define SR_MOST 16

typedef struct {
    int n, k, count, tries, row_tries;
    const int *patterns;
    int *order;                 /* n rows of `count` patterns: each row's shuffle */
    int columns[SR_MOST], chosen[SR_MOST];
    uint64_t state;
} SrDraw;

/* generate._star_rows's row. */
static int sr_row(SrDraw *d, int r, int above) {
    if (r == d->n) return 1;
    int shut = above | above << 1 | above >> 1, due = 0;
    for (int c = 0; c < d->n; c++) {
        if (d->columns[c] == d->k) shut |= 1 << c;
        if (d->k - d->columns[c] > (d->n - r) / 2) due |= 1 << c;
    }
    int *order = d->order + r * d->count;
    memcpy(order, d->patterns, (size_t)d->count * sizeof(int));
    splitmix_shuffle(&d->state, order, d->count);
    for (int p = 0; p < d->count; p++) {
        int mask = order[p];
        if (mask & shut || due & ~mask) continue;
        if (++d->tries > d->row_tries) return 0;
        for (int c = 0; c < d->n; c++) d->columns[c] += mask >> c & 1;
        if (sr_row(d, r + 1, mask)) {
            d->chosen[r] = mask;
            return 1;
        }
        for (int c = 0; c < d->n; c++) d->columns[c] -= mask >> c & 1;
    }
    return 0;
}

const char starbattle_star_rows_doc[] =
"starbattle_star_rows(n, k, state, patterns, row_tries)\n--\n\n"
"generate._star_rows from the SplitMix64 state `state`: (each row's star columns as a\n"
"mask, or None once `row_tries` rows were tried; the stream's new state).";

PyObject *starbattle_star_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "starbattle_star_rows")) return NULL;
    long n, k, row_tries;
    if (convert_int(args[0], 2, SR_MOST, &n, "a Star Battle's size") < 0 ||
        convert_int(args[1], 1, SR_MOST, &k, "a Star Battle's stars") < 0 ||
        convert_int(args[4], 0, 100000000, &row_tries, "rows tried") < 0)
        return NULL;
    uint64_t state = PyLong_AsUnsignedLongLong(args[2]);
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    Py_ssize_t count = PySequence_Size(args[3]);
    if (count < 0) return NULL;
    int *patterns = PyMem_Malloc((size_t)(count + 1) * (size_t)(n + 1) * sizeof(int));
    if (!patterns) return PyErr_NoMemory();
    if (convert_ints(args[3], patterns, count, 0, (1L << n) - 1, "a row pattern") < 0) {
        PyMem_Free(patterns);
        return NULL;
    }
    SrDraw d = {(int)n, (int)k, (int)count, 0, (int)row_tries, patterns,
                patterns + count, {0}, {0}, state};
    int drawn = sr_row(&d, 0, 0);
    PyMem_Free(patterns);
    PyObject *rows = drawn ? tuple_of_ints(d.chosen, n) : Py_NewRef(Py_None);
    return rows ? Py_BuildValue("(NK)", rows, (unsigned long long)d.state) : NULL;
}
