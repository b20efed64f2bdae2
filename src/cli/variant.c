/*
 * variant.c - the subcommands under a rule variant (issue 12): loading a
 * position with its moves checked under the variant, and `solve --rules`.
 */
#include "cli.h"

#include "internal.h"

#include <stdlib.h>
#include <string.h>

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

int cli_variant_load(const cli_opts *o, cy_board **bp, unsigned char **markp, cy_rules *r, cy_variant_game *g)
{
    cy_error err;
    if (cy_rules_parse(o->rules, o->players, o->extra_turn, r, &err) < 0)
        return cli_fail(NULL, "%s", err.msg);
    if (o->special)
        return cli_fail(NULL, "--special does not go with --rules, --players or --extra-turn yet");
    char *file_moves = NULL;
    cy_board *b = cy_load(o->board, &file_moves, &err);
    if (!b)
        return cli_fail(o->board, "%s", err.msg);
    int *all = malloc(sizeof(int)), n = 0, nfile = 0;
    if (file_moves && add_moves(b, file_moves, &all, &n, o->board))
        goto fail;
    nfile = n;
    if (o->moves && add_moves(b, o->moves, &all, &n, "--moves"))
        goto fail;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if (cy_variant_play(b, r, mark, all, n, g, &err) < 0) {
        /* name the file when the bad move is one of its own */
        int bad = atoi(err.msg + 5); /* "move N (...)" */
        cli_fail(bad >= 1 && bad <= nfile ? o->board : "--moves", "%s", err.msg);
        free(mark);
        goto fail;
    }
    free(all);
    free(file_moves);
    *bp = b;
    *markp = mark;
    return 0;
fail:
    free(all);
    free(file_moves);
    cy_board_free(b);
    return 1;
}

int cli_solve_variant(const cli_opts *o)
{
    cy_board *b;
    unsigned char *mark;
    cy_rules r;
    cy_variant_game g;
    if (cli_variant_load(o, &b, &mark, &r, &g))
        return 1;
    cy_error err;
    cy_variant_analysis a;
    int rc = cy_variant_analyse(b, &r, mark, &g, &o->solver, &a, &err);
    int status = 0;
    if (rc == CY_SOLVE_TOO_BIG) {
        status = cli_fail(o->board, "%s", err.msg);
        goto out;
    }
    if (rc < 0) {
        cli_fail(o->board, "%s after %llu positions; the answer below is partial", err.msg,
                 (unsigned long long)a.stats.positions);
        status = 2;
    }
    char *text = o->json ? cy_variant_json(b, &a) : cy_variant_text(b, &a);
    if (cli_emit(o, text))
        status = 1;
    free(text);
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
        return cli_fail(NULL, "%s", err.msg);
    char *text = cy_variant_verify(list, n, o->timeout > 0 ? o->timeout : 2.0, !o->quiet);
    int rc = cli_emit(o, text);
    free(text);
    return rc;
}

int cli_show_variant(const cli_opts *o)
{
    cy_board *b;
    unsigned char *mark;
    cy_rules r;
    cy_variant_game g;
    if (cli_variant_load(o, &b, &mark, &r, &g))
        return 1;
    int k = r.players > 2 ? r.players : 2;
    cy_buf t = {0};
    cy_buf_printf(&t, "board: %s (%d vertices, %d edges, %d cells)\n", b->name ? b->name : "?", b->nv, b->ne,
                  b->ncells);
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
