/* graded_removal(...): generation to a grade's attempt after the fill (graded.c), for
   core/solve/engine.py's CompiledEngine. Every argument is checked (convert.c); the work
   runs with the interpreter lock released. */

#include <stdlib.h>

#include "pytypes.h"
#include "graded.h"

#define MAX_LIST (1 << 16)

const char graded_removal_doc[] =
"graded_removal(grader, solution, orbits, techniques, ranks, bulks, bulk_ranks,\n"
"               rank_grades, stall_grade, ceiling, add_back, rng_state, max_nodes)\n--\n\n"
"generate/graded.graded_removal_in_python on the grader's board: (givens, first grade,\n"
"final grade, the stream's new state), the grades as indexes into GRADES, -1 for one\n"
"harder than the ceiling (the ceiling a grade index; the last one grades a stall).";

/* The ints of a sequence into a new PyMem array (its length), each in [low, high]. */
static Py_ssize_t ints_of(PyObject *value, int **out, long low, long high, const char *what) {
    Py_ssize_t length = PySequence_Length(value);
    *out = NULL;
    if (length < 0) return -1;
    if (length > MAX_LIST || !(*out = PyMem_Malloc(sizeof(int) * ((size_t)length + 1)))) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return -1;
    }
    return convert_ints(value, *out, length, low, high, what) < 0 ? -1 : length;
}

/* Orbits that share no cell (each orbit blanked whole or not at all). */
static int check_disjoint(const int *cells, int total, int board_cells) {
    unsigned char *seen = PyMem_Calloc((size_t)board_cells + 1, 1);
    if (!seen) {
        PyErr_NoMemory();
        return -1;
    }
    int repeated = 0;
    for (int k = 0; k < total; k++) repeated |= seen[cells[k]]++;
    PyMem_Free(seen);
    if (!repeated) return 0;
    PyErr_SetString(PyExc_ValueError, "orbits must not share cells");
    return -1;
}

/* The plan's lists (techniques, ranks, bulks, bulk_ranks, rank_grades), checked. */
static int convert_plan(PyObject *const *args, GradePlan *p, int **lists) {
    Py_ssize_t count = ints_of(args[0], &lists[0], 0, TECHNIQUES - 1, "techniques");
    Py_ssize_t ranks = count < 0 ? -1 : ints_of(args[1], &lists[1], 0, MAX_LIST, "ranks");
    Py_ssize_t bulks = ranks < 0 ? -1 : ints_of(args[2], &lists[2], 0, BULKS - 1, "bulks");
    Py_ssize_t bulk_ranks =
        bulks < 0 ? -1 : ints_of(args[3], &lists[3], -1, MAX_LIST, "bulk_ranks");
    Py_ssize_t grades = bulk_ranks < 0 ? -1 : ints_of(args[4], &lists[4], 0, 63, "rank_grades");
    if (grades < 0) return -1;
    int needs_killer = 0;
    for (Py_ssize_t k = 0; k < count; k++) needs_killer |= lists[0][k] >= T_CAGE_COMBINATIONS;
    for (Py_ssize_t k = 0; k < bulks; k++) needs_killer |= lists[2][k] == B_CAGE_COMBINATIONS;
    if (ranks != count || bulk_ranks != bulks || needs_killer) {
        PyErr_SetString(PyExc_ValueError, "a classic plan: one rank per technique and per "
                                          "bulk form, no cage techniques");
        return -1;
    }
    *p = (GradePlan){lists[0], lists[1], (int)count, lists[2], lists[3], (int)bulks,
                     lists[4], (int)grades, 0, 0, 0};
    return 0;
}

PyObject *graded_removal_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 13, "graded_removal")) return NULL;
    const GradeTables *t = grader_tables(args[0]);
    if (!t) return NULL;
    int *lists[5] = {NULL}, *solution = NULL, *cells = NULL, *start = NULL, orbits = 0;
    int failed = 0, first = -1, final = -1, run = -2;
    long stall, ceiling;
    GradePlan plan;
    PyObject *result = NULL;
    uint64_t rng = 0;
    long long max_nodes = 0;
    int add_back = PyObject_IsTrue(args[10]);
    solution = PyMem_Malloc(sizeof(int) * 2 * (size_t)t->cells);
    if (!solution) return PyErr_NoMemory();
    if (add_back < 0 || convert_ints(args[1], solution, t->cells, 1, t->n, "solution") < 0 ||
        convert_lists(args[2], t->cells, &cells, &start, &orbits, "orbits") < 0 ||
        check_disjoint(cells, start[orbits], t->cells) < 0 ||
        convert_plan(args + 3, &plan, lists) < 0 ||
        convert_int(args[8], 0, 63, &stall, "stall_grade") < 0 ||
        convert_int(args[9], 0, 63, &ceiling, "ceiling") < 0)
        goto done;
    rng = PyLong_AsUnsignedLongLong(args[11]);
    if (rng == (uint64_t)-1 && PyErr_Occurred()) goto done;
    max_nodes = convert_clamped(args[12], &failed);
    if (failed) goto done;
    plan.stall_grade = (int)stall, plan.ceiling = (int)ceiling, plan.last = ceiling == stall;
    int *givens = solution + t->cells;
    Py_BEGIN_ALLOW_THREADS
    run = graded_removal(t, &plan, solution, cells, start, orbits, add_back, &rng, max_nodes,
                         givens, &first, &final);
    Py_END_ALLOW_THREADS
    if (run < 0) PyErr_NoMemory();
    else result = Py_BuildValue("(NiiK)", tuple_of_ints(givens, t->cells), first, final,
                                (unsigned long long)rng);
done:
    for (int k = 0; k < 5; k++) PyMem_Free(lists[k]);
    PyMem_Free(solution);
    PyMem_Free(cells);
    PyMem_Free(start);
    return result;
}
