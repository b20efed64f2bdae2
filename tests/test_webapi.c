/*
 * test_webapi.c - the page's answers that are not an analysis (webapi.c:
 * cy_families_json, cy_board_view_json, cy_engine_move_json), the JSON both
 * the server and the static site's engine send.
 *
 * On random boards at random positions, the board view is read back with
 * jansson and checked against the board itself (vertices, edges, cells as
 * walks of its vertices) and against the independent brute force
 * (tests/brute.c) for the legal moves, the death moves and the unmarkable
 * edges; the engine's move wins exactly where the brute force says the
 * player to move wins, and is legal otherwise.  The families' list names
 * every family, and every example it offers builds.
 */
#include "support.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.c"
#include "randboard.c"

/* Whether the JSON array a of strings holds exactly the moves d[0..n). */
static int same_moves(const cy_board *b, json_t *a, const int *d, int n)
{
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return 0;
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, d[i], m, sizeof m);
        int found = 0;
        for (size_t k = 0; k < json_array_size(a); k++)
            found |= !strcmp(json_string_value(json_array_get(a, k)), m);
        if (!found)
            return 0;
    }
    return 1;
}

static void test_board_view(void **state)
{
    (void)state;
    rb_rng r = {20261127};
    for (int round = 0; round < 150; round++) {
        char desc[4096];
        cy_board *b = rb_board(&r, 11, desc, sizeof desc);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        rb_position(b, mark, &r, rb_below(&r, b->ne + 1));
        cy_error err;
        char *text = cy_board_view_json(b, mark, NULL, 40, 10, &err);
        assert_non_null(text);
        json_t *o = json_loads(text, 0, NULL);
        assert_non_null(o);
        assert_int_equal(json_array_size(json_object_get(o, "vertices")), b->nv);
        json_t *es = json_object_get(o, "edges"), *cs = json_object_get(o, "cells");
        assert_int_equal(json_array_size(es), b->ne);
        for (int e = 0; e < b->ne; e++) {
            assert_int_equal(json_integer_value(json_array_get(json_array_get(es, e), 0)), b->eu[e]);
            assert_int_equal(json_integer_value(json_array_get(json_array_get(es, e), 1)), b->ev[e]);
        }
        assert_int_equal(json_array_size(cs), b->ncells);
        /* each cell a closed walk along edges of the board */
        for (size_t c = 0; c < json_array_size(cs); c++) {
            json_t *w = json_array_get(cs, c);
            size_t n = json_array_size(w);
            assert_true(n >= 3);
            for (size_t i = 0; i < n; i++) {
                int u = (int)json_integer_value(json_array_get(w, i)),
                    v = (int)json_integer_value(json_array_get(w, (i + 1) % n)), edge = 0;
                for (int e = 0; e < b->ne; e++)
                    edge |= (b->eu[e] == u && b->ev[e] == v) || (b->eu[e] == v && b->ev[e] == u);
                if (!edge)
                    fail_msg("%s: cell %zu steps from %d to %d along no edge", desc, c, u, v);
            }
        }
        /* the position against the brute force */
        br_game *g = br_new(b);
        assert_non_null(g);
        json_t *pos = json_object_get(o, "position");
        int *d = malloc(sizeof(int) * (size_t)(2 * b->ne + 1)), *death = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int n = br_legal_moves(g, mark, d), nd = 0;
        for (int i = 0; i < n; i++)
            if (br_is_death(g, mark, d[i]))
                death[nd++] = d[i];
        if (!same_moves(b, json_object_get(pos, "legal"), d, n))
            fail_msg("%s: the legal moves differ from the brute force's", desc);
        if (!same_moves(b, json_object_get(pos, "death"), death, nd))
            fail_msg("%s: the death moves differ from the brute force's", desc);
        json_t *never = json_object_get(pos, "unmarkable");
        int nn = 0;
        for (int e = 0; e < b->ne; e++)
            if (mark[e] == CY_UNMARKED && !br_legal(g, mark, 2 * e) && !br_legal(g, mark, 2 * e + 1)) {
                assert_true((size_t)nn < json_array_size(never));
                assert_int_equal(json_integer_value(json_array_get(never, (size_t)nn)), e);
                nn++;
            }
        assert_int_equal(json_array_size(never), nn);
        free(d);
        free(death);
        br_free(g);
        json_decref(o);
        free(text);
        free(mark);
        cy_board_free(b);
    }
}

static void test_engine_move(void **state)
{
    (void)state;
    rb_rng r = {7};
    for (int round = 0; round < 150; round++) {
        char desc[4096];
        cy_board *b = rb_board(&r, 11, desc, sizeof desc);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        rb_position(b, mark, &r, rb_below(&r, b->ne + 1));
        cy_error err;
        cy_solver_opts so;
        memset(&so, 0, sizeof so);
        so.threads = 1;
        so.memory = 16 << 20;
        cy_solver *s = cy_solver_new(b, &so, &err);
        assert_non_null(s);
        cy_analysis an;
        int arc = cy_analyse(s, mark, &an, &err);
        assert_int_equal(arc, 0);
        char *text = cy_engine_move_json(b, mark, &an, arc);
        json_t *o = json_loads(text, 0, NULL);
        assert_non_null(o);
        br_game *g = br_new(b);
        int *d = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int n = br_legal_moves(g, mark, d);
        json_t *move = json_object_get(o, "move");
        if (n == 0) {
            if (!json_is_null(move) || !json_is_true(json_object_get(o, "over")))
                fail_msg("%s: no legal move, yet %s", desc, text);
        } else {
            int wins = !!br_wins(g, mark), found = -1;
            const char *m = json_string_value(move);
            assert_non_null(m);
            for (int i = 0; i < n; i++) {
                char t[2 * CY_MAX_LABEL + 8];
                cy_move_str(b, d[i], t, sizeof t);
                if (!strcmp(t, m))
                    found = d[i];
            }
            if (found < 0)
                fail_msg("%s: the engine's move %s is not legal", desc, m);
            int *win = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
            int nw = br_winning_moves(g, mark, win), winning = 0;
            for (int i = 0; i < nw; i++)
                winning |= win[i] == found;
            free(win);
            if (wins != winning || json_is_true(json_object_get(o, "wins")) != wins)
                fail_msg("%s: the player to move %s, the engine's move %s: %s", desc, wins ? "wins" : "loses", m, text);
        }
        free(d);
        br_free(g);
        json_decref(o);
        free(text);
        cy_analysis_free(&an);
        cy_solver_free(s);
        free(mark);
        cy_board_free(b);
    }
}

static void test_families(void **state)
{
    (void)state;
    char *text = cy_families_json();
    json_t *o = json_loads(text, 0, NULL);
    assert_non_null(o);
    json_t *f = json_object_get(o, "families"), *e = json_object_get(o, "examples");
    int count = 0;
    for (const cy_family_info *i = cy_family_list(); i->name; i++, count++) {
        int found = 0;
        for (size_t k = 0; k < json_array_size(f); k++)
            found |= !strcmp(json_string_value(json_object_get(json_array_get(f, k), "name")), i->name);
        if (!found)
            fail_msg("family %s is not listed", i->name);
    }
    assert_int_equal(json_array_size(f), count);
    assert_true(json_array_size(e) > 0);
    for (size_t k = 0; k < json_array_size(e); k++) {
        const char *spec = json_string_value(json_array_get(e, k));
        cy_error err;
        cy_board *b = cy_family_build(spec, &err);
        if (!b)
            fail_msg("the example %s does not build: %s", spec, err.msg);
        cy_board_free(b);
    }
    json_decref(o);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_view),
        cmocka_unit_test(test_engine_move),
        cmocka_unit_test(test_families),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
