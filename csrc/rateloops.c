/* Unique rectangles and loops in C: rating/uniqueness.py's unique_loops, the same loops
   walked in the same order, the same hints of types 1 to 4, and the first of the easiest
   (lowest rating, then type, then the first met) as the Python's sort leaves it. */

#include "ratebasics.h"

typedef struct {
    const BasicsObject *t;
    const State *s;
    int start, length, sets_from_extra, found;
    uint32_t pair;
    int loop[RB_CELLS];
    Set in_loop;
    Found *best;
    Found trial;
} Loops;

/* The trial (rating, type) becomes the best if less. */
static void offer(Loops *l, int type) {
    Found *best = l->best, *trial = &l->trial;
    if (l->found && (trial->rating > best->rating ||
                     (trial->rating == best->rating && type >= best->b)))
        return;
    l->found = 1;
    best->rating = trial->rating;
    best->a = l->length;
    best->b = type;
    best->c = l->in_loop;
    best->elim_count = trial->elim_count;
    memcpy(best->elims, trial->elims, sizeof(int) * 2 * (size_t)trial->elim_count);
}

static int is_valid_loop(const Loops *l) {
    const BasicsObject *t = l->t;
    uint64_t seen[2] = {0, 0};
    for (int i = 0; i < l->length; i++) {
        int cell = l->loop[i];
        for (int k = t->chain_start[cell]; k < t->chain_start[cell + 1]; k++) {
            uint64_t bit = (uint64_t)1 << t->chain_units[k];
            if (seen[i % 2] & bit) return 0;
            seen[i % 2] |= bit;
        }
    }
    return seen[0] == seen[1];
}

static Set seeing_cells(const BasicsObject *t, const int *cells, int count) {
    Set seen = t->all;
    for (int i = 0; i < count; i++) seen = s_and(seen, t->peer[cells[i]]);
    return seen;
}

static void type2(Loops *l, const int *extra_cells, int extras, uint32_t extra, int rating) {
    const BasicsObject *t = l->t;
    const State *s = l->s;
    uint32_t first = s->cd[extra_cells[0]] & extra;
    if (!first) return;   /* never: the first extra cell holds an extra digit */
    int d = low32(first);
    Set seen = seeing_cells(t, extra_cells, extras);
    for (int i = 0; i < extras; i++) s_drop(&seen, extra_cells[i]);
    l->trial.elim_count = 0;
    FOR_BITS(c, s_and(seen, s->dc[d])) add_elim(&l->trial, c, d);
    l->trial.rating = rating;
    if (l->trial.elim_count) offer(l, 2);
}

static int shared_units(const BasicsObject *t, int one, int two, int *units) {
    int count = 0;
    for (int k = t->chain_start[one]; k < t->chain_start[one + 1]; k++)
        if (s_has(t->unit[t->chain_units[k]], two)) units[count++] = t->chain_units[k];
    return count;
}

static void type3_naked(Loops *l, int u, int one, int two, uint32_t extra, int size, int rating) {
    const BasicsObject *t = l->t;
    const State *s = l->s;
    const int *cells = t->unit_cells + t->unit_start[u];
    int count = t->unit_start[u + 1] - t->unit_start[u], i1 = -1, i2 = -1, pick[16];
    for (int i = 0; i < count; i++) {
        if (cells[i] == one) i1 = i;
        if (cells[i] == two) i2 = i;
    }
    for (int more = colex_first(pick, size, count); more; more = colex_next(pick, size, count)) {
        int has1 = 0, has2 = 0, ok = 1;
        for (int k = 0; k < size; k++) {
            has1 |= pick[k] == i1;
            has2 |= pick[k] == i2;
        }
        if (!has1 || has2) continue;
        uint32_t all = 0, common = extra & s->cd[one] & s->cd[two];
        Set others = {{0, 0}};
        for (int k = 0; k < size && ok; k++) {
            int i = pick[k];
            uint32_t digits = i == i1 ? extra : s->cd[cells[i]];
            if (popcount64(digits) <= 1) {
                ok = 0;
                break;
            }
            all |= digits;
            if (i != i1) {
                common |= digits;
                s_add(&others, cells[i]);
            }
        }
        if (!ok || popcount64(common) != size || popcount64(all) != size) continue;
        Set rest = s_minus(t->unit[u], others);
        s_drop(&rest, one);
        s_drop(&rest, two);
        l->trial.elim_count = 0;
        FOR_BITS(c, rest) {
            uint32_t lose = s->cd[c] & all;
            for (int d = 0; d < t->n; d++)
                if (lose >> d & 1) add_elim(&l->trial, c, d);
        }
        l->trial.rating = rating + size - 1;
        if (l->trial.elim_count) offer(l, 3);
    }
}

static void type3_hidden(Loops *l, int u, int one, int two, uint32_t extra, int size,
                         int rating) {
    const BasicsObject *t = l->t;
    const State *s = l->s;
    int rest[RB_DIGITS], count = 0, pick[16];
    for (int d = 0; d < t->n; d++)
        if (!((l->pair | extra) >> d & 1)) rest[count++] = d;
    for (int more = colex_first(pick, size - 2, count); more;
         more = colex_next(pick, size - 2, count)) {
        uint32_t keep = l->pair;
        for (int k = 0; k < size - 2; k++) keep |= (uint32_t)1 << rest[pick[k]];
        Set all = {{0, 0}};
        int empty = 0;
        for (int d = 0; d < t->n && !empty; d++) {   /* the picked digits, then the pair's */
            if (!(keep >> d & 1)) continue;
            Set here = s_and(s->dc[d], t->unit[u]);
            s_drop(&here, two);
            if (!s_any(here)) empty = 1;
            all = s_or(all, here);
        }
        if (empty || s_count(all) != size) continue;
        Set hidden = all;
        s_drop(&hidden, one);
        s_drop(&hidden, two);
        l->trial.elim_count = 0;
        FOR_BITS(c, hidden) {
            uint32_t lose = s->cd[c] & ~keep;
            for (int d = 0; d < t->n; d++)
                if (lose >> d & 1) add_elim(&l->trial, c, d);
        }
        l->trial.rating = rating + s_count(hidden) - 1;
        if (l->trial.elim_count) offer(l, 3);
    }
}

static void type3(Loops *l, int one, int two, uint32_t extra, int rating) {
    const BasicsObject *t = l->t;
    int units[RB_UNITS], count = shared_units(t, one, two, units), extras = popcount64(extra);
    for (int size = 2; size < 8; size++) {
        for (int i = 0; i < count; i++) {
            int u = units[i], empty = s_count(s_and(t->unit[u], l->s->open));
            if (2 * size <= empty && size >= extras)
                type3_naked(l, u, one, two, extra, size, rating);
            if (2 * size < empty && size - 2 <= t->n - 2 - extras &&
                (!l->sets_from_extra || size >= extras))
                type3_hidden(l, u, one, two, extra, size, rating);
        }
    }
}

static void type4(Loops *l, int one, int two, int rating) {
    const BasicsObject *t = l->t;
    int units[RB_UNITS], count = shared_units(t, one, two, units);
    uint32_t locked = 0;
    for (int i = 0; i < count; i++) {
        Set rest = t->unit[units[i]];
        s_drop(&rest, one);
        s_drop(&rest, two);
        for (int d = 0; d < t->n; d++)
            if (l->pair >> d & 1 && !s_any(s_and(l->s->dc[d], rest))) locked |= (uint32_t)1 << d;
    }
    if (!locked) return;
    int other = low32(l->pair & ~((uint32_t)1 << low32(locked)));
    l->trial.elim_count = 0;
    add_elim(&l->trial, one, other);
    add_elim(&l->trial, two, other);
    l->trial.rating = rating;
    offer(l, 4);
}

/* uniqueness.py's _loop_hints for the loop walked. */
static void loop_hints(Loops *l) {
    const State *s = l->s;
    int extra_cells[RB_CELLS], extras = 0, size = l->length;
    for (int i = 0; i < size; i++)
        if (popcount64(s->cd[l->loop[i]]) > 2) extra_cells[extras++] = l->loop[i];
    int rating = 45 + (size >= 10 ? 5 : size >= 8 ? 2 : size >= 6 ? 1 : 0);
    if (extras == 1) {
        l->trial.elim_count = 0;
        for (int d = 0; d < l->t->n; d++)
            if (l->pair >> d & 1) add_elim(&l->trial, extra_cells[0], d);
        l->trial.rating = rating;
        offer(l, 1);
        return;
    }
    uint32_t extra = 0;
    for (int i = 0; i < extras; i++) extra |= s->cd[extra_cells[i]] & ~l->pair;
    if (extras > 2 || (extras == 2 && popcount64(extra) == 1))
        type2(l, extra_cells, extras, extra, rating);
    if (extras != 2) return;
    if (popcount64(extra) >= 2) type3(l, extra_cells[0], extra_cells[1], extra, rating);
    type4(l, extra_cells[0], extra_cells[1], rating);
}

/* uniqueness.py's _loops: closed paths through cells holding both digits. */
static void walk(Loops *l, int cell, int extras_left, uint32_t extra, int last_kind) {
    const BasicsObject *t = l->t;
    const State *s = l->s;
    for (int k = t->chain_start[cell]; k < t->chain_start[cell + 1]; k++) {
        int u = t->chain_units[k];
        if (t->kind[u] == last_kind) continue;
        for (int i = t->unit_start[u]; i < t->unit_start[u + 1]; i++) {
            int next = t->unit_cells[i];
            if (next == l->start && l->length >= 4) {
                if (is_valid_loop(l)) loop_hints(l);
            } else if (!s_has(l->in_loop, next) && (s->cd[next] & l->pair) == l->pair) {
                uint32_t more = extra | (s->cd[next] & ~l->pair);
                int wide = popcount64(s->cd[next]) > 2;
                if (!wide || popcount64(more) == 1 || extras_left > 0) {
                    l->loop[l->length++] = next;
                    s_add(&l->in_loop, next);
                    walk(l, next, extras_left - wide, more, t->kind[u]);
                    s_drop(&l->in_loop, next);
                    l->length--;
                }
            }
        }
    }
}

int unique_loops(const BasicsObject *t, const State *s, int sets_from_extra, Found *f) {
    static Loops l;
    l.t = t;
    l.s = s;
    l.sets_from_extra = sets_from_extra;
    l.found = 0;
    l.best = f;
    for (int cell = 0; cell < t->cells; cell++) {
        if (popcount64(s->cd[cell]) != 2) continue;
        l.start = cell;
        l.pair = s->cd[cell];
        l.loop[0] = cell;
        l.length = 1;
        l.in_loop = (Set){{0, 0}};
        s_add(&l.in_loop, cell);
        walk(&l, cell, 2, 0, -1);
    }
    return l.found;
}
