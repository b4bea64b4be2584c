/* Python values to the compiled core's arrays, checked: every function sets a Python
   exception (ValueError, TypeError, OverflowError or MemoryError) and returns -1 on input
   it cannot take, so no malformed table or grid reaches the C side. */

#ifndef BOOKMAKER_CONVERT_H
#define BOOKMAKER_CONVERT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bitset.h"

/* A non-negative int below 2**cells into w words. */
int convert_mask(PyObject *value, word *out, int w, int cells, const char *what);

/* A sequence of exactly `count` masks (count < 0: any length, returned). */
Py_ssize_t convert_masks(PyObject *sequence, word *out, Py_ssize_t count, int w, int cells,
                         const char *what);

/* A sequence of exactly `count` ints each in [low, high] into out. */
int convert_ints(PyObject *sequence, int *out, Py_ssize_t count, long low, long high,
                 const char *what);

/* An int in [low, high]. */
int convert_int(PyObject *value, long low, long high, long *out, const char *what);

/* Any int, clamped to the range of long long (a budget or a limit). */
long long convert_clamped(PyObject *value, int *failed);

/* A sequence of sequences of ints in [0, high): flattened into a new array, with
   count + 1 offsets (both PyMem_Malloc'ed; the caller frees). -1 on error. */
int convert_lists(PyObject *sequence, long high, int **items, int **start, int *count,
                  const char *what);

/* The int whose bits are the w words'. */
PyObject *mask_object(const word *bits, int w);

/* Each of the list's first `count` items replaced by the int of its w words. */
int store_masks(PyObject *list, const word *bits, Py_ssize_t count, int w);

/* A tuple of `count` ints. */
PyObject *tuple_of_ints(const int *values, Py_ssize_t count);

#endif
