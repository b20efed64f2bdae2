/*
 * test_twocell.c - the two-cell boards without degree-1 vertices of
 * `census twocell` (src/census/twocell.c) against independent counts and
 * values, and the markable edges the report counts:
 *   - the enumeration's boards per edge count against closed forms worked
 *     out by hand here, (E - 3)(E - 4) in all and one per shape (theta,
 *     figure-eight, dumbbell), the shape read off each board by a check of
 *     its own (a vertex of degree 4; a cut vertex); every board two cells,
 *     no degree-1 vertex, codes all different;
 *   - the library's formula (census_twocell_count, a sum over shapes)
 *     against the same closed form up to 60 edges;
 *   - the boards against the census's own: every board of up to 9 edges
 *     that the census enumerates (nauty and every embedding) with two cells
 *     and no degree-1 vertex, by code and graph6, both ways;
 *   - winners and Grundy values of a `census twocell` run of up to 10 edges
 *     (the run's own solves, on its shared table) against tests/brute.c;
 *   - the markable edges of CY_CENSUS_MARKABLE_SQL, on every row of a small
 *     census of boards, trees and two-cell boards, against the edges that
 *     tests/brute.c finds a legal move on at the empty board.
 */
#include "support.h"
#include "brute.h"
#include "census.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------ collecting */

typedef struct item {
    char *code, *g6;
    int shape; /* 0 theta, 1 figure-eight, 2 dumbbell */
} item;

typedef struct coll {
    item *it;
    int n, cap;
    int two_cells_only; /* keep only boards of two cells and no degree-1 vertex */
    int edges;
} coll;

/* Whether b stays connected without vertex x. */
static int connected_without(const cy_board *b, int x)
{
    int seen[64] = {0}, stack[64], top = 0, start = x == 0 ? 1 : 0, count = 1;
    seen[start] = 1;
    stack[top++] = start;
    while (top) {
        int v = stack[--top];
        for (int e = 0; e < b->ne; e++) {
            int w = b->eu[e] == v ? b->ev[e] : b->ev[e] == v ? b->eu[e] : -1;
            if (w >= 0 && w != x && !seen[w]) {
                seen[w] = 1;
                count++;
                stack[top++] = w;
            }
        }
    }
    return count == b->nv - 1;
}

/* The shape of a board of two cells without degree-1 vertices: 1 with a
 * vertex of degree 4 (a figure-eight), 2 with a cut vertex (a dumbbell), 0
 * otherwise (a theta). */
static int shape(const cy_board *b)
{
    for (int v = 0; v < b->nv; v++)
        if (cy_degree(b, v) == 4)
            return 1;
    for (int v = 0; v < b->nv; v++)
        if (!connected_without(b, v))
            return 2;
    return 0;
}

static int collect(const census_item *it, void *ctx)
{
    coll *c = ctx;
    const cy_board *b = it->board;
    int leaves = 0;
    for (int v = 0; v < b->nv; v++)
        leaves += cy_degree(b, v) == 1;
    if (c->two_cells_only && (b->ncells != 2 || leaves))
        return 0;
    if (!c->two_cells_only) {
        /* a board of census twocell */
        if (b->ncells != 2 || leaves || b->ne != c->edges || b->nv != b->ne - 1)
            fail_msg("%d edges: a board of %d vertices, %d edges, %d cells, %d degree-1 vertices", c->edges, b->nv,
                     b->ne, b->ncells, leaves);
        for (int v = 0; v < b->nv; v++)
            if (cy_degree(b, v) < 2 || cy_degree(b, v) > 4)
                fail_msg("%d edges: a vertex of degree %d", c->edges, cy_degree(b, v));
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->it = realloc(c->it, sizeof(item) * (size_t)c->cap);
        assert_non_null(c->it);
    }
    item *r = &c->it[c->n++];
    r->code = strdup(it->code);
    r->g6 = strdup(it->graph6);
    r->shape = shape(b);
    return 0;
}

static void coll_free(coll *c)
{
    for (int i = 0; i < c->n; i++) {
        free(c->it[i].code);
        free(c->it[i].g6);
    }
    free(c->it);
    memset(c, 0, sizeof *c);
}

static int by_code(const void *a, const void *b)
{
    return strcmp(((const item *)a)->code, ((const item *)b)->code);
}

/* The boards of census twocell with E edges, sorted by code. */
static void twocell(int E, coll *c)
{
    memset(c, 0, sizeof *c);
    c->edges = E;
    census_enum_opts o = {E, 0, 0, 1};
    cy_error err;
    if (census_twocell_enumerate(&o, collect, c, &err) != 0)
        fail_msg("%d edges: %s", E, err.msg);
    if (c->n)
        qsort(c->it, (size_t)c->n, sizeof(item), by_code);
}

/* ------------------------------------------------------------ counts */

/* The closed forms (worked out by hand from the shapes' descriptions):
 * thetas floor((E-1)^2/4) - 2 (middle path m and outer pair x <= y, all
 * >= 1, minus the two with two paths of length 1); figure-eights
 * floor((E-4)/2) side by side and E - 5 one inside the other; dumbbells
 * floor((E-5)^2/4) side by side and (E-5)(E-6)/2 one inside the other. */
static long closed_shape(int E, int s)
{
    switch (s) {
    case 0:
        return E >= 5 ? (long)(E - 1) * (E - 1) / 4 - 2 : 0;
    case 1:
        return E >= 6 ? (E - 4) / 2 + (E - 5) : 0;
    default:
        return E >= 7 ? (long)(E - 5) * (E - 5) / 4 + (long)(E - 5) * (E - 6) / 2 : 0;
    }
}

static void test_counts(void **state)
{
    (void)state;
    for (int E = 1; E <= 14; E++) {
        coll c;
        twocell(E, &c);
        long want = E >= 3 ? (long)(E - 3) * (E - 4) : 0;
        if (c.n != want)
            fail_msg("%d edges: %d boards, (E - 3)(E - 4) = %ld", E, c.n, want);
        long per[3] = {0, 0, 0};
        for (int i = 0; i < c.n; i++) {
            per[c.it[i].shape]++;
            if (i && !strcmp(c.it[i].code, c.it[i - 1].code))
                fail_msg("%d edges: the code %s twice", E, c.it[i].code);
        }
        for (int s = 0; s < 3; s++)
            if (per[s] != closed_shape(E, s))
                fail_msg("%d edges, shape %d: %ld boards, the closed form %ld", E, s, per[s], closed_shape(E, s));
        coll_free(&c);
    }
    for (int E = 1; E <= CY_CENSUS_MAX_EDGES; E++)
        assert_int_equal(census_twocell_count(E), E >= 3 ? (long)(E - 3) * (E - 4) : 0);
    /* the largest size it takes: the count holds there too */
    coll c;
    twocell(CY_CENSUS_MAX_EDGES, &c);
    assert_int_equal(c.n, (long)(CY_CENSUS_MAX_EDGES - 3) * (CY_CENSUS_MAX_EDGES - 4));
    coll_free(&c);
}

/* Every census board of two cells and no degree-1 vertex is a board of
 * census twocell with the same code and graph6, and the other way round. */
static void test_against_census(void **state)
{
    (void)state;
    for (int E = 1; E <= 9; E++) {
        coll mine, census;
        twocell(E, &mine);
        memset(&census, 0, sizeof census);
        census.two_cells_only = 1;
        census.edges = E;
        census_enum_opts o = {E, 0, 0, 1};
        cy_error err;
        if (census_enumerate(&o, collect, &census, &err) != 0)
            fail_msg("census of %d edges: %s", E, err.msg);
        if (census.n)
            qsort(census.it, (size_t)census.n, sizeof(item), by_code);
        if (census.n != mine.n)
            fail_msg("%d edges: the census has %d two-cell boards without degree-1 vertices, census twocell %d", E,
                     census.n, mine.n);
        for (int i = 0; i < mine.n; i++)
            if (strcmp(mine.it[i].code, census.it[i].code) || strcmp(mine.it[i].g6, census.it[i].g6))
                fail_msg("%d edges: census twocell has %s (%s) where the census has %s (%s)", E, mine.it[i].code,
                         mine.it[i].g6, census.it[i].code, census.it[i].g6);
        coll_free(&mine);
        coll_free(&census);
    }
}

/* ------------------------------------------------------------ a database */

static char dir[256];

static const char *db_path(const char *name)
{
    static char buf[320];
    snprintf(buf, sizeof buf, "%s/%s", dir, name);
    return buf;
}

/* Runs edges lo..hi of kind (0 boards, 1 trees, CY_CENSUS_TWOCELL) into s. */
static void run(census_store *s, int kind, int lo, int hi)
{
    census_run_opts o;
    memset(&o, 0, sizeof o);
    o.lo = lo;
    o.hi = hi;
    o.trees = kind;
    o.quiet = 1;
    o.solve.memory = 64 << 20;
    if (kind == CY_CENSUS_TWOCELL)
        o.enumerate = census_twocell_enumerate;
    cy_error err;
    if (census_run(s, &o, &err) != 0)
        fail_msg("run: %s", err.msg);
}

/* The board of a row's JSON. */
static cy_board *row_board(sqlite3_stmt *st, int col)
{
    const char *json = (const char *)sqlite3_column_text(st, col);
    cy_error err;
    cy_board *b = cy_read_board(json, strlen(json), CY_FMT_JSON, NULL, &err);
    if (!b)
        fail_msg("%s: %s", json, err.msg);
    return b;
}

/* The winners and Grundy values of a census twocell run against the brute
 * force. */
static void test_values_against_brute_force(void **state)
{
    (void)state;
    cy_error err;
    census_store *s = census_store_open(db_path("values.db"), 1, &err);
    if (!s)
        fail_msg("%s", err.msg);
    run(s, CY_CENSUS_TWOCELL, 1, 10);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(census_store_db(s),
                                        "SELECT board, winner, grundy, status, parity_breaker, edges FROM boards"
                                        " WHERE kind = 'twocell' ORDER BY edges, code",
                                        -1, &st, NULL),
                     SQLITE_OK);
    int n = 0, breakers = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        cy_board *b = row_board(st, 0);
        br_game *g = br_new(b);
        assert_non_null(g);
        unsigned char mark[64] = {0};
        int winner = br_wins(g, mark) ? 1 : 2, grundy = br_grundy(g, mark);
        if (strcmp((const char *)sqlite3_column_text(st, 3), "solved") || sqlite3_column_int(st, 1) != winner ||
            sqlite3_column_int(st, 2) != grundy)
            fail_msg("%s: winner %d grundy %d, the brute force %d and %d", sqlite3_column_text(st, 0),
                     sqlite3_column_int(st, 1), sqlite3_column_int(st, 2), winner, grundy);
        assert_int_equal(sqlite3_column_int(st, 4), winner != (sqlite3_column_int(st, 5) % 2 ? 1 : 2));
        breakers += sqlite3_column_int(st, 4);
        br_free(g);
        cy_board_free(b);
        n++;
    }
    sqlite3_finalize(st);
    assert_int_equal(n, 2 + 6 + 12 + 20 + 30 + 42);
    assert_true(breakers > 0); /* the even exceptions are there to find */
    /* the report's section: its shapes (read off the invariants) against
     * the closed forms, per edge count and per shape in all */
    cy_error rerr;
    census_report_out rep;
    if (census_report(s, db_path("report.md"), "test", NULL, &rep, &rerr) < 0)
        fail_msg("report: %s", rerr.msg);
    census_store_close(s);
    char *md = rep.md;
    rep.md = NULL;
    census_report_out_free(&rep);
    char *sec = strstr(md, "## 6. Two-cell boards");
    assert_non_null(sec);
    long theta = 0, eight = 0, dumb = 0, rows = 0;
    int in_table = 0; /* in the table of counts (the section has others) */
    for (char *line = sec; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        int e, v[5];
        long k;
        if (!strncmp(line, "| edges | boards | formula |", 27))
            in_table = 1;
        else if (*line != '|')
            in_table = 0;
        if (in_table && sscanf(line, "| %d | %d | %d | %d | %d | %d |", &e, &v[0], &v[1], &v[2], &v[3], &v[4]) == 6) {
            if (v[0] != (e - 3) * (e - 4) || v[1] != v[0] || v[2] != closed_shape(e, 0) || v[3] != closed_shape(e, 1) ||
                v[4] != closed_shape(e, 2))
                fail_msg("report, %d edges: %d boards, formula %d, shapes %d %d %d", e, v[0], v[1], v[2], v[3], v[4]);
            rows++;
        }
        if (sscanf(line, "| theta | %*s | %ld |", &k) == 1)
            theta += k;
        if (sscanf(line, "| figure-eight%*[^|]| %*s | %ld |", &k) == 1)
            eight += k;
        if (sscanf(line, "| dumbbell%*[^|]| %*s | %ld |", &k) == 1)
            dumb += k;
        if (!strncmp(line, "## Moves", 8))
            break;
    }
    long want[3] = {0, 0, 0};
    for (int e = 1; e <= 10; e++)
        for (int k = 0; k < 3; k++)
            want[k] += closed_shape(e, k);
    if (rows != 6 || theta != want[0] || eight != want[1] || dumb != want[2])
        fail_msg("report: %ld rows; by shape %ld %ld %ld, the closed forms %ld %ld %ld", rows, theta, eight, dumb,
                 want[0], want[1], want[2]);
    free(md);
}

/* The edges with a legal move on the empty board, by the brute force. */
static int brute_markable(const cy_board *b)
{
    br_game *g = br_new(b);
    assert_non_null(g);
    unsigned char mark[64] = {0};
    int n = 0;
    for (int e = 0; e < b->ne; e++)
        n += br_legal(g, mark, 2 * e) || br_legal(g, mark, 2 * e + 1);
    br_free(g);
    return n;
}

static void test_markable(void **state)
{
    (void)state;
    cy_error err;
    census_store *s = census_store_open(db_path("markable.db"), 1, &err);
    if (!s)
        fail_msg("%s", err.msg);
    run(s, 0, 1, 7);
    run(s, 1, 1, 8);
    run(s, CY_CENSUS_TWOCELL, 1, 9);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(census_store_db(s),
                                        "SELECT board, " CY_CENSUS_MARKABLE_SQL
                                        ", kind, edges FROM boards ORDER BY kind, edges, code",
                                        -1, &st, NULL),
                     SQLITE_OK);
    int n = 0, fewer = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        cy_board *b = row_board(st, 0);
        int want = brute_markable(b);
        if (sqlite3_column_int(st, 1) != want)
            fail_msg("%s %s: %d markable edges, the brute force finds %d", sqlite3_column_text(st, 2),
                     sqlite3_column_text(st, 0), sqlite3_column_int(st, 1), want);
        fewer += want < sqlite3_column_int(st, 3);
        cy_board_free(b);
        n++;
    }
    sqlite3_finalize(st);
    census_store_close(s);
    assert_true(n > 300);
    assert_true(fewer > 100); /* boards with unmarkable edges were among them */
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/twocell-test-XXXXXX");
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
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_against_census),
        cmocka_unit_test(test_values_against_brute_force),
        cmocka_unit_test(test_markable),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
