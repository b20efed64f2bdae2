/*
 * strategy.c - `cycles strategy mirror BOARD`: choose a mirror strategy that
 * a theorem of the papers guarantees (Alvarado et al. 2021 Thm 6, Barua et al. 2022 Thm 8,
 * Adefiyiju et al. 2023 Thm 4.1), name its player, and verify it against every line of
 * the opponent.  --involution PAIRS forces the mirror-reverse strategy under
 * a given involution instead (to see where a strategy stops working).
 */
#include "cli.h"
#include "internal.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The moves of a line as a JSON array. */
static json_t *line_json(const cy_board *b, const int *line, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, line[i], m, sizeof m);
        json_array_append_new(a, json_string(m));
    }
    return a;
}

/* The vertex pairs of a vertex map (each pair once) as a JSON array. */
static json_t *pairs_json(const cy_board *b, const int *vmap)
{
    json_t *a = json_array();
    for (int v = 0; v < b->nv; v++)
        if (vmap[v] > v)
            json_array_append_new(a, json_pack("[ss]", b->label[v], b->label[vmap[v]]));
    return a;
}

/* The answer as JSON (s NULL: no theorem applies, why says why). */
static char *as_json(const cy_board *b, const cy_strategy *s, const char *why, const cy_strategy_report *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "board", json_string(b->name ? b->name : ""));
    json_object_set_new(o, "edges", json_integer(b->ne));
    json_object_set_new(o, "applies", json_boolean(s && strcmp(s->theorem, "none") != 0));
    if (!s) {
        json_object_set_new(o, "why", json_string(why));
    } else {
        json_object_set_new(o, "strategy", json_string(s->name));
        json_object_set_new(o, "theorem", json_string(s->theorem));
        json_object_set_new(o, "why", json_string(s->why));
        if (s->vmap)
            json_object_set_new(o, "involution", pairs_json(b, s->vmap));
        else {
            /* a cactus: the pairs of every cycle's reflection, and the axes */
            json_t *all = json_array(), *axes = json_array();
            for (int c = 0; c < s->nlocal; c++) {
                json_t *p = json_array(), *fixed = json_array();
                for (int v = 0; v < b->nv; v++) {
                    int w = s->local[c][v];
                    if (w == v)
                        json_array_append_new(fixed, json_string(b->label[v]));
                    else if (w > v) {
                        json_array_append_new(p, json_pack("[ss]", b->label[v], b->label[w]));
                        json_array_append_new(all, json_pack("[ss]", b->label[v], b->label[w]));
                    }
                }
                json_array_append_new(axes, json_pack("{si so so}", "cell", c + 1, "pairs", p, "fixed", fixed));
            }
            json_object_set_new(o, "involution", all);
            json_object_set_new(o, "axes", axes);
        }
        json_t *self = json_array();
        for (int i = 0; i < s->nself; i++) {
            int e = s->self[i];
            char name[2 * CY_MAX_LABEL + 4];
            cy_edge_str(b, e, name, sizeof name);
            json_array_append_new(self, json_string(name));
        }
        json_object_set_new(o, "self_involutive_edges", self);
        json_object_set_new(o, "winner", json_integer(s->player));
        json_object_set_new(o, "verified", json_boolean(r->verified));
        json_object_set_new(o, "complete", json_boolean(r->complete));
        json_object_set_new(o, "opponent_lines",
                            json_integer((json_int_t)(r->opponent_lines > INT64_MAX ? INT64_MAX : r->opponent_lines)));
        json_object_set_new(o, "positions", json_integer((json_int_t)r->positions));
        if (r->line) {
            json_object_set_new(o, "losing_line", line_json(b, r->line, r->line_len));
            json_object_set_new(o, "losing_why", json_string(r->why));
        } else if (!r->complete)
            json_object_set_new(o, "stopped", json_string(r->why));
        json_object_set_new(o, "seconds", json_real((double)(long long)(r->seconds * 1e6) / 1e6));
    }
    return cyi_json_text(o);
}

/* Appends formatted text to a malloc'd string. */
static void put(char **t, size_t *len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char **t, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    *t = realloc(*t, *len + (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(*t + *len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    *len += (size_t)n;
}

/* The answer as readable text. */
static char *as_text(const cy_board *b, const cy_strategy *s, const char *why, const cy_strategy_report *r)
{
    char *t = NULL;
    size_t n = 0;
    char head[CY_MAX_NAME_SHOWN];
    put(&t, &n, "board: %s\n", cli_board_head(b, head, sizeof head));
    if (!s) {
        put(&t, &n, "applies: no\nwhy: %s\n", why);
        return t;
    }
    put(&t, &n, "strategy: %s for player %d (%s)\n", s->name, s->player,
        strcmp(s->theorem, "none") ? s->theorem : "no theorem covers this involution");
    if (s->vmap) {
        put(&t, &n, "involution:");
        for (int v = 0; v < b->nv; v++)
            if (s->vmap[v] > v)
                put(&t, &n, " %s<->%s", b->label[v], b->label[s->vmap[v]]);
        put(&t, &n, "\n");
    } else
        for (int c = 0; c < s->nlocal; c++) {
            put(&t, &n, "axis of cell %d:", c + 1);
            for (int v = 0; v < b->nv; v++) {
                int w = s->local[c][v];
                if (w == v)
                    put(&t, &n, " %s", b->label[v]);
                else if (w > v)
                    put(&t, &n, " %s<->%s", b->label[v], b->label[w]);
            }
            put(&t, &n, "\n");
        }
    put(&t, &n, "why: %s\n", s->why);
    if (r->verified)
        put(&t, &n, "verified: yes, player %d wins against all %llu lines of the opponent (%llu positions, %.3f s)\n",
            s->player, (unsigned long long)r->opponent_lines, (unsigned long long)r->positions, r->seconds);
    else if (r->line) {
        put(&t, &n, "verified: no, the strategy loses this line:");
        for (int i = 0; i < r->line_len; i++) {
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, r->line[i], m, sizeof m);
            put(&t, &n, " %s", m);
        }
        put(&t, &n, "\n  (%s)\n", r->why);
    } else
        put(&t, &n, "verified: not checked to the end: %s\n", r->why);
    return t;
}

/* `cycles strategy mirror|mirror-reverse|rotate-reverse|modified BOARD [--json]
 * [--involution PAIRS] [--timeout S]`: mirror takes the first theorem that
 * applies, the others only their own.  Exit status 0; 1 after a one-line
 * error; 2 for a usage error, or a check stopped before its end (the limit
 * of positions, --timeout, SIGINT, SIGTERM), whose answer says how far it
 * went. */
int cmd_strategy(cli_opts *o)
{
    static const struct {
        const char *name;
        int kind;
    } names[] = {{"mirror", -1},
                 {"mirror-reverse", CY_STRATEGY_MIRROR},
                 {"rotate-reverse", CY_STRATEGY_ROTATE},
                 {"modified", CY_STRATEGY_MODIFIED}};
    int kind = -2;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(o->args[0], names[i].name))
            kind = names[i].kind;
    if (kind == -2)
        return cli_usage_fail("unknown strategy \"%.80s\" (mirror, mirror-reverse, rotate-reverse or modified)",
                              o->args[0]);
    const char *forced = o->involution;
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    int rc = 1;
    char why[1024] = "";
    cy_strategy *s = NULL;
    cy_error err;
    if (forced && kind >= 0 && kind != CY_STRATEGY_MIRROR) {
        cli_fail("--involution", "a given involution plays mirror-reverse; use cycles strategy mirror");
        goto out;
    }
    if (cy_rules_played(b, mark) != 0) {
        cli_fail(o->board, "strategies are checked from the empty board; the board has moves");
        goto out;
    }
    if (forced) {
        int *vmap = malloc(sizeof(int) * (size_t)b->nv);
        if (cy_involution_parse(b, forced, vmap, &err) < 0) {
            cli_fail("--involution", "%s", err.msg);
            free(vmap);
            goto out;
        }
        s = cy_strategy_with_involution(b, vmap, &err);
        free(vmap);
        if (!s) {
            cli_fail("--involution", "%s", err.msg);
            goto out;
        }
    } else
        s = cy_strategy_find(b, kind, why, sizeof why);
    cy_strategy_report r;
    memset(&r, 0, sizeof r);
    int stopped = 0;
    if (s) {
        cy_strategy_limits lim = {.timeout = o->timeout, .memory = o->solver.memory, .progress = !o->quiet};
        cli_catch_interrupts();                           /* an interrupt stops the check as --timeout does */
        if (cy_strategy_verify(b, s, &lim, &r, &err) < 0) /* too big: say so, but name the strategy */
            snprintf(r.why, sizeof r.why, "%.200s", err.msg);
        else if (!r.complete) {
            /* a limit, the timeout or a signal stopped the check: a partial answer */
            stopped = 1;
            char reason[64];
            if (cli_interrupted())
                snprintf(r.why, sizeof r.why, "stopped after %llu positions (%s)", (unsigned long long)r.positions,
                         cli_stop_reason("", reason, sizeof reason));
            cli_fail(o->board, "the check %s; the answer below is partial", r.why);
        }
    }
    char *text = o->json ? as_json(b, s, why, &r) : as_text(b, s, why, &r);
    rc = cli_emit(o, text);
    if (rc == 0 && stopped)
        rc = 2;
    free(text);
    cy_strategy_report_free(&r);
out:
    cy_strategy_free(s);
    free(mark);
    cy_board_free(b);
    return rc;
}
