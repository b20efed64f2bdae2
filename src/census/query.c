/*
 * query.c - the questions of the census as queries: summary, grundy-max,
 * parity-breakers, drawing-matters, two-cells, trees, timeouts.  Each answers
 * in text or in JSON (jansson); boards are shown in the native JSON format,
 * which cycles solve and cycles draw read.
 */
#include "census.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char cy_census_query_names[] = "summary, grundy-max, parity-breakers, drawing-matters, two-cells, trees, timeouts";

/* What a query works with. */
typedef struct qctx {
    cy_census_store *s;
    const cy_census_query_opts *o;
    const char *kind;     /* 'board' or 'tree' */
    const char *rules;    /* the rules key ('standard', ...) */
    char range[96];       /* " AND edges BETWEEN lo AND hi" or "" */
    cy_census_buf text;
    json_t *json;
    cy_error *err;
} qctx;

/* Prepares sql (a sqlite3_mprintf format) or sets err. */
static sqlite3_stmt *prep(qctx *q, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *sql = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(cy_census_store_db(q->s), sql, -1, &st, NULL) != SQLITE_OK) {
        cy_error_set(q->err, "%s", sqlite3_errmsg(cy_census_store_db(q->s)));
        st = NULL;
    }
    sqlite3_free(sql);
    return st;
}

/* Finishes st; -1 with SQLite's message when rc was an error. */
static int done(qctx *q, sqlite3_stmt *st, int rc)
{
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        return cy_error_set(q->err, "%s", sqlite3_errmsg(cy_census_store_db(q->s)));
    return 0;
}

static const char *text_col(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* The board columns every listing selects, in this order. */
#define BOARD_COLS "kind, edges, vertices, cells, cell_sizes, winner, grundy, graph6, code, triangle_free, leaves, " \
                   "automorphisms, thm6_winner, status, board"

/* Appends the board of the current row of st (BOARD_COLS) to the listing:
 * a line of facts and the board's JSON (text), or an object (JSON). */
static void list_board(qctx *q, sqlite3_stmt *st, json_t *arr, const char *indent)
{
    int solved = !strcmp(text_col(st, 13), "solved");
    if (arr) {
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(text_col(st, 0)));
        json_object_set_new(o, "edges", json_integer(sqlite3_column_int(st, 1)));
        json_object_set_new(o, "vertices", json_integer(sqlite3_column_int(st, 2)));
        json_object_set_new(o, "cells", json_integer(sqlite3_column_int(st, 3)));
        json_object_set_new(o, "cell_sizes", json_string(text_col(st, 4)));
        json_object_set_new(o, "status", json_string(text_col(st, 13)));
        json_object_set_new(o, "winner", solved ? json_integer(sqlite3_column_int(st, 5)) : json_null());
        json_object_set_new(o, "grundy", solved ? json_integer(sqlite3_column_int(st, 6)) : json_null());
        json_object_set_new(o, "graph6", json_string(text_col(st, 7)));
        json_object_set_new(o, "code", json_string(text_col(st, 8)));
        json_object_set_new(o, "triangle_free", json_boolean(sqlite3_column_int(st, 9)));
        json_object_set_new(o, "leaves", json_integer(sqlite3_column_int(st, 10)));
        json_object_set_new(o, "automorphisms", json_integer(sqlite3_column_int(st, 11)));
        json_object_set_new(o, "thm6_winner", sqlite3_column_int(st, 12) ? json_integer(sqlite3_column_int(st, 12)) : json_null());
        json_t *b = json_loads(text_col(st, 14), 0, NULL);
        json_object_set_new(o, "board", b ? b : json_string(text_col(st, 14)));
        json_array_append_new(arr, o);
        return;
    }
    int e = sqlite3_column_int(st, 1), c = sqlite3_column_int(st, 3);
    cy_census_printf(&q->text, "%s%s of %d edge%s, %d vertices, %d cell%s%s%s%s, ", indent, text_col(st, 0), e,
                     e == 1 ? "" : "s", sqlite3_column_int(st, 2), c, c == 1 ? "" : "s", c ? " (" : "", text_col(st, 4), c ? ")" : "");
    if (solved)
        cy_census_printf(&q->text, "winner %d, grundy %d", sqlite3_column_int(st, 5), sqlite3_column_int(st, 6));
    else
        cy_census_printf(&q->text, "unsolved (%s)", text_col(st, 13));
    cy_census_printf(&q->text, ", graph6 %s%s\n%s  %s\n", text_col(st, 7),
                     sqlite3_column_int(st, 9) ? ", triangle-free" : "", indent, text_col(st, 14));
}

/* Lists the boards of q's kind and range matching where (SQL), in order,
 * at most the limit; under key in the JSON answer.  Returns the count listed
 * or -1. */
static int list_boards(qctx *q, const char *title, const char *key, const char *where, const char *order)
{
    int limit = q->o->limit == 0 ? 20 : q->o->limit;
    sqlite3_stmt *st = prep(q, "SELECT count(*) FROM boards WHERE kind = '%q'%s AND (%s)", q->kind, q->range, where);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    int total = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    if (done(q, st, rc) < 0)
        return -1;
    st = prep(q, "SELECT " BOARD_COLS " FROM boards WHERE kind = '%q'%s AND (%s) ORDER BY %s LIMIT %d", q->kind,
              q->range, where, order, limit);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    char more[96] = "";
    if (total > limit && limit >= 0)
        snprintf(more, sizeof more, " (the first %d listed; --limit N lists N, --limit 0 all)", limit);
    if (!arr)
        cy_census_printf(&q->text, "\n%s: %d%s\n\n", title, total, more);
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        list_board(q, st, arr, "  ");
        n++;
    }
    if (arr) {
        json_object_set_new(q->json, key, arr);
        char ck[80];
        snprintf(ck, sizeof ck, "%s_count", key);
        json_object_set_new(q->json, ck, json_integer(total));
    }
    return done(q, st, rc) < 0 ? -1 : n;
}

/* Whether every unit of (kind, q's rules, edges) is finished (the count is
 * exhaustive). */
static int complete(qctx *q, const char *kind, int edges)
{
    sqlite3_stmt *st = prep(q, "SELECT count(*), sum(finished), max(parts) FROM units WHERE kind = '%q' AND rules = '%q'"
                            " AND edges = %d",
                            kind, q->rules, edges);
    if (!st)
        return 0;
    int ok = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) > 0 &&
             sqlite3_column_int(st, 1) == sqlite3_column_int(st, 0) &&
             sqlite3_column_int(st, 0) == sqlite3_column_int(st, 2);
    sqlite3_finalize(st);
    return ok;
}

/* summary: per kind and edge count, boards, N, P, the Grundy histogram,
 * parity breakers and triangle-free ones. */
static int q_summary(qctx *q)
{
    sqlite3_stmt *st = prep(q,
                            "SELECT kind, edges, count(*), sum(winner = 1), sum(winner = 2), sum(parity_breaker = 1),"
                            " sum(parity_breaker = 1 AND triangle_free), sum(status <> 'solved') FROM boards"
                            " WHERE 1%s GROUP BY kind, edges ORDER BY kind = 'tree', edges",
                            q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        cy_census_printf(&q->text, "| kind | edges | boards | N | P | grundy histogram | parity breakers | triangle-free parity breakers | unsolved | exhaustive |\n"
                                   "|---|---|---|---|---|---|---|---|---|---|\n");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = text_col(st, 0);
        int e = sqlite3_column_int(st, 1);
        sqlite3_stmt *g = prep(q,
                               "SELECT grundy, count(*) FROM boards WHERE kind = '%q' AND edges = %d AND status = 'solved'"
                               " GROUP BY grundy ORDER BY grundy",
                               kind, e);
        if (!g) {
            sqlite3_finalize(st);
            return -1;
        }
        json_t *hist = json_object();
        cy_census_buf h = {0};
        cy_census_printf(&h, "%s", "");
        while (sqlite3_step(g) == SQLITE_ROW) {
            char k[16];
            snprintf(k, sizeof k, "%d", sqlite3_column_int(g, 0));
            json_object_set_new(hist, k, json_integer(sqlite3_column_int64(g, 1)));
            cy_census_printf(&h, "%s%s: %lld", h.n ? ", " : "", k, (long long)sqlite3_column_int64(g, 1));
        }
        sqlite3_finalize(g);
        int full = complete(q, kind, e);
        if (arr) {
            json_t *o = json_object();
            json_object_set_new(o, "kind", json_string(kind));
            json_object_set_new(o, "edges", json_integer(e));
            json_object_set_new(o, "boards", json_integer(sqlite3_column_int64(st, 2)));
            json_object_set_new(o, "N", json_integer(sqlite3_column_int64(st, 3)));
            json_object_set_new(o, "P", json_integer(sqlite3_column_int64(st, 4)));
            json_object_set_new(o, "grundy", hist);
            json_object_set_new(o, "parity_breakers", json_integer(sqlite3_column_int64(st, 5)));
            json_object_set_new(o, "triangle_free_parity_breakers", json_integer(sqlite3_column_int64(st, 6)));
            json_object_set_new(o, "unsolved", json_integer(sqlite3_column_int64(st, 7)));
            json_object_set_new(o, "exhaustive", json_boolean(full));
            json_array_append_new(arr, o);
        } else {
            json_decref(hist);
            cy_census_printf(&q->text, "| %s | %d | %lld | %lld | %lld | %s | %lld | %lld | %lld | %s |\n", kind, e,
                             (long long)sqlite3_column_int64(st, 2), (long long)sqlite3_column_int64(st, 3),
                             (long long)sqlite3_column_int64(st, 4), h.s, (long long)sqlite3_column_int64(st, 5),
                             (long long)sqlite3_column_int64(st, 6), (long long)sqlite3_column_int64(st, 7),
                             full ? "yes" : "no");
        }
        free(h.s);
    }
    if (arr)
        json_object_set_new(q->json, "summary", arr);
    return done(q, st, rc);
}

static int q_grundy_max(qctx *q)
{
    sqlite3_stmt *st = prep(q, "SELECT max(grundy) FROM boards WHERE kind = '%q'%s AND status = 'solved'", q->kind,
                            q->range);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    int has = rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL;
    int g = has ? sqlite3_column_int(st, 0) : 0;
    if (done(q, st, rc) < 0)
        return -1;
    if (!has) {
        if (q->json)
            json_object_set_new(q->json, "grundy_max", json_null());
        else
            cy_census_printf(&q->text, "no solved %ss\n", q->kind);
        return 0;
    }
    if (q->json)
        json_object_set_new(q->json, "grundy_max", json_integer(g));
    char where[64], title[96];
    snprintf(where, sizeof where, "status = 'solved' AND grundy = %d", g);
    snprintf(title, sizeof title, "largest Grundy value: %d; %ss of it", g, q->kind);
    return list_boards(q, title, "boards", where, "edges, vertices, code") < 0 ? -1 : 0;
}

static int q_parity(qctx *q)
{
    if (list_boards(q, "parity breakers (winner is not player 1 exactly when the edges are odd)", "parity_breakers",
                    "parity_breaker = 1", "edges, code") < 0)
        return -1;
    return list_boards(q, "triangle-free parity breakers", "triangle_free_parity_breakers",
                       "parity_breaker = 1 AND triangle_free", "edges, code") < 0
               ? -1
               : 0;
}

static int q_trees(qctx *q)
{
    q->kind = "tree";
    sqlite3_stmt *st = prep(q,
                            "SELECT edges, count(*), sum(winner = 1), sum(winner = 2), sum(parity_breaker = 1) FROM boards"
                            " WHERE kind = 'tree'%s GROUP BY edges ORDER BY edges",
                            q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        cy_census_printf(&q->text, "Trees with special leaves; Conjecture 1 of Fokkink and Zandee 2022: the Grundy value is 0 exactly when the edges are even.\n\n"
                                   "| edges | trees | N | P | against Conjecture 1 | exhaustive |\n|---|---|---|---|---|---|\n");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int e = sqlite3_column_int(st, 0), full = complete(q, "tree", e);
        if (arr) {
            json_t *o = json_object();
            json_object_set_new(o, "edges", json_integer(e));
            json_object_set_new(o, "trees", json_integer(sqlite3_column_int64(st, 1)));
            json_object_set_new(o, "N", json_integer(sqlite3_column_int64(st, 2)));
            json_object_set_new(o, "P", json_integer(sqlite3_column_int64(st, 3)));
            json_object_set_new(o, "counterexamples", json_integer(sqlite3_column_int64(st, 4)));
            json_object_set_new(o, "exhaustive", json_boolean(full));
            json_array_append_new(arr, o);
        } else
            cy_census_printf(&q->text, "| %d | %lld | %lld | %lld | %lld | %s |\n", e, (long long)sqlite3_column_int64(st, 1),
                             (long long)sqlite3_column_int64(st, 2), (long long)sqlite3_column_int64(st, 3),
                             (long long)sqlite3_column_int64(st, 4), full ? "yes" : "no");
    }
    if (arr)
        json_object_set_new(q->json, "trees", arr);
    if (done(q, st, rc) < 0)
        return -1;
    /* a database of plane boards only: say how trees get into it */
    st = prep(q, "SELECT count(*) FROM boards WHERE kind = 'tree'");
    if (!st)
        return -1;
    rc = sqlite3_step(st);
    long long trees = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    if (done(q, st, rc) < 0)
        return -1;
    if (!trees && !q->json)
        cy_census_printf(&q->text, "\nThis database holds no trees: cycles census run --trees --edges A..B --db FILE "
                                   "adds them.\n");
    return list_boards(q, "trees against Conjecture 1, smallest first", "counterexamples", "parity_breaker = 1",
                       "edges, vertices, code") < 0
               ? -1
               : 0;
}

/* drawing-matters: planar graphs with several boards (embeddings, outer
 * faces) whose winners differ. */
static int q_drawing(qctx *q)
{
    sqlite3_stmt *st = prep(q,
                            "SELECT edges, count(*), sum(n > 1), sum(w > 1) FROM (SELECT edges, graph6, count(*) AS n,"
                            " count(DISTINCT winner) AS w FROM boards WHERE kind = '%q'%s GROUP BY edges, graph6)"
                            " GROUP BY edges ORDER BY edges",
                            q->kind, q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        cy_census_printf(&q->text, "| edges | graphs | with several boards | whose boards disagree on the winner | share |\n"
                                   "|---|---|---|---|---|\n");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        long long g = sqlite3_column_int64(st, 1), sev = sqlite3_column_int64(st, 2), dis = sqlite3_column_int64(st, 3);
        if (arr) {
            json_t *o = json_object();
            json_object_set_new(o, "edges", json_integer(sqlite3_column_int(st, 0)));
            json_object_set_new(o, "graphs", json_integer(g));
            json_object_set_new(o, "graphs_with_several_boards", json_integer(sev));
            json_object_set_new(o, "graphs_drawing_matters", json_integer(dis));
            json_array_append_new(arr, o);
        } else
            cy_census_printf(&q->text, "| %d | %lld | %lld | %lld | %.1f%% |\n", sqlite3_column_int(st, 0), g, sev, dis,
                             g ? 100.0 * (double)dis / (double)g : 0.0);
    }
    if (arr)
        json_object_set_new(q->json, "per_edges", arr);
    if (done(q, st, rc) < 0)
        return -1;
    /* the smallest such graphs, each with all its boards */
    int limit = q->o->limit == 0 ? 5 : q->o->limit;
    st = prep(q,
              "SELECT graph6, edges FROM boards WHERE kind = '%q'%s GROUP BY edges, graph6"
              " HAVING count(DISTINCT winner) > 1 ORDER BY edges, count(*), graph6 LIMIT %d",
              q->kind, q->range, limit);
    if (!st)
        return -1;
    json_t *graphs = q->json ? json_array() : NULL;
    if (!graphs)
        cy_census_printf(&q->text, "\nthe smallest graphs whose drawing matters, with all their boards:\n\n");
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *g6 = text_col(st, 0);
        sqlite3_stmt *b = prep(q, "SELECT " BOARD_COLS " FROM boards WHERE kind = '%q' AND graph6 = '%q' ORDER BY winner, code",
                               q->kind, g6);
        if (!b)
            break;
        json_t *ba = graphs ? json_array() : NULL;
        if (!graphs)
            cy_census_printf(&q->text, "graph %s (%d edges):\n", g6, sqlite3_column_int(st, 1));
        while (sqlite3_step(b) == SQLITE_ROW)
            list_board(q, b, ba, "  ");
        sqlite3_finalize(b);
        if (graphs) {
            json_t *o = json_object();
            json_object_set_new(o, "graph6", json_string(g6));
            json_object_set_new(o, "edges", json_integer(sqlite3_column_int(st, 1)));
            json_object_set_new(o, "boards", ba);
            json_array_append_new(graphs, o);
        }
    }
    if (graphs)
        json_object_set_new(q->json, "graphs", graphs);
    return done(q, st, rc);
}

/* two-cells: the boards with exactly two cells, by how the cells meet (edges
 * in common), whether there are degree-1 vertices, and the parity of the
 * edges: the winners of each class, and whether Theorem 6 explains them. */
static int q_two_cells(qctx *q)
{
    sqlite3_stmt *st = prep(q,
                            "SELECT inner_edges, leaves > 0, edges %% 2, count(*), sum(winner = 1), sum(winner = 2),"
                            " sum(thm6_winner > 0), min(edges) FROM boards WHERE kind = '%q'%s AND cells = 2"
                            " GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
                            q->kind, q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        cy_census_printf(&q->text, "Boards with exactly two cells, by the edges the cells share, degree-1 vertices and the parity of the edges:\n\n"
                                   "| shared edges | degree-1 vertices | edges | boards | player 1 wins | player 2 wins | a Thm 6 involution | smallest |\n"
                                   "|---|---|---|---|---|---|---|---|\n");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int shared = sqlite3_column_int(st, 0), leaves = sqlite3_column_int(st, 1), odd = sqlite3_column_int(st, 2);
        if (arr) {
            json_t *o = json_object();
            json_object_set_new(o, "shared_edges", json_integer(shared));
            json_object_set_new(o, "degree_1_vertices", json_boolean(leaves));
            json_object_set_new(o, "edges_odd", json_boolean(odd));
            json_object_set_new(o, "boards", json_integer(sqlite3_column_int64(st, 3)));
            json_object_set_new(o, "player_1_wins", json_integer(sqlite3_column_int64(st, 4)));
            json_object_set_new(o, "player_2_wins", json_integer(sqlite3_column_int64(st, 5)));
            json_object_set_new(o, "thm6", json_integer(sqlite3_column_int64(st, 6)));
            json_array_append_new(arr, o);
        } else
            cy_census_printf(&q->text, "| %d | %s | %s | %lld | %lld | %lld | %lld | %d |\n", shared, leaves ? "some" : "none",
                             odd ? "odd" : "even", (long long)sqlite3_column_int64(st, 3), (long long)sqlite3_column_int64(st, 4),
                             (long long)sqlite3_column_int64(st, 5), (long long)sqlite3_column_int64(st, 6),
                             sqlite3_column_int(st, 7));
    }
    if (arr)
        json_object_set_new(q->json, "classes", arr);
    if (done(q, st, rc) < 0)
        return -1;
    return list_boards(q, "two-cell boards that break parity, smallest first", "parity_breakers",
                       "cells = 2 AND parity_breaker = 1", "edges, code") < 0
               ? -1
               : 0;
}

static int q_timeouts(qctx *q)
{
    return list_boards(q, "boards that ran out of time or memory", "unsolved", "status <> 'solved'", "edges, code") < 0 ? -1
                                                                                                                      : 0;
}

/* The histogram of column col of the results of (kind, rules, edges),
 * solved, as JSON into *obj and text into h; -1 on error. */
static int histogram(qctx *q, const char *col, const char *kind, int e, json_t **obj, cy_census_buf *h)
{
    sqlite3_stmt *g = prep(q,
                           "SELECT %s, count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND edges = %d"
                           " AND status = 'solved' GROUP BY 1 ORDER BY 1",
                           col, kind, q->rules, e);
    if (!g)
        return -1;
    *obj = json_object();
    cy_census_printf(h, "%s", "");
    while (sqlite3_step(g) == SQLITE_ROW) {
        char k[16];
        snprintf(k, sizeof k, "%d", sqlite3_column_int(g, 0));
        json_object_set_new(*obj, k, json_integer(sqlite3_column_int64(g, 1)));
        cy_census_printf(h, "%s%s: %lld", h->n ? ", " : "", k, (long long)sqlite3_column_int64(g, 1));
    }
    sqlite3_finalize(g);
    return 0;
}

/* summary under a rule variant: per kind and edge count, boards, N, D and
 * P (for player 1), the histogram of the value (misere: nim-values; score:
 * score differences; K players: winners), the parity breakers (a winner of
 * two that is not player 1 exactly when the edges are odd), the boards whose
 * winner differs from the standard one (where the database has it). */
static int q_summary_rules(qctx *q)
{
    int players = !strncmp(q->rules, "players=", 8);
    int values = players || !strcmp(q->rules, "misere") || !strncmp(q->rules, "score", 5);
    sqlite3_stmt *st = prep(q,
                            "SELECT kind, edges, count(*), sum(outcome = 'N'), sum(outcome = 'D'), sum(outcome = 'P'),"
                            " sum(parity_breaker = 1), sum(status <> 'solved') FROM results WHERE rules = '%q'%s"
                            " GROUP BY kind, edges ORDER BY kind = 'tree', edges",
                            q->rules, q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        cy_census_printf(&q->text, "rules: %s\n\n| kind | edges | boards |%s%s parity breakers | winner as under standard rules | unsolved | exhaustive |\n"
                                   "|---|---|---|%s---|---|---|---|\n",
                         q->rules, players ? "" : " N | D | P |", values ? (players ? " winners |" : !strcmp(q->rules, "misere") ? " misere nim-values |" : " score differences |") : "",
                         players ? (values ? "---|" : "") : values ? "---|---|---|---|" : "---|---|---|");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = text_col(st, 0);
        int e = sqlite3_column_int(st, 1);
        json_t *hist = NULL;
        cy_census_buf h = {0};
        if (histogram(q, players ? "winner" : "value", kind, e, &hist, &h) < 0) {
            sqlite3_finalize(st);
            return -1;
        }
        long long with = 0, same = 0;
        sqlite3_stmt *c = prep(q,
                               "SELECT count(*), sum(v.winner = s.winner) FROM results v JOIN results s ON s.kind = v.kind"
                               " AND s.rules = 'standard' AND s.edges = v.edges AND s.code = v.code WHERE v.kind = '%q'"
                               " AND v.rules = '%q' AND v.edges = %d AND v.status = 'solved' AND s.status = 'solved'",
                               kind, q->rules, e);
        if (c && sqlite3_step(c) == SQLITE_ROW) {
            with = sqlite3_column_int64(c, 0);
            same = sqlite3_column_int64(c, 1);
        }
        sqlite3_finalize(c);
        int full = complete(q, kind, e);
        long long n = sqlite3_column_int64(st, 2), pb = sqlite3_column_int64(st, 6), un = sqlite3_column_int64(st, 7);
        if (arr) {
            json_t *o = json_object();
            json_object_set_new(o, "kind", json_string(kind));
            json_object_set_new(o, "rules", json_string(q->rules));
            json_object_set_new(o, "edges", json_integer(e));
            json_object_set_new(o, "boards", json_integer(n));
            if (!players) {
                json_object_set_new(o, "N", json_integer(sqlite3_column_int64(st, 3)));
                json_object_set_new(o, "D", json_integer(sqlite3_column_int64(st, 4)));
                json_object_set_new(o, "P", json_integer(sqlite3_column_int64(st, 5)));
            }
            if (values)
                json_object_set_new(o, players ? "winners" : "values", hist);
            else
                json_decref(hist);
            json_object_set_new(o, "parity_breakers", json_integer(pb));
            json_object_set_new(o, "with_standard", json_integer(with));
            json_object_set_new(o, "same_winner_as_standard", json_integer(same));
            json_object_set_new(o, "unsolved", json_integer(un));
            json_object_set_new(o, "exhaustive", json_boolean(full));
            json_array_append_new(arr, o);
        } else {
            json_decref(hist);
            cy_census_printf(&q->text, "| %s | %d | %lld |", kind, e, n);
            if (!players)
                cy_census_printf(&q->text, " %lld | %lld | %lld |", (long long)sqlite3_column_int64(st, 3),
                                 (long long)sqlite3_column_int64(st, 4), (long long)sqlite3_column_int64(st, 5));
            if (values)
                cy_census_printf(&q->text, " %s |", h.s);
            if (with)
                cy_census_printf(&q->text, " %lld | %lld of %lld | %lld | %s |\n", pb, same, with, un, full ? "yes" : "no");
            else
                cy_census_printf(&q->text, " %lld | (no standard rows) | %lld | %s |\n", pb, un, full ? "yes" : "no");
        }
        free(h.s);
    }
    if (arr)
        json_object_set_new(q->json, "summary", arr);
    return done(q, st, rc);
}

/* summary: of the standard rules, or of a variant's. */
static int q_summary_any(qctx *q)
{
    return strcmp(q->rules, "standard") ? q_summary_rules(q) : q_summary(q);
}

int cy_census_query(cy_census_store *s, const char *name, const cy_census_query_opts *o, char **out, cy_error *err)
{
    static const struct {
        const char *name;
        int (*run)(qctx *);
    } queries[] = {{"summary", q_summary_any},         {"grundy-max", q_grundy_max}, {"parity-breakers", q_parity},
                   {"drawing-matters", q_drawing}, {"two-cells", q_two_cells},   {"trees", q_trees},
                   {"timeouts", q_timeouts},       {NULL, NULL}};
    qctx q;
    memset(&q, 0, sizeof q);
    q.s = s;
    q.o = o;
    q.err = err;
    q.kind = CY_CENSUS_KIND(o->trees);
    q.rules = o->rules ? o->rules : "standard";
    if (strcmp(q.rules, "standard") && strcmp(name, "summary"))
        return cy_error_set(err, "query %s is of the standard rules only (summary takes --rules)", name);
    if (o->lo > 0)
        snprintf(q.range, sizeof q.range, " AND edges BETWEEN %d AND %d", o->lo, o->hi);
    for (int i = 0; queries[i].name; i++) {
        if (strcmp(name, queries[i].name))
            continue;
        if (o->json)
            q.json = json_object();
        cy_census_printf(&q.text, "%s", "");
        int rc = queries[i].run(&q);
        if (rc == 0 && q.json) {
            free(q.text.s);
            memset(&q.text, 0, sizeof q.text);
            char *j = json_dumps(q.json, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            cy_census_printf(&q.text, "%s\n", j);
            free(j);
        }
        json_decref(q.json);
        if (rc < 0) {
            free(q.text.s);
            return -1;
        }
        *out = q.text.s;
        return 0;
    }
    return cy_error_set(err, "no query \"%s\" (the queries: %s)", name, cy_census_query_names);
}
