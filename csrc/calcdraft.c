/* calcudoku_operations: a Calcudoku first draft's operations (calcudoku/generate.py's
   first_draft(), choose_operation() for each cage of the layout in turn, the reference):
   the same draws from the same SplitMix64 stream as the climb and the hardening loop make
   them (calcclimb.c's climb_choose_operation). */

#include <stdlib.h>

#include "calcchange.h"

const char calcudoku_operations_doc[] =
"calcudoku_operations(n, solution, cages, operations, made_with, state, odds)\n--\n\n"
"choose_operation() of each cage (its cells) over the solution in turn, as\n"
"calcudoku/generate.py's first_draft() draws them: (the operation strings, the stream's\n"
"state); None past what C holds (a cage of more than four cells, n above 16).";

/* The operation codes of the cages, drawn into `codes`: 1, 0 past what C holds, -1 on
   error. */
static int drawn(Climb *c, PyObject *cages, int *codes, Py_ssize_t count) {
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *cells = PySequence_Fast(PySequence_Fast_GET_ITEM(cages, k),
                                          "calcudoku_operations: a cage is its cells");
        if (!cells) return -1;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(cells);
        int at[CLIMB_GROUP_MOST];
        int fits = size >= 1 && size <= CLIMB_GROUP_MOST &&
                   convert_ints(cells, at, size, 0, c->cells - 1, "a cell") == 0;
        Py_DECREF(cells);
        if (PyErr_Occurred()) return -1;
        if (!fits) return 0;
        codes[k] = climb_choose_operation(c, at, (int)size);
    }
    return 1;
}

PyObject *calcudoku_operations(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 7, "calcudoku_operations")) return NULL;
    long n;
    if (convert_int(args[0], 1, 64, &n, "n") < 0) return NULL;
    if (n < 2 || n > CLIMB_MAX_N) return Py_NewRef(Py_None);
    PyObject *shifted[8] = {args[0], args[1], NULL, args[3], args[4], NULL, NULL, args[6]};
    Climb *c = calloc(1, sizeof(Climb));
    PyObject *cages = PySequence_Fast(args[2], "calcudoku_operations: cages are a sequence");
    Py_ssize_t count = cages ? PySequence_Fast_GET_SIZE(cages) : 0;
    int *codes = malloc(sizeof(int) * (size_t)(count + 1)), fits = -1;
    PyObject *result = NULL;
    if (!c || !codes) PyErr_NoMemory();
    else if (cages && climb_read_climb(c, shifted) == 0) {
        c->state = PyLong_AsUnsignedLongLongMask(args[5]);
        if (!PyErr_Occurred()) fits = drawn(c, cages, codes, count);
    }
    if (fits == 0) result = Py_NewRef(Py_None);
    else if (fits == 1) {
        PyObject *operations = PyTuple_New(count);
        for (Py_ssize_t k = 0; operations && k < count; k++)
            PyTuple_SET_ITEM(operations, k, Py_NewRef(PyTuple_GET_ITEM(args[3], codes[k])));
        if (operations)
            result = Py_BuildValue("(NN)", operations, PyLong_FromUnsignedLongLong(c->state));
    }
    Py_XDECREF(cages);
    free(codes), free(c);
    return result;
}
