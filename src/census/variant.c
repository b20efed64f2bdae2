/*
 * variant.c - the census under a rule variant (issue 12): the rules' key in
 * the tables, and a board solved under those rules the way `cycles solve
 * --rules NAME --json` solves it (cy_vsearch, the plain engine with a table).
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>

const char *census_rules_key(const cy_rules *r, char *buf)
{
    if (r->players > 2)
        snprintf(buf, 24, "players=%d", r->players);
    else if (r->kind == CY_RULES_SCORE && r->extra_turn)
        snprintf(buf, 24, "score+extra-turn");
    else
        snprintf(buf, 24, "%s", cy_rules_name(r));
    return buf;
}

/* Records a failed search's status in r: 0, or -1 for a board too large. */
static int failed(const cy_board *b, int rc, census_row *r, cy_error *err)
{
    if (rc == CY_SOLVE_TIMEOUT)
        r->status = CY_CENSUS_TIMEOUT;
    else if (rc == CY_SOLVE_MEMORY)
        r->status = CY_CENSUS_MEMORY;
    else
        return cy_error_set(err, "the variant search cannot take this board (%d edges)", b->ne);
    return 0;
}

int census_solve_rules(const cy_board *b, const census_solve_opts *o, census_row *r, cy_error *err)
{
    const cy_rules *ru = &o->rules;
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = o->memory ? o->memory : (size_t)256 << 20;
    so.timeout = o->timeout;
    so.threads = 1;
    double t0 = census_now();
    cy_vsearch *s = cy_vsearch_new(b, ru, &so, err);
    if (!s)
        return -1;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int k = ru->players > 2 ? ru->players : 2, v = 0;
    r->players = k;
    r->grundy = -1;
    r->winner = r->value = r->outcome = r->forced = 0;
    r->status = CY_CENSUS_SOLVED;
    int rc = cy_vsearch_value(s, mark, &v);
    for (int p = 1; rc == 0 && k > 2 && p <= k; p++) {
        int w = 0;
        rc = cy_vsearch_force(s, mark, p, &w);
        if (w)
            r->forced |= 1 << (p - 1);
    }
    cy_solver_stats st;
    cy_vsearch_stats(s, &st);
    cy_vsearch_free(s);
    free(mark);
    r->seconds = census_now() - t0;
    r->positions = st.positions;
    if (rc < 0)
        return failed(b, rc, r, err);
    r->value = v;
    if (k > 2) {
        /* as cy_variant_analyse: the winner by offset from player 1 */
        r->winner = v % k + 1;
        return 0;
    }
    int x = v; /* > 0: player 1 wins, < 0: loses, 0: draw (cy_variant_analyse) */
    if (ru->kind == CY_RULES_MISERE) {
        r->grundy = v;
        x = v ? 1 : -1;
    }
    r->outcome = x > 0 ? 'N' : x < 0 ? 'P' : 'D';
    r->winner = x > 0 ? 1 : x < 0 ? 2 : 0;
    return 0;
}
