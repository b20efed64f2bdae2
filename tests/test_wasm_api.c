/*
 * test_wasm_api.c - the static site's engine entry (src/wasm/api.c, compiled
 * here natively so that the sanitizers see it): every endpoint the page
 * asks, the errors it answers, and the solver it keeps from one question to
 * the next on the same board (the answers of a kept solver equal a fresh
 * analysis: who wins, the Grundy value, the winning moves).
 */
#include "support.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/wasm/api.c"

/* cyw_call's answer: its status, and its text parsed as JSON into *o (NULL
 * when the text is not JSON). */
static int ask(const char *endpoint, const char *params, const char *body, json_t **o, char **text)
{
    char *a = cyw_call(endpoint, params, body);
    int status = atoi(a);
    char *nl = strchr(a, '\n');
    assert_non_null(nl);
    *o = json_loads(nl + 1, 0, NULL);
    if (text)
        *text = strdup(nl + 1);
    free(a);
    return status;
}

/* The winning moves of a, as a sorted JSON-free string "m1 m2 ...". */
static void check_same(const char *spec, const char *moves, json_t *o)
{
    cy_analysis an;
    cy_board *b = t_board(spec);
    t_analyse(b, moves, &an);
    assert_int_equal(json_integer_value(json_object_get(o, "grundy")), an.grundy);
    char want[2] = {an.outcome, 0};
    assert_string_equal(json_string_value(json_object_get(o, "outcome")), want);
    json_t *w = json_object_get(o, "winning_moves");
    assert_int_equal(json_array_size(w), an.nwin);
    for (int i = 0; i < an.nwin; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, an.winning[i], m, sizeof m);
        int found = 0;
        for (size_t k = 0; k < json_array_size(w); k++)
            found |= !strcmp(json_string_value(json_array_get(w, k)), m);
        assert_true(found);
    }
    cy_analysis_free(&an);
    cy_board_free(b);
}

static void test_solve_kept(void **state)
{
    (void)state;
    json_t *o;
    /* the same board three times (the kept solver), then another, then back */
    const char *const qs[][2] = {{"grid:3x3", ""},
                                 {"grid:3x3", "1->2"},
                                 {"grid:3x3", "1->2 5->4"},
                                 {"k4", "1->2"},
                                 {"grid:3x3", "1->2"}};
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++) {
        char p[200];
        snprintf(p, sizeof p, "{\"board\": \"%s\", \"moves\": \"%s\"}", qs[i][0], qs[i][1]);
        assert_int_equal(ask("solve", p, NULL, &o, NULL), 200);
        check_same(qs[i][0], qs[i][1], o);
        json_decref(o);
        /* the engine's move in the same position wins when a move wins */
        assert_int_equal(ask("move", p, NULL, &o, NULL), 200);
        assert_true(json_is_string(json_object_get(o, "move")));
        json_decref(o);
    }
    /* a board file in the body, with a short time limit */
    const char *file = "{\"vertices\": [{\"label\": \"a\", \"x\": 0, \"y\": 0}, {\"label\": \"b\", \"x\": 2, \"y\": 0},"
                       " {\"label\": \"c\", \"x\": 1, \"y\": 2}, {\"label\": \"d\", \"x\": 1, \"y\": 0.7}],"
                       " \"edges\": [[\"a\",\"b\"], [\"b\",\"c\"], [\"c\",\"a\"], [\"a\",\"d\"], [\"b\",\"d\"]]}";
    assert_int_equal(ask("solve", "{\"moves\": \"a->d\", \"timeout\": \"2\", \"name\": \"house\"}", file, &o, NULL), 200);
    assert_string_equal(json_string_value(json_object_get(o, "board")), "house");
    assert_int_equal(json_integer_value(json_object_get(o, "winner")), 1);
    json_decref(o);
}

static void test_endpoints(void **state)
{
    (void)state;
    json_t *o;
    char *text;
    assert_int_equal(ask("families", "{}", NULL, &o, NULL), 200);
    assert_true(json_array_size(json_object_get(o, "families")) > 0);
    json_decref(o);
    assert_int_equal(ask("board", "{\"board\": \"lollipop:3\", \"moves\": \"1->2\"}", NULL, &o, NULL), 200);
    assert_int_equal(json_array_size(json_object_get(o, "edges")), 4);
    assert_int_equal(json_integer_value(json_object_get(o, "max_edges")), MAX_EDGES);
    json_decref(o);
    assert_int_equal(ask("export", "{\"board\": \"k4\", \"moves\": \"1->2\", \"format\": \"json\"}", NULL, &o, NULL),
                     200);
    assert_string_equal(json_string_value(json_array_get(json_object_get(o, "moves"), 0)), "1->2");
    json_decref(o);
    assert_int_equal(ask("export", "{\"board\": \"k4\", \"moves\": \"1->2\", \"format\": \"svg\"}", NULL, &o, &text),
                     200);
    assert_non_null(strstr(text, "<svg"));
    free(text);
    assert_int_equal(ask("solve", "{\"board\": \"cycle:5\", \"rules\": \"misere\"}", NULL, &o, NULL), 200);
    assert_string_equal(json_string_value(json_object_get(o, "rules")), "misere");
    json_decref(o);
    /* the errors: a message each, never a crash */
    const struct {
        const char *endpoint, *params, *body;
        int status;
    } bad[] = {
        {"board", "{}", NULL, 400},
        {"board", "{\"board\": \"nosuch:3\"}", NULL, 400},
        {"board", "{\"board\": \"k4\", \"moves\": \"1->9\"}", NULL, 422},
        {"solve", "{\"board\": \"k4\", \"moves\": \"1->2 1->2\"}", NULL, 422},
        {"solve", "{\"board\": \"grid:6x6\"}", NULL, 422},
        {"solve", "{}", "", 400},
        {"solve", "{}", "not a board", 422},
        {"solve", "{\"board\": \"k4\", \"rules\": \"nosuch\"}", NULL, 400},
        {"solve", "{\"board\": \"k4\", \"players\": \"99\"}", NULL, 400},
        {"export", "{\"board\": \"k4\", \"format\": \"gif\"}", NULL, 400},
        {"nosuch", "{}", NULL, 404},
        {"solve", "[1, 2]", NULL, 400},
        {"solve", "not json", NULL, 400},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int s = ask(bad[i].endpoint, bad[i].params, bad[i].body, &o, NULL);
        if (s != bad[i].status || !json_is_string(json_object_get(o, "error")))
            fail_msg("%s %s: %d, expected %d with an error message", bad[i].endpoint, bad[i].params, s, bad[i].status);
        json_decref(o);
    }
}

/* The kept solver is freed at the end, so the leak checker sees none. */
static int teardown(void **state)
{
    (void)state;
    cy_solver_free(kept.s);
    cy_board_free(kept.b);
    free(kept.text);
    memset(&kept, 0, sizeof kept);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_solve_kept, teardown),
        cmocka_unit_test_teardown(test_endpoints, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
