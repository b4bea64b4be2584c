/* A Calcudoku's hand-solving state as the compiled grader's cage parts take it
   (calcsettle.c, calcfind.c): calcudoku/techniques.CalcCandidates' values and cell
   digits on an n x n Latin square, and its cages from CalcCages.narrowing_tables
   (calcnarrow.c's words: n, cells, cages, then per cage its cell count, filling count,
   cells and packed fillings, n bits a cell). */

#ifndef BOOKMAKER_CALCHAND_H
#define BOOKMAKER_CALCHAND_H

#include <string.h>

#include "convert.h"
#include "pytypes.h"

#define CALC_MAX 16
#define CALC_CELLS (CALC_MAX * CALC_MAX)
#define CALC_W (CALC_CELLS / 64)
#define CAGE_MOST 64 /* cells a cage may have (n bits a cell in 64) */

typedef uint32_t mask;

/* A cage's fillings still alive under the last `wanted` (packed allowed digits) asked:
   as a grading only takes candidates away, each ask keeps a part of the last one's list.
   Where `wanted` allows every digit, the list is the cage's own fillings (no copy). */
typedef struct {
    const uint64_t *at; /* the list: `room`, or the cage's fillings */
    uint64_t *room, wanted;
    uint64_t all; /* the list's fillings or-ed */
    int count;    /* -1: not made yet (every filling) */
} Live;

typedef struct {
    int size, count, cell[CAGE_MOST];
    const unsigned char *fillings; /* count packed fillings, 8 bytes each */
    uint64_t span;                 /* every digit of every cell, packed; 0 if the fillings
                                      are not aligned as uint64_t */
    word cells[CALC_W];            /* the cage's cells as a mask */
    /* The lines it crosses, in unit order (and as bits), and its positions on each (bits). */
    int lines, line[2 * CALC_MAX];
    uint64_t line_bits;
    uint64_t on_line[2 * CALC_MAX];
    unsigned short line_at[2 * CALC_MAX]; /* per line[j] the places its cells have on it */
    unsigned char row_at[CAGE_MOST], column_at[CAGE_MOST]; /* each cell's two in line[] */
    /* What its live fillings allow, for the `wanted` last asked of each (calcfind.c's
       kept_by, common_by): their union, and per line[j] the digits each puts on it. */
    int known; /* bits: kept, common, placed_wanted */
    uint64_t kept_wanted, kept, common_wanted;
    mask common[2 * CALC_MAX];
    /* calcsettle.c's combine: the values placed when it last combined the cage. */
    uint64_t placed_wanted;
    Live alive, placed; /* under the allowed digits, and under the placed values alone */
    /* How many changes its cells had (calc_changed), and calcfind.c's allowed_open() as of
       `seen` of them (-1: not read yet). */
    int changes, seen, seen_opened;
    uint64_t seen_wanted, seen_open;
} Cage;

/* What a cage technique saw when it last looked for a step (calcfind.c): the values and
   digits then, and which of its places (cage-line's cages, line-cage's lines) held no
   step. A place whose cells are all as they were holds none again, so it is passed: the
   first place with a step is the one the whole sweep would find. */
enum { WATCH_CAGE_LINE, WATCH_LINE_CAGE, WATCHES };
typedef struct {
    int upto; /* its place in the hand's ChangeLog when it last looked; -1: never */
    word loud[CALC_W]; /* the places not known quiet, as bits (the cages or lines) */
} Watch;

/* The sides of the areas (calcareas.c: per group of lines its innies and outies) and
   how many open cells each has, counted again only where cells were placed since
   (calcfind.c's area techniques). */
#define GROUP_MOST (4 * CALC_MAX * CALC_MAX)
#define SIDE_MOST (2 * GROUP_MOST)
enum { SIDES_ONE, SIDES_FEW, SIDES_MORE, SIDE_KINDS }; /* 1, 2-3, 4-5 open cells */
typedef struct {
    int upto;              /* the log's place when counted; -1: not counted yet */
    word counted[CALC_W];  /* the open cells then */
    unsigned short open[SIDE_MOST];
    uint64_t of_kind[SIDE_KINDS][SIDE_MOST / 64]; /* the sides with so many open cells, as bits */
} SideCounts;

/* Each change to the hand's cells as it is made (calc_changed): the cell and the
   candidates it lost (a placed cell all it had), so that a watch reads what changed since
   it last looked rather than compare every cell. A cell changes at most n + 1 times
   (each change takes a candidate or places it); past the room, every cell counts as
   changed (`lost`). */
#define LOG_MOST (CALC_CELLS * (CALC_MAX + 1))
typedef struct {
    int count, lost;
    unsigned short cell[LOG_MOST];
    mask removed[LOG_MOST];
} ChangeLog;

typedef struct {
    int n, cells, cages, w; /* w: the words of a cell mask in use */
    /* Each cell's row and column (a division the placing of values does not redo), made
       for n = placed_n. */
    int placed_n;
    unsigned char row_of[CALC_CELLS], column_of[CALC_CELLS];
    int values[CALC_CELLS];
    mask digits[CALC_CELLS];        /* cell_digits: 0 for a placed cell */
    int cage_of[CALC_CELLS];
    word unsettled[CALC_W], unpermuted[CALC_W];
    word unpermuted_cages[CALC_W]; /* the cages with a cell in unpermuted, as bits (kept by
                                      unpermute() and unpermuted_cages_of()), but for those
                                      cage permutations found closed */
    Cage *cage;
    word reach[2 * CALC_MAX][CALC_W]; /* per line its cells and those of the cages crossing it */
    Watch watch[WATCHES];
    SideCounts sides;
    ChangeLog log;
    /* Per line, where each digit is a candidate (its cells' places on the line, as bits),
       the digits one cell alone holds (its hidden singles) and how many cells are open:
       kept as the cells change. */
    unsigned short where[2 * CALC_MAX][CALC_MAX];
    mask lone[2 * CALC_MAX];
    int lone_count; /* the bits of lone[] set: no hidden single anywhere where 0 */
    int open_in[2 * CALC_MAX];
    uint64_t open_one; /* the lines with one open cell, as bits */
} Hand;

static inline int single(mask m) { return m && !(m & (m - 1)); }
static inline int value_of(mask m) { return 32 - __builtin_clz(m); }
static inline void mark(word *set, int cell) { set[cell / 64] |= (word)1 << (cell % 64); }
static inline int marked(const word *set, int cell) { return set[cell / 64] >> (cell % 64) & 1; }
static inline int is_open(const Hand *h, int cell) { return !h->values[cell]; }
static inline uint64_t full_digits(int n) { return n == 64 ? ~0ULL : (1ULL << n) - 1; }

/* The cell is unpermuted (cage permutations look at its cage again). */
static inline void unpermute(Hand *h, int cell) {
    mark(h->unpermuted, cell), mark(h->unpermuted_cages, h->cage_of[cell]);
}

/* Hand.unpermuted_cages made from the unpermuted cells (given whole). */
static inline void unpermuted_cages_of(Hand *h) {
    memset(h->unpermuted_cages, 0, sizeof h->unpermuted_cages);
    for (int c = 0; c < h->cells; c++)
        if (marked(h->unpermuted, c)) mark(h->unpermuted_cages, h->cage_of[c]);
}

/* The k-th cell of unit u: rows first, then columns (a Latin square's units). */
static inline int unit_cell(int n, int u, int k) { return u < n ? u * n + k : k * n + (u - n); }

static inline int in_unit(int n, int u, int cell) { return u < n ? cell / n == u : cell % n == u - n; }

/* The cell at place `at` of line u no longer holds digit d (it did). */
static inline void held_less(Hand *h, int u, int d, int at) {
    unsigned left = h->where[u][d] &= (unsigned short)~(1u << at);
    if (!left) h->lone[u] &= ~((mask)1 << d), h->lone_count--;
    else if (!(left & (left - 1))) h->lone[u] |= (mask)1 << d, h->lone_count++;
}

/* The cell lost the candidates `removed` (all it had, if it was placed), each of which it
   held. */
static inline void calc_changed(Hand *h, int cell, mask removed) {
    ChangeLog *log = &h->log;
    h->cage[h->cage_of[cell]].changes++;
    for (mask gone = removed; gone; gone &= gone - 1) {
        int d = __builtin_ctz(gone);
        int row = h->row_of[cell], column = h->column_of[cell];
        held_less(h, row, d, column), held_less(h, h->n + column, d, row);
    }
    if (log->count == LOG_MOST) {
        log->lost = 1;
        return;
    }
    log->cell[log->count] = (unsigned short)cell, log->removed[log->count++] = removed;
}

/* Whether a watch that last looked at the log's place `upto` must look at every cell. */
static inline int sees_all(const Hand *h, int upto) { return upto < 0 || h->log.lost; }

/* The cells changed since the log's place *upto (every cell where sees_all()), into
   `changed`; *upto now. */
static inline void changes_since(const Hand *h, int *upto, word *changed) {
    memset(changed, 0, sizeof(word) * CALC_W);
    if (sees_all(h, *upto))
        for (int c = 0; c < h->cells; c++) mark(changed, c);
    else
        for (int i = *upto; i < h->log.count; i++) mark(changed, h->log.cell[i]);
    *upto = h->log.count;
}

static inline uint64_t filling_at(const Cage *cage, int f) {
    uint64_t filling;
    memcpy(&filling, cage->fillings + 8 * (size_t)f, sizeof filling);
    return filling;
}

/* The `count` fillings of `at` or-ed, four a turn (as keep_within). */
static inline uint64_t union_of(const uint64_t *at, int count) {
    uint64_t a = 0, b = 0, c = 0, d = 0;
    int f = 0;
    for (; f + 4 <= count; f += 4) a |= at[f], b |= at[f + 1], c |= at[f + 2], d |= at[f + 3];
    for (; f < count; f++) a |= at[f];
    return a | b | c | d;
}

/* The fillings of `from` (count of them) that put no digit outside `wanted`, into `to`
   (which may be `from`: a filling is read before its place is written), their union into
   *all; how many. Four a turn: the loop's own count and test weigh as much as a filling's. */
static inline int keep_within(const uint64_t *from, int count, uint64_t *to, uint64_t wanted,
                              uint64_t *all) {
    uint64_t out = ~wanted, any = 0;
    int kept = 0, f = 0;
    for (; f + 4 <= count; f += 4) {
        uint64_t a = from[f], b = from[f + 1], c = from[f + 2], d = from[f + 3];
        if (!(a & out)) to[kept++] = a, any |= a;
        if (!(b & out)) to[kept++] = b, any |= b;
        if (!(c & out)) to[kept++] = c, any |= c;
        if (!(d & out)) to[kept++] = d, any |= d;
    }
    for (; f < count; f++)
        if (!(from[f] & out)) any |= to[kept++] = from[f];
    *all = any;
    return kept;
}

/* The cage's fillings every value of which `wanted` allows, into `live` (its list narrowed
   where `wanted` allows no more than last time, and kept as it is where what it no longer
   allows is in none of its fillings, else made again from `wider`'s list where that allows
   no less, else from all). `wider` may be NULL. */
static inline void narrow_live(const Cage *cage, Live *live, uint64_t wanted, const Live *wider) {
    if (live->count >= 0 && live->wanted == wanted) return;
    int kept = 0;
    uint64_t all = 0;
    if (live->count < 0 || wanted & ~live->wanted) {
        if (cage->span && (wanted & cage->span) == cage->span) {
            live->at = (const uint64_t *)(const void *)cage->fillings;
            all = union_of(live->at, cage->count);
            live->count = cage->count, live->wanted = wanted, live->all = all;
            return;
        }
        if (wider && wider->count >= 0 && !(wanted & ~wider->wanted))
            kept = keep_within(wider->at, wider->count, live->room, wanted, &all);
        else
            for (int f = 0; f < cage->count; f++) {
                uint64_t filling = filling_at(cage, f);
                if ((filling & wanted) == filling) live->room[kept++] = filling, all |= filling;
            }
    } else if (!(live->all & ~wanted)) { /* what went, no filling of the list held */
        live->wanted = wanted;
        return;
    } else {
        kept = keep_within(live->at, live->count, live->room, wanted, &all);
    }
    live->at = live->room, live->count = kept, live->wanted = wanted, live->all = all;
}

/* calcudoku_find's codes: the cage techniques of the ladder tried one step at a time. */
enum { PERMUTATIONS, CAGE_LINE, LINE_CAGE, LINE_TOTAL, INNIES, INNIES_LARGE, CODES };

/* A cage technique's step as techniques.py's Step holds it: (cell, value) pairs; and the
   cells crux.py names a climb's crux by (techniques.cage_evidence's, area_evidence's, and
   those of its eliminations). */
typedef struct {
    word cells[CALC_W];
    int places, elims;
    int place[2];
    int elim[2 * CALC_CELLS * CALC_MAX];
} CalcStep;

static inline void calc_step_eliminate(CalcStep *step, int cell, int value) {
    step->elim[2 * step->elims] = cell, step->elim[2 * step->elims++ + 1] = value;
}

/* CalcCandidates.place (calcsettle.c). */
void calc_place(Hand *h, int cell, int value);
/* grader.settle by the ladder's bulk techniques (calcsettle.c): the hardest used, its place
   in the bulk, or -1. `after_step`: the hand was settled (every bulk technique found
   nothing, which leaves h->unsettled empty) and has changed since only in cells that
   h->unsettled now holds. */
int calc_settle(Hand *h, int after_step);
/* The cage technique `code`'s next step into `step` (calcfind.c): 1, or 0 if none;
   permutations clear the quiet cages from h->unpermuted on the way. `areas`: the area
   tables' `count` areas past their count word (codes LINE_TOTAL and up). */
int calc_cage_step(Hand *h, int code, const unsigned char *areas, long long count,
                   CalcStep *step);
/* The words of an area as calcfind.c reads them: its innies (CALC_W words), their total,
   its outies (CALC_W words, none if 0) and their total, totals as two's complement. */
#define AREA_WORDS (2 * CALC_W + 2)
/* The areas of the board's groups of lines (`groups`: their count, then per group its line
   count and CALC_W words of cells) with the cages' known sums (`sums`: per cage its total
   if it adds up, else -1), for calc_cage_step (calcareas.c): 0, or -1 with a ValueError. */
int calc_read_areas(const Hand *h, PyObject *groups, PyObject *sums, const unsigned char **areas,
                    long long *count);
/* Whether `groups` are a board's groups of lines as calc_read_areas() reads them: 0, or
   -1 with a Python error. */
int calc_groups_fit(PyObject *groups);
/* calc_read_areas() of groups calc_groups_fit() passed and the cages' known sums as C
   holds them (h->cages of them). */
void calc_areas_of(const Hand *h, PyObject *groups, const int64_t *sums,
                   const unsigned char **areas, long long *count);
/* The area tables of `bytes` (calcfind.c): 0, or -1 with a ValueError. */
int calc_areas(PyObject *bytes, const unsigned char **areas, long long *count, const char *name);
/* The hand's (digit_cells, open_cells, unsettled, unpermuted) (calcsettle.c). */
PyObject *calc_state_masks(const Hand *h);
/* calc_state_masks(), the hand's values and digits stored into the lists first. */
PyObject *calc_state_object(const Hand *h, PyObject *values, PyObject *digits);

/* Reads (n, tables, values, cell_digits) from args into h, its cages into `cages`: 0, or
   -1 with a Python error. */
int calc_hand(Hand *h, Cage *cages, PyObject *const *args, const char *name);
/* The cages of narrowing_tables' bytes (`length` of them at `tables`, which must outlive
   the grading) into h and `cages`, no cell read yet (calc_hand's first part): 0, or -1
   with a Python error naming `name`. */
int calc_hand_cages(Hand *h, Cage *cages, int n, const unsigned char *tables, Py_ssize_t length,
                    const char *name);
/* calc_hand() of the blank state (every cell open with every digit, unsettled and
   unpermuted): a caller in C grading tables of its own (calcclimb.c). */
int calc_hand_blank(Hand *h, Cage *cages, int n, const unsigned char *tables, Py_ssize_t length,
                    const char *name);

/* ---- calcloop.c's grading for a caller in C (calcclimb.c) ----------------------------- */

/* A grading from a blank state: whether it stopped short (1: no technique applies), the
   hardest bulk rank (-1: none), its steps (rank, length each, in calcloop.c's memory,
   until the next grading), whether cells were left open. */
typedef struct {
    int stalled, settled, steps, open;
    const int *log;
} CalcGraded;

/* The grader (a Grader of the board), its groups of lines and the plan (steps, bulk
   ranks) as calcudoku_grade takes them, checked and read for the gradings that follow
   (borrowed: the caller holds them): 0, or -1 with a Python error. */
int calc_grade_ready(PyObject *grader, PyObject *groups, PyObject *steps, PyObject *bulk_ranks);
/* calcudoku_grade's loop on the blank state of the cages of narrowing_tables' words
   (`length` bytes at `tables`, 8-aligned) and their known sums (-1: none; `sums_count`
   of them, one per cage), on what calc_grade_ready() was given: 0, or -1 with a Python
   error. */
int calc_grade_blank(int n, const unsigned char *tables, Py_ssize_t length, const int64_t *sums,
                     Py_ssize_t sums_count, CalcGraded *out);
/* calcudoku_grade's answer tuple on the last grading. */
PyObject *calc_graded_answer(const CalcGraded *graded);
/* The last grading as bytes, kept where Python keeps an answer it may not ask for: */
PyObject *calc_graded_packed(const CalcGraded *graded);
/* and calcudoku_grade's answer tuple made from them, with the cells crux.py names its crux
   by (ascending) into *cells, or None where they are a classic technique's (a new
   reference, NULL with the answer). */
PyObject *calc_graded_unpacked(PyObject *packed, PyObject **cells);

#endif
