/*
 * render_text.c - a picture of a board and its position on a character grid
 * (cy_render_text), for the terminal game and any other text front end.
 *
 * The board's own coordinates are scaled so that no two vertex labels touch
 * (a character is about twice as tall as wide, so a row counts double) and
 * the picture fits max_width columns and max_height rows; a board that
 * cannot be drawn so gets the plain list.  Edges are drawn first, as runs of
 * one character chosen by the edge's slope (dotted, and dim in colour, for an
 * edge neither direction of which is legal: unmarkable); then each marked
 * edge's arrowhead at its middle cell; then the labels over everything, a
 * special vertex's (exempt from the sink/source rule) followed by a star.  Each cell holds one
 * character and a colour; the rows are written out trimmed, with ANSI colour
 * changes only where the colour changes.
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Boards with more vertices get the plain list. */
#define TEXT_MAX_VERTICES 400
/* The most edges of a board whose own cramped coordinates are spread out
 * before its picture gives up on them (cyi_layout_ok is quadratic). */
#define TEXT_SPREAD_EDGES 300
/* The most rows a picture has. */
#define TEXT_MAX_ROWS 60

/* The characters of a picture: glyph indices into the tables below. */
enum glyph {
    G_BLANK,
    G_HORIZ,
    G_VERT,
    G_SLASH,
    G_BACKSLASH, /* lines */
    G_DHORIZ,
    G_DVERT,
    G_DSLASH,
    G_DBACKSLASH, /* dotted lines: unmarkable edges */
    G_RIGHT,
    G_LEFT,
    G_UP,
    G_DOWN, /* arrows */
    G_UPRIGHT,
    G_DOWNRIGHT,
    G_DOWNLEFT,
    G_UPLEFT, /* diagonal arrows (Unicode only) */
    G_NGLYPHS
};
static const char *const ascii_glyph[G_NGLYPHS] = {" ", "-", "|", "/", "\\", ".", ":", ".", ".",
                                                   ">", "<", "^", "v", "^",  "v", "v", "^"};
static const char *const utf8_glyph[G_NGLYPHS] = {" ",      "\u2500", "\u2502", "\u2571", "\u2572", "\u2504",
                                                  "\u2506", "\u00b7", "\u00b7", "\u2192", "\u2190", "\u2191",
                                                  "\u2193", "\u2197", "\u2198", "\u2199", "\u2196"};
/* A line glyph's dotted form. */
#define DOTTED(g) ((g)-G_HORIZ + G_DHORIZ)

/* Colours of a cell. */
enum colour { C_NONE, C_PLAYER1, C_PLAYER2, C_LAST, C_VERTEX, C_DIM, C_SPECIAL };
static const char *const colour_code[] = {"\033[0m", "\033[36m", "\033[35m",  "\033[1;33m",
                                          "\033[1m", "\033[2m",  "\033[1;32m"};

typedef struct cell {
    char ch; /* a label's byte when glyph is G_NGLYPHS, else unused */
    unsigned char glyph;
    unsigned char colour;
    unsigned char vertex; /* part of a label: edges do not draw over it */
} cell;

typedef struct grid {
    int w, h;
    cell *c;
} grid;

static cell *at(grid *g, int col, int row)
{
    return col >= 0 && row >= 0 && col < g->w && row < g->h ? &g->c[(size_t)row * (size_t)g->w + (size_t)col] : NULL;
}

/* Appends word to out after a blank, or on a new line indented by two
 * when the line would be wider than maxw; *col is the current line's width. */
static void put_word(cyi_buf *out, const char *word, int maxw, int *col)
{
    int n = (int)strlen(word);
    if (*col + 1 + n > maxw && *col > 2) {
        cyi_buf_puts(out, "\n ");
        *col = 1;
    }
    cyi_buf_printf(out, " %s", word);
    *col += 1 + n;
}

/* The plain list: arrows (with their players when known) and unmarked
 * edges, wrapped at maxw columns. */
static char *plain_list(const cy_board *b, const cy_text_opts *o, int maxw, const unsigned char *unmarkable)
{
    cyi_buf out = {0};
    char w[2 * CY_MAX_LABEL + 32];
    int col = 7, any = 0;
    cyi_buf_puts(&out, "arrows:");
    for (int e = 0; e < b->ne; e++)
        if (o->mark && o->mark[e]) {
            char m[2 * CY_MAX_LABEL + 8];
            int d = cy_dart(e, o->mark[e]);
            cy_move_str(b, d, m, sizeof m);
            int who = o->owner ? o->owner[e] : 0;
            snprintf(w, sizeof w, "%s%s%s", m, who ? (who == 1 ? " (1)" : " (2)") : "", d == o->last ? " (last)" : "");
            put_word(&out, w, maxw, &col);
            any = 1;
        }
    if (!any)
        put_word(&out, "none", maxw, &col);
    cyi_buf_puts(&out, "\nunmarked:");
    col = 9;
    any = 0;
    for (int e = 0; e < b->ne; e++)
        if (!o->mark || !o->mark[e]) {
            char name[2 * CY_MAX_LABEL + 16];
            cy_edge_str(b, e, name, sizeof name);
            snprintf(w, sizeof w, "%s%s", name, unmarkable[e] ? " (unmarkable)" : "");
            put_word(&out, w, maxw, &col);
            any = 1;
        }
    if (!any)
        put_word(&out, "none", maxw, &col);
    cyi_buf_puts(&out, "\n");
    return cyi_buf_take(&out);
}

/* The arrow glyph for screen direction (dx columns, dy rows down). */
static int arrow_glyph(double dx, double dy, int utf8)
{
    double vx = dx, vy = 2 * dy;              /* rows count double */
    double ang = atan2(-vy, vx) * 180 / M_PI; /* 0 = right, 90 = up */
    if (!utf8) {
        if (ang > -45 && ang <= 45)
            return G_RIGHT;
        if (ang > 45 && ang <= 135)
            return G_UP;
        if (ang > -135 && ang <= -45)
            return G_DOWN;
        return G_LEFT;
    }
    static const int dirs[8] = {G_RIGHT, G_UPRIGHT, G_UP, G_UPLEFT, G_LEFT, G_DOWNLEFT, G_DOWN, G_DOWNRIGHT};
    int k = (int)floor((ang + 22.5) / 45.0);
    return dirs[((k % 8) + 8) % 8];
}

/* The columns of each label's first character, and the rows, into col/row;
 * 0 on success, -1 when the board cannot be drawn in the space. */
static int place(const cy_board *b, const double *xy, int maxw, int maxh, int lw, int *col, int *row, int *w, int *h)
{
    double minx = INFINITY, maxx = -INFINITY, miny = INFINITY, maxy = -INFINITY;
    for (int v = 0; v < b->nv; v++) {
        minx = fmin(minx, xy[2 * v]);
        maxx = fmax(maxx, xy[2 * v]);
        miny = fmin(miny, xy[2 * v + 1]);
        maxy = fmax(maxy, xy[2 * v + 1]);
    }
    if (!isfinite(minx) || !isfinite(maxx) || !isfinite(miny) || !isfinite(maxy))
        return -1;
    /* the least scale s (rows per unit; columns per unit 2s) at which every
     * two labels are lw+3 columns or 2 rows apart */
    double s = 0;
    for (int u = 0; u < b->nv; u++)
        for (int v = u + 1; v < b->nv; v++) {
            double dx = fabs(xy[2 * u] - xy[2 * v]), dy = fabs(xy[2 * u + 1] - xy[2 * v + 1]);
            double need = INFINITY;
            if (dx > 1e-12)
                need = (lw + 3) / (2 * dx);
            if (dy > 1e-12)
                need = fmin(need, 2.0 / dy);
            if (isfinite(need))
                s = fmax(s, need);
        }
    if (s == 0)
        s = 1;
    double need = s, spanx = maxx - minx, spany = maxy - miny;
    /* as big as the space allows, up to twice the least scale (room
     * for the lines and arrows between the labels); a board that does not
     * fit at the least scale is not drawn */
    double fitw = spanx > 0 ? (maxw - lw) / (2 * spanx) : INFINITY, fith = spany > 0 ? (maxh - 1) / spany : INFINITY;
    s = fmin(2 * need, fmin(fitw, fith));
    if (!(s > 0) || s < need)
        return -1;
    /* a picture the height bounds is widened a little where the width
     * allows (terminal cells are often more than twice as tall as wide); an
     * affine stretch keeps the drawing plane */
    double sx = fmin(1.3 * s, fitw);
    *w = (int)lround(2 * sx * spanx) + lw;
    *h = (int)lround(s * spany) + 1;
    if (*w > maxw)
        *w = maxw;
    for (int v = 0; v < b->nv; v++) {
        col[v] = (int)lround(2 * sx * (xy[2 * v] - minx)) + (lw - 1) / 2;
        row[v] = (int)lround(s * (maxy - xy[2 * v + 1]));
    }
    return 0;
}

/* Draws the edges, their arrows and the labels into g. */
static void draw(grid *g, const cy_board *b, const cy_text_opts *o, const int *col, const int *row,
                 const unsigned char *unmarkable)
{
    /* labels first as obstacles (their cells are marked, drawn last) */
    for (int v = 0; v < b->nv; v++) {
        int n = (int)strlen(b->label[v]), c0 = col[v] - (n - 1) / 2;
        for (int i = 0; i < n; i++) {
            cell *c = at(g, c0 + i, row[v]);
            if (c)
                c->vertex = 1;
        }
    }
    int *mid = cyi_xmalloc(sizeof(int) * 2 * (size_t)b->ne);
    for (int e = 0; e < b->ne; e++) {
        int u = b->eu[e], v = b->ev[e];
        int dx = col[v] - col[u], dy = row[v] - row[u];
        /* one cell a column where the edge spans more columns than rows,
         * else one a row, so the cells touch: a straight run (- or |) where
         * the line stays in its row or column and a slant (/ or \) where it
         * steps to the next, never a staircase of runs with gaps */
        int cols = abs(dx) > abs(dy), steps = cols ? abs(dx) : abs(dy);
        int slant = dx * dy > 0 ? G_BACKSLASH : G_SLASH;
        int m = o->mark ? o->mark[e] : 0, d = m ? cy_dart(e, m) : -1;
        int colour = C_NONE, dotted = 0;
        if (!m && unmarkable[e]) {
            dotted = 1;
            colour = o->color ? C_DIM : C_NONE;
        }
        if (m && o->color) {
            int who = o->owner ? o->owner[e] : 0;
            colour = d == o->last ? C_LAST : who == 1 ? C_PLAYER1 : who == 2 ? C_PLAYER2 : C_NONE;
        }
        /* the free cells of the edge, to find its middle */
        int nfree = 0, first = -1, last = -1;
        int pc = col[u], pr = row[u];
        for (int i = 1; i < steps; i++) {
            int cc = col[u] + (int)lround((double)dx * i / steps), cr = row[u] + (int)lround((double)dy * i / steps);
            int glyph = cols ? (cr != pr ? slant : G_HORIZ) : (cc != pc ? slant : G_VERT);
            pc = cc;
            pr = cr;
            cell *c = at(g, cc, cr);
            if (c && !c->vertex) {
                c->glyph = (unsigned char)(dotted ? DOTTED(glyph) : glyph);
                c->colour = (unsigned char)colour;
                if (first < 0)
                    first = i;
                last = i;
                nfree++;
            }
        }
        mid[2 * e] = mid[2 * e + 1] = -1;
        if (m && nfree) {
            int i = (first + last) / 2;
            mid[2 * e] = col[u] + (int)lround((double)dx * i / steps);
            mid[2 * e + 1] = row[u] + (int)lround((double)dy * i / steps);
        }
    }
    /* arrows over the lines, so no other edge hides them */
    for (int e = 0; e < b->ne; e++) {
        int m = o->mark ? o->mark[e] : 0;
        if (!m || mid[2 * e] < 0)
            continue;
        int d = cy_dart(e, m), t = cy_tail(b, d), h = cy_head(b, d);
        cell *c = at(g, mid[2 * e], mid[2 * e + 1]);
        if (c && !c->vertex)
            c->glyph = (unsigned char)arrow_glyph(col[h] - col[t], row[h] - row[t], o->utf8);
    }
    free(mid);
    for (int v = 0; v < b->nv; v++) {
        int n = (int)strlen(b->label[v]), c0 = col[v] - (n - 1) / 2;
        for (int i = 0; i < n; i++) {
            cell *c = at(g, c0 + i, row[v]);
            if (c) {
                c->glyph = G_NGLYPHS;
                c->ch = b->label[v][i];
                c->colour = o->color ? b->special[v] ? C_SPECIAL : C_VERTEX : C_NONE;
            }
        }
        cell *star = at(g, c0 + n, row[v]);
        if (b->special[v] && star && !star->vertex) {
            star->glyph = G_NGLYPHS;
            star->ch = '*';
            star->colour = o->color ? C_SPECIAL : C_NONE;
        }
    }
}

/* The grid as text: rows trimmed, colour codes where the colour changes. */
static char *write_grid(grid *g, const cy_text_opts *o)
{
    cyi_buf out = {0};
    const char *const *glyphs = o->utf8 ? utf8_glyph : ascii_glyph;
    for (int r = 0; r < g->h; r++) {
        int end = g->w;
        while (end > 0 && g->c[(size_t)r * (size_t)g->w + (size_t)(end - 1)].glyph == G_BLANK)
            end--;
        int cur = C_NONE;
        for (int k = 0; k < end; k++) {
            cell *c = &g->c[(size_t)r * (size_t)g->w + (size_t)k];
            int want = c->glyph == G_BLANK ? C_NONE : c->colour;
            if (want != cur) {
                cyi_buf_puts(&out, colour_code[want]);
                cur = want;
            }
            if (c->glyph == G_NGLYPHS)
                cyi_buf_printf(&out, "%c", c->ch);
            else
                cyi_buf_puts(&out, glyphs[c->glyph]);
        }
        if (cur != C_NONE)
            cyi_buf_puts(&out, colour_code[C_NONE]);
        cyi_buf_puts(&out, "\n");
    }
    return cyi_buf_take(&out);
}

char *cy_render_text(const cy_board *b, const cy_text_opts *o)
{
    cy_text_opts def = {.last = -1};
    if (!o)
        o = &def;
    int maxw = o->max_width > 0 ? o->max_width : 78;
    int maxh = o->max_height > 0 && o->max_height < TEXT_MAX_ROWS ? o->max_height : TEXT_MAX_ROWS;
    int lw = 1;
    for (int v = 0; v < b->nv; v++)
        lw = (int)fmax(lw, (double)strlen(b->label[v]) + b->special[v]); /* the star */
    /* the unmarked edges neither direction of which is legal */
    unsigned char *mark = cyi_xcalloc((size_t)b->ne + 1, 1), *unmarkable = cyi_xcalloc((size_t)b->ne + 1, 1);
    if (o->mark)
        memcpy(mark, o->mark, (size_t)b->ne);
    {
        cy_edge_info *info = cyi_xmalloc(sizeof *info * ((size_t)b->ne + 1));
        cy_rules_classify_all(b, mark, info);
        for (int e = 0; e < b->ne; e++)
            unmarkable[e] = !mark[e] && info[e].cls == CY_EDGE_UNMARKABLE;
        free(info);
    }
    char *text;
    /* the board's own coordinates, else cy_layout's, the placement of the SVG pictures */
    double *xy = NULL;
    if (!b->surface && b->nv >= 1 && b->nv <= TEXT_MAX_VERTICES && maxw >= 2 * lw + 4) {
        cy_error err;
        xy = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
        if (cy_layout(b, xy, &err) < 0) {
            free(xy);
            xy = NULL;
        }
    }
    if (!xy)
        text = plain_list(b, o, maxw, unmarkable);
    else {
        int *col = cyi_xmalloc(sizeof(int) * (size_t)b->nv), *row = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
        grid g = {0};
        int placed = place(b, xy, maxw, maxh, lw, col, row, &g.w, &g.h);
        /* the board's own coordinates too cramped for the space: spread
         * out (the embedding kept), else the layout computed from the
         * embedding alone */
        if (placed < 0 && b->has_coords && b->ne <= TEXT_SPREAD_EDGES && cyi_layout_ok(b, xy)) {
            cyi_layout_spread(b, xy);
            placed = place(b, xy, maxw, maxh, lw, col, row, &g.w, &g.h);
        }
        if (placed < 0 && b->has_coords) {
            cy_error err;
            if (cyi_layout_computed(b, xy, &err) == 0)
                placed = place(b, xy, maxw, maxh, lw, col, row, &g.w, &g.h);
        }
        if (placed < 0)
            text = plain_list(b, o, maxw, unmarkable);
        else {
            g.c = cyi_xcalloc((size_t)g.w * (size_t)g.h, sizeof(cell));
            draw(&g, b, o, col, row, unmarkable);
            text = write_grid(&g, o);
            free(g.c);
        }
        free(col);
        free(row);
    }
    free(xy);
    free(mark);
    free(unmarkable);
    return text;
}
