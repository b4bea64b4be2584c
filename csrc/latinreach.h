/* What latingrade.c shares with latindig.c: a ladder as the compiled grading loop takes
   it (a plan), read from Python once, and the "within reach?" question digging asks of
   each trial puzzle. */

#ifndef BOOKMAKER_LATINREACH_H
#define BOOKMAKER_LATINREACH_H

#include "graded.h"
#include "latin.h"

/* A technique's code in the plan (latin/grading.py's STEP_*). */
enum { STEP_CLASSIC, STEP_FORK, STEP_VISIBLE, STEP_CHAINS };
#define PLAN_MAX 48
#define WORDS (LATIN_CELLS / 64)

/* A technique of the plan, as latin/grading._static_plan gives it: (code, rank, a, b,
   slot), its data the call's datas[slot]. STEP_CLASSIC: a the classic technique's number;
   STEP_FORK: data the signs (smaller, larger pairs), whose forks it tries; STEP_VISIBLE:
   a..b open cells, data Skyscrapers' four sides of clues; STEP_CHAINS: b the most
   rounds, on the call's rule. */
typedef struct {
    int code, rank, a, b, count;
    int *data;      /* STEP_FORK's forks (four ints each), owned */
    Rule *rule;     /* STEP_VISIBLE's lines, owned; STEP_CHAINS' rule, the call's */
} PlanStep;

/* The most ints of a kind's data a plan or a dig remembers having followed (4 sides of
   16 clues; Futoshiki's signs up to 9x9): a trial whose data is the last one's is not
   made again (digging's trials mostly take a given, the data as it was). */
#define FOLLOWED_MAX 512

typedef struct {
    PlanStep steps[PLAN_MAX];
    int count, bulk_count;
    Bulk bulks[BULK_MAX];
    int bulk_codes[BULK_MAX];  /* each bulk technique's code as given (a clued one's
                                  Bulk holds FIXED_MASKS) */
    int followed_count, followed[FOLLOWED_MAX];  /* the data last followed; count -1:
                                                    none known */
} Plan;

/* The plan from its steps, bulk and data lists, forcing chains on `rule`; -1 with an
   exception set (freed). */
int latin_read_plan(PyObject *steps, PyObject *bulks, PyObject *datas, Rule *rule, Plan *p);
void latin_plan_free(Plan *p);
/* Each technique of the plan that reads the kind's data (forks, visible lines, sign
   bounds, clued masks) made again from `data`; -1 if the data does not fit. */
int latin_plan_follow(Plan *p, int n, const int *data, int count);
/* latin/grading.within_reach of the givens: 1, 0, or -1 if memory ran out; where it is
   1 and `hardest` is not NULL, the highest rank of the steps the loop took into it (-1
   for none: the propagation or the bulk techniques alone solved it). */
int latin_reach_from(const GradeTables *t, const int *givens, const Rule *bulk_rule,
                     const Rule *rule, int first_grade, long long nodes, const Plan *p,
                     int *hardest);
/* latin_reach_from; where the loop stalled (0 returned, no search for a second solution)
   the values it had placed (0: open) into `stalled_at` (or NULL), else stalled_at[0] -1. */
int latin_reach_stalled(const GradeTables *t, const int *givens, const Rule *bulk_rule,
                        const Rule *rule, int first_grade, long long nodes, const Plan *p,
                        int *hardest, int *stalled_at);
/* The grader's tables if they are a Latin square's; NULL with an exception set. */
const GradeTables *latin_tables(PyObject *grader);

#endif
