/*
 * tree.c - `cycles tree BOARD [--moves M] [--dot]`: the state digraph of a
 * small board (paper 003, Figure 7).  Without --dot, a table of positions
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
    cy_buf o = {0};
    cy_buf_printf(&o, "state digraph of %s: %d %s, %d %s\n", b->name ? b->name : "board", t->n,
                  cli_plural(t->n, "position", "positions"), t->narcs, cli_plural(t->narcs, "move", "moves"));
    cy_buf_puts(&o, "moves  positions      P      N  ends\n");
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
        cy_buf_printf(&o, "%5d  %9d  %5d  %5d  %4d\n", t->played[i], j - i, p, n, ends);
        i = j;
    }
    int winner = (t->played[0] % 2 == 0) == (t->value[0] == 'N') ? 1 : 2;
    cy_buf_printf(&o, "the start is a%s %c-position: player %d wins\n", t->value[0] == 'N' ? "n" : "",
                  t->value[0], winner);
    return cy_buf_take(&o);
}

/* `cycles tree`: the summary or (--dot) the digraph on standard output or
 * -o; exit status 0, or 1 after a one-line error (too many positions). */
int cmd_tree(cli_opts *o)
{
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    cy_statetree t;
    int rc;
    if (cy_statetree_build(b, mark, TREE_MAX, &t, &err) < 0)
        rc = cli_fail(o->board, "%s", err.msg);
    else {
        char *text = o->dot ? cy_statetree_dot(b, &t) : summary(b, &t);
        rc = cli_emit(o, text);
        free(text);
        cy_statetree_free(&t);
    }
    free(mark);
    cy_board_free(b);
    return rc;
}
