/*
 * table_bytes.c - what the fast engine's table holds per position searched:
 * for each board, the search alone (no theorems; cy_solver_grundy, or cy_solver_wins
 * with --no-grundy) on one thread, then the positions searched, the entries
 * in the table and its bytes a position (entries of 8 bytes).  Built and
 * run by bench/table_bytes.sh.
 * Usage: table_bytes MEMORY_MIB [--no-grundy] BOARD...
 */
#include "cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: table_bytes MEMORY_MIB [--no-grundy] BOARD...\n");
        return 2;
    }
    size_t mib = (size_t)strtoul(argv[1], NULL, 10);
    int i = 2, wins = 0;
    if (!strcmp(argv[i], "--no-grundy")) {
        wins = 1;
        i++;
    }
    for (; i < argc; i++) {
        cy_error err;
        cy_board *b = cy_load(argv[i], NULL, &err);
        if (!b) {
            fprintf(stderr, "table_bytes: %s: %s\n", argv[i], err.msg);
            return 1;
        }
        cy_solver_opts o = {.engine = CY_ENGINE_FAST, .threads = 1, .memory = mib << 20, .no_bitboard = 1, .no_theorems = 1};
        cy_solver *s = cy_solver_new(b, &o, &err);
        if (!s) {
            fprintf(stderr, "table_bytes: %s: %s\n", argv[i], err.msg);
            return 1;
        }
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        int v = wins ? cy_solver_wins(s, mark) : cy_solver_grundy(s, mark);
        cy_solver_stats st;
        cy_solver_stats_get(s, &st);
        printf("%s %s %d %llu %llu %.2f\n", argv[i], wins ? "winner" : "value", v, (unsigned long long)st.positions,
               (unsigned long long)st.stored, st.positions ? 8.0 * (double)st.stored / (double)st.positions : 0.0);
        free(mark);
        cy_solver_free(s);
        cy_board_free(b);
    }
    return 0;
}
