/* The canonical form's search, compiled: core/board/transform.py's _Search (the row-by-row
   least image of a classic grid under its group; that module's docstring says how it is
   pruned), step for step, so that it finds the same image and runs out of the same budget
   on the same grids: a step is spent per row tried and per arrangement branched on, as
   _Search._spend is called. The order in which states are visited may differ from the
   Python's (the least image and the number of steps do not depend on it); states are
   merged when equal field for field, as the Python's dict merges them.

   least_image(box_rows, box_cols, cells, budget) -> the image as n * n bytes (0 for a
   blank, labels 1..n), or None when more than `budget` steps were needed: the grid's box
   and its cells (n * n bytes, row by row), turned and checked here as canonical_form
   turns and checks them (the same ValueError if a symbol repeats in a row or column). */

#include <stdlib.h>
#include <string.h>

#include "pytypes.h"

#define MAXN 25        /* shape.MAX_SIZE */
#define PACKED 2048    /* room for one packed state: 6 + 3 * 25 + 25 * 27 + 26 bytes at most */

typedef unsigned char u8;

typedef struct {
    u8 nfree, nplaced;
    u8 free[MAXN], placed[MAXN];
} Slot;

/* transform._State: rows left in the band, bands left, stacks blank so far, the slots
   (each: its columns blank so far; its other columns in order) and the labels. */
typedef struct {
    u8 orientation, nband, nbands, nstacks, nslots;
    u8 band_left[MAXN], bands_left[MAXN], free_stacks[MAXN];
    Slot slots[MAXN];
    u8 labels[MAXN + 1];
} State;

/* transform._Region: stack < 0 for a slot's region. */
typedef struct {
    int stack;
    u8 nblanks, nknown, nnew, nplaced;
    u8 blanks[MAXN], known[MAXN], fresh[MAXN], key[MAXN];
    const u8 *placed;
} Region;

/* The states of one row of the search, packed one after another, merged when equal. */
typedef struct {
    u8 *bytes;
    size_t used, room;
    size_t *start;      /* count + 1 offsets */
    size_t count, cap;
    size_t *table;      /* open addressing: index + 1, 0 empty */
    size_t table_size;  /* a power of two, over twice count */
} Store;

typedef struct {
    int n, r, c, orientations;
    const u8 *values[2];
    u8 empty_row[2][MAXN], empty_band[2][MAXN];
    long long budget, spent;
} Search;

/* One winner's successors in the making: the regions of its least row and the choices. */
typedef struct {
    const Search *search;
    const State *state;
    const u8 *values;
    State next;               /* the rows, bands and stacks left: the same for every choice */
    Region *regions;
    int nregions, nties, nchoices;
    int tie_start[MAXN], tie_length[MAXN];
    u8 choice[2 * MAXN][MAXN];  /* ties' positions, then each region's new columns */
    int choice_length[2 * MAXN];
    Store *out;
} Successors;

static int spend(Search *s) {
    return ++s->spent <= s->budget;
}

/* The store */

static int store_init(Store *st) {
    memset(st, 0, sizeof *st);
    st->room = 1 << 16;
    st->cap = 1 << 10;
    st->table_size = 1 << 11;
    st->bytes = PyMem_Malloc(st->room);
    st->start = PyMem_Malloc((st->cap + 1) * sizeof(size_t));
    st->table = PyMem_Calloc(st->table_size, sizeof(size_t));
    if (!st->bytes || !st->start || !st->table) return 0;
    st->start[0] = 0;
    return 1;
}

static void store_free(Store *st) {
    PyMem_Free(st->bytes);
    PyMem_Free(st->start);
    PyMem_Free(st->table);
}

static void store_clear(Store *st) {
    st->used = st->count = 0;
    memset(st->table, 0, st->table_size * sizeof(size_t));
}

static size_t hash_of(const u8 *p, size_t length) {
    size_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < length; i++) h = (h ^ p[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

static int store_grow_table(Store *st) {
    size_t size = st->table_size * 2;
    size_t *table = PyMem_Calloc(size, sizeof(size_t));
    if (!table) return 0;
    for (size_t i = 0; i < st->count; i++) {
        size_t at = hash_of(st->bytes + st->start[i], st->start[i + 1] - st->start[i]);
        while (table[at & (size - 1)]) at++;
        table[at & (size - 1)] = i + 1;
    }
    PyMem_Free(st->table);
    st->table = table, st->table_size = size;
    return 1;
}

/* Adds the packed state unless an equal one is there: 0 when out of memory. */
static int store_add(Store *st, const u8 *p, size_t length) {
    size_t mask = st->table_size - 1;
    size_t at = hash_of(p, length);
    for (;; at++) {
        size_t found = st->table[at & mask];
        if (!found) break;
        size_t i = found - 1, have = st->start[i + 1] - st->start[i];
        if (have == length && !memcmp(st->bytes + st->start[i], p, length)) return 1;
    }
    if (st->used + length > st->room) {
        size_t room = st->room * 2 + length;
        u8 *bytes = PyMem_Realloc(st->bytes, room);
        if (!bytes) return 0;
        st->bytes = bytes, st->room = room;
    }
    if (st->count + 1 >= st->cap) {
        size_t *start = PyMem_Realloc(st->start, (st->cap * 2 + 1) * sizeof(size_t));
        if (!start) return 0;
        st->start = start, st->cap *= 2;
    }
    memcpy(st->bytes + st->used, p, length);
    st->used += length;
    st->table[at & mask] = st->count + 1;
    st->start[++st->count] = st->used;
    if (st->count * 2 > st->table_size) return store_grow_table(st);
    return 1;
}

/* States packed: each field after its length (so equal packings are equal states). */

static u8 *put(u8 *p, const u8 *items, u8 count) {
    *p++ = count;
    memcpy(p, items, count);
    return p + count;
}

static const u8 *take(const u8 *p, u8 *items, u8 *count) {
    *count = *p++;
    memcpy(items, p, *count);
    return p + *count;
}

static size_t pack(const State *s, int n, u8 *out) {
    u8 *p = out;
    *p++ = s->orientation;
    p = put(p, s->band_left, s->nband);
    p = put(p, s->bands_left, s->nbands);
    p = put(p, s->free_stacks, s->nstacks);
    *p++ = s->nslots;
    for (int i = 0; i < s->nslots; i++) {
        p = put(p, s->slots[i].free, s->slots[i].nfree);
        p = put(p, s->slots[i].placed, s->slots[i].nplaced);
    }
    memcpy(p, s->labels, (size_t)n + 1);
    return (size_t)(p - out) + (size_t)n + 1;
}

static void unpack(const u8 *p, int n, State *s) {
    s->orientation = *p++;
    p = take(p, s->band_left, &s->nband);
    p = take(p, s->bands_left, &s->nbands);
    p = take(p, s->free_stacks, &s->nstacks);
    s->nslots = *p++;
    for (int i = 0; i < s->nslots; i++) {
        p = take(p, s->slots[i].free, &s->slots[i].nfree);
        p = take(p, s->slots[i].placed, &s->slots[i].nplaced);
    }
    memcpy(s->labels, p, (size_t)n + 1);
}

/* Rows and regions */

static int max_label(const u8 *labels, int n) {
    int most = 0;
    for (int v = 0; v <= n; v++)
        if (labels[v] > most) most = labels[v];
    return most;
}

/* _row_choices: the source rows output row `index` may take, into rows. */
static int row_choices(const Search *s, const State *st, int index, u8 *rows) {
    const u8 *empty = s->empty_row[st->orientation];
    int count = 0, seen = 0;
    if (index % s->r) {
        for (int i = 0; i < st->nband; i++) {
            int row = st->band_left[i];
            if (empty[row] && seen++) continue;
            rows[count++] = (u8)row;
        }
        return count;
    }
    for (int i = 0; i < st->nbands; i++) {
        int band = st->bands_left[i], seen_row = 0;
        if (s->empty_band[st->orientation][band] && seen++) continue;
        for (int row = band * s->r; row < (band + 1) * s->r; row++) {
            if (empty[row] && seen_row++) continue;
            rows[count++] = (u8)row;
        }
    }
    return count;
}

/* The rows and bands left once `row` is output row `index`, into next. */
static void advance(const Search *s, const State *st, int index, int row, State *next) {
    next->orientation = st->orientation;
    next->nband = 0;
    if (index % s->r) {
        for (int i = 0; i < st->nband; i++)
            if (st->band_left[i] != row) next->band_left[next->nband++] = st->band_left[i];
        memcpy(next->bands_left, st->bands_left, st->nbands);
        next->nbands = st->nbands;
        return;
    }
    int band = row / s->r;
    for (int r = band * s->r; r < (band + 1) * s->r; r++)
        if (r != row) next->band_left[next->nband++] = (u8)r;
    next->nbands = 0;
    for (int i = 0; i < st->nbands; i++)
        if (st->bands_left[i] != band) next->bands_left[next->nbands++] = st->bands_left[i];
}

/* _region: the columns' blanks, known symbols by label and new symbols, and its key. */
static void make_region(Region *g, int stack, const u8 *columns, int count, const u8 *placed,
                        int nplaced, const u8 *values, const u8 *labels, int unknown) {
    g->stack = stack;
    g->nblanks = g->nknown = g->nnew = 0;
    g->placed = placed;
    g->nplaced = (u8)nplaced;
    for (int i = 0; i < count; i++) {
        u8 column = columns[i], v = values[column];
        if (!v) g->blanks[g->nblanks++] = column;
        else if (labels[v]) g->known[g->nknown++] = column;
        else g->fresh[g->nnew++] = column;
    }
    for (int i = 1; i < g->nknown; i++) {  /* by label: a row's labels are distinct */
        u8 column = g->known[i];
        int j = i;
        for (; j > 0 && labels[values[g->known[j - 1]]] > labels[values[column]]; j--)
            g->known[j] = g->known[j - 1];
        g->known[j] = column;
    }
    int k = 0;
    for (int i = 0; i < g->nblanks; i++) g->key[k++] = 0;
    for (int i = 0; i < g->nknown; i++) g->key[k++] = labels[values[g->known[i]]];
    for (int i = 0; i < g->nnew; i++) g->key[k++] = (u8)unknown;
}

static int key_length(const Region *g) {
    return g->nblanks + g->nknown + g->nnew;
}

static int key_compare(const Region *a, const Region *b) {
    int la = key_length(a), lb = key_length(b), common = la < lb ? la : lb;
    int order = memcmp(a->key, b->key, (size_t)common);
    return order ? order : la - lb;
}

/* _row_image: the regions of one source row under the state (whole stacks blank so far
   that hold a clue, least key first, stably; then the slots), and the row they read. */
static int row_image(const Search *s, const State *st, const u8 *values, Region *regions,
                     u8 *image) {
    const u8 *labels = st->labels;
    u8 columns[MAXN];
    int count = 0, blank_width = 0;
    for (int i = 0; i < st->nstacks; i++) {
        int stack = st->free_stacks[i];
        for (int j = 0; j < s->c; j++) columns[j] = (u8)(stack * s->c + j);
        Region *g = &regions[count];
        make_region(g, stack, columns, s->c, NULL, 0, values, labels, s->n + 1);
        if (g->nknown || g->nnew) {
            for (int j = count; j > 0 && key_compare(&regions[j - 1], &regions[j]) > 0; j--) {
                Region kept = regions[j];
                regions[j] = regions[j - 1];
                regions[j - 1] = kept;
            }
            count++;
        } else {
            blank_width += g->nblanks;
        }
    }
    for (int i = 0; i < st->nslots; i++) {
        const Slot *slot = &st->slots[i];
        make_region(&regions[count++], -1, slot->free, slot->nfree, slot->placed,
                    slot->nplaced, values, labels, s->n + 1);
    }
    int k = 0, next_label = max_label(labels, s->n) + 1;  /* _read */
    for (int i = 0; i < blank_width; i++) image[k++] = 0;
    for (int i = 0; i < count; i++) {
        const Region *g = &regions[i];
        for (int j = 0; j < g->nblanks; j++) image[k++] = 0;
        for (int j = 0; j < g->nknown; j++) image[k++] = labels[values[g->known[j]]];
        for (int j = 0; j < g->nnew; j++) image[k++] = (u8)next_label++;
        for (int j = 0; j < g->nplaced; j++) {
            u8 v = values[g->placed[j]];
            image[k++] = v && !labels[v] ? (u8)next_label++ : labels[v];
        }
    }
    return count;
}

/* Successors: every arrangement of the tied stacks and of each region's new symbols. */

/* _successor for the current choices, packed into the next row's store. */
static int add_successor(Successors *x) {
    int ordered[MAXN];
    for (int p = 0; p < x->nregions; p++) ordered[p] = p;
    for (int t = 0; t < x->nties; t++)
        for (int k = 0; k < x->tie_length[t]; k++) ordered[x->tie_start[t] + k] = x->choice[t][k];
    State *next = &x->next;
    memcpy(next->labels, x->state->labels, (size_t)x->search->n + 1);
    int next_label = max_label(next->labels, x->search->n) + 1;
    next->nslots = (u8)x->nregions;
    for (int p = 0; p < x->nregions; p++) {
        int source = ordered[p];
        const Region *g = &x->regions[source];
        const u8 *fresh = x->choice[x->nties + source];
        Slot *slot = &next->slots[p];
        slot->nfree = g->nblanks;
        memcpy(slot->free, g->blanks, g->nblanks);
        slot->nplaced = (u8)(g->nknown + g->nnew + g->nplaced);
        memcpy(slot->placed, g->known, g->nknown);
        memcpy(slot->placed + g->nknown, fresh, g->nnew);
        memcpy(slot->placed + g->nknown + g->nnew, g->placed, g->nplaced);
        for (int j = g->nknown; j < slot->nplaced; j++) {
            u8 v = x->values[slot->placed[j]];
            if (v && !next->labels[v]) next->labels[v] = (u8)next_label++;
        }
    }
    u8 packed[PACKED];
    return store_add(x->out, packed, pack(next, x->search->n, packed)) ? 1 : -1;
}

/* Every permutation of choice `which` from position k on, then of the choices after it:
   1 done, 0 out of budget, -1 out of memory. */
static int each_choice(Successors *x, int which, int k) {
    if (which == x->nchoices) {
        if (!spend((Search *)x->search)) return 0;
        return add_successor(x);
    }
    u8 *items = x->choice[which];
    int length = x->choice_length[which];
    if (k >= length) return each_choice(x, which + 1, 0);
    for (int i = k; i < length; i++) {
        u8 kept = items[k];
        items[k] = items[i], items[i] = kept;
        int done = each_choice(x, which, k + 1);
        items[i] = items[k], items[k] = kept;
        if (done != 1) return done;
    }
    return 1;
}

/* _successors of one winner (state, row): 1, 0 out of budget, -1 out of memory. */
static int successors(Search *s, const State *st, int index, int row, Store *out) {
    Region regions[MAXN];
    u8 image[MAXN];
    const u8 *values = s->values[st->orientation] + row * s->n;
    Successors x;
    x.search = s, x.state = st, x.values = values, x.regions = regions, x.out = out;
    x.nregions = row_image(s, st, values, regions, image);
    advance(s, st, index, row, &x.next);
    x.next.nstacks = 0;
    for (int i = 0; i < st->nstacks; i++) {  /* _tied_stack_runs, and the stacks still blank */
        int stack = st->free_stacks[i], used = 0;
        for (int j = 0; j < x.nregions; j++) used |= regions[j].stack == stack;
        if (!used) x.next.free_stacks[x.next.nstacks++] = (u8)stack;
    }
    x.nties = 0;
    for (int start = 0; start < x.nregions && regions[start].stack >= 0;) {
        int end = start + 1;
        while (end < x.nregions && regions[end].stack >= 0 &&
               key_compare(&regions[end], &regions[start]) == 0)
            end++;
        if (end - start > 1) {
            x.tie_start[x.nties] = start;
            x.tie_length[x.nties] = end - start;
            for (int k = 0; k < end - start; k++) x.choice[x.nties][k] = (u8)(start + k);
            x.choice_length[x.nties++] = end - start;
        }
        start = end;
    }
    for (int i = 0; i < x.nregions; i++) {
        memcpy(x.choice[x.nties + i], regions[i].fresh, regions[i].nnew);
        x.choice_length[x.nties + i] = regions[i].nnew;
    }
    x.nchoices = x.nties + x.nregions;
    return each_choice(&x, 0, 0);
}

/* One output row: the least row over every state and row choice (into image), then the
   states its winners lead to (into next). 1, 0 out of budget, -1 out of memory. */
static int search_row(Search *s, const Store *states, int index, u8 *best, Store *next) {
    size_t *winners = NULL, nwinners = 0, room = 0;
    int have_best = 0, done = 1;
    State st;
    Region regions[MAXN];
    u8 rows[MAXN], image[MAXN];
    for (size_t i = 0; i < states->count && done == 1; i++) {
        unpack(states->bytes + states->start[i], s->n, &st);
        int count = row_choices(s, &st, index, rows);
        for (int j = 0; j < count; j++) {
            if (!spend(s)) { done = 0; break; }
            row_image(s, &st, s->values[st.orientation] + rows[j] * s->n, regions, image);
            int order = have_best ? memcmp(image, best, (size_t)s->n) : -1;
            if (order > 0) continue;
            if (order < 0) memcpy(best, image, (size_t)s->n), nwinners = 0, have_best = 1;
            if (nwinners == room) {
                room = room * 2 + 16;
                size_t *grown = PyMem_Realloc(winners, room * sizeof(size_t));
                if (!grown) { done = -1; break; }
                winners = grown;
            }
            winners[nwinners++] = i * MAXN + rows[j];
        }
    }
    for (size_t w = 0; w < nwinners && done == 1; w++) {
        size_t i = winners[w] / MAXN;
        unpack(states->bytes + states->start[i], s->n, &st);
        done = successors(s, &st, index, (int)(winners[w] % MAXN), next);
    }
    PyMem_Free(winners);
    return done;
}

/* _Search.least_image: 1 found, 0 out of budget, -1 out of memory. */
static int least_image(Search *s, u8 *image) {
    Store stores[2];
    int ok = store_init(&stores[0]) & store_init(&stores[1]), done = ok ? 1 : -1;
    for (int o = 0; o < s->orientations && done == 1; o++) {
        State start;
        memset(&start, 0, sizeof start);
        start.orientation = (u8)o;
        start.nbands = (u8)(s->n / s->r);
        for (int b = 0; b < start.nbands; b++) start.bands_left[b] = (u8)b;
        start.nstacks = (u8)(s->n / s->c);
        for (int k = 0; k < start.nstacks; k++) start.free_stacks[k] = (u8)k;
        u8 packed[PACKED];
        if (!store_add(&stores[0], packed, pack(&start, s->n, packed))) done = -1;
    }
    for (int index = 0; index < s->n && done == 1; index++) {
        Store *states = &stores[index % 2], *next = &stores[(index + 1) % 2];
        store_clear(next);
        done = search_row(s, states, index, image + index * s->n, next);
    }
    store_free(&stores[0]);
    store_free(&stores[1]);
    return done;
}

static int empty_rows(Search *s, int o) {
    for (int row = 0; row < s->n; row++) {
        s->empty_row[o][row] = 1;
        for (int j = 0; j < s->n; j++)
            if (s->values[o][row * s->n + j]) s->empty_row[o][row] = 0;
    }
    for (int band = 0; band < s->n / s->r; band++) {
        s->empty_band[o][band] = 1;
        for (int row = band * s->r; row < (band + 1) * s->r; row++)
            if (!s->empty_row[o][row]) s->empty_band[o][band] = 0;
    }
    return 1;
}

/* _check_distinct: 0 with the Python's ValueError if a symbol repeats in a row or column. */
static int check_distinct(const u8 *values, int n) {
    for (int what = 0; what < 2; what++)
        for (int line = 0; line < n; line++) {
            unsigned long seen = 0;
            for (int j = 0; j < n; j++) {
                u8 v = what ? values[j * n + line] : values[line * n + j];
                if (!v) continue;
                if (seen >> v & 1) {
                    PyErr_Format(PyExc_ValueError, "a symbol repeats in %s %d: not a puzzle",
                                 what ? "column" : "row", line + 1);
                    return 0;
                }
                seen |= 1UL << v;
            }
        }
    return 1;
}

static void transpose(const u8 *from, u8 *to, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) to[j * n + i] = from[i * n + j];
}

/* Reads the arguments into s, the grid turned as canonical_form turns it (boxes taller than
   wide transposed; square boxes searched both ways) into rows; 0 with a Python exception
   on bad ones. */
static int read_search(Search *s, PyObject *const *args, u8 rows[2][MAXN * MAXN]) {
    long r, c;
    int failed = 0;
    if (convert_int(args[0], 1, MAXN, &r, "box_rows") < 0 ||
        convert_int(args[1], 1, MAXN, &c, "box_cols") < 0)
        return 0;
    if (r * c > MAXN) {
        PyErr_SetString(PyExc_ValueError, "least_image: a board above 25x25");
        return 0;
    }
    s->r = (int)(r < c ? r : c), s->c = (int)(r < c ? c : r), s->n = (int)(r * c);
    Py_ssize_t cells = (Py_ssize_t)s->n * s->n;
    if (!PyBytes_Check(args[2]) || PyBytes_GET_SIZE(args[2]) != cells) {
        PyErr_SetString(PyExc_ValueError, "least_image: the cells must be n * n bytes");
        return 0;
    }
    const u8 *given = (const u8 *)PyBytes_AS_STRING(args[2]);
    for (Py_ssize_t i = 0; i < cells; i++)
        if (given[i] > s->n) {
            PyErr_SetString(PyExc_ValueError, "least_image: a value above n");
            return 0;
        }
    if (r > c) transpose(given, rows[0], s->n);
    else memcpy(rows[0], given, (size_t)cells);
    if (!check_distinct(rows[0], s->n)) return 0;
    s->orientations = r == c ? 2 : 1;
    if (r == c) transpose(rows[0], rows[1], s->n);
    for (int o = 0; o < s->orientations; o++) {
        s->values[o] = rows[o];
        empty_rows(s, o);
    }
    s->budget = convert_clamped(args[3], &failed);
    s->spent = 0;
    return !failed;
}

const char least_image_doc[] =
    "least_image(box_rows, box_cols, cells, budget)\n--\n\n"
    "core/board/transform.py's canonical search: the least image of a classic grid (its\n"
    "box, its cells as n * n bytes) as n * n bytes, or None when more than `budget`\n"
    "steps were needed; ValueError if a symbol repeats in a row or column.";

PyObject *least_image_call(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Search s;
    u8 rows[2][MAXN * MAXN];
    if (!check_arity(nargs, 4, "least_image") || !read_search(&s, args, rows)) return NULL;
    PyObject *image = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)s.n * s.n);
    if (!image) return NULL;
    int done = least_image(&s, (u8 *)PyBytes_AS_STRING(image));
    if (done == 1) return image;
    Py_DECREF(image);
    if (done < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}
