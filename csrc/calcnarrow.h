/* The Calcudoku solver's cage narrowing (calcnarrow.c), for the search beside it
   (calcsearch.c). */

#ifndef BOOKMAKER_CALCNARROW_H
#define BOOKMAKER_CALCNARROW_H

#include <Python.h>

#include "bitset.h"

/* solver.py's narrow_cages on CalcCages.narrowing_tables (`words` 64-bit words), the
   boards (n sets of w words) changed in place: -1, 0 or 1; `*bad` set for tables that do
   not fit. */
int calc_narrow_tables(const unsigned char *bytes, Py_ssize_t words, word *boards, int w,
                       const word *touched, int *bad);

#endif
