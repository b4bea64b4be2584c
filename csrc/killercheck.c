/* The Killer's second opinion, compiled: core/killer/check.py, decision for decision.

   Written apart from the Killer solver (killergrade.c, solver.c) as check.py is from
   killer/solver.py: it reads the board's units as lists of cells and each cage's cells
   and total, finds the cages' value sets and the 45 rule's groups itself, and keeps its
   state the other way round, one candidate mask per cell (bit v-1: value v). It shares
   no code or table with them. check_killer(units, cages, givens, limit, max_nodes) ->
   (count, solutions, complete, nodes). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

typedef uint32_t values; /* bit v-1: value v (n <= 30) */

typedef struct {
    int n, cells, units, cages, totals;
    int *unit_start, *unit_cell;      /* each unit's cells, in the unit's order */
    int *cage_start, *cage_cell, *cage_total;
    int *set_start;                   /* each cage's value sets */
    values *set;
    int *seen_start, *seen;           /* each cell's cells sharing a unit or cage, ascending */
    int *of_start, *of;               /* each cell's units, in unit order */
    int *total_start, *total_cell, *total_sum; /* the groups with a known total */
    unsigned char *in_unit;           /* units * cells */
} Rules;

static inline int count_values(values x) {
    int count = 0;
    for (; x; x &= x - 1) count++;
    return count;
}

static inline int top_value(values x) { /* x.bit_length() */
    int top = 0;
    for (; x; x >>= 1) top++;
    return top;
}

static inline int low_value(values x) { return x ? top_value(x & (~x + 1)) : 0; }

/* --- the tables (_Rules) ---------------------------------------------------------- */

/* A growing int array. */
typedef struct {
    int *items;
    size_t used, room;
} Ints;

static int push(Ints *list, int item) {
    if (list->used == list->room) {
        size_t room = list->room ? 2 * list->room : 64;
        int *items = realloc(list->items, room * sizeof(int));
        if (!items) return -1;
        list->items = items;
        list->room = room;
    }
    list->items[list->used++] = item;
    return 0;
}

/* combinations(range(1, n + 1), size) in itertools' order, those adding up to total. */
static int value_sets(int n, int size, int total, Ints *sets) {
    int pick[32];
    if (size == 0) return total == 0 ? push(sets, 0) : 0; /* the one empty combination */
    if (size < 0 || size > n) return 0;
    for (int i = 0; i < size; i++) pick[i] = i + 1;
    for (;;) {
        int sum = 0;
        values mask = 0;
        for (int i = 0; i < size; i++) {
            sum += pick[i];
            mask |= (values)1 << (pick[i] - 1);
        }
        if (sum == total && push(sets, (int)mask) < 0) return -1;
        int i = size - 1;
        while (i >= 0 && pick[i] == n - size + i + 1) i--;
        if (i < 0) return 0;
        pick[i]++;
        for (int j = i + 1; j < size; j++) pick[j] = pick[j - 1] + 1;
    }
}

/* _areas: a unit's cells as a row (1), a column (2), a box (3) or none of them (0). */
static int unit_form(const Rules *r, int u, int side, int *top, int *left, int *height,
                     int *width) {
    int rows_lo = 1 << 30, rows_hi = -1, cols_lo = 1 << 30, cols_hi = -1, count = 0;
    unsigned char row_seen[64] = {0}, col_seen[64] = {0};
    int distinct_rows = 0, distinct_cols = 0;
    for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++) {
        int cell = r->unit_cell[k], row = cell / side, col = cell % side;
        if (row >= 64 || col >= 64) return 0;
        distinct_rows += !row_seen[row]++;
        distinct_cols += !col_seen[col]++;
        rows_lo = row < rows_lo ? row : rows_lo, rows_hi = row > rows_hi ? row : rows_hi;
        cols_lo = col < cols_lo ? col : cols_lo, cols_hi = col > cols_hi ? col : cols_hi;
        count++;
    }
    *top = rows_lo, *left = cols_lo, *height = distinct_rows, *width = distinct_cols;
    if (distinct_rows == 1) return 1;
    if (distinct_cols == 1) return 2;
    if (distinct_rows * distinct_cols == count && rows_hi - rows_lo == distinct_rows - 1 &&
        cols_hi - cols_lo == distinct_cols - 1)
        return 3;
    return 0;
}

/* The smallest cell of unit u (the key _areas sorts by). */
static int unit_min(const Rules *r, int u) {
    int least = 1 << 30;
    for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++)
        if (r->unit_cell[k] < least) least = r->unit_cell[k];
    return least;
}

/* The units of one form sorted by their smallest cell (stable), into out; their count. */
static int units_of_form(const Rules *r, const int *form, int wanted, int *out) {
    int count = 0;
    for (int u = 0; u < r->units; u++) {
        if (form[u] != wanted) continue;
        int j = count++;
        for (; j > 0 && unit_min(r, out[j - 1]) > unit_min(r, u); j--) out[j] = out[j - 1];
        out[j] = u;
    }
    return count;
}

/* Add an area (its units, listed) to the groups with a known total (_innies_and_outies). */
static int add_area(Rules *r, const int *area_units, int count, unsigned char *inside,
                    Ints *cells, Ints *start, Ints *sums) {
    int n = r->n, size = 0, whole = 0, crossing_total = 0;
    memset(inside, 0, (size_t)r->cells);
    for (int j = 0; j < count; j++)
        for (int k = r->unit_start[area_units[j]]; k < r->unit_start[area_units[j] + 1]; k++) {
            size += 1;
            inside[r->unit_cell[k]] = 1;
        }
    for (int c = 0; c < r->cages; c++) {
        int in = 0, out = 0;
        for (int k = r->cage_start[c]; k < r->cage_start[c + 1]; k++)
            inside[r->cage_cell[k]] ? in++ : out++;
        if (!out) whole += r->cage_total[c];
        else if (in) crossing_total += r->cage_total[c];
    }
    int innie_total = size / n * n * (n + 1) / 2 - whole;
    int totals[2] = {innie_total, crossing_total - innie_total};
    for (int side = 0; side < 2; side++) { /* innies, then outies */
        size_t begin = cells->used;
        for (int c = 0; c < r->cages; c++) {
            int in = 0, out = 0;
            for (int k = r->cage_start[c]; k < r->cage_start[c + 1]; k++)
                inside[r->cage_cell[k]] ? in++ : out++;
            if (!in || !out) continue;
            for (int k = r->cage_start[c]; k < r->cage_start[c + 1]; k++)
                if (inside[r->cage_cell[k]] == !side && push(cells, r->cage_cell[k]) < 0) return -1;
        }
        size_t length = cells->used - begin;
        if (length == 0 || length > (size_t)n) {
            cells->used = begin;
            continue;
        }
        if (push(start, (int)begin) < 0 || push(sums, totals[side]) < 0) return -1;
    }
    return 0;
}

/* _areas, each added to the groups: every unit, runs of 2 to len-1 rows and columns,
   and boxes side by side or one above the other. */
static int find_areas(Rules *r, Ints *cells, Ints *start, Ints *sums) {
    int side = 0, units = r->units, failed = 0;
    for (int k = 0; k < r->unit_start[units]; k++)
        if (r->unit_cell[k] + 1 > side) side = r->unit_cell[k] + 1;
    int width = side;
    for (side = 0; (side + 1) * (side + 1) <= width; side++) {}
    if ((side + 1) * (side + 1) - width < width - side * side) side++; /* round(sqrt) */
    int *form = calloc(8 * ((size_t)units + 1), sizeof(int));
    unsigned char *inside = malloc((size_t)r->cells + 1);
    if (!form || !inside) {
        free(form);
        free(inside);
        return -1;
    }
    int *tops = form + units + 1, *lefts = tops + units + 1, *heights = lefts + units + 1;
    int *widths = heights + units + 1, *rows = widths + units + 1, *cols = rows + units + 1;
    int *boxes = cols + units + 1;
    for (int u = 0; u < units; u++)
        form[u] = side ? unit_form(r, u, side, &tops[u], &lefts[u], &heights[u], &widths[u]) : 0;
    int row_count = units_of_form(r, form, 1, rows), col_count = units_of_form(r, form, 2, cols);
    int box_count = units_of_form(r, form, 3, boxes);
    for (int u = 0; u < units && !failed; u++) failed = add_area(r, &u, 1, inside, cells, start, sums);
    int *lines[2] = {rows, cols}, counts[2] = {row_count, col_count};
    for (int kind = 0; kind < 2 && !failed; kind++)
        for (int length = 2; length < counts[kind] && !failed; length++)
            for (int first = 0; first + length <= counts[kind] && !failed; first++)
                failed = add_area(r, lines[kind] + first, length, inside, cells, start, sums);
    for (int i = 0; i < box_count && !failed; i++)
        for (int j = i + 1; j < box_count && !failed; j++) {
            int a = boxes[i], b = boxes[j];
            int beside = tops[a] == tops[b] && heights[a] == heights[b] &&
                         (lefts[a] + widths[a] == lefts[b] || lefts[b] + widths[b] == lefts[a]);
            int above = lefts[a] == lefts[b] && widths[a] == widths[b] &&
                        (tops[a] + heights[a] == tops[b] || tops[b] + heights[b] == tops[a]);
            if (beside || above) {
                int pair[2] = {a, b};
                failed = add_area(r, pair, 2, inside, cells, start, sums);
            }
        }
    free(form);
    free(inside);
    return failed ? -1 : 0;
}

static void rules_free(Rules *r) {
    free(r->set_start);
    free(r->set);
    free(r->seen_start);
    free(r->seen);
    free(r->of_start);
    free(r->of);
    free(r->total_start);
    free(r->total_cell);
    free(r->total_sum);
    free(r->in_unit);
}

/* _Rules.__init__ from the units and cages (already in r). 0, or -1 for memory. */
static int rules_init(Rules *r) {
    int cells = r->cells, failed = 0;
    Ints sets = {0}, totals = {0}, starts = {0}, sums = {0};
    r->set_start = malloc(sizeof(int) * ((size_t)r->cages + 1));
    r->seen_start = malloc(sizeof(int) * ((size_t)cells + 1));
    r->of_start = malloc(sizeof(int) * ((size_t)cells + 1));
    r->in_unit = calloc((size_t)r->units * cells + 1, 1);
    r->set = NULL, r->seen = NULL, r->of = NULL;
    r->total_start = r->total_cell = r->total_sum = NULL;
    if (!r->set_start || !r->seen_start || !r->of_start || !r->in_unit) goto fail;
    for (int c = 0; c < r->cages && !failed; c++) {
        r->set_start[c] = (int)sets.used;
        failed = value_sets(r->n, r->cage_start[c + 1] - r->cage_start[c], r->cage_total[c],
                            &sets) < 0;
    }
    if (failed) goto fail;
    r->set_start[r->cages] = (int)sets.used;
    r->set = (values *)sets.items, sets.items = NULL;
    if (!r->set && !(r->set = malloc(sizeof(values)))) goto fail;
    for (int u = 0; u < r->units; u++)
        for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++)
            r->in_unit[(size_t)u * cells + r->unit_cell[k]] = 1;
    /* units_of and seen_by */
    unsigned char *mark = calloc((size_t)cells, 1);
    Ints of = {0}, seen = {0};
    if (!mark) goto fail;
    for (int cell = 0; cell < cells && !failed; cell++) {
        r->of_start[cell] = (int)of.used;
        r->seen_start[cell] = (int)seen.used;
        memset(mark, 0, (size_t)cells);
        for (int u = 0; u < r->units; u++) {
            if (!r->in_unit[(size_t)u * cells + cell]) continue;
            failed |= push(&of, u) < 0;
            for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++) mark[r->unit_cell[k]] = 1;
        }
        for (int c = 0; c < r->cages; c++) {
            int here = 0;
            for (int k = r->cage_start[c]; k < r->cage_start[c + 1]; k++) here |= r->cage_cell[k] == cell;
            if (here)
                for (int k = r->cage_start[c]; k < r->cage_start[c + 1]; k++) mark[r->cage_cell[k]] = 1;
        }
        mark[cell] = 0;
        for (int other = 0; other < cells; other++)
            if (mark[other]) failed |= push(&seen, other) < 0;
    }
    free(mark);
    r->of_start[cells] = (int)of.used;
    r->seen_start[cells] = (int)seen.used;
    r->of = of.items, r->seen = seen.items;
    if (failed || (!r->of && !(r->of = malloc(sizeof(int)))) ||
        (!r->seen && !(r->seen = malloc(sizeof(int)))))
        goto fail;
    /* the totals: the cages, then the innies and outies of every area */
    for (int c = 0; c < r->cages && !failed; c++) {
        failed |= push(&starts, (int)totals.used) < 0 || push(&sums, r->cage_total[c]) < 0;
        for (int k = r->cage_start[c]; k < r->cage_start[c + 1] && !failed; k++)
            failed |= push(&totals, r->cage_cell[k]) < 0;
    }
    if (failed || find_areas(r, &totals, &starts, &sums) < 0 ||
        push(&starts, (int)totals.used) < 0 || push(&totals, 0) < 0 || push(&sums, 0) < 0)
        goto fail_lists;
    r->totals = (int)starts.used - 1;
    r->total_start = starts.items, r->total_cell = totals.items, r->total_sum = sums.items;
    return 0;
fail_lists:
    free(starts.items);
    free(totals.items);
    free(sums.items);
fail:
    free(sets.items);
    rules_free(r);
    return -1;
}

/* --- the rules (_Rules.settle) ---------------------------------------------------- */

/* _singles: 1 changed, 0 not, -1 contradiction. */
static int singles(const Rules *r, values *c) {
    int changed = 0, again = 1;
    while (again) {
        again = 0;
        for (int cell = 0; cell < r->cells; cell++) {
            values mask = c[cell];
            if (!mask) return -1;
            if (mask & (mask - 1)) continue;
            for (int k = r->seen_start[cell]; k < r->seen_start[cell + 1]; k++) {
                int other = r->seen[k];
                if (c[other] & mask) {
                    c[other] &= ~mask;
                    changed = again = 1;
                }
            }
        }
    }
    return changed;
}

/* _hidden_singles */
static int hidden_singles(const Rules *r, values *c) {
    int changed = 0;
    for (int u = 0; u < r->units; u++)
        for (int value = 0; value < r->n; value++) {
            values bit = (values)1 << value;
            int places = 0, place = -1;
            for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++)
                if (c[r->unit_cell[k]] & bit) {
                    if (!places++) place = r->unit_cell[k];
                }
            if (!places) return -1;
            if (places == 1 && c[place] != bit) {
                c[place] = bit;
                changed = 1;
            }
        }
    return changed;
}

/* _needed_values */
static int needed_values(const Rules *r, values *c, int cage, values needed) {
    int changed = 0, first = r->cage_start[cage], end = r->cage_start[cage + 1];
    for (int value = 1; value <= r->n; value++) {
        values bit = (values)1 << (value - 1);
        if (!(needed & bit)) continue;
        int places = 0, place = -1;
        for (int k = first; k < end; k++)
            if (c[r->cage_cell[k]] & bit) {
                if (!places++) place = r->cage_cell[k];
            }
        if (places == 1 && c[place] != bit) {
            c[place] = bit;
            changed = 1;
        }
        if (!places) continue;
        for (int j = r->of_start[place]; j < r->of_start[place + 1]; j++) {
            int u = r->of[j], all = 1;
            const unsigned char *in = r->in_unit + (size_t)u * r->cells;
            for (int k = first; k < end && all; k++)
                if (c[r->cage_cell[k]] & bit) all = in[r->cage_cell[k]];
            if (!all) continue;
            for (int k = r->unit_start[u]; k < r->unit_start[u + 1]; k++) {
                int other = r->unit_cell[k], in_cage = 0;
                for (int m = first; m < end; m++) in_cage |= r->cage_cell[m] == other;
                if (!in_cage && (c[other] & bit)) {
                    c[other] &= ~bit;
                    changed = 1;
                }
            }
        }
    }
    return changed;
}

/* _cage_sets */
static int cage_sets(const Rules *r, values *c) {
    int changed = 0;
    for (int cage = 0; cage < r->cages; cage++) {
        values decided = 0, possible = 0, allowed = 0, needed = ~(values)0;
        for (int k = r->cage_start[cage]; k < r->cage_start[cage + 1]; k++) {
            values mask = c[r->cage_cell[k]];
            possible |= mask;
            if (!(mask & (mask - 1))) decided |= mask;
        }
        for (int j = r->set_start[cage]; j < r->set_start[cage + 1]; j++) {
            values set = r->set[j];
            if ((set & decided) == decided && !(set & ~possible)) {
                allowed |= set;
                needed &= set;
            }
        }
        if (!allowed) return -1;
        for (int k = r->cage_start[cage]; k < r->cage_start[cage + 1]; k++) {
            int cell = r->cage_cell[k];
            if (c[cell] & ~allowed) {
                c[cell] &= allowed;
                changed = 1;
            }
        }
        changed |= needed_values(r, c, cage, needed & ~decided);
    }
    return changed;
}

/* _sum_bounds; lows and highs: scratch of cells ints each. */
static int sum_bounds(const Rules *r, values *c, int *lows, int *highs) {
    int changed = 0;
    for (int cell = 0; cell < r->cells; cell++) {
        lows[cell] = low_value(c[cell]);
        highs[cell] = top_value(c[cell]);
    }
    for (int t = 0; t < r->totals; t++) {
        int least = 0, most = 0, first = r->total_start[t], end = r->total_start[t + 1];
        for (int k = first; k < end; k++) {
            least += lows[r->total_cell[k]];
            most += highs[r->total_cell[k]];
        }
        int over = r->total_sum[t] - least, under = most - r->total_sum[t];
        if (over < 0 || under < 0) return -1;
        int room = over < under ? over : under;
        for (int k = first; k < end; k++) {
            int cell = r->total_cell[k];
            if (highs[cell] - lows[cell] <= room) continue;
            int smallest = highs[cell] - under > 1 ? highs[cell] - under : 1;
            int top = lows[cell] + over;
            uint64_t below_top = top >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << top) - 1;
            uint64_t keep = below_top & ~(((uint64_t)1 << (smallest - 1)) - 1);
            if (c[cell] & ~keep) {
                c[cell] &= (values)keep;
                lows[cell] = low_value(c[cell]);
                highs[cell] = top_value(c[cell]);
                changed = 1;
            }
        }
    }
    return changed;
}

/* _Rules.settle: 0, or -1 on a contradiction. */
static int settle(const Rules *r, values *c, int *scratch) {
    for (;;) {
        int any = 0, found;
        if ((found = singles(r, c)) < 0) return -1;
        any |= found;
        if ((found = hidden_singles(r, c)) < 0) return -1;
        any |= found;
        if ((found = cage_sets(r, c)) < 0) return -1;
        any |= found;
        if ((found = sum_bounds(r, c, scratch, scratch + r->cells)) < 0) return -1;
        any |= found;
        if (!any) return 0;
    }
}

/* --- the search (_search) ----------------------------------------------------------- */

typedef struct {
    long long count, nodes, room;
    int complete;
    int *solutions; /* room * cells values */
} Checked;

static int check_search(const Rules *r, values *start, long long limit, long long max_nodes,
                        Checked *out) {
    int cells = r->cells;
    size_t room = 64, used = 0;
    values *stack = malloc(sizeof(values) * room * cells);
    int *scratch = malloc(sizeof(int) * 2 * (size_t)cells);
    if (!stack || !scratch) {
        free(stack);
        free(scratch);
        return -1;
    }
    memcpy(stack, start, sizeof(values) * cells);
    used = 1;
    out->count = out->nodes = 0;
    out->complete = 1;
    while (used) {
        if (max_nodes >= 0 && out->nodes >= max_nodes) {
            out->complete = 0;
            break;
        }
        out->nodes++;
        values *c = stack + (--used) * cells;
        if (settle(r, c, scratch) < 0) continue;
        int cell = -1, fewest = 0;
        for (int k = 0; k < cells; k++) {
            if (!(c[k] & (c[k] - 1))) continue;
            int count = count_values(c[k]);
            if (cell < 0 || count < fewest) cell = k, fewest = count;
        }
        if (cell < 0) {
            if (out->count == out->room) {
                long long room = 2 * out->room + 2;
                int *grown = realloc(out->solutions, sizeof(int) * (size_t)room * cells);
                if (!grown) {
                    free(stack);
                    free(scratch);
                    return -1;
                }
                out->solutions = grown;
                out->room = room;
            }
            for (int k = 0; k < cells; k++)
                out->solutions[(size_t)out->count * cells + k] = top_value(c[k]);
            if (++out->count >= limit) break;
            continue;
        }
        if (used + (size_t)fewest + 1 > room) {
            size_t more = 2 * room + (size_t)fewest + 1;
            values *grown = realloc(stack, sizeof(values) * more * cells);
            if (!grown) {
                free(stack);
                free(scratch);
                return -1;
            }
            stack = grown;
            room = more;
            c = stack + used * cells; /* the popped node, now in place to copy from */
        }
        values *node = stack + used * cells, mask = node[cell];
        /* pushed in reverse: the smallest value is tried first */
        for (int value = r->n; value >= 1; value--) {
            values bit = (values)1 << (value - 1);
            if (!(mask & bit)) continue;
            values *child = stack + used++ * cells;
            if (child != node) memcpy(child, node, sizeof(values) * cells);
            child[cell] = bit;
        }
        /* the first child was written over the node itself: it held the node's values */
    }
    free(stack);
    free(scratch);
    return 0;
}

/* --- the Python function ------------------------------------------------------------ */

const char check_killer_doc[] =
"check_killer(size, units, cages, totals, givens, limit, max_nodes)\n--\n\n"
"killer/check.check_killer: up to `limit` solutions of the Killer (units: each unit's\n"
"cells; cages: each cage's cells, totals: their totals; givens 0 for blank), counted\n"
"within max_nodes (None: no budget): (count, solutions, complete, nodes).";

PyObject *check_killer(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 7, "check_killer")) return NULL;
    Rules r;
    memset(&r, 0, sizeof r);
    long n, failed = 0;
    int clamp_failed = 0, *givens = NULL, units = 0, cages = 0;
    long long limit = 0, max_nodes = -1;
    values *start = NULL;
    Checked found = {0, 0, 0, 0, NULL};
    PyObject *result = NULL;
    Py_ssize_t cells = PySequence_Length(args[4]);
    if (cells < 0 || convert_int(args[0], 1, 30, &n, "size") < 0) return NULL;
    if (cells < 1 || cells > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "givens: 1 to 65536 cells");
        return NULL;
    }
    r.n = (int)n, r.cells = (int)cells;
    if (convert_lists(args[1], cells, &r.unit_cell, &r.unit_start, &units, "units") < 0 ||
        convert_lists(args[2], cells, &r.cage_cell, &r.cage_start, &cages, "cages") < 0)
        goto done;
    r.units = units, r.cages = cages;
    givens = PyMem_Malloc(sizeof(int) * (size_t)cells);
    r.cage_total = PyMem_Malloc(sizeof(int) * ((size_t)cages + 1));
    if (!givens || !r.cage_total) {
        PyErr_NoMemory();
        goto done;
    }
    if (convert_ints(args[3], r.cage_total, cages, 0, 1 << 20, "totals") < 0 ||
        convert_ints(args[4], givens, cells, 0, n, "givens") < 0)
        goto done;
    limit = convert_clamped(args[5], &clamp_failed);
    if (clamp_failed) goto done;
    if (limit < 1) {
        PyErr_Format(PyExc_ValueError, "limit must be at least 1, got %lld", limit);
        goto done;
    }
    if (args[6] != Py_None) { /* None: no budget (-1); a negative budget stops at once */
        max_nodes = convert_clamped(args[6], &clamp_failed);
        if (clamp_failed) goto done;
        if (max_nodes < 0) max_nodes = 0;
    }
    if (rules_init(&r) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    start = malloc(sizeof(values) * (size_t)cells);
    if (!start) {
        PyErr_NoMemory();
        goto rules;
    }
    /* _Rules.start */
    int clash = 0;
    for (int cell = 0; cell < r.cells; cell++) {
        start[cell] = givens[cell] ? (values)1 << (givens[cell] - 1) : ((values)1 << n) - 1;
        for (int k = r.seen_start[cell]; k < r.seen_start[cell + 1] && givens[cell]; k++)
            clash |= givens[r.seen[k]] == givens[cell];
    }
    if (clash) {
        result = Py_BuildValue("(i()Oi)", 0, Py_True, 0);
        goto rules;
    }
    Py_BEGIN_ALLOW_THREADS
    failed = check_search(&r, start, limit, max_nodes, &found);
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_NoMemory();
        goto rules;
    }
    PyObject *solutions = PyTuple_New((Py_ssize_t)found.count);
    for (long long k = 0; solutions && k < found.count; k++) {
        PyObject *one = tuple_of_ints(found.solutions + (size_t)k * cells, cells);
        if (!one) {
            Py_CLEAR(solutions);
            break;
        }
        PyTuple_SET_ITEM(solutions, (Py_ssize_t)k, one);
    }
    if (solutions)
        result = Py_BuildValue("(LNOL)", found.count, solutions,
                               found.complete ? Py_True : Py_False, found.nodes);
rules:
    rules_free(&r);
done:
    free(start);
    free(found.solutions);
    PyMem_Free(givens);
    PyMem_Free(r.cage_total);
    PyMem_Free(r.unit_cell);
    PyMem_Free(r.unit_start);
    PyMem_Free(r.cage_cell);
    PyMem_Free(r.cage_start);
    return result;
}
