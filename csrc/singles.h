/* The Latin singles as the grader applies them in bulk (grade/techniques.py's
   place_full_houses, place_hidden_singles and place_naked_single) on a hand-solving state
   of an n x n Latin square, shared by latinsettle.c and calcsettle.c, whose states keep
   different marks as a value is placed.

   The includer defines SINGLES_HAND, its state's type (n; values, 0 for an open cell;
   digits, an open cell's candidates), and SINGLES_PLACE(h, cell, value), its place; and
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

/* techniques.place_hidden_singles: digits, then units, swept until none is left. */
static inline int hidden_singles(SINGLES_HAND *h) {
    int n = h->n, placed = 0;
    for (int sweeping = 1; sweeping;) {
        sweeping = 0;
        for (int d = 0; d < n; d++)
            for (int u = 0; u < 2 * n; u++) {
                int count = 0, at = -1;
                for (int k = 0; k < n && count < 2; k++)
                    if (h->digits[unit_cell(n, u, k)] >> d & 1) count++, at = unit_cell(n, u, k);
                if (count == 1) SINGLES_PLACE(h, at, d + 1), placed = sweeping = 1;
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
