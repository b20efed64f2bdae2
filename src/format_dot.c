/*
 * format_dot.c - Graphviz output: an undirected graph whose marked edges
 * carry arrows (dir=forward or dir=back), special vertices drawn as boxes,
 * and pinned positions when the board has coordinates.
 */
#include "format_internal.h"

#include <math.h>
#include <stdio.h>

/* Appends s as a DOT quoted string. */
static void put_quoted(cyi_buf *out, const char *s)
{
    cyi_buf_puts(out, "\"");
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            cyi_buf_printf(out, "\\%c", *p);
        else if ((unsigned char)*p < 0x20 || *p == 0x7f)
            cyi_buf_puts(out, " ");
        else
            cyi_buf_printf(out, "%c", *p);
    }
    cyi_buf_puts(out, "\"");
}

/* Writes b as a Graphviz graph with the arrows of mark (may be NULL). */
char *cyi_dot_write(const cy_board *b, const unsigned char *mark, cy_error *err)
{
    (void)err;
    cyi_buf out = {0};
    cyi_buf_puts(&out, "graph ");
    put_quoted(&out, b->name ? b->name : "board");
    cyi_buf_puts(&out, " {\n  node [shape=circle];\n");
    int pinned = b->has_coords && !b->surface;
    for (int v = 0; v < b->nv && pinned; v++)
        pinned = isfinite(b->x[v]) && isfinite(b->y[v]);
    /* labels need no escaping: cyi_label_ok rules out quotes and backslashes */
    for (int v = 0; v < b->nv; v++) {
        cyi_buf_printf(&out, "  \"%s\"", b->label[v]);
        if (b->special[v] || pinned) {
            cyi_buf_puts(&out, " [");
            if (b->special[v])
                cyi_buf_puts(&out, "shape=box, style=filled, fillcolor=lightgrey");
            if (pinned) {
                char px[40], py[40];
                cyi_double_text(px, sizeof px, b->x[v]);
                cyi_double_text(py, sizeof py, b->y[v]);
                cyi_buf_printf(&out, "%spos=\"%s,%s!\"", b->special[v] ? ", " : "", px, py);
            }
            cyi_buf_puts(&out, "]");
        }
        cyi_buf_puts(&out, ";\n");
    }
    for (int e = 0; e < b->ne; e++) {
        cyi_buf_printf(&out, "  \"%s\" -- \"%s\"", b->label[b->eu[e]], b->label[b->ev[e]]);
        /* parallel edges are told apart by their numbers, as moves name them */
        int named = b->multi && cy_board_edge_count(b, b->eu[e], b->ev[e]) > 1;
        const char *dir = mark && mark[e] == CY_FWD ? "dir=forward" : mark && mark[e] == CY_BWD ? "dir=back" : NULL;
        if (named || dir) {
            cyi_buf_puts(&out, " [");
            if (named)
                cyi_buf_printf(&out, "label=\"e%d\"%s", e, dir ? ", " : "");
            if (dir)
                cyi_buf_puts(&out, dir);
            cyi_buf_puts(&out, "]");
        }
        cyi_buf_puts(&out, ";\n");
    }
    cyi_buf_puts(&out, "}\n");
    return cyi_buf_take(&out);
}
