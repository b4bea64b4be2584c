/* A phase of digging a Latin-square puzzle, compiled: latin/dig.dig's removals after its
   shuffle, the items taken away in the order Python drew, a group of `chunk` at a time,
   a refused group halved, down to single items, each trial asked latin/grading.
   within_reach (latin_reach_from) of the puzzle its kept items make, as latin/generate.
   _acceptance makes it: the solution's value at each kept given, and the kind's data
   (Futoshiki's signs, Skyscrapers' four sides) with only the kept own items' spans. The
   Python is the reference: the same trials in the same order, the same items kept.
   latin_dig_unique digs as latin/trade._past does: each trial asked whether the solver
   finds one solution (trade.Trading.unique), its rule made from the trial's data. */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"
#include "latindig.h"

/* Nodes each search for a second solution may take before the grader decides (a 6x6
   Skyscrapers dug to hard: most searches take a few). */
#define SEEN_NODES 64
/* Only a plan of more steps than this (hard's: 13 or 14 against medium's 6 or 7) grades
   a trial with two solutions dearly enough to search first (reach_without). Easy's
   trials cost less graded: searching first made a 7x7 Futoshiki easy's digs cost twice
   the instructions. */
#define SEEN_STEPS 10

/* The kind's data of the kept own items into `data`; how many ints. */
static int trial_data(const Dig *d, int *data) {
    const int *own = d->kept + d->t->cells;
    if (d->blank) {
        memcpy(data, d->full, sizeof(int) * (size_t)d->full_count);
        for (int j = 0; j < d->own; j++)
            if (!own[j]) memset(data + d->starts[j], 0, sizeof(int) * (size_t)d->width);
        return d->full_count;
    }
    int count = 0;
    for (int j = 0; j < d->own; j++)
        for (int k = 0; own[j] && k < d->width; k++) data[count++] = d->full[d->starts[j] + k];
    return count;
}

/* The trial's givens: the solution's value at each given it keeps, 0 elsewhere. */
static void kept_givens(const Dig *d, int *givens) {
    for (int c = 0; c < d->t->cells; c++) givens[c] = d->kept[c] ? d->solution[c] : 0;
}

/* Whether d->rule and d->bulk_rule (a dig while unique: d->rule, its only rule) were
   last made of this data: made already (most of a dig's trials take givens away, the data
   as it was). */
static int trial_made(const Dig *d, const int *data, int count) {
    return count == d->rules_count && !memcmp(data, d->rules_data, sizeof(int) * (size_t)count);
}

/* The data the rules were made of, for trial_made (unknown where too long to keep). */
static void made_of(Dig *d, const int *data, int count) {
    d->rules_count = count <= FOLLOWED_MAX ? count : -1;
    if (d->rules_count >= 0) memcpy(d->rules_data, data, sizeof(int) * (size_t)count);
}

/* The trial's givens (kept_givens()) and its rules made from its data; 0, or -2 where
   the data does not fit. */
static int trial_rules(Dig *d, Plan *plan, int *givens) {
    int data[DATA_MAX], n = d->t->n;
    kept_givens(d, givens);
    int count = trial_data(d, data);
    if (!trial_made(d, data, count)) {
        d->rules_count = -1;  /* until both are made */
        if (latin_make_rule(n, d->code, data, count, &d->rule) < 0 ||
            latin_make_rule(n, d->bulk_code, data, count, &d->bulk_rule) < 0)
            return -2;
        made_of(d, data, count);
    }
    return latin_plan_follow(plan, n, data, count) < 0 ? -2 : 0;
}

int dig_reach(Dig *d, Plan *plan, int first_grade, long long nodes, int *hardest) {
    return dig_reach_stalled(d, plan, first_grade, nodes, hardest, NULL);
}

int dig_reach_stalled(Dig *d, Plan *plan, int first_grade, long long nodes, int *hardest,
                      int *stalled_at) {
    int givens[LATIN_CELLS];
    if (trial_rules(d, plan, givens) < 0) return -2;
    return latin_reach_stalled(d->t, givens, &d->bulk_rule, &d->rule, first_grade, nodes,
                               plan, hardest, stalled_at);
}

int dig_own_cells(const Dig *d, int j, int *cells) {
    int n = d->t->n, at = d->starts[j];
    if (d->code == RULE_SIGNS && d->width == 2) {
        cells[0] = d->full[at], cells[1] = d->full[at + 1];
        return 2;
    }
    if (d->code < RULE_CLUED_LINES || !d->blank || d->width != 1) return 0;
    int side = at / n, index = at % n, across = side % 2;  /* right and left: a row */
    for (int k = 0; k < n; k++) cells[k] = across ? index * n + k : k * n + index;
    return n;
}

/* The cells where any other solution of a trial that took the group away differs from
   the dug one (it keeps no item of the group, or it would be one of the puzzle before),
   each once, into `cells`; how many, -1 where an item's cells are not known. */
static int group_cells(const Dig *d, const int *group, int size, int *cells) {
    int count = 0, some[LATIN_MAX], seen[LATIN_CELLS] = {0};
    for (int i = 0; i < size; i++) {
        int item = group[i], many = 1;
        if (item < d->t->cells) some[0] = item;
        else if (!(many = dig_own_cells(d, item - d->t->cells, some))) return -1;
        for (int k = 0; k < many; k++)
            if (!seen[some[k]]) seen[some[k]] = 1, cells[count++] = some[k];
    }
    return count;
}

/* search.full_masks of the givens: a given's value alone, every value elsewhere. */
static void given_masks(const Dig *d, const int *givens, mask *start) {
    mask full = ((mask)1 << d->t->n) - 1;
    for (int c = 0; c < d->t->cells; c++) start[c] = givens[c] ? (mask)1 << (givens[c] - 1) : full;
}

/* Solutions other than the dug one that earlier trials' searches found (in this call or
   an earlier one on the same solution: a trade digs past what its attempt's digs left).
   A trial whose kept items one of them keeps has two solutions: refused at once, as its
   search or grading would refuse it (the same answer, sooner). A cache: no answer
   depends on what it holds. One per process, safe as the digs hold the GIL throughout
   (none releases it). */
#define OTHERS_MAX 32

typedef struct {
    int n, count, next, solution[LATIN_CELLS];
    int grids[OTHERS_MAX][LATIN_CELLS];
    uint64_t differ[OTHERS_MAX][WORDS];  /* the cells where each differs from the solution */
    uint64_t breaks[OTHERS_MAX][WORDS];  /* the own items each breaks (all where unknown) */
} Others;

static Others others;

/* The cache for the dug solution: emptied where it held another's. */
static void others_for(const Dig *d) {
    int n = d->t->n, cells = d->t->cells;
    if (others.n == n && !memcmp(others.solution, d->solution, sizeof(int) * (size_t)cells)) return;
    others.n = n, others.count = others.next = 0;
    memcpy(others.solution, d->solution, sizeof(int) * (size_t)cells);
}

/* Whether the grid keeps the own item j: a sign's smaller cell smaller, a clue's line
   showing as many as it says from its side (top, right, bottom, left); 0 where the
   item is not known (own_cells). */
static int keeps_own(const Dig *d, int j, const int *grid) {
    int cells[LATIN_MAX], count = dig_own_cells(d, j, cells), at = d->starts[j];
    if (d->code == RULE_SIGNS && count == 2) return grid[cells[0]] < grid[cells[1]];
    if (!count) return 0;
    int clue = d->full[at], side = at / d->t->n, backward = side == 1 || side == 2;
    int seen = 0, tallest = 0;
    for (int k = 0; k < count; k++) {
        int height = grid[cells[backward ? count - 1 - k : k]];
        if (height > tallest) tallest = height, seen++;
    }
    return !clue || seen == clue;
}

/* A solution of a trial other than the dug one kept (the oldest replaced when full). */
static void others_add(const Dig *d, const int *grid) {
    int at = others.next, cells = d->t->cells;
    memcpy(others.grids[at], grid, sizeof(int) * (size_t)cells);
    memset(others.differ[at], 0, sizeof others.differ[at]);
    memset(others.breaks[at], 0, sizeof others.breaks[at]);
    for (int c = 0; c < cells; c++)
        if (grid[c] != d->solution[c]) others.differ[at][c / 64] |= (uint64_t)1 << (c % 64);
    for (int j = 0; j < d->own && j < LATIN_CELLS; j++)
        if (!keeps_own(d, j, grid)) others.breaks[at][j / 64] |= (uint64_t)1 << (j % 64);
    others.next = (at + 1) % OTHERS_MAX;
    if (others.count < OTHERS_MAX) others.count++;
}

/* Whether a kept solution is one of the trial's (its givens, d->rule made from its
   data): one that differs at no kept given and breaks no kept own item (keeps_own),
   then as the search takes a state as a solution: every cell placed, no contradiction. */
static int others_refute(const Dig *d, const int *givens) {
    uint64_t kept[WORDS] = {0}, own[WORDS] = {0};
    int cells = d->t->cells;
    if (!others.count) return 0;  /* most of an easy dig's trials: none found yet */
    for (int c = 0; c < cells; c++)
        if (givens[c]) kept[c / 64] |= (uint64_t)1 << (c % 64);
    for (int j = 0; j < d->own && j < LATIN_CELLS; j++)
        if (d->kept[cells + j]) own[j / 64] |= (uint64_t)1 << (j % 64);
    for (int i = 0; i < others.count; i++) {
        int clash = 0;
        for (int w = 0; w < WORDS && !clash; w++)
            clash = (others.differ[i][w] & kept[w]) || (others.breaks[i][w] & own[w]);
        if (clash) continue;
        mask placed[LATIN_CELLS];
        for (int c = 0; c < cells; c++) placed[c] = (mask)1 << (others.grids[i][c] - 1);
        if (!latin_propagate(&d->rule, placed, -1)) return 1;
    }
    return 0;
}

/* Whether the search sees a second solution of a trial that took the group away from a
   puzzle of one solution: the trial propagated once, then at each of group_cells still
   open the other values are tried in turn (then it is held at its own: the search found
   none there), each search within SEEN_NODES. 1: seen, and no technique finishes the
   trial (none guesses), nor does the solver find it unique; 0: not seen, the grader (or
   solver) decides; -1 out of memory. */
static int second_seen(Dig *d, const int *group, int size, const int *givens) {
    int cells[LATIN_CELLS], count = group_cells(d, group, size, cells);
    mask start[LATIN_CELLS], full = ((mask)1 << d->t->n) - 1;
    given_masks(d, givens, start);
    if (count > 0 && latin_propagate(&d->rule, start, -1)) return 0;  /* not the solution's */
    int changed[LATIN_CELLS], moved = 0;  /* the cells start differs at from its fixed point */
    for (int i = 0; i < count; i++) {
        mask own = (mask)1 << (d->solution[cells[i]] - 1);
        if (start[cells[i]] == own) continue;  /* the same in every solution */
        start[cells[i]] = full & ~own, changed[moved++] = cells[i];
        int other[LATIN_CELLS];
        int found = latin_any_near(&d->rule, start, SEEN_NODES, other, changed, moved);
        if (found == 1) others_add(d, other);
        if (found) return found == 2 ? 0 : found;
        start[cells[i]] = own;
    }
    return 0;
}

/* Whether the trial has one solution, as the solver finds it from search.full_masks of
   its givens (the solution's values tried first) under d->rule: 1, 0, -1 as accepted(). */
static int unique_trial(Dig *d, const int *givens) {
    mask start[LATIN_CELLS];
    int other[LATIN_CELLS];
    given_masks(d, givens, start);
    other[0] = 0;
    int found = latin_unique_other(&d->rule, start, d->nodes, d->solution, other);
    if (!found && other[0]) others_add(d, other);
    return found;
}

/* dig_reach of a trial that took the group away from a puzzle within reach: from hard
   (SEEN_STEPS), refused at once where the search sees a second solution (the same
   answer, sooner: no technique finishes a puzzle of two solutions, none guesses), and
   otherwise graded without within_reach's own search for one (from expert, its nodes):
   that search only refuses what the grading refuses too, and after second_seen it
   seldom found one (a 6x6 Skyscrapers expert: 13 % fewer instructions without it). */
static int reach_without(Dig *d, const int *group, int size) {
    int givens[LATIN_CELLS];
    if (trial_rules(d, &d->plan, givens) < 0) return -2;
    if (others_refute(d, givens)) return 0;
    int searched = d->plan.count > SEEN_STEPS;
    int seen = searched ? second_seen(d, group, size, givens) : 0;
    if (seen) return seen < 0 ? seen : 0;
    return latin_reach_from(d->t, givens, &d->bulk_rule, &d->rule, d->first_grade,
                            searched ? 0 : d->nodes, &d->plan, NULL);
}

/* Whether the kept items make a puzzle within reach (or, for a dig while unique, one
   the solver finds one solution of): 1, 0; -1 out of memory, -2 data the rules cannot
   take. */
static int accepted(Dig *d, const int *group, int size) {
    if (!d->unique) return reach_without(d, group, size);
    int givens[LATIN_CELLS], data[DATA_MAX], n = d->t->n;
    kept_givens(d, givens);
    int count = trial_data(d, data);  /* a dig while unique makes d->rule alone */
    if (!trial_made(d, data, count)) {
        d->rules_count = -1;  /* until it is made */
        if (latin_make_rule(n, d->code, data, count, &d->rule) < 0) return -2;
        made_of(d, data, count);
    }
    return others_refute(d, givens) ? 0 : unique_trial(d, givens);
}

/* dig._take_away: the group taken away if what is left is accepted, else each half (a
   second half whose first went is its group's trial again, refused: not asked); 1 if it
   all went, 0 if not, < 0 as accepted() fails. */
static int take_away(Dig *d, const int *group, int size, int refused) {
    if (!refused) {
        for (int i = 0; i < size; i++) d->kept[group[i]] = 0;
        int found = accepted(d, group, size);
        if (found) return found;
        for (int i = 0; i < size; i++) d->kept[group[i]] = 1;
    }
    if (size < 2) return 0;
    int half = size / 2, gone = take_away(d, group, half, 0);
    if (gone < 0) return gone;
    int rest = take_away(d, group + half, size - half, gone);
    return rest < 0 ? rest : 0;
}

/* ---- from Python ---- */

/* A sequence of ints in [low, high] into a new array (PyMem); its length into *count
   (at most `most`); NULL with an exception set. */
int *dig_read_array(PyObject *sequence, long low, long high, int most, int *count,
                       const char *what) {
    Py_ssize_t size = PySequence_Size(sequence);
    if (size < 0) return NULL;
    if (size > most) {
        PyErr_Format(PyExc_ValueError, "latin_dig: too many %s", what);
        return NULL;
    }
    int *out = PyMem_Malloc(sizeof(int) * ((size_t)size + 1));
    if (!out) return (int *)PyErr_NoMemory();
    if (convert_ints(sequence, out, size, low, high, what) < 0) {
        PyMem_Free(out);
        return NULL;
    }
    *count = (int)size;
    return out;
}

/* The data's layout: every span inside the data, in order when cut out. */
static int layout_fits(const Dig *d) {
    for (int j = 0; j < d->own; j++) {
        int start = d->starts[j];
        if (start + d->width > d->full_count || (!d->blank && j && start < d->starts[j - 1] + d->width)) {
            PyErr_SetString(PyExc_ValueError, "latin_dig: an own item's span is outside the data");
            return 0;
        }
    }
    return 1;
}

/* The order: items kept at the start, each once. */
static int order_fits(const Dig *d, const int *order, int count) {
    for (int i = 0; i < count; i++) {
        if (!d->kept[order[i]]) {
            PyErr_SetString(PyExc_ValueError, "latin_dig: an item in the order is not kept, or twice");
            return 0;
        }
        d->kept[order[i]] = 2;
    }
    for (int i = 0; i < count; i++) d->kept[order[i]] = 1;
    return 1;
}

/* Dig's fields from (solution, kept, full, starts, width, blank, code, .., nodes at
   args[nodes]); 0, or -1 with an exception set. */
int dig_read(PyObject *const *args, int nodes, Dig *d, int *items) {
    int n = d->t->n, cells = d->t->cells, failed = 0, kept_count;
    long width, code;
    if (convert_ints(args[1], d->solution, cells, 1, n, "latin_dig: solution") < 0 ||
        !(d->full = dig_read_array(args[5], 0, n * n, DATA_MAX, &d->full_count, "latin_dig: data")) ||
        convert_int(args[7], 1, DATA_MAX, &width, "latin_dig: width") < 0 ||
        !(d->starts = dig_read_array(args[6], 0, DATA_MAX, cells * 4, &d->own, "latin_dig: starts")) ||
        !(d->kept = dig_read_array(args[2], 0, 1, cells + d->own, &kept_count, "latin_dig: kept")) ||
        convert_int(args[9], RULE_NONE, RULE_CLUED_BOUNDS, &code, "latin_dig: a rule's code") < 0)
        return -1;
    d->width = (int)width, d->blank = PyObject_IsTrue(args[8]), d->code = (int)code;
    d->rules_count = -1;
    d->nodes = convert_clamped(args[nodes], &failed);
    if (failed) return -1;
    if (kept_count != cells + d->own) {
        PyErr_SetString(PyExc_ValueError, "latin_dig: kept is a flag per item");
        return -1;
    }
    *items = kept_count;
    return layout_fits(d) ? 0 : -1;
}

/* The rules of the whole data, read from Python (which checks its clues or cells). */
int dig_rules_fit(Dig *d, PyObject *const *args) {
    PyObject *size = PyLong_FromLong(d->t->n);
    if (!size) return -1;
    int read = latin_read_rule(size, args[9], args[5], &d->rule) < 0 ||
               latin_read_rule(size, args[10], args[5], &d->bulk_rule) < 0 ? -1 : 0;
    Py_DECREF(size);
    return read;
}

/* A tuple of each order item's flag. */
static PyObject *kept_of(const Dig *d, const int *order, int count) {
    PyObject *flags = PyTuple_New(count);
    for (int i = 0; flags && i < count; i++)
        PyTuple_SET_ITEM(flags, i, PyBool_FromLong(d->kept[order[i]]));
    return flags;
}

void dig_free(Dig *d, int *order) {
    PyMem_Free(d->full);
    PyMem_Free(d->starts);
    PyMem_Free(d->kept);
    PyMem_Free(order);
}

/* The chunk and the order (args[4], args[3]); NULL with an exception set. */
static int *read_order(Dig *d, PyObject *const *args, int items, long *chunk, int *count) {
    int *order;
    if (convert_int(args[4], 1, LATIN_CELLS, chunk, "latin_dig: chunk") < 0 ||
        !(order = dig_read_array(args[3], 0, items - 1, items, count, "latin_dig: order")))
        return NULL;
    if (!order_fits(d, order, *count)) {
        PyMem_Free(order);
        return NULL;
    }
    return order;
}

/* dig.dig's groups of the order taken away; 0, or < 0 as accepted() fails. */
static int dig_order(Dig *d, const int *order, int count, int chunk) {
    int failed = 0;
    for (int start = 0; start < count && failed >= 0; start += chunk)
        failed = take_away(d, order + start, count - start < chunk ? count - start : chunk, 0);
    return failed;
}

/* The flags kept (or the failure's exception set), everything freed. */
static PyObject *dig_result(Dig *d, int *order, int count, int failed) {
    PyObject *result = failed == -1 ? PyErr_NoMemory() : failed < 0 ? NULL : kept_of(d, order, count);
    if (failed == -2) PyErr_SetString(PyExc_ValueError, "latin_dig: a trial's data does not fit its rules");
    dig_free(d, order);
    return result;
}

const char latin_dig_doc[] =
"latin_dig(grader, solution, kept, order, chunk, data, starts, width, blank, code,\n"
"bulk_code, first_grade, nodes, steps, bulk, datas)\n--\n\n"
"latin/dig.dig's removals in the shuffled `order` (item numbers: the n*n givens, then the\n"
"kind's own items), `kept` a 0/1 flag per item, in groups of `chunk` halved when refused,\n"
"each trial asked latin_reach (code, bulk_code, first_grade, nodes, steps, bulk, datas)\n"
"of its puzzle: the solution's value at each kept given, `data` with each own item's span\n"
"(starts[j], `width` ints) kept, zeroed (blank) or cut out. A flag per order item: kept.";

PyObject *latin_dig(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Dig dig;
    Dig *d = &dig;
    int items, count, *order = NULL;
    long chunk, bulk_code;
    if (!check_arity(nargs, 16, "latin_dig") || !(d->t = latin_tables(args[0]))) return NULL;
    d->full = d->starts = d->kept = NULL, d->unique = 0;
    if (dig_read(args, 12, d, &items) < 0 ||
        convert_int(args[10], RULE_NONE, RULE_CLUED_BOUNDS, &bulk_code, "latin_dig: a rule's code") < 0 ||
        dig_rules_fit(d, args) < 0 ||
        !(order = read_order(d, args, items, &chunk, &count)) ||
        latin_read_plan(args[13], args[14], args[15], &d->rule, &d->plan) < 0) {
        dig_free(d, order);
        return NULL;
    }
    d->bulk_code = (int)bulk_code, d->first_grade = PyObject_IsTrue(args[11]);
    others_for(d);
    int failed = dig_order(d, order, count, (int)chunk);
    latin_plan_free(&d->plan);
    return dig_result(d, order, count, failed);
}

const char latin_dig_unique_doc[] =
"latin_dig_unique(grader, solution, kept, order, chunk, data, starts, width, blank, code,\n"
"nodes)\n--\n\n"
"latin_dig's removals with each trial asked whether search.search (limit 2, `nodes`, the\n"
"solution's values first) finds one solution under the rule (code, the trial's data), as\n"
"latin/trade._past asks Trading.unique. A flag per order item: kept.";

PyObject *latin_dig_unique(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Dig dig;
    Dig *d = &dig;
    int items, count, *order = NULL;
    long chunk;
    if (!check_arity(nargs, 11, "latin_dig_unique") || !(d->t = latin_tables(args[0]))) return NULL;
    d->full = d->starts = d->kept = NULL, d->unique = 1;
    if (dig_read(args, 10, d, &items) < 0 ||
        !(order = read_order(d, args, items, &chunk, &count))) {
        dig_free(d, order);
        return NULL;
    }
    others_for(d);
    return dig_result(d, order, count, dig_order(d, order, count, (int)chunk));
}
