/* The simple rules SE nests in dynamic chains, in C: rating/implications.py's SimpleRule
   over basics.py's locked_candidates, hidden_sets(2), naked_sets(2) and fish(2), on a
   chain's working grid, with the Python's hints in the Python's order.

   RateRules(board, single_units, lock_groups, unit_cells, columns, rows): a board's
   tables as rating/board.py orders them (lock_groups: per group a flat list of (inside,
   other) unit pairs). find(rule, cell_digits, digit_cells, start_digits, open_cells,
   values) -> [(struck, removals)]: for rule 0 (pointing and claiming), 1 (hidden pairs),
   2 (naked pairs) or 3 (X-Wings), each hint in the finder's order whose premise has a
   candidate the chain struck (in start_digits, gone from digit_cells): those struck
   candidates, and the hint's removals as candidates in the order SE meets them (a Java
   HashMap's, as implications.java_map_order). */

#include <stdlib.h>

#include "ratesimple.h"

/* One call's grid. */
typedef struct {
    const RulesObject *r;
    const Board *b;
    uint32_t cells[4096 / 4];
    word digits[MAX_DIGITS * MAX_WORDS], start[MAX_DIGITS * MAX_WORDS], open[MAX_WORDS];
    int values_placed[MAX_DIGITS];
    PyObject *out;                   /* the hints for the Python, or NULL: into `hints` */
    RuleHints *hints;
    /* the candidates the chain struck (in start, not in digits), per digit and any digit:
       a hint is put only if its premise holds one, so places with none are passed over */
    word struck[MAX_DIGITS * MAX_WORDS], any_struck[MAX_WORDS];
    int digit_struck[MAX_DIGITS];
} Grid;

static void Rules_dealloc(RulesObject *self) {
    Py_CLEAR(self->board);
    PyMem_Free(self->grid);
    PyMem_Free(self->hint);
    PyMem_Free(self->single);
    PyMem_Free(self->lock);
    PyMem_Free(self->lock_start);
    PyMem_Free(self->unit_cells);
    PyMem_Free(self->unit_start);
    for (int k = 0; k < 2; k++) {
        PyMem_Free(self->line[k]);
        PyMem_Free(self->line_of[k]);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int one_list(PyObject *sequence, long high, int **items, int *count, const char *what) {
    PyObject *wrapped = PyTuple_Pack(1, sequence);
    if (!wrapped) return -1;
    int *start = NULL, lists;
    int failed = convert_lists(wrapped, high, items, &start, &lists, what);
    Py_DECREF(wrapped);
    if (failed < 0) return -1;
    *count = start[1];
    PyMem_Free(start);
    return 0;
}

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"board", "single_units", "lock_groups", "unit_cells", "columns",
                               "rows", NULL};
    PyObject *board, *single, *locks, *cells, *columns, *rows;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOOO:RateRules", keywords, &BoardType,
                                     &board, &single, &locks, &cells, &columns, &rows))
        return -1;
    if (self->board) return PyErr_SetString(PyExc_ValueError, "RateRules is made once"), -1;
    const Board *b = &((BoardObject *)board)->board;
    if (!b->storage || b->n > MAX_DIGITS - 2 || b->w > MAX_WORDS || b->cells > 4096 / 4) {
        PyErr_SetString(PyExc_ValueError, "RateRules takes a board of up to 30 digits and "
                                          "1024 cells");
        return -1;
    }
    int unit_lists;
    if (one_list(single, b->units, &self->single, &self->singles, "single_units") < 0 ||
        convert_lists(locks, b->units, &self->lock, &self->lock_start, &self->locks,
                      "lock_groups") < 0 ||
        convert_lists(cells, b->cells, &self->unit_cells, &self->unit_start, &unit_lists,
                      "unit_cells") < 0 ||
        one_list(columns, b->units, &self->line[0], &self->lines[0], "columns") < 0 ||
        one_list(rows, b->units, &self->line[1], &self->lines[1], "rows") < 0)
        return -1;
    if (unit_lists != b->units) {
        PyErr_SetString(PyExc_ValueError, "unit_cells needs one entry per unit");
        return -1;
    }
    for (int g = 0; g < self->locks; g++)
        if ((self->lock_start[g + 1] - self->lock_start[g]) % 2) {
            PyErr_SetString(PyExc_ValueError, "lock_groups holds pairs of units");
            return -1;
        }
    for (int k = 0; k < 2; k++) {
        if (!(self->line_of[k] = PyMem_Malloc(sizeof(int) * (size_t)b->cells)))
            return PyErr_NoMemory(), -1;
        for (int c = 0; c < b->cells; c++) self->line_of[k][c] = -1;
        for (int i = 0; i < self->lines[k]; i++) {
            int u = self->line[k][i];
            for (int j = self->unit_start[u]; j < self->unit_start[u + 1]; j++)
                if (self->line_of[k][self->unit_cells[j]] < 0)
                    self->line_of[k][self->unit_cells[j]] = i;
        }
    }
    Py_INCREF(board);
    self->board = board;
    self->n = b->n;
    self->cells = b->cells;
    self->w = b->w;
    return 0;
}

static const word *unit_words(const Grid *g, int u) { return g->b->unit[u].bits; }

/* g->struck, any_struck and digit_struck from the grid and its start. */
static void note_struck(Grid *g) {
    int w = g->r->w;
    memset(g->any_struck, 0, sizeof(word) * (size_t)w);
    for (int d = 0; d < g->r->n; d++) {
        word *struck = g->struck + (size_t)d * w, some = 0;
        const word *start = g->start + (size_t)d * w, *now = g->digits + (size_t)d * w;
        for (int i = 0; i < w; i++) {
            struck[i] = start[i] & ~now[i];
            some |= struck[i];
            g->any_struck[i] |= struck[i];
        }
        g->digit_struck[d] = some != 0;
    }
}

/* Whether `struck` has a candidate in unit u (and, with `not_in`, outside unit v). */
static int struck_in(const Grid *g, const word *struck, int u, int v) {
    const Span *unit = &g->b->unit[u];
    const word *other = v >= 0 ? g->b->unit[v].bits : NULL;
    for (int i = unit->lo; i < unit->hi; i++)
        if (struck[i] & unit->bits[i] & (other ? ~other[i] : ~(word)0)) return 1;
    return 0;
}

static word *digit_words(Grid *g, int d) { return g->digits + (size_t)d * g->r->w; }

/* One hint found: its struck premise candidates (cand ints) and its removals (cell, d)
   in the finder's order, put out if any premise candidate was struck. */
typedef struct {
    int struck[4096], struck_count;
    int cell[4096], digit[4096], removals;
} Hint;

/* struck += digit d's places in `premise` the chain struck. */
static void add_struck(Grid *g, Hint *h, int d, const word *premise) {
    int w = g->r->w, n = g->r->n;
    const word *now = digit_words(g, d), *start = g->start + (size_t)d * w;
    for (int i = 0; i < w; i++)
        for (word x = start[i] & premise[i] & ~now[i]; x; x &= x - 1)
            h->struck[h->struck_count++] = (i * 64 + lowest_bit(x)) * n + d;
}

/* The removals in the order SE meets them: by cell modulo the Java HashMap's table size
   (16, doubled while the cells pass three quarters of it), then as met; digits up. */
static int java_order(const Grid *g, const Hint *h, int *cands) {
    int order[4096], cells = 0, n = g->r->n;
    uint32_t digits[4096];
    for (int k = 0; k < h->removals; k++) {
        int found = -1;
        for (int j = 0; j < cells && found < 0; j++)
            if (order[j] == h->cell[k]) found = j;
        if (found < 0) {
            found = cells++;
            order[found] = h->cell[k];
            digits[found] = 0;
        }
        digits[found] |= (uint32_t)1 << h->digit[k];
    }
    int size = 16;
    while (cells > size * 3 / 4) size *= 2;
    int count = 0;
    for (int slot = 0; slot < size; slot++)   /* a stable sort by cell & (size - 1) */
        for (int j = 0; j < cells; j++)
            if ((order[j] & (size - 1)) == slot)
                for (int d = 0; d < n; d++)
                    if (digits[j] >> d & 1) cands[count++] = order[j] * n + d;
    return count;
}

/* A hint into g->hints: its struck count, struck candidates, removal count, removals. */
static int put_in_c(Grid *g, const Hint *h) {
    RuleHints *out = g->hints;
    size_t need = out->len + 2 + (size_t)h->struck_count + (size_t)h->removals;
    if (need > out->room) {
        size_t room = out->room ? out->room : 1024;
        while (room < need) room *= 2;
        int *bigger = PyMem_Realloc(out->items, room * sizeof(int));
        if (!bigger) return PyErr_NoMemory(), -1;
        out->items = bigger;
        out->room = room;
    }
    int *at = out->items + out->len;
    *at++ = h->struck_count;
    memcpy(at, h->struck, sizeof(int) * (size_t)h->struck_count);
    at += h->struck_count;
    int count = java_order(g, h, at + 1);
    *at = count;
    out->len += 2 + (size_t)h->struck_count + (size_t)count;
    out->count++;
    return 0;
}

static int put(Grid *g, const Hint *h) {
    if (!h->struck_count || !h->removals) return 0;
    if (!g->out) return put_in_c(g, h);
    int cands[4096 * 2];
    PyObject *struck = tuple_of_ints(h->struck, h->struck_count);
    PyObject *removed = struck ? tuple_of_ints(cands, java_order(g, h, cands)) : NULL;
    PyObject *pair = removed ? PyTuple_Pack(2, struck, removed) : NULL;
    Py_XDECREF(struck);
    Py_XDECREF(removed);
    int failed = !pair || PyList_Append(g->out, pair) < 0;
    Py_XDECREF(pair);
    return failed ? -1 : 0;
}

static void remove_places(Hint *h, const Grid *g, int d, const word *cells) {
    for (int i = 0; i < g->r->w; i++)
        for (word x = cells[i]; x; x &= x - 1) {
            h->cell[h->removals] = i * 64 + lowest_bit(x);
            h->digit[h->removals++] = d;
        }
}

/* basics.locked_candidates (not direct): group by group, digit by digit, entry by entry. */
static int locked(Grid *g, Hint *h) {
    const RulesObject *r = g->r;
    int w = r->w;
    word gone[MAX_WORDS], premise[MAX_WORDS];
    for (int group = 0; group < r->locks; group++)
        for (int d = 0; d < r->n; d++) {
            if (!g->digit_struck[d]) continue;
            const word *cells = digit_words(g, d), *struck = g->struck + (size_t)d * w;
            for (int k = r->lock_start[group]; k < r->lock_start[group + 1]; k += 2) {
                if (!struck_in(g, struck, r->lock[k], r->lock[k + 1])) continue;
                const word *inside = unit_words(g, r->lock[k]), *other = unit_words(g, r->lock[k + 1]);
                int count = 0, outside = 0, removed = 0;
                for (int i = 0; i < w; i++) {
                    word here = cells[i] & inside[i];
                    count += popcount64(here);
                    outside |= (here & ~other[i]) != 0;
                    gone[i] = cells[i] & other[i] & ~inside[i];
                    removed |= gone[i] != 0;
                    premise[i] = inside[i] & ~other[i];
                }
                if (count < 2 || outside || !removed) continue;
                h->struck_count = h->removals = 0;
                remove_places(h, g, d, gone);
                add_struck(g, h, d, premise);
                if (put(g, h) < 0) return -1;
            }
        }
    return 0;
}

static int count_in(const word *a, const word *b, int w) {
    int count = 0;
    for (int i = 0; i < w; i++) count += popcount64(a[i] & b[i]);
    return count;
}

/* basics.hidden_sets(2): per unit, pairs of digits with the same two places. */
static int hidden_pairs(Grid *g, Hint *h) {
    const RulesObject *r = g->r;
    int w = r->w, n = r->n;
    word rest[MAX_WORDS];
    for (int k = 0; k < r->singles; k++) {
        int u = r->single[k];
        const word *mask = unit_words(g, u);
        if (!struck_in(g, g->any_struck, u, -1) || count_in(mask, g->open, w) <= 4) continue;
        int few[MAX_DIGITS], m = 0;
        for (int d = 0; d < n; d++)
            if (count_in(digit_words(g, d), mask, w) == 2) few[m++] = d;
        for (int j = 1; j < m; j++)
            for (int i = 0; i < j; i++) {
                const word *a = digit_words(g, few[i]), *b = digit_words(g, few[j]);
                int same = 1;
                for (int x = 0; x < w; x++) same &= (a[x] & mask[x]) == (b[x] & mask[x]);
                if (!same) continue;
                uint32_t keep = (uint32_t)1 << few[i] | (uint32_t)1 << few[j];
                h->struck_count = h->removals = 0;
                for (int x = 0; x < w; x++)
                    for (word y = a[x] & mask[x]; y; y &= y - 1) {
                        int c = x * 64 + lowest_bit(y);
                        for (int e = 0; e < n; e++)
                            if (g->cells[c] >> e & 1 && !(keep >> e & 1)) {
                                h->cell[h->removals] = c;
                                h->digit[h->removals++] = e;
                            }
                    }
                if (!h->removals) continue;
                for (int x = 0; x < w; x++) rest[x] = mask[x] & ~(a[x] & mask[x]);
                add_struck(g, h, few[i], rest);
                add_struck(g, h, few[j], rest);
                if (put(g, h) < 0) return -1;
            }
    }
    return 0;
}

/* basics.naked_sets(2): per unit, pairs of cells with the same two candidates. */
static int naked_pairs(Grid *g, Hint *h) {
    const RulesObject *r = g->r;
    int w = r->w, n = r->n;
    word chosen[MAX_WORDS];
    for (int k = 0; k < r->singles; k++) {
        int u = r->single[k];
        const word *mask = unit_words(g, u);
        if (!struck_in(g, g->any_struck, u, -1) || count_in(mask, g->open, w) < 4) continue;
        int small[4096 / 4], m = 0;
        for (int j = r->unit_start[u]; j < r->unit_start[u + 1]; j++)
            if (popcount64(g->cells[r->unit_cells[j]]) == 2) small[m++] = r->unit_cells[j];
        for (int j = 1; j < m; j++)
            for (int i = 0; i < j; i++) {
                uint32_t pair = g->cells[small[i]] | g->cells[small[j]];
                if (popcount64(pair) != 2) continue;
                set_clear(chosen, w);
                set_add(chosen, small[i]);
                set_add(chosen, small[j]);
                h->struck_count = h->removals = 0;
                for (int x = 0; x < w; x++)
                    for (word y = mask[x] & ~chosen[x]; y; y &= y - 1) {
                        int c = x * 64 + lowest_bit(y);
                        for (int e = 0; e < n; e++)
                            if ((g->cells[c] & pair) >> e & 1) {
                                h->cell[h->removals] = c;
                                h->digit[h->removals++] = e;
                            }
                    }
                if (!h->removals) continue;
                for (int d = 0; d < n; d++)
                    if (!(pair >> d & 1)) add_struck(g, h, d, chosen);
                if (put(g, h) < 0) return -1;
            }
    }
    return 0;
}

typedef struct {
    int key0, key1, d;           /* SE's order: the second base line, the first, the digit */
    int first, second;           /* base line indexes */
} Fish;

static int fish_order(const void *a, const void *b) {
    const Fish *x = a, *y = b;
    if (x->key0 != y->key0) return x->key0 - y->key0;
    if (x->key1 != y->key1) return x->key1 - y->key1;
    return x->d - y->d;
}

/* basics.fish(2): X-Wings with columns as base lines, then rows, each pass's hints in
   SE's order (by base lines from the last, then digit). */
static int x_wings(Grid *g, Hint *h) {
    const RulesObject *r = g->r;
    int w = r->w, n = r->n;
    Fish found[2048];
    word bases[MAX_WORDS], covers[MAX_WORDS];
    for (int pass = 0; pass < 2; pass++) {
        int base = pass ? 1 : 0, cover = 1 - base, hits = 0;
        for (int d = 0; d < n; d++) {
            if (g->values_placed[d] + 4 > n || !g->digit_struck[d]) continue;
            const word *cells = digit_words(g, d);
            int lines[64], crossed[64], m = 0;
            for (int i = 0; i < r->lines[base] && m < 64; i++) {
                const word *mask = unit_words(g, r->line[base][i]);
                if (count_in(cells, mask, w) != 2) continue;
                int bits = 0;
                for (int x = 0; x < w; x++)
                    for (word y = cells[x] & mask[x]; y; y &= y - 1) {
                        int line = r->line_of[cover][x * 64 + lowest_bit(y)];
                        if (line >= 0 && line < 31) bits |= 1 << line;
                    }
                lines[m] = i;
                crossed[m++] = bits;
            }
            for (int j = 1; j < m; j++)
                for (int i = 0; i < j; i++) {
                    int both = crossed[i] | crossed[j];
                    if (popcount64((word)(unsigned)both) != 2 || hits >= 2048) continue;
                    found[hits++] = (Fish){lines[j], lines[i], d, lines[i], lines[j]};
                }
        }
        qsort(found, (size_t)hits, sizeof(Fish), fish_order);
        for (int k = 0; k < hits; k++) {
            const Fish *f = &found[k];
            const word *cells = digit_words(g, f->d);
            const word *one = unit_words(g, r->line[base][f->first]),
                       *two = unit_words(g, r->line[base][f->second]);
            int both = 0;
            for (int x = 0; x < w; x++) {
                bases[x] = one[x] | two[x];
                for (word y = cells[x] & bases[x]; y; y &= y - 1) {
                    int line = r->line_of[cover][x * 64 + lowest_bit(y)];
                    if (line >= 0 && line < 31) both |= 1 << line;
                }
                covers[x] = 0;
            }
            h->struck_count = h->removals = 0;
            for (int i = 0; i < r->lines[cover]; i++) {
                if (!(both >> i & 1)) continue;
                int u = r->line[cover][i];
                const word *mask = unit_words(g, u);
                for (int x = 0; x < w; x++) covers[x] |= mask[x];
                for (int j = r->unit_start[u]; j < r->unit_start[u + 1]; j++) {
                    int c = r->unit_cells[j];
                    if (set_has(cells, c) && !set_has(bases, c)) {
                        h->cell[h->removals] = c;
                        h->digit[h->removals++] = f->d;
                    }
                }
            }
            if (!h->removals) continue;
            for (int x = 0; x < w; x++) bases[x] &= ~covers[x];
            add_struck(g, h, f->d, bases);
            if (put(g, h) < 0) return -1;
        }
    }
    return 0;
}

static PyObject *Rules_find(RulesObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!check_arity(nargs, 6, "find")) return NULL;
    if (!self->board) return PyErr_Format(PyExc_ValueError, "RateRules was not initialised");
    long rule;
    if (convert_int(args[0], 0, 3, &rule, "rule") < 0) return NULL;
    Grid *g = PyMem_Malloc(sizeof(Grid));
    Hint *h = PyMem_Malloc(sizeof(Hint));
    if (!g || !h) {
        PyMem_Free(g);
        PyMem_Free(h);
        return PyErr_NoMemory();
    }
    g->r = self;
    g->b = &((BoardObject *)self->board)->board;
    g->out = NULL;
    int n = self->n, w = self->w, values[4096 / 4], failed = 0;
    PyObject *items = PySequence_Fast(args[1], "cell_digits");
    failed = !items || PySequence_Fast_GET_SIZE(items) != self->cells;
    for (int c = 0; c < self->cells && !failed; c++) {
        long value;
        failed = convert_int(PySequence_Fast_GET_ITEM(items, c), 0, (1L << n) - 1, &value,
                             "a cell's digits") < 0;
        g->cells[c] = (uint32_t)value;
    }
    Py_XDECREF(items);
    if (failed && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "cell_digits needs a set per cell");
    failed = failed ||
             convert_masks(args[2], g->digits, n, w, self->cells, "digit_cells") < 0 ||
             convert_masks(args[3], g->start, n, w, self->cells, "start_digits") < 0 ||
             convert_mask(args[4], g->open, w, self->cells, "open_cells") < 0 ||
             convert_ints(args[5], values, self->cells, 0, n, "values") < 0;
    if (!failed) {
        memset(g->values_placed, 0, sizeof g->values_placed);
        for (int c = 0; c < self->cells; c++)
            if (values[c]) g->values_placed[values[c] - 1]++;
        failed = !(g->out = PyList_New(0));
    }
    if (!failed) {
        int (*finders[4])(Grid *, Hint *) = {locked, hidden_pairs, naked_pairs, x_wings};
        note_struck(g);
        failed = finders[rule](g, h) < 0;
    }
    PyObject *out = g->out;
    PyMem_Free(g);
    PyMem_Free(h);
    if (failed) {
        Py_XDECREF(out);
        return NULL;
    }
    return out;
}

int rate_rules_find(RulesObject *r, int rule, const uint32_t *cells, const word *digits,
                    const word *start, const word *open, const int *values_placed,
                    RuleHints *out) {
    if (!r->grid && !(r->grid = PyMem_Malloc(sizeof(Grid)))) return PyErr_NoMemory(), -1;
    if (!r->hint && !(r->hint = PyMem_Malloc(sizeof(Hint)))) return PyErr_NoMemory(), -1;
    Grid *g = r->grid;
    size_t words = (size_t)r->n * r->w;
    g->r = r;
    g->b = &((BoardObject *)r->board)->board;
    g->out = NULL;
    g->hints = out;
    memcpy(g->cells, cells, sizeof(uint32_t) * (size_t)r->cells);
    memcpy(g->digits, digits, sizeof(word) * words);
    memcpy(g->start, start, sizeof(word) * words);
    memcpy(g->open, open, sizeof(word) * (size_t)r->w);
    memcpy(g->values_placed, values_placed, sizeof g->values_placed);
    int (*finders[4])(Grid *, Hint *) = {locked, hidden_pairs, naked_pairs, x_wings};
    note_struck(g);
    return finders[rule](g, r->hint);
}

static PyMethodDef Rules_methods[] = {
    FAST_METHOD("find", Rules_find,
                "find(rule, cell_digits, digit_cells, start_digits, open_cells, values)\n--\n\n"
                "A simple rule's hints on a chain's working grid resting on candidates the "
                "chain struck: [(struck, removals)]."),
    {NULL, NULL, 0, NULL},
};

PyTypeObject RateRulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.RateRules",
    .tp_doc = PyDoc_STR("RateRules(board, single_units, lock_groups, unit_cells, columns, "
                        "rows): the simple rules SE nests in chains, on a board."),
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_methods = Rules_methods,
};
