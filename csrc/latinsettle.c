/* The Latin-square kinds' bulk techniques, compiled: grade/grader.settle on a Latin state
   (latin/grading.LatinCandidates) with the ladder's bulk techniques, each as its Python
   applies it (grade/techniques.py's place_full_houses, place_hidden_singles and
   place_naked_single; Futoshiki's apply_inequality_bounds; Skyscrapers' edge clues and
   clue bounds, fixed masks), in the ladder's order, so the state reached and the hardest
   technique used are the Python's.

   The state is its values and cell_digits; digit_cells and open_cells follow from them
   (Candidates keeps them in step), and are made again here for the caller. */

#include "pytypes.h"
#include "latin.h"

#define HAND_MAX LATIN_MAX
#define HAND_CELLS LATIN_CELLS


static inline int single(mask m) { return m && !(m & (m - 1)); }
static inline int value_of(mask m) { return 32 - __builtin_clz(m); }

/* The k-th cell of unit u: rows first, then columns (latin_of's units). */
static inline int unit_cell(int n, int u, int k) { return u < n ? u * n + k : k * n + (u - n); }

/* Candidates.place: the value leaves the pencil marks of every peer. */
static void place(Hand *h, int cell, int value) {
    int n = h->n, row = cell / n, col = cell % n;
    mask bit = (mask)1 << (value - 1);
    h->digits[cell] = 0, h->values[cell] = value;
    for (int k = 0; k < n; k++) h->digits[row * n + k] &= ~bit, h->digits[k * n + col] &= ~bit;
}

#define SINGLES_HAND Hand
#define SINGLES_PLACE place
#include "singles.h"

/* skyscrapers/techniques._apply_static. */
static int fixed_masks(Hand *h, const Bulk *bulk) {
    int found = 0;
    for (int c = 0; c < h->n * h->n; c++)
        if (h->digits[c] & ~(mask)bulk->data[c]) h->digits[c] &= (mask)bulk->data[c], found = 1;
    return found;
}

static inline mask digits_of(const Hand *h, int cell) {
    return h->values[cell] ? (mask)1 << (h->values[cell] - 1) : h->digits[cell];
}

/* futoshiki/techniques.apply_inequality_bounds: sign after sign until none narrows (a
   placed cell a sign excludes would sweep for ever there: never on a state with a
   solution, and stopped here after a sweep per candidate). */
static int sign_bounds(Hand *h, const Bulk *bulk) {
    int found = 0, sweeps = 0;
    for (int sweeping = 1; sweeping && sweeps <= h->n * h->n * h->n; sweeps++) {
        sweeping = 0;
        for (int i = 0; i < bulk->count; i += 2) {
            int smaller = bulk->data[i], larger = bulk->data[i + 1];
            mask low = digits_of(h, smaller), high = digits_of(h, larger);
            mask kept_low = high ? low & (((mask)1 << (value_of(high) - 1)) - 1) : 0;
            mask kept_high = high & ~((low & (0u - low)) * 2 - 1);
            if (kept_low != low) h->digits[smaller] &= ~(low & ~kept_low), found = sweeping = 1;
            if (kept_high != high) h->digits[larger] &= ~(high & ~kept_high), found = sweeping = 1;
        }
    }
    return found;
}

static int apply(Hand *h, const Bulk *bulk) {
    switch (bulk->code) {
    case FULL_HOUSES: return full_houses(h);
    case HIDDEN_SINGLES: return hidden_singles(h);
    case NAKED_SINGLE: return naked_single(h);
    case FIXED_MASKS: return fixed_masks(h, bulk);
    default: return sign_bounds(h, bulk);
    }
}

static int solved(const Hand *h) {
    for (int c = 0; c < h->n * h->n; c++)
        if (!h->values[c]) return 0;
    return 1;
}

/* grader.settle: the easiest bulk technique that finds anything, again, until none does;
   the rank of the hardest used, -1 if none. */
int latin_settle_hand(Hand *h, const Bulk *bulks, int count) {
    int rank = -1;
    while (!solved(h)) {
        int i = 0;
        while (i < count && !apply(h, &bulks[i])) i++;
        if (i == count) break;
        if (bulks[i].rank > rank) rank = bulks[i].rank;
    }
    return rank;
}

/* FIXED_MASKS from the sides' clues. */
static void clued_bulk(int n, const int *sides, int edges_only, int rank, Bulk *bulk) {
    mask masks[HAND_CELLS];
    latin_clue_masks(n, sides, edges_only, masks);
    bulk->code = FIXED_MASKS, bulk->rank = rank, bulk->count = n * n;
    for (int c = 0; c < n * n; c++) bulk->data[c] = (int)masks[c];
}

int latin_make_bulk(int n, int code, int rank, const int *data, int count, Bulk *bulk) {
    if (code >= CLUED_EDGES) {
        if (count != 4 * n) return -1;
        clued_bulk(n, data, code == CLUED_EDGES, rank, bulk);
        return 0;
    }
    if (count > 4 * HAND_CELLS) return -1;
    bulk->code = code, bulk->rank = rank, bulk->count = count;
    for (int i = 0; i < count; i++) bulk->data[i] = data[i];
    return 0;
}

/* One bulk technique from (code, rank, data); -1 with an exception set. */
int latin_read_bulk(PyObject *item, int n, Bulk *bulk) {
    PyObject *code, *rank, *data;
    long number, place;
    if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "OOO", &code, &rank, &data)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "latin_settle: (code, rank, data)");
        return -1;
    }
    if (convert_int(code, FULL_HOUSES, CLUED_BOUNDS, &number, "latin_settle: a code") < 0 ||
        convert_int(rank, 0, 1L << 20, &place, "latin_settle: a rank") < 0)
        return -1;
    if (number >= CLUED_EDGES) {
        int sides[4 * HAND_MAX];
        if (latin_read_sides(data, n, sides) < 0) return -1;
        clued_bulk(n, sides, number == CLUED_EDGES, (int)place, bulk);
        return 0;
    }
    Py_ssize_t count = PySequence_Size(data);
    if (count < 0) return -1;
    if (count > 4 * HAND_CELLS) {
        PyErr_SetString(PyExc_ValueError, "latin_settle: a bulk technique's data is too long");
        return -1;
    }
    bulk->code = (int)number, bulk->rank = (int)place, bulk->count = (int)count;
    long high = number == FIXED_MASKS ? (1L << n) - 1 : n * n - 1;
    return convert_ints(data, bulk->data, count, 0, high, "latin_settle: data");
}

/* The values and cell_digits into their lists. */
static int store_hand(const Hand *h, PyObject *values, PyObject *digits) {
    for (int c = 0; c < h->n * h->n; c++) {
        PyObject *value = PyLong_FromLong(h->values[c]);
        if (!value || PyList_SetItem(values, c, value) < 0) return -1;
        PyObject *left = PyLong_FromUnsignedLong(h->digits[c]);
        if (!left || PyList_SetItem(digits, c, left) < 0) return -1;
    }
    return 0;
}

/* (rank, digit_cells, open_cells) of the hand, as Candidates keeps them. */
PyObject *latin_follow_digits(const Hand *h, int rank) {
    enum { W = HAND_CELLS / 64 };
    word open[W] = {0}, where[HAND_MAX][W];
    memset(where, 0, sizeof where);
    for (int c = 0; c < h->n * h->n; c++) {
        if (!h->values[c]) open[c / 64] |= (word)1 << (c % 64);
        for (mask left = h->digits[c]; left; left &= left - 1)
            where[__builtin_ctz(left)][c / 64] |= (word)1 << (c % 64);
    }
    PyObject *cells = PyList_New(h->n);
    if (!cells) return NULL;
    for (int d = 0; d < h->n; d++) {
        PyObject *item = mask_object(where[d], W);
        if (!item) {
            Py_DECREF(cells);
            return NULL;
        }
        PyList_SET_ITEM(cells, d, item);
    }
    return Py_BuildValue("(iNN)", rank, cells, mask_object(open, W));
}

const char latin_settle_doc[] =
"latin_settle(n, values, cell_digits, bulk)\n--\n\n"
"grade/grader.settle on a Latin state: values and cell_digits (lists) changed in place by\n"
"the bulk techniques (code, rank, data), easiest first; (the rank of the hardest used or\n"
"-1, the digit_cells and the open_cells that follow).";

PyObject *latin_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Bulk bulks[BULK_MAX];
    Hand h;
    long n;
    if (!check_arity(nargs, 4, "latin_settle") ||
        convert_int(args[0], 1, HAND_MAX, &n, "latin_settle: n") < 0)
        return NULL;
    int cells = (int)(n * n), digits[HAND_CELLS];
    h.n = (int)n;
    if (!PyList_Check(args[1]) || !PyList_Check(args[2]) || !PyList_Check(args[3]))
        return PyErr_Format(PyExc_TypeError, "latin_settle: values, cell_digits, bulk are lists");
    Py_ssize_t count = PyList_GET_SIZE(args[3]);
    if (count > BULK_MAX) return PyErr_Format(PyExc_ValueError, "latin_settle: %zd bulk", count);
    if (convert_ints(args[1], h.values, cells, 0, n, "latin_settle: values") < 0 ||
        convert_ints(args[2], digits, cells, 0, (1L << n) - 1, "latin_settle: cell_digits") < 0)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++)
        if (latin_read_bulk(PyList_GET_ITEM(args[3], i), h.n, &bulks[i]) < 0) return NULL;
    for (int c = 0; c < cells; c++) h.digits[c] = (mask)digits[c];
    int rank = latin_settle_hand(&h, bulks, (int)count);
    if (store_hand(&h, args[1], args[2]) < 0) return NULL;
    return latin_follow_digits(&h, rank);
}
