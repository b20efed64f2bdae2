/*
 * tree.c - `cycles tree BOARD [--moves M] [--dot]`: the state digraph of a
 * small board (Zonnefeld et al. 2023, Figure 7).  Without --dot, a table of positions
 * per number of moves with how many are P- and N-positions; with --dot, the
 * digraph for Graphviz.  Boards whose digraph has more than TREE_MAX
 * positions are refused: such a picture cannot be read.
 */
#include "cli.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The most positions a readable state digraph has (K4, the paper's Figure 7,
 * has 549; grid:2x3 775). */
#define TREE_MAX 1000

/* The per-layer summary as text. */
static char *summary(const cy_board *b, const cy_statetree *t)
{
    cyi_buf o = {0};
    cyi_buf_printf(&o, "state digraph of %s: %d %s, %d %s\n", b->name ? b->name : "board", t->n,
                   cli_plural(t->n, "position", "positions"), t->narcs, cli_plural(t->narcs, "move", "moves"));
    cyi_buf_puts(&o, "moves  positions      P      N  ends\n");
    for (int i = 0; i < t->n;) {
        int j = i, p = 0, n = 0, ends = 0;
        for (; j < t->n && t->played[j] == t->played[i]; j++) {
            p += t->value[j] == 'P';
            n += t->value[j] == 'N';
        }
        for (int a = 0, k = i; k < j; k++) {
            /* an end has no arc leaving it */
            while (a < t->narcs && t->from[a] < k)
                a++;
            ends += a >= t->narcs || t->from[a] != k;
        }
        cyi_buf_printf(&o, "%5d  %9d  %5d  %5d  %4d\n", t->played[i], j - i, p, n, ends);
        i = j;
    }
    int winner = (t->played[0] % 2 == 0) == (t->value[0] == 'N') ? 1 : 2;
    cyi_buf_printf(&o, "the start is a%s %c-position: player %d wins\n", t->value[0] == 'N' ? "n" : "", t->value[0],
                   winner);
    return cyi_buf_take(&o);
}

/* The per-layer summary under the variant r (cy_statetree_build_rules's
 * labels), g the game's state at the start. */
static char *summary_rules(const cy_board *b, const cy_rules *r, const cy_variant_game *g, const cy_statetree *t)
{
    int k = r->players > 2 ? r->players : 2;
    cyi_buf o = {0};
    cyi_buf_printf(&o, "state digraph of %s under the rules %s", b->name ? b->name : "board", cy_rules_name(r));
    if (k > 2)
        cyi_buf_printf(&o, " with %d players", k);
    if (r->extra_turn)
        cyi_buf_puts(&o, " with the extra turn");
    cyi_buf_printf(&o, ": %d %s, %d %s\n", t->n, cli_plural(t->n, "position", "positions"), t->narcs,
                   cli_plural(t->narcs, "move", "moves"));
    /* the columns: P N D for two players, the winners 1..k otherwise */
    char cols[CY_MAX_PLAYERS + 1];
    int nc = 0;
    if (k > 2)
        for (int p = 0; p < k; p++)
            cols[nc++] = (char)('1' + p);
    else {
        cols[nc++] = 'P';
        cols[nc++] = 'N';
        if (r->kind != CY_RULES_MISERE)
            cols[nc++] = 'D';
    }
    cyi_buf_puts(&o, "moves  positions");
    for (int c = 0; c < nc; c++)
        cyi_buf_printf(&o, k > 2 ? "  wins %c" : "      %c", cols[c]);
    cyi_buf_puts(&o, "  ends\n");
    for (int i = 0; i < t->n;) {
        int j = i, count[CY_MAX_PLAYERS + 1] = {0}, ends = 0;
        for (; j < t->n && t->played[j] == t->played[i]; j++)
            for (int c = 0; c < nc; c++)
                count[c] += t->value[j] == cols[c];
        for (int a = 0, q = i; q < j; q++) {
            while (a < t->narcs && t->from[a] < q)
                a++;
            ends += a >= t->narcs || t->from[a] != q;
        }
        cyi_buf_printf(&o, "%5d  %9d", t->played[i], j - i);
        for (int c = 0; c < nc; c++)
            cyi_buf_printf(&o, "  %6d", count[c]);
        cyi_buf_printf(&o, "  %4d\n", ends);
        i = j;
    }
    char v = t->value[0];
    if (k > 2)
        cyi_buf_printf(&o,
                       "the start: player %c wins (each player maximises their own chance, ties to the next "
                       "player)\n",
                       v);
    else if (v == 'D')
        cyi_buf_puts(&o, "the start is a D-position: a draw with perfect play\n");
    else
        cyi_buf_printf(&o, "the start is a%s %c-position: player %d wins\n", v == 'N' ? "n" : "", v,
                       v == 'N' ? g->to_move : 3 - g->to_move);
    if (r->kind == CY_RULES_SCORE)
        cyi_buf_printf(&o, "score difference from the start (player to move minus the other): %d\n", t->vvalue[0]);
    if (r->kind == CY_RULES_MISERE)
        cyi_buf_printf(&o, "misere grundy of the start: %d\n", t->vvalue[0]);
    return cyi_buf_take(&o);
}

/* `cycles tree`: the summary or (--dot) the digraph on standard output or
 * -o, under the rules o asks for; exit status 0, or 1 after a one-line
 * error (too many positions), 2 for a usage error. */
int cmd_tree(cli_opts *o)
{
    int var = cli_variant_wanted(o);
    cy_board *b;
    unsigned char *mark;
    cy_rules r;
    cy_variant_game g;
    if (var) {
        int bad = cli_variant_load(o, &b, &mark, &r, &g);
        if (bad)
            return bad;
    } else if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    cy_statetree t;
    cy_solver_opts so = o->solver;
    so.progress = 0;
    int rc = var ? cy_statetree_build_rules(b, &r, &so, mark, TREE_MAX, &t, &err)
                 : cy_statetree_build(b, mark, TREE_MAX, &t, &err);
    if (rc < 0)
        rc = cli_fail(o->board, "%s", err.msg);
    else {
        char *text = o->dot ? cy_statetree_dot(b, &t) : var ? summary_rules(b, &r, &g, &t) : summary(b, &t);
        rc = cli_emit(o, text);
        free(text);
        cy_statetree_free(&t);
    }
    free(mark);
    cy_board_free(b);
    return rc;
}
