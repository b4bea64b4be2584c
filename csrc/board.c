/* A board's tables: allocation and the word ranges of its masks; see board.h. */

#include <stdlib.h>

#include "board.h"

int board_alloc(Board *board, int n, int cells, int units, int masks, int memberships) {
    int w = (cells + 63) / 64;
    board->n = n;
    board->cells = cells;
    board->w = w;
    board->units = units;
    board->storage = calloc((size_t)(1 + masks + cells) * w, sizeof(word));
    board->unit = calloc((size_t)masks + cells, sizeof(Span));
    board->cell_unit_start = calloc((size_t)cells + 1 + memberships, sizeof(int));
    if (!board->storage || !board->unit || !board->cell_unit_start) {
        board_free(board);
        return -1;
    }
    board->full = board->storage;
    board->peers = board->unit + masks;
    for (int k = 0; k < masks + cells; k++) board->unit[k].bits = board->storage + (size_t)(1 + k) * w;
    board->cell_unit = board->cell_unit_start + cells + 1;
    return 0;
}

static void span_measure(Span *span, int w) {
    span->lo = 0;
    while (span->lo < w && !span->bits[span->lo]) span->lo++;
    span->hi = w;
    while (span->hi > span->lo && !span->bits[span->hi - 1]) span->hi--;
}

void board_finish(Board *board, int masks) {
    for (int k = 0; k < masks + board->cells; k++) span_measure(&board->unit[k], board->w);
    /* search.py: past this many lost cells a sweep of every unit beats each cell's units */
    board->many = 2 * board->units / 9;
}

void board_free(Board *board) {
    free(board->storage);
    free(board->unit);
    free(board->cell_unit_start);
    board->storage = NULL;
    board->unit = NULL;
    board->cell_unit_start = NULL;
}
