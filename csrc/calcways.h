/* The Calcudoku check's fillings of one cage (calcways.c), shared with the whole check
   in one call (calccheck.c). */

#ifndef BOOKMAKER_CALCWAYS_H
#define BOOKMAKER_CALCWAYS_H

#include <Python.h>

#define WAYS_MAX_CELLS 8   /* more, or n above WAYS_MAX_N: None, the Python does it */
#define WAYS_MAX_N 64
#define WAYS_MAX_TARGET (1LL << 60)

typedef struct Ways Ways;
struct Ways {
    int n, size, operation;
    long long target;
    long long row[WAYS_MAX_CELLS], column[WAYS_MAX_CELLS];
    int values[WAYS_MAX_CELLS];
    int (*found_one)(Ways *w);   /* called with each filling in values: 0, or -1 */
    void *context;
};

/* Reads (n, cells, target, operation) into w: 1, 0 if they are past what C holds (the
   Python then does it), -1 with a Python error. */
int read_ways(Ways *w, PyObject *const *args);

/* Each filling, in check.py's _ways order, handed to w->found_one: 0, or -1. */
int ways_each(Ways *w);

#endif
