/*
 * render_svg.c - a picture of a board and a position as hand-written SVG.
 *
 * The board is laid out by cy_layout (y up) and scaled so that the picture
 * is a readable size and no two vertex discs overlap.  Layers, bottom to
 * top: a white background, cycle cells filled, edges (grey unmarked, dashed
 * unmarkable, black marked, red and thick for the last move, green for
 * hints), arrowheads at the middle of the edges, vertices with labels, and
 * the legend and the caption.  Every element carries a <title>, which viewers show as a
 * tooltip.
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Colours: those of the page (web/app.css). */
#define C_EDGE "#aab3bd"
#define C_UNMARKABLE "#c5ccd3"
#define C_MARKED "#5c6670"
#define C_P1 "#1f6feb"
#define C_P2 "#e8590c"
#define C_LAST "#1d232b"
#define C_HINT "#2f9e44"
#define C_CYCLE "#ffd43b"
#define C_INK "#1d232b"
#define C_SPECIAL "#dee2e6"

/* The widest and narrowest picture cy_picture.width may ask for. */
#define MIN_WIDTH 16.0
#define MAX_WIDTH 8192.0

/* The largest picture we write for the sake of spacing (pixels), the
 * largest we write at all (the longest side of the drawing area), and the
 * most vertices whose spacing is measured. */
#define MAX_PICTURE 800.0
#define MAX_SIDE 6000.0
#define SPACING_MAX 3000

/* Appends s with the XML special characters escaped, after cy_escape (so
 * no control character or invalid UTF-8 from input gets into the XML). */
static void put_xml(cyi_buf *o, const char *raw)
{
    char *s = cy_escape_dup(raw, 0);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&':
            cyi_buf_puts(o, "&amp;");
            break;
        case '<':
            cyi_buf_puts(o, "&lt;");
            break;
        case '>':
            cyi_buf_puts(o, "&gt;");
            break;
        case '"':
            cyi_buf_puts(o, "&quot;");
            break;
        case '\'':
            cyi_buf_puts(o, "&apos;");
            break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                cyi_buf_puts(o, " ");
            else
                cyi_buf_printf(o, "%c", *p);
        }
    }
    free(s);
}

/* The picture's frame: layout coordinates to pixels. */
typedef struct frame {
    double minx, maxy, scale, margin;
    double xoff; /* extra left margin that centres the board */
    double width, height;
} frame;

/* The pixel column of layout abscissa x. */
static double px(const frame *f, double x)
{
    return f->xoff + f->margin + (x - f->minx) * f->scale;
}

/* The pixel row of layout ordinate y (SVG rows run down, the layout's y up). */
static double py(const frame *f, double y)
{
    return f->margin + (f->maxy - y) * f->scale;
}

/* Radius of the disc of vertex v: room for its label in 13px type. */
static double vradius(const cy_board *b, int v)
{
    double r = 4.0 + 3.7 * (double)strlen(b->label[v]);
    return r < 11.0 ? 11.0 : r;
}

/* The distance from (x, y) to the segment from (ax, ay) to (bx, by). */
static double seg_dist(double x, double y, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(x - ax - t * dx, y - ay - t * dy);
}

/* Moves and scales xy (n points) into [0, 1] x [0, 1], the longest side
 * of their box 1 (halves first, so that no difference overflows), keeping
 * the shape: the picture's arithmetic then never meets an infinity or a
 * NaN, whatever the coordinates' size. */
static void normalise(double *xy, int n)
{
    double minx = xy[0], maxx = xy[0], miny = xy[1], maxy = xy[1];
    for (int v = 0; v < n; v++) {
        minx = fmin(minx, xy[2 * v]);
        maxx = fmax(maxx, xy[2 * v]);
        miny = fmin(miny, xy[2 * v + 1]);
        maxy = fmax(maxy, xy[2 * v + 1]);
    }
    double half = fmax(maxx / 2 - minx / 2, maxy / 2 - miny / 2);
    if (!(half > 0) || !isfinite(half))
        half = 0.5;
    for (int v = 0; v < n; v++) {
        xy[2 * v] = (xy[2 * v] / 2 - minx / 2) / half;
        xy[2 * v + 1] = (xy[2 * v + 1] / 2 - miny / 2) / half;
        if (!isfinite(xy[2 * v]) || !isfinite(xy[2 * v + 1]))
            xy[2 * v] = xy[2 * v + 1] = 0;
    }
}

/* Chooses the frame.  The layout's longest side becomes 60 pixels per
 * vertex's square root (240 to 900), then grows until vertex centres are 5
 * disc radii apart (room for an arrowhead between two discs) and 2 radii away
 * from the edges they are not on, as far as the picture stays within
 * MAX_PICTURE pixels; beyond that it grows only as far as the readable
 * minimum needs (centres 3 radii apart, a radius away from other edges),
 * within MAX_SIDE.  The distances are measured on boards of up to
 * SPACING_MAX vertices.  The picture is at least caption_w wide and has
 * caption_h more height for the caption. */
static void choose_frame(const cy_board *b, const double *xy, double caption_h, double caption_w, frame *f)
{
    /* xy is normalised by the caller (normalise): within [0, 1] */
    double minx = xy[0], maxx = xy[0], miny = xy[1], maxy = xy[1], rmax = 0;
    for (int v = 0; v < b->nv; v++) {
        minx = fmin(minx, xy[2 * v]);
        maxx = fmax(maxx, xy[2 * v]);
        miny = fmin(miny, xy[2 * v + 1]);
        maxy = fmax(maxy, xy[2 * v + 1]);
        rmax = fmax(rmax, vradius(b, v));
    }
    double ext = fmax(maxx - minx, maxy - miny);
    if (!(ext > 0))
        ext = 1;
    double margin = rmax + 16;
    double target = 60.0 * sqrt((double)b->nv);
    target = fmin(900.0, fmax(240.0, target));
    double scale = target / ext;
    /* the smallest distances between vertex centres and from a centre to
     * an edge it is not on */
    double dvv = INFINITY, dve = INFINITY;
    if (b->nv <= SPACING_MAX) {
        for (int u = 0; u < b->nv; u++)
            for (int v = u + 1; v < b->nv; v++) {
                double d = hypot(xy[2 * u] - xy[2 * v], xy[2 * u + 1] - xy[2 * v + 1]);
                if (d > 0 && d < dvv)
                    dvv = d;
            }
        for (int v = 0; v < b->nv && (double)b->nv * b->ne <= 4.0 * SPACING_MAX * SPACING_MAX; v++)
            for (int e = 0; e < b->ne; e++)
                if (b->eu[e] != v && b->ev[e] != v) {
                    double d = seg_dist(xy[2 * v], xy[2 * v + 1], xy[2 * b->eu[e]], xy[2 * b->eu[e] + 1],
                                        xy[2 * b->ev[e]], xy[2 * b->ev[e] + 1]);
                    if (d > 0 && d < dve)
                        dve = d;
                }
    }
    scale = fmax(scale, fmax(5.0 * rmax / dvv, 2.0 * rmax / dve));
    double room_x = MAX_PICTURE - 2 * margin, room_y = MAX_PICTURE - 2 * margin - caption_h;
    if (maxx > minx)
        scale = fmin(scale, room_x / (maxx - minx));
    if (maxy > miny)
        scale = fmin(scale, room_y / (maxy - miny));
    scale = fmax(scale, fmax(3.0 * rmax / dvv, rmax / dve));
    if (scale * ext > MAX_SIDE)
        scale = MAX_SIDE / ext;
    f->minx = minx;
    f->maxy = maxy;
    f->scale = scale;
    f->margin = margin;
    f->width = (maxx - minx) * scale + 2 * f->margin;
    f->height = (maxy - miny) * scale + 2 * f->margin + caption_h;
    f->xoff = 0;
    if (f->width < caption_w) {
        f->xoff = (caption_w - f->width) / 2;
        f->width = caption_w;
    }
}

/* Appends an arrowhead for dart d at fraction t along the part of its edge
 * that the vertex discs leave visible, shrunk to fit that part. */
static void put_arrowhead(cyi_buf *o, const cy_board *b, const double *xy, const frame *f, int d, double t, double len,
                          const char *colour, int hollow)
{
    int u = cy_tail(b, d), v = cy_head(b, d);
    double x1 = px(f, xy[2 * u]), y1 = py(f, xy[2 * u + 1]);
    double x2 = px(f, xy[2 * v]), y2 = py(f, xy[2 * v + 1]);
    double dx = x2 - x1, dy = y2 - y1, l = hypot(dx, dy);
    if (!(l > 0))
        return;
    dx /= l;
    dy /= l;
    double ru = vradius(b, u), rv = vradius(b, v), vis = l - ru - rv;
    if (vis < 4)
        vis = 4;
    if (len > 0.8 * vis)
        len = 0.8 * vis;
    double at = ru + t * (l - ru - rv);
    double mx = x1 + at * dx, my = y1 + at * dy;
    double hw = len * 0.5;
    double tx = mx + dx * len / 2, ty = my + dy * len / 2;
    double bx = mx - dx * len / 2, by = my - dy * len / 2;
    cyi_buf_printf(o, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" ", tx, ty, bx - dy * hw, by + dx * hw,
                   bx + dy * hw, by - dx * hw);
    if (hollow)
        cyi_buf_printf(o, "class=\"death\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>\n",
                       colour);
    else
        cyi_buf_printf(o, "fill=\"%s\"/>\n", colour);
}

/* The signs of a legend. */
enum sign { S_SPECIAL, S_CYCLE, S_P1, S_P2, S_MARKED, S_LAST, S_HINT, S_DEATH, S_UNMARKABLE, S_NSIGNS };
static const char *const sign_text[S_NSIGNS] = {"special vertex (no sink/source rule)",
                                                "cycle cell",
                                                "player 1's arrows",
                                                "player 2's arrows",
                                                "arrows",
                                                "the last move (thicker)",
                                                "winning move",
                                                "death move (lets the opponent complete a cycle cell)",
                                                "unmarkable edge (no arrow is legal)"};
/* Height of a legend line (pixels). */
#define LEGEND_LINE 20.0

/* Appends the legend: one line per sign shown (shown[s]), its symbol then
 * its meaning, from the pixel row top down; the last move in last_colour. */
static void put_legend(cyi_buf *o, const unsigned char *shown, double top, const char *last_colour)
{
    cyi_buf_puts(o, "<g id=\"legend\" font-size=\"13\">\n");
    double y = top;
    for (int s = 0; s < S_NSIGNS; s++) {
        if (!shown[s])
            continue;
        double x = 14, cy = y + LEGEND_LINE / 2;
        switch (s) {
        case S_SPECIAL:
            cyi_buf_printf(o,
                           "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" rx=\"3\" fill=\"" C_SPECIAL
                           "\" stroke=\"" C_INK "\" stroke-width=\"1.5\"/>\n",
                           x + 5, cy - 7);
            break;
        case S_CYCLE:
            cyi_buf_printf(o,
                           "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"14\" fill=\"" C_CYCLE
                           "\" fill-opacity=\"0.75\"/>\n",
                           x, cy - 7);
            break;
        case S_DEATH:
            cyi_buf_printf(o,
                           "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"" C_INK
                           "\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>\n",
                           x + 19, cy, x + 7, cy - 6, x + 7, cy + 6);
            break;
        case S_UNMARKABLE:
            cyi_buf_printf(o,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" C_UNMARKABLE
                           "\" stroke-width=\"2\" stroke-dasharray=\"7 5\"/>\n",
                           x, cy, x + 24, cy);
            break;
        default: {
            const char *c = s == S_P1     ? C_P1
                            : s == S_P2   ? C_P2
                            : s == S_HINT ? C_HINT
                            : s == S_LAST ? last_colour
                                          : C_MARKED;
            double w = s == S_LAST ? 4.5 : 2.5;
            cyi_buf_printf(o,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                           "stroke-width=\"%.1f\"/><polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n",
                           x, cy, x + 24, cy, c, w, x + 19, cy, x + 9, cy - 5, x + 9, cy + 5, c);
        }
        }
        cyi_buf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" dy=\"0.35em\" fill=\"" C_INK "\">%s</text>\n", x + 34, cy,
                       sign_text[s]);
        y += LEGEND_LINE;
    }
    cyi_buf_puts(o, "</g>\n");
}

/* What the picture shows, worked out before it is drawn. */
typedef struct scene {
    const cy_board *b;
    const cy_picture *p;
    double *xy;                /* the layout, then normalised */
    unsigned char *mark;       /* the marks (none when p gives none) */
    int last;                  /* the last move's dart, or -1 */
    unsigned char *hint;       /* hint[d]: dart d is a hint */
    unsigned char *death;      /* death[d]: a legal move that lets the opponent complete a cycle cell */
    unsigned char *unmarkable; /* unmarkable[e]: unmarked, and neither direction legal */
    frame f;
} scene;

/* Frees what sc holds. */
static void scene_free(scene *sc)
{
    free(sc->xy);
    free(sc->mark);
    free(sc->hint);
    free(sc->death);
    free(sc->unmarkable);
}

/* The marks, the last move, the hints, the death moves and the unmarkable
 * edges of the picture p of b into sc.  After a cycle cell no move is legal,
 * so then the edges are classified one by one (quadratic, so only on smaller
 * boards). */
static void scene_marks(scene *sc, const cy_board *b, const cy_picture *p)
{
    unsigned char *mark = sc->mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    if (p && p->mark)
        memcpy(mark, p->mark, (size_t)b->ne);
    sc->last = p && p->last >= 0 && p->last < 2 * b->ne && mark[cy_dart_edge(p->last)] ? p->last : -1;
    sc->hint = cyi_xcalloc(2 * (size_t)b->ne + 1, 1);
    for (int i = 0; p && p->hints && i < p->nhints; i++)
        if (p->hints[i] >= 0 && p->hints[i] < 2 * b->ne)
            sc->hint[p->hints[i]] = 1;
    sc->death = cyi_xcalloc(2 * (size_t)b->ne + 1, 1);
    if (p && p->deaths && cy_rules_cycle_cell(b, mark) < 0) {
        int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int n = cy_rules_legal(b, mark, legal);
        for (int i = 0; i < n; i++)
            sc->death[legal[i]] = (unsigned char)(cy_rules_is_death(b, mark, legal[i], NULL) != 0);
        free(legal);
    }
    unsigned char *unmarkable = sc->unmarkable = cyi_xcalloc((size_t)b->ne + 1, 1);
    if (cy_rules_cycle_cell(b, mark) < 0) {
        int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int n = cy_rules_legal(b, mark, legal);
        for (int e = 0; e < b->ne; e++)
            unmarkable[e] = !mark[e];
        for (int i = 0; i < n; i++)
            unmarkable[cy_dart_edge(legal[i])] = 0;
        free(legal);
    } else if (b->ne <= 1000) {
        for (int e = 0; e < b->ne; e++) {
            cy_edge_info in;
            cy_rules_classify(b, mark, e, &in);
            unmarkable[e] = in.cls == CY_EDGE_UNMARKABLE;
        }
    }
}

/* The signs the picture shows, for the legend (shown[k]); returns how many,
 * and their widest line in *width. */
static int legend_signs(const scene *sc, unsigned char shown[S_NSIGNS], double *width)
{
    const cy_board *b = sc->b;
    const cy_picture *p = sc->p;
    const unsigned char *mark = sc->mark, *hint = sc->hint, *death = sc->death;
    int nshown = 0;
    for (int v = 0; v < b->nv; v++)
        shown[S_SPECIAL] |= b->special[v] != 0;
    shown[S_CYCLE] = cy_rules_cycle_cell(b, mark) >= 0;
    for (int e = 0; e < b->ne; e++) {
        int who = mark[e] && p->owner ? p->owner[e] : 0;
        shown[S_P1] |= who == 1;
        shown[S_P2] |= who == 2;
        shown[S_MARKED] |= mark[e] && !who && cy_dart(e, mark[e]) != sc->last;
        shown[S_UNMARKABLE] |= sc->unmarkable[e] && !hint[2 * e] && !hint[2 * e + 1];
        shown[S_HINT] |= !mark[e] && (hint[2 * e] || hint[2 * e + 1]);
        shown[S_DEATH] |= !mark[e] && ((death[2 * e] && !hint[2 * e]) || (death[2 * e + 1] && !hint[2 * e + 1]));
    }
    shown[S_LAST] = sc->last >= 0;
    for (int k = 0; k < S_NSIGNS; k++)
        if (shown[k]) {
            nshown++;
            /* 13px type is about 7.5px a character wide */
            *width = fmax(*width, 48 + 7.5 * (double)strlen(sign_text[k]) + 12);
        }
    return nshown;
}

/* The cycle cells, filled. */
static void put_cycle_cells(cyi_buf *o, const scene *sc)
{
    const cy_board *b = sc->b;
    cyi_buf_puts(o, "<g id=\"cells\">\n");
    for (int c = 0; c < b->ncells; c++) {
        if (cy_rules_cell(b, sc->mark, c, NULL) != CY_CELL_CYCLE)
            continue;
        cyi_buf_printf(o, "<polygon class=\"cycle-cell\" fill=\"%s\" fill-opacity=\"0.75\" stroke=\"none\" points=\"",
                       C_CYCLE);
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int v = cy_tail(b, b->fdarts[i]);
            cyi_buf_printf(o, "%s%.2f,%.2f", i > b->fstart[c] ? " " : "", px(&sc->f, sc->xy[2 * v]),
                           py(&sc->f, sc->xy[2 * v + 1]));
        }
        cyi_buf_printf(o, "\"><title>cell %d: a cycle cell</title></polygon>\n", c + 1);
    }
    cyi_buf_puts(o, "</g>\n");
}

/* The edges, each coloured by what it is, with a title saying so. */
static void put_edges(cyi_buf *o, const scene *sc)
{
    const cy_board *b = sc->b;
    const cy_picture *p = sc->p;
    const double *xy = sc->xy;
    const frame *f = &sc->f;
    cyi_buf_puts(o, "<g id=\"edges\" stroke-linecap=\"round\">\n");
    for (int e = 0; e < b->ne; e++) {
        int u = b->eu[e], v = b->ev[e];
        const char *colour = C_EDGE, *cls = "unmarked", *dash = "";
        double width = 2.0;
        char what[2 * CY_MAX_LABEL + 64];
        if (sc->mark[e]) {
            int d = cy_dart(e, sc->mark[e]);
            int who = p && p->owner ? p->owner[e] : 0;
            colour = who == 1 ? C_P1 : who == 2 ? C_P2 : d == sc->last ? C_LAST : C_MARKED;
            width = d == sc->last ? 4.5 : 2.5;
            cls = d == sc->last ? "last-move" : "marked";
            cy_move_str(b, d, what, sizeof what);
            if (d == sc->last)
                strcat(what, " (last move)");
        } else {
            snprintf(what, sizeof what, "%s-%s", b->label[u], b->label[v]);
            if (sc->hint[2 * e] || sc->hint[2 * e + 1]) {
                colour = C_HINT;
                width = 2.5;
                cls = "hint";
                strcat(what, " (a winning move)");
            } else if (sc->unmarkable[e]) {
                colour = C_UNMARKABLE;
                dash = " stroke-dasharray=\"7 5\"";
                cls = "unmarkable";
                strcat(what, " (unmarkable)");
            }
        }
        cyi_buf_printf(o,
                       "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                       "stroke-width=\"%.1f\"%s><title>",
                       cls, px(f, xy[2 * u]), py(f, xy[2 * u + 1]), px(f, xy[2 * v]), py(f, xy[2 * v + 1]), colour,
                       width, dash);
        put_xml(o, what);
        cyi_buf_puts(o, "</title></line>\n");
    }
    cyi_buf_puts(o, "</g>\n");
}

/* The arrowheads: of the marks, of the hints (both ways: one near each
 * end), and of the death moves that are no hints (hollow). */
static void put_arrows(cyi_buf *o, const scene *sc)
{
    const cy_board *b = sc->b;
    const cy_picture *p = sc->p;
    const unsigned char *hint = sc->hint, *death = sc->death;
    cyi_buf_puts(o, "<g id=\"arrows\">\n");
    for (int e = 0; e < b->ne; e++) {
        if (sc->mark[e]) {
            int d = cy_dart(e, sc->mark[e]);
            int who = p && p->owner ? p->owner[e] : 0;
            put_arrowhead(o, b, sc->xy, &sc->f, d, 0.5, d == sc->last ? 19 : 14,
                          who == 1        ? C_P1
                          : who == 2      ? C_P2
                          : d == sc->last ? C_LAST
                                          : C_MARKED,
                          0);
        } else {
            /* both ways: an arrowhead near each end, like a double-headed arrow */
            int both = hint[2 * e] && hint[2 * e + 1];
            for (int s = 0; s < 2; s++)
                if (hint[2 * e + s])
                    put_arrowhead(o, b, sc->xy, &sc->f, 2 * e + s, both ? 0.72 : 0.5, 14, C_HINT, 0);
            /* death moves not drawn as hints: hollow, near their heads when both ways are */
            int bothd = death[2 * e] && death[2 * e + 1];
            for (int s = 0; s < 2; s++)
                if (death[2 * e + s] && !hint[2 * e + s])
                    put_arrowhead(o, b, sc->xy, &sc->f, 2 * e + s, bothd ? 0.72 : 0.5, 14, C_INK, 1);
        }
    }
    cyi_buf_puts(o, "</g>\n");
}

/* The vertices with their labels; special vertices square. */
static void put_vertices(cyi_buf *o, const scene *sc)
{
    const cy_board *b = sc->b;
    cyi_buf_puts(o, "<g id=\"vertices\" font-size=\"13\" text-anchor=\"middle\">\n");
    for (int v = 0; v < b->nv; v++) {
        double x = px(&sc->f, sc->xy[2 * v]), y = py(&sc->f, sc->xy[2 * v + 1]), r = vradius(b, v);
        cyi_buf_puts(o, "<g class=\"vertex\"><title>vertex ");
        put_xml(o, b->label[v]);
        cyi_buf_puts(o, b->special[v] ? " (special)</title>" : "</title>");
        if (b->special[v])
            cyi_buf_printf(o,
                           "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"3\" fill=\"" C_SPECIAL "\" "
                           "stroke=\"" C_INK "\" stroke-width=\"1.5\"/>",
                           x - r, y - r, 2 * r, 2 * r);
        else
            cyi_buf_printf(o,
                           "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"white\" stroke=\"" C_INK "\" "
                           "stroke-width=\"1.5\"/>",
                           x, y, r);
        cyi_buf_printf(o, "<text x=\"%.2f\" y=\"%.2f\" dy=\"0.35em\" fill=\"" C_INK "\">", x, y);
        put_xml(o, b->label[v]);
        cyi_buf_puts(o, "</text></g>\n");
    }
    cyi_buf_puts(o, "</g>\n");
}

/* The whole picture (see cycles.h and the top of this file); NULL only when
 * the layout fails or the size asked for is out of range.  The steps: the
 * layout, what the picture shows (scene_marks), the frame and the size,
 * then the cycle cells, the edges, the arrows, the vertices, the legend and
 * the caption. */
char *cy_render_svg(const cy_board *b, const cy_picture *p, cy_error *err)
{
    scene sc = {.b = b, .p = p};
    sc.xy = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
    if (cy_layout(b, sc.xy, err) < 0) {
        free(sc.xy);
        return NULL;
    }
    for (int v = 0; v < 2 * b->nv; v++)
        if (!isfinite(sc.xy[v])) {
            free(sc.xy);
            return cy_error_set(err, "the board's coordinates are not all finite numbers"), NULL;
        }
    scene_marks(&sc, b, p);
    const char *caption = p && p->caption && *p->caption ? p->caption : NULL;
    normalise(sc.xy, b->nv);
    unsigned char shown[S_NSIGNS] = {0};
    double legend_w = 0;
    int nshown = p && p->legend ? legend_signs(&sc, shown, &legend_w) : 0;
    double legend_h = nshown ? nshown * LEGEND_LINE + 8 : 0;
    /* 14px type is about 8px a character wide */
    choose_frame(b, sc.xy, (caption ? 30 : 0) + legend_h,
                 fmax(caption ? 24 + 8.0 * (double)strlen(caption) : 0, legend_w), &sc.f);
    /* the size asked for: the drawing is scaled to it (the viewBox keeps the
     * drawing's own units) */
    double nw = ceil(sc.f.width), nh = ceil(sc.f.height), ow = nw, oh = nh;
    if (p && (p->width > 0 || p->scale > 0)) {
        ow = p->width > 0 ? p->width : nw * p->scale;
        ow = round(ow);
        oh = fmax(1, round(nh * ow / nw));
        if (!(ow >= MIN_WIDTH && ow <= MAX_WIDTH && oh <= MAX_WIDTH)) {
            scene_free(&sc);
            return cy_error_set(err,
                                "a picture is %.0f to %.0f pixels wide and at most %.0f high; this one would be "
                                "%.0f by %.0f",
                                MIN_WIDTH, MAX_WIDTH, MAX_WIDTH, ow, oh),
                   NULL;
        }
    }
    cyi_buf o = {0};
    cyi_buf_printf(&o,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                   "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
                   ow, oh, nw, nh);
    cyi_buf_puts(&o, "<title>");
    put_xml(&o, b->name ? b->name : "board");
    cyi_buf_puts(&o, "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    put_cycle_cells(&o, &sc);
    put_edges(&o, &sc);
    put_arrows(&o, &sc);
    put_vertices(&o, &sc);
    int last = sc.last;
    if (nshown)
        put_legend(&o, shown, sc.f.height - (caption ? 30 : 0) - legend_h + 4,
                   last >= 0 && p->owner && p->owner[cy_dart_edge(last)]
                       ? (p->owner[cy_dart_edge(last)] == 1 ? C_P1 : C_P2)
                       : C_LAST);
    if (caption) {
        cyi_buf_printf(&o, "<text id=\"caption\" x=\"%.2f\" y=\"%.2f\" font-size=\"14\" fill=\"" C_INK "\">", 12.0,
                       sc.f.height - 12);
        put_xml(&o, caption);
        cyi_buf_puts(&o, "</text>\n");
    }
    cyi_buf_puts(&o, "</svg>\n");
    scene_free(&sc);
    return cyi_buf_take(&o);
}
