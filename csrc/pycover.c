/* The ExactCover type: a Dancing Links matrix (built by core/solve/dlx.py) and its search, the
   twin of dlx.py's; see exactcover.h. */

#include "pytypes.h"
#include "exactcover.h"

typedef struct {
    PyObject_HEAD
    Matrix matrix;
} ExactCoverObject;

static void ExactCover_dealloc(ExactCoverObject *self) {
    matrix_free(&self->matrix);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* -1 (ValueError) if a row names a column twice: its links would tie themselves in knots. */
static int check_rows(const int *items, const int *start, int rows, int columns) {
    char *seen = PyMem_Calloc((size_t)columns, 1);
    if (!seen) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = 0;
    for (int row = 0; row < rows && !failed; row++) {
        for (int k = start[row]; k < start[row + 1] && !failed; k++) failed = seen[items[k]]++;
        for (int k = start[row]; k < start[row + 1]; k++) seen[items[k]] = 0;
        if (failed) PyErr_Format(PyExc_ValueError, "row %d names a column twice", row);
    }
    PyMem_Free(seen);
    return failed ? -1 : 0;
}

static int ExactCover_init(ExactCoverObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"columns", "rows", "preferred_peers", NULL};
    int columns, rows = 0, preferred = 0, failed;
    PyObject *row_lists, *peer_lists;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOO:ExactCover", keywords, &columns,
                                     &row_lists, &peer_lists))
        return -1;
    if (columns < 1 || columns > INT_MAX / 64) {
        PyErr_SetString(PyExc_ValueError, "columns must be from 1 to 2**25");
        return -1;
    }
    int *items = NULL, *start = NULL, *peers = NULL, *peer_start = NULL;
    failed = convert_lists(row_lists, columns, &items, &start, &rows, "rows") < 0 ||
             check_rows(items, start, rows, columns) < 0 ||
             convert_lists(peer_lists, columns, &peers, &peer_start, &preferred,
                           "preferred_peers") < 0;
    if (!failed && preferred > columns) {
        PyErr_SetString(PyExc_ValueError, "more preferred columns than columns");
        failed = 1;
    }
    if (!failed && (long long)columns + start[rows] >= INT_MAX / 8) {
        PyErr_SetString(PyExc_ValueError, "the matrix is too large");
        failed = 1;
    }
    matrix_free(&self->matrix);
    if (!failed && matrix_build(&self->matrix, columns, rows, start, items, preferred,
                                peer_start, peers) < 0) {
        PyErr_NoMemory();
        failed = 1;
    }
    PyMem_Free(items);
    PyMem_Free(start);
    PyMem_Free(peers);
    PyMem_Free(peer_start);
    return failed ? -1 : 0;
}

/* The solutions as a tuple of tuples of row numbers. */
static PyObject *solutions_tuple(const CoverResult *r) {
    PyObject *all = PyTuple_New((Py_ssize_t)r->count);
    for (long long k = 0; all && k < r->count; k++) {
        PyObject *one = tuple_of_ints(r->rows + r->start[k], r->start[k + 1] - r->start[k]);
        if (!one) Py_CLEAR(all);
        else PyTuple_SET_ITEM(all, (Py_ssize_t)k, one);
    }
    return all;
}

PyDoc_STRVAR(solve_doc,
"solve(given_rows, limit, max_nodes)\n--\n\n"
"Exact covers including the given rows, up to limit (>= 1), within max_nodes search\n"
"nodes (None: no budget): (solutions as tuples of row numbers, complete, nodes), or None\n"
"if two given rows share a column.");

static PyObject *ExactCover_solve(ExactCoverObject *self, PyObject *const *args,
                                  Py_ssize_t nargs) {
    if (!check_arity(nargs, 3, "solve")) return NULL;
    Matrix *m = &self->matrix;
    if (!m->storage) {
        PyErr_SetString(PyExc_ValueError, "ExactCover was not initialised");
        return NULL;
    }
    Py_ssize_t count = PySequence_Length(args[0]);
    if (count < 0) return NULL;
    int *given = PyMem_Malloc(sizeof(int) * (size_t)(count + 1)), failed = 0;
    long long limit = 0, max_nodes = LLONG_MAX;
    if (!given) return PyErr_NoMemory();
    if (convert_ints(args[0], given, count, 0, m->rows - 1, "given_rows") < 0 ||
        (limit = convert_clamped(args[1], &failed), failed) ||
        (args[2] != Py_None && (max_nodes = convert_clamped(args[2], &failed), failed))) {
        PyMem_Free(given);
        return NULL;
    }
    if (limit < 1) {
        PyMem_Free(given);
        return PyErr_Format(PyExc_ValueError, "limit must be at least 1, got %lld", limit);
    }
    CoverResult r;
    Py_BEGIN_ALLOW_THREADS
    failed = exact_cover(m, given, (int)count, limit, max_nodes, &r);
    Py_END_ALLOW_THREADS
    PyMem_Free(given);
    if (failed) return PyErr_NoMemory();
    PyObject *result = NULL;
    if (r.clash) result = Py_NewRef(Py_None);
    else {
        PyObject *solutions = solutions_tuple(&r);
        if (solutions)
            result = Py_BuildValue("(NNL)", solutions, PyBool_FromLong(r.complete), r.nodes);
    }
    cover_result_free(&r);
    return result;
}

static PyMethodDef ExactCover_methods[] = {
    FAST_METHOD("solve", ExactCover_solve, solve_doc),
    {NULL, NULL, 0, NULL},
};

PyTypeObject ExactCoverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.ExactCover",
    .tp_doc = PyDoc_STR("ExactCover(columns, rows, preferred_peers): a Dancing Links "
                        "matrix, and its search."),
    .tp_basicsize = sizeof(ExactCoverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)ExactCover_init,
    .tp_dealloc = (destructor)ExactCover_dealloc,
    .tp_methods = ExactCover_methods,
};
