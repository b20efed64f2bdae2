/*
 * server_census.h - the census explorer of `cycles serve --census FILE`
 * (src/server/server_census.c): GET /api/census on a census database, read only,
 * in a bounded lane of its own.  Not public API: server.c is its only user.
 */
#ifndef CYCLES_SERVER_CENSUS_H
#define CYCLES_SERVER_CENSUS_H

#include "server_work.h"

struct MHD_Connection;

/* The longest a census query may run: CPU seconds of its thread (the lane
 * runs at a lower priority, so on a busy machine its queries wait for the
 * processor) and wall seconds; past either it is stopped and answered 503. */
#define SCEN_QUERY_SECONDS 3.0
#define SCEN_QUERY_WALL 30.0
/* Rows a page holds at most, and by default. */
#define SCEN_MAX_LIMIT 200
#define SCEN_DEFAULT_LIMIT 50

typedef struct scen scen;

/* Opens the census database at path read only (SQLITE_OPEN_READONLY), one
 * connection for each of workers lane threads (at a lower CPU priority, as
 * the slow lane's), which answer at most queue queries waiting and running
 * at once.  NULL with a message naming the file when it is not a census
 * database of schema 3 or cannot be read. */
scen *scen_open(const char *path, int workers, int queue, cy_error *err);
/* Makes requests waiting for the lane give up (503) and refuses new ones,
 * so that the connections' threads can end.  NULL is fine. */
void scen_stop(scen *s);
/* Stops (scen_stop), joins the threads and closes the connections; no
 * request may be in scen_answer any more.  NULL is fine. */
void scen_close(scen *s);

/* Answers GET /api/census on connection c into *a: {"total", "offset",
 * "limit", "rows": [...], "census_rules": [the rule sets it has]}
 * (docs/browser.md), 400 naming the bad parameter,
 * 404 when s is NULL (no --census), 503 when the lane is full or the query
 * ran out of time. */
void scen_answer(scen *s, struct MHD_Connection *c, sw_answer *a);

#endif
