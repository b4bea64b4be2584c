/* A Killer's cage tables, the Killer solver's settle (core/killer/solver.py) and the cage
   techniques (core/killer/techniques.py); see killergrade.h. Each function names the
   Python it mirrors. */

#include <stdlib.h>

#include "killergrade.h"

#define CONTRADICTION (-1)
#define UNCHANGED 0
#define CHANGED 1

/* --- the tables ------------------------------------------------------------------- */

/* Cages.areas' Area of one group of units (cells, units of them), into area `a`. */
static void area_of(KillerTables *k, int a, const word *cells, int units) {
    int w = k->w, n = k->n, inside_total = 0, crossing_total = 0;
    word *innies = k->innies + (size_t)a * w, *outies = k->outies + (size_t)a * w;
    set_clear(innies, w);
    for (int c = 0; c < k->cages; c++) {
        const word *mask = k->mask + (size_t)c * w;
        int inside = 1, meets = 0;
        for (int i = 0; i < w; i++) {
            inside &= !(mask[i] & ~cells[i]);
            meets |= (mask[i] & cells[i]) != 0;
        }
        if (inside) {
            inside_total += k->total[c];
        } else if (meets) {
            crossing_total += k->total[c];
            for (int i = 0; i < w; i++) innies[i] |= mask[i]; /* crossing, for now */
        }
    }
    for (int i = 0; i < w; i++) {
        outies[i] = innies[i] & ~cells[i];
        innies[i] &= cells[i];
    }
    k->area_units[a] = units;
    k->innie_total[a] = units * n * (n + 1) / 2 - inside_total;
    k->outie_total[a] = crossing_total - k->innie_total[a];
}

/* Add (mask, total) to Cages.sums unless it is there already. */
static void add_sum(KillerTables *k, const word *mask, int total) {
    for (int j = 0; j < k->sums; j++)
        if (k->sum_total[j] == total && set_equal(k->sum_mask + (size_t)j * k->w, mask, k->w))
            return;
    set_copy(k->sum_mask + (size_t)k->sums * k->w, mask, k->w);
    k->sum_total[k->sums++] = total;
}

/* Cages.sums: the cages, then each area's innies and outies of 1 to n cells. */
static void find_sums(KillerTables *k) {
    k->sums = 0;
    for (int c = 0; c < k->cages; c++) add_sum(k, k->mask + (size_t)c * k->w, k->total[c]);
    for (int a = 0; a < k->areas; a++) {
        const word *sides[2] = {k->innies + (size_t)a * k->w, k->outies + (size_t)a * k->w};
        int totals[2] = {k->innie_total[a], k->outie_total[a]};
        for (int side = 0; side < 2; side++) {
            int count = set_count(sides[side], k->w);
            if (count && count <= k->n) add_sum(k, sides[side], totals[side]);
        }
    }
}

int killer_tables_init(KillerTables *k, const GradeTables *t, int cages, const int *cage_start,
                       const int *cage_cells, const int *total, const int *combo_start,
                       const digits *combo) {
    int w = t->w, cells = t->cells, combos = combo_start[cages], areas = t->groups;
    int most_sums = cages + 2 * areas;
    size_t ints = (size_t)2 * (cages + 1) + 2 * cells + cages + 3 * (size_t)areas + most_sums;
    size_t words = (size_t)w * (cages + 2 * (size_t)areas + most_sums);
    k->storage = calloc(1, words * sizeof(word) + ints * sizeof(int) + (combos + 1) * sizeof(digits));
    int memberships = t->units_of_start[cells];
    if (!k->storage || board_alloc(&k->board, t->n, cells, t->units, t->units, memberships) < 0) {
        free(k->storage);
        k->storage = NULL;
        return -1;
    }
    k->n = t->n, k->cells = cells, k->w = w, k->cages = cages, k->areas = areas;
    word *wp = k->storage;
    k->mask = wp, wp += (size_t)cages * w;
    k->innies = wp, wp += (size_t)areas * w;
    k->outies = wp, wp += (size_t)areas * w;
    k->sum_mask = wp, wp += (size_t)most_sums * w;
    int *ip = (int *)wp;
    k->cage_start = ip, ip += cages + 1;
    k->cage_cells = ip, ip += cells;
    k->total = ip, ip += cages;
    k->cage_of = ip, ip += cells;
    k->combo_start = ip, ip += cages + 1;
    k->area_units = ip, ip += areas;
    k->innie_total = ip, ip += areas;
    k->outie_total = ip, ip += areas;
    k->sum_total = ip, ip += most_sums;
    k->combo = (digits *)ip;
    memcpy(k->cage_start, cage_start, sizeof(int) * (cages + 1));
    memcpy(k->cage_cells, cage_cells, sizeof(int) * cells);
    memcpy(k->total, total, sizeof(int) * cages);
    memcpy(k->combo_start, combo_start, sizeof(int) * (cages + 1));
    memcpy(k->combo, combo, sizeof(digits) * combos);
    k->combo_most = 0;
    for (int c = 0; c < cages; c++) {
        if (combo_start[c + 1] - combo_start[c] > k->combo_most)
            k->combo_most = combo_start[c + 1] - combo_start[c];
        for (int j = cage_start[c]; j < cage_start[c + 1]; j++) {
            k->cage_of[cage_cells[j]] = c;
            set_add(k->mask + (size_t)c * w, cage_cells[j]);
        }
    }
    for (int a = 0; a < areas; a++) area_of(k, a, t->group_cells + (size_t)a * w, t->group_units[a]);
    find_sums(k);
    Board *b = &k->board;
    set_copy(b->full, t->board->full, w);
    set_copy(board_mask_words(b, 0), t->unit, t->units * w);
    for (int cell = 0; cell < cells; cell++) {  /* Cages.peer_masks: cage mates too */
        word *peers = board_mask_words(b, t->units + cell);
        const word *mates = k->mask + (size_t)k->cage_of[cell] * w;
        for (int i = 0; i < w; i++) peers[i] = t->peers[(size_t)cell * w + i] | mates[i];
        set_remove(peers, cell);
    }
    memcpy(b->cell_unit_start, t->units_of_start, sizeof(int) * (cells + 1));
    memcpy(b->cell_unit, t->units_of, sizeof(int) * memberships);
    board_finish(b, t->units);
    return 0;
}

void killer_tables_free(KillerTables *k) {
    free(k->storage);
    k->storage = NULL;
    board_free(&k->board);
}

const Board *killer_board(const KillerTables *k) { return &k->board; }

static inline const word *cage_peers(const KillerTables *k, int cell) {
    return k->board.peers[cell].bits;
}

/* --- KillerCandidates.place ---------------------------------------------------------- */

void killer_placing(const GradeTables *t, GradeState *s, int cell, int d) {
    const word *mine = s->digit_cells + (size_t)d * t->w, *peers = cage_peers(s->killer, cell);
    for (int i = 0; i < t->w; i++) s->unsettled[i] |= mine[i] & peers[i];
    set_add(s->unsettled, cell);
}

void killer_placed(const GradeTables *t, GradeState *s, int cell, int d) {
    const KillerTables *k = s->killer;
    word *mine = s->digit_cells + (size_t)d * t->w;
    const word *cage = k->mask + (size_t)k->cage_of[cell] * t->w;
    for (int i = 0; i < t->w; i++) {
        for (word mates = mine[i] & cage[i]; mates; mates &= mates - 1)
            s->cell_digits[i * 64 + lowest_bit(mates)] &= ~((digits)1 << d);
        mine[i] &= ~cage[i];
    }
}

/* --- the Killer solver's settle -------------------------------------------------------- */

int killer_settle_init(KillerSettle *ks, const KillerTables *k, int own_workspace) {
    size_t n = (size_t)k->n, w = (size_t)k->w;
    ks->k = k;
    ks->buffers = malloc(sizeof(word) * w * (3 * n + 2 * (n + 1) + 4));
    ks->low = malloc(sizeof(int) * 2 * (size_t)k->cells);
    ks->ws = own_workspace ? solver_workspace(&k->board, 0) : NULL;
    if (!ks->buffers || !ks->low || (own_workspace && !ks->ws)) {
        killer_settle_free(ks);
        return -1;
    }
    ks->here = ks->buffers + 2 * n * w;
    ks->below = ks->here + n * w;
    ks->above = ks->below + (n + 1) * w;
    ks->touched = ks->above + (n + 1) * w;
    ks->unbounded = ks->touched + w;
    ks->changed = ks->unbounded + w;
    ks->placed_before = ks->changed + w;
    ks->high = ks->low + k->cells;
    return 0;
}

void killer_settle_free(KillerSettle *ks) {
    free(ks->buffers);
    free(ks->low);
    ks->low = NULL;
    solver_workspace_free(ks->ws);
    ks->buffers = NULL;
    ks->ws = NULL;
}

static int intersects(const word *a, const word *b, int w) {
    for (int i = 0; i < w; i++)
        if (a[i] & b[i]) return 1;
    return 0;
}

/* _place_required */
static int place_required(const KillerTables *k, word *boards, int d, word *places,
                          const word *mask) {
    int w = k->w, where = set_single(places, w), changed = UNCHANGED;
    if (where == -1) return CONTRADICTION;
    if (where >= 0) {
        for (int e = 0; e < k->n; e++) {
            word *b = boards + (size_t)e * w;
            if (e != d && intersects(b, places, w)) {
                for (int i = 0; i < w; i++) b[i] &= ~places[i];
                changed = CHANGED;
            }
        }
        return changed;
    }
    int highest = 0;
    for (int i = w - 1; i >= 0; i--)
        if (places[i]) {
            highest = i * 64 + word_top(places[i]);
            break;
        }
    word *mine = boards + (size_t)d * w;
    const Board *b = &k->board;
    for (int j = b->cell_unit_start[highest]; j < b->cell_unit_start[highest + 1]; j++) {
        const word *unit = b->unit[b->cell_unit[j]].bits;
        int inside = 1, outside = 0;
        for (int i = 0; i < w; i++) {
            inside &= !(places[i] & ~unit[i]);
            outside |= (mine[i] & unit[i] & ~mask[i]) != 0;
        }
        if (inside && outside) {
            for (int i = 0; i < w; i++) mine[i] &= ~(unit[i] & ~mask[i]);
            changed = CHANGED;
        }
    }
    return changed;
}

/* _narrow_cage */
static int narrow_cage(const KillerTables *k, word *boards, const word *placed, int c,
                       word *places) {
    int w = k->w;
    const word *mask = k->mask + (size_t)c * w;
    digits possible = 0, fixed = 0, uni = 0, common = ~(digits)0;
    for (int d = 0; d < k->n; d++) {
        const word *b = boards + (size_t)d * w;
        int here = 0, held = 0;
        for (int i = 0; i < w; i++) {
            here |= (b[i] & mask[i]) != 0;
            held |= (b[i] & mask[i] & placed[i]) != 0;
        }
        if (here) possible |= (digits)1 << d;
        if (held) fixed |= (digits)1 << d;
    }
    for (int j = k->combo_start[c]; j < k->combo_start[c + 1]; j++) {
        digits combo = k->combo[j];
        if ((combo & fixed) == fixed && !(combo & ~possible)) {
            uni |= combo;
            common &= combo;
        }
    }
    if (!uni) return CONTRADICTION;
    int changed = UNCHANGED;
    for (digits gone = possible & ~uni; gone; gone &= gone - 1) {
        word *b = boards + (size_t)lowest_bit(gone) * w;
        for (int i = 0; i < w; i++) b[i] &= ~mask[i];
        changed = CHANGED;
    }
    for (digits needed = common & ~fixed; needed; needed &= needed - 1) {
        int d = lowest_bit(needed);
        const word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++) places[i] = b[i] & mask[i] & ~placed[i];
        int result = place_required(k, boards, d, places, mask);
        if (result == CONTRADICTION) return result;
        changed |= result;
    }
    return changed;
}

/* narrow_cages */
static int narrow_cages(KillerSettle *ks, word *boards, const word *placed, const word *touched) {
    const KillerTables *k = ks->k;
    int changed = UNCHANGED;
    for (int c = 0; c < k->cages; c++) {
        if (!intersects(k->mask + (size_t)c * k->w, touched, k->w)) continue;
        int result = narrow_cage(k, boards, placed, c, ks->changed);
        if (result == CONTRADICTION) return result;
        changed |= result;
    }
    return changed;
}

/* _bound_sum */
static int bound_sum(KillerSettle *ks, word *boards, const word *mask, int total) {
    const KillerTables *k = ks->k;
    int n = k->n, w = k->w, least = 0, most = 0;
    word *here = ks->here, *below = ks->below, *above = ks->above, *seen = ks->changed;
    for (int d = 0; d < n; d++) {
        const word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++) here[(size_t)d * w + i] = b[i] & mask[i];
    }
    set_clear(below, w);
    set_clear(seen, w);
    for (int d = 0; d < n; d++) {
        int fresh = 0;
        for (int i = 0; i < w; i++) {
            word new_cells = here[(size_t)d * w + i] & ~seen[i];
            fresh += popcount64(new_cells);
            seen[i] |= new_cells;
        }
        least += (d + 1) * fresh;
        set_copy(below + (size_t)(d + 1) * w, seen, w);
    }
    set_clear(above + (size_t)n * w, w);
    set_clear(seen, w);
    for (int d = n - 1; d >= 0; d--) {
        int fresh = 0;
        for (int i = 0; i < w; i++) {
            word new_cells = here[(size_t)d * w + i] & ~seen[i];
            fresh += popcount64(new_cells);
            seen[i] |= new_cells;
        }
        most += (d + 1) * fresh;
        set_copy(above + (size_t)d * w, seen, w);
    }
    int over = total - least, under = most - total;
    if (over < 0 || under < 0) return CONTRADICTION;
    if (over >= n - 1 && under >= n - 1) return UNCHANGED;
    int changed = UNCHANGED;
    for (int d = 0; d < n; d++) {
        int low = d - over, high = d + under + 1;
        low = low < 0 ? 0 : low > n ? n : low;
        high = high > n ? n : high;
        const word *lo = below + (size_t)low * w, *hi = above + (size_t)high * w;
        word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++) {
            word cut = here[(size_t)d * w + i] & (lo[i] | hi[i]);
            if (cut) {
                b[i] &= ~cut;
                changed = CHANGED;
            }
        }
    }
    return changed;
}

/* Each cell's smallest and largest candidate value (0 with none), from the boards. */
static void cell_bounds(KillerSettle *ks, const word *boards, const word *cells) {
    const KillerTables *k = ks->k;
    int w = k->w;
    for (int d = k->n - 1; d >= 0; d--) { /* descending: the smallest is written last */
        const word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++)
            for (word hit = b[i] & cells[i]; hit; hit &= hit - 1) ks->low[i * 64 + lowest_bit(hit)] = d + 1;
    }
    for (int d = 0; d < k->n; d++) {
        const word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++)
            for (word hit = b[i] & cells[i]; hit; hit &= hit - 1) ks->high[i * 64 + lowest_bit(hit)] = d + 1;
    }
}

/* bound_sums. A group's least and greatest sums come from each cell's smallest and largest
   candidates, kept up to date here, so that only groups whose cells' candidates span too
   much for their total go through _bound_sum's count (the same result: _bound_sum leaves
   such groups unchanged, and finds the same contradictions). */
static int bound_sums(KillerSettle *ks, word *boards, const word *touched) {
    const KillerTables *k = ks->k;
    int changed = UNCHANGED, n = k->n, w = k->w;
    for (int cell = 0; cell < k->cells; cell++) ks->low[cell] = ks->high[cell] = 0;
    cell_bounds(ks, boards, k->board.full);
    for (int j = 0; j < k->sums; j++) {
        const word *mask = k->sum_mask + (size_t)j * w;
        if (!intersects(mask, touched, w)) continue;
        int least = 0, most = 0, total = k->sum_total[j];
        FOR_EACH_BIT(mask, w, cell) {
            least += ks->low[cell];
            most += ks->high[cell];
        }
        if (total - least < 0 || most - total < 0) return CONTRADICTION;
        if (total - least >= n - 1 && most - total >= n - 1) continue;
        int result = bound_sum(ks, boards, mask, total);
        if (result == CONTRADICTION) return result;
        if (result == CHANGED) {
            FOR_EACH_BIT(mask, w, cell) ks->low[cell] = ks->high[cell] = 0;
            cell_bounds(ks, boards, mask);
            changed = CHANGED;
        }
    }
    return changed;
}

int killer_settle(KillerSettle *ks, Workspace *ws, word *boards, word *placed,
                  const word *scanned, int *rounds) {
    const KillerTables *k = ks->k;
    int n = k->n, w = k->w, which = 0;
    const word *before = scanned, *scan = scanned;
    if (!ws) ws = ks->ws;
    set_copy(ks->placed_before, placed, w);
    set_clear(ks->unbounded, w);
    *rounds = 0;
    for (;;) {
        ++*rounds;
        if (solver_propagate_in(&k->board, ws, boards, placed, scan) < 0) return -1;
        word *copy = ks->buffers + (size_t)which * n * w;
        which ^= 1;
        set_copy(copy, boards, n * w);
        for (int i = 0; i < w; i++) {
            word changed = before ? 0 : k->board.full[i];
            if (before)
                for (int d = 0; d < n; d++) changed |= before[(size_t)d * w + i] ^ boards[(size_t)d * w + i];
            ks->touched[i] = changed | (placed[i] ^ ks->placed_before[i]);
            ks->unbounded[i] |= ks->touched[i];
        }
        int narrowed = narrow_cages(ks, boards, placed, ks->touched);
        if (narrowed == UNCHANGED) {
            narrowed = bound_sums(ks, boards, ks->unbounded);
            set_clear(ks->unbounded, w);
        }
        if (narrowed == CONTRADICTION) return -1;
        if (narrowed == UNCHANGED) return 0;
        before = scan = copy;
        set_copy(ks->placed_before, placed, w);
    }
}

int killer_settle_hook(void *context, const Board *board, Workspace *ws, word *boards,
                       word *placed, const word *scanned) {
    (void)board;
    int rounds;
    return killer_settle(context, ws, boards, placed, scanned, &rounds);
}

/* --- cages as a state sees them ------------------------------------------------------ */

typedef struct {
    int index, open_count, remaining;
    digits placed;
    int open[32];
} CageView;

/* cage_view */
static void cage_view(const GradeState *s, int c, CageView *view) {
    const KillerTables *k = s->killer;
    view->index = c;
    view->open_count = 0;
    view->placed = 0;
    view->remaining = k->total[c];
    for (int j = k->cage_start[c]; j < k->cage_start[c + 1]; j++) {
        int cell = k->cage_cells[j], value = s->values[cell];
        if (value) {
            view->placed |= (digits)1 << (value - 1);
            view->remaining -= value;
        } else if (view->open_count < 32) {
            view->open[view->open_count++] = cell;
        }
    }
}

/* fitting_combinations, into out; their count. */
static int fitting(const GradeState *s, const CageView *view, digits *out) {
    const KillerTables *k = s->killer;
    digits possible = view->placed;
    int count = 0;
    for (int j = 0; j < view->open_count; j++) possible |= s->cell_digits[view->open[j]];
    for (int j = k->combo_start[view->index]; j < k->combo_start[view->index + 1]; j++) {
        digits combo = k->combo[j];
        if ((combo & view->placed) == view->placed && !(combo & ~possible)) out[count++] = combo;
    }
    return count;
}

/* _combination_step */
static int combination_step(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                            const CageView *view) {
    digits *combos = x->fit, allowed = 0, common = ~(digits)0;
    int count = fitting(s, view, combos);
    (void)t;
    if (!count) return NONE;
    for (int j = 0; j < count; j++) {
        allowed |= combos[j];
        common &= combos[j];
    }
    step_begin(step, T_CAGE_COMBINATIONS);
    for (int j = 0; j < view->open_count; j++) {
        int cell = view->open[j];
        for (digits gone = s->cell_digits[cell] & ~allowed; gone; gone &= gone - 1)
            step_eliminate(step, cell, lowest_bit(gone) + 1);
    }
    if (step->eliminations) {
        step_param(step, view->index);
        for (int j = 0; j < count; j++) step_param(step, (int)combos[j]);
        return FOUND;
    }
    for (digits needed = common & ~view->placed; needed; needed &= needed - 1) {
        int d = lowest_bit(needed), place = -1, places = 0;
        for (int j = 0; j < view->open_count; j++)
            if (s->cell_digits[view->open[j]] >> d & 1) {
                place = view->open[j];
                places++;
            }
        if (places == 1) {
            step_place(step, place, d + 1);
            step_param(step, view->index);
            return FOUND;
        }
    }
    return NONE;
}

/* cage_combinations */
int cage_combinations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    CageView view;
    for (int c = 0; c < s->killer->cages; c++) {
        cage_view(s, c, &view);
        if (!view.open_count) continue;
        int found = combination_step(t, s, x, step, &view);
        if (found) return found;
    }
    return NONE;
}

int apply_cage_combinations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const KillerTables *k = s->killer;
    int w = t->w, found = 0;
    word *unsettled = x->sets + 15 * w;
    set_copy(unsettled, s->unsettled, w);
    set_clear(s->unsettled, w);
    CageView view;
    for (int c = 0; c < k->cages; c++) {
        const word *mask = k->mask + (size_t)c * w;
        if (!intersects(mask, unsettled, w) || !intersects(mask, s->open, w)) continue;
        cage_view(s, c, &view);
        if (combination_step(t, s, x, step, &view) == FOUND) {
            state_apply(t, s, step);
            found = 1;
        }
    }
    return found;
}

/* cage_unit_intersection */
int cage_unit_intersection(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    const KillerTables *k = s->killer;
    int w = t->w;
    word *places = x->sets, *removed = x->sets + w;
    digits *combos = x->fit;
    CageView view;
    for (int c = 0; c < k->cages; c++) {
        cage_view(s, c, &view);
        if (!view.open_count) continue;
        int count = fitting(s, &view, combos);
        if (!count) continue;
        digits common = ~(digits)0;
        for (int j = 0; j < count; j++) common &= combos[j];
        const word *mask = k->mask + (size_t)c * w;
        for (digits needed = common & ~view.placed; needed; needed &= needed - 1) {
            int d = lowest_bit(needed), highest = -1;
            const word *mine = s->digit_cells + (size_t)d * w;
            for (int i = 0; i < w; i++) places[i] = mine[i] & mask[i];
            for (int i = w - 1; i >= 0 && highest < 0; i--)
                if (places[i]) highest = i * 64 + word_top(places[i]);
            if (highest < 0) continue;
            for (int j = t->units_of_start[highest]; j < t->units_of_start[highest + 1]; j++) {
                int u = t->units_of[j], inside = 1, any = 0;
                const word *unit = t->unit + (size_t)u * w;
                for (int i = 0; i < w; i++) {
                    removed[i] = mine[i] & unit[i] & ~mask[i];
                    any |= removed[i] != 0;
                    inside &= !(places[i] & ~unit[i]);
                }
                if (inside && any) {
                    step_begin(step, T_CAGE_UNIT);
                    FOR_EACH_BIT(removed, w, cell) step_eliminate(step, cell, d + 1);
                    step_param(step, c);
                    step_param(step, d);
                    step_param(step, u);
                    return FOUND;
                }
            }
        }
    }
    return NONE;
}

static inline int lowest_value(digits x) { return x ? lowest_bit(x) + 1 : 0; }
static inline int highest_value(digits x) { return x ? digits_top(x) + 1 : 0; }

/* cage_min_max */
int cage_min_max(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    (void)x;
    CageView view;
    for (int c = 0; c < s->killer->cages; c++) {
        cage_view(s, c, &view);
        if (view.open_count < 2) continue;
        int all_low = 0, all_high = 0;
        for (int j = 0; j < view.open_count; j++) {
            all_low += lowest_value(s->cell_digits[view.open[j]]);
            all_high += highest_value(s->cell_digits[view.open[j]]);
        }
        step_begin(step, T_CAGE_MIN_MAX);
        for (int j = 0; j < view.open_count; j++) {
            int cell = view.open[j];
            digits mine = s->cell_digits[cell];
            int least = view.remaining - (all_high - highest_value(mine));
            int most = view.remaining - (all_low - lowest_value(mine));
            for (digits left = mine; left; left &= left - 1) {
                int value = lowest_bit(left) + 1;
                if (!(least <= value && value <= most)) step_eliminate(step, cell, value);
            }
        }
        if (step->eliminations) {
            step_param(step, c);
            step_param(step, view.remaining);
            return FOUND;
        }
    }
    (void)t;
    return NONE;
}

/* --- fillings ------------------------------------------------------------------------ */

typedef struct {
    int count;
    const digits *cell_digits;       /* by cell position */
    int order[32], lows[32], highs[32], chosen[32];
    int must_differ[32][32], differs[32]; /* per place: earlier places it differs from */
    digits kept[32];
} Filling;

/* fillings()'s extend */
static int extend(Filling *f, int place, int left) {
    if (place == f->count) {
        if (left) return 0;
        for (int p = 0; p < f->count; p++) f->kept[f->order[p]] |= (digits)1 << (f->chosen[p] - 1);
        return 1;
    }
    int rest_low = 0, rest_high = 0, found = 0;
    for (int p = place + 1; p < f->count; p++) {
        rest_low += f->lows[p];
        rest_high += f->highs[p];
    }
    for (digits left_digits = f->cell_digits[f->order[place]]; left_digits;
         left_digits &= left_digits - 1) {
        int value = lowest_bit(left_digits) + 1, clash = 0;
        if (!(rest_low <= left - value && left - value <= rest_high)) continue;
        for (int q = 0; q < f->differs[place] && !clash; q++)
            clash = f->chosen[f->must_differ[place][q]] == value;
        if (clash) continue;
        f->chosen[place] = value;
        found |= extend(f, place + 1, left - value);
    }
    return found;
}

/* fillings(digits, total, differ): `differ(i, j)` for i, j positions is `apart[i][j]`. */
static void fillings(Filling *f, const digits *cell_digits, int count, int total,
                     const unsigned char apart[32][32]) {
    f->count = count;
    f->cell_digits = cell_digits;
    for (int i = 0; i < count; i++) {
        f->order[i] = i;
        f->kept[i] = 0;
    }
    for (int i = 1; i < count; i++) { /* a stable sort by candidate count */
        int cell = f->order[i], j = i;
        for (; j > 0 && digits_count(cell_digits[f->order[j - 1]]) > digits_count(cell_digits[cell]); j--)
            f->order[j] = f->order[j - 1];
        f->order[j] = cell;
    }
    int rank[32];
    for (int p = 0; p < count; p++) rank[f->order[p]] = p;
    for (int p = 0; p < count; p++) {
        int i = f->order[p];
        f->differs[p] = 0;
        for (int j = 0; j < count; j++)
            if (j != i && apart[i][j] && rank[j] < p) f->must_differ[p][f->differs[p]++] = rank[j];
        f->lows[p] = lowest_value(cell_digits[i]);
        f->highs[p] = highest_value(cell_digits[i]);
    }
    extend(f, 0, total);
}

/* The eliminations of a filling: each cell's candidates no filling puts there. */
static void eliminate_unfilled(CStep *step, const int *cells, const digits *cell_digits,
                               const Filling *f, int count) {
    for (int i = 0; i < count; i++)
        for (digits gone = cell_digits[i] & ~f->kept[i]; gone; gone &= gone - 1)
            step_eliminate(step, cells[i], lowest_bit(gone) + 1);
}

/* cage_permutations */
int cage_permutations(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    static unsigned char all_apart[32][32];
    static int ready = 0;
    if (!ready) {
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 32; j++) all_apart[i][j] = i != j;
        ready = 1;
    }
    (void)x, (void)t;
    CageView view;
    Filling f;
    digits mine[32];
    for (int c = 0; c < s->killer->cages; c++) {
        cage_view(s, c, &view);
        if (!view.open_count) continue;
        for (int j = 0; j < view.open_count; j++) mine[j] = s->cell_digits[view.open[j]];
        fillings(&f, mine, view.open_count, view.remaining, all_apart);
        step_begin(step, T_CAGE_PERMUTATIONS);
        eliminate_unfilled(step, view.open, mine, &f, view.open_count);
        if (step->eliminations) {
            step_param(step, c);
            step_param(step, view.remaining);
            return FOUND;
        }
    }
    return NONE;
}

/* --- the 45 rule ------------------------------------------------------------------- */

/* _open_part of an area's side (0 innies, 1 outies): the open cells into `open`, and
   what they add up to. */
static int open_part(const GradeTables *t, const GradeState *s, int area, int side,
                     word *open) {
    const KillerTables *k = s->killer;
    const word *cells = (side ? k->outies : k->innies) + (size_t)area * t->w;
    int remaining = side ? k->outie_total[area] : k->innie_total[area];
    for (int i = 0; i < t->w; i++) {
        open[i] = cells[i] & s->open[i];
        for (word held = cells[i] & ~s->open[i]; held; held &= held - 1)
            remaining -= s->values[i * 64 + lowest_bit(held)];
    }
    return remaining;
}

/* _forty_five */
static int forty_five(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int several,
                      int technique) {
    const KillerTables *k = s->killer;
    word *open = x->sets;
    for (int area = 0; area < k->areas; area++) {
        if ((k->area_units[area] > 1) != several) continue;
        for (int side = 0; side < 2; side++) {
            int remaining = open_part(t, s, area, side, open), cell = set_single(open, t->w);
            if (cell < 0) continue;
            if (1 <= remaining && remaining <= t->n && s->cell_digits[cell] >> (remaining - 1) & 1) {
                step_begin(step, technique);
                step_place(step, cell, remaining);
                step_param(step, area);
                step_param(step, side);
                return FOUND;
            }
        }
    }
    return NONE;
}

int rule_of_45(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return forty_five(t, s, x, step, 0, T_RULE_45);
}

int rule_of_45_units(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return forty_five(t, s, x, step, 1, T_RULE_45_UNITS);
}

/* _innies_and_outies over `low` to `high` open cells */
static int innies_outies(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                         int low, int high, int technique) {
    const KillerTables *k = s->killer;
    word *open = x->sets;
    int cells[32];
    digits mine[32];
    unsigned char apart[32][32];
    Filling f;
    for (int area = 0; area < k->areas; area++) {
        for (int side = 0; side < 2; side++) {
            int remaining = open_part(t, s, area, side, open), count = set_count(open, t->w);
            if (count < low || count > high || count > 32) continue;
            count = 0;
            FOR_EACH_BIT(open, t->w, cell) cells[count++] = cell;
            for (int i = 0; i < count; i++) {
                mine[i] = s->cell_digits[cells[i]];
                for (int j = 0; j < count; j++)
                    apart[i][j] = i != j && set_has(cage_peers(k, cells[i > j ? i : j]), cells[i > j ? j : i]);
            }
            fillings(&f, mine, count, remaining, apart);
            step_begin(step, technique);
            eliminate_unfilled(step, cells, mine, &f, count);
            if (step->eliminations) {
                step_param(step, area);
                step_param(step, side);
                step_param(step, remaining);
                for (int i = 0; i < count; i++) step_param(step, cells[i]);
                return FOUND;
            }
        }
    }
    (void)x;
    return NONE;
}

int innies_and_outies(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return innies_outies(t, s, x, step, 2, 3, T_INNIES);
}

int large_innies_and_outies(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return innies_outies(t, s, x, step, 4, 5, T_INNIES_LARGE);
}

/* --- forcing chains with the cages --------------------------------------------------- */

static int killer_rounds(const GradeTables *t, GradeState *s, Scratch *x, word *trial,
                         word *placed) {
    int rounds;
    (void)t, (void)s;
    int settled = killer_settle(x->ks, x->killer_ws, trial, placed, x->settled, &rounds);
    return settled < 0 ? rounds : 0;
}

/* killer_forcing_chain */
int killer_forcing_chain(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int w = t->w, rounds;
    word *boards = x->settled, *placed = x->settled + (size_t)t->n * w;
    solver_boards(t, s, boards, placed);
    if (killer_settle(x->ks, x->killer_ws, boards, placed, NULL, &rounds) < 0) return NONE;
    return contradiction_chains(t, s, x, step, T_KILLER_FORCING, boards, placed, killer_rounds);
}
