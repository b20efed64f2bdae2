/*
 * api.c - the engine of the static site (`make site`): libcycles compiled to
 * WebAssembly answers, inside a Web Worker (web/worker.js), the questions
 * the page asks `cycles serve` over HTTP: /api/families, /api/board,
 * /api/solve, /api/move and /api/export (json and svg; the page draws the
 * PNG from the SVG).  The JSON is the library's (cy_families_json,
 * cy_board_view_json, cy_analysis_json, cy_variant_json,
 * cy_engine_move_json, cy_write_board, cy_render_svg), the same the server
 * sends.  Reaches the engine through the public header only.
 */
#include "cycles.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EDGES 40               /* as cycles serve's default --max-edges */
#define TIMEOUT 10                 /* seconds, as cycles serve's default --timeout */
#define MEMORY ((size_t)256 << 20) /* the solver's tables, as the server's default memory */

/* The answer being built: "STATUS\n" then the body. */
static char *answer(int status, const char *body)
{
    size_t n = strlen(body);
    char *s = malloc(n + 16);
    if (!s)
        abort();
    snprintf(s, n + 16, "%d\n%s", status, body);
    return s;
}

/* An error answer {"error": message}. */
static char *refuse(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *refuse(int status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_object();
    json_t *m = json_string(msg);
    if (!m) {
        char *e = cy_escape_dup(msg, 0);
        m = json_string(e ? e : "error");
        free(e);
    }
    json_object_set_new(o, "error", m);
    char *t = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    char *a = answer(status, t ? t : "{}");
    free(t);
    return a;
}

/* Parameter key of p (a JSON object of strings), or NULL. */
static const char *param(json_t *p, const char *key)
{
    return json_string_value(json_object_get(p, key));
}

/* The game of a question, as cycles serve reads it (cy_game_load): the
 * family ?board= or the board file in body, then the file's moves and
 * ?moves= (under rules when not NULL).  -1 with the error answer in
 * *err_answer. */
static int question_game(json_t *p, const char *body, const cy_rules *rules, cy_game *g, char **err_answer)
{
    cy_game_source src = {.max_edges = MAX_EDGES, .moves = param(p, "moves"), .rules = rules};
    const char *what;
    if (!body) {
        const char *spec = param(p, "board");
        if (!spec || !*spec)
            return *err_answer = refuse(400, "give a board: a family such as k4 or grid:3x3, or a board file"), -1;
        src.from = CY_GAME_FROM_FAMILY;
        src.spec = what = spec;
    } else {
        if (!*body)
            return *err_answer = refuse(400, "the board file is empty"), -1;
        const char *name = param(p, "name");
        src.from = CY_GAME_FROM_TEXT;
        src.text = body;
        src.len = strlen(body);
        src.name = name && *name && strlen(name) < 200 ? name : "upload";
        what = "the board file";
    }
    cy_game_error err;
    if (cy_game_load(&src, g, &err) == 0)
        return 0;
    switch (err.part) {
    case CY_GAME_AT_NO_FAMILY:
        *err_answer = refuse(400, "%.200s: no family of that name", what);
        break;
    case CY_GAME_AT_BOARD:
        *err_answer =
            body ? refuse(422, "the board file: %s", err.err.msg) : refuse(400, "%.200s: %s", what, err.err.msg);
        break;
    case CY_GAME_AT_SIZE:
        *err_answer = refuse(422, "%.200s: %s; this page plays boards of at most %d", what, err.err.msg, MAX_EDGES);
        break;
    case CY_GAME_AT_FILE_MOVES:
        *err_answer = refuse(422, "the moves in the board file: %s", err.err.msg);
        break;
    default: /* CY_GAME_AT_MOVES, CY_GAME_AT_PLAY */
        *err_answer = refuse(422, "moves: %s", err.err.msg);
    }
    return -1;
}

/* question_game under the standard rules, its board and marks (and the
 * file's moves into *fmp when fmp is not NULL) taken out of the game; NULL
 * with the error answer in *err_answer. */
static cy_board *question_board(json_t *p, const char *body, unsigned char **markp, char **fmp, char **err_answer)
{
    cy_game g;
    if (question_game(p, body, NULL, &g, err_answer) < 0)
        return NULL;
    cy_board *b = g.board;
    *markp = g.mark;
    if (fmp) {
        *fmp = g.file_moves;
        g.file_moves = NULL;
    }
    g.board = NULL;
    g.mark = NULL;
    cy_game_free(&g);
    return b;
}

/* The time limit of a question: ?timeout= when shorter than the page's. */
static double question_timeout(json_t *p)
{
    const char *t = param(p, "timeout");
    double v = t ? strtod(t, NULL) : 0;
    return v > 0 && v < TIMEOUT ? v : TIMEOUT;
}

/* One solver kept for the next question on the same board (its table holds
 * what it found), as the server keeps them, with its board (the solver
 * reads it) and the board's text. */
static struct {
    char *text;
    double timeout;
    int no_theorems;
    cy_board *b;
    cy_solver *s;
} kept;

/* A solver for *bp with time limit timeout: the kept one when it is for the
 * same board (then *bp is freed and becomes the kept solver's equal board),
 * else a new one, kept in turn with *bp.  Either way the solver and *bp
 * are the kept ones (not to be freed) when *bp == kept.b. */
static cy_solver *solver_for(cy_board **bp, double timeout, int no_theorems, cy_error *err)
{
    char *text = cy_write_board(*bp, NULL, CY_FMT_JSON, err);
    if (kept.s && text && kept.timeout == timeout && kept.no_theorems == no_theorems && !strcmp(kept.text, text)) {
        free(text);
        cy_board_free(*bp);
        *bp = kept.b;
        return kept.s;
    }
    cy_solver_free(kept.s);
    cy_board_free(kept.b);
    free(kept.text);
    memset(&kept, 0, sizeof kept);
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = MEMORY;
    so.timeout = timeout;
    so.threads = 1;
    so.no_theorems = no_theorems;
    cy_solver *s = cy_solver_new(*bp, &so, err);
    if (s && text) {
        kept.s = s;
        kept.b = *bp;
        kept.text = text;
        kept.timeout = timeout;
        kept.no_theorems = no_theorems;
    } else
        free(text);
    return s;
}

/* /api/solve under the rules of ?rules=, ?players=, ?extra_turn=. */
static char *solve_variant(json_t *p, const char *body)
{
    const char *players = param(p, "players"), *extra = param(p, "extra_turn");
    int k = players ? atoi(players) : 0;
    cy_rules rules;
    cy_error err;
    if (players && (k < 2 || k > CY_MAX_PLAYERS))
        return refuse(400, "players: a whole number from 2 to %d", CY_MAX_PLAYERS);
    if (cy_rules_parse(param(p, "rules"), k, extra && strcmp(extra, "0") != 0, &rules, &err) < 0)
        return refuse(400, "%s", err.msg + (err.msg[0] == '-' ? 2 : 0));
    cy_game game;
    char *bad = NULL;
    if (question_game(p, body, &rules, &game, &bad) < 0)
        return bad;
    cy_board *b = game.board;
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = MEMORY;
    so.timeout = question_timeout(p);
    cy_answer an;
    char *a;
    int arc = cy_answer_game(&game, &so, NULL, &an, &err);
    if (!an.started)
        a = refuse(422, "%s: %s", b->name ? b->name : "board", err.msg);
    else if (arc < 0)
        a = refuse(503, "%s: %s", b->name ? b->name : "board", err.msg);
    else {
        char *t = cy_answer_json(b, &an);
        a = answer(200, t);
        free(t);
    }
    cy_answer_free(&an);
    cy_game_free(&game);
    return a;
}

/* /api/solve (what `cycles solve --json` prints; partial when time runs
 * out) and /api/move (cy_engine_move_json).  ?theorems=0 searches where a
 * theorem of the papers would answer (`cycles solve --no-theorems`; for
 * benchmarks, bench/site.sh). */
static char *question(json_t *p, const char *body, int move)
{
    unsigned char *mark;
    char *bad = NULL;
    cy_board *b = question_board(p, body, &mark, NULL, &bad);
    if (!b)
        return bad;
    double timeout = question_timeout(p);
    cy_error err;
    char *a = NULL;
    const char *th = param(p, "theorems");
    cy_solver *s = solver_for(&b, timeout, th && !strcmp(th, "0"), &err);
    if (!s) {
        a = refuse(422, "%s: %s", b->name ? b->name : "board", err.msg);
        goto done;
    }
    if (move) {
        cy_analysis an;
        cy_solver_stats before;
        cy_solver_stats_get(s, &before);
        int arc = cy_analyse(s, mark, &an, &err);
        an.stats.positions -= before.positions;
        char *t = cy_engine_move_json(b, mark, &an, arc);
        a = answer(200, t);
        free(t);
        cy_analysis_free(&an);
    } else {
        /* the replies within the analysis's time limit */
        cy_game g = {.board = b, .mark = mark};
        cy_answer_opts ao = {.solver = s};
        cy_answer ans;
        int arc = cy_answer_game(&g, NULL, &ao, &ans, &err);
        if (arc < 0 && !ans.known)
            a = refuse(503, "%s: %s", b->name ? b->name : "board",
                       arc == CY_SOLVE_TIMEOUT ? "the solver ran out of time before it knew anything" : err.msg);
        else {
            char *t = cy_answer_json(b, &ans);
            a = answer(200, t);
            free(t);
        }
        cy_answer_free(&ans);
    }
    if (s != kept.s)
        cy_solver_free(s);
done:
    free(mark);
    if (b != kept.b)
        cy_board_free(b);
    return a;
}

/* /api/board. */
static char *board(json_t *p, const char *body)
{
    unsigned char *mark;
    char *fm = NULL, *bad = NULL;
    cy_board *b = question_board(p, body, &mark, &fm, &bad);
    if (!b)
        return bad;
    cy_error err;
    char *t = cy_board_view_json(b, mark, fm, MAX_EDGES, TIMEOUT, &err);
    char *a = t ? answer(200, t) : refuse(422, "%s: cannot lay the board out: %s", b->name ? b->name : "board", err.msg);
    free(t);
    free(mark);
    free(fm);
    cy_board_free(b);
    return a;
}

/* /api/export?format=json|svg: the native JSON board with its position, or
 * the picture of `cycles draw` (the last move emphasised). */
static char *export_board(json_t *p, const char *body)
{
    const char *format = param(p, "format");
    if (!format || !*format)
        format = "json";
    int json = !strcmp(format, "json");
    if (!json && strcmp(format, "svg"))
        return refuse(400, "format: json, svg or png");
    unsigned char *mark;
    char *fm = NULL, *bad = NULL;
    cy_board *b = question_board(p, body, &mark, &fm, &bad);
    if (!b)
        return bad;
    cy_error err;
    char *text;
    if (json)
        text = cy_write_board(b, mark, CY_FMT_JSON, &err);
    else {
        const char *moves = param(p, "moves");
        int last = -1, *d = NULL, n = 0;
        if (!moves || !*moves)
            moves = fm;
        if (moves && cy_moves_parse(b, moves, &d, &n, &err) == 0 && n > 0)
            last = d[n - 1];
        free(d);
        cy_picture pic = {.mark = mark, .last = last, .hints = NULL, .nhints = 0, .caption = NULL};
        text = cy_render_svg(b, &pic, &err);
    }
    char *a = text ? answer(200, text) : refuse(422, "%s: %s", b->name ? b->name : "board", err.msg);
    free(text);
    free(mark);
    free(fm);
    cy_board_free(b);
    return a;
}

/* The worker's one entry: the answer to endpoint ("families", "board",
 * "solve", "move", "export") with the query's parameters params (a JSON
 * object of strings) and the POSTed board file body (NULL for a family), as
 * "STATUS\n" then the JSON (or SVG) text, malloc'd: free it with free(). */
char *cyw_call(const char *endpoint, const char *params, const char *body)
{
    json_t *p = json_loads(params ? params : "{}", 0, NULL);
    if (!json_is_object(p)) {
        json_decref(p);
        return refuse(400, "the question's parameters are not a JSON object");
    }
    char *a;
    if (!strcmp(endpoint, "families")) {
        char *t = cy_families_json();
        a = answer(200, t);
        free(t);
    } else if (!strcmp(endpoint, "board"))
        a = board(p, body);
    else if (!strcmp(endpoint, "solve")) {
        const char *r = param(p, "rules"), *k = param(p, "players"), *x = param(p, "extra_turn");
        int variant = (r && *r && strcmp(r, "standard")) || (k && strcmp(k, "2")) || (x && strcmp(x, "0"));
        a = variant ? solve_variant(p, body) : question(p, body, 0);
    } else if (!strcmp(endpoint, "move"))
        a = question(p, body, 1);
    else if (!strcmp(endpoint, "export"))
        a = export_board(p, body);
    else
        a = refuse(404, "no such endpoint: %.200s (see /api/families, /api/board, /api/solve, /api/move, /api/export)",
                   endpoint);
    json_decref(p);
    return a;
}
