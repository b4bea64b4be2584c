/* calcudoku_layout: a Calcudoku's cage layout, calcudoku/layout.py's
   cage_layout_in_python draw for draw (the same SplitMix64 stream, splitmix.h): cells in
   a shuffled order, each free one starting a cage of a drawn size grown by a free
   neighbour drawn from those that keep it compact, then one-cell cages beyond the
   weights' share joined to the smallest neighbouring cage that stays compact. */

#include <math.h>

#include "pytypes.h"
#include "splitmix.h"

#define LAYOUT_MAX_N 16
#define LAYOUT_CELLS (LAYOUT_MAX_N * LAYOUT_MAX_N)
#define LAYOUT_MAX_WEIGHTS 8
#define LAYOUT_MAX_CAGE 4  /* layout.MAX_CAGE */

typedef struct {
    int n, weight_count;
    long long weights[LAYOUT_MAX_WEIGHTS];
    uint64_t state;
    int owner[LAYOUT_CELLS];
    int count;                                  /* groups made */
    int size[LAYOUT_CELLS];                     /* cells of each group */
    int cells[LAYOUT_CELLS][LAYOUT_MAX_CAGE + LAYOUT_MAX_N];  /* in the order added */
} Layout;

/* _draw: a cage size by the weights. */
static int draw_size(Layout *l) {
    long long total = 0;
    for (int k = 0; k < l->weight_count; k++) total += l->weights[k];
    long long pick = (long long)splitmix_below(&l->state, (uint64_t)total);
    for (int k = 0; k < l->weight_count; k++) {
        if (pick < l->weights[k]) return k + 1;
        pick -= l->weights[k];
    }
    return l->weight_count;
}

/* compact() of the group's cells and `extra` (-1: none). */
static int compact_with(const Layout *l, const int *cells, int count, int extra) {
    int total = count + (extra >= 0);
    if (total < 4) return 1;
    if (total > LAYOUT_MAX_CAGE) return 0;
    int rows = 0, cols = 0, n = l->n;
    unsigned row_seen = 0, col_seen = 0;
    for (int k = 0; k < total; k++) {
        int cell = k < count ? cells[k] : extra;
        row_seen |= 1u << (cell / n), col_seen |= 1u << (cell % n);
    }
    rows = __builtin_popcount(row_seen), cols = __builtin_popcount(col_seen);
    return rows <= 3 && cols <= 3 && (rows < cols ? rows : cols) > 1;
}

/* neighbours(): the cells beside the group (not in it), ascending. */
static int beside(const Layout *l, const int *cells, int count, int *out) {
    int n = l->n, found = 0;
    unsigned char mark[LAYOUT_CELLS] = {0};
    for (int k = 0; k < count; k++) mark[cells[k]] = 2;
    for (int k = 0; k < count; k++) {
        int r = cells[k] / n, c = cells[k] % n;
        int near[4] = {r > 0 ? cells[k] - n : -1, c > 0 ? cells[k] - 1 : -1,
                       c < n - 1 ? cells[k] + 1 : -1, r < n - 1 ? cells[k] + n : -1};
        for (int j = 0; j < 4; j++)
            if (near[j] >= 0 && !mark[near[j]]) mark[near[j]] = 1;
    }
    for (int cell = 0; cell < n * n; cell++)
        if (mark[cell] == 1) out[found++] = cell;
    return found;
}

/* The loop of cage_layout_in_python before the lone cells are absorbed. */
static void grow_cages(Layout *l) {
    int n = l->n, order[LAYOUT_CELLS], free_cells[LAYOUT_CELLS], near[LAYOUT_CELLS];
    for (int c = 0; c < n * n; c++) order[c] = c, l->owner[c] = -1;
    splitmix_shuffle(&l->state, order, n * n);
    for (int k = 0; k < n * n; k++) {
        int cell = order[k];
        if (l->owner[cell] >= 0) continue;
        int size = draw_size(l), g = l->count++, *group = l->cells[g];
        group[0] = cell, l->size[g] = 1, l->owner[cell] = g;
        while (l->size[g] < size) {
            int count = 0, around = beside(l, group, l->size[g], near);
            for (int j = 0; j < around; j++)
                if (l->owner[near[j]] < 0 &&
                    (l->size[g] < 3 || compact_with(l, group, l->size[g], near[j])))
                    free_cells[count++] = near[j];
            if (!count) break;
            int chosen = free_cells[splitmix_below(&l->state, (uint64_t)count)];
            group[l->size[g]++] = chosen, l->owner[chosen] = g;
        }
    }
}

/* _absorb_lone_cells. */
static void absorb_lone_cells(Layout *l) {
    long long total = 0, weighted = 0;
    for (int k = 0; k < l->weight_count; k++)
        total += l->weights[k], weighted += (k + 1) * l->weights[k];
    int n = l->n, lone[LAYOUT_CELLS], lone_count = 0, near[LAYOUT_CELLS], options[4];
    double mean = (double)weighted / (double)total;
    long long wanted = (long long)nearbyint((double)(l->weights[0] * n * n) / (double)total / mean);
    for (int g = 0; g < l->count; g++)
        if (l->size[g] == 1) lone[lone_count++] = g;
    splitmix_shuffle(&l->state, lone, lone_count);
    long long take = lone_count - wanted > 0 ? lone_count - wanted : 0;
    for (int k = 0; k < take; k++) {
        int g = lone[k];
        if (l->size[g] != 1) continue;
        int cell = l->cells[g][0], count = 0, around = beside(l, &cell, 1, near);
        for (int j = 0; j < around; j++) {
            int other = l->owner[near[j]], seen = 0;
            for (int i = 0; i < count; i++) seen |= options[i] == other;
            if (!seen && l->size[other] &&
                compact_with(l, l->cells[other], l->size[other], cell))
                options[count++] = other;
        }
        if (!count) continue;
        int least = l->size[options[0]], smallest[4], tied = 0;
        for (int i = 1; i < count; i++)
            if (l->size[options[i]] < least) least = l->size[options[i]];
        for (int i = 0; i < count; i++)  /* by (size, index), as the Python sorts them */
            if (l->size[options[i]] == least) smallest[tied++] = options[i];
        for (int i = 1; i < tied; i++)
            for (int j = i; j > 0 && smallest[j - 1] > smallest[j]; j--) {
                int kept = smallest[j];
                smallest[j] = smallest[j - 1], smallest[j - 1] = kept;
            }
        int target = smallest[splitmix_below(&l->state, (uint64_t)tied)];
        l->cells[target][l->size[target]++] = cell, l->owner[cell] = target;
        l->size[g] = 0;
    }
}

/* The groups made, each as a tuple of its cells ascending, the empty ones left out. */
static PyObject *groups_list(Layout *l) {
    PyObject *out = PyList_New(0);
    for (int g = 0; out && g < l->count; g++) {
        if (!l->size[g]) continue;
        int *cells = l->cells[g], count = l->size[g];
        for (int i = 1; i < count; i++)
            for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
                int kept = cells[j];
                cells[j] = cells[j - 1], cells[j - 1] = kept;
            }
        PyObject *one = tuple_of_ints(cells, count);
        if (!one || PyList_Append(out, one) < 0) Py_CLEAR(out);
        Py_XDECREF(one);
    }
    return out;
}

const char calcudoku_layout_doc[] =
"calcudoku_layout(n, state, weights)\n--\n\n"
"calcudoku/layout.py's cage_layout_in_python from the Rng state: (the groups, cells\n"
"ascending, the state after); None past what C holds (n above 16, more than 8 weights).";

PyObject *calcudoku_layout(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "calcudoku_layout")) return NULL;
    long n = PyLong_AsLong(args[0]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLongMask(args[1]);
    if (PyErr_Occurred()) return NULL;
    Py_ssize_t count = PySequence_Length(args[2]);
    if (count < 0) return NULL;
    if (n < 1 || n > LAYOUT_MAX_N || count < 1 || count > LAYOUT_MAX_WEIGHTS)
        return Py_NewRef(Py_None);
    Layout *l = PyMem_Calloc(1, sizeof(Layout));
    if (!l) return PyErr_NoMemory();
    l->n = (int)n, l->weight_count = (int)count, l->state = state;
    long long total = 0;
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *item = PySequence_GetItem(args[2], k);
        long long weight = item ? PyLong_AsLongLong(item) : -1;
        Py_XDECREF(item);
        if (weight == -1 && PyErr_Occurred()) {
            PyMem_Free(l);
            return NULL;
        }
        if (weight < 0 || weight > (1LL << 40)) {
            PyMem_Free(l);
            return Py_NewRef(Py_None);
        }
        l->weights[k] = weight, total += weight;
    }
    if (total <= 0) {
        PyMem_Free(l);
        return Py_NewRef(Py_None);
    }
    grow_cages(l);
    absorb_lone_cells(l);
    PyObject *groups = groups_list(l);
    PyObject *result = groups ? Py_BuildValue("(NK)", groups, (unsigned long long)l->state) : NULL;
    PyMem_Free(l);
    return result;
}
