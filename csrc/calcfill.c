/* calcudoku_fillings: a Calcudoku cage's fillings as its Pattern keeps them
   (core/calcudoku/cages.py's fillings()), for the generator and the solver: every tuple
   of values 1..n for cells at relative places that makes the target, no value twice in a
   line (two cells: no value twice at all), in increasing order. Written apart from the
   check's fillings (calcways.c): the two proofs share no code. */

#include <string.h>

#include "pytypes.h"

#define FILL_MAX_CELLS 8   /* more, or more than 64 bits packed: None, the Python does it */
#define FILL_MAX_N 64
#define FILL_MAX_TARGET (1LL << 40)

enum { FILL_ADD = 1, FILL_SUBTRACT = 2, FILL_MULTIPLY = 4, FILL_DIVIDE = 8 };

typedef struct {
    int n, size, operations;   /* operations: the FILL_ bits a filling may make it by */
    long long target;
    int row[FILL_MAX_CELLS], column[FILL_MAX_CELLS], values[FILL_MAX_CELLS];
    PyObject *found, *packed;  /* lists: the fillings, and each packed */
} Fill;

/* The operations a cage of `size` cells showing `text` may use (fillings()'
   operations_for()): 0 where the Python raises (an operation it does not know, or one
   for pairs on more cells) and so must run. */
static int operations_of(const char *text, int size) {
    static const char *const names[] = {"+", "\xe2\x88\x92", "\xc3\x97", "\xc3\xb7"};
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

/* Whether the first `count` values may still make the target: a sum never shrinks, a
   product stays a divisor of it (pairs are tried whole). */
static int open_to(const Fill *f, int count) {
    if (f->size <= 2) return 1;
    long long sum = 0, product = 1;
    for (int j = 0; j < count; j++) sum += f->values[j], product *= f->values[j];
    return ((f->operations & FILL_ADD) && sum + f->size - count <= f->target) ||
           ((f->operations & FILL_MULTIPLY) && f->target % product == 0);
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

/* The filling appended to f->found, and packed (n bits a cell, cages.py's pack()) to
   f->packed. */
static int append(Fill *f) {
    PyObject *values = PyTuple_New(f->size);
    if (!values) return -1;
    unsigned long long bits = 0;
    for (int j = 0; j < f->size; j++) {
        PyTuple_SET_ITEM(values, j, PyLong_FromLong(f->values[j]));
        bits |= 1ULL << (j * f->n + f->values[j] - 1);
    }
    int failed = PyList_Append(f->found, values);
    Py_DECREF(values);
    PyObject *packed = failed ? NULL : PyLong_FromUnsignedLongLong(bits);
    failed = !packed || PyList_Append(f->packed, packed);
    Py_XDECREF(packed);
    return failed ? -1 : 0;
}

/* Each filling appended in increasing order (values tried from 1 up, cell by cell). */
static int extend(Fill *f, int depth) {
    if (depth == f->size) return makes(f) ? append(f) : 0;
    for (int value = 1; value <= f->n; value++) {
        f->values[depth] = value;
        if (apart(f, depth) && open_to(f, depth + 1) && extend(f, depth + 1) < 0) return -1;
    }
    return 0;
}

/* The (row, column) places read into f: 1, 0 past what C holds, -1 with an error. */
static int read_places(Fill *f, PyObject *positions) {
    Py_ssize_t size = PySequence_Length(positions);
    if (size < 0) return -1;
    if (size < 1 || size > FILL_MAX_CELLS) return 0;
    f->size = (int)size;
    for (Py_ssize_t j = 0; j < size; j++) {
        PyObject *place = PySequence_GetItem(positions, j);
        if (!place) return -1;
        long row = -1, column = -1;
        if (PyTuple_Check(place) && PyTuple_GET_SIZE(place) == 2) {
            row = PyLong_AsLong(PyTuple_GET_ITEM(place, 0));
            column = PyLong_AsLong(PyTuple_GET_ITEM(place, 1));
        }
        Py_DECREF(place);
        if (PyErr_Occurred()) return -1;
        if (row < 0 || column < 0 || row > FILL_MAX_N || column > FILL_MAX_N) return 0;
        f->row[j] = (int)row, f->column[j] = (int)column;
    }
    return 1;
}

const char calcudoku_fillings_doc[] =
"calcudoku_fillings(positions, operation, target, n)\n--\n\n"
"calcudoku/cages.py's packed_fillings() in C: (a tuple of the tuples of values 1..n for\n"
"cells at the (row, column) positions that make the target by the operation ('' hidden:\n"
"by any the size allows), no value twice in a line, in increasing order; a tuple of each\n"
"packed, n bits a cell); None past what C holds (n bits a cell over 64, a target below 1\n"
"or huge, an operation the Python would refuse).";

/* The fillings as (fillings, packed) tuples, or None: extend() into f's lists. */
static PyObject *listed(Fill *f) {
    f->found = PyList_New(0), f->packed = PyList_New(0);
    PyObject *made = NULL;
    if (f->found && f->packed && extend(f, 0) == 0)
        made = Py_BuildValue("(NN)", PyList_AsTuple(f->found), PyList_AsTuple(f->packed));
    Py_XDECREF(f->found);
    Py_XDECREF(f->packed);
    return made;
}

PyObject *calcudoku_fillings(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "calcudoku_fillings")) return NULL;
    Fill f;
    int huge = 0, overflow = 0;
    long n = PyLong_AsLongAndOverflow(args[3], &huge);
    f.target = PyLong_AsLongLongAndOverflow(args[2], &overflow);
    const char *operation = PyUnicode_AsUTF8(args[1]);
    if (PyErr_Occurred()) return NULL;
    int read = read_places(&f, args[0]);
    if (read < 0) return NULL;
    if (!read || huge || overflow || n < 1 || n > FILL_MAX_N || n * f.size > 64 || f.target < 1 ||
        f.target > FILL_MAX_TARGET)
        return Py_NewRef(Py_None);
    f.n = (int)n;
    f.operations = f.size == 1 ? FILL_ADD : operations_of(operation, f.size);
    return f.operations ? listed(&f) : Py_NewRef(Py_None);
}
