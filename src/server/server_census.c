/*
 * server_census.c - GET /api/census of `cycles serve --census FILE`: the
 * boards of a census database (`cycles census run`, docs/census.md) chosen
 * by filters, a page at a time, each with a drawing for its thumbnail.
 *
 * The database is opened read only (SQLITE_OPEN_READONLY and query_only),
 * one connection per lane thread; the queries (parameterised SQL built from
 * fixed pieces) are the census library's (census_explore,
 * src/census/query.c).  The parameters are checked in the request's own
 * thread (a bad one is a 400 naming it); the query then waits in a bounded
 * queue for one of the census lane's threads, which run at a lower CPU
 * priority (as the solvers' slow lane does) so that the quick lane keeps the
 * processor, and each query stops after SCEN_QUERY_SECONDS of its thread's
 * CPU time or SCEN_QUERY_WALL seconds (a progress handler) with a 503.  A full queue is a 503 at once.  The census lane
 * shares nothing with the solvers' lanes but the processor.
 */
#include "server_census.h"

#include "census.h"
#include "lane.h"

#include <jansson.h>
#include <math.h>
#include <microhttpd.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LANE_NICE 10 /* CPU priority of the lane's threads */
#define MAX_ECHO 40  /* characters of a bad value echoed back */

/* The query's filters (the census library's). */
typedef census_filters filters;

/* One query: asked by a request, answered on the lane. */
typedef struct job {
    lane_job lj; /* first: the lane's job is the job */
    scen *s;
    filters f;
    sw_answer a;
    int done;
    int refs; /* the request and the lane */
} job;

/* A lane worker's connection and the limits of its query. */
typedef struct dbconn {
    scen *s;
    sqlite3 *db;
    double cpu_limit; /* the thread's CPU seconds at which the query stops */
    double deadline;  /* the monotonic time at which it stops anyway */
} dbconn;

struct scen {
    char *path;
    census_explore_info info; /* its rule sets and indexes */
    lane *lane;               /* its workers (a connection each) and queue */
    cy_error *open_err;       /* where opening a connection says why it failed */
    int stopping;
    pthread_mutex_t lock;
    pthread_cond_t done; /* a job was answered, or stopping */
};

/* ------------------------------------------------------------- answers */

/* Sets *a to status with {"error": message}. */
static void fail(sw_answer *a, unsigned status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(sw_answer *a, unsigned status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char *safe = cy_escape_dup(msg, 0);
    a->retry = 0;
    sw_error(a, status, safe);
    free(safe);
}

/* v shortened to MAX_ECHO characters and escaped (cy_escape), into out. */
static const char *echo(const char *v, char *out, size_t n)
{
    char cut[MAX_ECHO + 4];
    size_t len = strlen(v);
    if (len > MAX_ECHO) {
        memcpy(cut, v, MAX_ECHO);
        memcpy(cut + MAX_ECHO, "...", 4);
        v = cut;
        len = strlen(cut);
    }
    cy_escape(out, n, v, len, 0);
    return out;
}

/* ---------------------------------------------------------- parameters */

static const char *const known[] = {"kind",          "rules",  "edges", "grundy", "winner", "parity_breaker",
                                    "triangle_free", "leaves", "limit", "offset", NULL};
#define KNOWN_LIST "kind, rules, edges, grundy, winner, parity_breaker, triangle_free, leaves, limit, offset"

/* What the argument walk found: the first unknown parameter. */
typedef struct walk {
    char bad[MAX_ECHO * 4 + 16];
    int found;
} walk;

/* libmicrohttpd's iterator over the query arguments: notes the first one
 * that is not a parameter of /api/census. */
static enum MHD_Result check_key(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    (void)value;
    walk *w = cls;
    if (!*key)
        return MHD_YES; /* "?&edges=3": an empty piece, not a parameter */
    for (int i = 0; known[i]; i++)
        if (!strcmp(known[i], key))
            return MHD_YES;
    if (!w->found) {
        w->found = 1;
        echo(key, w->bad, sizeof w->bad);
    }
    return MHD_YES;
}

/* Reads parameter name as a whole number from lo to hi into *out (left
 * alone when the parameter is missing); 0, or -1 with the 400 in *a. */
static int number(struct MHD_Connection *c, const char *name, long lo, long hi, int *out, sw_answer *a)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
    if (!v)
        return 0;
    long n = 0;
    int ok = *v != 0 && strlen(v) <= 10;
    for (const char *p = v; ok && *p; p++)
        if (*p < '0' || *p > '9')
            ok = 0;
        else
            n = n * 10 + (*p - '0');
    if (!ok || n < lo || n > hi) {
        char e[MAX_ECHO * 4 + 16];
        if (hi == 1 && lo == 0)
            fail(a, 400, "%s: '%s' is not 0 or 1", name, echo(v, e, sizeof e));
        else
            fail(a, 400, "%s: '%s' is not a whole number from %ld to %ld", name, echo(v, e, sizeof e), lo, hi);
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* The filters of request c, checked against the census s; 0, or -1 with
 * the 400 in *a. */
static int read_filters(const scen *s, struct MHD_Connection *c, filters *f, sw_answer *a)
{
    walk w = {.found = 0};
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, check_key, &w);
    if (w.found) {
        fail(a, 400, "unknown parameter '%s' (/api/census takes " KNOWN_LIST ")", w.bad);
        return -1;
    }
    memset(f, 0, sizeof *f);
    f->edges = f->grundy = f->winner = f->parity_breaker = f->triangle_free = f->leaves = -1;
    f->limit = SCEN_DEFAULT_LIMIT;
    char e[MAX_ECHO * 4 + 16];
    const char *kind = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "kind");
    if (kind && strcmp(kind, "board") && strcmp(kind, "tree")) {
        fail(a, 400, "kind: '%s' is not board or tree", echo(kind, e, sizeof e));
        return -1;
    }
    f->tree = kind && !strcmp(kind, "tree");
    const char *rules = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "rules");
    if (!rules)
        rules = "standard";
    int r = 0;
    while (r < s->info.nrules && strcmp(s->info.rules[r], rules))
        r++;
    if (r == s->info.nrules) {
        char list[CY_CENSUS_EXPLORE_RULES * 26] = "";
        for (int i = 0; i < s->info.nrules; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s->info.rules[i]);
        fail(a, 400, "rules: the census has no boards solved under '%s' (it has %s)", echo(rules, e, sizeof e),
             s->info.nrules ? list : "none");
        return -1;
    }
    snprintf(f->rules, sizeof f->rules, "%s", rules);
    if (number(c, "edges", 0, 100000, &f->edges, a) < 0 || number(c, "grundy", 0, 100000, &f->grundy, a) < 0 ||
        number(c, "winner", 0, 1000, &f->winner, a) < 0 || number(c, "parity_breaker", 0, 1, &f->parity_breaker, a) < 0 ||
        number(c, "triangle_free", 0, 1, &f->triangle_free, a) < 0 || number(c, "leaves", 0, 1, &f->leaves, a) < 0 ||
        number(c, "limit", 1, SCEN_MAX_LIMIT, &f->limit, a) < 0 || number(c, "offset", 0, 1000000000, &f->offset, a) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------ running a query */

/* The calling thread's CPU seconds. */
static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Stops a query past its lane's limits or when the server stops. */
static int progress(void *cls)
{
    dbconn *l = cls;
    return thread_cpu() > l->cpu_limit || cy_now() > l->deadline || __atomic_load_n(&l->s->stopping, __ATOMIC_RELAXED);
}

/* The answer to f from lane l's connection into *a (the census library's
 * census_explore runs the queries). */
static void run_query(dbconn *l, const filters *f, sw_answer *a)
{
    sqlite3 *db = l->db;
    l->cpu_limit = thread_cpu() + SCEN_QUERY_SECONDS;
    l->deadline = cy_now() + SCEN_QUERY_WALL;
    long long total = 0;
    json_t *list = NULL;
    int rc = census_explore(db, l->s->info.has_index, f, &total, &list);
    if (rc == SQLITE_INTERRUPT)
        fail(a, 503, "the census query took more than %g s and was stopped: narrow it (edges=E, grundy=G, ...)",
             thread_cpu() > l->cpu_limit ? SCEN_QUERY_SECONDS : SCEN_QUERY_WALL);
    else if (rc != SQLITE_OK)
        /* the connection's message only when it is still this error's: a
         * statement finalised since the failure resets it ("not an error") */
        fail(a, 500, "%s: the census query failed: %s", l->s->path,
             (sqlite3_errcode(db) & 0xff) == (rc & 0xff) ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    else {
        json_t *o = json_object();
        json_object_set_new(o, "total", json_integer(total));
        json_object_set_new(o, "offset", json_integer(f->offset));
        json_object_set_new(o, "limit", json_integer(f->limit));
        json_object_set_new(o, "rows", list);
        json_t *names = json_array();
        for (int i = 0; i < l->s->info.nrules; i++)
            json_array_append_new(names, json_string(l->s->info.rules[i]));
        json_object_set_new(o, "census_rules", names);
        list = NULL;
        a->status = 200;
        a->text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(o);
    }
    json_decref(list);
}

/* ------------------------------------------------------------- the lane */

/* Lets go of j; frees it when nobody holds it.  Lock held. */
static void unref(job *j)
{
    if (--j->refs > 0)
        return;
    free(j->a.text);
    free(j);
}

/* A job on a lane worker with connection ctx: the query answered. */
static void job_run(lane_job *lj, void *ctx)
{
    job *j = (job *)lj;
    scen *s = j->s;
    sw_answer a = {0, NULL, 0, NULL, NULL};
    run_query(ctx, &j->f, &a);
    pthread_mutex_lock(&s->lock);
    j->a = a;
    j->done = 1;
    unref(j);
    pthread_cond_broadcast(&s->done);
    pthread_mutex_unlock(&s->lock);
}

/* A job the lane drops unanswered (stopping): the request gives up. */
static void job_release(lane_job *lj)
{
    job *j = (job *)lj;
    scen *s = j->s;
    pthread_mutex_lock(&s->lock);
    unref(j);
    pthread_cond_broadcast(&s->done);
    pthread_mutex_unlock(&s->lock);
}

void scen_answer(scen *s, struct MHD_Connection *c, sw_answer *a)
{
    if (!s) {
        fail(a, 404, "this server has no census: start it with cycles serve --census FILE");
        return;
    }
    filters f;
    if (read_filters(s, c, &f, a) < 0)
        return;
    job *j = sx_calloc(1, sizeof *j);
    j->f = f;
    j->s = s;
    j->refs = 2;
    j->lj.run = job_run;
    j->lj.release = job_release;
    if (lane_submit(s->lane, &j->lj) < 0) {
        free(j);
        fail(a, 503, "the server is answering other census queries; try again shortly");
        return;
    }
    pthread_mutex_lock(&s->lock);
    while (!j->done && !s->stopping)
        pthread_cond_wait(&s->done, &s->lock);
    if (j->done) {
        *a = j->a;
        j->a.text = NULL;
    } else
        fail(a, 503, "the server is stopping");
    unref(j);
    pthread_mutex_unlock(&s->lock);
}

/* ------------------------------------------------------ opening, closing */

/* The lane's open: worker i's read-only connection (the first reads what
 * the census holds); NULL with a message in s->open_err. */
static void *open_conn(void *arg, int i)
{
    scen *s = arg;
    dbconn *l = sx_calloc(1, sizeof *l);
    l->s = s;
    if (census_explore_open(s->path, &l->db, s->open_err) < 0 ||
        (i == 0 && census_explore_read(l->db, s->path, &s->info, s->open_err) < 0)) {
        sqlite3_close(l->db);
        free(l);
        return NULL;
    }
    sqlite3_progress_handler(l->db, 10000, progress, l);
    return l;
}

/* The lane's close: a worker's connection. */
static void close_conn(void *ctx)
{
    dbconn *l = ctx;
    sqlite3_close(l->db);
    free(l);
}

scen *scen_open(const char *path, int workers, int queue, cy_error *err)
{
    scen *s = sx_calloc(1, sizeof *s);
    s->path = cy_escape_dup(path, 0);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->done, NULL);
    cy_error_set(err, "cannot start the census lane's threads");
    s->open_err = err;
    s->lane = lane_new(workers, queue, LANE_NICE, open_conn, close_conn, s);
    s->open_err = NULL;
    if (!s->lane) {
        scen_close(s);
        return NULL;
    }
    if (s->info.has_index != CY_CENSUS_IX_ALL)
        fprintf(stderr,
                "cycles: serve: %s has not the census explorer's indexes: its filters by grundy, winner, "
                "triangle_free and leaves read the whole census (a run into it adds them: cycles census run "
                "--resume --edges A..B --db FILE)\n",
                s->path);
    return s;
}

void scen_stop(scen *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->stopping, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&s->done);
    pthread_mutex_unlock(&s->lock);
    lane_stop(s->lane);
}

void scen_close(scen *s)
{
    if (!s)
        return;
    scen_stop(s);
    lane_free(s->lane); /* joins the workers, closes their connections */
    pthread_cond_destroy(&s->done);
    pthread_mutex_destroy(&s->lock);
    free(s->path);
    free(s);
}
