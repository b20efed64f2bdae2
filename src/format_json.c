/*
 * format_json.c - the native JSON board and the drawing format.
 *
 *   {"format": "cycles-board", "version": 1, "name": "k4",
 *    "vertices": ["a", "b", ...] or [{"label": "a", "x": 0, "y": 0, "special": true}, ...],
 *    "cells": [["a", "b", "c"], ...],   vertex walks, all the same way round
 *    "outer": ["a", "c", "b"],          optional: the outer face walk
 *    "special": ["a"],                  optional: special vertices
 *    "moves": ["a->b", ...]}            optional: arrows played
 *
 * A drawing is the same object with "x" and "y" on every vertex and
 * "edges": [["a", "b"], ...] instead of "cells"; its cells are the bounded
 * faces of the straight-line drawing.  Labels may also be written as JSON
 * integers.
 */
#include "format_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_keys[] = {"format",  "version", "name",  "vertices", "cells",      "outer",
                                         "special", "moves",   "edges", "surface",  "cell_edges", NULL};

/* The vertices of a board object, read before the faces or edges. */
typedef struct jverts {
    int nv;
    char **label;
    double *xy; /* 2*nv, or NULL when no vertex has coordinates */
    unsigned char *special;
    json_t *index; /* label -> vertex number */
} jverts;

/* Frees what jv holds. */
static void jverts_free(jverts *jv)
{
    if (jv->label)
        for (int v = 0; v < jv->nv; v++)
            free(jv->label[v]);
    free(jv->label);
    free(jv->xy);
    free(jv->special);
    json_decref(jv->index);
}

/* Writes the label a JSON string or integer stands for into buf; -1 if j is
 * neither. */
static int label_text(const json_t *j, char *buf, size_t n)
{
    if (json_is_string(j)) {
        snprintf(buf, n, "%s", json_string_value(j));
        return strlen(json_string_value(j)) < n ? 0 : -1;
    }
    if (json_is_integer(j)) {
        snprintf(buf, n, "%lld", (long long)json_integer_value(j));
        return 0;
    }
    return -1;
}

/* The vertex a label value names; -1 with a message that starts with what. */
static int lookup(const jverts *jv, const json_t *j, const char *what, cy_error *err)
{
    char buf[CY_MAX_LABEL + 2];
    if (label_text(j, buf, sizeof buf) < 0) {
        if (json_is_string(j))
            return cy_error_set(err, "%s names vertex \"%.40s...\", which is not among the vertices", what,
                                json_string_value(j));
        return cy_error_set(err, "%s has an entry that is not a vertex label (labels are strings or integers)", what);
    }
    json_t *k = json_object_get(jv->index, buf);
    if (!k)
        return cy_error_set(err, "%s names vertex \"%s\", which is not among the vertices", what, buf);
    return (int)json_integer_value(k);
}

/* Reads one entry of "vertices" (vertex v) into jv; *hascoord says whether it
 * had coordinates. */
static int read_vertex(jverts *jv, int v, const json_t *e, int *hascoord, cy_error *err)
{
    char buf[CY_MAX_LABEL + 2];
    const json_t *lab = e;
    *hascoord = 0;
    if (json_is_object(e)) {
        const char *key;
        const json_t *val;
        json_object_foreach((json_t *)e, key, val)
        {
            if (strcmp(key, "label") && strcmp(key, "x") && strcmp(key, "y") && strcmp(key, "special"))
                return cy_error_set(err, "vertex %d has an unknown key \"%.40s\" (a vertex has label, x, y and special)",
                                    v + 1, key);
        }
        lab = json_object_get(e, "label");
        if (!lab)
            return cy_error_set(err, "vertex %d has no \"label\"", v + 1);
        const json_t *x = json_object_get(e, "x"), *y = json_object_get(e, "y");
        const json_t *sp = json_object_get(e, "special");
        if (sp && !json_is_boolean(sp))
            return cy_error_set(err, "vertex %d: \"special\" is true or false", v + 1);
        if (sp && json_is_true(sp))
            jv->special[v] = 1;
        if (x || y) {
            if (!x || !y)
                return cy_error_set(err, "vertex %d has \"%s\" but no \"%s\"", v + 1, x ? "x" : "y", x ? "y" : "x");
            if (!json_is_number(x) || !json_is_number(y))
                return cy_error_set(err, "vertex %d: the coordinates \"x\" and \"y\" must be numbers", v + 1);
            double cx = json_number_value(x), cy = json_number_value(y);
            if (!cyi_coord_ok(cx) || !cyi_coord_ok(cy))
                return cy_error_set(err,
                                    "vertex %d has a coordinate that is not a finite number of at most 1e100 in size",
                                    v + 1);
            jv->xy[2 * v] = cx;
            jv->xy[2 * v + 1] = cy;
            *hascoord = 1;
        }
    } else if (!json_is_string(e) && !json_is_integer(e)) {
        return cy_error_set(err, "vertex %d is neither a label (a string or an integer) nor an object with a \"label\"",
                            v + 1);
    }
    if (label_text(lab, buf, sizeof buf) < 0 || !cyi_label_ok(buf)) {
        if (!json_is_string(lab) && !json_is_integer(lab))
            return cy_error_set(err, "vertex %d: the label is neither a string nor an integer", v + 1);
        return cy_error_set(err,
                            "vertex %d: \"%.40s\" is not a usable label (labels are 1-%d printable characters without blanks, commas, quotes, backslashes or \"->\")",
                            v + 1, json_is_string(lab) ? json_string_value(lab) : buf, CY_MAX_LABEL);
    }
    json_t *prev = json_object_get(jv->index, buf);
    if (prev)
        return cy_error_set(err, "vertices %d and %d both have the label \"%s\"", (int)json_integer_value(prev) + 1,
                            v + 1, buf);
    json_object_set_new(jv->index, buf, json_integer(v));
    jv->label[v] = cyi_xstrdup(buf);
    return 0;
}

/* Reads "vertices" and the optional "special" list into jv. */
static int read_vertices(const json_t *root, jverts *jv, int need_coords, cy_error *err)
{
    const json_t *vs = json_object_get(root, "vertices");
    if (!vs)
        return cy_error_set(err, "the board has no \"vertices\"");
    if (!json_is_array(vs))
        return cy_error_set(err, "\"vertices\" is not a list");
    size_t nv = json_array_size(vs);
    if (nv == 0)
        return cy_error_set(err, "the board has no vertices");
    if (nv > CY_MAX_VERTICES)
        return cy_error_set(err, "the board has %zu vertices; at most %d are supported", nv, CY_MAX_VERTICES);
    jv->nv = (int)nv;
    jv->label = cyi_xcalloc(nv, sizeof(char *));
    jv->xy = cyi_xcalloc(2 * nv, sizeof(double));
    jv->special = cyi_xcalloc(nv, 1);
    jv->index = json_object();
    int withc = -1, without = -1;
    for (int v = 0; v < (int)nv; v++) {
        int hc;
        if (read_vertex(jv, v, json_array_get(vs, (size_t)v), &hc, err) < 0)
            return -1;
        if (hc && withc < 0)
            withc = v;
        if (!hc && without < 0)
            without = v;
    }
    if (withc >= 0 && without >= 0)
        return cy_error_set(err,
                            "vertex %s has coordinates but vertex %s has none (give x and y on every vertex or on none)",
                            jv->label[withc], jv->label[without]);
    if (withc < 0) {
        if (need_coords)
            return cy_error_set(err, "a drawing needs coordinates: give every vertex \"x\" and \"y\"");
        free(jv->xy);
        jv->xy = NULL;
    }
    const json_t *sp = json_object_get(root, "special");
    if (sp && !json_is_null(sp)) {
        if (!json_is_array(sp))
            return cy_error_set(err, "\"special\" is not a list of vertex labels");
        for (size_t i = 0; i < json_array_size(sp); i++) {
            int v = lookup(jv, json_array_get(sp, i), "\"special\"", err);
            if (v < 0)
                return -1;
            jv->special[v] = 1;
        }
    }
    return 0;
}

/* Reads a list of labels (a face walk) into a malloc'd array; what names it
 * in messages. */
static int *read_walk(const jverts *jv, const json_t *w, const char *what, int *len, cy_error *err)
{
    if (!json_is_array(w))
        return cy_error_set(err, "%s is not a list of vertex labels", what), NULL;
    size_t n = json_array_size(w);
    if (n == 0)
        return cy_error_set(err, "%s is empty", what), NULL;
    if (n > 2 * (size_t)CY_MAX_EDGES)
        return cy_error_set(err, "%s is longer than %d", what, 2 * CY_MAX_EDGES), NULL;
    int *walk = cyi_xmalloc(sizeof(int) * n);
    for (size_t i = 0; i < n; i++)
        if ((walk[i] = lookup(jv, json_array_get(w, i), what, err)) < 0) {
            free(walk);
            return NULL;
        }
    *len = (int)n;
    return walk;
}

/* Reads "surface" (absent or null: the plane) into *surface, *orientable,
 * *genus; -1 with a message when it is not {"orientable": BOOL, "genus": N}. */
static int read_surface(const json_t *root, int *surface, int *orientable, int *genus, cy_error *err)
{
    const json_t *sf = json_object_get(root, "surface");
    *surface = 0;
    *orientable = 1;
    *genus = 0;
    if (!sf || json_is_null(sf))
        return 0;
    if (!json_is_object(sf))
        return cy_error_set(err, "\"surface\" is not an object such as {\"orientable\": true, \"genus\": 1}");
    const char *key;
    const json_t *val;
    json_object_foreach((json_t *)sf, key, val)
    {
        if (strcmp(key, "orientable") != 0 && strcmp(key, "genus") != 0)
            return cy_error_set(err, "unknown key \"%.40s\" in \"surface\" (it has orientable and genus)", key);
    }
    const json_t *o = json_object_get(sf, "orientable"), *g = json_object_get(sf, "genus");
    if (!json_is_boolean(o))
        return cy_error_set(err, "\"surface\" needs \"orientable\": true or false");
    if (!json_is_integer(g) || json_integer_value(g) < 0 || json_integer_value(g) > 1000)
        return cy_error_set(err,
                            "\"surface\" needs \"genus\": a whole number from 0 to 1000 (the genus, or for a non-orientable surface the crosscap number)");
    *surface = 1;
    *orientable = json_is_true(o);
    *genus = (int)json_integer_value(g);
    return 0;
}

/* Builds the board of a native object from its "cells", "outer" and "surface". */
static cy_board *build_cells(const json_t *root, const jverts *jv, const char *name, cy_error *err)
{
    const json_t *cells = json_object_get(root, "cells"), *outer = json_object_get(root, "outer");
    if (!json_is_array(cells))
        return cy_error_set(err, "\"cells\" is not a list of vertex walks"), NULL;
    int surface, orientable, genus;
    if (read_surface(root, &surface, &orientable, &genus, err) < 0)
        return NULL;
    if (surface && outer && !json_is_null(outer))
        return cy_error_set(err, "a board with \"surface\" has no \"outer\" face: list every face as a cell"), NULL;
    size_t nc = json_array_size(cells);
    if (nc > 2 * (size_t)CY_MAX_EDGES)
        return cy_error_set(err, "the board has %zu cells; at most %d are supported", nc, 2 * CY_MAX_EDGES), NULL;
    int **walk = cyi_xcalloc(nc + 1, sizeof(int *));
    int *len = cyi_xcalloc(nc + 1, sizeof(int));
    cy_board *b = NULL;
    size_t total = 0;
    int ok = 1;
    for (size_t c = 0; c < nc && ok; c++) {
        char what[32];
        snprintf(what, sizeof what, "cell %zu", c + 1);
        walk[c] = read_walk(jv, json_array_get(cells, c), what, &len[c], err);
        ok = walk[c] != NULL;
        total += ok ? (size_t)len[c] : 0;
        if (ok && total > 2 * (size_t)CY_MAX_EDGES) {
            cy_error_set(err, "the cells have more than %d sides in all; at most %d edges are supported",
                         2 * CY_MAX_EDGES, CY_MAX_EDGES);
            ok = 0;
        }
    }
    if (ok && outer && !json_is_null(outer)) {
        walk[nc] = read_walk(jv, outer, "\"outer\"", &len[nc], err);
        ok = walk[nc] != NULL;
    }
    /* "cell_edges": the edge number of each step of each cell, where
     * parallel edges need telling apart */
    const json_t *ce = json_object_get(root, "cell_edges");
    int **names = NULL;
    unsigned char **rev = NULL; /* "+N" / "-N": the way along a loop */
    if (ok && ce && !json_is_null(ce)) {
        names = cyi_xcalloc(nc + 1, sizeof(int *));
        rev = cyi_xcalloc(nc + 1, sizeof(unsigned char *));
        if (!json_is_array(ce) || json_array_size(ce) != nc) {
            cy_error_set(err, "\"cell_edges\" is not a list with one list of edge numbers for each cell");
            ok = 0;
        }
        for (size_t c = 0; c < nc && ok; c++) {
            const json_t *row = json_array_get(ce, c);
            if (!json_is_array(row) || json_array_size(row) != (size_t)len[c]) {
                cy_error_set(err,
                             "\"cell_edges\" item %zu is not a list of %d edge numbers, one for each step of cell %zu",
                             c + 1, len[c], c + 1);
                ok = 0;
                break;
            }
            names[c] = cyi_xmalloc(sizeof(int) * (size_t)len[c]);
            rev[c] = cyi_xcalloc((size_t)len[c] + 1, 1);
            for (int i = 0; i < len[c] && ok; i++) {
                const json_t *x = json_array_get(row, (size_t)i);
                long long n = -1;
                rev[c][i] = 2; /* a bare number: the way along a loop not said */
                if (json_is_integer(x))
                    n = json_integer_value(x);
                else if (json_is_string(x)) { /* "+N" or "-N": along the edge or against it */
                    const char *t = json_string_value(x);
                    char *end;
                    if ((t[0] == '+' || t[0] == '-') && t[1] >= '0' && t[1] <= '9' && strlen(t) < 12) {
                        n = strtoll(t + 1, &end, 10);
                        if (*end)
                            n = -1;
                        rev[c][i] = t[0] == '-';
                    }
                }
                if (n < 0 || (size_t)n >= total) {
                    cy_error_set(err,
                                 "\"cell_edges\" item %zu: step %d is not an edge number from 0 to %zu (or, for a loop, \"+N\" or \"-N\" to say which way)",
                                 c + 1, i + 1, total ? total - 1 : 0);
                    ok = 0;
                } else
                    names[c][i] = (int)n;
            }
        }
    }
    if (ok) {
        cy_board_desc d = {
            .nv = jv->nv,
            .labels = (const char *const *)jv->label,
            .ncells = (int)nc,
            .cells = (const int *const *)walk,
            .cell_len = len,
            .outer = walk[nc],
            .outer_len = walk[nc] ? len[nc] : 0,
            .special = jv->special,
            .xy = jv->xy,
            .name = name,
            .surface = surface,
            .orientable = orientable,
            .genus = genus,
            .cell_edges = (const int *const *)names,
            .cell_rev = (const unsigned char *const *)rev,
        };
        b = cy_board_from_faces(&d, err);
    }
    for (size_t c = 0; names && c <= nc; c++) {
        free(names[c]);
        free(rev[c]);
    }
    free(names);
    free(rev);
    for (size_t c = 0; c <= nc; c++)
        free(walk[c]);
    free(walk);
    free(len);
    return b;
}

/* Builds the board of a drawing object from its "edges". */
static cy_board *build_edges(const json_t *root, const jverts *jv, const char *name, cy_error *err)
{
    const json_t *edges = json_object_get(root, "edges");
    if (!json_is_array(edges))
        return cy_error_set(err, "\"edges\" is not a list of pairs of vertex labels"), NULL;
    size_t ne = json_array_size(edges);
    if (ne > CY_MAX_EDGES)
        return cy_error_set(err, "the drawing has %zu edges; at most %d are supported", ne, CY_MAX_EDGES), NULL;
    int *ev = cyi_xmalloc(sizeof(int) * 2 * (ne ? ne : 1));
    for (size_t i = 0; i < ne; i++) {
        const json_t *e = json_array_get(edges, i);
        char what[32];
        snprintf(what, sizeof what, "edge %zu", i + 1);
        if (!json_is_array(e) || json_array_size(e) != 2) {
            free(ev);
            return cy_error_set(err, "edge %zu is not a pair of vertex labels", i + 1), NULL;
        }
        if ((ev[2 * i] = lookup(jv, json_array_get(e, 0), what, err)) < 0 ||
            (ev[2 * i + 1] = lookup(jv, json_array_get(e, 1), what, err)) < 0) {
            free(ev);
            return NULL;
        }
    }
    cy_board *b =
        cy_board_from_drawing(jv->nv, (const char *const *)jv->label, jv->xy, (int)ne, ev, jv->special, name, err);
    free(ev);
    return b;
}

/* Parses one move "U->V" (move number i, 1-based) into a dart of b; -1 with a
 * message. */
static int read_move(const cy_board *b, const jverts *jv, const char *s, size_t n, int i, cy_error *err)
{
    const char *arrow = NULL;
    for (size_t k = 0; k + 1 < n; k++)
        if (s[k] == '-' && s[k + 1] == '>') {
            arrow = s + k;
            break;
        }
    int shown = n > 60 ? 60 : (int)n;
    if (b->multi) { /* moves may name their edge (eN:U->V): the common parser */
        char *one = cyi_xmalloc(n + 1);
        memcpy(one, s, n);
        one[n] = 0;
        int *d = NULL, k = 0, r = -1;
        if (cy_moves_parse(b, one, &d, &k, err) == 0 && k == 1)
            r = d[0];
        else if (k != 1 && d)
            cy_error_set(err, "move %d \"%.*s\" is not one move", i, shown, s);
        free(d);
        free(one);
        return r;
    }
    if (!arrow || arrow == s || arrow + 2 == s + n)
        return cy_error_set(err, "move %d \"%.*s\" is not of the form U->V", i, shown, s);
    size_t lu = (size_t)(arrow - s), lv = n - lu - 2;
    if (lu > CY_MAX_LABEL || lv > CY_MAX_LABEL)
        return cy_error_set(err, "move %d names a vertex label longer than %d characters", i, CY_MAX_LABEL);
    char u[CY_MAX_LABEL + 1], v[CY_MAX_LABEL + 1];
    memcpy(u, s, lu);
    u[lu] = 0;
    memcpy(v, arrow + 2, lv);
    v[lv] = 0;
    json_t *ju = json_object_get(jv->index, u), *jw = json_object_get(jv->index, v);
    if (!ju || !jw)
        return cy_error_set(err, "move %d (%s->%s): the board has no vertex %s", i, u, v, ju ? v : u);
    int d = cy_board_dart(b, (int)json_integer_value(ju), (int)json_integer_value(jw));
    if (d < 0)
        return cy_error_set(err, "move %d (%s->%s): there is no edge between %s and %s", i, u, v, u, v);
    return d;
}

/* Whether c separates moves written in one string. */
static int is_move_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

/* Reads "moves" (a list of "U->V" strings, or one string of them) into a
 * normalised malloc'd string in *out (NULL when there are none). */
static int read_moves(const json_t *root, const cy_board *b, const jverts *jv, char **out, cy_error *err)
{
    const json_t *mv = json_object_get(root, "moves");
    *out = NULL;
    if (!mv || json_is_null(mv))
        return 0;
    if (!json_is_array(mv) && !json_is_string(mv))
        return cy_error_set(err, "\"moves\" is not a list of moves \"U->V\"");
    cyi_buf buf = {0};
    int count = 0;
    size_t items = json_is_array(mv) ? json_array_size(mv) : 1;
    for (size_t k = 0; k < items; k++) {
        const json_t *it = json_is_array(mv) ? json_array_get(mv, k) : mv;
        if (!json_is_string(it)) {
            free(buf.s);
            return cy_error_set(err, "move %d is not a string \"U->V\"", count + 1);
        }
        const char *s = json_string_value(it), *e = s + strlen(s);
        while (s < e) {
            while (s < e && is_move_sep(*s))
                s++;
            if (s >= e)
                break;
            const char *t = s;
            while (t < e && !is_move_sep(*t))
                t++;
            int d = read_move(b, jv, s, (size_t)(t - s), count + 1, err);
            if (d < 0) {
                free(buf.s);
                return -1;
            }
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, d, m, sizeof m);
            cyi_buf_printf(&buf, "%s%s", count ? " " : "", m);
            count++;
            s = t;
        }
    }
    if (count)
        *out = cyi_buf_take(&buf);
    free(buf.s);
    return 0;
}

/* Checks the keys, "format" and "version" of a board object. */
static int check_header(const json_t *root, cy_error *err)
{
    const char *key;
    const json_t *val;
    json_object_foreach((json_t *)root, key, val)
    {
        int ok = 0;
        for (int i = 0; known_keys[i]; i++)
            ok |= strcmp(key, known_keys[i]) == 0;
        if (!ok)
            return cy_error_set(err,
                                "unknown key \"%.40s\" (a board object has format, version, name, vertices, cells, outer, surface, cell_edges, special and moves; a drawing has edges instead of cells)",
                                key);
    }
    const json_t *f = json_object_get(root, "format"), *v = json_object_get(root, "version");
    if (f && !(json_is_string(f) && strcmp(json_string_value(f), "cycles-board") == 0))
        return cy_error_set(err, "\"format\" is %s%.40s%s, but this program reads \"cycles-board\"",
                            json_is_string(f) ? "\"" : "", json_is_string(f) ? json_string_value(f) : "not a string",
                            json_is_string(f) ? "\"" : "");
    if (v && !(json_is_integer(v) && json_integer_value(v) == 1))
        return cy_error_set(err, "\"version\" must be 1 (this program reads version 1 of the board format)");
    const json_t *n = json_object_get(root, "name");
    if (n && !json_is_string(n) && !json_is_null(n))
        return cy_error_set(err, "\"name\" is not a string");
    return 0;
}

/* Reads a native board or a drawing. */
cy_board *cyi_json_read(const json_t *root, cy_format want, char **moves, cy_error *err)
{
    if (moves)
        *moves = NULL;
    if (!json_is_object(root))
        return cy_error_set(err,
                            want == CY_FMT_DRAWING ? "a drawing is a JSON object" : "a native board is a JSON object"),
               NULL;
    if (check_header(root, err) < 0)
        return NULL;
    int hascells = json_object_get(root, "cells") != NULL, hasedges = json_object_get(root, "edges") != NULL;
    if (hascells && hasedges)
        return cy_error_set(err,
                            "the object has both \"cells\" and \"edges\"; a native board gives cells, a drawing gives edges"),
               NULL;
    if (want == CY_FMT_AUTO)
        want = hasedges ? CY_FMT_DRAWING : CY_FMT_JSON;
    if (want == CY_FMT_JSON && !hascells)
        return cy_error_set(err, hasedges ? "the object has \"edges\" but no \"cells\": it is a drawing, not a native board"
                                          : "the board has no \"cells\""),
               NULL;
    if (want == CY_FMT_DRAWING && json_object_get(root, "surface") && !json_is_null(json_object_get(root, "surface")))
        return cy_error_set(err,
                            "a drawing lies in the plane, so it has no \"surface\" (a board on another surface gives its faces as \"cells\")"),
               NULL;
    if (want == CY_FMT_DRAWING && !hasedges)
        return cy_error_set(err, hascells ? "the object has \"cells\" but no \"edges\": it is a native board, not a drawing"
                                          : "the drawing has no \"edges\""),
               NULL;
    jverts jv = {0};
    cy_board *b = NULL;
    const json_t *n = json_object_get(root, "name");
    const char *name = json_is_string(n) ? json_string_value(n) : NULL;
    if (read_vertices(root, &jv, want == CY_FMT_DRAWING, err) == 0) {
        b = want == CY_FMT_DRAWING ? build_edges(root, &jv, name, err) : build_cells(root, &jv, name, err);
        char *mv = NULL;
        if (b && read_moves(root, b, &jv, &mv, err) < 0) {
            cy_board_free(b);
            b = NULL;
        }
        if (moves)
            *moves = mv;
        else
            free(mv);
    }
    jverts_free(&jv);
    return b;
}

/* ----------------------------------------------------------------- writing */

/* Appends coordinate x (finite) as a JSON number that reads back to the
 * same double (cyi_double_text). */
static void put_number(cyi_buf *out, double x)
{
    char s[40];
    cyi_double_text(s, sizeof s, x);
    cyi_buf_puts(out, s);
}

/* Appends s as a JSON string, escaped by cy_escape first (it comes from
 * input: no control characters or invalid UTF-8 get through). */
static void put_string(cyi_buf *out, const char *raw)
{
    char *s = cy_escape_dup(raw, 0);
    json_t *j = json_string(s);
    char *t = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
    json_decref(j);
    if (t) {
        cyi_buf_puts(out, t);
        free(t);
        free(s);
        return;
    }
    /* not valid UTF-8: keep the ASCII, replace the rest */
    cyi_buf_puts(out, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            cyi_buf_printf(out, "\\%c", *p);
        else if (*p < 0x20)
            cyi_buf_printf(out, "\\u%04x", *p);
        else
            cyi_buf_printf(out, "%c", *p < 0x80 ? *p : '?');
    }
    cyi_buf_puts(out, "\"");
    free(s);
}

/* Writes b as a native board or as a drawing. */
char *cyi_json_write(const cy_board *b, const unsigned char *mark, int drawing, cy_error *err)
{
    if (drawing && b->surface)
        return cy_error_set(err,
                            "the board lies on a closed surface, not in the plane, so it cannot be written as a drawing (write it as json)"),
               NULL;
    if (b->multi && drawing)
        return cy_error_set(err, "the board has parallel edges, which a drawing cannot have"), NULL;
    /* a board without coordinates is drawn where cy_layout places it (the
     * placement of the pictures), its layout rounded to a box 10 wide */
    double *lay = NULL;
    const double *X = b->x, *Y = b->y;
    if (drawing && !b->has_coords) {
        double *xy = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
        if (cy_layout(b, xy, err) < 0) {
            free(xy);
            return NULL;
        }
        double lo = INFINITY, hi = -INFINITY;
        for (int v = 0; v < 2 * b->nv; v++) {
            lo = fmin(lo, xy[v]);
            hi = fmax(hi, xy[v]);
        }
        double k = hi > lo ? 10 / (hi - lo) : 1;
        lay = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
        for (int v = 0; v < b->nv; v++) {
            /* 9 digits of the box, as the families' coordinates: short
             * numbers that read back exactly */
            lay[v] = round((xy[2 * v] - lo) * k * 1e8) / 1e8;
            lay[b->nv + v] = round((xy[2 * v + 1] - lo) * k * 1e8) / 1e8;
        }
        free(xy);
        X = lay;
        Y = lay + b->nv;
    }
    int coords = b->has_coords || lay;
    if (b->has_coords)
        for (int v = 0; v < b->nv; v++)
            if (!isfinite(b->x[v]) || !isfinite(b->y[v]))
                return cy_error_set(err, "vertex %s has a coordinate that is not a finite number", b->label[v]), NULL;
    cyi_buf out = {0};
    cyi_buf_puts(&out, "{\n  \"format\": \"cycles-board\",\n  \"version\": 1,\n");
    if (b->name) {
        cyi_buf_puts(&out, "  \"name\": ");
        put_string(&out, b->name);
        cyi_buf_puts(&out, ",\n");
    }
    /* labels need no escaping: cyi_label_ok rules out quotes, backslashes and
     * control characters */
    cyi_buf_puts(&out, "  \"vertices\": [");
    for (int v = 0; v < b->nv; v++) {
        if (coords) {
            cyi_buf_printf(&out, "%s\n    {\"label\": \"%s\", \"x\": ", v ? "," : "", b->label[v]);
            put_number(&out, X[v]);
            cyi_buf_puts(&out, ", \"y\": ");
            put_number(&out, Y[v]);
            cyi_buf_puts(&out, "}");
        } else {
            cyi_buf_printf(&out, "%s\"%s\"", v ? ", " : "", b->label[v]);
        }
    }
    cyi_buf_puts(&out, coords ? "\n  ],\n" : "],\n");
    free(lay);
    if (drawing) {
        cyi_buf_puts(&out, "  \"edges\": [");
        for (int e = 0; e < b->ne; e++)
            cyi_buf_printf(&out, "%s[\"%s\", \"%s\"]", e ? (e % 8 ? ", " : ",\n    ") : "\n    ", b->label[b->eu[e]],
                           b->label[b->ev[e]]);
        cyi_buf_puts(&out, "\n  ]");
    } else {
        cyi_buf_puts(&out, "  \"cells\": [");
        for (int f = 0; f <= b->ncells; f++) {
            if (f == b->ncells && b->surface) {
                cyi_buf_printf(&out, "\n  ],\n  \"surface\": {\"orientable\": %s, \"genus\": %d}",
                               b->orientable ? "true" : "false", b->genus);
                break;
            }
            if (f == b->ncells)
                cyi_buf_puts(&out, b->ncells ? "\n  ],\n  \"outer\": [" : "],\n  \"outer\": [");
            else
                cyi_buf_puts(&out, f ? ",\n    [" : "\n    [");
            for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
                cyi_buf_printf(&out, "%s\"%s\"", i > b->fstart[f] ? ", " : "", b->label[cy_tail(b, b->fdarts[i])]);
            cyi_buf_puts(&out, "]");
        }
        if (b->multi) { /* parallel edges: which edge each step runs along */
            cyi_buf_puts(&out, ",\n  \"cell_edges\": [");
            for (int f = 0; f < b->ncells; f++) {
                cyi_buf_puts(&out, f ? ",\n    [" : "\n    [");
                for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++) {
                    int d = b->fdarts[i], e = cy_dart_edge(d);
                    if (b->eu[e] == b->ev[e]) /* a loop: which way, "+N" along its direction */
                        cyi_buf_printf(&out, "%s\"%c%d\"", i > b->fstart[f] ? ", " : "", d & 1 ? '-' : '+', e);
                    else
                        cyi_buf_printf(&out, "%s%d", i > b->fstart[f] ? ", " : "", e);
                }
                cyi_buf_puts(&out, "]");
            }
            cyi_buf_puts(&out, "\n  ]");
        }
    }
    int nspecial = 0;
    for (int v = 0; v < b->nv; v++)
        nspecial += b->special[v] != 0;
    if (nspecial) {
        cyi_buf_puts(&out, ",\n  \"special\": [");
        for (int v = 0, k = 0; v < b->nv; v++)
            if (b->special[v])
                cyi_buf_printf(&out, "%s\"%s\"", k++ ? ", " : "", b->label[v]);
        cyi_buf_puts(&out, "]");
    }
    int nmoves = 0;
    for (int e = 0; mark && e < b->ne; e++)
        nmoves += mark[e] != CY_UNMARKED;
    if (nmoves) {
        cyi_buf_puts(&out, ",\n  \"moves\": [");
        for (int e = 0, k = 0; e < b->ne; e++)
            if (mark[e] != CY_UNMARKED) {
                char m[2 * CY_MAX_LABEL + 8];
                cy_move_str(b, cy_dart(e, mark[e]), m, sizeof m);
                cyi_buf_printf(&out, "%s\"%s\"", k++ ? ", " : "", m);
            }
        cyi_buf_puts(&out, "]");
    }
    cyi_buf_puts(&out, "\n}\n");
    return cyi_buf_take(&out);
}
