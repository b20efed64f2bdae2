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

/* Loads the game of the command line under the rules o asks for (parsed
 * here: a usage error is status 2); play_at_moves as in cli_game_load. */
static int variant_game(const cli_opts *o, cy_game *g, int play_at_moves)
{
    cy_error err;
    cy_rules r;
    if (cy_rules_parse(o->rules, o->players, o->extra_turn, &r, &err) < 0)
        return cli_usage_fail("%s", err.msg);
    return cli_game_load(o, &r, g, play_at_moves);
}

int cli_variant_load(const cli_opts *o, cy_board **bp, unsigned char **markp, cy_rules *r, cy_variant_game *g)
{
    cy_game game;
    int bad_load = variant_game(o, &game, 0);
    if (bad_load)
        return bad_load;
    *bp = game.board;
    *markp = game.mark;
    *r = game.rules;
    *g = game.state;
    game.board = NULL;
    game.mark = NULL;
    cy_game_free(&game);
    return 0;
}

int cli_variant_game(const cli_opts *o, cy_game *g)
{
    return variant_game(o, g, 0);
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
    cy_game game;
    int bad_load = variant_game(o, &game, 1);
    if (bad_load)
        return bad_load;
    cy_board *b = game.board;
    int *all = game.moves, n = game.nmoves;
    cy_rules r = game.rules;
    cy_error err;
    cy_variant_game g = game.state;
    unsigned char *mark = game.mark;
    const char *first = o->first ? o->first : "human";
    if (strcmp(first, "human") && strcmp(first, "engine")) {
        cli_fail("play", "--first is human or engine, not \"%.60s\"", first);
        free(game.file_moves);
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
    free(game.file_moves);
    free(all);
    free(mark);
    cy_board_free(b);
    return 0;
}
