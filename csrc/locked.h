/* Locked candidates for the counting search: core/solve/locked.py and search.py's
   singles_and_locked, decision for decision (the same pairs of units in the same order,
   the same passes, so the same nodes). */

#ifndef BOOKMAKER_LOCKED_H
#define BOOKMAKER_LOCKED_H

#include "solver.h"

/* locked_pairs: per unit meeting another in two cells or more, the pairs it begins. */
typedef struct Locks Locks;

/* The board's pairs of units (read from its unit masks); NULL if memory ran out. */
Locks *locks_new(const Board *board);
void locks_free(Locks *locks);

/* A count's scratch for the settle below: the pairs and two buffers of the board's size
   (one set per symbol, one set). */
typedef struct {
    const Locks *locks;
    word *before, *lost;
} Locking;

/* Locking's buffers for `locks` on `board`: 0, or -1 if memory ran out. */
int locking_init(Locking *locking, const Board *board, const Locks *locks);
void locking_free(Locking *locking);

/* singles_and_locked's settle, a Settle hook whose context is a Locking. */
int locked_settle(void *context, const Board *board, Workspace *ws, word *boards,
                  word *placed, const word *scanned);

#endif
