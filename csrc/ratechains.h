/* The SE rater's chain objects in C, shared by ratechains.c (the propagations) and
   ratefound.c (what nested rules conclude from them): a board's chain tables, one grid
   state's propagator, and one propagation's working state. */

#ifndef BOOKMAKER_RATECHAINS_H
#define BOOKMAKER_RATECHAINS_H

#include "ratesimple.h"

#define MAX_CHAIN_CANDIDATES 4096

/* Scratch of ratefound.c's searches, kept per board and grown as needed (never shrunk):
   the potentials of many runs at once (see ratefound.c). */
typedef struct {
    int *pot;                           /* per stored potential: candidate, bits below 2C */
    size_t pot_room;                    /* in ints */
    word *anc;                          /* per stored potential: its ancestors, aw words */
    size_t anc_room;
    word *sets;                         /* per stored run: its ons' and offs' candidates */
    size_t sets_room;
    void *stored;                       /* per candidate: where its run is stored */
    size_t stored_room;
    int *row, *rows;                    /* a reduction's targets: per candidate its row */
    size_t row_room, rows_room;
} Arena;

typedef struct {
    PyObject_HEAD
    PyObject *board;                    /* the BoardObject */
    int n, cells, cands;
    int *peer_start, *peer;             /* per cell, its peers in SE's order */
    int *unit_start, *unit;             /* per cell, its units in chain order */
    Arena arena;
} TablesObject;

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    int cw, aw, outer;                  /* words: a candidate set, an ancestors set */
    uint32_t *cell_digits, *grid_cells; /* the state, and a dynamic run's working copy */
    word *digit_cells, *grid_digits;
    word *gone;                         /* the enclosing chain's struck candidates */
    int *on_slot, *off_slot;            /* per candidate, its ancestors slot or -1 */
    int *on_order, *off_order;          /* candidates in the order met (the queues) */
    word *anc;                          /* 2C + 2 slots of aw words */
    word *found_bits;                   /* 64 slots of aw words: an off's ons */
    RulesObject *rules;                 /* the nested simple rules (nest), or NULL */
    int rule_ids[4], rule_count;        /* their numbers, in the order tried */
    word *open;                         /* the state's open cells, and per digit */
    int values_placed[MAX_DIGITS];      /* its placed values: the rules read them */
    RuleHints hints;                    /* the rules' hints, one rule at a time */
} PropagatorObject;

/* The working state of one run. */
typedef struct {
    PropagatorObject *p;
    const TablesObject *t;
    const Board *b;
    uint32_t *cells;
    word *digits;
    int ons, offs, on_head, off_head, slots;
    word *conflict_on, *conflict_off;   /* two scratch slots */
    int conflicted;
} Run;

static inline const Board *rate_board(const TablesObject *t) {
    return &((BoardObject *)t->board)->board;
}

static inline word *slot_bits(const Run *r, int slot) {
    return r->p->anc + (size_t)slot * r->p->aw;
}

/* Propagator.propagate from `cand` on (or off) into the propagator's slots and queues,
   described by *r; the work units it charges (potentials processed, and with `nested`
   the nested rules' charges where the links run out), or -1 on an error. */
long long rate_propagate(PropagatorObject *p, int cand, int on, int cell_links, int dynamic,
                         int nested, Run *r);

/* ratefound.c: RatePropagator.chains_found. */
PyObject *Propagator_chains_found(PropagatorObject *self, PyObject *const *args,
                                  Py_ssize_t nargs);
void arena_free(Arena *arena);

#endif
