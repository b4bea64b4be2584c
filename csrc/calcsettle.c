/* calcudoku_settle: grade/grader.settle on a Calcudoku's hand-solving state
   (calcudoku/techniques.CalcCandidates) with its ladder's bulk techniques, in the ladder's
   order (calcudoku/grade.py's CALCUDOKU_LADDER): single cages, full houses, hidden
   singles, the first naked single, cage combinations; each as its Python applies it, with
   the state's `unsettled` and `unpermuted` cells kept as CalcCandidates.place and
   .eliminate keep them, so the state reached and the hardest technique used are the
   Python's.

   The cages come as CalcCages.narrowing_tables (calcnarrow.c); a one-cell cage's one
   filling is its value. The state is its values and cell_digits; digit_cells and
   open_cells follow from them and are made again here for the caller. */

#include "calchand.h"

/* The bulk techniques, in the ladder's order (the caller is told the hardest's place). */
enum { SINGLE_CAGES, FULL_HOUSES, HIDDEN_SINGLES, NAKED_SINGLE, CAGE_COMBINATIONS, BULKS };

/* One open cell fewer on line u. */
static void one_open_less(Hand *h, int u) {
    int left = --h->open_in[u];
    if (left == 1) h->open_one |= 1ULL << u;
    else if (!left) h->open_one &= ~(1ULL << u);
}

/* CalcCandidates.place: the cell and its peers still holding the value are unsettled and
   unpermuted; the value leaves the peers' pencil marks. */
void calc_place(Hand *h, int cell, int value) {
    int n = h->n, row = h->row_of[cell], col = h->column_of[cell];
    mask bit = (mask)1 << (value - 1);
    mark(h->unsettled, cell), unpermute(h, cell);
    calc_changed(h, cell, h->digits[cell]);
    if (!h->values[cell]) one_open_less(h, row), one_open_less(h, n + col);
    h->digits[cell] = 0, h->values[cell] = value;
    /* The peers holding the value, where their lines say (the cell holds none now). */
    unsigned across = h->where[row][value - 1], down = h->where[n + col][value - 1];
    for (; across; across &= across - 1) {
        int peer = row * n + __builtin_ctz(across);
        h->digits[peer] &= ~bit, calc_changed(h, peer, bit);
        mark(h->unsettled, peer), unpermute(h, peer);
    }
    for (; down; down &= down - 1) {
        int peer = __builtin_ctz(down) * n + col;
        h->digits[peer] &= ~bit, calc_changed(h, peer, bit);
        mark(h->unsettled, peer), unpermute(h, peer);
    }
}

/* techniques.apply_single_cages: every one-cell cage still open takes its value. */
static int single_cages(Hand *h) {
    int found = 0;
    for (int k = 0; k < h->cages; k++) {
        const Cage *cage = &h->cage[k];
        if (cage->size != 1 || !is_open(h, cage->cell[0])) continue;
        calc_place(h, cage->cell[0], __builtin_ctzll(filling_at(cage, 0)) + 1);
        found = 1;
    }
    return found;
}

#define SINGLES_HAND Hand
#define SINGLES_PLACE calc_place
#define SINGLES_LONE(h, u) ((h)->lone[u])
#define SINGLES_OPEN(h, u) ((h)->open_in[u])
#define SINGLES_NONE no_lone

/* Whether no line of `lines` has a hidden single (Hand.lone kept, and how many bits it
   has: every line is asked at once). */
static inline int no_lone(const Hand *h, uint64_t lines) {
    if (lines == (2 * h->n == 64 ? ~0ULL : (1ULL << 2 * h->n) - 1)) return !h->lone_count;
    mask any = 0;
    for (; lines; lines &= lines - 1) any |= h->lone[__builtin_ctzll(lines)];
    return !any;
}
#include "singles.h"

/* techniques._combination_step's eliminations in one cage, applied: of the fillings
   agreeing with the values placed in it, a value none puts in an open cell leaves it
   (CalcCandidates.eliminate marks the cell). Whether any went: none where the values
   placed are those of its last call, which left each open cell no digit that went. */
static int combine(Hand *h, Cage *cage) {
    int n = h->n;
    uint64_t wanted = 0, full = full_digits(n);
    for (int i = 0; i < cage->size; i++) {
        int value = h->values[cage->cell[i]];
        wanted |= (value ? 1ULL << (value - 1) : full) << (i * n);
    }
    if (cage->known & 4 && cage->placed_wanted == wanted) return 0;
    narrow_live(cage, &cage->placed, wanted, NULL);
    uint64_t kept = cage->placed.all;
    cage->placed_wanted = wanted, cage->known |= 4;
    int found = 0;
    for (int i = 0; i < cage->size; i++) {
        int cell = cage->cell[i];
        mask gone = h->digits[cell] & ~(mask)(kept >> (i * n) & full);
        if (!is_open(h, cell) || !gone) continue;
        h->digits[cell] &= ~gone;
        mark(h->unsettled, cell), unpermute(h, cell);
        calc_changed(h, cell, gone);
        found = 1;
    }
    return found;
}

static int has_open(const Hand *h, const Cage *cage) {
    for (int i = 0; i < cage->size; i++)
        if (is_open(h, cage->cell[i])) return 1;
    return 0;
}

/* techniques.apply_cage_combinations (grade/caged.apply_to_changed_cages): each cage with
   an open cell and a cell changed since the last call, in order, the changes cleared
   first. */
static int cage_combinations(Hand *h) {
    word changed[CALC_W] = {0}; /* the cages of the cells changed */
    for (int i = 0; i < h->w; i++)
        for (word rest = h->unsettled[i]; rest; rest &= rest - 1)
            mark(changed, h->cage_of[64 * i + __builtin_ctzll(rest)]);
    memset(h->unsettled, 0, sizeof h->unsettled);
    int found = 0;
    for (int i = 0; i < CALC_W; i++)
        for (word rest = changed[i]; rest; rest &= rest - 1) {
            Cage *cage = &h->cage[64 * i + __builtin_ctzll(rest)];
            if (has_open(h, cage)) found |= combine(h, cage);
        }
    return found;
}

/* techniques.place_naked_single where only the cells of `changed` may be one. */
static int naked_single_among(Hand *h, const word *changed) {
    for (int i = 0; i < h->w; i++)
        for (word rest = changed[i]; rest; rest &= rest - 1) {
            int cell = 64 * i + __builtin_ctzll(rest);
            if (is_open(h, cell) && single(h->digits[cell])) {
                calc_place(h, cell, value_of(h->digits[cell]));
                return 1;
            }
        }
    return 0;
}

/* The bulk technique applied, whether it found anything. The full houses and hidden
   singles look at every line, as each line's open cells and hidden singles are kept
   (Hand.open_in, .lone). Where every single found nothing when h->unsettled was last
   emptied and only the cells it now holds changed since (`combined`: after cage
   combinations, or a settled hand's step), a naked single can only be in those cells,
   which it looks at alone, in order; no cell was opened, so no single cage either. */
static int apply(Hand *h, int bulk, int combined) {
    int placed = 0;
    switch (bulk) {
    case SINGLE_CAGES: return !combined && single_cages(h);
    case FULL_HOUSES:
        while (full_house_in(h, h->open_one)) placed = 1; /* the lines with one open cell */
        return placed;
    case HIDDEN_SINGLES: return hidden_singles(h);
    case NAKED_SINGLE:
        return combined ? naked_single_among(h, h->unsettled) : naked_single(h);
    default: return cage_combinations(h);
    }
}

/* Whether no cell is open: no row has one (Hand.open_in). */
static int solved(const Hand *h) {
    for (int u = 0; u < h->n; u++)
        if (h->open_in[u]) return 0;
    return 1;
}

/* grader.settle: the easiest bulk technique that finds anything, again, until none does;
   the hardest used (its place in the ladder's bulk), -1 if none. `after_step`: the hand
   was settled, then changed only in the cells h->unsettled holds (apply()'s `combined`,
   which stays so: a single's changes are marked there too). */
int calc_settle(Hand *h, int after_step) {
    int hardest = -1, combined = after_step;
    while (!solved(h)) {
        int bulk = 0;
        while (bulk < BULKS && !apply(h, bulk, combined)) bulk++;
        if (bulk == BULKS) break;
        if (bulk > hardest) hardest = bulk;
        combined |= bulk == CAGE_COMBINATIONS; /* true from then on: what it cleared */
    }
    return hardest;
}

/* The cage's lines and its positions on each (Cage.line, .on_line); nothing known yet. */
static void cage_lines(int n, Cage *cage) {
    cage->lines = 0, cage->known = 0, cage->line_bits = 0;
    for (int i = 0; i < cage->size; i++)
        cage->line_bits |= 1ULL << (cage->cell[i] / n) | 1ULL << (n + cage->cell[i] % n);
    for (uint64_t rest = cage->line_bits; rest; rest &= rest - 1) {
        int u = __builtin_ctzll(rest);
        uint64_t inside = 0;
        unsigned at = 0;
        for (int i = 0; i < cage->size; i++)
            if (in_unit(n, u, cage->cell[i])) {
                inside |= 1ULL << i;
                at |= 1u << (u < n ? cage->cell[i] % n : cage->cell[i] / n);
                *(u < n ? &cage->row_at[i] : &cage->column_at[i]) = (unsigned char)cage->lines;
            }
        cage->line[cage->lines] = u, cage->line_at[cage->lines] = (unsigned short)at;
        cage->on_line[cage->lines++] = inside;
    }
}

/* Room for every cage's two lists of live fillings (Cage.alive, .placed): at most twice
   the tables' words, kept from call to call. NULL without memory. */
static uint64_t *live_room(Py_ssize_t words) {
    static uint64_t *room;
    static Py_ssize_t size;
    if (2 * words > size) {
        uint64_t *grown = PyMem_Realloc(room, sizeof(uint64_t) * (size_t)(2 * words));
        if (!grown) return NULL;
        room = grown, size = 2 * words;
    }
    return room;
}

static int read_cages(Hand *h, const unsigned char *bytes, Py_ssize_t length, Cage *cages,
                      uint64_t *room) {
    Py_ssize_t words = length / 8, at = 3;
    uint64_t head[3];
    if (length % 8 || words < 3) return -1;
    memcpy(head, bytes, sizeof head);
    if (head[0] != (uint64_t)h->n || head[1] != (uint64_t)h->cells || head[2] > CALC_CELLS)
        return -1;
    h->cages = (int)head[2], h->cage = cages;
    for (int c = 0; c < h->cells; c++) h->cage_of[c] = -1;
    for (int k = 0; k < h->cages; k++) {
        uint64_t size, count, cell;
        if (at + 2 > words) return -1;
        memcpy(&size, bytes + 8 * at++, 8), memcpy(&count, bytes + 8 * at++, 8);
        if (size < 1 || size > CAGE_MOST || size * (uint64_t)h->n > 64 ||
            count > (uint64_t)(words - at) || (Py_ssize_t)(size + count) > words - at)
            return -1;
        Cage *cage = &cages[k];
        cage->size = (int)size, cage->count = (int)count;
        memset(cage->cells, 0, sizeof cage->cells);
        for (uint64_t i = 0; i < size; i++) {
            memcpy(&cell, bytes + 8 * at++, 8);
            if (cell >= (uint64_t)h->cells || h->cage_of[cell] >= 0) return -1;
            cage->cell[i] = (int)cell, h->cage_of[cell] = k, mark(cage->cells, (int)cell);
        }
        cage->fillings = bytes + 8 * at, at += (Py_ssize_t)count;
        cage->span = (uintptr_t)cage->fillings % sizeof(uint64_t) ? 0 : full_digits((int)size * h->n);
        cage->alive = (Live){room, room, 0, 0, -1}, room += count;
        cage->placed = (Live){room, room, 0, 0, -1}, room += count;
        cage_lines(h->n, cage);
        cage->changes = 0, cage->seen = -1;
    }
    for (int c = 0; c < h->cells; c++)
        if (h->cage_of[c] < 0) return -1;
    memset(h->reach, 0, sizeof h->reach);
    for (int u = 0; u < 2 * h->n; u++)
        for (int k = 0; k < h->n; k++) mark(h->reach[u], unit_cell(h->n, u, k));
    for (int k = 0; k < h->cages; k++)
        for (int j = 0; j < cages[k].lines; j++)
            for (int i = 0; i < CALC_W; i++) h->reach[cages[k].line[j]][i] |= cages[k].cells[i];
    for (int i = 0; i < WATCHES; i++) h->watch[i].upto = -1;
    h->sides.upto = -1;
    h->log.count = h->log.lost = 0;
    return 0;
}

/* Whether every cell is open with every digit (where a grading starts). */
static int untouched(const Hand *h) {
    mask full = (mask)full_digits(h->n);
    for (int c = 0; c < h->cells; c++)
        if (h->values[c] || h->digits[c] != full) return 0;
    return 1;
}

/* Hand.where, .lone, .open_in and .open_one from the cells. */
static void count_lines(Hand *h) {
    int n = h->n;
    memset(h->where, 0, sizeof h->where), memset(h->open_in, 0, sizeof h->open_in);
    if (n > 1 && untouched(h)) { /* every cell of a line holds each digit: no single */
        for (int u = 0; u < 2 * n; u++) {
            for (int d = 0; d < n; d++) h->where[u][d] = (unsigned short)full_digits(n);
            h->open_in[u] = n, h->lone[u] = 0;
        }
        h->open_one = 0, h->lone_count = 0;
        return;
    }
    for (int c = 0; c < h->cells; c++) {
        int row = c / n, column = c % n;
        for (mask rest = h->digits[c]; rest; rest &= rest - 1) {
            int d = __builtin_ctz(rest);
            h->where[row][d] |= (unsigned short)(1u << column);
            h->where[n + column][d] |= (unsigned short)(1u << row);
        }
        if (!h->values[c]) h->open_in[row]++, h->open_in[n + column]++;
    }
    h->open_one = 0, h->lone_count = 0;
    for (int u = 0; u < 2 * n; u++) {
        h->open_one |= (uint64_t)(h->open_in[u] == 1) << u;
        h->lone[u] = 0;
        for (int d = 0; d < n; d++)
            if (single(h->where[u][d])) h->lone[u] |= (mask)1 << d, h->lone_count++;
    }
}

/* convert_ints(list, out, count, 0, high, name), read straight where every item is an
   int in range (the list of a grading), else by convert_ints and its errors. An item that
   is the object before it is not read again (a blank state's lists hold one object). */
static int list_ints(PyObject *list, int *out, int count, long high, const char *name) {
    int k = 0;
    PyObject *last = NULL;
    long number = -1;
    if (PyList_GET_SIZE(list) == count)
        for (; k < count; k++) {
            PyObject *item = PyList_GET_ITEM(list, k);
            if (item != last)
                number = PyLong_CheckExact(item) ? PyLong_AsLong(item) : -1, last = item;
            if (number < 0 || number > high) break;
            out[k] = (int)number;
        }
    if (k == count) return 0;
    PyErr_Clear(); /* an int too large: convert_ints says so */
    return convert_ints(list, out, count, 0, high, name);
}

int calc_hand_cages(Hand *h, Cage *cages, int n, const unsigned char *tables, Py_ssize_t length,
                    const char *name) {
    h->n = n, h->cells = n * n, h->w = (h->cells + 63) / 64;
    if (h->placed_n != h->n) {
        for (int c = 0; c < h->cells; c++)
            h->row_of[c] = (unsigned char)(c / h->n), h->column_of[c] = (unsigned char)(c % h->n);
        h->placed_n = h->n;
    }
    uint64_t *room = live_room(length / 8);
    if (!room) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_cages(h, tables, length, cages, room) < 0) {
        PyErr_Format(PyExc_ValueError, "%s: the tables do not fit n", name);
        return -1;
    }
    memset(h->unsettled, 0, sizeof h->unsettled), memset(h->unpermuted, 0, sizeof h->unpermuted);
    memset(h->unpermuted_cages, 0, sizeof h->unpermuted_cages);
    return 0;
}

int calc_hand_blank(Hand *h, Cage *cages, int n, const unsigned char *tables, Py_ssize_t length,
                    const char *name) {
    if (calc_hand_cages(h, cages, n, tables, length, name) < 0) return -1;
    memset(h->values, 0, sizeof(int) * (size_t)h->cells);
    for (int c = 0; c < h->cells; c++)
        h->digits[c] = (mask)full_digits(n), mark(h->unsettled, c), unpermute(h, c);
    count_lines(h);
    return 0;
}

int calc_hand(Hand *h, Cage *cages, PyObject *const *args, const char *name) {
    static int numbers[CALC_CELLS];
    long n;
    char *bytes;
    Py_ssize_t length;
    if (convert_int(args[0], 1, CALC_MAX, &n, name) < 0 ||
        PyBytes_AsStringAndSize(args[1], &bytes, &length) < 0)
        return -1;
    if (!PyList_Check(args[2]) || !PyList_Check(args[3])) {
        PyErr_Format(PyExc_TypeError, "%s: values, cell_digits are lists", name);
        return -1;
    }
    if (calc_hand_cages(h, cages, (int)n, (const unsigned char *)bytes, length, name) < 0)
        return -1;
    if (list_ints(args[2], h->values, h->cells, n, name) < 0 ||
        list_ints(args[3], numbers, h->cells, (1L << n) - 1, name) < 0)
        return -1;
    for (int c = 0; c < h->cells; c++) h->digits[c] = (mask)numbers[c];
    count_lines(h);
    return 0;
}

PyObject *calc_state_masks(const Hand *h) {
    word open[CALC_W] = {0}, where[CALC_MAX][CALC_W];
    memset(where, 0, sizeof where);
    for (int c = 0; c < h->cells; c++) {
        if (is_open(h, c)) mark(open, c);
        for (mask m = h->digits[c]; m; m &= m - 1) mark(where[__builtin_ctz(m)], c);
    }
    PyObject *cells = PyList_New(h->n);
    if (!cells) return NULL;
    for (int d = 0; d < h->n; d++) {
        PyObject *item = mask_object(where[d], CALC_W);
        if (!item) {
            Py_DECREF(cells);
            return NULL;
        }
        PyList_SET_ITEM(cells, d, item);
    }
    return Py_BuildValue("(NNNN)", cells, mask_object(open, CALC_W),
                         mask_object(h->unsettled, CALC_W), mask_object(h->unpermuted, CALC_W));
}

PyObject *calc_state_object(const Hand *h, PyObject *values, PyObject *digits) {
    for (int c = 0; c < h->cells; c++) {
        PyObject *value = PyLong_FromLong(h->values[c]);
        if (!value || PyList_SetItem(values, c, value) < 0) return NULL;
        PyObject *left = PyLong_FromUnsignedLong(h->digits[c]);
        if (!left || PyList_SetItem(digits, c, left) < 0) return NULL;
    }
    return calc_state_masks(h);
}

const char calcudoku_settle_doc[] =
"calcudoku_settle(n, tables, values, cell_digits, unsettled, unpermuted)\n--\n\n"
"grade/grader.settle on a Calcudoku state by calcudoku/grade.py's bulk techniques, the\n"
"cages as CalcCages.narrowing_tables: values and cell_digits (lists) changed in place;\n"
"(the hardest bulk technique used, its place in the ladder's bulk, or -1, digit_cells,\n"
"open_cells, unsettled, unpermuted).";

PyObject *calcudoku_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Hand h;
    static Cage cages[CALC_CELLS];
    if (!check_arity(nargs, 6, "calcudoku_settle") ||
        calc_hand(&h, cages, args, "calcudoku_settle") < 0 ||
        convert_mask(args[4], h.unsettled, CALC_W, CALC_CELLS, "unsettled") < 0 ||
        convert_mask(args[5], h.unpermuted, CALC_W, CALC_CELLS, "unpermuted") < 0)
        return NULL;
    unpermuted_cages_of(&h);
    int hardest = calc_settle(&h, 0);
    PyObject *state = calc_state_object(&h, args[2], args[3]);
    if (!state) return NULL;
    PyObject *result = Py_BuildValue("(iOOOO)", hardest, PyTuple_GET_ITEM(state, 0),
                                     PyTuple_GET_ITEM(state, 1), PyTuple_GET_ITEM(state, 2),
                                     PyTuple_GET_ITEM(state, 3));
    Py_DECREF(state);
    return result;
}
