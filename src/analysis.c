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

/* Whether legal dart d, which completes no cycle cell, wins from mark: 1,
 * 0, or a negative code.  A death move loses at once; any other move wins
 * when it leaves the opponent a position of value 0, an outcome search far
 * cheaper than the child's exact value. */
static int judge(cy_solver *s, unsigned char *mark, int d)
{
    const cy_board *b = cy_solver_board(s);
    if (cy_rules_is_death(b, mark, d, NULL))
        return 0;
    int e = cy_dart_edge(d);
    mark[e] = (unsigned char)cy_dart_mark(d);
    int w = cy_solver_wins(s, mark);
    mark[e] = CY_UNMARKED;
    return w < 0 ? w : !w;
}

int cy_analyse(cy_solver *s, const unsigned char *mark0, cy_analysis *a, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    memset(a, 0, sizeof *a);
    double start = cy_now();
    cy_solver_set_analysed(s, start);
    unsigned char *mark = cy_xmalloc((size_t)b->ne + 1);
    memcpy(mark, mark0, (size_t)b->ne);
    int *legal = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    a->winning = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    a->played = cy_rules_played(b, mark);
    a->to_move = a->played % 2 == 0 ? 1 : 2;
    a->cycle_cell = cy_rules_cycle_cell(b, mark);
    a->grundy = -1;
    a->outcome = '?';
    int rc = 0, n = cy_rules_legal(b, mark, legal);
    int grundy = !cy_solver_options(s)->no_grundy;
    if (a->cycle_cell >= 0 || n == 0) {
        a->over = 1;
        a->grundy = a->cycle_cell >= 0 ? -1 : 0;
        a->grundy_known = 1;
        a->outcome = 'P';
    } else {
        /* What is cheapest to know comes first, so that an answer cut
         * short by --timeout keeps the most: who wins (a completion, or an
         * outcome search), then for a won position one winning move (read
         * from the table that search left), then the Grundy value, then
         * every other move judged.  A position of value 0 has no winning
         * move; where a cycle cell can be completed there is no value. */
        if (cy_solver_options(s)->timeout > 0)
            cy_solver_until(s, start + cy_solver_options(s)->timeout);
        int first = -1, root = 1;
        if (cy_rules_winning_completion(b, mark) >= 0) {
            a->outcome = 'N';
            a->grundy_known = 1; /* and it stays -1 */
        } else {
            root = cy_solver_wins(s, mark);
            if (root >= 0)
                a->outcome = root ? 'N' : 'P';
            if (root == 0) {
                a->grundy = 0;
                a->grundy_known = 1;
            } else if (root > 0) {
                int r = cy_solver_move(s, mark, &first);
                if (r < 0)
                    root = r;
                else if (r == 0)
                    first = -1; /* never: the outcome search said it is won */
            }
            if (root > 0 && grundy) {
                int g = cy_solver_grundy(s, mark);
                if (g < 0)
                    root = g;
                else {
                    a->grundy = g;
                    a->grundy_known = 1;
                }
            }
        }
        int judged = 0;
        for (; root > 0 && judged < n; judged++) {
            int d = legal[judged];
            int w = d == first || cy_rules_completes(b, mark, d) >= 0 ? 1 : judge(s, mark, d);
            if (w < 0) {
                root = w;
                break;
            }
            if (w)
                a->winning[a->nwin++] = d;
        }
        if (root < 0) {
            rc = root;
            a->unknown = n - judged;
            /* the winning move already found, if its turn did not come */
            int listed = 0;
            for (int i = 0; i < a->nwin; i++)
                listed |= a->winning[i] == first;
            if (first >= 0 && !listed) {
                a->winning[a->nwin++] = first;
                a->unknown--;
            }
            cy_error_set(err, "%s", code_message(rc));
        }
        cy_solver_until(s, 0);
    }
    a->complete = rc == 0;
    a->winner = a->outcome == 'N' ? a->to_move : a->outcome == 'P' ? 3 - a->to_move : 0;
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

int cy_winning_reply(cy_solver *s, const unsigned char *mark0, int d, int *reply, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    unsigned char *mark = cy_xmalloc((size_t)b->ne + 1);
    memcpy(mark, mark0, (size_t)b->ne);
    *reply = -1;
    int rc = 0;
    if (cy_rules_completes(b, mark, d) < 0) {
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
        /* a death move is answered by the completion; any other by the
         * move to a position of value 0, which the search that proved the
         * position lost has mostly left in the table */
        *reply = cy_rules_winning_completion(b, mark);
        if (*reply < 0 && !cy_rules_over(b, mark)) {
            int r = cy_solver_move(s, mark, reply);
            if (r <= 0)
                *reply = -1;
            if (r < 0) {
                rc = r;
                cy_error_set(err, "%s", code_message(rc));
            }
        }
    }
    free(mark);
    return rc;
}
