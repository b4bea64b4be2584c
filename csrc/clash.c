/* A grid's clue clash, compiled: core/board/grid.py's _any_clash_in_python, which reads
   a puzzle file's every line; both answer the same question the same way (a value given
   twice in one unit) and the pure Python then names the clashes. */

#include <stdlib.h>

#include "pytypes.h"

#define UNITS_ON_STACK 256

const char any_clash_doc[] =
"any_clash(cells, units_of, unit_count)\n--\n\n"
"board/grid._any_clash_in_python: whether a value (cells[c], 0 for blank, at most 31)\n"
"is given twice in one unit, units_of[c] naming the units (0..unit_count-1) of cell c.";

/* The value of one cell (0..31), or -1 with an exception set. */
static long cell_value(PyObject *item) {
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < 0 || value > 31) {
        PyErr_Format(PyExc_ValueError, "any_clash: a cell's value %ld is not 0..31", value);
        return -1;
    }
    return value;
}

/* 1 if the clue's bit is already in one of its units (a clash), 0 if not (the bit then
   marked in each), -1 with an exception set. */
static int mark_units(PyObject *units, uint32_t bit, uint32_t *seen, Py_ssize_t count) {
    if (!PyTuple_Check(units)) {
        PyErr_SetString(PyExc_TypeError, "any_clash: units_of holds tuples of unit numbers");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(units); i++) {
        Py_ssize_t unit = PyLong_AsSsize_t(PyTuple_GET_ITEM(units, i));
        if (unit == -1 && PyErr_Occurred()) return -1;
        if (unit < 0 || unit >= count) {
            PyErr_Format(PyExc_ValueError, "any_clash: unit %zd is not below %zd", unit, count);
            return -1;
        }
        if (seen[unit] & bit) return 1;
        seen[unit] |= bit;
    }
    return 0;
}

/* 1 on a clash, 0 without, -1 with an exception set. */
static int find_clash(PyObject *cells, PyObject *units_of, uint32_t *seen, Py_ssize_t count) {
    for (Py_ssize_t c = 0; c < PyTuple_GET_SIZE(cells); c++) {
        long value = cell_value(PyTuple_GET_ITEM(cells, c));
        if (value <= 0) {
            if (value < 0) return -1;
            continue;
        }
        int found = mark_units(PyTuple_GET_ITEM(units_of, c), (uint32_t)1 << value, seen, count);
        if (found) return found;
    }
    return 0;
}

PyObject *any_clash(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "any_clash")) return NULL;
    PyObject *cells = args[0], *units_of = args[1];
    if (!PyTuple_Check(cells) || !PyTuple_Check(units_of) ||
        PyTuple_GET_SIZE(units_of) < PyTuple_GET_SIZE(cells)) {
        PyErr_SetString(PyExc_TypeError, "any_clash: cells and units_of are tuples, a "
                                         "units tuple for every cell");
        return NULL;
    }
    Py_ssize_t count = PyLong_AsSsize_t(args[2]);
    if (count == -1 && PyErr_Occurred()) return NULL;
    if (count < 0) return PyErr_Format(PyExc_ValueError, "any_clash: unit_count %zd", count);
    uint32_t stack[UNITS_ON_STACK] = {0};
    uint32_t *seen = count <= UNITS_ON_STACK ? stack : calloc((size_t)count, sizeof *seen);
    if (!seen) return PyErr_NoMemory();
    int found = find_clash(cells, units_of, seen, count);
    if (seen != stack) free(seen);
    if (found < 0) return NULL;
    return PyBool_FromLong(found);
}
