/*
 * test_render.c - pictures and the state digraph: the SVG has one line per
 * edge, one disc or square per vertex, arrowheads for marked edges and hints,
 * the cycle cell filled, the last move and the unmarkable edges marked, and
 * escaped labels; PNG comes out of it when the build has librsvg; the state
 * digraph has the positions and moves counted by hand for C3, agrees with
 * the solver on every position of K4, C4 and the butterfly, and refuses big
 * boards.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Number of occurrences of needle in s. */
static int count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* The position after moves (NULL: none) on b, as a fresh array. */
static unsigned char *position(const cy_board *b, const char *moves, int *last)
{
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    *last = -1;
    if (moves) {
        cy_error err;
        int *d, n;
        if (cy_moves_parse(b, moves, &d, &n, &err) < 0 || cy_moves_play(b, mark, d, n, &err) < 0)
            fail_msg("%s: %s", moves, err.msg);
        *last = n ? d[n - 1] : -1;
        free(d);
    }
    return mark;
}

/* Renders spec after moves, with hints when hints, and checks what every
 * picture has; returns the SVG (to free). */
static char *render(const char *spec, const char *moves, int hints)
{
    cy_board *b = t_board(spec);
    int last;
    unsigned char *mark = position(b, moves, &last);
    cy_analysis a = {0};
    if (hints)
        t_analyse(b, moves, &a);
    cy_picture p = {.mark = mark, .last = last, .hints = a.winning, .nhints = a.nwin, .caption = spec};
    cy_error err;
    char *svg = cy_render_svg(b, &p, &err);
    if (!svg)
        fail_msg("%s: %s", spec, err.msg);
    assert_true(!strncmp(svg, "<?xml", 5));
    assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_true(strlen(svg) > 7 && !strcmp(svg + strlen(svg) - 7, "</svg>\n"));
    assert_int_equal(count(svg, "<line "), b->ne);
    int specials = 0;
    for (int v = 0; v < b->nv; v++)
        specials += b->special[v];
    assert_int_equal(count(svg, "<circle "), b->nv - specials);
    assert_int_equal(count(svg, "<g class=\"vertex\">"), b->nv);
    int marked = cy_rules_played(b, mark);
    int hinted = 0;
    for (int i = 0; i < a.nwin; i++)
        hinted++;
    /* one arrowhead per marked edge and per hinted move; the background and
     * the cycle cells are the only other polygons */
    assert_int_equal(count(svg, "<polygon points="), marked + hinted);
    assert_int_equal(count(svg, "class=\"last-move\""), last >= 0 ? 1 : 0);
    assert_non_null(strstr(svg, spec));
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(b);
    return svg;
}

/* Plain boards, positions, a cycle cell, hints, unmarkable edges. */
static void test_svg(void **state)
{
    (void)state;
    char *s = render("k4", NULL, 0);
    assert_int_equal(count(s, "cycle-cell"), 0);
    assert_int_equal(count(s, "stroke-dasharray"), 0);
    free(s);
    /* a finished C3: the cell filled, three arrows, the last one emphasised */
    s = render("cycle:3", "1->2 2->3 3->1", 0);
    assert_int_equal(count(s, "class=\"cycle-cell\""), 1);
    assert_non_null(strstr(s, "3-&gt;1 (last move)"));
    free(s);
    /* grid:3x3 after 1->2 5->4: winning moves 3->2 4->7 7->8 in green */
    s = render("grid:3x3", "1->2 5->4", 1);
    assert_int_equal(count(s, "class=\"hint\""), 3);
    assert_int_equal(count(s, "(a winning move)"), 3);
    free(s);
    /* the lollipop's pendant edge can never be marked: dashed */
    s = render("lollipop:5", NULL, 0);
    assert_int_equal(count(s, "class=\"unmarkable\""), 1);
    assert_int_equal(count(s, "stroke-dasharray"), 1);
    free(s);
    /* special vertices are squares */
    s = render("star:4", NULL, 0);
    assert_int_equal(count(s, "<rect x="), 4);
    free(s);
    /* a board without coordinates is laid out */
    s = render("butterfly:closed", "1->2", 1);
    free(s);
}

/* Both directions of one edge as hints, out-of-range hints ignored, and a
 * zeroed picture apart from last = -1. */
static void test_svg_options(void **state)
{
    (void)state;
    cy_board *b = t_board("cycle:4");
    int hints[] = {0, 1, -5, 999};
    cy_picture p = {.last = -1, .hints = hints, .nhints = 4};
    cy_error err;
    char *s = cy_render_svg(b, &p, &err);
    assert_non_null(s);
    assert_int_equal(count(s, "<polygon points="), 2);
    assert_int_equal(count(s, "class=\"hint\""), 1);
    assert_null(strstr(s, "id=\"caption\""));
    free(s);
    s = cy_render_svg(b, NULL, &err);
    assert_non_null(s);
    free(s);
    cy_board_free(b);
}

/* Labels with XML special characters are escaped. */
static void test_svg_escaping(void **state)
{
    (void)state;
    const char *labels[] = {"a&b", "<x>", "c"};
    int tri[] = {0, 1, 2};
    const int *cells[] = {tri};
    int len[] = {3};
    cy_board_desc d = {.nv = 3, .labels = labels, .ncells = 1, .cells = cells, .cell_len = len, .name = "<&name>"};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("%s", err.msg);
    cy_picture p = {.last = -1, .caption = "\"quoted\" & <caption>"};
    char *s = cy_render_svg(b, &p, &err);
    assert_non_null(s);
    assert_non_null(strstr(s, ">a&amp;b</text>"));
    assert_non_null(strstr(s, ">&lt;x&gt;</text>"));
    assert_non_null(strstr(s, "&quot;quoted&quot; &amp; &lt;caption&gt;"));
    assert_null(strstr(s, "<x>"));
    assert_null(strstr(s, "<&name>"));
    free(s);
    cy_board_free(b);
}

/* PNG from SVG when the build has librsvg, else a clear refusal. */
static void test_png(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:3x3");
    cy_picture p = {.last = -1, .caption = "grid"};
    cy_error err;
    char *svg = cy_render_svg(b, &p, &err);
    assert_non_null(svg);
    unsigned char *png = NULL;
    size_t n = 0;
    if (cy_png_available()) {
        if (cy_svg_to_png(svg, strlen(svg), &png, &n, &err) < 0)
            fail_msg("%s", err.msg);
        assert_true(n > 100);
        assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
        free(png);
        /* not an SVG at all */
        assert_int_equal(cy_svg_to_png("hello", 5, &png, &n, &err), -1);
        assert_null(png);
        assert_true(strlen(err.msg) > 0);
    } else {
        assert_int_equal(cy_svg_to_png(svg, strlen(svg), &png, &n, &err), -1);
        assert_non_null(strstr(err.msg, "PNG"));
    }
    free(svg);
    cy_board_free(b);
}

/* Builds the state digraph of spec after moves. */
static void tree(const char *spec, const char *moves, cy_statetree *t, cy_board **bp)
{
    cy_board *b = t_board(spec);
    int last;
    unsigned char *mark = position(b, moves, &last);
    cy_error err;
    if (cy_statetree_build(b, mark, 100000, t, &err) < 0)
        fail_msg("%s: %s", spec, err.msg);
    free(mark);
    *bp = b;
}

/* C3 by hand: 1 + 6 + 6 + 2 positions; 6 + 12 + 6 moves; the two-arrow
 * positions N, the one-arrow positions P, the start N. */
static void test_tree_c3(void **state)
{
    (void)state;
    cy_statetree t;
    cy_board *b;
    tree("cycle:3", NULL, &t, &b);
    assert_int_equal(t.n, 15);
    assert_int_equal(t.narcs, 24);
    int per[4] = {0}, cyc = 0;
    for (int i = 0; i < t.n; i++) {
        per[t.played[i]]++;
        cyc += t.cycle[i];
        char want = t.played[i] == 0 ? 'N' : t.played[i] == 1 ? 'P' : t.played[i] == 2 ? 'N' : 'P';
        assert_int_equal(t.value[i], want);
    }
    assert_int_equal(per[0], 1);
    assert_int_equal(per[1], 6);
    assert_int_equal(per[2], 6);
    assert_int_equal(per[3], 2);
    assert_int_equal(cyc, 2);
    char *dot = cy_statetree_dot(b, &t);
    assert_true(!strncmp(dot, "digraph ", 8));
    assert_int_equal(count(dot, " -> s"), 24);
    assert_int_equal(count(dot, "fillcolor=\"gold\""), 8);
    assert_int_equal(count(dot, "fillcolor=\"grey\""), 7);
    assert_int_equal(count(dot, "rank=same"), 4);
    assert_non_null(strstr(dot, "rankdir=LR"));
    assert_int_equal(count(dot, "shape=doublecircle"), 2);
    free(dot);
    cy_statetree_free(&t);
    cy_board_free(b);
}

/* Every position of the digraph has the value the solver gives it, and
 * every arc is a legal move from its position. */
static void agrees_with_solver(const char *spec, const char *moves)
{
    cy_statetree t;
    cy_board *b;
    tree(spec, moves, &t, &b);
    cy_error err;
    cy_solver *s = cy_solver_new(b, NULL, &err);
    assert_non_null(s);
    for (int i = 0; i < t.n; i++) {
        cy_analysis a;
        if (cy_analyse(s, t.marks + (size_t)i * (size_t)t.ne, &a, &err) < 0)
            fail_msg("%s", err.msg);
        if (a.outcome != t.value[i])
            fail_msg("%s: position %d is %c in the digraph, %c by the solver", spec, i, t.value[i], a.outcome);
        cy_analysis_free(&a);
    }
    unsigned char *m = malloc((size_t)t.ne + 1);
    for (int k = 0; k < t.narcs; k++) {
        memcpy(m, t.marks + (size_t)t.from[k] * (size_t)t.ne, (size_t)t.ne);
        assert_int_equal(cy_rules_check(b, m, t.dart[k], NULL), CY_LEGAL);
        m[cy_dart_edge(t.dart[k])] = (unsigned char)cy_dart_mark(t.dart[k]);
        assert_memory_equal(m, t.marks + (size_t)t.to[k] * (size_t)t.ne, (size_t)t.ne);
        assert_int_equal(t.played[t.to[k]], t.played[t.from[k]] + 1);
    }
    free(m);
    cy_solver_free(s);
    cy_statetree_free(&t);
    cy_board_free(b);
}

/* The digraph agrees with the solver on K4 (549 positions, a P-position as
 * Zonnefeld et al. 2023 finds), C4, the butterfly, a lollipop and a late grid position. */
static void test_tree_solver(void **state)
{
    (void)state;
    agrees_with_solver("k4", NULL);
    agrees_with_solver("cycle:4", NULL);
    agrees_with_solver("butterfly", NULL);
    agrees_with_solver("lollipop:4", NULL);
    agrees_with_solver("grid:3x3", "1->2 2->3 4->5 5->6 7->8");
    cy_statetree t;
    cy_board *b;
    tree("k4", NULL, &t, &b);
    assert_int_equal(t.n, 549);
    assert_int_equal(t.value[0], 'P');
    cy_statetree_free(&t);
    cy_board_free(b);
}

/* Too many positions: refused with a message, nothing to free. */
static void test_tree_refuses(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:3x3");
    cy_statetree t;
    cy_error err;
    assert_int_equal(cy_statetree_build(b, NULL, 1000, &t, &err), -1);
    assert_non_null(strstr(err.msg, "more than 1000 positions"));
    assert_null(t.marks);
    cy_statetree_free(&t);
    cy_board_free(b);
    /* a finished game is one position */
    b = t_board("cycle:3");
    int last;
    unsigned char *mark = position(b, "1->2 2->3 3->1", &last);
    assert_int_equal(cy_statetree_build(b, mark, 1, &t, &err), 0);
    assert_int_equal(t.n, 1);
    assert_int_equal(t.value[0], 'P');
    free(mark);
    cy_statetree_free(&t);
    cy_board_free(b);
}

/* Runs the tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg),          cmocka_unit_test(test_svg_options), cmocka_unit_test(test_svg_escaping),
        cmocka_unit_test(test_png),          cmocka_unit_test(test_tree_c3),     cmocka_unit_test(test_tree_solver),
        cmocka_unit_test(test_tree_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
