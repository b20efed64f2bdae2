/*
 * format_dot.c - Graphviz output: an undirected graph whose marked edges
 * carry arrows (dir=forward or dir=back), special vertices drawn as boxes,
 * and pinned positions when the board has coordinates.
 */
#include "format_internal.h"

#include <math.h>
#include <stdio.h>

/* Appends s as a DOT quoted string. */
static void put_quoted(cy_buf *out, const char *s)
{
    cy_buf_puts(out, "\"");
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            cy_buf_printf(out, "\\%c", *p);
        else if ((unsigned char)*p < 0x20 || *p == 0x7f)
            cy_buf_puts(out, " ");
        else
            cy_buf_printf(out, "%c", *p);
    }
    cy_buf_puts(out, "\"");
}

/* Writes b as a Graphviz graph with the arrows of mark (may be NULL). */
char *cy_dot_write(const cy_board *b, const unsigned char *mark, cy_error *err)
{
    (void)err;
    cy_buf out = {0};
    cy_buf_puts(&out, "graph ");
    put_quoted(&out, b->name ? b->name : "board");
    cy_buf_puts(&out, " {\n  node [shape=circle];\n");
    int pinned = b->has_coords && !b->surface;
    for (int v = 0; v < b->nv && pinned; v++)
        pinned = isfinite(b->x[v]) && isfinite(b->y[v]);
    /* labels need no escaping: cy_label_ok rules out quotes and backslashes */
    for (int v = 0; v < b->nv; v++) {
        cy_buf_printf(&out, "  \"%s\"", b->label[v]);
        if (b->special[v] || pinned) {
            cy_buf_puts(&out, " [");
            if (b->special[v])
                cy_buf_puts(&out, "shape=box, style=filled, fillcolor=lightgrey");
            if (pinned) {
                char px[40], py[40];
                cy_double_text(px, sizeof px, b->x[v]);
                cy_double_text(py, sizeof py, b->y[v]);
                cy_buf_printf(&out, "%spos=\"%s,%s!\"", b->special[v] ? ", " : "", px, py);
            }
            cy_buf_puts(&out, "]");
        }
        cy_buf_puts(&out, ";\n");
    }
    for (int e = 0; e < b->ne; e++) {
        cy_buf_printf(&out, "  \"%s\" -- \"%s\"", b->label[b->eu[e]], b->label[b->ev[e]]);
        /* parallel edges are told apart by their numbers, as moves name them */
        int named = b->multi && cy_board_edge_count(b, b->eu[e], b->ev[e]) > 1;
        const char *dir = mark && mark[e] == CY_FWD ? "dir=forward" : mark && mark[e] == CY_BWD ? "dir=back" : NULL;
        if (named || dir) {
            cy_buf_puts(&out, " [");
            if (named)
                cy_buf_printf(&out, "label=\"e%d\"%s", e, dir ? ", " : "");
            if (dir)
                cy_buf_puts(&out, dir);
            cy_buf_puts(&out, "]");
        }
        cy_buf_puts(&out, ";\n");
    }
    cy_buf_puts(&out, "}\n");
    return cy_buf_take(&out);
}
