/*
 * census_mpi.c - cycles-census-mpi: the census spread over MPI ranks.
 *
 *   mpirun -n K cycles-census-mpi --edges A..B --db FILE [--trees] [--parts M]
 *          [--resume] [--timeout S] [--memory SIZE] [--quiet]
 *
 * Each edge count is split into M parts (default 16), the units of work of
 * `cycles census run --part R/M`.  Rank 0 owns the database: it hands out
 * units one at a time to whichever rank asks next, and each rank runs its
 * unit into a database in memory and sends it back whole (sqlite3_serialize);
 * rank 0 absorbs it in one transaction, unit row included.  So the database
 * has the rows a single process would write, a run killed at any moment
 * keeps every unit absorbed, and --resume hands out only the units missing.
 * With one rank, rank 0 does the work itself.
 */
#include "census.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_READY = 1, TAG_RESULT = 2, TAG_FAIL = 3, TAG_WORK = 4, TAG_STOP = 5 };

#define USAGE                                                                                                          \
    "usage: cycles-census-mpi --edges A..B --db FILE [--trees] [--parts M] [--resume] [--timeout S] [--memory SIZE] [--quiet] [--rules NAME] [--players K] [--extra-turn]"

/* The table all the units of this rank share (NULL: each unit makes its own). */
static cy_table *rank_table(const census_run_opts *o)
{
    cy_error err;
    return cy_table_new(o->solve.memory ? o->solve.memory : (size_t)256 << 20, &err);
}

/* A worker: runs the units rank 0 sends until told to stop, all on one
 * table. */
static int worker(const census_run_opts *o)
{
    cy_table *table = rank_table(o);
    MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
    for (;;) {
        int unit[2];
        MPI_Status st;
        MPI_Recv(unit, 2, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG == TAG_STOP) {
            cy_table_free(table);
            return 0;
        }
        cy_error err;
        census_store *s = census_store_open(":memory:", 1, &err);
        census_run_opts ro = *o;
        ro.quiet = 1;
        ro.solve.table = table;
        int rc = s ? census_run_unit(s, &ro, unit[0], unit[1], o->parts, &err) : -1;
        if (rc != 0) {
            MPI_Send(err.msg, (int)strlen(err.msg) + 1, MPI_CHAR, 0, TAG_FAIL, MPI_COMM_WORLD);
            census_store_close(s);
            continue;
        }
        sqlite3_int64 size = 0;
        unsigned char *bytes = sqlite3_serialize(census_store_db(s), "main", &size, 0);
        census_store_close(s);
        if (!bytes || size > 2000000000) {
            snprintf(err.msg, sizeof err.msg, "a unit's database is too large to send (%lld bytes): use more --parts",
                     (long long)size);
            MPI_Send(err.msg, (int)strlen(err.msg) + 1, MPI_CHAR, 0, TAG_FAIL, MPI_COMM_WORLD);
            sqlite3_free(bytes);
            continue;
        }
        MPI_Send(bytes, (int)size, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
        sqlite3_free(bytes);
    }
}

/* Rank 0: hands out the units (edges, part) not yet finished and absorbs
 * the results.  Returns the exit status. */
static int leader(census_store *s, const census_run_opts *o, int ranks, const char *db)
{
    int parts = o->parts, total = 0, next = 0, done = 0, failed = 0;
    int(*units)[2] = malloc(sizeof *units * (size_t)(o->hi - o->lo + 1) * (size_t)parts);
    cy_error err;
    for (int e = o->lo; e <= o->hi; e++)
        for (int p = 0; p < parts; p++) {
            census_unit u = {o->trees, e, p, parts, 0, 0, 0, 0, ""};
            census_rules_key(&o->solve.rules, u.rules);
            if (census_unit_get(s, &u, &err) < 0) {
                fprintf(stderr, "cycles-census-mpi: %s: %s\n", db, err.msg);
                free(units);
                return -1;
            }
            if (!u.finished) {
                units[total][0] = e;
                units[total][1] = p;
                total++;
            }
        }
    double t0 = census_now();
    if (ranks == 1) {
        census_run_opts ro = *o;
        ro.solve.table = rank_table(o);
        for (int i = 0; i < total && !failed; i++)
            if (census_run_unit(s, &ro, units[i][0], units[i][1], parts, &err) != 0) {
                fprintf(stderr, "cycles-census-mpi: %s: %s\n", db, err.msg);
                failed = 1;
            }
        cy_table_free(ro.solve.table);
        free(units);
        return failed ? -1 : 0;
    }
    int active = ranks - 1;
    unsigned char *buf = NULL;
    size_t cap = 0;
    while (active > 0) {
        MPI_Status st;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        int n;
        MPI_Get_count(&st, MPI_BYTE, &n);
        if ((size_t)n + 1 > cap) {
            cap = (size_t)n + 1;
            free(buf);
            buf = malloc(cap);
        }
        MPI_Recv(buf, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == TAG_RESULT) {
            char name[64];
            snprintf(name, sizeof name, "the unit of rank %d", st.MPI_SOURCE);
            if (census_absorb_bytes(s, name, buf, (size_t)n, &err) < 0) {
                fprintf(stderr, "cycles-census-mpi: %s: %s\n", db, err.msg);
                failed = 1;
            }
            done++;
            if (!o->quiet)
                fprintf(stderr, "census-mpi: %d of %d units done, %.1f s\n", done, total, census_now() - t0);
        } else if (st.MPI_TAG == TAG_FAIL) {
            buf[n] = 0;
            fprintf(stderr, "cycles-census-mpi: %s: rank %d: %s\n", db, st.MPI_SOURCE, (char *)buf);
            failed = 1;
        }
        if (next < total && !failed) {
            MPI_Send(units[next], 2, MPI_INT, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
            next++;
        } else {
            MPI_Send(NULL, 0, MPI_INT, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
            active--;
        }
    }
    free(buf);
    free(units);
    return failed ? -1 : 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            if (rank == 0)
                printf("%s\n", USAGE);
            MPI_Finalize();
            return 0;
        }
    census_args a;
    cy_error err;
    int status =
        census_parse_args(argc, argv, 1,
                          "edges db trees parts resume timeout memory quiet batch rules players extra-turn", &a, &err);
    if (!status && a.npos)
        status = census_usage_error(&err, "unexpected argument \"%s\" (" USAGE ")", a.pos[0]);
    if (!status && (!a.have_edges || !a.db))
        status = census_usage_error(&err, "%s--edges A..B and --db FILE are required (" USAGE ")", "");
    if (status) {
        if (rank == 0)
            fprintf(stderr, "cycles-census-mpi: %s\n", err.msg);
        MPI_Finalize();
        return status;
    }
    census_run_opts o = a.run;
    o.lo = a.lo;
    o.hi = a.hi;
    o.parts = o.parts ? o.parts : 16;
    o.part = 0;
    /* rank 0 opens and checks the database and says whether to go on */
    census_store *s = NULL;
    int ok = 1;
    if (rank == 0) {
        s = census_store_open(a.db, 1, &err);
        if (s && census_store_writable(s, &err) < 0)
            ok = 0;
        for (int e = o.lo; s && e <= o.hi && ok; e++)
            for (int p = 0; p < o.parts && ok; p++)
                ok = census_unit_check(s, &o, e, p, o.parts, &err) == 0;
        if (!s || !ok) {
            fprintf(stderr, "cycles-census-mpi: %s: %s\n", a.db, err.msg);
            ok = 0;
        }
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok) {
        census_store_close(s);
        MPI_Finalize();
        return 1;
    }
    if (rank == 0) {
        double t0 = census_now();
        status = leader(s, &o, ranks, a.db) < 0 ? 1 : 0;
        census_store_close(s);
        if (!status && !o.quiet)
            fprintf(stderr, "census-mpi: %ss of %d to %d edges in %s in %.1f s on %d ranks\n", CY_CENSUS_KIND(o.trees),
                    o.lo, o.hi, a.db, census_now() - t0, ranks);
    } else
        worker(&o);
    MPI_Finalize();
    return status;
}
