/*
 * census.h - the census of small boards (issue 11): each board solved and
 * described by its invariants (row.c), stored in SQLite (store.c), run unit by
 * unit in batches (run.c), merged (merge.c), questioned (query.c) and reported
 * (report.c).  The boards come from enumerate.h; everything else reaches the
 * engine through the public header cycles.h.
 */
#ifndef CYCLES_CENSUS_H
#define CYCLES_CENSUS_H

#include "cycles.h"
#include "enumerate.h"
#include "util.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

/* The kinds of census, by the value of the rows' and options' trees field:
 * 0 plane boards, 1 trees with special leaves, CY_CENSUS_TWOCELL the boards
 * with exactly two cells and no degree-1 vertex of `census twocell`
 * (twocell.c; plane boards as the census's, listed without nauty's list of
 * all graphs, so to many more edges). */
#define CY_CENSUS_TWOCELL 2
#define CY_CENSUS_KIND(trees) ((trees) == CY_CENSUS_TWOCELL ? "twocell" : (trees) ? "tree" : "board")

/* How a board's solve ended. */
enum { CY_CENSUS_SOLVED = 0, CY_CENSUS_TIMEOUT = 1, CY_CENSUS_MEMORY = 2 };

/* One board of the census under one rule set: what the invariants and
 * results tables store (store.c has the schema with the meaning of every
 * column). */
typedef struct census_row {
    int trees; /* 1 for a tree with special leaves */
    int edges, vertices, cells;
    char *code;       /* canonical code from the enumerator */
    char *graph6;     /* the underlying graph */
    char *cell_sizes; /* "3,4": cell walk lengths, ascending; "" without cells */
    int min_degree, max_degree, leaves;
    int inner_edges;    /* edges with a cell on both sides */
    int outer_vertices; /* vertices on the outer face */
    int biconnected, triangle_free, bipartite, tree, outerplanar;
    int automorphisms;    /* order of the group respecting cells and outer face */
    int involutions;      /* automorphisms of order 2 */
    int thm6_involutions; /* those under which Theorem 6 of Alvarado et al. 2021 applies */
    int thm6_winner;      /* the winner the first of them predicts, 0 when none */
    int status;           /* CY_CENSUS_SOLVED, _TIMEOUT or _MEMORY */
    int winner, grundy;   /* when solved (grundy: standard the Grundy value,
                             misere the misere nim-value, else -1) */
    char rules[24];       /* the rules key (census_rules_key) */
    int players;          /* 2, or K >= 3 */
    int outcome;          /* 'N', 'P' or 'D' for player 1 (two players) */
    int value;            /* the results table's value (store.c) */
    int forced;           /* K >= 3: bit p-1 when player p wins alone against the rest */
    int moves;            /* moves to the end under perfect play; -1 when not computed */
    char *board;          /* native JSON, one line */
    double seconds;       /* time to solve (not deterministic: a table apart) */
    uint64_t positions;
} census_row;

/* Solver settings for the boards of a census. */
typedef struct census_solve_opts {
    double timeout;  /* seconds per board; 0: none */
    size_t memory;   /* bytes of the table the boards share; 0: 256 MiB */
    cy_table *table; /* the shared table; NULL: census_run_unit
                        makes one for its unit (census_run one
                        for all its units) */
    cy_rules rules;  /* the rules the boards are solved under (zero: standard) */
} census_solve_opts;

/* The key of rules r in the census tables: "standard", "misere", "draw",
 * "score", "score+extra-turn", "any-cycle" or "players=K"; into buf[24]. */
const char *census_rules_key(const cy_rules *r, char *buf);
/* Solves the empty board b under o->rules (not the standard rules) into r's
 * status, outcome, winner, value, grundy and forced, as `cycles solve --rules
 * NAME --json` reports them (cy_vsearch); -1 with a message when the board is
 * too large. */
int census_solve_rules(const cy_board *b, const census_solve_opts *o, census_row *r, cy_error *err);

/* The graph invariants of b (vertices .. outerplanar, graph6 when graph6 is
 * NULL) into r; b must have at most 64 vertices.  Returns 0 or -1. */
int census_graph_invariants(const cy_board *b, census_row *r, cy_error *err);
/* The board of a row's JSON (as the census stores it) through the library's
 * one loader, cy_game_load; NULL with the message in err. */
cy_board *census_board(const char *json, cy_error *err);
/* The graph6 of b's underlying graph as b labels it (malloc'd). */
char *census_graph6(const cy_board *b);
/* Fills r for board b: invariants, symmetry, the solve and the JSON.  graph6
 * and code may be NULL (then b's own graph6 and that graph6 stand in). */
int census_board_row(const cy_board *b, const char *graph6, const char *code, int trees, const census_solve_opts *o,
                     census_row *r, cy_error *err);
void census_row_free(census_row *r);
/* The census computes the moves column (census_moves) for boards of at
 * most this many edges. */
#define CY_CENSUS_MOVES_MAX_EDGES 9
/* The number of moves the standard game lasts on the empty board b under
 * perfect play: its remoteness (moves.c: the winner hastens the end, the
 * loser delays it); odd exactly when player 1 wins.  -1 above
 * CY_CENSUS_MOVES_MAX_EDGES edges. */
int census_moves(const cy_board *b);
/* Whether a solved row breaks "player 1 wins exactly when the number of
 * edges is odd". */
static inline int census_breaks_parity(int edges, int winner)
{
    return winner != (edges % 2 ? 1 : 2);
}
/* The edges of a row that can be marked on the empty board, as SQL over the
 * columns kind, edges and leaves: on a plane board every edge but those at a
 * degree-1 vertex (marking one makes that vertex a sink or a source; a
 * connected board of two or more edges has one such edge per degree-1
 * vertex, the single edge has none markable), on a tree with special leaves
 * every edge.  Lin's form of the parity question (Fokkink and Zandee 2022 §1)
 * counts these. */
#define CY_CENSUS_MARKABLE_SQL "(CASE WHEN kind = 'tree' THEN edges WHEN edges > leaves THEN edges - leaves ELSE 0 END)"

/* ---- the store ---- */

/* The SQL columns of schema 3's invariants table, and of its results table
 * as a schema-2 boards table gives them (store.c's legacy views, merge.c). */
#define CY_CENSUS_INVARIANT_COLS                                                                                       \
    "kind, edges, code, graph6, vertices, cells, cell_sizes, min_degree, max_degree, leaves, inner_edges,"             \
    " outer_vertices, biconnected, triangle_free, bipartite, tree, outerplanar, automorphisms, involutions,"           \
    " thm6_involutions, thm6_winner, board"
#define CY_CENSUS_LEGACY_RESULT_COLS                                                                                   \
    "kind, 'standard' AS rules, edges, code, status, CASE winner WHEN 1 THEN 'N' WHEN 2 THEN 'P' END AS"               \
    " outcome, winner, CASE winner WHEN 1 THEN 1 WHEN 2 THEN -1 END AS value, grundy, parity_breaker, moves,"          \
    " NULL AS forced"

/* The documented schema (SQL with comments), as the store creates it. */
extern const char census_schema[];

/* How long a census database waits for another process's write lock (ms):
 * runs of other parts or edge counts writing the same file take turns. */
#define CY_CENSUS_BUSY_MS 600000

typedef struct census_store census_store;
/* Opens (create: creating if missing, with the schema) a census database.
 * An existing file must be a census database of schema 3, or of schema 2,
 * which is then read only (read through views as if it were schema 3 with
 * standard rows only). */
census_store *census_store_open(const char *path, int create, cy_error *err);
void census_store_close(census_store *s);
/* 1 when s is a schema-2 database (read only). */
int census_store_legacy(census_store *s);
/* 0 when s can be written, else -1 with a message saying how to copy it
 * into the current schema. */
int census_store_writable(census_store *s, cy_error *err);
sqlite3 *census_store_db(census_store *s);
const char *census_store_path(census_store *s);
/* Runs SQL without results; -1 with the path and SQLite's message. */
int census_exec(census_store *s, const char *sql, cy_error *err);
/* Inserts a row: its invariants (unless there already, from another rule
 * set), its result under its rules and its time (within the caller's
 * transaction); -1 on a schema-2 database. */
int census_store_put(census_store *s, const census_row *r, cy_error *err);

/* The progress of one unit of work: all boards of one kind and edge count in
 * one part of a split. */
typedef struct census_unit {
    int trees, edges, part, parts;
    int64_t done;       /* boards committed */
    int finished;       /* the unit is complete */
    double seconds;     /* wall time spent on the committed boards */
    double cpu_seconds; /* the process's CPU time on them */
    char rules[24];     /* the rules key; "" is standard */
} census_unit;
/* Reads the unit (trees, edges, part, parts of u) into u: 1 when the
 * database has it, 0 when not (u->done = 0), -1 on error. */
int census_unit_get(census_store *s, census_unit *u, cy_error *err);
int census_unit_put(census_store *s, const census_unit *u, cy_error *err);

/* ---- running ---- */

/* The table the boards of a run share, unless --memory says otherwise (MiB). */
#define CY_CENSUS_MEMORY_MIB 256
/* The least --memory the census commands take, in MiB (as the other commands). */
#define CY_CENSUS_MIN_MEMORY_MIB 1

typedef struct census_run_opts {
    int lo, hi; /* edge counts */
    int trees;
    int part, parts; /* part R of M (parts 0 or 1: everything) */
    int resume;      /* go on with the units the database has */
    census_solve_opts solve;
    int quiet;      /* no progress on stderr */
    int batch;      /* boards per transaction; 0: 2000 (and at least every 2 s) */
    int stop_after; /* testing: stop (as if killed) after this many boards; 0: never */
    /* the boards: NULL means census_enumerate (tests give their own) */
    int (*enumerate)(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err);
} census_run_opts;

/* Solves every board of the options into the store, unit by unit, each
 * batch in one transaction with its unit's progress: the batch is solved
 * in memory first and written under the write lock in milliseconds, so
 * several processes can run different units into one database at once.  Refuses units the
 * store has already unless resuming; a finished unit is skipped and an
 * unfinished one goes on after its committed boards.  Returns 0, -1, 1
 * when stop_after stopped it, or 2 when cy_interrupt stopped it (the boards
 * solved until then are written; resuming goes on after them). */
int census_run(census_store *s, const census_run_opts *o, cy_error *err);
/* Checks that s can take unit (edges, part/parts) of o: not split otherwise,
 * and not there already unless o->resume. */
int census_unit_check(census_store *s, const census_run_opts *o, int edges, int part, int parts, cy_error *err);
/* Runs one unit (edges, part of parts) of o into s. */
int census_run_unit(census_store *s, const census_run_opts *o, int edges, int part, int parts, cy_error *err);

/* Copies every unit and row of the database file src into s, refusing a row
 * or unit s has already; in a transaction of its own (the caller must have
 * none open). */
int census_absorb(census_store *s, const char *src, cy_error *err);
/* The same for a database given as its bytes (sqlite3_serialize), named
 * name in messages. */
int census_absorb_bytes(census_store *s, const char *name, unsigned char *bytes, size_t len, cy_error *err);
/* Checks that the units of s cover each (kind, edges) exactly once, split the
 * same way, every part present and finished (unless partial), the edge counts
 * of each kind a range without gaps, and the rows as many as the units say. */
int census_check_complete(census_store *s, int partial, cy_error *err);
/* Merges the databases in[0..n) into a new database out (which must not
 * exist): written to a temporary file and renamed when complete.  partial
 * lets unfinished units through (their edge counts are then not exhaustive). */
int census_merge(const char *const *in, int n, const char *out, int partial, cy_error *err);

/* ---- the cost plan (plan.c) ---- */

typedef struct census_plan_opts {
    int lo, hi;              /* edge counts */
    int vlo, vhi;            /* vertex counts; 0, 0: every possible one */
    int samples;             /* graphs sampled per (edges, vertices); 0: count only */
    int boards;              /* boards made rows per sampled graph; 0: all */
    uint64_t seed;           /* of the random samples */
    double count_timeout;    /* seconds nauty may take to count one stratum; 0: no limit */
    int quiet;               /* no progress on stderr */
    census_solve_opts solve; /* timeout per board, memory; table NULL: one for the plan */
} census_plan_opts;

/* What one stratum (an edge count and a vertex count) would cost. */
typedef struct census_plan_row {
    int edges, vertices;
    int64_t graphs;             /* its connected planar graphs, counted by nauty (exact) */
    double nauty_seconds;       /* CPU seconds geng and planarg took to list them */
    int sampled;                /* graphs sampled (uniformly, all when fewer than asked) */
    int64_t sample_boards;      /* the boards of the sampled graphs (exact) */
    int solved, timeouts;       /* boards made rows; of them, out of --timeout */
    double boards, boards_se;   /* the stratum's boards estimated, its standard error */
    double cpu_seconds, cpu_se; /* the CPU seconds of its census estimated (enumeration and rows) */
    double plan_seconds;        /* CPU seconds the sample took */
} census_plan_row;

/* Measures every stratum of o (plan.c says how) into *rows (malloc'd,
 * *nrows of them, by edges then vertices); progress on stderr.  0, or -1
 * with a message. */
int census_plan(const census_plan_opts *o, census_plan_row **rows, int *nrows, cy_error *err);
/* The plan as a markdown table with a total per edge count, or as JSON
 * {"strata": [...], "totals": [...]} (malloc'd). */
char *census_plan_format(const census_plan_row *rows, int n, int json);

/* ---- questions ---- */

typedef struct census_query_opts {
    int json;
    int trees;         /* the trees instead of the boards */
    int limit;         /* boards listed at most; 0: 20, -1: all */
    int lo, hi;        /* edge counts; 0, 0: all */
    const char *rules; /* the rules key (summary); NULL: standard */
} census_query_opts;

/* The names of the queries, for messages. */
extern const char census_query_names[];
/* Runs query name on s; the answer (text, or JSON with o->json) in *out
 * (malloc'd).  -1 with a message for an unknown name or a database error. */
int census_query(census_store *s, const char *name, const census_query_opts *o, char **out, cy_error *err);

/* A file of the census report: where it goes and its text. */
typedef struct census_file {
    char *path;
    char *text;
} census_file;

/* The census report, made in memory for the caller to write. */
typedef struct census_report_out {
    char *md;           /* the report (markdown) */
    char *dir;          /* the directory of its pictures (NULL without md_path) */
    census_file *files; /* the pictures, DIR/NAME.svg, to write into dir */
    int nfiles;
} census_report_out;

/* Makes the report (markdown) that is to be written to md_path, with its
 * pictures to go in a directory beside it named after it (docs/census.md:
 * docs/census/, the report linking census/NAME.svg); with md_path NULL
 * (standard output) no pictures, their boards as JSON in the text.  command
 * is the command line that makes the report, made_by (or NULL) says how the
 * database was made.  Writes nothing: the caller makes out->dir, writes
 * out->files and out->md, then frees them with census_report_out_free.
 * 0, or -1 with a message (out then holds nothing). */
int census_report(census_store *s, const char *md_path, const char *command, const char *made_by,
                  census_report_out *out, cy_error *err);
/* Frees what out holds and empties it. */
void census_report_out_free(census_report_out *out);

/* ---- certificates of the report's examples (certify.c) ---- */

typedef struct census_certify_opts {
    const char *dir; /* the folder the certificates go to (made if missing) */
    int lo, hi;      /* edge counts; 0, 0: all */
    int limit;       /* boards per class and edge count; 0: 1, -1: all */
    double timeout;  /* seconds each board's solver may take; 0: none */
    size_t memory;   /* each solver's tables; 0: the default */
    int quiet;       /* no line on stderr per certificate */
} census_certify_opts;

/* Writes into o->dir a certificate of the Grundy value (cy_certificate_write)
 * of each example board of the report: grundy-max-E-K.cert (the boards of
 * the largest value of E edges), grundy-smallest-E-1.cert (the smallest
 * board of each value), conjecture1-E-K.cert (trees against Conjecture 1)
 * and two-cells-E-K.cert (two-cell boards breaking parity).  *table gets a
 * markdown table, a row per certificate: value, positions searched,
 * records, bytes, seconds.  -1 with a message if the database fails, or
 * when a certificate could not be written or its value disagrees with the
 * database's (the table says which). */
int census_certify(census_store *s, const census_certify_opts *o, char **table, cy_error *err);

/* ---- options of the census commands ---- */

typedef struct census_args {
    const char *db, *output, *made_by;
    int have_edges, lo, hi;      /* --edges A..B */
    int have_vertices, vlo, vhi; /* --vertices A..B (plan) */
    int have_samples, samples;   /* --samples K (plan) */
    int have_boards, boards;     /* --boards J (plan) */
    uint64_t seed;               /* --seed N (plan) */
    double count_timeout;        /* --count-timeout S (plan); 0: not given */
    int partial;                 /* --partial (merge) */
    census_run_opts run;         /* --trees --part --parts --resume --timeout --memory --quiet --batch */
    census_query_opts query;     /* --json --trees --limit */
    const char *rules_name;      /* --rules NAME */
    int players, extra_turn;     /* --players K, --extra-turn */
    char rules_key[24];          /* census_rules_key of the rules */
    const char *pos[256];        /* positional arguments */
    int npos;
} census_args;

/* Parses argv[first..] into a (zeroed first), accepting the long options
 * named in allowed (blank-separated).  Returns 0, or 2 with a one-line
 * message in err (a usage error). */
int census_parse_args(int argc, char **argv, int first, const char *allowed, census_args *a, cy_error *err);

/* A usage error: fmt with arg (escaped, shortened) as err's message;
 * returns 2, the exit status of usage errors. */
int census_usage_error(cy_error *err, const char *fmt, const char *arg);

/* ---- the census explorer's queries (GET /api/census of `cycles serve
 * --census`, src/server/server_census.c): the SQL lives here, the server
 * runs it on its lane's connections ---- */

struct json_t;
#define CY_CENSUS_EXPLORE_RULES 16
/* The explorer's indexes (store.c creates them), as bits. */
enum { CY_CENSUS_IX_GRUNDY = 1, CY_CENSUS_IX_WINNER = 2, CY_CENSUS_IX_FLAGS = 4, CY_CENSUS_IX_ALL = 7 };

/* What a census database holds for the explorer. */
typedef struct census_explore_info {
    char rules[CY_CENSUS_EXPLORE_RULES][24]; /* the rule sets it has solved under */
    int nrules;
    int has_index; /* CY_CENSUS_IX_* bits: the indexes present */
} census_explore_info;

/* The explorer's filters, each -1 when not given. */
typedef struct census_filters {
    int tree; /* kind: 0 board, 1 tree */
    char rules[24];
    int edges, grundy, winner, parity_breaker, triangle_free, leaves;
    int limit, offset;
} census_filters;

/* Opens the census at path read only (query_only, its own page cache, a
 * busy timeout for a census being written) into *db; 0, or -1 with a
 * message naming the file. */
int census_explore_open(const char *path, sqlite3 **db, cy_error *err);
/* Checks that db is a census of schema 3 and reads what it holds into
 * *info; 0, or -1 with a message naming the file as name. */
int census_explore_read(sqlite3 *db, const char *name, census_explore_info *info, cy_error *err);
/* The boards of db matching f: their count in *total and the page
 * (f->limit rows from f->offset) as a JSON array of row objects in *rows
 * (the explorer's answer, docs/browser.md), each with its board and a
 * drawing for its thumbnail.  Parameterised SQL from fixed pieces, its plan
 * chosen by has_index.  Returns SQLITE_OK, or the SQLite code of the
 * failure (SQLITE_INTERRUPT when db's progress handler stopped it) with
 * *rows NULL. */
int census_explore(sqlite3 *db, int has_index, const census_filters *f, long long *total, struct json_t **rows);

#endif
