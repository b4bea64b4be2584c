/* calcudoku_harden: a Calcudoku hardening attempt's loop in one call, as
   calcudoku/generate.py's hardened_in_python makes it: from a unique draft, while the
   grader stalls within the ceiling a cell it left open is split off (softened()), while it
   finishes easier than asked a weaker operation or a merge is drawn (hardened()) and kept
   if the grader finishes it within the ceiling; a draft dropped once is dropped again
   without grading (keyed by its tables: the grading reads nothing else). The same draws
   from the same SplitMix64 stream, the same compiled grader (calcloop.c) on the same
   tables; the Python is the reference. */

#include <stdlib.h>
#include <string.h>

#include "calcchange.h"

/* hardened(): a weaker operation or a merge, drawn; 1 where nothing can change. */
static int hardened(Climb *c, Change *change) {
    int weak[CLIMB_CELLS], weak_count = 0, ops[2];
    for (int i = 0; i < c->count; i++)
        if (climb_weaker(c, &c->group[i], ops)) weak[weak_count++] = i;
    int *pairs = malloc(sizeof(int) * 2 * (size_t)c->count * (size_t)c->count), found;
    if (!pairs || (found = climb_merges(c, pairs)) < 0) return free(pairs), -1;
    memset(change, 0, sizeof *change);
    if (!weak_count && !found) return free(pairs), 1;
    if (weak_count && (!found || splitmix_below(&c->state, 2))) {
        int index = weak[splitmix_below(&c->state, (uint64_t)weak_count)];
        int options = climb_weaker(c, &c->group[index], ops);
        change->removed[0] = index, change->removes = 1, change->adds = 1;
        change->added[0] = c->group[index];
        change->added[0].op = ops[splitmix_below(&c->state, (uint64_t)options)];
    } else {
        int k = (int)splitmix_below(&c->state, (uint64_t)found);
        const Group *a = &c->group[pairs[2 * k]], *b = &c->group[pairs[2 * k + 1]];
        climb_joined(&change->added[0], a->cells, a->count, b->cells, b->count);
        Group *merged = &change->added[0];
        merged->op = climb_choose_operation(c, merged->cells, merged->count);
        change->removed[0] = pairs[2 * k], change->removed[1] = pairs[2 * k + 1];
        change->removes = 2, change->adds = 1;
    }
    free(pairs);
    return 0;
}

/* softened(): a cell the grader left open (`open`, a mask) split off its cage; the rest's
   pieces (connected_parts() order) keep the operation if one piece may show it. */
static void softened(Climb *c, const word *open, Change *change) {
    int cells[CLIMB_CELLS], count = 0;
    for (int k = 0; k < c->cells; k++)
        if (open[k / 64] >> (k % 64) & 1) cells[count++] = k;
    int cell = cells[splitmix_below(&c->state, (uint64_t)count)], index = c->owner[cell];
    const Group *g = &c->group[index];
    int rest[CLIMB_GROUP_MOST], left = 0, piece[CLIMB_GROUP_MOST], pieces = 0;
    for (int k = 0; k < g->count; k++)
        if (g->cells[k] != cell) rest[left] = g->cells[k], piece[left++] = -1;
    for (int k = 0; k < left; k++) {  /* each piece from its least cell, grown */
        if (piece[k] >= 0) continue;
        piece[k] = pieces++;
        for (int grown = 1; grown;) {
            grown = 0;
            for (int a = 0; a < left; a++)
                for (int b = 0; b < left && piece[a] == piece[k]; b++) {
                    int d = rest[a] - rest[b];
                    int touch = (d == 1 || d == -1) ? rest[a] / c->n == rest[b] / c->n
                                                    : d == c->n || d == -c->n;
                    if (touch && piece[b] < 0) piece[b] = piece[k], grown = 1;
                }
        }
    }
    memset(change, 0, sizeof *change);
    change->removed[0] = index, change->removes = 1, change->adds = 1 + pieces;
    change->added[0].count = 1, change->added[0].cells[0] = cell, change->added[0].op = OP_HIDDEN;
    for (int p = 0; p < pieces; p++) {
        Group *part = &change->added[1 + p];
        for (int k = 0; k < left; k++)
            if (piece[k] == p) part->cells[part->count++] = rest[k];
        int ops[OP_COUNT], allowed = climb_operations_over(c, part->cells, part->count, ops);
        part->op = pieces == 1 && climb_contains(ops, allowed, g->op)
                       ? g->op : climb_choose_operation(c, part->cells, part->count);
    }
}

/* The change made: the groups kept in order, then those added; the slots to match. */
static int apply_change(Climb *c, const Change *change, Grading *g, PyObject *empty) {
    Group *kept = malloc(sizeof(Group) * (size_t)(c->count + 4));
    if (!kept) return PyErr_NoMemory(), -1;
    int count = 0;
    for (int i = 0; i < c->count; i++)
        if (!(change->removes > 0 && change->removed[0] == i) &&
            !(change->removes > 1 && change->removed[1] == i))
            kept[count++] = c->group[i];
    for (int k = 0; k < change->removes; k++) {
        int first = c->group[change->removed[k]].cells[0];
        if (PyList_SetItem(g->words, first, Py_NewRef(empty)) < 0 ||
            PyList_SetItem(g->sums, first, Py_NewRef(empty)) < 0)
            return free(kept), -1;
    }
    for (int k = 0; k < change->adds; k++) {
        kept[count++] = change->added[k];
        PyObject *found = climb_words_of(c, &change->added[k], g);
        int first = change->added[k].cells[0];
        if (!found || !PyTuple_Check(found) ||
            PyList_SetItem(g->words, first, Py_NewRef(PyTuple_GET_ITEM(found, 0))) < 0 ||
            PyList_SetItem(g->sums, first, Py_NewRef(PyTuple_GET_ITEM(found, 1))) < 0) {
            if (found && !PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "calcudoku_harden: words");
            Py_XDECREF(found);
            return free(kept), -1;
        }
        Py_DECREF(found);
    }
    memcpy(c->group, kept, sizeof(Group) * (size_t)count);
    free(kept);
    c->count = count, g->count = count;
    for (int i = 0; i < count; i++)
        for (int k = 0; k < c->group[i].count; k++) c->owner[c->group[i].cells[k]] = i;
    return 0;
}

#define STALLED (-2)

/* grade_or_stall_of_tables() of the key's tables: the rank that sets the grade, or
   STALLED and the cells left open into `open`; -1 on error. The grader's answer (a new
   reference) into *kept, the one it held released. */
static int grade_or_stall(const Climb *c, PyObject *key, const Grading *g, word *open,
                          PyObject **kept) {
    PyObject *answer = climb_grader_answer(c, key, g);
    if (!answer) return -1;
    Py_XSETREF(*kept, Py_NewRef(answer));
    PyObject *open_cells = PyTuple_GET_ITEM(answer, 4);
    int is_open = PyObject_IsTrue(open_cells), top = -1;
    if (is_open) {
        if (is_open > 0 && convert_mask(open_cells, open, CALC_WORDS, c->cells, "open") == 0)
            top = STALLED;
    } else {
        long rank = PyLong_AsLong(PyTuple_GET_ITEM(answer, 1));
        PyObject *found = PyTuple_GET_ITEM(answer, 2);
        top = rank < 0 ? 0 : (int)rank;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(found); k++) {
            long r = PyLong_AsLong(PyTuple_GET_ITEM(PyTuple_GET_ITEM(found, k), 0));
            top = r > top ? (int)r : top;
        }
    }
    Py_DECREF(answer);
    return top;
}

/* The level of the grade a rank sets (GRADES' index), -1 on error. */
static long level_of(const Grading *g, int rank) {
    PyObject *grade = PyTuple_GET_ITEM(g->rank_grades, rank);
    PyObject *level = PyDict_GetItemWithError(g->rank_levels, grade);
    return level ? PyLong_AsLong(level) : -1;
}

/* The draft's groups as ((cells, operation), ...). */
static PyObject *groups_object(const Climb *c, PyObject *operations) {
    PyObject *groups = PyTuple_New(c->count);
    for (int i = 0; groups && i < c->count; i++) {
        PyObject *group = climb_group_object(&c->group[i], operations);
        if (!group) Py_CLEAR(groups);
        else PyTuple_SET_ITEM(groups, i, group);
    }
    return groups;
}

/* The final groups and their grading as the grader answered it (its hardest bulk rank,
   its steps as (rank, length)): what _graded_in_full() would grade again. */
static PyObject *kept_draft(const Climb *c, PyObject *operations, PyObject *answer) {
    PyObject *groups = groups_object(c, operations);
    return groups ? Py_BuildValue("(NOO)", groups, PyTuple_GET_ITEM(answer, 1),
                                  PyTuple_GET_ITEM(answer, 2)) : NULL;
}

/* The loop of hardened_in_python: the final groups and grading (kept_draft()), Py_None
   where the attempt fails, NULL with *unmade where a cage has no words, NULL on error. */
static PyObject *hardening(Climb *c, Grading *g, long target, long changes, int *unmade) {
    PyObject *empty = PyBytes_FromStringAndSize(NULL, 0), *dropped = PySet_New(NULL), *key;
    PyObject *result = NULL, *answer = NULL, *trial = NULL;  /* the draft's, a change's */
    Change change = {0};
    word open[CALC_WORDS];
    int top = -1;
    if (!empty || !dropped) goto done;
#define KEYED(made) if (!(key = (made))) goto done; \
                    if (key == Py_None) { *unmade = 1; Py_DECREF(key); goto done; }
    KEYED(climb_change_key(c, &change, g));
    top = grade_or_stall(c, key, g, open, &answer);
    Py_DECREF(key);
    for (long k = 0; top != -1 && k < changes; k++) {
        if (top == STALLED) {
            softened(c, open, &change);
            if (apply_change(c, &change, g, empty) < 0) goto done;
            memset(&change, 0, sizeof change);
            KEYED(climb_change_key(c, &change, g));
            top = grade_or_stall(c, key, g, open, &answer);
            Py_DECREF(key);
            continue;
        }
        long level = level_of(g, top);
        if (level < 0) goto done;
        if (target < 0 || level == target) {
            result = kept_draft(c, g->operations, answer);
            goto done;
        }
        int made = hardened(c, &change);
        if (made) {
            if (made == 1) result = Py_NewRef(Py_None);
            else PyErr_NoMemory();
            goto done;
        }
        KEYED(climb_change_key(c, &change, g));
        int seen = PySet_Contains(dropped, key);
        word ignored[CALC_WORDS];
        int graded = seen ? seen : grade_or_stall(c, key, g, ignored, &trial);
        if (seen < 0 || graded == -1) { Py_DECREF(key); top = -1; goto done; }
        if (!seen && graded == STALLED && PySet_Add(dropped, key) < 0) {
            Py_DECREF(key);
            goto done;
        }
        Py_DECREF(key);
        if (seen || graded == STALLED) continue;
        if (apply_change(c, &change, g, empty) < 0) goto done;
        top = graded;
        Py_XSETREF(answer, Py_NewRef(trial));
    }
#undef KEYED
    if (top != -1) result = Py_NewRef(Py_None);
done:
    Py_XDECREF(empty), Py_XDECREF(dropped), Py_XDECREF(answer), Py_XDECREF(trial);
    return result;
}

const char calcudoku_harden_doc[] =
"calcudoku_harden(n, solution, groups, operations, made_with, state, odds, words, slots,\n"
"grading, target, changes)\n--\n\n"
"calcudoku/generate.py's hardened_in_python in one call, from the draft given as\n"
"calcudoku_climb takes it (grading's cache and level unused): the target grade's level\n"
"(-1: any), the changes tried. (state, None or the final draft's (groups, hardest bulk\n"
"rank, steps as (rank, length)) as the grader answered its tables); or None past what C\n"
"holds (the caller runs the Python).";

PyObject *calcudoku_harden(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 12, "calcudoku_harden")) return NULL;
    PyObject *shifted[8] = {args[0], args[1], args[2], args[3], args[4], Py_None, args[5],
                            args[6]};
    Climb *c = calloc(1, sizeof(Climb));
    Grading g;
    long level, target = PyLong_AsLong(args[10]), changes = PyLong_AsLong(args[11]);
    int unmade = 0, fits;
    PyObject *result = NULL, *found = NULL;
    if (!c) return PyErr_NoMemory();
    if (PyErr_Occurred() || climb_read_climb(c, shifted) < 0 ||
        climb_read_grading(&g, args[8], args[9], &level) < 0)
        goto done;
    if ((fits = climb_read_groups(c, args[2], args[3])) <= 0) {
        if (fits == 0) result = Py_NewRef(Py_None);
        goto done;
    }
    g.operations = args[3];
    if (climb_read_words(&g, args[7]) < 0) goto done;
    g.words = PyList_GetSlice(g.words, 0, PY_SSIZE_T_MAX);
    g.sums = PyList_GetSlice(g.sums, 0, PY_SSIZE_T_MAX);
    if (g.words && g.sums && PyList_GET_SIZE(g.words) == c->cells &&
        PyList_GET_SIZE(g.sums) == c->cells) {
        c->state = PyLong_AsUnsignedLongLongMask(args[5]);
        if (!PyErr_Occurred()) found = hardening(c, &g, target, changes, &unmade);
        if (unmade) result = Py_NewRef(Py_None);
        else if (found)
            result = Py_BuildValue("(NO)", PyLong_FromUnsignedLongLong(c->state), found);
    } else if (g.words && g.sums) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_harden: slots are one per cell");
    }
    Py_XDECREF(g.words), Py_XDECREF(g.sums), Py_XDECREF(found);
done:
    free(c);
    return result;
}
