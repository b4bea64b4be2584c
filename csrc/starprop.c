/* Star Battle's propagation over bit masks (starbattle/rules.py's propagate: touching,
   a last star's shared neighbours, bands of lines, 2x2 blocks, to their fixpoint) and the
   grader's contradiction trials over it (starbattle/grade.py's first_clash), for squares
   of up to 16x16: the same deductions in the same order, so the same states and verdicts.
   A set of cells is four 64-bit words (SB_W); the tables are built per call from the
   square's size, stars and regions (microseconds beside a propagation's work). */

#include "convert.h"
#include "pytypes.h"

#define SB_W 4
#define SB_MOST 16

typedef struct { word w[SB_W]; } Cells;

typedef struct {
    int n, k, count;        /* size, stars a unit, regions */
    Cells units[3 * SB_MOST];  /* rows, columns, regions */
    Cells around[SB_MOST * SB_MOST];
    Cells tiling[4][4];     /* per tiling (row start * 2 + column start): anchors, right,
                               below, diagonal */
    Cells roomy[5 * SB_MOST];  /* what blocks count: lines, line pairs, regions */
    int holds[5 * SB_MOST], cuts[5 * SB_MOST];  /* stars it holds; its tilings, as bits */
    int roomies;
} SbTable;

static inline Cells c_and(Cells a, Cells b) {
    for (int i = 0; i < SB_W; i++) a.w[i] &= b.w[i];
    return a;
}
static inline Cells c_or(Cells a, Cells b) {
    for (int i = 0; i < SB_W; i++) a.w[i] |= b.w[i];
    return a;
}
static inline Cells c_xor(Cells a, Cells b) {
    for (int i = 0; i < SB_W; i++) a.w[i] ^= b.w[i];
    return a;
}
static inline Cells c_not(Cells a) {
    for (int i = 0; i < SB_W; i++) a.w[i] = ~a.w[i];
    return a;
}
static inline Cells c_andnot(Cells a, Cells b) {
    for (int i = 0; i < SB_W; i++) a.w[i] &= ~b.w[i];
    return a;
}
static inline int c_any(Cells a) { return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0; }
static inline int c_count(Cells a) {
    return popcount64(a.w[0]) + popcount64(a.w[1]) + popcount64(a.w[2]) + popcount64(a.w[3]);
}
static inline void c_set(Cells *a, int cell) { a->w[cell >> 6] |= (word)1 << (cell & 63); }
static inline int c_has(const Cells *a, int cell) { return (int)(a->w[cell >> 6] >> (cell & 63) & 1); }

/* Shifts by 0 < s < 64 toward lower cells (down) and higher (up). */
static inline Cells c_down(Cells a, int s) {
    for (int i = 0; i < SB_W; i++)
        a.w[i] = a.w[i] >> s | (i + 1 < SB_W ? a.w[i + 1] << (64 - s) : 0);
    return a;
}
static inline Cells c_up(Cells a, int s) {
    for (int i = SB_W - 1; i >= 0; i--)
        a.w[i] = a.w[i] << s | (i > 0 ? a.w[i - 1] >> (64 - s) : 0);
    return a;
}

/* The lowest cell of a non-empty set, removed from it. */
static inline int c_pop(Cells *a) {
    for (int i = 0; i < SB_W; i++)
        if (a->w[i]) {
            int bit = lowest_bit(a->w[i]);
            a->w[i] &= a->w[i] - 1;
            return 64 * i + bit;
        }
    return -1;
}

static void sb_tilings(SbTable *t) {
    int n = t->n;
    for (int rs = 0; rs < 2; rs++)
        for (int cs = 0; cs < 2; cs++) {
            int pair_r[SB_MOST] = {0}, first_r[SB_MOST] = {0};
            int pair_c[SB_MOST] = {0}, first_c[SB_MOST] = {0};
            for (int i = 0; i < n - 1; i++) {
                pair_r[i] = i % 2 == rs;
                pair_c[i] = i % 2 == cs;
            }
            for (int i = 0; i < n; i++) {
                first_r[i] = pair_r[i] || (!(i > 0 && pair_r[i - 1]));
                first_c[i] = pair_c[i] || (!(i > 0 && pair_c[i - 1]));
            }
            Cells *m = t->tiling[rs * 2 + cs];
            memset(m, 0, 4 * sizeof(Cells));
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++) {
                    int cell = r * n + c;
                    if (first_r[r] && first_c[c]) c_set(&m[0], cell);
                    if (first_r[r] && pair_c[c]) c_set(&m[1], cell);
                    if (pair_r[r] && first_c[c]) c_set(&m[2], cell);
                    if (pair_r[r] && pair_c[c]) c_set(&m[3], cell);
                }
        }
}

static void sb_roomy(SbTable *t, const Cells *unit, int holds, int cuts) {
    t->roomy[t->roomies] = *unit;
    t->holds[t->roomies] = holds;
    t->cuts[t->roomies++] = cuts;
}

/* rules.masks_of and its _roomy, from the regions' masks. */
static void sb_table(SbTable *t, const Cells *regions) {
    int n = t->n;
    memset(t->units, 0, sizeof t->units);
    memset(t->around, 0, sizeof t->around);
    for (int g = 0; g < t->count; g++) t->units[2 * n + g] = regions[g];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            c_set(&t->units[r], r * n + c);
            c_set(&t->units[n + c], r * n + c);
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++)
                    if ((dr || dc) && r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)
                        c_set(&t->around[r * n + c], (r + dr) * n + c + dc);
        }
    sb_tilings(t);
    t->roomies = 0;
    for (int r = 0; r < n; r++) sb_roomy(t, &t->units[r], t->k, 1 | 2);
    for (int c = 0; c < n; c++) sb_roomy(t, &t->units[n + c], t->k, 1 | 4);
    for (int r = 0; r + 1 < n; r++) {
        Cells two = c_or(t->units[r], t->units[r + 1]);
        sb_roomy(t, &two, 2 * t->k, r % 2 ? 4 | 8 : 1 | 2);
    }
    for (int c = 0; c + 1 < n; c++) {
        Cells two = c_or(t->units[n + c], t->units[n + c + 1]);
        sb_roomy(t, &two, 2 * t->k, c % 2 ? 2 | 8 : 1 | 4);
    }
    for (int g = 0; g < t->count; g++) sb_roomy(t, &t->units[2 * n + g], t->k, 15);
}

/* rules._units: 0 on a contradiction. */
static int sb_units(const SbTable *t, Cells *stars, Cells *open) {
    int units = 2 * t->n + t->count, changed = 1;
    while (changed) {
        changed = 0;
        for (int u = 0; u < units; u++) {
            Cells spare = c_and(*open, t->units[u]);
            int lack = t->k - c_count(c_and(*stars, t->units[u])), free = c_count(spare);
            if (lack < 0 || free < lack) return 0;
            if (!free) continue;
            if (!lack) {
                *open = c_andnot(*open, spare);
            } else if (free == lack) {
                Cells left = spare, both = c_or(*stars, spare);
                while (c_any(left)) {
                    int cell = c_pop(&left);
                    if (c_any(c_and(t->around[cell], both))) return 0;
                    *open = c_andnot(*open, t->around[cell]);
                }
                *stars = both;
                *open = c_andnot(*open, spare);
            } else if (lack == 1) {
                Cells shared = c_not((Cells){{0}}), left = spare;
                while (c_any(left)) shared = c_and(shared, t->around[c_pop(&left)]);
                if (!c_any(c_and(shared, *open))) continue;
                *open = c_andnot(*open, shared);
            } else {
                continue;
            }
            changed = 1;
        }
    }
    return 1;
}

/* One region's open cells, for the bands: what it lacks, its lines as bits, and the
   first and last of them. */
typedef struct { Cells spare; int lack, lines[2], lo[2], hi[2]; } SbReach;

/* rules._shut. */
static Cells sb_shut(const SbTable *t, int across, const Cells *open, const SbReach *reach,
                     int reaches, int first, int last, int inside_full, int touched_full) {
    Cells band = {{0}}, inside = {{0}}, touched = {{0}}, shut = {{0}};
    int base = across ? 0 : t->n;
    for (int line = first; line <= last; line++) band = c_or(band, t->units[base + line]);
    for (int i = 0; i < reaches; i++) {
        int d = across ? 0 : 1;
        if (!c_any(c_and(reach[i].spare, band))) continue;
        touched = c_or(touched, reach[i].spare);
        if (reach[i].lo[d] >= first && reach[i].hi[d] <= last)
            inside = c_or(inside, reach[i].spare);
    }
    if (inside_full) shut = c_andnot(c_and(band, *open), inside);
    if (touched_full) shut = c_or(shut, c_andnot(touched, band));
    return shut;
}

/* rules._across (with _gaps): -1 on a contradiction, else 0 with the shut cells added. */
static int sb_across(const SbTable *t, int across, const Cells *stars, const Cells *open,
                     const SbReach *reach, int reaches, int widest, Cells *shut) {
    int n = t->n, d = across ? 0 : 1, base = across ? 0 : n;
    int inside[SB_MOST][SB_MOST] = {{0}}, before[SB_MOST + 1] = {0}, after[SB_MOST + 1] = {0};
    int need[SB_MOST + 1] = {0}, total = 0;
    int gap_lo[SB_MOST * SB_MOST], gap_hi[SB_MOST * SB_MOST], gap_lack[SB_MOST * SB_MOST];
    int gaps = 0;
    for (int i = 0; i < reaches; i++) {
        int lo = reach[i].lo[d], hi = reach[i].hi[d], lack = reach[i].lack, run = 0;
        for (int line = lo + 1; line < hi; line++) {  /* _gaps: its empty lines' runs */
            if (reach[i].lines[d] >> line & 1) {
                run = 0;
            } else if (run) {
                gap_hi[gaps - 1] = line;
            } else {
                gap_lo[gaps] = gap_hi[gaps] = line;
                gap_lack[gaps++] = lack;
                run = 1;
            }
        }
        inside[lo][hi] += lack;
        before[hi + 1] += lack;
        after[lo] += lack;
        total += lack;
    }
    for (int i = 0; i < n; i++) before[i + 1] += before[i];
    for (int i = n - 1; i > 0; i--) after[i - 1] += after[i];
    for (int line = 0; line < n; line++)
        need[line + 1] = need[line] + t->k - c_count(c_and(*stars, t->units[base + line]));
    int widest_band = widest < n - 1 ? widest : n - 1;
    for (int width = 1; width <= widest_band; width++)
        for (int first = 0; first + width <= n; first++) {
            int last = first + width - 1;
            if (width > 1)
                inside[first][last] += inside[first + 1][last] + inside[first][last - 1] -
                                       (width > 2 ? inside[first + 1][last - 1] : 0);
            int held = inside[first][last], band_need = need[last + 1] - need[first];
            int touched = total - before[first] - after[last + 1];
            for (int g = 0; g < gaps; g++)
                if (gap_lo[g] <= first && last <= gap_hi[g]) touched -= gap_lack[g];
            if (held > band_need || touched < band_need) return -1;
            if (held < touched && (band_need == held || band_need == touched))
                *shut = c_or(*shut, sb_shut(t, across, open, reach, reaches, first, last,
                                            held == band_need, touched == band_need));
        }
    return 0;
}

/* rules._bands: -1 on a contradiction, else 0 with `shut` the cells the bands shut. */
static int sb_bands(const SbTable *t, const Cells *stars, const Cells *open, int widest,
                    Cells *shut) {
    SbReach reach[3 * SB_MOST];
    int reaches = 0, n = t->n;
    for (int g = 0; g < t->count; g++) {
        Cells spare = c_and(*open, t->units[2 * n + g]);
        if (!c_any(spare)) continue;
        SbReach *r = &reach[reaches++];
        r->spare = spare;
        r->lack = t->k - c_count(c_and(*stars, t->units[2 * n + g]));
        r->lines[0] = r->lines[1] = 0;
        while (c_any(spare)) {
            int cell = c_pop(&spare);
            r->lines[0] |= 1 << cell / n;
            r->lines[1] |= 1 << cell % n;
        }
        for (int d = 0; d < 2; d++) {
            r->lo[d] = lowest_bit((word)r->lines[d]);
            r->hi[d] = r->lo[d];
            while (r->lines[d] >> (r->hi[d] + 1)) r->hi[d]++;
        }
    }
    *shut = (Cells){{0}};
    if (sb_across(t, 1, stars, open, reach, reaches, widest, shut) < 0) return -1;
    return sb_across(t, 0, stars, open, reach, reaches, widest, shut);
}

/* rules._blocked: -1 on a contradiction, else 0 with `placed` the stars forced. */
static int sb_blocked(const SbTable *t, const Cells *stars, const Cells *open, Cells *placed) {
    int n = t->n;
    *placed = (Cells){{0}};
    for (int u = 0; u < t->roomies; u++) {
        int lack = t->holds[u] - c_count(c_and(*stars, t->roomy[u]));
        if (lack < 2) continue;
        Cells spare = c_and(*open, t->roomy[u]);
        for (int cut = 0; cut < 4; cut++) {
            if (!(t->cuts[u] >> cut & 1)) continue;
            const Cells *m = t->tiling[cut];
            Cells a = c_and(spare, m[0]), b = c_and(c_down(spare, 1), m[1]);
            Cells c = c_and(c_down(spare, n), m[2]), e = c_and(c_down(spare, n + 1), m[3]);
            int met = c_count(c_or(c_or(a, b), c_or(c, e)));
            if (met < lack) return -1;
            if (met != lack) continue;
            Cells many = c_or(c_or(c_and(a, b), c_and(c, e)), c_and(c_or(a, b), c_or(c, e)));
            Cells one = c_andnot(c_xor(c_xor(a, b), c_xor(c, e)), many);
            *placed = c_or(*placed, c_or(c_or(c_and(one, a), c_up(c_and(one, b), 1)),
                                         c_or(c_up(c_and(one, c), n),
                                              c_up(c_and(one, e), n + 1))));
        }
    }
    return 0;
}

/* rules.propagate: 0 on a contradiction, else 1 with the state carried to its fixpoint. */
static int sb_propagate(const SbTable *t, Cells *stars, Cells *open, int widest, int room) {
    Cells left = *stars;
    while (c_any(left)) {
        int cell = c_pop(&left);
        if (c_any(c_and(t->around[cell], *stars))) return 0;
        *open = c_andnot(*open, t->around[cell]);
    }
    for (;;) {
        if (!sb_units(t, stars, open)) return 0;
        Cells shut = {{0}};
        if (c_any(*open) && sb_bands(t, stars, open, widest, &shut) < 0) return 0;
        if (c_any(shut)) {
            *open = c_andnot(*open, shut);
            continue;
        }
        Cells placed = {{0}};
        if (room && c_any(*open) && sb_blocked(t, stars, open, &placed) < 0) return 0;
        if (!c_any(placed)) return 1;
        Cells all = c_or(*stars, placed);
        left = placed;
        while (c_any(left)) {  /* rules._place */
            int cell = c_pop(&left);
            if (c_any(c_and(t->around[cell], all))) return 0;
            *open = c_andnot(*open, t->around[cell]);
        }
        *stars = all;
        *open = c_andnot(*open, placed);
    }
}

/* The square's size, stars and regions (args[0..2]) into a table, and `count` masks
   after them into sets: -1 with a Python exception on bad input. */
static int sb_read(PyObject *const *args, SbTable *t, Cells *sets, int count) {
    long n, k;
    if (convert_int(args[0], 2, SB_MOST, &n, "a Star Battle's size") < 0 ||
        convert_int(args[1], 1, SB_MOST, &k, "a Star Battle's stars") < 0)
        return -1;
    t->n = (int)n;
    t->k = (int)k;
    t->count = (int)n;
    int cells = (int)(n * n), w = (cells + 63) / 64;
    word regions[SB_MOST * SB_W] = {0};
    if (convert_masks(args[2], regions, n, w, cells, "a Star Battle's regions") < 0) return -1;
    Cells region_sets[SB_MOST] = {{{0}}};
    for (int g = 0; g < n; g++) memcpy(region_sets[g].w, regions + g * w, w * sizeof(word));
    for (int i = 0; i < count; i++) {
        sets[i] = (Cells){{0}};
        if (convert_mask(args[3 + i], sets[i].w, w, cells, "a Star Battle state") < 0) return -1;
    }
    sb_table(t, region_sets);
    return 0;
}

static PyObject *sb_state(const Cells *stars, const Cells *open) {
    return Py_BuildValue("(NN)", mask_object(stars->w, SB_W), mask_object(open->w, SB_W));
}

const char starbattle_propagate_doc[] =
"starbattle_propagate(n, k, regions, stars, open, widest, room)\n--\n\n"
"rules.propagate on an n x n square of k stars a unit with these regions' masks: the\n"
"state (stars, open) at its fixpoint, or None on a contradiction.";

PyObject *starbattle_propagate(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 7, "starbattle_propagate")) return NULL;
    SbTable t;
    Cells state[2];
    long widest;
    int room = PyObject_IsTrue(args[6]);
    if (room < 0 || sb_read(args, &t, state, 2) < 0 ||
        convert_int(args[5], 0, SB_MOST, &widest, "a band's widest") < 0)
        return NULL;
    if (!sb_propagate(&t, &state[0], &state[1], (int)widest, room)) Py_RETURN_NONE;
    return sb_state(&state[0], &state[1]);
}

const char starbattle_first_clash_doc[] =
"starbattle_first_clash(n, k, regions, stars, open, tried, widest, room)\n--\n\n"
"grade.first_clash: the first open cell of `tried` one of whose values propagation\n"
"refutes, and its other value (1 white, 2 star), or None.";

PyObject *starbattle_first_clash(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 8, "starbattle_first_clash")) return NULL;
    SbTable t;
    Cells state[3];
    long widest;
    int room = PyObject_IsTrue(args[7]);
    if (room < 0 || sb_read(args, &t, state, 3) < 0 ||
        convert_int(args[6], 0, SB_MOST, &widest, "a band's widest") < 0)
        return NULL;
    Cells left = c_and(state[1], state[2]);
    while (c_any(left)) {
        int cell = c_pop(&left);
        Cells bit = {{0}};
        c_set(&bit, cell);
        for (int value = 0; value < 2; value++) {  /* a star, then white */
            Cells stars = value ? state[0] : c_or(state[0], bit);
            Cells open = c_andnot(state[1], bit);
            if (!sb_propagate(&t, &stars, &open, (int)widest, room))
                return Py_BuildValue("(ii)", cell, value ? 2 : 1);
        }
    }
    Py_RETURN_NONE;
}
