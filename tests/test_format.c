/*
 * test_format.c - board formats: game tables (JSON and printed), the native
 * JSON board, drawings and DOT; round trips, the published peer tables, and
 * one test per error path.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

/* Reads text in format f; fails the test with the message if it cannot. */
static cy_board *rd(const char *text, cy_format f)
{
    cy_error err;
    cy_board *b = cy_read_board(text, strlen(text), f, NULL, &err);
    if (!b)
        fail_msg("could not read board: %s\n%s", err.msg, text);
    return b;
}

/* Asserts that reading text in format f fails with a message containing want. */
static void expect_err(const char *text, cy_format f, const char *want)
{
    cy_error err;
    err.msg[0] = 0;
    char *moves = NULL;
    cy_board *b = cy_read_board(text, strlen(text), f, &moves, &err);
    if (b)
        fail_msg("expected an error containing \"%s\", but the board loaded:\n%s", want, text);
    assert_null(moves);
    if (!strstr(err.msg, want))
        fail_msg("expected an error containing \"%s\", got \"%s\"", want, err.msg);
    assert_null(strchr(err.msg, '\n'));
}

/* Orders (tail, head) pairs. */
static int cmp_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The darts of face f as sorted (tail, head) pairs; caller frees. */
static int *face_pairs(const cy_board *b, int f)
{
    int n = cy_face_len(b, f);
    int *p = malloc(sizeof(int) * 2 * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        int d = b->fdarts[b->fstart[f] + i];
        p[2 * i] = cy_tail(b, d);
        p[2 * i + 1] = cy_head(b, d);
    }
    qsort(p, (size_t)n, 2 * sizeof(int), cmp_pair);
    return p;
}

/* A face as its sorted darts. */
typedef struct tface {
    int *pairs, len;
} tface;

/* Orders faces by their sorted darts. */
static int cmp_tface(const void *a, const void *b)
{
    const tface *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->pairs, y->pairs, sizeof(int) * 2 * (size_t)x->len);
}

/* The cells of b, each as sorted darts, in sorted order; caller frees. */
static tface *sorted_cells(const cy_board *b)
{
    tface *t = malloc(sizeof(tface) * (size_t)(b->ncells + 1));
    for (int f = 0; f < b->ncells; f++)
        t[f] = (tface){face_pairs(b, f), cy_face_len(b, f)};
    qsort(t, (size_t)b->ncells, sizeof *t, cmp_tface);
    return t;
}

/* Asserts that a and b have the same vertices (by number), edges, cells (in
 * any order) and outer face, each face compared as a set of darts; special
 * vertices too unless the format drops them (game tables). */
static void assert_same_as(const cy_board *a, const cy_board *b, int special)
{
    assert_int_equal(a->nv, b->nv);
    assert_int_equal(a->ne, b->ne);
    assert_int_equal(a->ncells, b->ncells);
    tface *p = sorted_cells(a), *q = sorted_cells(b);
    for (int f = 0; f < a->ncells; f++) {
        assert_int_equal(cmp_tface(&p[f], &q[f]), 0);
        free(p[f].pairs);
        free(q[f].pairs);
    }
    free(p);
    free(q);
    int f = a->ncells;
    assert_int_equal(cy_face_len(a, f), cy_face_len(b, f));
    int *x = face_pairs(a, f), *y = face_pairs(b, f);
    assert_memory_equal(x, y, sizeof(int) * 2 * (size_t)cy_face_len(a, f));
    free(x);
    free(y);
    for (int v = 0; v < a->nv && special; v++)
        assert_int_equal(a->special[v], b->special[v]);
}

/* assert_same_as, special vertices included. */
static void assert_same(const cy_board *a, const cy_board *b)
{
    assert_same_as(a, b, 1);
}

/* Writes b in format f and reads it back; asserts the same board. */
static void round_trip(const cy_board *b, cy_format f)
{
    cy_error err;
    char *text = cy_write_board(b, NULL, f, &err);
    if (!text)
        fail_msg("writing as %s: %s", cy_format_name(f), err.msg);
    int special = f != CY_FMT_TABLE && f != CY_FMT_TABLE_TEXT;
    cy_board *c = rd(text, f);
    assert_same_as(b, c, special);
    cy_board *d = rd(text, CY_FMT_AUTO);
    assert_same_as(b, d, special);
    if (f == CY_FMT_JSON || f == CY_FMT_DRAWING)
        for (int v = 0; v < b->nv; v++)
            assert_string_equal(b->label[v], c->label[v]);
    cy_board_free(c);
    cy_board_free(d);
    free(text);
}

/* Removes blanks from s in place. */
static char *squeeze(char *s)
{
    char *w = s;
    for (char *p = s; *p; p++)
        if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r')
            *w++ = *p;
    *w = 0;
    return s;
}

static const char *peer[] = {"main", "t00", "t01", "t02", "t03", "t04", "t05", "t06",
                             "t07",  "t08", "t09", "t10", "t11", "t12", "t13"};

/* Every published table loads and round-trips, except t11, which is malformed:
 * in column 2, row 1 lists 6 (1 -> 6) though no row leads to 1, and row 5
 * leads to 2 though row 2 is 0; the 6 belongs in row 2 (face 2 -> 6 -> 5). */
static void test_peer_tables(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof peer / sizeof peer[0]; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "peer-tables/%s.json", peer[i]);
        size_t len;
        char *text = t_read_file(t_data_path(rel), &len);
        cy_error err;
        cy_board *b = cy_read_board(text, len, CY_FMT_AUTO, NULL, &err);
        if (strcmp(peer[i], "t11") == 0) {
            assert_null(b);
            assert_non_null(strstr(err.msg, "column 2 is not a closed walk"));
            assert_non_null(strstr(err.msg, "vertex 1 has no predecessor"));
            assert_non_null(strstr(err.msg, "vertex 2 has no successor"));
            free(text);
            continue;
        }
        if (!b)
            fail_msg("%s: %s", rel, err.msg);
        round_trip(b, CY_FMT_TABLE);
        round_trip(b, CY_FMT_TABLE_TEXT);
        round_trip(b, CY_FMT_JSON);
        /* tables with one entry per cell come back exactly */
        char *out = cy_write_board(b, NULL, CY_FMT_TABLE, &err);
        assert_non_null(out);
        squeeze(text);
        if (strcmp(peer[i], "main") != 0)
            assert_string_equal(squeeze(out), text);
        else
            assert_non_null(strstr(squeeze(out), "[7,1]"));
        free(out);
        free(text);
        cy_board_free(b);
    }
}

/* The sizes of some published boards. */
static void test_peer_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int nv, ne, ncells;
    } want[] = {{"t01", 5, 5, 1}, {"t02", 4, 6, 3}, {"t09", 8, 13, 6}, {"main", 7, 9, 3}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "peer-tables/%s.json", want[i].name);
        cy_board *b = t_board(t_data_path(rel));
        assert_int_equal(b->nv, want[i].nv);
        assert_int_equal(b->ne, want[i].ne);
        assert_int_equal(b->ncells, want[i].ncells);
        cy_board_free(b);
    }
    /* main: vertex 5 meets face 3 twice, and that cell uses no edge twice */
    cy_board *b = t_board(t_data_path("peer-tables/main.json"));
    assert_int_equal(cy_face_len(b, 2), 8);
    assert_true(b->cyclable[2]);
    cy_board_free(b);
}

static const char *table1_text = "\tf_1\tf_2\tf_3\tf_4\n"
                                 "1\t4\t2\t0\t3\n"
                                 "2\t0\t4\t3\t1\n"
                                 "3\t1\t0\t4\t2\n"
                                 "4\t3\t1\t2\t0\n";

static const char *table2_text = "   f_1 f_2\n"
                                 "1  2   5\n"
                                 "2  3   1\n"
                                 "3  4   2\n"
                                 "4  5   3\n"
                                 "5  1   4\n";

/* Tables 1 and 2 of Zonnefeld et al. 2023, as printed, are the boards of t02 and t01. */
static void test_paper_tables_text(void **state)
{
    (void)state;
    cy_board *a = rd(table1_text, CY_FMT_AUTO), *b = t_board(t_data_path("peer-tables/t02.json"));
    assert_same(a, b);
    cy_board_free(a);
    cy_board_free(b);
    a = rd(table2_text, CY_FMT_TABLE_TEXT);
    b = t_board(t_data_path("peer-tables/t01.json"));
    assert_same(a, b);
    cy_board_free(a);
    cy_board_free(b);
    /* no header, no row labels, lists with blanks around commas, comments */
    a = rd("# main.json by hand\n5 0 2 4\n0 0 3 1\n0 0 4 2\n1 0 5 3\n4 6 1 , 7 0\n0 7 5 0\n0 5 6 0  # last\n",
           CY_FMT_AUTO);
    b = t_board(t_data_path("peer-tables/main.json"));
    assert_same(a, b);
    cy_board_free(a);
    cy_board_free(b);
    /* bare integers stand for one-element lists in the JSON form */
    a = rd("[[4,2,0,3],[0,4,3,1],[1,0,4,2],[3,1,2,0]]", CY_FMT_TABLE);
    b = rd(table1_text, CY_FMT_TABLE_TEXT);
    assert_same(a, b);
    cy_board_free(a);
    cy_board_free(b);
}

static const char *k4_drawing =
    "{\"name\": \"K4 drawn\", \"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0},"
    " {\"label\": \"b\", \"x\": 4, \"y\": 0}, {\"label\": \"c\", \"x\": 2, \"y\": 4},"
    " {\"label\": \"d\", \"x\": 2, \"y\": 1.5, \"special\": true}],"
    " \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"], [\"c\", \"a\"], [\"a\", \"d\"], [\"b\", \"d\"], [\"c\", \"d\"]]}";

/* Twice the signed area of face f of a board with coordinates. */
static double face_area(const cy_board *b, int f)
{
    double a = 0;
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++) {
        int d = b->fdarts[i], u = cy_tail(b, d), v = cy_head(b, d);
        a += b->x[u] * b->y[v] - b->x[v] * b->y[u];
    }
    return a;
}

/* The drawing of K4 has three cells, clockwise, and a counterclockwise outer
 * face a, b, c. */
static void test_k4_drawing(void **state)
{
    (void)state;
    cy_board *b = rd(k4_drawing, CY_FMT_AUTO);
    assert_int_equal(b->nv, 4);
    assert_int_equal(b->ne, 6);
    assert_int_equal(b->ncells, 3);
    assert_true(b->has_coords);
    assert_true(b->special[3]);
    assert_string_equal(b->name, "K4 drawn");
    assert_int_equal(cy_face_len(b, 3), 3);
    for (int i = b->fstart[3]; i < b->fstart[4]; i++)
        assert_true(cy_tail(b, b->fdarts[i]) != 3);
    assert_true(face_area(b, 3) > 0);
    for (int f = 0; f < 3; f++)
        assert_true(face_area(b, f) < 0);
    /* the same board as the game table of K4 */
    cy_board *t = t_board(t_data_path("peer-tables/t02.json"));
    cy_error err;
    char *dot = cy_write_board(b, NULL, CY_FMT_DOT, &err);
    assert_non_null(dot);
    assert_non_null(strstr(dot, "pos=\"2,1.5!\""));
    assert_non_null(strstr(dot, "shape=box"));
    free(dot);
    round_trip(b, CY_FMT_DRAWING);
    round_trip(b, CY_FMT_JSON);
    round_trip(b, CY_FMT_TABLE);
    round_trip(b, CY_FMT_TABLE_TEXT);
    assert_int_equal(t->ncells, b->ncells);
    cy_board_free(t);
    cy_board_free(b);
}

/* A drawing of a tree has no cells; drawings of a grid and a wheel. */
static void test_drawings_more(void **state)
{
    (void)state;
    cy_board *b = rd("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}, {\"label\": \"b\", \"x\": 1, \"y\": 0},"
                     " {\"label\": \"c\", \"x\": 1, \"y\": 1}, {\"label\": \"d\", \"x\": -1, \"y\": -1}],"
                     " \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"], [\"a\", \"d\"]]}",
                     CY_FMT_DRAWING);
    assert_int_equal(b->ncells, 0);
    assert_int_equal(cy_face_len(b, 0), 6);
    round_trip(b, CY_FMT_TABLE);
    round_trip(b, CY_FMT_JSON);
    cy_board_free(b);
    /* a triangle with a pendant edge inside: the cell meets vertex c twice */
    b = rd("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}, {\"label\": \"b\", \"x\": 4, \"y\": 0},"
           " {\"label\": \"c\", \"x\": 2, \"y\": 4}, {\"label\": \"p\", \"x\": 2, \"y\": 1}],"
           " \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"], [\"c\", \"a\"], [\"c\", \"p\"]]}",
           CY_FMT_AUTO);
    assert_int_equal(b->ncells, 1);
    assert_int_equal(cy_face_len(b, 0), 5);
    assert_false(b->cyclable[0]);
    round_trip(b, CY_FMT_TABLE);
    round_trip(b, CY_FMT_TABLE_TEXT);
    cy_board_free(b);
    /* a star hanging from c inside a triangle and a tree outside it: s meets
     * the cell three times, so the table lists three vertices in its row */
    b = rd("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}, {\"label\": \"b\", \"x\": 8, \"y\": 0},"
           " {\"label\": \"c\", \"x\": 4, \"y\": 8}, {\"label\": \"s\", \"x\": 4, \"y\": 4},"
           " {\"label\": \"p\", \"x\": 3, \"y\": 2}, {\"label\": \"q\", \"x\": 5, \"y\": 2},"
           " {\"label\": \"t\", \"x\": 10, \"y\": 0}, {\"label\": \"u\", \"x\": 12, \"y\": 1},"
           " {\"label\": \"w\", \"x\": 12, \"y\": -1}],"
           " \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"], [\"c\", \"a\"], [\"c\", \"s\"], [\"s\", \"p\"],"
           " [\"s\", \"q\"], [\"b\", \"t\"], [\"t\", \"u\"], [\"t\", \"w\"]]}",
           CY_FMT_AUTO);
    assert_int_equal(b->ncells, 1);
    assert_int_equal(cy_face_len(b, 0), 9);
    cy_error err;
    char *t = cy_write_board(b, NULL, CY_FMT_TABLE, &err);
    assert_non_null(t);
    assert_non_null(strstr(t, "\n [[4], [0]],\n")); /* p (row 5) meets only the cell, followed by s (row 4) */
    free(t);
    round_trip(b, CY_FMT_TABLE);
    round_trip(b, CY_FMT_TABLE_TEXT);
    round_trip(b, CY_FMT_JSON);
    round_trip(b, CY_FMT_DRAWING);
    cy_board_free(b);
}

/* Builds the drawing of a w x h grid of points as JSON. */
static char *grid_drawing(int w, int h)
{
    size_t cap = 64 + (size_t)w * (size_t)h * 120;
    char *s = malloc(cap);
    size_t n = (size_t)snprintf(s, cap, "{\"vertices\": [");
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            n += (size_t)snprintf(s + n, cap - n, "%s{\"label\": \"v%d_%d\", \"x\": %d, \"y\": %d}", x || y ? "," : "",
                                  x, y, x, y);
    n += (size_t)snprintf(s + n, cap - n, "], \"edges\": [");
    int first = 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (x + 1 < w)
                n += (size_t)snprintf(s + n, cap - n, "%s[\"v%d_%d\",\"v%d_%d\"]", first ? "" : ",", x, y, x + 1, y),
                    first = 0;
            if (y + 1 < h)
                n += (size_t)snprintf(s + n, cap - n, "%s[\"v%d_%d\",\"v%d_%d\"]", first ? "" : ",", x, y, x, y + 1),
                    first = 0;
        }
    snprintf(s + n, cap - n, "]}");
    return s;
}

/* A drawing with about 1000 edges loads, with the cells of the grid; a
 * larger one still loads.  (How fast: bench/load_speed.sh, not asserted
 * here, since no test may depend on the machine's speed.) */
static void test_drawing_speed(void **state)
{
    (void)state;
    char *s = grid_drawing(23, 23);
    cy_board *b = rd(s, CY_FMT_AUTO);
    assert_int_equal(b->ne, 2 * 23 * 22);
    assert_int_equal(b->ncells, 22 * 22);
    cy_board_free(b);
    free(s);
    s = grid_drawing(150, 150);
    b = rd(s, CY_FMT_AUTO);
    assert_int_equal(b->ncells, 149 * 149);
    round_trip(b, CY_FMT_JSON);
    cy_board_free(b);
    free(s);
}

/* A native board with 100k vertices (a path of triangles) loads (how fast:
 * bench/load_speed.sh). */
static void test_native_large(void **state)
{
    (void)state;
    int n = 99999; /* vertices 0..n-1; triangles (i, i+1, i+2) for even i */
    size_t cap = (size_t)n * 40 + 64;
    char *s = malloc(cap);
    size_t k = (size_t)snprintf(s, cap, "{\"vertices\": [");
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(s + k, cap - k, "%s\"v%d\"", i ? "," : "", i);
    k += (size_t)snprintf(s + k, cap - k, "], \"cells\": [");
    for (int i = 0; i + 2 < n; i += 2)
        k += (size_t)snprintf(s + k, cap - k, "%s[\"v%d\",\"v%d\",\"v%d\"]", i ? "," : "", i, i + 1, i + 2);
    snprintf(s + k, cap - k, "], \"moves\": [\"v0->v1\", \"v%d->v%d\"]}", n - 1, n - 3);
    cy_error err;
    char *moves = NULL;
    cy_board *b = cy_read_board(s, strlen(s), CY_FMT_AUTO, &moves, &err);
    if (!b)
        fail_msg("%s", err.msg);
    assert_int_equal(b->nv, n);
    assert_int_equal(b->ncells, (n - 1) / 2);
    assert_string_equal(moves, "v0->v1 v99998->v99996");
    free(moves);
    cy_board_free(b);
    free(s);
}

/* The native format: labels, integer labels, derived outer face, special
 * vertices, moves in and out. */
static void test_native(void **state)
{
    (void)state;
    const char *text = "{\"format\": \"cycles-board\", \"version\": 1, \"name\": \"k4 \\\"quoted\\\"\","
                       " \"vertices\": [\"a\", \"b\", \"c\", 4],"
                       " \"cells\": [[\"a\", \"b\", 4], [\"b\", \"c\", 4], [\"c\", \"a\", 4]],"
                       " \"special\": [4], \"moves\": [\"a->b\", \"4->c\"]}";
    cy_error err;
    char *moves = NULL;
    cy_board *b = cy_read_board(text, strlen(text), CY_FMT_AUTO, &moves, &err);
    if (!b)
        fail_msg("%s", err.msg);
    assert_string_equal(moves, "a->b 4->c");
    assert_string_equal(b->label[3], "4");
    assert_true(b->special[3]);
    assert_int_equal(b->ncells, 3);
    assert_int_equal(cy_face_len(b, 3), 3);
    /* write with the marks and read back: the same moves in edge order */
    int *darts, n;
    assert_int_equal(cy_moves_parse(b, moves, &darts, &n, &err), 0);
    unsigned char *mark = calloc((size_t)b->ne, 1);
    for (int i = 0; i < n; i++)
        mark[cy_dart_edge(darts[i])] = (unsigned char)cy_dart_mark(darts[i]);
    char *out = cy_write_board(b, mark, CY_FMT_JSON, &err);
    assert_non_null(out);
    assert_non_null(strstr(out, "\"moves\""));
    char *moves2 = NULL;
    cy_board *c = cy_read_board(out, strlen(out), CY_FMT_JSON, &moves2, &err);
    assert_non_null(c);
    assert_same(b, c);
    assert_string_equal(c->name, "k4 \"quoted\"");
    assert_non_null(moves2);
    assert_true(strstr(moves2, "a->b") && strstr(moves2, "4->c"));
    char *dot = cy_write_board(b, mark, CY_FMT_DOT, &err);
    assert_non_null(strstr(dot, "dir=forward"));
    assert_non_null(strstr(dot, "dir=back"));
    assert_non_null(strstr(dot, "\\\"quoted\\\""));
    /* no coordinates: the drawing is placed by cy_layout and reads back as
     * the same board (the cells of its straight-line drawing) */
    char *dr = cy_write_board(b, NULL, CY_FMT_DRAWING, &err);
    assert_non_null(dr);
    cy_board *d = cy_read_board(dr, strlen(dr), CY_FMT_DRAWING, NULL, &err);
    assert_non_null(d);
    assert_true(d->has_coords);
    assert_same(b, d);
    cy_board_free(d);
    free(dr);
    free(dot);
    free(out);
    free(moves2);
    free(mark);
    free(darts);
    free(moves);
    cy_board_free(c);
    cy_board_free(b);
    /* moves as one string; a board from a family round-trips */
    b = rd("{\"vertices\": [1, 2, 3], \"cells\": [[1, 2, 3]], \"moves\": \"1->2, 2->3\"}", CY_FMT_JSON);
    round_trip(b, CY_FMT_JSON);
    round_trip(b, CY_FMT_TABLE);
    cy_board_free(b);
}

/* A board name with line breaks stays inside the printed table's comment
 * (found by the fuzzer); a name is kept escaped (cy_escape), so its control
 * characters read \xHH everywhere it is shown. */
static void test_name_controls(void **state)
{
    (void)state;
    cy_board *b =
        rd("{\"name\": \"two\\r\\nlines\\u0001\", \"vertices\": [1, 2, 3], \"cells\": [[1, 2, 3]]}", CY_FMT_AUTO);
    assert_string_equal(b->name, "two\\x0d\\x0alines\\x01");
    round_trip(b, CY_FMT_TABLE_TEXT);
    round_trip(b, CY_FMT_JSON);
    cy_error err;
    char *dot = cy_write_board(b, NULL, CY_FMT_DOT, &err);
    assert_non_null(strstr(dot, "graph \"two\\\\x0d\\\\x0alines\\\\x01\" {"));
    free(dot);
    cy_board_free(b);
}

/* Format names. */
static void test_names(void **state)
{
    (void)state;
    const char *names[] = {"table", "table-text", "json", "drawing", "dot"};
    for (size_t i = 0; i < 5; i++) {
        int f = cy_format_parse(names[i]);
        assert_true(f > 0);
        assert_string_equal(cy_format_name((cy_format)f), names[i]);
    }
    assert_int_equal(cy_format_parse("auto"), CY_FMT_AUTO);
    assert_int_equal(cy_format_parse("xml"), -1);
    assert_int_equal(cy_format_parse(NULL), -1);
    expect_err("graph { a -- b }", CY_FMT_DOT, "output format only");
}

/* One test per error of the JSON game table. */
static void test_table_errors(void **state)
{
    (void)state;
    expect_err("", CY_FMT_AUTO, "the input is empty");
    expect_err("  \n ", CY_FMT_TABLE, "the input is empty");
    expect_err("[]", CY_FMT_AUTO, "the table is empty");
    expect_err("[[]]", CY_FMT_AUTO, "row 1 is empty");
    expect_err("[1]", CY_FMT_AUTO, "row 1 is an integer, not a list of columns");
    expect_err("{\"a\": 1}", CY_FMT_TABLE, "a game table in JSON starts with");
    expect_err("2 5\n3 1\n", CY_FMT_TABLE, "the printed table is the table-text format");
    expect_err("2 5\n3 1\n", CY_FMT_JSON, "a native board is a JSON object");
    expect_err("2 5\n3 1\n", CY_FMT_DRAWING, "a drawing is a JSON object");
    expect_err("[[[2],[2]],[[1]]]", CY_FMT_AUTO, "row 2 has 1 column, but row 1 has 2");
    /* C8 with row 3, column 2 changed from 2 to 9 */
    expect_err("[[[2],[8]],[[3],[1]],[[4],[9]],[[5],[3]],[[6],[4]],[[7],[5]],[[8],[6]],[[1],[7]]]", CY_FMT_AUTO,
               "row 3, column 2: vertex 9 is out of range (the table has 8 rows)");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[-2]]]", CY_FMT_AUTO, "row 3, column 2: -2 is negative");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[2.5]]]", CY_FMT_AUTO, "row 3, column 2: 2.5 is not a vertex number");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[\"2\"]]]", CY_FMT_AUTO, "row 3, column 2: an entry is a string");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[[[2]]]]]", CY_FMT_AUTO, "row 3, column 2: an entry is a list");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[12345678901]]]", CY_FMT_AUTO, "vertex 12345678901 is out of range");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[123456789012345678901234567890]]]", CY_FMT_AUTO, "invalid JSON");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[]]]", CY_FMT_AUTO, "row 3, column 2 is an empty list");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[0,2]]]", CY_FMT_AUTO, "row 3, column 2: 0 in a list");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[3]]]", CY_FMT_AUTO, "row 3, column 2: vertex 3 follows itself");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[2,2]]]", CY_FMT_AUTO, "row 3, column 2 lists vertex 2 twice");
    expect_err("[[[2],[2]],[[3],[1]],[[1],[2]]]", CY_FMT_AUTO, "row 1 lists vertex 2 in both column 1 and column 2");
    expect_err("[[[2],[3]],[[0],[0]],[[1],[2]]]", CY_FMT_AUTO, "row 2 is all zeros");
    expect_err("[[[2],[0],[3]],[[3],[0],[1]],[[1],[0],[2]]]", CY_FMT_AUTO, "column 2 is all zeros");
    expect_err("[[[2],[3]],[[3],[0]],[[1],[2]]]", CY_FMT_AUTO,
               "column 2 is not a closed walk: vertex 1 has no predecessor (row 1 leads on to 3, but no row leads to 1); vertex 2 has no successor (row 2 is 0, but row 3 leads to 2)");
    expect_err("[[[2],[4]],[[3],[1]],[[1],[2]],[[0],[3]]]", CY_FMT_AUTO, "edge 1-4 lies on one face only");
    expect_err("[[[2],[0],[3]],[[3],[0],[1]],[[1],[0],[2]],[[0],[5],[6]],[[0],[6],[4]],[[0],[4],[5]]]", CY_FMT_AUTO,
               "the board is not connected (no path from vertex 1 to vertex 4)");
    /* K4 with two cells merged into one column */
    expect_err("[[[4,2],[0],[3]],[[4],[3],[1]],[[1],[4],[2]],[[3,1],[2],[0]]]", CY_FMT_AUTO, "V - E + F = 4 - 6 + 3 = 1");
    /* deep nesting: jansson's depth limit, and nesting inside an entry */
    char deep[6001];
    memset(deep, '[', 3000);
    memset(deep + 3000, ']', 3000);
    deep[6000] = 0;
    expect_err(deep, CY_FMT_AUTO, "invalid JSON");
    expect_err("[[[[[[[[1]]]]]]]]", CY_FMT_AUTO, "row 1, column 1: an entry is a list");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[2]]", CY_FMT_AUTO, "invalid JSON at line 1");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[2]]] x", CY_FMT_AUTO, "invalid JSON");
    /* too many rows */
    size_t n = 100001, cap = n * 6 + 4, k = 1;
    char *big = malloc(cap);
    big[0] = '[';
    for (size_t i = 0; i < n; i++)
        k += (size_t)snprintf(big + k, cap - k, "%s[[0]]", i ? "," : "");
    snprintf(big + k, cap - k, "]");
    expect_err(big, CY_FMT_AUTO, "at most 100000 vertices");
    free(big);
}

/* One test per error of the printed table. */
static void test_text_errors(void **state)
{
    (void)state;
    expect_err("2 5\n3 1 4\n", CY_FMT_AUTO, "line 2: row 2 has 3 entries, but row 1 has 2");
    expect_err("f_1 f_2\n1 2 5\n2 3 1 9 9\n", CY_FMT_AUTO, "line 3: row 2 has 5 entries, but the header names 2 columns");
    expect_err("f_1 f_2\n1 2 5\n3 3 1\n", CY_FMT_AUTO, "line 3: row label \"3\" should be 2");
    expect_err("2 5\n3 1,,2\n", CY_FMT_AUTO, "row 2, column 2: \"1,,2\" is not a vertex number");
    expect_err("2 5\n3 x\n", CY_FMT_TABLE_TEXT, "row 2, column 2: \"x\" is not a vertex number");
    expect_err("2 5\n3 -1\n", CY_FMT_AUTO, "row 2, column 2: -1 is negative");
    expect_err("2 5\n3 12345678901234567890\n", CY_FMT_AUTO, "row 2, column 2: 12345678901234567890 is far too large");
    expect_err("2 5\n3 1\n4 2\n5 3\n1 9\n", CY_FMT_AUTO,
               "row 5, column 2: vertex 9 is out of range (the table has 5 rows)");
    expect_err("f_1 f_2\n", CY_FMT_AUTO, "the table has a header but no rows");
    expect_err("# nothing\n\n", CY_FMT_TABLE_TEXT, "the table is empty");
    expect_err("2 5\n3 0,1\n", CY_FMT_AUTO, "0 in a list");
    cy_error err;
    const char nul[] = "2 5\n3\0 1\n";
    assert_null(cy_read_board(nul, sizeof nul - 1, CY_FMT_AUTO, NULL, &err));
    assert_non_null(strstr(err.msg, "line 2 contains a NUL byte"));
    /* the malformed peer table as text gives the same message */
    expect_err("2 6 0 0 5\n5 0 0 3 1\n0 0 0 6 2\n0 0 5 0 6\n1 2 6 0 4\n0 5 4 2 3\n", CY_FMT_AUTO,
               "column 2 is not a closed walk: vertex 1 has no predecessor");
}

/* One test per error of the native format. */
static void test_native_errors(void **state)
{
    (void)state;
    const char *tri = "\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [[\"a\", \"b\", \"c\"]]";
    char buf[512];
#define NATIVE(extra) (snprintf(buf, sizeof buf, "{%s%s}", tri, extra), buf)
    expect_err(NATIVE(", \"cell\": 1"), CY_FMT_AUTO, "unknown key \"cell\"");
    expect_err(NATIVE(", \"format\": \"other\""), CY_FMT_AUTO, "\"format\" is \"other\"");
    expect_err(NATIVE(", \"version\": 2"), CY_FMT_AUTO, "\"version\" must be 1");
    expect_err(NATIVE(", \"name\": 5"), CY_FMT_AUTO, "\"name\" is not a string");
    expect_err(NATIVE(", \"moves\": [\"a->z\"]"), CY_FMT_AUTO, "move 1 (a->z): the board has no vertex z");
    expect_err(NATIVE(", \"moves\": [\"a->b\", \"ab\"]"), CY_FMT_AUTO, "move 2 \"ab\" is not of the form U->V");
    expect_err(NATIVE(", \"moves\": [1]"), CY_FMT_AUTO, "move 1 is not a string");
    expect_err(NATIVE(", \"moves\": {}"), CY_FMT_AUTO, "\"moves\" is not a list");
    expect_err(NATIVE(", \"special\": [\"q\"]"), CY_FMT_AUTO, "\"special\" names vertex \"q\"");
    expect_err(NATIVE(", \"outer\": []"), CY_FMT_AUTO, "\"outer\" is empty");
    expect_err(NATIVE(", \"edges\": []"), CY_FMT_AUTO, "both \"cells\" and \"edges\"");
    expect_err(NATIVE(", \"a\": 1, \"a\": 2"), CY_FMT_AUTO, "duplicate");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\", \"d\"], \"cells\": [[\"a\", \"b\", \"c\"], [\"a\", \"c\", \"d\"]],"
               " \"moves\": [\"b->d\"]}",
               CY_FMT_AUTO, "no edge between b and d");
    expect_err("{\"cells\": []}", CY_FMT_AUTO, "no \"vertices\"");
    expect_err("{\"vertices\": [], \"cells\": []}", CY_FMT_AUTO, "the board has no vertices");
    expect_err("{\"vertices\": 3, \"cells\": []}", CY_FMT_AUTO, "\"vertices\" is not a list");
    expect_err("{\"vertices\": [\"a\", \"a\"], \"cells\": []}", CY_FMT_AUTO,
               "vertices 1 and 2 both have the label \"a\"");
    expect_err("{\"vertices\": [\"a b\"], \"cells\": []}", CY_FMT_AUTO, "vertex 1: \"a b\" is not a usable label");
    expect_err("{\"vertices\": [\"a->b\"], \"cells\": []}", CY_FMT_AUTO, "is not a usable label");
    expect_err("{\"vertices\": [true], \"cells\": []}", CY_FMT_AUTO, "vertex 1 is neither a label");
    expect_err("{\"vertices\": [{\"x\": 1}], \"cells\": []}", CY_FMT_AUTO, "vertex 1 has no \"label\"");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"z\": 1}], \"cells\": []}", CY_FMT_AUTO, "unknown key \"z\"");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": 1}], \"cells\": []}", CY_FMT_AUTO,
               "vertex 1 has \"x\" but no \"y\"");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": \"1\", \"y\": 2}], \"cells\": []}", CY_FMT_AUTO,
               "must be numbers");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": 1, \"y\": 2}, \"b\"], \"cells\": []}", CY_FMT_AUTO,
               "vertex a has coordinates but vertex b has none");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"special\": 1}], \"cells\": []}", CY_FMT_AUTO,
               "\"special\" is true or false");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [[\"a\", \"b\", \"z\"]]}", CY_FMT_AUTO,
               "cell 1 names vertex \"z\", which is not among the vertices");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [[]]}", CY_FMT_AUTO, "cell 1 is empty");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [\"abc\"]}", CY_FMT_AUTO, "cell 1 is not a list");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [[\"a\", null, \"c\"]]}", CY_FMT_AUTO,
               "cell 1 has an entry that is not a vertex label");
    expect_err("{\"vertices\": [\"a\", \"b\", \"c\", \"d\"], \"cells\": [[\"a\", \"b\", \"c\"], [\"a\", \"b\", \"d\"]]}",
               CY_FMT_AUTO, "list all cells the same way round");
    expect_err("{\"vertices\": [\"a\"]}", CY_FMT_AUTO, "needs \"cells\"");
    expect_err("{\"vertices\": [\"a\"]}", CY_FMT_JSON, "the board has no \"cells\"");
    expect_err("[1, 2", CY_FMT_JSON, "invalid JSON at line 1");
    expect_err("\"text\"", CY_FMT_AUTO, "a JSON board is an array");
    expect_err("[[[2],[3]],[[3],[1]],[[1],[2]]]", CY_FMT_JSON, "a native board is a JSON object");
    expect_err(k4_drawing, CY_FMT_JSON, "it is a drawing, not a native board");
    expect_err(NATIVE(""), CY_FMT_DRAWING, "it is a native board, not a drawing");
#undef NATIVE
}

/* One test per error of the drawing format and of cy_board_from_drawing. */
static void test_drawing_errors(void **state)
{
    (void)state;
    char buf[1024];
    /* square a b c d */
    const char *sq = "{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}, {\"label\": \"b\", \"x\": 1, \"y\": 0},"
                     " {\"label\": \"c\", \"x\": 1, \"y\": 1}, {\"label\": \"d\", \"x\": 0, \"y\": 1}%s],"
                     " \"edges\": [[\"a\", \"b\"], [\"b\", \"c\"], [\"c\", \"d\"], [\"d\", \"a\"]%s]}";
#define SQ(v, e) (snprintf(buf, sizeof buf, sq, v, e), buf)
    cy_board *b = rd(SQ("", ""), CY_FMT_DRAWING);
    assert_int_equal(b->ncells, 1);
    cy_board_free(b);
    expect_err(SQ("", ", [\"a\", \"c\"], [\"b\", \"d\"]"), CY_FMT_AUTO, "edges a-c and b-d cross");
    expect_err(SQ(", {\"label\": \"m\", \"x\": 0.5, \"y\": 0}", ", [\"m\", \"c\"]"), CY_FMT_AUTO,
               "vertex m lies on edge a-b");
    expect_err(SQ(", {\"label\": \"m\", \"x\": 2, \"y\": 0}", ", [\"m\", \"a\"]"), CY_FMT_AUTO,
               "edges a-b and m-a overlap");
    expect_err(SQ(", {\"label\": \"m\", \"x\": 1, \"y\": 1}", ", [\"m\", \"a\"]"), CY_FMT_AUTO,
               "vertices c and m are at the same point (1, 1)");
    expect_err(SQ("", ", [\"a\", \"a\"]"), CY_FMT_AUTO, "edge 5 is a loop at vertex a");
    expect_err(SQ("", ", [\"b\", \"a\"]"), CY_FMT_AUTO, "edges 1 and 5 both join a and b");
    expect_err(SQ(", {\"label\": \"m\", \"x\": 5, \"y\": 5}", ""), CY_FMT_AUTO,
               "the drawing is not connected (no path from vertex a to vertex m)");
    expect_err(SQ("", ", [\"a\"]"), CY_FMT_AUTO, "edge 5 is not a pair of vertex labels");
    expect_err(SQ("", ", [\"a\", \"q\"]"), CY_FMT_AUTO, "edge 5 names vertex \"q\"");
    expect_err("{\"vertices\": [\"a\", \"b\"], \"edges\": [[\"a\", \"b\"]]}", CY_FMT_AUTO, "a drawing needs coordinates");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}], \"edges\": []}", CY_FMT_AUTO,
               "the drawing has no edges");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 1e999}], \"edges\": []}", CY_FMT_AUTO,
               "invalid JSON");
    expect_err("{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}], \"edges\": 1}", CY_FMT_AUTO,
               "\"edges\" is not a list");
#undef SQ
    /* the library call directly: non-finite coordinates, bad indices */
    cy_error err;
    double xy[] = {0, 0, 1, 0, 0, HUGE_VAL};
    int edges[] = {0, 1, 1, 2, 2, 0};
    assert_null(cy_board_from_drawing(3, NULL, xy, 3, edges, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "vertex 3 has a coordinate that is not a finite number"));
    xy[5] = 1;
    edges[5] = 7;
    assert_null(cy_board_from_drawing(3, NULL, xy, 3, edges, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "edge 3 names vertex number 8"));
    edges[5] = 0;
    b = cy_board_from_drawing(3, NULL, xy, 3, edges, NULL, "tri", &err);
    assert_non_null(b);
    assert_int_equal(b->ncells, 1);
    cy_board_free(b);
    assert_null(cy_board_from_drawing(0, NULL, xy, 0, edges, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "no vertices"));
}

/* Runs the format tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_peer_tables),
        cmocka_unit_test(test_peer_sizes),
        cmocka_unit_test(test_paper_tables_text),
        cmocka_unit_test(test_k4_drawing),
        cmocka_unit_test(test_drawings_more),
        cmocka_unit_test(test_drawing_speed),
        cmocka_unit_test(test_native_large),
        cmocka_unit_test(test_native),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_name_controls),
        cmocka_unit_test(test_table_errors),
        cmocka_unit_test(test_text_errors),
        cmocka_unit_test(test_native_errors),
        cmocka_unit_test(test_drawing_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
