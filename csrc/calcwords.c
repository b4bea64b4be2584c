/* calcudoku_words: a generator's new cage as the compiled grading reads it (calcudoku/
   generate.py's DraftCages.words_in_python, the reference): its part of narrowing_tables
   (cell count, filling count, cells, packed fillings; 64-bit words) and its known sum
   (quiet.known_sum()), from its (cells, operation) group over the solution. The climb and
   the hardening loop (calcclimb.c, calcharden.c) make a change's new cages' words here,
   kept in the DraftCages' dict as DraftCages.words() keeps them, without calling back into
   Python (a 6x6 medium: a fifth of its CPU was those calls). */

#include <stdlib.h>
#include <string.h>

#include "calcchange.h"
#include "calcfill.h"

/* What the values make by the operation (cages.py's target_of()); -1 with ValueError
   where they make nothing. */
static long long target_of(const int *values, int count, int op) {
    if (count == 1) return values[0];
    long long sum = 0, product = 1;
    int low = values[0], high = values[0];
    for (int k = 0; k < count; k++) {
        sum += values[k], product *= values[k];
        low = values[k] < low ? values[k] : low, high = values[k] > high ? values[k] : high;
    }
    if (op == OP_ADD) return sum;
    if (op == OP_MUL) return product;
    if (op == OP_SUB) return high - low;
    if (op == OP_DIV && high % low == 0) return high / low;
    PyErr_SetString(PyExc_ValueError, "calcudoku_words: the values make nothing by the operation");
    return -1;
}

/* The FILL_ bits a cage of `count` cells showing the operation `shown` may make its
   target by (cages.py's operations_for()); 0 where the Python refuses the cage. */
static int fill_operations(int shown, int count) {
    if (count == 1) return FILL_ADD;
    if (shown == OP_HIDDEN) return count == 2 ? 15 : FILL_ADD | FILL_MULTIPLY;
    int bit = 1 << (shown - 1);
    return count > 2 && (bit & (FILL_SUBTRACT | FILL_DIVIDE)) ? 0 : bit;
}

/* ---- fillings kept ---------------------------------------------------------------------- */

/* A cage's packed fillings depend only on n, its size, the operations it may make its
   target by, the target, and which of its cells share a row or a column: generation makes
   the same ones over and over (6x6 expert: a new cage's fillings were 2 % of its
   instructions). Kept here for cages of up to FILL_KEPT_CELLS cells, for the process: a
   pure function of the key, so the words are the same whether kept or made. */
#define FILL_KEPT_CELLS 4

typedef struct {
    uint64_t key;  /* 0: empty */
    size_t count;
    uint64_t *packed;
} KeptFillings;

static struct {
    KeptFillings *slot;
    size_t size, used;  /* size a power of two */
} kept;

/* The key of the fillings (never 0), or 0 where they are not kept: n 5 bits, size 3,
   operations 4, 12 bits of shared rows and columns (two per pair of cells), target 32. */
static uint64_t fillings_key(int n, const int *row, const int *column, int size,
                             int operations, long long target) {
    if (size > FILL_KEPT_CELLS || n > 31 || target < 0 || target >= (1LL << 32)) return 0;
    uint64_t shared = 0;
    int bit = 0;
    for (int j = 0; j < size; j++)
        for (int k = j + 1; k < size; k++, bit += 2)
            shared |= (uint64_t)(row[j] == row[k]) << bit |
                      (uint64_t)(column[j] == column[k]) << (bit + 1);
    return 1 | (uint64_t)n << 1 | (uint64_t)size << 6 | (uint64_t)operations << 9 |
           shared << 13 | (uint64_t)target << 25;
}

static KeptFillings *kept_slot(uint64_t key) {
    size_t at = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (kept.size - 1);
    while (kept.slot[at].key && kept.slot[at].key != key) at = (at + 1) & (kept.size - 1);
    return &kept.slot[at];
}

/* Room for one more kept entry (the table at most half full); -1 out of memory. */
static int kept_room(void) {
    if (2 * (kept.used + 1) <= kept.size) return 0;
    size_t size = kept.size ? 2 * kept.size : 1024;
    KeptFillings *old = kept.slot, *slot = calloc(size, sizeof *slot);
    if (!slot) return -1;
    size_t old_size = kept.size;
    kept.slot = slot, kept.size = size;
    for (size_t i = 0; i < old_size; i++)
        if (old[i].key) *kept_slot(old[i].key) = old[i];
    free(old);
    return 0;
}

/* fill_packed() of the cells, kept (fillings_key()): the fillings into *packed (owned by
   the table where kept, else the caller frees found->packed) and their count. -1 out of
   memory. */
static int fillings_of(int n, const int *row, const int *column, int size, int operations,
                       long long target, Packed *found, const uint64_t **packed) {
    uint64_t key = fillings_key(n, row, column, size, operations, target);
    KeptFillings *slot = key && kept.size ? kept_slot(key) : NULL;
    if (slot && slot->key) {
        *packed = slot->packed, found->count = slot->count;
        return 0;
    }
    if (fill_packed(n, row, column, size, operations, target, found) < 0) return -1;
    *packed = found->packed;
    if (!key || kept_room() < 0) return 0;  /* not kept: made each time */
    slot = kept_slot(key);
    *slot = (KeptFillings){key, found->count, found->packed};
    kept.used++;
    found->packed = NULL, found->capacity = 0;  /* the table's now */
    return 0;
}

/* The words and the known sum of the group (cells ascending, `values` theirs) as bytes:
   a new (words, sum) tuple; Py_None where a filling needs more than 64 bits; NULL on
   error. `shown`: what the group's cage shows (the type's shown(), by code). */
static PyObject *words_made(int n, const int *cells, const int *values, int count, int op,
                            int shown) {
    if ((long)n * count > 64) return Py_NewRef(Py_None);
    long long target = target_of(values, count, op);
    int operations = fill_operations(shown, count), row[FILL_MOST_CELLS], column[FILL_MOST_CELLS];
    if (target < 0) return NULL;
    if (!operations) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_words: an operation for pairs on more cells");
        return NULL;
    }
    for (int k = 0; k < count; k++) row[k] = cells[k] / n, column[k] = cells[k] % n;
    Packed found = {0};
    const uint64_t *packed;
    if (fillings_of(n, row, column, count, operations, target, &found, &packed) < 0)
        return free(found.packed), PyErr_NoMemory();
    Py_ssize_t length = (Py_ssize_t)((2 + (size_t)count + found.count) * sizeof(uint64_t));
    PyObject *words = PyBytes_FromStringAndSize(NULL, length);
    long long known = shown == OP_ADD || count == 1 ? target : -1;
    PyObject *sum = PyBytes_FromStringAndSize((const char *)&known, sizeof known);
    if (words && sum) {
        uint64_t *out = (uint64_t *)PyBytes_AS_STRING(words);
        out[0] = (uint64_t)count, out[1] = found.count;
        for (int k = 0; k < count; k++) out[2 + k] = (uint64_t)cells[k];
        if (found.count) memcpy(out + 2 + count, packed, found.count * sizeof(uint64_t));
    }
    free(found.packed);
    if (!words || !sum) return Py_XDECREF(words), Py_XDECREF(sum), NULL;
    return climb_pair(words, sum);
}

/* ---- for the climb and the hardening loop ---------------------------------------------- */

int climb_read_words(Grading *g, PyObject *words) {
    if (!PyTuple_Check(words) || PyTuple_GET_SIZE(words) != 2 ||
        !PyDict_Check(PyTuple_GET_ITEM(words, 0))) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_climb: words are (a dict, shown codes)");
        return -1;
    }
    g->words_kept = PyTuple_GET_ITEM(words, 0);
    return convert_ints(PyTuple_GET_ITEM(words, 1), g->shown, OP_COUNT, 0, OP_COUNT - 1,
                        "shown");
}

PyObject *climb_words_of(const Climb *c, const Group *group, const Grading *g) {
    PyObject *key = climb_group_object(group, g->operations);
    if (!key) return NULL;
    PyObject *found = PyDict_GetItemWithError(g->words_kept, key);
    if (found || PyErr_Occurred()) {
        Py_DECREF(key);
        return Py_XNewRef(found);
    }
    int values[CLIMB_GROUP_MOST];
    for (int k = 0; k < group->count; k++) values[k] = c->solution[group->cells[k]];
    found = words_made(c->n, group->cells, values, group->count, group->op,
                       g->shown[group->op]);
    if (found && PyDict_SetItem(g->words_kept, key, found) < 0) Py_CLEAR(found);
    Py_DECREF(key);
    return found;
}

/* ---- calcudoku_words ------------------------------------------------------------------- */

const char calcudoku_words_doc[] =
"calcudoku_words(n, solution, operations, shown, group)\n--\n\n"
"calcudoku/generate.py's DraftCages.words_in_python in C: the (cells, operation) group's\n"
"cage over the solution (the operation one of `operations`, the operation strings by\n"
"code) as the compiled grading reads it, its cage showing shown[code] (codes): (its words,\n"
"its known sum) as bytes, or None where a filling needs more than 64 bits. The group\n"
"last: a DraftCages binds the rest once (functools.partial).";

/* The group's operation code (its string among `operations`); -1 with an error. */
static int operation_code(PyObject *operation, PyObject *operations) {
    if (!PyUnicode_Check(operation) || !PyTuple_Check(operations) ||
        PyTuple_GET_SIZE(operations) != OP_COUNT) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_words: an operation is a string of five");
        return -1;
    }
    for (int code = 0; code < OP_COUNT; code++) {
        int same = PyUnicode_Compare(operation, PyTuple_GET_ITEM(operations, code));
        if (same == 0) return code;
        if (PyErr_Occurred()) return -1;
    }
    PyErr_SetString(PyExc_ValueError, "calcudoku_words: an operation not among the five");
    return -1;
}

/* The group's cells (on the board) ascending, as the Python's cage keeps them, and their
   values; their count, -1 on error. */
static int read_cells(PyObject *cells, PyObject *solution, long n, int *out, int *values) {
    Py_ssize_t count = PySequence_Length(cells);
    if (count < 0) return -1;
    if (count < 1 || count > FILL_MOST_CELLS) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_words: a group of 1-64 cells");
        return -1;
    }
    if (convert_ints(cells, out, count, 0, n * n - 1, "cells") < 0) return -1;
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *value = PySequence_GetItem(solution, out[k]);
        long v;
        int failed = !value || convert_int(value, 1, n, &v, "a value");
        Py_XDECREF(value);
        if (failed) return -1;
        values[k] = (int)v;
        for (Py_ssize_t j = k; j > 0 && out[j - 1] > out[j]; j--) {
            int cell = out[j], value = values[j];
            out[j] = out[j - 1], values[j] = values[j - 1];
            out[j - 1] = cell, values[j - 1] = value;
        }
    }
    return (int)count;
}

PyObject *calcudoku_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "calcudoku_words")) return NULL;
    long n;
    int shown[OP_COUNT], cells[FILL_MOST_CELLS], values[FILL_MOST_CELLS];
    if (convert_int(args[0], 1, 64, &n, "n") < 0 ||
        convert_ints(args[3], shown, OP_COUNT, 0, OP_COUNT - 1, "shown") < 0)
        return NULL;
    if (!PyTuple_Check(args[4]) || PyTuple_GET_SIZE(args[4]) != 2) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_words: a group is (cells, operation)");
        return NULL;
    }
    int op = operation_code(PyTuple_GET_ITEM(args[4], 1), args[2]);
    int count = op < 0 ? -1 : read_cells(PyTuple_GET_ITEM(args[4], 0), args[1], n, cells, values);
    if (count < 0) return NULL;
    if (count > 1 && op == OP_HIDDEN) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_words: a group of cells has an operation");
        return NULL;
    }
    return words_made((int)n, cells, values, count, op, shown[op]);
}
