/* calcfill.c's enumeration of a Calcudoku cage's fillings, packed, for C callers: the
   generator's words of a new cage (calcwords.c) as well as calcudoku_fillings. */

#ifndef BOOKMAKER_CALCFILL_H
#define BOOKMAKER_CALCFILL_H

#include <stddef.h>
#include <stdint.h>

#define FILL_MOST_CELLS 64   /* n bits a cell within 64: at most 64 cells (n = 1) */

enum { FILL_ADD = 1, FILL_SUBTRACT = 2, FILL_MULTIPLY = 4, FILL_DIVIDE = 8 };

/* Fillings packed n bits a cell (cages.py's pack()), in increasing order of their values. */
typedef struct {
    uint64_t *packed;
    size_t count, capacity;
} Packed;

/* Every filling of `size` cells (1..FILL_MOST_CELLS, n * size <= 64) at the (row, column)
   places with values 1..n that makes the target by one of the `operations` (FILL_ bits),
   no value twice in a line (two cells: no value twice at all), appended to `found` (its
   buffer grown with realloc; the caller frees it). -1 out of memory. */
int fill_packed(int n, const int *row, const int *column, int size, int operations,
                long long target, Packed *found);

/* The FILL_ bits a cage of `size` cells showing `text` may make its target by
   (cages.py's operations_for()); 0 for one the Python refuses. */
int fill_operations_of(const char *text, int size);

#endif
