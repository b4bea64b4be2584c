/* The cages' fillings still alive along a search path (calcalive.c): the Calcudoku cage
   narrowing of the search (calcsearch.c), each cage scanning only the fillings its node's
   ancestors kept, and of calcudoku_narrow (calcnarrow.c), one narrowing at level 0. */

#ifndef BOOKMAKER_CALCALIVE_H
#define BOOKMAKER_CALCALIVE_H

#include <Python.h>

#include "board.h"

typedef struct CalcAlive CalcAlive;

/* The cages of CalcCages.narrowing_tables (`words` 64-bit words) on a board of n values
   and `cells` cells, for narrowings `levels` deep (1 for one narrowing, as
   calcudoku_narrow's); NULL with *bad set for tables that do not fit the board, or with
   *bad clear if memory ran out. */
CalcAlive *calc_alive_new(const unsigned char *bytes, Py_ssize_t words, int n, int cells,
                          int levels, int *bad);
void calc_alive_free(CalcAlive *alive);

/* A node at `level` starts from its parent's (level - 1) kept fillings, or every filling
   at level 0. */
void calc_alive_enter(CalcAlive *alive, int level);

/* solver.py's narrow_cages at the node at `level` (the boards' n sets of w words changed
   in place): every cage with a cell in `touched` keeps the fillings that fit the boards;
   -1 on a contradiction, 1 if a candidate went, 0 if none. */
int calc_alive_narrow(CalcAlive *alive, int level, word *boards, const word *touched);

/* calc_alive_narrow on per-cell candidates (cand[cell]: bit d for value d + 1, n <= 16),
   not changed: every cage with a cell in `touched` keeps the fillings that fit; the cells
   that lose candidates are added to `changed`, what each keeps written to keep[cell]. -1
   on a contradiction, 1 if a candidate went, 0 if none. */
int calc_alive_narrow_cells(CalcAlive *alive, int level, const uint16_t *cand,
                            const word *touched, uint16_t *keep, word *changed);

#endif
