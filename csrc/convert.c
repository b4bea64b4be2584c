/* Python values to C arrays, checked; see convert.h. */

#include "convert.h"

/* The int's low 8 * size bytes, little-endian; -1 (ValueError) if it is negative or
   does not fit. */
static int int_bytes(PyObject *value, unsigned char *bytes, Py_ssize_t size, const char *what) {
#if PY_VERSION_HEX >= 0x030D0000
    int flags = Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                Py_ASNATIVEBYTES_REJECT_NEGATIVE;
    Py_ssize_t needed = PyLong_AsNativeBytes(value, bytes, size, flags);
    if (needed < 0) return -1;
    if (needed > size) {
        PyErr_Format(PyExc_ValueError, "%s has bits outside the board", what);
        return -1;
    }
#else
    if (_PyLong_Sign(value) < 0) {
        PyErr_Format(PyExc_ValueError, "%s must not be negative", what);
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, (size_t)size, 1, 0) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s has bits outside the board", what);
        return -1;
    }
#endif
    return 0;
}

int convert_mask(PyObject *value, word *out, int w, int cells, const char *what) {
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    unsigned char small[256], *bytes = small;
    Py_ssize_t size = (Py_ssize_t)w * 8;
    if (size > (Py_ssize_t)sizeof small && !(bytes = PyMem_Malloc((size_t)size))) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = int_bytes(value, bytes, size, what);
    for (int i = 0; i < w && !failed; i++) {
        word x = 0;
        for (int j = 7; j >= 0; j--) x = x << 8 | bytes[8 * i + j];
        out[i] = x;
    }
    if (bytes != small) PyMem_Free(bytes);
    if (!failed && cells % 64 && out[w - 1] >> (cells % 64)) {
        PyErr_Format(PyExc_ValueError, "%s has bits outside the board's %d cells", what, cells);
        failed = 1;
    }
    return failed ? -1 : 0;
}

Py_ssize_t convert_masks(PyObject *sequence, word *out, Py_ssize_t count, int w, int cells,
                         const char *what) {
    PyObject *items = PySequence_Fast(sequence, what);
    if (!items) return -1;
    Py_ssize_t length = PySequence_Fast_GET_SIZE(items);
    if (count >= 0 && length != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd masks, got %zd", what, count, length);
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t k = 0; k < length; k++) {
        if (convert_mask(PySequence_Fast_GET_ITEM(items, k), out + k * w, w, cells, what) < 0) {
            Py_DECREF(items);
            return -1;
        }
    }
    Py_DECREF(items);
    return length;
}

int convert_int(PyObject *value, long low, long high, long *out, const char *what) {
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    int overflow;
    long number = PyLong_AsLongAndOverflow(value, &overflow);
    if (number == -1 && PyErr_Occurred()) return -1;
    if (overflow || number < low || number > high) {
        PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld", what, low, high);
        return -1;
    }
    *out = number;
    return 0;
}

int convert_ints(PyObject *sequence, int *out, Py_ssize_t count, long low, long high,
                 const char *what) {
    PyObject *items = PySequence_Fast(sequence, what);
    if (!items) return -1;
    if (PySequence_Fast_GET_SIZE(items) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values, got %zd", what, count,
                     PySequence_Fast_GET_SIZE(items));
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        long number;
        if (convert_int(PySequence_Fast_GET_ITEM(items, k), low, high, &number, what) < 0) {
            Py_DECREF(items);
            return -1;
        }
        out[k] = (int)number;
    }
    Py_DECREF(items);
    return 0;
}

long long convert_clamped(PyObject *value, int *failed) {
    int overflow;
    long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
    *failed = number == -1 && PyErr_Occurred();
    if (overflow) return overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return number;
}

/* The number of items in every inner sequence, or -1. */
static Py_ssize_t total_length(PyObject *outer, const char *what) {
    Py_ssize_t total = 0;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(outer); k++) {
        Py_ssize_t length = PySequence_Length(PySequence_Fast_GET_ITEM(outer, k));
        if (length < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s must be a sequence of sequences", what);
            return -1;
        }
        total += length;
        if (total > INT_MAX / 8) {
            PyErr_Format(PyExc_ValueError, "%s is too large", what);
            return -1;
        }
    }
    return total;
}

int convert_lists(PyObject *sequence, long high, int **items, int **start, int *count,
                  const char *what) {
    *items = *start = NULL;
    PyObject *outer = PySequence_Fast(sequence, what);
    if (!outer) return -1;
    Py_ssize_t lists = PySequence_Fast_GET_SIZE(outer), total = total_length(outer, what);
    int failed = total < 0 || lists > INT_MAX / 8;
    if (!failed) {
        *items = PyMem_Malloc(sizeof(int) * (size_t)(total + 1));
        *start = PyMem_Malloc(sizeof(int) * (size_t)(lists + 1));
        if (!*items || !*start) failed = 1, PyErr_NoMemory();
    }
    Py_ssize_t used = 0;
    for (Py_ssize_t k = 0; k < lists && !failed; k++) {
        PyObject *inner = PySequence_Fast_GET_ITEM(outer, k);
        Py_ssize_t length = PySequence_Length(inner);
        (*start)[k] = (int)used;
        if (length < 0 || used + length > total) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s changed size", what);
            failed = 1;
            break;
        }
        failed = convert_ints(inner, *items + used, length, 0, high - 1, what) < 0;
        used += length;
    }
    Py_DECREF(outer);
    if (failed) {
        PyMem_Free(*items);
        PyMem_Free(*start);
        *items = *start = NULL;
        return -1;
    }
    (*start)[lists] = (int)used;
    *count = (int)lists;
    return 0;
}

PyObject *tuple_of_ints(const int *values, Py_ssize_t count) {
    PyObject *tuple = PyTuple_New(count);
    if (!tuple) return NULL;
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *number = PyLong_FromLong(values[k]);
        if (!number) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, k, number);
    }
    return tuple;
}

PyObject *mask_object(const word *bits, int w) {
    while (w > 1 && !bits[w - 1]) w--; /* the high words empty: the same int from fewer */
    if (w < 1) return PyLong_FromLong(0);
    if (w == 1) return PyLong_FromUnsignedLongLong(bits[0]);
    unsigned char small[256], *bytes = small;
    size_t size = (size_t)w * 8;
    if (size > sizeof small && !(bytes = PyMem_Malloc(size))) return PyErr_NoMemory();
    for (int i = 0; i < w; i++)
        for (int j = 0; j < 8; j++) bytes[8 * i + j] = (unsigned char)(bits[i] >> (8 * j));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *value = PyLong_FromUnsignedNativeBytes(bytes, size, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *value = _PyLong_FromByteArray(bytes, size, 1, 0);
#endif
    if (bytes != small) PyMem_Free(bytes);
    return value;
}

int store_masks(PyObject *list, const word *bits, Py_ssize_t count, int w) {
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *value = mask_object(bits + k * w, w);
        if (!value || PyList_SetItem(list, k, value) < 0) return -1; /* steals value */
    }
    return 0;
}
