/* The exact solver: singles to a fixed point, then depth-first search; see solver.h.
   Each function names the Python function it mirrors; where the Python has a reason for
   a choice, the comment there holds it. */

#include <stdlib.h>

#include "proof.h"
#include "solver.h"
#include "splitmix.h"

/* A check with no budget first searches this far, then asks the prover (proof.h) if
   that did not settle it: most checks are settled in a few nodes. */
#define SEARCH_BEFORE_PROOF 2000

/* Everything one search writes: a stack of levels (a branching node's fixed-point boards
   and placed set, its cell and values, the next value to try) and propagate's scratch.
   Nothing in it is read before it is written, so it is neither zeroed nor cleared
   between the searches that share it (a removal's checks). */
struct Workspace {
    int n, w, level_words, levels;
    word *sets;             /* levels * level_words: boards (n * w), then placed (w) */
    int *cell, *values, *value_count, *next, *keys;
    word *scanned, *owners; /* n * w each */
    word *singles, *lost, *blocked, *open; /* w each */
};

/* A workspace with room for `levels` search levels (0 for propagation alone). */
static int workspace_init(Workspace *ws, const Board *board, int levels) {
    int n = board->n, w = board->w;
    ws->n = n;
    ws->w = w;
    ws->level_words = (n + 1) * w;
    ws->levels = levels;
    size_t words = (size_t)ws->levels * ws->level_words + 2 * (size_t)n * w + 4 * (size_t)w;
    size_t ints = (size_t)ws->levels * (3 + (size_t)n) + (size_t)n;
    ws->sets = malloc(words * sizeof(word));
    ws->cell = malloc(ints * sizeof(int));
    if (!ws->sets || !ws->cell) {
        free(ws->sets);
        free(ws->cell);
        return -1;
    }
    ws->value_count = ws->cell + ws->levels;
    ws->next = ws->value_count + ws->levels;
    ws->values = ws->next + ws->levels;
    ws->keys = ws->values + (size_t)ws->levels * n;
    word *rest = ws->sets + (size_t)ws->levels * ws->level_words;
    ws->scanned = rest;
    ws->owners = rest + (size_t)n * w;
    rest += 2 * (size_t)n * w;
    word **scratch[] = {&ws->singles, &ws->lost, &ws->blocked, &ws->open};
    for (int i = 0; i < 4; i++) *scratch[i] = rest + (size_t)i * w;
    return 0;
}

static void workspace_free(Workspace *ws) {
    free(ws->sets);
    free(ws->cell);
}

static inline word *level_boards(Workspace *ws, int level) {
    return ws->sets + (size_t)level * ws->level_words;
}

static inline word *level_placed(Workspace *ws, int level) {
    return level_boards(ws, level) + (size_t)ws->n * ws->w;
}

/* _naked_singles: the open cells with one candidate into `singles`; -1 if some cell has
   none, else whether there is any. */
static int naked_singles(const Board *board, const word *boards, const word *placed,
                         word *singles) {
    int n = board->n, w = board->w, any = 0;
    for (int i = 0; i < w; i++) {
        word one = 0, two = 0;
        for (int d = 0; d < n; d++) {
            word b = boards[(size_t)d * w + i];
            two |= one & b;
            one |= b;
        }
        if (one != board->full[i]) return -1;
        singles[i] = board->full[i] & ~two & ~placed[i];
        any |= singles[i] != 0;
    }
    return any;
}

/* One unit of _hidden_singles: -1 if the symbol has no place in it, 0 if one (added to
   `mine`), 1 if several. */
static inline int unit_places(const word *b, const Span *unit, word *mine) {
    int where = -1;
    for (int i = unit->lo; i < unit->hi; i++) {
        word m = b[i] & unit->bits[i];
        if (m) {
            if ((m & (m - 1)) || where >= 0) return 1;
            where = i;
        }
    }
    if (where < 0) return -1;
    mine[where] |= b[where] & unit->bits[where];
    return 0;
}

/* _hidden_singles, for one symbol's board: its hidden singles into `mine`, looking only at
   the units that lost candidates since `before`; -1 on a contradiction. */
static int symbol_hidden_singles(const Board *board, const word *b, const word *before,
                                 const word *placed, word *lost, word *mine) {
    int w = board->w, any_lost = 0, any_open = 0;
    for (int i = 0; i < w; i++) {
        lost[i] = before[i] & ~b[i];
        any_lost |= lost[i] != 0;
        any_open |= (b[i] & ~placed[i]) != 0;
        mine[i] = 0;
    }
    if (!any_lost || !any_open) return 0;
    if (set_count(lost, w) > board->many) {
        for (int u = 0; u < board->units; u++)
            if (unit_places(b, &board->unit[u], mine) < 0) return -1;
    } else {
        FOR_EACH_BIT(lost, w, cell) {
            int end = board->cell_unit_start[cell + 1];
            for (int k = board->cell_unit_start[cell]; k < end; k++)
                if (unit_places(b, &board->unit[board->cell_unit[k]], mine) < 0) return -1;
        }
    }
    return 0;
}

/* _hidden_singles: the cells where a symbol has one place left in a unit into `singles`,
   each symbol's into `owners`; -1 on a contradiction (no place in a unit, or a cell
   claimed by two symbols), else whether there is any. */
static int hidden_singles(const Board *board, Workspace *ws, const word *boards,
                          const word *placed, const word *scanned) {
    int n = board->n, w = board->w, any = 0;
    set_clear(ws->singles, w);
    for (int d = 0; d < n; d++) {
        const word *before = scanned ? scanned + (size_t)d * w : board->full;
        word *mine = ws->owners + (size_t)d * w;
        if (symbol_hidden_singles(board, boards + (size_t)d * w, before, placed, ws->lost,
                                  mine) < 0)
            return -1;
        for (int i = 0; i < w; i++) {
            mine[i] &= ~placed[i];
            if (mine[i] & ws->singles[i]) return -1;
            ws->singles[i] |= mine[i];
            any |= mine[i] != 0;
        }
    }
    return any;
}

/* _keep_owners */
static void keep_owners(const Board *board, word *boards, const word *singles,
                        const word *owners) {
    int w = board->w;
    for (int d = 0; d < board->n; d++, boards += w, owners += w)
        for (int i = 0; i < w; i++) boards[i] = (boards[i] & ~singles[i]) | owners[i];
}

static inline void remove_span(word *set, const Span *span) {
    for (int i = span->lo; i < span->hi; i++) set[i] &= ~span->bits[i];
}

/* _clear_peers */
static void clear_peers(const Board *board, Workspace *ws, word *boards, const word *singles) {
    int n = board->n, w = board->w;
    if (set_count_to_two(singles, w) == 1) {
        int cell = set_first(singles, w);
        for (int d = 0; d < n; d++) {
            if (set_has(boards + (size_t)d * w, cell)) {
                remove_span(boards + (size_t)d * w, &board->peers[cell]);
                return;
            }
        }
        return;
    }
    for (int d = 0; d < n; d++) {
        word *b = boards + (size_t)d * w;
        int any = 0;
        set_clear(ws->blocked, w);
        for (int i = 0; i < w; i++) {
            for (word mine = b[i] & singles[i]; mine; mine &= mine - 1) {
                const Span *peers = &board->peers[i * 64 + lowest_bit(mine)];
                for (int j = peers->lo; j < peers->hi; j++) ws->blocked[j] |= peers->bits[j];
                any = 1;
            }
        }
        if (any)
            for (int i = 0; i < w; i++) b[i] &= ~ws->blocked[i];
    }
}

/* propagate: naked and hidden singles until none is left; 0, or -1 on a contradiction.
   `scanned` is NULL for "every cell lost" (search.py's [full] * n). */
static int propagate(const Board *board, Workspace *ws, word *boards, word *placed,
                     const word *scanned) {
    int w = board->w;
    for (;;) {
        int found = naked_singles(board, boards, placed, ws->singles);
        if (found < 0) return -1;
        if (!found) {
            found = hidden_singles(board, ws, boards, placed, scanned);
            if (found < 0) return -1;
            if (!found) return 0;
            set_copy(ws->scanned, boards, board->n * w);
            scanned = ws->scanned;
            keep_owners(board, boards, ws->singles, ws->owners);
        }
        for (int i = 0; i < w; i++) placed[i] |= ws->singles[i];
        clear_peers(board, ws, boards, ws->singles);
    }
}

Workspace *solver_workspace(const Board *board, int search) {
    Workspace *ws = malloc(sizeof *ws);
    if (ws && workspace_init(ws, board, search ? SEARCH_LEVELS(board) : 0) < 0) {
        free(ws);
        return NULL;
    }
    return ws;
}

void solver_workspace_free(Workspace *ws) {
    if (!ws) return;
    workspace_free(ws);
    free(ws);
}

int solver_propagate_in(const Board *board, Workspace *ws, word *boards, word *placed,
                        const word *scanned) {
    return propagate(board, ws, boards, placed, scanned);
}

int solver_propagate(const Board *board, word *boards, word *placed, const word *scanned) {
    Workspace ws;
    if (workspace_init(&ws, board, 0) < 0) return -2;
    int result = propagate(board, &ws, boards, placed, scanned);
    workspace_free(&ws);
    return result;
}

/* rounds_to_contradiction, in a workspace: rounds, or 0 for none. */
static int rounds_in(const Board *board, Workspace *ws, word *boards, word *placed) {
    int w = board->w;
    for (int rounds = 1;; rounds++) {
        int found = naked_singles(board, boards, placed, ws->singles);
        if (found < 0) return rounds;
        if (!found) {
            found = hidden_singles(board, ws, boards, placed, NULL);
            if (found < 0) return rounds;
            if (!found) return 0;
            keep_owners(board, boards, ws->singles, ws->owners);
        }
        for (int i = 0; i < w; i++) placed[i] |= ws->singles[i];
        clear_peers(board, ws, boards, ws->singles);
    }
}

int solver_rounds_in(const Board *board, Workspace *ws, word *boards, word *placed) {
    return rounds_in(board, ws, boards, placed);
}

int solver_rounds_to_contradiction(const Board *board, word *boards, word *placed) {
    Workspace ws;
    if (workspace_init(&ws, board, 0) < 0) return -1;
    int rounds = rounds_in(board, &ws, boards, placed);
    workspace_free(&ws);
    return rounds;
}

/* fewest_candidates_cells, into `fewest` (and the open cells into ws->open): the open
   cells with the fewest candidates, two or more (after propagate none has fewer); 0 if
   there is none. */
static int fewest_candidates_cells(const Board *board, Workspace *ws, const word *boards,
                                   const word *placed, word *fewest) {
    int n = board->n, w = board->w, any = 0;
    for (int i = 0; i < w; i++) {
        word one = 0, two = 0, three = 0;
        for (int d = 0; d < n; d++) {
            word b = boards[(size_t)d * w + i];
            three |= two & b;
            two |= one & b;
            one |= b;
        }
        fewest[i] = two & ~three & ~placed[i];
        ws->open[i] = board->full[i] & ~placed[i];
        any |= fewest[i] != 0;
    }
    if (any) return 1;
    int least = n + 1;
    FOR_EACH_BIT(ws->open, w, cell) {
        int count = 0;
        for (int d = 0; d < n; d++) count += set_has(boards + (size_t)d * w, cell);
        if (count >= 2 && count < least) {
            least = count;
            set_clear(fewest, w);
        }
        if (count == least) set_add(fewest, cell);
    }
    return least <= n;
}

/* most_constrained_cell (MRV, ties to the most open peers, then the lowest cell), or with
   a rank, random_solution's pick_cell (the lowest rank among the fewest). -1 if no open
   cell can be branched on. */
static int pick_cell(const Board *board, Workspace *ws, const word *boards,
                     const word *placed, const int *rank) {
    int w = board->w, best = -1, best_key = -1;
    word *fewest = ws->lost; /* free between propagations */
    if (!fewest_candidates_cells(board, ws, boards, placed, fewest)) return -1;
    FOR_EACH_BIT(fewest, w, cell) {
        if (rank) {
            if (best < 0 || rank[cell] < best_key) best = cell, best_key = rank[cell];
            continue;
        }
        const Span *peers = &board->peers[cell];
        int degree = 0;
        for (int i = peers->lo; i < peers->hi; i++)
            degree += popcount64(peers->bits[i] & ws->open[i]);
        if (degree > best_key) best = cell, best_key = degree;
    }
    return best;
}

/* least_constraining_first: a stable sort by the peer candidates each value removes. */
static void order_least_constraining(const Board *board, const word *boards, int cell,
                                     int *values, int count, int *keys) {
    const Span *peers = &board->peers[cell];
    for (int k = 0; k < count; k++) {
        const word *b = boards + (size_t)values[k] * board->w;
        keys[k] = 0;
        for (int i = peers->lo; i < peers->hi; i++) keys[k] += popcount64(b[i] & peers->bits[i]);
    }
    for (int k = 1; k < count; k++) {
        int value = values[k], key = keys[k], j = k;
        for (; j > 0 && keys[j - 1] > key; j--) {
            values[j] = values[j - 1];
            keys[j] = keys[j - 1];
        }
        values[j] = value;
        keys[j] = key;
    }
}

/* Clues._known_value_first */
static void order_known_first(int known, int *values, int count) {
    for (int k = 0; k < count; k++) {
        if (values[k] == known) {
            for (; k > 0; k--) values[k] = values[k - 1];
            values[0] = known;
            return;
        }
    }
}

/* cell_candidates, then the spec's value order: the level's values, in trying order. */
static void branch_values(const Board *board, Workspace *ws, const SearchSpec *spec,
                          int level, int cell) {
    const word *boards = level_boards(ws, level);
    int *values = ws->values + (size_t)level * ws->n, count = 0;
    for (int d = 0; d < board->n; d++)
        if (set_has(boards + (size_t)d * board->w, cell)) values[count++] = d;
    if (spec->order == VALUES_LEAST_CONSTRAINING)
        order_least_constraining(board, boards, cell, values, count, ws->keys);
    else if (spec->order == VALUES_KNOWN_FIRST)
        order_known_first(spec->known[cell] - 1, values, count);
    else if (spec->order == VALUES_SHUFFLED)
        splitmix_shuffle(spec->rng, values, count);
    ws->cell[level] = cell;
    ws->value_count[level] = count;
    ws->next[level] = 0;
}

/* The next untried child of `level`'s node, written into level + 1. */
static void make_child(const Board *board, Workspace *ws, int level) {
    int cell = ws->cell[level], w = board->w;
    int d = ws->values[(size_t)level * ws->n + ws->next[level]++];
    word *child = level_boards(ws, level + 1);
    set_copy(child, level_boards(ws, level), ws->level_words);
    word bit = (word)1 << (cell & 63);
    for (int e = 0; e < board->n; e++) child[(size_t)e * w + (cell >> 6)] &= ~bit;
    child[(size_t)d * w + (cell >> 6)] |= bit;
}

int solver_level_of(const Workspace *ws, const word *boards) {
    return (int)((boards - ws->sets) / ws->level_words);
}

/* boards_to_cells */
static void read_solution(const Board *board, const word *boards, int *solution) {
    for (int cell = 0; cell < board->cells; cell++) solution[cell] = 0;
    for (int d = 0; d < board->n; d++) {
        FOR_EACH_BIT(boards + (size_t)d * board->w, board->w, cell) solution[cell] = d + 1;
    }
}

/* One step of the search loop: the node at `level` (propagated here) is a dead end (0),
   a solution (1), or branches (2). */
static int visit(const Board *board, Workspace *ws, const SearchSpec *spec, int level,
                 const word *scanned) {
    word *boards = level_boards(ws, level), *placed = level_placed(ws, level);
    int settled = spec->settle ? spec->settle(spec->context, board, ws, boards, placed, scanned)
                               : propagate(board, ws, boards, placed, scanned);
    if (settled < 0) return 0;
    if (set_equal(placed, board->full, board->w)) return 1;
    int cell = pick_cell(board, ws, boards, placed, spec->rank);
    if (cell < 0) return 0; /* unreachable after propagate: every open cell has two */
    branch_values(board, ws, spec, level, cell);
    return 2;
}

/* solver_search in a workspace: 0, or -1 if the levels ran out (they cannot). */
static int search_in(const Board *board, Workspace *ws, const word *boards, const word *placed,
                     const SearchSpec *spec, SearchResult *result, int *solution) {
    set_copy(level_boards(ws, 0), boards, board->n * board->w);
    set_copy(level_placed(ws, 0), placed, board->w);
    long long count = 0, nodes = 0;
    int found = 0, complete = 1, level = 0, root = 1;
    for (;;) {
        const word *scanned = NULL;
        if (!root) { /* the stack's top: the next value of the deepest open level */
            while (level > 0 && ws->next[level - 1] == ws->value_count[level - 1]) level--;
            if (level == 0) break;
            make_child(board, ws, level - 1);
            scanned = level_boards(ws, level - 1);
        }
        root = 0;
        if (nodes >= spec->max_nodes) {
            complete = 0;
            break;
        }
        nodes++;
        int kind = visit(board, ws, spec, level, scanned);
        if (kind == 1) {
            count++;
            if (!found && spec->keep_solution) {
                read_solution(board, level_boards(ws, level), solution);
                found = 1;
            }
            if (count >= spec->limit) break;
        } else if (kind == 2 && ++level >= ws->levels) {
            return -1; /* cannot happen: a level places a cell */
        }
    }
    result->count = count;
    result->found = found;
    result->complete = complete;
    result->nodes = nodes;
    return 0;
}

int solver_search_in(const Board *board, Workspace *ws, const word *boards,
                     const word *placed, const SearchSpec *spec, SearchResult *result,
                     int *solution) {
    return search_in(board, ws, boards, placed, spec, result, solution);
}

int solver_search(const Board *board, const word *boards, const word *placed,
                  const SearchSpec *spec, SearchResult *result, int *solution) {
    Workspace ws;
    if (workspace_init(&ws, board, SEARCH_LEVELS(board)) < 0) return -1;
    int failed = search_in(board, &ws, boards, placed, spec, result, solution);
    workspace_free(&ws);
    return failed;
}

/* Each symbol's board := the cells its clues see; placed := the clue cells. */
static void clue_sight(const Board *board, const int *givens, word *boards, word *placed) {
    int w = board->w;
    set_clear(boards, board->n * w);
    set_clear(placed, w);
    for (int cell = 0; cell < board->cells; cell++) {
        if (!givens[cell]) continue;
        set_add(placed, cell);
        word *b = boards + (size_t)(givens[cell] - 1) * w;
        const Span *peers = &board->peers[cell];
        for (int i = peers->lo; i < peers->hi; i++) b[i] |= peers->bits[i];
    }
}

/* From clue_sight's boards to candidates: every symbol may go in the open cells its
   clues do not see, and holds its own clues. */
static void clue_candidates(const Board *board, const int *givens, word *boards,
                            const word *placed) {
    int w = board->w;
    for (int d = 0; d < board->n; d++) {
        word *b = boards + (size_t)d * w;
        for (int i = 0; i < w; i++) b[i] = board->full[i] & ~placed[i] & ~b[i];
    }
    for (int cell = 0; cell < board->cells; cell++)
        if (givens[cell]) set_add(boards + (size_t)(givens[cell] - 1) * w, cell);
}

/* Clues' boards for the clues `givens` (no clash check, as in Clues). */
static void clue_boards(const Board *board, const int *givens, word *boards, word *placed) {
    clue_sight(board, givens, boards, placed);
    clue_candidates(board, givens, boards, placed);
}

int solver_initial(const Board *board, const int *cells, word *boards, word *placed) {
    clue_sight(board, cells, boards, placed);
    for (int cell = 0; cell < board->cells; cell++)
        if (cells[cell] && set_has(boards + (size_t)(cells[cell] - 1) * board->w, cell))
            return 0; /* a clue sees another clue of its symbol */
    clue_candidates(board, cells, boards, placed);
    return 1;
}

/* Clues.single */
static int is_single(const Board *board, const word *boards, int cell, int d) {
    int w = board->w, other = 0;
    for (int e = 0; e < board->n && !other; e++)
        other = e != d && set_has(boards + (size_t)e * w, cell);
    if (!other) return 1;
    const word *b = boards + (size_t)d * w;
    for (int k = board->cell_unit_start[cell]; k < board->cell_unit_start[cell + 1]; k++) {
        const Span *unit = &board->unit[board->cell_unit[k]];
        int alone = 1;
        for (int i = 0; i < w && alone; i++) {
            word only = (cell >> 6) == i ? (word)1 << (cell & 63) : 0;
            alone = (b[i] & unit->bits[i]) == only;
        }
        if (alone) return 1;
    }
    return 0;
}

/* The clues' boards and placed set, a workspace for their searches, and the prover for
   checks with no budget (made when first needed). */
typedef struct {
    word *boards, *placed;
    Workspace ws;
    Proof *proof;
    int *givens;
    int no_proof; /* the tables are not a Sudoku's: no prover (searches decide) */
} Checks;

/* Clues.forced, on the checks' boards (made for the clues): 1, 0, or -1 (memory). A
   check with no budget (max_nodes >= UNBOUNDED_NODES) not settled by a short search is
   proved (proof.h): either way it is complete, so the answer is the same. */
static int forced_on(const Board *board, Checks *checks, const int *solution, int cell,
                     long long max_nodes) {
    int d = solution[cell] - 1, w = board->w;
    word *boards = checks->boards;
    if (is_single(board, boards, cell, d)) return 1;
    int unbounded = max_nodes >= UNBOUNDED_NODES && !checks->no_proof;
    word *bits = boards + (size_t)d * w;
    word kept = bits[cell >> 6];
    bits[cell >> 6] &= ~((word)1 << (cell & 63));
    SearchSpec spec = {1, unbounded ? SEARCH_BEFORE_PROOF : max_nodes, 0, VALUES_KNOWN_FIRST,
                       solution, NULL, NULL, NULL, NULL};
    SearchResult found;
    int failed = search_in(board, &checks->ws, boards, checks->placed, &spec, &found, NULL);
    bits[cell >> 6] = kept;
    if (failed) return -1;
    if (found.complete || !unbounded) return found.complete && found.count == 0;
    if (!checks->proof && !(checks->proof = proof_new(board))) {
        checks->no_proof = 1; /* not a Sudoku's tables, or no memory: search on */
        return forced_on(board, checks, solution, cell, max_nodes);
    }
    for (int c = 0; c < board->cells; c++)
        checks->givens[c] = set_has(checks->placed, c) ? solution[c] : 0;
    int exists = proof_solution_exists(checks->proof, checks->givens, cell, d + 1, solution);
    return exists < 0 ? -1 : !exists;
}

static int checks_init(Checks *checks, const Board *board) {
    checks->boards = malloc(sizeof(word) * (size_t)(board->n + 1) * board->w);
    checks->givens = malloc(sizeof(int) * (size_t)board->cells);
    checks->proof = NULL;
    checks->no_proof = 0;
    if (!checks->boards || !checks->givens) {
        free(checks->boards);
        free(checks->givens);
        return -1;
    }
    checks->placed = checks->boards + (size_t)board->n * board->w;
    if (workspace_init(&checks->ws, board, SEARCH_LEVELS(board)) == 0) return 0;
    free(checks->boards);
    free(checks->givens);
    return -1;
}

static void checks_free(Checks *checks) {
    workspace_free(&checks->ws);
    proof_free(checks->proof);
    free(checks->boards);
    free(checks->givens);
}

int solver_forced(const Board *board, const int *givens, const int *solution, int cell,
                  long long max_nodes) {
    Checks checks;
    if (checks_init(&checks, board) < 0) return -1;
    clue_boards(board, givens, checks.boards, checks.placed);
    int forced = forced_on(board, &checks, solution, cell, max_nodes);
    checks_free(&checks);
    return forced;
}

/* removal.Clues: the boards kept up to date as clues come and go, by symbol. */
typedef struct {
    Checks checks;
    word *holding, *blocked; /* per symbol: its clues, the cells they see */
    const int *solution;
} Clues;

static void clues_rebuild(const Board *board, Clues *clues, int d) {
    int w = board->w;
    word *blocked = clues->blocked + (size_t)d * w, *holding = clues->holding + (size_t)d * w;
    word *b = clues->checks.boards + (size_t)d * w;
    set_clear(blocked, w);
    FOR_EACH_BIT(holding, w, cell) {
        const Span *peers = &board->peers[cell];
        for (int i = peers->lo; i < peers->hi; i++) blocked[i] |= peers->bits[i];
    }
    for (int i = 0; i < w; i++)
        b[i] = (board->full[i] & ~clues->checks.placed[i] & ~blocked[i]) | holding[i];
}

static int clues_init(Clues *clues, const Board *board, const int *solution) {
    int n = board->n, w = board->w;
    if (checks_init(&clues->checks, board) < 0) return -1;
    clues->holding = calloc(2 * (size_t)n * w, sizeof(word));
    if (!clues->holding) {
        checks_free(&clues->checks);
        return -1;
    }
    clues->blocked = clues->holding + (size_t)n * w;
    clues->solution = solution;
    set_copy(clues->checks.placed, board->full, w);
    for (int cell = 0; cell < board->cells; cell++)
        set_add(clues->holding + (size_t)(solution[cell] - 1) * w, cell);
    for (int d = 0; d < n; d++) clues_rebuild(board, clues, d);
    return 0;
}

static void clues_free(Clues *clues) {
    free(clues->holding);
    checks_free(&clues->checks);
}

/* Clues.blank */
static void clues_blank(const Board *board, Clues *clues, int cell) {
    int d = clues->solution[cell] - 1, w = board->w;
    set_remove(clues->checks.placed, cell);
    set_remove(clues->holding + (size_t)d * w, cell);
    clues_rebuild(board, clues, d);
    for (int e = 0; e < board->n; e++)
        if (e != d && !set_has(clues->blocked + (size_t)e * w, cell))
            set_add(clues->checks.boards + (size_t)e * w, cell);
}

/* Clues.restore */
static void clues_restore(const Board *board, Clues *clues, int cell) {
    int d = clues->solution[cell] - 1, w = board->w;
    set_add(clues->checks.placed, cell);
    set_add(clues->holding + (size_t)d * w, cell);
    for (int e = 0; e < board->n; e++) set_remove(clues->checks.boards + (size_t)e * w, cell);
    clues_rebuild(board, clues, d);
}

/* Whether the clues force every cell of one (blanked) orbit; -1 (memory). */
static int orbit_forced(const Board *board, Clues *clues, const int *cells, int size,
                        long long max_nodes) {
    Checks *checks = &clues->checks;
    for (int k = 0; k < size; k++) {
        int forced = forced_on(board, checks, clues->solution, cells[k], max_nodes);
        if (forced <= 0) return forced;
    }
    return 1;
}

int solver_remove_clues(const Board *board, const int *solution, const int *cells,
                        const int *start, int orbits, long long target_clues,
                        long long max_nodes, int *givens) {
    Clues clues;
    if (clues_init(&clues, board, solution) < 0) return -1;
    long long count = board->cells;
    int failed = 0;
    for (int cell = 0; cell < board->cells; cell++) givens[cell] = solution[cell];
    for (int k = 0; k < orbits && count > target_clues && !failed; k++) {
        const int *orbit = cells + start[k];
        int size = start[k + 1] - start[k];
        if (count - size < target_clues) continue;
        for (int j = 0; j < size; j++) clues_blank(board, &clues, orbit[j]);
        int forced = orbit_forced(board, &clues, orbit, size, max_nodes);
        failed = forced < 0;
        if (forced > 0) {
            count -= size;
            for (int j = 0; j < size; j++) givens[orbit[j]] = 0;
        } else {
            for (int j = 0; j < size; j++) clues_restore(board, &clues, orbit[j]);
        }
    }
    clues_free(&clues);
    return failed ? -1 : 0;
}

/* generator._seeded_boxes: each independent block (blocks[start[k]] .. blocks[start[k + 1]
   - 1]) given a permutation of the symbols drawn from the stream. */
static void seeded_boxes(const Board *board, const int *blocks, const int *start, int count,
                         uint64_t *rng, int *perm, word *boards, word *placed) {
    int n = board->n, w = board->w;
    for (int d = 0; d < n; d++) set_copy(boards + (size_t)d * w, board->full, w);
    set_clear(placed, w);
    for (int k = 0; k < count; k++) {
        for (int d = 0; d < n; d++) perm[d] = d;
        splitmix_shuffle(rng, perm, n);
        for (int j = start[k], m = 0; j < start[k + 1] && m < n; j++, m++) {
            int cell = blocks[j], d = perm[m];
            for (int e = 0; e < n; e++) set_remove(boards + (size_t)e * w, cell);
            remove_span(boards + (size_t)d * w, &board->peers[cell]);
            set_add(boards + (size_t)d * w, cell);
            set_add(placed, cell);
        }
    }
}

int solver_random_solution(const Board *board, const int *blocks, const int *start, int count,
                           uint64_t *rng, long long max_nodes, long long attempts,
                           int *solution) {
    int cells = board->cells, n = board->n;
    word *boards = malloc(sizeof(word) * (size_t)(n + 1) * board->w);
    int *rank = malloc(sizeof(int) * ((size_t)cells + n));
    Workspace ws;
    if (!boards || !rank || workspace_init(&ws, board, SEARCH_LEVELS(board)) < 0) {
        free(boards);
        free(rank);
        return -1;
    }
    word *placed = boards + (size_t)n * board->w;
    int *perm = rank + cells, found = 0, failed = 0;
    for (long long attempt = 0; attempt < attempts && !found && !failed; attempt++) {
        seeded_boxes(board, blocks, start, count, rng, perm, boards, placed);
        for (int cell = 0; cell < cells; cell++) rank[cell] = cell;
        splitmix_shuffle(rng, rank, cells);
        SearchSpec spec = {1, max_nodes, 1, VALUES_SHUFFLED, NULL, rank, rng, NULL, NULL};
        SearchResult result;
        failed = search_in(board, &ws, boards, placed, &spec, &result, solution) < 0;
        found = result.count > 0;
    }
    workspace_free(&ws);
    free(boards);
    free(rank);
    return failed ? -1 : found;
}
