/* A board's tables, as the solver reads them: what Shape holds in Python, in words.

   Nothing here knows rows, columns or boxes: a board is n symbols, a number of cells, a
   list of units (cell sets that hold every symbol once) and each cell's peers and units,
   exactly as Shape's unit_masks, peer_masks and cell_unit_masks give them. */

#ifndef BOOKMAKER_BOARD_H
#define BOOKMAKER_BOARD_H

#include "bitset.h"

typedef struct {
    int n;            /* symbols */
    int cells;
    int w;            /* words per cell set */
    int units;        /* unit_masks: the units a full hidden-single sweep looks at */
    int many;         /* past this many lost cells, sweep every unit (search.py's rule) */
    word *full;       /* every cell */
    Span *unit;       /* units masks, then any mask of cell_units that is not a unit */
    Span *peers;      /* per cell */
    int *cell_unit_start;   /* cells + 1 offsets into cell_unit */
    int *cell_unit;         /* indexes into unit[] */
    word *storage;    /* every mask's words, owned */
} Board;

/* Allocate a board's tables, zeroed: `masks` unit masks (the first `units` of them swept)
   and `memberships` (cell, unit) pairs. The caller fills in every mask's words (the
   spans' `bits`, full), cell_unit_start and cell_unit, then calls board_finish. 0, or -1
   for memory. */
int board_alloc(Board *board, int n, int cells, int units, int masks, int memberships);

/* The words of mask k (0 <= k < masks), or of cell c's peers (k = masks + c), to fill. */
static inline word *board_mask_words(Board *board, int k) {
    return board->storage + (size_t)(1 + k) * board->w;
}

/* Measure the spans' word ranges and the sweep threshold, once the words are in. */
void board_finish(Board *board, int masks);

void board_free(Board *board);

#endif
