/* Skyscrapers' second proof, compiled: skyscrapers/check.py's search (written apart from
   the solver) step for step, each ordering of a line one int (a bit per place and
   height): until nothing changes, each cell keeps what both its lines' orderings allow
   and each line the orderings that fit its cells; then the open line of fewest orderings
   is tried ordering by ordering, depth first. The nodes, the solutions and their order
   are the Python's. Up to 8x8 (an ordering in 64 bits). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define SKY_MAX 8
#define SKY_LINES (2 * SKY_MAX)

typedef struct {
    int n, lines, limit, complete, stopped;
    long long max_nodes, nodes;  /* max_nodes < 0: no budget */
    size_t room;                 /* orderings a level holds */
    uint64_t *levels;            /* per depth: every line's orderings, line after line */
    int *counts;                 /* per depth: each line's count */
    PyObject *solutions;
} Sky;

/* A line's k-th cell: rows from the left, then columns from the top. */
static inline int line_cell(int n, int line, int k) { return line < n ? line * n + k : k * n + line - n; }

static uint64_t union_of(const uint64_t *line, int count) {
    uint64_t either = 0;
    for (int i = 0; i < count; i++) either |= line[i];
    return either;
}

/* check._narrowed, the lines at `at` (each `room` long) narrowed in place; 0 if one runs dry. */
static int narrowed(const Sky *k, uint64_t *at, int *counts) {
    int n = k->n;
    uint64_t unions[SKY_LINES], every = ((uint64_t)1 << n) - 1;
    size_t stride = k->room / (size_t)k->lines;
    for (int l = 0; l < k->lines; l++) unions[l] = union_of(at + l * stride, counts[l]);
    for (;;) {
        uint64_t allowed[SKY_MAX * SKY_MAX];
        for (int c = 0; c < n * n; c++) allowed[c] = every;
        for (int l = 0; l < k->lines; l++)
            for (int i = 0; i < n; i++) allowed[line_cell(n, l, i)] &= unions[l] >> (i * n);
        int changed = 0;
        for (int l = 0; l < k->lines; l++) {
            uint64_t fits = 0, *line = at + l * stride;
            for (int i = 0; i < n; i++) fits |= (allowed[line_cell(n, l, i)] & every) << (i * n);
            if ((unions[l] & fits) == unions[l]) continue;
            int kept = 0;
            for (int j = 0; j < counts[l]; j++)
                if ((line[j] & fits) == line[j]) line[kept++] = line[j];
            if (!kept) return 0;
            counts[l] = kept, unions[l] = union_of(line, kept), changed = 1;
        }
        if (!changed) return 1;
    }
}

static int record(Sky *k, const uint64_t *at, size_t stride) {
    int n = k->n;
    PyObject *solution = PyTuple_New(n * n);
    for (int r = 0; solution && r < n; r++)
        for (int i = 0; i < n; i++) {
            uint64_t height = at[r * stride] >> (i * n) & (((uint64_t)1 << n) - 1);
            PyObject *value = PyLong_FromLong(64 - __builtin_clzll(height));
            if (!value) { Py_CLEAR(solution); break; }
            PyTuple_SET_ITEM(solution, r * n + i, value);
        }
    int failed = !solution || PyList_Append(k->solutions, solution) < 0;
    Py_XDECREF(solution);
    return failed ? -1 : 0;
}

/* checkresult.depth_first with check's expand, in the order it pops states. */
static int visit(Sky *k, int depth) {
    uint64_t *at = k->levels + (size_t)depth * k->room;
    int *counts = k->counts + depth * k->lines;
    size_t stride = k->room / (size_t)k->lines;
    if (k->stopped) return 0;
    if (PyList_GET_SIZE(k->solutions) >= k->limit) return k->stopped = 1, 0;
    if (k->max_nodes >= 0 && k->nodes >= k->max_nodes) return k->complete = 0, k->stopped = 1, 0;
    k->nodes++;
    if (!narrowed(k, at, counts)) return 0;
    int open = -1;
    for (int l = 0; l < k->lines; l++)
        if (counts[l] > 1 && (open < 0 || counts[l] < counts[open])) open = l;
    if (open < 0) return record(k, at, stride);
    uint64_t *child = at + k->room;
    int *child_counts = counts + k->lines;
    for (int j = 0; j < counts[open] && !k->stopped; j++) {
        for (int l = 0; l < k->lines; l++) {
            child_counts[l] = l == open ? 1 : counts[l];
            if (l == open) child[l * stride] = at[l * stride + j];
            else memcpy(child + l * stride, at + l * stride, sizeof(uint64_t) * (size_t)counts[l]);
        }
        if (visit(k, depth + 1) < 0) return -1;
    }
    return 0;
}

/* Each line's (places, heights) into fits (2 a line): an ordering o is kept where
   o & places == heights; every ordering where `given` is NULL. -1 with an exception set. */
static int read_fits(const Sky *k, PyObject *given, uint64_t *fits) {
    for (int l = 0; l < 2 * k->lines; l++) fits[l] = 0;
    if (!given) return 0;
    PyObject *all = PySequence_Fast(given, "check_skyscrapers: fits");
    if (!all) return -1;
    int failed = PySequence_Fast_GET_SIZE(all) != k->lines;
    if (failed) PyErr_SetString(PyExc_ValueError, "check_skyscrapers: a fit per line");
    for (int l = 0; !failed && l < k->lines; l++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(all, l);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "check_skyscrapers: a fit is (places, heights)");
            failed = 1;
            break;
        }
        fits[2 * l] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(pair, 0));
        fits[2 * l + 1] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(pair, 1));
        failed = PyErr_Occurred() != NULL;
    }
    Py_DECREF(all);
    return failed ? -1 : 0;
}

/* How many orderings a line holds: a sequence of ints, or bytes of 8 a uint64 (native
   order, check._packed); -1 with an exception set. */
static Py_ssize_t line_count(PyObject *line) {
    if (!PyBytes_Check(line)) return PySequence_Size(line);
    if (PyBytes_GET_SIZE(line) % 8 == 0) return PyBytes_GET_SIZE(line) / 8;
    PyErr_SetString(PyExc_ValueError, "check_skyscrapers: packed orderings are 8 bytes each");
    return -1;
}

/* A line's orderings into `into`, each kept where it fits; how many, -1 with an exception
   set. */
static int read_line(PyObject *given, uint64_t places, uint64_t heights, size_t room,
                     uint64_t *into) {
    Py_ssize_t count = line_count(given);
    if (count < 0) return -1;
    if ((size_t)count > room) {
        PyErr_SetString(PyExc_ValueError, "check_skyscrapers: too many orderings");
        return -1;
    }
    int kept = 0;
    if (PyBytes_Check(given)) {  /* read whole: no int made or read one by one */
        memcpy(into, PyBytes_AS_STRING(given), sizeof(uint64_t) * (size_t)count);
        for (Py_ssize_t j = 0; j < count; j++)
            if ((into[j] & places) == heights) into[kept++] = into[j];
        return kept;
    }
    PyObject *line = PySequence_Fast(given, "check_skyscrapers: a line");
    if (!line) return -1;
    for (Py_ssize_t j = 0; j < count; j++) {
        uint64_t o = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(line, j));
        if ((o & places) == heights) into[kept++] = o;
    }
    Py_DECREF(line);
    return PyErr_Occurred() ? -1 : kept;
}

/* The lines' orderings into level 0, each kept where it fits; -1 with an exception set. */
static int read_lines(Sky *k, PyObject *lines, const uint64_t *fits) {
    size_t stride = k->room / (size_t)k->lines;
    for (int l = 0; l < k->lines; l++) {
        int kept = read_line(PySequence_Fast_GET_ITEM(lines, l), fits[2 * l], fits[2 * l + 1],
                             stride, k->levels + l * stride);
        if (kept < 0) return -1;
        k->counts[l] = kept;
    }
    return 0;
}

const char check_skyscrapers_doc[] =
"check_skyscrapers(n, lines, limit, max_nodes, fits=None)\n--\n\n"
"skyscrapers/check.check_skyscrapers in C from each line's orderings as check._options\n"
"lists them (rows, then columns; each ordering an int, bit i * n + h - 1 for height h at\n"
"place i; or bytes, each ordering a native uint64: check._packed), n <= 8: (count,\n"
"solutions, complete, nodes), up to `limit` solutions, at most max_nodes nodes (None: no\n"
"budget). `fits`, a (places, heights) per line: only a line's orderings o with o & places\n"
"== heights (check._source's lists, filtered here).";

PyObject *check_skyscrapers(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Sky sky, *k = &sky;
    long n, limit;
    int failed = 0;
    uint64_t fits[2 * SKY_LINES];
    if ((nargs != 5 && !check_arity(nargs, 4, "check_skyscrapers")) ||
        convert_int(args[0], 1, SKY_MAX, &n, "check_skyscrapers: n") < 0 ||
        convert_int(args[2], 0, 1L << 30, &limit, "check_skyscrapers: limit") < 0)
        return NULL;
    PyObject *lines = PySequence_Fast(args[1], "check_skyscrapers: lines");
    if (!lines) return NULL;
    k->n = (int)n, k->lines = (int)(2 * n), k->limit = (int)limit;
    k->max_nodes = args[3] == Py_None ? -1 : convert_clamped(args[3], &failed);
    if (failed || PySequence_Fast_GET_SIZE(lines) != k->lines) {
        if (!failed) PyErr_SetString(PyExc_ValueError, "check_skyscrapers: 2n lines");
        Py_DECREF(lines);
        return NULL;
    }
    size_t most = 1;
    for (int l = 0; l < k->lines; l++) {
        Py_ssize_t count = line_count(PySequence_Fast_GET_ITEM(lines, l));
        if (count < 0) { Py_DECREF(lines); return NULL; }
        if ((size_t)count > most) most = (size_t)count;
    }
    int depth = k->lines + 2;  /* each level decides a line */
    k->room = most * (size_t)k->lines;
    k->levels = PyMem_Malloc(sizeof(uint64_t) * k->room * (size_t)depth);
    k->counts = PyMem_Malloc(sizeof(int) * (size_t)(k->lines * depth));
    k->solutions = PyList_New(0);
    PyObject *result = NULL;
    if (!k->levels || !k->counts || !k->solutions) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
    } else if (read_fits(k, nargs == 5 && args[4] != Py_None ? args[4] : NULL, fits) == 0 &&
               read_lines(k, lines, fits) == 0) {
        k->nodes = 0, k->complete = 1, k->stopped = 0;
        if (visit(k, 0) == 0) {
            PyObject *found = PyList_AsTuple(k->solutions);
            result = found ? Py_BuildValue("(nNOL)", PyTuple_GET_SIZE(found), found,
                                           k->complete ? Py_True : Py_False, k->nodes) : NULL;
        }
    }
    PyMem_Free(k->levels);
    PyMem_Free(k->counts);
    Py_XDECREF(k->solutions);
    Py_DECREF(lines);
    return result;
}
