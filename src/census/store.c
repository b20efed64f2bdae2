/*
 * store.c - the census database (SQLite): the schema, opening, rows and units.
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>

/* The schema: every column documented; the report prints this text. */
const char cy_census_schema[] =
    "-- One row of meta per key: 'schema' (the schema version, 2) and 'program'\n"
    "-- (the cycles version that created the database).\n"
    "CREATE TABLE IF NOT EXISTS meta (\n"
    "  key   TEXT PRIMARY KEY,\n"
    "  value TEXT NOT NULL\n"
    ");\n"
    "\n"
    "-- A unit of work: every board of one kind and edge count in one part of a\n"
    "-- split (part R of M, as `--part R/M` takes it; 0 of 1 when unsplit).  Its\n"
    "-- rows and its progress are committed together, batch by batch.\n"
    "CREATE TABLE IF NOT EXISTS units (\n"
    "  kind     TEXT    NOT NULL,  -- 'board' (plane boards) or 'tree' (trees with special leaves)\n"
    "  edges    INTEGER NOT NULL,\n"
    "  part     INTEGER NOT NULL,  -- R, 0 <= R < M\n"
    "  parts    INTEGER NOT NULL,  -- M\n"
    "  done     INTEGER NOT NULL,  -- boards committed, in the enumeration's order\n"
    "  finished INTEGER NOT NULL,  -- 1 when every board of the unit is committed\n"
    "  seconds  REAL    NOT NULL,  -- wall time spent on the committed boards (enumerating included)\n"
    "  cpu_seconds REAL NOT NULL,  -- CPU time the process spent on them (all threads; the same way)\n"
    "  PRIMARY KEY (kind, edges, part, parts)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- One row per board, deterministic: two runs of the same census (whole,\n"
    "-- in parts and merged, or by MPI) have equal rows.\n"
    "CREATE TABLE IF NOT EXISTS boards (\n"
    "  kind           TEXT    NOT NULL,  -- 'board' or 'tree'\n"
    "  edges          INTEGER NOT NULL,  -- all edges, markable or not\n"
    "  code           TEXT    NOT NULL,  -- canonical code of the board with its outer face\n"
    "  graph6         TEXT    NOT NULL,  -- the underlying graph (graph6, canonical labelling)\n"
    "  vertices       INTEGER NOT NULL,\n"
    "  cells          INTEGER NOT NULL,  -- bounded faces\n"
    "  cell_sizes     TEXT    NOT NULL,  -- lengths of the cell walks, ascending: '3,4'; '' without cells\n"
    "  min_degree     INTEGER NOT NULL,\n"
    "  max_degree     INTEGER NOT NULL,\n"
    "  leaves         INTEGER NOT NULL,  -- vertices of degree 1\n"
    "  inner_edges    INTEGER NOT NULL,  -- edges with a cell on both sides\n"
    "  outer_vertices INTEGER NOT NULL,  -- vertices on the outer face\n"
    "  biconnected    INTEGER NOT NULL,  -- 1: at least 3 vertices and no cut vertex\n"
    "  triangle_free  INTEGER NOT NULL,  -- 1: the graph has no 3-cycle at all\n"
    "  bipartite      INTEGER NOT NULL,\n"
    "  tree           INTEGER NOT NULL,  -- 1: no cycle (edges = vertices - 1)\n"
    "  outerplanar    INTEGER NOT NULL,  -- 1: the graph has a drawing with every vertex outside\n"
    "  automorphisms  INTEGER NOT NULL,  -- order of the board's group (cells to cells, outer face kept)\n"
    "  involutions    INTEGER NOT NULL,  -- its elements of order 2\n"
    "  thm6_involutions INTEGER NOT NULL, -- those under which Theorem 6 of paper 000 applies\n"
    "  thm6_winner    INTEGER NOT NULL,  -- the winner the first of them predicts; 0 when none applies\n"
    "  status         TEXT    NOT NULL,  -- 'solved', 'timeout' (ran out of --timeout) or 'memory'\n"
    "  winner         INTEGER,           -- 1 or 2 with perfect play; NULL unless solved\n"
    "  grundy         INTEGER,           -- Grundy value of the empty board (normal play); NULL unless solved\n"
    "  parity_breaker INTEGER,           -- 1: winner is not 'player 1 exactly when edges is odd'; NULL unless solved\n"
    "  moves          INTEGER,           -- moves to the end under perfect play (docs/census.md: the winner\n"
    "                                    -- hastens the end, the loser delays it); NULL where not computed\n"
    "  board          TEXT    NOT NULL,  -- the board in the native JSON format (cycles solve/draw read it)\n"
    "  PRIMARY KEY (kind, edges, code)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX IF NOT EXISTS boards_graph6 ON boards (kind, graph6);\n"
    "\n"
    "-- What solving each board cost: not deterministic, so apart from boards.\n"
    "CREATE TABLE IF NOT EXISTS solve_times (\n"
    "  kind      TEXT    NOT NULL,\n"
    "  edges     INTEGER NOT NULL,\n"
    "  code      TEXT    NOT NULL,\n"
    "  seconds   REAL    NOT NULL,  -- solver time\n"
    "  positions INTEGER NOT NULL,  -- positions the solver valued\n"
    "  PRIMARY KEY (kind, edges, code)\n"
    ") WITHOUT ROWID;\n";

#define SCHEMA_VERSION "2"

struct cy_census_store {
    sqlite3 *db;
    char *path;
    sqlite3_stmt *put_board, *put_time, *unit_get, *unit_put;
};

sqlite3 *cy_census_store_db(cy_census_store *s) { return s->db; }
const char *cy_census_store_path(cy_census_store *s) { return s->path; }

/* Sets err to "PATH: what: SQLite's message"; returns -1. */
static int db_error(cy_census_store *s, const char *what, cy_error *err)
{
    return cy_error_set(err, "%s: %s", what, sqlite3_errmsg(s->db));
}

int cy_census_exec(cy_census_store *s, const char *sql, cy_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        cy_error_set(err, "%s", msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* Prepares sql into *st; -1 on error. */
static int prepare(cy_census_store *s, const char *sql, sqlite3_stmt **st, cy_error *err)
{
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
        return db_error(s, "not a census database", err);
    return 0;
}

cy_census_store *cy_census_store_open(const char *path, int create, cy_error *err)
{
    cy_census_store *s = calloc(1, sizeof *s);
    if (!s) {
        cy_error_set(err, "out of memory");
        return NULL;
    }
    s->path = strdup(path);
    int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        cy_error_set(err, "cannot open the database: %s", s->db ? sqlite3_errmsg(s->db) : "out of memory");
        cy_census_store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 10000);
    /* write-ahead logging, so that queries read the committed rows while a
     * run writes (a reader sees the last committed batch and blocks no
     * writer); synchronous FULL keeps every committed batch across a crash.
     * The mode is stored in the file; switching needs the database to
     * ourselves, so a reader that cannot switch goes on as it is. */
    if (create)
        sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
    sqlite3_exec(s->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL);
    /* a census database is either empty (new) or has meta.schema = 1 */
    sqlite3_stmt *st = NULL;
    int tables = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        tables = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (tables < 0) {
        cy_error_set(err, "not a census database (%s)", sqlite3_errmsg(s->db));
        cy_census_store_close(s);
        return NULL;
    }
    if (tables == 0) {
        if (!create) {
            cy_error_set(err, "not a census database (it is empty)");
            cy_census_store_close(s);
            return NULL;
        }
        char sql[256];
        snprintf(sql, sizeof sql,
                 "INSERT INTO meta VALUES ('schema', '" SCHEMA_VERSION "'), ('program', 'cycles %s');",
                 CY_VERSION);
        if (cy_census_exec(s, "BEGIN", err) < 0 || cy_census_exec(s, cy_census_schema, err) < 0 ||
            cy_census_exec(s, sql, err) < 0 || cy_census_exec(s, "COMMIT", err) < 0) {
            cy_census_store_close(s);
            return NULL;
        }
    } else {
        const char *version = NULL;
        st = NULL;
        if (sqlite3_prepare_v2(s->db, "SELECT value FROM meta WHERE key = 'schema'", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            version = (const char *)sqlite3_column_text(st, 0);
        int ok = version && !strcmp(version, SCHEMA_VERSION);
        sqlite3_finalize(st);
        if (!ok) {
            cy_error_set(err, "not a census database of schema version " SCHEMA_VERSION);
            cy_census_store_close(s);
            return NULL;
        }
    }
    if (prepare(s,
                "INSERT INTO boards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                &s->put_board, err) < 0 ||
        prepare(s, "INSERT INTO solve_times VALUES (?,?,?,?,?)", &s->put_time, err) < 0 ||
        prepare(s,
                "SELECT done, finished, seconds, cpu_seconds FROM units WHERE kind = ? AND edges = ? AND part = ? AND parts = ?",
                &s->unit_get, err) < 0 ||
        prepare(s, "INSERT OR REPLACE INTO units VALUES (?,?,?,?,?,?,?,?)", &s->unit_put, err) < 0) {
        cy_census_store_close(s);
        return NULL;
    }
    return s;
}

void cy_census_store_close(cy_census_store *s)
{
    if (!s)
        return;
    sqlite3_finalize(s->put_board);
    sqlite3_finalize(s->put_time);
    sqlite3_finalize(s->unit_get);
    sqlite3_finalize(s->unit_put);
    sqlite3_close(s->db);
    free(s->path);
    free(s);
}

static const char *const status_names[] = {"solved", "timeout", "memory"};

int cy_census_store_put(cy_census_store *s, const cy_census_row *r, cy_error *err)
{
    sqlite3_stmt *st = s->put_board;
    int k = 1;
    const char *kind = CY_CENSUS_KIND(r->trees);
    sqlite3_bind_text(st, k++, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, k++, r->edges);
    sqlite3_bind_text(st, k++, r->code, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, k++, r->graph6, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, k++, r->vertices);
    sqlite3_bind_int(st, k++, r->cells);
    sqlite3_bind_text(st, k++, r->cell_sizes, -1, SQLITE_STATIC);
    const int ints[] = {r->min_degree,    r->max_degree,    r->leaves,        r->inner_edges,
                        r->outer_vertices, r->biconnected,   r->triangle_free, r->bipartite,
                        r->tree,          r->outerplanar,   r->automorphisms, r->involutions,
                        r->thm6_involutions, r->thm6_winner};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        sqlite3_bind_int(st, k++, ints[i]);
    sqlite3_bind_text(st, k++, status_names[r->status], -1, SQLITE_STATIC);
    if (r->status == CY_CENSUS_SOLVED) {
        sqlite3_bind_int(st, k++, r->winner);
        sqlite3_bind_int(st, k++, r->grundy);
        sqlite3_bind_int(st, k++, cy_census_breaks_parity(r->edges, r->winner));
    } else {
        sqlite3_bind_null(st, k++);
        sqlite3_bind_null(st, k++);
        sqlite3_bind_null(st, k++);
    }
    if (r->status == CY_CENSUS_SOLVED && r->moves >= 0)
        sqlite3_bind_int(st, k++, r->moves);
    else
        sqlite3_bind_null(st, k++);
    sqlite3_bind_text(st, k++, r->board, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot store a board", err);
    st = s->put_time;
    sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, r->edges);
    sqlite3_bind_text(st, 3, r->code, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 4, r->seconds);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)r->positions);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot store a board's time", err);
    return 0;
}

/* Binds the key of u to the first four parameters of st. */
static void bind_unit_key(sqlite3_stmt *st, const cy_census_unit *u)
{
    sqlite3_bind_text(st, 1, CY_CENSUS_KIND(u->trees), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, u->edges);
    sqlite3_bind_int(st, 3, u->part);
    sqlite3_bind_int(st, 4, u->parts);
}

int cy_census_unit_get(cy_census_store *s, cy_census_unit *u, cy_error *err)
{
    sqlite3_stmt *st = s->unit_get;
    bind_unit_key(st, u);
    int rc = sqlite3_step(st), found = 0;
    u->done = 0;
    u->finished = 0;
    u->seconds = 0;
    u->cpu_seconds = 0;
    if (rc == SQLITE_ROW) {
        found = 1;
        u->done = sqlite3_column_int64(st, 0);
        u->finished = sqlite3_column_int(st, 1);
        u->seconds = sqlite3_column_double(st, 2);
        u->cpu_seconds = sqlite3_column_double(st, 3);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return db_error(s, "cannot read the units", err);
    return found;
}

int cy_census_unit_put(cy_census_store *s, const cy_census_unit *u, cy_error *err)
{
    sqlite3_stmt *st = s->unit_put;
    bind_unit_key(st, u);
    sqlite3_bind_int64(st, 5, u->done);
    sqlite3_bind_int(st, 6, u->finished);
    sqlite3_bind_double(st, 7, u->seconds);
    sqlite3_bind_double(st, 8, u->cpu_seconds);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot record a unit", err);
    return 0;
}
