/* The exact solver, the forbidden-value check and the seeded fill: core/solve/search.py and
   the hot parts of core/generate/removal.py, decision for decision.

   State is one candidate set per symbol plus the set of placed cells, as in search.py;
   every function here makes the same choices in the same order as its Python twin, so
   counts, first solutions, node counts and random draws are the same on both paths. */

#ifndef BOOKMAKER_SOLVER_H
#define BOOKMAKER_SOLVER_H

#include "board.h"

/* A search's levels: each places at least one more cell. */
#define SEARCH_LEVELS(board) ((board)->cells + 2)

/* A search's or a propagation's scratch (solver.c), kept by callers that run many. */
typedef struct Workspace Workspace;

/* A hook that brings a search node to its fixed point in place of singles alone (a
   Killer's singles, cages and totals): the placed set is updated in place; 0, or -1 on
   a contradiction. `scanned`: the parent's settled boards, or NULL. */
typedef int (*Settle)(void *context, const Board *board, Workspace *ws, word *boards,
                      word *placed, const word *scanned);

/* How a branching cell's values are ordered (search.py's order_values callbacks). */
typedef enum {
    VALUES_ASCENDING,          /* None: symbol order */
    VALUES_LEAST_CONSTRAINING, /* least_constraining_first */
    VALUES_KNOWN_FIRST,        /* Clues._known_value_first */
    VALUES_SHUFFLED            /* random_solution's rng.shuffled(values) */
} ValueOrder;

typedef struct {
    long long limit;           /* stop after this many solutions */
    long long max_nodes;       /* stop, incomplete, after this many nodes */
    int keep_solution;         /* read the first solution back into cells */
    ValueOrder order;
    const int *known;          /* VALUES_KNOWN_FIRST: a solution, values 1..n per cell */
    const int *rank;           /* not NULL: branch on the fewest-candidates cell of lowest
                                  rank (random_solution's pick_cell), else MRV + degree */
    uint64_t *rng;             /* VALUES_SHUFFLED: the SplitMix64 state, advanced */
    Settle settle;             /* not NULL: each node's fixed point (else singles) */
    void *context;             /* the settle hook's */
} SearchSpec;

typedef struct {
    long long count;
    int found;                 /* the first solution was read into the solution array */
    int complete;
    long long nodes;
} SearchResult;

/* search.propagate: naked and hidden singles to a fixed point, in place; 0, -1 on a
   contradiction, -2 if memory ran out. scanned: NULL for "every cell lost". */
int solver_propagate(const Board *board, word *boards, word *placed, const word *scanned);

/* search.rounds_to_contradiction, in place: the rounds of singles to a contradiction, 0 if
   they stop without one, -1 if memory ran out. */
int solver_rounds_to_contradiction(const Board *board, word *boards, word *placed);

/* A workspace for searches (search != 0) or for propagation alone; NULL if memory ran
   out. */
Workspace *solver_workspace(const Board *board, int search);
void solver_workspace_free(Workspace *ws);

/* solver_propagate, solver_rounds_to_contradiction and solver_search in a workspace of
   the caller's (propagate: 0 or -1; rounds: 0 for none; search: 0). */
int solver_propagate_in(const Board *board, Workspace *ws, word *boards, word *placed,
                        const word *scanned);
int solver_rounds_in(const Board *board, Workspace *ws, word *boards, word *placed);
int solver_search_in(const Board *board, Workspace *ws, const word *boards,
                     const word *placed, const SearchSpec *spec, SearchResult *result,
                     int *solution);

/* The search level whose boards `boards` are (a Settle hook's node's depth in the
   workspace's search: 0 at the root). */
int solver_level_of(const Workspace *ws, const word *boards);

/* search.initial_boards: 1, or 0 if two clues clash. cells holds values 0..n. */
int solver_initial(const Board *board, const int *cells, word *boards, word *placed);

/* search.search from the given state (not changed). 0, or -1 if memory ran out. */
int solver_search(const Board *board, const word *boards, const word *placed,
                  const SearchSpec *spec, SearchResult *result, int *solution);

/* Clues.forced: whether the clues `givens` (each 0 or the solution's value) force the
   solution's value at a blank cell. 1 yes, 0 no, -1 if memory ran out. */
int solver_forced(const Board *board, const int *givens, const int *solution, int cell,
                  long long max_nodes);

/* removal.remove_clues with no accept callback: blank the orbits (cells listed
   orbit after orbit, orbit k being cells[start[k]] .. cells[start[k + 1] - 1]) in order
   wherever the puzzle stays provably unique. givens starts as the solution and ends as
   the puzzle. 0, or -1 if memory ran out. */
int solver_remove_clues(const Board *board, const int *solution, const int *cells,
                        const int *start, int orbits, long long target_clues,
                        long long max_nodes, int *givens);

/* generator.random_solution: fills from the seeded stream, each from the independent
   blocks (`count` of them: blocks[start[k]] .. blocks[start[k + 1] - 1]) given random
   permutations, then searched in a random cell rank and value order, until one
   succeeds within max_nodes or `attempts` have failed. 1 (the grid in solution), 0 (none
   succeeded), -1 if memory ran out; the stream advanced as the Python's. */
int solver_random_solution(const Board *board, const int *blocks, const int *start, int count,
                           uint64_t *rng, long long max_nodes, long long attempts,
                           int *solution);

#endif
