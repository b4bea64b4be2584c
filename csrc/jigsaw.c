/* Jigsaw layouts, compiled: core/board/jigsaw.py's seeded tiling search (_Tiler), decision
   for decision and draw for draw from the same SplitMix64 stream, so a seed draws the
   same layout on either core. tile_jigsaw(n, box_rows, box_cols, limit, state,
   max_nodes) -> (the region of every cell, or None if the search ran out of nodes; the
   stream's new state). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"
#include "splitmix.h"

#define MAX_WORDS 10 /* 25 * 25 cells */

typedef struct {
    word bits[MAX_WORDS];
} Cells;

typedef struct Ranked {
    int key;
    uint64_t draw;
    int cell;
} Ranked;

typedef struct {
    int n, w, limit;
    long long nodes, max_nodes;
    uint64_t *rng;
    Cells full, not_left, not_right;
    Cells *lines;        /* 2n: rows, then columns */
    Cells *box_of;       /* per cell: its box (empty without boxes) */
    Cells *next_to;      /* per cell: its orthogonal neighbours */
    Cells *regions;      /* the regions placed, in order */
    int placed;
    int *tie;            /* n * n: _least_free's ties */
    struct Ranked *ranked; /* (n * n + 1) * room: each level's ranked cells */
    int room;            /* the most cells next to a region: 2n + 2 */
} Tiler;

static inline int count_of(const Cells *a, int w) {
    int count = 0;
    for (int i = 0; i < w; i++) count += popcount64(a->bits[i]);
    return count;
}

static inline int count_and(const Cells *a, const Cells *b, int w) {
    int count = 0;
    for (int i = 0; i < w; i++) count += popcount64(a->bits[i] & b->bits[i]);
    return count;
}

/* a << s (s < 64) or a >> s, within w words */
static void shift_up(const Cells *a, int s, Cells *out, int w) {
    for (int i = w - 1; i >= 0; i--) {
        word lower = i > 0 && s ? a->bits[i - 1] >> (64 - s) : 0;
        out->bits[i] = (a->bits[i] << s) | lower;
    }
}

static void shift_down(const Cells *a, int s, Cells *out, int w) {
    for (int i = 0; i < w; i++) {
        word upper = i + 1 < w && s ? a->bits[i + 1] << (64 - s) : 0;
        out->bits[i] = (a->bits[i] >> s) | upper;
    }
}

/* _Tiler.around: the cells next to the mask's cells, not in it */
static void around(const Tiler *t, const Cells *mask, Cells *out) {
    Cells a, b, c, d;
    int w = t->w;
    shift_up(mask, 1, &a, w);
    shift_down(mask, 1, &b, w);
    shift_up(mask, t->n, &c, w);
    shift_down(mask, t->n, &d, w);
    for (int i = 0; i < w; i++)
        out->bits[i] = ((a.bits[i] & t->not_left.bits[i]) | (b.bits[i] & t->not_right.bits[i]) |
                        c.bits[i] | d.bits[i]) & t->full.bits[i] & ~mask->bits[i];
}

static void tiler_free(Tiler *t) {
    free(t->lines);
    free(t->tie);
    free(t->ranked);
}

static int tiler_init(Tiler *t, int n, int box_rows, int box_cols, int limit) {
    int cells = n * n, w = (cells + 63) / 64;
    memset(t, 0, sizeof *t);
    t->n = n, t->w = w, t->limit = limit;
    t->room = 2 * n + 2;
    t->lines = calloc((size_t)(2 * n + 3 * cells + n + 1), sizeof(Cells));
    t->tie = malloc(sizeof(int) * (size_t)cells);
    t->ranked = malloc(sizeof(Ranked) * (size_t)(cells + 1) * t->room);
    if (!t->lines || !t->tie || !t->ranked) {
        tiler_free(t);
        return -1;
    }
    t->box_of = t->lines + 2 * n;
    t->next_to = t->box_of + cells;
    t->regions = t->next_to + cells;
    for (int cell = 0; cell < cells; cell++) {
        set_add(t->full.bits, cell);
        if (cell % n) set_add(t->not_left.bits, cell);
        if (cell % n != n - 1) set_add(t->not_right.bits, cell);
        set_add(t->lines[cell / n].bits, cell);
        set_add(t->lines[n + cell % n].bits, cell);
    }
    if (box_rows) { /* each cell's box: the cells whose box row and column are its own */
        Cells *box = t->regions; /* n boxes, in the room the regions take later */
        for (int cell = 0; cell < cells; cell++)
            set_add(box[(cell / n) / box_rows * box_rows + (cell % n) / box_cols].bits, cell);
        for (int cell = 0; cell < cells; cell++)
            t->box_of[cell] = box[(cell / n) / box_rows * box_rows + (cell % n) / box_cols];
        memset(box, 0, sizeof(Cells) * (size_t)n);
    }
    for (int cell = 0; cell < cells; cell++) {
        Cells one = {{0}};
        set_add(one.bits, cell);
        around(t, &one, &t->next_to[cell]);
    }
    return 0;
}

/* _Tiler._least_free: the free cell with the fewest free neighbours, ties drawn */
static int least_free(Tiler *t, const Cells *free_cells) {
    int fewest = 1 << 30, ties = 0, *tie = t->tie;
    FOR_EACH_BIT(free_cells->bits, t->w, cell) {
        int count = count_and(&t->next_to[cell], free_cells, t->w);
        if (count < fewest) fewest = count, ties = 0;
        if (count == fewest) tie[ties++] = cell;
    }
    return tie[splitmix_below(t->rng, (uint64_t)ties)];
}

/* _Tiler._areas_fit: every connected free area holds a multiple of n cells */
static int areas_fit(const Tiler *t, Cells free_cells) {
    int w = t->w;
    while (!set_is_empty(free_cells.bits, w)) {
        Cells area = {{0}}, next;
        set_add(area.bits, set_first(free_cells.bits, w));
        for (;;) {
            around(t, &area, &next);
            int grew = 0;
            for (int i = 0; i < w; i++) {
                word added = next.bits[i] & free_cells.bits[i];
                grew |= added != 0;
                area.bits[i] |= added;
            }
            if (!grew) break;
        }
        if (count_of(&area, w) % t->n) return 0;
        for (int i = 0; i < w; i++) free_cells.bits[i] &= ~area.bits[i];
    }
    return 1;
}

static int next_region(Tiler *t, const Cells *covered);


static int ranked_order(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->draw != y->draw) return x->draw < y->draw ? -1 : 1;
    return (x->cell > y->cell) - (x->cell < y->cell);
}

/* _Tiler._close */
static int close_region(Tiler *t, const Cells *region, const Cells *covered) {
    int w = t->w;
    for (int k = 0; k < 2 * t->n; k++) {
        int inside = 1;
        for (int i = 0; i < w && inside; i++) inside = !(region->bits[i] & ~t->lines[k].bits[i]);
        if (inside) return 0;
    }
    Cells now, free_cells;
    for (int i = 0; i < w; i++) {
        now.bits[i] = covered->bits[i] | region->bits[i];
        free_cells.bits[i] = t->full.bits[i] & ~now.bits[i];
    }
    if (!areas_fit(t, free_cells)) return 0;
    t->regions[t->placed++] = *region;
    int found = next_region(t, &now);
    if (found) return found;
    t->placed--;
    return 0;
}

/* _Tiler._grow: 1 tiled, 0 not from here, -1 out of nodes. Its level (placed cells, at
   most n * n) picks its ranked cells' room, so deep searches keep off the C stack. */
static int grow(Tiler *t, const Cells *region, const Cells *covered) {
    int w = t->w, size = count_of(region, w);
    if (++t->nodes > t->max_nodes) return -1;
    if (size == t->n) return close_region(t, region, covered);
    Cells free_cells, near;
    for (int i = 0; i < w; i++)
        free_cells.bits[i] = t->full.bits[i] & ~covered->bits[i] & ~region->bits[i];
    around(t, region, &near);
    Ranked *ranked = t->ranked + (size_t)(t->placed * t->n + size) * t->room;
    int count = 0;
    for (int i = 0; i < w; i++)
        for (word hit = near.bits[i] & free_cells.bits[i]; hit; hit &= hit - 1) {
            int cell = i * 64 + lowest_bit(hit);
            if (count_and(region, &t->box_of[cell], w) >= t->limit) continue;
            uint64_t draw = splitmix_next(t->rng); /* its top bit nudges the order */
            ranked[count].key = count_and(&t->next_to[cell], &free_cells, w) -
                                count_and(&t->next_to[cell], region, w) + (int)(draw >> 63);
            ranked[count].draw = draw;
            ranked[count++].cell = cell;
        }
    qsort(ranked, (size_t)count, sizeof(Ranked), ranked_order);
    int found = 0;
    for (int k = 0; k < count && !found; k++) {
        Cells bigger = *region;
        set_add(bigger.bits, ranked[k].cell);
        found = grow(t, &bigger, covered);
    }
    return found;
}

/* _Tiler._next_region */
static int next_region(Tiler *t, const Cells *covered) {
    Cells free_cells;
    int empty = 1;
    for (int i = 0; i < t->w; i++) {
        free_cells.bits[i] = t->full.bits[i] & ~covered->bits[i];
        empty &= !free_cells.bits[i];
    }
    if (empty) return 1;
    int start = least_free(t, &free_cells);
    Cells region = {{0}};
    set_add(region.bits, start);
    return grow(t, &region, covered);
}

const char tile_jigsaw_doc[] =
"tile_jigsaw(n, box_rows, box_cols, limit, state, max_nodes)\n--\n\n"
"board/jigsaw._Tiler.tile: n regions of n cells tiling the n x n board, none in one\n"
"line nor with more than `limit` cells in one box_rows x box_cols box (0: no boxes),\n"
"drawn from the SplitMix64 state: (each cell's region, numbered in the order they were\n"
"placed, or None if the search ran out of max_nodes nodes; the stream's new state).";

PyObject *tile_jigsaw(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 6, "tile_jigsaw")) return NULL;
    long n, box_rows, box_cols, limit;
    int failed = 0;
    if (convert_int(args[0], 2, 25, &n, "n") < 0 ||
        convert_int(args[1], 0, n, &box_rows, "box_rows") < 0 ||
        convert_int(args[2], 0, n, &box_cols, "box_cols") < 0 ||
        convert_int(args[3], 1, n, &limit, "limit") < 0)
        return NULL;
    if ((box_rows == 0) != (box_cols == 0) || (box_rows && box_rows * box_cols != n)) {
        PyErr_SetString(PyExc_ValueError, "the boxes must tile the board (or be 0 x 0)");
        return NULL;
    }
    uint64_t state = PyLong_AsUnsignedLongLong(args[4]);
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    long long max_nodes = convert_clamped(args[5], &failed);
    if (failed) return NULL;
    Tiler t;
    if (tiler_init(&t, (int)n, (int)box_rows, (int)box_cols, (int)limit) < 0) return PyErr_NoMemory();
    t.rng = &state;
    t.max_nodes = max_nodes;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = next_region(&t, &(Cells){{0}});
    Py_END_ALLOW_THREADS
    PyObject *regions;
    if (found == 1) {
        int *of = t.tie; /* n * n, free now */
        for (int r = 0; r < t.placed; r++) {
            FOR_EACH_BIT(t.regions[r].bits, t.w, cell) of[cell] = r;
        }
        regions = tuple_of_ints(of, (Py_ssize_t)(n * n));
    } else {
        regions = Py_NewRef(Py_None);
    }
    tiler_free(&t);
    if (!regions) return NULL;
    return Py_BuildValue("(NK)", regions, (unsigned long long)state);
}
