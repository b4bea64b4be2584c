/* SE's "Forcing Chains & Cycles" in C: rating/chains.py's forcing_chains_and_cycles over
   one grid state, with the same searches in the same rounds, the same best chain and the
   same work units.

   RateBasics.cycles(cell_digits, digit_cells, open_cells, left, weight) -> (found, units):
   found is None or (name, rating, complexity, placement or None, eliminations), name an
   index into rating/fastbasics.py's CYCLE_NAMES; units the work the Python would have
   spent, charged in one lump by the caller. The Python charges as it goes and stops
   where weight * units passes `left`; the search here stops at the same point (found is
   then None), so the caller's charge runs out of budget just as the Python would, in the
   same technique and with the same bound. */

#include <stdlib.h>

#include "ratebasics.h"

enum { X_CYCLE, Y_CYCLE, XY_CYCLE, X_CHAIN, XY_CHAIN };

typedef struct {
    int from_on, source, y, x, order, depth, kind;
    int cycle_base, chain_base, cycle_open, chain_open, base;
    word *front, *seen_on, *seen_off;
    const word *closing;
} Search;

typedef struct {
    int has, key[4], name, rating, complexity, cell, digit, count;
    int *elims;   /* (cell, digit) pairs */
} Best;

typedef struct {
    const BasicsObject *t;
    int n, cells, cands, cw;
    uint32_t cd[RB_CELLS];
    Set dc[RB_DIGITS], open;
    word *off[2], *on[3];   /* off_table(y); on_table(y, x): (F, T), (T, F), (T, T) */
    word *scratch;          /* 2 sets */
    long long spent, left, weight;
    int out;
    int *parent_on, *parent_off, *layer, *offs, *path;
    Best best, trial;
} Cycles;

static inline int c_has(const word *s, int i) { return (int)(s[i >> 6] >> (i & 63) & 1); }
static inline void c_add(word *s, int i) { s[i >> 6] |= (word)1 << (i & 63); }

static int on_index(int y, int x) { return y && x ? 2 : y ? 1 : 0; }

/* Budget.spend: 0 once the units passed what is left. */
static int spend(Cycles *k, int units) {
    k->spent += units;
    if (k->spent > k->left / k->weight) k->out = 1;   /* weight * spent > left */
    return !k->out;
}

static int length_modifier(int complexity) {
    int length = complexity - 2, ceiling = 4, added = 0, odd = 0;
    while (length > ceiling) {
        added++;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

static void union_of(const Cycles *k, const word *table, const word *front, word *out) {
    memset(out, 0, sizeof(word) * (size_t)k->cw);
    for (int i = 0; i < k->cw; i++) {
        for (word bits = front[i]; bits; bits &= bits - 1) {
            const word *row = table + (size_t)(64 * i + lowest_bit(bits)) * (size_t)k->cw;
            for (int j = 0; j < k->cw; j++) out[j] |= row[j];
        }
    }
}

/* --- the links (StaticLinks) -------------------------------------------------------- */

static void build_tables(Cycles *k) {
    const BasicsObject *t = k->t;
    int n = k->n, cw = k->cw;
    for (int y = 0; y < 2; y++) memset(k->off[y], 0, sizeof(word) * (size_t)k->cands * cw);
    for (int i = 0; i < 3; i++) memset(k->on[i], 0, sizeof(word) * (size_t)k->cands * cw);
    FOR_BITS(cell, k->open) {
        uint32_t digits = k->cd[cell];
        for (int d = 0; d < n; d++) {
            if (!(digits >> d & 1)) continue;
            word *plain = k->off[0] + (size_t)(cell * n + d) * cw;
            word *both = k->off[1] + (size_t)(cell * n + d) * cw;
            for (int p = t->peer_start[cell]; p < t->peer_start[cell + 1]; p++) {
                int other = t->peer_order[p];
                if (s_has(k->dc[d], other)) {
                    c_add(plain, other * n + d);
                    c_add(both, other * n + d);
                }
            }
            for (int e = 0; e < n; e++)
                if (e != d && digits >> e & 1) c_add(both, cell * n + e);
        }
        if (popcount64(digits) == 2) {   /* cell links: tables (T, F) and (T, T) */
            int a = cell * n + low32(digits), b = cell * n + high32(digits);
            for (int i = 1; i < 3; i++) {
                c_add(k->on[i] + (size_t)a * cw, b);
                c_add(k->on[i] + (size_t)b * cw, a);
            }
        }
    }
    for (int d = 0; d < n; d++) {   /* unit links: tables (F, T) and (T, T) */
        for (int u = 0; u < t->units; u++) {
            Set two = s_and(k->dc[d], t->unit[u]);
            if (s_count(two) != 2) continue;
            int a = s_lowest(two) * n + d, b = s_next(two, s_lowest(two) + 1) * n + d;
            for (int i = 0; i < 3; i += 2) {
                c_add(k->on[i] + (size_t)a * cw, b);
                c_add(k->on[i] + (size_t)b * cw, a);
            }
        }
    }
}

/* StaticLinks.offs: the cell's other candidates (Y-links), then the digit's places among
   the cell's peers in peer order. */
static int offs_list(const Cycles *k, int cand, int y, int *out) {
    const BasicsObject *t = k->t;
    int n = k->n, cell = cand / n, d = cand % n, count = 0;
    if (y)
        for (int e = 0; e < n; e++)
            if (e != d && k->cd[cell] >> e & 1) out[count++] = cell * n + e;
    for (int p = t->peer_start[cell]; p < t->peer_start[cell + 1]; p++)
        if (s_has(k->dc[d], t->peer_order[p])) out[count++] = t->peer_order[p] * n + d;
    return count;
}

/* StaticLinks.ons: a bivalue cell's other candidate (Y-links), then the digit's other
   place in each of the cell's units where it has two (X-links), in chain order. */
static int ons_list(const Cycles *k, int cand, int y, int x, int *out) {
    const BasicsObject *t = k->t;
    int n = k->n, cell = cand / n, d = cand % n, count = 0;
    if (y && popcount64(k->cd[cell]) == 2)
        out[count++] = cell * n + high32(k->cd[cell] & ~((uint32_t)1 << d));
    if (x) {
        Set places = k->dc[d];
        s_drop(&places, cell);
        for (int i = t->chain_start[cell]; i < t->chain_start[cell + 1]; i++) {
            Set others = s_and(places, t->unit[t->chain_units[i]]);
            if (s_count(others) == 1) out[count++] = s_lowest(others) * n + d;
        }
    }
    return count;
}

/* --- conclusions -------------------------------------------------------------------- */

/* _Best.offer: the trial becomes the best if its key is less. */
static void offer(Cycles *k, int kind, int order) {
    const Best *found = &k->trial;
    int key[4] = {found->rating, found->complexity, kind, order};
    if (k->best.has) {
        int less = 0;
        for (int i = 0; i < 4; i++)
            if (key[i] != k->best.key[i]) {
                less = key[i] < k->best.key[i];
                break;
            }
        if (!less) return;
    }
    Best *best = &k->best;
    memcpy(best->key, key, sizeof key);
    best->has = 1;
    best->name = found->name;
    best->rating = found->rating;
    best->complexity = found->complexity;
    best->cell = found->cell;
    best->digit = found->digit;
    best->count = found->count;
    memcpy(best->elims, found->elims, sizeof(int) * 2 * (size_t)found->count);
}

static int beaten(const Cycles *k, int rating, int complexity, int kind, int order) {
    if (!k->best.has) return 0;
    int key[4] = {rating, complexity, kind, order};
    for (int i = 0; i < 4; i++)
        if (key[i] != k->best.key[i]) return key[i] > k->best.key[i];
    return 1;
}

/* chains.py's _chain_found into k->trial. */
static void chain_found(Cycles *k, int cand, int on, int complexity, int y) {
    Best *f = &k->trial;
    int n = k->n, cell = cand / n, d = cand % n;
    f->name = y ? XY_CHAIN : X_CHAIN;
    f->count = 0;
    f->cell = -1;
    if (on) {
        f->cell = cell;
        f->digit = d;
        for (int e = 0; e < n; e++)
            if (e != d && k->cd[cell] >> e & 1) {
                f->elims[2 * f->count] = cell;
                f->elims[2 * f->count++ + 1] = e;
            }
    } else {
        f->elims[0] = cell;
        f->elims[1] = d;
        f->count = 1;
    }
    f->rating = (y ? 70 : 66) + length_modifier(complexity);
    f->complexity = complexity;
}

/* chains.py's _cycle_found over path[0..length) (candidates; even places on, odd off)
   into k->trial. */
static void cycle_found(Cycles *k, int length, int y, int x) {
    const BasicsObject *t = k->t;
    Best *f = &k->trial;
    int n = k->n;
    Set cells = {{0, 0}}, side[2][RB_DIGITS];
    memset(side, 0, sizeof side);
    for (int i = 0; i < length; i++) s_add(&cells, k->path[i] / n);
    for (int i = 0; i < length; i++) {
        int cell = k->path[i] / n, d = k->path[i] % n, on = i % 2 == 0;
        Set seen = s_minus(s_and(t->peer[cell], k->dc[d]), cells);
        side[on][d] = s_or(side[on][d], seen);
    }
    f->count = 0;
    f->cell = -1;
    for (int c = 0; c < k->cells; c++)
        for (int d = 0; d < n; d++)
            if (s_has(side[1][d], c) && s_has(side[0][d], c)) {
                f->elims[2 * f->count] = c;
                f->elims[2 * f->count++ + 1] = d;
            }
    f->name = x && y ? XY_CYCLE : y ? Y_CYCLE : X_CYCLE;
    f->rating = (x && y ? 70 : 65) + length_modifier(length);
    f->complexity = length;
}

static int follows(const Cycles *k, int on, int off) {
    for (int node = k->parent_on[on]; node != -1; node = k->parent_on[k->parent_off[node]])
        if (node == off) return 1;
    return 0;
}

/* The cycle's potentials from its end back to the source: its length in k->path. */
static int cycle_path(Cycles *k, int source, int last_on, int last_off) {
    int length = 0;
    k->path[length++] = source;
    k->path[length++] = last_off;
    for (int on = last_on; on != source;) {
        k->path[length++] = on;
        int off = k->parent_on[on];
        k->path[length++] = off;
        on = k->parent_off[off];
    }
    return length;
}

/* chains.py's _cycle_at: 1 with the cycle in k->trial, else 0. */
static int cycle_at(Cycles *k, int source, int y, int x, int at_depth) {
    const word *closing = k->on[on_index(y, x)] + (size_t)source * k->cw;
    int links[RB_CELLS + RB_DIGITS];
    for (int i = 0; i < k->cands; i++) k->parent_on[i] = k->parent_off[i] = -2;
    k->parent_on[source] = -1;
    int layer_count = 1;
    k->layer[0] = source;
    for (int depth = 1; depth < at_depth; depth += 2) {
        if (!spend(k, layer_count)) return 0;
        int off_count = 0;
        for (int i = 0; i < layer_count; i++) {
            int p = k->layer[i], count = offs_list(k, p, y, links);
            for (int j = 0; j < count; j++)
                if (k->parent_off[links[j]] == -2) {
                    k->parent_off[links[j]] = p;
                    k->offs[off_count++] = links[j];
                }
        }
        layer_count = 0;
        for (int i = 0; i < off_count; i++) {
            int q = k->offs[i], count = ons_list(k, q, y, x, links);
            for (int j = 0; j < count; j++)
                if (k->parent_on[links[j]] == -2) {
                    k->parent_on[links[j]] = q;
                    k->layer[layer_count++] = links[j];
                }
        }
    }
    for (int i = 0; i < layer_count; i++) {
        int p = k->layer[i], count = offs_list(k, p, y, links);
        for (int j = 0; j < count; j++) {
            int q = links[j];
            if (c_has(closing, q) && !follows(k, p, q)) {
                cycle_found(k, cycle_path(k, source, p, q), y, x);
                if (k->trial.count) return 1;
            }
            if (k->parent_off[q] == -2) k->parent_off[q] = p;
        }
    }
    return 0;
}

/* --- the searches (_FromOn, _FromOff) ----------------------------------------------- */

static int set_count_words(const word *s, int cw) {
    int count = 0;
    for (int i = 0; i < cw; i++) count += popcount64(s[i]);
    return count;
}

/* _FromOn.advance: one more layer (an off and an on); whether the search goes on. */
static int advance_on(Cycles *k, Search *s) {
    int reach = s->depth + 1, cw = k->cw;
    s->cycle_open = s->cycle_open && !beaten(k, s->cycle_base + length_modifier(reach), reach,
                                             s->kind, s->order);
    s->chain_open = s->chain_open && !beaten(k, s->chain_base + length_modifier(reach), reach,
                                             s->kind, s->order + 1);
    int count = set_count_words(s->front, cw);
    if (!count || !(s->cycle_open || s->chain_open)) return 0;
    if (!spend(k, count)) return 0;
    word *offs = k->scratch, *front = k->scratch + cw;
    union_of(k, k->off[s->y], s->front, offs);
    int closes = 0;
    for (int i = 0; i < cw; i++) closes |= (offs[i] & s->closing[i]) != 0;
    if (s->cycle_open && s->depth >= 3 && closes) {
        if (cycle_at(k, s->source, s->y, s->x, s->depth)) {
            offer(k, s->kind, s->order);
            s->cycle_open = 0;
        }
        if (k->out) return 0;
    }
    if (s->chain_open && c_has(offs, s->source)) {
        chain_found(k, s->source, 0, reach, s->y);
        offer(k, s->kind, s->order + 1);
        s->chain_open = 0;
    }
    for (int i = 0; i < cw; i++) {
        offs[i] &= ~s->seen_off[i];
        s->seen_off[i] |= offs[i];
    }
    union_of(k, k->on[on_index(s->y, s->x)], offs, front);
    for (int i = 0; i < cw; i++) {
        s->front[i] = front[i] & ~s->seen_on[i];
        s->seen_on[i] |= s->front[i];
    }
    s->depth += 2;
    return 1;
}

/* _FromOff.advance. */
static int advance_off(Cycles *k, Search *s) {
    int reach = s->depth + 1, cw = k->cw;
    int count = set_count_words(s->front, cw);
    if (!count || beaten(k, s->base + length_modifier(reach), reach, s->kind, s->order))
        return 0;
    if (!spend(k, count)) return 0;
    word *ons = k->scratch, *front = k->scratch + cw;
    union_of(k, k->on[on_index(s->y, 1)], s->front, ons);
    if (c_has(ons, s->source)) {
        chain_found(k, s->source, 1, reach, s->y);
        offer(k, s->kind, s->order);
        return 0;
    }
    for (int i = 0; i < cw; i++) {
        ons[i] &= ~s->seen_on[i];
        s->seen_on[i] |= ons[i];
    }
    union_of(k, k->off[s->y], ons, front);
    for (int i = 0; i < cw; i++) {
        s->front[i] = front[i] & ~s->seen_off[i];
        s->seen_off[i] |= s->front[i];
    }
    s->depth += 2;
    return 1;
}

static void search_start(Cycles *k, Search *s, word *sets, int from_on, int source, int y,
                         int x, int order) {
    int cw = k->cw;
    memset(s, 0, sizeof *s);
    s->from_on = from_on;
    s->source = source;
    s->y = y;
    s->x = x;
    s->order = order;
    s->front = sets;
    s->seen_on = sets + cw;
    s->seen_off = sets + 2 * cw;
    memset(sets, 0, sizeof(word) * 3 * (size_t)cw);
    c_add(s->front, source);
    s->depth = 1;
    if (from_on) {
        c_add(s->seen_on, source);
        s->closing = k->on[on_index(y, x)] + (size_t)source * cw;
        s->kind = x && y ? 4 : y ? 3 : 2;
        s->cycle_base = x && y ? 70 : 65;
        s->chain_base = x && y ? 70 : 66;
        s->cycle_open = 1;
        s->chain_open = x;
    } else {
        c_add(s->seen_off, source);
        s->base = y ? 70 : 66;
        s->kind = y ? 4 : 2;
    }
}

/* forcing_chains_and_cycles: every search made in SE's order, then rounds of one layer
   each until none goes on. */
static int run_searches(Cycles *k) {
    int n = k->n, count = 0, most = 2 * 3 * k->cands;
    Search *searches = PyMem_Malloc(sizeof(Search) * (size_t)most);
    word *sets = PyMem_Malloc(sizeof(word) * 3 * (size_t)k->cw * (size_t)most);
    if (!searches || !sets) {
        PyMem_Free(searches);
        PyMem_Free(sets);
        PyErr_NoMemory();
        return -1;
    }
    static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    for (int pass = 0; pass < 3; pass++) {
        int y = passes[pass][0], x = passes[pass][1];
        FOR_BITS(cell, k->open) {
            uint32_t digits = k->cd[cell];
            int bits = popcount64(digits);
            if (bits < 2 || (!x && bits > 2)) continue;
            for (int d = 0; d < n; d++) {
                if (!(digits >> d & 1)) continue;
                int order = 3 * count;
                search_start(k, &searches[count], sets + (size_t)3 * k->cw * count, 1,
                             cell * n + d, y, x, order);
                count++;
                if (x) {
                    search_start(k, &searches[count], sets + (size_t)3 * k->cw * count, 0,
                                 cell * n + d, y, 0, order + 2);
                    count++;
                }
            }
        }
    }
    while (count && !k->out) {
        int alive = 0;
        for (int i = 0; i < count && !k->out; i++) {
            Search *s = &searches[i];
            if (s->from_on ? advance_on(k, s) : advance_off(k, s)) searches[alive++] = *s;
        }
        count = alive;
    }
    PyMem_Free(searches);
    PyMem_Free(sets);
    return 0;
}

static PyObject *best_object(const Best *b) {
    PyObject *elims = PyTuple_New(b->count);
    if (!elims) return NULL;
    for (int i = 0; i < b->count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", b->elims[2 * i], b->elims[2 * i + 1]);
        if (!pair) {
            Py_DECREF(elims);
            return NULL;
        }
        PyTuple_SET_ITEM(elims, i, pair);
    }
    PyObject *placement = b->cell < 0 ? Py_NewRef(Py_None)
                                      : Py_BuildValue("(ii)", b->cell, b->digit);
    if (!placement) {
        Py_DECREF(elims);
        return NULL;
    }
    return Py_BuildValue("(iiiNN)", b->name, b->rating, b->complexity, placement, elims);
}

static void cycles_free(Cycles *k) {
    for (int y = 0; y < 2; y++) PyMem_Free(k->off[y]);
    for (int i = 0; i < 3; i++) PyMem_Free(k->on[i]);
    PyMem_Free(k->scratch);
    PyMem_Free(k->parent_on);
    PyMem_Free(k->parent_off);
    PyMem_Free(k->layer);
    PyMem_Free(k->offs);
    PyMem_Free(k->path);
    PyMem_Free(k->best.elims);
    PyMem_Free(k->trial.elims);
}

static int cycles_alloc(Cycles *k) {
    size_t table = sizeof(word) * (size_t)k->cands * (size_t)k->cw;
    size_t cands = sizeof(int) * (size_t)(k->cands + 1);
    size_t pairs = sizeof(int) * 2 * (size_t)(k->cands + 1);
    for (int y = 0; y < 2; y++) k->off[y] = PyMem_Malloc(table);
    for (int i = 0; i < 3; i++) k->on[i] = PyMem_Malloc(table);
    k->scratch = PyMem_Malloc(sizeof(word) * 2 * (size_t)k->cw);
    k->parent_on = PyMem_Malloc(cands);
    k->parent_off = PyMem_Malloc(cands);
    k->layer = PyMem_Malloc(cands);
    k->offs = PyMem_Malloc(cands);
    k->path = PyMem_Malloc(pairs);
    k->best.elims = PyMem_Malloc(pairs);
    k->trial.elims = PyMem_Malloc(pairs);
    if (!k->off[0] || !k->off[1] || !k->on[0] || !k->on[1] || !k->on[2] || !k->scratch ||
        !k->parent_on || !k->parent_off || !k->layer || !k->offs || !k->path ||
        !k->best.elims || !k->trial.elims) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

PyObject *Basics_cycles(BasicsObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!check_arity(nargs, 5, "cycles")) return NULL;
    Cycles k;
    memset(&k, 0, sizeof k);
    k.t = self;
    k.n = self->n;
    k.cells = self->cells;
    k.cands = self->cells * self->n;
    k.cw = (k.cands + 63) / 64;
    int digits[RB_CELLS];
    if (convert_ints(args[0], digits, self->cells, 0, ((long)1 << self->n) - 1,
                     "cell_digits") < 0)
        return NULL;
    for (int c = 0; c < self->cells; c++) k.cd[c] = (uint32_t)digits[c];
    PyObject *places = PySequence_Fast(args[1], "digit_cells");
    if (!places) return NULL;
    int failed = PySequence_Fast_GET_SIZE(places) != self->n;
    if (failed) PyErr_SetString(PyExc_ValueError, "digit_cells: one mask a digit");
    for (int d = 0; d < self->n && !failed; d++)
        failed = convert_mask(PySequence_Fast_GET_ITEM(places, d), k.dc[d].w, 2, self->cells,
                              "digit_cells") < 0;
    Py_DECREF(places);
    if (failed || convert_mask(args[2], k.open.w, 2, self->cells, "open_cells") < 0) return NULL;
    int overflow = 0;
    k.left = convert_clamped(args[3], &overflow);
    if (!overflow) k.weight = convert_clamped(args[4], &overflow);
    if (overflow || k.weight < 1 || k.left < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "cycles: a bad budget");
        return NULL;
    }
    PyObject *result = NULL;
    if (cycles_alloc(&k) == 0) {
        build_tables(&k);
        if (run_searches(&k) == 0) {
            PyObject *found = k.out || !k.best.has ? Py_NewRef(Py_None) : best_object(&k.best);
            if (found) result = Py_BuildValue("(NL)", found, k.spent);
        }
    }
    cycles_free(&k);
    return result;
}
