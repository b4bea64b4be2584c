/* Futoshiki's second proof, compiled: futoshiki/check.py's search (written apart from the
   solver) step for step: every constraint between two cells kept arc consistent from a
   queue of changed cells (taken from its end), the values one cell of a line alone can
   hold placed, then the undecided cell of fewest values tried value by value, least
   first, depth first. The nodes, the solutions and their order are the Python's. */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"
#include "latin.h"

enum { DIFFERENT, SMALLER, LARGER };  /* a cell's relation to another: !=, <, > */
#define RELATED_MAX (2 * LATIN_MAX + 4)

typedef struct {
    int n, cells, limit, complete, stopped;
    long long max_nodes, nodes;           /* max_nodes < 0: no budget */
    int every_count[LATIN_CELLS], sign_count[LATIN_CELLS];
    int every[LATIN_CELLS][RELATED_MAX][2], signs[LATIN_CELLS][RELATED_MAX][2];  /* (other, relation) */
    int *queue;
    mask *levels;                         /* a state's domains per depth */
    PyObject *solutions;
} Check;

/* check._constraints: per cell its row's and column's cells (and any a sign ties it to)
   by cell, a sign's relation in its place; and the signs alone. */
static void constraints(Check *k, const int *pairs, int count) {
    static unsigned char sign[LATIN_CELLS][LATIN_CELLS];  /* 1 + relation, 0: none */
    int n = k->n;
    for (int i = 0; i < count; i += 2)
        sign[pairs[i]][pairs[i + 1]] = 1 + SMALLER, sign[pairs[i + 1]][pairs[i]] = 1 + LARGER;
    for (int cell = 0; cell < k->cells; cell++) {
        k->every_count[cell] = k->sign_count[cell] = 0;
        for (int other = 0; other < k->cells; other++) {
            int how = sign[cell][other] ? sign[cell][other] - 1 : DIFFERENT;
            int line = other != cell && (other / n == cell / n || other % n == cell % n);
            if (!line && !sign[cell][other]) continue;
            int *entry = k->every[cell][k->every_count[cell]++];
            entry[0] = other, entry[1] = how;
            if (how != DIFFERENT) {
                int *kept = k->signs[cell][k->sign_count[cell]++];
                kept[0] = other, kept[1] = how;
            }
        }
    }
    for (int i = 0; i < count; i += 2) sign[pairs[i]][pairs[i + 1]] = sign[pairs[i + 1]][pairs[i]] = 0;
}

static inline int bit_length(mask m) { return m ? 32 - __builtin_clz(m) : 0; }

/* check._arc_consistent: 0 if a cell runs dry. */
static int arc_consistent(const Check *k, mask *domains, int *size) {
    while (*size) {
        int cell = k->queue[--*size];
        mask mine = domains[cell];
        int several = (mine & (mine - 1)) != 0, count = several ? k->sign_count[cell] : k->every_count[cell];
        for (int i = 0; i < count; i++) {
            const int *entry = several ? k->signs[cell][i] : k->every[cell][i];
            mask theirs = domains[entry[0]], kept;
            if (entry[1] == DIFFERENT) kept = theirs & ~mine;
            else if (entry[1] == SMALLER) kept = theirs & ~(((mine & (0u - mine)) << 1) - 1);
            else kept = theirs & (((mask)1 << (bit_length(mine) - 1)) - 1);
            if (kept != theirs) {
                if (!kept) return 0;
                domains[entry[0]] = kept;
                k->queue[(*size)++] = entry[0];
            }
        }
    }
    return 1;
}

/* check._lone_values: 0 if a line has a value no cell can hold, or a cell two. */
static int lone_values(const Check *k, mask *domains, int *size) {
    int n = k->n;
    mask every = ((mask)1 << n) - 1;
    for (int line = 0; line < 2 * n; line++) {
        mask once = 0, twice = 0;
        for (int j = 0; j < n; j++) {
            mask d = domains[line < n ? line * n + j : j * n + line - n];
            twice |= once & d, once |= d;
        }
        if (once != every) return 0;
        for (int j = 0; j < n; j++) {
            int cell = line < n ? line * n + j : j * n + line - n;
            mask lone = domains[cell] & ~twice;
            if (lone && lone != domains[cell]) {
                if (lone & (lone - 1)) return 0;
                domains[cell] = lone;
                k->queue[(*size)++] = cell;
            }
        }
    }
    return 1;
}

/* check._consistent from the changed cells. */
static int consistent(const Check *k, mask *domains, const int *changed, int count) {
    int size = count;
    memcpy(k->queue, changed, sizeof(int) * (size_t)count);
    while (size)
        if (!arc_consistent(k, domains, &size) || !lone_values(k, domains, &size)) return 0;
    return 1;
}

static int record(Check *k, const mask *domains) {
    PyObject *solution = PyTuple_New(k->cells);
    for (int c = 0; solution && c < k->cells; c++) {
        PyObject *value = PyLong_FromLong(bit_length(domains[c]));
        if (!value) Py_CLEAR(solution);
        else PyTuple_SET_ITEM(solution, c, value);
    }
    int failed = !solution || PyList_Append(k->solutions, solution) < 0;
    Py_XDECREF(solution);
    return failed ? -1 : 0;
}

/* checkresult.depth_first with check's expand, depth first in the order it pops states:
   the limit met, then the budget spent, stops it. -1 with an exception set. */
static int visit(Check *k, int depth, const int *changed, int count) {
    mask *domains = k->levels + (size_t)depth * k->cells;
    if (k->stopped) return 0;
    if (PyList_GET_SIZE(k->solutions) >= k->limit) return k->stopped = 1, 0;
    if (k->max_nodes >= 0 && k->nodes >= k->max_nodes) return k->complete = 0, k->stopped = 1, 0;
    k->nodes++;
    if (!consistent(k, domains, changed, count)) return 0;
    int cell = -1, fewest = 0;
    for (int c = 0; c < k->cells; c++) {
        int bits = __builtin_popcount(domains[c]);
        if (bits > 1 && (cell < 0 || bits < fewest)) cell = c, fewest = bits;
    }
    if (cell < 0) return record(k, domains);
    mask *child = domains + k->cells;
    for (mask rest = domains[cell]; rest && !k->stopped; rest &= rest - 1) {
        memcpy(child, domains, sizeof(mask) * (size_t)k->cells);
        child[cell] = rest & (0u - rest);
        if (visit(k, depth + 1, &cell, 1) < 0) return -1;
    }
    return 0;
}

const char check_futoshiki_doc[] =
"check_futoshiki(n, pairs, givens, limit, max_nodes)\n--\n\n"
"futoshiki/check.check_futoshiki in C: the solutions of the givens under the signs (pairs:\n"
"smaller, larger cell, sign after sign), up to `limit`, at most max_nodes nodes (None: no\n"
"budget): (count, solutions, complete, nodes).";

PyObject *check_futoshiki(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Check check;
    Check *k = &check;
    long n, limit;
    int givens[LATIN_CELLS], failed = 0, count, start[LATIN_CELLS];
    if (!check_arity(nargs, 5, "check_futoshiki") ||
        convert_int(args[0], 1, LATIN_MAX, &n, "check_futoshiki: n") < 0 ||
        convert_int(args[3], 0, 1L << 30, &limit, "check_futoshiki: limit") < 0)
        return NULL;
    k->n = (int)n, k->cells = (int)(n * n), k->limit = (int)limit;
    k->max_nodes = args[4] == Py_None ? -1 : convert_clamped(args[4], &failed);
    Py_ssize_t size = PySequence_Size(args[1]);
    if (failed || size < 0) return NULL;
    if (size % 2 || size > 4 * k->cells) {
        PyErr_SetString(PyExc_ValueError, "check_futoshiki: pairs");
        return NULL;
    }
    int *pairs = PyMem_Malloc(sizeof(int) * ((size_t)size + 1));
    k->queue = PyMem_Malloc(sizeof(int) * (size_t)k->cells * (size_t)(n + 3));
    k->levels = PyMem_Malloc(sizeof(mask) * (size_t)k->cells * (size_t)(k->cells + 1));
    k->solutions = PyList_New(0);
    if (!pairs || !k->queue || !k->levels || !k->solutions) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
    } else if (convert_ints(args[1], pairs, size, 0, k->cells - 1, "check_futoshiki: pairs") == 0 &&
               convert_ints(args[2], givens, k->cells, 0, n, "check_futoshiki: givens") == 0) {
        count = (int)size;
        constraints(k, pairs, count);
        for (int c = 0; c < k->cells; c++) {
            k->levels[c] = givens[c] ? (mask)1 << (givens[c] - 1) : ((mask)1 << n) - 1;
            start[c] = c;
        }
        k->nodes = 0, k->complete = 1, k->stopped = 0;
        if (visit(k, 0, start, k->cells) == 0) {
            PyObject *found = PyList_AsTuple(k->solutions);
            PyObject *result = found ? Py_BuildValue("(nNOL)", PyTuple_GET_SIZE(found), found,
                                                     k->complete ? Py_True : Py_False, k->nodes) : NULL;
            PyMem_Free(pairs), PyMem_Free(k->queue), PyMem_Free(k->levels);
            Py_DECREF(k->solutions);
            return result;
        }
    }
    PyMem_Free(pairs), PyMem_Free(k->queue), PyMem_Free(k->levels);
    Py_XDECREF(k->solutions);
    return NULL;
}
