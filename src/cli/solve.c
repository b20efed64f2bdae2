/*
 * solve.c - `cycles solve BOARD`: who wins, the winning moves, the Grundy value.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

char *solve_text(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr)
{
    size_t cap = 1024 + CY_MAX_NAME_SHOWN + (size_t)(a->nwin + 2 * nr) * (2 * CY_MAX_LABEL + 16);
    char *t = malloc(cap);
    if (!t)
        return NULL;
    size_t n = 0;
    char head[CY_MAX_NAME_SHOWN], head2[128];
    n += (size_t)snprintf(t + n, cap - n, "board: %s\n", cli_board_head(b, head, sizeof head));
    if (a->over) {
        if (a->cycle_cell >= 0)
            n += (size_t)snprintf(t + n, cap - n, "game over: player %d completed a cycle cell and wins\n", a->winner);
        else
            n += (size_t)snprintf(t + n, cap - n, "%s\n", cli_no_move(a->played, head2, sizeof head2));
    } else {
        n += (size_t)snprintf(t + n, cap - n, "to move: player %d (%d %s played)\n", a->to_move, a->played,
                              cli_plural(a->played, "move", "moves"));
        if (a->outcome == '?')
            n += (size_t)snprintf(t + n, cap - n, "winner: unknown (the search stopped with %d %s not judged)\n",
                                  a->unknown, cli_plural(a->unknown, "move", "moves"));
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

/* --certificate FILE: writes the certificate of the answer just printed
 * (the same solver, so its table serves again), and says so in a last
 * line.  Returns the exit status. */
static int solve_certificate(cli_opts *o, cy_solver *s, const unsigned char *mark)
{
    cy_cert_stats st;
    cy_error err;
    int rc = cy_certificate_write(s, mark, !o->solver.no_grundy, o->certificate, &st, &err);
    cy_solver_progress_end(s);
    if (rc < 0) {
        char why[64];
        cli_fail(o->certificate, "no certificate written: %s (%llu records found by then)",
                 rc == -1 ? err.msg : cli_stop_reason(err.msg, why, sizeof why), (unsigned long long)st.records);
        return rc == -1 ? 1 : 2;
    }
    /* a last line of the text answer on standard output (not in JSON nor
     * in a file the answer went to) */
    if (!o->json && !o->output) {
        char *file = cy_escape_dup(o->certificate, 0);
        printf("certificate: %s, %llu records, %llu bytes in %.3f s (%llu positions searched in all)\n", file,
               (unsigned long long)st.records, (unsigned long long)st.bytes, st.seconds,
               (unsigned long long)st.positions);
        free(file);
        if (fflush(stdout))
            return cli_fail(NULL, "cannot write to standard output");
    }
    return 0;
}

int cmd_solve(cli_opts *o)
{
    if (o->from_jobs) {
        if (o->board || o->moves || o->split_depth)
            return cli_usage_fail("--from-jobs reads the board and its moves from the directory; give nothing else");
        return solve_from_jobs(o);
    }
    if (!o->board)
        return cli_usage_fail("no BOARD given (a file, or a family such as k4 or grid:3x3; see cycles families; "
                              "or --from-jobs DIR)");
    /* from here an interrupt gives the partial answer --timeout would
     * (not for --split-depth, which writes its jobs whole or not at all) */
    if (o->certificate && o->split_depth)
        return cli_usage_fail("--certificate is for a solve without --split-depth");
    if (cli_variant_wanted(o)) {
        cli_catch_interrupts();
        return cli_solve_variant(o);
    }
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    cy_solver *s = NULL;
    int rc = 1;
    if (o->split_depth) {
        rc = solve_split(o, b, mark);
        goto out;
    }
    if (o->certificate && cy_rules_cycle_cell(b, mark) >= 0) {
        rc = cli_fail(o->certificate, "no certificate: the game is over (a cycle cell has been completed)");
        goto out;
    }
    cli_catch_interrupts();
    s = cy_solver_new(b, &o->solver, &err);
    if (!s) {
        cli_fail(o->board, "%s", err.msg);
        goto out;
    }
    cy_analysis a;
    int arc = cy_analyse(s, mark, &a, &err);
    int nr = 0, *legal = NULL, *reply = NULL, no_replies = 0;
    if (arc == 0 && a.outcome == 'P' && !a.over && !o->no_replies) {
        nr = cy_analysis_replies(s, mark, &legal, &reply, &err);
        if (nr < 0) {
            /* out of time or memory finding the replies: the answer is
             * known, the replies are left out, and it counts as partial */
            arc = nr;
            a.complete = 0;
            nr = 0;
            no_replies = 1;
        }
    }
    cy_solver_progress_end(s);
    if (arc < 0) {
        /* out of time or memory: say so, print what is known, exit 2 */
        char why[64];
        cli_fail(o->board, "%s after %llu positions; the answer below is partial%s",
                 cli_stop_reason(err.msg, why, sizeof why),
                 (unsigned long long)a.stats.positions, no_replies ? " (it leaves out the winning replies)" : "");
        char *text = o->json ? cy_analysis_json(b, &a, NULL, NULL, 0) : solve_text(b, &a, NULL, NULL, 0);
        rc = text && cli_emit(o, text) == 0 ? 2 : 1;
        free(text);
        cy_analysis_free(&a);
        goto out;
    }
    if (nr >= 0) {
        char *text = o->json ? cy_analysis_json(b, &a, legal, reply, nr) : solve_text(b, &a, legal, reply, nr);
        rc = text ? cli_emit(o, text) : cli_fail(NULL, "out of memory");
        free(text);
    }
    if (rc == 0 && o->certificate)
        rc = solve_certificate(o, s, mark);
    free(legal);
    free(reply);
    cy_analysis_free(&a);
out:
    cy_solver_free(s);
    free(mark);
    cy_board_free(b);
    return rc;
}
