/*
 * query.c - the questions of the census as queries: summary, grundy-max,
 * parity-breakers, drawing-matters, two-cells, trees, timeouts.  Each answers
 * in text or in JSON (jansson); boards are shown in the native JSON format,
 * which cycles solve and cycles draw read.  Also the census explorer's
 * queries (census_explore: GET /api/census of cycles serve --census, whose
 * lane in src/server/server_census.c runs them on its connections).
 */
#include "census.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char census_query_names[] = "summary, grundy-max, parity-breakers, drawing-matters, two-cells, trees, timeouts";

/* What a query works with. */
typedef struct qctx {
    census_store *s;
    const census_query_opts *o;
    const char *kind;  /* 'board' or 'tree' */
    const char *rules; /* the rules key ('standard', ...) */
    char range[96];    /* " AND edges BETWEEN lo AND hi" or "" */
    census_buf text;
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
    if (sqlite3_prepare_v2(census_store_db(q->s), sql, -1, &st, NULL) != SQLITE_OK) {
        cy_error_set(q->err, "%s", sqlite3_errmsg(census_store_db(q->s)));
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
        return cy_error_set(q->err, "%s", sqlite3_errmsg(census_store_db(q->s)));
    return 0;
}

static const char *text_col(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

/* The board columns every listing selects, in this order. */
#define BOARD_COLS                                                                                                     \
    "kind, edges, vertices, cells, cell_sizes, winner, grundy, graph6, code, triangle_free, leaves, "                  \
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
        json_object_set_new(o, "thm6_winner",
                            sqlite3_column_int(st, 12) ? json_integer(sqlite3_column_int(st, 12)) : json_null());
        json_t *b = json_loads(text_col(st, 14), 0, NULL);
        json_object_set_new(o, "board", b ? b : json_string(text_col(st, 14)));
        json_array_append_new(arr, o);
        return;
    }
    int e = sqlite3_column_int(st, 1), c = sqlite3_column_int(st, 3);
    census_printf(&q->text, "%s%s of %d edge%s, %d vertices, %d cell%s%s%s%s, ", indent, text_col(st, 0), e,
                  e == 1 ? "" : "s", sqlite3_column_int(st, 2), c, c == 1 ? "" : "s", c ? " (" : "", text_col(st, 4),
                  c ? ")" : "");
    if (solved)
        census_printf(&q->text, "winner %d, grundy %d", sqlite3_column_int(st, 5), sqlite3_column_int(st, 6));
    else
        census_printf(&q->text, "unsolved (%s)", text_col(st, 13));
    census_printf(&q->text, ", graph6 %s%s\n%s  %s\n", text_col(st, 7),
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
        census_printf(&q->text, "\n%s: %d%s\n\n", title, total, more);
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
    sqlite3_stmt *st = prep(q,
                            "SELECT count(*), sum(finished), max(parts) FROM units WHERE kind = '%q' AND rules = '%q'"
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
    sqlite3_stmt *st =
        prep(q,
             "SELECT kind, edges, count(*), sum(winner = 1), sum(winner = 2), sum(parity_breaker = 1),"
             " sum(parity_breaker = 1 AND triangle_free), sum(status <> 'solved') FROM boards"
             " WHERE 1%s GROUP BY kind, edges ORDER BY CASE kind WHEN 'board' THEN 0 WHEN 'tree' THEN 1 ELSE 2 END, edges",
             q->range);
    if (!st)
        return -1;
    json_t *arr = q->json ? json_array() : NULL;
    if (!arr)
        census_printf(&q->text,
                      "| kind | edges | boards | N | P | grundy histogram | parity breakers | triangle-free parity breakers | unsolved | exhaustive |\n"
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
        census_buf h = {0};
        census_printf(&h, "%s", "");
        while (sqlite3_step(g) == SQLITE_ROW) {
            char k[16];
            snprintf(k, sizeof k, "%d", sqlite3_column_int(g, 0));
            json_object_set_new(hist, k, json_integer(sqlite3_column_int64(g, 1)));
            census_printf(&h, "%s%s: %lld", h.n ? ", " : "", k, (long long)sqlite3_column_int64(g, 1));
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
            census_printf(&q->text, "| %s | %d | %lld | %lld | %lld | %s | %lld | %lld | %lld | %s |\n", kind, e,
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
    sqlite3_stmt *st =
        prep(q, "SELECT max(grundy) FROM boards WHERE kind = '%q'%s AND status = 'solved'", q->kind, q->range);
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
            census_printf(&q->text, "no solved %ss\n", q->kind);
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
        census_printf(&q->text,
                      "Trees with special leaves; Conjecture 1 of Fokkink and Zandee 2022: the Grundy value is 0 exactly when the edges are even.\n\n"
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
            census_printf(&q->text, "| %d | %lld | %lld | %lld | %lld | %s |\n", e,
                          (long long)sqlite3_column_int64(st, 1), (long long)sqlite3_column_int64(st, 2),
                          (long long)sqlite3_column_int64(st, 3), (long long)sqlite3_column_int64(st, 4),
                          full ? "yes" : "no");
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
        census_printf(&q->text, "\nThis database holds no trees: cycles census run --trees --edges A..B --db FILE "
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
        census_printf(&q->text, "| edges | graphs | with several boards | whose boards disagree on the winner | share |\n"
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
            census_printf(&q->text, "| %d | %lld | %lld | %lld | %.1f%% |\n", sqlite3_column_int(st, 0), g, sev, dis,
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
        census_printf(&q->text, "\nthe smallest graphs whose drawing matters, with all their boards:\n\n");
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *g6 = text_col(st, 0);
        sqlite3_stmt *b =
            prep(q, "SELECT " BOARD_COLS " FROM boards WHERE kind = '%q' AND graph6 = '%q' ORDER BY winner, code",
                 q->kind, g6);
        if (!b)
            break;
        json_t *ba = graphs ? json_array() : NULL;
        if (!graphs)
            census_printf(&q->text, "graph %s (%d edges):\n", g6, sqlite3_column_int(st, 1));
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
        census_printf(&q->text,
                      "Boards with exactly two cells, by the edges the cells share, degree-1 vertices and the parity of the edges:\n\n"
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
            census_printf(&q->text, "| %d | %s | %s | %lld | %lld | %lld | %lld | %d |\n", shared,
                          leaves ? "some" : "none", odd ? "odd" : "even", (long long)sqlite3_column_int64(st, 3),
                          (long long)sqlite3_column_int64(st, 4), (long long)sqlite3_column_int64(st, 5),
                          (long long)sqlite3_column_int64(st, 6), sqlite3_column_int(st, 7));
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
    return list_boards(q, "boards that ran out of time or memory", "unsolved", "status <> 'solved'", "edges, code") < 0
               ? -1
               : 0;
}

/* The histogram of column col of the results of (kind, rules, edges),
 * solved, as JSON into *obj and text into h; -1 on error. */
static int histogram(qctx *q, const char *col, const char *kind, int e, json_t **obj, census_buf *h)
{
    sqlite3_stmt *g = prep(q,
                           "SELECT %s, count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND edges = %d"
                           " AND status = 'solved' GROUP BY 1 ORDER BY 1",
                           col, kind, q->rules, e);
    if (!g)
        return -1;
    *obj = json_object();
    census_printf(h, "%s", "");
    while (sqlite3_step(g) == SQLITE_ROW) {
        char k[16];
        snprintf(k, sizeof k, "%d", sqlite3_column_int(g, 0));
        json_object_set_new(*obj, k, json_integer(sqlite3_column_int64(g, 1)));
        census_printf(h, "%s%s: %lld", h->n ? ", " : "", k, (long long)sqlite3_column_int64(g, 1));
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
        census_printf(&q->text,
                      "rules: %s\n\n| kind | edges | boards |%s%s parity breakers | winner as under standard rules | unsolved | exhaustive |\n"
                      "|---|---|---|%s---|---|---|---|\n",
                      q->rules, players ? "" : " N | D | P |",
                      values ? (players                       ? " winners |"
                                : !strcmp(q->rules, "misere") ? " misere nim-values |"
                                                              : " score differences |")
                             : "",
                      players  ? (values ? "---|" : "")
                      : values ? "---|---|---|---|"
                               : "---|---|---|");
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = text_col(st, 0);
        int e = sqlite3_column_int(st, 1);
        json_t *hist = NULL;
        census_buf h = {0};
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
            census_printf(&q->text, "| %s | %d | %lld |", kind, e, n);
            if (!players)
                census_printf(&q->text, " %lld | %lld | %lld |", (long long)sqlite3_column_int64(st, 3),
                              (long long)sqlite3_column_int64(st, 4), (long long)sqlite3_column_int64(st, 5));
            if (values)
                census_printf(&q->text, " %s |", h.s);
            if (with)
                census_printf(&q->text, " %lld | %lld of %lld | %lld | %s |\n", pb, same, with, un, full ? "yes" : "no");
            else
                census_printf(&q->text, " %lld | (no standard rows) | %lld | %s |\n", pb, un, full ? "yes" : "no");
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

int census_query(census_store *s, const char *name, const census_query_opts *o, char **out, cy_error *err)
{
    static const struct {
        const char *name;
        int (*run)(qctx *);
    } queries[] = {{"summary", q_summary_any},    {"grundy-max", q_grundy_max},
                   {"parity-breakers", q_parity}, {"drawing-matters", q_drawing},
                   {"two-cells", q_two_cells},    {"trees", q_trees},
                   {"timeouts", q_timeouts},      {NULL, NULL}};
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
        census_printf(&q.text, "%s", "");
        int rc = queries[i].run(&q);
        if (rc == 0 && q.json) {
            free(q.text.s);
            memset(&q.text, 0, sizeof q.text);
            char *j = json_dumps(q.json, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            census_printf(&q.text, "%s\n", j);
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
    return cy_error_set(err, "no query \"%s\" (the queries: %s)", name, census_query_names);
}

/* ---------------------------------------------------- the census explorer
 * The queries of GET /api/census (cycles serve --census), run by the
 * server on its lane's read-only connections. */

#define CACHE_KIB 8192 /* SQLite page cache of each connection */

/* calloc that stops the program when memory runs out. */
static void *calloc_or_die(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("cycles: out of memory\n", stderr);
        abort();
    }
    return p;
}

/* The string of b (never NULL, malloc'd); b is left empty. */
static char *take(census_buf *b)
{
    char *s = b->s ? b->s : calloc_or_die(1, 1);
    b->s = NULL;
    b->n = b->cap = 0;
    return s;
}

/* The explorer's indexes (store.c creates them), in the order of the
 * has_index bits. */
static const char *const index_names[] = {"results_grundy", "results_winner", "invariants_flags"};

/* Whether f filters on results' columns, and on invariants' columns. */
static int results_filters(const census_filters *f)
{
    return f->grundy >= 0 || f->winner >= 0 || f->parity_breaker >= 0;
}
static int invariant_filters(const census_filters *f)
{
    return f->triangle_free >= 0 || f->leaves >= 0;
}

/* The query's FROM and WHERE: fixed pieces with a placeholder for every
 * value, bound by bind_filters() in the same order.  The plan is chosen
 * here, not left to SQLite (a census has no statistics), so that the rows
 * come in the order of the table or index read first, and a page stops
 * reading after its last row: results by the grundy or winner index when
 * those are asked for, else by its primary key (the rows by edges and code),
 * with the invariants looked up by their primary key; but with filters on
 * the invariants only, the flags index first (the rows by edges,
 * triangle_free, leaves and code).  CROSS JOIN keeps the first table
 * outside.  Returns the alias of the table read first ("r" or "i"). */
static const char *where(const census_filters *f, int has_index, census_buf *q)
{
    int inv = invariant_filters(f), res = results_filters(f);
    const char *rx = f->grundy >= 0 && (has_index & CY_CENSUS_IX_GRUNDY)   ? " INDEXED BY results_grundy"
                     : f->winner >= 0 && (has_index & CY_CENSUS_IX_WINNER) ? " INDEXED BY results_winner"
                                                                           : "";
    const char *ix = has_index & CY_CENSUS_IX_FLAGS ? " INDEXED BY invariants_flags" : "";
    static const char on[] = " ON i.kind = r.kind AND i.edges = r.edges AND i.code = r.code";
    if (inv && !res)
        census_printf(q, " FROM invariants i%s CROSS JOIN results r%s", ix, on);
    else if (inv)
        census_printf(q, " FROM results r%s CROSS JOIN invariants i%s%s", rx, ix, on);
    else
        census_printf(q, " FROM results r%s", rx);
    census_printf(q, "%s", " WHERE r.kind = ? AND r.rules = ?");
    if (f->edges >= 0)
        census_printf(q, "%s", " AND r.edges = ?");
    if (f->grundy >= 0)
        census_printf(q, "%s", " AND r.grundy = ?");
    if (f->winner >= 0)
        census_printf(q, "%s", " AND r.winner = ?");
    if (f->parity_breaker >= 0)
        census_printf(q, "%s", " AND r.parity_breaker = ?");
    if (f->triangle_free >= 0)
        census_printf(q, "%s", " AND i.triangle_free = ?");
    if (f->leaves >= 0)
        census_printf(q, "%s", f->leaves ? " AND i.leaves > 0" : " AND i.leaves = 0");
    /* the flags index has kind and edges first: said of i too */
    if (inv)
        census_printf(q, "%s", f->edges >= 0 ? " AND i.kind = ? AND i.edges = ?" : " AND i.kind = ?");
    /* the flags index has triangle_free before leaves: both values, so
     * that a filter on leaves alone seeks too */
    if (inv && f->triangle_free < 0)
        census_printf(q, "%s", " AND i.triangle_free IN (0, 1)");
    return inv && !res ? "i" : "r";
}

/* Binds f's values to the placeholders where() wrote; returns the next
 * parameter's index. */
static int bind_filters(sqlite3_stmt *st, const census_filters *f)
{
    int k = 1;
    sqlite3_bind_text(st, k++, f->tree ? "tree" : "board", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, k++, f->rules, -1, SQLITE_TRANSIENT);
    const int vals[] = {f->edges, f->grundy, f->winner, f->parity_breaker, f->triangle_free};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
        if (vals[i] >= 0)
            sqlite3_bind_int(st, k++, vals[i]);
    if (f->triangle_free >= 0 || f->leaves >= 0) {
        sqlite3_bind_text(st, k++, f->tree ? "tree" : "board", -1, SQLITE_STATIC);
        if (f->edges >= 0)
            sqlite3_bind_int(st, k++, f->edges);
    }
    return k;
}

static const char row_cols[] =
    "SELECT i.board, r.kind, r.rules, r.edges, i.vertices, i.cells, i.cell_sizes, i.leaves, i.triangle_free,"
    " i.bipartite, i.biconnected, i.outerplanar, i.automorphisms, i.graph6, r.code, r.status, r.winner,"
    " r.grundy, r.value, r.parity_breaker, r.moves";

/* Column k of st as JSON: an integer, or null. */
static json_t *jint(sqlite3_stmt *st, int k)
{
    return sqlite3_column_type(st, k) == SQLITE_NULL ? json_null() : json_integer(sqlite3_column_int64(st, k));
}

/* Column k of st (0/1 or NULL) as true, false or null. */
static json_t *jbool(sqlite3_stmt *st, int k)
{
    return sqlite3_column_type(st, k) == SQLITE_NULL ? json_null() : json_boolean(sqlite3_column_int(st, k));
}

/* A JSON string of column k (text from the database; escaped when it is not
 * valid UTF-8). */
static json_t *jtext(sqlite3_stmt *st, int k)
{
    const char *t = (const char *)sqlite3_column_text(st, k);
    json_t *j = json_string(t ? t : "");
    if (!j) {
        char *e = cy_escape_dup(t, 0);
        j = json_string(e);
        free(e);
    }
    return j;
}

/* The thumbnail of a board given as native JSON text: {"xy": [x0, y0, ...]
 * in thousandths of the layout's units (y up), "edges": [u0, v0, ...],
 * "special": [v, ...]},
 * or null when the board cannot be read or laid out. */
static json_t *drawing(const char *text)
{
    cy_error err;
    cy_board *b = text ? census_board(text, &err) : NULL;
    if (!b)
        return json_null();
    double *xy = calloc_or_die(2 * (size_t)b->nv + 1, sizeof(double));
    json_t *o = json_null();
    if (cy_layout(b, xy, &err) == 0) {
        json_t *p = json_array(), *e = json_array(), *sp = json_array();
        for (int i = 0; i < 2 * b->nv; i++)
            json_array_append_new(p, json_integer((json_int_t)lround(xy[i] * 1000)));
        for (int i = 0; i < b->ne; i++) {
            json_array_append_new(e, json_integer(b->eu[i]));
            json_array_append_new(e, json_integer(b->ev[i]));
        }
        for (int v = 0; v < b->nv; v++)
            if (b->special[v])
                json_array_append_new(sp, json_integer(v));
        o = json_pack("{s:o, s:o, s:o}", "xy", p, "edges", e, "special", sp);
    }
    free(xy);
    cy_board_free(b);
    return o;
}

/* One row of the rows query as the answer's object. */
static json_t *row_json(sqlite3_stmt *st)
{
    static const char *const names[] = {"board",         "kind",      "rules",       "edges",
                                        "vertices",      "cells",     "cell_sizes",  "leaves",
                                        "triangle_free", "bipartite", "biconnected", "outerplanar",
                                        "automorphisms", "graph6",    "code",        "status",
                                        "winner",        "grundy",    "value",       "parity_breaker",
                                        "moves"};
    json_t *o = json_object();
    const char *text = (const char *)sqlite3_column_text(st, 0);
    json_t *board = text ? json_loads(text, 0, NULL) : NULL;
    json_object_set_new(o, "board", board ? board : json_null());
    for (int k = 1; k < (int)(sizeof names / sizeof names[0]); k++) {
        json_t *v;
        if (k == 1 || k == 2 || k == 6 || k == 13 || k == 14 || k == 15)
            v = jtext(st, k);
        else if ((k >= 8 && k <= 11) || k == 19)
            v = jbool(st, k);
        else
            v = jint(st, k);
        json_object_set_new(o, names[k], v);
    }
    json_object_set_new(o, "drawing", drawing(text));
    return o;
}

/* Runs sql (bound by bind_filters(f)) for one number into *n; an SQLite
 * code, SQLITE_OK when done. */
static int one_number(sqlite3 *db, const char *sql, const census_filters *f, long long *n)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK) {
        bind_filters(st, f);
        rc = sqlite3_step(st);
        *n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
        rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
    }
    sqlite3_finalize(st);
    return rc;
}

/* The invariants' rows of f's kind and edge count (f->edges >= 0) that
 * match its triangle_free and leaves, into *n: a range (two) of the flags
 * index.  An SQLite code. */
static int count_invariants(sqlite3 *db, int has_index, const census_filters *f, long long *n)
{
    census_buf q = {0};
    census_printf(&q, "SELECT count(*) FROM invariants i%s WHERE i.kind = ? AND i.edges = ? AND %s AND %s",
                  has_index & CY_CENSUS_IX_FLAGS ? " INDEXED BY invariants_flags" : "",
                  f->triangle_free >= 0 ? "i.triangle_free = ?" : "i.triangle_free IN (0, 1)",
                  f->leaves < 0 ? "1"
                  : f->leaves   ? "i.leaves > 0"
                                : "i.leaves = 0");
    char *sql = take(&q);
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    free(sql);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, f->tree ? "tree" : "board", -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, f->edges);
        if (f->triangle_free >= 0)
            sqlite3_bind_int(st, 3, f->triangle_free);
        rc = sqlite3_step(st);
        *n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
        rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
    }
    sqlite3_finalize(st);
    return rc;
}

/* The boards matching f, counted into *total; an SQLite code.  Without
 * filters, from the units' counts of rows.  With filters on the invariants
 * only, the join would look up every board's result: where every board of
 * an edge count has a result under the rules (its units are finished, every
 * part of one split), the invariants alone are counted, in the flags
 * index. */
static int count_rows(sqlite3 *db, int has_index, const census_filters *f, long long *total)
{
    census_buf q = {0};
    char *sql;
    int rc;
    *total = 0;
    if (!invariant_filters(f) && !results_filters(f))
        /* every board of the kind (and edge count): the units say how many
         * rows they committed (`census merge` checks that they agree) */
        return one_number(db,
                          f->edges >= 0 ? "SELECT coalesce(sum(done), 0) FROM units WHERE kind = ? AND rules = ?"
                                          " AND edges = ?"
                                        : "SELECT coalesce(sum(done), 0) FROM units WHERE kind = ? AND rules = ?",
                          f, total);
    if (!invariant_filters(f) || results_filters(f)) {
        census_printf(&q, "%s", "SELECT count(*)");
        where(f, has_index, &q);
        sql = take(&q);
        rc = one_number(db, sql, f, total);
        free(sql);
        return rc;
    }
    /* each edge count under the rules, and whether all its parts are done */
    sqlite3_stmt *per = NULL;
    rc = sqlite3_prepare_v2(db,
                            f->edges >= 0 ? "SELECT edges, min(finished) = 1 AND min(parts) = max(parts) AND"
                                            " count(DISTINCT part) = max(parts) FROM units WHERE kind = ? AND rules = ?"
                                            " AND edges = ? GROUP BY edges"
                                          : "SELECT edges, min(finished) = 1 AND min(parts) = max(parts) AND"
                                            " count(DISTINCT part) = max(parts) FROM units WHERE kind = ? AND rules = ?"
                                            " GROUP BY edges",
                            -1, &per, NULL);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_text(per, 1, f->tree ? "tree" : "board", -1, SQLITE_STATIC);
    sqlite3_bind_text(per, 2, f->rules, -1, SQLITE_TRANSIENT);
    if (f->edges >= 0)
        sqlite3_bind_int(per, 3, f->edges);
    while (rc == SQLITE_OK && (rc = sqlite3_step(per)) == SQLITE_ROW) {
        census_filters g = *f;
        g.edges = sqlite3_column_int(per, 0);
        long long n = 0;
        if (sqlite3_column_int(per, 1))
            rc = count_invariants(db, has_index, &g, &n);
        else {
            census_printf(&q, "%s", "SELECT count(*)");
            where(&g, has_index, &q);
            sql = take(&q);
            rc = one_number(db, sql, &g, &n);
            free(sql);
        }
        *total += n;
    }
    sqlite3_finalize(per);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int census_explore_open(const char *path, sqlite3 **db, cy_error *err)
{
    if (sqlite3_open_v2(path, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        return cy_error_set(err, "%s: cannot open the census database: %s", path,
                            *db ? sqlite3_errmsg(*db) : "out of memory");
    char pragma[64];
    snprintf(pragma, sizeof pragma, "PRAGMA cache_size=-%d", CACHE_KIB);
    sqlite3_exec(*db, pragma, NULL, NULL, NULL);
    sqlite3_exec(*db, "PRAGMA query_only=1", NULL, NULL, NULL);
    /* a census being written takes its write lock for milliseconds a batch */
    sqlite3_busy_timeout(*db, 2000);
    return 0;
}

int census_explore_read(sqlite3 *db, const char *name, census_explore_info *s, cy_error *err)
{
    memset(s, 0, sizeof *s);
    sqlite3_stmt *st = NULL;
    const char *v = NULL;
    int ok = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema'", -1, &st, NULL) == SQLITE_OK &&
             sqlite3_step(st) == SQLITE_ROW && (v = (const char *)sqlite3_column_text(st, 0)) != NULL;
    int schema = ok ? atoi(v) : 0;
    sqlite3_finalize(st);
    if (!ok) {
        return cy_error_set(err, "%s: not a census database (cycles census run makes one): %s", name, sqlite3_errmsg(db));
    }
    if (schema != 3)
        return cy_error_set(err,
                            "%s: a census database of schema %d; the explorer reads schema 3 (cycles census "
                            "merge OLD.db -o NEW.db copies an older one into it)",
                            name, schema);
    st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT DISTINCT rules FROM units ORDER BY rules", -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return cy_error_set(err, "%s: not a census database: %s", name, sqlite3_errmsg(db));
    }
    while (sqlite3_step(st) == SQLITE_ROW && s->nrules < CY_CENSUS_EXPLORE_RULES) {
        const char *r = (const char *)sqlite3_column_text(st, 0);
        if (r && strlen(r) < sizeof s->rules[0])
            strcpy(s->rules[s->nrules++], r);
    }
    sqlite3_finalize(st);
    for (int i = 0; i < 3; i++) {
        st = NULL;
        if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", -1, &st, NULL) ==
            SQLITE_OK) {
            sqlite3_bind_text(st, 1, index_names[i], -1, SQLITE_STATIC);
            if (sqlite3_step(st) == SQLITE_ROW)
                s->has_index |= 1 << i;
        }
        sqlite3_finalize(st);
    }
    return 0;
}

int census_explore(sqlite3 *db, int has_index, const census_filters *asked, long long *total_out, struct json_t **rows_out)
{
    /* with two players and the edges given, a parity breaker is a board
     * whose winner is not the one parity names (results.parity_breaker):
     * the same boards through the winner's index */
    census_filters g = *asked, *f = &g;
    if (g.parity_breaker >= 0 && g.edges >= 0 && g.winner < 0 && strncmp(g.rules, "players=", 8) != 0) {
        int parity = g.edges % 2 ? 1 : 2;
        g.winner = g.parity_breaker ? 3 - parity : parity;
        g.parity_breaker = -1;
    }
    census_buf q = {0};
    sqlite3_stmt *rows = NULL;
    char *sql;
    json_t *list = json_array();
    long long total = 0;
    int rc;
    rc = count_rows(db, has_index, f, &total);
    if (rc == SQLITE_OK && f->offset < total) {
        /* the page's keys first (from the index alone where the plan has
         * one), then the rows of those keys only */
        census_buf keys = {0};
        int by_flags = *where(f, has_index, &keys) == 'i';
        char *from = take(&keys);
        if (by_flags)
            census_printf(&q,
                          "%s FROM (SELECT i.edges AS e, i.triangle_free AS t, i.leaves AS v, i.code AS c%s"
                          " ORDER BY i.edges, i.triangle_free, i.leaves, i.code LIMIT ? OFFSET ?) p",
                          row_cols, from);
        else
            census_printf(&q,
                          "%s FROM (SELECT r.edges AS e, 0 AS t, 0 AS v, r.code AS c%s"
                          " ORDER BY r.edges, r.code LIMIT ? OFFSET ?) p",
                          row_cols, from);
        free(from);
        census_printf(&q, "%s",
                      " CROSS JOIN results r CROSS JOIN invariants i"
                      " WHERE r.kind = ? AND r.rules = ? AND r.edges = p.e AND r.code = p.c AND i.kind = r.kind"
                      " AND i.edges = p.e AND i.code = p.c ORDER BY p.e, p.t, p.v, p.c");
        sql = take(&q);
        rc = sqlite3_prepare_v2(db, sql, -1, &rows, NULL);
        free(sql);
        if (rc == SQLITE_OK) {
            int k = bind_filters(rows, f);
            sqlite3_bind_int(rows, k++, f->limit);
            sqlite3_bind_int(rows, k++, f->offset);
            sqlite3_bind_text(rows, k++, f->tree ? "tree" : "board", -1, SQLITE_STATIC);
            sqlite3_bind_text(rows, k, f->rules, -1, SQLITE_TRANSIENT);
            while ((rc = sqlite3_step(rows)) == SQLITE_ROW)
                json_array_append_new(list, row_json(rows));
            if (rc == SQLITE_DONE)
                rc = SQLITE_OK;
        }
    }
    sqlite3_finalize(rows);
    *total_out = total;
    if (rc != SQLITE_OK) {
        json_decref(list);
        list = NULL;
    }
    *rows_out = list;
    return rc;
}
