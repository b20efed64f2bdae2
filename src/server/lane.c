/*
 * lane.c - the server's bounded work lanes (see lane.h).  One mutex guards
 * the queue and the counts; jobs run outside it.
 */
#include "lane.h"

#include "server_util.h"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef struct worker {
    lane *l;
    void *ctx;
    pthread_t t;
    int started;
} worker;

struct lane {
    pthread_mutex_t lock;
    pthread_cond_t work;   /* a job was queued, or stopping */
    lane_job *head, *tail; /* waiting */
    int queue_max, count;  /* jobs accepted: waiting and running */
    int running;
    int nice;
    int stopping;
    unsigned long long refused;
    worker *w;
    int nw;
    void (*close)(void *ctx);
};

/* A worker: runs queued jobs, one at a time, until stopping. */
static void *worker_main(void *arg)
{
    worker *w = arg;
    lane *l = w->l;
    if (l->nice)
        /* nice is per thread on Linux; raising it needs no privilege */
        setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), l->nice);
    pthread_mutex_lock(&l->lock);
    for (;;) {
        while (!l->stopping && !l->head)
            pthread_cond_wait(&l->work, &l->lock);
        if (l->stopping)
            break;
        lane_job *j = l->head;
        l->head = j->next;
        if (!l->head)
            l->tail = NULL;
        l->running++;
        pthread_mutex_unlock(&l->lock);
        j->run(j, w->ctx);
        cy_nauty_thread_done();
        pthread_mutex_lock(&l->lock);
        l->running--;
        l->count--;
    }
    pthread_mutex_unlock(&l->lock);
    cy_nauty_thread_done();
    return NULL;
}

lane *lane_new(int workers, int queue, int nice, void *(*open)(void *arg, int i), void (*close)(void *worker), void *arg)
{
    lane *l = sx_calloc(1, sizeof *l);
    l->nw = workers > 0 ? workers : 1;
    l->queue_max = queue > l->nw ? queue : l->nw;
    l->nice = nice;
    l->close = close;
    pthread_mutex_init(&l->lock, NULL);
    pthread_cond_init(&l->work, NULL);
    l->w = sx_calloc((size_t)l->nw, sizeof *l->w);
    for (int i = 0; i < l->nw; i++) {
        l->w[i].l = l;
        if (open && !(l->w[i].ctx = open(arg, i))) {
            lane_free(l);
            return NULL;
        }
    }
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)8 << 20);
    for (int i = 0; i < l->nw; i++) {
        if (pthread_create(&l->w[i].t, &at, worker_main, &l->w[i]) != 0) {
            pthread_attr_destroy(&at);
            lane_free(l);
            return NULL;
        }
        l->w[i].started = 1;
    }
    pthread_attr_destroy(&at);
    return l;
}

int lane_submit(lane *l, lane_job *j)
{
    pthread_mutex_lock(&l->lock);
    if (l->stopping || l->count >= l->queue_max) {
        l->refused++;
        pthread_mutex_unlock(&l->lock);
        return -1;
    }
    j->next = NULL;
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
    l->count++;
    pthread_cond_signal(&l->work);
    pthread_mutex_unlock(&l->lock);
    return 0;
}

void lane_counts(lane *l, int *queued, int *running, unsigned long long *refused)
{
    pthread_mutex_lock(&l->lock);
    if (queued)
        *queued = l->count - l->running;
    if (running)
        *running = l->running;
    if (refused)
        *refused = l->refused;
    pthread_mutex_unlock(&l->lock);
}

int lane_workers(const lane *l)
{
    return l->nw;
}

/* Marks l stopping and takes its waiting jobs, which the caller releases
 * (outside the lock: a release may take its owner's lock). */
static lane_job *stop_and_take(lane *l)
{
    pthread_mutex_lock(&l->lock);
    l->stopping = 1;
    lane_job *j = l->head;
    for (lane_job *k = j; k; k = k->next)
        l->count--;
    l->head = l->tail = NULL;
    pthread_cond_broadcast(&l->work);
    pthread_mutex_unlock(&l->lock);
    return j;
}

/* Releases the jobs of list j. */
static void release_all(lane_job *j)
{
    while (j) {
        lane_job *next = j->next;
        j->release(j);
        j = next;
    }
}

void lane_stop(lane *l)
{
    if (l)
        release_all(stop_and_take(l));
}

void lane_free(lane *l)
{
    if (!l)
        return;
    release_all(stop_and_take(l));
    for (int i = 0; i < l->nw; i++)
        if (l->w[i].started)
            pthread_join(l->w[i].t, NULL);
    for (int i = 0; i < l->nw; i++)
        if (l->w[i].ctx && l->close)
            l->close(l->w[i].ctx);
    pthread_mutex_destroy(&l->lock);
    pthread_cond_destroy(&l->work);
    free(l->w);
    free(l);
}
