#include "cycles.h"
#include <stdio.h>
int main(int argc, char **argv)
{
    cy_error err;
    if (argc < 2) return 1;
    cy_board *b = cy_load(argv[1], NULL, &err);
    if (!b) { fprintf(stderr, "cycles: %s: %s\n", argv[1], err.msg); return 1; }
    cy_solver *s = cy_solver_new(b, NULL, &err);
    unsigned char mark[64] = {0};
    cy_analysis a;
    cy_analyse(s, mark, &a, &err);
    printf("%c winner %d grundy %d nwin %d positions %llu\n", a.outcome, a.winner, a.grundy, a.nwin, (unsigned long long)a.stats.positions);
    cy_analysis_free(&a); cy_solver_free(s); cy_board_free(b);
    return 0;
}
