/* The grader, compiled: core/grade/ (candidates.py, techniques.py, advanced.py, grader.py)
   and the Killer's techniques (core/killer/techniques.py), decision for decision.

   A state is Candidates': each cell's value (0 open), each cell's candidate digits (bit
   d: value d+1), each digit's candidate cells (open cells only) and the open cells; a
   Killer's also its cages and the cells whose candidates changed since its cage
   combinations were last applied in bulk. A technique looks for one step in the
   Python's order and, finding it, writes what Python's Step holds: its placements and
   eliminations in the Python's order, and the numbers its explanation is worded from
   (the Python words it: core/grade/twins.py, core/killer/techniques.py). The ladder
   loops (grade_state and grade_state_within) run here too, so a grading crosses into C once. */

#ifndef BOOKMAKER_GRADE_H
#define BOOKMAKER_GRADE_H

#include "solver.h"

typedef uint32_t digits; /* a set of digits: bit d is the value d + 1 (n <= 32) */

/* The techniques, numbered as core/grade/twins.py and core/killer/techniques.py
   (KILLER_TWINS) list them. */
enum {
    T_FULL_HOUSE, T_HIDDEN_SINGLE, T_NAKED_SINGLE, T_POINTING, T_CLAIMING,
    T_NAKED_PAIR, T_NAKED_TRIPLE, T_NAKED_QUAD, T_HIDDEN_PAIR, T_HIDDEN_TRIPLE,
    T_HIDDEN_QUAD, T_X_WING, T_SWORDFISH, T_JELLYFISH, T_XY_WING, T_XYZ_WING,
    T_COLOURING, T_X_CHAIN, T_W_WING, T_UNIQUE_RECTANGLE, T_BUG, T_XY_CHAIN, T_FORCING,
    T_CAGE_COMBINATIONS, T_RULE_45, T_RULE_45_UNITS, T_CAGE_UNIT, T_CAGE_MIN_MAX,
    T_CAGE_PERMUTATIONS, T_INNIES, T_INNIES_LARGE, T_KILLER_FORCING,
    TECHNIQUES
};

/* The bulk forms (grader.Ladder.bulk), numbered as twins.py lists them. */
enum { B_FULL_HOUSES, B_HIDDEN_SINGLES, B_NAKED_SINGLE, B_CAGE_COMBINATIONS, BULKS };

/* A board's tables for the techniques: Shape's and grade.techniques.geometry's. */
typedef struct {
    int n, cells, w, units;
    word *unit;                 /* units * w */
    const word *peers;          /* cells * w */
    int *units_of_start;        /* cells + 1 offsets into units_of */
    int *units_of;              /* Shape.units_of: per cell, its units ascending */
    int *blocks_first;          /* units: Geometry.units_blocks_first */
    int block_pairs, line_pairs;
    int *block_pair, *line_pair;   /* (inside, other) pairs: Geometry's intersections */
    int grids;                  /* fish grids; per grid, rows (kind 0) then columns (1) */
    int *grid_lines;            /* grids * 2: the lines of each kind */
    int *grid_line_start;       /* grids * 2: their first mask in grid_line_mask */
    word *grid_line_mask;       /* every grid's lines' masks, w words each */
    int *grid_line_of;          /* grids * 2 * cells: each cell's line of the kind, -1 */
    int rows, cols;             /* the frame */
    int *row_of, *col_of;       /* each cell's position */
    int *cell_at;               /* rows * cols: the cell there, -1 */
    int groups;                 /* cages.unit_groups, for Killers (0 until given) */
    int *group_units;           /* how many units each group has */
    word *group_cells;          /* groups * w: their cells */
    const Board *board;         /* the solver's tables (forcing chains), not owned */
} GradeTables;

typedef struct KillerTables KillerTables; /* killergrade.h */
typedef struct KillerSettle KillerSettle; /* killergrade.h */

/* A state being solved by hand (Candidates, or a Killer's KillerCandidates). */
typedef struct {
    int *values;
    digits *cell_digits;
    word *digit_cells;          /* n * w */
    word *open;                 /* w */
    const KillerTables *killer; /* NULL for a classic state */
    word *unsettled;            /* w: a Killer's changed cells */
} GradeState;

/* One step as the Python's Step holds it. */
typedef struct {
    int technique, length;
    int placements, eliminations, params;
    int *place, *elim;          /* (cell, value) pairs */
    int *param;
    int param_room;
} CStep;

/* Scratch shared by the techniques of one grading (sized by the board). */
typedef struct {
    int *list_a, *list_b, *list_c;  /* cells each */
    int *queue, *parent, *order;    /* cells * n each */
    int *mark, stamp;               /* cells * n: a set is the entries equal to a stamp */
    int *digit_list;                /* n */
    word *sets;                     /* 16 * w */
    word *places;                   /* (n + 1) * w */
    word *boards;                   /* (n + 1) * w: forcing chains' trial */
    word *settled;                  /* (n + 1) * w */
    Workspace *ws;                  /* the solver's scratch (forcing chains) */
    Workspace *killer_ws;           /* on a Killer's cage-peer board */
    KillerSettle *ks;               /* a Killer's settle scratch */
    digits *fit;                    /* a Killer's fitting combinations */
    /* Per technique the places (bits) it last found no step in, where a caller keeps them
       (NULL: none kept, every place looked at): a subset's units, a fish's (grid, kind,
       digit) at (2 * grid + kind) * n + digit. The caller clears those whose cells have
       changed since (quiet_changed()): a place as it was has no step again. */
    uint64_t *quiet;
    /* Where a caller keeps them (NULL: none), on a Latin square's tables (latin_lines()):
       per line u (rows, then columns) and digit d, the places on the line holding d as a
       candidate (bit k: its k-th cell), at where[u * where_stride + d], as of the state
       the techniques are given; the subsets and fish read them instead of the cells. */
    const unsigned short *where;
    int where_stride;
} Scratch;

/* Return codes of a technique: found a step, found none, ran out of memory. */
#define FOUND 1
#define NONE 0
#define NO_MEMORY (-1)

/* A technique: writes the step it finds into `step`. */
typedef int (*Technique)(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);

/* The techniques of advanced.py and techniques.py past fish (gradechains.c). */
int xy_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int xyz_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int simple_colouring(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int x_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int w_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int unique_rectangle(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int bug_plus_one(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int xy_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);
int forcing_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step);

/* advanced.contradiction_chains: the candidates whose placement `rounds` takes to a
   contradiction, by the Python's sweep, from the solver's `boards` and `placed`
   (changed by nothing); `rounds` returns the rounds (0 for none) or -1 for memory. */
typedef int (*Rounds)(const GradeTables *t, GradeState *s, Scratch *x, word *trial,
                      word *placed);
int contradiction_chains(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                         int technique, const word *boards, const word *placed, Rounds rounds);
/* advanced.solver_boards: the state as the solver's boards (n * w) and placed set (w). */
void solver_boards(const GradeTables *t, const GradeState *s, word *boards, word *placed);

/* Candidates.place and .eliminate (KillerCandidates' with s->killer). */
void state_place(const GradeTables *t, GradeState *s, int cell, int value);
void state_eliminate(const GradeTables *t, GradeState *s, int cell, int value);
/* Candidates.apply */
void state_apply(const GradeTables *t, GradeState *s, const CStep *step);
/* Candidates.from_grid (KillerCandidates.of with s->killer): every cell open with every
   candidate, then the givens placed in cell order. */
void state_from_givens(const GradeTables *t, GradeState *s, const int *givens);

int scratch_init(Scratch *x, const GradeTables *t, const KillerTables *killer);
void scratch_free(Scratch *x);

/* Step building. */
void step_begin(CStep *step, int technique);
void step_place(CStep *step, int cell, int value);
void step_eliminate(CStep *step, int cell, int value);
void step_param(CStep *step, int value);
/* candidates.removing: the cells of `cells` holding digit d, ascending, eliminated. */
int step_removing(const GradeTables *t, const GradeState *s, CStep *step, int d,
                  const word *cells);

/* Whether the tables are a Latin square's as Scratch.where takes them: n * n cells, the
   units its rows then its columns (cell k of row r is r * n + k, of column c k * n + c),
   one fish grid of those rows and columns in order. */
int latin_lines(const GradeTables *t);


/* The technique numbered `technique` (NULL if it has no compiled twin). */
Technique technique_of(int technique);
/* The places of Scratch.quiet the technique loses where the units `units` (bits) and the
   candidate cells of the digits `changed` have changed: all for a technique keeping none,
   or where its places do not fit in 64 bits. */
uint64_t quiet_changed(const GradeTables *t, int technique, uint64_t units, digits changed);

/* The bulk form numbered `bulk`: 1 if it found anything (and applied it), 0, -1. */
int bulk_apply(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int bulk);

/* The recorded steps of a grading: each as its CStep fields in a flat int array. */
typedef struct {
    int *data;
    size_t used, room;
    int steps;
} StepLog;

int log_step(StepLog *log, const CStep *step);

/* grader.grade_state (within = 0: every technique, up to max_steps steps) or
   grade_state_within (within = 1: bulk forms first, then the techniques). Fills the
   log; *settled_rank: the hardest bulk form's rank (-1); *stalled: whether a
   technique-less state was left open. 0, or -1 if memory ran out. */
int grade_run(const GradeTables *t, GradeState *s, const int *techniques, int count,
              const int *bulks, const int *bulk_ranks, int bulk_count, int within,
              long long max_steps, StepLog *log, int *settled_rank, int *stalled);

/* Set helpers over w words. */
static inline int set_single(const word *s, int w) {
    int cell = -1;
    for (int i = 0; i < w; i++) {
        if (s[i]) {
            if ((s[i] & (s[i] - 1)) || cell >= 0) return -2;
            cell = i * 64 + lowest_bit(s[i]);
        }
    }
    return cell; /* -1: empty, -2: two or more */
}

/* The index of the highest set bit of x (x != 0). */
static inline int word_top(word x) {
#if defined(_MSC_VER)
    unsigned long index;
    _BitScanReverse64(&index, x);
    return (int)index;
#else
    return 63 - __builtin_clzll(x);
#endif
}

static inline int digits_count(digits x) { return popcount64(x); }
static inline int digits_single(digits x) { return x && !(x & (x - 1)); }
static inline int digits_top(digits x) { /* x.bit_length() - 1, x != 0 */
#if defined(_MSC_VER)
    unsigned long index;
    _BitScanReverse(&index, x);
    return (int)index;
#else
    return 31 - __builtin_clz(x);
#endif
}

/* The k-th cell of a Latin square's line u (rows, then columns: latin_lines()). */
static inline int line_cell(int n, int u, int k) { return u < n ? u * n + k : k * n + u - n; }

/* Whether digit d has exactly two places in unit u: those cells into *a < *b (Scratch.where
   says where it is kept). */
static inline int pair_in(const GradeTables *t, const GradeState *s, const Scratch *x, int d,
                          int u, int *a, int *b) {
    if (x->where) {
        unsigned places = x->where[u * x->where_stride + d];
        if (popcount64(places) != 2) return 0;
        *a = line_cell(t->n, u, lowest_bit(places)), *b = line_cell(t->n, u, word_top(places));
        return 1;
    }
    const word *mine = s->digit_cells + (size_t)d * t->w, *unit = t->unit + (size_t)u * t->w;
    int count = 0, cells[3];
    for (int i = 0; i < t->w && count < 3; i++)
        for (word here = mine[i] & unit[i]; here && count < 3; here &= here - 1)
            cells[count++] = i * 64 + lowest_bit(here);
    if (count != 2) return 0;
    *a = cells[0], *b = cells[1];
    return 1;
}

#endif
