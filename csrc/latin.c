/* The Latin-square kinds' propagation and search, compiled: core/latin/search.py's
   latin_round, rounds_to_contradiction and search with a kind's rule (Futoshiki's signs,
   Skyscrapers' fixed bounds or full visibility), latin/grading.py's forcing-chain
   candidates, and skyscrapers/lines.py's line_supports. The pure Python is the reference:
   every sweep visits lines, signs and cells in its order, so round counts, node counts and
   the first solution found are the same on both cores (a line none of whose cells changed
   since it last changed nothing is passed over: visited, it would change nothing).

   A rule comes as (code, data), latin/search.py's Rule: RULE_NONE (no data), RULE_SIGNS
   (smaller, larger cell pairs), RULE_BOUNDS (an allowed mask per cell), RULE_LINES (per
   clued line its n cells from the front, then the front and back clues). */

#include <stdlib.h>

#include "pytypes.h"
#include "latin.h"

enum { CONTRADICTION = -1, SETTLED = 0, CHANGED = 1 };

static inline int bit_length(mask m) { return m ? 32 - __builtin_clz(m) : 0; }
/* popcount64: the x86-64 baseline has no popcount instruction (the builtin is a call) */
static inline int bits_in(mask m) { return popcount64(m); }

/* ---- the Latin rules and the kinds' ---- */

/* The lines a sweep may still change (every other one would change nothing and find no
   contradiction, so it is passed over: the same masks, rounds and contradictions as
   sweeping every line, as search.py does): bit `line` of `latin` for the Latin rules'
   rows (0 .. n-1) and columns (n .. 2n-1), of `own` for the clued lines of a rule whose
   lines are rows and columns (Rule.line_of). A line's bit is set when a cell of it
   changes; a Latin line's is cleared as its sweep begins (a sweep may leave work for the
   next: a cell it narrowed to one value), a clued line's as its sweep ends (a line's
   supports are the same from its own supports). A propagation from masks nothing is
   known of starts with every bit set; the search's child, whose parent was propagated
   to a fixed point, with the bits of the cell it branched on. */
typedef struct {
    uint32_t latin, own;
    int emptied;  /* a Latin sweep left a cell without a candidate (no other rule does
                     without finding the contradiction itself) */
} Dirty;

static const Dirty every_line = {0xffffffffu, 0xffffffffu, 0};

/* The row and the column of a cell changed: each may change again. */
static inline void touched(Dirty *d, int n, int cell) {
    uint32_t both = (uint32_t)1 << (cell / n) | (uint32_t)1 << (n + cell % n);
    d->latin |= both, d->own |= both;
}

/* The lines of the cell the search branched on (-1: every line). */
static Dirty dirty_at(int n, int cell) {
    Dirty d = {0, 0, 0};
    if (cell < 0) return every_line;
    touched(&d, n, cell);
    return d;
}

/* One sweep of latin_round over the line of n cells from `start` by `step`. */
static int latin_line(int n, mask *m, int start, int step, Dirty *d) {
    mask fixed = 0, once = 0, twice = 0, open = 0, full = ((mask)1 << n) - 1;
    int changed = SETTLED;
    for (int k = 0, c = start; k < n; k++, c += step) {
        mask v = m[c];
        if (!(v & (v - 1))) {
            if (!v || (v & fixed)) return CONTRADICTION;
            fixed |= v;
        } else {
            open |= v;
        }
        twice |= once & v;
        once |= v;
    }
    if (once != full) return CONTRADICTION;
    mask lone = once & ~twice & ~fixed;
    /* no open cell keeps a placed value or holds a lone one: the sweep below changes
       nothing and finds no contradiction */
    if (!lone && !(open & fixed)) return SETTLED;
    for (int k = 0, c = start; k < n; k++, c += step) {
        mask v = m[c];
        if (!(v & (v - 1))) continue;
        mask hit = v & lone;
        if (hit & (hit - 1)) return CONTRADICTION;
        mask narrowed = hit ? hit : v & ~fixed;
        if (narrowed != v) m[c] = narrowed, changed = CHANGED, touched(d, n, c);
        if (!narrowed) d->emptied = 1;
    }
    return changed;
}

/* search.latin_round: rows, then columns (those that may change, Dirty: each the next
   one set after the last swept, a line a sweep sets behind it waiting for the next
   round, as it would be swept then). */
static int latin_round(int n, mask *m, Dirty *d) {
    int changed = SETTLED;
    uint64_t lines = ((uint64_t)1 << 2 * n) - 1;
    for (uint64_t ahead = d->latin & lines; ahead; ahead = d->latin & lines) {
        int line = __builtin_ctzll(ahead);
        lines &= ~(((uint64_t)2 << line) - 1);  /* this line and those before it are done */
        d->latin &= ~((uint32_t)1 << line);
        int done = line < n ? latin_line(n, m, line * n, 1, d) : latin_line(n, m, line - n, n, d);
        if (done == CONTRADICTION) return CONTRADICTION;
        changed |= done;
    }
    return changed;
}

/* futoshiki/solver.sign_prune. */
static int prune_signs(const Rule *rule, mask *m, Dirty *d) {
    int changed = SETTLED;
    for (int i = 0; i < rule->count; i += 2) {
        int smaller = rule->data[i], larger = rule->data[i + 1];
        mask low = m[smaller], high = m[larger];
        mask below = high ? low & (((mask)1 << (bit_length(high) - 1)) - 1) : 0;
        mask above = high & ~((low & (0u - low)) * 2 - 1);
        if (below != low || above != high) {
            if (!below || !above) return CONTRADICTION;
            m[smaller] = below, m[larger] = above, changed = CHANGED;
            touched(d, rule->n, smaller), touched(d, rule->n, larger);
        }
    }
    return changed;
}

/* skyscrapers/solver.bounds_prune. */
static int prune_bounds(const Rule *rule, mask *m, Dirty *d) {
    int changed = SETTLED;
    for (int c = 0; c < rule->count; c++) {
        mask kept = m[c] & (mask)rule->data[c];
        if (kept != m[c]) {
            if (!kept) return CONTRADICTION;
            m[c] = kept, changed = CHANGED, touched(d, rule->n, c);
        }
    }
    return changed;
}

/* A line's fillings being enumerated (lines.line_supports). */
typedef struct {
    int n, front, back;
    mask full, masks[LATIN_MAX], chosen[LATIN_MAX], support[LATIN_MAX];
} LineFill;

static int seen_from_back(const LineFill *f) {
    int count = 0;
    mask tallest = 0;
    for (int j = f->n - 1; j >= 0; j--)
        if (f->chosen[j] > tallest) count++, tallest = f->chosen[j];
    return count;
}

static void fill_line(LineFill *f, int i, mask used, int count, mask tallest) {
    if (i == f->n) {
        if (f->back && seen_from_back(f) != f->back) return;
        for (int j = 0; j < f->n; j++) f->support[j] |= f->chosen[j];
        return;
    }
    /* heights still unused above the tallest so far: at most that many more are seen */
    mask above = f->full & ~used & ~((tallest ? tallest << 1 : 1) - 1);
    if (f->front && count + bits_in(above) < f->front) return;
    for (mask free = f->masks[i] & ~used; free;) {
        mask bit = free & (0u - free);
        free ^= bit;
        f->chosen[i] = bit;
        if (bit > tallest) {
            if (!f->front || count + 1 <= f->front) fill_line(f, i + 1, used | bit, count + 1, bit);
        } else {
            fill_line(f, i + 1, used | bit, count, tallest);
        }
    }
}

/* Lines' supports already found: propagation asks again of every clued line each round,
   and a search of the lines it left unchanged, so most lines are asked as they were.
   Direct-mapped by a hash of the line; a hit is the same question, so the same answer. */
#define MEMO_SIZE 1024
#define MEMO_MAX 9  /* the largest line kept */
typedef struct {
    int n, front, back, found;
    mask masks[MEMO_MAX], support[MEMO_MAX];
} LineMemo;

static LineMemo *memo_slot(int n, const mask *masks, int front, int back) {
    static LineMemo memo[MEMO_SIZE];
    uint32_t hash = 2166136261u ^ (uint32_t)(front * 31 + back);
    for (int j = 0; j < n; j++) hash = (hash ^ masks[j]) * 16777619u;
    return &memo[(hash ^ hash >> 15) % MEMO_SIZE];
}

/* Every filling of a line of n <= TABLE_MAX (each height once), made once, grouped by
   the clues it shows: a line with a front clue scans those of its (front, back) pair, or
   of its front, one with a back clue only those of its back; the same fillings fill_line
   finds (masks allowing), so the same supports, without enumerating them again. A
   filling is a set of (cell, height) bits, bit j * n + h - 1: it fits a line's masks if
   it is inside their union placed so. */
#define TABLE_MAX 6
#define TABLE_ROWS 720  /* TABLE_MAX! */
#define TABLE_WORDS ((TABLE_ROWS + 63) / 64)
typedef struct {
    int built;
    uint64_t by_front[TABLE_ROWS], by_back[TABLE_ROWS];
    int front_from[(TABLE_MAX + 1) * (TABLE_MAX + 1) + 1];  /* by (front, back) */
    int back_from[TABLE_MAX + 2];                             /* by back */
    /* per order (by_front, by_back), cell and mask of heights: the rows placing one of
       them there, a bit a row; a line's masks pick the rows that fit with one word per
       cell, not one per height */
    uint64_t fitting[2][TABLE_MAX][1 << TABLE_MAX][TABLE_WORDS];
} Fillings;

static int seen_of(const int *heights, int n, int step) {
    int count = 0, tallest = 0;
    for (int k = 0, j = step > 0 ? 0 : n - 1; k < n; k++, j += step)
        if (heights[j] > tallest) count++, tallest = heights[j];
    return count;
}

/* Fillings.fitting from the rows in each order. */
static void build_fitting(Fillings *t, int n, int rows) {
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < n; j++)
            for (mask heights = 1; heights < ((mask)1 << n); heights++) {
                uint64_t at = (uint64_t)heights << (j * n), bit = (uint64_t)1 << (r % 64);
                if (t->by_front[r] & at) t->fitting[0][j][heights][r / 64] |= bit;
                if (t->by_back[r] & at) t->fitting[1][j][heights][r / 64] |= bit;
            }
}

/* The fillings of n cells, lexicographic, sorted (stably) by their clues. */
static void build_fillings(Fillings *t, int n) {
    int heights[TABLE_MAX], keys[TABLE_ROWS], backs[TABLE_ROWS], rows = 0;
    uint64_t all[TABLE_ROWS];
    for (int j = 0; j < n; j++) heights[j] = j + 1;
    for (;;) {
        all[rows] = 0;
        for (int j = 0; j < n; j++) all[rows] |= (uint64_t)1 << (j * n + heights[j] - 1);
        backs[rows] = seen_of(heights, n, -1);
        keys[rows] = seen_of(heights, n, 1) * (n + 1) + backs[rows];
        rows++;
        int i = n - 2;  /* the next permutation */
        while (i >= 0 && heights[i] > heights[i + 1]) i--;
        if (i < 0) break;
        int k = n - 1;
        while (heights[k] < heights[i]) k--;
        int swap = heights[i]; heights[i] = heights[k]; heights[k] = swap;
        for (int lo = i + 1, hi = n - 1; lo < hi; lo++, hi--)
            swap = heights[lo], heights[lo] = heights[hi], heights[hi] = swap;
    }
    int place = 0, slots = (n + 1) * (n + 1);
    for (int key = 0; key < slots; key++) {
        t->front_from[key] = place;
        for (int r = 0; r < rows; r++)
            if (keys[r] == key) t->by_front[place++] = all[r];
    }
    t->front_from[slots] = place, place = 0;
    for (int b = 0; b <= n; b++) {
        t->back_from[b] = place;
        for (int r = 0; r < rows; r++)
            if (backs[r] == b) t->by_back[place++] = all[r];
    }
    t->back_from[n + 1] = place;
    build_fitting(t, n, rows);
    t->built = 1;
}

/* The union of the rows from..to-1 (of one order) whose every cell's height its mask
   allows: word by word, the rows fitting each cell's mask intersected. */
static uint64_t fitting_union(const uint64_t (*fitting)[1 << TABLE_MAX][TABLE_WORDS],
                              const uint64_t *rows, int n, const mask *masks, int from, int to) {
    uint64_t found = 0;
    for (int w = from / 64, last = (to - 1) / 64; w <= last; w++) {
        uint64_t fits = ~(uint64_t)0;
        if (w == from / 64) fits &= ~(uint64_t)0 << (from % 64);
        if (w == last) fits &= ~(uint64_t)0 >> (63 - (to - 1) % 64);
        for (int j = 0; j < n && fits; j++) fits &= fitting[j][masks[j]][w];
        for (; fits; fits &= fits - 1) found |= rows[w * 64 + __builtin_ctzll(fits)];
    }
    return found;
}

/* line_supports from the table (a clue at either end); the fillings' union per cell. */
static void table_supports(int n, const mask *masks, int front, int back, mask *support) {
    static Fillings tables[TABLE_MAX + 1];
    Fillings *t = &tables[n];
    if (!t->built) build_fillings(t, n);
    int from, to;
    if (!front) from = t->back_from[back], to = t->back_from[back + 1];
    else if (back) from = t->front_from[front * (n + 1) + back], to = t->front_from[front * (n + 1) + back + 1];
    else from = t->front_from[front * (n + 1)], to = t->front_from[(front + 1) * (n + 1)];
    uint64_t found = from < to ? fitting_union(t->fitting[front ? 0 : 1], front ? t->by_front : t->by_back,
                                               n, masks, from, to) : 0;
    for (int j = 0; j < n; j++) support[j] = (mask)(found >> (j * n)) & (((mask)1 << n) - 1);
}

/* Per cell the heights some filling puts there, into support; 0 if no filling does. */
static int line_supports(int n, const mask *masks, int front, int back, mask *support) {
    LineMemo *kept = n <= MEMO_MAX ? memo_slot(n, masks, front, back) : NULL;
    if (kept && kept->n == n && kept->front == front && kept->back == back &&
        !memcmp(kept->masks, masks, (size_t)n * sizeof *masks)) {
        memcpy(support, kept->support, (size_t)n * sizeof *support);
        return kept->found;
    }
    if (n <= TABLE_MAX && (front || back)) {
        table_supports(n, masks, front, back, support);
    } else {
        LineFill f = {.n = n, .front = front, .back = back, .full = ((mask)1 << n) - 1};
        memcpy(f.masks, masks, (size_t)n * sizeof *masks);
        fill_line(&f, 0, 0, 0, 0);
        memcpy(support, f.support, (size_t)n * sizeof *support);
    }
    int found = 1;
    for (int j = 0; j < n; j++)
        if (!support[j]) found = 0;
    if (kept) {
        kept->n = n, kept->front = front, kept->back = back, kept->found = found;
        memcpy(kept->masks, masks, (size_t)n * sizeof *masks);
        memcpy(kept->support, support, (size_t)n * sizeof *support);
    }
    return found;
}

/* skyscrapers/solver.visibility_prune (the lines that may change, Dirty). */
static int prune_lines(const Rule *rule, mask *m, Dirty *d) {
    int n = rule->n, changed = SETTLED;
    for (int at = 0, index = 0; at < rule->count; at += n + 2, index++) {
        int line = rule->lines_known ? rule->line_of[index] : -1;
        if (line >= 0 && !(d->own >> line & 1)) continue;
        const int *cells = rule->data + at;
        mask before[LATIN_MAX], after[LATIN_MAX];
        for (int j = 0; j < n; j++) before[j] = m[cells[j]];
        if (!line_supports(n, before, cells[n], cells[n + 1], after)) return CONTRADICTION;
        for (int j = 0; j < n; j++)
            if (after[j] != before[j]) m[cells[j]] = after[j], changed = CHANGED, touched(d, n, cells[j]);
        if (line >= 0) d->own &= ~((uint32_t)1 << line);
    }
    return changed;
}

static int prune(const Rule *rule, mask *m, Dirty *d) {
    switch (rule->code) {
    case RULE_SIGNS: return prune_signs(rule, m, d);
    case RULE_BOUNDS: return prune_bounds(rule, m, d);
    case RULE_LINES: return prune_lines(rule, m, d);
    default: return SETTLED;
    }
}

/* The row (0 .. n-1) or column (n .. 2n-1) whose cells, from the front as latinclues.c
   lists them, a clued line's are; -1 for none. */
static int line_of_cells(int n, const int *cells) {
    int line = -1;
    if (n < 2) return -1;
    if (cells[0] % n == 0 && cells[1] == cells[0] + 1) line = cells[0] / n;
    else if (cells[0] < n && cells[1] == cells[0] + n) line = n + cells[0];
    for (int k = 0; k < n && line >= 0; k++)
        if (cells[k] != (line < n ? line * n + k : k * n + (line - n))) line = -1;
    return line;
}

/* Rule.line_of, each clued line's row or column; lines_known 0 where one is neither or
   two are the same (then every clued line is swept every round). */
static void know_lines(Rule *rule) {
    int n = rule->n, count = 0;
    uint32_t seen = 0;
    rule->lines_known = 0;
    if (rule->code != RULE_LINES || rule->count > 2 * n * (n + 2) || rule->count % (n + 2)) return;
    for (int at = 0; at < rule->count; at += n + 2, count++) {
        int line = line_of_cells(n, rule->data + at);
        if (line < 0 || seen >> line & 1) return;
        seen |= (uint32_t)1 << line, rule->line_of[count] = line;
    }
    rule->lines_known = 1;
}

/* search.rounds_to_contradiction: the rounds to a contradiction, 0 for none (settled, or
   `most` rounds passed first; most < 0: no limit). */
static int rounds_to_contradiction(const Rule *rule, mask *m, int most, Dirty d) {
    for (int rounds = 1; most < 0 || rounds <= most; rounds++) {
        int latin = latin_round(rule->n, m, &d);
        if (latin == CONTRADICTION) return rounds;
        int own = prune(rule, m, &d);
        if (own == CONTRADICTION || d.emptied) return rounds;  /* a cell left empty */
        if (!latin && !own) return 0;
    }
    return 0;
}

/* ---- the search ---- */

/* bits.fewest_open: the first cell of fewest candidates (two or more), -1 if none. */
static int fewest_open(const mask *m, int cells) {
    int best = -1, fewest = 0;
    for (int c = 0; c < cells; c++) {
        if (!(m[c] & (m[c] - 1))) continue;
        int count = bits_in(m[c]);
        if (best < 0 || count < fewest) {
            best = c, fewest = count;
            if (count == 2) break;
        }
    }
    return best;
}

typedef struct {
    int count, complete, nodes;
    int solution[LATIN_CELLS], last[LATIN_CELLS];  /* the first found, the last */
} Found;

/* The states with `cell` set to each candidate pushed, the first to try last (search.
   _branches: values ascending, `prefer`'s first). Returns the new stack size. */
static int push_branches(mask *stack, int *branched, int size, int cells, int cell,
                         const int *prefer) {
    const mask *top = stack + (size_t)(size - 1) * cells;
    mask values[LATIN_MAX], m = top[cell];
    int count = 0;
    if (prefer) {
        mask wanted = (mask)1 << (prefer[cell] - 1);
        if (m & wanted) values[count++] = wanted, m &= ~wanted;
    }
    for (; m; m &= m - 1) values[count++] = m & (0u - m);
    mask parent[LATIN_CELLS];
    memcpy(parent, top, (size_t)cells * sizeof *parent);
    size--;
    for (int i = count - 1; i >= 0; i--, size++) {
        mask *branch = stack + (size_t)size * cells;
        memcpy(branch, parent, (size_t)cells * sizeof *branch);
        branch[cell] = values[i], branched[size] = cell;
    }
    return size;
}

/* search.search: counting solutions to `limit`, at most max_nodes nodes. The stack holds at
   most (cells) * (n - 1) + 1 states. -1 without memory. */
static int latin_search(const Rule *rule, const mask *start, Dirty root, int limit,
                        long long max_nodes, const int *prefer, Found *found) {
    int n = rule->n, cells = n * n;
    size_t most = (size_t)cells * (size_t)n + 1;
    mask *stack = malloc(most * (size_t)cells * sizeof *stack);
    int *branched = malloc(most * sizeof *branched);  /* the cell each state branched on */
    if (!stack || !branched) {
        free(stack);
        free(branched);
        return -1;
    }
    memcpy(stack, start, (size_t)cells * sizeof *stack);
    int size = 1;
    branched[0] = -1;
    found->count = found->nodes = 0, found->complete = 1;
    while (size) {
        if (found->nodes >= max_nodes) { found->complete = 0; break; }
        mask *state = stack + (size_t)(size - 1) * cells;
        found->nodes++;
        /* a child differs from its parent, propagated to a fixed point, at one cell */
        Dirty lines = size == 1 && branched[0] < 0 ? root : dirty_at(n, branched[size - 1]);
        if (rounds_to_contradiction(rule, state, -1, lines)) {
            size--;
            continue;
        }
        int cell = fewest_open(state, cells);
        if (cell >= 0) {
            size = push_branches(stack, branched, size, cells, cell, prefer);
            continue;
        }
        int *into = found->count++ ? found->last : found->solution;
        for (int c = 0; c < cells; c++) into[c] = bit_length(state[c]);
        size--;
        if (found->count >= limit) break;
    }
    free(stack);
    free(branched);
    return 0;
}

int latin_propagate(const Rule *rule, mask *m, int most) {
    return rounds_to_contradiction(rule, m, most, every_line);
}

int latin_count(const Rule *rule, const mask *start, int limit, long long max_nodes) {
    Found found;
    if (latin_search(rule, start, every_line, limit, max_nodes, NULL, &found) < 0) return -1;
    return found.count;
}

int latin_any(const Rule *rule, const mask *start, long long max_nodes) {
    return latin_any_into(rule, start, max_nodes, NULL);
}

int latin_any_into(const Rule *rule, const mask *start, long long max_nodes, int *solution) {
    return latin_any_near(rule, start, max_nodes, solution, NULL, -1);
}

int latin_any_near(const Rule *rule, const mask *start, long long max_nodes, int *solution,
                   const int *changed, int count) {
    Found found;
    Dirty root = {0, 0, 0};
    if (count < 0) root = every_line;
    for (int i = 0; i < count; i++) touched(&root, rule->n, changed[i]);
    if (latin_search(rule, start, root, 1, max_nodes, NULL, &found) < 0) return -1;
    if (found.count && solution) memcpy(solution, found.solution, sizeof found.solution);
    return found.count ? 1 : found.complete ? 0 : 2;
}

int latin_unique(const Rule *rule, const mask *start, long long max_nodes, const int *prefer) {
    return latin_unique_other(rule, start, max_nodes, prefer, NULL);
}

int latin_unique_other(const Rule *rule, const mask *start, long long max_nodes,
                       const int *prefer, int *other) {
    Found found;
    if (latin_search(rule, start, every_line, 2, max_nodes, prefer, &found) < 0) return -1;
    if (other && found.count == 2) {
        int cells = rule->n * rule->n, first_is_prefer = 1;
        for (int c = 0; c < cells && first_is_prefer; c++)
            first_is_prefer = found.solution[c] == prefer[c];
        memcpy(other, first_is_prefer ? found.last : found.solution, sizeof found.last);
    }
    return found.complete && found.count == 1;
}

/* ---- from Python ---- */

/* The four sides' 4n clues, each 0 (none) to n, from a Python sequence; -1 with an
   exception set. */
int latin_read_sides(PyObject *data, int n, int *sides) {
    Py_ssize_t count = PySequence_Size(data);
    if (count < 0) return -1;
    if (count != 4 * n) {
        PyErr_Format(PyExc_ValueError, "latin: %zd clues on the sides of a %dx%d square", count, n, n);
        return -1;
    }
    return convert_ints(data, sides, count, 0, n, "latin: the sides' clues");
}

/* The rule Skyscrapers' sides make: RULE_LINES or RULE_BOUNDS (rule->code says which). */
static void clued_rule(const int *sides, Rule *rule) {
    int n = rule->n;
    if (rule->code == RULE_CLUED_LINES) {
        rule->code = RULE_LINES, rule->count = latin_clue_lines(n, sides, rule->data, rule->line_of);
        rule->lines_known = 1;  /* rows and columns, each once */
        return;
    }
    mask bounds[LATIN_CELLS];
    latin_clue_masks(n, sides, 0, bounds);
    rule->code = RULE_BOUNDS, rule->count = n * n, rule->lines_known = 0;
    for (int c = 0; c < n * n; c++) rule->data[c] = (int)bounds[c];
}

int latin_make_rule(int n, int code, const int *data, int count, Rule *rule) {
    rule->n = n, rule->code = code;
    if (code >= RULE_CLUED_LINES) {
        if (count != 4 * n) return -1;
        clued_rule(data, rule);
        return 0;
    }
    if ((size_t)count > sizeof rule->data / sizeof rule->data[0]) return -1;
    rule->count = count;
    for (int i = 0; i < count; i++) rule->data[i] = data[i];
    know_lines(rule);
    return 0;
}

/* The rule of (n, code, data), code a Python int or, if NULL, `fixed`; -1 with an
   exception set. */
static int read_rule_of(PyObject *size, PyObject *code, long fixed, PyObject *data,
                        Rule *rule) {
    long n, kind = fixed;
    if (convert_int(size, 1, LATIN_MAX, &n, "latin: n") < 0 ||
        (code && convert_int(code, RULE_NONE, RULE_CLUED_BOUNDS, &kind, "latin: a rule's code") < 0))
        return -1;
    rule->n = (int)n, rule->code = (int)kind;
    if (kind >= RULE_CLUED_LINES) {
        int sides[4 * LATIN_MAX];
        if (latin_read_sides(data, (int)n, sides) < 0) return -1;
        clued_rule(sides, rule);
        return 0;
    }
    Py_ssize_t count = PySequence_Size(data);
    if (count < 0) return -1;
    if ((size_t)count > sizeof rule->data / sizeof rule->data[0]) {
        PyErr_SetString(PyExc_ValueError, "latin: a rule's data is too long");
        return -1;
    }
    rule->count = (int)count;
    long high = kind == RULE_BOUNDS ? (1L << n) - 1 : n * n;
    if (convert_ints(data, rule->data, count, 0, high, "latin: a rule's data") < 0) return -1;
    know_lines(rule);
    return 0;
}

int latin_read_rule(PyObject *size, PyObject *code, PyObject *data, Rule *rule) {
    return read_rule_of(size, code, 0, data, rule);
}

/* n * n masks from a list. */
static int read_masks(PyObject *masks, int n, mask *out) {
    int values[LATIN_CELLS];
    if (!PyList_Check(masks)) {
        PyErr_SetString(PyExc_TypeError, "latin: masks is a list");
        return -1;
    }
    if (convert_ints(masks, values, n * n, 0, (1L << n) - 1, "latin: masks") < 0) return -1;
    for (int c = 0; c < n * n; c++) out[c] = (mask)values[c];
    return 0;
}

static int write_masks(PyObject *list, int cells, const mask *m) {
    for (int c = 0; c < cells; c++) {
        PyObject *value = PyLong_FromUnsignedLong(m[c]);
        if (!value || PyList_SetItem(list, c, value) < 0) return -1;
    }
    return 0;
}

static PyObject *length_or_none(int rounds) {
    if (rounds) return PyLong_FromLong(rounds);
    Py_RETURN_NONE;
}

const char latin_rounds_doc[] =
"latin_rounds(n, masks, code, data, most)\n--\n\n"
"latin/search.rounds_to_contradiction with the rule (code, data): the masks (a list)\n"
"narrowed in place, the rounds to a contradiction or None; most < 0: no limit.";

PyObject *latin_rounds(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Rule rule;
    mask m[LATIN_CELLS];
    long most;
    if (!check_arity(nargs, 5, "latin_rounds") || latin_read_rule(args[0], args[2], args[3], &rule) < 0 ||
        read_masks(args[1], rule.n, m) < 0 ||
        convert_int(args[4], -1, 1L << 30, &most, "latin_rounds: most") < 0)
        return NULL;
    int rounds = rounds_to_contradiction(&rule, m, (int)most, every_line);
    if (write_masks(args[1], rule.n * rule.n, m) < 0) return NULL;
    return length_or_none(rounds);
}

const char latin_search_doc[] =
"latin_search(n, masks, code, data, limit, max_nodes, prefer)\n--\n\n"
"latin/search.search with the rule (code, data): (count, first solution or None,\n"
"complete, nodes); prefer: None or a value per cell tried first.";

PyObject *latin_search_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Rule rule;
    mask m[LATIN_CELLS];
    long limit;
    int failed = 0, prefer[LATIN_CELLS];
    if (!check_arity(nargs, 7, "latin_search") || latin_read_rule(args[0], args[2], args[3], &rule) < 0 ||
        read_masks(args[1], rule.n, m) < 0 ||
        convert_int(args[4], 1, 1L << 30, &limit, "latin_search: limit") < 0)
        return NULL;
    long long max_nodes = convert_clamped(args[5], &failed);
    if (failed) return NULL;
    int cells = rule.n * rule.n, has_prefer = args[6] != Py_None;
    if (has_prefer && convert_ints(args[6], prefer, cells, 1, rule.n, "latin_search: prefer") < 0)
        return NULL;
    Found found;
    if (latin_search(&rule, m, every_line, (int)limit, max_nodes, has_prefer ? prefer : NULL,
                     &found) < 0)
        return PyErr_NoMemory();
    PyObject *solution = found.count ? tuple_of_ints(found.solution, cells) : Py_NewRef(Py_None);
    if (!solution) return NULL;
    return Py_BuildValue("(iNOi)", found.count, solution, found.complete ? Py_True : Py_False,
                         found.nodes);
}

/* Writes (cell, value, length) for each candidate of the cell whose placement leads to a
   contradiction within `most` rounds into `found`; how many. */
static int chains_from(const Rule *rule, const mask *m, int cell, int most, int *found) {
    int cells = rule->n * rule->n, count = 0;
    for (mask left = m[cell]; left; left &= left - 1) {
        mask trial[LATIN_CELLS], bit = left & (0u - left);
        memcpy(trial, m, (size_t)cells * sizeof *trial);
        trial[cell] = bit;
        int length = rounds_to_contradiction(rule, trial, most, every_line);
        if (!length) continue;
        found[3 * count] = cell, found[3 * count + 1] = bit_length(bit);
        found[3 * count + 2] = length, count++;
    }
    return count;
}

int latin_chain_trials(const Rule *rule, const mask *m, const int *open, int count,
                       int most, int *found) {
    int total = 0;
    for (int candidates = 0; candidates <= rule->n && !total; candidates++)
        for (int i = 0; i < count; i++)
            if (bits_in(m[open[i]]) == candidates)
                total += chains_from(rule, m, open[i], most, found + 3 * total);
    return total;
}

const char latin_chains_doc[] =
"latin_chains(n, masks, code, data, open_cells, most)\n--\n\n"
"latin/grading.forcing_chain's search: among the open cells (ascending) of fewest\n"
"candidates first, every (cell, value, rounds) whose placement reaches a contradiction\n"
"within `most` rounds, for the first candidate count that has any; [] if none does.";

PyObject *latin_chains(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Rule rule;
    mask m[LATIN_CELLS];
    long most;
    int open[LATIN_CELLS];
    if (!check_arity(nargs, 6, "latin_chains") || latin_read_rule(args[0], args[2], args[3], &rule) < 0 ||
        read_masks(args[1], rule.n, m) < 0 ||
        convert_int(args[5], 1, 1L << 30, &most, "latin_chains: most") < 0)
        return NULL;
    Py_ssize_t count = PySequence_Size(args[4]);
    if (count < 0 || count > rule.n * rule.n ||
        convert_ints(args[4], open, count, 0, rule.n * rule.n - 1, "latin_chains: open") < 0)
        return count > rule.n * rule.n ? PyErr_Format(PyExc_ValueError, "latin_chains: open")
                                       : NULL;
    int found[3 * LATIN_CELLS * LATIN_MAX];
    int total = latin_chain_trials(&rule, m, open, (int)count, (int)most, found);
    PyObject *list = PyList_New(total);
    for (int k = 0; list && k < total; k++) {
        PyObject *item = Py_BuildValue("(iii)", found[3 * k], found[3 * k + 1], found[3 * k + 2]);
        if (!item) Py_CLEAR(list);
        else PyList_SET_ITEM(list, k, item);
    }
    return list;
}

const char latin_line_supports_doc[] =
"latin_line_supports(masks, front, back)\n--\n\n"
"skyscrapers/lines.line_supports: per cell the heights some filling of the line puts\n"
"there (a tuple), None if no filling does.";

PyObject *latin_line_supports(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    int values[LATIN_MAX], support_values[LATIN_MAX];
    mask masks[LATIN_MAX], support[LATIN_MAX];
    long front, back;
    if (!check_arity(nargs, 3, "latin_line_supports")) return NULL;
    Py_ssize_t n = PySequence_Size(args[0]);
    if (n < 0) return NULL;
    if (n < 1 || n > LATIN_MAX)
        return PyErr_Format(PyExc_ValueError, "latin_line_supports: %zd cells", n);
    if (convert_ints(args[0], values, n, 0, (1L << n) - 1, "latin_line_supports: masks") < 0 ||
        convert_int(args[1], 0, n, &front, "latin_line_supports: front") < 0 ||
        convert_int(args[2], 0, n, &back, "latin_line_supports: back") < 0)
        return NULL;
    for (int j = 0; j < n; j++) masks[j] = (mask)values[j];
    if (!line_supports((int)n, masks, (int)front, (int)back, support)) Py_RETURN_NONE;
    for (int j = 0; j < n; j++) support_values[j] = (int)support[j];
    return tuple_of_ints(support_values, n);
}

/* The index of the first clued line (RULE_LINES data) with fewest..most open cells whose
   fillings take a candidate some open cell still has, its supports into `support`; -1 if
   none. A line no filling fits is passed over, as the technique does. */
int latin_visible(const Rule *rule, const int *values, const mask *digits, int fewest,
                        int most, mask *support) {
    int n = rule->n;
    for (int at = 0, index = 0; at < rule->count; at += n + 2, index++) {
        const int *cells = rule->data + at;
        mask masks[LATIN_MAX];
        int open = 0;
        for (int j = 0; j < n; j++) {
            int c = cells[j];
            open += !values[c];
            masks[j] = values[c] ? (mask)1 << (values[c] - 1) : digits[c];
        }
        if (open < fewest || open > most) continue;
        if (!line_supports(n, masks, cells[n], cells[n + 1], support)) continue;
        for (int j = 0; j < n; j++)
            if (digits[cells[j]] & ~support[j]) return index;
    }
    return -1;
}

const char latin_visible_line_doc[] =
"latin_visible_line(n, values, cell_digits, data, fewest, most)\n--\n\n"
"skyscrapers/techniques._visibility's search: (the index of the first clued line, in\n"
"RULE_LINES data, with fewest..most open cells whose fillings take a candidate, its\n"
"supports), or None.";

PyObject *latin_visible_line(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Rule rule;
    int values[LATIN_CELLS], support_values[LATIN_MAX];
    mask digits[LATIN_CELLS], support[LATIN_MAX];
    long fewest, most;
    if (!check_arity(nargs, 6, "latin_visible_line") ||
        read_rule_of(args[0], NULL, RULE_LINES, args[3], &rule) < 0)
        return NULL;
    int cells = rule.n * rule.n;
    if (convert_ints(args[1], values, cells, 0, rule.n, "latin_visible_line: values") < 0 ||
        read_masks(args[2], rule.n, digits) < 0 ||
        convert_int(args[4], 0, rule.n, &fewest, "latin_visible_line: fewest") < 0 ||
        convert_int(args[5], 0, rule.n, &most, "latin_visible_line: most") < 0)
        return NULL;
    int index = latin_visible(&rule, values, digits, (int)fewest, (int)most, support);
    if (index < 0) Py_RETURN_NONE;
    for (int j = 0; j < rule.n; j++) support_values[j] = (int)support[j];
    return Py_BuildValue("(iN)", index, tuple_of_ints(support_values, rule.n));
}

/* The index of the first fork (cell, one, two, whether the cell is the smaller: four ints
   each) that takes a candidate of its cell: futoshiki/techniques.inequality_fork's search;
   -1 if none; the digits it leaves its cell into *allowed. */
int latin_fork(int n, const int *values, const mask *digits, const int *forks, int count,
               mask *allowed) {
    mask full = ((mask)1 << n) - 1;
    for (int at = 0; at < count; at += 4) {
        const int *fork = forks + at;
        mask one = values[fork[1]] ? (mask)1 << (values[fork[1]] - 1) : digits[fork[1]];
        mask two = values[fork[2]] ? (mask)1 << (values[fork[2]] - 1) : digits[fork[2]];
        mask both = one | two;
        if (fork[3]) {  /* the lower of the two is at most the highest digit less one */
            int top = bit_length(both) - 2;
            *allowed = ((mask)1 << (top > 0 ? top : 0)) - 1;
        } else {  /* the higher of the two is at least the lowest digit plus one */
            *allowed = full & ~(((mask)1 << (bit_length(both & (0u - both)) + 1)) - 1);
        }
        if (digits[fork[0]] & ~*allowed) return at / 4;
    }
    return -1;
}

const char latin_sign_fork_doc[] =
"latin_sign_fork(n, values, cell_digits, forks)\n--\n\n"
"futoshiki/techniques.inequality_fork's search: the index of the first fork (cell, one,\n"
"two, smaller: four ints each) that takes a candidate of its cell, or None.";

PyObject *latin_sign_fork(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Rule forks;
    int values[LATIN_CELLS];
    mask digits[LATIN_CELLS];
    if (!check_arity(nargs, 4, "latin_sign_fork") ||
        read_rule_of(args[0], NULL, RULE_SIGNS, args[3], &forks) < 0)
        return NULL;
    int cells = forks.n * forks.n;
    if (forks.count % 4) return PyErr_Format(PyExc_ValueError, "latin_sign_fork: forks");
    if (convert_ints(args[1], values, cells, 0, forks.n, "latin_sign_fork: values") < 0 ||
        read_masks(args[2], forks.n, digits) < 0)
        return NULL;
    mask allowed;
    int index = latin_fork(forks.n, values, digits, forks.data, forks.count, &allowed);
    if (index < 0) Py_RETURN_NONE;
    return PyLong_FromLong(index);
}
