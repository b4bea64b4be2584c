/* A CDCL SAT solver over a board's rules, for removal checks with no budget; see proof.h.

   Variable v = cell * n + symbol is true when the cell holds the symbol. The clauses are
   "each cell holds some symbol" and "each unit holds each symbol somewhere"; "at most
   one" (a cell's other symbols, a symbol in the cell's peers) is not stored but applied
   when a variable becomes true, as the binary clauses it stands for. The rest is the
   textbook solver (MiniSat's): two watched literals, first-UIP learning, activity-ordered
   decisions with saved phases, Luby restarts, and the least active learnt clauses let go
   when they grow too many. The clues and the forbidden value are facts at level 0, so a
   learnt clause follows from the rules and that check's clues; it is let go when the
   check ends. */

#include <stdlib.h>
#include <string.h>

#include "proof.h"

#define DECISION (-1)          /* the reason of a decided (or level 0) literal */
/* A reason <= -2 names the true literal -(reason + 2) whose "at most one" implied it. */
#define IMPLIED_BY(lit) (-2 - (lit))
#define LEARNT 1
#define DELETED 2
#define HEADER 3               /* a clause: size, flags, activity, then its literals */
#define RESTART_UNIT 100       /* conflicts per unit of the Luby sequence */
#define PREFER_RESTARTS 3      /* the known solution steers the first restarts only */

typedef struct {
    int *items;
    int used, room;
} Vec;

struct Proof {
    const Board *board;
    int n, cells, vars;
    signed char *value;        /* per variable: 1 true, -1 false, 0 open */
    signed char *phase;        /* per variable: the sign of its last literal */
    int *level, *reason;
    int *trail, trail_size, qhead;
    int *trail_lim, levels;    /* room for vars + cells + 2 levels */
    int *arena;                /* the clauses */
    size_t used, room;
    Vec *watches;              /* per literal: the clauses watching it */
    Vec learnts;
    int max_learnts;
    double *activity, var_inc;
    float clause_inc;
    int *heap, heap_size, *heap_at; /* a max-heap of variables by activity */
    unsigned char *seen;
    int *learnt;               /* analysis: the clause being learnt */
    int *stack, cleared;       /* minimization: a stack, then the marks to clear (2 vars) */
    long long conflicts;
    int conflict, conflict_a, conflict_b; /* the last conflict: a clause, or two literals */
};

/* --- small helpers ----------------------------------------------------------------- */

static inline int lit_of(int var, int negative) { return 2 * var + negative; }
static inline int var_of(int lit) { return lit >> 1; }

static inline int lit_value(const Proof *p, int lit) {
    int v = p->value[lit >> 1];
    return (lit & 1) ? -v : v;
}

static int vec_push(Vec *vec, int item) {
    if (vec->used == vec->room) {
        int room = vec->room ? 2 * vec->room : 4;
        int *items = realloc(vec->items, sizeof(int) * (size_t)room);
        if (!items) return -1;
        vec->items = items;
        vec->room = room;
    }
    vec->items[vec->used++] = item;
    return 0;
}

static inline int *clause_lits(const Proof *p, int c) { return p->arena + c + HEADER; }
static inline int clause_size(const Proof *p, int c) { return p->arena[c]; }

static inline float *clause_activity(const Proof *p, int c) {
    return (float *)(p->arena + c + 2);
}

/* --- the variable heap ------------------------------------------------------------- */

static void heap_up(Proof *p, int at) {
    int var = p->heap[at];
    while (at > 0) {
        int parent = (at - 1) / 2;
        if (p->activity[p->heap[parent]] >= p->activity[var]) break;
        p->heap[at] = p->heap[parent];
        p->heap_at[p->heap[at]] = at;
        at = parent;
    }
    p->heap[at] = var;
    p->heap_at[var] = at;
}

static void heap_down(Proof *p, int at) {
    int var = p->heap[at];
    for (;;) {
        int child = 2 * at + 1;
        if (child >= p->heap_size) break;
        if (child + 1 < p->heap_size &&
            p->activity[p->heap[child + 1]] > p->activity[p->heap[child]])
            child++;
        if (p->activity[p->heap[child]] <= p->activity[var]) break;
        p->heap[at] = p->heap[child];
        p->heap_at[p->heap[at]] = at;
        at = child;
    }
    p->heap[at] = var;
    p->heap_at[var] = at;
}

static void heap_insert(Proof *p, int var) {
    if (p->heap_at[var] >= 0) return;
    p->heap[p->heap_size] = var;
    p->heap_at[var] = p->heap_size++;
    heap_up(p, p->heap_at[var]);
}

static int heap_pop(Proof *p) {
    int top = p->heap[0];
    p->heap_at[top] = -1;
    if (--p->heap_size > 0) {
        p->heap[0] = p->heap[p->heap_size];
        p->heap_at[p->heap[0]] = 0;
        heap_down(p, 0);
    }
    return top;
}

static void bump_var(Proof *p, int var) {
    if ((p->activity[var] += p->var_inc) > 1e100) {
        for (int v = 0; v < p->vars; v++) p->activity[v] *= 1e-100;
        p->var_inc *= 1e-100;
    }
    if (p->heap_at[var] >= 0) heap_up(p, p->heap_at[var]);
}

static void bump_clause(Proof *p, int c) {
    float *activity = clause_activity(p, c);
    if ((*activity += p->clause_inc) > 1e20f) {
        for (int k = 0; k < p->learnts.used; k++) *clause_activity(p, p->learnts.items[k]) *= 1e-20f;
        p->clause_inc *= 1e-20f;
    }
}

/* --- clauses and assignments ------------------------------------------------------- */

/* A new clause (its first two literals watched); its offset, or -1 for memory. */
static int add_clause(Proof *p, const int *lits, int size, int learnt) {
    size_t need = (size_t)HEADER + size;
    if (p->used + need > p->room) {
        size_t room = 2 * (p->room + need);
        int *arena = realloc(p->arena, sizeof(int) * room);
        if (!arena) return -1;
        p->arena = arena;
        p->room = room;
    }
    int c = (int)p->used;
    p->arena[c] = size;
    p->arena[c + 1] = learnt ? LEARNT : 0;
    *clause_activity(p, c) = 0.0f;
    memcpy(clause_lits(p, c), lits, sizeof(int) * (size_t)size);
    p->used += need;
    if (vec_push(&p->watches[lits[0]], c) < 0 || vec_push(&p->watches[lits[1]], c) < 0) return -1;
    if (learnt && vec_push(&p->learnts, c) < 0) return -1;
    return c;
}

static void assign(Proof *p, int lit, int reason) {
    int var = var_of(lit);
    p->value[var] = (lit & 1) ? -1 : 1;
    p->level[var] = p->levels;
    p->reason[var] = reason;
    p->trail[p->trail_size++] = lit;
}

static void new_level(Proof *p) { p->trail_lim[p->levels++] = p->trail_size; }

static void backtrack(Proof *p, int level) {
    if (p->levels <= level) return;
    for (int k = p->trail_size - 1; k >= p->trail_lim[level]; k--) {
        int var = var_of(p->trail[k]);
        p->value[var] = 0;
        p->phase[var] = (signed char)(p->trail[k] & 1);
        heap_insert(p, var);
    }
    p->trail_size = p->qhead = p->trail_lim[level];
    p->levels = level;
}

/* "At most one" from the true literal `lit`: the cell's other symbols and the symbol in
   the cell's peers go false. 0, or 1 on a conflict (in conflict_a and conflict_b). */
static int at_most_one(Proof *p, int lit) {
    int var = var_of(lit), n = p->n, cell = var / n, symbol = var % n;
    for (int other = 0; other < n; other++) {
        int y = cell * n + other;
        if (other == symbol || p->value[y] < 0) continue;
        if (p->value[y] > 0) {
            p->conflict_a = lit, p->conflict_b = lit_of(y, 0);
            return 1;
        }
        assign(p, lit_of(y, 1), IMPLIED_BY(lit));
    }
    const Span *peers = &p->board->peers[cell];
    for (int i = peers->lo; i < peers->hi; i++)
        for (word hit = peers->bits[i]; hit; hit &= hit - 1) {
            int y = (i * 64 + lowest_bit(hit)) * n + symbol;
            if (p->value[y] < 0) continue;
            if (p->value[y] > 0) {
                p->conflict_a = lit, p->conflict_b = lit_of(y, 0);
                return 1;
            }
            assign(p, lit_of(y, 1), IMPLIED_BY(lit));
        }
    return 0;
}

/* Unit propagation; 0, or 1 on a conflict (p->conflict a clause, or -1 and the two true
   literals of an "at most one"). */
static int propagate(Proof *p) {
    while (p->qhead < p->trail_size) {
        int lit = p->trail[p->qhead++];
        if (!(lit & 1) && at_most_one(p, lit)) {
            p->conflict = -1;
            return 1;
        }
        int false_lit = lit ^ 1;
        Vec *watching = &p->watches[false_lit];
        int kept = 0, k = 0;
        while (k < watching->used) {
            int c = watching->items[k++];
            if (p->arena[c + 1] & DELETED) continue;
            int *lits = clause_lits(p, c), size = clause_size(p, c);
            if (lits[0] == false_lit) {
                lits[0] = lits[1];
                lits[1] = false_lit;
            }
            if (lit_value(p, lits[0]) > 0) {
                watching->items[kept++] = c;
                continue;
            }
            int moved = 0;
            for (int j = 2; j < size; j++) {
                if (lit_value(p, lits[j]) >= 0) {
                    lits[1] = lits[j];
                    lits[j] = false_lit;
                    if (vec_push(&p->watches[lits[1]], c) < 0) return -1;
                    moved = 1;
                    break;
                }
            }
            if (moved) continue;
            watching->items[kept++] = c;
            if (lit_value(p, lits[0]) < 0) {
                while (k < watching->used) watching->items[kept++] = watching->items[k++];
                watching->used = kept;
                p->conflict = c;
                return 1;
            }
            assign(p, lits[0], c);
        }
        watching->used = kept;
    }
    return 0;
}

/* --- learning ------------------------------------------------------------------------ */

/* Mark a literal of a reason or conflict for first-UIP analysis. */
static void analyze_lit(Proof *p, int q, int *counter, int *size) {
    int var = var_of(q);
    if (p->seen[var] || p->level[var] == 0) return;
    p->seen[var] = 1;
    bump_var(p, var);
    if (p->level[var] >= p->levels)
        ++*counter;
    else
        p->learnt[(*size)++] = q;
}

/* The other literals of the reason a literal was implied by, into out; their count. */
static int reason_lits(const Proof *p, int var, int *out) {
    int reason = p->reason[var];
    if (reason <= -2) {
        out[0] = (-(reason + 2)) ^ 1;
        return 1;
    }
    int *lits = clause_lits(p, reason), size = clause_size(p, reason);
    for (int j = 1; j < size; j++) out[j - 1] = lits[j];
    return size - 1;
}

static inline unsigned abstract_level(const Proof *p, int var) {
    return 1u << (p->level[var] & 31);
}

/* Whether literal `lit` of the learnt clause follows from its other literals (every path
   back through the reasons ends in them or at level 0): MiniSat's minimization. */
static int redundant(Proof *p, int lit, unsigned levels, int *cleared) {
    int top = p->cleared, *stack = p->stack, height = 0, reason[64];
    stack[height++] = lit;
    while (height) {
        int var = var_of(stack[--height]);
        if (p->reason[var] >= 0 && clause_size(p, p->reason[var]) > 64 + 1) goto fail;
        int count = reason_lits(p, var, reason);
        for (int j = 0; j < count; j++) {
            int v = var_of(reason[j]);
            if (p->seen[v] || p->level[v] == 0) continue;
            if (p->reason[v] != DECISION && (abstract_level(p, v) & levels)) {
                p->seen[v] = 1;
                stack[height++] = reason[j];
                cleared[p->cleared++] = v;
            } else {
                goto fail;
            }
        }
    }
    return 1;
fail:
    while (p->cleared > top) p->seen[cleared[--p->cleared]] = 0;
    return 0;
}

/* The learnt clause without its literals implied by the others; its new size. The marks
   of analysis are cleared here. */
static int minimize(Proof *p, int size) {
    unsigned levels = 0;
    int *cleared = p->stack + p->vars, kept = 1;
    p->cleared = 0;
    for (int j = 1; j < size; j++) { /* every literal's mark is cleared at the end */
        levels |= abstract_level(p, var_of(p->learnt[j]));
        cleared[p->cleared++] = var_of(p->learnt[j]);
    }
    for (int j = 1; j < size; j++) {
        int var = var_of(p->learnt[j]);
        if (p->reason[var] == DECISION || !redundant(p, p->learnt[j], levels, cleared))
            p->learnt[kept++] = p->learnt[j];
    }
    while (p->cleared) p->seen[cleared[--p->cleared]] = 0;
    return kept;
}

/* First-UIP learning from the last conflict: the learnt clause in p->learnt (the
   asserting literal first, one of the next highest level second); its size. */
static int analyze(Proof *p, int *back_to) {
    int counter = 0, size = 1, at = p->trail_size - 1, lit = -1;
    int source = p->conflict;
    if (source < 0) {
        analyze_lit(p, p->conflict_a ^ 1, &counter, &size);
        analyze_lit(p, p->conflict_b ^ 1, &counter, &size);
    }
    for (;;) {
        if (source >= 0) {
            int *lits = clause_lits(p, source), csize = clause_size(p, source);
            if (p->arena[source + 1] & LEARNT) bump_clause(p, source);
            for (int j = lit < 0 ? 0 : 1; j < csize; j++) analyze_lit(p, lits[j], &counter, &size);
        } else if (lit >= 0) { /* implied by a true literal's "at most one" */
            analyze_lit(p, (-(source + 2)) ^ 1, &counter, &size);
        }
        while (!p->seen[var_of(p->trail[at])]) at--;
        lit = p->trail[at--];
        p->seen[var_of(lit)] = 0;
        if (--counter == 0) break;
        source = p->reason[var_of(lit)];
    }
    p->learnt[0] = lit ^ 1;
    size = minimize(p, size);
    int best = 1;
    for (int j = 1; j < size; j++)
        if (p->level[var_of(p->learnt[j])] > p->level[var_of(p->learnt[best])]) best = j;
    *back_to = 0;
    if (size > 1) {
        int kept = p->learnt[1];
        p->learnt[1] = p->learnt[best];
        p->learnt[best] = kept;
        *back_to = p->level[var_of(p->learnt[1])];
    }
    return size;
}

/* The clauses without the deleted ones: a new arena, the reasons and learnt list moved
   there, every watch list made again (each clause watching its first two literals). */
static int compact(Proof *p) {
    int *arena = malloc(sizeof(int) * (p->used + 1));
    if (!arena) return -1;
    size_t used = 0;
    for (size_t c = 0; c < p->used; c += HEADER + (size_t)p->arena[c]) {
        size_t need = HEADER + (size_t)p->arena[c];
        if (p->arena[c + 1] & DELETED) {
            p->arena[c + 2] = -1; /* its new place: none */
            continue;
        }
        memcpy(arena + used, p->arena + c, sizeof(int) * need);
        p->arena[c + 2] = (int)used; /* the old copy remembers where it went */
        used += need;
    }
    for (int v = 0; v < p->vars; v++)
        if (p->value[v] && p->reason[v] >= 0) p->reason[v] = p->arena[p->reason[v] + 2];
    for (int k = 0; k < p->learnts.used; k++) p->learnts.items[k] = p->arena[p->learnts.items[k] + 2];
    free(p->arena);
    p->arena = arena;
    p->used = used;
    p->room = used + 1;
    for (int lit = 0; lit < 2 * p->vars; lit++) p->watches[lit].used = 0;
    for (size_t c = 0; c < used; c += HEADER + (size_t)arena[c])
        if (vec_push(&p->watches[arena[c + HEADER]], (int)c) < 0 ||
            vec_push(&p->watches[arena[c + HEADER + 1]], (int)c) < 0)
            return -1;
    return 0;
}

typedef struct {
    float activity;
    int clause;
} Ranked;

static int activity_order(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    if (x->activity != y->activity) return x->activity < y->activity ? -1 : 1;
    return (x->clause > y->clause) - (x->clause < y->clause);
}

/* Let go of the less active half of the learnt clauses (but those that are reasons now,
   and binary ones). */
static int reduce(Proof *p) {
    Ranked *ranked = malloc(sizeof(Ranked) * ((size_t)p->learnts.used + 1));
    if (!ranked) return -1;
    for (int k = 0; k < p->learnts.used; k++)
        ranked[k] = (Ranked){*clause_activity(p, p->learnts.items[k]), p->learnts.items[k]};
    qsort(ranked, (size_t)p->learnts.used, sizeof(Ranked), activity_order);
    int kept = 0, half = p->learnts.used / 2;
    for (int k = 0; k < p->learnts.used; k++) {
        int c = ranked[k].clause, *lits = clause_lits(p, c);
        int locked = p->reason[var_of(lits[0])] == c && lit_value(p, lits[0]) > 0;
        if (k < half && !locked && clause_size(p, c) > 2)
            p->arena[c + 1] |= DELETED;
        else
            p->learnts.items[kept++] = c;
    }
    p->learnts.used = kept;
    free(ranked);
    return compact(p);
}

/* The Luby sequence's k-th term (1, 1, 2, 1, 1, 2, 4, ...). */
static long long luby(long long k) {
    long long size = 1, power = 1;
    while (size < k + 1) size = 2 * size + 1, power *= 2;
    while (size - 1 != k) {
        size = (size - 1) / 2;
        power /= 2;
        k %= size;
    }
    return power;
}

/* --- solving ---------------------------------------------------------------------- */

/* Solve from the facts at level 0: 1 satisfiable, 0 not, -1 memory. Decisions go to the most
   active cell's value in `prefer` (a known solution, or NULL) while it is open: another
   solution, where there is one, agrees with a known one outside a small set of cells, as
   the removal's search also assumes (generator.Clues._known_value_first); a proof that
   there is none goes faster unsteered, so only the first restarts are steered. */
static int solve(Proof *p, const int *prefer) {
    long long restarts = 0, budget = luby(0) * RESTART_UNIT, since = 0;
    for (;;) {
        int conflict = propagate(p);
        if (conflict < 0) return -1;
        if (conflict) {
            p->conflicts++, since++;
            if (p->levels == 0) return 0; /* the rules and the facts cannot be met */
            int back_to, size = analyze(p, &back_to);
            backtrack(p, back_to);
            if (size == 1) {
                assign(p, p->learnt[0], DECISION);
            } else {
                int c = add_clause(p, p->learnt, size, 1);
                if (c < 0) return -1;
                bump_clause(p, c);
                assign(p, p->learnt[0], c);
            }
            p->var_inc /= 0.95;
            p->clause_inc /= 0.999f;
            continue;
        }
        if (since >= budget) { /* restart */
            backtrack(p, 0);
            since = 0;
            budget = luby(++restarts) * RESTART_UNIT;
        }
        if (p->learnts.used - p->trail_size >= p->max_learnts) {
            if (reduce(p) < 0) return -1;
            p->max_learnts += p->max_learnts / 10;
        }
        int var = -1;
        while (p->heap_size && p->value[var = heap_pop(p)]) var = -1;
        if (var < 0) return 1; /* every variable set, no conflict: a solution */
        int cell = var / p->n;
        if (prefer && restarts < PREFER_RESTARTS && prefer[cell] &&
            !p->value[cell * p->n + prefer[cell] - 1]) {
            heap_insert(p, var); /* the known value in the most active cell instead */
            var = cell * p->n + prefer[cell] - 1;
        }
        new_level(p);
        assign(p, lit_of(var, 0), DECISION); /* a cell's symbol: for a Sudoku, the stronger move */
    }
}

/* Every level-0 fact of the last check unassigned, and the clauses learnt from them let
   go: they rest on that check's clues, which the next check may not have. */
static int forget_facts(Proof *p) {
    backtrack(p, 0);
    for (int k = p->trail_size - 1; k >= 0; k--) {
        int var = var_of(p->trail[k]);
        p->value[var] = 0;
        heap_insert(p, var);
    }
    p->trail_size = p->qhead = 0;
    for (int k = 0; k < p->learnts.used; k++) p->arena[p->learnts.items[k] + 1] |= DELETED;
    p->learnts.used = 0;
    return compact(p);
}

/* Each clause's literals false at level 0 moved past the others (the two watched stay):
   the search for a new watch meets an open literal first. After forget_facts, every
   clause is a rule. */
static void sink_false_literals(Proof *p) {
    for (size_t c = 0; c < p->used; c += HEADER + (size_t)p->arena[c]) {
        int *lits = clause_lits(p, (int)c), end = clause_size(p, (int)c);
        for (int j = 2; j < end;) {
            if (lit_value(p, lits[j]) < 0) {
                int kept = lits[j];
                lits[j] = lits[--end];
                lits[end] = kept;
            } else {
                j++;
            }
        }
    }
}

/* A fact of the check, at level 0: 0, or 1 if it contradicts the facts before it. */
static int fact(Proof *p, int lit) {
    if (lit_value(p, lit) < 0) return 1;
    if (lit_value(p, lit) == 0) assign(p, lit, DECISION);
    return 0;
}

int proof_solution_exists(Proof *p, const int *givens, int cell, int value,
                          const int *prefer) {
    /* The clues and the forbidden value are facts (level 0), not assumptions: a clause
       learnt from them leaves them out, so it is short, and so strong; a clue as an
       assumption put its negation in every clause that rested on it. */
    if (forget_facts(p) < 0) return -1;
    int clash = 0;
    for (int c = 0; c < p->cells && !clash; c++)
        if (givens[c]) clash = fact(p, lit_of(c * p->n + givens[c] - 1, 0));
    if (value && !clash) clash = fact(p, lit_of(cell * p->n + value - 1, 1));
    if (clash) return 0;
    int conflict = propagate(p);
    if (conflict) return conflict < 0 ? -1 : 0;
    sink_false_literals(p);
    return solve(p, prefer);
}

/* --- making one ------------------------------------------------------------------- */

/* Whether the board's tables are a Sudoku's: each unit n cells, each cell's peers the
   other cells of its units. The prover's clauses say no more than that. */
static int sudoku_tables(const Board *b) {
    word *seen = calloc((size_t)b->w, sizeof(word));
    int fits = seen != NULL && b->n >= 2 && b->units >= 1;
    for (int u = 0; u < b->units && fits; u++) fits = set_count(b->unit[u].bits, b->w) == b->n;
    for (int cell = 0; cell < b->cells && fits; cell++) {
        set_clear(seen, b->w);
        for (int k = b->cell_unit_start[cell]; k < b->cell_unit_start[cell + 1]; k++)
            for (int i = 0; i < b->w; i++) seen[i] |= b->unit[b->cell_unit[k]].bits[i];
        set_remove(seen, cell);
        fits = set_equal(seen, b->peers[cell].bits, b->w);
    }
    free(seen);
    return fits;
}

void proof_free(Proof *p) {
    if (!p) return;
    if (p->watches)
        for (int lit = 0; lit < 2 * p->vars; lit++) free(p->watches[lit].items);
    free(p->watches);
    free(p->learnts.items);
    free(p->arena);
    free(p->value);
    free(p->level);
    free(p->activity);
    free(p->heap);
    free(p->seen);
    free(p->stack);
    free(p);
}

Proof *proof_new(const Board *b) {
    if (!sudoku_tables(b)) return NULL;
    Proof *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    int vars = b->cells * b->n;
    p->board = b, p->n = b->n, p->cells = b->cells, p->vars = vars;
    p->value = calloc((size_t)vars * 2, 1);
    p->level = malloc(sizeof(int) * (5 * (size_t)vars + (size_t)b->cells + 3));
    p->activity = calloc((size_t)vars, sizeof(double));
    p->heap = malloc(sizeof(int) * 2 * (size_t)vars);
    p->seen = calloc((size_t)vars, 1);
    p->stack = malloc(sizeof(int) * 2 * (size_t)vars);
    p->watches = calloc((size_t)vars * 2, sizeof(Vec));
    if (!p->value || !p->level || !p->activity || !p->heap || !p->seen || !p->stack ||
        !p->watches) {
        proof_free(p);
        return NULL;
    }
    p->phase = p->value + vars; /* 0: the true literal first */
    p->reason = p->level + vars;
    p->trail = p->reason + vars;
    p->trail_lim = p->trail + vars;
    p->learnt = p->trail_lim + vars + b->cells + 2;
    p->heap_at = p->heap + vars;
    p->var_inc = 1.0;
    p->clause_inc = 1.0f;
    p->max_learnts = vars / 3 + 2000;
    for (int v = 0; v < vars; v++) p->heap_at[v] = -1;
    for (int v = 0; v < vars; v++) heap_insert(p, v);
    int *lits = malloc(sizeof(int) * (size_t)(b->n > b->cells ? b->n : b->cells) + sizeof(int));
    int failed = !lits;
    for (int cell = 0; cell < b->cells && !failed; cell++) { /* each cell holds a symbol */
        for (int s = 0; s < b->n; s++) lits[s] = lit_of(cell * b->n + s, 0);
        failed = b->n > 1 && add_clause(p, lits, b->n, 0) < 0;
    }
    for (int u = 0; u < b->units && !failed; u++) /* each unit holds each symbol */
        for (int s = 0; s < b->n && !failed; s++) {
            int size = 0;
            FOR_EACH_BIT(b->unit[u].bits, b->w, cell) lits[size++] = lit_of(cell * b->n + s, 0);
            failed = size > 1 && add_clause(p, lits, size, 0) < 0;
        }
    free(lits);
    if (failed) {
        proof_free(p);
        return NULL;
    }
    return p;
}
