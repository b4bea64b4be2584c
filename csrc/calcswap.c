/* calcudoku_swap: a second solution of a Calcudoku draft found by exchanging values along
   one of the cycles of its solution (calcudoku/swaps.py's swap_in_python, the reference):
   two values along their cells, row to column to row, or two rows' (two columns') values
   along the places where they hold the same values. Either keeps a Latin square, so where
   every cage the cycle meets still accepts its cells' values, the cages have a second
   solution and the grader cannot finish them. A climb (calcclimb.c) asks this of a change
   before grading it: two thirds of the changes that are not unique are caught so, for a
   few microseconds against a grading's most expensive kind (the chains run before it
   stalls). */

#include <stdlib.h>
#include <string.h>

#include "calcswap.h"
#include "convert.h"

/* A cycle's cell and the value it takes. */
static void put(SwapCycle *cycle, int cell, int value) {
    cycle->cells[cycle->count] = cell, cycle->values[cycle->count++] = value;
}

/* The cycles of two values: for a < b, for each row whose a is not yet met, from that a
   along its row to the b, down that column to the a, ... back to the start. */
static int value_cycles(int n, const int *solution, SwapCycle *out) {
    int column_of[SWAP_MAX_N][SWAP_MAX_N + 1], row_of[SWAP_MAX_N][SWAP_MAX_N + 1], found = 0;
    for (int cell = 0; cell < n * n; cell++) {
        column_of[cell / n][solution[cell]] = cell % n;
        row_of[cell % n][solution[cell]] = cell / n;
    }
    for (int a = 1; a <= n; a++)
        for (int b = a + 1; b <= n; b++) {
            unsigned seen = 0;  /* rows met */
            for (int row = 0; row < n; row++) {
                if (seen >> row & 1) continue;
                SwapCycle *cycle = &out[found++];
                cycle->count = 0;
                for (int at = row; !(seen >> at & 1);) {
                    int column = column_of[at][b];
                    seen |= 1u << at;
                    put(cycle, at * n + column_of[at][a], b), put(cycle, at * n + column, a);
                    at = row_of[column][a];
                }
            }
        }
    return found;
}

/* The cycles of two lines (columns where `across`, else rows) longer than two (those of
   two are value cycles too): for each pair, from each place along the first line not yet
   met, its value found in the second line, that place's value in the first, ... Their
   cells exchange values between the two lines. */
static int line_cycles(int n, const int *solution, int across, SwapCycle *out) {
    int found = 0, step = across ? n : 1, stride = across ? 1 : n;
    for (int first = 0; first < n; first++)
        for (int second = first + 1; second < n; second++) {
            int place_of[SWAP_MAX_N + 1];  /* along the first line, where each value is */
            for (int k = 0; k < n; k++) place_of[solution[first * stride + k * step]] = k;
            unsigned seen = 0;
            for (int start = 0; start < n; start++) {
                if (seen >> start & 1) continue;
                SwapCycle *cycle = &out[found];
                cycle->count = 0;
                for (int at = start; !(seen >> at & 1);) {
                    int one = first * stride + at * step, other = second * stride + at * step;
                    seen |= 1u << at;
                    put(cycle, one, solution[other]), put(cycle, other, solution[one]);
                    at = place_of[solution[other]];
                }
                found += cycle->count > 4;
            }
        }
    return found;
}

int swap_cycles(int n, const int *solution, SwapCycle *out) {
    int found = value_cycles(n, solution, out);
    found += line_cycles(n, solution, 1, out + found);
    return found + line_cycles(n, solution, 0, out + found);
}

int swap_latin(int n, const int *solution) {
    for (int line = 0; line < n; line++) {
        unsigned across = 0, down = 0;
        for (int k = 0; k < n; k++)
            across |= 1u << solution[line * n + k], down |= 1u << solution[k * n + line];
        if (across != down || across != ((1u << n) - 1) << 1) return 0;
    }
    return 1;
}

int swap_cycles_most(int n) {
    return 3 * (n * (n - 1) / 2 * (n / 2));
}

/* The cages of narrowing tables read: per cell, where its cage's words start. -1 where the
   tables are not a cage set's over n (each cell in one cage). */
int swap_read_cages(int n, const uint64_t *tables, size_t words, SwapCages *cages) {
    if (words < 3 || tables[0] != (uint64_t)n || tables[1] != (uint64_t)(n * n)) return -1;
    size_t at = 3;
    int covered = 0;
    unsigned char met[SWAP_MAX_N * SWAP_MAX_N] = {0};
    for (uint64_t k = 0; k < tables[2]; k++) {
        if (at + 2 > words) return -1;
        uint64_t count = tables[at], fillings = tables[at + 1];
        /* a filling packs n bits a cell in one word */
        if (count == 0 || count * (uint64_t)n > 64 || at + 2 + count + fillings > words)
            return -1;
        for (uint64_t i = 0; i < count; i++) {
            uint64_t cell = tables[at + 2 + i];
            if (cell >= (uint64_t)(n * n) || met[cell]) return -1;
            cages->start[cell] = at, met[cell] = 1, covered++;
        }
        at += 2 + count + fillings;
    }
    return at == words && covered == n * n ? 0 : -1;
}

int swap_accepts(int n, const int *solution, const uint64_t *cage, const unsigned char *swapped) {
    uint64_t count = cage[0], fillings = cage[1], packed = 0;
    const uint64_t *cells = cage + 2, *filling = cells + count;
    for (uint64_t i = 0; i < count; i++) {
        int value = swapped[cells[i]] ? swapped[cells[i]] : solution[cells[i]];
        packed |= (uint64_t)1 << (i * (uint64_t)n + (uint64_t)(value - 1));
    }
    /* a linear search: a binary one over the fillings in the order of their values cost
       more (6x6 expert: most cages have few fillings) */
    for (uint64_t k = 0; k < fillings; k++)
        if (filling[k] == packed) return 1;
    return 0;
}

/* Whether every cage the cycle meets accepts it swapped. */
static int cycle_fits(int n, const int *solution, const SwapCycle *cycle,
                      const uint64_t *tables, const SwapCages *cages, unsigned char *swapped) {
    int fits = 1;
    for (int i = 0; i < cycle->count; i++)
        swapped[cycle->cells[i]] = (unsigned char)cycle->values[i];
    for (int i = 0; i < cycle->count && fits; i++)
        fits = swap_accepts(n, solution, tables + cages->start[cycle->cells[i]], swapped);
    for (int i = 0; i < cycle->count; i++) swapped[cycle->cells[i]] = 0;
    return fits;
}

int swap_found(int n, const int *solution, const SwapCycle *cycles, int count,
               const uint64_t *tables, const SwapCages *cages) {
    unsigned char swapped[SWAP_MAX_N * SWAP_MAX_N] = {0};
    for (int k = 0; k < count; k++)
        if (cycle_fits(n, solution, &cycles[k], tables, cages, swapped)) return k;
    return -1;
}

int swap_found_among(int n, const int *solution, const SwapCycle *cycles, const int *among,
                     int count, const uint64_t *tables, const SwapCages *cages) {
    unsigned char swapped[SWAP_MAX_N * SWAP_MAX_N] = {0};
    for (int k = 0; k < count; k++)
        if (cycle_fits(n, solution, &cycles[among[k]], tables, cages, swapped)) return among[k];
    return -1;
}

const char calcudoku_swap_doc[] =
"calcudoku_swap(n, solution, tables)\n--\n\n"
"calcudoku/swaps.py's swap_in_python in C: the index (in swap_cycles() order) of the first\n"
"cycle of the solution (n*n values 1..n) that every cage of the narrowing tables it meets\n"
"accepts exchanged, or -1 where none does.";

PyObject *calcudoku_swap(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (!check_arity(nargs, 3, "calcudoku_swap")) return NULL;
    long n;
    int solution[SWAP_MAX_N * SWAP_MAX_N];
    if (convert_int(args[0], 2, SWAP_MAX_N, &n, "n") < 0 ||
        convert_ints(args[1], solution, (int)(n * n), 1, (int)n, "a solution's value") < 0)
        return NULL;
    if (!swap_latin((int)n, solution)) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_swap: the solution is not a Latin square");
        return NULL;
    }
    if (!PyBytes_Check(args[2]) || PyBytes_GET_SIZE(args[2]) % 8) {
        PyErr_SetString(PyExc_TypeError, "calcudoku_swap: tables must be bytes of 64-bit words");
        return NULL;
    }
    const uint64_t *tables = (const uint64_t *)PyBytes_AS_STRING(args[2]);
    SwapCages cages;
    if (swap_read_cages((int)n, tables, (size_t)PyBytes_GET_SIZE(args[2]) / 8, &cages) < 0) {
        PyErr_SetString(PyExc_ValueError, "calcudoku_swap: tables of another board");
        return NULL;
    }
    SwapCycle *cycles = malloc(sizeof(SwapCycle) * (size_t)swap_cycles_most((int)n));
    if (!cycles) return PyErr_NoMemory();
    int count = swap_cycles((int)n, solution, cycles);
    int found = swap_found((int)n, solution, cycles, count, tables, &cages);
    free(cycles);
    return PyLong_FromLong(found);
}
