/*
 * census.c - cycles census run|merge|query|report: the census of small boards
 * (issue 11).  The options are parsed here (they are the census's own); the
 * work is done by the census library (src/census/).
 */
#include "cli.h"
#include "census.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define USAGE_RUN "cycles census run --edges A..B --db FILE [--trees] [--part R/M] [--resume] [--timeout S] [--memory SIZE] [--quiet]"
#define USAGE_MERGE "cycles census merge A.db B.db ... -o ALL.db"
#define USAGE_QUERY "cycles census query NAME --db FILE [--json] [--trees] [--limit N] [--edges A..B]"
#define USAGE_REPORT "cycles census report --db FILE -o REPORT.md [--made-by TEXT]"

/* A usage error: the message on stderr, exit status 2. */
static int usage_fail(const char *fmt, const char *arg)
{
    char safe[80];
    size_t k = 0;
    for (const char *p = arg ? arg : ""; *p && k < sizeof safe - 4; p++)
        safe[k++] = isprint((unsigned char)*p) ? *p : '?';
    if (arg && strlen(arg) > k)
        safe[k++] = '.', safe[k++] = '.', safe[k++] = '.';
    safe[k] = 0;
    fputs("cycles: census: ", stderr);
    fprintf(stderr, fmt, safe);
    fputc('\n', stderr);
    return 2;
}

/* Parses "A..B" (or "A") into lo and hi, 1 <= lo <= hi <= 64. */
static int parse_range(const char *s, int *lo, int *hi)
{
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10), b = a;
    if (end == s || errno)
        return -1;
    if (!strncmp(end, "..", 2)) {
        const char *t = end + 2;
        b = strtol(t, &end, 10);
        if (end == t || errno)
            return -1;
    }
    if (*end || a < 1 || b < a || b > 64)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

/* Parses a whole number in [min, max]. */
static int parse_int(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* Parses a size such as 512M or 2G into bytes. */
static int parse_bytes(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || !(v > 0) || !isfinite(v))
        return -1;
    const char *units = "KMGT";
    double m = 1;
    const char *u = *end ? strchr(units, toupper((unsigned char)*end)) : NULL;
    if (u) {
        for (const char *p = units; p <= u; p++)
            m *= 1024;
        end++;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v * m < 1 || v * m > 1e15)
        return -1;
    *out = (size_t)(v * m);
    return 0;
}

/* The options of every census subcommand. */
typedef struct census_args {
    const char *db, *output, *made_by;
    int have_edges, lo, hi;
    cy_census_run_opts run;
    cy_census_query_opts query;
    const char *pos[256];      /* positional arguments */
    int npos;
} census_args;

/* Parses argv[first..] for the subcommand sub, whose options are allowed
 * (blank-separated names).  Returns 0, or the exit status after the message. */
static int parse_args(int argc, char **argv, int first, const char *allowed, census_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || !arg[1]) {
            if (a->npos == (int)(sizeof a->pos / sizeof a->pos[0]))
                return usage_fail("too many arguments (at %s)", arg);
            a->pos[a->npos++] = arg;
            continue;
        }
        const char *name = arg + (arg[1] == '-' ? 2 : 1);
        char key[32];
        const char *eq = strchr(name, '=');
        size_t kl = eq ? (size_t)(eq - name) : strlen(name);
        if (kl >= sizeof key)
            return usage_fail("unknown option %s (try cycles help)", arg);
        memcpy(key, name, kl);
        key[kl] = 0;
        if (!strcmp(key, "o"))
            strcpy(key, "output");
        const char *p = strstr(allowed, key);
        size_t n = strlen(key);
        while (p && !((p == allowed || p[-1] == ' ') && (p[n] == ' ' || !p[n])))
            p = strstr(p + 1, key);
        if (!p)
            return usage_fail("unknown option %s (try cycles help)", arg);
        int flag = !strcmp(key, "trees") || !strcmp(key, "resume") || !strcmp(key, "quiet") || !strcmp(key, "json");
        const char *val = NULL;
        if (flag) {
            if (eq)
                return usage_fail("option %s takes no value", arg);
        } else if (eq)
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else
            return usage_fail("option %s needs a value", arg);
        long v;
        if (!strcmp(key, "trees"))
            a->run.trees = a->query.trees = 1;
        else if (!strcmp(key, "resume"))
            a->run.resume = 1;
        else if (!strcmp(key, "quiet"))
            a->run.quiet = 1;
        else if (!strcmp(key, "json"))
            a->query.json = 1;
        else if (!strcmp(key, "db"))
            a->db = val;
        else if (!strcmp(key, "output"))
            a->output = val;
        else if (!strcmp(key, "made-by"))
            a->made_by = val;
        else if (!strcmp(key, "edges")) {
            if (parse_range(val, &a->lo, &a->hi) < 0)
                return usage_fail("--edges wants A..B with 1 <= A <= B <= 64, not \"%s\"", val);
            a->have_edges = 1;
        } else if (!strcmp(key, "part")) {
            char r[32], *slash = strchr(val, '/');
            long pr, pm;
            if (!slash || (size_t)(slash - val) >= sizeof r)
                return usage_fail("--part wants R/M with 0 <= R < M, not \"%s\"", val);
            memcpy(r, val, (size_t)(slash - val));
            r[slash - val] = 0;
            if (parse_int(r, 0, 1000000, &pr) < 0 || parse_int(slash + 1, 1, 1000000, &pm) < 0 || pr >= pm)
                return usage_fail("--part wants R/M with 0 <= R < M, not \"%s\"", val);
            a->run.part = (int)pr;
            a->run.parts = (int)pm;
        } else if (!strcmp(key, "timeout")) {
            char *end;
            errno = 0;
            double t = strtod(val, &end);
            if (end == val || *end || errno || !(t > 0) || !isfinite(t) || t > 1e9)
                return usage_fail("--timeout wants a positive number of seconds, not \"%s\"", val);
            a->run.solve.timeout = t;
        } else if (!strcmp(key, "memory")) {
            if (parse_bytes(val, &a->run.solve.memory) < 0)
                return usage_fail("--memory wants a size such as 512M or 2G, not \"%s\"", val);
        } else if (!strcmp(key, "limit")) {
            if (parse_int(val, 0, 100000000, &v) < 0)
                return usage_fail("--limit wants a whole number (0: all), not \"%s\"", val);
            a->query.limit = v ? (int)v : -1;
        } else if (!strcmp(key, "batch")) {
            if (parse_int(val, 1, 100000000, &v) < 0)
                return usage_fail("--batch wants a positive whole number, not \"%s\"", val);
            a->run.batch = (int)v;
        }
    }
    return 0;
}

/* Opens the --db of a, creating it when create; prints the error. */
static cy_census_store *open_db(const census_args *a, int create, int *status)
{
    cy_error err;
    *status = 0;
    if (!a->db) {
        *status = usage_fail("%s--db FILE is required", "");
        return NULL;
    }
    if (!create && access(a->db, F_OK) != 0) {
        *status = cli_fail(a->db, "no such file");
        return NULL;
    }
    cy_census_store *s = cy_census_store_open(a->db, create, &err);
    if (!s)
        *status = cli_fail(a->db, "%s", err.msg);
    return s;
}

static int census_run(int argc, char **argv)
{
    census_args a;
    int rc = parse_args(argc, argv, 3, "edges db trees part resume timeout memory quiet batch", &a);
    if (rc)
        return rc;
    if (a.npos)
        return usage_fail("unexpected argument \"%s\" (usage: " USAGE_RUN ")", a.pos[0]);
    if (!a.have_edges)
        return usage_fail("%s--edges A..B is required (usage: " USAGE_RUN ")", "");
    cy_census_store *s = open_db(&a, 1, &rc);
    if (!s)
        return rc;
    a.run.lo = a.lo;
    a.run.hi = a.hi;
    cy_error err;
    double t0 = cy_census_now();
    rc = cy_census_run(s, &a.run, &err);
    cy_census_store_close(s);
    if (rc < 0)
        return cli_fail(a.db, "%s", err.msg);
    if (!a.run.quiet)
        fprintf(stderr, "census: %ss of %d to %d edges in %s in %.1f s\n", CY_CENSUS_KIND(a.run.trees), a.lo, a.hi,
                a.db, cy_census_now() - t0);
    return 0;
}

static int census_merge(int argc, char **argv)
{
    census_args a;
    int rc = parse_args(argc, argv, 3, "output", &a);
    if (rc)
        return rc;
    if (!a.output)
        return usage_fail("%s-o ALL.db is required (usage: " USAGE_MERGE ")", "");
    if (!a.npos)
        return usage_fail("%sno databases to merge (usage: " USAGE_MERGE ")", "");
    for (int i = 0; i < a.npos; i++)
        if (access(a.pos[i], F_OK) != 0)
            return cli_fail(a.pos[i], "no such file");
    cy_error err;
    if (cy_census_merge(a.pos, a.npos, a.output, &err) < 0)
        return cli_fail(a.output, "%s", err.msg);
    return 0;
}

static int census_query(int argc, char **argv)
{
    census_args a;
    int rc = parse_args(argc, argv, 3, "db json trees limit edges", &a);
    if (rc)
        return rc;
    if (a.npos != 1)
        return usage_fail(a.npos ? "one query at a time (usage: " USAGE_QUERY ")%s"
                                 : "no query named (usage: " USAGE_QUERY ")%s",
                          "");
    a.query.lo = a.have_edges ? a.lo : 0;
    a.query.hi = a.have_edges ? a.hi : 0;
    const char *name = a.pos[0];
    size_t n = strlen(name);
    const char *p = strstr(cy_census_query_names, name);
    while (p && !((p == cy_census_query_names || p[-1] == ' ') && (p[n] == ',' || !p[n])))
        p = strstr(p + 1, name);
    if (!p || !n) {
        char fmt[400];
        snprintf(fmt, sizeof fmt, "no query \"%%s\" (the queries: %s)", cy_census_query_names);
        return usage_fail(fmt, name);
    }
    cy_census_store *s = open_db(&a, 0, &rc);
    if (!s)
        return rc;
    cy_error err;
    char *out = NULL;
    rc = cy_census_query(s, name, &a.query, &out, &err);
    cy_census_store_close(s);
    if (rc < 0)
        return cli_fail(a.db, "%s", err.msg);
    fputs(out, stdout);
    free(out);
    return fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
}

static int census_report(int argc, char **argv)
{
    census_args a;
    int rc = parse_args(argc, argv, 3, "db output made-by", &a);
    if (rc)
        return rc;
    if (a.npos)
        return usage_fail("unexpected argument \"%s\" (usage: " USAGE_REPORT ")", a.pos[0]);
    if (!a.output)
        return usage_fail("%s-o REPORT.md is required (usage: " USAGE_REPORT ")", "");
    cy_census_store *s = open_db(&a, 0, &rc);
    if (!s)
        return rc;
    cy_census_buf cmd = {0};
    cy_census_printf(&cmd, "cycles census report --db %s -o %s", a.db, a.output);
    cy_error err;
    rc = cy_census_report(s, a.output, cmd.s, a.made_by, &err);
    free(cmd.s);
    cy_census_store_close(s);
    if (rc < 0)
        return cli_fail(a.output, "%s", err.msg);
    return 0;
}

int cmd_census(int argc, char **argv)
{
    static const char usage[] = "usage:\n  " USAGE_RUN "\n  " USAGE_MERGE "\n  " USAGE_QUERY "\n  " USAGE_REPORT "\n";
    if (argc < 3)
        return usage_fail("%sno subcommand: run, merge, query or report", "");
    const char *sub = argv[2];
    if (!strcmp(sub, "run"))
        return census_run(argc, argv);
    if (!strcmp(sub, "merge"))
        return census_merge(argc, argv);
    if (!strcmp(sub, "query"))
        return census_query(argc, argv);
    if (!strcmp(sub, "report"))
        return census_report(argc, argv);
    if (!strcmp(sub, "help") || !strcmp(sub, "--help")) {
        fputs(usage, stdout);
        return 0;
    }
    return usage_fail("unknown subcommand \"%s\" (run, merge, query or report)", sub);
}
