/* A complete prover for removal checks with no budget: does any solution of a board's
   units agree with the clues and avoid one value at one cell?

   A removal check with no node budget (a budget no search could spend) is complete on
   both cores, so its answer is a fact about the puzzle, not about a search: the pure
   core's search gives it in the end, and the compiled core may give it any way it likes.
   Late in a 25x25's removal some of those searches take hours; this prover, a CDCL SAT
   solver over the board (a variable per cell and symbol; each cell one symbol, each
   unit each symbol once), answers them in milliseconds to seconds. The clues and the
   forbidden value are facts (level 0), so what it learns is short but holds for that
   check only: it is let go when the next check starts (25x25: about 4x faster a hard
   check than clues as assumptions with learning kept from check to check, whose learnt
   clauses each carried the negations of the clues they rested on). */

#ifndef BOOKMAKER_PROOF_H
#define BOOKMAKER_PROOF_H

#include "board.h"

/* A budget at least this large is no budget: every check runs to its end. */
#define UNBOUNDED_NODES 1000000000000000LL

typedef struct Proof Proof;

/* A prover for the board (whose units must each hold every symbol once); NULL if memory
   ran out. */
Proof *proof_new(const Board *board);
void proof_free(Proof *proof);

/* Whether some solution has every clue (givens: 0 or a value per cell) and not `value`
   at `cell` (value 0: no value is forbidden): 1 yes, 0 no, -1 if memory ran out.
   prefer: a complete grid whose values are tried first (it steers, never decides), or
   NULL. */
int proof_solution_exists(Proof *proof, const int *givens, int cell, int value,
                          const int *prefer);

#endif
