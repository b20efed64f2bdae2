/*
 * variant.c - the subcommands under a rule variant (issue 12): loading a
 * position with its moves checked under the variant, and `solve --rules`.
 */
#include "cli.h"

#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_variant_wanted(const cli_opts *o)
{
    return (o->rules && strcmp(o->rules, "standard") != 0) || o->players > 2 || o->extra_turn;
}

/* Parses a list of moves and appends them to *all (*n of them). */
static int add_moves(const cy_board *b, const char *text, int **all, int *n, const char *what)
{
    cy_error err;
    int *d = NULL, k = 0;
    if (cy_moves_parse(b, text, &d, &k, &err) < 0) {
        free(d);
        return cli_fail(what, "%s", err.msg);
    }
    *all = realloc(*all, sizeof(int) * (size_t)(*n + k + 1));
    memcpy(*all + *n, d, sizeof(int) * (size_t)k);
    *n += k;
    free(d);
    return 0;
}

/* Loads the board and every move (the file's, then --moves) as one list. */
static int variant_load_all(const cli_opts *o, cy_board **bp, int **allp, int *np, int *nfilep, cy_rules *r)
{
    cy_error err;
    if (cy_rules_parse(o->rules, o->players, o->extra_turn, r, &err) < 0)
        return cli_usage_fail("%s", err.msg);
    char *file_moves = NULL;
    cy_board *b = cy_load(o->board, &file_moves, &err);
    if (!b)
        return cli_fail(o->board, "%s", err.msg);
    int *all = malloc(sizeof(int)), n = 0, nfile = 0;
    if (o->special && cli_apply_special(&b, o->special, o->board))
        goto fail;
    if (file_moves && add_moves(b, file_moves, &all, &n, o->board))
        goto fail;
    nfile = n;
    if (o->moves && add_moves(b, o->moves, &all, &n, "--moves"))
        goto fail;
    free(file_moves);
    *bp = b;
    *allp = all;
    *np = n;
    *nfilep = nfile;
    return 0;
fail:
    free(all);
    free(file_moves);
    cy_board_free(b);
    return 1;
}

int cli_variant_load(const cli_opts *o, cy_board **bp, unsigned char **markp, cy_rules *r, cy_variant_game *g)
{
    cy_board *b = NULL;
    int *all = NULL, n = 0, nfile = 0;
    int bad_load = variant_load_all(o, &b, &all, &n, &nfile, r);
    if (bad_load)
        return bad_load;
    cy_error err;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if (cy_variant_play(b, r, mark, all, n, g, &err) < 0) {
        /* name the file when the bad move is one of its own */
        int bad = atoi(err.msg + 5); /* "move N (...)" */
        cli_fail(bad >= 1 && bad <= nfile ? o->board : "--moves", "%s", err.msg);
        free(mark);
        free(all);
        cy_board_free(b);
        return 1;
    }
    free(all);
    *bp = b;
    *markp = mark;
    return 0;
}

/* --certificate FILE under misère (docs/certificates.md): written after the
 * answer, with a last line saying so.  Returns the exit status. */
static int variant_certificate(const cli_opts *o, const cy_board *b, const unsigned char *mark,
                               const cy_variant_game *g)
{
    cy_cert_stats st;
    cy_error err;
    if (g->ended)
        return cli_fail(o->certificate, "no certificate: the game is over");
    int rc = cy_certificate_write_misere(b, &o->solver, mark, o->certificate, &st, &err);
    if (rc < 0) {
        char why[64];
        cli_fail(o->certificate, "no certificate written: %s (%llu records found by then)",
                 rc == -1 ? err.msg : cli_stop_reason(err.msg, why, sizeof why), (unsigned long long)st.records);
        return rc == -1 ? 1 : 2;
    }
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

int cli_solve_variant(const cli_opts *o)
{
    cy_board *b = NULL;
    unsigned char *mark = NULL;
    cy_rules r;
    cy_variant_game g;
    int bad_load = cli_variant_load(o, &b, &mark, &r, &g);
    if (bad_load)
        return bad_load;
    cy_error err;
    if (o->certificate && (r.kind != CY_RULES_MISERE || r.players > 2 || r.extra_turn)) {
        free(mark);
        cy_board_free(b);
        return cli_usage_fail("--certificate is for the standard rules and misère (two players)");
    }
    cy_variant_analysis a;
    int rc = cy_variant_analyse(b, &r, mark, &g, &o->solver, &a, &err);
    int status = 0;
    if (rc == CY_SOLVE_TOO_BIG) {
        status = cli_fail(o->board, "%s", err.msg);
        goto out;
    }
    if (rc < 0) {
        char why[64];
        cli_fail(o->board, "%s after %llu positions; the answer below is partial",
                 cli_stop_reason(err.msg, why, sizeof why),
                 (unsigned long long)a.stats.positions);
        status = 2;
    }
    char *text = o->json ? cy_variant_json(b, &a) : cy_variant_text(b, &a);
    if (cli_emit(o, text))
        status = 1;
    free(text);
    if (!status && o->certificate)
        status = variant_certificate(o, b, mark, &g);
out:
    cy_variant_analysis_free(&a);
    free(mark);
    cy_board_free(b);
    return status;
}

int cli_verify_variants(const cli_opts *o)
{
    cy_rules list[8];
    int n = 0;
    cy_error err;
    if (o->rules && !strcmp(o->rules, "all")) {
        static const char *const names[] = {"misere", "draw", "score", "score", "any-cycle", "standard"};
        for (int i = 0; i < 6; i++)
            if (cy_rules_parse(names[i], i == 5 ? 3 : 0, i == 3, &list[n++], &err) < 0)
                return cli_fail(NULL, "%s", err.msg);
    } else if (cy_rules_parse(o->rules, o->players, o->extra_turn, &list[n++], &err) < 0)
        return cli_usage_fail("%s", err.msg);
    char *text = cy_variant_verify(list, n, o->timeout > 0 ? o->timeout : CLI_VERIFY_TIMEOUT, !o->quiet);
    if (cli_interrupted()) {
        char why[64];
        cli_fail("verify", "%s; the boards finished before are written, the rest is not computed (a partial answer)",
                 cli_stop_reason("interrupted", why, sizeof why));
    }
    int rc = cli_emit(o, text);
    free(text);
    return rc == 0 && cli_interrupted() ? 2 : rc;
}

int cli_show_variant(const cli_opts *o)
{
    cy_board *b = NULL;
    unsigned char *mark = NULL;
    cy_rules r;
    cy_variant_game g;
    int bad_load = cli_variant_load(o, &b, &mark, &r, &g);
    if (bad_load)
        return bad_load;
    int k = r.players > 2 ? r.players : 2;
    cy_buf t = {0};
    char head[CY_MAX_NAME_SHOWN];
    cy_buf_printf(&t, "board: %s\n", cli_board_head(b, head, sizeof head));
    cy_buf_printf(&t, "rules: %s%s", cy_rules_name(&r), r.extra_turn ? ", extra turn" : "");
    if (k > 2)
        cy_buf_printf(&t, ", %d players", k);
    cy_buf_printf(&t, "\nmoves played: %d; %s player %d\n", g.played, g.ended ? "game over; would move:" : "to move:",
                  g.to_move);
    if (r.kind == CY_RULES_SCORE) {
        cy_buf_puts(&t, "score:");
        for (int p = 1; p <= k; p++)
            cy_buf_printf(&t, " player %d %d", p, g.score[p]);
        cy_buf_puts(&t, "\n");
    }
    int cycles = 0;
    for (int c = 0; c < b->ncells; c++)
        if (cy_rules_cell(b, mark, c, NULL) == CY_CELL_CYCLE)
            cy_buf_printf(&t, "%scell %d", cycles++ ? ", " : "cycle cells: ", c + 1);
    if (cycles)
        cy_buf_puts(&t, "\n");
    int *moves = malloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int n = g.ended ? 0 : cy_variant_legal(b, &r, mark, moves);
    if (g.ended && g.completed_by)
        cy_buf_printf(&t, "the game ended when player %d completed a %s\n", g.completed_by,
                      r.kind == CY_RULES_ANY_CYCLE ? "directed cycle" : "cycle cell");
    else if (n == 0)
        cy_buf_puts(&t, "no legal move is left: the game is over\n");
    cy_buf_printf(&t, "legal moves (%d):%s", n, n ? "\n" : " none\n");
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, moves[i], m, sizeof m);
        cy_move_effect fx;
        cy_variant_effect(b, &r, mark, moves[i], &fx);
        cy_buf_printf(&t, "  %-12s", m);
        if (fx.cells)
            cy_buf_printf(&t, " completes %d cycle cell%s", fx.cells, fx.cells > 1 ? "s" : "");
        if (fx.cycle && !fx.cells)
            cy_buf_puts(&t, " closes a directed cycle");
        if (fx.ends)
            cy_buf_printf(&t, "; the mover %s", fx.mover_result > 0 ? "wins" : "loses");
        if (fx.points)
            cy_buf_printf(&t, "; scores %d", fx.points);
        if (fx.again)
            cy_buf_puts(&t, "; the mover moves again");
        cy_buf_puts(&t, "\n");
    }
    free(moves);
    char *text = cy_buf_take(&t);
    int rc = cli_emit(o, text);
    free(text);
    free(mark);
    cy_board_free(b);
    return rc;
}

/* The end of a game under r, in words. */
static void announce(const cy_rules *r, const cy_variant_game *g)
{
    int k = r->players > 2 ? r->players : 2;
    if (r->kind == CY_RULES_SCORE) {
        printf("game over after %d moves; score:", g->played);
        int best = 0, top = -1, ties = 0;
        for (int p = 1; p <= k; p++) {
            printf(" player %d %d", p, g->score[p]);
            if (g->score[p] > top) {
                top = g->score[p];
                best = p;
                ties = 0;
            } else if (g->score[p] == top)
                ties = 1;
        }
        if (ties)
            printf(": a draw\n");
        else
            printf(": player %d wins\n", best);
        return;
    }
    if (g->completed_by) {
        int loses = r->kind == CY_RULES_MISERE;
        printf("game over: player %d completed a %s and %s", g->completed_by,
               r->kind == CY_RULES_ANY_CYCLE ? "directed cycle" : "cycle cell", loses ? "loses" : "wins");
        if (loses)
            printf("; player %d wins", 3 - g->completed_by);
        printf("\n");
    } else if (r->kind == CY_RULES_DRAW)
        printf("game over: no legal move is left and no cycle cell was completed: a draw\n");
    else if (r->kind == CY_RULES_MISERE)
        printf("game over: player %d made the last move and loses; player %d wins\n", g->last, 3 - g->last);
    else
        printf("game over: player %d made the last move and wins\n", g->last);
}

/* `undo` in the variant game: takes back the moves from the human's last
 * one (mine[i]: move i was the human's) to the end, but none of the first
 * n0 (the file's and --moves); the position and *g are replayed.  Prints
 * what was undone, as the standard game does. */
static void variant_undo(const cy_board *b, const cy_rules *r, unsigned char *mark, const int *all,
                         const unsigned char *mine, int n0, int *n, cy_variant_game *g)
{
    int last = -1;
    for (int i = *n - 1; i >= n0 && last < 0; i--)
        if (mine[i])
            last = i;
    if (last < 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("undone:");
    for (int i = *n - 1; i >= last; i--) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, all[i], m, sizeof m);
        printf("%s %s (%s)", i < *n - 1 ? "," : "", m, mine[i] ? "yours" : "the engine's");
    }
    printf("\n");
    *n = last;
    memset(mark, 0, (size_t)b->ne);
    cy_variant_play(b, r, mark, all, *n, g, NULL);
}

int cli_play_variant(const cli_opts *o)
{
    cy_board *b = NULL;
    int *all = NULL, n = 0, nfile = 0;
    cy_rules r;
    int bad_load = variant_load_all(o, &b, &all, &n, &nfile, &r);
    if (bad_load)
        return bad_load;
    cy_error err;
    cy_variant_game g;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if (cy_variant_play(b, &r, mark, all, n, &g, &err) < 0) {
        cli_fail("--moves", "%s", err.msg);
        free(mark);
        free(all);
        cy_board_free(b);
        return 1;
    }
    const char *first = o->first ? o->first : "human";
    if (strcmp(first, "human") && strcmp(first, "engine")) {
        cli_fail("play", "--first is human or engine, not \"%.60s\"", first);
        free(mark);
        free(all);
        cy_board_free(b);
        return 1;
    }
    int k = r.players > 2 ? r.players : 2;
    int human = !strcmp(first, "human") ? g.to_move : g.to_move % k + 1;
    cy_solver_opts so = o->solver;
    so.progress = 0;
    if (!(so.timeout > 0))
        so.timeout = CLI_PLAY_TIMEOUT;
    if (!so.memory)
        so.memory = (size_t)CLI_PLAY_MEMORY_MIB << 20;
    int *legal = malloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int n0 = n; /* the moves loaded: undo keeps them */
    unsigned char *mine = calloc((size_t)b->ne + (size_t)n + 2, 1); /* mine[i]: move i is the human's */
    printf("Game of Cycles on %s (rules: %s%s", b->name ? b->name : "the board", cy_rules_name(&r),
           r.extra_turn ? ", extra turn" : "");
    if (k > 2)
        printf(", %d players", k);
    printf("): %d %s, %d %s, %d %s.\n", b->nv, cli_plural(b->nv, "vertex", "vertices"), b->ne,
           cli_plural(b->ne, "edge", "edges"), b->ncells, cli_plural(b->ncells, "cell", "cells"));
    printf("You are player %d; the engine plays the other%s.\n", human, k > 2 ? "s" : "");
    printf("Type a move as U->V, or: hint, moves, undo, quit.\n");
    int echo = !isatty(0);
    cli_lines *in = cli_lines_new(NULL, NULL); /* line editing on a terminal (lines.c) */
    for (;;) {
        fflush(stdout);
        if (g.ended) {
            announce(&r, &g);
            break;
        }
        if (g.to_move != human) {
            cy_variant_analysis a;
            int rc = cy_variant_analyse(b, &r, mark, &g, &so, &a, &err);
            int d = a.nbest ? a.best[0] : a.ndraw ? a.drawing[0] : -1;
            if (d < 0 && cy_variant_legal(b, &r, mark, legal) > 0)
                d = legal[0];
            if (rc < 0)
                printf("(the engine ran out of time and plays without a full search)\n");
            cy_variant_analysis_free(&a);
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, d, m, sizeof m);
            printf("engine (player %d) plays %s\n", g.to_move, m);
            all = realloc(all, sizeof(int) * (size_t)(n + 2));
            mine[n] = 0;
            all[n++] = d;
        } else {
            if (r.kind == CY_RULES_SCORE)
                printf("score: player 1 %d, player 2 %d\n", g.score[1], g.score[2]);
            const char *w = in ? cli_lines_get(in, "you> ") : NULL;
            if (!w) {
                printf("%s\ngame abandoned at the end of the input after %d moves\n", echo ? "(end of input)" : "",
                       g.played);
                break;
            }
            if (cli_lines_cut(in)) {
                printf("that line is too long; type a move as U->V, or quit\n");
                continue;
            }
            w += strspn(w, " ");
            if (!strcmp(w, "quit")) {
                printf("game abandoned after %d moves\n", g.played);
                break;
            }
            if (!strcmp(w, "undo")) {
                variant_undo(b, &r, mark, all, mine, n0, &n, &g);
                continue;
            }
            if (!strcmp(w, "moves") || !strcmp(w, "hint")) {
                int *d = legal, c = 0;
                cy_variant_analysis a;
                if (!strcmp(w, "hint")) {
                    cy_variant_analyse(b, &r, mark, &g, &so, &a, &err);
                    d = a.nbest ? a.best : a.drawing;
                    c = a.nbest ? a.nbest : a.ndraw;
                    printf("%s:", a.nbest ? (r.kind == CY_RULES_SCORE || k > 2 ? "best moves" : "winning moves")
                                          : c ? "no winning move; drawing moves" : "no move wins against perfect play");
                } else {
                    c = cy_variant_legal(b, &r, mark, legal);
                    printf("legal moves:");
                }
                for (int i = 0; i < c; i++) {
                    char m[2 * CY_MAX_LABEL + 8];
                    cy_move_str(b, d[i], m, sizeof m);
                    printf(" %s", m);
                }
                printf("\n");
                if (!strcmp(w, "hint"))
                    cy_variant_analysis_free(&a);
                continue;
            }
            int *d = NULL, c = 0;
            if (cy_moves_parse(b, w, &d, &c, &err) < 0 || c != 1) {
                printf("%s\n", c != 1 && !d ? err.msg : "type one move U->V, or hint, moves, undo, quit");
                free(d);
                continue;
            }
            all = realloc(all, sizeof(int) * (size_t)(n + 2));
            mine[n] = 1;
            all[n++] = d[0];
            free(d);
        }
        memset(mark, 0, (size_t)b->ne);
        cy_variant_game ng;
        if (cy_variant_play(b, &r, mark, all, n, &ng, &err) < 0) {
            /* the human's illegal move: refuse it and go on */
            n--;
            memset(mark, 0, (size_t)b->ne);
            cy_variant_play(b, &r, mark, all, n, &g, NULL);
            const char *why = strstr(err.msg, "is illegal: ");
            printf("illegal: %s\n", why ? why + 12 : err.msg);
            continue;
        }
        g = ng;
    }
    fflush(stdout);
    cli_lines_free(in);
    free(legal);
    free(mine);
    free(all);
    free(mark);
    cy_board_free(b);
    return 0;
}
