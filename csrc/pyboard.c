/* The Board type: a board's tables (core/board/shape.py's, as Python ints) and the solver's entry
   points over them: count, search, forced, remove_clues, fill, propagate and
   rounds_to_contradiction, each the twin of a function of solve/search.py or generate/removal.py.
   Every argument is checked (convert.c); a search runs with the interpreter lock
   released, on the object's own read-only tables. */

#include "locked.h"
#include "proof.h"
#include "pytypes.h"
#include "solver.h"

static void Board_dealloc(BoardObject *self) {
    board_free(&self->board);
    locks_free(self->locks);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The index of a mask equal to `bits` among the first `used`, else it is added. */
static int unit_index(Board *b, const word *bits, int *used) {
    for (int k = 0; k < *used; k++)
        if (set_equal(board_mask_words(b, k), bits, b->w)) return k;
    set_copy(board_mask_words(b, *used), bits, b->w);
    return (*used)++;
}

/* cell_unit_masks as indexes into the board's masks (the units, then any others). */
static int convert_cell_units(Board *b, PyObject *cell_units, int masks) {
    PyObject *cells = PySequence_Fast(cell_units, "cell_unit_masks");
    if (!cells) return -1;
    word *bits = PyMem_Malloc(sizeof(word) * (size_t)b->w);
    int used = b->units, failed = !bits, next = 0;
    for (int cell = 0; cell < b->cells && !failed; cell++) {
        b->cell_unit_start[cell] = next;
        PyObject *units = PySequence_Fast(PySequence_Fast_GET_ITEM(cells, cell), "cell_unit_masks");
        failed = !units;
        for (Py_ssize_t k = 0; !failed && k < PySequence_Fast_GET_SIZE(units); k++) {
            failed = convert_mask(PySequence_Fast_GET_ITEM(units, k), bits, b->w, b->cells,
                                  "a cell's unit mask") < 0 || used >= masks;
            if (!failed) b->cell_unit[next++] = unit_index(b, bits, &used);
        }
        Py_XDECREF(units);
    }
    b->cell_unit_start[b->cells] = next;
    if (bits == NULL) PyErr_NoMemory();
    else if (failed && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "cell_unit_masks changed size");
    PyMem_Free(bits);
    Py_DECREF(cells);
    return failed ? -1 : 0;
}

/* The number of (cell, unit) pairs in cell_unit_masks, checking its shape; -1 on error. */
static Py_ssize_t count_memberships(PyObject *cell_units, Py_ssize_t cells) {
    if (PySequence_Length(cell_units) != cells) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "cell_unit_masks needs one entry per cell");
        return -1;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t cell = 0; cell < cells; cell++) {
        PyObject *units = PySequence_GetItem(cell_units, cell);
        Py_ssize_t length = units ? PySequence_Length(units) : -1;
        Py_XDECREF(units);
        if (length < 0) return -1;
        if ((total += length) > INT_MAX / 64) {
            PyErr_SetString(PyExc_ValueError, "cell_unit_masks is too large");
            return -1;
        }
    }
    return total;
}

static int Board_init(BoardObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"size", "unit_masks", "peer_masks", "cell_unit_masks", NULL};
    int n;
    PyObject *unit_masks, *peer_masks, *cell_units;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iOOO:Board", keywords, &n, &unit_masks,
                                     &peer_masks, &cell_units))
        return -1;
    Py_ssize_t cells = PySequence_Length(peer_masks), units = PySequence_Length(unit_masks);
    if (cells < 0 || units < 0) return -1;
    if (n < 1 || n > 4096 || cells < 1 || cells > 1 << 20 || units > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 4096 symbols, 1 to 2**20 cells "
                                          "and at most 2**20 units");
        return -1;
    }
    Py_ssize_t memberships = count_memberships(cell_units, cells);
    if (memberships < 0) return -1;
    Board *b = &self->board;
    board_free(b);
    locks_free(self->locks);
    self->locks = NULL;
    int masks = (int)(units + memberships);
    if (board_alloc(b, n, (int)cells, (int)units, masks, (int)memberships) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    for (int cell = 0; cell < b->cells; cell++) set_add(b->full, cell);
    if (convert_masks(unit_masks, board_mask_words(b, 0), units, b->w, b->cells, "unit_masks") < 0 ||
        convert_masks(peer_masks, board_mask_words(b, masks), cells, b->w, b->cells, "peer_masks") < 0 ||
        convert_cell_units(b, cell_units, masks) < 0) {
        board_free(b);
        return -1;
    }
    board_finish(b, masks);
    if (!(self->locks = locks_new(b))) {
        board_free(b);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int ready(BoardObject *self) {
    if (self->board.storage) return 1;
    PyErr_SetString(PyExc_ValueError, "Board was not initialised");
    return 0;
}

/* (count, first solution or None, complete, nodes): search.py's Search, as a tuple. */
static PyObject *search_tuple(const SearchResult *r, const int *solution, int cells) {
    PyObject *first = r->found ? tuple_of_ints(solution, cells) : Py_NewRef(Py_None);
    if (!first) return NULL;
    return Py_BuildValue("(LNNL)", r->count, first, PyBool_FromLong(r->complete), r->nodes);
}

/* Scratch for one call: boards, placed, and two cell arrays. */
typedef struct {
    word *boards, *placed;
    int *cells, *solution;
} Scratch;

static int scratch_init(Scratch *s, const Board *b) {
    s->boards = PyMem_Malloc(sizeof(word) * (size_t)(b->n + 1) * b->w);
    s->cells = PyMem_Malloc(sizeof(int) * 2 * (size_t)b->cells);
    if (!s->boards || !s->cells) {
        PyMem_Free(s->boards);
        PyMem_Free(s->cells);
        PyErr_NoMemory();
        return -1;
    }
    s->placed = s->boards + (size_t)b->n * b->w;
    s->solution = s->cells + b->cells;
    return 0;
}

static void scratch_free(Scratch *s) {
    PyMem_Free(s->boards);
    PyMem_Free(s->cells);
}

/* Run a search with the lock released; the Search tuple, or NULL. */
static PyObject *run_search(const Board *b, Scratch *s, const SearchSpec *spec) {
    SearchResult result;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = solver_search(b, s->boards, s->placed, spec, &result, s->solution);
    Py_END_ALLOW_THREADS
    if (failed) return PyErr_NoMemory();
    return search_tuple(&result, s->solution, b->cells);
}

static PyObject *no_solution(void) { return Py_BuildValue("(iOOi)", 0, Py_None, Py_True, 0); }

PyDoc_STRVAR(count_doc,
"count(cells, limit, max_nodes, least_constraining, keep_solution, forbid_cell, forbid_value)\n"
"--\n\n"
"search.count_solutions (forbid_cell -1) or search.solution_avoiding (forbid_value 1..n\n"
"left out at forbid_cell) from the clues `cells` (values 0..n), settling with singles and\n"
"locked candidates: (count, first solution or None, complete, nodes).");

static PyObject *Board_count(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 7, "count")) return NULL;
    Board *b = &self->board;
    Scratch s;
    if (scratch_init(&s, b) < 0) return NULL;
    int failed = 0;
    long forbid_cell = -1, forbid_value = 0;
    SearchSpec spec = {0, 0, 0, VALUES_ASCENDING, NULL, NULL, NULL, NULL, NULL};
    PyObject *result = NULL;
    if (convert_ints(args[0], s.cells, b->cells, 0, b->n, "cells") < 0) goto done;
    spec.limit = convert_clamped(args[1], &failed);
    if (failed) goto done;
    spec.max_nodes = convert_clamped(args[2], &failed);
    int least = PyObject_IsTrue(args[3]), keep = PyObject_IsTrue(args[4]);
    if (failed || least < 0 || keep < 0 ||
        convert_int(args[5], -1, b->cells - 1, &forbid_cell, "forbid_cell") < 0 ||
        convert_int(args[6], forbid_cell < 0 ? 0 : 1, b->n, &forbid_value, "forbid_value") < 0)
        goto done;
    spec.order = least ? VALUES_LEAST_CONSTRAINING : VALUES_ASCENDING;
    spec.keep_solution = keep;
    if (!solver_initial(b, s.cells, s.boards, s.placed)) {
        result = no_solution();
        goto done;
    }
    if (forbid_cell >= 0) set_remove(s.boards + (size_t)(forbid_value - 1) * b->w, (int)forbid_cell);
    Locking locking; /* the counts settle with locked candidates too (locked.h) */
    if (locking_init(&locking, b, self->locks) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    spec.settle = locked_settle;
    spec.context = &locking;
    result = run_search(b, &s, &spec);
    locking_free(&locking);
done:
    scratch_free(&s);
    return result;
}

PyDoc_STRVAR(search_doc,
"search(boards, placed, limit, max_nodes, keep_solution)\n--\n\n"
"search.search from a state (one candidate mask per symbol, the placed mask), with its\n"
"default cell pick and value order: (count, first solution or None, complete, nodes).");

static PyObject *Board_search(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 5, "search")) return NULL;
    Board *b = &self->board;
    Scratch s;
    if (scratch_init(&s, b) < 0) return NULL;
    int failed = 0, keep;
    SearchSpec spec = {0, 0, 0, VALUES_ASCENDING, NULL, NULL, NULL, NULL, NULL};
    PyObject *result = NULL;
    if (convert_masks(args[0], s.boards, b->n, b->w, b->cells, "boards") < 0 ||
        convert_mask(args[1], s.placed, b->w, b->cells, "placed") < 0)
        goto done;
    spec.limit = convert_clamped(args[2], &failed);
    if (!failed) spec.max_nodes = convert_clamped(args[3], &failed);
    if (failed || (keep = PyObject_IsTrue(args[4])) < 0) goto done;
    spec.keep_solution = keep;
    result = run_search(b, &s, &spec);
done:
    scratch_free(&s);
    return result;
}

PyDoc_STRVAR(forced_doc,
"forced(givens, solution, cell, max_nodes)\n--\n\n"
"removal.Clues.forced: whether the clues `givens` (each 0 or the solution's value)\n"
"force the solution's value at the blank `cell`, by a single or by a search with it\n"
"forbidden that finds nothing within max_nodes.");

static PyObject *Board_forced(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 4, "forced")) return NULL;
    Board *b = &self->board;
    Scratch s;
    if (scratch_init(&s, b) < 0) return NULL;
    int failed = 0, forced = -2;
    long cell;
    long long max_nodes = 0;
    if (convert_ints(args[0], s.cells, b->cells, 0, b->n, "givens") == 0 &&
        convert_ints(args[1], s.solution, b->cells, 1, b->n, "solution") == 0 &&
        convert_int(args[2], 0, b->cells - 1, &cell, "cell") == 0 &&
        (max_nodes = convert_clamped(args[3], &failed), !failed)) {
        Py_BEGIN_ALLOW_THREADS
        forced = solver_forced(b, s.cells, s.solution, (int)cell, max_nodes);
        Py_END_ALLOW_THREADS
    }
    scratch_free(&s);
    if (forced == -2) return NULL;
    if (forced < 0) return PyErr_NoMemory();
    return PyBool_FromLong(forced);
}

PyDoc_STRVAR(remove_clues_doc,
"remove_clues(solution, orbits, target_clues, max_nodes)\n--\n\n"
"removal.remove_clues: blank the orbits (sequences of cells), in order, wherever the\n"
"puzzle stays provably unique, down to target_clues; the givens left, as a tuple.");

static PyObject *Board_remove_clues(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 4, "remove_clues")) return NULL;
    Board *b = &self->board;
    Scratch s;
    if (scratch_init(&s, b) < 0) return NULL;
    int *cells = NULL, *start = NULL, orbits = 0, failed = 0, removed = -2;
    long long target = 0, max_nodes = 0;
    if (convert_ints(args[0], s.solution, b->cells, 1, b->n, "solution") == 0 &&
        convert_lists(args[1], b->cells, &cells, &start, &orbits, "orbits") == 0 &&
        (target = convert_clamped(args[2], &failed), !failed) &&
        (max_nodes = convert_clamped(args[3], &failed), !failed)) {
        Py_BEGIN_ALLOW_THREADS
        removed = solver_remove_clues(b, s.solution, cells, start, orbits, target, max_nodes,
                                      s.cells);
        Py_END_ALLOW_THREADS
    }
    PyObject *result = NULL;
    if (removed == 0) result = tuple_of_ints(s.cells, b->cells);
    else if (removed == -1) PyErr_NoMemory();
    PyMem_Free(cells);
    PyMem_Free(start);
    scratch_free(&s);
    return result;
}

PyDoc_STRVAR(fill_doc,
"fill(boards, placed, rank, rng_state, max_nodes)\n--\n\n"
"One seeded fill search of removal.random_solution: branch on the fewest-candidates\n"
"cell of lowest rank, try its values in an order shuffled by the SplitMix64 stream in\n"
"state rng_state, stop at the first solution. (count, solution or None, complete,\n"
"nodes, the stream's new state).");

static PyObject *Board_fill(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 5, "fill")) return NULL;
    Board *b = &self->board;
    Scratch s;
    if (scratch_init(&s, b) < 0) return NULL;
    int failed = 0;
    uint64_t state = 0;
    SearchSpec spec = {1, 0, 1, VALUES_SHUFFLED, NULL, s.cells, &state, NULL, NULL};
    PyObject *result = NULL, *search = NULL;
    if (convert_masks(args[0], s.boards, b->n, b->w, b->cells, "boards") < 0 ||
        convert_mask(args[1], s.placed, b->w, b->cells, "placed") < 0 ||
        convert_ints(args[2], s.cells, b->cells, 0, INT_MAX, "rank") < 0)
        goto done;
    state = PyLong_AsUnsignedLongLong(args[3]);
    if (PyErr_Occurred()) goto done;
    spec.max_nodes = convert_clamped(args[4], &failed);
    if (failed || !(search = run_search(b, &s, &spec))) goto done;
    result = Py_BuildValue("(OOOOK)", PyTuple_GET_ITEM(search, 0), PyTuple_GET_ITEM(search, 1),
                           PyTuple_GET_ITEM(search, 2), PyTuple_GET_ITEM(search, 3),
                           (unsigned long long)state);
done:
    Py_XDECREF(search);
    scratch_free(&s);
    return result;
}

PyDoc_STRVAR(random_solution_doc,
"random_solution(blocks, rng_state, max_nodes, attempts)\n--\n\n"
"generator.random_solution: up to `attempts` seeded fills of max_nodes nodes, each from\n"
"the independent blocks (lists of cells) given random permutations of the symbols:\n"
"(the first grid filled, or None; the stream's new state).");

static PyObject *Board_random_solution(BoardObject *self, PyObject *const *args,
                                       Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 4, "random_solution")) return NULL;
    Board *b = &self->board;
    int *blocks = NULL, *start = NULL, count = 0, failed = 0, found = -2;
    int *solution = PyMem_Malloc(sizeof(int) * (size_t)b->cells);
    long long max_nodes = 0, attempts = 0;
    uint64_t state = 0;
    PyObject *result = NULL;
    if (!solution) return PyErr_NoMemory();
    if (convert_lists(args[0], b->cells, &blocks, &start, &count, "blocks") < 0) goto done;
    state = PyLong_AsUnsignedLongLong(args[1]);
    if (PyErr_Occurred()) goto done;
    max_nodes = convert_clamped(args[2], &failed);
    if (!failed) attempts = convert_clamped(args[3], &failed);
    if (failed) goto done;
    Py_BEGIN_ALLOW_THREADS
    found = solver_random_solution(b, blocks, start, count, &state, max_nodes, attempts, solution);
    Py_END_ALLOW_THREADS
    if (found < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("(NK)", found ? tuple_of_ints(solution, b->cells) : Py_NewRef(Py_None),
                           (unsigned long long)state);
done:
    PyMem_Free(blocks);
    PyMem_Free(start);
    PyMem_Free(solution);
    return result;
}

PyDoc_STRVAR(prove_doc,
"prove(cells, cell, value)\n--\n\n"
"The prover alone (proof.h): whether a solution of the clues `cells` (values 0..n) has\n"
"no `value` at `cell` (value 0: any solution); None if the board's tables are not a\n"
"Sudoku's (each unit n cells, each cell's peers the rest of its units).");

static PyObject *Board_prove(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 3, "prove")) return NULL;
    Board *b = &self->board;
    int *givens = PyMem_Malloc(sizeof(int) * (size_t)b->cells), exists = -2;
    long cell, value;
    if (!givens) return PyErr_NoMemory();
    if (convert_ints(args[0], givens, b->cells, 0, b->n, "cells") == 0 &&
        convert_int(args[1], 0, b->cells - 1, &cell, "cell") == 0 &&
        convert_int(args[2], 0, b->n, &value, "value") == 0) {
        Py_BEGIN_ALLOW_THREADS
        Proof *proof = proof_new(b);
        exists = proof ? proof_solution_exists(proof, givens, (int)cell, (int)value, NULL) : -3;
        proof_free(proof);
        Py_END_ALLOW_THREADS
    }
    PyMem_Free(givens);
    if (exists == -2) return NULL;
    if (exists == -3) Py_RETURN_NONE;
    if (exists < 0) return PyErr_NoMemory();
    return PyBool_FromLong(exists);
}

/* The list argument whose masks a method changes in place, checked to be a list. */
static int check_list(PyObject *boards, Py_ssize_t length) {
    if (PyList_Check(boards) && PyList_GET_SIZE(boards) == length) return 1;
    PyErr_Format(PyExc_TypeError, "boards must be a list of %zd masks", length);
    return 0;
}

PyDoc_STRVAR(propagate_doc,
"propagate(boards, placed, scanned)\n--\n\n"
"search.propagate: naked and hidden singles until none is left, changing the list\n"
"`boards` in place; the new placed mask, or -1 on a contradiction. scanned: the boards at\n"
"the last scan that found nothing, or None.");

static PyObject *Board_propagate(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 3, "propagate")) return NULL;
    Board *b = &self->board;
    if (!check_list(args[0], b->n)) return NULL;
    Scratch s;
    word *scanned = NULL;
    PyObject *result = NULL;
    if (scratch_init(&s, b) < 0) return NULL;
    if (args[2] != Py_None && !(scanned = PyMem_Malloc(sizeof(word) * (size_t)b->n * b->w))) {
        PyErr_NoMemory();
        goto done;
    }
    if (convert_masks(args[0], s.boards, b->n, b->w, b->cells, "boards") < 0 ||
        convert_mask(args[1], s.placed, b->w, b->cells, "placed") < 0 ||
        (scanned && convert_masks(args[2], scanned, b->n, b->w, b->cells, "scanned") < 0))
        goto done;
    int found = solver_propagate(b, s.boards, s.placed, scanned);
    if (found == -2) PyErr_NoMemory();
    else if (store_masks(args[0], s.boards, b->n, b->w) == 0)
        result = found < 0 ? PyLong_FromLong(-1) : mask_object(s.placed, b->w);
done:
    PyMem_Free(scanned);
    scratch_free(&s);
    return result;
}

PyDoc_STRVAR(rounds_doc,
"rounds_to_contradiction(boards, placed)\n--\n\n"
"search.rounds_to_contradiction: how many rounds of singles lead to a contradiction, or\n"
"None; changes the list `boards` in place.");

static PyObject *Board_rounds(BoardObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready(self) || !check_arity(nargs, 2, "rounds_to_contradiction")) return NULL;
    Board *b = &self->board;
    if (!check_list(args[0], b->n)) return NULL;
    Scratch s;
    PyObject *result = NULL;
    if (scratch_init(&s, b) < 0) return NULL;
    if (convert_masks(args[0], s.boards, b->n, b->w, b->cells, "boards") >= 0 &&
        convert_mask(args[1], s.placed, b->w, b->cells, "placed") == 0) {
        int rounds = solver_rounds_to_contradiction(b, s.boards, s.placed);
        if (rounds < 0) PyErr_NoMemory();
        else if (store_masks(args[0], s.boards, b->n, b->w) == 0)
            result = rounds ? PyLong_FromLong(rounds) : Py_NewRef(Py_None);
    }
    scratch_free(&s);
    return result;
}

static PyMethodDef Board_methods[] = {
    FAST_METHOD("propagate", Board_propagate, propagate_doc),
    FAST_METHOD("rounds_to_contradiction", Board_rounds, rounds_doc),
    FAST_METHOD("count", Board_count, count_doc),
    FAST_METHOD("search", Board_search, search_doc),
    FAST_METHOD("forced", Board_forced, forced_doc),
    FAST_METHOD("remove_clues", Board_remove_clues, remove_clues_doc),
    FAST_METHOD("fill", Board_fill, fill_doc),
    FAST_METHOD("random_solution", Board_random_solution, random_solution_doc),
    FAST_METHOD("prove", Board_prove, prove_doc),
    {NULL, NULL, 0, NULL},
};

PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.Board",
    .tp_doc = PyDoc_STR("Board(size, unit_masks, peer_masks, cell_unit_masks): a board's "
                        "tables, and the compiled solver over them."),
    .tp_basicsize = sizeof(BoardObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Board_init,
    .tp_dealloc = (destructor)Board_dealloc,
    .tp_methods = Board_methods,
};
