/*
 * store.c - the census database (SQLite): the schema, opening, rows and units.
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>

/* The indexes of the census explorer (`cycles serve --census`,
 * src/server/server_census.c): its filters on the Grundy value, the winner, and
 * triangle-free boards and leaves, counted and paged without a scan. */
#define EXPLORER_INDEXES                                                                                               \
    "-- For the census explorer (cycles serve --census): filters by Grundy value,\n"                                   \
    "-- winner, triangle-free and leaves without a scan.\n"                                                            \
    "CREATE INDEX IF NOT EXISTS results_grundy ON results (kind, rules, grundy, edges);\n"                             \
    "CREATE INDEX IF NOT EXISTS results_winner ON results (kind, rules, winner, edges);\n"                             \
    "CREATE INDEX IF NOT EXISTS invariants_flags ON invariants (kind, edges, triangle_free, leaves, code);\n"

/* The schema: every column documented; the report prints this text. */
const char census_schema[] =
    "-- One row of meta per key: 'schema' (the schema version, 3) and 'program'\n"
    "-- (the cycles version that created the database).\n"
    "CREATE TABLE IF NOT EXISTS meta (\n"
    "  key   TEXT PRIMARY KEY,\n"
    "  value TEXT NOT NULL\n"
    ");\n"
    "\n"
    "-- A unit of work: every board of one kind and edge count in one part of a\n"
    "-- split (part R of M, as `--part R/M` takes it; 0 of 1 when unsplit), solved\n"
    "-- under one rule set.  Its rows and its progress are committed together,\n"
    "-- batch by batch.\n"
    "CREATE TABLE IF NOT EXISTS units (\n"
    "  kind     TEXT    NOT NULL,  -- 'board' (plane boards), 'tree' (trees with special leaves) or 'twocell'\n"
    "                              -- (plane boards of two cells, no degree-1 vertex: `census twocell`)\n"
    "  rules    TEXT    NOT NULL,  -- 'standard', 'misere', 'draw', 'score', 'score+extra-turn',\n"
    "                              -- 'any-cycle' or 'players=K' (K >= 3; `census run --rules/--players/--extra-turn`)\n"
    "  edges    INTEGER NOT NULL,\n"
    "  part     INTEGER NOT NULL,  -- R, 0 <= R < M\n"
    "  parts    INTEGER NOT NULL,  -- M\n"
    "  done     INTEGER NOT NULL,  -- boards committed, in the enumeration's order\n"
    "  finished INTEGER NOT NULL,  -- 1 when every board of the unit is committed\n"
    "  seconds  REAL    NOT NULL,  -- wall time spent on the committed boards (enumerating included)\n"
    "  cpu_seconds REAL NOT NULL,  -- CPU time the process spent on them (all threads; the same way)\n"
    "  PRIMARY KEY (kind, rules, edges, part, parts)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- One row per board, whatever the rules it was solved under: what it is.\n"
    "-- Deterministic: two runs of the same census (whole, in parts and merged,\n"
    "-- or by MPI) have equal rows.\n"
    "CREATE TABLE IF NOT EXISTS invariants (\n"
    "  kind           TEXT    NOT NULL,  -- 'board', 'tree' or 'twocell'\n"
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
    "  thm6_involutions INTEGER NOT NULL, -- those under which Theorem 6 of Alvarado et al. 2021 applies\n"
    "  thm6_winner    INTEGER NOT NULL,  -- the winner the first of them predicts; 0 when none applies\n"
    "  board          TEXT    NOT NULL,  -- the board in the native JSON format (cycles solve/draw read it)\n"
    "  PRIMARY KEY (kind, edges, code)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX IF NOT EXISTS invariants_graph6 ON invariants (kind, graph6);\n"
    "\n"
    "-- One row per board and rule set: the empty board solved under those rules,\n"
    "-- as `cycles solve BOARD --rules NAME --json` reports it.  Deterministic.\n"
    "CREATE TABLE IF NOT EXISTS results (\n"
    "  kind           TEXT    NOT NULL,\n"
    "  rules          TEXT    NOT NULL,  -- as in units\n"
    "  edges          INTEGER NOT NULL,\n"
    "  code           TEXT    NOT NULL,  -- the board (invariants)\n"
    "  status         TEXT    NOT NULL,  -- 'solved', 'timeout' (ran out of --timeout) or 'memory'\n"
    "  outcome        TEXT,              -- for player 1, who moves first: 'N' wins, 'P' loses, 'D' draw\n"
    "                                    -- (draw, score); NULL for K >= 3 players or unless solved\n"
    "  winner         INTEGER,           -- 1 or 2 (1..K for K players), 0 for a draw; NULL unless solved\n"
    "  value          INTEGER,           -- solve's \"value\": standard, draw, any-cycle 1 win, 0 draw, -1 loss\n"
    "                                    -- for player 1; misere the misere nim-value; score player 1's points\n"
    "                                    -- minus player 2's under perfect play; K players the winner - 1\n"
    "  grundy         INTEGER,           -- standard: Grundy value (normal play); misere: the misere nim-value;\n"
    "                                    -- NULL otherwise or unless solved\n"
    "  parity_breaker INTEGER,           -- 1: there is a winner of two and it is not 'player 1 exactly when\n"
    "                                    -- edges is odd'; NULL unless solved with a winner of two players\n"
    "  moves          INTEGER,           -- standard: moves to the end under perfect play (the manual's census: the\n"
    "                                    -- winner hastens the end, the loser delays it); NULL where not computed\n"
    "  forced         INTEGER,           -- K >= 3 players: bit p-1 set when player p wins against all the others\n"
    "                                    -- playing together; NULL otherwise\n"
    "  PRIMARY KEY (kind, rules, edges, code)\n"
    ") WITHOUT ROWID;\n" EXPLORER_INDEXES "\n"
    "-- The boards under the standard rules, with the columns of schema 2's boards\n"
    "-- table (the queries of the standard census read this).\n"
    "CREATE VIEW IF NOT EXISTS boards AS SELECT i.kind, i.edges, i.code, i.graph6, i.vertices, i.cells,\n"
    "  i.cell_sizes, i.min_degree, i.max_degree, i.leaves, i.inner_edges, i.outer_vertices, i.biconnected,\n"
    "  i.triangle_free, i.bipartite, i.tree, i.outerplanar, i.automorphisms, i.involutions, i.thm6_involutions,\n"
    "  i.thm6_winner, r.status, r.winner, r.grundy, r.parity_breaker, r.moves, i.board\n"
    "  FROM invariants i JOIN results r ON r.kind = i.kind AND r.rules = 'standard' AND r.edges = i.edges\n"
    "  AND r.code = i.code;\n"
    "\n"
    "-- What solving each board cost: not deterministic, so apart from results.\n"
    "CREATE TABLE IF NOT EXISTS solve_times (\n"
    "  kind      TEXT    NOT NULL,\n"
    "  rules     TEXT    NOT NULL,\n"
    "  edges     INTEGER NOT NULL,\n"
    "  code      TEXT    NOT NULL,\n"
    "  seconds   REAL    NOT NULL,  -- solver time\n"
    "  positions INTEGER NOT NULL,  -- positions the solver valued\n"
    "  PRIMARY KEY (kind, rules, edges, code)\n"
    ") WITHOUT ROWID;\n";

/* Schema 2 (cycles before the rule variants) is read through these views in
 * the connection's temp schema, which SQLite searches before main: the
 * tables of schema 3 as schema 2's rows give them (standard rules only). */
static const char legacy_views[] =
    "CREATE TEMP VIEW units AS SELECT kind, 'standard' AS rules, edges, part, parts, done, finished, seconds,"
    " cpu_seconds FROM main.units;"
    "CREATE TEMP VIEW invariants AS SELECT " CY_CENSUS_INVARIANT_COLS " FROM main.boards;"
    "CREATE TEMP VIEW results AS SELECT " CY_CENSUS_LEGACY_RESULT_COLS " FROM main.boards;"
    "CREATE TEMP VIEW solve_times AS SELECT kind, 'standard' AS rules, edges, code, seconds, positions"
    " FROM main.solve_times;";

#define SCHEMA_VERSION "3"

struct census_store {
    sqlite3 *db;
    char *path;
    sqlite3_stmt *put_board, *put_result, *put_time, *unit_get, *unit_put;
    int legacy; /* a schema-2 database, read through legacy_views */
};

int census_store_legacy(census_store *s)
{
    return s->legacy;
}

sqlite3 *census_store_db(census_store *s)
{
    return s->db;
}
const char *census_store_path(census_store *s)
{
    return s->path;
}

/* Sets err to "PATH: what: SQLite's message"; returns -1. */
static int db_error(census_store *s, const char *what, cy_error *err)
{
    return cy_error_set(err, "%s: %s", what, sqlite3_errmsg(s->db));
}

int census_exec(census_store *s, const char *sql, cy_error *err)
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
static int prepare(census_store *s, const char *sql, sqlite3_stmt **st, cy_error *err)
{
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
        return db_error(s, "not a census database", err);
    return 0;
}

/* The number of entries in s's schema, or -1 when it cannot be read. */
static int count_tables(census_store *s)
{
    sqlite3_stmt *st = NULL;
    int tables = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT count(*) FROM sqlite_master", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        tables = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return tables;
}

census_store *census_store_open(const char *path, int create, cy_error *err)
{
    census_store *s = calloc(1, sizeof *s);
    if (!s) {
        cy_error_set(err, "out of memory");
        return NULL;
    }
    s->path = strdup(path);
    int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        cy_error_set(err, "cannot open the database: %s", s->db ? sqlite3_errmsg(s->db) : "out of memory");
        census_store_close(s);
        return NULL;
    }
    /* several processes may write one database at once (parts, edge counts,
     * the MPI leader): each holds the write lock only for the milliseconds
     * of one batch's inserts (run.c), so a writer waits for the others'
     * batches rather than failing; the wait is generous because a
     * checkpoint or a merge can hold the lock for longer */
    sqlite3_busy_timeout(s->db, CY_CENSUS_BUSY_MS);
    /* write-ahead logging, so that queries read the committed rows while a
     * run writes (a reader sees the last committed batch and blocks no
     * writer); synchronous FULL keeps every committed batch across a crash.
     * The mode is stored in the file; switching needs the database to
     * ourselves, so a reader that cannot switch goes on as it is. */
    if (create)
        sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
    sqlite3_exec(s->db, "PRAGMA synchronous=FULL", NULL, NULL, NULL);
    /* a census database is either empty (new) or has meta.schema = 3 (or 2: legacy) */
    sqlite3_stmt *st = NULL;
    int tables = count_tables(s);
    if (tables < 0) {
        cy_error_set(err, "not a census database (%s)", sqlite3_errmsg(s->db));
        census_store_close(s);
        return NULL;
    }
    if (tables == 0) {
        if (!create) {
            cy_error_set(err, "not a census database (it is empty)");
            census_store_close(s);
            return NULL;
        }
        /* another process may create it at the same moment: the schema is
         * written under the write lock, and only when still missing then */
        char sql[256];
        snprintf(sql, sizeof sql, "INSERT INTO meta VALUES ('schema', '" SCHEMA_VERSION "'), ('program', 'cycles %s');",
                 CY_VERSION);
        if (census_exec(s, "BEGIN IMMEDIATE", err) < 0)
            goto fail;
        int rc =
            (tables = count_tables(s)) < 0 ? cy_error_set(err, "not a census database (%s)", sqlite3_errmsg(s->db)) : 0;
        if (rc == 0 && tables == 0)
            rc = census_exec(s, census_schema, err) < 0 || census_exec(s, sql, err) < 0 ? -1 : 0;
        if (rc == 0)
            rc = census_exec(s, "COMMIT", err);
        if (rc < 0) {
            census_exec(s, "ROLLBACK", NULL);
            goto fail;
        }
    }
    if (tables > 0) {
        const char *version = NULL;
        st = NULL;
        if (sqlite3_prepare_v2(s->db, "SELECT value FROM meta WHERE key = 'schema'", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            version = (const char *)sqlite3_column_text(st, 0);
        int ok = version && !strcmp(version, SCHEMA_VERSION);
        s->legacy = version && !strcmp(version, "2");
        sqlite3_finalize(st);
        if (!ok && !s->legacy) {
            cy_error_set(err, "not a census database of schema version 2 or " SCHEMA_VERSION);
            census_store_close(s);
            return NULL;
        }
        if (s->legacy && census_exec(s, legacy_views, err) < 0) {
            census_store_close(s);
            return NULL;
        }
        /* a database made before the explorer's indexes gets them from the
         * next run into it (once: minutes for millions of boards) */
        if (create && !s->legacy && census_exec(s, EXPLORER_INDEXES, err) < 0) {
            census_store_close(s);
            return NULL;
        }
    }
    if (prepare(s,
                "SELECT done, finished, seconds, cpu_seconds FROM units WHERE kind = ? AND rules = ? AND edges = ?"
                " AND part = ? AND parts = ?",
                &s->unit_get, err) < 0) {
        census_store_close(s);
        return NULL;
    }
    if (s->legacy)
        return s; /* read only: census_store_writable refuses writing */
    if (prepare(s, "INSERT OR IGNORE INTO invariants VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                &s->put_board, err) < 0 ||
        prepare(s, "INSERT INTO results VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", &s->put_result, err) < 0 ||
        prepare(s, "INSERT INTO solve_times VALUES (?,?,?,?,?,?)", &s->put_time, err) < 0 ||
        prepare(s, "INSERT OR REPLACE INTO units VALUES (?,?,?,?,?,?,?,?,?)", &s->unit_put, err) < 0) {
        census_store_close(s);
        return NULL;
    }
    return s;
fail:
    census_store_close(s);
    return NULL;
}

void census_store_close(census_store *s)
{
    if (!s)
        return;
    sqlite3_finalize(s->put_board);
    sqlite3_finalize(s->put_result);
    sqlite3_finalize(s->put_time);
    sqlite3_finalize(s->unit_get);
    sqlite3_finalize(s->unit_put);
    sqlite3_close(s->db);
    free(s->path);
    free(s);
}

static const char *const status_names[] = {"solved", "timeout", "memory"};

int census_store_writable(census_store *s, cy_error *err)
{
    if (s->legacy)
        return cy_error_set(err, "a census database of schema 2 (cycles before --rules) is read only: "
                                 "cycles census merge OLD.db -o NEW.db copies it into schema " SCHEMA_VERSION);
    return 0;
}

/* Binds r's rules key (standard when empty) to parameter k of st. */
static void bind_rules(sqlite3_stmt *st, int k, const char *rules)
{
    sqlite3_bind_text(st, k, rules && *rules ? rules : "standard", -1, SQLITE_TRANSIENT);
}

int census_store_put(census_store *s, const census_row *r, cy_error *err)
{
    if (census_store_writable(s, err) < 0)
        return -1;
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
    const int ints[] = {r->min_degree,    r->max_degree,    r->leaves,           r->inner_edges, r->outer_vertices,
                        r->biconnected,   r->triangle_free, r->bipartite,        r->tree,        r->outerplanar,
                        r->automorphisms, r->involutions,   r->thm6_involutions, r->thm6_winner};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        sqlite3_bind_int(st, k++, ints[i]);
    sqlite3_bind_text(st, k++, r->board, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot store a board", err);
    st = s->put_result;
    k = 1;
    int solved = r->status == CY_CENSUS_SOLVED, two = r->players <= 2;
    sqlite3_bind_text(st, k++, kind, -1, SQLITE_STATIC);
    bind_rules(st, k++, r->rules);
    sqlite3_bind_int(st, k++, r->edges);
    sqlite3_bind_text(st, k++, r->code, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, k++, status_names[r->status], -1, SQLITE_STATIC);
    if (solved && two) {
        char o[2] = {(char)(r->outcome ? r->outcome : r->winner == 1 ? 'N' : 'P'), 0};
        sqlite3_bind_text(st, k, o, -1, SQLITE_TRANSIENT);
    }
    k++;
    if (solved) {
        sqlite3_bind_int(st, k, r->winner);
        sqlite3_bind_int(st, k + 1, r->value);
    }
    k += 2;
    if (solved && r->grundy >= 0)
        sqlite3_bind_int(st, k, r->grundy);
    k++;
    if (solved && two && r->winner > 0)
        sqlite3_bind_int(st, k, census_breaks_parity(r->edges, r->winner));
    k++;
    if (solved && r->moves >= 0)
        sqlite3_bind_int(st, k, r->moves);
    k++;
    if (solved && !two)
        sqlite3_bind_int(st, k, r->forced);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot store a board's result", err);
    st = s->put_time;
    sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    bind_rules(st, 2, r->rules);
    sqlite3_bind_int(st, 3, r->edges);
    sqlite3_bind_text(st, 4, r->code, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 5, r->seconds);
    sqlite3_bind_int64(st, 6, (sqlite3_int64)r->positions);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot store a board's time", err);
    return 0;
}

/* Binds the key of u to the first five parameters of st. */
static void bind_unit_key(sqlite3_stmt *st, const census_unit *u)
{
    sqlite3_bind_text(st, 1, CY_CENSUS_KIND(u->trees), -1, SQLITE_STATIC);
    bind_rules(st, 2, u->rules);
    sqlite3_bind_int(st, 3, u->edges);
    sqlite3_bind_int(st, 4, u->part);
    sqlite3_bind_int(st, 5, u->parts);
}

int census_unit_get(census_store *s, census_unit *u, cy_error *err)
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

int census_unit_put(census_store *s, const census_unit *u, cy_error *err)
{
    sqlite3_stmt *st = s->unit_put;
    if (census_store_writable(s, err) < 0)
        return -1;
    bind_unit_key(st, u);
    sqlite3_bind_int64(st, 6, u->done);
    sqlite3_bind_int(st, 7, u->finished);
    sqlite3_bind_double(st, 8, u->seconds);
    sqlite3_bind_double(st, 9, u->cpu_seconds);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_DONE)
        return db_error(s, "cannot record a unit", err);
    return 0;
}
