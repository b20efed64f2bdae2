/*
 * certify.c - cycles census certify: a certificate (docs/certificates.md)
 * of the Grundy value of each example board of the census report, for
 * cycles-check to confirm without the engine.  The examples are those the
 * report shows: the boards of the largest Grundy value of each edge count,
 * the smallest board of each Grundy value, the trees against Conjecture 1
 * of Fokkink and Zandee 2022 and the two-cell boards that break parity;
 * and, in a database of census twocell, its two-cell boards that break
 * parity and a sample of its odd ones.
 */
#include "census.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The classes of examples: a name and the SQL (a sqlite3_mprintf format)
 * selecting their boards as (edges, board JSON, stored Grundy value); %s
 * takes the range of edges.  grundy-max is done apart (a query per edge count). */
#define COLS "SELECT edges, board, grundy FROM boards WHERE status = 'solved' AND "
static const char *const classes[][2] = {
    {"grundy-smallest", COLS "kind = 'board'%s AND code IN (SELECT (SELECT code FROM boards c WHERE c.kind = 'board'"
                             " AND c.status = 'solved' AND c.grundy = g.grundy ORDER BY edges, vertices, code LIMIT 1)"
                             " FROM (SELECT DISTINCT grundy FROM boards WHERE kind = 'board' AND status = 'solved') g)"
                             " ORDER BY grundy, edges"},
    {"conjecture1", COLS "kind = 'tree' AND parity_breaker = 1%s ORDER BY edges, code"},
    {"two-cells", COLS "kind = 'board' AND cells = 2 AND parity_breaker = 1%s ORDER BY edges, code"},
    /* the boards of census twocell (two cells, no degree-1 vertex): those
     * that break parity (even, won by player 1), and the odd ones */
    {"twocell", COLS "kind = 'twocell' AND parity_breaker = 1%s ORDER BY edges, code"},
    {"twocell-odd", COLS "kind = 'twocell' AND edges %% 2 = 1%s ORDER BY edges, code"},
};

/* Certifies one board into dir/NAME-EDGES-K.cert; a line of the table. */
static int certify_one(const census_certify_opts *o, const char *cls, int edges, int k, const char *json, int grundy,
                       census_buf *table, int *failed, cy_error *err)
{
    cy_error e2;
    cy_board *b = census_board(json, &e2);
    if (!b)
        return cy_error_set(err, "a %s board of %d edges in the database does not read: %s", cls, edges, e2.msg);
    census_buf path = {0};
    census_printf(&path, "%s/%s-%d-%d.cert", o->dir, cls, edges, k);
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.timeout = o->timeout;
    so.memory = o->memory;
    so.threads = 1;
    cy_solver *s = cy_solver_new(b, &so, &e2);
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    cy_cert_stats st;
    int rc = s && mark ? cy_certificate_write(s, mark, 1, path.s, &st, &e2) : -1;
    const char *file = strrchr(path.s, '/') ? strrchr(path.s, '/') + 1 : path.s;
    if (rc < 0) {
        census_printf(table, "| %s | %d | | | | | not written: %s |\n", file, edges, e2.msg);
        (*failed)++;
    } else {
        int agree = st.grundy == grundy;
        census_printf(table, "| %s | %d | %d | %llu | %llu | %llu | %.3f%s |\n", file, edges, st.grundy,
                      (unsigned long long)st.positions, (unsigned long long)st.records, (unsigned long long)st.bytes,
                      st.seconds, agree ? "" : " (the database says another value!)");
        if (!agree)
            (*failed)++;
    }
    if (!o->quiet)
        fprintf(stderr, "census certify: %s\n", file);
    free(mark);
    cy_solver_free(s);
    cy_board_free(b);
    free(path.s);
    return 0;
}

int census_certify(census_store *s, const census_certify_opts *o, char **table, cy_error *err)
{
    *table = NULL;
    if (mkdir(o->dir, 0777) && errno != EEXIST)
        return cy_error_set(err, "cannot make the folder %s: %s", o->dir, strerror(errno));
    char range[96] = "";
    if (o->lo || o->hi)
        snprintf(range, sizeof range, " AND edges BETWEEN %d AND %d", o->lo, o->hi);
    int limit = o->limit > 0 ? o->limit : o->limit < 0 ? -1 : 1;
    census_buf t = {0};
    census_printf(&t, "| certificate | edges | grundy | positions searched | records | bytes | seconds to write |\n"
                      "|---|---|---|---|---|---|---|\n");
    int failed = 0;
    /* grundy-max: for each edge count, its largest value's boards */
    char *sql = sqlite3_mprintf("SELECT edges, max(grundy) FROM boards WHERE kind = 'board' AND status = 'solved'%s"
                                " GROUP BY edges ORDER BY edges",
                                range);
    census_buf q = {0};
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(census_store_db(s), sql, -1, &st, NULL);
    sqlite3_free(sql);
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        if ((rc = sqlite3_step(st)) != SQLITE_ROW)
            break;
        if (q.n)
            census_printf(&q, " UNION ALL ");
        census_printf(&q, "SELECT * FROM (" COLS "kind = 'board' AND edges = %d AND grundy = %d ORDER BY code LIMIT %d)",
                      sqlite3_column_int(st, 0), sqlite3_column_int(st, 1), limit);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(q.s);
        free(t.s);
        return cy_error_set(err, "%s", sqlite3_errmsg(census_store_db(s)));
    }
    for (size_t c = 0; c <= sizeof classes / sizeof classes[0]; c++) {
        const char *name = c ? classes[c - 1][0] : "grundy-max";
        if (c)
            sql = sqlite3_mprintf("%z LIMIT %d", sqlite3_mprintf(classes[c - 1][1], range), c == 1 ? -1 : limit);
        else
            sql = sqlite3_mprintf("%s", q.n ? q.s : "SELECT 1, '', 0 WHERE 0");
        st = NULL;
        if (sqlite3_prepare_v2(census_store_db(s), sql, -1, &st, NULL) != SQLITE_OK) {
            sqlite3_free(sql);
            free(q.s);
            free(t.s);
            return cy_error_set(err, "%s", sqlite3_errmsg(census_store_db(s)));
        }
        sqlite3_free(sql);
        int k = 0, last = -1;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int edges = sqlite3_column_int(st, 0);
            k = edges == last ? k + 1 : 1;
            last = edges;
            const unsigned char *json = sqlite3_column_text(st, 1);
            if (certify_one(o, name, edges, k, json ? (const char *)json : "", sqlite3_column_int(st, 2), &t, &failed,
                            err) < 0 ||
                cy_interrupted()) {
                sqlite3_finalize(st);
                free(q.s);
                free(t.s);
                return cy_interrupted() ? cy_error_set(err, "interrupted") : -1;
            }
        }
        if (rc != SQLITE_DONE) {
            cy_error_set(err, "%s (%d)", sqlite3_errmsg(census_store_db(s)), rc);
            sqlite3_finalize(st);
            free(q.s);
            free(t.s);
            return -1;
        }
        sqlite3_finalize(st);
    }
    free(q.s);
    *table = t.s;
    if (failed)
        return cy_error_set(err, "%d certificate%s not written or disagreeing with the database (see the table)",
                            failed, failed == 1 ? "" : "s");
    return 0;
}
