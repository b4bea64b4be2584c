/* Sets of cells as arrays of 64-bit words: bit c of the set is bit c % 64 of word c / 64.

   The compiled core's counterpart of the pure core's Python ints. Every set of one board
   has the same number of words W (cells / 64, rounded up); the bits past the last cell
   are always 0. A table mask (a unit, a cell's peers) also carries the range of words
   where it has bits, so that operations with it touch only those. */

#ifndef BOOKMAKER_BITSET_H
#define BOOKMAKER_BITSET_H

#include <stdint.h>
#include <string.h>

typedef uint64_t word;

/* A mask from the board's tables: its words, and the first and one-past-last word
   holding any of its bits (lo == hi for an empty mask). */
typedef struct {
    const word *bits;
    int lo, hi;
} Span;

/* Bits set in a word. The x86-64 baseline has no popcount instruction (a builtin becomes a
   library call), nor can MSVC's intrinsic be trusted on old CPUs: there, a few shifts. */
static inline int popcount64(word x) {
#if defined(__GNUC__) && (!defined(__x86_64__) || defined(__POPCNT__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The index of the lowest set bit of x (x != 0). */
#if defined(_MSC_VER)
#include <intrin.h>
static inline int lowest_bit(word x) {
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
#else
static inline int lowest_bit(word x) { return __builtin_ctzll(x); }
#endif

static inline void set_copy(word *to, const word *from, int w) {
    memcpy(to, from, (size_t)w * sizeof(word));
}

static inline void set_clear(word *s, int w) { memset(s, 0, (size_t)w * sizeof(word)); }

static inline int set_is_empty(const word *s, int w) {
    for (int i = 0; i < w; i++)
        if (s[i]) return 0;
    return 1;
}

static inline int set_equal(const word *a, const word *b, int w) {
    return memcmp(a, b, (size_t)w * sizeof(word)) == 0;
}

static inline int set_count(const word *s, int w) {
    int count = 0;
    for (int i = 0; i < w; i++) count += popcount64(s[i]);
    return count;
}

/* 0 for an empty set, 1 for one bit, 2 for two or more. */
static inline int set_count_to_two(const word *s, int w) {
    int count = 0;
    for (int i = 0; i < w; i++) {
        if (s[i]) {
            if (s[i] & (s[i] - 1)) return 2;
            if (++count > 1) return 2;
        }
    }
    return count;
}

static inline int set_has(const word *s, int bit) { return (int)(s[bit >> 6] >> (bit & 63) & 1); }

static inline void set_add(word *s, int bit) { s[bit >> 6] |= (word)1 << (bit & 63); }

static inline void set_remove(word *s, int bit) { s[bit >> 6] &= ~((word)1 << (bit & 63)); }

/* The lowest bit of a set, or -1 if it is empty. */
static inline int set_first(const word *s, int w) {
    for (int i = 0; i < w; i++)
        if (s[i]) return i * 64 + lowest_bit(s[i]);
    return -1;
}

/* Loop over the bits of a set in increasing order: FOR_EACH_BIT(set, w, bit) { ... } */
#define FOR_EACH_BIT(set, w, bit)                                                      \
    for (int fe_i_ = 0; fe_i_ < (w); fe_i_++)                                          \
        for (word fe_w_ = (set)[fe_i_]; fe_w_; fe_w_ &= fe_w_ - 1)                     \
            for (int bit = fe_i_ * 64 + lowest_bit(fe_w_), fe_once_ = 1; fe_once_;     \
                 fe_once_ = 0)

#endif
