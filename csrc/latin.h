/* What latin.c and latinsettle.c share with the Latin grading loop (latingrade.c): a
   kind's rule as the propagation takes it, the hand-solving state of the bulk
   techniques, and the searches of the kinds' own techniques. */

#ifndef BOOKMAKER_LATIN_H
#define BOOKMAKER_LATIN_H

#include <stdint.h>

#define LATIN_MAX 16
#define LATIN_CELLS (LATIN_MAX * LATIN_MAX)

typedef uint32_t mask;

/* A rule as (code, data), latin/search.py's Rule: RULE_NONE (no data), RULE_SIGNS
   (smaller, larger cell pairs), RULE_BOUNDS (an allowed mask per cell), RULE_LINES (per
   clued line its n cells from the front, then the front and back clues). */
enum { RULE_NONE, RULE_SIGNS, RULE_BOUNDS, RULE_LINES };
/* A rule given by Skyscrapers' four sides of clues (top, right, bottom, left: 4n ints),
   read as the RULE_LINES or RULE_BOUNDS rule they make (latinclues.c). */
enum { RULE_CLUED_LINES = RULE_LINES + 1, RULE_CLUED_BOUNDS };

typedef struct {
    int n, code, count;   /* count: the data's ints */
    int data[LATIN_CELLS * 2 + 2 * LATIN_MAX * (LATIN_MAX + 2)];
    /* RULE_LINES: each clued line's row (0 .. n-1) or column (n .. 2n-1), where
       lines_known (each is one, none twice): the propagation sweeps only the lines that
       may change (latin.c) */
    int lines_known, line_of[2 * LATIN_MAX];
} Rule;

/* latin.c: search.rounds_to_contradiction (latin_rounds): the rounds to a contradiction,
   0 for none (most < 0: no limit). */
int latin_propagate(const Rule *rule, mask *m, int most);
/* latin.c: search.search's count of solutions up to `limit` (latin_search, no preferred
   values); -1 without memory. */
int latin_count(const Rule *rule, const mask *start, int limit, long long max_nodes);
/* search.Search.unique of search.search(.., limit 2, max_nodes, prefer): 1, 0; -1 without
   memory. */
int latin_unique(const Rule *rule, const mask *start, long long max_nodes, const int *prefer);
/* latin.c: whether the search (no preferred values) finds a solution within max_nodes:
   1, 0 (none, the search complete), 2 (the nodes ran out first); -1 without memory. */
int latin_any(const Rule *rule, const mask *start, long long max_nodes);
/* latin_any, the solution found (where it returns 1) into `solution` (or NULL). */
int latin_any_into(const Rule *rule, const mask *start, long long max_nodes, int *solution);
/* latin_any_into from a start the propagation left at a fixed point but at the `count`
   `changed` cells (count < 0: nothing known of it): the same answer, its first round
   sweeping only their rows and columns. */
int latin_any_near(const Rule *rule, const mask *start, long long max_nodes, int *solution,
                   const int *changed, int count);
/* latin_unique, where the search found two solutions the one not `prefer` into `other`
   (or NULL): a second solution's values, cell by cell. */
int latin_unique_other(const Rule *rule, const mask *start, long long max_nodes,
                       const int *prefer, int *other);
/* latin.c: latin_chains' search (latin/grading.forcing_chain) into `found`, (cell, value,
   rounds) triples (room for every candidate); how many. */
int latin_chain_trials(const Rule *rule, const mask *m, const int *open, int count,
                       int most, int *found);
/* latin.c: latin_visible_line's search on RULE_LINES data; the line's index or -1, its
   supports into `support`. */
int latin_visible(const Rule *lines, const int *values, const mask *digits, int fewest,
                  int most, mask *support);
/* latin.c: latin_sign_fork's search; the fork's index or -1, the digits it leaves its
   cell into *allowed. */
int latin_fork(int n, const int *values, const mask *digits, const int *forks, int count,
               mask *allowed);

/* latinclues.c: the clued lines of the sides as RULE_LINES data (how many ints), each
   line's row or column into line_of (Rule.line_of), and the bounds their clues put on
   each cell (every clue's, or only those of 1 and N). */
int latin_clue_lines(int n, const int *sides, int *data, int *line_of);
void latin_clue_masks(int n, const int *sides, int edges_only, mask *out);
/* latin.c: the four sides (4n clues) from Python; -1 with an exception set. */
#ifdef Py_PYTHON_H
int latin_read_sides(PyObject *data, int n, int *sides);
#endif

/* latinsettle.c: a state being solved by hand, its values and cell_digits (0 for a
   placed cell), and one bulk technique as latin_settle takes it. */
typedef struct {
    int n, values[LATIN_CELLS];
    mask digits[LATIN_CELLS];
} Hand;

typedef struct {
    int code, rank, count;
    int data[4 * LATIN_CELLS];  /* FIXED_MASKS: a mask per cell; SIGN_BOUNDS: cell pairs */
} Bulk;

#define BULK_MAX 8

/* A bulk technique's code (latin/grading.py's): CLUED_EDGES, CLUED_BOUNDS: FIXED_MASKS
   given by Skyscrapers' four sides (latinclues.c), the edge clues' masks or every
   clue's. */
enum { FULL_HOUSES, HIDDEN_SINGLES, NAKED_SINGLE, FIXED_MASKS, SIGN_BOUNDS, CLUED_EDGES,
       CLUED_BOUNDS };

/* latin.c and latinsettle.c: a rule of (code, data) and a bulk technique of (code, rank,
   data) from ints in range, as latin_read_rule and latin_read_bulk make them from
   Python; -1 if the data is too long (or not the 4n sides a clued one takes). */
int latin_make_rule(int n, int code, const int *data, int count, Rule *rule);
int latin_make_bulk(int n, int code, int rank, const int *data, int count, Bulk *bulk);

/* latinsettle.c: grader.settle with the bulk techniques; the rank of the hardest used. */
int latin_settle_hand(Hand *h, const Bulk *bulks, int count);

#ifdef Py_PYTHON_H
/* latinsettle.c: (code, rank, data) into a Bulk; -1 with an exception set. */
int latin_read_bulk(PyObject *item, int n, Bulk *bulk);
/* latin.c: the rule of (n, code, data); -1 with an exception set. */
int latin_read_rule(PyObject *size, PyObject *code, PyObject *data, Rule *rule);
/* latinsettle.c: (rank, digit_cells, open_cells) of a hand, as Candidates keeps them. */
PyObject *latin_follow_digits(const Hand *h, int rank);
#endif

#endif
