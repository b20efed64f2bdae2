/*
 * run.c - running the census: units of work, batches in transactions,
 * resuming, progress on stderr.
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the visitor of one unit carries. */
typedef struct unit_ctx {
    census_store *s;
    const census_run_opts *o;
    census_unit u;
    int64_t index;    /* items seen in this enumeration */
    int64_t in_batch; /* rows solved and not yet written */
    census_row *rows; /* them */
    int64_t rows_cap;
    double batch_start; /* when the open batch began */
    double batch_cpu;   /* the process's CPU time then */
    double t0;          /* when this run of the unit began */
    int64_t start_done; /* u.done when it began */
    double estimate;    /* boards expected in the unit, 0: unknown */
    double last_progress;
    int tty;
    cy_error *err;
    int stopped; /* stop_after reached */
} unit_ctx;

/* Clears a progress line on a terminal. */
static void progress_clear(unit_ctx *c)
{
    if (c->tty && !c->o->quiet)
        fputs("\r\033[K", stderr);
}

/* Prints progress: boards done, rate and ETA for the unit, at most four times
 * a second on a terminal and every 10 s otherwise. */
static void progress(unit_ctx *c, int final)
{
    if (c->o->quiet)
        return;
    double now = census_now();
    if (!final && now - c->last_progress < (c->tty ? 0.25 : 10))
        return;
    c->last_progress = now;
    double el = now - c->t0;
    int64_t run = c->u.done + c->in_batch - c->start_done;
    double rate = el > 0 ? (double)run / el : 0;
    char eta[64] = "ETA unknown";
    if (c->estimate > 0 && rate > 0) {
        double left = (c->estimate - (double)(c->u.done + c->in_batch)) / rate;
        snprintf(eta, sizeof eta, "ETA ~%.0f s (from the growth of the last edge counts)", left > 0 ? left : 0);
    }
    if (final) {
        progress_clear(c);
        fprintf(stderr,
                "census: %ss of %d edge%s, %s rules, part %d/%d: %lld board%s, %.1f s (%.1f CPU s), %.0f boards/s%s\n",
                CY_CENSUS_KIND(c->o->trees), c->u.edges, c->u.edges == 1 ? "" : "s", c->u.rules, c->u.part, c->u.parts,
                (long long)c->u.done, c->u.done == 1 ? "" : "s", c->u.seconds, c->u.cpu_seconds,
                c->u.seconds > 0 ? (double)c->u.done / c->u.seconds : 0.0,
                c->u.done > c->start_done && c->start_done ? " (resumed)" : "");
        return;
    }
    if (c->tty)
        fputs("\r\033[K", stderr);
    long long n = (long long)(c->u.done + c->in_batch);
    fprintf(stderr, "census: %ss of %d edge%s, part %d/%d: %lld board%s, %.0f boards/s, %s%s",
            CY_CENSUS_KIND(c->o->trees), c->u.edges, c->u.edges == 1 ? "" : "s", c->u.part, c->u.parts, n,
            n == 1 ? "" : "s", rate, eta, c->tty ? "" : "\n");
    fflush(stderr);
}

/* Frees the rows of the open batch (uncommitted ones are lost). */
static void batch_drop(unit_ctx *c)
{
    for (int64_t i = 0; i < c->in_batch; i++)
        census_row_free(&c->rows[i]);
    c->in_batch = 0;
}

/* Writes the open batch (solved in memory) with the unit's progress in one
 * transaction that takes the write lock at once (BEGIN IMMEDIATE: waiting
 * for other writers by the busy timeout, never failing on a stale
 * snapshot), and starts the next batch.  The unit as the database has it
 * must be where this run left it: else another process runs it too. */
static int commit_batch(unit_ctx *c, int finished)
{
    double now = census_now(), cpu = census_cpu();
    census_unit u = c->u;
    u.done += c->in_batch;
    u.seconds += now - c->batch_start;
    u.cpu_seconds += cpu - c->batch_cpu;
    u.finished = finished;
    if (census_exec(c->s, "BEGIN IMMEDIATE", c->err) < 0)
        return -1;
    census_unit there = c->u;
    int rc = census_unit_get(c->s, &there, c->err);
    if (rc >= 0 && (there.done != c->u.done || there.finished))
        rc = cy_error_set(c->err, "another run writes the %ss of %d edges, part %d/%d (%s rules) into this database",
                          CY_CENSUS_KIND(c->u.trees), c->u.edges, c->u.part, c->u.parts, c->u.rules);
    for (int64_t i = 0; rc >= 0 && i < c->in_batch; i++)
        rc = census_store_put(c->s, &c->rows[i], c->err);
    if (rc < 0 || census_unit_put(c->s, &u, c->err) < 0 || census_exec(c->s, "COMMIT", c->err) < 0) {
        census_exec(c->s, "ROLLBACK", NULL);
        return -1;
    }
    batch_drop(c);
    c->u = u;
    c->batch_start = now;
    c->batch_cpu = cpu;
    return 0;
}

static int visit(const census_item *it, void *ctx)
{
    unit_ctx *c = ctx;
    if (c->index++ < c->u.done)
        return 0; /* committed by an earlier run */
    if (cy_interrupted())
        return 1; /* run_unit writes the batch so far */
    if (c->in_batch == c->rows_cap) {
        int64_t cap = c->rows_cap ? 2 * c->rows_cap : 256;
        census_row *rows = realloc(c->rows, sizeof *rows * (size_t)cap);
        if (!rows)
            return cy_error_set(c->err, "out of memory");
        c->rows = rows;
        c->rows_cap = cap;
    }
    if (census_board_row(it->board, it->graph6, it->code, c->o->trees, &c->o->solve, &c->rows[c->in_batch], c->err) < 0)
        return -1;
    if (cy_interrupted()) {
        /* the interrupt may have cut this board's solve short: it is
         * solved again on resuming */
        census_row_free(&c->rows[c->in_batch]);
        return 1;
    }
    c->in_batch++;
    if (c->o->stop_after && c->u.done + c->in_batch - c->start_done >= c->o->stop_after) {
        c->stopped = 1;
        return 1; /* as if killed: the open batch is lost */
    }
    int batch = c->o->batch > 0 ? c->o->batch : 2000;
    if ((c->in_batch >= batch || census_now() - c->batch_start > 2) && commit_batch(c, 0) < 0)
        return -1;
    progress(c, 0);
    return 0;
}

/* Boards expected in unit u from the finished earlier edge counts of the same
 * kind and split (n(e-1)^2 / n(e-2)), or 0 when they are not there. */
static double estimate(census_store *s, const census_unit *u)
{
    double n[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        census_unit v = *u;
        v.edges = u->edges - 1 - k;
        cy_error err;
        if (v.edges < 1 || census_unit_get(s, &v, &err) != 1 || !v.finished)
            return 0;
        n[k] = (double)v.done;
    }
    return n[1] > 0 ? n[0] * n[0] / n[1] : 0;
}

/* census_run_unit with o's table. */
static int run_unit(census_store *s, const census_run_opts *o, int edges, int part, int parts, cy_error *err)
{
    unit_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.o = o;
    c.err = err;
    c.u.trees = o->trees;
    c.u.edges = edges;
    c.u.part = part;
    c.u.parts = parts;
    census_rules_key(&o->solve.rules, c.u.rules);
    c.tty = isatty(2);
    if (census_unit_get(s, &c.u, err) < 0)
        return -1;
    if (c.u.finished)
        return 0;
    c.start_done = c.u.done;
    c.estimate = estimate(s, &c.u);
    c.t0 = c.batch_start = c.last_progress = census_now();
    c.batch_cpu = census_cpu();
    census_enum_opts eo = {edges, o->trees, part, parts};
    int rc = (o->enumerate ? o->enumerate : census_enumerate)(&eo, visit, &c, err);
    if (rc != 0 && !c.stopped && cy_interrupted()) {
        /* SIGINT or SIGTERM (cy_interrupt): the boards solved so far are
         * written, and --resume goes on after them (the enumeration's tools
         * may have died of the same signal: what they wrote was complete) */
        rc = commit_batch(&c, 0) < 0 ? -1 : 2;
        batch_drop(&c);
        free(c.rows);
        progress_clear(&c);
        return rc;
    }
    if (rc == 0 && c.index < c.u.done)
        rc = cy_error_set(err, "the database holds %lld boards of %d edges, part %d/%d, but there are only %lld",
                          (long long)c.u.done, edges, part, parts, (long long)c.index);
    if (rc == 0 && commit_batch(&c, 1) < 0)
        rc = -1;
    batch_drop(&c);
    free(c.rows);
    if (rc != 0) {
        progress_clear(&c);
        return c.stopped ? 1 : -1;
    }
    progress(&c, 1);
    return 0;
}

/* The table of a run's boards: o's own, or a new one in *mine (NULL on
 * error) put into a copy *oo of o. */
static const census_run_opts *with_table(const census_run_opts *o, census_run_opts *oo, cy_table **mine, cy_error *err)
{
    *mine = NULL;
    if (o->solve.table)
        return o;
    *oo = *o;
    *mine = cy_table_new(o->solve.memory ? o->solve.memory : (size_t)CY_CENSUS_MEMORY_MIB << 20, err);
    oo->solve.table = *mine;
    return *mine ? oo : NULL;
}

int census_run_unit(census_store *s, const census_run_opts *o, int edges, int part, int parts, cy_error *err)
{
    census_run_opts oo;
    cy_table *mine;
    if (!(o = with_table(o, &oo, &mine, err)))
        return -1;
    int rc = run_unit(s, o, edges, part, parts, err);
    cy_table_free(mine);
    return rc;
}

int census_unit_check(census_store *s, const census_run_opts *o, int edges, int part, int parts, cy_error *err)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(s), "SELECT part, parts FROM units WHERE kind = ? AND rules = ? AND edges = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return cy_error_set(err, "%s", sqlite3_errmsg(census_store_db(s)));
    sqlite3_bind_text(st, 1, CY_CENSUS_KIND(o->trees), -1, SQLITE_STATIC);
    char key[24];
    sqlite3_bind_text(st, 2, census_rules_key(&o->solve.rules, key), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, edges);
    int rc = 0;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        int p = sqlite3_column_int(st, 0), m = sqlite3_column_int(st, 1);
        if (m != parts)
            rc = cy_error_set(err, "it holds the %ss of %d edges (%s rules) split in %d parts, not %d",
                              CY_CENSUS_KIND(o->trees), edges, key, m, parts);
        else if (p == part && !o->resume)
            rc = cy_error_set(err, "it holds %ss of %d edges (part %d/%d, %s rules) already (--resume goes on with them)",
                              CY_CENSUS_KIND(o->trees), edges, part, parts, key);
    }
    sqlite3_finalize(st);
    return rc;
}

static int run_units(census_store *s, const census_run_opts *o, int part, int parts, cy_error *err);

int census_run(census_store *s, const census_run_opts *o, cy_error *err)
{
    int parts = o->parts > 1 ? o->parts : 1, part = o->parts > 1 ? o->part : 0;
    if (o->lo < 1 || o->hi < o->lo)
        return cy_error_set(err, "the edge counts must be a range A..B with 1 <= A <= B");
    if (part < 0 || part >= parts)
        return cy_error_set(err, "part %d of %d does not exist", part, parts);
    if (census_store_writable(s, err) < 0)
        return -1;
    for (int e = o->lo; e <= o->hi; e++)
        if (census_unit_check(s, o, e, part, parts, err) < 0)
            return -1;
    census_run_opts oo;
    cy_table *mine;
    if (!(o = with_table(o, &oo, &mine, err)))
        return -1;
    int rc = run_units(s, o, part, parts, err);
    cy_table_free(mine);
    return rc;
}

/* The units of census_run, with o's table. */
static int run_units(census_store *s, const census_run_opts *o, int part, int parts, cy_error *err)
{
    int64_t left = o->stop_after;
    for (int e = o->lo; e <= o->hi; e++) {
        census_run_opts oo = *o;
        census_unit u = {o->trees, e, part, parts, 0, 0, 0, 0, ""};
        census_rules_key(&o->solve.rules, u.rules);
        if (o->stop_after) {
            /* testing: stop once o->stop_after boards are handled in all */
            if (left <= 0)
                return 1;
            if (census_unit_get(s, &u, err) < 0)
                return -1;
            oo.stop_after = (int)left;
        }
        int rc = census_run_unit(s, &oo, e, part, parts, err);
        if (rc != 0)
            return rc;
        if (o->stop_after) {
            int64_t before = u.done;
            if (census_unit_get(s, &u, err) < 0)
                return -1;
            left -= u.done - before;
        }
    }
    return 0;
}
