/*
 * show.c - `cycles show BOARD`: the board and the position, readably.
 */
#include "cli.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Appends the walk of face f as vertex labels. */
static void put_walk(cyi_buf *o, const cy_board *b, int f)
{
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
        cyi_buf_printf(o, "%s%s", i > b->fstart[f] ? " " : "", b->label[cy_tail(b, b->fdarts[i])]);
    /* with parallel edges the vertices alone do not say which edges */
    for (int i = b->fstart[f]; b->multi && i < b->fstart[f + 1]; i++) {
        int d = b->fdarts[i];
        /* with loops each step also says which way: +eN along edge N */
        cyi_buf_printf(o, "%s%se%d", i > b->fstart[f] ? " " : " (edges ",
                       !b->loops ? ""
                       : d & 1   ? "-"
                                 : "+",
                       cy_dart_edge(d));
    }
    if (b->multi && b->fstart[f] < b->fstart[f + 1])
        cyi_buf_puts(o, ")");
}

/* Appends why dart d (side s of its edge) is not a safe move. */
static void put_reason(cyi_buf *o, const cy_board *b, const cy_edge_info *in, int d, int s)
{
    char m[2 * CY_MAX_LABEL + 8];
    cy_move_str(b, d, m, sizeof m);
    if (in->verdict[s] == CY_ILLEGAL_SINK)
        cyi_buf_printf(o, "%s makes %s a sink", m, b->label[in->vertex[s]]);
    else if (in->verdict[s] == CY_ILLEGAL_SOURCE)
        cyi_buf_printf(o, "%s makes %s a source", m, b->label[in->vertex[s]]);
    else
        cyi_buf_printf(o, "%s is a death move (the opponent completes cell %d)", m, in->death_cell[s] + 1);
}

/* Appends a list of moves. */
static void put_moves(cyi_buf *o, const cy_board *b, const char *title, const int *d, int n)
{
    cyi_buf_printf(o, "%s (%d):", title, n);
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, d[i], m, sizeof m);
        cyi_buf_printf(o, " %s", m);
    }
    cyi_buf_puts(o, n ? "\n" : " none\n");
}

/* The whole report for a position. */
static char *report(const cy_board *b, unsigned char *mark)
{
    cyi_buf o = {0};
    int played = cy_rules_played(b, mark);
    char head[CY_MAX_NAME_SHOWN];
    cyi_buf_printf(&o, "board: %s\n", cli_board_head(b, head, sizeof head));
    cyi_buf_printf(&o, "moves played: %d\n", played);

    cyi_buf_puts(&o, "\nvertices:\n");
    for (int v = 0; v < b->nv; v++) {
        int in = 0, out = 0, open = 0;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], m = mark[cy_dart_edge(d)];
            if (m == CY_UNMARKED)
                open++;
            else if (m == cy_dart_mark(d))
                out++;
            else
                in++;
        }
        int al = cy_rules_almost(b, mark, v);
        cyi_buf_printf(&o, "  %-6s degree %d: %d in, %d out, %d unmarked%s%s%s\n", b->label[v], cy_degree(b, v), in,
                       out, open, b->special[v] ? ", special" : "", al == 1 ? ", almost-sink" : "",
                       al == 2 ? ", almost-source" : "");
    }

    cyi_buf_puts(&o, "\ncells:\n");
    for (int c = 0; c < b->ncells; c++) {
        int missing;
        cy_cell_state st = cy_rules_cell(b, mark, c, &missing);
        cyi_buf_printf(&o, "  cell %d: ", c + 1);
        put_walk(&o, b, c);
        if (!b->cyclable[c])
            cyi_buf_puts(&o, "  (never a cycle cell: its walk uses an edge twice)\n");
        else if (st == CY_CELL_CYCLE)
            cyi_buf_puts(&o, "  CYCLE CELL\n");
        else if (st == CY_CELL_BROKEN)
            cyi_buf_puts(&o, "  (can no longer cycle: its arrows disagree)\n");
        else
            cyi_buf_printf(&o, "  (open, %d of %d edges unmarked)\n", missing, cy_face_len(b, c));
    }
    if (b->surface) {
        char s[64];
        cyi_buf_printf(&o, "  no outer face: every face is a cell of %s\n", cy_board_surface(b, s, sizeof s));
    } else {
        cyi_buf_puts(&o, "  outer face: ");
        put_walk(&o, b, b->ncells);
        cyi_buf_puts(&o, "\n");
    }

    cyi_buf_puts(&o, "\nedges:\n");
    /* every edge classified at once: edge by edge, each would look at every cell */
    cy_edge_info *info = cyi_xmalloc(sizeof *info * ((size_t)b->ne + 1));
    cy_rules_classify_all(b, mark, info);
    for (int e = 0; e < b->ne; e++) {
        cy_edge_info in = info[e];
        char m[2 * CY_MAX_LABEL + 8];
        if (b->multi)
            cyi_buf_printf(&o, "  e%-3d %s-%s  ", e, b->label[b->eu[e]], b->label[b->ev[e]]);
        else
            cyi_buf_printf(&o, "  %s-%s  ", b->label[b->eu[e]], b->label[b->ev[e]]);
        switch (in.cls) {
        case CY_EDGE_MARKED:
            cy_move_str(b, cy_dart(e, mark[e]), m, sizeof m);
            cyi_buf_printf(&o, "marked %s\n", m);
            break;
        case CY_EDGE_BOTH:
            cyi_buf_puts(&o, "markable both ways\n");
            break;
        case CY_EDGE_ONE_WAY: {
            /* one safe direction; the other is illegal, or legal but a death move */
            int bad = in.verdict[0] == CY_LEGAL && in.death_cell[0] < 0 ? 1 : 0;
            cy_move_str(b, 2 * e + (1 - bad), m, sizeof m);
            cyi_buf_printf(&o, in.verdict[bad] == CY_LEGAL ? "safe one way only: %s (" : "one way only: %s (", m);
            put_reason(&o, b, &in, 2 * e + bad, bad);
            cyi_buf_puts(&o, ")\n");
            break;
        }
        case CY_EDGE_UNPLAYABLE: {
            /* legal (so in the legal list), but only as death moves */
            int nlegal = (in.verdict[0] == CY_LEGAL) + (in.verdict[1] == CY_LEGAL);
            cyi_buf_puts(&o, nlegal == 2 ? "legal, but only as death moves: " : "legal, but only as a death move: ");
            put_reason(&o, b, &in, 2 * e, 0);
            cyi_buf_puts(&o, "; ");
            put_reason(&o, b, &in, 2 * e + 1, 1);
            cyi_buf_puts(&o, "\n");
            break;
        }
        case CY_EDGE_UNMARKABLE:
            cyi_buf_puts(&o, "unmarkable for good: ");
            put_reason(&o, b, &in, 2 * e, 0);
            cyi_buf_puts(&o, "; ");
            put_reason(&o, b, &in, 2 * e + 1, 1);
            cyi_buf_puts(&o, "\n");
            break;
        }
    }

    int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int *death = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_legal(b, mark, legal), nd = 0;
    for (int i = 0; i < n; i++) /* a death move hands over a cell */
        if (info[cy_dart_edge(legal[i])].death_cell[legal[i] & 1] >= 0)
            death[nd++] = legal[i];
    free(info);
    cyi_buf_puts(&o, "\n");
    put_moves(&o, b, "legal moves", legal, n);
    put_moves(&o, b, "death moves", death, nd);
    int win = cy_rules_winning_completion(b, mark);
    int cyc = cy_rules_cycle_cell(b, mark);
    cyi_buf_puts(&o, "\n");
    if (cyc >= 0)
        cyi_buf_printf(&o, "game over: cell %d is a cycle cell; player %d completed it and wins\n", cyc + 1,
                       played % 2 == 1 ? 1 : 2);
    else if (n == 0)
        cyi_buf_printf(&o, "%s\n", cli_no_move(played, head, sizeof head));
    else {
        cyi_buf_printf(&o, "player %d to move", played % 2 == 0 ? 1 : 2);
        if (win >= 0) {
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, win, m, sizeof m);
            cyi_buf_printf(&o, "; %s completes cell %d and wins", m, cy_rules_completes(b, mark, win) + 1);
        }
        cyi_buf_puts(&o, "\n");
    }
    free(legal);
    free(death);
    return cyi_buf_take(&o);
}

/* `cycles show` under a rule variant: turn, points, legal moves and what
 * each does. */
static int show_variant(const cli_opts *o)
{
    cy_board *b = NULL;
    unsigned char *mark = NULL;
    cy_rules r;
    cy_variant_game g;
    int bad_load = cli_variant_load(o, &b, &mark, &r, &g);
    if (bad_load)
        return bad_load;
    int k = r.players > 2 ? r.players : 2;
    cyi_buf t = {0};
    char head[CY_MAX_NAME_SHOWN];
    cyi_buf_printf(&t, "board: %s\n", cli_board_head(b, head, sizeof head));
    cyi_buf_printf(&t, "rules: %s%s", cy_rules_name(&r), r.extra_turn ? ", extra turn" : "");
    if (k > 2)
        cyi_buf_printf(&t, ", %d players", k);
    cyi_buf_printf(&t, "\nmoves played: %d; %s player %d\n", g.played,
                   g.ended ? "game over; would move:" : "to move:", g.to_move);
    if (r.kind == CY_RULES_SCORE) {
        cyi_buf_puts(&t, "score:");
        for (int p = 1; p <= k; p++)
            cyi_buf_printf(&t, " player %d %d", p, g.score[p]);
        cyi_buf_puts(&t, "\n");
    }
    int cycles = 0;
    for (int c = 0; c < b->ncells; c++)
        if (cy_rules_cell(b, mark, c, NULL) == CY_CELL_CYCLE)
            cyi_buf_printf(&t, "%scell %d", cycles++ ? ", " : "cycle cells: ", c + 1);
    if (cycles)
        cyi_buf_puts(&t, "\n");
    int *moves = malloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int n = g.ended ? 0 : cy_variant_legal(b, &r, mark, moves);
    if (g.ended && g.completed_by)
        cyi_buf_printf(&t, "the game ended when player %d completed a %s\n", g.completed_by,
                       r.kind == CY_RULES_ANY_CYCLE ? "directed cycle" : "cycle cell");
    else if (n == 0)
        cyi_buf_puts(&t, "no legal move is left: the game is over\n");
    cyi_buf_printf(&t, "legal moves (%d):%s", n, n ? "\n" : " none\n");
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, moves[i], m, sizeof m);
        cy_move_effect fx;
        cy_variant_effect(b, &r, mark, moves[i], &fx);
        cyi_buf_printf(&t, "  %-12s", m);
        if (fx.cells)
            cyi_buf_printf(&t, " completes %d cycle cell%s", fx.cells, fx.cells > 1 ? "s" : "");
        if (fx.cycle && !fx.cells)
            cyi_buf_puts(&t, " closes a directed cycle");
        if (fx.ends)
            cyi_buf_printf(&t, "; the mover %s", fx.mover_result > 0 ? "wins" : "loses");
        if (fx.points)
            cyi_buf_printf(&t, "; scores %d", fx.points);
        if (fx.again)
            cyi_buf_puts(&t, "; the mover moves again");
        cyi_buf_puts(&t, "\n");
    }
    free(moves);
    char *text = cyi_buf_take(&t);
    int rc = cli_emit(o, text);
    free(text);
    free(mark);
    cy_board_free(b);
    return rc;
}

int cmd_show(cli_opts *o)
{
    if (cli_variant_wanted(o))
        return show_variant(o);
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    char *text = report(b, mark);
    int rc = cli_emit(o, text);
    free(text);
    free(mark);
    cy_board_free(b);
    return rc;
}
