/*
 * test_game.c - the one loader of a game (cy_game_load, src/game.c) against
 * positions worked out by hand on the triangle (vertices 1, 2, 3, one cell):
 * after 1->2 and 2->3 the third move 3->1 completes the cell, 1->3 makes 3
 * a sink; which part of what the user gave each error names; the file's
 * moves and the given ones in order; the turn and the end of the game under
 * the standard rules and under misère; a board kept without its moves.
 * And the one answer (cy_answer_game, its text and JSON writers) on the
 * same hand-checked positions: after 1->2 the second player's two legal
 * moves, 2->3 and 3->1, each let the first player close the cell (a lost
 * position with both replies); after 1->2 2->3 the only legal move 3->1
 * wins, or under misère loses.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The triangle as a board file, with moves of its own (NULL: none). */
static char *triangle(const char *moves)
{
    static const char head[] = "{\"format\": \"cycles-board\", \"version\": 1, \"vertices\": [\"1\", \"2\", \"3\"], "
                               "\"cells\": [[\"1\", \"2\", \"3\"]]";
    size_t n = strlen(head) + (moves ? strlen(moves) : 0) + 32;
    char *s = malloc(n);
    assert_non_null(s);
    if (moves)
        snprintf(s, n, "%s, \"moves\": \"%s\"}", head, moves);
    else
        snprintf(s, n, "%s}", head);
    return s;
}

/* Loads the triangle carrying file_moves, then moves, under rules. */
static int load(const char *file_moves, const char *moves, const cy_rules *rules, cy_game *g, cy_game_error *err)
{
    char *text = triangle(file_moves);
    cy_game_source src =
        {.from = CY_GAME_FROM_TEXT, .text = text, .len = strlen(text), .name = "tri", .moves = moves, .rules = rules};
    int rc = cy_game_load(&src, g, err);
    free(text);
    return rc;
}

/* The mark of the edge between vertices labelled u and v, seen from u to v:
 * 1 marked u->v, -1 marked v->u, 0 unmarked. */
static int arrow(const cy_game *g, const char *u, const char *v)
{
    int a = cy_board_find(g->board, u), b = cy_board_find(g->board, v);
    for (int e = 0; e < g->board->ne; e++) {
        int x = g->board->eu[e], y = g->board->ev[e];
        if (!g->mark[e] || !((x == a && y == b) || (x == b && y == a)))
            continue;
        int along = g->mark[e] == CY_FWD ? x == a : y == a;
        return along ? 1 : -1;
    }
    return 0;
}

static void test_moves_in_order(void **state)
{
    (void)state;
    cy_game g;
    cy_game_error err;
    assert_int_equal(load("1->2", "2->3", NULL, &g, &err), 0);
    assert_string_equal(g.board->name, "tri");
    assert_string_equal(g.file_moves, "1->2");
    assert_int_equal(g.nmoves, 2);
    assert_int_equal(g.nfile, 1);
    assert_int_equal(arrow(&g, "1", "2"), 1);
    assert_int_equal(arrow(&g, "2", "3"), 1);
    assert_int_equal(arrow(&g, "3", "1"), 0);
    /* two moves played: the first player's turn, the game goes on */
    assert_int_equal(g.state.played, 2);
    assert_int_equal(g.state.to_move, 1);
    assert_int_equal(g.state.last, 2);
    assert_int_equal(g.state.ended, 0);
    assert_true(cy_rules_is_standard(&g.rules));
    cy_game_free(&g);
    /* 3->1 completes the cell: the first player ends the game */
    assert_int_equal(load("1->2", "2->3 3->1", NULL, &g, &err), 0);
    assert_int_equal(g.state.played, 3);
    assert_int_equal(g.state.ended, 1);
    assert_int_equal(g.state.completed_by, 1);
    cy_game_free(&g);
}

static void test_error_parts(void **state)
{
    (void)state;
    cy_game g;
    cy_game_error err;
    /* 1->3 after 1->2, 2->3 makes 3 a sink: the given move is at fault */
    assert_int_equal(load("1->2", "2->3 1->3", NULL, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_MOVES);
    assert_null(g.board);
    /* the same moves all in the file: the file's are at fault */
    assert_int_equal(load("1->2 2->3 1->3", NULL, NULL, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_FILE_MOVES);
    /* no such vertex */
    assert_int_equal(load(NULL, "1->4", NULL, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_MOVES);
    /* under rules given, both lists are one game; the bad move's list said */
    cy_rules mis;
    assert_int_equal(cy_rules_parse("misere", 0, 0, &mis, NULL), 0);
    assert_int_equal(load("1->2", "2->3 1->3", &mis, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_PLAY);
    assert_int_equal(err.in_file, 0);
    assert_int_equal(load("1->2 2->3 1->3", "", &mis, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_PLAY);
    assert_int_equal(err.in_file, 1);
    /* a board of 3 edges over a bound of 2, refused before its bad moves */
    char *text = triangle("1->2 2->3 1->3");
    cy_game_source src = {.from = CY_GAME_FROM_TEXT, .text = text, .len = strlen(text), .max_edges = 2};
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_SIZE);
    assert_non_null(strstr(err.err.msg, "3 edges"));
    src.max_edges = 3;
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_FILE_MOVES);
    /* a special vertex the board lacks */
    src.special = "2, 9";
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_SPECIAL);
    assert_non_null(strstr(err.err.msg, "no vertex 9"));
    free(text);
    /* not a board file; a family that does not exist; one badly written */
    src = (cy_game_source){.from = CY_GAME_FROM_TEXT, .text = "{", .len = 1};
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_BOARD);
    src = (cy_game_source){.from = CY_GAME_FROM_FAMILY, .spec = "nosuchfamily:3"};
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_NO_FAMILY);
    src.spec = "cycle:x";
    assert_int_equal(cy_game_load(&src, &g, &err), -1);
    assert_int_equal(err.part, CY_GAME_AT_BOARD);
}

static void test_family_special_and_rules(void **state)
{
    (void)state;
    cy_rules mis;
    assert_int_equal(cy_rules_parse("misere", 0, 0, &mis, NULL), 0);
    /* the family never opens a file; vertex 2 made special */
    cy_game_source src = {.from = CY_GAME_FROM_FAMILY,
                          .spec = "cycle:3",
                          .special = "2",
                          .moves = "1->2 2->3",
                          .rules = &mis};
    cy_game g;
    cy_game_error err;
    assert_int_equal(cy_game_load(&src, &g, &err), 0);
    assert_int_equal(g.rules.kind, CY_RULES_MISERE);
    assert_int_equal(g.board->special[cy_board_find(g.board, "2")], 1);
    assert_int_equal(g.board->special[cy_board_find(g.board, "1")], 0);
    assert_int_equal(g.nfile, 0);
    assert_int_equal(g.state.played, 2);
    assert_int_equal(g.state.to_move, 1);
    cy_game_free(&g);
    /* under misère completing the cell ends the game, its maker losing */
    src.moves = "1->2 2->3 3->1";
    assert_int_equal(cy_game_load(&src, &g, &err), 0);
    assert_int_equal(g.state.ended, 1);
    assert_int_equal(g.state.completed_by, 1);
    cy_game_free(&g);
}

static void test_board_only(void **state)
{
    (void)state;
    char *text = triangle("1->2 2->3 1->3"); /* its third move is illegal */
    cy_game_source src = {.from = CY_GAME_FROM_TEXT, .text = text, .len = strlen(text), .moves = "not read", .board_only = 1};
    cy_game g;
    cy_game_error err;
    assert_int_equal(cy_game_load(&src, &g, &err), 0);
    assert_string_equal(g.file_moves, "1->2 2->3 1->3");
    assert_int_equal(g.nmoves, 0);
    for (int e = 0; e < g.board->ne; e++)
        assert_int_equal(g.mark[e], CY_UNMARKED);
    assert_int_equal(g.state.to_move, 1);
    /* the board may be kept past the game */
    cy_board *b = g.board;
    g.board = NULL;
    cy_game_free(&g);
    assert_int_equal(b->ne, 3);
    cy_board_free(b);
    free(text);
}

/* The move u->v of g's board as a dart. */
static int dart(const cy_game *g, const char *text)
{
    int *d = NULL, n = 0;
    cy_error err;
    assert_int_equal(cy_moves_parse(g->board, text, &d, &n, &err), 0);
    assert_int_equal(n, 1);
    int x = d[0];
    free(d);
    return x;
}

static void test_answer(void **state)
{
    (void)state;
    cy_game g;
    cy_game_error gerr;
    cy_error err;
    cy_answer ans;
    cy_solver_opts so = {0};
    /* after 1->2: lost for player 2, each move with its winning reply */
    assert_int_equal(load(NULL, "1->2", NULL, &g, &gerr), 0);
    assert_int_equal(cy_answer_game(&g, &so, NULL, &ans, &err), 0);
    assert_int_equal(ans.variant, 0);
    assert_true(ans.started && ans.complete && ans.known);
    assert_int_equal(ans.a.outcome, 'P');
    assert_int_equal(ans.winner, 1);
    assert_int_equal(ans.best, -1);
    assert_int_equal(ans.nr, 2);
    for (int i = 0; i < 2; i++)
        assert_int_equal(ans.reply[i], ans.legal[i] == dart(&g, "2->3") ? dart(&g, "3->1") : dart(&g, "2->3"));
    char *text = cy_answer_text(g.board, &ans), *json = cy_answer_json(g.board, &ans);
    assert_non_null(strstr(text, "winner: player 1 (P-position"));
    assert_non_null(strstr(text, "  2->3         3->1\n"));
    assert_non_null(strstr(json, "\"winner\": 1"));
    free(text);
    free(json);
    cy_answer_free(&ans);
    /* without the replies */
    cy_answer_opts no = {.no_replies = 1};
    assert_int_equal(cy_answer_game(&g, &so, &no, &ans, &err), 0);
    assert_int_equal(ans.nr, 0);
    assert_null(ans.legal);
    cy_answer_free(&ans);
    cy_game_free(&g);
    /* after 1->2 2->3: 3->1 wins, the best move */
    assert_int_equal(load(NULL, "1->2 2->3", NULL, &g, &gerr), 0);
    assert_int_equal(cy_answer_game(&g, &so, NULL, &ans, &err), 0);
    assert_int_equal(ans.winner, 1);
    assert_int_equal(ans.best, dart(&g, "3->1"));
    cy_answer_free(&ans);
    cy_game_free(&g);
    /* the same under misère: 3->1 is forced and loses */
    cy_rules mis;
    assert_int_equal(cy_rules_parse("misere", 0, 0, &mis, NULL), 0);
    assert_int_equal(load(NULL, "1->2 2->3", &mis, &g, &gerr), 0);
    assert_int_equal(cy_answer_game(&g, &so, NULL, &ans, &err), 0);
    assert_int_equal(ans.variant, 1);
    assert_int_equal(ans.v.outcome, 'P');
    assert_int_equal(ans.winner, 2);
    text = cy_answer_text(g.board, &ans);
    assert_non_null(strstr(text, "rules: misere"));
    free(text);
    cy_answer_free(&ans);
    cy_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_in_order),
        cmocka_unit_test(test_error_parts),
        cmocka_unit_test(test_family_special_and_rules),
        cmocka_unit_test(test_board_only),
        cmocka_unit_test(test_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
