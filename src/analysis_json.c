/*
 * analysis_json.c - the answer of `cycles solve --json` as a library function, so
 * the command line and the web server (server.c) print the same bytes.
 */
#include "engine.h"

#include <jansson.h>
#include <string.h>

/* Fills *legal with the legal moves at mark and *reply with a winning reply
 * of the opponent to each (-1 where none); returns the count, or a negative
 * CY_SOLVE_ code with err set.  Both arrays are always allocated.  The
 * replies come mostly from the table the analysis left (cy_winning_reply)
 * and share its time limit, counted from the start of the last cy_analyse
 * on s. */
int cy_analysis_replies(cy_solver *s, const unsigned char *mark, int **legal, int **reply, cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    *reply = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_legal(b, mark, *legal), rc = 0;
    /* the replies share the time limit of the analysis before them */
    double timeout = cy_solver_options(s)->timeout, since = cyi_solver_analysed(s);
    if (timeout > 0)
        cy_solver_until(s, (since > 0 ? since : cy_now()) + timeout);
    for (int i = 0; i < n && rc == 0; i++)
        rc = cy_winning_reply(s, mark, (*legal)[i], &(*reply)[i], err);
    cy_solver_until(s, 0);
    return rc < 0 ? rc : n;
}

/* Returns the analysis as the JSON object documented in the README (two-space
 * indent, keys in a fixed order) followed by a newline, malloc'd; NULL only
 * when memory runs out. */
char *cy_analysis_json(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr)
{
    json_t *o = json_object();
    /* the name comes from input: escaped, it is valid UTF-8 without control characters */
    char *name = cy_escape_dup(b->name ? b->name : "", 0);
    json_object_set_new(o, "board", json_string(name));
    free(name);
    json_object_set_new(o, "vertices", json_integer(b->nv));
    json_object_set_new(o, "edges", json_integer(b->ne));
    json_object_set_new(o, "cells", json_integer(b->ncells));
    if (b->surface) /* as the native board says it */
        json_object_set_new(o, "surface", json_pack("{s:b,s:i}", "orientable", b->orientable, "genus", b->genus));
    json_object_set_new(o, "moves_played", json_integer(a->played));
    json_object_set_new(o, "to_move", json_integer(a->to_move));
    json_object_set_new(o, "over", json_boolean(a->over));
    json_object_set_new(o, "outcome", a->outcome == '?' ? json_null() : json_string(a->outcome == 'N' ? "N" : "P"));
    json_object_set_new(o, "winner", a->winner ? json_integer(a->winner) : json_null());
    json_object_set_new(o, "grundy", a->grundy >= 0 ? json_integer(a->grundy) : json_null());
    if (!a->grundy_known)
        json_object_set_new(o, "grundy_computed", json_false());
    if (!a->complete) {
        json_object_set_new(o, "complete", json_false());
        json_object_set_new(o, "unjudged_moves", json_integer(a->unknown));
    }
    json_t *w = json_array();
    for (int i = 0; i < a->nwin; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, a->winning[i], m, sizeof m);
        json_array_append_new(w, json_string(m));
    }
    json_object_set_new(o, "winning_moves", w);
    if (nr > 0) {
        json_t *r = json_object();
        for (int i = 0; i < nr; i++) {
            char m[2 * CY_MAX_LABEL + 8], q[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, legal[i], m, sizeof m);
            if (reply[i] >= 0)
                cy_move_str(b, reply[i], q, sizeof q);
            json_object_set_new(r, m, reply[i] >= 0 ? json_string(q) : json_null());
        }
        json_object_set_new(o, "replies", r);
    }
    if (a->proof)
        json_object_set_new(o, "proof", json_string(a->proof));
    json_object_set_new(o, "positions", json_integer((json_int_t)a->stats.positions));
    json_object_set_new(o, "seconds", json_real((double)(long long)(a->stats.seconds * 1e6) / 1e6));
    return cyi_json_text(o);
}
