/*
 * solve_mpi.c - cycles-solve-mpi: the jobs of a split solve run over MPI.
 *
 *   cycles solve BOARD --split-depth D -o DIR
 *   mpirun -n K cycles-solve-mpi DIR [--no-grundy] [--timeout S]
 *          [--memory SIZE] [--threads N] [--quiet]
 *   cycles solve --from-jobs DIR
 *
 * DIR is a split directory (src/cli/split.c): split.json says how many jobs
 * there are, jobs/job-NNNNNN.json holds each job's board and moves, and
 * results/ receives each job's answer under the job's own name, the JSON
 * that `cycles solve JOB --json --no-replies` writes, which --from-jobs reads.
 *
 * Rank 0 owns DIR: it reads each job file, hands the text out to whichever
 * rank asks next, and writes the answer that comes back (a temporary file
 * renamed, so a run killed at any moment leaves only whole answers).  The
 * other ranks need no shared file system.  Jobs that already have a complete
 * answer are skipped, so running the command again after an interruption
 * goes on where it stopped.  With one rank, rank 0 solves the jobs itself.
 *
 * Exit status: 0 when every job has a complete answer, 2 for a usage error
 * or when some answers are partial (--timeout or --memory ran out: run again
 * with more), 1 for a directory or job that cannot be read or written.
 */
#include <cycles.h>

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { TAG_READY = 1, TAG_RESULT = 2, TAG_FAIL = 3, TAG_WORK = 4, TAG_STOP = 5 };
enum { ST_DONE = 0, ST_FAIL = 1, ST_PARTIAL = 2 };

#define PROG "cycles-solve-mpi"
#define USAGE                                                                                                          \
    "usage: " PROG " DIR [--no-grundy] [--timeout S] [--memory SIZE] [--threads N] [--quiet]\n"                        \
    "  DIR is a directory written by `cycles solve BOARD --split-depth D -o DIR`;\n"                                   \
    "  each job's answer goes to DIR/results; then `cycles solve --from-jobs DIR`"

typedef struct opts {
    const char *dir;
    cy_solver_opts solver;
    int quiet;
} opts;

/* Parses the command line into o; 0, or 2 after a usage message (printed by
 * rank 0 only). */
static int parse(int argc, char **argv, int rank, opts *o)
{
    static const struct option longs[] = {{"no-grundy", no_argument, NULL, 'g'},
                                          {"timeout", required_argument, NULL, 't'},
                                          {"memory", required_argument, NULL, 'm'},
                                          {"threads", required_argument, NULL, 'j'},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    memset(o, 0, sizeof *o);
    o->solver.threads = 1;
    opterr = 0;
    int c;
    char *end;
    int seen_t = 0, seen_m = 0, seen_j = 0;
    while ((c = getopt_long(argc, argv, "hq", longs, NULL)) != -1) {
        const char *bad = NULL;
        /* an option with a value says one thing: a second one is refused */
        int *seen = c == 't' ? &seen_t : c == 'm' ? &seen_m : c == 'j' ? &seen_j : NULL;
        if (seen && (*seen)++)
            c = 'r' + 256 * c;
        switch (c) {
        case 'r' + 256 * 't':
            bad = "--timeout is given twice; give it once";
            break;
        case 'r' + 256 * 'm':
            bad = "--memory is given twice; give it once";
            break;
        case 'r' + 256 * 'j':
            bad = "--threads is given twice; give it once";
            break;
        case 'g':
            o->solver.no_grundy = 1;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 't':
            errno = 0;
            o->solver.timeout = strtod(optarg, &end);
            if (!((optarg[0] >= '0' && optarg[0] <= '9') || optarg[0] == '.') || strpbrk(optarg, "xX") ||
                end == optarg || *end || errno || !(o->solver.timeout > 0) || o->solver.timeout > 1e9)
                bad = "--timeout wants a positive number of seconds";
            break;
        case 'm':
            if (cy_parse_size(optarg, &o->solver.memory) < 0)
                bad = "--memory wants a size such as 512M or 2G";
            else if (o->solver.memory < ((size_t)1 << 20))
                bad = "--memory is at least 1M"; /* as cycles solve */
            break;
        case 'j': {
            errno = 0;
            long n = strtol(optarg, &end, 10);
            if (optarg[0] < '0' || optarg[0] > '9' || end == optarg || *end || errno || n < 1 || n > 256)
                bad = "--threads wants a whole number from 1 to 256";
            o->solver.threads = (int)n;
            break;
        }
        case 'h':
            if (rank == 0)
                printf("%s\n", USAGE);
            return -1;
        default:
            bad = "unknown option or missing value";
            break;
        }
        if (bad) {
            if (rank == 0) {
                char *arg = cy_escape_dup(argv[optind - 1], 0);
                fprintf(stderr, PROG ": %s (\"%s\")\n%s\n", bad, arg ? arg : "?", USAGE);
                free(arg);
            }
            return 2;
        }
    }
    if (argc - optind != 1) {
        if (rank == 0)
            fprintf(stderr, PROG ": give exactly one split directory\n%s\n", USAGE);
        return 2;
    }
    o->dir = argv[optind];
    return 0;
}

/* DIR/fmt(i), malloc'd. */
static char *path(const char *dir, const char *part, int i)
{
    char name[64];
    snprintf(name, sizeof name, part, i);
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* Prints "cycles-solve-mpi: FILE: msg", both escaped (cy_escape): either
 * may echo input. */
static void fail(const char *file, const char *msg)
{
    char *f = cy_escape_dup(file, 0), *m = cy_escape_dup(msg, 0);
    fprintf(stderr, PROG ": %s: %s\n", f ? f : "?", m ? m : "?");
    free(f);
    free(m);
}

/* Solves one job from its file's text, as `cycles solve JOB --json
 * --no-replies` does.  Returns the answer (malloc'd JSON, *status ST_DONE or
 * ST_PARTIAL) or NULL with the reason in err (*status ST_FAIL). */
static char *solve_job(const char *text, size_t len, const cy_solver_opts *so, int *status, cy_error *err)
{
    *status = ST_FAIL;
    cy_game_source src = {.from = CY_GAME_FROM_TEXT, .text = text, .len = len, .format = CY_FMT_JSON};
    cy_game g;
    cy_game_error ge;
    if (cy_game_load(&src, &g, &ge) < 0) {
        *err = ge.err;
        return NULL;
    }
    char *answer = NULL;
    cy_answer_opts ao = {.no_replies = 1};
    cy_answer ans;
    if (cy_answer_game(&g, so, &ao, &ans, err) == 0) {
        answer = cy_answer_json(g.board, &ans);
        *status = ans.complete ? ST_DONE : ST_PARTIAL;
        if (!answer) {
            cy_error_set(err, "out of memory");
            *status = ST_FAIL;
        }
    }
    cy_answer_free(&ans);
    cy_game_free(&g);
    return answer;
}

/* The JSON of the file at path when it is a regular file (a FIFO would
 * block the open for ever, as in cycles solve --from-jobs), else NULL with
 * je's text saying so. */
static json_t *load_regular(const char *path, json_error_t *je)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(je->text, sizeof je->text, "is not a regular file");
        return NULL;
    }
    return json_load_file(path, 0, je);
}

/* Whether job i already has a complete answer in DIR/results. */
static int answered(const char *dir, int i)
{
    char *p = path(dir, "results/job-%06d.json", i);
    json_error_t je;
    json_t *r = p ? load_regular(p, &je) : NULL;
    free(p);
    int yes = r && json_is_string(json_object_get(r, "outcome")) && !json_is_false(json_object_get(r, "complete"));
    json_decref(r);
    return yes;
}

/* Writes job i's answer to DIR/results through a temporary file renamed;
 * 0, or -1 after a message. */
static int save(const char *dir, int i, const char *answer)
{
    char *p = path(dir, "results/job-%06d.json", i), *tmp = path(dir, "results/.job-%06d.json.tmp", i);
    int rc = -1;
    FILE *f = p && tmp ? fopen(tmp, "w") : NULL;
    if (!f)
        fail(tmp ? tmp : dir, strerror(errno));
    else {
        int bad = fputs(answer, f) < 0 || fputc('\n', f) < 0;
        bad |= fclose(f) != 0;
        if (bad || rename(tmp, p) != 0) {
            fail(p, bad ? "cannot write the answer" : strerror(errno));
            remove(tmp);
        } else
            rc = 0;
    }
    free(p);
    free(tmp);
    return rc;
}

/* The number of jobs DIR/split.json announces, or -1 after a message. */
static int count_jobs(const char *dir)
{
    char *p = path(dir, "split.json", 0);
    json_error_t je;
    json_t *m = p ? load_regular(p, &je) : NULL;
    int n = -1;
    if (!m)
        fail(p ? p : dir, "cannot read it: is this a directory written by `cycles solve --split-depth D -o DIR`?");
    else {
        json_t *fmt = json_object_get(m, "format"), *jobs = json_object_get(m, "jobs");
        if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "cycles-split") || !json_is_integer(jobs) ||
            json_integer_value(jobs) < 1 || json_integer_value(jobs) > 100000000)
            fail(p, "is not the description of a split solve");
        else
            n = (int)json_integer_value(jobs);
    }
    json_decref(m);
    free(p);
    return n;
}

/* A rank other than 0: solves the jobs rank 0 sends until told to stop.
 * Each job arrives as its index followed by its file's text; the answer
 * goes back as a status byte followed by the JSON or the error message. */
static void worker(const opts *o)
{
    int msg[2] = {0, ST_DONE};
    MPI_Send(msg, 2, MPI_INT, 0, TAG_READY, MPI_COMM_WORLD);
    for (;;) {
        MPI_Status st;
        MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        int n;
        MPI_Get_count(&st, MPI_CHAR, &n);
        char *text = malloc((size_t)n + 1);
        MPI_Recv(text, n, MPI_CHAR, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == TAG_STOP) {
            free(text);
            return;
        }
        text[n] = 0;
        int job, skip = 0;
        sscanf(text, "%d%n", &job, &skip);
        cy_error err;
        int status;
        char *answer = solve_job(text + skip + 1, (size_t)(n - skip - 1), &o->solver, &status, &err);
        free(text);
        const char *out = answer ? answer : err.msg;
        size_t len = strlen(out);
        char *reply = malloc(len + 32);
        int rn = snprintf(reply, len + 32, "%d %d ", job, status);
        memcpy(reply + rn, out, len);
        MPI_Send(reply, (int)(rn + len), MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
        free(reply);
        free(answer);
    }
}

typedef struct tally {
    int total, done, partial, failed;
    double t0, shown; /* start, and when progress was last shown */
} tally;

/* Records the outcome of job i (an answer, partial or not, or an error). */
static void record(const opts *o, tally *t, int i, int status, const char *text)
{
    if (status == ST_FAIL) {
        char *p = path(o->dir, "jobs/job-%06d.json", i);
        fail(p ? p : o->dir, text);
        free(p);
        t->failed++;
        return;
    }
    if (save(o->dir, i, text) < 0) {
        t->failed++;
        return;
    }
    t->done++;
    t->partial += status == ST_PARTIAL;
    double now = MPI_Wtime();
    if (!o->quiet && (now - t->shown >= 1 || t->done == t->total)) {
        double eta = (now - t->t0) / t->done * (t->total - t->done);
        fprintf(stderr, "solve-mpi: %d of %d jobs done%s, %.1f s, about %.0f s to go\n", t->done, t->total,
                t->partial ? " (some partial)" : "", now - t->t0, eta);
        t->shown = now;
    }
}

/* Reads job i's file for sending: "i " followed by its JSON (jansson reads
 * and writes it again, compact, keys in their order); NULL after a message
 * naming the file. */
static char *job_text(const opts *o, int i, size_t *len)
{
    char *p = path(o->dir, "jobs/job-%06d.json", i);
    json_error_t je;
    json_t *j = p ? load_regular(p, &je) : NULL;
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    char *out = NULL;
    if (!j)
        fail(p ? p : o->dir, p ? je.text : "out of memory");
    else if (text && (out = malloc(strlen(text) + 32)))
        *len = (size_t)sprintf(out, "%d %s", i, text);
    else
        fail(p, "out of memory");
    json_decref(j);
    free(text);
    free(p);
    return out;
}

/* Rank 0: hands out the jobs without a complete answer, in order, and saves
 * the answers.  Returns the exit status. */
static int leader(const opts *o, int ranks)
{
    int njobs = count_jobs(o->dir);
    int ok = njobs > 0;
    int *todo = ok ? malloc(sizeof *todo * (size_t)njobs) : NULL;
    tally t = {0, 0, 0, 0, MPI_Wtime(), MPI_Wtime()};
    for (int i = 1; ok && i <= njobs; i++)
        if (!answered(o->dir, i))
            todo[t.total++] = i;
    if (ok && !o->quiet)
        fprintf(stderr, "solve-mpi: %d jobs, %d of them without a complete answer, on %d rank%s\n", njobs, t.total,
                ranks, ranks == 1 ? "" : "s");
    int next = 0;
    if (ok && ranks == 1)
        for (; next < t.total && !t.failed; next++) {
            size_t len;
            char *text = job_text(o, todo[next], &len);
            int status = ST_FAIL;
            cy_error err = {{0}};
            char *answer = NULL;
            if (text) {
                int skip = 0;
                sscanf(text, "%*d%n", &skip);
                answer = solve_job(text + skip + 1, len - (size_t)skip - 1, &o->solver, &status, &err);
                record(o, &t, todo[next], status, answer ? answer : err.msg);
            } else
                t.failed++;
            free(text);
            free(answer);
        }
    int active = ranks - 1;
    while (active > 0) {
        MPI_Status st;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        int n;
        MPI_Get_count(&st, MPI_CHAR, &n);
        char *buf = malloc((size_t)n + 1);
        MPI_Recv(buf, n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        buf[n] = 0;
        if (st.MPI_TAG == TAG_RESULT) {
            int job, status, skip = 0;
            if (sscanf(buf, "%d %d %n", &job, &status, &skip) >= 2)
                record(o, &t, job, status, buf + skip);
        }
        free(buf);
        size_t len = 0;
        char *text = NULL;
        while (ok && !t.failed && next < t.total && !(text = job_text(o, todo[next], &len))) {
            t.failed++;
            next++;
        }
        if (text) {
            MPI_Send(text, (int)len, MPI_CHAR, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
            next++;
            free(text);
        } else {
            MPI_Send(NULL, 0, MPI_CHAR, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
            active--;
        }
    }
    free(todo);
    if (!ok || t.failed)
        return 1;
    if (!o->quiet)
        fprintf(stderr, "solve-mpi: %d jobs solved in %.1f s on %d rank%s%s\n", t.done, MPI_Wtime() - t.t0, ranks,
                ranks == 1 ? "" : "s",
                t.partial ? "; some answers are partial: run again with more time or memory"
                          : "; now: cycles solve --from-jobs DIR");
    return t.partial ? 2 : 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    opts o;
    int status = parse(argc, argv, rank, &o);
    if (status) {
        MPI_Finalize();
        return status < 0 ? 0 : status;
    }
    if (rank == 0)
        status = leader(&o, ranks);
    else
        worker(&o);
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
