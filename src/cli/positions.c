/*
 * positions.c - `cycles positions BOARD [--csv|--json]`: every position
 * reachable from the board's position under the original rules, with who is
 * to move, whether the game is over, the outcome, the winner and the Grundy
 * value (cy_positions).  Boards of more than CY_POSITIONS_MAX_EDGES edges are
 * refused.  The whole listing is built before anything is written, so an
 * error (the solver running out of time or memory) leaves stdout empty.
 */
#include "cli.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Appends s as a JSON string (labels carry no quotes or control characters,
 * but may carry a backslash). */
static void json_str(cy_buf *o, const char *s)
{
    cy_buf_puts(o, "\"");
    for (; *s; s++)
        cy_buf_printf(o, *s == '\\' || *s == '"' ? "\\%c" : "%c", *s);
    cy_buf_puts(o, "\"");
}

/* `cycles positions`: CSV (the default) or a JSON array on stdout or -o; exit
 * status 0, 1 after a one-line error, 2 for a usage error. */
int cmd_positions(cli_opts *o)
{
    if (o->csv && o->json)
        return cli_usage_fail("--csv and --json exclude each other");
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    o->solver.progress = 0;
    cy_positions *it = cy_positions_new(b, mark, &o->solver, &err);
    int rc = 0;
    if (!it)
        rc = cli_fail(o->board, "%s", err.msg);
    else {
        cy_buf out = {0};
        cy_buf_puts(&out, o->json ? "[" : "played,to_move,moves,over,outcome,winner,grundy\n");
        cy_position_info p;
        int k;
        while ((k = cy_positions_next(it, &p, &err)) == 1) {
            char *moves = cy_position_moves(b, p.mark);
            if (o->json) {
                cy_buf_printf(&out, "%s\n  {\"played\": %d, \"to_move\": %d, \"moves\": ",
                              cy_positions_done(it) > 1 ? "," : "", p.played, p.to_move);
                json_str(&out, moves);
                cy_buf_printf(&out, ", \"over\": %s, \"outcome\": \"%c\", \"winner\": %d, \"grundy\": ",
                              p.over ? "true" : "false", p.outcome, p.winner);
                if (p.grundy >= 0)
                    cy_buf_printf(&out, "%d}", p.grundy);
                else
                    cy_buf_puts(&out, "null}");
            } else {
                cy_buf_printf(&out, "%d,%d,%s,%d,%c,%d,", p.played, p.to_move, moves, p.over, p.outcome, p.winner);
                if (p.grundy >= 0)
                    cy_buf_printf(&out, "%d", p.grundy);
                cy_buf_puts(&out, "\n");
            }
            free(moves);
        }
        if (o->json)
            cy_buf_puts(&out, "\n]\n");
        char *text = cy_buf_take(&out);
        rc = k < 0 ? cli_fail(o->board, "%s", err.msg) : cli_emit(o, text);
        free(text);
        cy_positions_free(it);
    }
    free(mark);
    cy_board_free(b);
    return rc;
}
