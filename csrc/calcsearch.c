/* calcudoku_search: the Calcudoku solver's search (core/calcudoku/solver.py's
   calcudoku_solutions and other_solution), step for step: search.py's search on the Latin
   board (solver.c's, the same cell picks, value orders and node counts) with solver.py's
   settle at every node: singles (solver.c's propagate) and cage narrowing (calcnarrow.c's,
   on the fillings still alive at the node: calcalive.c) in turn until neither changes
   anything, each round narrowing only the cages with a cell whose candidates changed since
   the last. Noting, as other_solution does, the first solution a settle reaches that is
   not the known one. */

#include "calcalive.h"
#include "convert.h"
#include "pytypes.h"
#include "solver.h"

/* What the settle hook reads and writes: the cages' fillings, the known solution whose
   rivals are noted (or NULL), scratch for the rounds. */
typedef struct {
    CalcAlive *alive;
    const int *known;
    int *other, found_other;
    word *before, *scanned, *touched; /* n * w, n * w, w */
} CalcSearch;

/* changed_cells(a, b) into `out`, or or-ed into it (`add`). */
static void changed_cells(const word *a, const word *b, int n, int w, word *out, int add) {
    for (int i = 0; i < w; i++) {
        word changed = add ? out[i] : 0;
        for (int d = 0; d < n; d++) changed |= a[(size_t)d * w + i] ^ b[(size_t)d * w + i];
        out[i] = changed;
    }
}

/* boards_to_cells */
static void read_cells(const Board *board, const word *boards, int *cells) {
    for (int d = 0; d < board->n; d++) {
        FOR_EACH_BIT(boards + (size_t)d * board->w, board->w, cell) cells[cell] = d + 1;
    }
}

/* other_solution's settle_noting: a settled board that is a solution other than the
   known one is kept, the first time. */
static void note_other(CalcSearch *cs, const Board *board, const word *boards,
                       const word *placed) {
    if (!cs->known || cs->found_other || !set_equal(placed, board->full, board->w)) return;
    read_cells(board, boards, cs->other);
    for (int cell = 0; cell < board->cells; cell++) {
        if (cs->other[cell] != cs->known[cell]) {
            cs->found_other = 1;
            return;
        }
    }
}

/* solver.py's _settle (a Settle hook): 0, or -1 on a contradiction. */
static int calc_settle(void *context, const Board *board, Workspace *ws, word *boards,
                       word *placed, const word *scanned) {
    CalcSearch *cs = context;
    int n = board->n, w = board->w, level = solver_level_of(ws, boards);
    calc_alive_enter(cs->alive, level);
    if (scanned)
        changed_cells(scanned, boards, n, w, cs->touched, 0);
    else
        set_copy(cs->touched, board->full, w);
    const word *scan = scanned;
    for (;;) {
        set_copy(cs->before, boards, n * w);
        if (solver_propagate_in(board, ws, boards, placed, scan) < 0) return -1;
        set_copy(cs->scanned, boards, n * w);
        changed_cells(cs->before, boards, n, w, cs->touched, 1);
        int narrowed = calc_alive_narrow(cs->alive, level, boards, cs->touched);
        if (narrowed < 0) return -1;
        if (narrowed == 0) break;
        changed_cells(cs->scanned, boards, n, w, cs->touched, 0);
        scan = cs->scanned;
    }
    note_other(cs, board, boards, placed);
    return 0;
}

/* Whether the tables' head (n, cells) is the board's. */
static int tables_fit(const char *data, Py_ssize_t length, const Board *board) {
    uint64_t head[2];
    if (length < 24 || length % 8) return 0;
    memcpy(head, data, sizeof head);
    return head[0] == (uint64_t)board->n && head[1] == (uint64_t)board->cells;
}

/* The search, its arguments read into `spec` and `cs`; the result tuple or NULL. */
static PyObject *run(const Board *board, word *state, SearchSpec *spec, CalcSearch *cs,
                     int *solution) {
    SearchResult found;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = solver_search(board, state, state + (size_t)board->n * board->w, spec, &found,
                           solution);
    Py_END_ALLOW_THREADS
    if (failed) return PyErr_NoMemory();
    PyObject *first = found.found ? tuple_of_ints(solution, board->cells) : Py_NewRef(Py_None);
    PyObject *other = cs->found_other ? tuple_of_ints(cs->other, board->cells) : Py_NewRef(Py_None);
    if (!first || !other) {
        Py_XDECREF(first);
        Py_XDECREF(other);
        return NULL;
    }
    return Py_BuildValue("(LNNLN)", found.count, first, PyBool_FromLong(found.complete),
                         found.nodes, other);
}

const char calcudoku_search_doc[] =
"calcudoku_search(board, tables, boards, placed, limit, max_nodes, prefer, note_other)\n--\n\n"
"calcudoku/solver.py's search on the compiled Board of the cages' Latin square and their\n"
"CalcCages.narrowing_tables, from the boards (a list of n per-value cell masks) and the\n"
"placed mask: (count, first solution or None, complete, nodes, other). prefer: None or a\n"
"complete grid whose value is tried first at every branch; note_other: other is the first\n"
"settled solution that is not `prefer` (other_solution), else None.";

PyObject *calcudoku_search(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 8, "calcudoku_search")) return NULL;
    if (!PyObject_TypeCheck(args[0], &BoardType))
        return PyErr_Format(PyExc_TypeError, "calcudoku_search: board must be a Board");
    const Board *board = &((BoardObject *)args[0])->board;
    char *data;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(args[1], &data, &length) < 0) return NULL;
    if (!tables_fit(data, length, board))
        return PyErr_Format(PyExc_ValueError, "calcudoku_search: tables and board do not fit");
    int n = board->n, w = board->w, cells = board->cells, failed = 0;
    int note = PyObject_IsTrue(args[7]);
    if (note < 0) return NULL;
    word *state = PyMem_Malloc(sizeof(word) * ((3 * (size_t)n + 2) * w));
    int *ints = PyMem_Malloc(sizeof(int) * 3 * (size_t)cells);
    CalcSearch cs = {NULL, NULL, NULL, 0, NULL, NULL, NULL};
    SearchSpec spec = {0, 0, 1, VALUES_ASCENDING, NULL, NULL, NULL, calc_settle, &cs};
    PyObject *result = NULL;
    if (!state || !ints) {
        PyErr_NoMemory();
        goto done;
    }
    cs.before = state + (size_t)(n + 1) * w;
    cs.scanned = cs.before + (size_t)n * w;
    cs.touched = cs.scanned + (size_t)n * w;
    cs.other = ints + 2 * (size_t)cells;
    if (!PyList_Check(args[2]) || PyList_GET_SIZE(args[2]) != n) {
        PyErr_Format(PyExc_TypeError, "calcudoku_search: boards must be a list of %d masks", n);
        goto done;
    }
    if (convert_masks(args[2], state, n, w, cells, "boards") < 0 ||
        convert_mask(args[3], state + (size_t)n * w, w, cells, "placed") < 0)
        goto done;
    spec.limit = convert_clamped(args[4], &failed);
    if (!failed) spec.max_nodes = convert_clamped(args[5], &failed);
    if (failed) goto done;
    if (args[6] != Py_None) {
        if (convert_ints(args[6], ints + cells, cells, 1, n, "prefer") < 0) goto done;
        spec.order = VALUES_KNOWN_FIRST;
        spec.known = ints + cells;
        if (note) cs.known = spec.known;
    }
    int bad;
    cs.alive = calc_alive_new((const unsigned char *)data, length / 8, board->n, board->cells,
                              SEARCH_LEVELS(board), &bad);
    if (!cs.alive) {
        if (bad)
            PyErr_SetString(PyExc_ValueError, "calcudoku_search: the tables do not fit the board");
        else
            PyErr_NoMemory();
        goto done;
    }
    result = run(board, state, &spec, &cs, ints);
done:
    calc_alive_free(cs.alive);
    PyMem_Free(state);
    PyMem_Free(ints);
    return result;
}
