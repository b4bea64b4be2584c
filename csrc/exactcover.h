/* Dancing Links (Knuth's Algorithm X) over any exact-cover matrix: the compiled twin of
   core/solve/dlx.py's search, and the independent second opinion on the compiled path.

   It shares no code or tables with the solver (solver.c): it knows only columns and
   rows, the matrix core/solve/dlx.py builds. Columns are numbered 0..columns-1 (header nodes
   1..columns, node 0 the root); a row is the list of its columns, in node order. The
   branching rule is dlx.py's: a column with the fewest rows, the first one with at most
   one; among columns tied at two or more, the first `preferred` columns (dlx.py's cell
   columns) are compared by how many of their peer columns are still open. */

#ifndef BOOKMAKER_EXACTCOVER_H
#define BOOKMAKER_EXACTCOVER_H

typedef struct {
    int columns, rows, nodes, preferred;
    int *left, *right, *up, *down; /* the untouched links, per node */
    int *column;                   /* each node's header (a header's is itself) */
    int *row_of;                   /* each row node's row number (-1 for the root, headers) */
    int *size;                     /* rows per header, untouched; index 0 unused */
    int *row_start;                /* rows + 1: the first node of each row */
    int *peer_start, *peer;        /* per preferred header 1..preferred: its peers' headers */
    int *storage;
} Matrix;

/* Build the links. row_start/row_columns list each row's columns (0-based);
   peer_start/peers each preferred column's peer columns (0-based). 0, or -1 for memory. */
int matrix_build(Matrix *matrix, int columns, int rows, const int *row_start,
                 const int *row_columns, int preferred, const int *peer_start,
                 const int *peers);

void matrix_free(Matrix *matrix);

typedef struct {
    int clash;          /* two given rows share a column: nothing was searched */
    long long count;    /* solutions found (at most the limit) */
    int complete;       /* the search decided before max_nodes ran out */
    long long nodes;
    int *rows;          /* the chosen rows of every solution, one after another */
    int *start;         /* count + 1 offsets into rows */
} CoverResult;

/* Up to `limit` (>= 1) exact covers that include the given rows, visiting at most
   max_nodes search nodes (LLONG_MAX: no budget). 0, or -1 for memory; free the result
   with cover_result_free. */
int exact_cover(const Matrix *matrix, const int *given_rows, int given_count, long long limit,
                long long max_nodes, CoverResult *result);

void cover_result_free(CoverResult *result);

#endif
