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

/* Judges the legal moves at mark (n of them in legal) when the position
 * is won, first being one winning move known already (or -1): a completion
 * wins, a death move loses at once, and any other move wins when it leaves
 * the opponent a position of value 0 - an outcome search, far cheaper than
 * the child's exact value, and the searches of the children are shared out
 * among the threads (cyi_solver_wins_each).  The winning moves go into
 * a->winning in the order of legal; returns how many moves were judged, the
 * others being out of time (*rc gets the code). */
static int judge(cy_solver *s, unsigned char *mark, const int *legal, int n, int first, cy_analysis *a, int *rc)
{
    const cy_board *b = cy_solver_board(s);
    size_t ne = (size_t)b->ne;
    unsigned char *child = cyi_xmalloc((size_t)n * ne + 1);
    int *which = cyi_xmalloc(sizeof(int) * (size_t)(n + 1)), *res = cyi_xmalloc(sizeof(int) * (size_t)(n + 1));
    int *verdict = cyi_xmalloc(sizeof(int) * (size_t)(n + 1)), nc = 0;
    for (int i = 0; i < n; i++) {
        int d = legal[i];
        if (d == first || cy_rules_completes(b, mark, d) >= 0)
            verdict[i] = 1;
        else if (cy_rules_is_death(b, mark, d, NULL))
            verdict[i] = 0;
        else {
            memcpy(child + (size_t)nc * ne, mark, ne);
            child[(size_t)nc * ne + (size_t)cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
            which[nc++] = i;
            verdict[i] = -1;
        }
    }
    *rc = cyi_solver_wins_each(s, child, nc, res);
    for (int j = 0; j < nc; j++)
        verdict[which[j]] = res[j] < 0 ? res[j] : !res[j];
    int judged = 0;
    for (int i = 0; i < n; i++) {
        judged += verdict[i] >= 0;
        if (verdict[i] > 0)
            a->winning[a->nwin++] = legal[i];
    }
    free(child);
    free(which);
    free(res);
    free(verdict);
    return judged;
}

int cy_analyse(cy_solver *s, const unsigned char *mark0, cy_analysis *a, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    memset(a, 0, sizeof *a);
    double start = cy_now();
    cyi_solver_set_analysed(s, start);
    unsigned char *mark = cyi_xmalloc((size_t)b->ne + 1);
    memcpy(mark, mark0, (size_t)b->ne);
    int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    a->winning = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
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
        const cy_strategy *thm = cyi_solver_theorem(s, mark);
        if (thm) {
            /* lost for player 1, so of value 0: the theorem's proof */
            a->outcome = 'P';
            a->grundy = 0;
            a->grundy_known = 1;
            a->proof = "Alvarado et al. 2021, Theorem 6 (mirror-reverse)";
            root = 0;
        } else if (cy_rules_winning_completion(b, mark) >= 0) {
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
        if (root > 0) {
            int judged = judge(s, mark, legal, n, first, a, &rc);
            a->unknown = n - judged;
        } else
            rc = root < 0 ? root : 0;
        if (rc < 0) {
            if (root < 0)
                a->unknown = n;
            /* the winning move already found, if the moves were not judged */
            if (first >= 0 && root < 0) {
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
    unsigned char *mark = cyi_xmalloc((size_t)b->ne + 1);
    memcpy(mark, mark0, (size_t)b->ne);
    *reply = -1;
    int rc = 0;
    if (cy_rules_completes(b, mark, d) < 0) {
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
        /* a death move is answered by the completion; any other by the
         * move to a position of value 0, which the search that proved the
         * position lost has mostly left in the table */
        *reply = cy_rules_winning_completion(b, mark);
        const cy_strategy *thm = cyi_solver_theorem(s, mark0);
        if (*reply < 0 && thm && !cy_rules_over(b, mark)) {
            /* the strategy's reply, which the theorem proves winning */
            int *out = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
            if (cy_strategy_moves(thm, b, mark, d, out, NULL, 0) > 0)
                *reply = out[0];
            free(out);
        }
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
