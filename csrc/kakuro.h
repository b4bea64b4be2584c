/* The Kakuro grader's state and techniques on C arrays, shared by kakuro.c (the run
   techniques, one sweep or the ladder's run part, for Python callers that keep the steps)
   and kakurograde.c (the whole unworded ladder in one call: cross sums, forcing chains). */

#ifndef KAKURO_H
#define KAKURO_H

#include "pytypes.h"

#define KAKURO_ALL 0x1ff
#define RUN_MOST 9               /* cells in a run */

/* The ladder's ranks (grade.py's KAKURO_TECHNIQUES): the run techniques, then the cross
   sums over areas, then the forcing chains over the board. */
enum { LAST_CELL, UNIQUE_COMBINATION, NAKED_SINGLE, COMBINATION_INTERSECTION, UNIQUE_DIGIT,
       SUM_BOUNDS, NAKED_PAIR, NAKED_TRIPLE, RUN_PERMUTATIONS, RUN_TECHNIQUES,
       CROSS_SUM = RUN_TECHNIQUES, SMALL_CROSS_SUMS, LARGE_CROSS_SUMS, SHORT_FORCING_CHAIN,
       FORCING_CHAIN, LADDER };

/* A Kakuro's runs as flat lists: run r's cells are cell[cell_start[r]..cell_start[r+1]),
   and likewise a run's combinations, a cell's runs and a cell's peers (shape.peers). */
typedef struct {
    int cell_count, run_count;
    int *cell_start, *cell, *combo_start, *combo, *runs_start, *runs, *peer_start, *peer;
} Tables;

/* The cross sums' areas of a board (areas.py), as kakurograde.c's kakuro_areas makes
   them: area i's outies are outie[outie_start[i]..outie_start[i+1]), its total the totals
   of the runs through it (through, likewise) less those inside it (inside), differ[j] the
   outies (bits by their place in the area) an outie shares a run with; a cell's areas are
   with[with_start[c]..with_start[c+1]). `total` is filled for the totals of each call. */
typedef struct {
    int area_count, cell_count, run_count;
    int *outie_start, *outie, *inside_start, *inside, *through_start, *through, *differ;
    int *with_start, *with, *total;
} Areas;

/* A step: (cell, value) pairs placed or removed, and its length (a forcing chain's). */
typedef struct {
    int place_count, remove_count, length;
    int place[RUN_MOST][2];
    int (*remove)[2];   /* room for every candidate of the board */
} Found;

/* A solve on the KakuroState's lists copied into arrays: each cell's digit and
   candidates, each run's placed digits and what it has left; the cells logged since the
   Python log's length `base` (positions before it are read from `pylog`). The steps go
   to `steps` as Python tuples (each with its rank where rank is not -1), or, with steps
   NULL, only counted: steps and their lengths per rank. */
typedef struct {
    const Tables *t;
    const Areas *a;
    int *values, *cands, *placed, *left, *log;
    Py_ssize_t base, logged, log_room;
    PyObject *pylog, *steps;
    long placements;
    int rank;
    long counts[LADDER], lengths[LADDER];
} Sweep;

typedef int (*Technique)(Sweep *, int, Found *);
extern const Technique KAKURO_RUN_TECHNIQUES[RUN_TECHNIQUES];

/* kakuro.c: the state in and out of the Python lists, a step applied, the places a
   technique looks again (runs, or with `areas` the areas), the rounds of forcing chains. */
int kakuro_sweep_open(Sweep *s, const Tables *t, PyObject *const *lists);
int kakuro_sweep_close(Sweep *s, PyObject *const *lists, int failed);
int kakuro_apply(Sweep *s, const Found *f);
int kakuro_touched(const Sweep *s, Py_ssize_t start, int areas, unsigned char *marks,
                   int *places);
int kakuro_eliminations(const Sweep *s, const int *cells, int count, const long *keep,
                        Found *f);
int kakuro_placement(Found *f, int cell, int value);
long kakuro_rounds_of(const Tables *t, unsigned short *cands, unsigned char *wave,
                      unsigned char *next, long most);
int kakuro_sized_list(PyObject *list, int size);

#endif
