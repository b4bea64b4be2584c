/* The SE rater's techniques in C, with rating/rater.py's solve loop over them.

   The basic techniques here (rating/basics.py's singles, locked candidates, naked and
   hidden sets and fish; rating/wings.py's XY-, XYZ-, WXYZ- and VWXYZ-Wings), chains of
   strong links in ratelinks.c, unique loops in rateloops.c, the BUG in ratebug.c: each finds the same first hint
   as the Python in the same search order. None of them spends work budget, in Python or
   in C.

   RateBasics(n, unit_masks, kinds, single_units, unit_cells, peer_masks, lock_runs,
   columns, rows, column_of, row_of, peer_order, cell_chain_units, segments, chain_units)
   keeps a
   board's tables (rating/board.py's Board, as rating/fastbasics.py hands them over);
   boards up to 128 cells, 16 digits and 64 units. Its run(techniques, values,
   cell_digits, digit_cells, open_cells, er, ep, ed, ceiling, start) applies, step after
   step, the first hint of the first technique that has one, the techniques a sequence of
   (code, size), or None for one the C does not know: it searches them in order (the
   first step from `start`, the next ones from the first) and stops where it meets such a
   one with no hint before it, or when the grid is solved, or a step has passed the
   ceiling (-1: none). It updates the lists in place and returns (steps, open_cells, er,
   ep, ed, stop), each step (code, size, rating, placement or None, eliminations, a, b, c,
   d): what fastbasics.hint_of needs to write rater's Hint. Its cycles() and exclusions()
   are the forcing chains and aligned exclusions, which spend budget (ratecycles.c,
   rateexclusion.c). */

#include "ratebasics.h"

void add_elim(Found *f, int cell, int digit) {
    f->elims[2 * f->elim_count] = cell;
    f->elims[2 * f->elim_count + 1] = digit;
    f->elim_count++;
}

/* The next k-subset of range(n) in colex order (rating/basics.py's colex); 0 past the last. */
int colex_next(int *pick, int k, int n) {
    for (int j = 0; j < k; j++) {
        int limit = j + 1 < k ? pick[j + 1] : n;
        if (pick[j] + 1 < limit) {
            pick[j]++;
            for (int i = 0; i < j; i++) pick[i] = i;
            return 1;
        }
    }
    return 0;
}

int colex_first(int *pick, int k, int n) {
    for (int i = 0; i < k; i++) pick[i] = i;
    return k <= n;
}

/* --- singles -------------------------------------------------------------------------- */

static int hidden_single(const BasicsObject *t, const State *s, Found *f) {
    for (int alone = 1; alone >= 0; alone--) {
        for (int i = 0; i < t->units; i++) {
            int u = t->single[i];
            int lone = s_count(s_and(t->unit[u], s->open)) == 1;
            if (lone != alone) continue;
            for (int d = 0; d < t->n; d++) {
                Set here = s_and(s->dc[d], t->unit[u]);
                if (s_count(here) == 1) {
                    f->rating = alone ? 10 : t->kind[u] == BOX ? 12 : 15;
                    f->cell = s_lowest(here);
                    f->digit = d;
                    f->a = u;
                    return 1;
                }
            }
        }
    }
    return 0;
}

static int naked_single(const BasicsObject *t, const State *s, Found *f) {
    FOR_BITS(cell, s->open) {
        if (single_bit32(s->cd[cell])) {
            f->rating = 23;
            f->cell = cell;
            f->digit = low32(s->cd[cell]);
            return 1;
        }
    }
    return 0;
}

/* --- intersections -------------------------------------------------------------------- */

/* Only `other`'s cells outside `inside` lose the digit: units of one kind may meet (an X's
   diagonals), and the cell they share keeps it (basics.py's _direct_locked). */
static int direct_locked(const BasicsObject *t, const State *s, int d, int inside, int other,
                         Found *f) {
    Set losing = s_minus(t->unit[other], t->unit[inside]);
    for (int i = 0; i < t->units; i++) {
        int third = t->single[i];
        if (third == inside || t->kind[third] != t->kind[inside] ||
            !s_any(s_and(t->unit[third], losing)))
            continue;
        Set here = s_and(s->dc[d], t->unit[third]);
        Set left = s_minus(here, losing);
        if (s_count(here) >= 2 && s_count(left) == 1) {
            f->rating = t->kind[inside] == BOX ? 17 : 19;
            f->cell = s_lowest(left);
            f->digit = d;
            return 1;
        }
    }
    return 0;
}

static int locked(const BasicsObject *t, const State *s, int direct, Found *f) {
    for (int g = 0; g < t->groups; g++) {
        for (int d = 0; d < t->n; d++) {
            for (int r = t->group_start[g]; r < t->group_start[g + 1]; r++) {
                const LockEntry *first = &t->entries[t->run_start[r]];
                Set here = s_and(s->dc[d], t->unit[first->inside]);
                if (s_count(here) < 2) continue;
                for (int e = t->run_start[r]; e < t->run_start[r + 1]; e++) {
                    const LockEntry *entry = &t->entries[e];
                    if (s_any(s_minus(here, entry->common))) continue;
                    f->a = d;
                    f->b = entry->inside;
                    f->d = entry->other;
                    if (direct) {
                        if (direct_locked(t, s, d, entry->inside, entry->other, f)) return 1;
                        continue;
                    }
                    Set removed = s_minus(s_and(s->dc[d], t->unit[entry->other]),
                                          t->unit[entry->inside]);
                    if (!s_any(removed)) continue;
                    int line = t->kind[entry->other] == ROW || t->kind[entry->other] == COLUMN;
                    f->rating = line ? 26 : 28;
                    FOR_BITS(c, removed) add_elim(f, c, d);
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* --- naked and hidden sets ------------------------------------------------------------ */

static const int NAKED_RATING[5] = {0, 0, 30, 36, 50};
static const int HIDDEN_RATING[5] = {0, 0, 34, 40, 54};
static const int DIRECT_HIDDEN_RATING[4] = {0, 0, 20, 25};

static int naked_set(const BasicsObject *t, const State *s, int size, Found *f) {
    int small[RB_CELLS], pick[8];
    for (int i = 0; i < t->units; i++) {
        int u = t->single[i];
        if (s_count(s_and(t->unit[u], s->open)) < 2 * size) continue;
        int count = 0;
        for (int k = t->unit_start[u]; k < t->unit_start[u + 1]; k++) {
            int c = t->unit_cells[k], bits = popcount64(s->cd[c]);
            if (bits >= 2 && bits <= size) small[count++] = c;
        }
        for (int more = colex_first(pick, size, count); more; more = colex_next(pick, size, count)) {
            uint32_t digits = 0;
            Set chosen = {{0, 0}};
            for (int k = 0; k < size; k++) {
                digits |= s->cd[small[pick[k]]];
                s_add(&chosen, small[pick[k]]);
            }
            if (popcount64(digits) != size) continue;
            f->elim_count = 0;
            FOR_BITS(c, s_minus(t->unit[u], chosen)) {
                uint32_t lose = s->cd[c] & digits;
                for (int d = 0; d < t->n; d++)
                    if (lose >> d & 1) add_elim(f, c, d);
            }
            if (f->elim_count) {
                f->rating = NAKED_RATING[size];
                f->a = u;
                f->b = (int)digits;
                f->c = chosen;
                return 1;
            }
        }
    }
    return 0;
}

/* rating/basics.py's _hidden_set_hints: 1 with the hint in f, else 0. */
static int hidden_set_hint(const BasicsObject *t, const State *s, int u, uint32_t keep,
                           Set cells, int size, int direct, Found *f) {
    f->a = u;
    f->b = (int)keep;
    f->c = cells;
    if (!direct) {
        f->elim_count = 0;
        FOR_BITS(c, cells) {
            uint32_t lose = s->cd[c] & ~keep;
            for (int d = 0; d < t->n; d++)
                if (lose >> d & 1) add_elim(f, c, d);
        }
        f->rating = HIDDEN_RATING[size];
        return f->elim_count > 0;
    }
    for (int d = 0; d < t->n; d++) {
        if (keep >> d & 1) continue;
        Set here = s_and(s->dc[d], t->unit[u]);
        Set left = s_minus(here, cells);
        if (s_count(here) >= 2 && s_count(left) == 1) {
            f->rating = DIRECT_HIDDEN_RATING[size];
            f->cell = s_lowest(left);
            f->digit = d;
            return 1;
        }
    }
    return 0;
}

static int hidden_set(const BasicsObject *t, const State *s, int size, int direct, Found *f) {
    int few[RB_DIGITS], pick[8];
    Set places[RB_DIGITS];
    for (int i = 0; i < t->units; i++) {
        int u = t->single[i];
        int empty = s_count(s_and(t->unit[u], s->open));
        if (!(empty > 2 * size || (direct && empty > size))) continue;
        int count = 0;
        for (int d = 0; d < t->n; d++) {
            Set here = s_and(s->dc[d], t->unit[u]);
            int bits = s_count(here);
            if (bits >= 2 && bits <= size) {
                few[count] = d;
                places[count++] = here;
            }
        }
        for (int more = colex_first(pick, size, count); more; more = colex_next(pick, size, count)) {
            Set cells = {{0, 0}};
            uint32_t keep = 0;
            for (int k = 0; k < size; k++) {
                cells = s_or(cells, places[pick[k]]);
                keep |= (uint32_t)1 << few[pick[k]];
            }
            if (s_count(cells) == size && hidden_set_hint(t, s, u, keep, cells, size, direct, f))
                return 1;
        }
    }
    return 0;
}

/* --- fish ------------------------------------------------------------------------------- */

/* One digit's first fish on these base lines (0: columns, 1: rows) in colex order, which is
   its least in SE's order; 1 with the hint in f and its line indexes in `indexes`. */
static int digit_fish(const BasicsObject *t, const State *s, int d, int size, int base,
                      int *indexes, Found *f) {
    int cover = 1 - base, count = 0, at[RB_UNITS], pick[8];
    uint64_t crossing[RB_UNITS];
    Set cells = s->dc[d];
    for (int i = 0; i < t->line_count[base]; i++) {
        Set here = s_and(cells, t->unit[t->lines[base][i]]);
        int bits = s_count(here);
        if (bits < 2 || bits > size) continue;
        uint64_t crossed = 0;
        FOR_BITS(c, here) crossed |= (uint64_t)1 << t->line_of[cover][c];
        at[count] = i;
        crossing[count++] = crossed;
    }
    for (int more = colex_first(pick, size, count); more; more = colex_next(pick, size, count)) {
        uint64_t crossed = 0;
        Set base_cells = {{0, 0}}, cover_cells = {{0, 0}};
        for (int k = 0; k < size; k++) {
            crossed |= crossing[pick[k]];
            base_cells = s_or(base_cells, t->unit[t->lines[base][at[pick[k]]]]);
        }
        if (popcount64(crossed) != size) continue;
        f->elim_count = 0;
        for (int i = 0; i < t->line_count[cover]; i++) {
            if (!(crossed >> i & 1)) continue;
            int u = t->lines[cover][i];
            cover_cells = s_or(cover_cells, t->unit[u]);
            for (int k = t->unit_start[u]; k < t->unit_start[u + 1]; k++) {
                int c = t->unit_cells[k];
                if (s_has(cells, c) && !s_has(base_cells, c)) add_elim(f, c, d);
            }
        }
        if (f->elim_count) {
            for (int k = 0; k < size; k++) indexes[k] = at[pick[k]];
            f->rating = size == 2 ? 32 : size == 3 ? 38 : 52;
            f->a = d;
            f->b = base;
            f->c = s_minus(base_cells, cover_cells);
            f->d = 0;
            for (int k = 0; k < size; k++) f->d |= 1LL << indexes[k];
            return 1;
        }
    }
    return 0;
}

/* Whether the indexes (size of them) come before best's in SE's order: the last first. */
static int fish_before(const int *indexes, const int *best, int size) {
    for (int k = size - 1; k >= 0; k--)
        if (indexes[k] != best[k]) return indexes[k] < best[k];
    return 0;
}

static int fish(const BasicsObject *t, const State *s, int size, Found *f) {
    int placed[RB_DIGITS] = {0};
    for (int c = 0; c < t->cells; c++)
        if (s->values[c]) placed[s->values[c] - 1]++;
    static Found trial;  /* one thread at a time holds the GIL around a call */
    for (int base = 0; base < 2; base++) {
        int found = 0, best[8], indexes[8];
        for (int d = 0; d < t->n; d++) {
            if (placed[d] + 2 * size > t->n) continue;
            if (!digit_fish(t, s, d, size, base, indexes, &trial)) continue;
            if (found && !fish_before(indexes, best, size)) continue;  /* a tie: the lower digit */
            found = 1;
            memcpy(best, indexes, sizeof best);
            f->rating = trial.rating;
            f->a = trial.a;
            f->b = trial.b;
            f->c = trial.c;
            f->d = trial.d;
            f->elim_count = trial.elim_count;
            memcpy(f->elims, trial.elims, sizeof(int) * 2 * (size_t)trial.elim_count);
        }
        if (found) return 1;
    }
    return 0;
}

/* --- wings (rating/wings.py) ------------------------------------------------------------ */

static int xy_wing(const BasicsObject *t, const State *s, int xyz, Found *f) {
    int width = xyz ? 3 : 2;
    for (int pivot = 0; pivot < t->cells; pivot++) {
        uint32_t xy = s->cd[pivot];
        if (popcount64(xy) != width) continue;
        FOR_BITS(one, t->peer[pivot]) {
            uint32_t xz = s->cd[one];
            if (popcount64(xz) != 2 || popcount64(xy & ~xz) != 1) continue;
            FOR_BITS(two, t->peer[pivot]) {
                uint32_t yz = s->cd[two], common = xy & xz & yz;
                if (popcount64(yz) != 2 || popcount64(xy | xz | yz) != 3 ||
                    popcount64(common) != (xyz ? 1 : 0))
                    continue;
                int z = high32(xz & yz);
                Set seen = s_and(t->peer[one], t->peer[two]);
                s_drop(&seen, pivot);
                if (xyz) seen = s_and(seen, t->peer[pivot]);
                Set removed = s_and(seen, s->dc[z]);
                if (!s_any(removed)) continue;
                f->elim_count = 0;
                FOR_BITS(c, removed) add_elim(f, c, z);
                f->rating = xyz ? 44 : 42;
                f->a = z;
                f->c = (Set){{0, 0}};
                s_add(&f->c, pivot);
                s_add(&f->c, one);
                s_add(&f->c, two);
                return 1;
            }
        }
    }
    return 0;
}

/* The cells seeing every cell of the set (every cell for an empty set). */
static Set seeing(const BasicsObject *t, Set cells) {
    Set seen = t->all;
    FOR_BITS(c, cells) seen = s_and(seen, t->peer[c]);
    return seen;
}

static int wing_rating(int size, int widest) {
    int off = widest > 3 ? widest - 3 : 3 - widest;
    if (size == 3) return 55 + 1 - off;
    return 62 + 2 - off;
}

/* rating/wings.py's _wing_removals, sorted by cell then digit, into f. */
static void wing_removals(const BasicsObject *t, const State *s, Set cells, int pincer, int keep,
                          int drop, int twice, uint32_t digits, Found *f) {
    static unsigned char hit[RB_CELLS][RB_DIGITS];
    memset(hit, 0, sizeof hit);
    Set outside = t->all;
    outside = s_minus(outside, cells);
    s_drop(&outside, pincer);
    int targets[2] = {drop, keep};
    for (int k = 0; k < (twice ? 2 : 1); k++) {
        int d = targets[k];
        Set seen = s_and(seeing(t, s_and(s->dc[d], cells)), t->peer[pincer]);
        FOR_BITS(c, s_and(s_and(seen, outside), s->dc[d])) hit[c][d] = 1;
    }
    if (twice) {
        uint32_t rest = digits & ~((uint32_t)1 << keep | (uint32_t)1 << drop);
        for (int d = 0; d < t->n; d++) {
            if (!(rest >> d & 1)) continue;
            Set seen = seeing(t, s_and(s->dc[d], cells));
            FOR_BITS(c, s_and(s_and(seen, outside), s->dc[d])) hit[c][d] = 1;
        }
    }
    f->elim_count = 0;
    for (int c = 0; c < t->cells; c++)
        for (int d = 0; d < t->n; d++)
            if (hit[c][d]) add_elim(f, c, d);
}

typedef struct {
    const BasicsObject *t;
    const State *s;
    int size, found;
    Found *best, *trial;
} WingSearch;

/* rating/wings.py's _wings_of: each wing of one almost locked set, the best kept. */
static void wings_of(WingSearch *w, Set cells, uint32_t digits, int widest) {
    const BasicsObject *t = w->t;
    const State *s = w->s;
    Set near = {{0, 0}};
    FOR_BITS(c, cells) near = s_or(near, t->peer[c]);
    FOR_BITS(pincer, s_minus(near, cells)) {
        uint32_t pair = s->cd[pincer];
        if (popcount64(pair) != 2 || pair & ~digits) continue;
        int x = low32(pair), z = high32(pair), restricted[2], count = 0;
        int ends[2] = {x, z};
        for (int k = 0; k < 2; k++)
            if (!s_any(s_minus(s_and(s->dc[ends[k]], cells), t->peer[pincer])))
                restricted[count++] = ends[k];
        if (!count) continue;
        int keep = restricted[0], drop = keep == x ? z : x;
        Found *f = w->trial;
        wing_removals(t, s, cells, pincer, keep, drop, count == 2, digits, f);
        if (!f->elim_count) continue;
        f->rating = wing_rating(w->size, widest);
        if (w->found && (f->rating > w->best->rating ||
                         (f->rating == w->best->rating && f->elim_count <= w->best->elim_count)))
            continue;
        w->found = 1;
        f->a = pincer;
        f->b = drop;
        f->c = cells;
        Found *kept = w->best;
        w->best = f;
        w->trial = kept;
    }
}

static void locked_sets(WingSearch *w, int last, int depth, Set mask, Set reach,
                        uint32_t digits, int widest) {
    const BasicsObject *t = w->t;
    if (depth == w->size) {
        if (popcount64(digits) == w->size + 1) wings_of(w, mask, digits, widest);
        return;
    }
    if (last == 127) return;
    for (int other = s_next(reach, last + 1); other >= 0;
         other = other < 127 ? s_next(reach, other + 1) : -1) {
        uint32_t more = w->s->cd[other];
        int bits = popcount64(more);
        if (bits < 2 || popcount64(digits | more) > w->size + 1) continue;
        Set grown = mask;
        s_add(&grown, other);
        locked_sets(w, other, depth + 1, grown, s_and(reach, t->peer[other]), digits | more,
                    bits > widest ? bits : widest);
    }
}

static int als_wing(const BasicsObject *t, const State *s, int size, Found *f) {
    static Found second;
    WingSearch w = {t, s, size, 0, f, &second};
    second.code = f->code;
    second.size = f->size;
    second.cell = -1;
    FOR_BITS(first, s->open) {
        uint32_t digits = s->cd[first];
        int bits = popcount64(digits);
        if (bits < 2 || bits > size + 1) continue;
        Set mask = {{0, 0}};
        s_add(&mask, first);
        locked_sets(&w, first, 1, mask, t->peer[first], digits, bits);
    }
    if (w.found && w.best != f) {
        f->rating = w.best->rating;
        f->a = w.best->a;
        f->b = w.best->b;
        f->c = w.best->c;
        f->elim_count = w.best->elim_count;
        memcpy(f->elims, w.best->elims, sizeof(int) * 2 * (size_t)w.best->elim_count);
    }
    return w.found;
}

/* --- the solve loop --------------------------------------------------------------------- */

static int find(const BasicsObject *t, const State *s, int code, int size, Found *f) {
    f->code = code;
    f->size = size;
    f->cell = -1;
    f->elim_count = 0;
    f->a = f->b = 0;
    f->c = (Set){{0, 0}};
    f->d = 0;
    switch (code) {
    case HIDDEN_SINGLE: return hidden_single(t, s, f);
    case NAKED_SINGLE: return naked_single(t, s, f);
    case DIRECT_LOCKED: return locked(t, s, 1, f);
    case LOCKED: return locked(t, s, 0, f);
    case NAKED_SET: return naked_set(t, s, size, f);
    case HIDDEN_SET: return hidden_set(t, s, size, 0, f);
    case DIRECT_HIDDEN_SET: return hidden_set(t, s, size, 1, f);
    case FISH: return fish(t, s, size, f);
    case XY_WING: return xy_wing(t, s, size == 3, f);
    case ALS_WING: return als_wing(t, s, size, f);
    case UNIQUE_LOOPS: return unique_loops(t, s, size, f);
    case BUG: return bug(t, s, f);
    case STRONG_LINKS:
        if (!strong_links(t, s->dc, size, &f->chain)) return 0;
        f->rating = f->chain.rating;
        f->a = f->chain.digit;
        FOR_BITS(c, f->chain.removed) add_elim(f, c, f->chain.digit);
        return 1;
    }
    return 0;
}

/* Candidates.place and .eliminate, as rater.apply uses them. */
static void apply(const BasicsObject *t, State *s, const Found *f) {
    for (int k = 0; k < f->elim_count; k++) {
        int c = f->elims[2 * k], d = f->elims[2 * k + 1];
        s->cd[c] &= ~((uint32_t)1 << d);
        s_drop(&s->dc[d], c);
    }
    if (f->cell < 0) return;
    int cell = f->cell, d = f->digit;
    for (int other = 0; other < t->n; other++)
        if (s->cd[cell] >> other & 1) s_drop(&s->dc[other], cell);
    s->cd[cell] = 0;
    s->values[cell] = d + 1;
    s_drop(&s->open, cell);
    FOR_BITS(peer, s_and(s->dc[d], t->peer[cell])) s->cd[peer] &= ~((uint32_t)1 << d);
    s->dc[d] = s_minus(s->dc[d], t->peer[cell]);
}

static PyObject *set_object(Set set) { return mask_object(set.w, 2); }

/* A chain's links as ((entered end, other end), ...) masks. */
static PyObject *chain_object(const LinksFound *chain) {
    PyObject *links = PyTuple_New(chain->links);
    for (int i = 0; links && i < chain->links; i++) {
        PyObject *link = Py_BuildValue("(NN)", set_object(chain->ends[i][0]),
                                       set_object(chain->ends[i][1]));
        if (!link) {
            Py_CLEAR(links);
            break;
        }
        PyTuple_SET_ITEM(links, i, link);
    }
    return links;
}

static PyObject *step_object(const Found *f) {
    PyObject *elims = PyTuple_New(f->elim_count);
    if (!elims) return NULL;
    for (int k = 0; k < f->elim_count; k++) {
        PyObject *pair = Py_BuildValue("(ii)", f->elims[2 * k], f->elims[2 * k + 1]);
        if (!pair) {
            Py_DECREF(elims);
            return NULL;
        }
        PyTuple_SET_ITEM(elims, k, pair);
    }
    PyObject *placement = f->cell < 0 ? Py_NewRef(Py_None)
                                      : Py_BuildValue("(ii)", f->cell, f->digit);
    PyObject *c = f->code == STRONG_LINKS ? chain_object(&f->chain) : set_object(f->c);
    if (!placement || !c) {
        Py_DECREF(elims);
        Py_XDECREF(placement);
        Py_XDECREF(c);
        return NULL;
    }
    return Py_BuildValue("(iiiNNiiNL)", f->code, f->size, f->rating, placement, elims, f->a,
                         f->b, c, f->d);
}

static int read_state(const BasicsObject *t, State *s, PyObject *const *args) {
    PyObject *values = args[0], *cell_digits = args[1], *digit_cells = args[2];
    if (!PyList_Check(values) || !PyList_Check(cell_digits) || !PyList_Check(digit_cells) ||
        PyList_GET_SIZE(values) != t->cells || PyList_GET_SIZE(cell_digits) != t->cells ||
        PyList_GET_SIZE(digit_cells) != t->n) {
        PyErr_SetString(PyExc_ValueError, "run takes the state's lists of the board's sizes");
        return -1;
    }
    if (convert_ints(values, s->values, t->cells, 0, t->n, "values") < 0) return -1;
    int digits[RB_CELLS];
    if (convert_ints(cell_digits, digits, t->cells, 0, ((long)1 << t->n) - 1,
                     "cell_digits") < 0)
        return -1;
    for (int c = 0; c < t->cells; c++) s->cd[c] = (uint32_t)digits[c];
    for (int d = 0; d < t->n; d++)
        if (convert_mask(PyList_GET_ITEM(digit_cells, d), s->dc[d].w, 2, t->cells,
                         "digit_cells") < 0)
            return -1;
    return convert_mask(args[3], s->open.w, 2, t->cells, "open_cells");
}

static int store_state(const BasicsObject *t, const State *s, PyObject *const *args) {
    for (int c = 0; c < t->cells; c++) {
        PyObject *value = PyLong_FromLong(s->values[c]), *digits = PyLong_FromUnsignedLong(s->cd[c]);
        if (!value || !digits || PyList_SetItem(args[0], c, value) < 0 ||
            PyList_SetItem(args[1], c, digits) < 0) {
            Py_XDECREF(digits);
            return -1;
        }
    }
    for (int d = 0; d < t->n; d++) {
        PyObject *cells = set_object(s->dc[d]);
        if (!cells || PyList_SetItem(args[2], d, cells) < 0) return -1;
    }
    return 0;
}

static PyObject *Basics_run(BasicsObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!check_arity(nargs, 10, "run")) return NULL;
    int codes[64], sizes[64], count = 0;
    PyObject *techniques = PySequence_Fast(args[0], "techniques");
    if (!techniques) return NULL;
    count = (int)PySequence_Fast_GET_SIZE(techniques);
    if (count > 64) {
        Py_DECREF(techniques);
        PyErr_SetString(PyExc_ValueError, "run takes up to 64 techniques");
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(techniques, i);
        codes[i] = -1;   /* None: a technique the C does not know */
        sizes[i] = 0;
        if (item != Py_None && !PyArg_ParseTuple(item, "ii", &codes[i], &sizes[i])) {
            Py_DECREF(techniques);
            return NULL;
        }
        if (codes[i] < -1 || codes[i] >= CODES || sizes[i] < 0 || sizes[i] > 4 ||
            (codes[i] == DIRECT_HIDDEN_SET && sizes[i] > 3) ||
            ((codes[i] == NAKED_SET || codes[i] == HIDDEN_SET || codes[i] == FISH ||
              codes[i] == DIRECT_HIDDEN_SET) && sizes[i] < 2) ||
            (codes[i] == ALS_WING && sizes[i] < 3) || (codes[i] == XY_WING && sizes[i] < 2) ||
            (codes[i] == STRONG_LINKS && (sizes[i] < 2 || sizes[i] > 3)) ||
            (codes[i] == UNIQUE_LOOPS && sizes[i] > 1) || (codes[i] == BUG && sizes[i])) {
            Py_DECREF(techniques);
            PyErr_SetString(PyExc_ValueError, "run: no such technique");
            return NULL;
        }
    }
    Py_DECREF(techniques);
    long er, ep, ed, ceiling, start;
    static State state;
    static Found found;
    if (read_state(self, &state, args + 1) < 0 ||
        convert_int(args[5], 0, 10000, &er, "er") < 0 ||
        convert_int(args[6], 0, 10000, &ep, "ep") < 0 ||
        convert_int(args[7], 0, 10000, &ed, "ed") < 0 ||
        convert_int(args[8], -1, 10000, &ceiling, "ceiling") < 0 ||
        convert_int(args[9], 0, count, &start, "start") < 0)
        return NULL;
    PyObject *steps = PyList_New(0);
    if (!steps) return NULL;
    int stop = count;
    while (s_any(state.open)) {
        if (ceiling >= 0 && er > ceiling) break;
        int hit = 0;
        for (stop = (int)start; stop < count && codes[stop] >= 0 && !hit; stop++)
            hit = find(self, &state, codes[stop], sizes[stop], &found);
        if (!hit) break;
        start = 0;
        if (found.rating > er) er = found.rating;
        if (!ed) ed = er;
        if (!ep && found.cell >= 0) ep = er;
        apply(self, &state, &found);
        PyObject *step = step_object(&found);
        if (!step || PyList_Append(steps, step) < 0) {
            Py_XDECREF(step);
            Py_DECREF(steps);
            return NULL;
        }
        Py_DECREF(step);
    }
    if (store_state(self, &state, args + 1) < 0) {
        Py_DECREF(steps);
        return NULL;
    }
    return Py_BuildValue("(NNllli)", steps, set_object(state.open), er, ep, ed, stop);
}

/* --- the tables --------------------------------------------------------------------------- */

static void Basics_dealloc(BasicsObject *self) {
    PyMem_Free(self->unit_cells);
    PyMem_Free(self->entries);
    PyMem_Free(self->run_start);
    PyMem_Free(self->group_start);
    PyMem_Free(self->peer_order);
    PyMem_Free(self->chain_units);
    PyMem_Free(self->segs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* lock_runs: per group, per run, its entries (inside, other, common). */
static int read_lock_runs(BasicsObject *self, PyObject *groups) {
    PyObject *outer = PySequence_Fast(groups, "lock_runs");
    if (!outer) return -1;
    Py_ssize_t group_count = PySequence_Fast_GET_SIZE(outer), runs = 0, entries = 0;
    int failed = 0;
    for (Py_ssize_t g = 0; g < group_count && !failed; g++) {
        PyObject *group = PySequence_Fast_GET_ITEM(outer, g);
        Py_ssize_t count = PySequence_Length(group);
        failed = count < 0;
        for (Py_ssize_t r = 0; r < count && !failed; r++) {
            PyObject *run = PySequence_GetItem(group, r);
            Py_ssize_t here = run ? PySequence_Length(run) : -1;
            Py_XDECREF(run);
            failed = here < 0;
            entries += here;
        }
        runs += count;
    }
    self->groups = (int)group_count;
    self->group_start = PyMem_Malloc(sizeof(int) * (size_t)(group_count + 1));
    self->run_start = PyMem_Malloc(sizeof(int) * (size_t)(runs + 1));
    self->entries = PyMem_Malloc(sizeof(LockEntry) * (size_t)(entries + 1));
    if (!failed && (!self->group_start || !self->run_start || !self->entries)) {
        PyErr_NoMemory();
        failed = 1;
    }
    int r_at = 0, e_at = 0;
    for (Py_ssize_t g = 0; g < group_count && !failed; g++) {
        self->group_start[g] = r_at;
        PyObject *group = PySequence_Fast_GET_ITEM(outer, g);
        Py_ssize_t count = PySequence_Length(group);
        for (Py_ssize_t r = 0; r < count && !failed; r++) {
            self->run_start[r_at++] = e_at;
            PyObject *run = PySequence_GetItem(group, r);
            Py_ssize_t here = PySequence_Length(run);
            for (Py_ssize_t e = 0; e < here && !failed; e++) {
                PyObject *entry = PySequence_GetItem(run, e), *common = NULL;
                LockEntry *to = &self->entries[e_at++];
                failed = !entry || !PyArg_ParseTuple(entry, "iiO", &to->inside, &to->other,
                                                     &common) ||
                         convert_mask(common, to->common.w, 2, self->cells, "common") < 0 ||
                         to->inside < 0 || to->inside >= self->units || to->other < 0 ||
                         to->other >= self->units;
                Py_XDECREF(entry);
            }
            Py_DECREF(run);
        }
    }
    if (!failed) {
        self->group_start[group_count] = r_at;
        self->run_start[r_at] = e_at;
    }
    Py_DECREF(outer);
    if (failed && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad lock_runs");
    return failed ? -1 : 0;
}

static int read_unit_cells(BasicsObject *self, PyObject *unit_cells) {
    int *items = NULL, *start = NULL, count = 0;
    if (convert_lists(unit_cells, self->cells, &items, &start, &count, "unit_cells") < 0)
        return -1;
    if (count != self->units) {
        PyMem_Free(items);
        PyMem_Free(start);
        PyErr_SetString(PyExc_ValueError, "unit_cells: one list a unit");
        return -1;
    }
    self->unit_cells = items;
    memcpy(self->unit_start, start, sizeof(int) * (size_t)(count + 1));
    PyMem_Free(start);
    return 0;
}

/* One list a cell of ints below `high`: flat into *items, offsets into start. */
static int read_cell_lists(BasicsObject *self, PyObject *lists, int high, int **items,
                           int *start, const char *what) {
    int *flat = NULL, *offsets = NULL, count = 0;
    if (convert_lists(lists, high, &flat, &offsets, &count, what) < 0) return -1;
    if (count != self->cells) {
        PyMem_Free(flat);
        PyMem_Free(offsets);
        PyErr_Format(PyExc_ValueError, "%s: one list a cell", what);
        return -1;
    }
    *items = flat;
    memcpy(start, offsets, sizeof(int) * (size_t)(count + 1));
    PyMem_Free(offsets);
    return 0;
}

/* Board.segments: per unit, masks of cells. */
static int read_segments(BasicsObject *self, PyObject *segments) {
    PyObject *outer = PySequence_Fast(segments, "segments");
    if (!outer) return -1;
    if (PySequence_Fast_GET_SIZE(outer) != self->units) {
        Py_DECREF(outer);
        PyErr_SetString(PyExc_ValueError, "segments: one list a unit");
        return -1;
    }
    Py_ssize_t total = 0;
    for (int u = 0; u < self->units; u++) {
        Py_ssize_t here = PySequence_Length(PySequence_Fast_GET_ITEM(outer, u));
        if (here < 0 || here > RB_UNITS) {
            Py_DECREF(outer);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "segments: too many");
            return -1;
        }
        total += here;
    }
    self->segs = PyMem_Malloc(sizeof(Set) * (size_t)(total + 1));
    word *bits = PyMem_Malloc(sizeof(word) * 2 * (size_t)(total + 1));
    int failed = !self->segs || !bits;
    if (failed) PyErr_NoMemory();
    int at = 0;
    for (int u = 0; u < self->units && !failed; u++) {
        self->seg_start[u] = at;
        PyObject *unit = PySequence_Fast_GET_ITEM(outer, u);
        Py_ssize_t here = convert_masks(unit, bits, -1, 2, self->cells, "segments");
        failed = here < 0;
        for (Py_ssize_t i = 0; i < here && !failed; i++, at++)
            self->segs[at] = (Set){{bits[2 * i], bits[2 * i + 1]}};
    }
    self->seg_start[self->units] = at;
    PyMem_Free(bits);
    Py_DECREF(outer);
    return failed ? -1 : 0;
}

static int Basics_init(BasicsObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "unit_masks", "kinds", "single_units", "unit_cells",
                               "peer_masks", "lock_runs", "columns", "rows", "column_of",
                               "row_of", "peer_order", "cell_chain_units", "segments",
                               "chain_units", NULL};
    PyObject *unit_masks, *kinds, *single, *unit_cells, *peers, *lock_runs, *lines[2],
        *line_of[2], *peer_order, *chain_units, *segments, *chain_order;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOOOOOOOOOOOOO:RateBasics", keywords,
                                     &self->n, &unit_masks, &kinds, &single, &unit_cells,
                                     &peers, &lock_runs, &lines[0], &lines[1], &line_of[0],
                                     &line_of[1], &peer_order, &chain_units, &segments,
                                     &chain_order))
        return -1;
    if (self->unit_cells || self->entries || self->peer_order || self->chain_units ||
        self->segs) {
        PyErr_SetString(PyExc_TypeError, "RateBasics is made once");
        return -1;
    }
    Py_ssize_t units = PySequence_Length(unit_masks), cells = PySequence_Length(peers);
    if (units < 0 || cells < 0) return -1;
    if (self->n < 1 || self->n > RB_DIGITS || units > RB_UNITS || cells > RB_CELLS) {
        PyErr_SetString(PyExc_ValueError, "RateBasics takes up to 16 digits, 64 units, 128 cells");
        return -1;
    }
    self->units = (int)units;
    self->cells = (int)cells;
    word masks[2 * RB_UNITS > 2 * RB_CELLS ? 2 * RB_UNITS : 2 * RB_CELLS];
    if (convert_masks(unit_masks, masks, units, 2, self->cells, "unit_masks") < 0) return -1;
    for (int u = 0; u < self->units; u++) self->unit[u] = (Set){{masks[2 * u], masks[2 * u + 1]}};
    if (convert_masks(peers, masks, cells, 2, self->cells, "peer_masks") < 0) return -1;
    for (int c = 0; c < self->cells; c++) {
        self->peer[c] = (Set){{masks[2 * c], masks[2 * c + 1]}};
        s_add(&self->all, c);
    }
    if (convert_ints(kinds, self->kind, units, BOX, OTHER + RB_UNITS, "kinds") < 0 ||
        convert_ints(single, self->single, units, 0, units - 1, "single_units") < 0 ||
        convert_ints(chain_order, self->chain_order, units, 0, units - 1, "chain_units") < 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        Py_ssize_t count = PySequence_Length(lines[k]);
        if (count < 0 || count > RB_UNITS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "too many lines");
            return -1;
        }
        self->line_count[k] = (int)count;
        if (convert_ints(lines[k], self->lines[k], count, 0, units - 1, "lines") < 0 ||
            convert_ints(line_of[k], self->line_of[k], cells, 0, count ? count - 1 : 0,
                         "line_of") < 0)
            return -1;
    }
    if (read_unit_cells(self, unit_cells) < 0 ||
        read_cell_lists(self, peer_order, self->cells, &self->peer_order, self->peer_start,
                        "peer_order") < 0 ||
        read_cell_lists(self, chain_units, self->units, &self->chain_units, self->chain_start,
                        "cell_chain_units") < 0 ||
        read_segments(self, segments) < 0)
        return -1;
    static const int joint_rank[4] = {2, 1, 0, 3};   /* by kind: box, row, column, other */
    int at = 0;
    for (int rank = 0; rank < 4; rank++)
        for (int u = 0; u < self->units; u++)
            if (joint_rank[kind_class(self->kind[u])] == rank) self->joint_order[at++] = u;
    return read_lock_runs(self, lock_runs);
}

static PyMethodDef Basics_methods[] = {
    FAST_METHOD("run", Basics_run,
                "run(techniques, values, cell_digits, digit_cells, open_cells, er, ep, ed, "
                "ceiling, start) -> (steps, open_cells, er, ep, ed, stop)"),
    FAST_METHOD("cycles", Basics_cycles,
                "cycles(cell_digits, digit_cells, open_cells, left, weight) -> (found, units): "
                "rating/chains.py's forcing_chains_and_cycles (ratecycles.c)"),
    FAST_METHOD("exclusions", Basics_exclusions,
                "exclusions(size, cell_digits, open_cells, left, weight) -> (found, units): "
                "rating/exclusion.py's first aligned exclusion (rateexclusion.c)"),
    {NULL, NULL, 0, NULL},
};

PyTypeObject RateBasicsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.RateBasics",
    .tp_doc = PyDoc_STR("RateBasics(n, unit_masks, kinds, single_units, unit_cells, peer_masks, "
                        "lock_runs, columns, rows, column_of, row_of, peer_order, cell_chain_units, "
                        "segments, chain_units): "
                        "the SE rater's basic techniques and forcing chains over a board's "
                        "tables (ratebasics.c, ratecycles.c)."),
    .tp_basicsize = sizeof(BasicsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Basics_init,
    .tp_dealloc = (destructor)Basics_dealloc,
    .tp_methods = Basics_methods,
};
