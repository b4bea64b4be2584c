/* Chains of strong links on one digit in C: rating/links.py's strong_link_chains (Turbot
   Fish, two links; three strong links), the same links, chains, removals and ratings in
   the same order, so that the first hint (lowest rating, then most removals, then the
   first met) is the Python's. */

#include "ratebasics.h"

#define RB_LINKS 128

typedef struct {
    int unit, grouped;
    Set places, ends[2];
} Link;

typedef struct { short link; signed char entry; signed char unit; } Joint;

typedef struct {
    int box_line_pairs, box_places, two_line_boxes, one_box, spare_joints;
} Flavour;

static const Flavour TURBOT = {1, 5, 0, 1, 0}, CHAIN = {0, 6, 1, 0, 1};

typedef struct {
    const BasicsObject *t;
    const Flavour *flavour;
    int count, links, digit;
    Set places;
    Link link[RB_LINKS];
    Joint *joints[RB_LINKS][2];
    int joint_count[RB_LINKS][2];
    int chain[3], entries[3], shared[3];
    LinksFound *best;
} Chains;

static int add_link(Chains *k, int unit, Set places, Set one, Set two, int grouped) {
    if (k->links >= RB_LINKS) return 0;
    Link *link = &k->link[k->links++];
    link->unit = unit;
    link->grouped = grouped;
    link->places = places;
    link->ends[0] = one;
    link->ends[1] = two;
    return 1;
}

static int share_line(const BasicsObject *t, int a, int b) {
    for (int u = 0; u < t->units; u++)
        if ((t->kind[u] == ROW || t->kind[u] == COLUMN) && s_has(t->unit[u], a) &&
            s_has(t->unit[u], b))
            return 1;
    return 0;
}

static Set one_cell(int c) {
    Set s = {{0, 0}};
    s_add(&s, c);
    return s;
}

static void line_groups(Chains *k, int u, Set places) {
    const BasicsObject *t = k->t;
    Set parts[RB_UNITS];
    int count = 0;
    for (int i = t->seg_start[u]; i < t->seg_start[u + 1]; i++) {
        Set part = s_and(t->segs[i], places);
        if (s_any(part)) parts[count++] = part;
    }
    /* the two segments must hold every place (a jigsaw region may cross the line in one
       cell, which is no segment: links.py's _line_groups) */
    if (count == 2 && !s_any(s_minus(places, s_or(parts[0], parts[1]))))
        add_link(k, u, places, parts[0], parts[1], 1);
}

static void cross_ends(Chains *k, int u, Set places, Set down, Set across, Set heart) {
    int downs = s_count(down), acrosses = s_count(across);
    if (downs == 1 || acrosses == 1) {
        if (downs == 1 && acrosses != 1) add_link(k, u, places, down, s_or(across, heart), 1);
        if (acrosses == 1) add_link(k, u, places, across, s_or(down, heart), 1);
        return;
    }
    Set inside = s_any(s_and(places, heart)) ? heart : (Set){{0, 0}};
    add_link(k, u, places, s_or(down, inside), s_or(across, inside), 1);
}

static void rectangle_ends(Chains *k, int u, Set places, Set one, Set two, const Set *crossing,
                           int crossings) {
    add_link(k, u, places, one, two, 1);
    if (s_count(one) != 2 || s_count(two) != 2) return;
    Set both = s_or(one, two), across[RB_UNITS];
    int count = 0;
    for (int i = 0; i < crossings; i++)
        if (s_any(s_and(crossing[i], both))) across[count++] = crossing[i];
    if (count == 2 && s_count(s_and(across[0], both)) == 2 &&
        s_count(s_and(across[1], both)) == 2)
        add_link(k, u, places, s_and(across[0], both), s_and(across[1], both), 1);
}

/* links.py's _box_groups. */
static void box_groups(Chains *k, int u, Set places) {
    const BasicsObject *t = k->t;
    Set lines[2][RB_UNITS];   /* [0]: the box's rows, [1]: its columns */
    int counts[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        int kind = side == 0 ? 1 : 0;   /* t->lines: [0] columns, [1] rows */
        for (int i = 0; i < t->line_count[kind]; i++) {
            Set part = s_and(t->unit[u], t->unit[t->lines[kind][i]]);
            if (s_any(part)) lines[side][counts[side]++] = part;
        }
    }
    for (int r = 0; r < counts[0]; r++) {
        for (int c = 0; c < counts[1]; c++) {
            Set row = lines[0][r], col = lines[1][c];
            if (s_any(s_minus(places, s_or(row, col)))) continue;
            Set heart = s_and(row, col);
            Set down = s_minus(s_and(places, col), heart);
            Set across = s_minus(s_and(places, row), heart);
            if (s_any(down) && s_any(across)) cross_ends(k, u, places, down, across, heart);
            return;
        }
    }
    if (s_count(places) < 4 || !k->flavour->two_line_boxes) return;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < counts[side]; i++) {
            for (int j = i + 1; j < counts[side]; j++) {
                Set one = lines[side][i], two = lines[side][j];
                if (s_any(s_minus(places, s_or(one, two)))) continue;
                Set first = s_and(places, one), second = s_and(places, two);
                if (s_any(first) && s_any(second))
                    rectangle_ends(k, u, places, first, second, lines[1 - side], counts[1 - side]);
                return;
            }
        }
    }
}

/* links.py's _links. */
static void find_links(Chains *k) {
    const BasicsObject *t = k->t;
    k->links = 0;
    for (int i = 0; i < t->units; i++) {
        int u = t->single[i], box = t->kind[u] == BOX;
        Set places = s_and(k->places, t->unit[u]);
        int count = s_count(places);
        if (count == 2) {
            int a = s_lowest(places), b = s_next(places, a + 1);
            if (box && !k->flavour->box_line_pairs && share_line(t, a, b)) continue;
            add_link(k, u, places, one_cell(a), one_cell(b), 0);
        } else if (count > 2 && count <= (box ? k->flavour->box_places : 6) &&
                   t->kind[u] < OTHER) {
            if (box)
                box_groups(k, u, places);
            else
                line_groups(k, u, places);
        }
    }
}

/* links.py's _joints: per link and end, the (link, its end, joining unit) it joins. */
static void find_joints(Chains *k) {
    const BasicsObject *t = k->t;
    for (int i = 0; i < k->links; i++) {
        const Link *link = &k->link[i];
        for (int e = 0; e < 2; e++) {
            int holders[RB_UNITS], held = 0;
            Set reach = {{0, 0}};
            for (int h = 0; h < t->units; h++) {
                int u = t->joint_order[h];
                if (!s_any(s_minus(link->ends[e], t->unit[u]))) {
                    holders[held++] = u;
                    reach = s_or(reach, t->unit[u]);
                }
            }
            int count = 0;
            Joint *found = k->joints[i][e];
            for (int j = 0; j < k->links; j++) {
                const Link *other = &k->link[j];
                if (j == i || s_any(s_and(other->places, link->places))) continue;
                for (int entry = 0; entry < 2; entry++) {
                    Set group = other->ends[entry];
                    if (s_any(s_minus(group, reach))) continue;
                    for (int h = 0; h < held; h++)
                        if (!s_any(s_minus(group, t->unit[holders[h]]))) {
                            found[count++] = (Joint){(short)j, (signed char)entry,
                                                     (signed char)holders[h]};
                            break;
                        }
                }
            }
            k->joint_count[i][e] = count;
        }
    }
}

static Set sees_all(const BasicsObject *t, Set cells) {
    Set seen = t->all;
    FOR_BITS(c, cells) seen = s_and(seen, t->peer[c]);
    return seen;
}

/* links.py's _rating. */
static int chain_rating(const Chains *k) {
    const BasicsObject *t = k->t;
    int base = k->count == 2 ? 40 : 54, grouped = 0, kinds = 0;
    for (int i = 0; i < k->count; i++) {
        const Link *link = &k->link[k->chain[i]];
        grouped |= link->grouped;
        kinds |= 1 << kind_class(t->kind[link->unit]);
    }
    if (grouped || kinds & 1 << OTHER) return base + 3;
    if (kinds & 1 << BOX) return base + (k->count == 2 ? 2 : 1);
    int one_kind = kinds == 1 << ROW || kinds == 1 << COLUMN;
    return base + (one_kind ? 0 : k->count == 2 ? 1 : 2);
}

/* links.py's _chain_hint for the chain in k; kept if it beats the best so far. */
static void offer_chain(Chains *k) {
    const BasicsObject *t = k->t;
    const Link *first = &k->link[k->chain[0]], *last = &k->link[k->chain[k->count - 1]];
    if (first->unit >= last->unit) return;
    Set bases = {{0, 0}};
    for (int i = 0; i < k->count; i++) bases = s_or(bases, t->unit[k->link[k->chain[i]].unit]);
    Set ends = s_or(first->ends[k->entries[0]], last->ends[1 - k->entries[k->count - 1]]);
    Set victims = s_minus(sees_all(t, ends), bases);
    if (k->flavour->spare_joints)
        for (int i = 0; i < k->count - 1; i++) victims = s_minus(victims, t->unit[k->shared[i]]);
    Set removed = s_and(victims, k->places);
    if (!s_any(removed)) return;
    int rating = chain_rating(k), count = s_count(removed);
    LinksFound *best = k->best;
    if (best->found && (rating > best->rating ||
                        (rating == best->rating && count <= best->count)))
        return;
    best->found = 1;
    best->rating = rating;
    best->count = count;
    best->digit = k->digit;
    best->removed = removed;
    best->links = k->count;
    for (int i = 0; i < k->count; i++) {
        const Link *link = &k->link[k->chain[i]];
        best->ends[i][0] = link->ends[k->entries[i]];
        best->ends[i][1] = link->ends[1 - k->entries[i]];
    }
}

/* links.py's _chains: extend the chain of `length` links. */
static void extend(Chains *k, int length, Set used, int in_box) {
    if (length >= k->count || length >= 3) {   /* count: 2 or 3 */
        offer_chain(k);
        return;
    }
    int last = k->chain[length - 1], side = 1 - k->entries[length - 1];
    const Joint *joints = k->joints[last][side];
    for (int i = 0; i < k->joint_count[last][side]; i++) {
        const Link *next = &k->link[joints[i].link];
        int box = k->t->kind[next->unit] == BOX;
        if (s_any(s_and(next->places, used)) || (k->flavour->one_box && in_box && box)) continue;
        k->chain[length] = joints[i].link;
        k->entries[length] = joints[i].entry;
        k->shared[length - 1] = joints[i].unit;
        extend(k, length + 1, s_or(used, next->places), in_box || box);
    }
}

int strong_links(const BasicsObject *t, const Set *digit_cells, int count, LinksFound *best) {
    static Chains k;
    static Joint storage[RB_LINKS][2][2 * RB_LINKS];
    k.t = t;
    k.count = count;
    k.flavour = count == 2 ? &TURBOT : &CHAIN;
    k.best = best;
    best->found = 0;
    for (int i = 0; i < RB_LINKS; i++)
        for (int e = 0; e < 2; e++) k.joints[i][e] = storage[i][e];
    for (int d = 0; d < t->n; d++) {
        k.digit = d;
        k.places = digit_cells[d];
        find_links(&k);
        find_joints(&k);
        for (int first = 0; first < k.links; first++) {
            for (int entry = 0; entry < 2; entry++) {
                k.chain[0] = first;
                k.entries[0] = entry;
                extend(&k, 1, k.link[first].places, t->kind[k.link[first].unit] == BOX);
            }
        }
    }
    return best->found;
}
