/* calcswap.c's second solutions by a swap of two values along a cycle, for calcclimb.c. */

#ifndef BOOKMAKER_CALCSWAP_H
#define BOOKMAKER_CALCSWAP_H

#include <stddef.h>
#include <stdint.h>

#include "pytypes.h"

#define SWAP_MAX_N 16

/* A cycle of a Latin square: cells and the value each takes instead (swaps.py). */
typedef struct {
    int count;
    int cells[2 * SWAP_MAX_N], values[2 * SWAP_MAX_N];
} SwapCycle;

/* Per cell, where its cage's words start in the tables. */
typedef struct {
    size_t start[SWAP_MAX_N * SWAP_MAX_N];
} SwapCages;

/* Whether the n*n values (1..n) are a Latin square: the cycles are walked through it. */
int swap_latin(int n, const int *solution);
/* The cycles most a board of n may have (the room swap_cycles() needs). */
int swap_cycles_most(int n);
/* The solution's cycles, in swaps.py's order, into out; their count. */
int swap_cycles(int n, const int *solution, SwapCycle *out);
/* The cages of narrowing tables (`words` 64-bit words), each cell's; -1 where they are
   not a cage set over all n*n cells. */
int swap_read_cages(int n, const uint64_t *tables, size_t words, SwapCages *cages);
/* The index of the first cycle every cage it meets accepts swapped, or -1. */
int swap_found(int n, const int *solution, const SwapCycle *cycles, int count,
               const uint64_t *tables, const SwapCages *cages);

/* swap_found() of the cycles at the `count` indices `among` (in that order). */
int swap_found_among(int n, const int *solution, const SwapCycle *cycles, const int *among,
                     int count, const uint64_t *tables, const SwapCages *cages);
/* Whether the cage whose words start at `cage` (cell count, filling count, cells, packed
   fillings) has its cells' values, those `swapped` holds (0: the solution's) taken
   instead, among its fillings. */
int swap_accepts(int n, const int *solution, const uint64_t *cage, const unsigned char *swapped);

#endif
