/* calcudoku_narrow: the Calcudoku solver's cage narrowing (core/calcudoku/solver.py's
   narrow_cages), step for step: each cage with a cell in `touched` keeps the fillings
   whose every value is still a candidate of its cell, and each of its cells only the
   values some kept filling puts there; the cages are taken in order and the first with no
   filling left stops it (what earlier cages removed stays removed, as in the Python).

   The cages come as CalcCages.narrowing_tables: 64-bit words (native byte order) n, cells,
   cages, then per cage its cell count k, its filling count f, its k cells and its f
   fillings packed as cages.py's pack() packs them (n bits a cell, n * k <= 64). The
   narrowing is calcalive.c's, the search's (calcsearch.c), once at level 0. */

#include <string.h>

#include <Python.h>

#include "bitset.h"
#include "calcalive.h"
#include "convert.h"
#include "pytypes.h"

#define NARROW_MAX_N 64
#define NARROW_MAX_CELLS 4096

/* The tables' first two words, n and cells, where they fit a board; 0 where not. */
static int tables_board(const char *data, Py_ssize_t length, uint64_t *n, uint64_t *cells) {
    if (length % 8 != 0 || length < 24) return 0;
    memcpy(n, data, sizeof *n);
    memcpy(cells, data + 8, sizeof *cells);
    return *n >= 1 && *n <= NARROW_MAX_N && *cells >= 1 && *cells <= NARROW_MAX_CELLS;
}

/* calc_alive_narrow() once, at level 0, over the boards' words: -1, 0 or 1; -2 with an
   error set where the tables do not fit the board or memory ran out. */
static int narrowed_once(const char *data, Py_ssize_t length, int n, int cells,
                         word *boards, const word *touched) {
    int bad;
    CalcAlive *alive = calc_alive_new((const unsigned char *)data, length / 8, n, cells, 1,
                                      &bad);
    if (!alive) {
        if (bad)
            PyErr_SetString(PyExc_ValueError, "calcudoku_narrow: the tables do not fit the board");
        else
            PyErr_NoMemory();
        return -2;
    }
    calc_alive_enter(alive, 0);
    int found = calc_alive_narrow(alive, 0, boards, touched);
    calc_alive_free(alive);
    return found;
}

const char calcudoku_narrow_doc[] =
"calcudoku_narrow(tables, boards, touched)\n--\n\n"
"calcudoku/solver.py's narrow_cages on CalcCages.narrowing_tables: every cage with a cell\n"
"in `touched` (a mask) narrowed to its fillings, the boards (a list of n per-value cell\n"
"masks) changed in place; -1 on a contradiction, 1 if a candidate went, 0 if none.";

PyObject *calcudoku_narrow(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "calcudoku_narrow")) return NULL;
    char *data;
    Py_ssize_t length;
    uint64_t n, cells;
    if (PyBytes_AsStringAndSize(args[0], &data, &length) < 0) return NULL;
    if (!tables_board(data, length, &n, &cells) || !PyList_Check(args[1]) ||
        PyList_GET_SIZE(args[1]) != (Py_ssize_t)n)
        return PyErr_Format(PyExc_ValueError, "calcudoku_narrow: tables and boards do not fit");
    int w = (int)((cells + 63) / 64);
    word *boards = PyMem_Calloc((size_t)(n + 1) * (size_t)w, sizeof(word));
    if (!boards) return PyErr_NoMemory();
    word *touched = boards + (size_t)n * w;
    PyObject *result = NULL;
    if (convert_masks(args[1], boards, (Py_ssize_t)n, w, (int)cells, "a board") >= 0 &&
        convert_mask(args[2], touched, w, (int)cells, "touched") >= 0) {
        int found = narrowed_once(data, length, (int)n, (int)cells, boards, touched);
        /* On a contradiction too: what earlier cages removed stays removed. */
        if (found == 0 || (found != -2 && store_masks(args[1], boards, (Py_ssize_t)n, w) >= 0))
            result = PyLong_FromLong(found);
    }
    PyMem_Free(boards);
    return result;
}
