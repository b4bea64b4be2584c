/* slitherlink_settle: the Slitherlink solver's cascade (core/slitherlink/solver.py's settle)
   in C, decision for decision: the same stack of pending decisions popped from its end, the
   same rules in the same order pushing the same decisions, the board's edges, path ends,
   lengths, line count and closing changed alike, also up to a clash (a spoiled board is
   spoiled the same). The frame's tables are frame.py's, built here from its sides by the
   same numbering and kept for the last sides met. */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define SS_LINE 1
#define SS_CROSS 2
#define SS_INTERIOR (-2)  /* solver.INTERIOR: a dot with two lines */

/* frame.py's tables for one height x width: each cell's four sides, each edge's two cells
   (-1 beyond the grid) and two dots, each dot's edges in order (dot_start). */
typedef struct {
    int height, width, edges, dots;
    int *cell_edges, *edge_cells, *edge_dots, *dot_start, *dot_edge;
} SsFrame;

static SsFrame frame_kept;

static int ss_frame(int h, int w) {
    SsFrame *f = &frame_kept;
    if (f->height == h && f->width == w) return 0;
    free(f->cell_edges), free(f->edge_cells), free(f->edge_dots), free(f->dot_start);
    free(f->dot_edge);
    memset(f, 0, sizeof *f);
    int across = (h + 1) * w, w1 = w + 1, edges = across + h * w1, dots = (h + 1) * w1;
    f->cell_edges = malloc(sizeof(int) * 4 * (size_t)(h * w));
    f->edge_cells = malloc(sizeof(int) * 2 * (size_t)edges);
    f->edge_dots = malloc(sizeof(int) * 2 * (size_t)edges);
    f->dot_start = calloc((size_t)dots + 1, sizeof(int));
    f->dot_edge = malloc(sizeof(int) * 2 * (size_t)edges);
    if (!f->cell_edges || !f->edge_cells || !f->edge_dots || !f->dot_start || !f->dot_edge)
        return -1;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int *sides = f->cell_edges + 4 * (r * w + c);
            sides[0] = r * w + c, sides[1] = (r + 1) * w + c;
            sides[2] = across + r * w1 + c, sides[3] = across + r * w1 + c + 1;
        }
    for (int r = 0; r <= h; r++)
        for (int c = 0; c < w; c++) {
            int e = r * w + c;
            f->edge_cells[2 * e] = r ? (r - 1) * w + c : -1;
            f->edge_cells[2 * e + 1] = r < h ? r * w + c : -1;
            f->edge_dots[2 * e] = r * w1 + c, f->edge_dots[2 * e + 1] = r * w1 + c + 1;
        }
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w1; c++) {
            int e = across + r * w1 + c;
            f->edge_cells[2 * e] = c ? r * w + c - 1 : -1;
            f->edge_cells[2 * e + 1] = c < w ? r * w + c : -1;
            f->edge_dots[2 * e] = r * w1 + c, f->edge_dots[2 * e + 1] = r * w1 + w1 + c;
        }
    /* each dot's edges in the order of the edges (frame.dot_edges) */
    for (int e = 0; e < edges; e++) f->dot_start[f->edge_dots[2 * e] + 1]++,
                                    f->dot_start[f->edge_dots[2 * e + 1] + 1]++;
    for (int d = 0; d < dots; d++) f->dot_start[d + 1] += f->dot_start[d];
    int *filled = calloc((size_t)dots, sizeof(int));
    if (!filled) return -1;
    for (int e = 0; e < edges; e++)
        for (int k = 0; k < 2; k++) {
            int d = f->edge_dots[2 * e + k];
            f->dot_edge[f->dot_start[d] + filled[d]++] = e;
        }
    free(filled);
    f->height = h, f->width = w, f->edges = edges, f->dots = dots;
    return 0;
}

/* The pending decisions, (edge, value) pairs; pushes are dropped when `cascade` is off. */
typedef struct {
    int *items;
    size_t count, room;
    int keep;
} SsStack;

static int ss_push(SsStack *s, int edge, int value) {
    if (!s->keep) return 0;
    if (s->count + 2 > s->room) {
        size_t room = s->room ? 2 * s->room : 64;
        int *items = realloc(s->items, sizeof(int) * room);
        if (!items) return -1;
        s->items = items, s->room = room;
    }
    s->items[s->count++] = edge, s->items[s->count++] = value;
    return 0;
}

/* The board as settle sees it: the Python lists of path ends and lengths read and written
   where they change. */
typedef struct {
    const SsFrame *f;
    PyObject *clues, *partner, *length;
    unsigned char *edges;
    long lines;
    int closed, loops;
} SsBoard;

static long ss_get(PyObject *list, int i) { return PyLong_AsLong(PyList_GET_ITEM(list, i)); }

static int ss_set(PyObject *list, int i, long value) {
    PyObject *number = PyLong_FromLong(value);
    return number ? PyList_SetItem(list, i, number) : -1;
}

/* solver._cell_rule and _dot_rule over a group of edges: 1 fine, 0 a clash, -1 an error.
   `most` is the clue (a cell) or 2 (a dot). */
static int ss_rule(SsBoard *b, SsStack *s, const int *group, int size, int most, int dot) {
    int lines = 0, open[4], opened = 0;
    for (int i = 0; i < size; i++) {
        unsigned char v = b->edges[group[i]];
        if (v == SS_LINE) lines++;
        else if (!v) open[opened++] = group[i];
    }
    if (dot) {
        if (lines > 2 || (lines == 1 && !opened)) return 0;
        if (lines == 2) {
            for (int i = 0; i < opened; i++)
                if (ss_push(s, open[i], SS_CROSS) < 0) return -1;
        } else if (opened == 1 && ss_push(s, open[0], lines ? SS_LINE : SS_CROSS) < 0) {
            return -1;
        }
        return 1;
    }
    if (lines > most || lines + opened < most) return 0;
    int value = opened && lines == most ? SS_CROSS :
                opened && lines + opened == most ? SS_LINE : 0;
    for (int i = 0; value && i < opened; i++)
        if (ss_push(s, open[i], value) < 0) return -1;
    return 1;
}

/* solver.edge_between: the edge joining two dots, -1 if none. */
static int ss_between(const SsFrame *f, int a, int b) {
    for (int i = f->dot_start[a]; i < f->dot_start[a + 1]; i++) {
        int e = f->dot_edge[i];
        if (f->edge_dots[2 * e] + f->edge_dots[2 * e + 1] - a == b) return e;
    }
    return -1;
}

/* solver._join: 1 fine, 0 a clash, -1 an error. */
static int ss_join(SsBoard *b, SsStack *s, int edge) {
    const SsFrame *f = b->f;
    int a = f->edge_dots[2 * edge], d = f->edge_dots[2 * edge + 1];
    long pa = ss_get(b->partner, a), pd = ss_get(b->partner, d);
    long end_a = pa >= 0 ? pa : a, end_d = pd >= 0 ? pd : d;
    if (end_a == d) {
        if (b->lines != ss_get(b->length, a) + 1) return 0;
        b->closed = 1;
        if (ss_set(b->partner, a, SS_INTERIOR) < 0 || ss_set(b->partner, d, SS_INTERIOR) < 0)
            return -1;
        for (int e = 0; e < f->edges; e++)
            if (!b->edges[e] && ss_push(s, e, SS_CROSS) < 0) return -1;
        return 1;
    }
    long joined = (pa >= 0 ? ss_get(b->length, a) : 0) + (pd >= 0 ? ss_get(b->length, d) : 0) + 1;
    if ((pa >= 0 && ss_set(b->partner, a, SS_INTERIOR) < 0) ||
        (pd >= 0 && ss_set(b->partner, d, SS_INTERIOR) < 0) ||
        ss_set(b->partner, (int)end_a, end_d) < 0 || ss_set(b->partner, (int)end_d, end_a) < 0 ||
        ss_set(b->length, (int)end_a, joined) < 0 || ss_set(b->length, (int)end_d, joined) < 0)
        return -1;
    if (b->loops) {
        int early = ss_between(f, (int)end_a, (int)end_d);
        if (early >= 0 && !b->edges[early] && b->lines != joined &&
            ss_push(s, early, SS_CROSS) < 0)
            return -1;
    }
    return 1;
}

/* solver.settle's loop: 1 settled, 0 a clash, -1 an error. */
static int ss_settle(SsBoard *b, SsStack *s, int cascade) {
    const SsFrame *f = b->f;
    while (s->count) {
        int value = s->items[--s->count], edge = s->items[--s->count];
        s->keep = cascade;
        unsigned char now = b->edges[edge];
        if (now == value) continue;
        if (now) return 0;
        b->edges[edge] = (unsigned char)value;
        int ok = 1;
        if (value == SS_LINE) {
            b->lines++;
            ok = ss_join(b, s, edge);
        }
        for (int k = 0; ok > 0 && k < 2; k++) {
            int cell = f->edge_cells[2 * edge + k];
            if (cell < 0) continue;
            long clue = PyLong_AsLong(PyTuple_GET_ITEM(b->clues, cell));
            if (clue >= 0) ok = ss_rule(b, s, f->cell_edges + 4 * cell, 4, (int)clue, 0);
        }
        for (int k = 0; ok > 0 && k < 2; k++) {
            int dot = f->edge_dots[2 * edge + k];
            ok = ss_rule(b, s, f->dot_edge + f->dot_start[dot],
                         f->dot_start[dot + 1] - f->dot_start[dot], 2, 1);
        }
        if (ok <= 0) return PyErr_Occurred() ? -1 : ok;
    }
    return PyErr_Occurred() ? -1 : 1;
}

const char slitherlink_settle_doc[] =
"slitherlink_settle(height, width, clues, edges, partner, length, lines, closed, decisions,\n"
"                   loops, cascade)\n--\n\n"
"solver.settle on a Board's fields: its clues (a tuple), edges (a bytearray) and path ends\n"
"and lengths (lists) changed in place: (settled, lines, closed).";

PyObject *slitherlink_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 11, "slitherlink_settle")) return NULL;
    long h = PyLong_AsLong(args[0]), w = PyLong_AsLong(args[1]);
    SsBoard b = {&frame_kept, args[2], args[4], args[5], NULL, PyLong_AsLong(args[6]),
                 PyObject_IsTrue(args[7]), PyObject_IsTrue(args[9])};
    int cascade = PyObject_IsTrue(args[10]);
    if (PyErr_Occurred()) return NULL;
    if (h < 1 || w < 1 || h > 1000 || w > 1000 || !PyTuple_Check(args[2]) ||
        !PyByteArray_Check(args[3]) || !PyList_Check(args[4]) || !PyList_Check(args[5]) ||
        PyTuple_GET_SIZE(args[2]) != h * w) {
        PyErr_SetString(PyExc_TypeError, "slitherlink_settle: a board's fields");
        return NULL;
    }
    if (ss_frame((int)h, (int)w) < 0) return PyErr_NoMemory();
    if (PyByteArray_GET_SIZE(args[3]) != frame_kept.edges ||
        PyList_GET_SIZE(args[4]) != frame_kept.dots || PyList_GET_SIZE(args[5]) != frame_kept.dots) {
        PyErr_SetString(PyExc_ValueError, "slitherlink_settle: edges and dots of another size");
        return NULL;
    }
    b.edges = (unsigned char *)PyByteArray_AS_STRING(args[3]);
    PyObject *decisions = PySequence_Fast(args[8], "slitherlink_settle wants decisions");
    if (!decisions) return NULL;
    SsStack s = {NULL, 0, 0, 1};
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(decisions) && !PyErr_Occurred(); i++) {
        int edge, value;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(decisions, i), "ii", &edge, &value))
            break;
        if ((edge < 0 || edge >= frame_kept.edges || value < 1 || value > 2))
            PyErr_SetString(PyExc_ValueError, "slitherlink_settle: a decision out of range");
        else if (ss_push(&s, edge, value) < 0)
            PyErr_NoMemory();
    }
    Py_DECREF(decisions);
    int settled = PyErr_Occurred() ? -1 : ss_settle(&b, &s, cascade);
    free(s.items);
    if (settled < 0) return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    return Py_BuildValue("(OlO)", settled ? Py_True : Py_False, b.lines,
                         b.closed ? Py_True : Py_False);
}
