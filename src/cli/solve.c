/*
 * solve.c - `cycles solve BOARD`: who wins, the winning moves, the Grundy value.
 */
#include "cli.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* For a lost position: each legal move of the player to move with a winning
 * reply of the opponent (reply[i] for legal[i]); returns the count, or -1
 * after printing the error. */
static int replies(cy_solver *s, const unsigned char *mark, int **legal, int **reply, const char *what)
{
    const cy_board *b = cy_solver_board(s);
    *legal = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    *reply = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    if (!*legal || !*reply)
        return cli_fail(what, "out of memory"), -1;
    int n = cy_rules_legal(b, mark, *legal);
    for (int i = 0; i < n; i++) {
        cy_error err;
        if (cy_winning_reply(s, mark, (*legal)[i], &(*reply)[i], &err) < 0)
            return cli_fail(what, "%s", err.msg), -1;
    }
    return n;
}

/* The answer as the JSON object documented in the README. */
static char *as_json(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr)
{
    json_t *o = json_object();
    json_object_set_new(o, "board", json_string(b->name ? b->name : ""));
    json_object_set_new(o, "vertices", json_integer(b->nv));
    json_object_set_new(o, "edges", json_integer(b->ne));
    json_object_set_new(o, "cells", json_integer(b->ncells));
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
            cy_move_str(b, reply[i], q, sizeof q);
            json_object_set_new(r, m, reply[i] >= 0 ? json_string(q) : json_null());
        }
        json_object_set_new(o, "replies", r);
    }
    json_object_set_new(o, "positions", json_integer((json_int_t)a->stats.positions));
    json_object_set_new(o, "seconds", json_real((double)(long long)(a->stats.seconds * 1e6) / 1e6));
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    size_t n = strlen(s);
    char *t = malloc(n + 2);
    if (t) {
        memcpy(t, s, n);
        t[n] = '\n';
        t[n + 1] = 0;
    }
    free(s);
    return t;
}

/* The answer as readable text. */
static char *as_text(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr)
{
    size_t cap = 1024 + (size_t)(a->nwin + 2 * nr) * (2 * CY_MAX_LABEL + 16);
    char *t = malloc(cap);
    if (!t)
        return NULL;
    size_t n = 0;
    n += (size_t)snprintf(t + n, cap - n, "board: %s (%d vertices, %d edges, %d cells)\n",
                          b->name ? b->name : "?", b->nv, b->ne, b->ncells);
    if (a->over) {
        if (a->cycle_cell >= 0)
            n += (size_t)snprintf(t + n, cap - n, "game over: player %d completed a cycle cell and wins\n", a->winner);
        else
            n += (size_t)snprintf(t + n, cap - n, "game over: no legal move is left; player %d made the last move and wins\n", a->winner);
    } else {
        n += (size_t)snprintf(t + n, cap - n, "to move: player %d (%d moves played)\n", a->to_move, a->played);
        if (a->outcome == '?')
            n += (size_t)snprintf(t + n, cap - n, "winner: unknown (out of time with %d moves not judged)\n",
                                  a->unknown);
        else
            n += (size_t)snprintf(t + n, cap - n, "winner: player %d (%s-position: the %s player wins)%s\n",
                                  a->winner, a->outcome == 'N' ? "N" : "P", a->outcome == 'N' ? "next" : "previous",
                                  a->complete ? "" : " [partial answer]");
    }
    if (a->grundy >= 0)
        n += (size_t)snprintf(t + n, cap - n, "grundy: %d\n", a->grundy);
    else if (!a->grundy_known)
        n += (size_t)snprintf(t + n, cap - n, "grundy: %s\n",
                              a->complete ? "not computed (--no-grundy)" : "unknown (out of time)");
    else
        n += (size_t)snprintf(t + n, cap - n, "grundy: none (%s)\n",
                              a->over ? "the game is over" : "a cycle cell can be completed at once");
    n += (size_t)snprintf(t + n, cap - n, "winning moves%s:", a->complete ? "" : " found so far");
    for (int i = 0; i < a->nwin; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, a->winning[i], m, sizeof m);
        n += (size_t)snprintf(t + n, cap - n, " %s", m);
    }
    n += (size_t)snprintf(t + n, cap - n, "%s\n", a->nwin ? "" : " none");
    if (nr > 0) {
        n += (size_t)snprintf(t + n, cap - n, "how player %d wins: against each move, a winning reply\n", a->winner);
        for (int i = 0; i < nr; i++) {
            char m[2 * CY_MAX_LABEL + 8], q[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, legal[i], m, sizeof m);
            cy_move_str(b, reply[i], q, sizeof q);
            n += (size_t)snprintf(t + n, cap - n, "  %-12s %s\n", m, reply[i] >= 0 ? q : "(none)");
        }
    }
    snprintf(t + n, cap - n, "searched: %llu positions in %.3f s\n", (unsigned long long)a->stats.positions,
             a->stats.seconds);
    return t;
}

int cmd_solve(int argc, char **argv)
{
    cli_opts o;
    if (cli_parse(argc, argv, 2,
                  "BOARD moves json timeout memory quiet special output engine threads no-decompose no-canon "
                  "no-outcome-search no-grundy no-replies",
                  &o))
        return 1;
    cy_board *b;
    unsigned char *mark;
    if (cli_load(&o, &b, &mark))
        return 1;
    cy_error err;
    cy_solver *s = cy_solver_new(b, &o.solver, &err);
    int rc = 1;
    if (!s) {
        cli_fail(o.board, "%s", err.msg);
        goto out;
    }
    cy_analysis a;
    int arc = cy_analyse(s, mark, &a, &err);
    int nr = 0, *legal = NULL, *reply = NULL;
    if (arc == 0 && a.outcome == 'P' && !a.over && !o.no_replies)
        nr = replies(s, mark, &legal, &reply, o.board);
    cy_solver_progress_end(s);
    if (arc < 0) {
        /* out of time or memory: say so, print what is known, exit 2 */
        cli_fail(o.board, "%s after %llu positions; the answer below is partial", err.msg,
                 (unsigned long long)a.stats.positions);
        char *text = o.json ? as_json(b, &a, NULL, NULL, 0) : as_text(b, &a, NULL, NULL, 0);
        rc = text && cli_emit(&o, text) == 0 ? 2 : 1;
        free(text);
        cy_analysis_free(&a);
        goto out;
    }
    if (nr >= 0) {
        char *text = o.json ? as_json(b, &a, legal, reply, nr) : as_text(b, &a, legal, reply, nr);
        rc = text ? cli_emit(&o, text) : cli_fail(NULL, "out of memory");
        free(text);
    }
    free(legal);
    free(reply);
    cy_analysis_free(&a);
out:
    cy_solver_free(s);
    free(mark);
    cy_board_free(b);
    return rc;
}
