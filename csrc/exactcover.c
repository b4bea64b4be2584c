/* Dancing Links: core/solve/dlx.py's links, cover, uncover and search, in C; see exactcover.h. */

#include <stdlib.h>
#include <string.h>

#include "exactcover.h"

#define ROOT 0

static void append_to_column(Matrix *m, int header, int node) {
    int bottom = m->up[header];
    m->up[node] = bottom;
    m->down[node] = header;
    m->down[bottom] = node;
    m->up[header] = node;
}

static int allocate(Matrix *m, int peer_count) {
    size_t total = (size_t)m->nodes;
    size_t ints = 6 * total + (size_t)m->columns + 1 + (size_t)m->rows + 1 +
                  (size_t)m->preferred + 2 + (size_t)peer_count;
    m->storage = calloc(ints, sizeof(int));
    if (!m->storage) return -1;
    int *next = m->storage;
    int **per_node[] = {&m->left, &m->right, &m->up, &m->down, &m->column, &m->row_of};
    for (int k = 0; k < 6; k++, next += total) *per_node[k] = next;
    m->size = next;
    m->row_start = m->size + m->columns + 1;
    m->peer_start = m->row_start + m->rows + 1;
    m->peer = m->peer_start + m->preferred + 2;
    return 0;
}

int matrix_build(Matrix *m, int columns, int rows, const int *row_start,
                 const int *row_columns, int preferred, const int *peer_start,
                 const int *peers) {
    m->columns = columns;
    m->rows = rows;
    m->preferred = preferred;
    m->nodes = 1 + columns + row_start[rows];
    if (allocate(m, peer_start[preferred]) < 0) return -1;
    for (int node = 0; node < m->nodes; node++) {
        m->left[node] = node - 1;
        m->right[node] = node + 1;
        m->up[node] = m->down[node] = m->column[node] = node;
        m->row_of[node] = -1;
    }
    m->left[ROOT] = columns;
    m->right[columns] = ROOT;
    for (int row = 0; row < rows; row++) {
        int first = 1 + columns + row_start[row], last = 1 + columns + row_start[row + 1] - 1;
        m->row_start[row] = first;
        for (int node = first; node <= last; node++) {
            int header = 1 + row_columns[node - 1 - columns];
            append_to_column(m, header, node);
            m->column[node] = header;
            m->row_of[node] = row;
            m->size[header]++;
        }
        if (first <= last) {
            m->left[first] = last;
            m->right[last] = first;
        }
    }
    m->row_start[rows] = m->nodes;
    for (int k = 0; k <= preferred; k++) m->peer_start[k + 1] = peer_start[k];
    for (int k = 0; k < peer_start[preferred]; k++) m->peer[k] = 1 + peers[k];
    return 0;
}

void matrix_free(Matrix *m) {
    free(m->storage);
    m->storage = NULL;
}

/* One search's mutable copies of the links (_Links). */
typedef struct {
    const Matrix *m;
    int *left, *right, *up, *down, *size, *ties, *chosen;
    int *storage;
} Links;

static int links_init(Links *l, const Matrix *m) {
    size_t total = (size_t)m->nodes, columns = (size_t)m->columns + 1;
    l->storage = malloc(sizeof(int) * (4 * total + 3 * columns));
    if (!l->storage) return -1;
    l->m = m;
    l->left = l->storage;
    l->right = l->left + total;
    l->up = l->right + total;
    l->down = l->up + total;
    l->size = l->down + total;
    l->ties = l->size + columns;
    l->chosen = l->ties + columns;
    memcpy(l->left, m->left, sizeof(int) * total);
    memcpy(l->right, m->right, sizeof(int) * total);
    memcpy(l->up, m->up, sizeof(int) * total);
    memcpy(l->down, m->down, sizeof(int) * total);
    memcpy(l->size, m->size, sizeof(int) * columns);
    return 0;
}

/* cover: take a column out of the header list and its rows out of every other column. */
static void cover(Links *l, int header) {
    int *left = l->left, *right = l->right, *up = l->up, *down = l->down;
    const int *column = l->m->column;
    left[right[header]] = left[header];
    right[left[header]] = right[header];
    for (int row = down[header]; row != header; row = down[row]) {
        for (int node = right[row]; node != row; node = right[node]) {
            up[down[node]] = up[node];
            down[up[node]] = down[node];
            l->size[column[node]]--;
        }
    }
}

/* uncover: undo cover(header) exactly, walking in the reverse order. */
static void uncover(Links *l, int header) {
    int *left = l->left, *right = l->right, *up = l->up, *down = l->down;
    const int *column = l->m->column;
    for (int row = up[header]; row != header; row = up[row]) {
        for (int node = left[row]; node != row; node = left[node]) {
            l->size[column[node]]++;
            up[down[node]] = node;
            down[up[node]] = node;
        }
    }
    left[right[header]] = header;
    right[left[header]] = header;
}

static void cover_rest_of_row(Links *l, int row) {
    for (int node = l->right[row]; node != row; node = l->right[node]) cover(l, l->m->column[node]);
}

static void uncover_rest_of_row(Links *l, int row) {
    for (int node = l->left[row]; node != row; node = l->left[node]) uncover(l, l->m->column[node]);
}

/* _most_connected_cell: among tied columns, the preferred column with most open peers. */
static int most_connected(const Links *l, int tie_count) {
    const Matrix *m = l->m;
    int best = l->ties[0], best_degree = -1;
    for (int k = 0; k < tie_count; k++) {
        int header = l->ties[k];
        if (header > m->preferred) break; /* headers are in order: preferred ones first */
        int degree = 0;
        for (int p = m->peer_start[header]; p < m->peer_start[header + 1]; p++)
            degree += l->right[l->left[m->peer[p]]] == m->peer[p];
        if (degree > best_degree) best = header, best_degree = degree;
    }
    return best;
}

/* _branch_column: Knuth's S heuristic with dlx.py's tie-break. */
static int branch_column(Links *l) {
    int first = l->right[ROOT], best_size = l->size[first], tie_count = 1;
    l->ties[0] = first;
    for (int header = l->right[first]; header != ROOT && best_size > 1; header = l->right[header]) {
        int size = l->size[header];
        if (size < best_size) {
            best_size = size;
            tie_count = 0;
        }
        if (size == best_size) l->ties[tie_count++] = header;
    }
    if (best_size <= 1) return l->ties[tie_count - 1];
    return most_connected(l, tie_count);
}

/* place_givens: 1, or 0 if two given rows need the same column. */
static int place_givens(Links *l, const int *given_rows, int given_count, char *covered) {
    const Matrix *m = l->m;
    for (int k = 0; k < given_count; k++) {
        int first = m->row_start[given_rows[k]], end = m->row_start[given_rows[k] + 1];
        for (int node = first; node < end; node++) {
            int header = m->column[node];
            if (covered[header]) return 0;
            covered[header] = 1;
            cover(l, header);
        }
    }
    return 1;
}

/* Growable storage for the solutions found. */
typedef struct {
    size_t row_capacity, solution_capacity;
} Room;

static int grow(void **array, size_t *capacity, size_t needed, size_t item) {
    if (needed <= *capacity) return 0;
    size_t grown = 2 * needed;
    void *bigger = realloc(*array, grown * item);
    if (!bigger) return -1;
    *array = bigger;
    *capacity = grown;
    return 0;
}

static int record_solution(CoverResult *r, const Links *l, int depth, Room *room) {
    size_t used = (size_t)r->start[r->count];
    if (grow((void **)&r->rows, &room->row_capacity, used + (size_t)depth, sizeof(int)) < 0 ||
        grow((void **)&r->start, &room->solution_capacity, (size_t)r->count + 2, sizeof(int)) < 0)
        return -1;
    for (int k = 0; k < depth; k++) r->rows[used + k] = l->m->row_of[l->chosen[k]];
    r->count++;
    r->start[r->count] = (int)(used + depth);
    return 0;
}

/* _search: Algorithm X with an explicit stack (Knuth's steps X2-X8). */
static int search(Links *l, long long limit, long long max_nodes, CoverResult *r) {
    int *right = l->right, *down = l->down, depth = 0;
    const int *column = l->m->column;
    Room room = {0, 1};
    for (;;) {
        r->nodes++;
        if (r->nodes > max_nodes) {
            r->nodes--;
            r->complete = 0;
            return 0;
        }
        if (right[ROOT] == ROOT) {
            if (record_solution(r, l, depth, &room) < 0) return -1;
            if (r->count >= limit) return 0;
        } else {
            int header = branch_column(l);
            if (l->size[header]) {
                cover(l, header);
                int row = down[header];
                cover_rest_of_row(l, row);
                l->chosen[depth++] = row;
                continue;
            }
        }
        for (;;) { /* backtrack to the deepest level with an untried row left */
            if (depth == 0) return 0;
            int row = l->chosen[--depth];
            uncover_rest_of_row(l, row);
            int header = column[row];
            row = down[row];
            if (row != header) {
                cover_rest_of_row(l, row);
                l->chosen[depth++] = row;
                break;
            }
            uncover(l, header);
        }
    }
}

int exact_cover(const Matrix *m, const int *given_rows, int given_count, long long limit,
                long long max_nodes, CoverResult *r) {
    memset(r, 0, sizeof *r);
    r->complete = 1;
    Links l;
    if (links_init(&l, m) < 0) return -1;
    char *covered = calloc((size_t)m->columns + 1, 1);
    r->start = calloc(1, sizeof(int)); /* grown as solutions come (Room) */
    int failed = !covered || !r->start;
    if (!failed && !place_givens(&l, given_rows, given_count, covered)) r->clash = 1;
    else if (!failed) failed = search(&l, limit, max_nodes, r) < 0;
    free(covered);
    free(l.storage);
    if (failed) {
        cover_result_free(r);
        return -1;
    }
    return 0;
}

void cover_result_free(CoverResult *r) {
    free(r->rows);
    free(r->start);
    r->rows = r->start = NULL;
}
