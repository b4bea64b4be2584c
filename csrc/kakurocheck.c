/* kakuro_check: the Kakuro's second proof (core/kakuro/check.py) in C, step for step: the
   same rules in the same passes over the runs, the same branching, the same nodes counted.
   It shares nothing with kakuro.c (the first proof's search): the Python's _Rules hands it
   each run's cells and sets of digits, found there by trying every set. Where the Python
   keeps a bitboard per digit, this keeps a digit mask per cell: bit d of cell c's mask is
   bit c of digit d's board, so every rule reads and removes the same candidates. */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define CHECK_DIGITS 9
#define CHECK_ALL 0x1ff

/* The runs: run r's cells are cell[cell_start[r]..cell_start[r+1]) and its sets of digits
   set[set_start[r]..set_start[r+1]). */
typedef struct {
    int cell_count, run_count;
    int *cell_start, *cell, *set_start, *set;
} CheckRuns;

/* The states waiting on the depth-first stack: each cell_count masks and the cell it
   branched on (-1: every cell changed, the start). */
typedef struct {
    unsigned short *masks;
    int *changed;
    size_t count, room;
} CheckStack;

static inline int digit_count(unsigned mask) { return __builtin_popcount(mask); }

/* _Rules._narrow on one run; -1 on a contradiction (the Python's _Contradiction). A cell
   left without digits anywhere is one too, found as _singles finds it: by the next run
   narrowed (emptied is set by every removal that empties a cell). */
static int narrow_run(const CheckRuns *t, unsigned short *masks, int run, int *emptied) {
    const int *cells = t->cell + t->cell_start[run];
    int size = t->cell_start[run + 1] - t->cell_start[run];
    if (*emptied) return -1;
    unsigned single = 0;  /* bit i: the run's i-th cell has one digit left (at the start) */
    for (int i = 0; i < size; i++)
        if (digit_count(masks[cells[i]]) == 1) single |= 1u << i;
    unsigned decided = 0, possible = 0;
    for (int d = 0; d < CHECK_DIGITS; d++) {
        unsigned here = 0;
        for (int i = 0; i < size; i++)
            if (masks[cells[i]] >> d & 1) here |= 1u << i;
        if (!here) continue;
        possible |= 1u << d;
        unsigned fixed = here & single;
        if (fixed & (fixed - 1)) return -1;  /* the digit decided in two cells of the run */
        if (!fixed) continue;
        decided |= 1u << d;
        for (int i = 0; i < size; i++)
            if (!(fixed >> i & 1) && masks[cells[i]] >> d & 1) {
                masks[cells[i]] &= (unsigned short)~(1u << d);
                if (!masks[cells[i]]) *emptied = 1;
            }
    }
    unsigned allowed = 0, needed = CHECK_ALL;
    for (int s = t->set_start[run]; s < t->set_start[run + 1]; s++) {
        unsigned values = (unsigned)t->set[s];
        if ((values & decided) == decided && !(values & ~possible)) {
            allowed |= values;
            needed &= values;
        }
    }
    if (!allowed) return -1;
    for (int d = 0; d < CHECK_DIGITS; d++) {
        if (!(allowed >> d & 1)) {
            for (int i = 0; i < size; i++)
                if (masks[cells[i]] >> d & 1) {
                    masks[cells[i]] &= (unsigned short)~(1u << d);
                    if (!masks[cells[i]]) *emptied = 1;
                }
        } else if (needed >> d & 1 && !(decided >> d & 1)) {
            int places = 0, place = -1;
            for (int i = 0; i < size; i++)
                if (masks[cells[i]] >> d & 1) places++, place = cells[i];
            if (!places) return -1;
            if (places == 1) masks[place] = (unsigned short)(1u << d);
        }
    }
    return 0;
}

/* _Rules.settle: passes over the runs holding a cell changed since the pass before, until
   one changes nothing; -1 on a contradiction. `changed` and `before` are scratch. */
static int settle(const CheckRuns *t, unsigned short *masks, unsigned char *changed,
                  unsigned short *before) {
    int emptied = 0, any = 1;
    while (any) {
        memcpy(before, masks, sizeof(unsigned short) * (size_t)t->cell_count);
        for (int r = 0; r < t->run_count; r++) {
            int touched = 0;
            for (int i = t->cell_start[r]; i < t->cell_start[r + 1] && !touched; i++)
                touched = changed[t->cell[i]];
            if (touched && narrow_run(t, masks, r, &emptied) < 0) return -1;
        }
        any = 0;
        for (int c = 0; c < t->cell_count; c++)
            any |= changed[c] = before[c] != masks[c];
    }
    return 0;
}

/* _Rules.branch_cell: the first cell with the fewest digits left, more than one; -1 if
   none. */
static int branch_cell(const CheckRuns *t, const unsigned short *masks) {
    int best = -1, fewest = CHECK_DIGITS + 1;
    for (int c = 0; c < t->cell_count; c++) {
        int count = digit_count(masks[c]);
        if (count > 1 && count < fewest) best = c, fewest = count;
    }
    return best;
}

/* _Rules.values, as a tuple; NULL with an error. */
static PyObject *solution_of(const CheckRuns *t, const unsigned short *masks) {
    PyObject *values = PyTuple_New(t->cell_count);
    if (!values) return NULL;
    for (int c = 0; c < t->cell_count; c++) {
        int value = masks[c] ? 32 - __builtin_clz(masks[c]) : 0;  /* its one digit */
        PyObject *number = PyLong_FromLong(value);
        if (!number) return Py_DECREF(values), NULL;
        PyTuple_SET_ITEM(values, c, number);
    }
    return values;
}

/* A state pushed on the stack (copied); -1 out of memory. */
static int push(CheckStack *s, int cells, const unsigned short *masks, int changed) {
    if (s->count == s->room) {
        size_t room = s->room ? s->room * 2 : 64;
        unsigned short *more = realloc(s->masks, sizeof(unsigned short) * room * (size_t)cells);
        if (!more) return -1;
        s->masks = more;
        int *changes = realloc(s->changed, sizeof(int) * room);
        if (!changes) return -1;
        s->changed = changes, s->room = room;
    }
    memcpy(s->masks + s->count * (size_t)cells, masks, sizeof(unsigned short) * (size_t)cells);
    s->changed[s->count++] = changed;
    return 0;
}

/* The branches of a settled state on its branch cell, the smallest digit on top. */
static int push_branches(CheckStack *s, int cells, unsigned short *masks, int cell) {
    unsigned short digits = masks[cell];
    for (int d = CHECK_DIGITS - 1; d >= 0; d--) {
        if (!(digits >> d & 1)) continue;
        masks[cell] = (unsigned short)(1u << d);
        if (push(s, cells, masks, cell) < 0) return -1;
    }
    return 0;
}

/* checkresult.depth_first with check.py's expand: (count, solutions, complete, nodes). */
static PyObject *search(const CheckRuns *t, CheckStack *s, long limit, long long max_nodes,
                        unsigned short *state, unsigned char *changed, unsigned short *before) {
    PyObject *solutions = PyList_New(0);
    if (!solutions) return NULL;
    long long nodes = 0;
    int cells = t->cell_count, complete = 1;
    while (s->count && PyList_GET_SIZE(solutions) < limit) {
        if (max_nodes >= 0 && nodes >= max_nodes) {
            complete = 0;
            break;
        }
        nodes++;
        s->count--;
        memcpy(state, s->masks + s->count * (size_t)cells,
               sizeof(unsigned short) * (size_t)cells);
        int from = s->changed[s->count];
        for (int c = 0; c < cells; c++) changed[c] = from < 0 || c == from;
        if (settle(t, state, changed, before) < 0) continue;
        int cell = branch_cell(t, state);
        if (cell >= 0) {
            if (push_branches(s, cells, state, cell) < 0)
                return Py_DECREF(solutions), PyErr_NoMemory();
            continue;
        }
        PyObject *found = solution_of(t, state);
        if (!found || PyList_Append(solutions, found) < 0)
            return Py_XDECREF(found), Py_DECREF(solutions), NULL;
        Py_DECREF(found);
    }
    PyObject *found = PyList_AsTuple(solutions);
    Py_DECREF(solutions);
    if (!found) return NULL;
    return Py_BuildValue("(nNOL)", PyTuple_GET_SIZE(found), found,
                         complete ? Py_True : Py_False, nodes);
}

const char kakuro_check_doc[] =
"kakuro_check(run_cells, run_sets, masks, limit, max_nodes)\n--\n\n"
"check.py's search of a Kakuro: each run's cells and sets of digits (masks), each cell's\n"
"digits at the start (masks), up to `limit` solutions within max_nodes (-1: no budget):\n"
"(count, solutions, complete, nodes), as a CheckResult's fields.";

PyObject *kakuro_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "kakuro_check")) return NULL;
    long limit = PyLong_AsLong(args[3]);
    long long max_nodes = PyLong_AsLongLong(args[4]);
    Py_ssize_t cells = PySequence_Length(args[2]);
    if (PyErr_Occurred() || cells < 0) return NULL;
    Py_ssize_t runs = PySequence_Length(args[0]);
    if (runs < 0) return NULL;
    CheckRuns t = {(int)cells, (int)runs, NULL, NULL, NULL, NULL};
    CheckStack s = {NULL, NULL, 0, 0};
    unsigned short *state = malloc(sizeof(unsigned short) * (size_t)(2 * cells + 1));
    unsigned char *changed = malloc((size_t)cells + 1);
    PyObject *result = NULL;
    if (!state || !changed) {
        PyErr_NoMemory();
    } else if (kakuro_flatten(args[0], runs, cells, &t.cell_start, &t.cell) == 0 &&
               kakuro_flatten(args[1], runs, CHECK_ALL + 1, &t.set_start, &t.set) == 0) {
        PyObject *fast = PySequence_Fast(args[2], "kakuro_check wants the cells' masks");
        for (Py_ssize_t c = 0; fast && c < cells && !PyErr_Occurred(); c++) {
            long mask = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, c));
            if ((mask < 0 || mask > CHECK_ALL) && !PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "kakuro_check: a mask out of range");
            state[c] = (unsigned short)mask;
        }
        Py_XDECREF(fast);
        if (!PyErr_Occurred() && push(&s, (int)cells, state, -1) < 0) PyErr_NoMemory();
        if (!PyErr_Occurred())
            result = search(&t, &s, limit, max_nodes, state, changed, state + cells);
    }
    free(state), free(changed), free(s.masks), free(s.changed);
    free(t.cell_start), free(t.cell), free(t.set_start), free(t.set);
    return result;
}
