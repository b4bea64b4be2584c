/* The SE rater's forcing-chain screen in C: rating/nested.py's _closing and _off_chain for
   every start unary_found tries, in its order, over one grid state.

   Nested rules need every forcing chain and cycle of a chain's working grid; unary_found
   first asks, for each start (a candidate, in three passes: X-links, Y-links, both), whether
   a cycle may close on it and whether a forcing chain leads from it on to it off or from it
   off to it on, by breadth-first searches over sets of candidates; only the starts that may
   are followed node by node (in Python). This file answers the screen with the Python's
   answers and its work: the layers each search took, summed, which the caller charges to
   the rating's budget. Links are those of chains.StaticLinks: an off table (the cell's
   other candidates with Y-links, the digit's places among the cell's peers) and an on
   table (a bivalue cell's other candidate with Y-links, a digit's other place in a unit
   where it has two with X-links); the searches step two links at a time through their
   products, as the Python's on_on_table and off_off_table. */

#include <stdlib.h>

#include "pytypes.h"

#define MAX_CANDIDATES 4096 /* 16x16: larger boards screen in Python */

/* One state's links as lists per candidate (CSR), and the scratch of the searches. */
typedef struct {
    int n, cells, cands, cw;          /* cw: words per candidate set */
    const Board *board;
    uint32_t *cell_digits;
    word *digit_cells;                /* n cell sets */
    word *open;
    int *off_start[2], *off_list[2];  /* offs with Y-links (1) or without (0) */
    int *cell_on;                     /* a bivalue cell's other candidate, or -1 */
    int *unit_start, *unit_list;      /* a digit's other place in a unit of two (X-links) */
    word *step, *off_step;            /* per candidate: on->on and off->off, two links */
    word *front, *seen, *next;
} Screen;

static void screen_free(Screen *s) {
    PyMem_Free(s->cell_digits);
    PyMem_Free(s->digit_cells);
    PyMem_Free(s->open);
    for (int y = 0; y < 2; y++) {
        PyMem_Free(s->off_start[y]);
        PyMem_Free(s->off_list[y]);
    }
    PyMem_Free(s->cell_on);
    PyMem_Free(s->unit_start);
    PyMem_Free(s->unit_list);
    PyMem_Free(s->step);
    PyMem_Free(s->off_step);
    PyMem_Free(s->front);
}

static int screen_alloc(Screen *s, const Board *board, int n) {
    memset(s, 0, sizeof *s);
    s->n = n;
    s->board = board;
    s->cells = board->cells;
    s->cands = board->cells * n;
    s->cw = (s->cands + 63) / 64;
    size_t cands = (size_t)s->cands, table = cands * (size_t)s->cw;
    int peers = 0;
    for (int c = 0; c < board->cells; c++) {
        int here = set_count(board->peers[c].bits, board->w);
        if (here > peers) peers = here;
    }
    size_t offs = cands * (size_t)(n + peers) + 1;
    s->cell_digits = PyMem_Malloc(sizeof(uint32_t) * (size_t)s->cells);
    s->digit_cells = PyMem_Calloc((size_t)n * board->w, sizeof(word));
    s->open = PyMem_Calloc((size_t)board->w, sizeof(word));
    for (int y = 0; y < 2; y++) {
        s->off_start[y] = PyMem_Malloc(sizeof(int) * (cands + 1));
        s->off_list[y] = PyMem_Malloc(sizeof(int) * offs);
    }
    s->cell_on = PyMem_Malloc(sizeof(int) * cands);
    s->unit_start = PyMem_Malloc(sizeof(int) * (cands + 1));
    s->unit_list = PyMem_Malloc(sizeof(int) * (cands * (size_t)(board->units > 0 ? board->units : 1) + 1));
    s->step = PyMem_Malloc(sizeof(word) * table);
    s->off_step = PyMem_Malloc(sizeof(word) * table);
    s->front = PyMem_Malloc(sizeof(word) * 3 * (size_t)s->cw);
    if (!s->cell_digits || !s->digit_cells || !s->open || !s->off_start[0] || !s->off_list[0] ||
        !s->off_start[1] || !s->off_list[1] || !s->cell_on || !s->unit_start || !s->unit_list ||
        !s->step || !s->off_step || !s->front) {
        screen_free(s);
        PyErr_NoMemory();
        return -1;
    }
    s->seen = s->front + s->cw;
    s->next = s->seen + s->cw;
    return 0;
}

/* The state's candidates: cell_digits, digit_cells, open_cells, checked. */
static int screen_state(Screen *s, PyObject *cell_digits, PyObject *digit_cells, PyObject *open) {
    int w = s->board->w;
    PyObject *items = PySequence_Fast(cell_digits, "cell_digits");
    if (!items) return -1;
    int failed = PySequence_Fast_GET_SIZE(items) != s->cells;
    for (int c = 0; c < s->cells && !failed; c++) {
        long value;
        failed = convert_int(PySequence_Fast_GET_ITEM(items, c), 0, (1L << s->n) - 1, &value,
                             "a cell's digits") < 0;
        s->cell_digits[c] = (uint32_t)value;
    }
    Py_DECREF(items);
    if (failed) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "cell_digits needs a set per cell");
        return -1;
    }
    if (convert_masks(digit_cells, s->digit_cells, s->n, w, s->cells, "digit_cells") < 0 ||
        convert_mask(open, s->open, w, s->cells, "open_cells") < 0)
        return -1;
    return 0;
}

/* The links of chains.StaticLinks._off_masks and _on_masks, as lists. */
static int screen_links(Screen *s) {
    const Board *b = s->board;
    int n = s->n, w = b->w;
    for (int y = 0; y < 2; y++) {
        int next = 0;
        for (int cand = 0; cand < s->cands; cand++) {
            s->off_start[y][cand] = next;
            int cell = cand / n, d = cand % n;
            uint32_t digits = s->cell_digits[cell];
            if (!set_has(s->open, cell) || !(digits >> d & 1)) continue;
            if (y)
                for (int e = 0; e < n; e++)
                    if (e != d && digits >> e & 1) s->off_list[y][next++] = cell * n + e;
            const word *peers = b->peers[cell].bits, *places = s->digit_cells + (size_t)d * w;
            for (int i = 0; i < w; i++)
                for (word x = peers[i] & places[i]; x; x &= x - 1)
                    s->off_list[y][next++] = (i * 64 + lowest_bit(x)) * n + d;
        }
        s->off_start[y][s->cands] = next;
    }
    for (int cand = 0; cand < s->cands; cand++) {
        int cell = cand / n, d = cand % n;
        uint32_t digits = s->cell_digits[cell];
        s->cell_on[cand] = -1;
        if (set_has(s->open, cell) && digits >> d & 1 && popcount64(digits) == 2)
            s->cell_on[cand] = cell * n + lowest_bit(digits & ~((uint32_t)1 << d));
    }
    /* a digit left twice in a unit links its two places, both ways, unit by unit */
    int *count = PyMem_Calloc((size_t)s->cands + 1, sizeof(int));
    if (!count) {
        PyErr_NoMemory();
        return -1;
    }
    int next = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int d = 0; d < n; d++) {
            const word *places = s->digit_cells + (size_t)d * w;
            for (int u = 0; u < b->units; u++) {
                const Span *unit = &b->unit[u];
                int a = -1, c2 = -1, many = 0;
                for (int i = unit->lo; i < unit->hi && many < 3; i++)
                    for (word x = unit->bits[i] & places[i]; x; x &= x - 1) {
                        int cell = i * 64 + lowest_bit(x);
                        if (a < 0) a = cell; else c2 = cell;
                        many++;
                    }
                if (many != 2) continue;
                int p = a * n + d, q = c2 * n + d;
                if (pass == 0) {
                    count[p]++;
                    count[q]++;
                } else {
                    s->unit_list[count[p]++] = q;
                    s->unit_list[count[q]++] = p;
                }
            }
        }
        if (pass == 0) {
            for (int cand = 0; cand < s->cands; cand++) {
                int here = count[cand];
                s->unit_start[cand] = next;
                count[cand] = next;
                next += here;
            }
            s->unit_start[s->cands] = next;
        }
    }
    PyMem_Free(count);
    return 0;
}

/* Per candidate, the ons its offs imply (on_on_table(y, x)) into s->step; with x, the
   offs its ons imply (off_off_table(y), ons with X-links) into s->off_step. */
static void screen_steps(Screen *s, int y, int x) {
    int cw = s->cw;
    memset(s->step, 0, sizeof(word) * (size_t)s->cands * cw);
    if (x) memset(s->off_step, 0, sizeof(word) * (size_t)s->cands * cw);
    for (int p = 0; p < s->cands; p++) {
        word *row = s->step + (size_t)p * cw;
        for (int k = s->off_start[y][p]; k < s->off_start[y][p + 1]; k++) {
            int q = s->off_list[y][k];
            if (y && s->cell_on[q] >= 0) set_add(row, s->cell_on[q]);
            if (x)
                for (int j = s->unit_start[q]; j < s->unit_start[q + 1]; j++)
                    set_add(row, s->unit_list[j]);
        }
        if (!x) continue;
        row = s->off_step + (size_t)p * cw;
        int ons[64], count = 0;
        if (y && s->cell_on[p] >= 0) ons[count++] = s->cell_on[p];
        for (int j = s->unit_start[p]; j < s->unit_start[p + 1] && count < 64; j++)
            ons[count++] = s->unit_list[j];
        for (int i = 0; i < count; i++)
            for (int k = s->off_start[y][ons[i]]; k < s->off_start[y][ons[i] + 1]; k++)
                set_add(row, s->off_list[y][k]);
    }
}

/* The union of table rows over the bits of `front`, into `out`. */
static void rows_union(const Screen *s, const word *table, const word *front, word *out) {
    int cw = s->cw;
    set_clear(out, cw);
    for (int i = 0; i < cw; i++)
        for (word x = front[i]; x; x &= x - 1) {
            const word *row = table + (size_t)(i * 64 + lowest_bit(x)) * cw;
            for (int j = 0; j < cw; j++) out[j] |= row[j];
        }
}

/* nested._closing: bit 0 a cycle may close, bit 1 a chain from the start on to it off;
   the layers it took added to *layers. */
static int screen_closing(Screen *s, int cand, int y, int x, long long *layers) {
    int cw = s->cw, depth = 1, cycle = 0, chain = 0;
    word *front = s->front, *seen = s->seen, *next = s->next;
    set_clear(front, cw);
    set_add(front, cand);
    set_copy(seen, front, cw);
    int any = 1;
    while (any) {
        ++*layers;
        if (x && !chain)
            for (int k = s->off_start[y][cand]; k < s->off_start[y][cand + 1] && !chain; k++)
                chain = set_has(front, s->off_list[y][k]);
        rows_union(s, s->step, front, next);
        if (depth >= 3 && !cycle) cycle = set_has(next, cand);
        any = 0;
        for (int i = 0; i < cw; i++) {
            front[i] = next[i] & ~seen[i];
            seen[i] |= front[i];
            any |= front[i] != 0;
        }
        depth += 2;
    }
    return cycle | chain << 1;
}

/* nested._off_chain: whether a chain leads from the start off to it on. */
static int screen_off_chain(Screen *s, int cand, int y, long long *layers) {
    int cw = s->cw;
    word *front = s->front, *seen = s->seen, *next = s->next;
    set_clear(front, cw);
    set_add(front, cand);
    set_copy(seen, front, cw);
    for (;;) {
        ++*layers;
        if (y && s->cell_on[cand] >= 0 && set_has(front, s->cell_on[cand])) return 1;
        for (int j = s->unit_start[cand]; j < s->unit_start[cand + 1]; j++)
            if (set_has(front, s->unit_list[j])) return 1;
        rows_union(s, s->off_step, front, next);
        int any = 0;
        for (int i = 0; i < cw; i++) {
            front[i] = next[i] & ~seen[i];
            seen[i] |= front[i];
            any |= front[i] != 0;
        }
        if (!any) return 0;
    }
}


/* --- the starts the screen lets through, followed node by node (nested._unary) --- */

/* A potential met: candidate, on, cause (-1 the cell, else a unit; -2 the start), parent. */
typedef struct {
    int cand, on, cause, parent;
} Node;

typedef struct {
    Node *nodes;
    int count, size;
    word *anc;          /* ancestors (bits 2 * cand + on) of the ons kept by _cycles */
    int anc_count, anc_size, aw;
    int *pending, *later;
    int *chain_start, *chain_units;   /* per cell, its units in chain order */
    word *seen2;        /* potentials met (2 * cand + on) */
    /* chain_found: conclusions put out as rows (found_row) rather than paths */
    PyObject *rows;     /* NULL: paths */
    word *gone;         /* the enclosing chain's struck candidates (cw words) */
    int y, x;           /* the pass */
} Nodes;

static int node_new(Nodes *t, int cand, int on, int cause, int parent) {
    if (t->count == t->size) {
        int size = t->size ? 2 * t->size : 1024;
        Node *more = PyMem_Realloc(t->nodes, sizeof(Node) * (size_t)size);
        if (!more) return -1;
        t->nodes = more;
        t->size = size;
    }
    t->nodes[t->count] = (Node){cand, on, cause, parent};
    return t->count++;
}

/* A new ancestors slot, zeroed; its index or -1. */
static int anc_new(Nodes *t) {
    if (t->anc_count == t->anc_size) {
        int size = t->anc_size ? 2 * t->anc_size : 256;
        word *more = PyMem_Realloc(t->anc, sizeof(word) * (size_t)size * t->aw);
        if (!more) return -1;
        t->anc = more;
        t->anc_size = size;
    }
    set_clear(t->anc + (size_t)t->anc_count * t->aw, t->aw);
    return t->anc_count++;
}

/* _Links._find_offs: (candidate, cause) pairs into out; their count. */
static int links_offs(const Screen *s, const Nodes *t, int cand, int y, int *out) {
    int n = s->n, w = s->board->w, cell = cand / n, d = cand % n, count = 0;
    if (y)
        for (int e = 0; e < n; e++)
            if (e != d && s->cell_digits[cell] >> e & 1) {
                out[count++] = cell * n + e;
                out[count++] = -1;
            }
    const word *places = s->digit_cells + (size_t)d * w;
    word seen[8] = {0}, *done = w <= 8 ? seen : NULL;
    word *mine = done ? done : (word *)PyMem_Calloc((size_t)w, sizeof(word));
    if (!mine) return -1;
    for (int k = t->chain_start[cell]; k < t->chain_start[cell + 1]; k++) {
        int u = t->chain_units[k];
        const Span *unit = &s->board->unit[u];
        for (int i = unit->lo; i < unit->hi; i++) {
            word x = places[i] & unit->bits[i] & ~mine[i];
            if (i == cell / 64) x &= ~((word)1 << (cell % 64));
            mine[i] |= x;
            for (; x; x &= x - 1) {
                out[count++] = (i * 64 + lowest_bit(x)) * n + d;
                out[count++] = u;
            }
        }
    }
    if (!done) PyMem_Free(mine);
    return count / 2;
}

/* _Links._find_ons: (candidate, cause) pairs into out; their count. */
static int links_ons(const Screen *s, const Nodes *t, int cand, int y, int x, int *out) {
    int n = s->n, w = s->board->w, cell = cand / n, d = cand % n, count = 0;
    uint32_t digits = s->cell_digits[cell];
    if (y && popcount64(digits) == 2) {
        out[count++] = cell * n + lowest_bit(digits & ~((uint32_t)1 << d));
        out[count++] = -1;
    }
    if (!x) return count / 2;
    const word *places = s->digit_cells + (size_t)d * w;
    for (int k = t->chain_start[cell]; k < t->chain_start[cell + 1]; k++) {
        int u = t->chain_units[k], other = -1, many = 0;
        const Span *unit = &s->board->unit[u];
        for (int i = unit->lo; i < unit->hi && many < 2; i++) {
            word bits = places[i] & unit->bits[i];
            if (i == cell / 64) bits &= ~((word)1 << (cell % 64));
            for (; bits && many < 2; bits &= bits - 1) {
                other = i * 64 + lowest_bit(bits);
                many++;
            }
        }
        if (many == 1) {
            out[count++] = other * n + d;
            out[count++] = u;
        }
    }
    return count / 2;
}

/* nested._cycle or nested._chain of the path ending at node `end`, as a row of
   chain_found: (cycle, complexity, kind, parents, removals, ancestors as bytes), put out
   when it removes something and rests on some struck candidate. 0, or -1 on error. */
static int found_row(const Screen *s, Nodes *t, int end, int start_cand, int start_on,
                     int cycle) {
    int n = s->n, w = s->board->w, cw = s->cw, aw = 2 * cw;
    word anc[2 * (MAX_CANDIDATES / 64)] = {0}, causes[MAX_CANDIDATES / 64] = {0};
    word cells[MAX_CANDIDATES / 64] = {0};
    set_add(anc, 2 * start_cand + start_on);
    for (int k = end; t->nodes[k].parent >= 0; k = t->nodes[k].parent) {
        const Node *node = &t->nodes[k];
        int cell = node->cand / n, d = node->cand % n;
        set_add(anc, 2 * node->cand + node->on);
        set_add(cells, cell);
        if (!cycle && !node->on) continue;
        if (node->cause == -1) {
            for (int e = 0; e < n; e++)
                if (set_has(t->gone, cell * n + e)) set_add(causes, cell * n + e);
        } else if (node->cause >= 0) {
            const Span *unit = &s->board->unit[node->cause];
            for (int i = unit->lo; i < unit->hi; i++)
                for (word x = unit->bits[i]; x; x &= x - 1) {
                    int c = i * 64 + lowest_bit(x);
                    if (set_has(t->gone, c * n + d)) set_add(causes, c * n + d);
                }
        }
    }
    if (set_is_empty(causes, cw)) return 0;
    int removed[2 * MAX_CANDIDATES], count = 0;
    const Node *last = &t->nodes[end];
    if (cycle) {
        word sides[2 * 32 * (MAX_CANDIDATES / 64)];   /* per digit: seen by offs, by ons */
        memset(sides, 0, sizeof(word) * 2 * (size_t)n * w);
        for (int k = end; t->nodes[k].parent >= 0; k = t->nodes[k].parent) {
            const Node *node = &t->nodes[k];
            int cell = node->cand / n, d = node->cand % n;
            word *side = sides + ((size_t)2 * d + node->on) * w;
            const word *peers = s->board->peers[cell].bits, *places = s->digit_cells + (size_t)d * w;
            for (int i = 0; i < w; i++) side[i] |= peers[i] & places[i] & ~cells[i];
        }
        for (int c = 0; c < s->cells; c++)
            for (int d = 0; d < n; d++) {
                const word *off = sides + (size_t)2 * d * w, *on = off + w;
                if (set_has(off, c) && set_has(on, c)) {
                    removed[count++] = c;
                    removed[count++] = d;
                }
            }
    } else {
        int cell = last->cand / n, d = last->cand % n;
        for (int e = 0; e < n; e++)
            if (last->on ? e != d && s->cell_digits[cell] >> e & 1 : e == d) {
                removed[count++] = cell;
                removed[count++] = e;
            }
    }
    if (!count) return 0;
    PyObject *pairs = PyTuple_New(count / 2);
    if (!pairs) return -1;
    for (int k = 0; k < count / 2; k++) {
        PyObject *pair = Py_BuildValue("(ii)", removed[2 * k], removed[2 * k + 1]);
        if (!pair) {
            Py_DECREF(pairs);
            return -1;
        }
        PyTuple_SET_ITEM(pairs, k, pair);
    }
    int kind = cycle ? (t->x && t->y ? 4 : t->y ? 3 : 2) : (t->y ? 4 : 2);
    PyObject *row = Py_BuildValue("(OiiNNy#)", cycle ? Py_True : Py_False, set_count(anc, aw),
                                  kind, mask_object(causes, cw), pairs, (const char *)anc,
                                  (Py_ssize_t)(aw * sizeof(word)));
    int failed = !row || PyList_Append(t->rows, row) < 0;
    Py_XDECREF(row);
    return failed ? -1 : 0;
}

/* The path of node `end` from the start (not included) to it, as (cand, on, cause) tuples. */
static PyObject *path_of(const Nodes *t, int end) {
    int length = 0;
    for (int k = end; t->nodes[k].parent >= 0; k = t->nodes[k].parent) length++;
    PyObject *path = PyTuple_New(length);
    if (!path) return NULL;
    for (int k = end, i = length - 1; i >= 0; k = t->nodes[k].parent, i--) {
        const Node *node = &t->nodes[k];
        PyObject *item = Py_BuildValue("(iOi)", node->cand, node->on ? Py_True : Py_False,
                                       node->cause);
        if (!item) {
            Py_DECREF(path);
            return NULL;
        }
        PyTuple_SET_ITEM(path, i, item);
    }
    return path;
}

/* Room for a node's links: a cell's other digits and its peers, twice (cand, cause). */
#define LINKS_ROOM(s) (2 * ((s)->n + 4 * (s)->cells))

/* nested._cycles from `cand` on: the cycles' paths appended to `out`; -1 on error. */
static int follow_cycles(Screen *s, Nodes *t, int cand, int y, int x, PyObject *out,
                         long long *units, int *links) {
    t->count = t->anc_count = 0;
    int aw = t->aw, start = node_new(t, cand, 1, -2, -1), slot = anc_new(t);
    if (start < 0 || slot < 0) return -1;
    set_add(t->anc, 2 * cand + 1);
    word *seen_on = s->seen;
    set_clear(seen_on, s->cw);
    set_add(seen_on, cand);
    /* pending holds (node, its ancestors slot) pairs; later the offs met */
    int pending_count = 1, length = 0;
    t->pending[0] = start;
    t->pending[1] = slot;
    int *offs = NULL, offs_size = 0;
    while (pending_count) {
        length += 2;
        int offs_count = 0;
        for (int i = 0; i < pending_count; i++) {
            int p = t->pending[2 * i], anc = t->pending[2 * i + 1];
            ++*units;
            int found = links_offs(s, t, t->nodes[p].cand, y, links);
            if (found < 0) goto failed;
            for (int k = 0; k < found; k++) {
                int q = links[2 * k];
                if (set_has(t->anc + (size_t)anc * aw, 2 * q)) continue;
                int node = node_new(t, q, 0, links[2 * k + 1], p);
                if (node < 0) goto failed;
                if (offs_count + 2 > offs_size) {
                    offs_size = offs_size ? 2 * offs_size : 1024;
                    int *more = PyMem_Realloc(offs, sizeof(int) * (size_t)offs_size);
                    if (!more) goto failed;
                    offs = more;
                }
                offs[offs_count++] = node;
                offs[offs_count++] = anc;
            }
        }
        pending_count = 0;
        for (int i = 0; i < offs_count; i += 2) {
            int o = offs[i], anc = offs[i + 1], off_cand = t->nodes[o].cand;
            int found = links_ons(s, t, off_cand, y, x, links);
            for (int k = 0; k < found; k++) {
                int r = links[2 * k], kept = !set_has(seen_on, r);
                if (!(length >= 4 && r == cand) && !kept) continue;
                int node = node_new(t, r, 1, links[2 * k + 1], o);
                if (node < 0) goto failed;
                if (length >= 4 && r == cand && t->rows) {
                    if (found_row(s, t, node, cand, 1, 1) < 0) goto failed;
                } else if (length >= 4 && r == cand) {
                    PyObject *path = path_of(t, node);
                    if (!path || PyList_Append(out, path) < 0) {
                        Py_XDECREF(path);
                        goto failed;
                    }
                    Py_DECREF(path);
                }
                if (!kept) continue;
                set_add(seen_on, r);
                int mine = anc_new(t);
                if (mine < 0) goto failed;
                word *bits = t->anc + (size_t)mine * aw;
                set_copy(bits, t->anc + (size_t)anc * aw, aw);
                set_add(bits, 2 * off_cand);
                set_add(bits, 2 * r + 1);
                t->pending[2 * pending_count] = node;
                t->pending[2 * pending_count + 1] = mine;
                pending_count++;
            }
        }
    }
    PyMem_Free(offs);
    return 0;
failed:
    PyMem_Free(offs);
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return -1;
}

/* nested._forcing_chain from `cand` on or off: the first contradiction's path, None if
   none, NULL on error. */
static PyObject *follow_chain(Screen *s, Nodes *t, int cand, int on, int y, long long *units,
                              int *links) {
    t->count = 0;
    int start = node_new(t, cand, on, -2, -1);
    if (start < 0) return PyErr_NoMemory();
    set_clear(t->seen2, 2 * s->cw);
    set_add(t->seen2, 2 * cand + on);
    int pending_count = 1, *pending = t->pending, *later = t->later;
    pending[0] = start;
    while (pending_count) {
        int later_count = 0;
        for (int i = 0; i < pending_count; i++) {
            const Node p = t->nodes[pending[i]];
            ++*units;
            int found = p.on ? links_offs(s, t, p.cand, y, links)
                             : links_ons(s, t, p.cand, y, 1, links);
            if (found < 0) return PyErr_NoMemory();
            for (int k = 0; k < found; k++) {
                int q = links[2 * k], q_on = !p.on;
                if (q == cand && q_on != on) {
                    int node = node_new(t, q, q_on, links[2 * k + 1], pending[i]);
                    if (node < 0) return PyErr_NoMemory();
                    if (!t->rows) return path_of(t, node);
                    if (found_row(s, t, node, cand, on, 0) < 0) return NULL;
                    Py_RETURN_NONE;
                }
                if (set_has(t->seen2, 2 * q + q_on)) continue;
                set_add(t->seen2, 2 * q + q_on);
                int node = node_new(t, q, q_on, links[2 * k + 1], pending[i]);
                if (node < 0) return PyErr_NoMemory();
                later[later_count++] = node;
            }
        }
        int *swap = pending;
        pending = later;
        later = swap;
        pending_count = later_count;
    }
    Py_RETURN_NONE;
}

/* One start's conclusions: (pass, cand, cycles' paths, chain from on, chain from off). */
static PyObject *follow_start(Screen *s, Nodes *t, int k, int cand, int y, int x, int flags,
                              long long *units, int *links) {
    PyObject *cycles = PyList_New(0), *from_on = NULL, *from_off = NULL;
    if (!cycles) return NULL;
    if (flags & 1 && follow_cycles(s, t, cand, y, x, cycles, units, links) < 0) goto failed;
    from_on = flags & 2 ? follow_chain(s, t, cand, 1, y, units, links) : Py_NewRef(Py_None);
    if (!from_on) goto failed;
    from_off = flags & 4 ? follow_chain(s, t, cand, 0, y, units, links) : Py_NewRef(Py_None);
    if (!from_off) goto failed;
    if (t->rows) {
        Py_DECREF(cycles);
        Py_DECREF(from_on);
        Py_DECREF(from_off);
        return Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iiNNN)", k, cand, cycles, from_on, from_off);
failed:
    Py_DECREF(cycles);
    Py_XDECREF(from_on);
    return NULL;
}

/* Every start of unary_found in its order, screened, and those that may close followed. */
static int follow_all(Screen *s, Nodes *t, PyObject *starts, long long *units) {
    static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    int *links = PyMem_Malloc(sizeof(int) * (size_t)LINKS_ROOM(s));
    if (!links) {
        PyErr_NoMemory();
        return -1;
    }
    for (int k = 0; k < 3; k++) {
        int y = passes[k][0], x = passes[k][1];
        t->y = y;
        t->x = x;
        screen_steps(s, y, x);
        FOR_EACH_BIT(s->open, s->board->w, cell) {
            uint32_t digits = s->cell_digits[cell];
            int count = popcount64(digits);
            if (count < 2 || (!x && count > 2)) continue;
            for (int d = 0; d < s->n; d++) {
                if (!(digits >> d & 1)) continue;
                int cand = cell * s->n + d;
                int flags = screen_closing(s, cand, y, x, units);
                if (x) flags |= screen_off_chain(s, cand, y, units) << 2;
                if (!flags) continue;
                PyObject *start = follow_start(s, t, k, cand, y, x, flags, units, links);
                if (!start || (!t->rows && PyList_Append(starts, start) < 0)) {
                    Py_XDECREF(start);
                    PyMem_Free(links);
                    return -1;
                }
                Py_DECREF(start);
            }
        }
    }
    PyMem_Free(links);
    return 0;
}

static void nodes_free(Nodes *t) {
    PyMem_Free(t->nodes);
    PyMem_Free(t->anc);
    PyMem_Free(t->pending);
    PyMem_Free(t->chain_start);
    PyMem_Free(t->chain_units);
    PyMem_Free(t->seen2);
}

static int nodes_alloc(Nodes *t, const Screen *s, PyObject *chain_units) {
    memset(t, 0, sizeof *t);
    t->aw = 2 * s->cw;
    int count;
    if (convert_lists(chain_units, s->board->units, &t->chain_units, &t->chain_start, &count,
                      "cell_chain_units") < 0)
        return -1;
    if (count != s->cells) {
        PyErr_SetString(PyExc_ValueError, "cell_chain_units needs a tuple per cell");
        return -1;
    }
    t->pending = PyMem_Malloc(sizeof(int) * 4 * ((size_t)s->cands + 1));
    t->seen2 = PyMem_Malloc(sizeof(word) * 2 * (size_t)s->cw);
    if (!t->pending || !t->seen2) {
        PyErr_NoMemory();
        return -1;
    }
    t->later = t->pending + 2 * ((size_t)s->cands + 1);
    return 0;
}

/* The compiled Board of a screen call (args[0]) and, in *digits, how many digit sets it
   passed (args[3]): the board's own count, up to 30 digits and 4096 candidates. NULL with
   the error set otherwise. */
static const Board *screened_board(PyObject *const *args, const char *name, Py_ssize_t *digits) {
    if (!PyObject_TypeCheck(args[0], &BoardType)) {
        PyErr_Format(PyExc_TypeError, "%s needs a compiled Board", name);
        return NULL;
    }
    const Board *board = &((BoardObject *)args[0])->board;
    Py_ssize_t n = PySequence_Length(args[3]);
    if (n < 0) return NULL;
    if (!board->storage || n != board->n || n > 30 || n * board->cells > MAX_CANDIDATES) {
        PyErr_Format(PyExc_ValueError, "%s takes the board's digit sets, up to 30 digits and "
                                       "4096 candidates", name);
        return NULL;
    }
    *digits = n;
    return board;
}

const char chain_starts_doc[] =
    "chain_starts(board, cell_chain_units, cell_digits, digit_cells, open_cells)\n--\n\n"
    "rating/nested.py's unary_found on the compiled Board `board` (up to 4096 candidates):\n"
    "([(pass, candidate, cycles, chain from on, chain from off)], work units), each cycle\n"
    "and chain the path of its potentials from the start (not included), (candidate, on,\n"
    "cause) tuples; a chain None where there is none; the work units its searches took.";

PyObject *chain_starts(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 5, "chain_starts")) return NULL;
    Py_ssize_t n;
    const Board *board = screened_board(args, "chain_starts", &n);
    if (!board) return NULL;
    Screen s;
    Nodes t;
    if (screen_alloc(&s, board, (int)n) < 0) return NULL;
    PyObject *starts = NULL;
    long long units = 0;
    if (nodes_alloc(&t, &s, args[1]) == 0 && screen_state(&s, args[2], args[3], args[4]) == 0 &&
        (starts = PyList_New(0))) {
        if (screen_links(&s) < 0 || follow_all(&s, &t, starts, &units) < 0) Py_CLEAR(starts);
    }
    nodes_free(&t);
    screen_free(&s);
    if (!starts) return NULL;
    return Py_BuildValue("(NL)", starts, units);
}

/* A cell's digit sets (ints below 2**n), one per cell, into out. 0, or -1. */
static int convert_ints_u32(PyObject *sequence, uint32_t *out, int cells, int n) {
    PyObject *items = PySequence_Fast(sequence, "start_cells");
    if (!items) return -1;
    int failed = PySequence_Fast_GET_SIZE(items) != cells;
    for (int c = 0; c < cells && !failed; c++) {
        long value;
        failed = convert_int(PySequence_Fast_GET_ITEM(items, c), 0, (1L << n) - 1, &value,
                             "a cell's digits") < 0;
        out[c] = (uint32_t)value;
    }
    Py_DECREF(items);
    if (failed && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "start_cells needs a set per cell");
    return failed ? -1 : 0;
}

const char nested_chain_found_doc[] =
    "chain_found(board, cell_chain_units, cell_digits, digit_cells, open_cells, start_cells)\n"
    "--\n\n"
    "chain_starts's conclusions that a nested rule can use, inside an enclosing chain that\n"
    "started from start_cells (per cell its digits): ([(cycle, complexity, kind, parents,\n"
    "removals, ancestors)], work units), in unary_found's order, those that remove something\n"
    "and rest on a candidate the enclosing chain struck (parents, a candidate set); the\n"
    "ancestors (bits 2 * candidate + on) as bytes.";

PyObject *nested_chain_found(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 6, "chain_found")) return NULL;
    Py_ssize_t n;
    const Board *board = screened_board(args, "chain_found", &n);
    if (!board) return NULL;
    Screen s;
    Nodes t;
    if (screen_alloc(&s, board, (int)n) < 0) return NULL;
    PyObject *rows = NULL;
    long long units = 0;
    uint32_t *start = PyMem_Malloc(sizeof(uint32_t) * (size_t)board->cells);
    memset(&t, 0, sizeof t);
    word gone[MAX_CANDIDATES / 64] = {0};
    if (start && nodes_alloc(&t, &s, args[1]) == 0 &&
        screen_state(&s, args[2], args[3], args[4]) == 0 &&
        convert_ints_u32(args[5], start, board->cells, (int)n) == 0 && (rows = PyList_New(0))) {
        for (int c = 0; c < board->cells; c++)
            for (int d = 0; d < n; d++)
                if (start[c] >> d & 1 && !(s.cell_digits[c] >> d & 1)) set_add(gone, c * (int)n + d);
        t.rows = rows;
        t.gone = gone;
        if (screen_links(&s) < 0 || follow_all(&s, &t, rows, &units) < 0) Py_CLEAR(rows);
    } else if (!start) {
        PyErr_NoMemory();
    }
    PyMem_Free(start);
    nodes_free(&t);
    screen_free(&s);
    if (!rows) return NULL;
    return Py_BuildValue("(NL)", rows, units);
}
