/* The areas of the compiled Calcudoku grader (calcloop.c), as calcfind.c reads them:
   techniques.areas made from the board's groups of lines (quiet.group_tables) and the
   cages' known sums (quiet.sums). Per group, the cages inside it and those crossing its
   edge give its innies and outies and their totals.

   Generation grades drafts that differ from the last by a few cages, so each group's
   cages inside and crossing are kept from call to call and changed by the cages that
   came and went alone: the cages part the cells, so a cage's cells leave a group's
   union exactly as they came into it. */

#include "calchand.h"

/* A cage as the areas see it: its cells, lines and known sum (-1: none). */
typedef struct {
    word cells[CALC_W];
    uint64_t line_bits;
    long long sum;
} Part;

/* A group's cages inside it and crossing its edge: their cells and sums. */
typedef struct {
    word inside[CALC_W], crossing[CALC_W];
    long long inside_total, crossing_total;
} GroupSums;

/* What the last call left: its groups (held, so that their address is no other's), the
   lines of each, its cages and their sums in the groups; the area words made from them. */
static struct {
    PyObject *held;
    int n, parts, owner[CALC_CELLS]; /* owner: a cell's cage in part[] */
    uint64_t lines[GROUP_MOST];
    Part part[CALC_CELLS];
    GroupSums sums[GROUP_MOST];
    unsigned char touched[GROUP_MOST];
    uint64_t words[GROUP_MOST * AREA_WORDS];
    /* The groups a cage may be in or cross, as bits: those of whole lines through each
       line, and those not of whole lines (any cage may be). */
    uint64_t through[2 * CALC_MAX][GROUP_MOST / 64], ragged[GROUP_MOST / 64];
} last;

/* The group's lines as bits (Cage.line_bits') where its cells are whole rows alone or
   whole columns alone, else 0: then a cage is in it or crosses its edge by its own lines
   of that kind. */
static uint64_t whole_lines(const Hand *h, const word *cells) {
    uint64_t kinds[2] = {0, 0};
    word made[2][CALC_W] = {{0}};
    for (int u = 0; u < 2 * h->n; u++) {
        int in = 1;
        for (int k = 0; k < h->n && in; k++) in = marked(cells, unit_cell(h->n, u, k));
        if (!in) continue;
        kinds[u >= h->n] |= 1ULL << u;
        for (int k = 0; k < h->n; k++) mark(made[u >= h->n], unit_cell(h->n, u, k));
    }
    for (int kind = 0; kind < 2; kind++)
        if (kinds[kind] && !memcmp(made[kind], cells, sizeof(word) * (size_t)h->w)) return kinds[kind];
    return 0;
}

/* Whether the cage has a cell outside the group's cells (*out) and one inside (*in). */
static void cage_sides(const Hand *h, const Part *cage, const word *cells, uint64_t lines,
                       int *out, int *in) {
    if (lines) {
        uint64_t kind = (lines >> h->n) ? ~0ULL << h->n : ~(~0ULL << h->n);
        uint64_t mine = cage->line_bits & kind;
        *out = (mine & ~lines) != 0, *in = (mine & lines) != 0;
        return;
    }
    word outside = 0, inside = 0;
    for (int i = 0; i < h->w; i++) outside |= cage->cells[i] & ~cells[i], inside |= cage->cells[i] & cells[i];
    *out = outside != 0, *in = inside != 0;
}

/* Starts again from no cage, for these groups (`count` of them at `groups`). */
static void forget(const Hand *h, PyObject *object, const uint64_t *groups, uint64_t count) {
    Py_XSETREF(last.held, Py_NewRef(object));
    last.n = h->n, last.parts = 0;
    for (int c = 0; c < CALC_CELLS; c++) last.owner[c] = -1;
    memset(last.sums, 0, sizeof last.sums);
    memset(last.through, 0, sizeof last.through), memset(last.ragged, 0, sizeof last.ragged);
    for (uint64_t g = 0; g < count; g++) {
        uint64_t lines = last.lines[g] = whole_lines(h, groups + 2 + g * (CALC_W + 1));
        last.touched[g] = 1;
        if (!lines) last.ragged[g / 64] |= 1ULL << (g % 64);
        for (; lines; lines &= lines - 1)
            last.through[__builtin_ctzll(lines)][g / 64] |= 1ULL << (g % 64);
    }
}

/* The cage's sum and cells into group g if it is inside or crosses it (sign 1), or out of
   it (sign -1). */
static void count_in_group(const Hand *h, const uint64_t *groups, uint64_t g, const Part *cage,
                           int sign) {
    int out, in;
    cage_sides(h, cage, groups + 2 + g * (CALC_W + 1), last.lines[g], &out, &in);
    if (!in) return;
    GroupSums *sums = &last.sums[g];
    word *into = out ? sums->crossing : sums->inside;
    for (int i = 0; i < h->w; i++) into[i] = sign > 0 ? into[i] | cage->cells[i] : into[i] & ~cage->cells[i];
    *(out ? &sums->crossing_total : &sums->inside_total) += sign * cage->sum;
    last.touched[g] = 1;
}

/* The cage's sum and cells into each group it is inside or crosses (sign 1), or out of
   it (sign -1). */
static void count_in(const Hand *h, const uint64_t *groups, uint64_t count, const Part *cage,
                     int sign) {
    for (uint64_t i = 0; i < (count + 63) / 64; i++) {
        uint64_t may = last.ragged[i]; /* one of whole lines only where a line is the cage's */
        for (uint64_t lines = cage->line_bits; lines; lines &= lines - 1)
            may |= last.through[__builtin_ctzll(lines)][i];
        for (; may; may &= may - 1) count_in_group(h, groups, 64 * i + __builtin_ctzll(may), cage, sign);
    }
}

static int same_part(const Part *a, const Part *b) {
    return a->sum == b->sum && !memcmp(a->cells, b->cells, sizeof a->cells);
}

/* The groups' sums brought from the last call's cages to the hand's: those gone out,
   those come in. */
static void recount(const Hand *h, const uint64_t *groups, uint64_t count, const int64_t *sums) {
    Part now[CALC_CELLS];
    unsigned char kept[CALC_CELLS] = {0}, stays[CALC_CELLS] = {0};
    for (int k = 0; k < h->cages; k++) {
        const Cage *cage = &h->cage[k];
        memcpy(now[k].cells, cage->cells, sizeof now[k].cells);
        now[k].line_bits = cage->line_bits, now[k].sum = sums[k] < 0 ? -1 : sums[k];
        int was = last.owner[cage->cell[0]];
        if (was >= 0 && same_part(&last.part[was], &now[k])) kept[was] = stays[k] = 1;
    }
    for (int k = 0; k < last.parts; k++)
        if (!kept[k] && last.part[k].sum >= 0) count_in(h, groups, count, &last.part[k], -1);
    for (int k = 0; k < h->cages; k++)
        if (!stays[k] && now[k].sum >= 0) count_in(h, groups, count, &now[k], 1);
    memcpy(last.part, now, sizeof(Part) * (size_t)h->cages);
    last.parts = h->cages;
    for (int c = 0; c < h->cells; c++) last.owner[c] = h->cage_of[c];
}

/* A group's area words (innies, their total, outies, their total) from its sums. */
static void area_of(const Hand *h, const uint64_t *group, const GroupSums *sums, uint64_t *area) {
    const word *cells = group + 1;
    long long innie_total = (long long)group[0] * h->n * (h->n + 1) / 2 - sums->inside_total;
    int lone = 0; /* an innie in no crossing cage: no outies */
    for (int i = 0; i < CALC_W; i++) {
        area[i] = cells[i] & ~sums->inside[i];
        lone |= !!(area[i] & ~sums->crossing[i]);
    }
    area[CALC_W] = (uint64_t)innie_total;
    for (int i = 0; i < CALC_W; i++) area[CALC_W + 1 + i] = lone ? 0 : sums->crossing[i] & ~cells[i];
    area[2 * CALC_W + 1] = (uint64_t)(sums->crossing_total - innie_total);
}

int calc_groups_fit(PyObject *groups) {
    uint64_t many;
    if (!PyBytes_Check(groups)) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_grade: the groups are bytes");
        return -1;
    }
    Py_ssize_t length = PyBytes_GET_SIZE(groups);
    if (length < 8 || (memcpy(&many, PyBytes_AS_STRING(groups), 8), many > GROUP_MOST) ||
        (Py_ssize_t)(8 * (1 + many * (CALC_W + 1))) != length) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_grade: the groups or sums do not fit");
        return -1;
    }
    return 0;
}

int calc_read_areas(const Hand *h, PyObject *groups, PyObject *sums, const unsigned char **areas,
                    long long *count) {
    char *totals;
    Py_ssize_t sums_length;
    if (calc_groups_fit(groups) < 0 || PyBytes_AsStringAndSize(sums, &totals, &sums_length) < 0)
        return -1;
    if (sums_length != 8 * (Py_ssize_t)h->cages) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_grade: the groups or sums do not fit");
        return -1;
    }
    calc_areas_of(h, groups, (const int64_t *)totals, areas, count);
    return 0;
}

void calc_areas_of(const Hand *h, PyObject *groups, const int64_t *sums,
                   const unsigned char **areas, long long *count) {
    const uint64_t *words = (const uint64_t *)PyBytes_AS_STRING(groups);
    uint64_t many = words[0];
    if (groups != last.held || h->n != last.n) forget(h, groups, words, many);
    recount(h, words, many, sums);
    for (uint64_t g = 0; g < many; g++)
        if (last.touched[g])
            area_of(h, words + 1 + g * (CALC_W + 1), &last.sums[g], last.words + g * AREA_WORDS);
    memset(last.touched, 0, sizeof(unsigned char) * many);
    *areas = (const unsigned char *)last.words, *count = (long long)many;
}
