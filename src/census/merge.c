/*
 * merge.c - combining census databases: units and rows copied, nothing
 * missing and nothing double.
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int absorb_checked(census_store *s, const char *name, cy_error *err);

/* Runs a query whose first row (if any) is formatted into msg by the caller:
 * returns 1 when there is a row (its columns as text in col[0..3]), 0 when
 * none, -1 on error. */
static int first_row(census_store *s, const char *sql, char col[4][64], cy_error *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(s), sql, -1, &st, NULL) != SQLITE_OK)
        return cy_error_set(err, "%s", sqlite3_errmsg(census_store_db(s)));
    int rc = sqlite3_step(st), found = rc == SQLITE_ROW;
    if (found)
        for (int i = 0; i < 4 && i < sqlite3_column_count(st); i++) {
            const unsigned char *t = sqlite3_column_text(st, i);
            snprintf(col[i], 64, "%s", t ? (const char *)t : "");
        }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return cy_error_set(err, "%s", sqlite3_errmsg(census_store_db(s)));
    return found;
}

/* Copies the attached database src into main in one transaction, refusing
 * anything double.  The transaction takes main's write lock first (a write
 * that changes nothing), waiting for other writers by the busy timeout:
 * deferred, it would read main first and could not then write when another
 * process had committed meanwhile.  (BEGIN IMMEDIATE would lock src too,
 * which is read only for an MPI unit.) */
static int absorb_attached(census_store *s, const char *name, cy_error *err)
{
    if (census_exec(s, "BEGIN", err) < 0)
        return -1;
    if (census_exec(s, "UPDATE main.meta SET value = value WHERE key = 'schema'", err) < 0) {
        census_exec(s, "ROLLBACK", NULL);
        return -1;
    }
    int rc = absorb_checked(s, name, err);
    if (rc == 0)
        rc = census_exec(s, "COMMIT", err);
    if (rc != 0)
        census_exec(s, "ROLLBACK", NULL);
    return rc;
}

/* The rows of the attached database src as schema 3 has them: its own
 * tables, or (schema 2) its boards read as invariants and standard results. */
typedef struct src_tables {
    char units[320], invariants[400], results[400], times[200];
} src_tables;

/* Fills t for the attached src: 0, or -1 for a database of neither schema. */
static int src_tables_get(census_store *s, const char *name, src_tables *t, cy_error *err)
{
    char c[4][64];
    int r = first_row(s, "SELECT value FROM src.meta WHERE key = 'schema'", c, err);
    if (r < 0)
        return -1;
    if (r == 1 && !strcmp(c[0], "2")) {
        snprintf(t->units, sizeof t->units,
                 "(SELECT kind, 'standard' AS rules, edges, part, parts, done, finished, seconds, cpu_seconds"
                 " FROM src.units)");
        snprintf(t->invariants, sizeof t->invariants, "(SELECT " CY_CENSUS_INVARIANT_COLS " FROM src.boards)");
        snprintf(t->results, sizeof t->results, "(SELECT " CY_CENSUS_LEGACY_RESULT_COLS " FROM src.boards)");
        snprintf(t->times, sizeof t->times,
                 "(SELECT kind, 'standard' AS rules, edges, code, seconds, positions FROM src.solve_times)");
        return 0;
    }
    if (r == 1 && !strcmp(c[0], "3")) {
        snprintf(t->units, sizeof t->units, "src.units");
        snprintf(t->invariants, sizeof t->invariants, "src.invariants");
        snprintf(t->results, sizeof t->results, "src.results");
        snprintf(t->times, sizeof t->times, "src.solve_times");
        return 0;
    }
    return cy_error_set(err, "%s: not a census database of schema 2 or 3", name);
}

/* The copying of absorb_attached, within its transaction: units, results and
 * times must be new, invariants may be there already (the same board solved
 * under other rules) and are then kept once. */
static int absorb_checked(census_store *s, const char *name, cy_error *err)
{
    src_tables t;
    if (src_tables_get(s, name, &t, err) < 0)
        return -1;
    char c[4][64], sql[2048];
    snprintf(sql, sizeof sql,
             "SELECT kind || ' (' || rules || ' rules)', edges, s.parts, m.parts FROM %s s JOIN main.units m"
             " USING (kind, rules, edges) WHERE s.parts <> m.parts",
             t.units);
    int r = first_row(s, sql, c, err);
    if (r != 0)
        return r < 0
                   ? -1
                   : cy_error_set(err,
                                  "%s: the %ss of %s edges are split in %s parts here and in %s in an earlier database",
                                  name, c[0], c[1], c[2], c[3]);
    snprintf(sql, sizeof sql,
             "SELECT kind || ' (' || rules || ' rules)', edges, part, parts FROM %s JOIN main.units"
             " USING (kind, rules, edges, part, parts)",
             t.units);
    r = first_row(s, sql, c, err);
    if (r != 0)
        return r < 0 ? -1
                     : cy_error_set(err, "%s: part %s/%s of the %ss of %s edges is in an earlier database too", name,
                                    c[2], c[3], c[0], c[1]);
    snprintf(sql, sizeof sql,
             "SELECT kind || ' (' || rules || ' rules)', edges, code FROM %s JOIN main.results USING (kind, rules, edges, code)",
             t.results);
    r = first_row(s, sql, c, err);
    if (r != 0)
        return r < 0
                   ? -1
                   : cy_error_set(err, "%s: the %s %s (%s edges) is in an earlier database too", name, c[0], c[2], c[1]);
    snprintf(sql, sizeof sql,
             "SELECT kind, edges, code FROM %s s JOIN main.invariants m USING (kind, edges, code)"
             " WHERE s.graph6 IS NOT m.graph6 OR s.board IS NOT m.board OR s.automorphisms IS NOT m.automorphisms",
             t.invariants);
    r = first_row(s, sql, c, err);
    if (r != 0)
        return r < 0 ? -1
                     : cy_error_set(err, "%s: the %s %s (%s edges) differs from an earlier database's", name, c[0],
                                    c[2], c[1]);
    snprintf(sql, sizeof sql,
             "INSERT INTO main.units SELECT * FROM %s;"
             "INSERT OR IGNORE INTO main.invariants SELECT * FROM %s;"
             "INSERT INTO main.results SELECT * FROM %s;"
             "INSERT INTO main.solve_times SELECT * FROM %s;",
             t.units, t.invariants, t.results, t.times);
    return census_exec(s, sql, err);
}

int census_absorb(census_store *s, const char *src, cy_error *err)
{
    census_store *t = census_store_open(src, 0, err);
    if (!t) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        return cy_error_set(err, "%s: %s", src, msg);
    }
    census_store_close(t);
    sqlite3_stmt *st;
    sqlite3 *db = census_store_db(s);
    if (sqlite3_prepare_v2(db, "ATTACH ? AS src", -1, &st, NULL) != SQLITE_OK)
        return cy_error_set(err, "%s", sqlite3_errmsg(db));
    sqlite3_bind_text(st, 1, src, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return cy_error_set(err, "%s: %s", src, sqlite3_errmsg(db));
    rc = absorb_attached(s, src, err);
    census_exec(s, "DETACH src", NULL);
    return rc;
}

int census_absorb_bytes(census_store *s, const char *name, unsigned char *bytes, size_t len, cy_error *err)
{
    sqlite3 *db = census_store_db(s);
    if (census_exec(s, "ATTACH ':memory:' AS src", err) < 0)
        return -1;
    unsigned char *copy = sqlite3_malloc64(len ? len : 1);
    if (!copy) {
        census_exec(s, "DETACH src", NULL);
        return cy_error_set(err, "out of memory");
    }
    memcpy(copy, bytes, len);
    if (sqlite3_deserialize(db, "src", copy, (sqlite3_int64)len, (sqlite3_int64)len,
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
        cy_error_set(err, "%s: not a database: %s", name, sqlite3_errmsg(db));
        census_exec(s, "DETACH src", NULL);
        return -1;
    }
    int rc = absorb_attached(s, name, err);
    census_exec(s, "DETACH src", NULL);
    return rc;
}

int census_check_complete(census_store *s, int partial, cy_error *err)
{
    char c[4][64];
    /* kind below is "board (misere rules)": each kind and rules a census of its own */
#define KR "kind || ' (' || rules || ' rules)'"
    /* and its plural, "boards (misere rules)", for the messages about many */
#define KRS "kind || 's (' || rules || ' rules)'"
    int r = first_row(s,
                      "SELECT " KRS ", edges, min(parts), max(parts) FROM units GROUP BY kind, rules, edges "
                      "HAVING min(parts) <> max(parts)",
                      c, err);
    if (r != 0)
        return r < 0 ? -1
                     : cy_error_set(err, "the %s of %s edges are split in %s parts in one database and %s in another",
                                    c[0], c[1], c[2], c[3]);
    /* the first missing part of each split: a part p < parts with no unit */
    r = first_row(s,
                  "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT max(parts) FROM units)),"
                  " splits AS (SELECT DISTINCT kind, rules, edges, parts FROM units)"
                  " SELECT " KRS ", edges, i, parts FROM splits JOIN n ON i < parts"
                  " WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.kind = splits.kind AND u.rules = splits.rules"
                  " AND u.edges = splits.edges AND u.part = n.i AND u.parts = splits.parts) ORDER BY kind, rules, edges, i",
                  c, err);
    if (r != 0)
        return r < 0 ? -1 : cy_error_set(err, "part %s/%s of the %s of %s edges is missing", c[2], c[3], c[0], c[1]);
    r = partial ? 0
                : first_row(s,
                            "SELECT " KRS
                            ", edges, part, parts FROM units WHERE NOT finished ORDER BY kind, rules, edges, part",
                            c, err);
    if (r != 0)
        return r < 0
                   ? -1
                   : cy_error_set(err,
                                  "part %s/%s of the %s of %s edges is unfinished (cycles census run --resume finishes it)",
                                  c[2], c[3], c[0], c[1]);
    r = first_row(s,
                  "SELECT " KRS ", min(edges), max(edges), count(DISTINCT edges) FROM units GROUP BY kind, rules "
                  "HAVING count(DISTINCT edges) <> max(edges) - min(edges) + 1",
                  c, err);
    if (r != 0)
        return r < 0 ? -1
                     : cy_error_set(err, "the %s cover %s to %s edges with gaps (only %s edge counts)", c[0], c[1],
                                    c[2], c[3]);
    r = first_row(s,
                  "SELECT u.kind || 's (' || u.rules || ' rules)', u.edges, u.n, (SELECT count(*) FROM results b"
                  " WHERE b.kind = u.kind AND b.rules = u.rules AND b.edges = u.edges)"
                  " AS m FROM (SELECT kind, rules, edges, sum(done) AS n FROM units GROUP BY kind, rules, edges) u WHERE u.n <> m",
                  c, err);
    if (r != 0)
        return r < 0 ? -1 : cy_error_set(err, "the %s of %s edges should be %s rows but are %s", c[0], c[1], c[2], c[3]);
    r = first_row(s,
                  "SELECT " KR ", edges, code FROM results b WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.kind = b.kind"
                  " AND u.rules = b.rules AND u.edges = b.edges)",
                  c, err);
    if (r != 0)
        return r < 0 ? -1 : cy_error_set(err, "the %s %s (%s edges) belongs to no unit", c[0], c[2], c[1]);
    r = first_row(s,
                  "SELECT " KR ", edges, code FROM results b WHERE NOT EXISTS (SELECT 1 FROM invariants i"
                  " WHERE i.kind = b.kind AND i.edges = b.edges AND i.code = b.code)",
                  c, err);
    if (r != 0)
        return r < 0 ? -1 : cy_error_set(err, "the %s %s (%s edges) has no invariants", c[0], c[2], c[1]);
#undef KR
#undef KRS
    return 0;
}

int census_merge(const char *const *in, int n, const char *out, int partial, cy_error *err)
{
    if (access(out, F_OK) == 0)
        return cy_error_set(err, "%s exists already (merge writes a new database)", out);
    size_t len = strlen(out) + 32;
    char *tmp = malloc(len);
    snprintf(tmp, len, "%s.tmp%d", out, (int)getpid());
    remove(tmp);
    census_store *s = census_store_open(tmp, 1, err);
    int rc = s ? 0 : -1;
    for (int i = 0; i < n && rc == 0; i++)
        rc = census_absorb(s, in[i], err);
    if (rc == 0)
        rc = census_check_complete(s, partial, err);
    census_store_close(s);
    if (rc == 0 && rename(tmp, out) != 0)
        rc = cy_error_set(err, "%s: cannot write", out);
    if (rc != 0) {
        remove(tmp);
        size_t jl = strlen(tmp) + 16;
        char *j = malloc(jl);
        snprintf(j, jl, "%s-journal", tmp);
        remove(j);
        free(j);
    }
    free(tmp);
    return rc;
}
