/*
 * analysis.c - the answer for a position under the original rules: who wins,
 * the winning moves, and the Grundy value of the equivalent normal-play game.
 *
 * Under the original rules a move that completes a cycle cell wins at once, a
 * death move loses at once (the opponent completes the cell), and every other
 * move leads to a position of the normal-play game.  So the player to move
 * wins exactly when a cycle cell can be completed or the normal-play Grundy
 * value is non-zero, and a move wins exactly when it completes a cycle cell or
 * is safe and leads to Grundy value 0.
 */
#include "internal.h"

#include <string.h>

static const char *code_message(int code)
{
    switch (code) {
    case CY_SOLVE_TIMEOUT:
        return "the solver ran out of time (--timeout)";
    case CY_SOLVE_MEMORY:
        return "the solver's table is full; allow more memory with --memory";
    default:
        return "the solver could not finish";
    }
}

int cy_analyse(cy_solver *s, const unsigned char *mark0, cy_analysis *a, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    memset(a, 0, sizeof *a);
    double start = cy_now();
    unsigned char *mark = cy_xmalloc((size_t)b->ne + 1);
    memcpy(mark, mark0, (size_t)b->ne);
    int *legal = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    a->winning = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    a->played = cy_rules_played(b, mark);
    a->to_move = a->played % 2 == 0 ? 1 : 2;
    a->cycle_cell = cy_rules_cycle_cell(b, mark);
    a->grundy = -1;
    int rc = 0;
    int n = cy_rules_legal(b, mark, legal);
    if (a->cycle_cell >= 0 || n == 0) {
        a->over = 1;
        a->grundy = a->cycle_cell >= 0 ? -1 : 0;
    } else {
        int can_complete = cy_rules_winning_completion(b, mark) >= 0;
        if (!can_complete) {
            a->grundy = cy_solver_grundy(s, mark);
            if (a->grundy < 0) {
                rc = a->grundy;
                cy_error_set(err, "%s", code_message(rc));
                goto out;
            }
        }
        for (int i = 0; i < n; i++) {
            int d = legal[i], e = cy_dart_edge(d);
            int wins;
            if (cy_rules_completes(b, mark, d) >= 0)
                wins = 1;
            else if (cy_rules_is_death(b, mark, d, NULL))
                wins = 0;
            else {
                mark[e] = (unsigned char)cy_dart_mark(d);
                int g = cy_solver_grundy(s, mark);
                mark[e] = CY_UNMARKED;
                if (g < 0) {
                    rc = g;
                    cy_error_set(err, "%s", code_message(rc));
                    goto out;
                }
                wins = g == 0;
            }
            if (wins)
                a->winning[a->nwin++] = d;
        }
    }
    a->outcome = a->nwin > 0 ? 'N' : 'P';
    a->winner = a->outcome == 'N' ? a->to_move : 3 - a->to_move;
out:
    cy_solver_stats_get(s, &a->stats);
    a->stats.seconds = cy_now() - start;
    free(mark);
    free(legal);
    return rc;
}

void cy_analysis_free(cy_analysis *a)
{
    free(a->winning);
    a->winning = NULL;
}
