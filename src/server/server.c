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
 *                                      (EXPORT_SLOTS pictures drawn at once
 *                                      on their lane, EXPORT_QUEUE accepted,
 *                                      else 503)
 *   GET  /api/stats                    the lanes, the cache and the memory in use
 *   GET  /census, /api/census?...      the census explorer (--census FILE:
 *                                      src/server/server_census.c)
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
#include "server.h"
#include "lane.h"
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
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The page's files, generated from web/ at build time (web/embed.cmake):
 * the bytes of the file served at path, its length and content type, or NULL. */
const unsigned char *server_web_asset(const char *path, size_t *len, const char **type);

#define DEFAULT_TIMEOUT ((double)CY_SERVER_TIMEOUT)
#define DEFAULT_MAX_EDGES 40
#define DEFAULT_MAX_BODY (1u << 20)
#define CONNECTION_COST                                                                                                \
    (64u << 10) /* memory a connection holds at rest (its                                                              \
         thread's stack in use and what its request fills                                                              \
         of its buffer): the connections' bound is their                                                               \
         share of --memory (an eighth) over this */
#define MIN_CONNECTIONS 64
#define IDLE_SECONDS 10 /* a connection silent this long is closed */
#define REQUEST_SECONDS                                                                                                \
    15 /* the longest a request may take to arrive (its                                                                \
         headers and body), or its answer to be sent: a                                                                \
         client sending a byte now and then is closed */
#define DEFAULT_SOLVES 8
#define DEFAULT_MEMORY ((size_t)CY_SERVER_MEMORY_MIB << 20)
#define QUICK_SLOTS 4  /* quick solves at once */
#define KEPT_SOLVERS 4 /* quick solvers kept for the next question */
#define QUICK_EDGES                                                                                                    \
    14                        /* positions with at most this many unplayed edges are                                   \
                                 quick: the bitboard engine's boards, solved in                                        \
                                 milliseconds (README, "Playing in the browser") */
#define EXPORT_SLOTS 2        /* pictures drawn at once (/api/export?format=svg|png) */
#define EXPORT_QUEUE 8        /* pictures accepted at once (drawn and waiting), then 503 */
#define MAX_SPEC 200          /* longest family spec in a query */
#define MAX_NAME 100          /* longest board name in a query */
#define MAX_ARGS 32           /* query parameters of one request */
#define BODY_BASE (64u << 10) /* the largest board file: BODY_BASE and */
#define BODY_EDGE                                                                                                      \
    (2u << 10) /* BODY_EDGE a playable edge (--max-edges), at                                                          \
                  most max_body: a bigger file cannot hold a                                                           \
                  board the server plays, and is refused by its                                                        \
                  size before it is read */

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

/* A quick lane's solver kept for the next question on its board: the board
 * and the solver. */
typedef struct kept {
    cy_board *b;
    cy_solver *s;
} kept;

struct srv_server {
    struct MHD_Daemon *d;
    srv_opts o; /* with the defaults filled in */
    int port;
    sw_work *work;           /* the lanes and the cache */
    scen *census;            /* the census explorer's lane, or NULL */
    kept kept[KEPT_SOLVERS]; /* quick solvers kept, oldest first (lock) */
    int nkept;
    sw_budget budget;           /* the shares of o.memory */
    size_t body_bytes;          /* bytes of request bodies held (lock) */
    lane *export_lane;          /* the pictures' lane: EXPORT_SLOTS workers */
    int exports;                /* pictures being drawn (lock; at most EXPORT_SLOTS) */
    int exports_peak;           /* the most drawn at once (lock) */
    pthread_cond_t export_free; /* a picture was drawn (with lock) */
    pthread_mutex_t lock;
    unsigned long long refused; /* every 503 answered (lock) */
    /* the connections (conn_lock): open, the bound, those past which a
     * request is answered 503 at once, the list the reaper walks */
    pthread_mutex_t conn_lock;
    pthread_cond_t reaper_wake;
    pthread_t reaper;
    int reaper_started, stopping;
    int conns, conn_limit, conn_admit, conns_peak;
    unsigned long long conns_closed; /* closed by the reaper (too slow) */
    struct conn *conn_list;
};

/* A connection, from its opening to its closing (MHD_OPTION_NOTIFY_CONNECTION):
 * its socket and since when it has been waiting for its request to arrive or
 * its answer to go (busy while the request is answered). */
typedef struct conn {
    int fd;
    double since;
    int busy;
    int shut;        /* shut down by the reaper */
    int close_after; /* the answer closes the connection */
    srv_server *srv;
    struct conn *prev, *next;
} conn;

/* What one request has received so far. */
typedef struct request {
    char *body;
    size_t len, cap;
    int too_big; /* the body exceeded max_body and was dropped */
    int no_room; /* the uploads held at once fill their share */
} request;

/* An answer under construction: status, malloc'd text, Retry-After. */
typedef sw_answer answer;

/* --------------------------------------------------------------- answers */

/* Serialises o (taking the reference) as two-space indented JSON with a
 * final newline into a malloc'd string. */
static char *dump(json_t *o)
{
    return sw_json_text(o);
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

/* The 413 of a body over the server's bound; -1. */
static int too_large(const srv_server *srv, answer *a)
{
    return fail(a, HTTP_TOO_LARGE,
                "the board file is larger than %zu bytes, more than a board of at most %d "
                "edges (what this server plays) needs",
                srv->o.max_body, srv->o.max_edges);
}

/* The record of connection c (made when it opened), or NULL. */
static conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
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
        conn *k = conn_of(c);
        if (k) {
            k->close_after = 1; /* a busy server keeps no idle connection */
            pthread_mutex_lock(&k->srv->lock);
            k->srv->refused++;
            pthread_mutex_unlock(&k->srv->lock);
        }
        char ra[24];
        snprintf(ra, sizeof ra, "%d", retry > 0 ? retry : 1);
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, ra);
    }
    if (how)
        MHD_add_response_header(r, "X-Cycles-Answer", how);
    conn *k = conn_of(c);
    if (k && k->close_after)
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
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

/* The game of a request (cy_game_load): the family in ?board= (GET) or the
 * board file in the body (POST), then the file's moves and ?moves= played
 * under rules (NULL: the standard rules).  Returns 0, or -1 with the error
 * answer in *a. */
static int request_game(const srv_server *srv, struct MHD_Connection *c, const request *r, int post,
                        const cy_rules *rules, cy_game *g, answer *a)
{
    cy_game_source src = {.max_edges = srv->o.max_edges, .moves = arg(c, "moves"), .rules = rules};
    const char *what;
    if (!post) {
        const char *spec = arg(c, "board");
        if (!spec || !*spec)
            return fail(a, HTTP_BAD_REQUEST,
                        "give a board: ?board=SPEC with a family such as k4 or grid:3x3, or "
                        "POST a board file");
        if (!printable(spec, MAX_SPEC))
            return fail(a, HTTP_BAD_REQUEST, "board: a family spec is printable text of at most %d characters", MAX_SPEC);
        src.from = CY_GAME_FROM_FAMILY;
        src.spec = what = spec;
    } else {
        if (r->too_big)
            return too_large(srv, a);
        if (!r->len)
            return fail(a, HTTP_BAD_REQUEST, "POST the board file as the request body (it is empty)");
        const char *name = arg(c, "name");
        src.from = CY_GAME_FROM_TEXT;
        src.text = r->body;
        src.len = r->len;
        src.name = name && *name && printable(name, MAX_NAME) ? name : "upload";
        what = "the board file";
    }
    cy_game_error err;
    if (cy_game_load(&src, g, &err) == 0)
        return 0;
    switch (err.part) {
    case CY_GAME_AT_NO_FAMILY:
        return fail(a, HTTP_BAD_REQUEST,
                    "%s: no family of that name (GET /api/families lists them; files "
                    "are uploaded with POST)",
                    what);
    case CY_GAME_AT_BOARD:
        return post ? fail(a, HTTP_UNPROCESSABLE, "the board file: %s", err.err.msg)
                    : fail(a, HTTP_BAD_REQUEST, "%s: %s", what, err.err.msg);
    case CY_GAME_AT_SIZE:
        return fail(a, HTTP_UNPROCESSABLE, "%s: %s; this server plays boards of at most %d", what, err.err.msg,
                    srv->o.max_edges);
    case CY_GAME_AT_FILE_MOVES:
        return fail(a, HTTP_UNPROCESSABLE, "the moves in the board file: %s", err.err.msg);
    default: /* CY_GAME_AT_MOVES, CY_GAME_AT_PLAY */
        return fail(a, HTTP_UNPROCESSABLE, "moves: %s", err.err.msg);
    }
}

/* request_game under the standard rules, its board, marks and (when
 * file_moves is not NULL) the file's moves taken out of the game. */
static int request_board(const srv_server *srv, struct MHD_Connection *c, const request *r, int post, cy_board **bp,
                         unsigned char **markp, char **file_moves, answer *a)
{
    cy_game g;
    if (request_game(srv, c, r, post, NULL, &g, a) < 0)
        return -1;
    *bp = g.board;
    *markp = g.mark;
    if (file_moves) {
        *file_moves = g.file_moves;
        g.file_moves = NULL;
    }
    g.board = NULL;
    g.mark = NULL;
    cy_game_free(&g);
    return 0;
}

/* GET /api/families: cy_families_json. */
static int api_families(answer *a)
{
    a->status = HTTP_OK;
    a->text = cy_families_json();
    return 0;
}

/* /api/board: the board to draw (cy_board_view_json), with this server's
 * limits. */
static int api_board(const srv_server *srv, struct MHD_Connection *c, const request *r, int post, answer *a)
{
    cy_board *b;
    unsigned char *mark;
    char *fm = NULL;
    if (request_board(srv, c, r, post, &b, &mark, &fm, a) < 0)
        return -1;
    cy_error err;
    char *text = cy_board_view_json(b, mark, fm, srv->o.max_edges, srv->o.timeout, &err);
    if (!text) {
        fail(a, HTTP_UNPROCESSABLE, "%s: cannot lay the board out: %s", b->name ? b->name : "board", err.msg);
    } else {
        a->status = HTTP_OK;
        a->text = text;
    }
    free(mark);
    free(fm);
    cy_board_free(b);
    return text ? 0 : -1;
}

/* Sends bytes (malloc'd, taken over) as a download named name.EXT. */
static enum MHD_Result send_download(struct MHD_Connection *c, const char *type, const char *ext, char *bytes, size_t len)
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

/* A picture to draw on the pictures' lane, on the stack of the request
 * that waits for it. */
typedef struct export_job {
    lane_job lj; /* first: the lane's job is the job */
    srv_server *srv;
    const cy_board *b;
    const cy_picture *p;
    int png;
    char *text;           /* the SVG, or NULL */
    unsigned char *bytes; /* the PNG, or NULL */
    size_t len;
    cy_error err;
    int done; /* drawn, or dropped unrun (the server stops) */
} export_job;

/* Draws job lj's picture on a worker of the pictures' lane. */
static void export_run(lane_job *lj, void *ctx)
{
    (void)ctx;
    export_job *x = (export_job *)lj;
    srv_server *srv = x->srv;
    pthread_mutex_lock(&srv->lock);
    if (++srv->exports > srv->exports_peak)
        srv->exports_peak = srv->exports;
    pthread_mutex_unlock(&srv->lock);
    x->text = cy_render_svg(x->b, x->p, &x->err);
    if (x->text && x->png) {
        if (cy_svg_to_png(x->text, strlen(x->text), &x->bytes, &x->len, &x->err) < 0)
            x->bytes = NULL;
        free(x->text);
        x->text = NULL;
    }
    pthread_mutex_lock(&srv->lock);
    srv->exports--;
    x->done = 1;
    pthread_cond_broadcast(&srv->export_free);
    pthread_mutex_unlock(&srv->lock);
}

/* A picture the lane drops undrawn: the server stops. */
static void export_release(lane_job *lj)
{
    export_job *x = (export_job *)lj;
    srv_server *srv = x->srv;
    pthread_mutex_lock(&srv->lock);
    cy_error_set(&x->err, "the server is stopping");
    x->done = 1;
    pthread_cond_broadcast(&srv->export_free);
    pthread_mutex_unlock(&srv->lock);
}

/* Draws picture p of b (a PNG when png) on the pictures' lane, waiting for
 * it: 0 with the SVG in *text or the PNG in *bytes and *len (NULL and err
 * set when it cannot be drawn), or -1 at once when the lane is full. */
static int export_draw(srv_server *srv, const cy_board *b, const cy_picture *p, int png, char **text,
                       unsigned char **bytes, size_t *len, cy_error *err)
{
    export_job x;
    memset(&x, 0, sizeof x);
    x.lj.run = export_run;
    x.lj.release = export_release;
    x.srv = srv;
    x.b = b;
    x.p = p;
    x.png = png;
    if (lane_submit(srv->export_lane, &x.lj) < 0)
        return -1;
    pthread_mutex_lock(&srv->lock);
    while (!x.done) /* every job is run or released */
        pthread_cond_wait(&srv->export_free, &srv->lock);
    pthread_mutex_unlock(&srv->lock);
    *text = x.text;
    *bytes = x.bytes;
    *len = x.len;
    *err = x.err;
    return 0;
}

/* /api/export?format=json|svg|png: the board of the request with its
 * position, as the native JSON board (with its moves: what `cycles convert
 * --to json` writes), or as the picture `cycles draw` makes (the last move
 * emphasised).  On success the download is sent here and *sent is set;
 * otherwise the error answer is in *a. */
static enum MHD_Result api_export(srv_server *srv, struct MHD_Connection *c, const request *r, int post, answer *a,
                                  int *sent)
{
    *sent = 0;
    const char *format = arg(c, "format");
    if (!format || !*format)
        format = "json";
    int json = !strcmp(format, "json"), svg = !strcmp(format, "svg"), png = !strcmp(format, "png");
    if (!json && !svg && !png)
        return fail(a, HTTP_BAD_REQUEST, "format: json, svg or png"), MHD_YES;
    if (png && !cy_png_available())
        return fail(a, HTTP_UNPROCESSABLE, "this build of cycles cannot write PNG (librsvg was not found)"), MHD_YES;
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
        if (export_draw(srv, b, &p, png, &text, &bytes, &len, &err) < 0) {
            a->retry = 1;
            fail(a, HTTP_UNAVAILABLE,
                 "the server is busy drawing other pictures (%d at once, %d waiting); try "
                 "again in a few seconds",
                 EXPORT_SLOTS, EXPORT_QUEUE - EXPORT_SLOTS);
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
    return send_download(c, json ? "application/json" : "image/svg+xml", json ? "json" : "svg", text, strlen(text));
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

/* Whether int arrays x and y of n entries are equal. */
static int same_ints(const int *x, const int *y, int n)
{
    return n <= 0 || !memcmp(x, y, sizeof(int) * (size_t)n);
}

/* Whether boards a and b are the same board to a solver and to the answer's
 * text: the same vertices (labels, special ones), edges and face walks in
 * the same order, on the same surface.  Compared field by field (once the
 * board's JSON text was written for each question to find its solver). */
static int same_board(const cy_board *a, const cy_board *b)
{
    if (a->nv != b->nv || a->ne != b->ne || a->ncells != b->ncells || a->surface != b->surface ||
        a->orientable != b->orientable || a->genus != b->genus || a->multi != b->multi)
        return 0;
    for (int v = 0; v < a->nv; v++)
        if (a->special[v] != b->special[v] || strcmp(a->label[v], b->label[v]) != 0)
            return 0;
    int nf = a->ncells + 1;
    return same_ints(a->eu, b->eu, a->ne) && same_ints(a->ev, b->ev, a->ne) &&
           same_ints(a->fstart, b->fstart, nf + 1) && same_ints(a->fdarts, b->fdarts, a->fstart[nf]) &&
           same_ints(a->sface, b->sface, 2 * a->ne) && same_ints(a->sdart, b->sdart, 2 * a->ne);
}

/* A solver for question q: on the quick lane, for a board of at most
 * QUICK_EDGES edges, one kept from an earlier question on the same board (its
 * table holds what that one found; q->b becomes the solver's own board,
 * equal to q's) when there is one, else a new one that values positions
 * whatever the question (to be kept in turn); else a new one.  *keepable
 * says whether the solver may be kept (give_solver). */
static cy_solver *take_solver(srv_server *srv, sw_question *q, int quick, int no_grundy, size_t share, double timeout,
                              int *keepable, answer *a)
{
    *keepable = 0;
    if (quick && q->b->ne <= QUICK_EDGES) {
        *keepable = 1;
        pthread_mutex_lock(&srv->lock);
        for (int i = srv->nkept - 1; i >= 0; i--)
            if (same_board(srv->kept[i].b, q->b)) {
                kept k = srv->kept[i];
                memmove(&srv->kept[i], &srv->kept[i + 1], (size_t)(srv->nkept - i - 1) * sizeof k);
                srv->nkept--;
                pthread_mutex_unlock(&srv->lock);
                cy_board_free(q->b);
                q->b = k.b;
                return k.s;
            }
        pthread_mutex_unlock(&srv->lock);
        no_grundy = 0;
    }
    return question_solver(q->b, no_grundy, share, timeout, a);
}

/* Frees solver s, or keeps it (with q's board, taken) for the next question
 * on that board when keepable and the answer was whole (keep); the oldest
 * kept solver goes when KEPT_SOLVERS are kept. */
static void give_solver(srv_server *srv, sw_question *q, cy_solver *s, int keepable, int keep)
{
    if (!keepable || keep != SW_KEEP) {
        cy_solver_free(s);
        return;
    }
    kept old = {NULL, NULL};
    pthread_mutex_lock(&srv->lock);
    if (srv->nkept == KEPT_SOLVERS) {
        old = srv->kept[0];
        memmove(&srv->kept[0], &srv->kept[1], (size_t)(srv->nkept - 1) * sizeof old);
        srv->nkept--;
    }
    srv->kept[srv->nkept++] = (kept){q->b, s};
    q->b = NULL;
    pthread_mutex_unlock(&srv->lock);
    cy_solver_free(old.s);
    cy_board_free(old.b);
}

/* The 503 of a solver that stopped with code rc knowing nothing. */
static void solver_failed(const cy_board *b, int rc, const cy_error *err, double timeout, answer *a)
{
    if (rc == CY_SOLVE_TIMEOUT)
        fail(a, HTTP_UNAVAILABLE,
             "%s: the solver ran out of time before it knew anything (this server allows "
             "%g s)",
             b->name ? b->name : "board", timeout);
    else
        fail(a, HTTP_UNAVAILABLE, "%s: %s", b->name ? b->name : "board", err->msg);
    a->retry = (int)ceil(timeout);
}

/* The answer of /api/solve for q (cy_answer_game with the kept solver):
 * what `cycles solve --json` prints; when time runs out, what is known
 * ("complete": false; the replies are sought only in the time left), or a
 * 503 when nothing is. */
static int solve_answer(srv_server *srv, sw_question *q, int quick, size_t share, double timeout, answer *a)
{
    double start = cy_now();
    int keepable;
    cy_solver *s = take_solver(srv, q, quick, 0, share, timeout, &keepable, a);
    if (!s)
        return SW_KEEP_NOT;
    cy_game g = {.board = q->b, .mark = q->mark};
    /* the replies within the same time limit as the rest of the answer */
    cy_answer_opts ao = {.solver = s, .replies_until = start + timeout};
    cy_answer ans;
    cy_error err;
    int arc = cy_answer_game(&g, NULL, &ao, &ans, &err);
    int keep = SW_KEEP;
    if (arc < 0 && !ans.known) {
        solver_failed(q->b, arc, &err, timeout, a);
        keep = SW_KEEP_NOT;
    } else {
        a->status = HTTP_OK;
        a->text = cy_answer_json(q->b, &ans);
        keep = ans.complete ? SW_KEEP : SW_KEEP_A_WHILE;
    }
    cy_answer_free(&ans);
    give_solver(srv, q, s, keepable, keep);
    return keep;
}

/* The answer of /api/move for q: {"move": "U->V" or null when the game is
 * over, "wins": whether the move wins with perfect play (null when time ran
 * out before that was known), "over", "winner": the winner when the game is
 * over, else null}; the move is a winning one if there is one, else a safe
 * one, else any legal one.  When time runs out: the first winning move found,
 * or a safe move, with "complete": false. */
static int move_answer(srv_server *srv, sw_question *q, int quick, size_t share, double timeout, answer *a)
{
    int keepable;
    cy_solver *s = take_solver(srv, q, quick, 1, share, timeout, &keepable, a);
    const cy_board *b = q->b;
    if (!s)
        return SW_KEEP_NOT;
    cy_analysis an;
    cy_error err;
    int arc = cy_analyse(s, q->mark, &an, &err);
    a->status = HTTP_OK;
    a->text = cy_engine_move_json(b, q->mark, &an, arc);
    cy_analysis_free(&an);
    int keep = arc < 0 ? SW_KEEP_A_WHILE : SW_KEEP;
    give_solver(srv, q, s, keepable, keep);
    return keep;
}

/* The answer of /api/solve?rules=... for q: what `cycles solve --rules NAME
 * --json` prints, searched within the lane's share of memory (at most the
 * variants' share) and time; a 503 when the search ran out before it knew
 * anything, a 422 when the board is too big for the variants' search. */
static int variant_answer(srv_server *srv, sw_question *q, size_t share, double timeout, answer *a)
{
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = share < srv->budget.variant_each ? share : srv->budget.variant_each;
    so.timeout = timeout;
    cy_game g = {.board = q->b, .mark = q->mark, .rules = q->rules, .state = q->game, .ruled = 1};
    cy_answer ans;
    cy_error err;
    int arc = cy_answer_game(&g, &so, NULL, &ans, &err);
    int keep = SW_KEEP_NOT;
    if (!ans.started)
        fail(a, HTTP_UNPROCESSABLE, "%s: %s", q->b->name ? q->b->name : "board", err.msg);
    else if (arc < 0)
        solver_failed(q->b, arc, &err, timeout, a);
    else {
        a->status = HTTP_OK;
        a->text = cy_answer_json(q->b, &ans);
        keep = ans.complete ? SW_KEEP : SW_KEEP_A_WHILE;
    }
    cy_answer_free(&ans);
    /* a lane's thread lives on: nauty's workspace of this search goes now */
    cy_nauty_thread_done();
    return keep;
}

/* Answers question q (server_work.c calls it on either lane); an answer
 * goes to the cache as JSON with the vertices numbered canonically
 * (api_question writes it in the asker's labels). */
static int answer_question(void *ctx, sw_question *q, int quick, size_t share, double timeout, sw_answer *a)
{
    cy_board *b = q->b; /* the solve may give it to a kept solver: copied first */
    cy_error err;
    cy_board *copy = q->canon ? cy_board_with_special(b, b->special, &err) : NULL;
    int keep = q->kind == 'v'   ? variant_answer(ctx, q, share, timeout, a)
               : q->kind == 'm' ? move_answer(ctx, q, quick, share, timeout, a)
                                : solve_answer(ctx, q, quick, share, timeout, a);
    if (copy && a->status == HTTP_OK && a->text) {
        /* parsed once, kept as JSON: each asker's copy is written from it */
        a->json = sc_to_canon(a->text, copy, q->canon);
        if (a->json) {
            free(a->text);
            a->text = NULL;
        }
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
static int api_question(srv_server *srv, struct MHD_Connection *c, const request *r, int post, int kind, answer *a)
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
            return fail(a, HTTP_BAD_REQUEST,
                        "timeout: seconds, a number greater than 0 (this server allows at "
                        "most %g)",
                        srv->o.timeout);
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
    GString *key = g_string_new(NULL);
    g_string_append_printf(key, "%c\n", kind);
    q.canon = sc_canon(b, q.mark, key);
    int *canon = sx_malloc(sizeof(int) * (size_t)(b->nv + 1));
    memcpy(canon, q.canon, sizeof(int) * (size_t)b->nv);
    int unplayed = 0;
    for (int e = 0; e < b->ne; e++)
        unplayed += q.mark[e] == CY_UNMARKED;
    char *k = g_string_free(key, FALSE);
    if (!q.timeout) {
        sw_answer_question(srv->work, k, unplayed <= QUICK_EDGES, &q, a);
    } else if (!sw_cached(srv->work, k, a)) {
        /* a short look: an answer within the server's own limit, kept, is
         * at least as good; else a solve of its own (its own key) */
        GString *sk = g_string_new(NULL);
        g_string_append_printf(sk, "t%g\n%s", q.timeout, k);
        char *s = g_string_free(sk, FALSE);
        sw_answer_question(srv->work, s, unplayed <= QUICK_EDGES, &q, a);
        free(s);
    } else {
        cy_board_free(q.b);
        free(q.mark);
        free(q.canon);
    }
    free(k);
    if (a->status == HTTP_OK && a->json) {
        free(a->text);
        a->text = sc_from_canon(a->json, mine, canon);
    } else {
        json_decref(a->json);
    }
    a->json = NULL;
    free(canon);
    cy_board_free(mine);
    return a->status == HTTP_OK ? 0 : -1;
}

/* /api/solve?rules=NAME[&players=K][&extra_turn=1]: the answer of `cycles
 * solve --rules NAME --json`, asked of the server's work as the standard
 * questions are (the cache, one search for identical questions, the quick
 * and slow lanes).  The cache key is the rules, the game's state and the
 * board and position exactly (its name and labels: the answer is not
 * relabelled). */
static int api_solve_variant(srv_server *srv, struct MHD_Connection *c, const request *r, int post, answer *a)
{
    const char *name = arg(c, "rules"), *players = arg(c, "players"), *extra = arg(c, "extra_turn");
    sw_question q;
    memset(&q, 0, sizeof q);
    q.kind = 'v';
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
    if (cy_rules_parse(name, k, extra && strcmp(extra, "0") != 0, &q.rules, &err) < 0)
        return fail(a, HTTP_BAD_REQUEST, "%s", err.msg + (err.msg[0] == '-' ? 2 : 0));
    cy_game game;
    if (request_game(srv, c, r, post, &q.rules, &game, a) < 0)
        return -1;
    q.b = game.board;
    q.mark = game.mark;
    q.game = game.state;
    game.board = NULL;
    game.mark = NULL;
    cy_game_free(&game);
    const cy_variant_game *g = &q.game;
    GString *key = g_string_new(NULL);
    g_string_append_printf(key, "v %s %d %d\n%d %d %d %d %d", cy_rules_name(&q.rules), q.rules.players,
                           q.rules.extra_turn, g->played, g->to_move, g->last, g->ended, g->completed_by);
    for (int p = 1; p <= CY_MAX_PLAYERS; p++)
        g_string_append_printf(key, " %d", g->score[p]);
    g_string_append(key, "\n");
    sc_exact(q.b, q.mark, key);
    int unplayed = 0;
    for (int e = 0; e < q.b->ne; e++)
        unplayed += q.mark[e] == CY_UNMARKED;
    char *kt = g_string_free(key, FALSE);
    sw_answer_question(srv->work, kt, unplayed <= QUICK_EDGES, &q, a);
    free(kt);
    return a->status == HTTP_OK ? 0 : -1;
}

/* GET /api/stats: {"queued", "running": slow questions waiting and being
 * solved, "cache_entries", "cache_bytes", "hits", "shared", "solved_quick",
 * "solved_slow", "refused" (every 503 the server answered), "memory": the
 * process's resident bytes, "memory_limit": --memory, and the shares of it:
 * "cache_limit", "uploads_limit", "quick_each", "slow_each", "variant_each";
 * "exports", "exports_peak", "exports_refused", "exports_limit",
 * "exports_queue": the pictures being drawn, the most at once, the 503s of
 * a full lane, the lane's workers and the pictures it accepts at once;
 * "connections", "connections_peak", "connections_limit",
 * "connections_admitted", "connections_closed" (shut by the reaper);
 * "timeout": the longest a solve may take (s)}. */
static int api_stats(srv_server *srv, answer *a)
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
    pthread_mutex_lock(&srv->lock);
    json_object_set_new(o, "refused", json_integer((json_int_t)srv->refused));
    pthread_mutex_unlock(&srv->lock);
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
    unsigned long long export_refused;
    lane_counts(srv->export_lane, NULL, NULL, &export_refused);
    json_object_set_new(o, "exports_refused", json_integer((json_int_t)export_refused));
    pthread_mutex_unlock(&srv->lock);
    json_object_set_new(o, "exports_limit", json_integer(EXPORT_SLOTS));
    json_object_set_new(o, "exports_queue", json_integer(EXPORT_QUEUE));
    pthread_mutex_lock(&srv->conn_lock);
    json_object_set_new(o, "connections", json_integer(srv->conns));
    json_object_set_new(o, "connections_peak", json_integer(srv->conns_peak));
    json_object_set_new(o, "connections_limit", json_integer(srv->conn_limit));
    json_object_set_new(o, "connections_admitted", json_integer(srv->conn_admit));
    json_object_set_new(o, "connections_closed", json_integer((json_int_t)srv->conns_closed));
    pthread_mutex_unlock(&srv->conn_lock);
    a->status = HTTP_OK;
    a->text = dump(o);
    return 0;
}

/* ------------------------------------------------------------ the server */

/* The query's parameters, as checkargs sees them. */
typedef struct argcheck {
    const char *keys[MAX_ARGS];
    int n;
    char msg[160]; /* the first problem, or empty */
} argcheck;

/* Records a problem with parameter key (echoed when it is short printable
 * text). */
static void arg_problem(argcheck *k, const char *key, size_t key_size, const char *what)
{
    if (k->msg[0])
        return;
    if (key_size <= 40 && strlen(key) == key_size && printable(key, 40))
        snprintf(k->msg, sizeof k->msg, "%s: %s", key, what);
    else
        snprintf(k->msg, sizeof k->msg, "a query parameter %s", what);
}

/* MHD_get_connection_values_n's callback: a parameter given twice, one
 * holding a NUL byte (%00), or too many. */
static enum MHD_Result check_arg(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                 const char *value, size_t value_size)
{
    (void)kind;
    argcheck *k = cls;
    if (!key)
        return MHD_YES;
    if (strlen(key) != key_size || (value && strlen(value) != value_size))
        arg_problem(k, key, key_size, "holds a NUL byte (%00)");
    for (int i = 0; i < k->n; i++)
        if (!strcmp(k->keys[i], key))
            arg_problem(k, key, key_size, "given more than once");
    if (k->n == MAX_ARGS)
        snprintf(k->msg, sizeof k->msg, "more than %d query parameters", MAX_ARGS);
    else
        k->keys[k->n++] = key;
    return k->msg[0] ? MHD_NO : MHD_YES;
}

/* Whether c's query is well formed: each parameter once, no NUL byte in a
 * name or value (libmicrohttpd would hand the first copy, or the part
 * before the NUL, to arg), at most MAX_ARGS; else a 400 in *a. */
static int check_args(struct MHD_Connection *c, answer *a)
{
    argcheck k;
    memset(&k, 0, sizeof k);
    MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, check_arg, &k);
    if (k.msg[0])
        return fail(a, HTTP_BAD_REQUEST, "%s", k.msg);
    return 0;
}

/* Answers one complete request: the page's files, or the API. */
static enum MHD_Result dispatch(srv_server *srv, struct MHD_Connection *c, const char *url, const char *method,
                                request *r)
{
    int get = !strcmp(method, MHD_HTTP_METHOD_GET) || !strcmp(method, MHD_HTTP_METHOD_HEAD);
    int post = !strcmp(method, MHD_HTTP_METHOD_POST);
    answer a = {0, NULL, 0, NULL, NULL};
    if (strncmp(url, "/api/", 5) != 0) {
        size_t len;
        const char *type;
        const char *page = !strcmp(url, "/") ? "/index.html" : !strcmp(url, "/census") ? "/census.html" : url;
        const unsigned char *data = server_web_asset(page, &len, &type);
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
                !strcmp(name, "move") || !strcmp(name, "stats") || !strcmp(name, "export") || !strcmp(name, "census");
    int get_only = !strcmp(name, "families") || !strcmp(name, "stats") || !strcmp(name, "census");
    if (!known)
        fail(&a, HTTP_NOT_FOUND,
             "no such endpoint: %.200s (see /api/families, /api/board, /api/solve, "
             "/api/move, /api/export)",
             url);
    else if (check_args(c, &a) < 0)
        ;
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
    } else if (!strcmp(name, "solve")) {
        const char *rules = arg(c, "rules");
        if ((rules && strcmp(rules, "standard") != 0) || arg(c, "players") || arg(c, "extra_turn"))
            api_solve_variant(srv, c, r, post, &a);
        else
            api_question(srv, c, r, post, 's', &a);
    } else
        api_question(srv, c, r, post, 'm', &a);
    /* nauty's workspace of this connection's thread (the variants' search
     * and the board's symmetries use it) dies with the thread: free it now */
    cy_nauty_thread_done();
    return send_answer(c, &a);
}

/* Frees the body r holds and gives its bytes back to the uploads' share. */
static void release_body(srv_server *srv, request *r)
{
    pthread_mutex_lock(&srv->lock);
    srv->body_bytes -= r->cap;
    pthread_mutex_unlock(&srv->lock);
    free(r->body);
    r->body = NULL;
    r->len = r->cap = 0;
}

/* Connection k (NULL is fine) is busy answering its request, or (busy 0)
 * waiting from now for its request to arrive or its answer to go. */
static void conn_phase(srv_server *srv, conn *k, int busy)
{
    if (!k)
        return;
    pthread_mutex_lock(&srv->conn_lock);
    k->busy = busy;
    k->since = cy_now();
    pthread_mutex_unlock(&srv->conn_lock);
}

/* MHD_OPTION_NOTIFY_CONNECTION: keeps the record of each open connection. */
static void notify_conn(void *cls, struct MHD_Connection *c, void **socket_context,
                        enum MHD_ConnectionNotificationCode toe)
{
    srv_server *srv = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        conn *k = calloc(1, sizeof *k);
        *socket_context = k;
        if (!k)
            return;
        k->fd = ci ? ci->connect_fd : -1;
        k->since = cy_now();
        k->srv = srv;
        pthread_mutex_lock(&srv->conn_lock);
        k->next = srv->conn_list;
        if (k->next)
            k->next->prev = k;
        srv->conn_list = k;
        srv->conns++;
        if (srv->conns > srv->conns_peak)
            srv->conns_peak = srv->conns;
        pthread_mutex_unlock(&srv->conn_lock);
    } else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        conn *k = *socket_context;
        *socket_context = NULL;
        if (!k)
            return;
        pthread_mutex_lock(&srv->conn_lock);
        if (k->prev)
            k->prev->next = k->next;
        else
            srv->conn_list = k->next;
        if (k->next)
            k->next->prev = k->prev;
        srv->conns--;
        pthread_mutex_unlock(&srv->conn_lock);
        free(k);
    }
}

/* The reaper: once a second, shuts down the connections that have waited
 * more than REQUEST_SECONDS for their request to arrive (headers and body)
 * or their answer to go, so a client sending a byte now and then (which
 * the idle timeout never sees) holds no connection for long.  The socket
 * is only shut down (libmicrohttpd closes it): a connection is in the list
 * until libmicrohttpd says it is closed, so its descriptor is still its own. */
static void *reaper_main(void *arg)
{
    srv_server *srv = arg;
    pthread_mutex_lock(&srv->conn_lock);
    while (!srv->stopping) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_sec += 1;
        pthread_cond_timedwait(&srv->reaper_wake, &srv->conn_lock, &ts);
        double now = cy_now();
        for (conn *k = srv->conn_list; k; k = k->next)
            if (!k->busy && !k->shut && k->fd >= 0 && now - k->since > REQUEST_SECONDS) {
                shutdown(k->fd, SHUT_RDWR);
                k->shut = 1;
                srv->conns_closed++;
            }
    }
    pthread_mutex_unlock(&srv->conn_lock);
    return NULL;
}

/* libmicrohttpd's access handler: collects the body of a request (dropping
 * it past max_body), then answers it. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
    (void)version;
    srv_server *srv = cls;
    request *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r)
            return MHD_NO;
        *con_cls = r;
        /* past the connections admitted, a 503 at once (and the
         * connection closed) rather than a request that waits */
        conn *k = conn_of(c);
        pthread_mutex_lock(&srv->conn_lock);
        int over = srv->conns > srv->conn_admit;
        pthread_mutex_unlock(&srv->conn_lock);
        if (over) {
            answer a = {0, NULL, 2, NULL, NULL};
            if (k)
                k->close_after = 1;
            fail(&a, HTTP_UNAVAILABLE, "the server has too many connections open (%d); try again shortly",
                 srv->conn_admit);
            return send_answer(c, &a);
        }
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > srv->o.max_body) {
            /* refused by its declared size, before the body is read */
            answer a = {0, NULL, 0, NULL, NULL};
            too_large(srv, &a);
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
        answer a = {0, NULL, 0, NULL, NULL};
        too_large(srv, &a);
        return send_answer(c, &a);
    }
    if (r->no_room) {
        answer a = {0, NULL, 0, NULL, NULL};
        fail(&a, HTTP_UNAVAILABLE, "the server holds too many uploads at once; try again");
        return send_answer(c, &a);
    }
    /* while the request is answered the reaper leaves it alone; then the
     * answer has REQUEST_SECONDS to go */
    conn *k = conn_of(c);
    conn_phase(srv, k, 1);
    enum MHD_Result ret = dispatch(srv, c, url, method, r);
    conn_phase(srv, k, 0);
    return ret;
}

/* Frees the request's state when libmicrohttpd is done with it; the
 * connection waits for its next request from now. */
static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    conn_phase(cls, conn_of(c), 0);
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
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
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

/* The connections open at once: max when given, else the connections'
 * share of memory (an eighth) over CONNECTION_COST, at least
 * MIN_CONNECTIONS; within the descriptors the process may open (its soft
 * limit raised to the hard one), less 64 for the rest of the program. */
static int connection_limit(int max, size_t memory)
{
    size_t n = max > 0 ? (size_t)max : memory / 8 / CONNECTION_COST;
    if (max <= 0 && n < MIN_CONNECTIONS)
        n = MIN_CONNECTIONS;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        if (rl.rlim_cur < rl.rlim_max) {
            rl.rlim_cur = rl.rlim_max;
            setrlimit(RLIMIT_NOFILE, &rl);
            getrlimit(RLIMIT_NOFILE, &rl);
        }
        if (rl.rlim_cur != RLIM_INFINITY && n + 64 > rl.rlim_cur)
            n = rl.rlim_cur > 80 ? (size_t)rl.rlim_cur - 64 : 16;
    }
    return n > 65536 ? 65536 : (int)n;
}

/* Destroys the server's locks and conditions. */
static void free_locks(srv_server *srv)
{
    pthread_mutex_destroy(&srv->lock);
    pthread_mutex_destroy(&srv->conn_lock);
    pthread_cond_destroy(&srv->export_free);
    pthread_cond_destroy(&srv->reaper_wake);
}

/* Starts the daemon on a fresh listening socket (see cycles.h). */
/* Undoes a start that failed after the lanes were made (either may be
 * NULL): closes the socket, frees what was made; NULL with msg in err. */
static srv_server *start_failed(srv_server *srv, int fd, const char *msg, cy_error *err)
{
    close(fd);
    sw_free(srv->work);
    lane_free(srv->export_lane);
    scen_close(srv->census);
    free_locks(srv);
    free(srv);
    return cy_error_set(err, "%s", msg), NULL;
}

srv_server *srv_start(const srv_opts *o, cy_error *err)
{
    srv_opts def;
    memset(&def, 0, sizeof def);
    if (!o)
        o = &def;
    srv_server *srv = sx_calloc(1, sizeof *srv);
    srv->o = *o;
    if (!srv->o.host || !*srv->o.host)
        srv->o.host = "127.0.0.1";
    if (srv->o.timeout <= 0)
        srv->o.timeout = DEFAULT_TIMEOUT;
    if (srv->o.max_edges <= 0)
        srv->o.max_edges = DEFAULT_MAX_EDGES;
    if (!srv->o.max_body)
        srv->o.max_body = DEFAULT_MAX_BODY;
    size_t board_body = BODY_BASE + (size_t)BODY_EDGE * (size_t)srv->o.max_edges;
    if (srv->o.max_body > board_body)
        srv->o.max_body = board_body;
    if (srv->o.max_solves <= 0)
        srv->o.max_solves = DEFAULT_SOLVES;
    if (!srv->o.memory)
        srv->o.memory = DEFAULT_MEMORY;
    srv->conn_limit = connection_limit(srv->o.max_connections, srv->o.memory);
    srv->o.max_connections = srv->conn_limit;
    /* past seven eighths of the bound a request is answered 503 at once,
     * so that a client is told rather than turned away by a reset */
    srv->conn_admit = srv->conn_limit - srv->conn_limit / 8;
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
    pthread_mutex_init(&srv->lock, NULL);
    pthread_mutex_init(&srv->conn_lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&srv->export_free, &ca);
    pthread_cond_init(&srv->reaper_wake, &ca);
    pthread_condattr_destroy(&ca);
    srv->work = sw_new(&wo);
    srv->export_lane = lane_new(EXPORT_SLOTS, EXPORT_QUEUE, 0, NULL, NULL, NULL);
    if (!srv->work || !srv->export_lane)
        return start_failed(srv, fd, "cannot start the server's worker threads", err);
    struct sockaddr_storage sa;
    socklen_t sl = sizeof sa;
    if (getsockname(fd, (struct sockaddr *)&sa, &sl) == 0)
        srv->port = ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port
                                                   : ((struct sockaddr_in *)&sa)->sin_port);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL |
                     MHD_USE_ERROR_LOG | (ipv6 ? MHD_USE_IPv6 : 0);
    srv->d = MHD_start_daemon(flags, (uint16_t)srv->port, NULL, NULL, handle, srv, MHD_OPTION_EXTERNAL_LOGGER, mhd_log,
                              NULL, MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
                              (unsigned)srv->conn_limit, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS,
                              MHD_OPTION_NOTIFY_CONNECTION, notify_conn, srv, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                              (size_t)(128 * 1024), MHD_OPTION_THREAD_STACK_SIZE, (size_t)(8u << 20),
                              MHD_OPTION_NOTIFY_COMPLETED, completed, srv, MHD_OPTION_END);
    if (!srv->d)
        return start_failed(srv, fd, "cannot start the web server", err);
    srv->reaper_started = pthread_create(&srv->reaper, NULL, reaper_main, srv) == 0;
    return srv;
}

/* The port the server listens on. */
int srv_port(const srv_server *s)
{
    return s->port;
}

/* Stops the daemon (joining its threads) and frees the server. */
void srv_stop(srv_server *s)
{
    if (!s)
        return;
    sw_stop(s->work); /* requests waiting for answers give up */
    scen_stop(s->census);
    lane_stop(s->export_lane); /* pictures not begun are dropped */
    pthread_mutex_lock(&s->conn_lock);
    s->stopping = 1;
    pthread_cond_signal(&s->reaper_wake);
    pthread_mutex_unlock(&s->conn_lock);
    if (s->reaper_started)
        pthread_join(s->reaper, NULL);
    MHD_stop_daemon(s->d);
    sw_free(s->work);
    lane_free(s->export_lane);
    scen_close(s->census);
    for (int i = 0; i < s->nkept; i++) {
        cy_solver_free(s->kept[i].s);
        cy_board_free(s->kept[i].b);
    }
    free_locks(s);
    free(s);
}
