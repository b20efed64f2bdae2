/*
 * bench.c - `cycles bench`: solve a list of boards with the fast engine and
 * with the plain one, each run in a fresh child process, and print a table of
 * medians: the board's value (seconds, positions, positions per second,
 * table hits, peak memory) with every core and with one thread; what the
 * user's `cycles solve` costs, the winning replies included and left out;
 * who wins (`--no-grundy`) and the value with each outcome search (rounds
 * and df-pn, `--search`); the speed-up of the fast engine over the plain one;
 * and the most memory any run of the board used, finished or stopped, which
 * must stay within --memory and a tenth (else the exit status is 1).
 */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Monotonic seconds. */
static double cyi_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *const default_boards =
    "k4 grid:3x3 boards/figure1.json theta:3,2,5 grid:3x4 grid:4x4 grid:3x5 grid:2x10 theta:7,8,9 "
    "wedge:5,7,9 grid:3x7 grid:2x12 theta:9,10,11 wedge:5,7,9,11 boards/asym30.json grid:4x5 grid:5x5";

/* The plain engine is not tried on boards larger than this: it cannot
 * finish them in any time a benchmark allows. */
#define PLAIN_MAX_EDGES 20

/* What a run measures: the value (cy_solver_grundy), who wins
 * (cy_solver_wins), or what `cycles solve` computes (cy_answer_game: the
 * analysis, then the winning replies of a lost position unless left out). */
enum { MEASURE_VALUE, MEASURE_WINS, MEASURE_SOLVE, MEASURE_SOLVE_NO_REPLIES };

/* What one run measured. */
typedef struct run {
    int ok; /* 1 solved, 0 timed out or failed */
    int grundy;
    double seconds;
    unsigned long long positions, hits;
    double peak_mib;
} run;

/* Solves board once in a child process with opts, measuring what (MEASURE_);
 * fills r. */
static void run_once(const cy_board *b, const cy_solver_opts *opts, int what, run *r)
{
    memset(r, 0, sizeof *r);
    int fd[2];
    if (pipe(fd) != 0)
        return;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return;
    }
    if (pid == 0) {
        close(fd[0]);
        run out = {0};
        cy_error err;
        cy_solver *s = cy_solver_new(b, opts, &err);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        if (s && mark) {
            double t0 = cyi_now_seconds();
            int g;
            if (what == MEASURE_VALUE)
                g = cy_solver_grundy(s, mark);
            else if (what == MEASURE_WINS)
                g = cy_solver_wins(s, mark);
            else {
                /* the answer of cycles solve, with or without the replies */
                cy_game game = {.board = (cy_board *)b, .mark = mark};
                cy_answer_opts ao = {.solver = s, .no_replies = what != MEASURE_SOLVE};
                cy_answer a;
                g = cy_answer_game(&game, opts, &ao, &a, &err) < 0 ? -1 : a.a.grundy;
                cy_answer_free(&a);
            }
            out.seconds = cyi_now_seconds() - t0;
            cy_solver_stats st;
            cy_solver_stats_get(s, &st);
            out.ok = g >= 0;
            out.grundy = g;
            out.positions = st.positions;
            out.hits = st.hits;
        }
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        out.peak_mib = (double)ru.ru_maxrss / 1024.0;
        ssize_t w = write(fd[1], &out, sizeof out);
        _exit(w == (ssize_t)sizeof out ? 0 : 1);
    }
    close(fd[1]);
    /* wait for the answer; an interrupt of this process ends the child (a
     * run cut short is no measure) */
    struct pollfd pf = {.fd = fd[0], .events = POLLIN};
    for (;;) {
        int k = poll(&pf, 1, 200);
        if (k > 0 || (k < 0 && errno != EINTR))
            break;
        if (cli_interrupted()) {
            kill(pid, SIGKILL);
            break;
        }
    }
    ssize_t got = read(fd[0], r, sizeof *r);
    close(fd[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (got != (ssize_t)sizeof *r || cli_interrupted())
        memset(r, 0, sizeof *r);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Runs a board up to runs times (once only if it does not finish) and
 * leaves the median run's figures in *med; returns how many runs finished. */
static int measure(const cy_board *b, const cy_solver_opts *opts, int what, int runs, run *med)
{
    run r[64];
    double secs[64];
    int n = 0;
    double peak = 0;
    for (int i = 0; i < runs && i < 64; i++) {
        run_once(b, opts, what, &r[n]);
        if (r[n].peak_mib > peak)
            peak = r[n].peak_mib;
        if (!r[n].ok || cli_interrupted())
            break;
        secs[n] = r[n].seconds;
        n++;
    }
    if (n == 0) {
        memset(med, 0, sizeof *med);
        med->peak_mib = peak;
        return 0;
    }
    qsort(secs, (size_t)n, sizeof secs[0], cmp_double);
    double m = n % 2 ? secs[n / 2] : (secs[n / 2 - 1] + secs[n / 2]) / 2;
    *med = r[0];
    med->seconds = m;
    med->peak_mib = peak;
    return n;
}

/* Formats a count with k/M/G suffixes. */
static const char *human(double x, char *buf, size_t n)
{
    if (x >= 1e9)
        snprintf(buf, n, "%.2fG", x / 1e9);
    else if (x >= 1e6)
        snprintf(buf, n, "%.2fM", x / 1e6);
    else if (x >= 1e3)
        snprintf(buf, n, "%.1fk", x / 1e3);
    else
        snprintf(buf, n, "%.0f", x);
    return buf;
}

int cmd_bench(cli_opts *o)
{
    int runs = o->runs ? o->runs : CLI_BENCH_RUNS;
    cy_solver_opts fast = o->solver, plain = o->solver;
    fast.progress = plain.progress = 0;
    if (!o->timeout)
        fast.timeout = plain.timeout = CLI_BENCH_TIMEOUT;
    if (!o->memory)
        fast.memory = plain.memory = (size_t)CLI_BENCH_MEMORY_MIB << 20;
    fast.engine = CY_ENGINE_FAST;
    plain.engine = CY_ENGINE_PLAIN;
    /* the benchmark measures search, not a theorem's answer */
    fast.no_theorems = plain.no_theorems = 1;
    char *list = strdup(o->boards ? o->boards : default_boards);
    if (!list)
        return cli_fail(NULL, "out of memory");
    printf("cycles bench: median of %d runs, each in a fresh process; timeout %.0f s and --memory %.0f MiB a run; "
           "fast engine with %d thread(s)%s%s%s%s%s%s%s%s%s%s\n\n",
           runs, fast.timeout, (double)fast.memory / 1048576.0, fast.threads ? fast.threads : cy_cpu_cores(),
           fast.no_bitboard ? ", --no-bitboard" : "", fast.no_decompose ? ", --no-decompose" : "",
           fast.no_canon ? ", --no-canon" : "", fast.no_plane_keys ? ", --no-plane-keys" : "",
           fast.no_outcome_search ? ", --no-outcome-search" : "", fast.no_rounds ? ", --no-rounds" : "",
           fast.no_mirrors ? ", --no-mirrors" : "", fast.search == CY_SEARCH_DFPN ? ", --search dfpn" : "",
           fast.grundy_method == CY_GRUNDY_ROUNDS ? ", --grundy-method rounds" : "",
           o->no_baseline ? ", no plain baseline" : "");
    printf("| board | edges | grundy | winner | fast s | positions | positions/s | table hits | peak MiB "
           "| 1 thread s | threads speed-up | solve s | solve --no-replies s | replies cost "
           "| winner rounds s | winner dfpn s | dfpn s "
           "| plain s | plain positions | plain peak MiB | speed-up | most memory MiB |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    fflush(stdout);
    cy_solver_opts one = fast, rounds = fast, dfpn = fast;
    one.threads = 1;
    rounds.search = CY_SEARCH_ROUNDS;
    dfpn.search = CY_SEARCH_DFPN;
    int rc = 0;
    cli_catch_interrupts(); /* an interrupt ends the runs; the rows written stay whole */
    for (char *spec = strtok(list, " ;"); spec && !cli_interrupted(); spec = strtok(NULL, " ;")) {
        cy_game_source src = {.from = CY_GAME_FROM_SPEC, .spec = spec, .board_only = 1};
        cy_game g;
        cy_game_error ge;
        if (cy_game_load(&src, &g, &ge) < 0) {
            rc = cli_fail(spec, "%s", ge.err.msg);
            continue;
        }
        cy_board *b = g.board;
        g.board = NULL;
        cy_game_free(&g);
        run f = {0}, p = {0}, t1 = {0}, sv = {0}, nr = {0}, wr = {0}, wd = {0}, vd = {0};
        int nf = measure(b, &fast, MEASURE_VALUE, runs, &f);
        /* what does not finish with every technique does not finish
         * without: the other columns of such a board are not tried */
        int n1 = nf ? measure(b, &one, MEASURE_VALUE, runs, &t1) : 0;
        int ns = nf ? measure(b, &fast, MEASURE_SOLVE, runs, &sv) : 0;
        int nn = nf ? measure(b, &fast, MEASURE_SOLVE_NO_REPLIES, runs, &nr) : 0;
        /* who wins costs less than the value: tried on every board */
        int nwr = measure(b, &rounds, MEASURE_WINS, runs, &wr);
        int nwd = measure(b, &dfpn, MEASURE_WINS, runs, &wd);
        int nvd = nf ? measure(b, &dfpn, MEASURE_VALUE, runs, &vd) : 0;
        int try_plain = !o->no_baseline && b->ne <= PLAIN_MAX_EDGES;
        int np = try_plain ? measure(b, &plain, MEASURE_VALUE, runs, &p) : 0;
        if (cli_interrupted()) {
            cy_board_free(b); /* its runs were cut short: no row */
            break;
        }
        char a[32], c[32], d[32], e[32];
        printf("| %s | %d ", spec, b->ne);
        if (nf)
            printf("| %d | %d | %.4f | %s | %s | %s | %.0f ", f.grundy, f.grundy ? 1 : 2, f.seconds,
                   human((double)f.positions, a, sizeof a),
                   human(f.seconds > 0 ? (double)f.positions / f.seconds : 0, c, sizeof c),
                   human((double)f.hits, d, sizeof d), f.peak_mib);
        else
            printf("| ? | ? | > %.0f | | | | ", fast.timeout);
        if (n1)
            printf("| %.4f | %.2fx ", t1.seconds, f.seconds > 0 ? t1.seconds / f.seconds : 1.0);
        else
            printf(nf ? "| > %.0f | " : "| | ", fast.timeout);
        if (ns)
            printf("| %.4f ", sv.seconds);
        else
            printf(nf ? "| > %.0f " : "| ", fast.timeout);
        if (nn)
            printf("| %.4f ", nr.seconds);
        else
            printf(nf ? "| > %.0f " : "| ", fast.timeout);
        if (ns && nn)
            printf("| %.2fx ", nr.seconds > 0 ? sv.seconds / nr.seconds : 1.0);
        else
            printf("| ");
        if (nwr)
            printf("| %.4f ", wr.seconds);
        else
            printf("| > %.0f ", fast.timeout);
        if (nwd)
            printf("| %.4f ", wd.seconds);
        else
            printf("| > %.0f ", fast.timeout);
        if (nvd)
            printf("| %.4f ", vd.seconds);
        else
            printf(nf ? "| > %.0f " : "| ", fast.timeout);
        if (np)
            printf("| %.4f | %s | %.0f ", p.seconds, human((double)p.positions, e, sizeof e), p.peak_mib);
        else if (!try_plain)
            printf("| | | ");
        else
            printf("| > %.0f | | ", plain.timeout);
        if (nf && np)
            printf("| %.1fx ", f.seconds > 0 ? p.seconds / f.seconds : INFINITY);
        else if (!try_plain)
            printf("| ");
        else if (nf)
            printf("| > %.0fx ", f.seconds > 0 ? plain.timeout / f.seconds : INFINITY);
        else
            printf("| ");
        /* the bound of --memory holds for every run, finished or not,
         * give or take a tenth (issue 10) */
        double most = 0;
        const run *all[] = {&f, &p, &t1, &sv, &nr, &wr, &wd, &vd};
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (all[i]->peak_mib > most)
                most = all[i]->peak_mib;
        double bound = (double)fast.memory / 1048576.0;
        printf("| %.0f%s |\n", most, most > 1.1 * bound ? " (over the bound)" : "");
        if (most > 1.1 * bound)
            rc = cli_fail(spec, "a run used %.0f MiB, over the --memory bound of %.0f MiB", most, bound);
        if (nf && np && f.grundy != p.grundy)
            rc = cli_fail(spec, "the engines disagree: fast %d, plain %d", f.grundy, p.grundy);
        if ((nwr && nwd && wr.grundy != wd.grundy) || (nf && nwr && (f.grundy != 0) != wr.grundy) ||
            (nf && nvd && f.grundy != vd.grundy))
            rc = cli_fail(spec, "the searches disagree: rounds and df-pn");
        fflush(stdout);
        cy_board_free(b);
    }
    free(list);
    if (cli_interrupted()) {
        char why[64];
        cli_fail("bench", "%s; the rows written are the boards measured whole, the others are left out",
                 cli_stop_reason("interrupted", why, sizeof why));
        return 2;
    }
    return rc;
}
