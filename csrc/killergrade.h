/* A Killer's cages, compiled: the tables of core/killer/cages.Cages, the Killer solver's
   propagation (core/killer/solver.py: singles with cage mates as peers, cage
   combinations, totals) and the cage techniques (core/killer/techniques.py), decision
   for decision. The Killer check (killercheck.c) is written apart and shares none of
   this. */

#ifndef BOOKMAKER_KILLERGRADE_H
#define BOOKMAKER_KILLERGRADE_H

#include "grade.h"

struct KillerTables {
    int n, cells, w, cages;
    int *cage_start, *cage_cells;   /* each cage's cells, ascending */
    int *total;                     /* each cage's total */
    word *mask;                     /* cages * w */
    int *cage_of;                   /* each cell's cage */
    int *combo_start;               /* cages + 1 offsets into combo */
    int combo_most;                 /* the most combinations of one cage */
    digits *combo;                  /* each cage's combinations, as Cages.combos */
    int areas;                      /* Cages.areas, in order */
    int *area_units, *innie_total, *outie_total;
    word *innies, *outies;          /* areas * w */
    int sums;                       /* Cages.sums, in order */
    word *sum_mask;                 /* sums * w */
    int *sum_total;
    Board board;                    /* the shape's units, cage mates among the peers */
    void *storage;                  /* everything above, owned */
};

/* Build the tables from the shape's (units, units_of, peers, and its groups of units:
   cages.unit_groups), the cages' cells and totals and their combinations
   (Cages.combos); the areas (Cages.areas) and the sums (Cages.sums) are found as
   cages.py finds them. 0, or -1 for memory. */
int killer_tables_init(KillerTables *k, const GradeTables *t, int cages, const int *cage_start,
                       const int *cage_cells, const int *total, const int *combo_start,
                       const digits *combo);
void killer_tables_free(KillerTables *k);

const Board *killer_board(const KillerTables *k);

/* KillerCandidates.place's part before and after Candidates.place. */
void killer_placing(const GradeTables *t, GradeState *s, int cell, int d);
void killer_placed(const GradeTables *t, GradeState *s, int cell, int d);

/* The Killer solver's scratch for settle (killer/solver._settle). */
struct KillerSettle {
    const KillerTables *k;
    Workspace *ws;               /* propagation's, on k->board; NULL: the caller's */
    word *buffers;               /* 2 * n * w: the scanned boards, alternating */
    word *here;                  /* n * w */
    word *below, *above;         /* (n + 1) * w each */
    word *touched, *unbounded, *changed, *placed_before; /* w each */
    int *low, *high;             /* cells each: bound_sums' smallest and largest values */
};

int killer_settle_init(KillerSettle *ks, const KillerTables *k, int own_workspace);
void killer_settle_free(KillerSettle *ks);

/* killer/solver._settle: the new placed set in *placed and 0, or -1 on a contradiction;
   *rounds: its rounds. ws: a workspace on k->board (NULL: the KillerSettle's own). */
int killer_settle(KillerSettle *ks, Workspace *ws, word *boards, word *placed,
                  const word *scanned, int *rounds);

/* The Settle hook of a Killer search (context: a KillerSettle). */
int killer_settle_hook(void *context, const Board *board, Workspace *ws, word *boards,
                       word *placed, const word *scanned);

/* The cage techniques. */
int cage_combinations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int rule_of_45(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int rule_of_45_units(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int cage_unit_intersection(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int cage_min_max(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int cage_permutations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int innies_and_outies(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int large_innies_and_outies(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int killer_forcing_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
/* apply_cage_combinations: 1 if it found (and applied) anything, 0. */
int apply_cage_combinations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);

#endif
