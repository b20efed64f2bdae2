/* solve.c - solves a board (a family or a file; grid:3x3 if none is named)
 * and prints who wins from its position and the Grundy value. */
#include <cycles.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *board = argc > 1 ? argv[1] : "grid:3x3";
    cy_error err;
    cy_board *b = cy_load(board, NULL, &err);            /* a family or a file */
    if (!b) {
        fprintf(stderr, "%s: %s\n", board, err.msg);
        return 1;
    }
    unsigned char *mark = calloc((size_t)b->ne, 1);      /* the empty position */
    cy_solver *s = cy_solver_new(b, NULL, &err);         /* default options */
    cy_analysis a;
    int rc = 1;
    if (s && cy_analyse(s, mark, &a, &err) == 0) {
        printf("winner: player %d, grundy %d\n", a.winner, a.grundy);
        cy_analysis_free(&a);
        rc = 0;
    } else
        fprintf(stderr, "%s: %s\n", board, err.msg);
    cy_solver_free(s);
    free(mark);
    cy_board_free(b);
    return rc;
}
