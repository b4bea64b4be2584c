/* The simple rules SE nests in dynamic chains (ratesimple.c), for the chain propagation
   in C (ratechains.c), which runs them on its working grid where its links run out. */

#ifndef BOOKMAKER_RATESIMPLE_H
#define BOOKMAKER_RATESIMPLE_H

#include "pytypes.h"

#define MAX_WORDS 64
#define MAX_DIGITS 32

typedef struct {
    PyObject_HEAD
    PyObject *board;                 /* the BoardObject */
    int n, cells, w;
    int *single, singles;            /* units in SE's order for singles and subsets */
    int *lock, *lock_start, locks;   /* per group, (inside, other) pairs */
    int *unit_cells, *unit_start;    /* per unit, its cells in the shape's order */
    int *line[2], lines[2];          /* columns, rows */
    int *line_of[2];                 /* per cell, the index of its column, its row */
    void *grid, *hint;               /* rate_rules_find's scratch, made on first use */
} RulesObject;

/* Hints found in C, flat: per hint its struck count, struck candidates, removal count and
   removals (in SE's order); `count` hints. */
typedef struct {
    int *items;
    size_t len, room;
    int count;
} RuleHints;

/* RateRules.find(rule, ...) on C arrays, the hints appended to *out; -1 on an error. */
int rate_rules_find(RulesObject *r, int rule, const uint32_t *cells, const word *digits,
                    const word *start, const word *open, const int *values_placed,
                    RuleHints *out);

#endif
