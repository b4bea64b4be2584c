/* Aligned pair and triplet exclusion in C: rating/exclusion.py's aligned_exclusions up to
   its first hint, the same cells in the same order and the same work units.

   RateBasics.exclusions(size, cell_digits, open_cells, left, weight) -> (found, units):
   found None or (eliminations, the cells' mask); units what the Python spends up to its
   first hint (a unit per 32 combinations of values looked at), stopping where weight *
   units passes `left` as the Python's budget does, the caller charging them in one lump. */

#include "ratebasics.h"

typedef struct {
    const BasicsObject *t;
    uint32_t cd[RB_CELLS];
    long long spent, left, weight;
    int out;
} Exclusion;

/* exclusion.py's _allowed: per cell, its candidates in some allowed combination. */
static void allowed_values(const Exclusion *x, const int *cells, int size, const uint32_t *locks,
                           int lock_count, uint32_t *allowed) {
    const BasicsObject *t = x->t;
    int see01 = s_has(t->peer[cells[0]], cells[1]);
    int see02 = size == 3 && s_has(t->peer[cells[0]], cells[2]);
    int see12 = size == 3 && s_has(t->peer[cells[1]], cells[2]);
    allowed[0] = allowed[1] = allowed[2] = 0;
    for (int a = 0; a < t->n; a++) {
        if (!(x->cd[cells[0]] >> a & 1)) continue;
        for (int b = 0; b < t->n; b++) {
            if (!(x->cd[cells[1]] >> b & 1) || (a == b && see01)) continue;
            uint32_t two = (uint32_t)1 << a | (uint32_t)1 << b;
            if (size == 2) {
                int locked = 0;
                for (int k = 0; k < lock_count && !locked; k++) locked = locks[k] == two;
                if (locked) continue;
                allowed[0] |= (uint32_t)1 << a;
                allowed[1] |= (uint32_t)1 << b;
                continue;
            }
            for (int c = 0; c < t->n; c++) {
                if (!(x->cd[cells[2]] >> c & 1) || (c == a && see02) || (c == b && see12))
                    continue;
                uint32_t taken = two | (uint32_t)1 << c;
                int locked = 0;
                for (int k = 0; k < lock_count && !locked; k++)
                    locked = (locks[k] & taken) == locks[k];
                if (locked) continue;
                allowed[0] |= (uint32_t)1 << a;
                allowed[1] |= (uint32_t)1 << b;
                allowed[2] |= (uint32_t)1 << c;
            }
        }
    }
}

/* One tail of the search: 1 with a hint in f, 0 without; the budget charged first. */
static int try_cells(Exclusion *x, const int *cells, int size, Set shared, Found *f) {
    const BasicsObject *t = x->t;
    long long combinations = 1;
    for (int i = 0; i < size; i++) combinations *= popcount64(x->cd[cells[i]]);
    x->spent += 1 + combinations / 32;
    if (x->spent > x->left / x->weight) {   /* weight * spent > left */
        x->out = 1;
        return 0;
    }
    uint32_t locks[RB_CELLS], allowed[3];
    int lock_count = 0;
    FOR_BITS(c, shared) locks[lock_count++] = x->cd[c];
    allowed_values(x, cells, size, locks, lock_count, allowed);
    f->elim_count = 0;
    f->c = (Set){{0, 0}};
    for (int i = 0; i < size; i++) {
        s_add(&f->c, cells[i]);
        uint32_t lose = x->cd[cells[i]] & ~allowed[i];
        for (int d = 0; d < t->n; d++)
            if (lose >> d & 1) add_elim(f, cells[i], d);
    }
    return f->elim_count > 0;
}

static int exclusions(Exclusion *x, int size, Set open, Found *f) {
    const BasicsObject *t = x->t;
    int base[RB_CELLS], count = 0, is_base[RB_CELLS] = {0}, pick[2];
    Set excluders[RB_CELLS];
    FOR_BITS(cell, open) {
        if (popcount64(x->cd[cell]) < 2) continue;
        int single = 0;
        Set mask = {{0, 0}};
        FOR_BITS(p, t->peer[cell]) {
            int k = popcount64(x->cd[p]);
            if (k == 1) single = 1;
            if (k >= 2 && k <= size) s_add(&mask, p);
        }
        if (single || !s_any(mask)) continue;
        base[count++] = cell;
        is_base[cell] = 1;
        excluders[cell] = mask;
    }
    if (count < size) return 0;
    for (int more = colex_first(pick, 2, count); more; more = colex_next(pick, 2, count)) {
        int first = base[pick[0]], second = base[pick[1]];
        Set common = s_and(excluders[first], excluders[second]);
        if (s_count(common) < 2) continue;
        int cells[3] = {first, second, -1};
        if (size == 2) {
            if (try_cells(x, cells, 2, common, f)) return 1;
            if (x->out) return 0;
            continue;
        }
        Set twin = s_or(excluders[first], excluders[second]);
        s_drop(&twin, first);
        s_drop(&twin, second);
        FOR_BITS(third, twin) {
            if (!is_base[third]) continue;
            Set shared = s_and(common, excluders[third]);
            if (s_count(shared) < 2) continue;
            cells[2] = third;
            if (try_cells(x, cells, 3, shared, f)) return 1;
            if (x->out) return 0;
        }
    }
    return 0;
}

PyObject *Basics_exclusions(BasicsObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!check_arity(nargs, 5, "exclusions")) return NULL;
    long size;
    static Exclusion x;
    static Found found;
    Set open;
    int digits[RB_CELLS], overflow = 0;
    if (convert_int(args[0], 2, 3, &size, "size") < 0 ||
        convert_ints(args[1], digits, self->cells, 0, ((long)1 << self->n) - 1,
                     "cell_digits") < 0 ||
        convert_mask(args[2], open.w, 2, self->cells, "open_cells") < 0)
        return NULL;
    x.t = self;
    for (int c = 0; c < self->cells; c++) x.cd[c] = (uint32_t)digits[c];
    x.spent = 0;
    x.out = 0;
    x.left = convert_clamped(args[3], &overflow);
    if (!overflow) x.weight = convert_clamped(args[4], &overflow);
    if (overflow || x.weight < 1 || x.left < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "exclusions: a bad budget");
        return NULL;
    }
    if (!exclusions(&x, (int)size, open, &found) || x.out)
        return Py_BuildValue("(OL)", Py_None, x.spent);
    PyObject *removed = PyTuple_New(found.elim_count);
    if (!removed) return NULL;
    for (int k = 0; k < found.elim_count; k++) {
        PyObject *pair = Py_BuildValue("(ii)", found.elims[2 * k], found.elims[2 * k + 1]);
        if (!pair) {
            Py_DECREF(removed);
            return NULL;
        }
        PyTuple_SET_ITEM(removed, k, pair);
    }
    return Py_BuildValue("((NN)L)", removed, mask_object(found.c.w, 2), x.spent);
}
