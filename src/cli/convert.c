/*
 * convert.c - `cycles convert BOARD --to FORMAT`: write a board in a format.
 */
#include "cli.h"

#include <stdlib.h>

int cmd_convert(cli_opts *o)
{
    if (!o->to)
        return cli_usage_fail("convert needs --to FORMAT (table, table-text, json, drawing, dot or benntaylor)");
    int f = cy_format_parse(o->to);
    if (f < 0 || f == CY_FMT_AUTO)
        return cli_usage_fail("unknown format \"%.80s\" (table, table-text, json, drawing, dot or benntaylor)", o->to);
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    char *text = cy_write_board(b, mark, (cy_format)f, &err);
    int rc = text ? cli_emit(o, text) : cli_fail(o->board, "%s", err.msg);
    free(text);
    free(mark);
    cy_board_free(b);
    return rc;
}
