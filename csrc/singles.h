/* The Latin singles as the grader applies them in bulk (grade/techniques.py's
   place_full_houses, place_hidden_singles and place_naked_single) on a hand-solving state
   of an n x n Latin square, shared by latinsettle.c and calcsettle.c, whose states keep
   different marks as a value is placed.

   The includer defines SINGLES_HAND, its state's type (n; values, 0 for an open cell;
   digits, an open cell's candidates), and SINGLES_PLACE(h, cell, value), its place (which
   changes the digits of the cell's row and column only); and
   has single(), value_of() and unit_cell() (rows first, then columns) in scope. */

#ifndef BOOKMAKER_SINGLES_H
#define BOOKMAKER_SINGLES_H

/* techniques.full_house: the first unit with one open cell, whose one candidate goes in. */
static inline int full_house(SINGLES_HAND *h) {
    int n = h->n;
    for (int u = 0; u < 2 * n; u++) {
        int open = 0, last = -1;
        for (int k = 0; k < n; k++)
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
    while (full_house(h)) placed = 1;
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

/* techniques.place_hidden_singles: digits, then units, swept until none is left. Each
   unit's hidden singles are kept rather than counted at every (digit, unit): a placement
   changes only its cell's row and column (SINGLES_PLACE's contract), made again. */
static inline int hidden_singles(SINGLES_HAND *h) {
    int n = h->n, placed = 0, sweeping = 0;
    mask singles[2 * 32];
    for (int u = 0; u < 2 * n; u++) singles[u] = unit_singles(h, u), sweeping |= singles[u] != 0;
    while (sweeping) {
        sweeping = 0;
        for (int d = 0; d < n; d++)
            for (int u = 0; u < 2 * n; u++) {
                if (!(singles[u] >> d & 1)) continue;
                int at = unit_cell(n, u, 0);
                for (int k = 0; !(h->digits[at] >> d & 1); k++) at = unit_cell(n, u, k + 1);
                SINGLES_PLACE(h, at, d + 1), placed = sweeping = 1;
                singles[at / n] = unit_singles(h, at / n);
                singles[n + at % n] = unit_singles(h, n + at % n);
            }
    }
    return placed;
}

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
