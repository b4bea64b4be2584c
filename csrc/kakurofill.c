/* kakuro_fill_tables and kakuro_move_some: the Kakuro generator's tightening moves
   (core/kakuro/generate.py's _move_some over filling.py's moves_at and change), decision
   for decision as the Python: the same moves in the same order, the same draws from the
   SplitMix64 stream, the same float sums in the same order, so the same moves made. The
   filling's lists are read, not changed: the moves come back for Filling.apply. */

#include <stdlib.h>

#include "pytypes.h"
#include "splitmix.h"

#define FILL_ALL 0x1ff
#define FILL_RUN_MOST 9
#define FILL_TOTAL_MOST 46          /* a run's total, 0 to 45 */
#define CELLS_PER_MOVE 5            /* generate.py's CELLS_PER_MOVE */
#define CANDIDATE_CELLS 3           /* generate.py's CANDIDATE_CELLS */
#define MOVES_MOST (9 + 2 * FILL_RUN_MOST)
#define TIE_DRAW (1ULL << 30)       /* the random tie-break of generate.py's move keys */

/* A board's runs for the moves: run r's cells are cell[cell_start[r]..cell_start[r+1]), a
   cell's two runs across[c] and down[c] (the order of shape.units_of), and looseness[l][t]
   filling.py's looseness(l, t), worked out by the Python so that every float is its own. */
typedef struct {
    int cell_count, run_count;
    int *cell_start, *cell, *across, *down;
    double looseness[FILL_RUN_MOST + 1][FILL_TOTAL_MOST];
} FillTables;

/* One call's working copy of the filling, and the moves made on it. */
typedef struct {
    const FillTables *t;
    int *values, *used, *totals;
    unsigned char *moved;
} Fill;

/* A move: one cell's new digit, or a swap of two (cell, digit) pairs. */
typedef struct {
    int count;
    int cell[2], digit[2];
} FillMove;

static void free_fill_tables(PyObject *capsule) {
    FillTables *t = PyCapsule_GetPointer(capsule, "kakuro_fill_tables");
    if (!t) return;
    free(t->cell_start), free(t->cell), free(t->across), free(t->down);
    free(t);
}

/* A sequence of ints into `out` (count of them, each in [0, most)); -1 with an error. */
static int ints_of(PyObject *sequence, int count, long most, int *out) {
    PyObject *fast = PySequence_Fast(sequence, "kakuro_move_some wants sequences of ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "kakuro_move_some: a list of the wrong size");
        return -1;
    }
    for (int i = 0; i < count; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((value < 0 || value >= most) && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "kakuro_move_some: a number out of range");
        if (PyErr_Occurred()) return Py_DECREF(fast), -1;
        out[i] = (int)value;
    }
    Py_DECREF(fast);
    return 0;
}

/* The runs' cells, flattened; -1 with an error. */
static int run_cells_of(PyObject *runs, FillTables *t) {
    PyObject *outer = PySequence_Fast(runs, "kakuro_fill_tables wants the runs' cells");
    if (!outer) return -1;
    t->run_count = (int)PySequence_Fast_GET_SIZE(outer);
    t->cell_start = malloc(sizeof(int) * (size_t)(t->run_count + 1));
    t->cell = malloc(sizeof(int) * (size_t)(t->run_count * FILL_RUN_MOST + 1));
    if (!t->cell_start || !t->cell) return Py_DECREF(outer), PyErr_NoMemory(), -1;
    int at = 0;
    for (int r = 0; r < t->run_count; r++) {
        PyObject *cells = PySequence_Fast_GET_ITEM(outer, r);
        Py_ssize_t size = PySequence_Length(cells);
        if (size < 0 || size > FILL_RUN_MOST) {
            if (size >= 0) PyErr_SetString(PyExc_ValueError, "kakuro_fill_tables: a run of "
                                           "more than 9 cells");
            return Py_DECREF(outer), -1;
        }
        t->cell_start[r] = at;
        if (ints_of(cells, (int)size, t->cell_count, t->cell + at) < 0)
            return Py_DECREF(outer), -1;
        at += (int)size;
    }
    t->cell_start[t->run_count] = at;
    Py_DECREF(outer);
    return 0;
}

/* Each cell's two runs, as the Python's runs_of; -1 with an error. */
static int cell_runs_of(PyObject *runs_of, FillTables *t) {
    PyObject *outer = PySequence_Fast(runs_of, "kakuro_fill_tables wants the cells' runs");
    if (!outer) return -1;
    int pair[2], failed = PySequence_Fast_GET_SIZE(outer) != t->cell_count;
    if (failed) PyErr_SetString(PyExc_ValueError, "kakuro_fill_tables: tables of different "
                                "sizes");
    for (int c = 0; !failed && c < t->cell_count; c++) {
        failed = ints_of(PySequence_Fast_GET_ITEM(outer, c), 2, t->run_count, pair) < 0;
        t->across[c] = pair[0], t->down[c] = pair[1];
    }
    Py_DECREF(outer);
    return failed ? -1 : 0;
}

/* The looseness of every (length, total), a sequence of rows; -1 with an error. */
static int looseness_of(PyObject *rows, FillTables *t) {
    PyObject *outer = PySequence_Fast(rows, "kakuro_fill_tables wants the looseness rows");
    if (!outer) return -1;
    int failed = PySequence_Fast_GET_SIZE(outer) != FILL_RUN_MOST + 1;
    for (int length = 0; !failed && length <= FILL_RUN_MOST; length++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, length), "a row");
        failed = !row || PySequence_Fast_GET_SIZE(row) != FILL_TOTAL_MOST;
        for (int total = 0; !failed && total < FILL_TOTAL_MOST; total++) {
            t->looseness[length][total] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(row, total));
            failed = PyErr_Occurred() != NULL;
        }
        Py_XDECREF(row);
    }
    Py_DECREF(outer);
    if (failed && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "kakuro_fill_tables: looseness wants 10 rows of 46");
    return failed ? -1 : 0;
}

const char kakuro_fill_tables_doc[] =
"kakuro_fill_tables(run_cells, runs_of, looseness)\n--\n\n"
"A Kakuro board's tables for kakuro_move_some: each run's cells, each cell's two runs\n"
"(across, down), and filling.looseness(length, total) for lengths 0-9 and totals 0-45.";

PyObject *kakuro_fill_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "kakuro_fill_tables")) return NULL;
    FillTables *t = calloc(1, sizeof(FillTables));
    if (!t) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(t, "kakuro_fill_tables", free_fill_tables);
    if (!capsule) return free(t), NULL;
    Py_ssize_t cells = PySequence_Length(args[1]);
    if (cells < 0) return Py_DECREF(capsule), NULL;
    t->cell_count = (int)cells;
    t->across = malloc(sizeof(int) * (size_t)(cells + 1));
    t->down = malloc(sizeof(int) * (size_t)(cells + 1));
    if (!t->across || !t->down) return Py_DECREF(capsule), PyErr_NoMemory();
    if (run_cells_of(args[0], t) < 0 || cell_runs_of(args[1], t) < 0 ||
        looseness_of(args[2], t) < 0)
        return Py_DECREF(capsule), NULL;
    return capsule;
}

/* --- a move: filling.py's moves_at, change and apply ----------------------------------- */

static inline int run_length(const FillTables *t, int run) {
    return t->cell_start[run + 1] - t->cell_start[run];
}

static inline int other_run(const FillTables *t, int cell, int run) {
    return t->across[cell] != run ? t->across[cell] : t->down[cell];
}

/* Filling.moves_at: the digits neither of the cell's runs holds, lowest first, then the
   swaps with its across mates, then with its down mates. */
static int moves_at(const Fill *f, int cell, FillMove *moves) {
    const FillTables *t = f->t;
    int value = f->values[cell], count = 0;
    int free_digits = FILL_ALL & ~f->used[t->across[cell]] & ~f->used[t->down[cell]];
    for (int d = 0; d < 9; d++)
        if (free_digits >> d & 1)
            moves[count++] = (FillMove){1, {cell, 0}, {d + 1, 0}};
    int pairs[2][2] = {{t->across[cell], t->down[cell]}, {t->down[cell], t->across[cell]}};
    for (int p = 0; p < 2; p++) {
        int run = pairs[p][0], other = pairs[p][1];
        for (int i = t->cell_start[run]; i < t->cell_start[run + 1]; i++) {
            int mate = t->cell[i], theirs = f->values[mate];
            if (mate == cell) continue;
            if (!(f->used[other] >> (theirs - 1) & 1) &&
                !(f->used[other_run(t, mate, run)] >> (value - 1) & 1))
                moves[count++] = (FillMove){2, {cell, mate}, {theirs, value}};
        }
    }
    return count;
}

/* The runs a move touches in the order CPython's set of them iterates in (small ints
   hashing to themselves in a table of 8, probed as its setobject.c probes a table that
   small), the order in which filling.py's change() adds their looseness up. */
static int runs_in_set_order(const FillTables *t, const FillMove *m, int *runs) {
    int table[8], count = 0;
    for (int i = 0; i < 8; i++) table[i] = -1;
    for (int k = 0; k < m->count; k++) {
        int pair[2] = {t->across[m->cell[k]], t->down[m->cell[k]]};
        for (int j = 0; j < 2; j++) {
            int run = pair[j];
            size_t slot = (size_t)run & 7, perturb = (size_t)run;
            while (table[slot] != -1 && table[slot] != run) {
                perturb >>= 5;
                slot = (slot * 5 + 1 + perturb) & 7;
            }
            table[slot] = run;
        }
    }
    for (int i = 0; i < 8; i++)
        if (table[i] != -1) runs[count++] = table[i];
    return count;
}

/* Filling.change: the looseness of the touched runs after the move less before it, each
   sum added up left to right in the set's order. */
static double change(const Fill *f, const FillMove *m) {
    const FillTables *t = f->t;
    int runs[4], count = runs_in_set_order(t, m, runs), shift[4] = {0, 0, 0, 0};
    for (int k = 0; k < m->count; k++)
        for (int i = 0; i < count; i++)
            if (runs[i] == t->across[m->cell[k]] || runs[i] == t->down[m->cell[k]])
                shift[i] += m->digit[k] - f->values[m->cell[k]];
    double before = 0.0, after = 0.0;
    for (int i = 0; i < count; i++) {
        int length = run_length(t, runs[i]), total = f->totals[runs[i]];
        before += t->looseness[length][total];
        after += t->looseness[length][total + shift[i]];
    }
    return after - before;
}

static void set_digit(Fill *f, int cell, int value) {
    int old = f->values[cell], runs[2] = {f->t->across[cell], f->t->down[cell]};
    for (int j = 0; j < 2; j++) {
        if (old) f->used[runs[j]] &= ~(1 << (old - 1));
        if (value) f->used[runs[j]] |= 1 << (value - 1);
        f->totals[runs[j]] += value - old;
    }
    f->values[cell] = value;
}

/* Filling.apply on the working copy. */
static void apply_move(Fill *f, const FillMove *m) {
    for (int k = 0; k < m->count; k++) set_digit(f, m->cell[k], 0);
    for (int k = 0; k < m->count; k++) set_digit(f, m->cell[k], m->digit[k]);
}

/* The move as the Python's Move tuple, ((cell, digit), ...); NULL with an error. */
static PyObject *move_tuple(const FillMove *m) {
    if (m->count == 1) return Py_BuildValue("((ii))", m->cell[0], m->digit[0]);
    return Py_BuildValue("((ii)(ii))", m->cell[0], m->digit[0], m->cell[1], m->digit[1]);
}

/* --- _move_some ------------------------------------------------------------------------ */

/* Whether a move may be weighed: no cell of it moved this call, and not in tabu (1, 0, or
   -1 with an error). */
static int may_weigh(const Fill *f, const FillMove *m, PyObject *tabu) {
    for (int k = 0; k < m->count; k++)
        if (f->moved[m->cell[k]]) return 0;
    PyObject *key = move_tuple(m);
    if (!key) return -1;
    int known = PySet_Contains(tabu, key);
    Py_DECREF(key);
    return known < 0 ? -1 : !known;
}

/* The tightest move at a group's cells (its key the least (change, draw)); 1 if one was
   found, 0 if none, -1 with an error. */
static int best_move(Fill *f, const int *cells, int count, PyObject *tabu, uint64_t *state,
                     FillMove *best) {
    FillMove moves[MOVES_MOST];
    double best_change = 0.0;
    uint64_t best_draw = 0;
    int found = 0;
    for (int i = 0; i < count; i++) {
        int move_count = moves_at(f, cells[i], moves);
        for (int j = 0; j < move_count; j++) {
            int weigh = may_weigh(f, &moves[j], tabu);
            if (weigh < 0) return -1;
            if (!weigh) continue;
            double moved = change(f, &moves[j]);
            uint64_t draw = splitmix_below(state, TIE_DRAW);
            if (!found || moved < best_change || (moved == best_change && draw < best_draw)) {
                best_change = moved, best_draw = draw, *best = moves[j];
                found = 1;
            }
        }
    }
    return found;
}

/* The moves of _move_some on the working copy, each appended to `made` as a Move; -1 with
   an error. */
static int move_some(Fill *f, int *open, int open_count, PyObject *tabu, uint64_t *state,
                     PyObject *made) {
    splitmix_shuffle(state, open, open_count);
    int groups = open_count / CELLS_PER_MOVE > 1 ? open_count / CELLS_PER_MOVE : 1;
    for (int group = 0; group < groups; group++) {
        int start = group * CANDIDATE_CELLS, stop = start + CANDIDATE_CELLS;
        if (start > open_count) start = open_count;
        if (stop > open_count) stop = open_count;
        FillMove best;
        int found = best_move(f, open + start, stop - start, tabu, state, &best);
        if (found < 0) return -1;
        if (!found) continue;
        apply_move(f, &best);
        for (int k = 0; k < best.count; k++) f->moved[best.cell[k]] = 1;
        PyObject *move = move_tuple(&best);
        if (!move || PyList_Append(made, move) < 0) return Py_XDECREF(move), -1;
        Py_DECREF(move);
    }
    return 0;
}

const char kakuro_move_some_doc[] =
"kakuro_move_some(tables, values, used, totals, state, open_cells, tabu)\n--\n\n"
"generate.py's _move_some on a Filling's lists (read, not changed) from the SplitMix64\n"
"state `state`: (the moves to make, in order, as Moves; the stream's new state).";

PyObject *kakuro_move_some(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 7, "kakuro_move_some")) return NULL;
    const FillTables *t = PyCapsule_GetPointer(args[0], "kakuro_fill_tables");
    if (!t) return NULL;
    uint64_t state = PyLong_AsUnsignedLongLong(args[4]);
    if (state == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (!PyAnySet_Check(args[6]))
        return PyErr_SetString(PyExc_TypeError, "kakuro_move_some: tabu must be a set"), NULL;
    Py_ssize_t open_count = PySequence_Length(args[5]);
    if (open_count < 0) return NULL;
    int cells = t->cell_count, runs = t->run_count;
    int *ints = malloc(sizeof(int) * (size_t)(cells * 2 + runs * 2 + open_count + 1));
    unsigned char *moved = calloc((size_t)cells + 1, 1);
    PyObject *made = PyList_New(0);
    Fill f = {t, ints, ints + cells, ints + cells + runs, moved};
    int *open = ints + cells + 2 * runs;
    int failed = !ints || !moved || !made;
    if (!ints || !moved) PyErr_NoMemory();
    failed = failed || ints_of(args[1], cells, 10, f.values) < 0 ||
             ints_of(args[2], runs, FILL_ALL + 1, f.used) < 0 ||
             ints_of(args[3], runs, FILL_TOTAL_MOST, f.totals) < 0 ||
             ints_of(args[5], (int)open_count, cells, open) < 0 ||
             move_some(&f, open, (int)open_count, args[6], &state, made) < 0;
    free(ints), free(moved);
    if (failed) return Py_XDECREF(made), NULL;
    return Py_BuildValue("(NK)", made, (unsigned long long)state);
}
