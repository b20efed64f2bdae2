/*
 * census.c - cycles census run|merge|query|report: the census of small boards
 * (issue 11).  The options are parsed here (they are the census's own); the
 * work is done by the census library (src/census/).
 */
#include "cli.h"
#include "census.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define USAGE_RUN                                                                                                      \
    "cycles census run --edges A..B --db FILE [--trees] [--part R/M] [--resume] [--timeout S] [--memory SIZE] [--quiet] [--rules NAME] [--players K] [--extra-turn]"
#define USAGE_MERGE "cycles census merge A.db B.db ... -o ALL.db [--partial]"
#define USAGE_QUERY                                                                                                    \
    "cycles census query NAME --db FILE [--json] [--trees] [--limit N] [--edges A..B] [--rules NAME] [--players K] [--extra-turn]"
#define USAGE_REPORT "cycles census report --db FILE [-o REPORT.md] [--made-by TEXT]"
#define USAGE_TWOCELL                                                                                                  \
    "cycles census twocell --edges A..B --db FILE [--part R/M] [--resume] [--timeout S] [--memory SIZE] [--quiet]"
#define USAGE_CERTIFY                                                                                                  \
    "cycles census certify --db FILE -o DIR [--edges A..B] [--limit N] [--timeout S] [--memory SIZE] [--quiet]"
#define USAGE_PLAN                                                                                                     \
    "cycles census plan --edges A..B [--vertices A..B] [--samples K] [--boards J] [--seed N] [--timeout S] [--count-timeout S] [--memory SIZE] [--json] [--quiet] [-o FILE]"

/* The defaults of census plan, for the code and the --help text. */
#define PLAN_SAMPLES 20
#define PLAN_BOARDS 4
#define PLAN_COUNT_TIMEOUT 600

/* What each subcommand's options do and their defaults (its --help). */
#define NOTES_RUN                                                                                                                     \
    "  --timeout S    seconds each board may take; one out of time is stored as such (default: no limit)\n"                           \
    "  --memory SIZE  the table the boards share (default " CLI_STR(CY_CENSUS_MEMORY_MIB) "M; at least " CLI_STR(                     \
        CY_CENSUS_MIN_MEMORY_MIB) "M)\n"                                                                                              \
                                  "  --part R/M     the R-th of M parts of each edge count (default: all of it)\n"                    \
                                  "  --resume       go on with the edge counts the database has begun\n"                              \
                                  "  --trees        trees whose leaves are special instead of plane boards (default: plane boards)\n" \
                                  "SIGINT or SIGTERM: the boards solved so far are written (exit status 2); --resume goes on.\n"
#define NOTES_TWOCELL                                                                                                        \
    "  every board with exactly two cells and no degree-1 vertex (kind 'twocell' in the database)\n"                         \
    "  --timeout S    seconds each board may take; one out of time is stored as such (default: no limit)\n"                  \
    "  --memory SIZE  the table the boards share (default " CLI_STR(                                                         \
        CY_CENSUS_MEMORY_MIB) "M)\n"                                                                                         \
                              "  --part R/M     every M-th board of each edge count, from the R-th (default: all of them)\n" \
                              "  --resume       go on with the edge counts the database has begun\n"                         \
                              "SIGINT or SIGTERM: the boards solved so far are written (exit status 2); --resume goes on.\n"
#define NOTES_MERGE "  --partial      merge unfinished edge counts too\n"
#define NOTES_QUERY                                                                                                    \
    "  --limit N      rows listed (default: the query's own, 20 for lists of boards; 0: all)\n"                        \
    "  --trees        ask of the trees with special leaves (default: the plane boards)\n"
#define NOTES_REPORT                                                                                                   \
    "  -o FILE.md     write there, its pictures in a folder beside it (default: standard output, no pictures)\n"       \
    "  --made-by TEXT how the database was made, said in the report's first lines (default: not said)\n"
#define NOTES_PLAN                                                                                                                                       \
    "  --samples K    graphs sampled an edge count (default " CLI_STR(                                                                                   \
        PLAN_SAMPLES) ")\n"                                                                                                                              \
                      "  --boards J     boards solved a sampled graph (default " CLI_STR(                                                                \
                          PLAN_BOARDS) ")\n"                                                                                                             \
                                       "  --count-timeout S  seconds nauty may take to count one stratum (default " CLI_STR(                             \
                                           PLAN_COUNT_TIMEOUT) ")\n"                                                                                     \
                                                               "  --timeout S    seconds each board may take (default: no limit)\n"                      \
                                                               "  --vertices A..B  only graphs of these vertex counts (default: every count possible)\n" \
                                                               "  --seed N       the seed of the sampling; the same seed, the same plan (default 0)\n"   \
                                                               "  --memory SIZE  the table the sampled boards share (default " CLI_STR(                  \
                                                                   CY_CENSUS_MEMORY_MIB) "M; at least " CLI_STR(CY_CENSUS_MIN_MEMORY_MIB) "M)\n"

#define NOTES_CERTIFY                                                                                                  \
    "  -o DIR         the folder of the certificates (made if missing), one FILE.cert a board\n"                       \
    "  --limit N      boards a class and edge count (default 1; 0: all)\n"                                             \
    "  --timeout S    seconds each board's search may take (default: no limit)\n"                                      \
    "  --memory SIZE  each board's table (default: the solver's)\n"                                                    \
    "Certificates of the report's examples (cycles-check FILE checks each); a table on standard output.\n"

/* Prints a usage error from the parser; returns exit status 2. */
static int cmd_usage(const cy_error *err)
{
    fprintf(stderr, "cycles: census: %s\n", err->msg);
    return 2;
}

/* A usage error: the message (with arg escaped) on stderr, exit status 2. */
static int usage_fail(const char *fmt, const char *arg)
{
    cy_error err;
    census_usage_error(&err, fmt, arg);
    return cmd_usage(&err);
}

/* Opens the --db of a, creating it when create; prints the error. */
static census_store *open_db(const census_args *a, int create, int *status)
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
    census_store *s = census_store_open(a->db, create, &err);
    if (!s)
        *status = cli_fail(a->db, "%s", err.msg);
    return s;
}

/* census run, or with twocell census twocell: the two-cell boards without
 * degree-1 vertices (src/census/twocell.c) in the same units and batches. */
static int cmd_run(int argc, char **argv, int twocell)
{
    census_args a;
    cy_error perr;
    const char *usage = twocell ? USAGE_TWOCELL : USAGE_RUN;
    int rc = census_parse_args(argc, argv, 3,
                               twocell ? "edges db part resume timeout memory quiet batch"
                                       : "edges db trees part resume timeout memory quiet batch rules players extra-turn",
                               &a, &perr);
    if (rc)
        return cmd_usage(&perr);
    char fmt[400];
    if (a.npos) {
        snprintf(fmt, sizeof fmt, "unexpected argument \"%%s\" (usage: %s)", usage);
        return usage_fail(fmt, a.pos[0]);
    }
    if (!a.have_edges) {
        snprintf(fmt, sizeof fmt, "%%s--edges A..B is required (usage: %s)", usage);
        return usage_fail(fmt, "");
    }
    if (twocell) {
        a.run.trees = CY_CENSUS_TWOCELL;
        a.run.enumerate = census_twocell_enumerate;
    }
    census_store *s = open_db(&a, 1, &rc);
    if (!s)
        return rc;
    a.run.lo = a.lo;
    a.run.hi = a.hi;
    /* A test hook, not an option (tests/cli/census.sh): with
     * CYCLES_TEST_KILL_AFTER=N in the environment the run kills itself with
     * SIGKILL after N boards, where a kill lands between two batches, so that
     * a resumed run is tested without racing a kill against the run. */
    const char *hook = getenv("CYCLES_TEST_KILL_AFTER");
    if (hook && atoi(hook) > 0)
        a.run.stop_after = atoi(hook);
    cy_error err;
    double t0 = census_now();
    cli_catch_interrupts(); /* the batch so far is written, then it stops */
    rc = census_run(s, &a.run, &err);
    if (rc > 0 && a.run.stop_after)
        raise(SIGKILL);
    census_store_close(s);
    if (rc < 0)
        return cli_fail(a.db, "%s", err.msg);
    if (rc == 2) {
        char why[64];
        cli_fail(a.db, "%s: the boards solved so far are written (--resume goes on with the rest)",
                 cli_stop_reason("interrupted", why, sizeof why));
        return 2;
    }
    if (!a.run.quiet)
        fprintf(stderr, "census: %ss of %d%s%.0d edge%s (%s rules) in %s in %.1f s\n", CY_CENSUS_KIND(a.run.trees),
                a.lo, a.hi > a.lo ? " to " : "", a.hi > a.lo ? a.hi : 0, a.hi == 1 ? "" : "s", a.rules_key, a.db,
                census_now() - t0);
    return 0;
}

static int cmd_merge(int argc, char **argv)
{
    census_args a;
    cy_error perr;
    int rc = census_parse_args(argc, argv, 3, "output partial", &a, &perr);
    if (rc)
        return cmd_usage(&perr);
    if (!a.output)
        return usage_fail("%s-o ALL.db is required (usage: " USAGE_MERGE ")", "");
    if (!a.npos)
        return usage_fail("%sno databases to merge (usage: " USAGE_MERGE ")", "");
    for (int i = 0; i < a.npos; i++)
        if (access(a.pos[i], F_OK) != 0)
            return cli_fail(a.pos[i], "no such file");
    cy_error err;
    if (census_merge(a.pos, a.npos, a.output, a.partial, &err) < 0)
        return cli_fail(a.output, "%s", err.msg);
    return 0;
}

/* The queries and what each answers: for `census query` without a name and
 * for `cycles help census` (main.c repeats these lines). */
#define QUERY_LIST                                                                                                     \
    "  summary          per kind and edge count: boards, N and P, the Grundy values (--rules: a variant's)\n"          \
    "  grundy-max       the largest Grundy value and the boards that have it\n"                                        \
    "  parity-breakers  boards whose winner is not player 1 exactly when the edges are odd\n"                          \
    "  drawing-matters  planar graphs whose drawings (embeddings, outer faces) have different winners\n"               \
    "  two-cells        boards of two cells, by how the cells meet: the winners, and Theorem 6\n"                      \
    "  trees            trees with special leaves against Conjecture 1 (a database of census run --trees)\n"           \
    "  timeouts         the boards the run did not solve in its time or memory\n"

static int cmd_query(int argc, char **argv)
{
    census_args a;
    cy_error perr;
    int rc = census_parse_args(argc, argv, 3, "db json trees limit edges rules players extra-turn", &a, &perr);
    if (rc)
        return cmd_usage(&perr);
    if (!a.npos) {
        /* no query named: the list of them, to choose from */
        fputs("the queries (" USAGE_QUERY "):\n" QUERY_LIST, stdout);
        return fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
    }
    if (a.npos != 1)
        return usage_fail("one query at a time (usage: " USAGE_QUERY ")%s", "");
    a.query.lo = a.have_edges ? a.lo : 0;
    a.query.hi = a.have_edges ? a.hi : 0;
    const char *name = a.pos[0];
    size_t n = strlen(name);
    const char *p = strstr(census_query_names, name);
    while (p && !((p == census_query_names || p[-1] == ' ') && (p[n] == ',' || !p[n])))
        p = strstr(p + 1, name);
    if (!p || !n) {
        char fmt[400];
        snprintf(fmt, sizeof fmt, "no query \"%%s\" (the queries: %s)", census_query_names);
        return usage_fail(fmt, name);
    }
    census_store *s = open_db(&a, 0, &rc);
    if (!s)
        return rc;
    cy_error err;
    char *out = NULL;
    rc = census_query(s, name, &a.query, &out, &err);
    census_store_close(s);
    if (rc < 0)
        return cli_fail(a.db, "%s", err.msg);
    fputs(out, stdout);
    free(out);
    return fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
}

static int cmd_report(int argc, char **argv)
{
    census_args a;
    cy_error perr;
    int rc = census_parse_args(argc, argv, 3, "db output made-by", &a, &perr);
    if (rc)
        return cmd_usage(&perr);
    if (a.npos)
        return usage_fail("unexpected argument \"%s\" (usage: " USAGE_REPORT ")", a.pos[0]);
    census_store *s = open_db(&a, 0, &rc);
    if (!s)
        return rc;
    /* without -o (or with -o -): the markdown on standard output, no pictures */
    const char *out = a.output && strcmp(a.output, "-") ? a.output : NULL;
    census_buf cmd = {0};
    census_printf(&cmd, "cycles census report --db %s%s%s", a.db, out ? " -o " : "", out ? out : "");
    cy_error err;
    census_report_out rep;
    rc = census_report(s, out, cmd.s, a.made_by, &rep, &err);
    free(cmd.s);
    census_store_close(s);
    if (rc < 0)
        return cli_fail(out ? out : "census report", "%s", err.msg);
    /* the pictures, then the report, each through the common -o writer */
    rc = 0;
    if (rep.dir && mkdir(rep.dir, 0777) != 0 && errno != EEXIST)
        rc = cli_fail(rep.dir, "cannot make the directory: %s", strerror(errno));
    for (int i = 0; i < rep.nfiles && rc == 0; i++)
        rc = cli_write_file(rep.files[i].path, rep.files[i].text, strlen(rep.files[i].text));
    if (rc == 0) {
        cli_opts o = {0};
        o.output = out;
        rc = cli_emit(&o, rep.md);
    }
    census_report_out_free(&rep);
    return rc;
}

static int cmd_certify(int argc, char **argv)
{
    census_args a;
    cy_error perr;
    int rc = census_parse_args(argc, argv, 3, "db output edges limit timeout memory quiet", &a, &perr);
    if (rc)
        return cmd_usage(&perr);
    if (a.npos)
        return usage_fail("unexpected argument \"%s\" (usage: " USAGE_CERTIFY ")", a.pos[0]);
    if (!a.output)
        return usage_fail("%s-o DIR is required (usage: " USAGE_CERTIFY ")", "");
    census_store *s = open_db(&a, 0, &rc);
    if (!s)
        return rc;
    census_certify_opts o;
    memset(&o, 0, sizeof o);
    o.dir = a.output;
    o.lo = a.have_edges ? a.lo : 0;
    o.hi = a.have_edges ? a.hi : 0;
    o.limit = a.query.limit;
    o.timeout = a.run.solve.timeout;
    o.memory = a.run.solve.memory;
    o.quiet = a.run.quiet;
    cli_catch_interrupts();
    char *table = NULL;
    cy_error err;
    rc = census_certify(s, &o, &table, &err);
    census_store_close(s);
    if (table)
        fputs(table, stdout);
    free(table);
    if (rc < 0)
        return cli_fail("census certify", "%s", err.msg);
    return fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
}

static int cmd_plan(int argc, char **argv)
{
    census_args a;
    cy_error perr;
    int rc = census_parse_args(argc, argv, 3,
                               "edges vertices samples boards seed timeout count-timeout memory json quiet output", &a,
                               &perr);
    if (rc)
        return cmd_usage(&perr);
    if (a.npos)
        return usage_fail("unexpected argument \"%s\" (usage: " USAGE_PLAN ")", a.pos[0]);
    if (!a.have_edges)
        return usage_fail("%s--edges A..B is required (usage: " USAGE_PLAN ")", "");
    census_plan_opts o;
    memset(&o, 0, sizeof o);
    o.lo = a.lo;
    o.hi = a.hi;
    o.vlo = a.have_vertices ? a.vlo : 0;
    o.vhi = a.have_vertices ? a.vhi : 0;
    o.samples = a.have_samples ? a.samples : PLAN_SAMPLES;
    o.boards = a.have_boards ? a.boards : PLAN_BOARDS;
    o.seed = a.seed;
    o.count_timeout = a.count_timeout > 0 ? a.count_timeout : PLAN_COUNT_TIMEOUT;
    o.quiet = a.run.quiet;
    o.solve = a.run.solve;
    census_plan_row *rows;
    int n;
    cy_error err;
    if (census_plan(&o, &rows, &n, &err) < 0)
        return cli_fail(NULL, "census plan: %s", err.msg);
    char *table = census_plan_format(rows, n, a.query.json);
    free(rows);
    rc = 0;
    if (a.output) {
        census_buf doc = {0};
        if (a.query.json)
            census_printf(&doc, "%s", table);
        else {
            census_printf(&doc, "Made by `cycles census plan");
            for (int i = 3; i < argc; i++)
                if (strcmp(argv[i], "-o") && strcmp(argv[i], "--output") &&
                    (i == 3 || (strcmp(argv[i - 1], "-o") && strcmp(argv[i - 1], "--output"))))
                    census_printf(&doc, " %s", argv[i]);
            census_printf(&doc, "` (%s).\n\n%s", CY_VERSION, table);
        }
        rc = cli_write_file(a.output, doc.s, strlen(doc.s));
        free(doc.s);
    } else {
        fputs(table, stdout);
        rc = fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
    }
    free(table);
    return rc;
}

int cmd_census(int argc, char **argv)
{
    static const char usage[] = "usage:\n  " USAGE_RUN "\n  " USAGE_TWOCELL "\n  " USAGE_MERGE "\n  " USAGE_QUERY
                                "\n  " USAGE_REPORT "\n  " USAGE_PLAN "\n  " USAGE_CERTIFY "\n";
    if (argc < 3)
        return usage_fail("%sno subcommand: run, twocell, merge, query, report, plan or certify", "");
    const char *sub = argv[2];
    /* -h or --help after a subcommand: that subcommand's usage, exit 0 */
    static const char *const subs[][3] = {{"run", USAGE_RUN, NOTES_RUN},
                                          {"twocell", USAGE_TWOCELL, NOTES_TWOCELL},
                                          {"merge", USAGE_MERGE, NOTES_MERGE},
                                          {"query", USAGE_QUERY, NOTES_QUERY},
                                          {"report", USAGE_REPORT, NOTES_REPORT},
                                          {"plan", USAGE_PLAN, NOTES_PLAN},
                                          {"certify", USAGE_CERTIFY, NOTES_CERTIFY}};
    for (int i = 3; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++)
                if (!strcmp(sub, subs[k][0])) {
                    printf("usage: %s\n\n%s\nsee `cycles help census` and `man cycles`\n", subs[k][1], subs[k][2]);
                    return 0;
                }
    if (!strcmp(sub, "run"))
        return cmd_run(argc, argv, 0);
    if (!strcmp(sub, "twocell"))
        return cmd_run(argc, argv, 1);
    if (!strcmp(sub, "merge"))
        return cmd_merge(argc, argv);
    if (!strcmp(sub, "query"))
        return cmd_query(argc, argv);
    if (!strcmp(sub, "report"))
        return cmd_report(argc, argv);
    if (!strcmp(sub, "plan"))
        return cmd_plan(argc, argv);
    if (!strcmp(sub, "certify"))
        return cmd_certify(argc, argv);
    if (!strcmp(sub, "help") || !strcmp(sub, "--help")) {
        fputs(usage, stdout);
        return 0;
    }
    return usage_fail("unknown subcommand \"%s\" (run, twocell, merge, query, report, plan or certify)", sub);
}
