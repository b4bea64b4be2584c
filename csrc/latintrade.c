/* A trade's giving back, compiled (latin/trade.give_back_in_python): a puzzle dug past
   its grade given items back in the order Python drew, each kept while the puzzle stays
   harder than the grade, taken away again if it became easier, until it has the grade.
   Where it stands is asked as trade.Trading.standing asks it: within reach of the grade
   (latindig.c's dig_reach), and if so of the grade below. The Python is the reference:
   the same trials in the same order, the same items kept. */

#include <string.h>

#include "latindig.h"

enum { EASIER = -1, EXACT = 0, HARDER = 1 };

/* A trade: the puzzle (with the grade's plan) and the grade below's plan. */
typedef struct {
    Dig dig;
    Plan easier;
    int easier_first_grade;
    long long easier_nodes;
    /* the values placed where the grade's loop stalled: of the trial last graded, and
       of the puzzle given back to so far (harder than the grade); [0] -1: unknown */
    int trial_stall[LATIN_CELLS], base_stall[LATIN_CELLS];
    int prefix_to;  /* the easier plan is the grade's up to this rank (-1: none; -2: not
                       a prefix, asked again) */
} Trade;

/* Whether the easier plan is the grade's, its steps the first of the grade's and its
   bulk techniques the same: then the easier loop takes the grade's steps while they are
   its own, and stalls at the first that is not (no step of its own applies there). The
   highest rank of its steps, -1 for none; -2 where not (asked again, the reference). */
static int prefix_to(const Trade *tr) {
    const Plan *p = &tr->dig.plan, *e = &tr->easier;
    if (tr->easier_first_grade || e->count > p->count || e->bulk_count != p->bulk_count)
        return -2;
    for (int k = 0; k < e->bulk_count; k++)
        if (e->bulk_codes[k] != p->bulk_codes[k] || e->bulks[k].rank != p->bulks[k].rank) return -2;
    int rank = -1;
    for (int k = 0; k < e->count; k++) {
        const PlanStep *a = &e->steps[k], *b = &p->steps[k];
        if (a->code != b->code || a->rank != b->rank || a->a != b->a || a->b != b->b) return -2;
        if (a->rank > rank) rank = a->rank;
    }
    return rank;
}

/* Where the kept items stand against the grade, into *where; 0, or < 0 as dig_reach. A
   puzzle within reach of the grade is within reach of the one below exactly where the
   grade's loop took only the easier plan's steps (prefix_to): techniques neither guess
   nor assume one solution, so the easier search for a second solution finds none. */
static int standing(Trade *tr, int *where) {
    Dig *d = &tr->dig;
    int hardest = -1, reached = dig_reach_stalled(d, &d->plan, d->first_grade, d->nodes,
                                                  &hardest, tr->trial_stall);
    if (reached <= 0) {
        *where = HARDER;
        return reached;
    }
    if (tr->prefix_to >= -1) {
        *where = hardest <= tr->prefix_to ? EASIER : EXACT;
        return 0;
    }
    reached = dig_reach(d, &tr->easier, tr->easier_first_grade, tr->easier_nodes, NULL);
    *where = reached ? EASIER : EXACT;
    return reached < 0 ? reached : 0;
}

/* Whether the puzzle given `item` back still stalls where the one before did (a trial
   found harder, so the item kept) without grading it: where the one before's loop
   stalled with the item's cells placed (a given's, a clue's line, a sign's two) at the
   solution's values. The grade's techniques (no search for a second solution: at hard
   and below, or in a trade, latin_give_back) only take candidates out, each where no state of the puzzle's that its
   techniques leave as they are keeps it; that stalled state is one of the new puzzle's
   (the item adds nothing to it: its cells already hold what the item says), so the new
   loop stalls at it too: the same answer as grading it. */
static int still_stalls(const Trade *tr, int item) {
    const Dig *d = &tr->dig;
    int cells[LATIN_CELLS], count = 1;
    if (tr->base_stall[0] < 0 || d->nodes) return 0;
    if (item < d->t->cells) cells[0] = item;
    else if (!(count = dig_own_cells(d, item - d->t->cells, cells))) return 0;
    for (int k = 0; k < count; k++)
        if (tr->base_stall[cells[k]] != d->solution[cells[k]]) return 0;
    return 1;
}

/* Where the puzzle stood at the start into *start; if harder, the order's items given
   back until it has the grade (*found 1) or the order ran out (0); 0, or < 0 as
   dig_reach fails. */
static int give_back(Trade *tr, const int *order, int count, int *start, int *found) {
    int *kept = tr->dig.kept, where = HARDER, failed = standing(tr, start);
    memcpy(tr->base_stall, tr->trial_stall, sizeof tr->base_stall);
    *found = *start == EXACT;
    for (int i = 0; !failed && *start == HARDER && i < count; i++) {
        kept[order[i]] = 1;
        where = HARDER;
        if (still_stalls(tr, order[i])) continue;
        if ((failed = standing(tr, &where)) < 0 || where == EXACT) break;
        if (where == EASIER) kept[order[i]] = 0;
        else memcpy(tr->base_stall, tr->trial_stall, sizeof tr->base_stall);
    }
    if (!failed && *start == HARDER) *found = where == EXACT;
    return failed;
}

/* ---- from Python ---- */

/* The order (args[3]): items not kept at the start, each once; NULL with an exception
   set. */
static int *read_order(Dig *d, PyObject *order_list, int items, int *count) {
    int *order = dig_read_array(order_list, 0, items - 1, items, count, "latin_give_back: order");
    for (int i = 0; order && i < *count; i++) {
        if (d->kept[order[i]]) {
            PyErr_SetString(PyExc_ValueError, "latin_give_back: an item in the order is kept, or twice");
            PyMem_Free(order);
            return NULL;
        }
        d->kept[order[i]] = 2;
    }
    for (int i = 0; order && i < *count; i++) d->kept[order[i]] = 0;
    return order;
}

/* (where it stood, a flag per order item: kept; or None if it never had the grade). */
static PyObject *given_back(const Dig *d, const int *order, int count, int start, int found) {
    PyObject *flags = Py_None;
    Py_INCREF(flags);
    if (found) {
        Py_DECREF(flags);
        flags = PyTuple_New(count);
        for (int i = 0; flags && i < count; i++)
            PyTuple_SET_ITEM(flags, i, PyBool_FromLong(d->kept[order[i]]));
    }
    return flags ? Py_BuildValue("(iN)", start, flags) : NULL;
}

/* The two plans' fields (the grade's: args[4], args[11..14]; the one below's: args[15..
   19]); -1 with an exception set (the grade's plan read is freed). */
static int read_plans(Trade *tr, PyObject *const *args) {
    Dig *d = &tr->dig;
    long bulk_code;
    int failed = 0;
    if (convert_int(args[10], RULE_NONE, RULE_CLUED_BOUNDS, &bulk_code,
                    "latin_give_back: a rule's code") < 0 ||
        dig_rules_fit(d, args) < 0)
        return -1;
    d->bulk_code = (int)bulk_code, d->first_grade = PyObject_IsTrue(args[4]);
    tr->easier_first_grade = PyObject_IsTrue(args[15]);
    tr->easier_nodes = convert_clamped(args[16], &failed);
    if (failed || latin_read_plan(args[12], args[13], args[14], &d->rule, &d->plan) < 0)
        return -1;
    if (latin_read_plan(args[17], args[18], args[19], &d->rule, &tr->easier) < 0) {
        latin_plan_free(&d->plan);
        return -1;
    }
    tr->prefix_to = prefix_to(tr);
    return 0;
}

const char latin_give_back_doc[] =
"latin_give_back(grader, solution, kept, order, first_grade, data, starts, width, blank,\n"
"code, bulk_code, nodes, steps, bulk, datas, easier_first_grade, easier_nodes,\n"
"easier_steps, easier_bulk, easier_datas)\n--\n\n"
"latin/trade.give_back_in_python: where the puzzle of the `kept` items (latin_dig's items\n"
"and data) stands against the grade (-1 easier, 0 exactly, 1 harder: latin_reach of the\n"
"grade's plan, then of the grade below's), and if harder each item of `order` given back,\n"
"kept while it stays harder, until it has the grade. (where it stood, a flag per order\n"
"item: kept; None if it never had the grade). The puzzle of `kept` has one solution (a\n"
"trade's does): nothing searches for a second.";

PyObject *latin_give_back(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Trade trade;
    Trade *tr = &trade;
    Dig *d = &tr->dig;
    int items, count, start, found, *order = NULL;
    if (!check_arity(nargs, 20, "latin_give_back") || !(d->t = latin_tables(args[0]))) return NULL;
    d->full = d->starts = d->kept = NULL, d->unique = 0;
    if (dig_read(args, 11, d, &items) < 0 || !(order = read_order(d, args[3], items, &count)) ||
        read_plans(tr, args) < 0) {
        dig_free(d, order);
        return NULL;
    }
    /* A trade's puzzle has one solution (dug while unique, or within reach: generate.
       _graded_attempt), and so has every trial, which adds items: within_reach's search
       for a second solution (from expert) finds none and the grading decides; not
       searched, the same answers. Then too a trial still_stalls() decides stalls as
       graded (10,100 give-backs at expert, 1,714 of them from a harder puzzle, Skyscrapers
       and Futoshiki 5x5-7x7: each answered as trade.give_back_in_python's). */
    d->nodes = 0;
    int failed = give_back(tr, order, count, &start, &found);
    latin_plan_free(&d->plan);
    latin_plan_free(&tr->easier);
    PyObject *result = failed == -1 ? PyErr_NoMemory() : failed < 0 ? NULL :
                       given_back(d, order, count, start, found);
    if (failed == -2) PyErr_SetString(PyExc_ValueError, "latin_give_back: a trial's data does not fit its rules");
    dig_free(d, order);
    return result;
}
