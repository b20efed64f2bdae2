/*
 * solve.c - `cycles solve BOARD`: who wins, the winning moves, the Grundy value.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* --certificate FILE: writes the certificate of the answer just printed
 * (under the standard rules with the same solver s, so its table serves
 * again; under misère, s NULL, by the variants' search), and says so in a
 * last line.  Returns the exit status. */
static int solve_certificate(cli_opts *o, const cy_game *g, cy_solver *s)
{
    cy_cert_stats st;
    cy_error err;
    int rc;
    if (s) {
        rc = cy_certificate_write(s, g->mark, !o->solver.no_grundy, o->certificate, &st, &err);
        cy_solver_progress_end(s);
    } else /* under misère (the only variant cmd_solve lets through) */
        rc = cy_certificate_write_misere(g->board, &o->solver, g->mark, o->certificate, &st, &err);
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
    int variant = cli_variant_wanted(o);
    cy_game g;
    if (variant) {
        cli_catch_interrupts();
        int bad_load = cli_variant_game(o, &g, 0);
        if (bad_load)
            return bad_load;
        if (o->certificate && (g.rules.kind != CY_RULES_MISERE || g.rules.players > 2 || g.rules.extra_turn)) {
            cy_game_free(&g);
            return cli_usage_fail("--certificate is for the standard rules and misère (two players)");
        }
    } else if (cli_game_load(o, NULL, &g, 0))
        return 1;
    const cy_board *b = g.board;
    cy_error err;
    cy_answer_opts ao = {.no_replies = o->no_replies};
    cy_answer ans = {0};
    int rc = 1;
    if (!variant && o->split_depth) {
        rc = solve_split(o, b, g.mark);
        goto out;
    }
    if (o->certificate && (cy_rules_cycle_cell(b, g.mark) >= 0 || (variant && g.state.ended))) {
        rc = cli_fail(o->certificate, cy_rules_cycle_cell(b, g.mark) >= 0
                                          ? "no certificate: the game is over (a cycle cell has been completed)"
                                          : "no certificate: the game is over");
        goto out;
    }
    if (!variant) {
        cli_catch_interrupts();
        /* the solver is kept for the certificate */
        ao.solver = cy_solver_new(b, &o->solver, &err);
        if (!ao.solver) {
            cli_fail(o->board, "%s", err.msg);
            goto out;
        }
    }
    int arc = cy_answer_game(&g, &o->solver, &ao, &ans, &err);
    if (!ans.started) {
        rc = cli_fail(o->board, "%s", err.msg);
        goto out;
    }
    if (arc < 0) {
        /* out of time or memory: say so, print what is known, exit 2 */
        char why[64];
        cli_fail(o->board, "%s after %llu positions; the answer below is partial%s",
                 cli_stop_reason(err.msg, why, sizeof why),
                 (unsigned long long)(variant ? ans.v.stats.positions : ans.a.stats.positions),
                 ans.no_replies ? " (it leaves out the winning replies)" : "");
        char *text = o->json ? cy_answer_json(b, &ans) : cy_answer_text(b, &ans);
        rc = text && cli_emit(o, text) == 0 ? 2 : 1;
        free(text);
        goto out;
    }
    char *text = o->json ? cy_answer_json(b, &ans) : cy_answer_text(b, &ans);
    rc = text ? cli_emit(o, text) : cli_fail(NULL, "out of memory");
    free(text);
    if (rc == 0 && o->certificate)
        rc = solve_certificate(o, &g, ao.solver);
out:
    cy_answer_free(&ans);
    cy_solver_free(ao.solver);
    cy_game_free(&g);
    return rc;
}
