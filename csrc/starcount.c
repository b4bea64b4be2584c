/* The Star Battle's second proof in C (starbattle/count.py's count_starbattle): rows
   filled one after another from the row patterns, in their order, a row's stars bounded
   by the columns' and regions' counts and the regions' room below, as in the Python. */

#include "convert.h"
#include "pytypes.h"

#define SC_MOST 16

typedef struct {
    int n, k, limit, found;
    const int *regions;         /* each cell's region */
    const int *room;            /* (n + 1) x n: stars a region's cells from a row down hold */
    const long *patterns;
    Py_ssize_t pattern_count;
    int columns[SC_MOST], in_region[SC_MOST];
} ScCount;

/* count._possible. */
static int sc_possible(const ScCount *s, int row) {
    int rows_left = s->n - 1 - row;
    const int *room = s->room + (row + 1) * s->n;
    for (int c = 0; c < s->n; c++)
        if (s->columns[c] > s->k || s->k - s->columns[c] > (rows_left + 1) / 2) return 0;
    for (int g = 0; g < s->n; g++)
        if (s->in_region[g] > s->k || s->k - s->in_region[g] > room[g]) return 0;
    return 1;
}

static void sc_mark(ScCount *s, int row, long mask, int by) {
    for (int c = 0; c < s->n; c++)
        if (mask >> c & 1) {
            s->columns[c] += by;
            s->in_region[s->regions[row * s->n + c]] += by;
        }
}

/* count.place. */
static void sc_place(ScCount *s, int row, long above) {
    if (row == s->n) {
        int full = 1;
        for (int i = 0; i < s->n; i++)
            full &= s->columns[i] == s->k && s->in_region[i] == s->k;
        s->found += full;
        return;
    }
    long near = above | above << 1 | above >> 1;
    for (Py_ssize_t p = 0; p < s->pattern_count; p++) {
        long mask = s->patterns[p];
        if (mask & near || s->found >= s->limit) continue;
        sc_mark(s, row, mask, 1);
        if (sc_possible(s, row)) sc_place(s, row + 1, mask);
        sc_mark(s, row, mask, -1);
    }
}

const char starbattle_count_doc[] =
"starbattle_count(n, k, regions, room, patterns, limit)\n--\n\n"
"count.count_starbattle: the solutions of an n x n square of k stars a unit, each cell's\n"
"region given, counted up to `limit`; `room` is count._room_below's rows flattened and\n"
"`patterns` count.row_patterns(n, k).";

PyObject *starbattle_count(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 6, "starbattle_count")) return NULL;
    long n, k, limit;
    if (convert_int(args[0], 2, SC_MOST, &n, "a Star Battle's size") < 0 ||
        convert_int(args[1], 1, SC_MOST, &k, "a Star Battle's stars") < 0 ||
        convert_int(args[5], 1, 1000000, &limit, "a count's limit") < 0)
        return NULL;
    int regions[SC_MOST * SC_MOST], room[(SC_MOST + 1) * SC_MOST];
    if (convert_ints(args[2], regions, n * n, 0, n - 1, "a Star Battle's regions") < 0 ||
        convert_ints(args[3], room, (n + 1) * n, 0, n * n, "a Star Battle's room") < 0)
        return NULL;
    PyObject *items = PySequence_Fast(args[4], "a Star Battle's row patterns");
    if (!items) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
    long *patterns = PyMem_Malloc((size_t)(count ? count : 1) * sizeof(long));
    if (!patterns) {
        Py_DECREF(items);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t p = 0; p < count; p++) {
        long mask;
        if (convert_int(PySequence_Fast_GET_ITEM(items, p), 0, (1L << n) - 1, &mask,
                        "a row pattern") < 0) {
            PyMem_Free(patterns);
            Py_DECREF(items);
            return NULL;
        }
        patterns[p] = mask;
    }
    Py_DECREF(items);
    ScCount s = {(int)n, (int)k, (int)limit, 0, regions, room, patterns, count, {0}, {0}};
    Py_BEGIN_ALLOW_THREADS
    sc_place(&s, 0, 0);
    Py_END_ALLOW_THREADS
    PyMem_Free(patterns);
    return PyLong_FromLong(s.found);
}
