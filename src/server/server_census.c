/*
 * server_census.c - GET /api/census of `cycles serve --census FILE`: the
 * boards of a census database (`cycles census run`, docs/census.md) chosen
 * by filters, a page at a time, each with a drawing for its thumbnail.
 *
 * The database is opened read only (SQLITE_OPEN_READONLY and query_only),
 * one connection per lane thread, and every query is parameterised SQL
 * built from fixed pieces.  The parameters are checked in the request's own
 * thread (a bad one is a 400 naming it); the query then waits in a bounded
 * queue for one of the census lane's threads, which run at a lower CPU
 * priority (as the solvers' slow lane does) so that the quick lane keeps the
 * processor, and each query stops after SCEN_QUERY_SECONDS of its thread's
 * CPU time or SCEN_QUERY_WALL seconds (a progress handler) with a 503.  A full queue is a 503 at once.  The census lane
 * shares nothing with the solvers' lanes but the processor.
 */
#include "server_census.h"

#include <jansson.h>
#include <math.h>
#include <microhttpd.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define LANE_NICE 10          /* CPU priority of the lane's threads */
#define CACHE_KIB 8192        /* SQLite page cache of each connection */
#define MAX_RULES 16          /* rule sets listed from the units table */
#define MAX_ECHO 40           /* characters of a bad value echoed back */

/* The query's filters, each -1 when not given. */
typedef struct filters {
    int tree;                 /* kind: 0 board, 1 tree */
    char rules[24];
    int edges, grundy, winner, parity_breaker, triangle_free, leaves;
    int limit, offset;
} filters;

/* One query: asked by a request, answered by a lane thread. */
typedef struct job {
    filters f;
    sw_answer a;
    int done;
    int refs;                 /* the request and the lane */
    struct job *next;
} job;

/* A lane thread's connection and the limits of its query. */
typedef struct lane {
    scen *s;
    sqlite3 *db;
    double cpu_limit;         /* the thread's CPU seconds at which the query stops */
    double deadline;          /* the monotonic time at which it stops anyway */
    pthread_t t;
    int started;
} lane;

struct scen {
    char *path;
    char rules[MAX_RULES][24]; /* the rule sets of the census (units) */
    int nrules;
    int has_index;            /* IX_* bits: the explorer's indexes present */
    lane *lanes;
    int nlanes;
    int queue_max, queued;    /* jobs waiting or running */
    job *head, *tail;         /* jobs waiting */
    int stopping;
    pthread_mutex_t lock;
    pthread_cond_t work;      /* a job was queued, or stopping */
    pthread_cond_t done;      /* a job was answered, or stopping */
};

/* ------------------------------------------------------------- answers */

/* Sets *a to status with {"error": message}. */
static void fail(sw_answer *a, unsigned status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(sw_answer *a, unsigned status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char *safe = cy_escape_dup(msg, 0);
    a->retry = 0;
    sw_error(a, status, safe);
    free(safe);
}

/* v shortened to MAX_ECHO characters and escaped (cy_escape), into out. */
static const char *echo(const char *v, char *out, size_t n)
{
    char cut[MAX_ECHO + 4];
    size_t len = strlen(v);
    if (len > MAX_ECHO) {
        memcpy(cut, v, MAX_ECHO);
        memcpy(cut + MAX_ECHO, "...", 4);
        v = cut;
        len = strlen(cut);
    }
    cy_escape(out, n, v, len, 0);
    return out;
}

/* ---------------------------------------------------------- parameters */

static const char *const known[] = {"kind", "rules", "edges", "grundy", "winner", "parity_breaker",
                                    "triangle_free", "leaves", "limit", "offset", NULL};
#define KNOWN_LIST "kind, rules, edges, grundy, winner, parity_breaker, triangle_free, leaves, limit, offset"

/* What the argument walk found: the first unknown parameter. */
typedef struct walk {
    char bad[MAX_ECHO * 4 + 16];
    int found;
} walk;

/* libmicrohttpd's iterator over the query arguments: notes the first one
 * that is not a parameter of /api/census. */
static enum MHD_Result check_key(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    (void)value;
    walk *w = cls;
    if (!*key)
        return MHD_YES; /* "?&edges=3": an empty piece, not a parameter */
    for (int i = 0; known[i]; i++)
        if (!strcmp(known[i], key))
            return MHD_YES;
    if (!w->found) {
        w->found = 1;
        echo(key, w->bad, sizeof w->bad);
    }
    return MHD_YES;
}

/* Reads parameter name as a whole number from lo to hi into *out (left
 * alone when the parameter is missing); 0, or -1 with the 400 in *a. */
static int number(struct MHD_Connection *c, const char *name, long lo, long hi, int *out, sw_answer *a)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
    if (!v)
        return 0;
    long n = 0;
    int ok = *v != 0 && strlen(v) <= 10;
    for (const char *p = v; ok && *p; p++)
        if (*p < '0' || *p > '9')
            ok = 0;
        else
            n = n * 10 + (*p - '0');
    if (!ok || n < lo || n > hi) {
        char e[MAX_ECHO * 4 + 16];
        if (hi == 1 && lo == 0)
            fail(a, 400, "%s: '%s' is not 0 or 1", name, echo(v, e, sizeof e));
        else
            fail(a, 400, "%s: '%s' is not a whole number from %ld to %ld", name, echo(v, e, sizeof e), lo, hi);
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* The filters of request c, checked against the census s; 0, or -1 with
 * the 400 in *a. */
static int read_filters(const scen *s, struct MHD_Connection *c, filters *f, sw_answer *a)
{
    walk w = {.found = 0};
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, check_key, &w);
    if (w.found) {
        fail(a, 400, "unknown parameter '%s' (/api/census takes " KNOWN_LIST ")", w.bad);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->edges = f->grundy = f->winner = f->parity_breaker = f->triangle_free = f->leaves = -1;
    f->limit = SCEN_DEFAULT_LIMIT;
    char e[MAX_ECHO * 4 + 16];
    const char *kind = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "kind");
    if (kind && strcmp(kind, "board") && strcmp(kind, "tree")) {
        fail(a, 400, "kind: '%s' is not board or tree", echo(kind, e, sizeof e));
        return -1;
    }
    f->tree = kind && !strcmp(kind, "tree");
    const char *rules = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "rules");
    if (!rules)
        rules = "standard";
    int r = 0;
    while (r < s->nrules && strcmp(s->rules[r], rules))
        r++;
    if (r == s->nrules) {
        char list[MAX_RULES * 26] = "";
        for (int i = 0; i < s->nrules; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s->rules[i]);
        fail(a, 400, "rules: the census has no boards solved under '%s' (it has %s)", echo(rules, e, sizeof e),
             s->nrules ? list : "none");
        return -1;
    }
    snprintf(f->rules, sizeof f->rules, "%s", rules);
    if (number(c, "edges", 0, 100000, &f->edges, a) < 0 || number(c, "grundy", 0, 100000, &f->grundy, a) < 0 ||
        number(c, "winner", 0, 1000, &f->winner, a) < 0 ||
        number(c, "parity_breaker", 0, 1, &f->parity_breaker, a) < 0 ||
        number(c, "triangle_free", 0, 1, &f->triangle_free, a) < 0 || number(c, "leaves", 0, 1, &f->leaves, a) < 0 ||
        number(c, "limit", 1, SCEN_MAX_LIMIT, &f->limit, a) < 0 ||
        number(c, "offset", 0, 1000000000, &f->offset, a) < 0)
        return -1;
    return 0;
}

/* --------------------------------------------------------------- queries */

/* The explorer's indexes (store.c creates them), in the order of the
 * has_index bits. */
static const char *const index_names[] = {"results_grundy", "results_winner", "invariants_flags"};
enum { IX_GRUNDY = 1, IX_WINNER = 2, IX_FLAGS = 4, IX_ALL = 7 };

/* Whether f filters on results' columns, and on invariants' columns. */
static int results_filters(const filters *f)
{
    return f->grundy >= 0 || f->winner >= 0 || f->parity_breaker >= 0;
}
static int invariant_filters(const filters *f)
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
static const char *where(const filters *f, int has_index, sbuf *q)
{
    int inv = invariant_filters(f), res = results_filters(f);
    const char *rx = f->grundy >= 0 && (has_index & IX_GRUNDY)   ? " INDEXED BY results_grundy"
                     : f->winner >= 0 && (has_index & IX_WINNER) ? " INDEXED BY results_winner"
                                                                  : "";
    const char *ix = has_index & IX_FLAGS ? " INDEXED BY invariants_flags" : "";
    static const char on[] = " ON i.kind = r.kind AND i.edges = r.edges AND i.code = r.code";
    if (inv && !res)
        sbuf_printf(q, " FROM invariants i%s CROSS JOIN results r%s", ix, on);
    else if (inv)
        sbuf_printf(q, " FROM results r%s CROSS JOIN invariants i%s%s", rx, ix, on);
    else
        sbuf_printf(q, " FROM results r%s", rx);
    sbuf_puts(q, " WHERE r.kind = ? AND r.rules = ?");
    if (f->edges >= 0)
        sbuf_puts(q, " AND r.edges = ?");
    if (f->grundy >= 0)
        sbuf_puts(q, " AND r.grundy = ?");
    if (f->winner >= 0)
        sbuf_puts(q, " AND r.winner = ?");
    if (f->parity_breaker >= 0)
        sbuf_puts(q, " AND r.parity_breaker = ?");
    if (f->triangle_free >= 0)
        sbuf_puts(q, " AND i.triangle_free = ?");
    if (f->leaves >= 0)
        sbuf_puts(q, f->leaves ? " AND i.leaves > 0" : " AND i.leaves = 0");
    /* the flags index has kind and edges first: said of i too */
    if (inv)
        sbuf_puts(q, f->edges >= 0 ? " AND i.kind = ? AND i.edges = ?" : " AND i.kind = ?");
    /* the flags index has triangle_free before leaves: both values, so
     * that a filter on leaves alone seeks too */
    if (inv && f->triangle_free < 0)
        sbuf_puts(q, " AND i.triangle_free IN (0, 1)");
    return inv && !res ? "i" : "r";
}

/* Binds f's values to the placeholders where() wrote; returns the next
 * parameter's index. */
static int bind_filters(sqlite3_stmt *st, const filters *f)
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
    cy_board *b = text ? cy_read_board(text, strlen(text), CY_FMT_JSON, NULL, &err) : NULL;
    if (!b)
        return json_null();
    double *xy = sx_calloc(2 * (size_t)b->nv + 1, sizeof(double));
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
    static const char *const names[] = {"board", "kind", "rules", "edges", "vertices", "cells", "cell_sizes",
                                        "leaves", "triangle_free", "bipartite", "biconnected", "outerplanar",
                                        "automorphisms", "graph6", "code", "status", "winner", "grundy", "value",
                                        "parity_breaker", "moves"};
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

/* The calling thread's CPU seconds. */
static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Stops a query past its lane's limits or when the server stops. */
static int progress(void *cls)
{
    lane *l = cls;
    return thread_cpu() > l->cpu_limit || cy_now() > l->deadline ||
           __atomic_load_n(&l->s->stopping, __ATOMIC_RELAXED);
}

/* Runs sql (bound by bind_filters(f)) for one number into *n; an SQLite
 * code, SQLITE_OK when done. */
static int one_number(sqlite3 *db, const char *sql, const filters *f, long long *n)
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
static int count_invariants(lane *l, const filters *f, long long *n)
{
    sbuf q = {0};
    sbuf_printf(&q, "SELECT count(*) FROM invariants i%s WHERE i.kind = ? AND i.edges = ? AND %s AND %s",
                  l->s->has_index & IX_FLAGS ? " INDEXED BY invariants_flags" : "",
                  f->triangle_free >= 0 ? "i.triangle_free = ?" : "i.triangle_free IN (0, 1)",
                  f->leaves < 0 ? "1" : f->leaves ? "i.leaves > 0" : "i.leaves = 0");
    char *sql = sbuf_take(&q);
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(l->db, sql, -1, &st, NULL);
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
static int count_rows(lane *l, const filters *f, long long *total)
{
    sqlite3 *db = l->db;
    sbuf q = {0};
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
        sbuf_puts(&q, "SELECT count(*)");
        where(f, l->s->has_index, &q);
        sql = sbuf_take(&q);
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
        filters g = *f;
        g.edges = sqlite3_column_int(per, 0);
        long long n = 0;
        if (sqlite3_column_int(per, 1))
            rc = count_invariants(l, &g, &n);
        else {
            sbuf_puts(&q, "SELECT count(*)");
            where(&g, l->s->has_index, &q);
            sql = sbuf_take(&q);
            rc = one_number(l->db, sql, &g, &n);
            free(sql);
        }
        *total += n;
    }
    sqlite3_finalize(per);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The answer to f from lane l's connection into *a. */
static void run_query(lane *l, const filters *asked, sw_answer *a)
{
    /* with two players and the edges given, a parity breaker is a board
     * whose winner is not the one parity names (results.parity_breaker):
     * the same boards through the winner's index */
    filters g = *asked, *f = &g;
    if (g.parity_breaker >= 0 && g.edges >= 0 && g.winner < 0 && strncmp(g.rules, "players=", 8) != 0) {
        int parity = g.edges % 2 ? 1 : 2;
        g.winner = g.parity_breaker ? 3 - parity : parity;
        g.parity_breaker = -1;
    }
    sqlite3 *db = l->db;
    l->cpu_limit = thread_cpu() + SCEN_QUERY_SECONDS;
    l->deadline = cy_now() + SCEN_QUERY_WALL;
    sbuf q = {0};
    sqlite3_stmt *rows = NULL;
    char *sql;
    json_t *list = json_array();
    long long total = 0;
    int rc;
    rc = count_rows(l, f, &total);
    if (rc == SQLITE_OK && f->offset < total) {
        /* the page's keys first (from the index alone where the plan has
         * one), then the rows of those keys only */
        sbuf keys = {0};
        int by_flags = *where(f, l->s->has_index, &keys) == 'i';
        char *from = sbuf_take(&keys);
        if (by_flags)
            sbuf_printf(&q, "%s FROM (SELECT i.edges AS e, i.triangle_free AS t, i.leaves AS v, i.code AS c%s"
                              " ORDER BY i.edges, i.triangle_free, i.leaves, i.code LIMIT ? OFFSET ?) p",
                          row_cols, from);
        else
            sbuf_printf(&q, "%s FROM (SELECT r.edges AS e, 0 AS t, 0 AS v, r.code AS c%s"
                              " ORDER BY r.edges, r.code LIMIT ? OFFSET ?) p",
                          row_cols, from);
        free(from);
        sbuf_puts(&q, " CROSS JOIN results r CROSS JOIN invariants i"
                        " WHERE r.kind = ? AND r.rules = ? AND r.edges = p.e AND r.code = p.c AND i.kind = r.kind"
                        " AND i.edges = p.e AND i.code = p.c ORDER BY p.e, p.t, p.v, p.c");
        sql = sbuf_take(&q);
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
    if (rc == SQLITE_INTERRUPT)
        fail(a, 503, "the census query took more than %g s and was stopped: narrow it (edges=E, grundy=G, ...)",
             thread_cpu() > l->cpu_limit ? SCEN_QUERY_SECONDS : SCEN_QUERY_WALL);
    else if (rc != SQLITE_OK)
        /* the connection's message only when it is still this error's: a
         * statement finalised since the failure resets it ("not an error") */
        fail(a, 500, "%s: the census query failed: %s", l->s->path,
             (sqlite3_errcode(db) & 0xff) == (rc & 0xff) ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    else {
        json_t *o = json_object();
        json_object_set_new(o, "total", json_integer(total));
        json_object_set_new(o, "offset", json_integer(f->offset));
        json_object_set_new(o, "limit", json_integer(f->limit));
        json_object_set_new(o, "rows", list);
        json_t *names = json_array();
        for (int i = 0; i < l->s->nrules; i++)
            json_array_append_new(names, json_string(l->s->rules[i]));
        json_object_set_new(o, "census_rules", names);
        list = NULL;
        a->status = 200;
        a->text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(o);
    }
    json_decref(list);
    sqlite3_finalize(rows);
}

/* ------------------------------------------------------------- the lane */

/* Lets go of j; frees it when nobody holds it.  Lock held. */
static void unref(job *j)
{
    if (--j->refs > 0)
        return;
    free(j->a.text);
    free(j);
}

/* A lane thread: answers queued jobs, one at a time, until stopping. */
static void *lane_main(void *arg)
{
    lane *l = arg;
    scen *s = l->s;
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), LANE_NICE);
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!s->head && !s->stopping)
            pthread_cond_wait(&s->work, &s->lock);
        if (s->stopping)
            break;
        job *j = s->head;
        s->head = j->next;
        if (!s->head)
            s->tail = NULL;
        pthread_mutex_unlock(&s->lock);
        sw_answer a = {0, NULL, 0, NULL, NULL};
        run_query(l, &j->f, &a);
        pthread_mutex_lock(&s->lock);
        j->a = a;
        j->done = 1;
        s->queued--;
        unref(j);
        pthread_cond_broadcast(&s->done);
    }
    pthread_mutex_unlock(&s->lock);
    cy_nauty_thread_done();
    return NULL;
}

void scen_answer(scen *s, struct MHD_Connection *c, sw_answer *a)
{
    if (!s) {
        fail(a, 404, "this server has no census: start it with cycles serve --census FILE");
        return;
    }
    filters f;
    if (read_filters(s, c, &f, a) < 0)
        return;
    pthread_mutex_lock(&s->lock);
    if (s->stopping || s->queued >= s->queue_max) {
        pthread_mutex_unlock(&s->lock);
        fail(a, 503, "the server is answering other census queries; try again shortly");
        return;
    }
    job *j = sx_calloc(1, sizeof *j);
    j->f = f;
    j->refs = 2;
    if (s->tail)
        s->tail->next = j;
    else
        s->head = j;
    s->tail = j;
    s->queued++;
    pthread_cond_signal(&s->work);
    while (!j->done && !s->stopping)
        pthread_cond_wait(&s->done, &s->lock);
    if (j->done) {
        *a = j->a;
        j->a.text = NULL;
    } else
        fail(a, 503, "the server is stopping");
    unref(j);
    pthread_mutex_unlock(&s->lock);
}

/* ------------------------------------------------------ opening, closing */

/* Opens path read only into *db for one lane; 0, or -1 with a message. */
static int connect_db(const char *path, sqlite3 **db, cy_error *err)
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

/* Checks that db is a census of schema 3 and reads its rule sets into s;
 * 0, or -1 with a message naming the file. */
static int read_census(scen *s, sqlite3 *db, cy_error *err)
{
    sqlite3_stmt *st = NULL;
    const char *v = NULL;
    int ok = sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema'", -1, &st, NULL) == SQLITE_OK &&
             sqlite3_step(st) == SQLITE_ROW && (v = (const char *)sqlite3_column_text(st, 0)) != NULL;
    int schema = ok ? atoi(v) : 0;
    sqlite3_finalize(st);
    if (!ok) {
        return cy_error_set(err, "%s: not a census database (cycles census run makes one): %s", s->path,
                            sqlite3_errmsg(db));
    }
    if (schema != 3)
        return cy_error_set(err, "%s: a census database of schema %d; the explorer reads schema 3 (cycles census "
                                 "merge OLD.db -o NEW.db copies an older one into it)", s->path, schema);
    st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT DISTINCT rules FROM units ORDER BY rules", -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return cy_error_set(err, "%s: not a census database: %s", s->path, sqlite3_errmsg(db));
    }
    while (sqlite3_step(st) == SQLITE_ROW && s->nrules < MAX_RULES) {
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

scen *scen_open(const char *path, int workers, int queue, cy_error *err)
{
    scen *s = sx_calloc(1, sizeof *s);
    s->path = cy_escape_dup(path, 0);
    s->nlanes = workers > 0 ? workers : 1;
    s->queue_max = queue > s->nlanes ? queue : s->nlanes;
    s->lanes = sx_calloc((size_t)s->nlanes, sizeof *s->lanes);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->work, NULL);
    pthread_cond_init(&s->done, NULL);
    for (int i = 0; i < s->nlanes; i++) {
        lane *l = &s->lanes[i];
        l->s = s;
        if (connect_db(path, &l->db, err) < 0 || (i == 0 && read_census(s, l->db, err) < 0)) {
            scen_close(s);
            return NULL;
        }
        sqlite3_progress_handler(l->db, 10000, progress, l);
    }
    if (s->has_index != IX_ALL)
        fprintf(stderr, "cycles: serve: %s has not the census explorer's indexes: its filters by grundy, winner, "
                        "triangle_free and leaves read the whole census (a run into it adds them: cycles census run "
                        "--resume --edges A..B --db FILE)\n", s->path);
    for (int i = 0; i < s->nlanes; i++) {
        if (pthread_create(&s->lanes[i].t, NULL, lane_main, &s->lanes[i]) != 0) {
            cy_error_set(err, "cannot start the census lane's threads");
            scen_close(s);
            return NULL;
        }
        s->lanes[i].started = 1;
    }
    return s;
}

void scen_stop(scen *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->stopping, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&s->work);
    pthread_cond_broadcast(&s->done);
    pthread_mutex_unlock(&s->lock);
}

void scen_close(scen *s)
{
    if (!s)
        return;
    scen_stop(s);
    for (int i = 0; i < s->nlanes; i++) {
        if (s->lanes[i].started)
            pthread_join(s->lanes[i].t, NULL);
        sqlite3_close(s->lanes[i].db);
    }
    /* jobs still queued belong to requests that gave up (stopping) */
    while (s->head) {
        job *j = s->head;
        s->head = j->next;
        unref(j);
    }
    pthread_cond_destroy(&s->work);
    pthread_cond_destroy(&s->done);
    pthread_mutex_destroy(&s->lock);
    free(s->lanes);
    free(s->path);
    free(s);
}
