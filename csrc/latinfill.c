/* A random Latin square, compiled: latin/fill.random_latin drawn from the same SplitMix64
   stream (splitmix.h), row by row, each row a backtracking matching of its columns to
   the values they lack, each column trying its values in an order shuffled for it, so
   the square and where the stream then stands are the Python's. */

#include "pytypes.h"
#include "latin.h"
#include "splitmix.h"

/* fill._random_row's place(): columns from `col` given the values used. */
static int place(int n, const mask *lacking, int orders[][LATIN_MAX], int *row, int col,
                 mask used) {
    if (col == n) return 1;
    mask free = lacking[col] & ~used;
    for (int k = 0; k < n; k++) {
        int d = orders[col][k];
        if (free >> d & 1) {
            row[col] = d + 1;
            if (place(n, lacking, orders, row, col + 1, used | (mask)1 << d)) return 1;
        }
    }
    return 0;
}

/* fill.random_latin into cells; 0, or -1 if a row would not extend (never: Hall). */
static int fill(int n, uint64_t *state, int *cells) {
    mask lacking[LATIN_MAX];
    int orders[LATIN_MAX][LATIN_MAX];
    for (int col = 0; col < n; col++) lacking[col] = ((mask)1 << n) - 1;
    for (int r = 0; r < n; r++) {
        for (int col = 0; col < n; col++) {
            for (int d = 0; d < n; d++) orders[col][d] = d;
            splitmix_shuffle(state, orders[col], n);
        }
        int *row = cells + r * n;
        if (!place(n, lacking, orders, row, 0, 0)) return -1;
        for (int col = 0; col < n; col++) lacking[col] &= ~((mask)1 << (row[col] - 1));
    }
    return 0;
}

const char latin_fill_doc[] =
"latin_fill(n, state)\n--\n\n"
"latin/fill.random_latin from the SplitMix64 state `state`: (the square's cells row by\n"
"row, the state after).";

PyObject *latin_fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    long n;
    int cells[LATIN_CELLS];
    if (!check_arity(nargs, 2, "latin_fill") ||
        convert_int(args[0], 1, LATIN_MAX, &n, "latin_fill: n") < 0)
        return NULL;
    uint64_t state = PyLong_AsUnsignedLongLongMask(args[1]);
    if (PyErr_Occurred()) return NULL;
    if (fill((int)n, &state, cells) < 0) {
        PyErr_SetString(PyExc_AssertionError, "latin_fill: a Latin rectangle always extends by a row");
        return NULL;
    }
    PyObject *square = tuple_of_ints(cells, n * n);
    return square ? Py_BuildValue("(NK)", square, (unsigned long long)state) : NULL;
}
