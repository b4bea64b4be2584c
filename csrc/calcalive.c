/* calcalive: the Calcudoku cage narrowing (core/calcudoku/solver.py's narrow_cages), on
   fillings read once: the search's (calcsearch.c) and calcudoku_narrow's (calcnarrow.c).

   A cage's narrowing keeps the fillings whose every value is still a candidate of its
   cell, and each cell only the values some kept filling puts there. Candidates only go
   as a search goes deeper, so a filling a node drops stays dropped in all its subtree:
   each cage keeps its fillings in one array, those still alive first, and each search
   level the count alive there. Narrowing swaps a dropped filling behind the alive ones
   (within its parent's alive part, which keeps the same fillings, in another order); a
   sibling starts again from the parent's count. What a cage keeps is the union of its
   alive fillings, whatever their order, so the narrowing is narrow_cages', cage for cage
   (cages share no cell: each reads only its own cells' candidates), and the search's nodes
   are the Python's. */

#include <string.h>

#include "calcalive.h"

struct CalcAlive {
    int n, w, cages, levels;
    int *cell_start;    /* cages + 1 offsets into cell */
    int *cell;          /* each cage's cells */
    int *fill_start;    /* cages + 1 offsets into fillings */
    uint64_t *fillings; /* each cage's, packed as cages.py's pack() packs them */
    int *alive;         /* levels * cages: how many of a cage's fillings are alive */
    word *mask;         /* cages * w: each cage's cells */
    int cw;             /* words per set of cages */
    word *cell_cages;   /* cells * cw: the cages each cell is in */
    word *taken;        /* cw: the cages a narrowing takes */
    word *needed;       /* w: their cells */
    uint64_t *digits;   /* cells: a needed cell's candidate digits */
};

/* The tables' words read in turn; *bad past their end. */
typedef struct {
    const unsigned char *bytes;
    Py_ssize_t words, at;
    int bad;
} Reader;

static uint64_t next_word(Reader *r) {
    if (r->at >= r->words) {
        r->bad = 1;
        return 0;
    }
    uint64_t x;
    memcpy(&x, r->bytes + 8 * r->at++, sizeof x);
    return x;
}

/* One pass over the tables' cages: checked against a board of n values and `on` cells,
   and with `a` not NULL, copied into it; the cells and fillings counted into *cells and
   *fillings. */
static void read_cages(Reader *r, int n, int on, uint64_t cages, CalcAlive *a,
                       Py_ssize_t *cells, Py_ssize_t *fillings) {
    *cells = *fillings = 0;
    for (uint64_t k = 0; k < cages && !r->bad; k++) {
        uint64_t size = next_word(r), count = next_word(r);
        if (r->bad || size < 1 || size * (uint64_t)n > 64 ||
            count > (uint64_t)(r->words - r->at) || count > (uint64_t)INT32_MAX) {
            r->bad = 1;
            return;
        }
        for (uint64_t i = 0; i < size; i++) {
            uint64_t cell = next_word(r);
            if (r->bad || cell >= (uint64_t)on) {
                r->bad = 1;
                return;
            }
            if (a) {
                a->cell[*cells] = (int)cell;
                a->mask[k * a->w + cell / 64] |= (word)1 << (cell % 64);
                a->cell_cages[cell * a->cw + k / 64] |= (word)1 << (k % 64);
            }
            ++*cells;
        }
        if (count > (uint64_t)(r->words - r->at)) {
            r->bad = 1;
            return;
        }
        if (a) memcpy(a->fillings + *fillings, r->bytes + 8 * r->at, 8 * count);
        r->at += (Py_ssize_t)count;
        *fillings += (Py_ssize_t)count;
        if (a) {
            a->cell_start[k + 1] = (int)*cells;
            a->fill_start[k + 1] = (int)*fillings;
        }
    }
}

/* Room for `cages` cages of `cells` cells and `fillings` fillings, zeroed; NULL for
   memory. */
static CalcAlive *alive_alloc(int n, int on, int cages, Py_ssize_t cells,
                              Py_ssize_t fillings, int levels) {
    CalcAlive *a = PyMem_Calloc(1, sizeof *a);
    if (!a) return NULL;
    int w = (on + 63) / 64;
    a->n = n;
    a->w = w;
    a->cages = cages;
    a->levels = levels;
    size_t ints = 2 * ((size_t)cages + 1) + (size_t)cells + (size_t)levels * cages;
    a->cell_start = PyMem_Calloc(ints, sizeof(int));
    a->cw = (cages + 63) / 64;
    size_t words = (size_t)fillings + ((size_t)cages + 1) * w + (size_t)on +
                   ((size_t)on + 1) * a->cw;
    a->fillings = PyMem_Calloc(words, sizeof(word));
    if (!a->cell_start || !a->fillings) {
        calc_alive_free(a);
        return NULL;
    }
    a->fill_start = a->cell_start + cages + 1;
    a->cell = a->fill_start + cages + 1;
    a->alive = a->cell + cells;
    a->mask = a->fillings + fillings;
    a->needed = a->mask + (size_t)cages * w;
    a->digits = a->needed + w;
    a->cell_cages = a->digits + on;
    a->taken = a->cell_cages + (size_t)on * a->cw;
    return a;
}

CalcAlive *calc_alive_new(const unsigned char *bytes, Py_ssize_t words, int n, int cells,
                          int levels, int *bad) {
    Reader r = {bytes, words, 0, 0};
    uint64_t tables_n = next_word(&r), tables_cells = next_word(&r), cages = next_word(&r);
    Py_ssize_t cell_count, filling_count;
    *bad = r.bad || tables_n != (uint64_t)n || tables_cells != (uint64_t)cells ||
           cages > (uint64_t)cells;
    if (*bad) return NULL;
    Py_ssize_t start = r.at;
    read_cages(&r, n, cells, cages, NULL, &cell_count, &filling_count);
    if ((*bad = r.bad) != 0) return NULL;
    CalcAlive *a = alive_alloc(n, cells, (int)cages, cell_count, filling_count, levels);
    if (!a) return NULL;
    r.at = start;
    read_cages(&r, n, cells, cages, a, &cell_count, &filling_count);
    return a;
}

void calc_alive_free(CalcAlive *a) {
    if (!a) return;
    PyMem_Free(a->cell_start);
    PyMem_Free(a->fillings);
    PyMem_Free(a);
}

void calc_alive_enter(CalcAlive *a, int level) {
    int *alive = a->alive + (size_t)level * a->cages;
    if (level > 0) {
        memcpy(alive, alive - a->cages, sizeof(int) * (size_t)a->cages);
        return;
    }
    for (int k = 0; k < a->cages; k++) alive[k] = a->fill_start[k + 1] - a->fill_start[k];
}

/* The candidates of cage k's cells, packed as its fillings are (n bits a cell), from
   each cell's candidate digits. */
static uint64_t cage_candidates(const CalcAlive *a, int k, const uint64_t *digits) {
    uint64_t wanted = 0;
    for (int i = 0, j = a->cell_start[k]; j < a->cell_start[k + 1]; i++, j++)
        wanted |= digits[a->cell[j]] << (i * a->n);
    return wanted;
}

/* Cage k's alive fillings (*alive of them) that fit `wanted` kept in front, the others
   swapped behind them; the union of the kept. */
static uint64_t keep_fitting(uint64_t *fillings, int *alive, uint64_t wanted) {
    uint64_t kept = 0, unwanted = ~wanted;
    int count = *alive;
    for (int j = 0; j < count;) {
        uint64_t filling = fillings[j];
        if (filling & unwanted) {
            fillings[j] = fillings[--count];
            fillings[count] = filling;
        } else {
            kept |= filling;
            j++;
        }
    }
    *alive = count;
    return kept;
}

/* One cage narrowed: -1 if no filling is left, else whether a candidate went. */
static int narrow_cage(CalcAlive *a, int k, int *alive, word *boards) {
    uint64_t wanted = cage_candidates(a, k, a->digits);
    uint64_t kept = keep_fitting(a->fillings + a->fill_start[k], alive, wanted);
    if (!kept) return -1;
    uint64_t gone = wanted & ~kept;
    for (uint64_t rest = gone; rest; rest &= rest - 1) {
        int bit = lowest_bit(rest), cell = a->cell[a->cell_start[k] + bit / a->n];
        boards[(size_t)(bit % a->n) * a->w + cell / 64] &= ~((word)1 << (cell % 64));
    }
    return gone != 0;
}

/* The cages with a cell in `touched` into a->taken, their cells into a->needed; whether
   there is any. */
static int take_cages(CalcAlive *a, const word *touched) {
    int w = a->w, cw = a->cw;
    memset(a->taken, 0, sizeof(word) * (size_t)cw);
    memset(a->needed, 0, sizeof(word) * (size_t)w);
    FOR_EACH_BIT(touched, w, cell) {
        const word *mine = a->cell_cages + (size_t)cell * cw;
        for (int i = 0; i < cw; i++) a->taken[i] |= mine[i];
    }
    int any = 0;
    FOR_EACH_BIT(a->taken, cw, k) {
        const word *mask = a->mask + (size_t)k * w;
        for (int i = 0; i < w; i++) a->needed[i] |= mask[i];
        any = 1;
    }
    return any;
}

/* solver.py's _cell_digits: each needed cell's candidate digits (a mask) into `digits`. */
static void cell_digits(const CalcAlive *a, const word *boards, const word *needed) {
    int w = a->w;
    FOR_EACH_BIT(needed, w, cell) a->digits[cell] = 0;
    for (int d = 0; d < a->n; d++) {
        for (int i = 0; i < w; i++) {
            for (word b = boards[(size_t)d * w + i] & needed[i]; b; b &= b - 1)
                a->digits[i * 64 + lowest_bit(b)] |= (uint64_t)1 << d;
        }
    }
}

int calc_alive_narrow(CalcAlive *a, int level, word *boards, const word *touched) {
    int *alive = a->alive + (size_t)level * a->cages, changed = 0;
    if (!take_cages(a, touched)) return 0;
    cell_digits(a, boards, a->needed);
    FOR_EACH_BIT(a->taken, a->cw, k) {
        int found = narrow_cage(a, k, alive + k, boards);
        if (found < 0) return -1;
        changed |= found;
    }
    return changed;
}

/* One cage narrowed on per-cell candidates: -1 if no filling is left, else whether a
   candidate went (what its cells keep in `keep`, those cells added to `changed`). */
static int narrow_cage_cells(CalcAlive *a, int k, int *alive, const uint16_t *cand,
                             uint16_t *keep, word *changed) {
    int first = a->cell_start[k], last = a->cell_start[k + 1], n = a->n;
    uint64_t wanted = 0;
    for (int i = 0, j = first; j < last; i++, j++) wanted |= (uint64_t)cand[a->cell[j]] << (i * n);
    uint64_t kept = keep_fitting(a->fillings + a->fill_start[k], alive, wanted);
    if (!kept) return -1;
    if (kept == wanted) return 0;
    uint64_t values = ((uint64_t)1 << n) - 1;
    for (int i = 0, j = first; j < last; i++, j++) {
        uint16_t mine = (uint16_t)(kept >> (i * n) & values);
        if (mine != cand[a->cell[j]]) {
            keep[a->cell[j]] = mine;
            set_add(changed, a->cell[j]);
        }
    }
    return 1;
}

int calc_alive_narrow_cells(CalcAlive *a, int level, const uint16_t *cand,
                            const word *touched, uint16_t *keep, word *changed) {
    int *alive = a->alive + (size_t)level * a->cages, any = 0;
    int cw = a->cw;
    memset(a->taken, 0, sizeof(word) * (size_t)cw);
    FOR_EACH_BIT(touched, a->w, cell) {
        const word *mine = a->cell_cages + (size_t)cell * cw;
        for (int i = 0; i < cw; i++) a->taken[i] |= mine[i];
    }
    FOR_EACH_BIT(a->taken, cw, k) {
        int found = narrow_cage_cells(a, k, alive + k, cand, keep, changed);
        if (found < 0) return -1;
        any |= found;
    }
    return any;
}

