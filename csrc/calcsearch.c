/* calcudoku_search: the Calcudoku solver's search (core/calcudoku/solver.py's
   calcudoku_solutions and other_solution), node for node: search.py's search on the Latin
   board (solver.c's search_in: the same cell picks, value orders and node counts) with
   solver.py's settle at every node: singles (search.py's propagate) and cage narrowing
   (on the fillings still alive at the node: calcalive.c) in turn until neither changes
   anything, each round narrowing only the cages with a cell whose candidates changed since
   the last. Noting, as other_solution does, the first solution a settle reaches that is
   not the known one.

   The state is held per cell rather than per value as in solver.c: each cell's candidates
   (a bit a value), and each unit's places for each value (a bit a cell of the unit, kept
   as candidates go). The cage narrowing reads and writes a cage's cells' candidates, which
   per value it gathered from n boards at every round (a third of the search's
   instructions), and the singles look only at what changed since they last looked: the
   cells changed for naked singles (an unchanged cell cannot be new to them), the values
   each unit lost for hidden singles. They run as propagate runs them, round for round:
   every open cell left with one candidate placed at once, and only when there is none,
   the hidden singles of every unit; a unit without a place for a value is a
   contradiction only while that value has a place in some open cell (search.py's rule).
   propagate looks in the units that lost a candidate of the value since its last look,
   or in every unit where many cells lost it; here always the first: a unit whose places
   for a value did not change since its last look holds nothing new (its one place was
   placed then; had it none, that look ended the propagation). */

#include "calcalive.h"
#include "convert.h"
#include "pytypes.h"
#include "solver.h"

#define CELL_SEARCH_MAX_N 16      /* a cell's candidates fit in a Values */
#define CELL_SEARCH_MAX_UNITS 64  /* the units that lost a candidate fit in a word */

typedef uint16_t Values; /* a cell's candidates: bit d for the value d + 1 */

/* A unit a cell is in: where its places start (unit * n), the unit, and every place in
   it but the cell's. */
typedef struct {
    int places, unit;
    Values keep;
} Member;

/* A search's tables, scratch and stack of levels (each: its cells' candidates and placed
   set, then its branching cell, values and next value to try). */
typedef struct {
    int n, cells, w, units, levels;
    const Board *board;
    CalcAlive *alive;
    Values all;             /* every value */
    int *unit_start, *unit_cell; /* units + 1 offsets; each unit's cells */
    uint64_t *cell_units;   /* per cell: the units it is in */
    Member *member;         /* per (cell, unit) of the board's cell_unit */
    Values *cand;           /* levels * cells */
    Values *places;         /* levels * units * n: where in the unit each value may go */
    Values *unit_lost;      /* units: the values each unit lost since the last look */
    word *placed;           /* levels * w */
    int *cell, *values, *value_count, *next; /* levels, levels * n, levels, levels */
    int *singles;           /* cells: the cells a round places */
    Values *single_value, *owner; /* cells: their values; a hidden single's value or 0 */
    word *changed;  /* w: cells whose candidates changed since the last look for singles */
    word *touched;  /* w: since the last narrowing */
    word *narrowed; /* w: by the narrowing */
    Values *keep;   /* cells: what the narrowing keeps of each cell it changed */
    Values *at;     /* the node's places */
    uint64_t lost;  /* the units that lost a candidate since the last look for hidden ones */
    const int *prefer;      /* tried first at every branch, or NULL */
    const int *known;       /* whose rivals are noted, or NULL */
    int *other, found_other;
    long long limit, max_nodes;
} CellSearch;

static inline Values *level_cand(CellSearch *s, int level) {
    return s->cand + (size_t)level * s->cells;
}

static inline word *level_placed(CellSearch *s, int level) {
    return s->placed + (size_t)level * s->w;
}

static inline Values *level_places(CellSearch *s, int level) {
    return s->places + (size_t)level * s->units * s->n;
}

/* A cell's candidates `gone` removed, noted where any was there: the cell changed, and
   its units lost those values there. */
static inline void drop(CellSearch *s, Values *cand, int cell, Values gone) {
    gone &= cand[cell];
    if (!gone) return;
    cand[cell] &= (Values)~gone;
    set_add(s->changed, cell);
    set_add(s->touched, cell);
    s->lost |= s->cell_units[cell];
    Values *at = s->at;
    const Member *first = s->member + s->board->cell_unit_start[cell],
                 *last = s->member + s->board->cell_unit_start[cell + 1];
    if (!(gone & (gone - 1))) { /* most often one value: a peer's single */
        int d = lowest_bit(gone);
        for (const Member *m = first; m < last; m++) {
            at[m->places + d] &= m->keep;
            s->unit_lost[m->unit] |= gone;
        }
        return;
    }
    for (const Member *m = first; m < last; m++) {
        s->unit_lost[m->unit] |= gone;
        for (Values v = gone; v; v &= v - 1) at[m->places + lowest_bit(v)] &= m->keep;
    }
}

/* What the narrowing took from the cells it changed, dropped. */
static void drop_narrowed(CellSearch *s, Values *cand) {
    FOR_EACH_BIT(s->narrowed, s->w, cell) drop(s, cand, cell, cand[cell] & (Values)~s->keep[cell]);
}

/* _naked_singles: the open cells with one candidate into s->singles (*count of them); -1
   if a cell has none. Only a changed cell can be new to either. */
static int naked_singles(CellSearch *s, const Values *cand, const word *placed, int *count) {
    int found = 0;
    FOR_EACH_BIT(s->changed, s->w, cell) {
        Values v = cand[cell];
        if (!v) return -1;
        if (!(v & (v - 1)) && !set_has(placed, cell)) s->singles[found++] = cell;
    }
    set_clear(s->changed, s->w);
    *count = found;
    return 0;
}

/* The singles placed and their values cleared from their peers, all at once (_clear_peers:
   two singles of one value that see each other both lose it). */
static void place_singles(CellSearch *s, Values *cand, word *placed, int count) {
    for (int i = 0; i < count; i++) {
        s->single_value[i] = cand[s->singles[i]];
        set_add(placed, s->singles[i]);
    }
    for (int i = 0; i < count; i++) {
        const Span *peers = &s->board->peers[s->singles[i]];
        for (int j = peers->lo; j < peers->hi; j++)
            for (word b = peers->bits[j]; b; b &= b - 1)
                drop(s, cand, j * 64 + lowest_bit(b), s->single_value[i]);
    }
}

/* The values with a candidate in an open cell. */
static Values open_values(const CellSearch *s, const Values *cand, const word *placed) {
    Values open = 0;
    for (int cell = 0; cell < s->cells; cell++)
        if (!set_has(placed, cell)) open |= cand[cell];
    return open;
}

/* One unit's hidden singles among the values it lost (a value with one place, that
   place open) noted in s->owner and s->singles (*count); -1 if such a value with a place
   in an open cell has none here, or a cell is claimed by two values. */
static int unit_singles(CellSearch *s, const Values *cand, const word *placed, int unit,
                        Values *open, int *count) {
    const Values *places = s->at + (size_t)unit * s->n;
    const int *cells = s->unit_cell + s->unit_start[unit];
    Values lost = s->unit_lost[unit];
    s->unit_lost[unit] = 0;
    for (; lost; lost &= lost - 1) {
        int d = lowest_bit(lost);
        Values here = places[d];
        if (!here) {
            if (*open == (Values)~0) *open = open_values(s, cand, placed);
            if (*open & (1u << d)) return -1;
            continue;
        }
        if (here & (here - 1)) continue;
        int cell = cells[lowest_bit(here)];
        Values value = (Values)(1u << d);
        if (set_has(placed, cell) || s->owner[cell] == value) continue;
        if (s->owner[cell]) return -1;
        s->owner[cell] = value;
        s->singles[(*count)++] = cell;
    }
    return 0;
}

/* _hidden_singles: into s->singles (*count), each cell's value in s->owner; -1 on a
   contradiction (the owners cleared then). A unit looked at only for the values it lost
   since the last look: propagate's rule. */
static int hidden_singles(CellSearch *s, const Values *cand, const word *placed, int *count) {
    uint64_t units = s->lost;
    Values open = (Values)~0; /* not yet known */
    s->lost = 0;
    *count = 0;
    for (; units; units &= units - 1) {
        if (unit_singles(s, cand, placed, lowest_bit(units), &open, count) < 0) {
            for (int i = 0; i < *count; i++) s->owner[s->singles[i]] = 0;
            for (; units; units &= units - 1) s->unit_lost[lowest_bit(units)] = 0;
            return -1;
        }
    }
    return 0;
}

/* search.propagate: naked singles, else hidden singles, until there are none; 0, or -1
   on a contradiction. */
static int propagate(CellSearch *s, Values *cand, word *placed) {
    for (;;) {
        int count;
        if (naked_singles(s, cand, placed, &count) < 0) return -1;
        if (!count) {
            if (hidden_singles(s, cand, placed, &count) < 0) return -1;
            if (!count) return 0;
            for (int i = 0; i < count; i++) { /* _keep_owners */
                int cell = s->singles[i];
                drop(s, cand, cell, cand[cell] & (Values)~s->owner[cell]);
                s->owner[cell] = 0;
            }
        }
        place_singles(s, cand, placed, count);
    }
}

/* boards_to_cells */
static void read_values(const CellSearch *s, const Values *cand, int *cells) {
    for (int cell = 0; cell < s->cells; cell++) cells[cell] = lowest_bit(cand[cell]) + 1;
}

/* other_solution's settle_noting: a settled board that is a solution other than the
   known one is kept, the first time. */
static void note_other(CellSearch *s, const Values *cand, const word *placed) {
    if (!s->known || s->found_other || !set_equal(placed, s->board->full, s->w)) return;
    read_values(s, cand, s->other);
    for (int cell = 0; cell < s->cells; cell++) {
        if (s->other[cell] != s->known[cell]) {
            s->found_other = 1;
            return;
        }
    }
}

/* solver.py's _settle at the node at `level`: 0, or -1 on a contradiction. */
static int settle(CellSearch *s, int level) {
    Values *cand = level_cand(s, level);
    word *placed = level_placed(s, level);
    calc_alive_enter(s->alive, level);
    s->at = level_places(s, level);
    for (;;) {
        if (propagate(s, cand, placed) < 0) return -1;
        set_clear(s->narrowed, s->w);
        int narrowed = calc_alive_narrow_cells(s->alive, level, cand, s->touched, s->keep,
                                               s->narrowed);
        if (narrowed < 0) return -1;
        set_clear(s->touched, s->w);
        if (narrowed == 0) break;
        drop_narrowed(s, cand);
    }
    note_other(s, cand, placed);
    return 0;
}

/* most_constrained_cell: of the open cells with the fewest candidates (two or more), the
   one with the most open peers, the lowest on a tie; -1 if none. */
static int pick_cell(CellSearch *s, const Values *cand, const word *placed) {
    int w = s->w, least = s->n + 1, best = -1, best_key = -1;
    word *open = s->narrowed; /* free between settles */
    for (int i = 0; i < w; i++) open[i] = s->board->full[i] & ~placed[i];
    FOR_EACH_BIT(open, w, cell) {
        int count = popcount64(cand[cell]);
        if (count >= 2 && count < least) least = count;
    }
    FOR_EACH_BIT(open, w, cell) {
        if (popcount64(cand[cell]) != least) continue;
        const Span *peers = &s->board->peers[cell];
        int degree = 0;
        for (int i = peers->lo; i < peers->hi; i++) degree += popcount64(peers->bits[i] & open[i]);
        if (degree > best_key) best = cell, best_key = degree;
    }
    return best;
}

/* cell_candidates in value order, the known value first where there is one. */
static void branch_values(CellSearch *s, int level, int cell) {
    Values v = level_cand(s, level)[cell];
    int *values = s->values + (size_t)level * s->n, count = 0;
    for (; v; v &= v - 1) values[count++] = lowest_bit(v);
    if (s->prefer) {
        int known = s->prefer[cell] - 1;
        for (int k = 0; k < count; k++) {
            if (values[k] == known) {
                for (; k > 0; k--) values[k] = values[k - 1];
                values[0] = known;
                break;
            }
        }
    }
    s->cell[level] = cell;
    s->value_count[level] = count;
    s->next[level] = 0;
}

/* The next untried child of `level`'s node, written into level + 1: what changed there is
   its cell (search.py's scanned: the parent's boards). */
static void make_child(CellSearch *s, int level) {
    int cell = s->cell[level];
    Values *child = level_cand(s, level + 1);
    memcpy(child, level_cand(s, level), sizeof(Values) * (size_t)s->cells);
    s->at = level_places(s, level + 1);
    memcpy(s->at, level_places(s, level), sizeof(Values) * (size_t)s->units * s->n);
    set_copy(level_placed(s, level + 1), level_placed(s, level), s->w);
    for (; s->lost; s->lost &= s->lost - 1) s->unit_lost[lowest_bit(s->lost)] = 0;
    int value = s->values[(size_t)level * s->n + s->next[level]++];
    drop(s, child, cell, (Values)~(1u << value));
}

/* search_in's visit: the node at `level` is a dead end (0), a solution (1), or branches
   (2). */
static int visit(CellSearch *s, int level) {
    if (settle(s, level) < 0) return 0;
    if (set_equal(level_placed(s, level), s->board->full, s->w)) return 1;
    int cell = pick_cell(s, level_cand(s, level), level_placed(s, level));
    if (cell < 0) return 0; /* unreachable after propagate: every open cell has two */
    branch_values(s, level, cell);
    return 2;
}

/* One unit's places for each value from its cells' candidates (every place for every
   value where each cell holds every value, as at a blank root). */
static void unit_places(CellSearch *s, const Values *cand, int unit, Values *places) {
    const int *cells = s->unit_cell + s->unit_start[unit];
    int size = s->unit_start[unit + 1] - s->unit_start[unit], full = 1;
    for (int i = 0; i < size && full; i++) full = cand[cells[i]] == s->all;
    if (full) {
        for (int d = 0; d < s->n; d++) places[d] = (Values)((1u << size) - 1);
        return;
    }
    for (int i = 0; i < size; i++)
        for (Values v = cand[cells[i]]; v; v &= v - 1) places[lowest_bit(v)] |= 1u << i;
}

/* The root's places from its candidates, every cell changed and every unit lost every
   value (search.py's scanned None: every cell lost). */
static void start(CellSearch *s) {
    s->at = level_places(s, 0);
    for (int unit = 0; unit < s->units; unit++) {
        unit_places(s, level_cand(s, 0), unit, s->at + (size_t)unit * s->n);
        s->unit_lost[unit] = s->all;
    }
    set_copy(s->changed, s->board->full, s->w);
    set_copy(s->touched, s->board->full, s->w);
    s->lost = s->units == 64 ? ~(uint64_t)0 : ((uint64_t)1 << s->units) - 1;
}

/* search_in from the state at level 0, changed everywhere: the result, the first
   solution read into `solution`; -1 if the levels ran out (they cannot). */
static int search(CellSearch *s, SearchResult *result, int *solution) {
    long long count = 0, nodes = 0;
    int found = 0, complete = 1, level = 0, root = 1;
    start(s);
    for (;;) {
        if (!root) { /* the stack's top: the next value of the deepest open level */
            while (level > 0 && s->next[level - 1] == s->value_count[level - 1]) level--;
            if (level == 0) break;
            make_child(s, level - 1);
        }
        root = 0;
        if (nodes >= s->max_nodes) {
            complete = 0;
            break;
        }
        nodes++;
        int kind = visit(s, level);
        if (kind == 1) {
            count++;
            if (!found) {
                read_values(s, level_cand(s, level), solution);
                found = 1;
            }
            if (count >= s->limit) break;
        } else if (kind == 2 && ++level >= s->levels) {
            return -1;
        }
        if (kind != 2) { /* what a dead end or a solution left noted is not the next node's */
            set_clear(s->changed, s->w);
            set_clear(s->touched, s->w);
        }
    }
    result->count = count;
    result->found = found;
    result->complete = complete;
    result->nodes = nodes;
    return 0;
}

/* Each unit's cells as lists (from `lists`, unit_ints() of them); 0, or -1 for a unit
   past CELL_SEARCH_MAX_N cells. */
static int read_units(CellSearch *s, int *lists) {
    int at = 0;
    s->unit_start = lists;
    s->unit_cell = lists + s->units + 1;
    for (int u = 0; u < s->units; u++) {
        s->unit_start[u] = at;
        const Span *unit = &s->board->unit[u];
        for (int i = unit->lo; i < unit->hi; i++) {
            for (word b = unit->bits[i]; b; b &= b - 1) {
                if (at - s->unit_start[u] >= CELL_SEARCH_MAX_N) return -1;
                s->unit_cell[at++] = i * 64 + lowest_bit(b);
            }
        }
    }
    s->unit_start[s->units] = at;
    return 0;
}

/* Each cell's units as a set, and its place in each (s->member); 0, or -1 where a
   cell's unit is not among the units swept. */
static int read_members(CellSearch *s) {
    const Board *board = s->board;
    for (int cell = 0; cell < s->cells; cell++) {
        s->cell_units[cell] = 0;
        for (int k = board->cell_unit_start[cell]; k < board->cell_unit_start[cell + 1]; k++) {
            if (board->cell_unit[k] >= s->units) return -1;
            s->cell_units[cell] |= (uint64_t)1 << board->cell_unit[k];
        }
    }
    for (int unit = 0; unit < s->units; unit++) {
        for (int i = 0, j = s->unit_start[unit]; j < s->unit_start[unit + 1]; i++, j++) {
            int cell = s->unit_cell[j], k = board->cell_unit_start[cell];
            while (board->cell_unit[k] != unit) k++;
            s->member[k] = (Member){unit * s->n, unit, (Values)~(1u << i)};
        }
    }
    return 0;
}

/* How many ints read_units' lists take. */
static size_t unit_ints(const Board *board) {
    size_t count = (size_t)board->units + 1;
    for (int u = 0; u < board->units; u++) count += (size_t)set_count(board->unit[u].bits, board->w);
    return count;
}

/* Room for a search on the board: one block of words, one of ints, one of Values; -1
   for memory. */
static int cell_search_alloc(CellSearch *s, const Board *board) {
    int n = board->n, cells = board->cells, w = board->w, levels = SEARCH_LEVELS(board);
    s->n = n;
    s->cells = cells;
    s->w = w;
    s->units = board->units;
    s->levels = levels;
    s->board = board;
    s->all = (Values)((1u << n) - 1);
    size_t words = (size_t)levels * w + 3 * (size_t)w + (size_t)cells;
    size_t ints = unit_ints(board) + (3 + (size_t)n) * levels + 2 * (size_t)cells;
    size_t values = ((size_t)levels + 3) * cells + ((size_t)levels * n + 1) * board->units;
    s->placed = PyMem_Malloc(words * sizeof(word));
    s->cell = PyMem_Malloc(ints * sizeof(int));
    s->cand = PyMem_Malloc(values * sizeof(Values));
    s->member = PyMem_Malloc(sizeof(Member) * ((size_t)board->cell_unit_start[cells] + 1));
    if (!s->placed || !s->cell || !s->cand || !s->member) return -1;
    s->changed = s->placed + (size_t)levels * w;
    s->touched = s->changed + w;
    s->narrowed = s->touched + w;
    s->cell_units = s->narrowed + w;
    s->values = s->cell + levels;
    s->value_count = s->values + (size_t)levels * n;
    s->next = s->value_count + levels;
    s->singles = s->next + levels;
    s->other = s->singles + cells;
    s->single_value = s->cand + (size_t)levels * cells;
    s->owner = s->single_value + cells;
    s->keep = s->owner + cells;
    s->places = s->keep + cells;
    s->unit_lost = s->places + (size_t)levels * n * board->units;
    /* read before written: the root's candidates and places, built by or-ing; owners */
    memset(s->cand, 0, sizeof(Values) * (size_t)cells);
    memset(s->places, 0, sizeof(Values) * (size_t)n * board->units);
    memset(s->owner, 0, sizeof(Values) * (size_t)cells);
    return read_units(s, s->other + cells) < 0 ? -1 : read_members(s);
}

static void cell_search_free(CellSearch *s) {
    calc_alive_free(s->alive);
    PyMem_Free(s->placed);
    PyMem_Free(s->cell);
    PyMem_Free(s->cand);
    PyMem_Free(s->member);
}

/* Whether the tables' head (n, cells) is the board's. */
static int tables_fit(const char *data, Py_ssize_t length, const Board *board) {
    uint64_t head[2];
    if (length < 24 || length % 8) return 0;
    memcpy(head, data, sizeof head);
    return head[0] == (uint64_t)board->n && head[1] == (uint64_t)board->cells;
}

/* The root's candidates and placed set from the boards and placed mask given; 0, or -1
   with an exception set. */
static int read_root(CellSearch *s, PyObject *boards, PyObject *placed) {
    int n = s->n, w = s->w;
    if (!PyList_Check(boards) || PyList_GET_SIZE(boards) != n) {
        PyErr_Format(PyExc_TypeError, "calcudoku_search: boards must be a list of %d masks", n);
        return -1;
    }
    word *per_value = PyMem_Malloc(sizeof(word) * (size_t)n * w);
    if (!per_value) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = convert_masks(boards, per_value, n, w, s->cells, "boards") < 0 ||
                 convert_mask(placed, level_placed(s, 0), w, s->cells, "placed") < 0;
    Values *cand = level_cand(s, 0);
    for (int d = 0; d < n && !failed; d++)
        FOR_EACH_BIT(per_value + (size_t)d * w, w, cell) cand[cell] |= (Values)(1u << d);
    PyMem_Free(per_value);
    return failed ? -1 : 0;
}

/* The search run; its result tuple or NULL. */
static PyObject *run(CellSearch *s, int *solution) {
    SearchResult found;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = search(s, &found, solution);
    Py_END_ALLOW_THREADS
    if (failed) return PyErr_NoMemory();
    PyObject *first = found.found ? tuple_of_ints(solution, s->cells) : Py_NewRef(Py_None);
    PyObject *other = s->found_other ? tuple_of_ints(s->other, s->cells) : Py_NewRef(Py_None);
    if (!first || !other) {
        Py_XDECREF(first);
        Py_XDECREF(other);
        return NULL;
    }
    return Py_BuildValue("(LNNLN)", found.count, first, PyBool_FromLong(found.complete),
                         found.nodes, other);
}

const char calcudoku_search_doc[] =
"calcudoku_search(board, tables, boards, placed, limit, max_nodes, prefer, note_other)\n--\n\n"
"calcudoku/solver.py's search on the compiled Board of the cages' Latin square and their\n"
"CalcCages.narrowing_tables, from the boards (a list of n per-value cell masks) and the\n"
"placed mask: (count, first solution or None, complete, nodes, other). prefer: None or a\n"
"complete grid whose value is tried first at every branch; note_other: other is the first\n"
"settled solution that is not `prefer` (other_solution), else None.";

/* The arguments past the board and tables read into the search; 0, or -1 with an
   exception set. */
static int read_arguments(CellSearch *s, PyObject *const *args, int *known) {
    int failed = 0, note = PyObject_IsTrue(args[7]);
    if (note < 0 || read_root(s, args[2], args[3]) < 0) return -1;
    s->limit = convert_clamped(args[4], &failed);
    if (!failed) s->max_nodes = convert_clamped(args[5], &failed);
    if (failed) return -1;
    if (args[6] != Py_None) {
        if (convert_ints(args[6], known, s->cells, 1, s->n, "prefer") < 0) return -1;
        s->prefer = known;
        if (note) s->known = known;
    }
    return 0;
}

PyObject *calcudoku_search(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 8, "calcudoku_search")) return NULL;
    if (!PyObject_TypeCheck(args[0], &BoardType))
        return PyErr_Format(PyExc_TypeError, "calcudoku_search: board must be a Board");
    const Board *board = &((BoardObject *)args[0])->board;
    char *data;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(args[1], &data, &length) < 0) return NULL;
    if (!tables_fit(data, length, board))
        return PyErr_Format(PyExc_ValueError, "calcudoku_search: tables and board do not fit");
    if (board->n > CELL_SEARCH_MAX_N || board->units > CELL_SEARCH_MAX_UNITS)
        return PyErr_Format(PyExc_ValueError, "calcudoku_search: a board of %d values and %d "
                            "units is past what it searches", board->n, board->units);
    CellSearch s = {0};
    int *ints = PyMem_Malloc(sizeof(int) * 2 * (size_t)board->cells);
    PyObject *result = NULL;
    if (!ints || cell_search_alloc(&s, board) < 0) {
        if (!PyErr_Occurred()) {
            if (ints && s.placed && s.cell && s.cand && s.member)
                PyErr_SetString(PyExc_ValueError, "calcudoku_search: a cell's unit is not "
                                "among the board's units, or holds too many cells");
            else
                PyErr_NoMemory();
        }
        goto done;
    }
    if (read_arguments(&s, args, ints + board->cells) < 0) goto done;
    int bad;
    s.alive = calc_alive_new((const unsigned char *)data, length / 8, board->n, board->cells,
                             s.levels, &bad);
    if (!s.alive) {
        if (bad)
            PyErr_SetString(PyExc_ValueError, "calcudoku_search: the tables do not fit the board");
        else
            PyErr_NoMemory();
        goto done;
    }
    result = run(&s, ints);
done:
    cell_search_free(&s);
    PyMem_Free(ints);
    return result;
}
