/*
 * test_census_db.c - the census's own side (src/census/ but the enumeration):
 * invariants against separately written brute forces, solves against
 * tests/brute.c, the store's round trip, runs stopped and resumed, merges
 * with parts missing or double, and the query answers.  The boards come from
 * a small enumerator of family boards written here, so these tests do not
 * depend on the real enumeration (tests/cli/census.sh runs that end to end).
 */
#include "support.h"
#include "brute.h"
#include "randboard.h"
#include "census.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------- brute forces */

/* Adjacency matrix of b (nv <= 16). */
static void matrix(const cy_board *b, unsigned char a[16][16])
{
    memset(a, 0, 16 * 16);
    for (int e = 0; e < b->ne; e++)
        a[b->eu[e]][b->ev[e]] = a[b->ev[e]][b->eu[e]] = 1;
}

static int naive_triangle_free(const cy_board *b)
{
    unsigned char a[16][16];
    matrix(b, a);
    for (int i = 0; i < b->nv; i++)
        for (int j = i + 1; j < b->nv; j++)
            for (int k = j + 1; k < b->nv; k++)
                if (a[i][j] && a[j][k] && a[i][k])
                    return 0;
    return 1;
}

/* Bipartite: some colouring of all 2^n makes every edge two-coloured. */
static int naive_bipartite(const cy_board *b)
{
    for (unsigned c = 0; c < 1u << b->nv; c++) {
        int ok = 1;
        for (int e = 0; e < b->ne && ok; e++)
            ok = ((c >> b->eu[e]) & 1) != ((c >> b->ev[e]) & 1);
        if (ok)
            return 1;
    }
    return 0;
}

/* Whether the graph without vertex x (or none for -1) is connected, by
 * repeated relaxation. */
static int connected_without(const cy_board *b, int x)
{
    int seen[16] = {0}, start = x == 0 ? 1 : 0, changed = 1;
    seen[start] = 1;
    while (changed) {
        changed = 0;
        for (int e = 0; e < b->ne; e++) {
            int u = b->eu[e], v = b->ev[e];
            if (u == x || v == x)
                continue;
            if (seen[u] != seen[v]) {
                seen[u] = seen[v] = 1;
                changed = 1;
            }
        }
    }
    for (int v = 0; v < b->nv; v++)
        if (v != x && !seen[v])
            return 0;
    return 1;
}

static int naive_biconnected(const cy_board *b)
{
    if (b->nv < 3)
        return 0;
    for (int v = 0; v < b->nv; v++)
        if (!connected_without(b, v))
            return 0;
    return 1;
}

/* The vertex sequence of face f (the tails of its darts) mapped by p (NULL:
 * as it is), read backwards when rev. */
static void face_seq(const cy_board *b, int f, const int *p, int rev, int *out)
{
    int n = cy_face_len(b, f);
    for (int i = 0; i < n; i++) {
        int v = cy_tail(b, b->fdarts[b->fstart[f] + i]);
        out[rev ? n - 1 - i : i] = p ? p[v] : v;
    }
}

/* Whether the cyclic sequences x and y of length n are equal up to rotation. */
static int cyc_equal(const int *x, const int *y, int n)
{
    for (int s = 0; s < n; s++) {
        int ok = 1;
        for (int i = 0; i < n && ok; i++)
            ok = x[i] == y[(i + s) % n];
        if (ok)
            return 1;
    }
    return 0;
}

/* Whether p (reversing the faces when rev) maps every face onto a face of
 * the same kind (cells to cells, the outer face to itself). */
static int maps_faces(const cy_board *b, const int *p, int rev)
{
    int x[64], y[64];
    for (int f = 0; f <= b->ncells; f++) {
        face_seq(b, f, p, rev, x);
        int n = cy_face_len(b, f), found = 0;
        for (int g = 0; g <= b->ncells && !found; g++) {
            if ((f == b->ncells) != (g == b->ncells) || cy_face_len(b, g) != n)
                continue;
            face_seq(b, g, NULL, 0, y);
            found = cyc_equal(x, y, n);
        }
        if (!found)
            return 0;
    }
    return 1;
}

/* The automorphisms by trying every permutation of the vertices (nv <= 8). */
static int naive_automorphisms(const cy_board *b)
{
    int n = b->nv, p[16], count = 0;
    unsigned char a[16][16];
    matrix(b, a);
    for (int i = 0; i < n; i++)
        p[i] = i;
    for (;;) {
        int ok = 1;
        for (int e = 0; e < b->ne && ok; e++)
            ok = a[p[b->eu[e]]][p[b->ev[e]]];
        for (int v = 0; v < n && ok; v++)
            ok = b->special[v] == b->special[p[v]];
        if (ok && (maps_faces(b, p, 0) || maps_faces(b, p, 1)))
            count++;
        /* next permutation */
        int i = n - 2;
        while (i >= 0 && p[i] > p[i + 1])
            i--;
        if (i < 0)
            break;
        int j = n - 1;
        while (p[j] < p[i])
            j--;
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int l = i + 1, r = n - 1; l < r; l++, r--)
            t = p[l], p[l] = p[r], p[r] = t;
    }
    return count;
}

static const census_solve_opts solve_opts = {0, 64 << 20, NULL, {CY_RULES_STANDARD, 0, 0}};

/* The length of the standard game from mark under perfect play, by minimax
 * over tests/brute.c's moves (a pair per position: who wins, and how long it
 * takes when the winner takes his shortest win and the loser his longest
 * loss); memo[idx] caches 1 + 2 * length + wins by base-3 index idx. */
static int brute_length(br_game *g, const cy_board *b, unsigned char *mark, int idx, int *memo, int *wins)
{
    if (memo[idx]) {
        *wins = (memo[idx] - 1) & 1;
        return (memo[idx] - 1) >> 1;
    }
    int out[2 * BR_MAX_EDGES], n = br_legal_moves(g, mark, out), shortest_win = -1, longest_loss = 0;
    for (int i = 0; i < n; i++) {
        int d = out[i], e = d >> 1, len, w, pow = 1;
        for (int k = 0; k < e; k++)
            pow *= 3;
        if (br_completes(g, mark, d)) {
            len = 1;
            w = 1;
        } else {
            mark[e] = (unsigned char)(d & 1 ? CY_BWD : CY_FWD);
            int cw;
            len = 1 + brute_length(g, b, mark, idx + mark[e] * pow, memo, &cw);
            w = !cw;
            mark[e] = CY_UNMARKED;
        }
        if (w && (shortest_win < 0 || len < shortest_win))
            shortest_win = len;
        if (!w && len > longest_loss)
            longest_loss = len;
    }
    *wins = shortest_win >= 0;
    int len = *wins ? shortest_win : longest_loss;
    memo[idx] = 1 + 2 * len + *wins;
    return len;
}

/* Invariants and solves of random boards and family boards against the brute forces. */
static void test_invariants_against_brute_force(void **state)
{
    (void)state;
    rb_rng rng = {20261122};
    /* every other board solved on a table the boards share, as runs do */
    cy_error terr;
    cy_table *table = cy_table_new(8 << 20, &terr);
    assert_non_null(table);
    census_solve_opts shared = solve_opts;
    shared.table = table;
    for (int i = 0; i < 300; i++) {
        char desc[512];
        cy_board *b = rb_board(&rng, 9, desc, sizeof desc);
        if (b->nv > 8) {
            cy_board_free(b);
            continue;
        }
        census_row r;
        cy_error err;
        if (census_board_row(b, NULL, NULL, 0, i % 2 ? &shared : &solve_opts, &r, &err) < 0)
            fail_msg("%s: %s", desc, err.msg);
        if (r.triangle_free != naive_triangle_free(b) || r.bipartite != naive_bipartite(b) ||
            r.biconnected != naive_biconnected(b) || r.tree != (b->ne == b->nv - 1))
            fail_msg("%s: triangle-free %d bipartite %d biconnected %d tree %d", desc, r.triangle_free, r.bipartite,
                     r.biconnected, r.tree);
        int aut = naive_automorphisms(b);
        if (r.automorphisms != aut)
            fail_msg("%s: %d automorphisms, the brute force finds %d", desc, r.automorphisms, aut);
        br_game *g = br_new(b);
        unsigned char mark[64] = {0};
        int grundy = br_grundy(g, mark), wins = br_wins(g, mark);
        /* the moves column against the minimax */
        int pow = 1, lw;
        for (int e = 0; e < b->ne; e++)
            pow *= 3;
        int *memo = calloc((size_t)pow, sizeof(int));
        int len = brute_length(g, b, mark, 0, memo, &lw);
        free(memo);
        br_free(g);
        assert_true(b->ne <= CY_CENSUS_MOVES_MAX_EDGES);
        if (r.moves != len || lw != wins)
            fail_msg("%s: %d moves to the end, the brute force %d (winning %d)", desc, r.moves, len, lw);
        assert_int_equal(r.status, CY_CENSUS_SOLVED);
        if (r.grundy != grundy || r.winner != (wins ? 1 : 2))
            fail_msg("%s: grundy %d winner %d, the brute force %d and %d", desc, r.grundy, r.winner, grundy,
                     wins ? 1 : 2);
        /* Theorem 6 is a theorem: where it applies it names the winner, except
         * that as stated it overlooks unmarkable edges (a single edge between
         * two ordinary degree-1 vertices is self-involutive, but player 1
         * cannot mark it): found by this census */
        int loose = 0;
        for (int v = 0; v < b->nv; v++)
            loose |= cy_degree(b, v) == 1 && !b->special[v];
        if (r.thm6_winner && r.thm6_winner != r.winner && !loose)
            fail_msg("%s: Theorem 6 names player %d, the winner is %d", desc, r.thm6_winner, r.winner);
        int mind = 99, maxd = 0, leaves = 0;
        for (int v = 0; v < b->nv; v++) {
            int d = 0;
            for (int e = 0; e < b->ne; e++)
                d += (b->eu[e] == v) + (b->ev[e] == v);
            mind = d < mind ? d : mind;
            maxd = d > maxd ? d : maxd;
            leaves += d == 1;
        }
        assert_int_equal(r.min_degree, mind);
        assert_int_equal(r.max_degree, maxd);
        assert_int_equal(r.leaves, leaves);
        census_row_free(&r);
        cy_board_free(b);
    }
    cy_table_free(table);
}

/* Trees with special leaves of 9 to 12 edges, solved one after another on
 * one shared table as a tree run solves them (with the settings row.c gives
 * trees there: large enough that the outcome search runs, not only mex),
 * against the brute force. */
static void test_trees_against_brute_force(void **state)
{
    (void)state;
    rb_rng rng = {20261123};
    cy_error terr;
    cy_table *table = cy_table_new(8 << 20, &terr);
    assert_non_null(table);
    census_solve_opts shared = solve_opts;
    shared.table = table;
    for (int i = 0; i < 24; i++) {
        int n = 10 + rb_below(&rng, 4), parent[16];
        for (int v = 1; v < n; v++)
            parent[v] = rb_below(&rng, v);
        int perm[16];
        cy_board *b = rb_tree(NULL, n, parent, NULL, perm);
        census_row r;
        cy_error err;
        if (census_board_row(b, NULL, NULL, 1, &shared, &r, &err) < 0)
            fail_msg("tree %d: %s", i, err.msg);
        br_game *g = br_new(b);
        unsigned char mark[64] = {0};
        int grundy = br_grundy(g, mark);
        br_free(g);
        assert_int_equal(r.status, CY_CENSUS_SOLVED);
        if (r.grundy != grundy || r.winner != (grundy ? 1 : 2))
            fail_msg("tree %d (%d edges): grundy %d winner %d, the brute force %d", i, b->ne, r.grundy, r.winner, grundy);
        census_row_free(&r);
        cy_board_free(b);
    }
    cy_table_free(table);
}

/* Families whose invariants graph theory knows: outerplanar exactly when the
 * graph has no K4 or K2,3 minor; the group orders are the dihedral groups of
 * the drawings. */
static void test_family_invariants(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int outerplanar, automorphisms, biconnected;
    } cases[] = {
        {"k4", 0, 6, 1},        {"cycle:5", 1, 10, 1},   {"theta:2,2,2", 0, 4, 1}, {"theta:1,2,3", 1, 2, 1},
        {"grid:3x3", 0, 8, 1},  {"grid:2x4", 1, 4, 1},   {"wedge:3,3", 1, 4, 0},   {"lollipop:4", 1, 2, 0},
        {"chord:6,3", 1, 4, 1}, {"windmill:3", 1, 6, 0}, {"inner:4", 1, 2, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cy_board *b = t_board(cases[i].spec);
        census_row r;
        memset(&r, 0, sizeof r);
        cy_error err;
        assert_int_equal(census_graph_invariants(b, &r, &err), 0);
        census_row_free(&r);
        memset(&r, 0, sizeof r);
        assert_int_equal(census_board_row(b, NULL, NULL, 0, &solve_opts, &r, &err), 0);
        if (r.outerplanar != cases[i].outerplanar || r.automorphisms != cases[i].automorphisms ||
            r.biconnected != cases[i].biconnected)
            fail_msg("%s: outerplanar %d automorphisms %d biconnected %d", cases[i].spec, r.outerplanar,
                     r.automorphisms, r.biconnected);
        census_row_free(&r);
        cy_board_free(b);
    }
}

/* graph6 of a triangle and of a path, written out by hand from the format. */
static void test_graph6(void **state)
{
    (void)state;
    cy_board *b = t_board("cycle:3");
    char *g = census_graph6(b);
    assert_string_equal(g, "Bw"); /* n=3: 'B'; bits 111000 -> 56+63 = 'w' */
    free(g);
    cy_board_free(b);
    b = t_board("path:2"); /* 1-2-3: edges (0,1) (1,2): bits x01 x02 x12 = 1 0 1 */
    g = census_graph6(b);
    assert_string_equal(g, "Bg"); /* 101000 = 40, 40 + 63 = 103 = 'g' */
    free(g);
    cy_board_free(b);
}

/* ------------------------------------------------------ a test enumerator */

static const char *const specs[] =
    {"cycle:3",   "path:1",       "path:2",    "path:3",           "star:3",      "cycle:4",    "lollipop:3",
     "grid:2x2",  "path:4",       "star:4",    "spider:1,1,2",     "cycle:5",     "lollipop:4", "chord:4,2",
     "inner:3",   "k4",           "wedge:3,3", "butterfly:closed", "theta:2,2,2", "cycle:6",    "lollipop:5",
     "chord:5,2", "spider:1,2,2", "grid:2x3",  "theta:1,3,3",      "cycle:7",     "inner:5",    "chord:6,3",
     "wedge:3,4", "windmill:3",   NULL};

/* Visits the family boards above of o->edges edges (trees: those with special
 * leaves), the i-th of them in part i % parts. */
static int fake_enumerate(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err)
{
    int parts = o->parts > 1 ? o->parts : 1, idx = 0;
    for (int i = 0; specs[i]; i++) {
        cy_board *b = cy_family_build(specs[i], err);
        if (!b)
            return -1;
        int special = 0;
        for (int v = 0; v < b->nv; v++)
            special |= b->special[v];
        if (b->ne != o->edges || special != (o->trees != 0)) {
            cy_board_free(b);
            continue;
        }
        char *g6 = census_graph6(b);
        census_item it = {b, g6, specs[i], idx % parts};
        int rc = it.part == (parts > 1 ? o->part : 0) ? f(&it, ctx) : 0;
        idx++;
        free(g6);
        cy_board_free(b);
        if (rc)
            return rc;
    }
    return 0;
}

static char dir[256];

/* A fresh path in the test's directory. */
static const char *path(const char *name)
{
    static char buf[32][320];
    static int k;
    k = (k + 1) % 32;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    remove(buf[k]);
    return buf[k];
}

/* Every row of boards, in key order, as text. */
static char *dump(const char *db)
{
    cy_error err;
    census_store *s = census_store_open(db, 0, &err);
    if (!s)
        fail_msg("%s: %s", db, err.msg);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(census_store_db(s), "SELECT * FROM boards ORDER BY kind, edges, code", -1, &st,
                                        NULL),
                     SQLITE_OK);
    census_buf b = {0};
    census_printf(&b, "%s", "");
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int i = 0; i < sqlite3_column_count(st); i++) {
            const unsigned char *t = sqlite3_column_text(st, i);
            census_printf(&b, "%s|", t ? (const char *)t : "NULL");
        }
        census_printf(&b, "\n");
    }
    sqlite3_finalize(st);
    census_store_close(s);
    return b.s;
}

/* Runs the test census of edges lo..hi into db; returns census_run's value. */
static int run(const char *db, int lo, int hi, int trees, int part, int parts, int resume, int stop_after, cy_error *err)
{
    census_store *s = census_store_open(db, 1, err);
    if (!s)
        return -1;
    census_run_opts o;
    memset(&o, 0, sizeof o);
    o.lo = lo;
    o.hi = hi;
    o.trees = trees;
    o.part = part;
    o.parts = parts;
    o.resume = resume;
    o.quiet = 1;
    o.batch = 2;
    o.stop_after = stop_after;
    o.solve = solve_opts;
    o.enumerate = fake_enumerate;
    int rc = census_run(s, &o, err);
    census_store_close(s);
    return rc;
}

/* The stored columns read back equal what was computed. */
static void test_round_trip(void **state)
{
    (void)state;
    cy_error err;
    const char *db = path("rt.db");
    assert_int_equal(run(db, 6, 6, 0, 0, 1, 0, 0, &err), 0);
    census_store *s = census_store_open(db, 0, &err);
    assert_non_null(s);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(census_store_db(s),
                                        "SELECT code, graph6, vertices, cells, cell_sizes, min_degree, max_degree, leaves,"
                                        " inner_edges, outer_vertices, biconnected, triangle_free, bipartite, tree, outerplanar,"
                                        " automorphisms, involutions, thm6_involutions, thm6_winner, status, winner, grundy,"
                                        " parity_breaker, board FROM boards WHERE kind = 'board' ORDER BY code",
                                        -1, &st, NULL),
                     SQLITE_OK);
    int n = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *spec = (const char *)sqlite3_column_text(st, 0);
        cy_board *b = t_board(spec);
        census_row r;
        assert_int_equal(census_board_row(b, NULL, spec, 0, &solve_opts, &r, &err), 0);
        assert_string_equal(sqlite3_column_text(st, 1), r.graph6);
        const int want[] = {r.vertices,         r.cells,          -1,
                            r.min_degree,       r.max_degree,     r.leaves,
                            r.inner_edges,      r.outer_vertices, r.biconnected,
                            r.triangle_free,    r.bipartite,      r.tree,
                            r.outerplanar,      r.automorphisms,  r.involutions,
                            r.thm6_involutions, r.thm6_winner};
        for (int i = 0; i < 17; i++)
            if (want[i] >= 0)
                assert_int_equal(sqlite3_column_int(st, 2 + i), want[i]);
        assert_string_equal(sqlite3_column_text(st, 4), r.cell_sizes);
        assert_string_equal(sqlite3_column_text(st, 19), "solved");
        assert_int_equal(sqlite3_column_int(st, 20), r.winner);
        assert_int_equal(sqlite3_column_int(st, 21), r.grundy);
        assert_int_equal(sqlite3_column_int(st, 22), r.winner != 2); /* 6 edges: player 2 should win */
        /* the stored JSON reads back as the same board */
        const char *json = (const char *)sqlite3_column_text(st, 23);
        cy_board *c = cy_read_board(json, strlen(json), CY_FMT_JSON, NULL, &err);
        assert_non_null(c);
        assert_true(cy_board_isomorphic(b, c, NULL));
        cy_board_free(c);
        census_row_free(&r);
        cy_board_free(b);
        n++;
    }
    sqlite3_finalize(st);
    census_store_close(s);
    assert_int_equal(n, 7); /* k4, wedge:3,3, butterfly:closed, theta:2,2,2, cycle:6, lollipop:5, chord:5,2 */
}

/* A run stopped in the middle (its open batch lost, as when killed) and
 * resumed has the rows of a run that went through. */
static void test_resume(void **state)
{
    (void)state;
    cy_error err;
    const char *whole = path("whole.db"), *cut = path("cut.db");
    assert_int_equal(run(whole, 1, 7, 0, 0, 1, 0, 0, &err), 0);
    assert_int_equal(run(cut, 1, 7, 0, 0, 1, 0, 7, &err), 1);
    /* each unit's CPU time: some, and (one thread) no more than its wall time */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(whole, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT sum(cpu_seconds > 0), sum(cpu_seconds < 0 OR cpu_seconds > seconds + 0.01),"
                                        " count(*) FROM units",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_true(sqlite3_column_int(st, 0) > 0);
    assert_int_equal(sqlite3_column_int(st, 1), 0);
    assert_int_equal(sqlite3_column_int(st, 2), 7);
    sqlite3_finalize(st);
    sqlite3_close(db);
    char *a = dump(whole), *b = dump(cut);
    assert_true(strlen(b) < strlen(a));
    free(b);
    /* without --resume the database is refused */
    assert_int_equal(run(cut, 1, 7, 0, 0, 1, 0, 0, &err), -1);
    assert_non_null(strstr(err.msg, "--resume"));
    /* stopped again, then to the end */
    assert_int_equal(run(cut, 1, 7, 0, 0, 1, 1, 5, &err), 1);
    assert_int_equal(run(cut, 1, 7, 0, 0, 1, 1, 0, &err), 0);
    b = dump(cut);
    assert_string_equal(a, b);
    free(b);
    /* a finished run resumed changes nothing */
    assert_int_equal(run(cut, 1, 7, 0, 0, 1, 1, 0, &err), 0);
    b = dump(cut);
    assert_string_equal(a, b);
    free(a);
    free(b);
    census_store *s = census_store_open(cut, 0, &err);
    assert_int_equal(census_check_complete(s, 0, &err), 0);
    census_store_close(s);
}

/* Parts merged give the rows of the whole; a part missing or twice is refused. */
static void test_merge(void **state)
{
    (void)state;
    cy_error err;
    const char *whole = path("mwhole.db"), *p0 = path("p0.db"), *p1 = path("p1.db");
    assert_int_equal(run(whole, 1, 7, 0, 0, 1, 0, 0, &err), 0);
    assert_int_equal(run(whole, 1, 5, 1, 0, 1, 0, 0, &err), 0);
    assert_int_equal(run(p0, 1, 7, 0, 0, 2, 0, 0, &err), 0);
    assert_int_equal(run(p1, 1, 7, 0, 1, 2, 0, 0, &err), 0);
    assert_int_equal(run(p1, 1, 5, 1, 0, 1, 0, 0, &err), 0);
    const char *in[] = {p0, p1};
    const char *all = path("all.db");
    if (census_merge(in, 2, all, 0, &err) < 0)
        fail_msg("%s", err.msg);
    char *a = dump(whole), *b = dump(all);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* the output exists now: refused */
    assert_int_equal(census_merge(in, 2, all, 0, &err), -1);
    /* missing part */
    const char *out = path("bad.db");
    assert_int_equal(census_merge(in, 1, out, 0, &err), -1);
    assert_non_null(strstr(err.msg, "missing"));
    assert_int_equal(access(out, F_OK), -1);
    /* double part */
    const char *twice[] = {p0, p1, p0};
    assert_int_equal(census_merge(twice, 3, out, 0, &err), -1);
    assert_non_null(strstr(err.msg, "earlier database"));
    assert_int_equal(access(out, F_OK), -1);
    /* a part split otherwise */
    const char *p3 = path("p3.db");
    assert_int_equal(run(p3, 1, 7, 0, 1, 3, 0, 0, &err), 0);
    const char *mixed[] = {p0, p3};
    assert_int_equal(census_merge(mixed, 2, out, 0, &err), -1);
    if (!strstr(err.msg, "split"))
        fail_msg("%s", err.msg);
    /* an unfinished part: missing units after it, and with them there */
    const char *p1cut = path("p1cut.db");
    assert_int_equal(run(p1cut, 1, 7, 0, 1, 2, 0, 3, &err), 1);
    const char *unf[] = {p0, p1cut};
    assert_int_equal(census_merge(unf, 2, out, 0, &err), -1);
    const char *p07 = path("p07.db"), *p17 = path("p17.db");
    assert_int_equal(run(p07, 7, 7, 0, 0, 2, 0, 0, &err), 0);
    assert_int_equal(run(p17, 7, 7, 0, 1, 2, 0, 3, &err), 1); /* two committed, the third lost */
    const char *unf7[] = {p07, p17};
    assert_int_equal(census_merge(unf7, 2, out, 0, &err), -1);
    assert_non_null(strstr(err.msg, "unfinished"));
    /* ... which --partial lets through: the rows of both */
    if (census_merge(unf7, 2, out, 1, &err) < 0)
        fail_msg("%s", err.msg);
    char *p0rows = dump(p07), *prows = dump(out);
    assert_int_equal(strlen(prows) > strlen(p0rows), 1);
    free(p0rows);
    free(prows);
    out = path("bad2.db");
    /* not a database */
    const char *junk = path("junk.db");
    FILE *f = fopen(junk, "w");
    fputs("not a database at all, just text\n", f);
    fclose(f);
    const char *j2[] = {p0, junk};
    assert_int_equal(census_merge(j2, 2, out, 0, &err), -1);
    assert_non_null(strstr(err.msg, junk));
}

/* summary --json: the keys of the issue, and counts that add up and agree
 * with the brute force. */
static void test_query_summary(void **state)
{
    (void)state;
    cy_error err;
    const char *db = path("q.db");
    assert_int_equal(run(db, 1, 7, 0, 0, 1, 0, 0, &err), 0);
    assert_int_equal(run(db, 1, 5, 1, 0, 1, 0, 0, &err), 0);
    census_store *s = census_store_open(db, 0, &err);
    census_query_opts o = {1, 0, 0, 0, 0, NULL};
    char *out = NULL;
    assert_int_equal(census_query(s, "summary", &o, &out, &err), 0);
    json_t *j = json_loads(out, 0, NULL);
    assert_non_null(j);
    json_t *rows = json_object_get(j, "summary");
    assert_true(json_is_array(rows));
    /* count the boards of each kind and edge count, and the parity breakers, with the brute force */
    int boards[2][8] = {{0}}, breakers[2][8] = {{0}}, tfb[2][8] = {{0}};
    for (int i = 0; specs[i]; i++) {
        cy_board *b = t_board(specs[i]);
        int special = 0;
        for (int v = 0; v < b->nv; v++)
            special |= b->special[v];
        if (b->ne <= 7) {
            br_game *g = br_new(b);
            unsigned char mark[64] = {0};
            int winner = br_wins(g, mark) ? 1 : 2;
            br_free(g);
            boards[special][b->ne]++;
            if (winner != (b->ne % 2 ? 1 : 2)) {
                breakers[special][b->ne]++;
                tfb[special][b->ne] += naive_triangle_free(b);
            }
        }
        cy_board_free(b);
    }
    size_t i;
    json_t *row;
    int seen = 0;
    json_array_foreach(rows, i, row)
    {
        static const char *const keys[] =
            {"edges", "boards", "N", "P", "grundy", "parity_breakers", "triangle_free_parity_breakers"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (!json_object_get(row, keys[k]))
                fail_msg("summary row without \"%s\"", keys[k]);
        int t = !strcmp(json_string_value(json_object_get(row, "kind")), "tree");
        int e = (int)json_integer_value(json_object_get(row, "edges"));
        int n = (int)json_integer_value(json_object_get(row, "boards"));
        assert_int_equal(n, boards[t][e]);
        assert_int_equal(json_integer_value(json_object_get(row, "N")) + json_integer_value(json_object_get(row, "P")),
                         n);
        assert_int_equal(json_integer_value(json_object_get(row, "parity_breakers")), breakers[t][e]);
        assert_int_equal(json_integer_value(json_object_get(row, "triangle_free_parity_breakers")), tfb[t][e]);
        json_t *h = json_object_get(row, "grundy"), *v;
        const char *key;
        long long sum = 0;
        json_object_foreach(h, key, v) sum += json_integer_value(v);
        assert_int_equal(sum, n);
        seen += n;
    }
    int total = 0;
    for (int t = 0; t < 2; t++)
        for (int e = 0; e < 8; e++)
            total += boards[t][e];
    assert_int_equal(seen, total);
    json_decref(j);
    free(out);
    /* every query answers, in text and JSON; an unknown one is an error */
    static const char *const names[] = {"grundy-max", "parity-breakers", "drawing-matters",
                                        "two-cells",  "trees",           "timeouts"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        for (int js = 0; js < 2; js++) {
            o.json = js;
            if (census_query(s, names[k], &o, &out, &err) < 0)
                fail_msg("%s: %s", names[k], err.msg);
            if (js) {
                json_t *x = json_loads(out, 0, NULL);
                if (!x)
                    fail_msg("%s --json is no JSON: %s", names[k], out);
                json_decref(x);
            }
            free(out);
        }
    assert_int_equal(census_query(s, "nonsense", &o, &out, &err), -1);
    /* the report: the markdown, and its pictures to go beside it */
    census_report_out rep;
    if (census_report(s, path("report.md"), "test", NULL, &rep, &err) < 0)
        fail_msg("report: %s", err.msg);
    const char *text = rep.md;
    assert_non_null(strstr(text, "## 1. Which boards break parity?"));
    assert_non_null(strstr(text, "CREATE VIEW IF NOT EXISTS boards"));
    assert_string_equal(rep.dir, path("report"));
    /* each picture is in the report's directory, linked from the text, an SVG */
    assert_true(rep.nfiles > 0);
    for (int i = 0; i < rep.nfiles; i++) {
        const char *name = strrchr(rep.files[i].path, '/') + 1;
        char link[128];
        snprintf(link, sizeof link, "(report/%s)", name);
        assert_int_equal(strncmp(rep.files[i].path, rep.dir, strlen(rep.dir)), 0);
        assert_non_null(strstr(text, link));
        assert_non_null(strstr(rep.files[i].text, "<svg"));
    }
    census_report_out_free(&rep);
    census_store_close(s);
}

/* Boards of kind (0 boards, 1 trees) and edge count e in the database s. */
static int count_rows(census_store *s, int trees, int e)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(census_store_db(s), "SELECT count(*) FROM boards WHERE kind = ? AND edges = ?",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, trees ? "tree" : "board", -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, e);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* The report's time tables keep sampled edge counts (some parts of a split)
 * apart from those run whole; a tree sample estimates the whole as parts
 * times the trees of a part, a board sample (uneven parts) does not. */
static void test_report_samples(void **state)
{
    (void)state;
    cy_error err;
    const char *db = path("sample.db");
    assert_int_equal(run(db, 3, 3, 1, 0, 1, 0, 0, &err), 0);
    assert_int_equal(run(db, 4, 4, 1, 1, 3, 0, 0, &err), 0);
    assert_int_equal(run(db, 6, 6, 0, 1, 3, 0, 0, &err), 0);
    census_store *s = census_store_open(db, 0, &err);
    assert_non_null(s);
    int nt = count_rows(s, 1, 4), nb = count_rows(s, 0, 6);
    assert_true(nt > 0 && nb > 0);
    census_report_out rep;
    if (census_report(s, path("sample.md"), "test", NULL, &rep, &err) < 0)
        fail_msg("report: %s", err.msg);
    census_store_close(s);
    char *text = rep.md;
    rep.md = NULL;
    census_report_out_free(&rep);
    const char *times = strstr(text, "## Time per edge count");
    assert_non_null(times);
    const char *tree_table = strstr(times, "| edges | trees |");
    assert_non_null(tree_table);
    /* the boards: a sample row without an estimate, and no row run whole */
    char want[64];
    snprintf(want, sizeof want, "| 6 | 1 of 3 | %d | ", nb);
    const char *row = strstr(times, want);
    if (!row || row > tree_table)
        fail_msg("no \"%s\" in the boards' time tables", want);
    assert_non_null(strstr(row, "| | |\n"));
    assert_true(strstr(row, "| | |\n") < strchr(row, '\n') + 1);
    for (const char *p = times; p < row; p = strchr(p, '\n') + 1)
        assert_true(strncmp(p, "| 6 |", 5) != 0);
    /* the trees: a sample row estimating 3 parts of nt trees */
    snprintf(want, sizeof want, "| 4 | 1 of 3 | %d | ", nt);
    row = strstr(tree_table, want);
    if (!row)
        fail_msg("no \"%s\" in the trees' time tables", want);
    char est[32];
    snprintf(est, sizeof est, "| %d |", 3 * nt);
    const char *hit = strstr(row + strlen(want), est);
    assert_true(hit && hit < strchr(row, '\n'));
    for (const char *p = tree_table; p < row; p = strchr(p, '\n') + 1)
        assert_true(strncmp(p, "| 4 |", 5) != 0);
    free(text);
}

/* Number of boards of the summary query of db, by a connection of its own. */
static long long summary_boards(const char *db)
{
    cy_error err;
    census_store *s = census_store_open(db, 0, &err);
    if (!s)
        fail_msg("%s", err.msg);
    census_query_opts o = {1, 0, 0, 0, 0, NULL};
    char *out = NULL;
    if (census_query(s, "summary", &o, &out, &err) < 0)
        fail_msg("summary while another connection writes: %s", err.msg);
    json_t *j = json_loads(out, 0, NULL), *row;
    assert_non_null(j);
    long long n = 0;
    size_t i;
    json_array_foreach(json_object_get(j, "summary"), i, row) n += json_integer_value(json_object_get(row, "boards"));
    json_decref(j);
    free(out);
    census_store_close(s);
    return n;
}

/* Queries read the committed rows while a run holds a write transaction
 * (as census run does between its batches), which neither blocks the other. */
static void test_query_while_writing(void **state)
{
    (void)state;
    cy_error err;
    const char *db = path("busy.db");
    assert_int_equal(run(db, 1, 5, 0, 0, 1, 0, 0, &err), 0);
    long long before = summary_boards(db);
    assert_true(before > 0);
    census_store *w = census_store_open(db, 1, &err);
    assert_non_null(w);
    /* the strongest lock a writer takes; rows written but not committed */
    assert_int_equal(census_exec(w, "BEGIN EXCLUSIVE", &err), 0);
    /* every board again, 100 edges up (boards is a view of these two) */
    assert_int_equal(census_exec(w,
                                 "CREATE TEMP TABLE ti AS SELECT * FROM invariants; UPDATE ti SET edges = edges + 100;"
                                 " INSERT INTO invariants SELECT * FROM ti;"
                                 " CREATE TEMP TABLE tr AS SELECT * FROM results; UPDATE tr SET edges = edges + 100;"
                                 " INSERT INTO results SELECT * FROM tr;",
                                 &err),
                     0);
    double t0 = census_now();
    assert_int_equal(summary_boards(db), before); /* the committed rows only */
    assert_true(census_now() - t0 < 5);           /* not by waiting for the busy timeout */
    /* a reader open across the commit does not stop it */
    census_store *r = census_store_open(db, 0, &err);
    assert_non_null(r);
    assert_int_equal(census_exec(r, "BEGIN; SELECT count(*) FROM boards;", &err), 0);
    assert_int_equal(census_exec(w, "COMMIT", &err), 0);
    assert_int_equal(census_exec(r, "COMMIT", &err), 0);
    census_store_close(r);
    census_store_close(w);
    assert_int_equal(summary_boards(db), 2 * before);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/census-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invariants_against_brute_force),
        cmocka_unit_test(test_trees_against_brute_force),
        cmocka_unit_test(test_family_invariants),
        cmocka_unit_test(test_graph6),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_merge),
        cmocka_unit_test(test_query_summary),
        cmocka_unit_test(test_query_while_writing),
        cmocka_unit_test(test_report_samples),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
