/*
 * answer.c - one answer to a game under any rules (cy_answer_game: the
 * standard engines through cy_analyse and the replies, or the variants'
 * search), and its one text writer and one JSON writer.  `cycles solve`,
 * the server, the static site's engine, the Python binding and
 * cycles-solve-mpi all answer through it.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for the board's name in the first line: a long name is cut. */
#define NAME_SHOWN 400

/* one or many, by n. */
static const char *plural(long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* The line of a game over with no legal move left, played moves in. */
static const char *no_move(int played, char *buf, size_t n)
{
    if (played == 0)
        snprintf(buf, n, "game over before it starts: no move is possible; player 2 wins since player 1 cannot move");
    else
        snprintf(buf, n, "game over: no legal move is left; player %d made the last move and wins",
                 played % 2 == 1 ? 1 : 2);
    return buf;
}

/* The standard answer a as text, with nr replies (legal[i], reply[i]). */
static char *standard_text(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr)
{
    size_t cap = 1024 + NAME_SHOWN + (size_t)(a->nwin + 2 * nr) * (2 * CY_MAX_LABEL + 16);
    char *t = malloc(cap);
    if (!t)
        return NULL;
    size_t n = 0;
    char head[NAME_SHOWN], head2[128];
    n += (size_t)snprintf(t + n, cap - n, "board: %s\n", cy_board_head(b, head, sizeof head));
    if (a->over) {
        if (a->cycle_cell >= 0)
            n += (size_t)snprintf(t + n, cap - n, "game over: player %d completed a cycle cell and wins\n", a->winner);
        else
            n += (size_t)snprintf(t + n, cap - n, "%s\n", no_move(a->played, head2, sizeof head2));
    } else {
        n += (size_t)snprintf(t + n, cap - n, "to move: player %d (%d %s played)\n", a->to_move, a->played,
                              plural(a->played, "move", "moves"));
        if (a->outcome == '?')
            n += (size_t)snprintf(t + n, cap - n, "winner: unknown (the search stopped with %d %s not judged)\n",
                                  a->unknown, plural(a->unknown, "move", "moves"));
        else
            n += (size_t)snprintf(t + n, cap - n, "winner: player %d (%s-position: the %s player wins)%s%s\n",
                                  a->winner, a->outcome == 'N' ? "N" : "P", a->outcome == 'N' ? "next" : "previous",
                                  a->proof ? " by " : "", a->proof ? a->proof : "");
    }
    if (a->grundy >= 0)
        n += (size_t)snprintf(t + n, cap - n, "grundy: %d\n", a->grundy);
    else if (!a->grundy_known)
        n += (size_t)snprintf(t + n, cap - n, "grundy: %s\n",
                              a->complete ? "not computed (--no-grundy)" : "unknown (the search stopped)");
    else
        n += (size_t)snprintf(t + n, cap - n, "grundy: none (%s)\n",
                              a->over ? "the game is over" : "a cycle cell can be completed at once");
    n += (size_t)snprintf(t + n, cap - n, "winning moves%s:", a->complete ? "" : " found so far");
    for (int i = 0; i < a->nwin; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, a->winning[i], m, sizeof m);
        n += (size_t)snprintf(t + n, cap - n, " %s", m);
    }
    n += (size_t)snprintf(t + n, cap - n, "%s\n", a->nwin ? "" : " none");
    if (nr > 0) {
        n += (size_t)snprintf(t + n, cap - n, "how player %d wins: against each move, a winning reply\n", a->winner);
        for (int i = 0; i < nr; i++) {
            char m[2 * CY_MAX_LABEL + 8], q[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, legal[i], m, sizeof m);
            if (reply[i] >= 0)
                cy_move_str(b, reply[i], q, sizeof q);
            n += (size_t)snprintf(t + n, cap - n, "  %-12s %s\n", m, reply[i] >= 0 ? q : "(none)");
        }
    }
    /* (a winner shown is proved: what the search did not finish is the
     * value, the other winning moves or the replies, as the lines above say) */
    if (!a->complete)
        n += (size_t)snprintf(t + n, cap - n, "[partial answer]\n");
    snprintf(t + n, cap - n, "searched: %llu positions in %.3f s\n", (unsigned long long)a->stats.positions,
             a->stats.seconds);
    return t;
}

/* Whether a partial standard answer knows anything worth giving. */
static int standard_known(const cy_analysis *a)
{
    return a->outcome != '?' || a->grundy_known || a->nwin > 0;
}

/* The standard engines' answer to g into ans (see cy_answer_game). */
static int answer_standard(const cy_game *g, const cy_solver_opts *limits, const cy_answer_opts *o, cy_answer *ans,
                           cy_error *err)
{
    cy_solver *s = o && o->solver ? o->solver : cy_solver_new(g->board, limits, err);
    if (!s)
        return ans->status = -1;
    ans->started = 1;
    cy_solver_stats before;
    cy_solver_stats_get(s, &before);
    int arc = cy_analyse(s, g->mark, &ans->a, err);
    ans->a.stats.positions -= before.positions; /* this answer's own */
    if (arc == 0 && ans->a.outcome == 'P' && !ans->a.over && !(o && o->no_replies)) {
        if (o && o->replies_until > 0)
            cy_solver_until(s, o->replies_until);
        int nr = cy_analysis_replies(s, g->mark, &ans->legal, &ans->reply, err);
        if (o && o->replies_until > 0)
            cy_solver_until(s, 0);
        if (nr < 0) {
            /* out of time or memory finding the replies: the answer is
             * known, the replies are left out, and it counts as partial */
            arc = nr;
            ans->a.complete = 0;
            ans->no_replies = 1;
            free(ans->legal);
            free(ans->reply);
            ans->legal = ans->reply = NULL;
        } else
            ans->nr = nr;
    }
    cy_solver_progress_end(s);
    if (!(o && o->solver))
        cy_solver_free(s);
    ans->complete = ans->a.complete;
    ans->known = ans->complete || standard_known(&ans->a);
    ans->winner = ans->a.winner;
    ans->best = ans->a.nwin ? ans->a.winning[0] : -1;
    return ans->status = arc;
}

int cy_answer_game(const cy_game *g, const cy_solver_opts *limits, const cy_answer_opts *o, cy_answer *ans, cy_error *err)
{
    memset(ans, 0, sizeof *ans);
    ans->best = -1;
    if (!g->ruled)
        return answer_standard(g, limits, o, ans, err);
    ans->variant = 1;
    int arc = cy_variant_analyse(g->board, &g->rules, g->mark, &g->state, limits, &ans->v, err);
    ans->started = arc != CY_SOLVE_TOO_BIG;
    ans->complete = ans->v.complete;
    ans->known = arc == 0;
    ans->winner = ans->v.winner;
    ans->best = ans->v.nbest ? ans->v.best[0] : ans->v.ndraw ? ans->v.drawing[0] : -1;
    return ans->status = arc;
}

char *cy_answer_text(const cy_board *b, const cy_answer *ans)
{
    return ans->variant ? cy_variant_text(b, &ans->v) : standard_text(b, &ans->a, ans->legal, ans->reply, ans->nr);
}

char *cy_answer_json(const cy_board *b, const cy_answer *ans)
{
    return ans->variant ? cy_variant_json(b, &ans->v) : cy_analysis_json(b, &ans->a, ans->legal, ans->reply, ans->nr);
}

void cy_answer_free(cy_answer *ans)
{
    if (ans->variant)
        cy_variant_analysis_free(&ans->v);
    else
        cy_analysis_free(&ans->a);
    free(ans->legal);
    free(ans->reply);
    memset(ans, 0, sizeof *ans);
    ans->best = -1;
}
