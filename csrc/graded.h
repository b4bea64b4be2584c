/* Generation to a grade, compiled: core/generate/graded.py's graded_removal_in_python
   (removal by search, one grading, then adding orbits back or cutting the removals back
   until the grade is the target), decision for decision, on the solver's and the
   grader's tables, so an attempt crosses into C once. */

#ifndef BOOKMAKER_GRADED_H
#define BOOKMAKER_GRADED_H

#include "grade.h"

/* How grader.grade_state_within runs for one ceiling, and how its grading's grade is
   read (grading_of): the techniques tried one step at a time and the bulk forms (as
   twins.compiled_ladder gives them), each technique's rank in the ladder, and each
   rank's grade (an index into GRADES). */
typedef struct {
    const int *techniques;      /* count: technique numbers */
    const int *ranks;           /* count: their ladder ranks */
    int count;
    const int *bulks, *bulk_ranks;
    int bulk_count;
    const int *rank_grades;     /* ladder rank -> grade index */
    int rank_count;
    int stall_grade;            /* a grid left open: the last grade ("extreme") */
    int ceiling;                /* the target's grade index */
    int last;                   /* the ceiling is the last grade: a stall is graded */
} GradePlan;

/* graded_removal: from a solution and its orbits in the seeded order (cells listed
   orbit after orbit, orbit k being cells[start[k]] .. cells[start[k + 1] - 1]), the
   givens (into `givens`), the grade of the minimal puzzle if within the target (*first,
   else -1) and the grade of the result (*final, -1 if none within the target). add_back:
   give orbits back (hard and above), else cut back; *rng is drawn from as rng.shuffled
   would. 0, or -1 if memory ran out. */
int graded_removal(const GradeTables *t, const GradePlan *plan, const int *solution,
                   const int *cells, const int *start, int orbits, int add_back,
                   uint64_t *rng, long long max_nodes, int *givens, int *first, int *final);

#ifdef Py_PYTHON_H
/* pygrade.c: a Grader object's tables, or NULL with a TypeError or ValueError. */
const GradeTables *grader_tables(PyObject *grader);
#endif

#endif
