/* The grader's techniques past fish: wings, colouring, X- and XY-Chains, W-Wing, unique
   rectangle, BUG+1 and forcing chains (core/grade/techniques.py and advanced.py), in the
   Python's order; see grade.h. */

#include "grade.h"

static inline const word *peers_of(const GradeTables *t, int cell) {
    return t->peers + (size_t)cell * t->w;
}

static inline const word *cells_of(const GradeTables *t, const GradeState *s, int d) {
    return s->digit_cells + (size_t)d * t->w;
}

/* The open cells holding two candidates, ascending (advanced._bivalue_cells). */
static int bivalue_cells(const GradeTables *t, const GradeState *s, int *out) {
    int count = 0;
    FOR_EACH_BIT(s->open, t->w, cell) {
        if (digits_count(s->cell_digits[cell]) == 2) out[count++] = cell;
    }
    return count;
}

/* The `count` cells of `cells` as a set (w words, the scratch's last). */
static word *set_of(const GradeTables *t, Scratch *x, const int *cells, int count) {
    word *set = x->sets + 15 * (size_t)t->w;
    set_clear(set, t->w);
    for (int k = 0; k < count; k++) set_add(set, cells[k]);
    return set;
}

/* The bivalue cells (`bivalue`, a set) among the peers of `cell` (and the cells of `also`,
   if given), ascending: the order of a walk of the bivalue cells asking each. */
static int bivalue_peers(const GradeTables *t, const word *bivalue, int cell, const word *also,
                         int *out) {
    const word *peers = peers_of(t, cell);
    int count = 0;
    for (int i = 0; i < t->w; i++)
        for (word hit = peers[i] & bivalue[i] & (also ? also[i] : ~(word)0); hit; hit &= hit - 1)
            out[count++] = i * 64 + lowest_bit(hit);
    return count;
}

/* out := a & b (& c, if not NULL) */
static inline void both(const GradeTables *t, word *out, const word *a, const word *b,
                        const word *c) {
    for (int i = 0; i < t->w; i++) out[i] = a[i] & b[i] & (c ? c[i] : ~(word)0);
}

/* A fresh mark for x->mark (a set of cells or states, emptied at once). */
static int new_stamp(Scratch *x) { return ++x->stamp; }

/* --- wings ------------------------------------------------------------------------- */

/* xy_wing */
int xy_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const digits *cd = s->cell_digits;
    int *pairs = x->list_a, *pincers = x->list_b, count = bivalue_cells(t, s, pairs);
    word *seen_by_both = x->sets, *bivalue = set_of(t, x, pairs, count);
    for (int p = 0; p < count; p++) {
        int pivot = pairs[p], found = 0, near = bivalue_peers(t, bivalue, pivot, NULL, pincers);
        digits xy = cd[pivot];
        for (int k = 0; k < near; k++) /* kept in place, in order */
            if (digits_count(cd[pincers[k]] & xy) == 1) pincers[found++] = pincers[k];
        for (int a = 0; a < found; a++)
            for (int b = a + 1; b < found; b++) {
                int one = pincers[a], two = pincers[b];
                digits z = cd[one] & ~xy;
                if (z != (cd[two] & ~xy) || (cd[one] & xy) == (cd[two] & xy)) continue;
                int d = digits_top(z);
                both(t, seen_by_both, peers_of(t, one), peers_of(t, two), NULL);
                step_begin(step, T_XY_WING);
                if (step_removing(t, s, step, d, seen_by_both)) {
                    int params[] = {pivot, one, two, (int)xy, d};
                    for (int k = 0; k < 5; k++) step_param(step, params[k]);
                    return FOUND;
                }
            }
    }
    return NONE;
}

/* xyz_wing */
int xyz_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const digits *cd = s->cell_digits;
    int *pairs = x->list_a, *pincers = x->list_b, count = bivalue_cells(t, s, pairs);
    word *seen_by_all = x->sets, *bivalue = set_of(t, x, pairs, count);
    FOR_EACH_BIT(s->open, t->w, pivot) {
        digits xyz = cd[pivot];
        if (digits_count(xyz) != 3) continue;
        int found = 0, near = bivalue_peers(t, bivalue, pivot, NULL, pincers);
        for (int k = 0; k < near; k++) /* kept in place, in order */
            if (!(cd[pincers[k]] & ~xyz)) pincers[found++] = pincers[k];
        for (int a = 0; a < found; a++)
            for (int b = a + 1; b < found; b++) {
                int one = pincers[a], two = pincers[b];
                digits z = cd[one] & cd[two];
                if ((cd[one] | cd[two]) != xyz || digits_count(z) != 1) continue;
                int d = digits_top(z);
                both(t, seen_by_all, peers_of(t, pivot), peers_of(t, one), peers_of(t, two));
                step_begin(step, T_XYZ_WING);
                if (step_removing(t, s, step, d, seen_by_all)) {
                    int params[] = {pivot, one, two, (int)xyz, d};
                    for (int k = 0; k < 5; k++) step_param(step, params[k]);
                    return FOUND;
                }
            }
    }
    return NONE;
}

/* --- colouring ----------------------------------------------------------------------- */

/* The other cell of each unit of `cell` where digit d has exactly two places, one of
   them `cell` (its conjugate partners), into `partners`. */
static void partners_of(const GradeTables *t, const GradeState *s, const Scratch *x, int d,
                        int cell, word *partners) {
    set_clear(partners, t->w);
    for (int k = t->units_of_start[cell]; k < t->units_of_start[cell + 1]; k++) {
        int a, b;
        if (pair_in(t, s, x, d, t->units_of[k], &a, &b))
            set_add(partners, a), set_add(partners, b);
    }
    set_remove(partners, cell);
}

/* The cells of digit d's conjugate pairs in the order _colour_groups' dict first meets
   them (unit by unit, the lower cell of a pair first), into order; their count. */
static int link_order(const GradeTables *t, const GradeState *s, Scratch *x, int d, int *order,
                      int stamp) {
    int count = 0;
    for (int u = 0; u < t->units; u++) {
        int pair[2];
        if (!pair_in(t, s, x, d, u, &pair[0], &pair[1])) continue;
        for (int k = 0; k < 2; k++)
            if (x->mark[pair[k]] != stamp) {
                x->mark[pair[k]] = stamp;
                order[count++] = pair[k];
            }
    }
    return count;
}

/* One cluster of _colour_groups from `start`: its two colours into sides[0] and
   sides[1] (w words each), every cell reached marked with `stamp`; whether it is
   consistent (no two linked cells of one colour). Colours are kept in x->list_c. */
static int colour_cluster(const GradeTables *t, const GradeState *s, Scratch *x, int d,
                          int start, word *sides, int stamp, int *size) {
    int w = t->w, *colour = x->list_c, *stack = x->queue, top = 0, consistent = 1;
    word *partners = x->sets + 5 * w;
    set_clear(sides, 2 * w);
    colour[start] = 0;
    x->mark[start] = stamp;
    stack[top++] = start;
    *size = 0;
    while (top) {
        int cell = stack[--top];
        set_add(sides + (size_t)colour[cell] * w, cell);
        ++*size;
        partners_of(t, s, x, d, cell, partners);
        FOR_EACH_BIT(partners, w, other) {
            if (x->mark[other] != stamp) {
                x->mark[other] = stamp;
                colour[other] = 1 - colour[cell];
                stack[top++] = other;
            } else if (colour[other] == colour[cell]) {
                consistent = 0;
            }
        }
    }
    return consistent;
}

/* simple_colouring */
int simple_colouring(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int w = t->w, *order = x->list_a;
    word *sides = x->sets, *sees = x->sets + 2 * w, *trap = x->sets + 7 * w;
    for (int d = 0; d < t->n; d++) {
        int keys = link_order(t, s, x, d, order, new_stamp(x));
        int seen = new_stamp(x);
        for (int k = 0; k < keys; k++) {
            int size;
            if (x->mark[order[k]] == seen) continue;
            if (!colour_cluster(t, s, x, d, order[k], sides, seen, &size) || size <= 2) continue;
            set_clear(sees, 2 * w);
            for (int side = 0; side < 2; side++) {
                FOR_EACH_BIT(sides + (size_t)side * w, w, cell) {
                    const word *peers = peers_of(t, cell);
                    for (int i = 0; i < w; i++) sees[side * w + i] |= peers[i];
                }
            }
            for (int side = 0; side < 2; side++) {
                int wrap = 0;
                for (int i = 0; i < w; i++) wrap |= (sees[side * w + i] & sides[side * w + i]) != 0;
                if (wrap) {
                    step_begin(step, T_COLOURING);
                    step_removing(t, s, step, d, sides + (size_t)side * w);
                    step_param(step, d);
                    step_param(step, 1);
                    return FOUND;
                }
            }
            for (int i = 0; i < w; i++) trap[i] = sees[i] & sees[w + i] & ~(sides[i] | sides[w + i]);
            step_begin(step, T_COLOURING);
            if (step_removing(t, s, step, d, trap)) {
                step_param(step, d);
                step_param(step, 0);
                return FOUND;
            }
        }
    }
    return NONE;
}

/* --- chains -------------------------------------------------------------------------- */

/* The chain from the root to `last` by x->parent (-1 at the root), as step parameters;
   states are cell * per + value (per = 1: cells). */
static void chain_params(Scratch *x, CStep *step, int last, int per) {
    int length = 0, *back = x->order;
    for (int at = last; at >= 0; at = x->parent[at]) back[length++] = at / per;
    while (length) step_param(step, back[--length]);
}

/* _chain_ends from `start` for digit d, checking each end as x_chain does. */
static int x_chain_from(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int d,
                        int start) {
    int w = t->w, *queue = x->queue, head = 0, tail = 0, stamp = new_stamp(x);
    const word *mine = cells_of(t, s, d);
    word *partners = x->sets + 2 * w, *ends = x->sets + 4 * w;
    x->mark[start] = stamp;
    x->parent[start] = -1;
    queue[tail++] = start;
    while (head < tail) {
        int off = queue[head++];
        partners_of(t, s, x, d, off, partners);
        FOR_EACH_BIT(partners, w, on) {
            if (x->mark[on] == stamp || on == start) continue;
            x->mark[on] = stamp;
            x->parent[on] = off;
            both(t, ends, peers_of(t, start), peers_of(t, on), NULL);
            step_begin(step, T_X_CHAIN);
            if (step_removing(t, s, step, d, ends)) {
                step_param(step, d);
                chain_params(x, step, on, 1);
                return FOUND;
            }
            const word *peers = peers_of(t, on);
            for (int i = 0; i < w; i++)
                for (word weak = mine[i] & peers[i]; weak; weak &= weak - 1) {
                    int cell = i * 64 + lowest_bit(weak);
                    if (x->mark[cell] == stamp) continue;
                    x->mark[cell] = stamp;
                    x->parent[cell] = on;
                    queue[tail++] = cell;
                }
        }
    }
    return NONE;
}

/* x_chain */
int x_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int w = t->w;
    word *linked = x->sets;
    for (int d = 0; d < t->n; d++) {
        set_clear(linked, w);
        for (int u = 0; u < t->units; u++) {
            int a, b;
            if (pair_in(t, s, x, d, u, &a, &b)) set_add(linked, a), set_add(linked, b);
        }
        FOR_EACH_BIT(linked, w, start) {
            int found = x_chain_from(t, s, x, step, d, start);
            if (found) return found;
        }
    }
    return NONE;
}

/* _strong_link_between */
static int strong_link_between(const GradeTables *t, const GradeState *s, Scratch *x, int d,
                               int one, int two) {
    const word *p1 = peers_of(t, one), *p2 = peers_of(t, two);
    for (int u = 0; u < t->units; u++) {
        int a, b;
        if (!pair_in(t, s, x, d, u, &a, &b) || a == one || b == one || a == two || b == two)
            continue;
        if ((set_has(p1, a) && set_has(p2, b)) || (set_has(p1, b) && set_has(p2, a))) return 1;
    }
    return 0;
}

/* w_wing */
int w_wing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const digits *cd = s->cell_digits;
    int *pairs = x->list_a, count = bivalue_cells(t, s, pairs);
    word *seen_by_both = x->sets;
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++) {
            int one = pairs[a], two = pairs[b];
            digits xy = cd[one];
            if (cd[two] != xy || set_has(peers_of(t, one), two)) continue;
            for (digits left = xy; left; left &= left - 1) {
                int xd = lowest_bit(left), yd = digits_top(xy & ~((digits)1 << xd));
                if (!strong_link_between(t, s, x, xd, one, two)) continue;
                both(t, seen_by_both, peers_of(t, one), peers_of(t, two), NULL);
                step_begin(step, T_W_WING);
                if (step_removing(t, s, step, yd, seen_by_both)) {
                    int params[] = {one, two, (int)xy, xd, yd};
                    for (int k = 0; k < 5; k++) step_param(step, params[k]);
                    return FOUND;
                }
            }
        }
    return NONE;
}

/* --- uniqueness ---------------------------------------------------------------------- */

/* _swappable */
static int swappable(const GradeTables *t, int a, int b, int c, int d) {
    int w = t->w, corners[4] = {a, b, c, d};
    int sides[4][2] = {{a, b}, {c, d}, {a, c}, {b, d}};
    for (int k = 0; k < 4; k++) {
        int corner = corners[k];
        for (int j = t->units_of_start[corner]; j < t->units_of_start[corner + 1]; j++) {
            const word *unit = t->unit + (size_t)t->units_of[j] * w;
            int in[4], fits = 0;
            for (int m = 0; m < 4; m++) in[m] = set_has(unit, corners[m]);
            /* unit & corners must be one of the four sides (never empty: it holds corner) */
            for (int side = 0; side < 4 && !fits; side++) {
                int one = sides[side][0], two = sides[side][1], match = 1;
                for (int m = 0; m < 4; m++)
                    match &= in[m] == (corners[m] == one || corners[m] == two);
                fits = match;
            }
            if (!fits) return 0;
        }
    }
    return 1;
}

static inline int cell_at(const GradeTables *t, int row, int col) {
    return t->cell_at[(size_t)row * t->cols + col];
}

/* _rectangle_from */
static int rectangle_from(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                          int corner, int across, int pairs_stamp) {
    const digits *cd = s->cell_digits;
    digits xy = cd[corner];
    int row = t->row_of[corner], col = t->col_of[corner], across_col = t->col_of[across];
    for (int other_row = 0; other_row < t->rows; other_row++) {
        int below = cell_at(t, other_row, col), below_across = cell_at(t, other_row, across_col);
        if (other_row == row || below < 0 || below_across < 0 ||
            !swappable(t, corner, across, below, below_across))
            continue;
        int choices[2][2] = {{below, below_across}, {below_across, below}};
        for (int k = 0; k < 2; k++) {
            int bivalue = choices[k][0], fourth = choices[k][1];
            if (x->mark[bivalue] == pairs_stamp && cd[bivalue] == xy &&
                (cd[fourth] & xy) == xy && cd[fourth] != xy) {
                step_begin(step, T_UNIQUE_RECTANGLE);
                for (digits left = xy; left; left &= left - 1)
                    step_eliminate(step, fourth, lowest_bit(left) + 1);
                int params[] = {corner, across, bivalue, fourth, (int)xy};
                for (int m = 0; m < 5; m++) step_param(step, params[m]);
                return FOUND;
            }
        }
    }
    return NONE;
}

/* unique_rectangle */
int unique_rectangle(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const digits *cd = s->cell_digits;
    int *pairs = x->list_a, count = bivalue_cells(t, s, pairs), stamp = new_stamp(x);
    for (int k = 0; k < count; k++) x->mark[pairs[k]] = stamp;
    for (int k = 0; k < count; k++) {
        int corner = pairs[k], row = t->row_of[corner], col = t->col_of[corner];
        for (int other_col = 0; other_col < t->cols; other_col++) {
            int across = cell_at(t, row, other_col);
            if (other_col == col || across < 0 || x->mark[across] != stamp ||
                cd[across] != cd[corner])
                continue;
            int found = rectangle_from(t, s, x, step, corner, across, stamp);
            if (found) return found;
        }
    }
    return NONE;
}

/* bug_plus_one */
int bug_plus_one(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    (void)x;
    int wide = -1, count = 0;
    FOR_EACH_BIT(s->open, t->w, cell) {
        if (digits_count(s->cell_digits[cell]) != 2) {
            wide = cell;
            count++;
        }
    }
    if (count != 1 || digits_count(s->cell_digits[wide]) != 3) return NONE;
    for (digits left = s->cell_digits[wide]; left; left &= left - 1) {
        int d = lowest_bit(left), all = 1;
        const word *mine = cells_of(t, s, d);
        for (int k = t->units_of_start[wide]; k < t->units_of_start[wide + 1] && all; k++) {
            const word *unit = t->unit + (size_t)t->units_of[k] * t->w;
            int here = 0;
            for (int i = 0; i < t->w; i++) here += popcount64(mine[i] & unit[i]);
            all = here == 3;
        }
        if (all) {
            step_begin(step, T_BUG);
            step_place(step, wide, d + 1);
            return FOUND;
        }
    }
    return NONE;
}

/* --- XY-Chain ------------------------------------------------------------------------ */

/* _xy_chain_from: states are cell * n + the value it holds (0-based). */
static int xy_chain_from(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                         int start, int xd, const word *bivalue) {
    const digits *cd = s->cell_digits;
    int n = t->n, *queue = x->queue, head = 0, tail = 0, stamp = new_stamp(x);
    int *near = x->list_b;
    word *ends = x->sets;
    int first = start * n + digits_top(cd[start] & ~((digits)1 << xd));
    x->mark[first] = stamp;
    x->parent[first] = -1;
    queue[tail++] = first;
    while (head < tail) {
        int at = queue[head++], cell = at / n, true_value = at % n;
        /* the bivalue peers holding the value, in the order of the bivalue cells */
        int count = bivalue_peers(t, bivalue, cell, cells_of(t, s, true_value), near);
        for (int k = 0; k < count; k++) {
            int next = near[k];
            int value = digits_top(cd[next] & ~((digits)1 << true_value));
            int state = next * n + value;
            if (x->mark[state] == stamp) continue;
            x->mark[state] = stamp;
            x->parent[state] = at;
            if (value == xd) {
                both(t, ends, peers_of(t, start), peers_of(t, next), NULL);
                step_begin(step, T_XY_CHAIN);
                if (step_removing(t, s, step, xd, ends)) {
                    step_param(step, xd);
                    chain_params(x, step, state, n);
                    return FOUND;
                }
            }
            queue[tail++] = state;
        }
    }
    return NONE;
}

/* xy_chain */
int xy_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int *pairs = x->list_a, count = bivalue_cells(t, s, pairs);
    const word *bivalue = set_of(t, x, pairs, count);
    for (int k = 0; k < count; k++)
        for (digits left = s->cell_digits[pairs[k]]; left; left &= left - 1) {
            int found = xy_chain_from(t, s, x, step, pairs[k], lowest_bit(left), bivalue);
            if (found) return found;
        }
    return NONE;
}

/* --- forcing chains ------------------------------------------------------------------ */

void solver_boards(const GradeTables *t, const GradeState *s, word *boards, word *placed) {
    int w = t->w;
    set_copy(boards, s->digit_cells, t->n * w);
    for (int cell = 0; cell < t->cells; cell++)
        if (s->values[cell]) set_add(boards + (size_t)(s->values[cell] - 1) * w, cell);
    for (int i = 0; i < w; i++) placed[i] = t->board->full[i] & ~s->open[i];
}

int contradiction_chains(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                         int technique, const word *boards, const word *placed, Rounds rounds) {
    int w = t->w, n = t->n, shortest = 0;
    word *trial = x->boards, *trial_placed = x->boards + (size_t)n * w;
    step_begin(step, technique);
    for (int count = 1; count <= n; count++) {
        FOR_EACH_BIT(s->open, w, cell) {
            if (digits_count(s->cell_digits[cell]) != count) continue;
            for (digits left = s->cell_digits[cell]; left; left &= left - 1) {
                int d = lowest_bit(left);
                set_copy(trial, boards, n * w);
                for (int e = 0; e < n; e++) set_remove(trial + (size_t)e * w, cell);
                set_add(trial + (size_t)d * w, cell);
                set_copy(trial_placed, placed, w);
                set_remove(trial_placed, cell);
                int length = rounds(t, s, x, trial, trial_placed);
                if (length < 0) return NO_MEMORY;
                if (length) {
                    step_eliminate(step, cell, d + 1);
                    if (!shortest || length < shortest) shortest = length;
                }
            }
        }
        if (step->eliminations) {
            step->length = shortest;
            step_param(step, shortest);
            return FOUND;
        }
    }
    return NONE;
}

static int singles_rounds(const GradeTables *t, GradeState *s, Scratch *x, word *trial,
                          word *placed) {
    (void)s;
    return solver_rounds_in(t->board, x->ws, trial, placed);
}

/* forcing_chain */
int forcing_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    word *boards = x->settled, *placed = x->settled + (size_t)t->n * t->w;
    solver_boards(t, s, boards, placed);
    return contradiction_chains(t, s, x, step, T_FORCING, boards, placed, singles_rounds);
}
