/* Skyscrapers' clues as the compiled Latin core takes them, made from the four sides
   (top, right, bottom, left, n clues each, 0 for none) rather than in Python at every
   trial of digging: skyscrapers/solver.line_data (the clued lines) and _fixed_masks (the
   bounds the clues put on each cell: every clue's, or the edge clues' 1 and N only). */

#include "latin.h"

/* skyscrapers/lines.clue_bound. */
static mask clue_bound(int n, int clue, int distance) {
    mask full = ((mask)1 << n) - 1;
    if (clue == 1) return distance ? full : (mask)1 << (n - 1);
    int top = n - clue + 1 + distance;
    return ((mask)1 << (top < n ? top : n)) - 1;
}

/* Line `line` of the square (rows, then columns): its k-th cell from the front, and its
   front and back clues (a row is seen from the left, a column from the top). */
static int line_cell(int n, int line, int k) { return line < n ? line * n + k : k * n + (line - n); }
static int front_clue(int n, const int *sides, int line) {
    return line < n ? sides[3 * n + line] : sides[line - n];
}
static int back_clue(int n, const int *sides, int line) {
    return line < n ? sides[n + line] : sides[2 * n + (line - n)];
}

int latin_clue_lines(int n, const int *sides, int *data, int *line_of) {
    int count = 0, lines = 0;
    for (int line = 0; line < 2 * n; line++) {
        int front = front_clue(n, sides, line), back = back_clue(n, sides, line);
        if (!front && !back) continue;
        for (int k = 0; k < n; k++) data[count++] = line_cell(n, line, k);
        data[count++] = front, data[count++] = back, line_of[lines++] = line;
    }
    return count;
}

void latin_clue_masks(int n, const int *sides, int edges_only, mask *out) {
    for (int c = 0; c < n * n; c++) out[c] = ((mask)1 << n) - 1;
    for (int line = 0; line < 2 * n; line++)
        for (int end = 0; end < 2; end++) {
            int clue = end ? back_clue(n, sides, line) : front_clue(n, sides, line);
            if (!clue || (edges_only && clue != 1 && clue != n)) continue;
            for (int k = 0; k < n; k++)
                out[line_cell(n, line, end ? n - 1 - k : k)] &= clue_bound(n, clue, k);
        }
}
