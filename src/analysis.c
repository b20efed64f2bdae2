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
#include "engine.h"

#include <string.h>

static const char *code_message(int code)
{
    switch (code) {
    case CY_SOLVE_TIMEOUT:
        return "the solver ran out of time (--timeout)";
    case CY_SOLVE_MEMORY:
        return "the solver's table is full; allow more memory with --memory";
    case CY_SOLVE_TOO_BIG:
        return "the position is too big for this solver";
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
    int rc = 0, root = -1; /* the position's value or outcome, once known */
    int n = cy_rules_legal(b, mark, legal);
    int grundy = !cy_solver_options(s)->no_grundy;
    a->complete = 1;
    if (a->cycle_cell >= 0 || n == 0) {
        a->over = 1;
        a->grundy = a->cycle_cell >= 0 ? -1 : 0;
        a->grundy_known = 1;
    } else {
        /* The position itself first: its value (or, without Grundy values,
         * its outcome) is one search, and a position of value 0 has no
         * winning move but a completion.  Then each move: a completion wins,
         * a death move loses at once, any other move wins when it leaves the
         * opponent a position of value 0, which is an outcome search - far
         * cheaper than the child's exact value. */
        int can_complete = cy_rules_winning_completion(b, mark) >= 0;
        if (cy_solver_options(s)->timeout > 0)
            cy_solver_until(s, start + cy_solver_options(s)->timeout);
        if (!can_complete) {
            root = grundy ? cy_solver_grundy(s, mark) : cy_solver_wins(s, mark);
            if (root < 0) {
                rc = root;
                a->unknown = n;
                cy_error_set(err, "%s", code_message(rc));
            }
        }
        for (int i = 0; i < n && rc == 0; i++) {
            int d = legal[i], e = cy_dart_edge(d);
            int wins;
            if (cy_rules_completes(b, mark, d) >= 0)
                wins = 1;
            else if (root == 0 || cy_rules_is_death(b, mark, d, NULL))
                wins = 0;
            else {
                mark[e] = (unsigned char)cy_dart_mark(d);
                int w = cy_solver_wins(s, mark);
                mark[e] = CY_UNMARKED;
                if (w < 0) {
                    rc = w;
                    a->unknown = n - i;
                    cy_error_set(err, "%s", code_message(rc));
                    break;
                }
                wins = !w;
            }
            if (wins)
                a->winning[a->nwin++] = d;
        }
        cy_solver_until(s, 0);
        if (can_complete && rc == 0)
            a->grundy_known = 1; /* and it stays -1 */
        else if (root >= 0 && grundy) {
            a->grundy = root;
            a->grundy_known = 1;
        }
    }
    a->complete = rc == 0;
    if (a->nwin > 0 || rc == 0 || root >= 0) {
        a->outcome = a->nwin > 0 || root > 0 ? 'N' : 'P';
        a->winner = a->outcome == 'N' ? a->to_move : 3 - a->to_move;
    } else {
        a->outcome = '?';
        a->winner = 0;
    }
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

/* Whether the player to move at mark wins by playing legal dart d: 1, 0 or a
 * negative code. */
static int move_wins(cy_solver *s, unsigned char *mark, int d)
{
    const cy_board *b = cy_solver_board(s);
    if (cy_rules_completes(b, mark, d) >= 0)
        return 1;
    if (cy_rules_is_death(b, mark, d, NULL))
        return 0;
    int e = cy_dart_edge(d);
    mark[e] = (unsigned char)cy_dart_mark(d);
    int w = cy_solver_wins(s, mark);
    mark[e] = CY_UNMARKED;
    return w < 0 ? w : !w;
}

int cy_winning_reply(cy_solver *s, const unsigned char *mark0, int d, int *reply, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    unsigned char *mark = cy_xmalloc((size_t)b->ne + 1);
    int *legal = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    memcpy(mark, mark0, (size_t)b->ne);
    mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    *reply = -1;
    int rc = 0, n = cy_rules_legal(b, mark, legal);
    for (int i = 0; i < n && *reply < 0; i++) {
        int w = move_wins(s, mark, legal[i]);
        if (w < 0) {
            rc = w;
            cy_error_set(err, "%s", code_message(rc));
            break;
        }
        if (w)
            *reply = legal[i];
    }
    free(mark);
    free(legal);
    return rc;
}
