/* The Latin singles as the grader applies them in bulk (grade/techniques.py's
   place_full_houses, place_hidden_singles and place_naked_single) on a hand-solving state
   of an n x n Latin square, shared by latinsettle.c and calcsettle.c, whose states keep
   different marks as a value is placed.

   The includer defines SINGLES_HAND, its state's type (n; values, 0 for an open cell;
   digits, an open cell's candidates), and SINGLES_PLACE(h, cell, value), its place (which
   changes the digits of the cell's row and column only); and
   has single(), value_of() and unit_cell() (rows first, then columns) in scope. It may
   keep, as its cells change, each unit's hidden singles (SINGLES_LONE(h, u), else
   unit_singles() finds them) and how many of its cells are open (SINGLES_OPEN(h, u), else
   they are counted), and then SINGLES_NONE(h, lines): whether no unit of `lines` has a hidden
   single. */

#ifndef BOOKMAKER_SINGLES_H
#define BOOKMAKER_SINGLES_H

/* The units of an n x n square as bits (rows, then columns). */
static inline uint64_t all_units(int n) { return 2 * n == 64 ? ~0ULL : (1ULL << 2 * n) - 1; }

/* techniques.full_house among the units `lines` (bits) where no other has one: the first
   with one open cell, whose one candidate goes in. */
static inline int full_house_in(SINGLES_HAND *h, uint64_t lines) {
    int n = h->n;
    for (; lines; lines &= lines - 1) {
        int u = __builtin_ctzll(lines), open = 0, last = -1;
#ifdef SINGLES_OPEN
        if (SINGLES_OPEN(h, u) != 1) continue;
#endif
        for (int k = 0; k < n && open < 2; k++) /* a second open cell: no full house */
            if (!h->values[unit_cell(n, u, k)]) open++, last = unit_cell(n, u, k);
        if (open == 1 && single(h->digits[last])) {
            SINGLES_PLACE(h, last, value_of(h->digits[last]));
            return 1;
        }
    }
    return 0;
}

/* techniques.place_full_houses: whether any was placed. */
static inline int full_houses(SINGLES_HAND *h) {
    int placed = 0;
    while (full_house_in(h, all_units(h->n))) placed = 1;
    return placed;
}

/* The digits in one cell's candidates only of unit u. */
static inline mask unit_singles(const SINGLES_HAND *h, int u) {
    int n = h->n;
    mask once = 0, twice = 0;
    for (int k = 0; k < n; k++) {
        mask m = h->digits[unit_cell(n, u, k)];
        twice |= once & m, once |= m;
    }
    return once & ~twice;
}

#ifndef SINGLES_LONE
#define SINGLES_LONE unit_singles
#endif

/* The digits some unit has a hidden single of. */
static inline mask any_single(const mask *singles, int units) {
    mask any = 0;
    for (int u = 0; u < units; u++) any |= singles[u];
    return any;
}

/* techniques.place_hidden_singles where only the units `lines` (bits) may have one:
   digits, then units, swept until none is left. Each unit's hidden singles are kept
   rather than counted at every (digit, unit): a placement changes only its cell's row and
   column (SINGLES_PLACE's contract), made again. */
static inline int hidden_singles_in(SINGLES_HAND *h, uint64_t lines) {
    int n = h->n, placed = 0, sweeping = 0;
#ifdef SINGLES_NONE
    if (SINGLES_NONE(h, lines)) return 0; /* most looks find none: passed at once */
#endif
    mask singles[2 * 32] = {0};
    for (; lines; lines &= lines - 1) {
        int u = __builtin_ctzll(lines);
        singles[u] = SINGLES_LONE(h, u), sweeping |= singles[u] != 0;
    }
    mask any = any_single(singles, 2 * n); /* a digit no unit has is passed at once */
    while (sweeping) {
        sweeping = 0;
        for (int d = 0; d < n; d++)
            for (int u = 0; u < 2 * n && any >> d & 1; u++) {
                if (!(singles[u] >> d & 1)) continue;
                int at = unit_cell(n, u, 0);
                for (int k = 0; !(h->digits[at] >> d & 1); k++) at = unit_cell(n, u, k + 1);
                SINGLES_PLACE(h, at, d + 1), placed = sweeping = 1;
                singles[at / n] = SINGLES_LONE(h, at / n);
                singles[n + at % n] = SINGLES_LONE(h, n + at % n);
                any = any_single(singles, 2 * n);
            }
    }
    return placed;
}

/* techniques.place_hidden_singles. */
static inline int hidden_singles(SINGLES_HAND *h) { return hidden_singles_in(h, all_units(h->n)); }

/* techniques.place_naked_single: the first in cell order. */
static inline int naked_single(SINGLES_HAND *h) {
    for (int c = 0; c < h->n * h->n; c++)
        if (!h->values[c] && single(h->digits[c])) {
            SINGLES_PLACE(h, c, value_of(h->digits[c]));
            return 1;
        }
    return 0;
}

#endif
