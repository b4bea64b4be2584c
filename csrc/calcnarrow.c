/* calcudoku_narrow: the Calcudoku solver's cage narrowing (core/calcudoku/solver.py's
   narrow_cages), step for step: each cage with a cell in `touched` keeps the fillings
   whose every value is still a candidate of its cell, and each of its cells only the
   values some kept filling puts there; the cages are taken in order and the first with no
   filling left stops it (what earlier cages removed stays removed, as in the Python).

   The cages come as CalcCages.narrowing_tables: 64-bit words (native byte order) n, cells,
   cages, then per cage its cell count k, its filling count f, its k cells and its f
   fillings packed as cages.py's pack() packs them (n bits a cell, n * k <= 64). The
   search's narrowing (calcsearch.c) is calcalive.c's, on the same tables read once. */

#include <string.h>

#include <Python.h>

#include "bitset.h"
#include "convert.h"
#include "pytypes.h"

#define NARROW_MAX_N 64
#define NARROW_MAX_CAGE 64

typedef struct {
    const unsigned char *bytes;
    Py_ssize_t words, at;
} Tables;

/* The next word of the tables; 0 with `*bad` set past their end. */
static uint64_t next_word(Tables *t, int *bad) {
    if (t->at >= t->words) {
        *bad = 1;
        return 0;
    }
    uint64_t x;
    memcpy(&x, t->bytes + 8 * t->at++, sizeof x);
    return x;
}

static int has_cell(const word *set, uint64_t cell) { return set[cell / 64] >> (cell % 64) & 1; }

/* One cage narrowed: -1 if no filling is left, else whether a candidate went. Reads the
   cage's words from t (`*bad` if they do not fit the board). */
static int narrow_one(Tables *t, word *boards, int n, int w, int cells, uint64_t size,
                      uint64_t count, const word *touched, int *bad) {
    uint64_t cell[NARROW_MAX_CAGE], wanted = 0, kept = 0;
    int mine = 0;
    for (uint64_t i = 0; i < size; i++) {
        cell[i] = next_word(t, bad);
        if (*bad || cell[i] >= (uint64_t)cells) return *bad = 1, 0;
        mine |= has_cell(touched, cell[i]);
    }
    if (!mine) {
        t->at += (Py_ssize_t)count;
        return 0;
    }
    for (uint64_t i = 0; i < size; i++)
        for (int d = 0; d < n; d++)
            if (has_cell(boards + (size_t)d * w, cell[i])) wanted |= 1ULL << (i * n + d);
    for (uint64_t f = 0; f < count; f++) {
        uint64_t filling = next_word(t, bad);
        if (*bad) return 0;
        if ((filling & wanted) == filling) kept |= filling;
    }
    if (!kept) return -1;
    uint64_t gone = wanted & ~kept;
    for (uint64_t i = 0; i < size && gone; i++)
        for (int d = 0; d < n; d++)
            if (gone >> (i * n + d) & 1)
                boards[(size_t)d * w + cell[i] / 64] &= ~(1ULL << (cell[i] % 64));
    return gone != 0;
}

/* narrow_cages over the boards' words: -1, 0 or 1; *bad for tables that do not fit. */
static int narrow_all(Tables *t, word *boards, int n, int w, int cells, uint64_t cages,
                      const word *touched, int *bad) {
    int changed = 0;
    for (uint64_t k = 0; k < cages && !*bad; k++) {
        uint64_t size = next_word(t, bad), count = next_word(t, bad);
        if (*bad || size < 1 || size > NARROW_MAX_CAGE || size * (uint64_t)n > 64 ||
            count > (uint64_t)(t->words - t->at))
            return *bad = 1, 0;
        int found = narrow_one(t, boards, n, w, cells, size, count, touched, bad);
        if (found < 0) return -1;
        changed |= found;
    }
    return changed;
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
    if (PyBytes_AsStringAndSize(args[0], &data, &length) < 0) return NULL;
    Tables t = {(const unsigned char *)data, length / 8, 0};
    int bad = length % 8 != 0;
    uint64_t n = next_word(&t, &bad), cells = next_word(&t, &bad), cages = next_word(&t, &bad);
    if (bad || n < 1 || n > NARROW_MAX_N || cells < 1 || cells > 4096 || !PyList_Check(args[1]) ||
        PyList_GET_SIZE(args[1]) != (Py_ssize_t)n)
        return PyErr_Format(PyExc_ValueError, "calcudoku_narrow: tables and boards do not fit");
    int w = (int)((cells + 63) / 64);
    word *boards = PyMem_Calloc((size_t)(n + 1) * (size_t)w, sizeof(word));
    if (!boards) return PyErr_NoMemory();
    word *touched = boards + (size_t)n * w;
    PyObject *result = NULL;
    if (convert_masks(args[1], boards, (Py_ssize_t)n, w, (int)cells, "a board") >= 0 &&
        convert_mask(args[2], touched, w, (int)cells, "touched") >= 0) {
        int found = narrow_all(&t, boards, (int)n, w, (int)cells, cages, touched, &bad);
        if (bad)
            PyErr_SetString(PyExc_ValueError, "calcudoku_narrow: the tables do not fit the board");
        else if (found != 0 && store_masks(args[1], boards, (Py_ssize_t)n, w) >= 0)
            result = PyLong_FromLong(found);
        else if (found == 0)
            result = PyLong_FromLong(0);
    }
    PyMem_Free(boards);
    return result;
}
