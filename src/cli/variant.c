/*
 * variant.c - the subcommands under a rule variant (issue 12): loading a
 * position with its moves checked under the variant, and `solve --rules`.
 */
#include "cli.h"

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
