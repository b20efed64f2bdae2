/*
 * svgpic.c - reads back a picture written by cy_render_svg and measures it
 * as a reader sees it: the picture's size, the vertex discs and the edge
 * lines, in pixels.
 *
 * Included directly (a unity build) by the tests and benchmarks that need
 * it; it needs only cycles.h and the C library.  The picture lists one
 * <line> per edge in edge order and one disc (<circle>, or <rect> for a
 * special vertex) per vertex in vertex order; anything else is ignored.
 */
#include "cycles.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a picture shows. */
typedef struct sp_pic {
    double width, height;
    int nv, ne;
    double *cx, *cy, *r;       /* nv discs */
    double *x1, *y1, *x2, *y2; /* ne lines */
} sp_pic;

/* The number after attribute name (e.g. " cx=\"") in the element starting at
 * s, or NAN. */
static double sp_attr(const char *s, const char *name)
{
    const char *end = strchr(s, '>');
    const char *p = strstr(s, name);
    if (!p || (end && p > end))
        return NAN;
    return strtod(p + strlen(name), NULL);
}

/* Reads svg (which must show b) into p; 0, or -1 when its elements do not
 * match the board's counts. */
static int sp_read(const char *svg, const cy_board *b, sp_pic *p)
{
    memset(p, 0, sizeof *p);
    p->cx = calloc((size_t)b->nv + 1, sizeof(double));
    p->cy = calloc((size_t)b->nv + 1, sizeof(double));
    p->r = calloc((size_t)b->nv + 1, sizeof(double));
    p->x1 = calloc((size_t)b->ne + 1, sizeof(double));
    p->y1 = calloc((size_t)b->ne + 1, sizeof(double));
    p->x2 = calloc((size_t)b->ne + 1, sizeof(double));
    p->y2 = calloc((size_t)b->ne + 1, sizeof(double));
    const char *s = strstr(svg, "<svg ");
    if (!s)
        return -1;
    p->width = sp_attr(s, " width=\"");
    p->height = sp_attr(s, " height=\"");
    for (const char *q = strstr(s, "<line "); q; q = strstr(q + 1, "<line ")) {
        if (p->ne == b->ne)
            return -1;
        p->x1[p->ne] = sp_attr(q, " x1=\"");
        p->y1[p->ne] = sp_attr(q, " y1=\"");
        p->x2[p->ne] = sp_attr(q, " x2=\"");
        p->y2[p->ne++] = sp_attr(q, " y2=\"");
    }
    const char *v = strstr(s, "<g id=\"vertices\"");
    for (const char *q = v ? strstr(v, "<g class=\"vertex\">") : NULL; q; q = strstr(q + 1, "<g class=\"vertex\">")) {
        if (p->nv == b->nv)
            return -1;
        const char *c = strstr(q, "<circle "), *rc = strstr(q, "<rect ");
        if (c && (!rc || c < rc)) {
            p->cx[p->nv] = sp_attr(c, " cx=\"");
            p->cy[p->nv] = sp_attr(c, " cy=\"");
            p->r[p->nv++] = sp_attr(c, " r=\"");
        } else if (rc) {
            double w = sp_attr(rc, " width=\"");
            p->cx[p->nv] = sp_attr(rc, " x=\"") + w / 2;
            p->cy[p->nv] = sp_attr(rc, " y=\"") + w / 2;
            p->r[p->nv++] = w / 2;
        }
    }
    return p->nv == b->nv && p->ne == b->ne && isfinite(p->width) && isfinite(p->height) ? 0 : -1;
}

/* Frees what sp_read allocated. */
static void sp_free(sp_pic *p)
{
    free(p->cx);
    free(p->cy);
    free(p->r);
    free(p->x1);
    free(p->y1);
    free(p->x2);
    free(p->y2);
}

/* The distance from (x, y) to the segment (ax, ay)-(bx, by). */
static double sp_seg_dist(double x, double y, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(x - ax - t * dx, y - ay - t * dy);
}

/* Measures: the smallest distance between two vertex centres, in units of
 * the larger radius of the two (*vv), and the smallest distance from a vertex
 * centre to an edge not on it, in units of the vertex's radius (*ve; INFINITY
 * when there is no such pair). */
static void sp_resolution(const sp_pic *p, const cy_board *b, double *vv, double *ve)
{
    *vv = *ve = INFINITY;
    for (int u = 0; u < b->nv; u++)
        for (int v = u + 1; v < b->nv; v++) {
            double d = hypot(p->cx[u] - p->cx[v], p->cy[u] - p->cy[v]) / fmax(p->r[u], p->r[v]);
            *vv = fmin(*vv, d);
        }
    for (int v = 0; v < b->nv; v++)
        for (int e = 0; e < b->ne; e++) {
            if (b->eu[e] == v || b->ev[e] == v)
                continue;
            double d = sp_seg_dist(p->cx[v], p->cy[v], p->x1[e], p->y1[e], p->x2[e], p->y2[e]) / p->r[v];
            *ve = fmin(*ve, d);
        }
}
