/* Classic 9x9 counted in one call: search.py's count (singles and locked candidates to a
   fixed point, MRV with the degree tie-break, values in symbol order, the node budget)
   specialised to the one board `check` meets most, its 81 cells in two words and its
   tables fixed, and a whole file of puzzle lines read and counted without a Python object
   per puzzle.

   The search makes the decisions of search.py and solver.c step for step (the same
   rounds of singles, the same incremental hidden-single scan and its "many lost cells"
   sweep, the same passes of locked candidates, the same contradictions, cells and
   values), so it gives the same count, first
   solution, completeness and node count; tests/test_compiled_quick.py holds it to the
   pure Python. The line reader takes only what the pure reader would read as the same
   grid (81 symbols 1-9, '.' or '0', no clash) and leaves every other line, with its text,
   to the pure reader (core/kinds/quick.py). */

#include "pytypes.h"

#define CELLS 81
#define SYMBOLS 9
#define UNITS 27
/* search.py's _hidden_singles: past 2 * units // 9 lost cells, sweep every unit. */
#define MANY_LOST (2 * UNITS / 9)
#define LEVELS (CELLS + 2)

typedef struct {
    uint64_t lo, hi; /* cells 0..63, cells 64..80 */
} Set;

static Set unit_set[UNITS], peer_set[CELLS], full_set;
static int cell_units[CELLS][3];
/* locked.py's locked_pairs: unit u's pairs are lock_start[u] .. lock_start[u + 1] - 1
   (none for a unit meeting no other in two cells), each the unit's cells outside the
   other (lock_outside) and the other's outside the unit (lock_rest); lock_most[u], the
   most cells u shares with one of them. */
static int lock_start[UNITS + 1], lock_most[UNITS];
static Set lock_outside[UNITS * UNITS], lock_rest[UNITS * UNITS];
static int tables_made;

static inline Set set_and(Set a, Set b) { return (Set){a.lo & b.lo, a.hi & b.hi}; }
static inline Set set_or(Set a, Set b) { return (Set){a.lo | b.lo, a.hi | b.hi}; }
static inline Set set_minus(Set a, Set b) { return (Set){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline int set_any(Set a) { return (a.lo | a.hi) != 0; }
static inline int set_same(Set a, Set b) { return a.lo == b.lo && a.hi == b.hi; }
/* At most one cell: m & (m - 1) == 0 over 81 bits. */
static inline int set_at_most_one(Set a) {
    return a.lo ? !(a.lo & (a.lo - 1)) && !a.hi : !(a.hi & (a.hi - 1));
}
static inline int s81_count(Set a) { return popcount64(a.lo) + popcount64(a.hi); }
static inline int s81_has(Set a, int cell) {
    return cell < 64 ? (int)(a.lo >> cell & 1) : (int)(a.hi >> (cell - 64) & 1);
}
static inline Set set_cell(int cell) {
    return cell < 64 ? (Set){(uint64_t)1 << cell, 0} : (Set){0, (uint64_t)1 << (cell - 64)};
}
/* The lowest cell of a non-empty set. */
static inline int s81_first(Set a) { return a.lo ? lowest_bit(a.lo) : 64 + lowest_bit(a.hi); }
static inline Set set_without_first(Set a) {
    if (a.lo) a.lo &= a.lo - 1;
    else a.hi &= a.hi - 1;
    return a;
}

/* locked_pairs over the units, in unit order. */
static void make_locks(void) {
    int p = 0;
    for (int a = 0; a < UNITS; a++) {
        lock_start[a] = p;
        for (int b = 0; b < UNITS; b++) {
            int shared = s81_count(set_and(unit_set[a], unit_set[b]));
            Set rest = set_minus(unit_set[b], unit_set[a]);
            if (shared < 2 || !set_any(rest)) continue;
            lock_outside[p] = set_minus(unit_set[a], unit_set[b]);
            lock_rest[p++] = rest;
            if (shared > lock_most[a]) lock_most[a] = shared;
        }
    }
    lock_start[UNITS] = p;
}

/* Shape's classic 9x9 tables: units rows, columns, boxes; each cell's row, column and box;
   a cell's peers are its units' cells but itself. */
static void make_tables(void) {
    for (int cell = 0; cell < CELLS; cell++) {
        int row = cell / 9, column = cell % 9, box = row / 3 * 3 + column / 3;
        int units[3] = {row, 9 + column, 18 + box};
        for (int k = 0; k < 3; k++) {
            cell_units[cell][k] = units[k];
            unit_set[units[k]] = set_or(unit_set[units[k]], set_cell(cell));
        }
        full_set = set_or(full_set, set_cell(cell));
    }
    for (int cell = 0; cell < CELLS; cell++) {
        Set peers = {0, 0};
        for (int k = 0; k < 3; k++) peers = set_or(peers, unit_set[cell_units[cell][k]]);
        peer_set[cell] = set_minus(peers, set_cell(cell));
    }
    make_locks();
    tables_made = 1;
}

/* One unit of _hidden_singles for a symbol's board b: -1 if the symbol has no place in it,
   else its place added to `mine` if it is the only one. */
static inline int unit_places(Set b, int unit, Set *mine) {
    Set m = set_and(b, unit_set[unit]);
    if (!set_at_most_one(m)) return 0;
    if (!set_any(m)) return -1;
    *mine = set_or(*mine, m);
    return 0;
}

/* A set as three bands of three rows, 27 cells a word (cell c: bit c % 27 of word c / 27),
   where a row or a box lies in one word and a column is one bit-column of each (bit k,
   k + 9, k + 18): every unit of a symbol is looked at in a few word operations. */
typedef struct {
    uint32_t w[3];
} Bands;

#define BAND 0x7FFFFFFu   /* a band's 27 cells */
#define ROW 0x1FFu        /* the first row of a band */
#define BOX 0x1C0E07u     /* a band's cells of its first box */

static inline Bands bands_of(Set s) {
    return (Bands){{(uint32_t)(s.lo & BAND), (uint32_t)(s.lo >> 27 & BAND),
                    (uint32_t)((s.lo >> 54 | s.hi << 10) & BAND)}};
}

static inline Set set_of(Bands b) {
    return (Set){b.w[0] | (uint64_t)b.w[1] << 27 | (uint64_t)b.w[2] << 54, b.w[2] >> 10};
}

/* Units as three 9-bit masks, one bit a unit: rows, columns and boxes (unit 0..8, 9..17,
   18..26 of Shape's order). */
typedef struct {
    uint32_t rows, columns, boxes;
} Units;

/* Where a symbol's board b has no place (`empty`) and one place (`single`), per unit. */
static inline void family_places(Bands b, Units *empty, Units *single) {
    uint32_t one = 0, two = 0; /* columns with a place, with two (over the bands) */
    single->rows = single->boxes = 0;
    Units any = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        uint32_t x = b.w[k];
        for (int i = 0; i < 3; i++) {
            uint32_t row = x >> (9 * i) & ROW, box = x & BOX << (3 * i);
            any.rows |= (uint32_t)(row != 0) << (3 * k + i);
            single->rows |= (uint32_t)(row && !(row & (row - 1))) << (3 * k + i);
            any.boxes |= (uint32_t)(box != 0) << (3 * k + i);
            single->boxes |= (uint32_t)(box && !(box & (box - 1))) << (3 * k + i);
        }
        uint32_t a = x & ROW, m = x >> 9 & ROW, z = x >> 18 & ROW;
        uint32_t here = a | m | z, twice = (a & m) | (a & z) | (m & z);
        two |= twice | (one & here);
        one |= here;
    }
    any.columns = one;
    single->columns = one & ~two;
    empty->rows = ~any.rows & ROW;
    empty->columns = ~any.columns & ROW;
    empty->boxes = ~any.boxes & ROW;
}

/* The cells of units `u` (a unit's every cell). */
static inline Bands cells_of(Units u) {
    Bands s;
    uint32_t columns = u.columns | u.columns << 9 | u.columns << 18;
    for (int k = 0; k < 3; k++) {
        uint32_t x = columns;
        for (int i = 0; i < 3; i++) {
            if (u.rows >> (3 * k + i) & 1) x |= ROW << (9 * i);
            if (u.boxes >> (3 * k + i) & 1) x |= BOX << (3 * i);
        }
        s.w[k] = x;
    }
    return s;
}

/* search.py's sweep of every unit for a symbol's board b: -1 if one has no place, else
   each unit's single place added to *mine. */
static int every_unit(Set b, Set *mine) {
    Units empty, single;
    family_places(bands_of(b), &empty, &single);
    if (empty.rows | empty.columns | empty.boxes) return -1;
    *mine = set_or(*mine, set_and(b, set_of(cells_of(single))));
    return 0;
}

/* _hidden_singles: the cells some symbol owns in a unit into *found, each symbol's into
   owners; -1 on a contradiction, else whether there is any. */
static int hidden_singles(const Set *boards, Set placed, const Set *scanned, Set *owners,
                          Set *found) {
    *found = (Set){0, 0};
    for (int d = 0; d < SYMBOLS; d++) {
        Set b = boards[d], mine = {0, 0};
        Set lost = set_minus(scanned ? scanned[d] : full_set, b);
        if (set_any(lost) && set_any(set_minus(b, placed))) {
            if (s81_count(lost) > MANY_LOST) {
                if (every_unit(b, &mine) < 0) return -1;
            } else {
                for (; set_any(lost); lost = set_without_first(lost)) {
                    const int *units = cell_units[s81_first(lost)];
                    for (int k = 0; k < 3; k++)
                        if (unit_places(b, units[k], &mine) < 0) return -1;
                }
            }
            mine = set_minus(mine, placed);
            if (set_any(set_and(mine, *found))) return -1;
            *found = set_or(*found, mine);
        }
        owners[d] = mine;
    }
    return set_any(*found);
}

/* _clear_peers */
static void clear_peers(Set *boards, Set singles) {
    if (set_at_most_one(singles)) {
        int cell = s81_first(singles);
        for (int d = 0; d < SYMBOLS; d++) {
            if (s81_has(boards[d], cell)) {
                boards[d] = set_minus(boards[d], peer_set[cell]);
                return;
            }
        }
        return;
    }
    for (int d = 0; d < SYMBOLS; d++) {
        Set blocked = {0, 0};
        for (Set mine = set_and(boards[d], singles); set_any(mine); mine = set_without_first(mine))
            blocked = set_or(blocked, peer_set[s81_first(mine)]);
        boards[d] = set_minus(boards[d], blocked);
    }
}

/* search.singles: naked and hidden singles to a fixed point, in place; 0, or -1 on a
   contradiction. `scanned`: the parent's settled boards, NULL at the root. */
static int singles(Set *boards, Set *placed, const Set *scanned) {
    Set scan_copy[SYMBOLS], owners[SYMBOLS];
    for (;;) {
        Set one = {0, 0}, two = {0, 0}, singles;
        for (int d = 0; d < SYMBOLS; d++) {
            two = set_or(two, set_and(one, boards[d]));
            one = set_or(one, boards[d]);
        }
        if (!set_same(one, full_set)) return -1;
        singles = set_minus(set_minus(full_set, two), *placed);
        if (!set_any(singles)) {
            int found = hidden_singles(boards, *placed, scanned, owners, &singles);
            if (found <= 0) return found;
            memcpy(scan_copy, boards, sizeof scan_copy);
            scanned = scan_copy;
            for (int d = 0; d < SYMBOLS; d++)
                boards[d] = set_or(set_minus(boards[d], singles), owners[d]);
        }
        *placed = set_or(*placed, singles);
        clear_peers(boards, singles);
    }
}

/* The units (bit u for unit u: rows, columns, boxes) holding a cell of s. */
static inline uint32_t units_meeting(Set s) {
    Bands b = bands_of(s);
    uint32_t rows = 0, columns = 0, boxes = 0;
    for (int k = 0; k < 3; k++) {
        uint32_t x = b.w[k];
        for (int i = 0; i < 3; i++) {
            rows |= (uint32_t)((x >> (9 * i) & ROW) != 0) << (3 * k + i);
            boxes |= (uint32_t)((x & BOX << (3 * i)) != 0) << (3 * k + i);
        }
        columns |= (x | x >> 9 | x >> 18) & ROW;
    }
    return rows | columns << 9 | boxes << 18;
}

/* locked.lock for one symbol's board: `lost`, the units where it lost places since the
   reference (bits, as units_meeting gives them). */
static int lock_symbol(Set *board, uint32_t lost) {
    Set b = *board;
    int changed = 0;
    for (; lost; lost &= lost - 1) {
        int u = lowest_bit(lost);
        Set here = set_and(b, unit_set[u]);
        int places = s81_count(here);
        if (!places || places > lock_most[u]) continue; /* locked.py says why */
        for (int p = lock_start[u]; p < lock_start[u + 1]; p++) {
            if (set_any(set_and(here, lock_outside[p])) || !set_any(set_and(b, lock_rest[p])))
                continue;
            b = set_minus(b, lock_rest[p]);
            changed = 1;
        }
    }
    *board = b;
    return changed;
}

/* locked.lock over every symbol, each symbol's board kept in `before` first (which may
   be the reference itself: a symbol's losses are read before its board is kept). */
static int lock(Set *boards, const Set *reference, Set *before) {
    int changed = 0;
    for (int d = 0; d < SYMBOLS; d++) {
        Set lost = reference ? set_minus(reference[d], boards[d]) : full_set;
        before[d] = boards[d];
        if (set_any(lost)) changed |= lock_symbol(&boards[d], units_meeting(lost));
    }
    return changed;
}

/* search.singles_and_locked: singles, then locked candidates, until neither finds
   anything; 0, or -1 on a contradiction. */
static int settle(Set *boards, Set *placed, const Set *scanned) {
    Set before[SYMBOLS];
    for (;;) {
        if (singles(boards, placed, scanned) < 0) return -1;
        if (set_same(*placed, full_set) || !lock(boards, scanned, before)) return 0;
        scanned = before;
    }
}

/* fewest_candidates_cells: the open cells with the fewest candidates (two or more). */
static Set fewest_candidates(const Set *boards, Set placed) {
    Set one = {0, 0}, two = {0, 0}, three = {0, 0};
    for (int d = 0; d < SYMBOLS; d++) {
        three = set_or(three, set_and(two, boards[d]));
        two = set_or(two, set_and(one, boards[d]));
        one = set_or(one, boards[d]);
    }
    Set pairs = set_minus(set_minus(two, three), placed);
    if (set_any(pairs)) return pairs;
    Set fewest = {0, 0};
    int least = SYMBOLS + 1;
    for (Set open = set_minus(full_set, placed); set_any(open); open = set_without_first(open)) {
        int cell = s81_first(open), count = 0;
        for (int d = 0; d < SYMBOLS; d++) count += s81_has(boards[d], cell);
        if (count < 2) continue;
        if (count < least) least = count, fewest = (Set){0, 0};
        if (count == least) fewest = set_or(fewest, set_cell(cell));
    }
    return fewest;
}

/* most_constrained_cell: MRV, ties to the most open peers, then the lowest cell. */
static int pick_cell(const Set *boards, Set placed) {
    Set open = set_minus(full_set, placed);
    int best = -1, best_degree = -1;
    for (Set fewest = fewest_candidates(boards, placed); set_any(fewest);
         fewest = set_without_first(fewest)) {
        int cell = s81_first(fewest);
        int degree = s81_count(set_and(peer_set[cell], open));
        if (degree > best_degree) best = cell, best_degree = degree;
    }
    return best;
}

typedef struct {
    Set boards[SYMBOLS], placed;
    int cell, values[SYMBOLS], value_count, next;
} Level;

typedef struct {
    long long count, nodes;
    int complete, found;
    int solution[CELLS];
} Counted;

/* A settled node at `level`: a dead end (0), a solution (1), or branching (2). */
static int visit(Level *level, const Set *scanned) {
    if (settle(level->boards, &level->placed, scanned) < 0) return 0;
    if (set_same(level->placed, full_set)) return 1;
    int cell = pick_cell(level->boards, level->placed);
    if (cell < 0) return 0; /* unreachable after settle: every open cell has two */
    level->cell = cell;
    level->value_count = level->next = 0;
    for (int d = 0; d < SYMBOLS; d++)
        if (s81_has(level->boards[d], cell)) level->values[level->value_count++] = d;
    return 2;
}

static void make_child(const Level *parent, Level *child, int d) {
    Set bit = set_cell(parent->cell);
    for (int e = 0; e < SYMBOLS; e++) child->boards[e] = set_minus(parent->boards[e], bit);
    child->boards[d] = set_or(child->boards[d], bit);
    child->placed = parent->placed;
}

static void read_solution(const Set *boards, int *solution) {
    for (int d = 0; d < SYMBOLS; d++)
        for (Set b = boards[d]; set_any(b); b = set_without_first(b)) solution[s81_first(b)] = d + 1;
}

/* search.search from the root state in levels[0]: solutions counted to `limit`. */
static void search(Level *levels, long long limit, long long max_nodes, int keep,
                   Counted *out) {
    int level = 0, root = 1;
    out->count = out->nodes = 0;
    out->complete = 1;
    out->found = 0;
    for (;;) {
        const Set *scanned = NULL;
        if (!root) {
            while (level > 0 && levels[level - 1].next == levels[level - 1].value_count) level--;
            if (level == 0) break;
            Level *parent = &levels[level - 1];
            make_child(parent, &levels[level], parent->values[parent->next++]);
            scanned = parent->boards;
        }
        root = 0;
        if (out->nodes >= max_nodes) {
            out->complete = 0;
            break;
        }
        out->nodes++;
        int kind = visit(&levels[level], scanned);
        if (kind == 1) {
            out->count++;
            if (!out->found && keep) {
                read_solution(levels[level].boards, out->solution);
                out->found = 1;
            }
            if (out->count >= limit) break;
        } else if (kind == 2) {
            level++; /* below LEVELS: every level places a cell */
        }
    }
}

/* search.initial_boards into levels[0]: 1, or 0 if two clues clash. */
static int initial(const int *cells, Level *root) {
    Set given = {0, 0}, occupied[SYMBOLS] = {{0, 0}}, blocked[SYMBOLS] = {{0, 0}};
    for (int cell = 0; cell < CELLS; cell++) {
        int v = cells[cell];
        if (!v) continue;
        given = set_or(given, set_cell(cell));
        occupied[v - 1] = set_or(occupied[v - 1], set_cell(cell));
        blocked[v - 1] = set_or(blocked[v - 1], peer_set[cell]);
    }
    Set free = set_minus(full_set, given);
    for (int d = 0; d < SYMBOLS; d++) {
        if (set_any(set_and(occupied[d], blocked[d]))) return 0;
        root->boards[d] = set_or(set_minus(free, blocked[d]), occupied[d]);
    }
    root->placed = given;
    return 1;
}

/* count_from_clues without least_constraining: 0 with the result, or 1 for a clash
   (Search(0, None, True, 0)). */
static int count_cells(const int *cells, long long limit, long long max_nodes, int keep,
                       Level *levels, Counted *out) {
    if (!tables_made) make_tables();
    if (!initial(cells, &levels[0])) {
        out->count = out->nodes = 0;
        out->complete = 1;
        out->found = 0;
        return 1;
    }
    search(levels, limit, max_nodes, keep, out);
    return 0;
}

const char count9_doc[] =
"count9(cells, limit, max_nodes)\n--\n\n"
"search.count_from_clues on the classic 9x9 board (no least_constraining), specialised:\n"
"cells 81 values 0..9; (count, first solution or None, complete, nodes).";

PyObject *count9(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "count9")) return NULL;
    long long limit = PyLong_AsLongLong(args[1]), max_nodes = PyLong_AsLongLong(args[2]);
    if ((limit == -1 || max_nodes == -1) && PyErr_Occurred()) return NULL;
    PyObject *seq = PySequence_Fast(args[0], "count9: cells is a sequence");
    if (!seq) return NULL;
    int cells[CELLS];
    int bad = PySequence_Fast_GET_SIZE(seq) != CELLS;
    for (Py_ssize_t i = 0; !bad && i < CELLS; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) break;
        bad = v < 0 || v > SYMBOLS;
        cells[i] = (int)v;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    if (bad) return PyErr_Format(PyExc_ValueError, "count9: 81 cells of values 0..9");
    Level *levels = PyMem_Malloc(sizeof(Level) * LEVELS);
    Counted *out = PyMem_Malloc(sizeof *out);
    if (!levels || !out) {
        PyMem_Free(levels);
        PyMem_Free(out);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    count_cells(cells, limit, max_nodes, 1, levels, out);
    Py_END_ALLOW_THREADS
    PyObject *first = out->found ? tuple_of_ints(out->solution, CELLS) : Py_NewRef(Py_None);
    PyObject *result = first ? Py_BuildValue("(LNNL)", out->count, first,
                                             PyBool_FromLong(out->complete), out->nodes)
                             : NULL;
    PyMem_Free(levels);
    PyMem_Free(out);
    return result;
}

/* --- a file of lines ------------------------------------------------------------------ */

/* Whether the pure reader reads these bytes as this reader splits them: ASCII, no line
   break but \n and \r (str.splitlines also breaks at \v, \f, \x1c-\x1e), no NUL (a wide
   encoding's sign), and not JSON (a document, JSON Lines) nor an ipuz document
   (puzzlefile.is_document). */
static int plain_text(const unsigned char *data, Py_ssize_t size) {
    for (Py_ssize_t i = 0; i < size; i++) {
        unsigned char c = data[i];
        if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            return 0;
    }
    Py_ssize_t start = 0;
    while (start < size && (data[start] == ' ' || data[start] == '\t' || data[start] == '\n' ||
                            data[start] == '\r'))
        start++;
    if (start < size && (data[start] == '{' || data[start] == '[')) return 0;
    return !(size - start >= 5 && memcmp(data + start, "ipuz(", 5) == 0);
}

/* The cells of a stripped line if it is 81 symbols 1-9, '.' or '0'; 0 if not. */
static int line_cells(const unsigned char *line, Py_ssize_t length, int *cells) {
    if (length != CELLS) return 0;
    for (int i = 0; i < CELLS; i++) {
        unsigned char c = line[i];
        if (c == '.' || c == '0') cells[i] = 0;
        else if (c >= '1' && c <= '9') cells[i] = c - '0';
        else return 0;
    }
    return 1;
}

/* One puzzle line's item: (number, count, complete, nodes) if counted here, else (number,
   stripped text) for the pure reader. */
static PyObject *line_item(long number, const unsigned char *line, Py_ssize_t length,
                           long long max_nodes, Level *levels, Counted *out) {
    int cells[CELLS];
    if (line_cells(line, length, cells) &&
        count_cells(cells, 2, max_nodes, 0, levels, out) == 0)
        return Py_BuildValue("(lLNL)", number, out->count, PyBool_FromLong(out->complete),
                             out->nodes);
    return Py_BuildValue("(ls#)", number, (const char *)line, length);
}

/* Each line as str.splitlines() makes it (\n, \r\n or \r ends one), stripped of spaces
   and tabs; blank and '#' lines skipped; one item appended per puzzle line. -1 on error. */
static int read_lines(const unsigned char *data, Py_ssize_t size, long long max_nodes,
                      PyObject *items, Level *levels, Counted *out) {
    long number = 0;
    for (Py_ssize_t at = 0; at < size;) {
        Py_ssize_t end = at;
        while (end < size && data[end] != '\n' && data[end] != '\r') end++;
        Py_ssize_t next = end < size && data[end] == '\r' && end + 1 < size &&
                          data[end + 1] == '\n' ? end + 2 : end + 1;
        number++;
        Py_ssize_t lo = at, hi = end;
        while (lo < hi && (data[lo] == ' ' || data[lo] == '\t')) lo++;
        while (hi > lo && (data[hi - 1] == ' ' || data[hi - 1] == '\t')) hi--;
        at = next;
        if (lo == hi || data[lo] == '#') continue;
        PyObject *item = line_item(number, data + lo, hi - lo, max_nodes, levels, out);
        if (!item || PyList_Append(items, item) < 0) {
            Py_XDECREF(item);
            return -1;
        }
        Py_DECREF(item);
    }
    return 0;
}

const char classic_lines_doc[] =
"classic_lines(data, max_nodes)\n--\n\n"
"A puzzle file's bytes read as classic lines and each 9x9 puzzle counted to two: per\n"
"puzzle line (neither blank nor '#'), (line number, count, complete, nodes), or (line\n"
"number, stripped text) for a line left to the pure reader (not 81 symbols, or a clash).\n"
"None for bytes the pure reader splits otherwise (not ASCII, other line breaks, a NUL)\n"
"or reads as a document.";

PyObject *classic_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 2, "classic_lines")) return NULL;
    if (!PyBytes_Check(args[0]))
        return PyErr_Format(PyExc_TypeError, "classic_lines: data is bytes");
    long long max_nodes = PyLong_AsLongLong(args[1]);
    if (max_nodes == -1 && PyErr_Occurred()) return NULL;
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]);
    if (!plain_text(data, size)) Py_RETURN_NONE;
    if (!tables_made) make_tables();
    PyObject *items = PyList_New(0);
    Level *levels = PyMem_Malloc(sizeof(Level) * LEVELS);
    Counted *out = PyMem_Malloc(sizeof *out);
    int failed = !items || !levels || !out;
    if (failed && items) PyErr_NoMemory();
    if (!failed) failed = read_lines(data, size, max_nodes, items, levels, out) < 0;
    PyMem_Free(levels);
    PyMem_Free(out);
    if (failed) {
        Py_XDECREF(items);
        return NULL;
    }
    return items;
}
