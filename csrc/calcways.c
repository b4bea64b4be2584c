/* calcudoku_ways: the Calcudoku check's fillings of one cage (core/calcudoku/check.py's
   _ways), found in the same order (value by value, the last cell's from the target), so
   the rows of its exact cover come out alike on both cores. It reads only n, the cells,
   the target and the operation. */

#include <string.h>

#include "pytypes.h"
#include "calcways.h"

enum { OP_HIDDEN, OP_ADD, OP_SUBTRACT, OP_MULTIPLY, OP_DIVIDE, OP_OTHER };

/* The operation as check.py spells it ('' for hidden); OP_OTHER matches nothing. */
static int operation_code(const char *text) {
    static const char *const names[] = {"", "+", "\xe2\x88\x92", "\xc3\x97", "\xc3\xb7"};
    for (int code = OP_HIDDEN; code < OP_OTHER; code++)
        if (strcmp(text, names[code]) == 0) return code;
    return OP_OTHER;
}

/* _latin for the newest value: no earlier cell in its row or column holds it. */
static int latin_ok(const Ways *w, int depth) {
    for (int j = 0; j < depth; j++)
        if (w->values[j] == w->values[depth] &&
            (w->row[j] == w->row[depth] || w->column[j] == w->column[depth]))
            return 0;
    return 1;
}

/* _reachable: values after the first ones (their sum and product, `left` cells to come)
   can still make the target. Besides _reachable's bounds (a sum the cells left can add
   to, a product dividing it) the ones from above (what they can add or multiply at
   most): a quicker walk to the same fillings, which are checked whole (makes()). */
static int reachable(const Ways *w, int left, long long sum, long long product) {
    if (w->size <= 2) return 1;
    long long t = w->target, most = product;
    int by_sum = sum + left <= t && sum + (long long)left * w->n >= t;
    for (int k = 0; k < left && most < t; k++) most = most > t / w->n ? t : most * w->n;
    int by_product = t % product == 0 && most >= t;
    if (w->operation == OP_ADD) return by_sum;
    if (w->operation == OP_MULTIPLY) return by_product;
    return by_sum || by_product;
}

/* _makes: the complete values make the target by the operation (hidden: by any). */
static int makes(const Ways *w) {
    if (w->size == 1) return w->values[0] == w->target;
    long long sum = 0, product = 1;
    for (int j = 0; j < w->size; j++) {
        sum += w->values[j];
        product *= w->values[j];
    }
    int big = w->values[0] > w->values[1] ? w->values[0] : w->values[1];
    int small = w->values[0] > w->values[1] ? w->values[1] : w->values[0];
    int pair = w->size == 2, divides = pair && big % small == 0;
    int add = sum == w->target, multiply = product == w->target;
    int subtract = pair && big - small == w->target;
    int divide = divides && big / small == w->target;
    switch (w->operation) {
    case OP_HIDDEN: return add || multiply || subtract || divide;
    case OP_ADD: return add;
    case OP_MULTIPLY: return multiply;
    case OP_SUBTRACT: return subtract;
    case OP_DIVIDE: return divide;
    default: return 0;
    }
}

/* The last cell's values that can make the target with the others (their sum and
   product), ascending and each once, into out: their count. Every value makes() takes is
   among them (a sum's rest, a product's quotient, a pair's difference or ratio). */
static int last_candidates(const Ways *w, long long sum, long long product, long long *out) {
    long long t = w->target, a = w->values[0];
    int count = 0, op = w->operation, pair = w->size == 2, any = op == OP_HIDDEN;
    if (w->size == 1) out[count++] = t;
    if (w->size > 1 && (any || op == OP_ADD)) out[count++] = t - sum;
    if (w->size > 1 && (any || op == OP_MULTIPLY) && t % product == 0) out[count++] = t / product;
    if (pair && (any || op == OP_SUBTRACT)) out[count++] = a - t, out[count++] = a + t;
    if (pair && (any || op == OP_DIVIDE)) {
        if (t >= 1 && t <= w->n) out[count++] = a * t;  /* else past n (and no overflow) */
        if (t >= 1 && a % t == 0) out[count++] = a / t;
    }
    for (int i = 1; i < count; i++)  /* a handful: by insertion */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            long long v = out[j];
            out[j] = out[j - 1], out[j - 1] = v;
        }
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (out[i] >= 1 && out[i] <= w->n && (!kept || out[kept - 1] != out[i]))
            out[kept++] = out[i];
    return kept;
}

/* extend(): each filling handed to w->found_one in order (values tried from 1 up, the last
   cell's from the target); 0, or -1 (its error). */
static int extend(Ways *w, int depth, long long sum, long long product) {
    if (depth == w->size - 1) {
        long long values[8];
        int count = last_candidates(w, sum, product, values);
        for (int k = 0; k < count; k++) {
            w->values[depth] = (int)values[k];
            if (latin_ok(w, depth) && makes(w) && w->found_one(w) < 0) return -1;
        }
        return 0;
    }
    for (int value = 1; value <= w->n; value++) {
        w->values[depth] = value;
        if (latin_ok(w, depth) &&
            reachable(w, w->size - depth - 1, sum + value, product * value) &&
            extend(w, depth + 1, sum + value, product * value) < 0)
            return -1;
    }
    return 0;
}

int ways_each(Ways *w) {
    return extend(w, 0, 0, 1);
}

/* found_one for calcudoku_ways: the filling appended to w->context, a list. */
static int append_tuple(Ways *w) {
    PyObject *values = PyTuple_New(w->size);
    if (!values) return -1;
    for (int j = 0; j < w->size; j++) PyTuple_SET_ITEM(values, j, PyLong_FromLong(w->values[j]));
    int failed = PyList_Append((PyObject *)w->context, values);
    Py_DECREF(values);
    return failed;
}

int read_ways(Ways *w, PyObject *const *args) {
    int overflow = 0, huge = 0;
    long n = PyLong_AsLongAndOverflow(args[0], &huge);
    if (n == -1 && PyErr_Occurred()) return -1;
    w->target = PyLong_AsLongLongAndOverflow(args[2], &overflow);
    if (w->target == -1 && PyErr_Occurred()) return -1;
    const char *operation = PyUnicode_AsUTF8(args[3]);
    if (!operation) return -1;
    Py_ssize_t size = PySequence_Length(args[1]);
    if (size < 0) return -1;
    if (huge || overflow || n < 1 || n > WAYS_MAX_N || size < 1 || size > WAYS_MAX_CELLS ||
        w->target > WAYS_MAX_TARGET || w->target < -WAYS_MAX_TARGET)
        return 0;
    w->n = (int)n, w->size = (int)size, w->operation = operation_code(operation);
    for (Py_ssize_t j = 0; j < size; j++) {
        PyObject *item = PySequence_GetItem(args[1], j);
        if (!item) return -1;
        long long cell = PyLong_AsLongLongAndOverflow(item, &overflow);
        Py_DECREF(item);
        if (cell == -1 && PyErr_Occurred()) return -1;
        if (overflow || cell < 0 || cell > WAYS_MAX_TARGET) return 0;
        w->row[j] = cell / n, w->column[j] = cell % n;
    }
    return 1;
}

const char calcudoku_ways_doc[] =
"calcudoku_ways(n, cells, target, operation)\n--\n\n"
"calcudoku/check.py's _ways as a list: each tuple of values 1..n for the cells making the\n"
"target by the operation ('' hidden), no value twice in a line, in the same order; None\n"
"past what C holds (more than 8 cells, n above 64, huge numbers).";

PyObject *calcudoku_ways(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 4, "calcudoku_ways")) return NULL;
    Ways w;
    int read = read_ways(&w, args);
    if (read <= 0) return read < 0 ? NULL : Py_NewRef(Py_None);
    PyObject *found = PyList_New(0);
    w.found_one = append_tuple, w.context = found;
    if (found && ways_each(&w) < 0) Py_CLEAR(found);
    return found;
}
