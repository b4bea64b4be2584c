/* What latintrade.c shares with latindig.c: a Latin-square puzzle's items kept or taken
   away on C arrays, read from Python, and a trial of them asked whether it is within
   reach. */

#ifndef BOOKMAKER_LATINDIG_H
#define BOOKMAKER_LATINDIG_H

#include "pytypes.h"
#include "latinreach.h"

#define DATA_MAX ((int)(sizeof(((Rule *)0)->data) / sizeof(int)))

/* A puzzle being dug. Items: the n*n givens (item c: cell c), then the kind's own items
   (item n*n + j: the ints full[starts[j]] .. full[starts[j] + width - 1] of the data). */
typedef struct {
    const GradeTables *t;
    int solution[LATIN_CELLS];
    int *kept;                  /* per item: 1 kept, 0 taken away */
    int *full, *starts;         /* the data with every own item kept; each one's span */
    int full_count, own, width;
    int blank;                  /* an own item left out: its span 0 (else cut out) */
    int code, bulk_code, first_grade;
    int unique;                 /* a trial asked for one solution, not within reach */
    long long nodes;
    Rule rule, bulk_rule;
    int rules_count, rules_data[FOLLOWED_MAX];  /* the data rule and bulk_rule were last
                                                   made of (count -1: unknown) */
    Plan plan;
} Dig;

/* Whether the kept items make a puzzle within reach of `plan` (latin/grading.
   within_reach: first_grade, nodes as there), its rules (code, bulk_code) made from the
   kept own items' data: 1, 0; -1 out of memory, -2 data the rules cannot take. `hardest`
   (or NULL) as latin_reach_from's. */
int dig_reach(Dig *d, Plan *plan, int first_grade, long long nodes, int *hardest);
/* The cells where a solution other than the dug one must differ from it if it keeps
   the own item j (a sign's two cells, a clue's line), into `cells`; how many, 0 for a
   rule whose items it does not know. */
int dig_own_cells(const Dig *d, int j, int *cells);
/* dig_reach, with latin_reach_stalled's `stalled_at`. */
int dig_reach_stalled(Dig *d, Plan *plan, int first_grade, long long nodes, int *hardest,
                      int *stalled_at);
/* Dig's fields from args (solution args[1], kept [2], data [5], starts [6], width [7],
   blank [8], code [9], nodes [nodes]), its item count into *items; -1 with an exception
   set (what was read is freed by dig_free). */
int dig_read(PyObject *const *args, int nodes, Dig *d, int *items);
/* The rules (code args[9], bulk code args[10]) of the whole data (args[5]), read from
   Python (which checks its clues or cells); -1 with an exception set. */
int dig_rules_fit(Dig *d, PyObject *const *args);
/* A sequence of ints in [low, high] into a new array (PyMem); its length into *count
   (at most `most`); NULL with an exception set. */
int *dig_read_array(PyObject *sequence, long low, long high, int most, int *count,
                    const char *what);
/* The arrays read freed, and `order` (PyMem, or NULL). */
void dig_free(Dig *d, int *order);

#endif
