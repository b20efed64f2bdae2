/*
 * plan.c - what a census of more edges would cost (issue 11), measured
 * stratum by stratum.
 *
 * A stratum is an edge count E and a vertex count n.  nauty lists its
 * connected planar graphs (geng -c | planarg, as the census enumerates
 * them), which are counted exactly; a uniform random sample of K of them
 * (reservoir sampling over nauty's list, seeded, so the plan is
 * repeatable) is enumerated board by board as the census would, and J
 * boards of each sampled graph (chosen uniformly, Knuth's selection
 * sampling) are made into census rows: invariants, symmetry, the solve and
 * the JSON, on one table all the plan's boards share, as a run shares its
 * table.  A sampled graph i with b_i boards then costs
 *     c_i = (CPU of enumerating its boards) + b_i * (mean CPU of its rows),
 * and the stratum's N graphs N * mean(b_i) boards and N * mean(c_i) CPU
 * seconds; the standard errors are those of a sample of k graphs drawn
 * without replacement from N.  With K >= N and J = 0 (all boards) the
 * board counts are exact: the census's own.  Not counted: SQLite (well
 * under 1 % of a 13-edge run's profile) and nauty's processes during a run
 * (the plan reports what they took to count the graphs).
 */
#include "census.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* splitmix64: the plan's random numbers, from a seed. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A uniform number in [0, n), n > 0. */
static uint64_t below(uint64_t *state, uint64_t n)
{
    return next_random(state) % n;
}

/* CPU seconds of the waited-for child processes (nauty's tools). */
static double children_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec * 1e-6;
}

/* Counting one stratum's graphs with a reservoir of k of them. */
typedef struct reservoir {
    int64_t seen;
    int k;
    char **keep;
    uint64_t *rng;
    const census_plan_opts *o;
    int edges, vertices;
    double start, last; /* when the count began; the last progress line */
} reservoir;

static void say(const census_plan_opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Counts one graph and keeps it in the reservoir with the right chance;
 * every 4096 graphs looks at the clock for a progress line every 10 s. */
static int reservoir_add(char *g6, void *ctx)
{
    reservoir *r = ctx;
    int64_t i = r->seen++;
    if ((i & 4095) == 4095) {
        double now = census_now();
        if (now - r->last > 10) {
            r->last = now;
            say(r->o, "%d edges, %d vertices: %lld graphs counted so far, %.0f s", r->edges, r->vertices,
                (long long)r->seen, now - r->start);
        }
    }
    int64_t slot = i < r->k ? i : (int64_t)below(r->rng, (uint64_t)r->seen);
    if (slot < r->k) {
        char *copy = strdup(g6);
        if (!copy)
            abort();
        free(r->keep[slot]);
        r->keep[slot] = copy;
    }
    return 0;
}

/* One sampled graph's boards: counted (pass 1), then J of them made rows. */
typedef struct graph_sample {
    const census_plan_opts *o;
    int64_t boards;      /* pass 1: its boards */
    int64_t index, want; /* pass 2: boards passed, rows still wanted */
    uint64_t *rng;
    int rows, timeouts;
    double row_cpu; /* CPU of the rows made */
    cy_error *err;
} graph_sample;

static int count_board(const census_item *it, void *ctx)
{
    (void)it;
    ((graph_sample *)ctx)->boards++;
    return 0;
}

/* Selection sampling: board t of b is taken with probability want / (b - t). */
static int row_board(const census_item *it, void *ctx)
{
    graph_sample *g = ctx;
    int64_t left = g->boards - g->index++;
    if (g->want <= 0 || (int64_t)below(g->rng, (uint64_t)left) >= g->want)
        return 0;
    g->want--;
    census_row r;
    double t0 = census_cpu();
    if (census_board_row(it->board, it->graph6, it->code, 0, &g->o->solve, &r, g->err) < 0)
        return -1;
    g->row_cpu += census_cpu() - t0;
    g->rows++;
    g->timeouts += r.status != CY_CENSUS_SOLVED;
    census_row_free(&r);
    return 0;
}

/* Progress of the plan on stderr (unless quiet). */
static void say(const census_plan_opts *o, const char *fmt, ...)
{
    if (o->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("census plan: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Measures stratum (row->edges, row->vertices) into row. */
static int plan_stratum(const census_plan_opts *o, census_plan_row *row, cy_error *err)
{
    int E = row->edges, n = row->vertices;
    uint64_t rng = o->seed ^ ((uint64_t)E << 32 | (uint64_t)n) * UINT64_C(0x2545F4914F6CDD1D);
    reservoir res = {0, o->samples, NULL, &rng, o, E, n, census_now(), census_now()};
    if (o->samples > 0 && !(res.keep = calloc((size_t)o->samples, sizeof(char *))))
        return cy_error_set(err, "out of memory");
    say(o, "%d edges, %d vertices: counting the connected planar graphs (nauty-geng | nauty-planarg)", E, n);
    double c0 = children_cpu(), t0 = census_now();
    int late;
    int rc = census_each_planar_graph(E, n, reservoir_add, &res, o->count_timeout, &late, err);
    if (rc == 0 && late) {
        for (int i = 0; i < o->samples; i++)
            free(res.keep[i]);
        free(res.keep);
        return cy_error_set(err,
                            "counting the connected planar graphs of %d edges and %d vertices took more than "
                            "--count-timeout %g s (%lld counted by then); give it more time or plan fewer edges",
                            E, n, o->count_timeout, (long long)res.seen);
    }
    row->graphs = res.seen;
    row->nauty_seconds = children_cpu() - c0;
    int k = res.seen < o->samples ? (int)res.seen : o->samples;
    say(o, "%d edges, %d vertices: %lld connected planar graphs (nauty: %.1f CPU s)%s", E, n, (long long)res.seen,
        row->nauty_seconds, rc == 0 && k ? ", sampling" : "");
    double sum_b = 0, sum_bb = 0, sum_c = 0, sum_cc = 0, last = census_now(), cpu0 = census_cpu();
    for (int i = 0; rc == 0 && i < k; i++) {
        graph_sample g = {o, 0, 0, 0, &rng, 0, 0, 0, err};
        double e0 = census_cpu();
        rc = census_graph_boards(res.keep[i], count_board, &g, err);
        double enum_cpu = census_cpu() - e0;
        g.want = o->boards > 0 && o->boards < g.boards ? o->boards : g.boards;
        if (rc == 0)
            rc = census_graph_boards(res.keep[i], row_board, &g, err);
        if (rc != 0)
            break;
        double c = enum_cpu + (g.rows ? (double)g.boards * g.row_cpu / g.rows : 0);
        sum_b += (double)g.boards;
        sum_bb += (double)g.boards * (double)g.boards;
        sum_c += c;
        sum_cc += c * c;
        row->sample_boards += g.boards;
        row->solved += g.rows;
        row->timeouts += g.timeouts;
        if (census_now() - last > 10) {
            last = census_now();
            say(o, "%d edges, %d vertices: %d of %d sampled graphs, %d boards solved, %.0f s", E, n, i + 1, k,
                row->solved, last - t0);
        }
    }
    for (int i = 0; i < o->samples; i++)
        free(res.keep ? res.keep[i] : NULL);
    free(res.keep);
    if (rc != 0)
        return rc < 0 ? -1 : cy_error_set(err, "the plan stopped");
    row->sampled = k;
    row->plan_seconds = census_cpu() - cpu0;
    if (k > 0) {
        double N = (double)row->graphs, fpc = 1 - k / N;
        row->boards = N * sum_b / k;
        row->cpu_seconds = N * sum_c / k;
        if (k > 1) {
            double vb = (sum_bb - sum_b * sum_b / k) / (k - 1), vc = (sum_cc - sum_c * sum_c / k) / (k - 1);
            row->boards_se = N * sqrt(fmax(vb, 0) / k * fpc);
            row->cpu_se = N * sqrt(fmax(vc, 0) / k * fpc);
        }
        say(o, "%d edges, %d vertices: about %.0f boards, %.2f CPU hours (%d rows in %.1f CPU s)", E, n, row->boards,
            row->cpu_seconds / 3600, row->solved, row->plan_seconds);
    }
    return 0;
}

int census_plan(const census_plan_opts *oin, census_plan_row **rows, int *nrows, cy_error *err)
{
    *rows = NULL;
    *nrows = 0;
    if (oin->lo < 1 || oin->hi < oin->lo)
        return cy_error_set(err, "the edge counts must be a range A..B with 1 <= A <= B");
    if (oin->hi > CY_CENSUS_MAX_EDGES)
        return cy_error_set(err, "the number of edges must be from 1 to %d, not %d", CY_CENSUS_MAX_EDGES, oin->hi);
    census_plan_opts o = *oin;
    cy_table *mine = NULL;
    if (o.samples > 0 && !o.solve.table) {
        if (!(mine = cy_table_new(o.solve.memory ? o.solve.memory : (size_t)CY_CENSUS_MEMORY_MIB << 20, err)))
            return -1;
        o.solve.table = mine;
    }
    int cap = 0, rc = 0;
    for (int E = o.lo; E <= o.hi && rc == 0; E++)
        for (int n = 2; n <= E + 1 && rc == 0; n++) {
            if (!census_vertices_possible(E, n) || (o.vhi && (n < o.vlo || n > o.vhi)))
                continue;
            if (*nrows == cap) {
                cap = cap ? 2 * cap : 16;
                census_plan_row *r = realloc(*rows, sizeof *r * (size_t)cap);
                if (!r) {
                    rc = cy_error_set(err, "out of memory");
                    break;
                }
                *rows = r;
            }
            census_plan_row *r = &(*rows)[*nrows];
            memset(r, 0, sizeof *r);
            r->edges = E;
            r->vertices = n;
            rc = plan_stratum(&o, r, err);
            if (rc == 0)
                (*nrows)++;
        }
    cy_table_free(mine);
    if (rc != 0) {
        free(*rows);
        *rows = NULL;
        *nrows = 0;
        return -1;
    }
    return 0;
}

/* The sum of the rows of one edge count, as a row (vertices 0). */
static census_plan_row edge_total(const census_plan_row *rows, int n, int edges)
{
    census_plan_row t;
    memset(&t, 0, sizeof t);
    t.edges = edges;
    double vb = 0, vc = 0;
    for (int i = 0; i < n; i++) {
        if (rows[i].edges != edges)
            continue;
        t.graphs += rows[i].graphs;
        t.sampled += rows[i].sampled;
        t.sample_boards += rows[i].sample_boards;
        t.solved += rows[i].solved;
        t.timeouts += rows[i].timeouts;
        t.boards += rows[i].boards;
        t.cpu_seconds += rows[i].cpu_seconds;
        t.nauty_seconds += rows[i].nauty_seconds;
        t.plan_seconds += rows[i].plan_seconds;
        vb += rows[i].boards_se * rows[i].boards_se;
        vc += rows[i].cpu_se * rows[i].cpu_se;
    }
    t.boards_se = sqrt(vb);
    t.cpu_se = sqrt(vc);
    return t;
}

/* One row as JSON (vertices left out of a total). */
static json_t *row_json(const census_plan_row *r)
{
    json_t *j = json_object();
    json_object_set_new(j, "edges", json_integer(r->edges));
    if (r->vertices)
        json_object_set_new(j, "vertices", json_integer(r->vertices));
    json_object_set_new(j, "graphs", json_integer(r->graphs));
    json_object_set_new(j, "nauty_cpu_seconds", json_real(r->nauty_seconds));
    json_object_set_new(j, "sampled_graphs", json_integer(r->sampled));
    if (r->sampled) {
        json_object_set_new(j, "sampled_boards", json_integer(r->sample_boards));
        json_object_set_new(j, "solved_boards", json_integer(r->solved));
        json_object_set_new(j, "out_of_time", json_integer(r->timeouts));
        json_object_set_new(j, "boards", json_real(r->boards));
        json_object_set_new(j, "boards_se", json_real(r->boards_se));
        json_object_set_new(j, "cpu_seconds", json_real(r->cpu_seconds));
        json_object_set_new(j, "cpu_seconds_se", json_real(r->cpu_se));
        json_object_set_new(j, "cpu_ms_per_board", json_real(r->boards > 0 ? 1000 * r->cpu_seconds / r->boards : 0));
        json_object_set_new(j, "plan_cpu_seconds", json_real(r->plan_seconds));
    }
    return j;
}

/* A count with thousands separators ("1,234,567"), rounded, into buf[32]. */
static const char *grouped(double v, char *buf)
{
    char raw[32];
    snprintf(raw, sizeof raw, "%.0f", v);
    int len = (int)strlen(raw), k = 0;
    for (int i = 0; i < len; i++) {
        buf[k++] = raw[i];
        if (raw[i] != '-' && (len - 1 - i) % 3 == 0 && i < len - 1)
            buf[k++] = ',';
    }
    buf[k] = 0;
    return buf;
}

/* CPU hours with a precision that suits them. */
static void hours(census_buf *b, double seconds)
{
    double h = seconds / 3600;
    census_printf(b, h >= 100 ? "%.0f" : h >= 1 ? "%.1f" : h >= 0.01 ? "%.2f" : "%.4f", h);
}

/* One markdown row (a total when r->vertices is 0). */
static void row_text(census_buf *b, const census_plan_row *r)
{
    char g[32], x[32];
    if (r->vertices)
        census_printf(b, "| %d | %d | %s | %.1f |", r->edges, r->vertices, grouped((double)r->graphs, g),
                      r->nauty_seconds);
    else
        census_printf(b, "| **%d** | all | **%s** | %.1f |", r->edges, grouped((double)r->graphs, g), r->nauty_seconds);
    if (!r->sampled) {
        census_printf(b, " 0 | | | | | | |\n");
        return;
    }
    census_printf(b, " %d | %.1f | %s ± %.0f %% | %.3f | ", r->sampled, r->boards / (r->graphs ? r->graphs : 1),
                  grouped(r->boards, x), r->boards > 0 ? 100 * r->boards_se / r->boards : 0.0,
                  r->boards > 0 ? 1000 * r->cpu_seconds / r->boards : 0.0);
    hours(b, r->cpu_seconds);
    census_printf(b, " ± %.0f %% | %d | %d |\n", r->cpu_seconds > 0 ? 100 * r->cpu_se / r->cpu_seconds : 0.0, r->solved,
                  r->timeouts);
}

char *census_plan_format(const census_plan_row *rows, int n, int json_out)
{
    if (json_out) {
        json_t *strata = json_array(), *totals = json_array();
        for (int i = 0; i < n; i++) {
            json_array_append_new(strata, row_json(&rows[i]));
            if (i == n - 1 || rows[i + 1].edges != rows[i].edges) {
                census_plan_row t = edge_total(rows, n, rows[i].edges);
                json_array_append_new(totals, row_json(&t));
            }
        }
        json_t *j = json_pack("{s:o, s:o}", "strata", strata, "totals", totals);
        char *s = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
        json_decref(j);
        size_t len = strlen(s);
        char *out = malloc(len + 2);
        if (!out)
            abort();
        memcpy(out, s, len);
        out[len] = '\n';
        out[len + 1] = 0;
        free(s);
        return out;
    }
    census_buf b = {0};
    census_printf(&b, "| edges | vertices | connected planar graphs | nauty CPU s | graphs sampled | boards per graph"
                      " | boards | CPU ms per board | CPU hours | rows solved | out of time |\n"
                      "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        row_text(&b, &rows[i]);
        if (i == n - 1 || rows[i + 1].edges != rows[i].edges) {
            census_plan_row t = edge_total(rows, n, rows[i].edges);
            row_text(&b, &t);
        }
    }
    return b.s;
}
