/* Locked candidates for the counting search; see locked.h and core/solve/locked.py. */

#include <stdlib.h>

#include "locked.h"

struct Locks {
    int count;         /* units meeting another in two cells or more */
    int *unit;         /* per such unit, its index among the board's units */
    int *start;        /* count + 1 offsets into outside and rest */
    int *most;         /* per such unit, the most cells it shares with one of its pairs */
    Span *outside;     /* per pair (a, b): a's cells outside b */
    Span *rest;        /* per pair: b's cells outside a */
    word *storage;
};

/* Whether a set has a bit in the span's mask; a NULL set has every bit. */
static inline int meets(const word *set, const Span *span) {
    if (!set) return span->lo < span->hi;
    for (int i = span->lo; i < span->hi; i++)
        if (set[i] & span->bits[i]) return 1;
    return 0;
}

/* The cells units a and b share if they form a pair (two or more, and b not inside a),
   else 0. */
static int is_pair(const Board *board, int a, int b) {
    const word *x = board->unit[a].bits, *y = board->unit[b].bits;
    int shared = 0, beyond = 0;
    for (int i = 0; i < board->w; i++) {
        shared += popcount64(x[i] & y[i]);
        beyond |= (y[i] & ~x[i]) != 0;
    }
    return shared >= 2 && beyond ? shared : 0;
}

static int pairs_of(const Board *board) {
    int pairs = 0;
    for (int a = 0; a < board->units; a++)
        for (int b = 0; b < board->units; b++) pairs += is_pair(board, a, b) > 0;
    return pairs;
}

/* A span over `words` holding x & ~y, measured. */
static Span span_minus(word *words, const word *x, const word *y, int w) {
    Span span = {words, 0, w};
    for (int i = 0; i < w; i++) words[i] = x[i] & ~y[i];
    while (span.lo < w && !words[span.lo]) span.lo++;
    while (span.hi > span.lo && !words[span.hi - 1]) span.hi--;
    return span;
}

/* Fill the tables (locked_pairs' order: units, then their pairs, in unit order). */
static void locks_fill(Locks *locks, const Board *board) {
    int w = board->w, p = 0;
    locks->count = 0;
    for (int a = 0; a < board->units; a++) {
        int first = p, most = 0;
        for (int b = 0; b < board->units; b++) {
            int shared = is_pair(board, a, b);
            if (!shared) continue;
            const word *x = board->unit[a].bits, *y = board->unit[b].bits;
            locks->outside[p] = span_minus(locks->storage + (size_t)2 * p * w, x, y, w);
            locks->rest[p] = span_minus(locks->storage + (size_t)(2 * p + 1) * w, y, x, w);
            p++;
            if (shared > most) most = shared;
        }
        if (p == first) continue;
        locks->unit[locks->count] = a;
        locks->most[locks->count] = most;
        locks->start[locks->count++] = first;
    }
    locks->start[locks->count] = p;
}

Locks *locks_new(const Board *board) {
    int pairs = pairs_of(board);
    Locks *locks = calloc(1, sizeof *locks);
    if (!locks) return NULL;
    locks->unit = malloc(sizeof(int) * (3 * (size_t)board->units + 1));
    locks->outside = malloc(sizeof(Span) * 2 * ((size_t)pairs + 1));
    locks->storage = malloc(sizeof(word) * 2 * ((size_t)pairs + 1) * board->w);
    if (!locks->unit || !locks->outside || !locks->storage) {
        locks_free(locks);
        return NULL;
    }
    locks->most = locks->unit + board->units;
    locks->start = locks->most + board->units;
    locks->rest = locks->outside + pairs + 1;
    locks_fill(locks, board);
    return locks;
}

void locks_free(Locks *locks) {
    if (!locks) return;
    free(locks->unit);
    free(locks->outside);
    free(locks->storage);
    free(locks);
}

int locking_init(Locking *locking, const Board *board, const Locks *locks) {
    locking->locks = locks;
    locking->before = malloc(sizeof(word) * ((size_t)board->n + 1) * board->w);
    locking->lost = locking->before + (size_t)board->n * board->w;
    return locking->before ? 0 : -1;
}

void locking_free(Locking *locking) { free(locking->before); }

static inline void remove_rest(word *b, const Span *span) {
    for (int i = span->lo; i < span->hi; i++) b[i] &= ~span->bits[i];
}

/* lock, for one symbol's board b: lost is its places lost since the reference (NULL:
   every place). Whether any candidate went. */
static int lock_symbol(const Board *board, const Locks *locks, word *b, const word *lost) {
    int changed = 0;
    for (int k = 0; k < locks->count; k++) {
        const Span *unit = &board->unit[locks->unit[k]];
        if (!meets(lost, unit)) continue;
        int places = 0;
        for (int i = unit->lo; i < unit->hi; i++) places += popcount64(b[i] & unit->bits[i]);
        if (!places || places > locks->most[k]) continue; /* locked.py says why */
        for (int p = locks->start[k]; p < locks->start[k + 1]; p++) {
            if (meets(b, &locks->outside[p]) || !meets(b, &locks->rest[p])) continue;
            remove_rest(b, &locks->rest[p]);
            changed = 1;
        }
    }
    return changed;
}

/* lock over every symbol, each symbol's board kept in `before` first (which may be the
   reference itself: a symbol's losses are read before its board is kept). */
static int lock(const Board *board, Locking *locking, word *boards, const word *reference) {
    int w = board->w, changed = 0;
    for (int d = 0; d < board->n; d++) {
        word *b = boards + (size_t)d * w, *kept = locking->before + (size_t)d * w;
        int any = !reference;
        for (int i = 0; i < w && reference; i++) {
            locking->lost[i] = reference[(size_t)d * w + i] & ~b[i];
            any |= locking->lost[i] != 0;
        }
        set_copy(kept, b, w);
        if (any) changed |= lock_symbol(board, locking->locks, b, reference ? locking->lost : NULL);
    }
    return changed;
}

int locked_settle(void *context, const Board *board, Workspace *ws, word *boards,
                  word *placed, const word *scanned) {
    Locking *locking = context;
    for (;;) {
        if (solver_propagate_in(board, ws, boards, placed, scanned) < 0) return -1;
        if (set_equal(placed, board->full, board->w)) return 0;
        if (!lock(board, locking, boards, scanned)) return 0;
        scanned = locking->before;
    }
}
