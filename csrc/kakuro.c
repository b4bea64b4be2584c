/* kakuro_tables, kakuro_sweep and kakuro_settle: the Kakuro grader's run techniques (core/
   kakuro/techniques.py, last cell to run permutations) swept over runs as grade.py's _sweep
   does: each step found in a run is applied to the state at once (the same changes, the
   same log) and the run looked at again, until it yields nothing. The state is the
   KakuroState's lists, copied into arrays for the call and written back after it; the
   steps come back as (placements, eliminations) for the Python to make Steps of (explained
   solves stay in the Python). kakurograde.c runs the whole ladder on the same arrays. */

#include <stdlib.h>
#include <string.h>

#include "kakuro.h"

#define MOST_PERMUTED 6          /* techniques.py's MOST_PERMUTED */

static inline long item(PyObject *list, Py_ssize_t index) {
    return PyLong_AsLong(PyList_GET_ITEM(list, index));
}

static inline int set_item(PyObject *list, Py_ssize_t index, long value) {
    PyObject *number = PyLong_FromLong(value);
    return number ? PyList_SetItem(list, index, number) : -1;
}

static inline int bits(long mask) { return __builtin_popcountl(mask); }
static inline int length(long mask) { return mask ? 64 - __builtin_clzl((unsigned long)mask) : 0; }

/* --- the state ------------------------------------------------------------------------ */

int kakuro_sized_list(PyObject *list, int size) {
    if (PyList_CheckExact(list) && PyList_GET_SIZE(list) == size) return 1;
    PyErr_SetString(PyExc_TypeError, "kakuro_sweep: the state's lists do not fit the tables");
    return 0;
}

/* A list's ints into an array (size items); -1 with a Python error. */
static int read_list(PyObject *list, int *into, int size) {
    for (int i = 0; i < size; i++) {
        long value = item(list, i);
        if (value == -1 && PyErr_Occurred()) return -1;
        into[i] = (int)value;
    }
    return 0;
}

/* The array written back where the list differs. */
static int write_list(PyObject *list, const int *from, int size) {
    for (int i = 0; i < size; i++) {
        if (item(list, i) != from[i] && set_item(list, i, from[i]) < 0) return -1;
    }
    return 0;
}

/* The Sweep over the lists (values, cands, placed, left, log), checked against the
   tables; -1 with a Python error (the arrays freed). */
int kakuro_sweep_open(Sweep *s, const Tables *t, PyObject *const *lists) {
    memset(s, 0, sizeof(Sweep));
    s->t = t, s->rank = -1;
    if (!kakuro_sized_list(lists[0], t->cell_count) || !kakuro_sized_list(lists[1], t->cell_count) ||
        !kakuro_sized_list(lists[2], t->run_count) || !kakuro_sized_list(lists[3], t->run_count) ||
        !PyList_CheckExact(lists[4]))
        return -1;
    s->pylog = lists[4], s->base = PyList_GET_SIZE(lists[4]);
    s->log_room = 16 * (Py_ssize_t)t->cell_count + 16;
    s->values = malloc(sizeof(int) * (2 * (size_t)t->cell_count + 2 * (size_t)t->run_count + 1));
    s->log = malloc(sizeof(int) * (size_t)s->log_room);
    if (!s->values || !s->log) return kakuro_sweep_close(s, lists, 1), PyErr_NoMemory(), -1;
    s->cands = s->values + t->cell_count, s->placed = s->cands + t->cell_count;
    s->left = s->placed + t->run_count;
    if (read_list(lists[0], s->values, t->cell_count) < 0 ||
        read_list(lists[1], s->cands, t->cell_count) < 0 ||
        read_list(lists[2], s->placed, t->run_count) < 0 ||
        read_list(lists[3], s->left, t->run_count) < 0)
        return kakuro_sweep_close(s, lists, 1), -1;
    return 0;
}

/* The arrays written back to the lists (the log appended to) unless `failed`, and freed:
   -1 with a Python error. */
int kakuro_sweep_close(Sweep *s, PyObject *const *lists, int failed) {
    const Tables *t = s->t;
    if (!failed && s->values)
        failed = write_list(lists[0], s->values, t->cell_count) < 0 ||
                 write_list(lists[1], s->cands, t->cell_count) < 0 ||
                 write_list(lists[2], s->placed, t->run_count) < 0 ||
                 write_list(lists[3], s->left, t->run_count) < 0;
    for (Py_ssize_t i = 0; !failed && i < s->logged; i++) {
        PyObject *number = PyLong_FromLong(s->log[i]);
        failed = !number || PyList_Append(lists[4], number) < 0;
        Py_XDECREF(number);
    }
    free(s->values), free(s->log);
    s->values = s->log = NULL;
    return failed ? -1 : 0;
}

static inline int logged(Sweep *s, int cell) {
    if (s->logged == s->log_room) {
        int *log = realloc(s->log, sizeof(int) * 2 * (size_t)s->log_room);
        if (!log) return PyErr_NoMemory(), -1;
        s->log = log, s->log_room *= 2;
    }
    s->log[s->logged++] = cell;
    return 0;
}

/* The cell logged at a position of the whole log. */
static inline long logged_at(const Sweep *s, Py_ssize_t position) {
    return position < s->base ? item(s->pylog, position) : s->log[position - s->base];
}

/* A run's open cells (their count), as run_view. */
static int open_cells(const Sweep *s, int run, int *open) {
    int count = 0;
    for (int i = s->t->cell_start[run]; i < s->t->cell_start[run + 1]; i++)
        if (!s->values[s->t->cell[i]]) open[count++] = s->t->cell[i];
    return count;
}

/* KakuroState.place. */
static int place(Sweep *s, int cell, int value) {
    const Tables *t = s->t;
    int bit = 1 << (value - 1);
    s->values[cell] = value, s->cands[cell] = 0;
    if (logged(s, cell) < 0) return -1;
    s->placements++;
    for (int i = t->runs_start[cell]; i < t->runs_start[cell + 1]; i++)
        s->placed[t->runs[i]] |= bit, s->left[t->runs[i]] -= value;
    for (int i = t->peer_start[cell]; i < t->peer_start[cell + 1]; i++) {
        int mate = t->peer[i];
        if (s->cands[mate] & bit) {
            s->cands[mate] &= ~bit;
            if (logged(s, mate) < 0) return -1;
        }
    }
    return 0;
}

/* (cell, value) pairs as a tuple of tuples. */
static PyObject *pairs(const int (*pair)[2], int count) {
    PyObject *all = PyTuple_New(count);
    for (int i = 0; all && i < count; i++) {
        PyObject *one = Py_BuildValue("(ii)", pair[i][0], pair[i][1]);
        if (!one) Py_CLEAR(all);
        else PyTuple_SET_ITEM(all, i, one);
    }
    return all;
}

/* The step kept: counted for its rank, and with steps, as (placements, eliminations),
   (rank, placements, eliminations) where rank is not -1. */
static int kept(Sweep *s, const Found *f) {
    if (s->rank >= 0) s->counts[s->rank]++, s->lengths[s->rank] += f->length;
    if (!s->steps) return 0;
    PyObject *placements = pairs(f->place, f->place_count);
    PyObject *eliminations = placements ? pairs(f->remove, f->remove_count) : NULL;
    PyObject *step = !eliminations ? NULL
                     : s->rank < 0 ? PyTuple_Pack(2, placements, eliminations)
                     : Py_BuildValue("(iOO)", s->rank, placements, eliminations);
    Py_XDECREF(placements);
    Py_XDECREF(eliminations);
    if (!step) return -1;
    int failed = PyList_Append(s->steps, step);
    Py_DECREF(step);
    return failed;
}

/* KakuroState.apply, the step kept. */
int kakuro_apply(Sweep *s, const Found *f) {
    if (kept(s, f) < 0) return -1;
    for (int i = 0; i < f->place_count; i++) {
        int cell = f->place[i][0], value = f->place[i][1];
        if (!s->values[cell] && place(s, cell, value) < 0) return -1;
    }
    for (int i = 0; i < f->remove_count; i++) {
        int cell = f->remove[i][0];
        s->cands[cell] &= ~(1 << (f->remove[i][1] - 1));
        if (logged(s, cell) < 0) return -1;
    }
    return 0;
}

/* The runs (or with `areas` the areas, by their outies) holding the cells logged from
   `start` on, ascending (every one from 0), as grade.py's _Places.touched; their count. */
int kakuro_touched(const Sweep *s, Py_ssize_t start, int areas, unsigned char *marks,
                   int *places) {
    const Tables *t = s->t;
    const int *from = areas ? s->a->with_start : t->runs_start, *to = areas ? s->a->with : t->runs;
    int total = areas ? s->a->area_count : t->run_count, count = 0;
    if (!start) {
        for (int place = 0; place < total; place++) places[count++] = place;
        return count;
    }
    memset(marks, 0, (size_t)total);
    for (Py_ssize_t i = start; i < s->base + s->logged; i++) {
        long cell = logged_at(s, i);
        if (cell < 0 || cell >= t->cell_count) return -1;
        for (int j = from[cell]; j < from[cell + 1]; j++) marks[to[j]] = 1;
    }
    for (int place = 0; place < total; place++)
        if (marks[place]) places[count++] = place;
    return count;
}

/* --- the techniques: each 1 if it found a step in the run (into f), else 0 ------------- */

/* _eliminations: each open cell's candidates outside its mask in keep. */
int kakuro_eliminations(const Sweep *s, const int *cells, int count, const long *keep,
                        Found *f) {
    f->place_count = f->remove_count = f->length = 0;
    for (int i = 0; i < count; i++) {
        long gone = s->cands[cells[i]] & ~keep[i];
        for (int d = 0; d < 9; d++)
            if (gone >> d & 1) {
                f->remove[f->remove_count][0] = cells[i];
                f->remove[f->remove_count++][1] = d + 1;
            }
    }
    return f->remove_count > 0;
}

static int eliminations_outside(const Sweep *s, const int *cells, int count, long mask, Found *f) {
    long keep[RUN_MOST];
    for (int i = 0; i < count; i++) keep[i] = mask;
    return kakuro_eliminations(s, cells, count, keep, f);
}

int kakuro_placement(Found *f, int cell, int value) {
    f->place_count = 1, f->remove_count = f->length = 0;
    f->place[0][0] = cell, f->place[0][1] = value;
    return 1;
}

static int last_cell(Sweep *s, int run, Found *f) {
    int open[RUN_MOST];
    long remaining = s->left[run];
    if (open_cells(s, run, open) != 1 || remaining < 1 || remaining > 9 ||
        !(s->cands[open[0]] >> (remaining - 1) & 1))
        return 0;
    return kakuro_placement(f, open[0], (int)remaining);
}

static int unique_combination(Sweep *s, int run, Found *f) {
    const Tables *t = s->t;
    if (t->combo_start[run + 1] - t->combo_start[run] != 1) return 0;
    int open[RUN_MOST], count = open_cells(s, run, open);
    return eliminations_outside(s, open, count, t->combo[t->combo_start[run]], f);
}

static int naked_single(Sweep *s, int run, Found *f) {
    for (int i = s->t->cell_start[run]; i < s->t->cell_start[run + 1]; i++) {
        long mask = s->cands[s->t->cell[i]];
        if (mask && !(mask & (mask - 1))) return kakuro_placement(f, s->t->cell[i], length(mask));
    }
    return 0;
}

/* fitting_combinations, as the union and the intersection of them; whether any fits. */
static int fitting(const Sweep *s, int run, const int *open, int count, long placed,
                   long *allowed, long *common) {
    long possible = placed;
    for (int i = 0; i < count; i++) possible |= s->cands[open[i]];
    int any = 0;
    *allowed = 0, *common = KAKURO_ALL;
    for (int i = s->t->combo_start[run]; i < s->t->combo_start[run + 1]; i++) {
        long combo = s->t->combo[i];
        if ((combo & placed) == placed && !(combo & ~possible)) {
            *allowed |= combo, *common &= combo;
            any = 1;
        }
    }
    if (!any) *common = 0;
    return any;
}

static int combination_intersection(Sweep *s, int run, Found *f) {
    int open[RUN_MOST], count = open_cells(s, run, open);
    long allowed, common;
    if (!fitting(s, run, open, count, s->placed[run], &allowed, &common)) return 0;
    return eliminations_outside(s, open, count, allowed, f);
}

static int unique_digit(Sweep *s, int run, Found *f) {
    int open[RUN_MOST], count = open_cells(s, run, open);
    long placed = s->placed[run], allowed, common;
    fitting(s, run, open, count, placed, &allowed, &common);
    for (int d = 0; d < 9; d++) {
        if (!((common & ~placed) >> d & 1)) continue;
        int places = 0, where = -1;
        for (int i = 0; i < count; i++)
            if (s->cands[open[i]] >> d & 1) places++, where = open[i];
        if (places == 1) return kakuro_placement(f, where, d + 1);
    }
    return 0;
}

/* range_mask: the digits least..most within 1..9. */
static long range_mask(long least, long most) {
    least = least < 1 ? 1 : least, most = most > 9 ? 9 : most;
    return least > most ? 0 : ((1L << most) - 1) & ~((1L << (least - 1)) - 1);
}

static int sum_bounds(Sweep *s, int run, Found *f) {
    int open[RUN_MOST], count = open_cells(s, run, open);
    if (count < 2) return 0;
    long remaining = s->left[run], low[RUN_MOST], high[RUN_MOST], keep[RUN_MOST];
    long all_low = 0, all_high = 0;
    for (int i = 0; i < count; i++) {
        long mask = s->cands[open[i]];
        low[i] = length(mask & -mask), high[i] = length(mask);
        all_low += low[i], all_high += high[i];
    }
    for (int i = 0; i < count; i++)
        keep[i] = range_mask(remaining - (all_high - high[i]), remaining - (all_low - low[i]));
    return kakuro_eliminations(s, open, count, keep, f);
}

/* _naked_subset: groups of the small cells in combinations() order. */
static int naked_subset(Sweep *s, int run, int size, Found *f) {
    int open[RUN_MOST], count = open_cells(s, run, open), small[RUN_MOST], smalls = 0;
    long cands[RUN_MOST];
    if (count <= size) return 0;
    for (int i = 0; i < count; i++) {
        cands[i] = s->cands[open[i]];
        if (bits(cands[i]) >= 2 && bits(cands[i]) <= size) small[smalls++] = i;
    }
    int pick[3] = {0, 1, 2};
    if (smalls < size) return 0;
    for (;;) {
        long union_ = 0;
        int in_group = 0;
        for (int j = 0; j < size; j++) union_ |= cands[small[pick[j]]], in_group |= 1 << small[pick[j]];
        if (bits(union_) == size) {
            long keep[RUN_MOST];
            for (int i = 0; i < count; i++) keep[i] = in_group >> i & 1 ? KAKURO_ALL : ~union_;
            if (kakuro_eliminations(s, open, count, keep, f)) return 1;
        }
        int j = size - 1;   /* the next group, as itertools.combinations */
        while (j >= 0 && pick[j] == smalls - size + j) j--;
        if (j < 0) return 0;
        pick[j]++;
        for (int k = j + 1; k < size; k++) pick[k] = pick[k - 1] + 1;
    }
}

static int naked_pair(Sweep *s, int run, Found *f) { return naked_subset(s, run, 2, f); }
static int naked_triple(Sweep *s, int run, Found *f) { return naked_subset(s, run, 3, f); }

/* The subsets of mask, from mask itself down to 0 (the next after 0 is mask again). */
static inline int next_subset(int subset, int mask) { return (subset - 1) & mask; }

/* _keep_matchings: the (cell, digit) pairs on a perfect matching of cells to combo. Only
   subsets of combo are ever used, so only those are cleared and visited. */
static void keep_matchings(const long *cands, int count, int combo, long *kept) {
    static unsigned char layer[MOST_PERMUTED + 1][512], good[2][512];
    int used = combo;
    do {
        for (int i = 0; i <= count; i++) layer[i][used] = 0;
        good[0][used] = good[1][used] = 0;
    } while ((used = next_subset(used, combo)) != combo);
    layer[0][0] = 1;
    for (int i = 0; i < count; i++) {
        int any = 0;
        do {
            if (!layer[i][used]) continue;
            long free = cands[i] & combo & ~used;
            for (int d = 0; d < 9; d++)
                if (free >> d & 1) layer[i + 1][used | 1 << d] = 1, any = 1;
        } while ((used = next_subset(used, combo)) != combo);
        if (!any) return;
    }
    good[count & 1][combo] = 1;
    for (int i = count - 1; i >= 0; i--) {
        unsigned char *after = good[(i + 1) & 1], *before = good[i & 1];
        do {
            before[used] = 0;
            if (!layer[i][used]) continue;
            long free = cands[i] & combo & ~used;
            for (int d = 0; d < 9; d++)
                if (free >> d & 1 && after[used | 1 << d]) kept[i] |= 1L << d, before[used] = 1;
        } while ((used = next_subset(used, combo)) != combo);
    }
}

/* permutation_support: per cell, the digits it holds in some filling adding up to total
   (the combinations of the cells' digits, each matched; kept is a union, so the order in
   which combinations are tried does not matter). */
static void permutation_support(const long *cands, int count, long total, long *kept) {
    static unsigned char digits[512], sums[512];  /* a mask's digits and their sum */
    if (!sums[KAKURO_ALL])
        for (int mask = 1; mask < 512; mask++)
            digits[mask] = (unsigned char)bits(mask),
            sums[mask] = (unsigned char)(sums[mask & (mask - 1)] + length(mask & -mask));
    int union_ = 0;
    for (int i = 0; i < count; i++) union_ |= (int)cands[i], kept[i] = 0;
    int combo = union_;
    do {
        if (digits[combo] == count && sums[combo] == total)
            keep_matchings(cands, count, combo, kept);
    } while ((combo = next_subset(combo, union_)) != union_);
}

static int run_permutations(Sweep *s, int run, Found *f) {
    int open[RUN_MOST], count = open_cells(s, run, open);
    if (count > MOST_PERMUTED) return 0;
    long cands[RUN_MOST], kept[RUN_MOST];
    for (int i = 0; i < count; i++) cands[i] = s->cands[open[i]];
    permutation_support(cands, count, s->left[run], kept);
    return kakuro_eliminations(s, open, count, kept, f);
}

const Technique KAKURO_RUN_TECHNIQUES[RUN_TECHNIQUES] = {
    last_cell, unique_combination, naked_single, combination_intersection, unique_digit,
    sum_bounds, naked_pair, naked_triple, run_permutations,
};

/* --- the tables ------------------------------------------------------------------------ */

static void free_tables(PyObject *capsule) {
    Tables *t = PyCapsule_GetPointer(capsule, "kakuro_tables");
    if (!t) return;
    free(t->cell_start), free(t->cell), free(t->combo_start), free(t->combo);
    free(t->runs_start), free(t->runs), free(t->peer_start), free(t->peer);
    free(t);
}

/* A tuple of tuples of ints, flattened: the starts (count + 1) and the items; -1 with a
   Python error. `most` bounds the items (each below it). Also kakurocheck.c's. */
int kakuro_flatten(PyObject *groups, Py_ssize_t count, long most, int **starts, int **items) {
    PyObject *outer = PySequence_Fast(groups, "kakuro_tables wants sequences");
    if (!outer) return -1;
    Py_ssize_t total = 0;
    if (PySequence_Fast_GET_SIZE(outer) != count) {
        Py_DECREF(outer);
        PyErr_SetString(PyExc_ValueError, "kakuro_tables: tables of different sizes");
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t size = PySequence_Length(PySequence_Fast_GET_ITEM(outer, i));
        if (size < 0) return Py_DECREF(outer), -1;
        total += size;
    }
    *starts = malloc(sizeof(int) * (size_t)(count + 1));
    *items = malloc(sizeof(int) * (size_t)(total + 1));
    if (!*starts || !*items) return Py_DECREF(outer), PyErr_NoMemory(), -1;
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        (*starts)[i] = (int)at;
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, i), "sequence");
        if (!inner) return Py_DECREF(outer), -1;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++) {
            long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
            if ((value < 0 || value >= most) && !PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "kakuro_tables: an item out of range");
            if (PyErr_Occurred()) return Py_DECREF(inner), Py_DECREF(outer), -1;
            (*items)[at++] = (int)value;
        }
        Py_DECREF(inner);
    }
    (*starts)[count] = (int)at;
    Py_DECREF(outer);
    return 0;
}

const char kakuro_tables_doc[] =
"kakuro_tables(run_cells, combos, runs_of, peers)\n--\n\n"
"A Kakuro's tables for kakuro_sweep: each run's cells and combinations (digit masks),\n"
"each cell's runs and peers (shape.peers).";

PyObject *kakuro_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "kakuro_tables")) return NULL;
    Tables *t = calloc(1, sizeof(Tables));
    if (!t) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(t, "kakuro_tables", free_tables);
    if (!capsule) return free(t), NULL;
    Py_ssize_t runs = PySequence_Length(args[0]), cells = PySequence_Length(args[2]);
    if (runs < 0 || cells < 0) return Py_DECREF(capsule), NULL;
    t->run_count = (int)runs, t->cell_count = (int)cells;
    if (kakuro_flatten(args[0], runs, cells, &t->cell_start, &t->cell) < 0 ||
        kakuro_flatten(args[1], runs, KAKURO_ALL + 1, &t->combo_start, &t->combo) < 0 ||
        kakuro_flatten(args[2], cells, runs, &t->runs_start, &t->runs) < 0 ||
        kakuro_flatten(args[3], cells, cells, &t->peer_start, &t->peer) < 0)
        return Py_DECREF(capsule), NULL;
    for (int r = 0; r < t->run_count; r++)
        if (t->cell_start[r + 1] - t->cell_start[r] > RUN_MOST) {
            PyErr_SetString(PyExc_ValueError, "kakuro_tables: a run of more than 9 cells");
            return Py_DECREF(capsule), NULL;
        }
    return capsule;
}

/* --- the sweep ------------------------------------------------------------------------- */

/* A Found with room for every candidate of the board; NULL with a Python error. */
static Found *new_found(const Tables *t) {
    Found *f = malloc(sizeof(Found));
    if (f) f->remove = malloc(sizeof(int[2]) * (9 * (size_t)t->cell_count + 1));
    if (!f || !f->remove) return free(f), PyErr_NoMemory(), NULL;
    return f;
}

static void free_found(Found *f) {
    if (f) free(f->remove), free(f);
}

const char kakuro_sweep_doc[] =
"kakuro_sweep(tables, technique, runs, values, cands, placed, left, log)\n--\n\n"
"grade.py's _sweep of a run technique (its number in TECHNIQUES: last cell 0 to run\n"
"permutations 8) over the runs, on a KakuroState's lists, changed in place as\n"
"KakuroState.apply does: (the steps as (placements, eliminations), the cells placed).";

/* The technique swept over the runs: 0, or -1 with a Python error. */
static int sweep_runs(Sweep *s, Technique technique, PyObject *runs, Found *f) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(runs); i++) {
        long run = PyLong_AsLong(PySequence_Fast_GET_ITEM(runs, i));
        if (run < 0 || run >= s->t->run_count) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kakuro_sweep: no such run");
            return -1;
        }
        while (technique(s, (int)run, f))
            if (kakuro_apply(s, f) < 0) return -1;
    }
    return 0;
}

PyObject *kakuro_sweep(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 8, "kakuro_sweep")) return NULL;
    const Tables *t = PyCapsule_GetPointer(args[0], "kakuro_tables");
    long technique = PyLong_AsLong(args[1]);
    if (!t || (technique == -1 && PyErr_Occurred())) return NULL;
    if (technique < 0 || technique >= RUN_TECHNIQUES)
        return PyErr_Format(PyExc_ValueError, "kakuro_sweep: no technique %ld", technique);
    Sweep s;
    if (kakuro_sweep_open(&s, t, args + 3) < 0) return NULL;
    PyObject *runs = PySequence_Fast(args[2], "kakuro_sweep wants a sequence of runs");
    Found *f = runs ? new_found(t) : NULL;
    s.steps = f ? PyList_New(0) : NULL;
    int failed = !s.steps || sweep_runs(&s, KAKURO_RUN_TECHNIQUES[technique], runs, f) < 0;
    failed = kakuro_sweep_close(&s, args + 3, failed) < 0;
    Py_XDECREF(runs);
    free_found(f);
    if (failed) {
        Py_XDECREF(s.steps);
        return NULL;
    }
    return Py_BuildValue("(Nl)", s.steps, s.placements);
}

/* --- the run techniques' part of grade.py's solve_within ------------------------------ */

/* solve_within's loop over the ladder's first `count` techniques (the run techniques,
   numbered as their ranks): the easiest that finds anything, swept where something
   changed since it last looked (seen: the log's length then, per rank), then again from
   the easiest, until the Kakuro is solved (open cells left: `open`) or none finds
   anything. 0, or -1 with a Python error. */
static int settle(Sweep *s, int count, PyObject *seen, long open, unsigned char *marks,
                  int *runs, Found *f) {
    while (open - s->placements > 0) {
        int any = 0;
        for (int rank = 0; rank < count && !any; rank++) {
            Py_ssize_t start = item(seen, rank);
            long before = s->counts[rank];
            if (set_item(seen, rank, (long)(s->base + s->logged)) < 0) return -1;
            int places = kakuro_touched(s, start, 0, marks, runs);
            if (places < 0) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "kakuro_settle: a logged cell off the board");
                return -1;
            }
            s->rank = rank;
            for (int i = 0; i < places; i++)
                while (KAKURO_RUN_TECHNIQUES[rank](s, runs[i], f))
                    if (kakuro_apply(s, f) < 0) return -1;
            any = s->counts[rank] > before;
        }
        if (!any) break;
    }
    return 0;
}

const char kakuro_settle_doc[] =
"kakuro_settle(tables, count, seen, values, cands, placed, left, log, open_count)\n--\n\n"
"grade.py's solve_within over the ladder's first `count` techniques (run techniques whose\n"
"ranks are their numbers), seen[rank] the log's length when each last looked, on a\n"
"KakuroState's lists, changed in place: (the steps as (rank, placements, eliminations),\n"
"the cells placed).";

PyObject *kakuro_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 9, "kakuro_settle")) return NULL;
    const Tables *t = PyCapsule_GetPointer(args[0], "kakuro_tables");
    long count = PyLong_AsLong(args[1]), open = PyLong_AsLong(args[8]);
    if (!t || PyErr_Occurred()) return NULL;
    if (count < 0 || count > RUN_TECHNIQUES || !PyList_CheckExact(args[2]) ||
        PyList_GET_SIZE(args[2]) < count)
        return PyErr_Format(PyExc_ValueError, "kakuro_settle: %ld techniques", count);
    Sweep s;
    if (kakuro_sweep_open(&s, t, args + 3) < 0) return NULL;
    unsigned char *marks = malloc((size_t)t->run_count + 1);
    int *runs = malloc(sizeof(int) * ((size_t)t->run_count + 1));
    Found *f = marks && runs ? new_found(t) : (PyErr_NoMemory(), NULL);
    s.steps = f ? PyList_New(0) : NULL;
    int failed = !s.steps || settle(&s, (int)count, args[2], open, marks, runs, f) < 0;
    failed = kakuro_sweep_close(&s, args + 3, failed) < 0;
    free(marks), free(runs), free_found(f);
    if (failed) {
        Py_XDECREF(s.steps);
        return NULL;
    }
    return Py_BuildValue("(Nl)", s.steps, s.placements);
}

/* --- the solver: solver.py's narrow and _walk ------------------------------------------ */

/* _narrow_run: the run narrowed by its combinations; the cells changed go to changed
   (their count), -1 on a contradiction. */
static int narrow_run(const Tables *t, int run, unsigned short *cands, int *changed) {
    const int *cells = t->cell + t->cell_start[run];
    int count = t->cell_start[run + 1] - t->cell_start[run], changes = 0;
    unsigned union_ = 0, fixed = 0, allowed = 0, required = KAKURO_ALL, once = 0, twice = 0;
    for (int i = 0; i < count; i++) {
        unsigned mask = cands[cells[i]];
        union_ |= mask;
        if (!(mask & (mask - 1))) {
            if (fixed & mask || !mask) return -1;
            fixed |= mask;
        }
    }
    for (int i = t->combo_start[run]; i < t->combo_start[run + 1]; i++) {
        unsigned combo = (unsigned)t->combo[i];
        if ((combo & fixed) == fixed && !(combo & ~union_)) allowed |= combo, required &= combo;
    }
    if (!allowed) return -1;
    for (int i = 0; i < count; i++) {
        unsigned mask = cands[cells[i]];
        if (mask & (mask - 1)) {
            unsigned now = mask & allowed & ~fixed;
            if (now != mask) {
                if (!now) return -1;
                cands[cells[i]] = (unsigned short)now;
                changed[changes++] = cells[i];
            }
            twice |= once & now;
            once |= now;
        } else if (!(mask & allowed)) {
            return -1;
        }
    }
    required &= ~fixed;
    if (required & ~once) return -1;   /* a digit the run needs has no place left */
    for (int d = 0; d < 9; d++) {
        unsigned bit = 1u << d;
        if (!(required & ~twice & bit)) continue;
        for (int i = 0; i < count; i++)
            if (cands[cells[i]] & bit) {
                if (cands[cells[i]] != bit) cands[cells[i]] = (unsigned short)bit,
                                            changed[changes++] = cells[i];
                break;
            }
    }
    return changes;
}

/* narrow: the runs waiting on a stack (the latest touched first, each once) narrowed
   until none changes; 0 on a contradiction. The dirty runs: every run (cell < 0) or the
   cell's. `waiting` and `stack` hold a run each. */
static int narrow(const Tables *t, unsigned short *cands, int cell, unsigned char *waiting,
                  int *stack) {
    int size = 0, changed[2 * RUN_MOST];
    memset(waiting, 0, (size_t)t->run_count);
    if (cell < 0)
        for (int run = 0; run < t->run_count; run++) waiting[run] = 1, stack[size++] = run;
    else
        for (int i = t->runs_start[cell]; i < t->runs_start[cell + 1]; i++)
            if (!waiting[t->runs[i]]) waiting[t->runs[i]] = 1, stack[size++] = t->runs[i];
    while (size) {
        int run = stack[--size];
        waiting[run] = 0;
        int changes = narrow_run(t, run, cands, changed);
        if (changes < 0) return 0;
        for (int j = 0; j < changes; j++)
            for (int i = t->runs_start[changed[j]]; i < t->runs_start[changed[j] + 1]; i++)
                if (!waiting[t->runs[i]]) waiting[t->runs[i]] = 1, stack[size++] = t->runs[i];
    }
    return 1;
}

/* bits.fewest_open. */
static int fewest_open(const unsigned short *cands, int count) {
    int best = -1, fewest = -1;
    for (int i = 0; i < count; i++) {
        unsigned mask = cands[i];
        if (mask & (mask - 1)) {
            int n = bits(mask);
            if (n < fewest || best < 0) {
                best = i, fewest = n;
                if (n == 2) break;
            }
        }
    }
    return best;
}

/* The search's stack: each node's candidates and the cell it branched on (-1: the root). */
typedef struct {
    int cells, size, capacity;
    unsigned short *cands;
    int *cell;
} Nodes;

static unsigned short *push(Nodes *n, int cell) {
    if (n->size == n->capacity) {
        int capacity = n->capacity ? 2 * n->capacity : 64;
        unsigned short *cands = realloc(n->cands, sizeof(unsigned short) * (size_t)capacity *
                                                  (size_t)n->cells);
        if (!cands) return NULL;
        n->cands = cands;
        int *cells = realloc(n->cell, sizeof(int) * (size_t)capacity);
        if (!cells) return NULL;
        n->cell = cells, n->capacity = capacity;
    }
    n->cell[n->size] = cell;
    return n->cands + (size_t)n->size++ * (size_t)n->cells;
}

/* found(solution) for a settled node: 1 to stop, 0 to go on, -1 with a Python error. */
static int report(PyObject *found, const unsigned short *cands, int count) {
    PyObject *solution = PyTuple_New(count);
    if (!solution) return -1;
    for (int i = 0; i < count; i++)
        PyTuple_SET_ITEM(solution, i, PyLong_FromLong(length(cands[i])));
    PyObject *answer = PyObject_CallOneArg(found, solution);
    Py_DECREF(solution);
    if (!answer) return -1;
    int stop = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return stop;
}

/* _walk's loop: 1 finished, 0 out of nodes, -1 with a Python error. */
static int walk(const Tables *t, Nodes *n, const int *prefer, long long max_nodes,
                PyObject *found, long long *nodes, unsigned short *work) {
    unsigned char *waiting = malloc((size_t)t->run_count + 1);
    int *stack = malloc(sizeof(int) * ((size_t)t->run_count + 1)), outcome = 1;
    if (!waiting || !stack) return free(waiting), free(stack), PyErr_NoMemory(), -1;
    while (n->size) {
        if (*nodes >= max_nodes) { outcome = 0; break; }
        ++*nodes;
        n->size--;
        memcpy(work, n->cands + (size_t)n->size * (size_t)t->cell_count,
               sizeof(unsigned short) * (size_t)t->cell_count);
        if (!narrow(t, work, n->cell[n->size], waiting, stack)) continue;
        int cell = fewest_open(work, t->cell_count);
        if (cell < 0) {
            int stop = report(found, work, t->cell_count);
            if (stop) { outcome = stop < 0 ? -1 : 1; break; }
            continue;
        }
        int order[9], count = 0, known = prefer ? prefer[cell] - 1 : -1;
        if (known >= 0 && known < 9 && work[cell] >> known & 1) order[count++] = known;
        for (int d = 0; d < 9; d++)
            if (work[cell] >> d & 1 && d != known) order[count++] = d;
        for (int i = count - 1; i >= 0; i--) {
            unsigned short *child = push(n, cell);
            if (!child) { outcome = -1; PyErr_NoMemory(); break; }
            memcpy(child, work, sizeof(unsigned short) * (size_t)t->cell_count);
            child[cell] = (unsigned short)(1u << order[i]);
        }
        if (outcome < 0) break;
    }
    free(waiting), free(stack);
    return outcome;
}

const char kakuro_walk_doc[] =
"kakuro_walk(tables, cands, max_nodes, prefer, found)\n--\n\n"
"solver.py's _walk from the candidates (digit masks, one a cell): narrow, then branch on a\n"
"cell with the fewest candidates, prefer's digit first (None: smallest first); each\n"
"solution goes to found(solution), which says whether to stop: (finished, nodes).";

PyObject *kakuro_walk(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "kakuro_walk")) return NULL;
    const Tables *t = PyCapsule_GetPointer(args[0], "kakuro_tables");
    long long max_nodes = PyLong_AsLongLong(args[2]);
    if (!t || (max_nodes == -1 && PyErr_Occurred())) return NULL;
    if (!kakuro_sized_list(args[1], t->cell_count)) return NULL;
    int *prefer = NULL;
    Nodes n = {t->cell_count, 0, 0, NULL, NULL};
    unsigned short *work = malloc(sizeof(unsigned short) * ((size_t)t->cell_count + 1));
    unsigned short *root = work ? push(&n, -1) : NULL;
    int outcome = root ? 1 : -1;
    if (!root) PyErr_NoMemory();
    for (int i = 0; outcome > 0 && i < t->cell_count; i++) {
        long mask = item(args[1], i);
        if ((mask < 0 || mask > KAKURO_ALL) && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "kakuro_walk: candidates beyond nine digits");
        if (PyErr_Occurred()) outcome = -1;
        else root[i] = (unsigned short)mask;
    }
    if (outcome > 0 && args[3] != Py_None) {
        prefer = malloc(sizeof(int) * ((size_t)t->cell_count + 1));
        PyObject *known = prefer ? PySequence_Fast(args[3], "prefer: a sequence") : NULL;
        if (!known || PySequence_Fast_GET_SIZE(known) != t->cell_count) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kakuro_walk: prefer does not fit");
            outcome = -1;
        }
        for (int i = 0; outcome > 0 && i < t->cell_count; i++) {
            prefer[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(known, i));
            if (PyErr_Occurred()) outcome = -1;
        }
        Py_XDECREF(known);
    }
    long long nodes = 0;
    if (outcome > 0) outcome = walk(t, &n, prefer, max_nodes, args[4], &nodes, work);
    free(prefer), free(work), free(n.cands), free(n.cell);
    return outcome < 0 ? NULL : Py_BuildValue("(OL)", outcome ? Py_True : Py_False, nodes);
}

/* --- forcing chains: solver.py's rounds_to_contradiction ------------------------------- */

/* Rounds of narrowing the runs marked in wave (each round narrows, in run order, those the
   round before changed) until a contradiction (its round), a settled round or `most`
   rounds (0: none). */
long kakuro_rounds_of(const Tables *t, unsigned short *cands, unsigned char *wave,
                   unsigned char *next, long most) {
    int changed[2 * RUN_MOST];
    for (long round = 1; !most || round <= most; round++) {
        int any = 0;
        for (int run = 0; run < t->run_count && !any; run++) any = wave[run];
        if (!any) return 0;
        memset(next, 0, (size_t)t->run_count);
        for (int run = 0; run < t->run_count; run++) {
            if (!wave[run]) continue;
            int changes = narrow_run(t, run, cands, changed);
            if (changes < 0) return round;
            for (int j = 0; j < changes; j++)
                for (int i = t->runs_start[changed[j]]; i < t->runs_start[changed[j] + 1]; i++)
                    next[t->runs[i]] = 1;
        }
        memcpy(wave, next, (size_t)t->run_count);
    }
    return 0;
}

const char kakuro_rounds_doc[] =
"kakuro_rounds(tables, cands, dirty, most_rounds)\n--\n\n"
"solver.py's rounds_to_contradiction: the rounds narrowing runs takes to a contradiction\n"
"(the first round the runs in dirty), or None if it settles first (or takes more than\n"
"most_rounds, 0 for no limit); cands (a list of digit masks) changed in place.";

PyObject *kakuro_rounds(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "kakuro_rounds")) return NULL;
    const Tables *t = PyCapsule_GetPointer(args[0], "kakuro_tables");
    long most = PyLong_AsLong(args[3]);
    if (!t || (most == -1 && PyErr_Occurred()) || !kakuro_sized_list(args[1], t->cell_count))
        return NULL;
    PyObject *dirty = PySequence_Fast(args[2], "kakuro_rounds wants a sequence of runs");
    unsigned short *cands = malloc(sizeof(unsigned short) * ((size_t)t->cell_count + 1));
    unsigned char *marks = calloc(2 * (size_t)t->run_count + 1, 1);
    long found = -1;
    if (!cands || !marks) PyErr_NoMemory();
    for (int i = 0; dirty && cands && marks && i < t->cell_count; i++)
        cands[i] = (unsigned short)(item(args[1], i) & KAKURO_ALL);
    for (Py_ssize_t i = 0; dirty && marks && !PyErr_Occurred() &&
                           i < PySequence_Fast_GET_SIZE(dirty); i++) {
        long run = PyLong_AsLong(PySequence_Fast_GET_ITEM(dirty, i));
        if ((run < 0 || run >= t->run_count) && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "kakuro_rounds: no such run");
        else if (!PyErr_Occurred()) marks[run] = 1;
    }
    if (dirty && cands && marks && !PyErr_Occurred()) {
        found = kakuro_rounds_of(t, cands, marks, marks + t->run_count, most);
        for (int i = 0; i < t->cell_count && !PyErr_Occurred(); i++)
            if (item(args[1], i) != cands[i]) set_item(args[1], i, cands[i]);
    }
    Py_XDECREF(dirty);
    free(cands), free(marks);
    if (PyErr_Occurred()) return NULL;
    return found > 0 ? PyLong_FromLong(found) : Py_NewRef(Py_None);
}

