/* What calcclimb.c and calcharden.c share: a generator's draft as C reads it (its groups
   over the solution, their operations by code) and the changes made to it, the grading of
   a change's tables, and the reading of their arguments. */

#ifndef BOOKMAKER_CALCCHANGE_H
#define BOOKMAKER_CALCCHANGE_H

#include "pytypes.h"
#include "splitmix.h"

#define CLIMB_MAX_N 16
#define CLIMB_CELLS (CLIMB_MAX_N * CLIMB_MAX_N)
#define CLIMB_MAX_CAGE 4     /* layout.MAX_CAGE: what a merge or a move may make */
#define CLIMB_GROUP_MOST 4   /* cells a group may hold here, as the generator makes them
                                (else the Python runs): a split leaves at most 3 pieces */
#define CALC_WORDS (CLIMB_CELLS / 64)

/* Operations by code, as `operations` names them: HIDDEN, ADD, SUBTRACT, MULTIPLY, DIVIDE. */
enum { OP_HIDDEN, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_COUNT };

typedef struct {
    int count, cells[CLIMB_GROUP_MOST], op;
} Group;

/* A change: the groups it removes and the groups it adds (cells ascending; a cell split
   off a cage of four may leave three pieces). */
typedef struct {
    int removed[2], removes, adds;
    Group added[4];
} Change;

typedef struct {
    int n, cells, count;                 /* board size, its cells, the draft's groups */
    int solution[CLIMB_CELLS], owner[CLIMB_CELLS];
    int by_first[CLIMB_CELLS];           /* the groups by first cell (the climb's keys) */
    unsigned char near[CLIMB_CELLS];     /* all 1 where there is no crux */
    Group group[CLIMB_CELLS];
    int made_with[OP_COUNT], made_count; /* the type's operations, in its order */
    long long odds[3];                   /* recipe: divide, subtract, multiply */
    uint64_t state;
    Change *change;
    int changes, capacity;
} Climb;

/* What the grading needs besides the change: the parent's slots, the words of new groups,
   the grader and its fixed arguments, the cache and what a grade means. */
typedef struct {
    PyObject *words, *sums;       /* the parent's slots: per cell bytes (b"" but first cells) */
    long long count;              /* the parent's groups */
    PyObject *words_kept;         /* DraftCages.words_kept: (cells, operation) -> words */
    int shown[OP_COUNT];          /* what a cage of each operation shows (the type's shown()) */
    PyObject *operations;         /* operation strings by code */
    PyObject *grader, *board, *groups_table, *full, *plan_steps, *plan_bulk;
    PyObject *rank_levels, *rank_grades, *rank_weights, *rounded_work, *ceiling, *cache;
    /* The gradings of the changes the cache holds at the climb's level or above (groups
       key -> the grading packed, calcloop.c's calc_graded_packed), or NULL: a change kept
       from the cache needs no grading again for its crux. */
    PyObject *answers;
} Grading;

/* The tuple (first, second), taking both references (Py_BuildValue's "(NN)" without its
   format read each call: the climb makes several per change); NULL where either is. */
static inline PyObject *climb_pair(PyObject *first, PyObject *second) {
    PyObject *pair = first && second ? PyTuple_New(2) : NULL;
    if (!pair) {
        Py_XDECREF(first), Py_XDECREF(second);
        return NULL;
    }
    PyTuple_SET_ITEM(pair, 0, first), PyTuple_SET_ITEM(pair, 1, second);
    return pair;
}

/* _operations_over(): the operations over the cells, in the type's order, into out. */
int climb_operations_over(const Climb *c, const int *cells, int count, int *out);
int climb_contains(const int *ops, int count, int op);
/* DraftCages.weaker() of the group, into out. */
int climb_weaker(const Climb *c, const Group *g, int *out);
/* choose_operation(): drawn from the climb's stream. */
int climb_choose_operation(Climb *c, const int *cells, int count);
/* The two lists of cells joined, ascending, into g. */
void climb_joined(Group *g, const int *a, int na, const int *b, int nb);
/* _merges() as pairs of group indices (2 ints each); -1 out of memory. */
int climb_merges(const Climb *c, int *pairs);
/* (cells, operation) of a group. */
PyObject *climb_group_object(const Group *g, PyObject *operations);
/* A change's grading tables in C memory (climb_change_tables()'s, until it is asked
   again): narrowing_tables' words (`count`), and the cages' known sums. */
typedef struct {
    uint64_t *words;
    size_t count;
    int64_t sums[CLIMB_CELLS];
    int cages;
} ChangeTables;

/* Draft.grading_tables() of the draft changed so, into out: 1, 0 where a new group has
   no words, -1 on error. */
int climb_change_tables(const Climb *c, const Change *change, const Grading *g,
                        ChangeTables *out);
/* The (tables, sums, ceiling) key of the draft changed so; Py_None where a new group has
   no words. */
PyObject *climb_change_key(const Climb *c, const Change *change, const Grading *g);
/* The compiled grader's answer on a key's tables, called as Python calls it (the
   hardening loop's). */
PyObject *climb_grader_answer(const Climb *c, PyObject *key, const Grading *g);
/* n, solution, made_with and odds of calcudoku_climb's arguments (args[0, 1, 3, 4, 7]). */
int climb_read_climb(Climb *c, PyObject *const *args);
/* The groups: 1 read, 0 past what C holds, -1 on error. */
int climb_read_groups(Climb *c, PyObject *groups, PyObject *operations);
int climb_read_grading(Grading *g, PyObject *slots, PyObject *grading, long *level);
/* The words argument, (DraftCages.words_kept, shown codes), into g (calcwords.c). */
int climb_read_words(Grading *g, PyObject *words);
/* DraftCages.words() of a new group in C, kept in g->words_kept (calcwords.c): a new
   reference to (words, sum), or to Py_None where a filling needs more than 64 bits; NULL
   on error. */
PyObject *climb_words_of(const Climb *c, const Group *group, const Grading *g);

#endif
