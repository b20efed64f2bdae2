#include <cycles.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    cy_error err;
    cy_board *b = cy_load("grid:3x3", NULL, &err);      /* a family or a file */
    if (!b) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    unsigned char *mark = calloc((size_t)b->ne, 1);      /* the empty position */
    cy_solver *s = cy_solver_new(b, NULL, &err);         /* default options */
    cy_analysis a;
    if (s && cy_analyse(s, mark, &a, &err) == 0) {
        printf("winner: player %d, grundy %d\n", a.winner, a.grundy);
        cy_analysis_free(&a);
    }
    cy_solver_free(s);
    free(mark);
    cy_board_free(b);
    return 0;
}
