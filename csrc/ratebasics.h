/* The SE rater's techniques in C over a board's tables (ratebasics.c): the sets of cells
   they use and the RateBasics object, shared with the forcing chains (ratecycles.c). */

#ifndef BOOKMAKER_RATEBASICS_H
#define BOOKMAKER_RATEBASICS_H

#include "pytypes.h"

#define RB_CELLS 128
#define RB_UNITS 64
#define RB_DIGITS 16

enum { HIDDEN_SINGLE, NAKED_SINGLE, DIRECT_LOCKED, LOCKED, NAKED_SET, HIDDEN_SET,
       DIRECT_HIDDEN_SET, FISH, XY_WING, ALS_WING, STRONG_LINKS,
       UNIQUE_LOOPS, BUG, CODES };
enum { BOX, ROW, COLUMN, OTHER };   /* kinds: each other kind its own number from OTHER up */

static inline int kind_class(int kind) { return kind < OTHER ? kind : OTHER; }

typedef struct { word w[2]; } Set;

static inline Set s_and(Set a, Set b) { return (Set){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static inline Set s_or(Set a, Set b) { return (Set){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static inline Set s_minus(Set a, Set b) { return (Set){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }
static inline int s_any(Set a) { return (a.w[0] | a.w[1]) != 0; }
static inline int s_count(Set a) { return popcount64(a.w[0]) + popcount64(a.w[1]); }
static inline int s_has(Set a, int c) { return (int)(a.w[c >> 6] >> (c & 63) & 1); }
static inline void s_add(Set *a, int c) { a->w[c >> 6] |= (word)1 << (c & 63); }
static inline void s_drop(Set *a, int c) { a->w[c >> 6] &= ~((word)1 << (c & 63)); }
static inline int s_lowest(Set a) { return a.w[0] ? lowest_bit(a.w[0]) : 64 + lowest_bit(a.w[1]); }
/* Bits from `from` up: the next set one, or -1. */
static inline int s_next(Set a, int from) {
    for (int i = from >> 6; i < 2; i++) {
        word x = i == from >> 6 ? a.w[i] & (~(word)0 << (from & 63)) : a.w[i];
        if (x) return 64 * i + lowest_bit(x);
    }
    return -1;
}
static inline int single_bit32(uint32_t x) { return x && !(x & (x - 1)); }
static inline int low32(uint32_t x) { return lowest_bit(x); }
static inline int high32(uint32_t x) {
    int bit = 31;
    while (!(x >> bit & 1)) bit--;
    return bit;
}
#define FOR_BITS(c, set) for (int c = s_next(set, 0); c >= 0; c = c < 127 ? s_next(set, c + 1) : -1)

typedef struct { int inside, other; Set common; } LockEntry;

typedef struct {
    PyObject_HEAD
    int n, cells, units;
    Set unit[RB_UNITS];
    int kind[RB_UNITS];
    int single[RB_UNITS];
    int *unit_cells, unit_start[RB_UNITS + 1];   /* shape.units[u].cells, in their order */
    Set peer[RB_CELLS], all;
    LockEntry *entries;                          /* rating/basics.py's _lock_runs, flat */
    int *run_start, *group_start, groups;        /* entries of a run, runs of a group */
    int lines[2][RB_UNITS], line_count[2];       /* [0]: columns, [1]: rows */
    int line_of[2][RB_CELLS];
    int *peer_order, peer_start[RB_CELLS + 1];   /* Board.peer_order */
    int *chain_units, chain_start[RB_CELLS + 1]; /* Board.cell_chain_units */
    Set *segs;                                   /* Board.segments, flat */
    int seg_start[RB_UNITS + 1];
    int joint_order[RB_UNITS];   /* units: columns, rows, boxes, others (links.py's joints) */
    int chain_order[RB_UNITS];   /* Board.chain_units: boxes, rows, columns, others */
} BasicsObject;

/* A chain of strong links found (ratelinks.c): its digit, rating, the cells losing the
   digit, and each link's ends, the one entered first. */
typedef struct {
    int found, rating, count, digit, links;
    Set removed, ends[3][2];
} LinksFound;

/* One grid state being solved. */
typedef struct {
    int values[RB_CELLS];
    uint32_t cd[RB_CELLS];
    Set dc[RB_DIGITS];
    Set open;
} State;

/* A hint found: what rater's Hint is made of. */
typedef struct {
    int code, size, rating, cell, digit;   /* cell -1: no placement */
    int elim_count;
    int elims[2 * RB_CELLS * RB_DIGITS];   /* (cell, digit) pairs */
    int a, b;
    Set c;
    long long d;
    LinksFound chain;
} Found;


void add_elim(Found *f, int cell, int digit);

/* k-subsets of range(n) in colex order (rating/basics.py's colex): the first, the next;
   0 past the last. */
int colex_first(int *pick, int k, int n);
int colex_next(int *pick, int k, int n);

/* ratebug.c: rating/uniqueness.py's bug, the first hint into f. */
int bug(const BasicsObject *t, const State *s, Found *f);

/* rateloops.c: rating/uniqueness.py's unique_loops, the first hint into f. */
int unique_loops(const BasicsObject *t, const State *s, int sets_from_extra, Found *f);

/* rating/links.py's strong_link_chains(count): 1 with the first hint in `best`, else 0. */
int strong_links(const BasicsObject *t, const Set *digit_cells, int count, LinksFound *best);

/* ratecycles.c: RateBasics.cycles, rating/chains.py's forcing_chains_and_cycles. */
PyObject *Basics_cycles(BasicsObject *self, PyObject *const *args, Py_ssize_t nargs);

/* rateexclusion.c: RateBasics.exclusions, rating/exclusion.py's aligned_exclusions. */
PyObject *Basics_exclusions(BasicsObject *self, PyObject *const *args, Py_ssize_t nargs);

#endif
