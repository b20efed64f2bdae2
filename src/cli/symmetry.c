/*
 * symmetry.c - `cycles symmetry BOARD`: the automorphisms of the board that
 * respect cells, its involutions, and for each involution the
 * self-involutive vertices, edges and cells, each cell's class and what
 * Theorem 6 of Alvarado et al. 2021 predicts.
 */
#include "cli.h"
#include "internal.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The name of an involution class. */
static const char *class_name(int c)
{
    return c == CY_INV_SELF ? "self-involutive" : c == CY_INV_PART ? "part-involutive" : "nowhere-involutive";
}

/* The kind of automorphism a. */
static const char *kind_name(const cy_automorphism *a)
{
    return a->order == 1 ? "identity" : a->reflection ? "reflection" : "rotation";
}

/* The vertex labels of cell c as a JSON array. */
static json_t *cell_walk(const cy_board *b, int c)
{
    json_t *w = json_array();
    for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
        json_array_append_new(w, json_string(b->label[cy_tail(b, b->fdarts[i])]));
    return w;
}

/* Appends cell c's walk "1,2,4" to t. */
static void cell_text(const cy_board *b, int c, char *t, size_t n)
{
    size_t k = 0;
    t[0] = 0;
    for (int i = b->fstart[c]; i < b->fstart[c + 1] && k + 1 < n; i++)
        k += (size_t)snprintf(t + k, n - k, "%s%s", i > b->fstart[c] ? "," : "", b->label[cy_tail(b, b->fdarts[i])]);
}

/* The involution's description as a JSON object. */
static json_t *inv_json(const cy_board *b, const cy_involution *inv)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(inv->reflection ? "reflection" : "rotation"));
    json_t *pairs = json_array(), *fixed = json_array();
    for (int v = 0; v < b->nv; v++) {
        if (inv->vmap[v] == v)
            json_array_append_new(fixed, json_string(b->label[v]));
        else if (v < inv->vmap[v])
            json_array_append_new(pairs, json_pack("[ss]", b->label[v], b->label[inv->vmap[v]]));
    }
    json_object_set_new(o, "pairs", pairs);
    json_object_set_new(o, "fixed_vertices", fixed);
    json_t *edges = json_array();
    for (int e = 0; e < b->ne; e++)
        if (inv->edge[e] != CY_INV_EDGE_MOVED) {
            char name[2 * CY_MAX_LABEL + 4];
            cy_edge_str(b, e, name, sizeof name);
            json_array_append_new(edges, json_pack("{ss ss}", "edge", name, "ends",
                                                   inv->edge[e] == CY_INV_EDGE_FIXED ? "fixed" : "swapped"));
        }
    json_object_set_new(o, "self_involutive_edges", edges);
    json_t *fixed_cells = json_array();
    for (int c = 0; c < b->ncells; c++)
        if (inv->cell[c] == CY_INV_SELF)
            json_array_append_new(fixed_cells, json_integer(c + 1));
    json_object_set_new(o, "self_involutive_cells", fixed_cells);
    json_t *cells = json_array();
    for (int c = 0; c < b->ncells; c++)
        json_array_append_new(cells, json_pack("{si so si ss}", "cell", c + 1, "walk", cell_walk(b, c), "partner",
                                               inv->cmap[c] + 1, "class", class_name(inv->cell[c])));
    json_object_set_new(o, "cells", cells);
    json_t *t6 = json_object();
    json_object_set_new(t6, "applies", json_boolean(inv->thm6 != 0));
    json_object_set_new(t6, "winner", inv->thm6 ? json_integer(inv->thm6) : json_null());
    json_object_set_new(t6, "why", json_string(inv->why));
    json_object_set_new(o, "theorem6", t6);
    return o;
}

/* The whole answer as JSON text, or NULL with the message printed. */
static char *as_json(const cy_board *b, const cy_symmetry *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "board", json_string(b->name ? b->name : ""));
    json_object_set_new(o, "vertices", json_integer(b->nv));
    json_object_set_new(o, "edges", json_integer(b->ne));
    json_object_set_new(o, "cells", json_integer(b->ncells));
    int rot = 0, refl = 0;
    for (int i = 0; i < s->n; i++)
        s->aut[i].reflection ? refl++ : rot++;
    json_object_set_new(o, "automorphisms", json_integer(s->n));
    json_object_set_new(o, "rotations", json_integer(rot));
    json_object_set_new(o, "reflections", json_integer(refl));
    json_t *els = json_array(), *invs = json_array();
    for (int i = 0; i < s->n; i++) {
        const cy_automorphism *a = &s->aut[i];
        json_t *map = json_object();
        for (int v = 0; v < b->nv; v++)
            json_object_set_new(map, b->label[v], json_string(b->label[a->vmap[v]]));
        json_t *el = json_pack("{ss si so}", "kind", kind_name(a), "order", a->order, "map", map);
        if (b->multi) { /* parallel edges: where each edge goes, by number */
            json_t *em = json_array();
            for (int e = 0; e < b->ne; e++)
                json_array_append_new(em, json_integer(a->emap[e]));
            json_object_set_new(el, "edge_map", em);
        }
        json_array_append_new(els, el);
        if (a->order == 2) {
            cy_involution inv;
            cy_error err;
            if (cy_involution_analyse_aut(b, a, &inv, &err) < 0) {
                json_decref(o);
                json_decref(els);
                json_decref(invs);
                cli_fail(b->name, "%s", err.msg);
                return NULL;
            }
            json_array_append_new(invs, inv_json(b, &inv));
            cy_involution_free(&inv);
        }
    }
    json_object_set_new(o, "elements", els);
    json_object_set_new(o, "involutions", invs);
    return cyi_json_text(o);
}

/* The whole answer as readable text, or NULL with the message printed. */
static char *as_text(const cy_board *b, const cy_symmetry *s)
{
    cyi_buf t = {0};
    char head[CY_MAX_NAME_SHOWN];
    cyi_buf_printf(&t, "board: %s\n", cli_board_head(b, head, sizeof head));
    int rot = 0, refl = 0, ninv = 0;
    for (int i = 0; i < s->n; i++) {
        s->aut[i].reflection ? refl++ : rot++;
        ninv += s->aut[i].order == 2;
    }
    cyi_buf_printf(&t, "automorphisms: %d (%d rotations including the identity, %d reflections)\n", s->n, rot, refl);
    for (int i = 0; i < s->n; i++) {
        const cy_automorphism *a = &s->aut[i];
        cyi_buf_printf(&t, "  %-10s order %d:", kind_name(a), a->order);
        int moved = 0;
        for (int v = 0; v < b->nv; v++)
            if (a->vmap[v] != v) {
                cyi_buf_printf(&t, " %s->%s", b->label[v], b->label[a->vmap[v]]);
                moved++;
            }
        /* with parallel edges the vertex map does not say where the edges go */
        int emoved = 0;
        for (int e = 0; b->multi && e < b->ne; e++)
            if (a->emap[e] != e)
                cyi_buf_printf(&t, "%se%d->e%d", emoved++ ? " " : moved ? "; edges " : " edges ", e, a->emap[e]);
        cyi_buf_printf(&t, "%s\n", moved || emoved ? "" : " (every vertex fixed)");
    }
    cyi_buf_printf(&t, "involutions: %d\n", ninv);
    int k = 0;
    for (int i = 0; i < s->n; i++) {
        if (s->aut[i].order != 2)
            continue;
        cy_involution inv;
        cy_error err;
        if (cy_involution_analyse_aut(b, &s->aut[i], &inv, &err) < 0) {
            free(t.s);
            cli_fail(b->name, "%s", err.msg);
            return NULL;
        }
        cyi_buf_printf(&t, "involution %d (%s):", ++k, inv.reflection ? "reflection" : "rotation");
        for (int v = 0; v < b->nv; v++)
            if (v < inv.vmap[v])
                cyi_buf_printf(&t, " %s<->%s", b->label[v], b->label[inv.vmap[v]]);
        cyi_buf_printf(&t, "\n  self-involutive vertices:");
        for (int v = 0; v < b->nv; v++)
            if (inv.vmap[v] == v)
                cyi_buf_printf(&t, " %s", b->label[v]);
        cyi_buf_printf(&t, "%s\n  self-involutive edges:", inv.fixed_vertices ? "" : " none");
        for (int e = 0; e < b->ne; e++)
            if (inv.edge[e] != CY_INV_EDGE_MOVED) {
                char name[2 * CY_MAX_LABEL + 16];
                cy_edge_str(b, e, name, sizeof name);
                cyi_buf_printf(&t, " %s (ends %s)", name, inv.edge[e] == CY_INV_EDGE_FIXED ? "fixed" : "swapped");
            }
        cyi_buf_printf(&t, "%s\n", inv.fixed_edges ? "" : " none");
        for (int c = 0; c < b->ncells; c++) {
            char w[512];
            cell_text(b, c, w, sizeof w);
            cyi_buf_printf(&t, "  cell %d (%s): %s", c + 1, w, class_name(inv.cell[c]));
            if (inv.cmap[c] != c)
                cyi_buf_printf(&t, ", partner cell %d", inv.cmap[c] + 1);
            cyi_buf_printf(&t, "\n");
        }
        cyi_buf_printf(&t, "  %s\n", inv.why);
        cy_involution_free(&inv);
    }
    return cyi_buf_take(&t);
}

/* `cycles symmetry BOARD [--json] [--special V,..] [-o FILE]`. */
int cmd_symmetry(cli_opts *o)
{
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    cy_error err;
    cy_symmetry *s = NULL;
    int rc = 1;
    if (!b->orientable)
        cli_fail(o->board,
                 "the symmetry of a board on a non-orientable surface is not computed (the solvers use the identity alone there)");
    else if (!(s = cy_symmetry_new(b, &err)))
        cli_fail(o->board, "%s", err.msg);
    else {
        char *t = o->json ? as_json(b, s) : as_text(b, s);
        if (t)
            rc = cli_emit(o, t);
        free(t);
    }
    cy_symmetry_free(s);
    free(mark);
    cy_board_free(b);
    return rc;
}
