/*
 * lane.h - the server's one kind of bounded work lane (src/server/lane.c):
 * a fixed set of worker threads at a given CPU priority and a bounded queue
 * of jobs; a job that finds the lane full is refused at once, and the
 * caller answers 503 with Retry-After.  The solves' quick and slow lanes,
 * the census queries and the pictures of /api/export each run in one.
 */
#ifndef CYCLES_SERVER_LANE_H
#define CYCLES_SERVER_LANE_H

/* A job: run on a worker with that worker's context (lane_new's open), or
 * released without running when the lane stops first.  Embedded in the
 * caller's own job, which says when it is done and frees itself. */
typedef struct lane_job {
    void (*run)(struct lane_job *j, void *worker);
    void (*release)(struct lane_job *j);
    struct lane_job *next;
} lane_job;

typedef struct lane lane;

/* Starts workers threads at nice level nice, each with the context
 * open(arg, i) (NULL open: none; an open that returns NULL fails the lane),
 * accepting at most queue jobs waiting and running at once.  NULL when a
 * thread or a context cannot be made. */
lane *lane_new(int workers, int queue, int nice, void *(*open)(void *arg, int i), void (*close)(void *worker), void *arg);
/* Queues j; 0, or -1 when the lane is full or stopping (j untouched; the
 * refusal is counted). */
int lane_submit(lane *l, lane_job *j);
/* Jobs waiting and running now, and refused so far. */
void lane_counts(lane *l, int *queued, int *running, unsigned long long *refused);
/* The workers (at least 1). */
int lane_workers(const lane *l);
/* Refuses new jobs; the workers end after the job each is running, and the
 * jobs still waiting are released.  NULL is fine. */
void lane_stop(lane *l);
/* Stops the lane, joins its workers, closes their contexts, frees it.
 * NULL is fine. */
void lane_free(lane *l);

#endif
