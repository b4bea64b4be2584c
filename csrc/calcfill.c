/* calcudoku_fillings: a Calcudoku cage's fillings as its Pattern keeps them
   (core/calcudoku/cages.py's fillings()), for the generator and the solver: every tuple
   of values 1..n for cells at relative places that makes the target, no value twice in a
   line (two cells: no value twice at all), in increasing order. Written apart from the
   check's fillings (calcways.c): the two proofs share no code. */

#include <stdlib.h>
#include <string.h>

#include "calcfill.h"
#include "pytypes.h"

#define FILL_MAX_CELLS 8   /* more, or more than 64 bits packed: None, the Python does it */
#define FILL_MAX_N 64
#define FILL_MAX_TARGET (1LL << 40)

typedef struct {
    int n, size, operations;   /* operations: the FILL_ bits a filling may make it by */
    long long target;
    const int *row, *column;
    int values[FILL_MOST_CELLS];
    Packed *found;
} Fill;

/* The operations a cage of `size` cells showing `text` may use (fillings()'
   operations_for()): 0 where the Python raises (an operation it does not know, or one
   for pairs on more cells) and so must run. */
int fill_operations_of(const char *text, int size) {
    static const char *const names[] = {"+", "\xe2\x88\x92", "\xc3\x97", "\xc3\xb7"};
    if (size == 1) return FILL_ADD;
    if (text[0] == '\0') return size == 2 ? 15 : FILL_ADD | FILL_MULTIPLY;
    for (int i = 0; i < 4; i++)
        if (strcmp(text, names[i]) == 0) {
            int bit = 1 << i;
            return size > 2 && (bit & (FILL_SUBTRACT | FILL_DIVIDE)) ? 0 : bit;
        }
    return 0;
}

/* Whether the newest value repeats none in its lines (two cells: differs at all). */
static int apart(const Fill *f, int depth) {
    for (int j = 0; j < depth; j++)
        if (f->values[j] == f->values[depth] && (f->size == 2 || f->row[j] == f->row[depth] ||
                                                 f->column[j] == f->column[depth]))
            return 0;
    return 1;
}

/* Whether values after the first ones (their sum and product so far, `left` cells to
   come) may still make the target: a sum stays within what the cells left can add, a
   product a divisor of the target within what they can multiply (pairs are tried whole).
   Only a quicker walk: the leaves are checked whole (makes()). */
static int open_to(const Fill *f, int left, long long sum, long long product) {
    if (f->size <= 2) return 1;
    if ((f->operations & FILL_ADD) && sum + left <= f->target &&
        sum + (long long)left * f->n >= f->target)
        return 1;
    if (!(f->operations & FILL_MULTIPLY) || f->target % product) return 0;
    for (int k = 0; k < left && product < f->target; k++) product *= f->n;
    return product >= f->target;
}

/* Whether the complete values make the target by one of the operations. */
static int makes(const Fill *f) {
    long long sum = 0, product = 1;
    for (int j = 0; j < f->size; j++) sum += f->values[j], product *= f->values[j];
    int big = f->values[0], small = f->values[f->size - 1];
    if (big < small) big = small, small = f->values[0];
    int pair = f->size == 2;
    return ((f->operations & FILL_ADD) && sum == f->target) ||
           ((f->operations & FILL_MULTIPLY) && product == f->target) ||
           (pair && (f->operations & FILL_SUBTRACT) && big - small == f->target) ||
           (pair && (f->operations & FILL_DIVIDE) && big % small == 0 &&
            big / small == f->target);
}

/* The filling packed (n bits a cell, cages.py's pack()) and appended to f->found. */
static int append(Fill *f) {
    Packed *found = f->found;
    if (found->count == found->capacity) {
        size_t capacity = found->capacity ? 2 * found->capacity : 64;
        uint64_t *grown = realloc(found->packed, capacity * sizeof *grown);
        if (!grown) return -1;
        found->packed = grown, found->capacity = capacity;
    }
    uint64_t bits = 0;
    for (int j = 0; j < f->size; j++) bits |= 1ULL << (j * f->n + f->values[j] - 1);
    found->packed[found->count++] = bits;
    return 0;
}

/* The last cell's values that may make the target with the others (their sum and
   product), ascending and each once, into out: their count. Every value that makes it by
   one of the operations is among them. */
static int last_values(const Fill *f, long long sum, long long product, long long *out) {
    long long t = f->target, a = f->values[0];
    int count = 0;
    if (f->operations & FILL_ADD) out[count++] = t - sum;
    if ((f->operations & FILL_MULTIPLY) && t % product == 0) out[count++] = t / product;
    if (f->size == 2 && (f->operations & FILL_SUBTRACT)) out[count++] = a - t, out[count++] = a + t;
    if (f->size == 2 && (f->operations & FILL_DIVIDE)) {
        out[count++] = a * t;
        if (t > 0 && a % t == 0) out[count++] = a / t;
    }
    for (int i = 1; i < count; i++)  /* ascending: a handful, by insertion */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            long long v = out[j];
            out[j] = out[j - 1], out[j - 1] = v;
        }
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (out[i] >= 1 && out[i] <= f->n && (!kept || out[kept - 1] != out[i]))
            out[kept++] = out[i];
    return kept;
}

/* Each filling appended in increasing order (values tried from 1 up, cell by cell; the
   last cell's from the target). */
static int extend(Fill *f, int depth, long long sum, long long product) {
    if (depth == f->size - 1) {
        long long values[6];
        int count = last_values(f, sum, product, values);
        for (int k = 0; k < count; k++) {
            f->values[depth] = (int)values[k];
            if (apart(f, depth) && makes(f) && append(f) < 0) return -1;
        }
        return 0;
    }
    for (int value = 1; value <= f->n; value++) {
        f->values[depth] = value;
        if (apart(f, depth) && open_to(f, f->size - depth - 1, sum + value, product * value) &&
            extend(f, depth + 1, sum + value, product * value) < 0)
            return -1;
    }
    return 0;
}

int fill_packed(int n, const int *row, const int *column, int size, int operations,
                long long target, Packed *found) {
    Fill f = {.n = n, .size = size, .operations = operations, .target = target,
              .row = row, .column = column, .found = found};
    return extend(&f, 0, 0, 1);
}

/* The (row, column) places read: their count, 0 past what C holds, -1 with an error. */
static int read_places(int *row, int *column, PyObject *positions) {
    Py_ssize_t size = PySequence_Length(positions);
    if (size < 0) return -1;
    if (size < 1 || size > FILL_MAX_CELLS) return 0;
    for (Py_ssize_t j = 0; j < size; j++) {
        PyObject *place = PySequence_GetItem(positions, j);
        if (!place) return -1;
        long r = -1, c = -1;
        if (PyTuple_Check(place) && PyTuple_GET_SIZE(place) == 2) {
            r = PyLong_AsLong(PyTuple_GET_ITEM(place, 0));
            c = PyLong_AsLong(PyTuple_GET_ITEM(place, 1));
        }
        Py_DECREF(place);
        if (PyErr_Occurred()) return -1;
        if (r < 0 || c < 0 || r > FILL_MAX_N || c > FILL_MAX_N) return 0;
        row[j] = (int)r, column[j] = (int)c;
    }
    return (int)size;
}

const char calcudoku_fillings_doc[] =
"calcudoku_fillings(positions, operation, target, n)\n--\n\n"
"calcudoku/cages.py's packed_fillings() in C: (a tuple of the tuples of values 1..n for\n"
"cells at the (row, column) positions that make the target by the operation ('' hidden:\n"
"by any the size allows), no value twice in a line, in increasing order; a tuple of each\n"
"packed, n bits a cell); None past what C holds (n bits a cell over 64, a target below 1\n"
"or huge, an operation the Python would refuse).";

/* The packed fillings as (fillings, packed) tuples: each one's values read back from
   its bits. */
static PyObject *listed(const Packed *found, int n, int size) {
    PyObject *fillings = PyTuple_New((Py_ssize_t)found->count);
    PyObject *packed = fillings ? PyTuple_New((Py_ssize_t)found->count) : NULL;
    for (size_t k = 0; packed && k < found->count; k++) {
        uint64_t bits = found->packed[k];
        PyObject *values = PyTuple_New(size), *number = PyLong_FromUnsignedLongLong(bits);
        for (int j = 0; values && j < size; j++) {
            uint64_t digits = n == 64 ? bits : bits >> (j * n) & ((1ULL << n) - 1);
            PyTuple_SET_ITEM(values, j, PyLong_FromLong(__builtin_ctzll(digits) + 1));
        }
        if (!values || !number) {
            Py_XDECREF(values), Py_XDECREF(number);
            Py_CLEAR(packed);
            break;
        }
        PyTuple_SET_ITEM(fillings, (Py_ssize_t)k, values);
        PyTuple_SET_ITEM(packed, (Py_ssize_t)k, number);
    }
    if (!packed) { Py_XDECREF(fillings); return NULL; }
    return Py_BuildValue("(NN)", fillings, packed);
}

PyObject *calcudoku_fillings(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "calcudoku_fillings")) return NULL;
    int row[FILL_MAX_CELLS], column[FILL_MAX_CELLS], huge = 0, overflow = 0;
    long n = PyLong_AsLongAndOverflow(args[3], &huge);
    long long target = PyLong_AsLongLongAndOverflow(args[2], &overflow);
    const char *operation = PyUnicode_AsUTF8(args[1]);
    if (PyErr_Occurred()) return NULL;
    int size = read_places(row, column, args[0]);
    if (size < 0) return NULL;
    if (!size || huge || overflow || n < 1 || n > FILL_MAX_N || n * size > 64 || target < 1 ||
        target > FILL_MAX_TARGET)
        return Py_NewRef(Py_None);
    int operations = fill_operations_of(operation, size);
    if (!operations) return Py_NewRef(Py_None);
    Packed found = {0};
    PyObject *made = fill_packed((int)n, row, column, size, operations, target, &found) < 0
                         ? PyErr_NoMemory() : listed(&found, (int)n, size);
    free(found.packed);
    return made;
}
