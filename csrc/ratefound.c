/* What the SE rater's chains from a cell or a unit conclude, in C: rating/multiple.py's
   all_found for a technique without nested rules or with the simple rules only (9.0,
   nested from 10.5 up), static (Multiple Forcing Chains, 8.0,
   also nested from 10.0 up) or dynamic (Dynamic Forcing Chains, 8.5, also nested from
   10.5 up), with the Python's decisions.

   RatePropagator.chains_found(multiple, dynamic, rested_only, nested=False) -> (rows, work)
   (nested: the runs with the simple rules given by RatePropagator.nest): every cell
   of three candidates or more (two or more, dynamic) in order; for each of its
   candidates, its run from on; dynamic, the contradictions of its runs from on and from
   off and (three candidates or more) what both runs make on and off alike (double
   implications); each unit where it is its digit's first place (of two, or more with
   `multiple`) with the runs of every place there; then the cell's runs: what all the
   runs of a cell or a unit make on alike (a placement, when the cell has other
   candidates) and off alike (a removal), in the order the first run met them. A row is
   (complexity, kind, candidate, on, parents, key): the complexity (the targets'
   potentials, counted per target), the kind (7 a contradiction, 1 a double implication,
   5 a cell, 6 a unit), the conclusion (on: the candidate placed), the enclosing chain's
   struck candidates it rests on (a candidate set: those of its targets' ancestors and
   the cell's or the unit's own, SE's rule parents) and the targets' ancestors as bytes
   (equal exactly when the Python's key is). With rested_only, only rows with parents.
   `work` is the potentials the distinct runs processed, which the Python charges one run
   at a time: the caller charges it. */

#include <limits.h>
#include <stdlib.h>

#include "ratechains.h"

typedef struct {
    int on_at, ons, off_at, offs; /* the run's potentials in the arena, on then off */
    int conflict_at;              /* its contradiction's two (on's, off's), or -1 */
    size_t sets_at;               /* its on and off candidate sets, in arena->sets */
} Stored;

typedef struct {
    PropagatorObject *p;
    const TablesObject *t;
    Arena *a;
    int n, cw, aw, low_bits, dynamic, nested;
    size_t pots, sets, slots;     /* potentials stored, sets stored, ancestors slots used */
    long long work;
    Stored *stored;
} Search;

static int grow(void **buffer, size_t *room, size_t need, size_t size) {
    if (need <= *room) return 0;
    size_t more = *room ? *room : 1024;
    while (more < need) more *= 2;
    void *bigger = PyMem_Realloc(*buffer, more * size);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = bigger;
    *room = more;
    return 0;
}

void arena_free(Arena *a) {
    PyMem_Free(a->pot);
    PyMem_Free(a->anc);
    PyMem_Free(a->sets);
    PyMem_Free(a->stored);
    PyMem_Free(a->row);
    PyMem_Free(a->rows);
    memset(a, 0, sizeof *a);
}

/* Bits of an ancestors set below `bits` (the potentials, not the rule parents). */
static int low_count(const word *anc, int bits) {
    int whole = bits / 64, count = 0;
    for (int i = 0; i < whole; i++) count += popcount64(anc[i]);
    if (bits % 64) count += popcount64(anc[whole] & (((word)1 << (bits % 64)) - 1));
    return count;
}

/* Into `to` (cw words), the bits from `from` of an ancestors set of aw words: the
   enclosing chain's struck candidates it rests on (bits 2C + candidate). */
static void or_parents(word *to, const word *anc, int from, int cands, int cw, int aw) {
    for (int i = 0; i < cw; i++) {
        int bit = from + 64 * i, at = bit / 64, shift = bit % 64;
        word value = anc[at] >> shift;
        if (shift && at + 1 < aw) value |= anc[at + 1] << (64 - shift);
        if (i == cw - 1 && cands % 64) value &= ((word)1 << (cands % 64)) - 1;
        to[i] |= value;
    }
}

/* A stored potential's ancestors (aw words). */
static const word *pot_anc(const Search *s, int k) {
    return s->a->anc + (size_t)s->a->pot[2 * k + 1] * s->aw;
}

/* A stored potential: its candidate and its ancestors' slot in the arena. */
static void store_potential(Search *s, int q, size_t slot) {
    Arena *a = s->a;
    a->pot[2 * s->pots] = q;
    a->pot[2 * s->pots + 1] = (int)slot;
    s->pots++;
}

/* The run from `cand` on (or off), stored once (SE's cache of runs: charged once). The
   propagation writes its ancestors slots straight into the arena (the propagator's own
   slots are set aside meanwhile), so that they are kept without a copy. */
static int store_run(Search *s, int cand, int on) {
    Stored *here = &s->stored[2 * cand + on];
    if (here->ons >= 0) return 0;
    PropagatorObject *p = s->p;
    Arena *a = s->a;
    size_t room = 2 * (size_t)s->t->cands + 2;   /* a run's slots at most, as p->anc */
    if (s->slots + room > (size_t)INT_MAX) {
        PyErr_SetString(PyExc_MemoryError, "chains_found: too many potentials");
        return -1;
    }
    if (grow((void **)&a->anc, &a->anc_room, (s->slots + room) * s->aw, sizeof(word)) < 0)
        return -1;
    Run r;
    word *own = p->anc;
    p->anc = a->anc + s->slots * s->aw;
    long long work = rate_propagate(p, cand, on, 1, s->dynamic, s->nested, &r);
    p->anc = own;
    if (work < 0) return -1;
    s->work += work;
    size_t need = s->pots + (size_t)r.ons + (size_t)r.offs + 2, base = s->slots;
    if (grow((void **)&a->pot, &a->pot_room, 2 * need, sizeof(int)) < 0 ||
        grow((void **)&a->sets, &a->sets_room, s->sets + 2 * (size_t)s->cw, sizeof(word)) < 0)
        return -1;
    here->sets_at = s->sets;
    word *on_set = a->sets + s->sets, *off_set = on_set + s->cw;
    s->sets += 2 * (size_t)s->cw;
    set_clear(on_set, 2 * s->cw);
    for (int side = 0; side < 2; side++) {
        const int *order = side ? p->off_order : p->on_order;
        const int *slot = side ? p->off_slot : p->on_slot;
        int count = side ? r.offs : r.ons;
        if (side) here->off_at = (int)s->pots; else here->on_at = (int)s->pots;
        for (int k = 0; k < count; k++) {
            int q = order[k];
            store_potential(s, q, base + (size_t)slot[q]);
            set_add(side ? off_set : on_set, q);
        }
    }
    s->slots += (size_t)r.slots;
    here->conflict_at = -1;
    if (r.conflicted) {   /* its two scratch slots, moved down to follow the run's */
        word *to = a->anc + s->slots * s->aw;
        memmove(to, r.conflict_on, sizeof(word) * (size_t)s->aw);
        memmove(to + s->aw, r.conflict_off, sizeof(word) * (size_t)s->aw);
        here->conflict_at = (int)s->pots;
        store_potential(s, -1, s->slots);
        store_potential(s, -1, s->slots + 1);
        s->slots += 2;
    }
    here->ons = r.ons;
    here->offs = r.offs;
    return 0;
}

/* One row: (complexity, kind, candidate, on, parents, key) over the rows' targets. */
static PyObject *found_row(const Search *s, const int *targets, int m, int kind, int q,
                           int on, const word *parents) {
    int complexity = 0;
    for (int j = 0; j < m; j++) complexity += low_count(pot_anc(s, targets[j]), s->low_bits);
    PyObject *key = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)m * s->aw * (Py_ssize_t)sizeof(word));
    if (!key) return NULL;
    char *bytes = PyBytes_AS_STRING(key);
    for (int j = 0; j < m; j++)
        memcpy(bytes + (size_t)j * s->aw * sizeof(word), pot_anc(s, targets[j]),
               (size_t)s->aw * sizeof(word));
    PyObject *rests = mask_object(parents, s->cw);
    if (!rests) {
        Py_DECREF(key);
        return NULL;
    }
    return Py_BuildValue("(iiiONN)", complexity, kind, q, on ? Py_True : Py_False, rests, key);
}

/* multiple.py's _reductions over the runs of `cands` (m of them): what they all make on
   (with other candidates in its cell), then off, in the first run's order. */
static int reduce(Search *s, const int *cands, int m, int kind, const word *source,
                  int rested_only, PyObject *out) {
    Arena *a = s->a;
    PropagatorObject *p = s->p;
    int cw = s->cw, n = s->n;
    word common[MAX_CHAIN_CANDIDATES / 64], parents[MAX_CHAIN_CANDIDATES / 64];
    for (int on = 1; on >= 0; on--) {
        const Stored *first = &s->stored[2 * cands[0] + 1];
        set_copy(common, a->sets + first->sets_at + (on ? 0 : cw), cw);
        for (int j = 1; j < m; j++) {
            const word *other = a->sets + s->stored[2 * cands[j] + 1].sets_at + (on ? 0 : cw);
            for (int i = 0; i < cw; i++) common[i] &= other[i];
        }
        if (set_is_empty(common, cw)) continue;
        int at = on ? first->on_at : first->off_at, count = on ? first->ons : first->offs;
        int rows = 0;
        if (grow((void **)&a->rows, &a->rows_room, (size_t)count * m, sizeof(int)) < 0) return -1;
        for (int k = at; k < at + count; k++) {
            int q = a->pot[2 * k];
            if (!set_has(common, q)) continue;
            if (on && !(p->cell_digits[q / n] & ~((uint32_t)1 << (q % n)))) continue;
            a->row[q] = rows;
            a->rows[(size_t)rows * m] = k;
            rows++;
        }
        for (int j = 1; j < m && rows; j++) {
            const Stored *run = &s->stored[2 * cands[j] + 1];
            int from = on ? run->on_at : run->off_at, many = on ? run->ons : run->offs;
            for (int k = from; k < from + many; k++) {
                int q = a->pot[2 * k];
                if (set_has(common, q) && a->row[q] >= 0) a->rows[(size_t)a->row[q] * m + j] = k;
            }
        }
        int failed = 0;
        for (int row = 0; row < rows; row++) {
            const int *targets = a->rows + (size_t)row * m;
            a->row[a->pot[2 * targets[0]]] = -1;
            if (failed) continue;
            set_copy(parents, source, cw);
            if (p->outer)
                for (int j = 0; j < m; j++)
                    or_parents(parents, pot_anc(s, targets[j]), s->low_bits,
                               s->t->cands, cw, s->aw);
            if (rested_only && set_is_empty(parents, cw)) continue;
            PyObject *found = found_row(s, targets, m, kind, a->pot[2 * targets[0]], on, parents);
            failed = !found || PyList_Append(out, found) < 0;
            Py_XDECREF(found);
        }
        if (failed) return -1;
    }
    return 0;
}

/* A row of `m` targets put out, unless rested_only and it rests on no struck candidate. */
static int put_row(Search *s, const int *targets, int m, int kind, int q, int on,
                   int rested_only, PyObject *out) {
    word parents[MAX_CHAIN_CANDIDATES / 64] = {0};
    if (s->p->outer)
        for (int j = 0; j < m; j++)
            or_parents(parents, pot_anc(s, targets[j]), s->low_bits,
                       s->t->cands, s->cw, s->aw);
    if (rested_only && set_is_empty(parents, s->cw)) return 0;
    PyObject *found = found_row(s, targets, m, kind, q, on, parents);
    int failed = !found || PyList_Append(out, found) < 0;
    Py_XDECREF(found);
    return failed ? -1 : 0;
}

/* multiple.py's _binary of candidate `cand` of a cell of `count`: the contradictions of
   its runs from on (it goes) and off (it is placed), then, from three candidates, what
   both runs make on (a placement, when the cell has others) and off alike. */
static int binary(Search *s, int cand, int count, int rested_only, PyObject *out) {
    if (store_run(s, cand, 0) < 0) return -1;
    Arena *a = s->a;
    const Stored *on_run = &s->stored[2 * cand + 1], *off_run = &s->stored[2 * cand];
    int targets[2], n = s->n;
    if (on_run->conflict_at >= 0) {
        targets[0] = on_run->conflict_at;
        targets[1] = on_run->conflict_at + 1;
        if (put_row(s, targets, 2, 7, cand, 0, rested_only, out) < 0) return -1;
    }
    if (off_run->conflict_at >= 0) {
        targets[0] = off_run->conflict_at;
        targets[1] = off_run->conflict_at + 1;
        if (put_row(s, targets, 2, 7, cand, 1, rested_only, out) < 0) return -1;
    }
    if (count < 3) return 0;
    for (int on = 1; on >= 0; on--) {
        int from = on ? off_run->on_at : off_run->off_at, many = on ? off_run->ons : off_run->offs;
        for (int k = from; k < from + many; k++) a->row[a->pot[2 * k]] = k;
        int at = on ? on_run->on_at : on_run->off_at, mine = on ? on_run->ons : on_run->offs;
        int failed = 0;
        for (int k = at; k < at + mine && !failed; k++) {
            int q = a->pot[2 * k];
            if (a->row[q] < 0) continue;
            if (on && !(s->p->cell_digits[q / n] & ~((uint32_t)1 << (q % n)))) continue;
            targets[0] = k;
            targets[1] = a->row[q];
            failed = put_row(s, targets, 2, 1, q, on, rested_only, out) < 0;
        }
        for (int k = from; k < from + many; k++) a->row[a->pot[2 * k]] = -1;
        if (failed) return -1;
    }
    return 0;
}

/* The enclosing chain's struck candidates of a cell, or of digit d's places in unit u. */
static void cell_source(const Search *s, word *to, int cell) {
    set_clear(to, s->cw);
    if (!s->p->outer) return;
    for (int d = 0; d < s->n; d++)
        if (set_has(s->p->gone, cell * s->n + d)) set_add(to, cell * s->n + d);
}

static void unit_source(const Search *s, word *to, const Span *unit, int d) {
    set_clear(to, s->cw);
    if (!s->p->outer) return;
    for (int i = unit->lo; i < unit->hi; i++)
        for (word x = unit->bits[i]; x; x &= x - 1) {
            int c = i * 64 + lowest_bit(x);
            if (set_has(s->p->gone, c * s->n + d)) set_add(to, c * s->n + d);
        }
}

/* multiple.py's _region_chains of candidate (cell, d): its units where the cell is the
   digit's first place, of two (or more, `multiple`). */
static int region_chains(Search *s, int cell, int d, int multiple, int rested_only,
                         PyObject *out) {
    const TablesObject *t = s->t;
    const Board *b = rate_board(t);
    const word *places = s->p->digit_cells + (size_t)d * b->w;
    word source[MAX_CHAIN_CANDIDATES / 64];
    int cands[64];
    for (int k = t->unit_start[cell]; k < t->unit_start[cell + 1]; k++) {
        const Span *unit = &b->unit[t->unit[k]];
        int m = 0, first = -1;
        for (int i = unit->lo; i < unit->hi; i++)
            for (word x = places[i] & unit->bits[i]; x; x &= x - 1) {
                int c = i * 64 + lowest_bit(x);
                if (first < 0) first = c;
                if (m < 64) cands[m] = c * s->n + d;
                m++;
            }
        if (!(m == 2 || (multiple && m > 2)) || first != cell || m > 64) continue;
        for (int j = 0; j < m; j++)
            if (store_run(s, cands[j], 1) < 0) return -1;
        unit_source(s, source, unit, d);
        if (reduce(s, cands, m, 6, source, rested_only, out) < 0) return -1;
    }
    return 0;
}

PyObject *Propagator_chains_found(PropagatorObject *self, PyObject *const *args,
                                  Py_ssize_t nargs) {
    if (nargs != 3 && !check_arity(nargs, 4, "chains_found")) return NULL;
    if (!self->tables) return PyErr_Format(PyExc_ValueError, "RatePropagator was not initialised");
    int multiple = PyObject_IsTrue(args[0]), dynamic = PyObject_IsTrue(args[1]),
        rested_only = PyObject_IsTrue(args[2]), nested = nargs > 3 ? PyObject_IsTrue(args[3]) : 0;
    if (multiple < 0 || dynamic < 0 || rested_only < 0 || nested < 0) return NULL;
    TablesObject *t = self->tables;
    Arena *a = &t->arena;
    Search s = {self, t, a, t->n, self->cw, self->aw, 2 * t->cands, dynamic, nested, 0, 0, 0, 0,
                NULL};
    if (grow(&a->stored, &a->stored_room, 2 * (size_t)t->cands, sizeof(Stored)) < 0 ||
        grow((void **)&a->row, &a->row_room, (size_t)t->cands, sizeof(int)) < 0)
        return NULL;
    s.stored = a->stored;
    for (int k = 0; k < t->cands; k++) {
        s.stored[2 * k].ons = s.stored[2 * k + 1].ons = -1;
        a->row[k] = -1;
    }
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    word source[MAX_CHAIN_CANDIDATES / 64];
    int cands[32], n = t->n;
    for (int cell = 0; cell < t->cells; cell++) {
        uint32_t digits = self->cell_digits[cell];
        int count = popcount64(digits), m = 0;
        if (count < 2 || (!dynamic && count < 3)) continue;
        for (int d = 0; d < n; d++) {
            if (!(digits >> d & 1)) continue;
            cands[m++] = cell * n + d;
            if (store_run(&s, cell * n + d, 1) < 0 ||
                (dynamic && binary(&s, cell * n + d, count, rested_only, out) < 0) ||
                region_chains(&s, cell, d, multiple, rested_only, out) < 0)
                goto failed;
        }
        if (count == 2 || (multiple && count > 2)) {
            cell_source(&s, source, cell);
            if (reduce(&s, cands, m, 5, source, rested_only, out) < 0) goto failed;
        }
    }
    return Py_BuildValue("(NL)", out, s.work);
failed:
    Py_DECREF(out);
    return NULL;
}
