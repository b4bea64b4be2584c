/* Calcudoku's grading loop, compiled: grader.grade_within_in_python on a Calcudoku's
   hand-solving state (calcudoku/techniques.CalcCandidates) with its ladder up to a
   ceiling, as generation asks it: the bulk techniques to a fixed point (calcsettle.c),
   then the first technique of the ladder that finds a step, applied, again until the grid
   is solved or nothing applies. The classic techniques are the grader's (grade*.c, on the
   square's rows and columns), the cage techniques calcfind.c's, each finding the step its
   Python finds, so the grade, the score and the stall are the Python's. The steps are kept
   unworded (their technique's rank and length), but for the state before the last step of
   the hardest technique (the crux generation hardens around), which the Python words. */

#include <stdlib.h>

#include "calchand.h"
#include "graded.h"

/* A technique of the plan (calcudoku/grade.compiled_plan): classic (its number in the
   grader's techniques) or a cage technique (its calcudoku_find code), with its rank. */
enum { STEP_CLASSIC, STEP_CAGE };
#define PLAN_MOST 48

typedef struct {
    int kind, rank, number;
} PlanStep;

typedef struct {
    PlanStep step[PLAN_MOST];
    int count, bulk_rank[5];
    const unsigned char *areas; /* calc_read_areas' */
    long long area_count;
} Plan;

/* The hand before the crux: its values, digits and marks, and the step's place in the log;
   the cells crux.py names it by where it is a cage technique's (`named`). */
typedef struct {
    int index, values[CALC_CELLS];
    mask digits[CALC_CELLS];
    word unsettled[CALC_W], unpermuted[CALC_W];
    int named;
    word cells[CALC_W];
} Crux;

/* The grader's state of the hand (values, cell_digits, digit_cells, open cells). */
static void state_of(const GradeTables *t, const Hand *h, GradeState *s) {
    set_clear(s->open, t->w);
    set_clear(s->digit_cells, t->n * t->w);
    for (int c = 0; c < t->cells; c++) {
        s->values[c] = h->values[c], s->cell_digits[c] = h->digits[c];
        if (!h->values[c]) set_add(s->open, c);
        for (mask rest = h->digits[c]; rest; rest &= rest - 1)
            set_add(s->digit_cells + (size_t)__builtin_ctz(rest) * t->w, c);
    }
}

/* CalcCandidates.eliminate: the cell is unsettled and unpermuted. */
static void eliminate(Hand *h, int cell, int value) {
    mask bit = (mask)1 << (value - 1);
    if (h->digits[cell] & bit) calc_changed(h, cell, bit);
    h->digits[cell] &= ~bit;
    mark(h->unsettled, cell), unpermute(h, cell);
}

/* CalcCandidates.apply: placements, then eliminations. */
static void apply_pairs(Hand *h, const int *place, int places, const int *elim, int elims) {
    for (int i = 0; i < places; i++) calc_place(h, place[2 * i], place[2 * i + 1]);
    for (int i = 0; i < elims; i++) eliminate(h, elim[2 * i], elim[2 * i + 1]);
}

typedef struct {
    Scratch x;
    CStep classic;
    GradeState s;
    int synced;  /* the hand's ChangeLog place s is as of; -1: s no longer the hand's */
    uint64_t quiet[TECHNIQUES];
    int looked[TECHNIQUES]; /* the log's place each classic technique last looked at */
    int latin;              /* the grader's tables take Hand.where (latin_lines()) */
    uint64_t *unit_bits;    /* per cell its units as bits, where they fit (Scratch.quiet) */
} Tools;

/* The grader's state brought to the hand: the cells changed since it last was. */
static void sync_state(const GradeTables *t, const Hand *h, Tools *tools) {
    GradeState *s = &tools->s;
    if (sees_all(h, tools->synced)) state_of(t, h, s);
    else if (tools->synced == h->log.count) return;
    else
        for (int i = tools->synced; i < h->log.count; i++) {
            int c = h->log.cell[i];
            s->values[c] = h->values[c], s->cell_digits[c] = h->digits[c];
            if (h->values[c]) set_remove(s->open, c);
            for (mask gone = h->log.removed[i]; gone; gone &= gone - 1)
                set_remove(s->digit_cells + (size_t)__builtin_ctz(gone) * t->w, c);
        }
    tools->synced = h->log.count;
}

/* The classic technique's quiet places (Scratch.quiet) as of the hand: those whose units
   or digits' cells changed since it last looked are looked at again. */
static void requiet(const GradeTables *t, const Hand *h, Tools *tools, int technique) {
    int *upto = &tools->looked[technique];
    uint64_t units = 0;
    digits changed = 0;
    if (sees_all(h, *upto)) tools->quiet[technique] = 0;
    else {
        for (int i = *upto; i < h->log.count; i++)
            changed |= h->log.removed[i], units |= tools->unit_bits[h->log.cell[i]];
        tools->quiet[technique] &= ~quiet_changed(t, technique, units, changed);
    }
    *upto = h->log.count;
}

/* The plan's technique k tried on the hand, its step applied: FOUND (its length into
   *length), NONE, or NO_MEMORY. */
static int try_step(const GradeTables *t, Hand *h, const Plan *p, int k, Tools *tools,
                    Crux *crux, int best, int steps, int *length) {
    static CalcStep cage;
    const PlanStep *step = &p->step[k];
    if (step->kind == STEP_CAGE) {
        if (!calc_cage_step(h, step->number, p->areas, p->area_count, &cage)) return NONE;
        *length = 0;
    } else {
        sync_state(t, h, tools);
        if (tools->x.quiet) requiet(t, h, tools, step->number);
        int found = technique_of(step->number)(t, &tools->s, &tools->x, &tools->classic);
        if (found != FOUND) return found;
        *length = tools->classic.length;
    }
    if (step->rank >= best) {
        crux->index = steps;
        memcpy(crux->values, h->values, sizeof(int) * (size_t)h->cells);
        memcpy(crux->digits, h->digits, sizeof(mask) * (size_t)h->cells);
        memcpy(crux->unsettled, h->unsettled, sizeof crux->unsettled);
        memcpy(crux->unpermuted, h->unpermuted, sizeof crux->unpermuted);
        crux->named = step->kind == STEP_CAGE;
        if (crux->named) memcpy(crux->cells, cage.cells, sizeof crux->cells);
    }
    if (step->kind == STEP_CAGE)
        apply_pairs(h, cage.place, cage.places, cage.elim, cage.elims);
    else
        apply_pairs(h, tools->classic.place, tools->classic.placements, tools->classic.elim,
                    tools->classic.eliminations);
    return FOUND;
}

static int solved(const Hand *h) {
    for (int c = 0; c < h->cells; c++)
        if (!h->values[c]) return 0;
    return 1;
}

/* Per cell its units as bits (none where the units are more than 64), new; NULL without
   memory. */
static uint64_t *unit_bits_of(const GradeTables *t) {
    uint64_t *bits = calloc((size_t)t->cells, sizeof(uint64_t));
    for (int c = 0; bits && t->units <= 64 && c < t->cells; c++)
        for (int k = t->units_of_start[c]; k < t->units_of_start[c + 1]; k++)
            bits[c] |= 1ULL << t->units_of[k];
    return bits;
}

static int tools_init(Tools *tools, const GradeTables *t) {
    size_t room = (size_t)t->cells * t->n, w = (size_t)t->w;
    tools->classic.place = malloc(sizeof(int) * 4 * room);
    tools->classic.param = malloc(sizeof(int) * (room + 64));
    tools->classic.param_room = (int)room + 64;
    tools->s.values = malloc(sizeof(int) * (size_t)t->cells);
    tools->s.cell_digits = malloc(sizeof(digits) * (size_t)t->cells);
    tools->s.digit_cells = malloc(sizeof(word) * w * ((size_t)t->n + 2));
    tools->s.open = tools->s.digit_cells + w * (size_t)t->n;
    tools->s.unsettled = tools->s.open + w;
    tools->s.killer = NULL;
    tools->synced = -1;
    tools->latin = latin_lines(t);
    tools->unit_bits = unit_bits_of(t);
    if (!tools->classic.place || !tools->classic.param || !tools->s.values ||
        !tools->s.cell_digits || !tools->s.digit_cells || !tools->unit_bits ||
        scratch_init(&tools->x, t, NULL) < 0)
        return -1;
    tools->classic.elim = tools->classic.place + 2 * room;
    return 0;
}

static void tools_free(Tools *tools) {
    free(tools->classic.place);
    free(tools->classic.param);
    free(tools->s.values);
    free(tools->s.cell_digits);
    free(tools->s.digit_cells);
    free(tools->unit_bits);
}

/* The tools of the grader last asked, kept for the next call on it (generation grades
   hundreds of drafts on one board): the grader is held so that its tables outlive them. */
static Tools *tools_for(PyObject *grader, const GradeTables *t) {
    static Tools tools;
    static PyObject *held;
    if (grader == held) return &tools;
    if (held) {
        scratch_free(&tools.x), tools_free(&tools);
        Py_CLEAR(held);
    }
    memset(&tools, 0, sizeof tools);
    if (tools_init(&tools, t) < 0) {
        scratch_free(&tools.x), tools_free(&tools);
        return NULL;
    }
    held = Py_NewRef(grader);
    return &tools;
}

/* grade_within_in_python's loop: the (rank, length) of each step into `log`; whether a
   technique-less state was left open; NO_MEMORY. The crux's index stays -1 without a step. */
static int grade_loop(const GradeTables *t, Hand *h, const Plan *p, Tools *tools, int *log,
                      int *steps, int *settled_rank, Crux *crux) {
    int stalled = 0, best = -1;
    *steps = 0, *settled_rank = -1, crux->index = -1;
    for (int k = 0; k < TECHNIQUES; k++) tools->looked[k] = -1;
    tools->synced = -1;
    /* places as bits: a Latin square's units and (kind, digit) fit */
    tools->x.quiet = t->units <= 64 && 2 * t->grids * t->n <= 64 ? tools->quiet : NULL;
    /* the hand keeps each line's places of its digits as the cells change */
    tools->x.where = tools->latin ? &h->where[0][0] : NULL;
    tools->x.where_stride = CALC_MAX;
    for (;;) {
        int bulk = calc_settle(h, *steps > 0);
        if (bulk >= 0 && p->bulk_rank[bulk] > *settled_rank) *settled_rank = p->bulk_rank[bulk];
        if (solved(h)) break;
        int k = 0, found = NONE, length = 0;
        for (; k < p->count && found == NONE; k++)
            found = try_step(t, h, p, k, tools, crux, best, *steps, &length);
        if (found < 0) { stalled = NO_MEMORY; break; }
        if (!found) { stalled = 1; break; }
        if (p->step[k - 1].rank > best) best = p->step[k - 1].rank;
        log[2 * *steps] = p->step[k - 1].rank, log[2 * *steps + 1] = length;
        ++*steps;
    }
    return stalled;
}

/* The plan from its steps ((kind, rank, number) each: a Killer's techniques are no
   Calcudoku's) and the bulk techniques' ranks; -1 with an exception set. */
static int read_steps(PyObject *steps, PyObject *bulk_ranks, Plan *p) {
    if (!PyTuple_Check(steps) || PyTuple_GET_SIZE(steps) > PLAN_MOST) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_grade: steps is a tuple of at most 48");
        return -1;
    }
    if (convert_ints(bulk_ranks, p->bulk_rank, 5, 0, 1L << 20, "calcudoku_grade: bulk ranks") < 0)
        return -1;
    p->count = (int)PyTuple_GET_SIZE(steps);
    for (int k = 0; k < p->count; k++) {
        int item[3];
        PlanStep *step = &p->step[k];
        if (convert_ints(PyTuple_GET_ITEM(steps, k), item, 3, 0, 1L << 20,
                         "calcudoku_grade: a step") < 0)
            return -1;
        step->kind = item[0], step->rank = item[1], step->number = item[2];
        int classic = step->number < T_CAGE_COMBINATIONS && technique_of(step->number);
        if (step->kind == STEP_CAGE ? step->number >= CODES
                                    : step->kind != STEP_CLASSIC || !classic) {
            PyErr_Format(PyExc_ValueError, "calcudoku_grade: no technique (%d, %d)", item[0], item[2]);
            return -1;
        }
    }
    return 0;
}

/* read_steps(), passed where the tuples are those it last read (a ladder's plan is one
   object for every draft). */
static int read_plan(PyObject *steps, PyObject *bulk_ranks, Plan *p) {
    static PyObject *held_steps, *held_ranks; /* the tuples last read into p */
    if (steps == held_steps && bulk_ranks == held_ranks) return 0;
    Py_CLEAR(held_steps);
    Py_CLEAR(held_ranks);
    if (read_steps(steps, bulk_ranks, p) < 0) return -1;
    int frozen = PyTuple_Check(bulk_ranks); /* tuples all through: what was read stays */
    for (int k = 0; k < p->count; k++) frozen &= PyTuple_Check(PyTuple_GET_ITEM(steps, k));
    if (frozen) held_steps = Py_NewRef(steps), held_ranks = Py_NewRef(bulk_ranks);
    return 0;
}

/* (index, values, cell_digits, unsettled, unpermuted) of the crux, None without one. */
static PyObject *crux_object(const Hand *h, const Crux *crux) {
    if (crux->index < 0) return Py_NewRef(Py_None);
    int left[CALC_CELLS];
    for (int c = 0; c < h->cells; c++) left[c] = (int)crux->digits[c];
    return Py_BuildValue("(iNNNN)", crux->index, tuple_of_ints(crux->values, h->cells),
                         tuple_of_ints(left, h->cells), mask_object(crux->unsettled, CALC_W),
                         mask_object(crux->unpermuted, CALC_W));
}

/* The tuple (rank, length) of a step, new: those of small ranks and lengths made once and
   shared (a tuple of ints is immutable; generation asks for millions of them). */
#define PAIR_RANKS 128
#define PAIR_LENGTHS 32
static PyObject *pair_of(const int *pair) {
    static PyObject *made[PAIR_RANKS][PAIR_LENGTHS];
    if (pair[0] < 0 || pair[0] >= PAIR_RANKS || pair[1] < 0 || pair[1] >= PAIR_LENGTHS)
        return tuple_of_ints(pair, 2);
    PyObject **at = &made[pair[0]][pair[1]];
    if (!*at) *at = tuple_of_ints(pair, 2);
    return Py_XNewRef(*at);
}

/* (stalled, settled rank, ((rank, length), ...), digit_cells, open, unsettled, unpermuted,
   crux) of the state (digit_cells, open, unsettled, unpermuted): the reference is taken. */
static PyObject *answer_of(const Hand *h, int stalled, int settled, const int *log, int steps,
                           const Crux *crux, PyObject *state) {
    PyObject *found = state ? PyTuple_New(steps) : NULL;
    for (int k = 0; found && k < steps; k++) {
        PyObject *pair = pair_of(log + 2 * k);
        if (!pair) Py_CLEAR(found);
        else PyTuple_SET_ITEM(found, k, pair);
    }
    PyObject *cruxed = found ? crux_object(h, crux) : NULL;
    PyObject *result = cruxed ? Py_BuildValue(
        "(OiOOOOOO)", stalled ? Py_True : Py_False, settled, found, PyTuple_GET_ITEM(state, 0),
        PyTuple_GET_ITEM(state, 1), PyTuple_GET_ITEM(state, 2), PyTuple_GET_ITEM(state, 3),
        cruxed) : NULL;
    Py_XDECREF(found);
    Py_XDECREF(state);
    Py_XDECREF(cruxed);
    return result;
}

/* answer_of() the hand, stored into the lists. */
static PyObject *graded(const Hand *h, int stalled, int settled, const int *log, int steps,
                        const Crux *crux, PyObject *values, PyObject *digits) {
    return answer_of(h, stalled, settled, log, steps, crux, calc_state_object(h, values, digits));
}

/* answer_of() the hand, no lists: a grading of a caller in C. */
static PyObject *answer_object(const Hand *h, int stalled, int settled, const int *log,
                               int steps, const Crux *crux) {
    return answer_of(h, stalled, settled, log, steps, crux, calc_state_masks(h));
}

/* The hand, cages, plan, crux and log of the last grading, both entries' (read_plan keeps
   which tuples it last read into this one plan). */
static Hand hand;
static Cage hand_cages[CALC_CELLS];
static Plan plan;
static Crux crux;
static int log_of[2 * (CALC_CELLS * CALC_MAX + 1)];

const char calcudoku_grade_doc[] =
"calcudoku_grade(grader, n, tables, values, cell_digits, unsettled, unpermuted, groups,\n"
"sums, steps, bulk_ranks)\n--\n\n"
"grader.grade_within_in_python on a Calcudoku state (calcudoku/techniques.CalcCandidates:\n"
"values and cell_digits, lists changed in place, its marks), the cages as\n"
"CalcCages.narrowing_tables, their areas made from the board's groups of lines and the\n"
"cages' known sums (quiet.group_tables, quiet.sums), on the square's Grader: the\n"
"techniques tried one step at a time ((kind, rank, number): 0 a classic technique's\n"
"number, 1 a calcudoku_find code), the ladder ranks of calcsettle.c's bulk\n"
"techniques. (stalled, the hardest bulk rank or -1, ((rank, length) per step),\n"
"digit_cells, open_cells, unsettled, unpermuted, crux): crux None, or (the index of the\n"
"last step of the hardest technique, and the values, cell_digits, unsettled and\n"
"unpermuted it was found in).";

PyObject *calcudoku_grade(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Hand *h = &hand;
    if (!check_arity(nargs, 11, "calcudoku_grade")) return NULL;
    const GradeTables *t = grader_tables(args[0]);
    if (!t || calc_hand(h, hand_cages, args + 1, "calcudoku_grade") < 0) return NULL;
    if (t->n != h->n || t->cells != h->cells)
        return PyErr_Format(PyExc_ValueError, "calcudoku_grade: the grader is not the board's");
    if (convert_mask(args[5], h->unsettled, CALC_W, CALC_CELLS, "unsettled") < 0 ||
        convert_mask(args[6], h->unpermuted, CALC_W, CALC_CELLS, "unpermuted") < 0 ||
        calc_read_areas(h, args[7], args[8], &plan.areas, &plan.area_count) < 0 ||
        read_plan(args[9], args[10], &plan) < 0)
        return NULL;
    unpermuted_cages_of(h);
    int steps = 0, settled = -1;
    Tools *tools = tools_for(args[0], t);
    int stalled = tools ? grade_loop(t, h, &plan, tools, log_of, &steps, &settled, &crux)
                        : NO_MEMORY;
    return stalled < 0 ? PyErr_NoMemory()
                       : graded(h, stalled, settled, log_of, steps, &crux, args[3], args[4]);
}

/* ---- the grading for a caller in C ---------------------------------------------------- */

/* What calc_grade_ready() was given, borrowed for the caller's call. */
static struct {
    PyObject *grader, *groups, *steps, *bulk_ranks;
    const GradeTables *t;
} ready;

int calc_grade_ready(PyObject *grader, PyObject *groups, PyObject *steps, PyObject *bulk_ranks) {
    const GradeTables *t = grader_tables(grader);
    if (!t || calc_groups_fit(groups) < 0 || read_plan(steps, bulk_ranks, &plan) < 0) return -1;
    ready.grader = grader, ready.groups = groups, ready.t = t;
    ready.steps = steps, ready.bulk_ranks = bulk_ranks;
    return 0;
}

int calc_grade_blank(int n, const unsigned char *tables, Py_ssize_t length, const int64_t *sums,
                     Py_ssize_t sums_count, CalcGraded *out) {
    const GradeTables *t = ready.t;
    Hand *h = &hand;
    if (t->n != n) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_grade: the grader is not the board's");
        return -1;
    }
    if (calc_hand_blank(h, hand_cages, n, tables, length, "calcudoku_grade") < 0 ||
        read_plan(ready.steps, ready.bulk_ranks, &plan) < 0)
        return -1;
    if (sums_count != h->cages) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_grade: the groups or sums do not fit");
        return -1;
    }
    calc_areas_of(h, ready.groups, sums, &plan.areas, &plan.area_count);
    Tools *tools = tools_for(ready.grader, t);
    out->steps = 0, out->settled = -1;
    out->stalled = tools ? grade_loop(t, h, &plan, tools, log_of, &out->steps, &out->settled,
                                      &crux) : NO_MEMORY;
    if (out->stalled < 0) {
        PyErr_NoMemory();
        return -1;
    }
    out->log = log_of, out->open = !solved(h);
    return 0;
}

/* The packed grading: its numbers, then the hand's values, digits and marks, the crux's,
   the log (ints, masks and words as C holds them). */
typedef struct {
    int n, stalled, settled, steps, crux_index, named;
    word cells[CALC_W];
} PackedHead;

static size_t packed_size(const PackedHead *head) {
    size_t cells = (size_t)head->n * (size_t)head->n;
    size_t hand_size = cells * (sizeof(int) + sizeof(mask)) + 2 * sizeof(word) * CALC_W;
    return sizeof *head + (head->crux_index >= 0 ? 2 : 1) * hand_size +
           2 * sizeof(int) * (size_t)head->steps;
}

static char *put(char *at, const void *from, size_t size) {
    memcpy(at, from, size);
    return at + size;
}

static const char *take(const char *at, void *into, size_t size) {
    memcpy(into, at, size);
    return at + size;
}

/* A hand's values, digits and marks, put or taken. */
static char *put_hand(char *at, int cells, const int *values, const mask *digits,
                      const word *unsettled, const word *unpermuted) {
    at = put(at, values, sizeof(int) * (size_t)cells);
    at = put(at, digits, sizeof(mask) * (size_t)cells);
    at = put(at, unsettled, sizeof(word) * CALC_W);
    return put(at, unpermuted, sizeof(word) * CALC_W);
}

static const char *take_hand(const char *at, int cells, int *values, mask *digits,
                             word *unsettled, word *unpermuted) {
    at = take(at, values, sizeof(int) * (size_t)cells);
    at = take(at, digits, sizeof(mask) * (size_t)cells);
    at = take(at, unsettled, sizeof(word) * CALC_W);
    return take(at, unpermuted, sizeof(word) * CALC_W);
}

PyObject *calc_graded_packed(const CalcGraded *graded) {
    const Hand *h = &hand;
    PackedHead head = {h->n, graded->stalled, graded->settled, graded->steps, crux.index,
                       crux.index >= 0 && crux.named, {0}};
    if (head.named) memcpy(head.cells, crux.cells, sizeof head.cells);
    PyObject *packed = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)packed_size(&head));
    if (!packed) return NULL;
    char *at = put(PyBytes_AS_STRING(packed), &head, sizeof head);
    at = put_hand(at, h->cells, h->values, h->digits, h->unsettled, h->unpermuted);
    if (crux.index >= 0)
        at = put_hand(at, h->cells, crux.values, crux.digits, crux.unsettled, crux.unpermuted);
    put(at, graded->log, 2 * sizeof(int) * (size_t)graded->steps);
    return packed;
}

/* A hand of the unpacked grading (its cells alone read). */
static Hand unpacked;

/* The cells crux.py names the crux by, ascending, or None where they are not known here. */
static PyObject *cells_object(int n, int named, const word *cells) {
    if (!named) return Py_NewRef(Py_None);
    int at[CALC_CELLS], count = 0;
    for (int c = 0; c < n * n; c++)
        if (marked(cells, c)) at[count++] = c;
    return tuple_of_ints(at, count);
}

PyObject *calc_graded_unpacked(PyObject *packed, PyObject **cells) {
    PackedHead head;
    Crux was;
    Hand *h = &unpacked;
    if (!PyBytes_Check(packed) || (size_t)PyBytes_GET_SIZE(packed) < sizeof head)
        goto bad;
    const char *at = take(PyBytes_AS_STRING(packed), &head, sizeof head);
    if (head.n < 1 || head.n > CALC_MAX || head.steps < 0 ||
        head.steps > CALC_CELLS * CALC_MAX + 1 ||
        (size_t)PyBytes_GET_SIZE(packed) != packed_size(&head))
        goto bad;
    h->n = head.n, h->cells = head.n * head.n;
    at = take_hand(at, h->cells, h->values, h->digits, h->unsettled, h->unpermuted);
    was.index = head.crux_index;
    if (was.index >= 0)
        at = take_hand(at, h->cells, was.values, was.digits, was.unsettled, was.unpermuted);
    take(at, log_of, 2 * sizeof(int) * (size_t)head.steps);
    if (!(*cells = cells_object(head.n, head.named, head.cells))) return NULL;
    PyObject *answer = answer_object(h, head.stalled, head.settled, log_of, head.steps, &was);
    if (!answer) Py_CLEAR(*cells);
    return answer;
bad:
    PyErr_SetString(PyExc_ValueError, "calcudoku_climb: not a packed grading");
    return NULL;
}

PyObject *calc_graded_answer(const CalcGraded *graded) {
    return answer_object(&hand, graded->stalled, graded->settled, graded->log, graded->steps,
                         &crux);
}

const char calcudoku_grade_tables_doc[] =
"calcudoku_grade_tables(grader, n, tables, groups, sums, steps, bulk_ranks)\n--\n\n"
"calcudoku_grade on the blank state of the cages of `tables` (every cell open with every\n"
"digit, unsettled and unpermuted), the tables read and graded in C, no lists: (its\n"
"answer, the cells crux.py names the answer's crux by where a cage or area technique\n"
"found it, ascending, else None).";

PyObject *calcudoku_grade_tables(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    long n;
    char *tables, *sums;
    Py_ssize_t length, sums_length;
    CalcGraded graded;
    if (!check_arity(nargs, 7, "calcudoku_grade_tables") ||
        convert_int(args[1], 1, CALC_MAX, &n, "calcudoku_grade_tables: n") < 0 ||
        PyBytes_AsStringAndSize(args[2], &tables, &length) < 0 ||
        PyBytes_AsStringAndSize(args[4], &sums, &sums_length) < 0 ||
        calc_grade_ready(args[0], args[3], args[5], args[6]) < 0 ||
        calc_grade_blank((int)n, (const unsigned char *)tables, length, (const int64_t *)sums,
                         sums_length % 8 ? -1 : sums_length / 8, &graded) < 0)
        return NULL;
    PyObject *cells = cells_object((int)n, crux.index >= 0 && crux.named, crux.cells);
    PyObject *answer = cells ? calc_graded_answer(&graded) : NULL;
    return answer ? Py_BuildValue("(NN)", answer, cells) : (Py_XDECREF(cells), NULL);
}
