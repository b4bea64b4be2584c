/* The Grader and KillerBoard types: the compiled grader's tables and a Killer's cages, and
   their entry points: grade (grader.grade_state and grade_state_within in one call),
   find (one technique), from_givens (Candidates.from_grid), and a Killer's settle,
   rounds_to_contradiction and search (killer/solver.py). Every argument is checked
   (convert.c); the work runs with the interpreter lock released. */

#include <stdlib.h>

#include "killergrade.h"
#include "pytypes.h"
#include "graded.h"

#define MAX_SYMBOLS 30 /* a digit set is 32 bits, and its ints fit a C long */

typedef struct {
    PyObject_HEAD
    GradeTables t;
    PyObject *board;            /* the Board whose tables forcing chains use */
    void *owned[16];
    int owned_count;
} GraderObject;

typedef struct {
    PyObject_HEAD
    KillerTables k;
    GraderObject *grader;
} KillerBoardObject;

static void *own(GraderObject *self, void *memory) {
    if (memory) self->owned[self->owned_count++] = memory;
    return memory;
}

static void grader_release(GraderObject *self) {
    for (int i = 0; i < self->owned_count; i++) PyMem_Free(self->owned[i]);
    self->owned_count = 0;
    Py_CLEAR(self->board);
}

static void Grader_dealloc(GraderObject *self) {
    grader_release(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A flat sequence of (inside, other) pairs of unit indexes; their count, or -1. */
static int convert_pairs(PyObject *sequence, int units, int **out, GraderObject *self,
                         const char *what) {
    Py_ssize_t length = PySequence_Length(sequence);
    if (length < 0) return -1;
    if (length % 2 || length / 2 > INT_MAX / 4) {
        PyErr_Format(PyExc_ValueError, "%s must hold pairs of units", what);
        return -1;
    }
    if (!(*out = own(self, PyMem_Malloc(sizeof(int) * ((size_t)length + 1))))) {
        PyErr_NoMemory();
        return -1;
    }
    return convert_ints(sequence, *out, length, 0, units - 1, what) < 0 ? -1 : (int)(length / 2);
}

/* The fish grids: per grid (row masks, column masks, row of each cell, column of each
   cell), into the tables. */
static int convert_grids(GraderObject *self, PyObject *grids) {
    GradeTables *t = &self->t;
    PyObject *items = PySequence_Fast(grids, "fish_grids");
    if (!items) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items), lines = 0;
    int failed = count > 64;
    for (Py_ssize_t g = 0; g < count && !failed; g++) {
        PyObject *grid = PySequence_Fast_GET_ITEM(items, g);
        failed = !PyTuple_Check(grid) || PyTuple_GET_SIZE(grid) != 4;
        for (int kind = 0; kind < 2 && !failed; kind++) {
            Py_ssize_t here = PySequence_Length(PyTuple_GET_ITEM(grid, kind));
            failed = here < 0 || here > 32;
            lines += here;
        }
    }
    if (failed) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "fish_grids: up to 64 (row masks, column masks, "
                                              "rows, columns) tuples, up to 32 lines a kind");
        Py_DECREF(items);
        return -1;
    }
    t->grids = (int)count;
    t->grid_lines = own(self, PyMem_Malloc(sizeof(int) * (4 * (size_t)count + 1)));
    t->grid_line_mask = own(self, PyMem_Malloc(sizeof(word) * ((size_t)lines + 1) * t->w));
    t->grid_line_of = own(self, PyMem_Malloc(sizeof(int) * (2 * (size_t)count * t->cells + 1)));
    if (!t->grid_lines || !t->grid_line_mask || !t->grid_line_of) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return -1;
    }
    t->grid_line_start = t->grid_lines + 2 * count;
    int start = 0;
    for (Py_ssize_t g = 0; g < count && !failed; g++) {
        PyObject *grid = PySequence_Fast_GET_ITEM(items, g);
        for (int kind = 0; kind < 2 && !failed; kind++) {
            Py_ssize_t here = convert_masks(PyTuple_GET_ITEM(grid, kind),
                                            t->grid_line_mask + (size_t)start * t->w, -1, t->w,
                                            t->cells, "fish_grids' line masks");
            failed = here < 0;
            t->grid_lines[2 * g + kind] = (int)here;
            t->grid_line_start[2 * g + kind] = start;
            start += (int)here;
            if (!failed)
                failed = convert_ints(PyTuple_GET_ITEM(grid, 2 + kind),
                                      t->grid_line_of + (size_t)(2 * g + kind) * t->cells,
                                      t->cells, -1, here - 1, "fish_grids' lines of cells") < 0;
        }
    }
    Py_DECREF(items);
    return failed ? -1 : 0;
}

/* The board's groups of units (cages.unit_groups: each group's unit count and cells). */
static int convert_groups(GraderObject *self, PyObject *units, PyObject *cells) {
    GradeTables *t = &self->t;
    Py_ssize_t groups = PySequence_Length(units);
    if (groups < 0) return -1;
    if (groups > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "at most 65536 groups of units");
        return -1;
    }
    t->groups = (int)groups;
    t->group_units = own(self, PyMem_Malloc(sizeof(int) * ((size_t)groups + 1)));
    t->group_cells = own(self, PyMem_Malloc(sizeof(word) * t->w * ((size_t)groups + 1)));
    if (!t->group_units || !t->group_cells) {
        PyErr_NoMemory();
        return -1;
    }
    return convert_ints(units, t->group_units, groups, 1, t->units, "group_units") < 0 ||
                   convert_masks(cells, t->group_cells, groups, t->w, t->cells, "group_cells") < 0
               ? -1
               : 0;
}

static int Grader_init(GraderObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"board", "unit_masks", "units_of", "blocks_first",
                               "block_pairs", "line_pairs", "fish_grids", "row_of", "col_of",
                               "rows", "cols", "group_units", "group_cells", NULL};
    PyObject *board, *unit_masks, *units_of, *blocks_first, *block_pairs, *line_pairs, *grids,
        *row_of, *col_of, *group_units, *group_cells;
    int rows, cols;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOOOOOOiiOO:Grader", keywords,
                                     &BoardType, &board, &unit_masks, &units_of, &blocks_first,
                                     &block_pairs, &line_pairs, &grids, &row_of, &col_of, &rows,
                                     &cols, &group_units, &group_cells))
        return -1;
    grader_release(self);
    const Board *b = &((BoardObject *)board)->board;
    GradeTables *t = &self->t;
    if (!b->storage || b->n > MAX_SYMBOLS) {
        PyErr_Format(PyExc_ValueError, "the grader needs an initialised Board of at most %d "
                                       "symbols", MAX_SYMBOLS);
        return -1;
    }
    Py_ssize_t units = PySequence_Length(unit_masks);
    if (units < 0) return -1;
    if (units < 1 || units > 1 << 16 || rows < 1 || cols < 1 || (long long)rows * cols > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "a grader needs 1 to 65536 units and a frame of at "
                                          "most 2**20 positions");
        return -1;
    }
    t->n = b->n, t->cells = b->cells, t->w = b->w, t->units = (int)units;
    t->rows = rows, t->cols = cols, t->board = b;
    self->board = Py_NewRef(board);
    t->unit = own(self, PyMem_Malloc(sizeof(word) * (size_t)units * t->w));
    t->blocks_first = own(self, PyMem_Malloc(sizeof(int) * (size_t)units));
    t->row_of = own(self, PyMem_Malloc(sizeof(int) * (2 * (size_t)t->cells + (size_t)rows * cols)));
    if (!t->unit || !t->blocks_first || !t->row_of) {
        PyErr_NoMemory();
        return -1;
    }
    t->peers = b->peers[0].bits; /* the Board's peer masks follow one another */
    t->col_of = t->row_of + t->cells;
    t->cell_at = t->col_of + t->cells;
    int count;
    if (convert_masks(unit_masks, t->unit, units, t->w, t->cells, "unit_masks") < 0 ||
        convert_lists(units_of, units, &t->units_of, &t->units_of_start, &count, "units_of") < 0)
        return -1;
    own(self, t->units_of);
    own(self, t->units_of_start);
    for (int u = 0; u < t->units; u++) /* a subset's places in a unit are 32 bits (grade.c) */
        if (set_count(t->unit + (size_t)u * t->w, t->w) > 32) {
            PyErr_SetString(PyExc_ValueError, "a grader's unit has at most 32 cells");
            return -1;
        }
    if (count != t->cells) {
        PyErr_SetString(PyExc_ValueError, "units_of needs one entry per cell");
        return -1;
    }
    if (convert_ints(blocks_first, t->blocks_first, units, 0, units - 1, "blocks_first") < 0 ||
        (t->block_pairs = convert_pairs(block_pairs, t->units, &t->block_pair, self,
                                        "block_pairs")) < 0 ||
        (t->line_pairs = convert_pairs(line_pairs, t->units, &t->line_pair, self,
                                       "line_pairs")) < 0 ||
        convert_grids(self, grids) < 0 ||
        convert_ints(row_of, t->row_of, t->cells, 0, rows - 1, "row_of") < 0 ||
        convert_ints(col_of, t->col_of, t->cells, 0, cols - 1, "col_of") < 0)
        return -1;
    if (convert_groups(self, group_units, group_cells) < 0) return -1;
    for (long long k = 0; k < (long long)rows * cols; k++) t->cell_at[k] = -1;
    for (int cell = 0; cell < t->cells; cell++)
        t->cell_at[(size_t)t->row_of[cell] * cols + t->col_of[cell]] = cell;
    return 0;
}

static int grader_ready(GraderObject *self) {
    if (self->board) return 1;
    PyErr_SetString(PyExc_ValueError, "Grader was not initialised");
    return 0;
}

const GradeTables *grader_tables(PyObject *grader) {
    if (!PyObject_TypeCheck(grader, &GraderType)) {
        PyErr_SetString(PyExc_TypeError, "grader must be a Grader");
        return NULL;
    }
    return grader_ready((GraderObject *)grader) ? &((GraderObject *)grader)->t : NULL;
}

/* A state's arrays, for one call. */
typedef struct {
    GradeState s;
    void *memory;
} StateBuffer;

static int state_alloc(StateBuffer *buffer, const GradeTables *t) {
    size_t w = (size_t)t->w;
    buffer->memory = PyMem_Malloc(sizeof(word) * ((size_t)t->n * w + 2 * w) +
                                  (sizeof(int) + sizeof(digits)) * (size_t)t->cells);
    if (!buffer->memory) {
        PyErr_NoMemory();
        return -1;
    }
    GradeState *s = &buffer->s;
    s->digit_cells = buffer->memory;
    s->open = s->digit_cells + (size_t)t->n * w;
    s->unsettled = s->open + w;
    s->values = (int *)(s->unsettled + w);
    s->cell_digits = (digits *)(s->values + t->cells);
    s->killer = NULL;
    set_clear(s->unsettled, t->w);
    return 0;
}

/* The state from Python: values, cell_digits, digit_cells, open and, for a Killer,
   unsettled. */
static int state_convert(StateBuffer *buffer, const GradeTables *t, PyObject *const *args,
                         PyObject *unsettled) {
    GradeState *s = &buffer->s;
    int *digit_ints = (int *)s->cell_digits; /* same size: converted in place */
    if (convert_ints(args[0], s->values, t->cells, 0, t->n, "values") < 0 ||
        convert_ints(args[1], digit_ints, t->cells, 0, ((long)1 << t->n) - 1, "cell_digits") < 0 ||
        convert_masks(args[2], s->digit_cells, t->n, t->w, t->cells, "digit_cells") < 0 ||
        convert_mask(args[3], s->open, t->w, t->cells, "open") < 0 ||
        (unsettled && convert_mask(unsettled, s->unsettled, t->w, t->cells, "unsettled") < 0))
        return -1;
    for (int cell = 0; cell < t->cells; cell++) s->cell_digits[cell] = (digits)digit_ints[cell];
    return 0;
}

/* The Killer argument: None, or a KillerBoard made on this grader. */
static int killer_argument(GraderObject *self, PyObject *value, const KillerTables **out) {
    *out = NULL;
    if (value == Py_None) return 0;
    if (!PyObject_TypeCheck(value, &KillerBoardType) ||
        ((KillerBoardObject *)value)->grader != self) {
        PyErr_SetString(PyExc_TypeError, "killer must be None or a KillerBoard made on this "
                                         "Grader");
        return -1;
    }
    *out = &((KillerBoardObject *)value)->k;
    return 0;
}

/* (values, cell_digits, digit_cells, open, unsettled) as Python values. */
static PyObject *state_tuple(const GradeTables *t, const GradeState *s) {
    int *digit_ints = PyMem_Malloc(sizeof(int) * (size_t)t->cells);
    PyObject *digit_cells = PyList_New(t->n);
    if (!digit_ints || !digit_cells) {
        PyMem_Free(digit_ints);
        Py_XDECREF(digit_cells);
        return PyErr_NoMemory();
    }
    for (int cell = 0; cell < t->cells; cell++) digit_ints[cell] = (int)s->cell_digits[cell];
    PyObject *result = NULL;
    if (store_masks(digit_cells, s->digit_cells, t->n, t->w) == 0)
        result = Py_BuildValue("(NNONN)", tuple_of_ints(s->values, t->cells),
                               tuple_of_ints(digit_ints, t->cells), digit_cells,
                               mask_object(s->open, t->w), mask_object(s->unsettled, t->w));
    Py_DECREF(digit_cells);
    PyMem_Free(digit_ints);
    return result;
}

/* ((cell, value), ...) from count pairs. */
static PyObject *pairs_tuple(const int *pairs, int count) {
    PyObject *tuple = PyTuple_New(count);
    for (int k = 0; tuple && k < count; k++) {
        PyObject *pair = Py_BuildValue("(ii)", pairs[2 * k], pairs[2 * k + 1]);
        if (!pair) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, k, pair);
    }
    return tuple;
}

/* One logged step, as (technique, placements, eliminations, params, length); *at moves
   past it. */
static PyObject *logged_step(const int **at) {
    const int *p = *at;
    int technique = p[0], length = p[1], places = p[2];
    const int *place = p + 3;
    int eliminations = place[2 * places];
    const int *elim = place + 2 * places + 1;
    int params = elim[2 * eliminations];
    const int *param = elim + 2 * eliminations + 1;
    *at = param + params;
    return Py_BuildValue("(iNNNi)", technique, pairs_tuple(place, places),
                         pairs_tuple(elim, eliminations), tuple_of_ints(param, params), length);
}

static PyObject *log_tuple(const StepLog *log) {
    PyObject *steps = PyTuple_New(log->steps);
    const int *at = log->data;
    for (int k = 0; steps && k < log->steps; k++) {
        PyObject *step = logged_step(&at);
        if (!step) {
            Py_CLEAR(steps);
            break;
        }
        PyTuple_SET_ITEM(steps, k, step);
    }
    return steps;
}

/* A list of ints each in [low, high], into a new PyMem array; its length or -1. */
static Py_ssize_t int_list(PyObject *value, int **out, long low, long high, const char *what) {
    Py_ssize_t length = PySequence_Length(value);
    *out = NULL;
    if (length < 0) return -1;
    if (length > 1 << 16 || !(*out = PyMem_Malloc(sizeof(int) * ((size_t)length + 1)))) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return -1;
    }
    if (convert_ints(value, *out, length, low, high, what) < 0) return -1;
    return length;
}

/* Whether the techniques and bulk forms need a Killer and have one. */
static int check_kinds(const int *ids, Py_ssize_t count, const int *bulks, Py_ssize_t bulk_count,
                       const KillerTables *killer) {
    int needs = 0;
    for (Py_ssize_t k = 0; k < count; k++) needs |= ids[k] >= T_CAGE_COMBINATIONS;
    for (Py_ssize_t k = 0; k < bulk_count; k++) needs |= bulks[k] == B_CAGE_COMBINATIONS;
    if (needs && !killer) {
        PyErr_SetString(PyExc_ValueError, "the cage techniques need a KillerBoard");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(grade_doc,
"grade(values, cell_digits, digit_cells, open, techniques, bulks, bulk_ranks, within,\n"
"      max_steps, killer, unsettled)\n--\n\n"
"grader.grade_state_within (within: the bulk forms to a fixed point, then the first\n"
"technique that finds a step, again) or grade_state (every technique, up to max_steps\n"
"steps) from the state: (steps, settled rank, stalled, values, cell_digits,\n"
"digit_cells, open, unsettled); a step is (technique, placements, eliminations,\n"
"params, length).");

static PyObject *Grader_grade(GraderObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!grader_ready(self) || !check_arity(nargs, 11, "grade")) return NULL;
    GradeTables *t = &self->t;
    StateBuffer buffer;
    int *ids = NULL, *bulks = NULL, *ranks = NULL, failed = 0;
    Py_ssize_t count, bulk_count;
    PyObject *result = NULL;
    StepLog log = {NULL, 0, 0, 0};
    if (state_alloc(&buffer, t) < 0) return NULL;
    GradeState *s = &buffer.s;
    const KillerTables *killer;
    int within = PyObject_IsTrue(args[7]);
    long long max_steps = convert_clamped(args[8], &failed);
    if (within < 0 || failed || killer_argument(self, args[9], &killer) < 0 ||
        state_convert(&buffer, t, args, killer ? args[10] : NULL) < 0 ||
        (count = int_list(args[4], &ids, 0, TECHNIQUES - 1, "techniques")) < 0 ||
        (bulk_count = int_list(args[5], &bulks, 0, BULKS - 1, "bulks")) < 0 ||
        int_list(args[6], &ranks, -1, INT_MAX, "bulk_ranks") != bulk_count ||
        check_kinds(ids, count, bulks, bulk_count, killer) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bulk_ranks: one per bulk");
        goto done;
    }
    s->killer = killer;
    int settled_rank, stalled, run;
    Py_BEGIN_ALLOW_THREADS
    run = grade_run(t, s, ids, (int)count, bulks, ranks, (int)bulk_count, within, max_steps,
                    &log, &settled_rank, &stalled);
    Py_END_ALLOW_THREADS
    if (run < 0) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *steps = log_tuple(&log), *state = steps ? state_tuple(t, s) : NULL;
    if (state)
        result = Py_BuildValue("(NiOOOOOO)", steps, settled_rank, stalled ? Py_True : Py_False,
                               PyTuple_GET_ITEM(state, 0), PyTuple_GET_ITEM(state, 1),
                               PyTuple_GET_ITEM(state, 2), PyTuple_GET_ITEM(state, 3),
                               PyTuple_GET_ITEM(state, 4));
    else
        Py_XDECREF(steps);
    Py_XDECREF(state);
done:
    free(log.data);
    PyMem_Free(ids);
    PyMem_Free(bulks);
    PyMem_Free(ranks);
    PyMem_Free(buffer.memory);
    return result;
}

PyDoc_STRVAR(find_doc,
"find(technique, values, cell_digits, digit_cells, open, killer, unsettled)\n--\n\n"
"The step one technique finds in the state (which it leaves as it is), as grade's\n"
"steps are given, or None.");

static PyObject *Grader_find(GraderObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!grader_ready(self) || !check_arity(nargs, 7, "find")) return NULL;
    GradeTables *t = &self->t;
    long technique;
    const KillerTables *killer;
    StateBuffer buffer;
    if (convert_int(args[0], 0, TECHNIQUES - 1, &technique, "technique") < 0 ||
        killer_argument(self, args[5], &killer) < 0 || state_alloc(&buffer, t) < 0)
        return NULL;
    int id = (int)technique;
    PyObject *result = NULL;
    if (state_convert(&buffer, t, args + 1, killer ? args[6] : NULL) < 0 ||
        check_kinds(&id, 1, NULL, 0, killer) < 0) {
        PyMem_Free(buffer.memory);
        return NULL;
    }
    buffer.s.killer = killer;
    Scratch x;
    CStep step;
    size_t room = (size_t)t->cells * t->n;
    step.place = PyMem_Malloc(sizeof(int) * 4 * room);
    step.param = PyMem_Malloc(sizeof(int) * (room + 64));
    step.param_room = (int)room + 64;
    int found = -1;
    if (step.place && step.param && scratch_init(&x, t, killer) == 0) {
        step.elim = step.place + 2 * room;
        Py_BEGIN_ALLOW_THREADS
        found = technique_of(id)(t, &buffer.s, &x, &step);
        Py_END_ALLOW_THREADS
        scratch_free(&x);
    }
    if (found < 0) {
        PyErr_NoMemory();
    } else if (!found) {
        result = Py_NewRef(Py_None);
    } else {
        StepLog log = {NULL, 0, 0, 0};
        if (log_step(&log, &step) < 0) {
            PyErr_NoMemory();
        } else {
            const int *at = log.data;
            result = logged_step(&at);
        }
        free(log.data);
    }
    PyMem_Free(step.place);
    PyMem_Free(step.param);
    PyMem_Free(buffer.memory);
    return result;
}

PyDoc_STRVAR(from_givens_doc,
"from_givens(givens, killer)\n--\n\n"
"Candidates.from_grid (KillerCandidates.of with a KillerBoard): (values, cell_digits,\n"
"digit_cells, open, unsettled).");

static PyObject *Grader_from_givens(GraderObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!grader_ready(self) || !check_arity(nargs, 2, "from_givens")) return NULL;
    GradeTables *t = &self->t;
    const KillerTables *killer;
    StateBuffer buffer;
    if (killer_argument(self, args[1], &killer) < 0 || state_alloc(&buffer, t) < 0) return NULL;
    int *givens = PyMem_Malloc(sizeof(int) * (size_t)t->cells);
    PyObject *result = NULL;
    if (!givens) {
        PyErr_NoMemory();
    } else if (convert_ints(args[0], givens, t->cells, 0, t->n, "givens") == 0) {
        buffer.s.killer = killer;
        state_from_givens(t, &buffer.s, givens);
        result = state_tuple(t, &buffer.s);
    }
    PyMem_Free(givens);
    PyMem_Free(buffer.memory);
    return result;
}

static PyMethodDef Grader_methods[] = {
    FAST_METHOD("grade", Grader_grade, grade_doc),
    FAST_METHOD("find", Grader_find, find_doc),
    FAST_METHOD("from_givens", Grader_from_givens, from_givens_doc),
    {NULL, NULL, 0, NULL},
};

PyTypeObject GraderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.Grader",
    .tp_doc = PyDoc_STR("Grader(board, unit_masks, units_of, blocks_first, block_pairs, "
                        "line_pairs, fish_grids, row_of, col_of, rows, cols, group_units, "
                        "group_cells): a board's tables for the grader's techniques, and the "
                        "grader over them."),
    .tp_basicsize = sizeof(GraderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Grader_init,
    .tp_dealloc = (destructor)Grader_dealloc,
    .tp_methods = Grader_methods,
};

/* --- KillerBoard ---------------------------------------------------------------------- */

static void KillerBoard_dealloc(KillerBoardObject *self) {
    if (self->k.storage) killer_tables_free(&self->k);
    Py_CLEAR(self->grader);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The cages' cells: a partition of the board's cells. */
static int check_partition(const int *cells, int count, int total) {
    if (count != total) goto bad;
    unsigned char *seen = PyMem_Calloc((size_t)total + 1, 1);
    if (!seen) {
        PyErr_NoMemory();
        return -1;
    }
    int repeated = 0;
    for (int k = 0; k < count; k++) repeated |= seen[cells[k]]++;
    PyMem_Free(seen);
    if (!repeated) return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "the cages must hold every cell once");
    return -1;
}

static int KillerBoard_init(KillerBoardObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"grader", "cages", "totals", "combinations", NULL};
    PyObject *grader, *cages, *totals, *combos;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOO:KillerBoard", keywords, &GraderType,
                                     &grader, &cages, &totals, &combos))
        return -1;
    GraderObject *g = (GraderObject *)grader;
    if (!grader_ready(g)) return -1;
    const GradeTables *t = &g->t;
    if (self->k.storage) killer_tables_free(&self->k);
    Py_CLEAR(self->grader);
    int *cells = NULL, *start = NULL, *combo_ints = NULL, *combo_start = NULL, *total = NULL;
    int cage_count = 0, combo_lists = 0, failed = 1;
    digits *combo = NULL;
    if (convert_lists(cages, t->cells, &cells, &start, &cage_count, "cages") < 0 ||
        convert_lists(combos, (long)1 << t->n, &combo_ints, &combo_start, &combo_lists,
                      "combinations") < 0)
        goto done;
    if (combo_lists != cage_count) {
        PyErr_SetString(PyExc_ValueError, "one list of combinations per cage");
        goto done;
    }
    if (check_partition(cells, start[cage_count], t->cells) < 0) goto done;
    total = PyMem_Malloc(sizeof(int) * ((size_t)cage_count + 1));
    combo = PyMem_Malloc(sizeof(digits) * ((size_t)combo_start[cage_count] + 1));
    if (!total || !combo) {
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < combo_start[cage_count]; k++) combo[k] = (digits)combo_ints[k];
    if (convert_ints(totals, total, cage_count, 0, INT_MAX / 4, "totals") < 0) goto done;
    if (killer_tables_init(&self->k, t, cage_count, start, cells, total, combo_start,
                           combo) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    self->grader = (GraderObject *)Py_NewRef(grader);
    failed = 0;
done:
    PyMem_Free(cells);
    PyMem_Free(start);
    PyMem_Free(combo_ints);
    PyMem_Free(combo_start);
    PyMem_Free(total);
    PyMem_Free(combo);
    return failed ? -1 : 0;
}

static int killer_ready(KillerBoardObject *self) {
    if (self->grader) return 1;
    PyErr_SetString(PyExc_ValueError, "KillerBoard was not initialised");
    return 0;
}

/* Boards (a list of n masks, changed in place by the caller's work) and placed. */
static int killer_state(KillerBoardObject *self, PyObject *boards, PyObject *placed,
                        PyObject *scanned, word *out, word **scan) {
    const KillerTables *k = &self->k;
    if (!PyList_Check(boards) || PyList_GET_SIZE(boards) != k->n) {
        PyErr_Format(PyExc_TypeError, "boards must be a list of %d masks", k->n);
        return -1;
    }
    word *scan_words = out + (size_t)(k->n + 1) * k->w;
    *scan = scanned == Py_None ? NULL : scan_words;
    return convert_masks(boards, out, k->n, k->w, k->cells, "boards") < 0 ||
                   convert_mask(placed, out + (size_t)k->n * k->w, k->w, k->cells, "placed") < 0 ||
                   (*scan && convert_masks(scanned, scan_words, k->n, k->w, k->cells,
                                           "scanned") < 0)
               ? -1
               : 0;
}

/* settle (rounds = 0) or rounds_to_contradiction (rounds = 1). */
static PyObject *killer_settle_call(KillerBoardObject *self, PyObject *const *args,
                                    Py_ssize_t nargs, int want_rounds, const char *name) {
    if (!killer_ready(self) || !check_arity(nargs, 3, name)) return NULL;
    const KillerTables *k = &self->k;
    word *state = PyMem_Malloc(sizeof(word) * (2 * (size_t)k->n + 1) * k->w), *scan;
    KillerSettle ks;
    PyObject *result = NULL;
    if (!state) return PyErr_NoMemory();
    if (killer_state(self, args[0], args[1], args[2], state, &scan) < 0) goto done;
    if (killer_settle_init(&ks, k, 1) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    word *placed = state + (size_t)k->n * k->w;
    int rounds, settled;
    Py_BEGIN_ALLOW_THREADS
    settled = killer_settle(&ks, NULL, state, placed, scan, &rounds);
    Py_END_ALLOW_THREADS
    killer_settle_free(&ks);
    if (store_masks(args[0], state, k->n, k->w) < 0) goto done;
    if (want_rounds)
        result = settled < 0 ? PyLong_FromLong(rounds) : Py_NewRef(Py_None);
    else
        result = settled < 0 ? PyLong_FromLong(-1) : mask_object(placed, k->w);
done:
    PyMem_Free(state);
    return result;
}

PyDoc_STRVAR(settle_doc,
"settle(boards, placed, scanned)\n--\n\n"
"killer/solver.settle: singles (cage mates as peers), cage combinations and totals in\n"
"turn until none changes anything, on the list `boards` in place; the new placed mask,\n"
"or -1 on a contradiction.");

static PyObject *KillerBoard_settle(KillerBoardObject *self, PyObject *const *args,
                                    Py_ssize_t nargs) {
    return killer_settle_call(self, args, nargs, 0, "settle");
}

PyDoc_STRVAR(killer_rounds_doc,
"rounds_to_contradiction(boards, placed, scanned)\n--\n\n"
"killer/solver.rounds_to_contradiction: settle's rounds to a contradiction, or None.");

static PyObject *KillerBoard_rounds(KillerBoardObject *self, PyObject *const *args,
                                    Py_ssize_t nargs) {
    return killer_settle_call(self, args, nargs, 1, "rounds_to_contradiction");
}

PyDoc_STRVAR(killer_search_doc,
"search(boards, placed, limit, max_nodes, prefer)\n--\n\n"
"killer/solver.search_killer: (count, first solution or None, complete, nodes); prefer:\n"
"None or a complete grid whose value is tried first at every branch.");

static PyObject *KillerBoard_search(KillerBoardObject *self, PyObject *const *args,
                                    Py_ssize_t nargs) {
    if (!killer_ready(self) || !check_arity(nargs, 5, "search")) return NULL;
    const KillerTables *k = &self->k;
    word *state = PyMem_Malloc(sizeof(word) * (2 * (size_t)k->n + 1) * k->w), *scan;
    int *cells = PyMem_Malloc(sizeof(int) * 2 * (size_t)k->cells), failed = 0;
    PyObject *result = NULL;
    KillerSettle ks;
    SearchSpec spec = {0, 0, 1, VALUES_ASCENDING, NULL, NULL, NULL, killer_settle_hook, &ks};
    if (!state || !cells) {
        PyErr_NoMemory();
        goto done;
    }
    if (killer_state(self, args[0], args[1], Py_None, state, &scan) < 0) goto done;
    spec.limit = convert_clamped(args[2], &failed);
    if (!failed) spec.max_nodes = convert_clamped(args[3], &failed);
    if (failed) goto done;
    if (args[4] != Py_None) {
        if (convert_ints(args[4], cells + k->cells, k->cells, 1, k->n, "prefer") < 0) goto done;
        spec.order = VALUES_KNOWN_FIRST;
        spec.known = cells + k->cells;
    }
    if (killer_settle_init(&ks, k, 0) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    SearchResult found;
    int run;
    Py_BEGIN_ALLOW_THREADS
    run = solver_search(&k->board, state, state + (size_t)k->n * k->w, &spec, &found, cells);
    Py_END_ALLOW_THREADS
    killer_settle_free(&ks);
    if (run < 0) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *first = found.found ? tuple_of_ints(cells, k->cells) : Py_NewRef(Py_None);
    if (first)
        result = Py_BuildValue("(LNNL)", found.count, first, PyBool_FromLong(found.complete),
                               found.nodes);
done:
    PyMem_Free(state);
    PyMem_Free(cells);
    return result;
}

PyDoc_STRVAR(tables_doc,
"tables()\n--\n\n"
"What the KillerBoard found from the cages, as cages.Cages has it: (peer_masks, areas as\n"
"(units, innies, innie_total, outies, outie_total), sums as (mask, total)).");

static PyObject *KillerBoard_tables(KillerBoardObject *self, PyObject *unused) {
    (void)unused;
    if (!killer_ready(self)) return NULL;
    const KillerTables *k = &self->k;
    PyObject *peers = PyTuple_New(k->cells), *areas = PyTuple_New(k->areas);
    PyObject *sums = PyTuple_New(k->sums), *result = NULL;
    if (!peers || !areas || !sums) goto done;
    for (int cell = 0; cell < k->cells; cell++) {
        PyObject *mask = mask_object(k->board.peers[cell].bits, k->w);
        if (!mask) goto done;
        PyTuple_SET_ITEM(peers, cell, mask);
    }
    for (int a = 0; a < k->areas; a++) {
        PyObject *area = Py_BuildValue("(iNiNi)", k->area_units[a],
                                       mask_object(k->innies + (size_t)a * k->w, k->w),
                                       k->innie_total[a],
                                       mask_object(k->outies + (size_t)a * k->w, k->w),
                                       k->outie_total[a]);
        if (!area) goto done;
        PyTuple_SET_ITEM(areas, a, area);
    }
    for (int j = 0; j < k->sums; j++) {
        PyObject *sum = Py_BuildValue("(Ni)", mask_object(k->sum_mask + (size_t)j * k->w, k->w),
                                      k->sum_total[j]);
        if (!sum) goto done;
        PyTuple_SET_ITEM(sums, j, sum);
    }
    result = Py_BuildValue("(OOO)", peers, areas, sums);
done:
    Py_XDECREF(peers);
    Py_XDECREF(areas);
    Py_XDECREF(sums);
    return result;
}

static PyMethodDef KillerBoard_methods[] = {
    {"tables", (PyCFunction)KillerBoard_tables, METH_NOARGS, tables_doc},
    FAST_METHOD("settle", KillerBoard_settle, settle_doc),
    FAST_METHOD("rounds_to_contradiction", KillerBoard_rounds, killer_rounds_doc),
    FAST_METHOD("search", KillerBoard_search, killer_search_doc),
    {NULL, NULL, 0, NULL},
};

PyTypeObject KillerBoardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.KillerBoard",
    .tp_doc = PyDoc_STR("KillerBoard(grader, cages, totals, combinations): a Killer's cage "
                        "tables on a Grader's board, its solver's propagation and search."),
    .tp_basicsize = sizeof(KillerBoardObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)KillerBoard_init,
    .tp_dealloc = (destructor)KillerBoard_dealloc,
    .tp_methods = KillerBoard_methods,
};
