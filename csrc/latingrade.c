/* The Latin-square kinds' grading loop, compiled: grader.grade_within_in_python on a Latin
   state (latin/grading.LatinCandidates) with a kind's ladder as digging asks it (latin/
   grading.unworded): the bulk techniques to a fixed point (latinsettle.c), then the first
   technique of the ladder that finds a step, applied, again until the grid is solved or
   nothing applies. The techniques are the classic ones (grade*.c, on the square's rows
   and columns), Futoshiki's inequality fork, Skyscrapers' visibility and the kinds'
   forcing chains (latin.c), each finding the step its Python finds, so the grade, the
   score and the stall are the Python's. The steps are kept unworded: their technique's
   rank and their length (what a grading's score reads). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"
#include "latinreach.h"

/* The state's Hand: values and cell_digits. */
static void hand_of(const GradeTables *t, const GradeState *s, Hand *h) {
    h->n = t->n;
    for (int c = 0; c < t->cells; c++) h->values[c] = s->values[c], h->digits[c] = s->cell_digits[c];
}

/* The state of values and cell_digits, with the digit_cells and open cells that follow. */
static void state_of(const GradeTables *t, GradeState *s, const int *values, const mask *left) {
    set_clear(s->open, t->w);
    set_clear(s->digit_cells, t->n * t->w);
    for (int c = 0; c < t->cells; c++) {
        s->values[c] = values[c], s->cell_digits[c] = left[c];
        if (!values[c]) set_add(s->open, c);
        for (mask rest = left[c]; rest; rest &= rest - 1)
            set_add(s->digit_cells + (size_t)__builtin_ctz(rest) * t->w, c);
    }
}

/* grader.settle by latinsettle.c; the rank of the hardest bulk technique used, -1. */
static int settle(const GradeTables *t, GradeState *s, const Plan *p) {
    Hand h;
    hand_of(t, s, &h);
    int rank = latin_settle_hand(&h, p->bulks, p->bulk_count);
    if (rank >= 0) state_of(t, s, h.values, h.digits);
    return rank;
}

/* The digits of a cell, its value's for a placed one (LatinCandidates.digits). */
static inline mask digits_at(const GradeState *s, int cell) {
    return s->values[cell] ? (mask)1 << (s->values[cell] - 1) : s->cell_digits[cell];
}

/* Each candidate of `cell` outside `kept` eliminated. */
static void eliminate_outside(const GradeState *s, CStep *step, int cell, mask kept) {
    for (mask taken = s->cell_digits[cell] & ~kept; taken; taken &= taken - 1)
        step_eliminate(step, cell, __builtin_ctz(taken) + 1);
}

/* futoshiki/techniques.unworded_inequality_fork. */
static int fork_step(const GradeTables *t, const GradeState *s, const PlanStep *p, CStep *step) {
    mask allowed;
    int index = latin_fork(t->n, s->values, s->cell_digits, p->data, p->count, &allowed);
    if (index < 0) return NONE;
    eliminate_outside(s, step, p->data[4 * index], allowed);
    return FOUND;
}

/* skyscrapers/techniques._visibility, unworded. */
static int visible_step(const GradeTables *t, const GradeState *s, const PlanStep *p,
                        CStep *step) {
    mask support[LATIN_MAX];
    int index = latin_visible(p->rule, s->values, s->cell_digits, p->a, p->b, support);
    if (index < 0) return NONE;
    const int *cells = p->rule->data + index * (t->n + 2);
    for (int j = 0; j < t->n; j++) eliminate_outside(s, step, cells[j], support[j]);
    return FOUND;
}

/* latin/grading.forcing_chain: every candidate of the first candidate count whose
   placement leads to a contradiction goes; the length is the shortest chain's. */
static int chains_step(const GradeTables *t, const GradeState *s, const PlanStep *p,
                       CStep *step) {
    static int found[3 * LATIN_CELLS * LATIN_MAX];
    mask m[LATIN_CELLS];
    int open[LATIN_CELLS], count = 0;
    for (int c = 0; c < t->cells; c++) {
        m[c] = digits_at(s, c);
        if (!s->values[c]) open[count++] = c;
    }
    int total = latin_chain_trials(p->rule, m, open, count, p->b, found);
    if (!total) return NONE;
    step->length = found[2];
    for (int k = 0; k < total; k++) {
        step_eliminate(step, found[3 * k], found[3 * k + 1]);
        if (found[3 * k + 2] < step->length) step->length = found[3 * k + 2];
    }
    return FOUND;
}

/* What the state lost since the loop began, a batch a step (the units of the cells that
   lost candidates, and the candidates lost: all of a placed cell's), and how far each
   classic technique last read it: a subset's unit or a fish's digit that had no step
   then and has lost nothing since has none now (Scratch.quiet), and is passed over. */
typedef struct {
    int count, looked[TECHNIQUES];
    uint64_t *units;
    digits *lost, *before;  /* each cell's candidates as last logged (0: placed) */
    uint64_t quiet[TECHNIQUES];
} Changes;

/* The cells whose candidates changed since last logged, as one batch. */
static void log_changes(const GradeTables *t, const GradeState *s, Changes *c) {
    uint64_t units = 0;
    digits lost = 0;
    for (int cell = 0; cell < t->cells; cell++) {
        digits now = s->cell_digits[cell];
        if (now == c->before[cell]) continue;
        lost |= c->before[cell] & ~now, c->before[cell] = now;
        for (int k = t->units_of_start[cell]; k < t->units_of_start[cell + 1]; k++)
            units |= 1ULL << t->units_of[k];
    }
    if (units) c->units[c->count] = units, c->lost[c->count++] = lost;
}

/* Scratch.quiet for the technique as of the state: the places of the units and digits
   that lost candidates since it last looked are looked at again. */
static void requiet(const GradeTables *t, Changes *c, int technique) {
    uint64_t units = 0;
    digits lost = 0;
    if (c->looked[technique] == c->count) return;
    for (int i = c->looked[technique]; i < c->count; i++) units |= c->units[i], lost |= c->lost[i];
    c->quiet[technique] &= ~quiet_changed(t, technique, units, lost);
    c->looked[technique] = c->count;
}

static int try_step(const GradeTables *t, GradeState *s, Scratch *x, const PlanStep *p,
                    CStep *step, Changes *c) {
    if (p->code == STEP_CLASSIC) {
        if (x->quiet) requiet(t, c, p->a);
        return technique_of(p->a)(t, s, x, step);
    }
    step_begin(step, -1);
    switch (p->code) {
    case STEP_FORK: return fork_step(t, s, p, step);
    case STEP_VISIBLE: return visible_step(t, s, p, step);
    default: return chains_step(t, s, p, step);
    }
}

/* grade_within_in_python's loop: the (rank, length) of each step into `log`; whether a
   technique-less state was left open; -1 if memory ran out. */
static int grade_loop(const GradeTables *t, GradeState *s, const Plan *p, int *log,
                      int *steps, int *settled_rank) {
    Scratch x;
    CStep step;
    /* kept off the stack (48 KB; the loop holds the GIL throughout, never re-entered) */
    static Changes c;
    static uint64_t units[LATIN_CELLS * LATIN_MAX];  /* a batch a step at most: each loses one */
    static digits lost[LATIN_CELLS * LATIN_MAX], before[LATIN_CELLS];
    size_t room = (size_t)t->cells * t->n;
    step.place = malloc(sizeof(int) * 4 * room);
    step.param = malloc(sizeof(int) * (room + 64));
    step.param_room = (int)room + 64;
    if (!step.place || !step.param || scratch_init(&x, t, NULL) < 0) {
        free(step.place);
        free(step.param);
        return -1;
    }
    step.elim = step.place + 2 * room;
    /* places as bits: a Latin square's units and (kind, digit) fit */
    x.quiet = t->units <= 64 && 2 * t->grids * t->n <= 64 ? c.quiet : NULL;
    memset(c.quiet, 0, sizeof c.quiet), memset(c.looked, 0, sizeof c.looked);
    c.count = 0, c.units = units, c.lost = lost, c.before = before;
    memcpy(before, s->cell_digits, sizeof(digits) * (size_t)t->cells);
    int stalled = 0;
    *steps = 0, *settled_rank = -1;
    for (;;) {
        int rank = settle(t, s, p);
        if (rank > *settled_rank) *settled_rank = rank;
        if (set_is_empty(s->open, t->w)) break;
        int k = 0, found = NONE;
        if (x.quiet) log_changes(t, s, &c);
        for (; k < p->count && found == NONE; k++) found = try_step(t, s, &x, &p->steps[k], &step, &c);
        if (found < 0) { stalled = -1; break; }
        if (!found) { stalled = 1; break; }
        state_apply(t, s, &step);
        log[2 * *steps] = p->steps[k - 1].rank, log[2 * *steps + 1] = step.length;
        ++*steps;
    }
    x.quiet = NULL;
    scratch_free(&x);
    free(step.place);
    free(step.param);
    return stalled;
}

void latin_plan_free(Plan *p) {
    for (int k = 0; k < p->count; k++) {
        free(p->steps[k].data);
        if (p->steps[k].code == STEP_VISIBLE) free(p->steps[k].rule);
    }
}

/* The forks of the signs (smaller, larger pairs), as futoshiki/techniques._forks lists
   them: each cell's larger cells (smaller = 1), then each cell's smaller ones, cells
   ascending, every two of one line in the signs' order: (cell, one, two, smaller). */
static int forks_of(int n, const int *pairs, int count, int *forks) {
    int others[2][LATIN_CELLS][4], found[2][LATIN_CELLS], made = 0;
    memset(found, 0, sizeof found);
    for (int i = 0; i < count; i += 2)  /* one pass: each cell's others in the signs' order */
        for (int smaller = 0; smaller < 2; smaller++) {
            int cell = pairs[i + !smaller], *k = &found[smaller][cell];
            if (*k < 4) others[smaller][cell][(*k)++] = pairs[i + smaller];
        }
    for (int smaller = 1; smaller >= 0; smaller--)
        for (int cell = 0; cell < n * n; cell++) {
            const int *near = others[smaller][cell];
            for (int i = 0; i < found[smaller][cell]; i++)
                for (int j = i + 1; j < found[smaller][cell]; j++)
                    if (near[i] / n == near[j] / n || near[i] % n == near[j] % n) {
                        int *fork = forks + 4 * made++;
                        fork[0] = cell, fork[1] = near[i], fork[2] = near[j];
                        fork[3] = smaller;
                    }
        }
    return 4 * made;
}

/* latin_plan_follow's making, whatever was followed before. */
static int plan_remade(Plan *p, int n, const int *data, int count) {
    for (int k = 0; k < p->bulk_count; k++)
        if (p->bulk_codes[k] >= SIGN_BOUNDS &&
            latin_make_bulk(n, p->bulk_codes[k], p->bulks[k].rank, data, count, &p->bulks[k]) < 0)
            return -1;
    for (int k = 0; k < p->count; k++) {
        PlanStep *step = &p->steps[k];
        if (step->code == STEP_FORK) {
            if (count % 2 || count > 4 * n * n) return -1;
            step->count = forks_of(n, data, count, step->data);
        } else if (step->code == STEP_VISIBLE &&
                   latin_make_rule(n, RULE_CLUED_LINES, data, count, step->rule) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Whether the data is what the plan last followed (then it is followed already). */
static int followed(const Plan *p, const int *data, int count) {
    return count == p->followed_count && !memcmp(data, p->followed, sizeof(int) * (size_t)count);
}

int latin_plan_follow(Plan *p, int n, const int *data, int count) {
    if (followed(p, data, count)) return 0;
    p->followed_count = -1;  /* until it is followed whole */
    int made = plan_remade(p, n, data, count);
    if (made == 0 && count <= FOLLOWED_MAX) {
        memcpy(p->followed, data, sizeof(int) * (size_t)count);
        p->followed_count = count;
    }
    return made;
}

/* STEP_FORK's forks from its data, the signs; -1 with an exception set. */
static int read_forks(PyObject *data, int n, PlanStep *step) {
    Py_ssize_t count = PySequence_Size(data);
    if (count < 0) return -1;
    if (count % 2 || count > 4 * n * n) {
        PyErr_SetString(PyExc_ValueError, "latin_grade: signs");
        return -1;
    }
    int *pairs = malloc(sizeof(int) * ((size_t)count + 1));
    step->data = malloc(sizeof(int) * 4 * 12 * (size_t)n * n);  /* 6 forks a side a cell */
    if (!pairs || !step->data) {
        free(pairs);
        PyErr_NoMemory();
        return -1;
    }
    int read = convert_ints(data, pairs, count, 0, n * n - 1, "latin_grade: signs");
    if (read == 0) step->count = forks_of(n, pairs, (int)count, step->data);
    free(pairs);
    return read;
}

/* One technique of the plan from (code, rank, a, b, slot), its data datas[slot], the
   call's rule for forcing chains; -1 with an exception set. */
static int read_step(PyObject *item, PyObject *datas, Rule *rule, PlanStep *step) {
    PyObject *code, *rank, *a, *b, *slot;
    long number, place, low, high, index;
    int n = rule->n;
    if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "OOOOO", &code, &rank, &a, &b, &slot)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "latin_grade: (code, rank, a, b, slot)");
        return -1;
    }
    if (convert_int(code, STEP_CLASSIC, STEP_CHAINS, &number, "latin_grade: a code") < 0 ||
        convert_int(rank, 0, 1L << 20, &place, "latin_grade: a rank") < 0 ||
        convert_int(a, 0, 1L << 20, &low, "latin_grade: a") < 0 ||
        convert_int(b, 0, 1L << 20, &high, "latin_grade: b") < 0 ||
        convert_int(slot, -1, PyList_GET_SIZE(datas) - 1, &index, "latin_grade: a slot") < 0)
        return -1;
    step->code = (int)number, step->rank = (int)place, step->a = (int)low, step->b = (int)high;
    if (number == STEP_CLASSIC) {
        if (technique_of(step->a)) return 0;
        PyErr_Format(PyExc_ValueError, "latin_grade: no technique %ld", low);
        return -1;
    }
    if (number == STEP_CHAINS) {
        step->rule = rule;
        return 0;
    }
    if (index < 0) {
        PyErr_SetString(PyExc_ValueError, "latin_grade: a technique without its data");
        return -1;
    }
    PyObject *data = PyList_GET_ITEM(datas, index);
    if (number == STEP_FORK) return read_forks(data, n, step);
    if (!(step->rule = malloc(sizeof(Rule)))) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject *size = PyLong_FromLong(n), *lines = PyLong_FromLong(RULE_CLUED_LINES);
    int read = size && lines ? latin_read_rule(size, lines, data, step->rule) : -1;
    Py_XDECREF(size);
    Py_XDECREF(lines);
    return read;
}

/* The plan from its steps, bulk and data lists, forcing chains on the call's rule; -1
   with an exception set (freed). */
int latin_read_plan(PyObject *steps, PyObject *bulks, PyObject *datas, Rule *rule, Plan *p) {
    p->count = p->bulk_count = 0, p->followed_count = -1;
    if (!PyTuple_Check(steps) && !PyList_Check(steps)) {
        PyErr_SetString(PyExc_TypeError, "latin_grade: steps is a list");
        return -1;
    }
    if (!PyList_Check(bulks) || !PyList_Check(datas)) {
        PyErr_SetString(PyExc_TypeError, "latin_grade: bulk and datas are lists");
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(steps);
    if (count > PLAN_MAX || PyList_GET_SIZE(bulks) > BULK_MAX) {
        PyErr_SetString(PyExc_ValueError, "latin_grade: too many techniques");
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(bulks); k++, p->bulk_count++)
    {
        PyObject *item = PyList_GET_ITEM(bulks, k);
        if (latin_read_bulk(item, rule->n, &p->bulks[k]) < 0) return -1;
        p->bulk_codes[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));  /* read above */
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PlanStep *step = &p->steps[p->count++];
        step->data = NULL, step->rule = NULL;
        if (read_step(PySequence_Fast_GET_ITEM(steps, k), datas, rule, step) < 0) {
            latin_plan_free(p);
            return -1;
        }
    }
    return 0;
}

/* The state from values and cell_digits; -1 with an exception set. */
static int read_state(const GradeTables *t, PyObject *values, PyObject *cell_digits,
                      GradeState *s) {
    int placed[LATIN_CELLS], ints[LATIN_CELLS];
    mask left[LATIN_CELLS];
    if (convert_ints(cell_digits, ints, t->cells, 0, (1L << t->n) - 1, "latin_grade: cell_digits") < 0 ||
        convert_ints(values, placed, t->cells, 0, t->n, "latin_grade: values") < 0)
        return -1;
    for (int c = 0; c < t->cells; c++) left[c] = (mask)ints[c];
    state_of(t, s, placed, left);
    return 0;
}

/* (stalled, settled_rank, ((rank, length), ...), values, cell_digits, digit_cells, open). */
static PyObject *graded(const GradeTables *t, const GradeState *s, int stalled, int settled,
                        const int *log, int steps) {
    int digit_ints[LATIN_CELLS];
    PyObject *found = PyTuple_New(steps), *digit_cells = PyList_New(t->n);
    for (int k = 0; found && k < steps; k++) {
        PyObject *pair = Py_BuildValue("(ii)", log[2 * k], log[2 * k + 1]);
        if (!pair) Py_CLEAR(found);
        else PyTuple_SET_ITEM(found, k, pair);
    }
    if (!found || !digit_cells || store_masks(digit_cells, s->digit_cells, t->n, t->w) < 0) {
        Py_XDECREF(found);
        Py_XDECREF(digit_cells);
        return NULL;
    }
    for (int c = 0; c < t->cells; c++) digit_ints[c] = (int)s->cell_digits[c];
    return Py_BuildValue("(OiNNNNN)", stalled ? Py_True : Py_False, settled, found,
                         tuple_of_ints(s->values, t->cells), tuple_of_ints(digit_ints, t->cells),
                         digit_cells, mask_object(s->open, t->w));
}

/* latin/grading.within_reach from the givens: the propagation with the bulk rule, solved
   there; else not at the first grade, not with a second solution found, else the loop's
   answer. 1, 0, or -1 if memory ran out. */
int latin_reach_from(const GradeTables *t, const int *givens, const Rule *bulk_rule,
                 const Rule *rule, int first_grade, long long nodes, const Plan *p,
                 int *hardest) {
    return latin_reach_stalled(t, givens, bulk_rule, rule, first_grade, nodes, p, hardest,
                               NULL);
}

int latin_reach_stalled(const GradeTables *t, const int *givens, const Rule *bulk_rule,
                        const Rule *rule, int first_grade, long long nodes, const Plan *p,
                        int *hardest, int *stalled_at) {
    mask m[LATIN_CELLS], full = ((mask)1 << t->n) - 1;
    int solved = 1;
    if (hardest) *hardest = -1;
    if (stalled_at) stalled_at[0] = -1;
    for (int c = 0; c < t->cells; c++) m[c] = givens[c] ? (mask)1 << (givens[c] - 1) : full;
    if (latin_propagate(bulk_rule, m, -1)) return 0;
    for (int c = 0; c < t->cells && solved; c++) solved = !(m[c] & (m[c] - 1));
    if (solved) return 1;
    if (first_grade) return 0;
    int count = nodes > 0 ? latin_count(rule, m, 2, nodes) : 0;
    if (count < 0) return -1;
    if (count > 1) return 0;  /* none of the techniques finishes it */
    word digit_cells[LATIN_MAX * WORDS], open[WORDS], unsettled[WORDS];
    int values[LATIN_CELLS], placed[LATIN_CELLS], steps, settled;
    digits cell_digits[LATIN_CELLS];
    mask left[LATIN_CELLS];
    GradeState s = {values, cell_digits, digit_cells, open, NULL, unsettled};
    set_clear(unsettled, t->w);
    for (int c = 0; c < t->cells; c++) {
        int one = !(m[c] & (m[c] - 1));
        placed[c] = one ? __builtin_ctz(m[c]) + 1 : 0, left[c] = one ? 0 : m[c];
    }
    state_of(t, &s, placed, left);
    int *log = malloc(sizeof(int) * 2 * ((size_t)t->cells * t->n + 1));
    int stalled = log ? grade_loop(t, &s, p, log, &steps, &settled) : -1;
    for (int i = 0; hardest && stalled == 0 && i < steps; i++)
        if (log[2 * i] > *hardest) *hardest = log[2 * i];
    if (stalled_at && stalled == 1) memcpy(stalled_at, values, sizeof(int) * (size_t)t->cells);
    free(log);
    return stalled < 0 ? -1 : !stalled;
}

/* A rule from (code, data) for an n x n square; -1 with an exception set. */
static int read_rule_for(int n, PyObject *code, PyObject *data, Rule *rule) {
    PyObject *size = PyLong_FromLong(n);
    if (!size) return -1;
    int read = latin_read_rule(size, code, data, rule);
    Py_DECREF(size);
    return read;
}

/* The grader's tables if they are a Latin square's; NULL with an exception set. */
const GradeTables *latin_tables(PyObject *grader) {
    const GradeTables *t = grader_tables(grader);
    if (t && (t->n > LATIN_MAX || t->cells != t->n * t->n || t->w > WORDS)) {
        PyErr_SetString(PyExc_ValueError, "latin_grade: not a Latin square's grader");
        return NULL;
    }
    return t;
}

const char latin_reach_doc[] =
"latin_reach(grader, givens, code, data, bulk_code, bulk_data, first_grade, nodes, steps,\n"
"bulk, datas)\n--\n\n"
"latin/grading.within_reach in one call: the givens propagated by the bulk rule (bulk_code,\n"
"bulk_data); solved: True; else False at the first grade (first_grade) or where the\n"
"search under the rule (code, data) finds two solutions in `nodes` nodes; else whether\n"
"latin_grade's loop (steps, bulk, datas) solves it.";

PyObject *latin_reach(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Plan plan;
    static Rule bulk_rule, rule;
    int givens[LATIN_CELLS], failed = 0;
    if (!check_arity(nargs, 11, "latin_reach")) return NULL;
    const GradeTables *t = latin_tables(args[0]);
    if (!t || convert_ints(args[1], givens, t->cells, 0, t->n, "latin_reach: givens") < 0 ||
        read_rule_for(t->n, args[2], args[3], &rule) < 0 ||
        read_rule_for(t->n, args[4], args[5], &bulk_rule) < 0)
        return NULL;
    long long nodes = convert_clamped(args[7], &failed);
    if (failed || latin_read_plan(args[8], args[9], args[10], &rule, &plan) < 0) return NULL;
    int reached = latin_reach_from(t, givens, &bulk_rule, &rule, PyObject_IsTrue(args[6]), nodes, &plan,
                                   NULL);
    latin_plan_free(&plan);
    if (reached < 0) return PyErr_NoMemory();
    return PyBool_FromLong(reached);
}

const char latin_grade_doc[] =
"latin_grade(grader, values, cell_digits, code, data, steps, bulk, datas)\n--\n\n"
"grader.grade_within_in_python on a Latin state (values, cell_digits), on the square's\n"
"Grader, the kind's rule (code, data): the techniques tried one step at a time (code,\n"
"rank, a, b, slot: latin/grading._static_plan), the bulk ones (code, rank, data) as\n"
"latin_settle takes them, the slots' data. (stalled, the hardest bulk rank or -1, ((rank,\n"
"length) per step), values, cell_digits, digit_cells, open) of the state reached.";

PyObject *latin_grade(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Plan plan;
    static Rule rule;
    word digit_cells[LATIN_MAX * WORDS], open[WORDS], unsettled[WORDS];
    int values[LATIN_CELLS];
    digits cell_digits[LATIN_CELLS];
    if (!check_arity(nargs, 8, "latin_grade")) return NULL;
    const GradeTables *t = latin_tables(args[0]);
    if (!t) return NULL;
    GradeState s = {values, cell_digits, digit_cells, open, NULL, unsettled};
    set_clear(unsettled, t->w);
    if (read_state(t, args[1], args[2], &s) < 0 || read_rule_for(t->n, args[3], args[4], &rule) < 0 ||
        latin_read_plan(args[5], args[6], args[7], &rule, &plan) < 0)
        return NULL;
    int *log = malloc(sizeof(int) * 2 * ((size_t)t->cells * t->n + 1)), steps = 0, settled = -1;
    int stalled = log ? grade_loop(t, &s, &plan, log, &steps, &settled) : -1;
    latin_plan_free(&plan);
    PyObject *result = stalled < 0 ? PyErr_NoMemory() : graded(t, &s, stalled, settled, log, steps);
    free(log);
    return result;
}
