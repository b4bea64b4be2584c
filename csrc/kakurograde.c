/* kakuro_areas and kakuro_reach: the Kakuro grader's whole unworded ladder in one call
   (grade.py's solve_within as reach_within asks it), on C arrays: the run techniques
   (kakuro.c), the cross sums over areas (techniques.py's cross_sum and _virtual_run) and
   the forcing chains (_forcing_chain, by kakuro.c's rounds), each finding the step its
   Python finds, applied as the Python applies it. The steps are not kept, only counted
   per rank with their lengths: what a grading's grade and score read. */

#include <stdlib.h>
#include <string.h>

#include "kakuro.h"

#define OUTIES_MOST 4            /* areas.py's MOST_OUTIES */
#define SHORT_CHAIN_ROUNDS 2     /* techniques.py's SHORT_CHAIN_ROUNDS */

static inline int bits(long mask) { return __builtin_popcountl(mask); }

/* --- the areas ------------------------------------------------------------------------ */

static void free_areas(PyObject *capsule) {
    Areas *a = PyCapsule_GetPointer(capsule, "kakuro_areas");
    if (!a) return;
    free(a->outie_start), free(a->outie), free(a->inside_start), free(a->inside);
    free(a->through_start), free(a->through), free(a->differ), free(a->with_start);
    free(a->with), free(a->total), free(a);
}

/* Whether a cell is among another's peers (flattened). */
static int among(const int *peer_start, const int *peer, int cell, int other) {
    for (int i = peer_start[cell]; i < peer_start[cell + 1]; i++)
        if (peer[i] == other) return 1;
    return 0;
}

/* Each outie's outies of its area sharing a run with it, from the board's peers; -1 with
   a Python error. */
static int area_differ(Areas *a, PyObject *peers) {
    int *peer_start = NULL, *peer = NULL, failed = 0;
    if (kakuro_flatten(peers, a->cell_count, a->cell_count, &peer_start, &peer) < 0) failed = 1;
    a->differ = failed ? NULL : malloc(sizeof(int) * ((size_t)a->outie_start[a->area_count] + 1));
    a->total = failed ? NULL : malloc(sizeof(int) * ((size_t)a->area_count + 1));
    if (!failed && (!a->differ || !a->total)) failed = 1, PyErr_NoMemory();
    for (int i = 0; !failed && i < a->area_count; i++) {
        const int *outie = a->outie + a->outie_start[i];
        int count = a->outie_start[i + 1] - a->outie_start[i];
        if (count > OUTIES_MOST) {
            PyErr_SetString(PyExc_ValueError, "kakuro_areas: an area of too many outies");
            failed = 1;
        }
        for (int j = 0; !failed && j < count; j++) {
            int *differ = a->differ + a->outie_start[i] + j;
            *differ = 0;
            for (int k = 0; k < count; k++)
                if (k != j && among(peer_start, peer, outie[j], outie[k])) *differ |= 1 << k;
        }
    }
    free(peer_start), free(peer);
    return failed ? -1 : 0;
}

const char kakuro_areas_doc[] =
"kakuro_areas(peers, outies, inside, through, areas_with, runs)\n--\n\n"
"A board's cross-sum areas for kakuro_reach (areas.py's area_runs): each cell's peers\n"
"(shape.peers), each area's outies (cells), the runs inside it and through it, each\n"
"cell's areas (areas_with_outie), and the board's number of runs.";

PyObject *kakuro_areas(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 6, "kakuro_areas")) return NULL;
    Py_ssize_t cells = PySequence_Length(args[0]), areas = PySequence_Length(args[1]);
    long runs = PyLong_AsLong(args[5]);
    if (cells < 0 || areas < 0 || (runs == -1 && PyErr_Occurred())) return NULL;
    Areas *a = calloc(1, sizeof(Areas));
    if (!a) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(a, "kakuro_areas", free_areas);
    if (!capsule) return free(a), NULL;
    a->area_count = (int)areas, a->cell_count = (int)cells, a->run_count = (int)runs;
    if (kakuro_flatten(args[1], areas, cells, &a->outie_start, &a->outie) < 0 ||
        kakuro_flatten(args[2], areas, runs, &a->inside_start, &a->inside) < 0 ||
        kakuro_flatten(args[3], areas, runs, &a->through_start, &a->through) < 0 ||
        kakuro_flatten(args[4], cells, areas, &a->with_start, &a->with) < 0 ||
        area_differ(a, args[0]) < 0)
        return Py_DECREF(capsule), NULL;
    return capsule;
}

/* areas_of's outie totals under the runs' totals (run_count ints); -1 with a Python
   error. */
static int area_totals(Areas *a, PyObject *totals, int run_count) {
    PyObject *each = PySequence_Fast(totals, "kakuro_reach wants the runs' totals");
    if (!each) return -1;
    if (PySequence_Fast_GET_SIZE(each) != run_count) {
        PyErr_SetString(PyExc_TypeError, "kakuro_reach: the totals do not fit the tables");
        return Py_DECREF(each), -1;
    }
    for (int i = 0; i < a->area_count; i++) {
        long total = 0;
        for (int j = a->through_start[i]; j < a->through_start[i + 1]; j++)
            total += PyLong_AsLong(PySequence_Fast_GET_ITEM(each, a->through[j]));
        for (int j = a->inside_start[i]; j < a->inside_start[i + 1]; j++)
            total -= PyLong_AsLong(PySequence_Fast_GET_ITEM(each, a->inside[j]));
        a->total[i] = (int)total;
    }
    Py_DECREF(each);
    return PyErr_Occurred() ? -1 : 0;
}

/* --- cross sums: each 1 if it found a step in the area (into f), else 0 ---------------- */

/* _open_outies: the area's open outies (their count; their places in the area to at)
   and what they add up to. */
static int open_outies(const Sweep *s, int area, int *cells, int *at, int *remaining) {
    const Areas *a = s->a;
    int count = 0;
    *remaining = a->total[area];
    for (int i = a->outie_start[area]; i < a->outie_start[area + 1]; i++) {
        int cell = a->outie[i];
        if (s->values[cell]) *remaining -= s->values[cell];
        else at[count] = i - a->outie_start[area], cells[count++] = cell;
    }
    return count;
}

static int cross_sum(Sweep *s, int area, Found *f) {
    int cells[OUTIES_MOST], at[OUTIES_MOST], remaining;
    if (open_outies(s, area, cells, at, &remaining) != 1 || remaining < 1 || remaining > 9 ||
        !(s->cands[cells[0]] >> (remaining - 1) & 1))
        return 0;
    return kakuro_placement(f, cells[0], remaining);
}

/* caged.fillings by brute force (at most four cells): the digits each cell takes in some
   filling adding up to left, a cell differing from those in differ (bits by place). A
   union over every filling, so the order they are met in does not matter. */
static int fill(const long *cands, const int *differ, int count, int place, int left,
                int *chosen, long *kept) {
    if (place == count) {
        if (left) return 0;
        for (int i = 0; i < count; i++) kept[i] |= 1L << (chosen[i] - 1);
        return 1;
    }
    int found = 0;
    for (int d = 0; d < 9; d++) {
        int value = d + 1, clash = 0;
        if (!(cands[place] >> d & 1) || value > left) continue;
        for (int j = 0; j < place && !clash; j++) clash = differ[place] >> j & 1 && chosen[j] == value;
        if (clash) continue;
        chosen[place] = value;
        found |= fill(cands, differ, count, place + 1, left - value, chosen, kept);
    }
    return found;
}

/* _virtual_run: two (or three or four) open outies narrowed as a run of their own. */
static int virtual_run(Sweep *s, int area, int least, int most, Found *f) {
    int cells[OUTIES_MOST], at[OUTIES_MOST], remaining, chosen[OUTIES_MOST], differ[OUTIES_MOST];
    int count = open_outies(s, area, cells, at, &remaining);
    if (count < least || count > most) return 0;
    long cands[OUTIES_MOST], kept[OUTIES_MOST] = {0};
    for (int i = 0; i < count; i++) {
        cands[i] = s->cands[cells[i]], differ[i] = 0;
        int all = s->a->differ[s->a->outie_start[area] + at[i]];
        for (int j = 0; j < count; j++)
            if (all >> at[j] & 1) differ[i] |= 1 << j;
    }
    if (remaining > 0) fill(cands, differ, count, 0, remaining, chosen, kept);
    return kakuro_eliminations(s, cells, count, kept, f);
}

static int small_cross_sums(Sweep *s, int area, Found *f) { return virtual_run(s, area, 2, 2, f); }
static int large_cross_sums(Sweep *s, int area, Found *f) { return virtual_run(s, area, 3, 4, f); }

/* --- forcing chains ------------------------------------------------------------------- */

/* Room for the chains' trials: a board's candidates and two marks a run. */
typedef struct {
    unsigned short *base, *trial;
    unsigned char *wave;
} Trials;

/* _forcing_chain: the candidates, cells by fewest candidates then in order, whose
   placement reaches a contradiction within `most` rounds (0: any), all those of the
   fewest that has any; the step's length the shortest's rounds. */
static int chain(Sweep *s, Trials *r, long most, Found *f) {
    const Tables *t = s->t;
    for (int c = 0; c < t->cell_count; c++)
        r->base[c] = (unsigned short)(s->cands[c] ? s->cands[c]
                                      : s->values[c] ? 1 << (s->values[c] - 1) : 0);
    f->place_count = f->remove_count = f->length = 0;
    for (int count = 1; count <= 9 && !f->remove_count; count++)
        for (int cell = 0; cell < t->cell_count; cell++) {
            if (!s->cands[cell] || bits(s->cands[cell]) != count) continue;
            for (int d = 0; d < 9; d++) {
                if (!(s->cands[cell] >> d & 1)) continue;
                memcpy(r->trial, r->base, sizeof(unsigned short) * (size_t)t->cell_count);
                r->trial[cell] = (unsigned short)(1u << d);
                memset(r->wave, 0, (size_t)t->run_count);
                for (int i = t->runs_start[cell]; i < t->runs_start[cell + 1]; i++)
                    r->wave[t->runs[i]] = 1;
                long rounds = kakuro_rounds_of(t, r->trial, r->wave, r->wave + t->run_count, most);
                if (rounds <= 0) continue;
                if (!f->remove_count || rounds < f->length) f->length = (int)rounds;
                f->remove[f->remove_count][0] = cell;
                f->remove[f->remove_count++][1] = d + 1;
            }
        }
    return f->remove_count > 0;
}

/* --- the ladder ----------------------------------------------------------------------- */

/* Room for the loop: a technique's places, their marks, the chains' trials, a step. */
typedef struct {
    int *places;
    unsigned char *marks;
    Trials trials;
    Found f;
} Room;

/* The technique of a rank swept where it looks (from the log's position start): 0 or
   -1 with a Python error. A forcing chain stops at its first step. */
static int sweep_rank(Sweep *s, int rank, Py_ssize_t start, Room *m) {
    static const Technique AREA_TECHNIQUES[] = {cross_sum, small_cross_sums, large_cross_sums};
    s->rank = rank;
    if (rank >= SHORT_FORCING_CHAIN) {
        long most = rank == SHORT_FORCING_CHAIN ? SHORT_CHAIN_ROUNDS : 0;
        return chain(s, &m->trials, most, &m->f) ? kakuro_apply(s, &m->f) : 0;
    }
    int areas = rank >= CROSS_SUM;
    Technique technique = areas ? AREA_TECHNIQUES[rank - CROSS_SUM] : KAKURO_RUN_TECHNIQUES[rank];
    int places = kakuro_touched(s, start, areas, m->marks, m->places);
    if (places < 0) {
        PyErr_SetString(PyExc_ValueError, "kakuro_reach: a logged cell off the board");
        return -1;
    }
    for (int i = 0; i < places; i++)
        while (technique(s, m->places[i], &m->f))
            if (kakuro_apply(s, &m->f) < 0) return -1;
    return 0;
}

/* solve_within's loop over the ladder's first `count` techniques: the easiest that finds
   anything, where something changed since it last looked, then again from the easiest,
   until solved (open cells left: `open`) or stalled. 0, or -1 with a Python error. */
static int reach(Sweep *s, int count, long open, Room *m) {
    Py_ssize_t seen[LADDER] = {0};
    while (open - s->placements > 0) {
        int any = 0;
        for (int rank = 0; rank < count && !any; rank++) {
            Py_ssize_t start = seen[rank];
            long before = s->counts[rank];
            seen[rank] = s->base + s->logged;
            if (sweep_rank(s, rank, start, m) < 0) return -1;
            any = s->counts[rank] > before;
        }
        if (!any) break;
    }
    return 0;
}

static int room_for(Room *m, const Tables *t, const Areas *a) {
    size_t places = (size_t)(a && a->area_count > t->run_count ? a->area_count : t->run_count) + 1;
    m->places = malloc(sizeof(int) * places);
    m->marks = malloc(places + 2 * (size_t)t->run_count);
    m->trials.base = malloc(sizeof(unsigned short) * (2 * (size_t)t->cell_count + 1));
    m->f.remove = malloc(sizeof(int[2]) * (9 * (size_t)t->cell_count + 1));
    if (!m->places || !m->marks || !m->trials.base || !m->f.remove) return PyErr_NoMemory(), -1;
    m->trials.trial = m->trials.base + t->cell_count;
    m->trials.wave = m->marks + places;
    return 0;
}

const char kakuro_reach_doc[] =
"kakuro_reach(tables, areas, totals, count, values, cands, placed, left, log, open_count)\n"
"--\n\n"
"grade.py's solve_within over the ladder's first `count` techniques (cross sums from 10 on\n"
"need the board's areas and the runs' totals, else None for both), on a KakuroState's\n"
"lists, changed in place: (the cells placed, the steps per rank, their lengths per rank).";

PyObject *kakuro_reach(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 10, "kakuro_reach")) return NULL;
    const Tables *t = PyCapsule_GetPointer(args[0], "kakuro_tables");
    Areas *a = args[1] == Py_None ? NULL : PyCapsule_GetPointer(args[1], "kakuro_areas");
    long count = PyLong_AsLong(args[3]), open = PyLong_AsLong(args[9]);
    if (!t || (args[1] != Py_None && !a) || PyErr_Occurred()) return NULL;
    if (count < 0 || count > LADDER || (count > CROSS_SUM && !a) ||
        (a && (a->cell_count != t->cell_count || a->run_count != t->run_count)))
        return PyErr_Format(PyExc_ValueError, "kakuro_reach: %ld techniques", count);
    if (a && area_totals(a, args[2], t->run_count) < 0) return NULL;
    Sweep s;
    if (kakuro_sweep_open(&s, t, args + 4) < 0) return NULL;
    s.a = a;
    Room m = {0};
    int failed = room_for(&m, t, a) < 0 || reach(&s, (int)count, open, &m) < 0;
    failed = kakuro_sweep_close(&s, args + 4, failed) < 0;
    free(m.places), free(m.marks), free(m.trials.base), free(m.f.remove);
    if (failed) return NULL;
    PyObject *counts = PyList_New(count), *lengths = PyList_New(count);
    for (int rank = 0; counts && lengths && rank < count; rank++) {
        PyList_SET_ITEM(counts, rank, PyLong_FromLong(s.counts[rank]));
        PyList_SET_ITEM(lengths, rank, PyLong_FromLong(s.lengths[rank]));
    }
    if (!counts || !lengths) return Py_XDECREF(counts), Py_XDECREF(lengths), NULL;
    return Py_BuildValue("(lNN)", s.placements, counts, lengths);
}
