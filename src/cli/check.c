/*
 * check.c - `cycles check filled BOARD`: enumerate every complete marking
 * with no sink or source and confirm that each has a cycle cell (Theorem 9
 * of Alvarado et al. 2021), naming the first counterexample if one exists.
 */
#include "cli.h"
#include "internal.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The marking as moves "U->V ..." in a malloc'd string. */
static char *marking_moves(const cy_board *b, const unsigned char *mark)
{
    size_t cap = (size_t)b->ne * (2 * CY_MAX_LABEL + 4) + 1, n = 0;
    char *t = malloc(cap);
    t[0] = 0;
    for (int e = 0; e < b->ne; e++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, cy_dart(e, mark[e]), m, sizeof m);
        n += (size_t)snprintf(t + n, cap - n, "%s%s", n ? " " : "", m);
    }
    return t;
}

/* `cycles check filled BOARD [--json] [--timeout S] [--special V,..] [-o FILE]`:
 * exit status 0; 1 after a one-line error; 2 for a usage error, or an
 * enumeration stopped by --timeout, SIGINT or SIGTERM, whose counts are
 * those of the markings enumerated so far (a partial answer). */
int cmd_check(cli_opts *o)
{
    if (strcmp(o->args[0], "filled") != 0)
        return cli_usage_fail("unknown check \"%.80s\" (the check is filled)", o->args[0]);
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    int rc = 1;
    cy_error err;
    cy_filled_result r;
    char why[64] = "stopped by --timeout";
    cli_catch_interrupts(); /* an interrupt stops the enumeration as --timeout does */
    if (cy_rules_played(b, mark) != 0)
        cli_fail(o->board, "the check enumerates complete markings of the empty board; the board has moves");
    else if (cy_filled_check_progress(b, o->timeout, !o->quiet, &r, &err) < 0)
        cli_fail(o->board, "%s", err.msg);
    else {
        if (!r.complete) {
            if (cli_interrupted())
                cli_stop_reason("", why, sizeof why);
            cli_fail(o->board, "the enumeration was %s after %llu complete markings; the answer below is partial", why,
                     (unsigned long long)r.complete_markings);
        }
        char *ce = r.counterexample ? marking_moves(b, r.counterexample) : NULL;
        int special = 0;
        for (int v = 0; v < b->nv; v++)
            special += b->special[v] != 0;
        char *text;
        if (o->json) {
            json_t *j = json_object();
            json_object_set_new(j, "board", json_string(b->name ? b->name : ""));
            json_object_set_new(j, "edges", json_integer(b->ne));
            json_object_set_new(j, "cells", json_integer(b->ncells));
            json_object_set_new(j, "special_vertices", json_integer(special));
            json_object_set_new(j, "complete", json_boolean(r.complete));
            json_object_set_new(j, "complete_markings", json_integer((json_int_t)r.complete_markings));
            json_object_set_new(j, "without_cycle_cell", json_integer((json_int_t)r.without_cycle_cell));
            json_object_set_new(j, "counterexample", ce ? json_string(ce) : json_null());
            json_object_set_new(j, "theorem9_holds", json_boolean(r.without_cycle_cell == 0));
            json_object_set_new(j, "seconds", json_real((double)(long long)(r.seconds * 1e6) / 1e6));
            text = cyi_json_text(j);
        } else {
            char head[CY_MAX_NAME_SHOWN];
            size_t cap = 1024 + sizeof head + (ce ? strlen(ce) : 0);
            text = malloc(cap);
            int n = snprintf(text, cap,
                             "board: %s\n"
                             "complete markings with no sink or source: %llu%s%s%s\n"
                             "without a cycle cell: %llu\n",
                             cli_board_head(b, head, sizeof head), (unsigned long long)r.complete_markings,
                             r.complete ? "" : " (", r.complete ? "" : why, r.complete ? "" : ")",
                             (unsigned long long)r.without_cycle_cell);
            if (ce)
                snprintf(text + n, cap - (size_t)n, "first counterexample: %s\n%s%s", ce,
                         special ? "(Theorem 9 is about boards without special vertices)\n" : "",
                         b->surface ? "(Theorem 9 is about plane boards; this one lies on a closed surface)\n" : "");
            else
                snprintf(text + n, cap - (size_t)n, "Theorem 9 (Alvarado et al. 2021) holds on this board%s\n",
                         r.complete ? "" : " as far as the enumeration went");
        }
        rc = cli_emit(o, text);
        if (rc == 0 && !r.complete)
            rc = 2; /* a partial answer */
        free(text);
        free(ce);
        cy_filled_result_free(&r);
    }
    free(mark);
    cy_board_free(b);
    return rc;
}
