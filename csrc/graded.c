/* Generation to a grade, compiled (graded.h): graded.py's graded_removal_in_python, its
   _add_back, _cut_back and _longest_run_within, with the grader's grade_run standing for
   grade_within and reading only the grade the Python would compare. */

#include <stdlib.h>

#include "graded.h"
#include "splitmix.h"

/* One grading's state and log, reused for every grading of an attempt. */
typedef struct {
    const GradeTables *t;
    const GradePlan *plan;
    GradeState s;
    void *memory;
    StepLog log;
    int rank_of[TECHNIQUES];    /* each technique number's ladder rank */
} Grading;

static int grading_init(Grading *g, const GradeTables *t, const GradePlan *plan) {
    size_t w = (size_t)t->w;
    g->t = t, g->plan = plan;
    g->log = (StepLog){NULL, 0, 0, 0};
    g->memory = malloc(sizeof(word) * ((size_t)t->n * w + 2 * w) +
                       (sizeof(int) + sizeof(digits)) * (size_t)t->cells);
    if (!g->memory) return -1;
    GradeState *s = &g->s;
    s->digit_cells = g->memory;
    s->open = s->digit_cells + (size_t)t->n * w;
    s->unsettled = s->open + w;
    s->values = (int *)(s->unsettled + w);
    s->cell_digits = (digits *)(s->values + t->cells);
    s->killer = NULL;
    set_clear(s->unsettled, t->w);
    for (int k = 0; k < TECHNIQUES; k++) g->rank_of[k] = -1;
    for (int k = 0; k < plan->count; k++) g->rank_of[plan->techniques[k]] = plan->ranks[k];
    return 0;
}

static void grading_free(Grading *g) {
    free(g->memory);
    free(g->log.data);
}

/* The hardest ladder rank among the logged steps (-1 if none). */
static int hardest_logged(const Grading *g) {
    const int *at = g->log.data;
    int hardest = -1;
    for (int k = 0; k < g->log.steps; k++) {
        int rank = g->rank_of[at[0]];
        if (rank > hardest) hardest = rank;
        at += 3 + 2 * at[2];    /* technique, length, placements and their pairs */
        at += 1 + 2 * at[0];    /* eliminations and their pairs */
        at += 1 + at[0];        /* the explanation's numbers */
    }
    return hardest;
}

/* grade_within(Grid(shape, cells), ceiling)'s grade as an index into GRADES: -1 for None
   (harder than the ceiling), -2 if memory ran out. As grader.grading_of reads it: no
   step and solved is beginner, a grid left open the last grade, else the grade of the
   hardest technique used (stepped or in bulk). */
static int grade_of(Grading *g, const int *cells) {
    const GradePlan *p = g->plan;
    int settled_rank, stalled;
    state_from_givens(g->t, &g->s, cells);
    g->log.used = 0, g->log.steps = 0;
    if (grade_run(g->t, &g->s, p->techniques, p->count, p->bulks, p->bulk_ranks,
                  p->bulk_count, 1, 0, &g->log, &settled_rank, &stalled) < 0)
        return -2;
    if (stalled && !p->last) return -1;
    int hardest = hardest_logged(g), solved = set_is_empty(g->s.open, g->t->w);
    if (settled_rank > hardest) hardest = settled_rank;
    if (!solved) return p->stall_grade;
    if (hardest < 0) return 0;
    return hardest < p->rank_count ? p->rank_grades[hardest] : -2;
}

/* An attempt's arrays. */
typedef struct {
    const GradeTables *t;
    const int *solution, *cells, *start;
    int orbits;
    int *blanked, count;        /* the orbits the first removal blanked, in order */
    int *order;                 /* scratch: orbit numbers */
} Attempt;

static void set_orbit(const Attempt *a, int k, int *givens, int blank) {
    for (int j = a->start[k]; j < a->start[k + 1]; j++)
        givens[a->cells[j]] = blank ? 0 : a->solution[a->cells[j]];
}

/* _add_back: the blanked orbits given back in a seeded order, each kept while the puzzle
   is still harder than the target, blanked again if it became easier; the grade of the
   result (-1: none reached the target), -2 for memory. */
static int add_back(Grading *g, Attempt *a, uint64_t *rng, int *givens) {
    for (int k = 0; k < a->count; k++) a->order[k] = a->blanked[k];
    splitmix_shuffle(rng, a->order, a->count);
    for (int k = 0; k < a->count; k++) {
        set_orbit(a, a->order[k], givens, 0);
        int grade = grade_of(g, givens);
        if (grade < -1 || grade == g->plan->ceiling) return grade;
        if (grade >= 0) set_orbit(a, a->order[k], givens, 1);
    }
    return -1;
}

/* The solution with the first `count` blanked orbits blanked, into givens. */
static void without(const Attempt *a, int count, int *givens) {
    for (int cell = 0; cell < a->t->cells; cell++) givens[cell] = a->solution[cell];
    for (int k = 0; k < count; k++) set_orbit(a, a->blanked[k], givens, 1);
}

/* _longest_run_within: k such that blanking the first k blanked orbits is within the
   target and the first k + 1 is not; -2 for memory. */
static int longest_run_within(Grading *g, const Attempt *a, int *givens) {
    int low = 0, high = a->count;
    while (high - low > 1) {
        int middle = (low + high) / 2;
        without(a, middle, givens);
        int grade = grade_of(g, givens);
        if (grade < -1) return -2;
        if (grade == -1) high = middle;
        else low = middle;
    }
    return low;
}

/* Whether every cell of orbit k is forced by the givens (removal.Clues.forced, in
   order, stopping at the first that is not); -1 for memory. */
static int orbit_forced(const Attempt *a, int k, const int *givens, long long max_nodes) {
    for (int j = a->start[k]; j < a->start[k + 1]; j++) {
        int forced = solver_forced(a->t->board, givens, a->solution, a->cells[j], max_nodes);
        if (forced <= 0) return forced;
    }
    return 1;
}

/* _cut_back: the longest run of the removals within the target, then the orbits after
   the one that broke it, each blanked if the puzzle stays unique and within the target
   (blank_orbits with accept); the grade of the result, -2 for memory. */
static int cut_back(Grading *g, Attempt *a, long long max_nodes, int *givens) {
    int within = longest_run_within(g, a, givens);
    if (within < 0) return within;
    without(a, within, givens);
    long long count = a->t->cells;
    for (int k = 0; k < within; k++) count -= a->start[a->blanked[k] + 1] - a->start[a->blanked[k]];
    for (int k = a->blanked[within] + 1; k < a->orbits && count > 0; k++) {
        int size = a->start[k + 1] - a->start[k];
        if (count - size < 0) continue;
        set_orbit(a, k, givens, 1);
        int forced = orbit_forced(a, k, givens, max_nodes);
        int grade = forced > 0 ? grade_of(g, givens) : -1;
        if (forced < 0 || grade < -1) return -2;
        if (forced > 0 && grade >= 0) count -= size;
        else set_orbit(a, k, givens, 0);
    }
    return grade_of(g, givens);
}

int graded_removal(const GradeTables *t, const GradePlan *plan, const int *solution,
                   const int *cells, const int *start, int orbits, int add_back_orbits,
                   uint64_t *rng, long long max_nodes, int *givens, int *first, int *final) {
    Grading g;
    Attempt a = {t, solution, cells, start, orbits, NULL, 0, NULL};
    if (grading_init(&g, t, plan) < 0) return -1;
    a.blanked = malloc(sizeof(int) * (2 * (size_t)orbits + 1));
    int result = a.blanked ? solver_remove_clues(t->board, solution, cells, start, orbits, 0,
                                                 max_nodes, givens) : -1;
    if (result == 0) {
        a.order = a.blanked + orbits;
        for (int k = 0; k < orbits; k++)
            if (start[k] == start[k + 1] || givens[cells[start[k]]] == 0) a.blanked[a.count++] = k;
        *first = *final = grade_of(&g, givens);
        if (*first == -1)
            *final = add_back_orbits ? add_back(&g, &a, rng, givens)
                                     : cut_back(&g, &a, max_nodes, givens);
        if (*first < -1 || *final < -1) result = -1;
    }
    free(a.blanked);
    grading_free(&g);
    return result;
}
