/*
 * webapi.c - the JSON answers of the page's engine that are not an analysis:
 * the families and examples, the board to draw with its position, and the
 * engine's move.  `cycles serve` (src/server.c) sends them over HTTP and the
 * static site's Web Worker (src/wasm/api.c) answers with them in the
 * browser, so both back ends of the page read the same JSON.
 */
#include "internal.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* A JSON string of s; with '?' for its bytes outside printable ASCII when s
 * is not valid UTF-8. */
static json_t *jstr(const char *s)
{
    json_t *j = json_string(s ? s : "");
    if (j)
        return j;
    char *t = cyi_xstrdup(s);
    for (char *p = t; *p; p++)
        if ((unsigned char)*p < 32 || (unsigned char)*p >= 127)
            *p = '?';
    j = json_string(t);
    free(t);
    return j;
}

char *cy_families_json(void)
{
    static const char *const examples[] = {"k4",         "cycle:5",     "chord:6,3",
                                           "inner:4",    "theta:2,2,3", "grid:3x3",
                                           "wedge:3,4",  "butterfly",   "butterfly:closed",
                                           "windmill:3", "lollipop:4",  "gtheta:2,2,2,2",
                                           "path:4",     "star:4",      "spider:1,2,3",
                                           "figure1",    "k5-torus",    NULL};
    json_t *o = json_object(), *f = json_array(), *e = json_array();
    for (const cy_family_info *i = cy_family_list(); i->name; i++) {
        json_t *x = json_object();
        json_object_set_new(x, "name", jstr(i->name));
        json_object_set_new(x, "usage", jstr(i->usage));
        json_object_set_new(x, "summary", jstr(i->summary));
        json_array_append_new(f, x);
    }
    for (int i = 0; examples[i]; i++)
        json_array_append_new(e, jstr(examples[i]));
    json_object_set_new(o, "families", f);
    json_object_set_new(o, "examples", e);
    return cyi_json_text(o);
}

/* The moves of position mark on b as the page marks them (see
 * cy_board_view_json). */
static json_t *position_json(const cy_board *b, const unsigned char *mark)
{
    json_t *o = json_object(), *legal = json_array(), *death = json_array(), *never = json_array();
    int *d = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    unsigned char *m2 = cyi_xmalloc((size_t)b->ne + 1);
    memcpy(m2, mark, (size_t)b->ne);
    int n = cy_rules_over(b, m2) ? 0 : cy_rules_legal(b, m2, d);
    char m[2 * CY_MAX_LABEL + 8];
    for (int i = 0; i < n; i++) {
        cy_move_str(b, d[i], m, sizeof m);
        json_array_append_new(legal, jstr(m));
        if (cy_rules_is_death(b, m2, d[i], NULL))
            json_array_append_new(death, jstr(m));
    }
    for (int e = 0; e < b->ne; e++)
        if (m2[e] == CY_UNMARKED && cy_rules_check(b, m2, 2 * e, NULL) != CY_LEGAL &&
            cy_rules_check(b, m2, 2 * e + 1, NULL) != CY_LEGAL)
            json_array_append_new(never, json_integer(e));
    free(d);
    free(m2);
    json_object_set_new(o, "legal", legal);
    json_object_set_new(o, "death", death);
    json_object_set_new(o, "unmarkable", never);
    return o;
}

char *cy_board_view_json(const cy_board *b, const unsigned char *mark, const char *file_moves, int max_edges,
                         double timeout, cy_error *err)
{
    double *xy = cyi_xcalloc(2 * (size_t)b->nv + 1, sizeof(double));
    if (cy_layout(b, xy, err) < 0) {
        free(xy);
        return NULL;
    }
    json_t *o = json_object(), *vs = json_array(), *es = json_array(), *cs = json_array(), *ms = json_array();
    json_object_set_new(o, "board", jstr(b->name));
    for (int v = 0; v < b->nv; v++) {
        json_t *x = json_object();
        json_object_set_new(x, "label", jstr(b->label[v]));
        json_object_set_new(x, "x", json_real(xy[2 * v]));
        json_object_set_new(x, "y", json_real(xy[2 * v + 1]));
        json_object_set_new(x, "special", json_boolean(b->special[v]));
        json_array_append_new(vs, x);
    }
    for (int e = 0; e < b->ne; e++)
        json_array_append_new(es, json_pack("[ii]", b->eu[e], b->ev[e]));
    for (int f = 0; f < b->ncells; f++) {
        json_t *w = json_array();
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
            json_array_append_new(w, json_integer(cy_tail(b, b->fdarts[i])));
        json_array_append_new(cs, w);
    }
    if (file_moves) {
        int *d = NULL, n = 0;
        cy_error e2;
        if (cy_moves_parse(b, file_moves, &d, &n, &e2) == 0)
            for (int i = 0; i < n; i++) {
                char m[2 * CY_MAX_LABEL + 8];
                cy_move_str(b, d[i], m, sizeof m);
                json_array_append_new(ms, jstr(m));
            }
        free(d);
    }
    json_object_set_new(o, "vertices", vs);
    json_object_set_new(o, "edges", es);
    json_object_set_new(o, "cells", cs);
    json_object_set_new(o, "moves", ms);
    json_object_set_new(o, "position", position_json(b, mark));
    json_object_set_new(o, "max_edges", json_integer(max_edges));
    json_object_set_new(o, "timeout", json_real(timeout));
    free(xy);
    return cyi_json_text(o);
}

char *cy_engine_move_json(const cy_board *b, const unsigned char *mark, const cy_analysis *an, int arc)
{
    int d = -1;
    if (!an->over && an->nwin > 0)
        d = an->winning[0];
    else if (!an->over) {
        int *moves = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        unsigned char *m2 = cyi_xmalloc((size_t)b->ne + 1);
        memcpy(m2, mark, (size_t)b->ne);
        int n = cy_rules_safe(b, m2, moves);
        if (n == 0)
            n = cy_rules_legal(b, m2, moves);
        d = n > 0 ? moves[0] : -1;
        free(moves);
        free(m2);
    }
    json_t *o = json_object();
    char m[2 * CY_MAX_LABEL + 8];
    if (d >= 0)
        cy_move_str(b, d, m, sizeof m);
    json_object_set_new(o, "move", d >= 0 ? jstr(m) : json_null());
    /* a move not proved winning when the search stopped early: unknown */
    json_object_set_new(o, "wins", an->nwin > 0 || arc == 0 ? json_boolean(d >= 0 && an->nwin > 0) : json_null());
    json_object_set_new(o, "over", json_boolean(an->over));
    json_object_set_new(o, "winner", an->over ? json_integer(an->winner) : json_null());
    if (arc < 0)
        json_object_set_new(o, "complete", json_false());
    return cyi_json_text(o);
}
