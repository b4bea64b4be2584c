/* calcudoku_check: the Calcudoku's second proof in one call, calcudoku/check.py's
   check_calcudoku_in_python step for step: each cage's fillings in _ways' order
   (calcways.c), one exact-cover row per filling with _rows' columns, the preferred
   columns' peers of _peer_columns, and the Dancing Links search of exactcover.c (the
   twin of dlx.py). The same rows in the same order, so the same nodes and solutions.
   It shares nothing with the solver (calcsearch.c, calcnarrow.c). */

#include <limits.h>

#include "pytypes.h"
#include "calcways.h"
#include "exactcover.h"

typedef struct {
    int n;
    int rows, room;          /* rows found, and room for them */
    int *columns;            /* 3 per cell of each row, rows one after another */
    int *row_start;          /* rows + 1 offsets into columns */
    int *cell, *value;       /* per column triple: the cell and the value it puts there */
    const long long *cells;  /* the cage being filled */
} Rows;

/* Room for one more row (of at most WAYS_MAX_CELLS cells): 0, or -1 (no memory). */
static int make_room(Rows *r) {
    if (r->rows < r->room) return 0;
    size_t room = 2 * (size_t)r->room + 16, cells = WAYS_MAX_CELLS * room;
    int *columns = PyMem_Realloc(r->columns, sizeof(int) * 3 * cells);
    if (columns) r->columns = columns;
    int *start = columns ? PyMem_Realloc(r->row_start, sizeof(int) * (room + 1)) : NULL;
    if (start) r->row_start = start;
    int *cell = start ? PyMem_Realloc(r->cell, sizeof(int) * cells) : NULL;
    if (cell) r->cell = cell;
    int *value = cell ? PyMem_Realloc(r->value, sizeof(int) * cells) : NULL;
    if (!value) {
        PyErr_NoMemory();
        return -1;
    }
    r->value = value, r->room = (int)room;
    return 0;
}

/* found_one: the filling as a row, _rows' columns cell by cell (its own, its row's and
   its column's for the value). */
static int add_row(Ways *w) {
    Rows *r = w->context;
    if (make_room(r) < 0) return -1;
    int n = r->n, at = r->row_start[r->rows];
    for (int j = 0; j < w->size; j++) {
        int cell = (int)r->cells[j], value = w->values[j];
        r->columns[at] = cell;
        r->columns[at + 1] = n * n + (cell / n) * n + value - 1;
        r->columns[at + 2] = 2 * n * n + (cell % n) * n + value - 1;
        r->cell[at / 3] = cell, r->value[at / 3] = value;
        at += 3;
    }
    r->row_start[++r->rows] = at;
    return 0;
}

/* Every cage's rows: 1, 0 if a cage is past what C holds, -1 with a Python error. */
static int read_rows(Rows *r, PyObject *n_object, PyObject *cages) {
    PyObject *all = PySequence_Fast(cages, "cages");
    if (!all) return -1;
    int result = 1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(all) && result == 1; k++) {
        PyObject *cage = PySequence_Fast(PySequence_Fast_GET_ITEM(all, k), "a cage");
        if (!cage || PySequence_Fast_GET_SIZE(cage) != 3) {
            if (cage) PyErr_SetString(PyExc_ValueError, "a cage is (cells, target, operation)");
            Py_XDECREF(cage);
            result = -1;
            break;
        }
        PyObject *args[4] = {n_object, PySequence_Fast_GET_ITEM(cage, 0),
                             PySequence_Fast_GET_ITEM(cage, 1), PySequence_Fast_GET_ITEM(cage, 2)};
        Ways w;
        long long cells[WAYS_MAX_CELLS];
        result = read_ways(&w, args);
        if (result == 1) {
            for (int j = 0; j < w.size; j++) cells[j] = w.row[j] * w.n + w.column[j];
            r->cells = cells;
            w.found_one = add_row, w.context = r;
            if (ways_each(&w) < 0) result = -1;
        }
        Py_DECREF(cage);
    }
    Py_DECREF(all);
    return result;
}

/* _peer_columns(n)[1:]: per cell, the other cells of its row and its column, ascending. */
static int peer_lists(int n, int **peer_start, int **peers) {
    int cells = n * n;
    *peer_start = PyMem_Malloc(sizeof(int) * (size_t)(cells + 1));
    *peers = PyMem_Malloc(sizeof(int) * (size_t)(cells * 2 * (n - 1) + 1));
    if (!*peer_start || !*peers) {
        PyErr_NoMemory();
        return -1;
    }
    int used = 0;
    for (int cell = 0; cell < cells; cell++) {
        (*peer_start)[cell] = used;
        for (int other = 0; other < cells; other++)
            if (other != cell && (other / n == cell / n || other % n == cell % n))
                (*peers)[used++] = other;
    }
    (*peer_start)[cells] = used;
    return 0;
}

/* The covers as (count, solutions, complete, nodes), each solution its grid's values. */
static PyObject *found_tuple(const Rows *r, const CoverResult *cover) {
    int cells = r->n * r->n, grid[WAYS_MAX_N * WAYS_MAX_N];
    PyObject *solutions = PyTuple_New((Py_ssize_t)cover->count);
    for (long long k = 0; solutions && k < cover->count; k++) {
        for (int c = 0; c < cells; c++) grid[c] = 0;
        for (int i = cover->start[k]; i < cover->start[k + 1]; i++) {
            int row = cover->rows[i];
            for (int t = r->row_start[row] / 3; t < r->row_start[row + 1] / 3; t++)
                grid[r->cell[t]] = r->value[t];
        }
        PyObject *one = tuple_of_ints(grid, cells);
        if (!one) Py_CLEAR(solutions);
        else PyTuple_SET_ITEM(solutions, (Py_ssize_t)k, one);
    }
    if (!solutions) return NULL;
    return Py_BuildValue("(LNNL)", cover->count, solutions, PyBool_FromLong(cover->complete),
                         cover->nodes);
}

/* The search over the rows: the result tuple, or NULL with a Python error. */
static PyObject *searched(const Rows *r, long long limit, long long max_nodes) {
    int n = r->n, *peer_start = NULL, *peers = NULL;
    Matrix matrix = {0};
    CoverResult cover;
    PyObject *result = NULL;
    if (peer_lists(n, &peer_start, &peers) == 0) {
        if (matrix_build(&matrix, 3 * n * n, r->rows, r->row_start, r->columns, n * n,
                         peer_start, peers) < 0 ||
            exact_cover(&matrix, NULL, 0, limit, max_nodes, &cover) < 0)
            PyErr_NoMemory();
        else {
            result = found_tuple(r, &cover);
            cover_result_free(&cover);
        }
    }
    matrix_free(&matrix);
    PyMem_Free(peer_start);
    PyMem_Free(peers);
    return result;
}

const char calcudoku_check_doc[] =
"calcudoku_check(n, cages, limit, max_nodes)\n--\n\n"
"calcudoku/check.py's check_calcudoku_in_python in one call: (count, solutions, complete,\n"
"nodes) of the n x n Calcudoku whose cages are (cells, target, operation), up to limit\n"
"(>= 1) within max_nodes (None: no budget); None past what C holds (a cage of more than\n"
"8 cells, n above 64, huge numbers).";

PyObject *calcudoku_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "calcudoku_check")) return NULL;
    int failed = 0;
    long long limit = convert_clamped(args[2], &failed), max_nodes = LLONG_MAX;
    if (failed || (args[3] != Py_None && (max_nodes = convert_clamped(args[3], &failed), failed)))
        return NULL;
    if (limit < 1) return PyErr_Format(PyExc_ValueError, "limit must be at least 1, got %lld", limit);
    long n = PyLong_AsLong(args[0]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n > WAYS_MAX_N) return Py_NewRef(Py_None);
    Rows r = {.n = (int)n};
    r.row_start = PyMem_Malloc(sizeof(int));
    if (!r.row_start) return PyErr_NoMemory();
    r.row_start[0] = 0;
    PyObject *result = NULL;
    int read = read_rows(&r, args[0], args[1]);
    if (read == 0) result = Py_NewRef(Py_None);
    else if (read == 1 && r.rows == 0)
        result = Py_BuildValue("(iNNi)", 0, PyTuple_New(0), Py_NewRef(Py_True), 0);
    else if (read == 1) result = searched(&r, limit, max_nodes);
    PyMem_Free(r.columns);
    PyMem_Free(r.row_start);
    PyMem_Free(r.cell);
    PyMem_Free(r.value);
    return result;
}
