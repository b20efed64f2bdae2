/*
 * server.c - the web server of `cycles serve`: the page (web/, built into the
 * program) and a JSON API, over libmicrohttpd.
 *
 * Endpoints (all answers are JSON unless they are the page's files):
 *   GET  /, /app.js, /app.css          the page
 *   GET  /api/families                 the families and example specs
 *   GET  /api/board?board=SPEC         the board to draw: vertices with
 *                                      coordinates (cy_layout), edges, cells
 *   POST /api/board[?name=N]           the same for a board file in the body
 *   GET  /api/solve?board=SPEC&moves=M exactly what `cycles solve --json` prints
 *   POST /api/solve?moves=M[&name=N]   the same for a board file in the body
 *   GET  /api/move?board=SPEC&moves=M  the engine's move: a winning move if there
 *   POST /api/move?moves=M[&name=N]    is one, else a safe move, else any legal one
 *        (both with &timeout=S: the solve stops after S seconds when that is
 *        less than the server's --timeout, for a quick partial answer; a kept
 *        answer within the server's own limit is given instead when there is one)
 *   GET  /api/export?board=SPEC&moves=M&format=json|svg|png
 *   POST /api/export?moves=M&format=F  the board and position as the native
 *                                      JSON board (with its moves), or the
 *                                      picture of `cycles draw`, as a download
 *                                      (EXPORT_SLOTS pictures drawn at once,
 *                                      else 503)
 *   GET  /api/stats                    the lanes, the cache and the memory in use
 *   GET  /census, /api/census?...      the census explorer (--census FILE:
 *                                      src/server_census.c)
 *
 * SPEC in a query is a family ("k4", "grid:3x3"); the server never opens files
 * named in a request: boards from files are uploaded (POST, at most max_body
 * bytes, any format cy_read_board reads).  Moves a board file carries are
 * played before M.  A bad request is answered 4xx with {"error": "..."}:
 * 400 malformed request or unknown family, 404 no such page, 405 wrong method,
 * 413 body too large, 422 board or moves refused (illegal move, bad board
 * file, board over max_edges edges); 503 (with Retry-After) when nothing is
 * known yet: the solver ran out of time before it knew anything, the slow
 * lane is full, or the uploads held at once fill their share of the memory.
 * When the solver ran out of time but knows something (the winner, the
 * Grundy value, some winning moves) the answer is 200 with "complete": false.
 *
 * Solves and engine moves go through server_work.c: an answer cache, one
 * solve for identical questions asked at once, a quick lane for positions
 * with at most QUICK_EDGES unplayed edges and a bounded slow lane for the
 * rest.  Each solve has its own board and solver (one thread, its lane's
 * share of --memory, the server's timeout).
 */
#include "engine.h"
#include "internal.h"
#include "server_census.h"
#include "server_work.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The page's files, generated from web/ at build time (web/embed.cmake):
 * the bytes of the file served at path, its length and content type, or NULL. */
const unsigned char *cy_web_asset(const char *path, size_t *len, const char **type);

#define DEFAULT_TIMEOUT ((double)CY_SERVER_TIMEOUT)
#define DEFAULT_MAX_EDGES 40
#define DEFAULT_MAX_BODY (1u << 20)
#define DEFAULT_CONNECTIONS 32
#define DEFAULT_SOLVES 8
#define DEFAULT_MEMORY ((size_t)CY_SERVER_MEMORY_MIB << 20)
#define QUICK_SLOTS 4     /* quick solves at once */
#define KEPT_SOLVERS 4    /* quick solvers kept for the next question */
#define QUICK_EDGES 14    /* positions with at most this many unplayed edges are
                             quick: the bitboard engine's boards, solved in
                             milliseconds (README, "Playing in the browser") */
#define EXPORT_SLOTS 2    /* pictures drawn at once (/api/export?format=svg|png) */
#define EXPORT_WAIT 5     /* seconds a picture waits for a slot, then 503 */
#define MAX_SPEC 200      /* longest family spec in a query */
#define MAX_NAME 100      /* longest board name in a query */

/* The HTTP status codes the server answers with (spelt out: their names in
 * microhttpd.h changed between versions). */
enum {
    HTTP_OK = 200,
    HTTP_BAD_REQUEST = 400,
    HTTP_NOT_FOUND = 404,
    HTTP_METHOD_NOT_ALLOWED = 405,
    HTTP_TOO_LARGE = 413,
    HTTP_UNPROCESSABLE = 422,
    HTTP_INTERNAL_ERROR = 500,
    HTTP_UNAVAILABLE = 503
};

/* A quick lane's solver kept for the next question on its board: the board's
 * native JSON, the board and the solver. */
typedef struct kept {
    char *text;
    cy_board *b;
    cy_solver *s;
} kept;

struct cy_server {
    struct MHD_Daemon *d;
    cy_server_opts o;     /* with the defaults filled in */
    int port;
    sw_work *work;        /* the lanes and the cache */
    scen *census;         /* the census explorer's lane, or NULL */
    kept kept[KEPT_SOLVERS]; /* quick solvers kept, oldest first (lock) */
    int nkept;
    sw_budget budget;     /* the shares of o.memory */
    int variants;         /* variant searches running (lock held; at most slow_workers) */
    int variant_slots;    /* slow_workers */
    size_t body_bytes;    /* bytes of request bodies held (lock) */
    int exports;          /* pictures being drawn (lock; at most EXPORT_SLOTS) */
    int exports_peak;     /* the most drawn at once (lock) */
    unsigned long long exports_refused; /* 503s for want of a slot (lock) */
    pthread_cond_t export_free; /* a slot came free (with lock) */
    pthread_mutex_t lock;
};

/* What one request has received so far. */
typedef struct request {
    char *body;
    size_t len, cap;
    int too_big;          /* the body exceeded max_body and was dropped */
    int no_room;          /* the uploads held at once fill their share */
} request;

/* An answer under construction: status, malloc'd text, Retry-After. */
typedef sw_answer answer;

/* --------------------------------------------------------------- answers */

/* Serialises o (taking the reference) as two-space indented JSON with a
 * final newline into a malloc'd string. */
static char *dump(json_t *o)
{
    return cy_json_text(o);
}

/* Sets *a to status with {"error": message}; returns -1 for the caller to
 * pass on. */
static int fail(answer *a, unsigned status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(answer *a, unsigned status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sw_error(a, status, msg);
    return -1;
}

/* Sends text (malloc'd, taken over) with the status and content type, a
 * Retry-After of retry seconds on a 503, and X-Cycles-Answer: how (if not
 * NULL); MHD_NO only when the connection is to be dropped. */
static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type, char *text, size_t len,
                                 int retry, const char *how)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    if (status == HTTP_UNAVAILABLE) {
        char ra[24];
        snprintf(ra, sizeof ra, "%d", retry > 0 ? retry : 1);
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, ra);
    }
    if (how)
        MHD_add_response_header(r, "X-Cycles-Answer", how);
    if (status == HTTP_METHOD_NOT_ALLOWED)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD, POST");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

/* Sends answer a as JSON. */
static enum MHD_Result send_answer(struct MHD_Connection *c, answer *a)
{
    if (!a->text)
        fail(a, HTTP_INTERNAL_ERROR, "out of memory");
    if (!a->text)
        return MHD_NO;
    return send_text(c, a->status, "application/json", a->text, strlen(a->text), a->retry, a->how);
}

/* ------------------------------------------------------------- the board */

/* A query argument, or NULL. */
static const char *arg(struct MHD_Connection *c, const char *key)
{
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
}

/* Whether s is printable ASCII of at most max bytes. */
static int printable(const char *s, size_t max)
{
    size_t n = 0;
    for (; s[n]; n++)
        if ((unsigned char)s[n] < 32 || (unsigned char)s[n] >= 127 || n >= max)
            return 0;
    return 1;
}

/* The board of a request and its position: from the family in ?board= (GET)
 * or the board file in the body (POST), then the file's moves and ?moves=
 * played on *mark.  *file_moves (if not NULL) gets the file's moves.  Returns
 * 0, or -1 with the error answer in *a. */
static int request_board_ex(const cy_server *srv, struct MHD_Connection *c, const request *r, int post,
                            cy_board **bp, unsigned char **markp, char **file_moves, const cy_rules *rules,
                            cy_variant_game *game, answer *a);

static int request_board(const cy_server *srv, struct MHD_Connection *c, const request *r, int post, cy_board **bp,
                         unsigned char **markp, char **file_moves, answer *a)
{
    return request_board_ex(srv, c, r, post, bp, markp, file_moves, NULL, NULL, a);
}

/* request_board, with the moves played under rules (when not NULL) and the
 * game's state in *game. */
static int request_board_ex(const cy_server *srv, struct MHD_Connection *c, const request *r, int post,
                            cy_board **bp, unsigned char **markp, char **file_moves, const cy_rules *rules,
                            cy_variant_game *game, answer *a)
{
    cy_error err;
    char *fm = NULL;
    cy_board *b;
    const char *what;
    if (!post) {
        const char *spec = arg(c, "board");
        if (!spec || !*spec)
            return fail(a, HTTP_BAD_REQUEST, "give a board: ?board=SPEC with a family such as k4 or grid:3x3, or "
                                                 "POST a board file");
        if (!printable(spec, MAX_SPEC))
            return fail(a, HTTP_BAD_REQUEST, "board: a family spec is printable text of at most %d characters",
                        MAX_SPEC);
        if (!cy_family_known(spec))
            return fail(a, HTTP_BAD_REQUEST, "%s: no family of that name (GET /api/families lists them; files "
                                                 "are uploaded with POST)", spec);
        b = cy_family_build(spec, &err);
        if (!b)
            return fail(a, HTTP_BAD_REQUEST, "%s: %s", spec, err.msg);
        what = spec;
    } else {
        if (r->too_big)
            return fail(a, HTTP_TOO_LARGE, "the board file is larger than %zu bytes", srv->o.max_body);
        if (!r->len)
            return fail(a, HTTP_BAD_REQUEST, "POST the board file as the request body (it is empty)");
        b = cy_read_board(r->body, r->len, CY_FMT_AUTO, &fm, &err);
        if (!b)
            return fail(a, HTTP_UNPROCESSABLE, "the board file: %s", err.msg);
        if (!b->name) {
            const char *name = arg(c, "name");
            b->name = cy_xstrdup(name && *name && printable(name, MAX_NAME) ? name : "upload");
        }
        what = "the board file";
    }
    if (b->ne > srv->o.max_edges) {
        fail(a, HTTP_UNPROCESSABLE, "%s: the board has %d edges; this server plays boards of at most %d",
             what, b->ne, srv->o.max_edges);
        goto bad;
    }
    unsigned char *mark = cy_xcalloc((size_t)b->ne + 1, 1);
    const char *moves = arg(c, "moves");
    const char *lists[2] = {fm, moves};
    if (rules) {
        /* both lists in one game, checked under the rules */
        int *all = cy_xmalloc(sizeof(int)), n = 0;
        for (int k = 0; k < 2; k++) {
            int *d = NULL, m = 0;
            if (lists[k] && cy_moves_parse(b, lists[k], &d, &m, &err) < 0) {
                free(d);
                free(all);
                free(mark);
                fail(a, HTTP_UNPROCESSABLE, "%s: %s", k ? "moves" : "the moves in the board file", err.msg);
                goto bad;
            }
            all = cy_xrealloc(all, sizeof(int) * (size_t)(n + m + 1));
            if (m)
                memcpy(all + n, d, sizeof(int) * (size_t)m);
            n += m;
            free(d);
        }
        int bad_moves = cy_variant_play(b, rules, mark, all, n, game, &err);
        free(all);
        if (bad_moves < 0) {
            free(mark);
            fail(a, HTTP_UNPROCESSABLE, "moves: %s", err.msg);
            goto bad;
        }
        lists[0] = lists[1] = NULL;
    }
    for (int k = 0; k < 2; k++) {
        if (!lists[k])
            continue;
        int *d = NULL, n = 0;
        if (cy_moves_parse(b, lists[k], &d, &n, &err) < 0 || cy_moves_play(b, mark, d, n, &err) < 0) {
            free(d);
            free(mark);
            fail(a, HTTP_UNPROCESSABLE, "%s: %s", k ? "moves" : "the moves in the board file", err.msg);
            goto bad;
        }
        free(d);
    }
    *bp = b;
    *markp = mark;
    if (file_moves)
        *file_moves = fm;
    else
        free(fm);
    return 0;
bad:
    free(fm);
    cy_board_free(b);
    return -1;
}

/* GET /api/families: {"families": [{name, usage, summary}], "examples": [...]}. */
static int api_families(answer *a)
{
    static const char *const examples[] = {"k4", "cycle:5", "chord:6,3", "inner:4", "theta:2,2,3", "grid:3x3",
                                           "wedge:3,4", "butterfly", "butterfly:closed", "windmill:3", "lollipop:4",
                                           "gtheta:2,2,2,2", "path:4", "star:4", "spider:1,2,3", "figure1",
                                           "k5-torus", NULL};
    json_t *o = json_object(), *f = json_array(), *e = json_array();
    for (const cy_family_info *i = cy_family_list(); i->name; i++) {
        json_t *x = json_object();
        json_object_set_new(x, "name", sw_jstr(i->name));
        json_object_set_new(x, "usage", sw_jstr(i->usage));
        json_object_set_new(x, "summary", sw_jstr(i->summary));
        json_array_append_new(f, x);
    }
    for (int i = 0; examples[i]; i++)
        json_array_append_new(e, sw_jstr(examples[i]));
    json_object_set_new(o, "families", f);
    json_object_set_new(o, "examples", e);
    a->status = HTTP_OK;
    a->text = dump(o);
    return 0;
}

/* The moves of position mark on b as the page marks them: {"legal": every
 * legal move, "death": the legal moves after which the opponent can complete
 * a cycle cell, "unmarkable": the unmarked edges (indices) neither of whose
 * directions is legal}. */
static json_t *position_json(const cy_board *b, unsigned char *mark)
{
    json_t *o = json_object(), *legal = json_array(), *death = json_array(), *never = json_array();
    int *d = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_over(b, mark) ? 0 : cy_rules_legal(b, mark, d);
    char m[2 * CY_MAX_LABEL + 8];
    for (int i = 0; i < n; i++) {
        cy_move_str(b, d[i], m, sizeof m);
        json_array_append_new(legal, sw_jstr(m));
        if (cy_rules_is_death(b, mark, d[i], NULL))
            json_array_append_new(death, sw_jstr(m));
    }
    for (int e = 0; e < b->ne; e++)
        if (mark[e] == CY_UNMARKED && cy_rules_check(b, mark, 2 * e, NULL) != CY_LEGAL &&
            cy_rules_check(b, mark, 2 * e + 1, NULL) != CY_LEGAL)
            json_array_append_new(never, json_integer(e));
    free(d);
    json_object_set_new(o, "legal", legal);
    json_object_set_new(o, "death", death);
    json_object_set_new(o, "unmarkable", never);
    return o;
}

/* /api/board: the board to draw, as {"board", "vertices": [{label, x, y,
 * special}], "edges": [[u, v]], "cells": [[v, ...]] (each cell's walk of
 * vertex indices, clockwise), "moves": [the file's moves], "position": the
 * moves of the position after the file's moves and ?moves= (position_json),
 * "max_edges"}. */
static int api_board(const cy_server *srv, struct MHD_Connection *c, const request *r, int post, answer *a)
{
    cy_board *b;
    unsigned char *mark;
    char *fm = NULL;
    if (request_board(srv, c, r, post, &b, &mark, &fm, a) < 0)
        return -1;
    json_t *pos = position_json(b, mark);
    free(mark);
    cy_error err;
    double *xy = cy_xcalloc(2 * (size_t)b->nv + 1, sizeof(double));
    if (cy_layout(b, xy, &err) < 0) {
        fail(a, HTTP_UNPROCESSABLE, "%s: cannot lay the board out: %s", b->name ? b->name : "board",
             err.msg);
        json_decref(pos);
        free(xy);
        free(fm);
        cy_board_free(b);
        return -1;
    }
    json_t *o = json_object(), *vs = json_array(), *es = json_array(), *cs = json_array(), *ms = json_array();
    json_object_set_new(o, "board", sw_jstr(b->name));
    for (int v = 0; v < b->nv; v++) {
        json_t *x = json_object();
        json_object_set_new(x, "label", sw_jstr(b->label[v]));
        json_object_set_new(x, "x", json_real(xy[2 * v]));
        json_object_set_new(x, "y", json_real(xy[2 * v + 1]));
        json_object_set_new(x, "special", json_boolean(b->special[v]));
        json_array_append_new(vs, x);
    }
    for (int e = 0; e < b->ne; e++)
        json_array_append_new(es, json_pack("[ii]", b->eu[e], b->ev[e]));
    for (int f = 0; f < b->ncells; f++) {
        json_t *w = json_array();
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
            json_array_append_new(w, json_integer(cy_tail(b, b->fdarts[i])));
        json_array_append_new(cs, w);
    }
    if (fm) {
        int *d = NULL, n = 0;
        if (cy_moves_parse(b, fm, &d, &n, &err) == 0)
            for (int i = 0; i < n; i++) {
                char m[2 * CY_MAX_LABEL + 8];
                cy_move_str(b, d[i], m, sizeof m);
                json_array_append_new(ms, sw_jstr(m));
            }
        free(d);
    }
    json_object_set_new(o, "vertices", vs);
    json_object_set_new(o, "edges", es);
    json_object_set_new(o, "cells", cs);
    json_object_set_new(o, "moves", ms);
    json_object_set_new(o, "position", pos);
    json_object_set_new(o, "max_edges", json_integer(srv->o.max_edges));
    json_object_set_new(o, "timeout", json_real(srv->o.timeout));
    a->status = HTTP_OK;
    a->text = dump(o);
    free(xy);
    free(fm);
    cy_board_free(b);
    return 0;
}

/* Sends bytes (malloc'd, taken over) as a download named name.EXT. */
static enum MHD_Result send_download(struct MHD_Connection *c, const char *type, const char *ext, char *bytes,
                                     size_t len)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, bytes, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(bytes);
        return MHD_NO;
    }
    char disp[64];
    snprintf(disp, sizeof disp, "attachment; filename=\"board.%s\"", ext);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Content-Disposition", disp);
    enum MHD_Result ret = MHD_queue_response(c, HTTP_OK, r);
    MHD_destroy_response(r);
    return ret;
}

/* Takes one of the EXPORT_SLOTS slots for drawing a picture (take),
 * waiting at most EXPORT_WAIT seconds for one, or gives it back; whether one
 * was taken.  Drawing (librsvg for a PNG) runs in the connection's thread,
 * so this bounds the pictures drawn at once. */
static int export_slot(cy_server *srv, int take)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += EXPORT_WAIT;
    pthread_mutex_lock(&srv->lock);
    int ok = 1;
    while (take && srv->exports >= EXPORT_SLOTS)
        if (pthread_cond_timedwait(&srv->export_free, &srv->lock, &until) == ETIMEDOUT)
            break;
    if (!take) {
        srv->exports--;
        pthread_cond_signal(&srv->export_free);
    } else if (srv->exports < EXPORT_SLOTS) {
        srv->exports++;
        if (srv->exports > srv->exports_peak)
            srv->exports_peak = srv->exports;
    } else {
        ok = 0;
        srv->exports_refused++;
    }
    pthread_mutex_unlock(&srv->lock);
    return ok;
}

/* /api/export?format=json|svg|png: the board of the request with its
 * position, as the native JSON board (with its moves: what `cycles convert
 * --to json` writes), or as the picture `cycles draw` makes (the last move
 * emphasised).  On success the download is sent here and *sent is set;
 * otherwise the error answer is in *a. */
static enum MHD_Result api_export(cy_server *srv, struct MHD_Connection *c, const request *r, int post,
                                  answer *a, int *sent)
{
    *sent = 0;
    const char *format = arg(c, "format");
    if (!format || !*format)
        format = "json";
    int json = !strcmp(format, "json"), svg = !strcmp(format, "svg"), png = !strcmp(format, "png");
    if (!json && !svg && !png)
        return fail(a, HTTP_BAD_REQUEST, "format: json, svg or png"), MHD_YES;
    if (png && !cy_png_available())
        return fail(a, HTTP_UNPROCESSABLE, "this build of cycles cannot write PNG (librsvg was not found)"),
               MHD_YES;
    cy_board *b;
    unsigned char *mark;
    char *fm = NULL;
    if (request_board(srv, c, r, post, &b, &mark, &fm, a) < 0)
        return MHD_YES;
    cy_error err;
    char *text = NULL;
    unsigned char *bytes = NULL;
    size_t len = 0;
    if (json) {
        text = cy_write_board(b, mark, CY_FMT_JSON, &err);
    } else {
        /* the last move: of ?moves=, else of the file's */
        const char *moves = arg(c, "moves");
        int last = -1, *d = NULL, n = 0;
        if (!moves || !*moves)
            moves = fm;
        if (moves && cy_moves_parse(b, moves, &d, &n, &err) == 0 && n > 0)
            last = d[n - 1];
        free(d);
        /* the picture's size (size=PIXELS wide or scale=F), caption
         * (caption=auto: the board, the moves played and whose move; or the
         * text given), legend (legend=1) and death moves (deaths=1) */
        const char *size = arg(c, "size"), *scale = arg(c, "scale"), *cap = arg(c, "caption");
        char autocap[200];
        if (cap && !strcmp(cap, "auto")) {
            int played = cy_rules_played(b, mark), over = cy_rules_over(b, mark);
            snprintf(autocap, sizeof autocap, "%.60s: %d move%s; player %d %s", b->name ? b->name : "board", played,
                     played == 1 ? "" : "s", over ? (played % 2 ? 1 : 2) : (played % 2 ? 2 : 1),
                     over ? "wins" : "to move");
            cap = autocap;
        } else if (cap && (!*cap || !strcmp(cap, "none") || strlen(cap) > 200))
            cap = NULL;
        cy_picture p = {.mark = mark,
                        .last = last,
                        .caption = cap,
                        .width = size ? atof(size) : 0,
                        .scale = scale ? atof(scale) : 0,
                        .legend = arg(c, "legend") && strcmp(arg(c, "legend"), "0"),
                        .deaths = arg(c, "deaths") && strcmp(arg(c, "deaths"), "0")};
        if (export_slot(srv, 1)) {
            text = cy_render_svg(b, &p, &err);
            if (text && png) {
                if (cy_svg_to_png(text, strlen(text), &bytes, &len, &err) < 0)
                    bytes = NULL;
                free(text);
                text = NULL;
                if (!bytes)
                    fail(a, HTTP_UNPROCESSABLE, "%s: %s", b->name ? b->name : "board", err.msg);
            }
            export_slot(srv, 0);
        } else {
            a->retry = 1;
            fail(a, HTTP_UNAVAILABLE, "the server is busy drawing other pictures (%d at once); try again in a "
                                      "few seconds", EXPORT_SLOTS);
        }
    }
    if (!text && !bytes && !a->text)
        fail(a, HTTP_UNPROCESSABLE, "%s: %s", b->name ? b->name : "board", err.msg);
    free(mark);
    free(fm);
    cy_board_free(b);
    if (a->text) {
        free(text);
        free(bytes);
        return MHD_YES;
    }
    *sent = 1;
    if (bytes)
        return send_download(c, "image/png", "png", (char *)bytes, len);
    return send_download(c, json ? "application/json" : "image/svg+xml", json ? "json" : "svg", text,
                         strlen(text));
}

/* A solver for one question: one thread, table memory share (the fast
 * engine's --memory bounds the whole process, so it is given what the
 * process holds now plus the share), the time limit. */
static cy_solver *question_solver(const cy_board *b, int no_grundy, size_t share, double timeout, answer *a)
{
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    /* the fast engine leaves a sixteenth of its bound for stacks and
     * workspace and gives the table the rest of what the process does not
     * use yet; the bitboard engine (at most QUICK_EDGES edges) takes its
     * bound as the table's */
    so.memory = b->ne <= QUICK_EDGES ? share : (cy_resident_memory() + share) / 15 * 16;
    so.timeout = timeout;
    so.threads = 1;
    so.no_grundy = no_grundy;
    cy_error err;
    cy_solver *s = cy_solver_new(b, &so, &err);
    if (!s)
        fail(a, HTTP_UNPROCESSABLE, "%s: %s", b->name ? b->name : "board", err.msg);
    return s;
}

/* A solver for question q: on the quick lane, for a board of at most
 * QUICK_EDGES edges, one kept from an earlier question on the same board (its
 * table holds what that one found; q->b becomes the solver's own board,
 * equal to q's) when there is one, else a new one that values positions
 * whatever the question (to be kept in turn); else a new one.  *text gets
 * the board's text when the solver may be kept (give_solver), else NULL. */
static cy_solver *take_solver(cy_server *srv, sw_question *q, int quick, int no_grundy, size_t share,
                              double timeout, char **text, answer *a)
{
    *text = NULL;
    if (quick && q->b->ne <= QUICK_EDGES) {
        cy_error err;
        *text = cy_write_board(q->b, NULL, CY_FMT_JSON, &err);
        if (*text) {
            pthread_mutex_lock(&srv->lock);
            for (int i = srv->nkept - 1; i >= 0; i--)
                if (!strcmp(srv->kept[i].text, *text)) {
                    kept k = srv->kept[i];
                    memmove(&srv->kept[i], &srv->kept[i + 1], (size_t)(srv->nkept - i - 1) * sizeof k);
                    srv->nkept--;
                    pthread_mutex_unlock(&srv->lock);
                    free(k.text);
                    cy_board_free(q->b);
                    q->b = k.b;
                    return k.s;
                }
            pthread_mutex_unlock(&srv->lock);
            no_grundy = 0;
        }
    }
    return question_solver(q->b, no_grundy, share, timeout, a);
}

/* Frees solver s, or keeps it (with q's board, taken) for the next question
 * on that board when text is not NULL and the answer was whole (keep); the
 * oldest kept solver goes when KEPT_SOLVERS are kept.  Frees text. */
static void give_solver(cy_server *srv, sw_question *q, cy_solver *s, char *text, int keep)
{
    if (!text || keep != SW_KEEP) {
        cy_solver_free(s);
        free(text);
        return;
    }
    kept old = {NULL, NULL, NULL};
    pthread_mutex_lock(&srv->lock);
    if (srv->nkept == KEPT_SOLVERS) {
        old = srv->kept[0];
        memmove(&srv->kept[0], &srv->kept[1], (size_t)(srv->nkept - 1) * sizeof old);
        srv->nkept--;
    }
    srv->kept[srv->nkept++] = (kept){text, q->b, s};
    q->b = NULL;
    pthread_mutex_unlock(&srv->lock);
    cy_solver_free(old.s);
    cy_board_free(old.b);
    free(old.text);
}

/* The 503 of a solver that stopped with code rc knowing nothing. */
static void solver_failed(const cy_board *b, int rc, const cy_error *err, double timeout, answer *a)
{
    if (rc == CY_SOLVE_TIMEOUT)
        fail(a, HTTP_UNAVAILABLE, "%s: the solver ran out of time before it knew anything (this server allows "
                                  "%g s)", b->name ? b->name : "board", timeout);
    else
        fail(a, HTTP_UNAVAILABLE, "%s: %s", b->name ? b->name : "board", err->msg);
    a->retry = (int)ceil(timeout);
}

/* Whether a partial analysis knows anything worth answering with. */
static int known(const cy_analysis *an)
{
    return an->outcome != '?' || an->grundy_known || an->nwin > 0;
}

/* The answer of /api/solve for q: what `cycles solve --json` prints; when
 * time runs out, what is known ("complete": false; the replies are sought
 * only in the time left), or a 503 when nothing is. */
static int solve_answer(cy_server *srv, sw_question *q, int quick, size_t share, double timeout, answer *a)
{
    double start = cy_now();
    char *text;
    cy_solver *s = take_solver(srv, q, quick, 0, share, timeout, &text, a);
    if (!s) {
        free(text);
        return SW_KEEP_NOT;
    }
    cy_analysis an;
    cy_error err;
    cy_solver_stats before;
    cy_solver_stats_get(s, &before);
    int arc = cy_analyse(s, q->mark, &an, &err);
    an.stats.positions -= before.positions; /* this question's own */
    int nr = 0, *legal = NULL, *reply = NULL;
    if (arc == 0 && an.outcome == 'P' && !an.over) {
        /* within the same time limit as the rest of the answer */
        cy_solver_until(s, start + timeout);
        nr = cy_analysis_replies(s, q->mark, &legal, &reply, &err);
        cy_solver_until(s, 0);
        if (nr < 0) {
            /* the winner and value are known: the replies are left out
             * and the answer is partial, as with cycles solve */
            an.complete = 0;
            nr = 0;
        }
    }
    int keep = SW_KEEP;
    if (arc < 0 && !known(&an)) {
        solver_failed(q->b, arc, &err, timeout, a);
        keep = SW_KEEP_NOT;
    } else {
        a->status = HTTP_OK;
        a->text = cy_analysis_json(q->b, &an, legal, reply, nr);
        keep = an.complete ? SW_KEEP : SW_KEEP_A_WHILE;
    }
    free(legal);
    free(reply);
    cy_analysis_free(&an);
    give_solver(srv, q, s, text, keep);
    return keep;
}

/* The answer of /api/move for q: {"move": "U->V" or null when the game is
 * over, "wins": whether the move wins with perfect play (null when time ran
 * out before that was known), "over", "winner": the winner when the game is
 * over, else null}; the move is a winning one if there is one, else a safe
 * one, else any legal one.  When time runs out: the first winning move found,
 * or a safe move, with "complete": false. */
static int move_answer(cy_server *srv, sw_question *q, int quick, size_t share, double timeout, answer *a)
{
    char *text;
    cy_solver *s = take_solver(srv, q, quick, 1, share, timeout, &text, a);
    const cy_board *b = q->b;
    if (!s) {
        free(text);
        return SW_KEEP_NOT;
    }
    cy_analysis an;
    cy_error err;
    int arc = cy_analyse(s, q->mark, &an, &err);
    int d = -1;
    if (!an.over && an.nwin > 0)
        d = an.winning[0];
    else if (!an.over) {
        int *moves = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int n = cy_rules_safe(b, q->mark, moves);
        if (n == 0)
            n = cy_rules_legal(b, q->mark, moves);
        d = n > 0 ? moves[0] : -1;
        free(moves);
    }
    json_t *o = json_object();
    char m[2 * CY_MAX_LABEL + 8];
    if (d >= 0)
        cy_move_str(b, d, m, sizeof m);
    json_object_set_new(o, "move", d >= 0 ? sw_jstr(m) : json_null());
    /* a move not proved winning when the search stopped early: unknown */
    json_object_set_new(o, "wins", an.nwin > 0 || arc == 0 ? json_boolean(d >= 0 && an.nwin > 0) : json_null());
    json_object_set_new(o, "over", json_boolean(an.over));
    json_object_set_new(o, "winner", an.over ? json_integer(an.winner) : json_null());
    if (arc < 0)
        json_object_set_new(o, "complete", json_false());
    a->status = HTTP_OK;
    a->text = dump(o);
    cy_analysis_free(&an);
    int keep = arc < 0 ? SW_KEEP_A_WHILE : SW_KEEP;
    give_solver(srv, q, s, text, keep);
    return keep;
}

/* Answers question q (server_work.c calls it on either lane); an answer
 * goes to the cache with the vertices numbered canonically (api_question
 * gives it back in the asker's labels). */
static int answer_question(void *ctx, sw_question *q, int quick, size_t share, double timeout, sw_answer *a)
{
    cy_board *b = q->b; /* the solve may give it to a kept solver: copied first */
    cy_error err;
    cy_board *copy = q->canon ? cy_board_with_special(b, b->special, &err) : NULL;
    int keep = q->kind == 'm' ? move_answer(ctx, q, quick, share, timeout, a)
                              : solve_answer(ctx, q, quick, share, timeout, a);
    if (copy && a->status == HTTP_OK && a->text) {
        char *t = sc_relabel(a->text, copy, q->canon, 1);
        free(a->text);
        a->text = t;
    }
    cy_board_free(copy);
    return keep;
}

/* /api/solve and /api/move: the board and position of the request, asked of
 * the server's work (cache, quick or slow lane).  The cache key is the kind
 * and the canonical code of the board and position (server_canon.c: the
 * same for every relabelled or mirrored copy); a cached answer, numbered
 * canonically, comes back in the asker's labels and under the asker's board
 * name. */
static int api_question(cy_server *srv, struct MHD_Connection *c, const request *r, int post, int kind, answer *a)
{
    cy_board *b;
    sw_question q;
    q.kind = kind;
    q.timeout = 0;
    const char *t = arg(c, "timeout");
    if (t) {
        char *end;
        double v = strtod(t, &end);
        if (!*t || *end || !(v > 0) || v > 1e9)
            return fail(a, HTTP_BAD_REQUEST, "timeout: seconds, a number greater than 0 (this server allows at "
                                                 "most %g)", srv->o.timeout);
        if (v < srv->o.timeout)
            q.timeout = v;
    }
    if (request_board(srv, c, r, post, &b, &q.mark, NULL, a) < 0)
        return -1;
    cy_error err;
    /* the work takes the board: a copy (same vertices and labels) maps
     * the answer back */
    cy_board *mine = cy_board_with_special(b, b->special, &err);
    if (!mine) {
        fail(a, HTTP_UNPROCESSABLE, "%s: %s", b->name ? b->name : "board", err.msg);
        cy_board_free(b);
        free(q.mark);
        return -1;
    }
    q.b = b;
    cy_buf key = {0};
    cy_buf_printf(&key, "%c\n", kind);
    q.canon = sc_canon(b, q.mark, &key);
    int *canon = cy_xmalloc(sizeof(int) * (size_t)(b->nv + 1));
    memcpy(canon, q.canon, sizeof(int) * (size_t)b->nv);
    int unplayed = 0;
    for (int e = 0; e < b->ne; e++)
        unplayed += q.mark[e] == CY_UNMARKED;
    char *k = cy_buf_take(&key);
    if (!q.timeout) {
        sw_answer_question(srv->work, k, unplayed <= QUICK_EDGES, &q, a);
    } else if (!sw_cached(srv->work, k, a)) {
        /* a short look: an answer within the server's own limit, kept, is
         * at least as good; else a solve of its own (its own key) */
        cy_buf sk = {0};
        cy_buf_printf(&sk, "t%g\n%s", q.timeout, k);
        char *s = cy_buf_take(&sk);
        sw_answer_question(srv->work, s, unplayed <= QUICK_EDGES, &q, a);
        free(s);
    } else {
        cy_board_free(q.b);
        free(q.mark);
        free(q.canon);
    }
    free(k);
    if (a->status == HTTP_OK && a->text) {
        char *t = sc_relabel(a->text, mine, canon, 0);
        free(a->text);
        a->text = t;
    }
    free(canon);
    cy_board_free(mine);
    return a->status == HTTP_OK ? 0 : -1;
}

/* /api/solve?rules=NAME[&players=K][&extra_turn=1]: the answer of `cycles
 * solve --rules NAME --json` (issue 12).  Variant searches are answered in
 * the request's own thread within the slow lane's share of memory and the
 * server's time limit (they are not cached). */
static int api_solve_variant(cy_server *srv, struct MHD_Connection *c, const request *r, int post, answer *a)
{
    const char *name = arg(c, "rules"), *players = arg(c, "players"), *extra = arg(c, "extra_turn");
    cy_rules rules;
    cy_error err;
    int k = 0;
    if (players) {
        char *end;
        long v = strtol(players, &end, 10);
        if (!*players || *end || v < 2 || v > CY_MAX_PLAYERS)
            return fail(a, HTTP_BAD_REQUEST, "players: a whole number from 2 to %d", CY_MAX_PLAYERS);
        k = (int)v;
    }
    if (name && !printable(name, 32))
        return fail(a, HTTP_BAD_REQUEST, "rules: standard, misere, draw, score or any-cycle");
    if (cy_rules_parse(name, k, extra && strcmp(extra, "0") != 0, &rules, &err) < 0)
        return fail(a, HTTP_BAD_REQUEST, "%s", err.msg + (err.msg[0] == '-' ? 2 : 0));
    cy_board *b;
    unsigned char *mark;
    cy_variant_game g;
    if (request_board_ex(srv, c, r, post, &b, &mark, NULL, &rules, &g, a) < 0)
        return -1;
    int rc = -1;
    /* at most variant_slots searches at once, each within its share */
    pthread_mutex_lock(&srv->lock);
    int room = srv->variants < srv->variant_slots;
    srv->variants += room;
    pthread_mutex_unlock(&srv->lock);
    if (!room) {
        free(mark);
        cy_board_free(b);
        a->retry = 1;
        return fail(a, HTTP_UNAVAILABLE, "the server is searching other rule variants; try again shortly");
    }
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = srv->budget.variant_each;
    so.timeout = srv->o.timeout;
    cy_variant_analysis an;
    int arc = cy_variant_analyse(b, &rules, mark, &g, &so, &an, &err);
    pthread_mutex_lock(&srv->lock);
    srv->variants--;
    pthread_mutex_unlock(&srv->lock);
    if (arc == CY_SOLVE_TOO_BIG)
        fail(a, HTTP_UNPROCESSABLE, "%s: %s", b->name ? b->name : "board", err.msg);
    else if (arc < 0)
        solver_failed(b, arc, &err, srv->o.timeout, a);
    else {
        a->status = HTTP_OK;
        a->text = cy_variant_json(b, &an);
        rc = 0;
    }
    cy_variant_analysis_free(&an);
    free(mark);
    cy_board_free(b);
    return rc;
}

/* GET /api/stats: {"queued", "running": slow questions waiting and being
 * solved, "cache_entries", "cache_bytes", "hits", "shared", "solved_quick",
 * "solved_slow", "refused" (503s for want of room or time), "memory": the
 * process's resident bytes, "memory_limit": --memory, and the shares of it:
 * "cache_limit", "uploads_limit", "quick_each", "slow_each", "variant_each";
 * "exports", "exports_peak", "exports_refused", "exports_limit": the
 * pictures being drawn, the most at once, the 503s for want of a slot, the
 * bound; "timeout": the longest a solve may take (s)}. */
static int api_stats(cy_server *srv, answer *a)
{
    sw_stats st;
    sw_stats_get(srv->work, &st);
    json_t *o = json_object();
    json_object_set_new(o, "queued", json_integer(st.queued));
    json_object_set_new(o, "running", json_integer(st.running));
    json_object_set_new(o, "cache_entries", json_integer((json_int_t)st.cache_entries));
    json_object_set_new(o, "cache_bytes", json_integer((json_int_t)st.cache_bytes));
    json_object_set_new(o, "hits", json_integer((json_int_t)st.hits));
    json_object_set_new(o, "shared", json_integer((json_int_t)st.shared));
    json_object_set_new(o, "solved_quick", json_integer((json_int_t)st.solved_quick));
    json_object_set_new(o, "solved_slow", json_integer((json_int_t)st.solved_slow));
    json_object_set_new(o, "refused", json_integer((json_int_t)st.refused));
    json_object_set_new(o, "memory", json_integer((json_int_t)cy_resident_memory()));
    json_object_set_new(o, "memory_limit", json_integer((json_int_t)srv->o.memory));
    json_object_set_new(o, "timeout", json_real(srv->o.timeout));
    json_object_set_new(o, "cache_limit", json_integer((json_int_t)srv->budget.cache));
    json_object_set_new(o, "uploads_limit", json_integer((json_int_t)srv->budget.bodies));
    json_object_set_new(o, "quick_each", json_integer((json_int_t)srv->budget.quick_each));
    json_object_set_new(o, "slow_each", json_integer((json_int_t)srv->budget.slow_each));
    json_object_set_new(o, "variant_each", json_integer((json_int_t)srv->budget.variant_each));
    pthread_mutex_lock(&srv->lock);
    json_object_set_new(o, "exports", json_integer(srv->exports));
    json_object_set_new(o, "exports_peak", json_integer(srv->exports_peak));
    json_object_set_new(o, "exports_refused", json_integer((json_int_t)srv->exports_refused));
    pthread_mutex_unlock(&srv->lock);
    json_object_set_new(o, "exports_limit", json_integer(EXPORT_SLOTS));
    a->status = HTTP_OK;
    a->text = dump(o);
    return 0;
}

/* ------------------------------------------------------------ the server */

/* Answers one complete request: the page's files, or the API. */
static enum MHD_Result dispatch(cy_server *srv, struct MHD_Connection *c, const char *url, const char *method,
                                request *r)
{
    int get = !strcmp(method, MHD_HTTP_METHOD_GET) || !strcmp(method, MHD_HTTP_METHOD_HEAD);
    int post = !strcmp(method, MHD_HTTP_METHOD_POST);
    answer a = {0, NULL, 0, NULL};
    if (strncmp(url, "/api/", 5) != 0) {
        size_t len;
        const char *type;
        const char *page = !strcmp(url, "/") ? "/index.html" : !strcmp(url, "/census") ? "/census.html" : url;
        const unsigned char *data = cy_web_asset(page, &len, &type);
        if (!data)
            fail(&a, HTTP_NOT_FOUND, "no such page: %.200s", url);
        else if (!get)
            fail(&a, HTTP_METHOD_NOT_ALLOWED, "%.200s: use GET", url);
        else {
            struct MHD_Response *resp =
                MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, MHD_RESPMEM_PERSISTENT);
            if (!resp)
                return MHD_NO;
            MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
            MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
            MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
            enum MHD_Result ret = MHD_queue_response(c, HTTP_OK, resp);
            MHD_destroy_response(resp);
            return ret;
        }
        return send_answer(c, &a);
    }
    const char *name = url + 5;
    int known = !strcmp(name, "families") || !strcmp(name, "board") || !strcmp(name, "solve") ||
                !strcmp(name, "move") || !strcmp(name, "stats") || !strcmp(name, "export") ||
                !strcmp(name, "census");
    int get_only = !strcmp(name, "families") || !strcmp(name, "stats") || !strcmp(name, "census");
    if (!known)
        fail(&a, HTTP_NOT_FOUND, "no such endpoint: %.200s (see /api/families, /api/board, /api/solve, "
                                     "/api/move, /api/export)", url);
    else if (!get && !(post && !get_only))
        fail(&a, HTTP_METHOD_NOT_ALLOWED, "%s: use GET%s", url, get_only ? "" : " or POST");
    else if (!strcmp(name, "families"))
        api_families(&a);
    else if (!strcmp(name, "stats"))
        api_stats(srv, &a);
    else if (!strcmp(name, "census"))
        scen_answer(srv->census, c, &a);
    else if (!strcmp(name, "board"))
        api_board(srv, c, r, post, &a);
    else if (!strcmp(name, "export")) {
        int sent;
        enum MHD_Result ret = api_export(srv, c, r, post, &a, &sent);
        if (sent) {
            cy_nauty_thread_done();
            return ret;
        }
    }
    else if (!strcmp(name, "solve")) {
        const char *rules = arg(c, "rules");
        if ((rules && strcmp(rules, "standard") != 0) || arg(c, "players") || arg(c, "extra_turn"))
            api_solve_variant(srv, c, r, post, &a);
        else
            api_question(srv, c, r, post, 's', &a);
    }
    else
        api_question(srv, c, r, post, 'm', &a);
    /* nauty's workspace of this connection's thread (the variants' search
     * and the board's symmetries use it) dies with the thread: free it now */
    cy_nauty_thread_done();
    return send_answer(c, &a);
}

/* Frees the body r holds and gives its bytes back to the uploads' share. */
static void release_body(cy_server *srv, request *r)
{
    pthread_mutex_lock(&srv->lock);
    srv->body_bytes -= r->cap;
    pthread_mutex_unlock(&srv->lock);
    free(r->body);
    r->body = NULL;
    r->len = r->cap = 0;
}

/* libmicrohttpd's access handler: collects the body of a request (dropping
 * it past max_body), then answers it. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
    (void)version;
    cy_server *srv = cls;
    request *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        *con_cls = r;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > srv->o.max_body) {
            /* refuse before reading the body */
            answer a = {0, NULL, 0, NULL};
            fail(&a, HTTP_TOO_LARGE, "the request body is larger than %zu bytes", srv->o.max_body);
            return send_answer(c, &a);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        if (!r->too_big && r->len + *upload_size > srv->o.max_body) {
            r->too_big = 1;
            release_body(srv, r);
        }
        if (!r->too_big && !r->no_room) {
            if (r->len + *upload_size + 1 > r->cap) {
                size_t cap = r->cap ? r->cap : 4096;
                while (cap < r->len + *upload_size + 1)
                    cap *= 2;
                /* the uploads held at once stay within their share */
                pthread_mutex_lock(&srv->lock);
                int room = srv->body_bytes + (cap - r->cap) <= srv->budget.bodies;
                if (room)
                    srv->body_bytes += cap - r->cap;
                pthread_mutex_unlock(&srv->lock);
                if (!room) {
                    release_body(srv, r);
                    r->no_room = 1;
                    *upload_size = 0;
                    return MHD_YES;
                }
                char *nb = realloc(r->body, cap);
                if (!nb)
                    return MHD_NO;
                r->body = nb;
                r->cap = cap;
            }
            memcpy(r->body + r->len, upload_data, *upload_size);
            r->len += *upload_size;
            r->body[r->len] = 0;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (r->too_big) {
        answer a = {0, NULL, 0, NULL};
        fail(&a, HTTP_TOO_LARGE, "the request body is larger than %zu bytes", srv->o.max_body);
        return send_answer(c, &a);
    }
    if (r->no_room) {
        answer a = {0, NULL, 0, NULL};
        fail(&a, HTTP_UNAVAILABLE, "the server holds too many uploads at once; try again");
        return send_answer(c, &a);
    }
    return dispatch(srv, c, url, method, r);
}

/* Frees the request's state when libmicrohttpd is done with it. */
static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)c;
    (void)toe;
    request *r = *con_cls;
    if (r) {
        release_body(cls, r);
        free(r);
        *con_cls = NULL;
    }
}

/* Passes libmicrohttpd's messages to stderr as "cycles: serve: ...". */
static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == '\r'))
        msg[--n] = 0;
    fprintf(stderr, "cycles: serve: %s\n", msg);
}

/* A listening socket on host:port; its fd, or -1 with a message. */
static int listen_on(const char *host, int port, int *ipv6, cy_error *err)
{
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    int g = getaddrinfo(host, ps, &hints, &res);
    if (g != 0)
        return cy_error_set(err, "cannot use the address %s: %s", host, gai_strerror(g));
    int fd = -1, e = 0;
    for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            e = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 64) != 0) {
            e = errno;
            close(fd);
            fd = -1;
            continue;
        }
        *ipv6 = ai->ai_family == AF_INET6;
    }
    freeaddrinfo(res);
    if (fd < 0)
        return cy_error_set(err, "cannot listen on %s port %d: %s", host, port, strerror(e));
    return fd;
}

/* Starts the daemon on a fresh listening socket (see cycles.h). */
cy_server *cy_server_start(const cy_server_opts *o, cy_error *err)
{
    cy_server_opts def;
    memset(&def, 0, sizeof def);
    if (!o)
        o = &def;
    cy_server *srv = cy_xcalloc(1, sizeof *srv);
    srv->o = *o;
    if (!srv->o.host || !*srv->o.host)
        srv->o.host = "127.0.0.1";
    if (srv->o.timeout <= 0)
        srv->o.timeout = DEFAULT_TIMEOUT;
    if (srv->o.max_edges <= 0)
        srv->o.max_edges = DEFAULT_MAX_EDGES;
    if (!srv->o.max_body)
        srv->o.max_body = DEFAULT_MAX_BODY;
    if (srv->o.max_connections <= 0)
        srv->o.max_connections = DEFAULT_CONNECTIONS;
    if (srv->o.max_solves <= 0)
        srv->o.max_solves = DEFAULT_SOLVES;
    if (!srv->o.memory)
        srv->o.memory = DEFAULT_MEMORY;
    if (o->port < 0 || o->port > 65535) {
        free(srv);
        return cy_error_set(err, "port %d is not from 0 to 65535", o->port), NULL;
    }
    /* the census explorer's lane: two threads (one on one core), eight
     * queries accepted at once */
    if (o->census && !(srv->census = scen_open(o->census, cy_cpu_cores() > 1 ? 2 : 1, 8, err))) {
        free(srv);
        return NULL;
    }
    int ipv6 = 0;
    int fd = listen_on(srv->o.host, o->port, &ipv6, err);
    if (fd < 0) {
        scen_close(srv->census);
        free(srv);
        return NULL;
    }
    /* the slow lane: a worker a core (at most max_solves), the rest of
     * max_solves waiting; big blocks go back to the system when freed */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    sw_opts wo;
    memset(&wo, 0, sizeof wo);
    wo.memory = srv->o.memory;
    wo.timeout = srv->o.timeout;
    wo.slow_workers = cy_cpu_cores() < srv->o.max_solves ? cy_cpu_cores() : srv->o.max_solves;
    wo.slow_queue = srv->o.max_solves;
    wo.quick_slots = QUICK_SLOTS;
    wo.solve = answer_question;
    wo.ctx = srv;
    sw_budget_split(wo.memory, wo.quick_slots, wo.slow_workers, &srv->budget);
    srv->variant_slots = wo.slow_workers > 0 ? wo.slow_workers : 1;
    pthread_mutex_init(&srv->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&srv->export_free, &ca);
    pthread_condattr_destroy(&ca);
    srv->work = sw_new(&wo);
    if (!srv->work) {
        close(fd);
        scen_close(srv->census);
        pthread_mutex_destroy(&srv->lock);
        pthread_cond_destroy(&srv->export_free);
        free(srv);
        return cy_error_set(err, "cannot start the server's worker threads"), NULL;
    }
    struct sockaddr_storage sa;
    socklen_t sl = sizeof sa;
    if (getsockname(fd, (struct sockaddr *)&sa, &sl) == 0)
        srv->port = ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port
                                                   : ((struct sockaddr_in *)&sa)->sin_port);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL |
                     MHD_USE_ERROR_LOG | (ipv6 ? MHD_USE_IPv6 : 0);
    srv->d = MHD_start_daemon(flags, (uint16_t)srv->port, NULL, NULL, handle, srv,
                              MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
                              MHD_OPTION_LISTEN_SOCKET, fd,
                              MHD_OPTION_CONNECTION_LIMIT, (unsigned)srv->o.max_connections,
                              MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
                              MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(128 * 1024),
                              MHD_OPTION_THREAD_STACK_SIZE, (size_t)(8u << 20),
                              MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
                              MHD_OPTION_END);
    if (!srv->d) {
        close(fd);
        sw_free(srv->work);
        scen_close(srv->census);
        pthread_mutex_destroy(&srv->lock);
        pthread_cond_destroy(&srv->export_free);
        free(srv);
        return cy_error_set(err, "cannot start the web server"), NULL;
    }
    return srv;
}

/* The port the server listens on. */
int cy_server_port(const cy_server *s)
{
    return s->port;
}

/* Stops the daemon (joining its threads) and frees the server. */
void cy_server_stop(cy_server *s)
{
    if (!s)
        return;
    sw_stop(s->work); /* requests waiting for answers give up */
    scen_stop(s->census);
    MHD_stop_daemon(s->d);
    sw_free(s->work);
    scen_close(s->census);
    for (int i = 0; i < s->nkept; i++) {
        cy_solver_free(s->kept[i].s);
        cy_board_free(s->kept[i].b);
        free(s->kept[i].text);
    }
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->export_free);
    free(s);
}
