/*
 * variants_verify.c - `cycles verify --rules NAME`: the families of the
 * papers (cycles, chords, thetas, grids, wedges, trees) and the boards on
 * other surfaces (the projective-plane K6, torus grids) under rule variants,
 * as markdown tables, with the patterns stated as observed up to the sizes
 * computed (docs/variants.md).
 *
 * Each family is swept in growing sizes; a board the search cannot finish
 * within the time allowed ends that family's sweep, and the page says how
 * far each family got.  The patterns are computed, not written in: for each
 * family and variant, whether "player 1 wins exactly when the number of
 * edges is odd" holds on every board computed, and otherwise the boards
 * that break it; under draw, which boards are draws.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* The families and their sweeps. */
typedef struct vfamily {
    const char *name; /* as the page names it */
    const char *fmt;  /* spec with %d for the size parameter(s) */
    int from, to;     /* sizes */
    int kind;         /* 0: one parameter; 1: chord:N,N/2; 2: theta:A,2,A; 3: wedge:N,N;
                         4: no parameter (one board) */
} vfamily;

static const vfamily families[] = {
    {"cycles C_N", "cycle:%d", 3, 30, 0},
    {"chords C_N with the chord to the middle", "chord:%d,%d", 4, 30, 1},
    {"thetas theta(A,2,A)", "theta:%d,2,%d", 2, 15, 2},
    {"grids 2 x C", "grid:2x%d", 2, 15, 0},
    {"wedges of two N-cycles", "wedge:%d,%d", 3, 15, 3},
    {"paths (trees, special ends)", "path:%d", 1, 30, 0},
    {"stars (trees, special leaves)", "star:%d", 2, 30, 0},
    /* boards on other closed surfaces (issue 12) */
    {"the projective-plane K6 (non-orientable, 10 triangle cells)", "projective-k6", 1, 1, 4},
    {"torus grids 3 x C (every face a 4-cell)", "torus:3x%d", 3, 15, 0},
};

/* The spec of size n of family f. */
static void spec_of(const vfamily *f, int n, char *buf, size_t len)
{
    switch (f->kind) {
    case 1:
        snprintf(buf, len, f->fmt, n, n / 2);
        break;
    case 2:
    case 3:
        snprintf(buf, len, f->fmt, n, n);
        break;
    case 4:
        snprintf(buf, len, "%s", f->fmt);
        break;
    default:
        snprintf(buf, len, f->fmt, n);
        break;
    }
}

/* One result: the winner (1, 2; 0 draw), and the variant's number. */
typedef struct vres {
    char spec[48];
    int edges, winner, value, done;
    double seconds;
    int force[CY_MAX_PLAYERS + 1];
} vres;

/* Solves the empty board of spec under r within timeout seconds. */
static int solve_one(const char *spec, const cy_rules *r, double timeout, vres *out)
{
    cy_error err;
    memset(out, 0, sizeof *out);
    snprintf(out->spec, sizeof out->spec, "%s", spec);
    cy_game_source src = {.from = CY_GAME_FROM_FAMILY, .spec = spec, .rules = r};
    cy_game g;
    cy_game_error ge;
    if (cy_game_load(&src, &g, &ge) < 0)
        return -1;
    out->edges = g.board->ne;
    /* two tries, half the time each, where the values are functions of
     * the components (variants.c, component_key): first the hash table
     * keyed by components (--no-bitboard), far ahead on boards that fall
     * apart into small pieces (cycle:20 in 0.1 s against 10 s), then the
     * direct table, ahead on boards that stay whole (grid:3x4); otherwise
     * the default search with all the time */
    int comps = r->kind != CY_RULES_ANY_CYCLE && r->players <= 2;
    for (int attempt = comps ? 0 : 1; attempt < 2 && !out->done; attempt++) {
        cy_solver_opts o = {.timeout = comps ? timeout / 2 : timeout,
                            .memory = (size_t)1 << 30,
                            .no_bitboard = attempt == 0};
        cy_answer a;
        int rc = cy_answer_game(&g, &o, NULL, &a, &err);
        if (rc == 0 && a.complete) {
            out->done = 1;
            out->winner = a.v.winner;
            out->value = a.v.value;
            memcpy(out->force, a.v.force, sizeof out->force);
        }
        out->seconds += a.v.stats.seconds;
        cy_answer_free(&a);
    }
    cy_game_free(&g);
    return out->done ? 0 : -1;
}

/* What the variant's number means, for the table header. */
static const char *value_name(const cy_rules *r)
{
    if (r->players > 2)
        return "can force a win alone";
    switch (r->kind) {
    case CY_RULES_MISERE:
        return "misère nim-value";
    case CY_RULES_SCORE:
        return "score difference (player 1 - player 2)";
    default:
        return "value for player 1 (1 win, 0 draw, -1 loss)";
    }
}

/* Writes one variant's section. */
static void section(cyi_buf *t, const cy_rules *r, double timeout, int progress)
{
    int k = r->players > 2 ? r->players : 2;
    cyi_buf_printf(t, "## %s%s", cy_rules_name(r), r->extra_turn ? " with the extra turn" : "");
    if (k > 2)
        cyi_buf_printf(t, ", %d players", k);
    cyi_buf_puts(t, "\n\n");
    if (k > 2)
        cyi_buf_puts(t, "The winner is the one when every player picks a move after which they win, or else one "
                        "after which the winner comes soonest after them in turn order; \"alone\" lists the players "
                        "who win against all the others playing together.\n\n");
    for (size_t fi = 0; fi < sizeof families / sizeof families[0] && !cy_interrupted(); fi++) {
        const vfamily *f = &families[fi];
        vres *res = cyi_xcalloc((size_t)(f->to - f->from + 1), sizeof *res);
        int n = 0, last = f->from - 1;
        for (int s = f->from; s <= f->to; s++) {
            char spec[48];
            spec_of(f, s, spec, sizeof spec);
            if (progress)
                fprintf(stderr, "cycles: verify --rules %s: %s\n", cy_rules_name(r), spec);
            if (solve_one(spec, r, timeout, &res[n]) < 0)
                break;
            n++;
            last = s;
        }
        if (cy_interrupted() && n == 0) {
            free(res);
            break;
        }
        cyi_buf_printf(t, "### %s\n\n", f->name);
        if (n == 0) {
            cyi_buf_puts(t, "Not computed within the time allowed.\n\n");
            free(res);
            continue;
        }
        cyi_buf_printf(t, "| board | edges | winner | %s |\n|---|---|---|---|\n", value_name(r));
        int parity_breaks = 0, even_breaks = 0, draws = 0;
        cyi_buf breakers = {0}, even_breakers = {0};
        for (int i = 0; i < n; i++) {
            vres *x = &res[i];
            char num[64] = "";
            if (k > 2) {
                int any = 0;
                for (int p = 1; p <= k; p++)
                    if (x->force[p] > 0) {
                        snprintf(num + strlen(num), sizeof num - strlen(num), "%splayer %d", any ? ", " : "", p);
                        any = 1;
                    }
                if (!any)
                    snprintf(num, sizeof num, "nobody");
            } else
                snprintf(num, sizeof num, "%d", x->value);
            char who[16];
            snprintf(who, sizeof who, "player %d", x->winner);
            cyi_buf_printf(t, "| `%s` | %d | %s | %s |\n", x->spec, x->edges, x->winner ? who : "draw", num);
            if (x->winner == 0)
                draws++;
            /* two players: player 1 wins exactly when E is odd (or even);
             * K players: the one who would make the last move */
            int expect = k > 2 ? (x->edges - 1) % k + 1 : x->edges % 2 ? 1 : 2;
            if (x->winner != expect) {
                cyi_buf_printf(&breakers, "%s`%s`", parity_breaks ? ", " : "", x->spec);
                parity_breaks++;
            }
            if (k == 2 && x->winner != 3 - expect) {
                cyi_buf_printf(&even_breakers, "%s`%s`", even_breaks ? ", " : "", x->spec);
                even_breaks++;
            }
        }
        char first[48], lastspec[48];
        spec_of(f, f->from, first, sizeof first);
        spec_of(f, last, lastspec, sizeof lastspec);
        if (cy_interrupted())
            cyi_buf_printf(t, "\nObserved for `%s` to `%s` (%d boards; then the run was interrupted):\n", first,
                           lastspec, n);
        else
            cyi_buf_printf(t, "\nObserved for `%s` to `%s` (%d boards; larger ones were not finished within %g s):\n",
                           first, lastspec, n, timeout);
        char *br = cyi_buf_take(&breakers), *ebr = cyi_buf_take(&even_breakers);
        if (r->kind == CY_RULES_DRAW && draws == n)
            cyi_buf_puts(t, "every board is a draw with perfect play.\n\n");
        else if (k > 2 && parity_breaks == 0)
            cyi_buf_printf(t,
                           "the player who would make the last move if every edge were marked (edges mod %d) wins, "
                           "on every board.\n\n",
                           k);
        else if (k == 2 && parity_breaks == 0)
            cyi_buf_puts(t, "player 1 wins exactly when the number of edges is odd, on every board.\n\n");
        else if (k == 2 && even_breaks == 0)
            cyi_buf_puts(t, "player 1 wins exactly when the number of edges is even, on every board.\n\n");
        else {
            /* no parity rule: the boards by outcome */
            cyi_buf_printf(t, "no parity rule (%s); by outcome:\n\n",
                           k > 2 ? "the player making the last move of a full marking does not always win"
                                 : "player 1 does not win exactly on the odd boards, nor on the even ones");
            for (int w = 1; w <= k + 1; w++) {
                int who = w <= k ? w : 0, c = 0;
                for (int i = 0; i < n; i++)
                    if (res[i].winner == who) {
                        if (c++ == 0) {
                            if (who)
                                cyi_buf_printf(t, "- player %d wins on ", who);
                            else
                                cyi_buf_puts(t, "- draws: ");
                        } else
                            cyi_buf_puts(t, ", ");
                        cyi_buf_printf(t, "`%s`", res[i].spec);
                    }
                if (c)
                    cyi_buf_puts(t, "\n");
            }
            cyi_buf_puts(t, "\n");
        }
        free(ebr);
        free(br);
        free(res);
    }
}

char *cy_variant_verify(const cy_rules *rules, int nrules, double timeout, int progress)
{
    cyi_buf t = {0};
    cyi_buf_puts(&t, "# The families under the rule variants\n\n"
                     "Generated by `cycles verify --rules all -o docs/variants-results.md`: each family of the "
                     "papers solved from the empty board under each rule set, in growing sizes until a board is not "
                     "finished within the time allowed, and the patterns as observed up to the sizes computed (not "
                     "proved). Rules: [variants.md](variants.md).\n\n");
    for (int i = 0; i < nrules && !cy_interrupted(); i++)
        section(&t, &rules[i], timeout, progress);
    if (cy_interrupted())
        cyi_buf_puts(&t, "**Interrupted**: the run stopped here; what follows was not computed.\n");
    return cyi_buf_take(&t);
}
