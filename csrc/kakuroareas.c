/* kakuro_area_runs: a Kakuro board's cross-sum areas (core/kakuro/areas.py's _pieces),
   the same areas in the same order: for every band of rows, then of columns (first row
   ascending, then last), its connected pieces in the order of their first cells, each
   with its runs inside it (across for a band of rows), the runs through it and the cells
   of those outside it (its outies), kept with one to OUTIES_MOST outies, the first of
   each set of outies; sorted by the number of outies, then the outies. Made once a board
   for kakurograde.c (the Python walks some 200 bands a board in milliseconds). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define OUTIES_MOST 4            /* areas.py's MOST_OUTIES */

/* A board (a frame of squares) as the pieces need it: each cell's square and its runs across and down, each
   run's cells, and which cell is at each square (-1: black). */
typedef struct {
    int cells, runs, rows, cols;
    int *row, *col, *across_of, *down_of, *run_start, *run_cell, *at;
} Frame;

/* An area found: its outies (ascending) and where its runs start in the run store. */
typedef struct {
    int outie_count, outie[OUTIES_MOST];
    int inside_at, inside_count, through_at, through_count;
} Piece;

typedef struct {
    Piece *areas;
    int count, room;
    int *runs, run_count, run_room;   /* every area's inside runs then through runs */
} Pieces;

static int grow(void **items, int *room, int need, size_t size) {
    if (need <= *room) return 0;
    int wanted = *room ? 2 * *room : 64;
    while (wanted < need) wanted *= 2;
    void *more = realloc(*items, size * (size_t)wanted);
    if (!more) return -1;
    *items = more, *room = wanted;
    return 0;
}

/* The runs of the piece's cells one way (across or down), ascending, into the store;
   their count, -1 out of memory. */
static int piece_runs(const Frame *b, const int *piece, int size, int across,
                      unsigned char *mark, Pieces *f) {
    int first = f->run_count;
    for (int i = 0; i < size; i++) {
        int run = across ? b->across_of[piece[i]] : b->down_of[piece[i]];
        if (run < 0 || mark[run]) continue;
        mark[run] = 1;
        if (grow((void **)&f->runs, &f->run_room, f->run_count + 1, sizeof(int)) < 0) return -1;
        f->runs[f->run_count++] = run;
    }
    for (int i = first; i < f->run_count; i++) mark[f->runs[i]] = 0;
    for (int i = first + 1; i < f->run_count; i++)      /* insertion sort: a few runs */
        for (int j = i; j > first && f->runs[j - 1] > f->runs[j]; j--) {
            int swap = f->runs[j];
            f->runs[j] = f->runs[j - 1], f->runs[j - 1] = swap;
        }
    return f->run_count - first;
}

/* The piece's outies (cells of its through runs outside it), ascending; their count, or
   OUTIES_MOST + 1 for too many. */
static int outies_of(const Frame *b, const int *through, int count, const unsigned char *in,
                     int *outie) {
    int found = 0;
    for (int i = 0; i < count; i++)
        for (int j = b->run_start[through[i]]; j < b->run_start[through[i] + 1]; j++) {
            int cell = b->run_cell[j];
            if (in[cell]) continue;
            if (found == OUTIES_MOST) return OUTIES_MOST + 1;
            outie[found++] = cell;
        }
    for (int i = 1; i < found; i++)
        for (int j = i; j > 0 && outie[j - 1] > outie[j]; j--) {
            int swap = outie[j];
            outie[j] = outie[j - 1], outie[j - 1] = swap;
        }
    return found;
}

static int same_outies(const Piece *a, const int *outie, int count) {
    return a->outie_count == count && !memcmp(a->outie, outie, sizeof(int) * (size_t)count);
}

/* A piece kept as an area unless it has no outies, too many, or those of one before:
   0, or -1 out of memory. */
static int keep_piece(const Frame *b, const int *piece, int size, int across,
                      const unsigned char *in, unsigned char *mark, Pieces *f) {
    int rewind = f->run_count, outie[OUTIES_MOST];
    int inside = piece_runs(b, piece, size, across, mark, f);
    int through = inside < 0 ? -1 : piece_runs(b, piece, size, !across, mark, f);
    if (through < 0) return -1;
    int count = outies_of(b, f->runs + rewind + inside, through, in, outie);
    int known = count < 1 || count > OUTIES_MOST;
    for (int i = 0; i < f->count && !known; i++) known = same_outies(&f->areas[i], outie, count);
    if (known) {
        f->run_count = rewind;
        return 0;
    }
    if (grow((void **)&f->areas, &f->room, f->count + 1, sizeof(Piece)) < 0) return -1;
    Piece *a = &f->areas[f->count++];
    a->outie_count = count;
    memcpy(a->outie, outie, sizeof(int) * (size_t)count);
    a->inside_at = rewind, a->inside_count = inside;
    a->through_at = rewind + inside, a->through_count = through;
    return 0;
}

/* The pieces of a band (frame lines first..last, rows if across): 0 or -1. */
static int band_pieces(const Frame *b, int across, int first, int last, unsigned char *in,
                       unsigned char *seen, int *piece, unsigned char *mark, Pieces *f) {
    static const int STEPS[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int c = 0; c < b->cells; c++) {
        int line = across ? b->row[c] : b->col[c];
        in[c] = first <= line && line <= last, seen[c] = 0;
    }
    for (int c = 0; c < b->cells; c++) {
        if (!in[c] || seen[c]) continue;
        int size = 0;
        seen[c] = 1, piece[size++] = c;
        for (int i = 0; i < size; i++)       /* the piece grows as it is walked */
            for (int k = 0; k < 4; k++) {
                int r = b->row[piece[i]] + STEPS[k][0], q = b->col[piece[i]] + STEPS[k][1];
                int mate = r < 0 || q < 0 || r >= b->rows || q >= b->cols ? -1 : b->at[r * b->cols + q];
                if (mate >= 0 && in[mate] && !seen[mate]) seen[mate] = 1, piece[size++] = mate;
            }
        unsigned char *own = mark + b->runs;   /* the piece's cells, for its outies */
        for (int i = 0; i < size; i++) own[piece[i]] = 1;
        int failed = keep_piece(b, piece, size, across, own, mark, f);
        for (int i = 0; i < size; i++) own[piece[i]] = 0;
        if (failed < 0) return -1;
    }
    return 0;
}

/* By the number of outies, then the outies (no two alike). */
static int by_outies(const void *left, const void *right) {
    const Piece *a = left, *b = right;
    if (a->outie_count != b->outie_count) return a->outie_count - b->outie_count;
    for (int i = 0; i < a->outie_count; i++)
        if (a->outie[i] != b->outie[i]) return a->outie[i] - b->outie[i];
    return 0;
}

/* Every band's pieces, bands of rows then of columns: 0 or -1 out of memory. */
static int all_pieces(const Frame *b, Pieces *f) {
    unsigned char *in = malloc(2 * (size_t)b->cells + (size_t)b->runs + 1);
    unsigned char *mark = calloc((size_t)b->runs + (size_t)b->cells + 1, 1);
    int *piece = malloc(sizeof(int) * ((size_t)b->cells + 1)), failed = !in || !mark || !piece;
    for (int across = 1; across >= 0 && !failed; across--) {
        int lines = across ? b->rows : b->cols;
        for (int first = 1; first < lines && !failed; first++)
            for (int last = first; last < lines && !failed; last++)
                failed = band_pieces(b, across, first, last, in, in + b->cells, piece, mark, f) < 0;
    }
    free(in), free(mark), free(piece);
    if (!failed) qsort(f->areas, (size_t)f->count, sizeof(Piece), by_outies);
    return failed ? -1 : 0;
}

static PyObject *int_tuple(const int *items, int count) {
    PyObject *tuple = PyTuple_New(count);
    for (int i = 0; tuple && i < count; i++) {
        PyObject *number = PyLong_FromLong(items[i]);
        if (!number) Py_CLEAR(tuple);
        else PyTuple_SET_ITEM(tuple, i, number);
    }
    return tuple;
}

/* areas.py's area_runs: (outies, inside, through) an area. */
static PyObject *area_tuples(const Pieces *f) {
    PyObject *all = PyTuple_New(f->count);
    for (int i = 0; all && i < f->count; i++) {
        const Piece *a = &f->areas[i];
        PyObject *one = Py_BuildValue("(NNN)", int_tuple(a->outie, a->outie_count),
                                      int_tuple(f->runs + a->inside_at, a->inside_count),
                                      int_tuple(f->runs + a->through_at, a->through_count));
        if (!one) Py_CLEAR(all);
        else PyTuple_SET_ITEM(all, i, one);
    }
    return all;
}

/* The board from positions ((row, column) a cell), the frame's rows and columns and the
   runs (cells, across or not); -1 with a Python error. */
static int board_of(Frame *b, PyObject *const *args) {
    PyObject *positions = PySequence_Fast(args[0], "kakuro_area_runs wants positions");
    PyObject *across = positions ? PySequence_Fast(args[4], "kakuro_area_runs wants kinds") : NULL;
    b->rows = (int)PyLong_AsLong(args[1]), b->cols = (int)PyLong_AsLong(args[2]);
    int failed = !across || PyErr_Occurred() || b->rows < 1 || b->cols < 1;
    if (!failed) {
        b->cells = (int)PySequence_Fast_GET_SIZE(positions);
        b->runs = (int)PySequence_Fast_GET_SIZE(across);
        failed = kakuro_flatten(args[3], b->runs, b->cells, &b->run_start, &b->run_cell) < 0;
    }
    size_t cells = (size_t)b->cells + 1, squares = (size_t)b->rows * (size_t)b->cols + 1;
    b->row = failed ? NULL : malloc(sizeof(int) * (4 * cells + squares));
    if (!failed && !b->row) failed = 1, PyErr_NoMemory();
    if (!failed) {
        b->col = b->row + cells, b->across_of = b->col + cells, b->down_of = b->across_of + cells;
        b->at = b->down_of + cells;
        for (size_t i = 0; i + 1 < squares; i++) b->at[i] = -1;
    }
    for (int c = 0; !failed && c < b->cells; c++) {
        PyObject *square = PySequence_Fast_GET_ITEM(positions, c);
        if (!PyArg_ParseTuple(square, "ii", &b->row[c], &b->col[c])) failed = 1;
        else if (b->row[c] < 0 || b->col[c] < 0 || b->row[c] >= b->rows || b->col[c] >= b->cols)
            failed = 1, PyErr_SetString(PyExc_ValueError, "kakuro_area_runs: a cell off the frame");
        else b->at[b->row[c] * b->cols + b->col[c]] = c, b->across_of[c] = b->down_of[c] = -1;
    }
    for (int r = 0; !failed && r < b->runs; r++) {
        int is_across = PyObject_IsTrue(PySequence_Fast_GET_ITEM(across, r));
        if (is_across < 0) failed = 1;
        for (int j = b->run_start[r]; !failed && j < b->run_start[r + 1]; j++)
            (is_across ? b->across_of : b->down_of)[b->run_cell[j]] = r;
    }
    Py_XDECREF(positions), Py_XDECREF(across);
    return failed ? -1 : 0;
}

const char kakuro_area_runs_doc[] =
"kakuro_area_runs(positions, rows, columns, runs, across)\n--\n\n"
"areas.py's area_runs for a board: its cells' squares, the frame's size, its runs' cells\n"
"and whether each runs across: (outies, runs inside, runs through) each area, in order.";

PyObject *kakuro_area_runs(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "kakuro_area_runs")) return NULL;
    Frame b = {0};
    Pieces f = {0};
    PyObject *areas = NULL;
    if (board_of(&b, args) == 0) {
        if (all_pieces(&b, &f) < 0) PyErr_NoMemory();
        else areas = area_tuples(&f);
    }
    free(b.row), free(b.run_start), free(b.run_cell);
    free(f.areas), free(f.runs);
    return areas;
}
