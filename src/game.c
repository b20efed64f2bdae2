/*
 * game.c - a game from what a user gives (cy_game_load): the one loader of
 * the command line, the server, the static site's engine, the MPI runner
 * and the Python binding.  A board from a file, a family or a file's text,
 * its special vertices, then the file's own moves and the moves given,
 * played under the game's rules.  The front ends frame the error in their
 * own words (the file's name, "--moves", an HTTP status) from the part of
 * the source it names.
 */
#include "internal.h"

#include <string.h>

/* Sets err to part with the message of e; returns -1. */
static int game_fail(cy_game_error *err, cy_game_part part, const cy_error *e)
{
    if (err) {
        err->err = *e;
        err->part = part;
        err->in_file = 0;
    }
    return -1;
}

/* The board of src, named src->name when its file gives none: NULL with
 * the message in *e and the part at fault in *part. */
static cy_board *game_board(const cy_game_source *src, char **file_moves, cy_error *e, cy_game_part *part)
{
    *part = CY_GAME_AT_BOARD;
    *file_moves = NULL;
    if (src->from == CY_GAME_FROM_SPEC)
        return cy_load(src->spec, file_moves, e);
    if (src->from == CY_GAME_FROM_FAMILY) {
        if (!cy_family_known(src->spec))
            *part = CY_GAME_AT_NO_FAMILY; /* cy_family_build says so */
        return cy_family_build(src->spec, e);
    }
    cy_board *b = cy_read_board(src->text, src->len, src->format, file_moves, e);
    if (b && !b->name && src->name)
        b->name = cyi_xstrdup(src->name);
    return b;
}

/* Makes the vertices named in list (labels separated by blanks or commas)
 * special on *b (replaced); -1 with the message in e. */
static int game_special(cy_board **b, const char *list, cy_error *e)
{
    unsigned char *sp = cyi_xcalloc((size_t)(*b)->nv + 1, 1);
    memcpy(sp, (*b)->special, (size_t)(*b)->nv);
    char *copy = cyi_xstrdup(list);
    static const char sep[] = ", \t";
    for (char *tok = copy + strspn(copy, sep); *tok;) {
        size_t n = strcspn(tok, sep);
        int more = tok[n] != 0;
        tok[n] = 0;
        int v = cy_board_find(*b, tok);
        if (v < 0) {
            cy_error_set(e, "--special: the board has no vertex %s", tok);
            free(copy);
            free(sp);
            return -1;
        }
        sp[v] = 1;
        tok += n + more;
        tok += strspn(tok, sep);
    }
    free(copy);
    cy_board *nb = cy_board_with_special(*b, sp, e);
    free(sp);
    if (!nb)
        return -1;
    cy_board_free(*b);
    *b = nb;
    return 0;
}

/* Parses text and appends its moves to g->moves; -1 with the message. */
static int game_parse(cy_game *g, const char *text, cy_error *e)
{
    int *d = NULL, k = 0;
    if (cy_moves_parse(g->board, text, &d, &k, e) < 0) {
        free(d);
        return -1;
    }
    g->moves = cyi_xrealloc(g->moves, sizeof(int) * (size_t)(g->nmoves + k + 1));
    if (k)
        memcpy(g->moves + g->nmoves, d, sizeof(int) * (size_t)k);
    g->nmoves += k;
    free(d);
    return 0;
}

/* The state of a standard game at g->mark: the moves on the board taken in
 * turn. */
static void game_standard_state(cy_game *g)
{
    cy_variant_game *s = &g->state;
    memset(s, 0, sizeof *s);
    s->played = cy_rules_played(g->board, g->mark);
    s->to_move = s->played % 2 + 1;
    s->last = s->played ? (s->played - 1) % 2 + 1 : 0;
    s->ended = cy_rules_over(g->board, g->mark);
    s->completed_by = s->ended && cy_rules_cycle_cell(g->board, g->mark) >= 0 ? s->last : 0;
}

/* The moves of the file, then src->moves, played on g (whose board is
 * loaded); -1 with err set. */
static int game_play(const cy_game_source *src, cy_game *g, cy_game_error *err)
{
    cy_error e;
    const char *lists[2] = {g->file_moves, src->moves};
    const cy_game_part parts[2] = {CY_GAME_AT_FILE_MOVES, CY_GAME_AT_MOVES};
    if (src->rules) {
        /* both lists parsed, then played as one game under the rules */
        for (int k = 0; k < 2; k++) {
            if (lists[k] && game_parse(g, lists[k], &e) < 0)
                return game_fail(err, parts[k], &e);
            if (k == 0)
                g->nfile = g->nmoves;
        }
        if (cy_variant_play(g->board, &g->rules, g->mark, g->moves, g->nmoves, &g->state, &e) < 0) {
            game_fail(err, CY_GAME_AT_PLAY, &e);
            if (err) {
                int bad = atoi(e.msg + 5); /* "move N (...)" */
                err->in_file = bad >= 1 && bad <= g->nfile;
            }
            return -1;
        }
        return 0;
    }
    /* each list parsed and played in turn */
    for (int k = 0; k < 2; k++) {
        int before = g->nmoves;
        if (lists[k] && (game_parse(g, lists[k], &e) < 0 ||
                         cy_moves_play(g->board, g->mark, g->moves + before, g->nmoves - before, &e) < 0))
            return game_fail(err, parts[k], &e);
        if (k == 0)
            g->nfile = g->nmoves;
    }
    game_standard_state(g);
    return 0;
}

int cy_game_load(const cy_game_source *src, cy_game *g, cy_game_error *err)
{
    memset(g, 0, sizeof *g);
    cy_error e;
    cy_game_part part;
    if (src->rules)
        g->rules = *src->rules;
    else
        cy_rules_parse("standard", 0, 0, &g->rules, NULL);
    g->ruled = src->rules != NULL;
    g->board = game_board(src, &g->file_moves, &e, &part);
    if (!g->board) {
        free(g->file_moves);
        g->file_moves = NULL;
        return game_fail(err, part, &e);
    }
    if (src->special && game_special(&g->board, src->special, &e) < 0) {
        game_fail(err, CY_GAME_AT_SPECIAL, &e);
        goto bad;
    }
    if (src->max_edges > 0 && g->board->ne > src->max_edges) {
        cy_error_set(&e, "the board has %d edges", g->board->ne);
        game_fail(err, CY_GAME_AT_SIZE, &e);
        goto bad;
    }
    g->mark = cyi_xcalloc((size_t)g->board->ne + 1, 1);
    g->moves = cyi_xmalloc(sizeof(int));
    if (src->board_only) {
        game_standard_state(g);
        return 0;
    }
    if (game_play(src, g, err) < 0)
        goto bad;
    return 0;
bad:
    cy_game_free(g);
    return -1;
}

void cy_game_free(cy_game *g)
{
    cy_board_free(g->board);
    free(g->mark);
    free(g->moves);
    free(g->file_moves);
    memset(g, 0, sizeof *g);
}
