/* calcudoku_climb: one step of a Calcudoku expert climb in one call, as
   calcudoku/generate.py's climb_choice_in_python makes it: every change reshapings() lists
   (weaker operations, merges, other operations, cells moved to a neighbouring cage), their
   operations drawn from the same SplitMix64 stream in the same order, those near the crux
   shuffled, each one's grading tables made from its parent's slots, graded by the compiled
   grader's loop (calcloop.c, called here on the tables in C memory: no Python object in or
   out but the grade, and the grading packed where a later step may keep it), and the one
   to keep chosen: the first that climbs a grade, else the one at the same grade whose
   work is the most. The Python is the reference; this only saves its interpreter's work
   per change. */

#include <stdlib.h>
#include <string.h>

#include "calcchange.h"
#include "calchand.h"
#include "calcswap.h"

/* _operations_over(): the operations a cage over the cells may be made with, in the
   type's order; one cell: HIDDEN alone. */
int climb_operations_over(const Climb *c, const int *cells, int count, int *out) {
    if (count == 1) return out[0] = OP_HIDDEN, 1;
    int low = CLIMB_MAX_N + 1, high = 0, found = 0;
    for (int k = 0; k < count; k++) {
        int v = c->solution[cells[k]];
        low = v < low ? v : low, high = v > high ? v : high;
    }
    for (int k = 0; k < c->made_count; k++) {
        int op = c->made_with[k];
        if ((op == OP_SUB || op == OP_DIV) && count != 2) continue;
        if (op == OP_DIV && high % low) continue;
        out[found++] = op;
    }
    return found;
}

int climb_contains(const int *ops, int count, int op) {
    for (int k = 0; k < count; k++)
        if (ops[k] == op) return 1;
    return 0;
}

/* DraftCages.weaker(): SUBTRACT then ADD where the cells allow them, for × and ÷. */
int climb_weaker(const Climb *c, const Group *g, int *out) {
    if (g->op != OP_MUL && g->op != OP_DIV) return 0;
    int allowed[OP_COUNT], count = climb_operations_over(c, g->cells, g->count, allowed), found = 0;
    if (climb_contains(allowed, count, OP_SUB)) out[found++] = OP_SUB;
    if (climb_contains(allowed, count, OP_ADD)) out[found++] = OP_ADD;
    return found;
}

/* choose_operation(): the only one the cells allow, or one drawn by the recipe's odds. */
int climb_choose_operation(Climb *c, const int *cells, int count) {
    int allowed[OP_COUNT], options = climb_operations_over(c, cells, count, allowed);
    if (options == 1) return allowed[0];
    if (count == 2) {
        if (climb_contains(allowed, options, OP_DIV) &&
            (long long)splitmix_below(&c->state, 100) < c->odds[0])
            return OP_DIV;
        if ((long long)splitmix_below(&c->state, 100) < c->odds[1]) return OP_SUB;
    }
    return (long long)splitmix_below(&c->state, 100) < c->odds[2] ? OP_MUL : OP_ADD;
}

static int touches(const Climb *c, const int *cells, int count) {
    for (int k = 0; k < count; k++)
        if (c->near[cells[k]]) return 1;
    return 0;
}

static int ascending(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

/* The cells of two lists joined, ascending, into g (its op left). */
void climb_joined(Group *g, const int *a, int na, const int *b, int nb) {
    memcpy(g->cells, a, sizeof(int) * (size_t)na);
    memcpy(g->cells + na, b, sizeof(int) * (size_t)nb);
    g->count = na + nb;
    qsort(g->cells, (size_t)g->count, sizeof(int), ascending);
}

static Change *new_change(Climb *c) {
    if (c->changes == c->capacity) {
        int capacity = 2 * c->capacity + 64;
        Change *more = realloc(c->change, sizeof(Change) * (size_t)capacity);
        if (!more) return NULL;
        c->change = more, c->capacity = capacity;
    }
    Change *change = &c->change[c->changes++];
    memset(change, 0, sizeof *change);
    return change;
}

/* A change of group `index` to show `op`. */
static int add_operation(Climb *c, int index, int op) {
    Change *change = new_change(c);
    if (!change) return -1;
    change->removed[0] = index, change->removes = 1, change->adds = 1;
    change->added[0] = c->group[index], change->added[0].op = op;
    return 0;
}

/* hardenings()' weaker operations, or reshapings()' other operations (`others`). */
static int operation_changes(Climb *c, int others) {
    for (int i = 0; i < c->count; i++) {
        const Group *g = &c->group[i];
        if (!touches(c, g->cells, g->count)) continue;
        int weak[2], weak_count = climb_weaker(c, g, weak), ops[OP_COUNT];
        int count = others ? climb_operations_over(c, g->cells, g->count, ops) : weak_count;
        for (int k = 0; k < count; k++) {
            int op = others ? ops[k] : weak[k];
            if (others && (op == g->op || climb_contains(weak, weak_count, op))) continue;
            if (add_operation(c, i, op) < 0) return -1;
        }
    }
    return 0;
}

/* compact() of cells (any order). */
static int compact(int n, const int *cells, int count) {
    if (count < 4) return 1;
    if (count > CLIMB_MAX_CAGE) return 0;
    unsigned rows = 0, cols = 0;
    for (int k = 0; k < count; k++) rows |= 1u << (cells[k] / n), cols |= 1u << (cells[k] % n);
    int r = __builtin_popcount(rows), k = __builtin_popcount(cols);
    return r <= 3 && k <= 3 && (r < k ? r : k) > 1;
}

/* around(n)[cell], ascending. */
static int beside(int n, int cell, int *out) {
    int row = cell / n, col = cell % n, found = 0;
    if (row > 0) out[found++] = cell - n;
    if (col > 0) out[found++] = cell - 1;
    if (col < n - 1) out[found++] = cell + 1;
    if (row < n - 1) out[found++] = cell + n;
    return found;
}

/* _merges(): pairs (i < j) of neighbouring groups that make a compact cage, in order;
   only those with a one-cell group where there are any. Into pairs (2 ints each). */
int climb_merges(const Climb *c, int *pairs) {
    int count = c->count, found = 0, singles = 0;
    unsigned char *seen = calloc((size_t)count * (size_t)count, 1);
    if (!seen) return -1;
    for (int cell = 0; cell < c->cells; cell++) {
        int next[4], around = beside(c->n, cell, next);
        for (int k = 0; k < around; k++) {
            int i = c->owner[cell], j = c->owner[next[k]];
            if (next[k] > cell && i != j) seen[i < j ? i * count + j : j * count + i] = 1;
        }
    }
    for (int key = 0; key < count * count; key++) {
        if (!seen[key]) continue;
        const Group *a = &c->group[key / count], *b = &c->group[key % count];
        int both[2 * CLIMB_GROUP_MOST], total = a->count + b->count;
        if (total > CLIMB_MAX_CAGE) continue;
        memcpy(both, a->cells, sizeof(int) * (size_t)a->count);
        memcpy(both + a->count, b->cells, sizeof(int) * (size_t)b->count);
        if (total == CLIMB_MAX_CAGE && !compact(c->n, both, total)) continue;
        int single = a->count == 1 || b->count == 1;
        if (single && !singles) found = 0, singles = 1;  /* singles only from here */
        if (single || !singles)
            pairs[2 * found] = key / count, pairs[2 * found + 1] = key % count, found++;
    }
    free(seen);
    return found;
}

/* hardenings()' merges: each pair's operation drawn, a change where it is near. */
static int merge_changes(Climb *c) {
    int *pairs = malloc(sizeof(int) * 2 * (size_t)c->count * (size_t)c->count), found;
    if (!pairs || (found = climb_merges(c, pairs)) < 0) return free(pairs), -1;
    for (int k = 0; k < found; k++) {
        const Group *a = &c->group[pairs[2 * k]], *b = &c->group[pairs[2 * k + 1]];
        Group merged;
        climb_joined(&merged, a->cells, a->count, b->cells, b->count);
        merged.op = climb_choose_operation(c, merged.cells, merged.count);
        if (!touches(c, merged.cells, merged.count)) continue;
        Change *change = new_change(c);
        if (!change) return free(pairs), -1;
        change->removed[0] = pairs[2 * k], change->removed[1] = pairs[2 * k + 1];
        change->removes = 2, change->adds = 1, change->added[0] = merged;
    }
    free(pairs);
    return 0;
}

/* Whether the cells (ascending) are one orthogonally connected piece. */
static int in_one_piece(int n, const int *cells, int count) {
    int todo[CLIMB_GROUP_MOST], reached = 1, seen = 1;
    todo[0] = 0;
    for (int t = 0; t < reached; t++) {
        int next[4], around = beside(n, cells[todo[t]], next);
        for (int k = 0; k < count; k++) {
            if (seen >> k & 1) continue;
            for (int m = 0; m < around; m++)
                if (next[m] == cells[k]) { seen |= 1 << k, todo[reached++] = k; break; }
        }
    }
    return reached == count;
}

/* _moves(): each cell moved from its cage (left connected) to a neighbouring one that
   stays compact, the two operations drawn, a change where it is near. */
static int move_changes(Climb *c) {
    for (int cell = 0; cell < c->cells; cell++) {
        int mine = c->owner[cell];
        const Group *from = &c->group[mine];
        if (from->count == 1) continue;
        Group rest = {0};
        for (int k = 0; k < from->count; k++)
            if (from->cells[k] != cell) rest.cells[rest.count++] = from->cells[k];
        if (!in_one_piece(c->n, rest.cells, rest.count)) continue;
        int next[4], around = beside(c->n, cell, next), others[4], count = 0;
        for (int k = 0; k < around; k++) {
            int other = c->owner[next[k]];
            if (other != mine && !climb_contains(others, count, other)) others[count++] = other;
        }
        qsort(others, (size_t)count, sizeof(int), ascending);
        for (int k = 0; k < count; k++) {
            const Group *to = &c->group[others[k]];
            if (to->count + 1 > CLIMB_MAX_CAGE) continue;
            Group into;
            climb_joined(&into, to->cells, to->count, &cell, 1);
            if (!compact(c->n, into.cells, into.count)) continue;
            rest.op = climb_choose_operation(c, rest.cells, rest.count);
            into.op = climb_choose_operation(c, into.cells, into.count);
            if (!touches(c, rest.cells, rest.count) && !touches(c, into.cells, into.count))
                continue;
            Change *change = new_change(c);
            if (!change) return -1;
            change->removed[0] = mine, change->removed[1] = others[k], change->removes = 2;
            change->adds = 2, change->added[0] = rest, change->added[1] = into;
        }
    }
    return 0;
}

/* reshapings(): every change near the crux, in its order, the rng drawn as it draws. */
static int list_changes(Climb *c) {
    if (operation_changes(c, 0) < 0 || merge_changes(c) < 0 || operation_changes(c, 1) < 0 ||
        move_changes(c) < 0)
        return -1;
    return 0;
}

/* ---- reading the draft ---------------------------------------------------------------- */

static int op_code(PyObject *op, PyObject *operations) {
    for (int k = 0; k < OP_COUNT; k++) {
        int same = PyUnicode_Compare(op, PyTuple_GET_ITEM(operations, k));
        if (same == 0) return k;
        if (same == -1 && PyErr_Occurred()) return -1;
    }
    PyErr_SetString(PyExc_ValueError, "calcudoku_climb: an unknown operation");
    return -1;
}

/* The groups ((cells, operation), ...), each cell's owner; 1 read, 0 past what C holds. */
int climb_read_groups(Climb *c, PyObject *groups, PyObject *operations) {
    PyObject *seq = PySequence_Fast(groups, "calcudoku_climb: groups must be a sequence");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    int fits = count <= c->cells;
    for (Py_ssize_t i = 0; fits && i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i), *cells;
        Group *g = &c->group[i];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) goto bad;
        cells = PyTuple_GET_ITEM(item, 0);
        Py_ssize_t size = PySequence_Size(cells);
        if (size < 0) goto bad;
        if (size > CLIMB_GROUP_MOST) { fits = 0; break; }
        g->count = (int)size;
        if (convert_ints(cells, g->cells, size, 0, c->cells - 1, "a group's cell") < 0 ||
            (g->op = op_code(PyTuple_GET_ITEM(item, 1), operations)) < 0)
            goto bad;
        for (int k = 0; k < g->count; k++) c->owner[g->cells[k]] = (int)i;
    }
    c->count = (int)count;
    Py_DECREF(seq);
    return fits;
bad:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "calcudoku_climb: a group is (cells, operation)");
    Py_DECREF(seq);
    return -1;
}

static int read_near(Climb *c, PyObject *near) {
    memset(c->near, near == Py_None, sizeof c->near);
    if (near == Py_None) return 0;
    PyObject *seq = PySequence_Fast(near, "calcudoku_climb: near must be cells or None");
    if (!seq) return -1;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (cell < 0 || cell >= c->cells) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "calcudoku_climb: a near cell off the board");
            return -1;
        }
        c->near[cell] = 1;
    }
    Py_DECREF(seq);
    return 0;
}

/* ---- grading a change ------------------------------------------------------------------ */

/* A new group as the Python keys it: (cells, operation). */
PyObject *climb_group_object(const Group *g, PyObject *operations) {
    PyObject *cells = tuple_of_ints(g->cells, g->count);
    return cells ? climb_pair(cells, Py_NewRef(PyTuple_GET_ITEM(operations, g->op))) : NULL;
}

/* Room for a change's tables, kept from change to change. */
static int tables_room(ChangeTables *out, size_t words) {
    static uint64_t *room;
    static size_t size;
    if (words > size) {
        uint64_t *grown = PyMem_Realloc(room, sizeof(uint64_t) * words);
        if (!grown) return PyErr_NoMemory(), -1;
        room = grown, size = words;
    }
    out->words = room;
    return 0;
}

/* The slots' bytes of the change's draft, by cell (NULL where none), the new groups' held
   in `held`: 1, 0 where a new group has no words, -1 on error. */
static int change_parts(const Climb *c, const Change *change, const Grading *g,
                        PyObject *held[4], PyObject *parts[2][CLIMB_CELLS]) {
    for (int k = 0; k < change->adds; k++) {
        PyObject *found = held[k] = climb_words_of(c, &change->added[k], g);
        if (!found || found == Py_None) return found ? 0 : -1;
        if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2) {
            PyErr_SetString(PyExc_TypeError, "calcudoku_climb: words are (words, sum)");
            return -1;
        }
    }
    for (int cell = 0; cell < c->cells; cell++) {
        parts[0][cell] = PyList_GET_ITEM(g->words, cell);
        parts[1][cell] = PyList_GET_ITEM(g->sums, cell);
    }
    for (int k = 0; k < change->removes; k++) {
        int first = c->group[change->removed[k]].cells[0];
        parts[0][first] = parts[1][first] = NULL;
    }
    for (int k = 0; k < change->adds; k++) {
        int first = change->added[k].cells[0];
        parts[0][first] = PyTuple_GET_ITEM(held[k], 0);
        parts[1][first] = PyTuple_GET_ITEM(held[k], 1);
    }
    return 1;
}

/* The words (the head's three with them) and the known sums the parts hold, room made for
   the words in out: 0, or -1 with an error set. */
static int parts_sized(const Climb *c, PyObject *parts[2][CLIMB_CELLS], ChangeTables *out) {
    size_t words = 3, cages = 0;
    for (int cell = 0; cell < c->cells; cell++) {
        PyObject *w = parts[0][cell], *s = parts[1][cell];
        if (!w) continue;
        if (!PyBytes_Check(w) || !PyBytes_Check(s) || PyBytes_GET_SIZE(w) % 8 ||
            PyBytes_GET_SIZE(s) % 8) {
            PyErr_SetString(PyExc_TypeError, "calcudoku_climb: slots must hold words as bytes");
            return -1;
        }
        words += (size_t)PyBytes_GET_SIZE(w) / 8, cages += (size_t)PyBytes_GET_SIZE(s) / 8;
    }
    if (cages > CLIMB_CELLS) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_climb: sums past the cells");
        return -1;
    }
    out->count = words, out->cages = (int)cages;
    return tables_room(out, words);
}

int climb_change_tables(const Climb *c, const Change *change, const Grading *g,
                        ChangeTables *out) {
    PyObject *held[4] = {NULL}, *parts[2][CLIMB_CELLS];
    int made = change_parts(c, change, g, held, parts);
    if (made > 0 && parts_sized(c, parts, out) < 0) made = -1;
    if (made > 0) {
        uint64_t *at = out->words + 3;
        int64_t *sum = out->sums;
        out->words[0] = (uint64_t)c->n, out->words[1] = (uint64_t)c->cells;
        out->words[2] = (uint64_t)(g->count - change->removes + change->adds);
        for (int cell = 0; cell < c->cells; cell++) {
            if (!parts[0][cell]) continue;
            Py_ssize_t size = PyBytes_GET_SIZE(parts[0][cell]);
            Py_ssize_t sums = PyBytes_GET_SIZE(parts[1][cell]);
            memcpy(at, PyBytes_AS_STRING(parts[0][cell]), (size_t)size), at += size / 8;
            memcpy(sum, PyBytes_AS_STRING(parts[1][cell]), (size_t)sums), sum += sums / 8;
        }
    }
    for (int k = 0; k < 4; k++) Py_XDECREF(held[k]);
    return made;
}

/* Draft.grading_tables() of the change: (tables, sums) as one tuple key with the ceiling,
   or Py_None where a new group has no words (the Python runs the step), NULL on error. */
PyObject *climb_change_key(const Climb *c, const Change *change, const Grading *g) {
    ChangeTables made;
    int found = climb_change_tables(c, change, g, &made);
    if (found <= 0) return found ? NULL : Py_NewRef(Py_None);
    PyObject *tables = PyBytes_FromStringAndSize((const char *)made.words,
                                                 (Py_ssize_t)(8 * made.count));
    PyObject *sums = tables ? PyBytes_FromStringAndSize((const char *)made.sums,
                                                        8 * (Py_ssize_t)made.cages) : NULL;
    PyObject *key = sums ? PyTuple_Pack(3, tables, sums, g->ceiling) : NULL;
    Py_XDECREF(tables), Py_XDECREF(sums);
    return key;
}

/* The compiled grader's answer on the key's tables from a blank state (quiet._graded_tables). */
PyObject *climb_grader_answer(const Climb *c, PyObject *key, const Grading *g) {
    PyObject *values = PyList_New(c->cells), *digits = PyList_New(c->cells), *answer = NULL;
    PyObject *zero = PyLong_FromLong(0), *all = PyLong_FromLong((1L << c->n) - 1);
    PyObject *size = PyLong_FromLong(c->n);
    if (values && digits && zero && all && size) {
        for (int k = 0; k < c->cells; k++) {
            PyList_SET_ITEM(values, k, Py_NewRef(zero));
            PyList_SET_ITEM(digits, k, Py_NewRef(all));
        }
        PyObject *args[11] = {g->board, size, PyTuple_GET_ITEM(key, 0), values, digits,
                              g->full, g->full, g->groups_table, PyTuple_GET_ITEM(key, 1),
                              g->plan_steps, g->plan_bulk};
        answer = PyObject_Vectorcall(g->grader, args, 11, NULL);
    }
    Py_XDECREF(values), Py_XDECREF(digits), Py_XDECREF(zero), Py_XDECREF(all), Py_XDECREF(size);
    if (answer && (!PyTuple_Check(answer) || PyTuple_GET_SIZE(answer) < 5)) {
        Py_CLEAR(answer);
        PyErr_SetString(PyExc_TypeError, "calcudoku_climb: the grader's answer");
    }
    return answer;
}

/* rounded_work() of the steps' weights, by the Python: `ranks` the steps' ranks. */
static PyObject *work_asked(const Grading *g, const long *ranks, Py_ssize_t steps) {
    PyObject *weights = PyList_New(steps);
    if (!weights) return NULL;
    for (Py_ssize_t k = 0; k < steps; k++)
        PyList_SET_ITEM(weights, k, Py_NewRef(PyTuple_GET_ITEM(g->rank_weights, ranks[k])));
    PyObject *work = PyObject_CallOneArg(g->rounded_work, weights);
    Py_DECREF(weights);
    return work;
}

#define WORK_KEPT_MOST 65536 /* works kept before they are forgotten */

/* work_asked(), kept by the ranks of the steps that weigh (a 6x6 expert asks it of every
   change graded, a few thousand sequences): the others add 0.0, which leaves a sum of
   weights as it was, naive or compensated, so a work kept is the Python's on any version.
   Kept for one rounded_work and one tuple of weights (those of the last call). */
static PyObject *work_of(const Grading *g, const long *ranks, Py_ssize_t steps) {
    static PyObject *kept, *held_weights, *held_work;
    unsigned char weigh[2 * CLIMB_CELLS];
    Py_ssize_t count = 0, keyed = steps <= 2 * CLIMB_CELLS;
    for (Py_ssize_t k = 0; k < steps && keyed; k++) {
        double weight = PyFloat_AsDouble(PyTuple_GET_ITEM(g->rank_weights, ranks[k]));
        if (weight == -1.0 && PyErr_Occurred()) return NULL;
        if (weight != 0.0) keyed = ranks[k] < 256, weigh[count++] = (unsigned char)ranks[k];
    }
    if (!keyed) return work_asked(g, ranks, steps);
    if (!kept || held_weights != g->rank_weights || held_work != g->rounded_work ||
        PyDict_GET_SIZE(kept) >= WORK_KEPT_MOST) {
        Py_XSETREF(kept, PyDict_New());
        Py_XSETREF(held_weights, Py_NewRef(g->rank_weights));
        Py_XSETREF(held_work, Py_NewRef(g->rounded_work));
        if (!kept) return NULL;
    }
    PyObject *key = PyBytes_FromStringAndSize((const char *)weigh, count), *work = NULL;
    if (!key) return NULL;
    work = Py_XNewRef(PyDict_GetItemWithError(kept, key));
    if (!work && !PyErr_Occurred()) {
        work = work_asked(g, ranks, steps);
        if (work && PyDict_SetItem(kept, key, work) < 0) Py_CLEAR(work);
    }
    Py_DECREF(key);
    return work;
}

/* grade_and_work_of_tables() of the change's tables, by calcloop.c's loop called here on
   them: (grade, work), or None where the grader does not finish them. */
static PyObject *graded(const Climb *c, const ChangeTables *tables, const Grading *g,
                        CalcGraded *answer) {
    if (calc_grade_blank(c->n, (const unsigned char *)tables->words,
                         (Py_ssize_t)(8 * tables->count), tables->sums, tables->cages, answer) < 0)
        return NULL;
    if (answer->open) return Py_NewRef(Py_None);
    long ranks[2 * CLIMB_CELLS], *many = NULL, *rank = ranks;
    if (answer->steps > 2 * CLIMB_CELLS) {
        if (!(rank = many = malloc(sizeof(long) * (size_t)answer->steps))) return PyErr_NoMemory();
    }
    int top = answer->settled < 0 ? 0 : answer->settled;
    for (int k = 0; k < answer->steps; k++) {
        rank[k] = answer->log[2 * k];
        top = rank[k] > top ? (int)rank[k] : top;
    }
    PyObject *work = work_of(g, rank, answer->steps), *result = NULL;
    if (work) result = climb_pair(Py_NewRef(PyTuple_GET_ITEM(g->rank_grades, top)), work);
    free(many);
    return result;
}

/* The solution's cycles of two values (calcswap.c), made when a change is first screened,
   and per cycle a group of the draft whose cage refuses it swapped (-1: none does). */
typedef struct {
    SwapCycle *cycles;
    int count;  /* -1 until made */
    int *blocker;
    SwapCages cages;
} Screen;

/* The first group (by the cycle's cells) whose cage in the draft's slots refuses the
   cycle swapped, or -1. */
static int blocker_of(const Climb *c, const Grading *g, const SwapCycle *cycle,
                      unsigned char *swapped) {
    int found = -1;
    for (int i = 0; i < cycle->count; i++)
        swapped[cycle->cells[i]] = (unsigned char)cycle->values[i];
    for (int i = 0; i < cycle->count && found < 0; i++) {
        int group = c->owner[cycle->cells[i]];
        PyObject *words = PyList_GET_ITEM(g->words, c->group[group].cells[0]);
        if (!swap_accepts(c->n, c->solution, (const uint64_t *)PyBytes_AS_STRING(words),
                          swapped))
            found = group;
    }
    for (int i = 0; i < cycle->count; i++) swapped[cycle->cells[i]] = 0;
    return found;
}

static int screen_made(const Climb *c, const Grading *g, Screen *screen) {
    int most = swap_cycles_most(c->n);
    unsigned char swapped[CLIMB_CELLS] = {0};
    screen->cycles = malloc(sizeof(SwapCycle) * (size_t)most);
    screen->blocker = malloc(sizeof(int) * 2 * (size_t)most);  /* and the cycles tried */
    if (!screen->cycles || !screen->blocker) return -1;
    screen->count = swap_cycles(c->n, c->solution, screen->cycles);
    for (int k = 0; k < screen->count; k++)
        screen->blocker[k] = blocker_of(c, g, &screen->cycles[k], swapped);
    return 0;
}

/* Whether a cycle's swap of the solution is a second solution of the key's tables
   (swaps.second_by_swap(), which DraftCages.grade() asks first): the grader could not
   finish them. Only the cycles a group the change removes refused (or none did) are
   tried: a group it keeps refuses the others still. -1 out of memory. */
static int screened(const Climb *c, const Change *change, const ChangeTables *tables,
                    const Grading *g, Screen *screen) {
    if (screen->count < 0 && screen_made(c, g, screen) < 0) return -1;
    int *among = screen->blocker + screen->count, count = 0;  /* room after the blockers */
    for (int k = 0; k < screen->count; k++) {
        int blocker = screen->blocker[k];
        if (blocker < 0 || blocker == change->removed[0] ||
            (change->removes > 1 && blocker == change->removed[1]))
            among[count++] = k;
    }
    if (!count) return 0;
    if (swap_read_cages(c->n, tables->words, tables->count, &screen->cages) < 0)
        return 0;  /* not read here: graded */
    return swap_found_among(c->n, c->solution, screen->cycles, among, count, tables->words,
                            &screen->cages) >= 0;
}

static int removes(const Change *change, int index) {
    for (int k = 0; k < change->removes; k++)
        if (change->removed[k] == index) return 1;
    return 0;
}

static unsigned char *put_group(unsigned char *out, const Group *group) {
    *out++ = (unsigned char)group->count;
    for (int k = 0; k < group->count; k++) *out++ = (unsigned char)group->cells[k];
    *out++ = (unsigned char)group->op;
    return out;
}

/* DraftCages.grade()'s key of the change's draft: climbstep.groups_key() of its groups (by
   first cell: cell count, cells, operation code), with the ceiling; the parent's groups
   kept (in their order by first cell) merged with the change's new ones.
   Hashing these few bytes rather than the draft's tables (several kilobytes) was a third
   of a climb's cost besides the grader; the tables are made only for a draft not met
   before. */
static PyObject *groups_key(const Climb *c, const Change *change, const Grading *g) {
    const int *by_first = c->by_first;
    unsigned char bytes[3 * CLIMB_CELLS], *out = bytes;
    int added[4], adds = 0;
    for (int k = 0; k < change->adds; k++) {  /* by first cell */
        int at = adds++;
        for (; at > 0 && change->added[added[at - 1]].cells[0] > change->added[k].cells[0]; at--)
            added[at] = added[at - 1];
        added[at] = k;
    }
    for (int i = 0, a = 0; i <= c->count; i++) {
        const Group *group = i < c->count ? &c->group[by_first[i]] : NULL;
        for (; a < adds && (!group || change->added[added[a]].cells[0] < group->cells[0]); a++)
            out = put_group(out, &change->added[added[a]]);
        if (group && !removes(change, by_first[i])) out = put_group(out, group);
    }
    return climb_pair(PyBytes_FromStringAndSize((const char *)bytes, out - bytes),
                      Py_NewRef(g->ceiling));
}

/* The draft's groups by first cell, into c->by_first. */
static void groups_by_first(Climb *c) {
    int found = 0;
    for (int cell = 0; cell < c->cells; cell++) {
        int index = c->owner[cell];
        if (c->group[index].cells[0] == cell) c->by_first[found++] = index;
    }
}

/* The level of a (grade, work) grading (rank_levels' of its grade), -1 with an error set. */
static long level_of(const Grading *g, PyObject *found) {
    PyObject *at = PyDict_GetItemWithError(g->rank_levels, PyTuple_GET_ITEM(found, 0));
    if (!at && !PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "calcudoku_climb: a grade");
    return at ? PyLong_AsLong(at) : -1;
}

/* The grading packed (calcloop.c) where the change graded at the climb's level or above
   (the one a later step may keep, from the cache or now), kept in g->answers under the
   key: a new reference, or NULL (below the level, or on error, then -1 into *failed). */
static PyObject *answer_kept(const Grading *g, PyObject *key, PyObject *found,
                             const CalcGraded *answer, long level, int *failed) {
    if (found == Py_None) return NULL;
    long at = level_of(g, found);
    PyObject *packed = at >= level ? calc_graded_packed(answer) : NULL;
    if (at < 0 || (at >= level && !packed) ||
        (packed && g->answers && PyDict_SetItem(g->answers, key, packed) < 0)) {
        Py_XDECREF(packed);
        *failed = 1;
        return NULL;
    }
    return packed;
}

/* DraftCages.grade() of the change, kept in the cache: (grade, work) or None; None with
   *unmade set where a new group has no words. Its grading packed into *answer where it
   graded at the level or above, or where g->answers kept it (else NULL). */
static PyObject *change_graded(const Climb *c, const Change *change, const Grading *g,
                               long level, Screen *screen, int *unmade, PyObject **answer) {
    PyObject *cached = groups_key(c, change, g);
    if (!cached) return NULL;
    PyObject *kept = PyDict_GetItemWithError(g->cache, cached);
    if (kept && g->answers) *answer = Py_XNewRef(PyDict_GetItemWithError(g->answers, cached));
    if (kept || PyErr_Occurred()) {
        Py_DECREF(cached);
        return kept && !PyErr_Occurred() ? Py_NewRef(kept) : NULL;
    }
    ChangeTables tables;
    CalcGraded grading;
    int made = climb_change_tables(c, change, g, &tables), failed = 0, second = 0;
    if (made <= 0) {
        *unmade = made == 0;
        Py_DECREF(cached);
        return made ? NULL : Py_NewRef(Py_None);
    }
    second = screened(c, change, &tables, g, screen);
    PyObject *found = second < 0 ? PyErr_NoMemory()
                      : second ? Py_NewRef(Py_None) : graded(c, &tables, g, &grading);
    if (found && PyDict_SetItem(g->cache, cached, found) < 0) Py_CLEAR(found);
    if (found && !second) *answer = answer_kept(g, cached, found, &grading, level, &failed);
    if (failed) Py_CLEAR(found);
    Py_DECREF(cached);
    return found;
}

/* The change as (removed indices, added groups). */
static PyObject *change_object(const Change *change, PyObject *operations) {
    PyObject *removed = PyTuple_New(change->removes), *added = PyTuple_New(change->adds);
    if (!removed || !added) goto fail;
    for (int k = 0; k < change->removes; k++)
        PyTuple_SET_ITEM(removed, k, PyLong_FromLong(change->removed[k]));
    for (int k = 0; k < change->adds; k++) {
        PyObject *group = climb_group_object(&change->added[k], operations);
        if (!group) goto fail;
        PyTuple_SET_ITEM(added, k, group);
    }
    return Py_BuildValue("(NN)", removed, added);
fail:
    Py_XDECREF(removed), Py_XDECREF(added);
    return NULL;
}

/* (climbed, the change, the grader's answer on it (`packed`) or None where it was in the
   cache without one, the cells of its crux or None where they are not named here). */
static PyObject *choice_object(int climbed, const Change *change, PyObject *packed,
                               PyObject *operations) {
    PyObject *made = change_object(change, operations), *cells = NULL;
    PyObject *answer = !made ? NULL : packed ? calc_graded_unpacked(packed, &cells)
                                             : Py_NewRef(Py_None);
    if (!answer) {
        Py_XDECREF(made);
        return NULL;
    }
    if (!cells) cells = Py_NewRef(Py_None);
    return Py_BuildValue("(ONNN)", climbed ? Py_True : Py_False, made, answer, cells);
}

/* The shuffled changes graded in order: choice_object()'s or None;
   Py_None and *unmade where a change has no tables. */
static PyObject *chosen(Climb *c, const int *order, const Grading *g, long level, int *unmade) {
    Screen screen = {NULL, -1, NULL, {{0}}};
    int same = -1;
    double most = -1.0;
    PyObject *same_answer = NULL, *result = NULL;
    for (int k = 0; k < c->changes; k++) {
        const Change *change = &c->change[order[k]];
        PyObject *answer = NULL, *found = change_graded(c, change, g, level, &screen, unmade,
                                                        &answer);
        if (!found || *unmade) { Py_XDECREF(answer); result = found; goto done; }
        if (found == Py_None) { Py_DECREF(found), Py_XDECREF(answer); continue; }
        long at = level_of(g, found);
        double work = PyFloat_AsDouble(PyTuple_GET_ITEM(found, 1));
        Py_DECREF(found);
        if (at < 0) {
            Py_XDECREF(answer);
            goto done;
        }
        if (at > level) {
            result = choice_object(1, change, answer, g->operations);
            Py_XDECREF(answer);
            goto done;
        }
        if (at == level && work > most) {
            same = order[k], most = work;
            Py_XSETREF(same_answer, answer);
        } else {
            Py_XDECREF(answer);
        }
    }
    result = same < 0 ? Py_NewRef(Py_None)
                      : choice_object(0, &c->change[same], same_answer, g->operations);
done:
    Py_XDECREF(same_answer);
    free(screen.cycles), free(screen.blocker);
    return result;
}

int climb_read_climb(Climb *c, PyObject *const *args) {
    long n;
    if (convert_int(args[0], 2, CLIMB_MAX_N, &n, "n") < 0) return -1;
    c->n = (int)n, c->cells = c->n * c->n;
    if (convert_ints(args[1], c->solution, c->cells, 1, c->n, "a solution's value") < 0)
        return -1;
    if (!swap_latin(c->n, c->solution)) {  /* the screen walks its cycles */
        PyErr_SetString(PyExc_ValueError, "calcudoku_climb: the solution is not a Latin square");
        return -1;
    }
    PyObject *made_with = args[4];
    if (!PyTuple_Check(made_with) || PyTuple_GET_SIZE(made_with) > OP_COUNT) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_climb: made_with must be a tuple");
        return -1;
    }
    c->made_count = (int)PyTuple_GET_SIZE(made_with);
    for (int k = 0; k < c->made_count; k++)
        if ((c->made_with[k] = op_code(PyTuple_GET_ITEM(made_with, k), args[3])) < 0) return -1;
    int odds[3];
    if (convert_ints(args[7], odds, 3, 0, 100, "odds") < 0) return -1;
    for (int k = 0; k < 3; k++) c->odds[k] = odds[k];
    return 0;
}

const char calcudoku_climb_doc[] =
"calcudoku_climb(n, solution, groups, operations, made_with, near, state, odds, words,\n"
"slots, grading)\n--\n\n"
"calcudoku/generate.py's climb_choice_in_python in one call: the draft's (cells, operation)\n"
"groups over the solution, the operation strings by code (HIDDEN, ADD, SUBTRACT, MULTIPLY,\n"
"DIVIDE), the type's made_with, the cells near the crux (or None), the rng state, the\n"
"recipe's (divide, subtract, multiply) odds, (DraftCages.words_kept, the code each code\n"
"shows: the type's shown()), the draft's slots (words,\n"
"sums, count), and grading: (grader, board tables, line groups, all cells, plan steps,\n"
"bulk ranks, {grade: level}, grade per rank, weight per rank, rounded_work, ceiling,\n"
"cache, level[, answers]). (state, chosen): chosen None, or (climbed, (removed, added),\n"
"the grader's answer on the change, None where the cache held it without one, the cells\n"
"crux.py names its crux by where a cage or area technique found it, else None); or None\n"
"past what C holds (the caller runs the Python). answers (a dict, optional): the\n"
"gradings kept at the level or above, packed (bytes the climb reads back into the\n"
"grader's answer), by the cache's key.";

/* The Grading of the call's `grading` tuple (13 items, or 14 with the answers kept) and
   slots. */
int climb_read_grading(Grading *g, PyObject *slots, PyObject *grading, long *level) {
    if (!PyTuple_Check(slots) || PyTuple_GET_SIZE(slots) != 3 || !PyTuple_Check(grading) ||
        PyTuple_GET_SIZE(grading) < 13 || PyTuple_GET_SIZE(grading) > 14) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_climb: slots or grading of the wrong shape");
        return -1;
    }
    g->words = PyTuple_GET_ITEM(slots, 0), g->sums = PyTuple_GET_ITEM(slots, 1);
    g->count = PyLong_AsLongLong(PyTuple_GET_ITEM(slots, 2));
    PyObject **fields[] = {&g->grader, &g->board, &g->groups_table, &g->full, &g->plan_steps,
                           &g->plan_bulk, &g->rank_levels, &g->rank_grades, &g->rank_weights,
                           &g->rounded_work, &g->ceiling, &g->cache};
    for (int k = 0; k < 12; k++) *fields[k] = PyTuple_GET_ITEM(grading, k);
    *level = PyLong_AsLong(PyTuple_GET_ITEM(grading, 12));
    g->answers = PyTuple_GET_SIZE(grading) == 14 ? PyTuple_GET_ITEM(grading, 13) : NULL;
    if (PyErr_Occurred()) return -1;
    if (!PyList_Check(g->words) || !PyList_Check(g->sums) || !PyDict_Check(g->cache) ||
        !PyDict_Check(g->rank_levels) || !PyTuple_Check(g->rank_grades) ||
        !PyTuple_Check(g->rank_weights) || (g->answers && !PyDict_Check(g->answers))) {
        PyErr_SetString(PyExc_TypeError,
                        "calcudoku_climb: slots are lists, the cache and answers dicts");
        return -1;
    }
    return 0;
}

PyObject *calcudoku_climb(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 11, "calcudoku_climb")) return NULL;
    Climb *c = calloc(1, sizeof(Climb));
    Grading g;
    long level;
    int *order = NULL, unmade = 0, fits;
    PyObject *result = NULL, *choice = NULL;
    if (!c) return PyErr_NoMemory();
    if (climb_read_climb(c, args) < 0 || climb_read_grading(&g, args[9], args[10], &level) < 0)
        goto done;
    if ((fits = climb_read_groups(c, args[2], args[3])) <= 0) {
        if (fits == 0) result = Py_NewRef(Py_None);
        goto done;
    }
    if (PyList_GET_SIZE(g.words) != c->cells || PyList_GET_SIZE(g.sums) != c->cells) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_climb: slots are one per cell");
        goto done;
    }
    g.operations = args[3];
    if (climb_read_words(&g, args[8]) < 0 || read_near(c, args[5]) < 0 ||
        calc_grade_ready(g.board, g.groups_table, g.plan_steps, g.plan_bulk) < 0)
        goto done;
    c->state = PyLong_AsUnsignedLongLongMask(args[6]);
    if (PyErr_Occurred()) goto done;
    groups_by_first(c);
    if (list_changes(c) < 0) { PyErr_NoMemory(); goto done; }
    order = malloc(sizeof(int) * (size_t)(c->changes + 1));
    if (!order) { PyErr_NoMemory(); goto done; }
    for (int k = 0; k < c->changes; k++) order[k] = k;
    splitmix_shuffle(&c->state, order, c->changes);
    choice = chosen(c, order, &g, level, &unmade);
    if (choice && unmade) result = Py_NewRef(Py_None);
    else if (choice) result = Py_BuildValue("(NO)", PyLong_FromUnsignedLongLong(c->state), choice);
done:
    Py_XDECREF(choice);
    free(order);
    free(c->change);
    free(c);
    return result;
}
