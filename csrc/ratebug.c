/* The bivalue universal grave in C: rating/uniqueness.py's bug, its first hint (types 1
   to 4) from the same BUG cells found in the same order. */

#include "ratebasics.h"

typedef struct {
    const BasicsObject *t;
    const State *s;
    int cells[RB_CELLS], count, has_common;
    uint32_t extras[RB_CELLS];   /* per cell */
    Set common, members;
} Grave;

static uint32_t all_extras(const Grave *g) {
    uint32_t all = 0;
    for (int i = 0; i < g->count; i++) all |= g->extras[g->cells[i]];
    return all;
}

/* uniqueness.py's _add_bug_cell: 0 when no cell can see every BUG cell any more. */
static int add_bug_cell(Grave *g, int cell, int d) {
    if (!s_has(g->members, cell)) {
        g->cells[g->count++] = cell;
        s_add(&g->members, cell);
    }
    g->extras[cell] |= (uint32_t)1 << d;
    Set seen = g->has_common ? s_and(g->common, g->t->peer[cell]) : g->t->peer[cell];
    seen = s_minus(seen, g->members);
    if (g->count > 1 && popcount64(all_extras(g)) > 1 && !s_any(seen)) return 0;
    g->common = seen;
    g->has_common = 1;
    return 1;
}

/* uniqueness.py's _bug_cells: 0 when the candidates cannot be a BUG plus extras. */
static int bug_cells(Grave *g) {
    const BasicsObject *t = g->t;
    const State *s = g->s;
    int met = 0, only = -1, one_value = 1;
    Set every = {{0, 0}};
    for (int i = 0; i < t->units; i++) {
        Set mask = t->unit[t->chain_order[i]];
        for (int d = 0; d < t->n; d++) {
            Set here = s_and(s->dc[d], mask);
            int count = s_count(here);
            if (count == 0 || count == 2) continue;
            Set wide = {{0, 0}};
            FOR_BITS(c, here)
                if (popcount64(s->cd[c]) >= 3) s_add(&wide, c);
            if (!met) {
                met = 1;
                every = wide;
                only = d;
            } else if (one_value) {
                if (only == d)
                    every = s_or(every, wide);
                else
                    one_value = 0;
            }
            int wides = s_count(wide);
            if (wides == 1 && !add_bug_cell(g, s_lowest(wide), d)) return 0;
            if (!wides) return 0;
        }
    }
    if (one_value && met && s_count(every) > g->count) {
        FOR_BITS(cell, s_minus(every, g->members))
            if (!add_bug_cell(g, cell, only)) return 0;
    }
    if (!g->has_common) g->common = (Set){{0, 0}};
    return 1;
}

/* uniqueness.py's _is_grave. */
static int is_grave(const Grave *g) {
    const BasicsObject *t = g->t;
    const State *s = g->s;
    Set places[RB_DIGITS];
    for (int d = 0; d < t->n; d++) places[d] = s->dc[d];
    for (int i = 0; i < g->count; i++) {
        int cell = g->cells[i];
        for (int d = 0; d < t->n; d++)
            if (g->extras[cell] >> d & 1) s_drop(&places[d], cell);
    }
    FOR_BITS(c, s->open) {
        uint32_t digits = s->cd[c] & ~g->extras[c];
        if (popcount64(digits) != 2) return 0;
    }
    for (int u = 0; u < t->units; u++)
        for (int d = 0; d < t->n; d++) {
            int count = s_count(s_and(places[d], t->unit[u]));
            if (count != 0 && count != 2) return 0;
        }
    return 1;
}

static void found_bug(Found *f, int type, int rating) {
    f->rating = rating;
    f->b = type;
}

/* uniqueness.py's _bug4: 1 with the hint (removals or none, as the Python yields it). */
static int bug4(const Grave *g, uint32_t all, Found *f) {
    const BasicsObject *t = g->t;
    const State *s = g->s;
    int one = g->cells[0], two = g->cells[1];
    uint32_t common = s->cd[one] & s->cd[two] & ~all;
    if (popcount64(common) != 1) return 0;
    for (int i = 0; i < t->units; i++) {
        Set mask = t->unit[t->chain_order[i]];
        if (!s_has(mask, one) || !s_has(mask, two)) continue;
        f->elim_count = 0;
        int pair[2] = {one, two};
        for (int k = 0; k < 2; k++) {
            uint32_t lose = s->cd[pair[k]] & ~g->extras[pair[k]] & ~common;
            for (int d = 0; d < t->n; d++)
                if (lose >> d & 1) add_elim(f, pair[k], d);
        }
        found_bug(f, 4, 57);
        return 1;
    }
    return 0;
}

/* uniqueness.py's _bug3. */
static int bug3(const Grave *g, uint32_t all, Found *f) {
    const BasicsObject *t = g->t;
    const State *s = g->s;
    int near[RB_CELLS], pick[8];
    for (int size = 2; size < 7; size++) {
        for (int i = 0; i < t->units; i++) {
            Set mask = t->unit[t->chain_order[i]];
            if (s_any(s_minus(g->members, mask))) continue;
            int count = 0;
            FOR_BITS(c, s_and(g->common, mask)) near[count++] = c;
            if (count < size) continue;
            for (int more = colex_first(pick, size - 1, count); more;
                 more = colex_next(pick, size - 1, count)) {
                uint32_t all_digits = 0;
                int thin = 0;
                Set chosen = {{0, 0}};
                for (int k = 0; k < size - 1; k++) {
                    all_digits |= s->cd[near[pick[k]]];
                    thin |= popcount64(s->cd[near[pick[k]]]) <= 1;
                    s_add(&chosen, near[pick[k]]);
                }
                if (popcount64(all_digits) != size || thin) continue;
                uint32_t naked = all_digits | all;
                if (popcount64(naked) != size) continue;
                f->elim_count = 0;
                for (int k = 0; k < count; k++) {
                    if (s_has(chosen, near[k])) continue;
                    uint32_t lose = s->cd[near[k]] & naked;
                    for (int d = 0; d < t->n; d++)
                        if (lose >> d & 1) add_elim(f, near[k], d);
                }
                if (f->elim_count) {
                    found_bug(f, 3, 57 + size - 1);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int bug(const BasicsObject *t, const State *s, Found *f) {
    static Grave g;
    memset(&g, 0, sizeof g);
    g.t = t;
    g.s = s;
    if (!bug_cells(&g) || !is_grave(&g)) return 0;
    uint32_t all = all_extras(&g);
    f->c = g.members;
    if (g.count == 1) {
        int cell = g.cells[0];
        f->elim_count = 0;
        uint32_t lose = s->cd[cell] & ~all;
        for (int d = 0; d < t->n; d++)
            if (lose >> d & 1) add_elim(f, cell, d);
        found_bug(f, 1, 56);
        return 1;
    }
    if (popcount64(all) == 1) {
        int d = low32(all);
        f->elim_count = 0;
        FOR_BITS(c, s_and(g.common, s->dc[d])) add_elim(f, c, d);
        if (f->elim_count) {
            found_bug(f, 2, 57);
            return 1;
        }
        return g.count == 2 && bug4(&g, all, f);
    }
    if (s_any(g.common)) {
        if (g.count == 2 && bug4(&g, all, f)) return 1;
        return bug3(&g, all, f);
    }
    return 0;
}
