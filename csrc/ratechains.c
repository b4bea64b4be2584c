/* The SE rater's chain propagation in C: rating/implications.py's Propagator.propagate for
   the modes without nested rules (static and dynamic chains, Nishio's, and those searched
   inside an enclosing chain), with the Python's decisions: the same potentials met in the
   same order with the same ancestors, the same contradiction, the same work.

   RateTables(board, peer_order, cell_chain_units): a board's chain tables, once per shape.
   RatePropagator(tables, cell_digits, digit_cells, outer_cells, outer_digits): one grid
   state's propagations; outer_* is the enclosing chain's starting grid (None at the top),
   whose candidates gone from this state are the "rule parents" a link records (bit 2C +
   candidate, C candidates in all). run(cand, on, cell_links, dynamic) -> (on, off,
   conflict, work): the dicts of potentials made on and off (candidate -> ancestors, bits
   2 * candidate + on, in the order met), the contradiction's (on's, off's) ancestors or
   None, and the work units (potentials processed) the caller charges.

   nest(rules, rule_numbers, open_cells, values) gives the propagator the simple rules SE
   nests in dynamic chains (a RateRules, ratesimple.c, and the rules' numbers in the order
   tried; the state's open cells and values, which they read); run(..., nested=True) then
   is Propagator.propagate with those rules (SimpleRule): where the links run out, the
   removals of the first rule with hints resting on candidates the run struck join the
   offs, each with the struck candidates' ancestors, and each such try charges the work so
   far and 20 more, as _nested_offs does. */

#include <stdlib.h>

#include "ratechains.h"

static void Tables_dealloc(TablesObject *self) {
    Py_CLEAR(self->board);
    PyMem_Free(self->peer_start);
    PyMem_Free(self->peer);
    PyMem_Free(self->unit_start);
    PyMem_Free(self->unit);
    arena_free(&self->arena);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Tables_init(TablesObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"board", "peer_order", "cell_chain_units", NULL};
    PyObject *board, *peers, *units;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OO:RateTables", keywords, &BoardType,
                                     &board, &peers, &units))
        return -1;
    const Board *b = &((BoardObject *)board)->board;
    if (!b->storage || b->n > 30 || b->n * b->cells > MAX_CHAIN_CANDIDATES) {
        PyErr_SetString(PyExc_ValueError, "RateTables takes a board of up to 30 digits and "
                                          "4096 candidates");
        return -1;
    }
    int peer_lists, unit_lists;
    if (convert_lists(peers, b->cells, &self->peer, &self->peer_start, &peer_lists,
                      "peer_order") < 0 ||
        convert_lists(units, b->units, &self->unit, &self->unit_start, &unit_lists,
                      "cell_chain_units") < 0)
        return -1;
    if (peer_lists != b->cells || unit_lists != b->cells) {
        PyErr_SetString(PyExc_ValueError, "peer_order and cell_chain_units need one entry "
                                          "per cell");
        return -1;
    }
    Py_INCREF(board);
    Py_XSETREF(self->board, board);
    self->n = b->n;
    self->cells = b->cells;
    self->cands = b->n * b->cells;
    return 0;
}

static const Board *board_of(const TablesObject *t) {
    return rate_board(t);
}

static void Propagator_dealloc(PropagatorObject *self) {
    Py_CLEAR(self->tables);
    PyMem_Free(self->cell_digits);
    PyMem_Free(self->digit_cells);
    PyMem_Free(self->on_slot);
    PyMem_Free(self->anc);
    PyMem_Free(self->found_bits);
    PyMem_Free(self->open);
    PyMem_Free(self->hints.items);
    Py_CLEAR(self->rules);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* cell_digits and digit_cells of a state into the arrays given. */
static int read_state(const TablesObject *t, PyObject *cells, PyObject *digits, uint32_t *out_cells,
                      word *out_digits) {
    const Board *b = board_of(t);
    PyObject *items = PySequence_Fast(cells, "cell_digits");
    if (!items) return -1;
    int failed = PySequence_Fast_GET_SIZE(items) != t->cells;
    for (int c = 0; c < t->cells && !failed; c++) {
        long value;
        failed = convert_int(PySequence_Fast_GET_ITEM(items, c), 0, (1L << t->n) - 1, &value,
                             "a cell's digits") < 0;
        out_cells[c] = (uint32_t)value;
    }
    Py_DECREF(items);
    if (failed) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "cell_digits needs a set per cell");
        return -1;
    }
    return convert_masks(digits, out_digits, t->n, b->w, t->cells, "digit_cells") < 0 ? -1 : 0;
}

static int Propagator_init(PropagatorObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"tables", "cell_digits", "digit_cells", "outer_cells",
                               "outer_digits", NULL};
    PyObject *tables, *cells, *digits, *outer_cells, *outer_digits;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOOO:RatePropagator", keywords,
                                     &RateTablesType, &tables, &cells, &digits, &outer_cells,
                                     &outer_digits))
        return -1;
    TablesObject *t = (TablesObject *)tables;
    if (!t->board) {
        PyErr_SetString(PyExc_ValueError, "RateTables was not initialised");
        return -1;
    }
    if (self->tables) return PyErr_SetString(PyExc_ValueError, "RatePropagator is made once"), -1;
    const Board *b = board_of(t);
    int w = b->w, n = t->n;
    self->cw = (t->cands + 63) / 64;
    self->outer = outer_cells != Py_None;
    self->aw = ((self->outer ? 3 : 2) * t->cands + 63) / 64;
    size_t cells_room = 2 * (size_t)t->cells, digits_room = 2 * (size_t)n * w;
    self->cell_digits = PyMem_Malloc(sizeof(uint32_t) * (cells_room + (size_t)t->cells));
    self->digit_cells = PyMem_Calloc(digits_room + (size_t)n * w + (size_t)self->cw, sizeof(word));
    self->on_slot = PyMem_Malloc(sizeof(int) * 4 * (size_t)t->cands);
    self->anc = PyMem_Malloc(sizeof(word) * (2 * (size_t)t->cands + 2) * self->aw);
    self->found_bits = PyMem_Malloc(sizeof(word) * 64 * (size_t)self->aw);
    if (!self->cell_digits || !self->digit_cells || !self->on_slot || !self->anc ||
        !self->found_bits) {
        PyErr_NoMemory();
        return -1;
    }
    self->grid_cells = self->cell_digits + t->cells;
    self->grid_digits = self->digit_cells + (size_t)n * w;
    self->gone = self->digit_cells + digits_room;
    self->off_slot = self->on_slot + t->cands;
    self->on_order = self->off_slot + t->cands;
    self->off_order = self->on_order + t->cands;
    Py_INCREF(tables);
    self->tables = t;
    if (read_state(t, cells, digits, self->cell_digits, self->digit_cells) < 0) return -1;
    if (!self->outer) return 0;
    /* the outer grid's candidates gone here; outer_digits gives the units' (SE's hidden
       single cause), outer_cells the cells' (its naked single cause): kept apart */
    uint32_t *outer = self->grid_cells + t->cells;
    word *outer_places = self->grid_digits;
    if (read_state(t, outer_cells, outer_digits, outer, outer_places) < 0) return -1;
    for (int c = 0; c < t->cells; c++)
        for (int d = 0; d < n; d++)
            if (outer[c] >> d & 1 && !(self->cell_digits[c] >> d & 1))
                set_add(self->gone, c * n + d);
    /* the cells' and the digits' views of a state agree (Candidates keeps them in step):
       one set of gone candidates serves both causes; checked */
    for (int d = 0; d < n; d++)
        for (int i = 0; i < w; i++) {
            word lost = outer_places[(size_t)d * w + i] & ~self->digit_cells[(size_t)d * w + i];
            for (; lost; lost &= lost - 1) {
                int c = i * 64 + lowest_bit(lost);
                if (!set_has(self->gone, c * n + d)) {
                    PyErr_SetString(PyExc_ValueError, "outer_cells and outer_digits disagree");
                    return -1;
                }
            }
        }
    return 0;
}

/* _add_off: q off with `parent`'s ancestors; 1 on a contradiction (q is on). */
static int add_off(Run *r, int q, const word *parent) {
    PropagatorObject *p = r->p;
    if (p->on_slot[q] >= 0) {
        set_copy(r->conflict_off, parent, p->aw);
        set_add(r->conflict_off, 2 * q);
        set_copy(r->conflict_on, slot_bits(r, p->on_slot[q]), p->aw);
        return 1;
    }
    if (p->off_slot[q] >= 0) return 0;
    int slot = r->slots++;
    word *bits = slot_bits(r, slot);
    set_copy(bits, parent, p->aw);
    set_add(bits, 2 * q);
    p->off_slot[q] = slot;
    p->off_order[r->offs++] = q;
    return 0;
}

/* _on_to_off: the offs candidate `cand` on implies. */
static int on_to_off(Run *r, int cand, int cell_links) {
    int n = r->t->n, cell = cand / n, d = cand % n, w = r->b->w;
    const word *anc = slot_bits(r, r->p->on_slot[cand]);
    if (cell_links)
        for (int e = 0; e < n; e++)
            if (e != d && r->cells[cell] >> e & 1 && add_off(r, cell * n + e, anc)) return 1;
    const word *places = r->digits + (size_t)d * w;
    for (int k = r->t->peer_start[cell]; k < r->t->peer_start[cell + 1]; k++) {
        int other = r->t->peer[k];
        if (set_has(places, other) && add_off(r, other * n + d, anc)) return 1;
    }
    return 0;
}

/* The enclosing chain's struck candidates of `cell` (on cell) or of digit d in unit u. */
static void or_outer_cell(const Run *r, word *bits, int cell) {
    int n = r->t->n, base = 2 * r->t->cands;
    for (int d = 0; d < n; d++)
        if (set_has(r->p->gone, cell * n + d)) set_add(bits, base + cell * n + d);
}

static void or_outer_unit(const Run *r, word *bits, int u, int d) {
    int n = r->t->n, base = 2 * r->t->cands;
    const Span *unit = &r->b->unit[u];
    for (int i = unit->lo; i < unit->hi; i++)
        for (word x = unit->bits[i]; x; x &= x - 1) {
            int c = i * 64 + lowest_bit(x);
            if (set_has(r->p->gone, c * n + d)) set_add(bits, base + c * n + d);
        }
}

static void or_slot(const Run *r, word *bits, int slot) {
    const word *from = slot_bits(r, slot);
    for (int i = 0; i < r->p->aw; i++) bits[i] |= from[i];
}

/* _off_to_on: the ons candidate `cand` off implies; a dynamic run then strikes it. */
static int off_to_on(Run *r, int cand, int cell_links, int dynamic, word *found_bits) {
    PropagatorObject *p = r->p;
    int n = r->t->n, cell = cand / n, d = cand % n, w = r->b->w, aw = p->aw, count = 0;
    int found[64];
    const word *anc = slot_bits(r, p->off_slot[cand]);
    if (cell_links) {
        uint32_t digits = r->cells[cell];
        if (popcount64(digits) == 2) {
            uint32_t rest = digits & ~((uint32_t)1 << d);
            int other = n - 1;
            while (other > 0 && !(rest >> other & 1)) other--;   /* the Python's bit_length */
            word *bits = found_bits + (size_t)count * aw;
            set_copy(bits, anc, aw);
            if (dynamic)
                for (int v = 0; v < n; v++)
                    if (p->cell_digits[cell] >> v & 1 && !(digits >> v & 1) &&
                        p->off_slot[cell * n + v] >= 0)
                        or_slot(r, bits, p->off_slot[cell * n + v]);
            if (p->outer) or_outer_cell(r, bits, cell);
            found[count++] = cell * n + other;
        }
    }
    const word *places = r->digits + (size_t)d * w, *start = p->digit_cells + (size_t)d * w;
    for (int k = r->t->unit_start[cell]; k < r->t->unit_start[cell + 1] && count < 64; k++) {
        int u = r->t->unit[k], other = -1, many = 0;
        const Span *unit = &r->b->unit[u];
        for (int i = unit->lo; i < unit->hi && many < 2; i++) {
            word x = places[i] & unit->bits[i];
            if (i == cell / 64) x &= ~((word)1 << (cell % 64));
            for (; x && many < 2; x &= x - 1) {
                other = i * 64 + lowest_bit(x);
                many++;
            }
        }
        if (many != 1) continue;
        word *bits = found_bits + (size_t)count * aw;
        set_copy(bits, anc, aw);
        if (dynamic)
            for (int i = unit->lo; i < unit->hi; i++)
                for (word x = start[i] & unit->bits[i] & ~places[i]; x; x &= x - 1) {
                    int c = i * 64 + lowest_bit(x);
                    if (p->off_slot[c * n + d] >= 0) or_slot(r, bits, p->off_slot[c * n + d]);
                }
        if (p->outer) or_outer_unit(r, bits, u, d);
        found[count++] = other * n + d;
    }
    if (dynamic) {
        r->cells[cell] &= ~((uint32_t)1 << d);
        set_remove(r->digits + (size_t)d * w, cell);
    }
    for (int k = 0; k < count; k++) {
        int q = found[k];
        word *bits = found_bits + (size_t)k * aw;
        set_add(bits, 2 * q + 1);
        if (p->off_slot[q] >= 0) {
            set_copy(r->conflict_on, bits, aw);
            set_copy(r->conflict_off, slot_bits(r, p->off_slot[q]), aw);
            return 1;
        }
        if (p->on_slot[q] >= 0) continue;
        int slot = r->slots++;
        set_copy(slot_bits(r, slot), bits, aw);
        p->on_slot[q] = slot;
        p->on_order[r->ons++] = q;
    }
    return 0;
}

/* _nested_offs with SimpleRules: the first rule's hints resting on candidates the run
   struck, their removals made off (unless off already) with the struck candidates' offs'
   ancestors and their own bit; 1 if an off was added, 0 if not, -1 on an error. */
static int nested_offs(Run *r) {
    PropagatorObject *p = r->p;
    int aw = p->aw, added = 0;
    word *parents = p->found_bits;
    for (int k = 0; k < p->rule_count; k++) {
        p->hints.len = 0;
        p->hints.count = 0;
        if (rate_rules_find(p->rules, p->rule_ids[k], r->cells, r->digits, p->digit_cells,
                            p->open, p->values_placed, &p->hints) < 0)
            return -1;
        if (!p->hints.count) continue;
        const int *at = p->hints.items;
        for (int h = 0; h < p->hints.count; h++) {
            int struck = *at++;
            set_clear(parents, aw);
            for (int j = 0; j < struck; j++)
                if (p->off_slot[at[j]] >= 0) or_slot(r, parents, p->off_slot[at[j]]);
            at += struck;
            int removals = *at++;
            for (int j = 0; j < removals; j++) {
                int q = at[j];
                if (p->off_slot[q] >= 0) continue;
                int slot = r->slots++;
                word *bits = slot_bits(r, slot);
                set_copy(bits, parents, aw);
                set_add(bits, 2 * q);
                p->off_slot[q] = slot;
                p->off_order[r->offs++] = q;
                added = 1;
            }
            at += removals;
        }
        break;
    }
    return added;
}

/* A dict of candidate -> ancestors over `order`. */
static PyObject *potentials(const Run *r, const int *order, int count, const int *slots) {
    PyObject *dict = PyDict_New();
    for (int k = 0; dict && k < count; k++) {
        PyObject *key = PyLong_FromLong(order[k]);
        PyObject *value = key ? mask_object(slot_bits(r, slots[order[k]]), r->p->aw) : NULL;
        if (!value || PyDict_SetItem(dict, key, value) < 0) Py_CLEAR(dict);
        Py_XDECREF(key);
        Py_XDECREF(value);
    }
    return dict;
}

long long rate_propagate(PropagatorObject *self, int cand, int on, int cell_links, int dynamic,
                         int nested, Run *out) {
    const TablesObject *t = self->tables;
    int aw = self->aw, w = board_of(t)->w;
    word *found_bits = self->found_bits;
    Run r = {self, t, board_of(t), self->cell_digits, self->digit_cells, 0, 0, 0, 0, 0,
             NULL, NULL, 0};
    if (dynamic) {
        memcpy(self->grid_cells, self->cell_digits, sizeof(uint32_t) * (size_t)t->cells);
        set_copy(self->grid_digits, self->digit_cells, t->n * w);
        r.cells = self->grid_cells;
        r.digits = self->grid_digits;
    }
    /* every slot -1 (off_slot follows on_slot): one memset, a hot spot as a loop */
    memset(self->on_slot, 0xff, sizeof(int) * 2 * (size_t)t->cands);
    r.conflict_on = slot_bits(&r, 2 * t->cands);
    r.conflict_off = slot_bits(&r, 2 * t->cands + 1);
    word *first = slot_bits(&r, r.slots++);
    set_clear(first, aw);
    set_add(first, 2 * (int)cand + on);
    if (on) {
        self->on_slot[cand] = 0;
        self->on_order[r.ons++] = (int)cand;
    } else {
        self->off_slot[cand] = 0;
        self->off_order[r.offs++] = (int)cand;
    }
    long long work = 0, charged = 0;
    for (;;) {
        if (r.on_head < r.ons) {
            r.conflicted = on_to_off(&r, self->on_order[r.on_head++], cell_links);
        } else if (r.off_head < r.offs) {
            r.conflicted = off_to_on(&r, self->off_order[r.off_head++], cell_links, dynamic,
                                     found_bits);
        } else if (nested) {
            charged += work + 20;   /* as _nested_offs charges each try */
            int added = self->rules ? nested_offs(&r) : 0;
            if (added < 0) return -1;
            if (added) continue;
            break;
        } else {
            break;
        }
        work++;
        if (r.conflicted) break;
    }
    *out = r;
    return charged + work;
}

static PyObject *Propagator_run(PropagatorObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 && !check_arity(nargs, 5, "run")) return NULL;
    if (!self->tables) return PyErr_Format(PyExc_ValueError, "RatePropagator was not initialised");
    const TablesObject *t = self->tables;
    long cand;
    if (convert_int(args[0], 0, t->cands - 1, &cand, "cand") < 0) return NULL;
    int on = PyObject_IsTrue(args[1]), cell_links = PyObject_IsTrue(args[2]),
        dynamic = PyObject_IsTrue(args[3]), nested = nargs > 4 ? PyObject_IsTrue(args[4]) : 0;
    if (on < 0 || cell_links < 0 || dynamic < 0 || nested < 0) return NULL;
    Run r;
    long long work = rate_propagate(self, (int)cand, on, cell_links, dynamic, nested, &r);
    if (work < 0) return NULL;
    int aw = self->aw;
    PyObject *ons = potentials(&r, self->on_order, r.ons, self->on_slot);
    PyObject *offs = ons ? potentials(&r, self->off_order, r.offs, self->off_slot) : NULL;
    PyObject *conflict = NULL;
    if (offs && r.conflicted) {
        PyObject *one = mask_object(r.conflict_on, aw);
        PyObject *other = one ? mask_object(r.conflict_off, aw) : NULL;
        conflict = other ? PyTuple_Pack(2, one, other) : NULL;
        Py_XDECREF(one);
        Py_XDECREF(other);
    } else if (offs) {
        conflict = Py_NewRef(Py_None);
    }
    if (!conflict) {
        Py_XDECREF(ons);
        Py_XDECREF(offs);
        return NULL;
    }
    return Py_BuildValue("(NNNL)", ons, offs, conflict, work);
}

static PyObject *Propagator_nest(PropagatorObject *self, PyObject *const *args,
                                 Py_ssize_t nargs) {
    if (!check_arity(nargs, 4, "nest")) return NULL;
    if (!self->tables) return PyErr_Format(PyExc_ValueError, "RatePropagator was not initialised");
    const TablesObject *t = self->tables;
    if (!PyObject_TypeCheck(args[0], &RateRulesType) || !((RulesObject *)args[0])->board ||
        ((RulesObject *)args[0])->n != t->n || ((RulesObject *)args[0])->cells != t->cells)
        return PyErr_Format(PyExc_ValueError, "nest takes the RateRules of a board this size");
    PyObject *numbers = PySequence_Fast(args[1], "rule_numbers");
    if (!numbers) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(numbers);
    int failed = count > 4;
    if (failed) PyErr_SetString(PyExc_ValueError, "nest takes up to 4 rules");
    for (Py_ssize_t k = 0; k < count && !failed; k++) {
        long rule;
        failed = convert_int(PySequence_Fast_GET_ITEM(numbers, k), 0, 3, &rule, "a rule") < 0;
        self->rule_ids[k] = (int)rule;
    }
    Py_DECREF(numbers);
    int w = board_of(t)->w, values[MAX_CHAIN_CANDIDATES];
    if (failed || (!self->open && !(self->open = PyMem_Calloc((size_t)w, sizeof(word))))) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    if (convert_mask(args[2], self->open, w, t->cells, "open_cells") < 0 ||
        convert_ints(args[3], values, t->cells, 0, t->n, "values") < 0)
        return NULL;
    memset(self->values_placed, 0, sizeof self->values_placed);
    for (int c = 0; c < t->cells; c++)
        if (values[c]) self->values_placed[values[c] - 1]++;
    self->rule_count = (int)count;
    Py_INCREF(args[0]);
    Py_XSETREF(self->rules, (RulesObject *)args[0]);
    Py_RETURN_NONE;
}

static PyMethodDef Propagator_methods[] = {
    FAST_METHOD("run", Propagator_run,
                "run(cand, on, cell_links, dynamic, nested=False)\n--\n\n"
                "Propagator.propagate from candidate `cand` on (or off): (on, off, conflict, "
                "work); nested, with the simple rules given by nest."),
    FAST_METHOD("nest", Propagator_nest,
                "nest(rules, rule_numbers, open_cells, values)\n--\n\n"
                "The simple rules (RateRules, by number, in order) nested runs try."),
    FAST_METHOD("chains_found", Propagator_chains_found,
                "chains_found(multiple, dynamic, rested_only, nested=False)\n--\n\n"
                "multiple.py's all_found for a technique without nested rules: (rows, work), "
                "see ratefound.c."),
    {NULL, NULL, 0, NULL},
};

PyTypeObject RateTablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.RateTables",
    .tp_doc = PyDoc_STR("RateTables(board, peer_order, cell_chain_units): the SE rater's "
                        "chain tables of a board."),
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
};

PyTypeObject RatePropagatorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bookmaker.core._compiled.RatePropagator",
    .tp_doc = PyDoc_STR("RatePropagator(tables, cell_digits, digit_cells, outer_cells, "
                        "outer_digits): the SE rater's chain propagations over one state."),
    .tp_basicsize = sizeof(PropagatorObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Propagator_init,
    .tp_dealloc = (destructor)Propagator_dealloc,
    .tp_methods = Propagator_methods,
};
