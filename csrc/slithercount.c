/* slitherlink_count: the Slitherlink's second proof (core/slitherlink/count.py) in C, step
   for step: the same eight walks in the same order, the same states met in the same order
   and merged alike, the same walk chosen next, the same states counted. It shares nothing
   with the first proof (search.py and the grader). Where the Python keeps, for each state,
   up to `limit` colourings as bitmasks, this keeps for each of them the state and colouring
   it came from and the colour given, and reads the colourings back at the end.

   A state is a row of bytes: a byte a column (its piece << 1 | its colour), a byte a
   column (its clue's need, 0-3, or SC_FREE), the diagonal's colour, whether the inside is
   closed: count.py's tuple (colours, pieces, needs, diagonal, closed) laid flat. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define SC_FREE 9          /* count.FREE: a cell without a clue needs nothing */
#define SC_MOST_SIDE 64    /* the widest walk held (a piece number fits a byte's 7 bits) */
#define SC_MOST_LIMIT 64   /* the most colourings a state keeps: a way's number fits 6 bits */
#define SC_WALKS 8

/* Where one colouring of a state came from: the state before, and its colouring there
   and the colour the step gave its cell (way << 1 | colour). Packed, 5 bytes: one is kept
   for each colouring of each state the walk read again meets, millions past 16x16. */
#pragma pack(push, 1)
typedef struct {
    uint32_t state;
    uint8_t way_colour;
} ScBack;
#pragma pack(pop)

/* One walk (count.py's _Walk): its turned grid, the states kept now (keys laid end to end,
   with how many colourings each keeps) and, once it is walked again to read its
   colourings, for each cell coloured where the colourings of the states after it came
   from. */
typedef struct {
    int height, width, rank, cells, cell, key;
    int *order;
    uint8_t *clues;
    uint64_t visited;
    uint8_t *keys, *kept;
    uint32_t count;
    ScBack **back;  /* NULL while the walk only counts */
} ScWalk;

static uint64_t sc_hash(const uint8_t *key, int size) {
    uint64_t h = 1469598103934665603ULL, word;
    int i = 0;
    for (; i + 8 <= size; i += 8) {  /* eight bytes at a time, then the rest */
        memcpy(&word, key + i, 8);
        h = (h ^ word) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 32;
    }
    for (; i < size; i++) h = (h ^ key[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

/* The pieces of the frontier after the cell in column c takes `colour` (count.py's
   _joined): into `joined`; the number of the new piece if it touches none. */
static void sc_joined(const uint8_t *s, int w, int c, int colour, int on_border, int *joined) {
    int touching[3], n = 0, keep, most = 0;
    for (int i = 0; i < w; i++) {
        joined[i] = s[i] >> 1;
        if (joined[i] > most) most = joined[i];
    }
    if ((s[c] & 1) == colour) touching[n++] = joined[c];
    if (c && (s[c - 1] & 1) == colour) touching[n++] = joined[c - 1];
    if (!colour && on_border) touching[n++] = 0;
    if (!n) {
        joined[c] = most + 1;
        return;
    }
    keep = touching[0];
    for (int t = 0; t < n; t++)
        if (touching[t] == 0) keep = 0;
    for (int i = 0; i < w; i++)
        for (int t = 0; t < n; t++)
            if (joined[i] == touching[t] && touching[t] != keep) {
                joined[i] = keep;
                break;
            }
    joined[c] = keep;
}

/* The state after colouring cell (r, c) into `out`, or 0 if that breaks a rule (count.py's
   _step, test for test). */
static int sc_step(const uint8_t *s, int r, int c, int colour, int h, int w, int clue,
                   uint8_t *out) {
    const uint8_t *needs = s + w;
    int closed = s[2 * w + 1], diagonal = s[2 * w];
    if (closed && colour) return 0;
    int up = s[c] & 1, left = c ? s[c - 1] & 1 : 0;
    if (r && c && diagonal == colour && up == left && up != colour) return 0;
    if (r && needs[c] != SC_FREE && needs[c] != (up != colour)) return 0;
    memcpy(out + w, needs, (size_t)w);
    if (c && needs[c - 1] != SC_FREE) {
        int need = needs[c - 1] - (left != colour);
        if (need < 0 || need > (r < h - 1)) return 0;
        out[w + c - 1] = (uint8_t)need;
    }
    if (clue != SC_FREE) {
        clue -= (up != colour) + (left != colour) + colour * (c == w - 1) +
                colour * (r == h - 1);
        if (clue < 0 || clue > (c < w - 1) + (r < h - 1)) return 0;
    }
    out[w + c] = (uint8_t)clue;
    int joined[SC_MOST_SIDE], names[2 * SC_MOST_SIDE + 2], named = 1;
    sc_joined(s, w, c, colour, r == 0 || c == 0 || c == w - 1 || r == h - 1, joined);
    int was = s[c] >> 1, up_finished = up != colour && was != 0;
    for (int i = 0; up_finished && i < w; i++)
        if (joined[i] == was) up_finished = 0;
    if (up_finished) {
        if (!up || colour) return 0;  /* a hole; or another inside piece on the frontier */
        for (int i = 0; i < w; i++)
            if (i != c && (s[i] & 1)) return 0;
        closed = 1;
    }
    for (int i = 0; i < 2 * w + 2; i++) names[i] = -1;
    names[0] = 0;
    for (int i = 0; i < w; i++) {
        if (names[joined[i]] < 0) names[joined[i]] = named++;
        out[i] = (uint8_t)(names[joined[i]] << 1 | (i == c ? colour : (s[i] & 1)));
    }
    out[2 * w] = (uint8_t)up;
    out[2 * w + 1] = (uint8_t)closed;
    return 1;
}

/* Colour the walk's next cell both ways in every state kept (count.py's _Walk.step);
   -1 if memory runs out. */
static int sc_walk_step(ScWalk *walk, int limit) {
    int w = walk->width, key = walk->key;
    int r = walk->cell / w, c = walk->cell % w, clue = walk->clues[walk->cell];
    size_t room = 2 * (size_t)walk->count + 1, slots = 4;
    while (slots < 2 * room) slots <<= 1;
    uint8_t *keys = malloc(room * (size_t)key), *kept = calloc(room, 1);
    ScBack *back = walk->back ? malloc(room * (size_t)limit * sizeof(ScBack)) : NULL;
    uint32_t *table = calloc(slots, sizeof(uint32_t)), count = 0;
    uint8_t *after = malloc((size_t)key);
    if (!keys || !kept || (walk->back && !back) || !table || !after) {
        free(keys), free(kept), free(back), free(table), free(after);
        return -1;
    }
    for (uint32_t i = 0; i < walk->count; i++) {
        for (int colour = 0; colour < 2; colour++) {
            if (!sc_step(walk->keys + (size_t)i * key, r, c, colour, walk->height, w, clue,
                         after))
                continue;
            size_t at = sc_hash(after, key) & (slots - 1);
            while (table[at] && memcmp(keys + (size_t)(table[at] - 1) * key, after,
                                       (size_t)key))
                at = (at + 1) & (slots - 1);
            if (!table[at]) {
                memcpy(keys + (size_t)count * key, after, (size_t)key);
                table[at] = ++count;
            }
            uint32_t to = table[at] - 1;
            for (int way = 0; way < walk->kept[i] && kept[to] < limit; way++) {
                if (back)
                    back[(size_t)to * limit + kept[to]] = (ScBack){i,
                                                                   (uint8_t)(way << 1 | colour)};
                kept[to]++;
            }
        }
    }
    free(table), free(after), free(walk->keys), free(walk->kept);
    walk->keys = keys, walk->kept = kept, walk->count = count;
    if (back) {  /* kept for the whole walk: only as long as it need be */
        ScBack *fitted = realloc(back, ((size_t)count * limit + 1) * sizeof(ScBack));
        walk->back[walk->cell] = fitted ? fitted : back;
    }
    walk->cell++;
    walk->visited += count;
    return 0;
}

/* count.py's _one_inside: whether a finished state's colouring has one inside piece. */
static int sc_one_inside(const uint8_t *s, int w) {
    int piece = -1;
    for (int i = 0; i < w; i++) {
        if (!(s[i] & 1)) continue;
        if (s[2 * w + 1] || (piece >= 0 && piece != s[i] >> 1)) return 0;
        piece = s[i] >> 1;
    }
    return s[2 * w + 1] ? 1 : piece >= 0;
}

/* The colouring `way` of state `state` after the last cell, read back, as cells in the
   grid's own order (2 inside, 1 outside). */
static PyObject *sc_solution(const ScWalk *walk, uint32_t state, int way, int limit) {
    PyObject *cells = PyTuple_New(walk->cells);
    if (!cells) return NULL;
    for (int cell = walk->cells - 1; cell >= 0; cell--) {
        ScBack b = walk->back[cell][(size_t)state * limit + way];
        PyTuple_SET_ITEM(cells, walk->order[cell], PyLong_FromLong(b.way_colour & 1 ? 2 : 1));
        state = b.state, way = b.way_colour >> 1;
    }
    return cells;
}

static PyObject *sc_finished(const ScWalk *walk, int limit) {
    PyObject *found = PyList_New(0);
    for (uint32_t i = 0; found && i < walk->count; i++) {
        if (!sc_one_inside(walk->keys + (size_t)i * walk->key, walk->width)) continue;
        for (int way = 0; found && way < walk->kept[i] && PyList_GET_SIZE(found) < limit;
             way++) {
            PyObject *one = sc_solution(walk, i, way, limit);
            if (!one || PyList_Append(found, one) < 0) Py_CLEAR(found);
            Py_XDECREF(one);
        }
    }
    PyObject *solutions = found ? PyList_AsTuple(found) : NULL;
    Py_XDECREF(found);
    return solutions;
}

/* count.py's _Walk.cost_guess. */
static uint64_t sc_cost(const ScWalk *walk) {
    return (walk->visited + (uint64_t)walk->count * (uint64_t)(walk->cells - walk->cell)) *
           (uint64_t)(walk->rank + 1);
}

static void sc_walk_free(ScWalk *walk) {
    if (walk->back)
        for (int cell = 0; cell < walk->cells; cell++) free(walk->back[cell]);
    free(walk->back), free(walk->keys), free(walk->kept);
    walk->back = NULL, walk->keys = walk->kept = NULL;
}

/* The walk back at its start, the one state of no cell coloured; `reading`: keeping where
   each colouring came from. -1 if memory runs out. */
static int sc_walk_restart(ScWalk *walk, int reading) {
    sc_walk_free(walk);
    walk->cell = 0, walk->visited = 0, walk->count = 1;
    walk->keys = calloc((size_t)walk->key, 1), walk->kept = malloc(1);
    walk->back = reading ? calloc((size_t)walk->cells, sizeof(ScBack *)) : NULL;
    if (!walk->keys || !walk->kept || (reading && !walk->back)) return -1;
    walk->kept[0] = 1;
    memset(walk->keys + walk->width, SC_FREE, (size_t)walk->width);
    return 0;
}

/* One walk from count.py's _moves entry (turned, order) and the givens; -1 on error. */
static int sc_walk_start(ScWalk *walk, int height, int width, PyObject *move,
                         const long *givens, int rank) {
    PyObject *order = PyTuple_Check(move) && PyTuple_GET_SIZE(move) == 2 ?
                      PySequence_Fast(PyTuple_GET_ITEM(move, 1), "an order") : NULL;
    if (!order) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a move is (turned, order)");
        return -1;
    }
    int turned = PyObject_IsTrue(PyTuple_GET_ITEM(move, 0));
    walk->height = turned ? width : height, walk->width = turned ? height : width;
    walk->rank = rank, walk->cells = height * width, walk->key = 2 * walk->width + 2;
    walk->order = malloc(sizeof(int) * (size_t)walk->cells);
    walk->clues = malloc((size_t)walk->cells);
    if (!walk->order || !walk->clues || sc_walk_restart(walk, 0) < 0) {
        Py_DECREF(order);
        PyErr_NoMemory();
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(order) != walk->cells)
        PyErr_SetString(PyExc_ValueError, "slitherlink_count: an order of every cell");
    for (int at = 0; at < walk->cells && !PyErr_Occurred(); at++) {
        long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(order, at));
        if ((cell < 0 || cell >= walk->cells) && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "slitherlink_count: a cell out of range");
        if (PyErr_Occurred()) break;
        walk->order[at] = (int)cell;
        walk->clues[at] = (uint8_t)(givens[cell] ? givens[cell] - 1 : SC_FREE);
    }
    Py_DECREF(order);
    if (PyErr_Occurred()) return -1;
    return 0;
}


/* The walks taken in turn, the cheapest-looking next, until one finishes or the budget
   is spent (count.py's count_slitherlink). */
static PyObject *sc_count(ScWalk *walks, int limit, long long max_states) {
    long long visited = 0;
    while (visited <= max_states) {
        ScWalk *walk = &walks[0];
        for (int k = 1; k < SC_WALKS; k++)
            if (sc_cost(&walks[k]) < sc_cost(walk)) walk = &walks[k];
        uint64_t before = walk->visited;
        if (sc_walk_step(walk, limit) < 0) return PyErr_NoMemory();
        visited += (long long)(walk->visited - before);
        if (walk->cell == walk->cells) {
            /* the walks only count; the one that finished is walked again, keeping where
               each colouring came from, to read its colourings (a fraction of the memory) */
            if (sc_walk_restart(walk, 1) < 0) return PyErr_NoMemory();
            while (walk->cell < walk->cells)
                if (sc_walk_step(walk, limit) < 0) return PyErr_NoMemory();
            PyObject *solutions = sc_finished(walk, limit);
            if (!solutions) return NULL;
            return Py_BuildValue("(nNOL)", PyTuple_GET_SIZE(solutions), solutions, Py_True,
                                 visited);
        }
    }
    return Py_BuildValue("(n()OL)", (Py_ssize_t)0, Py_False, visited);
}

const char slitherlink_count_doc[] =
"slitherlink_count(height, width, cells, moves, limit, max_states)\n--\n\n"
"count.py's count of a Slitherlink: the givens (clue + 1 a cell, 0 none), the eight walks\n"
"as count._moves gives them, up to `limit` (1-64) loops within max_states:\n"
"(count, solutions, complete, states visited), as a CheckResult's fields.";

PyObject *slitherlink_count(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 6, "slitherlink_count")) return NULL;
    long height = PyLong_AsLong(args[0]), width = PyLong_AsLong(args[1]);
    long limit = PyLong_AsLong(args[4]);
    long long max_states = PyLong_AsLongLong(args[5]);
    if (PyErr_Occurred()) return NULL;
    if (height < 1 || width < 1 || height > SC_MOST_SIDE || width > SC_MOST_SIDE ||
        limit < 1 || limit > SC_MOST_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "slitherlink_count: sides 1-64, limit 1-64");
        return NULL;
    }
    PyObject *cells = PySequence_Fast(args[2], "slitherlink_count wants the cells");
    PyObject *moves = cells ? PySequence_Fast(args[3], "slitherlink_count wants moves") : NULL;
    long *givens = malloc(sizeof(long) * (size_t)(height * width));
    ScWalk walks[SC_WALKS];
    memset(walks, 0, sizeof walks);
    PyObject *result = NULL;
    if (!givens) PyErr_NoMemory();
    if (moves && givens && (PySequence_Fast_GET_SIZE(cells) != height * width ||
                            PySequence_Fast_GET_SIZE(moves) != SC_WALKS))
        PyErr_SetString(PyExc_ValueError, "slitherlink_count: height x width cells, 8 moves");
    for (long i = 0; moves && givens && !PyErr_Occurred() && i < height * width; i++)
        givens[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(cells, i));
    for (int k = 0; moves && givens && !PyErr_Occurred() && k < SC_WALKS; k++)
        sc_walk_start(&walks[k], (int)height, (int)width, PySequence_Fast_GET_ITEM(moves, k),
                      givens, k + 1);
    if (moves && givens && !PyErr_Occurred()) result = sc_count(walks, (int)limit, max_states);
    for (int k = 0; k < SC_WALKS; k++) {
        sc_walk_free(&walks[k]);
        free(walks[k].order), free(walks[k].clues);
    }
    free(givens);
    Py_XDECREF(cells), Py_XDECREF(moves);
    return result;
}
