/* calcudoku_find: where the Calcudoku grader's cage techniques (calcudoku/techniques.py)
   find their next step, looked for in the Python's order: the cage, line, digit or area
   of the first step, which the Python then words (the step itself is the Python's, from
   the same place). Cage permutations also clear the cages found quiet from `unpermuted`,
   as the Python does on its way.

   Codes: 0 cage permutations, 1 cage-line intersection, 2 line-cage intersection, 3 line
   total, 4 innies and outies (2-3 open cells), 5 the same over 4-5. Areas (3-5) come as
   words: their count, then per area its innies (CALC_W words), their total, its outies
   (CALC_W words, none if 0) and their total, totals as two's complement. */

#include "calchand.h"



/* The packed digits each cell of the cage may hold: a placed value, or its candidates. */
static uint64_t allowed(const Hand *h, const Cage *cage) {
    uint64_t wanted = 0;
    for (int i = 0; i < cage->size; i++) {
        int cell = cage->cell[i];
        mask here = h->values[cell] ? (mask)1 << (h->values[cell] - 1) : h->digits[cell];
        wanted |= (uint64_t)here << (i * h->n);
    }
    return wanted;
}

/* allowed(), and the candidates of the open cells alone, packed (into *open: a kept
   filling's union narrows an open cell where it misses one of them, as techniques.
   _narrowing finds eliminations), and whether a cell is open (*opened); read again only
   where the cage's cells changed since. */
static uint64_t allowed_open(const Hand *h, Cage *cage, uint64_t *open, int *opened) {
    if (cage->seen != cage->changes) {
        uint64_t wanted = 0, candidates = 0;
        int any = 0;
        for (int i = 0; i < cage->size; i++) {
            int cell = cage->cell[i], value = h->values[cell];
            uint64_t here = value ? 1ULL << (value - 1) : h->digits[cell];
            wanted |= here << (i * h->n);
            if (!value) candidates |= here << (i * h->n), any = 1;
        }
        cage->seen_wanted = wanted, cage->seen_open = candidates, cage->seen_opened = any;
        cage->seen = cage->changes;
    }
    *open = cage->seen_open, *opened = cage->seen_opened;
    return cage->seen_wanted;
}

static int meets(const word *a, const word *b, int w) {
    for (int i = 0; i < w; i++)
        if (a[i] & b[i]) return 1;
    return 0;
}

/* The alive fillings (every value allowed) or-ed, those with a bit of `needed` only
   (needed 0: all). */
static uint64_t kept_of(Cage *cage, uint64_t wanted, uint64_t needed) {
    uint64_t kept = 0;
    narrow_live(cage, &cage->alive, wanted, &cage->placed); /* placed: its values alone */
    if (!needed) return cage->alive.all;
    const uint64_t *live = cage->alive.at;
    for (int f = 0; f < cage->alive.count; f++)
        if (live[f] & needed) kept |= live[f];
    return kept;
}

/* The union of the cage's live fillings (every value allowed by `wanted`), made again
   only when `wanted` changed. */
static uint64_t kept_by(Cage *cage, uint64_t wanted) {
    if (!(cage->known & 1) || cage->kept_wanted != wanted)
        cage->kept = kept_of(cage, wanted, 0), cage->kept_wanted = wanted, cage->known |= 1;
    return cage->kept;
}

/* The digits every one of the `count` fillings puts on the cage's cells `on` (bits of
   their places, two or more), n bits a cell: read filling by filling until none is left.
   Two cells on a line (most often) are read with two shifts each. */
static mask common_on(const uint64_t *fillings, int count, uint64_t on, int n, mask full) {
    mask common = count ? full : 0;
    int first = __builtin_ctzll(on) * n;
    on &= on - 1;
    if (!(on & (on - 1))) {
        int second = __builtin_ctzll(on) * n;
        for (int f = 0; f < count && common; f++)
            common &= (mask)(fillings[f] >> first | fillings[f] >> second);
        return common;
    }
    for (int f = 0; f < count && common; f++) {
        uint64_t folded = fillings[f] >> first;
        for (uint64_t rest = on; rest; rest &= rest - 1)
            folded |= fillings[f] >> (__builtin_ctzll(rest) * n);
        common &= (mask)folded;
    }
    return common;
}

/* Per line the cage crosses, the digits every live filling puts on it (none without a
   live filling) into cage->common, made again only when `wanted` changed. On a line with
   one cell of the cage that is the cell's one digit if all its fillings agree there (the
   union kept_by() has); the lines with more are read by common_on(). */
static void common_by(Cage *cage, int n, uint64_t wanted) {
    if (cage->known & 2 && cage->common_wanted == wanted) return;
    uint64_t full = full_digits(n), kept = kept_by(cage, wanted); /* cage->alive made */
    for (int j = 0; j < cage->lines; j++) {
        uint64_t on = cage->on_line[j];
        mask one = (mask)(kept >> (__builtin_ctzll(on) * n) & full);
        cage->common[j] = on & (on - 1)
            ? common_on(cage->alive.at, cage->alive.count, on, n, (mask)full)
            : single(one) ? one : 0;
    }
    cage->common_wanted = wanted, cage->known |= 2;
}

/* cage_permutations: the first open cage with a changed cell that its candidates narrow;
   the quiet ones before it leave `unpermuted`. */
static int permutations(Hand *h) {
    for (int j = 0; j < CALC_W; j++) /* the cages with an unpermuted cell, in order */
        for (word rest = h->unpermuted_cages[j]; rest; rest &= rest - 1) {
            int k = 64 * j + __builtin_ctzll(rest);
            Cage *cage = &h->cage[k];
            uint64_t open;
            int opened;
            uint64_t wanted = allowed_open(h, cage, &open, &opened);
            if (opened && open & ~kept_by(cage, wanted)) return k; /* it narrows an open cell */
            /* a closed cage keeps its cells unpermuted (as the Python does) but is passed
               for good: its cells change no more */
            if (opened)
                for (int i = 0; i < h->w; i++) h->unpermuted[i] &= ~cage->cells[i];
            h->unpermuted_cages[j] &= ~((word)1 << (k % 64));
        }
    return -1;
}

/* The cells changed since the watch last looked (into `changed`: every cell the first
   time, when each of its `places` is loud); the watch looks now. */
static void watch_changes(const Hand *h, Watch *watch, int places, word *changed) {
    if (watch->upto < 0) {
        memset(watch->loud, 0, sizeof watch->loud);
        for (int i = 0; i < places / 64; i++) watch->loud[i] = ~(word)0;
        if (places % 64) watch->loud[places / 64] = ((word)1 << (places % 64)) - 1;
    }
    changes_since(h, &watch->upto, changed);
}

/* The lowest of `digits` a cell of the cage's line j beyond the cage holds (as a bit), or
   0 (Hand.where says where each line's candidates are). */
static mask held_beyond(const Hand *h, const Cage *cage, int j, mask digits) {
    const unsigned short *where = h->where[cage->line[j]];
    for (; digits; digits &= digits - 1)
        if (where[__builtin_ctz(digits)] & ~cage->line_at[j]) return digits & -digits;
    return 0;
}

/* cage_line_intersection: (cage, unit, digit) of the first step, or 0 if none: the first
   cage, its first line, the lowest digit common to its fillings there held beyond it. */
static int cage_line(Hand *h, int *found) {
    int n = h->n;
    Watch *watch = &h->watch[WATCH_CAGE_LINE];
    word changed[CALC_W];
    watch_changes(h, watch, h->cages, changed);
    /* A quiet cage stays so until its own cells change: candidates that go beyond it on
       its lines only take steps away, while its own can make a digit common to them. */
    for (int i = 0; i < h->w; i++)
        for (word rest = changed[i]; rest; rest &= rest - 1)
            mark(watch->loud, h->cage_of[64 * i + __builtin_ctzll(rest)]);
    for (int i = 0; i < h->w; i++)
        for (word rest = watch->loud[i]; rest; rest &= rest - 1) {
            int k = 64 * i + __builtin_ctzll(rest);
            Cage *cage = &h->cage[k];
            uint64_t open;
            int opened;
            uint64_t wanted = allowed_open(h, cage, &open, &opened);
            if (opened) { /* a closed cage has no step, and its cells change no more */
                common_by(cage, n, wanted);
                for (int j = 0; j < cage->lines; j++) {
                    mask hit = held_beyond(h, cage, j, cage->common[j]);
                    if (hit) {
                        found[0] = k, found[1] = cage->line[j], found[2] = __builtin_ctz(hit);
                        return 3;
                    }
                }
            }
            watch->loud[i] &= ~((word)1 << (k % 64));
        }
    return 0;
}

/* The cage of line u's last cell holding digit d (Hand.where), and in *needed the bits of
   its fillings that put d on its cells in the line (line_cage_intersection's cage). */
static Cage *line_cage_of(Hand *h, int u, int d, uint64_t *needed) {
    int n = h->n, top = unit_cell(n, u, 31 - __builtin_clz(h->where[u][d]));
    Cage *cage = &h->cage[h->cage_of[top]];
    *needed = 0;
    for (int i = 0; i < cage->size; i++)
        if (in_unit(n, u, cage->cell[i])) *needed |= 1ULL << (i * n + d);
    return cage;
}

/* line_cage_intersection: (unit, digit) of the first step, or 0 if none. */
static int line_cage(Hand *h, int *found) {
    int n = h->n;
    Watch *watch = &h->watch[WATCH_LINE_CAGE];
    word changed[CALC_W];
    watch_changes(h, watch, 2 * n, changed); /* a line is what it and its cages' cells hold */
    for (int u = 0; u < 2 * n; u++)
        if (meets(h->reach[u], changed, h->w)) watch->loud[0] |= 1ULL << u;
    for (uint64_t lines = watch->loud[0]; lines; lines &= lines - 1) {
        int u = __builtin_ctzll(lines);
        mask held[CALC_CELLS], present = 0, apart = 0; /* apart: digits held in two cages */
        int owner[CALC_MAX]; /* per cell of the line its cage */
        for (int j = 0; j < n; j++) held[owner[j] = h->cage_of[unit_cell(n, u, j)]] = 0;
        for (int j = 0; j < n; j++) /* per cage of the line the digits it holds there */
            held[owner[j]] |= h->digits[unit_cell(n, u, j)];
        for (int j = 0; j < n; j++) /* each cage's once: emptied as it is read */
            apart |= present & held[owner[j]], present |= held[owner[j]], held[owner[j]] = 0;
        for (mask left = present & ~apart; left; left &= left - 1) {
            int d = __builtin_ctz(left);
            uint64_t needed, open;
            Cage *cage = line_cage_of(h, u, d, &needed);
            int opened;
            uint64_t wanted = allowed_open(h, cage, &open, &opened);
            if (open & ~kept_of(cage, wanted, needed)) { /* it narrows an open cell */
                found[0] = u, found[1] = d;
                return 2;
            }
        }
        watch->loud[0] &= ~(1ULL << u);
    }
    return 0;
}

/* An area's side: its cells and their total. */
typedef struct {
    word cells[CALC_W];
    long long total;
} Side;

static Side side_of(const unsigned char *area, int outie) {
    Side side;
    memcpy(side.cells, area + 8 * (size_t)(outie * (CALC_W + 1)), sizeof side.cells);
    uint64_t total;
    memcpy(&total, area + 8 * (size_t)(outie * (CALC_W + 1) + CALC_W), sizeof total);
    side.total = (long long)total;
    return side;
}

/* open_part: the side's open cells (into `open`, how many returned) and what they add up
   to (*left). */
static int open_part(const Hand *h, const Side *side, int *open, long long *left) {
    int count = 0;
    *left = side->total;
    for (int i = 0; i < h->w; i++)
        for (word rest = side->cells[i]; rest; rest &= rest - 1) {
            int c = 64 * i + __builtin_ctzll(rest);
            if (is_open(h, c)) open[count++] = c;
            else *left -= h->values[c];
        }
    return count;
}

/* grade/caged.fillings: per cell the digits some filling adding up to `left` puts there,
   cells on one line differing (their union does not depend on the order tried). The
   search stops (`done`) once every candidate is kept, or at the first filling (`first`). */
typedef struct {
    int n, count, done, first, cell[8], chosen[8];
    mask digits[8], kept[8];
    int row[8], column[8];      /* each cell's two lines (rows first, then columns) */
    mask taken[2 * CALC_MAX];   /* per line, the values its cells chosen so far hold */
    long long low[9], high[9]; /* what the cells from i on add up to at least, at most */
} Virtual;

static int all_kept(const Virtual *v) {
    for (int i = 0; i < v->count; i++)
        if (v->kept[i] != v->digits[i]) return 0;
    return 1;
}

/* The values cell `at` may take: its digits that leave the cells after it a sum they can
   make, less those of the cells before it on its lines. */
static mask choices(const Virtual *v, int at, long long left) {
    long long low = left - v->high[at + 1], high = left - v->low[at + 1];
    if (low < 1) low = 1;
    if (high > v->n) high = v->n;
    if (low > high) return 0;
    mask range = (mask)((2ULL << (high - 1)) - (1ULL << (low - 1)));
    return v->digits[at] & range & ~(v->taken[v->row[at]] | v->taken[v->column[at]]);
}

/* A filling found, its values chosen: kept. */
static int filled(Virtual *v) {
    for (int i = 0; i < v->count; i++) v->kept[i] |= (mask)1 << (v->chosen[i] - 1);
    v->done = v->first || all_kept(v);
    return 1;
}

static int fill(Virtual *v, int at, long long left) {
    if (at >= v->count - 1) { /* the last cell's value is what is left, if it may take it */
        if (at == v->count) return left ? 0 : filled(v);
        if (left < 1 || left > v->n || !(choices(v, at, left) >> (left - 1) & 1)) return 0;
        v->chosen[at] = (int)left;
        return filled(v);
    }
    int found = 0;
    mask *row = &v->taken[v->row[at]], *column = &v->taken[v->column[at]];
    for (mask m = choices(v, at, left); m && !v->done; m &= m - 1) {
        int value = __builtin_ctz(m) + 1;
        mask bit = m & -m;
        v->chosen[at] = value, *row |= bit, *column |= bit;
        found |= fill(v, at + 1, left - value);
        *row &= ~bit, *column &= ~bit;
    }
    return found;
}

/* The bounds of v->low and v->high from the cells' digits (none empty). */
static void bound(Virtual *v) {
    v->low[v->count] = v->high[v->count] = 0;
    for (int i = v->count - 1; i >= 0; i--) {
        v->low[i] = v->low[i + 1] + __builtin_ctz(v->digits[i]) + 1;
        v->high[i] = v->high[i + 1] + value_of(v->digits[i]);
    }
}

/* The open cells as a virtual cage, nothing kept yet; whether a cell has no candidate. */
static int virtual_of(const Hand *h, const int *open, int count, Virtual *v) {
    int emptied = 0;
    v->n = h->n, v->count = count, v->done = v->first = 0;
    for (int i = 0; i < count; i++) {
        v->cell[i] = open[i], v->digits[i] = h->digits[open[i]], v->kept[i] = 0;
        emptied |= !v->digits[i];
        v->row[i] = open[i] / h->n, v->column[i] = h->n + open[i] % h->n;
        v->taken[v->row[i]] = v->taken[v->column[i]] = 0;
    }
    return emptied;
}

/* The open cells as a virtual cage adding up to `left`, filled: v->kept. */
static void fill_virtual(const Hand *h, const int *open, int count, long long left, Virtual *v) {
    if (virtual_of(h, open, count, v)) return; /* no filling: every candidate goes */
    bound(v);
    fill(v, 0, left);
}

/* Whether some filling adding up to `left` puts digit d in cell i (its digits as they were
   after); a filling found is kept. */
static int fills_with(Virtual *v, int i, int d, long long left) {
    mask was = v->digits[i];
    v->digits[i] = (mask)1 << d, v->done = 0, v->first = 1;
    bound(v);
    int found = fill(v, 0, left);
    v->digits[i] = was;
    return found;
}

/* Whether the open cells as a virtual cage adding up to `left` lose a candidate: one no
   filling puts in its cell (each candidate not yet in a filling found is looked for in
   one, which is far fewer fillings than all of them). */
static int virtual_narrows(const Hand *h, const int *open, int count, long long left) {
    Virtual v;
    if (virtual_of(h, open, count, &v)) {
        for (int i = 0; i < count; i++)
            if (v.digits[i]) return 1;
        return 0;
    }
    for (int i = 0; i < count; i++)
        for (mask rest = v.digits[i] & ~v.kept[i]; rest; rest &= rest - 1)
            if (!(v.kept[i] >> __builtin_ctz(rest) & 1) && !fills_with(&v, i, __builtin_ctz(rest), left))
                return 1;
    return 0;
}

/* virtual_narrows' last answer for each area's side, with all it was asked on: a side's
   open cells and their candidates change seldom between the grader's many looks. */
typedef struct {
    int n, count, narrows, cell[5];
    long long left;
    mask digits[5];
} SideMemo;

static int same_question(const SideMemo *m, const Hand *h, const int *open, int count,
                         long long left) {
    if (m->n != h->n || m->count != count || m->left != left) return 0;
    for (int i = 0; i < count; i++)
        if (m->cell[i] != open[i] || m->digits[i] != h->digits[open[i]]) return 0;
    return 1;
}

/* Where a question may be remembered among the answers of every side (its words hashed). */
#define ASKED_MOST 4096
static unsigned asked_slot(const Hand *h, const int *open, int count, long long left) {
    uint64_t key = (uint64_t)left * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(h->n << 4 | count);
    for (int i = 0; i < count; i++)
        key = (key ^ ((uint64_t)open[i] << 32 | h->digits[open[i]])) * 0xFF51AFD7ED558CCDULL;
    return (unsigned)(key >> 52) % ASKED_MOST;
}

/* virtual_narrows for side `slot` (2-5 open cells), remembered: the side's last question,
   then every side's answers by their question (the drafts of a climb ask much alike). */
static int side_narrows(const Hand *h, int slot, const int *open, int count, long long left) {
    static SideMemo memo[SIDE_MOST], asked[ASKED_MOST];
    if (slot >= SIDE_MOST) return virtual_narrows(h, open, count, left);
    SideMemo *m = &memo[slot];
    if (same_question(m, h, open, count, left)) return m->narrows;
    SideMemo *a = &asked[asked_slot(h, open, count, left)];
    m->n = h->n, m->count = count, m->left = left;
    for (int i = 0; i < count; i++) m->cell[i] = open[i], m->digits[i] = h->digits[open[i]];
    if (same_question(a, h, open, count, left)) return m->narrows = a->narrows;
    m->narrows = virtual_narrows(h, open, count, left);
    *a = *m;
    return m->narrows;
}

/* The open cells of the side of the area at `side` (its words) counted up to most + 1
   (a side with more is passed all the same). */
static int open_on(const Hand *h, const unsigned char *side, const word *opened, int most) {
    int many = 0;
    for (int i = 0; i < h->w; i++) {
        word cells;
        memcpy(&cells, side + 8 * (size_t)i, sizeof cells);
        for (cells &= opened[i]; cells && many <= most; cells &= cells - 1) many++;
    }
    return many;
}

/* The open cells now (into `opened`), and those placed since the sides were counted (into
   `placed`; every cell where they are counted again): whether any was. A cell placed since
   was counted open, and its placing logged. */
static int placed_since(const Hand *h, int again, word *opened, word *placed) {
    int any = again;
    memset(placed, 0, sizeof(word) * CALC_W);
    if (again) {
        memset(opened, 0, sizeof(word) * CALC_W);
        for (int c = 0; c < h->cells; c++)
            if (is_open(h, c)) mark(opened, c);
        return any;
    }
    memcpy(opened, h->sides.counted, sizeof(word) * CALC_W);
    for (int i = h->sides.upto; i < h->log.count; i++) {
        int c = h->log.cell[i];
        if (!is_open(h, c) && marked(opened, c))
            opened[c / 64] &= ~((word)1 << (c % 64)), mark(placed, c), any = 1;
    }
    return any;
}

/* Side `slot`'s count of open cells and its kind, made anew. */
static void side_counted(SideCounts *counts, long long slot, int many) {
    uint64_t bit = 1ULL << (slot % 64);
    counts->open[slot] = (unsigned short)many;
    for (int kind = 0; kind < SIDE_KINDS; kind++) counts->of_kind[kind][slot / 64] &= ~bit;
    if (many >= 1 && many <= 5) counts->of_kind[many / 2][slot / 64] |= bit;
}

/* The open cells of the first SIDE_MOST sides of the `count` areas counted into h->sides:
   made again where cells were placed since (all of them the first time), a side without
   such a cell left as it was. */
static void count_sides(Hand *h, const unsigned char *areas, long long count) {
    SideCounts *counts = &h->sides;
    if (counts->upto == h->log.count && !h->log.lost) return;
    word opened[CALC_W], placed[CALC_W];
    int again = sees_all(h, counts->upto);
    int any = placed_since(h, again, opened, placed);
    for (long long slot = 0; any && slot < 2 * count && slot < SIDE_MOST; slot++) {
        const unsigned char *side = areas + 8 * (size_t)(slot / 2 * AREA_WORDS + slot % 2 * (CALC_W + 1));
        int many = 0, gone = 0;
        for (int i = 0; i < h->w; i++) {
            word cells;
            memcpy(&cells, side + 8 * (size_t)i, sizeof cells);
            if (again) many += popcount64(cells & opened[i]);
            else if (cells & placed[i]) gone += popcount64(cells & placed[i]);
        }
        if (again || gone) side_counted(counts, slot, again ? many : counts->open[slot] - gone);
    }
    memcpy(counts->counted, opened, sizeof opened);
    counts->upto = h->log.count;
}

/* The bits below `count` of a word (all of them from 64 on). */
static uint64_t bits_below(long long count) { return count >= 64 ? ~0ULL : (1ULL << count) - 1; }

/* Whether side `slot` of the area at `area` (its words), with `low`..`high` open cells,
   holds the step of `code`. */
static int side_hit(const Hand *h, const unsigned char *area, long long slot, int code,
                    int low, int high) {
    int open[CALC_CELLS];
    Side side = side_of(area, (int)(slot % 2));
    long long left;
    int open_count = open_part(h, &side, open, &left);
    return code == LINE_TOTAL
        ? open_count == 1 && left >= 1 && left <= h->n && h->digits[open[0]] >> (left - 1) & 1
        : open_count >= low && open_count <= high &&
          side_narrows(h, (int)slot, open, open_count, left);
}

/* line_total (code LINE_TOTAL) or _innies_and_outies over `low`..`high` open cells:
   (area, side) of the first step, or 0 if none. A side with no cells has no open one.
   The first SIDE_MOST sides are those of their kind of open count alone (in order). */
static int area_step(Hand *h, const unsigned char *areas, long long count, int code,
                     int *found) {
    int low = code == INNIES ? 2 : code == LINE_TOTAL ? 1 : 4;
    int high = code == INNIES ? 3 : code == LINE_TOTAL ? 1 : 5;
    const uint64_t *kind = h->sides.of_kind[low / 2];
    long long counted = 2 * count < SIDE_MOST ? 2 * count : SIDE_MOST, slot = -1;
    count_sides(h, areas, count); /* a side with too few or too many open cells is passed */
    for (long long i = 0; i < (counted + 63) / 64 && slot < 0; i++)
        for (uint64_t rest = kind[i] & bits_below(counted - 64 * i); rest && slot < 0; rest &= rest - 1)
            if (side_hit(h, areas + 8 * (size_t)((64 * i + __builtin_ctzll(rest)) / 2 * AREA_WORDS),
                         64 * i + __builtin_ctzll(rest), code, low, high))
                slot = 64 * i + __builtin_ctzll(rest);
    for (long long s = counted; s < 2 * count && slot < 0; s++) {
        const unsigned char *area = areas + 8 * (size_t)(s / 2 * AREA_WORDS);
        int many = open_on(h, area + 8 * (size_t)(s % 2 * (CALC_W + 1)), h->sides.counted, high);
        if (many >= low && many <= high && side_hit(h, area, s, code, low, high)) slot = s;
    }
    if (slot < 0) return 0;
    found[0] = (int)(slot / 2), found[1] = (int)(slot % 2);
    return 2;
}

/* The eliminations of techniques._narrowing: what `kept` (packed) does not hold leaves
   the cage's open cells. */
static void narrowing(const Hand *h, const Cage *cage, uint64_t kept, CalcStep *step) {
    for (int i = 0; i < cage->size; i++) {
        int cell = cage->cell[i];
        if (!is_open(h, cell)) continue;
        for (mask gone = h->digits[cell] & ~(mask)(kept >> (i * h->n) & full_digits(h->n));
             gone; gone &= gone - 1)
            calc_step_eliminate(step, cell, __builtin_ctz(gone) + 1);
    }
}

/* The step of an area's side found by area_step: line_total's placement, or the
   eliminations of the open cells as a virtual cage (grade/caged.virtual_cage). */
static void area_found(const Hand *h, const unsigned char *areas, const int *found, int code,
                       CalcStep *step) {
    Side side = side_of(areas + 8 * (size_t)(found[0] * AREA_WORDS), found[1]);
    long long left;
    int open[CALC_CELLS], count = open_part(h, &side, open, &left);
    if (code == LINE_TOTAL) memcpy(step->cells, side.cells, sizeof step->cells);
    else {  /* its open cells alone */
        memset(step->cells, 0, sizeof step->cells);
        for (int i = 0; i < count; i++) mark(step->cells, open[i]);
    }
    if (code == LINE_TOTAL) {
        step->place[0] = open[0], step->place[1] = (int)left, step->places = 1;
        return;
    }
    Virtual v;
    fill_virtual(h, open, count, left, &v);
    for (int i = 0; i < count; i++)
        for (mask gone = v.digits[i] & ~v.kept[i]; gone; gone &= gone - 1)
            calc_step_eliminate(step, open[i], __builtin_ctz(gone) + 1);
}

int calc_cage_step(Hand *h, int code, const unsigned char *areas, long long count,
                   CalcStep *step) {
    int found[3], n = h->n;
    step->places = step->elims = 0;
    if (code == PERMUTATIONS) {
        int k = permutations(h);
        if (k < 0) return 0;
        memcpy(step->cells, h->cage[k].cells, sizeof step->cells);
        narrowing(h, &h->cage[k], kept_by(&h->cage[k], allowed(h, &h->cage[k])), step);
        return 1;
    }
    if (code == CAGE_LINE) {
        if (!cage_line(h, found)) return 0;
        const Cage *cage = &h->cage[found[0]];
        memcpy(step->cells, cage->cells, sizeof step->cells);
        for (int j = 0; j < n; j++) {
            int cell = unit_cell(n, found[1], j);
            if (h->digits[cell] >> found[2] & 1 && !marked(cage->cells, cell))
                calc_step_eliminate(step, cell, found[2] + 1), mark(step->cells, cell);
        }
        return 1;
    }
    if (code == LINE_CAGE) {
        if (!line_cage(h, found)) return 0;
        uint64_t needed;
        Cage *cage = line_cage_of(h, found[0], found[1], &needed);
        memcpy(step->cells, cage->cells, sizeof step->cells);
        narrowing(h, cage, kept_of(cage, allowed(h, cage), needed), step);
        return 1;
    }
    if (!area_step(h, areas, count, code, found)) return 0;
    area_found(h, areas, found, code, step);
    return 1;
}

int calc_areas(PyObject *bytes, const unsigned char **areas, long long *count,
               const char *name) {
    char *at;
    Py_ssize_t length;
    uint64_t many;
    if (PyBytes_AsStringAndSize(bytes, &at, &length) < 0) return -1;
    if (length < 8 || (memcpy(&many, at, 8), (Py_ssize_t)(8 + 8 * AREA_WORDS * many) != length)) {
        PyErr_Format(PyExc_ValueError, "%s: the areas do not fit", name);
        return -1;
    }
    *areas = (const unsigned char *)at + 8, *count = (long long)many;
    return 0;
}

const char calcudoku_find_doc[] =
"calcudoku_find(code, n, tables, values, cell_digits, extra)\n--\n\n"
"Where calcudoku/techniques.py's cage technique `code` finds its next step, the cages as\n"
"CalcCages.narrowing_tables: a tuple of ints (the cage, line, digit or area and side),\n"
"or None; for cage permutations (code 0, extra: unpermuted) (cage or -1, unpermuted);\n"
"for the area techniques extra is their tables.";

PyObject *calcudoku_find(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    static Hand h;
    static Cage cages[CALC_CELLS];
    long code;
    int found[3], count = 0;
    if (!check_arity(nargs, 6, "calcudoku_find") ||
        convert_int(args[0], 0, CODES - 1, &code, "calcudoku_find: code") < 0 ||
        calc_hand(&h, cages, args + 1, "calcudoku_find") < 0)
        return NULL;
    if (code == PERMUTATIONS) {
        if (convert_mask(args[5], h.unpermuted, CALC_W, CALC_CELLS, "unpermuted") < 0)
            return NULL;
        unpermuted_cages_of(&h);
        int k = permutations(&h);
        return Py_BuildValue("(iN)", k, mask_object(h.unpermuted, CALC_W));
    }
    if (code == CAGE_LINE) count = cage_line(&h, found);
    else if (code == LINE_CAGE) count = line_cage(&h, found);
    else {
        const unsigned char *areas;
        long long many;
        if (calc_areas(args[5], &areas, &many, "calcudoku_find") < 0) return NULL;
        count = area_step(&h, areas, many, (int)code, found);
    }
    return count ? tuple_of_ints(found, count) : Py_NewRef(Py_None);
}
