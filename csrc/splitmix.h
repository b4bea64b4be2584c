/* SplitMix64 and its uniform draws, bit for bit as core/rng.py's Rng makes them, so a
   compiled fill draws exactly what the pure one would from the same state. */

#ifndef BOOKMAKER_SPLITMIX_H
#define BOOKMAKER_SPLITMIX_H

#include <stdint.h>

/* Rng.next64 */
static inline uint64_t splitmix_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Rng.below(n), n > 0: rejection of the top 2**64 % n values keeps it unbiased. */
static inline uint64_t splitmix_below(uint64_t *state, uint64_t n) {
    uint64_t rest = (UINT64_MAX % n + 1) % n; /* 2**64 % n */
    for (;;) {
        uint64_t x = splitmix_next(state);
        if (rest == 0 || x < (uint64_t)0 - rest) return x % n;
    }
}

/* Rng.shuffled, in place: Fisher-Yates from the last item down. */
static inline void splitmix_shuffle(uint64_t *state, int *items, int count) {
    for (int i = count - 1; i > 0; i--) {
        int j = (int)splitmix_below(state, (uint64_t)i + 1);
        int kept = items[i];
        items[i] = items[j];
        items[j] = kept;
    }
}

#endif
