/* The grader's state, its step records, the ladder loops, and the techniques of
   core/grade/techniques.py up to fish; see grade.h. Each function names the Python it
   mirrors; the order of every loop is the Python's, as that order picks the step. */

#include <stdlib.h>

#include "grade.h"
#include "killergrade.h"

/* --- the state (candidates.py) ------------------------------------------------------- */

void state_place(const GradeTables *t, GradeState *s, int cell, int value) {
    int d = value - 1, w = t->w;
    if (s->killer) killer_placing(t, s, cell, d);
    for (digits other = s->cell_digits[cell]; other; other &= other - 1)
        set_remove(s->digit_cells + (size_t)lowest_bit(other) * w, cell);
    s->cell_digits[cell] = 0;
    s->values[cell] = value;
    set_remove(s->open, cell);
    word *mine = s->digit_cells + (size_t)d * w;
    const word *peers = t->peers + (size_t)cell * w;
    for (int i = 0; i < w; i++) {
        for (word hit = mine[i] & peers[i]; hit; hit &= hit - 1)
            s->cell_digits[i * 64 + lowest_bit(hit)] &= ~((digits)1 << d);
        mine[i] &= ~peers[i];
    }
    if (s->killer) killer_placed(t, s, cell, d);
}

void state_eliminate(const GradeTables *t, GradeState *s, int cell, int value) {
    s->cell_digits[cell] &= ~((digits)1 << (value - 1));
    set_remove(s->digit_cells + (size_t)(value - 1) * t->w, cell);
    if (s->killer) set_add(s->unsettled, cell);
}

void state_apply(const GradeTables *t, GradeState *s, const CStep *step) {
    for (int k = 0; k < step->placements; k++)
        state_place(t, s, step->place[2 * k], step->place[2 * k + 1]);
    for (int k = 0; k < step->eliminations; k++)
        state_eliminate(t, s, step->elim[2 * k], step->elim[2 * k + 1]);
}

void state_from_givens(const GradeTables *t, GradeState *s, const int *givens) {
    int w = t->w;
    digits all = t->n >= 32 ? ~(digits)0 : ((digits)1 << t->n) - 1;
    set_clear(s->open, w);
    for (int cell = 0; cell < t->cells; cell++) {
        s->values[cell] = 0;
        s->cell_digits[cell] = all;
        set_add(s->open, cell);
    }
    for (int d = 0; d < t->n; d++) set_copy(s->digit_cells + (size_t)d * w, s->open, w);
    if (s->killer) set_copy(s->unsettled, s->open, w);
    for (int cell = 0; cell < t->cells; cell++)
        if (givens[cell]) state_place(t, s, cell, givens[cell]);
}

static int is_solved(const GradeTables *t, const GradeState *s) {
    return set_is_empty(s->open, t->w);
}

/* --- steps ------------------------------------------------------------------------- */

void step_begin(CStep *step, int technique) {
    step->technique = technique;
    step->length = 0;
    step->placements = step->eliminations = step->params = 0;
}

void step_place(CStep *step, int cell, int value) {
    step->place[2 * step->placements] = cell;
    step->place[2 * step->placements++ + 1] = value;
}

void step_eliminate(CStep *step, int cell, int value) {
    step->elim[2 * step->eliminations] = cell;
    step->elim[2 * step->eliminations++ + 1] = value;
}

void step_param(CStep *step, int value) {
    if (step->params < step->param_room) step->param[step->params++] = value;
}

int step_removing(const GradeTables *t, const GradeState *s, CStep *step, int d,
                  const word *cells) {
    const word *mine = s->digit_cells + (size_t)d * t->w;
    int before = step->eliminations;
    for (int i = 0; i < t->w; i++)
        for (word hit = mine[i] & cells[i]; hit; hit &= hit - 1)
            step_eliminate(step, i * 64 + lowest_bit(hit), d + 1);
    return step->eliminations > before;
}

int log_step(StepLog *log, const CStep *step) {
    size_t need = 5 + 2 * (size_t)(step->placements + step->eliminations) + step->params;
    if (log->used + need > log->room) {
        size_t room = 2 * (log->room + need);
        int *data = realloc(log->data, room * sizeof(int));
        if (!data) return -1;
        log->data = data;
        log->room = room;
    }
    int *out = log->data + log->used;
    *out++ = step->technique;
    *out++ = step->length;
    *out++ = step->placements;
    for (int k = 0; k < 2 * step->placements; k++) *out++ = step->place[k];
    *out++ = step->eliminations;
    for (int k = 0; k < 2 * step->eliminations; k++) *out++ = step->elim[k];
    *out++ = step->params;
    for (int k = 0; k < step->params; k++) *out++ = step->param[k];
    log->used += need;
    log->steps++;
    return 0;
}

/* --- scratch ----------------------------------------------------------------------- */

int scratch_init(Scratch *x, const GradeTables *t, const KillerTables *killer) {
    size_t cells = (size_t)t->cells, n = (size_t)t->n, w = (size_t)t->w;
    x->list_a = calloc(3 * cells + 4 * cells * n + n, sizeof(int));
    x->sets = malloc(sizeof(word) * w * (16 + 3 * (n + 1)));
    x->ws = solver_workspace(t->board, 0);
    x->killer_ws = NULL;
    x->ks = NULL;
    x->fit = NULL;
    x->quiet = NULL;
    x->where = NULL;
    int failed = !x->list_a || !x->sets || !x->ws;
    if (killer && !failed) {
        x->killer_ws = solver_workspace(killer_board(killer), 0);
        x->ks = malloc(sizeof *x->ks);
        x->fit = malloc(sizeof(digits) * ((size_t)killer->combo_most + 1));
        failed = !x->killer_ws || !x->ks || !x->fit;
        if (x->ks && (failed || killer_settle_init(x->ks, killer, 0) < 0)) {
            free(x->ks);
            x->ks = NULL;
            failed = 1;
        }
    }
    if (failed) {
        scratch_free(x);
        return -1;
    }
    x->list_b = x->list_a + cells;
    x->list_c = x->list_b + cells;
    x->order = x->list_c + cells;
    x->queue = x->order + cells * n;
    x->parent = x->queue + cells * n;
    x->mark = x->parent + cells * n;
    x->stamp = 0;
    x->digit_list = x->mark + cells * n;
    x->places = x->sets + 16 * w;
    x->boards = x->places + (n + 1) * w;
    x->settled = x->boards + (n + 1) * w;
    return 0;
}

void scratch_free(Scratch *x) {
    free(x->list_a);
    free(x->sets);
    free(x->fit);
    if (x->ks) killer_settle_free(x->ks);
    free(x->ks);
    solver_workspace_free(x->ws);
    solver_workspace_free(x->killer_ws);
    x->list_a = NULL;
    x->sets = NULL;
    x->fit = NULL;
    x->ks = NULL;
    x->ws = x->killer_ws = NULL;
}

/* --- singles ----------------------------------------------------------------------- */

/* full_house */
static int full_house(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int w = t->w;
    word *open_in_unit = x->sets;
    for (int u = 0; u < t->units; u++) {
        const word *unit = t->unit + (size_t)u * w;
        for (int i = 0; i < w; i++) open_in_unit[i] = unit[i] & s->open[i];
        int cell = set_single(open_in_unit, w);
        if (cell < 0) continue;
        digits here = s->cell_digits[cell];
        if (digits_single(here)) {
            step_begin(step, T_FULL_HOUSE);
            step_place(step, cell, digits_top(here) + 1);
            step_param(step, u);
            return FOUND;
        }
    }
    return NONE;
}

/* The cell where digit d has one place in unit u, -1 if none, -2 if several. */
static inline int only_place(const GradeTables *t, const GradeState *s, int d, int u) {
    const word *mine = s->digit_cells + (size_t)d * t->w, *unit = t->unit + (size_t)u * t->w;
    int cell = -1;
    for (int i = 0; i < t->w; i++) {
        word here = mine[i] & unit[i];
        if (here) {
            if ((here & (here - 1)) || cell >= 0) return -2;
            cell = i * 64 + lowest_bit(here);
        }
    }
    return cell;
}

/* hidden_single */
static int hidden_single(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    (void)x;
    for (int k = 0; k < t->units; k++) {
        int u = t->blocks_first[k];
        for (int d = 0; d < t->n; d++) {
            int cell = only_place(t, s, d, u);
            if (cell >= 0) {
                step_begin(step, T_HIDDEN_SINGLE);
                step_place(step, cell, d + 1);
                step_param(step, u);
                return FOUND;
            }
        }
    }
    return NONE;
}

/* naked_single */
static int naked_single(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    (void)x;
    FOR_EACH_BIT(s->open, t->w, cell) {
        digits here = s->cell_digits[cell];
        if (digits_single(here)) {
            step_begin(step, T_NAKED_SINGLE);
            step_place(step, cell, digits_top(here) + 1);
            return FOUND;
        }
    }
    return NONE;
}

/* place_full_houses */
static int place_full_houses(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    int placed = 0;
    while (full_house(t, s, x, step) == FOUND) {
        state_apply(t, s, step);
        placed = 1;
    }
    return placed;
}

/* place_hidden_singles */
static int place_hidden_singles(const GradeTables *t, GradeState *s) {
    int placed = 0, sweeping = 1;
    while (sweeping) {
        sweeping = 0;
        for (int d = 0; d < t->n; d++) {
            for (int u = 0; u < t->units; u++) {
                int cell = only_place(t, s, d, u);
                if (cell >= 0) {
                    state_place(t, s, cell, d + 1);
                    placed = sweeping = 1;
                }
            }
        }
    }
    return placed;
}

/* --- intersections ----------------------------------------------------------------- */

/* _locked over (inside, other) unit pairs */
static int locked(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int technique,
                  const int *pairs, int count) {
    int w = t->w;
    word *rest = x->sets;
    for (int k = 0; k < count; k++) {
        int inside = pairs[2 * k], other = pairs[2 * k + 1];
        const word *in = t->unit + (size_t)inside * w, *out = t->unit + (size_t)other * w;
        for (int i = 0; i < w; i++) rest[i] = out[i] & ~in[i];
        for (int d = 0; d < t->n; d++) {
            const word *mine = s->digit_cells + (size_t)d * w;
            int any = 0, confined = 1;
            for (int i = 0; i < w && confined; i++) {
                word here = mine[i] & in[i];
                any |= here != 0;
                confined = !(here & ~out[i]);
            }
            if (!any || !confined) continue;
            step_begin(step, technique);
            if (step_removing(t, s, step, d, rest)) {
                step_param(step, inside);
                step_param(step, other);
                step_param(step, d);
                return FOUND;
            }
        }
    }
    return NONE;
}

static int pointing(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return locked(t, s, x, step, T_POINTING, t->block_pair, t->block_pairs);
}

static int claiming(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {
    return locked(t, s, x, step, T_CLAIMING, t->line_pair, t->line_pairs);
}

/* --- subsets ----------------------------------------------------------------------- */

/* Scratch.quiet: whether the place had no step when last looked at and is as it was. */
static inline int is_quiet(const Scratch *x, int technique, int place) {
    return x->quiet && x->quiet[technique] >> place & 1;
}

static inline void quieten(Scratch *x, int technique, int place) {
    if (x->quiet) x->quiet[technique] |= 1ULL << place;
}

static inline void unquieten(Scratch *x, int technique, int place) {
    if (x->quiet) x->quiet[technique] &= ~(1ULL << place);
}

/* The bits of x counted up to `most` (where no more matter: a few bits each). */
static inline int count_to(word x, int most) {
    int count = 0;
    for (; x && count < most; x &= x - 1) count++;
    return count;
}

/* The combinations of `size` of `count` masks whose union has exactly `size` bits, in
   itertools.combinations' order (the order the Python tries every combination in): a
   prefix whose union has more bits already is not extended, as no combination through
   it has fewer. index[] holds the one found; union_[k] the union of its first k masks. */
typedef struct {
    int size, count, depth, index[4];
    digits union_[5];
    const digits *masks;
} Tight;

/* Whether there may be one: `size` masks at least. */
static inline int tight_start(Tight *g, const digits *masks, int count, int size) {
    g->masks = masks, g->count = count, g->size = size, g->depth = 0;
    g->index[0] = -1, g->union_[0] = 0;
    return count >= size;
}

/* The next tight combination into g->index: 1, or 0 at the end. */
static inline int tight_next(Tight *g) {
    int k = g->depth == g->size ? g->size - 1 : g->depth; /* after one found: its last moves */
    for (;;) {
        int i = ++g->index[k];
        if (i > g->count - g->size + k) { /* no room left for the rest at this depth */
            if (k == 0) return 0;
            k--;
            continue;
        }
        digits joined = g->union_[k] | g->masks[i];
        int bits = digits_count(joined);
        if (bits > g->size) continue;
        g->union_[k + 1] = joined;
        if (k + 1 == g->size) {
            if (bits < g->size) continue;
            g->depth = g->size;
            return 1;
        }
        g->index[++k] = i;
    }
}

/* naked_subset */
static int naked_subset(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                        int size, int technique) {
    int w = t->w;
    int *open_cells = x->list_a, *small = x->list_b;
    digits held[32];
    Tight g;
    for (int u = 0; u < t->units; u++) {
        if (is_quiet(x, technique, u)) continue;
        const word *unit = t->unit + (size_t)u * w;
        int opens = 0, smalls = 0;
        for (int i = 0; i < w; i++)
            for (word hit = unit[i] & s->open[i]; hit; hit &= hit - 1)
                open_cells[opens++] = i * 64 + lowest_bit(hit);
        quieten(x, technique, u); /* unless a step is found below */
        if (opens <= size) continue;
        for (int k = 0; k < opens; k++) {
            digits here = s->cell_digits[open_cells[k]];
            int count = digits_count(here);
            if (2 <= count && count <= size) held[smalls] = here, small[smalls++] = open_cells[k];
        }
        for (int more = tight_start(&g, held, smalls, size); more && tight_next(&g);) {
            digits uni = g.union_[size];
            step_begin(step, technique);
            for (int k = 0, j = 0; k < opens; k++) {
                int cell = open_cells[k];
                if (j < size && small[g.index[j]] == cell) { /* both ascending */
                    j++;
                    continue;
                }
                for (digits hit = s->cell_digits[cell] & uni; hit; hit &= hit - 1)
                    step_eliminate(step, cell, lowest_bit(hit) + 1);
            }
            if (step->eliminations) {
                unquieten(x, technique, u);
                step_param(step, u);
                step_param(step, (int)uni);
                for (int j = 0; j < size; j++) step_param(step, small[g.index[j]]);
                return FOUND;
            }
        }
    }
    return NONE;
}

/* Digit d's places kept (into held[], the digit into digit_of[]) where 2..size. */
static inline void hold(digits places, int d, int size, digits *held, int *digit_of, int *found) {
    int many = digits_count(places);
    if (2 <= many && many <= size) held[*found] = places, digit_of[(*found)++] = d;
}

/* Unit u's open cells into cells[] (ascending: their places), and the digits with 2..size
   places among them (bit k: cells[k]) into held[], the digits into digit_of[], how many
   into *count; Scratch.where's places where it is kept (those on the line: cells[] is
   then the line's every cell, made by line_cells()). How many open cells. */
static int unit_places(const GradeTables *t, const GradeState *s, const Scratch *x, int u,
                       int size, int *cells, digits *held, int *digit_of, int *count) {
    int opens = 0, n = t->n;
    const word *unit = t->unit + (size_t)u * t->w;
    *count = 0;
    if (x->where) {
        const unsigned short *where = x->where + u * x->where_stride;
        for (int i = 0; i < t->w; i++) opens += popcount64(unit[i] & s->open[i]);
        for (int d = 0; d < n; d++) hold(where[d], d, size, held, digit_of, count);
        return opens;
    }
    digits places[32] = {0};
    for (int i = 0; i < t->w; i++)
        for (word hit = unit[i] & s->open[i]; hit; hit &= hit - 1, opens++) {
            int cell = cells[opens] = i * 64 + lowest_bit(hit);
            for (digits here = s->cell_digits[cell]; here; here &= here - 1)
                places[lowest_bit(here)] |= (digits)1 << opens;
        }
    for (int d = 0; d < n; d++) hold(places[d], d, size, held, digit_of, count);
    return opens;
}

/* The cells of a Latin square's line u, in order, into cells[] (unit_places' with where). */
static void line_cells(int n, int u, int *cells) {
    for (int k = 0; k < n; k++) cells[k] = line_cell(n, u, k);
}

/* hidden_subset */
static int hidden_subset(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                         int size, int technique) {
    int cells[32], digit_of[32], count;
    digits held[32];
    Tight g;
    for (int u = 0; u < t->units; u++) {
        if (is_quiet(x, technique, u)) continue;
        int opens = unit_places(t, s, x, u, size, cells, held, digit_of, &count);
        quieten(x, technique, u); /* unless a step is found below */
        if (opens <= size) continue;
        for (int more = tight_start(&g, held, count, size); more && tight_next(&g);) {
            digits keep = 0, at = g.union_[size]; /* places ascending: cells ascending */
            if (x->where) line_cells(t->n, u, cells);
            for (int k = 0; k < size; k++) keep |= (digits)1 << digit_of[g.index[k]];
            step_begin(step, technique);
            for (digits rest = at; rest; rest &= rest - 1) {
                int cell = cells[lowest_bit(rest)];
                for (digits hit = s->cell_digits[cell] & ~keep; hit; hit &= hit - 1)
                    step_eliminate(step, cell, lowest_bit(hit) + 1);
            }
            if (step->eliminations) {
                unquieten(x, technique, u);
                step_param(step, u);
                step_param(step, (int)keep);
                for (digits rest = at; rest; rest &= rest - 1)
                    step_param(step, cells[lowest_bit(rest)]);
                return FOUND;
            }
        }
    }
    return NONE;
}

#define SUBSET(name, kind, size, technique)                                            \
    static int name(const GradeTables *t, GradeState *s, Scratch *x, CStep *step) {    \
        return kind(t, s, x, step, size, technique);                                   \
    }
SUBSET(naked_pair, naked_subset, 2, T_NAKED_PAIR)
SUBSET(naked_triple, naked_subset, 3, T_NAKED_TRIPLE)
SUBSET(naked_quad, naked_subset, 4, T_NAKED_QUAD)
SUBSET(hidden_pair, hidden_subset, 2, T_HIDDEN_PAIR)
SUBSET(hidden_triple, hidden_subset, 3, T_HIDDEN_TRIPLE)
SUBSET(hidden_quad, hidden_subset, 4, T_HIDDEN_QUAD)

/* --- fish -------------------------------------------------------------------------- */

static inline const word *line_mask(const GradeTables *t, int grid, int kind, int line) {
    return t->grid_line_mask + (size_t)(t->grid_line_start[2 * grid + kind] + line) * t->w;
}

/* Each line of `kind` (its index into index[]) holding digit d in 2..size cells, and the
   lines of the other kind its cells lie in (bits, into crossing[]): how many. Scratch.where
   has the places on a Latin square's lines, which are those crossing lines. */
static int fish_lines(const GradeTables *t, const GradeState *s, const Scratch *x, int grid,
                      int kind, int d, int size, int *index, digits *crossing) {
    int w = t->w, lines = t->grid_lines[2 * grid + kind], found = 0;
    if (x->where) {
        for (int line = 0; line < lines; line++) {
            digits crossed = x->where[(kind * t->n + line) * x->where_stride + d];
            int count = digits_count(crossed);
            if (2 <= count && count <= size) index[found] = line, crossing[found++] = crossed;
        }
        return found;
    }
    const int *cover_of = t->grid_line_of + (size_t)(2 * grid + 1 - kind) * t->cells;
    const word *mine = s->digit_cells + (size_t)d * w;
    for (int line = 0; line < lines; line++) {
        const word *mask = line_mask(t, grid, kind, line);
        int count = 0;
        digits crossed = 0;
        for (int i = 0; i < w; i++)
            for (word here = mine[i] & mask[i]; here; here &= here - 1, count++)
                crossed |= (digits)1 << cover_of[i * 64 + lowest_bit(here)];
        if (2 <= count && count <= size) index[found] = line, crossing[found++] = crossed;
    }
    return found;
}

/* _fish_in: base lines of `kind` (0 rows, 1 columns) covered by the other kind. */
static int fish_in(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int grid,
                   int kind, int size, int technique) {
    int w = t->w, cover = 1 - kind, index[32];
    digits crossing[32];
    word *base_cells = x->sets, *cover_cells = x->sets + w;
    Tight g;
    for (int d = 0; d < t->n; d++) {
        int place = (2 * grid + kind) * t->n + d;
        if (is_quiet(x, technique, place)) continue;
        quieten(x, technique, place); /* unless a step is found below */
        int found = fish_lines(t, s, x, grid, kind, d, size, index, crossing);
        for (int more = tight_start(&g, crossing, found, size); more && tight_next(&g);) {
            digits covers = g.union_[size];
            set_clear(base_cells, w);
            for (int k = 0; k < size; k++) {
                const word *mask = line_mask(t, grid, kind, index[g.index[k]]);
                for (int i = 0; i < w; i++) base_cells[i] |= mask[i];
            }
            set_clear(cover_cells, w);
            for (digits c = covers; c; c &= c - 1) {
                const word *mask = line_mask(t, grid, cover, lowest_bit(c));
                for (int i = 0; i < w; i++) cover_cells[i] |= mask[i];
            }
            for (int i = 0; i < w; i++) cover_cells[i] &= ~base_cells[i];
            step_begin(step, technique);
            if (step_removing(t, s, step, d, cover_cells)) {
                unquieten(x, technique, place);
                step_param(step, grid);
                step_param(step, kind);
                step_param(step, d);
                step_param(step, (int)covers);
                for (int k = 0; k < size; k++) step_param(step, index[g.index[k]]);
                return FOUND;
            }
        }
    }
    return NONE;
}

/* fish */
static int fish(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int size,
                int technique) {
    for (int grid = 0; grid < t->grids; grid++)
        for (int kind = 0; kind < 2; kind++) {
            int found = fish_in(t, s, x, step, grid, kind, size, technique);
            if (found) return found;
        }
    return NONE;
}

SUBSET(x_wing, fish, 2, T_X_WING)
SUBSET(swordfish, fish, 3, T_SWORDFISH)
SUBSET(jellyfish, fish, 4, T_JELLYFISH)

/* --- the ladder -------------------------------------------------------------------- */

static const Technique techniques[TECHNIQUES] = {
    [T_FULL_HOUSE] = full_house, [T_HIDDEN_SINGLE] = hidden_single,
    [T_NAKED_SINGLE] = naked_single, [T_POINTING] = pointing, [T_CLAIMING] = claiming,
    [T_NAKED_PAIR] = naked_pair, [T_NAKED_TRIPLE] = naked_triple,
    [T_NAKED_QUAD] = naked_quad, [T_HIDDEN_PAIR] = hidden_pair,
    [T_HIDDEN_TRIPLE] = hidden_triple, [T_HIDDEN_QUAD] = hidden_quad,
    [T_X_WING] = x_wing, [T_SWORDFISH] = swordfish, [T_JELLYFISH] = jellyfish,
    [T_XY_WING] = xy_wing, [T_XYZ_WING] = xyz_wing, [T_COLOURING] = simple_colouring,
    [T_X_CHAIN] = x_chain, [T_W_WING] = w_wing, [T_UNIQUE_RECTANGLE] = unique_rectangle,
    [T_BUG] = bug_plus_one, [T_XY_CHAIN] = xy_chain, [T_FORCING] = forcing_chain,
    [T_CAGE_COMBINATIONS] = cage_combinations, [T_RULE_45] = rule_of_45,
    [T_RULE_45_UNITS] = rule_of_45_units, [T_CAGE_UNIT] = cage_unit_intersection,
    [T_CAGE_MIN_MAX] = cage_min_max, [T_CAGE_PERMUTATIONS] = cage_permutations,
    [T_INNIES] = innies_and_outies, [T_INNIES_LARGE] = large_innies_and_outies,
    [T_KILLER_FORCING] = killer_forcing_chain,
};

uint64_t quiet_changed(const GradeTables *t, int technique, uint64_t units, digits changed) {
    if (t->units > 64 || 2 * t->grids * t->n > 64) return ~0ULL;
    if (technique >= T_NAKED_PAIR && technique <= T_HIDDEN_QUAD) return units;
    if (technique < T_X_WING || technique > T_JELLYFISH) return ~0ULL;
    uint64_t places = 0;
    for (int kinds = 0; kinds < 2 * t->grids; kinds++) places |= (uint64_t)changed << kinds * t->n;
    return places;
}

/* Whether `mask` holds the cells of a Latin square's line u (rows, then columns) alone,
   and `of` (if given) has each of them on u's line of its kind. */
static int is_line(const GradeTables *t, const word *mask, int u, const int *of) {
    int n = t->n;
    for (int cell = 0; cell < t->cells; cell++) {
        int in = u < n ? cell / n == u : cell % n == u - n;
        if (set_has(mask, cell) != in || (of && in && of[cell] != u % n)) return 0;
    }
    return 1;
}

int latin_lines(const GradeTables *t) {
    int n = t->n;
    if (t->cells != n * n || t->units != 2 * n || t->grids != 1 || t->grid_lines[0] != n ||
        t->grid_lines[1] != n)
        return 0;
    for (int u = 0; u < 2 * n; u++) {
        const int *of = t->grid_line_of + (size_t)(u / n) * t->cells;
        if (!is_line(t, t->unit + (size_t)u * t->w, u, NULL) ||
            !is_line(t, line_mask(t, 0, u / n, u % n), u, of))
            return 0;
    }
    return 1;
}

Technique technique_of(int technique) {
    return technique >= 0 && technique < TECHNIQUES ? techniques[technique] : NULL;
}

int bulk_apply(const GradeTables *t, GradeState *s, Scratch *x, CStep *step, int bulk) {
    switch (bulk) {
    case B_FULL_HOUSES: return place_full_houses(t, s, x, step);
    case B_HIDDEN_SINGLES: return place_hidden_singles(t, s);
    case B_NAKED_SINGLE:
        if (naked_single(t, s, x, step) != FOUND) return 0;
        state_apply(t, s, step);
        return 1;
    case B_CAGE_COMBINATIONS: return apply_cage_combinations(t, s, x, step);
    default: return 0;
    }
}

/* next_step: the first technique (in the given order) that finds a step. */
static int next_step(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                     const int *ids, int count) {
    for (int k = 0; k < count; k++) {
        int found = techniques[ids[k]](t, s, x, step);
        if (found) return found;
    }
    return NONE;
}

/* settle: the bulk forms, the easiest that finds anything first, until none does; the
   hardest one's rank (-1), or -2 if memory ran out. */
static int settle(const GradeTables *t, GradeState *s, Scratch *x, CStep *step,
                  const int *bulks, const int *ranks, int count) {
    int rank = -1;
    while (!is_solved(t, s)) {
        int any = 0;
        for (int k = 0; k < count && !any; k++) {
            int found = bulk_apply(t, s, x, step, bulks[k]);
            if (found < 0) return -2;
            if (found) {
                if (ranks[k] > rank) rank = ranks[k];
                any = 1;
            }
        }
        if (!any) break;
    }
    return rank;
}

int grade_run(const GradeTables *t, GradeState *s, const int *ids, int count,
              const int *bulks, const int *bulk_ranks, int bulk_count, int within,
              long long max_steps, StepLog *log, int *settled_rank, int *stalled) {
    Scratch x;
    CStep step;
    size_t room = (size_t)t->cells * t->n;
    step.place = malloc(sizeof(int) * 4 * room);
    step.param = malloc(sizeof(int) * (room + 64));
    step.param_room = (int)room + 64;
    if (!step.place || !step.param ||
        scratch_init(&x, t, s->killer) < 0) {
        free(step.place);
        free(step.param);
        return -1;
    }
    step.elim = step.place + 2 * room;
    int failed = 0;
    *settled_rank = -1;
    *stalled = 0;
    long long steps = 0;
    for (;;) {
        if (within) {
            int rank = settle(t, s, &x, &step, bulks, bulk_ranks, bulk_count);
            if (rank < -1) { failed = 1; break; }
            if (rank > *settled_rank) *settled_rank = rank;
        } else if (steps >= max_steps) {
            break;
        }
        if (is_solved(t, s)) break;
        int found = next_step(t, s, &x, &step, ids, count);
        if (found < 0) { failed = 1; break; }
        if (!found) {
            *stalled = 1;
            break;
        }
        state_apply(t, s, &step);
        if (log_step(log, &step) < 0) { failed = 1; break; }
        steps++;
    }
    scratch_free(&x);
    free(step.place);
    free(step.param);
    return failed ? -1 : 0;
}
