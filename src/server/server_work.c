/*
 * server_work.c - how `cycles serve` shares its time and memory (see
 * server_work.h).
 *
 * Every question (a solve or an engine move for one board and position) is a
 * job, found by its key in one hash table (GLib) whether it is waiting,
 * running or answered:
 *   - an answered job is the cache: kept in least-recently-used order, and
 *     dropped from the front while the answers held exceed the cache's share
 *     of the memory; a partial answer is kept SW_PARTIAL_TTL seconds only;
 *   - a job waiting or running is joined by a second request for the same
 *     question, which waits for its answer instead of solving it again;
 *   - a new quick question (few unplayed edges: the caller decides) goes to
 *     the quick lane (src/server/lane.c: quick_slots workers, a queue of
 *     QUICK_QUEUE questions a worker), whose workers run at the server's
 *     own CPU priority;
 *   - a new slow question waits in the slow lane (the same lane type: a
 *     bounded queue) for one of slow_workers threads, which run at a lower
 *     CPU priority (nice SLOW_NICE) so that the quick lane keeps the
 *     processor when it needs it.
 * A question that finds its lane's queue full is answered 503 at once.  A
 * request waits at most about twice the timeout (the queue, then the solve;
 * a quick one QUICK_WAIT seconds and its solve); when it gives up the job
 * goes on, so asking again (Retry-After) finds the answer in the cache.  One mutex guards everything; solves run
 * outside it.  A job is freed when its last holder lets go (the table, the
 * queue or worker, each waiting request).
 */
#include "server_work.h"

#include "lane.h"

#include <errno.h>
#include <glib.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define SLOW_NICE 10   /* CPU priority of the slow lane's threads */
#define QUICK_WAIT 5.0 /* seconds a quick question waits for a worker */
#define QUICK_QUEUE 16 /* quick questions accepted at once, per quick worker */

enum { WAITING, RUNNING, DONE };

typedef struct job {
    lane_job lj; /* in a lane (first: the lane's job is the job) */
    struct sw_work *w;
    int quick; /* in the quick lane, not the slow one */
    char *key;
    sw_question q;
    int state;
    sw_answer a;    /* once DONE */
    double expires; /* when a kept answer goes stale; 0 never */
    double started; /* when the solve began */
    size_t bytes;   /* what the cached answer costs */
    int refs;
    int in_table;
    GList lru; /* link in the LRU queue while cached */
    int in_lru;
} job;

struct sw_work {
    sw_opts o;
    sw_budget budget;
    pthread_mutex_t lock;
    pthread_cond_t done; /* a job was answered, or stopping */
    GHashTable *table;   /* key -> job */
    GQueue lru;          /* answered jobs, least recently used first */
    size_t cache_bytes;
    int slow_count; /* slow jobs queued or running */
    int running;    /* slow jobs running */
    int stopping;
    lane *slow;  /* the slow lane: its workers and queue */
    lane *quick; /* the quick lane */
    sw_stats st;
};

/* Monotonic seconds, the clock of the condition variables. */
static double mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits on c until signalled or until the monotonic time t; ETIMEDOUT after t. */
static int wait_until(pthread_cond_t *c, pthread_mutex_t *m, double t)
{
    struct timespec ts;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
    return pthread_cond_timedwait(c, m, &ts);
}

json_t *sw_jstr(const char *s)
{
    json_t *j = json_string(s ? s : "");
    if (j)
        return j;
    char *t = sx_strdup(s);
    for (char *p = t; *p; p++)
        if ((unsigned char)*p < 32 || (unsigned char)*p >= 127)
            *p = '?';
    j = json_string(t);
    free(t);
    return j;
}

void sw_error(sw_answer *a, unsigned status, const char *msg)
{
    json_t *o = json_object();
    json_object_set_new(o, "error", sw_jstr(msg));
    free(a->text);
    json_decref(a->json);
    a->json = NULL;
    a->status = status;
    a->text = sw_json_text(o);
    if (status == 503 && a->retry <= 0)
        a->retry = 1;
    a->how = NULL;
}

/* Sets *a to a 503 with message msg and Retry-After retry (at least 1). */
static void busy(sw_answer *a, int retry, const char *msg)
{
    a->text = NULL;
    a->json = NULL;
    a->retry = retry;
    sw_error(a, 503, msg);
}

void sw_budget_split(size_t memory, int quick_slots, int slow_workers, sw_budget *out)
{
    /* a sixteenth each for the cache and the uploads held at once, a
     * quarter for the quick lane (its solvers running and those kept),
     * three eighths for the slow lane and one for the variants' searches
     * (slow_workers of them at once); the last eighth is the program
     * itself, its threads' stacks, the connections' buffers and the boards
     * and answers being built.  (The variants once took the slow lane's
     * share each, as many at once as came: eight misere solves of grid:3x4
     * at once peaked at 69 to 73 MiB under --memory 64M.) */
    size_t slow = (size_t)(slow_workers > 0 ? slow_workers : 1);
    out->cache = memory / 16;
    out->bodies = memory / 16;
    out->quick_each = memory / 4 / (size_t)(2 * (quick_slots > 0 ? quick_slots : 1));
    out->slow_each = memory / 8 * 3 / slow;
    out->variant_each = memory / 8 / slow;
}

/* Lets go of j: frees it when nobody holds it any more.  Lock held. */
static void unref(job *j)
{
    if (--j->refs > 0)
        return;
    free(j->key);
    cy_board_free(j->q.b);
    free(j->q.mark);
    free(j->q.canon);
    free(j->a.text);
    json_decref(j->a.json);
    free(j);
}

/* Takes j out of the table (and the cache).  Lock held. */
static void drop(sw_work *w, job *j)
{
    if (!j->in_table)
        return;
    g_hash_table_remove(w->table, j->key);
    j->in_table = 0;
    if (j->in_lru) {
        g_queue_unlink(&w->lru, &j->lru);
        j->in_lru = 0;
        w->cache_bytes -= j->bytes;
    }
    unref(j);
}

/* Records answer a (taken over) for j, caches it as keep says, wakes the
 * requests waiting for it.  Lock held. */
static void finish(sw_work *w, job *j, sw_answer *a, int keep)
{
    j->a = *a;
    j->state = DONE;
    if (keep == SW_KEEP_NOT || !j->in_table) {
        drop(w, j);
    } else {
        j->expires = keep == SW_KEEP_A_WHILE ? mono() + SW_PARTIAL_TTL : 0;
        j->bytes = sizeof *j + strlen(j->key) + (j->a.text ? strlen(j->a.text) : 0) + 64 +
                   (j->a.json ? 4 * json_dumpb(j->a.json, NULL, 0, JSON_COMPACT) : 0);
        /* the board and marks are not needed any more */
        cy_board_free(j->q.b);
        free(j->q.mark);
        free(j->q.canon);
        j->q.b = NULL;
        j->q.mark = NULL;
        j->q.canon = NULL;
        j->lru.data = j;
        g_queue_push_tail_link(&w->lru, &j->lru);
        j->in_lru = 1;
        w->cache_bytes += j->bytes;
        while (w->cache_bytes > w->budget.cache && w->lru.head)
            drop(w, w->lru.head->data);
    }
    pthread_cond_broadcast(&w->done);
}

/* A copy of j's answer for one more request. */
static void copy_answer(const job *j, sw_answer *a, const char *how)
{
    *a = j->a;
    a->text = j->a.json ? NULL : sx_strdup(j->a.text ? j->a.text : "{}\n");
    /* a copy of its own, made under the lock: the request walks it in
     * place, and no two threads read one tree (jansson's trees are not
     * made for sharing) */
    a->json = j->a.json ? json_deep_copy(j->a.json) : NULL;
    a->how = how;
}

/* Seconds until a slow job queued now would be answered, roughly. */
static int slow_eta(const sw_work *w)
{
    int rounds = w->slow_count / lane_workers(w->slow) + 1;
    return (int)ceil(w->o.timeout * rounds);
}

/* The time job j's solve may take: its question's own limit when shorter
 * than the server's. */
static double job_timeout(const sw_work *w, const job *j)
{
    return j->q.timeout > 0 && j->q.timeout < w->o.timeout ? j->q.timeout : w->o.timeout;
}

/* A job on a worker of its lane (the slow lane's at nice SLOW_NICE):
 * solves it with its lane's memory and answers it. */
static void job_run(lane_job *lj, void *ctx)
{
    (void)ctx;
    job *j = (job *)lj;
    sw_work *w = j->w;
    pthread_mutex_lock(&w->lock);
    j->state = RUNNING;
    j->started = mono();
    if (!j->quick)
        w->running++;
    pthread_mutex_unlock(&w->lock);
    sw_answer a = {0, NULL, 0, NULL, NULL};
    int keep = w->o.solve(w->o.ctx, &j->q, j->quick, j->quick ? w->budget.quick_each : w->budget.slow_each,
                          job_timeout(w, j), &a);
    pthread_mutex_lock(&w->lock);
    if (j->quick) {
        w->st.solved_quick++;
    } else {
        w->running--;
        w->slow_count--;
        w->st.solved_slow++;
    }
    finish(w, j, &a, keep);
    unref(j); /* the lane's hold */
    pthread_mutex_unlock(&w->lock);
}

/* A job its lane drops unsolved (the server stops): answered 503. */
static void job_release(lane_job *lj)
{
    job *j = (job *)lj;
    sw_work *w = j->w;
    pthread_mutex_lock(&w->lock);
    if (!j->quick)
        w->slow_count--;
    sw_answer a;
    busy(&a, 1, "the server is stopping");
    finish(w, j, &a, SW_KEEP_NOT);
    unref(j);
    pthread_mutex_unlock(&w->lock);
}

sw_work *sw_new(const sw_opts *o)
{
    sw_work *w = sx_calloc(1, sizeof *w);
    w->o = *o;
    if (w->o.slow_workers < 1)
        w->o.slow_workers = 1;
    if (w->o.slow_queue < w->o.slow_workers)
        w->o.slow_queue = w->o.slow_workers;
    if (w->o.quick_slots < 1)
        w->o.quick_slots = 1;
    sw_budget_split(w->o.memory, w->o.quick_slots, w->o.slow_workers, &w->budget);
    pthread_mutex_init(&w->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->done, &ca);
    pthread_condattr_destroy(&ca);
    w->table = g_hash_table_new(g_str_hash, g_str_equal);
    g_queue_init(&w->lru);
    w->slow = lane_new(w->o.slow_workers, w->o.slow_queue, SLOW_NICE, NULL, NULL, NULL);
    w->quick = lane_new(w->o.quick_slots, QUICK_QUEUE * w->o.quick_slots, 0, NULL, NULL, NULL);
    if (!w->slow || !w->quick) {
        sw_free(w);
        return NULL;
    }
    return w;
}

void sw_stop(sw_work *w)
{
    pthread_mutex_lock(&w->lock);
    w->stopping = 1;
    pthread_cond_broadcast(&w->done);
    pthread_mutex_unlock(&w->lock);
    /* the questions still waiting for a worker are answered 503 */
    lane_stop(w->slow);
    lane_stop(w->quick);
}

void sw_free(sw_work *w)
{
    if (!w)
        return;
    sw_stop(w);
    lane_free(w->slow); /* each worker finishes its solve */
    lane_free(w->quick);
    pthread_mutex_lock(&w->lock);
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init(&it, w->table);
    GPtrArray *all = g_ptr_array_new();
    while (g_hash_table_iter_next(&it, &k, &v))
        g_ptr_array_add(all, v);
    for (guint i = 0; i < all->len; i++)
        drop(w, g_ptr_array_index(all, i));
    g_ptr_array_free(all, TRUE);
    pthread_mutex_unlock(&w->lock);
    g_hash_table_destroy(w->table);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->done);
    free(w);
}

/* Waits (lock held) until j is answered, stopping, or the time is past
 * deadline; fills *a with its answer or a 503.  Lets go of j. */
static void await(sw_work *w, job *j, double deadline, const char *how, sw_answer *a)
{
    while (j->state != DONE && !w->stopping)
        if (wait_until(&w->done, &w->lock, deadline) == ETIMEDOUT)
            break;
    if (j->state == DONE) {
        copy_answer(j, a, how);
    } else if (w->stopping) {
        busy(a, 1, "the server is stopping");
    } else {
        double now = mono();
        int retry = j->state == RUNNING ? (int)ceil(j->started + job_timeout(w, j) - now) + 1
                    : j->quick          ? 1
                                        : slow_eta(w);
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the answer is not ready yet (the server is busy); it will be kept: ask again "
                 "in %d s",
                 retry > 0 ? retry : 1);
        busy(a, retry, msg);
        w->st.refused++;
    }
    unref(j);
}

/* A new job for question q (taken over) of key, in the table, for the quick
 * or the slow lane, held by the table, the lane and the request.  Lock
 * held. */
static job *new_job(sw_work *w, const char *key, sw_question *q, int quick)
{
    job *j = sx_calloc(1, sizeof *j);
    j->key = sx_strdup(key);
    j->q = *q;
    q->b = NULL;
    q->mark = NULL;
    q->canon = NULL;
    j->refs = 3; /* the table's, the lane's and this request's */
    j->in_table = 1;
    j->w = w;
    j->quick = quick;
    j->lj.run = job_run;
    j->lj.release = job_release;
    g_hash_table_insert(w->table, j->key, j);
    return j;
}

void sw_answer_question(sw_work *w, const char *key, int quick, sw_question *q, sw_answer *a)
{
    double now = mono();
    memset(a, 0, sizeof *a);
    pthread_mutex_lock(&w->lock);
    job *j = w->stopping ? NULL : g_hash_table_lookup(w->table, key);
    if (j && j->state == DONE && j->expires && now >= j->expires) {
        drop(w, j);
        j = NULL;
    }
    if (w->stopping) {
        busy(a, 1, "the server is stopping");
    } else if (j && j->state == DONE) {
        /* the cache: most recently used goes to the back */
        g_queue_unlink(&w->lru, &j->lru);
        g_queue_push_tail_link(&w->lru, &j->lru);
        copy_answer(j, a, "cached");
        w->st.hits++;
    } else if (j) {
        /* the same question is being solved: wait for that answer */
        j->refs++;
        w->st.shared++;
        await(w, j, now + 2 * w->o.timeout + 1, "shared", a);
    } else if (quick) {
        j = new_job(w, key, q, 1);
        if (lane_submit(w->quick, &j->lj) < 0) {
            /* the quick lane's queue is full, or the server is stopping */
            unref(j); /* the lane's hold, which it did not take */
            sw_answer b;
            busy(&b, 1,
                 w->stopping ? "the server is stopping"
                             : "the server is busy with quick questions; try "
                               "again in a second");
            w->st.refused++;
            finish(w, j, &b, SW_KEEP_NOT);
            copy_answer(j, a, NULL);
            unref(j);
        } else {
            await(w, j, now + QUICK_WAIT + job_timeout(w, j) + 1, "solved", a);
        }
    } else if (w->slow_count >= w->o.slow_queue) {
        char msg[200];
        int retry = slow_eta(w);
        snprintf(msg, sizeof msg, "the server is busy with %d other solves; try again in %d s", w->slow_count, retry);
        busy(a, retry, msg);
        w->st.refused++;
    } else {
        j = new_job(w, key, q, 0);
        w->slow_count++;
        if (lane_submit(w->slow, &j->lj) < 0) {
            /* the lane is stopping (the count above leaves room otherwise) */
            w->slow_count--;
            sw_answer b;
            busy(&b, 1, "the server is stopping");
            finish(w, j, &b, SW_KEEP_NOT);
            unref(j);
        }
        await(w, j, now + 2 * w->o.timeout + 1, "solved", a);
    }
    pthread_mutex_unlock(&w->lock);
    cy_board_free(q->b);
    free(q->mark);
    free(q->canon);
    q->b = NULL;
    q->mark = NULL;
    q->canon = NULL;
}

int sw_cached(sw_work *w, const char *key, sw_answer *a)
{
    memset(a, 0, sizeof *a);
    pthread_mutex_lock(&w->lock);
    job *j = w->stopping ? NULL : g_hash_table_lookup(w->table, key);
    int hit = j && j->state == DONE && (!j->expires || mono() < j->expires);
    if (hit) {
        g_queue_unlink(&w->lru, &j->lru);
        g_queue_push_tail_link(&w->lru, &j->lru);
        copy_answer(j, a, "cached");
        w->st.hits++;
    }
    pthread_mutex_unlock(&w->lock);
    return hit;
}

void sw_stats_get(sw_work *w, sw_stats *st)
{
    pthread_mutex_lock(&w->lock);
    *st = w->st;
    st->cache_bytes = w->cache_bytes;
    st->cache_entries = w->lru.length;
    st->queued = w->slow_count - w->running;
    st->running = w->running;
    pthread_mutex_unlock(&w->lock);
}
